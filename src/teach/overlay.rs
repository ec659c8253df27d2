//! What the teaching overlays show, computed from the rules core: the liberty count of every
//! chain, the chains in atari, a preview of the move under the finger (what it would capture,
//! or why it is not allowed) and the stones of the last capture.
//!
//! The teaching UI draws these; nothing here knows about pixels.

use super::chains::{ChainInfo, Chains, neighbours};
use super::explain::{IllegalExplanation, explain_illegal};
use crate::rules::{Board, Color, Coord, Game, Move};

/// The liberty count of every chain, with the stone to write it on ([`ChainInfo::anchor`]).
pub fn liberty_counts(board: &Board) -> Vec<ChainInfo> {
    Chains::of(board).all().to_vec()
}

/// The chains with one liberty left (打吃), of both colours.
pub fn chains_in_atari(board: &Board) -> Vec<ChainInfo> {
    Chains::of(board)
        .all()
        .iter()
        .filter(|ch| ch.in_atari())
        .cloned()
        .collect()
}

/// What a stone on the hovered point would do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HoverPreview {
    /// The move is legal; here is what it does.
    Legal(MovePreview),
    /// The move is not allowed; here is why.
    Illegal(IllegalExplanation),
}

/// The effect of a legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MovePreview {
    /// The point.
    pub point: Coord,
    /// Who would play.
    pub color: Color,
    /// The opponent stones it would capture (提子), row by row from the top.
    pub captures: Vec<Coord>,
    /// The liberties the new stone's chain would have.
    pub liberties: usize,
    /// Whether the new chain would be in atari itself (自己打吃: a warning, not a rule).
    pub self_atari: bool,
    /// Stones of opponent chains the move would put in atari (打吃), row by row from the top.
    pub ataris: Vec<Coord>,
}

/// What `color` playing on `point` would do in `game`.
pub fn preview(game: &Game, color: Color, point: Coord) -> HoverPreview {
    let mv = Move::Play(point);
    if let Some(why) = explain_illegal(game, color, mv) {
        return HoverPreview::Illegal(why);
    }
    let mut after = game.clone();
    let played = match after.play(color, mv) {
        Ok(p) => p,
        // `explain_illegal` has just found the move legal; answer consistently anyway.
        Err(reason) => {
            return HoverPreview::Illegal(IllegalExplanation {
                reason,
                kind: super::explain::IllegalKind::Occupied,
                color,
                point,
                stones: Vec::new(),
            });
        }
    };
    let board = after.board();
    let liberties = board.liberties(point);
    let mut ataris: Vec<Coord> = Vec::new();
    for q in neighbours(point, board.size()) {
        if board.get(q) == Some(color.opponent()) && board.liberties(q) == 1 && !ataris.contains(&q)
        {
            ataris.extend(board.chain(q));
        }
    }
    ataris.sort_by_key(|c| (c.y, c.x));
    ataris.dedup();
    let mut captures = played.captured;
    captures.sort_by_key(|c| (c.y, c.x));
    HoverPreview::Legal(MovePreview {
        point,
        color,
        captures,
        liberties,
        self_atari: liberties == 1,
        ataris,
    })
}

/// The latest capture of the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LastCapture {
    /// Who captured.
    pub by: Color,
    /// The stone that captured.
    pub at: Coord,
    /// The number of the capturing move (1 = the first move).
    pub move_number: usize,
    /// Where the captured stones stood, row by row from the top.
    pub stones: Vec<Coord>,
}

/// The latest move that captured, with the stones it removed; `None` if no move since the
/// start (or the last setup) captured anything.
pub fn last_capture(game: &Game) -> Option<LastCapture> {
    let mut g = game.clone();
    loop {
        let (color, mv) = g.last_move()?;
        let number = g.move_number();
        let after = g.board().clone();
        let before_captures = g.captures(color);
        if !g.undo() {
            return None;
        }
        let Move::Play(at) = mv else { continue };
        if g.captures(color) == before_captures {
            continue;
        }
        let mut stones: Vec<Coord> = g
            .board()
            .points()
            .filter(|&c| g.board().get(c) == Some(color.opponent()) && after.get(c).is_none())
            .collect();
        stones.sort_by_key(|c| (c.y, c.x));
        return Some(LastCapture {
            by: color,
            at,
            move_number: number,
            stones,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;
    use crate::teach::explain::IllegalKind;

    fn game(diagram: &str) -> Game {
        Game::from_board(
            Board::from_diagram(diagram).expect("valid diagram"),
            Rules::default(),
            Color::Black,
        )
    }

    fn at(s: &str, size: u8) -> Coord {
        Coord::from_gtp(s, size).unwrap_or_else(|| panic!("bad vertex {s}"))
    }

    fn pts(list: &[&str], size: u8) -> Vec<Coord> {
        let mut v: Vec<Coord> = list.iter().map(|s| at(s, size)).collect();
        v.sort_by_key(|c| (c.y, c.x));
        v
    }

    const POSITION: &str = ". . . . .
                            . O O . .
                            O X X O .
                            . O . . .
                            . . . . .";

    #[test]
    fn liberty_counts_match_the_rules_core() {
        let g = game(POSITION);
        let board = g.board();
        for ch in liberty_counts(board) {
            for &s in &ch.stones {
                assert_eq!(ch.liberty_count(), board.liberties(s));
            }
            assert!(ch.stones.contains(&ch.anchor));
        }
        let atari = chains_in_atari(board);
        assert_eq!(atari.len(), 1);
        assert_eq!(atari[0].stones, pts(&["B3", "C3"], 5));
        assert_eq!(atari[0].liberties, pts(&["C2"], 5));
    }

    /// (name, colour, point, captures, liberties, self-atari, ataris) for legal moves.
    type PreviewCase<'a> = (
        &'a str,
        Color,
        &'a str,
        &'a [&'a str],
        usize,
        bool,
        &'a [&'a str],
    );

    #[test]
    fn hover_preview_table() {
        let g = game(POSITION);
        let cases: &[PreviewCase] = &[
            (
                "white captures two",
                Color::White,
                "C2",
                &["B3", "C3"],
                6,
                false,
                &[],
            ),
            (
                "black runs out to two liberties",
                Color::Black,
                "C2",
                &[],
                2,
                false,
                &[],
            ),
            ("quiet move", Color::Black, "E5", &[], 2, false, &[]),
            (
                "self-atari that ataris A3",
                Color::Black,
                "A4",
                &[],
                1,
                true,
                &["A3"],
            ),
        ];
        for (name, color, point, captures, libs, self_atari, ataris) in cases {
            match preview(&g, *color, at(point, 5)) {
                HoverPreview::Legal(p) => {
                    assert_eq!(p.captures, pts(captures, 5), "{name}");
                    assert_eq!(p.liberties, *libs, "{name}");
                    assert_eq!(p.self_atari, *self_atari, "{name}");
                    assert_eq!(p.ataris, pts(ataris, 5), "{name}");
                }
                HoverPreview::Illegal(e) => panic!("{name}: illegal {e:?}"),
            }
        }
        match preview(&g, Color::Black, at("B3", 5)) {
            HoverPreview::Illegal(e) => assert_eq!(e.kind, IllegalKind::Occupied),
            other => panic!("occupied point: {other:?}"),
        }
    }

    #[test]
    fn last_capture_finds_the_latest_capturing_move() {
        let mut g = game(POSITION);
        assert_eq!(last_capture(&g), None);
        g.play(Color::White, Move::Play(at("C2", 5)))
            .expect("capture");
        g.play(Color::Black, Move::Play(at("E5", 5)))
            .expect("quiet");
        let last = last_capture(&g).expect("a capture");
        assert_eq!(last.by, Color::White);
        assert_eq!(last.at, at("C2", 5));
        assert_eq!(last.move_number, 1);
        assert_eq!(last.stones, pts(&["B3", "C3"], 5));
    }
}
