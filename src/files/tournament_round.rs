//! The desk's finished games posted into the event's tournament file (`tianyuan desk …
//! --tournament FILE`): the hall's side of "results reach the round without typing".
//!
//! Each post reads the file afresh, enters the one result and writes it back atomically, so a
//! tournament window or `tianyuan tournament …` that saved in between is not overwritten with
//! an old copy (only the game posted changes). A result posts as the app posts a finished
//! session (`PostedResult::from_session`): a ruled loss as a played win, a forfeit as `BF`/`WF`,
//! both lose as `LL`; a replay posts nothing.

use std::path::{Path, PathBuf};

use crate::hall::desk::{RoundSink, TableResult};
use crate::tournament::Tournament;
use crate::tournament::file::{from_ron, to_ron};
use crate::tournament::post::Table;

/// Tournament files are small; this only stops a wrong path from reading a disk image.
const MAX_BYTES: u64 = 64 * 1024 * 1024;

/// A tournament file that takes the desk's results.
#[derive(Clone, Debug)]
pub struct TournamentRound {
    path: PathBuf,
}

impl TournamentRound {
    /// The file at `path`, checked to be a tournament the desk can post into.
    pub fn open(path: &Path) -> Result<TournamentRound, String> {
        let round = TournamentRound {
            path: path.to_path_buf(),
        };
        round.load()?;
        Ok(round)
    }

    /// The file's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    fn load(&self) -> Result<Tournament, String> {
        let bytes = super::read_bounded(&self.path, MAX_BYTES)
            .map_err(|e| format!("{}: {e}", self.path.display()))?;
        let text = String::from_utf8(bytes)
            .map_err(|_| format!("{}: not UTF-8 text", self.path.display()))?;
        from_ron(&text).map_err(|e| format!("{}: {}", self.path.display(), e.0))
    }
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

/// Enters `result` into `t`: by the players' names when both are entrants (the colours may
/// have been swapped at the board), otherwise by the table number as the board.
pub fn post_into(t: &mut Tournament, result: &TableResult) -> Result<Option<u32>, String> {
    let Some(posted) = result.posted else {
        return Ok(None);
    };
    let round = round_of(t, result)?;
    let by_names = t.player_named(&result.black).is_some()
        && t.player_named(&result.white).is_some()
        && result.black != result.white;
    let table = if by_names {
        Table::Names(&result.black, &result.white)
    } else {
        Table::Board(result.table)
    };
    let [wb, ww] = result.warnings;
    t.post_result(round, table, posted, wb, ww)
        .map_err(|e| e.0)?;
    Ok(Some(round))
}

impl RoundSink for TournamentRound {
    fn post(&mut self, result: &TableResult) -> Result<(), String> {
        if result.posted.is_none() {
            return Ok(());
        }
        let mut t = self.load()?;
        post_into(&mut t, result)?;
        let text = to_ron(&t).map_err(|e| e.0)?;
        super::write_atomically(&self.path, text.as_bytes())
            .map_err(|e| format!("{}: {e}", self.path.display()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::model::Outcome;
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

    fn result(table: u32, round: &str, black: &str, white: &str) -> TableResult {
        TableResult {
            table,
            session: "0123456789abcdef".into(),
            round: round.into(),
            black: black.into(),
            white: white.into(),
            result: "W+R".into(),
            kind: "resign".into(),
            winner: Some("W".into()),
            warnings: [2, 0],
            posted: Some(PostedResult::WhiteWins),
        }
    }

    #[test]
    fn issue14_a_finished_table_posts_into_the_tournament_file_by_names_or_board() {
        let dir = std::env::temp_dir().join(format!("ty-round-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("event.ron");
        let t = event();
        std::fs::write(&path, to_ron(&t).unwrap()).unwrap();
        let g0 = t.played[0].games[0].clone();
        let (b, w) = (
            t.name_of(g0.black).to_owned(),
            t.name_of(g0.white).to_owned(),
        );
        let mut sink = TournamentRound::open(&path).unwrap();
        // By names, the colours as paired; round named by the session.
        sink.post(&result(9, "1", &b, &w)).unwrap();
        // By the board: names the event does not know, no round typed (the latest one).
        let g1 = t.played[0].games[1].board;
        sink.post(&result(g1, "", "Black", "White")).unwrap();
        let back = from_ron(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let games = &back.played[0].games;
        assert_eq!(games[0].outcome, Some(Outcome::WhiteWins));
        assert_eq!((games[0].black_warnings, games[0].white_warnings), (2, 0));
        assert_eq!(games[1].outcome, Some(Outcome::WhiteWins));
        // A replay posts nothing; a round not paired and a bad round are refused.
        let mut replay = result(1, "1", &b, &w);
        replay.posted = None;
        assert_eq!(sink.post(&replay), Ok(()));
        assert!(sink.post(&result(1, "2", &b, &w)).is_err());
        assert!(sink.post(&result(1, "first", &b, &w)).is_err());
        assert!(TournamentRound::open(&dir.join("none.ron")).is_err());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
