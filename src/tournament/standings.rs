//! Individual standings (Art. 28.1 with the withdrawals of Art. 29), with the tie-break chain
//! and every value used, so an organiser can answer "how was this tie broken?".
//!
//! - Scoring: win 2, draw 1, loss 0; a win by forfeit is a win everywhere (criterion A, SOS …);
//!   both lose gives 0 to each; a game not played counts for nobody. In Swiss-style events a
//!   bye counts as a win (2) and adds nothing to anybody's sum of opponents' scores; a round
//!   robin player with no game in a round rested and gets nothing.
//! - Round robin: score, then (A) the scores of the opponents beaten plus half the scores of
//!   those drawn, (B) fewer warnings, (C) shared place or (D) lot.
//! - Swiss: the total = score + (sum of opponents' scores ÷ (½ × 最高积分) − rounds). We read
//!   最高积分 as the most a player can score, 2 × rounds, so the bracket is the average
//!   opponent score minus the number of rounds played so far; then B, C/D.
//! - Art. 29.2: a round-robin player who withdrew with fewer games played than half the
//!   event's rounds has every result voided (and no place); otherwise every game they did not
//!   play is a forfeit win of the opponent. Art. 29.3: a Swiss player's results stand, and for
//!   the opponents' sums they count score + A × unplayed games, A = score ÷ games played ≤ 1.

use super::berger;
use super::model::{Extra, Outcome, PlayerId, System, Tournament};
use super::ratio::Ratio;
use super::rng::Lot;
use std::collections::HashMap;

/// A game as the standings count it (published, or added by Art. 29).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counted {
    /// The round (0 for a game Art. 29.2 awards without a round).
    pub round: u32,
    /// The board (0 when awarded).
    pub board: u32,
    /// Black.
    pub black: PlayerId,
    /// White.
    pub white: PlayerId,
    /// The result.
    pub outcome: Outcome,
    /// Black's warnings.
    pub black_warnings: u32,
    /// White's warnings.
    pub white_warnings: u32,
    /// Whether Art. 29 awarded this game (an unplayed game of a withdrawn player).
    pub awarded: bool,
}

impl Counted {
    /// Points of `p`.
    pub fn points_of(&self, p: PlayerId) -> i64 {
        let (b, w) = self.outcome.points();
        if self.black == p { b } else { w }
    }

    /// The opponent of `p`.
    pub fn opponent_of(&self, p: PlayerId) -> PlayerId {
        if self.black == p {
            self.white
        } else {
            self.black
        }
    }

    /// Whether `p` plays in it.
    pub fn involves(&self, p: PlayerId) -> bool {
        self.black == p || self.white == p
    }
}

/// One line of the standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// The place (shared places repeat the number).
    pub place: u32,
    /// Whether the place is shared (Art. 28.1 C).
    pub shared: bool,
    /// The player's or team's name.
    pub name: String,
    /// The players behind the row (one, or a team's members).
    pub players: Vec<PlayerId>,
    /// The score (points; match points for teams).
    pub score: Ratio,
    /// Every value used, by key, in chain order (then values shown for information).
    pub values: Vec<(String, Ratio)>,
    /// The criterion that separated this row from the one above (`None` for the first row
    /// and shared places); `lot` when lots were drawn.
    pub decided_by: Option<String>,
    /// Withdrawn after this round, if so.
    pub withdrawn_after: Option<u32>,
}

impl Row {
    /// The value of `key`.
    pub fn value(&self, key: &str) -> Option<Ratio> {
        if key == "score" {
            return Some(self.score);
        }
        self.values.iter().find(|(k, _)| k == key).map(|(_, v)| *v)
    }
}

/// The standings of an event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standings {
    /// The ranking criteria in order (keys of [`Row::values`]; `score` is the score).
    pub chain: Vec<String>,
    /// Rows in place order.
    pub rows: Vec<Row>,
    /// What the arbiter should know (voided results, awarded games, lots).
    pub notes: Vec<String>,
    /// The games as counted (with Art. 29's awards), for crosstables.
    pub counted: Vec<Counted>,
    /// Byes as counted: (round, player).
    pub byes: Vec<(u32, PlayerId)>,
    /// Rounds counted.
    pub rounds: u32,
}

/// Whether smaller is better for a criterion.
fn smaller_is_better(key: &str) -> bool {
    key == "warnings"
}

/// Sorts rows by `chain`, assigns places, marks shared places or draws lots (`seed`).
pub fn place_rows(
    mut rows: Vec<Row>,
    chain: &[String],
    shared_allowed: bool,
    seed: u64,
    notes: &mut Vec<String>,
) -> Vec<Row> {
    let cmp_key = |a: &Row, b: &Row, key: &str| {
        let (x, y) = (
            a.value(key).unwrap_or(Ratio::ZERO),
            b.value(key).unwrap_or(Ratio::ZERO),
        );
        if smaller_is_better(key) {
            x.cmp(&y)
        } else {
            y.cmp(&x)
        }
    };
    let cmp = |a: &Row, b: &Row| {
        chain
            .iter()
            .map(|k| cmp_key(a, b, k))
            .find(|o| o.is_ne())
            .unwrap_or(std::cmp::Ordering::Equal)
    };
    rows.sort_by(|a, b| cmp(a, b).then(a.name.cmp(&b.name)));
    if !shared_allowed {
        // Art. 28.1 D: a lot among those equal on every criterion, drawn from the seed.
        let mut lot = Lot::new(seed, 0x5EED_1075);
        let mut i = 0;
        while i < rows.len() {
            let j = (i..rows.len())
                .find(|&j| cmp(&rows[i], &rows[j]).is_ne())
                .unwrap_or(rows.len());
            if j - i > 1 {
                lot.shuffle(&mut rows[i..j]);
                let names: Vec<&str> = rows[i..j].iter().map(|r| r.name.as_str()).collect();
                notes.push(format!(
                    "lots drawn for places {}–{}: {}",
                    i + 1,
                    j,
                    names.join(", ")
                ));
            }
            i = j;
        }
    }
    let mut out: Vec<Row> = Vec::with_capacity(rows.len());
    for (i, mut row) in rows.into_iter().enumerate() {
        row.place = i as u32 + 1;
        row.shared = false;
        row.decided_by = None;
        if let Some(prev) = out.last_mut() {
            match chain.iter().find(|k| cmp_key(prev, &row, k).is_ne()) {
                Some(k) => row.decided_by = Some(k.clone()),
                None if shared_allowed => {
                    row.place = prev.place;
                    row.shared = true;
                    prev.shared = true;
                }
                None => row.decided_by = Some("lot".into()),
            }
        }
        out.push(row);
    }
    out
}

/// Totals of each player over the counted games.
#[derive(Clone, Debug, Default)]
struct Totals {
    score: i64,
    games: i64,
    warnings: i64,
}

/// Games and byes as counted, after Art. 29.2 for round robins; returns the voided players.
fn counted_games(
    t: &Tournament,
    notes: &mut Vec<String>,
) -> (Vec<Counted>, Vec<(u32, PlayerId)>, Vec<PlayerId>) {
    let mut counted: Vec<Counted> = t
        .played
        .iter()
        .flat_map(|r| {
            r.games.iter().map(move |g| Counted {
                round: r.number,
                board: g.board,
                black: g.black,
                white: g.white,
                outcome: g.settled(),
                black_warnings: g.black_warnings,
                white_warnings: g.white_warnings,
                awarded: false,
            })
        })
        .collect();
    let byes: Vec<(u32, PlayerId)> = t
        .played
        .iter()
        .flat_map(|r| r.byes.iter().map(move |&p| (r.number, p)))
        .collect();
    let mut voided = Vec::new();
    let double = t.system == System::DoubleRoundRobin;
    if !matches!(t.system, System::RoundRobin | System::DoubleRoundRobin) {
        return (counted, byes, voided);
    }
    let entered: Vec<PlayerId> = t.entered().map(|p| p.id).collect();
    let total = berger::total_rounds(entered.len(), double) as i64;
    let withdrawn: Vec<(PlayerId, u32)> = t
        .entered()
        .filter_map(|p| p.withdrawn_after_round.map(|w| (p.id, w)))
        .collect();
    for &(w, after) in &withdrawn {
        let played = counted
            .iter()
            .filter(|g| g.involves(w) && g.outcome.is_game())
            .count() as i64;
        if 2 * played < total {
            notes.push(format!(
                "{} withdrew after round {after} with {played} of {total} games played (fewer than half): all their results are void (Art. 29.2)",
                t.name_of(w)
            ));
            counted.retain(|g| !g.involves(w));
            voided.push(w);
        }
    }
    for &(w, after) in &withdrawn {
        if voided.contains(&w) {
            continue;
        }
        let mut awarded = Vec::new();
        for &o in entered.iter().filter(|&&o| o != w && !voided.contains(&o)) {
            let met = counted
                .iter()
                .filter(|g| g.involves(w) && g.involves(o))
                .count() as i64;
            let due = if double { 2 } else { 1 } - met;
            let both_gone = withdrawn.iter().any(|&(x, _)| x == o);
            for _ in 0..due.max(0) {
                if both_gone {
                    continue; // Neither is there to win it.
                }
                awarded.push(t.name_of(o).to_string());
                counted.push(Counted {
                    round: 0,
                    board: 0,
                    black: o,
                    white: w,
                    outcome: Outcome::BlackWinsByForfeit,
                    black_warnings: 0,
                    white_warnings: 0,
                    awarded: true,
                });
            }
        }
        if !awarded.is_empty() {
            notes.push(format!(
                "{} withdrew after round {after}; the games left are wins of {} (Art. 29.2)",
                t.name_of(w),
                awarded.join(", ")
            ));
        }
    }
    (counted, byes, voided)
}

/// The standings of an individual event (round robin, Swiss, knockout, match).
pub fn standings(t: &Tournament) -> Standings {
    match t.system {
        System::Knockout | System::DoubleKnockout => return elimination(t),
        System::Match { games, best_of } => return match_standings(t, games, best_of),
        s if s.is_team() => return super::team_standings::standings(t),
        _ => {}
    }
    let mut notes = Vec::new();
    let (counted, byes, voided) = counted_games(t, &mut notes);
    let swiss = t.system == System::Swiss;
    let rounds = t.rounds_with_results();
    let players: Vec<PlayerId> = t
        .entered()
        .map(|p| p.id)
        .filter(|p| !voided.contains(p))
        .collect();
    let mut totals: HashMap<PlayerId, Totals> = HashMap::new();
    for g in &counted {
        for p in [g.black, g.white] {
            let e = totals.entry(p).or_default();
            e.score += g.points_of(p);
            e.games += i64::from(g.outcome.is_game());
            e.warnings += i64::from(if g.black == p {
                g.black_warnings
            } else {
                g.white_warnings
            });
        }
    }
    if swiss {
        for &(_, p) in &byes {
            totals.entry(p).or_default().score += 2;
        }
    }
    let score = |p: PlayerId| totals.get(&p).map_or(0, |x| x.score);
    // Art. 29.3: what a withdrawn Swiss player counts for in the opponents' sums.
    let for_opponents = |p: PlayerId| -> Ratio {
        let s = Ratio::int(score(p));
        if !swiss {
            return s;
        }
        match t.player(p).withdrawn_after_round {
            Some(w) if w >= 1 && rounds > w => {
                let games = totals.get(&p).map_or(0, |x| x.games);
                let a = if games == 0 {
                    Ratio::ZERO
                } else {
                    (s / Ratio::int(games)).min(Ratio::ONE)
                };
                s + a * Ratio::int(i64::from(rounds - w))
            }
            _ => s,
        }
    };
    let games_of = |p: PlayerId| {
        counted
            .iter()
            .filter(move |g| g.involves(p) && g.outcome.is_game())
    };
    let sos = |p: PlayerId| -> Ratio { games_of(p).map(|g| for_opponents(g.opponent_of(p))).sum() };
    let sodos = |p: PlayerId| -> Ratio {
        games_of(p)
            .map(|g| match g.points_of(p) {
                2 => for_opponents(g.opponent_of(p)),
                1 if g.outcome == Outcome::Draw => for_opponents(g.opponent_of(p)) / Ratio::int(2),
                _ => Ratio::ZERO,
            })
            .sum()
    };
    let mut chain: Vec<String> = if !t.ranking.extras.is_empty() {
        let mut c = vec!["score".to_string()];
        c.extend(t.ranking.extras.iter().map(|e| extra_key(*e).to_string()));
        c.push("warnings".into());
        c
    } else if swiss {
        vec!["total".into(), "warnings".into()]
    } else {
        vec!["score".into(), "A".into(), "warnings".into()]
    };
    chain.dedup();
    let rows: Vec<Row> = players
        .iter()
        .map(|&p| {
            let mut values: Vec<(String, Ratio)> = Vec::new();
            if swiss {
                let sum = sos(p);
                let r = Ratio::int(i64::from(rounds));
                let bracket = if rounds == 0 {
                    Ratio::ZERO
                } else {
                    sum / r - r
                };
                values.push(("total".into(), Ratio::int(score(p)) + bracket));
                values.push(("bracket".into(), bracket));
                values.push(("opponents".into(), sum));
            } else {
                values.push(("A".into(), sodos(p)));
            }
            values.push((
                "warnings".into(),
                Ratio::int(totals.get(&p).map_or(0, |x| x.warnings)),
            ));
            for e in &t.ranking.extras {
                let v = match e {
                    Extra::Sos => sos(p),
                    Extra::Sodos => sodos(p),
                    Extra::Sosos => games_of(p).map(|g| sos(g.opponent_of(p))).sum(),
                };
                values.push((extra_key(*e).into(), v));
            }
            Row {
                place: 0,
                shared: false,
                name: t.name_of(p).to_string(),
                players: vec![p],
                score: Ratio::int(score(p)),
                values,
                decided_by: None,
                withdrawn_after: t.player(p).withdrawn_after_round,
            }
        })
        .collect();
    let rows = place_rows(rows, &chain, t.ranking.shared_places, t.seed, &mut notes);
    Standings {
        chain,
        rows,
        notes,
        counted,
        byes,
        rounds,
    }
}

/// The key of an extra tie-break.
pub fn extra_key(e: Extra) -> &'static str {
    match e {
        Extra::Sos => "SOS",
        Extra::Sodos => "SODOS",
        Extra::Sosos => "SOSOS",
    }
}

/// Knockout standings: the later a player is out, the better; players out in the same round
/// share the place (the losing semi-finalists are both third).
fn elimination(t: &Tournament) -> Standings {
    let mut notes = Vec::new();
    let (counted, byes, _) = counted_games(t, &mut notes);
    let lives = if t.system == System::DoubleKnockout {
        2
    } else {
        1
    };
    let last = counted.iter().map(|g| g.round).max().unwrap_or(0);
    let rows = t
        .entered()
        .map(|p| {
            let mut losses = 0;
            let mut out = None;
            let mut score = 0;
            let mut games: Vec<&Counted> = counted.iter().filter(|g| g.involves(p.id)).collect();
            games.sort_by_key(|g| g.round);
            for g in games {
                score += g.points_of(p.id);
                if g.points_of(p.id) == 0 && g.outcome.is_game() {
                    losses += 1;
                    if losses >= lives && out.is_none() {
                        out = Some(g.round);
                    }
                }
            }
            if out.is_none()
                && let Some(w) = p.withdrawn_after_round
            {
                out = Some(w + 1);
            }
            let reached = out.unwrap_or(last + 1);
            Row {
                place: 0,
                shared: false,
                name: p.name.clone(),
                players: vec![p.id],
                score: Ratio::int(score),
                values: vec![("reached".into(), Ratio::int(i64::from(reached)))],
                decided_by: None,
                withdrawn_after: p.withdrawn_after_round,
            }
        })
        .collect();
    let chain = vec!["reached".to_string()];
    let rows = place_rows(rows, &chain, t.ranking.shared_places, t.seed, &mut notes);
    Standings {
        chain,
        rows,
        notes,
        counted,
        byes,
        rounds: last,
    }
}

/// A match (Art. 27.4): games won; a withdrawal gives the games left to the other side
/// (Art. 29.4), in a best-of match only as many as decide it.
fn match_standings(t: &Tournament, games: u32, best_of: bool) -> Standings {
    let mut notes = Vec::new();
    let (mut counted, byes, _) = counted_games(t, &mut notes);
    let players: Vec<PlayerId> = t.entered().map(|p| p.id).collect();
    if let [a, b] = players[..] {
        for (w, o) in [(a, b), (b, a)] {
            if t.player(w).withdrawn_after_round.is_some() {
                let played = counted.iter().filter(|g| g.outcome.is_game()).count() as i64;
                let o_wins = counted.iter().filter(|g| g.points_of(o) == 2).count() as i64;
                let left = if best_of {
                    i64::from(games / 2 + 1) - o_wins
                } else {
                    i64::from(games) - played
                };
                for _ in 0..left.max(0) {
                    counted.push(Counted {
                        round: 0,
                        board: 0,
                        black: o,
                        white: w,
                        outcome: Outcome::BlackWinsByForfeit,
                        black_warnings: 0,
                        white_warnings: 0,
                        awarded: true,
                    });
                }
                if left > 0 {
                    notes.push(format!(
                        "{} withdrew; {left} games go to {} (Art. 29.4)",
                        t.name_of(w),
                        t.name_of(o)
                    ));
                }
            }
        }
    }
    let rows = players
        .iter()
        .map(|&p| {
            let score: i64 = counted
                .iter()
                .filter(|g| g.involves(p))
                .map(|g| g.points_of(p))
                .sum();
            let wins = counted
                .iter()
                .filter(|g| g.points_of(p) == 2)
                .filter(|g| g.involves(p))
                .count() as i64;
            Row {
                place: 0,
                shared: false,
                name: t.name_of(p).to_string(),
                players: vec![p],
                score: Ratio::int(score),
                values: vec![("wins".into(), Ratio::int(wins))],
                decided_by: None,
                withdrawn_after: t.player(p).withdrawn_after_round,
            }
        })
        .collect();
    let chain = vec!["score".to_string()];
    let rounds = counted.iter().map(|g| g.round).max().unwrap_or(0);
    let rows = place_rows(rows, &chain, t.ranking.shared_places, t.seed, &mut notes);
    Standings {
        chain,
        rows,
        notes,
        counted,
        byes,
        rounds,
    }
}
