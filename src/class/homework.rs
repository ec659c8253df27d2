//! Homework from a child's own game (issue 20 item 4): the moments that cost most, each made
//! into a draft problem — the position before the child's move, the right answer, and the
//! child's move as a wrong line with the opponent's refutation — whose answer the problem
//! checker proves before it can be assigned.
//!
//! The analysis is our own: the rules core and the tactical reader ([`crate::ai::tactics`]).
//! At each move of the child's colour it asks, in the position before the move:
//!
//! - **missed capture**: an opponent chain was in atari, the child could take it, did not take
//!   anything, and after the child's move the opponent can save it (a chain that cannot be
//!   saved anyway cost nothing);
//! - **left in atari**: one of the child's chains was in atari and could be saved, the child
//!   neither saved it nor captured as much elsewhere, and the opponent can take it next;
//! - **self-atari**: the child's move left its own chain (which had two liberties or more, or
//!   was the new stone alone) with one liberty, captured nothing, and the opponent can take it
//!   without being taken back at once (a snapback is not a mistake).
//!
//! When one move has several, the one costing most stones is kept (missed capture before left
//! in atari before self-atari on a tie). The draft's goal is `capture` (missed capture) or
//! `escape` (left in atari, and a self-atari that extended a chain the opponent could then
//! capture, the answer being the reader's saving move). A self-atari of a stone that was
//! defending nothing gets a draft with the reader's safest nearby move and no goal: it is not
//! proved, and the teacher edits it before it can be assigned.

use crate::ai::tactics::{ReadLimits, Reader};
use crate::problems::{Problem, is_proved};
use crate::record::properties::encode_text;
use crate::record::{GameInfo, GameTree, Outcome};
use crate::review::{apply_node, node_move};
use crate::rules::{Board, Color, Coord, Game, Move};

use super::model::GameResult;

/// Why a moment was chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reason {
    /// An opponent chain in atari was not taken.
    MissedCapture,
    /// One of the child's chains in atari was not saved.
    LeftInAtari,
    /// The child's move put its own chain in atari.
    SelfAtari,
}

impl Reason {
    /// The pinned word: `missed capture`, `left in atari`, `self-atari`.
    pub fn code(self) -> &'static str {
        match self {
            Reason::MissedCapture => "missed capture",
            Reason::LeftInAtari => "left in atari",
            Reason::SelfAtari => "self-atari",
        }
    }

    /// Reads [`Reason::code`].
    pub fn parse(s: &str) -> Option<Reason> {
        [
            Reason::MissedCapture,
            Reason::LeftInAtari,
            Reason::SelfAtari,
        ]
        .into_iter()
        .find(|r| r.code() == s.trim())
    }

    /// In words for the child and the teacher.
    pub fn text(self, lang: crate::i18n::Lang) -> &'static str {
        match self {
            Reason::MissedCapture => lang.pick("漏吃", "漏吃", "missed capture"),
            Reason::LeftInAtari => lang.pick("被打吃没有逃", "被打吃沒有逃", "left in atari"),
            Reason::SelfAtari => {
                lang.pick("自己送吃（自紧气）", "自己送吃（自緊氣）", "self-atari")
            }
        }
    }

    fn rank(self) -> u8 {
        match self {
            Reason::MissedCapture => 0,
            Reason::LeftInAtari => 1,
            Reason::SelfAtari => 2,
        }
    }
}

/// One draft problem.
#[derive(Clone, Debug, PartialEq)]
pub struct Draft {
    /// The move of the game (1-based, counting both sides' moves and passes).
    pub move_number: u32,
    /// The child's colour.
    pub color: Color,
    /// What the child played.
    pub played: Move,
    /// The right answer.
    pub answer: Coord,
    /// Why.
    pub reason: Reason,
    /// Stones at stake.
    pub stones: usize,
    /// The draft problem (SGF, one game tree).
    pub sgf: String,
    /// Whether the checker proves it (sound, with a goal): only then can it be assigned.
    pub proved: bool,
    /// Its identifier once kept in a class (empty before).
    pub id: String,
}

/// A draft as the teacher looks at it (the class window, issue 20 item 4): the position,
/// the right answer, the child's move and whether the checker proves the draft.
#[derive(Clone, Debug, PartialEq)]
pub struct DraftLook {
    /// The draft's SGF (the key it is looked up by).
    pub sgf: String,
    /// The board's size.
    pub size: u8,
    /// The stones of the position.
    pub stones: Vec<(Coord, Color)>,
    /// The side to play (the child).
    pub player: Color,
    /// The right answer (the first move of the first right line).
    pub answer: Option<Coord>,
    /// The child's move in the game (the first wrong move of the tree).
    pub played: Option<Coord>,
    /// The marked stones.
    pub targets: Vec<Coord>,
    /// Whether the checker proves it (a stated goal, every right line meeting it).
    pub proved: bool,
}

/// Reads a draft's SGF for the teacher's look; `None` when it is no problem.
pub fn look(sgf: &str) -> Option<DraftLook> {
    let tree = crate::record::read_str(sgf)
        .ok()?
        .collection
        .trees
        .into_iter()
        .next()?;
    let problem = Problem::from_tree(tree).ok()?;
    let root = problem.tree().root_id();
    let player = problem.player();
    let first_play = |moves: Vec<(crate::record::NodeId, Move)>| {
        moves.into_iter().find_map(|(_, m)| match m {
            Move::Play(c) => Some(c),
            Move::Pass => None,
        })
    };
    let answer = first_play(problem.right_moves(root));
    let played = first_play(
        problem
            .moves_of(root, player)
            .into_iter()
            .filter(|(n, _)| problem.verdict(*n) == crate::problems::Verdict::Wrong)
            .collect(),
    );
    Some(DraftLook {
        sgf: sgf.to_string(),
        size: problem.start().size(),
        stones: problem.start().board().stones(),
        player,
        answer,
        played,
        targets: problem.targets().to_vec(),
        proved: is_proved(&problem),
    })
}

/// The game information of a record's main line.
pub fn game_info(tree: &GameTree) -> GameInfo {
    GameInfo::read(tree, &tree.main_line()).0
}

fn norm(name: &str) -> String {
    name.trim().to_lowercase()
}

/// The colour the child played: the side named like the child (ignoring case); else, when
/// exactly one side is named like a computer program, the other side.
pub fn child_color(info: &GameInfo, nick: &str) -> Option<Color> {
    let nick = norm(nick);
    let black = info.black.as_deref().map(norm).unwrap_or_default();
    let white = info.white.as_deref().map(norm).unwrap_or_default();
    match (black == nick, white == nick) {
        (true, false) => return Some(Color::Black),
        (false, true) => return Some(Color::White),
        _ => {}
    }
    let computer = |n: &str| {
        [
            "computer", "tianyuan", "gnu go", "gnugo", "katago", "level", "电脑", "電腦", "ai",
        ]
        .iter()
        .any(|w| n.contains(w))
    };
    match (computer(&black), computer(&white)) {
        (true, false) => Some(Color::White),
        (false, true) => Some(Color::Black),
        _ => None,
    }
}

/// The result for the child playing `color`, from the record's `RE`.
pub fn result_for(info: &GameInfo, color: Color) -> Option<GameResult> {
    let winner = match info.result.as_ref()? {
        Outcome::Counted(r) => r.winner,
        Outcome::Resignation(c) | Outcome::Time(c) | Outcome::Forfeit(c) | Outcome::Win(c) => {
            Some(*c)
        }
        Outcome::Void | Outcome::Unknown => return None,
    };
    Some(match winner {
        None => GameResult::Drawn,
        Some(w) if w == color => GameResult::Won,
        Some(_) => GameResult::Lost,
    })
}

fn reader() -> Reader {
    Reader::new(ReadLimits {
        nodes_per_read: 3000,
        nets: true,
        max_attack_liberties: 3,
    })
}

/// The chains of `color` with exactly one liberty: (a stone of it, its size, the liberty).
fn chains_in_atari(board: &Board, color: Color) -> Vec<(Coord, usize, Coord)> {
    let mut seen: Vec<Coord> = Vec::new();
    let mut out = Vec::new();
    for (c, col) in board.stones() {
        if col != color || seen.contains(&c) {
            continue;
        }
        let chain = board.chain(c);
        seen.extend(chain.iter().copied());
        if board.liberties(c) == 1
            && let Some(l) = liberty_of(board, &chain)
        {
            out.push((c, chain.len(), l));
        }
    }
    out
}

fn liberty_of(board: &Board, chain: &[Coord]) -> Option<Coord> {
    chain
        .iter()
        .flat_map(|&s| crate::problems::goal::neighbours(s, board.size()))
        .find(|&q| board.get(q).is_none())
}

/// A moment found: (reason, stones, answer, the opponent's refutation of the child's move,
/// the marked stones, the right line after the answer).
struct Moment {
    reason: Reason,
    stones: usize,
    answer: Coord,
    refutation: Option<Coord>,
    targets: Vec<Coord>,
    /// The right line: alternating child / opponent moves starting with the answer.
    line: Vec<Coord>,
    goal: Option<&'static str>,
}

/// The drafts of a game's main line for the child playing any of `colors`.
pub fn extract(tree: &GameTree, colors: &[Color]) -> Result<Vec<Draft>, String> {
    let info = game_info(tree);
    let mut game = Game::new(info.size, info.rules()).map_err(|e| format!("the board: {e}"))?;
    let mut drafts = Vec::new();
    let mut move_number = 0u32;
    let mut reader = reader();
    for (k, id) in tree.main_line().into_iter().enumerate() {
        let Some(node) = tree.node(id) else { continue };
        if k > 0
            && let Some((color, mv)) = node_move(node, info.size)
        {
            move_number += 1;
            if colors.contains(&color)
                && let Move::Play(m) = mv
                && game.is_legal(color, m)
                && let Some(moment) = study(&game, color, m, &mut reader)
            {
                drafts.push(draft(&game, color, m, move_number, &moment));
            }
        }
        apply_node(&mut game, node, info.handicap);
    }
    Ok(drafts)
}

/// Looks at the child's move `m` (legal) in `game` (before it).
fn study(game: &Game, color: Color, m: Coord, reader: &mut Reader) -> Option<Moment> {
    let board = game.board();
    let opponent = color.opponent();
    let mut after = game.clone();
    let captured = after.play(color, Move::Play(m)).ok()?.captured.len();
    let mut found: Vec<Moment> = Vec::new();

    // Missed capture.
    if captured == 0 {
        // (size, a stone of the chain, its liberty, the opponent's saving move)
        let mut best: Option<(usize, Coord, Coord, Coord)> = None;
        for (stone, size, lib) in chains_in_atari(board, opponent) {
            if !game.is_legal(color, lib) || after.board().get(stone) != Some(opponent) {
                continue;
            }
            let mut opp_turn = after.clone();
            opp_turn.set_to_move(opponent);
            if let Some(Move::Play(d)) = reader.defend(&opp_turn, stone)
                && best.is_none_or(|b| size > b.0)
            {
                best = Some((size, stone, lib, d));
            }
        }
        if let Some((size, stone, lib, d)) = best {
            found.push(Moment {
                reason: Reason::MissedCapture,
                stones: size,
                answer: lib,
                refutation: Some(d),
                targets: board.chain(stone),
                line: vec![lib],
                goal: Some("capture"),
            });
        }
    }

    // Left in atari.
    for (stone, size, lib) in chains_in_atari(board, color) {
        if captured >= size {
            continue;
        }
        // Still in atari after the move, and the opponent can take it.
        if after.board().get(stone) != Some(color)
            || after.board().liberties(stone) != 1
            || !after.is_legal(opponent, lib)
        {
            continue;
        }
        let mut own_turn = game.clone();
        own_turn.set_to_move(color);
        let Some(Move::Play(d)) = reader.defend(&own_turn, stone) else {
            continue;
        };
        if d == m {
            continue;
        }
        let line = escape_line(game, color, stone, d, reader);
        let capture_point = liberty_of(after.board(), &after.board().chain(stone));
        if found.iter().all(|f| f.stones < size) {
            found.push(Moment {
                reason: Reason::LeftInAtari,
                stones: size,
                answer: d,
                refutation: capture_point,
                targets: board.chain(stone),
                line,
                goal: Some("escape"),
            });
        }
    }

    // Self-atari.
    let chain_after = after.board().chain(m);
    if captured == 0
        && after.board().get(m) == Some(color)
        && after.board().liberties(m) == 1
        && let Some(lib) = liberty_of(after.board(), &chain_after)
        && after.is_legal(opponent, lib)
    {
        let joined: Vec<Coord> = crate::problems::goal::neighbours(m, board.size())
            .filter(|&q| board.get(q) == Some(color))
            .collect();
        let was_safe = joined.iter().all(|&q| board.liberties(q) >= 2);
        let mut taken = after.clone();
        let snapback = match taken.play(opponent, Move::Play(lib)) {
            Ok(_) => {
                let libs = taken.board().liberties(lib);
                libs == 1
                    && liberty_of(taken.board(), &taken.board().chain(lib))
                        .is_some_and(|r| taken.is_legal(color, r))
                    && taken.board().chain(lib).len() > 1
            }
            Err(_) => true,
        };
        if was_safe && !snapback {
            let stones = chain_after.len();
            // The answer: the chain it extended saved by the reader, else the safest nearby
            // point (most liberties, not self-atari) — the latter without a goal.
            let largest = joined.iter().copied().max_by_key(|&q| board.chain(q).len());
            let mut own_turn = game.clone();
            own_turn.set_to_move(color);
            let rescue = largest.and_then(|q| {
                let mut opp_turn = game.clone();
                opp_turn.set_to_move(opponent);
                // Was the extended chain in danger (the opponent could capture it)?
                reader.attack(&opp_turn, q)?;
                match reader.defend(&own_turn, q) {
                    Some(Move::Play(d)) if d != m => Some((q, d)),
                    _ => None,
                }
            });
            let moment = match rescue {
                Some((q, d)) => Moment {
                    reason: Reason::SelfAtari,
                    stones,
                    answer: d,
                    refutation: Some(lib),
                    targets: board.chain(q),
                    line: escape_line(game, color, q, d, reader),
                    goal: Some("escape"),
                },
                None => {
                    let answer = safest_near(game, color, m)?;
                    Moment {
                        reason: Reason::SelfAtari,
                        stones,
                        answer,
                        refutation: Some(lib),
                        targets: Vec::new(),
                        line: vec![answer],
                        goal: None,
                    }
                }
            };
            if found.iter().all(|f| f.stones < stones) {
                found.push(moment);
            }
        }
    }
    found.sort_by_key(|f| (std::cmp::Reverse(f.stones), f.reason.rank()));
    found.into_iter().next()
}

/// The child's escape from the answer `d`: while the chain has fewer than three liberties,
/// the opponent reduces it at the liberty that leaves it fewest and the child answers with
/// the reader's saving move (at most six moves each).
fn escape_line(
    game: &Game,
    color: Color,
    stone: Coord,
    d: Coord,
    reader: &mut Reader,
) -> Vec<Coord> {
    let opponent = color.opponent();
    let mut g = game.clone();
    let mut line = vec![d];
    if g.play(color, Move::Play(d)).is_err() {
        return line;
    }
    for _ in 0..6 {
        if g.board().get(stone) != Some(color) || g.board().liberties(stone) >= 3 {
            break;
        }
        // The opponent's most forcing reduction.
        let libs: Vec<Coord> = crate::ai::tactics::liberty_points(&g, stone);
        let mut best: Option<(usize, Coord)> = None;
        for l in libs {
            let mut t = g.clone();
            if t.play(opponent, Move::Play(l)).is_err() || t.board().get(l) != Some(opponent) {
                continue;
            }
            if t.board().liberties(l) <= 1 {
                continue;
            }
            let left = t.board().liberties(stone);
            if best.is_none_or(|(b, _)| left < b) {
                best = Some((left, l));
            }
        }
        let Some((_, r)) = best else { break };
        if g.play(opponent, Move::Play(r)).is_err() {
            break;
        }
        g.set_to_move(color);
        let Some(Move::Play(next)) = reader.defend(&g, stone) else {
            break;
        };
        if g.play(color, Move::Play(next)).is_err() {
            break;
        }
        line.push(r);
        line.push(next);
    }
    line
}

/// The empty point within two lines of `m` (not `m`) where a stone of `color` has the most
/// liberties, none in atari; ties by reading order.
fn safest_near(game: &Game, color: Color, m: Coord) -> Option<Coord> {
    let size = game.size();
    let mut best: Option<(usize, Coord)> = None;
    for dy in -2i16..=2 {
        for dx in -2i16..=2 {
            let (x, y) = (i16::from(m.x) + dx, i16::from(m.y) + dy);
            if (dx, dy) == (0, 0) || x < 0 || y < 0 || x >= i16::from(size) || y >= i16::from(size)
            {
                continue;
            }
            let c = Coord::new(x as u8, y as u8);
            let mut t = game.clone();
            if t.play(color, Move::Play(c)).is_err() {
                continue;
            }
            let libs = t.board().liberties(c);
            if libs >= 2 && best.is_none_or(|(b, _)| libs > b) {
                best = Some((libs, c));
            }
        }
    }
    best.map(|(_, c)| c)
}

fn letter(c: Color) -> char {
    match c {
        Color::Black => 'B',
        Color::White => 'W',
    }
}

fn points_prop(id: &str, points: &[Coord]) -> String {
    if points.is_empty() {
        return String::new();
    }
    let mut s = id.to_string();
    for p in points {
        s.push('[');
        s.push_str(&p.to_sgf());
        s.push(']');
    }
    s
}

/// Writes the draft problem's SGF and checks it.
fn draft(game: &Game, color: Color, m: Coord, move_number: u32, moment: &Moment) -> Draft {
    let board = game.board();
    let size = board.size();
    let black: Vec<Coord> = board
        .stones()
        .into_iter()
        .filter(|(_, c)| *c == Color::Black)
        .map(|(p, _)| p)
        .collect();
    let white: Vec<Coord> = board
        .stones()
        .into_iter()
        .filter(|(_, c)| *c == Color::White)
        .map(|(p, _)| p)
        .collect();
    let me = letter(color);
    let them = letter(color.opponent());
    let (good_me, good_them) = match color {
        Color::Black => ("GB", "GW"),
        Color::White => ("GW", "GB"),
    };
    let (prompt_zh, prompt_en) = match moment.reason {
        Reason::MissedCapture => (
            "作业：这里可以吃子，吃掉有三角记号的棋子。",
            "Homework: you can capture here. Capture the marked stones.",
        ),
        Reason::LeftInAtari => (
            "作业：有三角记号的棋子被打吃了，救出来。",
            "Homework: the marked stones are in atari. Save them.",
        ),
        Reason::SelfAtari if moment.goal.is_some() => (
            "作业：救出有三角记号的棋子，不要自己送吃。",
            "Homework: save the marked stones without playing into atari.",
        ),
        Reason::SelfAtari => (
            "作业：下在哪里不会被吃？",
            "Homework: where can you play without being captured?",
        ),
    };
    let mut sgf = format!(
        "(;GM[1]FF[4]CA[UTF-8]SZ[{size}]KM[0]GN[{}]PL[{me}]",
        encode_text(&format!("作业 · Homework (move {move_number})"), false)
    );
    if let Some(goal) = moment.goal {
        sgf.push_str(&format!("TYGOAL[{goal}]"));
    }
    sgf.push_str(&points_prop("AB", &black));
    sgf.push_str(&points_prop("AW", &white));
    sgf.push_str(&points_prop("TR", &moment.targets));
    sgf.push_str(&format!(
        "C[{}]",
        encode_text(&format!("{prompt_zh}\n{prompt_en}"), false)
    ));
    // The right line.
    sgf.push('(');
    for (k, p) in moment.line.iter().enumerate() {
        let who = if k % 2 == 0 { me } else { them };
        sgf.push_str(&format!(";{who}[{}]", p.to_sgf()));
    }
    sgf.push_str(&format!(
        "C[{}]{good_me}[1])",
        encode_text("RIGHT\n对了！\nRight!", false)
    ));
    // The child's move, refuted.
    if m != moment.answer {
        sgf.push_str(&format!("(;{me}[{}]", m.to_sgf()));
        if let Some(r) = moment.refutation {
            sgf.push_str(&format!(";{them}[{}]", r.to_sgf()));
        }
        sgf.push_str(&format!(
            "C[{}]{good_them}[1])",
            encode_text(
                "WRONG\n这是对局里下的一步，看对方怎么应。\nThis is the move from the game: see the answer.",
                false
            )
        ));
    }
    sgf.push(')');
    let proved = crate::record::read_str(&sgf)
        .ok()
        .and_then(|r| r.collection.trees.into_iter().next())
        .and_then(|t| Problem::from_tree(t).ok())
        .is_some_and(|p| is_proved(&p));
    Draft {
        move_number,
        color,
        played: Move::Play(m),
        answer: moment.answer,
        reason: moment.reason,
        stones: moment.stones,
        sgf,
        proved,
        id: String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tree(sgf: &str) -> GameTree {
        crate::record::read_str(sgf)
            .expect("sgf")
            .collection
            .trees
            .remove(0)
    }

    #[test]
    fn the_childs_colour_is_read_from_the_names() {
        let info = game_info(&tree("(;SZ[9]PB[Mei]PW[Tianyuan level 2])"));
        assert_eq!(child_color(&info, "mei"), Some(Color::Black));
        assert_eq!(
            child_color(&info, "Bo"),
            Some(Color::Black),
            "the other is a computer"
        );
        let info = game_info(&tree("(;SZ[9]PB[Ann]PW[Bo])"));
        assert_eq!(child_color(&info, "bo"), Some(Color::White));
        assert_eq!(child_color(&info, "Cy"), None);
        let info = game_info(&tree("(;SZ[9]PB[Ann]PW[Bo]RE[W+R])"));
        assert_eq!(result_for(&info, Color::White), Some(GameResult::Won));
        assert_eq!(result_for(&info, Color::Black), Some(GameResult::Lost));
    }

    #[test]
    fn a_missed_capture_becomes_a_proved_capture_problem() {
        // Black (the child) has White E5 in atari (liberty E4) after White's move, and plays
        // elsewhere; White then extends.
        let t = tree("(;SZ[9]PB[Mei]PW[Computer];B[de];W[ee];B[fe];W[dg];B[ed];W[fg];B[cc];W[ef])");
        let drafts = extract(&t, &[Color::Black]).expect("drafts");
        assert_eq!(drafts.len(), 1, "{drafts:?}");
        let d = &drafts[0];
        assert_eq!(d.reason, Reason::MissedCapture);
        assert_eq!(d.move_number, 7);
        assert_eq!(d.answer.to_gtp(9), "E4");
        assert_eq!(d.played, Move::Play(Coord::from_gtp("C7", 9).expect("pt")));
        assert!(d.proved, "{}", d.sgf);
    }

    #[test]
    fn a_discarded_draft_is_not_kept_again_and_looks_as_it_was_cut() {
        let at = chrono::DateTime::parse_from_rfc3339("2025-03-01T09:00:00Z").expect("time");
        let mut class = crate::class::Class::new("Tuesday", "Ms Wang", at);
        class.add_child("Mei", None, at).expect("add");
        let t = tree("(;SZ[9]PB[Mei]PW[Computer];B[de];W[ee];B[fe];W[dg];B[ed];W[fg];B[cc];W[ef])");
        let drafts = extract(&t, &[Color::Black]).expect("drafts");
        let id = class.keep_draft("Mei", &drafts[0], at);
        assert_eq!(class.drafts_of("mei").len(), 1);
        let l = look(&class.problems[0].sgf).expect("a problem");
        assert_eq!(l.answer.map(|c| c.to_gtp(9)).as_deref(), Some("E4"));
        assert_eq!(l.played.map(|c| c.to_gtp(9)).as_deref(), Some("C7"));
        assert!(l.proved && l.player == Color::Black && l.size == 9);
        class.discard_draft(&id).expect("discard");
        assert!(class.drafts_of("Mei").is_empty());
        assert_eq!(
            class.keep_draft("Mei", &drafts[0], at),
            id,
            "not kept twice"
        );
        assert!(class.drafts_of("Mei").is_empty(), "still discarded");
        // The file keeps the mark.
        let back = crate::class::format::from_bytes(&crate::class::format::to_bytes(&class))
            .expect("reads");
        assert!(back.problems[0].discarded);
        // Assigning it all the same (the command line) approves it again.
        class.assign(&id, Some("Mei")).expect("assign");
        assert!(class.problems[0].approved && !class.problems[0].discarded);
        assert_eq!(
            class.discard_draft(&id),
            Err(crate::class::ClassError::AlreadyApproved(id.clone()))
        );
    }
}
