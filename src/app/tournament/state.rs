//! The tournament window's state, without egui: the event, the next round's draft pairing the
//! arbiter may change before publishing, and the result entry. Views send [`Action`]s; this
//! applies them and is tested without a window.

use crate::tournament::{self, Outcome, Round, Standings, System, Tournament, post};
use std::collections::HashSet;
use std::path::PathBuf;

/// The tab shown.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum View {
    /// The players.
    #[default]
    Players,
    /// The next round's pairing (draft, then published).
    Pairing,
    /// Result entry.
    Results,
    /// Standings with the tie-break chain.
    Standings,
    /// The crosstable.
    Crosstable,
}

/// A place in the draft pairing the arbiter can pick to swap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slot {
    /// Black on the board at this index.
    Black(usize),
    /// White on the board at this index.
    White(usize),
    /// The bye at this index.
    Bye(usize),
}

/// What the views ask for.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// An event file was read (RON, or OpenGotha XML when `path` ends in `.xml`).
    Loaded(PathBuf, Vec<u8>),
    /// A new event from players.csv.
    NewFromPlayers {
        /// The players.csv text.
        csv: String,
        /// The system.
        system: System,
        /// Rounds (`None`: what the system needs).
        rounds: Option<u32>,
        /// The seed of the lots.
        seed: u64,
    },
    /// Show a tab.
    Show(View),
    /// Pair the next round as a draft.
    DraftNext,
    /// Pick a slot; picking a second one swaps the two players.
    Pick(Slot),
    /// Drop the draft.
    Discard,
    /// Publish the draft as the round.
    Publish,
    /// Show round `n` for result entry.
    ShowRound(u32),
    /// Set a game's result (`None`: still playing).
    SetResult {
        /// The round.
        round: u32,
        /// The board.
        board: u32,
        /// The result.
        outcome: Option<Outcome>,
    },
    /// Set a game's warnings.
    SetWarnings {
        /// The round.
        round: u32,
        /// The board.
        board: u32,
        /// Black's warnings.
        black: u32,
        /// White's warnings.
        white: u32,
    },
    /// The file was saved here.
    Saved(PathBuf),
    /// Explain the draft pairing (or the last published round): each pair's criteria and
    /// what the next-best pairing without it would cost (McMahon and rank exams).
    Explain,
    /// A late entry (issue 28): a player paired from round `from_round` on (see
    /// [`Tournament::add_late_entry`]).
    AddLateEntry {
        /// The name.
        name: String,
        /// The rank as typed (`5d`, `3k`; empty: none).
        rank: String,
        /// The club.
        club: String,
        /// The first round the player is paired in.
        from_round: u32,
    },
}

/// Everything the window shows and changes.
#[derive(Clone, Debug, Default)]
pub struct TournamentState {
    /// The event, once opened or created.
    pub event: Option<Tournament>,
    /// Where it is saved.
    pub path: Option<PathBuf>,
    /// The tab shown.
    pub view: View,
    /// The next round's pairing before it is published.
    pub draft: Option<Round>,
    /// The slot picked for a swap.
    pub picked: Option<Slot>,
    /// The round shown for result entry.
    pub round: u32,
    /// The last refusal or confirmation, for the status line.
    pub message: Option<String>,
    /// Whether there are changes not saved.
    pub unsaved: bool,
    /// The last explanation asked for (cleared when the draft changes).
    pub explanation: Option<crate::tournament::mcmahon::Explanation>,
}

impl TournamentState {
    /// Applies one action.
    pub fn apply(&mut self, action: Action) {
        match action {
            Action::Loaded(path, bytes) => self.load(path, &bytes),
            Action::NewFromPlayers {
                csv,
                system,
                rounds,
                seed,
            } => {
                let made = tournament::csv_import::read_players(&csv)
                    .and_then(|p| tournament::file::create("", system, rounds, seed, p));
                match made {
                    Ok(t) => {
                        self.replace(t, None);
                        self.unsaved = true;
                    }
                    Err(e) => self.message = Some(e.0),
                }
            }
            Action::Show(v) => self.view = v,
            Action::DraftNext => self.draft_next(),
            Action::Pick(slot) => self.pick(slot),
            Action::Discard => {
                self.draft = None;
                self.picked = None;
            }
            Action::Publish => self.publish(),
            Action::ShowRound(n) => self.round = n,
            Action::SetResult {
                round,
                board,
                outcome,
            } => self.edit(round, board, |g| g.outcome = outcome),
            Action::SetWarnings {
                round,
                board,
                black,
                white,
            } => self.edit(round, board, |g| {
                g.black_warnings = black;
                g.white_warnings = white;
            }),
            Action::Saved(path) => {
                self.path = Some(path);
                self.unsaved = false;
            }
            Action::Explain => self.explain(),
            Action::AddLateEntry {
                name,
                rank,
                club,
                from_round,
            } => self.add_late_entry(&name, &rank, &club, from_round),
        }
    }

    fn add_late_entry(&mut self, name: &str, rank: &str, club: &str, from_round: u32) {
        let Some(t) = &mut self.event else { return };
        let rank = match rank.trim() {
            "" => None,
            r => match crate::tournament::Rank::parse(r) {
                Ok(r) => Some(r),
                Err(e) => {
                    self.message = Some(e.to_string());
                    return;
                }
            },
        };
        let player = crate::tournament::Player {
            name: name.trim().to_string(),
            rank,
            club: club.trim().to_string(),
            ..crate::tournament::Player::default()
        };
        match t.add_late_entry(player, from_round) {
            Ok(_) => {
                self.message = Some(format!("+ {} ({from_round})", name.trim()));
                self.unsaved = true;
            }
            Err(e) => self.message = Some(e.0),
        }
    }

    fn explain(&mut self) {
        let Some(t) = &self.event else { return };
        if !matches!(t.system, System::McMahon | System::RankExam) {
            self.message =
                Some("the explanation is of a weighted matching (McMahon, rank exams)".to_string());
            return;
        }
        let target = match &self.draft {
            Some(d) => Some(d.clone()),
            None => t.played.iter().rfind(|r| !r.playoff).cloned(),
        };
        let Some(r) = target else { return };
        match crate::tournament::mcmahon::explain_round(t, &r) {
            Ok(e) => {
                self.explanation = Some(e);
                self.message = None;
            }
            Err(e) => self.message = Some(e.0),
        }
    }

    fn replace(&mut self, t: Tournament, path: Option<PathBuf>) {
        self.round = t.played.last().map_or(1, |r| r.number);
        self.event = Some(t);
        self.path = path;
        self.draft = None;
        self.picked = None;
        self.message = None;
        self.unsaved = false;
        self.explanation = None;
    }

    fn load(&mut self, path: PathBuf, bytes: &[u8]) {
        let Ok(text) = std::str::from_utf8(bytes) else {
            self.message = Some(format!("{}: not UTF-8 text", path.display()));
            return;
        };
        let xml = path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("xml"));
        let read = if xml {
            tournament::opengotha::read(text).map(|(t, w)| (t, w.join("; ")))
        } else {
            tournament::file::from_ron(text).map(|t| (t, String::new()))
        };
        match read {
            Ok((t, warnings)) => {
                // An imported OpenGotha file is saved as a new RON file, never over the XML.
                self.replace(t, (!xml).then_some(path));
                self.unsaved = xml;
                if !warnings.is_empty() {
                    self.message = Some(warnings);
                }
            }
            Err(e) => self.message = Some(format!("{}: {e}", path.display())),
        }
    }

    /// The round the next draft would pair.
    pub fn next_round(&self) -> u32 {
        self.event.as_ref().map_or(1, |t| {
            t.played.iter().map(|r| r.number).max().unwrap_or(0) + 1
        })
    }

    fn draft_next(&mut self) {
        let Some(t) = &self.event else { return };
        match t.propose(self.next_round()) {
            Ok(r) => {
                self.draft = Some(r);
                self.picked = None;
                self.message = None;
                self.explanation = None;
                self.view = View::Pairing;
            }
            Err(e) => self.message = Some(e.0),
        }
    }

    fn pick(&mut self, slot: Slot) {
        self.explanation = None;
        let Some(first) = self.picked.take() else {
            self.picked = Some(slot);
            return;
        };
        let Some(d) = &mut self.draft else { return };
        let get = |d: &Round, s: Slot| match s {
            Slot::Black(i) => d.games.get(i).map(|g| g.black),
            Slot::White(i) => d.games.get(i).map(|g| g.white),
            Slot::Bye(i) => d.byes.get(i).copied(),
        };
        let (Some(a), Some(b)) = (get(d, first), get(d, slot)) else {
            return;
        };
        let mut set = |s: Slot, p| match s {
            Slot::Black(i) => d.games[i].black = p,
            Slot::White(i) => d.games[i].white = p,
            Slot::Bye(i) => d.byes[i] = p,
        };
        set(first, b);
        set(slot, a);
    }

    /// What the arbiter's swaps broke: repeated pairings and colour rules (the draft may still
    /// be published; the arbiter decides).
    pub fn draft_warnings(&self) -> Vec<String> {
        let (Some(t), Some(d)) = (&self.event, &self.draft) else {
            return Vec::new();
        };
        let met: HashSet<(u32, u32)> = t
            .games()
            .map(|(_, g)| (g.black.0.min(g.white.0), g.black.0.max(g.white.0)))
            .collect();
        let mut out = Vec::new();
        for g in &d.games {
            if g.black == g.white {
                out.push(format!(
                    "board {}: {} against themselves",
                    g.board,
                    t.name_of(g.black)
                ));
            } else if met.contains(&(g.black.0.min(g.white.0), g.black.0.max(g.white.0))) {
                out.push(format!(
                    "board {}: {} and {} have met already",
                    g.board,
                    t.name_of(g.black),
                    t.name_of(g.white)
                ));
            }
            for (p, black) in [(g.black, true), (g.white, false)] {
                let mut colours: Vec<bool> = t
                    .played
                    .iter()
                    .filter_map(|r| r.game_of(p))
                    .map(|x| x.black == p)
                    .collect();
                colours.push(black);
                let balance: i32 = colours.iter().map(|&b| if b { 1 } else { -1 }).sum();
                let n = colours.len();
                if balance.abs() > 2 || (n >= 3 && colours[n - 3..].iter().all(|&c| c == black)) {
                    out.push(format!(
                        "board {}: {}'s colours break the balance rule",
                        g.board,
                        t.name_of(p)
                    ));
                }
            }
        }
        for &b in &d.byes {
            if t.played.iter().any(|r| r.byes.contains(&b)) && t.system.bye_is_win() {
                out.push(format!("{} had a bye already", t.name_of(b)));
            }
        }
        out
    }

    fn publish(&mut self) {
        let (Some(t), Some(mut d)) = (&mut self.event, self.draft.take()) else {
            return;
        };
        // Swapped by hand: the engine's certificate no longer fits; one marked manual does.
        if d.certificate
            .as_ref()
            .is_some_and(|c| c.pairing != crate::tournament::certificate::pairing_hash(t, &d))
            && let Err(e) = crate::tournament::manual::certify(t, &mut d)
        {
            self.message = Some(e.0);
        }
        let n = d.number;
        match t.publish(d.clone()) {
            Ok(()) => {
                self.round = n;
                self.unsaved = true;
                self.picked = None;
                self.message = None;
                self.view = View::Results;
            }
            Err(e) => {
                self.draft = Some(d);
                self.message = Some(e.0);
            }
        }
    }

    fn edit(&mut self, round: u32, board: u32, change: impl FnOnce(&mut tournament::Game)) {
        let Some(g) = self
            .event
            .as_mut()
            .and_then(|t| t.round_mut(round))
            .and_then(|r| r.games.iter_mut().find(|g| g.board == board))
        else {
            return;
        };
        change(g);
        self.unsaved = true;
    }

    /// A finished arbiter session posts its result (see [`Tournament::post_result`]).
    pub fn post(
        &mut self,
        round: u32,
        table: post::Table<'_>,
        result: post::PostedResult,
        warnings_black: u32,
        warnings_white: u32,
    ) -> Result<(), tournament::TournamentError> {
        let Some(t) = &mut self.event else {
            return Err(tournament::TournamentError("no tournament is open".into()));
        };
        t.post_result(round, table, result, warnings_black, warnings_white)?;
        self.unsaved = true;
        Ok(())
    }

    /// The standings now.
    pub fn standings(&self) -> Option<Standings> {
        self.event.as_ref().map(tournament::standings)
    }

    /// The event as RON text, for saving.
    pub fn to_ron(&self) -> Option<String> {
        self.event
            .as_ref()
            .and_then(|t| tournament::file::to_ron(t).ok())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn state() -> TournamentState {
        let mut s = TournamentState::default();
        s.apply(Action::NewFromPlayers {
            csv: "name,rank\nAn,5d\nBo,4d\nCe,3d\nDi,2d\nEd,1d\n".into(),
            system: System::Swiss,
            rounds: Some(3),
            seed: 2,
        });
        s
    }

    #[test]
    fn issue19_the_window_explains_a_mcmahon_draft_and_a_swap_shows_its_cost() {
        let mut s = TournamentState::default();
        s.apply(Action::NewFromPlayers {
            csv: "name,rank\nAn,5d\nBo,4d\nCe,3d\nDi,2d\nEd,1d\nFu,1k\n".into(),
            system: System::McMahon,
            rounds: Some(3),
            seed: 2,
        });
        s.apply(Action::DraftNext);
        s.apply(Action::Explain);
        let e = s
            .explanation
            .clone()
            .unwrap_or_else(|| panic!("{:?}", s.message));
        assert_eq!(e.pairs.len(), 3);
        assert!(e.pairs.iter().all(|p| {
            p.next_best
                .is_none_or(|d| d.iter().find(|x| **x != 0).is_none_or(|x| *x >= 0))
        }));
        // Swapping two players of different boards clears the explanation; explaining again
        // shows a better pairing exists (a negative difference somewhere).
        s.apply(Action::Pick(Slot::Black(0)));
        assert!(s.explanation.is_none());
        s.apply(Action::Pick(Slot::Black(2)));
        s.apply(Action::Explain);
        let e = s
            .explanation
            .clone()
            .unwrap_or_else(|| panic!("{:?}", s.message));
        assert!(
            e.pairs.iter().any(|p| p
                .next_best
                .is_some_and(|d| d.iter().find(|x| **x != 0).is_some_and(|x| *x < 0))),
            "{e:?}"
        );
    }

    #[test]
    fn the_arbiter_swaps_before_publishing() {
        let mut s = state();
        s.apply(Action::DraftNext);
        let d = s.draft.clone().unwrap_or_default();
        assert_eq!((d.games.len(), d.byes.len()), (2, 1));
        // Swap board 1's Black with the bye.
        s.apply(Action::Pick(Slot::Black(0)));
        s.apply(Action::Pick(Slot::Bye(0)));
        let swapped = s.draft.clone().unwrap_or_default();
        assert_eq!(swapped.games[0].black, d.byes[0]);
        assert_eq!(swapped.byes[0], d.games[0].black);
        assert!(s.draft_warnings().is_empty());
        s.apply(Action::Publish);
        assert!(s.draft.is_none());
        assert_eq!(s.event.as_ref().map(|t| t.played.len()), Some(1));
        assert_eq!(s.view, View::Results);
        s.apply(Action::SetResult {
            round: 1,
            board: 1,
            outcome: Some(Outcome::BlackWins),
        });
        s.apply(Action::SetWarnings {
            round: 1,
            board: 1,
            black: 1,
            white: 0,
        });
        let rows = s.standings().map(|x| x.rows).unwrap_or_default();
        assert_eq!(rows.len(), 5);
        assert!(s.unsaved);
        assert!(s.to_ron().is_some_and(|r| r.contains("black_warnings: 1")));
    }

    #[test]
    fn a_swap_into_a_repeat_is_warned_about() {
        let mut s = state();
        s.apply(Action::DraftNext);
        s.apply(Action::Publish);
        s.apply(Action::DraftNext);
        // Put round 1's board 1 pairing back together.
        let r1 = s.event.as_ref().map(|t| t.played[0].games[0].clone());
        let Some(r1) = r1 else { return };
        let d = s.draft.clone().unwrap_or_default();
        let find = |p| d.games.iter().position(|g| g.involves(p));
        if let (Some(a), Some(b)) = (find(r1.black), find(r1.white))
            && a != b
        {
            let slot_b = if d.games[b].black == r1.white {
                Slot::Black(b)
            } else {
                Slot::White(b)
            };
            let other_a = if d.games[a].black == r1.black {
                Slot::White(a)
            } else {
                Slot::Black(a)
            };
            s.apply(Action::Pick(other_a));
            s.apply(Action::Pick(slot_b));
            assert!(
                s.draft_warnings().iter().any(|w| w.contains("met already")),
                "{:?}",
                s.draft_warnings()
            );
        }
    }

    #[test]
    fn issue28_a_late_entry_from_the_window() {
        let mut s = state();
        s.apply(Action::DraftNext);
        s.apply(Action::Publish);
        let add = |name: &str, rank: &str, from_round| Action::AddLateEntry {
            name: name.into(),
            rank: rank.into(),
            club: String::new(),
            from_round,
        };
        s.apply(add("Fu", "5q", 2));
        assert!(s.message.is_some() && s.event.as_ref().is_some_and(|t| t.players.len() == 5));
        s.apply(add("Fu", "2k", 2));
        let t = s.event.clone().unwrap_or_else(|| panic!("no event"));
        assert_eq!(t.players.len(), 6);
        assert_eq!(t.players[5].joined_in_round, Some(2));
        assert!(s.unsaved);
        s.apply(add("Fu", "2k", 2));
        assert!(s.message.as_deref().is_some_and(|m| m.contains("already")));
        s.apply(Action::DraftNext);
        let d = s.draft.clone().unwrap_or_default();
        assert!(d.games.iter().any(|g| g.involves(t.players[5].id)));
    }

    #[test]
    fn bad_files_leave_a_message_not_a_panic() {
        let mut s = TournamentState::default();
        s.apply(Action::Loaded("x.ron".into(), b"not ron".to_vec()));
        assert!(s.event.is_none() && s.message.is_some());
        s.apply(Action::Loaded("x.xml".into(), vec![0xff, 0xfe]));
        assert!(s.message.as_deref().is_some_and(|m| m.contains("UTF-8")));
    }
}
