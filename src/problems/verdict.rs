//! Right and wrong lines of a problem file, as the common conventions mark them.
//!
//! Read (any one marks a node): a comment whose first word is RIGHT / Correct / 正解 / 正确 /
//! 正確 / 成功 (right) or WRONG / Incorrect / Failure / 失败 / 失敗 / 错误 / 錯誤 (wrong), or
//! the word RIGHT in capitals anywhere (GoGrinder's convention, also goproblems.com's);
//! `TE` (right) or `BM` (wrong) on the player's move; `GB`/`GW` good for the player (right)
//! or for the opponent (wrong).
//! Written: the comment's first line `RIGHT` or `WRONG`, and `GB`/`GW` for the side it is
//! good for, so both comment-reading and annotation-reading programs understand the file.

use crate::record::Node;
use crate::record::properties::decode_text;
use crate::rules::Color;

/// Whether a line is a right or a wrong answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// A correct answer.
    Right,
    /// A wrong answer.
    Wrong,
}

const RIGHT_WORDS: &[&str] = &["right", "correct", "正解", "正确", "正確", "成功"];
const WRONG_WORDS: &[&str] = &[
    "wrong",
    "incorrect",
    "failure",
    "失败",
    "失敗",
    "错误",
    "錯誤",
];

/// The marker written as the comment's first line.
pub fn marker(verdict: Verdict) -> &'static str {
    match verdict {
        Verdict::Right => "RIGHT",
        Verdict::Wrong => "WRONG",
    }
}

/// The verdict a node is marked with for a problem where `player` moves first, if any.
pub fn node_verdict(node: &Node, player: Color) -> Option<Verdict> {
    if let Some(raw) = node.value("C")
        && let Some(v) = comment_verdict(&decode_text(raw))
    {
        return Some(v);
    }
    let player_moved = match player {
        Color::Black => node.has("B"),
        Color::White => node.has("W"),
    };
    if player_moved && node.has("TE") {
        return Some(Verdict::Right);
    }
    if player_moved && node.has("BM") {
        return Some(Verdict::Wrong);
    }
    let (mine, theirs) = match player {
        Color::Black => ("GB", "GW"),
        Color::White => ("GW", "GB"),
    };
    match (node.has(mine), node.has(theirs)) {
        (true, false) => Some(Verdict::Right),
        (false, true) => Some(Verdict::Wrong),
        _ => None,
    }
}

/// The verdict a comment states, if any.
pub fn comment_verdict(comment: &str) -> Option<Verdict> {
    let first = first_word(comment)?;
    let lower = first.to_lowercase();
    if WRONG_WORDS.iter().any(|w| lower.starts_with(w)) {
        return Some(Verdict::Wrong);
    }
    if RIGHT_WORDS.iter().any(|w| lower.starts_with(w)) {
        return Some(Verdict::Right);
    }
    let capital_right = comment
        .split(|c: char| !c.is_ascii_alphabetic())
        .any(|w| w == "RIGHT");
    capital_right.then_some(Verdict::Right)
}

fn first_word(comment: &str) -> Option<&str> {
    comment
        .split(|c: char| c.is_whitespace() || c.is_ascii_punctuation() || "！。，：".contains(c))
        .find(|w| !w.is_empty())
}

/// A comment without the marker line written by [`marked_comment`] (what a child reads).
pub fn strip_marker(comment: &str) -> String {
    let mut lines = comment.lines();
    match lines.next() {
        Some(first) if [marker(Verdict::Right), marker(Verdict::Wrong)].contains(&first.trim()) => {
            lines.collect::<Vec<_>>().join("\n").trim().to_string()
        }
        _ => comment.trim().to_string(),
    }
}

/// `comment` with its first line set to the marker of `verdict` (or no marker for `None`),
/// keeping the teacher's text.
pub fn marked_comment(comment: &str, verdict: Option<Verdict>) -> String {
    let text = strip_marker(comment);
    match (verdict, text.is_empty()) {
        (None, _) => text,
        (Some(v), true) => marker(v).to_string(),
        (Some(v), false) => format!("{}\n{text}", marker(v)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn node(props: &[(&str, &str)]) -> Node {
        let mut n = Node::default();
        for (id, value) in props {
            n.set(id, vec![value.to_string()]);
        }
        n
    }

    #[test]
    fn comments_mark_lines_by_their_first_word_or_a_capital_right() {
        let cases: &[(&str, Option<Verdict>)] = &[
            ("RIGHT", Some(Verdict::Right)),
            ("Correct!", Some(Verdict::Right)),
            ("correct. Black captures.", Some(Verdict::Right)),
            ("正解！黑吃掉两子。", Some(Verdict::Right)),
            ("正确", Some(Verdict::Right)),
            ("Well done, this is RIGHT.", Some(Verdict::Right)),
            ("Wrong: White escapes.", Some(Verdict::Wrong)),
            ("WRONG\n白逃走了", Some(Verdict::Wrong)),
            ("失败，白棋逃走。", Some(Verdict::Wrong)),
            ("Incorrect", Some(Verdict::Wrong)),
            ("The right side is strong.", None),
            ("Black to play.", None),
            ("", None),
        ];
        for (comment, want) in cases {
            assert_eq!(comment_verdict(comment), *want, "{comment:?}");
        }
    }

    #[test]
    fn annotations_mark_lines_for_the_player() {
        let black = Color::Black;
        assert_eq!(
            node_verdict(&node(&[("B", "aa"), ("TE", "1")]), black),
            Some(Verdict::Right)
        );
        assert_eq!(
            node_verdict(&node(&[("B", "aa"), ("BM", "1")]), black),
            Some(Verdict::Wrong)
        );
        // TE on the opponent's move says nothing about the player's answer.
        assert_eq!(
            node_verdict(&node(&[("W", "aa"), ("TE", "1")]), black),
            None
        );
        assert_eq!(
            node_verdict(&node(&[("GB", "1")]), black),
            Some(Verdict::Right)
        );
        assert_eq!(
            node_verdict(&node(&[("GB", "1")]), Color::White),
            Some(Verdict::Wrong)
        );
        assert_eq!(
            node_verdict(&node(&[("C", "Correct"), ("GW", "1")]), black),
            Some(Verdict::Right)
        );
    }

    #[test]
    fn markers_are_written_on_the_first_line_and_stripped_for_the_child() {
        assert_eq!(
            marked_comment("Black captures.", Some(Verdict::Right)),
            "RIGHT\nBlack captures."
        );
        assert_eq!(
            marked_comment("RIGHT\nBlack captures.", Some(Verdict::Wrong)),
            "WRONG\nBlack captures."
        );
        assert_eq!(
            marked_comment("WRONG\nBlack captures.", None),
            "Black captures."
        );
        assert_eq!(marked_comment("", Some(Verdict::Right)), "RIGHT");
        assert_eq!(strip_marker("RIGHT\n吃掉了！"), "吃掉了！");
        assert_eq!(strip_marker("Black to play"), "Black to play");
    }
}
