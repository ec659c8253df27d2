//! The hall's screen: a read-only web page of the tables and the standings, drawn from the
//! desk's snapshot, for a glance from across the hall. The tables come first, those needing
//! the chief arbiter at the top: phase, moves, both clocks (读秒 with the reserved minutes
//! left), warnings, rulings pending, whether the board is heard and its backlog. The desk's
//! own state is a banner above them. The standings follow, exactly as the tournament computes
//! them (Art. 28, shared places). Plain HTML that refreshes itself every few seconds (no
//! script), and the same data as JSON at `/state.json`. Pure: text in, text out.

use super::desk::tile::ClockFace;
use super::desk::{BoardSeen, Snapshot, Tile};
use crate::i18n::Lang;

use crate::escape::xml as esc;

/// A clock's free time as `h:mm:ss` or `m:ss`, with the periods left.
pub fn clock_text(main_ms: i64, periods: u32) -> String {
    let s = main_ms.max(0) / 1000;
    let (h, m, sec) = (s / 3600, (s / 60) % 60, s % 60);
    let main = if h > 0 {
        format!("{h}:{m:02}:{sec:02}")
    } else {
        format!("{m}:{sec:02}")
    };
    if periods > 0 {
        format!("{main} +{periods}")
    } else {
        main
    }
}

/// One side's clock as the page and the desk's window show it: the free time with the
/// reserved minutes left, or 读秒 with the running minute's seconds once they are counted;
/// a fallen flag says so.
pub fn face_text(f: &ClockFace, lang: Lang) -> String {
    if f.flagged {
        return lang.pick("超时", "超時", "flag fell").to_owned();
    }
    if f.byoyomi {
        let reading = lang.pick("读秒", "讀秒", "byo-yomi");
        format!(
            "{reading} {} ({}{})",
            clock_text(f.period_ms, 0),
            f.periods,
            lang.pick("次", "次", "")
        )
    } else if f.periods > 0 {
        format!(
            "{} + {}{}",
            clock_text(f.main_ms, 0),
            f.periods,
            lang.pick("次读秒", "次讀秒", "×")
        )
    } else {
        clock_text(f.main_ms, 0)
    }
}

fn phase_text(phase: &str, lang: Lang) -> &'static str {
    match phase {
        "counting" => lang.pick("数子", "數子", "counting"),
        "adjourned" => lang.pick("封盘", "封盤", "adjourned"),
        "finished" => lang.pick("终局", "終局", "finished"),
        "confirming" => lang.pick(
            "终局，待双方确认结果",
            "終局，待雙方確認結果",
            "finished, awaiting the players' confirmation",
        ),
        _ => lang.pick("对局中", "對局中", "playing"),
    }
}

fn tile_row(t: &Tile, lang: Lang) -> String {
    let clock = |i: usize| {
        t.clocks.as_ref().map_or_else(String::new, |c| {
            let mark = if c[i].running { "▶ " } else { "" };
            format!("{mark}{}", face_text(&c[i], lang))
        })
    };
    let mut attention: Vec<String> = t
        .attention
        .iter()
        .map(|r| r.text(lang).to_owned())
        .collect();
    attention.extend(t.notes.iter().cloned());
    if let Some(p) = &t.problem {
        attention.push(p.clone());
    }
    let class = if t.attention.is_empty() {
        String::new()
    } else {
        " class=\"attention\"".to_owned()
    };
    // Only a board that should be heard and is not is bold: a finished game's board that
    // went home owes nothing.
    let link = match t.link {
        BoardSeen::Online | BoardSeen::Done => t.link.text(lang).to_owned(),
        other => format!("<b>{}</b>", other.text(lang)),
    };
    format!(
        "<tr{class}><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{} / {}</td><td>{}</td><td>{}</td><td>{link}</td><td>{}</td><td>{}</td></tr>\n",
        t.table,
        esc(&t.black),
        esc(&t.white),
        phase_text(t.phase, lang),
        t.moves,
        esc(&clock(0)),
        esc(&clock(1)),
        t.warnings[0],
        t.warnings[1],
        t.rulings_pending,
        esc(t.result.as_deref().unwrap_or("")),
        t.board_waiting,
        esc(&attention.join(" · ")),
    )
}

/// The page in `lang`.
pub fn html(snapshot: &Snapshot, lang: Lang) -> String {
    let title = lang.pick("对局实况", "對局實況", "Live games");
    let tables_h = lang.pick("各台", "各台", "Tables");
    let standings_h = lang.pick("名次", "名次", "Standings");
    let thead = lang.pick(
        [
            "台",
            "黑方",
            "白方",
            "阶段",
            "手数",
            "黑方用时",
            "白方用时",
            "警告",
            "待确认裁决",
            "结果",
            "棋盘",
            "积压",
            "注意",
        ],
        [
            "台",
            "黑方",
            "白方",
            "階段",
            "手數",
            "黑方用時",
            "白方用時",
            "警告",
            "待確認裁決",
            "結果",
            "棋盤",
            "積壓",
            "注意",
        ],
        [
            "Table",
            "Black",
            "White",
            "Phase",
            "Moves",
            "Black's clock",
            "White's clock",
            "Warnings",
            "Rulings pending",
            "Result",
            "Board",
            "Backlog",
            "Attention",
        ],
    );
    let mut out = format!(
        "<!DOCTYPE html>\n<html lang=\"{code}\"><head><meta charset=\"utf-8\">\
         <meta http-equiv=\"refresh\" content=\"5\">\
         <title>{title} · {event}</title>\
         <style>body{{font-family:sans-serif;margin:.5em}}h1{{font-size:1.3em;margin:.2em 0}}\
         table{{border-collapse:collapse;margin-bottom:1em}}td,th{{border:1px solid #999;padding:.1em .4em}}\
         tr.attention{{background:#fdd}}.banner{{background:#c00;color:#fff;padding:.3em .6em;font-weight:bold}}\
         .note{{background:#ffd;padding:.2em .6em}}</style></head>\n\
         <body><h1>{title} · {event}</h1>\n",
        code = lang.code(),
        event = esc(&snapshot.event),
    );
    let d = &snapshot.desk;
    if !d.connected {
        let since = if d.since.is_empty() {
            String::new()
        } else {
            format!(" {} {}", lang.pick("自", "自", "since"), esc(&d.since))
        };
        out.push_str(&format!(
            "<p class=\"banner\" id=\"desk\">{}{since} — {}</p>\n",
            lang.pick("裁判长台断线", "裁判長台斷線", "desk disconnected"),
            lang.pick(
                "各台状态未知",
                "各台狀態未知",
                "every table's state is unknown"
            )
        ));
    }
    for a in &d.alerts {
        out.push_str(&format!("<p class=\"banner\">{}</p>\n", esc(a)));
    }
    if d.open_server {
        out.push_str(&format!(
            "<p class=\"note\">{}</p>\n",
            lang.pick(
                "开放服务器（无凭据）：本网络上任何人都能发布",
                "開放伺服器（無憑據）：本網路上任何人都能發布",
                "open server (no credentials): anyone on this network can publish"
            )
        ));
    }
    out.push_str(&format!("<h2>{tables_h}</h2>\n<table id=\"tables\"><tr>"));
    for h in thead {
        out.push_str(&format!("<th>{h}</th>"));
    }
    out.push_str("</tr>\n");
    for t in &snapshot.tiles {
        out.push_str(&tile_row(t, lang));
    }
    out.push_str(&format!("</table>\n<h2>{standings_h}</h2>\n"));
    match &snapshot.standings {
        None => out.push_str(&format!(
            "<p>{}</p>\n",
            lang.pick(
                "（裁判长台未指定赛事文件：--tournament FILE）",
                "（裁判長台未指定賽事檔案：--tournament FILE）",
                "(the desk runs without the event's tournament file: --tournament FILE)"
            )
        )),
        Some(rows) => {
            let keys: Vec<String> = rows
                .first()
                .map(|r| r.values.iter().map(|(k, _)| k.clone()).collect())
                .unwrap_or_default();
            out.push_str(&format!(
                "<table id=\"standings\"><tr><th>{}</th><th>{}</th><th>{}</th>",
                lang.pick("名次", "名次", "Place"),
                lang.pick("棋手", "棋手", "Player"),
                lang.pick("积分", "積分", "Score"),
            ));
            for k in &keys {
                out.push_str(&format!("<th>{}</th>", esc(k)));
            }
            out.push_str("</tr>\n");
            for r in rows {
                let place = if r.shared {
                    format!("{}=", r.place)
                } else {
                    r.place.to_string()
                };
                out.push_str(&format!(
                    "<tr><td>{place}</td><td>{}</td><td>{}</td>",
                    esc(&r.name),
                    esc(&r.score)
                ));
                for (_, v) in &r.values {
                    out.push_str(&format!("<td>{}</td>", esc(v)));
                }
                out.push_str("</tr>\n");
            }
            out.push_str("</table>\n");
        }
    }
    out.push_str("</body></html>\n");
    out
}

/// The snapshot as JSON.
pub fn json(snapshot: &Snapshot) -> String {
    serde_json::to_string(snapshot).unwrap_or_else(|_| "{}".to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hall::desk::Desk;

    #[test]
    fn issue18_the_page_shows_tables_first_with_the_desks_state_and_escapes_names() {
        let mut d = Desk::new(
            crate::hall::names::EventName::new("cup").unwrap(),
            crate::hall::ruling::ChiefKey::from_seed([1; 32]),
            false,
        );
        let id = "00112233445566778899aabbccddeeff";
        let lines = crate::hall::test_lines::session_lines(
            id,
            "setup size=9 black=\"<b>Li\" white=Wang table=3 time=chinese:limit=10m,reserve=3",
            &["0:05 B E5", "0:09 W resign"],
        );
        for (i, l) in lines.into_iter().enumerate() {
            d.receive(3, id, i as u32 + 1, l, crate::clock::Timestamp(0));
        }
        d.set_connected(true, crate::clock::Timestamp(0), "14:00:00");
        let page = html(&d.snapshot(crate::clock::Timestamp(0)), Lang::En);
        assert!(page.contains("&lt;b&gt;Li"));
        assert!(!page.contains("<b>Li"));
        assert!(page.contains("<td>3</td>") && page.contains("B+R") && page.contains("finished"));
        assert!(
            page.find("id=\"tables\"") < page.find("Standings"),
            "tables first"
        );
        assert!(page.contains("open server"));
        assert!(!page.contains("desk disconnected"));
        d.set_connected(false, crate::clock::Timestamp(5), "14:02:07");
        let page = html(&d.snapshot(crate::clock::Timestamp(6)), Lang::ZhHans);
        assert!(page.contains("裁判长台断线 自 14:02:07"), "{page}");
        assert!(page.contains("未知"));
        assert!(json(&d.snapshot(crate::clock::Timestamp(0))).contains("\"table\":3"));
        assert_eq!(clock_text(3_725_000, 3), "1:02:05 +3");
        assert_eq!(clock_text(65_000, 0), "1:05");
        let face = ClockFace {
            main_ms: 0,
            periods: 2,
            byoyomi: true,
            period_ms: 42_000,
            running: true,
            flagged: false,
        };
        assert_eq!(face_text(&face, Lang::ZhHans), "读秒 0:42 (2次)");
    }
}
