//! One problem: the start position (the root's setup), the side to play, and the solution
//! tree with every node judged right or wrong.

use std::fmt;

use super::goal::{GOAL_PROPERTY, Goal};
use super::verdict::{Verdict, node_verdict, strip_marker};
use crate::record::properties::{decode_simple_text, decode_text};
use crate::record::{GameInfo, GameTree, NodeId};
use crate::review::{apply_node, markup::points, node_move};
use crate::rules::{Color, Coord, Game, Move};

/// The private SGF property holding a problem's identifier: `TYID[capture-12]`.
pub const ID_PROPERTY: &str = "TYID";

/// Why a game tree is not a usable problem.
#[derive(Clone, Debug, PartialEq)]
pub enum ProblemError {
    /// The board size cannot be set up.
    BadBoard(String),
    /// The tree has no answer marked or implied right.
    NoRightAnswer,
    /// The file is not SGF, or holds no game tree.
    Unreadable(String),
}

impl fmt::Display for ProblemError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProblemError::BadBoard(e) => write!(f, "the board cannot be set up: {e}"),
            ProblemError::NoRightAnswer => f.write_str("no line of the problem is a right answer"),
            ProblemError::Unreadable(e) => write!(f, "not a problem file: {e}"),
        }
    }
}

impl std::error::Error for ProblemError {}

/// A problem ready to be solved.
#[derive(Clone, Debug)]
pub struct Problem {
    tree: GameTree,
    start: Game,
    player: Color,
    /// The judgement of each node (index = `NodeId.0`): can the player still reach a right
    /// end from here, whatever the opponent answers from the tree?
    judged: Vec<Verdict>,
    goal: Option<Goal>,
    targets: Vec<Coord>,
}

impl Problem {
    /// A problem from a game tree: the root's setup is the position, `PL` the side to play
    /// (else the colour of the first move in the tree, else Black).
    ///
    /// Lines are judged from their marks (see [`super::verdict`]); an unmarked end takes the
    /// verdict of the nearest marked node above it, and is wrong when there is none — except
    /// in a tree with no marks at all, where the main line (first children) is the answer and
    /// every other line is wrong.
    pub fn from_tree(tree: GameTree) -> Result<Problem, ProblemError> {
        let path = [tree.root_id()];
        let (info, _) = GameInfo::read(&tree, &path);
        let mut start = Game::new(info.size, info.rules())
            .map_err(|e| ProblemError::BadBoard(e.to_string()))?;
        apply_node(&mut start, tree.root(), 0);
        let player = match tree
            .root()
            .value("PL")
            .and_then(crate::record::properties::parse_color)
        {
            Some(c) => c,
            None => tree
                .root()
                .children
                .iter()
                .find_map(|&c| tree.node(c).and_then(|n| node_move(n, info.size)))
                .map_or(Color::Black, |(c, _)| c),
        };
        start.set_to_move(player);
        let goal = tree.root().value(GOAL_PROPERTY).and_then(Goal::parse);
        let targets = points(tree.root(), "TR", info.size);
        let judged = judge(&tree, player, info.size);
        let problem = Problem {
            tree,
            start,
            player,
            judged,
            goal,
            targets,
        };
        if problem.right_moves(problem.tree.root_id()).is_empty() {
            return Err(ProblemError::NoRightAnswer);
        }
        Ok(problem)
    }

    /// The side the solver plays.
    pub fn player(&self) -> Color {
        self.player
    }

    /// The position to solve.
    pub fn start(&self) -> &Game {
        &self.start
    }

    /// The solution tree.
    pub fn tree(&self) -> &GameTree {
        &self.tree
    }

    /// The goal, when the file states one.
    pub fn goal(&self) -> Option<Goal> {
        self.goal
    }

    /// The points marked as the goal's stones (the root's `TR`).
    pub fn targets(&self) -> &[Coord] {
        &self.targets
    }

    /// The problem's identifier, when the file gives one (the root's private `TYID`, e.g.
    /// `capture-12`): the name by which a class file, the command line and a teacher's sheet
    /// refer to it. Shipped problems all have one ([`super::builtin::shipped`]).
    pub fn id(&self) -> Option<String> {
        self.tree
            .root()
            .value(ID_PROPERTY)
            .map(decode_simple_text)
            .map(|s| s.trim().to_string())
            .filter(|s| !s.is_empty())
    }

    /// The problem's name: `GN`, else the root's `N`.
    pub fn name(&self) -> Option<String> {
        let root = self.tree.root();
        root.value("GN")
            .or_else(|| root.value("N"))
            .map(decode_simple_text)
            .filter(|s| !s.trim().is_empty())
    }

    /// The question: the root's comment.
    pub fn prompt(&self) -> String {
        self.comment(self.tree.root_id())
    }

    /// The comment of a node without its right/wrong marker.
    pub fn comment(&self, node: NodeId) -> String {
        self.tree
            .node(node)
            .and_then(|n| n.value("C"))
            .map(|raw| strip_marker(&decode_text(raw)))
            .unwrap_or_default()
    }

    /// The judgement of a node.
    pub fn verdict(&self, node: NodeId) -> Verdict {
        self.judged.get(node.0).copied().unwrap_or(Verdict::Wrong)
    }

    /// The move a node holds.
    pub fn node_move(&self, node: NodeId) -> Option<(Color, Move)> {
        self.tree
            .node(node)
            .and_then(|n| node_move(n, self.start.size()))
    }

    /// The children of `node` holding a move by `color`, in order.
    pub fn moves_of(&self, node: NodeId, color: Color) -> Vec<(NodeId, Move)> {
        self.tree
            .node(node)
            .map(|n| {
                n.children
                    .iter()
                    .filter_map(|&c| match self.node_move(c) {
                        Some((col, mv)) if col == color => Some((c, mv)),
                        _ => None,
                    })
                    .collect()
            })
            .unwrap_or_default()
    }

    /// The player's right moves at `node` (hints).
    pub fn right_moves(&self, node: NodeId) -> Vec<(NodeId, Move)> {
        self.moves_of(node, self.player)
            .into_iter()
            .filter(|(c, _)| self.verdict(*c) == Verdict::Right)
            .collect()
    }

    /// Every line from the root to an end that the player reaches by right moves and that
    /// ends right: the answers (for checks and for showing the solution).
    pub fn right_lines(&self) -> Vec<Vec<NodeId>> {
        let mut lines = Vec::new();
        let mut stack = vec![vec![self.tree.root_id()]];
        while let Some(line) = stack.pop() {
            let Some(&last) = line.last() else { continue };
            let children = self
                .tree
                .node(last)
                .map(|n| n.children.clone())
                .unwrap_or_default();
            if children.is_empty() {
                if line.len() > 1 && self.verdict(last) == Verdict::Right {
                    lines.push(line);
                }
                continue;
            }
            for child in children {
                // The player's wrong moves are not answers; every opponent reply is followed.
                let player_move = self.node_move(child).is_some_and(|(c, _)| c == self.player);
                if player_move && self.verdict(child) == Verdict::Wrong {
                    continue;
                }
                let mut next = line.clone();
                next.push(child);
                stack.push(next);
            }
        }
        lines.reverse();
        lines
    }
}

/// Judges every node, bottom up without recursion (trees from files can be deep).
fn judge(tree: &GameTree, player: Color, size: u8) -> Vec<Verdict> {
    let n = tree.iter().map(|(id, _)| id.0 + 1).max().unwrap_or(0);
    let mut explicit = vec![None; n];
    let mut marked_any = false;
    for (id, node) in tree.iter() {
        explicit[id.0] = node_verdict(node, player);
        marked_any |= explicit[id.0].is_some();
    }
    // Top down: the nearest mark above (inherited) and whether the node is on the main line.
    let mut order = Vec::with_capacity(n);
    let mut inherited = vec![None; n];
    let mut main = vec![false; n];
    let root = tree.root_id();
    main[root.0] = true;
    let mut stack = vec![root];
    while let Some(id) = stack.pop() {
        order.push(id);
        let Some(node) = tree.node(id) else { continue };
        let above = explicit[id.0].or(inherited[id.0]);
        for (k, &child) in node.children.iter().enumerate() {
            inherited[child.0] = above;
            main[child.0] = main[id.0] && k == 0;
            stack.push(child);
        }
    }
    let mut judged = vec![Verdict::Wrong; n];
    for &id in order.iter().rev() {
        let Some(node) = tree.node(id) else { continue };
        if explicit[id.0] == Some(Verdict::Wrong) {
            judged[id.0] = Verdict::Wrong;
            continue;
        }
        if node.children.is_empty() {
            let fallback = if marked_any || !main[id.0] {
                Verdict::Wrong
            } else {
                Verdict::Right
            };
            judged[id.0] = explicit[id.0].or(inherited[id.0]).unwrap_or(fallback);
            continue;
        }
        let (mut mine, mut theirs, mut other) = (Vec::new(), Vec::new(), Vec::new());
        for &child in &node.children {
            let right = judged[child.0] == Verdict::Right;
            match tree.node(child).and_then(|c| node_move(c, size)) {
                Some((c, _)) if c == player => mine.push(right),
                Some(_) => theirs.push(right),
                None => other.push(right),
            }
        }
        // The player needs one right move; against the opponent every reply must be answered.
        let right = if !mine.is_empty() {
            mine.contains(&true)
        } else if !theirs.is_empty() {
            theirs.iter().all(|&r| r)
        } else {
            other.contains(&true)
        };
        judged[id.0] = if right {
            Verdict::Right
        } else {
            Verdict::Wrong
        };
    }
    judged
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problem(sgf: &str) -> Result<Problem, ProblemError> {
        let reading = crate::record::read_str(sgf).expect("sgf");
        Problem::from_tree(reading.collection.trees[0].clone())
    }

    /// The first moves judged right at the root, as SGF points.
    fn right_first_moves(sgf: &str) -> Vec<String> {
        let p = problem(sgf).expect("problem");
        p.right_moves(p.tree().root_id())
            .into_iter()
            .map(|(_, m)| match m {
                Move::Play(c) => c.to_sgf(),
                Move::Pass => "pass".into(),
            })
            .collect()
    }

    #[test]
    fn a_right_comment_at_the_end_makes_the_line_right_and_the_rest_wrong() {
        let sgf = "(;SZ[9]PL[B](;B[bb])(;B[cc];W[bb]C[WRONG])(;B[bc]C[Wrong]))";
        // B[bb] is unmarked in a marked file: wrong too. Nothing is right: no answer.
        assert_eq!(problem(sgf).err(), Some(ProblemError::NoRightAnswer));
        let sgf = "(;SZ[9]AB[ba]AW[aa]PL[B](;B[ab]C[RIGHT])(;B[cc];W[ab]))";
        assert_eq!(right_first_moves(sgf), ["ab"]);
    }

    #[test]
    fn an_answer_must_survive_every_opponent_reply_in_the_tree() {
        // After B[cc], White has two replies; one of them leads only to a wrong end.
        let sgf = "(;SZ[9]PL[B]\
                   (;B[cc](;W[dd];B[ee]C[RIGHT])(;W[ee];B[dd]C[WRONG]))\
                   (;B[gg](;W[dd];B[ee]C[RIGHT])(;W[ee](;B[ff]C[WRONG];W[aa])(;B[dd]C[RIGHT]))))";
        assert_eq!(right_first_moves(sgf), ["gg"]);
    }

    #[test]
    fn marks_on_the_first_move_carry_down_the_line() {
        let sgf = "(;SZ[9]PL[W](;W[cc]TE[1];B[dd];W[ee])(;W[ff]BM[1];B[gg]))";
        assert_eq!(right_first_moves(sgf), ["cc"]);
        let p = problem(sgf).expect("problem");
        assert_eq!(p.player(), Color::White);
        assert_eq!(p.right_lines().len(), 1);
    }

    #[test]
    fn an_unmarked_tree_takes_its_main_line_as_the_answer() {
        let sgf = "(;SZ[9]AB[dd];W[ee];B[ff])";
        // The first move is White's: White plays, and the main line is the answer.
        let p = problem(sgf).expect("problem");
        assert_eq!(p.player(), Color::White);
        assert_eq!(right_first_moves("(;SZ[9](;B[aa];W[bb])(;B[cc]))"), ["aa"]);
    }

    #[test]
    fn root_information_is_read() {
        let sgf = "(;SZ[9]GN[Capture 1]C[Black to play: capture.]TYGOAL[capture]TR[ee]AW[ee]AB[de][fe][ed]PL[B];B[ef]C[RIGHT\nCaptured!])";
        let p = problem(sgf).expect("problem");
        assert_eq!(p.name().as_deref(), Some("Capture 1"));
        assert_eq!(p.prompt(), "Black to play: capture.");
        assert_eq!(p.goal(), Some(Goal::Capture));
        assert_eq!(p.targets(), [Coord::new(4, 4)]);
        let line = &p.right_lines()[0];
        assert_eq!(p.comment(line[1]), "Captured!");
    }
}
