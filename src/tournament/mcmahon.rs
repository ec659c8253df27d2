//! McMahon pairing with handicaps (issue 19), and the same weighted matching for rank exams.
//!
//! **Scores.** Ranks lie on one scale, 30k … 1k, 1d … 9d, consecutive (1k and 1d one apart; a
//! local dan counts as the same number of dan, no rank as 30k). A player's initial McMahon
//! score is the rank clamped between the floor and the bar (both inclusive), counted from the
//! floor. A win adds 1, a draw ½, a bye 1 (a bye counts as a win); scores are kept in half
//! points so that they are exact.
//!
//! **Pairing** is an optimal weighted matching of the players present ([`super::matching`]):
//! every pair of players (and, when the number is odd, every player with the bye) is an edge,
//! and each edge has a cost on ten criteria, strongest first ([`CRITERIA`]): the rank-exam
//! group, a repeated pairing (or a second bye), the bye going above the lowest score, the
//! McMahon-score difference, its square, a colour three times running (or blacks and whites
//! more than two apart), draw-ups and draw-downs repeated, the colour a player would rather
//! have, the director's pairs to avoid, and seeding within a group. The criteria are packed into one
//! integer weight, each criterion's unit larger than everything the weaker criteria can add up
//! to over a whole round, so the matching of greatest weight is the best on the strongest
//! criterion, then the next, and so on — exactly a lexicographic optimum. `docs/tournament.md`
//! gives each weight.
//!
//! **Handicaps** (when the event sets them): between two players both below the rank given,
//! the difference of their declared ranks less the correction, between 0 and the maximum; the
//! weaker player takes Black. Other games are even and colours balance.

use super::matching;
use super::model::{Game, Player, PlayerId, Round, System, Tournament, TournamentError, refuse};
use super::rank::Rank;
use super::rng::Lot;
use super::swiss::Colour;
use std::collections::HashMap;

/// The rank scale: 30k = −30 … 1k = −1, 1d = 0 … 9d = 8; no rank counts as 30k.
pub fn scale(rank: Option<Rank>) -> i32 {
    match rank {
        Some(Rank::Kyu(k)) => -i32::from(k),
        Some(Rank::NationalDan(d) | Rank::LocalDan(d)) => i32::from(d) - 1,
        None => -30,
    }
}

/// The rank at a point of the scale (kyu below 0, dan from 0).
pub fn rank_at(value: i32) -> Rank {
    if value >= 0 {
        Rank::NationalDan((value + 1).clamp(1, 9) as u8)
    } else {
        Rank::Kyu((-value).clamp(1, 30) as u8)
    }
}

fn default_bar() -> Rank {
    Rank::NationalDan(9)
}

fn default_floor() -> Rank {
    Rank::Kyu(30)
}

/// Handicap games below a rank.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct HandicapRule {
    /// Only games between two players both below this rank have a handicap.
    pub below: Rank,
    /// Subtracted from the rank difference.
    pub correction: u32,
    /// The most stones given.
    pub max: u32,
}

/// The McMahon settings of an event.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct McMahonSettings {
    /// Every player at or above the bar starts equal.
    #[serde(default = "default_bar")]
    pub bar: Rank,
    /// Every player at or below the floor starts equal (at 0).
    #[serde(default = "default_floor")]
    pub floor: Rank,
    /// Handicap games, when given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub handicap: Option<HandicapRule>,
}

impl Default for McMahonSettings {
    fn default() -> McMahonSettings {
        McMahonSettings {
            bar: default_bar(),
            floor: default_floor(),
            handicap: None,
        }
    }
}

impl McMahonSettings {
    /// Checks that the floor is not above the bar and the handicap numbers are sensible.
    pub fn validate(&self) -> Result<(), TournamentError> {
        if scale(Some(self.floor)) > scale(Some(self.bar)) {
            return refuse(format!(
                "the floor {} is above the bar {}",
                self.floor, self.bar
            ));
        }
        if let Some(h) = self.handicap
            && h.max > 9
        {
            return refuse(format!("--handicap-max {} is more than 9 stones", h.max));
        }
        Ok(())
    }

    /// The initial McMahon score in half points.
    pub fn initial_half(&self, rank: Option<Rank>) -> i64 {
        let (floor, bar) = (scale(Some(self.floor)), scale(Some(self.bar)));
        i64::from(scale(rank).clamp(floor, bar.max(floor)) - floor) * 2
    }

    /// The handicap between two declared ranks (0: an even game).
    pub fn handicap(&self, a: Option<Rank>, b: Option<Rank>) -> u32 {
        let Some(h) = self.handicap else { return 0 };
        let limit = scale(Some(h.below));
        let (x, y) = (scale(a), scale(b));
        if x >= limit || y >= limit {
            return 0;
        }
        (x.abs_diff(y).saturating_sub(h.correction)).min(h.max)
    }

    /// The settings as one line, for certificates and messages.
    pub fn text(&self) -> String {
        let mut s = format!("bar {} floor {}", self.bar, self.floor);
        if let Some(h) = self.handicap {
            s.push_str(&format!(
                " handicap below {} correction {} max {}",
                h.below, h.correction, h.max
            ));
        }
        s
    }
}

fn w100() -> u32 {
    100
}

fn w50() -> u32 {
    50
}

/// The director's weights (0–1000) for pairs to avoid "when other viable options exist":
/// the same family, club, city or country. A weight counts only against pairings equal on
/// every stronger criterion, so it never pairs across score groups.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct AvoidWeights {
    /// Same `family` (default 100).
    #[serde(default = "w100")]
    pub family: u32,
    /// Same club (default 50).
    #[serde(default = "w50")]
    pub club: u32,
    /// Same city (default 0: off).
    #[serde(default)]
    pub city: u32,
    /// Same country (default 0: off).
    #[serde(default)]
    pub country: u32,
}

impl Default for AvoidWeights {
    fn default() -> AvoidWeights {
        AvoidWeights {
            family: 100,
            club: 50,
            city: 0,
            country: 0,
        }
    }
}

impl AvoidWeights {
    /// The most a director may set for one kind.
    pub const MAX: u32 = 1000;

    /// Reads `family=100,club=50,city=0,country=10` (kinds not named keep their weight).
    pub fn parse_into(&mut self, text: &str) -> Result<(), TournamentError> {
        for item in text.split(',').filter(|x| !x.trim().is_empty()) {
            let Some((k, v)) = item.split_once('=') else {
                return refuse(format!(
                    "--avoid {item:?}: write kind=weight, e.g. family=100,club=50"
                ));
            };
            let v: u32 = v
                .trim()
                .parse()
                .ok()
                .filter(|v| *v <= Self::MAX)
                .ok_or_else(|| {
                    TournamentError(format!("--avoid {item:?}: a weight from 0 to 1000"))
                })?;
            match k.trim().to_ascii_lowercase().as_str() {
                "family" => self.family = v,
                "club" => self.club = v,
                "city" => self.city = v,
                "country" => self.country = v,
                other => {
                    return refuse(format!(
                        "--avoid: unknown kind {other:?} (family, club, city, country)"
                    ));
                }
            }
        }
        Ok(())
    }

    /// As `family=100,club=50,city=0,country=0`.
    pub fn text(&self) -> String {
        format!(
            "family={},club={},city={},country={}",
            self.family, self.club, self.city, self.country
        )
    }
}

/// The criteria of the pairing, strongest first (the keys of the explanation and of
/// `docs/tournament.md`).
pub const CRITERIA: [&str; N] = [
    "group",
    "repeat",
    "bye",
    "score",
    "score_squared",
    "colour",
    "float",
    "balance",
    "avoid",
    "seeding",
];

/// How many criteria.
pub const N: usize = 10;

/// Index of each criterion in [`CRITERIA`].
mod k {
    pub const GROUP: usize = 0;
    pub const REPEAT: usize = 1;
    pub const BYE: usize = 2;
    pub const SCORE: usize = 3;
    pub const SQUARED: usize = 4;
    pub const COLOUR: usize = 5;
    pub const FLOAT: usize = 6;
    pub const BALANCE: usize = 7;
    pub const AVOID: usize = 8;
    pub const SEEDING: usize = 9;
}

/// Costs of one edge (or a whole pairing) on each criterion; lower is better.
pub type Costs = [i64; N];

/// What a pairing of this kind uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Mode {
    /// McMahon with these settings.
    McMahon(McMahonSettings),
    /// A rank exam: scores from 0, pairs only within a level group.
    Exam,
}

/// One player as the pairing sees them before a round.
#[derive(Clone, Debug)]
pub struct Entrant {
    /// The player.
    pub id: PlayerId,
    /// Score in half points (McMahon score, or exam points).
    pub score: i64,
    /// Rank on the scale.
    pub scale: i32,
    /// Seeding strength (higher first), then `lot`.
    pub strength: i32,
    /// Lot number.
    pub lot: u32,
    /// Colours of earlier games, in order.
    pub colours: Vec<Colour>,
    /// Earlier opponents with the number of games against each.
    pub met: HashMap<PlayerId, u32>,
    /// Byes had.
    pub byes: u32,
    /// Times paired with a higher score (drawn up).
    pub ups: u32,
    /// Times paired with a lower score (drawn down).
    pub downs: u32,
    /// Family, club, city, country (lower case, trimmed).
    pub attrs: [String; 4],
    /// Level group (rank exams; empty otherwise).
    pub group: String,
}

impl Entrant {
    fn balance(&self) -> i32 {
        self.colours
            .iter()
            .map(|c| if *c == Colour::Black { 1 } else { -1 })
            .sum()
    }

    /// Whether taking `c` would give a third same colour running or |blacks − whites| > 2.
    fn breaks(&self, c: Colour) -> bool {
        let n = self.colours.len();
        let third = n >= 2 && self.colours[n - 1] == c && self.colours[n - 2] == c;
        let after = self.balance() + if c == Colour::Black { 1 } else { -1 };
        third || after.abs() > 2
    }

    /// The colour the player would rather have: the one had less, else the other of the last.
    fn wants(&self) -> Option<Colour> {
        match self.balance() {
            b if b > 0 => Some(Colour::White),
            b if b < 0 => Some(Colour::Black),
            _ => self.colours.last().map(|c| other(*c)),
        }
    }

    /// Taking `c`: (colour rules broken, wishes not met).
    fn colour_cost(&self, c: Colour) -> (i64, i64) {
        (
            i64::from(self.breaks(c)),
            i64::from(self.wants() == Some(other(c))),
        )
    }
}

fn other(c: Colour) -> Colour {
    match c {
        Colour::Black => Colour::White,
        Colour::White => Colour::Black,
    }
}

/// Scores in half points of every player before `round` (rounds before it, play-offs not
/// counted): `initial(p)` plus the points of each game (2 a win, 1 a draw) and 2 a bye.
pub fn scores_before(
    t: &Tournament,
    round: u32,
    initial: &dyn Fn(&Player) -> i64,
) -> HashMap<PlayerId, i64> {
    let mut s: HashMap<PlayerId, i64> = t
        .players
        .iter()
        .map(|p| {
            (
                p.id,
                initial(p) + super::late_entry::missed_half(t, p, round),
            )
        })
        .collect();
    for r in t.played.iter().filter(|r| r.number < round && !r.playoff) {
        for g in &r.games {
            for p in [g.black, g.white] {
                *s.entry(p).or_default() += g.points_of(p);
            }
        }
        for &b in &r.byes {
            *s.entry(b).or_default() += 2;
        }
    }
    s
}

/// The initial score of a player under `mode`, in half points.
pub fn initial_half(mode: &Mode, p: &Player) -> i64 {
    match mode {
        Mode::McMahon(m) => m.initial_half(p.rank),
        Mode::Exam => 0,
    }
}

/// The level group of a rank-exam player: the `team` column when given, else the rank.
pub fn exam_group(p: &Player) -> String {
    if !p.team.trim().is_empty() {
        p.team.trim().to_string()
    } else {
        p.rank.map_or_else(|| "-".to_string(), |r| r.to_string())
    }
}

fn norm(s: &str) -> String {
    s.trim().to_lowercase()
}

/// Everyone present in `round`, as the pairing sees them.
pub fn entrants(t: &Tournament, round: u32, mode: &Mode) -> Vec<Entrant> {
    let init = |p: &Player| initial_half(mode, p);
    let present: Vec<&Player> = t.entered().filter(|p| p.plays_in(round)).collect();
    let mut out: HashMap<PlayerId, Entrant> = present
        .iter()
        .map(|p| {
            (
                p.id,
                Entrant {
                    id: p.id,
                    score: 0,
                    scale: scale(p.rank),
                    strength: p.strength(),
                    lot: p.lot,
                    colours: Vec::new(),
                    met: HashMap::new(),
                    byes: 0,
                    ups: 0,
                    downs: 0,
                    attrs: [
                        norm(&p.family),
                        norm(&p.club),
                        norm(&p.city),
                        norm(&p.country),
                    ],
                    group: if *mode == Mode::Exam {
                        exam_group(p)
                    } else {
                        String::new()
                    },
                },
            )
        })
        .collect();
    // Walk the rounds in order, keeping each player's score before the round.
    let mut score: HashMap<PlayerId, i64> = t
        .players
        .iter()
        .map(|p| (p.id, init(p) + super::late_entry::missed_half(t, p, round)))
        .collect();
    let mut rounds: Vec<&Round> = t
        .played
        .iter()
        .filter(|r| r.number < round && !r.playoff)
        .collect();
    rounds.sort_by_key(|r| r.number);
    for r in rounds {
        for g in &r.games {
            let (sb, sw) = (
                score.get(&g.black).copied().unwrap_or(0),
                score.get(&g.white).copied().unwrap_or(0),
            );
            for (p, colour, mine, theirs, opp) in [
                (g.black, Colour::Black, sb, sw, g.white),
                (g.white, Colour::White, sw, sb, g.black),
            ] {
                if let Some(e) = out.get_mut(&p) {
                    e.colours.push(colour);
                    *e.met.entry(opp).or_default() += 1;
                    if theirs > mine {
                        e.ups += 1;
                    } else if theirs < mine {
                        e.downs += 1;
                    }
                }
            }
        }
        for b in &r.byes {
            if let Some(e) = out.get_mut(b) {
                e.byes += 1;
            }
        }
        for g in &r.games {
            for p in [g.black, g.white] {
                *score.entry(p).or_default() += g.points_of(p);
            }
        }
        for &b in &r.byes {
            *score.entry(b).or_default() += 2;
        }
    }
    let mut v: Vec<Entrant> = out
        .into_values()
        .map(|mut e| {
            e.score = score.get(&e.id).copied().unwrap_or(0);
            e
        })
        .collect();
    v.sort_by_key(|e| e.id);
    v
}

/// The graph of one round: its entrants (the last vertex is the bye when the number is odd)
/// and every edge's costs.
pub struct Graph {
    /// The entrants, by player id.
    pub entrants: Vec<Entrant>,
    /// Whether vertex `entrants.len()` is the bye.
    pub has_bye: bool,
    /// Costs of the edge between vertices `i < j` at `i * n + j` (n = vertices).
    costs: Vec<Costs>,
    /// Handicap of each pair `i < j`.
    handicaps: Vec<u32>,
    /// Vertices.
    pub n: usize,
    /// The weight of one unit of each criterion.
    pub units: [i128; N],
}

impl Graph {
    /// Builds the graph of `entrants` under `mode` and the director's `avoid` weights.
    pub fn new(
        entrants: Vec<Entrant>,
        mode: &Mode,
        avoid: &AvoidWeights,
    ) -> Result<Graph, TournamentError> {
        let m = entrants.len();
        let has_bye = m % 2 == 1;
        let n = m + usize::from(has_bye);
        // Seeding positions within each score group (strongest first).
        let mut order: Vec<usize> = (0..m).collect();
        order.sort_by(|&a, &b| {
            let (x, y) = (&entrants[a], &entrants[b]);
            y.score
                .cmp(&x.score)
                .then(y.strength.cmp(&x.strength))
                .then(x.lot.cmp(&y.lot))
                .then(x.id.cmp(&y.id))
        });
        let mut pos = vec![0usize; m];
        let mut size: HashMap<(String, i64), usize> = HashMap::new();
        for &i in &order {
            let key = (entrants[i].group.clone(), entrants[i].score);
            let c = size.entry(key).or_default();
            pos[i] = *c;
            *c += 1;
        }
        let group_size = |i: usize| size[&(entrants[i].group.clone(), entrants[i].score)];
        let lowest = entrants.iter().map(|e| e.score).min().unwrap_or(0);
        let mut costs = vec![[0i64; N]; n * n];
        let mut handicaps = vec![0u32; n * n];
        for i in 0..m {
            for j in i + 1..m {
                let (a, b) = (&entrants[i], &entrants[j]);
                let mut c = [0i64; N];
                c[k::GROUP] = i64::from(a.group != b.group);
                c[k::REPEAT] = i64::from(a.met.contains_key(&b.id));
                let d = (a.score - b.score).abs();
                c[k::SCORE] = d;
                c[k::SQUARED] = d * d;
                if d > 0 {
                    // Drawing down a player drawn down before (or up one drawn up before)
                    // costs two a time; a float that does not compensate an earlier one in
                    // the other direction costs one.
                    let (up, low) = if a.score > b.score { (a, b) } else { (b, a) };
                    c[k::FLOAT] = 2 * i64::from(up.downs + low.ups)
                        + i64::from(up.ups <= up.downs)
                        + i64::from(low.downs <= low.ups);
                }
                let h = match mode {
                    Mode::McMahon(s) => s.handicap(rank_of(a.scale), rank_of(b.scale)),
                    Mode::Exam => 0,
                };
                if h == 0 {
                    // The better of the two ways round: fewer colour rules broken (a third
                    // same colour running, or blacks and whites more than two apart), then
                    // fewer wishes unmet.
                    let (x, y) = (even_cost(a, b), even_cost(b, a));
                    let best = x.min(y);
                    c[k::COLOUR] = best.0;
                    c[k::BALANCE] = best.1;
                }
                let weights = [avoid.family, avoid.club, avoid.city, avoid.country];
                c[k::AVOID] = (0..4)
                    .filter(|&x| !a.attrs[x].is_empty() && a.attrs[x] == b.attrs[x])
                    .map(|x| i64::from(weights[x]))
                    .sum();
                c[k::SEEDING] = if a.score == b.score && a.group == b.group {
                    let g = group_size(i) as i64;
                    ((pos[i] as i64 - pos[j] as i64).abs() - g / 2).abs()
                } else {
                    // A float: the bottom of the upper group against the top of the lower.
                    let (u, l) = if a.score > b.score { (i, j) } else { (j, i) };
                    (group_size(u) - 1 - pos[u]) as i64 + pos[l] as i64
                };
                costs[i * n + j] = c;
                handicaps[i * n + j] = h;
            }
        }
        if has_bye {
            // The bye: to the lowest score present, then the weakest, never twice.
            let mut bottom: Vec<usize> = (0..m).collect();
            bottom.sort_by(|&a, &b| {
                let (x, y) = (&entrants[a], &entrants[b]);
                x.score
                    .cmp(&y.score)
                    .then(x.strength.cmp(&y.strength))
                    .then(y.lot.cmp(&x.lot))
                    .then(y.id.cmp(&x.id))
            });
            for (rank_from_bottom, &i) in bottom.iter().enumerate() {
                let e = &entrants[i];
                let mut c = [0i64; N];
                c[k::REPEAT] = i64::from(e.byes > 0);
                c[k::BYE] = e.score - lowest;
                c[k::SEEDING] = rank_from_bottom as i64;
                costs[i * n + m] = c;
            }
        }
        let mut g = Graph {
            entrants,
            has_bye,
            costs,
            handicaps,
            n,
            units: [0; N],
        };
        g.units = g.compute_units()?;
        Ok(g)
    }

    /// The costs of the edge between vertices `i` and `j`.
    pub fn costs(&self, i: usize, j: usize) -> Costs {
        let (a, b) = (i.min(j), i.max(j));
        self.costs[a * self.n + b]
    }

    /// The handicap of the pair of vertices `i`, `j` (0 for the bye).
    pub fn handicap(&self, i: usize, j: usize) -> u32 {
        let (a, b) = (i.min(j), i.max(j));
        self.handicaps[a * self.n + b]
    }

    /// Each criterion's unit: larger than the most all weaker criteria can add up to in one
    /// round, so the weights order matchings lexicographically.
    fn compute_units(&self) -> Result<[i128; N], TournamentError> {
        let pairs = (self.n / 2) as i128;
        let mut max = [0i64; N];
        for i in 0..self.n {
            for j in i + 1..self.n {
                let c = self.costs(i, j);
                for x in 0..N {
                    max[x] = max[x].max(c[x]);
                }
            }
        }
        let mut units = [1i128; N];
        for x in (0..N - 1).rev() {
            // A criterion's unit exceeds the most the weaker ones can add up to in a round
            // (a weaker criterion no edge uses needs no room).
            let room = i128::from(max[x + 1])
                .checked_mul(pairs)
                .and_then(|v| v.checked_add(1))
                .and_then(|v| v.checked_mul(units[x + 1]));
            units[x] = room.ok_or_else(|| {
                TournamentError("too many players for one weighted matching".into())
            })?;
        }
        // The heaviest edge, with room for the algorithm's doubled duals and slacks.
        let heaviest = (0..N).try_fold(0i128, |acc, x| {
            i128::from(max[x])
                .checked_mul(units[x])
                .and_then(|v| v.checked_add(acc))
        });
        match heaviest.and_then(|h| h.checked_mul(16)) {
            Some(_) => Ok(units),
            None => refuse("too many players for one weighted matching"),
        }
    }

    /// The packed cost of one edge.
    pub fn packed(&self, c: &Costs) -> i128 {
        (0..N).map(|x| i128::from(c[x]) * self.units[x]).sum()
    }

    /// The optimal matching: `mate[v]` for every vertex, with `forbid` edges left out.
    pub fn solve(&self, forbid: Option<(usize, usize)>) -> Vec<Option<usize>> {
        let top: i128 = (0..self.n)
            .flat_map(|i| (i + 1..self.n).map(move |j| (i, j)))
            .map(|(i, j)| self.packed(&self.costs(i, j)))
            .max()
            .unwrap_or(0)
            + 1;
        let mut edges = Vec::with_capacity(self.n * self.n / 2);
        for i in 0..self.n {
            for j in i + 1..self.n {
                if forbid == Some((i, j)) || forbid == Some((j, i)) {
                    continue;
                }
                edges.push((i, j, top - self.packed(&self.costs(i, j))));
            }
        }
        matching::max_weight_matching(self.n, &edges, true)
    }

    /// The total costs of a matching.
    pub fn totals(&self, mate: &[Option<usize>]) -> Costs {
        let mut t = [0i64; N];
        for (v, m) in mate.iter().enumerate() {
            if let Some(w) = m.filter(|&w| v < w) {
                let c = self.costs(v, w);
                for x in 0..N {
                    t[x] += c[x];
                }
            }
        }
        t
    }
}

fn rank_of(scale_value: i32) -> Option<Rank> {
    Some(rank_at(scale_value))
}

/// The cost of `black` taking Black against `white`: (rules broken, wishes unmet).
fn even_cost(black: &Entrant, white: &Entrant) -> (i64, i64) {
    let (x, y) = (
        black.colour_cost(Colour::Black),
        white.colour_cost(Colour::White),
    );
    (x.0 + y.0, x.1 + y.1)
}

/// Colours of an even game between `a` and `b`: the assignment that breaks fewer colour rules,
/// then gives more players the colour they want; then the one further from balance gets its
/// wish; then the lot. Returns `(black, white)`.
fn even_colours(a: &Entrant, b: &Entrant, lot: &mut Lot) -> (PlayerId, PlayerId) {
    let ab = even_cost(a, b);
    let ba = even_cost(b, a);
    if ab != ba {
        return if ab < ba { (a.id, b.id) } else { (b.id, a.id) };
    }
    let (ia, ib) = (a.balance().abs(), b.balance().abs());
    if ia != ib {
        let (needy, other) = if ia > ib { (a, b) } else { (b, a) };
        return match needy.wants() {
            Some(Colour::White) => (other.id, needy.id),
            _ => (needy.id, other.id),
        };
    }
    if lot.coin() {
        (a.id, b.id)
    } else {
        (b.id, a.id)
    }
}

/// One round's pairing from the graph's matching: games by board (top scores first) with
/// handicaps and colours, and the bye.
pub fn round_from(g: &Graph, mate: &[Option<usize>], round: u32, lot: &mut Lot) -> Round {
    let m = g.entrants.len();
    let mut pairs: Vec<(usize, usize)> = Vec::new();
    let mut bye = None;
    for (v, w) in mate.iter().enumerate() {
        let Some(w) = *w else { continue };
        if v >= w {
            continue;
        }
        if w == m && g.has_bye {
            bye = Some(g.entrants[v].id);
        } else {
            pairs.push((v, w));
        }
    }
    let key = |&(a, b): &(usize, usize)| {
        let (x, y) = (&g.entrants[a], &g.entrants[b]);
        (
            std::cmp::Reverse(x.score.max(y.score)),
            std::cmp::Reverse(x.score + y.score),
            std::cmp::Reverse(x.strength.max(y.strength)),
            x.lot.min(y.lot),
        )
    };
    pairs.sort_by_key(key);
    let games = pairs
        .iter()
        .enumerate()
        .map(|(board, &(a, b))| {
            let (x, y) = (&g.entrants[a], &g.entrants[b]);
            let h = g.handicap(a, b);
            let (black, white) = if h > 0 {
                // The weaker player (lower declared rank) takes Black.
                if x.scale < y.scale || (x.scale == y.scale && x.lot > y.lot) {
                    (x.id, y.id)
                } else {
                    (y.id, x.id)
                }
            } else {
                even_colours(x, y, lot)
            };
            Game {
                handicap: h,
                ..Game::pairing(board as u32 + 1, black, white)
            }
        })
        .collect();
    Round {
        number: round,
        games,
        byes: bye.into_iter().collect(),
        ..Round::default()
    }
}

/// The mode of an event's pairing (McMahon settings, or a rank exam).
pub fn mode_of(t: &Tournament) -> Mode {
    match t.system {
        System::RankExam => Mode::Exam,
        _ => Mode::McMahon(t.mcmahon.unwrap_or_default()),
    }
}

/// Pairs round `round` of a McMahon event or a rank exam, with its certificate.
pub fn pair(t: &Tournament, round: u32) -> Result<Round, TournamentError> {
    let mode = mode_of(t);
    pair_with(t, round, &mode, &t.avoid)
}

/// Pairs round `round` under `mode` and `avoid` (a certificate's settings when verifying).
pub fn pair_with(
    t: &Tournament,
    round: u32,
    mode: &Mode,
    avoid: &AvoidWeights,
) -> Result<Round, TournamentError> {
    if let Mode::McMahon(s) = mode {
        s.validate()?;
    }
    let e = entrants(t, round, mode);
    if e.len() < 2 {
        return refuse(format!(
            "round {round}: {} player present; a round needs two",
            e.len()
        ));
    }
    let graph = Graph::new(e, mode, avoid)?;
    let mate = graph.solve(None);
    let mut lot = Lot::new(t.seed, u64::from(round));
    let mut r = round_from(&graph, &mate, round, &mut lot);
    r.certificate = Some(super::certificate::Certificate::new(
        t, round, mode, avoid, &graph, &r,
    ));
    Ok(r)
}

/// Why one pair (or the bye) of a round is as it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairWhy {
    /// Board (0 for the bye).
    pub board: u32,
    /// Black (or the player with the bye).
    pub black: PlayerId,
    /// White (`None` for the bye).
    pub white: Option<PlayerId>,
    /// The pair's costs on each criterion.
    pub costs: Costs,
    /// The scores (half points) of Black and White before the round.
    pub scores: (i64, i64),
    /// The handicap.
    pub handicap: u32,
    /// How much worse the best pairing without this pair is, criterion by criterion
    /// (`None` when there is no other pairing at all).
    pub next_best: Option<Costs>,
}

impl PairWhy {
    /// The strongest criterion on which the next-best pairing is worse, with by how much.
    pub fn decisive(&self) -> Option<(&'static str, i64)> {
        let d = self.next_best?;
        d.iter()
            .enumerate()
            .find(|(_, v)| **v != 0)
            .map(|(x, v)| (CRITERIA[x], *v))
    }
}

/// A round's pairing explained: each pair's criteria met and broken, and what the best
/// pairing without that pair would cost in addition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explanation {
    /// The round.
    pub round: u32,
    /// Each board, then the bye.
    pub pairs: Vec<PairWhy>,
    /// Totals of the pairing on each criterion.
    pub totals: Costs,
    /// The weight of one unit of each criterion.
    pub units: [i128; N],
}

/// Explains the pairing of round `round` as published (or as proposed, when not published).
/// Only weighted pairings (McMahon, rank exams) are explained.
pub fn explain(t: &Tournament, round: u32) -> Result<Explanation, TournamentError> {
    if !matches!(t.system, System::McMahon | System::RankExam) {
        return refuse(format!(
            "--explain explains a weighted matching (mcmahon, rank-exam); this event is {}",
            t.system.name()
        ));
    }
    let published = match t.round(round) {
        Some(r) => r.clone(),
        None => t.propose(round)?,
    };
    explain_round(t, &published)
}

/// Explains `published` (a published round, or a draft the arbiter changed) against the
/// weighted matching of its round.
pub fn explain_round(t: &Tournament, published: &Round) -> Result<Explanation, TournamentError> {
    let round = published.number;
    let (mode, avoid) = match &published.certificate {
        Some(c) => (c.mode, c.avoid),
        None => (mode_of(t), t.avoid),
    };
    let e = entrants(t, round, &mode);
    let graph = Graph::new(e, &mode, &avoid)?;
    let index: HashMap<PlayerId, usize> = graph
        .entrants
        .iter()
        .enumerate()
        .map(|(i, e)| (e.id, i))
        .collect();
    let m = graph.entrants.len();
    // The published pairing as a matching of the graph.
    let mut mate = vec![None; graph.n];
    let mut edges: Vec<(u32, PlayerId, Option<PlayerId>, usize, usize, u32)> = Vec::new();
    for g in &published.games {
        let (Some(&a), Some(&b)) = (index.get(&g.black), index.get(&g.white)) else {
            return refuse(format!(
                "round {round}: {} or {} is not present in that round",
                t.name_of(g.black),
                t.name_of(g.white)
            ));
        };
        mate[a] = Some(b);
        mate[b] = Some(a);
        edges.push((g.board, g.black, Some(g.white), a, b, g.handicap));
    }
    for &p in &published.byes {
        if let Some(&a) = index.get(&p)
            && graph.has_bye
        {
            mate[a] = Some(m);
            mate[m] = Some(a);
            edges.push((0, p, None, a, m, 0));
        }
    }
    let totals = graph.totals(&mate);
    let pairs = edges
        .into_iter()
        .map(|(board, black, white, a, b, handicap)| {
            let alt = graph.solve(Some((a, b)));
            let complete = alt.iter().all(Option::is_some) && alt[a] != Some(b);
            let next_best = complete.then(|| {
                let at = graph.totals(&alt);
                let mut d = [0i64; N];
                for x in 0..N {
                    d[x] = at[x] - totals[x];
                }
                d
            });
            let score = |v: usize| graph.entrants.get(v).map_or(0, |e| e.score);
            let (sb, sw) = match white {
                Some(w) => (score(index[&black]), index.get(&w).map_or(0, |&v| score(v))),
                None => (score(a), 0),
            };
            PairWhy {
                board,
                black,
                white,
                costs: graph.costs(a, b),
                scores: (sb, sw),
                handicap,
                next_best,
            }
        })
        .collect();
    Ok(Explanation {
        round,
        pairs,
        totals,
        units: graph.units,
    })
}

/// A criterion's name for people.
pub fn criterion_label(key: &str, lang: crate::i18n::Lang) -> &'static str {
    match key {
        "group" => lang.pick("同一级别组", "同一級別組", "same level group"),
        "repeat" => lang.pick("不重复对局", "不重複對局", "no repeated pairing"),
        "bye" => lang.pick("轮空给最低分", "輪空給最低分", "bye to the lowest score"),
        "score" => lang.pick("麦克马洪分差", "麥克馬洪分差", "McMahon score difference"),
        "score_squared" => lang.pick("分差平方", "分差平方", "score difference squared"),
        "colour" => lang.pick(
            "不连续三局同色",
            "不連續三局同色",
            "no colour three times running",
        ),
        "float" => lang.pick("升降组分散", "升降組分散", "draw-ups and downs spread"),
        "balance" => lang.pick("黑白均衡", "黑白均衡", "colour balance"),
        "avoid" => lang.pick(
            "回避同家庭/单位/城市/国家",
            "迴避同家庭/單位/城市/國家",
            "avoid same family, club, city, country",
        ),
        "seeding" => lang.pick(
            "组内上半区对下半区",
            "組內上半區對下半區",
            "upper half against lower half",
        ),
        _ => "?",
    }
}

fn half_text(h: i64) -> String {
    if h % 2 == 0 {
        format!("{}", h / 2)
    } else {
        format!("{}½", h / 2)
    }
}

/// The explanation as text (the CLI's `--explain` and the window's view).
pub fn explain_text(t: &Tournament, e: &Explanation, lang: crate::i18n::Lang) -> String {
    use std::fmt::Write as _;
    let mut s = String::new();
    let _ = writeln!(
        s,
        "{} {}: {}",
        lang.pick("第", "第", "Round"),
        e.round,
        lang.pick(
            "最优加权匹配；准则从强到弱：",
            "最優加權匹配；準則從強到弱：",
            "optimal weighted matching; criteria strongest first:"
        )
    );
    let chain: Vec<&str> = CRITERIA.iter().map(|k| criterion_label(k, lang)).collect();
    let _ = writeln!(s, "  {}", chain.join(" > "));
    for p in &e.pairs {
        let head = match p.white {
            Some(w) => format!(
                "{} {}: {} ({}) – {} ({}){}",
                lang.pick("台", "台", "board"),
                p.board,
                t.name_of(p.black),
                half_text(p.scores.0),
                t.name_of(w),
                half_text(p.scores.1),
                if p.handicap > 0 {
                    format!(", {} {}", lang.pick("让子", "讓子", "handicap"), p.handicap)
                } else {
                    String::new()
                }
            ),
            None => format!(
                "{}: {} ({})",
                lang.pick("轮空", "輪空", "bye"),
                t.name_of(p.black),
                half_text(p.scores.0)
            ),
        };
        let _ = writeln!(s, "{head}");
        let mut met = Vec::new();
        let mut broken = Vec::new();
        for (x, key) in CRITERIA.iter().enumerate() {
            let v = p.costs[x];
            let label = criterion_label(key, lang);
            if v == 0 {
                met.push(label.to_string());
            } else {
                let shown = match *key {
                    "score" => half_text(v),
                    _ => v.to_string(),
                };
                broken.push(format!("{label} {shown}"));
            }
        }
        let _ = writeln!(s, "  ✓ {}", met.join("; "));
        if !broken.is_empty() {
            let _ = writeln!(s, "  ✗ {}", broken.join("; "));
        }
        match p.decisive() {
            Some((key, d)) => {
                let _ = writeln!(
                    s,
                    "  {} {} {}",
                    lang.pick(
                        "若不这样配对，最好的编排在此准则上更差：",
                        "若不這樣配對，最好的編排在此準則上更差：",
                        "the best pairing without this pair is worse on"
                    ),
                    criterion_label(key, lang),
                    format_args!(
                        "+{}",
                        if key == "score" {
                            half_text(d)
                        } else {
                            d.to_string()
                        }
                    )
                );
            }
            None if p.next_best.is_some() => {
                let _ = writeln!(
                    s,
                    "  {}",
                    lang.pick(
                        "另有同样好的编排（由抽签和顺序决定）",
                        "另有同樣好的編排（由抽籤和順序決定）",
                        "an equally good pairing exists without this pair (order and lot decided)"
                    )
                );
            }
            None => {}
        }
    }
    let totals: Vec<String> = CRITERIA
        .iter()
        .zip(e.totals)
        .map(|(k, v)| format!("{k}={v}"))
        .collect();
    let _ = writeln!(
        s,
        "{}: {}",
        lang.pick("合计", "合計", "totals"),
        totals.join(" ")
    );
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn issue19_weights_fit_a_field_of_a_thousand() {
        // A thousand players over 30k … 9d with many rounds behind them: every criterion's
        // unit fits in the exact integers.
        let entrants: Vec<Entrant> = (0..1000)
            .map(|i| Entrant {
                id: PlayerId(i),
                score: i64::from(i % 80),
                scale: (i % 39) as i32 - 30,
                strength: (i % 39) as i32,
                lot: i,
                colours: vec![Colour::Black; (i % 3) as usize],
                met: HashMap::new(),
                byes: i % 2,
                ups: i % 5,
                downs: i % 4,
                attrs: [
                    format!("f{}", i % 7),
                    format!("c{}", i % 9),
                    "x".into(),
                    "y".into(),
                ],
                group: String::new(),
            })
            .collect();
        let avoid = AvoidWeights {
            family: 1000,
            club: 1000,
            city: 1000,
            country: 1000,
        };
        let g = Graph::new(entrants, &Mode::McMahon(McMahonSettings::default()), &avoid);
        assert!(g.is_ok(), "{:?}", g.err());
    }

    #[test]
    fn issue19_scale_is_consecutive_across_1k_1d() {
        assert_eq!(scale(Rank::parse("1k").ok()), -1);
        assert_eq!(scale(Rank::parse("1d").ok()), 0);
        assert_eq!(scale(Rank::parse("9d").ok()), 8);
        assert_eq!(scale(Rank::parse("30k").ok()), -30);
        assert_eq!(scale(None), -30);
        for v in -30..=8 {
            assert_eq!(scale(Some(rank_at(v))), v);
        }
    }

    #[test]
    fn issue19_initial_score_clamped_between_floor_and_bar_inclusive() {
        let s = McMahonSettings {
            bar: Rank::NationalDan(3),
            floor: Rank::Kyu(10),
            handicap: None,
        };
        let half = |r: &str| s.initial_half(Rank::parse(r).ok()) / 2;
        assert_eq!(half("20k"), 0);
        assert_eq!(half("10k"), 0);
        assert_eq!(half("9k"), 1);
        assert_eq!(half("1k"), 9);
        assert_eq!(half("1d"), 10);
        assert_eq!(half("3d"), 12);
        assert_eq!(half("7d"), 12);
    }

    #[test]
    fn issue19_handicap_is_rank_difference_less_correction_within_max() {
        let s = McMahonSettings {
            bar: Rank::NationalDan(9),
            floor: Rank::Kyu(30),
            handicap: Some(HandicapRule {
                below: Rank::NationalDan(1),
                correction: 1,
                max: 5,
            }),
        };
        let h = |a: &str, b: &str| s.handicap(Rank::parse(a).ok(), Rank::parse(b).ok());
        assert_eq!(h("5k", "5k"), 0);
        assert_eq!(h("5k", "6k"), 0);
        assert_eq!(h("5k", "8k"), 2);
        assert_eq!(h("1k", "20k"), 5, "at most the maximum");
        assert_eq!(h("1d", "5k"), 0, "1d is not below 1d");
        assert_eq!(h("2k", "1d"), 0);
    }
}
