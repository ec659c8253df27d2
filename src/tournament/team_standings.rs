//! Team standings (Art. 28.2): board points as in individual games (2/1/0); a match gives
//! match points 2/1/0 by comparing board points. Round robin: match points, then board points,
//! then board 1's points, board 2's, …; all equal → shared. Swiss: match points first (more
//! match points always rank above fewer, the reading of issue 19), then the total = match
//! points + (sum of opponents' match points ÷ (½ × the most match points) − rounds), then the
//! round-robin order. The chain's comparator and the total are `standings`' own. Art. 29.4: a member who withdrew leaves their board's games to the other
//! side. A team bye in a Swiss counts as a won match (2 match points) with no board points.
//! The all-play-all match and the arena are ranked by games won and players left.

use super::model::{PlayerId, System, Tournament};
use super::ratio::Ratio;
use super::standings::{Row, Standings, place_rows};
use super::teams::{self, Team};
use std::collections::BTreeMap;

/// One team match as counted.
#[derive(Clone, Debug, Default)]
struct MatchTally {
    board_points: [i64; 2],
    per_board: [Vec<i64>; 2],
}

/// The matches of each round: (round, team a, team b) → tally, with Art. 29.4's awards.
fn tallies(
    t: &Tournament,
    teams: &[Team],
    before: u32,
) -> BTreeMap<(u32, usize, usize), MatchTally> {
    let boards = teams::boards(teams);
    let mut out: BTreeMap<(u32, usize, usize), MatchTally> = BTreeMap::new();
    for r in t.played.iter().filter(|r| r.number < before && !r.playoff) {
        for g in &r.games {
            let (Some(tb), Some(tw)) = (
                teams::team_of(teams, g.black),
                teams::team_of(teams, g.white),
            ) else {
                continue;
            };
            let (a, b) = (tb.min(tw), tb.max(tw));
            let m = out.entry((r.number, a, b)).or_insert_with(|| MatchTally {
                board_points: [0, 0],
                per_board: [vec![0; boards], vec![0; boards]],
            });
            for p in [g.black, g.white] {
                let side = usize::from(teams::team_of(teams, p) == Some(b));
                let pts = g.points_of(p);
                m.board_points[side] += pts;
                if let Some(k) = teams::board_of(teams, p).filter(|&k| k < boards) {
                    m.per_board[side][k] += pts;
                }
            }
        }
    }
    // Art. 29.4: a board left empty by a withdrawn member goes to the other side.
    for (&(round, a, b), m) in out.iter_mut() {
        for k in 0..boards {
            let (pa, pb) = (teams[a].members[k], teams[b].members[k]);
            let played = t
                .round(round)
                .is_some_and(|r| r.games.iter().any(|g| g.involves(pa) || g.involves(pb)));
            if played {
                continue;
            }
            let (ia, ib) = (t.player(pa).plays_in(round), t.player(pb).plays_in(round));
            for (side, present, absent) in [(0, ia, ib), (1, ib, ia)] {
                if present && !absent {
                    m.board_points[side] += 2;
                    m.per_board[side][k] += 2;
                }
            }
        }
    }
    out
}

fn match_points(bp: [i64; 2]) -> [i64; 2] {
    match bp[0].cmp(&bp[1]) {
        std::cmp::Ordering::Greater => [2, 0],
        std::cmp::Ordering::Less => [0, 2],
        std::cmp::Ordering::Equal => [1, 1],
    }
}

fn team_byes(t: &Tournament, teams: &[Team], before: u32) -> Vec<(u32, usize)> {
    t.played
        .iter()
        .filter(|r| r.number < before)
        .flat_map(|r| {
            teams
                .iter()
                .enumerate()
                .filter(|(_, team)| team.members.iter().any(|m| r.byes.contains(m)))
                .map(move |(i, _)| (r.number, i))
        })
        .collect()
}

/// Match points of each team before `round` (for the team Swiss pairing).
pub fn match_points_before(t: &Tournament, teams: &[Team], round: u32) -> Vec<i64> {
    let mut mp = vec![0; teams.len()];
    for (&(_, a, b), m) in &tallies(t, teams, round) {
        let x = match_points(m.board_points);
        mp[a] += x[0];
        mp[b] += x[1];
    }
    if t.system.bye_is_win() {
        for (_, i) in team_byes(t, teams, round) {
            mp[i] += 2;
        }
    }
    mp
}

/// The standings of a team event.
pub fn standings(t: &Tournament) -> Standings {
    let mut notes = Vec::new();
    let teams = match teams::teams(t) {
        Ok(x) => x,
        Err(e) => {
            notes.push(e.0);
            return Standings {
                chain: vec![],
                rows: vec![],
                notes,
                counted: vec![],
                byes: vec![],
                rounds: 0,
            };
        }
    };
    let (counted, byes) = {
        let counted = t
            .played
            .iter()
            .flat_map(|r| {
                r.games.iter().map(move |g| super::standings::Counted {
                    round: r.number,
                    board: g.board,
                    black: g.black,
                    white: g.white,
                    outcome: g.settled(),
                    black_warnings: g.black_warnings,
                    white_warnings: g.white_warnings,
                    awarded: false,
                })
            })
            .collect::<Vec<_>>();
        let byes: Vec<(u32, PlayerId)> = t
            .played
            .iter()
            .flat_map(|r| r.byes.iter().map(move |&p| (r.number, p)))
            .collect();
        (counted, byes)
    };
    let boards = teams::boards(&teams);
    let rounds = t.rounds_with_results();
    let all = tallies(t, &teams, u32::MAX);
    let n = teams.len();
    let mut mp = vec![0i64; n];
    let mut bp = vec![0i64; n];
    let mut per_board = vec![vec![0i64; boards]; n];
    let mut opponents: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (&(_, a, b), m) in &all {
        let x = match_points(m.board_points);
        for (side, team) in [(0, a), (1, b)] {
            mp[team] += x[side];
            bp[team] += m.board_points[side];
            for (total, points) in per_board[team].iter_mut().zip(&m.per_board[side]) {
                *total += points;
            }
        }
        opponents[a].push(b);
        opponents[b].push(a);
    }
    let swiss = t.system == System::TeamSwiss;
    if swiss {
        for (_, i) in team_byes(t, &teams, u32::MAX) {
            mp[i] += 2;
        }
    }
    let board_keys: Vec<String> = (1..=boards).map(|k| format!("board{k}")).collect();
    let chain: Vec<String> = match t.system {
        System::TeamSwiss => ["score", "total", "board_points"]
            .iter()
            .map(|s| s.to_string())
            .chain(board_keys.iter().cloned())
            .collect(),
        System::TeamAllPlay => vec!["board_points".into()],
        System::Arena => vec!["remaining".into(), "wins".into()],
        _ => ["score", "board_points"]
            .iter()
            .map(|s| s.to_string())
            .chain(board_keys.iter().cloned())
            .collect(),
    };
    let arena_left = if t.system == System::Arena {
        t.arena_state(u32::MAX).ok().map(|next| {
            [
                teams[0].members.len().saturating_sub(next[0]),
                teams[1].members.len().saturating_sub(next[1]),
            ]
        })
    } else {
        None
    };
    let rows = teams
        .iter()
        .enumerate()
        .map(|(i, team)| {
            let mut values = Vec::new();
            if swiss {
                let sum: i64 = opponents[i].iter().map(|&o| mp[o]).sum();
                let (total, bracket) =
                    super::standings::swiss_total(Ratio::int(mp[i]), Ratio::int(sum), rounds);
                values.push(("total".to_string(), total));
                values.push(("bracket".into(), bracket));
                values.push(("opponents".into(), Ratio::int(sum)));
            }
            values.push(("board_points".into(), Ratio::int(bp[i])));
            for (k, key) in board_keys.iter().enumerate() {
                values.push((key.clone(), Ratio::int(per_board[i][k])));
            }
            let wins = counted
                .iter()
                .filter(|g| {
                    team.members
                        .iter()
                        .any(|&m| g.involves(m) && g.points_of(m) == 2)
                })
                .count() as i64;
            values.push(("wins".into(), Ratio::int(wins)));
            if let Some(left) = arena_left {
                values.push(("remaining".into(), Ratio::int(left[i] as i64)));
            }
            let score = match t.system {
                System::TeamAllPlay | System::Arena => Ratio::int(bp[i]),
                _ => Ratio::int(mp[i]),
            };
            Row {
                place: 0,
                shared: false,
                name: team.name.clone(),
                players: team.members.clone(),
                score,
                values,
                decided_by: None,
                withdrawn_after: None,
            }
        })
        .collect();
    let rows = place_rows(rows, &chain, t.ranking.shared_places, t.seed, &mut notes);
    Standings {
        chain,
        rows,
        notes,
        counted,
        byes,
        rounds,
    }
}
