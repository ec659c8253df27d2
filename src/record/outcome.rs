//! The `RE` property both ways: SGF spellings and Chinese ones (黑胜1¾子) ⇄ [`Outcome`].

use crate::rules::{Color, GameResult};

/// A recorded result (`RE`), as far as it can be understood.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A counted result with a margin (or a draw): `B+3.5`, `W+0.5`, `0`.
    Counted(GameResult),
    /// Won by resignation (`B+R`, `B+Resign`, 中盘胜).
    Resignation(Color),
    /// Won on time (`B+T`, `B+Time`, 超时胜).
    Time(Color),
    /// Won by forfeit (`B+F`, `B+Forfeit`).
    Forfeit(Color),
    /// Won, margin not given (`B+`).
    Win(Color),
    /// No result (`Void`, 无胜负).
    Void,
    /// Unknown (`?`).
    Unknown,
}

impl Outcome {
    /// Reads an `RE` value (already unescaped). `None` when it is not understood.
    pub fn parse(text: &str) -> Option<Outcome> {
        let t = text.trim();
        let lower = t.to_ascii_lowercase();
        match lower.as_str() {
            "0" | "draw" | "jigo" | "d" | "和棋" | "和" | "持碁" => {
                return Some(Outcome::Counted(GameResult {
                    winner: None,
                    margin_quarters: 0,
                }));
            }
            "void" | "无胜负" | "無勝負" => return Some(Outcome::Void),
            "?" | "unknown" => return Some(Outcome::Unknown),
            _ => {}
        }
        if let Some(o) = parse_chinese(t) {
            return Some(o);
        }
        let mut chars = t.chars();
        let winner = match chars.next()?.to_ascii_uppercase() {
            'B' => Color::Black,
            'W' => Color::White,
            _ => return None,
        };
        let rest = chars.as_str().trim_start();
        let rest = rest.strip_prefix('+')?.trim();
        let lower = rest.to_ascii_lowercase();
        Some(match lower.as_str() {
            "" => Outcome::Win(winner),
            "r" | "resign" | "resignation" => Outcome::Resignation(winner),
            "t" | "time" => Outcome::Time(winner),
            "f" | "forfeit" => Outcome::Forfeit(winner),
            _ => {
                let points: f64 = rest.parse().ok()?;
                Outcome::Counted(result_from_points(winner, points)?)
            }
        })
    }

    /// The FF[4] `RE` spelling: `B+3.5`, `W+R`, `B+T`, `B+F`, `B+`, `0`, `Void`, `?`.
    pub fn to_sgf(&self) -> String {
        match self {
            Outcome::Counted(r) => r.to_sgf(),
            Outcome::Resignation(c) => format!("{}+R", c.letter()),
            Outcome::Time(c) => format!("{}+T", c.letter()),
            Outcome::Forfeit(c) => format!("{}+F", c.letter()),
            Outcome::Win(c) => format!("{}+", c.letter()),
            Outcome::Void => "Void".to_string(),
            Outcome::Unknown => "?".to_string(),
        }
    }

    /// Simplified Chinese, e.g. "黑胜1¾子", "白中盘胜", "黑超时胜".
    pub fn zh_hans(&self) -> String {
        self.chinese(false)
    }

    /// Traditional Chinese, e.g. "黑勝1¾子", "白中盤勝".
    pub fn zh_hant(&self) -> String {
        self.chinese(true)
    }

    /// English, e.g. "Black wins by 1¾ stones", "White wins by resignation".
    pub fn en(&self) -> String {
        let side = |c: &Color| match c {
            Color::Black => "Black",
            Color::White => "White",
        };
        match self {
            Outcome::Counted(r) => r.en(),
            Outcome::Resignation(c) => format!("{} wins by resignation", side(c)),
            Outcome::Time(c) => format!("{} wins on time", side(c)),
            Outcome::Forfeit(c) => format!("{} wins by forfeit", side(c)),
            Outcome::Win(c) => format!("{} wins", side(c)),
            Outcome::Void => "No result".to_string(),
            Outcome::Unknown => "Unknown result".to_string(),
        }
    }

    fn chinese(&self, traditional: bool) -> String {
        let side = |c: &Color| match c {
            Color::Black => "黑",
            Color::White => "白",
        };
        let win = if traditional { "勝" } else { "胜" };
        match self {
            Outcome::Counted(r) if traditional => r.zh_hant(),
            Outcome::Counted(r) => r.zh_hans(),
            Outcome::Resignation(c) if traditional => format!("{}中盤勝", side(c)),
            Outcome::Resignation(c) => format!("{}中盘胜", side(c)),
            Outcome::Time(c) if traditional => format!("{}超時勝", side(c)),
            Outcome::Time(c) => format!("{}超时胜", side(c)),
            Outcome::Forfeit(c) => format!("{}{}（判）", side(c), win),
            Outcome::Win(c) => format!("{}{win}", side(c)),
            Outcome::Void if traditional => "無勝負".to_string(),
            Outcome::Void => "无胜负".to_string(),
            Outcome::Unknown => "？".to_string(),
        }
    }
}

/// A margin in points (SGF) as a result; `None` unless a non-negative multiple of 0.5.
pub fn result_from_points(winner: Color, points: f64) -> Option<GameResult> {
    let quarters = points * 2.0;
    if !quarters.is_finite() || quarters < 0.0 || quarters.fract() != 0.0 || quarters > 1.0e6 {
        return None;
    }
    let margin_quarters = quarters as u32;
    Some(GameResult {
        winner: (margin_quarters > 0).then_some(winner),
        margin_quarters,
    })
}

/// Chinese spellings: 黑胜1¾子, 白勝3又1/4子, 黑中盘胜, 白超时胜, 黑胜 (margin in stones).
fn parse_chinese(t: &str) -> Option<Outcome> {
    let mut chars = t.chars();
    let winner = match chars.next()? {
        '黑' => Color::Black,
        '白' => Color::White,
        _ => return None,
    };
    let rest = chars.as_str().trim();
    if rest.starts_with("中盘") || rest.starts_with("中盤") || rest.contains("中押") {
        return Some(Outcome::Resignation(winner));
    }
    if rest.starts_with("超时") || rest.starts_with("超時") {
        return Some(Outcome::Time(winner));
    }
    let rest = rest
        .strip_prefix('胜')
        .or_else(|| rest.strip_prefix('勝'))?
        .trim();
    if rest.is_empty() {
        return Some(Outcome::Win(winner));
    }
    let number = rest.strip_suffix('子').unwrap_or(rest).trim();
    let quarters = stones_to_quarters(number)?;
    Some(Outcome::Counted(GameResult {
        winner: (quarters > 0).then_some(winner),
        margin_quarters: quarters,
    }))
}

/// "1¾", "3又1/4", "½", "2.25", "7" stones → quarter-stones.
fn stones_to_quarters(s: &str) -> Option<u32> {
    let (whole, frac) = if let Some(w) = s.strip_suffix('¼') {
        (w, 1)
    } else if let Some(w) = s.strip_suffix('½') {
        (w, 2)
    } else if let Some(w) = s.strip_suffix('¾') {
        (w, 3)
    } else if let Some((w, f)) = s.split_once('又') {
        let q = match f.trim() {
            "1/4" | "四分之一" => 1,
            "1/2" | "2/4" | "二分之一" | "半" => 2,
            "3/4" | "四分之三" => 3,
            _ => return None,
        };
        (w, q)
    } else {
        let v: f64 = s.parse().ok()?;
        let q = v * 4.0;
        if !q.is_finite() || q < 0.0 || q.fract() != 0.0 || q > 1.0e6 {
            return None;
        }
        return Some(q as u32);
    };
    let whole: u32 = if whole.trim().is_empty() {
        0
    } else {
        whole.trim().parse().ok()?
    };
    whole.checked_mul(4)?.checked_add(frac)
}
