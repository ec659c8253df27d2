//! The game information (PB, PW, BR, WR, RE, DT, EV, RO, PC, RU, KM, HA, TM, OT): a summary
//! line always in sight, and a form to edit each property. A value is written into the record
//! (one undoable edit) when its field loses the keyboard or Enter is pressed, or before any
//! other command (a save included: nothing typed is lost); a value the property cannot take is
//! refused with the reason at the top of the panel.

use eframe::egui;

use super::command::ReviewCommand;
use super::panel::ReviewForm;
use super::state::ReviewState;
use crate::clock::Millis;
use crate::i18n::{Lang, span_text};
use crate::record::Outcome;
use crate::record::properties::parse_real;
use crate::review::{InfoField, Review};
use crate::rules::Komi;

/// The summary line and the form.
pub fn info_ui(
    ui: &mut egui::Ui,
    state: &ReviewState,
    form: &mut ReviewForm,
    lang: Lang,
    out: &mut Vec<ReviewCommand>,
) {
    let review = state.review();
    let key = (state.generation(), review.shape_revision());
    let typing = ui.ctx().egui_wants_keyboard_input();
    // Filled from the record when it changed (an edit, an undo, another file), unless the
    // user is typing in one of the fields; a field typed and not yet written keeps its text.
    let stale = form.info_edit.len() != InfoField::ALL.len()
        || form.info_key.is_none_or(|(g, _)| g != key.0);
    if stale || (form.info_key != Some(key) && !typing) {
        form.info_edit = InfoField::ALL
            .iter()
            .map(|&f| {
                state
                    .typed_info(f)
                    .map(str::to_owned)
                    .unwrap_or_else(|| review.info_text(f).to_string())
            })
            .collect();
        form.info_key = Some(key);
    }
    ui.separator();
    ui.label(summary(review, lang));
    egui::CollapsingHeader::new(lang.pick("棋谱信息", "棋譜資訊", "Record information"))
        .id_salt("review-info")
        .show(ui, |ui| {
            egui::Grid::new("review-info-grid")
                .num_columns(2)
                .striped(true)
                .show(ui, |ui| {
                    for (i, field) in InfoField::ALL.into_iter().enumerate() {
                        let written = review.info_text(field).to_string();
                        let Some(text) = form.info_edit.get_mut(i) else {
                            continue;
                        };
                        let label = ui.label(field.name(lang));
                        let response = ui.add(
                            egui::TextEdit::singleline(text)
                                .desired_width(150.0)
                                .hint_text(field.hint()),
                        );
                        let response = response.labelled_by(label.id);
                        if response.changed() {
                            out.push(ReviewCommand::TypeInfo(field, text.clone()));
                        }
                        response.widget_info(|| {
                            egui::WidgetInfo::labeled(egui::Role::TextInput, true, field.name(lang))
                        });
                        let committed = response.lost_focus()
                            || (response.has_focus()
                                && ui.input(|i| i.key_pressed(egui::Key::Enter)));
                        if committed && text.trim() != written {
                            out.push(ReviewCommand::SetInfo(field, text.clone()));
                        }
                        ui.end_row();
                        if let Some(note) =
                            meaning(field, &written, lang).filter(|m| m.trim() != written.trim())
                        {
                            ui.label("");
                            ui.weak(note);
                            ui.end_row();
                        }
                    }
                });
        });
}

/// "黑 柯洁 九段 对 白 AlphaGo，B+R" in one line.
fn summary(review: &Review, lang: Lang) -> String {
    let player = |name: InfoField, rank: InfoField, colour: &str| {
        let name = review.info_text(name).trim().to_string();
        let rank = review.info_text(rank).trim().to_string();
        let name = if name.is_empty() {
            colour.to_string()
        } else {
            format!("{colour} {name}")
        };
        if rank.is_empty() {
            name
        } else {
            format!("{name} {rank}")
        }
    };
    let black = player(
        InfoField::Black,
        InfoField::BlackRank,
        lang.pick("黑", "黑", "Black"),
    );
    let white = player(
        InfoField::White,
        InfoField::WhiteRank,
        lang.pick("白", "白", "White"),
    );
    let vs = lang.pick("对", "對", "vs");
    let result = review.info_text(InfoField::Result).trim();
    if result.is_empty() {
        format!("{black} {vs} {white}")
    } else {
        let result = meaning(InfoField::Result, result, lang).unwrap_or_else(|| result.to_string());
        format!("{black} {vs} {white} · {result}")
    }
}

/// What a value means, where the raw SGF value is not obvious: komi in stones, the result
/// in words, the time in hours and minutes.
fn meaning(field: InfoField, text: &str, lang: Lang) -> Option<String> {
    let text = text.trim();
    if text.is_empty() {
        return None;
    }
    match field {
        InfoField::Komi => {
            let komi = parse_real(text).and_then(Komi::from_points)?;
            Some(lang.pick(
                format!("= {komi} 子"),
                format!("= {komi} 子"),
                format!("= {komi} stones"),
            ))
        }
        InfoField::Result => {
            let outcome = Outcome::parse(text)?;
            Some(match lang {
                Lang::ZhHans => outcome.zh_hans(),
                Lang::ZhHant => outcome.zh_hant(),
                Lang::En => outcome.en(),
            })
        }
        InfoField::TimeLimit => {
            let seconds = parse_real(text)?;
            Some(format!(
                "= {}",
                span_text(Millis((seconds * 1000.0) as i64), lang)
            ))
        }
        _ => None,
    }
}
