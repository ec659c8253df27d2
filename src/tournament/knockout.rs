//! Single elimination seeded by rank (Art. 27.1): a fixed bracket in which seed 1 and seed 2 can
//! only meet in the final (positions 1, 8, 4, 5, 2, 7, 3, 6 for eight), the top seeds taking
//! the byes of a field that is not a power of two. Double elimination is paired like the
//! Swiss within the groups of the unbeaten and the once beaten (see `pairing`).

use super::model::{Outcome, PlayerId, Round, TournamentError, refuse};

/// Bracket positions of seeds 1..=size (size a power of two), as seed numbers.
pub fn seed_positions(size: usize) -> Vec<usize> {
    let mut order = vec![1];
    while order.len() < size {
        let k = order.len() * 2;
        order = order.iter().flat_map(|&x| [x, k + 1 - x]).collect();
    }
    order
}

/// The winner of a knockout game, `None` when both are out (both lose), an error when the game
/// has no winner yet or ended in a draw (a play-off must decide it).
pub fn winner(
    round: u32,
    board: u32,
    black: PlayerId,
    white: PlayerId,
    outcome: Option<Outcome>,
) -> Result<Option<PlayerId>, TournamentError> {
    match outcome {
        Some(Outcome::BlackWins | Outcome::BlackWinsByForfeit) => Ok(Some(black)),
        Some(Outcome::WhiteWins | Outcome::WhiteWinsByForfeit) => Ok(Some(white)),
        Some(Outcome::BothLose) => Ok(None),
        Some(Outcome::Draw | Outcome::NotPlayed) | None => refuse(format!(
            "round {round} board {board} has no winner yet; a knockout game needs one (enter the play-off's result)"
        )),
    }
}

/// The players still in the bracket before `round` (`slots` of size a power of two, `None`
/// for an empty place), replaying the published rounds before it. `plays` says whether a
/// player may play in a round (withdrawn players lose by walkover).
pub fn slots_before(
    seeds: &[PlayerId],
    played: &[Round],
    round: u32,
    plays: &dyn Fn(PlayerId, u32) -> bool,
) -> Result<Vec<Option<PlayerId>>, TournamentError> {
    let size = seeds.len().next_power_of_two().max(2);
    let mut slots: Vec<Option<PlayerId>> = seed_positions(size)
        .into_iter()
        .map(|s| seeds.get(s - 1).copied())
        .collect();
    for r in 1..round {
        let published = played.iter().find(|x| x.number == r);
        let mut next = Vec::with_capacity(slots.len() / 2);
        for pair in slots.chunks(2) {
            let (a, b) = (
                pair[0].filter(|&p| plays(p, r)),
                pair[1].filter(|&p| plays(p, r)),
            );
            next.push(match (a, b) {
                (Some(a), Some(b)) => {
                    let game = published
                        .and_then(|x| x.games.iter().find(|g| g.involves(a) && g.involves(b)));
                    match game {
                        Some(g) => winner(r, g.board, g.black, g.white, g.outcome)?,
                        None => return refuse(format!("round {r} is not paired yet")),
                    }
                }
                (one, None) | (None, one) => one,
            });
        }
        slots = next;
    }
    Ok(slots)
}
