//! The beginner problems that ship with the program (`assets/problems/`), written by the
//! team: original positions, no problem book's. Compiled in, so they need no files at run time.
//! The twelve of issue 11 were written by hand; the curriculum of issue 20 after them is our
//! own teaching shapes placed by `examples/make_curriculum.rs`, every line proved by the rules.

use std::sync::{Arc, OnceLock};

use super::goal::Goal;
use super::problem::Problem;
use super::set::ProblemSet;

/// One shipped collection: its file name, its theme and its SGF text.
#[derive(Clone, Copy, Debug)]
pub struct Collection {
    /// The file name under `assets/problems/`.
    pub file: &'static str,
    /// The theme every problem in it has as its goal.
    pub goal: Goal,
    /// The SGF text.
    pub sgf: &'static str,
}

/// The shipped collections, easiest first.
pub const COLLECTIONS: &[Collection] = &[
    Collection {
        file: "capture.sgf",
        goal: Goal::Capture,
        sgf: include_str!("../../assets/problems/capture.sgf"),
    },
    Collection {
        file: "escape.sgf",
        goal: Goal::Escape,
        sgf: include_str!("../../assets/problems/escape.sgf"),
    },
    Collection {
        file: "ladder.sgf",
        goal: Goal::Ladder,
        sgf: include_str!("../../assets/problems/ladder.sgf"),
    },
    Collection {
        file: "net.sgf",
        goal: Goal::Net,
        sgf: include_str!("../../assets/problems/net.sgf"),
    },
    Collection {
        file: "two-eyes.sgf",
        goal: Goal::Live,
        sgf: include_str!("../../assets/problems/two-eyes.sgf"),
    },
    Collection {
        file: "connect.sgf",
        goal: Goal::Connect,
        sgf: include_str!("../../assets/problems/connect.sgf"),
    },
    Collection {
        file: "cut.sgf",
        goal: Goal::Cut,
        sgf: include_str!("../../assets/problems/cut.sgf"),
    },
    Collection {
        file: "kill.sgf",
        goal: Goal::Kill,
        sgf: include_str!("../../assets/problems/kill.sgf"),
    },
    Collection {
        file: "endgame.sgf",
        goal: Goal::Endgame,
        sgf: include_str!("../../assets/problems/endgame.sgf"),
    },
];

/// One shipped problem with its identifier.
#[derive(Clone, Debug)]
pub struct Shipped {
    /// The identifier: the problem's `TYID`, else `<file stem>-<n>` (n from 1 in the file).
    pub id: String,
    /// The collection's file name.
    pub file: &'static str,
    /// The problem's place in its file (from 0).
    pub index: usize,
    /// The problem.
    pub problem: Arc<Problem>,
}

/// Every shipped problem, collection by collection in file order, read once. A problem that
/// does not read is left out (the test of the shipped problems fails on it).
pub fn shipped() -> &'static [Shipped] {
    static ALL: OnceLock<Vec<Shipped>> = OnceLock::new();
    ALL.get_or_init(|| {
        let mut out = Vec::new();
        for c in COLLECTIONS {
            let Ok(set) = ProblemSet::from_sgf(c.sgf.as_bytes()) else {
                continue;
            };
            let stem = c.file.trim_end_matches(".sgf");
            for index in 0..set.len() {
                let Some(problem) = set.problem(index) else {
                    continue;
                };
                let id = problem
                    .id()
                    .unwrap_or_else(|| format!("{stem}-{}", index + 1));
                out.push(Shipped {
                    id,
                    file: c.file,
                    index,
                    problem: Arc::clone(problem),
                });
            }
        }
        out
    })
}

/// The shipped problem with identifier `id` (exact, then ignoring case).
pub fn find(id: &str) -> Option<&'static Shipped> {
    let all = shipped();
    all.iter()
        .find(|s| s.id == id)
        .or_else(|| all.iter().find(|s| s.id.eq_ignore_ascii_case(id.trim())))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problems::{Answer, Attempt, ProblemSet, check_problem};
    use crate::rules::Move;
    use std::sync::Arc;

    /// Issue 11 item 6: every shipped problem parses, has a right answer whose moves are
    /// legal and that does what the problem says (captures, escapes, lives), and every wrong
    /// first try gets a refutation.
    #[test]
    fn issue11_every_shipped_problem_is_sound() {
        let mut count = 0;
        for c in COLLECTIONS {
            let set = ProblemSet::from_sgf(c.sgf.as_bytes())
                .unwrap_or_else(|e| panic!("{}: {e}", c.file));
            assert!(set.skipped.is_empty(), "{}: {:?}", c.file, set.skipped);
            for i in 0..set.len() {
                let problem = set.problem(i).expect("problem");
                let name = format!("{} #{} {:?}", c.file, i + 1, problem.name());
                assert_eq!(problem.goal(), Some(c.goal), "{name}: goal");
                assert!(!problem.targets().is_empty(), "{name}: marked stones");
                assert!(!problem.prompt().is_empty(), "{name}: question");
                let report = check_problem(problem);
                assert!(report.is_sound(), "{name}: {report:?}");
                assert!(report.no_refutation.is_empty(), "{name}: {report:?}");
                count += 1;
            }
        }
        assert!(
            count >= 150,
            "issue 20: a curriculum of at least 150, {count}"
        );
    }

    /// Playing each right line as a child would solves the problem, with the tree's replies.
    #[test]
    fn issue11_every_right_line_solves_its_problem_in_the_solver() {
        for c in COLLECTIONS {
            let set = ProblemSet::from_sgf(c.sgf.as_bytes()).expect("set");
            for i in 0..set.len() {
                let problem = set.problem(i).expect("problem");
                let mut attempt = Attempt::new(Arc::clone(problem));
                let mut answer = Answer::Over;
                for (n, guide) in (0..).zip(&problem.right_lines()[0]) {
                    let Some((color, Move::Play(c))) = problem.node_move(*guide) else {
                        continue;
                    };
                    // The solver plays the opponent's replies itself; the child plays ours.
                    if color == problem.player() {
                        answer = attempt.play(c);
                        assert!(
                            matches!(answer, Answer::Right { .. }),
                            "problem {i} move {n}: {answer:?}"
                        );
                    }
                }
                assert!(
                    matches!(answer, Answer::Right { solved: true, .. }),
                    "{}: {answer:?}",
                    c.file
                );
            }
        }
    }
}
