//! The problems a class can use, by identifier: the shipped curriculum and the class's own
//! (homework cut from the children's games, once proved), and judging a child's answer.

use std::sync::Arc;

use super::model::Class;
use super::path::{STEPS, Step};
use super::rating::Rating;
use crate::i18n::Lang;
use crate::problems::{Answer, Attempt, AttemptState, Goal, Problem, builtin, is_proved};
use crate::rules::{Coord, IllegalMove};

/// Where a problem comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// Shipped in `assets/problems/`: the file and the place in it (from 0).
    Shipped {
        /// The collection's file name.
        file: &'static str,
        /// The place in the file.
        index: usize,
    },
    /// The class's own (a homework problem).
    Class,
}

/// One problem of the library.
#[derive(Clone, Debug)]
pub struct Entry {
    /// Its identifier.
    pub id: String,
    /// The problem.
    pub problem: Arc<Problem>,
    /// Where it comes from.
    pub source: Source,
}

impl Entry {
    /// The goal's place on the path (capture first), plus one for a 13×13 board and two for
    /// 19×19: the seed of a new problem's rating ([`Rating::for_problem`]).
    pub fn theme_rank(&self) -> u32 {
        let goal = match self.problem.goal() {
            Some(Goal::Capture) | None => 0,
            Some(Goal::Escape) => 1,
            Some(Goal::Ladder) => 2,
            Some(Goal::Net) => 3,
            Some(Goal::Connect) => 4,
            Some(Goal::Cut) => 5,
            Some(Goal::Live) => 6,
            Some(Goal::Kill) => 7,
            Some(Goal::Endgame) => 8,
        };
        let size = match self.problem.start().size() {
            0..=9 => 0,
            10..=13 => 1,
            _ => 2,
        };
        goal + size
    }

    /// The rating a problem starts with before any attempt.
    pub fn prior(&self) -> Rating {
        Rating::for_problem(self.theme_rank())
    }

    /// The board size.
    pub fn size(&self) -> u8 {
        self.problem.start().size()
    }
}

/// The problems a class can use.
#[derive(Clone, Debug, Default)]
pub struct Library {
    entries: Vec<Entry>,
}

impl Library {
    /// The shipped problems only.
    pub fn shipped() -> Library {
        Library {
            entries: builtin::shipped()
                .iter()
                .map(|s| Entry {
                    id: s.id.clone(),
                    problem: Arc::clone(&s.problem),
                    source: Source::Shipped {
                        file: s.file,
                        index: s.index,
                    },
                })
                .collect(),
        }
    }

    /// The shipped problems and the class's own problems that the teacher approved and the
    /// checker proves (a draft is neither tried nor assigned before that).
    pub fn for_class(class: &Class) -> Library {
        let mut lib = Library::shipped();
        for p in class.problems.iter().filter(|p| p.approved) {
            if let Some(problem) = p.problem().filter(is_proved) {
                lib.entries.push(Entry {
                    id: p.id.clone(),
                    problem: Arc::new(problem),
                    source: Source::Class,
                });
            }
        }
        lib
    }

    /// Every problem, shipped first.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// The problem `id` (exact, then ignoring ASCII case).
    pub fn get(&self, id: &str) -> Option<&Entry> {
        let id = id.trim();
        self.entries
            .iter()
            .find(|e| e.id == id)
            .or_else(|| self.entries.iter().find(|e| e.id.eq_ignore_ascii_case(id)))
    }

    /// The shipped problems of a step of the path, in curriculum order.
    pub fn step_problems(&self, step: &Step) -> Vec<&Entry> {
        self.entries
            .iter()
            .filter(|e| matches!(e.source, Source::Shipped { .. }))
            .filter(|e| step.has_problem(e.problem.goal(), e.size()))
            .collect()
    }

    /// The step a shipped problem first belongs to on the path (its themes and board size),
    /// if any.
    pub fn first_step(&self, entry: &Entry) -> Option<&'static Step> {
        if !matches!(entry.source, Source::Shipped { .. }) {
            return None;
        }
        STEPS
            .iter()
            .find(|s| s.has_problem(entry.problem.goal(), entry.size()))
    }

    /// A step's own problems: the step's shipped problems that no earlier step has (step 2's
    /// ladders, not step 1's captures again), in curriculum order. What a step's gate counts.
    pub fn own_problems(&self, step: &Step) -> Vec<&Entry> {
        self.entries
            .iter()
            .filter(|e| self.first_step(e).is_some_and(|s| s.number == step.number))
            .collect()
    }
}

/// Why an answer is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Wrong {
    /// The child's move `n` (1-based) is forbidden by the rules.
    Illegal {
        /// Which of the child's moves.
        n: usize,
        /// Why the rules forbid it.
        why: IllegalMove,
    },
    /// The child's move `n` is a wrong answer of the tree (`in_tree`) or not in the answer.
    Move {
        /// Which of the child's moves.
        n: usize,
        /// Whether the tree has it as a wrong try (with a refutation).
        in_tree: bool,
    },
    /// The moves stop before the problem is solved.
    TooShort,
}

impl Wrong {
    /// In `lang`.
    pub fn text(&self, lang: Lang) -> String {
        match self {
            Wrong::Illegal { n, why } => {
                let why = crate::i18n::illegal_move_text(*why, lang);
                match lang {
                    Lang::ZhHans => format!("第{n}步不能下：{why}"),
                    Lang::ZhHant => format!("第{n}步不能下：{why}"),
                    Lang::En => format!("move {n} is not allowed: {why}"),
                }
            }
            Wrong::Move { n, in_tree: true } => match lang {
                Lang::ZhHans => format!("第{n}步是错的"),
                Lang::ZhHant => format!("第{n}步是錯的"),
                Lang::En => format!("move {n} is a wrong answer"),
            },
            Wrong::Move { n, in_tree: false } => match lang {
                Lang::ZhHans => format!("第{n}步不在答案里"),
                Lang::ZhHant => format!("第{n}步不在答案裡"),
                Lang::En => format!("move {n} is not in the answer"),
            },
            Wrong::TooShort => lang
                .pick(
                    "还没有解完题就停了",
                    "還沒有解完題就停了",
                    "the answer stops before the problem is solved",
                )
                .to_string(),
        }
    }
}

/// How an answer went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judgement {
    /// Solved.
    pub right: bool,
    /// The child's moves that were played before the verdict.
    pub used: usize,
    /// Why it is wrong.
    pub why: Option<Wrong>,
}

/// Plays the child's `moves` in order on `problem`, the tree's replies between them: right
/// when the problem is solved by them (moves after the solution are not looked at), wrong at
/// the first wrong or illegal move, or when the moves run out first.
pub fn judge(problem: &Arc<Problem>, moves: &[Coord]) -> Judgement {
    let mut attempt = Attempt::new(Arc::clone(problem));
    for (i, &c) in moves.iter().enumerate() {
        let n = i + 1;
        let why = match attempt.play(c) {
            Answer::Right { solved: true, .. } => {
                return Judgement {
                    right: true,
                    used: n,
                    why: None,
                };
            }
            Answer::Right { solved: false, .. } => continue,
            Answer::Illegal(why) => Wrong::Illegal { n, why },
            Answer::Wrong { in_tree, .. } => Wrong::Move { n, in_tree },
            Answer::Over => break,
        };
        return Judgement {
            right: false,
            used: n,
            why: Some(why),
        };
    }
    let right = attempt.state() == AttemptState::Solved;
    Judgement {
        right,
        used: moves.len(),
        why: (!right).then_some(Wrong::TooShort),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shipped_ids_are_unique_and_found() {
        let lib = Library::shipped();
        let mut ids: Vec<&str> = lib.entries().iter().map(|e| e.id.as_str()).collect();
        let n = ids.len();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), n, "duplicate ids");
        for e in lib.entries() {
            assert_eq!(lib.get(&e.id).map(|f| &f.id), Some(&e.id));
            assert_eq!(lib.get(&e.id.to_uppercase()).map(|f| &f.id), Some(&e.id));
        }
        assert!(lib.get("no-such-problem").is_none());
    }

    #[test]
    fn judging_plays_the_replies_between_the_childs_moves() {
        let lib = Library::shipped();
        for e in lib.entries() {
            let line = &e.problem.right_lines()[0];
            let moves: Vec<Coord> = line
                .iter()
                .filter_map(|&id| e.problem.node_move(id))
                .filter(|(c, _)| *c == e.problem.player())
                .filter_map(|(_, m)| match m {
                    crate::rules::Move::Play(c) => Some(c),
                    crate::rules::Move::Pass => None,
                })
                .collect();
            let j = judge(&e.problem, &moves);
            assert!(j.right, "{}: {j:?}", e.id);
            if moves.len() > 1 {
                assert!(
                    !judge(&e.problem, &moves[..1]).right,
                    "{}: stops early",
                    e.id
                );
            }
        }
    }
}
