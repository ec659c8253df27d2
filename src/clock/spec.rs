//! `SPEC` strings for time controls, and durations written with units.
//!
//! ```text
//! chinese:limit=60m,reserve=5            60 minutes each, 5 of them reserved minutes (读秒)
//! chinese:limit=10m,reserve=3,period=30s blitz: 3 reserved periods of 30 s
//! japanese:main=30m,periods=3x30s        30 minutes, then 3 periods of 30 s
//! canadian:main=30m,stones=25/10m        30 minutes, then 25 moves in every 10 minutes
//! fischer:main=10m,inc=10s               10 minutes, 10 s added after each move
//! sudden:main=30m                        30 minutes, nothing more
//! ```
//! Durations take the units `h`, `m` and `s`, combined (`1h30m`) or with decimals (`1.5m`);
//! a plain number is seconds. Keys may come in any order; `reserve` defaults to 5 and
//! `period` to 60 s for `chinese`, `main` to 0 for `japanese`.

use super::control::{ControlError, MAX_TIME, TimeControl};
use super::timestamp::Millis;
use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;

impl FromStr for TimeControl {
    type Err = ControlError;

    fn from_str(spec: &str) -> Result<TimeControl, ControlError> {
        let spec = spec.trim();
        if spec.is_empty() {
            return Err(ControlError::Empty);
        }
        let (system, rest) = spec.split_once(':').unwrap_or((spec, ""));
        let mut items = Items::parse(rest)?;
        let control = match system.trim().to_ascii_lowercase().as_str() {
            "chinese" => {
                let s = "chinese";
                TimeControl::Chinese {
                    limit: items.duration(s, "limit")?,
                    reserve: items.count_or("reserve", 5)?,
                    period: items.duration_or("period", Millis::from_secs(60))?,
                }
            }
            "japanese" => {
                let s = "japanese";
                let main = items.duration_or("main", Millis::ZERO)?;
                let (periods, period) =
                    items.pair(s, "periods", 'x', "a count and a length, e.g. 3x30s")?;
                TimeControl::Japanese {
                    main,
                    periods,
                    period,
                }
            }
            "canadian" => {
                let s = "canadian";
                let main = items.duration(s, "main")?;
                let (stones, block) = items.pair(
                    s,
                    "stones",
                    '/',
                    "moves per block and its length, e.g. 25/10m",
                )?;
                TimeControl::Canadian {
                    main,
                    stones,
                    block,
                }
            }
            "fischer" => {
                let s = "fischer";
                let main = items.duration(s, "main")?;
                let increment = match items.take("increment") {
                    Some(v) => duration_value("increment", &v)?,
                    None => items.duration(s, "inc")?,
                };
                TimeControl::Fischer { main, increment }
            }
            "sudden" | "sudden-death" | "sudden_death" | "absolute" => TimeControl::SuddenDeath {
                main: items.duration("sudden", "main")?,
            },
            other => return Err(ControlError::UnknownSystem(other.to_string())),
        };
        items.finish(control.system_name())?;
        control.validate()?;
        Ok(control)
    }
}

impl TimeControl {
    /// The system's name as written in a SPEC: `chinese`, `japanese`, `canadian`, `fischer`, `sudden`.
    pub fn system_name(&self) -> &'static str {
        match self {
            TimeControl::Chinese { .. } => "chinese",
            TimeControl::Japanese { .. } => "japanese",
            TimeControl::Canadian { .. } => "canadian",
            TimeControl::Fischer { .. } => "fischer",
            TimeControl::SuddenDeath { .. } => "sudden",
        }
    }
}

impl fmt::Display for TimeControl {
    /// The canonical SPEC, which parses back to the same control.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let d = duration_text;
        match *self {
            TimeControl::Chinese {
                limit,
                reserve,
                period,
            } => {
                write!(f, "chinese:limit={},reserve={reserve}", d(limit))?;
                if period != Millis::from_secs(60) {
                    write!(f, ",period={}", d(period))?;
                }
                Ok(())
            }
            TimeControl::Japanese {
                main,
                periods,
                period,
            } => write!(
                f,
                "japanese:main={},periods={periods}x{}",
                d(main),
                d(period)
            ),
            TimeControl::Canadian {
                main,
                stones,
                block,
            } => write!(f, "canadian:main={},stones={stones}/{}", d(main), d(block)),
            TimeControl::Fischer { main, increment } => {
                write!(f, "fischer:main={},inc={}", d(main), d(increment))
            }
            TimeControl::SuddenDeath { main } => write!(f, "sudden:main={}", d(main)),
        }
    }
}

/// A duration in whole minutes when it is (as Go clocks are set: `60m`, `90m`), else in
/// seconds: `30s`, `1.5s`.
pub(crate) fn duration_text(t: Millis) -> String {
    let ms = t.0;
    if ms != 0 && ms % 60_000 == 0 {
        format!("{}m", ms / 60_000)
    } else if ms % 1000 == 0 {
        format!("{}s", ms / 1000)
    } else {
        let text = format!("{}.{:03}", ms / 1000, (ms % 1000).abs());
        format!("{}s", text.trim_end_matches('0'))
    }
}

/// Reads seconds as written on the command line (`59.9`, `60`, `1.0005`, or with units as
/// in a SPEC: `2m`), rounded to the nearest millisecond (halves up).
pub fn parse_seconds(text: &str) -> Result<Millis, String> {
    parse_duration(text).ok_or_else(|| {
        format!("{text:?} is not a duration: expected seconds such as 59.9, or 30s, 2m, 1h30m")
    })
}

/// Parses `1h30m`, `60m`, `30s`, `1.5m` or plain seconds `90`; `None` if malformed, negative
/// or longer than [`MAX_TIME`].
fn parse_duration(text: &str) -> Option<Millis> {
    let text = text.trim();
    if text.is_empty() {
        return None;
    }
    let mut total: i64 = 0;
    let mut rest = text;
    while !rest.is_empty() {
        let number_len = rest
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .unwrap_or(rest.len());
        let (number, after) = rest.split_at(number_len);
        let unit_len = after
            .find(|c: char| c.is_ascii_digit() || c == '.')
            .unwrap_or(after.len());
        let (unit, next) = after.split_at(unit_len);
        let unit_ms = match unit.trim() {
            "h" => 3_600_000,
            "m" | "min" => 60_000,
            "s" => 1000,
            "" if next.is_empty() && rest.len() == text.len() => 1000,
            _ => return None,
        };
        total = total.checked_add(scaled_decimal(number, unit_ms)?)?;
        rest = next;
    }
    (total <= MAX_TIME.0).then_some(Millis(total))
}

/// `number × unit_ms` for a non-negative decimal, exactly, rounded to a whole millisecond.
fn scaled_decimal(number: &str, unit_ms: i64) -> Option<i64> {
    let (whole, frac) = number.split_once('.').unwrap_or((number, ""));
    if whole.is_empty() && frac.is_empty() {
        return None;
    }
    if !whole.chars().all(|c| c.is_ascii_digit()) || !frac.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    if whole.len() > 12 {
        return None;
    }
    let whole: i64 = if whole.is_empty() {
        0
    } else {
        whole.parse().ok()?
    };
    // Digits beyond the ninth cannot change the rounding of any unit up to an hour except
    // at an exact half, which the tenth digit still decides: keep ten.
    let frac = &frac[..frac.len().min(10)];
    let mut frac_value: i128 = 0;
    let mut scale: i128 = 1;
    for c in frac.chars() {
        frac_value = frac_value * 10 + i128::from(c.to_digit(10)?);
        scale *= 10;
    }
    let frac_ms = (2 * frac_value * i128::from(unit_ms) + scale) / (2 * scale);
    whole
        .checked_mul(unit_ms)?
        .checked_add(i64::try_from(frac_ms).ok()?)
}

fn duration_value(key: &str, value: &str) -> Result<Millis, ControlError> {
    parse_duration(value).ok_or_else(|| ControlError::BadValue {
        key: key.to_string(),
        value: value.to_string(),
        expected: "a duration such as 60m, 30s, 1h30m or plain seconds",
    })
}

fn count_value(key: &str, value: &str) -> Result<u32, ControlError> {
    value.trim().parse().map_err(|_| ControlError::BadValue {
        key: key.to_string(),
        value: value.to_string(),
        expected: "a whole number",
    })
}

/// The `key=value` items of a SPEC, consumed as they are read.
struct Items(BTreeMap<String, String>);

impl Items {
    fn parse(rest: &str) -> Result<Items, ControlError> {
        let mut map = BTreeMap::new();
        for item in rest.split(',').map(str::trim).filter(|i| !i.is_empty()) {
            let (key, value) = item.split_once('=').ok_or_else(|| ControlError::BadValue {
                key: item.to_string(),
                value: String::new(),
                expected: "key=value",
            })?;
            let key = key.trim().to_ascii_lowercase();
            if map.insert(key.clone(), value.trim().to_string()).is_some() {
                return Err(ControlError::DuplicateKey(key));
            }
        }
        Ok(Items(map))
    }

    fn take(&mut self, key: &str) -> Option<String> {
        self.0.remove(key)
    }

    fn duration(
        &mut self,
        system: &'static str,
        key: &'static str,
    ) -> Result<Millis, ControlError> {
        let value = self
            .take(key)
            .ok_or(ControlError::MissingKey { system, key })?;
        duration_value(key, &value)
    }

    fn duration_or(&mut self, key: &str, default: Millis) -> Result<Millis, ControlError> {
        match self.take(key) {
            Some(v) => duration_value(key, &v),
            None => Ok(default),
        }
    }

    fn count_or(&mut self, key: &str, default: u32) -> Result<u32, ControlError> {
        match self.take(key) {
            Some(v) => count_value(key, &v),
            None => Ok(default),
        }
    }

    /// `3x30s` or `25/10m`: a count, `sep`, a duration.
    fn pair(
        &mut self,
        system: &'static str,
        key: &'static str,
        sep: char,
        expected: &'static str,
    ) -> Result<(u32, Millis), ControlError> {
        let value = self
            .take(key)
            .ok_or(ControlError::MissingKey { system, key })?;
        let bad = || ControlError::BadValue {
            key: key.to_string(),
            value: value.clone(),
            expected,
        };
        let (n, t) = value.split_once(sep).ok_or_else(bad)?;
        let n = n.trim().parse().map_err(|_| bad())?;
        let t = parse_duration(t).ok_or_else(bad)?;
        Ok((n, t))
    }

    fn finish(self, system: &'static str) -> Result<(), ControlError> {
        match self.0.into_keys().next() {
            Some(key) => Err(ControlError::UnknownKey { system, key }),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(text: &str) -> Option<i64> {
        parse_duration(text).map(|m| m.0)
    }

    #[test]
    fn durations_take_units_decimals_and_plain_seconds() {
        let cases = [
            ("60m", Some(3_600_000)),
            ("1h", Some(3_600_000)),
            ("1h30m", Some(5_400_000)),
            ("30s", Some(30_000)),
            ("90", Some(90_000)),
            ("59.9", Some(59_900)),
            ("1.0005", Some(1_001)),
            ("1.0004", Some(1_000)),
            ("0.5m", Some(30_000)),
            (".5", Some(500)),
            ("0", Some(0)),
            ("", None),
            ("-5", None),
            ("5x", None),
            ("m", None),
            ("1..5", None),
            ("30 s", Some(30_000)),
            ("10 30", None),
            ("99999999999999999999", None),
            ("1001h", None),
        ];
        for (text, want) in cases {
            assert_eq!(ms(text), want, "{text:?}");
        }
    }

    #[test]
    fn duration_text_is_exact() {
        for (t, want) in [
            (3_600_000, "60m"),
            (5_400_000, "90m"),
            (30_000, "30s"),
            (1_500, "1.5s"),
            (0, "0s"),
            (59_999, "59.999s"),
        ] {
            assert_eq!(duration_text(Millis(t)), want);
            assert_eq!(parse_duration(want), Some(Millis(t)));
        }
    }
}
