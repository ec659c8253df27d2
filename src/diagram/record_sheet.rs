//! The printable record (棋谱) of a game tree's main line, in one call for the CLI and the app.

use super::{Paper, kifu_html, kifu_sheets};
use crate::geometry::LabelStyle;
use crate::i18n::Lang;
use crate::record::{GameTree, IllegalPlay, ReplayError, replay_main_line};

/// The 棋谱 of `tree`'s main line as an HTML page to print: `per_sheet` moves a diagram,
/// coordinates in `coordinates` style or none, each diagram sized for `paper`. Also returns the illegal moves met while
/// replaying (the sheet still shows them where they were played).
pub fn record_html(
    tree: &GameTree,
    per_sheet: usize,
    lang: Lang,
    coordinates: Option<LabelStyle>,
    paper: Paper,
) -> Result<(String, Vec<IllegalPlay>), ReplayError> {
    let replayed = replay_main_line(tree)?;
    let mut start = replayed.game.clone();
    while start.undo() {}
    let moves = replayed.game.moves().to_vec();
    let sheets = kifu_sheets(&start, &moves, per_sheet.max(1));
    let html = kifu_html(&replayed.info, &sheets, lang, coordinates, paper);
    Ok((html, replayed.illegal))
}
