//! Rounds paired by hand (issue 28 item 2): `tournament pair FILE --round N --manual PAIRS.csv`
//! reads the director's pairing, checks it by the event's rules — everyone present paired
//! once, the bye only when the number is odd and never twice, no two players meeting again,
//! the colour rules of even games, the handicap the event's rule gives and the weaker player
//! Black, rank exams within a level group — and writes it with a certificate marked manual.
//! The same rules, applied to every published round, are what `check-submission` reports as
//! pairing faults ([`event_faults`]).
//!
//! `PAIRS.csv`: `board,black,white,handicap` (a header names the columns; `board` and
//! `handicap` may be left out or empty: boards follow the file's order, the handicap follows
//! the event's rule). A row whose `white` is empty gives `black` the bye.

use super::certificate::{self, Certificate};
use super::csv_import::{cell, columns};
use super::csv_text;
use super::mcmahon::{self, Mode};
use super::model::{Game, PlayerId, Round, System, Tournament, TournamentError, refuse};
use std::collections::{HashMap, HashSet};

const COLUMNS: [&str; 4] = ["board", "black", "white", "handicap"];

/// One row of PAIRS.csv, names resolved.
struct Row {
    line: usize,
    board: Option<u32>,
    black: PlayerId,
    white: Option<PlayerId>,
    handicap: Option<u32>,
}

fn read_rows(t: &Tournament, text: &str) -> Result<Vec<Row>, TournamentError> {
    let records = csv_text::read(text).map_err(|e| TournamentError(format!("pairs.csv {e}")))?;
    let (cols, rows) = columns(&records, &COLUMNS, &["black", "white"], "pairs.csv")?;
    let number = |r: &csv_text::Record, c: Option<usize>, what: &str| {
        let x = cell(r, c);
        if x.is_empty() {
            return Ok(None);
        }
        x.parse::<u32>().map(Some).map_err(|_| {
            TournamentError(format!(
                "pairs.csv line {}: {what} {x:?} is not a whole number",
                r.line
            ))
        })
    };
    let player = |r: &csv_text::Record, name: &str| {
        t.player_named(name).ok_or_else(|| {
            TournamentError(format!(
                "pairs.csv line {}: {name:?} is not a player of the event (names must match exactly)",
                r.line
            ))
        })
    };
    let mut out = Vec::new();
    for r in rows {
        let black = cell(r, cols[1]);
        if black.is_empty() {
            return refuse(format!("pairs.csv line {}: black is empty", r.line));
        }
        let white = cell(r, cols[2]);
        let white = if white.is_empty() || white.eq_ignore_ascii_case("bye") {
            None
        } else {
            Some(player(r, white)?)
        };
        out.push(Row {
            line: r.line,
            board: number(r, cols[0], "board")?,
            black: player(r, black)?,
            white,
            handicap: number(r, cols[3], "handicap")?,
        });
    }
    if out.is_empty() {
        return refuse("pairs.csv holds no pairing");
    }
    Ok(out)
}

/// The handicap the event's rule gives Black and White in round `round` (0: an even game). A
/// rank exam's games within a level group are even; under `odd:handicap` a game across two
/// groups takes the exam's handicap ([`super::exam::handicap`]).
fn rule_handicap(t: &Tournament, mode: &Mode, round: u32, black: PlayerId, white: PlayerId) -> u32 {
    match *mode {
        Mode::McMahon(s) => s.handicap(t.player(black).rank, t.player(white).rank),
        Mode::Exam => 0,
        Mode::ExamHandicap { correction, max } => {
            if mcmahon::exam_group(t.player(black)) == mcmahon::exam_group(t.player(white)) {
                return 0;
            }
            let present = mcmahon::entrants(t, round, mode);
            let find = |p: PlayerId| present.iter().find(|e| e.id == p);
            match (find(black), find(white)) {
                (Some(b), Some(w)) => super::exam::handicap(b, w, correction, max),
                _ => 0,
            }
        }
    }
}

/// Colours of `p` in the non-play-off rounds of `t` before `round`, in order (true: Black).
fn colours(t: &Tournament, p: PlayerId, round: u32) -> Vec<bool> {
    t.played
        .iter()
        .filter(|r| r.number < round && !r.playoff)
        .filter_map(|r| r.game_of(p))
        .filter(|g| g.handicap == 0)
        .map(|g| g.black == p)
        .collect()
}

/// Whether taking `black` next gives a third same colour running or blacks and whites more
/// than two apart (the colour rules of criterion 6).
fn breaks(history: &[bool], black: bool) -> bool {
    let n = history.len();
    let third = n >= 2 && history[n - 1] == black && history[n - 2] == black;
    let balance: i32 = history.iter().map(|&b| if b { 1 } else { -1 }).sum();
    third || (balance + if black { 1 } else { -1 }).abs() > 2
}

/// What in `round` breaks the event's rules, read against the rounds of `t` before it: each
/// finding names the board or the player. `mode` gives the handicap rule (and a rank exam's
/// groups).
pub fn faults(t: &Tournament, round: &Round, mode: &Mode) -> Vec<String> {
    let n = round.number;
    let mut out = Vec::new();
    let name = |p: PlayerId| t.name_of(p).to_string();
    let mut seen: HashSet<PlayerId> = HashSet::new();
    for p in round
        .games
        .iter()
        .flat_map(|g| [g.black, g.white])
        .chain(round.byes.iter().copied())
    {
        if p.index() >= t.players.len() {
            out.push(format!("no player number {}", p.0));
            continue;
        }
        if !seen.insert(p) {
            out.push(format!("{} is paired twice", name(p)));
        }
        let player = t.player(p);
        if !player.entered() || !player.plays_in(n) {
            out.push(match player.joined_in_round {
                Some(j) if n < j => format!("{} enters in round {j}", name(p)),
                _ => format!("{} has withdrawn", name(p)),
            });
        }
    }
    let present: Vec<PlayerId> = t
        .entered()
        .filter(|p| p.plays_in(n))
        .map(|p| p.id)
        .collect();
    for &p in &present {
        if !seen.contains(&p) {
            out.push(format!(
                "{} is present in round {n} and not paired (pair them, give the bye, or withdraw them)",
                name(p)
            ));
        }
    }
    let odd = present.len() % 2 == 1;
    match (round.byes.len(), odd) {
        (0, true) => out.push(format!(
            "{} players are present: one has the bye",
            present.len()
        )),
        (b, false) if b > 0 => out.push(format!(
            "{} players are present, an even number: nobody has the bye",
            present.len()
        )),
        (b, _) if b > 1 => out.push(format!("{b} byes: one at most")),
        _ => {}
    }
    let odd_groups: Vec<String> = if matches!(mode, Mode::ExamHandicap { .. }) {
        super::exam::odd_groups(&mcmahon::entrants(t, n, mode))
    } else {
        Vec::new()
    };
    let earlier: Vec<&Round> = t
        .played
        .iter()
        .filter(|r| r.number < n && !r.playoff)
        .collect();
    for &b in &round.byes {
        if let Some(r) = earlier.iter().find(|r| r.byes.contains(&b)) {
            out.push(format!("{} had the bye in round {}", name(b), r.number));
        }
    }
    for g in &round.games {
        let at = format!("board {}", g.board);
        if g.black == g.white {
            out.push(format!("{at}: {} against themselves", name(g.black)));
            continue;
        }
        if let Some(r) = earlier.iter().find(|r| {
            r.games
                .iter()
                .any(|x| x.involves(g.black) && x.involves(g.white))
        }) {
            out.push(format!(
                "{at}: {} and {} met in round {}",
                name(g.black),
                name(g.white),
                r.number
            ));
        }
        let (gb, gw) = (
            mcmahon::exam_group(t.player(g.black)),
            mcmahon::exam_group(t.player(g.white)),
        );
        if mode.is_exam() && gb != gw {
            // Only odd groups under `odd:handicap` play across groups (with a handicap).
            let across = matches!(mode, Mode::ExamHandicap { .. })
                && odd_groups.contains(&gb)
                && odd_groups.contains(&gw);
            if !across {
                out.push(format!(
                    "{at}: {} and {} are in different level groups{}",
                    name(g.black),
                    name(g.white),
                    if matches!(mode, Mode::ExamHandicap { .. }) {
                        " (only groups with an odd number present play across groups)"
                    } else {
                        ""
                    }
                ));
            }
        }
        let rule = rule_handicap(t, mode, n, g.black, g.white);
        if g.handicap != rule {
            out.push(format!(
                "{at}: {} stones; the event's rule gives {rule} for {} against {}",
                g.handicap,
                rank_words(t, g.black),
                rank_words(t, g.white)
            ));
        }
        if g.handicap > 0 {
            let (sb, sw) = (
                mcmahon::scale(t.player(g.black).rank),
                mcmahon::scale(t.player(g.white).rank),
            );
            if sb > sw {
                out.push(format!(
                    "{at}: a handicap game: the weaker player {} takes Black",
                    name(g.white)
                ));
            }
        } else {
            let (hb, hw) = (colours(t, g.black, n), colours(t, g.white, n));
            let this = usize::from(breaks(&hb, true)) + usize::from(breaks(&hw, false));
            let swapped = usize::from(breaks(&hb, false)) + usize::from(breaks(&hw, true));
            if this > swapped {
                out.push(format!(
                    "{at}: the colours break the colour rule (a third same colour running, or blacks and whites more than two apart); {} Black and {} White keeps it",
                    name(g.white),
                    name(g.black)
                ));
            }
        }
    }
    out
}

fn rank_words(t: &Tournament, p: PlayerId) -> String {
    let player = t.player(p);
    match player.rank {
        Some(r) => format!("{} ({r})", player.name),
        None => format!("{} (no rank)", player.name),
    }
}

/// Builds round `number` from PAIRS.csv `text`, checks it by the event's rules and gives it a
/// certificate marked manual. Refused (with every fault) when it breaks one; the caller
/// publishes it.
pub fn manual_round(t: &Tournament, number: u32, text: &str) -> Result<Round, TournamentError> {
    if !matches!(t.system, System::Swiss | System::McMahon | System::RankExam) {
        return refuse(format!(
            "--manual pairs Swiss, McMahon and rank-exam rounds; a {} event's pairing follows its table",
            t.system.name()
        ));
    }
    if number == 0 {
        return refuse("rounds are counted from 1");
    }
    if number > t.rounds {
        return refuse(format!("the event has {} rounds", t.rounds));
    }
    if let Some(missing) = (1..number).find(|r| t.round(*r).is_none()) {
        return refuse(format!(
            "round {missing} is not paired yet; pair the rounds in order"
        ));
    }
    let rows = read_rows(t, text)?;
    let mut before = t.clone();
    before.played.retain(|r| r.number < number);
    let mode = certificate::current_mode(t);
    let mut boards: HashMap<u32, usize> = HashMap::new();
    let mut games = Vec::new();
    let mut byes = Vec::new();
    let mut next_board = rows.iter().filter_map(|r| r.board).max().unwrap_or(0);
    for row in &rows {
        let Some(white) = row.white else {
            if row.handicap.is_some_and(|h| h > 0) || row.board.is_some() {
                return refuse(format!(
                    "pairs.csv line {}: a bye row has no board and no handicap",
                    row.line
                ));
            }
            byes.push(row.black);
            continue;
        };
        let board = match row.board {
            Some(0) => return refuse(format!("pairs.csv line {}: boards count from 1", row.line)),
            Some(b) => b,
            None => {
                next_board += 1;
                next_board
            }
        };
        if let Some(first) = boards.insert(board, row.line) {
            return refuse(format!(
                "pairs.csv line {}: board {board} is also on line {first}",
                row.line
            ));
        }
        games.push(Game {
            handicap: row
                .handicap
                .unwrap_or_else(|| rule_handicap(&before, &mode, number, row.black, white)),
            ..Game::pairing(board, row.black, white)
        });
    }
    games.sort_by_key(|g| g.board);
    let mut round = Round {
        number,
        games,
        byes,
        ..Round::default()
    };
    let found = faults(&before, &round, &mode);
    if !found.is_empty() {
        return refuse(format!(
            "round {number} as paired by hand breaks the event's rules:\n  {}",
            found.join("\n  ")
        ));
    }
    let graph = mcmahon::Graph::new(mcmahon::entrants(&before, number, &mode), &mode, &t.avoid)?;
    round.certificate = Some(Certificate::manual(
        &before, number, &mode, &t.avoid, &graph, &round,
    ));
    Ok(round)
}

/// Gives `round` — a pairing the director changed by hand before publishing it (the window's
/// swaps) — a certificate marked manual in place of the engine's, which it no longer matches.
/// Only the rounds that carry certificates (McMahon, rank exams) are certified.
pub fn certify(t: &Tournament, round: &mut Round) -> Result<(), TournamentError> {
    if !matches!(t.system, System::McMahon | System::RankExam) {
        return Ok(());
    }
    let mut before = t.clone();
    before.played.retain(|r| r.number < round.number);
    let mode = certificate::current_mode(t);
    let graph = mcmahon::Graph::new(
        mcmahon::entrants(&before, round.number, &mode),
        &mode,
        &t.avoid,
    )?;
    round.certificate = None;
    round.certificate = Some(Certificate::manual(
        &before,
        round.number,
        &mode,
        &t.avoid,
        &graph,
        round,
    ));
    Ok(())
}

/// Pairing faults of every published round, for `check-submission`: rounds missing before a
/// published one, pairs that met before, handicaps other than the event's rule gave (by the
/// settings of the round's time) and handicap games with the stronger player Black. Each is
/// `(where, what)`.
pub fn event_faults(t: &Tournament) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let numbers: Vec<u32> = t
        .played
        .iter()
        .filter(|r| !r.playoff)
        .map(|r| r.number)
        .collect();
    if let Some(&last) = numbers.iter().max() {
        for n in 1..last {
            if !numbers.contains(&n) {
                out.push((
                    format!("round {n}"),
                    format!(
                        "round {n} is missing but round {last} is published: rounds out of order"
                    ),
                ));
            }
        }
    }
    let meets_once = matches!(
        t.system,
        System::Swiss
            | System::McMahon
            | System::RankExam
            | System::RoundRobin
            | System::Knockout
            | System::DoubleKnockout
            | System::MultiKnockout { .. }
    );
    let mut met: HashMap<(PlayerId, PlayerId), u32> = HashMap::new();
    for r in t.played.iter().filter(|r| !r.playoff) {
        let mode = certificate::settings_at(t, r.number).0;
        let weighted = matches!(t.system, System::McMahon | System::RankExam);
        for g in &r.games {
            let at = format!(
                "round {} board {}: {} – {}",
                r.number,
                g.board,
                t.name_of(g.black),
                t.name_of(g.white)
            );
            let key = (g.black.min(g.white), g.black.max(g.white));
            if meets_once {
                if let Some(first) = met.get(&key) {
                    out.push((at.clone(), format!("the two met already in round {first}")));
                } else {
                    met.insert(key, r.number);
                }
            }
            let rule = if weighted {
                rule_handicap(t, &mode, r.number, g.black, g.white)
            } else {
                0
            };
            if g.handicap != rule {
                out.push((
                    at.clone(),
                    format!(
                        "{} stones; the event's rule gives {rule} for {} against {}",
                        g.handicap,
                        rank_words(t, g.black),
                        rank_words(t, g.white)
                    ),
                ));
            }
            if g.handicap > 0
                && mcmahon::scale(t.player(g.black).rank) > mcmahon::scale(t.player(g.white).rank)
            {
                out.push((
                    at,
                    format!(
                        "a handicap game with the stronger player Black: {} takes Black",
                        t.name_of(g.white)
                    ),
                ));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::mcmahon::{HandicapRule, McMahonSettings};
    use crate::tournament::{Rank, csv_import, file};

    fn event() -> Tournament {
        let players = csv_import::read_players("name,rank\nAn,2d\nBo,1d\nCe,2k\nDi,5k\nEd,8k\n")
            .unwrap_or_default();
        let mut t = file::create("", System::McMahon, Some(4), 5, players)
            .unwrap_or_else(|e| panic!("{e}"));
        t.mcmahon = Some(McMahonSettings {
            handicap: Some(HandicapRule {
                below: Rank::NationalDan(1),
                correction: 1,
                max: 9,
            }),
            ..McMahonSettings::default()
        });
        t
    }

    #[test]
    fn issue28_a_hand_made_round_is_checked_by_the_events_rules() {
        let t = event();
        let refused = |csv: &str| match manual_round(&t, 1, csv) {
            Ok(_) => "accepted".to_string(),
            Err(e) => e.0,
        };
        let ok = "board,black,white,handicap\n1,Bo,An,\n2,Ed,Di,\n,Ce,,\n";
        let r = manual_round(&t, 1, ok).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(r.games[1].handicap, 2, "8k–5k below 1d, correction 1");
        let c = r
            .certificate
            .clone()
            .unwrap_or_else(|| panic!("no certificate"));
        assert!(c.manual && c.hash == c.seal());
        for (csv, says) in [
            (
                "black,white\nBo,An\nEd,Di\n",
                "Ce is present in round 1 and not paired",
            ),
            ("black,white\nBo,An\nEd,Di\nCe,\nAn,\n", "paired twice"),
            (
                "black,white,handicap\nBo,An,\nEd,Di,0\nCe,,\n",
                "0 stones; the event's rule gives 2",
            ),
            (
                "black,white\nBo,An\nDi,Ed\nCe,\n",
                "the weaker player Ed takes Black",
            ),
            ("black,white\nBo,Xu\n", "\"Xu\" is not a player"),
            ("black,white\nBo,An\nEd,Di\n", "one has the bye"),
        ] {
            let e = refused(csv);
            assert!(e.contains(says), "{csv:?}: {e}");
        }
        let mut t = t;
        t.publish(r).unwrap_or_else(|e| panic!("{e}"));
        let again = match manual_round(&t, 2, "black,white\nBo,An\nEd,Ce\nDi,\n") {
            Ok(_) => "accepted".into(),
            Err(e) => e.0,
        };
        assert!(again.contains("Bo and An met in round 1"), "{again}");
    }

    #[test]
    fn issue28_check_submission_sees_rounds_out_of_order_repeats_and_handicaps() {
        let mut t = event();
        let g = |b, x: u32, y: u32, h| Game {
            handicap: h,
            ..Game::pairing(b, PlayerId(x), PlayerId(y))
        };
        for (n, games) in [
            (1, vec![g(1, 1, 0, 0), g(2, 4, 3, 0)]),
            (3, vec![g(1, 1, 0, 0), g(2, 3, 4, 1)]),
        ] {
            t.played.push(Round {
                number: n,
                games,
                ..Round::default()
            });
        }
        let f = event_faults(&t);
        let text: Vec<String> = f.iter().map(|(a, b)| format!("{a}: {b}")).collect();
        let all = text.join("\n");
        assert!(all.contains("round 2 is missing"), "{all}");
        assert!(all.contains("met already in round 1"), "{all}");
        assert!(all.contains("0 stones; the event's rule gives 2"), "{all}");
        assert!(all.contains("the stronger player Black"), "{all}");
    }
}
