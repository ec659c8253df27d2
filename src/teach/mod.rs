//! Teaching children at the board: the capture game and what the teaching overlays show,
//! computed from the rules core.
//!
//! Pure: no window, no files, no clock. [`capture`] is the capture game (吃子棋: the first to
//! capture N stones wins); [`chains`] lists chains with their liberty points; [`overlay`]
//! computes liberty counts, ataris, the hover preview and the last capture; [`explain`] says
//! why a move is not allowed, for a child, in three languages; [`counting`] explains the count
//! of a finished game step by step (captured stones, dead stones, areas, the result); [`end`]
//! says when a children's game is over because no dame is left (the children's version).

pub mod capture;
pub mod chains;
pub mod counting;
pub mod end;
pub mod explain;
pub mod overlay;
