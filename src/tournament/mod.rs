//! Tournaments (issue 12): the competition chapter of the Chinese Weiqi Rules (Art. 26–29).
//!
//! Pure: no files, no windows, no wall clock. The event ([`Tournament`]) is a plain value that
//! the command line and the app load and save (RON, through `crate::files`); everything an
//! arbiter prints — pairings, standings with their tie-break chain, crosstables, the EGF table,
//! OpenGotha's XML — is derived from it by functions here.
//!
//! - [`model`]: players, ranks, systems, rounds, games, results.
//! - [`pairing`] (with [`berger`], [`swiss`], [`knockout`], [`teams`]): the next round.
//! - [`standings`], [`team_standings`]: Art. 28 scoring and tie-breaks, Art. 29 withdrawals,
//!   in exact fractions ([`Ratio`]).
//! - [`csv_import`], [`opengotha`], [`export`]: the files organisers bring and take away.
//! - [`post`]: a finished arbiter session posting its result.
//!
//! Issue 19 (the director's open event):
//! - [`mcmahon`] over [`matching`] (Edmonds' blossom algorithm): McMahon pairing with
//!   handicaps as an optimal weighted matching, explained pair by pair; [`certificate`] lets
//!   anyone re-run a round's pairing.
//! - [`event`]: dates, place, time control, rules, komi, the EGD's class and adjusted time.
//! - [`rating_files`] (EGD `.h9`, AGA report, FFG `.tou`) and [`check`] (the validator);
//!   [`ratings`]: rating lists frozen into the event and the GoR preview.
//! - [`exam`]: rank exams (定级/升级赛) with certificates.
//!
//! Issue 28 (the director's event): [`late_entry`] (players joining after round 1, the
//! score of a missed round), [`manual`] (rounds paired by hand, checked by the event's rules;
//! the pairing faults `check-submission` reports).
//!
//! The one standings function is [`standings()`]: `tournament::standings(&Tournament) ->
//! Standings`, used by the command line, the window, the printed pages and the hall's page.

pub mod berger;
pub mod certificate;
pub mod check;
pub mod csv_import;
pub mod csv_text;
pub mod event;
pub mod exam;
pub mod exam_schedule;
pub mod explain;
pub mod export;
pub mod file;
pub mod graph;
pub mod knockout;
pub mod late_entry;
pub mod manual;
pub mod matching;
pub mod mcmahon;
pub mod model;
pub mod next_best;
pub mod opengotha;
pub mod pairing;
pub mod playoff;
pub mod post;
pub mod rank;
pub mod rating_files;
pub mod ratings;
pub mod ratio;
pub mod rng;
pub mod standings;
pub mod swiss;
pub mod team_standings;
pub mod teams;

pub use model::{
    Extra, Game, Outcome, Player, PlayerId, RankingOptions, Round, System, Tournament,
    TournamentError,
};
pub use rank::Rank;
pub use ratio::Ratio;
pub use standings::{Row, Standings, standings};

/// Builds an event from players.csv and games.csv (for `tournament standings --players
/// --games`, and the app's import): names resolved, every row checked, lots drawn from `seed`.
pub fn from_csv(
    players_csv: &str,
    games_csv: &str,
    system: System,
    seed: u64,
) -> Result<Tournament, TournamentError> {
    let players = csv_import::read_players(players_csv)?;
    let rows = csv_import::read_game_rows(games_csv, &players)?;
    let played = csv_import::rounds_from_rows(&rows)?;
    let rounds = played.iter().map(|r| r.number).max().unwrap_or(0);
    // Two players meeting twice make it a double round robin (Art. 29.2 counts its rounds).
    let mut pairs = std::collections::HashSet::new();
    let met_twice = played
        .iter()
        .flat_map(|r| &r.games)
        .any(|g| !pairs.insert((g.black.min(g.white), g.black.max(g.white))));
    let system = if system == System::RoundRobin && met_twice {
        System::DoubleRoundRobin
    } else {
        system
    };
    let mut t = Tournament::new("", system, rounds, seed, players);
    t.draw_lots();
    t.played = played;
    t.validate()?;
    Ok(t)
}

#[cfg(test)]
mod articles_tests;
#[cfg(test)]
mod pairing_props;
#[cfg(test)]
mod systems_tests;
