//! Finished games as the tournament's round wants them, and the live standings of the hall's
//! screen.
//!
//! The desk hands each finished game to a [`RoundSink`] as a plain [`TableResult`]: with
//! `--tournament FILE` that is the event's file (`files::tournament_round`), whose round takes
//! the result and warnings without typing; the desk also keeps them all in `results.json`.

use std::collections::BTreeMap;

use serde::Serialize;

/// A finished game at a table, for the round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TableResult {
    /// The table.
    pub table: u32,
    /// The session id.
    pub session: String,
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
}

/// Where finished games go: the tournament's round once it lands, a file until then. Called
/// again for the same table and session when a revocation changes the result.
pub trait RoundSink {
    /// Takes (or replaces) the result of `result.table`'s session.
    fn post(&mut self, result: &TableResult) -> Result<(), String>;
}

/// A sink that keeps the results (tests, and the file the desk rewrites).
#[derive(Clone, Debug, Default)]
pub struct ResultList {
    /// By table and session.
    pub results: BTreeMap<(u32, String), TableResult>,
}

impl RoundSink for ResultList {
    fn post(&mut self, result: &TableResult) -> Result<(), String> {
        self.results
            .insert((result.table, result.session.clone()), result.clone());
        Ok(())
    }
}

/// One player's line in the standings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Standing {
    /// The name as the sessions give it.
    pub name: String,
    /// Games finished.
    pub played: u32,
    /// Wins.
    pub wins: u32,
    /// Draws (a drawn count or a ruled draw).
    pub draws: u32,
    /// Losses (both-lose counts as a loss for both).
    pub losses: u32,
    /// Points: 2 a win, 1 a draw (the usual Chinese team-event count).
    pub points: u32,
}

/// The standings from finished games (a replay ordered counts for nobody), best first:
/// points, then wins, then the name.
pub fn standings<'a>(results: impl IntoIterator<Item = &'a TableResult>) -> Vec<Standing> {
    let mut by_name: BTreeMap<String, Standing> = BTreeMap::new();
    for r in results {
        if r.kind == "replay" {
            continue;
        }
        for (name, letter) in [(&r.black, "B"), (&r.white, "W")] {
            let s = by_name.entry(name.clone()).or_insert_with(|| Standing {
                name: name.clone(),
                played: 0,
                wins: 0,
                draws: 0,
                losses: 0,
                points: 0,
            });
            s.played += 1;
            match r.winner.as_deref() {
                Some(w) if w == letter => {
                    s.wins += 1;
                    s.points += 2;
                }
                Some(_) => s.losses += 1,
                None if r.kind == "both_lose" => s.losses += 1,
                None => {
                    s.draws += 1;
                    s.points += 1;
                }
            }
        }
    }
    let mut list: Vec<Standing> = by_name.into_values().collect();
    list.sort_by(|a, b| {
        b.points
            .cmp(&a.points)
            .then(b.wins.cmp(&a.wins))
            .then(a.name.cmp(&b.name))
    });
    list
}

#[cfg(test)]
mod tests {
    use super::*;

    fn result(
        black: &str,
        white: &str,
        result: &str,
        kind: &str,
        winner: Option<&str>,
    ) -> TableResult {
        TableResult {
            table: 1,
            session: "00".into(),
            round: "1".into(),
            black: black.into(),
            white: white.into(),
            result: result.into(),
            kind: kind.into(),
            winner: winner.map(str::to_owned),
            warnings: [0, 0],
            posted: None,
        }
    }

    #[test]
    fn standings_count_wins_draws_and_both_lose() {
        let games = [
            result("Li", "Wang", "B+R", "resign", Some("B")),
            result("Zhao", "Li", "W+3.5", "counted", Some("W")),
            result("Wang", "Zhao", "Draw", "draw", None),
            result("Qian", "Sun", "LL", "both_lose", None),
            result("Qian", "Li", "Replay", "replay", None),
        ];
        let s = standings(&games);
        let line = |n: &str| s.iter().find(|x| x.name == n).unwrap().clone();
        assert_eq!(s[0].name, "Li");
        assert_eq!(
            (line("Li").wins, line("Li").points, line("Li").played),
            (2, 4, 2)
        );
        assert_eq!(
            (line("Wang").draws, line("Wang").losses, line("Wang").points),
            (1, 1, 1)
        );
        assert_eq!((line("Qian").losses, line("Qian").played), (1, 1));
        assert_eq!(line("Sun").points, 0);
    }

    #[test]
    fn a_sink_replaces_a_changed_result() {
        let mut list = ResultList::default();
        list.post(&result("A", "B", "B+R", "resign", Some("B")))
            .unwrap();
        list.post(&result("A", "B", "W+F", "ruled_loss", Some("W")))
            .unwrap();
        assert_eq!(list.results.len(), 1);
        assert_eq!(list.results.values().next().unwrap().result, "W+F");
    }
}
