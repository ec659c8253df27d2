//! `players.csv` and `games.csv`, the organiser's spreadsheet (issue 12, item 5):
//!
//! - `name,rank,club,team,withdrawn_after_round` — rank `5d` (national dan), `3ld` (local dan),
//!   `2k` (kyu); the last column empty unless the player withdrew, `0` meaning before the start.
//!   The `name` and `rank` columns are required (a rank may be empty). Optional columns after
//!   these five, in any order (issue 19):
//!   `family,country,city,egd_pin,aga_id,ffg_licence,cn_id` — empty means none.
//! - `round,board,black,white,result,black_warnings,white_warnings` — result `B`, `W`, `D`,
//!   `BF`, `WF`, `LL`, `BYE` (white empty) or empty (not played); an optional `handicap`
//!   column (issue 28) is checked against the published pairing.
//! - `name_latin` (issue 28, optional in players.csv): the name in Latin letters the rating
//!   bodies' files use when the name is written in another script.
//!
//! Columns are found by the header's names, so a spreadsheet may order them differently; a
//! file without a header must use the order above. Every refusal names the file's line.

use super::csv_text::{self, Record};
use super::model::{Game, Outcome, Player, PlayerId, PlayerIds, Round, TournamentError, refuse};
use super::rank::Rank;
use std::collections::{BTreeMap, HashMap, HashSet};

const PLAYER_COLUMNS: [&str; 13] = [
    "name",
    "rank",
    "club",
    "team",
    "withdrawn_after_round",
    "family",
    "country",
    "city",
    "egd_pin",
    "aga_id",
    "ffg_licence",
    "cn_id",
    "name_latin",
];
const GAME_COLUMNS: [&str; 8] = [
    "round",
    "board",
    "black",
    "white",
    "result",
    "black_warnings",
    "white_warnings",
    "handicap",
];

/// Where each known column is, from the header (or the default order without one).
pub(crate) fn columns<'a>(
    records: &'a [Record],
    known: &[&str],
    required: &[&str],
    what: &str,
) -> Result<(Vec<Option<usize>>, &'a [Record]), TournamentError> {
    let Some(first) = records.first() else {
        return Ok((
            known.iter().enumerate().map(|(i, _)| Some(i)).collect(),
            records,
        ));
    };
    let names: Vec<String> = first
        .fields
        .iter()
        .map(|f| f.trim().to_ascii_lowercase())
        .collect();
    if !names.iter().any(|n| known.contains(&n.as_str())) {
        // No header: the known columns in their order; the required ones must be there.
        for r in required {
            let at = known.iter().position(|k| k == r).unwrap_or(0);
            if first.fields.len() <= at {
                return refuse(format!(
                    "{what} line {}: no column {r:?} (without a header the columns are {}, in this order)",
                    first.line,
                    known.join(",")
                ));
            }
        }
        return Ok((
            known.iter().enumerate().map(|(i, _)| Some(i)).collect(),
            records,
        ));
    }
    for (i, n) in names.iter().enumerate() {
        if !n.is_empty() && !known.contains(&n.as_str()) {
            return refuse(format!(
                "{what} line {}: unknown column {:?} (column {}); the columns are {}",
                first.line,
                n,
                i + 1,
                known.join(",")
            ));
        }
    }
    for r in required {
        if !names.iter().any(|n| n == r) {
            return refuse(format!(
                "{what} line {}: no column {r:?} (the columns are {}; a value may be empty, the column may not be missing)",
                first.line,
                known.join(",")
            ));
        }
    }
    let map = known
        .iter()
        .map(|k| names.iter().position(|n| n == k))
        .collect();
    Ok((map, &records[1..]))
}

/// The trimmed text of a record's column (empty when the column or the field is missing).
pub(crate) fn cell(record: &Record, column: Option<usize>) -> &str {
    column
        .and_then(|c| record.fields.get(c))
        .map_or("", |s| s.trim())
}

/// Reads players.csv. Names must be unique and non-empty.
pub fn read_players(text: &str) -> Result<Vec<Player>, TournamentError> {
    let records = csv_text::read(text).map_err(|e| TournamentError(format!("players.csv {e}")))?;
    let (cols, rows) = columns(&records, &PLAYER_COLUMNS, &["name", "rank"], "players.csv")?;
    let mut players: Vec<Player> = Vec::new();
    let mut lines: HashMap<String, usize> = HashMap::new();
    for r in rows {
        let name = cell(r, cols[0]).to_string();
        if name.is_empty() {
            return refuse(format!("players.csv line {}: the name is empty", r.line));
        }
        if let Some(first) = lines.insert(name.clone(), r.line) {
            return refuse(format!(
                "players.csv line {}: {name:?} is already on line {first}; names must be unique",
                r.line
            ));
        }
        let rank_text = cell(r, cols[1]);
        let rank = if rank_text.is_empty() {
            None
        } else {
            Some(
                Rank::parse(rank_text)
                    .map_err(|e| TournamentError(format!("players.csv line {}: {e}", r.line)))?,
            )
        };
        let withdrawn = cell(r, cols[4]);
        let withdrawn_after_round = if withdrawn.is_empty() {
            None
        } else {
            Some(withdrawn.parse::<u32>().map_err(|_| {
                TournamentError(format!(
                    "players.csv line {}: withdrawn_after_round {withdrawn:?} is not a round number (0 = before the start)",
                    r.line
                ))
            })?)
        };
        let text = |i: usize| cell(r, cols[i]).to_string();
        players.push(Player {
            id: PlayerId(players.len() as u32),
            name,
            rank,
            club: text(2),
            team: text(3),
            withdrawn_after_round,
            family: text(5),
            country: text(6).to_ascii_uppercase(),
            city: text(7),
            ids: PlayerIds {
                egd_pin: text(8),
                aga_id: text(9),
                ffg_licence: text(10),
                cn_id: text(11),
            },
            name_latin: text(12),
            ..Player::default()
        });
    }
    if players.is_empty() {
        return refuse("players.csv holds no player");
    }
    Ok(players)
}

/// What a games.csv row says happened.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RowResult {
    /// A game with this outcome.
    Game(Outcome),
    /// `BYE`: Black had the bye.
    Bye,
}

/// One row of games.csv, names resolved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRow {
    /// The line in the file.
    pub line: usize,
    /// The round.
    pub round: u32,
    /// The board, when given.
    pub board: Option<u32>,
    /// Black (or the player with the bye).
    pub black: PlayerId,
    /// White (none for a bye).
    pub white: Option<PlayerId>,
    /// The result.
    pub result: RowResult,
    /// Black's warnings.
    pub black_warnings: u32,
    /// White's warnings.
    pub white_warnings: u32,
    /// The handicap, when the file gives one (a `handicap` column).
    pub handicap: Option<u32>,
}

fn number(r: &Record, col: Option<usize>, what: &str) -> Result<Option<u32>, TournamentError> {
    let t = cell(r, col);
    if t.is_empty() {
        return Ok(None);
    }
    t.parse::<u32>().map(Some).map_err(|_| {
        TournamentError(format!(
            "games.csv line {}: {what} {t:?} is not a whole number",
            r.line
        ))
    })
}

/// Reads games.csv against `players`: unknown names, a player twice in a round, a player
/// against themselves, and any row after a player's `withdrawn_after_round` are refused.
pub fn read_game_rows(text: &str, players: &[Player]) -> Result<Vec<GameRow>, TournamentError> {
    let records = csv_text::read(text).map_err(|e| TournamentError(format!("games.csv {e}")))?;
    let (cols, rows) = columns(
        &records,
        &GAME_COLUMNS,
        &["round", "black", "white", "result"],
        "games.csv",
    )?;
    let by_name: HashMap<&str, &Player> = players.iter().map(|p| (p.name.as_str(), p)).collect();
    let find = |r: &Record, name: &str, side: &str| -> Result<&Player, TournamentError> {
        by_name.get(name).copied().ok_or_else(|| {
            TournamentError(format!(
                "games.csv line {}: {side} {name:?} is not in players.csv (names must match exactly)",
                r.line
            ))
        })
    };
    let mut out = Vec::new();
    let mut seen: HashMap<(u32, PlayerId), usize> = HashMap::new();
    for r in rows {
        let round = number(r, cols[0], "round")?
            .filter(|&n| n >= 1)
            .ok_or_else(|| {
                TournamentError(format!(
                    "games.csv line {}: the round must be 1 or more",
                    r.line
                ))
            })?;
        let board = number(r, cols[1], "board")?;
        let result_text = cell(r, cols[4]);
        let result = if result_text.eq_ignore_ascii_case("BYE") {
            RowResult::Bye
        } else {
            RowResult::Game(Outcome::parse(result_text).ok_or_else(|| {
                TournamentError(format!(
                    "games.csv line {}: result {result_text:?} is not one of B, W, D, BF, WF, LL, BYE or empty",
                    r.line
                ))
            })?)
        };
        let black_name = cell(r, cols[2]);
        if black_name.is_empty() {
            return refuse(format!("games.csv line {}: black is empty", r.line));
        }
        let black = find(r, black_name, "black")?;
        let white_name = cell(r, cols[3]);
        let white = match (result, white_name.is_empty()) {
            (RowResult::Bye, true) => None,
            (RowResult::Bye, false) => {
                return refuse(format!(
                    "games.csv line {}: a BYE row leaves white empty (found {white_name:?})",
                    r.line
                ));
            }
            (RowResult::Game(_), true) => {
                return refuse(format!(
                    "games.csv line {}: white is empty (only a BYE row has no white)",
                    r.line
                ));
            }
            (RowResult::Game(_), false) => Some(find(r, white_name, "white")?),
        };
        if white.is_some_and(|w| w.id == black.id) {
            return refuse(format!(
                "games.csv line {}: {black_name:?} cannot play themselves",
                r.line
            ));
        }
        for p in [Some(black), white].into_iter().flatten() {
            if let Some(w) = p.withdrawn_after_round
                && round > w
            {
                let when = if w == 0 {
                    "before the start".to_string()
                } else {
                    format!("after round {w}")
                };
                return refuse(format!(
                    "games.csv line {}: {:?} withdrew {when}, so round {round} has no row for them",
                    r.line, p.name
                ));
            }
            if let Some(first) = seen.insert((round, p.id), r.line) {
                return refuse(format!(
                    "games.csv line {}: {:?} already has a row in round {round} (line {first})",
                    r.line, p.name
                ));
            }
        }
        let warnings = |col, side| number(r, col, side).map(Option::unwrap_or_default);
        out.push(GameRow {
            line: r.line,
            round,
            board,
            black: black.id,
            white: white.map(|w| w.id),
            result,
            black_warnings: warnings(cols[5], "black_warnings")?,
            white_warnings: warnings(cols[6], "white_warnings")?,
            handicap: number(r, cols[7], "handicap")?,
        });
    }
    Ok(out)
}

/// Rounds built from rows (for standings straight from the CSV files). Boards missing from
/// the file are numbered after the given ones, in file order.
pub fn rounds_from_rows(rows: &[GameRow]) -> Result<Vec<Round>, TournamentError> {
    let mut rounds: BTreeMap<u32, Round> = BTreeMap::new();
    let mut boards: HashSet<(u32, u32)> = HashSet::new();
    for row in rows {
        let round = rounds.entry(row.round).or_insert_with(|| Round {
            number: row.round,
            ..Round::default()
        });
        match (row.result, row.white) {
            (RowResult::Bye, _) | (_, None) => round.byes.push(row.black),
            (RowResult::Game(outcome), Some(white)) => {
                if let Some(b) = row.board
                    && !boards.insert((row.round, b))
                {
                    return refuse(format!(
                        "games.csv line {}: round {} has two games on board {b}",
                        row.line, row.round
                    ));
                }
                round.games.push(Game {
                    board: row.board.unwrap_or(0),
                    black: row.black,
                    white,
                    outcome: Some(outcome),
                    black_warnings: row.black_warnings,
                    white_warnings: row.white_warnings,
                    handicap: row.handicap.unwrap_or(0),
                });
            }
        }
    }
    for round in rounds.values_mut() {
        let mut next = round.games.iter().map(|g| g.board).max().unwrap_or(0);
        for g in round.games.iter_mut().filter(|g| g.board == 0) {
            next += 1;
            g.board = next;
        }
        round.games.sort_by_key(|g| g.board);
    }
    Ok(rounds.into_values().collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    const PLAYERS: &str = "name,rank,club,team,withdrawn_after_round\nAn,5d,Beijing,,\nBo,3ld,,,2\nCe,2k,,,\nDi,,,,0\n";

    fn err(players: &str, games: &str) -> String {
        let p = match read_players(players) {
            Ok(p) => p,
            Err(e) => return e.0,
        };
        match read_game_rows(games, &p) {
            Ok(_) => "accepted".into(),
            Err(e) => e.0,
        }
    }

    #[test]
    fn issue19_optional_columns_in_any_order_after_the_five() {
        let p = read_players(
            "name,rank,club,team,withdrawn_after_round,cn_id,egd_pin,city,family,country,ffg_licence,aga_id\nAn,5d,,,,CN123,12345678,Lyon,Dupont,fr,0512345,777\nBo,2k,,,,,,,,,,\n",
        )
        .unwrap_or_default();
        assert_eq!(p.len(), 2);
        let a = &p[0];
        assert_eq!(
            (a.family.as_str(), a.country.as_str(), a.city.as_str()),
            ("Dupont", "FR", "Lyon")
        );
        assert_eq!(a.ids.egd_pin, "12345678");
        assert_eq!(a.ids.aga_id, "777");
        assert_eq!(a.ids.ffg_licence, "0512345");
        assert_eq!(a.ids.cn_id, "CN123");
        assert!(p[1].ids.is_empty() && p[1].family.is_empty());
        // Only some of them, and the five without the new ones, as before.
        let p = read_players("name,rank,club,team,withdrawn_after_round,egd_pin\nAn,5d,,,,1\n")
            .unwrap_or_default();
        assert_eq!(p[0].ids.egd_pin, "1");
        assert!(
            read_players("name,rank,club,team,withdrawn_after_round,pin\nAn,5d,,,,1\n").is_err()
        );
    }

    #[test]
    fn players_csv_reads_every_column() {
        let p = read_players(PLAYERS).unwrap_or_default();
        assert_eq!(p.len(), 4);
        assert_eq!(p[0].rank, Some(Rank::NationalDan(5)));
        assert_eq!(p[1].rank, Some(Rank::LocalDan(3)));
        assert_eq!(p[1].withdrawn_after_round, Some(2));
        assert_eq!(p[3].withdrawn_after_round, Some(0));
        assert_eq!(p[3].rank, None);
    }

    #[test]
    fn issue12_refusals_name_the_line() {
        let g = "round,board,black,white,result,black_warnings,white_warnings\n";
        for (players, games, says) in [
            (
                "name,rank\nAn,\nAn,\n",
                g,
                "line 3: \"An\" is already on line 2",
            ),
            ("name,club\nAn,X\n", g, "line 1: no column \"rank\""),
            ("An\nBo\n", g, "line 1: no column \"rank\""),
            ("name,rank\nAn,11d\n", g, "line 2: rank \"11d\""),
            (
                PLAYERS,
                "round,board,black,white,result\n1,1,An,Xu,B\n",
                "white \"Xu\" is not in players.csv",
            ),
            (
                PLAYERS,
                "round,board,black,white,result\n3,1,An,Bo,B\n",
                "\"Bo\" withdrew after round 2",
            ),
            (
                PLAYERS,
                "round,board,black,white,result\n1,1,Di,An,B\n",
                "withdrew before the start",
            ),
            (
                PLAYERS,
                "round,board,black,white,result\n1,1,An,Bo,X\n",
                "result \"X\"",
            ),
            (
                PLAYERS,
                "round,board,black,white,result\n1,1,An,Bo,B\n1,2,Ce,An,W\n",
                "already has a row in round 1 (line 2)",
            ),
            (
                PLAYERS,
                "round,board,black,white,result\n1,1,An,,B\n",
                "white is empty",
            ),
            (
                PLAYERS,
                "round,board,black,white,result\n1,1,An,Bo,BYE\n",
                "a BYE row leaves white empty",
            ),
            (
                PLAYERS,
                "round,board,black,white,result\n1,1,An,An,B\n",
                "cannot play themselves",
            ),
            (
                PLAYERS,
                "round,board,black,white,result\n0,1,An,Bo,B\n",
                "round must be 1 or more",
            ),
            (
                PLAYERS,
                "round,board,black,white,result,colour\n",
                "unknown column",
            ),
        ] {
            let e = err(players, games);
            assert!(e.contains(says), "{e:?} should say {says:?}");
        }
        assert_eq!(
            err(
                PLAYERS,
                &format!("{g}1,1,An,Bo,B,1,0\n1,,Ce,,BYE,,\n2,1,Bo,An,\n")
            ),
            "accepted"
        );
    }
}
