//! Exact fractions for scores and tie-breaks.
//!
//! Why not `f64`: a standings sheet that prints 23.499999 where the article gives 23½ cannot be
//! signed by an arbiter, and two players tied on paper must compare equal. Every value of
//! Art. 28–29 is a fraction with a small denominator (halves, and the A × unplayed games of
//! Art. 29.3, divided by the number of rounds in the Swiss bracket).

use std::cmp::Ordering;
use std::fmt;
use std::ops::{Add, Div, Mul, Neg, Sub};

/// A fraction `num / den` in lowest terms with `den > 0`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Ratio {
    num: i64,
    den: i64,
}

fn gcd(mut a: i64, mut b: i64) -> i64 {
    a = a.abs();
    b = b.abs();
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a.max(1)
}

impl Ratio {
    /// Zero.
    pub const ZERO: Ratio = Ratio { num: 0, den: 1 };
    /// One.
    pub const ONE: Ratio = Ratio { num: 1, den: 1 };

    /// `num / den`, reduced; a zero denominator gives zero (callers never divide by nothing
    /// on purpose: an empty average is zero).
    pub fn new(num: i64, den: i64) -> Ratio {
        if den == 0 {
            return Ratio::ZERO;
        }
        let g = gcd(num, den);
        let sign = if den < 0 { -1 } else { 1 };
        Ratio {
            num: sign * num / g,
            den: sign * den / g,
        }
    }

    /// A whole number.
    pub const fn int(n: i64) -> Ratio {
        Ratio { num: n, den: 1 }
    }

    /// The numerator (in lowest terms).
    pub fn numer(self) -> i64 {
        self.num
    }

    /// The denominator (in lowest terms, positive).
    pub fn denom(self) -> i64 {
        self.den
    }

    /// Whether this is a whole number.
    pub fn is_integer(self) -> bool {
        self.den == 1
    }

    /// The smaller of two values.
    pub fn min(self, other: Ratio) -> Ratio {
        if other < self { other } else { self }
    }

    /// The decimal digits after the point when the fraction terminates within `max` digits.
    fn terminating_digits(self, max: u32) -> Option<u32> {
        (0..=max).find(|&k| (10i128.pow(k) % self.den as i128) == 0)
    }

    /// A JSON number: an integer when whole, the exact decimal when it terminates (halves,
    /// quarters), otherwise rounded to six decimals.
    pub fn to_json(self) -> serde_json::Value {
        if self.den == 1 {
            return serde_json::Value::from(self.num);
        }
        let text = self.to_string();
        text.parse::<f64>()
            .ok()
            .and_then(serde_json::Number::from_f64)
            .map_or(serde_json::Value::Null, serde_json::Value::Number)
    }
}

impl fmt::Display for Ratio {
    /// `23.5`, `2.25`, `8`, `-2`, or `8.285714` (six decimals, rounded) when the decimal does
    /// not terminate.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let digits = self.terminating_digits(9).unwrap_or(6);
        if digits == 0 {
            return write!(f, "{}", self.num);
        }
        let scale = 10i128.pow(digits);
        let scaled = self.num as i128 * scale;
        let den = self.den as i128;
        // Round half away from zero.
        let rounded = if scaled >= 0 {
            (scaled + den / 2) / den
        } else {
            -((-scaled + den / 2) / den)
        };
        let sign = if rounded < 0 { "-" } else { "" };
        let a = rounded.abs();
        let int = a / scale;
        let frac = a % scale;
        let frac = format!("{frac:0width$}", width = digits as usize);
        let frac = frac.trim_end_matches('0');
        if frac.is_empty() {
            write!(f, "{sign}{int}")
        } else {
            write!(f, "{sign}{int}.{frac}")
        }
    }
}

impl Ord for Ratio {
    fn cmp(&self, other: &Ratio) -> Ordering {
        (self.num as i128 * other.den as i128).cmp(&(other.num as i128 * self.den as i128))
    }
}

impl PartialOrd for Ratio {
    fn partial_cmp(&self, other: &Ratio) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Add for Ratio {
    type Output = Ratio;
    fn add(self, o: Ratio) -> Ratio {
        Ratio::new(self.num * o.den + o.num * self.den, self.den * o.den)
    }
}

impl Sub for Ratio {
    type Output = Ratio;
    fn sub(self, o: Ratio) -> Ratio {
        self + (-o)
    }
}

impl Neg for Ratio {
    type Output = Ratio;
    fn neg(self) -> Ratio {
        Ratio {
            num: -self.num,
            den: self.den,
        }
    }
}

impl Mul for Ratio {
    type Output = Ratio;
    fn mul(self, o: Ratio) -> Ratio {
        Ratio::new(self.num * o.num, self.den * o.den)
    }
}

impl Div for Ratio {
    type Output = Ratio;
    fn div(self, o: Ratio) -> Ratio {
        Ratio::new(self.num * o.den, self.den * o.num)
    }
}

impl Default for Ratio {
    fn default() -> Ratio {
        Ratio::ZERO
    }
}

impl From<i64> for Ratio {
    fn from(n: i64) -> Ratio {
        Ratio::int(n)
    }
}

impl std::iter::Sum for Ratio {
    fn sum<I: Iterator<Item = Ratio>>(iter: I) -> Ratio {
        iter.fold(Ratio::ZERO, |a, b| a + b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimals_are_exact_for_halves_and_quarters() {
        for (n, d, text) in [
            (47, 2, "23.5"),
            (9, 4, "2.25"),
            (16, 2, "8"),
            (-14, 7, "-2"),
            (58, 7, "8.285714"),
            (-1, 3, "-0.333333"),
            (1, 8, "0.125"),
        ] {
            assert_eq!(Ratio::new(n, d).to_string(), text, "{n}/{d}");
        }
    }

    #[test]
    fn json_integers_stay_integers() {
        assert_eq!(Ratio::int(8).to_json().to_string(), "8");
        assert_eq!(Ratio::new(47, 2).to_json().to_string(), "23.5");
    }

    #[test]
    fn arithmetic_and_order() {
        let half = Ratio::new(1, 2);
        assert_eq!(half + half, Ratio::ONE);
        assert_eq!(
            Ratio::int(35) / Ratio::int(7) - Ratio::int(7),
            Ratio::int(-2)
        );
        assert!(Ratio::new(1, 3) < Ratio::new(1, 2));
        assert_eq!(Ratio::new(2, -4), Ratio::new(-1, 2));
    }
}
