//! Results the rating bodies accept (issue 19): the EGD's tournament table (`.h9`), the AGA's
//! results report (`TOURNEY` / `PLAYERS` / `GAMES`) and the FFG's `.tou`. The writers never
//! refuse for missing data: they write what the event has, and `check` says what is missing.
//!
//! - **EGD** (European Go Database, "tournament table format"): header lines `; CL[class]`,
//!   `; EV[name]`, `; PC[country code,city]`, `; DT[first,last]`, `; HA[hN]` (`h9` for an event
//!   played even, `h<correction>` where handicaps were given), `; KM[komi in points]`,
//!   `; TM[adjusted minutes]`; then one line a player: number, family and given name (spaces
//!   inside a part written `_`), rank, country, club, score, one entry a round
//!   `<opponent's number><+|-|=>/<b|w><handicap>` (`0+` a free win, `0-` a free round), and
//!   `|PIN` when the player has an EGD PIN. The number is the line's (places may be shared;
//!   an entry must name one line). Games nobody played (forfeits, both lose, not played) are
//!   written `0+`/`0-`, which the EGD does not rate. Play-off rounds are left out.
//! - **AGA** ("rated game reporting format"): `TOURNEY name, city, country`, `start=` and
//!   `finish=` (MM/DD/YYYY), `rules=`; `PLAYERS` (`id Last, First rank`); `GAMES` (`white black
//!   winner handicap komi`, komi in whole points as the AGA writes it). Only games won on the
//!   board are reported; forfeits, draws and the like are `#` comments. A player without an
//!   AGA id is written with a temporary `TMPn` the office replaces.
//! - **FFG** (`.tou`, as OpenGotha and pairgoth write it): `;name=`, `;date=DD/MM/YYYY`,
//!   `;vill=`, `;comm=`, `;prog=`, `;size=`, `;time=`, `;ta=`, `;komi=`; one line a player:
//!   number, SURNAME Given, rank, licence (7 characters, blank when none), club (French
//!   players; the country code otherwise), entries `<number><+|-|=><b|w><handicap>`, `0=` for
//!   a round without a game.

use super::event::number_text;
use super::model::{Outcome, Player, PlayerId, Tournament};
use super::standings::Standings;
use std::collections::HashMap;
use std::fmt::Write as _;

/// A name part with its inner spaces written `_` (the EGD's and the FFG's convention).
fn part(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join("_")
}

fn is_cjk(c: char) -> bool {
    matches!(c as u32, 0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xF900..=0xFAFF | 0x20000..=0x2FA1F)
}

/// Family and given name as the rating bodies want them: the `name_latin` players.csv gave
/// (family name first), else as OpenGotha had them, else our name
/// split at its first space (family name first); a Chinese name written without a space
/// (王磊) is split after its first character, the family name.
pub fn split_name(p: &Player) -> (String, String) {
    let latin = p.name_latin.trim();
    if !latin.is_empty() {
        // players.csv's name_latin: family name first, as the rating bodies write names.
        let mut words = latin.split_whitespace();
        let family = words.next().unwrap_or("").to_string();
        return (family, words.collect::<Vec<_>>().join(" "));
    }
    let name = p.name.trim();
    if !name.contains(char::is_whitespace)
        && name.chars().count() >= 2
        && name.chars().all(is_cjk)
        && !p.foreign.contains_key("name")
    {
        let mut chars = name.chars();
        let family: String = chars.next().map(String::from).unwrap_or_default();
        return (family, chars.collect());
    }
    super::opengotha::opengotha_name(p)
}

/// Family and given names of `p`, each one token (`-` when the given name is missing).
pub fn name_parts(p: &Player) -> (String, String) {
    let (family, given) = split_name(p);
    let given = if given.trim().is_empty() {
        "-".to_string()
    } else {
        part(&given)
    };
    (part(&family), given)
}

/// Lines of the table: every player of the standings in place order, numbered 1, 2, … (the
/// number other lines refer to).
fn numbered(s: &Standings) -> Vec<PlayerId> {
    s.rows
        .iter()
        .flat_map(|r| r.players.iter().copied())
        .collect()
}

/// Rounds of the table (play-offs left out).
fn table_rounds(t: &Tournament) -> Vec<u32> {
    let mut v: Vec<u32> = t
        .played
        .iter()
        .filter(|r| !r.playoff)
        .map(|r| r.number)
        .collect();
    v.sort_unstable();
    v.dedup();
    match v.last() {
        Some(&last) => (1..=last).collect(),
        None => v,
    }
}

/// What a player did in one round, for the tables.
enum Entry {
    /// A game played on the board: opponent, points (2/1/0), black?, handicap.
    Played(PlayerId, i64, bool, u32),
    /// A game paired and not finished: opponent, black?, handicap.
    Pending(PlayerId, bool, u32),
    /// A win without play (forfeit win, or a bye that counts as a win).
    FreeWin,
    /// A round missed before a late entry that counts half a point (McMahon, issue 28).
    FreeHalf,
    /// No game, or a loss without play.
    Free,
}

fn entry(t: &Tournament, round: u32, p: PlayerId) -> Entry {
    let player = t.player(p);
    if player.missed(round) {
        return if super::late_entry::missed_half(t, player, round + 1) > 0 {
            Entry::FreeHalf
        } else {
            Entry::Free
        };
    }
    let Some(r) = t.round(round).filter(|r| !r.playoff) else {
        return Entry::Free;
    };
    if let Some(g) = r.game_of(p) {
        if g.outcome.is_none() {
            return Entry::Pending(g.opponent_of(p), g.black == p, g.handicap);
        }
        return match g.settled() {
            Outcome::BlackWins | Outcome::WhiteWins | Outcome::Draw => {
                Entry::Played(g.opponent_of(p), g.points_of(p), g.black == p, g.handicap)
            }
            _ if g.points_of(p) == 2 => Entry::FreeWin,
            _ => Entry::Free,
        };
    }
    if r.byes.contains(&p) && t.system.bye_is_win() {
        Entry::FreeWin
    } else {
        Entry::Free
    }
}

fn sym(points: i64) -> char {
    match points {
        2 => '+',
        1 => '=',
        _ => '-',
    }
}

/// The `HA[hN]` value: `h<correction>` when handicap games were played, else `h9`.
pub fn ha_value(t: &Tournament) -> String {
    let any = t.games().any(|(_, g)| g.handicap > 0);
    match (any, t.mcmahon.and_then(|m| m.handicap)) {
        (true, Some(h)) => format!("h{}", h.correction),
        (true, None) => "h0".into(),
        _ => "h9".into(),
    }
}

fn clean(s: &str) -> String {
    s.replace(['[', ']', '\n', '\r'], " ").trim().to_string()
}

/// The EGD tournament table (`.h9`).
pub fn h9(t: &Tournament, s: &Standings) -> String {
    let e = &t.event;
    let mut out = String::new();
    let (first, last) = e.dates.clone().unwrap_or_default();
    let dates = if first.is_empty() {
        String::new()
    } else {
        format!("{first},{last}")
    };
    let _ = writeln!(
        out,
        "; CL[{}]",
        e.class_written().map_or(String::new(), String::from)
    );
    let _ = writeln!(out, "; EV[{}]", clean(&t.name));
    let place = if e.country.is_empty() && e.city.is_empty() {
        String::new()
    } else {
        format!("{},{}", e.country, clean(&e.city))
    };
    let _ = writeln!(out, "; PC[{place}]");
    let _ = writeln!(out, "; DT[{dates}]");
    let _ = writeln!(out, "; HA[{}]", ha_value(t));
    let _ = writeln!(out, "; KM[{}]", number_text(e.komi_points(0)));
    let _ = writeln!(
        out,
        "; TM[{}]",
        e.adjusted_minutes()
            .map_or(String::new(), |m| m.to_string())
    );
    if let Some(time) = &e.time {
        let _ = writeln!(out, "; CM[time {time}; rules {}]", e.rules.name());
    }
    let _ = writeln!(
        out,
        "; CM[Tianyuan {} {}; {}]",
        env!("CARGO_PKG_VERSION"),
        t.system.name(),
        super::export::chain_text(t, s)
    );
    let _ = writeln!(out, ";");
    let _ = writeln!(
        out,
        "; Pl Name                            Rk Co Club  Pts  Rounds"
    );
    let lines = numbered(s);
    let number: HashMap<PlayerId, usize> =
        lines.iter().enumerate().map(|(i, &p)| (p, i + 1)).collect();
    let score: HashMap<PlayerId, String> = s
        .rows
        .iter()
        .flat_map(|r| r.players.iter().map(move |&p| (p, r.score.to_string())))
        .collect();
    let rounds = table_rounds(t);
    for (i, &p) in lines.iter().enumerate() {
        let player = t.player(p);
        let (family, given) = name_parts(player);
        let country = if !player.country.is_empty() {
            player.country.clone()
        } else if !e.country.is_empty() {
            e.country.clone()
        } else {
            "--".into()
        };
        let club = if player.club.trim().is_empty() {
            "-".to_string()
        } else {
            part(&player.club)
        };
        let rank = player.rank.map_or("30k".to_string(), |x| x.egf_text());
        let mut line = format!(
            "{:>4} {:<31} {:>3} {country} {club:<5} {:>4}",
            i + 1,
            format!("{family} {given}"),
            rank,
            score.get(&p).cloned().unwrap_or_default()
        );
        for &n in &rounds {
            let text = match entry(t, n, p) {
                Entry::Played(o, pts, black, h) => format!(
                    "{}{}/{}{h}",
                    number.get(&o).copied().unwrap_or(0),
                    sym(pts),
                    if black { 'b' } else { 'w' }
                ),
                Entry::Pending(o, black, h) => format!(
                    "{}?/{}{h}",
                    number.get(&o).copied().unwrap_or(0),
                    if black { 'b' } else { 'w' }
                ),
                Entry::FreeWin => "0+".into(),
                Entry::FreeHalf => "0=".into(),
                Entry::Free => "0-".into(),
            };
            let _ = write!(line, " {text:>8}");
        }
        if !player.ids.egd_pin.is_empty() {
            let _ = write!(line, " |{}", player.ids.egd_pin);
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

fn aga_date(iso: &str) -> String {
    let p: Vec<&str> = iso.split('-').collect();
    match p[..] {
        [y, m, d] => format!("{m}/{d}/{y}"),
        _ => String::new(),
    }
}

/// The AGA's name for the rules.
fn aga_rules(t: &Tournament) -> &'static str {
    use super::event::RuleSet;
    match t.event.rules {
        RuleSet::Aga => "AGA",
        RuleSet::Japanese => "Japanese",
        RuleSet::Chinese => "Chinese",
        RuleSet::Korean => "Korean",
        RuleSet::Ing => "Ing",
        RuleSet::NewZealand => "New Zealand",
        RuleSet::French => "French",
    }
}

/// The AGA id written for `p` (a temporary `TMPn` when none).
pub fn aga_id_of(t: &Tournament, p: PlayerId) -> String {
    let player = t.player(p);
    if player.ids.aga_id.trim().is_empty() {
        format!("TMP{}", p.0 + 1)
    } else {
        player.ids.aga_id.trim().to_string()
    }
}

/// The AGA results report.
pub fn aga(t: &Tournament) -> String {
    let e = &t.event;
    let mut out = String::new();
    // Always three parts, empty when unknown, so that the checker can tell which is missing.
    let _ = writeln!(
        out,
        "TOURNEY {}, {}, {}",
        clean(&t.name).replace(',', " "),
        clean(&e.city).replace(',', " "),
        e.country
    );
    let (first, last) = e.dates.clone().unwrap_or_default();
    let _ = writeln!(out, "\tstart={}", aga_date(&first));
    let _ = writeln!(out, "\tfinish={}", aga_date(&last));
    let _ = writeln!(out, "\trules={}", aga_rules(t));
    out.push('\n');
    out.push_str("PLAYERS\n");
    for p in t.entered() {
        let (family, given) = split_name(p);
        let rank = p
            .rank
            .map_or("30K".to_string(), |r| r.egf_text().to_uppercase());
        let _ = writeln!(
            out,
            "{:>8} {}, {} {rank}",
            aga_id_of(t, p.id),
            family.trim(),
            given.trim()
        );
    }
    out.push('\n');
    out.push_str("GAMES\n");
    for r in &t.played {
        let _ = writeln!(
            out,
            "# round {}{}",
            r.number,
            if r.playoff { " (play-off)" } else { "" }
        );
        for g in &r.games {
            let (w, b) = (aga_id_of(t, g.white), aga_id_of(t, g.black));
            if g.outcome.is_none() {
                let _ = writeln!(
                    out,
                    "# no result: {} (W) – {} (B)",
                    t.name_of(g.white),
                    t.name_of(g.black)
                );
                continue;
            }
            let winner = match g.settled() {
                Outcome::BlackWins => 'B',
                Outcome::WhiteWins => 'W',
                other => {
                    let _ = writeln!(
                        out,
                        "# not rated: {} (W) – {} (B) {}",
                        t.name_of(g.white),
                        t.name_of(g.black),
                        match other {
                            Outcome::Draw => "draw",
                            Outcome::BlackWinsByForfeit | Outcome::WhiteWinsByForfeit => {
                                "forfeit"
                            }
                            Outcome::BothLose => "both lose",
                            _ => "not played",
                        }
                    );
                    continue;
                }
            };
            let komi = e.komi_points(g.handicap).trunc() as i64;
            let _ = writeln!(out, "{w} {b} {winner} {} {komi}", g.handicap);
        }
        for &p in &r.byes {
            let _ = writeln!(out, "# bye: {}", t.name_of(p));
        }
    }
    out
}

fn ffg_date(iso: &str) -> String {
    let p: Vec<&str> = iso.split('-').collect();
    match p[..] {
        [y, m, d] => format!("{d}/{m}/{y}"),
        _ => String::new(),
    }
}

/// The FFG's `.tou`.
pub fn tou(t: &Tournament, s: &Standings) -> String {
    let e = &t.event;
    let mut out = String::new();
    let (first, _) = e.dates.clone().unwrap_or_default();
    let _ = writeln!(out, ";name={}", clean(&t.name));
    let _ = writeln!(out, ";date={}", ffg_date(&first));
    let _ = writeln!(out, ";vill={}", clean(&e.city));
    let _ = writeln!(out, ";comm={}", clean(&t.name));
    let _ = writeln!(out, ";prog=Tianyuan {}", env!("CARGO_PKG_VERSION"));
    let _ = writeln!(out, ";size=19");
    let _ = writeln!(
        out,
        ";time={}",
        e.basic_minutes().map_or(String::new(), |m| m.to_string())
    );
    let _ = writeln!(
        out,
        ";ta={}",
        e.adjusted_minutes()
            .map_or(String::new(), |m| m.to_string())
    );
    let _ = writeln!(out, ";komi={}", number_text(e.komi_points(0)));
    let _ = writeln!(out, ";Num Nom Prenom               Niv Licence Club");
    let lines = numbered(s);
    let number: HashMap<PlayerId, usize> =
        lines.iter().enumerate().map(|(i, &p)| (p, i + 1)).collect();
    let rounds = table_rounds(t);
    for (i, &p) in lines.iter().enumerate() {
        let player = t.player(p);
        let (family, given) = name_parts(player);
        let licence = if player.ids.ffg_licence.trim().is_empty() {
            "       ".to_string()
        } else {
            player.ids.ffg_licence.trim().to_string()
        };
        // The FFG's club codes are four characters (`38GJ`); other countries write theirs.
        let club: String = if player.country.is_empty() || player.country == "FR" {
            part(&player.club).chars().take(4).collect()
        } else {
            player.country.clone()
        };
        let rank = player
            .rank
            .map_or("30K".to_string(), |r| r.egf_text().to_uppercase());
        let mut line = format!(
            "{:>4} {:<24} {rank:>3} {licence} {:<4}",
            i + 1,
            format!("{} {given}", family.to_uppercase()),
            if club.is_empty() { "-".into() } else { club }
        );
        for &n in &rounds {
            let text = match entry(t, n, p) {
                Entry::Played(o, pts, black, h) => format!(
                    "{}{}{}{h}",
                    number.get(&o).copied().unwrap_or(0),
                    sym(pts),
                    if black { 'b' } else { 'w' }
                ),
                Entry::Pending(o, black, h) => format!(
                    "{}?{}{h}",
                    number.get(&o).copied().unwrap_or(0),
                    if black { 'b' } else { 'w' }
                ),
                Entry::FreeWin => "0+".into(),
                Entry::FreeHalf | Entry::Free => "0=".into(),
            };
            let _ = write!(line, " {text:>7}");
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// The text as ISO-8859-1 bytes when every character fits (the FFG's tools read Latin-1),
/// else UTF-8.
pub fn latin1_or_utf8(text: &str) -> Vec<u8> {
    if text.chars().all(|c| (c as u32) < 0x100) {
        text.chars().map(|c| c as u32 as u8).collect()
    } else {
        text.as_bytes().to_vec()
    }
}
