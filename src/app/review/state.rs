//! The review tab's state without egui: the record, the tool, the file jobs, the messages and
//! the questions the panel is asking. [`ReviewState::apply`] carries out one
//! [`ReviewCommand`]; the views ([`super::ReviewPanel`]) only draw this state and return
//! commands, so everything here is tested with no window.
//!
//! Nothing a reviewer did is lost: opening another file, a recent file or a new record, and
//! quitting, first ask to save, discard or cancel when the record has unsaved edits; deleting
//! more than one node asks first and says what goes; every edit can be undone.

use std::path::{Path, PathBuf};

use super::command::{Answer, Nav, PathPurpose, Pending, ReviewCommand, Tool};
use super::recent::RecentFiles;
use super::texts;
use crate::diagram::{Layout, Paper, RECORD_TEXT_MM};
use crate::files::jobs::{FileEvent, FileJobs, Waker};
use crate::i18n::Lang;
use crate::record::Warning;
use crate::review::{Removed, Review, ReviewError};
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
    /// The record has unsaved edits: save, discard or cancel before `Pending`.
    Unsaved(Pending),
    /// Delete the current node and what follows (what goes, counted)?
    Delete(Removed),
    /// No file dialog can be shown here: a path field for this purpose.
    Path(PathPurpose),
    /// A file is already at this path: replace it?
    Replace(PathBuf),
}

/// A write waiting for the answer to "replace the existing file?".
#[derive(Clone, Debug)]
struct HeldWrite {
    path: PathBuf,
    bytes: Vec<u8>,
    export: bool,
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
    files: FileJobs,
    /// Whether a native file dialog can be shown (a desktop portal or zenity); else the panel
    /// offers a path field.
    pub(super) dialogs: bool,
    /// Recently opened and saved files.
    pub recent: RecentFiles,
    /// The message at the top of the panel.
    pub notice: Option<Notice>,
    /// The repairs the record layer made when the file shown was read ("line 3, column 7: …").
    pub repairs: Vec<String>,
    pub(super) prompt: Option<Prompt>,
    /// What to do once the save under way has succeeded (the unsaved-edits question's Save).
    after_save: Option<Pending>,
    held: Option<HeldWrite>,
    /// The user agreed to close the window (discarded or saved the edits).
    close_confirmed: bool,
    /// The window should close now.
    quit_now: bool,
}

impl ReviewState {
    /// A state over a new empty 19×19 record; `dialogs` says whether file dialogs can show.
    pub fn new(dialogs: bool) -> ReviewState {
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
            files: FileJobs::default(),
            dialogs,
            recent: RecentFiles::default(),
            notice: None,
            repairs: Vec::new(),
            prompt: None,
            after_save: None,
            held: None,
            close_confirmed: false,
            quit_now: false,
        }
    }

    /// The record under review.
    pub fn review(&self) -> &Review {
        &self.review
    }

    /// The question being asked, if any.
    pub fn prompt(&self) -> Option<&Prompt> {
        self.prompt.as_ref()
    }

    /// Whether a file job is running.
    pub fn busy(&self) -> bool {
        self.files.busy()
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

    /// Whether closing the window now would lose nothing; otherwise the unsaved-edits question
    /// is asked (and the window must stay open until it is answered).
    pub fn allow_close(&mut self) -> bool {
        if self.close_confirmed || !self.review.is_dirty() {
            return true;
        }
        if self.prompt.is_none() {
            self.prompt = Some(Prompt::Unsaved(Pending::Quit));
        }
        false
    }

    /// Whether the user has just agreed to close the window (true once).
    pub fn take_quit(&mut self) -> bool {
        std::mem::take(&mut self.quit_now)
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

    /// Carries out one command. A refused edit leaves the record unchanged and says why.
    pub fn apply(&mut self, command: ReviewCommand, lang: Lang, wake: &Waker) {
        let shape = self.review.shape_revision();
        let notice = self.notice.clone();
        self.apply_inner(command, lang, wake);
        // A "done" message speaks of the last change; the next change makes it stale.
        if self.review.shape_revision() != shape
            && self.notice == notice
            && notice.is_some_and(|n| n.kind == NoticeKind::Done)
        {
            self.notice = None;
        }
    }

    fn apply_inner(&mut self, command: ReviewCommand, lang: Lang, wake: &Waker) {
        let result: Result<(), ReviewError> = match command {
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
                self.guard(Pending::NewRecord(size), lang, wake);
                Ok(())
            }
            ReviewCommand::OpenDialog => {
                self.guard(Pending::OpenDialog, lang, wake);
                Ok(())
            }
            ReviewCommand::OpenPath(path) => {
                self.guard(Pending::OpenPath(path), lang, wake);
                Ok(())
            }
            ReviewCommand::Save => {
                self.save(lang, wake);
                Ok(())
            }
            ReviewCommand::SaveAsDialog => {
                self.save_as(lang, wake);
                Ok(())
            }
            ReviewCommand::SetPaper(paper) => {
                self.paper = paper;
                Ok(())
            }
            ReviewCommand::ExportDiagram => {
                self.export(PathPurpose::ExportDiagram, lang, wake);
                Ok(())
            }
            ReviewCommand::ExportRecord => {
                self.export(PathPurpose::ExportRecord, lang, wake);
                Ok(())
            }
            ReviewCommand::SaveTo(path) => {
                self.files
                    .save(wake, path, self.review.to_sgf().into_bytes());
                Ok(())
            }
            ReviewCommand::Answer(answer) => {
                self.answer(answer, lang, wake);
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

    /// Runs `pending` at once, or asks first when the record has unsaved edits.
    fn guard(&mut self, pending: Pending, lang: Lang, wake: &Waker) {
        if self.review.is_dirty() {
            self.prompt = Some(Prompt::Unsaved(pending));
        } else {
            self.run(pending, lang, wake);
        }
    }

    fn run(&mut self, pending: Pending, lang: Lang, wake: &Waker) {
        match pending {
            Pending::OpenDialog if self.dialogs => {
                self.files.open_dialog(
                    wake,
                    lang.pick("打开棋谱", "打開棋譜", "Open record").into(),
                    ("SGF", &["sgf", "SGF"]),
                );
            }
            Pending::OpenDialog => self.prompt = Some(Prompt::Path(PathPurpose::Open)),
            Pending::OpenPath(path) => self.files.open(wake, path),
            Pending::NewRecord(size) => match Review::new(size) {
                Ok(review) => {
                    self.open_review(None, review, &[]);
                }
                Err(e) => self.error(texts::error_text(&e, lang)),
            },
            Pending::Quit => {
                self.close_confirmed = true;
                self.quit_now = true;
            }
        }
    }

    fn save(&mut self, lang: Lang, wake: &Waker) {
        match self.path.clone() {
            Some(path) => self
                .files
                .save(wake, path, self.review.to_sgf().into_bytes()),
            None => self.save_as(lang, wake),
        }
    }

    fn save_as(&mut self, lang: Lang, wake: &Waker) {
        if !self.dialogs {
            self.prompt = Some(Prompt::Path(PathPurpose::SaveAs));
            return;
        }
        let name = self.path.as_ref().and_then(|p| p.file_name()).map_or_else(
            || "game.sgf".to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        self.files.save_dialog(
            wake,
            lang.pick("保存棋谱", "保存棋譜", "Save record").into(),
            name,
            ("SGF", &["sgf"]),
            self.review.to_sgf().into_bytes(),
        );
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
    fn export_bytes(&self, purpose: PathPurpose, lang: Lang) -> Result<Vec<u8>, ReviewError> {
        if purpose == PathPurpose::ExportRecord {
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

    fn export(&mut self, purpose: PathPurpose, lang: Lang, wake: &Waker) {
        if !self.dialogs {
            self.prompt = Some(Prompt::Path(purpose));
            return;
        }
        let bytes = match self.export_bytes(purpose, lang) {
            Ok(b) => b,
            Err(e) => return self.error(texts::error_text(&e, lang)),
        };
        let (title, name, filter): (&str, String, crate::files::dialogs::Filter) =
            if purpose == PathPurpose::ExportRecord {
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
        self.files
            .export_dialog(wake, title.into(), name, filter, bytes);
    }

    fn answer(&mut self, answer: Answer, lang: Lang, wake: &Waker) {
        let Some(prompt) = self.prompt.take() else {
            return;
        };
        match (prompt, answer) {
            (_, Answer::Cancel) => {
                self.after_save = None;
                self.held = None;
            }
            (Prompt::Unsaved(pending), Answer::Save) => {
                self.after_save = Some(pending);
                self.save(lang, wake);
            }
            (Prompt::Unsaved(pending), Answer::Discard) => self.run(pending, lang, wake),
            (Prompt::Delete(_), Answer::Delete) => {
                if let Err(e) = self.delete(lang) {
                    self.error(texts::error_text(&e, lang));
                }
            }
            (Prompt::Path(purpose), Answer::Path(path)) => {
                self.path_chosen(purpose, path, lang, wake)
            }
            (Prompt::Replace(path), Answer::Replace) => {
                if let Some(held) = self.held.take().filter(|h| h.path == path) {
                    if held.export {
                        self.files.export(wake, held.path, held.bytes);
                    } else {
                        self.files.save(wake, held.path, held.bytes);
                    }
                }
            }
            // An answer to another question than the one asked: the question stays.
            (prompt, _) => self.prompt = Some(prompt),
        }
    }

    /// A path typed where no dialog could be shown: open it, or write there without
    /// replacing a file (asking first when one is there).
    fn path_chosen(&mut self, purpose: PathPurpose, path: PathBuf, lang: Lang, wake: &Waker) {
        if path.as_os_str().is_empty() {
            self.prompt = Some(Prompt::Path(purpose));
            return;
        }
        let bytes = match purpose {
            PathPurpose::Open => {
                self.files.open(wake, path);
                return;
            }
            PathPurpose::SaveAs => Ok(self.review.to_sgf().into_bytes()),
            other => self.export_bytes(other, lang),
        };
        let bytes = match bytes {
            Ok(b) => b,
            Err(e) => return self.error(texts::error_text(&e, lang)),
        };
        let export = purpose != PathPurpose::SaveAs;
        self.held = Some(HeldWrite {
            path: path.clone(),
            bytes: bytes.clone(),
            export,
        });
        if export {
            self.files.export_new(wake, path, bytes);
        } else {
            self.files.save_new(wake, path, bytes);
        }
    }

    /// Takes in the file jobs that have finished: a record read, saved or exported, or why not.
    /// `wake` is for the work that follows (the open or quit that waited for a save).
    pub fn poll(&mut self, lang: Lang, wake: &Waker) {
        for event in self.files.poll() {
            match event {
                FileEvent::Opened(path, bytes) => {
                    if self.open_bytes(Some(path), &bytes, lang).is_ok() && !self.repairs.is_empty()
                    {
                        let n = self.repairs.len();
                        self.done(texts::opened_with_repairs(self.path.as_deref(), n, lang));
                    }
                }
                FileEvent::Saved(path) => {
                    self.held = None;
                    self.review.mark_saved();
                    self.recent.push(&path);
                    self.done(format!(
                        "{} {}",
                        lang.pick("已保存", "已保存", "Saved"),
                        path.display()
                    ));
                    self.path = Some(path);
                    if let Some(pending) = self.after_save.take() {
                        // The save the unsaved-edits question asked for: now go on.
                        self.run(pending, lang, wake);
                    }
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
                    let paper =
                        self.paper
                            .describe(layout.width(), layout.height(), reserved, lang);
                    self.done(format!(
                        "{} {} — {paper}",
                        lang.pick("已导出", "已匯出", "Exported"),
                        path.display()
                    ));
                }
                FileEvent::AlreadyExists(path) => {
                    self.prompt = Some(Prompt::Replace(path));
                }
                FileEvent::Cancelled => {
                    self.after_save = None;
                }
                FileEvent::Failed(path, why) => {
                    self.after_save = None;
                    self.held = None;
                    self.error(texts::file_failed(&path, &why, lang));
                }
            }
        }
    }

    /// The name of the record shown, for the status line and the questions.
    pub fn record_name(&self, lang: Lang) -> String {
        record_name(self.path.as_deref(), lang)
    }
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

    fn wake() -> Waker {
        std::sync::Arc::new(|| {})
    }

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!(
            "tianyuan-review-state-{}-{name}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("temp dir");
        dir
    }

    /// Waits for the file jobs (worker threads) to report, then takes the events in.
    fn settle(s: &mut ReviewState) {
        for _ in 0..1000 {
            s.poll(Lang::En, &wake());
            if !s.busy() {
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        panic!("file jobs did not finish");
    }

    fn apply(s: &mut ReviewState, c: ReviewCommand) {
        s.apply(c, Lang::En, &wake());
    }

    fn edited() -> ReviewState {
        let mut s = ReviewState::new(false);
        apply(&mut s, ReviewCommand::Play(Move::Play(Coord::new(3, 3))));
        assert!(s.review().is_dirty());
        s
    }

    #[test]
    fn issue_10_opening_another_file_with_unsaved_edits_asks_first() {
        let dir = scratch("open");
        let other = dir.join("other.sgf");
        std::fs::write(&other, "(;SZ[9];B[ee])").expect("write");
        for (first, then) in [(Answer::Cancel, None), (Answer::Discard, Some(9))] {
            let mut s = edited();
            apply(&mut s, ReviewCommand::OpenPath(other.clone()));
            assert_eq!(
                s.prompt(),
                Some(&Prompt::Unsaved(Pending::OpenPath(other.clone())))
            );
            apply(&mut s, ReviewCommand::Answer(first));
            settle(&mut s);
            assert_eq!(s.prompt(), None);
            match then {
                None => {
                    assert!(s.review().is_dirty(), "cancel keeps the edits");
                    assert_eq!(s.review().size(), 19);
                }
                Some(size) => {
                    assert_eq!(s.review().size(), size, "discard opens the file");
                    assert!(!s.review().is_dirty());
                }
            }
        }
        // A new record and the recent files ask the same way.
        let mut s = edited();
        apply(&mut s, ReviewCommand::NewRecord(13));
        assert_eq!(s.prompt(), Some(&Prompt::Unsaved(Pending::NewRecord(13))));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn issue_10_save_first_then_go_on_with_a_typed_path_where_no_dialog_shows() {
        let dir = scratch("save");
        let target = dir.join("kept.sgf");
        let mut s = edited();
        apply(&mut s, ReviewCommand::NewRecord(9));
        apply(&mut s, ReviewCommand::Answer(Answer::Save));
        // A new record has no file yet and no dialog can show: the path field.
        assert_eq!(s.prompt(), Some(&Prompt::Path(PathPurpose::SaveAs)));
        apply(&mut s, ReviewCommand::Answer(Answer::Path(target.clone())));
        settle(&mut s);
        let saved = std::fs::read_to_string(&target).expect("saved");
        assert!(saved.contains(";B[dd]"), "{saved}");
        assert_eq!(s.review().size(), 9, "then the new record");
        assert!(!s.review().is_dirty());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn issue_10_quitting_with_unsaved_edits_asks_and_closes_once_answered() {
        let mut s = edited();
        assert!(!s.allow_close());
        assert_eq!(s.prompt(), Some(&Prompt::Unsaved(Pending::Quit)));
        apply(&mut s, ReviewCommand::Answer(Answer::Cancel));
        assert!(!s.take_quit());
        assert!(!s.allow_close());
        apply(&mut s, ReviewCommand::Answer(Answer::Discard));
        assert!(s.take_quit(), "the window closes now");
        assert!(
            s.allow_close(),
            "and the close that follows is not asked again"
        );
        let mut clean = ReviewState::new(false);
        assert!(clean.allow_close());
        assert_eq!(clean.prompt(), None);
    }

    #[test]
    fn issue_10_delete_says_what_it_removes_and_undo_brings_it_back() {
        let mut s = ReviewState::new(false);
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
        let mut s = ReviewState::new(false);
        apply(&mut s, ReviewCommand::ExportDiagram);
        assert_eq!(s.prompt(), Some(&Prompt::Path(PathPurpose::ExportDiagram)));
        apply(&mut s, ReviewCommand::Answer(Answer::Path(target.clone())));
        settle(&mut s);
        assert_eq!(s.prompt(), Some(&Prompt::Replace(target.clone())));
        assert_eq!(std::fs::read_to_string(&target).expect("kept"), "precious");
        apply(&mut s, ReviewCommand::Answer(Answer::Replace));
        settle(&mut s);
        let svg = std::fs::read_to_string(&target).expect("replaced");
        assert!(svg.contains("width=\"180.0mm\""), "A4 by default");
        let notice = s.notice.clone().expect("said");
        assert!(
            notice.text.contains("A4: board 180 × 191 mm"),
            "{}",
            notice.text
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn issue_10_unreadable_files_and_repairs_are_shown() {
        let mut s = ReviewState::new(false);
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
