//! The class's time zone (issue 27 item 5): where the club meets, so that a date given alone
//! (`--at 2025-03-04`) is the class's local midnight, a time given without an offset is the
//! class's local time, and a month of the parents' report is the class's calendar month.
//!
//! A zone is an IANA name (`Asia/Shanghai`, `Europe/Berlin`: daylight saving time included) or
//! a fixed offset (`+08:00`). Names are looked up in the system's time-zone database
//! (`/usr/share/zoneinfo`; on Windows a copy bundled by the `jiff` crate), as the locale is: a
//! read of the system's own tables, never of a document. Nothing here reads the clock: the
//! caller gives every time.

use std::fmt;

use chrono::{DateTime, FixedOffset, NaiveDateTime, Offset, TimeZone};

use super::model::Time;
use crate::i18n::Lang;

/// Where the class meets: an IANA time zone or a fixed offset from UTC.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClassZone {
    /// An IANA time zone name, e.g. `Asia/Shanghai`.
    Named(String),
    /// A fixed offset from UTC.
    Fixed(FixedOffset),
}

/// Why a zone cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ZoneError {
    /// Neither an offset like `+08:00` nor a name the time-zone database knows.
    Unknown(String),
    /// The local time cannot be placed in the zone (out of range).
    OutOfRange(String),
}

impl ZoneError {
    /// In `lang`.
    pub fn text(&self, lang: Lang) -> String {
        match self {
            ZoneError::Unknown(z) => match lang {
                Lang::ZhHans => format!(
                    "不认识的时区 {z:?}：请写 IANA 时区名（例如 Asia/Shanghai）或偏移（例如 +08:00）"
                ),
                Lang::ZhHant => format!(
                    "不認識的時區 {z:?}：請寫 IANA 時區名（例如 Asia/Taipei）或偏移（例如 +08:00）"
                ),
                Lang::En => format!(
                    "unknown time zone {z:?}: give an IANA name (e.g. Asia/Shanghai) or an offset (e.g. +08:00)"
                ),
            },
            ZoneError::OutOfRange(t) => match lang {
                Lang::ZhHans => format!("{t} 在这个时区里不是可用的时间"),
                Lang::ZhHant => format!("{t} 在這個時區裡不是可用的時間"),
                Lang::En => format!("{t} is not a usable time in the class's time zone"),
            },
        }
    }
}

impl fmt::Display for ZoneError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text(Lang::En))
    }
}

impl std::error::Error for ZoneError {}

/// Reads `+08:00`, `-05:30`, `+0800`, `Z`, `UTC` as a fixed offset.
fn fixed_offset(text: &str) -> Option<FixedOffset> {
    let t = text.trim();
    if t.eq_ignore_ascii_case("z") || t.eq_ignore_ascii_case("utc") {
        return FixedOffset::east_opt(0);
    }
    let (sign, rest) = match t.as_bytes().first()? {
        b'+' => (1, &t[1..]),
        b'-' => (-1, &t[1..]),
        _ => return None,
    };
    let digits: String = rest.chars().filter(|c| *c != ':').collect();
    if digits.len() != 4 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let hours: i32 = digits[..2].parse().ok()?;
    let minutes: i32 = digits[2..].parse().ok()?;
    if hours > 14 || minutes > 59 {
        return None;
    }
    FixedOffset::east_opt(sign * (hours * 3600 + minutes * 60))
}

/// Whether `text` looks like an IANA name (`Area/Place`, `UTC`, `Etc/GMT+8` …): letters,
/// digits and `/ _ - +`, not starting with `/` and without `..`.
fn plausible_name(text: &str) -> bool {
    !text.is_empty()
        && text.len() <= 64
        && !text.starts_with('/')
        && !text.contains("..")
        && text
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'/' | b'_' | b'-' | b'+'))
}

fn offset_text(o: FixedOffset) -> String {
    let s = o.local_minus_utc();
    let sign = if s < 0 { '-' } else { '+' };
    let s = s.abs();
    format!("{sign}{:02}:{:02}", s / 3600, (s % 3600) / 60)
}

fn database_zone(name: &str) -> Result<jiff::tz::TimeZone, ZoneError> {
    jiff::tz::TimeZone::get(name).map_err(|_| ZoneError::Unknown(name.to_string()))
}

fn seconds_offset(seconds: i32) -> FixedOffset {
    FixedOffset::east_opt(seconds).unwrap_or_else(|| Offset::fix(&chrono::Utc))
}

impl ClassZone {
    /// UTC.
    pub fn utc() -> ClassZone {
        ClassZone::Fixed(Offset::fix(&chrono::Utc))
    }

    /// What the teacher typed: an offset (`+08:00`, `Z`, `UTC`) or an IANA name the system's
    /// time-zone database knows.
    pub fn parse(text: &str) -> Result<ClassZone, ZoneError> {
        let t = text.trim();
        if let Some(o) = fixed_offset(t) {
            return Ok(ClassZone::Fixed(o));
        }
        if !plausible_name(t) {
            return Err(ZoneError::Unknown(t.to_string()));
        }
        let tz = database_zone(t)?;
        Ok(ClassZone::Named(
            tz.iana_name().map_or_else(|| t.to_string(), str::to_string),
        ))
    }

    /// As the class file keeps it: the IANA name or `±HH:MM`.
    pub fn code(&self) -> String {
        match self {
            ClassZone::Named(n) => n.clone(),
            ClassZone::Fixed(o) => offset_text(*o),
        }
    }

    /// Reads [`ClassZone::code`] from a file: an offset, or anything shaped like an IANA name
    /// (looked up only when used, so a class made on another computer always opens).
    pub fn from_code(text: &str) -> Option<ClassZone> {
        if text != text.trim() {
            return None;
        }
        if text.starts_with(['+', '-']) {
            // Exactly as written: `+08:00`.
            let o = fixed_offset(text)?;
            return (offset_text(o) == text).then_some(ClassZone::Fixed(o));
        }
        plausible_name(text).then(|| ClassZone::Named(text.to_string()))
    }

    /// The computer's own zone: its IANA name when the system says it, else its offset at
    /// `now`.
    pub fn system(now: Time) -> ClassZone {
        let tz = jiff::tz::TimeZone::system();
        if let Some(name) = tz.iana_name()
            && !tz.is_unknown()
        {
            return ClassZone::Named(name.to_string());
        }
        let offset = jiff::Timestamp::from_second(now.timestamp())
            .map(|ts| tz.to_offset(ts).seconds())
            .unwrap_or(0);
        ClassZone::Fixed(seconds_offset(offset))
    }

    /// The zone's offset from UTC at the moment `t`; a name this computer's database does not
    /// know keeps the offset `t` carries.
    pub fn offset_at(&self, t: Time) -> FixedOffset {
        match self {
            ClassZone::Fixed(o) => *o,
            ClassZone::Named(n) => match (
                database_zone(n),
                jiff::Timestamp::from_second(t.timestamp()),
            ) {
                (Ok(tz), Ok(ts)) => seconds_offset(tz.to_offset(ts).seconds()),
                _ => *t.offset(),
            },
        }
    }

    /// The moment `t` as the class's clock shows it.
    pub fn local(&self, t: Time) -> Time {
        t.with_timezone(&self.offset_at(t))
    }

    /// The moment a clock of the class shows `civil`. A time skipped by a change to summer
    /// time is read with the offset before the change, a time that happens twice is the
    /// first of them (the usual rule of calendars, RFC 5545 and Temporal's "compatible").
    pub fn resolve(&self, civil: NaiveDateTime) -> Result<Time, ZoneError> {
        let out_of_range = || ZoneError::OutOfRange(civil.to_string());
        match self {
            ClassZone::Fixed(o) => o
                .from_local_datetime(&civil)
                .single()
                .ok_or_else(out_of_range),
            ClassZone::Named(n) => {
                let tz = database_zone(n)?;
                let dt = jiff::civil::DateTime::new(
                    i16::try_from(chrono::Datelike::year(&civil)).map_err(|_| out_of_range())?,
                    i8::try_from(chrono::Datelike::month(&civil)).map_err(|_| out_of_range())?,
                    i8::try_from(chrono::Datelike::day(&civil)).map_err(|_| out_of_range())?,
                    i8::try_from(chrono::Timelike::hour(&civil)).map_err(|_| out_of_range())?,
                    i8::try_from(chrono::Timelike::minute(&civil)).map_err(|_| out_of_range())?,
                    i8::try_from(chrono::Timelike::second(&civil)).map_err(|_| out_of_range())?,
                    i32::try_from(chrono::Timelike::nanosecond(&civil) % 1_000_000_000)
                        .map_err(|_| out_of_range())?,
                )
                .map_err(|_| out_of_range())?;
                let ts = tz
                    .to_ambiguous_timestamp(dt)
                    .compatible()
                    .map_err(|_| out_of_range())?;
                let offset = seconds_offset(tz.to_offset(ts).seconds());
                DateTime::from_timestamp(ts.as_second(), ts.subsec_nanosecond().unsigned_abs())
                    .map(|utc| utc.with_timezone(&offset))
                    .ok_or_else(out_of_range)
            }
        }
    }
}

impl fmt::Display for ClassZone {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.code())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::NaiveDate;

    fn midnight(y: i32, m: u32, d: u32) -> NaiveDateTime {
        NaiveDate::from_ymd_opt(y, m, d)
            .and_then(|d| d.and_hms_opt(0, 0, 0))
            .expect("date")
    }

    #[test]
    fn offsets_and_names_read_and_write_back() {
        let cases: &[(&str, &str)] = &[
            ("+08:00", "+08:00"),
            ("+0800", "+08:00"),
            ("-05:30", "-05:30"),
            ("Z", "+00:00"),
            ("UTC", "+00:00"),
        ];
        for (typed, code) in cases {
            let z = ClassZone::parse(typed).expect(typed);
            assert_eq!(z.code(), *code);
            assert_eq!(ClassZone::from_code(code), Some(z));
        }
        for bad in [
            "",
            "+25:00",
            "+8",
            "Mars/Olympus_Mons",
            "../../etc/passwd",
            "+08:61",
        ] {
            assert!(ClassZone::parse(bad).is_err(), "{bad}");
        }
        assert_eq!(ClassZone::from_code("+0800"), None, "files keep ±HH:MM");
        assert_eq!(ClassZone::from_code(" Asia/Shanghai"), None);
    }

    /// A date alone is the class's midnight: in Shanghai always +08:00, in Berlin +01:00 in
    /// winter and +02:00 in summer (skipped when the database is missing on this computer).
    #[test]
    fn local_midnight_follows_the_zone_and_its_summer_time() {
        let fixed = ClassZone::parse("+08:00").expect("fixed");
        assert_eq!(
            fixed.resolve(midnight(2025, 3, 4)).expect("t").to_rfc3339(),
            "2025-03-04T00:00:00+08:00"
        );
        let Ok(berlin) = ClassZone::parse("Europe/Berlin") else {
            eprintln!("no time-zone database here: the named-zone cases are skipped");
            return;
        };
        assert_eq!(berlin.code(), "Europe/Berlin");
        assert_eq!(
            berlin
                .resolve(midnight(2025, 1, 15))
                .expect("t")
                .to_rfc3339(),
            "2025-01-15T00:00:00+01:00"
        );
        assert_eq!(
            berlin
                .resolve(midnight(2025, 7, 15))
                .expect("t")
                .to_rfc3339(),
            "2025-07-15T00:00:00+02:00"
        );
        // 02:30 on the last Sunday of March does not exist in Berlin: read as 03:30.
        let gap = NaiveDate::from_ymd_opt(2025, 3, 30)
            .and_then(|d| d.and_hms_opt(2, 30, 0))
            .expect("t");
        assert_eq!(
            berlin.resolve(gap).expect("t").to_rfc3339(),
            "2025-03-30T03:30:00+02:00"
        );
        let summer = DateTime::parse_from_rfc3339("2025-07-15T10:00:00Z").expect("t");
        assert_eq!(
            berlin.local(summer).to_rfc3339(),
            "2025-07-15T12:00:00+02:00"
        );
    }
}
