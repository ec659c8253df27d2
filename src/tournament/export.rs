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

/// One crosstable cell: the opponent's number (the row's number in the table, as the EGF and
/// OpenGotha write it — places may be shared, numbers never are), `+`/`-`/`=`, colour and
/// the handicap when there was one; `!` for a forfeit.
fn cell(t: &Tournament, g: &Counted, p: PlayerId, numbers: &HashMap<PlayerId, usize>) -> String {
    let opp = g.opponent_of(p);
    let number = numbers.get(&opp).map_or("?".to_string(), |x| x.to_string());
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
    let handicap = t
        .round(g.round)
        .and_then(|r| {
            r.games
                .iter()
                .find(|x| x.involves(g.black) && x.involves(g.white))
        })
        .map_or(0, |x| x.handicap);
    let h = if handicap > 0 {
        handicap.to_string()
    } else {
        String::new()
    };
    format!(
        "{number}{sym}{}/{colour}{h}",
        if forfeit { "!" } else { "" }
    )
}

/// Each player's number in the standings table: its row, from 1 (a team's members share it).
fn row_numbers(s: &Standings) -> HashMap<PlayerId, usize> {
    s.rows
        .iter()
        .enumerate()
        .flat_map(|(i, r)| r.players.iter().map(move |&p| (p, i + 1)))
        .collect()
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
    let numbers = row_numbers(s);
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
                            cell(t, g, p, &numbers)
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
                    cell(t, g, p, &numbers)
                })
                .collect::<Vec<_>>()
                .join(" ");
            (cells, awarded)
        })
        .collect();
    (rounds, rows)
}

/// Standings with the crosstable as CSV: number (the row's, which the crosstable's cells
/// name), place, shared, name, rank, club, score, each value, decided_by, one column a round,
/// and the games Art. 29 awarded.
pub fn standings_csv(t: &Tournament, s: &Standings) -> String {
    use super::csv_text::line;
    let keys: Vec<String> = s
        .rows
        .first()
        .map(|r| r.values.iter().map(|(k, _)| k.clone()).collect())
        .unwrap_or_default();
    let (rounds, cross) = crosstable(t, s);
    let mut header: Vec<String> = ["number", "place", "shared", "name", "rank", "club", "score"]
        .iter()
        .map(|x| x.to_string())
        .collect();
    header.extend(keys.iter().cloned());
    header.push("decided_by".into());
    header.extend((1..=rounds).map(|n| format!("R{n}")));
    header.push("awarded".into());
    let mut out = line(&header);
    for (i, (r, (cells, awarded))) in s.rows.iter().zip(cross).enumerate() {
        let single = if let [p] = r.players[..] {
            Some(t.player(p))
        } else {
            None
        };
        let mut f: Vec<String> = vec![
            (i + 1).to_string(),
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
struct Words {
    standings: &'static str,
    place: &'static str,
    number: &'static str,
    name: &'static str,
    rank: &'static str,
    score: &'static str,
    board: &'static str,
    black: &'static str,
    white: &'static str,
    result: &'static str,
    bye: &'static str,
    pairings: &'static str,
    slip: &'static str,
    signature: &'static str,
    decided_by: &'static str,
    handicap: &'static str,
}

fn words(lang: Lang) -> Words {
    Words {
        standings: lang.pick("成绩表", "成績表", "Standings"),
        place: lang.pick("名次", "名次", "Place"),
        number: lang.pick("序号", "序號", "No."),
        name: lang.pick("姓名", "姓名", "Name"),
        rank: lang.pick("段位", "段位", "Rank"),
        score: lang.pick("积分", "積分", "Score"),
        board: lang.pick("台次", "台次", "Board"),
        black: lang.pick("黑方", "黑方", "Black"),
        white: lang.pick("白方", "白方", "White"),
        result: lang.pick("结果", "結果", "Result"),
        bye: lang.pick("轮空", "輪空", "Bye"),
        pairings: lang.pick("对阵表", "對陣表", "Pairings"),
        slip: lang.pick("记录单", "記錄單", "Result slip"),
        signature: lang.pick("裁判签字", "裁判簽字", "Arbiter's signature"),
        decided_by: lang.pick("名次决定", "名次決定", "Decided by"),
        handicap: lang.pick("让子", "讓子", "Handicap"),
    }
}

/// "Round 3" / "第3轮".
fn round_title(n: u32, lang: Lang) -> String {
    lang.pick(format!("第{n}轮"), format!("第{n}輪"), format!("Round {n}"))
}

/// The komi column's head: stones under Chinese rules, points under the others.
fn komi_head(t: &Tournament, lang: Lang) -> &'static str {
    if t.event.rules.komi_in_stones() {
        lang.pick("贴子", "貼子", "Komi (stones)")
    } else {
        lang.pick("贴目", "貼目", "Komi (points)")
    }
}

/// The komi of a game with `handicap` stones as printed: the event's komi in its rules' unit
/// (3.75 stones, 6.5 points); a Chinese handicap game has none and Black returns half the
/// handicap stones at the count (Art. 11), which the sheet says.
pub fn komi_text(t: &Tournament, handicap: u32, lang: Lang) -> String {
    let k = super::event::number_text(t.event.komi_value(handicap));
    if handicap >= 2 && t.event.rules.komi_in_stones() {
        let back = super::event::number_text(f64::from(handicap) / 2.0);
        lang.pick(
            format!("{k}（黑还{back}子）"),
            format!("{k}（黑還{back}子）"),
            format!("{k} (Black returns {back})"),
        )
    } else {
        k
    }
}

/// The event's komi and handicap rule in one line, for the head of every sheet.
fn komi_line(t: &Tournament, lang: Lang) -> String {
    let even = super::event::number_text(t.event.komi_value(0));
    let points = super::event::number_text(t.event.komi_points(0));
    let rule = t
        .mcmahon
        .and_then(|m| m.handicap)
        .filter(|_| t.system == super::System::McMahon);
    let komi = if t.event.rules.komi_in_stones() {
        lang.pick(
            format!("对局贴{even}子（{points}目）；让子局不贴子，黑方还让子数之半"),
            format!("對局貼{even}子（{points}目）；讓子局不貼子，黑方還讓子數之半"),
            format!("Komi {even} stones ({points} points) in even games; handicap games: no komi, Black returns half the handicap stones"),
        )
    } else {
        let h = super::event::number_text(t.event.komi_points(2));
        lang.pick(
            format!("对局贴{even}目；让子局贴{h}目"),
            format!("對局貼{even}目；讓子局貼{h}目"),
            format!("Komi {even} points in even games, {h} in handicap games"),
        )
    };
    match rule {
        Some(h) => {
            let hr = lang.pick(
                format!(
                    "；{}以下让子：段位差减{}，最多{}子",
                    h.below, h.correction, h.max
                ),
                format!(
                    "；{}以下讓子：段位差減{}，最多{}子",
                    h.below, h.correction, h.max
                ),
                format!(
                    "; handicaps below {}: rank difference − {}, at most {}",
                    h.below, h.correction, h.max
                ),
            );
            format!("{komi}{hr}")
        }
        None => komi,
    }
}

fn page(title: &str, body: &str, lang: Lang) -> String {
    // Printed from a browser (Chromium's print to PDF checks it): A4, the table head repeated
    // on every page, no row and no slip cut across pages, long names wrapped inside their cell.
    format!(
        "<!DOCTYPE html>\n<html lang=\"{}\"><head><meta charset=\"utf-8\"><title>{}</title>\n<style>@page{{size:A4;margin:12mm}}body{{font-family:\"Noto Sans CJK SC\",\"Noto Sans CJK TC\",\"Noto Sans\",sans-serif;margin:0}}h1{{font-size:16pt;margin:0 0 .3em}}p.komi{{margin:.2em 0 .6em}}table{{border-collapse:collapse;margin:.6em 0;width:100%;table-layout:auto}}thead{{display:table-header-group}}tr,td,th{{break-inside:avoid;page-break-inside:avoid}}td,th{{border:1px solid #444;padding:.2em .4em;text-align:center;white-space:nowrap}}td.n{{text-align:left;white-space:normal;overflow-wrap:anywhere;min-width:7em}}table.pairs{{table-layout:fixed;font-size:10pt}}table.pairs td,table.pairs th{{white-space:normal;overflow-wrap:anywhere;padding:.2em .25em}}table.pairs th{{font-size:9pt;overflow-wrap:normal}}table.cross{{font-size:9pt}}.slip{{border:1px dashed #000;padding:.8em;margin:.8em 0;break-inside:avoid;page-break-inside:avoid}}.slip .terms{{font-size:115%;text-decoration:underline}}.note{{font-size:90%}}</style></head><body>\n{}</body></html>\n",
        lang.code(),
        html_escape(title),
        body
    )
}

/// Printable standings and crosstable — the wall sheet (one table, its head on every page):
/// the chain and every value used in the reader's language, each row's number, and each
/// round's cell naming the opponent's number, the result, the colour and the handicap.
pub fn standings_html(t: &Tournament, s: &Standings, lang: Lang) -> String {
    let w = words(lang);
    let keys: Vec<String> = s
        .rows
        .first()
        .map(|r| r.values.iter().map(|(k, _)| k.clone()).collect())
        .unwrap_or_default();
    let (rounds, cross) = crosstable(t, s);
    let title = if t.name.is_empty() {
        w.standings.to_string()
    } else {
        format!("{} · {}", t.name, w.standings)
    };
    let mut b = format!(
        "<h1>{}</h1>\n<p>{}: {}</p>\n<p class=\"komi\">{}</p>\n<table class=\"cross\">\n<thead><tr><th>{}</th><th>{}</th><th>{}</th><th>{}</th>",
        html_escape(&title),
        w.decided_by,
        html_escape(&chain_label(t, s, lang, " → ")),
        html_escape(&komi_line(t, lang)),
        w.number,
        w.place,
        w.name,
        w.score
    );
    for k in &keys {
        let _ = write!(b, "<th>{}</th>", html_escape(&criterion_label(k, lang)));
    }
    for n in 1..=rounds {
        let _ = write!(b, "<th>{}</th>", html_escape(&round_title(n, lang)));
    }
    let _ = writeln!(b, "<th>{}</th></tr></thead>\n<tbody>", w.decided_by);
    for (i, (r, (cells, awarded))) in s.rows.iter().zip(cross).enumerate() {
        let _ = write!(
            b,
            "<tr><td>{}</td><td>{}</td><td class=\"n\">{}</td><td>{}</td>",
            i + 1,
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
            r.decided_by
                .as_deref()
                .map_or(String::new(), |k| criterion_label(k, lang))
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
    b.push_str("</tbody></table>\n");
    for n in &s.notes {
        let _ = writeln!(b, "<p class=\"note\">{}</p>", html_escape(n));
    }
    page(&title, &b, lang)
}

/// The printable pairing list of round `round`: board, Black and White with their ranks, the
/// handicap and the komi of each board, the result; the bye; the event's komi rule above.
pub fn pairing_html(t: &Tournament, round: u32, lang: Lang) -> String {
    let w = words(lang);
    let title = format!("{} · {}", w.pairings, round_title(round, lang));
    let heading = if t.name.is_empty() {
        title.clone()
    } else {
        format!("{} {title}", t.name)
    };
    let mut b = format!(
        "<h1>{}</h1>\n<p class=\"komi\">{}</p>\n<table class=\"pairs\">\n<colgroup><col style=\"width:7%\"><col style=\"width:19%\"><col style=\"width:6%\"><col style=\"width:19%\"><col style=\"width:6%\"><col style=\"width:11%\"><col style=\"width:23%\"><col style=\"width:9%\"></colgroup>\n<thead><tr><th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th></tr></thead>\n<tbody>\n",
        html_escape(&heading),
        html_escape(&komi_line(t, lang)),
        w.board,
        w.black,
        w.rank,
        w.white,
        w.rank,
        w.handicap,
        komi_head(t, lang),
        w.result
    );
    if let Some(r) = t.round(round) {
        for g in &r.games {
            let _ = writeln!(
                b,
                "<tr><td>{}</td><td class=\"n\">{}</td><td>{}</td><td class=\"n\">{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
                g.board,
                html_escape(t.name_of(g.black)),
                rank_text(t, g.black),
                html_escape(t.name_of(g.white)),
                rank_text(t, g.white),
                g.handicap,
                html_escape(&komi_text(t, g.handicap, lang)),
                g.outcome.map_or("", Outcome::code)
            );
        }
        for &p in &r.byes {
            let _ = writeln!(
                b,
                "<tr><td>–</td><td class=\"n\" colspan=\"7\">{} · {}</td></tr>",
                html_escape(t.name_of(p)),
                w.bye
            );
        }
    }
    b.push_str("</tbody></table>\n");
    page(&title, &b, lang)
}

/// Result slips for the tables of round `round`: one a board, to be filled in and signed,
/// each with the game's handicap and komi.
pub fn slips_html(t: &Tournament, round: u32, lang: Lang) -> String {
    let w = words(lang);
    let title = format!("{} · {}", w.slip, round_title(round, lang));
    let colon = lang.pick("：", "：", ": ");
    let mut b = String::new();
    if let Some(r) = t.round(round) {
        for g in &r.games {
            let _ = writeln!(
                b,
                "<div class=\"slip\"><b>{}</b> · {} · {} {}<br>{}{colon}{} {} ☐ &nbsp; {}{colon}{} {} ☐<br><span class=\"terms\">{}{colon}{} · {}{colon}{}</span><br>{}{colon}B / W / D / BF / WF / LL &nbsp; ______<br>{}{colon}____________</div>",
                html_escape(&t.name),
                html_escape(&round_title(round, lang)),
                w.board,
                g.board,
                w.black,
                html_escape(t.name_of(g.black)),
                rank_text(t, g.black),
                w.white,
                html_escape(t.name_of(g.white)),
                rank_text(t, g.white),
                w.handicap,
                g.handicap,
                komi_head(t, lang),
                html_escape(&komi_text(t, g.handicap, lang)),
                w.result,
                w.signature
            );
        }
    }
    page(&title, &b, lang)
}

/// The EGD results table (`.h9`): see [`super::rating_files::h9`].
pub fn h9(t: &Tournament, s: &Standings) -> String {
    super::rating_files::h9(t, s)
}
