//! The review panel: the egui side of the review tab over [`ReviewState`] (issue 29 item 3).
//!
//! The host holds the state; the shell holds the [`ReviewForm`] — only what egui needs
//! between frames: the text boxes' buffers, the "go to move" window, scroll requests, and
//! layouts cached until the record changes. Views only read the state: [`ReviewForm::show`],
//! [`ReviewForm::window_ui`] and the board return [`ReviewCommand`]s, which the host carries
//! out. Text being typed is sent as a command the moment it changes
//! ([`ReviewCommand::TypeComment`], [`ReviewCommand::TypeInfo`]) and the shell puts those first
//! among its frame's commands, so the state — and the one registry of unsaved work — has it
//! before anything else happens; the state writes it into the record before any other command.
//!
//! [`ReviewPanel`] is the tab standalone (its state and its form together), as the review
//! panel's own tests drive it.
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
use crate::app::protocol::FileJob;
use crate::diagram::Scene;
use crate::files::jobs::FileEvent;
use crate::i18n::Lang;
use crate::record::NodeId;
use crate::review::{InfoField, Review, ReviewError, TreeCell, tree_cells};
use crate::rules::Coord;

/// The least height the variation tree keeps, in points: about a dozen moves.
pub const TREE_MIN_HEIGHT: f32 = 220.0;

/// The review tab's form: what the views keep between frames (the shell owns it).
#[derive(Default)]
pub struct ReviewForm {
    /// The comment box's text, and the record and node it was filled for.
    pub(super) comment: String,
    pub(super) comment_key: Option<(u64, usize, NodeId)>,
    /// Whether the comment box has been typed in since it was filled.
    pub(super) comment_edited: bool,
    pub(super) goto_open: bool,
    pub(super) goto_value: usize,
    /// The game-information fields' text, and the record revision they were filled at.
    pub(super) info_edit: Vec<String>,
    pub(super) info_key: Option<(u64, u64)>,
    tree_cache: Option<(u64, Vec<TreeCell>)>,
    scene_cache: Option<(u64, bool, Scene)>,
    /// Bring the current node into view in the tree (after the cursor moved).
    scroll_tree: bool,
    last_cursor: Option<(u64, NodeId)>,
    /// Scrolling over the board not yet turned into a move (touchpads scroll in small steps).
    pub(super) wheel: f32,
}

impl ReviewForm {
    /// What the board shows: the position at the cursor, the node's markup, the last move,
    /// and move numbers when switched on (kept until the record or the cursor changes).
    pub fn scene(&mut self, state: &ReviewState) -> Scene {
        let key = (state.review().revision(), state.show_numbers());
        match &self.scene_cache {
            Some((r, n, scene)) if (*r, *n) == key => scene.clone(),
            _ => {
                let scene = state.review().scene(state.show_numbers());
                self.scene_cache = Some((key.0, key.1, scene.clone()));
                scene
            }
        }
    }

    /// The review tab's keys ([`shortcuts::REVIEW_SHORTCUTS`]): moves, variations, undo and
    /// redo, save, open, go to. Nothing while a text field has the keyboard.
    pub fn keys(&mut self, ctx: &egui::Context, state: &ReviewState) -> Vec<ReviewCommand> {
        if ctx.egui_wants_keyboard_input() || state.prompt().is_some() {
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
    /// [`ReviewForm::window_ui`].
    pub fn show(
        &mut self,
        ui: &mut egui::Ui,
        state: &ReviewState,
        lang: Lang,
    ) -> Vec<ReviewCommand> {
        let ctx = ui.ctx().clone();
        let mut commands = Self::dropped(&ctx);
        commands.extend(self.keys(&ctx, state));
        commands.extend(self.ui(ui, state, lang));
        commands
    }

    /// The review tab's own questions (a deletion, replacing a file) as modal windows,
    /// whichever tab is shown; returns the answers.
    pub fn window_ui(
        &mut self,
        ctx: &egui::Context,
        state: &ReviewState,
        lang: Lang,
    ) -> Vec<ReviewCommand> {
        prompt_view::prompt_ui(ctx, state, lang)
    }

    /// Draws the panel; returns what the user asked for.
    pub fn ui(&mut self, ui: &mut egui::Ui, state: &ReviewState, lang: Lang) -> Vec<ReviewCommand> {
        let cursor = (state.review().shape_revision(), state.review().current());
        if self.last_cursor != Some(cursor) {
            self.scroll_tree = true;
            self.last_cursor = Some(cursor);
        }
        let mut out = Vec::new();
        notice_view::notice_ui(ui, state, lang, &mut out);
        let available = ui.available_height();
        // The tree keeps a usable height; the controls above scroll when they do not fit.
        let tree_height = (available * 0.42).max(TREE_MIN_HEIGHT).min(available);
        let controls_height =
            (available - tree_height - ui.spacing().item_spacing.y * 2.0).max(0.0);
        let area = egui::ScrollArea::vertical()
            .id_salt("review-controls")
            .max_height(controls_height)
            .auto_shrink([false, true])
            .show(ui, |ui| {
                files_view::files_ui(ui, state, lang, &mut out);
                ui.separator();
                nav_view::nav_ui(ui, state, self, lang, &mut out);
                ui.separator();
                tools_view::tools_ui(ui, state, lang, &mut out);
                ui.separator();
                tools_view::annotation_ui(ui, state.review(), lang, &mut out);
                comment_view::comment_ui(ui, state, self, lang, &mut out);
                info_view::info_ui(ui, state, self, lang, &mut out);
            });
        crate::app::window_frame::name_scroll_bars(
            ui.ctx(),
            area.id,
            lang.pick("复盘面板", "覆盤面板", "Review panel"),
            lang,
        );
        ui.separator();
        self.tree_ui(ui, state, lang, &mut out);
        nav_view::goto_ui(ui, state, self, lang, &mut out);
        out
    }

    fn tree_ui(
        &mut self,
        ui: &mut egui::Ui,
        state: &ReviewState,
        lang: Lang,
        out: &mut Vec<ReviewCommand>,
    ) {
        let review = state.review();
        let shape = review.shape_revision();
        if self.tree_cache.as_ref().is_none_or(|(s, _)| *s != shape) {
            let cells = tree_cells(review.tree(), review.size());
            self.tree_cache = Some((shape, cells));
        }
        let scroll = std::mem::take(&mut self.scroll_tree);
        let Some((_, cells)) = &self.tree_cache else {
            return;
        };
        let view = tree_ui::TreeView {
            cells,
            current: review.current(),
            on_path: &|depth, node| review.path_node(depth) == Some(node),
            scroll,
        };
        let area = egui::ScrollArea::both()
            .id_salt("review-tree")
            .auto_shrink([false, false])
            .max_height(ui.available_height().max(TREE_MIN_HEIGHT))
            .show(ui, |ui| {
                if let Some(c) = tree_ui::tree_ui(ui, &view, review, lang) {
                    out.push(c);
                }
            });
        crate::app::window_frame::name_scroll_bars(
            ui.ctx(),
            area.id,
            lang.pick("变化图", "變化圖", "Variation tree"),
            lang,
        );
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

/// Whether a command only carries text being typed (the shell sends these first).
pub fn is_typing(c: &ReviewCommand) -> bool {
    matches!(
        c,
        ReviewCommand::TypeComment(..) | ReviewCommand::TypeInfo(..)
    )
}

/// The review tab standalone: its state and its form together, driven as the host and the
/// shell drive them (the review panel's tests; the window keeps the two apart).
pub struct ReviewPanel {
    state: ReviewState,
    form: ReviewForm,
    lang: Lang,
}

impl Default for ReviewPanel {
    fn default() -> ReviewPanel {
        ReviewPanel::new()
    }
}

impl ReviewPanel {
    /// A panel over a new empty 19×19 record.
    pub fn new() -> ReviewPanel {
        ReviewPanel {
            state: ReviewState::new(),
            form: ReviewForm::default(),
            lang: Lang::default(),
        }
    }

    /// The egui-free state.
    pub fn state(&self) -> &ReviewState {
        &self.state
    }

    /// The state and the form, to draw the board with.
    pub fn parts(&mut self) -> (&ReviewState, &mut ReviewForm) {
        (&self.state, &mut self.form)
    }

    /// The record under review.
    pub fn review(&self) -> &Review {
        self.state.review()
    }

    /// The file the record came from or was last saved to.
    pub fn path(&self) -> Option<&Path> {
        self.state.path()
    }

    /// The board tool in use.
    pub fn tool(&self) -> Tool {
        self.state.tool()
    }

    /// The recent files.
    pub fn recent(&self) -> &RecentFiles {
        &self.state.recent
    }

    /// The message at the top of the panel.
    pub fn notice(&self) -> Option<&Notice> {
        self.state.notice.as_ref()
    }

    /// Whether the record has edits that are not saved, the text being typed included.
    pub fn has_unsaved_edits(&self) -> bool {
        self.state.has_unsaved_edits()
    }

    /// The value being typed into a game-information field.
    pub fn type_info(&mut self, field: InfoField, text: &str) {
        self.state.type_info(field, text);
    }

    /// The comment being typed on the current node.
    pub fn type_comment(&mut self, text: &str) {
        self.state.type_comment(text);
    }

    /// What the board shows.
    pub fn scene(&mut self) -> Scene {
        self.form.scene(&self.state)
    }

    /// Replaces the record with the bytes of an SGF file read from `path`.
    pub fn open_bytes(&mut self, path: Option<PathBuf>, bytes: &[u8]) -> Result<(), ReviewError> {
        self.state.open_bytes(path, bytes, self.lang)
    }

    /// The review tab's keys.
    pub fn keys(&mut self, ctx: &egui::Context) -> Vec<ReviewCommand> {
        self.form.keys(ctx, &self.state)
    }

    /// What a click on the board point `c` does with the current tool.
    pub fn board_click(&mut self, c: Coord, modifiers: egui::Modifiers) -> Option<ReviewCommand> {
        self.state.board_click(c, modifiers.shift)
    }

    /// Carries out one command; returns the file jobs it needs.
    pub fn apply(&mut self, command: ReviewCommand, lang: Lang) -> Vec<FileJob> {
        self.lang = lang;
        self.state.apply(command, lang)
    }

    /// A file job's answer.
    pub fn on_file(&mut self, event: FileEvent, lang: Lang) {
        self.state.on_file(event, lang);
    }

    /// Draws the panel and reads its keys; returns what they asked.
    pub fn show(&mut self, ui: &mut egui::Ui, lang: Lang) -> Vec<ReviewCommand> {
        self.lang = lang;
        typing_first(self.form.show(ui, &self.state, lang))
    }

    /// The review tab's own questions.
    pub fn window_ui(&mut self, ctx: &egui::Context, lang: Lang) -> Vec<ReviewCommand> {
        self.lang = lang;
        self.form.window_ui(ctx, &self.state, lang)
    }

    /// Draws the panel; returns what the user asked for.
    pub fn ui(&mut self, ui: &mut egui::Ui, lang: Lang) -> Vec<ReviewCommand> {
        self.lang = lang;
        typing_first(self.form.ui(ui, &self.state, lang))
    }

    /// The status line.
    pub fn status_line(&self, lang: Lang) -> String {
        self.state.status_line(lang)
    }

    /// Steps through moves for the mouse wheel over the board.
    pub fn wheel(&mut self, notches: f32, points: f32) -> Vec<ReviewCommand> {
        self.form.wheel(notches, points)
    }
}

/// The commands with the text being typed first (a stable order otherwise).
fn typing_first(mut commands: Vec<ReviewCommand>) -> Vec<ReviewCommand> {
    commands.sort_by_key(|c| !is_typing(c));
    commands
}

/// Points of smooth scrolling that make one move.
pub const WHEEL_STEP: f32 = 40.0;

/// An error in the interface language.
pub fn error_text(e: &ReviewError, lang: Lang) -> String {
    super::texts::error_text(e, lang)
}
