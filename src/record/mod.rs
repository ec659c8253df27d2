//! Game records: complete SGF (FF[4]) reading and writing.
//!
//! Layers, after sgfmill, each knowing only the one below:
//! - [`charset`]: bytes → text, honouring `CA[]` and coping when it is missing or wrong;
//! - [`sgf_parse`] / [`sgf_write`]: text ⇄ [`Collection`] of raw trees ([`tree`]); the
//!   grammar knows nothing of Go, keeps every property (private ones too) with its values
//!   exactly as written, and repairs broken files with a [`Warning`] for each repair;
//! - [`properties`]: typed FF[4] Go values (points, compressed lists, text escapes);
//! - [`markup`]: markup, annotations and time left of a node, typed;
//! - [`game_info`], [`outcome`], [`time_settings`]: `RU`/`KM`/`HA`/`RE`/`TM`/`OT` and the rest;
//! - [`replay`]: a path of the tree → [`crate::rules::Game`] through the tolerant replay;
//! - [`export`]: a game → a tree.
//!
//! Invariant: nothing here touches the file system, the clock or the GUI. Reading never
//! panics on any bytes, and deep trees are handled without recursion.

pub mod charset;
pub mod diagnostics;
pub mod export;
pub mod game_info;
pub mod markup;
pub mod outcome;
pub mod properties;
pub mod replay;
pub mod sgf_parse;
pub mod sgf_write;
pub mod time_settings;
pub mod tree;

pub use diagnostics::{Expected, Pos, Repair, SgfError, Warning};
pub use export::game_to_tree;
pub use game_info::{GameInfo, Ruleset};
pub use markup::{Annotations, Emphasis, Markup, TimeLeft};
pub use outcome::Outcome;
pub use replay::{
    IllegalPlay, Replay, ReplayError, allows_suicide, node_move, play_recorded, replay,
    replay_main_line, retakes_ko,
};
pub use time_settings::{Overtime, TimeSettings};
pub use tree::{Collection, GameTree, Node, NodeId, Property};

/// Files larger than this are refused before they are read, with an error that says so: the
/// longest real records, commented and with analysis variations, are a few megabytes, while
/// a file of hundreds of megabytes (or a device such as `/dev/zero`) would only stall whoever
/// opened it and fill the memory with its tree.
pub const MAX_FILE_BYTES: u64 = 32 * 1024 * 1024;

/// A file read: its game trees, the charset used, and every repair made.
#[derive(Clone, Debug)]
pub struct Reading {
    /// The game trees.
    pub collection: Collection,
    /// The charset the bytes were decoded with (e.g. "UTF-8", "GBK").
    pub charset: &'static str,
    /// Repairs and doubts, charset first, then in file order.
    pub warnings: Vec<Warning>,
}

/// Reads the bytes of an SGF file. Fails only when no game tree can be found at all.
pub fn read(bytes: &[u8]) -> Result<Reading, SgfError> {
    let decoded = charset::decode(bytes);
    let (collection, parse_warnings) = sgf_parse::parse(&decoded.text)?;
    let mut warnings = decoded.warnings;
    warnings.extend(parse_warnings);
    Ok(Reading {
        collection,
        charset: decoded.charset,
        warnings,
    })
}

/// Reads SGF text that is already decoded.
pub fn read_str(text: &str) -> Result<Reading, SgfError> {
    let (collection, warnings) = sgf_parse::parse(text)?;
    Ok(Reading {
        collection,
        charset: "UTF-8",
        warnings,
    })
}

/// Writes a collection as it is (values verbatim), UTF-8 text.
pub fn write(collection: &Collection) -> String {
    sgf_write::write(collection)
}

/// Makes a collection canonical FF[4] in place: `FF[4]`, `GM` and `CA[UTF-8]` in each root
/// (existing ones rewritten where they stand, missing ones put first), and komi written in
/// points where the file had it in stones. Returns what was changed.
pub fn canonicalize(collection: &mut Collection) -> Vec<Warning> {
    let mut changes = Vec::new();
    for tree in &mut collection.trees {
        let root = tree.root_mut();
        let mut front = Vec::new();
        for (id, value) in [("FF", "4"), ("GM", "1"), ("CA", "UTF-8")] {
            match root.properties.iter_mut().find(|p| p.id == id) {
                Some(p) if id == "GM" => {
                    if p.values.len() > 1 {
                        p.values.truncate(1);
                    }
                }
                Some(p) => p.values = vec![value.to_string()],
                None => front.push(Property {
                    id: id.to_string(),
                    values: vec![value.to_string()],
                }),
            }
        }
        if !front.is_empty() {
            front.append(&mut root.properties);
            root.properties = front;
        }
        let ids: Vec<NodeId> = tree.iter().map(|(id, _)| id).collect();
        for id in ids {
            let pos = tree.pos(id);
            let Some(node) = tree.node_mut(id) else {
                continue;
            };
            for property in &mut node.properties {
                single_value(property, pos, &mut changes);
            }
            let Some(raw) = node.value("KM").map(str::to_string) else {
                continue;
            };
            if let (Some(komi), Some(_)) = game_info::komi_from_km(&raw) {
                let value = properties::real_value(komi.points());
                node.set("KM", vec![value.clone()]);
                changes.push(Warning::at(pos, Repair::KomiWrittenInPoints { raw, value }));
            }
        }
    }
    changes
}

/// A property FF[4] gives one value but that holds several (a repeated property merged by
/// the reader): texts are joined, other values keep the first, and the change is reported.
fn single_value(property: &mut Property, pos: Pos, changes: &mut Vec<Warning>) {
    use properties::ValueType as V;
    if property.values.len() < 2 {
        return;
    }
    let Some((kind, _)) = properties::property_type(&property.id) else {
        return;
    };
    let id = property.id.clone();
    match kind {
        V::PointList | V::EList | V::PointText | V::PointPoint => {}
        V::Text => {
            property.values = vec![property.values.join("\n")];
            changes.push(Warning::at(pos, Repair::TextsJoined { id }));
        }
        V::SimpleText | V::TextText => {
            property.values = vec![property.values.join(" ")];
            changes.push(Warning::at(pos, Repair::TextsJoined { id }));
        }
        _ => {
            let dropped = property.values.split_off(1);
            changes.push(Warning::at(
                pos,
                Repair::ExtraValuesDropped {
                    id,
                    dropped: dropped.join("]["),
                },
            ));
        }
    }
}

/// Canonical FF[4] text of a collection (see [`canonicalize`]); normalising this output
/// again gives the same bytes.
pub fn to_canonical_sgf(collection: &Collection) -> String {
    let mut c = collection.clone();
    canonicalize(&mut c);
    write(&c)
}

/// A game as canonical SGF text (for saving and GTP `printsgf`).
pub fn game_to_sgf(game: &crate::rules::Game, info: &GameInfo) -> String {
    let mut out = String::new();
    sgf_write::write_tree(&game_to_tree(game, info), &mut out);
    out
}

/// Loads the first game of a file for play or review (GTP `loadsgf FILE [MOVE]`): replays
/// its main line, stopping before move number `until` when given (1-based, as GTP counts).
pub fn load_game(bytes: &[u8], until: Option<usize>) -> Result<(Replay, Vec<Warning>), LoadError> {
    let reading = read(bytes).map_err(LoadError::Syntax)?;
    let tree = reading.collection.trees.first().ok_or(LoadError::NoGame)?;
    let mut path = tree.main_line();
    if let Some(until) = until {
        let mut moves = 0;
        let cut = path.iter().position(|&id| {
            let is_move = tree.node(id).is_some_and(|n| n.has("B") || n.has("W"));
            if is_move {
                moves += 1;
            }
            is_move && moves >= until
        });
        if let Some(cut) = cut {
            path.truncate(cut);
        }
    }
    let replayed = replay(tree, &path).map_err(LoadError::Replay)?;
    Ok((replayed, reading.warnings))
}

/// Why a game could not be loaded.
#[derive(Clone, Debug, PartialEq)]
pub enum LoadError {
    /// The file is not readable SGF.
    Syntax(SgfError),
    /// The file holds no game.
    NoGame,
    /// The game cannot be replayed (board size).
    Replay(ReplayError),
}

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LoadError::Syntax(e) => write!(f, "{e}"),
            LoadError::NoGame => f.write_str("no game in the file"),
            LoadError::Replay(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for LoadError {}
