//! The teaching board: the shared board painter plus the teaching overlays — liberty counts,
//! rings on chains in atari, the hover preview, the last capture and the stones of a refused
//! move. Reads the state, returns commands.

use super::state::{TeachCommand, TeachState};
use crate::app::board_view::{
    BoardLook, BoardScene, StoneMap, board_font, paint_board, paint_table,
};
use crate::app::stone_sprite::paint_ghost;
use crate::app::theme;
use crate::geometry::BoardGeometry;
use crate::i18n::{Lang, Msg, TeachText};
use crate::rules::{Color, Coord, Move};
use crate::teach::counting::{CountLesson, CountStep, Owner, quarters};
use crate::teach::overlay::HoverPreview;
use eframe::egui::{self, Align2, Pos2, Sense, Stroke, Vec2};

fn pos(geo: &BoardGeometry, c: Coord) -> Pos2 {
    let (x, y) = geo.point_of(c);
    Pos2::new(x, y)
}

/// Paints the board in the space left; returns the hover and click commands and the board's
/// rectangle (the celebration falls over it).
pub fn teach_board_ui(
    ui: &mut egui::Ui,
    state: &TeachState,
    look: BoardLook,
    lang: Lang,
) -> (Vec<TeachCommand>, egui::Rect) {
    let mut out = Vec::new();
    let game = state.game();
    let board = game.board();
    let size = board.size();
    let (response, painter) = ui.allocate_painter(ui.available_size(), Sense::click());
    let geo = look.geometry(size, response.rect);
    paint_table(&painter, response.rect, &geo);
    let last_move = match game.last_move() {
        Some((_, Move::Play(c))) => Some(c),
        _ => None,
    };
    // With liberty counts on, the shared painter's last-move ring would sit on the number:
    // the teaching board rings the last stone outside it instead.
    let counts_shown = state.prefs.show_liberties;
    let counting = state.counting();
    let r = geo.stone_radius();
    let mut said: Vec<String> = Vec::new();
    if let Some((lesson, step)) = counting {
        // The counting lesson (issue 20 item 2) draws its step instead of the overlays.
        let scene = counting_scene(lesson, step, size, look);
        let at = StoneMap::new(&scene);
        paint_board(&painter, &geo, &scene, &at);
        said.push(paint_counting(&painter, &geo, lesson, step, lang));
        let label = format!(
            "{}: {} {}",
            lang.tr(Msg::Board),
            TeachText::TeachingMode.text(lang),
            said.join("; ")
        );
        response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Canvas, true, &label));
        // The game is over: a tap on the board says so (the state answers "game over").
        if response.clicked()
            && let Some(p) = response.interact_pointer_pos()
            && let Some(c) = geo.coord_at(p.x, p.y)
        {
            out.push(TeachCommand::Click(c));
        }
        let b = geo.board_rect();
        let rect = egui::Rect::from_min_size(Pos2::new(b.x, b.y), Vec2::new(b.w, b.h));
        return (out, rect);
    }
    let scene = BoardScene {
        size,
        stones: board.stones(),
        last_move: if counts_shown { None } else { last_move },
        look,
        ..BoardScene::default()
    };
    let at = StoneMap::new(&scene);
    paint_board(&painter, &geo, &scene, &at);
    if counts_shown && let Some(c) = last_move {
        painter.circle_stroke(
            pos(&geo, c),
            r * 0.82,
            Stroke::new((r * 0.08).max(1.5), theme::LAST_MOVE),
        );
    }

    // Where the last capture's stones stood: rings in the capture colour.
    if let Some(last) = state.last_capture_overlay() {
        for &c in &last.stones {
            if at.get(c).is_none() {
                painter.circle_stroke(
                    pos(&geo, c),
                    r * 0.8,
                    Stroke::new((r * 0.12).max(2.0), theme::TEACH_LAST_CAPTURE),
                );
            }
        }
        said.push(format!(
            "{} {}",
            lang.pick("上次提子：", "上次提子：", "last capture:"),
            vertices(&last.stones, size)
        ));
    }
    // Chains in atari: a thick red ring around each stone.
    let ataris = state.atari_overlay();
    for ch in &ataris {
        for &c in &ch.stones {
            painter.circle_stroke(
                pos(&geo, c),
                r * 1.02,
                Stroke::new((r * 0.16).max(2.5), theme::TEACH_ATARI),
            );
        }
    }
    if !ataris.is_empty() {
        let stones: Vec<Coord> = ataris.iter().flat_map(|c| c.stones.clone()).collect();
        said.push(format!(
            "{} {}",
            lang.pick("被打吃：", "被打吃：", "in atari:"),
            vertices(&stones, size)
        ));
    }
    // Liberty counts on each chain's anchor stone.
    let chains = state.liberty_overlay();
    let font = board_font(r * 1.0);
    for ch in &chains {
        let p = pos(&geo, ch.anchor);
        let n = ch.liberty_count();
        let colour = if ch.in_atari() {
            theme::TEACH_ATARI
        } else if ch.color == Color::Black {
            theme::WHITE_STONE
        } else {
            theme::BLACK_STONE
        };
        painter.text(
            p,
            Align2::CENTER_CENTER,
            n.to_string(),
            font.clone(),
            colour,
        );
    }
    if !chains.is_empty() {
        let counts: Vec<String> = chains
            .iter()
            .map(|ch| format!("{} {}", ch.anchor.to_gtp(size), ch.liberty_count()))
            .collect();
        said.push(format!(
            "{} {}",
            lang.pick("气数：", "氣數：", "liberties:"),
            counts.join(", ")
        ));
    }
    // The refused move: its point and the stones involved.
    if let Some(why) = &state.explanation {
        for &c in &why.stones {
            painter.rect_stroke(
                egui::Rect::from_center_size(pos(&geo, c), Vec2::splat(r * 2.1)),
                4.0,
                Stroke::new((r * 0.14).max(2.5), theme::TEACH_CAPTURE),
                egui::StrokeKind::Middle,
            );
        }
        let p = pos(&geo, why.point);
        let d = r * 0.55;
        let cross = Stroke::new((r * 0.2).max(3.0), theme::ILLEGAL);
        painter.line_segment([p + Vec2::new(-d, -d), p + Vec2::new(d, d)], cross);
        painter.line_segment([p + Vec2::new(-d, d), p + Vec2::new(d, -d)], cross);
        said.push(lang.pick(
            format!(
                "不能下在 {}，相关的子 {}",
                why.point.to_gtp(size),
                vertices(&why.stones, size)
            ),
            format!(
                "不能下在 {}，相關的子 {}",
                why.point.to_gtp(size),
                vertices(&why.stones, size)
            ),
            format!(
                "refused at {}, stones {}",
                why.point.to_gtp(size),
                vertices(&why.stones, size)
            ),
        ));
    }
    // A self-atari tapped once (issue 20 item 6): a ghost stone ringed in the atari colour;
    // the second tap on it plays.
    if let Some(c) = state.warned
        && at.get(c).is_none()
    {
        paint_ghost(&painter, pos(&geo, c), r, game.to_move());
        painter.circle_stroke(
            pos(&geo, c),
            r * 1.05,
            Stroke::new((r * 0.18).max(3.0), theme::TEACH_ATARI),
        );
        said.push(format!(
            "{} {}",
            TeachText::SelfAtari.text(lang),
            c.to_gtp(size)
        ));
    }
    // The move under the finger: a ghost stone and what it would capture.
    let hovered = response.hover_pos().and_then(|p| geo.coord_at(p.x, p.y));
    if state.child_to_move()
        && let Some(c) = hovered
        && at.get(c).is_none()
    {
        paint_ghost(&painter, pos(&geo, c), r, game.to_move());
    }
    if let Some(HoverPreview::Legal(p)) = state.preview() {
        for &c in &p.captures {
            let q = pos(&geo, c);
            let d = r * 0.5;
            let s = Stroke::new((r * 0.2).max(3.0), theme::TEACH_CAPTURE);
            painter.line_segment([q + Vec2::new(-d, -d), q + Vec2::new(d, d)], s);
            painter.line_segment([q + Vec2::new(-d, d), q + Vec2::new(d, -d)], s);
        }
        if !p.captures.is_empty() {
            let (point, stones) = (p.point.to_gtp(size), vertices(&p.captures, size));
            let side = match p.color {
                Color::Black => lang.pick("黑", "黑", "B"),
                Color::White => lang.pick("白", "白", "W"),
            };
            said.push(lang.pick(
                format!("{side}下在 {point} 能提掉 {stones}"),
                format!("{side}下在 {point} 能提掉 {stones}"),
                format!("{side} {point} would capture {stones}"),
            ));
        }
    }
    let label = format!(
        "{}: {} {} {}",
        lang.tr(Msg::Board),
        crate::app::board_view::size_words(lang, size),
        TeachText::TeachingMode.text(lang),
        said.join("; ")
    );
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Canvas, true, &label));

    if hovered != state.hover() {
        out.push(TeachCommand::Hover(hovered));
    }
    if response.clicked()
        && let Some(p) = response.interact_pointer_pos()
        && let Some(c) = geo.coord_at(p.x, p.y)
    {
        out.push(TeachCommand::Click(c));
    }
    let b = geo.board_rect();
    let rect = egui::Rect::from_min_size(Pos2::new(b.x, b.y), Vec2::new(b.w, b.h));
    (out, rect)
}

/// The board of a counting step: every stone until the dead are off, then the live ones with
/// the empty points' owners marked; the dead crossed at their step.
fn counting_scene(lesson: &CountLesson, step: CountStep, size: u8, look: BoardLook) -> BoardScene {
    let dead: Vec<Coord> = lesson.dead.iter().map(|&(c, _)| c).collect();
    if step.dead_removed() {
        let stones = lesson.live_stones();
        let owned = lesson
            .owners
            .iter()
            .filter(|(c, _)| !stones.iter().any(|(s, _)| s == c))
            .filter_map(|&(c, o)| match o {
                Owner::Side(color) => Some((c, color)),
                Owner::Shared => None,
            })
            .collect();
        BoardScene {
            size,
            stones,
            owned,
            look,
            ..BoardScene::default()
        }
    } else {
        BoardScene {
            size,
            stones: lesson.stones.clone(),
            dead: if step == CountStep::Dead {
                dead
            } else {
                Vec::new()
            },
            look,
            ..BoardScene::default()
        }
    }
}

/// Draws a counting step over the painted board; returns what it shows in words (the board's
/// accessible name).
fn paint_counting(
    painter: &egui::Painter,
    geo: &BoardGeometry,
    lesson: &CountLesson,
    step: CountStep,
    lang: Lang,
) -> String {
    let size = lesson.size;
    let r = geo.stone_radius();
    let cell = Vec2::new(geo.cell_width(), geo.cell_height());
    let mut said = vec![step.title(lang)];
    match step {
        CountStep::Captured => {
            // Where the captured stones stood: a faint stone in a ring, the point empty now.
            for &(c, color) in &lesson.captured_at {
                // The ghost at the stones' own size: the stone sprites are kept at one size.
                paint_ghost(painter, pos(geo, c), r, color);
                painter.circle_stroke(
                    pos(geo, c),
                    r * 1.02,
                    Stroke::new((r * 0.12).max(2.0), theme::TEACH_LAST_CAPTURE),
                );
            }
            said.push(format!(
                "captured: black {} white {}; captured here: {}",
                lesson.captured_by(Color::Black),
                lesson.captured_by(Color::White),
                vertices(
                    &lesson
                        .captured_at
                        .iter()
                        .map(|&(c, _)| c)
                        .collect::<Vec<_>>(),
                    size
                )
            ));
        }
        CountStep::Dead => {
            // The dead stones: a thick ring besides the cross, so a child sees every one.
            for &(c, _) in &lesson.dead {
                painter.circle_stroke(
                    pos(geo, c),
                    r * 1.02,
                    Stroke::new((r * 0.14).max(2.5), theme::DEAD_MARK),
                );
            }
            said.push(format!(
                "dead: black {} white {}: {}",
                lesson.dead_of(Color::Black),
                lesson.dead_of(Color::White),
                vertices(
                    &lesson.dead.iter().map(|&(c, _)| c).collect::<Vec<_>>(),
                    size
                )
            ));
        }
        CountStep::Area | CountStep::Result => {
            // Each side's area shaded cell by cell, stones included; shared points half-marked.
            for &(c, o) in &lesson.owners {
                let rect = egui::Rect::from_center_size(pos(geo, c), cell);
                match o {
                    Owner::Side(Color::Black) => {
                        painter.rect_filled(rect, 0.0, theme::COUNT_AREA_BLACK);
                    }
                    Owner::Side(Color::White) => {
                        painter.rect_filled(rect, 0.0, theme::COUNT_AREA_WHITE);
                    }
                    Owner::Shared => {
                        let p = pos(geo, c);
                        let h = r * 0.35;
                        painter.add(egui::Shape::convex_polygon(
                            vec![
                                p + Vec2::new(0.0, -h),
                                p + Vec2::new(h, 0.0),
                                p + Vec2::new(0.0, h),
                                p + Vec2::new(-h, 0.0),
                            ],
                            theme::SUGGESTED_DAME,
                            Stroke::NONE,
                        ));
                    }
                }
            }
            let c = &lesson.count;
            said.push(format!(
                "area: black {} stones + {} points = {}, white {} stones + {} points = {}, shared {}; totals black {} white {}",
                c.black_stones,
                c.black_territory,
                c.black_stones + c.black_territory,
                c.white_stones,
                c.white_territory,
                c.white_stones + c.white_territory,
                c.shared,
                quarters(lesson.total_quarters(Color::Black)),
                quarters(lesson.total_quarters(Color::White)),
            ));
            if step == CountStep::Result {
                said.push(format!(
                    "half the board {}, black needs more than {}: {}",
                    quarters(lesson.half_board_quarters()),
                    quarters(lesson.black_needs_quarters()),
                    lesson.result.to_sgf()
                ));
            }
        }
    }
    said.join("; ")
}

fn vertices(stones: &[Coord], size: u8) -> String {
    stones
        .iter()
        .map(|c| c.to_gtp(size))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Paints the celebration over `area`, `elapsed_ms` after the win.
pub fn paint_celebration(painter: &egui::Painter, area: egui::Rect, elapsed_ms: u64, seed: u64) {
    let side = area.width().min(area.height());
    for p in super::celebration::pieces(elapsed_ms, seed) {
        let colour = theme::CONFETTI
            .get(p.hue % theme::CONFETTI.len())
            .copied()
            .unwrap_or(theme::TEACH_CAPTURE)
            .gamma_multiply(p.alpha);
        let at = Pos2::new(
            area.min.x + p.x * area.width(),
            area.min.y + p.y * area.height(),
        );
        let s = p.size * side;
        if p.star {
            let points: Vec<Pos2> = (0..10)
                .map(|k| {
                    let radius = if k % 2 == 0 { s } else { s * 0.45 };
                    let a = p.angle + k as f32 * std::f32::consts::PI / 5.0;
                    at + Vec2::new(a.sin(), -a.cos()) * radius
                })
                .collect();
            // A star is not convex: a fan of triangles from its centre.
            for k in 0..points.len() {
                let next = points.get((k + 1) % points.len()).copied().unwrap_or(at);
                let here = points.get(k).copied().unwrap_or(at);
                painter.add(egui::Shape::convex_polygon(
                    vec![at, here, next],
                    colour,
                    Stroke::NONE,
                ));
            }
        } else {
            let (sin, cos) = p.angle.sin_cos();
            let half_w = Vec2::new(cos, sin) * s * 0.5;
            let half_h = Vec2::new(-sin, cos) * s * 0.9;
            painter.add(egui::Shape::convex_polygon(
                vec![
                    at - half_w - half_h,
                    at + half_w - half_h,
                    at + half_w + half_h,
                    at - half_w + half_h,
                ],
                colour,
                Stroke::NONE,
            ));
        }
    }
}
