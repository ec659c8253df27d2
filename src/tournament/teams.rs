//! Teams of a team event (Art. 26.2): members grouped by the `team` column, boards fixed by
//! rank (分台定人制: "按棋手的段位高低…排定台次，台次排定后不得更动"), equal ranks in the order of
//! registration. In the arena (擂台赛) the order is the team's own, as registered.

use super::model::{PlayerId, System, Tournament, TournamentError, refuse};

/// One team.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Team {
    /// The team's name.
    pub name: String,
    /// Members in board order (board 1 first).
    pub members: Vec<PlayerId>,
}

/// The teams of `t` in order of first registration, with their board order.
pub fn teams(t: &Tournament) -> Result<Vec<Team>, TournamentError> {
    let mut out: Vec<Team> = Vec::new();
    for p in t.entered() {
        if p.team.trim().is_empty() {
            return refuse(format!(
                "{:?} has no team; every player of a team event needs the team column",
                p.name
            ));
        }
        match out.iter_mut().find(|x| x.name == p.team) {
            Some(team) => team.members.push(p.id),
            None => out.push(Team {
                name: p.team.clone(),
                members: vec![p.id],
            }),
        }
    }
    if t.system != System::Arena {
        for team in &mut out {
            // Stable: equal ranks keep the order of registration.
            team.members
                .sort_by_key(|&id| std::cmp::Reverse(t.player(id).strength()));
        }
    }
    if out.len() < 2 {
        return refuse("a team event needs at least two teams");
    }
    Ok(out)
}

/// Boards per match: the smallest team's size (larger teams' last members are reserves).
pub fn boards(teams: &[Team]) -> usize {
    teams.iter().map(|t| t.members.len()).min().unwrap_or(0)
}

/// The team of player `p`.
pub fn team_of(teams: &[Team], p: PlayerId) -> Option<usize> {
    teams.iter().position(|t| t.members.contains(&p))
}

/// The board (0-based) of `p` in its team.
pub fn board_of(teams: &[Team], p: PlayerId) -> Option<usize> {
    teams
        .iter()
        .find_map(|t| t.members.iter().position(|&m| m == p))
}
