//! Late entries (issue 28 item 6): a player who joins after the first round, and what a McMahon
//! player scores for the rounds missed before joining.
//!
//! As OpenGotha does it: each round a player did not take part in adds the event's "absent"
//! value to the McMahon score — 0 or ½ point, the director's choice, kept in the event
//! ([`MissedRound`]). Only McMahon scores count it (a Swiss score is Art. 28's points for games
//! played; a rank exam counts wins). The player is numbered after everyone else and draws the
//! next lot number, so nothing the earlier rounds' pairings read changes: their certificates
//! still verify.

use super::model::{Player, PlayerId, System, Tournament, TournamentError, refuse};

/// What a McMahon player scores for a round missed before a late entry.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum MissedRound {
    /// Nothing (the default).
    #[default]
    Zero,
    /// Half a point a round.
    Half,
}

impl MissedRound {
    /// Whether it is the default (nothing).
    pub fn is_zero(&self) -> bool {
        *self == MissedRound::Zero
    }

    /// Reads `0`, `zero`, `half`, `0.5`, `½`.
    pub fn parse(text: &str) -> Option<MissedRound> {
        match text.trim().to_ascii_lowercase().as_str() {
            "0" | "zero" | "none" => Some(MissedRound::Zero),
            "half" | "0.5" | ".5" | "½" | "1/2" => Some(MissedRound::Half),
            _ => None,
        }
    }

    /// Half points a missed round is worth.
    pub fn half_points(self) -> i64 {
        match self {
            MissedRound::Zero => 0,
            MissedRound::Half => 1,
        }
    }

    /// `0` or `½`, for messages.
    pub fn text(self) -> &'static str {
        match self {
            MissedRound::Zero => "0",
            MissedRound::Half => "½",
        }
    }
}

/// Half points of a McMahon player's missed rounds among the rounds before `before` (0 for
/// everyone else). The pairing of round `before` and the standings after round `before − 1`
/// add it to the initial score.
pub fn missed_half(t: &Tournament, p: &Player, before: u32) -> i64 {
    if t.system != System::McMahon {
        return 0;
    }
    let Some(joined) = p.joined_in_round else {
        return 0;
    };
    i64::from(joined.min(before).saturating_sub(1)) * t.missed_round.half_points()
}

/// The last published round that is not a play-off (0 before the first).
fn last_round(t: &Tournament) -> u32 {
    t.played
        .iter()
        .filter(|r| !r.playoff)
        .map(|r| r.number)
        .max()
        .unwrap_or(0)
}

impl Tournament {
    /// Adds `player` (name, rank, club … as players.csv gives them) to the event, paired from
    /// round `from_round` on. Refused for a name already in the event, a round already played
    /// (a published round with results), a round past the event's last, and — once a round is
    /// published — in systems whose table is fixed at the start (round robins, knockouts,
    /// team events, matches). Returns the new player's id.
    pub fn add_late_entry(
        &mut self,
        mut player: Player,
        from_round: u32,
    ) -> Result<PlayerId, TournamentError> {
        let name = player.name.trim().to_string();
        if name.is_empty() {
            return refuse("the player's name is empty");
        }
        if self.player_named(&name).is_some() {
            return refuse(format!(
                "{name:?} is already in the event; names are unique"
            ));
        }
        if from_round == 0 {
            return refuse("rounds are counted from 1");
        }
        let last = last_round(self);
        let score_paired = matches!(
            self.system,
            System::Swiss | System::McMahon | System::RankExam
        );
        if last > 0 && !score_paired {
            return refuse(format!(
                "a {} event's table is fixed once round 1 is paired; a player joins before it",
                self.system.name()
            ));
        }
        if from_round < last
            || self
                .round(from_round)
                .is_some_and(|r| r.games.iter().any(|g| g.outcome.is_some()))
        {
            return refuse(format!(
                "round {from_round} is already played; the player can join from round {}",
                last + 1
            ));
        }
        if from_round > self.rounds && score_paired {
            return refuse(format!(
                "the event has {} rounds; round {from_round} is past the last",
                self.rounds
            ));
        }
        let next_lot = self.players.iter().map(|p| p.lot).max().unwrap_or(0) + 1;
        player.name = name;
        player.id = PlayerId(self.players.len() as u32);
        player.lot = next_lot;
        player.withdrawn_after_round = None;
        player.joined_in_round = (from_round > 1).then_some(from_round);
        let mut next = self.clone();
        next.players.push(player);
        if last == 0 && matches!(self.system, System::RoundRobin | System::DoubleRoundRobin) {
            // Before the start a round robin's rounds follow its table for the new field.
            let n = next.entered().count();
            next.rounds = super::berger::total_rounds(n, self.system == System::DoubleRoundRobin);
        }
        next.validate()?;
        let id = PlayerId(self.players.len() as u32);
        *self = next;
        Ok(id)
    }

    /// Sets what a missed round scores. Refused once a late entrant has been paired: the
    /// pairings made since read the old value.
    pub fn set_missed_round(&mut self, rule: MissedRound) -> Result<(), TournamentError> {
        if rule == self.missed_round {
            return Ok(());
        }
        let paired_late = self.players.iter().find(|p| {
            p.joined_in_round.is_some()
                && self
                    .played
                    .iter()
                    .any(|r| r.game_of(p.id).is_some() || r.byes.contains(&p.id))
        });
        if let Some(p) = paired_late {
            return refuse(format!(
                "{} entered late and has been paired with missed rounds worth {}; the value cannot change now",
                p.name,
                self.missed_round.text()
            ));
        }
        self.missed_round = rule;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::{csv_import, file};

    fn mcmahon() -> Tournament {
        let players =
            csv_import::read_players("name,rank\nAn,5d\nBo,4d\nCe,3d\nDi,2d\n").unwrap_or_default();
        file::create("", System::McMahon, Some(4), 3, players).unwrap_or_else(|e| panic!("{e}"))
    }

    fn late(name: &str) -> Player {
        Player {
            name: name.into(),
            rank: crate::tournament::Rank::parse("1d").ok(),
            ..Player::default()
        }
    }

    #[test]
    fn issue28_a_late_entry_plays_from_its_round_and_scores_its_missed_rounds() {
        let mut t = mcmahon();
        for n in 1..=2 {
            let r = t.propose(n).unwrap_or_else(|e| panic!("{e}"));
            t.publish(r).unwrap_or_else(|e| panic!("{e}"));
        }
        assert!(t.add_late_entry(late("An"), 3).is_err(), "names are unique");
        assert!(
            t.add_late_entry(late("Ed"), 9).is_err(),
            "past the last round"
        );
        let id = t
            .add_late_entry(late("Ed"), 3)
            .unwrap_or_else(|e| panic!("{e}"));
        let ed = t.player(id).clone();
        assert_eq!(ed.lot, 5, "the next lot number: nobody else's changes");
        assert!(!ed.plays_in(2) && ed.plays_in(3) && ed.missed(1) && !ed.missed(3));
        assert_eq!(
            missed_half(&t, &ed, 3),
            0,
            "missed rounds score 0 by default"
        );
        assert_eq!(t.set_missed_round(MissedRound::Half), Ok(()));
        assert_eq!(missed_half(&t, &ed, 3), 2, "two rounds missed, ½ each");
        assert_eq!(
            missed_half(&t, &ed, 2),
            1,
            "after round 1 only one is missed"
        );
        let r3 = t.propose(3).unwrap_or_else(|e| panic!("{e}"));
        assert!(r3.games.iter().any(|g| g.involves(id)) || r3.byes.contains(&id));
        t.publish(r3).unwrap_or_else(|e| panic!("{e}"));
        assert!(
            t.set_missed_round(MissedRound::Zero).is_err(),
            "the rule cannot change once the late player is paired"
        );
    }

    #[test]
    fn issue28_fixed_tables_take_no_late_entry_after_the_start() {
        let players =
            csv_import::read_players("name,rank\nAn,5d\nBo,4d\nCe,3d\n").unwrap_or_default();
        let mut t = file::create("", System::RoundRobin, None, 1, players)
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(t.rounds, 3);
        assert!(t.add_late_entry(late("Di"), 1).is_ok());
        assert_eq!(t.rounds, 3, "four players: three rounds");
        assert!(t.add_late_entry(late("Ed"), 1).is_ok());
        assert_eq!(t.rounds, 5);
        let r = t.propose(1).unwrap_or_else(|e| panic!("{e}"));
        t.publish(r).unwrap_or_else(|e| panic!("{e}"));
        assert!(t.add_late_entry(late("Fu"), 2).is_err());
    }
}
