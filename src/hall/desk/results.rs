//! Finished games as the tournament's round wants them, and the standings of the hall's screen.
//!
//! The desk hands every finished game it holds to a [`RoundSink`] as a plain [`TableResult`]:
//! with `--tournament FILE` that is the event's file (`hall::round_file`), which posts each
//! result once, into the pairing of the table's board, and never over the organiser's hand;
//! the desk also keeps them all in `results.json`. The standings shown are the tournament's
//! own (`tournament::standings`, Art. 28 with shared places), never a count of the desk's.

use std::collections::BTreeMap;

use serde::Serialize;

use super::tile::Reason;

/// A finished game at a table, for the round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TableResult {
    /// The table.
    pub table: u32,
    /// The session id.
    pub session: String,
    /// The session's head when the result was read (SHA-256 of its last entry, hex).
    pub head: String,
    /// The round as the session's setup names it (may be empty).
    pub round: String,
    /// Black's name.
    pub black: String,
    /// White's name.
    pub white: String,
    /// The result code: `B+3.5`, `W+R`, `B+T`, `W+F` (forfeits and ruled losses), `Draw`,
    /// `Replay`, `LL` (both lose).
    pub result: String,
    /// The result's kind (`counted`, `resign`, `time`, `forfeit`, `ruled_loss`, `draw`,
    /// `replay`, `both_lose`).
    pub kind: String,
    /// The winner, `B` or `W`, if one side won.
    pub winner: Option<String>,
    /// Warnings in force: Black's, White's.
    pub warnings: [u32; 2],
    /// What the tournament's round takes (`B`/`W`/`D`/`BF`/`WF`/`LL`); `None` for a replay.
    /// Not in `results.json`: `result` and `kind` say the same for people.
    #[serde(skip)]
    pub posted: Option<crate::tournament::post::PostedResult>,
    /// The chief arbiter's decision on this result (this session at this head) when it
    /// changed after it was posted.
    #[serde(skip)]
    pub decision: Option<ChiefDecision>,
}

/// The chief arbiter's decision on a result that changed at the board after it was posted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ChiefDecision {
    /// Post the new result into the round (replacing the desk's earlier post).
    Post,
    /// Keep the posted result; the new one is not posted.
    Keep,
}

/// What became of one result in the round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PostVerdict {
    /// Written into the round now (where, for the log).
    Posted(String),
    /// Already there: posted before, or the file holds the same by hand. Nothing written.
    Unchanged,
    /// Nothing to post (a replay).
    Nothing,
    /// Not written: the chief arbiter must look (why).
    Issue(Reason, String),
}

/// Where finished games go: the tournament's round, or a list.
pub trait RoundSink {
    /// Brings the round in line with every finished game the desk holds (`results`): posts
    /// what is new, never overwrites a hand entry or a correction. One verdict per result, in
    /// order. An error when the file itself could not be read or written.
    fn sync(&mut self, results: &[TableResult]) -> Result<Vec<PostVerdict>, String>;

    /// Whether the round's file changed since the last look (the organiser saved it): the
    /// desk then syncs again and refreshes the standings.
    fn changed(&mut self) -> bool {
        false
    }

    /// The event's standings as of the file now (none without a tournament file).
    fn standings(&mut self) -> Option<Vec<StandingRow>> {
        None
    }
}

/// A sink that keeps the results (no tournament file: tests, and `results.json` only).
#[derive(Clone, Debug, Default)]
pub struct ResultList {
    /// By table and session.
    pub results: BTreeMap<(u32, String), TableResult>,
}

impl RoundSink for ResultList {
    fn sync(&mut self, results: &[TableResult]) -> Result<Vec<PostVerdict>, String> {
        Ok(results
            .iter()
            .map(|r| {
                let key = (r.table, r.session.clone());
                if self.results.get(&key) == Some(r) {
                    PostVerdict::Unchanged
                } else {
                    self.results.insert(key, r.clone());
                    PostVerdict::Posted("results.json".into())
                }
            })
            .collect())
    }
}

/// One line of the tournament's standings, as the page and the window show it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StandingRow {
    /// The place (a shared place repeats the number).
    pub place: u32,
    /// Whether the place is shared (Art. 28.1 C).
    pub shared: bool,
    /// The player's name.
    pub name: String,
    /// The score (2 a win, 1 a draw), as text (exact fractions).
    pub score: String,
    /// The tie-break values in the event's chain, `(criterion, value)`.
    pub values: Vec<(String, String)>,
}

/// The rows of `tournament::standings` for the page: the one ordering of the event.
pub fn standing_rows(t: &crate::tournament::Tournament) -> Vec<StandingRow> {
    let s = crate::tournament::standings(t);
    s.rows
        .iter()
        .map(|r| StandingRow {
            place: r.place,
            shared: r.shared,
            name: r.name.clone(),
            score: r.score.to_string(),
            values: s
                .chain
                .iter()
                .filter(|k| k.as_str() != "score")
                .filter_map(|k| r.value(k).map(|v| (k.clone(), v.to_string())))
                .collect(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn result(black: &str, white: &str, result: &str) -> TableResult {
        TableResult {
            table: 1,
            session: "00".into(),
            head: String::new(),
            round: "1".into(),
            black: black.into(),
            white: white.into(),
            result: result.into(),
            kind: "resign".into(),
            winner: Some("B".into()),
            warnings: [0, 0],
            posted: None,
            decision: None,
        }
    }

    #[test]
    fn a_list_posts_once_and_replaces_a_changed_result() {
        let mut list = ResultList::default();
        let a = result("A", "B", "B+R");
        assert!(matches!(
            list.sync(std::slice::from_ref(&a)).unwrap()[0],
            PostVerdict::Posted(_)
        ));
        assert_eq!(list.sync(&[a]).unwrap(), vec![PostVerdict::Unchanged]);
        let b = result("A", "B", "W+F");
        assert!(matches!(
            list.sync(&[b]).unwrap()[0],
            PostVerdict::Posted(_)
        ));
        assert_eq!(list.results.len(), 1);
        assert_eq!(list.results.values().next().unwrap().result, "W+F");
    }
}
