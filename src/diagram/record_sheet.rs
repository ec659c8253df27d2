//! The printable record (棋谱) of a game tree's main line, in one call for the CLI and the app.

use super::{kifu_html, kifu_sheets};
use crate::geometry::LabelStyle;
use crate::i18n::Lang;
use crate::record::{GameTree, IllegalPlay, ReplayError, replay_main_line};

/// The 棋谱 of `tree`'s main line as an HTML page to print: `per_sheet` moves a diagram,
/// coordinates in `coordinates` style or none. Also returns the illegal moves met while
/// replaying (the sheet still shows them where they were played).
pub fn record_html(
    tree: &GameTree,
    per_sheet: usize,
    lang: Lang,
    coordinates: Option<LabelStyle>,
) -> Result<(String, Vec<IllegalPlay>), ReplayError> {
    let replayed = replay_main_line(tree)?;
    // The position the moves are numbered from, without undoing them one by one.
    let start = replayed.game.at_baseline();
    let moves = replayed
        .game
        .moves()
        .get(start.move_number()..)
        .unwrap_or_default();
    let sheets = kifu_sheets(&start, moves, per_sheet.max(1));
    let html = kifu_html(&replayed.info, &sheets, lang, coordinates);
    Ok((html, replayed.illegal))
}
