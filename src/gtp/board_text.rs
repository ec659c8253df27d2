//! The board as text for `showboard`.

use super::vertex::column_letter;
use crate::rules::{Color, Coord, Game};

/// The board GNU Go style: `X` Black, `O` White, `.` empty, coordinates all round, then the
/// capture counts. Starts with a newline so that the diagram begins on its own line.
pub fn showboard(game: &Game) -> String {
    let board = game.board();
    let size = board.size();
    let letters: String = (0..size)
        .map(|x| format!(" {}", column_letter(x)))
        .collect();
    let mut out = format!("\n  {letters}\n");
    for y in 0..size {
        let row = usize::from(size - y);
        out.push_str(&format!("{row:>2}"));
        for x in 0..size {
            let ch = match board.get(Coord::new(x, y)) {
                Some(Color::Black) => 'X',
                Some(Color::White) => 'O',
                None => '.',
            };
            out.push(' ');
            out.push(ch);
        }
        out.push_str(&format!(" {row}\n"));
    }
    out.push_str(&format!("  {letters}\n"));
    out.push_str(&format!(
        "Black (X) has captured {} stones\nWhite (O) has captured {} stones",
        game.captures(Color::Black),
        game.captures(Color::White)
    ));
    out
}
