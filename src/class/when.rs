//! Times on the command line and in reports: ISO 8601 read leniently, written exactly. A time
//! without an offset, and a date alone (its midnight), are read in the class's time zone
//! ([`ClassZone`]).

use chrono::{DateTime, Datelike, NaiveDate, NaiveDateTime};

use super::model::Time;
use super::zone::ClassZone;

/// A time as typed: complete (with its offset), or a clock time or date to be placed in the
/// class's time zone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Typed {
    /// With an offset (`…+08:00`, `…Z`).
    Exact(Time),
    /// Without one: a clock time of the class's zone (a date alone is its midnight).
    Civil(NaiveDateTime),
}

impl Typed {
    /// The moment, a civil time read in `zone`.
    pub fn resolve(self, zone: &ClassZone) -> Result<Time, String> {
        match self {
            Typed::Exact(t) => Ok(t),
            Typed::Civil(c) => zone.resolve(c).map_err(|e| e.to_string()),
        }
    }
}

/// Reads an ISO 8601 time: `2025-03-04T16:30:00+08:00`, `…Z`, with or without seconds or
/// fractions, or without an offset (a clock time of the class's zone), or a date alone.
pub fn read_time(text: &str) -> Result<Typed, String> {
    let s = text.trim();
    if let Ok(t) = DateTime::parse_from_rfc3339(s) {
        return Ok(Typed::Exact(t));
    }
    for f in [
        "%Y-%m-%dT%H:%M%#z",
        "%Y-%m-%d %H:%M:%S%#z",
        "%Y-%m-%d %H:%M%#z",
    ] {
        if let Ok(t) = DateTime::parse_from_str(s, f) {
            return Ok(Typed::Exact(t));
        }
    }
    for f in [
        "%Y-%m-%dT%H:%M:%S%.f",
        "%Y-%m-%dT%H:%M:%S",
        "%Y-%m-%dT%H:%M",
        "%Y-%m-%d %H:%M:%S",
        "%Y-%m-%d %H:%M",
    ] {
        if let Ok(n) = NaiveDateTime::parse_from_str(s, f) {
            return Ok(Typed::Civil(n));
        }
    }
    if let Ok(d) = NaiveDate::parse_from_str(s, "%Y-%m-%d")
        && let Some(n) = d.and_hms_opt(0, 0, 0)
    {
        return Ok(Typed::Civil(n));
    }
    Err(format!(
        "{text:?} is not an ISO 8601 time (e.g. 2025-03-04T16:30:00+08:00)"
    ))
}

/// Reads an ISO 8601 time ([`read_time`]); a time without an offset or a date alone is read
/// in `zone`.
pub fn parse_time_in(text: &str, zone: &ClassZone) -> Result<Time, String> {
    read_time(text)?.resolve(zone)
}

/// Reads an ISO 8601 time ([`read_time`]); without an offset it is UTC.
pub fn parse_time(text: &str) -> Result<Time, String> {
    parse_time_in(text, &ClassZone::utc())
}

/// A month `YYYY-MM`: (year, month).
pub fn parse_month(text: &str) -> Result<(i32, u32), String> {
    let bad = || format!("{text:?} is not a month (YYYY-MM, e.g. 2025-03)");
    let (y, m) = text.trim().split_once('-').ok_or_else(bad)?;
    let year: i32 = y.parse().map_err(|_| bad())?;
    let month: u32 = m.parse().map_err(|_| bad())?;
    if !(1..=12).contains(&month) || !(1970..=9999).contains(&year) {
        return Err(bad());
    }
    Ok((year, month))
}

/// Whether `t`, read on the class's clock (`zone`), falls in the month.
pub fn in_month(t: Time, zone: &ClassZone, (year, month): (i32, u32)) -> bool {
    let local = zone.local(t);
    local.year() == year && local.month() == month
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_read_leniently() {
        let cases: &[(&str, &str)] = &[
            ("2025-03-04T16:30:00+08:00", "2025-03-04T16:30:00+08:00"),
            ("2025-03-04T08:30:00Z", "2025-03-04T08:30:00+00:00"),
            ("2025-03-04T08:30Z", "2025-03-04T08:30:00+00:00"),
            ("2025-03-04T08:30:00", "2025-03-04T08:30:00+00:00"),
            ("2025-03-04 08:30", "2025-03-04T08:30:00+00:00"),
            ("2025-03-04", "2025-03-04T00:00:00+00:00"),
            ("2025-03-04T08:30:00.250Z", "2025-03-04T08:30:00.250+00:00"),
        ];
        for (input, want) in cases {
            let t = parse_time(input).unwrap_or_else(|e| panic!("{input}: {e}"));
            assert_eq!(t.to_rfc3339(), *want, "{input}");
        }
        for bad in ["", "tomorrow", "2025-13-01", "2025-02-30T00:00:00Z"] {
            assert!(parse_time(bad).is_err(), "{bad}");
        }
        // In the class's zone: a date alone is its midnight.
        let shanghai = ClassZone::parse("+08:00").expect("zone");
        assert_eq!(
            parse_time_in("2025-03-04", &shanghai).map(|t| t.to_rfc3339()),
            Ok("2025-03-04T00:00:00+08:00".to_string())
        );
        assert_eq!(
            parse_time_in("2025-03-04T16:30", &shanghai).map(|t| t.to_rfc3339()),
            Ok("2025-03-04T16:30:00+08:00".to_string())
        );
        assert_eq!(
            parse_time_in("2025-03-04T16:30Z", &shanghai).map(|t| t.to_rfc3339()),
            Ok("2025-03-04T16:30:00+00:00".to_string()),
            "an offset given is kept"
        );
        assert_eq!(parse_month("2025-03"), Ok((2025, 3)));
        assert!(parse_month("2025-13").is_err() && parse_month("March").is_err());
    }
}
