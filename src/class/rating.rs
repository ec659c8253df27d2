//! Glicko-2 ratings (Mark Glickman, "Example of the Glicko-2 system", 2013) for children and
//! problems on one scale: an attempt is a game between the child and the problem.
//!
//! Parameters (also in `docs/class-format.md`):
//! - system constant τ = 0.5 ([`TAU`]);
//! - a new child or problem starts at rating 1500, deviation (RD) 350, volatility 0.06
//!   ([`Rating::INITIAL`]); a shipped problem starts at the rating of its theme
//!   ([`Rating::for_problem`]) with the same RD and volatility;
//! - the rating period is **one attempt**: each attempt is a period with one game, and both
//!   the child and the problem are updated from the other's rating *before* the attempt;
//! - the score for the child is 1 for a right answer, ½ for a right answer after a hint, 0 for
//!   a wrong one; the problem scores the rest;
//! - the volatility is found by the Illinois algorithm with ε = 10⁻⁶; RD never goes above 350.

/// The system constant τ: how much the volatility may change in a period.
pub const TAU: f64 = 0.5;
/// Glicko-2's scale factor between the rating scale and its internal scale.
const SCALE: f64 = 173.7178;
/// The convergence tolerance of the volatility iteration.
const EPSILON: f64 = 1e-6;
/// The largest rating deviation (a newcomer's).
pub const MAX_RD: f64 = 350.0;

/// A rating with its deviation and volatility.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// The rating (1500 is a newcomer).
    pub rating: f64,
    /// The rating deviation: how uncertain the rating is (350 for a newcomer).
    pub rd: f64,
    /// The volatility: how erratic the performances are.
    pub volatility: f64,
}

/// The outcome of one attempt for the child.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Right without a hint: the child wins.
    Right,
    /// Right after a hint: a draw.
    RightWithHint,
    /// Wrong: the problem wins.
    Wrong,
}

impl Score {
    /// The child's score: 1, ½ or 0.
    pub fn value(self) -> f64 {
        match self {
            Score::Right => 1.0,
            Score::RightWithHint => 0.5,
            Score::Wrong => 0.0,
        }
    }
}

impl Default for Rating {
    fn default() -> Rating {
        Rating::INITIAL
    }
}

fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (std::f64::consts::PI * std::f64::consts::PI)).sqrt()
}

fn expected(mu: f64, mu_j: f64, phi_j: f64) -> f64 {
    1.0 / (1.0 + (-g(phi_j) * (mu - mu_j)).exp())
}

impl Rating {
    /// A newcomer: 1500, RD 350, volatility 0.06.
    pub const INITIAL: Rating = Rating {
        rating: 1500.0,
        rd: 350.0,
        volatility: 0.06,
    };

    /// A new problem's starting rating from its theme's place on the path (0 = the first
    /// theme, capturing a stone in atari): 1200 + 75 per place, RD 350, volatility 0.06.
    /// A guess that the attempts correct quickly (the RD is a newcomer's).
    pub fn for_problem(theme_rank: u32) -> Rating {
        Rating {
            rating: 1200.0 + 75.0 * f64::from(theme_rank.min(12)),
            ..Rating::INITIAL
        }
    }

    /// The expected score of `self` against `other` (0 to 1).
    pub fn expected_against(&self, other: &Rating) -> f64 {
        expected(
            (self.rating - 1500.0) / SCALE,
            (other.rating - 1500.0) / SCALE,
            other.rd / SCALE,
        )
    }

    /// The rating after one rating period with these games (opponent, score 0..=1). A period
    /// without games only widens the deviation.
    pub fn after_period(&self, games: &[(Rating, f64)]) -> Rating {
        let mu = (self.rating - 1500.0) / SCALE;
        let phi = self.rd / SCALE;
        let sigma = self.volatility;
        if games.is_empty() {
            let phi_star = (phi * phi + sigma * sigma).sqrt();
            return Rating {
                rating: self.rating,
                rd: (phi_star * SCALE).min(MAX_RD),
                volatility: sigma,
            };
        }
        // Step 3: the estimated variance v; step 4: the improvement Δ.
        let mut inv_v = 0.0;
        let mut sum = 0.0;
        for (opp, score) in games {
            let mu_j = (opp.rating - 1500.0) / SCALE;
            let phi_j = opp.rd / SCALE;
            let e = expected(mu, mu_j, phi_j);
            let gj = g(phi_j);
            inv_v += gj * gj * e * (1.0 - e);
            sum += gj * (score.clamp(0.0, 1.0) - e);
        }
        let v = 1.0 / inv_v.max(f64::MIN_POSITIVE);
        let delta = v * sum;
        // Step 5: the new volatility (Illinois algorithm).
        let new_sigma = new_volatility(sigma, phi, v, delta);
        // Steps 6–8.
        let phi_star = (phi * phi + new_sigma * new_sigma).sqrt();
        let new_phi = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
        let new_mu = mu + new_phi * new_phi * sum;
        Rating {
            rating: new_mu * SCALE + 1500.0,
            rd: (new_phi * SCALE).min(MAX_RD),
            volatility: new_sigma,
        }
    }

    /// One attempt: the child's and the problem's ratings after it (each from the other's
    /// rating before it).
    pub fn attempt(child: &Rating, problem: &Rating, score: Score) -> (Rating, Rating) {
        let s = score.value();
        (
            child.after_period(&[(*problem, s)]),
            problem.after_period(&[(*child, 1.0 - s)]),
        )
    }

    /// Whether the numbers are usable (finite, RD and volatility positive).
    pub fn is_valid(&self) -> bool {
        self.rating.is_finite()
            && self.rd.is_finite()
            && self.volatility.is_finite()
            && self.rd > 0.0
            && self.volatility > 0.0
    }
}

fn new_volatility(sigma: f64, phi: f64, v: f64, delta: f64) -> f64 {
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        let d = phi * phi + v + ex;
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (TAU * TAU)
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * TAU) < 0.0 && k < 1000.0 {
            k += 1.0;
        }
        a - k * TAU
    };
    let mut f_a = f(big_a);
    let mut f_b = f(big_b);
    let mut rounds = 0;
    while (big_b - big_a).abs() > EPSILON && rounds < 200 {
        let c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
        let f_c = f(c);
        if f_c * f_b <= 0.0 {
            big_a = big_b;
            f_a = f_b;
        } else {
            f_a /= 2.0;
        }
        big_b = c;
        f_b = f_c;
        rounds += 1;
    }
    let s = (big_a / 2.0).exp();
    if s.is_finite() && s > 0.0 { s } else { sigma }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() <= tol
    }

    /// Glickman's worked example (2013, section "Example"): 1500/200/0.06 plays 1400/30 (won),
    /// 1550/100 (lost), 1700/300 (lost) in one period → 1464.06 / 151.52 / 0.05999.
    #[test]
    fn glickmans_worked_example() {
        let player = Rating {
            rating: 1500.0,
            rd: 200.0,
            volatility: 0.06,
        };
        let opp = |r, rd| Rating {
            rating: r,
            rd,
            volatility: 0.06,
        };
        let after = player.after_period(&[
            (opp(1400.0, 30.0), 1.0),
            (opp(1550.0, 100.0), 0.0),
            (opp(1700.0, 300.0), 0.0),
        ]);
        assert!(close(after.rating, 1464.06, 0.01), "{after:?}");
        assert!(close(after.rd, 151.52, 0.01), "{after:?}");
        assert!(close(after.volatility, 0.05999, 0.00001), "{after:?}");
    }

    /// One attempt as a table: (child before, problem before, score) → child and problem after
    /// (rounded to 0.01). The figures come from the formulas of the paper worked by hand for
    /// the first row and from this implementation for the rest, pinned against drift.
    #[test]
    fn one_attempt_updates_both_sides() {
        let new = Rating::INITIAL;
        let easy = Rating::for_problem(0);
        let cases: &[(&str, Rating, Rating, Score, bool, bool)] = &[
            // (name, child, problem, score, child goes up, problem goes up)
            ("newcomer right", new, new, Score::Right, true, false),
            ("newcomer wrong", new, new, Score::Wrong, false, true),
            (
                "right on an easy problem",
                new,
                easy,
                Score::Right,
                true,
                false,
            ),
            (
                "wrong on an easy problem",
                new,
                easy,
                Score::Wrong,
                false,
                true,
            ),
        ];
        for (name, child, problem, score, child_up, problem_up) in cases {
            let (c, p) = Rating::attempt(child, problem, *score);
            assert_eq!(c.rating > child.rating, *child_up, "{name}: {c:?}");
            assert_eq!(p.rating > problem.rating, *problem_up, "{name}: {p:?}");
            assert!(
                c.rd < child.rd && p.rd < problem.rd,
                "{name}: both less uncertain"
            );
            assert!(c.is_valid() && p.is_valid(), "{name}");
        }
        // Two newcomers, a win: symmetric moves of about 162.3 points (g(φ)=0.6690, E=½).
        let (c, p) = Rating::attempt(&new, &new, Score::Right);
        assert!(close(c.rating - 1500.0, 1500.0 - p.rating, 1e-6));
        assert!(close(c.rating, 1662.31, 0.01), "{c:?}");
        assert!(close(c.rd, 290.32, 0.01), "{c:?}");
        // A hint halves the win: a draw between equals moves nothing.
        let (c, p) = Rating::attempt(&new, &new, Score::RightWithHint);
        assert!(close(c.rating, 1500.0, 1e-9) && close(p.rating, 1500.0, 1e-9));
        // Missing an easy problem costs more than missing a hard one.
        let hard = Rating::for_problem(8);
        let (after_easy, _) = Rating::attempt(&new, &easy, Score::Wrong);
        let (after_hard, _) = Rating::attempt(&new, &hard, Score::Wrong);
        assert!(after_easy.rating < after_hard.rating);
    }

    #[test]
    fn an_empty_period_only_widens_the_deviation_up_to_350() {
        let r = Rating {
            rating: 1600.0,
            rd: 50.0,
            volatility: 0.06,
        };
        let after = r.after_period(&[]);
        assert_eq!(after.rating, 1600.0);
        assert!(close(
            after.rd,
            (50.0f64.powi(2) + (0.06 * SCALE).powi(2)).sqrt(),
            1e-9
        ));
        assert_eq!(Rating::INITIAL.after_period(&[]).rd, MAX_RD);
    }

    #[test]
    fn expected_scores_are_symmetric_for_equal_deviations() {
        let a = Rating {
            rating: 1700.0,
            rd: 100.0,
            volatility: 0.06,
        };
        let b = Rating {
            rating: 1500.0,
            rd: 100.0,
            volatility: 0.06,
        };
        assert!(close(
            a.expected_against(&b) + b.expected_against(&a),
            1.0,
            1e-12
        ));
        assert!(a.expected_against(&b) > 0.5);
    }
}
