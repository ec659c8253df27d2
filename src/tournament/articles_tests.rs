//! Worked examples of Art. 28–29, each computed by hand from the article in the comment beside
//! it, and checked through the CSV import like an organiser's spreadsheet.

use super::{Outcome, System, from_csv, standings};

/// Places as `name place[=] score key=value …` lines for the keys asked.
fn table(players: &str, games: &str, system: System, keys: &[&str], shared: bool) -> String {
    let mut t = match from_csv(players, games, system, 1) {
        Ok(t) => t,
        Err(e) => return format!("refused: {e}"),
    };
    t.ranking.shared_places = shared;
    let s = standings(&t);
    s.rows
        .iter()
        .map(|r| {
            let mut line = format!(
                "{} {}{} {}",
                r.name,
                r.place,
                if r.shared { "=" } else { "" },
                r.score
            );
            for k in keys {
                line.push_str(&format!(
                    " {k}={}",
                    r.value(k).map_or("-".to_string(), |v| v.to_string())
                ));
            }
            if let Some(d) = &r.decided_by {
                line.push_str(&format!(" by:{d}"));
            }
            line
        })
        .collect::<Vec<_>>()
        .join("\n")
}

const G: &str = "round,board,black,white,result,black_warnings,white_warnings\n";
const FOUR: &str =
    "name,rank,club,team,withdrawn_after_round\nAn,5d,,,\nBo,4d,,,\nCe,3d,,,\nDi,2d,,,\n";

fn check(players: &str, games: &str, system: System, keys: &[&str], want: &str) {
    assert_eq!(
        table(players, &format!("{G}{games}"), system, keys, true),
        want.trim()
    );
}

#[test]
fn art28_1_a_beaten_plus_half_drawn_breaks_a_score_tie() {
    // R1 An–Bo B, Ce–Di B; R2 An–Ce D, Bo–Di B; R3 Di–An B (Di wins), Ce–Bo B (Ce wins).
    // Scores: Ce 2+1+2 = 5, An 2+1+0 = 3, Bo 0+2+0 = 2, Di 0+0+2 = 2.
    // A: Ce beat Di (2) and Bo (2), drew An (3): 2 + 2 + 3/2 = 5.5. An beat Bo (2), drew Ce
    // (5): 2 + 2.5 = 4.5. Di beat An (3): 3. Bo beat Di (2): 2. So Di is above Bo by A.
    let games = "1,1,An,Bo,B,,\n1,2,Ce,Di,B,,\n2,1,An,Ce,D,,\n2,2,Bo,Di,B,,\n3,1,Di,An,B,,\n3,2,Ce,Bo,B,,\n";
    let want = "Ce 1 5 A=5.5\nAn 2 3 A=4.5 by:score\nDi 3 2 A=3 by:score\nBo 4 2 A=2 by:A";
    check(FOUR, games, System::RoundRobin, &["A"], want);
    // A win by forfeit is a win everywhere, criterion A included: the same table.
    let forfeits = games
        .replace("1,1,An,Bo,B", "1,1,An,Bo,BF")
        .replace("3,1,Di,An,B", "3,1,Di,An,BF");
    check(FOUR, &forfeits, System::RoundRobin, &["A"], want);
}

#[test]
fn art28_1_b_fewer_warnings_then_c_shared_then_d_lot() {
    // Three players, a cycle: An beats Bo, Bo beats Ce, Ce beats An; each rests once.
    // Scores all 2; A all 2 (each beat one player of score 2). An had one warning (B): Bo and
    // Ce are equal on everything and share first place (C); An is third.
    let p = "name,rank\nAn,1d\nBo,1d\nCe,1d\n";
    let games = format!("{G}1,1,An,Bo,B,1,0\n2,1,Bo,Ce,B,,\n3,1,Ce,An,B,,\n");
    assert_eq!(
        table(p, &games, System::RoundRobin, &["A", "warnings"], true),
        "Bo 1= 2 A=2 warnings=0\nCe 1= 2 A=2 warnings=0\nAn 3 2 A=2 warnings=1 by:warnings"
    );
    // (D) When places may not be shared, a lot drawn from the seed separates Bo and Ce.
    let lot = table(p, &games, System::RoundRobin, &[], false);
    let lines: Vec<&str> = lot.lines().collect();
    assert_eq!(lines.len(), 3);
    assert!(
        lines[0].ends_with(" 1 2") && lines[1].ends_with(" 2 2 by:lot"),
        "{lot}"
    );
    assert_eq!(lines[2], "An 3 2 by:warnings");
    assert_eq!(
        lot,
        table(p, &games, System::RoundRobin, &[], false),
        "the lot is seeded"
    );
}

#[test]
fn art28_1_2_swiss_total_with_a_bye_adding_nothing() {
    // Five players, two rounds. R1 An–Bo B, Ce–Di W, Ed bye; R2 An–Di D (Di one warning),
    // Bo–Ed B, Ce bye. Scores (a bye counts as a win): An 3, Di 3, Bo 2, Ce 2, Ed 2.
    // Bracket = sum of opponents' scores ÷ (½ × 最高积分 = 2) − 2 rounds:
    // An: (Bo 2 + Di 3)/2 − 2 = 0.5 → 3.5; Di: (Ce 2 + An 3)/2 − 2 = 0.5 → 3.5 (one warning);
    // Bo: (An 3 + Ed 2)/2 − 2 = 0.5 → 2.5; Ce: (Di 3 + bye 0)/2 − 2 = −0.5 → 1.5;
    // Ed: (bye 0 + Bo 2)/2 − 2 = −1 → 1.
    let p = "name,rank\nAn,5d\nBo,4d\nCe,3d\nDi,2d\nEd,1d\n";
    let games = "1,1,An,Bo,B,,\n1,2,Ce,Di,W,,\n1,,Ed,,BYE,,\n2,1,An,Di,D,0,1\n2,2,Bo,Ed,B,,\n2,,Ce,,BYE,,\n";
    check(
        p,
        games,
        System::Swiss,
        &["total", "bracket", "opponents"],
        "An 1 3 total=3.5 bracket=0.5 opponents=5\nDi 2 3 total=3.5 bracket=0.5 opponents=5 by:warnings\nBo 3 2 total=2.5 bracket=0.5 opponents=5 by:score\nCe 4 2 total=1.5 bracket=-0.5 opponents=3 by:total\nEd 5 2 total=1 bracket=-1 opponents=2 by:total",
    );
}

#[test]
fn art28_1_2_the_documented_consequence_of_the_bracket() {
    // After 7 rounds: 10 points with opponents averaging 5 → 10 + (35 ÷ 7 − 7) = 8; 8 points
    // with opponents averaging 9 → 8 + (63 ÷ 7 − 7) = 10. The second is ranked first.
    use super::Ratio;
    let total =
        |score: i64, sum: i64| Ratio::int(score) + Ratio::int(sum) / Ratio::int(7) - Ratio::int(7);
    assert_eq!(total(10, 35), Ratio::int(8));
    assert_eq!(total(8, 63), Ratio::int(10));
}

#[test]
fn art29_2_fewer_than_half_the_games_voids_every_result() {
    // Four players: three rounds, half is 1.5. Di withdrew after round 1 with one game (a win
    // over Ce): 1 < 1.5, so it is void and Di has no place. Left: An beat Bo and Ce (4), Bo
    // and Ce drew (1 each); A: An 1 + 1 = 2, Bo ½ × 1 = 0.5, Ce 0.5 → Bo and Ce share second.
    let p = FOUR.replace("Di,2d,,,", "Di,2d,,,1");
    check(
        &p,
        "1,1,An,Bo,B,,\n1,2,Ce,Di,W,,\n2,1,An,Ce,B,,\n3,2,Bo,Ce,D,,\n",
        System::RoundRobin,
        &["A"],
        "An 1 4 A=2\nBo 2= 1 A=0.5 by:score\nCe 2= 1 A=0.5",
    );
}

#[test]
fn art29_2_at_least_half_played_leaves_the_rest_to_the_opponents() {
    // Di withdrew after round 2 with two games (≥ 1.5): Di's results stand and the game
    // against Bo that Di did not play is Bo's win. Scores: An 2+2+0 = 4, Bo 0+2+2 = 4,
    // Ce 0+0+2 = 2, Di 2+0 = 2. A: An beat Bo (4) and Di (2) = 6; Bo beat Ce (2) and Di (2)
    // = 4; Ce beat An (4) = 4; Di beat Ce (2) = 2.
    let p = FOUR.replace("Di,2d,,,", "Di,2d,,,2");
    check(
        &p,
        "1,1,An,Bo,B,,\n1,2,Ce,Di,W,,\n2,1,An,Di,B,,\n2,2,Bo,Ce,B,,\n3,1,Ce,An,B,,\n",
        System::RoundRobin,
        &["A"],
        "An 1 4 A=6\nBo 2 4 A=4 by:A\nCe 3 2 A=4 by:score\nDi 4 2 A=2 by:A",
    );
}

#[test]
fn art29_2_byes_and_rests_are_not_games() {
    // Five players: five rounds, half is 2.5. Ed withdrew after round 3 having rested in
    // round 1 and played two games: 2 < 2.5, so Ed's results are void although three rounds
    // had passed.
    let p = "name,rank,club,team,withdrawn_after_round\nAn,5d,,,\nBo,4d,,,\nCe,3d,,,\nDi,2d,,,\nEd,1d,,,3\n";
    let games = "1,1,An,Bo,B,,\n1,2,Ce,Di,B,,\n2,1,Ed,An,B,,\n2,2,Bo,Ce,B,,\n3,1,Di,Ed,W,,\n3,2,An,Ce,B,,\n";
    let got = table(p, &format!("{G}{games}"), System::RoundRobin, &["A"], true);
    assert!(!got.contains("Ed"), "{got}");
    assert!(got.starts_with("An 1 4"), "An's loss to Ed is void: {got}");
}

#[test]
fn art29_3_swiss_withdrawal_counts_a_times_unplayed_for_opponents() {
    // Di beat An in round 1 and withdrew. After round 2: Di has 2 points from 1 game, A = 2/1
    // capped at 1, one round unplayed: Di counts 2 + 1 × 1 = 3 in the opponents' sums.
    // An: 0 + 2 (beat Bo) = 2; opponents Di 3 + Bo 2 = 5 → 2 + (5/2 − 2) = 2.5.
    // Bo: 2 (beat Ce) + 0 = 2; opponents Ce 2 + An 2 = 4 → 2 + 0 = 2.
    // Ce: 0 + bye 2 = 2; opponents Bo 2 → 2 + (2/2 − 2) = 1.
    // Di: 2; opponents An 2 → 2 + (2/2 − 2) = 1 (Di's own total is not adjusted).
    let p = FOUR.replace("Di,2d,,,", "Di,2d,,,1");
    check(
        &p,
        "1,1,An,Di,W,,\n1,2,Bo,Ce,B,,\n2,1,An,Bo,B,,\n2,,Ce,,BYE,,\n",
        System::Swiss,
        &["total", "opponents"],
        "An 1 2 total=2.5 opponents=5\nBo 2 2 total=2 opponents=4 by:total\nCe 3= 2 total=1 opponents=2 by:total\nDi 3= 2 total=1 opponents=2",
    );
}

#[test]
fn art29_3_a_below_one_gives_fractions() {
    // Six players, three rounds. Fa draws Ed in round 1, loses to An in round 2 and withdraws:
    // 1 point from 2 games, A = 1/2, one round unplayed: Fa counts 1 + 0.5 × 1 = 1.5 for An.
    let p = "name,rank,club,team,withdrawn_after_round\nAn,5d,,,\nBo,4d,,,\nCe,3d,,,\nDi,2d,,,\nEd,1d,,,\nFa,1k,,,2\n";
    let games = "1,1,An,Bo,B,,\n1,2,Ce,Di,B,,\n1,3,Ed,Fa,D,,\n2,1,An,Fa,B,,\n2,2,Bo,Ce,B,,\n2,3,Di,Ed,B,,\n3,1,An,Ce,B,,\n3,2,Bo,Di,B,,\n3,,Ed,,BYE,,\n";
    let got = table(
        p,
        &format!("{G}{games}"),
        System::Swiss,
        &["opponents"],
        true,
    );
    // An's opponents: Bo 4 (0+2+2), Fa 1.5, Ce 2 (2+0+0) → 7.5.
    assert!(got.starts_with("An 1 6 opponents=7.5"), "{got}");
}

#[test]
fn art28_2_team_round_robin_match_points_board_points_then_board_one() {
    // Three teams of two; each match is 2–2 in board points (one game each), so every team
    // has 2 match points and 4 board points. Board 1: Red's first board won both games (4),
    // Blue's one (2), Gold's none (0) → Red, Blue, Gold by board1.
    let p = "name,rank,club,team\nR1,5d,,Red\nR2,3d,,Red\nB1,4d,,Blue\nB2,2d,,Blue\nG1,6d,,Gold\nG2,1d,,Gold\n";
    let games = "1,1,R1,B1,B,,\n1,2,B2,R2,B,,\n2,1,G1,R1,W,,\n2,2,R2,G2,W,,\n3,1,B1,G1,B,,\n3,2,G2,B2,B,,\n";
    check(
        p,
        games,
        System::TeamRoundRobin,
        &["board_points", "board1", "board2"],
        "Red 1 2 board_points=4 board1=4 board2=0\nBlue 2 2 board_points=4 board1=2 board2=2 by:board1\nGold 3 2 board_points=4 board1=0 board2=4 by:board1",
    );
}

#[test]
fn art29_4_a_withdrawn_team_member_leaves_the_board_to_the_other_side() {
    // B2 withdrew after round 1. In round 2 Blue meets Gold with only board 1 played (G1
    // beats B1): Gold's second board gets the game, 4–0 in board points.
    let p = "name,rank,club,team,withdrawn_after_round\nR1,5d,,Red,\nR2,3d,,Red,\nB1,4d,,Blue,\nB2,2d,,Blue,1\nG1,6d,,Gold,\nG2,1d,,Gold,\n";
    let games = "1,1,R1,B1,B,,\n1,2,B2,R2,B,,\n2,1,G1,B1,B,,\n";
    // Red and Blue: one match point and two board points each; board 1: R1 beat B1 → Red.
    check(
        p,
        games,
        System::TeamRoundRobin,
        &["board_points", "board1", "board2"],
        "Gold 1 2 board_points=4 board1=2 board2=2\nRed 2 1 board_points=2 board1=2 board2=0 by:score\nBlue 3 1 board_points=2 board1=0 board2=2 by:board1",
    );
}

#[test]
fn art28_2_team_swiss_total_uses_opponents_match_points() {
    // Four teams of one board, two rounds. R1 A beats B, C beats D; R2 A beats C, B beats D.
    // Match points: A 4, B 2, C 2, D 0. Totals = MP + (sum of opponents' MP ÷ 2 − 2):
    // A 4 + (2+2)/2 − 2 = 4; B 2 + (4+0)/2 − 2 = 2; C 2 + (0+4)/2 − 2 = 2; D 0 + (2+2)/2 − 2 = 0.
    // B and C tie on total and match points; board points equal (2 each) → shared.
    let p = "name,rank,club,team\na,5d,,A\nb,4d,,B\nc,3d,,C\nd,2d,,D\n";
    check(
        p,
        "1,1,a,b,B,,\n1,2,c,d,B,,\n2,1,a,c,B,,\n2,2,b,d,B,,\n",
        System::TeamSwiss,
        &["total"],
        "A 1 4 total=4\nB 2= 2 total=2 by:score\nC 2= 2 total=2\nD 4 0 total=0 by:score",
    );
}

#[test]
fn art27_1_knockout_places_by_the_round_a_player_went_out() {
    check(
        FOUR,
        "1,1,An,Di,B,,\n1,2,Bo,Ce,B,,\n2,1,An,Bo,W,,\n",
        System::Knockout,
        &["reached"],
        "Bo 1 4 reached=3\nAn 2 2 reached=2 by:reached\nCe 3= 0 reached=1 by:reached\nDi 3= 0 reached=1",
    );
}

#[test]
fn opengotha_tiebreak_options_sos_sodos_sosos() {
    // The round robin of the first example: scores Ce 5, An 3, Bo 2, Di 2.
    // SOS: Ce 3+2+2 = 7, An 2+5+2 = 9, Bo 3+2+5 = 10, Di 5+2+3 = 10. SODOS = criterion A.
    // SOSOS: Ce 9+10+10 = 29, An 10+7+10 = 27, Bo 9+10+7 = 26, Di 7+10+9 = 26.
    // Chain score → SOS → SODOS → SOSOS: Bo and Di tie on SOS; Di's SODOS 3 beats Bo's 2.
    let games = format!(
        "{G}1,1,An,Bo,B,,\n1,2,Ce,Di,B,,\n2,1,An,Ce,D,,\n2,2,Bo,Di,B,,\n3,1,Di,An,B,,\n3,2,Ce,Bo,B,,\n"
    );
    let mut t = from_csv(FOUR, &games, System::RoundRobin, 1).unwrap_or_else(|e| panic!("{e}"));
    t.ranking.extras = vec![super::Extra::Sos, super::Extra::Sodos, super::Extra::Sosos];
    let s = standings(&t);
    let got: Vec<String> = s
        .rows
        .iter()
        .map(|r| {
            format!(
                "{} {} {} {} {}",
                r.name,
                r.place,
                r.value("SOS").unwrap_or_default(),
                r.value("SODOS").unwrap_or_default(),
                r.value("SOSOS").unwrap_or_default()
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            "Ce 1 7 5.5 29",
            "An 2 9 4.5 27",
            "Di 3 10 3 26",
            "Bo 4 10 2 26"
        ]
        .map(String::from)
        .to_vec()
    );
}

#[test]
fn issue19_art28_1_2_more_points_always_rank_above_fewer() {
    // The worked example of docs/decisions.md (issue 19). Ten players, four rounds. Z loses to
    // the four strongest (A 8, B 6, C 4, D 6: 24); Y wins once, against weak players (Q 4,
    // R 4, S 2, P 4: 14). Read alone, the total puts Z (0 points) above Y (2 points):
    // Z 0 + 24 ÷ 4 − 4 = 2, Y 2 + 14 ÷ 4 − 4 = 1.5. We rank by the score first and by the
    // total among equal scores.
    let p = "name,rank\nA,5d\nB,4d\nC,3d\nD,2d\nZ,1d\nY,1k\nP,2k\nQ,3k\nR,4k\nS,5k\n";
    let games = "1,1,A,Z,B,,\n1,2,B,C,B,,\n1,3,D,P,B,,\n1,4,Y,Q,B,,\n1,5,R,S,B,,\n\
2,1,B,Z,B,,\n2,2,A,C,B,,\n2,3,D,Q,B,,\n2,4,Y,R,W,,\n2,5,P,S,B,,\n\
3,1,C,Z,B,,\n3,2,A,D,B,,\n3,3,B,R,B,,\n3,4,Y,S,W,,\n3,5,P,Q,W,,\n\
4,1,D,Z,B,,\n4,2,A,B,B,,\n4,3,C,S,B,,\n4,4,Y,P,W,,\n4,5,Q,R,B,,\n";
    check(
        p,
        games,
        System::Swiss,
        &["total"],
        "A 1 8 total=8\nB 2= 6 total=6 by:score\nD 2= 6 total=6\nC 4= 4 total=4 by:score\nQ 4= 4 total=4\nP 6= 4 total=3.5 by:total\nR 6= 4 total=3.5\nS 8= 2 total=1.5 by:score\nY 8= 2 total=1.5\nZ 10 0 total=2 by:score",
    );
}

#[test]
fn issue19_art28_1_b_warnings_of_voided_games_still_count() {
    // The Art. 29.2 example: Di withdrew after round 1 with one game, which is voided. Ce had a
    // warning in that game. The result goes, the warning stays: Bo and Ce no longer share
    // second place; Bo is second by criterion B.
    let p = FOUR.replace("Di,2d,,,", "Di,2d,,,1");
    check(
        &p,
        "1,1,An,Bo,B,,\n1,2,Ce,Di,W,1,0\n2,1,An,Ce,B,,\n3,2,Bo,Ce,D,,\n",
        System::RoundRobin,
        &["A", "warnings"],
        "An 1 4 A=2 warnings=0\nBo 2 1 A=0.5 warnings=0 by:score\nCe 3 1 A=0.5 warnings=1 by:warnings",
    );
}

#[test]
fn issue19_art28_3_play_off_decides_a_place_that_must_be_decided() {
    // The cycle of Art. 28.1 B: Bo and Ce share first place. The organiser says first place
    // must be decided: a play-off round between them, entered like any other, decides it and
    // counts for nothing else.
    let p = "name,rank\nAn,1d\nBo,1d\nCe,1d\n";
    let games = format!("{G}1,1,An,Bo,B,1,0\n2,1,Bo,Ce,B,,\n3,1,Ce,An,B,,\n");
    let mut t = from_csv(p, &games, System::RoundRobin, 1).unwrap_or_else(|e| panic!("{e}"));
    t.decided_places = 1;
    let s = standings(&t);
    let undecided = super::standings::undecided(&t, &s);
    assert_eq!(undecided.len(), 1);
    assert!(
        s.notes
            .iter()
            .any(|n| n.contains("place 1 must be decided")),
        "{:?}",
        s.notes
    );
    let round = t
        .add_playoff(&undecided[0].1)
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(round, 4);
    let ce = t.player_named("Ce").unwrap_or_default();
    if let Some(r) = t.round_mut(round) {
        let g = &mut r.games[0];
        g.outcome = Some(if g.black == ce {
            Outcome::BlackWins
        } else {
            Outcome::WhiteWins
        });
    }
    let s = standings(&t);
    let got: Vec<String> = s
        .rows
        .iter()
        .map(|r| format!("{} {} {} {:?}", r.name, r.place, r.score, r.decided_by))
        .collect();
    assert_eq!(
        got,
        [
            "Ce 1 2 None",
            "Bo 2 2 Some(\"playoff\")",
            "An 3 2 Some(\"warnings\")"
        ]
        .map(String::from)
        .to_vec()
    );
    assert!(undecided_is_empty(&t));
}

fn undecided_is_empty(t: &super::Tournament) -> bool {
    super::standings::undecided(t, &standings(t)).is_empty()
}

#[test]
fn issue19_art27_1_multiple_elimination_out_after_the_third_loss() {
    use crate::tournament::rng::Lot;
    for n in [3usize, 6, 9, 13] {
        let mut csv = String::from("name,rank\n");
        for i in 0..n {
            csv.push_str(&format!("P{i},{}k\n", i + 1));
        }
        let players = super::csv_import::read_players(&csv).unwrap_or_default();
        let mut t = super::file::create("", System::MultiKnockout { lives: 3 }, None, 9, players)
            .unwrap_or_else(|e| panic!("{e}"));
        let mut lot = Lot::new(n as u64, 1);
        let mut round = 1;
        while let Ok(r) = t.propose(round) {
            // Nobody with three losses is paired.
            for g in &r.games {
                for p in [g.black, g.white] {
                    let losses = t
                        .games()
                        .filter(|(_, x)| x.involves(p) && x.points_of(p) == 0)
                        .count();
                    assert!(
                        losses < 3,
                        "n={n} round {round}: {} paired with {losses} losses",
                        t.name_of(p)
                    );
                }
            }
            t.publish(r).unwrap_or_else(|e| panic!("{e}"));
            if let Some(x) = t.round_mut(round) {
                for g in &mut x.games {
                    g.outcome = Some(if lot.coin() {
                        Outcome::BlackWins
                    } else {
                        Outcome::WhiteWins
                    });
                }
            }
            round += 1;
            assert!(round < 100, "n={n}: the elimination never ends");
        }
        let s = standings(&t);
        assert_eq!(s.rows.iter().filter(|r| r.place == 1).count(), 1, "n={n}");
        assert_eq!(
            System::parse("triple-knockout"),
            Some(System::MultiKnockout { lives: 3 })
        );
        assert_eq!(System::MultiKnockout { lives: 4 }.name(), "elimination-4");
        assert_eq!(
            System::parse("elimination-4"),
            Some(System::MultiKnockout { lives: 4 })
        );
    }
}

#[test]
fn issue19_art29_1_withdrawal_before_the_start_draws_a_new_lot() {
    let players = super::csv_import::read_players(
        "name,rank\nA,1d\nB,1d\nC,1d\nD,1d\nE,1d\nF,1d\nG,1d\nH,1d\n",
    )
    .unwrap_or_default();
    let t0 = super::file::create("", System::RoundRobin, None, 5, players)
        .unwrap_or_else(|e| panic!("{e}"));
    let lots = |t: &super::Tournament| -> Vec<u32> { t.players.iter().map(|p| p.lot).collect() };
    // The old behaviour: drawing again with the same seed deals the very same numbers.
    let mut same = t0.clone();
    same.draw_lots();
    assert_eq!(lots(&same), lots(&t0));
    let mut t = t0.clone();
    assert_eq!(t.withdraw("C", 0), Ok(()));
    assert_eq!(t.redraws.len(), 1);
    assert_ne!(t.redraws[0].seed, t.seed);
    assert!(t.redraws[0].reason.contains("Art. 29.1"));
    assert_ne!(lots(&t), lots(&t0), "a new lot");
    // Reproducible: the same file, the same withdrawal, the same new lot.
    let mut again = t0.clone();
    assert_eq!(again.withdraw("C", 0), Ok(()));
    assert_eq!(lots(&again), lots(&t));
    // A second withdrawal draws yet another lot with another seed.
    assert_eq!(t.withdraw("D", 0), Ok(()));
    assert_eq!(t.redraws.len(), 2);
    assert_ne!(t.redraws[0].seed, t.redraws[1].seed);
}

/// A tie of everyone in `players` (round-robin `games`) whose places must all be decided,
/// played off with `decide(black, white)` giving each play-off game's result until
/// `tournament playoff` says every place is decided. After each play-off round, every player
/// who has not yet played in the play-off must still share the best place of the tie.
/// Returns the final `name place` lines and the number of play-off rounds.
fn play_off(
    players: &str,
    games: &str,
    decide: &dyn Fn(&str, &str) -> Outcome,
) -> (Vec<String>, u32) {
    let mut t = from_csv(players, games, System::RoundRobin, 1).unwrap_or_else(|e| panic!("{e}"));
    let n = t.players.len() as u32;
    t.decided_places = n;
    let tie = standings(&t);
    assert!(
        tie.rows.iter().all(|r| r.place == 1 && r.shared),
        "not a tie: {:?}",
        tie.rows
    );
    let mut rounds = 0;
    loop {
        let number = match t.add_playoff_round() {
            Ok(number) => number,
            Err(e) => {
                assert!(
                    e.0.contains("every place that must be decided is decided"),
                    "{e}"
                );
                break;
            }
        };
        rounds += 1;
        assert!(rounds <= 2 * n, "the play-off does not end");
        // A second call before the results are in is refused.
        assert!(t.add_playoff_round().is_err());
        let names: Vec<(String, String)> = t
            .round(number)
            .map(|r| {
                r.games
                    .iter()
                    .map(|g| {
                        (
                            t.name_of(g.black).to_string(),
                            t.name_of(g.white).to_string(),
                        )
                    })
                    .collect()
            })
            .unwrap_or_default();
        if let Some(r) = t.round_mut(number) {
            for (g, (b, w)) in r.games.iter_mut().zip(&names) {
                g.outcome = Some(decide(b, w));
            }
        }
        let s = standings(&t);
        let played: std::collections::HashSet<&str> = t
            .played
            .iter()
            .filter(|r| r.playoff)
            .flat_map(|r| &r.games)
            .flat_map(|g| [t.name_of(g.black), t.name_of(g.white)])
            .collect();
        for r in s.rows.iter().filter(|r| !played.contains(r.name.as_str())) {
            assert!(
                r.place == 1 && r.shared,
                "{} has not played in the play-off yet is placed {}: {:?}",
                r.name,
                r.place,
                s.rows
            );
        }
    }
    let s = standings(&t);
    assert!(s.rows.iter().all(|r| !r.shared), "{:?}", s.rows);
    assert!(super::standings::undecided(&t, &s).is_empty());
    let lines = s
        .rows
        .iter()
        .map(|r| format!("{} {}", r.name, r.place))
        .collect();
    (lines, rounds)
}

/// The stronger of two by a fixed order of names wins.
fn by_order<'a>(order: &'a [&'a str]) -> impl Fn(&str, &str) -> Outcome + 'a {
    move |b: &str, w: &str| {
        let at = |x: &str| order.iter().position(|o| *o == x).unwrap_or(99);
        if at(b) < at(w) {
            Outcome::BlackWins
        } else {
            Outcome::WhiteWins
        }
    }
}

/// Three players, each beating one of the others: a three-way tie on every criterion.
const CYCLE_PLAYERS: &str = "name,rank\nAn,1d\nBo,1d\nCe,1d\n";
const CYCLE_GAMES: &str = "1,1,An,Bo,B,,\n2,1,Bo,Ce,B,,\n3,1,Ce,An,B,,\n";

#[test]
fn issue28_art28_3_three_tied_the_one_waiting_keeps_the_shared_place() {
    let games = format!("{G}{CYCLE_GAMES}");
    // Every order of strength: the play-off ends with the three places decided in that
    // order, in two rounds (the waiting player meets the first winner) or three (then the
    // two losers for second place).
    for order in [
        ["An", "Bo", "Ce"],
        ["An", "Ce", "Bo"],
        ["Bo", "An", "Ce"],
        ["Bo", "Ce", "An"],
        ["Ce", "An", "Bo"],
        ["Ce", "Bo", "An"],
    ] {
        let (lines, rounds) = play_off(CYCLE_PLAYERS, &games, &by_order(&order));
        let want: Vec<String> = order
            .iter()
            .enumerate()
            .map(|(i, n)| format!("{n} {}", i + 1))
            .collect();
        assert_eq!(lines, want);
        assert!((2..=3).contains(&rounds), "{order:?}: {rounds} rounds");
    }
}

#[test]
fn issue28_art28_3_three_tied_after_the_first_game() {
    // The first play-off game is played; the player left out shares first place with its
    // winner, the loser is third; `playoff` pairs the two sharing first.
    let games = format!("{G}{CYCLE_GAMES}");
    let mut t =
        from_csv(CYCLE_PLAYERS, &games, System::RoundRobin, 1).unwrap_or_else(|e| panic!("{e}"));
    t.decided_places = 1;
    let first = t.add_playoff_round().unwrap_or_else(|e| panic!("{e}"));
    let (winner, loser) = {
        let r = t
            .round_mut(first)
            .unwrap_or_else(|| panic!("no round {first}"));
        assert_eq!(r.games.len(), 1);
        r.games[0].outcome = Some(Outcome::BlackWins);
        (r.games[0].black, r.games[0].white)
    };
    let waiting = t
        .players
        .iter()
        .map(|p| p.id)
        .find(|&p| p != winner && p != loser)
        .unwrap_or_default();
    let s = standings(&t);
    let place = |p| {
        s.rows
            .iter()
            .find(|r| r.players == [p])
            .map(|r| (r.place, r.shared))
    };
    assert_eq!(place(winner), Some((1, true)));
    assert_eq!(place(waiting), Some((1, true)), "{:?}", s.rows);
    assert_eq!(place(loser), Some((3, false)));
    let second = t.add_playoff_round().unwrap_or_else(|e| panic!("{e}"));
    let pair = t
        .round(second)
        .map(|r| {
            let mut v: Vec<_> = r.games.iter().flat_map(|g| [g.black, g.white]).collect();
            v.sort();
            v
        })
        .unwrap_or_default();
    let mut want = vec![winner, waiting];
    want.sort();
    assert_eq!(pair, want);
    // The waiting player wins: first; the first winner second; only place 1 had to be
    // decided, so the play-off is over.
    if let Some(r) = t.round_mut(second) {
        let g = &mut r.games[0];
        g.outcome = Some(if g.black == waiting {
            Outcome::BlackWins
        } else {
            Outcome::WhiteWins
        });
    }
    let s = standings(&t);
    let got: Vec<(u32, bool)> = [waiting, winner, loser]
        .iter()
        .map(|&p| {
            s.rows
                .iter()
                .find(|r| r.players == [p])
                .map_or((0, true), |r| (r.place, r.shared))
        })
        .collect();
    assert_eq!(got, [(1, false), (2, false), (3, false)]);
    assert!(t.add_playoff_round().is_err());
}

#[test]
fn issue28_art28_3_four_tied_played_off_to_four_places() {
    // A beats B, B beats C, C beats D, D beats A, A–C and B–D drawn: 3 points each, and
    // criterion A 2 × 3 + 3 ÷ 2 = 4½ each.
    let players = "name,rank\nAn,1d\nBo,1d\nCe,1d\nDi,1d\n";
    let games = format!(
        "{G}1,1,An,Bo,B,,\n1,2,Ce,Di,B,,\n2,1,Bo,Ce,B,,\n2,2,Di,An,B,,\n3,1,An,Ce,D,,\n3,2,Bo,Di,D,,\n"
    );
    for order in [
        ["An", "Bo", "Ce", "Di"],
        ["Di", "Ce", "Bo", "An"],
        ["Bo", "Di", "An", "Ce"],
        ["Ce", "An", "Di", "Bo"],
    ] {
        let (lines, rounds) = play_off(players, &games, &by_order(&order));
        let want: Vec<String> = order
            .iter()
            .enumerate()
            .map(|(i, n)| format!("{n} {}", i + 1))
            .collect();
        assert_eq!(lines, want);
        assert!((3..=4).contains(&rounds), "{order:?}: {rounds} rounds");
    }
}

#[test]
fn issue28_art28_3_a_drawn_play_off_game_decides_nothing() {
    // Two tied for first; their play-off game is drawn (a ruling, or integer komi): they
    // still share first, and `playoff` pairs them again.
    let players = "name,rank\nAn,1d\nBo,1d\n";
    let games = format!("{G}1,1,An,Bo,B,,\n2,1,Bo,An,B,,\n");
    let mut t =
        from_csv(players, &games, System::DoubleRoundRobin, 1).unwrap_or_else(|e| panic!("{e}"));
    t.decided_places = 1;
    let first = t.add_playoff_round().unwrap_or_else(|e| panic!("{e}"));
    if let Some(r) = t.round_mut(first) {
        r.games[0].outcome = Some(Outcome::Draw);
    }
    let s = standings(&t);
    assert!(
        s.rows.iter().all(|r| r.place == 1 && r.shared),
        "{:?}",
        s.rows
    );
    let again = t.add_playoff_round().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(again, first + 1);
    if let Some(r) = t.round_mut(again) {
        r.games[0].outcome = Some(Outcome::WhiteWins);
    }
    let s = standings(&t);
    let white = t.round(again).map(|r| r.games[0].white).unwrap_or_default();
    assert_eq!(s.rows[0].players, [white]);
    assert_eq!(s.rows[0].place, 1);
    assert_eq!(s.rows[1].decided_by.as_deref(), Some("playoff"));
}
