//! Art. 28.3 play-offs (区分名次的加赛) for places that may not be shared (issue 28 item 10).
//!
//! **The order a play-off makes.** Play-off games count for nothing but the order of players
//! who are tied on every other criterion. Among such a tied group, a player is *above* another
//! when they won more play-off games against them than they lost, or are above someone who is
//! (the relation closed under "above the one above"); a cycle of results puts its players
//! level. A player's play-off standing is the number of the group's other players who are not
//! above them: every player starts with the group's size less one and loses one for each
//! player found above them. So a player who has not played yet keeps the shared place with
//! the players nobody has beaten, and is never ranked below a winner they have not met; a
//! drawn play-off game (a 和棋 under integer komi, or an arbiter's ruling) decides nothing and
//! the two stay level until they play again.
//!
//! **The next play-off round** ([`next_round`]) pairs, within every group that still shares a
//! place that must be decided, the players who have played the fewest play-off games first,
//! each against the first of the others they have not yet met in the play-off (else the first
//! of the others); with an odd number one waits, the one who has played the most (then by
//! lot). `tournament playoff` publishes rounds until no place that must be decided is shared:
//! with three tied for first, A–B (C waits), then the winner against C — and, when second
//! place must be decided too, the two others; with four, two games, then the winners and the
//! losers, then the two in the middle.

use super::model::{Game, PlayerId, Round, Tournament, TournamentError, refuse};
use super::rng::Lot;
use std::collections::{HashMap, HashSet};

/// Net play-off wins of each ordered pair `(a, b)`: a's wins against b less b's wins against
/// a, over every play-off game played between them.
fn head_to_head(t: &Tournament) -> HashMap<(PlayerId, PlayerId), i64> {
    let mut net = HashMap::new();
    for g in t.played.iter().filter(|r| r.playoff).flat_map(|r| &r.games) {
        let (b, w) = g.settled().points();
        let d = (b - w).signum();
        if d != 0 {
            *net.entry((g.black, g.white)).or_default() += d;
            *net.entry((g.white, g.black)).or_default() -= d;
        }
    }
    net
}

/// The play-off standing of each player of a tied `group`: the number of the group's other
/// players not above them (larger is better; the group's size less one when nobody is).
pub fn standing(t: &Tournament, group: &[PlayerId]) -> HashMap<PlayerId, i64> {
    let net = head_to_head(t);
    let k = group.len();
    // above[i][j]: group[i] is above group[j], closed transitively.
    let mut above = vec![vec![false; k]; k];
    for i in 0..k {
        for j in 0..k {
            above[i][j] = i != j && net.get(&(group[i], group[j])).is_some_and(|&d| d > 0);
        }
    }
    for m in 0..k {
        for i in 0..k {
            if above[i][m] {
                let via = above[m].clone();
                for (x, v) in above[i].iter_mut().zip(via) {
                    *x |= v;
                }
            }
        }
    }
    (0..k)
        .map(|j| {
            // Only the strict part counts: players of a cycle are level.
            let over = (0..k)
                .filter(|&i| i != j && above[i][j] && !above[j][i])
                .count();
            (group[j], (k - 1 - over) as i64)
        })
        .collect()
}

/// Whether the event has any play-off game.
pub fn any(t: &Tournament) -> bool {
    t.played.iter().any(|r| r.playoff && !r.games.is_empty())
}

/// Play-off games each player has played (with a result).
fn games_played(t: &Tournament) -> HashMap<PlayerId, u32> {
    let mut n = HashMap::new();
    for g in t.played.iter().filter(|r| r.playoff).flat_map(|r| &r.games) {
        if g.settled().is_game() {
            for p in [g.black, g.white] {
                *n.entry(p).or_default() += 1;
            }
        }
    }
    n
}

/// The games of a play-off round among `group`: the players with the fewest play-off games
/// first, each against the first of the rest not yet met in the play-off; with an odd number,
/// the one left waits. Returns `(a, b)` pairs.
pub fn pairs_among(t: &Tournament, group: &[PlayerId], lot: &mut Lot) -> Vec<(PlayerId, PlayerId)> {
    let played = games_played(t);
    let met: HashSet<(PlayerId, PlayerId)> = t
        .played
        .iter()
        .filter(|r| r.playoff)
        .flat_map(|r| &r.games)
        .filter(|g| g.settled().is_game())
        .flat_map(|g| [(g.black, g.white), (g.white, g.black)])
        .collect();
    let mut order: Vec<PlayerId> = group.to_vec();
    lot.shuffle(&mut order);
    order.sort_by_key(|p| played.get(p).copied().unwrap_or(0));
    let mut pairs = Vec::new();
    while order.len() >= 2 {
        let a = order.remove(0);
        let at = order
            .iter()
            .position(|&b| !met.contains(&(a, b)))
            .unwrap_or(0);
        let b = order.remove(at);
        pairs.push((a, b));
    }
    pairs
}

/// The groups that still share a place that must be decided (Art. 28.3), best place first.
pub fn undecided(t: &Tournament) -> Vec<(u32, Vec<PlayerId>)> {
    super::standings::undecided(t, &super::standings(t))
}

/// The next play-off round: a round numbered after the last, with the games of every group
/// that still shares a place that must be decided, colours by lot.
pub fn next_round(t: &Tournament) -> Result<Round, TournamentError> {
    if let Some(r) = t
        .played
        .iter()
        .find(|r| r.playoff && r.games.iter().any(|g| g.outcome.is_none()))
    {
        return refuse(format!(
            "play-off round {} has games without a result; enter them first",
            r.number
        ));
    }
    let groups = undecided(t);
    if groups.is_empty() {
        return refuse(if any(t) {
            "every place that must be decided is decided".to_string()
        } else {
            "no place that must be decided is shared (set --decide-places N, or name --players)"
                .to_string()
        });
    }
    let number = t.played.iter().map(|r| r.number).max().unwrap_or(0) + 1;
    let mut lot = Lot::new(t.seed, 0x2830 + u64::from(number));
    let mut games = Vec::new();
    for (_, group) in &groups {
        for (a, b) in pairs_among(t, group, &mut lot) {
            let (black, white) = if lot.coin() { (a, b) } else { (b, a) };
            games.push(Game::pairing(games.len() as u32 + 1, black, white));
        }
    }
    Ok(Round {
        number,
        games,
        playoff: true,
        ..Round::default()
    })
}

impl Tournament {
    /// Publishes the next play-off round ([`next_round`]) and returns its number.
    pub fn add_playoff_round(&mut self) -> Result<u32, TournamentError> {
        let round = next_round(self)?;
        let number = round.number;
        self.publish(round)?;
        Ok(number)
    }
}
