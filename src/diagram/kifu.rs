//! The printable game record (棋谱): the moves of a game numbered on a series of diagrams.
//!
//! As printed records do, each diagram starts from the position left by the previous one and
//! numbers the next moves (100 by default) on their points. A move played where this diagram
//! already shows a number is written below it as "45 = 39"; a move played where a stone of the
//! starting position stood (it was captured meanwhile) marks that stone with a letter and is
//! written "54 = A"; passes are listed too.

use super::scene::Scene;
use crate::rules::{Color, Coord, Game, Move};

/// A move that cannot be shown by its number on its own point.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KifuNote {
    /// Move `number` was played on the point that shows move `at` (e.g. "45 = 39").
    SamePoint {
        /// The move listed.
        number: usize,
        /// The move whose number stands on the point.
        at: usize,
    },
    /// Move `number` was played where the lettered stone of the starting position stood.
    AtLetter {
        /// The move listed.
        number: usize,
        /// The letter written on that stone.
        letter: String,
    },
    /// Move `number` was a pass (or an illegal move counted as one, Art. 19–20).
    Pass {
        /// The move listed.
        number: usize,
        /// Who passed.
        color: Color,
    },
}

/// One diagram of the record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KifuSheet {
    /// The first move number shown (1-based).
    pub first: usize,
    /// The last move number shown.
    pub last: usize,
    /// Stones of the starting position, numbered stones and letters.
    pub scene: Scene,
    /// Moves listed below the diagram, in move order.
    pub notes: Vec<KifuNote>,
}

/// Splits `moves`, played from the position of `start`, into diagrams of `per_sheet` moves
/// (at least one). A game with no moves gives one diagram of the starting position. Moves are
/// numbered on from `start`'s own moves (those before a setup in the middle of a record), so
/// the numbers are the record's.
pub fn kifu_sheets(start: &Game, moves: &[(Color, Move)], per_sheet: usize) -> Vec<KifuSheet> {
    let per_sheet = per_sheet.max(1);
    let mut game = start.clone();
    let mut number = start.move_number();
    let mut sheets = Vec::new();
    let mut chunks = moves.chunks(per_sheet).peekable();
    if chunks.peek().is_none() {
        return vec![KifuSheet {
            first: number + 1,
            last: number,
            scene: Scene::new(game.board()),
            notes: Vec::new(),
        }];
    }
    for chunk in chunks {
        let mut scene = Scene::new(game.board());
        let first = number + 1;
        let mut notes = Vec::new();
        let mut letters: Vec<(Coord, String)> = Vec::new();
        for &(color, mv) in chunk {
            number += 1;
            let irregular = game.play_tolerant(color, mv);
            let Move::Play(c) = mv else {
                notes.push(KifuNote::Pass { number, color });
                continue;
            };
            if irregular.is_some_and(|i| i.played_as_pass) {
                notes.push(KifuNote::Pass { number, color });
                continue;
            }
            if let Some(at) = scene.marks.number(c) {
                notes.push(KifuNote::SamePoint {
                    number,
                    at: at as usize,
                });
            } else if scene.stone(c).is_some() {
                let letter = match letters.iter().find(|(p, _)| *p == c) {
                    Some((_, l)) => l.clone(),
                    None => {
                        let l = letter_name(letters.len());
                        letters.push((c, l.clone()));
                        l
                    }
                };
                notes.push(KifuNote::AtLetter { number, letter });
            } else {
                scene.set_stone(c, Some(color));
                scene.marks.numbers.push((c, number as u32));
            }
        }
        scene.marks.labels = letters;
        sheets.push(KifuSheet {
            first,
            last: number,
            scene,
            notes,
        });
    }
    sheets
}

/// A, B, …, Z, then AA, AB, … (a game with more recaptures of old stones on one diagram than
/// letters is rare but possible).
fn letter_name(i: usize) -> String {
    const LETTERS: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    let n = LETTERS.len();
    let pick = |k: usize| LETTERS.get(k % n).map_or('?', |&b| char::from(b));
    if i < n {
        pick(i).to_string()
    } else {
        format!("{}{}", pick(i / n - 1), pick(i))
    }
}
