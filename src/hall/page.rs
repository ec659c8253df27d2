//! The hall's screen: a read-only web page of the live standings and tables, drawn from the
//! desk's snapshot. Plain HTML that refreshes itself every few seconds (no script needed),
//! and the same data as JSON at `/state.json`. Pure: text in, text out.

use super::desk::{Snapshot, Tile};
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

fn tile_row(t: &Tile, lang: Lang) -> String {
    let clocks = t.clocks.as_ref().map_or_else(String::new, |c| {
        format!(
            "{} / {}",
            clock_text(c[0].main_ms, c[0].periods),
            clock_text(c[1].main_ms, c[1].periods)
        )
    });
    let attention: Vec<&str> = t.attention.iter().map(|r| r.text(lang)).collect();
    let class = if t.attention.is_empty() {
        ""
    } else {
        " class=\"attention\""
    };
    format!(
        "<tr{class}><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{} / {}</td><td>{}</td><td>{}</td></tr>\n",
        t.table,
        esc(&t.black),
        esc(&t.white),
        t.moves,
        esc(&clocks),
        t.warnings[0],
        t.warnings[1],
        esc(t.result.as_deref().unwrap_or("")),
        esc(&attention.join(", ")),
    )
}

/// The page in `lang`.
pub fn html(snapshot: &Snapshot, lang: Lang) -> String {
    let title = lang.pick("对局实况", "對局實況", "Live games");
    let standings_h = lang.pick("积分", "積分", "Standings");
    let tables_h = lang.pick("各台", "各台", "Tables");
    let head = lang.pick(
        ["名次", "棋手", "局", "胜", "和", "负", "分"],
        ["名次", "棋手", "局", "勝", "和", "負", "分"],
        ["#", "Player", "Played", "Won", "Drawn", "Lost", "Points"],
    );
    let thead = lang.pick(
        [
            "台",
            "黑方",
            "白方",
            "手数",
            "用时（黑/白）",
            "警告",
            "结果",
            "注意",
        ],
        [
            "台",
            "黑方",
            "白方",
            "手數",
            "用時（黑/白）",
            "警告",
            "結果",
            "注意",
        ],
        [
            "Table",
            "Black",
            "White",
            "Moves",
            "Clocks (B/W)",
            "Warnings",
            "Result",
            "Attention",
        ],
    );
    let mut out = format!(
        "<!DOCTYPE html>\n<html lang=\"{code}\"><head><meta charset=\"utf-8\">\
         <meta http-equiv=\"refresh\" content=\"5\">\
         <title>{title} · {event}</title>\
         <style>body{{font-family:sans-serif;margin:1em}}table{{border-collapse:collapse;margin-bottom:1.5em}}\
         td,th{{border:1px solid #999;padding:.2em .6em}}tr.attention{{background:#fdd}}</style></head>\n\
         <body><h1>{title} · {event}</h1>\n",
        code = lang.code(),
        event = esc(&snapshot.event),
    );
    out.push_str(&format!(
        "<h2>{standings_h}</h2>\n<table id=\"standings\"><tr>"
    ));
    for h in head {
        out.push_str(&format!("<th>{h}</th>"));
    }
    out.push_str("</tr>\n");
    for (i, s) in snapshot.standings.iter().enumerate() {
        out.push_str(&format!(
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>\n",
            i + 1,
            esc(&s.name),
            s.played,
            s.wins,
            s.draws,
            s.losses,
            s.points
        ));
    }
    out.push_str(&format!(
        "</table>\n<h2>{tables_h}</h2>\n<table id=\"tables\"><tr>"
    ));
    for h in thead {
        out.push_str(&format!("<th>{h}</th>"));
    }
    out.push_str("</tr>\n");
    for t in &snapshot.tiles {
        out.push_str(&tile_row(t, lang));
    }
    out.push_str("</table>\n</body></html>\n");
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
    fn issue14_the_page_lists_tables_and_escapes_names() {
        let mut d = Desk::new(
            crate::hall::names::EventName::new("cup").unwrap(),
            crate::hall::ruling::ChiefKey::from_seed([1; 32]),
        );
        let id = "00112233445566778899aabbccddeeff";
        let lines = crate::hall::test_lines::session_lines(
            id,
            "setup size=9 black=\"<b>Li\" white=Wang table=3",
            &["0:05 B E5", "0:09 W resign"],
        );
        for (i, l) in lines.into_iter().enumerate() {
            d.receive(3, id, i as u32 + 1, l, crate::clock::Timestamp(0));
        }
        let page = html(&d.snapshot(crate::clock::Timestamp(0)), Lang::En);
        assert!(page.contains("&lt;b&gt;Li"));
        assert!(!page.contains("<b>Li"));
        assert!(page.contains("<td>3</td>") && page.contains("B+R"));
        assert!(page.contains("<td>1</td><td>&lt;b&gt;Li</td><td>1</td><td>1</td>"));
        assert!(json(&d.snapshot(crate::clock::Timestamp(0))).contains("\"table\":3"));
        assert_eq!(clock_text(3_725_000, 3), "1:02:05 +3");
        assert_eq!(clock_text(65_000, 0), "1:05");
    }
}
