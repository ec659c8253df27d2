//! Go problems (死活题, 练习题) for children: open a collection, solve it move by move with
//! the answers taken from the file's solution tree, see progress; and make problems as a
//! teacher. Pure: no GUI, no files (the app reads and writes the SGF text).
//!
//! - [`verdict`]: how right and wrong lines are marked in SGF (read and written);
//! - [`Problem`]: one game tree as a problem — start position, side to play, every node
//!   judged (a right move must survive every opponent reply the tree gives);
//! - [`Attempt`]: a child playing it (a wrong move gets the tree's refutation);
//! - [`ProblemSet`]: a file of problems and the progress through it;
//! - [`ProblemEditor`]: a teacher writing one (over [`crate::review::Review`]);
//! - [`goal`] and [`check_problem`]: what a problem asks and a check by the rules that its
//!   answers are legal and do it;
//! - [`judge`]: the same problem judged by a reader — ours, GNU Go or KataGo over GTP — at
//!   the end of every line, every wrong try and every unmarked first move (issue 27);
//! - [`builtin`]: the beginner problems shipped in `assets/problems/`.

pub mod attempt;
pub mod builtin;
pub mod check;
pub mod editor;
pub mod goal;
pub mod judge;
pub mod problem;
pub mod reading;
pub mod set;
pub mod verdict;

pub use attempt::{Answer, Attempt, AttemptState};
pub use check::{ProblemCheck, check_problem, is_proved};
pub use editor::ProblemEditor;
pub use goal::{Goal, pass_alive};
pub use problem::{Problem, ProblemError};
pub use set::{ProblemOutcome, ProblemSet, SetProgress};
pub use verdict::Verdict;

use crate::i18n::Lang;
use crate::rules::Color;

/// "黑先" / "白先" / "Black to play".
pub fn to_play_text(color: Color, lang: Lang) -> &'static str {
    match color {
        Color::Black => lang.pick("黑先", "黑先", "Black to play"),
        Color::White => lang.pick("白先", "白先", "White to play"),
    }
}
