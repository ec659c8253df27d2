//! Results entering the event: games.csv rows (`tournament results`) and a finished arbiter
//! session posting its result and warnings (the app).

use super::csv_import::{GameRow, RowResult};
use super::model::{Outcome, PlayerId, Tournament, TournamentError, refuse};

/// The result an arbiter session posts. Every way a game ends maps onto one of these: a
/// resignation, a count, a time-out and any loss the arbiter rules (two warnings, Art. 25.2;
/// a double move, Art. 17.1 …) are played wins `B`/`W`; a forfeit (late beyond the limit,
/// Art. 23.1) is `BF`/`WF`; both late (Art. 23.2) is `LL`; a draw the arbiter rules
/// (Art. 20.3) is `D`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PostedResult {
    /// `B`.
    BlackWins,
    /// `W`.
    WhiteWins,
    /// `D`.
    Draw,
    /// `BF`.
    BlackWinsByForfeit,
    /// `WF`.
    WhiteWinsByForfeit,
    /// `LL`.
    BothLose,
}

impl From<PostedResult> for Outcome {
    fn from(r: PostedResult) -> Outcome {
        match r {
            PostedResult::BlackWins => Outcome::BlackWins,
            PostedResult::WhiteWins => Outcome::WhiteWins,
            PostedResult::Draw => Outcome::Draw,
            PostedResult::BlackWinsByForfeit => Outcome::BlackWinsByForfeit,
            PostedResult::WhiteWinsByForfeit => Outcome::WhiteWinsByForfeit,
            PostedResult::BothLose => Outcome::BothLose,
        }
    }
}

impl PostedResult {
    /// What a finished arbiter session posts (issue 12 item 6): a ruled loss as a played win
    /// (`B`/`W`), a forfeit as `BF`/`WF`, both lose as `LL`, a draw by count or ruling as `D`.
    /// A replay ordered is no result: `None`.
    pub fn from_session(outcome: &crate::session::Outcome) -> Option<PostedResult> {
        use crate::rules::Color;
        use crate::session::Outcome as S;
        let by = |w: Color, forfeit: bool| match (w, forfeit) {
            (Color::Black, false) => PostedResult::BlackWins,
            (Color::White, false) => PostedResult::WhiteWins,
            (Color::Black, true) => PostedResult::BlackWinsByForfeit,
            (Color::White, true) => PostedResult::WhiteWinsByForfeit,
        };
        Some(match outcome {
            S::Counted(r) => match r.winner {
                Some(w) => by(w, false),
                None => PostedResult::Draw,
            },
            S::Resignation { winner } | S::Time { winner } | S::RuledLoss { winner, .. } => {
                by(*winner, false)
            }
            S::Forfeit { winner, .. } => by(*winner, true),
            S::Draw { .. } => PostedResult::Draw,
            S::BothLose { .. } => PostedResult::BothLose,
            S::Replay { .. } => return None,
        })
    }
}

/// Which game of the round: its board, or the names of Black and White as the session had them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Table<'a> {
    /// The board number.
    Board(u32),
    /// Black's and White's names.
    Names(&'a str, &'a str),
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

impl Tournament {
    /// Posts a finished game's result and warnings into round `round`. When the session had
    /// the colours the other way round from the pairing, the result and warnings follow the
    /// players, not the colours.
    pub fn post_result(
        &mut self,
        round: u32,
        table: Table<'_>,
        result: PostedResult,
        warnings_black: u32,
        warnings_white: u32,
    ) -> Result<(), TournamentError> {
        let ids = match table {
            Table::Board(_) => None,
            Table::Names(b, w) => {
                let find = |n: &str| {
                    self.player_named(n)
                        .ok_or_else(|| TournamentError(format!("no player is named {n:?}")))
                };
                Some((find(b)?, find(w)?))
            }
        };
        let Some(r) = self.round_mut(round) else {
            return refuse(format!("round {round} is not paired"));
        };
        let game = match (table, ids) {
            (Table::Board(b), _) => r.games.iter_mut().find(|g| g.board == b),
            (_, Some((b, w))) => r.games.iter_mut().find(|g| g.involves(b) && g.involves(w)),
            _ => None,
        };
        let Some(game) = game else {
            return refuse(format!("round {round} has no such game"));
        };
        let outcome = Outcome::from(result);
        let same_colours = ids.is_none_or(|(b, _)| game.black == b);
        if same_colours {
            game.outcome = Some(outcome);
            game.black_warnings = warnings_black;
            game.white_warnings = warnings_white;
        } else {
            game.outcome = Some(swapped(outcome));
            game.black_warnings = warnings_white;
            game.white_warnings = warnings_black;
        }
        Ok(())
    }
}

impl Tournament {
    /// Records that `name` withdrew after round `after` (0: before the start, Art. 29.1: the
    /// player leaves the event and the table is drawn again without them). Refused when the
    /// player already has a game or a bye published after that round.
    pub fn withdraw(&mut self, name: &str, after: u32) -> Result<(), TournamentError> {
        let Some(id) = self.player_named(name) else {
            return refuse(format!("no player is named {name:?}"));
        };
        if let Some(r) = self
            .played
            .iter()
            .filter(|r| r.number > after)
            .find(|r| r.game_of(id).is_some() || r.byes.contains(&id))
        {
            return refuse(format!(
                "{name} is paired in round {}; withdraw after that round, or pair it again first",
                r.number
            ));
        }
        self.players[id.index()].withdrawn_after_round = Some(after);
        if after == 0 && self.played.is_empty() {
            // Art. 29.1: the table is drawn again — with a new seed, so the lot is a new one
            // (the same seed would deal the same numbers), and the seed is logged.
            let n = self.redraws.len() as u64 + 1;
            let seed = crate::rng::mix(&[self.seed, n, 0x2901]);
            self.redraws.push(super::model::Redraw {
                seed,
                reason: format!("{name} withdrew before the start (Art. 29.1)"),
            });
            self.draw_lots();
        }
        Ok(())
    }

    /// Publishes a play-off round (Art. 28.3) between `players`, numbered after the last
    /// round, paired as [`super::playoff::pairs_among`] says, colours by lot (an odd player out
    /// waits for the next play-off round). Its results are entered like any other round's and
    /// decide only the order of these players.
    pub fn add_playoff(&mut self, players: &[PlayerId]) -> Result<u32, TournamentError> {
        if players.len() < 2 {
            return refuse("a play-off needs at least two players");
        }
        let mut seen = std::collections::HashSet::new();
        for &p in players {
            if p.index() >= self.players.len() || !seen.insert(p) {
                return refuse("a play-off names each player once");
            }
        }
        let number = self.played.iter().map(|r| r.number).max().unwrap_or(0) + 1;
        let mut lot = super::rng::Lot::new(self.seed, 0x2830 + u64::from(number));
        let games = super::playoff::pairs_among(self, players, &mut lot)
            .into_iter()
            .enumerate()
            .map(|(i, (x, y))| {
                let (b, w) = if lot.coin() { (x, y) } else { (y, x) };
                super::model::Game::pairing(i as u32 + 1, b, w)
            })
            .collect();
        self.publish(super::model::Round {
            number,
            games,
            playoff: true,
            ..Default::default()
        })?;
        Ok(number)
    }
}

/// What entering games.csv rows did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Entered {
    /// Rows entered.
    pub rows: usize,
    /// Results that replaced a different one already entered (the arbiter's corrections),
    /// each as `round R board B: Black – White: old → new`.
    pub corrected: Vec<String>,
}

/// Enters games.csv rows into published rounds (issue 28: a row of a round that is not paired
/// is refused — a round paired by hand goes through `tournament pair --manual`). Each row must
/// match its round's pairing: the same Black and White (or the bye), the board and the
/// handicap when given. Nothing changes unless every row is accepted.
pub fn enter_rows(t: &mut Tournament, rows: &[GameRow]) -> Result<Entered, TournamentError> {
    let mut next = t.clone();
    let mut corrected = Vec::new();
    for row in rows {
        let name = |p: PlayerId| t.name_of(p).to_string();
        let Some(round) = next.round_mut(row.round) else {
            return refuse(format!(
                "line {}: round {} is not paired (pair it first: tournament pair FILE --round {}, or --manual PAIRS.csv for a round paired by hand)",
                row.line, row.round, row.round
            ));
        };
        match (row.result, row.white) {
            (RowResult::Bye, _) | (_, None) => {
                if !round.byes.contains(&row.black) {
                    return refuse(format!(
                        "line {}: {} has no bye in round {}",
                        row.line,
                        name(row.black),
                        row.round
                    ));
                }
            }
            (RowResult::Game(outcome), Some(white)) => {
                let Some(game) = round
                    .games
                    .iter_mut()
                    .find(|g| g.involves(row.black) && g.involves(white))
                else {
                    return refuse(format!(
                        "line {}: round {} does not pair {} with {}",
                        row.line,
                        row.round,
                        name(row.black),
                        name(white)
                    ));
                };
                if game.black != row.black {
                    return refuse(format!(
                        "line {}: round {} has {} as Black against {}",
                        row.line,
                        row.round,
                        name(game.black),
                        name(game.white)
                    ));
                }
                if let Some(b) = row.board
                    && b != game.board
                {
                    return refuse(format!(
                        "line {}: {} – {} is on board {}, not {b}",
                        row.line,
                        name(game.black),
                        name(game.white),
                        game.board
                    ));
                }
                if let Some(h) = row.handicap
                    && h != game.handicap
                {
                    return refuse(format!(
                        "line {}: {} – {} was paired with {} handicap stones, not {h}",
                        row.line,
                        name(game.black),
                        name(game.white),
                        game.handicap
                    ));
                }
                if let Some(old) = game.outcome
                    && (old, game.black_warnings, game.white_warnings)
                        != (outcome, row.black_warnings, row.white_warnings)
                {
                    corrected.push(format!(
                        "round {} board {}: {} – {}: {} → {}",
                        row.round,
                        game.board,
                        name(game.black),
                        name(game.white),
                        show(old, game.black_warnings, game.white_warnings),
                        show(outcome, row.black_warnings, row.white_warnings)
                    ));
                }
                game.outcome = Some(outcome);
                game.black_warnings = row.black_warnings;
                game.white_warnings = row.white_warnings;
            }
        }
    }
    next.validate()?;
    *t = next;
    Ok(Entered {
        rows: rows.len(),
        corrected,
    })
}

/// A result with its warnings, for the corrections' report.
fn show(o: Outcome, black_warnings: u32, white_warnings: u32) -> String {
    let code = match o {
        Outcome::NotPlayed => "not played",
        other => other.code(),
    };
    if black_warnings + white_warnings > 0 {
        format!("{code} (warnings {black_warnings}/{white_warnings})")
    } else {
        code.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::{System, csv_import, file};

    fn event() -> Tournament {
        let players =
            csv_import::read_players("name,rank\nAn,5d\nBo,4d\nCe,3d\nDi,2d\n").unwrap_or_default();
        let mut t =
            file::create("", System::Swiss, Some(3), 7, players).unwrap_or_else(|e| panic!("{e}"));
        let r = t.propose(1).unwrap_or_else(|e| panic!("{e}"));
        t.publish(r).unwrap_or_else(|e| panic!("{e}"));
        t
    }

    #[test]
    fn a_ruled_loss_posts_as_a_played_win_and_follows_the_players() {
        let mut t = event();
        let g = t.played[0].games[0].clone();
        let (b, w) = (
            t.name_of(g.black).to_string(),
            t.name_of(g.white).to_string(),
        );
        // The session had the colours the other way round: White (pairing's Black) lost.
        assert!(
            t.post_result(1, Table::Names(&w, &b), PostedResult::BlackWins, 2, 1)
                .is_ok()
        );
        let g = &t.played[0].games[0];
        assert_eq!(g.outcome, Some(Outcome::WhiteWins));
        assert_eq!((g.black_warnings, g.white_warnings), (1, 2));
        assert!(
            t.post_result(1, Table::Board(2), PostedResult::BothLose, 0, 0)
                .is_ok()
        );
        assert_eq!(t.played[0].games[1].outcome, Some(Outcome::BothLose));
        assert!(
            t.post_result(2, Table::Board(1), PostedResult::Draw, 0, 0)
                .is_err()
        );
    }

    #[test]
    fn art29_withdrawal_is_refused_over_a_published_game() {
        let mut t = event();
        let name = t.name_of(t.played[0].games[0].black).to_string();
        assert!(t.withdraw(&name, 0).is_err());
        assert!(t.withdraw("nobody", 1).is_err());
        assert_eq!(t.withdraw(&name, 1), Ok(()));
        let r2 = t.propose(2).unwrap_or_default();
        assert!(
            r2.games
                .iter()
                .all(|g| t.name_of(g.black) != name && t.name_of(g.white) != name)
        );
        assert!(r2.byes.iter().all(|&b| t.name_of(b) != name));
    }

    #[test]
    fn rows_must_match_the_published_pairing() {
        let mut t = event();
        let g = t.played[0].games[0].clone();
        let (b, w) = (
            t.name_of(g.black).to_string(),
            t.name_of(g.white).to_string(),
        );
        let rows = |text: &str, t: &Tournament| {
            csv_import::read_game_rows(text, &t.players).unwrap_or_default()
        };
        let swapped = rows(
            &format!("round,board,black,white,result\n1,1,{w},{b},B\n"),
            &t,
        );
        assert!(enter_rows(&mut t, &swapped).is_err());
        assert_eq!(
            t.played[0].games[0].outcome, None,
            "nothing changes on refusal"
        );
        let ok = rows(
            &format!("round,board,black,white,result,black_warnings\n1,1,{b},{w},BF,1\n"),
            &t,
        );
        assert_eq!(enter_rows(&mut t, &ok).map(|e| e.rows), Ok(1));
        assert_eq!(
            t.played[0].games[0].outcome,
            Some(Outcome::BlackWinsByForfeit)
        );
        // Rows of a round not paired are refused, whatever they say.
        for bad in [
            format!("round,board,black,white,result\n2,1,{b},{w},B\n"),
            format!("round,board,black,white,result\n9,1,{b},{w},B\n"),
            format!("round,board,black,white,result,handicap\n1,1,{b},{w},B,3\n"),
        ] {
            let before = t.clone();
            let e = enter_rows(&mut t, &rows(&bad, &before));
            assert!(e.is_err(), "{bad}");
            assert_eq!(t, before, "nothing changes on refusal");
        }
        let round2 = rows(
            &format!("round,board,black,white,result\n2,1,{b},{w},B\n"),
            &t,
        );
        assert!(
            enter_rows(&mut t, &round2)
                .err()
                .is_some_and(|e| e.0.contains("round 2 is not paired"))
        );
        // A correction is entered and reported.
        let fix = rows(
            &format!("round,board,black,white,result\n1,1,{b},{w},W\n"),
            &t,
        );
        let done = enter_rows(&mut t, &fix).unwrap_or_default();
        assert_eq!(done.corrected.len(), 1, "{done:?}");
        assert!(
            done.corrected[0].contains("BF (warnings 1/0) → W"),
            "{done:?}"
        );
        assert_eq!(t.played[0].games[0].outcome, Some(Outcome::WhiteWins));
    }
}

#[cfg(test)]
mod session_results {
    use super::PostedResult;
    use crate::rules::{Color, GameResult};
    use crate::session::Outcome;

    #[test]
    fn issue12_a_finished_session_posts_its_result_as_the_issue_says() {
        let art = || "25.2".to_owned();
        let cases = [
            (
                Outcome::RuledLoss {
                    winner: Color::Black,
                    article: art(),
                },
                Some(PostedResult::BlackWins),
            ),
            (
                Outcome::Forfeit {
                    winner: Color::White,
                    article: art(),
                },
                Some(PostedResult::WhiteWinsByForfeit),
            ),
            (
                Outcome::BothLose { article: art() },
                Some(PostedResult::BothLose),
            ),
            (Outcome::Replay { article: art() }, None),
            (Outcome::Draw { article: art() }, Some(PostedResult::Draw)),
            (
                Outcome::Resignation {
                    winner: Color::White,
                },
                Some(PostedResult::WhiteWins),
            ),
            (
                Outcome::Time {
                    winner: Color::Black,
                },
                Some(PostedResult::BlackWins),
            ),
            (
                Outcome::Counted(GameResult {
                    winner: None,
                    margin_quarters: 0,
                }),
                Some(PostedResult::Draw),
            ),
        ];
        for (o, want) in cases {
            assert_eq!(PostedResult::from_session(&o), want, "{o:?}");
        }
    }
}
