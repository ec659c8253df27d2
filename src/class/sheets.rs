//! Printed problem sheets (issue 20 item 5): A4 pages of 6 or 12 problems for a step of the
//! path or for a child's missed problems, each with its number, whose turn it is and what to
//! do in words, and the diagram (a 13×13 or 19×19 problem shows only its corner or side); then
//! an answer page with the right line's moves numbered on the same diagrams. Pure HTML with
//! inline SVG, printed from any browser.

use std::fmt::Write;

use super::library::{Entry, Library};
use super::model::{Child, Class, ClassError};
use super::path::{self, Step};
use super::svg::{Marks, Window, diagram};
use crate::escape::xml;
use crate::i18n::Lang;
use crate::problems::{Goal, Problem, to_play_text};
use crate::rules::{Color, Coord, Move};

/// The title of a step's sheet.
pub fn step_title(step: &Step, lang: Lang) -> String {
    match lang {
        Lang::ZhHans | Lang::ZhHant => format!("第{}步 · {}", step.number, step.name(lang)),
        Lang::En => format!("Step {}: {}", step.number, step.name(lang)),
    }
}

/// The title of a child's sheet of missed problems.
pub fn child_title(child: &Child, lang: Lang) -> String {
    match lang {
        Lang::ZhHans => format!("{} 的复习题", child.nick),
        Lang::ZhHant => format!("{} 的複習題", child.nick),
        Lang::En => format!("{}: problems to try again", child.nick),
    }
}

/// The sheet of step `n`'s problems (all, or the first `count`), `per_page` (6 or 12) a
/// page: what `tianyuan class sheets --step N` and the class window print.
pub fn step_sheet(
    class: &Class,
    library: &Library,
    n: u8,
    count: Option<usize>,
    per_page: usize,
    lang: Lang,
) -> Result<String, ClassError> {
    let step = path::step(n).ok_or(ClassError::NoSuchStep(n))?;
    let entries = cut(library.step_problems(step), count);
    Ok(sheets_html(
        class,
        &step_title(step, lang),
        &entries,
        per_page,
        lang,
    ))
}

/// The sheet of `nick`'s missed problems not yet retired, `per_page` (6 or 12) a page: what
/// `tianyuan class sheets --child NICK` and the class window print. None to print is a
/// refusal ([`ClassError::NothingToPrint`]).
pub fn missed_sheet(
    class: &Class,
    library: &Library,
    nick: &str,
    count: Option<usize>,
    per_page: usize,
    lang: Lang,
) -> Result<String, ClassError> {
    let child = class.child(nick)?;
    let entries: Vec<&Entry> = child
        .missed()
        .iter()
        .filter_map(|id| library.get(id))
        .collect();
    if entries.is_empty() {
        return Err(ClassError::NothingToPrint(child.nick.clone()));
    }
    let entries = cut(entries, count);
    Ok(sheets_html(
        class,
        &child_title(child, lang),
        &entries,
        per_page,
        lang,
    ))
}

fn cut(entries: Vec<&Entry>, count: Option<usize>) -> Vec<&Entry> {
    match count {
        Some(n) => entries.into_iter().take(n.max(1)).collect(),
        None => entries,
    }
}

/// What the sheet says above a problem: whose turn and what to do.
pub fn question(problem: &Problem, lang: Lang) -> String {
    let who = to_play_text(problem.player(), lang);
    let what = problem.goal().map_or_else(
        || {
            lang.pick(
                "下出最好的一步。",
                "下出最好的一步。",
                "Find the best move.",
            )
        },
        |g| g.instruction(lang),
    );
    match lang {
        Lang::En => format!("{who}. {what}"),
        _ => format!("{who}：{what}"),
    }
}

/// The points a diagram must show: stones near the marks (or all stones) and the answer.
fn focus(problem: &Problem) -> Vec<Coord> {
    let board = problem.start().board();
    let mut pts: Vec<Coord> = board.stones().into_iter().map(|(c, _)| c).collect();
    if let Some(line) = problem.right_lines().first() {
        pts.extend(line.iter().filter_map(|&n| match problem.node_move(n) {
            Some((_, Move::Play(c))) => Some(c),
            _ => None,
        }));
    }
    pts.extend(problem.targets().iter().copied());
    pts
}

/// The right line's moves (colour, point), passes left out.
pub fn answer_moves(problem: &Problem) -> Vec<(Color, Coord)> {
    problem
        .right_lines()
        .first()
        .map(|line| {
            line.iter()
                .filter_map(|&n| match problem.node_move(n) {
                    Some((c, Move::Play(p))) => Some((c, p)),
                    _ => None,
                })
                .collect()
        })
        .unwrap_or_default()
}

fn marks(problem: &Problem) -> Marks {
    let region = if problem.goal() == Some(Goal::Endgame) {
        problem.targets().to_vec()
    } else {
        Vec::new()
    };
    let triangles = if problem.goal() == Some(Goal::Endgame) {
        Vec::new()
    } else {
        problem.targets().to_vec()
    };
    Marks {
        triangles,
        region,
        ..Marks::default()
    }
}

/// The sheet's page (issue 27 item 6): every size fixed in millimetres so a page of A4 with
/// its 12 mm margins (186 × 273 mm) holds the header, the grid and the footer with 5 mm to
/// spare, and every row of problems is a fixed height that no cell can stretch; pages and
/// cells are never broken (`break-inside: avoid`).
const STYLE: &str = r#"
@page { size: A4; margin: 12mm; }
* { box-sizing: border-box; }
html, body { margin: 0; padding: 0; }
body { font-family: "Noto Sans CJK SC", "Droid Sans Fallback", "DejaVu Sans", sans-serif; color: #1b1b1b; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
.page { width: 186mm; height: 268mm; margin: 0 auto; overflow: hidden; display: flex; flex-direction: column; break-after: page; page-break-after: always; break-inside: avoid; page-break-inside: avoid; }
.page:last-child { break-after: auto; page-break-after: auto; }
header { flex: none; height: 13mm; margin-bottom: 3mm; padding-bottom: 2mm; display: flex; justify-content: space-between; align-items: flex-end; gap: 4mm; border-bottom: 0.6mm solid #333; }
header h1 { font-size: 6mm; margin: 0; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
header .who { font-size: 4mm; white-space: nowrap; }
header .blank { display: inline-block; min-width: 30mm; border-bottom: 0.3mm solid #333; }
.grid { flex: none; height: 244mm; display: grid; gap: 3mm; }
.grid.six { grid-template-columns: repeat(2, 91.5mm); grid-template-rows: repeat(3, 79.3mm); }
.grid.twelve { grid-template-columns: repeat(3, 60mm); grid-template-rows: repeat(4, 58.7mm); }
.cell { height: 100%; overflow: hidden; border: 0.3mm solid #bbb; border-radius: 2mm; padding: 2mm; display: flex; flex-direction: column; break-inside: avoid; page-break-inside: avoid; }
.cell .q { flex: none; font-size: 3.6mm; line-height: 1.3; max-height: 14mm; overflow: hidden; margin-bottom: 1mm; }
.six .cell .q { font-size: 4.2mm; max-height: 16.5mm; }
.cell .n { font-weight: bold; font-size: 5mm; margin-right: 1.5mm; }
.cell .pic { flex: 1 1 0; min-height: 0; display: flex; align-items: center; justify-content: center; }
.cell svg.board { width: 100%; height: 100%; }
.cell .a { flex: none; font-size: 3.4mm; line-height: 1.25; max-height: 9mm; overflow: hidden; margin-top: 1mm; }
.cell .id { flex: none; color: #777; font-size: 2.8mm; line-height: 1.2; height: 3.4mm; text-align: right; }
footer { flex: none; height: 6mm; margin-top: 2mm; font-size: 3mm; color: #777; text-align: right; }
"#;

/// The sheets: problem pages of `per_page` (6 or 12) problems, then the answer pages.
pub fn sheets_html(
    class: &Class,
    title: &str,
    entries: &[&Entry],
    per_page: usize,
    lang: Lang,
) -> String {
    let per_page = if per_page >= 12 { 12 } else { 6 };
    let grid = if per_page == 12 { "twelve" } else { "six" };
    let mut out = String::new();
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"{}\"><head><meta charset=\"utf-8\"><title>{}</title><style>{STYLE}</style></head><body>\n",
        lang.code(),
        xml(title)
    );
    let pages: Vec<&[&Entry]> = entries.chunks(per_page).collect();
    let name_label = lang.pick("姓名", "姓名", "Name");
    let date_label = lang.pick("日期", "日期", "Date");
    let answers_label = lang.pick("答案", "答案", "Answers");
    for (k, page) in pages.iter().enumerate() {
        let _ = write!(
            out,
            "<section class=\"page\"><header><h1>{}</h1><span class=\"who\">{name_label}: <span class=\"blank\"></span> {date_label}: <span class=\"blank\"></span></span></header><div class=\"grid {grid}\">",
            xml(title)
        );
        for (i, e) in page.iter().enumerate() {
            let n = k * per_page + i + 1;
            let p = &e.problem;
            let window = Window::around(p.start().size(), &focus(p));
            let svg = diagram(
                p.start().board(),
                window,
                &marks(p),
                &format!("{n}. {}", question(p, lang)),
            );
            let _ = write!(
                out,
                "<div class=\"cell\"><div class=\"q\"><span class=\"n\">{n}</span>{}</div><div class=\"pic\">{svg}</div><div class=\"id\">{}</div></div>",
                xml(&question(p, lang)),
                xml(&e.id)
            );
        }
        let _ = writeln!(
            out,
            "</div><footer>{} · {} · {}/{}</footer></section>",
            xml(&class.name),
            xml(&class.teacher),
            k + 1,
            pages.len() * 2
        );
    }
    for (k, page) in pages.iter().enumerate() {
        let _ = write!(
            out,
            "<section class=\"page answers\"><header><h1>{} · {answers_label}</h1></header><div class=\"grid {grid}\">",
            xml(title)
        );
        for (i, e) in page.iter().enumerate() {
            let n = k * per_page + i + 1;
            let p = &e.problem;
            let moves = answer_moves(p);
            let size = p.start().size();
            let mut m = marks(p);
            // Number each move; a point played twice (after a capture) keeps its first number.
            for (j, &(color, c)) in moves.iter().enumerate() {
                if !m.numbers.iter().any(|(q, _, _)| *q == c) {
                    m.numbers
                        .push((c, color, u32::try_from(j + 1).unwrap_or(0)));
                }
            }
            let window = Window::around(size, &focus(p));
            let words: Vec<String> = moves
                .iter()
                .enumerate()
                .map(|(j, (_, c))| format!("{} {}", j + 1, c.to_gtp(size)))
                .collect();
            let svg = diagram(
                p.start().board(),
                window,
                &m,
                &format!("{n}. {answers_label}"),
            );
            let _ = write!(
                out,
                "<div class=\"cell\"><div class=\"q\"><span class=\"n\">{n}</span></div><div class=\"pic\">{svg}</div><div class=\"a\">{}</div><div class=\"id\">{}</div></div>",
                xml(&words.join(" · ")),
                xml(&e.id)
            );
        }
        let _ = writeln!(
            out,
            "</div><footer>{} · {} · {}/{}</footer></section>",
            xml(&class.name),
            xml(&class.teacher),
            pages.len() + k + 1,
            pages.len() * 2
        );
    }
    out.push_str("</body></html>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::class::library::Library;
    use crate::class::path;

    #[test]
    fn a_step_sheet_has_every_problem_and_its_answer_page() {
        let lib = Library::shipped();
        let at = chrono::DateTime::parse_from_rfc3339("2025-03-01T10:00:00Z").expect("t");
        let class = Class::new("周二班", "王老师", at);
        let step = path::step(1).expect("step");
        let entries: Vec<&Entry> = lib.step_problems(step).into_iter().take(7).collect();
        for per_page in [6, 12] {
            let pages = entries.len().div_ceil(per_page);
            let html = sheets_html(
                &class,
                &step_title(step, Lang::ZhHans),
                &entries,
                per_page,
                Lang::ZhHans,
            );
            assert_eq!(html.matches("<section class=\"page\">").count(), pages);
            assert_eq!(
                html.matches("<section class=\"page answers\">").count(),
                pages
            );
            assert_eq!(
                html.matches("<div class=\"cell\">").count(),
                2 * entries.len()
            );
            for e in &entries {
                let n = html.matches(&format!(">{}<", e.id)).count();
                assert_eq!(n, 2, "{}: {html}", e.id);
            }
            assert!(html.contains("size: A4"));
            assert!(html.contains("周二班"));
        }
    }
}
