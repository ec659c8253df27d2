//! A [`Game`] and its [`GameInfo`] → a game tree, for saving and for GTP `printsgf`.

use crate::rules::{Color, Game};

use super::game_info::GameInfo;
use super::properties::{compress_point_list, move_value};
use super::tree::{GameTree, Node};

/// The program name written in `AP`.
pub const APPLICATION: &str = "Tianyuan";

/// Builds the tree of a game: root with game information and the starting stones
/// (handicap as `AB` with `HA`), then one node per move.
///
/// The starting position is the one [`Game::undo`] cannot go behind (the last setup or
/// handicap placement); moves played before a mid-game setup are not part of it.
pub fn game_to_tree(game: &Game, info: &GameInfo) -> GameTree {
    let start = game.at_baseline();
    let mut tree = GameTree::new();
    let root = tree.root_mut();
    root.set("FF", vec!["4".to_string()]);
    root.set("GM", vec!["1".to_string()]);
    root.set("CA", vec!["UTF-8".to_string()]);
    root.set(
        "AP",
        vec![format!("{APPLICATION}:{}", env!("CARGO_PKG_VERSION"))],
    );
    let mut info = info.clone();
    info.size = game.size();
    info.komi = Some(game.rules().komi);
    if game.handicap() >= 2 {
        info.handicap = game.handicap();
    }
    root.set("SZ", vec![game.size().to_string()]);
    info.write_to(root);
    let stones = start.board().stones();
    for (prop, color) in [("AB", Color::Black), ("AW", Color::White)] {
        let points: Vec<_> = stones
            .iter()
            .filter(|(_, c)| *c == color)
            .map(|(p, _)| *p)
            .collect();
        if !points.is_empty() {
            root.set(prop, compress_point_list(&points));
        }
    }
    if game.moves().len() == start.moves().len() && start.to_move() != Color::Black {
        root.set("PL", vec![start.to_move().letter().to_string()]);
    }
    let mut parent = tree.root_id();
    for &(color, mv) in game.moves().iter().skip(start.moves().len()) {
        let mut node = Node::default();
        node.set(&color.letter().to_string(), vec![move_value(mv)]);
        parent = tree.add_child(parent, node);
    }
    tree
}
