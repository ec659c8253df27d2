//! Move and position annotations (SGF TE, BM, DO, IT; GB, GW, DM, UC, HO).

use crate::i18n::Lang;
use crate::record::Node;

/// A judgement of the move in a node.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveAnnotation {
    /// Good move (TE, "tesuji").
    Good,
    /// Bad move (BM).
    Bad,
    /// Doubtful move (DO).
    Doubtful,
    /// Interesting move (IT).
    Interesting,
}

impl MoveAnnotation {
    /// All four, in palette order.
    pub const ALL: [MoveAnnotation; 4] = [
        MoveAnnotation::Good,
        MoveAnnotation::Bad,
        MoveAnnotation::Doubtful,
        MoveAnnotation::Interesting,
    ];

    /// The SGF identifier.
    pub fn property(self) -> &'static str {
        match self {
            MoveAnnotation::Good => "TE",
            MoveAnnotation::Bad => "BM",
            MoveAnnotation::Doubtful => "DO",
            MoveAnnotation::Interesting => "IT",
        }
    }

    /// The usual sign: !, ?, ?!, !?.
    pub fn sign(self) -> &'static str {
        match self {
            MoveAnnotation::Good => "!",
            MoveAnnotation::Bad => "?",
            MoveAnnotation::Doubtful => "?!",
            MoveAnnotation::Interesting => "!?",
        }
    }

    /// The name in `lang` (好棋 / 恶手 / 疑问手 / 有趣).
    pub fn name(self, lang: Lang) -> &'static str {
        match self {
            MoveAnnotation::Good => lang.pick("好棋", "好棋", "Good move"),
            MoveAnnotation::Bad => lang.pick("恶手", "惡手", "Bad move"),
            MoveAnnotation::Doubtful => lang.pick("疑问手", "疑問手", "Doubtful move"),
            MoveAnnotation::Interesting => {
                lang.pick("有趣的一手", "有趣的一手", "Interesting move")
            }
        }
    }
}

/// A judgement of the position in a node.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PositionAnnotation {
    /// Good for Black (GB).
    GoodForBlack,
    /// Good for White (GW).
    GoodForWhite,
    /// Even position (DM).
    Even,
    /// Unclear position (UC).
    Unclear,
}

impl PositionAnnotation {
    /// All four, in palette order.
    pub const ALL: [PositionAnnotation; 4] = [
        PositionAnnotation::GoodForBlack,
        PositionAnnotation::GoodForWhite,
        PositionAnnotation::Even,
        PositionAnnotation::Unclear,
    ];

    /// The SGF identifier.
    pub fn property(self) -> &'static str {
        match self {
            PositionAnnotation::GoodForBlack => "GB",
            PositionAnnotation::GoodForWhite => "GW",
            PositionAnnotation::Even => "DM",
            PositionAnnotation::Unclear => "UC",
        }
    }

    /// The name in `lang`.
    pub fn name(self, lang: Lang) -> &'static str {
        match self {
            PositionAnnotation::GoodForBlack => lang.pick("黑好", "黑好", "Good for Black"),
            PositionAnnotation::GoodForWhite => lang.pick("白好", "白好", "Good for White"),
            PositionAnnotation::Even => lang.pick("均势", "均勢", "Even"),
            PositionAnnotation::Unclear => lang.pick("不明", "不明", "Unclear"),
        }
    }
}

/// The move annotation of a node, if any (the first of TE, BM, DO, IT present).
pub fn move_annotation(node: &Node) -> Option<MoveAnnotation> {
    MoveAnnotation::ALL
        .into_iter()
        .find(|a| node.has(a.property()))
}

/// Sets or clears the move annotation; TE and BM take a Double (1 = normal).
pub fn set_move_annotation(node: &mut Node, annotation: Option<MoveAnnotation>) {
    for a in MoveAnnotation::ALL {
        node.remove(a.property());
    }
    if let Some(a) = annotation {
        let value = match a {
            MoveAnnotation::Good | MoveAnnotation::Bad => vec!["1".to_string()],
            MoveAnnotation::Doubtful | MoveAnnotation::Interesting => vec![String::new()],
        };
        node.set(a.property(), value);
    }
}

/// The position annotation of a node, if any.
pub fn position_annotation(node: &Node) -> Option<PositionAnnotation> {
    PositionAnnotation::ALL
        .into_iter()
        .find(|a| node.has(a.property()))
}

/// Sets or clears the position annotation (a Double value of 1).
pub fn set_position_annotation(node: &mut Node, annotation: Option<PositionAnnotation>) {
    for a in PositionAnnotation::ALL {
        node.remove(a.property());
    }
    if let Some(a) = annotation {
        node.set(a.property(), vec!["1".to_string()]);
    }
}
