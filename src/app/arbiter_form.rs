//! The ruling the arbiter is preparing in the panel, egui-free: which ruling (from the session's
//! one catalogue, [`crate::session::RulingKind`]), and the text of only the fields it needs.
//! [`RulingForm::request`] reads the fields into a [`RulingRequest`], which the catalogue turns
//! into the typed event the host sends (no shorthand text crosses the window).

use crate::i18n::Lang;
use crate::rules::{Color, Coord};
use crate::session::catalogue::{Detail, Need};
use crate::session::shorthand::{parse_changes, parse_duration, parse_signed_duration};
use crate::session::{RulingEntry, RulingKind, RulingRequest};

/// The fields of the ruling being prepared, as typed.
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
            article: RulingKind::Warn.default_article().to_owned(),
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

impl RulingForm {
    /// Switches the ruling, suggesting its usual article.
    pub fn select(&mut self, kind: RulingKind) {
        self.kind = kind;
        self.article = kind.default_article().to_owned();
    }

    /// Whether the ruling concerns one side.
    pub fn needs_side(&self) -> bool {
        self.kind.needs().side != Need::No
    }

    /// The extra field the ruling needs.
    pub fn detail(&self) -> Detail {
        self.kind.needs().detail
    }

    /// The fields read into the catalogue's request, or why one cannot be read (in `lang`).
    pub fn request(&self, size: u8, lang: Lang) -> Result<RulingRequest, String> {
        let needs = self.kind.needs();
        let unreadable = |what: &str, e: String| format!("{what}: {e}");
        let mut r = RulingRequest::new(self.kind);
        if needs.side != Need::No {
            r.side = Some(self.side);
        }
        if needs.point != Need::No && !self.point.trim().is_empty() {
            r.point = Some(Coord::from_gtp(self.point.trim(), size).ok_or_else(|| {
                lang.pick("着点无效", "著點無效", "The point is not valid")
                    .to_owned()
            })?);
        }
        if self.kind.takes_article() && !self.article.trim().is_empty() {
            r.article = Some(self.article.trim().to_owned());
        }
        if !self.note.trim().is_empty() {
            r.note = Some(self.note.trim().to_owned());
        }
        match needs.detail {
            Detail::None | Detail::Charged => {}
            Detail::Changes => {
                if !self.changes.trim().is_empty() {
                    r.changes = parse_changes(self.changes.trim(), size)
                        .map_err(|e| unreadable(lang.pick("改动", "改動", "Changes"), e))?;
                }
            }
            Detail::Lateness => {
                if !self.duration.trim().is_empty() {
                    r.duration = Some(
                        parse_duration(self.duration.trim())
                            .map_err(|e| unreadable(lang.pick("迟到", "遲到", "Late by"), e))?,
                    );
                }
                if !self.other_late.trim().is_empty() {
                    r.other_duration =
                        Some(parse_duration(self.other_late.trim()).map_err(|e| {
                            unreadable(lang.pick("对方迟到", "對方遲到", "Opponent late by"), e)
                        })?);
                }
            }
            Detail::Correction => {
                if !self.duration.trim().is_empty() {
                    let text = self.duration.trim().trim_start_matches('+');
                    r.duration = Some(
                        parse_signed_duration(text)
                            .map_err(|e| unreadable(lang.pick("时间", "時間", "Time"), e))?,
                    );
                }
                if !self.periods.trim().is_empty() {
                    r.periods = Some(
                        self.periods
                            .trim()
                            .trim_start_matches('+')
                            .parse::<i32>()
                            .map_err(|e| {
                                unreadable(
                                    lang.pick("读秒次数", "讀秒次數", "Periods"),
                                    e.to_string(),
                                )
                            })?,
                    );
                }
            }
            Detail::EntryNumber => {
                if !self.entry.trim().is_empty() {
                    r.entry = Some(self.entry.trim().parse::<u32>().map_err(|e| {
                        unreadable(
                            lang.pick("记录编号", "記錄編號", "Entry number"),
                            e.to_string(),
                        )
                    })?);
                }
            }
        }
        Ok(r)
    }

    /// The typed entry the ruling records, or what is missing (in `lang`).
    pub fn entry(&self, size: u8, lang: Lang) -> Result<RulingEntry, String> {
        self.request(size, lang)?.entry().map_err(|e| e.text(lang))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::Event;

    #[test]
    fn a_warning_is_typed_with_the_article_given() {
        let f = RulingForm {
            side: Color::White,
            article: "17.2".to_owned(),
            note: "spoke".to_owned(),
            ..RulingForm::default()
        };
        let e = f.entry(19, Lang::En).expect("complete");
        assert_eq!(e.event, Event::Warn(Color::White));
        assert_eq!(e.article.as_deref(), Some("17.2"));
        assert_eq!(e.note.as_deref(), Some("spoke"));
    }

    #[test]
    fn a_void_needs_its_point_and_says_so_in_chinese() {
        let mut f = RulingForm::default();
        f.select(RulingKind::Void);
        assert!(f.entry(19, Lang::ZhHans).is_err());
        f.point = "D4".to_owned();
        let e = f.entry(19, Lang::En).expect("complete");
        assert!(matches!(e.event, Event::Void(Color::Black, _)));
        assert_eq!(e.article.as_deref(), Some("19"));
    }

    #[test]
    fn a_correction_reads_signed_times_and_periods() {
        let mut f = RulingForm::default();
        f.select(RulingKind::Correct);
        f.duration = "+30s".to_owned();
        f.periods = "-1".to_owned();
        let e = f.entry(19, Lang::En).expect("complete");
        assert!(matches!(e.event, Event::Correct { .. }), "{:?}", e.event);
    }
}
