//! Swiss-style pairing by equal or close scores (积分编排, Art. 27.3), for players and for teams.
//!
//! The hard rules (issue 12): nobody meets the same opponent twice; after every round no
//! entrant's |whites − blacks| exceeds 2 and nobody has one colour three times running; at most
//! one bye per round, to the lowest-scored entrant not yet given one, and never a second bye to
//! anyone. Within those rules entrants are ordered by score, then rank, then the number drawn
//! by lot, and each score group is paired top half against bottom half (1–5, 2–6, … in a group
//! of eight); an odd entrant floats down to the next group. A depth-first search with forward
//! checking finds a pairing that keeps every hard rule, preferring those orderings; the lot
//! only decides colours where the rules and the balance do not. Same input, same pairing.

use super::rng::Lot;

/// A colour in a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    /// Black (moves first).
    Black,
    /// White.
    White,
}

/// What the pairing needs to know of one entrant.
#[derive(Clone, Debug, Default)]
pub struct Entrant {
    /// The caller's key (player or team number).
    pub key: usize,
    /// Score so far (points or match points).
    pub score: i64,
    /// Rank strength (higher is stronger).
    pub strength: i32,
    /// Number drawn by lot (lower first among equals).
    pub lot: u32,
    /// Colours of the games so far, in order.
    pub colours: Vec<Colour>,
    /// Whether the entrant already had a bye.
    pub had_bye: bool,
    /// Keys of the opponents already met.
    pub met: Vec<usize>,
}

impl Entrant {
    fn balance(&self) -> i32 {
        self.colours
            .iter()
            .map(|c| if *c == Colour::White { 1 } else { -1 })
            .sum()
    }

    /// Whether taking `c` this round keeps the colour rules.
    pub fn may_take(&self, c: Colour) -> bool {
        let after = self.balance() + if c == Colour::White { 1 } else { -1 };
        let n = self.colours.len();
        let third_running = n >= 2 && self.colours[n - 1] == c && self.colours[n - 2] == c;
        after.abs() <= 2 && !third_running
    }

    /// The colour this entrant would rather have (the one it had less, else the other of its
    /// last), if any.
    fn wants(&self) -> Option<Colour> {
        match self.balance() {
            b if b > 0 => Some(Colour::Black),
            b if b < 0 => Some(Colour::White),
            _ => self.colours.last().map(|c| match c {
                Colour::Black => Colour::White,
                Colour::White => Colour::Black,
            }),
        }
    }
}

/// A round's pairing: `(black, white)` keys, top board first, and the bye.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pairing {
    /// `(black key, white key)` per board.
    pub pairs: Vec<(usize, usize)>,
    /// The key with the bye.
    pub bye: Option<usize>,
}

/// Why no pairing was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NoPairing(pub String);

/// Which rules are hard. The Swiss keeps both; an elimination event keeps neither (a final may
/// be a rematch, and colours there are only balanced where they can be).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// No opponent twice.
    pub no_repeats: bool,
    /// |whites − blacks| ≤ 2 and no colour three times running.
    pub colours: bool,
}

impl Rules {
    /// The Swiss: every rule hard.
    pub const SWISS: Rules = Rules {
        no_repeats: true,
        colours: true,
    };
    /// Elimination rounds: nothing may block the next round.
    pub const ELIMINATION: Rules = Rules {
        no_repeats: false,
        colours: false,
    };
}

/// Search nodes allowed per bye candidate before trying the next one.
const BUDGET: usize = 200_000;

struct Search<'a> {
    order: Vec<usize>,   // indices into entrants, best first
    rank_of: Vec<usize>, // index -> position in order
    ok: Vec<Vec<bool>>,  // may i and j meet this round
    entrants: &'a [Entrant],
    taken: Vec<bool>,
    pairs: Vec<(usize, usize)>,
    nodes: usize,
}

impl Search<'_> {
    fn feasible(&self, i: usize) -> bool {
        self.order
            .iter()
            .any(|&j| j != i && !self.taken[j] && self.ok[i][j])
    }

    fn candidates(&self, top: usize) -> Vec<usize> {
        let score = self.entrants[top].score;
        let group: Vec<usize> = self
            .order
            .iter()
            .copied()
            .filter(|&j| !self.taken[j] && self.entrants[j].score == score)
            .collect();
        let target = group.len() / 2;
        let t = &self.entrants[top];
        let mut c: Vec<(i64, bool, usize, usize)> = self
            .order
            .iter()
            .copied()
            .filter(|&j| j != top && !self.taken[j] && self.ok[top][j])
            .map(|j| {
                let e = &self.entrants[j];
                let diff = (e.score - score).abs();
                let repeat = t.met.contains(&e.key) || e.met.contains(&t.key);
                let closeness = match group.iter().position(|&g| g == j) {
                    Some(p) => p.abs_diff(target),
                    None => self.rank_of[j],
                };
                (diff, repeat, closeness, j)
            })
            .collect();
        c.sort();
        c.into_iter().map(|(_, _, _, j)| j).collect()
    }

    fn run(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes > BUDGET {
            return false;
        }
        let Some(top) = self.order.iter().copied().find(|&i| !self.taken[i]) else {
            return true;
        };
        for j in self.candidates(top) {
            self.taken[top] = true;
            self.taken[j] = true;
            let rest_ok = self
                .order
                .iter()
                .all(|&k| self.taken[k] || self.feasible(k));
            if rest_ok {
                self.pairs.push((top, j));
                if self.run() {
                    return true;
                }
                self.pairs.pop();
            }
            self.taken[top] = false;
            self.taken[j] = false;
            if self.nodes > BUDGET {
                return false;
            }
        }
        false
    }
}

fn may_meet(a: &Entrant, b: &Entrant, rules: Rules) -> bool {
    let repeat = a.met.contains(&b.key) || b.met.contains(&a.key);
    let colours = (a.may_take(Colour::Black) && b.may_take(Colour::White))
        || (a.may_take(Colour::White) && b.may_take(Colour::Black));
    (!rules.no_repeats || !repeat) && (!rules.colours || colours)
}

/// Chooses colours for `a` against `b`: what the rules force, else what balances colours,
/// else the lot.
pub fn colours(a: &Entrant, b: &Entrant, lot: &mut Lot) -> (usize, usize) {
    let a_black = a.may_take(Colour::Black) && b.may_take(Colour::White);
    let b_black = b.may_take(Colour::Black) && a.may_take(Colour::White);
    match (a_black, b_black) {
        (true, false) => return (a.key, b.key),
        (false, true) => return (b.key, a.key),
        _ => {}
    }
    let content = |black: &Entrant, white: &Entrant| {
        i32::from(black.wants() == Some(Colour::Black))
            + i32::from(white.wants() == Some(Colour::White))
    };
    let (ab, ba) = (content(a, b), content(b, a));
    if ab != ba {
        return if ab > ba {
            (a.key, b.key)
        } else {
            (b.key, a.key)
        };
    }
    // Equally content: the one further from balance gets what it wants.
    let (ia, ib) = (a.balance().abs(), b.balance().abs());
    if ia != ib {
        let needy = if ia > ib { a } else { b };
        let other = if ia > ib { b } else { a };
        return match needy.wants() {
            Some(Colour::White) => (other.key, needy.key),
            _ => (needy.key, other.key),
        };
    }
    if lot.coin() {
        (a.key, b.key)
    } else {
        (b.key, a.key)
    }
}

/// Pairs one round under the Swiss rules. `lot` decides colours only where nothing else does.
pub fn pair(entrants: &[Entrant], lot: &mut Lot) -> Result<Pairing, NoPairing> {
    pair_with(entrants, lot, Rules::SWISS)
}

/// Pairs one round under `rules` (rules that are not hard are still preferred).
pub fn pair_with(entrants: &[Entrant], lot: &mut Lot, rules: Rules) -> Result<Pairing, NoPairing> {
    let n = entrants.len();
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&i, &j| {
        let (a, b) = (&entrants[i], &entrants[j]);
        b.score
            .cmp(&a.score)
            .then(b.strength.cmp(&a.strength))
            .then(a.lot.cmp(&b.lot))
            .then(a.key.cmp(&b.key))
    });
    let mut rank_of = vec![0; n];
    for (pos, &i) in order.iter().enumerate() {
        rank_of[i] = pos;
    }
    let ok: Vec<Vec<bool>> = (0..n)
        .map(|i| {
            (0..n)
                .map(|j| i != j && may_meet(&entrants[i], &entrants[j], rules))
                .collect()
        })
        .collect();
    // Bye candidates: lowest score first, then weakest, then the last by lot.
    let mut byes: Vec<Option<usize>> = if n % 2 == 1 {
        let mut c: Vec<usize> = order
            .iter()
            .rev()
            .copied()
            .filter(|&i| !entrants[i].had_bye || !rules.no_repeats)
            .collect();
        c.sort_by(|&i, &j| {
            let (a, b) = (&entrants[i], &entrants[j]);
            // Without a bye first (a second bye only where the rules allow one at all).
            a.had_bye
                .cmp(&b.had_bye)
                .then(a.score.cmp(&b.score))
                .then(rank_of[j].cmp(&rank_of[i]))
        });
        c.into_iter().map(Some).collect()
    } else {
        vec![None]
    };
    if byes.is_empty() {
        return Err(NoPairing(
            "an odd number is left and everybody has had a bye already".into(),
        ));
    }
    for bye in byes.drain(..) {
        let mut taken = vec![false; n];
        if let Some(b) = bye {
            taken[b] = true;
        }
        let mut s = Search {
            order: order.clone(),
            rank_of: rank_of.clone(),
            ok: ok.clone(),
            entrants,
            taken,
            pairs: Vec::new(),
            nodes: 0,
        };
        if s.run() {
            let mut pairs: Vec<(usize, usize)> = s.pairs.clone();
            pairs.sort_by_key(|&(a, b)| rank_of[a].min(rank_of[b]));
            let pairs = pairs
                .into_iter()
                .map(|(a, b)| colours(&entrants[a], &entrants[b], lot))
                .collect();
            return Ok(Pairing {
                pairs,
                bye: bye.map(|b| entrants[b].key),
            });
        }
    }
    Err(NoPairing(
        "no pairing keeps every rule (no repeated opponent, |whites − blacks| ≤ 2, no colour three times running, one bye each)".into(),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entrant(key: usize, score: i64, colours: &[Colour]) -> Entrant {
        Entrant {
            key,
            score,
            strength: -(key as i32),
            lot: key as u32,
            colours: colours.to_vec(),
            ..Entrant::default()
        }
    }

    #[test]
    fn score_groups_pair_top_half_against_bottom_half() {
        let e: Vec<Entrant> = (0..8).map(|k| entrant(k, 0, &[])).collect();
        let p = pair(&e, &mut Lot::new(1, 1)).unwrap_or_default();
        let mut met: Vec<(usize, usize)> =
            p.pairs.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect();
        met.sort();
        assert_eq!(met, vec![(0, 4), (1, 5), (2, 6), (3, 7)]);
    }

    #[test]
    fn bye_goes_to_the_lowest_score_without_one() {
        let mut e: Vec<Entrant> = (0..5).map(|k| entrant(k, 4 - k as i64, &[])).collect();
        e[4].had_bye = true;
        let p = pair(&e, &mut Lot::new(1, 1)).unwrap_or_default();
        assert_eq!(p.bye, Some(3));
    }

    #[test]
    fn colour_rules_force_the_colour() {
        use Colour::*;
        let a = entrant(0, 0, &[White, White]);
        let b = entrant(1, 0, &[]);
        assert!(!a.may_take(White));
        assert_eq!(colours(&a, &b, &mut Lot::new(0, 0)), (0, 1));
        let c = entrant(2, 0, &[Black, White, Black, Black]);
        assert!(!c.may_take(Black));
        let d = entrant(3, 0, &[White, Black]);
        assert_eq!(colours(&c, &d, &mut Lot::new(0, 0)), (3, 2));
    }
}
