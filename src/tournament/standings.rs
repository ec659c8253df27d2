//! Individual standings (Art. 28.1 with the withdrawals of Art. 29), with the tie-break chain
//! and every value used, so an organiser can answer "how was this tie broken?".
//!
//! - Scoring: win 2, draw 1, loss 0; a win by forfeit is a win everywhere (criterion A, SOS …);
//!   both lose gives 0 to each; a game not played counts for nobody. In Swiss-style events a
//!   bye counts as a win (2) and adds nothing to anybody's sum of opponents' scores; a round
//!   robin player with no game in a round rested and gets nothing.
//! - Round robin: score, then (A) the scores of the opponents beaten plus half the scores of
//!   those drawn, (B) fewer warnings, (C) shared place or (D) lot.
//! - Swiss: the total = score + (sum of opponents' scores ÷ (½ × 最高积分) − rounds), with
//!   最高积分 the most a player can score, 2 × rounds, so the bracket is the average opponent
//!   score minus the number of rounds played so far. Read alone the total can put a player
//!   with fewer points above one with more (issue 19); we read the article as ranking by the
//!   score (个人积分) first and by the total among equal scores — more points always rank above
//!   fewer — then B, C/D (`docs/decisions.md`, issue 19, has the worked example).
//! - McMahon (issue 19): the McMahon score, then SOS, SOSOS, SODOS on McMahon scores (or the
//!   organiser's own list), then C/D.
//! - Art. 28.1 B counts every warning given in the event, also in games Art. 29.2 voids: a
//!   warning is a ruling on the player's conduct, which the void of a result does not undo.
//! - Art. 28.3: play-off rounds count for nothing but the order of the players tied on every
//!   other criterion (criterion `playoff`, after all others, before C/D): a player is ranked
//!   below another of the tie only when the play-off results put them there, so one who has
//!   not played yet keeps the shared place ([`super::playoff`]).
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

/// The one comparator of the standings (individual and team): `a` before `b` on criterion
/// `key` (larger is better, but for warnings).
pub fn compare_on(a: &Row, b: &Row, key: &str) -> std::cmp::Ordering {
    let (x, y) = (
        a.value(key).unwrap_or(Ratio::ZERO),
        b.value(key).unwrap_or(Ratio::ZERO),
    );
    if smaller_is_better(key) {
        x.cmp(&y)
    } else {
        y.cmp(&x)
    }
}

/// `a` before `b` on the whole chain (equal: neither criterion separates them).
pub fn compare(a: &Row, b: &Row, chain: &[String]) -> std::cmp::Ordering {
    chain
        .iter()
        .map(|k| compare_on(a, b, k))
        .find(|o| o.is_ne())
        .unwrap_or(std::cmp::Ordering::Equal)
}

/// The Swiss total of Art. 28.1/28.2: score + (sum of opponents' scores ÷ (½ × the most one
/// can score in `rounds`) − `rounds`), with the most one can score 2 × rounds: returns
/// `(total, bracket)`. Individual and team standings share it.
pub fn swiss_total(score: Ratio, opponents: Ratio, rounds: u32) -> (Ratio, Ratio) {
    let r = Ratio::int(i64::from(rounds));
    let bracket = if rounds == 0 {
        Ratio::ZERO
    } else {
        opponents / r - r
    };
    (score + bracket, bracket)
}

/// Sorts rows by `chain`, assigns places, marks shared places or draws lots (`seed`).
pub fn place_rows(
    mut rows: Vec<Row>,
    chain: &[String],
    shared_allowed: bool,
    seed: u64,
    notes: &mut Vec<String>,
) -> Vec<Row> {
    let cmp_key = compare_on;
    let cmp = |a: &Row, b: &Row| compare(a, b, chain);
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
        .filter(|r| !r.playoff)
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
        .filter(|r| !r.playoff)
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

/// The standings of an event: the one function every front uses (the command line, the
/// window, the printed pages and the hall's page). Individual events here; team events through
/// [`super::team_standings`]. Places follow Art. 28 (shared places, or lots when they may not
/// be shared, after any play-off of Art. 28.3).
pub fn standings(t: &Tournament) -> Standings {
    match t.system {
        System::Knockout | System::DoubleKnockout | System::MultiKnockout { .. } => {
            return elimination(t);
        }
        System::Match { games, best_of } => return match_standings(t, games, best_of),
        s if s.is_team() => return super::team_standings::standings(t),
        _ => {}
    }
    let mut notes = Vec::new();
    let (counted, byes, voided) = counted_games(t, &mut notes);
    let swiss = t.system == System::Swiss;
    let mcmahon = matches!(t.system, System::McMahon | System::RankExam);
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
        }
    }
    // Art. 28.1 B: every warning given in the event counts, voided games' included.
    for g in t
        .played
        .iter()
        .filter(|r| !r.playoff)
        .flat_map(|r| &r.games)
    {
        for p in [g.black, g.white] {
            totals.entry(p).or_default().warnings += i64::from(g.warnings_of(p));
        }
    }
    if t.system.bye_is_win() {
        for &(_, p) in &byes {
            totals.entry(p).or_default().score += 2;
        }
    }
    // McMahon: the initial score (half points) before the games' and byes' points.
    let mode = super::mcmahon::mode_of(t);
    let initial = |p: PlayerId| -> i64 {
        if mcmahon {
            super::mcmahon::initial_half(&mode, t.player(p))
                + super::late_entry::missed_half(t, t.player(p), rounds + 1)
        } else {
            0
        }
    };
    // Scores in points: half points for McMahon (a win is one point), else Art. 28's 2/1/0.
    let score = |p: PlayerId| -> Ratio {
        let raw = totals.get(&p).map_or(0, |x| x.score) + initial(p);
        if mcmahon {
            Ratio::int(raw) / Ratio::int(2)
        } else {
            Ratio::int(raw)
        }
    };
    // Art. 29.3: what a withdrawn Swiss player counts for in the opponents' sums.
    let for_opponents = |p: PlayerId| -> Ratio {
        let s = score(p);
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
    let sosos = |p: PlayerId| -> Ratio { games_of(p).map(|g| sos(g.opponent_of(p))).sum() };
    let playoff = super::playoff::any(t);
    let mut chain: Vec<String> = if !t.ranking.extras.is_empty() {
        let mut c = vec!["score".to_string()];
        c.extend(t.ranking.extras.iter().map(|e| extra_key(*e).to_string()));
        if !mcmahon {
            c.push("warnings".into());
        }
        c
    } else if mcmahon {
        ["score", "SOS", "SOSOS", "SODOS"]
            .map(String::from)
            .to_vec()
    } else if swiss {
        vec!["score".into(), "total".into(), "warnings".into()]
    } else {
        vec!["score".into(), "A".into(), "warnings".into()]
    };
    chain.dedup();
    let mut rows: Vec<Row> = players
        .iter()
        .map(|&p| {
            let mut values: Vec<(String, Ratio)> = Vec::new();
            if swiss {
                let sum = sos(p);
                let (total, bracket) = swiss_total(score(p), sum, rounds);
                values.push(("total".into(), total));
                values.push(("bracket".into(), bracket));
                values.push(("opponents".into(), sum));
            } else if mcmahon {
                values.push(("SOS".into(), sos(p)));
                values.push(("SOSOS".into(), sosos(p)));
                values.push(("SODOS".into(), sodos(p)));
            } else {
                values.push(("A".into(), sodos(p)));
            }
            values.push((
                "warnings".into(),
                Ratio::int(totals.get(&p).map_or(0, |x| x.warnings)),
            ));
            for e in &t.ranking.extras {
                let key = extra_key(*e);
                if values.iter().any(|(k, _)| k == key) {
                    continue;
                }
                let v = match e {
                    Extra::Sos => sos(p),
                    Extra::Sodos => sodos(p),
                    Extra::Sosos => sosos(p),
                };
                values.push((key.into(), v));
            }
            Row {
                place: 0,
                shared: false,
                name: t.name_of(p).to_string(),
                players: vec![p],
                score: score(p),
                values,
                decided_by: None,
                withdrawn_after: t.player(p).withdrawn_after_round,
            }
        })
        .collect();
    if playoff {
        playoff_values(t, &mut rows, &chain);
        chain.push("playoff".into());
    }
    let rows = place_rows(rows, &chain, t.ranking.shared_places, t.seed, &mut notes);
    note_undecided(t, &rows, &mut notes);
    Standings {
        chain,
        rows,
        notes,
        counted,
        byes,
        rounds,
    }
}

/// Adds each row's play-off standing (Art. 28.3) among the rows tied with it on `chain`.
fn playoff_values(t: &Tournament, rows: &mut [Row], chain: &[String]) {
    rows.sort_by(|a, b| compare(a, b, chain));
    let mut i = 0;
    while i < rows.len() {
        let j = (i..rows.len())
            .find(|&j| compare(&rows[i], &rows[j], chain).is_ne())
            .unwrap_or(rows.len());
        let group: Vec<PlayerId> = rows[i..j].iter().flat_map(|r| r.players.clone()).collect();
        let standing = super::playoff::standing(t, &group);
        for row in &mut rows[i..j] {
            let v = row
                .players
                .first()
                .and_then(|p| standing.get(p))
                .copied()
                .unwrap_or(0);
            row.values.push(("playoff".into(), Ratio::int(v)));
        }
        i = j;
    }
}

/// Groups of players sharing a place that must be decided (Art. 28.3: the event's
/// `decided_places`), best place first.
pub fn undecided(t: &Tournament, s: &Standings) -> Vec<(u32, Vec<PlayerId>)> {
    let mut out: Vec<(u32, Vec<PlayerId>)> = Vec::new();
    for r in s
        .rows
        .iter()
        .filter(|r| r.shared && r.place <= t.decided_places)
    {
        match out.last_mut() {
            Some((place, group)) if *place == r.place => group.extend(&r.players),
            _ => out.push((r.place, r.players.clone())),
        }
    }
    out
}

fn note_undecided(t: &Tournament, rows: &[Row], notes: &mut Vec<String>) {
    let s = Standings {
        chain: Vec::new(),
        rows: rows.to_vec(),
        notes: Vec::new(),
        counted: Vec::new(),
        byes: Vec::new(),
        rounds: 0,
    };
    for (place, group) in undecided(t, &s) {
        let names: Vec<&str> = group.iter().map(|&p| t.name_of(p)).collect();
        notes.push(format!(
            "place {place} must be decided: a play-off between {} (Art. 28.3; `tournament playoff`)",
            names.join(", ")
        ));
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
    let lives = t.system.lives().unwrap_or(1);
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
