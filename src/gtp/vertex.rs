//! GTP arguments that name Go things: colours, vertices and moves.

use crate::rules::{Color, Coord, Move};

/// Reads a colour: `b`, `black`, `w` or `white`, in any letter case (GTP 2, section 2.8).
pub fn parse_color(word: &str) -> Result<Color, String> {
    match word.to_ascii_lowercase().as_str() {
        "b" | "black" => Ok(Color::Black),
        "w" | "white" => Ok(Color::White),
        _ => Err(format!("syntax error: invalid color '{word}'")),
    }
}

/// Reads a vertex or `pass` (any letter case) on a board of `size`.
pub fn parse_move(word: &str, size: u8) -> Result<Move, String> {
    if word.eq_ignore_ascii_case("pass") {
        return Ok(Move::Pass);
    }
    parse_coord(word, size).map(Move::Play)
}

/// Reads a vertex that must be a point of the board (not `pass`).
pub fn parse_coord(word: &str, size: u8) -> Result<Coord, String> {
    Coord::from_gtp(word, size).ok_or_else(|| format!("syntax error: invalid vertex '{word}'"))
}

/// Writes a move as GTP does: `D4` or `pass`.
pub fn format_move(mv: Move, size: u8) -> String {
    match mv {
        Move::Play(c) => c.to_gtp(size),
        Move::Pass => "pass".to_string(),
    }
}

/// The column letter of `x` (0-based); GTP skips the letter I.
pub fn column_letter(x: u8) -> char {
    let skip_i = u8::from(x >= 8);
    char::from(b'A'.saturating_add(x).saturating_add(skip_i))
}

/// Vertices separated by single spaces, in the order given.
pub fn format_vertices(coords: &[Coord], size: u8) -> String {
    coords
        .iter()
        .map(|c| c.to_gtp(size))
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_in_any_case() {
        for w in ["b", "B", "black", "BLACK", "Black"] {
            assert_eq!(parse_color(w), Ok(Color::Black));
        }
        for w in ["w", "W", "white", "wHiTe"] {
            assert_eq!(parse_color(w), Ok(Color::White));
        }
        for w in ["", "x", "bl", "blackk", "黑"] {
            assert!(parse_color(w).is_err(), "{w}");
        }
    }

    #[test]
    fn column_letters_skip_i() {
        let letters: String = (0..25).map(column_letter).collect();
        assert_eq!(letters, "ABCDEFGHJKLMNOPQRSTUVWXYZ");
    }

    #[test]
    fn pass_in_any_case() {
        assert_eq!(parse_move("PASS", 9), Ok(Move::Pass));
        assert_eq!(parse_move("Pass", 9), Ok(Move::Pass));
    }
}
