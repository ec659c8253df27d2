//! The review panel: the egui side of the review tab over [`ReviewState`].
//!
//! Views only read: [`ReviewPanel::ui`], [`ReviewPanel::keys`], [`ReviewPanel::window_ui`] and
//! the board return [`ReviewCommand`]s, and [`ReviewPanel::apply`] carries them out once per
//! frame through [`ReviewState::apply`]. The panel keeps only what egui needs between frames:
//! text being typed, scroll requests, and layouts cached until the record changes.
//!
//! Layout: a message line at the top (errors, repairs, what was done), then the controls in
//! a scroll area, then the variation tree, which keeps at least [`TREE_MIN_HEIGHT`] whatever
//! the window's height.

use std::path::{Path, PathBuf};

use eframe::egui;

use super::command::{Nav, ReviewCommand, Tool};
use super::recent::RecentFiles;
use super::state::{Notice, ReviewState};
use super::{comment_view, files_view, info_view, nav_view, notice_view, prompt_view, shortcuts};
use super::{tools_view, tree_ui};
use crate::diagram::Scene;
use crate::files::jobs::Waker;
use crate::i18n::{Lang, Msg};
use crate::record::NodeId;
use crate::review::{Review, ReviewError, TreeCell, tree_cells};
use crate::rules::{Color, Coord};

/// The least height the variation tree keeps, in points: about a dozen moves.
pub const TREE_MIN_HEIGHT: f32 = 220.0;

/// State of the review panel: the egui-free [`ReviewState`] and what the views keep.
pub struct ReviewPanel {
    /// Boxed: the record's games make it some 50 KB, which every move of the window's state
    /// would otherwise copy through the stack (issue 17 item 11).
    state: Box<ReviewState>,
    /// The comment being typed, and the node it belongs to.
    pub(super) comment: String,
    pub(super) comment_node: Option<(usize, NodeId)>,
    /// Whether the comment box has been typed in since it was filled from the record.
    pub(super) comment_edited: bool,
    pub(super) goto_open: bool,
    pub(super) goto_value: usize,
    /// The game-information fields being typed, and the record revision they were read at.
    pub(super) info_edit: Vec<String>,
    pub(super) info_shape: u64,
    /// The path typed where no file dialog can be shown, and what it was suggested for.
    pub(super) path_text: String,
    pub(super) path_for: Option<super::command::PathPurpose>,
    /// Give the path field the keyboard on the next frame.
    pub(super) path_focus: bool,
    tree_cache: Option<(u64, Vec<TreeCell>)>,
    scene_cache: Option<(u64, bool, Scene)>,
    line_cache: std::cell::Cell<Option<(u64, usize)>>,
    /// Bring the current node into view in the tree (after the cursor moved).
    scroll_tree: bool,
    last_cursor: (u64, NodeId),
    /// Scrolling over the board not yet turned into a move (touchpads scroll in small steps).
    pub(super) wheel: f32,
    /// The interface language of the last frame, for messages made outside a frame.
    lang: Lang,
}

impl Default for ReviewPanel {
    fn default() -> ReviewPanel {
        ReviewPanel::new()
    }
}

impl ReviewPanel {
    /// A panel over a new empty 19×19 record; file dialogs are used when this machine can show
    /// them ([`crate::files::dialogs::available`]), else a path field.
    pub fn new() -> ReviewPanel {
        ReviewPanel::with_dialogs(crate::files::dialogs::available())
    }

    /// A panel that uses native file dialogs (`true`) or its own path field (`false`).
    pub fn with_dialogs(dialogs: bool) -> ReviewPanel {
        ReviewPanel {
            state: Box::new(ReviewState::new(dialogs)),
            comment: String::new(),
            comment_node: None,
            comment_edited: false,
            goto_open: false,
            goto_value: 0,
            info_edit: Vec::new(),
            info_shape: 0,
            path_text: String::new(),
            path_for: None,
            path_focus: false,
            tree_cache: None,
            scene_cache: None,
            line_cache: std::cell::Cell::new(None),
            scroll_tree: true,
            last_cursor: (0, NodeId(0)),
            wheel: 0.0,
            lang: Lang::default(),
        }
    }

    /// The egui-free state.
    pub fn state(&self) -> &ReviewState {
        &self.state
    }

    /// The record under review.
    pub fn review(&self) -> &Review {
        self.state.review()
    }

    /// The file the record came from or was last saved to.
    pub fn path(&self) -> Option<&Path> {
        self.state.path.as_deref()
    }

    /// The board tool in use.
    pub fn tool(&self) -> Tool {
        self.state.tool
    }

    /// The recent files.
    pub fn recent(&self) -> &RecentFiles {
        &self.state.recent
    }

    /// The message at the top of the panel.
    pub fn notice(&self) -> Option<&Notice> {
        self.state.notice.as_ref()
    }

    /// The repairs made when the file shown was read.
    pub fn repairs(&self) -> &[String] {
        &self.state.repairs
    }

    /// Whether the record has edits that are not saved, the comment being typed included.
    pub fn has_unsaved_edits(&self) -> bool {
        self.state.review().is_dirty() || self.comment_pending()
    }

    fn comment_pending(&self) -> bool {
        self.comment_edited
            && self
                .comment_node
                .is_some_and(|(game, _)| game == self.review().game_index())
    }

    /// What the board shows: the position at the cursor, the node's markup, the last move,
    /// and move numbers when switched on (kept until the record or the cursor changes).
    pub fn scene(&mut self) -> Scene {
        let key = (self.review().revision(), self.state.show_numbers);
        match &self.scene_cache {
            Some((r, n, scene)) if (*r, *n) == key => scene.clone(),
            _ => {
                let scene = self.review().scene(self.state.show_numbers);
                self.scene_cache = Some((key.0, key.1, scene.clone()));
                scene
            }
        }
    }

    /// Moves on the current line, to its end (kept until the record or the cursor changes).
    pub(super) fn line_moves(&self) -> usize {
        let revision = self.review().revision();
        match self.line_cache.get() {
            Some((r, n)) if r == revision => n,
            _ => {
                let n = self.review().line_moves();
                self.line_cache.set(Some((revision, n)));
                n
            }
        }
    }

    /// Whether native file dialogs are used (`true`) or the panel's own path field (`false`):
    /// set once the window knows, on the panel the host built (building a second one would
    /// build a second empty record, issue 17 item 11).
    pub fn set_dialogs(&mut self, dialogs: bool) {
        self.state.dialogs = dialogs;
    }

    /// The interface language for messages made outside a frame (a file opened from the
    /// command line before the window shows); each frame sets it again.
    pub fn set_lang(&mut self, lang: Lang) {
        self.lang = lang;
    }

    /// Replaces the record with the bytes of an SGF file read from `path`; an unreadable file
    /// leaves the record as it was and is named, with line and column, at the top of the panel.
    pub fn open_bytes(&mut self, path: Option<PathBuf>, bytes: &[u8]) -> Result<(), ReviewError> {
        self.state.open_bytes(path, bytes, self.lang)
    }

    /// Shows `review`, read from `path`, at its start, with the record layer's `warnings`.
    pub fn open_review(
        &mut self,
        path: Option<PathBuf>,
        review: Review,
        warnings: &[crate::record::Warning],
    ) {
        self.state.open_review(path, review, warnings);
    }

    /// Says `text` as an error at the top of the panel (for a file the app could not open).
    pub fn show_error(&mut self, text: String) {
        self.state.notice = Some(Notice {
            kind: super::state::NoticeKind::Error,
            text,
        });
    }

    /// Whether the window may close now; when the record has unsaved edits the panel asks to
    /// save, discard or cancel, and the window must stay open ([`ReviewPanel::take_quit`]
    /// then says when to close). A comment being typed is written into the record first.
    pub fn allow_close(&mut self) -> bool {
        self.flush_comment();
        self.state.allow_close()
    }

    /// Whether the user has just agreed to close the window (true once).
    pub fn take_quit(&mut self) -> bool {
        self.state.take_quit()
    }

    /// Writes the comment being typed into the node it was typed on.
    fn flush_comment(&mut self) {
        if self.comment_pending()
            && let Some((_, node)) = self.comment_node
        {
            let text = self.comment.clone();
            self.state.review.set_comment_on(node, &text);
        }
        self.comment_edited = false;
    }

    // ----- input -----

    /// The review tab's keys ([`shortcuts::REVIEW_SHORTCUTS`]): moves, variations, undo and
    /// redo, save, open, go to. Nothing while a text field has the keyboard.
    pub fn keys(&mut self, ctx: &egui::Context) -> Vec<ReviewCommand> {
        if ctx.egui_wants_keyboard_input() || self.state.prompt().is_some() {
            return Vec::new();
        }
        let mut out = Vec::new();
        ctx.input_mut(|i| {
            for shortcut in shortcuts::REVIEW_SHORTCUTS {
                if i.consume_key(shortcut.modifiers, shortcut.key) {
                    match shortcut.action.command() {
                        Some(c) => out.push(c),
                        None => self.goto_open = true,
                    }
                }
            }
        });
        out
    }

    /// What a click on the board point `c` does with the current tool. Shift swaps the
    /// colour of the setup tool, and clears the point with the markup tools.
    pub fn board_click(&mut self, c: Coord, modifiers: egui::Modifiers) -> Option<ReviewCommand> {
        self.state.board_click(c, modifiers.shift)
    }

    /// The first point of an arrow or line being drawn, for the board to highlight.
    pub fn pending_point(&self) -> Option<Coord> {
        self.state.pending_point
    }

    // ----- applying -----

    /// Carries out one command. Errors become the panel's message, with the record unchanged.
    pub fn apply(&mut self, ctx: &egui::Context, command: ReviewCommand, lang: Lang) {
        // Typing in progress belongs to the node it was typed on: written there before
        // anything else happens to the record, so neither navigation nor a save loses it.
        self.flush_comment();
        self.state.apply(command, lang, &waker(ctx));
        self.after_change();
    }

    /// Carries out one command without a window (the host): as [`ReviewPanel::apply`], waking
    /// the window with `wake` when a file job ends.
    pub fn apply_waking(&mut self, command: ReviewCommand, lang: Lang, wake: &crate::wake::Waker) {
        self.flush_comment();
        self.state.apply(command, lang, wake);
        self.after_change();
    }

    /// Takes in finished file jobs without a window (the host).
    pub fn poll_waking(&mut self, lang: Lang, wake: &crate::wake::Waker) {
        self.state.poll(lang, wake);
        self.after_change();
    }

    /// Drops the unsaved edits (the answer "Discard"): the record is marked clean and the text
    /// being typed forgotten, so nothing asks about them again.
    pub fn discard_edits(&mut self) {
        self.comment_edited = false;
        self.info_edit.clear();
        self.state.review.mark_saved();
    }

    fn after_change(&mut self) {
        let cursor = (self.review().shape_revision(), self.review().current());
        if cursor != self.last_cursor {
            self.scroll_tree = true;
            self.last_cursor = cursor;
        }
    }

    /// Takes in finished file jobs and dropped files.
    pub fn poll(&mut self, ctx: &egui::Context, lang: Lang) {
        self.state.poll(lang, &waker(ctx));
        self.after_change();
    }

    /// Files dropped on the window, as open commands.
    fn dropped(ctx: &egui::Context) -> Vec<ReviewCommand> {
        ctx.input(|i| {
            i.raw
                .dropped_files
                .iter()
                .map(|f| f.path().to_path_buf())
                .filter(|p| !p.as_os_str().is_empty())
                .take(1)
                .map(ReviewCommand::OpenPath)
                .collect()
        })
    }

    /// Reads the keys and draws the panel: the review tab's side panel in one call; returns
    /// what they asked (the host applies it). The questions are drawn by
    /// [`ReviewPanel::window_ui`].
    pub fn show(&mut self, ui: &mut egui::Ui, lang: Lang) -> Vec<ReviewCommand> {
        let ctx = ui.ctx().clone();
        let mut commands = Self::dropped(&ctx);
        commands.extend(self.keys(&ctx));
        commands.extend(self.ui(ui, lang));
        commands
    }

    /// The review tab's questions (unsaved edits, a deletion, a path, replacing a file) as
    /// modal windows, whichever tab is shown; returns the answers.
    pub fn window_ui(&mut self, ctx: &egui::Context, lang: Lang) -> Vec<ReviewCommand> {
        self.lang = lang;
        prompt_view::prompt_ui(ctx, self, lang)
    }

    /// One line for the window's status bar: the record's name, the move shown and who plays
    /// next, e.g. "复盘 game.sgf：第 52 / 211 手，白方走".
    pub fn status_text(&mut self, lang: Lang) -> String {
        self.status_line(lang)
    }

    /// [`ReviewPanel::status_text`] from a shared borrow (the views read the host).
    pub fn status_line(&self, lang: Lang) -> String {
        let name = self.state.record_name(lang);
        let total = self.line_moves();
        let n = self.review().move_number();
        let side = lang.tr(match self.review().game().to_move() {
            Color::Black => Msg::Black,
            Color::White => Msg::White,
        });
        let dirty = if self.has_unsaved_edits() { " *" } else { "" };
        lang.pick(
            format!("复盘 {name}{dirty}：第 {n} / {total} 手，{side}走"),
            format!("覆盤 {name}{dirty}：第 {n} / {total} 手，{side}走"),
            format!("Review {name}{dirty}: move {n} of {total}, {side} to play"),
        )
    }

    // ----- drawing -----

    /// Draws the panel; returns what the user asked for.
    pub fn ui(&mut self, ui: &mut egui::Ui, lang: Lang) -> Vec<ReviewCommand> {
        self.lang = lang;
        let mut out = Vec::new();
        notice_view::notice_ui(ui, &self.state, lang, &mut out);
        let available = ui.available_height();
        // The tree keeps a usable height; the controls above scroll when they do not fit.
        let tree_height = (available * 0.42).max(TREE_MIN_HEIGHT).min(available);
        let controls_height =
            (available - tree_height - ui.spacing().item_spacing.y * 2.0).max(0.0);
        egui::ScrollArea::vertical()
            .id_salt("review-controls")
            .max_height(controls_height)
            .auto_shrink([false, true])
            .show(ui, |ui| {
                files_view::files_ui(ui, &self.state, lang, &mut out);
                ui.separator();
                nav_view::nav_ui(ui, self, lang, &mut out);
                ui.separator();
                tools_view::tools_ui(ui, &self.state, lang, &mut out);
                ui.separator();
                tools_view::annotation_ui(ui, self.review(), lang, &mut out);
                comment_view::comment_ui(ui, self, lang, &mut out);
                info_view::info_ui(ui, self, lang, &mut out);
            });
        ui.separator();
        self.tree_ui(ui, lang, &mut out);
        nav_view::goto_ui(ui, self, lang, &mut out);
        out
    }

    fn tree_ui(&mut self, ui: &mut egui::Ui, lang: Lang, out: &mut Vec<ReviewCommand>) {
        let shape = self.review().shape_revision();
        if self.tree_cache.as_ref().is_none_or(|(s, _)| *s != shape) {
            let cells = tree_cells(self.review().tree(), self.review().size());
            self.tree_cache = Some((shape, cells));
        }
        let scroll = std::mem::take(&mut self.scroll_tree);
        let Some((_, cells)) = &self.tree_cache else {
            return;
        };
        let review = self.state.review();
        let view = tree_ui::TreeView {
            cells,
            current: review.current(),
            on_path: &|depth, node| review.path_node(depth) == Some(node),
            scroll,
        };
        egui::ScrollArea::both()
            .id_salt("review-tree")
            .auto_shrink([false, false])
            .max_height(ui.available_height().max(TREE_MIN_HEIGHT))
            .show(ui, |ui| {
                if let Some(c) = tree_ui::tree_ui(ui, &view, review, lang) {
                    out.push(c);
                }
            });
    }

    /// The paper exports are sized for.
    pub fn paper(&self) -> crate::diagram::Paper {
        self.state.paper
    }

    /// Whether move numbers are shown.
    pub fn show_numbers(&self) -> bool {
        self.state.show_numbers
    }

    /// Whether native file dialogs are used (else the panel's own path field).
    pub fn uses_dialogs(&self) -> bool {
        self.state.dialogs
    }

    /// Steps through moves for the mouse wheel over the board: `notches` whole steps (negative
    /// back), or `points` of smooth scrolling (touchpads), one move per [`WHEEL_STEP`] points.
    pub fn wheel(&mut self, notches: f32, points: f32) -> Vec<ReviewCommand> {
        self.wheel += points;
        let mut steps = notches.round() as i32;
        while self.wheel.abs() >= WHEEL_STEP {
            steps += self.wheel.signum() as i32;
            self.wheel -= WHEEL_STEP * self.wheel.signum();
        }
        // Wheel down (negative y in egui) goes forward through the game, as in Sabaki.
        let nav = if steps < 0 { Nav::Next } else { Nav::Prev };
        (0..steps.unsigned_abs())
            .map(|_| ReviewCommand::Nav(nav))
            .collect()
    }
}

/// Points of smooth scrolling that make one move.
pub const WHEEL_STEP: f32 = 40.0;

/// A waker for file jobs that repaints this window when a job finishes.
pub(super) fn waker(ctx: &egui::Context) -> Waker {
    let ctx = ctx.clone();
    std::sync::Arc::new(move || ctx.request_repaint())
}

/// An error in the interface language.
pub fn error_text(e: &ReviewError, lang: Lang) -> String {
    super::texts::error_text(e, lang)
}
