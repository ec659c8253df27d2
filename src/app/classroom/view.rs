//! The class screens drawn (issue 20): the strip above the board (the child and their
//! buttons, the teacher's "Class"), the big tiles a child picks themself from, the child's map
//! of the path, the problem board with large controls (the refutation on the board, the hint
//! as a soft area, the celebration), and the teacher's class window with its PIN prompt.
//! Small views over [`ClassRoom`], returning [`ClassCommand`]s; they keep only what is being
//! typed ([`ClassInputs`]).

use eframe::egui::{self, Align2, Color32, Pos2, RichText, Sense, Stroke, Vec2};

use super::problem::{ChildProblem, Shown};
use super::state::{ClassCommand, ClassRoom, Guarded, Screen};
use super::text::ClassText as T;
use super::text::desk as D;
use crate::app::board_view::{BoardLook, BoardScene, StoneMap, paint_board, paint_table};
use crate::app::pin_prompt::{PinPromptAnswer, PinPromptText, pin_prompt_ui};
use crate::app::protocol::class_job::ClassDoc;
use crate::app::stone_sprite::paint_ghost;
use crate::app::teach::board_view::paint_celebration;
use crate::app::teach::celebration::{CELEBRATION_FPS, CELEBRATION_MS, playing};
use crate::app::theme;
use crate::class::homework::DraftLook;
use crate::class::model::{ANIMALS, COLOURS};
use crate::class::{Audience, Avatar, Child, STEPS};
use crate::clock::Timestamp;
use crate::i18n::{Lang, Msg};
use crate::rules::{Color, Coord};

/// What is being typed in the class screens (kept between frames by the shell).
#[derive(Clone, Debug, Default)]
pub struct ClassInputs {
    /// A new child's nickname.
    pub nick: String,
    /// A new child's avatar (`None`: the next animal).
    pub avatar: Option<Avatar>,
    /// A new class's name.
    pub class_name: String,
    /// A new class's teacher.
    pub teacher: String,
    /// A new class's PIN.
    pub new_class_pin: String,
    /// A new PIN for the open class.
    pub set_pin: String,
    /// The PIN typed in the prompt.
    pub pin: String,
    /// The step of the problem sheet (0: the first).
    pub sheet_step: u8,
    /// Problems a page on the sheets (0: six).
    pub per_page: usize,
    /// The month of the reports (`None`: the current month by the class's clock).
    pub month: Option<(i32, u32)>,
}

/// The colon after a heading word: full-width in Chinese.
fn colon(lang: Lang) -> &'static str {
    lang.pick("：", "：", ": ")
}

fn big_button(ui: &mut egui::Ui, text: &str, enabled: bool) -> bool {
    let min = ui.spacing().interact_size;
    ui.add_enabled(enabled, egui::Button::new(text).min_size(min))
        .clicked()
}

/// A large button for the child (twice the usual height, bold).
fn child_button(ui: &mut egui::Ui, text: &str, enabled: bool) -> bool {
    let h = ui.spacing().interact_size.y * 1.5;
    let size = text_size(ui) * 1.3;
    ui.add_enabled(
        enabled,
        egui::Button::new(RichText::new(text).size(size).strong()).min_size(Vec2::new(h * 2.5, h)),
    )
    .clicked()
}

fn text_size(ui: &egui::Ui) -> f32 {
    ui.style()
        .text_styles
        .get(&egui::TextStyle::Body)
        .map_or(16.0, |f| f.size)
}

fn hex_colour(hex: &str) -> Color32 {
    let h = hex.trim_start_matches('#');
    let byte = |i: usize| {
        h.get(i..i + 2)
            .and_then(|s| u8::from_str_radix(s, 16).ok())
            .unwrap_or(128)
    };
    Color32::from_rgb(byte(0), byte(2), byte(4))
}

/// The avatar's name in `lang` ("panda", "红").
pub fn avatar_name(avatar: &Avatar, lang: Lang) -> String {
    let (list, key) = match avatar {
        Avatar::Colour(k) => (COLOURS, k),
        Avatar::Animal(k) => (ANIMALS, k),
    };
    list.iter()
        .find(|(k, _, _)| k == key)
        .map(|(_, names, _)| lang.pick(names[0], names[1], names[2]).to_string())
        .unwrap_or_default()
}

/// The discs of the animals, one soft colour each (the same order as [`ANIMALS`]).
const ANIMAL_TINTS: [Color32; 12] = [
    Color32::from_rgb(236, 236, 236),
    Color32::from_rgb(255, 204, 128),
    Color32::from_rgb(248, 187, 208),
    Color32::from_rgb(255, 224, 178),
    Color32::from_rgb(215, 204, 200),
    Color32::from_rgb(188, 170, 164),
    Color32::from_rgb(161, 136, 127),
    Color32::from_rgb(255, 171, 145),
    Color32::from_rgb(197, 225, 165),
    Color32::from_rgb(255, 245, 157),
    Color32::from_rgb(179, 229, 252),
    Color32::from_rgb(178, 223, 219),
];

/// Paints an avatar in a circle of diameter `side` centred at `at`: a colour fills it; an
/// animal is its own soft colour with its picture, or its name in the reader's language where
/// no installed font has the picture (the bundled fonts have no colour emoji).
fn paint_avatar(
    ui: &egui::Ui,
    painter: &egui::Painter,
    avatar: &Avatar,
    at: Pos2,
    side: f32,
    lang: Lang,
) {
    let r = side * 0.5;
    match avatar {
        Avatar::Colour(_) => {
            painter.circle(
                at,
                r,
                hex_colour(avatar.picture()),
                Stroke::new(2.0, Color32::from_gray(40)),
            );
        }
        Avatar::Animal(key) => {
            let tint = ANIMALS
                .iter()
                .position(|(k, _, _)| k == key)
                .and_then(|i| ANIMAL_TINTS.get(i))
                .copied()
                .unwrap_or(Color32::from_gray(230));
            painter.circle(at, r, tint, Stroke::new(2.0, Color32::from_gray(90)));
            let picture = avatar.picture();
            let font = egui::FontId::proportional(side * 0.62);
            let drawable = ui.ctx().fonts_mut(|f| f.has_glyphs(&font, picture));
            let (text, font) = if drawable {
                (picture.to_string(), font)
            } else {
                let name = avatar_name(avatar, lang);
                let chars = name.chars().count().max(2) as f32;
                let wide = name.is_ascii();
                let size = if wide {
                    side * 1.5 / chars
                } else {
                    side * 0.8 / chars
                };
                (name, egui::FontId::proportional(size.min(side * 0.42)))
            };
            painter.text(
                at,
                Align2::CENTER_CENTER,
                text,
                font,
                Color32::from_gray(25),
            );
        }
    }
}

/// The avatar as a widget `side` points wide.
fn avatar_ui(ui: &mut egui::Ui, avatar: &Avatar, side: f32, lang: Lang) {
    let (rect, _) = ui.allocate_exact_size(Vec2::splat(side), Sense::hover());
    paint_avatar(ui, ui.painter(), avatar, rect.center(), side, lang);
}

/// The strip above the teaching board or the class screens: the child at the board with
/// their buttons, the teacher's "Class", and (over the class screens) the way out of teaching
/// mode. `leave` is set when "Leave teaching mode" is pressed here.
pub fn strip_ui(
    ui: &mut egui::Ui,
    room: &ClassRoom,
    lang: Lang,
    leave: &mut bool,
) -> Vec<ClassCommand> {
    let mut out = Vec::new();
    ui.horizontal_wrapped(|ui| {
        if let Some(child) = room.child() {
            avatar_ui(ui, &child.avatar, ui.spacing().interact_size.y, lang);
            ui.label(
                RichText::new(&child.nick)
                    .strong()
                    .size(text_size(ui) * 1.3),
            );
            ui.separator();
            if room.screen != Screen::Map && big_button(ui, T::MyMap.text(lang), true) {
                out.push(ClassCommand::ShowMap);
            }
            if room.screen == Screen::Board && big_button(ui, T::Problems.text(lang), true) {
                out.push(ClassCommand::Problems);
            }
            if big_button(ui, T::NextChild.text(lang), true) {
                out.push(ClassCommand::NextChild);
            }
            ui.separator();
        } else if let Some(class) = &room.class {
            ui.label(RichText::new(&class.name).strong());
            ui.separator();
        }
        if room.saving() {
            ui.spinner();
        }
        if big_button(ui, T::Class.text(lang), true) {
            out.push(ClassCommand::OpenPanel);
        }
        if room.covers_board() && big_button(ui, crate::i18n::TeachText::Leave.text(lang), true) {
            *leave = true;
        }
    });
    out
}

/// The class screen over the board: the tiles, the map or a problem.
pub fn screen_ui(
    ui: &mut egui::Ui,
    room: &ClassRoom,
    lang: Lang,
    look: BoardLook,
    now: Timestamp,
) -> Vec<ClassCommand> {
    let mut out = Vec::new();
    match room.screen {
        Screen::Tiles | Screen::Board => {
            egui::CentralPanel::default().show(ui, |ui| tiles_ui(ui, room, lang, &mut out));
        }
        Screen::Map => {
            egui::CentralPanel::default().show(ui, |ui| {
                let area =
                    egui::ScrollArea::vertical().show(ui, |ui| map_ui(ui, room, lang, &mut out));
                crate::app::window_frame::name_scroll_bars(
                    ui.ctx(),
                    area.id,
                    lang.pick("学习地图", "學習地圖", "Map"),
                    lang,
                );
            });
        }
        Screen::Problem => problem_screen_ui(ui, room, lang, look, now, &mut out),
    }
    out
}

fn notice_ui(ui: &mut egui::Ui, room: &ClassRoom, lang: Lang) {
    if let Some(n) = &room.notice {
        let colour = if n.is_trouble() {
            theme::ILLEGAL
        } else {
            theme::NOTICE_DONE
        };
        ui.colored_label(colour, RichText::new(n.text(lang)).strong());
    }
}

/// The big tiles: each child taps themself.
fn tiles_ui(ui: &mut egui::Ui, room: &ClassRoom, lang: Lang, out: &mut Vec<ClassCommand>) {
    let Some(class) = &room.class else { return };
    ui.heading(RichText::new(T::WhoIsPlaying.text(lang)).size(text_size(ui) * 1.5));
    notice_ui(ui, room, lang);
    if class.children.is_empty() {
        ui.label(T::NoChildren.text(lang));
        return;
    }
    let side = ui.spacing().interact_size.y * 2.6;
    let tile = Vec2::new(side * 1.35, side * 1.25);
    let area = egui::ScrollArea::vertical().show(ui, |ui| {
        ui.horizontal_wrapped(|ui| {
            ui.spacing_mut().item_spacing = Vec2::splat(side * 0.15);
            for child in &class.children {
                if tile_ui(ui, child, tile, lang) {
                    out.push(ClassCommand::Pick(child.nick.clone()));
                }
            }
        });
    });
    crate::app::window_frame::name_scroll_bars(
        ui.ctx(),
        area.id,
        lang.pick("孩子们", "孩子們", "Children"),
        lang,
    );
}

/// One child's tile: the avatar and the nickname, large; its accessible name is the nickname.
fn tile_ui(ui: &mut egui::Ui, child: &Child, size: Vec2, lang: Lang) -> bool {
    let (rect, response) = ui.allocate_exact_size(size, Sense::click());
    let visuals = ui.style().interact(&response);
    let fill = if response.hovered() {
        Color32::from_rgb(255, 236, 190)
    } else {
        Color32::from_rgb(250, 246, 235)
    };
    let painter = ui.painter();
    painter.rect(
        rect,
        12.0,
        fill,
        Stroke::new(visuals.bg_stroke.width.max(2.0), Color32::from_gray(120)),
        egui::StrokeKind::Inside,
    );
    let avatar_side = size.y * 0.55;
    paint_avatar(
        ui,
        painter,
        &child.avatar,
        Pos2::new(rect.center().x, rect.min.y + size.y * 0.38),
        avatar_side,
        lang,
    );
    painter.text(
        Pos2::new(rect.center().x, rect.max.y - size.y * 0.14),
        Align2::CENTER_CENTER,
        &child.nick,
        egui::FontId::proportional((size.y * 0.16).max(16.0)),
        Color32::from_gray(20),
    );
    let name = format!("{} ({})", child.nick, avatar_name(&child.avatar, lang));
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &child.nick));
    response.clone().on_hover_text(name);
    response.clicked()
}

/// The child's map of the path: where they are, what each step practises and when it is
/// passed, their progress, the ladder in one sentence, and the big "Play" and "Problems".
fn map_ui(ui: &mut egui::Ui, room: &ClassRoom, lang: Lang, out: &mut Vec<ClassCommand>) {
    let (Some(child), Some(lib)) = (room.child(), room.library()) else {
        return;
    };
    notice_ui(ui, room, lang);
    path_ui(ui, child, lang);
    let Some(step) = crate::class::path::step(child.step) else {
        return;
    };
    let big = text_size(ui) * 1.25;
    ui.add_space(8.0);
    ui.label(
        RichText::new(format!(
            "{} {} · {}",
            T::Step.text(lang),
            step.number,
            step.name(lang)
        ))
        .strong()
        .size(big),
    );
    ui.label(format!(
        "{}: {}",
        T::Practises.text(lang),
        step.practises(lang)
    ));
    ui.label(format!(
        "{}: {}",
        T::ToPass.text(lang),
        step.rule_text(lang)
    ));
    if step.number < STEPS.len() as u8 {
        let p = child.step_progress(lib);
        ui.label(
            RichText::new(format!(
                "{} {} / {} · {} {} / {}",
                T::Wins.text(lang),
                p.wins.min(step.rule.wins),
                step.rule.wins,
                T::Solved.text(lang),
                p.problems.min(step.rule.problems),
                step.rule.problems
            ))
            .size(big),
        );
    }
    let kind = step.game;
    ui.label(
        child
            .ladder_for(kind)
            .explain(kind.is_capture(), lang, Audience::Child),
    );
    ui.add_space(8.0);
    ui.horizontal_wrapped(|ui| {
        if child_button(ui, T::Play.text(lang), true) {
            out.push(ClassCommand::Play);
        }
        if child_button(ui, T::Problems.text(lang), true) {
            out.push(ClassCommand::Problems);
        }
    });
    ui.add_space(8.0);
    ui.separator();
    ui.horizontal_wrapped(|ui| {
        let n = child.step;
        if big_button(ui, T::MoveBack.text(lang), n > 1) {
            out.push(ClassCommand::MoveChild {
                nick: child.nick.clone(),
                to: n - 1,
            });
        }
        if big_button(ui, T::MoveAlong.text(lang), usize::from(n) < STEPS.len()) {
            out.push(ClassCommand::MoveChild {
                nick: child.nick.clone(),
                to: n + 1,
            });
        }
    });
    egui::CollapsingHeader::new(lang.pick("全部阶段", "全部階段", "All the steps"))
        .id_salt("all-steps")
        .show(ui, |ui| {
            for s in &STEPS {
                ui.label(RichText::new(format!("{} · {}", s.number, s.name(lang))).strong());
                ui.label(s.practises(lang));
                ui.label(format!(
                    "{}{}{}",
                    T::ToPass.text(lang),
                    colon(lang),
                    s.rule_text(lang)
                ));
                ui.add_space(4.0);
            }
        });
}

/// The steps as a row of stations: passed ones ticked, the child's ringed with "You are
/// here", the later ones grey.
fn path_ui(ui: &mut egui::Ui, child: &Child, lang: Lang) {
    let width = ui.available_width().max(300.0);
    let n = STEPS.len();
    let cell = width / n as f32;
    let height = (cell * 0.95).clamp(100.0, 180.0);
    let (rect, _) = ui.allocate_exact_size(Vec2::new(width, height), Sense::hover());
    let painter = ui.painter();
    let r = (cell * 0.22).clamp(14.0, 34.0);
    let y = rect.min.y + r * 1.35 + 18.0;
    let centre = |i: usize| Pos2::new(rect.min.x + cell * (i as f32 + 0.5), y);
    for i in 1..n {
        let done = (i as u8) < child.step;
        painter.line_segment(
            [centre(i - 1), centre(i)],
            Stroke::new(
                r * 0.25,
                if done {
                    theme::NOTICE_DONE
                } else {
                    Color32::from_gray(150)
                },
            ),
        );
    }
    let name_font = egui::FontId::proportional((r * 0.7).clamp(12.0, 22.0));
    for (i, step) in STEPS.iter().enumerate() {
        let c = centre(i);
        let (fill, text, status) = match step.number.cmp(&child.step) {
            std::cmp::Ordering::Less => (theme::NOTICE_DONE, "√".to_string(), T::Passed.text(lang)),
            std::cmp::Ordering::Equal => (
                Color32::from_rgb(250, 190, 40),
                step.number.to_string(),
                T::YouAreHere.text(lang),
            ),
            std::cmp::Ordering::Greater => (Color32::from_gray(170), step.number.to_string(), ""),
        };
        if step.number == child.step {
            painter.circle_stroke(c, r * 1.3, Stroke::new(4.0, theme::LAST_MOVE));
            painter.text(
                Pos2::new(c.x, rect.min.y + 2.0),
                Align2::CENTER_TOP,
                T::YouAreHere.text(lang),
                egui::FontId::proportional(14.0),
                theme::LAST_MOVE,
            );
        }
        painter.circle(c, r, fill, Stroke::new(2.0, Color32::from_gray(60)));
        painter.text(
            c,
            Align2::CENTER_CENTER,
            text,
            egui::FontId::proportional(r),
            Color32::from_gray(20),
        );
        painter.text(
            Pos2::new(c.x, c.y + r * 1.45),
            Align2::CENTER_TOP,
            step.name(lang),
            name_font.clone(),
            ui.visuals().text_color(),
        );
        // Each station is a labelled widget for screen readers and checks.
        let station = egui::Rect::from_center_size(c, Vec2::splat(r * 2.0));
        let id = ui.scope_id().with(("step", step.number));
        let resp = ui.interact(station, id, Sense::hover());
        let label = if status.is_empty() {
            format!(
                "{} {}: {}",
                T::Step.text(lang),
                step.number,
                step.name(lang)
            )
        } else {
            format!(
                "{} {}: {} ({status})",
                T::Step.text(lang),
                step.number,
                step.name(lang)
            )
        };
        resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &label));
    }
}

/// The problem screen: the board large on the left, the question, the answer and the big
/// buttons on the right.
fn problem_screen_ui(
    ui: &mut egui::Ui,
    room: &ClassRoom,
    lang: Lang,
    look: BoardLook,
    now: Timestamp,
    out: &mut Vec<ClassCommand>,
) {
    let Some(p) = &room.problem else {
        egui::CentralPanel::default().show(ui, |ui| {
            notice_ui(ui, room, lang);
            ui.label(RichText::new(T::NoProblems.text(lang)).size(text_size(ui) * 1.4));
            if child_button(ui, T::Play.text(lang), room.child.is_some()) {
                out.push(ClassCommand::Play);
            }
        });
        return;
    };
    let side = (ui.available_width() * 0.36).clamp(280.0, 460.0);
    // A fixed width: the board must not move under the child's finger when the side's text
    // changes (a right answer's shorter text made the panel narrower, the board jumped).
    egui::Panel::right("class-problem-side")
        .exact_size(side)
        .resizable(false)
        .show(ui, |ui| {
            let area =
                egui::ScrollArea::vertical().show(ui, |ui| problem_side_ui(ui, room, p, lang, out));
            crate::app::window_frame::name_scroll_bars(
                ui.ctx(),
                area.id,
                lang.pick("题目", "題目", "Problem"),
                lang,
            );
        });
    let mut board_rect = egui::Rect::NOTHING;
    egui::CentralPanel::default()
        .frame(egui::Frame::new())
        .show(ui, |ui| {
            let (click, rect) = problem_board_ui(ui, p, look, lang);
            board_rect = rect;
            if let Some(c) = click {
                out.push(ClassCommand::ProblemClick(c));
            }
        });
    if let Some(start) = p.celebration
        && playing(start.0, now.0)
    {
        let ctx = ui.ctx().clone();
        let elapsed = now.0.saturating_sub(start.0);
        let painter = ctx
            .layer_painter(egui::LayerId::new(
                egui::Order::Foreground,
                egui::Id::unique("class-problem-celebration"),
            ))
            .with_clip_rect(board_rect);
        paint_celebration(&painter, board_rect, elapsed, start.0);
        egui::Area::new(egui::Id::unique("class-problem-celebration-text"))
            .order(egui::Order::Foreground)
            .fixed_pos(board_rect.center() - Vec2::new(board_rect.width() * 0.3, 30.0))
            .interactable(false)
            .show(&ctx, |ui| {
                egui::Frame::new()
                    .fill(Color32::from_black_alpha(170))
                    .corner_radius(12.0)
                    .inner_margin(16.0)
                    .show(ui, |ui| {
                        let r = ui.label(
                            RichText::new(T::WellDone.text(lang))
                                .size(theme::LARGE_TEXT * 1.6)
                                .color(Color32::WHITE)
                                .strong(),
                        );
                        r.widget_info(|| {
                            egui::WidgetInfo::labeled(egui::Role::Label, true, "celebration")
                        });
                    });
            });
        let left = CELEBRATION_MS.saturating_sub(elapsed);
        let frame = 1000 / CELEBRATION_FPS;
        ctx.request_repaint_after(std::time::Duration::from_millis(frame.min(left.max(1))));
    }
}

fn problem_side_ui(
    ui: &mut egui::Ui,
    room: &ClassRoom,
    p: &ChildProblem,
    lang: Lang,
    out: &mut Vec<ClassCommand>,
) {
    let problem = p.attempt().problem();
    let big = text_size(ui) * 1.2;
    let goal = problem.goal().map(|g| g.name(lang)).unwrap_or_default();
    ui.label(
        RichText::new(format!(
            "{} · {goal}",
            crate::problems::to_play_text(problem.player(), lang)
        ))
        .strong()
        .size(big),
    );
    if p.came_back {
        ui.colored_label(
            theme::TEACH_LAST_CAPTURE,
            RichText::new(T::CameBack.text(lang)).strong(),
        );
    }
    ui.label(RichText::new(p.question(lang)).size(big * 0.9));
    ui.add_space(6.0);
    let (text, colour) = match &p.shown {
        Shown::Nothing => (None, theme::NOTICE_DONE),
        Shown::Right => (Some(T::Right.text(lang).to_string()), theme::NOTICE_DONE),
        Shown::Solved => (Some(T::WellDone.text(lang).to_string()), theme::NOTICE_DONE),
        Shown::Wrong {
            refutation: Some(_),
            ..
        } => (Some(T::NotQuite.text(lang).to_string()), theme::ILLEGAL),
        Shown::Wrong {
            refutation: None, ..
        } => (Some(T::NotInAnswer.text(lang).to_string()), theme::ILLEGAL),
        Shown::Illegal(a) => (Some(a.text(lang)), theme::ILLEGAL),
    };
    if let Some(text) = text {
        ui.colored_label(colour, RichText::new(text).strong().size(big));
    }
    if matches!(p.shown, Shown::Wrong { .. } | Shown::Solved) {
        // The tree's own words about the line (its lines in the reader's language).
        let said = p.question(lang);
        let comment = super::problem::in_language(&p.attempt().comment(), lang);
        if comment != said {
            ui.label(comment);
        }
    }
    ui.add_space(6.0);
    let playing = p.playing();
    ui.vertical(|ui| {
        if matches!(p.shown, Shown::Wrong { .. }) && child_button(ui, T::TryAgain.text(lang), true)
        {
            out.push(ClassCommand::TryAgain);
        }
        if playing && child_button(ui, T::Hint.text(lang), !p.hint_on) {
            out.push(ClassCommand::Hint);
        }
        if child_button(ui, T::NextProblem.text(lang), true) {
            out.push(ClassCommand::NextProblem);
        }
    });
    notice_ui(ui, room, lang);
}

fn pos(geo: &crate::geometry::BoardGeometry, c: Coord) -> Pos2 {
    let (x, y) = geo.point_of(c);
    Pos2::new(x, y)
}

/// The problem's board: the position, the marked stones, the hint's area as a soft
/// highlight, a wrong move crossed and the refutation ringed. Returns a tap and the board's
/// rectangle.
fn problem_board_ui(
    ui: &mut egui::Ui,
    p: &ChildProblem,
    look: BoardLook,
    lang: Lang,
) -> (Option<Coord>, egui::Rect) {
    let game = p.game();
    let size = game.size();
    let (response, painter) = ui.allocate_painter(ui.available_size(), Sense::click());
    let geo = look.geometry(size, response.rect);
    paint_table(&painter, response.rect, &geo);
    let last = match game.last_move() {
        Some((_, crate::rules::Move::Play(c))) => Some(c),
        _ => None,
    };
    let scene = BoardScene {
        size,
        stones: game.board().stones(),
        last_move: last,
        look,
        ..BoardScene::default()
    };
    let at = StoneMap::new(&scene);
    paint_board(&painter, &geo, &scene, &at);
    let r = geo.stone_radius();
    let mut said: Vec<String> = vec![lang.pick("做题", "做題", "problem").to_string()];
    // The hint: the area, softly (not the answer).
    let area = p.hint_area();
    if !area.is_empty() {
        let (mut x0, mut y0, mut x1, mut y1) = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
        for &c in &area {
            let q = pos(&geo, c);
            x0 = x0.min(q.x);
            y0 = y0.min(q.y);
            x1 = x1.max(q.x);
            y1 = y1.max(q.y);
        }
        let rect = egui::Rect::from_min_max(Pos2::new(x0, y0), Pos2::new(x1, y1)).expand(r);
        painter.rect(
            rect,
            r * 0.8,
            Color32::from_rgba_unmultiplied(80, 170, 255, 60),
            Stroke::new(3.0, Color32::from_rgba_unmultiplied(40, 120, 230, 160)),
            egui::StrokeKind::Middle,
        );
        let corner = |c: Coord| c.to_gtp(size);
        let first = area.first().copied().map(corner).unwrap_or_default();
        let last = area.last().copied().map(corner).unwrap_or_default();
        said.push(format!(
            "{} {first}–{last}",
            lang.pick("提示区域", "提示區域", "hint area")
        ));
    }
    // The marked stones of the question.
    for &c in p.attempt().problem().targets() {
        if let Some(stone) = game.board().get(c) {
            let q = pos(&geo, c);
            let d = r * 0.5;
            let stroke = theme::mark_stroke((r * 0.12).max(1.5), stone == Color::Black);
            painter.add(egui::Shape::closed_line(
                vec![
                    q + Vec2::new(0.0, -d),
                    q + Vec2::new(d * 0.87, d * 0.5),
                    q + Vec2::new(-d * 0.87, d * 0.5),
                ],
                stroke,
            ));
        }
    }
    // A wrong move: the child's stone crossed, the refutation ringed.
    if let Shown::Wrong {
        at: wrong,
        refutation,
        ..
    } = &p.shown
    {
        let q = pos(&geo, *wrong);
        let d = r * 0.55;
        let cross = Stroke::new((r * 0.2).max(3.0), theme::ILLEGAL);
        painter.line_segment([q + Vec2::new(-d, -d), q + Vec2::new(d, d)], cross);
        painter.line_segment([q + Vec2::new(-d, d), q + Vec2::new(d, -d)], cross);
        let mut text = format!(
            "{} {}",
            lang.pick("错在", "錯在", "wrong at"),
            wrong.to_gtp(size)
        );
        if let Some(rf) = refutation {
            painter.circle_stroke(
                pos(&geo, *rf),
                r * 1.1,
                Stroke::new((r * 0.2).max(3.0), theme::TEACH_CAPTURE),
            );
            text.push_str(&format!(
                ", {} {}",
                lang.pick("对方应在", "對方應在", "answered at"),
                rf.to_gtp(size)
            ));
        }
        said.push(text);
    }
    let hovered = response.hover_pos().and_then(|q| geo.coord_at(q.x, q.y));
    if p.playing()
        && let Some(c) = hovered
        && at.get(c).is_none()
    {
        paint_ghost(&painter, pos(&geo, c), r, p.attempt().problem().player());
    }
    // The size first, as the main board says it: a screen reader (and a test driver) knows
    // the grid before the marks.
    let label = format!(
        "{}: {}; {}",
        lang.tr(Msg::Board),
        crate::app::board_view::size_words(lang, size),
        said.join("; ")
    );
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Canvas, true, &label));
    let click = if response.clicked()
        && let Some(q) = response.interact_pointer_pos()
    {
        geo.coord_at(q.x, q.y)
    } else {
        None
    };
    let b = geo.board_rect();
    (
        click,
        egui::Rect::from_min_size(Pos2::new(b.x, b.y), Vec2::new(b.w, b.h)),
    )
}

/// The class's PIN prompt, the teacher's class window and the question before deleting a
/// child (modals over everything).
pub fn modals_ui(
    ctx: &egui::Context,
    room: &ClassRoom,
    inputs: &mut ClassInputs,
    lang: Lang,
    large: bool,
    now: Timestamp,
) -> Vec<ClassCommand> {
    let mut out = Vec::new();
    if room.panel_open && !room.aside {
        let today = room.time(now);
        let month = (
            chrono::Datelike::year(&today),
            chrono::Datelike::month(&today),
        );
        out.extend(panel_ui(ctx, room, inputs, lang, large, month));
    }
    if let Some(nick) = &room.confirm_remove {
        let r = egui::Modal::new(egui::Id::unique("class-confirm-remove")).show(ctx, |ui| {
            crate::app::teach::panel::apply_size(ui.style_mut(), large);
            ui.label(lang.pick(
                format!("删除“{nick}”和为他保存的一切？"),
                format!("刪除「{nick}」和為他儲存的一切？"),
                format!("Delete {nick} and everything kept for them?"),
            ));
            ui.horizontal(|ui| {
                if big_button(ui, T::YesDelete.text(lang), true) {
                    out.push(ClassCommand::ConfirmRemove(true));
                }
                if big_button(ui, T::Cancel.text(lang), true) {
                    out.push(ClassCommand::ConfirmRemove(false));
                }
            });
        });
        if r.should_close() {
            out.push(ClassCommand::ConfirmRemove(false));
        }
    }
    if let Some(guarded) = room.gate.waiting() {
        let heading = match guarded {
            Guarded::Panel => T::TheClass.text(lang).to_string(),
            Guarded::Move { nick, to } => format!("{nick}: {} {to}", T::Step.text(lang)),
        };
        let text = PinPromptText {
            id: "class-pin",
            heading: &heading,
            why: None,
            field: T::TeacherPin.text(lang),
            wrong: T::WrongPin.text(lang),
            checking: lang.pick("核对中…", "核對中…", "Checking…"),
            ok: T::Ok.text(lang),
            cancel: T::Cancel.text(lang),
            teaching: Some(large),
        };
        let (wrong, checking) = (room.gate.wrong(), room.gate.checking());
        match pin_prompt_ui(ctx, &text, wrong, checking, &mut inputs.pin) {
            Some(PinPromptAnswer::Submit(pin)) => out.push(ClassCommand::SubmitPin(pin)),
            Some(PinPromptAnswer::Cancel) => out.push(ClassCommand::CancelPin),
            None => {}
        }
    }
    out
}

/// The teacher's class window: the children (add, delete, move along or back), the PIN,
/// export, the classes of this PC (open, new, import).
fn panel_ui(
    ctx: &egui::Context,
    room: &ClassRoom,
    inputs: &mut ClassInputs,
    lang: Lang,
    large: bool,
    month: (i32, u32),
) -> Vec<ClassCommand> {
    let mut out = Vec::new();
    let r = egui::Modal::new(egui::Id::unique("class-panel")).show(ctx, |ui| {
        crate::app::teach::panel::apply_size(ui.style_mut(), large);
        let max = ctx.content_rect().size() * 0.9;
        ui.set_max_width(max.x);
        ui.set_min_width(max.x * 0.8);
        // The acts on the whole class first, always in view.
        ui.horizontal_wrapped(|ui| {
            ui.heading(T::TheClass.text(lang));
            if big_button(ui, T::Close.text(lang), true) {
                out.push(ClassCommand::ClosePanel);
            }
            ui.separator();
            if room.class.is_some() {
                if big_button(ui, T::Export.text(lang), true) {
                    out.push(ClassCommand::Export);
                }
                if big_button(ui, T::CloseClass.text(lang), true) {
                    out.push(ClassCommand::CloseClass);
                }
            }
            if big_button(ui, T::Import.text(lang), !room.opening) {
                out.push(ClassCommand::Import);
            }
            if room.opening {
                ui.spinner();
            }
        });
        notice_ui(ui, room, lang);
        ui.separator();
        // A fixed height: the window must not jump under the teacher's finger as children
        // are added.
        let height = max.y - 160.0;
        let area = egui::ScrollArea::vertical()
            .max_height(height)
            .min_scrolled_height(height)
            .show(ui, |ui| {
                if let Some(desk) = &room.homework {
                    homework_section_ui(ui, room, &desk.nick, desk.reading, lang, &mut out);
                } else if room.class.is_some() {
                    ui.columns(2, |cols| {
                        if let [left, right] = cols {
                            class_section_ui(left, room, inputs, lang, month, &mut out);
                            documents_section_ui(right, room, inputs, lang, month, &mut out);
                            right.separator();
                            pin_section_ui(right, room, inputs, lang, &mut out);
                            right.separator();
                            classes_section_ui(right, room, inputs, lang, &mut out);
                        }
                    });
                } else {
                    classes_section_ui(ui, room, inputs, lang, &mut out);
                }
            });
        crate::app::window_frame::name_scroll_bars(
            ui.ctx(),
            area.id,
            lang.pick("班级", "班級", "Class"),
            lang,
        );
    });
    if r.should_close() && room.confirm_remove.is_none() {
        out.push(ClassCommand::ClosePanel);
    }
    out
}

fn class_section_ui(
    ui: &mut egui::Ui,
    room: &ClassRoom,
    inputs: &mut ClassInputs,
    lang: Lang,
    month: (i32, u32),
    out: &mut Vec<ClassCommand>,
) {
    let Some(class) = &room.class else { return };
    ui.label(
        RichText::new(format!(
            "{} · {}{}{}",
            class.name,
            T::TeacherName.text(lang),
            colon(lang),
            class.teacher
        ))
        .strong(),
    );
    if let Some(path) = &room.path {
        ui.add(egui::Label::new(RichText::new(path.display().to_string()).small()).truncate());
    }
    if room.pending() > 0 {
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label(T::Saving.text(lang));
        });
    }
    ui.add_space(6.0);
    ui.horizontal_wrapped(|ui| {
        let l = ui.label(T::Nickname.text(lang));
        ui.add(egui::TextEdit::singleline(&mut inputs.nick).desired_width(180.0))
            .labelled_by(l.id);
        if big_button(ui, T::AddChild.text(lang), !inputs.nick.trim().is_empty()) {
            out.push(ClassCommand::AddChild {
                nick: std::mem::take(&mut inputs.nick),
                avatar: inputs.avatar.take(),
            });
        }
    });
    ui.horizontal_wrapped(|ui| {
        ui.label(T::Avatar.text(lang));
        let side = ui.spacing().interact_size.y * 0.8;
        let choices = ANIMALS
            .iter()
            .map(|(k, _, _)| Avatar::Animal((*k).to_string()))
            .chain(
                COLOURS
                    .iter()
                    .map(|(k, _, _)| Avatar::Colour((*k).to_string())),
            );
        for a in choices {
            let chosen = inputs.avatar.as_ref() == Some(&a);
            let (rect, resp) = ui.allocate_exact_size(Vec2::splat(side), Sense::click());
            paint_avatar(ui, ui.painter(), &a, rect.center(), side * 0.9, lang);
            if chosen {
                ui.painter().circle_stroke(
                    rect.center(),
                    side * 0.5,
                    Stroke::new(3.0, theme::LAST_MOVE),
                );
            }
            let name = format!("{} {}", T::Avatar.text(lang), avatar_name(&a, lang));
            resp.widget_info(|| {
                egui::WidgetInfo::selected(egui::Role::RadioButton, true, chosen, &name)
            });
            if resp.clicked() {
                inputs.avatar = if chosen { None } else { Some(a) };
            }
        }
    });
    ui.add_space(6.0);
    ui.label(RichText::new(T::Children.text(lang)).strong());
    let avatar_side = ui.spacing().interact_size.y * 0.8;
    for child in &class.children {
        ui.separator();
        ui.push_id(("child", &child.nick), |ui| {
            ui.horizontal_wrapped(|ui| {
                ui.horizontal(|ui| {
                    avatar_ui(ui, &child.avatar, avatar_side, lang);
                    ui.label(RichText::new(&child.nick).strong());
                });
                let step = crate::class::path::step(child.step)
                    .map(|s| s.name(lang))
                    .unwrap_or_default();
                ui.label(format!("{} {} · {step}", T::Step.text(lang), child.step));
                ui.push_id(("move", &child.nick), |ui| {
                    ui.horizontal(|ui| {
                        let back = ui.add_enabled(child.step > 1, egui::Button::new("<"));
                        back.widget_info(|| {
                            egui::WidgetInfo::labeled(
                                egui::Role::Button,
                                child.step > 1,
                                format!("{} {}", T::MoveBack.text(lang), child.nick),
                            )
                        });
                        if back.clicked() {
                            out.push(ClassCommand::MoveChild {
                                nick: child.nick.clone(),
                                to: child.step - 1,
                            });
                        }
                        let along_ok = usize::from(child.step) < STEPS.len();
                        let along = ui.add_enabled(along_ok, egui::Button::new(">"));
                        along.widget_info(|| {
                            egui::WidgetInfo::labeled(
                                egui::Role::Button,
                                along_ok,
                                format!("{} {}", T::MoveAlong.text(lang), child.nick),
                            )
                        });
                        if along.clicked() {
                            out.push(ClassCommand::MoveChild {
                                nick: child.nick.clone(),
                                to: child.step + 1,
                            });
                        }
                    });
                });
                ui.label(format!(
                    "{} {:.0}",
                    T::Rating.text(lang),
                    child.rating.rating
                ));
                ui.label(format!(
                    "{} {} / {}",
                    T::Solved.text(lang),
                    child.solved().len(),
                    child.tried().len()
                ));
                // The teacher's documents and homework for this child.
                if named_button(
                    ui,
                    D::homework(lang),
                    &D::homework_for(&child.nick, lang),
                    true,
                ) {
                    out.push(ClassCommand::Homework(child.nick.clone()));
                }
                let per_page = if inputs.per_page == 12 { 12 } else { 6 };
                let missed = !child.missed().is_empty();
                if named_button(
                    ui,
                    D::missed(lang),
                    &D::missed_for(&child.nick, lang),
                    missed,
                ) {
                    out.push(ClassCommand::Print(ClassDoc::MissedSheet {
                        nick: child.nick.clone(),
                        per_page,
                    }));
                }
                if named_button(ui, D::report(lang), &D::report_for(&child.nick, lang), true) {
                    out.push(ClassCommand::Print(ClassDoc::Report {
                        nick: child.nick.clone(),
                        month: inputs.month.unwrap_or(month),
                    }));
                }
                let del = ui.button(T::Delete.text(lang));
                let name = format!("{} {}", T::Delete.text(lang), child.nick);
                del.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &name));
                if del.clicked() {
                    out.push(ClassCommand::AskRemove(child.nick.clone()));
                }
            });
        });
    }
}

/// A button showing `text`, named `name` for screen readers and the walks.
fn named_button(ui: &mut egui::Ui, text: &str, name: &str, enabled: bool) -> bool {
    let min = ui.spacing().interact_size;
    let b = ui.add_enabled(enabled, egui::Button::new(text).min_size(min));
    b.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, enabled, name));
    b.clicked()
}

/// The months a report can be for: the current one by the class's clock and the eleven
/// before it.
fn months_before(month: (i32, u32)) -> Vec<(i32, u32)> {
    let (mut y, mut m) = month;
    let mut out = Vec::with_capacity(12);
    for _ in 0..12 {
        out.push((y, m));
        if m == 1 {
            y -= 1;
            m = 12;
        } else {
            m -= 1;
        }
    }
    out
}

/// The sheets and reports: a step's problem sheet, 6 or 12 a page, and the month of the
/// children's reports (each child's row has their missed-problems sheet and report).
fn documents_section_ui(
    ui: &mut egui::Ui,
    room: &ClassRoom,
    inputs: &mut ClassInputs,
    lang: Lang,
    month: (i32, u32),
    out: &mut Vec<ClassCommand>,
) {
    if room.class.is_none() {
        return;
    }
    ui.add_space(6.0);
    ui.label(RichText::new(D::documents(lang)).strong());
    ui.label(RichText::new(D::documents_note(lang)).small());
    let step = inputs
        .sheet_step
        .clamp(1, u8::try_from(STEPS.len()).unwrap_or(7));
    ui.horizontal_wrapped(|ui| {
        let mut chosen = step;
        egui::ComboBox::from_label(D::sheet_step(lang))
            .selected_text(format!("{} {chosen}", T::Step.text(lang)))
            .show_ui(ui, |ui| {
                for s in &STEPS {
                    ui.selectable_value(
                        &mut chosen,
                        s.number,
                        format!("{} {} · {}", T::Step.text(lang), s.number, s.name(lang)),
                    );
                }
            });
        inputs.sheet_step = chosen;
    });
    ui.horizontal_wrapped(|ui| {
        let mut per = if inputs.per_page == 12 { 12 } else { 6 };
        ui.radio_value(&mut per, 6, D::per_page(6, lang));
        ui.radio_value(&mut per, 12, D::per_page(12, lang));
        inputs.per_page = per;
    });
    if big_button(ui, &D::step_sheet(step, lang), true) {
        out.push(ClassCommand::Print(ClassDoc::StepSheet {
            step,
            per_page: if inputs.per_page == 12 { 12 } else { 6 },
        }));
    }
    ui.horizontal_wrapped(|ui| {
        let mut chosen = inputs.month.unwrap_or(month);
        egui::ComboBox::from_label(D::month(lang))
            .selected_text(D::month_name(chosen, lang))
            .show_ui(ui, |ui| {
                for m in months_before(month) {
                    ui.selectable_value(&mut chosen, m, D::month_name(m, lang));
                }
            });
        // Following the class's clock until the teacher picks another month.
        inputs.month = (chosen != month).then_some(chosen);
    });
}

/// One child's homework: the drafts cut from their games, each with a small board (the
/// answer ringed, the child's move crossed), why, whether the checker proves it, and the
/// teacher's approval — assign to the child, to the whole class, or discard.
fn homework_section_ui(
    ui: &mut egui::Ui,
    room: &ClassRoom,
    nick: &str,
    reading: bool,
    lang: Lang,
    out: &mut Vec<ClassCommand>,
) {
    let Some(class) = &room.class else { return };
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new(D::title(nick, lang)).strong());
        if big_button(ui, D::back(lang), true) {
            out.push(ClassCommand::CloseHomework);
        }
        if big_button(ui, &D::read_again(nick, lang), !reading) {
            out.push(ClassCommand::Homework(nick.to_string()));
        }
        if reading {
            ui.spinner();
            ui.label(D::reading(lang));
        }
        if room.pending() > 0 {
            ui.spinner();
            ui.label(T::Saving.text(lang));
        }
    });
    if let Ok(child) = class.child(nick)
        && !child.assigned.is_empty()
    {
        ui.label(format!(
            "{}{}",
            D::assigned(nick, lang),
            child.assigned.join(", ")
        ));
    }
    let drafts = class.drafts_of(nick);
    if drafts.is_empty() && !reading {
        ui.label(D::none(lang));
    }
    let side = (ui.spacing().interact_size.y * 7.0).clamp(150.0, 260.0);
    for p in drafts {
        ui.separator();
        ui.push_id(("draft", &p.id), |ui| {
            ui.horizontal(|ui| {
                let look = room.draft_look(&p.sgf);
                match look {
                    Some(l) => draft_board_ui(ui, l, side, lang),
                    None => {
                        ui.allocate_exact_size(Vec2::splat(side), Sense::hover());
                    }
                }
                ui.vertical(|ui| {
                    let reason = crate::class::homework::Reason::parse(&p.reason)
                        .map_or_else(|| p.reason.clone(), |r| r.text(lang).to_string());
                    ui.label(RichText::new(D::line(&p.id, p.move_number, &reason, lang)).strong());
                    let proved = look.is_some_and(|l| l.proved);
                    match look {
                        Some(l) if l.proved => {
                            ui.colored_label(theme::NOTICE_DONE, D::proved(lang));
                        }
                        Some(_) => {
                            ui.colored_label(theme::ILLEGAL, D::not_proved(lang));
                        }
                        None => {
                            ui.label(D::unread(lang));
                        }
                    }
                    if look.is_some() {
                        ui.label(RichText::new(D::key(lang)).small());
                    }
                    ui.horizontal_wrapped(|ui| {
                        let why = D::not_proved(lang);
                        let to_child = D::assign_to(nick, lang);
                        let b = ui.add_enabled(
                            proved,
                            egui::Button::new(to_child.as_str())
                                .min_size(ui.spacing().interact_size),
                        );
                        let name = D::on(&to_child, &p.id);
                        b.widget_info(|| {
                            egui::WidgetInfo::labeled(egui::Role::Button, proved, &name)
                        });
                        if b.on_disabled_hover_text(why).clicked() {
                            out.push(ClassCommand::AssignDraft {
                                id: p.id.clone(),
                                nick: Some(nick.to_string()),
                            });
                        }
                        let b = ui.add_enabled(
                            proved,
                            egui::Button::new(D::assign_class(lang))
                                .min_size(ui.spacing().interact_size),
                        );
                        let name = D::on(D::assign_class(lang), &p.id);
                        b.widget_info(|| {
                            egui::WidgetInfo::labeled(egui::Role::Button, proved, &name)
                        });
                        if b.on_disabled_hover_text(why).clicked() {
                            out.push(ClassCommand::AssignDraft {
                                id: p.id.clone(),
                                nick: None,
                            });
                        }
                        let edit = D::edit_in_editor(lang);
                        if named_button(ui, edit, &D::on(edit, &p.id), true) {
                            out.push(ClassCommand::EditDraft(p.id.clone()));
                        }
                        if named_button(ui, D::discard(lang), &D::on(D::discard(lang), &p.id), true)
                        {
                            out.push(ClassCommand::DiscardDraft(p.id.clone()));
                        }
                    });
                });
            });
        });
    }
}

/// A draft's position, small: the marked stones, the answer ringed in green, the child's
/// move crossed in red.
fn draft_board_ui(ui: &mut egui::Ui, l: &DraftLook, side: f32, lang: Lang) {
    let (response, painter) = ui.allocate_painter(Vec2::splat(side), Sense::hover());
    let look = BoardLook {
        real_size: None,
        ..BoardLook::default()
    };
    let geo = look.geometry(l.size, response.rect);
    paint_table(&painter, response.rect, &geo);
    let scene = BoardScene {
        size: l.size,
        stones: l.stones.clone(),
        look,
        ..BoardScene::default()
    };
    let at = StoneMap::new(&scene);
    paint_board(&painter, &geo, &scene, &at);
    let r = geo.stone_radius();
    for &c in &l.targets {
        if let Some((_, stone)) = l.stones.iter().find(|(p, _)| *p == c) {
            let q = pos(&geo, c);
            let d = r * 0.5;
            let stroke = theme::mark_stroke((r * 0.15).max(1.2), *stone == Color::Black);
            painter.add(egui::Shape::closed_line(
                vec![
                    q + Vec2::new(0.0, -d),
                    q + Vec2::new(d * 0.87, d * 0.5),
                    q + Vec2::new(-d * 0.87, d * 0.5),
                ],
                stroke,
            ));
        }
    }
    if let Some(a) = l.answer {
        painter.circle_stroke(
            pos(&geo, a),
            r * 0.8,
            Stroke::new((r * 0.25).max(2.0), theme::NOTICE_DONE),
        );
    }
    if let Some(w) = l.played {
        let q = pos(&geo, w);
        let d = r * 0.6;
        let cross = Stroke::new((r * 0.25).max(2.0), theme::ILLEGAL);
        painter.line_segment([q + Vec2::new(-d, -d), q + Vec2::new(d, d)], cross);
        painter.line_segment([q + Vec2::new(-d, d), q + Vec2::new(d, -d)], cross);
    }
    let vertex = |c: Option<Coord>| c.map(|c| c.to_gtp(l.size)).unwrap_or_else(|| "-".into());
    let label = D::board(&vertex(l.answer), &vertex(l.played), lang);
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, &label));
}

/// The class's PIN: set, change or remove it.
fn pin_section_ui(
    ui: &mut egui::Ui,
    room: &ClassRoom,
    inputs: &mut ClassInputs,
    lang: Lang,
    out: &mut Vec<ClassCommand>,
) {
    let Some(class) = &room.class else { return };
    ui.add_space(6.0);
    ui.label(T::PinGuards.text(lang));
    ui.horizontal_wrapped(|ui| {
        let l = ui.label(T::SetPin.text(lang));
        ui.add(
            egui::TextEdit::singleline(&mut inputs.set_pin)
                .password(true)
                .desired_width(140.0),
        )
        .labelled_by(l.id);
        if big_button(ui, T::Ok.text(lang), !inputs.set_pin.is_empty()) {
            out.push(ClassCommand::SetPin(std::mem::take(&mut inputs.set_pin)));
        }
        if class.pin.is_some() && big_button(ui, T::RemovePin.text(lang), true) {
            out.push(ClassCommand::RemovePin);
        }
    });
}

fn classes_section_ui(
    ui: &mut egui::Ui,
    room: &ClassRoom,
    inputs: &mut ClassInputs,
    lang: Lang,
    out: &mut Vec<ClassCommand>,
) {
    ui.label(RichText::new(T::Classes.text(lang)).strong());
    match &room.listing {
        None => {
            ui.spinner();
        }
        Some(Err(_)) if room.folder.is_none() => {
            ui.colored_label(theme::ILLEGAL, T::NoFolder.text(lang));
        }
        Some(Err(t)) => {
            ui.colored_label(theme::ILLEGAL, t.text(lang));
        }
        Some(Ok(list)) if list.is_empty() => {
            ui.label(T::NoClasses.text(lang));
        }
        Some(Ok(list)) => {
            egui::Grid::new("class-files").striped(true).show(ui, |ui| {
                for l in list {
                    ui.label(RichText::new(&l.name).strong());
                    ui.label(format!("{} · {}", l.teacher, l.children));
                    let open = room.path.as_ref() != Some(&l.path);
                    let b = ui
                        .add_enabled(open && !room.opening, egui::Button::new(T::Open.text(lang)));
                    let name = format!("{} {}", T::Open.text(lang), l.name);
                    b.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, open, &name));
                    if b.clicked() {
                        out.push(ClassCommand::OpenClass(l.path.clone()));
                    }
                    ui.end_row();
                }
            });
        }
    }
    ui.add_space(6.0);
    ui.label(RichText::new(T::NewClass.text(lang)).strong());
    egui::Grid::new("class-new").num_columns(2).show(ui, |ui| {
        let l = ui.label(T::ClassName.text(lang));
        ui.text_edit_singleline(&mut inputs.class_name)
            .labelled_by(l.id);
        ui.end_row();
        let l = ui.label(T::TeacherName.text(lang));
        ui.text_edit_singleline(&mut inputs.teacher)
            .labelled_by(l.id);
        ui.end_row();
        let l = ui.label(T::NewPin.text(lang));
        ui.add(egui::TextEdit::singleline(&mut inputs.new_class_pin).password(true))
            .labelled_by(l.id);
        ui.end_row();
    });
    ui.horizontal_wrapped(|ui| {
        let ready = !inputs.class_name.trim().is_empty() && !room.opening;
        if big_button(ui, T::Create.text(lang), ready) {
            out.push(ClassCommand::NewClass {
                name: std::mem::take(&mut inputs.class_name),
                teacher: std::mem::take(&mut inputs.teacher),
                pin: std::mem::take(&mut inputs.new_class_pin),
            });
        }
    });
}
