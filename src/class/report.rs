//! The monthly report for a child's parents (issue 20 item 5): HTML in the parents' language,
//! written for someone who does not play Go — the steps passed and what they mean, problems
//! solved and the rating as a small chart, games played and won, and a position from the
//! month's best game.

use std::fmt::Write;

use chrono::Datelike;

use super::library::Library;
use super::model::{Child, Class, ClassError, GameEntry, GameResult, StepReason, Time};
use super::path;
use super::svg::{Marks, Window, diagram};
use super::when::in_month;
use super::zone::ClassZone;
use crate::escape::xml;
use crate::i18n::Lang;
use crate::rules::{Color, Move};

fn month_name((year, month): (i32, u32), lang: Lang) -> String {
    const EN: [&str; 12] = [
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    ];
    match lang {
        Lang::En => format!("{} {year}", EN[(month as usize).clamp(1, 12) - 1]),
        _ => format!("{year}年{month}月"),
    }
}

fn date(t: Time, lang: Lang) -> String {
    match lang {
        Lang::En => t.format("%d %b").to_string(),
        _ => format!("{}月{}日", t.month(), t.day()),
    }
}

/// A child's first answers, while the rating is still finding the child's level (it starts
/// every child at 1500 and moves fast): the chart of progress starts after them.
pub const PROVISIONAL_ANSWERS: usize = 10;

/// What the month held for one child, counted from the class file.
#[derive(Clone, Debug, PartialEq)]
pub struct MonthFigures {
    /// Distinct problems answered right in the month.
    pub solved: usize,
    /// Distinct problems tried in the month.
    pub tried: usize,
    /// Answers in the month.
    pub attempts: usize,
    /// Right answers in the month.
    pub right: usize,
    /// Games in the month.
    pub games: usize,
    /// Games won in the month.
    pub won: usize,
    /// Steps passed in the month (the step numbers passed).
    pub steps_passed: Vec<u8>,
    /// The child's own start: the rating after the first [`PROVISIONAL_ANSWERS`] answers
    /// (none yet: fewer answers by the month's end).
    pub start: Option<f64>,
    /// The rating at the month's start (once settled) and after each settled answer in it.
    pub ratings: Vec<(Option<Time>, f64)>,
    /// The rating at the end of the month (the last answer up to then; a newcomer's before
    /// any).
    pub rating_end: f64,
}

/// Counts the month's figures for `child`, months on the class's clock (`zone`).
pub fn figures(child: &Child, zone: &ClassZone, month: (i32, u32)) -> MonthFigures {
    let inside = |t: Time| in_month(t, zone, month);
    let before = |t: Time| {
        let l = zone.local(t);
        (l.year(), l.month()) < month
    };
    let attempts: Vec<_> = child.attempts.iter().filter(|a| inside(a.at)).collect();
    let mut solved: Vec<&str> = attempts
        .iter()
        .filter(|a| a.right)
        .map(|a| a.problem.as_str())
        .collect();
    solved.sort_unstable();
    solved.dedup();
    let mut tried: Vec<&str> = attempts.iter().map(|a| a.problem.as_str()).collect();
    tried.sort_unstable();
    tried.dedup();
    let games: Vec<_> = child.games.iter().filter(|g| inside(g.at)).collect();
    // Answers up to the month's end, in order; the provisional ones are left off the chart.
    let upto: Vec<_> = child
        .attempts
        .iter()
        .filter(|a| before(a.at) || inside(a.at))
        .collect();
    let start = upto
        .get(PROVISIONAL_ANSWERS.saturating_sub(1))
        .map(|a| a.rating_after);
    let mut ratings = Vec::new();
    if start.is_some() {
        let earlier: Vec<_> = upto.iter().filter(|a| before(a.at)).collect();
        if earlier.len() >= PROVISIONAL_ANSWERS
            && let Some(a) = earlier.last()
        {
            ratings.push((None, a.rating_after));
        }
        ratings.extend(
            upto.iter()
                .enumerate()
                .filter(|(k, a)| *k + 1 >= PROVISIONAL_ANSWERS && inside(a.at))
                .map(|(_, a)| (Some(a.at), a.rating_after)),
        );
    }
    MonthFigures {
        solved: solved.len(),
        tried: tried.len(),
        attempts: attempts.len(),
        right: attempts.iter().filter(|a| a.right).count(),
        games: games.len(),
        won: games.iter().filter(|g| g.result == GameResult::Won).count(),
        steps_passed: child
            .steps
            .iter()
            .filter(|s| s.reason == StepReason::Passed && inside(s.at))
            .map(|s| s.from)
            .collect(),
        start,
        ratings,
        rating_end: upto
            .last()
            .map_or(super::rating::Rating::INITIAL.rating, |a| a.rating_after),
    }
}

/// The month's best game: a win against the strongest computer level on the largest board,
/// else the latest game.
fn best_game<'a>(child: &'a Child, zone: &ClassZone, month: (i32, u32)) -> Option<&'a GameEntry> {
    let games: Vec<&GameEntry> = child
        .games
        .iter()
        .filter(|g| in_month(g.at, zone, month))
        .collect();
    games
        .iter()
        .copied()
        .filter(|g| g.result == GameResult::Won)
        .max_by_key(|g| {
            (
                g.computer_level.unwrap_or(0),
                g.kind.size(),
                -g.handicap,
                g.at,
            )
        })
        .or_else(|| games.last().copied())
}

/// A signed difference of ratings: `+35`, `−12`, `±0`.
fn signed(d: f64) -> String {
    let r = d.round();
    if r > 0.0 {
        format!("+{r:.0}")
    } else if r < 0.0 {
        format!("−{:.0}", -r)
    } else {
        "±0".to_string()
    }
}

/// The progress chart: the month's ratings against the child's own start (the dashed line),
/// each point labelled as its difference from it at the ends.
fn rating_chart(points: &[(Option<Time>, f64)], start: f64, lang: Lang) -> String {
    let (w, h, pad) = (320.0, 120.0, 26.0);
    let values: Vec<f64> = points.iter().map(|p| p.1 - start).collect();
    let lo = values.iter().copied().fold(0.0_f64, f64::min);
    let hi = values.iter().copied().fold(0.0_f64, f64::max);
    let (lo, hi) = if (hi - lo) < 100.0 {
        let mid = (hi + lo) / 2.0;
        (mid - 50.0, mid + 50.0)
    } else {
        (lo, hi)
    };
    let n = values.len().max(2) - 1;
    let x = |i: usize| pad + (w - 2.0 * pad) * i as f64 / n as f64;
    let y = |v: f64| h - pad - (h - 2.0 * pad) * (v - lo) / (hi - lo);
    let mut s = String::new();
    let label = lang.pick(
        "和刚开始时相比的等级分",
        "和剛開始時相比的等級分",
        "Rating compared with your child's start",
    );
    let _ = write!(
        s,
        r#"<svg class="chart" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" role="img" aria-label="{label}">"#
    );
    let base = y(0.0);
    let _ = write!(
        s,
        r##"<rect x="0" y="0" width="{w}" height="{h}" fill="#fbfaf6" stroke="#e0d6c0" rx="6"/><line x1="{pad}" y1="{base:.1}" x2="{0}" y2="{base:.1}" stroke="#8d8d8d" stroke-dasharray="4 3"/><text x="{1}" y="{2:.1}" font-size="9" fill="#666" text-anchor="end" font-family="DejaVu Sans, sans-serif">{3}</text>"##,
        w - pad,
        w - 4.0,
        (base - 3.0).max(10.0),
        lang.pick("开始", "開始", "start")
    );
    let path: Vec<String> = values
        .iter()
        .enumerate()
        .map(|(i, v)| format!("{:.1},{:.1}", x(i), y(*v)))
        .collect();
    let _ = write!(
        s,
        r##"<polyline points="{}" fill="none" stroke="#2e7d32" stroke-width="2.5" stroke-linejoin="round"/>"##,
        path.join(" ")
    );
    for (i, v) in values.iter().enumerate() {
        let _ = write!(
            s,
            r##"<circle cx="{:.1}" cy="{:.1}" r="2.6" fill="#2e7d32"/>"##,
            x(i),
            y(*v)
        );
    }
    if let (Some(first), Some(last)) = (values.first(), values.last()) {
        let _ = write!(
            s,
            r##"<text x="{:.1}" y="{:.1}" font-size="11" fill="#333" text-anchor="start" font-family="DejaVu Sans, sans-serif">{}</text><text x="{:.1}" y="{:.1}" font-size="12" font-weight="bold" fill="#1b5e20" text-anchor="end" font-family="DejaVu Sans, sans-serif">{}</text>"##,
            x(0),
            (y(*first) - 6.0).max(11.0),
            signed(*first),
            x(values.len() - 1).max(pad + 20.0),
            (y(*last) - 6.0).max(11.0),
            signed(*last)
        );
    }
    s.push_str("</svg>");
    s
}

const STYLE: &str = r#"
@page { size: A4; margin: 15mm; }
body { font-family: "Noto Sans CJK SC", "Droid Sans Fallback", "DejaVu Sans", sans-serif; max-width: 180mm; margin: 0 auto; color: #1b1b1b; line-height: 1.5; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
h1 { font-size: 22px; margin: 0 0 4px; display: flex; align-items: center; gap: 8px; }
.sub { color: #555; margin: 0 0 14px; }
h2 { font-size: 17px; border-bottom: 2px solid #e0d6c0; padding-bottom: 3px; margin: 18px 0 8px; break-after: avoid; page-break-after: avoid; }
svg.avatar { width: 12mm; height: 12mm; flex: none; }
.figures { display: flex; gap: 10px; flex-wrap: wrap; break-inside: avoid; page-break-inside: avoid; }
.figure { background: #f5f1e6; border-radius: 8px; padding: 8px 12px; min-width: 110px; }
.figure b { display: block; font-size: 24px; }
p { break-inside: avoid; page-break-inside: avoid; }
.note { color: #555; font-size: 13px; }
table { border-collapse: collapse; width: 100%; font-size: 14px; }
tr { break-inside: avoid; page-break-inside: avoid; height: 8mm; }
td, th { border-bottom: 1px solid #ddd; padding: 0 6px; text-align: left; height: 8mm; line-height: 1.2; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; max-width: 70mm; }
svg.chart { display: block; width: 100%; max-width: 120mm; break-inside: avoid; page-break-inside: avoid; }
svg.board { width: 75mm; }
.position { display: flex; gap: 14px; align-items: flex-start; break-inside: avoid; page-break-inside: avoid; }
"#;

/// The report for `nick` for `month` (year, month) in `lang`.
pub fn monthly_html(
    class: &Class,
    nick: &str,
    month: (i32, u32),
    lang: Lang,
    library: &Library,
) -> Result<String, ClassError> {
    let child = class.child(nick)?;
    let zone = &class.zone;
    let f = figures(child, zone, month);
    let after_month = |t: Time| {
        let l = zone.local(t);
        (l.year(), l.month()) > month
    };
    // The report is of the month: the step and the rating as they were at its end; what is
    // true only now (progress towards the gate, problems waiting) is said only when nothing
    // has happened since.
    let step_then = child
        .steps
        .iter()
        .rfind(|s| !after_month(s.at))
        .map(|s| s.to)
        .or_else(|| child.steps.first().map(|s| s.from))
        .unwrap_or(child.step);
    let latest = child
        .attempts
        .iter()
        .map(|a| a.at)
        .chain(child.games.iter().map(|g| g.at))
        .chain(child.steps.iter().map(|s| s.at))
        .max();
    let current = latest.is_none_or(|t| !after_month(t));
    let l = |zh: &'static str, hant: &'static str, en: &'static str| lang.pick(zh, hant, en);
    let mut out = String::new();
    let title = match lang {
        Lang::En => format!(
            "{} — monthly report, {}",
            child.nick,
            month_name(month, lang)
        ),
        Lang::ZhHans => format!("{} · {}学棋月报", child.nick, month_name(month, lang)),
        Lang::ZhHant => format!("{} · {}學棋月報", child.nick, month_name(month, lang)),
    };
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"{}\"><head><meta charset=\"utf-8\"><title>{}</title><style>{STYLE}</style></head><body>\n",
        lang.code(),
        xml(&title)
    );
    let avatar = super::avatar::svg(&child.avatar, lang);
    let _ = write!(out, "<h1>{avatar}{}</h1>", xml(&title));
    let _ = write!(
        out,
        "<p class=\"sub\">{}{} · {}{}</p>",
        l("班级：", "班級：", "Class: "),
        xml(&class.name),
        l("老师：", "老師：", "Teacher: "),
        xml(&class.teacher)
    );
    let _ = write!(
        out,
        "<p>{}</p>",
        l(
            "围棋课上，孩子们大部分时间在下棋，也做一些小题目。这份月报告诉您孩子这个月学到了哪里。",
            "圍棋課上，孩子們大部分時間在下棋，也做一些小題目。這份月報告訴您孩子這個月學到了哪裡。",
            "In the Go class the children spend most of the time playing, and solve small puzzles too. This report tells you where your child got to this month."
        )
    );

    // The month at a glance.
    let _ = write!(
        out,
        "<h2>{}</h2><div class=\"figures\">",
        l("本月概况", "本月概況", "This month at a glance")
    );
    let figure = |out: &mut String, value: String, label: &str, class_name: &str| {
        let _ = write!(
            out,
            "<div class=\"figure {class_name}\"><b>{}</b>{}</div>",
            xml(&value),
            xml(label)
        );
    };
    figure(
        &mut out,
        f.steps_passed.len().to_string(),
        l("通过的阶段", "通過的階段", "steps passed"),
        "steps",
    );
    figure(
        &mut out,
        f.solved.to_string(),
        l("做对的题", "做對的題", "puzzles solved"),
        "solved",
    );
    figure(
        &mut out,
        f.tried.to_string(),
        l("做过的题", "做過的題", "puzzles tried"),
        "tried",
    );
    figure(
        &mut out,
        f.games.to_string(),
        l("下的棋", "下的棋", "games played"),
        "games",
    );
    figure(
        &mut out,
        f.won.to_string(),
        l("赢的棋", "贏的棋", "games won"),
        "won",
    );
    out.push_str("</div>");

    // The path.
    let _ = write!(
        out,
        "<h2>{}</h2>",
        l("学习的路", "學習的路", "The learning path")
    );
    let total = path::STEPS.len();
    let shown_step = path::step(step_then);
    if let Some(step) = shown_step {
        let (n, name, what) = (
            step.number,
            xml(step.name(lang)),
            xml(step.for_parents(lang)),
        );
        let _ = match lang {
            Lang::ZhHans => write!(
                out,
                "<p>现在在第<b>{n}</b>步（共{total}步）：<b>{name}</b>。{what}</p>"
            ),
            Lang::ZhHant => write!(
                out,
                "<p>現在在第<b>{n}</b>步（共{total}步）：<b>{name}</b>。{what}</p>"
            ),
            Lang::En => write!(
                out,
                "<p>Now at step <b>{n}</b> of {total}: <b>{name}</b>. {what}</p>"
            ),
        };
    }
    if f.steps_passed.is_empty() {
        let _ = write!(
            out,
            "<p class=\"passed none\">{}</p>",
            l(
                "这个月还没有通过新的阶段，孩子在巩固现在这一步。",
                "這個月還沒有通過新的階段，孩子在鞏固現在這一步。",
                "No new step was passed this month: your child is getting sure of the current one."
            )
        );
    } else {
        for n in &f.steps_passed {
            if let Some(s) = path::step(*n) {
                let (n, name, what) = (s.number, xml(s.name(lang)), xml(s.for_parents(lang)));
                let _ = match lang {
                    Lang::ZhHans => write!(
                        out,
                        "<p class=\"passed\">✔ 通过了第{n}步：<b>{name}</b>。{what}</p>"
                    ),
                    Lang::ZhHant => write!(
                        out,
                        "<p class=\"passed\">✔ 通過了第{n}步：<b>{name}</b>。{what}</p>"
                    ),
                    Lang::En => write!(
                        out,
                        "<p class=\"passed\">✔ Passed step {n}: <b>{name}</b>. {what}</p>"
                    ),
                };
            }
        }
    }
    if let Some(step) = shown_step.filter(|s| current && s.number == child.step) {
        let progress = child.step_progress(library);
        let rule = xml(&step.rule_text(lang));
        let (w, wn) = (progress.wins.min(step.rule.wins), step.rule.wins);
        let (p, pn) = (
            progress.problems.min(step.rule.problems),
            step.rule.problems,
        );
        let _ = match lang {
            Lang::ZhHans => write!(
                out,
                "<p class=\"note\">通过这一步要：{rule}（目前：赢了{w}/{wn}盘，做对{p}/{pn}题）</p>"
            ),
            Lang::ZhHant => write!(
                out,
                "<p class=\"note\">通過這一步要：{rule}（目前：贏了{w}/{wn}盤，做對{p}/{pn}題）</p>"
            ),
            Lang::En => write!(
                out,
                "<p class=\"note\">To pass this step: {rule} (so far: {w} of {wn} wins, {p} of {pn} puzzles)</p>"
            ),
        };
    }

    // Problems and the rating.
    let _ = write!(
        out,
        "<h2>{}</h2>",
        l("做题和等级分", "做題和等級分", "Puzzles and rating")
    );
    let _ = write!(
        out,
        "<p>{}</p>",
        xml(&match lang {
            Lang::En => format!(
                "This month your child answered {} times and got {} right, solving {} different puzzles.",
                f.attempts, f.right, f.solved
            ),
            Lang::ZhHans => format!(
                "这个月孩子答题{}次，答对{}次，做对了{}道不同的题。",
                f.attempts, f.right, f.solved
            ),
            Lang::ZhHant => format!(
                "這個月孩子答題{}次，答對{}次，做對了{}道不同的題。",
                f.attempts, f.right, f.solved
            ),
        })
    );
    let end = f.rating_end;
    match f.start {
        Some(start) if f.ratings.len() >= 2 => {
            out.push_str(&rating_chart(&f.ratings, start, lang));
            let (e, st, d) = (
                format!("{end:.0}"),
                format!("{start:.0}"),
                signed(end - start),
            );
            let said = match lang {
                Lang::ZhHans => {
                    format!("月底的等级分：<b class=\"rating\">{e}</b>（刚开始时是{st}，{d}）。")
                }
                Lang::ZhHant => {
                    format!("月底的等級分：<b class=\"rating\">{e}</b>（剛開始時是{st}，{d}）。")
                }
                Lang::En => format!(
                    "Rating at the end of the month: <b class=\"rating\">{e}</b> (at the start {st}, {d}). "
                ),
            };
            let _ = write!(
                out,
                "<p class=\"note\">{said}{}</p>",
                l(
                    "虚线是孩子自己刚开始时的水平（最初几道题之后）；线往上走，说明孩子能做对更难的题了。",
                    "虛線是孩子自己剛開始時的水平（最初幾道題之後）；線往上走，說明孩子能做對更難的題了。",
                    "The dashed line is where your child started (after the first few puzzles); a line going up means harder puzzles are being solved."
                )
            );
        }
        _ => {
            let _ = write!(
                out,
                "<p class=\"note\">{}<b class=\"rating\">{end:.0}</b>{}{}</p>",
                l(
                    "月底的等级分：",
                    "月底的等級分：",
                    "Rating at the end of the month: "
                ),
                l("。", "。", ". "),
                xml(&match lang {
                    Lang::ZhHans => format!(
                        "做满{PROVISIONAL_ANSWERS}道题以后，等级分才稳定下来，那以后的月报会画出进步的曲线。"
                    ),
                    Lang::ZhHant => format!(
                        "做滿{PROVISIONAL_ANSWERS}道題以後，等級分才穩定下來，那以後的月報會畫出進步的曲線。"
                    ),
                    Lang::En => format!(
                        "The rating settles after the first {PROVISIONAL_ANSWERS} puzzles; from then on the report draws the progress as a chart."
                    ),
                })
            );
        }
    }
    let due = if current { child.missed().len() } else { 0 };
    if due > 0 {
        let _ = write!(
            out,
            "<p class=\"note\">{}</p>",
            xml(&match lang {
                Lang::En => format!(
                    "{due} puzzles answered wrong will come back in the next lessons, until they are known."
                ),
                Lang::ZhHans => format!("有{due}道答错的题会在以后的课上再出现，直到学会为止。"),
                Lang::ZhHant => format!("有{due}道答錯的題會在以後的課上再出現，直到學會為止。"),
            })
        );
    }

    // Games.
    let _ = write!(out, "<h2>{}</h2>", l("下棋", "下棋", "Games"));
    let games: Vec<&GameEntry> = child
        .games
        .iter()
        .filter(|g| in_month(g.at, zone, month))
        .collect();
    if games.is_empty() {
        let _ = write!(
            out,
            "<p>{}</p>",
            l(
                "这个月没有记录的对局。",
                "這個月沒有記錄的對局。",
                "No games were recorded this month."
            )
        );
    } else {
        let _ = write!(
            out,
            "<table><tr><th>{}</th><th>{}</th><th>{}</th><th>{}</th></tr>",
            l("日期", "日期", "Date"),
            l("游戏", "遊戲", "Game"),
            l("对手", "對手", "Opponent"),
            l("结果", "結果", "Result")
        );
        for g in &games {
            // The computer as the window and the command line write it ("computer level 2")
            // is named in the reader's language; a name the teacher typed is kept as typed.
            let said = g.opponent.trim();
            let machine_words = g.computer_level.is_some_and(|lv| {
                said.is_empty()
                    || said.eq_ignore_ascii_case("computer")
                    || said == format!("computer level {lv}")
            });
            let opponent = match (!machine_words && !said.is_empty(), g.computer_level) {
                (true, _) => g.opponent.clone(),
                (false, Some(lv)) => match lang {
                    Lang::En => format!("computer, level {lv}"),
                    Lang::ZhHans => format!("电脑{lv}级"),
                    Lang::ZhHant => format!("電腦{lv}級"),
                },
                (false, None) => l("同学", "同學", "classmate").to_string(),
            };
            let result = match g.result {
                GameResult::Won => l("赢", "贏", "won"),
                GameResult::Lost => l("输", "輸", "lost"),
                GameResult::Drawn => l("和", "和", "draw"),
            };
            let _ = write!(
                out,
                "<tr><td>{}</td><td>{}</td><td>{}</td><td>{result}</td></tr>",
                xml(&date(g.at, lang)),
                xml(&g.kind.name(lang)),
                xml(&opponent)
            );
        }
        out.push_str("</table>");
    }

    // A position from the best game.
    if let Some(best) = best_game(child, zone, month) {
        let replayed = crate::record::read_str(&best.sgf)
            .ok()
            .and_then(|r| r.collection.trees.into_iter().next())
            .and_then(|t| crate::record::replay_main_line(&t).ok());
        if let Some(r) = replayed {
            let board = r.game.board();
            let last = match r.game.last_move() {
                Some((_, Move::Play(c))) => Some(c),
                _ => None,
            };
            let svg = diagram(
                board,
                Window::whole(board.size()),
                &Marks {
                    last,
                    ..Marks::default()
                },
                l(
                    "本月最好的一盘棋",
                    "本月最好的一盤棋",
                    "The best game of the month",
                ),
            );
            let colour = match best.color {
                Color::Black => l(
                    "黑棋（先下）",
                    "黑棋（先下）",
                    "Black (the dark stones, moving first)",
                ),
                Color::White => l("白棋", "白棋", "White (the light stones)"),
            };
            let _ = write!(
                out,
                "<h2>{}</h2><div class=\"position\">{svg}<p>{}{}{}{}{}<b>{}</b>{}{}</p></div>",
                l(
                    "本月最好的一盘棋",
                    "本月最好的一盤棋",
                    "The best game of the month"
                ),
                l("孩子执", "孩子執", "Your child played "),
                colour,
                l("，", "，", ", "),
                xml(&best.kind.name(lang)),
                l("，", "，", ", "),
                xml(&date(best.at, lang)),
                l("。", "。", ". "),
                l(
                    "这是这盘棋结束时的棋盘，圆圈是最后一步。",
                    "這是這盤棋結束時的棋盤，圓圈是最後一步。",
                    "This is the board at the end of the game; the circle marks the last move."
                )
            );
        }
    }
    let _ = writeln!(
        out,
        "<p class=\"note\">{}</p></body></html>",
        l(
            "孩子的资料只保存在学校的电脑上，不会发送到任何地方。",
            "孩子的資料只保存在學校的電腦上，不會發送到任何地方。",
            "Your child's records stay on the club's computer and are never sent anywhere."
        )
    );
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::class::model::{GameEntry, GameResult};
    use crate::class::path::GameKind;
    use crate::rules::Color;

    fn march(day: u32) -> crate::class::model::Time {
        chrono::DateTime::parse_from_rfc3339(&format!("2025-03-{day:02}T10:00:00+08:00"))
            .expect("time")
    }

    /// A game against the computer as the window records it is named in the reader's
    /// language; a classmate's name is kept as typed.
    #[test]
    fn the_computer_opponent_is_named_in_the_readers_language() {
        let library = Library::shipped();
        let mut class = Class::new("星期六", "王老师", march(1));
        class.add_child("Mo", None, march(1)).expect("Mo");
        for (opponent, level) in [("computer level 2", Some(2)), ("小红", None)] {
            let game = GameEntry {
                at: march(3),
                kind: GameKind::Capture { stones: 1 },
                opponent: opponent.into(),
                computer_level: level,
                handicap: 0,
                color: Color::Black,
                result: GameResult::Won,
                sgf: "(;GM[1]FF[4]SZ[9];B[ee])".into(),
            };
            class.record_game("Mo", &library, game).expect("kept");
        }
        let zh = monthly_html(&class, "Mo", (2025, 3), Lang::ZhHans, &library).expect("zh");
        assert!(zh.contains("电脑2级"), "{zh}");
        assert!(
            !zh.contains("computer level"),
            "no English in the Chinese report"
        );
        assert!(zh.contains("小红"));
        let hant = monthly_html(&class, "Mo", (2025, 3), Lang::ZhHant, &library).expect("hant");
        assert!(hant.contains("電腦2級"));
        let en = monthly_html(&class, "Mo", (2025, 3), Lang::En, &library).expect("en");
        assert!(en.contains("computer, level 2"));
    }
}
