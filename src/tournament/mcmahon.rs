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
//! and each edge has a cost on ten criteria, strongest first ([`CRITERIA`], in
//! [`super::graph`]): the rank-exam group, a repeated pairing (or a second bye), the bye going
//! above the lowest score, the McMahon-score difference, its square, the director's pairs to
//! avoid, a colour three times running (or blacks and whites more than two apart), draw-ups
//! and draw-downs repeated, the colour a player would rather have, and seeding within a group.
//! The criteria are packed into one integer weight, each criterion's unit larger than
//! everything the weaker criteria can add up to over a whole round, so the matching of
//! greatest weight is the best on the strongest criterion, then the next, and so on — exactly
//! a lexicographic optimum. `docs/tournament.md` gives each weight; [`super::explain`] says
//! why each pair was made.
//!
//! **Handicaps** (when the event sets them): between two players both below the rank given,
//! the difference of their declared ranks less the correction, between 0 and the maximum; the
//! weaker player takes Black. Other games are even and colours balance.

pub use super::explain::{
    Explanation, PairWhy, criterion_label, explain, explain_round, explain_text,
};
pub use super::graph::{CRITERIA, Costs, Graph, N, Priority};
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

/// What a pairing of this kind uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Mode {
    /// McMahon with these settings.
    McMahon(McMahonSettings),
    /// A rank exam: scores from 0, pairs only within a level group; each odd group has a bye.
    Exam,
    /// A rank exam whose odd level groups play one handicap game between each two (the
    /// director's choice, `odd:handicap` in the exam's table): the grade difference less
    /// `correction`, at most `max` stones.
    ExamHandicap {
        /// Subtracted from the grade difference.
        correction: u32,
        /// The most stones given.
        max: u32,
    },
}

impl Mode {
    /// How a rank exam treats odd level groups (`None`: not a rank exam).
    pub fn odd_groups(&self) -> Option<super::exam::OddGroups> {
        match *self {
            Mode::McMahon(_) => None,
            Mode::Exam => Some(super::exam::OddGroups::Bye),
            Mode::ExamHandicap { correction, max } => {
                Some(super::exam::OddGroups::Handicap { correction, max })
            }
        }
    }

    /// Whether this is a rank exam.
    pub fn is_exam(&self) -> bool {
        self.odd_groups().is_some()
    }
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
        Mode::Exam | Mode::ExamHandicap { .. } => 0,
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
                    group: if mode.is_exam() {
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

pub(super) fn rank_of(scale_value: i32) -> Option<Rank> {
    Some(rank_at(scale_value))
}

/// The cost of `black` taking Black against `white`: (rules broken, wishes unmet).
pub(super) fn even_cost(black: &Entrant, white: &Entrant) -> (i64, i64) {
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
/// handicaps and colours, and the byes.
pub fn round_from(g: &Graph, mate: &[Option<usize>], round: u32, lot: &mut Lot) -> Round {
    let mut pairs: Vec<(usize, usize)> = Vec::new();
    let mut byes = Vec::new();
    for (v, w) in mate.iter().enumerate() {
        let Some(w) = *w else { continue };
        if v >= w || g.is_bye(v) {
            continue;
        }
        if g.is_bye(w) {
            byes.push(g.entrants[v].id);
        } else {
            pairs.push((v, w));
        }
    }
    byes.sort();
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
                // The weaker player (lower declared rank, or exam grade) takes Black.
                let (gx, gy) = (super::exam::grade(x), super::exam::grade(y));
                if gx < gy || (gx == gy && x.lot > y.lot) {
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
        byes,
        ..Round::default()
    }
}

/// The mode of an event's pairing (McMahon settings, or a rank exam and how its table treats
/// odd level groups).
pub fn mode_of(t: &Tournament) -> Mode {
    match t.system {
        System::RankExam => match t.exam.as_ref().map(|x| x.odd) {
            Some(super::exam::OddGroups::Handicap { correction, max }) => {
                Mode::ExamHandicap { correction, max }
            }
            _ => Mode::Exam,
        },
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
    pair_in_order(t, round, mode, avoid, super::graph::PRIORITY)
}

/// The graph of round `round` of `t` over `entrants`: in a rank exam whose odd groups take
/// byes, small groups are checked ahead so that their later rounds stay playable
/// ([`super::exam_schedule`]).
pub fn round_graph(
    t: &Tournament,
    round: u32,
    entrants: Vec<Entrant>,
    mode: &Mode,
    avoid: &AvoidWeights,
    priority: Priority,
) -> Result<Graph, TournamentError> {
    let mut graph = Graph::with_priority(entrants, mode, avoid, priority)?;
    if *mode == Mode::Exam {
        super::exam_schedule::settle(&mut graph, t.rounds.saturating_sub(round))?;
    }
    Ok(graph)
}

/// Pairs round `round` with the criteria in the order `priority` (a certificate made under an
/// earlier order re-runs under its own).
pub fn pair_in_order(
    t: &Tournament,
    round: u32,
    mode: &Mode,
    avoid: &AvoidWeights,
    priority: Priority,
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
    let graph = round_graph(t, round, e, mode, avoid, priority)?;
    let mate = graph.solve(None);
    let mut lot = Lot::new(t.seed, u64::from(round));
    let mut r = round_from(&graph, &mate, round, &mut lot);
    r.certificate = Some(super::certificate::Certificate::new(
        t, round, mode, avoid, &graph, &r,
    ));
    Ok(r)
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
