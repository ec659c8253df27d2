//! A collection of problems (one SGF file, one game tree per problem) and a child's progress
//! through it.

use std::sync::Arc;

use super::attempt::{Attempt, AttemptState};
use super::problem::{Problem, ProblemError};
use crate::record::Collection;

/// How a child has done on one problem.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProblemOutcome {
    /// Not tried yet.
    NotTried,
    /// Tried, not solved yet; `tries` wrong attempts.
    Failed {
        /// Wrong attempts.
        tries: u32,
    },
    /// Solved after `tries` wrong attempts (0 = at the first try).
    Solved {
        /// Wrong attempts before.
        tries: u32,
    },
}

/// Progress through a collection.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SetProgress {
    /// Problems solved.
    pub solved: usize,
    /// Of those, solved at the first try.
    pub first_try: usize,
    /// Problems tried (solved or not).
    pub tried: usize,
    /// Problems in all.
    pub total: usize,
}

/// The problems of a file and how each went.
#[derive(Clone, Debug)]
pub struct ProblemSet {
    problems: Vec<Arc<Problem>>,
    outcomes: Vec<ProblemOutcome>,
    /// Trees of the file that are not problems (index in the file, why).
    pub skipped: Vec<(usize, ProblemError)>,
}

impl ProblemSet {
    /// The problems of a collection; trees that are not problems are listed in `skipped`.
    /// Fails only when no tree is a problem.
    pub fn from_collection(collection: &Collection) -> Result<ProblemSet, ProblemError> {
        let mut problems = Vec::new();
        let mut skipped = Vec::new();
        for (i, tree) in collection.trees.iter().enumerate() {
            match Problem::from_tree(tree.clone()) {
                Ok(p) => problems.push(Arc::new(p)),
                Err(e) => skipped.push((i, e)),
            }
        }
        if problems.is_empty() {
            return Err(skipped
                .into_iter()
                .next()
                .map_or(ProblemError::Unreadable("no game tree".into()), |(_, e)| e));
        }
        Ok(ProblemSet {
            outcomes: vec![ProblemOutcome::NotTried; problems.len()],
            problems,
            skipped,
        })
    }

    /// The index in its collection (its file) of problem `i`: the trees that are not
    /// problems are skipped, so the two differ after one.
    pub fn tree_index(&self, i: usize) -> Option<usize> {
        if i >= self.problems.len() {
            return None;
        }
        let skipped: Vec<usize> = self.skipped.iter().map(|(t, _)| *t).collect();
        (0..self.problems.len() + skipped.len())
            .filter(|t| !skipped.contains(t))
            .nth(i)
    }

    /// The problems of an SGF file's bytes.
    pub fn from_sgf(bytes: &[u8]) -> Result<ProblemSet, ProblemError> {
        let reading =
            crate::record::read(bytes).map_err(|e| ProblemError::Unreadable(e.to_string()))?;
        ProblemSet::from_collection(&reading.collection)
    }

    /// How many problems.
    pub fn len(&self) -> usize {
        self.problems.len()
    }

    /// Whether there are none (never, for a set that was built).
    pub fn is_empty(&self) -> bool {
        self.problems.is_empty()
    }

    /// Problem `i`.
    pub fn problem(&self, i: usize) -> Option<&Arc<Problem>> {
        self.problems.get(i)
    }

    /// A fresh attempt at problem `i`.
    pub fn attempt(&self, i: usize) -> Option<Attempt> {
        self.problems.get(i).map(|p| Attempt::new(Arc::clone(p)))
    }

    /// How problem `i` went.
    pub fn outcome(&self, i: usize) -> ProblemOutcome {
        self.outcomes
            .get(i)
            .copied()
            .unwrap_or(ProblemOutcome::NotTried)
    }

    /// Records where an attempt at problem `i` stands (call after each answer). A problem
    /// once solved stays solved.
    pub fn record(&mut self, i: usize, attempt: &Attempt) {
        let Some(slot) = self.outcomes.get_mut(i) else {
            return;
        };
        let tries = attempt.failures();
        *slot = match (*slot, attempt.state()) {
            (ProblemOutcome::Solved { tries }, _) => ProblemOutcome::Solved { tries },
            (_, AttemptState::Solved) => ProblemOutcome::Solved { tries },
            (_, _) if tries > 0 => ProblemOutcome::Failed { tries },
            (current, _) => current,
        };
    }

    /// Progress through the set.
    pub fn progress(&self) -> SetProgress {
        let solved = |o: &&ProblemOutcome| matches!(o, ProblemOutcome::Solved { .. });
        SetProgress {
            solved: self.outcomes.iter().filter(solved).count(),
            first_try: self
                .outcomes
                .iter()
                .filter(|o| matches!(o, ProblemOutcome::Solved { tries: 0 }))
                .count(),
            tried: self
                .outcomes
                .iter()
                .filter(|o| **o != ProblemOutcome::NotTried)
                .count(),
            total: self.problems.len(),
        }
    }

    /// The next problem after `i` not solved yet (wrapping round), if any is left.
    pub fn next_unsolved(&self, i: usize) -> Option<usize> {
        let n = self.problems.len();
        (1..=n)
            .map(|k| (i + k) % n)
            .find(|&j| !matches!(self.outcomes[j], ProblemOutcome::Solved { .. }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TWO: &str = "(;SZ[9]PL[B]AW[ee]AB[de][fe][ed](;B[ef]C[RIGHT])(;B[dd]C[WRONG]))\
                       (;SZ[9]C[no answer here])\
                       (;SZ[9]PL[W]AB[ee]AW[de][fe][ed](;W[ef]C[RIGHT]))";

    #[test]
    fn progress_counts_solved_and_first_tries_and_skips_non_problems() {
        let mut set = ProblemSet::from_sgf(TWO.as_bytes()).expect("set");
        assert_eq!(set.len(), 2);
        assert_eq!(set.skipped.len(), 1);
        let mut a = set.attempt(0).expect("attempt");
        a.play(crate::rules::Coord::new(3, 3));
        set.record(0, &a);
        assert_eq!(set.outcome(0), ProblemOutcome::Failed { tries: 1 });
        a.restart();
        a.play(crate::rules::Coord::new(4, 5));
        set.record(0, &a);
        assert_eq!(set.outcome(0), ProblemOutcome::Solved { tries: 1 });
        let mut b = set.attempt(1).expect("attempt");
        b.play(crate::rules::Coord::new(4, 5));
        set.record(1, &b);
        let p = set.progress();
        assert_eq!((p.solved, p.first_try, p.tried, p.total), (2, 1, 2, 2));
        assert_eq!(set.next_unsolved(0), None);
    }

    #[test]
    fn a_file_without_problems_says_why() {
        assert!(ProblemSet::from_sgf(b"(;SZ[9]C[hello])").is_err());
        assert!(matches!(
            ProblemSet::from_sgf(b"not sgf"),
            Err(ProblemError::Unreadable(_))
        ));
    }
}
