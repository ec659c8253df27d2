//! Seeded random games undone back to the empty board, with consistency checks at every step
//! (after KataGo's testboardbasic): chains, liberties, hash and captures must always equal what
//! a from-scratch rebuild gives, and every undo must restore the exact earlier state.

use std::collections::HashSet;

use tianyuan::gtp::policy::SplitMix64;
use tianyuan::rules::{Board, Color, Coord, Game, KoRule, Move, Rules};

/// Everything that must come back on undo.
#[derive(Debug, PartialEq)]
struct Snapshot {
    diagram: String,
    hash: u64,
    captures: (usize, usize),
    to_move: Color,
    moves: usize,
}

fn snapshot(g: &Game) -> Snapshot {
    Snapshot {
        diagram: g.board().to_diagram(),
        hash: g.board().hash(),
        captures: (g.captures(Color::Black), g.captures(Color::White)),
        to_move: g.to_move(),
        moves: g.move_number(),
    }
}

/// The board against a from-scratch rebuild: same hash, same liberties, same chains.
fn assert_consistent(board: &Board) {
    let rebuilt = Board::from_diagram(&board.to_diagram()).expect("a legal position");
    assert_eq!(board.hash(), rebuilt.hash());
    assert_eq!(board.empty_count(), rebuilt.empty_count());
    let empties: HashSet<Coord> = board.empty_points().collect();
    assert_eq!(empties.len(), board.empty_count());
    for c in board.points() {
        assert_eq!(board.liberties(c), rebuilt.liberties(c), "liberties at {c}");
        assert_eq!(board.get(c).is_none(), empties.contains(&c));
    }
    let mut seen = HashSet::new();
    for (c, _) in rebuilt.stones() {
        if seen.contains(&c) {
            continue;
        }
        let chain = rebuilt.chain(c);
        assert_eq!(board.chain(c), chain, "chain at {c}");
        seen.extend(chain);
    }
}

fn random_game_then_undo(size: u8, ko: KoRule, moves: usize, seed: u64) {
    let mut rng = SplitMix64::new(seed);
    let mut g = Game::new(
        size,
        Rules {
            ko,
            ..Rules::default()
        },
    )
    .expect("size");
    let mut snapshots = vec![snapshot(&g)];
    for _ in 0..moves {
        let color = if rng.below(10) == 0 {
            g.to_move().opponent()
        } else {
            g.to_move()
        };
        let empties: Vec<Coord> = g.board().empty_points().collect();
        let mv = if rng.below(30) == 0 || empties.is_empty() {
            Move::Pass
        } else {
            Move::Play(empties[rng.below(empties.len())])
        };
        if g.play(color, mv).is_err() {
            continue;
        }
        assert_consistent(g.board());
        snapshots.push(snapshot(&g));
    }
    if size >= 5 {
        assert!(
            snapshots.len() > 50,
            "too few legal moves: {}",
            snapshots.len()
        );
    }
    snapshots.pop();
    while let Some(want) = snapshots.pop() {
        assert!(g.undo());
        assert_eq!(snapshot(&g), want);
        assert_consistent(g.board());
    }
    assert!(!g.undo());
    assert_eq!(g.board().hash(), 0);
    assert_eq!(
        g.board().empty_count(),
        usize::from(size) * usize::from(size)
    );
}

#[test]
fn random_games_undone_to_the_empty_board() {
    for (i, &size) in [2u8, 3, 5, 7, 9, 13, 19, 25].iter().enumerate() {
        for ko in [KoRule::Positional, KoRule::Situational, KoRule::Simple] {
            random_game_then_undo(size, ko, 600, 0x5eed + i as u64);
        }
    }
}

#[test]
fn random_playouts_play_legal_moves_and_never_fill_own_eyes() {
    for (size, seed) in [(5u8, 1u64), (9, 2), (19, 3)] {
        let mut rng = SplitMix64::new(seed);
        let mut g = Game::new(size, Rules::default()).expect("size");
        let mut passes = 0;
        let mut color = Color::Black;
        while passes < 2 && g.move_number() < 1000 {
            let before = g.clone();
            let mv = g.play_random(color, &mut |n| rng.below(n));
            match mv {
                Move::Play(c) => {
                    assert_eq!(before.check(color, mv), Ok(()));
                    assert!(!before.board().is_eye(c, color), "filled an eye at {c}");
                    passes = 0;
                }
                Move::Pass => {
                    let playable = before
                        .board()
                        .empty_points()
                        .any(|c| !before.board().is_eye(c, color) && before.is_legal(color, c));
                    assert!(!playable, "passed with a move left");
                    passes += 1;
                }
            }
            assert_eq!(g.last_move(), Some((color, mv)));
            assert_consistent(g.board());
            color = color.opponent();
        }
        assert!(g.move_number() > usize::from(size) * usize::from(size) / 2);
    }
}

/// One point's legality for Black and for White.
type PointLegality = (
    Coord,
    Result<(), tianyuan::rules::IllegalMove>,
    Result<(), tianyuan::rules::IllegalMove>,
);

/// Every point's legality for both colours, the repetition answers included.
fn legality(g: &Game) -> Vec<PointLegality> {
    g.board()
        .points()
        .map(|c| {
            (
                c,
                g.check(Color::Black, Move::Play(c)),
                g.check(Color::White, Move::Play(c)),
            )
        })
        .collect()
}

/// Issue 10 (linear in the record): `undo` no longer rebuilds the filter of earlier positions
/// and `set_to_move` no longer rescans the history, and `at_baseline` replaces undoing every
/// move. Each must leave exactly the game a fresh replay of the same moves gives: the same
/// board, side to move, captures and moves, and the same answer for every move afterwards
/// (superko included).
#[test]
fn issue10_cheap_undo_set_to_move_and_at_baseline_match_a_fresh_replay() {
    for (seed, ko) in [
        (11u64, KoRule::Positional),
        (12, KoRule::Situational),
        (13, KoRule::Simple),
    ] {
        let rules = Rules {
            ko,
            ..Rules::default()
        };
        let mut rng = SplitMix64::new(seed);
        let setup_black = [Coord::new(2, 2), Coord::new(3, 3)];
        let setup_white = [Coord::new(4, 4)];
        // The moves since the setup, with whether PL switched the side to move after each.
        let mut played: Vec<(Color, Move, bool)> = Vec::new();
        let mut g = Game::new(7, rules.clone()).expect("size");
        g.play(Color::Black, Move::Play(Coord::new(0, 0)))
            .expect("a move before the setup");
        g.setup(&setup_black, &setup_white, &[]).expect("setup");
        let fresh = |played: &[(Color, Move, bool)]| {
            let mut f = Game::new(7, rules.clone()).expect("size");
            f.play(Color::Black, Move::Play(Coord::new(0, 0)))
                .expect("a move before the setup");
            f.setup(&setup_black, &setup_white, &[]).expect("setup");
            for &(color, mv, switch) in played {
                f.play(color, mv).expect("replayed");
                if switch {
                    f.set_to_move(f.to_move().opponent());
                }
            }
            f
        };
        for step in 0..400 {
            let color = g.to_move();
            let empties: Vec<Coord> = g.board().empty_points().collect();
            let mv = if empties.is_empty() || rng.below(12) == 0 {
                Move::Pass
            } else {
                Move::Play(empties[rng.below(empties.len())])
            };
            if g.play(color, mv).is_ok() {
                let switch = rng.below(8) == 0;
                if switch {
                    g.set_to_move(g.to_move().opponent());
                }
                played.push((color, mv, switch));
            }
            if step % 25 == 24 {
                let k = rng.below(6).min(played.len());
                for _ in 0..k {
                    assert!(g.undo());
                    played.pop();
                }
                let f = fresh(&played);
                assert_eq!(snapshot(&g), snapshot(&f), "seed {seed} step {step}");
                assert_eq!(legality(&g), legality(&f), "seed {seed} step {step}");
            }
        }
        let start = g.at_baseline();
        let mut undone = g.clone();
        while undone.undo() {}
        assert_eq!(snapshot(&start), snapshot(&undone), "seed {seed}");
        assert_eq!(start.moves(), undone.moves());
        assert_eq!(legality(&start), legality(&undone), "seed {seed}");
        assert_eq!(snapshot(&start), snapshot(&fresh(&[])), "seed {seed}");
    }
}
