//! The path of a beginner (issue 20 item 2), as data: the teacher's plan from the first capture
//! game to the full board. Each step says what it practises, which game is played at it, which
//! problems go with it, and when it is passed.
//!
//! capture 1 → capture 3 → capture 5 → most captures in N moves → 9×9 territory → 13×13 → 19×19.
//!
//! A step's gate (issue 27 item 4, the table is in `docs/class-format.md`) is passed either by
//! **play and problems** — enough wins of the step's game against the computer since entering
//! the step, each at the gate's rung of the handicap ladder or a harder one, and some of the
//! step's own problems solved — or by **problems alone**: more of the step's own problems
//! solved (never more than the step has, so a child who solved them all always moves on).
//! Every gate's rung is one a child of the step's level meets on the ladder (the rungs are
//! ordered as the ladder walks them: [`ladder_position`]), so no child is asked to beat a
//! computer the ladder only offers after the gate. Passing moves the child on at once, the
//! same lesson; the teacher can move a child along or back at any time.

use crate::i18n::Lang;
use crate::problems::Goal;

/// The game played at a step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameKind {
    /// The capture game (吃子棋) on 9×9: the first to capture `stones` stones wins.
    Capture {
        /// Stones to capture.
        stones: u32,
    },
    /// Most captures after `moves` moves wins (on 9×9).
    MostCaptures {
        /// Moves in the game (both sides).
        moves: u32,
    },
    /// Go with territory (area counting) on a board of `size` lines.
    Go {
        /// Board size.
        size: u8,
    },
}

impl GameKind {
    /// The board size the game is played on.
    pub fn size(self) -> u8 {
        match self {
            GameKind::Capture { .. } | GameKind::MostCaptures { .. } => 9,
            GameKind::Go { size } => size,
        }
    }

    /// Whether it is a capture game (the capture ladder applies), not territory Go.
    pub fn is_capture(self) -> bool {
        !matches!(self, GameKind::Go { .. })
    }

    /// A short code: `capture:N`, `most:N`, `go:SIZE` (files and the command line).
    pub fn code(self) -> String {
        match self {
            GameKind::Capture { stones } => format!("capture:{stones}"),
            GameKind::MostCaptures { moves } => format!("most:{moves}"),
            GameKind::Go { size } => format!("go:{size}"),
        }
    }

    /// Reads [`GameKind::code`].
    pub fn parse(code: &str) -> Option<GameKind> {
        let (kind, n) = code.trim().split_once(':')?;
        let n: u32 = n.trim().parse().ok()?;
        match kind.trim() {
            "capture" if (1..=50).contains(&n) => Some(GameKind::Capture { stones: n }),
            "most" if (2..=400).contains(&n) => Some(GameKind::MostCaptures { moves: n }),
            "go" => match u8::try_from(n) {
                Ok(size @ (5..=19)) => Some(GameKind::Go { size }),
                _ => None,
            },
            _ => None,
        }
    }

    /// The game's name in `lang`.
    pub fn name(self, lang: Lang) -> String {
        match self {
            GameKind::Capture { stones } => match lang {
                Lang::ZhHans => format!("吃{stones}子"),
                Lang::ZhHant => format!("吃{stones}子"),
                Lang::En => format!("capture {stones}"),
            },
            GameKind::MostCaptures { moves } => match lang {
                Lang::ZhHans => format!("{moves}手内吃子多者胜"),
                Lang::ZhHant => format!("{moves}手內吃子多者勝"),
                Lang::En => format!("most captures in {moves} moves"),
            },
            GameKind::Go { size } => match lang {
                Lang::ZhHans => format!("{size}路围地"),
                Lang::ZhHant => format!("{size}路圍地"),
                Lang::En => format!("{size}×{size} territory"),
            },
        }
    }
}

/// When a step is passed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PassRule {
    /// Wins needed since entering the step, in the step's game.
    pub wins: u32,
    /// Against the computer at this level …
    pub min_level: u8,
    /// … receiving at most this many handicap stones (the ladder's count: in the capture game
    /// +1 is moving first; in Go +1 is Black without komi), or at any harder rung of the
    /// ladder ([`ladder_position`]).
    pub max_handicap: i8,
    /// The step's own problems solved (at any time) along with the wins.
    pub problems: u32,
    /// Or this many of the step's own problems solved, whatever the games (at most as many
    /// as the step has).
    pub problems_alone: u32,
}

/// The most handicap stones either way on the capture-game ladder of a class's child.
pub const CAPTURE_LADDER_STONES: u8 = 4;
/// The most handicap stones either way on the Go ladder of a class's child.
pub const GO_LADDER_STONES: u8 = 9;

/// Where a rung sits on a handicap ladder of `max_stones` either way, easiest first: each win
/// moves the ladder one place up, each loss one place down (the level steps at the ends:
/// a win at level L giving the most stones meets level L+1 at an even game, one place up, and
/// a loss at level L+1 receiving the most stones meets level L at an even game, one place
/// down), so a rung of a higher level receiving stones can be easier than one of a lower
/// level giving them: `level × (max_stones + 1) − handicap`.
pub fn ladder_position(level: u8, handicap: i8, max_stones: u8) -> i32 {
    i32::from(level) * (i32::from(max_stones) + 1) - i32::from(handicap)
}

/// One step of the path.
#[derive(Clone, Copy, Debug)]
pub struct Step {
    /// 1 to [`STEPS`]`.len()`.
    pub number: u8,
    /// A short key for files (`capture-1`, …, `go-19`).
    pub key: &'static str,
    /// The game played.
    pub game: GameKind,
    /// The step's name (zh-Hans, zh-Hant, en).
    pub name: [&'static str; 3],
    /// What it practises, for the teacher and the child.
    pub practises: [&'static str; 3],
    /// What it means, for a parent who does not play Go.
    pub for_parents: [&'static str; 3],
    /// The problem themes that go with it.
    pub goals: &'static [Goal],
    /// The board sizes of its problems.
    pub sizes: &'static [u8],
    /// When it is passed.
    pub rule: PassRule,
}

impl Step {
    /// The name in `lang`.
    pub fn name(&self, lang: Lang) -> &'static str {
        lang.pick(self.name[0], self.name[1], self.name[2])
    }

    /// What it practises in `lang`.
    pub fn practises(&self, lang: Lang) -> &'static str {
        lang.pick(self.practises[0], self.practises[1], self.practises[2])
    }

    /// For parents, in `lang`.
    pub fn for_parents(&self, lang: Lang) -> &'static str {
        lang.pick(
            self.for_parents[0],
            self.for_parents[1],
            self.for_parents[2],
        )
    }

    /// Whether a problem with `goal` on a board of `size` lines belongs to the step.
    pub fn has_problem(&self, goal: Option<Goal>, size: u8) -> bool {
        goal.is_some_and(|g| self.goals.contains(&g)) && self.sizes.contains(&size)
    }

    /// The gate's rung in words: the computer's level and the handicap, e.g. "电脑1级，你先下"
    /// / "computer level 1, you move first".
    pub fn rung_text(&self, lang: Lang) -> String {
        let r = self.rule;
        let state = super::model::LadderState {
            level: crate::ai::Level::new(r.min_level).unwrap_or(crate::ai::Level::MIN),
            handicap: r.max_handicap,
            max_stones: 9,
            level_steps: true,
        };
        state.rung_words(self.game.is_capture(), lang)
    }

    /// The passing rule in words.
    pub fn rule_text(&self, lang: Lang) -> String {
        let r = self.rule;
        let rung = self.rung_text(lang);
        match lang {
            Lang::ZhHans => format!(
                "赢电脑{}盘（{rung}，或者更难的一档），并做对本阶段的{}道题；或者只做对本阶段的{}道题（题少的阶段：全部做对）。",
                r.wins, r.problems, r.problems_alone
            ),
            Lang::ZhHant => format!(
                "贏電腦{}盤（{rung}，或者更難的一檔），並做對本階段的{}道題；或者只做對本階段的{}道題（題少的階段：全部做對）。",
                r.wins, r.problems, r.problems_alone
            ),
            Lang::En => format!(
                "Win {} games against the computer ({rung}, or a harder rung of the ladder) and solve {} of the step's problems; or solve {} of them (all of them where the step has fewer).",
                r.wins, r.problems, r.problems_alone
            ),
        }
    }
}

/// The number of moves of the "most captures" step unless the class sets another.
pub const MOST_CAPTURES_MOVES: u32 = 40;

/// The path, in order.
pub const STEPS: [Step; 7] = [
    Step {
        number: 1,
        key: "capture-1",
        game: GameKind::Capture { stones: 1 },
        name: ["吃一子", "吃一子", "Capture 1"],
        practises: [
            "气和打吃：数棋子的气，把只剩一口气的子提掉，自己的子被打吃要逃。",
            "氣和打吃：數棋子的氣，把只剩一口氣的子提掉，自己的子被打吃要逃。",
            "Liberties and atari: count a stone's liberties, capture a stone with one liberty left, run when your own stone is in atari.",
        ],
        for_parents: [
            "第一个小游戏：谁先吃掉对方一个棋子谁赢。孩子学会看棋子的“气”（旁边的空点）。",
            "第一個小遊戲：誰先吃掉對方一個棋子誰贏。孩子學會看棋子的「氣」（旁邊的空點）。",
            "The first little game: whoever captures one of the other side's stones first wins. Your child learns to see a stone's \"liberties\" (the empty points next to it).",
        ],
        goals: &[Goal::Capture, Goal::Escape],
        sizes: &[9],
        rule: PassRule {
            wins: 3,
            min_level: 1,
            max_handicap: 1,
            problems: 5,
            problems_alone: 10,
        },
    },
    Step {
        number: 2,
        key: "capture-3",
        game: GameKind::Capture { stones: 3 },
        name: ["吃三子", "吃三子", "Capture 3"],
        practises: [
            "连续打吃：把对方往边上和自己的子那边打，征子，逃子时往宽的地方走。",
            "連續打吃：把對方往邊上和自己的子那邊打，征子，逃子時往寬的地方走。",
            "Atari after atari: drive stones towards the edge and your own stones, the ladder, running towards open space.",
        ],
        for_parents: [
            "先吃到三个子才赢，一盘棋更长。孩子学会连续追着对方的棋子走（征子）。",
            "先吃到三個子才贏，一盤棋更長。孩子學會連續追著對方的棋子走（征子）。",
            "Three captures to win, so games are longer. Your child learns to chase stones move after move (the \"ladder\").",
        ],
        goals: &[Goal::Capture, Goal::Escape, Goal::Ladder],
        sizes: &[9],
        rule: PassRule {
            wins: 3,
            min_level: 1,
            max_handicap: 0,
            problems: 6,
            problems_alone: 12,
        },
    },
    Step {
        number: 3,
        key: "capture-5",
        game: GameKind::Capture { stones: 5 },
        name: ["吃五子", "吃五子", "Capture 5"],
        practises: [
            "征子和枷吃，把自己的子连起来，不让对方吃掉。",
            "征子和枷吃，把自己的子連起來，不讓對方吃掉。",
            "Ladders and nets; connecting your stones so they cannot be captured.",
        ],
        for_parents: [
            "先吃到五个子才赢。孩子学会两种抓子的办法（征子、枷吃），也学会保护自己的棋子。",
            "先吃到五個子才贏。孩子學會兩種抓子的辦法（征子、枷吃），也學會保護自己的棋子。",
            "Five captures to win. Your child learns two ways to catch stones (the ladder and the net) and to protect their own.",
        ],
        goals: &[Goal::Ladder, Goal::Net, Goal::Connect],
        sizes: &[9],
        rule: PassRule {
            wins: 3,
            min_level: 1,
            max_handicap: -1,
            problems: 6,
            problems_alone: 12,
        },
    },
    Step {
        number: 4,
        key: "most-captures",
        game: GameKind::MostCaptures {
            moves: MOST_CAPTURES_MOVES,
        },
        name: ["限手吃子", "限手吃子", "Most captures"],
        practises: [
            "在规定手数内比谁吃得多：切断、连接、不送吃（不自己往对方的口里下）。",
            "在規定手數內比誰吃得多：切斷、連接、不送吃（不自己往對方的口裡下）。",
            "Most captures within a number of moves: cutting, connecting, and not playing into atari yourself.",
        ],
        for_parents: [
            "下满规定的手数后，吃子多的一方赢。孩子学会切断对方、连接自己，开始想整盘棋。",
            "下滿規定的手數後，吃子多的一方贏。孩子學會切斷對方、連接自己，開始想整盤棋。",
            "After a set number of moves, whoever has captured more wins. Your child learns to cut the other side apart and keep their own stones together, thinking about the whole board.",
        ],
        goals: &[Goal::Net, Goal::Connect, Goal::Cut],
        sizes: &[9],
        rule: PassRule {
            wins: 3,
            min_level: 1,
            max_handicap: -2,
            problems: 6,
            problems_alone: 12,
        },
    },
    Step {
        number: 5,
        key: "go-9",
        game: GameKind::Go { size: 9 },
        name: ["九路围地", "九路圍地", "9×9 territory"],
        practises: [
            "真正的围棋：围地，提掉死子，数子；两只眼的棋活，杀棋，收官。",
            "真正的圍棋：圍地，提掉死子，數子；兩隻眼的棋活，殺棋，收官。",
            "Real Go: surrounding territory, removing the captured stones, counting; two eyes live, killing, the endgame.",
        ],
        for_parents: [
            "在小棋盘上下真正的围棋：比谁围的地方大。孩子学会数子、做两只眼让棋活下来。",
            "在小棋盤上下真正的圍棋：比誰圍的地方大。孩子學會數子、做兩隻眼讓棋活下來。",
            "Real Go on a small board: whoever surrounds more of the board wins. Your child learns to count and to make \"two eyes\" so a group lives.",
        ],
        goals: &[Goal::Live, Goal::Kill, Goal::Endgame, Goal::Cut],
        sizes: &[9],
        rule: PassRule {
            wins: 3,
            min_level: 1,
            max_handicap: 2,
            problems: 6,
            problems_alone: 12,
        },
    },
    Step {
        number: 6,
        key: "go-13",
        game: GameKind::Go { size: 13 },
        name: ["十三路", "十三路", "13×13"],
        practises: [
            "更大的棋盘：布局先占角，攻击和逃跑，死活和收官。",
            "更大的棋盤：布局先佔角，攻擊和逃跑，死活和收官。",
            "A bigger board: corners first in the opening, attacking and running, life and death, the endgame.",
        ],
        for_parents: [
            "棋盘更大，一盘棋更长。孩子学会先下在角上，学会攻击对方的棋。",
            "棋盤更大，一盤棋更長。孩子學會先下在角上，學會攻擊對方的棋。",
            "A bigger board and longer games. Your child learns to start in the corners and to attack.",
        ],
        goals: &[
            Goal::Capture,
            Goal::Escape,
            Goal::Ladder,
            Goal::Net,
            Goal::Connect,
            Goal::Cut,
            Goal::Live,
            Goal::Kill,
            Goal::Endgame,
        ],
        sizes: &[13],
        rule: PassRule {
            wins: 3,
            min_level: 1,
            max_handicap: 0,
            problems: 5,
            problems_alone: 10,
        },
    },
    Step {
        number: 7,
        key: "go-19",
        game: GameKind::Go { size: 19 },
        name: ["十九路", "十九路", "19×19"],
        practises: [
            "正式的棋盘：布局、中盘战斗、死活、官子，下完一整盘并自己数子。",
            "正式的棋盤：佈局、中盤戰鬥、死活、官子，下完一整盤並自己數子。",
            "The full board: the opening, fighting, life and death, the endgame; playing a whole game and counting it alone.",
        ],
        for_parents: [
            "正式比赛用的大棋盘。能在这里下完一盘并自己数清楚，就是会下围棋了。",
            "正式比賽用的大棋盤。能在這裡下完一盤並自己數清楚，就是會下圍棋了。",
            "The full board used in tournaments. A child who can play a whole game here and count it alone can play Go.",
        ],
        goals: &[
            Goal::Capture,
            Goal::Escape,
            Goal::Ladder,
            Goal::Net,
            Goal::Connect,
            Goal::Cut,
            Goal::Live,
            Goal::Kill,
            Goal::Endgame,
        ],
        sizes: &[19],
        rule: PassRule {
            wins: 3,
            min_level: 1,
            max_handicap: -2,
            problems: 5,
            problems_alone: 10,
        },
    },
];

/// Step `number` (1-based).
pub fn step(number: u8) -> Option<&'static Step> {
    STEPS.get(usize::from(number).checked_sub(1)?)
}

/// What counts towards passing a step, gathered by the class model.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StepProgress {
    /// Wins that count (since entering the step, the step's game, level and handicap).
    pub wins: u32,
    /// The step's own problems solved.
    pub problems: u32,
    /// The step's own problems in the library.
    pub available: u32,
}

/// One game as the rule sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CountedGame {
    /// What was played.
    pub kind: GameKind,
    /// The computer's level, when the opponent was the computer.
    pub computer_level: Option<u8>,
    /// Stones the child received (the ladder's count).
    pub handicap: i8,
    /// Whether the child won.
    pub won: bool,
}

impl PassRule {
    /// Whether `game` counts towards a step whose game is `kind`: a win against the computer
    /// at the gate's rung or a harder one of the ladder of the kind of game. Games of the
    /// capture kind count by the number of stones (capture 3 is capture 3); the
    /// most-captures step counts any number of moves; Go counts by board size.
    pub fn counts(&self, kind: GameKind, game: &CountedGame) -> bool {
        let same_kind = match (kind, game.kind) {
            (GameKind::Capture { stones: a }, GameKind::Capture { stones: b }) => a == b,
            (GameKind::MostCaptures { .. }, GameKind::MostCaptures { .. }) => true,
            (GameKind::Go { size: a }, GameKind::Go { size: b }) => a == b,
            _ => false,
        };
        let stones = if kind.is_capture() {
            CAPTURE_LADDER_STONES
        } else {
            GO_LADDER_STONES
        };
        same_kind
            && game.won
            && game.computer_level.is_some_and(|l| {
                ladder_position(l, game.handicap, stones)
                    >= ladder_position(self.min_level, self.max_handicap, stones)
            })
    }

    /// Whether the progress passes: by play and problems, or by problems alone (never more
    /// problems than the step has).
    pub fn passed(&self, progress: StepProgress) -> bool {
        let need = |n: u32| n.min(progress.available);
        (progress.available > 0 && progress.problems >= need(self.problems_alone))
            || (progress.wins >= self.wins && progress.problems >= need(self.problems))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_path_is_numbered_in_order_and_keys_are_unique() {
        for (i, s) in STEPS.iter().enumerate() {
            assert_eq!(usize::from(s.number), i + 1);
            assert_eq!(step(s.number).map(|t| t.key), Some(s.key));
            for lang in Lang::ALL {
                assert!(!s.name(lang).is_empty() && !s.practises(lang).is_empty());
                assert!(!s.for_parents(lang).is_empty() && !s.rule_text(lang).is_empty());
            }
        }
        assert!(step(0).is_none() && step(8).is_none());
        let kinds: Vec<String> = STEPS.iter().map(|s| s.game.code()).collect();
        assert_eq!(
            kinds,
            [
                "capture:1",
                "capture:3",
                "capture:5",
                "most:40",
                "go:9",
                "go:13",
                "go:19"
            ]
        );
        for k in kinds {
            assert_eq!(GameKind::parse(&k).map(GameKind::code), Some(k));
        }
        assert_eq!(GameKind::parse("go:4"), None);
        assert_eq!(GameKind::parse("chess:1"), None);
    }

    /// (name, step, game, counts towards it).
    #[test]
    fn which_games_count_on_a_table() {
        let g = |kind, level: Option<u8>, handicap, won| CountedGame {
            kind,
            computer_level: level,
            handicap,
            won,
        };
        let c1 = GameKind::Capture { stones: 1 };
        let c3 = GameKind::Capture { stones: 3 };
        let go9 = GameKind::Go { size: 9 };
        let cases: &[(&str, u8, CountedGame, bool)] = &[
            (
                "level 1, moving first: the gate of step 1",
                1,
                g(c1, Some(1), 1, true),
                true,
            ),
            (
                "level 1, the computer first: harder",
                1,
                g(c1, Some(1), 0, true),
                true,
            ),
            (
                "level 5 receiving 3: harder still",
                1,
                g(c1, Some(5), 3, true),
                true,
            ),
            (
                "level 1 with an extra stone: easier",
                1,
                g(c1, Some(1), 2, true),
                false,
            ),
            ("not a loss", 1, g(c1, Some(3), 0, false), false),
            ("not a classmate", 1, g(c1, None, 0, true), false),
            (
                "not another capture game",
                1,
                g(c3, Some(2), 0, true),
                false,
            ),
            (
                "step 2: level 1, the computer first",
                2,
                g(c3, Some(1), 0, true),
                true,
            ),
            (
                "step 2: not moving first",
                2,
                g(c3, Some(1), 1, true),
                false,
            ),
            (
                "step 2: level 2 receiving 4 is one place above level 1 giving 4",
                2,
                g(c3, Some(2), 4, true),
                true,
            ),
            (
                "most captures, any length",
                4,
                g(GameKind::MostCaptures { moves: 60 }, Some(1), -2, true),
                true,
            ),
            (
                "9×9 Go, level 1 with 2 stones",
                5,
                g(go9, Some(1), 2, true),
                true,
            ),
            (
                "9×9 Go, level 1 with 3 stones",
                5,
                g(go9, Some(1), 3, true),
                false,
            ),
            (
                "13×13 is not 9×9",
                5,
                g(GameKind::Go { size: 13 }, Some(2), 0, true),
                false,
            ),
            (
                "13×13 even",
                6,
                g(GameKind::Go { size: 13 }, Some(1), 0, true),
                true,
            ),
        ];
        for (name, n, game, want) in cases {
            let s = step(*n).expect("step");
            assert_eq!(s.rule.counts(s.game, game), *want, "{name}");
        }
    }

    /// (step, wins, problems, available, passed).
    #[test]
    fn a_gate_is_passed_by_play_and_problems_or_by_problems_alone() {
        let cases: &[(u8, u32, u32, u32, bool)] = &[
            (1, 3, 5, 30, true),
            (1, 2, 5, 30, false),
            (1, 3, 4, 30, false),
            (1, 0, 10, 30, true),
            (1, 0, 9, 30, false),
            // A step with fewer problems than the gate asks: all of them are enough.
            (1, 0, 7, 7, true),
            (1, 3, 4, 4, true),
            // No problems at all: only play.
            (1, 0, 0, 0, false),
            (1, 3, 0, 0, true),
            (2, 3, 6, 20, true),
            (2, 0, 12, 20, true),
            (2, 0, 11, 20, false),
        ];
        for &(n, wins, problems, available, want) in cases {
            let s = step(n).expect("step");
            assert_eq!(
                s.rule.passed(StepProgress {
                    wins,
                    problems,
                    available
                }),
                want,
                "step {n}: {wins} wins, {problems} of {available} problems"
            );
        }
    }

    /// Each gate is reachable by a child of the step's level: a child who wins half their
    /// games at the gate's rung of the handicap ladder, starting where a child comes to the
    /// step (the ladder's start for the first capture step and the first Go step, else the
    /// gate of the step before), gets the step's wins within 24 games (six weeks of two
    /// lessons with two games) in at least 90 of 100 tries; the ladder never has to pass a
    /// harder rung first.
    #[test]
    fn every_gate_is_reachable_by_a_child_of_its_level() {
        use crate::ai::Level;
        use crate::ai::{HandicapLadder, Rung, StudentResult};
        const GAMES: usize = 24;
        for s in STEPS.iter().filter(|s| usize::from(s.number) < STEPS.len()) {
            let stones = if s.game.is_capture() {
                CAPTURE_LADDER_STONES
            } else {
                GO_LADDER_STONES
            };
            let gate = ladder_position(s.rule.min_level, s.rule.max_handicap, stones);
            let entry = match s.number {
                1 => (1, 1),
                5 => (1, 0),
                n => {
                    let before = step(n - 1).expect("step").rule;
                    (before.min_level, before.max_handicap)
                }
            };
            let mut rng = crate::rng::SplitMix64::new(u64::from(s.number));
            let mut reached = 0;
            for _ in 0..100 {
                let mut ladder = HandicapLadder::new(
                    Rung {
                        level: Level::new(entry.0).expect("level"),
                        handicap: entry.1,
                    },
                    stones,
                    true,
                );
                let mut wins = 0;
                for _ in 0..GAMES {
                    let rung = ladder.rung();
                    let at = ladder_position(rung.level.get(), rung.handicap, stones);
                    let p = 1.0 / (1.0 + (-(f64::from(gate - at)) / 1.2).exp());
                    let won = rng.unit() < p;
                    let game = CountedGame {
                        kind: s.game,
                        computer_level: Some(rung.level.get()),
                        handicap: rung.handicap,
                        won,
                    };
                    wins += u32::from(s.rule.counts(s.game, &game));
                    ladder.record(if won {
                        StudentResult::Won
                    } else {
                        StudentResult::Lost
                    });
                }
                reached += usize::from(wins >= s.rule.wins);
            }
            eprintln!("step {}: {reached} of 100 within {GAMES} games", s.number);
            assert!(
                reached >= 90,
                "step {}: a child of its level reached the gate {reached} times in 100",
                s.number
            );
        }
    }
}
