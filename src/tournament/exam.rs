//! Rank exams (定级赛 / 升级赛, issue 19): players play rounds within level groups (the `team`
//! column names the group, else the declared rank does), paired by the weighted matching with
//! pairs across groups ruled out; at the end each player's number of wins (a bye counts as a
//! win) goes through the organiser's table to a change of rank, and a certificate is printed.
//!
//! The table is written `wins:change` items, e.g. `5:+2,4:+1,2-3:0,0-1:-1`: with 4 wins the
//! rank goes up one grade; win counts the table does not name leave the rank unchanged. Ranks
//! move on the consecutive scale (3k + 1 = 2k, 1k + 1 = 1d). A player without a declared rank
//! (a first grading, 定级) starts from the group's rank when the group is named by a rank.
//!
//! **Odd groups (issue 28).** Games never cross level groups by themselves: a group with an
//! odd number of players present gives one of them a bye each round (the lowest score of the
//! group, never twice while another can have it), and the bye counts as the table says —
//! `bye:win` (the default: 轮空计胜, a win and no game) or `bye:none` (轮空不计: neither a win
//! nor a game; the table is then read at the player's win rate over the rounds, wins × rounds
//! ÷ games, rounded down, since the rules grade "by the number of games and the win rate").
//! The director may choose instead `odd:handicap` (or `odd:handicap/C/M`): odd groups are
//! paired two by two, neighbours in rank, with one handicap game between each two — the grade
//! difference less C (default 0: a stone a grade), at least 1 (让先, no komi, Black first), at
//! most M stones (default 9), the weaker taking Black — and one bye when their number is odd.
//! An even game across groups is never made.

use super::mcmahon::{Entrant, rank_at, scale};
use super::model::{PlayerId, Tournament, TournamentError, refuse};
use super::rank::Rank;
use crate::escape::xml as esc;
use crate::i18n::Lang;
use std::fmt::Write as _;

/// The organiser's promotion table.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ExamTable {
    /// `(fewest wins, most wins, grades up (negative: down))`.
    pub steps: Vec<(u32, u32, i32)>,
    /// How a bye counts.
    #[serde(default, skip_serializing_if = "is_default")]
    pub bye: ByeCounts,
    /// What an odd level group does.
    #[serde(default, skip_serializing_if = "is_default")]
    pub odd: OddGroups,
}

fn is_default<T: Default + PartialEq>(x: &T) -> bool {
    *x == T::default()
}

/// How a bye counts in a rank exam.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum ByeCounts {
    /// A win (轮空计胜), not a game.
    #[default]
    Win,
    /// Neither a win nor a game (轮空不计): the table is read at the win rate.
    Nothing,
}

/// What a level group with an odd number of players present does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum OddGroups {
    /// One of its players has a bye.
    #[default]
    Bye,
    /// Odd groups play one handicap game between each two, neighbours in rank.
    Handicap {
        /// Subtracted from the grade difference.
        correction: u32,
        /// The most stones given.
        max: u32,
    },
}

/// The level group's own rank (when its name is one), else the middle of its players' ranks.
fn group_grade(group: &str, members: &[&Entrant]) -> i32 {
    if let Ok(r) = Rank::parse(group) {
        return scale(Some(r));
    }
    let mut g: Vec<i32> = members.iter().map(|e| grade(e)).collect();
    g.sort_unstable();
    g.get(g.len() / 2).copied().unwrap_or(-30)
}

/// A rank-exam player's grade on the scale: the declared rank, else the group's when the
/// group is named by a rank (a McMahon player's declared rank).
pub fn grade(e: &Entrant) -> i32 {
    match Rank::parse(&e.group) {
        Ok(r) if e.scale == scale(None) => scale(Some(r)),
        _ => e.scale,
    }
}

/// The level groups with an odd number of players present, by name.
pub fn odd_groups(entrants: &[Entrant]) -> Vec<String> {
    let mut count: std::collections::BTreeMap<&str, usize> = Default::default();
    for e in entrants {
        *count.entry(e.group.as_str()).or_default() += 1;
    }
    count
        .into_iter()
        .filter(|(_, c)| c % 2 == 1)
        .map(|(g, _)| g.to_string())
        .collect()
}

/// Under `odd:handicap`: the odd groups paired two by two, neighbours in rank (the pairing of
/// least total grade difference), and the one left over for the bye when their number is odd
/// (of equal totals, the weaker group's).
pub fn odd_partners(entrants: &[Entrant]) -> (Vec<(String, String)>, Option<String>) {
    let mut odd: Vec<(i32, String)> = odd_groups(entrants)
        .into_iter()
        .map(|g| {
            let members: Vec<&Entrant> = entrants.iter().filter(|e| e.group == g).collect();
            (group_grade(&g, &members), g)
        })
        .collect();
    odd.sort();
    // On a line, neighbours paired in order is the least total; with an odd count the one
    // left out stands at an even place, so that the rest pair in order.
    let gaps = |list: &[&(i32, String)]| -> i64 {
        list.chunks(2)
            .map(|c| i64::from(c[c.len() - 1].0 - c[0].0))
            .sum()
    };
    let left = if odd.len() % 2 == 1 {
        (0..odd.len()).step_by(2).min_by_key(|&x| {
            let rest: Vec<&(i32, String)> = odd
                .iter()
                .enumerate()
                .filter(|(i, _)| *i != x)
                .map(|(_, g)| g)
                .collect();
            gaps(&rest)
        })
    } else {
        None
    };
    let rest: Vec<&(i32, String)> = odd
        .iter()
        .enumerate()
        .filter(|(i, _)| Some(*i) != left)
        .map(|(_, g)| g)
        .collect();
    let pairs = rest
        .chunks(2)
        .filter(|c| c.len() == 2)
        .map(|c| (c[0].1.clone(), c[1].1.clone()))
        .collect();
    (pairs, left.map(|x| odd[x].1.clone()))
}

/// The handicap of a game across two level groups under `odd:handicap`: the grade difference
/// less `correction`, at least 1 ("no komi, Black first": a game across groups is never even)
/// and at most `max`.
pub fn handicap(a: &Entrant, b: &Entrant, correction: u32, max: u32) -> u32 {
    grade(a)
        .abs_diff(grade(b))
        .saturating_sub(correction)
        .clamp(1, max.max(1))
}

impl ExamTable {
    /// Reads `5:+2,4:+1,2-3:0,0-1:-1`, with optional `bye:win|none` and
    /// `odd:bye|handicap[/C/M]` items.
    pub fn parse(text: &str) -> Result<ExamTable, TournamentError> {
        let mut steps = Vec::new();
        let (mut bye, mut odd) = (ByeCounts::default(), OddGroups::default());
        for item in text.split(',').map(str::trim).filter(|x| !x.is_empty()) {
            if let Some(v) = item.strip_prefix("bye:") {
                bye = match v.trim() {
                    "win" => ByeCounts::Win,
                    "none" => ByeCounts::Nothing,
                    _ => return refuse(format!("exam table item {item:?}: bye:win or bye:none")),
                };
                continue;
            }
            if let Some(v) = item.strip_prefix("odd:") {
                odd = parse_odd(v.trim()).ok_or_else(|| {
                    TournamentError(format!(
                        "exam table item {item:?}: odd:bye, odd:handicap or odd:handicap/C/M (correction C ≤ 9, at most M stones, 1 ≤ M ≤ 9)"
                    ))
                })?;
                continue;
            }
            let bad = || {
                TournamentError(format!(
                    "exam table item {item:?}: write wins:change, e.g. 5:+2 or 2-3:0"
                ))
            };
            let (wins, change) = item.split_once(':').ok_or_else(bad)?;
            let (lo, hi) = match wins.split_once('-') {
                Some((a, b)) => (
                    a.trim().parse().map_err(|_| bad())?,
                    b.trim().parse().map_err(|_| bad())?,
                ),
                None => {
                    let w: u32 = wins.trim().parse().map_err(|_| bad())?;
                    (w, w)
                }
            };
            if lo > hi {
                return Err(bad());
            }
            let change: i32 = change
                .trim()
                .trim_start_matches('+')
                .parse()
                .map_err(|_| bad())?;
            if change.abs() > 9 {
                return refuse(format!("exam table item {item:?}: at most 9 grades"));
            }
            if steps
                .iter()
                .any(|&(a, b, _): &(u32, u32, i32)| lo <= b && a <= hi)
            {
                return refuse(format!("exam table item {item:?} overlaps another"));
            }
            steps.push((lo, hi, change));
        }
        if steps.is_empty() {
            return refuse("the exam table is empty: write e.g. 5:+2,4:+1,2-3:0,0-1:-1");
        }
        steps.sort();
        Ok(ExamTable { steps, bye, odd })
    }

    /// The change for `wins`.
    pub fn change(&self, wins: u32) -> i32 {
        self.steps
            .iter()
            .find(|(lo, hi, _)| (*lo..=*hi).contains(&wins))
            .map_or(0, |s| s.2)
    }

    /// The table as written.
    pub fn text(&self) -> String {
        let mut items: Vec<String> = self
            .steps
            .iter()
            .rev()
            .map(|&(lo, hi, c)| {
                let w = if lo == hi {
                    lo.to_string()
                } else {
                    format!("{lo}-{hi}")
                };
                format!("{w}:{c:+}")
            })
            .collect();
        if self.bye == ByeCounts::Nothing {
            items.push("bye:none".into());
        }
        if let OddGroups::Handicap { correction, max } = self.odd {
            items.push(format!("odd:handicap/{correction}/{max}"));
        }
        items.join(",")
    }

    /// The change for a player with `wins` (byes counted as the table says) in `games` games
    /// and `byes` byes over the exam's rounds.
    pub fn change_for(&self, wins: u32, games: u32, byes: u32) -> i32 {
        match self.bye {
            ByeCounts::Win => self.change(wins),
            ByeCounts::Nothing if byes == 0 || games == 0 => self.change(wins),
            // The win rate over the rounds: wins × rounds ÷ games, rounded down.
            ByeCounts::Nothing => self.change(wins * (games + byes) / games),
        }
    }
}

fn parse_odd(v: &str) -> Option<OddGroups> {
    if v == "bye" {
        return Some(OddGroups::Bye);
    }
    let rest = v.strip_prefix("handicap")?;
    if rest.is_empty() {
        return Some(OddGroups::Handicap {
            correction: 0,
            max: 9,
        });
    }
    let (c, m) = rest.strip_prefix('/')?.split_once('/')?;
    let (correction, max): (u32, u32) = (c.trim().parse().ok()?, m.trim().parse().ok()?);
    (correction <= 9 && (1..=9).contains(&max)).then_some(OddGroups::Handicap { correction, max })
}

/// One player's exam result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExamResult {
    /// The player.
    pub player: PlayerId,
    /// The level group.
    pub group: String,
    /// Wins (byes included when the table counts them as wins).
    pub wins: u32,
    /// Games played.
    pub games: u32,
    /// The rank before (declared, or the group's).
    pub before: Option<Rank>,
    /// Grades up (negative: down).
    pub change: i32,
    /// The rank awarded.
    pub awarded: Option<Rank>,
}

/// Every entered player's result under the event's table, by group then wins.
pub fn results(t: &Tournament) -> Result<Vec<ExamResult>, TournamentError> {
    let Some(table) = &t.exam else {
        return refuse("the event has no exam table: tournament set FILE --exam-table 5:+2,4:+1,…");
    };
    let mut out: Vec<ExamResult> = t
        .entered()
        .map(|p| {
            let group = super::mcmahon::exam_group(p);
            let (mut wins, mut games, mut byes) = (0, 0, 0);
            for r in t.played.iter().filter(|r| !r.playoff) {
                if let Some(g) = r.game_of(p.id) {
                    if g.settled().is_game() {
                        games += 1;
                    }
                    if g.points_of(p.id) == 2 {
                        wins += 1;
                    }
                } else if r.byes.contains(&p.id) {
                    byes += 1;
                    if table.bye == ByeCounts::Win {
                        wins += 1;
                    }
                }
            }
            let before = p.rank.or_else(|| Rank::parse(&group).ok());
            let change = table.change_for(wins, games, byes);
            let awarded = before.map(|b| rank_at((scale(Some(b)) + change).clamp(-30, 8)));
            ExamResult {
                player: p.id,
                group,
                wins,
                games,
                before,
                change,
                awarded,
            }
        })
        .collect();
    out.sort_by(|a, b| {
        a.group
            .cmp(&b.group)
            .then(b.wins.cmp(&a.wins))
            .then(t.name_of(a.player).cmp(t.name_of(b.player)))
    });
    Ok(out)
}

fn rank_words(r: Option<Rank>, lang: Lang) -> String {
    match r {
        None => "—".into(),
        Some(Rank::NationalDan(d) | Rank::LocalDan(d)) => {
            lang.pick(format!("{d}段"), format!("{d}段"), format!("{d} dan"))
        }
        Some(Rank::Kyu(k)) => lang.pick(format!("{k}级"), format!("{k}級"), format!("{k} kyu")),
    }
}

/// The results as a table for the terminal.
pub fn results_text(t: &Tournament, rs: &[ExamResult]) -> String {
    let mut s = format!(
        "{:<10} {:<24} {:>4} {:>5} {:>6} {:>6} {:>7}\n",
        "group", "name", "wins", "games", "before", "change", "awarded"
    );
    for r in rs {
        let _ = writeln!(
            s,
            "{:<10} {:<24} {:>4} {:>5} {:>6} {:>+6} {:>7}",
            r.group,
            t.name_of(r.player),
            r.wins,
            r.games,
            r.before.map_or("-".into(), |x| x.to_string()),
            r.change,
            r.awarded.map_or("-".into(), |x| x.to_string())
        );
    }
    s
}

/// Printable certificates, one a page: the event, the player, the rank awarded and the
/// arbiter's signature line.
pub fn certificates_html(t: &Tournament, rs: &[ExamResult], lang: Lang) -> String {
    let title = lang.pick("段级位证书", "段級位證書", "Rank certificate");
    let mut b = String::new();
    for r in rs {
        let (dates, place) = (
            t.event.dates.as_ref().map_or(String::new(), |(a, z)| {
                if a == z {
                    a.clone()
                } else {
                    format!("{a} – {z}")
                }
            }),
            t.event.place_text(),
        );
        let _ = writeln!(
            b,
            "<section class=\"cert\"><h1>{}</h1>\n<p class=\"event\">{}</p>\n<p class=\"when\">{} {}</p>\n<p class=\"who\">{} <b>{}</b></p>\n<p>{}: {} · {}: {} / {}</p>\n<p class=\"rank\">{} <b>{}</b></p>\n<p class=\"sign\">{}: ____________________ &nbsp; {}: ____________</p></section>",
            esc(title),
            esc(&t.name),
            esc(&dates),
            esc(&place),
            lang.pick("兹证明", "茲證明", "This certifies that"),
            esc(t.name_of(r.player)),
            lang.pick("级别组", "級別組", "Level group"),
            esc(&r.group),
            lang.pick("胜局/对局", "勝局/對局", "Wins / games"),
            r.wins,
            r.games,
            lang.pick("经考核，授予", "經考核，授予", "is awarded the rank of"),
            esc(&rank_words(r.awarded, lang)),
            lang.pick("裁判长签字", "裁判長簽字", "Chief arbiter's signature"),
            lang.pick("日期", "日期", "Date"),
        );
    }
    format!(
        "<!DOCTYPE html>\n<html lang=\"{}\"><head><meta charset=\"utf-8\"><title>{}</title>\n<style>body{{font-family:serif;margin:0}}.cert{{border:6px double #7a4b00;margin:2em;padding:2.5em;text-align:center;page-break-after:always;min-height:60vh}}.cert h1{{font-size:2.2em;letter-spacing:.3em}}.rank{{font-size:1.6em}}.sign{{margin-top:3em;text-align:right}}@media print{{.cert{{break-after:page}}}}</style></head><body>\n{}</body></html>\n",
        lang.code(),
        esc(title),
        b
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::model::{Outcome, System};

    /// A rank exam of `groups` (name, rank, players) over `rounds` rounds with `table`, every
    /// round paired, checked by `each`, and played (the lower-numbered player wins).
    fn exam(
        groups: &[(&str, &str, usize)],
        rounds: u32,
        table: &str,
        each: &mut dyn FnMut(&Tournament, &crate::tournament::Round),
    ) -> Tournament {
        let mut csv = String::from("name,rank,club,team\n");
        for (g, rank, n) in groups {
            for i in 0..*n {
                csv.push_str(&format!("{g}{i},{rank},,{g}\n"));
            }
        }
        let players =
            crate::tournament::csv_import::read_players(&csv).unwrap_or_else(|e| panic!("{e}"));
        let mut t = crate::tournament::file::create("", System::RankExam, Some(rounds), 5, players)
            .unwrap_or_else(|e| panic!("{e}"));
        t.exam = Some(ExamTable::parse(table).unwrap_or_else(|e| panic!("{e}")));
        for round in 1..=rounds {
            let r = t.propose(round).unwrap_or_else(|e| panic!("{e}"));
            each(&t, &r);
            t.publish(r).unwrap_or_else(|e| panic!("{e}"));
            if let Some(r) = t.round_mut(round) {
                for g in &mut r.games {
                    g.outcome = Some(if g.black < g.white {
                        Outcome::BlackWins
                    } else {
                        Outcome::WhiteWins
                    });
                }
            }
        }
        t
    }

    fn group_of(t: &Tournament, p: PlayerId) -> String {
        super::super::mcmahon::exam_group(t.player(p))
    }

    #[test]
    fn issue28_two_odd_groups_get_a_bye_each_never_an_even_game_across() {
        // Five children in the 5k group and five in the 15k group, five rounds: every round
        // pairs within the groups and gives each group its own bye, to a different child
        // each time.
        let mut byes: Vec<PlayerId> = Vec::new();
        let t = exam(
            &[("5k", "5k", 5), ("15k", "15k", 5)],
            5,
            "5:+2,4:+1,2-3:0,0-1:-1",
            &mut |t, r| {
                for g in &r.games {
                    assert_eq!(
                        group_of(t, g.black),
                        group_of(t, g.white),
                        "round {}",
                        r.number
                    );
                    assert_eq!(g.handicap, 0);
                }
                assert_eq!(r.byes.len(), 2, "round {}: {:?}", r.number, r.byes);
                let groups: std::collections::BTreeSet<String> =
                    r.byes.iter().map(|&p| group_of(t, p)).collect();
                assert_eq!(groups.len(), 2, "one bye in each group");
                byes.extend(&r.byes);
            },
        );
        let distinct: std::collections::HashSet<&PlayerId> = byes.iter().collect();
        assert_eq!(distinct.len(), 10, "nobody has two byes: {byes:?}");
        // Each child: four games and the bye, which the table counts as a win.
        let rs = results(&t).unwrap_or_else(|e| panic!("{e}"));
        assert!(rs.iter().all(|r| r.games == 4), "{rs:?}");
        let wins: u32 = rs.iter().map(|r| r.wins).sum();
        assert_eq!(wins, 2 * 10 + 10, "ten games a round pair… and ten byes");
        // The certificate of each round re-runs to the same pairing.
        for round in 1..=5 {
            let v = super::super::certificate::verify(&t, round).unwrap_or_else(|e| panic!("{e}"));
            assert!(v.same, "round {round}: {:?}", v.findings);
        }
    }

    #[test]
    fn issue28_odd_handicap_pairs_neighbouring_odd_groups_with_a_handicap() {
        // Three odd groups: 5k, 6k and 15k. The director chose handicap games: the 5k and 6k
        // groups (neighbours) play one game across a round, with 1 stone (no komi, Black to
        // the 6k child); the 15k group, left over, has the bye.
        let t = exam(
            &[("5k", "5k", 3), ("6k", "6k", 3), ("15k", "15k", 5)],
            3,
            "3:+1,0-2:0,odd:handicap",
            &mut |t, r| {
                let across: Vec<&crate::tournament::Game> = r
                    .games
                    .iter()
                    .filter(|g| group_of(t, g.black) != group_of(t, g.white))
                    .collect();
                assert_eq!(across.len(), 1, "round {}: {:?}", r.number, r.games);
                let g = across[0];
                assert_eq!(
                    (group_of(t, g.black).as_str(), group_of(t, g.white).as_str()),
                    ("6k", "5k")
                );
                assert_eq!(g.handicap, 1);
                assert!(
                    r.games
                        .iter()
                        .all(|g| g.handicap == 0 || std::ptr::eq(g, across[0]))
                );
                assert_eq!(r.byes.len(), 1);
                assert_eq!(group_of(t, r.byes[0]), "15k");
            },
        );
        assert_eq!(
            t.exam.as_ref().map(ExamTable::text).as_deref(),
            Some("3:+1,0-2:+0,odd:handicap/0/9")
        );
        // Two odd groups ten grades apart: nine stones (the most), the 15k child Black.
        exam(
            &[("5k", "5k", 3), ("15k", "15k", 3)],
            2,
            "2:+1,odd:handicap",
            &mut |t, r| {
                let g = r
                    .games
                    .iter()
                    .find(|g| group_of(t, g.black) != group_of(t, g.white))
                    .unwrap_or_else(|| panic!("{r:?}"));
                assert_eq!((group_of(t, g.black).as_str(), g.handicap), ("15k", 9));
                assert!(r.byes.is_empty());
            },
        );
    }

    #[test]
    fn issue28_the_table_says_how_a_bye_counts() {
        let t =
            ExamTable::parse("5:+2,4:+1,2-3:0,0-1:-1,bye:none").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(t.bye, ByeCounts::Nothing);
        assert_eq!(ExamTable::parse(&t.text()), Ok(t.clone()));
        // Four wins in four games and a bye over five rounds: read at the rate, five wins.
        assert_eq!(t.change_for(4, 4, 1), 2);
        // Three wins in four games: 3 × 5 ÷ 4 = 3¾, rounded down to 3.
        assert_eq!(t.change_for(3, 4, 1), 0);
        let win = ExamTable::parse("5:+2,4:+1").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            win.change_for(5, 4, 1),
            2,
            "the bye is already one of the wins"
        );
        for bad in [
            "5:+1,bye:maybe",
            "5:+1,odd:x",
            "5:+1,odd:handicap/1",
            "5:+1,odd:handicap/0/0",
        ] {
            assert!(ExamTable::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn issue19_exam_table_reads_and_decides() {
        let t = ExamTable::parse("5:+2, 4:+1, 2-3:0, 0-1:-1").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            [0, 1, 2, 3, 4, 5, 6].map(|w| t.change(w)),
            [-1, -1, 0, 0, 1, 2, 0]
        );
        assert_eq!(ExamTable::parse(&t.text()), Ok(t));
        for bad in ["", "5", "x:+1", "3-2:+1", "1:+1,0-2:0", "5:+12"] {
            assert!(ExamTable::parse(bad).is_err(), "{bad}");
        }
    }
}
