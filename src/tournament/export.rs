//! What the arbiter prints and sends: the pairing (JSON and text, printable list, result
//! slips), the standings (JSON, text, CSV, HTML with the crosstable) and the EGF table (.h9).
//! Pure text out; the caller writes the files.

use super::model::{Outcome, PlayerId, Tournament};
use super::standings::{Counted, Row, Standings};
use crate::i18n::Lang;
use serde_json::Value;
use std::collections::HashMap;
use std::fmt::Write as _;

/// A JSON string literal.
fn js(s: &str) -> String {
    Value::String(s.to_string()).to_string()
}

/// `[{"board": 1, "black": "name", "white": "name", "handicap": 0, "komi": 3.75}, …,
/// {"bye": "name"}]` for round `round` (an empty list when it is not paired), keys in that
/// order. The komi is the event rules' (Chinese rules count it in stones; a handicap game has
/// none, the handicap return being applied at the count).
pub fn pairing_json(t: &Tournament, round: u32) -> String {
    let Some(r) = t.round(round) else {
        return "[]".into();
    };
    let mut out: Vec<String> = r
        .games
        .iter()
        .map(|g| {
            format!(
                "{{\"board\": {}, \"black\": {}, \"white\": {}, \"handicap\": {}, \"komi\": {}}}",
                g.board,
                js(t.name_of(g.black)),
                js(t.name_of(g.white)),
                g.handicap,
                super::event::number_text(t.event.komi_value(g.handicap))
            )
        })
        .collect();
    out.extend(
        r.byes
            .iter()
            .map(|&p| format!("{{\"bye\": {}}}", js(t.name_of(p)))),
    );
    format!("[{}]", out.join(", "))
}

fn rank_text(t: &Tournament, p: PlayerId) -> String {
    t.player(p).rank.map_or_else(String::new, |r| r.to_string())
}

/// The pairing as a plain table for the terminal.
pub fn pairing_text(t: &Tournament, round: u32) -> String {
    let mut s = format!("Round {round}\n");
    let Some(r) = t.round(round) else {
        s.push_str("(not paired)\n");
        return s;
    };
    let _ = writeln!(
        s,
        "{:>5}  {:<24} {:<24} {:>4} {:>5} result",
        "board", "black", "white", "hcp", "komi"
    );
    for g in &r.games {
        let _ = writeln!(
            s,
            "{:>5}  {:<24} {:<24} {:>4} {:>5} {}",
            g.board,
            format!("{} {}", t.name_of(g.black), rank_text(t, g.black)),
            format!("{} {}", t.name_of(g.white), rank_text(t, g.white)),
            g.handicap,
            super::event::number_text(t.event.komi_value(g.handicap)),
            g.outcome.map_or("", Outcome::code)
        );
    }
    for &p in &r.byes {
        let _ = writeln!(s, "{:>5}  {} (bye)", "-", t.name_of(p));
    }
    s
}

/// `[{"place": 1, "shared": false, "name": …, "score": 8, "tiebreaks": {"A": 23.5, …}}, …]`,
/// keys in that order, tie-breaks in chain order.
pub fn standings_json(s: &Standings) -> String {
    let rows: Vec<String> = s
        .rows
        .iter()
        .map(|r| {
            let tb: Vec<String> = r.values.iter().map(|(k, v)| format!("{}: {}", js(k), v.to_json())).collect();
            format!(
                "{{\"place\": {}, \"shared\": {}, \"name\": {}, \"score\": {}, \"tiebreaks\": {{{}}}}}",
                r.place,
                r.shared,
                js(&r.name),
                r.score.to_json(),
                tb.join(", ")
            )
        })
        .collect();
    format!("[{}]", rows.join(",\n "))
}

/// The chain in words: `score → A → warnings → shared place`.
pub fn chain_text(t: &Tournament, s: &Standings) -> String {
    let mut parts = s.chain.clone();
    parts.push(if t.ranking.shared_places {
        "shared place".into()
    } else {
        "lot".into()
    });
    parts.join(" → ")
}

/// A criterion's name for people, in `lang` (the keys stay the same in JSON and CSV).
pub fn criterion_label(key: &str, lang: Lang) -> String {
    let fixed = match key {
        "score" => lang.pick("积分", "積分", "score"),
        "A" => lang.pick(
            "A（所胜对手积分＋所和对手积分之半）",
            "A（所勝對手積分＋所和對手積分之半）",
            "A (opponents beaten + ½ drawn)",
        ),
        "warnings" => lang.pick("B 警告", "B 警告", "B warnings"),
        "total" => lang.pick("总得分", "總得分", "total"),
        "bracket" => lang.pick("对手分项", "對手分項", "bracket"),
        "opponents" => lang.pick("对手积分总和", "對手積分總和", "opponents' scores"),
        "board_points" => lang.pick("局分", "局分", "board points"),
        "reached" => lang.pick("淘汰轮次", "淘汰輪次", "out in round"),
        "SOS" => lang.pick("对手分", "對手分", "SOS"),
        "SOSOS" => lang.pick("对手的对手分", "對手的對手分", "SOSOS"),
        "SODOS" => lang.pick("所胜对手分", "所勝對手分", "SODOS"),
        "playoff" => lang.pick("附加赛", "附加賽", "play-off"),
        "wins" => lang.pick("胜局", "勝局", "wins"),
        "remaining" => lang.pick("剩余棋手", "剩餘棋手", "players left"),
        "shared" => lang.pick("C 名次并列", "C 名次並列", "C shared place"),
        "lot" => lang.pick("D 抽签", "D 抽籤", "D lot"),
        other => {
            return match other.strip_prefix("board") {
                Some(n) => lang.pick(format!("第{n}台"), format!("第{n}台"), format!("board {n}")),
                None => other.to_string(),
            };
        }
    };
    fixed.to_string()
}

/// The chain in `lang`, joined by `sep` (the app's font has no arrow).
pub fn chain_label(t: &Tournament, s: &Standings, lang: Lang, sep: &str) -> String {
    let mut parts: Vec<String> = s.chain.iter().map(|k| criterion_label(k, lang)).collect();
    parts.push(criterion_label(
        if t.ranking.shared_places {
            "shared"
        } else {
            "lot"
        },
        lang,
    ));
    parts.join(sep)
}

fn place_text(r: &Row) -> String {
    format!("{}{}", r.place, if r.shared { "=" } else { "" })
}

/// The standings for the terminal: the chain, every value, and what separated each row.
pub fn standings_text(t: &Tournament, s: &Standings) -> String {
    let mut out = format!(
        "Standings ({}, {} rounds): {}\n",
        t.system.name(),
        s.rounds,
        chain_text(t, s)
    );
    let keys: Vec<String> = s
        .rows
        .first()
        .map(|r| r.values.iter().map(|(k, _)| k.clone()).collect())
        .unwrap_or_default();
    let _ = write!(out, "{:<6} {:<24} {:>6}", "place", "name", "score");
    for k in &keys {
        let _ = write!(out, " {k:>10}");
    }
    out.push_str("  decided by\n");
    for r in &s.rows {
        let _ = write!(
            out,
            "{:<6} {:<24} {:>6}",
            place_text(r),
            r.name,
            r.score.to_string()
        );
        for k in &keys {
            let _ = write!(
                out,
                " {:>10}",
                r.value(k).map_or(String::new(), |v| v.to_string())
            );
        }
        let why = match (&r.decided_by, r.shared) {
            (_, true) => "shared: equal on every criterion".to_string(),
            (Some(k), _) => k.clone(),
            (None, _) => String::new(),
        };
        let _ = writeln!(out, "  {why}");
    }
    for n in &s.notes {
        let _ = writeln!(out, "note: {n}");
    }
    out
}

/// One crosstable cell: opponent's place, `+`/`-`/`=`, colour; `!` for a forfeit.
fn cell(g: &Counted, p: PlayerId, places: &HashMap<PlayerId, u32>) -> String {
    let opp = g.opponent_of(p);
    let place = places.get(&opp).map_or("?".to_string(), |x| x.to_string());
    let sym = match (g.outcome, g.points_of(p)) {
        (Outcome::NotPlayed, _) => "?",
        (_, 2) => "+",
        (_, 1) => "=",
        _ => "-",
    };
    let forfeit = matches!(
        g.outcome,
        Outcome::BlackWinsByForfeit | Outcome::WhiteWinsByForfeit
    );
    let colour = if g.black == p { "b" } else { "w" };
    format!("{place}{sym}{}/{colour}", if forfeit { "!" } else { "" })
}

/// Crosstable cells of each row, per round (1..=rounds), and Art. 29's awarded games.
fn crosstable(t: &Tournament, s: &Standings) -> (u32, Vec<(Vec<String>, String)>) {
    let rounds = t
        .played
        .iter()
        .map(|r| r.number)
        .max()
        .unwrap_or(0)
        .max(s.rounds);
    let mut places: HashMap<PlayerId, u32> = HashMap::new();
    for r in &s.rows {
        if let [p] = r.players[..] {
            places.insert(p, r.place);
        }
    }
    let rows = s
        .rows
        .iter()
        .map(|row| {
            let cells = (1..=rounds)
                .map(|n| {
                    let mut parts: Vec<String> = s
                        .counted
                        .iter()
                        .filter(|g| g.round == n && row.players.iter().any(|&p| g.involves(p)))
                        .map(|g| {
                            let p = row
                                .players
                                .iter()
                                .copied()
                                .find(|&p| g.involves(p))
                                .unwrap_or(g.black);
                            cell(g, p, &places)
                        })
                        .collect();
                    if s.byes
                        .iter()
                        .any(|&(r, p)| r == n && row.players.contains(&p))
                    {
                        parts.push("0+".into());
                    }
                    parts.join(" ")
                })
                .collect();
            let awarded = s
                .counted
                .iter()
                .filter(|g| g.awarded && row.players.iter().any(|&p| g.involves(p)))
                .map(|g| {
                    let p = row
                        .players
                        .iter()
                        .copied()
                        .find(|&p| g.involves(p))
                        .unwrap_or(g.black);
                    cell(g, p, &places)
                })
                .collect::<Vec<_>>()
                .join(" ");
            (cells, awarded)
        })
        .collect();
    (rounds, rows)
}

/// Standings with the crosstable as CSV: place, shared, name, rank, club, score, each value,
/// decided_by, one column a round, and the games Art. 29 awarded.
pub fn standings_csv(t: &Tournament, s: &Standings) -> String {
    use super::csv_text::line;
    let keys: Vec<String> = s
        .rows
        .first()
        .map(|r| r.values.iter().map(|(k, _)| k.clone()).collect())
        .unwrap_or_default();
    let (rounds, cross) = crosstable(t, s);
    let mut header: Vec<String> = ["place", "shared", "name", "rank", "club", "score"]
        .iter()
        .map(|x| x.to_string())
        .collect();
    header.extend(keys.iter().cloned());
    header.push("decided_by".into());
    header.extend((1..=rounds).map(|n| format!("R{n}")));
    header.push("awarded".into());
    let mut out = line(&header);
    for (r, (cells, awarded)) in s.rows.iter().zip(cross) {
        let single = if let [p] = r.players[..] {
            Some(t.player(p))
        } else {
            None
        };
        let mut f: Vec<String> = vec![
            r.place.to_string(),
            r.shared.to_string(),
            r.name.clone(),
            single
                .and_then(|p| p.rank)
                .map_or(String::new(), |x| x.to_string()),
            single.map_or(String::new(), |p| p.club.clone()),
            r.score.to_string(),
        ];
        f.extend(
            keys.iter()
                .map(|k| r.value(k).map_or(String::new(), |v| v.to_string())),
        );
        f.push(if r.shared {
            "shared".into()
        } else {
            r.decided_by.clone().unwrap_or_default()
        });
        f.extend(cells);
        f.push(awarded);
        out.push_str(&line(&f));
    }
    out
}

pub use crate::escape::xml as html_escape;

/// Words of the printed pages in the three languages.
fn words(lang: Lang) -> [&'static str; 16] {
    match lang {
        Lang::ZhHans => [
            "成绩表",
            "名次",
            "姓名",
            "段位",
            "单位",
            "积分",
            "轮",
            "台次",
            "黑方",
            "白方",
            "结果",
            "轮空",
            "对阵表",
            "记录单",
            "裁判签字",
            "名次决定",
        ],
        Lang::ZhHant => [
            "成績表",
            "名次",
            "姓名",
            "段位",
            "單位",
            "積分",
            "輪",
            "台次",
            "黑方",
            "白方",
            "結果",
            "輪空",
            "對陣表",
            "記錄單",
            "裁判簽字",
            "名次決定",
        ],
        Lang::En => [
            "Standings",
            "Place",
            "Name",
            "Rank",
            "Club",
            "Score",
            "Round",
            "Board",
            "Black",
            "White",
            "Result",
            "Bye",
            "Pairings",
            "Result slip",
            "Arbiter's signature",
            "Decided by",
        ],
    }
}

fn page(title: &str, body: &str, lang: Lang) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"{}\"><head><meta charset=\"utf-8\"><title>{}</title>\n<style>body{{font-family:sans-serif;margin:1.5em}}table{{border-collapse:collapse;margin:1em 0}}td,th{{border:1px solid #444;padding:.25em .6em;text-align:center}}td.n{{text-align:left}}.slip{{border:1px dashed #000;padding:1em;margin:1em 0;page-break-inside:avoid}}.note{{font-size:90%}}@media print{{.slip{{break-inside:avoid}}}}</style></head><body>\n{}</body></html>\n",
        lang.code(),
        html_escape(title),
        body
    )
}

/// Printable standings and crosstable (one page), with the chain and every value used.
pub fn standings_html(t: &Tournament, s: &Standings, lang: Lang) -> String {
    let w = words(lang);
    let keys: Vec<String> = s
        .rows
        .first()
        .map(|r| r.values.iter().map(|(k, _)| k.clone()).collect())
        .unwrap_or_default();
    let (rounds, cross) = crosstable(t, s);
    let title = if t.name.is_empty() {
        w[0].to_string()
    } else {
        format!("{} · {}", t.name, w[0])
    };
    let mut b = format!(
        "<h1>{}</h1>\n<p>{}</p>\n<table>\n<tr><th>{}</th><th>{}</th><th>{}</th>",
        html_escape(&title),
        html_escape(&chain_text(t, s)),
        w[1],
        w[2],
        w[5]
    );
    for k in &keys {
        let _ = write!(b, "<th>{}</th>", html_escape(k));
    }
    for n in 1..=rounds {
        let _ = write!(b, "<th>{}{n}</th>", w[6]);
    }
    let _ = writeln!(b, "<th>{}</th></tr>", w[15]);
    for (r, (cells, awarded)) in s.rows.iter().zip(cross) {
        let _ = write!(
            b,
            "<tr><td>{}</td><td class=\"n\">{}</td><td>{}</td>",
            place_text(r),
            html_escape(&r.name),
            r.score
        );
        for k in &keys {
            let _ = write!(
                b,
                "<td>{}</td>",
                r.value(k).map_or(String::new(), |v| v.to_string())
            );
        }
        for c in cells {
            let _ = write!(b, "<td>{}</td>", html_escape(&c));
        }
        let why = if r.shared {
            "=".to_string()
        } else {
            r.decided_by.clone().unwrap_or_default()
        };
        let awarded = if awarded.is_empty() {
            String::new()
        } else {
            format!(" ({awarded})")
        };
        let _ = writeln!(
            b,
            "<td>{}{}</td></tr>",
            html_escape(&why),
            html_escape(&awarded)
        );
    }
    b.push_str("</table>\n");
    for n in &s.notes {
        let _ = writeln!(b, "<p class=\"note\">{}</p>", html_escape(n));
    }
    page(&title, &b, lang)
}

/// The printable pairing list of round `round`.
pub fn pairing_html(t: &Tournament, round: u32, lang: Lang) -> String {
    let w = words(lang);
    let title = format!("{} · {} {round}", w[12], w[6]);
    let mut b = format!(
        "<h1>{}</h1>\n<table>\n<tr><th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th></tr>\n",
        html_escape(&format!("{} {title}", t.name)),
        w[7],
        w[8],
        w[3],
        w[9],
        w[3],
        w[10]
    );
    if let Some(r) = t.round(round) {
        for g in &r.games {
            let _ = writeln!(
                b,
                "<tr><td>{}</td><td class=\"n\">{}</td><td>{}</td><td class=\"n\">{}</td><td>{}</td><td>{}</td></tr>",
                g.board,
                html_escape(t.name_of(g.black)),
                rank_text(t, g.black),
                html_escape(t.name_of(g.white)),
                rank_text(t, g.white),
                g.outcome.map_or("", Outcome::code)
            );
        }
        for &p in &r.byes {
            let _ = writeln!(
                b,
                "<tr><td>–</td><td class=\"n\" colspan=\"5\">{} · {}</td></tr>",
                html_escape(t.name_of(p)),
                w[11]
            );
        }
    }
    b.push_str("</table>\n");
    page(&title, &b, lang)
}

/// Result slips for the tables of round `round`: one a board, to be filled in and signed.
pub fn slips_html(t: &Tournament, round: u32, lang: Lang) -> String {
    let w = words(lang);
    let title = format!("{} · {} {round}", w[13], w[6]);
    let mut b = String::new();
    if let Some(r) = t.round(round) {
        for g in &r.games {
            let _ = writeln!(
                b,
                "<div class=\"slip\"><b>{}</b> · {} {round} · {} {}<br>{}: {} {} ☐ &nbsp; {}: {} {} ☐<br>{}: B / W / D / BF / WF / LL &nbsp; ______<br>{}: ____________</div>",
                html_escape(&t.name),
                w[6],
                w[7],
                g.board,
                w[8],
                html_escape(t.name_of(g.black)),
                rank_text(t, g.black),
                w[9],
                html_escape(t.name_of(g.white)),
                rank_text(t, g.white),
                w[10],
                w[14]
            );
        }
    }
    page(&title, &b, lang)
}

/// The EGD results table (`.h9`): see [`super::rating_files::h9`].
pub fn h9(t: &Tournament, s: &Standings) -> String {
    super::rating_files::h9(t, s)
}
