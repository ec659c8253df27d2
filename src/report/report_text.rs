//! The game report for the chief arbiter: players, event, settings, every ruling with time,
//! article and outcome, each voided point, each restart decision with the time away and
//! whether it was charged, the cycles played under simple ko, warnings, the sealed move's
//! commitment, the count as the result sheet shows it, the result, the final position with
//! the dead stones marked, the journal's head hash and signature lines. Printable HTML (the
//! position as inline SVG, no embedded images) and plain text. The rulings' names come from
//! the one catalogue ([`crate::session::catalogue`]).

use crate::diagram::{PointMark, Scene, SvgOptions, escape, to_svg};
use crate::i18n::Lang;
use crate::i18n::{span_text, time_control_text};
use crate::journal::Reading;
use crate::rules::{Color, KoRule};
use crate::seal::hex;
use crate::session::shorthand::{format_duration, format_time};
use crate::session::{Colours, Event, Handicap, Mode, Phase, RulingKind, Session};

/// One row of the rulings table.
struct RulingRow {
    n: u32,
    t: String,
    utc: String,
    article: String,
    kind: String,
    side: &'static str,
    note: String,
    revoked: bool,
}

/// The report's content, laid out as text or HTML.
pub struct Report {
    title: String,
    facts: Vec<(String, String)>,
    rulings: Vec<RulingRow>,
    /// Each voided point: a void ruling, or a sealed move that became a pass.
    voids: Vec<String>,
    /// Each decision on the time away after a restart.
    restarts: Vec<String>,
    /// Cycles played under simple ko (Art. 20.3).
    repetitions: Vec<String>,
    /// The dead stones marked at the count, as points.
    dead: Option<String>,
    sealed: Option<String>,
    count: Option<String>,
    result: String,
    board: Vec<String>,
    svg: String,
    head: String,
    entries: u32,
}

/// Stones with quarter glyphs from half-stones: 369 → "184½".
fn stones_from_halves(halves: u32) -> String {
    let mut s = String::new();
    let _ = crate::rules::write_quarters(&mut s, i64::from(halves) * 2);
    s
}

fn stones_from_quarters(q: i64) -> String {
    let mut s = String::new();
    let _ = crate::rules::write_quarters(&mut s, q);
    s
}

fn side_text(c: Option<Color>) -> &'static str {
    match c {
        Some(Color::Black) => "黑 Black",
        Some(Color::White) => "白 White",
        None => "—",
    }
}

/// The stones a moved-stones ruling changed, as the arbiter's form takes them:
/// `+B D4 +W E5 −F6` (a stone of that colour put on the point, a point emptied).
fn changes_text(changes: &[crate::session::Change], size: u8) -> String {
    changes
        .iter()
        .map(|c| match c {
            crate::session::Change::Put(color, p) => {
                format!("+{} {}", color.letter(), p.to_gtp(size))
            }
            crate::session::Change::Remove(p) => format!("−{}", p.to_gtp(size)),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// A kind of ruling as the report names it: the catalogue's Chinese and English names.
fn kind_text(kind: RulingKind) -> String {
    format!("{} {}", kind.label(Lang::ZhHans), kind.label(Lang::En))
}

fn revoked_mark(revoked: bool) -> &'static str {
    if revoked { " [revoked 已撤销]" } else { "" }
}

impl Report {
    /// The report of `session` as read from its journal.
    pub fn new(session: &Session, reading: &Reading) -> Report {
        let setup = session.setup();
        let utc_of = |n: u32| {
            reading
                .lines
                .get(n.saturating_sub(1) as usize)
                .map(|l| l.decoded.utc.clone())
                .unwrap_or_default()
        };
        let player = |p: &crate::session::Player| {
            if p.rank.is_empty() {
                p.name.clone()
            } else {
                format!("{} ({})", p.name, p.rank)
            }
        };
        let handicap = match &setup.handicap {
            Handicap::None => "0".to_owned(),
            Handicap::Fixed(1) => "让先 (1)".to_owned(),
            h => h.stones().to_string(),
        };
        let time = setup.time_control.as_ref().map_or_else(
            || "无 none".to_owned(),
            |t| {
                format!(
                    "{} / {}",
                    time_control_text(t, Lang::ZhHans),
                    time_control_text(t, Lang::En)
                )
            },
        );
        let ko = match setup.rules.ko {
            KoRule::Positional => "全局同形禁止 positional superko",
            KoRule::Situational => "situational superko",
            KoRule::Simple => "simple ko (cycles ruled by the arbiter, Art. 20.3)",
        };
        let colours = match setup.colours {
            Colours::Given => "编排 as paired",
            Colours::Nigiri => "猜先 nigiri (Art. 10)",
            Colours::Draw => "抽签 organisers' draw (Art. 10)",
        };
        let mut facts = vec![
            ("比赛 Event".to_owned(), setup.event.clone()),
            ("轮次 Round".to_owned(), setup.round.clone()),
            ("台次 Table".to_owned(), setup.table.clone()),
            ("黑方 Black".to_owned(), player(&setup.black)),
            ("白方 White".to_owned(), player(&setup.white)),
            ("执子 Colours".to_owned(), colours.to_owned()),
            ("开始 Started (UTC)".to_owned(), utc_of(1)),
            ("棋盘 Board".to_owned(), format!("{0}×{0}", setup.size)),
            (
                "贴子 Komi".to_owned(),
                format!(
                    "{} 子 stones ({} points)",
                    setup.rules.komi,
                    setup.rules.komi.points()
                ),
            ),
            ("让子 Handicap".to_owned(), handicap),
            ("用时 Time".to_owned(), time),
            ("同形 Repetition".to_owned(), ko.to_owned()),
            (
                "迟到时限 Late limit".to_owned(),
                format_duration(setup.late_limit),
            ),
            (
                "方式 Mode".to_owned(),
                match setup.mode {
                    Mode::Board => "棋盘记录 board".to_owned(),
                    Mode::ClockOnly => "仅计时 clock only (physical board)".to_owned(),
                },
            ),
            ("对局编号 Session".to_owned(), reading.header.id.clone()),
            (
                "警告 Warnings".to_owned(),
                format!(
                    "黑 B {} · 白 W {}",
                    session.warnings(Color::Black),
                    session.warnings(Color::White)
                ),
            ),
            (
                "劝告 Admonitions".to_owned(),
                format!(
                    "黑 B {} · 白 W {}",
                    session.admonitions(Color::Black),
                    session.admonitions(Color::White)
                ),
            ),
            ("手数 Moves".to_owned(), session.turns().to_string()),
        ];
        facts.retain(|(_, v)| !v.is_empty());
        let rulings = session
            .rulings()
            .iter()
            .map(|r| RulingRow {
                n: r.n,
                t: format_time(r.at),
                utc: utc_of(r.n),
                article: r.article.clone(),
                kind: match session.log().iter().find(|e| e.n == r.n).map(|e| &e.event) {
                    Some(Event::Gap { charged: true }) => {
                        format!("{} (计入 charged)", kind_text(r.kind))
                    }
                    Some(Event::Gap { charged: false }) => {
                        format!("{} (不计入 not charged)", kind_text(r.kind))
                    }
                    // The stones each moved-stones ruling changed (issue 29 item 7).
                    Some(Event::Edit(changes)) => {
                        let size = setup.size;
                        format!("{} ({})", kind_text(r.kind), changes_text(changes, size))
                    }
                    _ => kind_text(r.kind),
                },
                side: side_text(r.side),
                note: r.note.clone().unwrap_or_default(),
                revoked: r.revoked,
            })
            .collect();
        let voids = session
            .rulings()
            .iter()
            .filter(|r| r.kind == RulingKind::Void)
            .map(|r| {
                let point = r.point.map_or_else(|| "—".to_owned(), |p| p.to_gtp(setup.size));
                let how = match session.log().iter().find(|e| e.n == r.n).map(|e| &e.event) {
                    Some(Event::Unseal(_)) => " (封棋开封 sealed move opened)",
                    _ => "",
                };
                format!(
                    "#{} {} {} {point}{how}: 着手无效，弃权一次 void, counts as one pass (Art. {}){}",
                    r.n,
                    format_time(r.at),
                    side_text(r.side),
                    r.article,
                    revoked_mark(r.revoked)
                )
            })
            .collect();
        let restarts = session
            .log()
            .iter()
            .enumerate()
            .filter_map(|(i, e)| {
                let Event::Gap { charged } = e.event else {
                    return None;
                };
                let before = i.checked_sub(1).and_then(|j| session.log().get(j));
                let away =
                    e.at.since(before.map_or(crate::clock::Timestamp::ZERO, |b| b.at));
                let decision = if charged {
                    "计入轮到的一方 charged to the side to move"
                } else {
                    "不计入 not charged"
                };
                Some(format!(
                    "#{} {}: 中断 time away {} / {} ({}); {decision}{}",
                    e.n,
                    format_time(e.at),
                    span_text(away, Lang::ZhHans),
                    span_text(away, Lang::En),
                    format_duration(away),
                    revoked_mark(!session.in_force(e.n))
                ))
            })
            .collect();
        let repetitions = session
            .repetitions()
            .iter()
            .map(|r| format!("#{} {}", r.n, r.text(Lang::En, setup.size)))
            .collect();
        let sealed = match (session.sealed(), session.unsealed()) {
            (Some(s), _) => Some(format!(
                "封棋 Sealed by {}, unopened. Commitment SHA-256(nonce ‖ move): {}",
                side_text(Some(s.by)),
                hex::encode(&s.commitment)
            )),
            (None, Some(u)) => Some(format!(
                "封棋 Sealed by {}, opened: {}; nonce {}; commitment {}",
                side_text(Some(u.by)),
                crate::seal::vertex_text(u.reveal.mv, setup.size),
                hex::encode(&u.reveal.nonce),
                hex::encode(&u.commitment)
            )),
            (None, None) => None,
        };
        let count = session.final_count().or_else(|| session.count()).map(|(c, _)| {
            let rules = session.game().rules();
            let handicap = session.game().handicap();
            let returned = if rules.handicap_komi_return && handicap >= 2 {
                2 * i64::from(handicap)
            } else {
                0
            };
            let points = i64::from(c.size) * i64::from(c.size);
            let line = 2 * points + i64::from(rules.komi.0) + returned;
            let returned_text = if returned > 0 {
                format!(" + 还子 {} (handicap return)", stones_from_quarters(returned))
            } else {
                String::new()
            };
            format!(
                "黑 {} 子 · 白 {} 子 (Black {} stones, White {} stones); 胜负线 180½-line: {} + 贴 {}{} = {}",
                stones_from_halves(c.black_halves()),
                stones_from_halves(c.white_halves()),
                stones_from_halves(c.black_halves()),
                stones_from_halves(c.white_halves()),
                stones_from_quarters(2 * points),
                setup.rules.komi,
                returned_text,
                stones_from_quarters(line)
            )
        });
        let result = match session.phase() {
            Phase::Finished(o) => format!("{} · {} · {}", o.zh_hans(), o.en(), o.code()),
            Phase::Adjourned => "封棋中 adjourned".to_owned(),
            Phase::Counting => "数子中 counting".to_owned(),
            _ => "对局中 in progress".to_owned(),
        };
        // The dead stones as agreed at the count, marked on the final diagram.
        let dead_stones = if count.is_some() {
            session.dead_stones()
        } else {
            Vec::new()
        };
        let mut board = session.board_rows();
        for &p in &dead_stones {
            if let Some(row) = board.get_mut(usize::from(p.y)) {
                *row = row
                    .chars()
                    .enumerate()
                    .map(|(x, ch)| match ch {
                        'X' if x == usize::from(p.x) => 'x',
                        'O' if x == usize::from(p.x) => 'o',
                        other => other,
                    })
                    .collect();
            }
        }
        let dead = (!dead_stones.is_empty()).then(|| {
            dead_stones
                .iter()
                .map(|p| p.to_gtp(setup.size))
                .collect::<Vec<_>>()
                .join(" ")
        });
        let mut scene = Scene::new(&session.board());
        scene
            .marks
            .points
            .extend(dead_stones.iter().map(|&p| (p, PointMark::Cross)));
        let svg = to_svg(&scene, &SvgOptions::default());
        Report {
            title: "对局报告 Game report".to_owned(),
            facts,
            rulings,
            voids,
            restarts,
            repetitions,
            dead,
            sealed,
            count,
            result,
            board,
            svg,
            head: hex::encode(&reading.head()),
            entries: reading.intact(),
        }
    }

    /// The lists after the rulings table that have something to say, with their titles.
    fn sections(&self) -> Vec<(&'static str, &[String])> {
        [
            ("着手无效 Voided moves", &self.voids),
            ("中断后的处理 Restarts: the time away", &self.restarts),
            (
                "全局同形再现 Repetitions (simple ko, Art. 20.3)",
                &self.repetitions,
            ),
        ]
        .into_iter()
        .filter(|(_, lines)| !lines.is_empty())
        .map(|(title, lines)| (title, lines.as_slice()))
        .collect()
    }

    /// The report as plain text.
    pub fn text(&self) -> String {
        let mut out = format!("{}\n{}\n\n", self.title, "=".repeat(40));
        for (k, v) in &self.facts {
            out.push_str(&format!("{k}: {v}\n"));
        }
        out.push_str("\n裁决 Rulings\n");
        if self.rulings.is_empty() {
            out.push_str("  (none)\n");
        }
        for r in &self.rulings {
            out.push_str(&format!(
                "  #{} {} ({}) Art. {} {} {}{}{}\n",
                r.n,
                r.t,
                r.utc,
                r.article,
                r.kind,
                r.side,
                if r.note.is_empty() {
                    String::new()
                } else {
                    format!(" — {}", r.note)
                },
                if r.revoked {
                    " [revoked 已撤销]"
                } else {
                    ""
                }
            ));
        }
        for (title, lines) in self.sections() {
            out.push_str(&format!("\n{title}\n"));
            for l in lines {
                out.push_str(&format!("  {l}\n"));
            }
        }
        if let Some(s) = &self.sealed {
            out.push_str(&format!("\n{s}\n"));
        }
        if let Some(c) = &self.count {
            out.push_str(&format!("\n数子 Count: {c}\n"));
        }
        out.push_str(&format!(
            "\n结果 Result: {}\n\n终局 Final position:\n",
            self.result
        ));
        for row in &self.board {
            out.push_str("  ");
            out.push_str(row);
            out.push('\n');
        }
        if let Some(d) = &self.dead {
            out.push_str(&format!("  死子 Dead stones (x, o on the diagram): {d}\n"));
        }
        out.push_str(&format!(
            "\n记录 Journal: {} entries, head SHA-256 {}\n\n",
            self.entries, self.head
        ));
        for who in ["黑方 Black", "白方 White", "裁判 Arbiter"] {
            out.push_str(&format!("{who}: ______________________   ____________\n"));
        }
        out
    }

    /// The report as printable HTML.
    pub fn html(&self) -> String {
        let mut out =
            String::from("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">\n<title>");
        out.push_str(&escape(&self.title));
        out.push_str(
            "</title>\n<style>body{font-family:sans-serif;margin:2em}table{border-collapse:collapse}\
             td,th{border:1px solid #888;padding:2px 6px;text-align:left;vertical-align:top}\
             .revoked{text-decoration:line-through;color:#666}.board svg{width:12cm;height:auto}\
             .sig td{border:none;padding:1.5em 1em 0 0}@media print{body{margin:0}}</style>\n\
             </head><body>\n<h1>",
        );
        out.push_str(&escape(&self.title));
        out.push_str("</h1>\n<table>\n");
        for (k, v) in &self.facts {
            out.push_str(&format!(
                "<tr><th>{}</th><td>{}</td></tr>\n",
                escape(k),
                escape(v)
            ));
        }
        out.push_str("</table>\n<h2>裁决 Rulings</h2>\n<table>\n<tr><th>#</th><th>T</th><th>UTC</th><th>条 Art.</th><th>kind</th><th>side</th><th>note</th></tr>\n");
        for r in &self.rulings {
            out.push_str(&format!(
                "<tr{}><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}{}</td></tr>\n",
                if r.revoked { " class=\"revoked\"" } else { "" },
                r.n,
                escape(&r.t),
                escape(&r.utc),
                escape(&r.article),
                escape(&r.kind),
                escape(r.side),
                escape(&r.note),
                if r.revoked { " (revoked 已撤销)" } else { "" }
            ));
        }
        out.push_str("</table>\n");
        for (title, lines) in self.sections() {
            out.push_str(&format!("<h2>{}</h2>\n<ul>\n", escape(title)));
            for l in lines {
                out.push_str(&format!("<li>{}</li>\n", escape(l)));
            }
            out.push_str("</ul>\n");
        }
        if let Some(s) = &self.sealed {
            out.push_str(&format!("<p>{}</p>\n", escape(s)));
        }
        if let Some(c) = &self.count {
            out.push_str(&format!("<h2>数子 Count</h2>\n<p>{}</p>\n", escape(c)));
        }
        out.push_str(&format!(
            "<h2>结果 Result</h2>\n<p><b>{}</b></p>\n<h2>终局 Final position</h2>\n<div class=\"board\">{}</div>\n",
            escape(&self.result),
            self.svg
        ));
        if let Some(d) = &self.dead {
            out.push_str(&format!(
                "<p>死子 Dead stones (marked ×): {}</p>\n",
                escape(d)
            ));
        }
        out.push_str(&format!(
            "<p>记录 Journal: {} entries, head SHA-256 <code>{}</code></p>\n<table class=\"sig\">\n",
            self.entries, self.head
        ));
        for who in ["黑方 Black", "白方 White", "裁判 Arbiter"] {
            out.push_str(&format!(
                "<tr><td>{who}</td><td>______________________________</td><td>日期 Date ____________</td></tr>\n"
            ));
        }
        out.push_str("</table>\n</body></html>\n");
        out
    }
}
