//! What the record layer reports, in the three languages: the repairs made while reading a file
//! ([`Repair`], [`Warning`]), why a file could not be read ([`SgfError`]) or replayed
//! ([`ReplayError`], [`RulesError`]), and why a recorded move was illegal ([`IllegalMove`]).
//!
//! The record layer keeps these typed; the texts live here, the three languages side by side so
//! that a translator sees each message whole. English is also what `Display` gives, so the
//! command line (which speaks English unless `--lang` is given) and the app share one wording.
//! SGF identifiers, values and charset names are kept as written in every language: they are
//! what a user searches the file for.

use crate::record::{Expected, Pos, Repair, ReplayError, SgfError, Warning};
use crate::rules::{IllegalMove, MAX_SIZE, MIN_SIZE, RulesError};

use super::Lang;

/// A place in a file: "line 3, column 7", "第3行第5列".
pub fn pos_text(pos: Pos, lang: Lang) -> String {
    let (line, column) = (pos.line, pos.column);
    match lang {
        Lang::ZhHans => format!("第{line}行第{column}列"),
        Lang::ZhHant => format!("第{line}行第{column}欄"),
        Lang::En => format!("line {line}, column {column}"),
    }
}

/// A warning with its place first, when it has one.
pub fn warning_text(warning: &Warning, lang: Lang) -> String {
    let text = repair_text(&warning.repair, lang);
    match warning.pos {
        Some(pos) => format!("{}{}{text}", pos_text(pos, lang), colon(lang)),
        None => text,
    }
}

fn colon(lang: Lang) -> &'static str {
    lang.pick("：", "：", ": ")
}

/// Why a file could not be read, with the place.
pub fn sgf_error_text(error: &SgfError, lang: Lang) -> String {
    let what = match (error.expected, lang) {
        (Expected::GameTreeInEmptyFile, Lang::ZhHans) => "应为 SGF 棋谱“(;”，但文件是空的",
        (Expected::GameTreeInEmptyFile, Lang::ZhHant) => "應為 SGF 棋譜「(;」，但檔案是空的",
        (Expected::GameTreeInEmptyFile, Lang::En) => {
            "expected an SGF game tree '(;', but the file is empty"
        }
        (Expected::GameTree, Lang::ZhHans) => "应为以“(;”开始的 SGF 棋谱",
        (Expected::GameTree, Lang::ZhHant) => "應為以「(;」開始的 SGF 棋譜",
        (Expected::GameTree, Lang::En) => "expected an SGF game tree starting with '(;'",
    };
    format!("{}{}{what}", pos_text(error.pos, lang), colon(lang))
}

/// Why a game of a file could not be replayed.
pub fn replay_error_text(error: &ReplayError, lang: Lang) -> String {
    match error {
        ReplayError::BadSize(raw) => lang.pick(
            format!("棋盘大小 SZ[{raw}] 无法对局（仅限 {MIN_SIZE} 至 {MAX_SIZE} 路的正方形棋盘）"),
            format!("棋盤大小 SZ[{raw}] 無法對局（僅限 {MIN_SIZE} 至 {MAX_SIZE} 路的正方形棋盤）"),
            format!(
                "board size SZ[{raw}] cannot be played (square boards of {MIN_SIZE} to {MAX_SIZE} lines only)"
            ),
        ),
        ReplayError::Rules(e) => rules_error_text(e, lang),
    }
}

/// Why the rules refused a board size, a setup or a handicap.
pub fn rules_error_text(error: &RulesError, lang: Lang) -> String {
    if lang == Lang::En {
        return error.to_string();
    }
    let hans = lang == Lang::ZhHans;
    let pick = |zh_hans: String, zh_hant: String| if hans { zh_hans } else { zh_hant };
    match error {
        RulesError::BadSize(s) => pick(
            format!("不支持 {s} 路棋盘（{MIN_SIZE} 至 {MAX_SIZE} 路）"),
            format!("不支援 {s} 路棋盤（{MIN_SIZE} 至 {MAX_SIZE} 路）"),
        ),
        RulesError::NotEmpty => pick("让子须放在空棋盘上".into(), "讓子須放在空棋盤上".into()),
        RulesError::BadHandicap(n) => {
            pick(format!("此处不能让 {n} 子"), format!("此處不能讓 {n} 子"))
        }
        RulesError::OffBoard => pick("点不在棋盘上".into(), "點不在棋盤上".into()),
        RulesError::DuplicatePoint(c) => {
            pick(format!("点 {c} 给了两次"), format!("點 {c} 給了兩次"))
        }
        RulesError::NoLiberties(c) => pick(
            format!("{c} 处的棋块将没有气"),
            format!("{c} 處的棋塊將沒有氣"),
        ),
        RulesError::BadDiagram(why) => {
            pick(format!("棋盘图无效：{why}"), format!("棋盤圖無效：{why}"))
        }
    }
}

/// Why a move is illegal, naming the article.
pub fn illegal_move_text(reason: IllegalMove, lang: Lang) -> String {
    match lang {
        Lang::ZhHans => reason.zh_hans(),
        Lang::ZhHant => reason.zh_hant(),
        Lang::En => reason.to_string(),
    }
}

/// What a repair did, without its place.
pub fn repair_text(repair: &Repair, lang: Lang) -> String {
    use Repair as R;
    let l = lang;
    match repair {
        R::InvalidBytes { charset } => l.pick(
            format!("不符合 {charset} 编码的字节已替换为 U+FFFD"),
            format!("不符合 {charset} 編碼的位元組已替換為 U+FFFD"),
            format!("bytes that are not {charset} replaced by U+FFFD"),
        ),
        R::Utf16WithoutBom { charset } => l.pick(
            format!("检测到没有字节顺序标记（BOM）的 {charset}"),
            format!("偵測到沒有位元組順序記號（BOM）的 {charset}"),
            format!("{charset} without byte-order mark detected"),
        ),
        R::UnknownCharset { label } => l.pick(
            format!("未知字符集 CA[{label}]"),
            format!("未知字元集 CA[{label}]"),
            format!("unknown charset CA[{label}]"),
        ),
        R::DeclaredButUtf8 { declared } => l.pick(
            format!("文件声明 CA[{declared}]，实为 UTF-8；按 UTF-8 读取"),
            format!("檔案聲明 CA[{declared}]，實為 UTF-8；按 UTF-8 讀取"),
            format!("file says CA[{declared}] but is UTF-8; read as UTF-8"),
        ),
        R::CharsetGuessed {
            declared,
            used,
            guessed,
        } => {
            let why = match declared {
                Some(label) => l.pick(
                    format!("文本不是有效的 CA[{label}]"),
                    format!("文字不是有效的 CA[{label}]"),
                    format!("text is not valid CA[{label}]"),
                ),
                None => l
                    .pick(
                        "没有 CA[] 字符集且文本不是 UTF-8",
                        "沒有 CA[] 字元集且文字不是 UTF-8",
                        "no CA[] charset and the text is not UTF-8",
                    )
                    .to_string(),
            };
            let note = match guessed {
                true => l.pick("由文本推测", "由文字推測", "guessed from the text"),
                false => l.pick(
                    "没有更好的推测：ISO-8859-1（SGF 默认）",
                    "沒有更好的推測：ISO-8859-1（SGF 預設）",
                    "no better guess: ISO-8859-1 (the SGF default)",
                ),
            };
            l.pick(
                format!("{why}：按 {used} 读取（{note}）"),
                format!("{why}：按 {used} 讀取（{note}）"),
                format!("{why}: read as {used} ({note})"),
            )
        }
        R::MissingOpenParen => l
            .pick(
                "棋谱前缺少“(”，已补上",
                "棋譜前缺少「(」，已補上",
                "missing '(' before the game tree; added",
            )
            .into(),
        R::TextBeforeFirstTree => l
            .pick(
                "第一个棋谱之前的文字已忽略",
                "第一個棋譜之前的文字已忽略",
                "text before the first game tree ignored",
            )
            .into(),
        R::TextAfterTree => l
            .pick(
                "棋谱之后的文字已忽略",
                "棋譜之後的文字已忽略",
                "text after a game tree ignored",
            )
            .into(),
        R::MissingCloseParens { count } => l.pick(
            format!("文件意外结束：已补上缺少的 {count} 个“)”"),
            format!("檔案意外結束：已補上缺少的 {count} 個「)」"),
            format!("unexpected end of file: {count} missing ')' added"),
        ),
        R::EmptyVariation => l
            .pick(
                "空的变化“()”已忽略",
                "空的變化「()」已忽略",
                "empty variation '()' ignored",
            )
            .into(),
        R::ValueWithoutProperty => l
            .pick(
                "没有属性名的值已忽略",
                "沒有屬性名稱的值已忽略",
                "value without a property identifier ignored",
            )
            .into(),
        R::UnexpectedText { text } => l.pick(
            format!("意外的文字 {text:?} 已忽略"),
            format!("意外的文字 {text:?} 已忽略"),
            format!("unexpected text {text:?} ignored"),
        ),
        R::TreeWithoutNode => l
            .pick(
                "没有任何节点的棋谱已忽略",
                "沒有任何節點的棋譜已忽略",
                "game tree without any node ignored",
            )
            .into(),
        R::NodeAfterVariations => l
            .pick(
                "变化之后的节点：作为另一个变化接上",
                "變化之後的節點：作為另一個變化接上",
                "node after variations; attached as one more variation",
            )
            .into(),
        R::SecondRootNode => l
            .pick(
                "同一棋谱中的第二个根节点：作为第一个根节点的变化接上",
                "同一棋譜中的第二個根節點：作為第一個根節點的變化接上",
                "second root node in one game tree; attached as a variation of the first",
            )
            .into(),
        R::MissingSemicolon => l
            .pick(
                "属性前缺少“;”：已开始新节点",
                "屬性前缺少「;」：已開始新節點",
                "expected ';' before a property; node started",
            )
            .into(),
        R::PropertyWithoutValue { id } => l.pick(
            format!("没有值的属性 {id} 已忽略"),
            format!("沒有值的屬性 {id} 已忽略"),
            format!("property {id} without a value ignored"),
        ),
        R::PropertyRepeated { id } => l.pick(
            format!("属性 {id} 在同一节点中重复：值已合并"),
            format!("屬性 {id} 在同一節點中重複：值已合併"),
            format!("property {id} repeated in one node; values merged"),
        ),
        R::StrayValue { id } => l.pick(
            format!("游离的值已加入属性 {id}"),
            format!("游離的值已加入屬性 {id}"),
            format!("stray value added to property {id}"),
        ),
        R::PropertyNameRead { raw, id } => l.pick(
            format!("属性名 {raw} 按 {id} 读取（FF[3] 长名称或小写）"),
            format!("屬性名稱 {raw} 按 {id} 讀取（FF[3] 長名稱或小寫）"),
            format!("property name {raw} read as {id} (FF[3] long name or lower case)"),
        ),
        R::ValueNotClosed => l
            .pick(
                "值到文件结尾仍未闭合：已补上“]”",
                "值到檔案結尾仍未閉合：已補上「]」",
                "value not closed before the end of the file; ']' added",
            )
            .into(),
        R::BadSize { raw } => l.pick(
            format!("SZ[{raw}] 不是 {MIN_SIZE} 至 {MAX_SIZE} 路的正方形棋盘"),
            format!("SZ[{raw}] 不是 {MIN_SIZE} 至 {MAX_SIZE} 路的正方形棋盤"),
            format!("SZ[{raw}] is not a square board of {MIN_SIZE} to {MAX_SIZE} lines"),
        ),
        R::KomiNotANumber { raw } => l.pick(
            format!("KM[{raw}] 不是数字：不贴子"),
            format!("KM[{raw}] 不是數字：不貼子"),
            format!("KM[{raw}] is not a number; no komi"),
        ),
        R::KomiFoxHundredths { raw, komi } => {
            let points = crate::record::properties::real_value(komi.points());
            l.pick(
                format!("KM[{raw}] 按贴 {komi} 子（{points} 目）读取：野狐以百分之一子记录贴子"),
                format!("KM[{raw}] 按貼 {komi} 子（{points} 目）讀取：野狐以百分之一子記錄貼子"),
                format!(
                    "KM[{raw}] read as {komi} stones ({points} points): Fox writes komi in hundredths of stones"
                ),
            )
        }
        R::KomiInStones { raw, komi } => {
            let points = crate::record::properties::real_value(komi.points());
            l.pick(
                format!("KM[{raw}] 不是半目的整数倍：按贴 {komi} 子（{points} 目）读取"),
                format!("KM[{raw}] 不是半目的整數倍：按貼 {komi} 子（{points} 目）讀取"),
                format!(
                    "KM[{raw}] is not a whole number of half points: read as {komi} stones ({points} points)"
                ),
            )
        }
        R::KomiUnusable { raw } => l.pick(
            format!("KM[{raw}] 不是可用的贴子数：不贴子"),
            format!("KM[{raw}] 不是可用的貼子數：不貼子"),
            format!("KM[{raw}] is not a usable komi; no komi"),
        ),
        R::HandicapTooSmall { value } => l.pick(
            format!("HA[{value}] 不是让子数（FF[4] 要求至少 2 子）：按不让子读取"),
            format!("HA[{value}] 不是讓子數（FF[4] 要求至少 2 子）：按不讓子讀取"),
            format!("HA[{value}] is not a handicap (FF[4] needs 2 or more); read as no handicap"),
        ),
        R::HandicapNotANumber { raw } => l.pick(
            format!("HA[{raw}] 不是数字，已忽略"),
            format!("HA[{raw}] 不是數字，已忽略"),
            format!("HA[{raw}] is not a number; ignored"),
        ),
        R::ResultNotUnderstood { text } => l.pick(
            format!("无法理解 RE[{text}]：按原文保留"),
            format!("無法理解 RE[{text}]：按原文保留"),
            format!("RE[{text}] not understood; kept as written"),
        ),
        R::TimeNotSeconds { raw } => l.pick(
            format!("TM[{raw}] 不是秒数"),
            format!("TM[{raw}] 不是秒數"),
            format!("TM[{raw}] is not a number of seconds"),
        ),
        R::MarkNotPoint { id, raw } => l.pick(
            format!("{id}[{raw}] 不是棋盘上的点，已忽略"),
            format!("{id}[{raw}] 不是棋盤上的點，已忽略"),
            format!("{id}[{raw}] is not a point; ignored"),
        ),
        R::LabelNotPointText { raw } => l.pick(
            format!("LB[{raw}] 不是“点:文字”，已忽略"),
            format!("LB[{raw}] 不是「點:文字」，已忽略"),
            format!("LB[{raw}] is not point:text; ignored"),
        ),
        R::NotPointPair { id, raw } => l.pick(
            format!("{id}[{raw}] 不是“点:点”，已忽略"),
            format!("{id}[{raw}] 不是「點:點」，已忽略"),
            format!("{id}[{raw}] is not point:point; ignored"),
        ),
        R::SetupPointOffBoard { id, raw, size } => l.pick(
            format!("{id}[{raw}] 不是 {size} 路棋盘上的点，已忽略"),
            format!("{id}[{raw}] 不是 {size} 路棋盤上的點，已忽略"),
            format!("{id}[{raw}] is not a point on a {size}x{size} board; ignored"),
        ),
        R::HandicapCount { declared, placed } => l.pick(
            format!("HA[{declared}]，但摆了 {placed} 颗让子"),
            format!("HA[{declared}]，但擺了 {placed} 顆讓子"),
            format!("HA[{declared}] but {placed} handicap stones placed"),
        ),
        R::HandicapRefused { error } => {
            let e = rules_error_text(error, lang);
            l.pick(
                format!("让子不被接受（{e}）：按摆子放置"),
                format!("讓子不被接受（{e}）：按擺子放置"),
                format!("handicap stones not accepted ({e}); placed as setup"),
            )
        }
        R::BadPlayer { raw } => l.pick(
            format!("PL[{raw}] 不是 B 或 W，已忽略"),
            format!("PL[{raw}] 不是 B 或 W，已忽略"),
            format!("PL[{raw}] is not B or W; ignored"),
        ),
        R::BothMovesInNode => l
            .pick(
                "同一节点中既有 B 又有 W：两手都下，黑先",
                "同一節點中既有 B 又有 W：兩手都下，黑先",
                "B and W in one node: both played, Black first",
            )
            .into(),
        R::NotAMove { id, raw } => l.pick(
            format!("{id}[{raw}] 不是着手：按停一手处理"),
            format!("{id}[{raw}] 不是著手：按停一手處理"),
            format!("{id}[{raw}] is not a move; played as a pass"),
        ),
        R::SetupRefused { error } => {
            let e = rules_error_text(error, lang);
            l.pick(
                format!("摆子 AB/AW/AE 不被接受：{e}"),
                format!("擺子 AB/AW/AE 不被接受：{e}"),
                format!("setup AB/AW/AE not accepted: {e}"),
            )
        }
        R::MoveVoided {
            number,
            color,
            point,
            reason,
        } => {
            let why = illegal_move_text(*reason, lang);
            let (who, art) = match reason {
                IllegalMove::Suicide => (color, "19"),
                _ => (color, "20.1"),
            };
            let who = match who {
                crate::rules::Color::Black => l.pick("黑", "黑", "B"),
                crate::rules::Color::White => l.pick("白", "白", "W"),
            };
            l.pick(
                format!("第{number}手 {who} {point}：{why}；着手无效，按弃权一次（停一手）处理（第{art}条）"),
                format!("第{number}手 {who} {point}：{why}；著手無效，按棄權一次（停一手）處理（第{art}條）"),
                format!("move {number} {who} {point}: {why}; void, replayed as one pass (Art. {art})"),
            )
        }
        R::KomiWrittenInPoints { raw, value } => l.pick(
            format!("KM[{raw}] 改写为 KM[{value}]（目）"),
            format!("KM[{raw}] 改寫為 KM[{value}]（目）"),
            format!("KM[{raw}] written as KM[{value}] (points)"),
        ),
        R::TextsJoined { id } => l.pick(
            format!("{id}：多段文字已合并为一段"),
            format!("{id}：多段文字已合併為一段"),
            format!("{id}: several texts joined into one"),
        ),
        R::ExtraValuesDropped { id, dropped } => l.pick(
            format!("{id} 只取一个值：[{dropped}] 已删除"),
            format!("{id} 只取一個值：[{dropped}] 已刪除"),
            format!("{id} takes one value: [{dropped}] dropped"),
        ),
    }
}

/// Said when a write that must not replace a file found one there: nothing was written.
pub fn file_already_there(lang: Lang) -> &'static str {
    lang.pick(
        "该处已有文件，未写入",
        "該處已有檔案，未寫入",
        "a file is already there; nothing was written",
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Coord, Komi};

    /// One of each repair. The match in [`kind`] has no wildcard, so a new kind of repair does
    /// not compile until it is listed here (and so translated and tested).
    fn every_repair() -> Vec<Repair> {
        let s = |t: &str| t.to_string();
        vec![
            Repair::InvalidBytes { charset: "GBK" },
            Repair::Utf16WithoutBom {
                charset: "UTF-16LE",
            },
            Repair::UnknownCharset {
                label: s("klingon"),
            },
            Repair::DeclaredButUtf8 {
                declared: s("GB2312"),
            },
            Repair::CharsetGuessed {
                declared: Some(s("UTF-8")),
                used: "GBK",
                guessed: true,
            },
            Repair::CharsetGuessed {
                declared: None,
                used: "windows-1252",
                guessed: false,
            },
            Repair::MissingOpenParen,
            Repair::TextBeforeFirstTree,
            Repair::TextAfterTree,
            Repair::MissingCloseParens { count: 2 },
            Repair::EmptyVariation,
            Repair::ValueWithoutProperty,
            Repair::UnexpectedText { text: s("%%") },
            Repair::TreeWithoutNode,
            Repair::NodeAfterVariations,
            Repair::SecondRootNode,
            Repair::MissingSemicolon,
            Repair::PropertyWithoutValue { id: s("XY") },
            Repair::PropertyRepeated { id: s("AB") },
            Repair::StrayValue { id: s("AB") },
            Repair::PropertyNameRead {
                raw: s("AddBlack"),
                id: s("AB"),
            },
            Repair::ValueNotClosed,
            Repair::BadSize { raw: s("30") },
            Repair::KomiNotANumber { raw: s("x") },
            Repair::KomiFoxHundredths {
                raw: s("375"),
                komi: Komi(15),
            },
            Repair::KomiInStones {
                raw: s("3.75"),
                komi: Komi(15),
            },
            Repair::KomiUnusable { raw: s("1e9") },
            Repair::HandicapTooSmall { value: 1 },
            Repair::HandicapNotANumber { raw: s("two") },
            Repair::ResultNotUnderstood { text: s("?") },
            Repair::TimeNotSeconds { raw: s("1h") },
            Repair::MarkNotPoint {
                id: s("CR"),
                raw: s("zz"),
            },
            Repair::LabelNotPointText { raw: s("aa") },
            Repair::NotPointPair {
                id: s("AR"),
                raw: s("aa"),
            },
            Repair::SetupPointOffBoard {
                id: "AB",
                raw: s("zz"),
                size: 9,
            },
            Repair::HandicapCount {
                declared: 3,
                placed: 2,
            },
            Repair::HandicapRefused {
                error: RulesError::NotEmpty,
            },
            Repair::BadPlayer { raw: s("X") },
            Repair::BothMovesInNode,
            Repair::NotAMove {
                id: "B",
                raw: s("??"),
            },
            Repair::SetupRefused {
                error: RulesError::NoLiberties(Coord::new(0, 0)),
            },
            Repair::MoveVoided {
                number: 57,
                color: crate::rules::Color::Black,
                point: s("D4"),
                reason: crate::rules::IllegalMove::Suicide,
            },
            Repair::KomiWrittenInPoints {
                raw: s("375"),
                value: s("7.5"),
            },
            Repair::TextsJoined { id: s("C") },
            Repair::ExtraValuesDropped {
                id: s("KM"),
                dropped: s("6.5"),
            },
        ]
    }

    const KINDS: usize = 44;

    fn kind(r: &Repair) -> usize {
        use Repair as R;
        match r {
            R::InvalidBytes { .. } => 0,
            R::Utf16WithoutBom { .. } => 1,
            R::UnknownCharset { .. } => 2,
            R::DeclaredButUtf8 { .. } => 3,
            R::CharsetGuessed { .. } => 4,
            R::MissingOpenParen => 5,
            R::TextBeforeFirstTree => 6,
            R::TextAfterTree => 7,
            R::MissingCloseParens { .. } => 8,
            R::EmptyVariation => 9,
            R::ValueWithoutProperty => 10,
            R::UnexpectedText { .. } => 11,
            R::TreeWithoutNode => 12,
            R::NodeAfterVariations => 13,
            R::SecondRootNode => 14,
            R::MissingSemicolon => 15,
            R::PropertyWithoutValue { .. } => 16,
            R::PropertyRepeated { .. } => 17,
            R::StrayValue { .. } => 18,
            R::PropertyNameRead { .. } => 19,
            R::ValueNotClosed => 20,
            R::BadSize { .. } => 21,
            R::KomiNotANumber { .. } => 22,
            R::KomiFoxHundredths { .. } => 23,
            R::KomiInStones { .. } => 24,
            R::KomiUnusable { .. } => 25,
            R::HandicapTooSmall { .. } => 26,
            R::HandicapNotANumber { .. } => 27,
            R::ResultNotUnderstood { .. } => 28,
            R::TimeNotSeconds { .. } => 29,
            R::MarkNotPoint { .. } => 30,
            R::LabelNotPointText { .. } => 31,
            R::NotPointPair { .. } => 32,
            R::SetupPointOffBoard { .. } => 33,
            R::HandicapCount { .. } => 34,
            R::HandicapRefused { .. } => 35,
            R::BadPlayer { .. } => 36,
            R::BothMovesInNode => 37,
            R::NotAMove { .. } => 38,
            R::SetupRefused { .. } => 39,
            R::KomiWrittenInPoints { .. } => 40,
            R::TextsJoined { .. } => 41,
            R::ExtraValuesDropped { .. } => 42,
            R::MoveVoided { .. } => 43,
        }
    }

    fn has_cjk(text: &str) -> bool {
        text.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c))
    }

    /// Issue 10, item 4: every record warning reads in the three languages: not empty, no
    /// placeholder left, Chinese where Chinese is asked for, and the two Chinese scripts
    /// written apart where they differ.
    #[test]
    fn issue10_every_record_warning_is_translated() {
        let all = every_repair();
        let mut seen = [false; KINDS];
        for repair in &all {
            seen[kind(repair)] = true;
            let [hans, hant, en] = Lang::ALL.map(|l| repair_text(repair, l));
            for text in [&hans, &hant, &en] {
                assert!(!text.trim().is_empty(), "{repair:?}");
                assert!(
                    !text.contains('{') && !text.contains('}'),
                    "{repair:?}: {text}"
                );
            }
            assert!(!has_cjk(&en), "{repair:?}: {en}");
            assert!(
                has_cjk(&hans) && has_cjk(&hant),
                "{repair:?}: {hans} / {hant}"
            );
            assert_eq!(en, repair.to_string());
        }
        assert!(
            seen.iter().all(|&s| s),
            "a kind of repair is missing from the list"
        );
        // Texts that differ between the scripts must not be copied across.
        let hant_only = ["這", "們", "檔", "讀", "節", "點", "變", "屬", "譜", "盤"];
        for repair in &all {
            let hans = repair_text(repair, Lang::ZhHans);
            assert!(
                !hant_only.iter().any(|t| hans.contains(t)),
                "{repair:?}: traditional characters in {hans}"
            );
        }
    }

    #[test]
    fn issue10_places_and_errors_are_translated() {
        let w = Warning::at(
            Pos { line: 3, column: 7 },
            Repair::PropertyWithoutValue { id: "XY".into() },
        );
        assert_eq!(
            warning_text(&w, Lang::En),
            "line 3, column 7: property XY without a value ignored"
        );
        assert_eq!(
            warning_text(&w, Lang::ZhHans),
            "第3行第7列：没有值的属性 XY 已忽略"
        );
        assert_eq!(
            warning_text(&w, Lang::ZhHant),
            "第3行第7欄：沒有值的屬性 XY 已忽略"
        );
        let e = SgfError {
            pos: Pos { line: 1, column: 1 },
            expected: Expected::GameTreeInEmptyFile,
        };
        assert_eq!(
            e.to_string(),
            "line 1, column 1: expected an SGF game tree '(;', but the file is empty"
        );
        assert!(has_cjk(&sgf_error_text(&e, Lang::ZhHant)));
        for error in [
            ReplayError::BadSize("30".into()),
            ReplayError::Rules(RulesError::BadSize(30)),
        ] {
            assert!(has_cjk(&replay_error_text(&error, Lang::ZhHans)));
            assert_eq!(replay_error_text(&error, Lang::En), error.to_string());
        }
    }
}
