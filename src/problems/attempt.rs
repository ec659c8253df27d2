//! A child solving one problem: each move is answered from the tree — a right move gets the
//! opponent's reply and goes on, a wrong one gets the refutation.

use std::sync::Arc;

use super::problem::Problem;
use super::verdict::Verdict;
use crate::i18n::Lang;
use crate::record::NodeId;
use crate::rules::{Color, Coord, Game, IllegalMove, Move};

/// What the tree says to a move.
#[derive(Clone, Debug, PartialEq)]
pub enum Answer {
    /// A right move; the opponent answered with `reply` (none at the end of the line).
    Right {
        /// The opponent's answer from the tree, already played.
        reply: Option<(Color, Move)>,
        /// The problem is solved.
        solved: bool,
    },
    /// A wrong move; the opponent's refutation from the tree, already played.
    Wrong {
        /// The refutation, when the tree has one.
        refutation: Option<(Color, Move)>,
        /// Whether the move was in the tree at all (a move the teacher did not foresee is
        /// wrong too, without a refutation).
        in_tree: bool,
    },
    /// The rules forbid the move; nothing changed, the child may play again.
    Illegal(IllegalMove),
    /// The attempt is over (solved or failed); [`Attempt::restart`] starts again.
    Over,
}

impl Answer {
    /// A short word for the child in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        match self {
            Answer::Right { solved: true, .. } => {
                lang.pick("答对了！", "答對了！", "Solved!").into()
            }
            Answer::Right { solved: false, .. } => lang
                .pick("对！继续。", "對！繼續。", "Right! Go on.")
                .into(),
            Answer::Wrong { in_tree: true, .. } => lang
                .pick(
                    "不对，看对方怎么应。",
                    "不對，看對方怎麼應。",
                    "Not quite: see the answer.",
                )
                .into(),
            Answer::Wrong { in_tree: false, .. } => lang
                .pick(
                    "这步不在答案里。",
                    "這步不在答案裡。",
                    "That move is not in the answer.",
                )
                .into(),
            Answer::Illegal(why) => match lang {
                Lang::ZhHans => why.zh_hans(),
                Lang::ZhHant => why.zh_hant(),
                Lang::En => why.to_string(),
            },
            Answer::Over => lang.pick("再试一次？", "再試一次？", "Try again?").into(),
        }
    }
}

/// Where an attempt is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AttemptState {
    /// The child is to play.
    Playing,
    /// Solved.
    Solved,
    /// A wrong move was played; the refutation is on the board.
    Failed,
}

/// One child's attempts at one problem.
#[derive(Clone, Debug)]
pub struct Attempt {
    problem: Arc<Problem>,
    node: NodeId,
    game: Game,
    state: AttemptState,
    failures: u32,
}

impl Attempt {
    /// Starts on the problem's position.
    pub fn new(problem: Arc<Problem>) -> Attempt {
        let game = problem.start().clone();
        let node = problem.tree().root_id();
        Attempt {
            problem,
            node,
            game,
            state: AttemptState::Playing,
            failures: 0,
        }
    }

    /// The problem.
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// The position on the board.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Where the attempt is.
    pub fn state(&self) -> AttemptState {
        self.state
    }

    /// Wrong tries so far.
    pub fn failures(&self) -> u32 {
        self.failures
    }

    /// The text to show now: the comment of the last node reached, else the question.
    pub fn comment(&self) -> String {
        let here = self.problem.comment(self.node);
        if here.is_empty() && self.node == self.problem.tree().root_id() {
            self.problem.prompt()
        } else {
            here
        }
    }

    /// A right move here, for a hint.
    pub fn hint(&self) -> Option<Coord> {
        if self.state != AttemptState::Playing {
            return None;
        }
        self.problem
            .right_moves(self.node)
            .into_iter()
            .find_map(|(_, mv)| match mv {
                Move::Play(c) => Some(c),
                Move::Pass => None,
            })
    }

    /// The area to highlight softly for a hint (issue 20: the hint shows the area, not the
    /// answer): the smallest rectangle holding a right move here and the marked stones (or an
    /// endgame's marked region), widened by one line on each side — by two when it is
    /// narrower than three lines — and cut at the board's edges. Empty when there is no
    /// right move to hint at.
    pub fn hint_area(&self) -> Vec<Coord> {
        let Some(answer) = self.hint() else {
            return Vec::new();
        };
        let size = self.problem.start().size();
        let mut points = vec![answer];
        points.extend(self.problem.targets().iter().copied());
        let (mut x0, mut x1, mut y0, mut y1) = (answer.x, answer.x, answer.y, answer.y);
        for p in &points {
            x0 = x0.min(p.x);
            x1 = x1.max(p.x);
            y0 = y0.min(p.y);
            y1 = y1.max(p.y);
        }
        let widen = |lo: u8, hi: u8| {
            let margin = if hi - lo < 2 { 2 } else { 1 };
            (
                lo.saturating_sub(margin),
                hi.saturating_add(margin).min(size.saturating_sub(1)),
            )
        };
        let (x0, x1) = widen(x0, x1);
        let (y0, y1) = widen(y0, y1);
        (y0..=y1)
            .flat_map(|y| (x0..=x1).map(move |x| Coord::new(x, y)))
            .collect()
    }

    /// The child plays on `c`.
    pub fn play(&mut self, c: Coord) -> Answer {
        if self.state != AttemptState::Playing {
            return Answer::Over;
        }
        let player = self.problem.player();
        let mv = Move::Play(c);
        if let Err(why) = self.game.play(player, mv) {
            return Answer::Illegal(why);
        }
        let found = self
            .problem
            .moves_of(self.node, player)
            .into_iter()
            .find(|&(_, m)| m == mv);
        let Some((child, _)) = found else {
            self.fail();
            return Answer::Wrong {
                refutation: None,
                in_tree: false,
            };
        };
        self.node = child;
        if self.problem.verdict(child) == Verdict::Wrong {
            let refutation = self.opponent_reply();
            self.fail();
            return Answer::Wrong {
                refutation,
                in_tree: true,
            };
        }
        let reply = self.opponent_reply();
        let solved = self.at_end();
        if solved {
            self.state = AttemptState::Solved;
        }
        Answer::Right { reply, solved }
    }

    /// Back to the start position for another try.
    pub fn restart(&mut self) {
        self.game = self.problem.start().clone();
        self.node = self.problem.tree().root_id();
        self.state = AttemptState::Playing;
    }

    fn fail(&mut self) {
        self.state = AttemptState::Failed;
        self.failures += 1;
    }

    /// Whether the line ends here (nothing more for the player to find).
    fn at_end(&self) -> bool {
        self.problem
            .moves_of(self.node, self.problem.player())
            .is_empty()
    }

    /// Plays the tree's answer for the opponent (the first reply that the tree judges right
    /// for the player to meet, else the first), if there is one the rules allow.
    fn opponent_reply(&mut self) -> Option<(Color, Move)> {
        let opponent = self.problem.player().opponent();
        let replies = self.problem.moves_of(self.node, opponent);
        let (child, mv) = replies
            .iter()
            .find(|(c, _)| self.problem.verdict(*c) == Verdict::Right)
            .or(replies.first())
            .copied()?;
        self.game.play(opponent, mv).ok()?;
        self.node = child;
        Some((opponent, mv))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A capture problem: White E5 in atari (liberty E4); a wrong line at D4 and a two-move
    /// right line after the escape attempt.
    const SGF: &str = "(;SZ[9]PL[B]AW[ee]AB[de][fe][ed]C[Black to play: capture.]\
                       (;B[ef]C[RIGHT\nCaptured!])\
                       (;B[dd];W[ef]C[White escapes.]))";

    fn attempt(sgf: &str) -> Attempt {
        let reading = crate::record::read_str(sgf).expect("sgf");
        let problem = Problem::from_tree(reading.collection.trees[0].clone()).expect("problem");
        Attempt::new(Arc::new(problem))
    }

    fn pt(s: &str) -> Coord {
        Coord::from_sgf(s, 9).expect("point")
    }

    #[test]
    fn the_right_move_solves_and_the_comment_shows_without_its_marker() {
        let mut a = attempt(SGF);
        assert_eq!(a.comment(), "Black to play: capture.");
        assert_eq!(a.hint(), Some(pt("ef")));
        assert_eq!(
            a.play(pt("ef")),
            Answer::Right {
                reply: None,
                solved: true
            }
        );
        assert_eq!(a.state(), AttemptState::Solved);
        assert_eq!(a.comment(), "Captured!");
        assert!(a.game().board().get(pt("ee")).is_none(), "captured");
        assert_eq!(a.play(pt("aa")), Answer::Over);
    }

    /// Issue 20: the hint shows the area, not the point: a rectangle holding the answer and
    /// the marked stones, at least three lines each way, inside the board.
    #[test]
    fn issue20_the_hint_is_an_area_around_the_answer_and_the_marks() {
        let a = attempt("(;SZ[9]PL[B]TR[ee]AW[ee]AB[de][fe][ed](;B[ef]C[RIGHT])(;B[dd];W[ef]))");
        let area = a.hint_area();
        // E5 (the mark) and E4 (the answer): columns D–F widened by two, rows 4–5 by two.
        assert!(area.contains(&pt("ef")) && area.contains(&pt("ee")));
        assert_eq!(area.len(), 5 * 6, "{area:?}");
        assert!(area.iter().all(|c| c.x < 9 && c.y < 9));
        // In the corner the area stops at the edges.
        let corner = attempt("(;SZ[9]PL[B]AW[aa]AB[ba](;B[ab]C[RIGHT])(;B[bb];W[ab]))");
        let area = corner.hint_area();
        assert!(area.contains(&pt("aa")) && area.contains(&pt("cc")));
        assert!(area.iter().all(|c| c.x <= 2 && c.y <= 3));
        // Once solved, no hint.
        let mut done = corner;
        let _ = done.play(pt("ab"));
        assert!(done.hint_area().is_empty());
    }

    #[test]
    fn a_wrong_move_gets_the_refutation_then_a_restart() {
        let mut a = attempt(SGF);
        let answer = a.play(pt("dd"));
        assert_eq!(
            answer,
            Answer::Wrong {
                refutation: Some((Color::White, Move::Play(pt("ef")))),
                in_tree: true
            }
        );
        assert_eq!(a.game().board().get(pt("ef")), Some(Color::White));
        assert_eq!(a.comment(), "White escapes.");
        a.restart();
        assert_eq!(
            a.play(pt("ef")),
            Answer::Right {
                reply: None,
                solved: true
            }
        );
        assert_eq!(a.failures(), 1);
    }

    #[test]
    fn a_move_outside_the_tree_is_wrong_and_an_illegal_one_changes_nothing() {
        let mut a = attempt(SGF);
        assert!(matches!(a.play(pt("ee")), Answer::Illegal(_)));
        assert_eq!(a.state(), AttemptState::Playing);
        assert_eq!(
            a.play(pt("aa")),
            Answer::Wrong {
                refutation: None,
                in_tree: false
            }
        );
        assert_eq!(a.state(), AttemptState::Failed);
    }

    #[test]
    fn a_longer_right_line_goes_on_with_the_opponent_reply() {
        let sgf = "(;SZ[9]PL[B](;B[cc];W[dd](;B[ee]C[RIGHT])(;B[ff]C[WRONG])))";
        let mut a = attempt(sgf);
        assert_eq!(
            a.play(pt("cc")),
            Answer::Right {
                reply: Some((Color::White, Move::Play(pt("dd")))),
                solved: false
            }
        );
        assert_eq!(
            a.play(pt("ee")),
            Answer::Right {
                reply: None,
                solved: true
            }
        );
        assert!(!Answer::Over.text(Lang::ZhHans).is_empty());
    }
}
