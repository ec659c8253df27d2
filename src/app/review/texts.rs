//! The review tab's sentences in the three languages: errors with file, line and column,
//! what an edit or a deletion did, what undo and redo will do.

use std::path::Path;

use crate::i18n::Lang;
use crate::review::{EditKind, InfoField, Removed, ReviewError};

/// "1 move" / "183 moves"; Chinese has no plural.
fn count(n: usize, zh: &str, one: &str, many: &str, lang: Lang) -> String {
    match lang {
        Lang::En if n == 1 => format!("1 {one}"),
        Lang::En => format!("{n} {many}"),
        _ => format!("{n} {zh}"),
    }
}

/// What a deletion removes: "183 moves and 3 variations" / "183 手和 3 个变化".
pub fn removed_text(r: &Removed, lang: Lang) -> String {
    let moves = count(r.moves, "手", "move", "moves", lang);
    let others = r.nodes - r.moves;
    let mut parts = vec![moves];
    if r.variations > 0 {
        let zh = lang.pick("个变化", "個變化", "");
        parts.push(count(r.variations, zh, "variation", "variations", lang));
    }
    if others > 0 {
        let zh = lang.pick("个无着手的节点", "個無著手的節點", "");
        parts.push(count(
            others,
            zh,
            "node without a move",
            "nodes without a move",
            lang,
        ));
    }
    let and = lang.pick("，", "，", " and ");
    let comma = lang.pick("，", "，", ", ");
    match parts.len() {
        1 => parts.remove(0),
        _ => {
            let last = parts.pop().unwrap_or_default();
            format!("{}{and}{last}", parts.join(comma))
        }
    }
}

/// The name of an edit, for "Undo: …".
pub fn edit_text(kind: &EditKind, lang: Lang) -> String {
    match kind {
        EditKind::Move => lang.pick("落子", "落子", "move").into(),
        EditKind::Delete(r) => format!(
            "{}{}",
            lang.pick("删除 ", "刪除 ", "deleting "),
            removed_text(r, lang)
        ),
        EditKind::Promote => lang
            .pick("设为主分支", "設為主分支", "promoting to the main line")
            .into(),
        EditKind::Setup => lang.pick("摆子", "擺子", "setup stones").into(),
        EditKind::Markup => lang.pick("标记", "標記", "marks").into(),
        EditKind::Comment => lang.pick("评论", "評論", "comment").into(),
        EditKind::Annotation => lang.pick("评注", "評注", "annotation").into(),
        EditKind::GameInfo(id) => {
            let name = InfoField::ALL
                .iter()
                .find(|f| f.property() == *id)
                .map_or(*id, |f| f.name(lang));
            format!(
                "{}{name}",
                lang.pick("对局信息：", "對局資訊：", "game information: ")
            )
        }
    }
}

/// "Undone: deleting 183 moves" after an undo.
pub fn undone(kind: &EditKind, lang: Lang) -> String {
    format!(
        "{}{}",
        lang.pick("已撤销：", "已復原：", "Undone: "),
        edit_text(kind, lang)
    )
}

/// "Redone: …" after a redo.
pub fn redone(kind: &EditKind, lang: Lang) -> String {
    format!(
        "{}{}",
        lang.pick("已重做：", "已重做：", "Redone: "),
        edit_text(kind, lang)
    )
}

/// When Ctrl+Z finds nothing.
pub fn nothing_to_undo(lang: Lang) -> &'static str {
    lang.pick("没有可撤销的修改", "沒有可復原的修改", "Nothing to undo")
}

/// When Ctrl+Shift+Z finds nothing.
pub fn nothing_to_redo(lang: Lang) -> &'static str {
    lang.pick("没有可重做的修改", "沒有可重做的修改", "Nothing to redo")
}

/// After a deletion: what went, and how to get it back.
pub fn deleted(r: &Removed, lang: Lang) -> String {
    lang.pick(
        format!("已删除{}。按 Ctrl+Z 撤销。", removed_text(r, lang)),
        format!("已刪除{}。按 Ctrl+Z 復原。", removed_text(r, lang)),
        format!("Deleted {}. Ctrl+Z undoes it.", removed_text(r, lang)),
    )
}

/// The question before a deletion of more than one node.
pub fn delete_question(r: &Removed, lang: Lang) -> String {
    lang.pick(
        format!("删除这一手及其后的全部内容：{}？", removed_text(r, lang)),
        format!("刪除這一手及其後的全部內容：{}？", removed_text(r, lang)),
        format!(
            "Delete this move and everything after it: {}?",
            removed_text(r, lang)
        ),
    )
}

/// After "Clear all marks".
pub fn marks_cleared(n: usize, lang: Lang) -> String {
    lang.pick(
        format!("已清除 {n} 个标记。按 Ctrl+Z 撤销。"),
        format!("已清除 {n} 個標記。按 Ctrl+Z 復原。"),
        if n == 1 {
            "Cleared 1 mark. Ctrl+Z undoes it.".to_string()
        } else {
            format!("Cleared {n} marks. Ctrl+Z undoes it.")
        },
    )
}

/// A file that opened with repairs: how many, in which file.
pub fn opened_with_repairs(path: Option<&Path>, n: usize, lang: Lang) -> String {
    let name = super::state::record_name(path, lang);
    lang.pick(
        format!("{name} 已打开，读取时修复了 {n} 处问题（见下）。"),
        format!("{name} 已打開，讀取時修復了 {n} 處問題（見下）。"),
        if n == 1 {
            format!("{name} opened with 1 repair (see below).")
        } else {
            format!("{name} opened with {n} repairs (see below).")
        },
    )
}

/// A file that could not be read or written.
pub fn file_failed(path: &Path, why: &str, lang: Lang) -> String {
    lang.pick(
        format!("无法读写 {}：{why}", path.display()),
        format!("無法讀寫 {}：{why}", path.display()),
        format!("Cannot read or write {}: {why}", path.display()),
    )
}

/// A file that could not be opened as a record, with where it failed.
pub fn cannot_open(path: Option<&Path>, e: &ReviewError, lang: Lang) -> String {
    let file = path.map_or_else(String::new, |p| p.display().to_string());
    lang.pick(
        format!("无法打开 {file}：{}", error_text(e, lang)),
        format!("無法打開 {file}：{}", error_text(e, lang)),
        format!("Cannot open {file}: {}", error_text(e, lang)),
    )
}

/// An error in the interface language.
pub fn error_text(e: &ReviewError, lang: Lang) -> String {
    match (e, lang) {
        (ReviewError::Syntax(s), _) => crate::i18n::sgf_error_text(s, lang),
        (_, Lang::En) => e.to_string(),
        (ReviewError::NoGame(i), _) => lang.pick(
            format!("文件中没有第 {} 局", i + 1),
            format!("檔案中沒有第 {} 局", i + 1),
            String::new(),
        ),
        (ReviewError::Illegal(m), Lang::ZhHans) => m.zh_hans().to_string(),
        (ReviewError::Illegal(m), _) => m.zh_hant().to_string(),
        (ReviewError::RootCannotBeDeleted, _) => lang
            .pick(
                "第一个节点保存对局信息，不能删除",
                "第一個節點保存對局資訊，不能刪除",
                "",
            )
            .into(),
        (ReviewError::Setup(r), _) => format!(
            "{}（{r}）",
            lang.pick("摆子无效：棋子没有气", "擺子無效：棋子沒有氣", "")
        ),
        (ReviewError::SamePoint, _) => lang
            .pick(
                "箭头或连线需要两个不同的点",
                "箭頭或連線需要兩個不同的點",
                "",
            )
            .into(),
        (ReviewError::NoSuchMove(n), _) => lang.pick(
            format!("这一分支没有第 {n} 手"),
            format!("這一分支沒有第 {n} 手"),
            String::new(),
        ),
        (ReviewError::Info(i), _) => i.text(lang).into(),
        (ReviewError::Replay(r), _) => format!(
            "{}（{r}）",
            lang.pick("无法摆出这局棋", "無法擺出這局棋", "")
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// (removed, language, expected text).
    #[test]
    fn deletions_say_what_they_remove_in_three_languages() {
        let cases: &[(Removed, Lang, &str)] = &[
            (
                Removed {
                    nodes: 1,
                    moves: 1,
                    variations: 0,
                },
                Lang::En,
                "1 move",
            ),
            (
                Removed {
                    nodes: 183,
                    moves: 183,
                    variations: 3,
                },
                Lang::En,
                "183 moves and 3 variations",
            ),
            (
                Removed {
                    nodes: 184,
                    moves: 183,
                    variations: 1,
                },
                Lang::En,
                "183 moves, 1 variation and 1 node without a move",
            ),
            (
                Removed {
                    nodes: 183,
                    moves: 183,
                    variations: 3,
                },
                Lang::ZhHans,
                "183 手，3 个变化",
            ),
            (
                Removed {
                    nodes: 183,
                    moves: 183,
                    variations: 3,
                },
                Lang::ZhHant,
                "183 手，3 個變化",
            ),
        ];
        for (removed, lang, expected) in cases {
            assert_eq!(removed_text(removed, *lang), *expected);
        }
    }

    #[test]
    fn every_error_has_a_chinese_text() {
        let errors = [
            ReviewError::NoGame(2),
            ReviewError::RootCannotBeDeleted,
            ReviewError::SamePoint,
            ReviewError::NoSuchMove(5),
            ReviewError::Info(crate::review::InfoError::Komi),
            ReviewError::Syntax(crate::record::SgfError {
                pos: crate::record::Pos { line: 3, column: 7 },
                expected: crate::record::Expected::GameTree,
            }),
        ];
        for e in errors {
            for lang in [Lang::ZhHans, Lang::ZhHant] {
                let text = error_text(&e, lang);
                assert!(!text.is_empty(), "{e:?}");
                assert!(!text.is_ascii(), "{e:?} untranslated: {text}");
            }
        }
        let syntax = error_text(
            &ReviewError::Syntax(crate::record::SgfError {
                pos: crate::record::Pos { line: 3, column: 7 },
                expected: crate::record::Expected::GameTree,
            }),
            Lang::ZhHans,
        );
        assert!(syntax.contains('3') && syntax.contains('7'), "{syntax}");
    }
}
