//! Judging a problem by a reader: do the stated right first moves reach the goal *at the end
//! of their lines*, does no move marked wrong reach it, is every refutation true, and does no
//! unmarked first move reach it too? (Issue 27.)
//!
//! The procedure ([`judge_problem`]) is the same for every reader; a reader answers one
//! question, [`Judge::holds`]: in this position, with this side to move and both sides playing
//! their best, does the player have the goal? Three readers answer it:
//! - [`OwnReader`]: our own — the tactical reader of [`crate::ai::tactics`] (capture, escape),
//!   the connection reader of [`connection`] (connect, cut), the exact life-and-death search
//!   of [`super::reading`] (live, kill) and the exact endgame minimax;
//! - [`GtpJudge`] over any GTP engine: GNU Go's `attack`/`defend`/`connect`/`disconnect`/
//!   `owl_attack`/`owl_defend` (and `restricted_genmove` for the endgame), or KataGo's
//!   ownership from `kata-analyze` (life, death and capture only).
//!
//! What "reaches the goal" means for each goal is written in `docs/decisions.md` (issue 27).

pub mod connection;
pub mod counts;
pub mod gtp;
pub mod own;
pub mod report;

pub use counts::{CountClaim, check_counts};
pub use gtp::{GtpFlavour, GtpJudge};
pub use own::OwnReader;
pub use report::{Finding, FindingKind, JudgeReport};

use std::collections::{BTreeSet, HashSet};

use super::goal::Goal;
use super::problem::Problem;
use super::verdict::Verdict;
use crate::record::NodeId;
use crate::rules::{Color, Coord, Game, Move};

/// One question to a judge.
#[derive(Clone, Copy, Debug)]
pub struct Question<'a> {
    /// The position (with its history: ko and superko are the rules').
    pub game: &'a Game,
    /// What the player must do.
    pub goal: Goal,
    /// The side that solves the problem.
    pub player: Color,
    /// The marked points and the colour of their stones in the problem's start position (an
    /// endgame's region points carry no colour and are not here).
    pub marked: &'a [(Coord, Color)],
    /// The endgame's region (empty for other goals).
    pub region: &'a [Coord],
    /// Who moves next.
    pub to_move: Color,
}

impl Question<'_> {
    /// The marked points whose stones were the player's at the start.
    pub fn mine(&self) -> Vec<Coord> {
        self.marked
            .iter()
            .filter(|(_, c)| *c == self.player)
            .map(|(p, _)| *p)
            .collect()
    }

    /// The marked points whose stones were the opponent's at the start.
    pub fn theirs(&self) -> Vec<Coord> {
        self.marked
            .iter()
            .filter(|(_, c)| *c != self.player)
            .map(|(p, _)| *p)
            .collect()
    }

    /// One point of each chain that the marked stones of `color` still form (a marked point
    /// now empty or taken by the other colour is left out).
    pub fn chains(&self, points: &[Coord], color: Color) -> Vec<Coord> {
        let board = self.game.board();
        let mut seen: BTreeSet<(u8, u8)> = BTreeSet::new();
        let mut out = Vec::new();
        for &p in points {
            if board.get(p) != Some(color) || seen.contains(&(p.x, p.y)) {
                continue;
            }
            for s in board.chain(p) {
                seen.insert((s.x, s.y));
            }
            out.push(p);
        }
        out
    }

    /// Whether every marked point of `color` still holds a stone of that colour.
    pub fn all_on_board(&self, points: &[Coord], color: Color) -> bool {
        points
            .iter()
            .all(|&p| self.game.board().get(p) == Some(color))
    }
}

/// A judge's answer to one question.
#[derive(Clone, Debug, PartialEq)]
pub enum Holds {
    /// The player has the goal; the move that shows it when the player is to move.
    Yes(Option<Move>),
    /// The player does not have it; the move that shows it (the opponent's saving answer, when
    /// the opponent is to move).
    No(Option<Move>),
    /// The judge cannot tell (a goal it does not read, or its reading ran out): why.
    Unknown(String),
}

impl Holds {
    /// `Some(true)` for yes, `Some(false)` for no.
    pub fn answer(&self) -> Option<bool> {
        match self {
            Holds::Yes(_) => Some(true),
            Holds::No(_) => Some(false),
            Holds::Unknown(_) => None,
        }
    }

    /// The move that shows the answer, when there is one.
    pub fn proof(&self) -> Option<Move> {
        match self {
            Holds::Yes(m) | Holds::No(m) => *m,
            Holds::Unknown(_) => None,
        }
    }
}

/// A judge's choice in an endgame region.
#[derive(Clone, Debug, PartialEq)]
pub enum EndgameChoice {
    /// Every best first move (an exact reading).
    All(Vec<Move>),
    /// The judge's own best move (an engine's choice: agreement, not a proof).
    One(Move),
    /// The judge does not answer endgames.
    NotJudged(String),
}

/// Why a judge could not answer at all (the engine died, refused a command …).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JudgeError(pub String);

impl std::fmt::Display for JudgeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for JudgeError {}

/// A reader that answers whether a goal holds: our own, GNU Go or KataGo.
pub trait Judge {
    /// Its name in reports (`ours`, `gnugo`, `katago` …).
    fn name(&self) -> String;

    /// Whether the player has the goal in the question's position, with `to_move` to play and
    /// both sides at their best.
    fn holds(&mut self, question: &Question<'_>) -> Result<Holds, JudgeError>;

    /// The best first move(s) of the player (to move) in an endgame question's region.
    fn endgame(&mut self, question: &Question<'_>) -> Result<EndgameChoice, JudgeError>;

    /// Whether this judge is asked about every unmarked first move near the stones (a fast
    /// reader), or only about the tree's lines (a slow one: KataGo's search on a CPU).
    fn scans_unmarked(&self) -> bool {
        true
    }
}

/// How far [`judge_problem`] looks for unmarked first moves: empty points within this many
/// lines (in both directions) of a marked chain, the moves of the tree and, for life and
/// death, the whole eye space.
pub const CANDIDATE_REACH: i16 = 2;

/// The problem's marked stones with their colours at the start.
pub fn marked_stones(problem: &Problem) -> Vec<(Coord, Color)> {
    let board = problem.start().board();
    problem
        .targets()
        .iter()
        .filter_map(|&c| board.get(c).map(|col| (c, col)))
        .collect()
}

/// The moves of a line of nodes (the root first), each with its colour.
pub fn line_moves(problem: &Problem, line: &[NodeId]) -> Vec<(Color, Move)> {
    line.iter()
        .filter_map(|&id| problem.node_move(id))
        .collect()
}

/// Plays `moves` from the problem's start; `None` when one is illegal.
fn play_out(problem: &Problem, moves: &[(Color, Move)]) -> Option<Game> {
    let mut game = problem.start().clone();
    for &(color, mv) in moves {
        game.play(color, mv).ok()?;
    }
    Some(game)
}

/// Judges one problem with `judge`; the report lists every disagreement with its line.
pub fn judge_problem(problem: &Problem, judge: &mut dyn Judge) -> JudgeReport {
    let mut report = JudgeReport::new(judge.name());
    let Some(goal) = problem.goal() else {
        report.push(Finding::new(
            FindingKind::Unknown,
            Vec::new(),
            None,
            "the problem states no goal",
        ));
        return report;
    };
    let player = problem.player();
    let marked = marked_stones(problem);
    let region: Vec<Coord> = if goal == Goal::Endgame {
        problem.targets().to_vec()
    } else {
        Vec::new()
    };
    let tree = problem.tree();
    let root = tree.root_id();
    let ask = |judge: &mut dyn Judge,
               report: &mut JudgeReport,
               game: &Game,
               to_move: Color|
     -> Option<Holds> {
        let q = Question {
            game,
            goal,
            player,
            marked: &marked,
            region: &region,
            to_move,
        };
        report.questions += 1;
        match judge.holds(&q) {
            Ok(h) => Some(h),
            Err(e) => {
                report.error = Some(e.0);
                None
            }
        }
    };
    let first_moves: Vec<(NodeId, Move, Verdict)> = problem
        .moves_of(root, player)
        .into_iter()
        .map(|(id, mv)| (id, mv, problem.verdict(id)))
        .collect();
    let right_first: HashSet<Move> = first_moves
        .iter()
        .filter(|f| f.2 == Verdict::Right)
        .map(|f| f.1)
        .collect();
    if goal == Goal::Endgame {
        judge_endgame(problem, judge, &mut report, &marked, &region, &first_moves);
        return report;
    }
    // 1. Every right line: the goal holds at its end, whoever is to move next.
    for line in problem.right_lines() {
        let moves = line_moves(problem, &line);
        let Some(end) = play_out(problem, &moves) else {
            report.push(Finding::new(
                FindingKind::Illegal,
                moves,
                None,
                "a move of the right line is illegal",
            ));
            continue;
        };
        let next = moves.last().map_or(player, |(c, _)| c.opponent());
        match ask(judge, &mut report, &end, next) {
            Some(Holds::Yes(_)) => {}
            Some(Holds::No(proof)) => report.push(Finding::new(
                FindingKind::RightLineFails,
                moves,
                proof.map(|m| (next, m)),
                "at the end of the right line the goal is not reached",
            )),
            Some(Holds::Unknown(why)) => {
                report.push(Finding::new(FindingKind::Unknown, moves, None, &why))
            }
            None => return report,
        }
    }
    // 2. Each first move of the tree, and each unmarked one near the stones: after it, with
    // the opponent to move, does the goal hold?
    let mut candidates: Vec<(Move, Option<Verdict>)> = first_moves
        .iter()
        .map(|f| (f.1, Some(f.2)))
        .collect::<Vec<_>>();
    let in_tree: HashSet<Move> = first_moves.iter().map(|f| f.1).collect();
    if judge.scans_unmarked() {
        for c in candidate_points(problem, goal, &marked) {
            if !in_tree.contains(&Move::Play(c)) {
                candidates.push((Move::Play(c), None));
            }
        }
    }
    // A right line of one move was judged above.
    let one_move_lines: HashSet<Move> = problem
        .right_lines()
        .iter()
        .map(|l| line_moves(problem, l))
        .filter(|m| m.len() == 1)
        .map(|m| m[0].1)
        .collect();
    for (mv, verdict) in candidates {
        if verdict == Some(Verdict::Right) && one_move_lines.contains(&mv) {
            continue;
        }
        let mut game = problem.start().clone();
        if game.play(player, mv).is_err() {
            continue;
        }
        let moves = vec![(player, mv)];
        let Some(h) = ask(judge, &mut report, &game, player.opponent()) else {
            return report;
        };
        let proof = h.proof().map(|m| (player.opponent(), m));
        match (verdict, h) {
            (Some(Verdict::Right), Holds::No(_)) => report.push(Finding::new(
                FindingKind::RightMoveAnswered,
                moves,
                proof,
                "the right move is answered: the opponent saves the position",
            )),
            (Some(Verdict::Wrong), Holds::Yes(_)) => report.push(Finding::new(
                FindingKind::WrongTryWorks,
                moves,
                proof,
                "a move marked wrong reaches the goal",
            )),
            (None, Holds::Yes(_)) if !right_first.contains(&mv) => report.push(Finding::new(
                FindingKind::UnmarkedMoveWorks,
                moves,
                proof,
                "an unmarked first move reaches the goal too",
            )),
            (Some(_), Holds::Unknown(why)) => {
                report.push(Finding::new(FindingKind::Unknown, moves, None, &why))
            }
            _ => {}
        }
    }
    // 3. Every wrong line played out: after its refutation the player cannot reach the goal.
    for (id, _, verdict) in &first_moves {
        if *verdict != Verdict::Wrong {
            continue;
        }
        for line in lines_below(problem, *id) {
            let moves = line_moves(problem, &line);
            if moves.len() < 2 {
                continue;
            }
            let Some(end) = play_out(problem, &moves) else {
                report.push(Finding::new(
                    FindingKind::Illegal,
                    moves,
                    None,
                    "a move of the refutation is illegal",
                ));
                continue;
            };
            let next = moves.last().map_or(player, |(c, _)| c.opponent());
            match ask(judge, &mut report, &end, next) {
                Some(Holds::Yes(proof)) => report.push(Finding::new(
                    FindingKind::RefutationFalse,
                    moves,
                    proof.map(|m| (next, m)),
                    "after the refutation the player still reaches the goal",
                )),
                Some(Holds::No(_)) => {}
                Some(Holds::Unknown(why)) => {
                    report.push(Finding::new(FindingKind::Unknown, moves, None, &why))
                }
                None => return report,
            }
        }
    }
    report
}

/// Every line from `node` (the root's child) down to a leaf, the root first.
fn lines_below(problem: &Problem, node: NodeId) -> Vec<Vec<NodeId>> {
    let tree = problem.tree();
    let mut out = Vec::new();
    let mut stack = vec![vec![tree.root_id(), node]];
    while let Some(line) = stack.pop() {
        let Some(&last) = line.last() else { continue };
        let children = tree
            .node(last)
            .map(|n| n.children.clone())
            .unwrap_or_default();
        if children.is_empty() {
            out.push(line);
            continue;
        }
        for c in children {
            let mut next = line.clone();
            next.push(c);
            stack.push(next);
        }
    }
    out
}

/// The empty points a first move may usefully be tried on: within [`CANDIDATE_REACH`] of a
/// marked chain or of a move of the tree, and for life and death the marked group's whole
/// eye space (the empty points reachable from it through points not of the other side).
pub fn candidate_points(problem: &Problem, goal: Goal, marked: &[(Coord, Color)]) -> Vec<Coord> {
    let board = problem.start().board();
    let size = board.size();
    let mut near: Vec<Coord> = Vec::new();
    for &(c, _) in marked {
        near.extend(board.chain(c));
    }
    for (_, node) in problem.tree().iter() {
        if let Some((_, Move::Play(c))) = crate::review::node_move(node, size) {
            near.push(c);
        }
    }
    let mut out: BTreeSet<(u8, u8)> = BTreeSet::new();
    for p in board.empty_points() {
        let close = near.iter().any(|n| {
            (i16::from(n.x) - i16::from(p.x)).abs() <= CANDIDATE_REACH
                && (i16::from(n.y) - i16::from(p.y)).abs() <= CANDIDATE_REACH
        });
        if close {
            out.insert((p.y, p.x));
        }
    }
    if matches!(goal, Goal::Live | Goal::Kill) {
        for &(c, color) in marked {
            let mut stack = vec![c];
            let mut seen: BTreeSet<(u8, u8)> = BTreeSet::new();
            seen.insert((c.x, c.y));
            while let Some(p) = stack.pop() {
                if board.get(p).is_none() {
                    out.insert((p.y, p.x));
                }
                if seen.len() > 80 {
                    break;
                }
                for q in super::goal::neighbours(p, size) {
                    if board.get(q) != Some(color.opponent()) && seen.insert((q.x, q.y)) {
                        stack.push(q);
                    }
                }
            }
        }
    }
    out.into_iter().map(|(y, x)| Coord::new(x, y)).collect()
}

/// The endgame: the judge's best move(s) in the region against the tree's marks, and every
/// wrong line's end counted below the best by our exact count.
fn judge_endgame(
    problem: &Problem,
    judge: &mut dyn Judge,
    report: &mut JudgeReport,
    marked: &[(Coord, Color)],
    region: &[Coord],
    first_moves: &[(NodeId, Move, Verdict)],
) {
    let player = problem.player();
    let q = Question {
        game: problem.start(),
        goal: Goal::Endgame,
        player,
        marked,
        region,
        to_move: player,
    };
    report.questions += 1;
    let choice = match judge.endgame(&q) {
        Ok(c) => c,
        Err(e) => {
            report.error = Some(e.0);
            return;
        }
    };
    let right: HashSet<Move> = first_moves
        .iter()
        .filter(|f| f.2 == Verdict::Right)
        .map(|f| f.1)
        .collect();
    let verdict_of = |mv: Move| first_moves.iter().find(|f| f.1 == mv).map(|f| f.2);
    let best: Vec<Move> = match choice {
        EndgameChoice::NotJudged(why) => {
            report.push(Finding::new(FindingKind::Unknown, Vec::new(), None, &why));
            return;
        }
        EndgameChoice::One(m) => vec![m],
        EndgameChoice::All(all) => {
            for &r in &right {
                if !all.contains(&r) {
                    report.push(Finding::new(
                        FindingKind::RightMoveAnswered,
                        vec![(player, r)],
                        all.first().map(|&m| (player, m)),
                        "the right move is not among the best endgame moves",
                    ));
                }
            }
            all
        }
    };
    for m in best {
        if right.contains(&m) {
            continue;
        }
        let kind = match verdict_of(m) {
            Some(Verdict::Wrong) => FindingKind::WrongTryWorks,
            _ => FindingKind::UnmarkedMoveWorks,
        };
        report.push(Finding::new(
            kind,
            vec![(player, m)],
            None,
            "the judge's best endgame move is not marked right",
        ));
    }
}
