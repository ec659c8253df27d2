//! Why a McMahon or rank-exam round is paired as it is (issue 19, reworked by issue 28): for
//! each pair, what it costs on each criterion, and how the best pairing *without* it compares,
//! criterion by criterion — the first criterion on which they differ is the one that decided
//! the pair. The best pairings without each pair come from one matching and its duals
//! ([`super::next_best`]), not from a matching re-run per pair.
//!
//! In words ([`explain_text_at`]): each board says the criterion that decided it, in that
//! criterion's own unit (points of score difference, repeated games, colour wishes …), and the
//! criteria the pair breaks; [`Detail::All`] adds the criteria it meets and the whole
//! comparison. A published pairing the director changed by hand shows where a better one
//! exists, in those words, never as "worse by −1".

use super::graph::{CRITERIA, Costs, N, PRIORITY, Priority, priority_of_keys};
use super::mcmahon::{entrants, mode_of, round_graph};
use super::model::{PlayerId, Round, System, Tournament, TournamentError, refuse};
use super::next_best::Alternatives;
use crate::i18n::Lang;
use std::collections::HashMap;
use std::fmt::Write as _;

/// Why one pair (or a bye) of a round is as it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairWhy {
    /// Board (0 for a bye).
    pub board: u32,
    /// Black (or the player with the bye).
    pub black: PlayerId,
    /// White (`None` for a bye).
    pub white: Option<PlayerId>,
    /// The pair's costs on each criterion (by index, [`CRITERIA`]).
    pub costs: Costs,
    /// The scores (half points) of Black and White before the round.
    pub scores: (i64, i64),
    /// The handicap.
    pub handicap: u32,
    /// How much worse the best pairing without this pair is, criterion by criterion
    /// (`None` when there is no other pairing at all).
    pub next_best: Option<Costs>,
    /// The order of the criteria the round was paired under, strongest first.
    pub priority: Priority,
}

impl PairWhy {
    /// The strongest criterion on which the best pairing without this pair differs, with the
    /// difference (positive: that pairing is worse, so this pair was chosen for it; negative:
    /// it is better — the director changed the pairing by hand).
    pub fn decisive(&self) -> Option<(&'static str, i64)> {
        let d = self.next_best?;
        self.priority
            .iter()
            .find(|&&x| d[x] != 0)
            .map(|&x| (CRITERIA[x], d[x]))
    }
}

/// A round's pairing explained: each pair's criteria met and broken, and what the best
/// pairing without that pair would cost in addition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explanation {
    /// The round.
    pub round: u32,
    /// Each board, then the byes.
    pub pairs: Vec<PairWhy>,
    /// Totals of the pairing on each criterion.
    pub totals: Costs,
    /// The weight of one unit of each criterion.
    pub units: [i128; N],
    /// The order of the criteria, strongest first.
    pub priority: Priority,
}

/// How much an explanation says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Detail {
    /// The criterion that decided each pair and the criteria it breaks.
    #[default]
    Decisive,
    /// Every criterion of every pair, met or broken, and the whole comparison.
    All,
}

/// Explains the pairing of round `round` as published (or as proposed, when not published).
/// Only weighted pairings (McMahon, rank exams) are explained.
pub fn explain(t: &Tournament, round: u32) -> Result<Explanation, TournamentError> {
    if !matches!(t.system, System::McMahon | System::RankExam) {
        return refuse(format!(
            "--explain explains a weighted matching (mcmahon, rank-exam); this event is {}",
            t.system.name()
        ));
    }
    let published = match t.round(round) {
        Some(r) => r.clone(),
        None => t.propose(round)?,
    };
    explain_round(t, &published)
}

/// Explains `published` (a published round, or a draft the arbiter changed) against the
/// weighted matching of its round, under its certificate's settings when it has one.
pub fn explain_round(t: &Tournament, published: &Round) -> Result<Explanation, TournamentError> {
    let round = published.number;
    let (mode, avoid, priority) = match &published.certificate {
        Some(c) => (
            c.mode,
            c.avoid,
            priority_of_keys(c.weights.iter().map(|(k, _)| k.as_str())).unwrap_or(PRIORITY),
        ),
        None => (mode_of(t), t.avoid, PRIORITY),
    };
    let graph = round_graph(t, round, entrants(t, round, &mode), &mode, &avoid, priority)?;
    let index: HashMap<PlayerId, usize> = graph
        .entrants
        .iter()
        .enumerate()
        .map(|(i, e)| (e.id, i))
        .collect();
    // The published pairing as a matching of the graph.
    let mut mate = vec![None; graph.n];
    let mut edges: Vec<(u32, PlayerId, Option<PlayerId>, usize, usize, u32)> = Vec::new();
    for g in &published.games {
        let (Some(&a), Some(&b)) = (index.get(&g.black), index.get(&g.white)) else {
            return refuse(format!(
                "round {round}: {} or {} is not present in that round",
                t.name_of(g.black),
                t.name_of(g.white)
            ));
        };
        mate[a] = Some(b);
        mate[b] = Some(a);
        edges.push((g.board, g.black, Some(g.white), a, b, g.handicap));
    }
    for &p in &published.byes {
        let Some(&a) = index.get(&p) else { continue };
        // The bye vertex of the player's group, else any one left (a hand-made bye).
        let m = graph.entrants.len();
        let free: Vec<usize> = (m..graph.n).filter(|&v| mate[v].is_none()).collect();
        let own = free.iter().copied().find(|&v| {
            let g = &graph.byes[v - m];
            g.is_empty() || *g == graph.entrants[a].group
        });
        if let Some(v) = own.or_else(|| free.first().copied()) {
            mate[a] = Some(v);
            mate[v] = Some(a);
            edges.push((0, p, None, a, v, 0));
        }
    }
    let totals = graph.totals(&mate);
    let alternatives = Alternatives::new(&graph);
    let score = |v: usize| graph.entrants.get(v).map_or(0, |e| e.score);
    let pairs = edges
        .into_iter()
        .map(|(board, black, white, a, b, handicap)| {
            let next_best = alternatives
                .as_ref()
                .and_then(|alt| alt.best_without(a, b))
                .map(|at| {
                    let mut d = [0i64; N];
                    for x in 0..N {
                        d[x] = at[x] - totals[x];
                    }
                    d
                });
            let scores = match white {
                Some(_) => (score(a), score(b)),
                None => (score(a), 0),
            };
            PairWhy {
                board,
                black,
                white,
                costs: graph.costs(a, b),
                scores,
                handicap,
                next_best,
                priority,
            }
        })
        .collect();
    Ok(Explanation {
        round,
        pairs,
        totals,
        units: graph.units,
        priority,
    })
}

/// A criterion's name for people.
pub fn criterion_label(key: &str, lang: Lang) -> &'static str {
    match key {
        "group" => lang.pick(
            "同一级别组（赛程可下完）",
            "同一級別組（賽程可下完）",
            "same level group (its rounds all playable)",
        ),
        "repeat" => lang.pick("不重复对局", "不重複對局", "no repeated pairing"),
        "bye" => lang.pick("轮空给最低分", "輪空給最低分", "bye to the lowest score"),
        "score" => lang.pick("麦克马洪分差", "麥克馬洪分差", "McMahon score difference"),
        "score_squared" => lang.pick("分差平方", "分差平方", "score difference squared"),
        "colour" => lang.pick(
            "不连续三局同色",
            "不連續三局同色",
            "no colour three times running",
        ),
        "float" => lang.pick("升降组分散", "升降組分散", "draw-ups and downs spread"),
        "balance" => lang.pick("黑白均衡", "黑白均衡", "colour wishes"),
        "avoid" => lang.pick(
            "回避同家庭/单位/城市/国家",
            "迴避同家庭/單位/城市/國家",
            "avoid same family, club, city, country",
        ),
        "seeding" => lang.pick(
            "组内上半区对下半区",
            "組內上半區對下半區",
            "upper half against lower half",
        ),
        _ => "?",
    }
}

/// Half points as points: 3 → "1½".
fn half_text(h: i64) -> String {
    let sign = if h < 0 { "-" } else { "" };
    let h = h.abs();
    match (h / 2, h % 2) {
        (0, 1) => format!("{sign}½"),
        (p, 0) => format!("{sign}{p}"),
        (p, _) => format!("{sign}{p}½"),
    }
}

/// Squared half points as squared points: 6 → "1½" (points², a quarter a unit).
fn quarter_text(q: i64) -> String {
    let whole = q / 4;
    let frac = match q % 4 {
        1 => "¼",
        2 => "½",
        3 => "¾",
        _ => "",
    };
    match (whole, frac) {
        (0, "") => "0".into(),
        (0, f) => f.into(),
        (w, f) => format!("{w}{f}"),
    }
}

/// An amount of one criterion in its own unit (`v` ≥ 0; a bye edge says so where it differs).
fn amount(key: &str, v: i64, bye: bool, lang: Lang) -> String {
    match key {
        "group" if bye => lang.pick(
            format!("轮空不在本组 {v}"),
            format!("輪空不在本組 {v}"),
            format!("{v} bye outside its level group"),
        ),
        "group" => lang.pick(
            format!("违反级别组及其赛程 {v}"),
            format!("違反級別組及其賽程 {v}"),
            format!("{v} against the level groups and their schedule"),
        ),
        "repeat" if bye => lang.pick(
            format!("第二次轮空 {v}"),
            format!("第二次輪空 {v}"),
            format!("{v} second bye"),
        ),
        "repeat" => lang.pick(
            format!("重复对局 {v} 局"),
            format!("重複對局 {v} 局"),
            format!("{v} repeated pairing(s)"),
        ),
        "bye" => lang.pick(
            format!("高出最低分 {} 分", half_text(v)),
            format!("高出最低分 {} 分", half_text(v)),
            format!("{} point(s) above the lowest score", half_text(v)),
        ),
        "score" => lang.pick(
            format!("{} 分", half_text(v)),
            format!("{} 分", half_text(v)),
            format!("{} point(s)", half_text(v)),
        ),
        "score_squared" => lang.pick(
            format!("{} 分²", quarter_text(v)),
            format!("{} 分²", quarter_text(v)),
            format!("{} point²", quarter_text(v)),
        ),
        "avoid" => lang.pick(
            format!("权重 {v}"),
            format!("權重 {v}"),
            format!("weight {v}"),
        ),
        "colour" => lang.pick(
            format!("违反 {v} 次"),
            format!("違反 {v} 次"),
            format!("{v} colour rule(s) broken"),
        ),
        "float" => lang.pick(
            format!("升降代价 {v}"),
            format!("升降代價 {v}"),
            format!("{v} float point(s)"),
        ),
        "balance" => lang.pick(
            format!("{v} 人未得所需颜色"),
            format!("{v} 人未得所需顏色"),
            format!("{v} colour wish(es) unmet"),
        ),
        "seeding" => lang.pick(
            format!("{v} 个位次"),
            format!("{v} 個位次"),
            format!("{v} seeding place(s)"),
        ),
        _ => v.to_string(),
    }
}

/// What two players share that the director asked to avoid, in words.
fn shared(t: &Tournament, a: PlayerId, b: PlayerId, lang: Lang) -> String {
    let (x, y) = (t.player(a), t.player(b));
    let same = |p: &str, q: &str| !p.trim().is_empty() && p.trim().eq_ignore_ascii_case(q.trim());
    let mut out = Vec::new();
    for (hit, zh, zht, en) in [
        (
            same(&x.family, &y.family),
            "同家庭",
            "同家庭",
            "same family",
        ),
        (same(&x.club, &y.club), "同单位", "同單位", "same club"),
        (same(&x.city, &y.city), "同城市", "同城市", "same city"),
        (
            same(&x.country, &y.country),
            "同国家",
            "同國家",
            "same country",
        ),
    ] {
        if hit {
            out.push(lang.pick(zh, zht, en));
        }
    }
    out.join(lang.pick("、", "、", ", "))
}

/// The explanation as text, the deciding criterion of each pair first (the CLI's `--explain`
/// and the window's view).
pub fn explain_text(t: &Tournament, e: &Explanation, lang: Lang) -> String {
    explain_text_at(t, e, lang, Detail::Decisive)
}

/// The explanation as text at the `detail` asked (`--explain=all`: every criterion).
pub fn explain_text_at(t: &Tournament, e: &Explanation, lang: Lang, detail: Detail) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "{}",
        lang.pick(
            format!("第{}轮：最优加权匹配；准则从强到弱：", e.round),
            format!("第{}輪：最優加權匹配；準則從強到弱：", e.round),
            format!(
                "Round {}: optimal weighted matching; criteria strongest first:",
                e.round
            ),
        )
    );
    let chain: Vec<&str> = e
        .priority
        .iter()
        .map(|&x| criterion_label(CRITERIA[x], lang))
        .collect();
    let _ = writeln!(s, "  {}", chain.join(" > "));
    for p in &e.pairs {
        pair_text(&mut s, t, e, p, lang, detail);
    }
    let totals: Vec<String> = e
        .priority
        .iter()
        .filter(|&&x| detail == Detail::All || e.totals[x] != 0)
        .map(|&x| {
            format!(
                "{} {}",
                criterion_label(CRITERIA[x], lang),
                amount(CRITERIA[x], e.totals[x], false, lang)
            )
        })
        .collect();
    let _ = writeln!(
        s,
        "{}: {}",
        lang.pick("本轮合计", "本輪合計", "the round in all"),
        if totals.is_empty() {
            lang.pick("无任何代价", "無任何代價", "nothing broken")
                .to_string()
        } else {
            totals.join("; ")
        }
    );
    s
}

fn pair_text(
    s: &mut String,
    t: &Tournament,
    e: &Explanation,
    p: &PairWhy,
    lang: Lang,
    detail: Detail,
) {
    let bye = p.white.is_none();
    let head = match p.white {
        Some(w) => format!(
            "{} {}: {} ({}) – {} ({}){}",
            lang.pick("台", "台", "board"),
            p.board,
            t.name_of(p.black),
            half_text(p.scores.0),
            t.name_of(w),
            half_text(p.scores.1),
            if p.handicap > 0 {
                format!(", {} {}", lang.pick("让子", "讓子", "handicap"), p.handicap)
            } else {
                String::new()
            }
        ),
        None => format!(
            "{}: {} ({})",
            lang.pick("轮空", "輪空", "bye"),
            t.name_of(p.black),
            half_text(p.scores.0)
        ),
    };
    let _ = writeln!(s, "{head}");
    match p.decisive() {
        Some((key, d)) if d > 0 => {
            let _ = writeln!(
                s,
                "  {} {}: {} {}{}",
                lang.pick("决定因素", "決定因素", "decided by"),
                criterion_label(key, lang),
                lang.pick(
                    "不这样配对，最好的编排多",
                    "不這樣配對，最好的編排多",
                    "without this pair the best pairing has"
                ),
                amount(key, d, bye, lang),
                lang.pick("", "", " more")
            );
        }
        Some((key, d)) => {
            let _ = writeln!(
                s,
                "  {} {}: {}",
                lang.pick(
                    "有更好的编排不含此配对，更好在",
                    "有更好的編排不含此配對，更好在",
                    "a better pairing exists without this pair, better on"
                ),
                criterion_label(key, lang),
                amount(key, -d, bye, lang)
            );
        }
        None if p.next_best.is_some() => {
            let _ = writeln!(
                s,
                "  {}",
                lang.pick(
                    "另有同样好的编排（由抽签和顺序决定）",
                    "另有同樣好的編排（由抽籤和順序決定）",
                    "an equally good pairing exists without this pair (order and lot decided)"
                )
            );
        }
        None => {
            let _ = writeln!(
                s,
                "  {}",
                lang.pick("没有别的编排", "沒有別的編排", "there is no other pairing")
            );
        }
    }
    let mut met = Vec::new();
    let mut broken = Vec::new();
    for &x in &e.priority {
        let (key, v) = (CRITERIA[x], p.costs[x]);
        let label = criterion_label(key, lang);
        if v == 0 {
            met.push(label.to_string());
        } else if key == "avoid" && !bye {
            let why = p
                .white
                .map_or(String::new(), |w| shared(t, p.black, w, lang));
            broken.push(format!("{label}: {why} ({})", amount(key, v, bye, lang)));
        } else {
            broken.push(format!("{label}: {}", amount(key, v, bye, lang)));
        }
    }
    if !broken.is_empty() {
        let _ = writeln!(s, "  ✗ {}", broken.join("; "));
    }
    if detail == Detail::All {
        let _ = writeln!(s, "  ✓ {}", met.join("; "));
        if let Some(d) = p.next_best {
            let diffs: Vec<String> = e
                .priority
                .iter()
                .filter(|&&x| d[x] != 0)
                .map(|&x| {
                    let (key, v) = (CRITERIA[x], d[x]);
                    let word = if v > 0 {
                        lang.pick("多", "多", "more")
                    } else {
                        lang.pick("少", "少", "less")
                    };
                    format!(
                        "{} {word} {}",
                        criterion_label(key, lang),
                        amount(key, v.abs(), bye, lang)
                    )
                })
                .collect();
            if !diffs.is_empty() {
                let _ = writeln!(
                    s,
                    "  {}: {}",
                    lang.pick(
                        "不含此配对的最好编排",
                        "不含此配對的最好編排",
                        "the best pairing without this pair"
                    ),
                    diffs.join("; ")
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn issue28_amounts_are_in_one_unit_per_criterion() {
        assert_eq!(half_text(3), "1½");
        assert_eq!(half_text(1), "½");
        assert_eq!(half_text(4), "2");
        assert_eq!(quarter_text(16), "4");
        assert_eq!(quarter_text(1), "¼");
        assert_eq!(quarter_text(9), "2¼");
        // A difference of 2 points and its square: 2 points, 4 points² (not "squared 16").
        assert_eq!(amount("score", 4, false, Lang::En), "2 point(s)");
        assert_eq!(amount("score_squared", 16, false, Lang::En), "4 point²");
    }
}
