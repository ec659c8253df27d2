//! The capture game (吃子棋): the first side to capture `N` stones wins.
//!
//! Clubs start children with it on 9×9 before they learn counting. The rules core decides
//! everything: a move is legal exactly when [`Game::play`] accepts it (no suicide, no immediate
//! ko recapture or other repetition), and the stones a move removes are the captures the rules
//! core reports. This module only adds the goal and the end of the game.
//!
//! Passes (a choice of ours, see `docs/decisions.md`): a pass is legal, as in Go, and gains
//! nothing; a side with no legal move passes. Two passes in a row end the game: the side with
//! more captures wins, equal captures is a draw (和棋). A child's club expects the game to be
//! about capturing, so the end by passes is rare on 9×9, but it must not hang a game in which
//! neither side can or will move.

use std::fmt;

use crate::i18n::Lang;
use crate::rules::{
    Board, Color, Coord, Game, IllegalMove, MAX_SIZE, Move, Played, Rules, fixed_handicap_points,
};

/// The smallest board of the capture game.
pub const MIN_CAPTURE_SIZE: u8 = 5;
/// The largest board of the capture game.
pub const MAX_CAPTURE_SIZE: u8 = 19;

/// The position the game starts from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum StartPosition {
    /// An empty board.
    #[default]
    Empty,
    /// The crosscut (扭十字) in the centre: two black and two white stones on the diagonals of
    /// the central 2×2 square, Black to move. On odd sizes the square is the centre point, the
    /// point left of it and the two points below them (9×9: Black D5 E4, White E5 D4).
    Crosscut,
}

impl StartPosition {
    /// Every start position, in menu order.
    pub const ALL: [StartPosition; 2] = [StartPosition::Empty, StartPosition::Crosscut];

    /// The name used on the command line and in GTP: `empty` or `crosscut`.
    pub fn name(self) -> &'static str {
        match self {
            StartPosition::Empty => "empty",
            StartPosition::Crosscut => "crosscut",
        }
    }

    /// Reads [`StartPosition::name`] (any letter case).
    pub fn from_name(name: &str) -> Option<StartPosition> {
        StartPosition::ALL
            .into_iter()
            .find(|s| s.name().eq_ignore_ascii_case(name.trim()))
    }

    /// The black and the white stones of this start on a board of `size` lines.
    pub fn stones(self, size: u8) -> (Vec<Coord>, Vec<Coord>) {
        match self {
            StartPosition::Empty => (Vec::new(), Vec::new()),
            StartPosition::Crosscut => {
                let m = size / 2;
                // Even sizes: the exact central square. Odd sizes: centre column and the one
                // to its left, centre row and the one below it.
                let (left, top) = if size.is_multiple_of(2) {
                    (m - 1, m - 1)
                } else {
                    (m - 1, m)
                };
                let (right, bottom) = (left + 1, top + 1);
                (
                    vec![Coord::new(left, top), Coord::new(right, bottom)],
                    vec![Coord::new(right, top), Coord::new(left, bottom)],
                )
            }
        }
    }
}

/// How the capture game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CaptureStatus {
    /// Nobody has won yet.
    InProgress,
    /// `winner` has won.
    Won {
        /// The side that won.
        winner: Color,
        /// Why.
        reason: WinReason,
    },
    /// Both sides passed with equal captures (和棋).
    Drawn,
}

/// Why a capture game was won.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WinReason {
    /// The winner captured the target number of stones (or more, with the last capture).
    ReachedTarget,
    /// Both sides passed and the winner had captured more stones.
    MoreCapturesAtEnd,
}

impl CaptureStatus {
    /// The winner, if any.
    pub fn winner(self) -> Option<Color> {
        match self {
            CaptureStatus::Won { winner, .. } => Some(winner),
            _ => None,
        }
    }

    /// Whether the game has ended (won or drawn).
    pub fn is_over(self) -> bool {
        self != CaptureStatus::InProgress
    }
}

/// How the capture game stands in `game` with the target `target` (≥ 1): a side that has
/// captured `target` stones has won; otherwise two passes in a row end the game (more captures
/// wins, equal is a draw). Only one side can reach the target first, because the game stops
/// there; should a game handed in have both sides at the target, the side that moved last made
/// the winning capture.
pub fn capture_status(game: &Game, target: u32) -> CaptureStatus {
    let target = usize::try_from(target.max(1)).unwrap_or(usize::MAX);
    let black = game.captures(Color::Black);
    let white = game.captures(Color::White);
    let reached = |c: Color| game.captures(c) >= target;
    let winner = match (reached(Color::Black), reached(Color::White)) {
        (true, false) => Some(Color::Black),
        (false, true) => Some(Color::White),
        (true, true) => Some(game.last_move().map_or(Color::Black, |(color, _)| color)),
        (false, false) => None,
    };
    if let Some(winner) = winner {
        return CaptureStatus::Won {
            winner,
            reason: WinReason::ReachedTarget,
        };
    }
    if game.consecutive_passes() >= 2 {
        return match black.cmp(&white) {
            std::cmp::Ordering::Greater => CaptureStatus::Won {
                winner: Color::Black,
                reason: WinReason::MoreCapturesAtEnd,
            },
            std::cmp::Ordering::Less => CaptureStatus::Won {
                winner: Color::White,
                reason: WinReason::MoreCapturesAtEnd,
            },
            std::cmp::Ordering::Equal => CaptureStatus::Drawn,
        };
    }
    CaptureStatus::InProgress
}

/// The line a child reads under the board: the captures so far and the goal, or who won and
/// why (the small celebration's words), in `lang`.
pub fn status_text(game: &Game, target: u32, lang: Lang) -> String {
    let black = game.captures(Color::Black);
    let white = game.captures(Color::White);
    let side = |c: Color| match (c, lang) {
        (Color::Black, Lang::En) => "Black",
        (Color::White, Lang::En) => "White",
        (Color::Black, _) => "黑方",
        (Color::White, _) => "白方",
    };
    match capture_status(game, target) {
        CaptureStatus::InProgress => match lang {
            Lang::ZhHans => {
                format!("黑方已吃{black}子，白方已吃{white}子；先吃{target}子的一方获胜。")
            }
            Lang::ZhHant => {
                format!("黑方已吃{black}子，白方已吃{white}子；先吃{target}子的一方獲勝。")
            }
            Lang::En => format!(
                "Black has captured {black}, White {white}; the first to capture {target} wins."
            ),
        },
        CaptureStatus::Won {
            winner,
            reason: WinReason::ReachedTarget,
        } => {
            let n = game.captures(winner);
            let who = side(winner);
            match lang {
                Lang::ZhHans => format!("{who}吃掉了{n}颗子，获胜！"),
                Lang::ZhHant => format!("{who}吃掉了{n}顆子，獲勝！"),
                Lang::En => format!(
                    "{who} has captured {n} stone{} and wins!",
                    if n == 1 { "" } else { "s" }
                ),
            }
        }
        CaptureStatus::Won {
            winner,
            reason: WinReason::MoreCapturesAtEnd,
        } => {
            let who = side(winner);
            match lang {
                Lang::ZhHans => format!("双方都停了一手。{who}吃子多（{black}比{white}），获胜！"),
                Lang::ZhHant => format!("雙方都停了一手。{who}吃子多（{black}比{white}），獲勝！"),
                Lang::En => {
                    format!("Both passed. {who} captured more ({black} to {white}) and wins!")
                }
            }
        }
        CaptureStatus::Drawn => lang
            .pick(
                "双方都停了一手，吃子一样多：和棋。",
                "雙方都停了一手，吃子一樣多：和棋。",
                "Both passed with the same captures: a draw.",
            )
            .to_owned(),
    }
}

/// The settings of one capture game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CaptureSettings {
    /// Board size, [`MIN_CAPTURE_SIZE`] to [`MAX_CAPTURE_SIZE`] (9 is usual).
    pub size: u8,
    /// Stones to capture to win (1, 3, 5 or any number from 1).
    pub target: u32,
    /// The start position.
    pub start: StartPosition,
    /// Handicap stones for Black on the fixed points (0 = none; see [`CaptureGame::new`]).
    pub handicap: u8,
}

impl Default for CaptureSettings {
    /// 9×9, first capture wins, empty board, no handicap.
    fn default() -> CaptureSettings {
        CaptureSettings {
            size: 9,
            target: 1,
            start: StartPosition::Empty,
            handicap: 0,
        }
    }
}

/// Why a capture game cannot be set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CaptureSetupError {
    /// The size is outside [`MIN_CAPTURE_SIZE`]..=[`MAX_CAPTURE_SIZE`].
    BadSize(u8),
    /// The target must be at least one stone.
    BadTarget,
    /// This many handicap stones cannot be placed on this board with this start.
    BadHandicap(u8),
}

impl fmt::Display for CaptureSetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CaptureSetupError::BadSize(s) => write!(
                f,
                "the capture game is played on boards of {MIN_CAPTURE_SIZE} to {MAX_CAPTURE_SIZE} lines, not {s}"
            ),
            CaptureSetupError::BadTarget => {
                f.write_str("the number of stones to capture must be at least 1")
            }
            CaptureSetupError::BadHandicap(n) => {
                write!(f, "{n} handicap stones cannot be placed on this board")
            }
        }
    }
}

impl std::error::Error for CaptureSetupError {}

/// Why a move in the capture game is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CaptureMoveError {
    /// The game is over; only passes are accepted.
    GameOver(CaptureStatus),
    /// The rules core refuses the move.
    Illegal(IllegalMove),
}

impl fmt::Display for CaptureMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CaptureMoveError::GameOver(status) => match status.winner() {
                Some(w) => write!(f, "game over: {} has won the capture game", w.letter()),
                None => f.write_str("game over: the capture game is drawn"),
            },
            CaptureMoveError::Illegal(why) => write!(f, "illegal move: {why}"),
        }
    }
}

impl std::error::Error for CaptureMoveError {}

/// A capture game in progress: a [`Game`] of the rules core and the target.
#[derive(Clone, Debug)]
pub struct CaptureGame {
    game: Game,
    settings: CaptureSettings,
}

impl CaptureGame {
    /// A new game: the start position, then the handicap stones (Black, on the fixed points of
    /// [`fixed_handicap_points`]; one stone goes on the centre point), then White moves first;
    /// without handicap Black moves first. The stones of the start keep their points; a
    /// handicap point already taken by them is refused.
    pub fn new(settings: CaptureSettings) -> Result<CaptureGame, CaptureSetupError> {
        let size = settings.size;
        if !(MIN_CAPTURE_SIZE..=MAX_CAPTURE_SIZE.min(MAX_SIZE)).contains(&size) {
            return Err(CaptureSetupError::BadSize(size));
        }
        if settings.target == 0 {
            return Err(CaptureSetupError::BadTarget);
        }
        let mut game =
            Game::new(size, Rules::default()).map_err(|_| CaptureSetupError::BadSize(size))?;
        let (mut black, white) = settings.start.stones(size);
        let bad_handicap = CaptureSetupError::BadHandicap(settings.handicap);
        let extra = match settings.handicap {
            0 => Vec::new(),
            1 => vec![Coord::new(size / 2, size / 2)],
            n => fixed_handicap_points(size, n).ok_or(bad_handicap.clone())?,
        };
        for c in extra {
            if black.contains(&c) || white.contains(&c) {
                return Err(bad_handicap);
            }
            black.push(c);
        }
        if !black.is_empty() || !white.is_empty() {
            game.setup(&black, &white, &[])
                .map_err(|_| bad_handicap.clone())?;
        }
        if settings.handicap > 0 {
            game.set_to_move(Color::White);
        }
        Ok(CaptureGame { game, settings })
    }

    /// The settings the game was made with.
    pub fn settings(&self) -> CaptureSettings {
        self.settings
    }

    /// The game of the rules core (board, captures, history).
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The board.
    pub fn board(&self) -> &Board {
        self.game.board()
    }

    /// The side to move.
    pub fn to_move(&self) -> Color {
        self.game.to_move()
    }

    /// How the game stands.
    pub fn status(&self) -> CaptureStatus {
        capture_status(&self.game, self.settings.target)
    }

    /// The winner, if any.
    pub fn winner(&self) -> Option<Color> {
        self.status().winner()
    }

    /// Stones captured by `by` so far.
    pub fn captures(&self, by: Color) -> usize {
        self.game.captures(by)
    }

    /// Plays `mv` for `color`. After the end of the game only passes are accepted (a pass then
    /// changes nothing that matters: the result stands). On error nothing changes.
    pub fn play(&mut self, color: Color, mv: Move) -> Result<Played, CaptureMoveError> {
        let status = self.status();
        if status.is_over() && mv != Move::Pass {
            return Err(CaptureMoveError::GameOver(status));
        }
        self.game.play(color, mv).map_err(CaptureMoveError::Illegal)
    }

    /// Takes back the last move or pass (teaching mode only); `false` at the start.
    pub fn undo(&mut self) -> bool {
        self.game.undo()
    }

    /// The points where `color` may put a stone now.
    pub fn legal_points(&self, color: Color) -> Vec<Coord> {
        legal_points(&self.game, color)
    }
}

/// The points where `color` may put a stone in `game`, row by row from the top.
pub fn legal_points(game: &Game, color: Color) -> Vec<Coord> {
    game.board()
        .points()
        .filter(|&c| game.board().get(c).is_none() && game.is_legal(color, c))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(gtp: &str, size: u8) -> Coord {
        Coord::from_gtp(gtp, size).unwrap_or_else(|| panic!("bad vertex {gtp}"))
    }

    /// Plays the GTP moves alternately from the start and returns the status after them.
    fn status_after(settings: CaptureSettings, moves: &[&str]) -> CaptureStatus {
        let mut g = CaptureGame::new(settings).expect("valid settings");
        for m in moves {
            let color = g.to_move();
            let mv = if m.eq_ignore_ascii_case("pass") {
                Move::Pass
            } else {
                Move::Play(c(m, settings.size))
            };
            g.play(color, mv).unwrap_or_else(|e| panic!("{m}: {e}"));
        }
        g.status()
    }

    fn won(winner: Color, reason: WinReason) -> CaptureStatus {
        CaptureStatus::Won { winner, reason }
    }

    #[test]
    fn capture_game_wins_table() {
        use Color::{Black, White};
        use WinReason::{MoreCapturesAtEnd, ReachedTarget};
        let nine = |target, start| CaptureSettings {
            size: 9,
            target,
            start,
            handicap: 0,
        };
        let empty = StartPosition::Empty;
        let cross = StartPosition::Crosscut;
        let cases: &[(&str, CaptureSettings, &[&str], CaptureStatus)] = &[
            ("no moves", nine(1, empty), &[], CaptureStatus::InProgress),
            // Black captures the corner stone A1 with B1 and A2.
            (
                "first capture wins",
                nine(1, empty),
                &["B1", "A1", "A2"],
                won(Black, ReachedTarget),
            ),
            (
                "one of three",
                nine(3, empty),
                &["B1", "A1", "A2"],
                CaptureStatus::InProgress,
            ),
            // White captures Black's corner stone.
            (
                "white wins",
                nine(1, empty),
                &["A1", "B1", "E5", "A2"],
                won(White, ReachedTarget),
            ),
            // Black D5 E4, White E5 D4: Black E6 F5 E5-atari... capture E5 by E6, F5 then D4? E5 has
            // libs E6, F5 after the start; Black E6 then F5 captures it.
            (
                "crosscut capture",
                nine(1, cross),
                &["E6", "A9", "F5"],
                won(Black, ReachedTarget),
            ),
            // Two stones captured at once reach a target of 2 with one move.
            (
                "two at once",
                nine(2, empty),
                &["C1", "A1", "B2", "B1", "A2"],
                won(Black, ReachedTarget),
            ),
            (
                "passes end equal",
                nine(1, empty),
                &["pass", "pass"],
                CaptureStatus::Drawn,
            ),
            (
                "one pass goes on",
                nine(1, empty),
                &["E5", "pass"],
                CaptureStatus::InProgress,
            ),
            (
                "more captures at the end",
                nine(3, empty),
                &["B1", "A1", "A2", "pass", "pass"],
                won(Black, MoreCapturesAtEnd),
            ),
        ];
        for (name, settings, moves, want) in cases {
            assert_eq!(status_after(*settings, moves), *want, "{name}");
        }
    }

    #[test]
    fn after_a_win_only_passes_are_accepted() {
        let settings = CaptureSettings::default();
        let mut g = CaptureGame::new(settings).expect("valid");
        for m in ["B1", "A1", "A2"] {
            let color = g.to_move();
            g.play(color, Move::Play(c(m, 9))).expect("legal");
        }
        let over = g.play(Color::White, Move::Play(c("E5", 9)));
        assert!(
            matches!(over, Err(CaptureMoveError::GameOver(_))),
            "{over:?}"
        );
        assert!(g.play(Color::White, Move::Pass).is_ok());
        assert_eq!(g.winner(), Some(Color::Black));
        // Undo in teaching mode reopens the game.
        assert!(g.undo() && g.undo());
        assert_eq!(g.status(), CaptureStatus::InProgress);
    }

    #[test]
    fn illegal_moves_come_from_the_rules_core() {
        let mut g = CaptureGame::new(CaptureSettings {
            target: 5,
            ..CaptureSettings::default()
        })
        .expect("valid");
        g.play(Color::Black, Move::Play(c("E5", 9))).expect("legal");
        let again = g.play(Color::White, Move::Play(c("E5", 9)));
        assert_eq!(again, Err(CaptureMoveError::Illegal(IllegalMove::Occupied)));
    }

    #[test]
    fn crosscut_stones_on_odd_and_even_boards() {
        let diagram = |size| {
            let g = CaptureGame::new(CaptureSettings {
                size,
                start: StartPosition::Crosscut,
                ..CaptureSettings::default()
            })
            .expect("valid");
            g.board().to_diagram()
        };
        assert_eq!(
            diagram(5),
            ". . . . .\n. . . . .\n. X O . .\n. O X . .\n. . . . .\n"
        );
        assert_eq!(
            diagram(6),
            ". . . . . .\n. . . . . .\n. . X O . .\n. . O X . .\n. . . . . .\n. . . . . .\n"
        );
        let g = CaptureGame::new(CaptureSettings {
            start: StartPosition::Crosscut,
            ..CaptureSettings::default()
        })
        .expect("valid");
        let b = g.board();
        assert_eq!(b.get(c("D5", 9)), Some(Color::Black));
        assert_eq!(b.get(c("E4", 9)), Some(Color::Black));
        assert_eq!(b.get(c("E5", 9)), Some(Color::White));
        assert_eq!(b.get(c("D4", 9)), Some(Color::White));
        assert_eq!(g.to_move(), Color::Black);
    }

    #[test]
    fn settings_are_checked() {
        let bad = |s: CaptureSettings| CaptureGame::new(s).err();
        let d = CaptureSettings::default();
        assert_eq!(
            bad(CaptureSettings { size: 4, ..d }),
            Some(CaptureSetupError::BadSize(4))
        );
        assert_eq!(
            bad(CaptureSettings { size: 20, ..d }),
            Some(CaptureSetupError::BadSize(20))
        );
        assert_eq!(
            bad(CaptureSettings { target: 0, ..d }),
            Some(CaptureSetupError::BadTarget)
        );
        assert_eq!(
            bad(CaptureSettings { handicap: 10, ..d }),
            Some(CaptureSetupError::BadHandicap(10))
        );
        for size in MIN_CAPTURE_SIZE..=MAX_CAPTURE_SIZE {
            assert!(
                CaptureGame::new(CaptureSettings { size, ..d }).is_ok(),
                "{size}"
            );
        }
    }

    #[test]
    fn handicap_stones_then_white_moves() {
        let g = CaptureGame::new(CaptureSettings {
            handicap: 2,
            ..CaptureSettings::default()
        })
        .expect("valid");
        assert_eq!(g.board().count(Color::Black), 2);
        assert_eq!(g.to_move(), Color::White);
        assert_eq!(g.status(), CaptureStatus::InProgress);
    }

    #[test]
    fn status_lines_in_three_languages() {
        let mut g = CaptureGame::new(CaptureSettings {
            target: 3,
            ..CaptureSettings::default()
        })
        .expect("valid");
        let text = |g: &CaptureGame, lang| status_text(g.game(), 3, lang);
        assert_eq!(
            text(&g, Lang::En),
            "Black has captured 0, White 0; the first to capture 3 wins."
        );
        for m in ["B1", "A1", "A2"] {
            let color = g.to_move();
            g.play(color, Move::Play(c(m, 9))).expect("legal");
        }
        g.play(Color::White, Move::Pass).expect("pass");
        g.play(Color::Black, Move::Pass).expect("pass");
        assert_eq!(
            text(&g, Lang::En),
            "Both passed. Black captured more (1 to 0) and wins!"
        );
        assert_eq!(
            text(&g, Lang::ZhHans),
            "双方都停了一手。黑方吃子多（1比0），获胜！"
        );
        assert!(text(&g, Lang::ZhHant).contains("獲勝"));
        let mut won = CaptureGame::new(CaptureSettings::default()).expect("valid");
        for m in ["B1", "A1", "A2"] {
            let color = won.to_move();
            won.play(color, Move::Play(c(m, 9))).expect("legal");
        }
        assert_eq!(
            status_text(won.game(), 1, Lang::ZhHans),
            "黑方吃掉了1颗子，获胜！"
        );
        assert_eq!(
            status_text(won.game(), 1, Lang::En),
            "Black has captured 1 stone and wins!"
        );
    }

    #[test]
    fn start_names_round_trip() {
        for s in StartPosition::ALL {
            assert_eq!(StartPosition::from_name(s.name()), Some(s));
        }
        assert_eq!(
            StartPosition::from_name("CrossCut"),
            Some(StartPosition::Crosscut)
        );
        assert_eq!(StartPosition::from_name("star"), None);
    }
}
