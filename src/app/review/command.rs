//! What the review panel asks the app to do: plain values, applied once per frame.

use std::path::PathBuf;

use crate::diagram::PointMark;
use crate::record::NodeId;
use crate::review::{MoveAnnotation, PositionAnnotation};
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

/// A request from the review panel, applied by [`super::ReviewPanel::apply`].
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
    /// Replace the comment of the current node.
    Comment(String),
    /// Set or clear the move annotation.
    MoveAnnotation(Option<MoveAnnotation>),
    /// Set or clear the position annotation.
    PositionAnnotation(Option<PositionAnnotation>),
    /// Delete the current node and what follows it.
    DeleteNode,
    /// Make the current line the main line.
    Promote,
    /// Show or hide move numbers.
    ShowNumbers(bool),
    /// Review another game of the same file (0-based).
    SwitchGame(usize),
    /// Start a new empty record of this size.
    NewRecord(u8),
    /// Ask for a file to open (a dialog on a worker thread).
    OpenDialog,
    /// Open this file (recent files, drag and drop, the command line).
    OpenPath(PathBuf),
    /// Save to the file it came from (or ask where, for a new record).
    Save,
    /// Ask where to save.
    SaveAsDialog,
    /// Export the position on the board, with its marks, as an SVG diagram.
    ExportDiagram,
    /// Export the printable game record (棋谱) of the main line as HTML.
    ExportRecord,
    /// Save to this path.
    SaveTo(PathBuf),
}
