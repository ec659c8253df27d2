//! Writes the shipped curriculum of issue 20 (`assets/problems/*.sgf`, after the twelve
//! problems of issue 11): original teaching shapes of our own, each placed in several corners,
//! sides and colours on 9×9, 13×13 and 19×19 boards, and kept only when the rules prove it.
//!
//! ```text
//! cargo run --release --example make_curriculum -- assets/problems
//! ```
//!
//! For every placement the answer is read on the rules core and checked before it is written:
//! the right lines by [`check_problem`] (legal, goal met — the same check as `tianyuan problems
//! check` and the shipped-problems test), and every wrong try by a refutation that really
//! refutes: the target escapes (capture, ladder, net), is captured (escape), is not connected or
//! not cut at the end (connect, cut), lives (kill), dies (live) or counts less than the best
//! (endgame). Ladders, nets, kills and endgame lines are found by the reader itself
//! ([`Reader`], [`reading`]); the teacher's shapes give the position, the idea and the words.
//!
//! The output is deterministic: the same shapes give the same files.

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::PathBuf;
use std::sync::Arc;

use tianyuan::ai::tactics::{ReadLimits, Reader};
use tianyuan::engine::{EngineSpec, ProcessEngine};
use tianyuan::problems::judge::{
    GtpFlavour, GtpJudge, Judge, OwnReader, Question, candidate_points, judge_problem,
    marked_stones,
};
use tianyuan::problems::{Goal, Problem, check_problem, pass_alive, reading};
use tianyuan::rules::{Color, Coord, Game, Move, Rules};

/// Where a shape sits on the board.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Anchor {
    /// Its frame's top-left corner is the board's corner.
    Corner,
    /// Its frame's top row is the board's edge; it slides along it.
    Edge,
    /// Anywhere, at least a line from every edge.
    Free,
}

/// One teaching shape. Diagram rows, top row first: `.` empty, `X` the player's stone, `O` the
/// opponent's, `x`/`o` the same marked (the problem's targets), `+` an empty point of an
/// endgame's region. Moves are in the frame's SGF letters (`aa` = the frame's top-left).
struct Shape {
    key: &'static str,
    goal: Goal,
    anchor: Anchor,
    rows: &'static [&'static str],
    /// The right line, the player's move first; empty: read by the program (capture, ladder,
    /// net: the reader's attack; kill, live, endgame: every first move that works).
    right: &'static [&'static str],
    /// The wrong tries: the player's move, then the replies (none: read by the program).
    wrongs: &'static [&'static [&'static str]],
    /// After the right line (zh-Hans, en).
    right_text: [&'static str; 2],
    /// After a wrong try (zh-Hans, en).
    wrong_text: [&'static str; 2],
    /// Placements wanted on 9×9, 13×13 and 19×19.
    counts: [usize; 3],
}

const SHAPES: &[Shape] = &[
    // ---------------------------------------------------------------- capture
    Shape {
        key: "capture-open",
        goal: Goal::Capture,
        anchor: Anchor::Free,
        rows: &[".......", "...X...", "..XoX..", ".......", "...O..."],
        right: &["dd"],
        wrongs: &[&["cd"]],
        right_text: [
            "对了！这个子只剩一口气，堵住最后一口气就提掉了。",
            "Right! The stone had one liberty left; filling it captures.",
        ],
        wrong_text: [
            "对方长出来，气变多了，逃走了。",
            "The stone extends, gains liberties and gets away.",
        ],
        counts: [4, 2, 2],
    },
    Shape {
        key: "capture-edge",
        goal: Goal::Capture,
        anchor: Anchor::Edge,
        rows: &[".Xoo.O.", "..XX.O.", "......."],
        right: &["ea"],
        wrongs: &[&["dc"]],
        right_text: [
            "对了！边上的两个子只剩一口气，被提掉了。",
            "Right! The two stones on the edge had one liberty left and are captured.",
        ],
        wrong_text: [
            "对方沿着边长出来，和自己的子连上了。",
            "They extend along the edge and join their own stones.",
        ],
        counts: [4, 2, 2],
    },
    Shape {
        key: "capture-corner",
        goal: Goal::Capture,
        anchor: Anchor::Corner,
        rows: &["oX....", "oX....", "......", "OO....", "......"],
        right: &["ac"],
        wrongs: &[&["cc"]],
        right_text: [
            "对了！角上的子气最少，两个子被提掉了。",
            "Right! Stones in the corner have few liberties: both are captured.",
        ],
        wrong_text: [
            "对方往下长，逃出了角。",
            "They extend down and get out of the corner.",
        ],
        counts: [4, 2, 2],
    },
    Shape {
        key: "capture-drive",
        goal: Goal::Capture,
        anchor: Anchor::Edge,
        rows: &["...X...", ".XoX...", ".......", "......."],
        right: &["cc", "ca", "ba"],
        wrongs: &[&["ca"]],
        right_text: [
            "对了！从下面打吃，把它赶到边上，边上气少，再提掉。",
            "Right! Atari from below drives the stone to the edge, where it has too few liberties, and you capture.",
        ],
        wrong_text: [
            "从边上打吃，对方往中间跑，气越来越多。",
            "An atari from the edge side lets it run to the centre, gaining liberties.",
        ],
        counts: [4, 2, 2],
    },
    Shape {
        key: "capture-three",
        goal: Goal::Capture,
        anchor: Anchor::Free,
        rows: &[".......", "..XXX..", ".Xooo.O", "..XXX..", "......."],
        right: &["fc"],
        wrongs: &[&["fb"]],
        right_text: [
            "对了！三个子只剩一口气，一下提掉三个。",
            "Right! Three stones with one liberty: three captured at once.",
        ],
        wrong_text: [
            "对方长出来，和自己的子连上，气变多了。",
            "They extend, join their own stone and gain liberties.",
        ],
        counts: [4, 2, 2],
    },
    Shape {
        key: "capture-toward",
        goal: Goal::Capture,
        anchor: Anchor::Edge,
        rows: &[".O.o.X.", "O.XX...", "......."],
        right: &["ca", "ea", "eb"],
        wrongs: &[&["ea", "ca"]],
        right_text: [
            "对了！从这边打吃，对方只能往你的子那边长，还是一口气，提掉了。",
            "Right! Atari from this side: it can only run towards your stone, still in atari, and is captured.",
        ],
        wrong_text: [
            "从那边打吃，对方长出来，和自己的子连上了。",
            "Atari from that side: it extends and joins its friends.",
        ],
        counts: [3, 2, 2],
    },
    // ---------------------------------------------------------------- escape
    Shape {
        key: "escape-open",
        goal: Goal::Escape,
        anchor: Anchor::Free,
        rows: &[".......", "...O...", "..OxO..", ".......", "......."],
        right: &["dd"],
        wrongs: &[&["cd"]],
        right_text: [
            "对了！往外长，有了三口气，逃出来了。",
            "Right! Extending out gives three liberties: escaped.",
        ],
        wrong_text: [
            "被打吃的子没有逃，被提掉了。",
            "The stone in atari did not run and is captured.",
        ],
        counts: [5, 3, 3],
    },
    Shape {
        key: "escape-edge",
        goal: Goal::Escape,
        anchor: Anchor::Edge,
        rows: &[".OxO...", ".......", "......."],
        right: &["cb"],
        wrongs: &[&["cc"]],
        right_text: [
            "对了！离开一线往中间长，有三口气了。",
            "Right! Leaving the first line towards the centre gives three liberties.",
        ],
        wrong_text: [
            "差一步，对方先提掉了。",
            "One move too far: it is captured first.",
        ],
        counts: [5, 3, 3],
    },
    Shape {
        key: "escape-corner",
        goal: Goal::Escape,
        anchor: Anchor::Corner,
        rows: &[".O....", "OxO...", "......", "......"],
        right: &["bc"],
        wrongs: &[&["cc"]],
        right_text: [
            "对了！往外长出来，有三口气了。",
            "Right! Extending out of the corner gives three liberties.",
        ],
        wrong_text: [
            "没有长出来，被提掉了。",
            "It did not get out and is captured.",
        ],
        counts: [5, 3, 3],
    },
    Shape {
        key: "escape-friend",
        goal: Goal::Escape,
        anchor: Anchor::Free,
        rows: &[
            ".......", "..OO...", ".OxxO..", "...O...", "..X....", ".......",
        ],
        right: &["cd"],
        wrongs: &[&["bd"]],
        right_text: [
            "对了！长出去和自己的子连在一起，气多了。",
            "Right! Extending joins your other stone: many liberties.",
        ],
        wrong_text: [
            "两个子还在打吃中，被提掉了。",
            "The two stones were still in atari and are captured.",
        ],
        counts: [5, 3, 3],
    },
    // ---------------------------------------------------------------- ladder
    Shape {
        key: "ladder-open",
        goal: Goal::Ladder,
        anchor: Anchor::Free,
        rows: &["......", "..X.O.", ".Xo...", "...X..", "......"],
        right: &[],
        wrongs: &[],
        right_text: [
            "对了！一直打吃，对方像走楼梯一样跑到边上，被提掉了。这就是征子。",
            "Right! Atari after atari: the stone runs like down a staircase to the edge and is captured. That is a ladder.",
        ],
        wrong_text: [
            "从这边打吃，对方逃向宽的地方，气越来越多。",
            "Atari from this side lets it run into open space, gaining liberties.",
        ],
        counts: [5, 3, 3],
    },
    Shape {
        key: "ladder-two",
        goal: Goal::Ladder,
        anchor: Anchor::Free,
        rows: &[".......", "..XX...", ".Xoo...", "..X....", "......."],
        right: &[],
        wrongs: &[],
        right_text: [
            "对了！两个子也能征：一直打吃，让它只有一口气地跑，最后提掉。",
            "Right! Two stones can be laddered too: keep them in atari all the way until they are captured.",
        ],
        wrong_text: [
            "打吃的方向不对，对方跑到了宽的地方。",
            "Atari from the wrong side: they run into open space.",
        ],
        counts: [5, 3, 3],
    },
    Shape {
        key: "ladder-helper",
        goal: Goal::Ladder,
        anchor: Anchor::Free,
        rows: &[
            ".......", "..X.O..", ".Xo....", "...X...", ".......", "X......", ".......",
        ],
        right: &[],
        wrongs: &[],
        right_text: [
            "对了！征子跑向你的子，很快就提掉了。",
            "Right! The ladder runs into your stone and the chain is captured soon.",
        ],
        wrong_text: [
            "打吃的方向不对，对方逃走了。",
            "Atari from the wrong side: it escapes.",
        ],
        counts: [5, 3, 3],
    },
    // ---------------------------------------------------------------- net
    Shape {
        key: "net-classic",
        goal: Goal::Net,
        anchor: Anchor::Free,
        rows: &[
            "O.....O", ".......", "....X..", "...oX..", "..XX...", ".......", "O.....O",
        ],
        right: &[],
        wrongs: &[],
        right_text: [
            "对了！不急着打吃，在斜一步的地方罩住，它往哪边跑都跑不掉。这就是枷吃。",
            "Right! No atari yet: the net one step away leaves it no way out, whichever way it runs.",
        ],
        wrong_text: [
            "直接打吃，对方长出来，逃掉了。",
            "A direct atari lets it extend and escape.",
        ],
        counts: [4, 2, 2],
    },
    Shape {
        key: "net-edge",
        goal: Goal::Net,
        anchor: Anchor::Free,
        rows: &[
            "O.....O", "...X...", ".......", "..Xo..O", "...XX..", ".......", "O.....O",
        ],
        right: &[],
        wrongs: &[],
        right_text: [
            "对了！罩住它的出路，它跑不出去了。",
            "Right! Covering its way out: it cannot run.",
        ],
        wrong_text: [
            "打吃太早，对方长出来逃走了。",
            "Atari too early: it extends and gets away.",
        ],
        counts: [4, 2, 2],
    },
    // Nets found by `--discover-nets` and kept where GNU Go agrees that only the net captures:
    // the stone has two liberties, both ataris let it out (the frame's corner stones break
    // the ladders), the loose net one step away catches it.
    Shape {
        key: "net-shoulder",
        goal: Goal::Net,
        anchor: Anchor::Free,
        rows: &[
            "O.....O", "..X....", "...X...", "...oX..", ".......", "...X...", "O.....O",
        ],
        right: &[],
        wrongs: &[],
        right_text: [
            "对了！不打吃，轻轻罩住它的出路，它往哪边长都逃不出去。",
            "Right! No atari: a loose net over its way out, and whichever way it extends it cannot escape.",
        ],
        wrong_text: [
            "打吃太急了，对方长出来，征子不成立，逃走了。",
            "Atari too soon: it extends, the ladder does not work and it gets away.",
        ],
        counts: [4, 2, 2],
    },
    Shape {
        key: "net-below",
        goal: Goal::Net,
        anchor: Anchor::Free,
        rows: &[
            "O.....O", "..X....", ".......", "..Xo...", "...X.X.", ".......", "O.....O",
        ],
        right: &[],
        wrongs: &[],
        right_text: [
            "对了！在斜一步的地方罩住，对方跑不出去，这就是枷吃。",
            "Right! The net one step away diagonally: it cannot run out. That is a net.",
        ],
        wrong_text: [
            "直接打吃，对方长出来，有了三口气，逃走了。",
            "A direct atari: it extends to three liberties and escapes.",
        ],
        counts: [4, 2, 2],
    },
    Shape {
        key: "net-wall",
        goal: Goal::Net,
        anchor: Anchor::Free,
        rows: &[
            "O.....O", "..X....", "...X...", "...oX..", "....X..", ".......", "O.....O",
        ],
        right: &[],
        wrongs: &[],
        right_text: [
            "对了！罩住它，它往外长也逃不掉，被提掉了。",
            "Right! The net covers it: extending does not get it out, and it is captured.",
        ],
        wrong_text: [
            "打吃的话，对方长出来，气变多，逃走了。",
            "An atari lets it extend, gain liberties and escape.",
        ],
        counts: [4, 2, 2],
    },
    Shape {
        key: "net-corner-wall",
        goal: Goal::Net,
        anchor: Anchor::Free,
        rows: &[
            "O.....O", ".......", "....X..", "O..oX..", "..XX...", ".......", "O.....O",
        ],
        right: &[],
        wrongs: &[],
        right_text: [
            "对了！罩住它的出路，它往哪边跑都跑不掉，被提掉了。",
            "Right! The net covers its way out: wherever it runs it is captured.",
        ],
        wrong_text: [
            "打吃的话，对方长出来，和自己的子连上，逃走了。",
            "An atari lets it extend towards its friend and escape.",
        ],
        counts: [4, 2, 2],
    },
    // ---------------------------------------------------------------- connect
    Shape {
        key: "connect-diagonal",
        goal: Goal::Connect,
        anchor: Anchor::Free,
        rows: &[
            ".......", ".......", "..xO...", "...x...", ".......", ".......",
        ],
        right: &["cd"],
        wrongs: &[&["ed", "cd"]],
        right_text: [
            "对了！粘上，两个子连成一块，不怕被切断。",
            "Right! Connecting makes one chain that cannot be cut.",
        ],
        wrong_text: [
            "对方切断了，你的两个子被分开了。",
            "They cut: your two stones are apart.",
        ],
        counts: [5, 3, 3],
    },
    Shape {
        key: "connect-peep",
        goal: Goal::Connect,
        anchor: Anchor::Free,
        rows: &[".......", ".......", "..x.x..", "...O...", "......."],
        right: &["dc"],
        wrongs: &[&["db", "dc"]],
        right_text: [
            "对了！对方“刺”过来，马上粘上。",
            "Right! When they peep, connect at once.",
        ],
        wrong_text: [
            "对方冲进来，把你的子分开了。",
            "They push in and separate your stones.",
        ],
        counts: [5, 3, 3],
    },
    Shape {
        key: "connect-between",
        goal: Goal::Connect,
        anchor: Anchor::Free,
        rows: &[
            ".......", ".......", "..x....", ".O.O...", "..x....", ".......",
        ],
        right: &["cd"],
        wrongs: &[&["ed", "cd"]],
        right_text: [
            "对了！对方两边夹过来，从中间连上。",
            "Right! With their stones on both sides, connect in the middle.",
        ],
        wrong_text: ["对方从中间切断了。", "They cut through the middle."],
        counts: [5, 3, 3],
    },
    // ---------------------------------------------------------------- cut
    Shape {
        key: "cut-diagonal",
        goal: Goal::Cut,
        anchor: Anchor::Free,
        rows: &[
            ".......", ".......", "..oX...", "...o...", ".......", ".......",
        ],
        right: &["cd"],
        wrongs: &[&["ed", "cd"]],
        right_text: [
            "对了！切断了，对方的两个子被分开了。",
            "Right! The cut separates their two stones.",
        ],
        wrong_text: ["对方粘上了，连成一块。", "They connect and are one chain."],
        counts: [5, 3, 3],
    },
    Shape {
        key: "cut-gap",
        goal: Goal::Cut,
        anchor: Anchor::Edge,
        rows: &[".......", ".o.o...", "..X....", "......."],
        right: &["cb"],
        wrongs: &[&["ca", "cb"]],
        right_text: [
            "对了！从中间切进去，对方的两个子连不上了。",
            "Right! Cutting in between: their stones cannot join.",
        ],
        wrong_text: ["对方粘上，连在一起了。", "They connect."],
        counts: [4, 2, 2],
    },
    Shape {
        key: "cut-edge",
        goal: Goal::Cut,
        anchor: Anchor::Edge,
        rows: &["..o....", "...o...", "..X....", "......."],
        right: &["cb"],
        wrongs: &[&["bb", "cb"]],
        right_text: [
            "对了！从下面切断，一线的子和二线的子分开了。",
            "Right! Cutting from below separates the first-line stone from the second-line one.",
        ],
        wrong_text: ["对方粘上了，连成一块。", "They connect into one chain."],
        counts: [4, 2, 2],
    },
    Shape {
        key: "cut-peep",
        goal: Goal::Cut,
        anchor: Anchor::Free,
        rows: &[".......", ".......", "..o.o..", "...X...", "......."],
        right: &["dc"],
        wrongs: &[&["db", "dc"]],
        right_text: [
            "对了！从中间冲进去，对方的两个子被切断了。",
            "Right! Pushing in between cuts their two stones apart.",
        ],
        wrong_text: [
            "对方在中间粘上，连在一起了。",
            "They connect in the middle.",
        ],
        counts: [5, 3, 3],
    },
    // ---------------------------------------------------------------- live
    Shape {
        key: "live-straight",
        goal: Goal::Live,
        anchor: Anchor::Corner,
        rows: &["...xO..", "xxxxO..", "OOOOO..", "......."],
        right: &[],
        wrongs: &[&["aa"]],
        right_text: [
            "对了！占中间，做成两只眼，活了。",
            "Right! The middle point makes two eyes: alive.",
        ],
        wrong_text: [
            "对方点在中间，只剩一只眼，死了。",
            "They take the middle: only one eye, dead.",
        ],
        counts: [4, 2, 2],
    },
    Shape {
        key: "live-bent",
        goal: Goal::Live,
        anchor: Anchor::Corner,
        rows: &["..xO...", ".xxO...", "xxOO...", "OO.....", "......."],
        right: &[],
        wrongs: &[&["ba"]],
        right_text: [
            "对了！弯三的要点在角上，占住就有两只眼。",
            "Right! The vital point of the bent three is in the corner: two eyes.",
        ],
        wrong_text: [
            "对方占了要点，做不出两只眼。",
            "They take the vital point: no two eyes.",
        ],
        counts: [4, 2, 2],
    },
    Shape {
        key: "live-side",
        goal: Goal::Live,
        anchor: Anchor::Edge,
        rows: &["Ox...xO", "OxxxxxO", "OOOOOOO", "......."],
        right: &[],
        wrongs: &[&["ca"]],
        right_text: [
            "对了！直三的中间是要点，两只眼，活了。",
            "Right! The middle of the straight three: two eyes, alive.",
        ],
        wrong_text: [
            "对方点在中间，只有一只眼了。",
            "They take the middle: one eye only.",
        ],
        counts: [4, 2, 2],
    },
    // ---------------------------------------------------------------- kill
    Shape {
        key: "kill-straight",
        goal: Goal::Kill,
        anchor: Anchor::Corner,
        rows: &["...oX..", "ooOOX..", "XXXXX..", "......."],
        right: &[],
        wrongs: &[&["aa"]],
        right_text: [
            "对了！点在直三的中间，对方只能做出一只眼，死了。",
            "Right! The middle of the straight three: they can make only one eye. Dead.",
        ],
        wrong_text: [
            "对方占了中间，做出两只眼，活了。",
            "They take the middle and make two eyes: alive.",
        ],
        counts: [4, 2, 2],
    },
    Shape {
        key: "kill-bent",
        goal: Goal::Kill,
        anchor: Anchor::Corner,
        rows: &["..oX...", ".oOX...", "OOXX...", "XXX....", "......."],
        right: &[],
        wrongs: &[&["ba"]],
        right_text: [
            "对了！弯三的要点在角上，占住它，对方就没有两只眼。",
            "Right! The vital point of the bent three is the corner: no two eyes for them.",
        ],
        wrong_text: [
            "对方占了要点，活了。",
            "They take the vital point and live.",
        ],
        counts: [4, 2, 2],
    },
    Shape {
        key: "kill-side",
        goal: Goal::Kill,
        anchor: Anchor::Edge,
        rows: &["Xo...OX", "XooOOOX", "XXXXXXX", "......."],
        right: &[],
        wrongs: &[&["ca"]],
        right_text: [
            "对了！点在中间，对方只有一只眼。",
            "Right! The middle point: they have only one eye.",
        ],
        wrong_text: [
            "对方占了中间，有两只眼了。",
            "They take the middle and have two eyes.",
        ],
        counts: [4, 2, 2],
    },
    // ---------------------------------------------------------------- endgame
    Shape {
        key: "endgame-middle",
        goal: Goal::Endgame,
        anchor: Anchor::Corner,
        rows: &["XXXXXOOOO", "XXX++++OO", "XXXX++OOO", "XXXXXOOOO"],
        right: &[],
        wrongs: &[],
        right_text: [
            "对了！先扳过去，边界推到对方那边，自己的地多了。",
            "Right! The hane first pushes the border towards them: more for you.",
        ],
        wrong_text: [
            "这一步太软了，对方扳过来，你的地少了。",
            "Too passive: they play the hane and your area is smaller.",
        ],
        counts: [4, 2, 2],
    },
    Shape {
        key: "endgame-push",
        goal: Goal::Endgame,
        anchor: Anchor::Corner,
        rows: &["XXXXXX+OO", "XXX++X+OO", "XXXX++OOO", "XXXXXOOOO"],
        right: &[],
        wrongs: &[],
        right_text: [
            "对了！这一步最大：自己的地围住了，对方也进不来。",
            "Right! The biggest point: your area is closed and they cannot come in.",
        ],
        wrong_text: [
            "这一步小了，对方先下在要点上。",
            "Too small: they take the key point first.",
        ],
        counts: [4, 2, 2],
    },
    Shape {
        key: "endgame-block",
        goal: Goal::Endgame,
        anchor: Anchor::Edge,
        rows: &["XX+++OO", "XXXX+OO", "XXXXOOO", "......."],
        right: &[],
        wrongs: &[],
        right_text: [
            "对了！挡住对方，自己的地不被冲进来。",
            "Right! Blocking keeps them out of your area.",
        ],
        wrong_text: [
            "对方冲进来，你的地少了。",
            "They push in and your area shrinks.",
        ],
        counts: [4, 2, 2],
    },
];

/// The teaching shapes placed: position, lines and the words.
struct Instance {
    size: u8,
    player: Color,
    black: Vec<Coord>,
    white: Vec<Coord>,
    targets: Vec<Coord>,
    rights: Vec<Vec<Coord>>,
    /// How many of `rights` are the shape's own answer (the rest: other first moves that the
    /// readers found to work too, with the words for a second answer).
    designed: usize,
    wrongs: Vec<Vec<Coord>>,
}

#[derive(Clone, Copy)]
struct Placement {
    size: u8,
    sym: u8,
    dx: u8,
    dy: u8,
    player: Color,
}

fn frame(shape: &Shape) -> (u8, u8) {
    let w = shape
        .rows
        .iter()
        .map(|r| r.chars().count())
        .max()
        .unwrap_or(0);
    (w as u8, shape.rows.len() as u8)
}

fn place(p: Placement, (x, y): (u8, u8)) -> Coord {
    let n = p.size - 1;
    let (mut x, mut y) = (x + p.dx, y + p.dy);
    if p.sym & 4 != 0 {
        std::mem::swap(&mut x, &mut y);
    }
    if p.sym & 1 != 0 {
        x = n - x;
    }
    if p.sym & 2 != 0 {
        y = n - y;
    }
    Coord::new(x, y)
}

fn local(s: &str) -> (u8, u8) {
    let b = s.as_bytes();
    (b[0] - b'a', b[1] - b'a')
}

/// SplitMix64, for a fixed order of placements.
struct Mix(u64);
impl Mix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

fn placements(shape: &Shape, size: u8, seed: u64) -> Vec<Placement> {
    let (w, h) = frame(shape);
    let mut out = Vec::new();
    for sym in 0..8u8 {
        for player in [Color::Black, Color::White] {
            let (xs, ys): (Vec<u8>, Vec<u8>) = match shape.anchor {
                Anchor::Corner => (vec![0], vec![0]),
                Anchor::Edge => ((1..=size.saturating_sub(w + 1)).collect(), vec![0]),
                Anchor::Free => (
                    (1..=size.saturating_sub(w + 1)).collect(),
                    (1..=size.saturating_sub(h + 1)).collect(),
                ),
            };
            for &dx in &xs {
                for &dy in &ys {
                    if w + dx > size || h + dy > size {
                        continue;
                    }
                    out.push(Placement {
                        size,
                        sym,
                        dx,
                        dy,
                        player,
                    });
                }
            }
        }
    }
    let mut mix = Mix(seed);
    let mut keyed: Vec<(u64, Placement)> = out.into_iter().map(|p| (mix.next(), p)).collect();
    keyed.sort_by_key(|k| k.0);
    keyed.into_iter().map(|k| k.1).collect()
}

fn reader() -> Reader {
    Reader::new(ReadLimits {
        nodes_per_read: 20_000,
        nets: true,
        max_attack_liberties: 3,
    })
}

fn game_of(inst: &Instance) -> Option<Game> {
    let mut g = Game::new(inst.size, Rules::default()).ok()?;
    g.setup(&inst.black, &inst.white, &[]).ok()?;
    g.set_to_move(inst.player);
    Some(g)
}

fn play_line(game: &Game, first: Color, line: &[Coord]) -> Option<Game> {
    let mut g = game.clone();
    let mut who = first;
    for &c in line {
        g.play(who, Move::Play(c)).ok()?;
        who = who.opponent();
    }
    Some(g)
}

/// The liberty of the chain at `target` where its owner gets the most liberties.
fn extension(game: &Game, target: Coord) -> Option<Coord> {
    let owner = game.board().get(target)?;
    let mut best: Option<(usize, Coord)> = None;
    for l in tianyuan::ai::tactics::liberty_points(game, target) {
        let mut g = game.clone();
        if g.play(owner, Move::Play(l)).is_ok() && g.board().get(target) == Some(owner) {
            let libs = g.board().liberties(target);
            if best.is_none_or(|(b, _)| libs > b) {
                best = Some((libs, l));
            }
        }
    }
    best.map(|b| b.1)
}

/// The attacker's line from `game` (attacker to move) until the chain at `target` is gone.
fn chase(game: &Game, attacker: Color, target: Coord, nets: bool) -> Option<Vec<Coord>> {
    let defender = attacker.opponent();
    let mut r = Reader::new(ReadLimits {
        nodes_per_read: 20_000,
        nets,
        max_attack_liberties: 3,
    });
    let mut g = game.clone();
    let mut line = Vec::new();
    for _ in 0..60 {
        if g.board().get(target) != Some(defender) {
            return Some(line);
        }
        g.set_to_move(attacker);
        let a = r.attack(&g, target)?;
        g.play(attacker, Move::Play(a)).ok()?;
        line.push(a);
        if g.board().get(target) != Some(defender) {
            return Some(line);
        }
        g.set_to_move(defender);
        let d = match r.defend(&g, target) {
            Some(Move::Play(c)) => c,
            _ => extension(&g, target)?,
        };
        g.play(defender, Move::Play(d)).ok()?;
        line.push(d);
    }
    None
}

fn targets_of(inst: &Instance, color: Color, game: &Game) -> Vec<Coord> {
    inst.targets
        .iter()
        .copied()
        .filter(|&c| game.board().get(c) == Some(color))
        .collect()
}

/// Builds the instance's lines and checks every wrong try; `Err` says why it is not kept.
fn complete(shape: &Shape, inst: &mut Instance, p: Placement) -> Result<(), String> {
    let game = game_of(inst).ok_or("setup refused")?;
    let me = inst.player;
    let them = me.opponent();
    let map = |s: &str| place(p, local(s));
    let theirs = targets_of(inst, them, &game);
    let mine = targets_of(inst, me, &game);
    // The right lines.
    if !shape.right.is_empty() {
        inst.rights = vec![shape.right.iter().map(|s| map(s)).collect()];
    } else {
        match shape.goal {
            Goal::Capture | Goal::Ladder | Goal::Net => {
                let t = *theirs.first().ok_or("no target")?;
                let line = chase(&game, me, t, shape.goal != Goal::Ladder)
                    .ok_or("the reader finds no capture")?;
                if shape.goal == Goal::Net {
                    let first = line[0];
                    if tianyuan::ai::tactics::liberty_points(&game, t).contains(&first) {
                        return Err("the capture starts with an atari, not a net".into());
                    }
                }
                inst.rights = vec![line];
            }
            Goal::Kill => {
                let kills =
                    reading::killing_moves(game.board(), me, &theirs).ok_or("kill not read")?;
                if kills.is_empty() {
                    return Err("no killing move".into());
                }
                inst.rights = kills.into_iter().map(|c| vec![c]).collect();
            }
            Goal::Live => {
                let mut lines = Vec::new();
                for c in game.board().points() {
                    let mut g = game.clone();
                    if game.board().get(c).is_some() || g.play(me, Move::Play(c)).is_err() {
                        continue;
                    }
                    let alive = pass_alive(g.board(), me);
                    if mine.iter().all(|m| alive.contains(m)) {
                        lines.push(vec![c]);
                    }
                }
                if lines.is_empty() {
                    return Err("no living move".into());
                }
                inst.rights = lines;
            }
            Goal::Endgame => {
                let (best, moves) = reading::best_region_moves(game.board(), me, &inst.targets)
                    .ok_or("endgame not read")?;
                if std::env::var_os("CURRICULUM_DEBUG").is_some() {
                    eprintln!("{}: best {best}, moves {moves:?}", shape.key);
                }
                let mut lines = Vec::new();
                for mv in moves {
                    let Move::Play(c) = mv else { continue };
                    let mut g = game.clone();
                    g.play(me, Move::Play(c)).map_err(|e| e.to_string())?;
                    let mut line = vec![c];
                    line.extend(endgame_rest(&g, them, &inst.targets)?);
                    let end = play_line(&game, me, &line).ok_or("endgame line illegal")?;
                    if reading::region_count(end.board(), me, &inst.targets) < best {
                        return Err("endgame line below the best".into());
                    }
                    lines.push(line);
                }
                if lines.is_empty() {
                    return Err("passing is best".into());
                }
                inst.rights = lines;
            }
            _ => return Err("this goal needs a written line".into()),
        }
    }
    inst.designed = inst.rights.len();
    // The wrong tries.
    let mut wrongs = Vec::new();
    let tries: Vec<Vec<Coord>> = if shape.wrongs.is_empty() {
        auto_wrongs(shape, inst, &game)?
    } else {
        shape
            .wrongs
            .iter()
            .map(|w| w.iter().map(|s| map(s)).collect())
            .collect()
    };
    for w in tries {
        let mut line = w.clone();
        let mut g = play_line(&game, me, &line).ok_or("wrong try illegal")?;
        if line.len() == 1 {
            let reply = refutation(shape.goal, &g, me, &theirs, &mine, &inst.targets)
                .ok_or("no refutation found")?;
            g.play(them, Move::Play(reply)).map_err(|e| e.to_string())?;
            line.push(reply);
            if shape.goal == Goal::Endgame {
                let mut rest = endgame_rest(&g, me, &inst.targets)?;
                // A wrong line ends with the opponent's move (its refutation).
                if rest.len() % 2 == 1 {
                    rest.pop();
                }
                g = play_line(&g, me, &rest).ok_or("endgame rest illegal")?;
                line.extend(rest);
            }
        }
        refuted(shape.goal, &game, &g, me, &theirs, &mine, &inst.targets)?;
        if inst.rights.iter().any(|r| r.first() == line.first()) {
            return Err("a wrong try is also right".into());
        }
        wrongs.push(line);
    }
    inst.wrongs = wrongs;
    Ok(())
}

/// Endgame: both sides' best moves in turn from `game` (`mover` to play) until one would
/// pass.
fn endgame_rest(game: &Game, mover: Color, region: &[Coord]) -> Result<Vec<Coord>, String> {
    let mut g = game.clone();
    let mut who = mover;
    let mut line = Vec::new();
    for _ in 0..20 {
        let (_, moves) =
            reading::best_region_moves(g.board(), who, region).ok_or("endgame rest not read")?;
        let Some(Move::Play(c)) = moves.into_iter().find(|m| *m != Move::Pass) else {
            break;
        };
        // A move that gains nothing over passing is left out (the line ends settled).
        let (best, with_pass) =
            reading::best_region_moves(g.board(), who, region).ok_or("not read")?;
        if with_pass.contains(&Move::Pass) {
            let _ = best;
            break;
        }
        g.play(who, Move::Play(c)).map_err(|e| e.to_string())?;
        line.push(c);
        who = who.opponent();
    }
    Ok(line)
}

/// Wrong tries the program picks: the other liberties (an atari from the wrong side) for
/// ladders and nets, the best-looking non-best points for the endgame.
fn auto_wrongs(shape: &Shape, inst: &Instance, game: &Game) -> Result<Vec<Vec<Coord>>, String> {
    let me = inst.player;
    let right_first: BTreeSet<Coord> = inst
        .rights
        .iter()
        .filter_map(|r| r.first().copied())
        .collect();
    match shape.goal {
        Goal::Ladder | Goal::Net | Goal::Capture => {
            let t = *targets_of(inst, me.opponent(), game)
                .first()
                .ok_or("no target")?;
            let mut out = Vec::new();
            for l in tianyuan::ai::tactics::liberty_points(game, t) {
                if !right_first.contains(&l) && game.is_legal(me, l) {
                    out.push(vec![l]);
                }
            }
            if out.is_empty() {
                return Err("no wrong atari".into());
            }
            out.truncate(1);
            Ok(out)
        }
        Goal::Endgame => {
            let empties: Vec<Coord> = inst
                .targets
                .iter()
                .copied()
                .filter(|&c| game.board().get(c).is_none() && !right_first.contains(&c))
                .collect();
            let mut out = Vec::new();
            for c in empties {
                if game.is_legal(me, c) {
                    out.push(vec![c]);
                    break;
                }
            }
            if out.is_empty() {
                return Err("no wrong endgame move".into());
            }
            Ok(out)
        }
        _ => Err("this goal needs written wrong tries".into()),
    }
}

/// The opponent's answer to a wrong try (opponent to move in `g`).
fn refutation(
    goal: Goal,
    g: &Game,
    me: Color,
    theirs: &[Coord],
    mine: &[Coord],
    region: &[Coord],
) -> Option<Coord> {
    let them = me.opponent();
    let mut r = reader();
    let mut g = g.clone();
    g.set_to_move(them);
    match goal {
        Goal::Capture | Goal::Ladder | Goal::Net => {
            let t = *theirs.first()?;
            match r.defend(&g, t)? {
                Move::Play(c) => Some(c),
                Move::Pass => extension(&g, t),
            }
        }
        Goal::Escape => {
            let t = *mine.first()?;
            let libs = tianyuan::ai::tactics::liberty_points(&g, t);
            if libs.len() == 1 && g.is_legal(them, libs[0]) {
                return Some(libs[0]);
            }
            r.attack(&g, t)
        }
        Goal::Kill => {
            // The defender's move after which no kill exists, nearest the stones first.
            nearest_first(&g, theirs).into_iter().find(|&c| {
                let mut h = g.clone();
                h.play(them, Move::Play(c)).is_ok()
                    && reading::killing_moves(h.board(), me, theirs).is_some_and(|k| k.is_empty())
            })
        }
        Goal::Live => nearest_first(&g, mine).into_iter().find(|&c| {
            let mut h = g.clone();
            h.play(them, Move::Play(c)).is_ok()
                && reading::dead_with_defender_to_move(h.board(), me, mine) == Some(true)
        }),
        Goal::Endgame => {
            let (_, moves) = reading::best_region_moves(g.board(), them, region)?;
            moves.into_iter().find_map(|m| match m {
                Move::Play(c) => Some(c),
                Move::Pass => None,
            })
        }
        Goal::Connect => {
            // The opponent cuts: our connection reader's separating move.
            let chains = chains_of(&g, mine);
            let (&a, &b) = (chains.first()?, chains.get(1).or(chains.first())?);
            match tianyuan::problems::judge::connection::can_disconnect(&g, a, b)? {
                Move::Play(c) => Some(c),
                Move::Pass => None,
            }
        }
        Goal::Cut => {
            // The opponent joins up: our connection reader's connecting move.
            let chains = chains_of(&g, theirs);
            let (&a, &b) = (chains.first()?, chains.get(1)?);
            match tianyuan::problems::judge::connection::can_connect(&g, a, b)? {
                Move::Play(c) => Some(c),
                Move::Pass => None,
            }
        }
    }
}

/// One point of each chain the marked points form in `g`.
fn chains_of(g: &Game, points: &[Coord]) -> Vec<Coord> {
    let mut out: Vec<Coord> = Vec::new();
    for &p in points {
        if g.board().get(p).is_some() && !out.iter().any(|&o| g.board().chain(o).contains(&p)) {
            out.push(p);
        }
    }
    out
}

/// The empty points of the board, nearest the marked stones first (so a refutation is the
/// local answer, not a move far away that happens to work too).
fn nearest_first(g: &Game, marked: &[Coord]) -> Vec<Coord> {
    let distance = |c: Coord| {
        marked
            .iter()
            .map(|m| {
                (i16::from(m.x) - i16::from(c.x))
                    .abs()
                    .max((i16::from(m.y) - i16::from(c.y)).abs())
            })
            .min()
            .unwrap_or(i16::MAX)
    };
    // Inside the marked group's own space first: fewest stones of the other side around.
    let other = marked
        .first()
        .and_then(|&m| g.board().get(m))
        .map(Color::opponent);
    let size = g.size();
    let outside = |c: Coord| {
        let (x, y) = (i16::from(c.x), i16::from(c.y));
        [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]
            .into_iter()
            .filter(|&(a, b)| a >= 0 && b >= 0 && a < i16::from(size) && b < i16::from(size))
            .filter(|&(a, b)| {
                other.is_some() && g.board().get(Coord::new(a as u8, b as u8)) == other
            })
            .count()
    };
    let mut area: Vec<Coord> = g
        .board()
        .points()
        .filter(|&c| g.board().get(c).is_none())
        .collect();
    area.sort_by_key(|&c| (distance(c), outside(c), c.y, c.x));
    area
}

/// Whether the wrong line really fails.
fn refuted(
    goal: Goal,
    start: &Game,
    end: &Game,
    me: Color,
    theirs: &[Coord],
    mine: &[Coord],
    region: &[Coord],
) -> Result<(), String> {
    let them = me.opponent();
    let marked: Vec<Coord> = theirs
        .iter()
        .chain(mine)
        .copied()
        .chain(region.iter().copied())
        .collect();
    if goal != Goal::Kill
        && goal != Goal::Endgame
        && goal.achieved(me, start.board(), end.board(), &marked)
    {
        return Err("the wrong line meets the goal".into());
    }
    let mut r = reader();
    match goal {
        Goal::Capture | Goal::Ladder | Goal::Net => {
            let t = *theirs.first().ok_or("no target")?;
            if end.board().get(t) != Some(them) {
                return Err("the target is gone after the wrong try".into());
            }
            let mut g = end.clone();
            g.set_to_move(me);
            if r.attack(&g, t).is_some() {
                return Err("after the refutation the target can still be captured".into());
            }
        }
        Goal::Escape => {
            let t = *mine.first().ok_or("no target")?;
            if end.board().get(t) == Some(me) {
                let mut g = end.clone();
                g.set_to_move(me);
                if r.defend(&g, t).is_some() {
                    return Err("after the refutation the stones can still escape".into());
                }
            }
        }
        Goal::Kill => {
            if reading::killing_moves(end.board(), me, theirs).is_none_or(|k| !k.is_empty()) {
                return Err("after the refutation they can still be killed".into());
            }
        }
        Goal::Live => {
            if reading::dead_with_defender_to_move(end.board(), me, mine) != Some(true) {
                return Err("after the refutation the group still lives".into());
            }
        }
        Goal::Endgame => {
            let best = reading::best_region_count(start.board(), me, region).ok_or("not read")?;
            if reading::region_count(end.board(), me, region) >= best {
                return Err("the wrong endgame line counts as much as the best".into());
            }
        }
        Goal::Connect | Goal::Cut => {}
    }
    Ok(())
}

/// The two readers every problem is proved by: ours and GNU Go.
struct Judges {
    own: OwnReader,
    gnugo: GtpJudge<ProcessEngine>,
}

impl Judges {
    fn start() -> Judges {
        let engine =
            ProcessEngine::start(&EngineSpec::gnugo(10)).expect("GNU Go (apt-get install gnugo)");
        Judges {
            own: OwnReader::new(),
            gnugo: GtpJudge::new(engine, GtpFlavour::GnuGo, "gnugo"),
        }
    }
}

fn parse_problem(text: &str) -> Result<Problem, String> {
    let reading = tianyuan::record::read_str(text).map_err(|e| e.to_string())?;
    let tree = reading
        .collection
        .trees
        .into_iter()
        .next()
        .ok_or("no tree")?;
    Problem::from_tree(tree).map_err(|e| format!("{e:?}"))
}

/// The line that follows a first move that works (found by the readers, not the shape): for a
/// capture, the chase to the capture; otherwise the move alone (its end is judged).
fn line_after(
    shape: &Shape,
    inst: &Instance,
    game: &Game,
    first: Coord,
) -> Result<Vec<Coord>, String> {
    let me = inst.player;
    let them = me.opponent();
    let mut g = game.clone();
    g.play(me, Move::Play(first)).map_err(|e| e.to_string())?;
    match shape.goal {
        Goal::Capture | Goal::Ladder | Goal::Net => {
            let t = *targets_of(inst, them, game).first().ok_or("no target")?;
            if g.board().get(t) != Some(them) {
                return Ok(vec![first]);
            }
            let mut r = reader();
            g.set_to_move(them);
            let d = match r.defend(&g, t) {
                Some(Move::Play(c)) => c,
                _ => extension(&g, t).ok_or("no defence to play")?,
            };
            g.play(them, Move::Play(d)).map_err(|e| e.to_string())?;
            let rest = chase(&g, me, t, true).ok_or("no chase after the other first move")?;
            let mut line = vec![first, d];
            line.extend(rest);
            Ok(line)
        }
        _ => Ok(vec![first]),
    }
}

/// Judges the placed problem's first moves with both readers: every first move that works
/// (near the stones, as `problems check` looks) is right, every wrong try fails. A second
/// working first move becomes a right answer of its own; a wrong try that works is dropped.
/// `Err` when the readers disagree, or nothing wrong is left to refute.
fn settle(shape: &Shape, inst: &mut Instance, judges: &mut Judges) -> Result<(), String> {
    if shape.goal == Goal::Endgame {
        return Ok(());
    }
    let game = game_of(inst).ok_or("setup refused")?;
    let problem = parse_problem(&sgf(shape, inst, "draft", 0))?;
    let marked = marked_stones(&problem);
    let me = inst.player;
    let mut working: Vec<Coord> = Vec::new();
    let mut points = candidate_points(&problem, shape.goal, &marked);
    for l in inst.rights.iter().chain(&inst.wrongs) {
        if let Some(&f) = l.first()
            && !points.contains(&f)
        {
            points.push(f);
        }
    }
    for c in points {
        let mut g = game.clone();
        if g.play(me, Move::Play(c)).is_err() {
            continue;
        }
        let q = Question {
            game: &g,
            goal: shape.goal,
            player: me,
            marked: &marked,
            region: &[],
            to_move: me.opponent(),
        };
        let ours = judges.own.holds(&q).map_err(|e| e.to_string())?.answer();
        let theirs = judges.gnugo.holds(&q).map_err(|e| e.to_string())?.answer();
        match (ours, theirs) {
            (Some(true), Some(true)) => working.push(c),
            (Some(false), Some(false)) => {}
            (a, b) => {
                return Err(format!(
                    "readers disagree on {}: ours {a:?}, GNU Go {b:?}",
                    c.to_gtp(inst.size)
                ));
            }
        }
    }
    for r in &inst.rights {
        if !r.first().is_some_and(|f| working.contains(f)) {
            return Err("a designed right move does not work".into());
        }
    }
    inst.wrongs
        .retain(|w| !w.first().is_some_and(|f| working.contains(f)));
    if inst.wrongs.is_empty() {
        // Every wrong try of the shape works here: the most natural move that fails instead
        // (a liberty of the marked stones first, then the nearest), with its refutation.
        let me = inst.player;
        let theirs = targets_of(inst, me.opponent(), &game);
        let mine = targets_of(inst, me, &game);
        let marked_pts: Vec<Coord> = theirs.iter().chain(&mine).copied().collect();
        let mut tries: Vec<Coord> = candidate_points(&problem, shape.goal, &marked)
            .into_iter()
            .filter(|c| !working.contains(c) && game.is_legal(me, *c))
            .collect();
        let libs: Vec<Coord> = marked_pts
            .iter()
            .flat_map(|&t| tianyuan::ai::tactics::liberty_points(&game, t))
            .collect();
        let dist = |c: &Coord| {
            marked_pts
                .iter()
                .map(|m| {
                    (i16::from(m.x) - i16::from(c.x)).abs()
                        + (i16::from(m.y) - i16::from(c.y)).abs()
                })
                .min()
                .unwrap_or(99)
        };
        tries.sort_by_key(|c| (!libs.contains(c), dist(c), c.y, c.x));
        for t in tries {
            let mut g = game.clone();
            if g.play(me, Move::Play(t)).is_err() {
                continue;
            }
            let Some(reply) = refutation(shape.goal, &g, me, &theirs, &mine, &inst.targets) else {
                continue;
            };
            if g.play(me.opponent(), Move::Play(reply)).is_err() {
                continue;
            }
            if refuted(shape.goal, &game, &g, me, &theirs, &mine, &inst.targets).is_ok() {
                inst.wrongs.push(vec![t, reply]);
                break;
            }
        }
    }
    for &w in &working {
        if inst.rights.iter().any(|r| r.first() == Some(&w)) {
            continue;
        }
        let line = line_after(shape, inst, &game, w)?;
        inst.rights.push(line);
    }
    if inst.wrongs.is_empty() {
        return Err("every wrong try works".into());
    }
    Ok(())
}

fn instance(shape: &Shape, p: Placement) -> Option<Instance> {
    let mut inst = Instance {
        size: p.size,
        player: p.player,
        black: Vec::new(),
        white: Vec::new(),
        targets: Vec::new(),
        rights: Vec::new(),
        designed: 0,
        wrongs: Vec::new(),
    };
    for (y, row) in shape.rows.iter().enumerate() {
        for (x, ch) in row.chars().enumerate() {
            let c = place(p, (x as u8, y as u8));
            let (mine, theirs) = match p.player {
                Color::Black => (&mut inst.black, &mut inst.white),
                Color::White => (&mut inst.white, &mut inst.black),
            };
            match ch {
                'X' => mine.push(c),
                'O' => theirs.push(c),
                'x' => {
                    mine.push(c);
                    inst.targets.push(c);
                }
                'o' => {
                    theirs.push(c);
                    inst.targets.push(c);
                }
                '+' => inst.targets.push(c),
                _ => {}
            }
        }
    }
    Some(inst)
}

/// Stones of an opening far from the shape, so a big board looks like a game.
fn add_noise(inst: &mut Instance, seed: u64) {
    if inst.size < 13 {
        return;
    }
    let n = inst.size;
    let mut busy: Vec<Coord> = inst
        .black
        .iter()
        .chain(&inst.white)
        .chain(&inst.targets)
        .copied()
        .collect();
    for l in inst.rights.iter().chain(&inst.wrongs) {
        busy.extend(l.iter().copied());
    }
    let far = |c: Coord, busy: &[Coord]| {
        busy.iter().all(|b| {
            (i16::from(b.x) - i16::from(c.x))
                .abs()
                .max((i16::from(b.y) - i16::from(c.y)).abs())
                >= 5
        })
    };
    let spots = [
        (3, 3),
        (n - 4, 3),
        (3, n - 4),
        (n - 4, n - 4),
        (2, 4),
        (n - 3, n - 5),
        (4, n - 3),
        (n - 5, 2),
    ];
    let mut mix = Mix(seed);
    let mut black_turn = mix.next().is_multiple_of(2);
    for (x, y) in spots {
        let c = Coord::new(x, y);
        if !far(c, &busy) {
            continue;
        }
        if black_turn {
            inst.black.push(c);
        } else {
            inst.white.push(c);
        }
        busy.push(c);
        black_turn = !black_turn;
    }
}

fn letter(c: Color) -> char {
    match c {
        Color::Black => 'B',
        Color::White => 'W',
    }
}

fn points(id: &str, pts: &[Coord]) -> String {
    if pts.is_empty() {
        return String::new();
    }
    let mut s = id.to_string();
    let mut sorted = pts.to_vec();
    sorted.sort_by_key(|c| (c.y, c.x));
    for c in sorted {
        let _ = write!(s, "[{}]", c.to_sgf());
    }
    s
}

fn esc(s: &str) -> String {
    s.replace('\\', "\\\\").replace(']', "\\]")
}

/// The words for a second right answer the readers found (zh-Hans, en).
fn also_right(goal: Goal) -> [&'static str; 2] {
    match goal {
        Goal::Capture | Goal::Ladder | Goal::Net => [
            "也对！这样下，对方也逃不掉。",
            "Right too! This way they cannot get away either.",
        ],
        Goal::Escape => ["也对！这样也逃出来了。", "Right too! This also gets out."],
        Goal::Connect => ["也对！这样也连上了。", "Right too! This also connects."],
        Goal::Cut => [
            "也对！这样也切断了。",
            "Right too! This also cuts them apart.",
        ],
        Goal::Live => ["也对！这样也能活。", "Right too! This also lives."],
        Goal::Kill => ["也对！这样也能杀死。", "Right too! This also kills."],
        Goal::Endgame => [
            "也对！这一步一样大。",
            "Right too! This move is just as big.",
        ],
    }
}

fn sgf(shape: &Shape, inst: &Instance, id: &str, number: usize) -> String {
    let me = letter(inst.player);
    let them = letter(inst.player.opponent());
    let good_me = if inst.player == Color::Black {
        "GB"
    } else {
        "GW"
    };
    let good_them = if inst.player == Color::Black {
        "GW"
    } else {
        "GB"
    };
    let (who_zh, who_en) = match inst.player {
        Color::Black => ("黑先", "Black to play"),
        Color::White => ("白先", "White to play"),
    };
    let goal = shape.goal;
    let name_zh = goal.name(tianyuan::i18n::Lang::ZhHans);
    let name_en = goal.name(tianyuan::i18n::Lang::En);
    let question = format!(
        "{who_zh}：{}\n{who_en}: {}",
        goal.instruction(tianyuan::i18n::Lang::ZhHans),
        goal.instruction(tianyuan::i18n::Lang::En)
    );
    let mut s = format!(
        "(;GM[1]FF[4]CA[UTF-8]SZ[{}]KM[0]GN[{} {number} · {} {number}]TYID[{id}]PL[{me}]TYGOAL[{}]",
        inst.size,
        esc(name_zh),
        esc(name_en),
        goal.keyword()
    );
    s.push_str(&points("AB", &inst.black));
    s.push_str(&points("AW", &inst.white));
    s.push_str(&points("TR", &inst.targets));
    let _ = write!(s, "C[{}]", esc(&question));
    for (n, line) in inst.rights.iter().enumerate() {
        s.push('(');
        for (k, c) in line.iter().enumerate() {
            let who = if k % 2 == 0 { me } else { them };
            let _ = write!(s, ";{who}[{}]", c.to_sgf());
        }
        let text = if n < inst.designed {
            shape.right_text
        } else {
            also_right(goal)
        };
        let _ = write!(
            s,
            "C[RIGHT\n{}\n{}]{good_me}[1])",
            esc(text[0]),
            esc(text[1])
        );
    }
    for line in &inst.wrongs {
        s.push('(');
        for (k, c) in line.iter().enumerate() {
            let who = if k % 2 == 0 { me } else { them };
            let _ = write!(s, ";{who}[{}]", c.to_sgf());
        }
        let _ = write!(
            s,
            "C[WRONG\n{}\n{}]{good_them}[1])",
            esc(shape.wrong_text[0]),
            esc(shape.wrong_text[1])
        );
    }
    s.push_str(")\n");
    s
}

/// Proved by both readers: our check (the rules, our reader at the end of every line, the
/// counts in the comments) and GNU Go's judgement of the same lines.
fn proved(text: &str, judges: &mut Judges) -> Result<(), String> {
    let problem = parse_problem(text)?;
    let r = check_problem(&Arc::new(problem.clone()));
    if !r.is_sound() || !r.no_refutation.is_empty() || !r.unjudged.is_empty() {
        return Err(format!("check: {r:?}"));
    }
    let g = judge_problem(&problem, &mut judges.gnugo);
    if !g.agrees() {
        let size = problem.start().size();
        let what: Vec<String> = g
            .findings
            .iter()
            .map(|f| format!("{}: {}", f.kind.word(), f.moves_text(size)))
            .collect();
        return Err(format!(
            "GNU Go: {} {}",
            g.error.unwrap_or_default(),
            what.join("; ")
        ));
    }
    Ok(())
}

/// Prints 7×7 frames where the marked stone (two liberties) is captured only by a net: the
/// reader finds no capture starting with an atari, and one starting elsewhere.
fn discover_nets() {
    let size = 9u8;
    let centre = Coord::new(4, 4);
    let near: Vec<Coord> = (2..=6u8)
        .flat_map(|y| (2..=6u8).map(move |x| Coord::new(x, y)))
        .filter(|&c| c != centre)
        .collect();
    let mut found = 0;
    let mut stats = [0u32; 4];
    let mut seen: BTreeSet<Vec<Coord>> = BTreeSet::new();
    for i in 0..near.len() {
        for j in i + 1..near.len() {
            for k in j + 1..near.len() {
                for m in k + 1..near.len() {
                    for extra_o in [None, Some(0usize), Some(1), Some(2), Some(3)] {
                        let black = vec![near[i], near[j], near[k], near[m]];
                        // Ladder breakers on the diagonals: only a net can work.
                        let mut white = vec![
                            centre,
                            Coord::new(1, 1),
                            Coord::new(7, 1),
                            Coord::new(1, 7),
                            Coord::new(7, 7),
                        ];
                        if let Some(e) = extra_o {
                            let spots = [(4u8, 1u8), (1, 4), (7, 4), (4, 7)];
                            white.push(Coord::new(spots[e].0, spots[e].1));
                        }
                        let mut g = Game::new(size, Rules::default()).expect("game");
                        if g.setup(&black, &white, &[]).is_err() || g.board().liberties(centre) != 2
                        {
                            continue;
                        }
                        g.set_to_move(Color::Black);
                        let mut with = Reader::new(ReadLimits {
                            nodes_per_read: 4_000,
                            nets: true,
                            max_attack_liberties: 3,
                        });
                        let mut without = Reader::new(ReadLimits {
                            nodes_per_read: 4_000,
                            nets: false,
                            max_attack_liberties: 3,
                        });
                        stats[0] += 1;
                        let Some(net) = with.attack(&g, centre) else {
                            continue;
                        };
                        stats[1] += 1;
                        let libs = tianyuan::ai::tactics::liberty_points(&g, centre);
                        if libs.contains(&net) {
                            stats[2] += 1;
                        }
                        if libs.contains(&net) || without.attack(&g, centre).is_some() {
                            continue;
                        }
                        stats[3] += 1;
                        // Both ataris fail: the chain escapes after each.
                        let fails = libs.iter().all(|&l| {
                            let mut h = g.clone();
                            h.play(Color::Black, Move::Play(l)).is_ok() && {
                                h.set_to_move(Color::White);
                                with.defend(&h, centre).is_some()
                            }
                        });
                        if !fails {
                            continue;
                        }
                        let mut key = black.clone();
                        key.extend(white.iter().copied());
                        if !seen.insert(key) {
                            continue;
                        }
                        found += 1;
                        println!("net {found}: net at {:?}", (net.x - 1, net.y - 1));
                        for y in 1..8u8 {
                            let row: String = (1..8u8)
                                .map(|x| {
                                    let c = Coord::new(x, y);
                                    if c == centre {
                                        'o'
                                    } else {
                                        match g.board().get(c) {
                                            Some(Color::Black) => 'X',
                                            Some(Color::White) => 'O',
                                            None => '.',
                                        }
                                    }
                                })
                                .collect();
                            println!("  \"{row}\",");
                        }
                        if found >= 30 {
                            return;
                        }
                    }
                }
            }
        }
    }
    eprintln!(
        "two liberties {}, captured {}, by atari {}, net only {}",
        stats[0], stats[1], stats[2], stats[3]
    );
}

/// Prints edge frames (7 wide, 3 deep, Black's wall on the left, White's on the right) whose
/// region has one or two best first moves, worth at least two more than the worst.
fn discover_endgames() {
    let mut found = 0;
    for code in 0..3u32.pow(10) {
        let mut rows: Vec<Vec<char>> = vec![
            "XX....O".chars().collect(),
            "XX....O".chars().collect(),
            "XXX..OO".chars().collect(),
        ];
        let cells = [
            (2, 0),
            (3, 0),
            (4, 0),
            (5, 0),
            (2, 1),
            (3, 1),
            (4, 1),
            (5, 1),
            (3, 2),
            (4, 2),
        ];
        let mut c = code;
        for &(x, y) in &cells {
            rows[y][x] = ['+', 'X', 'O'][(c % 3) as usize];
            c /= 3;
        }
        let empties = rows.iter().flatten().filter(|&&ch| ch == '+').count();
        if !(3..=6).contains(&empties) {
            continue;
        }
        let mut black = Vec::new();
        let mut white = Vec::new();
        let mut region = Vec::new();
        for (y, row) in rows.iter().enumerate() {
            for (x, ch) in row.iter().enumerate() {
                let p = Coord::new(x as u8 + 1, y as u8);
                match ch {
                    'X' => black.push(p),
                    'O' => white.push(p),
                    _ => region.push(p),
                }
            }
        }
        // Closed below: a row of each side's stones.
        for x in 0..9u8 {
            if x <= 4 {
                black.push(Coord::new(x, 3))
            } else {
                white.push(Coord::new(x, 3))
            }
        }
        black.push(Coord::new(0, 0));
        black.push(Coord::new(0, 1));
        black.push(Coord::new(0, 2));
        white.push(Coord::new(8, 0));
        white.push(Coord::new(8, 1));
        white.push(Coord::new(8, 2));
        let mut g = Game::new(9, Rules::default()).expect("game");
        if g.setup(&black, &white, &[]).is_err() {
            continue;
        }
        // Every stone connected to its wall (no loose stones inside).
        let wall_b = g.board().chain(Coord::new(0, 0));
        let wall_w = g.board().chain(Coord::new(8, 0));
        if black.iter().any(|p| !wall_b.contains(p)) || white.iter().any(|p| !wall_w.contains(p)) {
            continue;
        }
        let Some((best, moves)) = reading::best_region_moves(g.board(), Color::Black, &region)
        else {
            continue;
        };
        let plays: Vec<Coord> = moves
            .iter()
            .filter_map(|m| match m {
                Move::Play(c) => Some(*c),
                Move::Pass => None,
            })
            .collect();
        if plays.is_empty() || plays.len() > 2 || moves.contains(&Move::Pass) || best < 1 {
            continue;
        }
        let mut worst = best;
        for &r in &region {
            let mut h = g.clone();
            if h.play(Color::Black, Move::Play(r)).is_err() {
                continue;
            }
            let Some((v, _)) = reading::best_region_moves(h.board(), Color::White, &region) else {
                continue;
            };
            worst = worst.min(-v);
        }
        if best - worst < 2 {
            continue;
        }
        found += 1;
        println!(
            "endgame {found}: best {best} worst {worst} at {:?}",
            plays.iter().map(|c| (c.x - 1, c.y)).collect::<Vec<_>>()
        );
        for row in &rows {
            println!("  \"{}\",", row.iter().collect::<String>());
        }
        if found >= 40 {
            return;
        }
    }
}

/// One problem of a shipped file as written: its identifier, its SGF text and its position.
struct Kept {
    id: String,
    text: String,
    key: PositionKey,
}

type PositionKey = (u8, Vec<Coord>, Vec<Coord>, u8);

fn key_of(size: u8, black: &[Coord], white: &[Coord], player: Color) -> PositionKey {
    let mut b = black.to_vec();
    b.sort_by_key(|c| (c.y, c.x));
    let mut w = white.to_vec();
    w.sort_by_key(|c| (c.y, c.x));
    (size, b, w, u8::from(player == Color::Black))
}

/// The problems of a shipped file, one `(;…)` block each, with their identifiers (a problem
/// without `TYID` — the hand-written ones of issue 11 — gets the one its place gave it, now
/// written into the file so it no longer depends on the place).
fn read_file(text: &str, stem: &str) -> Vec<Kept> {
    let mut out = Vec::new();
    let mut blocks: Vec<String> = Vec::new();
    for line in text.split_inclusive('\n') {
        if line.starts_with("(;") || blocks.is_empty() {
            blocks.push(String::new());
        }
        if let Some(b) = blocks.last_mut() {
            b.push_str(line);
        }
    }
    for (n, mut block) in blocks.into_iter().enumerate() {
        if block.trim().is_empty() {
            continue;
        }
        let Ok(problem) = parse_problem(&block) else {
            eprintln!("{stem} #{}: does not read, left out", n + 1);
            continue;
        };
        let id = problem.id().unwrap_or_else(|| {
            let id = format!("{stem}-{}", n + 1);
            if let Some(at) = block.find("PL[") {
                block.insert_str(at, &format!("TYID[{id}]"));
            }
            id
        });
        let start = problem.start().board();
        let (mut black, mut white) = (Vec::new(), Vec::new());
        for (c, col) in start.stones() {
            match col {
                Color::Black => black.push(c),
                Color::White => white.push(c),
            }
        }
        let key = key_of(start.size(), &black, &white, problem.player());
        if !block.ends_with('\n') {
            block.push('\n');
        }
        out.push(Kept {
            id,
            text: block,
            key,
        });
    }
    out
}

/// The number in an identifier (`cut-11` → 11).
fn number_of(id: &str) -> usize {
    id.rsplit('-')
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or(0)
}

/// The ledger of retired identifiers (`assets/problems/retired.tsv`): an identifier is never
/// given again, and a class file's attempts on it can be followed to its replacement.
const RETIRED_FILE: &str = "retired.tsv";

fn main() {
    if std::env::args().any(|a| a == "--discover-endgames") {
        discover_endgames();
        return;
    }
    if std::env::args().any(|a| a == "--discover-nets") {
        discover_nets();
        return;
    }
    let out_dir = PathBuf::from(
        std::env::args()
            .nth(1)
            .filter(|a| !a.starts_with("--"))
            .unwrap_or_else(|| "assets/problems".into()),
    );
    let dry = std::env::args().any(|a| a == "--dry-run");
    let mut judges = Judges::start();
    // The ledger so far: identifier, replacement, reason.
    let ledger_text = std::fs::read_to_string(out_dir.join(RETIRED_FILE)).unwrap_or_default();
    let mut retired: Vec<(String, String, String)> = ledger_text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| {
            let mut f = l.split('\t');
            Some((
                f.next()?.to_string(),
                f.next().unwrap_or("").to_string(),
                f.next().unwrap_or("").to_string(),
            ))
        })
        .collect();
    let file_of = |goal: Goal| match goal {
        Goal::Capture => "capture.sgf",
        Goal::Escape => "escape.sgf",
        Goal::Ladder => "ladder.sgf",
        Goal::Net => "net.sgf",
        Goal::Live => "two-eyes.sgf",
        Goal::Connect => "connect.sgf",
        Goal::Cut => "cut.sgf",
        Goal::Kill => "kill.sgf",
        Goal::Endgame => "endgame.sgf",
    };
    // Every problem already shipped is judged again: it stays (same identifier, same place)
    // when both readers prove it, else its identifier is retired.
    struct File {
        name: String,
        kept: Vec<Kept>,
        next: usize,
        /// Retired here and not yet given a replacement.
        orphans: Vec<String>,
    }
    let mut files: Vec<File> = Vec::new();
    // Refused problems with their positions: one made again on the same position, corrected
    // (its answers and words), keeps its identifier — same position, same meaning.
    let mut refused: Vec<(String, PositionKey)> = Vec::new();
    let mut corrected: Vec<String> = Vec::new();
    for c in tianyuan::problems::builtin::COLLECTIONS {
        let stem = c.file.trim_end_matches(".sgf");
        let text = std::fs::read_to_string(out_dir.join(c.file)).unwrap_or_default();
        let mut kept = Vec::new();
        let mut orphans = Vec::new();
        let mut next = 1;
        for k in read_file(&text, stem) {
            next = next.max(number_of(&k.id) + 1);
            match proved(&k.text, &mut judges) {
                Ok(()) => kept.push(k),
                Err(e) => {
                    eprintln!("{}: refused: {e}", k.id);
                    refused.push((k.id.clone(), k.key.clone()));
                    let reason: String = e
                        .chars()
                        .take(160)
                        .collect::<String>()
                        .replace(['\t', '\n'], " ");
                    retired.push((k.id.clone(), String::new(), reason));
                    orphans.push(k.id);
                }
            }
        }
        for (id, _, _) in &retired {
            if id.starts_with(&format!("{stem}-")) {
                next = next.max(number_of(id) + 1);
            }
        }
        files.push(File {
            name: c.file.to_string(),
            kept,
            next,
            orphans,
        });
    }
    let mut failed = 0;
    let mut total = 0;
    for (k, shape) in SHAPES.iter().enumerate() {
        let file_name = file_of(shape.goal);
        let fi = files
            .iter()
            .position(|f| f.name == file_name)
            .expect("a collection for every goal");
        let mut seen: BTreeSet<PositionKey> = BTreeSet::new();
        for (si, (size, want)) in [9u8, 13, 19].into_iter().zip(shape.counts).enumerate() {
            let mut kept = 0;
            let mut reasons: Vec<String> = Vec::new();
            let mut tried = 0;
            for p in placements(shape, size, (k as u64) * 131 + si as u64) {
                if kept == want || tried >= 4 * want + 4 {
                    break;
                }
                let Some(mut inst) = instance(shape, p) else {
                    continue;
                };
                let bare = key_of(size, &inst.black, &inst.white, p.player);
                if seen.contains(&bare) {
                    continue;
                }
                if let Err(e) = complete(shape, &mut inst, p) {
                    reasons.push(e);
                    continue;
                }
                add_noise(&mut inst, (k as u64) << 8 | u64::from(size));
                // Re-check with the noise (a stone of the opening may break a ladder).
                if let Err(e) = complete(shape, &mut inst, p) {
                    reasons.push(format!("with the opening: {e}"));
                    continue;
                }
                let key = key_of(size, &inst.black, &inst.white, p.player);
                seen.insert(bare);
                // Already shipped and still proved: it counts, as it is.
                if files[fi].kept.iter().any(|kp| kp.key == key) {
                    kept += 1;
                    continue;
                }
                tried += 1;
                if let Err(e) = settle(shape, &mut inst, &mut judges) {
                    reasons.push(format!("judged: {e}"));
                    continue;
                }
                let stem = file_name.trim_end_matches(".sgf");
                let again = refused.iter().find(|r| r.1 == key).map(|r| r.0.clone());
                let number = again.as_deref().map_or(files[fi].next, number_of);
                let id = format!("{stem}-{number}");
                let text = sgf(shape, &inst, &id, number);
                if let Err(e) = proved(&text, &mut judges) {
                    reasons.push(format!("not proved: {e}"));
                    continue;
                }
                if let Some(old) = again {
                    // The same position corrected: the identifier stays, nothing is retired.
                    retired.retain(|r| r.0 != old);
                    files[fi].orphans.retain(|o| *o != old);
                    eprintln!("{old}: corrected on the same position");
                    corrected.push(old);
                    files[fi].kept.push(Kept { id, text, key });
                    kept += 1;
                    total += 1;
                    continue;
                }
                // A retired problem of this file is followed by its first replacement.
                if !files[fi].orphans.is_empty() {
                    let old = files[fi].orphans.remove(0);
                    if let Some(r) = retired.iter_mut().find(|r| r.0 == old) {
                        r.1 = id.clone();
                    }
                }
                files[fi].next = number + 1;
                files[fi].kept.push(Kept { id, text, key });
                kept += 1;
                total += 1;
            }
            if kept < want {
                failed += 1;
                reasons.sort();
                reasons.dedup();
                eprintln!(
                    "{}: {kept} of {want} on {size}×{size}; {}",
                    shape.key,
                    reasons
                        .iter()
                        .take(4)
                        .cloned()
                        .collect::<Vec<_>>()
                        .join(" | ")
                );
            }
        }
    }
    let shipped: usize = files.iter().map(|f| f.kept.len()).sum();
    eprintln!(
        "{total} new or corrected problems, {shipped} shipped, {failed} shortfalls, {} retired; corrected: {}",
        retired.len(),
        corrected.join(" ")
    );
    if dry {
        return;
    }
    for f in &mut files {
        f.kept.sort_by_key(|k| number_of(&k.id));
        let text: String = f.kept.iter().map(|k| k.text.as_str()).collect();
        let path = out_dir.join(&f.name);
        std::fs::write(&path, text).expect("write");
        eprintln!("wrote {} ({} problems)", path.display(), f.kept.len());
    }
    let mut ledger = String::from(
        "# Retired problem identifiers (issue 27): never given again. Columns: the identifier, the\n\
         # problem that replaces it in the same collection (empty: none), why it was retired.\n",
    );
    for (id, replacement, reason) in &retired {
        let _ = writeln!(ledger, "{id}\t{replacement}\t{reason}");
    }
    std::fs::write(out_dir.join(RETIRED_FILE), ledger).expect("write the ledger");
}
