//! The ASCII diagram format of positions in tests and docs: rows from the top, `X` or `#`
//! Black, `O` White, `.` or `+` empty; spaces are ignored; the number of rows is the size.

use super::board::{BLACK, Board, EMPTY, WHITE};
use super::coord::Coord;
use super::error::RulesError;

impl Board {
    /// Reads a diagram (see the module docs). Blank lines are skipped; every row must have as
    /// many points as there are rows, and every chain must have a liberty.
    pub fn from_diagram(s: &str) -> Result<Board, RulesError> {
        let rows: Vec<Vec<char>> = s
            .lines()
            .map(|l| {
                l.chars()
                    .filter(|c| !c.is_whitespace())
                    .collect::<Vec<char>>()
            })
            .filter(|r| !r.is_empty())
            .collect();
        let size = u8::try_from(rows.len()).map_err(|_| RulesError::BadSize(u8::MAX))?;
        let mut board = Board::new(size)?;
        for (y, row) in rows.iter().enumerate() {
            if row.len() != rows.len() {
                return Err(RulesError::BadDiagram(format!(
                    "row {} has {} points, expected {}",
                    y + 1,
                    row.len(),
                    rows.len()
                )));
            }
            for (x, &ch) in row.iter().enumerate() {
                let v = match ch {
                    'X' | 'x' | '#' => BLACK,
                    'O' | 'o' => WHITE,
                    '.' | '+' => EMPTY,
                    other => {
                        return Err(RulesError::BadDiagram(format!(
                            "unexpected '{other}' in row {}",
                            y + 1
                        )));
                    }
                };
                // x and y are below `size`, which fits in a u8.
                let p = board.cell(Coord::new(x as u8, y as u8));
                board.set_raw(p, v);
            }
        }
        if let Some(c) = board.rebuild() {
            return Err(RulesError::BadDiagram(format!(
                "the chain at {} has no liberty",
                c.to_gtp(size)
            )));
        }
        Ok(board)
    }

    /// The diagram of this board: one line per row from the top, points separated by spaces.
    pub fn to_diagram(&self) -> String {
        let size = usize::from(self.size());
        let mut out = String::with_capacity(size * (2 * size + 1));
        for y in 0..self.size() {
            for x in 0..self.size() {
                if x > 0 {
                    out.push(' ');
                }
                out.push(match self.at(self.cell(Coord::new(x, y))) {
                    BLACK => 'X',
                    WHITE => 'O',
                    _ => '.',
                });
            }
            out.push('\n');
        }
        out
    }
}
