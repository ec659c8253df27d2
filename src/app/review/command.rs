//! What the review panel asks the app to do: plain values, applied once per frame.

use std::path::PathBuf;

use crate::diagram::{Paper, PointMark};
use crate::record::NodeId;
use crate::review::{InfoField, MoveAnnotation, PositionAnnotation};
use crate::rules::{Color, Coord, Move};

/// What a click on the board does in review.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Tool {
    /// Play the side to move (follows an existing move, else adds a variation).
    #[default]
    Play,
    /// Add or remove setup stones (AB/AW/AE): a click puts `Color`, a click on it removes it.
    Setup(Color),
    /// Toggle a shape.
    Mark(PointMark),
    /// Put the next letter label (A, B, …).
    Label,
    /// Two clicks: an arrow from the first point to the second.
    Arrow,
    /// Two clicks: a line between them.
    Line,
    /// Remove every mark on the clicked point.
    Clear,
}

/// Cursor movements.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Nav {
    /// One node forward (the main continuation).
    Next,
    /// One node back.
    Prev,
    /// The start.
    First,
    /// The end of the current line.
    Last,
    /// After `n` moves of the current line.
    Move(usize),
    /// The next variation at this move.
    NextVariation,
    /// The previous variation at this move.
    PrevVariation,
    /// A node picked in the variation tree.
    Node(NodeId),
}

/// What would replace the record under review, and so is a way out the host asks about when
/// the record has unsaved edits ([`crate::app::host::command::Exit::Review`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pending {
    /// Ask for a file to open.
    OpenDialog,
    /// Open this file.
    OpenPath(PathBuf),
    /// Start a new empty record of this size.
    NewRecord(u8),
}

/// An answer to one of the panel's questions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Save the edits, then go on.
    Save,
    /// Drop the edits and go on.
    Discard,
    /// Do nothing: the question is closed and the record stays.
    Cancel,
    /// Yes, delete the line.
    Delete,
    /// Yes, replace the existing file.
    Replace,
}

/// A request from the review panel, applied by the host through [`super::ReviewPanel::apply`]
/// (opening and new records first pass the host's unsaved-work question).
#[must_use]
#[derive(Clone, Debug, PartialEq)]
pub enum ReviewCommand {
    /// Move the cursor.
    Nav(Nav),
    /// Play a move or pass at the cursor.
    Play(Move),
    /// Choose the board tool.
    SetTool(Tool),
    /// Put (or take away with `None`) a setup stone.
    Setup(Coord, Option<Color>),
    /// Toggle a shape on a point.
    ToggleMark(Coord, PointMark),
    /// Set a label (empty text removes it).
    Label(Coord, String),
    /// Toggle an arrow.
    Arrow(Coord, Coord),
    /// Toggle a line.
    Line(Coord, Coord),
    /// Remove all marks on a point.
    ClearAt(Coord),
    /// Remove all marks of the current node.
    ClearAll,
    /// Replace the comment of this node (the one it was typed on).
    Comment(NodeId, String),
    /// A click on a board point with the tool in use (`true`: with Shift, which swaps the
    /// setup colour and clears the point with the markup tools).
    BoardClick(Coord, bool),
    /// The comment box of this node was typed in (not yet written into the record: unsaved
    /// work until a command writes it).
    TypeComment(NodeId, String),
    /// A game-information field was typed in (not yet written into the record).
    TypeInfo(InfoField, String),
    /// Set or clear the move annotation.
    MoveAnnotation(Option<MoveAnnotation>),
    /// Set or clear the position annotation.
    PositionAnnotation(Option<PositionAnnotation>),
    /// Set a game-information property (an empty text removes it).
    SetInfo(InfoField, String),
    /// Delete the current node and what follows it (asks first when that is more than one
    /// node).
    DeleteNode,
    /// Make the current line the main line.
    Promote,
    /// Take back the last edit of the record shown.
    Undo,
    /// Do the last undone edit again.
    Redo,
    /// Show or hide move numbers.
    ShowNumbers(bool),
    /// Review another game of the same file (0-based).
    SwitchGame(usize),
    /// Start a new empty record of this size (asks first about unsaved edits).
    NewRecord(u8),
    /// Ask for a file to open (asks first about unsaved edits).
    OpenDialog,
    /// Open this file (recent files, drag and drop, the command line; asks first about
    /// unsaved edits).
    OpenPath(PathBuf),
    /// Save to the file it came from (or ask where, for a new record).
    Save,
    /// Ask where to save.
    SaveAsDialog,
    /// The paper the exports are sized for.
    SetPaper(Paper),
    /// Export the position on the board, with its marks, as an SVG diagram.
    ExportDiagram,
    /// Export the printable game record (棋谱) of the main line as HTML.
    ExportRecord,
    /// Save to this path.
    SaveTo(PathBuf),
    /// Answer the question the panel is asking.
    Answer(Answer),
    /// Hide the message at the top of the panel.
    DismissNotice,
}
