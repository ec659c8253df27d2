//! A child solving a problem inside teaching mode (issue 20 item 3), with no egui: the
//! attempt played from the problem's tree, a wrong move answered on the board by the tree's
//! refutation (then "try again"), the hint as an area, the celebration of a right answer, and
//! the first try of each problem handed out once to be recorded (a second try is practice).

use std::sync::Arc;

use crate::clock::Timestamp;
use crate::i18n::Lang;
use crate::problems::{Answer, Attempt, AttemptState, Problem};
use crate::rules::{Coord, Game, Move};

/// What the board shows after the child's last move.
#[derive(Clone, Debug, PartialEq)]
pub enum Shown {
    /// Nothing yet (or a new try).
    Nothing,
    /// A right move, the reply played.
    Right,
    /// Solved.
    Solved,
    /// A wrong move at this point, the tree's refutation played (when it has one).
    Wrong {
        /// The child's move.
        at: Coord,
        /// The refutation.
        refutation: Option<Coord>,
        /// Whether the move was in the tree.
        in_tree: bool,
    },
    /// The rules refuse the move.
    Illegal(Answer),
}

/// A finished first try, to be recorded in the child's profile.
#[derive(Clone, Debug, PartialEq)]
pub struct FirstTry {
    /// The problem.
    pub id: String,
    /// The child's moves as vertices.
    pub answer: Vec<String>,
    /// Solved.
    pub right: bool,
    /// Hints used before the answer.
    pub hints: u32,
    /// Seconds from the problem shown to the answer.
    pub seconds: u32,
}

/// A child at one problem.
#[derive(Clone, Debug)]
pub struct ChildProblem {
    /// The problem's identifier.
    pub id: String,
    attempt: Attempt,
    /// Hints asked for so far.
    pub hints: u32,
    /// The hint's area is shown now.
    pub hint_on: bool,
    /// What the board shows after the last move.
    pub shown: Shown,
    moves: Vec<Coord>,
    /// The first try has been handed out for the profile.
    pub recorded: bool,
    started: Timestamp,
    /// When the right answer was celebrated.
    pub celebration: Option<Timestamp>,
    /// The problem was due again (it came back).
    pub came_back: bool,
    /// The position shown when it is not the attempt's: after a move the tree did not
    /// foresee, the opponent takes the point the child should have played.
    shown_board: Option<Game>,
}

impl ChildProblem {
    /// The problem `id` shown at `now`; `came_back` when it was due again.
    pub fn new(id: &str, problem: Arc<Problem>, now: Timestamp, came_back: bool) -> ChildProblem {
        ChildProblem {
            id: id.to_string(),
            attempt: Attempt::new(problem),
            hints: 0,
            hint_on: false,
            shown: Shown::Nothing,
            moves: Vec::new(),
            recorded: false,
            started: now,
            celebration: None,
            came_back,
            shown_board: None,
        }
    }

    /// The position on the board (with the refutation of a wrong move).
    pub fn game(&self) -> &Game {
        self.shown_board.as_ref().unwrap_or(self.attempt.game())
    }

    /// The attempt (the position, the problem).
    pub fn attempt(&self) -> &Attempt {
        &self.attempt
    }

    /// Whether the child may play now.
    pub fn playing(&self) -> bool {
        self.attempt.state() == AttemptState::Playing
    }

    /// The hint's area, while shown.
    pub fn hint_area(&self) -> Vec<Coord> {
        if self.hint_on && self.playing() {
            self.attempt.hint_area()
        } else {
            Vec::new()
        }
    }

    /// Shows the hint's area (a soft highlight of the region, not the answer).
    pub fn hint(&mut self) {
        if self.playing() && !self.attempt.hint_area().is_empty() {
            if !self.hint_on {
                self.hints += 1;
            }
            self.hint_on = true;
        }
    }

    /// Back to the start for another try (practice: only the first try is recorded).
    pub fn try_again(&mut self) {
        self.attempt.restart();
        self.moves.clear();
        self.shown = Shown::Nothing;
        self.hint_on = false;
        self.celebration = None;
        self.shown_board = None;
    }

    /// The child plays on `c` at `now`: the tree answers on the board. Returns the first try
    /// when it has just ended (right or wrong), once.
    pub fn play(&mut self, c: Coord, now: Timestamp) -> Option<FirstTry> {
        if !self.playing() {
            return None;
        }
        let size = self.attempt.game().size();
        // The point the child should play here: the opponent's answer to a move the tree
        // does not know ("the opponent's vital point is yours").
        let vital = self.attempt.hint();
        let answer = self.attempt.play(c);
        match &answer {
            Answer::Illegal(_) => {
                self.shown = Shown::Illegal(answer);
                return None;
            }
            Answer::Over => return None,
            _ => {}
        }
        self.moves.push(c);
        let over = match answer {
            Answer::Right { solved: true, .. } => {
                self.shown = Shown::Solved;
                self.hint_on = false;
                self.celebration = Some(now);
                Some(true)
            }
            Answer::Right { solved: false, .. } => {
                self.shown = Shown::Right;
                None
            }
            Answer::Wrong {
                refutation,
                in_tree,
            } => {
                let mut refutation = match refutation {
                    Some((_, Move::Play(r))) => Some(r),
                    _ => None,
                };
                if refutation.is_none()
                    && !in_tree
                    && let Some(v) = vital
                {
                    let mut shown = self.attempt.game().clone();
                    let opponent = self.attempt.problem().player().opponent();
                    if shown.play(opponent, Move::Play(v)).is_ok() {
                        self.shown_board = Some(shown);
                        refutation = Some(v);
                    }
                }
                self.shown = Shown::Wrong {
                    at: c,
                    refutation,
                    in_tree,
                };
                self.hint_on = false;
                Some(false)
            }
            Answer::Illegal(_) | Answer::Over => None,
        };
        let right = over?;
        if self.recorded {
            return None;
        }
        self.recorded = true;
        let ms = now.0.saturating_sub(self.started.0);
        Some(FirstTry {
            id: self.id.clone(),
            answer: self.moves.iter().map(|m| m.to_gtp(size)).collect(),
            right,
            hints: self.hints,
            seconds: u32::try_from(ms / 1000).unwrap_or(u32::MAX),
        })
    }

    /// The question in `lang`: the problem's comment, its lines in the reader's script only
    /// (the shipped problems say each thing in Chinese, then in English).
    pub fn question(&self, lang: Lang) -> String {
        in_language(&self.attempt.comment(), lang)
    }
}

pub use crate::app::problems::state::in_language;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::class::Library;

    fn first_problem() -> (String, Arc<Problem>) {
        let lib = Library::shipped();
        let e = &lib.entries()[0];
        (e.id.clone(), Arc::clone(&e.problem))
    }

    #[test]
    fn a_bilingual_comment_is_read_in_one_language() {
        let text = "黑先：吃掉白子。\nBlack to play: capture the white stone.";
        assert_eq!(in_language(text, Lang::ZhHans), "黑先：吃掉白子。");
        assert_eq!(
            in_language(text, Lang::En),
            "Black to play: capture the white stone."
        );
        assert_eq!(in_language("only English", Lang::ZhHans), "only English");
    }

    #[test]
    fn only_the_first_try_is_recorded_and_the_refutation_is_on_the_board() {
        let (id, problem) = first_problem();
        let right = problem.right_lines()[0]
            .iter()
            .find_map(|&n| match problem.node_move(n) {
                Some((c, Move::Play(p))) if c == problem.player() => Some(p),
                _ => None,
            })
            .expect("a right move");
        let size = problem.start().size();
        let wrong = (0..size)
            .flat_map(|y| (0..size).map(move |x| Coord::new(x, y)))
            .find(|&c| c != right && problem.start().board().get(c).is_none())
            .expect("an empty point");
        let mut p = ChildProblem::new(&id, problem, Timestamp(1_000), false);
        p.hint();
        assert_eq!(p.hints, 1);
        assert!(!p.hint_area().is_empty());
        let first = p.play(wrong, Timestamp(6_500)).expect("the first try ends");
        assert!(!first.right);
        assert_eq!((first.hints, first.seconds), (1, 5));
        assert!(matches!(p.shown, Shown::Wrong { at, .. } if at == wrong));
        // Off the tree, the opponent takes the point the child should have played.
        assert!(matches!(p.shown, Shown::Wrong { refutation: Some(r), .. } if r == right));
        assert_eq!(
            p.game().board().get(right),
            Some(p.attempt().problem().player().opponent())
        );
        assert!(p.hint_area().is_empty(), "no hint over the refutation");
        p.try_again();
        assert!(
            p.play(right, Timestamp(9_000)).is_none(),
            "practice: not recorded"
        );
        assert_eq!(p.shown, Shown::Solved);
        assert!(p.celebration.is_some());
    }
}
