//! The end of a children's game (issue 27 item 7): the children's version of the rules
//! (少儿围棋的规则, 终局规定 ⑴: "无单官或其他官子时，为终局") ends the game when no dame and no
//! other endgame point is left, without waiting for both players to pass; the teaching board
//! and the class's games then count it (the arbiter of a children's event is told the same).
//!
//! Decided on the board alone: the game is over when both colours are on the board, **every
//! empty area touches stones of one colour only** (no dame: no empty point between the two
//! sides, no border still open), and **no chain is in atari** (taking it would still be a
//! move that gains something). Dead stones left inside an area touch it, so their area
//! touches both colours and the game goes on until they are taken — which children's games
//! do; a seki's shared liberties are dame, so a seki is ended by two passes as before.

use crate::rules::{Board, Color, Coord};

use super::chains::neighbours;

/// Why a children's game is not over yet, or that it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Dame {
    /// No dame and no endgame point is left: the game is over.
    NoneLeft,
    /// One colour (or none) is on the board: the game has hardly begun.
    NotBegun,
    /// An empty point touching both colours (the first found), or touching an area that does.
    Open(Coord),
    /// A chain in atari (one of its stones): it can still be taken.
    InAtari(Coord),
}

/// What the children's version says of `board`: whether no dame is left.
pub fn dame(board: &Board) -> Dame {
    if board.count(Color::Black) == 0 || board.count(Color::White) == 0 {
        return Dame::NotBegun;
    }
    let size = board.size();
    let mut seen = vec![false; usize::from(size) * usize::from(size)];
    let index = |c: Coord| usize::from(c.y) * usize::from(size) + usize::from(c.x);
    for start in board.empty_points() {
        if seen[index(start)] {
            continue;
        }
        // One empty area: which colours it touches.
        let (mut black, mut white) = (false, false);
        let mut stack = vec![start];
        seen[index(start)] = true;
        while let Some(p) = stack.pop() {
            for n in neighbours(p, size) {
                match board.get(n) {
                    Some(Color::Black) => black = true,
                    Some(Color::White) => white = true,
                    None if !seen[index(n)] => {
                        seen[index(n)] = true;
                        stack.push(n);
                    }
                    None => {}
                }
            }
        }
        if black && white {
            return Dame::Open(start);
        }
    }
    if let Some((c, _)) = board
        .stones()
        .into_iter()
        .find(|&(c, _)| board.liberties(c) == 1)
    {
        return Dame::InAtari(c);
    }
    Dame::NoneLeft
}

/// Whether the children's game on `board` is over: no dame and no endgame point left.
pub fn no_dame_left(board: &Board) -> bool {
    dame(board) == Dame::NoneLeft
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Game, Rules};

    /// A board from rows of `X` (Black), `O` (White) and `.`, top row first.
    fn board(rows: &[&str]) -> Board {
        let size = u8::try_from(rows.len()).expect("size");
        let (mut black, mut white) = (Vec::new(), Vec::new());
        for (r, row) in rows.iter().enumerate() {
            for (x, ch) in row.chars().enumerate() {
                let c = Coord::new(
                    u8::try_from(x).expect("x"),
                    size - 1 - u8::try_from(r).expect("y"),
                );
                match ch {
                    'X' => black.push(c),
                    'O' => white.push(c),
                    _ => {}
                }
            }
        }
        let mut game = Game::new(size, Rules::default()).expect("game");
        game.setup(&black, &white, &[]).expect("setup");
        game.board().clone()
    }

    /// (name, board, over).
    #[test]
    fn the_game_ends_when_no_dame_is_left_on_a_table() {
        let cases: &[(&str, &[&str], Dame)] = &[
            (
                "empty",
                &[".....", ".....", ".....", ".....", "....."],
                Dame::NotBegun,
            ),
            (
                "one colour",
                &["..X..", ".....", ".....", ".....", "....."],
                Dame::NotBegun,
            ),
            (
                "a wall with a dame in it",
                &["..XO.", "..XO.", "...O.", "..XO.", "..XO."],
                Dame::Open(Coord::new(0, 0)),
            ),
            (
                "the wall closed: over",
                &["..XO.", "..XO.", "..XO.", "..XO.", "..XO."],
                Dame::NoneLeft,
            ),
            (
                "a dead stone left inside: not over",
                &[".OXO.", "..XO.", "..XO.", "..XO.", "..XO."],
                Dame::Open(Coord::new(0, 4)),
            ),
            (
                "a chain in atari: not over",
                &["X.XO.", "XXXO.", "OOOO.", ".....", "....."],
                Dame::InAtari(Coord::new(0, 4)),
            ),
            (
                "an eye is not a dame",
                &["XO.OX", "XO.OX", "XOOOX", "XXXXX", "....."],
                Dame::NoneLeft,
            ),
            (
                "liberties shared by both sides (as a seki's) are dame",
                &["XO.OX", "XO.OX", "XOXOX", "XXXXX", "....."],
                Dame::Open(Coord::new(2, 4)),
            ),
        ];
        for (name, rows, want) in cases {
            let b = board(rows);
            let got = dame(&b);
            match (want, &got) {
                (Dame::Open(_), Dame::Open(_)) | (Dame::InAtari(_), Dame::InAtari(_)) => {}
                _ => assert_eq!(&got, want, "{name}"),
            }
            assert_eq!(no_dame_left(&b), *want == Dame::NoneLeft, "{name}");
        }
    }
}
