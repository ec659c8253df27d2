//! The next round's pairing for every system, and publishing it (after the arbiter's swaps).
//!
//! Pairing reads only the file: the players, the published rounds and the seed. The same file
//! always gives the same pairing. Each round's lot is drawn from the event's seed and the
//! round's number, so re-pairing a round draws the same lot.

use super::berger;
use super::knockout;
use super::model::{Game, Outcome, PlayerId, Round, System, Tournament, TournamentError, refuse};
use super::rng::Lot;
use super::swiss::{self, Colour, Entrant};
use super::teams::{self, Team};

impl Tournament {
    /// The seed of the registration lot: the event's, or the last redraw's (Art. 29.1).
    pub fn lot_seed(&self) -> u64 {
        self.redraws.last().map_or(self.seed, |r| r.seed)
    }

    /// Draws every player's lot number from the lot's seed (registration order is not
    /// seeding).
    pub fn draw_lots(&mut self) {
        let mut numbers: Vec<u32> = (1..=self.players.len() as u32).collect();
        Lot::new(self.lot_seed(), 0).shuffle(&mut numbers);
        for (p, n) in self.players.iter_mut().zip(numbers) {
            p.lot = n;
        }
    }

    /// Entered players in seeding order: rank, then lot.
    pub fn seeded(&self) -> Vec<PlayerId> {
        let mut v: Vec<&super::model::Player> = self.entered().collect();
        v.sort_by(|a, b| b.strength().cmp(&a.strength()).then(a.lot.cmp(&b.lot)));
        v.into_iter().map(|p| p.id).collect()
    }

    /// The pairing of round `round`, not yet published. Rounds are paired in order (a round
    /// robin may be paired in any order: its table is fixed).
    pub fn propose(&self, round: u32) -> Result<Round, TournamentError> {
        self.validate()?;
        if round == 0 {
            return refuse("rounds are counted from 1");
        }
        let fixed = matches!(
            self.system,
            System::RoundRobin
                | System::DoubleRoundRobin
                | System::TeamRoundRobin
                | System::TeamAllPlay
        );
        if !fixed {
            if let Some(missing) = (1..round).find(|r| self.round(*r).is_none()) {
                return refuse(format!(
                    "round {missing} is not paired yet; pair the rounds in order"
                ));
            }
            if let Some(last) = self
                .played
                .iter()
                .filter(|r| !r.playoff)
                .map(|r| r.number)
                .max()
                && round > last + 1
            {
                return refuse(format!("round {} comes first", last + 1));
            }
        }
        if round > self.rounds
            && !matches!(
                self.system,
                System::Knockout
                    | System::DoubleKnockout
                    | System::MultiKnockout { .. }
                    | System::Arena
            )
        {
            return refuse(format!("the event has {} rounds", self.rounds));
        }
        let lot = &mut Lot::new(self.seed, u64::from(round));
        let mut r = match self.system {
            System::RoundRobin | System::DoubleRoundRobin => self.round_robin(round)?,
            System::Swiss => self.swiss(round, lot)?,
            System::Knockout => self.knockout(round)?,
            System::DoubleKnockout => self.multi_knockout(round, 2, lot)?,
            System::MultiKnockout { lives } => {
                self.multi_knockout(round, i64::from(lives.max(2)), lot)?
            }
            System::McMahon | System::RankExam => return super::mcmahon::pair(self, round),
            System::Match { games, best_of } => self.match_game(round, games, best_of)?,
            System::TeamRoundRobin => self.team_round_robin(round)?,
            System::TeamSwiss => self.team_swiss(round, lot)?,
            System::TeamAllPlay => self.team_all_play(round)?,
            System::Arena => self.arena(round, lot)?,
        };
        r.number = round;
        for (i, g) in r.games.iter_mut().enumerate() {
            g.board = i as u32 + 1;
        }
        Ok(r)
    }

    /// Publishes (or replaces) round `round.number`. Refused when that round already has
    /// results, or when someone is paired twice or is not playing in that round.
    pub fn publish(&mut self, round: Round) -> Result<(), TournamentError> {
        let n = round.number;
        if self
            .round(n)
            .is_some_and(|r| r.games.iter().any(|g| g.outcome.is_some()))
        {
            return refuse(format!(
                "round {n} already has results; it cannot be paired again"
            ));
        }
        let mut seen = std::collections::HashSet::new();
        for p in round
            .games
            .iter()
            .flat_map(|g| [g.black, g.white])
            .chain(round.byes.iter().copied())
        {
            let Some(player) = self.players.get(p.index()) else {
                return refuse(format!("round {n}: no player number {}", p.0));
            };
            if !player.plays_in(n) {
                return refuse(format!("round {n}: {} has withdrawn", player.name));
            }
            if !seen.insert(p) {
                return refuse(format!("round {n}: {} is paired twice", player.name));
            }
        }
        self.played.retain(|r| r.number != n);
        self.played.push(round);
        self.played.sort_by_key(|r| r.number);
        Ok(())
    }

    /// Everyone's state for a Swiss-style pairing before `round` (individual players).
    fn entrants(&self, round: u32, score: &dyn Fn(PlayerId) -> i64) -> Vec<Entrant> {
        self.entered()
            .filter(|p| p.plays_in(round))
            .map(|p| {
                let mut e = Entrant {
                    key: p.id.index(),
                    score: score(p.id),
                    strength: p.strength(),
                    lot: p.lot,
                    ..Entrant::default()
                };
                for r in self.played.iter().filter(|r| r.number < round) {
                    if let Some(g) = r.game_of(p.id) {
                        e.colours.push(if g.black == p.id {
                            Colour::Black
                        } else {
                            Colour::White
                        });
                        e.met.push(g.opponent_of(p.id).index());
                    }
                    e.had_bye |= r.byes.contains(&p.id);
                }
                e
            })
            .collect()
    }

    /// Swiss points before `round`: games plus two a bye.
    fn swiss_points(&self, p: PlayerId, round: u32) -> i64 {
        self.played
            .iter()
            .filter(|r| r.number < round)
            .map(|r| match r.game_of(p) {
                Some(g) => g.points_of(p),
                None if r.byes.contains(&p) => 2,
                None => 0,
            })
            .sum()
    }

    fn round_robin(&self, round: u32) -> Result<Round, TournamentError> {
        let mut seats: Vec<&super::model::Player> = self.entered().collect();
        seats.sort_by_key(|p| (p.lot, p.id));
        let double = self.system == System::DoubleRoundRobin;
        let Some((pairs, _rest)) = berger::round(seats.len(), round, double) else {
            return refuse(format!(
                "a {}round robin of {} players has {} rounds",
                if double { "double " } else { "" },
                seats.len(),
                berger::total_rounds(seats.len(), double)
            ));
        };
        let games = pairs
            .into_iter()
            .filter(|&(b, w)| seats[b].plays_in(round) && seats[w].plays_in(round))
            .map(|(b, w)| Game::pairing(0, seats[b].id, seats[w].id))
            .collect();
        Ok(Round {
            number: round,
            games,
            byes: Vec::new(),
            ..Round::default()
        })
    }

    fn swiss(&self, round: u32, lot: &mut Lot) -> Result<Round, TournamentError> {
        let e = self.entrants(round, &|p| self.swiss_points(p, round));
        let p =
            swiss::pair(&e, lot).map_err(|e| TournamentError(format!("round {round}: {}", e.0)))?;
        Ok(Round {
            number: round,
            games: p
                .pairs
                .iter()
                .map(|&(b, w)| Game::pairing(0, PlayerId(b as u32), PlayerId(w as u32)))
                .collect(),
            byes: p.bye.map(|b| PlayerId(b as u32)).into_iter().collect(),
            ..Round::default()
        })
    }

    fn knockout(&self, round: u32) -> Result<Round, TournamentError> {
        let seeds = self.seeded();
        let plays = |p: PlayerId, r: u32| self.player(p).plays_in(r);
        let slots = knockout::slots_before(&seeds, &self.played, round, &plays)?;
        if slots.iter().flatten().count() <= 1 {
            return refuse(format!("the knockout is over before round {round}"));
        }
        let mut out = Round {
            number: round,
            ..Round::default()
        };
        for (i, pair) in slots.chunks(2).enumerate() {
            let (a, b) = (
                pair[0].filter(|&p| plays(p, round)),
                pair[1].filter(|&p| plays(p, round)),
            );
            match (a, b) {
                (Some(a), Some(b)) => {
                    // Colours alternate down the bracket; the lot is not needed.
                    let (black, white) = if (i + round as usize).is_multiple_of(2) {
                        (a, b)
                    } else {
                        (b, a)
                    };
                    out.games.push(Game::pairing(0, black, white));
                }
                (Some(a), None) | (None, Some(a)) => out.byes.push(a),
                (None, None) => {}
            }
        }
        Ok(out)
    }

    /// Losses of `p` before `round` in an elimination event.
    fn losses(&self, p: PlayerId, round: u32) -> i64 {
        self.played
            .iter()
            .filter(|r| r.number < round)
            .filter_map(|r| r.game_of(p))
            .filter(|g| g.points_of(p) == 0 && g.settled() != Outcome::NotPlayed)
            .count() as i64
    }

    fn multi_knockout(
        &self,
        round: u32,
        lives: i64,
        lot: &mut Lot,
    ) -> Result<Round, TournamentError> {
        if let Some(r) = self.played.iter().filter(|r| r.number < round).find(|r| {
            r.games
                .iter()
                .any(|g| matches!(g.outcome, None | Some(Outcome::Draw | Outcome::NotPlayed)))
        }) {
            return refuse(format!(
                "round {} has a game without a winner; an elimination game needs one",
                r.number
            ));
        }
        let mut e = self.entrants(round, &|p| -self.losses(p, round));
        e.retain(|x| -x.score < lives);
        if e.len() <= 1 {
            return refuse(format!("the elimination is over before round {round}"));
        }
        let p = swiss::pair_with(&e, lot, swiss::Rules::ELIMINATION)
            .map_err(|e| TournamentError(format!("round {round}: {}", e.0)))?;
        Ok(Round {
            number: round,
            games: p
                .pairs
                .iter()
                .map(|&(b, w)| Game::pairing(0, PlayerId(b as u32), PlayerId(w as u32)))
                .collect(),
            byes: p.bye.map(|b| PlayerId(b as u32)).into_iter().collect(),
            ..Round::default()
        })
    }

    fn match_game(&self, round: u32, games: u32, best_of: bool) -> Result<Round, TournamentError> {
        let seeds = self.seeded();
        let [a, b] = seeds[..] else {
            return refuse(format!(
                "a match is for two players; the event has {}",
                seeds.len()
            ));
        };
        if round > games {
            return refuse(format!("the match has {games} games"));
        }
        if let Some(p) = [a, b]
            .into_iter()
            .find(|&p| !self.player(p).plays_in(round))
        {
            return refuse(format!(
                "{} has withdrawn; the remaining games go to the opponent (Art. 29.4)",
                self.name_of(p)
            ));
        }
        let wins = |p: PlayerId| {
            self.games()
                .filter(|(r, g)| *r < round && g.points_of(p) == 2)
                .count() as u32
        };
        if best_of && (wins(a) > games / 2 || wins(b) > games / 2) {
            return refuse("the match is already decided");
        }
        // Game 1's colours by lot; then they alternate.
        let first_black = if Lot::new(self.seed, 0xC010).coin() {
            a
        } else {
            b
        };
        let other = if first_black == a { b } else { a };
        let (black, white) = if round % 2 == 1 {
            (first_black, other)
        } else {
            (other, first_black)
        };
        Ok(Round {
            number: round,
            games: vec![Game::pairing(1, black, white)],
            byes: Vec::new(),
            ..Round::default()
        })
    }

    /// The games of a match between two teams, boards fixed; `a` takes Black on odd boards.
    fn team_match(
        teams: &[Team],
        boards: usize,
        a: usize,
        b: usize,
        round: u32,
        plays: &dyn Fn(PlayerId) -> bool,
    ) -> Vec<Game> {
        (0..boards)
            .filter_map(|k| {
                let (pa, pb) = (teams[a].members[k], teams[b].members[k]);
                if !plays(pa) || !plays(pb) {
                    return None; // Art. 29.4: the board goes to the other side in the standings.
                }
                let _ = round;
                Some(if k % 2 == 0 {
                    Game::pairing(0, pa, pb)
                } else {
                    Game::pairing(0, pb, pa)
                })
            })
            .collect()
    }

    fn team_round_robin(&self, round: u32) -> Result<Round, TournamentError> {
        let teams = teams::teams(self)?;
        let boards = teams::boards(&teams);
        let Some((pairs, _)) = berger::round(teams.len(), round, false) else {
            return refuse(format!(
                "a round robin of {} teams has {} rounds",
                teams.len(),
                berger::total_rounds(teams.len(), false)
            ));
        };
        let plays = |p: PlayerId| self.player(p).plays_in(round);
        let games = pairs
            .into_iter()
            .flat_map(|(a, b)| Self::team_match(&teams, boards, a, b, round, &plays))
            .collect();
        Ok(Round {
            number: round,
            games,
            byes: Vec::new(),
            ..Round::default()
        })
    }

    fn team_swiss(&self, round: u32, lot: &mut Lot) -> Result<Round, TournamentError> {
        let teams = teams::teams(self)?;
        let boards = teams::boards(&teams);
        let match_points = super::team_standings::match_points_before(self, &teams, round);
        let entrants: Vec<Entrant> = teams
            .iter()
            .enumerate()
            .map(|(i, t)| {
                let mut e = Entrant {
                    key: i,
                    score: match_points[i],
                    strength: t
                        .members
                        .iter()
                        .take(boards)
                        .map(|&m| self.player(m).strength().max(-100))
                        .sum(),
                    lot: t
                        .members
                        .iter()
                        .map(|&m| self.player(m).lot)
                        .min()
                        .unwrap_or(0),
                    ..Entrant::default()
                };
                for r in self.played.iter().filter(|r| r.number < round) {
                    // The team's colour is its first present board's, read as board 1's.
                    let seen = t
                        .members
                        .iter()
                        .take(boards)
                        .enumerate()
                        .find_map(|(k, &m)| r.game_of(m).map(|g| (k, m, g)));
                    if let Some((k, m, g)) = seen {
                        let black = (g.black == m) != (k % 2 == 1);
                        e.colours
                            .push(if black { Colour::Black } else { Colour::White });
                        if let Some(o) = teams::team_of(&teams, g.opponent_of(m)) {
                            e.met.push(o);
                        }
                    } else if t.members.iter().any(|m| r.byes.contains(m)) {
                        e.had_bye = true;
                    }
                }
                e
            })
            .collect();
        let p = swiss::pair(&entrants, lot)
            .map_err(|e| TournamentError(format!("round {round}: {}", e.0)))?;
        let plays = |p: PlayerId| self.player(p).plays_in(round);
        let mut games = Vec::new();
        for &(a, b) in &p.pairs {
            games.append(&mut Self::team_match(&teams, boards, a, b, round, &plays));
        }
        let byes = p.bye.map(|t| teams[t].members.clone()).unwrap_or_default();
        Ok(Round {
            number: round,
            games,
            byes,
            ..Round::default()
        })
    }

    fn two_teams(&self) -> Result<Vec<Team>, TournamentError> {
        let teams = teams::teams(self)?;
        if teams.len() != 2 {
            return refuse(format!(
                "this system is for two teams; the event has {}",
                teams.len()
            ));
        }
        Ok(teams)
    }

    fn team_all_play(&self, round: u32) -> Result<Round, TournamentError> {
        let teams = self.two_teams()?;
        let m = teams::boards(&teams);
        if round as usize > m {
            return refuse(format!(
                "an all-play-all match of {m} players a side has {m} rounds"
            ));
        }
        let games = (0..m)
            .filter_map(|i| {
                let a = teams[0].members[i];
                let b = teams[1].members[(i + round as usize - 1) % m];
                if !self.player(a).plays_in(round) || !self.player(b).plays_in(round) {
                    return None;
                }
                Some(if (i + round as usize) % 2 == 1 {
                    Game::pairing(0, a, b)
                } else {
                    Game::pairing(0, b, a)
                })
            })
            .collect();
        Ok(Round {
            number: round,
            games,
            byes: Vec::new(),
            ..Round::default()
        })
    }

    /// The arena's next two players: each side's first player not yet beaten.
    pub fn arena_state(&self, before: u32) -> Result<[usize; 2], TournamentError> {
        let teams = self.two_teams()?;
        let mut next = [0usize; 2];
        for r in self.played.iter().filter(|r| r.number < before) {
            for g in &r.games {
                let side_black = usize::from(teams[1].members.contains(&g.black));
                let (b, w) = match g.outcome {
                    Some(Outcome::BlackWins | Outcome::BlackWinsByForfeit) => (false, true),
                    Some(Outcome::WhiteWins | Outcome::WhiteWinsByForfeit) => (true, false),
                    Some(Outcome::Draw | Outcome::BothLose) => (true, true),
                    _ => {
                        return refuse(format!(
                            "round {} has no result yet; the arena needs it to go on",
                            r.number
                        ));
                    }
                };
                if b {
                    next[side_black] += 1;
                }
                if w {
                    next[1 - side_black] += 1;
                }
            }
        }
        Ok(next)
    }

    fn arena(&self, round: u32, lot: &mut Lot) -> Result<Round, TournamentError> {
        let teams = self.two_teams()?;
        let mut next = self.arena_state(round)?;
        // A player who withdrew is out as if beaten.
        for side in 0..2 {
            while next[side] < teams[side].members.len()
                && !self.player(teams[side].members[next[side]]).plays_in(round)
            {
                next[side] += 1;
            }
        }
        if next[0] >= teams[0].members.len() || next[1] >= teams[1].members.len() {
            return refuse("the arena is over: one side's last player has lost");
        }
        let (a, b) = (teams[0].members[next[0]], teams[1].members[next[1]]);
        let (black, white) = if lot.coin() { (a, b) } else { (b, a) };
        Ok(Round {
            number: round,
            games: vec![Game::pairing(1, black, white)],
            byes: Vec::new(),
            ..Round::default()
        })
    }
}
