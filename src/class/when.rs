//! Times on the command line and in reports: ISO 8601 read leniently, written exactly.

use chrono::{DateTime, Datelike, FixedOffset, NaiveDate, NaiveDateTime, TimeZone};

use super::model::Time;

/// Reads an ISO 8601 time: `2025-03-04T16:30:00+08:00`, `…Z`, with or without seconds or
/// fractions; without an offset it is UTC; a date alone is its midnight, UTC.
pub fn parse_time(text: &str) -> Result<Time, String> {
    let s = text.trim();
    if let Ok(t) = DateTime::parse_from_rfc3339(s) {
        return Ok(t);
    }
    for f in [
        "%Y-%m-%dT%H:%M%#z",
        "%Y-%m-%d %H:%M:%S%#z",
        "%Y-%m-%d %H:%M%#z",
    ] {
        if let Ok(t) = DateTime::parse_from_str(s, f) {
            return Ok(t);
        }
    }
    let utc = FixedOffset::east_opt(0).ok_or("no UTC offset")?;
    for f in [
        "%Y-%m-%dT%H:%M:%S%.f",
        "%Y-%m-%dT%H:%M:%S",
        "%Y-%m-%dT%H:%M",
        "%Y-%m-%d %H:%M:%S",
        "%Y-%m-%d %H:%M",
    ] {
        if let Ok(n) = NaiveDateTime::parse_from_str(s, f) {
            return Ok(utc.from_utc_datetime(&n));
        }
    }
    if let Ok(d) = NaiveDate::parse_from_str(s, "%Y-%m-%d")
        && let Some(n) = d.and_hms_opt(0, 0, 0)
    {
        return Ok(utc.from_utc_datetime(&n));
    }
    Err(format!(
        "{text:?} is not an ISO 8601 time (e.g. 2025-03-04T16:30:00+08:00)"
    ))
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

/// Whether `t`, read in its own offset, falls in the month.
pub fn in_month(t: Time, (year, month): (i32, u32)) -> bool {
    t.year() == year && t.month() == month
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
        assert_eq!(parse_month("2025-03"), Ok((2025, 3)));
        assert!(parse_month("2025-13").is_err() && parse_month("March").is_err());
    }
}
