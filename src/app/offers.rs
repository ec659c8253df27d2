//! The rulings the window offers after a refused move or a cycle, each a button whose name says
//! what it does and its article — from the session's one catalogue
//! ([`crate::session::Session::offer_for_refusal`], [`crate::session::Session::offer_for_repetition`]):
//! a forbidden point → void, one pass (Art. 19); an immediate ko recapture → void, one pass
//! (Art. 20.1) under every ko rule; a longer repetition → draw or replay (Art. 20.3).

use super::command::ArbiterAct;
use crate::i18n::Lang;
use crate::rules::{Color, Coord};
use crate::session::{OfferedRuling, Session};

/// One offered ruling: its act and its words.
#[derive(Clone, Debug, PartialEq)]
pub struct Offer {
    /// What the button does.
    pub act: ArbiterAct,
    ruling: OfferedRuling,
}

impl Offer {
    fn of(ruling: OfferedRuling) -> Offer {
        Offer {
            act: ArbiterAct::Ruling {
                event: ruling.entry.event.clone(),
                article: ruling.entry.article.clone(),
                note: ruling.entry.note.clone(),
            },
            ruling,
        }
    }

    /// The button's text in `lang`, with its article, e.g. "Void: counts as one pass (Art. 20.1)".
    pub fn label(&self, lang: Lang) -> String {
        self.ruling.button_text(lang)
    }
}

/// What the arbiter is offered when `mover`'s stone on `at` was refused.
pub fn offers_for(session: &Session, mover: Color, at: Coord) -> Vec<Offer> {
    session
        .offer_for_refusal(mover, at)
        .map(|o| o.rulings.into_iter().map(Offer::of).collect())
        .unwrap_or_default()
}

/// What the arbiter is offered while a cycle played under simple ko stands (Art. 20.3).
pub fn repetition_offers(session: &Session) -> Vec<Offer> {
    session
        .offer_for_repetition()
        .map(|o| o.rulings.into_iter().map(Offer::of).collect())
        .unwrap_or_default()
}
