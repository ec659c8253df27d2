//! The rulings the window offers after a refused move, each a button whose name says what it
//! does and its article: a forbidden point → void, one pass (Art. 19); an immediate ko
//! recapture → void, one pass (Art. 20.1), under positional, situational and simple ko alike;
//! a longer repetition (triple ko, eternal life) → draw or replay (Art. 20.3), never a void.

use super::command::ArbiterAct;
use crate::i18n::Lang;
use crate::rules::{Color, Coord, IllegalMove};
use crate::session::{Event, Session};

/// One offered ruling: its act and its words.
#[derive(Clone, Debug, PartialEq)]
pub struct Offer {
    /// What the button does.
    pub act: ArbiterAct,
    kind: OfferKind,
    article: &'static str,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum OfferKind {
    Void,
    Draw,
    Replay,
}

impl Offer {
    /// The button's text in `lang`, with its article.
    pub fn label(&self, lang: Lang) -> String {
        let art = self.article;
        match self.kind {
            OfferKind::Void => lang.pick(
                format!("判无效：算弃权一次（第{art}条）"),
                format!("判無效：算棄權一次（第{art}條）"),
                format!("Void: counts as one pass (Art. {art})"),
            ),
            OfferKind::Draw => lang.pick(
                format!("和棋（第{art}条）"),
                format!("和棋（第{art}條）"),
                format!("Draw (Art. {art})"),
            ),
            OfferKind::Replay => lang.pick(
                format!("重赛（第{art}条）"),
                format!("重賽（第{art}條）"),
                format!("Replay (Art. {art})"),
            ),
        }
    }
}

fn ruling(event: Event, kind: OfferKind, article: &'static str) -> Offer {
    Offer {
        act: ArbiterAct::Ruling {
            event,
            article: Some(article.to_owned()),
            note: None,
        },
        kind,
        article,
    }
}

/// The draw and the replay of Art. 20.3 (a repeating cycle: triple ko, eternal life …).
pub fn cycle_offers() -> Vec<Offer> {
    vec![
        ruling(Event::Draw, OfferKind::Draw, "20.3"),
        ruling(Event::Replay, OfferKind::Replay, "20.3"),
    ]
}

/// What the arbiter is offered when `mover`'s move at `at` was refused because of `why`.
pub fn offers_for(session: &Session, mover: Color, at: Coord, why: &IllegalMove) -> Vec<Offer> {
    let void = |article| vec![ruling(Event::Void(mover, at), OfferKind::Void, article)];
    match why {
        IllegalMove::Suicide => void("19"),
        IllegalMove::Ko { .. } => void("20.1"),
        IllegalMove::Superko { repeats_after_move } => {
            // The position before the opponent's last move comes back: that move captured one
            // stone here and this one takes it back — an ordinary ko, Art. 20.1 whatever the
            // ko rule. Anything longer is a cycle: Art. 20.3.
            let moves = session.game().moves().len();
            if moves >= 1 && *repeats_after_move == moves - 1 {
                void("20.1")
            } else {
                cycle_offers()
            }
        }
        IllegalMove::OffBoard | IllegalMove::Occupied => Vec::new(),
    }
}
