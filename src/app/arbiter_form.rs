//! The ruling the arbiter is preparing in the panel, egui-free: which ruling, and only the
//! fields it needs. [`RulingForm::action`] turns it into the arbiter's shorthand, the one text
//! form the journal, the command line and the tests share.

use crate::i18n::Lang;
use crate::rules::Color;

/// The rulings the panel offers (Chapter 3).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum RulingKind {
    /// A warning (17.2, 18, 23.4, 24 …); the second loses (25.2).
    #[default]
    Warn,
    /// An admonition (劝告, 23.4, 24).
    Admonish,
    /// A move void as one pass (19, 20.1, 22).
    Void,
    /// Moved stones accepted (17.3).
    Edit,
    /// A ruled loss (17.1, 17.3, 17.4, 24).
    Loss,
    /// A forfeit (弃权).
    Forfeit,
    /// A draw (17.3, 17.4, 20.3).
    Draw,
    /// A replay (17.3, 17.4, 20.3).
    Replay,
    /// Both lose.
    BothLose,
    /// A late arrival (23.1–23.3).
    Late,
    /// A clock correction.
    Correct,
    /// The one approved absence (23.6).
    Absence,
    /// Any other ruling (25.1).
    Other,
    /// A referral to the chief arbiter (25.1).
    Refer,
    /// An earlier entry revoked (16.3 and every correction).
    Revoke,
}

impl RulingKind {
    /// Every kind, in the panel's order.
    pub const ALL: [RulingKind; 15] = [
        RulingKind::Warn,
        RulingKind::Admonish,
        RulingKind::Void,
        RulingKind::Edit,
        RulingKind::Loss,
        RulingKind::Forfeit,
        RulingKind::Draw,
        RulingKind::Replay,
        RulingKind::BothLose,
        RulingKind::Late,
        RulingKind::Correct,
        RulingKind::Absence,
        RulingKind::Other,
        RulingKind::Refer,
        RulingKind::Revoke,
    ];

    /// The name in `lang`, with the usual articles.
    pub fn label(self, lang: Lang) -> &'static str {
        match self {
            RulingKind::Warn => lang.pick(
                "警告（第17.2、18、24条）",
                "警告（第17.2、18、24條）",
                "Warning (Art. 17.2, 18, 24)",
            ),
            RulingKind::Admonish => lang.pick(
                "劝告（第23.4、24条）",
                "勸告（第23.4、24條）",
                "Admonition (Art. 23.4, 24)",
            ),
            RulingKind::Void => lang.pick(
                "着手无效，弃权一次（第19、20.1、22条）",
                "著手無效，棄權一次（第19、20.1、22條）",
                "Void move, one pass (Art. 19, 20.1, 22)",
            ),
            RulingKind::Edit => lang.pick(
                "认可移动的棋子（第17.3条）",
                "認可移動的棋子（第17.3條）",
                "Accept moved stones (Art. 17.3)",
            ),
            RulingKind::Loss => lang.pick(
                "判负（第17.1、17.3、24条）",
                "判負（第17.1、17.3、24條）",
                "Ruled loss (Art. 17.1, 17.3, 24)",
            ),
            RulingKind::Forfeit => lang.pick(
                "弃权（第23.1条）",
                "棄權（第23.1條）",
                "Forfeit (Art. 23.1)",
            ),
            RulingKind::Draw => lang.pick(
                "判和（第17.3、17.4、20.3条）",
                "判和（第17.3、17.4、20.3條）",
                "Draw (Art. 17.3, 17.4, 20.3)",
            ),
            RulingKind::Replay => lang.pick(
                "重赛（第17.3、17.4、20.3条）",
                "重賽（第17.3、17.4、20.3條）",
                "Replay (Art. 17.3, 17.4, 20.3)",
            ),
            RulingKind::BothLose => lang.pick(
                "双方判负（第23.2条）",
                "雙方判負（第23.2條）",
                "Both lose (Art. 23.2)",
            ),
            RulingKind::Late => lang.pick(
                "迟到（第23.1–23.3条）",
                "遲到（第23.1–23.3條）",
                "Late arrival (Art. 23.1–23.3)",
            ),
            RulingKind::Correct => lang.pick(
                "更正钟时（第25.1条）",
                "更正鐘時（第25.1條）",
                "Clock correction (Art. 25.1)",
            ),
            RulingKind::Absence => lang.pick(
                "批准离席一次（第23.6条）",
                "批准離席一次（第23.6條）",
                "Approved absence (Art. 23.6)",
            ),
            RulingKind::Other => lang.pick(
                "其他裁决（第25.1条）",
                "其他裁決（第25.1條）",
                "Other ruling (Art. 25.1)",
            ),
            RulingKind::Refer => lang.pick(
                "提交总裁判长（第25.1条）",
                "提交總裁判長（第25.1條）",
                "Refer to the chief arbiter (Art. 25.1)",
            ),
            RulingKind::Revoke => lang.pick(
                "撤销一条记录（第16.3、25.1条）",
                "撤銷一條記錄（第16.3、25.1條）",
                "Revoke an entry (Art. 16.3, 25.1)",
            ),
        }
    }

    /// The article suggested for it.
    pub fn usual_article(self) -> &'static str {
        match self {
            RulingKind::Warn => "24",
            RulingKind::Admonish => "24",
            RulingKind::Void => "19",
            RulingKind::Edit => "17.3",
            RulingKind::Loss => "17.1",
            RulingKind::Forfeit => "23.1",
            RulingKind::Draw | RulingKind::Replay => "20.3",
            RulingKind::BothLose => "23.2",
            RulingKind::Late => "23.3",
            RulingKind::Correct | RulingKind::Other | RulingKind::Refer => "25.1",
            RulingKind::Absence => "23.6",
            RulingKind::Revoke => "16.3",
        }
    }

    /// Whether it concerns one side.
    pub fn needs_side(self) -> bool {
        matches!(
            self,
            RulingKind::Warn
                | RulingKind::Admonish
                | RulingKind::Void
                | RulingKind::Loss
                | RulingKind::Forfeit
                | RulingKind::Late
                | RulingKind::Correct
                | RulingKind::Absence
        )
    }

    /// Whether the article is part of its shorthand.
    pub fn takes_article(self) -> bool {
        !matches!(
            self,
            RulingKind::Late | RulingKind::Correct | RulingKind::Absence | RulingKind::Refer
        )
    }

    /// Whether it ends the game (the panel asks for a confirmation).
    pub fn ends_game(self) -> bool {
        matches!(
            self,
            RulingKind::Loss
                | RulingKind::Forfeit
                | RulingKind::Draw
                | RulingKind::Replay
                | RulingKind::BothLose
        )
    }
}

/// The fields of the ruling being prepared.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulingForm {
    /// Which ruling.
    pub kind: RulingKind,
    /// Whose.
    pub side: Color,
    /// The article (suggested, editable).
    pub article: String,
    /// The void move's point.
    pub point: String,
    /// Moved stones: `+B D4 -E5 …`.
    pub changes: String,
    /// Lateness (`10m`) or a correction (`+30s`, `-1m`).
    pub duration: String,
    /// A correction of reserved minutes or periods (`+1`, `-1`), or empty.
    pub periods: String,
    /// Late arrival: the other side was late too, by this much (empty if not).
    pub other_late: String,
    /// The entry to revoke.
    pub entry: String,
    /// The reason, the outcome of an other ruling, the referral's text.
    pub note: String,
}

impl Default for RulingForm {
    fn default() -> RulingForm {
        RulingForm {
            kind: RulingKind::Warn,
            side: Color::Black,
            article: RulingKind::Warn.usual_article().to_owned(),
            point: String::new(),
            changes: String::new(),
            duration: String::new(),
            periods: String::new(),
            other_late: String::new(),
            entry: String::new(),
            note: String::new(),
        }
    }
}

/// Quotes a note for the shorthand.
fn quote(text: &str) -> String {
    let mut q = String::from("\"");
    for c in text.chars() {
        if c == '"' || c == '\\' {
            q.push('\\');
        }
        q.push(c);
    }
    q.push('"');
    q
}

impl RulingForm {
    /// Switches the ruling, suggesting its usual article.
    pub fn select(&mut self, kind: RulingKind) {
        self.kind = kind;
        self.article = kind.usual_article().to_owned();
    }

    /// The shorthand of the ruling (without its time), or what is missing, in `lang`.
    pub fn action(&self, lang: Lang) -> Result<String, String> {
        let s = self.side.letter();
        let art = self.article.trim();
        let need = |what: &str, zh: &str, hant: &str| Err(lang.pick(zh, hant, what).to_owned());
        if self.kind.takes_article() && art.is_empty() {
            return need("Give the article", "请填写条款", "請填寫條款");
        }
        if self.kind.takes_article() && !art.starts_with(|c: char| c.is_ascii_digit()) {
            return need(
                "The article is a number such as 17.2",
                "条款应为数字，如17.2",
                "條款應為數字，如17.2",
            );
        }
        let mut text = match self.kind {
            RulingKind::Warn => format!("warn {s} {art}"),
            RulingKind::Admonish => format!("admonish {s} {art}"),
            RulingKind::Void => {
                let p = self.point.trim();
                if p.is_empty() {
                    return need(
                        "Give the point of the void move",
                        "请填写无效着手的坐标",
                        "請填寫無效著手的座標",
                    );
                }
                format!("void {s} {p} {art}")
            }
            RulingKind::Edit => {
                let c = self.changes.trim();
                if c.is_empty() {
                    return need(
                        "Give the changes: +B D4 -E5",
                        "请填写改动：+B D4 -E5",
                        "請填寫改動：+B D4 -E5",
                    );
                }
                format!("edit {c} {art}")
            }
            RulingKind::Loss => format!("loss {s} {art}"),
            RulingKind::Forfeit => format!("forfeit {s} {art}"),
            RulingKind::Draw => format!("draw {art}"),
            RulingKind::Replay => format!("replay {art}"),
            RulingKind::BothLose => format!("bothlose {art}"),
            RulingKind::Late => {
                let d = self.duration.trim();
                if d.is_empty() {
                    return need(
                        "Give the lateness, e.g. 10m",
                        "请填写迟到时间，如10m",
                        "請填寫遲到時間，如10m",
                    );
                }
                let mut t = format!("late {s} {d}");
                let other = self.other_late.trim();
                if !other.is_empty() {
                    t.push_str(&format!(" {} {other}", self.side.opponent().letter()));
                }
                t
            }
            RulingKind::Correct => {
                let d = self.duration.trim();
                let p = self.periods.trim();
                if d.is_empty() && p.is_empty() {
                    return need(
                        "Give ±time and/or ±periods",
                        "请填写±时间或±读秒次数",
                        "請填寫±時間或±讀秒次數",
                    );
                }
                let mut t = format!("correct {s}");
                if !d.is_empty() {
                    t.push(' ');
                    t.push_str(d);
                }
                if !p.is_empty() {
                    t.push_str(&format!(" periods={p}"));
                }
                t
            }
            RulingKind::Absence => format!("absence {s}"),
            RulingKind::Other => {
                if self.note.trim().is_empty() {
                    return need("Say what was ruled", "请写明裁决内容", "請寫明裁決內容");
                }
                format!("rule {s} {art}")
            }
            RulingKind::Refer => {
                if self.note.trim().is_empty() {
                    return need("Describe the case", "请描述情况", "請描述情況");
                }
                "refer".to_owned()
            }
            RulingKind::Revoke => {
                let n = self.entry.trim();
                if n.parse::<u32>().is_err() {
                    return need(
                        "Give the entry's number",
                        "请填写记录编号",
                        "請填寫記錄編號",
                    );
                }
                format!("revoke {n} {art}")
            }
        };
        let note = self.note.trim();
        if !note.is_empty() {
            text.push(' ');
            text.push_str(&quote(note));
        }
        Ok(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::shorthand::parse_action_text;

    #[test]
    fn every_ruling_becomes_shorthand_the_parser_reads() {
        for kind in RulingKind::ALL {
            let mut f = RulingForm::default();
            f.select(kind);
            f.side = Color::White;
            f.point = "D4".into();
            f.changes = "+B C3 -D4".into();
            f.duration = "+30s".into();
            if kind == RulingKind::Late {
                f.duration = "10m".into();
            }
            f.entry = "5".into();
            f.note = "a \"quoted\" note".into();
            let text = f
                .action(Lang::En)
                .unwrap_or_else(|e| panic!("{kind:?}: {e}"));
            let (_, article, note) =
                parse_action_text(&text, 19).unwrap_or_else(|e| panic!("{text}: {e}"));
            if kind.takes_article() {
                assert_eq!(article.as_deref(), Some(kind.usual_article()), "{text}");
            }
            assert_eq!(note.as_deref(), Some("a \"quoted\" note"), "{text}");
        }
    }

    #[test]
    fn missing_fields_are_named() {
        let mut f = RulingForm::default();
        f.select(RulingKind::Void);
        assert!(f.action(Lang::En).is_err());
        f.article.clear();
        f.point = "D4".into();
        assert!(f.action(Lang::ZhHans).is_err());
    }
}
