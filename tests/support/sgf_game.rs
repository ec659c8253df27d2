//! Replays a main line read by `mini_sgf` into a `Game`, tolerantly, as a record would load.

use tianyuan::rules::{Color, Coord, Game, Irregularity, Move, Rules};

use super::mini_sgf::{Node, prop};

/// The game after the root setup and the first `max_moves` moves (all when `None`), with the
/// irregularities met on the way.
pub fn replay(
    nodes: &[Node],
    rules: Rules,
    max_moves: Option<usize>,
) -> Result<(Game, Vec<Irregularity>), String> {
    let root = nodes.first().ok_or("no nodes")?;
    let size = match prop(root, "SZ").and_then(|v| v.first()) {
        Some(s) => s.trim().parse::<u8>().map_err(|e| format!("SZ: {e}"))?,
        None => 19,
    };
    let mut game = Game::new(size, rules).map_err(|e| e.to_string())?;
    let mut irregular = Vec::new();
    let points = |node: &Node, id: &str| -> Result<Vec<Coord>, String> {
        prop(node, id)
            .unwrap_or(&[])
            .iter()
            .map(|v| Coord::from_sgf(v, size).ok_or(format!("bad point {v}")))
            .collect()
    };
    let mut played = 0;
    for node in nodes {
        let (b, w, e) = (
            points(node, "AB")?,
            points(node, "AW")?,
            points(node, "AE")?,
        );
        if !(b.is_empty() && w.is_empty() && e.is_empty()) {
            game.setup(&b, &w, &e).map_err(|e| e.to_string())?;
        }
        if let Some(pl) = prop(node, "PL").and_then(|v| v.first()) {
            game.set_to_move(if pl.starts_with('W') {
                Color::White
            } else {
                Color::Black
            });
        }
        for (id, color) in [("B", Color::Black), ("W", Color::White)] {
            let Some(value) = prop(node, id).and_then(|v| v.first()) else {
                continue;
            };
            if max_moves.is_some_and(|m| played >= m) {
                return Ok((game, irregular));
            }
            let mv = if value.is_empty() || (value == "tt" && size <= 19) {
                Move::Pass
            } else {
                Move::Play(Coord::from_sgf(value, size).ok_or(format!("bad move {value}"))?)
            };
            irregular.extend(game.play_tolerant(color, mv));
            played += 1;
        }
    }
    Ok((game, irregular))
}
