//! The review tab's state without egui: the record, the tool, the messages and the questions
//! the panel is asking. [`ReviewState::apply`] carries out one [`ReviewCommand`] and returns
//! the file jobs it needs ([`FileJob`]: the host hands them to the effects runner, and the
//! answers come back through [`ReviewState::on_file`]); the views ([`super::ReviewPanel`]) only
//! draw this state and return commands, so everything here is tested with no window.
//!
//! Nothing a reviewer did is lost: opening another file, a recent file or a new record, and
//! quitting, are ways out the host asks about first (one registry of unsaved work, one
//! question: [`crate::app::host::unsaved`]); a save marks the record saved only as it was when
//! sent, so an edit made while it runs stays unsaved; deleting more than one node asks first
//! and says what goes; every edit can be undone. Where no file dialog can be shown, the host
//! asks for a path (its one path question).

use std::path::{Path, PathBuf};

use super::command::{Answer, Nav, Pending, ReviewCommand, Tool};
use super::recent::RecentFiles;
use super::texts;
use crate::app::protocol::{Answer as WindowAnswer, FileJob, WindowCmd, WindowId};
use crate::app::subwindow::{Cx, Leaving, Out, SubWindow};
use crate::diagram::{Layout, Paper, RECORD_TEXT_MM};
use crate::files::jobs::FileEvent;
use crate::i18n::Lang;
use crate::record::{NodeId, Warning};
use crate::review::{InfoField, Removed, Review, ReviewError};
use crate::rules::{Coord, Move};

/// How a message at the top of the panel is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoticeKind {
    /// Something failed: a file that cannot be read or written, a refused edit.
    Error,
    /// Something was done: saved, exported, deleted, undone.
    Done,
}

/// A message at the top of the panel, where the user is looking, until dismissed or replaced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    /// Error or done.
    pub kind: NoticeKind,
    /// The text, in the interface language.
    pub text: String,
}

/// A question the panel asks in a modal window.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Prompt {
    /// Delete the current node and what follows (what goes, counted)?
    Delete(Removed),
    /// A file is already at this path (typed where no dialog could be shown): replace it?
    Replace(PathBuf),
}

/// A write asked of a dialog, kept until it is done: when the path typed instead of the
/// dialog names a file that is there, the question "replace it?" writes these bytes.
#[derive(Clone, Debug)]
struct HeldWrite {
    path: Option<PathBuf>,
    bytes: Vec<u8>,
    export: bool,
}

/// What to export.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Export {
    /// The position at the cursor as SVG.
    Diagram,
    /// The main line's printable record as HTML.
    Record,
}

/// A fingerprint of a document's bytes: the save in flight is remembered by it, so its answer
/// marks the record saved only if the record is still what was sent.
fn fingerprint(bytes: &[u8]) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    bytes.hash(&mut h);
    h.finish()
}

/// Text typed in the panel and not yet written into the record: the comment of a node and
/// game-information fields. The form sends each change as a command before any other command
/// of its frame ([`ReviewCommand::TypeComment`], [`ReviewCommand::TypeInfo`]); it is unsaved
/// work, and it is written into the record before anything else happens to the record.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Typing {
    /// The comment being typed: the game of the file, the node, the text.
    pub comment: Option<(usize, NodeId, String)>,
    /// The information fields being typed, in the order first typed.
    pub info: Vec<(InfoField, String)>,
}

/// The review tab's state (no egui): see the module documentation.
pub struct ReviewState {
    pub(super) review: Review,
    pub(super) path: Option<PathBuf>,
    pub(super) tool: Tool,
    /// First point of an arrow or line being drawn.
    pub(super) pending_point: Option<Coord>,
    pub(super) show_numbers: bool,
    pub(super) paper: Paper,
    /// File jobs sent and not answered yet.
    running: usize,
    /// The fingerprint of the record as sent by the save in flight.
    sent: Option<u64>,
    /// Bumped whenever another record replaces the one shown (the panel's typing is dropped).
    pub(super) generation: u64,
    /// Recently opened and saved files.
    pub recent: RecentFiles,
    /// The message at the top of the panel.
    pub notice: Option<Notice>,
    /// The repairs the record layer made when the file shown was read ("line 3, column 7: …").
    pub repairs: Vec<String>,
    pub(super) prompt: Option<Prompt>,
    held: Option<HeldWrite>,
    /// What is being typed (see [`Typing`]).
    typing: Typing,
    /// The moves of the current line to its end, by record revision (a long record's line is
    /// counted once, not every frame).
    line_cache: std::cell::Cell<Option<(u64, usize)>>,
}

impl Default for ReviewState {
    fn default() -> ReviewState {
        ReviewState::new()
    }
}

impl ReviewState {
    /// A state over a new empty 19×19 record.
    pub fn new() -> ReviewState {
        let review = match Review::new(19) {
            Ok(r) => r,
            // 19 is always a valid size; a failure here is a bug in the rules core.
            Err(e) => unreachable!("a 19x19 record cannot fail: {e}"),
        };
        ReviewState {
            review,
            path: None,
            tool: Tool::Play,
            pending_point: None,
            show_numbers: false,
            paper: Paper::default(),
            running: 0,
            sent: None,
            generation: 0,
            recent: RecentFiles::default(),
            notice: None,
            repairs: Vec::new(),
            prompt: None,
            held: None,
            typing: Typing::default(),
            line_cache: std::cell::Cell::new(None),
        }
    }

    /// The record under review.
    pub fn review(&self) -> &Review {
        &self.review
    }

    /// The file the record came from or was last saved to.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// The board tool in use.
    pub fn tool(&self) -> Tool {
        self.tool
    }

    /// The first point of an arrow or line being drawn, for the board to highlight.
    pub fn pending_point(&self) -> Option<Coord> {
        self.pending_point
    }

    /// Whether move numbers are shown.
    pub fn show_numbers(&self) -> bool {
        self.show_numbers
    }

    /// The paper exports are sized for.
    pub fn paper(&self) -> Paper {
        self.paper
    }

    /// Bumped whenever another record replaces the one shown.
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// Moves on the current line, to its end (counted once per revision of the record).
    pub fn line_moves(&self) -> usize {
        let revision = self.review.revision();
        match self.line_cache.get() {
            Some((r, n)) if r == revision => n,
            _ => {
                let n = self.review.line_moves();
                self.line_cache.set(Some((revision, n)));
                n
            }
        }
    }

    /// One line for the window's status bar: the record's name, the move shown and who plays
    /// next, e.g. "复盘 game.sgf：第 52 / 211 手，白方走".
    pub fn status_line(&self, lang: Lang) -> String {
        let name = self.record_name(lang);
        let total = self.line_moves();
        let n = self.review.move_number();
        let side = lang.tr(match self.review.game().to_move() {
            crate::rules::Color::Black => crate::i18n::Msg::Black,
            crate::rules::Color::White => crate::i18n::Msg::White,
        });
        let dirty = if self.has_unsaved_edits() { " *" } else { "" };
        lang.pick(
            format!("复盘 {name}{dirty}：第 {n} / {total} 手，{side}走"),
            format!("覆盤 {name}{dirty}：第 {n} / {total} 手，{side}走"),
            format!("Review {name}{dirty}: move {n} of {total}, {side} to play"),
        )
    }

    /// Says `text` as an error at the top of the panel (for a file the app could not open).
    pub fn show_error(&mut self, text: String) {
        self.error(text);
    }

    /// What is being typed and not yet written into the record.
    pub fn typing(&self) -> &Typing {
        &self.typing
    }

    /// The comment typed on `node` of the game shown, not yet written into the record.
    pub fn typed_comment(&self, node: NodeId) -> Option<&str> {
        let game = self.review.game_index();
        match &self.typing.comment {
            Some((g, n, text)) if (*g, *n) == (game, node) => Some(text),
            _ => None,
        }
    }

    /// The value typed into a game-information field, not yet written into the record.
    pub fn typed_info(&self, field: InfoField) -> Option<&str> {
        self.typing
            .info
            .iter()
            .find(|(f, _)| *f == field)
            .map(|(_, t)| t.as_str())
    }

    /// The comment being typed on the current node (as the form sends it).
    pub fn type_comment(&mut self, text: &str) {
        let node = self.review.current();
        self.typing.comment = Some((self.review.game_index(), node, text.to_owned()));
    }

    /// The value being typed into a game-information field (as the form sends it).
    pub fn type_info(&mut self, field: InfoField, text: &str) {
        match self.typing.info.iter_mut().find(|(f, _)| *f == field) {
            Some((_, t)) => *t = text.to_owned(),
            None => self.typing.info.push((field, text.to_owned())),
        }
    }

    /// Whether the record has edits that are not saved, the comment and the game information
    /// being typed included.
    pub fn has_unsaved_edits(&self) -> bool {
        self.review.is_dirty() || self.comment_pending() || !self.info_pending().is_empty()
    }

    fn comment_pending(&self) -> bool {
        matches!(&self.typing.comment, Some((g, n, text))
            if *g == self.review.game_index() && comment_of(&self.review, *n) != *text)
    }

    /// The game-information fields typed whose value differs from the record's.
    fn info_pending(&self) -> Vec<(InfoField, String)> {
        self.typing
            .info
            .iter()
            .filter(|(field, text)| text.trim() != self.review.info_text(*field).trim())
            .cloned()
            .collect()
    }

    /// Writes what is being typed into the record (before any other command, a save
    /// included): the comment into the node it was typed on, each information field as one
    /// undoable edit (a value the property cannot take is refused with the reason).
    fn flush_typing(&mut self, lang: Lang) {
        if self.comment_pending()
            && let Some((_, node, text)) = self.typing.comment.take()
        {
            self.review.set_comment_on(node, &text);
        }
        for (field, text) in self.info_pending() {
            let _ = self.apply_inner(ReviewCommand::SetInfo(field, text), lang);
        }
        self.typing = Typing::default();
    }

    /// Drops the unsaved edits (the answer "Discard"): the record is marked clean and the text
    /// being typed forgotten, so nothing asks about them again.
    pub fn discard_edits(&mut self) {
        self.typing = Typing::default();
        self.review.mark_saved();
    }

    /// The question being asked, if any.
    pub fn prompt(&self) -> Option<&Prompt> {
        self.prompt.as_ref()
    }

    /// Whether a file job is running, or a write waits for "replace the existing file?".
    pub fn busy(&self) -> bool {
        self.running > 0 || matches!(self.prompt, Some(Prompt::Replace(_)))
    }

    /// Shows `review`, read from `path`, at its start, with the record layer's `warnings`.
    pub fn open_review(&mut self, path: Option<PathBuf>, mut review: Review, warnings: &[Warning]) {
        review.first();
        self.review = review;
        self.repairs = warnings.iter().map(Warning::to_string).collect();
        if let Some(p) = &path {
            self.recent.push(p);
        }
        self.path = path;
        self.pending_point = None;
        self.notice = None;
        self.generation += 1;
        // What was typed belonged to the record this one replaces.
        self.typing = Typing::default();
    }

    /// Reads the bytes of an SGF file as the record shown; an unreadable file leaves the
    /// record as it was and says why at the top of the panel.
    pub fn open_bytes(
        &mut self,
        path: Option<PathBuf>,
        bytes: &[u8],
        lang: Lang,
    ) -> Result<(), ReviewError> {
        match Review::from_sgf(bytes, 0) {
            Ok((review, warnings)) => {
                self.open_review(path, review, &warnings);
                Ok(())
            }
            Err(e) => {
                if let Some(p) = &path {
                    self.recent.remove(p);
                }
                self.notice = Some(Notice {
                    kind: NoticeKind::Error,
                    text: texts::cannot_open(path.as_deref(), &e, lang),
                });
                Err(e)
            }
        }
    }

    /// What a click on the board point `c` does with the current tool. `shift` swaps the
    /// colour of the setup tool, and clears the point with the markup tools.
    pub fn board_click(&mut self, c: Coord, shift: bool) -> Option<ReviewCommand> {
        let command = match self.tool {
            Tool::Play => ReviewCommand::Play(Move::Play(c)),
            Tool::Setup(color) => {
                let color = if shift { color.opponent() } else { color };
                let here = self.review.game().board().get(c);
                ReviewCommand::Setup(c, (here != Some(color)).then_some(color))
            }
            _ if shift => ReviewCommand::ClearAt(c),
            Tool::Mark(mark) => ReviewCommand::ToggleMark(c, mark),
            Tool::Label => match self.review.label(c) {
                Some(_) => ReviewCommand::Label(c, String::new()),
                None => ReviewCommand::Label(c, self.review.next_label()),
            },
            Tool::Arrow | Tool::Line => match self.pending_point.take() {
                None => {
                    self.pending_point = Some(c);
                    return None;
                }
                Some(a) if a == c => return None,
                Some(a) if self.tool == Tool::Arrow => ReviewCommand::Arrow(a, c),
                Some(a) => ReviewCommand::Line(a, c),
            },
            Tool::Clear => ReviewCommand::ClearAt(c),
        };
        Some(command)
    }

    fn done(&mut self, text: String) {
        self.notice = Some(Notice {
            kind: NoticeKind::Done,
            text,
        });
    }

    fn error(&mut self, text: String) {
        self.notice = Some(Notice {
            kind: NoticeKind::Error,
            text,
        });
    }

    /// Carries out one command; returns the file jobs it needs. A refused edit leaves the
    /// record unchanged and says why. Opening and new records replace the record at once: the
    /// host asks about unsaved edits before it sends them ([`ReviewState::run`]).
    pub fn apply(&mut self, command: ReviewCommand, lang: Lang) -> Vec<FileJob> {
        match command {
            ReviewCommand::TypeComment(node, text) => {
                let game = self.review.game_index();
                self.typing.comment = Some((game, node, text));
                return Vec::new();
            }
            ReviewCommand::TypeInfo(field, text) => {
                self.type_info(field, &text);
                return Vec::new();
            }
            // A value committed (Enter, the field left) is the typing it ends.
            ReviewCommand::Comment(node, _)
                if self
                    .typing
                    .comment
                    .as_ref()
                    .is_some_and(|(_, n, _)| *n == node) =>
            {
                self.typing.comment = None;
            }
            ReviewCommand::SetInfo(field, _) => self.typing.info.retain(|(f, _)| *f != field),
            // The tool says what the click does (the first point of an arrow does nothing yet).
            ReviewCommand::BoardClick(c, shift) => {
                return match self.board_click(c, shift) {
                    Some(command) => self.apply(command, lang),
                    None => Vec::new(),
                };
            }
            _ => {}
        }
        // Typing in progress belongs to the node it was typed on: written there before
        // anything else happens to the record, so neither navigation nor a save loses it.
        self.flush_typing(lang);
        let shape = self.review.shape_revision();
        let notice = self.notice.clone();
        let jobs = self.apply_inner(command, lang);
        // A "done" message speaks of the last change; the next change makes it stale.
        if self.review.shape_revision() != shape
            && self.notice == notice
            && notice.is_some_and(|n| n.kind == NoticeKind::Done)
        {
            self.notice = None;
        }
        self.running += jobs.len();
        jobs
    }

    fn apply_inner(&mut self, command: ReviewCommand, lang: Lang) -> Vec<FileJob> {
        let mut jobs = Vec::new();
        let result: Result<(), ReviewError> = match command {
            // Handled by `apply` before anything else.
            ReviewCommand::TypeComment(..)
            | ReviewCommand::TypeInfo(..)
            | ReviewCommand::BoardClick(..) => Ok(()),
            ReviewCommand::Nav(nav) => {
                self.nav(nav);
                Ok(())
            }
            ReviewCommand::Play(mv) => self.review.play(mv).map(|_| ()),
            ReviewCommand::SetTool(tool) => {
                self.tool = tool;
                self.pending_point = None;
                Ok(())
            }
            ReviewCommand::Setup(c, color) => self.review.set_setup_stone(c, color),
            ReviewCommand::ToggleMark(c, mark) => {
                self.review.toggle_mark(c, mark);
                Ok(())
            }
            ReviewCommand::Label(c, text) => {
                self.review.set_label(c, &text);
                Ok(())
            }
            ReviewCommand::Arrow(a, b) => self.review.toggle_arrow(a, b),
            ReviewCommand::Line(a, b) => self.review.toggle_line(a, b),
            ReviewCommand::ClearAt(c) => {
                self.review.clear_markup_at(c);
                Ok(())
            }
            ReviewCommand::ClearAll => {
                let n = self.review.clear_markup();
                if n > 0 {
                    self.done(texts::marks_cleared(n, lang));
                }
                Ok(())
            }
            ReviewCommand::Comment(node, text) => {
                self.review.set_comment_on(node, &text);
                Ok(())
            }
            ReviewCommand::MoveAnnotation(a) => {
                self.review.set_move_annotation(a);
                Ok(())
            }
            ReviewCommand::PositionAnnotation(a) => {
                self.review.set_position_annotation(a);
                Ok(())
            }
            ReviewCommand::SetInfo(field, text) => self.review.set_info(field, &text).map(|_| ()),
            ReviewCommand::DeleteNode => self.ask_delete(lang),
            ReviewCommand::Promote => {
                self.review.promote_to_main_line();
                Ok(())
            }
            ReviewCommand::Undo => {
                match self.review.undo() {
                    Some(kind) => self.done(texts::undone(&kind, lang)),
                    None => self.done(texts::nothing_to_undo(lang).into()),
                }
                Ok(())
            }
            ReviewCommand::Redo => {
                match self.review.redo() {
                    Some(kind) => self.done(texts::redone(&kind, lang)),
                    None => self.done(texts::nothing_to_redo(lang).into()),
                }
                Ok(())
            }
            ReviewCommand::ShowNumbers(on) => {
                self.show_numbers = on;
                Ok(())
            }
            ReviewCommand::SwitchGame(index) => self.review.switch_game(index).map(|()| {
                self.pending_point = None;
            }),
            ReviewCommand::NewRecord(size) => {
                jobs.extend(self.run_pending(Pending::NewRecord(size), lang));
                Ok(())
            }
            ReviewCommand::OpenDialog => {
                jobs.extend(self.run_pending(Pending::OpenDialog, lang));
                Ok(())
            }
            ReviewCommand::OpenPath(path) => {
                jobs.extend(self.run_pending(Pending::OpenPath(path), lang));
                Ok(())
            }
            ReviewCommand::Save => {
                jobs.extend(self.save(lang));
                Ok(())
            }
            ReviewCommand::SaveAsDialog => {
                jobs.extend(self.save_as(lang));
                Ok(())
            }
            ReviewCommand::SetPaper(paper) => {
                self.paper = paper;
                Ok(())
            }
            ReviewCommand::ExportDiagram => {
                jobs.extend(self.export(Export::Diagram, lang));
                Ok(())
            }
            ReviewCommand::ExportRecord => {
                jobs.extend(self.export(Export::Record, lang));
                Ok(())
            }
            ReviewCommand::SaveTo(path) => {
                jobs.push(self.write_record(path));
                Ok(())
            }
            ReviewCommand::Answer(answer) => {
                jobs.extend(self.answer(answer, lang));
                Ok(())
            }
            ReviewCommand::DismissNotice => {
                self.notice = None;
                Ok(())
            }
        };
        if let Err(e) = result {
            self.error(texts::error_text(&e, lang));
        }
        jobs
    }

    fn nav(&mut self, nav: Nav) {
        self.pending_point = None;
        let _moved = match nav {
            Nav::Next => self.review.forward(),
            Nav::Prev => self.review.back(),
            Nav::First => {
                self.review.first();
                true
            }
            Nav::Last => {
                self.review.last();
                true
            }
            Nav::Move(n) => self.review.go_to_move(n).is_ok(),
            Nav::NextVariation => self.review.next_variation(),
            Nav::PrevVariation => self.review.prev_variation(),
            Nav::Node(id) => self.review.go_to(id),
        };
    }

    /// Deletes at once what is one node; asks first, saying what goes, when more would go.
    fn ask_delete(&mut self, lang: Lang) -> Result<(), ReviewError> {
        if self.review.current_node().parent.is_none() {
            return Err(ReviewError::RootCannotBeDeleted);
        }
        let removed = self.review.removal(self.review.current());
        if removed.nodes > 1 {
            self.prompt = Some(Prompt::Delete(removed));
            return Ok(());
        }
        self.delete(lang)
    }

    fn delete(&mut self, lang: Lang) -> Result<(), ReviewError> {
        let removed = self.review.delete_current()?;
        self.done(texts::deleted(&removed, lang));
        Ok(())
    }

    /// Replaces the record as `pending` says (the host has asked about unsaved edits first);
    /// returns the file jobs it needs.
    pub fn run(&mut self, pending: Pending, lang: Lang) -> Vec<FileJob> {
        let jobs = self.run_pending(pending, lang);
        self.running += jobs.len();
        jobs
    }

    fn run_pending(&mut self, pending: Pending, lang: Lang) -> Vec<FileJob> {
        match pending {
            Pending::OpenDialog => vec![FileJob::OpenDialog {
                title: lang.pick("打开棋谱", "打開棋譜", "Open record").into(),
                filter: ("SGF", &["sgf", "SGF"]),
            }],
            Pending::OpenPath(path) => vec![FileJob::Read(path)],
            Pending::NewRecord(size) => {
                match Review::new(size) {
                    Ok(review) => self.open_review(None, review, &[]),
                    Err(e) => self.error(texts::error_text(&e, lang)),
                }
                Vec::new()
            }
        }
    }

    /// Writes the record to `path` (replacing the file there), remembering what was sent.
    fn write_record(&mut self, path: PathBuf) -> FileJob {
        let bytes = self.review.to_sgf().into_bytes();
        self.sent = Some(fingerprint(&bytes));
        FileJob::Write {
            path,
            bytes,
            export: false,
            new_only: false,
        }
    }

    fn save(&mut self, lang: Lang) -> Vec<FileJob> {
        match self.path.clone() {
            Some(path) => vec![self.write_record(path)],
            None => self.save_as(lang),
        }
    }

    fn save_as(&mut self, lang: Lang) -> Vec<FileJob> {
        let name = self.path.as_ref().and_then(|p| p.file_name()).map_or_else(
            || "game.sgf".to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        let bytes = self.review.to_sgf().into_bytes();
        self.sent = Some(fingerprint(&bytes));
        self.held = Some(HeldWrite {
            path: None,
            bytes: bytes.clone(),
            export: false,
        });
        vec![FileJob::SaveDialog {
            title: lang.pick("保存棋谱", "保存棋譜", "Save record").into(),
            name,
            filter: ("SGF", &["sgf"]),
            bytes,
            export: false,
        }]
    }

    /// The record's file name with another extension, for exports ("game.svg").
    pub fn export_name(&self, extension: &str) -> String {
        let stem = self
            .path
            .as_ref()
            .and_then(|p| p.file_stem())
            .map_or_else(|| "game".to_owned(), |s| s.to_string_lossy().into_owned());
        format!("{stem}.{extension}")
    }

    /// The bytes of an export: the position at the cursor as SVG, or the main line's 棋谱.
    fn export_bytes(&self, what: Export, lang: Lang) -> Result<Vec<u8>, ReviewError> {
        if what == Export::Record {
            let coordinates = Some(crate::geometry::LabelStyle::NumbersOnly);
            let (html, _illegal) =
                crate::diagram::record_html(self.review.tree(), 100, lang, coordinates, self.paper)
                    .map_err(ReviewError::Replay)?;
            return Ok(html.into_bytes());
        }
        let options = crate::diagram::SvgOptions {
            paper: self.paper,
            ..Default::default()
        };
        let scene = self.review.scene(self.show_numbers);
        Ok(crate::diagram::to_svg(&scene, &options).into_bytes())
    }

    fn export(&mut self, what: Export, lang: Lang) -> Vec<FileJob> {
        let bytes = match self.export_bytes(what, lang) {
            Ok(b) => b,
            Err(e) => {
                self.error(texts::error_text(&e, lang));
                return Vec::new();
            }
        };
        let (title, name, filter): (&str, String, crate::files::dialogs::Filter) =
            if what == Export::Record {
                (
                    lang.pick(
                        "导出棋谱（打印）",
                        "匯出棋譜（列印）",
                        "Export printable record",
                    ),
                    self.export_name("html"),
                    ("HTML", &["html", "htm"]),
                )
            } else {
                let n = self.review.move_number();
                (
                    lang.pick("导出局面图", "匯出局面圖", "Export diagram"),
                    self.export_name(&format!("move{n}.svg")),
                    ("SVG", &["svg"]),
                )
            };
        self.held = Some(HeldWrite {
            path: None,
            bytes: bytes.clone(),
            export: true,
        });
        vec![FileJob::SaveDialog {
            title: title.into(),
            name,
            filter,
            bytes,
            export: true,
        }]
    }

    fn answer(&mut self, answer: Answer, lang: Lang) -> Vec<FileJob> {
        let Some(prompt) = self.prompt.take() else {
            return Vec::new();
        };
        match (prompt, answer) {
            (Prompt::Replace(_), Answer::Cancel) => {
                self.held = None;
                self.sent = None;
            }
            (_, Answer::Cancel) => {}
            (Prompt::Delete(_), Answer::Delete) => {
                if let Err(e) = self.delete(lang) {
                    self.error(texts::error_text(&e, lang));
                }
            }
            (Prompt::Replace(path), Answer::Replace) => {
                if let Some(held) = self
                    .held
                    .take()
                    .filter(|h| h.path.as_deref() == Some(path.as_path()))
                {
                    return vec![FileJob::Write {
                        path,
                        bytes: held.bytes,
                        export: held.export,
                        new_only: false,
                    }];
                }
            }
            // An answer to another question than the one asked: the question stays.
            (prompt, _) => self.prompt = Some(prompt),
        }
        Vec::new()
    }

    /// A file job's answer: a record read, saved or exported, or why not. A save marks the
    /// record saved only if it is still what was sent (an edit made meanwhile stays unsaved).
    pub fn on_file(&mut self, event: FileEvent, lang: Lang) {
        self.running = self.running.saturating_sub(1);
        match event {
            FileEvent::Opened(path, bytes) => {
                if self.open_bytes(Some(path), &bytes, lang).is_ok() && !self.repairs.is_empty() {
                    let n = self.repairs.len();
                    self.done(texts::opened_with_repairs(self.path.as_deref(), n, lang));
                }
            }
            FileEvent::Saved(path) => {
                self.held = None;
                let sent = self.sent.take();
                if sent.is_some() && sent == Some(fingerprint(self.review.to_sgf().as_bytes())) {
                    self.review.mark_saved();
                }
                self.recent.push(&path);
                self.done(format!(
                    "{} {}",
                    lang.pick("已保存", "已保存", "Saved"),
                    path.display()
                ));
                self.path = Some(path);
            }
            FileEvent::Exported(path) => {
                self.held = None;
                let layout = Layout::standard(self.review.size());
                let reserved = if path
                    .extension()
                    .is_some_and(|e| e.eq_ignore_ascii_case("svg"))
                {
                    0.0
                } else {
                    RECORD_TEXT_MM
                };
                let paper = self
                    .paper
                    .describe(layout.width(), layout.height(), reserved, lang);
                self.done(format!(
                    "{} {} — {paper}",
                    lang.pick("已导出", "已匯出", "Exported"),
                    path.display()
                ));
            }
            FileEvent::AlreadyExists(path) => match &mut self.held {
                Some(held) => {
                    held.path = Some(path.clone());
                    self.prompt = Some(Prompt::Replace(path));
                }
                None => self.error(format!(
                    "{}: {}",
                    path.display(),
                    crate::i18n::file_already_there(lang)
                )),
            },
            FileEvent::Cancelled => {
                self.held = None;
                self.sent = None;
            }
            FileEvent::Failed(path, why) => {
                self.held = None;
                self.sent = None;
                self.error(texts::file_failed(&path, &why, lang));
            }
        }
    }

    /// The name of the record shown, for the status line and the questions.
    pub fn record_name(&self, lang: Lang) -> String {
        record_name(self.path.as_deref(), lang)
    }
}

/// The review tab as a sub-window: opening a file, a recent file or a new record replaces the
/// record, so those are its ways out (asked about first); everything else is applied.
impl SubWindow for ReviewState {
    fn id(&self) -> WindowId {
        WindowId::Review
    }

    fn apply(&mut self, cmd: WindowCmd, cx: &Cx) -> Out {
        let Ok(c) = cmd.own::<ReviewCommand>() else {
            // The tab is always there: nothing opens or closes it.
            return Out::default();
        };
        let files = match c {
            ReviewCommand::OpenDialog => self.run(Pending::OpenDialog, cx.lang),
            ReviewCommand::OpenPath(p) => self.run(Pending::OpenPath(p), cx.lang),
            ReviewCommand::NewRecord(size) => self.run(Pending::NewRecord(size), cx.lang),
            other => ReviewState::apply(self, other, cx.lang),
        };
        Out::files(files)
    }

    fn on_answer(&mut self, answer: WindowAnswer, cx: &Cx) -> Out {
        if let WindowAnswer::File(event) = answer {
            self.on_file(event, cx.lang);
        }
        Out::default()
    }

    fn exit(&self, cmd: &WindowCmd) -> Option<Leaving> {
        match cmd.peek::<ReviewCommand>()? {
            // The record is replaced when the file arrives: a dialog cancelled meanwhile
            // leaves the edits unsaved.
            ReviewCommand::OpenDialog | ReviewCommand::OpenPath(_) => Some(Leaving::OnArrival),
            ReviewCommand::NewRecord(_) => Some(Leaving::Now),
            _ => None,
        }
    }

    fn unsaved(&self, lang: Lang) -> Option<String> {
        self.has_unsaved_edits().then(|| self.record_name(lang))
    }

    fn work_name(&self, lang: Lang) -> &'static str {
        lang.pick("复盘棋谱", "覆盤棋譜", "The record under review")
    }

    fn save(&mut self, cx: &Cx) -> Out {
        Out::files(ReviewState::apply(self, ReviewCommand::Save, cx.lang))
    }

    fn discard(&mut self) {
        self.discard_edits();
    }

    fn busy(&self) -> bool {
        ReviewState::busy(self)
    }
}

/// The decoded comment of node `id`, empty when none.
fn comment_of(review: &Review, id: NodeId) -> String {
    review
        .tree()
        .node(id)
        .and_then(|n| n.value("C"))
        .map(crate::record::properties::decode_text)
        .unwrap_or_default()
}

/// A file's name, or "new record".
pub fn record_name(path: Option<&Path>, lang: Lang) -> String {
    path.and_then(|p| p.file_name())
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| lang.pick("新棋谱", "新棋譜", "new record").to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::review::command::Answer;
    use crate::rules::{Coord, Move};

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!(
            "tianyuan-review-state-{}-{name}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("temp dir");
        dir
    }

    /// Carries out file jobs as the runner would, a dialog answered with `typed` (the path the
    /// host's path question would get), and hands the answers back.
    fn carry(s: &mut ReviewState, jobs: Vec<FileJob>, typed: Option<&Path>) {
        use crate::files::jobs;
        for job in jobs {
            let event = match job {
                FileJob::Read(p) => jobs::read(p),
                FileJob::Write {
                    path,
                    bytes,
                    export,
                    new_only,
                } => {
                    let e = if new_only {
                        jobs::write_new(path, &bytes)
                    } else {
                        jobs::write(path, &bytes)
                    };
                    if export { jobs::exported(e) } else { e }
                }
                FileJob::SaveDialog { bytes, export, .. } => match typed {
                    Some(p) => {
                        let e = jobs::write_new(p.to_path_buf(), &bytes);
                        if export { jobs::exported(e) } else { e }
                    }
                    None => FileEvent::Cancelled,
                },
                FileJob::OpenDialog { .. } => match typed {
                    Some(p) => jobs::read(p.to_path_buf()),
                    None => FileEvent::Cancelled,
                },
                FileJob::ExportSession { .. } | FileJob::ClassDocument { .. } => {
                    FileEvent::Cancelled
                }
            };
            s.on_file(event, Lang::En);
        }
    }

    fn apply(s: &mut ReviewState, c: ReviewCommand) -> Vec<FileJob> {
        s.apply(c, Lang::En)
    }

    fn edited() -> ReviewState {
        let mut s = ReviewState::new();
        let jobs = apply(&mut s, ReviewCommand::Play(Move::Play(Coord::new(3, 3))));
        assert!(jobs.is_empty() && s.review().is_dirty());
        s
    }

    #[test]
    fn issue17_opening_is_a_file_job_and_its_answer_replaces_the_record() {
        let dir = scratch("open");
        let other = dir.join("other.sgf");
        std::fs::write(&other, "(;SZ[9];B[ee])").expect("write");
        let mut s = edited();
        let generation = s.generation;
        let jobs = s.run(Pending::OpenPath(other.clone()), Lang::En);
        assert!(matches!(jobs.as_slice(), [FileJob::Read(p)] if *p == other));
        assert!(s.busy(), "the read is on its way");
        assert_eq!(s.review().size(), 19, "nothing replaced before the answer");
        carry(&mut s, jobs, None);
        assert!(!s.busy());
        assert_eq!(s.review().size(), 9);
        assert!(!s.review().is_dirty());
        assert!(s.generation > generation, "the panel's typing is dropped");
        // A cancelled dialog leaves the record as it was.
        let mut s = edited();
        let jobs = s.run(Pending::OpenDialog, Lang::En);
        carry(&mut s, jobs, None);
        assert!(s.review().is_dirty() && s.review().size() == 19);
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// Issue 17 item 7: the saved revision is the one sent, not the one when the answer came.
    #[test]
    fn issue17_an_edit_made_while_a_save_runs_stays_unsaved() {
        let dir = scratch("save");
        let target = dir.join("kept.sgf");
        let mut s = edited();
        let jobs = apply(&mut s, ReviewCommand::SaveTo(target.clone()));
        // The reviewer plays on while the write is on its way.
        let _ = apply(&mut s, ReviewCommand::Play(Move::Play(Coord::new(15, 15))));
        carry(&mut s, jobs, None);
        let saved = std::fs::read_to_string(&target).expect("saved");
        assert!(
            saved.contains(";B[dd]") && !saved.contains("W[pp]"),
            "{saved}"
        );
        assert!(s.review().is_dirty(), "the later move is not on disk");
        assert_eq!(s.path.as_deref(), Some(target.as_path()));
        // Saved again with nothing changed meanwhile: clean.
        let jobs = apply(&mut s, ReviewCommand::Save);
        carry(&mut s, jobs, None);
        assert!(!s.review().is_dirty());
        assert!(
            std::fs::read_to_string(&target)
                .expect("saved")
                .contains("W[pp]")
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn issue_10_a_new_record_without_a_file_asks_where_through_a_dialog() {
        let dir = scratch("saveas");
        let target = dir.join("new.sgf");
        let mut s = edited();
        let jobs = apply(&mut s, ReviewCommand::Save);
        assert!(matches!(
            jobs.as_slice(),
            [FileJob::SaveDialog { export: false, .. }]
        ));
        carry(&mut s, jobs, Some(&target));
        assert!(!s.review().is_dirty());
        assert!(
            std::fs::read_to_string(&target)
                .expect("saved")
                .contains(";B[dd]")
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn issue_10_delete_says_what_it_removes_and_undo_brings_it_back() {
        let mut s = ReviewState::new();
        s.open_bytes(None, b"(;SZ[9];B[ee];W[cc](;B[gg])(;B[cg]))", Lang::En)
            .expect("readable");
        let before = s.review().to_sgf();
        apply(&mut s, ReviewCommand::Nav(Nav::Next));
        apply(&mut s, ReviewCommand::DeleteNode);
        let removed = Removed {
            nodes: 4,
            moves: 4,
            variations: 1,
        };
        assert_eq!(s.prompt(), Some(&Prompt::Delete(removed)));
        apply(&mut s, ReviewCommand::Answer(Answer::Delete));
        let notice = s.notice.clone().expect("said");
        assert_eq!(
            notice.text,
            "Deleted 4 moves and 1 variation. Ctrl+Z undoes it."
        );
        assert_eq!(s.review().line_moves(), 0);
        apply(&mut s, ReviewCommand::Undo);
        assert_eq!(s.review().to_sgf(), before);
        // One node goes at once, without a question.
        apply(&mut s, ReviewCommand::Nav(Nav::Last));
        apply(&mut s, ReviewCommand::DeleteNode);
        assert_eq!(s.prompt(), None);
        assert_eq!(s.review().move_number(), 2);
        assert_eq!(
            s.notice.clone().map(|n| n.text).as_deref(),
            Some("Deleted 1 move. Ctrl+Z undoes it.")
        );
        // The variation B[cg] is now the line after W[cc].
        assert_eq!(s.review().line_moves(), 3);
    }

    #[test]
    fn issue_10_exports_ask_before_replacing_and_say_the_paper() {
        let dir = scratch("export");
        let target = dir.join("board.svg");
        std::fs::write(&target, "precious").expect("write");
        let mut s = ReviewState::new();
        let jobs = apply(&mut s, ReviewCommand::ExportDiagram);
        assert!(matches!(
            jobs.as_slice(),
            [FileJob::SaveDialog { export: true, .. }]
        ));
        // The path typed where no dialog shows names a file that is there: asked first.
        carry(&mut s, jobs, Some(&target));
        assert_eq!(s.prompt(), Some(&Prompt::Replace(target.clone())));
        assert!(s.busy(), "the write waits for the answer");
        assert_eq!(std::fs::read_to_string(&target).expect("kept"), "precious");
        let jobs = apply(&mut s, ReviewCommand::Answer(Answer::Replace));
        carry(&mut s, jobs, None);
        let svg = std::fs::read_to_string(&target).expect("replaced");
        assert!(svg.contains("width=\"180.0mm\""), "A4 by default");
        let notice = s.notice.clone().expect("said");
        assert!(
            notice.text.contains("A4: board 180 × 191 mm"),
            "{}",
            notice.text
        );
        assert!(!s.busy());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn issue_10_unreadable_files_and_repairs_are_shown() {
        let mut s = ReviewState::new();
        let bad = s.open_bytes(
            Some(PathBuf::from("/x/not.sgf")),
            b"this is not sgf",
            Lang::En,
        );
        assert!(bad.is_err());
        let notice = s.notice.clone().expect("said");
        assert_eq!(notice.kind, NoticeKind::Error);
        assert!(
            notice
                .text
                .starts_with("Cannot open /x/not.sgf: line 1, column"),
            "{}",
            notice.text
        );
        let truncated =
            include_bytes!("../../../tests/data/sgf/littlego/truncated-fuego-vs-fuego.sgf");
        s.open_bytes(Some(PathBuf::from("/x/t.sgf")), truncated, Lang::En)
            .expect("read with repairs");
        assert!(!s.repairs.is_empty());
        assert!(s.repairs[0].contains("line"), "{:?}", s.repairs);
    }
}
