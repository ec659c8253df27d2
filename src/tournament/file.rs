//! The tournament file: a new event from its players, and the RON text saved on disk (the
//! command line and the app write it through `crate::files::write_atomically`).

use super::berger;
use super::model::{Player, System, Tournament, TournamentError, refuse};
use super::teams;

/// The newest file format this build reads and the one it writes. Format 2 (issue 19) adds
/// the event's dates, place, time control and rules, McMahon settings, the director's pairs to
/// avoid, players' ids, country, city and family, handicaps, pairing certificates, play-off
/// rounds, the frozen rating list, the rank exam's table and the lots drawn again; every new
/// field has a default, so format-1 files open unchanged. Format 3 (issue 28) adds late
/// entries (`joined_in_round`) and the missed-round value, the settings log, `name_latin`,
/// and sealed and manual certificates; an older build refuses such a file rather than pair a
/// late entrant in the rounds before their entry.
pub const FORMAT: u32 = 3;

/// Rounds a system needs for `n` entrants when the organiser does not say.
fn default_rounds(system: System, t: &Tournament) -> Result<u32, TournamentError> {
    let n = t.entered().count();
    let log2 = |n: usize| (usize::BITS - n.saturating_sub(1).leading_zeros()).max(1);
    Ok(match system {
        System::RoundRobin => berger::total_rounds(n, false),
        System::DoubleRoundRobin => berger::total_rounds(n, true),
        System::Swiss | System::McMahon => (log2(n) + 1).min(n.saturating_sub(1).max(1) as u32),
        System::RankExam => 5.min(n.saturating_sub(1).max(1) as u32),
        System::Knockout => log2(n),
        System::DoubleKnockout => 2 * log2(n) + 1,
        System::MultiKnockout { lives } => lives.max(2) * log2(n) + 1,
        System::Match { games, .. } => games,
        System::TeamRoundRobin => berger::total_rounds(teams::teams(t)?.len(), false),
        System::TeamSwiss => {
            let k = teams::teams(t)?.len();
            (log2(k) + 1).min(k.saturating_sub(1).max(1) as u32)
        }
        System::TeamAllPlay => teams::boards(&teams::teams(t)?) as u32,
        System::Arena => (n.saturating_sub(1)) as u32,
    })
}

/// A new event: players numbered in file order, lots drawn from `seed`, rounds checked
/// against the system (a round robin has exactly its Berger table's rounds).
pub fn create(
    name: &str,
    system: System,
    rounds: Option<u32>,
    seed: u64,
    players: Vec<Player>,
) -> Result<Tournament, TournamentError> {
    let mut t = Tournament::new(name, system, 0, seed, players);
    t.validate()?;
    let n = t.entered().count();
    if n < 2 {
        return refuse(format!("an event needs at least two players; {n} entered"));
    }
    if let System::Match { .. } = system
        && n != 2
    {
        return refuse(format!("a match is for two players; {n} entered"));
    }
    if system == System::McMahon {
        t.mcmahon = Some(Default::default());
    }
    t.draw_lots();
    let needed = default_rounds(system, &t)?;
    t.rounds = match rounds {
        None => needed,
        Some(0) => return refuse("an event has at least one round"),
        Some(r)
            if matches!(
                system,
                System::RoundRobin | System::DoubleRoundRobin | System::TeamRoundRobin
            ) && r != needed =>
        {
            return refuse(format!("this round robin has {needed} rounds, not {r}"));
        }
        Some(r) => r,
    };
    Ok(t)
}

/// The event as RON text, in the newest format.
pub fn to_ron(t: &Tournament) -> Result<String, TournamentError> {
    let mut t = t.clone();
    t.format = FORMAT;
    ron::ser::to_string_pretty(&t, ron::ser::PrettyConfig::default())
        .map_err(|e| TournamentError(format!("cannot write the event: {e}")))
}

/// Reads an event from RON text and checks it.
pub fn from_ron(text: &str) -> Result<Tournament, TournamentError> {
    let t: Tournament =
        ron::from_str(text).map_err(|e| TournamentError(format!("not a tournament file: {e}")))?;
    if t.format > FORMAT {
        return refuse(format!(
            "the file is format {}, newer than this program reads ({FORMAT})",
            t.format
        ));
    }
    t.validate()?;
    Ok(t)
}
