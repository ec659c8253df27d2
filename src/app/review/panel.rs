//! The review panel: navigation, variation tree, tools, comment, annotations, files.
//!
//! Views only read: [`ReviewPanel::ui`], [`ReviewPanel::keys`] and [`ReviewPanel::board_click`]
//! return [`ReviewCommand`]s, and [`ReviewPanel::apply`] carries them out once per frame.

use std::path::{Path, PathBuf};

use eframe::egui::{self, Key, Modifiers};

use super::command::{Nav, ReviewCommand, Tool};
use super::recent::RecentFiles;
use super::tree_ui::tree_ui;
use crate::diagram::{PointMark, Scene};
use crate::files::jobs::{FileEvent, FileJobs, Waker};
use crate::i18n::{Lang, Msg};
use crate::record::NodeId;
use crate::review::{
    MoveAnnotation, PositionAnnotation, Review, ReviewError, TreeCell, tree_cells,
};
use crate::rules::{Color, Coord, Move};

/// State of the review panel: the record under review and the panel's own editing state.
pub struct ReviewPanel {
    review: Review,
    path: Option<PathBuf>,
    tool: Tool,
    /// First point of an arrow or line being drawn.
    pending: Option<Coord>,
    comment: String,
    comment_node: Option<NodeId>,
    goto_open: bool,
    goto_value: usize,
    show_numbers: bool,
    files: FileJobs,
    tree_cache: Option<Vec<TreeCell>>,
    scroll_tree: bool,
    /// Recently opened and saved files, for the app's persisted settings.
    pub recent: RecentFiles,
    /// The last error or status line, shown at the bottom of the panel.
    pub message: Option<String>,
    /// Repairs the record layer made when the file was read.
    pub warnings: Vec<String>,
}

impl Default for ReviewPanel {
    fn default() -> ReviewPanel {
        ReviewPanel::new()
    }
}

impl ReviewPanel {
    /// A panel over a new empty 19×19 record.
    pub fn new() -> ReviewPanel {
        let review = match Review::new(19) {
            Ok(r) => r,
            // 19 is always a valid size; a failure here is a bug in the rules core.
            Err(e) => unreachable!("a 19x19 record cannot fail: {e}"),
        };
        ReviewPanel {
            review,
            path: None,
            tool: Tool::Play,
            pending: None,
            comment: String::new(),
            comment_node: None,
            goto_open: false,
            goto_value: 0,
            show_numbers: false,
            files: FileJobs::default(),
            tree_cache: None,
            scroll_tree: true,
            recent: RecentFiles::default(),
            message: None,
            warnings: Vec::new(),
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

    /// What the board shows: the position at the cursor, the node's markup, the last move,
    /// and move numbers when switched on. The board painter draws the stones and then
    /// [`super::paint_marks`] over them.
    pub fn scene(&self) -> Scene {
        self.review.scene(self.show_numbers)
    }

    /// Replaces the record with the bytes of an SGF file read from `path`.
    pub fn open_bytes(&mut self, path: Option<PathBuf>, bytes: &[u8]) -> Result<(), ReviewError> {
        let (review, warnings) = Review::from_sgf(bytes, 0)?;
        self.open_review(path, review, &warnings);
        Ok(())
    }

    /// Shows `review`, read from `path`, at its start, with the record layer's `warnings`.
    pub fn open_review(
        &mut self,
        path: Option<PathBuf>,
        mut review: Review,
        warnings: &[crate::record::Warning],
    ) {
        review.first();
        self.review = review;
        self.warnings = warnings.iter().map(|w| w.to_string()).collect();
        if let Some(p) = &path {
            self.recent.push(p);
        }
        self.path = path;
        self.after_tree_change();
    }

    fn after_tree_change(&mut self) {
        self.tree_cache = None;
        self.comment_node = None;
        self.pending = None;
        self.scroll_tree = true;
    }

    // ----- input -----

    /// Keyboard navigation: ←/→ one move, ↑/↓ variations, Home/End, Ctrl+G go to move,
    /// Ctrl+S save, Ctrl+O open. Ignored while a text field has the focus.
    pub fn keys(&mut self, ctx: &egui::Context) -> Vec<ReviewCommand> {
        if ctx.egui_wants_keyboard_input() {
            return Vec::new();
        }
        let mut out = Vec::new();
        ctx.input(|i| {
            let plain = [
                (Key::ArrowRight, Nav::Next),
                (Key::ArrowLeft, Nav::Prev),
                (Key::ArrowDown, Nav::NextVariation),
                (Key::ArrowUp, Nav::PrevVariation),
                (Key::Home, Nav::First),
                (Key::End, Nav::Last),
            ];
            for (key, nav) in plain {
                if i.key_pressed(key) && !i.modifiers.command {
                    out.push(ReviewCommand::Nav(nav));
                }
            }
            if i.modifiers.command && i.key_pressed(Key::S) {
                out.push(ReviewCommand::Save);
            }
            if i.modifiers.command && i.key_pressed(Key::O) {
                out.push(ReviewCommand::OpenDialog);
            }
            if i.modifiers.command && i.key_pressed(Key::G) {
                self.goto_open = true;
            }
        });
        out
    }

    /// What a click on the board point `c` does with the current tool. Shift swaps the
    /// colour of the setup tool, and clears the point with the markup tools.
    pub fn board_click(&mut self, c: Coord, modifiers: Modifiers) -> Option<ReviewCommand> {
        let command = match self.tool {
            Tool::Play => ReviewCommand::Play(Move::Play(c)),
            Tool::Setup(color) => {
                let color = if modifiers.shift {
                    color.opponent()
                } else {
                    color
                };
                let here = self.review.game().board().get(c);
                ReviewCommand::Setup(
                    c,
                    if here == Some(color) {
                        None
                    } else {
                        Some(color)
                    },
                )
            }
            _ if modifiers.shift => ReviewCommand::ClearAt(c),
            Tool::Mark(mark) => ReviewCommand::ToggleMark(c, mark),
            Tool::Label => match self.review.label(c) {
                Some(_) => ReviewCommand::Label(c, String::new()),
                None => ReviewCommand::Label(c, self.review.next_label()),
            },
            Tool::Arrow | Tool::Line => match self.pending.take() {
                None => {
                    self.pending = Some(c);
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

    /// The first point of an arrow or line being drawn, for the board to highlight.
    pub fn pending_point(&self) -> Option<Coord> {
        self.pending
    }

    // ----- applying -----

    /// Carries out one command. Errors become the panel's message, with the record unchanged.
    pub fn apply(&mut self, ctx: &egui::Context, command: ReviewCommand, lang: Lang) {
        let before = self.review.current();
        let result: Result<(), ReviewError> = match command {
            ReviewCommand::Nav(nav) => {
                self.nav(nav);
                Ok(())
            }
            ReviewCommand::Play(mv) => self.review.play(mv).map(|_| ()),
            ReviewCommand::SetTool(tool) => {
                self.tool = tool;
                self.pending = None;
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
                self.review.clear_markup();
                Ok(())
            }
            ReviewCommand::Comment(text) => {
                self.review.set_comment(&text);
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
            ReviewCommand::DeleteNode => self.review.delete_current(),
            ReviewCommand::Promote => {
                self.review.promote_to_main_line();
                Ok(())
            }
            ReviewCommand::ShowNumbers(on) => {
                self.show_numbers = on;
                Ok(())
            }
            ReviewCommand::SwitchGame(index) => self.review.switch_game(index).map(|()| {
                self.after_tree_change();
            }),
            ReviewCommand::NewRecord(size) => Review::new(size).map(|r| {
                self.review = r;
                self.path = None;
                self.warnings.clear();
            }),
            ReviewCommand::OpenDialog => {
                self.files.open_dialog(
                    &waker(ctx),
                    lang.pick("打开棋谱", "打開棋譜", "Open record").into(),
                    ("SGF", &["sgf", "SGF"]),
                );
                Ok(())
            }
            ReviewCommand::OpenPath(path) => {
                self.files.open(&waker(ctx), path);
                Ok(())
            }
            ReviewCommand::Save => {
                match self.path.clone() {
                    Some(path) => {
                        self.files
                            .save(&waker(ctx), path, self.review.to_sgf().into_bytes())
                    }
                    None => self.save_dialog(ctx, lang),
                }
                Ok(())
            }
            ReviewCommand::SaveAsDialog => {
                self.save_dialog(ctx, lang);
                Ok(())
            }
            ReviewCommand::ExportDiagram => {
                self.export_diagram(ctx, lang);
                Ok(())
            }
            ReviewCommand::ExportRecord => self.export_record(ctx, lang),
            ReviewCommand::SaveTo(path) => {
                self.files
                    .save(&waker(ctx), path, self.review.to_sgf().into_bytes());
                Ok(())
            }
        };
        match result {
            Ok(()) => {
                if self.review.current() != before {
                    self.scroll_tree = true;
                }
            }
            Err(e) => self.message = Some(error_text(&e, lang)),
        }
        // Any command may have changed the tree's shape; the layout is cheap to redo.
        self.tree_cache = None;
    }

    /// The record's file name with another extension, for exports ("game.svg").
    fn export_name(&self, extension: &str) -> String {
        let stem = self
            .path
            .as_ref()
            .and_then(|p| p.file_stem())
            .map_or_else(|| "game".to_owned(), |s| s.to_string_lossy().into_owned());
        format!("{stem}.{extension}")
    }

    /// Exports the position at the cursor (marks, last move, numbers when shown) as SVG.
    fn export_diagram(&mut self, ctx: &egui::Context, lang: Lang) {
        let options = crate::diagram::SvgOptions::default();
        let svg = crate::diagram::to_svg(&self.scene(), &options);
        let n = self.review.move_number();
        let name = self.export_name(&format!("move{n}.svg"));
        self.files.export_dialog(
            &waker(ctx),
            lang.pick("导出局面图", "匯出局面圖", "Export diagram")
                .into(),
            name,
            ("SVG", &["svg"]),
            svg.into_bytes(),
        );
    }

    /// Exports the printable record (棋谱) of the main line, 100 moves a diagram, as HTML.
    fn export_record(&mut self, ctx: &egui::Context, lang: Lang) -> Result<(), ReviewError> {
        let coordinates = Some(crate::geometry::LabelStyle::NumbersOnly);
        let (html, _illegal) =
            crate::diagram::record_html(self.review.tree(), 100, lang, coordinates)
                .map_err(ReviewError::Replay)?;
        let name = self.export_name("html");
        self.files.export_dialog(
            &waker(ctx),
            lang.pick(
                "导出棋谱（打印）",
                "匯出棋譜（列印）",
                "Export printable record",
            )
            .into(),
            name,
            ("HTML", &["html", "htm"]),
            html.into_bytes(),
        );
        Ok(())
    }

    fn save_dialog(&mut self, ctx: &egui::Context, lang: Lang) {
        let name = self.path.as_ref().and_then(|p| p.file_name()).map_or_else(
            || "game.sgf".to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        self.files.save_dialog(
            &waker(ctx),
            lang.pick("保存棋谱", "保存棋譜", "Save record").into(),
            name,
            ("SGF", &["sgf"]),
            self.review.to_sgf().into_bytes(),
        );
    }

    fn nav(&mut self, nav: Nav) {
        self.pending = None;
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

    /// Handles finished file jobs and files dropped on the window; call once per frame.
    pub fn poll(&mut self, ctx: &egui::Context, lang: Lang) {
        let dropped: Vec<PathBuf> = ctx.input(|i| {
            i.raw
                .dropped_files
                .iter()
                .map(|f| f.path().to_path_buf())
                .filter(|p| !p.as_os_str().is_empty())
                .collect()
        });
        if let Some(path) = dropped.into_iter().next() {
            self.files.open(&waker(ctx), path);
        }
        for event in self.files.poll() {
            match event {
                FileEvent::Opened(path, bytes) => {
                    if let Err(e) = self.open_bytes(Some(path.clone()), &bytes) {
                        self.recent.remove(&path);
                        self.message =
                            Some(format!("{}: {}", path.display(), error_text(&e, lang)));
                    } else {
                        self.message = None;
                    }
                }
                FileEvent::Saved(path) => {
                    self.review.mark_saved();
                    self.recent.push(&path);
                    self.message = Some(format!(
                        "{} {}",
                        lang.pick("已保存", "已保存", "Saved"),
                        path.display()
                    ));
                    self.path = Some(path);
                }
                FileEvent::Exported(path) => {
                    self.message = Some(format!(
                        "{} {}",
                        lang.pick("已导出", "已匯出", "Exported"),
                        path.display()
                    ));
                }
                FileEvent::Cancelled => {}
                FileEvent::Failed(path, why) => {
                    self.message = Some(format!("{}: {why}", path.display()));
                }
            }
        }
    }

    /// Polls files, reads the keys, draws the panel and applies what they asked: the whole
    /// panel in one call, for an app that has nothing to add.
    pub fn show(&mut self, ui: &mut egui::Ui, lang: Lang) {
        let ctx = ui.ctx().clone();
        self.poll(&ctx, lang);
        let mut commands = self.keys(&ctx);
        commands.extend(self.ui(ui, lang));
        for c in commands {
            self.apply(&ctx, c, lang);
        }
    }

    /// One line for the window's status bar: the record's name, the move shown and who plays
    /// next, e.g. "复盘 game.sgf：第 52 / 211 手，白方走".
    pub fn status_text(&self, lang: Lang) -> String {
        let name = self
            .path
            .as_deref()
            .and_then(|p| p.file_name())
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| lang.pick("新棋谱", "新棋譜", "new record").to_owned());
        let (n, total) = (self.review.move_number(), self.review.line_moves());
        let side = lang.tr(match self.review.game().to_move() {
            Color::Black => Msg::Black,
            Color::White => Msg::White,
        });
        let dirty = if self.review.is_dirty() { " *" } else { "" };
        lang.pick(
            format!("复盘 {name}{dirty}：第 {n} / {total} 手，{side}走"),
            format!("覆盤 {name}{dirty}：第 {n} / {total} 手，{side}走"),
            format!("Review {name}{dirty}: move {n} of {total}, {side} to play"),
        )
    }

    // ----- drawing -----

    /// Draws the panel; returns what the user asked for.
    pub fn ui(&mut self, ui: &mut egui::Ui, lang: Lang) -> Vec<ReviewCommand> {
        let mut out = Vec::new();
        self.files_ui(ui, lang, &mut out);
        ui.separator();
        self.nav_ui(ui, lang, &mut out);
        ui.separator();
        self.tools_ui(ui, lang, &mut out);
        ui.separator();
        self.annotation_ui(ui, lang, &mut out);
        self.comment_ui(ui, lang, &mut out);
        ui.separator();
        self.tree_ui(ui, lang, &mut out);
        if let Some(m) = &self.message {
            ui.separator();
            ui.label(m.as_str());
        }
        self.goto_ui(ui, lang, &mut out);
        out
    }

    fn files_ui(&mut self, ui: &mut egui::Ui, lang: Lang, out: &mut Vec<ReviewCommand>) {
        ui.horizontal_wrapped(|ui| {
            if ui.button(lang.pick("打开…", "打開…", "Open…")).clicked() {
                out.push(ReviewCommand::OpenDialog);
            }
            let save = lang.pick("保存", "保存", "Save");
            let label = if self.review.is_dirty() {
                format!("{save} *")
            } else {
                save.to_string()
            };
            if ui.button(label).clicked() {
                out.push(ReviewCommand::Save);
            }
            if ui
                .button(lang.pick("另存为…", "另存為…", "Save as…"))
                .clicked()
            {
                out.push(ReviewCommand::SaveAsDialog);
            }
            if self.files.busy() {
                ui.spinner();
            }
        });
        let exports = [
            (
                lang.pick("导出局面图…", "匯出局面圖…", "Export diagram…"),
                lang.pick(
                    "当前局面和标记，SVG，按实际棋盘尺寸打印",
                    "目前局面和標記，SVG，按實際棋盤尺寸列印",
                    "This position with its marks, as SVG, printing at real board size",
                ),
                ReviewCommand::ExportDiagram,
            ),
            (
                lang.pick("打印棋谱…", "列印棋譜…", "Printable record…"),
                lang.pick(
                    "主分支的棋谱（每图100手），HTML，用浏览器打印",
                    "主分支的棋譜（每圖100手），HTML，用瀏覽器列印",
                    "The main line, 100 moves a diagram, as HTML to print from a browser",
                ),
                ReviewCommand::ExportRecord,
            ),
        ];
        ui.horizontal_wrapped(|ui| {
            for (label, hover, command) in exports {
                if ui.button(label).on_hover_text(hover).clicked() {
                    out.push(command);
                }
            }
        });
        if !self.recent.paths.is_empty() {
            egui::CollapsingHeader::new(lang.pick("最近的文件", "最近的檔案", "Recent files"))
                .id_salt("review-recent")
                .show(ui, |ui| {
                    for p in &self.recent.paths {
                        let name = p.file_name().map_or_else(
                            || p.display().to_string(),
                            |n| n.to_string_lossy().into_owned(),
                        );
                        if ui
                            .button(name)
                            .on_hover_text(p.display().to_string())
                            .clicked()
                        {
                            out.push(ReviewCommand::OpenPath(p.clone()));
                        }
                    }
                });
        }
        if let Some(p) = &self.path {
            ui.label(p.display().to_string());
        }
        self.game_choice_ui(ui, lang, out);
    }

    /// A file with several games: which one is under review.
    fn game_choice_ui(&self, ui: &mut egui::Ui, lang: Lang, out: &mut Vec<ReviewCommand>) {
        let count = self.review.game_count();
        if count < 2 {
            return;
        }
        let current = self.review.game_index();
        let name = |i: usize| {
            let (n, total) = (i + 1, count);
            lang.pick(
                format!("第 {n} 局（共 {total} 局）"),
                format!("第 {n} 局（共 {total} 局）"),
                format!("Game {n} of {total}"),
            )
        };
        ui.horizontal(|ui| {
            let label = ui.label(lang.pick("对局", "對局", "Game"));
            egui::ComboBox::from_id_salt("review-game")
                .selected_text(name(current))
                .show_ui(ui, |ui| {
                    for i in 0..count {
                        if ui.selectable_label(i == current, name(i)).clicked() && i != current {
                            out.push(ReviewCommand::SwitchGame(i));
                        }
                    }
                })
                .response
                .labelled_by(label.id);
        });
    }

    fn nav_ui(&mut self, ui: &mut egui::Ui, lang: Lang, out: &mut Vec<ReviewCommand>) {
        ui.horizontal(|ui| {
            let buttons = [
                ("|<", lang.pick("开始", "開始", "First move"), Nav::First),
                (
                    "<",
                    lang.pick("上一手", "上一手", "Previous move"),
                    Nav::Prev,
                ),
                (">", lang.pick("下一手", "下一手", "Next move"), Nav::Next),
                (">|", lang.pick("最后", "最後", "Last move"), Nav::Last),
                (
                    "^",
                    lang.pick("上一变化", "上一變化", "Previous variation"),
                    Nav::PrevVariation,
                ),
                (
                    "v",
                    lang.pick("下一变化", "下一變化", "Next variation"),
                    Nav::NextVariation,
                ),
            ];
            for (icon, name, nav) in buttons {
                let response = ui.button(icon).on_hover_text(name);
                response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, name));
                if response.clicked() {
                    out.push(ReviewCommand::Nav(nav));
                }
            }
        });
        let (siblings, index) = self.review.siblings();
        let number = self.review.move_number();
        let total = self.review.line_moves();
        ui.horizontal(|ui| {
            ui.label(match lang {
                Lang::En => format!("Move {number} / {total}"),
                _ => format!("第 {number} 手 / {total}"),
            });
            if siblings.len() > 1 {
                ui.label(match lang {
                    Lang::En => format!("variation {} of {}", index + 1, siblings.len()),
                    Lang::ZhHans => format!("变化 {}/{}", index + 1, siblings.len()),
                    Lang::ZhHant => format!("變化 {}/{}", index + 1, siblings.len()),
                });
            }
            if ui.button(lang.pick("转到…", "轉到…", "Go to…")).clicked() {
                self.goto_value = number;
                self.goto_open = true;
            }
        });
        ui.horizontal_wrapped(|ui| {
            if ui.button(lang.pick("停一手", "停一手", "Pass")).clicked() {
                out.push(ReviewCommand::Play(Move::Pass));
            }
            if ui
                .button(lang.pick("设为主分支", "設為主分支", "Promote to main line"))
                .clicked()
            {
                out.push(ReviewCommand::Promote);
            }
            if ui
                .button(lang.pick("删除此后", "刪除此後", "Delete from here"))
                .clicked()
            {
                out.push(ReviewCommand::DeleteNode);
            }
            let mut numbers = self.show_numbers;
            if ui
                .checkbox(&mut numbers, lang.pick("手数", "手數", "Move numbers"))
                .changed()
            {
                out.push(ReviewCommand::ShowNumbers(numbers));
            }
        });
        if let Some(irr) = self.review.irregularity() {
            ui.colored_label(egui::Color32::from_rgb(200, 40, 30), irr.reason.to_string());
        }
    }

    fn tools_ui(&mut self, ui: &mut egui::Ui, lang: Lang, out: &mut Vec<ReviewCommand>) {
        let tools = [
            (Tool::Play, lang.pick("落子", "落子", "Play")),
            (
                Tool::Setup(Color::Black),
                lang.pick("摆黑子", "擺黑子", "Add black stones"),
            ),
            (
                Tool::Setup(Color::White),
                lang.pick("摆白子", "擺白子", "Add white stones"),
            ),
            (
                Tool::Mark(PointMark::Triangle),
                lang.pick("三角", "三角", "Triangle"),
            ),
            (
                Tool::Mark(PointMark::Square),
                lang.pick("方块", "方塊", "Square"),
            ),
            (
                Tool::Mark(PointMark::Circle),
                lang.pick("圆圈", "圓圈", "Circle"),
            ),
            (Tool::Mark(PointMark::Cross), lang.pick("叉", "叉", "Cross")),
            (Tool::Label, lang.pick("字母", "字母", "Label")),
            (Tool::Arrow, lang.pick("箭头", "箭頭", "Arrow")),
            (Tool::Line, lang.pick("连线", "連線", "Line")),
            (
                Tool::Clear,
                lang.pick("清除标记", "清除標記", "Clear marks"),
            ),
        ];
        ui.horizontal_wrapped(|ui| {
            for (tool, name) in tools {
                let response = ui.selectable_label(self.tool == tool, name);
                response.widget_info(|| {
                    egui::WidgetInfo::selected(egui::Role::Button, true, self.tool == tool, name)
                });
                if response.clicked() {
                    out.push(ReviewCommand::SetTool(tool));
                }
            }
            if ui
                .button(lang.pick("全部清除", "全部清除", "Clear all marks"))
                .clicked()
            {
                out.push(ReviewCommand::ClearAll);
            }
        });
    }

    fn annotation_ui(&mut self, ui: &mut egui::Ui, lang: Lang, out: &mut Vec<ReviewCommand>) {
        let current = self.review.move_annotation();
        ui.horizontal_wrapped(|ui| {
            for a in MoveAnnotation::ALL {
                let text = format!("{} {}", a.sign(), a.name(lang));
                if ui.selectable_label(current == Some(a), text).clicked() {
                    out.push(ReviewCommand::MoveAnnotation(
                        (current != Some(a)).then_some(a),
                    ));
                }
            }
        });
        let current = self.review.position_annotation();
        ui.horizontal_wrapped(|ui| {
            for a in PositionAnnotation::ALL {
                if ui
                    .selectable_label(current == Some(a), a.name(lang))
                    .clicked()
                {
                    out.push(ReviewCommand::PositionAnnotation(
                        (current != Some(a)).then_some(a),
                    ));
                }
            }
        });
    }

    fn comment_ui(&mut self, ui: &mut egui::Ui, lang: Lang, out: &mut Vec<ReviewCommand>) {
        let node = self.review.current();
        if self.comment_node != Some(node) {
            self.comment = self.review.comment();
            self.comment_node = Some(node);
        }
        ui.label(lang.pick("评论：", "評論：", "Comment:"));
        let response = ui.add(
            egui::TextEdit::multiline(&mut self.comment)
                .desired_rows(4)
                .desired_width(f32::INFINITY)
                .hint_text(lang.pick("这一手的评论", "這一手的評論", "Comment on this move")),
        );
        response.widget_info(|| {
            egui::WidgetInfo::labeled(
                egui::Role::MultilineTextInput,
                true,
                lang.pick("评论", "評論", "Comment"),
            )
        });
        // Written into the record when the field loses focus, so typing is one edit.
        if response.lost_focus() && self.comment != self.review.comment() {
            out.push(ReviewCommand::Comment(self.comment.clone()));
        }
    }

    fn tree_ui(&mut self, ui: &mut egui::Ui, lang: Lang, out: &mut Vec<ReviewCommand>) {
        let size = self.review.size();
        let cells = self
            .tree_cache
            .get_or_insert_with(|| tree_cells(self.review.tree(), size));
        let current = self.review.current();
        let path = self.review.path();
        let scroll = std::mem::take(&mut self.scroll_tree);
        egui::ScrollArea::both()
            .id_salt("review-tree")
            .auto_shrink([false, true])
            .max_height(ui.available_height().max(120.0))
            .show(ui, |ui| {
                if let Some(c) = tree_ui(ui, cells, current, &path, scroll, lang) {
                    out.push(c);
                }
            });
    }

    fn goto_ui(&mut self, ui: &mut egui::Ui, lang: Lang, out: &mut Vec<ReviewCommand>) {
        if !self.goto_open {
            return;
        }
        let total = self.review.line_moves();
        let mut open = true;
        let mut done = false;
        egui::Window::new(lang.pick("转到第几手", "轉到第幾手", "Go to move"))
            .collapsible(false)
            .open(&mut open)
            .show(ui.ctx(), |ui| {
                ui.horizontal(|ui| {
                    let response =
                        ui.add(egui::DragValue::new(&mut self.goto_value).range(0..=total));
                    response.widget_info(|| {
                        egui::WidgetInfo::labeled(
                            egui::Role::SpinButton,
                            true,
                            lang.pick("手数", "手數", "Move number"),
                        )
                    });
                    ui.label(format!("/ {total}"));
                });
                if ui.button(lang.pick("转到", "轉到", "Go")).clicked()
                    || ui.input(|i| i.key_pressed(Key::Enter))
                {
                    out.push(ReviewCommand::Nav(Nav::Move(self.goto_value.min(total))));
                    done = true;
                }
            });
        self.goto_open = open && !done;
    }
}

/// An error in the interface language.
pub fn error_text(e: &ReviewError, lang: Lang) -> String {
    match (e, lang) {
        (ReviewError::Illegal(m), Lang::ZhHans) => m.zh_hans().to_string(),
        (ReviewError::Illegal(m), Lang::ZhHant) => m.zh_hant().to_string(),
        (ReviewError::RootCannotBeDeleted, Lang::ZhHans) => {
            "第一个节点保存对局信息，不能删除".into()
        }
        (ReviewError::RootCannotBeDeleted, Lang::ZhHant) => {
            "第一個節點保存對局資訊，不能刪除".into()
        }
        (ReviewError::Setup(r), Lang::ZhHans | Lang::ZhHant) => format!(
            "{} ({r})",
            lang.pick("摆子无效：棋子没有气", "擺子無效：棋子沒有氣", "")
        ),
        _ => e.to_string(),
    }
}

/// A waker for file jobs that repaints this window when a job finishes.
fn waker(ctx: &egui::Context) -> Waker {
    let ctx = ctx.clone();
    std::sync::Arc::new(move || ctx.request_repaint())
}
