//! Property tests: the rules core against a deliberately simple flood-fill reference board on
//! random move sequences on small boards — same legality, same stones, same captures, same
//! liberties, and an incremental hash equal to the hash recomputed from scratch.
//!
//! The capture-rich games (issue 21) check the superko shortcuts — the filter of earlier
//! positions, the cells no capture has emptied, the immediate-recapture test — against the
//! reference's comparison with every earlier grid: at every step, for every point of the
//! board, not only for the move played; with undo and the random playout policy mixed in.

#[path = "support/reference.rs"]
mod reference;

use proptest::prelude::*;
use reference::{Reference, Refusal};
use tianyuan::rng::SplitMix64;
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

/// One step of a capture-rich random game.
#[derive(Clone, Copy, Debug)]
enum Step {
    /// Take the last liberty of an opponent chain in atari (the `n`-th such point), or else
    /// a move next to the last one.
    Capture(u8),
    /// A point next to or diagonal to the last move (fights, kos), or else anywhere.
    Near(u8),
    /// Any point.
    Anywhere(u8, u8),
    /// The random playout policy's move (`Game::play_random`), checked against the reference.
    Policy(u64),
    /// A pass.
    Pass,
    /// Take the last move back (both sides), when there is one.
    Undo,
}

fn rich_steps(max: usize) -> impl Strategy<Value = Vec<Step>> {
    let step = prop_oneof![
        6 => any::<u8>().prop_map(Step::Capture),
        4 => any::<u8>().prop_map(Step::Near),
        3 => (any::<u8>(), any::<u8>()).prop_map(|(x, y)| Step::Anywhere(x, y)),
        2 => any::<u64>().prop_map(Step::Policy),
        1 => Just(Step::Pass),
        1 => Just(Step::Undo),
    ];
    prop::collection::vec(step, 1..max)
}

/// What a capture-rich game did, to show it exercised what it claims to.
#[derive(Debug, Default)]
struct Tally {
    moves: usize,
    captures: usize,
    repetitions_refused: usize,
    undos: usize,
    points_checked: usize,
}

fn point_of(i: usize, size: usize) -> Coord {
    Coord::new((i % size) as u8, (i / size) as u8)
}

/// The points that take the last liberty of an opponent chain (reference grid, flood fill).
fn capturing_points(reference: &Reference, color: Color) -> Vec<Coord> {
    let size = reference.size;
    let mut out = Vec::new();
    for i in 0..size * size {
        if reference.grid[i] != Some(color.opponent()) {
            continue;
        }
        let (chain, libs) = reference.chain(&reference.grid, i);
        if libs != 1 {
            continue;
        }
        for &s in &chain {
            let c = point_of(s, size);
            for (dx, dy) in [(0i32, -1i32), (-1, 0), (1, 0), (0, 1)] {
                let (x, y) = (i32::from(c.x) + dx, i32::from(c.y) + dy);
                if (0..size as i32).contains(&x) && (0..size as i32).contains(&y) {
                    let j = y as usize * size + x as usize;
                    let q = point_of(j, size);
                    if reference.grid[j].is_none() && !out.contains(&q) {
                        out.push(q);
                    }
                }
            }
        }
    }
    out
}

/// The empty points around `c` (its eight neighbours).
fn near_points(reference: &Reference, c: Coord) -> Vec<Coord> {
    let size = reference.size as i32;
    let mut out = Vec::new();
    for dy in -1i32..=1 {
        for dx in -1i32..=1 {
            let (x, y) = (i32::from(c.x) + dx, i32::from(c.y) + dy);
            if (dx, dy) != (0, 0) && (0..size).contains(&x) && (0..size).contains(&y) {
                let j = (y * size + x) as usize;
                if reference.grid[j].is_none() {
                    out.push(point_of(j, size as usize));
                }
            }
        }
    }
    out
}

/// Every point's legality for `color`, ours (with every shortcut) against the reference's full
/// comparison with the history.
fn check_every_point(
    game: &Game,
    reference: &Reference,
    ko: KoRule,
    color: Color,
    tally: &mut Tally,
) -> Result<(), TestCaseError> {
    let size = reference.size;
    for i in 0..size * size {
        let c = point_of(i, size);
        let ours = game.check(color, Move::Play(c));
        let theirs = reference.try_move(color, c, ko);
        prop_assert!(
            same_kind(ours, theirs.as_ref().map(|_| ()).map_err(|r| *r)),
            "{:?} at {:?}: ours {:?}, reference {:?} after {} moves\n{}",
            color,
            c,
            ours,
            theirs.as_ref().err(),
            game.move_number(),
            game.board().to_diagram()
        );
        prop_assert_eq!(game.is_legal(color, c), ours.is_ok());
        if matches!(theirs, Err(Refusal::Repetition(_))) {
            tally.repetitions_refused += 1;
        }
        tally.points_checked += 1;
    }
    Ok(())
}

/// Plays `steps` on a `size` board in `game` and in the reference side by side.
fn run_rich(size: u8, ko: KoRule, steps: &[Step]) -> Result<Tally, TestCaseError> {
    let rules = Rules {
        ko,
        ..Rules::default()
    };
    let mut game = Game::new(size, rules).map_err(|e| TestCaseError::fail(e.to_string()))?;
    let mut reference = Reference::new(usize::from(size));
    let mut earlier: Vec<Reference> = Vec::new();
    let mut tally = Tally::default();
    for &step in steps {
        let color = game.to_move();
        check_every_point(&game, &reference, ko, color, &mut tally)?;
        let last = match game.last_move() {
            Some((_, Move::Play(c))) => Some(c),
            _ => None,
        };
        let anywhere = |x: u8, y: u8| Coord::new(x % size, y % size);
        let target = match step {
            Step::Pass => None,
            Step::Undo => {
                if let Some(before) = earlier.pop() {
                    prop_assert!(game.undo());
                    reference = before;
                    tally.undos += 1;
                    check_consistency(&game, &reference)?;
                }
                continue;
            }
            Step::Policy(seed) => {
                let mut rng = SplitMix64::new(seed);
                let played = game.play_random(color, &mut |n| rng.below(n));
                let before = reference.clone();
                match played {
                    Move::Pass => {
                        // No qualifying point: each is illegal or an own one-point eye.
                        for i in 0..usize::from(size) * usize::from(size) {
                            let c = point_of(i, usize::from(size));
                            prop_assert!(
                                reference.try_move(color, c, ko).is_err()
                                    || game.board().is_eye(c, color),
                                "the policy passed with {:?} playable",
                                c
                            );
                        }
                        reference.pass(color);
                    }
                    Move::Play(c) => {
                        let Ok((grid, captured)) = before.try_move(color, c, ko) else {
                            return Err(TestCaseError::fail(format!(
                                "the policy played the illegal {c:?}"
                            )));
                        };
                        tally.moves += 1;
                        tally.captures += captured.len();
                        reference.commit(color, grid, captured.len());
                    }
                }
                earlier.push(before);
                check_consistency(&game, &reference)?;
                continue;
            }
            Step::Capture(k) => {
                let options = capturing_points(&reference, color);
                if options.is_empty() {
                    let near = last.map(|c| near_points(&reference, c)).unwrap_or_default();
                    near.get(usize::from(k) % near.len().max(1))
                        .copied()
                        .or(Some(anywhere(k, k / 7)))
                } else {
                    Some(options[usize::from(k) % options.len()])
                }
            }
            Step::Near(k) => {
                let near = last.map(|c| near_points(&reference, c)).unwrap_or_default();
                near.get(usize::from(k) % near.len().max(1))
                    .copied()
                    .or(Some(anywhere(k, k / 5)))
            }
            Step::Anywhere(x, y) => Some(anywhere(x, y)),
        };
        earlier.push(reference.clone());
        match target.map(|c| (c, reference.try_move(color, c, ko))) {
            Some((c, Ok((grid, captured)))) => {
                let played = game
                    .play(color, Move::Play(c))
                    .map_err(|e| TestCaseError::fail(e.to_string()))?;
                let mut want: Vec<Coord> = captured
                    .iter()
                    .map(|&i| point_of(i, usize::from(size)))
                    .collect();
                want.sort();
                prop_assert_eq!(&played.captured, &want);
                tally.moves += 1;
                tally.captures += captured.len();
                reference.commit(color, grid, captured.len());
            }
            _ => {
                // A pass, or a refused move (which changes nothing): the side to move passes.
                game.play(color, Move::Pass)
                    .map_err(|e| TestCaseError::fail(e.to_string()))?;
                reference.pass(color);
            }
        }
        check_consistency(&game, &reference)?;
    }
    Ok(tally)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn capture_rich_games_positional(size in 2u8..=5, seq in rich_steps(220)) {
        run_rich(size, KoRule::Positional, &seq)?;
    }

    #[test]
    fn capture_rich_games_situational(size in 2u8..=5, seq in rich_steps(220)) {
        run_rich(size, KoRule::Situational, &seq)?;
    }

    #[test]
    fn capture_rich_games_simple(size in 2u8..=5, seq in rich_steps(220)) {
        run_rich(size, KoRule::Simple, &seq)?;
    }
}

/// The capture-rich games do what they are for: seeded ones, on the sizes the property tests
/// use, capture often and meet many refused repetitions, every one of them judged alike.
#[test]
fn capture_rich_games_capture_and_repeat() {
    let mut rng = SplitMix64::new(21);
    let mut total = Tally::default();
    for game in 0..24u8 {
        let size = 3 + game % 3;
        let steps: Vec<Step> = (0..200)
            .map(|_| match rng.below(17) {
                0..=5 => Step::Capture(rng.below(256) as u8),
                6..=9 => Step::Near(rng.below(256) as u8),
                10..=12 => Step::Anywhere(rng.below(256) as u8, rng.below(256) as u8),
                13 | 14 => Step::Policy(rng.next_u64()),
                15 => Step::Pass,
                _ => Step::Undo,
            })
            .collect();
        let tally = match run_rich(size, KoRule::Positional, &steps) {
            Ok(t) => t,
            Err(e) => panic!("game {game}: {e}"),
        };
        total.moves += tally.moves;
        total.captures += tally.captures;
        total.repetitions_refused += tally.repetitions_refused;
        total.undos += tally.undos;
        total.points_checked += tally.points_checked;
    }
    assert!(total.captures * 4 > total.moves, "{total:?}");
    assert!(total.repetitions_refused > 150, "{total:?}");
    assert!(total.undos > 100, "{total:?}");
}
