//! A path through a tree (main line or a variation) → [`Game`], replayed tolerantly.
//!
//! Every move goes through [`play_recorded`], so a record with illegal moves still loads and
//! each illegality is reported with its node and place in the file. A suicide or an
//! immediate ko retake follows the record's `RU`: a suicide is kept where those rules allow
//! it (New Zealand, Ing, Tromp-Taylor), and otherwise, like every immediate ko retake, it is
//! void and replayed as one pass (Art. 19, 20.1), reported with a [`Repair::MoveVoided`].
//! Other illegal moves are kept as recorded (a longer repetition) or become a pass (an
//! occupied point), as [`Game::play_tolerant`] does.

use std::fmt;

use crate::rules::{
    Color, Coord, Game, GameResult, IllegalMove, Irregularity, KoRule, Move, Rules, RulesError,
    area_count, score,
};

use super::diagnostics::{Pos, Repair, Warning};
use super::game_info::{GameInfo, Ruleset};
use super::properties::{parse_color, parse_move, parse_point_list};
use super::tree::{GameTree, NodeId};

/// An illegal move met in the record.
#[derive(Clone, Debug, PartialEq)]
pub struct IllegalPlay {
    /// The node holding the move.
    pub node: NodeId,
    /// Where the node stood in the file.
    pub pos: Pos,
    /// What the rules core said.
    pub irregularity: Irregularity,
}

/// The result of replaying one path.
#[derive(Clone, Debug)]
pub struct Replay {
    /// The game after the last node of the path.
    pub game: Game,
    /// Game information read along the path.
    pub info: GameInfo,
    /// Illegal moves, in order.
    pub illegal: Vec<IllegalPlay>,
    /// Repairs and doubts (bad points, setup problems, game information).
    pub warnings: Vec<Warning>,
    /// The nodes replayed, root first.
    pub path: Vec<NodeId>,
}

/// Why a path could not be replayed at all.
#[derive(Clone, Debug, PartialEq)]
pub enum ReplayError {
    /// The board size is not one the rules core holds (`SZ` non-square or out of 2–25).
    BadSize(String),
    /// The rules core refused to start the game.
    Rules(RulesError),
}

/// English; [`crate::i18n::replay_error_text`] gives it in any interface language.
impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::i18n::replay_error_text(self, crate::i18n::Lang::En))
    }
}

impl std::error::Error for ReplayError {}

/// The move a node holds (`B` first when a broken file has both), if any; a value that is not
/// a point on the board reads as a pass, as the replay plays it.
pub fn node_move(node: &super::tree::Node, size: u8) -> Option<(Color, Move)> {
    for (id, color) in [("B", Color::Black), ("W", Color::White)] {
        if let Some(raw) = node.value(id) {
            return Some((color, parse_move(raw, size).unwrap_or(Move::Pass)));
        }
    }
    None
}

/// Whether the record's rules allow suicide (New Zealand, Ing, Tromp-Taylor, or a KataGo
/// rules string with `sui1`).
pub fn allows_suicide(info: &GameInfo) -> bool {
    match &info.ruleset {
        Some(Ruleset::NewZealand | Ruleset::Ing | Ruleset::TrompTaylor) => true,
        Some(Ruleset::Other(name)) => name.to_ascii_lowercase().contains("sui1"),
        _ => false,
    }
}

/// Whether `color` on `point` retakes a ko at once: the opponent's last move was a stone and
/// this stone recreates exactly the position before it (one stone taking back one stone, the
/// ko of Art. 20.1). Superko rules forbid it as a repetition; the session's refusal offers
/// and the record replay call it by its article.
pub fn retakes_ko(game: &Game, color: Color, point: Coord) -> bool {
    match game.last_move() {
        Some((c, Move::Play(_))) if c == color.opponent() => {}
        _ => return false,
    }
    let mut before = game.clone();
    if !before.undo() {
        // The capture came before the repetition baseline (a setup since).
        return false;
    }
    // A fresh game under simple ko has no history: only the point and its liberties count.
    let rules = Rules {
        ko: KoRule::Simple,
        ..game.rules().clone()
    };
    let mut after = Game::from_board(game.board().clone(), rules, color);
    after.play(color, Move::Play(point)).is_ok() && after.board() == before.board()
}

/// Plays a recorded move whatever happens, so the record still loads, under the record's own
/// rules for suicide and ko (see the module's doc): the irregularity, if the move was illegal
/// under them. `suicide_allowed` is [`allows_suicide`] of the record.
pub fn play_recorded(
    game: &mut Game,
    color: Color,
    mv: Move,
    suicide_allowed: bool,
) -> Option<Irregularity> {
    let Move::Play(point) = mv else {
        return game.play_tolerant(color, mv);
    };
    let void = match game.check(color, mv) {
        Err(IllegalMove::Suicide) if suicide_allowed => {
            // Legal under the record's rules: kept, and nothing to report.
            game.play_tolerant(color, mv);
            return None;
        }
        Err(IllegalMove::Suicide) => IllegalMove::Suicide,
        Err(ko @ IllegalMove::Ko { .. }) => ko,
        Err(IllegalMove::Superko { repeats_after_move }) if retakes_ko(game, color, point) => {
            IllegalMove::Ko { repeats_after_move }
        }
        _ => return game.play_tolerant(color, mv),
    };
    game.play_tolerant(color, Move::Pass);
    Some(Irregularity {
        move_number: game.move_number(),
        color,
        mv,
        reason: void,
        played_as_pass: true,
    })
}

/// Replays the main line.
pub fn replay_main_line(tree: &GameTree) -> Result<Replay, ReplayError> {
    replay(tree, &tree.main_line())
}

/// Replays a path of nodes (root first, each the parent of the next).
pub fn replay(tree: &GameTree, path: &[NodeId]) -> Result<Replay, ReplayError> {
    let (info, mut warnings) = GameInfo::read(tree, path);
    if let Some(raw) = tree.root().value("SZ")
        && super::game_info::parse_size(raw).is_none()
    {
        return Err(ReplayError::BadSize(raw.to_string()));
    }
    let size = info.size;
    let mut game = Game::new(size, info.rules()).map_err(ReplayError::Rules)?;
    let mut illegal = Vec::new();
    let mut handicap_done = false;
    for &id in path {
        let mut step = Step {
            game: &mut game,
            info: &info,
            handicap_done: &mut handicap_done,
            illegal: &mut illegal,
            warnings: &mut warnings,
        };
        step.node(tree, id);
    }
    Ok(Replay {
        game,
        info,
        illegal,
        warnings,
        path: path.to_vec(),
    })
}

/// The state one node changes while a path is replayed.
struct Step<'a> {
    game: &'a mut Game,
    info: &'a GameInfo,
    handicap_done: &'a mut bool,
    illegal: &'a mut Vec<IllegalPlay>,
    warnings: &'a mut Vec<Warning>,
}

impl Step<'_> {
    /// Applies one node: setup (or handicap) stones, the player to move, and its moves.
    fn node(&mut self, tree: &GameTree, id: NodeId) {
        let Some(node) = tree.node(id) else { return };
        let pos = tree.pos(id);
        let size = self.info.size;
        let info = self.info;
        let game = &mut *self.game;
        let warnings = &mut *self.warnings;
        // One pass over the properties: most nodes hold a single move.
        let mut setup_props = [None, None, None];
        let mut player = None;
        let mut moves = [None, None];
        for property in &node.properties {
            match property.id.as_str() {
                "AB" => setup_props[0] = Some(property),
                "AW" => setup_props[1] = Some(property),
                "AE" => setup_props[2] = Some(property),
                "PL" => player = property.values.first(),
                "B" => moves[0] = property.values.first(),
                "W" => moves[1] = property.values.first(),
                _ => {}
            }
        }
        if setup_props.iter().any(Option::is_some) {
            let mut lists: [Vec<Coord>; 3] = Default::default();
            for ((prop, list), name) in setup_props.iter().zip(&mut lists).zip(["AB", "AW", "AE"]) {
                let Some(p) = prop else { continue };
                let (points, bad) = parse_point_list(&p.values, size);
                for b in bad {
                    warnings.push(Warning::at(
                        pos,
                        Repair::SetupPointOffBoard {
                            id: name,
                            raw: b.value,
                            size,
                        },
                    ));
                }
                *list = points;
            }
            let [black, white, empty] = &lists;
            let is_handicap = !*self.handicap_done
                && info.handicap >= 2
                && !black.is_empty()
                && white.is_empty()
                && empty.is_empty()
                && game.move_number() == 0
                && game.board().stones().is_empty();
            if is_handicap {
                if black.len() != usize::from(info.handicap) {
                    warnings.push(Warning::at(
                        pos,
                        Repair::HandicapCount {
                            declared: info.handicap,
                            placed: black.len(),
                        },
                    ));
                }
                *self.handicap_done = true;
                if let Err(e) = game.place_free_handicap(black) {
                    warnings.push(Warning::at(pos, Repair::HandicapRefused { error: e }));
                    setup(game, black, white, empty, pos, warnings);
                }
            } else if !(black.is_empty() && white.is_empty() && empty.is_empty()) {
                setup(game, black, white, empty, pos, warnings);
            }
        }
        if let Some(raw) = player {
            match parse_color(raw) {
                Some(color) => game.set_to_move(color),
                None => warnings.push(Warning::at(pos, Repair::BadPlayer { raw: raw.clone() })),
            }
        }
        if moves.iter().all(Option::is_some) {
            warnings.push(Warning::at(pos, Repair::BothMovesInNode));
        }
        for (raw, (prop, color)) in moves
            .into_iter()
            .zip([("B", Color::Black), ("W", Color::White)])
        {
            let Some(raw) = raw else { continue };
            let mv = match parse_move(raw, size) {
                Ok(mv) => mv,
                // Beyond the board but spelled with SGF letters: the rules core says "off the board".
                Err(_) => match Coord::from_sgf(raw.trim(), 52) {
                    Some(c) => Move::Play(c),
                    None => {
                        warnings.push(Warning::at(
                            pos,
                            Repair::NotAMove {
                                id: prop,
                                raw: raw.clone(),
                            },
                        ));
                        Move::Pass
                    }
                },
            };
            if let Some(irregularity) = play_recorded(game, color, mv, allows_suicide(info)) {
                if let (true, Move::Play(point), IllegalMove::Suicide | IllegalMove::Ko { .. }) = (
                    irregularity.played_as_pass,
                    irregularity.mv,
                    irregularity.reason,
                ) {
                    warnings.push(Warning::at(
                        pos,
                        Repair::MoveVoided {
                            number: irregularity.move_number,
                            color,
                            point: point.to_gtp(size),
                            reason: irregularity.reason,
                        },
                    ));
                }
                self.illegal.push(IllegalPlay {
                    node: id,
                    pos,
                    irregularity,
                });
            }
        }
    }
}

/// Replays every variation of a tree (the main line's game information applies to all)
/// and returns the illegal moves met, each node once, in depth-first order.
///
/// Linear in the nodes: one game walks the whole tree depth first, and coming back to a fork
/// takes the variation's moves back (`undo`, which is independent of the game's length) rather
/// than keeping a copy of the game per fork. Only a variation that holds setup stones (which
/// `undo` cannot take back) is entered from a copy of the game at its fork.
pub fn illegal_in_all_variations(tree: &GameTree) -> Result<Vec<IllegalPlay>, ReplayError> {
    /// How to come back to the position before a node once its variation is done.
    enum Back {
        /// The node is the last child of its parent: nothing after it needs the position.
        Never,
        /// Take back the moves played since and restore the side to move.
        Undo {
            moves: usize,
            to_move: Color,
            handicap_done: bool,
        },
        /// Start again from this copy (the variation holds setup stones).
        Copy(Box<Game>, bool),
    }
    struct Frame {
        node: NodeId,
        next_child: usize,
        back: Back,
    }
    let (info, _) = GameInfo::read(tree, &tree.main_line());
    if let Some(raw) = tree.root().value("SZ")
        && super::game_info::parse_size(raw).is_none()
    {
        return Err(ReplayError::BadSize(raw.to_string()));
    }
    let setup_below = setup_in_subtrees(tree);
    let mut game = Game::new(info.size, info.rules()).map_err(ReplayError::Rules)?;
    let mut illegal = Vec::new();
    let mut warnings = Vec::new();
    let mut handicap_done = false;
    Step {
        game: &mut game,
        info: &info,
        handicap_done: &mut handicap_done,
        illegal: &mut illegal,
        warnings: &mut warnings,
    }
    .node(tree, tree.root_id());
    let mut stack = vec![Frame {
        node: tree.root_id(),
        next_child: 0,
        back: Back::Never,
    }];
    while let Some(top) = stack.last_mut() {
        let children = tree
            .node(top.node)
            .map(|n| n.children.as_slice())
            .unwrap_or_default();
        let Some(&child) = children.get(top.next_child) else {
            let Some(done) = stack.pop() else { break };
            match done.back {
                Back::Never => {}
                Back::Undo {
                    moves,
                    to_move,
                    handicap_done: before,
                } => {
                    while game.move_number() > moves && game.undo() {}
                    game.set_to_move(to_move);
                    handicap_done = before;
                }
                Back::Copy(copy, before) => {
                    game = *copy;
                    handicap_done = before;
                }
            }
            continue;
        };
        top.next_child += 1;
        let back = if top.next_child == children.len() {
            Back::Never
        } else if setup_below.get(child.0).copied().unwrap_or(true) {
            Back::Copy(Box::new(game.clone()), handicap_done)
        } else {
            Back::Undo {
                moves: game.move_number(),
                to_move: game.to_move(),
                handicap_done,
            }
        };
        warnings.clear();
        Step {
            game: &mut game,
            info: &info,
            handicap_done: &mut handicap_done,
            illegal: &mut illegal,
            warnings: &mut warnings,
        }
        .node(tree, child);
        stack.push(Frame {
            node: child,
            next_child: 0,
            back,
        });
    }
    Ok(illegal)
}

/// For every node, whether it or a node below it holds setup stones (`AB`, `AW`, `AE`): one
/// walk down from the root, then the flags are passed up in the reverse order.
fn setup_in_subtrees(tree: &GameTree) -> Vec<bool> {
    let mut below = vec![false; tree.len()];
    let mut order: Vec<(NodeId, Option<NodeId>)> = Vec::with_capacity(tree.len());
    let mut stack = vec![(tree.root_id(), None)];
    while let Some((id, parent)) = stack.pop() {
        let Some(node) = tree.node(id) else { continue };
        if let Some(flag) = below.get_mut(id.0) {
            *flag = node.has("AB") || node.has("AW") || node.has("AE");
        }
        order.push((id, parent));
        stack.extend(node.children.iter().map(|&c| (c, Some(id))));
    }
    for &(id, parent) in order.iter().rev() {
        if below.get(id.0).copied().unwrap_or(false)
            && let Some(flag) = parent.and_then(|p| below.get_mut(p.0))
        {
            *flag = true;
        }
    }
    below
}

fn setup(
    game: &mut Game,
    black: &[Coord],
    white: &[Coord],
    empty: &[Coord],
    pos: Pos,
    warnings: &mut Vec<Warning>,
) {
    if let Err(e) = game.setup(black, white, empty) {
        warnings.push(Warning::at(pos, Repair::SetupRefused { error: e }));
    }
}

impl Replay {
    /// Whether the path ends with two passes in a row.
    pub fn ended_by_passes(&self) -> bool {
        self.game.consecutive_passes() >= 2
    }

    /// The `TB`/`TW` marks of the last node; `None` when it has none.
    pub fn territory_marks(&self, tree: &GameTree) -> Option<Vec<Coord>> {
        let node = tree.node(*self.path.last()?)?;
        if !node.has("TB") && !node.has("TW") {
            return None;
        }
        let mut marks = Vec::new();
        for prop in ["TB", "TW"] {
            if let Some(p) = node.get(prop) {
                marks.extend(parse_point_list(&p.values, self.info.size).0);
            }
        }
        Some(marks)
    }

    /// The area count (Art. 9 and 11) when the game is finished: ended by two passes, or
    /// carrying `TB`/`TW` marks in the last node (marked points that hold stones are dead).
    pub fn counted(&self, tree: &GameTree) -> Option<GameResult> {
        let marks = self.territory_marks(tree);
        if marks.is_none() && !self.ended_by_passes() {
            return None;
        }
        let board = self.game.board();
        let dead: Vec<Coord> = marks
            .unwrap_or_default()
            .into_iter()
            .filter(|&c| board.get(c).is_some())
            .collect();
        let count = area_count(board, &dead);
        let handicap = if self.info.handicap >= 2 {
            self.info.handicap
        } else {
            self.game.handicap()
        };
        Some(score(&count, self.game.rules(), handicap))
    }
}
