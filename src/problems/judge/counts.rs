//! Comments that state a count — "two liberties", "3 liberties", "两口气", "三口气", "captures 3
//! stones", "三个子" — checked against the position (issue 27: capture-1 said "three
//! liberties" where there were two).
//!
//! A comment sits on a node; what it counts is read in the positions around it: the problem's
//! start, the position before the node's move and the position after it. A count of liberties
//! holds when a marked chain (or the chain of the node's move) has exactly that many in one of
//! them; a count of stones when such a chain has that many stones, or a move of the line up to
//! the node captured that many (or the line captured that many in all).

use super::super::problem::Problem;
use crate::record::NodeId;
use crate::rules::{Coord, Game, Move};

/// What a comment counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CountKind {
    /// Liberties (气).
    Liberties,
    /// Stones (子).
    Stones,
}

/// One count stated in a comment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CountClaim {
    /// The node whose comment states it.
    pub node: NodeId,
    /// What is counted.
    pub kind: CountKind,
    /// The number stated.
    pub number: usize,
    /// The words that state it.
    pub words: String,
}

const EN_NUMBERS: &[&str] = &[
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
];

fn en_number(word: &str) -> Option<usize> {
    let w = word.to_ascii_lowercase();
    EN_NUMBERS
        .iter()
        .position(|n| *n == w)
        .or_else(|| w.parse().ok())
}

fn zh_digit(c: char) -> Option<usize> {
    Some(match c {
        '零' | '〇' => 0,
        '一' => 1,
        '二' | '两' | '兩' => 2,
        '三' => 3,
        '四' => 4,
        '五' => 5,
        '六' => 6,
        '七' => 7,
        '八' => 8,
        '九' => 9,
        '十' => 10,
        d if d.is_ascii_digit() => d.to_digit(10)? as usize,
        _ => return None,
    })
}

/// The counts a text states, in the order written.
pub fn claims_in(text: &str) -> Vec<(CountKind, usize, String)> {
    let mut out = Vec::new();
    // English: a number word, then "liberty/liberties" or "stone/stones" (an adjective between
    // is allowed: "two white stones", "three more liberties").
    let words: Vec<&str> = text
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty() && w.is_ascii())
        .collect();
    for (i, w) in words.iter().enumerate() {
        let Some(n) = en_number(w) else { continue };
        for gap in 1..=2 {
            let Some(next) = words.get(i + gap) else {
                break;
            };
            let next = next.to_ascii_lowercase();
            let kind = match next.as_str() {
                "liberty" | "liberties" => Some(CountKind::Liberties),
                "stone" | "stones" => Some(CountKind::Stones),
                _ => None,
            };
            if let Some(kind) = kind {
                out.push((kind, n, words[i..=i + gap].join(" ")));
                break;
            }
            if !matches!(
                next.as_str(),
                "white" | "black" | "more" | "marked" | "of" | "enemy" | "own" | "your" | "their"
            ) {
                break;
            }
        }
    }
    // Chinese: a numeral, then 口气 / 气 (liberties) or 个子 / 颗子 / 子, with 黑 or 白 between
    // allowed (stones).
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let Some(mut n) = zh_digit(chars[i]) else {
            i += 1;
            continue;
        };
        let start = i;
        let mut j = i + 1;
        // 十二, 二十: a simple two-character numeral.
        while j < chars.len() {
            match zh_digit(chars[j]) {
                Some(10) => n = n.max(1) * 10,
                Some(d) if chars[j - 1] == '十' => n += d,
                Some(d) if chars[j].is_ascii_digit() && chars[j - 1].is_ascii_digit() => {
                    n = n * 10 + d
                }
                _ => break,
            }
            j += 1;
        }
        let rest: String = chars[j..].iter().take(4).collect();
        let kind = if rest.starts_with("口气") || rest.starts_with("口氣") {
            Some((CountKind::Liberties, 2))
        } else if rest.starts_with('气') || rest.starts_with('氣') {
            Some((CountKind::Liberties, 1))
        } else {
            [
                "个黑子",
                "个白子",
                "個黑子",
                "個白子",
                "颗黑子",
                "颗白子",
                "顆黑子",
                "顆白子",
                "个子",
                "個子",
                "颗子",
                "顆子",
                "子",
            ]
            .iter()
            .find(|p| rest.starts_with(*p))
            .map(|p| (CountKind::Stones, p.chars().count()))
        };
        if let Some((kind, len)) = kind {
            // "一线的子" and the like are not counts: the numeral must touch the word.
            let words: String = chars[start..j + len].iter().collect();
            out.push((kind, n, words));
            i = j + len;
        } else {
            i = j;
        }
    }
    out
}

/// Every count stated in the problem's comments that no position around its node has.
pub fn check_counts(problem: &Problem) -> Vec<CountClaim> {
    let tree = problem.tree();
    let mut wrong = Vec::new();
    // Depth first, with the moves from the root.
    let mut stack: Vec<(NodeId, Vec<(crate::rules::Color, Move)>)> =
        vec![(tree.root_id(), Vec::new())];
    while let Some((id, moves)) = stack.pop() {
        let Some(node) = tree.node(id) else { continue };
        let text = problem.comment(id);
        let claims = claims_in(&text);
        if !claims.is_empty() {
            for (kind, number, words) in claims {
                if !supported(problem, &moves, kind, number) {
                    wrong.push(CountClaim {
                        node: id,
                        kind,
                        number,
                        words,
                    });
                }
            }
        }
        for &child in &node.children {
            let mut next = moves.clone();
            if let Some(m) = problem.node_move(child) {
                next.push(m);
            }
            stack.push((child, next));
        }
    }
    wrong
}

/// Whether some position around the node (start, before and after the last move) has the
/// count.
fn supported(
    problem: &Problem,
    moves: &[(crate::rules::Color, Move)],
    kind: CountKind,
    number: usize,
) -> bool {
    let mut games: Vec<Game> = vec![problem.start().clone()];
    let mut game = problem.start().clone();
    let mut captured: Vec<usize> = Vec::new();
    for (k, &(color, mv)) in moves.iter().enumerate() {
        let before = game.board().count(color.opponent());
        if game.play(color, mv).is_err() {
            return true; // An illegal line is reported elsewhere.
        }
        captured.push(before - game.board().count(color.opponent()));
        if k + 2 >= moves.len() {
            games.push(game.clone());
        }
    }
    let last_move: Option<Coord> = moves.last().and_then(|(_, m)| match m {
        Move::Play(c) => Some(*c),
        Move::Pass => None,
    });
    let mut points: Vec<Coord> = problem.targets().to_vec();
    points.extend(last_move);
    for g in &games {
        let board = g.board();
        for &p in &points {
            if board.get(p).is_none() {
                continue;
            }
            let n = match kind {
                CountKind::Liberties => board.liberties(p),
                CountKind::Stones => board.chain(p).len(),
            };
            if n == number {
                return true;
            }
        }
    }
    // "Their two stones": the marked stones of one colour, counted together.
    let start = problem.start().board();
    let marked_of = |c| {
        problem
            .targets()
            .iter()
            .filter(|&&p| start.get(p) == Some(c))
            .count()
    };
    kind == CountKind::Stones
        && (captured.contains(&number)
            || captured.iter().sum::<usize>() == number
            || marked_of(crate::rules::Color::Black) == number
            || marked_of(crate::rules::Color::White) == number)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_are_read_in_english_and_chinese() {
        let c = claims_in("White extends, has three liberties and escapes.");
        assert_eq!(c, [(CountKind::Liberties, 3, "three liberties".into())]);
        let c = claims_in("Right! Three stones with one liberty: 3 stones captured at once.");
        assert_eq!(
            c.iter().map(|c| (c.0, c.1)).collect::<Vec<_>>(),
            [
                (CountKind::Stones, 3),
                (CountKind::Liberties, 1),
                (CountKind::Stones, 3)
            ]
        );
        assert_eq!(claims_in("two white stones")[0].1, 2);
        let c = claims_in("对了！三个子只剩一口气，提掉两个白子。还有两口气。");
        assert_eq!(
            c.iter().map(|c| (c.0, c.1)).collect::<Vec<_>>(),
            [
                (CountKind::Stones, 3),
                (CountKind::Liberties, 1),
                (CountKind::Stones, 2),
                (CountKind::Liberties, 2)
            ]
        );
        assert!(claims_in("一线的子和二线的子分开了，两只眼。").is_empty());
        assert!(claims_in("Both stones are captured; two eyes.").is_empty());
        assert_eq!(claims_in("有了十二口气")[0].1, 12);
    }

    fn problem(sgf: &str) -> Problem {
        let reading = crate::record::read_str(sgf).expect("sgf");
        Problem::from_tree(reading.collection.trees[0].clone()).expect("problem")
    }

    /// Issue 27: capture-1's wrong line said "three liberties"; White has two.
    #[test]
    fn a_wrong_count_is_found_and_a_right_one_passes() {
        let sgf = "(;SZ[9]PL[B]TYGOAL[capture]AB[de][fe][ed]AW[ee]TR[ee]C[The stone has one liberty.]\
                   (;B[ef]C[RIGHT\nOne stone captured.])\
                   (;B[ff];W[ef]C[WRONG\n白棋长出来，有了三口气。\nWhite extends, has three liberties.]))";
        let wrong = check_counts(&problem(sgf));
        assert_eq!(
            wrong.iter().map(|c| (c.kind, c.number)).collect::<Vec<_>>(),
            [(CountKind::Liberties, 3), (CountKind::Liberties, 3)]
        );
        let sgf = sgf.replace("三口气", "两口气").replace("three", "two");
        assert!(check_counts(&problem(&sgf)).is_empty());
    }
}
