//! The desk's finished games posted into the event's tournament file (`tianyuan desk …
//! --tournament FILE`): results reach the round without typing, once, and the organiser wins.
//!
//! - **Which game.** Table N plays board N of the round, unless the director maps tables to
//!   boards in the file (`hall_tables`). The round is the one the session's setup names
//!   (`round=N`), or the latest published round. The session's players must be that game's
//!   players (their colours may have been swapped at the board: the result follows the
//!   players). Anything else is not written: it is an item for the chief arbiter.
//! - **Once.** Each post is recorded in the file (`desk_posts`: table, session, head hash,
//!   what was posted). A restart of the desk finds its records and writes nothing again; a
//!   revocation at the board that changes the result updates the desk's own post while the
//!   file still holds what the desk wrote.
//! - **The organiser wins.** A result the file holds without a record of the desk was entered
//!   by hand; one that differs from the desk's record was corrected by hand. Neither is ever
//!   overwritten: when the desk's result differs, the chief arbiter sees "desk result differs
//!   from the file". A second session finishing the same game is an item too.
//!
//! Each sync reads the file afresh, changes only what it must and replaces the file
//! atomically, so a tournament window or `tianyuan tournament …` saving in between loses only
//! what was saved in the same instant.

use std::path::{Path, PathBuf};

use super::desk::{ChiefDecision, PostVerdict, Reason, RoundSink, StandingRow, TableResult};
use crate::tournament::Tournament;
use crate::tournament::file::{from_ron, to_ron};
use crate::tournament::model::{DeskPost, Outcome};

/// Tournament files are small; this only stops a wrong path from reading a disk image.
const MAX_BYTES: u64 = 64 * 1024 * 1024;

/// Where a result in the tournament file came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ResultSource {
    /// Posted by the chief arbiter's desk from this table's session (its head when posted).
    Desk {
        /// The table.
        table: u32,
        /// The session id.
        session: String,
        /// The session's head hash (hex).
        head: String,
    },
    /// Entered by hand (`tournament results`, the tournament window).
    Hand,
    /// Posted by the desk, then changed by hand.
    Correction {
        /// The table whose session the desk posted.
        table: u32,
        /// That session.
        session: String,
    },
}

/// Where the result of `round`'s game on `board` came from (none while it has no result).
pub fn result_source(t: &Tournament, round: u32, board: u32) -> Option<ResultSource> {
    let game = t.round(round)?.games.iter().find(|g| g.board == board)?;
    let record = t
        .desk_posts
        .iter()
        .find(|p| p.round == round && p.board == board);
    match (record, game.outcome) {
        (None, None) => None,
        (None, Some(_)) => Some(ResultSource::Hand),
        (Some(p), outcome) => {
            let same = outcome == Some(p.outcome)
                && game.black_warnings == p.black_warnings
                && game.white_warnings == p.white_warnings;
            Some(if same {
                ResultSource::Desk {
                    table: p.table,
                    session: p.session.clone(),
                    head: p.head.clone(),
                }
            } else {
                ResultSource::Correction {
                    table: p.table,
                    session: p.session.clone(),
                }
            })
        }
    }
}

/// The board table `table` plays in the event's file.
pub fn board_of(t: &Tournament, table: u32) -> u32 {
    t.hall_tables
        .iter()
        .find(|(tb, _)| *tb == table)
        .map_or(table, |(_, board)| *board)
}

/// The round a session's result goes into: the number its setup names, or (a board that did
/// not type one) the event's latest published round.
fn round_of(t: &Tournament, result: &TableResult) -> Result<u32, String> {
    let named = result.round.trim();
    if named.is_empty() {
        return t
            .played
            .last()
            .map(|r| r.number)
            .ok_or_else(|| "the event has no published round yet".to_owned());
    }
    named
        .parse::<u32>()
        .map_err(|_| format!("the session's round {named:?} is not a round number"))
}

/// The same outcome seen with the colours exchanged.
fn swapped(o: Outcome) -> Outcome {
    match o {
        Outcome::BlackWins => Outcome::WhiteWins,
        Outcome::WhiteWins => Outcome::BlackWins,
        Outcome::BlackWinsByForfeit => Outcome::WhiteWinsByForfeit,
        Outcome::WhiteWinsByForfeit => Outcome::BlackWinsByForfeit,
        other => other,
    }
}

/// Applies one result to `t` by the rules above. `changed` is set when `t` was written to.
pub fn apply(t: &mut Tournament, r: &TableResult, changed: &mut bool) -> PostVerdict {
    let Some(posted) = r.posted else {
        return PostVerdict::Nothing;
    };
    let issue = |why: String| PostVerdict::Issue(Reason::ResultNotPosted, why);
    let round_no = match round_of(t, r) {
        Ok(n) => n,
        Err(e) => return issue(format!("table {}: {e}", r.table)),
    };
    let board = board_of(t, r.table);
    let Some(round) = t.round(round_no) else {
        return issue(format!("table {}: round {round_no} is not paired", r.table));
    };
    let Some(game) = round.games.iter().find(|g| g.board == board).cloned() else {
        return issue(format!(
            "table {}: round {round_no} has no game on board {board}",
            r.table
        ));
    };
    let (pb, pw) = (
        t.name_of(game.black).to_owned(),
        t.name_of(game.white).to_owned(),
    );
    let same_colours = r.black == pb && r.white == pw;
    let swapped_colours = r.black == pw && r.white == pb;
    if !same_colours && !swapped_colours {
        return issue(format!(
            "table {}: the session's players {} – {} are not the pairing of round {round_no} board {board} ({pb} – {pw})",
            r.table, r.black, r.white
        ));
    }
    let [wb, ww] = r.warnings;
    let (outcome, black_warnings, white_warnings) = if same_colours {
        (Outcome::from(posted), wb, ww)
    } else {
        (swapped(Outcome::from(posted)), ww, wb)
    };
    let record = DeskPost {
        round: round_no,
        board,
        table: r.table,
        session: r.session.clone(),
        head: r.head.clone(),
        outcome,
        black_warnings,
        white_warnings,
    };
    let existing = t
        .desk_posts
        .iter()
        .position(|p| p.round == round_no && p.board == board);
    let in_file = (game.outcome, game.black_warnings, game.white_warnings);
    let wanted = (Some(outcome), black_warnings, white_warnings);
    let write = |t: &mut Tournament, changed: &mut bool| {
        if let Some(g) = t
            .round_mut(round_no)
            .and_then(|rd| rd.games.iter_mut().find(|g| g.board == board))
        {
            g.outcome = Some(outcome);
            g.black_warnings = black_warnings;
            g.white_warnings = white_warnings;
        }
        t.desk_posts
            .retain(|p| !(p.round == round_no && p.board == board));
        t.desk_posts.push(record.clone());
        *changed = true;
        PostVerdict::Posted(format!("round {round_no} board {board}"))
    };
    let differs = || {
        PostVerdict::Issue(
            Reason::ResultDiffers,
            format!(
                "table {}: desk result differs from the file (round {round_no} board {board}: the desk has {}, the file {})",
                r.table,
                outcome.code(),
                game.outcome.map_or("no result", |o| o.code())
            ),
        )
    };
    match existing.map(|i| t.desk_posts[i].clone()) {
        None if game.outcome.is_none() => write(t, changed),
        // Entered by hand before the desk posted: the organiser's.
        None if in_file == wanted => PostVerdict::Unchanged,
        None => differs(),
        Some(p) if p.session != r.session => PostVerdict::Issue(
            Reason::TwoSessions,
            format!(
                "round {round_no} board {board}: two sessions for one game (table {} session {} posted; table {} session {} also finished)",
                p.table, p.session, r.table, r.session
            ),
        ),
        Some(p) => {
            let as_posted = (Some(p.outcome), p.black_warnings, p.white_warnings);
            if in_file != as_posted {
                // Corrected by hand since the desk posted: never overwritten.
                if in_file == wanted {
                    PostVerdict::Unchanged
                } else {
                    differs()
                }
            } else if as_posted == wanted {
                PostVerdict::Unchanged
            } else {
                // The board's result changed after it was posted (a revocation, a ruling): the
                // file keeps the posted result until the chief arbiter decides (issue 31).
                match r.decision {
                    Some(ChiefDecision::Post) => write(t, changed),
                    Some(ChiefDecision::Keep) => PostVerdict::Unchanged,
                    None => PostVerdict::Issue(
                        Reason::ResultChanged,
                        format!(
                            "table {}: the result changed at the board after it was posted (round {round_no} board {board}: posted {}, now {}): `post {}` posts the new result, `keep {}` keeps the posted one",
                            r.table,
                            p.outcome.code(),
                            outcome.code(),
                            r.table,
                            r.table
                        ),
                    ),
                }
            }
        }
    }
}

/// A tournament file that takes the desk's results.
#[derive(Clone, Debug)]
pub struct TournamentRound {
    path: PathBuf,
    seen: Option<(u64, Option<std::time::SystemTime>)>,
}

impl TournamentRound {
    /// The file at `path`, checked to be a tournament the desk can post into.
    pub fn open(path: &Path) -> Result<TournamentRound, String> {
        let mut round = TournamentRound {
            path: path.to_path_buf(),
            seen: None,
        };
        round.load()?;
        Ok(round)
    }

    /// The file's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    fn stamp(&self) -> Option<(u64, Option<std::time::SystemTime>)> {
        std::fs::metadata(&self.path)
            .ok()
            .map(|m| (m.len(), m.modified().ok()))
    }

    /// The tournament as the file holds it now.
    pub fn load(&mut self) -> Result<Tournament, String> {
        self.seen = self.stamp();
        let bytes = crate::files::read_bounded(&self.path, MAX_BYTES)
            .map_err(|e| format!("{}: {e}", self.path.display()))?;
        let text = String::from_utf8(bytes)
            .map_err(|_| format!("{}: not UTF-8 text", self.path.display()))?;
        from_ron(&text).map_err(|e| format!("{}: {}", self.path.display(), e.0))
    }
}

impl RoundSink for TournamentRound {
    fn sync(&mut self, results: &[TableResult]) -> Result<Vec<PostVerdict>, String> {
        let mut t = self.load()?;
        let mut changed = false;
        let verdicts = results
            .iter()
            .map(|r| apply(&mut t, r, &mut changed))
            .collect();
        if changed {
            let text = to_ron(&t).map_err(|e| e.0)?;
            crate::files::write_atomically(&self.path, text.as_bytes())
                .map_err(|e| format!("{}: {e}", self.path.display()))?;
            self.seen = self.stamp();
        }
        Ok(verdicts)
    }

    fn changed(&mut self) -> bool {
        self.stamp() != self.seen
    }

    fn standings(&mut self) -> Option<Vec<StandingRow>> {
        let seen = self.seen;
        let t = self.load().ok();
        // Reading for the standings is not a sync: a change is still reported once.
        self.seen = seen;
        t.map(|t| super::desk::results::standing_rows(&t))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::post::PostedResult;
    use crate::tournament::{System, csv_import, file};

    fn event() -> Tournament {
        let players =
            csv_import::read_players("name,rank\nAn,5d\nBo,4d\nCe,3d\nDi,2d\n").unwrap_or_default();
        let mut t = file::create("hall", System::Swiss, Some(3), 7, players).unwrap();
        let r = t.propose(1).unwrap();
        t.publish(r).unwrap();
        t
    }

    fn result(table: u32, session: &str, black: &str, white: &str) -> TableResult {
        TableResult {
            table,
            session: session.into(),
            head: "ab".repeat(32),
            round: "1".into(),
            black: black.into(),
            white: white.into(),
            result: "W+R".into(),
            kind: "resign".into(),
            winner: Some("W".into()),
            warnings: [2, 0],
            posted: Some(PostedResult::WhiteWins),
            decision: None,
        }
    }

    fn pairing(t: &Tournament, board: u32) -> (String, String) {
        let g = t.played[0].games.iter().find(|g| g.board == board).unwrap();
        (t.name_of(g.black).to_owned(), t.name_of(g.white).to_owned())
    }

    #[test]
    fn issue18_a_result_posts_once_into_its_tables_board_and_the_organiser_wins() {
        let mut t = event();
        let (b, w) = pairing(&t, 1);
        let mut changed = false;
        // Board 2's players at table 1: not table 1's pairing, nothing written.
        let (b2, w2) = pairing(&t, 2);
        let v = apply(&mut t, &result(1, "aaaa0001", &b2, &w2), &mut changed);
        assert!(
            matches!(v, PostVerdict::Issue(Reason::ResultNotPosted, _)),
            "{v:?}"
        );
        assert!(!changed && t.played[0].games.iter().all(|g| g.outcome.is_none()));
        // Table 1 with its own pairing (colours swapped at the board: follows the players).
        let r = result(1, "aaaa0001", &w, &b);
        assert!(matches!(
            apply(&mut t, &r, &mut changed),
            PostVerdict::Posted(_)
        ));
        let g = t.played[0].games.iter().find(|g| g.board == 1).unwrap();
        assert_eq!(g.outcome, Some(Outcome::BlackWins));
        assert_eq!((g.black_warnings, g.white_warnings), (0, 2));
        assert!(matches!(
            result_source(&t, 1, 1),
            Some(ResultSource::Desk { table: 1, .. })
        ));
        // Again: nothing.
        let mut again = false;
        assert_eq!(apply(&mut t, &r, &mut again), PostVerdict::Unchanged);
        assert!(!again);
        // A second session for the same game.
        let other = result(1, "bbbb0002", &w, &b);
        assert!(matches!(
            apply(&mut t, &other, &mut again),
            PostVerdict::Issue(Reason::TwoSessions, _)
        ));
        // The organiser corrects the game by hand; the desk never overwrites it.
        let g1 = t.played[0].games.iter().position(|g| g.board == 1).unwrap();
        t.round_mut(1).unwrap().games[g1].outcome = Some(Outcome::WhiteWins);
        assert!(matches!(
            result_source(&t, 1, 1),
            Some(ResultSource::Correction { table: 1, .. })
        ));
        let v = apply(&mut t, &r, &mut again);
        assert!(
            matches!(v, PostVerdict::Issue(Reason::ResultDiffers, _)),
            "{v:?}"
        );
        assert!(!again);
        assert_eq!(
            t.played[0].games[g1].outcome,
            Some(Outcome::WhiteWins),
            "the correction stands"
        );
        // The board's result changes after posting (a revocation): nothing is written until
        // the chief arbiter decides.
        let mut t = event();
        let mut changed = false;
        let first = result(1, "aaaa0001", &b, &w);
        assert!(matches!(
            apply(&mut t, &first, &mut changed),
            PostVerdict::Posted(_)
        ));
        let mut now = first.clone();
        now.posted = Some(PostedResult::BlackWins);
        now.head = "cd".repeat(32);
        let mut again = false;
        let v = apply(&mut t, &now, &mut again);
        assert!(
            matches!(v, PostVerdict::Issue(Reason::ResultChanged, ref why) if why.contains("post 1")),
            "{v:?}"
        );
        assert!(!again, "the file keeps the posted result");
        now.decision = Some(ChiefDecision::Keep);
        assert_eq!(apply(&mut t, &now, &mut again), PostVerdict::Unchanged);
        assert!(!again);
        now.decision = Some(ChiefDecision::Post);
        assert!(matches!(
            apply(&mut t, &now, &mut again),
            PostVerdict::Posted(_)
        ));
        let g = t.played[0].games.iter().find(|g| g.board == 1).unwrap();
        assert_eq!(g.outcome, Some(Outcome::BlackWins));
        // A table mapped to another board by the director.
        t.hall_tables.push((9, 2));
        let v = apply(&mut t, &result(9, "cccc0003", &b2, &w2), &mut again);
        assert!(
            matches!(v, PostVerdict::Posted(ref at) if at.contains("board 2")),
            "{v:?}"
        );
    }

    #[test]
    fn issue18_the_file_is_written_only_when_something_is_posted() {
        let dir = std::env::temp_dir().join(format!("ty-round-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("event.ron");
        let t = event();
        std::fs::write(&path, to_ron(&t).unwrap()).unwrap();
        let (b, w) = pairing(&t, 1);
        let mut sink = TournamentRound::open(&path).unwrap();
        assert!(!sink.changed());
        let r = result(1, "aaaa0001", &b, &w);
        assert!(matches!(
            sink.sync(std::slice::from_ref(&r)).unwrap()[0],
            PostVerdict::Posted(_)
        ));
        assert!(!sink.changed(), "its own write is not a change");
        let before = std::fs::read(&path).unwrap();
        assert_eq!(sink.sync(&[r]).unwrap(), vec![PostVerdict::Unchanged]);
        assert_eq!(std::fs::read(&path).unwrap(), before);
        let back = from_ron(&String::from_utf8(before).unwrap()).unwrap();
        assert_eq!(back.desk_posts.len(), 1);
        assert!(sink.standings().is_some_and(|s| s.len() == 4));
        assert!(TournamentRound::open(&dir.join("none.ron")).is_err());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
