//! The other systems of Art. 27, played through: team round robin and team Swiss with fixed
//! boards, the all-play-all match, the arena, best-of matches and double elimination.

use super::model::{Outcome, System, Tournament};
use super::{csv_import, file, standings};
use std::collections::HashSet;

fn event(csv: &str, system: System, rounds: Option<u32>) -> Tournament {
    let players = csv_import::read_players(csv).unwrap_or_else(|e| panic!("{e}"));
    file::create("", system, rounds, 3, players).unwrap_or_else(|e| panic!("{e}"))
}

/// Pairs and plays rounds until the system refuses (or `max`), Black winning on odd boards.
fn play(t: &mut Tournament, max: u32, result: impl Fn(u32, u32) -> Outcome) -> u32 {
    let mut n = 0;
    for r in 1..=max {
        let Ok(round) = t.propose(r) else { break };
        t.publish(round).unwrap_or_else(|e| panic!("{e}"));
        if let Some(round) = t.round_mut(r) {
            for g in &mut round.games {
                g.outcome = Some(result(r, g.board));
            }
        }
        n = r;
    }
    n
}

const TEAMS: &str = "name,rank,club,team\na1,5d,,A\na2,3d,,A\na3,1k,,A\nb1,4d,,B\nb3,2k,,B\nb2,1d,,B\nc1,6d,,C\nc2,2d,,C\nc3,3k,,C\nd1,3d,,D\nd2,1ld,,D\nd3,5k,,D\n";

#[test]
fn art26_2_team_round_robin_fixed_boards_by_rank() {
    let mut t = event(TEAMS, System::TeamRoundRobin, None);
    assert_eq!(t.rounds, 3);
    let rounds = play(&mut t, 9, |_, b| {
        if b % 2 == 1 {
            Outcome::BlackWins
        } else {
            Outcome::WhiteWins
        }
    });
    assert_eq!(rounds, 3);
    let mut met = HashSet::new();
    for (_, g) in t.games() {
        let (b, w) = (t.name_of(g.black), t.name_of(g.white));
        // Same board on both sides: the digit after the team letter.
        assert_eq!(b[1..], w[1..], "{b} v {w}");
        let (x, y) = (b[..1].to_string(), w[..1].to_string());
        met.insert(if x < y { (x, y) } else { (y, x) });
    }
    // Each pair of teams met once, three boards each: six matches over three rounds.
    assert_eq!(t.games().count(), 6 * 3);
    assert_eq!(met.len(), 6);
    let s = standings(&t);
    assert_eq!(s.rows.len(), 4);
    assert_eq!(
        s.chain,
        ["score", "board_points", "board1", "board2", "board3"]
    );
}

#[test]
fn art28_2_team_swiss_pairs_teams_without_repeats() {
    let mut t = event(TEAMS, System::TeamSwiss, Some(3));
    let rounds = play(&mut t, 3, |r, b| {
        if (r + b) % 2 == 0 {
            Outcome::BlackWins
        } else {
            Outcome::WhiteWins
        }
    });
    assert_eq!(rounds, 3);
    let mut matches = HashSet::new();
    for r in &t.played {
        let mut this_round = HashSet::new();
        for g in &r.games {
            let pair = {
                let (x, y) = (
                    t.name_of(g.black)[..1].to_string(),
                    t.name_of(g.white)[..1].to_string(),
                );
                if x < y { (x, y) } else { (y, x) }
            };
            this_round.insert(pair);
        }
        for m in this_round {
            assert!(matches.insert(m.clone()), "{m:?} met twice");
        }
    }
    assert_eq!(matches.len(), 6);
    let s = standings(&t);
    assert!(s.rows.iter().all(|r| r.value("total").is_some()));
}

#[test]
fn art27_5_all_play_all_every_member_meets_every_opponent() {
    let two = "name,rank,club,team\na1,5d,,A\na2,3d,,A\na3,1k,,A\nb1,4d,,B\nb2,2k,,B\nb3,1d,,B\n";
    let mut t = event(two, System::TeamAllPlay, None);
    assert_eq!(play(&mut t, 9, |_, _| Outcome::BlackWins), 3);
    let met: HashSet<(String, String)> = t
        .games()
        .map(|(_, g)| {
            let (b, w) = (
                t.name_of(g.black).to_string(),
                t.name_of(g.white).to_string(),
            );
            if b < w { (b, w) } else { (w, b) }
        })
        .collect();
    assert_eq!(met.len(), 9);
}

#[test]
fn art27_6_arena_the_winner_stays_until_a_side_has_nobody_left() {
    let two = "name,rank,club,team\na1,5d,,A\na2,3d,,A\na3,1k,,A\nb1,4d,,B\nb2,2k,,B\nb3,1d,,B\n";
    let mut t = event(two, System::Arena, None);
    // Team A's player always wins: a1 beats b1, b2, b3 and the arena ends after three games.
    let mut r = 1;
    while let Ok(round) = t.propose(r) {
        t.publish(round).unwrap_or_else(|e| panic!("{e}"));
        let Some(x) = t.round_mut(r) else { break };
        let g = &mut x.games[0];
        let a_black = g.black.0 < 3;
        g.outcome = Some(if a_black {
            Outcome::BlackWins
        } else {
            Outcome::WhiteWins
        });
        r += 1;
    }
    assert_eq!(t.played.len(), 3);
    assert!(
        t.games()
            .all(|(_, g)| t.name_of(g.black) == "a1" || t.name_of(g.white) == "a1")
    );
    let s = standings(&t);
    assert_eq!(s.rows[0].name, "A");
    assert_eq!(
        s.rows[0].value("remaining").map(|v| v.to_string()),
        Some("3".into())
    );
}

#[test]
fn art27_4_best_of_three_stops_at_two_wins_and_alternates_colours() {
    let two = "name,rank\nAn,5d\nBo,5d\n";
    let mut t = event(
        two,
        System::Match {
            games: 3,
            best_of: true,
        },
        None,
    );
    let played = play(&mut t, 9, |_, _| Outcome::BlackWins);
    // Black wins every game and colours alternate: 1–1 after two games, the third decides.
    assert_eq!(played, 3);
    let blacks: Vec<_> = t.games().map(|(_, g)| g.black).collect();
    assert_ne!(blacks[0], blacks[1]);
    assert_eq!(blacks[0], blacks[2]);
    let s = standings(&t);
    assert_eq!(s.rows[0].score.to_string(), "4");
    // Ten-game matches play all ten.
    let mut ten = event(
        two,
        System::Match {
            games: 10,
            best_of: false,
        },
        None,
    );
    assert_eq!(play(&mut ten, 20, |_, _| Outcome::WhiteWins), 10);
}

#[test]
fn art29_4_a_withdrawal_gives_the_match_to_the_opponent() {
    let two = "name,rank,club,team,withdrawn_after_round\nAn,5d,,,1\nBo,5d,,,\n";
    let mut t = event(
        two,
        System::Match {
            games: 5,
            best_of: true,
        },
        None,
    );
    assert_eq!(play(&mut t, 9, |_, _| Outcome::BlackWins), 1);
    let s = standings(&t);
    // Bo needs three wins; An won game 1 or lost it, and the games left are Bo's.
    assert_eq!(s.rows[0].name, "Bo");
    assert_eq!(
        s.rows[0].value("wins").map(|v| v.to_string()),
        Some("3".into())
    );
}

#[test]
fn art27_1_double_elimination_ends_with_one_player_never_beaten_twice() {
    let eight = "name,rank\nA,9d\nB,8d\nC,7d\nD,6d\nE,5d\nF,4d\nG,3d\nH,2d\n";
    let mut t = event(eight, System::DoubleKnockout, None);
    let rounds = play(&mut t, 30, |r, b| {
        if (r + b) % 3 == 0 {
            Outcome::WhiteWins
        } else {
            Outcome::BlackWins
        }
    });
    assert!(rounds >= 4, "{rounds}");
    let s = standings(&t);
    assert!(t.propose(rounds + 1).is_err_and(|e| e.0.contains("over")));
    assert_eq!(s.rows.iter().filter(|r| r.place == 1).count(), 1);
    // Nobody played after a second loss.
    for p in t.players.iter() {
        let mut losses = 0;
        for r in &t.played {
            if let Some(g) = r.game_of(p.id) {
                assert!(losses < 2, "{} played after two losses", p.name);
                losses += i32::from(g.points_of(p.id) == 0);
            }
        }
    }
}

#[test]
fn art27_1_knockout_refuses_to_go_on_without_a_winner() {
    let mut t = event("name,rank\nA,9d\nB,8d\nC,7d\n", System::Knockout, None);
    let r1 = t.propose(1).unwrap_or_default();
    // Three players: the top seed has the bye.
    assert_eq!(r1.byes.len(), 1);
    assert_eq!(t.name_of(r1.byes[0]), "A");
    t.publish(r1).unwrap_or_else(|e| panic!("{e}"));
    if let Some(r) = t.round_mut(1) {
        r.games[0].outcome = Some(Outcome::Draw);
    }
    assert!(t.propose(2).is_err_and(|e| e.0.contains("play-off")));
}
