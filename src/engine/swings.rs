//! The moves to look at: where the engine's estimate turned most against the player who
//! had just moved. Pure.

use super::estimate::Estimate;
use crate::record::NodeId;
use crate::rules::{Color, Move};

/// One position of a reviewed line.
#[derive(Clone, Debug, PartialEq)]
pub struct PointInfo {
    /// The record's node of the position.
    pub node: NodeId,
    /// Moves played to reach it (0 = the start).
    pub move_number: usize,
    /// The move that led here, if any.
    pub played: Option<(Color, Move)>,
}

/// A move after which the estimate swung against its player.
#[derive(Clone, Debug, PartialEq)]
pub struct Swing {
    /// Index of the position after the move in the reviewed line.
    pub index: usize,
    /// The move's number.
    pub move_number: usize,
    /// The move's node.
    pub node: NodeId,
    /// Who played it.
    pub color: Color,
    /// The move.
    pub mv: Move,
    /// The estimate before and after, for the player (points, or winrate percentage points).
    pub before: f64,
    /// See `before`.
    pub after: f64,
    /// How much the move cost its player (`before - after`, positive).
    pub loss: f64,
}

/// Whether the estimates account for the side to move, or need the tempo taken out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tempo {
    /// A search (KataGo, Leela Zero) judges the position for the side to move: a move's
    /// loss is the estimate's drop for its player.
    Included,
    /// A static estimate (GNU Go's `estimate_score`, `final_score`) credits the side that
    /// has just moved with the move's worth, so the series zigzags and nearly every move
    /// "gains". A move's loss is then measured against the typical move of the line: the
    /// median gain of all its moves (the tempo) minus this move's gain.
    Static,
}

/// The `count` moves that cost their player most (largest loss first, ties by move order),
/// leaving out moves that cost nothing and moves after which the estimate moved by less than
/// [`MIN_CHANGE`] (a pass in a settled position, a quiet move: against a static estimate's
/// typical move it would "lose" the tempo, `-16.5 -> -16.5 (lost 3.9)`, `18.7 -> 18.6 (lost
/// 4.0)`, which tells the reviewer nothing). A position without an estimate breaks the chain:
/// the move into it and the move out of it are not judged.
pub fn biggest_swings(
    points: &[PointInfo],
    estimates: &[Option<Estimate>],
    count: usize,
    tempo: Tempo,
) -> Vec<Swing> {
    let mut swings: Vec<Swing> = points
        .iter()
        .enumerate()
        .skip(1)
        .filter_map(|(i, point)| {
            let (color, mv) = point.played?;
            let before = estimates.get(i - 1).copied().flatten()?.value_for(color)?;
            let after = estimates.get(i).copied().flatten()?.value_for(color)?;
            Some(Swing {
                index: i,
                move_number: point.move_number,
                node: point.node,
                color,
                mv,
                before,
                after,
                loss: before - after,
            })
        })
        .collect();
    if tempo == Tempo::Static {
        let mut gains: Vec<f64> = swings.iter().map(|s| -s.loss).collect();
        gains.sort_by(f64::total_cmp);
        let median = gains.get(gains.len() / 2).copied().unwrap_or(0.0);
        for s in &mut swings {
            s.loss += median;
        }
    }
    // The typical move above counts every move; a move that changed nothing is not listed.
    swings.retain(|s| s.loss > 0.0 && (s.before - s.after).abs() >= MIN_CHANGE);
    swings.sort_by(|a, b| b.loss.total_cmp(&a.loss).then(a.index.cmp(&b.index)));
    swings.truncate(count);
    swings
}

/// The series with the static estimates' zigzag taken out: each value the mean of itself and
/// the one before (both sides' last moves counted once), for graphs.
pub fn smoothed(series: &[(usize, f64)]) -> Vec<(usize, f64)> {
    series
        .iter()
        .enumerate()
        .map(
            |(i, &(m, v))| match i.checked_sub(1).and_then(|j| series.get(j)) {
                Some(&(_, prev)) => (m, (v + prev) / 2.0),
                None => (m, v),
            },
        )
        .collect()
}

/// A move is named a loss only when its player's estimate moved by at least this much across
/// it (points, or winrate percentage points): one point is below what a static estimate can
/// tell from a quiet move, and a tenth is only the engines' printing (issue 29 item 7,
/// `docs/decisions.md`).
pub const MIN_CHANGE: f64 = 1.0;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Coord;

    /// A line whose moves alternate Black, White, … from Black, with these Black leads.
    fn line(leads: &[Option<f64>]) -> (Vec<PointInfo>, Vec<Option<Estimate>>) {
        let points = (0..leads.len())
            .map(|i| PointInfo {
                node: NodeId(i),
                move_number: i,
                played: (i > 0).then(|| {
                    let color = if i % 2 == 1 {
                        Color::Black
                    } else {
                        Color::White
                    };
                    (color, Move::Play(Coord::new(i as u8, 0)))
                }),
            })
            .collect();
        let estimates = leads
            .iter()
            .map(|l| {
                l.map(|l| Estimate {
                    black_lead: Some(l),
                    black_winrate: None,
                })
            })
            .collect();
        (points, estimates)
    }

    fn moves(swings: &[Swing]) -> Vec<(usize, f64)> {
        swings.iter().map(|s| (s.move_number, s.loss)).collect()
    }

    #[test]
    fn losses_are_measured_for_the_player_who_moved() {
        // Move 1 (Black) 7 → 2: Black lost 5. Move 2 (White) 2 → 12: White lost 10.
        // Move 3 (Black) 12 → 13: a gain, not listed.
        let (p, e) = line(&[Some(7.0), Some(2.0), Some(12.0), Some(13.0)]);
        assert_eq!(
            moves(&biggest_swings(&p, &e, 5, Tempo::Included)),
            [(2, 10.0), (1, 5.0)]
        );
        assert_eq!(
            moves(&biggest_swings(&p, &e, 1, Tempo::Included)),
            [(2, 10.0)]
        );
    }

    #[test]
    fn a_missing_estimate_leaves_its_neighbours_unjudged() {
        let (p, e) = line(&[Some(0.0), None, Some(-20.0), Some(-30.0)]);
        assert_eq!(
            moves(&biggest_swings(&p, &e, 5, Tempo::Included)),
            [(3, 10.0)]
        );
    }

    #[test]
    fn static_estimates_are_judged_against_the_typical_move() {
        // A zigzag: each move gains 10 for its player, except move 3 (Black) which gains 2.
        let (p, e) = line(&[
            Some(0.0),
            Some(10.0),
            Some(0.0),
            Some(2.0),
            Some(-8.0),
            Some(2.0),
        ]);
        assert!(biggest_swings(&p, &e, 5, Tempo::Included).is_empty());
        assert_eq!(moves(&biggest_swings(&p, &e, 5, Tempo::Static)), [(3, 8.0)]);
    }

    /// Issue 17 item 9: a move after which the estimate did not change is never listed, even
    /// when a static estimate's typical move gains more.
    #[test]
    fn a_move_that_changed_nothing_is_never_listed() {
        // Gains 10, 10, 0 (move 3 Black: -16.5 stays -16.5 … here 0 stays 0), 10.
        let (p, e) = line(&[Some(10.0), Some(20.0), Some(10.0), Some(10.0), Some(0.0)]);
        let listed = biggest_swings(&p, &e, 5, Tempo::Static);
        assert!(listed.iter().all(|s| s.before != s.after), "{listed:?}");
        assert!(listed.iter().all(|s| s.move_number != 3), "{listed:?}");
        assert!(
            biggest_swings(&p, &e, 5, Tempo::Included)
                .iter()
                .all(|s| s.move_number != 3)
        );
    }

    /// Issue 29 item 7: "18.7 → 18.6 (lost 4.0)" — a near-flat move is never a loss, however
    /// much a static estimate's typical move gains.
    #[test]
    fn issue29_a_near_flat_move_is_never_named_a_loss() {
        // Each move gains 4 for its player, except move 5 (Black): 18.7 → 18.8, which a
        // static estimate's typical move would call a loss of 3.9.
        let (p, e) = line(&[
            Some(14.7),
            Some(18.7),
            Some(14.7),
            Some(18.7),
            Some(18.7),
            Some(18.8),
            Some(14.8),
        ]);
        let listed = biggest_swings(&p, &e, 5, Tempo::Static);
        assert!(listed.iter().all(|s| s.move_number != 5), "{listed:?}");
        assert!(
            listed
                .iter()
                .all(|s| (s.before - s.after).abs() >= MIN_CHANGE),
            "{listed:?}"
        );
        // A drop of 0.9 is not a loss either; one of 1.0 is.
        let (p, e) = line(&[Some(5.0), Some(4.1)]);
        assert!(biggest_swings(&p, &e, 5, Tempo::Included).is_empty());
        let (p, e) = line(&[Some(5.0), Some(4.0)]);
        assert_eq!(
            moves(&biggest_swings(&p, &e, 5, Tempo::Included)),
            [(1, 1.0)]
        );
    }

    #[test]
    fn smoothing_averages_neighbours() {
        assert_eq!(
            smoothed(&[(0, 0.0), (1, 10.0), (2, 0.0)]),
            [(0, 0.0), (1, 5.0), (2, 5.0)]
        );
    }

    #[test]
    fn winrate_only_estimates_swing_in_percentage_points() {
        let (p, _) = line(&[None, None]);
        let e = [0.6, 0.3].map(|w| {
            Some(Estimate {
                black_lead: None,
                black_winrate: Some(w),
            })
        });
        let s = biggest_swings(&p, &e, 5, Tempo::Included);
        assert_eq!(s.len(), 1);
        assert!((s[0].loss - 30.0).abs() < 1e-9);
    }
}
