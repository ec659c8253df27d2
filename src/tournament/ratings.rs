//! Rating lists (issue 19): a snapshot of the EGD's list, the AGA's TDList or the FFG's
//! `ech_ffg` read at registration, its date frozen into the event, to fill ranks and ids; and a
//! preview of the rating changes by the EGD's GoR formula.
//!
//! Formats, as the lists are published (and pairgoth and OpenGotha read them):
//! - **EGD** (`allworld_lp`): one line a player, `PIN Name Firstname Country Club Grade
//!   Promotion GoR Tournaments Last`, columns separated by spaces (PIN 8 digits).
//! - **AGA** (`TDListA.txt`): tab-separated `Last, First`, id, membership type, rating (a
//!   decimal: −20.5 is 20 kyu, 2.3 is 2 dan), expiry, club, state, …
//! - **FFG** (`ech_ffg_V3.txt`): first line `#Echelle au DD/MM/YYYY …`, then `NAME Firstname
//!   rating licenceStatus licence club country`; the rating is 100 a grade with 0 at the
//!   1k/1d boundary; −9999 means none.
//!
//! Every list's rating is put on the GoR scale (1d = 2100, 1k = 2000, 100 a grade): the EGD's
//! as it is, the FFG's + 2050, the AGA's from its grade (r ≥ 1: 2000 + 100 r; r ≤ −1: 2100 +
//! 100 r).
//!
//! **The GoR formula** (the EGD's "EGF rating system" page, the algorithm of 2021 with which
//! the whole database was recomputed): after a game, r' = r + con × (Sa − Se) + bonus, with
//! Sa = 1, ½, 0 for a win, a jigo, a loss; Se = 1 / (1 + e^(β(r₂) − β(r₁))), β(r) = −7 ln(3300 −
//! r); con = ((3300 − r) / 200)^1.6; bonus = ln(1 + e^((2300 − r) / 80)) / 5. Every game of an
//! event is computed from the ratings before the event. Handicap games: Black's rating counts
//! 100 × (handicap − ½) more. The change is weighted by the class (A 1, B 0.75, C 0.5, D 0.25;
//! no class: 1, noted).

use super::model::{Outcome, Player, Tournament, TournamentError, refuse};
use super::rank::Rank;
use std::collections::HashMap;

/// Which list.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum ListKind {
    /// The European Go Database.
    Egd,
    /// The American Go Association's TDList.
    Aga,
    /// The FFG's échelle.
    Ffg,
}

impl ListKind {
    /// Reads `egd`, `aga`, `ffg`.
    pub fn parse(text: &str) -> Option<ListKind> {
        match text.trim().to_ascii_lowercase().as_str() {
            "egd" | "egf" => Some(ListKind::Egd),
            "aga" => Some(ListKind::Aga),
            "ffg" => Some(ListKind::Ffg),
            _ => None,
        }
    }

    /// The command-line name.
    pub fn name(self) -> &'static str {
        match self {
            ListKind::Egd => "egd",
            ListKind::Aga => "aga",
            ListKind::Ffg => "ffg",
        }
    }
}

/// One line of a list.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ListEntry {
    /// The id in that list (EGD PIN, AGA id, FFG licence).
    pub id: String,
    /// Family name as the list writes it.
    pub family: String,
    /// Given name.
    pub given: String,
    /// The grade the list gives.
    #[serde(default)]
    pub rank: Option<Rank>,
    /// The rating on the GoR scale.
    #[serde(default)]
    pub gor: Option<i32>,
    /// The rating as the list writes it.
    #[serde(default)]
    pub raw: String,
    /// Country code.
    #[serde(default)]
    pub country: String,
    /// Club.
    #[serde(default)]
    pub club: String,
}

/// The list frozen into the event: which, of when, and the lines of the event's players.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Snapshot {
    /// The list.
    pub list: ListKind,
    /// The list's date, `YYYY-MM-DD`.
    pub date: String,
    /// Our player's name → the list's line.
    pub entries: Vec<(String, ListEntry)>,
}

fn gor_of_rank(r: Rank) -> i32 {
    match r {
        Rank::NationalDan(d) | Rank::LocalDan(d) => 2000 + 100 * i32::from(d),
        Rank::Kyu(k) => 2100 - 100 * i32::from(k),
    }
}

/// The GoR of a declared rank (1d = 2100, 1k = 2000, 20k = 100), the EGD's starting rating.
pub fn rank_gor(rank: Option<Rank>) -> i32 {
    rank.map_or(-900, gor_of_rank)
}

fn rank_of_gor(gor: i32) -> Rank {
    // The EGD's buckets: 1d is [2050, 2150), 1k [1950, 2050).
    let v = (f64::from(gor - 2050) / 100.0).floor() as i32;
    super::mcmahon::rank_at(v.clamp(-30, 8))
}

fn split_name(words: &[&str]) -> (String, String) {
    match words {
        [] => (String::new(), String::new()),
        [one] => (one.to_string(), String::new()),
        [family, rest @ ..] => (family.to_string(), rest.join(" ")),
    }
}

/// Reads an EGD list.
pub fn read_egd(text: &str) -> Vec<ListEntry> {
    text.lines()
        .filter_map(|line| {
            let tok: Vec<&str> = line.split_whitespace().collect();
            if tok.len() < 9 || tok[0].len() != 8 || !tok[0].chars().all(|c| c.is_ascii_digit()) {
                return None;
            }
            let n = tok.len();
            let gor: i32 = tok[n - 3].parse().ok()?;
            let grade = tok[n - 5];
            let names: Vec<&str> = tok[1..n - 7]
                .iter()
                .map(|w| w.trim_end_matches(','))
                .collect();
            let (family, given) = split_name(&names);
            Some(ListEntry {
                id: tok[0].to_string(),
                family,
                given,
                rank: Rank::parse(grade).ok().or(Some(rank_of_gor(gor))),
                gor: Some(gor),
                raw: tok[n - 3].to_string(),
                country: tok[n - 7].to_string(),
                club: tok[n - 6].to_string(),
            })
        })
        .collect()
}

/// Reads the AGA's TDList.
pub fn read_aga(text: &str) -> Vec<ListEntry> {
    text.lines()
        .filter_map(|line| {
            let f: Vec<&str> = line.split('\t').map(str::trim).collect();
            if f.len() < 4 || !f[1].chars().all(|c| c.is_ascii_digit()) || f[1].is_empty() {
                return None;
            }
            let (family, given) = match f[0].split_once(',') {
                Some((l, g)) => (l.trim().to_string(), g.trim().to_string()),
                None => (f[0].to_string(), String::new()),
            };
            let rating: Option<f64> = f[3].parse().ok();
            let rank = rating.and_then(|r| {
                if r >= 1.0 {
                    Some(Rank::NationalDan((r.floor() as i64).clamp(1, 9) as u8))
                } else if r <= -1.0 {
                    Some(Rank::Kyu(((-r).floor() as i64).clamp(1, 30) as u8))
                } else {
                    None
                }
            });
            let gor = rating.map(|r| {
                if r >= 0.0 {
                    (2000.0 + 100.0 * r).round() as i32
                } else {
                    (2100.0 + 100.0 * r).round() as i32
                }
            });
            Some(ListEntry {
                id: f[1].to_string(),
                family,
                given,
                rank,
                gor,
                raw: f[3].to_string(),
                country: String::new(),
                club: f.get(5).map_or(String::new(), |c| c.to_string()),
            })
        })
        .collect()
}

/// Reads the FFG's échelle.
pub fn read_ffg(text: &str) -> Vec<ListEntry> {
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|line| {
            let tok: Vec<&str> = line.split_whitespace().collect();
            let n = tok.len();
            if n < 7 {
                return None;
            }
            let rating: i32 = tok[n - 5].parse().ok()?;
            let licence = tok[n - 3];
            let (family, given) = split_name(&tok[..n - 5]);
            let known = rating != -9999;
            let gor = known.then_some(rating + 2050);
            Some(ListEntry {
                id: if licence.chars().all(|c| c == '-') {
                    String::new()
                } else {
                    licence.to_string()
                },
                family,
                given,
                rank: gor.map(rank_of_gor),
                gor,
                raw: tok[n - 5].to_string(),
                country: tok[n - 1].to_string(),
                club: tok[n - 2].to_string(),
            })
        })
        .collect()
}

/// Reads a list of `kind`.
pub fn read_list(kind: ListKind, text: &str) -> Vec<ListEntry> {
    match kind {
        ListKind::Egd => read_egd(text),
        ListKind::Aga => read_aga(text),
        ListKind::Ffg => read_ffg(text),
    }
}

fn words(s: &str) -> Vec<String> {
    let mut w: Vec<String> = s
        .split(|c: char| c.is_whitespace() || c == '_' || c == ',')
        .filter(|x| !x.is_empty())
        .map(str::to_lowercase)
        .collect();
    w.sort();
    w
}

fn id_of(kind: ListKind, p: &Player) -> &str {
    match kind {
        ListKind::Egd => &p.ids.egd_pin,
        ListKind::Aga => &p.ids.aga_id,
        ListKind::Ffg => &p.ids.ffg_licence,
    }
}

/// What an import did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ImportReport {
    /// Players found in the list.
    pub matched: Vec<String>,
    /// Players not found.
    pub unmatched: Vec<String>,
    /// Players whose name fits several lines (nothing filled).
    pub ambiguous: Vec<String>,
    /// What was filled or differs, one line each.
    pub notes: Vec<String>,
}

/// Matches the event's players with the list (by id when they have one, else by name in
/// either order), fills missing ids and ranks, sets each matched player's rating, and freezes
/// the matched lines into the event with the list's `date`.
pub fn import(
    t: &mut Tournament,
    kind: ListKind,
    date: &str,
    list: &[ListEntry],
) -> Result<ImportReport, TournamentError> {
    let date = super::event::parse_date(date)?;
    if list.is_empty() {
        return refuse(format!(
            "no line of the file reads as the {} list",
            kind.name()
        ));
    }
    let by_id: HashMap<&str, &ListEntry> = list
        .iter()
        .filter(|e| !e.id.is_empty())
        .map(|e| (e.id.as_str(), e))
        .collect();
    let mut by_name: HashMap<Vec<String>, Vec<&ListEntry>> = HashMap::new();
    for e in list {
        by_name
            .entry(words(&format!("{} {}", e.family, e.given)))
            .or_default()
            .push(e);
    }
    let mut report = ImportReport::default();
    let mut entries = Vec::new();
    for p in t.players.iter_mut() {
        let own = id_of(kind, p).trim().to_string();
        let (family, given) = super::opengotha::opengotha_name(p);
        let found: Option<&ListEntry> = if !own.is_empty() {
            by_id.get(own.as_str()).copied()
        } else {
            match by_name
                .get(&words(&format!("{family} {given}")))
                .map(Vec::as_slice)
            {
                Some([one]) => Some(*one),
                Some(many) if many.len() > 1 => {
                    report.ambiguous.push(p.name.clone());
                    report.notes.push(format!(
                        "{}: {} lines of the list have this name; give the id",
                        p.name,
                        many.len()
                    ));
                    continue;
                }
                _ => None,
            }
        };
        let Some(e) = found else {
            report.unmatched.push(p.name.clone());
            continue;
        };
        if own.is_empty() && !e.id.is_empty() {
            match kind {
                ListKind::Egd => p.ids.egd_pin = e.id.clone(),
                ListKind::Aga => p.ids.aga_id = e.id.clone(),
                ListKind::Ffg => p.ids.ffg_licence = e.id.clone(),
            }
            report.notes.push(format!("{}: id {} filled", p.name, e.id));
        }
        match (p.rank, e.rank) {
            (None, Some(r)) => {
                p.rank = Some(r);
                report.notes.push(format!("{}: rank {r} filled", p.name));
            }
            (Some(a), Some(b)) if a.egf_text() != b.egf_text() => report.notes.push(format!(
                "{}: declared {a}, the list says {b} (declared kept)",
                p.name
            )),
            _ => {}
        }
        if p.country.is_empty() && e.country.len() == 2 {
            p.country = e.country.clone();
        }
        p.rating = e.gor;
        report.matched.push(p.name.clone());
        entries.push((p.name.clone(), e.clone()));
    }
    t.ratings = Some(Snapshot {
        list: kind,
        date,
        entries,
    });
    Ok(report)
}

/// β(r) = −7 ln(3300 − r).
fn beta(r: f64) -> f64 {
    -7.0 * (3300.0 - r).max(1.0).ln()
}

/// The expected result of a player rated `r1` against `r2`.
pub fn expected(r1: f64, r2: f64) -> f64 {
    1.0 / (1.0 + (beta(r2) - beta(r1)).exp())
}

/// con = ((3300 − r) / 200)^1.6.
pub fn con(r: f64) -> f64 {
    ((3300.0 - r).max(0.0) / 200.0).powf(1.6)
}

/// bonus = ln(1 + e^((2300 − r) / 80)) / 5.
pub fn bonus(r: f64) -> f64 {
    (1.0 + ((2300.0 - r) / 80.0).exp()).ln() / 5.0
}

/// The change of a player rated `r` after one game against `opponent` with result `sa`.
pub fn change(r: f64, opponent: f64, sa: f64) -> f64 {
    con(r) * (sa - expected(r, opponent)) + bonus(r)
}

/// One line of the preview.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Preview {
    /// The player.
    pub name: String,
    /// The EGD PIN, when known.
    pub egd_pin: String,
    /// The rating before the event (GoR).
    pub rating: f64,
    /// Where it came from: `list` (the frozen list) or `rank` (the declared rank).
    pub source: &'static str,
    /// Games rated.
    pub games: u32,
    /// The change.
    pub change: f64,
    /// The rating after.
    pub new_rating: f64,
}

/// The class weight of the event and whether it was known.
pub fn class_weight(t: &Tournament) -> (f64, bool) {
    match t.event.class() {
        Some('A') => (1.0, true),
        Some('B') => (0.75, true),
        Some('C') => (0.5, true),
        Some('D') => (0.25, true),
        _ => (1.0, false),
    }
}

/// The rating change of every player who played a rated game, from the ratings before the
/// event (the frozen list; a player not on it starts from the declared rank).
pub fn preview(t: &Tournament) -> Vec<Preview> {
    let (weight, _) = class_weight(t);
    let start = |p: &Player| -> (f64, &'static str) {
        match p.rating {
            Some(g) => (f64::from(g), "list"),
            None => (f64::from(rank_gor(p.rank)), "rank"),
        }
    };
    let mut acc: HashMap<super::model::PlayerId, (u32, f64)> = HashMap::new();
    for r in &t.played {
        for g in &r.games {
            let (sb, sw) = match g.settled() {
                Outcome::BlackWins => (1.0, 0.0),
                Outcome::WhiteWins => (0.0, 1.0),
                Outcome::Draw => (0.5, 0.5),
                _ => continue,
            };
            let (rb, _) = start(t.player(g.black));
            let (rw, _) = start(t.player(g.white));
            let adj = if g.handicap > 0 {
                100.0 * (f64::from(g.handicap) - 0.5)
            } else {
                0.0
            };
            let db = con(rb) * (sb - expected(rb + adj, rw)) + bonus(rb);
            let dw = con(rw) * (sw - expected(rw, rb + adj)) + bonus(rw);
            for (p, d) in [(g.black, db), (g.white, dw)] {
                let e = acc.entry(p).or_default();
                e.0 += 1;
                e.1 += d * weight;
            }
        }
    }
    let round3 = |x: f64| (x * 1000.0).round() / 1000.0;
    let mut out: Vec<Preview> = t
        .players
        .iter()
        .filter_map(|p| {
            let (games, d) = acc.get(&p.id).copied()?;
            let (r, source) = start(p);
            Some(Preview {
                name: p.name.clone(),
                egd_pin: p.ids.egd_pin.clone(),
                rating: r,
                source,
                games,
                change: round3(d),
                new_rating: round3(r + d),
            })
        })
        .collect();
    out.sort_by(|a, b| b.change.total_cmp(&a.change).then(a.name.cmp(&b.name)));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn issue19_gor_formula_matches_the_egd_example() {
        // Two 2100 players, a win: 2100 + 17.58 × 0.5 + 0.516 = 2109.306 (the published check).
        let r = 2100.0 + change(2100.0, 2100.0, 1.0);
        assert!((r - 2109.306).abs() < 0.001, "{r}");
        // Symmetry of the expectation.
        assert!((expected(2000.0, 2200.0) + expected(2200.0, 2000.0) - 1.0).abs() < 1e-12);
        assert!(expected(2400.0, 2000.0) > 0.8);
    }

    #[test]
    fn lists_read_as_published() {
        let egd = "  19574643  Abad Jahin                            FR  38GJ   20k   --     15     2  T200202B\n  12345678  Wang Lei                             CN  Beij    5d   --   2480    12  T240101X\nheader line\n";
        let e = read_egd(egd);
        assert_eq!(e.len(), 2);
        assert_eq!(
            (e[0].family.as_str(), e[0].given.as_str()),
            ("Abad", "Jahin")
        );
        assert_eq!(e[0].rank, Some(Rank::Kyu(20)));
        assert_eq!(e[1].gor, Some(2480));
        let aga = "Aal, Zachary\t15648\tFull\t-20.05711\t7/2/2008\tLIGC\tNY\t1.09198\t8/1/2007\nAbbey, David\t2601\tFull\t\t8/28/1994\t\tTX\t\t8/28/1994\nBig, Dan\t9\tFull\t2.4\t1/1/2030\t\t\t\t\n";
        let a = read_aga(aga);
        assert_eq!(a.len(), 3);
        assert_eq!(a[0].rank, Some(Rank::Kyu(20)));
        assert_eq!(a[1].rank, None);
        assert_eq!(a[2].rank, Some(Rank::NationalDan(2)));
        let ffg = "#Echelle au 11/01/2021 07:09:39\nAAIJ René                               243 e ------- xxxx NL\nABAD Jahin                            -3000 - 2000205 38GJ FR\nABAT Alexis                           -9999 - 9179004 30NJ FR\n";
        let f = read_ffg(ffg);
        assert_eq!(f.len(), 3);
        assert_eq!(f[0].rank, Some(Rank::NationalDan(3)));
        assert_eq!(f[0].id, "");
        assert_eq!(
            (f[1].id.as_str(), f[1].rank),
            ("2000205", Some(Rank::Kyu(30)))
        );
        assert_eq!(f[2].rank, None);
    }
}
