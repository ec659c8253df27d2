//! The new-game dialog's fields, without egui: what the dialog edits (board size, ko rule, komi
//! in stones, handicap, time control, players, the arbiter's PIN, the event's lines) and the
//! setup they describe. The shell owns the dialog while it is open (a form: the host knows only
//! that it is open, [`crate::app::host::Host::new_game`]); the host reads the setup of the
//! saved choices from it at start.

use crate::app::settings::{SavedKoRule, Settings};
use crate::clock::TimeControl;
use crate::i18n::{Lang, Msg};
use crate::rules::{KoRule, Komi, MAX_SIZE, MIN_SIZE, Rules};
use crate::session::{GameSetup, Handicap, Player};

/// The clock of a clock-only session when the last game had none: a local event's Chinese
/// byo-yomi.
pub const CLOCK_ONLY_SPEC: &str = "chinese:limit=60m,reserve=5";

/// A new game: its setup and the arbiter's PIN that locks its rulings.
#[derive(Clone, Debug, PartialEq)]
pub struct NewGameRequest {
    /// The setup.
    pub setup: GameSetup,
    /// The arbiter's PIN (at least 6 characters), or none for a game without rulings.
    pub pin: Option<String>,
}

/// How the dialog was asked for (the host's state while it is open).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NewGameAsk {
    /// Counts the openings: a dialog opened again starts from the saved choices again.
    pub seq: u64,
    /// For a clock-only session (View → Clock only).
    pub clock_only: bool,
}

/// The dialog's fields while it is open.
#[derive(Clone, Debug, PartialEq)]
pub struct NewGameDialog {
    /// Board size.
    pub size: u8,
    /// Ko rule.
    pub ko: SavedKoRule,
    /// Komi in quarter-stones.
    pub komi_quarters: i32,
    /// Handicap stones (0 or 2–9).
    pub handicap: u8,
    /// Free placement instead of the fixed points.
    pub free_handicap: bool,
    /// Black's name and rank.
    pub black: Player,
    /// White's name and rank.
    pub white: Player,
    /// The clock SPEC, empty for no clock.
    pub time_spec: String,
    /// The arbiter's PIN for this game's rulings (empty: a game without rulings).
    pub pin: String,
    /// The event's name.
    pub event: String,
    /// The round.
    pub round: String,
    /// The table.
    pub table: String,
    /// How the colours were decided (Art. 10).
    pub colours: crate::session::Colours,
    /// The app records the clock only, beside a physical board.
    pub clock_only: bool,
    /// The komi of an even game, restored when the handicap goes back to none.
    pub even_komi_quarters: i32,
}

impl NewGameDialog {
    /// The dialog filled with the saved defaults.
    pub fn from_settings(s: &Settings) -> NewGameDialog {
        NewGameDialog {
            size: s.new_size.clamp(MIN_SIZE, MAX_SIZE),
            ko: s.new_ko,
            komi_quarters: s.new_komi_quarters,
            handicap: 0,
            free_handicap: false,
            black: Player::default(),
            white: Player::default(),
            time_spec: s.new_time_control.clone(),
            pin: String::new(),
            event: String::new(),
            round: String::new(),
            table: String::new(),
            colours: crate::session::Colours::Given,
            clock_only: false,
            even_komi_quarters: s.new_komi_quarters,
        }
    }

    /// The new game asked for: the setup and the arbiter's PIN, or why not (in `lang`).
    pub fn request(&self, lang: Lang) -> Result<NewGameRequest, String> {
        let setup = self.setup(lang)?;
        let pin = if self.pin.is_empty() {
            None
        } else {
            crate::seal::check_pin(&self.pin).map_err(|_| {
                lang.pick(
                    "裁判密码至少6个字符（建议8个以上，含字母）",
                    "裁判密碼至少6個字元（建議8個以上，含字母）",
                    "The arbiter PIN needs at least 6 characters (8 or more with letters recommended)",
                )
                .to_owned()
            })?;
            Some(self.pin.clone())
        };
        Ok(NewGameRequest { setup, pin })
    }

    /// The setup the fields describe, or why they do not describe one (in `lang`).
    pub fn setup(&self, lang: Lang) -> Result<GameSetup, String> {
        let time_control = match self.time_spec.trim() {
            "" => None,
            spec => Some(
                spec.parse::<TimeControl>()
                    .map_err(|e| format!("{}: {e}", lang.tr(Msg::ClockSpec)))?,
            ),
        };
        let handicap = match (self.handicap, self.free_handicap) {
            (0 | 1, _) => Handicap::None,
            (n, false) => Handicap::Fixed(n),
            (n, true) => Handicap::Free(n),
        };
        let ko = match self.ko {
            SavedKoRule::Positional => KoRule::Positional,
            SavedKoRule::Situational => KoRule::Situational,
            SavedKoRule::Simple => KoRule::Simple,
        };
        Ok(GameSetup {
            size: self.size,
            rules: Rules {
                ko,
                komi: Komi(self.komi_quarters),
                handicap_komi_return: true,
            },
            handicap,
            black: self.black.clone(),
            white: self.white.clone(),
            time_control,
            mode: if self.clock_only {
                crate::session::Mode::ClockOnly
            } else {
                crate::session::Mode::Board
            },
            colours: self.colours.clone(),
            event: self.event.trim().to_owned(),
            round: self.round.trim().to_owned(),
            table: self.table.trim().to_owned(),
            ..GameSetup::default()
        })
    }

    /// The dialog as `ask` opens it: the saved choices, and a clock for a clock-only session.
    pub fn asked(s: &Settings, ask: NewGameAsk) -> NewGameDialog {
        let mut d = NewGameDialog::from_settings(s);
        if ask.clock_only {
            d.clock_only = true;
            // A clock-only session needs a clock.
            if d.time_spec.trim().is_empty() {
                d.time_spec = CLOCK_ONLY_SPEC.to_owned();
            }
        }
        d
    }
}

/// Komi in stones and points, e.g. `3¾ 子（7.5 目）`.
pub fn komi_text(k: Komi, lang: Lang) -> String {
    match lang {
        Lang::ZhHans => format!("{k} 子（{} 目）", k.points()),
        Lang::ZhHant => format!("{k} 子（{} 目）", k.points()),
        Lang::En => format!("{k} stones ({} points)", k.points()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_dialog_gives_the_chinese_rules() {
        let d = NewGameDialog::from_settings(&Settings::default());
        let setup = d.setup(Lang::En).expect("valid");
        assert_eq!(setup.size, 19);
        assert_eq!(setup.rules, Rules::default());
        assert_eq!(setup.time_control, None);
    }

    #[test]
    fn a_bad_time_spec_is_explained() {
        let d = NewGameDialog {
            time_spec: "chinese:limit=banana".into(),
            ..NewGameDialog::from_settings(&Settings::default())
        };
        assert!(d.setup(Lang::En).is_err());
    }

    #[test]
    fn handicap_choices_map_to_placements() {
        let mut d = NewGameDialog::from_settings(&Settings::default());
        d.handicap = 4;
        assert_eq!(
            d.setup(Lang::En).map(|s| s.handicap),
            Ok(Handicap::Fixed(4))
        );
        d.free_handicap = true;
        assert_eq!(d.setup(Lang::En).map(|s| s.handicap), Ok(Handicap::Free(4)));
    }
}
