//! A simulated board's game, planned from a real record: the setup, then every action with
//! its instant on the session's time line — the record's moves with think times, a few of the
//! arbiter's rulings at some tables (a warning, a referral, a second warning), and the end
//! the record gives (resignation, time-out, or both confirmations and the count). Pure and
//! deterministic: the same record and table give the same plan, so a simulation killed and
//! started again goes on where its journal stops.

use crate::clock::Timestamp;
use crate::record::{GameTree, Outcome as RecordOutcome, replay_main_line};
use crate::rules::{Color, Coord, Move};
use crate::session::shorthand::{Action, Line, parse_setup};
use crate::session::{Event, GameSetup, Handicap, Phase, Session};

/// The clock every simulated game uses: two hours with five reserved minutes.
pub const SIM_TIME: &str = "chinese:limit=2h,reserve=5";

/// A game taken from a record.
#[derive(Clone, Debug)]
pub struct SimGame {
    /// Where it came from (file and tree).
    pub name: String,
    /// Board size.
    pub size: u8,
    /// Komi from the record, if any.
    pub komi: Option<crate::rules::Komi>,
    /// Handicap stones (free placement as recorded).
    pub handicap: Vec<Coord>,
    /// Players.
    pub black: String,
    /// Players.
    pub white: String,
    /// The main line's moves.
    pub moves: Vec<(Color, Move)>,
    /// The recorded result.
    pub result: Option<RecordOutcome>,
}

/// The game of one tree, if it can be played at a board: a square board, no setup stones
/// other than Black's handicap, at least ten moves.
pub fn sim_game(tree: &GameTree, name: &str) -> Option<SimGame> {
    let replay = replay_main_line(tree).ok()?;
    let size = replay.info.size;
    let root = tree.root();
    let points = |p: &str| {
        root.get(p).map_or_else(Vec::new, |prop| {
            crate::record::properties::parse_point_list(&prop.values, size).0
        })
    };
    let (ab, aw) = (points("AB"), points("AW"));
    if !aw.is_empty() || (!ab.is_empty() && (ab.len() < 2 || ab.len() > 9)) {
        return None;
    }
    let moves = replay.game.moves().to_vec();
    if moves.len() < 10 {
        return None;
    }
    Some(SimGame {
        name: name.to_owned(),
        size,
        komi: replay.info.komi,
        handicap: ab,
        black: replay.info.black.clone().unwrap_or_default(),
        white: replay.info.white.clone().unwrap_or_default(),
        moves,
        result: replay.info.result.clone(),
    })
}

/// A small deterministic generator for think times: one step of the crate's SplitMix64.
fn mix(x: u64) -> u64 {
    crate::rng::step(x).1
}

/// A planned session: its setup and its actions in order.
#[derive(Clone, Debug)]
pub struct Plan {
    /// The setup.
    pub setup: GameSetup,
    /// The actions, each one entry.
    pub actions: Vec<Line>,
}

fn line(at: u64, event: Event, article: Option<&str>, note: Option<&str>) -> Line {
    Line {
        at: Timestamp(at),
        action: Action::Event(event),
        article: article.map(str::to_owned),
        note: note.map(str::to_owned),
    }
}

/// Adds `l` if the session takes it.
fn push(session: &mut Session, actions: &mut Vec<Line>, l: Line) -> bool {
    let Action::Event(event) = l.action.clone() else {
        return false;
    };
    match session.prepare_event(l.at, event, l.article.clone(), l.note.clone()) {
        Ok(p) => {
            session.commit(p);
            actions.push(l);
            true
        }
        Err(_) => false,
    }
}

/// The plan of `game` at `table` of `event`: at most `max_moves` moves of the record.
pub fn plan(game: &SimGame, event: &str, table: u32, max_moves: usize) -> Result<Plan, String> {
    let mut setup = parse_setup(&format!(
        "setup size={} time={SIM_TIME} event={event} round=1 table={table}",
        game.size
    ))?;
    if let Some(k) = game.komi {
        setup.rules.komi = k;
    }
    if !game.handicap.is_empty() {
        setup.handicap = Handicap::Points(game.handicap.clone());
        if game.komi.is_none() {
            setup.rules.komi = crate::rules::Komi::ZERO;
        }
    }
    let name = |n: &str, side: &str| {
        if n.trim().is_empty() {
            format!("{side} {table}")
        } else {
            n.trim().to_owned()
        }
    };
    setup.black.name = name(&game.black, "Black");
    setup.white.name = name(&game.white, "White");
    let mut session = Session::new(setup.clone()).map_err(|e| e.to_string())?;
    let mut actions = Vec::new();
    let mut t = 0u64;
    let seed = u64::from(table) << 32;
    let mut played = 0usize;
    for (i, &(color, mv)) in game.moves.iter().take(max_moves).enumerate() {
        t += 2_000 + mix(seed + i as u64) % 28_000;
        if !push(
            &mut session,
            &mut actions,
            line(t, Event::Move { color, mv }, None, None),
        ) {
            break;
        }
        played += 1;
        // A few of the arbiter's rulings, so the desk has something to show.
        let ruling = match (table % 13, played) {
            (3, 20) => Some((Event::Warn(color.opponent()), "24", "talking during play")),
            (5, 30) => Some((Event::Refer, "25.1", "a clock reading is disputed")),
            (6, 12) | (6, 14) => Some((Event::Warn(Color::White), "25.2", "repeated disturbance")),
            _ => None,
        };
        if let Some((event, article, note)) = ruling {
            t += 1_000;
            push(
                &mut session,
                &mut actions,
                line(t, event, Some(article), Some(note)),
            );
        }
        if matches!(session.phase(), Phase::Finished(_)) {
            return Ok(Plan { setup, actions });
        }
    }
    finish(
        game,
        &mut session,
        &mut actions,
        t,
        played < game.moves.len().min(max_moves) || max_moves < game.moves.len(),
    );
    Ok(Plan { setup, actions })
}

/// Ends the game as the record does: resignation, a flag falling, or both confirmations
/// and the count. `cut` means the record was not played to its end here: the side to move
/// resigns.
fn finish(game: &SimGame, session: &mut Session, actions: &mut Vec<Line>, t: u64, cut: bool) {
    let to_move = session.side_to_move();
    let t = t + 5_000;
    let result = if cut { None } else { game.result.clone() };
    match result {
        Some(RecordOutcome::Time(winner)) => {
            let loser = winner.opponent();
            let mut flag = t;
            for _ in 0..400 {
                flag += 60_000;
                if session.time_out_at(Timestamp(flag)).is_some() {
                    break;
                }
            }
            if session.side_to_move() == loser
                && push(
                    session,
                    actions,
                    line(flag + 1_000, Event::Pause, None, None),
                )
            {
                return;
            }
            push(session, actions, line(t, Event::Resign(loser), None, None));
        }
        Some(RecordOutcome::Resignation(winner) | RecordOutcome::Forfeit(winner)) => {
            push(
                session,
                actions,
                line(t, Event::Resign(winner.opponent()), None, None),
            );
        }
        Some(RecordOutcome::Counted(_) | RecordOutcome::Win(_) | RecordOutcome::Void) if !cut => {
            let ok = push(
                session,
                actions,
                line(t, Event::Confirm(to_move), None, None),
            ) && push(
                session,
                actions,
                line(t + 3_000, Event::Confirm(to_move.opponent()), None, None),
            ) && push(
                session,
                actions,
                line(t + 60_000, Event::Accept(None), None, None),
            );
            if !ok && !matches!(session.phase(), Phase::Finished(_)) {
                push(
                    session,
                    actions,
                    line(
                        t + 61_000,
                        Event::Resign(session.side_to_move()),
                        None,
                        None,
                    ),
                );
            }
        }
        _ => {
            push(
                session,
                actions,
                line(t, Event::Resign(to_move), None, None),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(moves: &str, result: &str) -> SimGame {
        let sgf = format!("(;GM[1]FF[4]SZ[9]KM[7.5]PB[Li]PW[Wang]RE[{result}]{moves})");
        let reading = crate::record::read(sgf.as_bytes()).unwrap();
        sim_game(&reading.collection.trees[0], "t.sgf").unwrap()
    }

    const MOVES: &str = ";B[ee];W[cc];B[gg];W[cg];B[gc];W[dd];B[ff];W[fc];B[fd];W[gb];B[hb]";

    #[test]
    fn issue14_a_plan_plays_the_record_and_ends_as_it_did() {
        for (result, code) in [("W+R", "W+R"), ("B+Resign", "B+R"), ("B+T", "B+T")] {
            let p = plan(&game(MOVES, result), "cup", 1, 1000).unwrap();
            let s = Session::replay(p.setup.clone(), &entries(&p)).unwrap();
            assert_eq!(
                s.outcome().map(|o| o.code()).as_deref(),
                Some(code),
                "{result}"
            );
            assert_eq!(s.setup().table, "1");
            assert_eq!(s.setup().black.name, "Li");
        }
        let p = plan(&game(MOVES, "B+3.5"), "cup", 1, 1000).unwrap();
        let s = Session::replay(p.setup.clone(), &entries(&p)).unwrap();
        assert_eq!(s.outcome().map(|o| o.kind().name()), Some("counted"));
    }

    #[test]
    fn a_game_cut_right_after_a_ruling_is_still_resigned() {
        // Table 6 warns White after the 12th move; a game cut there must still end.
        let long = format!("{MOVES};W[hc];B[gd];W[hd];B[ge]");
        let p = plan(&game(&long, "B+3.5"), "cup", 6, 12).unwrap();
        let s = Session::replay(p.setup.clone(), &entries(&p)).unwrap();
        assert_eq!(
            s.outcome().map(|o| o.kind().name()),
            Some("resign"),
            "{:?}",
            p.actions
        );
    }

    #[test]
    fn every_corpus_game_cut_anywhere_ends() {
        let Ok(dir) = std::env::var("TIANYUAN_CORPUS") else {
            return;
        };
        let Ok(games) = crate::hall::simulate::load_games(
            &std::path::Path::new(&dir).join("gnugo-regression/games"),
        ) else {
            return;
        };
        for (k, g) in games.iter().enumerate().take(40) {
            for table in 1..=13u32 {
                for max in [5usize, 12, 30, 1000] {
                    let p = plan(g, "cup", table, max).unwrap();
                    let s = Session::replay(p.setup.clone(), &entries(&p)).unwrap();
                    assert!(
                        s.outcome().is_some(),
                        "game {k} {} table {table} max {max}: {:?}",
                        g.name,
                        p.actions.last()
                    );
                }
            }
        }
    }

    #[test]
    fn issue14_plans_are_deterministic_and_cut_games_are_resigned() {
        let g = game(MOVES, "B+3.5");
        let (a, b) = (
            plan(&g, "cup", 4, 5).unwrap(),
            plan(&g, "cup", 4, 5).unwrap(),
        );
        assert_eq!(a.actions, b.actions);
        assert_eq!(a.actions.len(), 6);
        let s = Session::replay(a.setup.clone(), &entries(&a)).unwrap();
        assert_eq!(s.outcome().map(|o| o.kind().name()), Some("resign"));
        let times: Vec<u64> = a.actions.iter().map(|l| l.at.0).collect();
        assert!(times.windows(2).all(|w| w[0] <= w[1]));
    }

    #[test]
    fn issue14_some_tables_get_rulings() {
        let long: String = (0..40)
            .map(|i| {
                let c = if i % 2 == 0 { 'B' } else { 'W' };
                let (x, y) = (
                    (b'a' + (i % 9) as u8) as char,
                    (b'a' + (i / 9) as u8) as char,
                );
                format!(";{c}[{x}{y}]")
            })
            .collect();
        let g = game(&long, "W+R");
        let p = plan(&g, "cup", 6, 1000).unwrap();
        let s = Session::replay(p.setup.clone(), &entries(&p)).unwrap();
        assert_eq!(
            s.outcome().map(|o| o.code()).as_deref(),
            Some("B+F"),
            "two warnings"
        );
    }

    fn entries(p: &Plan) -> Vec<crate::session::Entry> {
        p.actions
            .iter()
            .enumerate()
            .map(|(i, l)| {
                let Action::Event(e) = l.action.clone() else {
                    panic!()
                };
                crate::session::Entry {
                    n: i as u32 + 2,
                    at: l.at,
                    event: e,
                    article: l.article.clone(),
                    note: l.note.clone(),
                }
            })
            .collect()
    }
}
