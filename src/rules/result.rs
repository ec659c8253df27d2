//! The result of a counted game, in stones (子) and in SGF points.

use super::color::Color;
use super::komi::write_quarters;

/// Who won and by how much, in quarter-stones (1 stone = 2 points).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameResult {
    /// The winner; `None` for a draw (和棋).
    pub winner: Option<Color>,
    /// The margin in quarter-stones (0 for a draw).
    pub margin_quarters: u32,
}

impl GameResult {
    /// The margin in points (SGF, GTP): a quarter-stone is half a point.
    pub fn margin_points(&self) -> f64 {
        f64::from(self.margin_quarters) / 2.0
    }

    /// The SGF `RE` value: "B+3.5", "W+0.5", "B+7", or "0" for a draw.
    pub fn to_sgf(&self) -> String {
        match self.winner {
            None => "0".to_owned(),
            Some(w) => {
                let halves = self.margin_quarters;
                if halves.is_multiple_of(2) {
                    format!("{}+{}", w.letter(), halves / 2)
                } else {
                    format!("{}+{}.5", w.letter(), halves / 2)
                }
            }
        }
    }

    /// Simplified Chinese: "黑胜1¾子", "白胜¼子", "和棋".
    pub fn zh_hans(&self) -> String {
        self.chinese(["黑胜", "白胜"])
    }

    /// Traditional Chinese: "黑勝1¾子", "白勝¼子", "和棋".
    pub fn zh_hant(&self) -> String {
        self.chinese(["黑勝", "白勝"])
    }

    /// English: "Black wins by 1¾ stones", "White wins by ¼ stone", "Draw".
    pub fn en(&self) -> String {
        let Some(w) = self.winner else {
            return "Draw".to_owned();
        };
        let side = match w {
            Color::Black => "Black",
            Color::White => "White",
        };
        let unit = if self.margin_quarters <= 4 {
            "stone"
        } else {
            "stones"
        };
        format!("{side} wins by {} {unit}", self.stones())
    }

    fn chinese(&self, wins: [&str; 2]) -> String {
        match self.winner {
            None => "和棋".to_owned(),
            Some(w) => format!("{}{}子", wins[w.index()], self.stones()),
        }
    }

    fn stones(&self) -> String {
        let mut s = String::new();
        // Writing to a String cannot fail.
        let _ = write_quarters(&mut s, i64::from(self.margin_quarters));
        s
    }
}
