//! What one clock face says, the same on the board view, the clock-only session and the
//! talking clock (issue 10: one face, one convention per system). No egui here.
//!
//! - Chinese byo-yomi (读秒): before the reserve the free time counts down; in the reserve the
//!   big figure is the seconds *used* of the running minute, as the referee calls them (三十秒,
//!   四十秒 …), written with its unit ("37秒", never a bare 0:00), labelled 读秒 with the
//!   reserved minutes left.
//! - Every other system has no spoken count of used seconds, so its figures count down: the
//!   main time, the running Japanese period, the Canadian block.

use crate::clock::{Millis, SideView, TimeControl};
use crate::i18n::{Lang, Msg};

/// The two lines of a face.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FaceText {
    /// The big figure.
    pub big: String,
    /// The line under it: the phase and what is left of the reserve.
    pub status: String,
}

/// `h:mm:ss` or `m:ss` of a span, rounding partial seconds up, as a counting-down clock shows
/// them (a fresh hour shows 60:00, not 59:59, and 0:00 only once the time is gone).
pub fn countdown_text(t: Millis) -> String {
    let secs = (t.0.max(0) + 999) / 1000;
    let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

/// What `face` shows under `control`, in `lang`.
pub fn face_text(face: &SideView, control: &TimeControl, lang: Lang) -> FaceText {
    if face.flagged {
        return FaceText {
            big: "0:00".into(),
            status: lang.pick("超时判负", "超時判負", "lost on time").into(),
        };
    }
    if !face.in_byoyomi {
        let main = lang.tr(Msg::MainTime);
        let after = match control {
            TimeControl::Chinese { .. } => face.periods_left.map(|n| reserved_minutes(n, lang)),
            TimeControl::Japanese { .. } => face.periods_left.map(|n| periods(n, lang)),
            TimeControl::Canadian { stones, block, .. } => {
                Some(canadian_block(*stones, *block, lang))
            }
            TimeControl::Fischer { increment, .. } => Some(lang.pick(
                format!("每手加{}秒", increment.0 / 1000),
                format!("每手加{}秒", increment.0 / 1000),
                format!("+{} s a move", increment.0 / 1000),
            )),
            TimeControl::SuddenDeath { .. } => None,
        };
        return FaceText {
            big: countdown_text(face.main_left),
            status: match after {
                Some(after) => format!("{main} · {after}"),
                None => main.to_owned(),
            },
        };
    }
    let byo = lang.pick("读秒", "讀秒", "Byo-yomi");
    match control {
        TimeControl::Chinese { .. } => {
            let used = face.period_elapsed.0.max(0) / 1000;
            let left = face.periods_left.unwrap_or(0);
            FaceText {
                big: lang.pick(
                    format!("{used}秒"),
                    format!("{used}秒"),
                    format!("{used} s"),
                ),
                status: format!("{byo} · {}", reserved_minutes(left, lang)),
            }
        }
        TimeControl::Canadian { .. } => FaceText {
            big: countdown_text(face.period_left),
            status: format!(
                "{byo} · {}",
                moves_to_play(face.stones_left.unwrap_or(0), lang)
            ),
        },
        _ => FaceText {
            big: countdown_text(face.period_left),
            status: match face.periods_left {
                Some(n) => format!("{byo} · {}", periods_left(n, lang)),
                None => byo.to_owned(),
            },
        },
    }
}

/// "保留3分钟" / "3 reserved minutes" (the running one counted).
fn reserved_minutes(n: u32, lang: Lang) -> String {
    lang.pick(
        format!("保留{n}分钟"),
        format!("保留{n}分鐘"),
        if n == 1 {
            "1 reserved minute".to_owned()
        } else {
            format!("{n} reserved minutes")
        },
    )
}

/// Japanese periods before byo-yomi: "then 5 periods".
fn periods(n: u32, lang: Lang) -> String {
    lang.pick(
        format!("读秒{n}次"),
        format!("讀秒{n}次"),
        if n == 1 {
            "then 1 period".to_owned()
        } else {
            format!("then {n} periods")
        },
    )
}

/// Japanese periods in byo-yomi, the running one counted: "2 periods left".
fn periods_left(n: u32, lang: Lang) -> String {
    lang.pick(
        format!("还剩{n}次"),
        format!("還剩{n}次"),
        if n == 1 {
            "last period".to_owned()
        } else {
            format!("{n} periods left")
        },
    )
}

/// Canadian: "then 25 moves in 10:00".
fn canadian_block(stones: u32, block: Millis, lang: Lang) -> String {
    let time = countdown_text(block);
    lang.pick(
        format!("之后{time}内{stones}手"),
        format!("之後{time}內{stones}手"),
        if stones == 1 {
            format!("then 1 move in {time}")
        } else {
            format!("then {stones} moves in {time}")
        },
    )
}

/// Canadian moves still to play in the running block: "3 moves to play".
fn moves_to_play(n: u32, lang: Lang) -> String {
    lang.pick(
        format!("还需{n}手"),
        format!("還需{n}手"),
        if n == 1 {
            "1 move to play".to_owned()
        } else {
            format!("{n} moves to play")
        },
    )
}

/// How long ago, for the resume offer: "32 s ago", "5 min ago", "2 h 10 min ago" (the
/// seconds only under a minute).
pub fn ago_text(span: Millis, lang: Lang) -> String {
    let seconds = span.0.max(0) / 1000;
    let shown = if seconds < 60 {
        seconds * 1000
    } else {
        seconds / 60 * 60_000
    };
    let span = crate::i18n::span_text(Millis(shown), lang);
    lang.pick(
        format!("{span}前"),
        format!("{span}前"),
        format!("{span} ago"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::{AnnounceSettings, GameClock, Side, Timestamp};

    fn at(spec: &str, ms: u64) -> (SideView, TimeControl) {
        let control: TimeControl = spec.parse().expect("spec");
        let mut clock = GameClock::new(control.clone(), AnnounceSettings::default()).expect("ok");
        clock.start(Timestamp(0), Side::Black).expect("start");
        (clock.view(Timestamp(ms)).black, control)
    }

    #[test]
    fn countdown_rounds_whole_seconds_up() {
        assert_eq!(countdown_text(Millis::from_mins(60)), "1:00:00");
        assert_eq!(countdown_text(Millis(59_001)), "1:00");
        assert_eq!(countdown_text(Millis(59_000)), "0:59");
        assert_eq!(countdown_text(Millis(-5)), "0:00");
    }

    #[test]
    fn chinese_byoyomi_shows_the_seconds_used_labelled_with_the_reserve() {
        let (face, control) = at("chinese:limit=3m,reserve=3", 37_500);
        let zh = face_text(&face, &control, Lang::ZhHans);
        assert_eq!(zh.big, "37秒");
        assert_eq!(zh.status, "读秒 · 保留3分钟");
        let en = face_text(&face, &control, Lang::En);
        assert_eq!(en.big, "37 s");
        assert_eq!(en.status, "Byo-yomi · 3 reserved minutes");
        // The start of a period is "0秒", never a bare 0:00.
        let (face, control) = at("chinese:limit=3m,reserve=3", 0);
        assert_eq!(face_text(&face, &control, Lang::ZhHans).big, "0秒");
    }

    #[test]
    fn other_systems_count_down_and_plurals_agree() {
        let (face, control) = at("japanese:main=0,periods=1x30s", 10_000);
        let en = face_text(&face, &control, Lang::En);
        assert_eq!(
            (en.big.as_str(), en.status.as_str()),
            ("0:20", "Byo-yomi · last period")
        );
        let (face, control) = at("japanese:main=10m,periods=1x30s", 0);
        assert_eq!(
            face_text(&face, &control, Lang::En).status,
            "Main time · then 1 period"
        );
        let (face, control) = at("chinese:limit=10m,reserve=1", 0);
        let en = face_text(&face, &control, Lang::En);
        assert_eq!(en.big, "9:00");
        assert_eq!(en.status, "Main time · 1 reserved minute");
    }

    #[test]
    fn issue29_the_resume_offer_says_seconds_under_a_minute() {
        assert_eq!(ago_text(Millis(32_000), Lang::En), "32 s ago");
        assert_eq!(ago_text(Millis(0), Lang::En), "0 s ago");
        assert_eq!(ago_text(Millis(125_000), Lang::En), "2 min ago");
        assert_eq!(ago_text(Millis(32_000), Lang::ZhHans), "32秒前");
    }
}
