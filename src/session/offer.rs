//! Why a move is refused in the arbiter's terms, and the rulings the refusal offers: a stone on
//! a forbidden point is void (Art. 19); an immediate ko recapture is void (Art. 20.1) whatever
//! the ko rule (under superko the rules core calls it a repetition of the position before the
//! opponent's capture, which is exactly the ko of Art. 20.1); a longer repetition (triple ko,
//! eternal life …) is for the arbiter to rule a draw or a replay (Art. 20.3). Under simple ko
//! such a cycle is not refused but seen when it is played ([`Repetition`]); it offers the same
//! two rulings.

use crate::i18n::Lang;
use crate::record::retakes_ko;
use crate::rules::{Color, Coord, Game, Move};

use super::catalogue::{RulingEntry, RulingKind};
use super::event::Event;

/// Why a stone cannot be played on a point, as the arbiter rules on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The point is not on the board.
    OffBoard,
    /// A stone is already there (Art. 22 when a sealed move meets it).
    Occupied,
    /// A forbidden point (禁着点, Art. 5): void as one pass (Art. 19).
    Forbidden,
    /// The immediate recapture of a ko (Art. 20.1): void as one pass.
    KoRecapture {
        /// The move after which the same position stood.
        repeats_after_move: usize,
    },
    /// A longer repetition of a whole-board position (triple ko, eternal life …, Art. 6 under
    /// superko): the arbiter may rule a draw or a replay (Art. 20.3).
    Repetition {
        /// The move after which the same position stood.
        repeats_after_move: usize,
    },
}

impl Refusal {
    /// The article a void of such a move applies: 19, 20.1, 20.3 or 22 (`None` off the board).
    pub fn void_article(self) -> Option<&'static str> {
        match self {
            Refusal::OffBoard => None,
            Refusal::Occupied => Some("22"),
            Refusal::Forbidden => Some("19"),
            Refusal::KoRecapture { .. } => Some("20.1"),
            Refusal::Repetition { .. } => Some("20.3"),
        }
    }

    /// Why, in `lang`.
    pub fn text(self, lang: Lang) -> String {
        match self {
            Refusal::OffBoard => lang.pick("不在棋盘上", "不在棋盤上", "off the board").to_owned(),
            Refusal::Occupied => lang
                .pick("该点已有棋子", "該點已有棋子", "the point is occupied")
                .to_owned(),
            Refusal::Forbidden => lang
                .pick(
                    "禁着点（第5条）：着手无效，弃权一次（第19条）",
                    "禁著點（第5條）：著手無效，棄權一次（第19條）",
                    "forbidden point (Art. 5): the move is void and counts as one pass (Art. 19)",
                )
                .to_owned(),
            Refusal::KoRecapture { .. } => lang
                .pick(
                    "劫：不能立即回提；着手无效，弃权一次（第20.1条）",
                    "劫：不能立即回提；著手無效，棄權一次（第20.1條）",
                    "ko: immediate recapture; the move is void and counts as one pass (Art. 20.1)",
                )
                .to_owned(),
            Refusal::Repetition { repeats_after_move: n } => lang.pick(
                format!("全局同形再现：局面将与第{n}手后相同；裁判员可判和棋或重赛（第20.3条）"),
                format!("全局同形再現：局面將與第{n}手後相同；裁判員可判和棋或重賽（第20.3條）"),
                format!(
                    "the whole-board position would repeat the one after move {n}: the arbiter may rule a draw or a replay (Art. 20.3)"
                ),
            ),
        }
    }
}

/// A repeating cycle played under simple ko (Art. 20.3): the move of entry `n` recreated the
/// position after move `repeats_after_move`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Repetition {
    /// The entry of the move.
    pub n: u32,
    /// Its number among the moves and passes (1-based).
    pub move_number: usize,
    /// Who played it.
    pub color: Color,
    /// Where.
    pub point: Coord,
    /// The move after which the same position stood.
    pub repeats_after_move: usize,
}

impl Repetition {
    /// What happened, in `lang`.
    pub fn text(&self, lang: Lang, size: u8) -> String {
        let (m, n, p) = (
            self.move_number,
            self.repeats_after_move,
            self.point.to_gtp(size),
        );
        lang.pick(
            format!("全局同形再现：第{m}手（{p}）后的局面与第{n}手后相同；裁判员可判和棋或重赛（第20.3条）"),
            format!("全局同形再現：第{m}手（{p}）後的局面與第{n}手後相同；裁判員可判和棋或重賽（第20.3條）"),
            format!(
                "The position after move {m} ({p}) repeats the one after move {n}: the arbiter may rule a draw or a replay (Art. 20.3)"
            ),
        )
    }
}

/// One ruling offered: the kind, its article, and the entry to record if it is chosen.
#[derive(Clone, Debug, PartialEq)]
pub struct OfferedRuling {
    /// The kind.
    pub kind: RulingKind,
    /// The article it applies.
    pub article: &'static str,
    /// What the journal records when it is chosen (the article given explicitly).
    pub entry: RulingEntry,
}

impl OfferedRuling {
    fn new(kind: RulingKind, article: &'static str, event: Event) -> OfferedRuling {
        OfferedRuling {
            kind,
            article,
            entry: RulingEntry {
                event,
                article: Some(article.to_owned()),
                note: None,
            },
        }
    }

    /// The button's text, saying what it does and the article: "Void: counts as one pass
    /// (Art. 20.1)", "着手无效，弃权一次（第20.1条）", "Draw (Art. 20.3)".
    pub fn button_text(&self, lang: Lang) -> String {
        let name = self.kind.label(lang);
        let art = self.article;
        lang.pick(
            format!("{name}（第{art}条）"),
            format!("{name}（第{art}條）"),
            format!("{name} (Art. {art})"),
        )
    }
}

/// What a refused move (or a cycle under simple ko) offers the arbiter.
#[derive(Clone, Debug, PartialEq)]
pub struct Offer {
    /// Why.
    pub refusal: Refusal,
    /// The rulings offered, in the order to show them.
    pub rulings: Vec<OfferedRuling>,
}

impl Offer {
    /// The offer for `refusal` of `color`'s stone on `point`; `None` when there is nothing to
    /// rule (off the board, occupied: a stone cannot be put there at all).
    pub fn for_refusal(refusal: Refusal, color: Color, point: Coord) -> Option<Offer> {
        let rulings = match refusal {
            Refusal::OffBoard | Refusal::Occupied => return None,
            Refusal::Forbidden | Refusal::KoRecapture { .. } => {
                let article = refusal.void_article()?;
                vec![OfferedRuling::new(
                    RulingKind::Void,
                    article,
                    Event::Void(color, point),
                )]
            }
            Refusal::Repetition { .. } => draw_or_replay(),
        };
        Some(Offer { refusal, rulings })
    }

    /// The offer for a cycle played under simple ko: a draw or a replay (Art. 20.3).
    pub fn for_repetition(r: &Repetition) -> Offer {
        Offer {
            refusal: Refusal::Repetition {
                repeats_after_move: r.repeats_after_move,
            },
            rulings: draw_or_replay(),
        }
    }

    /// Why, in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        self.refusal.text(lang)
    }
}

fn draw_or_replay() -> Vec<OfferedRuling> {
    vec![
        OfferedRuling::new(RulingKind::Draw, "20.3", Event::Draw),
        OfferedRuling::new(RulingKind::Replay, "20.3", Event::Replay),
    ]
}

/// Why `color` may not play on `point` in `game`, `None` when the move is legal.
pub(super) fn refusal_in(game: &Game, color: Color, point: Coord) -> Option<Refusal> {
    use crate::rules::IllegalMove as I;
    Some(match game.check(color, Move::Play(point)).err()? {
        I::OffBoard => Refusal::OffBoard,
        I::Occupied => Refusal::Occupied,
        I::Suicide => Refusal::Forbidden,
        I::Ko { repeats_after_move } => Refusal::KoRecapture { repeats_after_move },
        I::Superko { repeats_after_move } => {
            if retakes_ko(game, color, point) {
                Refusal::KoRecapture { repeats_after_move }
            } else {
                Refusal::Repetition { repeats_after_move }
            }
        }
    })
}
