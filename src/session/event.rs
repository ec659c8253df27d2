//! What can happen at the board, the clock and the arbiter's desk: the entries of the session's
//! log. The state is always the fold of the entries in force (see [`super::Session`]).

use crate::clock::{Millis, Timestamp};
use crate::rules::{Color, Coord, GameResult, Move};
use crate::seal::{Reveal, SealedMove};

/// One change of a position edit (Art. 17.3: the moved stones are accepted as they are).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change {
    /// A stone of this colour now stands on the point.
    Put(Color, Coord),
    /// The point is now empty.
    Remove(Coord),
}

/// One action. Player actions name the player; the others are the arbiter's (or the clock's
/// own controls, which anyone at the board may use: start, pause, resume).
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    /// A stone or a pass by `color`, who must be the side to move; in board mode it presses
    /// the mover's clock.
    Move {
        /// Who played.
        color: Color,
        /// What.
        mv: Move,
    },
    /// `color`, the side to move, confirms the end of play (Art. 13.2, 21.1): it gives up the
    /// move like a pass and stands until a stone is played.
    Confirm(Color),
    /// `color` resigns (Art. 7).
    Resign(Color),
    /// `color` presses its clock button (clock-only mode): its clock stops, the other runs.
    Press(Color),
    /// A free handicap stone placed by Black, one click at a time, before White's first move.
    HandicapStone(Coord),
    /// The start signal, later than the session's beginning: the clock of the side to move
    /// runs from here (the time before it is not charged).
    Start,
    /// Both clocks stop (Art. 14).
    Pause,
    /// The clocks run again after a pause (a pause of any kind).
    Resume,
    /// `color`, in byo-yomi, removes captured stones: its count stops (Art. 23.4).
    CapturePause(Color),
    /// During counting: the chain through this point is marked dead, or alive again.
    Dead(Coord),
    /// Both players accept the count (Art. 9). In clock-only mode the count made on the
    /// physical board is given here.
    Accept(Option<GameResult>),
    /// Life and death is disputed: play resumes and both must confirm again (Art. 21.3).
    Dispute,
    /// Players arrived this long after the start (Art. 23.1–23.3).
    Late(Vec<(Color, Millis)>),
    /// A warning (警告) to `color`; the second in a game loses it (Art. 25.2).
    Warn(Color),
    /// An admonition (劝告) to `color`: logged, not counted.
    Admonish(Color),
    /// `color`'s attempted move on this point is void and counts as one pass (Art. 19, 20.1,
    /// 22): the turn and the clock pass to the opponent.
    Void(Color, Coord),
    /// The position is edited (moved stones accepted, Art. 17.3); the repetition history
    /// stays.
    Edit(Vec<Change>),
    /// `color` loses by ruling.
    Loss(Color),
    /// A draw by ruling.
    Draw,
    /// A replay is ordered.
    Replay,
    /// Both lose.
    BothLose,
    /// `color` forfeits (弃权).
    Forfeit(Color),
    /// The arbiter corrects `side`'s clock: free time by `delta`, reserved minutes (periods) by
    /// `periods`.
    Correct {
        /// Whose clock.
        side: Color,
        /// Added to the free time (negative takes away).
        delta: Millis,
        /// Added to the reserved minutes or periods.
        periods: i32,
    },
    /// `color`'s one approved absence in byo-yomi (Art. 23.6): the count goes on.
    Absence(Color),
    /// Any other ruling (Art. 25.1), with its outcome in the entry's note.
    Rule(Option<Color>),
    /// A case referred to the chief arbiter (Art. 25.1), described in the note.
    Refer,
    /// Entry N stops counting (or counts again, if N was itself a revocation); the fold is
    /// recomputed without it.
    Revoke(u32),
    /// The arbiter adjourns the game (Art. 14): the player to move thinks on, then seals.
    Adjourn,
    /// The player to move seals a move; it stays encrypted until [`Event::Unseal`].
    Seal(SealedMove),
    /// The arbiter opens the sealed move on resumption; it is played, or counts as one pass
    /// when it cannot be (Art. 22).
    Unseal(Reveal),
    /// After a restart: the arbiter's decision on the time the app was not running, charged to
    /// the side to move (`true`) or not.
    Gap {
        /// Whether the clock ran through the gap.
        charged: bool,
    },
    /// `color` confirms the result on screen (issue 18 item 6: a hall table's result slip,
    /// signed by both players before the desk posts it). It counts only while the game is
    /// finished; a new result (a revocation, a later ruling) needs both again.
    Sign(Color),
}

impl Event {
    /// Whether only the arbiter may make it (it needs the session's arbiter PIN): the rulings,
    /// corrections, revocations, adjournment, sealing (the PIN is the seal's key), unsealing
    /// and the decision on a restart's gap.
    pub fn needs_arbiter(&self) -> bool {
        !matches!(
            self,
            Event::Move { .. }
                | Event::Confirm(_)
                | Event::Resign(_)
                | Event::Press(_)
                | Event::HandicapStone(_)
                | Event::Start
                | Event::Pause
                | Event::Resume
                | Event::CapturePause(_)
                | Event::Dead(_)
                | Event::Accept(_)
                | Event::Dispute
                | Event::Sign(_)
        )
    }

    /// Whether it is a turn of play: a move, a pass, a confirmation, a void or (clock-only
    /// mode) a press; `moves` in the session summary counts these.
    pub fn is_turn(&self) -> bool {
        matches!(
            self,
            Event::Move { .. } | Event::Confirm(_) | Event::Void(..) | Event::Press(_)
        )
    }
}

/// One entry of the log: its number (the setup is entry 1, so events start at 2), the instant
/// on the session's time line, the action, the article it applies as given, and a note.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    /// The entry's number in the journal.
    pub n: u32,
    /// When, on the session's time line (milliseconds since the session began).
    pub at: Timestamp,
    /// What.
    pub event: Event,
    /// The article as the arbiter gave it; `None` takes the action's usual article.
    pub article: Option<String>,
    /// Free text: a ruling's reason or outcome, a referral, a remark.
    pub note: Option<String>,
}
