//! What the rating bodies want to know about the event itself (issue 19): its dates, place,
//! time control and rules, and what follows from them — the komi of a game, the EGD's adjusted
//! time and tournament class.
//!
//! The EGD's definitions (European Go Database, "EGF tournament classes"): adjusted time =
//! basic time + the time of 45 moves in standard (Japanese) byo-yomi, of 60 moves in Canadian
//! byo-yomi, of 120 moves' increments in Fischer timing. Class A: basic ≥ 60 min and adjusted
//! ≥ 75; B: 40 and 50; C: 25 and 30 (Fischer: A 45/75, B 30/50, C 20/30); D: an online event
//! with basic ≥ 40 and adjusted ≥ 50. Chinese 读秒 (Art. 12.2: a limit of which some
//! one-minute periods are reserved) is counted as Japanese byo-yomi: the basic time is the
//! limit less the reserved minutes, and each reserved period is a byo-yomi period.

use super::model::{TournamentError, refuse};
use crate::clock::Millis;
use crate::clock::TimeControl;

/// The rules games are played under: they decide the komi.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub enum RuleSet {
    /// The Chinese Weiqi Rules: komi 3¾ stones (7.5 points), counted in stones; handicap
    /// games have no komi and Black returns half the handicap stones at the count (Art. 11).
    #[default]
    Chinese,
    /// Japanese rules: komi 6.5 points, handicap games 0.5.
    Japanese,
    /// Korean rules: as Japanese.
    Korean,
    /// AGA rules: komi 7.5, handicap games 0.5.
    Aga,
    /// Ing rules: komi 8 points, handicap games 0.5.
    Ing,
    /// New Zealand rules: komi 7, handicap games 0.5.
    NewZealand,
    /// French rules: komi 7.5, handicap games 0.5.
    French,
}

impl RuleSet {
    /// Every name, for messages.
    pub const NAMES: &'static str = "chinese, japanese, korean, aga, ing, nz, french";

    /// Reads a command-line name.
    pub fn parse(text: &str) -> Option<RuleSet> {
        Some(match text.trim().to_ascii_lowercase().as_str() {
            "chinese" | "cn" => RuleSet::Chinese,
            "japanese" | "jp" => RuleSet::Japanese,
            "korean" | "kr" => RuleSet::Korean,
            "aga" => RuleSet::Aga,
            "ing" => RuleSet::Ing,
            "nz" | "new-zealand" | "newzealand" => RuleSet::NewZealand,
            "french" | "fr" => RuleSet::French,
            _ => return None,
        })
    }

    /// The command-line name.
    pub fn name(self) -> &'static str {
        match self {
            RuleSet::Chinese => "chinese",
            RuleSet::Japanese => "japanese",
            RuleSet::Korean => "korean",
            RuleSet::Aga => "aga",
            RuleSet::Ing => "ing",
            RuleSet::NewZealand => "nz",
            RuleSet::French => "french",
        }
    }

    /// The komi of an even game in half points (15 = 7.5 points).
    pub fn even_komi_half_points(self) -> i64 {
        match self {
            RuleSet::Chinese | RuleSet::Aga | RuleSet::French => 15,
            RuleSet::Japanese | RuleSet::Korean => 13,
            RuleSet::Ing => 16,
            RuleSet::NewZealand => 14,
        }
    }

    /// Whether komi is counted in stones (Chinese rules) rather than points.
    pub fn komi_in_stones(self) -> bool {
        self == RuleSet::Chinese
    }
}

/// The event's dates, place, time control and rules.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct EventInfo {
    /// First and last day, `YYYY-MM-DD` (checked when set).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dates: Option<(String, String)>,
    /// The country code of the place (`CN`, `FR`), upper case.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub country: String,
    /// The city.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub city: String,
    /// The time control as a SPEC (`chinese:limit=60m,reserve=5`), checked when set.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time: Option<String>,
    /// The rules.
    #[serde(default)]
    pub rules: RuleSet,
    /// The komi of even games in half points when the organiser set one (else the rules').
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub komi_half_points: Option<i64>,
    /// The EGD class the organiser declared (else it follows from the time control).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub class: Option<char>,
    /// Played on the internet (the EGD's class D).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub online: bool,
}

/// Reads `YYYY-MM-DD` strictly.
pub fn parse_date(text: &str) -> Result<String, TournamentError> {
    let t = text.trim();
    match chrono::NaiveDate::parse_from_str(t, "%Y-%m-%d") {
        Ok(d) if t.len() == 10 => Ok(d.format("%Y-%m-%d").to_string()),
        _ => refuse(format!("date {t:?} is not a day written YYYY-MM-DD")),
    }
}

/// Reads `--dates YYYY-MM-DD[,YYYY-MM-DD]`: the first and last day, in order.
pub fn parse_dates(text: &str) -> Result<(String, String), TournamentError> {
    let mut parts = text.split(',');
    let first = parse_date(parts.next().unwrap_or(""))?;
    let last = match parts.next() {
        Some(l) => parse_date(l)?,
        None => first.clone(),
    };
    if parts.next().is_some() {
        return refuse("--dates takes the first and the last day: YYYY-MM-DD[,YYYY-MM-DD]");
    }
    if last < first {
        return refuse(format!("the last day {last} is before the first {first}"));
    }
    Ok((first, last))
}

/// Reads `--place "CC, City"` (a two-letter country code, a comma, the city); a text without a
/// comma is a country code when it is two letters, else a city.
pub fn parse_place(text: &str) -> (String, String) {
    let text = text.trim();
    match text.split_once(',') {
        Some((cc, city)) => (cc.trim().to_ascii_uppercase(), city.trim().to_string()),
        None if text.len() == 2 && text.chars().all(|c| c.is_ascii_alphabetic()) => {
            (text.to_ascii_uppercase(), String::new())
        }
        None => (String::new(), text.to_string()),
    }
}

/// Reads and checks a time SPEC, returning its canonical text.
pub fn parse_time(text: &str) -> Result<String, TournamentError> {
    text.parse::<TimeControl>()
        .map(|c| c.to_string())
        .map_err(|e| TournamentError(format!("--time {text:?}: {e}")))
}

fn minutes(t: Millis) -> i64 {
    t.0 / 60_000
}

impl EventInfo {
    /// The time control, when one is set and readable.
    pub fn time_control(&self) -> Option<TimeControl> {
        self.time.as_deref().and_then(|s| s.parse().ok())
    }

    /// Basic time in whole minutes (Chinese 读秒: the limit less the reserved periods).
    pub fn basic_minutes(&self) -> Option<i64> {
        self.time_control().map(|c| minutes(c.main_time()))
    }

    /// The EGD's adjusted time in whole minutes (see the module's description).
    pub fn adjusted_minutes(&self) -> Option<i64> {
        let c = self.time_control()?;
        let extra = match c {
            TimeControl::Chinese {
                reserve, period, ..
            } if reserve > 0 => Millis(45 * period.0),
            TimeControl::Chinese { .. } => Millis::ZERO,
            TimeControl::Japanese { period, .. } => Millis(45 * period.0),
            TimeControl::Canadian { stones, block, .. } => {
                Millis(60 * block.0 / i64::from(stones.max(1)))
            }
            TimeControl::Fischer { increment, .. } => Millis(120 * increment.0),
            TimeControl::SuddenDeath { .. } => Millis::ZERO,
        };
        Some(minutes(c.main_time() + extra))
    }

    /// The EGD class the time control allows (`None`: too fast for any, or no time control).
    pub fn class_from_time(&self) -> Option<char> {
        let c = self.time_control()?;
        let basic = minutes(c.main_time());
        let adjusted = self.adjusted_minutes()?;
        if self.online {
            return (basic >= 40 && adjusted >= 50).then_some('D');
        }
        let table: [(char, i64, i64); 3] = if matches!(c, TimeControl::Fischer { .. }) {
            [('A', 45, 75), ('B', 30, 50), ('C', 20, 30)]
        } else {
            [('A', 60, 75), ('B', 40, 50), ('C', 25, 30)]
        };
        table
            .iter()
            .find(|(_, b, a)| basic >= *b && adjusted >= *a)
            .map(|(class, _, _)| *class)
    }

    /// The class written in the EGD file: the declared one, else the time control's.
    pub fn class(&self) -> Option<char> {
        self.class.or_else(|| self.class_from_time())
    }

    /// The class the EGD file may say (issue 28): [`EventInfo::class`], unless the time
    /// control allows less than was declared (then none: the file must not claim a class its
    /// time does not allow, and its checker says the class is missing, as the event's does).
    pub fn class_written(&self) -> Option<char> {
        match (self.class, self.class_from_time(), self.time_control()) {
            (Some(declared), Some(allowed), _) if class_rank(declared) > class_rank(allowed) => {
                None
            }
            (Some(_), None, Some(_)) => None,
            _ => self.class(),
        }
    }

    /// Komi of an even game, in half points.
    pub fn even_komi_half_points(&self) -> i64 {
        self.komi_half_points
            .unwrap_or_else(|| self.rules.even_komi_half_points())
    }

    /// Komi of a game with `handicap` stones, in half points: the even komi, else none under
    /// Chinese rules (the handicap return is applied at the count by the rules core) and half a
    /// point under the others.
    pub fn komi_half_points_for(&self, handicap: u32) -> i64 {
        match (handicap, self.rules) {
            (0, _) => self.even_komi_half_points(),
            (_, RuleSet::Chinese) => 0,
            _ => 1,
        }
    }

    /// Komi as the event's rules count it: stones for Chinese rules (3.75), else points (6.5).
    pub fn komi_value(&self, handicap: u32) -> f64 {
        let half = self.komi_half_points_for(handicap) as f64;
        if self.rules.komi_in_stones() {
            half / 4.0
        } else {
            half / 2.0
        }
    }

    /// Komi in points, for the rating bodies' files.
    pub fn komi_points(&self, handicap: u32) -> f64 {
        self.komi_half_points_for(handicap) as f64 / 2.0
    }

    /// The place as `CC, City`.
    pub fn place_text(&self) -> String {
        match (self.country.is_empty(), self.city.is_empty()) {
            (false, false) => format!("{}, {}", self.country, self.city),
            (false, true) => self.country.clone(),
            _ => self.city.clone(),
        }
    }
}

/// The EGD classes in order: A 3, B 2, C 1, D and anything else 0.
pub fn class_rank(c: char) -> u8 {
    match c {
        'A' => 3,
        'B' => 2,
        'C' => 1,
        _ => 0,
    }
}

/// A number as JSON writes it: `7.5`, `3.75`, `0`.
pub fn number_text(x: f64) -> String {
    if x.fract() == 0.0 {
        format!("{}", x as i64)
    } else {
        let s = format!("{x:.4}");
        s.trim_end_matches('0').to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with_time(spec: &str) -> EventInfo {
        EventInfo {
            time: Some(parse_time(spec).unwrap_or_default()),
            ..EventInfo::default()
        }
    }

    #[test]
    fn issue19_adjusted_time_and_class_as_the_egd_defines_them() {
        // Chinese 读秒: 60 minutes of which 5 reserved one-minute periods → basic 55, and the
        // periods count as Japanese byo-yomi of one minute: 55 + 45 = 100 → class B (basic < 60).
        let e = with_time("chinese:limit=60m,reserve=5");
        assert_eq!(
            (e.basic_minutes(), e.adjusted_minutes()),
            (Some(55), Some(100))
        );
        assert_eq!(e.class(), Some('B'));
        let e = with_time("chinese:limit=90m,reserve=3");
        assert_eq!(
            (e.basic_minutes(), e.adjusted_minutes(), e.class()),
            (Some(87), Some(132), Some('A'))
        );
        // OpenGotha's Juvisy file: 60 minutes + 30 s Japanese → 60 + 22 = 82, class A.
        let e = with_time("japanese:main=60m,periods=5x30s");
        assert_eq!((e.adjusted_minutes(), e.class()), (Some(82), Some('A')));
        // Canadian 40 min + 15 stones / 5 min: 40 + 60 × 20 s = 60 → B.
        let e = with_time("canadian:main=40m,stones=15/5m");
        assert_eq!((e.adjusted_minutes(), e.class()), (Some(60), Some('B')));
        // Fischer 45 min + 30 s: 45 + 60 = 105 → A (Fischer needs basic 45).
        let e = with_time("fischer:main=45m,inc=30s");
        assert_eq!((e.adjusted_minutes(), e.class()), (Some(105), Some('A')));
        assert_eq!(with_time("sudden:main=20m").class(), None);
        assert_eq!(EventInfo::default().class(), None);
    }

    #[test]
    fn komi_follows_the_rules() {
        let mut e = EventInfo::default();
        assert_eq!(
            (e.komi_value(0), e.komi_value(3), e.komi_points(0)),
            (3.75, 0.0, 7.5)
        );
        e.rules = RuleSet::Japanese;
        assert_eq!((e.komi_value(0), e.komi_value(2)), (6.5, 0.5));
        assert_eq!(number_text(3.75), "3.75");
        assert_eq!(number_text(0.0), "0");
    }

    #[test]
    fn dates_and_places() {
        assert_eq!(
            parse_dates("2025-05-01,2025-05-03"),
            Ok(("2025-05-01".into(), "2025-05-03".into()))
        );
        assert!(parse_dates("2025-05-03,2025-05-01").is_err());
        assert!(parse_dates("2025-5-3").is_err());
        assert_eq!(parse_place("cn, 北京"), ("CN".into(), "北京".into()));
        assert_eq!(parse_place("FR"), ("FR".into(), String::new()));
        assert_eq!(parse_place("Lyon"), (String::new(), "Lyon".into()));
    }
}
