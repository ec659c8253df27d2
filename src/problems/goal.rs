//! What a problem asks (capture, escape, ladder, net, two eyes, connect, cut, kill, endgame),
//! read from the file, and whether a position at the end of a right line achieves it — so a
//! shipped or a teacher's problem can be checked by the rules, not by trust.
//!
//! Most goals are judged on the end position alone. Two need reading, done exactly by
//! [`super::reading`] on the rules core: `kill` (from the end position, with the marked
//! stones' owner to move, the player captures them all whatever the owner does, and the owner
//! never reaches two eyes) and `endgame` (the count of the marked region at the end is the best
//! the player could be sure of from the start, both sides playing only in the region).

use crate::i18n::Lang;
use crate::rules::{Board, Color, Coord};

/// The private SGF property holding a problem's goal (FF[4] allows private properties; other
/// programs keep and ignore it): `TYGOAL[capture]`. The targets are the root's `TR` points.
pub const GOAL_PROPERTY: &str = "TYGOAL";

/// What the player must do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Goal {
    /// Capture the marked stones (or any stone, when none are marked).
    Capture,
    /// Save the marked stones: on the board at the end, with three liberties or more.
    Escape,
    /// Capture the marked stones in a ladder (征子).
    Ladder,
    /// Capture the marked stones in a net (枷).
    Net,
    /// Make the marked stones live with two eyes: unconditionally alive at the end (Benson).
    Live,
    /// Connect the marked stones of the player: one chain at the end, with two liberties or
    /// more.
    Connect,
    /// Cut the marked stones of the opponent apart: at the end they are not all in one chain
    /// (a captured one counts as cut off), and no chain of the player's touching them is in
    /// atari.
    Cut,
    /// Kill the marked stones of the opponent: at the end, with their owner to move, they can
    /// be captured whatever the owner does (read out exactly; see [`super::reading`]).
    Kill,
    /// The best endgame move: the marked points are the region, and the count of the region
    /// at the end is the best the player could be sure of from the start.
    Endgame,
}

impl Goal {
    /// Every goal, in the order a teacher meets them.
    pub const ALL: [Goal; 9] = [
        Goal::Capture,
        Goal::Escape,
        Goal::Ladder,
        Goal::Net,
        Goal::Connect,
        Goal::Cut,
        Goal::Live,
        Goal::Kill,
        Goal::Endgame,
    ];

    /// The word in the file.
    pub fn keyword(self) -> &'static str {
        match self {
            Goal::Capture => "capture",
            Goal::Escape => "escape",
            Goal::Ladder => "ladder",
            Goal::Net => "net",
            Goal::Live => "live",
            Goal::Connect => "connect",
            Goal::Cut => "cut",
            Goal::Kill => "kill",
            Goal::Endgame => "endgame",
        }
    }

    /// Reads the word in the file (any case; `two-eyes` for `live`).
    pub fn parse(word: &str) -> Option<Goal> {
        match word.trim().to_ascii_lowercase().as_str() {
            "two-eyes" | "two eyes" => Some(Goal::Live),
            w => Goal::ALL.into_iter().find(|g| g.keyword() == w),
        }
    }

    /// The goal in `lang`: 吃子, 逃子, 征子, 枷吃, 做活（两只眼）, 连接, 切断, 杀棋, 收官.
    pub fn name(self, lang: Lang) -> &'static str {
        match self {
            Goal::Capture => lang.pick("吃子", "吃子", "Capture"),
            Goal::Escape => lang.pick("逃子", "逃子", "Escape"),
            Goal::Ladder => lang.pick("征子", "征子", "Ladder"),
            Goal::Net => lang.pick("枷吃", "枷吃", "Net"),
            Goal::Live => lang.pick("做活（两只眼）", "做活（兩隻眼）", "Live (two eyes)"),
            Goal::Connect => lang.pick("连接", "連接", "Connect"),
            Goal::Cut => lang.pick("切断", "切斷", "Cut"),
            Goal::Kill => lang.pick("杀棋", "殺棋", "Kill"),
            Goal::Endgame => lang.pick("收官", "收官", "Endgame"),
        }
    }

    /// What the solver is asked to do, for a printed sheet in `lang` (the marked stones are
    /// drawn with a triangle, an endgame region shaded blue).
    pub fn instruction(self, lang: Lang) -> &'static str {
        match self {
            Goal::Capture => lang.pick(
                "吃掉有三角标记的棋子。",
                "吃掉有三角標記的棋子。",
                "Capture the marked stones.",
            ),
            Goal::Escape => lang.pick(
                "救出有三角标记的棋子。",
                "救出有三角標記的棋子。",
                "Save the marked stones.",
            ),
            Goal::Ladder => lang.pick(
                "用征子吃掉有三角标记的棋子。",
                "用征子吃掉有三角標記的棋子。",
                "Capture the marked stones in a ladder.",
            ),
            Goal::Net => lang.pick(
                "用枷吃掉有三角标记的棋子。",
                "用枷吃掉有三角標記的棋子。",
                "Capture the marked stones with a net.",
            ),
            Goal::Connect => lang.pick(
                "把有三角标记的棋子连起来。",
                "把有三角標記的棋子連起來。",
                "Connect the marked stones.",
            ),
            Goal::Cut => lang.pick(
                "把有三角标记的棋子切断。",
                "把有三角標記的棋子切斷。",
                "Cut the marked stones apart.",
            ),
            Goal::Live => lang.pick(
                "让有三角标记的棋子做出两只眼，活棋。",
                "讓有三角標記的棋子做出兩隻眼，活棋。",
                "Make the marked stones live with two eyes.",
            ),
            Goal::Kill => lang.pick(
                "杀死有三角标记的棋子。",
                "殺死有三角標記的棋子。",
                "Kill the marked stones.",
            ),
            Goal::Endgame => lang.pick(
                "在蓝色的地方下出最好的一步。",
                "在藍色的地方下出最好的一步。",
                "Play the best endgame move in the blue area.",
            ),
        }
    }

    /// Whether `end` (the position at the end of a right line, from `start`) achieves the goal
    /// for `player`, with `targets` the marked points (their stones in `start`).
    pub fn achieved(self, player: Color, start: &Board, end: &Board, targets: &[Coord]) -> bool {
        let marked: Vec<(Coord, Color)> = targets
            .iter()
            .filter_map(|&c| start.get(c).map(|color| (c, color)))
            .collect();
        match self {
            Goal::Capture | Goal::Ladder | Goal::Net => {
                let theirs: Vec<Coord> = marked
                    .iter()
                    .filter(|(_, color)| *color != player)
                    .map(|(c, _)| *c)
                    .collect();
                if theirs.is_empty() {
                    // No marks: some stone of the opponent's has gone.
                    let opponent = player.opponent();
                    start
                        .stones()
                        .iter()
                        .any(|&(c, color)| color == opponent && end.get(c) != Some(opponent))
                } else {
                    theirs
                        .iter()
                        .all(|&c| end.get(c) != Some(player.opponent()))
                }
            }
            Goal::Escape => {
                let ours: Vec<Coord> = own_marked(&marked, player);
                !ours.is_empty()
                    && ours
                        .iter()
                        .all(|&c| end.get(c) == Some(player) && end.liberties(c) >= 3)
            }
            Goal::Live => {
                let ours = own_marked(&marked, player);
                let alive = pass_alive(end, player);
                !ours.is_empty() && ours.iter().all(|c| alive.contains(c))
            }
            Goal::Connect => {
                let ours = own_marked(&marked, player);
                let Some(&first) = ours.first() else {
                    return false;
                };
                if ours.iter().any(|&c| end.get(c) != Some(player)) {
                    return false;
                }
                let chain = end.chain(first);
                ours.iter().all(|c| chain.contains(c)) && end.liberties(first) >= 2
            }
            Goal::Cut => {
                let opponent = player.opponent();
                let theirs: Vec<Coord> = marked
                    .iter()
                    .filter(|(_, color)| *color == opponent)
                    .map(|(c, _)| *c)
                    .collect();
                if theirs.len() < 2 {
                    return false;
                }
                let left: Vec<Coord> = theirs
                    .iter()
                    .copied()
                    .filter(|&c| end.get(c) == Some(opponent))
                    .collect();
                let apart = left.len() < theirs.len()
                    || left
                        .first()
                        .is_some_and(|&c| !left.iter().all(|d| end.chain(c).contains(d)));
                let cutters_safe = left.iter().all(|&c| {
                    end.chain(c)
                        .iter()
                        .flat_map(|&s| neighbours(s, end.size()))
                        .filter(|&q| end.get(q) == Some(player))
                        .all(|q| end.liberties(q) >= 2)
                });
                apart && cutters_safe
            }
            Goal::Kill => {
                let opponent = player.opponent();
                let theirs: Vec<Coord> = marked
                    .iter()
                    .filter(|(_, color)| *color == opponent)
                    .map(|(c, _)| *c)
                    .collect();
                !theirs.is_empty()
                    && super::reading::dead_with_defender_to_move(end, opponent, &theirs)
                        == Some(true)
            }
            Goal::Endgame => {
                if targets.is_empty() {
                    return false;
                }
                match super::reading::best_region_count(start, player, targets) {
                    Some(best) => super::reading::region_count(end, player, targets) >= best,
                    None => false,
                }
            }
        }
    }
}

fn own_marked(marked: &[(Coord, Color)], player: Color) -> Vec<Coord> {
    marked
        .iter()
        .filter(|(_, color)| *color == player)
        .map(|(c, _)| *c)
        .collect()
}

/// The neighbours of `c` on a board of `size` lines.
pub(crate) fn neighbours(c: Coord, size: u8) -> impl Iterator<Item = Coord> {
    let (x, y) = (i16::from(c.x), i16::from(c.y));
    [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]
        .into_iter()
        .filter(move |&(a, b)| a >= 0 && b >= 0 && a < i16::from(size) && b < i16::from(size))
        .map(|(a, b)| Coord::new(a as u8, b as u8))
}

/// The stones of `color` that are unconditionally alive (Benson's algorithm): they cannot be
/// captured even if `color` always passes. Chains with two *vital* enclosed regions survive;
/// a region is vital to a chain when each of its empty points is a liberty of that chain, and
/// regions touching a chain that fell are discarded, until nothing changes.
pub fn pass_alive(board: &Board, color: Color) -> Vec<Coord> {
    let size = board.size();
    let n = usize::from(size);
    let index = |c: Coord| usize::from(c.y) * n + usize::from(c.x);
    // Chains of `color`: id per point.
    let mut chain_of = vec![usize::MAX; n * n];
    let mut chains: Vec<Vec<Coord>> = Vec::new();
    for c in board.points() {
        if board.get(c) == Some(color) && chain_of[index(c)] == usize::MAX {
            let id = chains.len();
            let stones = board.chain(c);
            for &s in &stones {
                chain_of[index(s)] = id;
            }
            chains.push(stones);
        }
    }
    // Enclosed regions: connected points not of `color`.
    let mut region_of = vec![usize::MAX; n * n];
    let mut regions: Vec<Vec<Coord>> = Vec::new();
    for c in board.points() {
        if board.get(c) == Some(color) || region_of[index(c)] != usize::MAX {
            continue;
        }
        let id = regions.len();
        let mut stack = vec![c];
        let mut points = Vec::new();
        region_of[index(c)] = id;
        while let Some(p) = stack.pop() {
            points.push(p);
            for q in neighbours(p, size) {
                if board.get(q) != Some(color) && region_of[index(q)] == usize::MAX {
                    region_of[index(q)] = id;
                    stack.push(q);
                }
            }
        }
        regions.push(points);
    }
    // For each region: the chains around it, and the chains it is vital to.
    let mut bordering: Vec<Vec<usize>> = Vec::with_capacity(regions.len());
    let mut vital_to: Vec<Vec<usize>> = Vec::with_capacity(regions.len());
    for points in &regions {
        let mut around: Vec<usize> = points
            .iter()
            .flat_map(|&p| neighbours(p, size))
            .filter(|&q| board.get(q) == Some(color))
            .map(|q| chain_of[index(q)])
            .collect();
        around.sort_unstable();
        around.dedup();
        let vital = around
            .iter()
            .copied()
            .filter(|&chain| {
                points
                    .iter()
                    .filter(|&&p| board.get(p).is_none())
                    .all(|&p| {
                        neighbours(p, size)
                            .any(|q| board.get(q) == Some(color) && chain_of[index(q)] == chain)
                    })
            })
            .collect();
        bordering.push(around);
        vital_to.push(vital);
    }
    let mut chain_alive = vec![true; chains.len()];
    let mut region_alive = vec![true; regions.len()];
    loop {
        let mut changed = false;
        for (chain, alive) in chain_alive.iter_mut().enumerate() {
            if !*alive {
                continue;
            }
            let vital = (0..regions.len())
                .filter(|&r| region_alive[r] && vital_to[r].contains(&chain))
                .count();
            if vital < 2 {
                *alive = false;
                changed = true;
            }
        }
        for (r, alive) in region_alive.iter_mut().enumerate() {
            if *alive && bordering[r].iter().any(|&chain| !chain_alive[chain]) {
                *alive = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    chains
        .iter()
        .zip(&chain_alive)
        .filter(|(_, alive)| **alive)
        .flat_map(|(stones, _)| stones.iter().copied())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Game, Rules};

    /// A board from rows of `.`, `X` (Black) and `O` (White), top row first.
    fn board(rows: &[&str]) -> Board {
        let size = rows.len() as u8;
        let mut black = Vec::new();
        let mut white = Vec::new();
        for (y, row) in rows.iter().enumerate() {
            for (x, ch) in row.chars().enumerate() {
                let c = Coord::new(x as u8, y as u8);
                match ch {
                    'X' => black.push(c),
                    'O' => white.push(c),
                    _ => {}
                }
            }
        }
        let mut game = Game::new(size, Rules::default()).expect("size");
        game.setup(&black, &white, &[]).expect("setup");
        game.board().clone()
    }

    #[test]
    fn two_separate_eyes_are_pass_alive_one_eye_is_not() {
        let two = board(&[
            ".X.X.", //
            "XXXXX", //
            ".....", //
            ".....", //
            ".....",
        ]);
        assert_eq!(pass_alive(&two, Color::Black).len(), 7);
        let one = board(&[
            "..X..", //
            "XXX..", //
            ".....", //
            ".....", //
            ".....",
        ]);
        assert!(pass_alive(&one, Color::Black).is_empty());
    }

    #[test]
    fn a_big_eye_space_is_not_two_eyes_until_it_is_split() {
        let b = board(&[
            "...X.", //
            "...XX", //
            "XXXX.", //
            ".....", //
            ".....",
        ]);
        // The six-point space has a point that is no liberty: one vital region only.
        assert!(pass_alive(&b, Color::Black).is_empty());
        // An enemy stone inside an eye whose empty points are all liberties keeps it vital.
        let b = board(&[
            ".O.X.", //
            "XXXXX", //
            ".....", //
            ".....", //
            ".....",
        ]);
        assert_eq!(pass_alive(&b, Color::Black).len(), 6);
    }

    #[test]
    fn goals_judge_the_end_position() {
        let start = board(&[".X...", "XOX..", ".....", ".....", "....."]);
        let end = board(&["XX...", "X.X..", "..X..", ".....", "....."]);
        let target = [Coord::new(1, 1)];
        assert!(Goal::Capture.achieved(Color::Black, &start, &end, &target));
        assert!(!Goal::Capture.achieved(Color::Black, &start, &start, &target));
        assert!(Goal::Capture.achieved(Color::Black, &start, &end, &[]));
        // White's marked stone is gone: it did not escape.
        assert!(!Goal::Escape.achieved(Color::White, &start, &end, &target));
    }

    /// Issue 20: connect and cut on a table of end positions (Black the player).
    #[test]
    fn issue20_connect_and_cut_judge_the_end_position() {
        let start = board(&[".....", ".X...", ".OX..", ".....", "....."]);
        let marks = [Coord::new(1, 1), Coord::new(2, 2)];
        let cases: &[(&str, Goal, &[&str], bool)] = &[
            (
                "connected",
                Goal::Connect,
                &[".....", ".XX..", ".OX..", ".....", "....."],
                true,
            ),
            (
                "still apart",
                Goal::Connect,
                &[".....", ".X...", ".OX..", ".....", "....."],
                false,
            ),
            (
                "one chain in atari is no connection",
                Goal::Connect,
                &[".O...", "OXXO.", ".OXO.", "..O..", "....."],
                false,
            ),
        ];
        for (name, goal, end, want) in cases {
            assert_eq!(
                goal.achieved(Color::Black, &start, &board(end), &marks),
                *want,
                "{name}"
            );
        }
        // White's two diagonal stones, Black cuts between them.
        let start = board(&[".....", ".O...", "..O..", ".....", "....."]);
        let marks = [Coord::new(1, 1), Coord::new(2, 2)];
        let cases: &[(&str, &[&str], bool)] = &[
            (
                "cut, the cutter safe",
                &[".....", ".OX..", "..O..", ".....", "....."],
                true,
            ),
            (
                "connected",
                &[".....", ".OO..", "..O..", ".....", "....."],
                false,
            ),
            (
                "cut but the cutter in atari",
                &[".....", ".OXO.", "..O..", ".....", "....."],
                false,
            ),
            (
                "one side captured counts as cut off",
                &[".....", ".X...", "X.O..", ".....", "....."],
                true,
            ),
            (
                "one gone, no cutter needed",
                &[".....", ".....", "..O..", ".....", "....."],
                true,
            ),
        ];
        for (name, end, want) in cases {
            assert_eq!(
                Goal::Cut.achieved(Color::Black, &start, &board(end), &marks),
                *want,
                "{name}"
            );
        }
        assert!(!Goal::Cut.achieved(Color::Black, &start, &start, &marks[..1]));
    }

    #[test]
    fn goal_words_read_back() {
        for g in Goal::ALL {
            assert_eq!(Goal::parse(g.keyword()), Some(g));
        }
        assert_eq!(Goal::parse("Two-Eyes"), Some(Goal::Live));
        assert_eq!(Goal::parse("win"), None);
    }
}
