//! Rank exams (定级赛 / 升级赛, issue 19): players play rounds within level groups (the `team`
//! column names the group, else the declared rank does), paired by the weighted matching with
//! pairs across groups ruled out; at the end each player's number of wins (a bye counts as a
//! win) goes through the organiser's table to a change of rank, and a certificate is printed.
//!
//! The table is written `wins:change` items, e.g. `5:+2,4:+1,2-3:0,0-1:-1`: with 4 wins the
//! rank goes up one grade; win counts the table does not name leave the rank unchanged. Ranks
//! move on the consecutive scale (3k + 1 = 2k, 1k + 1 = 1d). A player without a declared rank
//! (a first grading, 定级) starts from the group's rank when the group is named by a rank.

use super::mcmahon::{rank_at, scale};
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
}

impl ExamTable {
    /// Reads `5:+2,4:+1,2-3:0,0-1:-1`.
    pub fn parse(text: &str) -> Result<ExamTable, TournamentError> {
        let mut steps = Vec::new();
        for item in text.split(',').map(str::trim).filter(|x| !x.is_empty()) {
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
        Ok(ExamTable { steps })
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
        self.steps
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
            .collect::<Vec<_>>()
            .join(",")
    }
}

/// One player's exam result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExamResult {
    /// The player.
    pub player: PlayerId,
    /// The level group.
    pub group: String,
    /// Wins (byes included).
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
            let mut wins = 0;
            let mut games = 0;
            for r in t.played.iter().filter(|r| !r.playoff) {
                if let Some(g) = r.game_of(p.id) {
                    if g.settled().is_game() {
                        games += 1;
                    }
                    if g.points_of(p.id) == 2 {
                        wins += 1;
                    }
                } else if r.byes.contains(&p.id) {
                    wins += 1;
                }
            }
            let before = p.rank.or_else(|| Rank::parse(&group).ok());
            let change = table.change(wins);
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
