//! Property tests: the rules core against a deliberately simple flood-fill reference board on
//! random move sequences on small boards — same legality, same stones, same captures, same
//! liberties, and an incremental hash equal to the hash recomputed from scratch.

#[path = "support/reference.rs"]
mod reference;

use proptest::prelude::*;
use reference::{Reference, Refusal};
use tianyuan::rules::{Board, Color, Coord, Game, IllegalMove, KoRule, Move, Rules};

fn same_kind(ours: Result<(), IllegalMove>, theirs: Result<(), Refusal>) -> bool {
    match (ours, theirs) {
        (
            Err(IllegalMove::Ko {
                repeats_after_move: a,
            }),
            Err(Refusal::Repetition(b)),
        )
        | (
            Err(IllegalMove::Superko {
                repeats_after_move: a,
            }),
            Err(Refusal::Repetition(b)),
        ) => a == b,
        (ours, theirs) => matches!(
            (ours, theirs),
            (Ok(()), Ok(()))
                | (Err(IllegalMove::Occupied), Err(Refusal::Occupied))
                | (Err(IllegalMove::Suicide), Err(Refusal::Suicide))
        ),
    }
}

fn check_consistency(game: &Game, reference: &Reference) -> Result<(), TestCaseError> {
    let board = game.board();
    let size = reference.size;
    for y in 0..size {
        for x in 0..size {
            let c = Coord::new(x as u8, y as u8);
            let i = y * size + x;
            prop_assert_eq!(board.get(c), reference.grid[i], "stone at {:?}", c);
            if reference.grid[i].is_some() {
                let (chain, libs) = reference.chain(&reference.grid, i);
                prop_assert_eq!(board.liberties(c), libs, "liberties at {:?}", c);
                prop_assert_eq!(board.chain(c).len(), chain.len(), "chain at {:?}", c);
            }
        }
    }
    let recomputed =
        Board::from_diagram(&board.to_diagram()).map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert_eq!(board.hash(), recomputed.hash());
    prop_assert_eq!(
        board.empty_count(),
        reference.grid.iter().filter(|p| p.is_none()).count()
    );
    prop_assert_eq!(game.captures(Color::Black), reference.captures[0]);
    prop_assert_eq!(game.captures(Color::White), reference.captures[1]);
    Ok(())
}

fn run(size: u8, ko: KoRule, moves: &[(u8, u8, bool)]) -> Result<(), TestCaseError> {
    let rules = Rules {
        ko,
        ..Rules::default()
    };
    let mut game = Game::new(size, rules).map_err(|e| TestCaseError::fail(e.to_string()))?;
    let mut reference = Reference::new(usize::from(size));
    for &(x, y, pass) in moves {
        let color = game.to_move();
        if pass {
            game.play(color, Move::Pass)
                .map_err(|e| TestCaseError::fail(e.to_string()))?;
            reference.pass(color);
            continue;
        }
        let c = Coord::new(x % size, y % size);
        let ours = game.check(color, Move::Play(c));
        let theirs = reference.try_move(color, c, ko);
        prop_assert!(
            same_kind(ours, theirs.as_ref().map(|_| ()).map_err(|r| *r)),
            "{:?} at {:?}: ours {:?}, reference {:?}\n{}",
            color,
            c,
            ours,
            theirs.as_ref().err(),
            game.board().to_diagram()
        );
        prop_assert_eq!(game.is_legal(color, c), ours.is_ok());
        if let Ok((grid, captured)) = theirs {
            let played = game
                .play(color, Move::Play(c))
                .map_err(|e| TestCaseError::fail(e.to_string()))?;
            let want: Vec<Coord> = captured
                .iter()
                .map(|&i| Coord::new((i % usize::from(size)) as u8, (i / usize::from(size)) as u8))
                .collect();
            let mut want = want;
            want.sort();
            prop_assert_eq!(&played.captured, &want);
            // The simple-ko cycle detector names the latest earlier equal arrangement.
            let cycle = match ko {
                KoRule::Simple => reference.history.iter().rposition(|(g, _)| *g == grid),
                KoRule::Positional | KoRule::Situational => None,
            };
            prop_assert_eq!(played.repeats_after_move, cycle);
            reference.commit(color, grid, captured.len());
        } else {
            // A refused move changes nothing; the side to move passes instead.
            game.play(color, Move::Pass)
                .map_err(|e| TestCaseError::fail(e.to_string()))?;
            reference.pass(color);
        }
        check_consistency(&game, &reference)?;
    }
    Ok(())
}

fn moves(max: usize) -> impl Strategy<Value = Vec<(u8, u8, bool)>> {
    prop::collection::vec((0u8..25, 0u8..25, prop::bool::weighted(0.05)), 1..max)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn same_as_reference_positional(size in 2u8..=6, seq in moves(120)) {
        run(size, KoRule::Positional, &seq)?;
    }

    #[test]
    fn same_as_reference_situational(size in 2u8..=6, seq in moves(120)) {
        run(size, KoRule::Situational, &seq)?;
    }

    #[test]
    fn same_as_reference_simple(size in 2u8..=6, seq in moves(120)) {
        run(size, KoRule::Simple, &seq)?;
    }
}

proptest! {
    #[test]
    fn text_input_never_panics(s in ".{0,40}", size in 0u8..=30) {
        let _ = Coord::from_gtp(&s, size);
        let _ = Coord::from_sgf(&s, size);
        let _ = Board::from_diagram(&s);
    }

    #[test]
    fn diagrams_of_any_characters_never_panic(rows in prop::collection::vec("[XO.#+ a]{0,8}", 0..9)) {
        if let Ok(board) = Board::from_diagram(&rows.join("\n")) {
            prop_assert_eq!(Board::from_diagram(&board.to_diagram()), Ok(board));
        }
    }
}
