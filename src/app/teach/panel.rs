//! Teaching mode's controls: the bar of big buttons, the side with what is happening and why,
//! the teacher's options and the PIN prompt. Small views over the state, returning commands.

use super::prefs::{GameKind, OpponentKind, TeachPrefs};
use super::state::{GameEnd, TeachCommand, TeachNote, TeachState};
use crate::app::pin_prompt::{PinPromptAnswer, PinPromptText, pin_prompt_ui};
use crate::app::theme;
use crate::i18n::{Lang, TeachText as T};
use crate::rules::Color;
use crate::teach::counting::{CountStep, quarters};
use crate::teach::overlay::HoverPreview;
use eframe::egui::{self, RichText, Vec2};

/// Sizes text and buttons for teaching mode: finger-sized always, larger with large controls.
pub fn apply_size(style: &mut egui::Style, large: bool) {
    let (text, button) = if large {
        (theme::LARGE_TEXT, theme::LARGE_BUTTON)
    } else {
        (16.0, theme::TEACH_BUTTON)
    };
    for font in style.text_styles.values_mut() {
        font.size = font.size.max(text);
    }
    style.spacing.interact_size = Vec2::splat(button);
    style.spacing.button_padding = Vec2::new(button * 0.25, button * 0.15);
    style.spacing.item_spacing = Vec2::splat(button * 0.15);
    // Check boxes a finger can hit.
    style.spacing.icon_width = button * 0.5;
    style.spacing.icon_width_inner = button * 0.3;
}

fn big_button(ui: &mut egui::Ui, text: &str, enabled: bool) -> bool {
    let min = ui.spacing().interact_size;
    ui.add_enabled(enabled, egui::Button::new(text).min_size(min))
        .clicked()
}

/// The bar across the top: take back, pass, play again, teacher, leave.
pub fn bar_ui(ui: &mut egui::Ui, state: &TeachState, lang: Lang) -> Vec<TeachCommand> {
    let mut out = Vec::new();
    ui.horizontal_wrapped(|ui| {
        ui.heading(T::TeachingMode.text(lang));
        ui.separator();
        if big_button(ui, T::TakeBack.text(lang), state.can_take_back()) {
            out.push(TeachCommand::TakeBack);
        }
        if big_button(ui, T::Pass.text(lang), state.child_to_move()) {
            out.push(TeachCommand::Pass);
        }
        if big_button(ui, T::PlayAgain.text(lang), true) {
            out.push(TeachCommand::PlayAgain);
        }
        ui.separator();
        if big_button(ui, T::Teacher.text(lang), true) {
            out.push(TeachCommand::OpenOptions);
        }
        if big_button(ui, T::Leave.text(lang), true) {
            out.push(TeachCommand::Leave);
        }
    });
    out
}

fn colour_name(c: Color, lang: Lang) -> &'static str {
    match c {
        Color::Black => lang.pick("黑棋", "黑棋", "Black"),
        Color::White => lang.pick("白棋", "白棋", "White"),
    }
}

/// The end of the game in words for the child.
pub fn end_text(state: &TeachState, end: &GameEnd, lang: Lang) -> String {
    let computer = state.computer_color();
    let mut text = match (end.winner(), computer) {
        (None, _) => T::Draw.text(lang).to_owned(),
        (Some(w), Some(c)) if w == c => T::ComputerWon.text(lang).to_owned(),
        (Some(_), Some(_)) => T::YouWon.text(lang).to_owned(),
        (Some(Color::Black), None) => T::BlackWon.text(lang).to_owned(),
        (Some(Color::White), None) => T::WhiteWon.text(lang).to_owned(),
    };
    if let GameEnd::Counted(r) = end {
        text.push(' ');
        text.push_str(&lang.pick(r.zh_hans(), r.zh_hant(), r.en()));
    }
    if let GameEnd::MostCaptures { black, white } = end {
        text.push(' ');
        text.push_str(&lang.pick(
            format!("黑吃{black}子，白吃{white}子"),
            format!("黑吃{black}子，白吃{white}子"),
            format!("Black captured {black}, White {white}"),
        ));
    }
    text
}

/// A stone of `color` drawn `side` points wide, beside the text it goes with.
fn stone_icon(ui: &mut egui::Ui, color: Color, side: f32) {
    let (rect, _) = ui.allocate_exact_size(Vec2::splat(side), egui::Sense::hover());
    let (fill, rim) = match color {
        Color::Black => (theme::BLACK_STONE, theme::BLACK_RIM),
        Color::White => (theme::WHITE_STONE, theme::WHITE_RIM),
    };
    ui.painter().circle(
        rect.center(),
        side * 0.45,
        fill,
        egui::Stroke::new(1.5, rim),
    );
}

/// Text sizes of the side's large figures: whose turn and the captures (issue 20 item 6: a
/// child reads them from across the table).
fn big_sizes(ui: &egui::Ui) -> (f32, f32) {
    let body = ui
        .style()
        .text_styles
        .get(&egui::TextStyle::Body)
        .map_or(16.0, |f| f.size);
    (body * 1.6, body * 2.4)
}

/// The side: whose turn and the captures in large figures, the computer and its ladder in one
/// sentence, the warning of a self-atari tapped once, and the explanation of a refused move.
pub fn side_ui(ui: &mut egui::Ui, state: &TeachState, lang: Lang) -> Vec<TeachCommand> {
    let mut out = Vec::new();
    let game = state.game();
    let (turn_size, number_size) = big_sizes(ui);
    if let Some(end) = &state.end {
        ui.label(
            RichText::new(end_text(state, end, lang))
                .strong()
                .size(turn_size),
        );
        if state.counting().is_none() && matches!(end, GameEnd::Counted(_)) {
            ui.label(T::HowCounted.text(lang));
        }
        counting_ui(ui, state, lang, &mut out);
    } else if state.counting_pending() {
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label(RichText::new(T::CountingNow.text(lang)).size(turn_size));
        });
    } else if state.computer_thinking() {
        ui.horizontal(|ui| {
            if let Some(c) = state.computer_color() {
                stone_icon(ui, c, turn_size * 1.3);
            }
            ui.label(RichText::new(T::Thinking.text(lang)).size(turn_size));
        });
    } else {
        let to_move = game.to_move();
        let text = match state.computer_color() {
            Some(c) if c == to_move => T::ComputerTurn.text(lang),
            Some(_) => T::YourTurn.text(lang),
            None => match to_move {
                Color::Black => T::BlackToPlay.text(lang),
                Color::White => T::WhiteToPlay.text(lang),
            },
        };
        ui.horizontal(|ui| {
            stone_icon(ui, to_move, turn_size * 1.3);
            ui.label(RichText::new(text).strong().size(turn_size));
        });
    }
    let target = state
        .play()
        .target()
        .filter(|_| state.move_limit().is_none());
    for c in [Color::Black, Color::White] {
        let who = if Some(c) == state.computer_color() {
            format!("{} ({})", colour_name(c, lang), T::Computer.text(lang))
        } else {
            colour_name(c, lang).to_owned()
        };
        let n = game.captures(c);
        let figure = match target {
            Some(t) => format!("{n} / {t}"),
            None => n.to_string(),
        };
        ui.horizontal(|ui| {
            stone_icon(ui, c, turn_size);
            let mut job = egui::text::LayoutJob::default();
            let body = egui::TextFormat {
                color: ui.visuals().text_color(),
                ..Default::default()
            };
            job.append(
                &format!("{who} {} ", T::Captured.text(lang)),
                0.0,
                egui::TextFormat {
                    font_id: egui::FontId::proportional(turn_size * 0.6),
                    ..body.clone()
                },
            );
            job.append(
                &figure,
                0.0,
                egui::TextFormat {
                    font_id: egui::FontId::proportional(number_size),
                    ..body
                },
            );
            ui.label(job);
        });
    }
    if let Some(limit) = state.move_limit()
        && state.end.is_none()
    {
        let left = (limit as usize).saturating_sub(game.moves().len());
        ui.label(
            RichText::new(format!("{} {left}", T::MovesLeft.text(lang))).size(turn_size * 0.8),
        );
    }
    if let Some(level) = state.computer_level() {
        let ladder = if state.on_ladder() {
            format!(" · {}", T::Ladder.text(lang))
        } else {
            String::new()
        };
        ui.label(format!("{} {level}{ladder}", T::Level.text(lang)));
    }
    if let Some((ladder, capture)) = state.ladder_state() {
        ui.label(ladder.explain(capture, lang, crate::class::Audience::Child));
    }
    if state.warned.is_some() {
        ui.colored_label(
            theme::TEACH_ATARI,
            RichText::new(format!(
                "{} {}",
                T::SelfAtari.text(lang),
                T::TapAgain.text(lang)
            ))
            .strong(),
        );
    }
    ui.separator();
    if let Some(why) = &state.explanation {
        ui.colored_label(theme::ILLEGAL, RichText::new(why.text(lang)).strong());
    }
    if let Some(HoverPreview::Legal(p)) = state.preview() {
        if !p.captures.is_empty() {
            ui.colored_label(
                theme::TEACH_CAPTURE,
                format!("{} {}", T::WouldCapture.text(lang), p.captures.len()),
            );
        } else if p.self_atari && state.warned.is_none() {
            ui.colored_label(theme::TEACH_ATARI, T::SelfAtari.text(lang));
        }
    }
    if let Some(note) = &state.note {
        let text = match note {
            TeachNote::ComputerToMove => T::ComputerToMove.text(lang).to_owned(),
            TeachNote::GameOver => T::GameOver.text(lang).to_owned(),
            TeachNote::ComputerFailed(e) => e.text(lang),
            TeachNote::WrongPin => T::WrongPin.text(lang).to_owned(),
            TeachNote::PinRefused(why) => why.text(lang),
            TeachNote::PinSet => T::PinSet.text(lang).to_owned(),
            TeachNote::PinRemoved => T::PinRemoved.text(lang).to_owned(),
            TeachNote::CannotStart(why) => why.text(lang),
            TeachNote::EngineGoOnly => T::EngineGoOnly.text(lang).to_owned(),
            TeachNote::LadderRecorded => T::LadderRecorded.text(lang).to_owned(),
        };
        ui.colored_label(note_colour(note), text);
        if matches!(note, TeachNote::ComputerFailed(_)) && big_button(ui, T::Retry.text(lang), true)
        {
            out.push(TeachCommand::RetryComputer);
        }
    }
    out
}

/// The counting lesson of a counted game (issue 20 item 2): the step's title and sentences,
/// its figures large (the captured stones in each side's lid, each side's area), and big
/// "Back" / "Next" buttons. The board draws the step.
fn counting_ui(ui: &mut egui::Ui, state: &TeachState, lang: Lang, out: &mut Vec<TeachCommand>) {
    let Some((lesson, step)) = state.counting() else {
        return;
    };
    let (turn_size, number_size) = big_sizes(ui);
    ui.separator();
    ui.label(RichText::new(T::CountingLesson.text(lang)).size(turn_size * 0.8));
    ui.label(RichText::new(step.title(lang)).strong().size(turn_size));
    // The buttons first: they stay where the finger is from step to step.
    ui.horizontal(|ui| {
        if big_button(ui, T::CountBack.text(lang), step.back().is_some()) {
            out.push(TeachCommand::CountBack);
        }
        if big_button(ui, T::CountNext.text(lang), step.next().is_some()) {
            out.push(TeachCommand::CountNext);
        }
    });
    // The step's figures, large beside the board.
    let figure = |ui: &mut egui::Ui, stone: Color, text: String, n: String| {
        ui.horizontal(|ui| {
            stone_icon(ui, stone, turn_size);
            ui.label(RichText::new(text).size(turn_size * 0.6));
            ui.label(RichText::new(n).strong().size(number_size));
        });
    };
    match step {
        CountStep::Captured => {
            figure(
                ui,
                Color::White,
                T::BlackCapturedWhite.text(lang).to_owned(),
                lesson.captured_by(Color::Black).to_string(),
            );
            figure(
                ui,
                Color::Black,
                T::WhiteCapturedBlack.text(lang).to_owned(),
                lesson.captured_by(Color::White).to_string(),
            );
        }
        CountStep::Dead => {}
        // One side is counted against what it needs (Chinese counting counts one side).
        CountStep::Result => {
            figure(
                ui,
                Color::Black,
                format!(
                    "{}{}",
                    colour_name(Color::Black, lang),
                    T::AreaOf.text(lang)
                ),
                quarters(lesson.total_quarters(Color::Black)),
            );
            figure(
                ui,
                Color::Black,
                T::BlackNeeds.text(lang).to_owned(),
                quarters(lesson.black_needs_quarters()),
            );
        }
        CountStep::Area => {
            for c in [Color::Black, Color::White] {
                figure(
                    ui,
                    c,
                    format!("{}{}", colour_name(c, lang), T::AreaOf.text(lang)),
                    quarters(lesson.total_quarters(c)),
                );
            }
        }
    }
    for line in lesson.lines(step, lang) {
        ui.label(RichText::new(line).size(turn_size * 0.7));
    }
}

/// The teacher's PIN prompt (the window's one PIN prompt); `input` keeps what is typed
/// between frames.
pub fn pin_ui(
    ctx: &egui::Context,
    state: &TeachState,
    input: &mut String,
    lang: Lang,
) -> Vec<TeachCommand> {
    let mut out = Vec::new();
    if !state.pin.is_open() {
        return out;
    }
    let text = PinPromptText {
        id: "teacher-pin",
        heading: T::Teacher.text(lang),
        why: None,
        field: T::TeacherPin.text(lang),
        wrong: T::WrongPin.text(lang),
        checking: lang.pick("核对中…", "核對中…", "Checking…"),
        ok: T::Ok.text(lang),
        cancel: T::Cancel.text(lang),
        teaching: Some(state.prefs.large_controls),
    };
    // The PIN is checked on the runner (Argon2id): a moment, shown by the spinner.
    match pin_prompt_ui(ctx, &text, state.pin.wrong(), state.pin_busy(), input) {
        Some(PinPromptAnswer::Submit(pin)) => out.push(TeachCommand::SubmitPin(pin)),
        Some(PinPromptAnswer::Cancel) => out.push(TeachCommand::CancelPin),
        None => {}
    }
    out
}

/// The teacher's options (open only once unlocked). `draft` holds the choices being edited;
/// overlays, sounds and large controls apply at once, the game's choices with "Start".
pub fn options_ui(
    ctx: &egui::Context,
    state: &TeachState,
    draft: &mut TeachPrefs,
    new_pin: &mut String,
    lang: Lang,
) -> Vec<TeachCommand> {
    let mut out = Vec::new();
    if !state.options_open {
        return out;
    }
    let large = state.prefs.large_controls;
    let before = draft.clone();
    let r = egui::Modal::new(egui::Id::unique("teaching-options")).show(ctx, |ui| {
        apply_size(ui.style_mut(), large);
        let max = ctx.content_rect().size() * 0.85;
        ui.set_max_width(max.x);
        // A fixed size: the window must not jump under the teacher's finger when a choice
        // shows or hides the ones below it.
        ui.set_min_size(egui::vec2(max.x * 0.9, max.y));
        ui.heading(T::TeachingOptions.text(lang));
        let area = egui::ScrollArea::both()
            .max_width(max.x)
            .max_height(max.y - 120.0)
            .show(ui, |ui| {
                // Two columns: the game on the left, what is shown and the lock on the right,
                // so the whole window fits a 1280×800 screen with large controls.
                ui.horizontal_top(|ui| {
                    ui.vertical(|ui| {
                        ui.set_max_width(max.x * 0.45);
                        game_choices_ui(ui, draft, lang);
                    });
                    ui.separator();
                    ui.vertical(|ui| {
                        ui.set_max_width(max.x * 0.5);
                        display_and_lock_ui(ui, state, draft, new_pin, lang, &mut out);
                    });
                });
            });
        crate::app::window_frame::name_scroll_bars(
            ui.ctx(),
            area.id,
            T::TeachingOptions.text(lang),
            lang,
        );
        ui.separator();
        ui.horizontal(|ui| {
            if big_button(ui, T::StartNewGame.text(lang), true) {
                out.push(TeachCommand::StartGame(Box::new(draft.clone())));
            }
            if big_button(ui, T::Close.text(lang), true) {
                out.push(TeachCommand::CloseOptions);
            }
            if big_button(ui, T::Leave.text(lang), true) {
                out.push(TeachCommand::Leave);
            }
        });
    });
    if r.should_close() {
        out.push(TeachCommand::CloseOptions);
    }
    let shown_at_once = |p: &TeachPrefs| {
        (
            p.show_liberties,
            p.show_atari,
            p.show_preview,
            p.show_last_capture,
            p.sounds,
            p.large_controls,
        )
    };
    if shown_at_once(draft) != shown_at_once(&before) {
        // Only the display choices apply at once; the game's choices wait for "Start".
        let mut now = state.prefs.clone();
        now.show_liberties = draft.show_liberties;
        now.show_atari = draft.show_atari;
        now.show_preview = draft.show_preview;
        now.show_last_capture = draft.show_last_capture;
        now.sounds = draft.sounds;
        now.large_controls = draft.large_controls;
        out.insert(0, TeachCommand::UpdatePrefs(Box::new(now)));
    }
    out
}

fn display_and_lock_ui(
    ui: &mut egui::Ui,
    state: &TeachState,
    draft: &mut TeachPrefs,
    new_pin: &mut String,
    lang: Lang,
    out: &mut Vec<TeachCommand>,
) {
    for (value, text) in [
        (&mut draft.show_liberties, T::ShowLiberties),
        (&mut draft.show_atari, T::ShowAtari),
        (&mut draft.show_preview, T::ShowPreview),
        (&mut draft.show_last_capture, T::ShowLastCapture),
        (&mut draft.sounds, T::Sounds),
        (&mut draft.large_controls, T::LargeControls),
    ] {
        // Fixed ids: the options' layout changes with the choices above them,
        // and a toggle must stay the same widget from frame to frame.
        ui.push_id(text, |ui| ui.checkbox(value, text.text(lang)));
    }
    ui.separator();
    ui.label(T::PinGuards.text(lang));
    ui.horizontal_wrapped(|ui| {
        let l = ui.label(T::SetPin.text(lang));
        ui.add(egui::TextEdit::singleline(new_pin).password(true))
            .labelled_by(l.id);
        if big_button(
            ui,
            T::Ok.text(lang),
            !new_pin.is_empty() && !state.pin_busy(),
        ) {
            out.push(TeachCommand::SetTeacherPin(std::mem::take(new_pin)));
        }
        if state.pin_busy() {
            ui.spinner();
        }
        if state.prefs.teacher_pin.is_some() && big_button(ui, T::RemovePin.text(lang), true) {
            out.push(TeachCommand::RemoveTeacherPin);
        }
    });
    if let Some(note) = &state.note {
        let text = match note {
            TeachNote::PinSet => T::PinSet.text(lang).to_owned(),
            TeachNote::PinRemoved => T::PinRemoved.text(lang).to_owned(),
            TeachNote::PinRefused(why) => why.text(lang),
            TeachNote::CannotStart(why) => why.text(lang),
            _ => String::new(),
        };
        if !text.is_empty() {
            ui.colored_label(note_colour(note), text);
        }
    }
}

/// A note's colour: good news (the PIN set or removed, the ladder's result kept) in the
/// "done" colour, the rest — refusals, failures, a wrong PIN — in the warning red.
fn note_colour(note: &TeachNote) -> egui::Color32 {
    match note {
        TeachNote::PinSet | TeachNote::PinRemoved | TeachNote::LadderRecorded => theme::NOTICE_DONE,
        _ => theme::ILLEGAL,
    }
}

fn game_choices_ui(ui: &mut egui::Ui, d: &mut TeachPrefs, lang: Lang) {
    ui.horizontal_wrapped(|ui| {
        ui.label(T::BoardSize.text(lang));
        for s in [9u8, 13, 19] {
            ui.selectable_value(&mut d.size, s, format!("{s}×{s}"));
        }
    });
    ui.horizontal_wrapped(|ui| {
        ui.selectable_value(&mut d.kind, GameKind::Capture, T::CaptureGame.text(lang));
        ui.selectable_value(&mut d.kind, GameKind::Go, T::Go.text(lang));
    });
    if d.kind == GameKind::Capture {
        ui.horizontal_wrapped(|ui| {
            ui.label(T::StonesToCapture.text(lang));
            for n in [1u32, 3, 5] {
                ui.selectable_value(&mut d.target, n, n.to_string());
            }
            ui.add(egui::DragValue::new(&mut d.target).range(1..=99));
        });
        ui.horizontal_wrapped(|ui| {
            ui.label(T::StartPosition.text(lang));
            for (name, text) in [("empty", T::Empty), ("crosscut", T::Crosscut)] {
                if ui
                    .selectable_label(d.start == name, text.text(lang))
                    .clicked()
                {
                    d.start = name.to_owned();
                }
            }
        });
    }
    ui.horizontal_wrapped(|ui| {
        ui.label(T::Opponent.text(lang));
        for (o, text) in [
            (OpponentKind::Person, T::Person),
            (OpponentKind::Computer, T::Computer),
            (OpponentKind::Ladder, T::Ladder),
            (OpponentKind::Engine, T::Engine),
        ] {
            ui.selectable_value(&mut d.opponent, o, text.text(lang));
        }
    });
    match d.opponent {
        OpponentKind::Ladder => {
            let rung = match d.kind {
                GameKind::Capture => d.capture_ladder,
                GameKind::Go => d.go_ladder,
            };
            ui.label(format!(
                "{} {} · {} {:+}",
                T::Level.text(lang),
                rung.level,
                T::Handicap.text(lang),
                rung.handicap
            ));
            // The ladder in one sentence for the teacher (issue 20 item 6).
            let ladder = crate::class::LadderState {
                level: crate::ai::Level::new(rung.level).unwrap_or(crate::ai::Level::MIN),
                handicap: rung.handicap,
                max_stones: crate::ai::HandicapLadder::max_stones_for(d.size),
                level_steps: true,
            };
            ui.label(ladder.explain(
                d.kind == GameKind::Capture,
                lang,
                crate::class::Audience::Teacher,
            ));
        }
        OpponentKind::Engine if d.kind == GameKind::Capture => {
            ui.label(T::EngineGoOnly.text(lang));
        }
        OpponentKind::Engine => {
            ui.horizontal_wrapped(|ui| {
                let l = ui.label(T::EngineCommand.text(lang));
                ui.text_edit_singleline(&mut d.engine).labelled_by(l.id);
            });
            ui.horizontal_wrapped(|ui| {
                ui.label(T::EngineLevel.text(lang));
                ui.add(egui::DragValue::new(&mut d.engine_level).range(0..=10));
            });
        }
        _ => {}
    }
    if d.opponent == OpponentKind::Computer || d.opponent == OpponentKind::Engine {
        if d.opponent == OpponentKind::Computer {
            ui.horizontal_wrapped(|ui| {
                ui.label(T::Level.text(lang));
                for l in 1u8..=5 {
                    ui.selectable_value(&mut d.level, l, l.to_string());
                }
            });
        }
        ui.push_id("child-black", |ui| {
            ui.checkbox(&mut d.child_black, T::ChildBlack.text(lang))
        });
    }
    if d.opponent != OpponentKind::Ladder {
        ui.horizontal_wrapped(|ui| {
            ui.label(T::Handicap.text(lang));
            ui.add(egui::DragValue::new(&mut d.handicap).range(0..=9));
        });
    }
}
