//! Checking a problem by the rules: every move of the tree legal, the goal met at the end of
//! every right line, every wrong first try answered with a refutation — and, since issue 27,
//! judged by our own reader at the end of every line ([`super::judge::judge_problem`] with
//! [`OwnReader`]: a cut that can be reconnected is no cut, a move marked wrong must not
//! work, no unmarked first move may work too) and every count a comment states checked
//! against the position. Used by the test of the shipped problems and by `tianyuan problems
//! check` for a teacher's own files.

use super::judge::{CountClaim, Finding, FindingKind, OwnReader, check_counts, judge_problem};
use super::problem::Problem;
use super::verdict::Verdict;
use crate::record::NodeId;
use crate::rules::Game;

/// What a check found.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ProblemCheck {
    /// Right lines (root to end).
    pub right_lines: usize,
    /// Moves the rules forbid: the node and why.
    pub illegal: Vec<(NodeId, String)>,
    /// Ends of right lines where the stated goal is not achieved.
    pub goal_missed: Vec<NodeId>,
    /// Wrong moves of the player with no refutation in the tree (the child would see none).
    pub no_refutation: Vec<NodeId>,
    /// Where our own reader disagrees with the tree (at the end of a line, a wrong try that
    /// works, a false refutation, an unmarked first move that works), each with its line.
    pub disagreements: Vec<Finding>,
    /// Questions our reader could not answer within its bounds (not a proof either way).
    pub unjudged: Vec<Finding>,
    /// Counts stated in comments that the position does not have.
    pub wrong_counts: Vec<CountClaim>,
}

impl ProblemCheck {
    /// Whether the problem is sound: a right answer, all legal, goal met at the end of every
    /// right line, no disagreement of our reader, every stated count true.
    pub fn is_sound(&self) -> bool {
        self.right_lines > 0
            && self.illegal.is_empty()
            && self.goal_missed.is_empty()
            && self.disagreements.is_empty()
            && self.wrong_counts.is_empty()
    }
}

/// Whether a problem is proved by the rules: it states a goal and [`check_problem`] finds it
/// sound. Only a proved problem can be assigned to a child (issue 20).
pub fn is_proved(problem: &Problem) -> bool {
    problem.goal().is_some() && check_problem(problem).is_sound()
}

/// Checks one problem.
pub fn check_problem(problem: &Problem) -> ProblemCheck {
    let tree = problem.tree();
    let player = problem.player();
    let mut report = ProblemCheck::default();
    // Every node's move must be legal after its parent's position (depth first, one game
    // copy per branch).
    let mut stack: Vec<(NodeId, Game)> = vec![(tree.root_id(), problem.start().clone())];
    while let Some((id, game)) = stack.pop() {
        let Some(node) = tree.node(id) else { continue };
        for &child in &node.children {
            let mut next = game.clone();
            if let Some((color, mv)) = problem.node_move(child)
                && let Err(why) = next.play(color, mv)
            {
                report.illegal.push((child, why.to_string()));
                continue;
            }
            let wrong_player_move = problem.node_move(child).is_some_and(|(c, _)| c == player)
                && problem.verdict(child) == Verdict::Wrong;
            if wrong_player_move && problem.moves_of(child, player.opponent()).is_empty() {
                report.no_refutation.push(child);
            }
            stack.push((child, next));
        }
    }
    let lines = problem.right_lines();
    report.right_lines = lines.len();
    if let Some(goal) = problem.goal() {
        for line in &lines {
            let mut game = problem.start().clone();
            let legal = line.iter().skip(1).all(|&id| match problem.node_move(id) {
                Some((color, mv)) => game.play(color, mv).is_ok(),
                None => true,
            });
            let end = *line.last().unwrap_or(&tree.root_id());
            if legal
                && !goal.achieved(
                    player,
                    problem.start().board(),
                    game.board(),
                    problem.targets(),
                )
            {
                report.goal_missed.push(end);
            }
        }
        let judged = judge_problem(problem, &mut OwnReader::new());
        for f in judged.findings {
            if f.kind == FindingKind::Unknown {
                report.unjudged.push(f);
            } else if f.kind != FindingKind::Illegal {
                report.disagreements.push(f);
            }
        }
    }
    report.wrong_counts = check_counts(problem);
    report
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(sgf: &str) -> ProblemCheck {
        let reading = crate::record::read_str(sgf).expect("sgf");
        let p = Problem::from_tree(reading.collection.trees[0].clone()).expect("problem");
        check_problem(&p)
    }

    #[test]
    fn a_sound_capture_problem_passes() {
        let r = check(
            "(;SZ[9]PL[B]TYGOAL[capture]TR[ee]AW[ee][eg]AB[de][fe][ed](;B[ef]C[RIGHT])(;B[dd];W[ef]))",
        );
        assert!(r.is_sound(), "{r:?}");
        assert_eq!(r.right_lines, 1);
        assert!(r.no_refutation.is_empty());
    }

    #[test]
    fn a_right_line_that_does_not_capture_is_caught() {
        let r = check(
            "(;SZ[9]PL[B]TYGOAL[capture]TR[ee]AW[ee]AB[de][fe][ed](;B[dd]C[RIGHT])(;B[ef]C[WRONG]))",
        );
        assert_eq!(r.goal_missed.len(), 1);
        assert_eq!(r.no_refutation.len(), 1);
        assert!(!r.is_sound());
    }

    #[test]
    fn an_illegal_move_in_the_tree_is_caught() {
        // B[ee] is on White's stone.
        let r = check("(;SZ[9]PL[B]AW[ee](;B[ee]C[RIGHT])(;B[aa]C[RIGHT]))");
        assert_eq!(r.illegal.len(), 1);
    }
}
