//! Teaching mode's state, with no egui: the game at the board (the capture game or small-board
//! Go), the computer across it, the overlays' inputs, the explanation of a refused move, the
//! celebration and the teacher's lock. Views read it and send [`TeachCommand`]s;
//! [`TeachState::apply`] changes it and returns [`TeachEffects`] (sounds, saved preferences,
//! leaving the mode, and jobs for the effects runner) for the host to carry out. The computer
//! thinks and the teacher's PIN is derived on the runner's threads ([`Work`]); their answers
//! come back through [`TeachState::on_work`], and one about a position or a prompt that has
//! changed since is skipped. Not an arbiter session: nothing is journalled, there is no clock,
//! and a take-back simply undoes.

use super::prefs::{GameKind, OpponentKind, SavedRung, TeachPrefs};
use super::teacher_pin;
use crate::ai::{HandicapLadder, Level, Rung, StudentResult, rng::mix};
use crate::app::pin_gate::PinGate;
use crate::app::protocol::{ComputerAnswer, Question};
use crate::app::protocol::{ComputerSpec, PinProblem, Work, WorkDone};
use crate::audio::Sound;
use crate::clock::Timestamp;
use crate::engine::{EngineError, EngineSpec};
use crate::files::journal_writer::Secret;
use crate::i18n::Lang;
use crate::rules::{Color, Coord, Game, GameResult, Komi, Move, Rules, RulesError};
use crate::seal::KdfParams;
use crate::teach::capture::{
    CaptureGame, CaptureSettings, CaptureSetupError, CaptureStatus, MAX_CAPTURE_SIZE,
    MIN_CAPTURE_SIZE, StartPosition,
};
use crate::teach::chains::ChainInfo;
use crate::teach::counting::{CountLesson, CountStep};
use crate::teach::explain::{IllegalExplanation, explain_illegal};
use crate::teach::overlay::{self, HoverPreview, LastCapture};

/// The game on the board.
#[derive(Clone, Debug)]
pub enum Play {
    /// The capture game, decided by [`crate::teach::capture`].
    Capture(CaptureGame),
    /// Ordinary Go, ended by two passes and counted by area.
    Go(Game),
}

impl Play {
    /// The rules core's game.
    pub fn game(&self) -> &Game {
        match self {
            Play::Capture(c) => c.game(),
            Play::Go(g) => g,
        }
    }

    fn play(&mut self, color: Color, mv: Move) -> bool {
        match self {
            Play::Capture(c) => c.play(color, mv).is_ok(),
            Play::Go(g) => g.play(color, mv).is_ok(),
        }
    }

    fn undo(&mut self) -> bool {
        match self {
            Play::Capture(c) => c.undo(),
            Play::Go(g) => g.undo(),
        }
    }

    /// The capture game's target, `None` in Go.
    pub fn target(&self) -> Option<u32> {
        match self {
            Play::Capture(c) => Some(c.settings().target),
            Play::Go(_) => None,
        }
    }
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq)]
pub enum GameEnd {
    /// The capture game is won or drawn.
    Capture(CaptureStatus),
    /// Go, counted after two passes with the suggested dead stones removed.
    Counted(GameResult),
    /// A side resigned (an engine).
    Resigned(Color),
    /// "Most captures in N moves" (issue 20's fourth step): the moves are played, the one who
    /// captured more wins.
    MostCaptures {
        /// Stones Black captured.
        black: usize,
        /// Stones White captured.
        white: usize,
    },
}

impl GameEnd {
    /// The winner, `None` for a draw.
    pub fn winner(&self) -> Option<Color> {
        match self {
            GameEnd::Capture(s) => s.winner(),
            GameEnd::Counted(r) => r.winner,
            GameEnd::Resigned(loser) => Some(loser.opponent()),
            GameEnd::MostCaptures { black, white } => match black.cmp(white) {
                std::cmp::Ordering::Greater => Some(Color::Black),
                std::cmp::Ordering::Less => Some(Color::White),
                std::cmp::Ordering::Equal => None,
            },
        }
    }
}

pub use crate::app::protocol::PinPurpose;

/// Why the teacher's choices cannot start a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StartProblem {
    /// The capture game cannot be set up so.
    Capture(CaptureSetupError),
    /// The board or the handicap is refused by the rules.
    Rules(RulesError),
    /// The engine's command line is empty or has an open quote.
    NoEngineCommand(String),
}

impl StartProblem {
    /// The reason in the interface language.
    pub fn text(&self, lang: Lang) -> String {
        let reason = match self {
            StartProblem::Capture(CaptureSetupError::BadSize(s)) => lang.pick(
                format!("吃子棋用 {MIN_CAPTURE_SIZE} 到 {MAX_CAPTURE_SIZE} 路的棋盘，不能用 {s} 路"),
                format!("吃子棋用 {MIN_CAPTURE_SIZE} 到 {MAX_CAPTURE_SIZE} 路的棋盤，不能用 {s} 路"),
                format!(
                    "the capture game is played on boards of {MIN_CAPTURE_SIZE} to {MAX_CAPTURE_SIZE} lines, not {s}"
                ),
            ),
            StartProblem::Capture(CaptureSetupError::BadTarget) => lang
                .pick(
                    "要吃的子数至少为 1",
                    "要吃的子數至少為 1",
                    "the number of stones to capture must be at least 1",
                )
                .to_owned(),
            StartProblem::Capture(CaptureSetupError::BadHandicap(n)) => lang.pick(
                format!("这个棋盘上放不下 {n} 个让子"),
                format!("這個棋盤上放不下 {n} 個讓子"),
                format!("{n} handicap stones cannot be placed on this board"),
            ),
            StartProblem::Rules(e) => crate::i18n::rules_error_text(e, lang),
            StartProblem::NoEngineCommand(line) => lang.pick(
                format!("引擎命令行为空或引号不完整：'{line}'"),
                format!("引擎命令列為空或引號不完整：'{line}'"),
                format!("no engine command: '{line}'"),
            ),
        };
        lang.pick(
            format!("无法开始：{reason}"),
            format!("無法開始：{reason}"),
            format!("Cannot start: {reason}"),
        )
    }
}

/// A message for the child or the teacher, besides the explanation of a refused move: typed
/// until drawn, so a language switch translates it.
#[derive(Clone, Debug, PartialEq)]
pub enum TeachNote {
    /// Wait: it is the computer's turn.
    ComputerToMove,
    /// The game is over: play again.
    GameOver,
    /// The computer failed (missing engine, refusal, crash).
    ComputerFailed(EngineError),
    /// The wrong PIN was typed.
    WrongPin,
    /// A new PIN was refused (too short, or the random generator failed).
    PinRefused(PinProblem),
    /// The teacher's PIN is set.
    PinSet,
    /// The teacher's PIN is removed.
    PinRemoved,
    /// A setting of the teacher's cannot start a game (e.g. a bad handicap).
    CannotStart(StartProblem),
    /// An engine plays ordinary Go only; the capture game uses our own player.
    EngineGoOnly,
    /// A ladder game's result is recorded: take-back is closed for it.
    LadderRecorded,
}

/// Everything the teaching views ask for.
#[must_use]
#[derive(Clone, Debug, PartialEq)]
pub enum TeachCommand {
    /// A click or tap on a point: a move by the side to move.
    Click(Coord),
    /// The pointer is over this point (or left the board).
    Hover(Option<Coord>),
    /// The side to move passes.
    Pass,
    /// Take back the last move (against the computer: back to the child's turn).
    TakeBack,
    /// A new game with the same choices (on the ladder: the ladder's next rung).
    PlayAgain,
    /// Open the teacher's options (asks the PIN when one is set).
    OpenOptions,
    /// Close them (locks again).
    CloseOptions,
    /// The PIN typed in the prompt.
    SubmitPin(String),
    /// The prompt was closed.
    CancelPin,
    /// The teacher changed a choice that shows at once (overlays, sounds, large controls).
    UpdatePrefs(Box<TeachPrefs>),
    /// The teacher starts a new game with these choices.
    StartGame(Box<TeachPrefs>),
    /// Set (or change) the teacher's PIN.
    SetTeacherPin(String),
    /// Remove the teacher's PIN.
    RemoveTeacherPin,
    /// Leave teaching mode (asks the PIN when one is set).
    Leave,
    /// Ask the computer again after a failure.
    RetryComputer,
    /// A child of the class plays their step's game on their own ladder (issue 20): the
    /// game's end is handed out for their profile, and the machine's ladder is not touched.
    StartChildGame(Box<ChildGame>),
    /// Back to the teacher's game (the class was closed).
    EndChildGames,
    /// The counting lesson's next step (issue 20 item 2).
    CountNext,
    /// The counting lesson's step before.
    CountBack,
}

/// A game a child of the class plays (issue 20): their step's game against our computer on
/// their own ladder.
#[derive(Clone, Debug, PartialEq)]
pub struct ChildGame {
    /// The child's nickname.
    pub nick: String,
    /// The step's game.
    pub kind: crate::class::GameKind,
    /// The child's ladder for it (the computer's level and the handicap).
    pub ladder: crate::class::LadderState,
}

/// A child's game that has ended, for their profile.
#[derive(Clone, Debug, PartialEq)]
pub struct FinishedGame {
    /// The child's nickname.
    pub nick: String,
    /// The game played.
    pub kind: crate::class::GameKind,
    /// The opponent in words ("computer level 2").
    pub opponent: String,
    /// Our computer's level.
    pub computer_level: Option<u8>,
    /// The handicap the child received (the ladder's count).
    pub handicap: i8,
    /// The child's colour.
    pub color: Color,
    /// The result for the child.
    pub result: crate::class::GameResult,
    /// The game as SGF (with its result and the players).
    pub sgf: String,
}

/// What the host does after a command.
#[derive(Debug, Default)]
pub struct TeachEffects {
    /// Sounds to play.
    pub sounds: Vec<Sound>,
    /// The preferences changed: save them into the settings.
    pub prefs_changed: bool,
    /// Leave teaching mode.
    pub leave: bool,
    /// Jobs for the effects runner: the computer's thread and questions, the teacher's PIN.
    pub work: Vec<Work>,
    /// A child's game ended: to be kept in their profile.
    pub finished: Option<FinishedGame>,
}

impl TeachEffects {
    fn merge(&mut self, other: TeachEffects) {
        self.sounds.extend(other.sounds);
        self.prefs_changed |= other.prefs_changed;
        self.leave |= other.leave;
        self.work.extend(other.work);
        if other.finished.is_some() {
            self.finished = other.finished;
        }
    }
}

/// A question to the computer in flight, and the position it is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Asked {
    question: u64,
    moves: usize,
    hash: u64,
    to_move: Color,
}

/// The computer across the board: its colour, and what it was asked.
#[derive(Clone, Debug)]
struct ComputerSide {
    color: Color,
    asked: Option<Asked>,
    /// Its last answer was a failure: it waits for "try again".
    failed: bool,
}

/// Teaching mode.
pub struct TeachState {
    /// The saved choices.
    pub prefs: TeachPrefs,
    play: Play,
    computer: Option<ComputerSide>,
    /// The number of the game on the board (the runner's computer plays in it).
    game_id: u64,
    next_question: u64,
    /// Jobs for the runner, handed out with the next effects.
    outbox: Vec<Work>,
    /// A new PIN is being derived on the runner.
    pin_making: bool,
    /// Our computer player's level in this game (`None` for people or an engine).
    level: Option<u8>,
    /// This game is on the handicap ladder (its result moves the ladder).
    on_ladder: bool,
    ladder_recorded: bool,
    hover: Option<Coord>,
    preview: Option<HoverPreview>,
    /// The last refused move, explained.
    pub explanation: Option<IllegalExplanation>,
    /// How the game ended.
    pub end: Option<GameEnd>,
    /// When the celebration started (the app's milliseconds).
    pub celebration: Option<Timestamp>,
    /// A note to show.
    pub note: Option<TeachNote>,
    /// The teacher's PIN prompt: what it unlocks, the check running on the runner.
    pub pin: PinGate<PinPurpose>,
    /// The teacher's options are open (unlocked).
    pub options_open: bool,
    kdf: KdfParams,
    /// The child of the class playing this game (issue 20), if any.
    child: Option<ChildGame>,
    /// "Most captures in N moves": the game ends after this many moves.
    move_limit: Option<u32>,
    /// The point of a self-atari tapped once: the warning is shown, and a second tap on the
    /// same point plays (so the warning works on a touch screen, with no hover).
    pub warned: Option<Coord>,
    /// A counted Go game's count explained step by step on the board (issue 20 item 2).
    counting: Option<Counting>,
    /// Two passes ended a Go game: the estimator's dead stones are asked of the runner (the
    /// key of the question); the game ends with its answer.
    count_asked: Option<u64>,
}

/// The counting lesson on the board and the step shown.
#[derive(Clone, Debug)]
struct Counting {
    lesson: Box<CountLesson>,
    step: CountStep,
}

impl std::fmt::Debug for TeachState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TeachState")
            .field("prefs", &self.prefs)
            .field("play", &self.play)
            .field("end", &self.end)
            .finish_non_exhaustive()
    }
}

impl TeachState {
    /// Teaching mode with the saved `prefs`, starting their game (or, should they be unusable,
    /// the default game); `kdf` is the teacher PIN's cost ([`KdfParams::STANDARD`] in the
    /// app). The computer's thread is started by the first jobs ([`TeachState::take_work`]).
    pub fn new(prefs: TeachPrefs, kdf: KdfParams) -> Result<TeachState, StartProblem> {
        let (prefs, built, note) = match build(&prefs) {
            Ok(b) => (prefs, b, None),
            Err(why) => {
                let defaults = TeachPrefs {
                    teacher_pin: prefs.teacher_pin.clone(),
                    ..TeachPrefs::default()
                };
                let b = build(&defaults)?;
                (defaults, b, Some(TeachNote::CannotStart(why)))
            }
        };
        let mut state = TeachState {
            prefs,
            play: built.play,
            computer: None,
            game_id: 0,
            next_question: 0,
            outbox: Vec::new(),
            pin_making: false,
            level: built.level,
            on_ladder: built.on_ladder,
            ladder_recorded: false,
            hover: None,
            preview: None,
            explanation: None,
            end: None,
            celebration: None,
            note: note.or(built.note),
            pin: PinGate::default(),
            options_open: false,
            kdf,
            child: None,
            move_limit: None,
            warned: None,
            counting: None,
            count_asked: None,
        };
        state.use_computer(built.computer);
        state.prefs.games_played = state.prefs.games_played.wrapping_add(1);
        state.ask_computer();
        Ok(state)
    }

    /// The jobs waiting for the runner (after [`TeachState::new`]; [`TeachState::apply`] and
    /// [`TeachState::on_work`] hand theirs out in their effects).
    pub fn take_work(&mut self) -> Vec<Work> {
        std::mem::take(&mut self.outbox)
    }

    /// Whether the teacher's PIN is being checked or derived on the runner.
    pub fn pin_busy(&self) -> bool {
        self.pin.checking() || self.pin_making
    }

    /// The game on the board gets `computer` (or people play each other): a new game number,
    /// the computer's thread started on the runner for it.
    fn use_computer(&mut self, computer: Option<(Color, ComputerSpec)>) {
        self.game_id += 1;
        let had = self.computer.take().is_some();
        match computer {
            Some((color, spec)) => {
                self.outbox.push(Work::StartComputer {
                    game: self.game_id,
                    spec,
                });
                self.computer = Some(ComputerSide {
                    color,
                    asked: None,
                    failed: false,
                });
            }
            None if had => self.outbox.push(Work::StopComputer),
            None => {}
        }
    }

    /// The game on the board.
    pub fn play(&self) -> &Play {
        &self.play
    }

    /// The rules core's game.
    pub fn game(&self) -> &Game {
        self.play.game()
    }

    /// The computer's colour, `None` when people play each other.
    pub fn computer_color(&self) -> Option<Color> {
        self.computer.as_ref().map(|c| c.color)
    }

    /// Whether the computer is thinking now.
    pub fn computer_thinking(&self) -> bool {
        self.computer.as_ref().is_some_and(|c| c.asked.is_some())
    }

    /// Our computer player's level in this game, `None` for people or an engine.
    pub fn computer_level(&self) -> Option<u8> {
        self.level
    }

    /// Whether this game is on the handicap ladder.
    pub fn on_ladder(&self) -> bool {
        self.on_ladder
    }

    /// Whether a take-back is possible now.
    pub fn can_take_back(&self) -> bool {
        let g = self.game();
        let child_moves = g
            .moves()
            .iter()
            .filter(|(c, _)| Some(*c) != self.computer_color())
            .count();
        child_moves > 0 && !self.ladder_recorded
    }

    /// The point under the pointer.
    pub fn hover(&self) -> Option<Coord> {
        self.hover
    }

    /// What a stone on the hovered point would do (when the preview is on).
    pub fn preview(&self) -> Option<&HoverPreview> {
        if self.prefs.show_preview {
            self.preview.as_ref()
        } else {
            None
        }
    }

    /// The chains with their liberty counts (when shown).
    pub fn liberty_overlay(&self) -> Vec<ChainInfo> {
        if self.prefs.show_liberties {
            overlay::liberty_counts(self.game().board())
        } else {
            Vec::new()
        }
    }

    /// The chains in atari (when shown).
    pub fn atari_overlay(&self) -> Vec<ChainInfo> {
        if self.prefs.show_atari {
            overlay::chains_in_atari(self.game().board())
        } else {
            Vec::new()
        }
    }

    /// The last capture (when shown).
    pub fn last_capture_overlay(&self) -> Option<LastCapture> {
        if self.prefs.show_last_capture {
            overlay::last_capture(self.game())
        } else {
            None
        }
    }

    /// Whether the side to move is a person who may click now.
    pub fn child_to_move(&self) -> bool {
        self.end.is_none()
            && self.count_asked.is_none()
            && Some(self.game().to_move()) != self.computer_color()
    }

    /// Whether the game has ended with two passes and is being counted on the runner.
    pub fn counting_pending(&self) -> bool {
        self.count_asked.is_some()
    }

    /// Whether the celebration plays at `now`.
    pub fn celebrating(&self, now: Timestamp) -> bool {
        self.celebration
            .is_some_and(|s| super::celebration::playing(s.0, now.0))
    }

    /// Applies one command at `now`.
    pub fn apply(&mut self, cmd: TeachCommand, now: Timestamp) -> TeachEffects {
        let mut fx = self.apply_inner(cmd, now);
        fx.work.append(&mut self.outbox);
        fx
    }

    fn apply_inner(&mut self, cmd: TeachCommand, now: Timestamp) -> TeachEffects {
        let mut fx = TeachEffects::default();
        match cmd {
            TeachCommand::Click(c) => fx.merge(self.click(c, now)),
            TeachCommand::Hover(c) => self.set_hover(c),
            TeachCommand::Pass => {
                if self.child_to_move() {
                    let color = self.game().to_move();
                    if self.play.play(color, Move::Pass) {
                        self.explanation = None;
                        self.warned = None;
                        fx.merge(self.after_move(now));
                    }
                }
            }
            TeachCommand::TakeBack => self.take_back(),
            TeachCommand::PlayAgain => fx.merge(self.new_game()),
            TeachCommand::OpenOptions => {
                if self.prefs.teacher_pin.is_some() {
                    self.pin.ask(PinPurpose::Options);
                } else {
                    self.options_open = true;
                }
            }
            TeachCommand::CloseOptions => self.options_open = false,
            TeachCommand::SubmitPin(pin) => fx.merge(self.submit_pin(pin)),
            TeachCommand::CancelPin => self.pin.cancel(),
            TeachCommand::UpdatePrefs(p) => {
                if self.options_open {
                    let pin = self.prefs.teacher_pin.clone();
                    self.prefs = TeachPrefs {
                        teacher_pin: pin,
                        ..*p
                    };
                    fx.prefs_changed = true;
                }
            }
            TeachCommand::StartGame(p) => {
                if self.options_open {
                    let pin = self.prefs.teacher_pin.clone();
                    let before = self.prefs.clone();
                    self.prefs = TeachPrefs {
                        teacher_pin: pin,
                        ..*p
                    };
                    // The teacher's own game: no child's profile records it.
                    let child = self.child.take();
                    match self.start_game() {
                        Ok(()) => {
                            self.options_open = false;
                            fx.prefs_changed = true;
                        }
                        Err(why) => {
                            self.prefs = before;
                            self.child = child;
                            self.note = Some(TeachNote::CannotStart(why));
                        }
                    }
                }
            }
            TeachCommand::SetTeacherPin(pin) => {
                if self.options_open && !self.pin_making {
                    // The length is checked here; the salt and the derivation on the runner.
                    match teacher_pin::acceptable(&pin) {
                        Ok(()) => {
                            self.pin_making = true;
                            self.outbox.push(Work::MakeTeacherPin {
                                pin: Secret(pin),
                                kdf: self.kdf,
                            });
                        }
                        Err(why) => self.note = Some(TeachNote::PinRefused(why)),
                    }
                }
            }
            TeachCommand::RemoveTeacherPin => {
                if self.options_open {
                    self.prefs.teacher_pin = None;
                    self.note = Some(TeachNote::PinRemoved);
                    fx.prefs_changed = true;
                }
            }
            TeachCommand::Leave => {
                if self.prefs.teacher_pin.is_some() && !self.options_open {
                    self.pin.ask(PinPurpose::Leave);
                } else {
                    self.options_open = false;
                    fx.leave = true;
                }
            }
            TeachCommand::RetryComputer => {
                if let Some(c) = &mut self.computer {
                    c.failed = false;
                }
                self.note = None;
                self.ask_computer();
            }
            TeachCommand::StartChildGame(game) => {
                self.options_open = false;
                self.child = Some(*game);
                fx.merge(self.new_game());
            }
            TeachCommand::EndChildGames => {
                if self.child.take().is_some() {
                    fx.merge(self.new_game());
                }
            }
            TeachCommand::CountNext => {
                if let Some(c) = &mut self.counting {
                    c.step = c.step.next().unwrap_or(c.step);
                }
            }
            TeachCommand::CountBack => {
                if let Some(c) = &mut self.counting {
                    c.step = c.step.back().unwrap_or(c.step);
                }
            }
        }
        fx
    }

    /// The counting lesson of a counted Go game and the step shown (issue 20 item 2: the
    /// captured stones, the dead stones, the areas and the result drawn on the board).
    pub fn counting(&self) -> Option<(&CountLesson, CountStep)> {
        self.counting.as_ref().map(|c| (&*c.lesson, c.step))
    }

    /// The child of the class playing this game, if any.
    pub fn child_game(&self) -> Option<&ChildGame> {
        self.child.as_ref()
    }

    /// The ladder of the game on the board as the class keeps it (the child's when a child of
    /// the class plays, else the machine's), with whether it is the capture game's: for the
    /// ladder's sentence. `None` off the ladder.
    pub fn ladder_state(&self) -> Option<(crate::class::LadderState, bool)> {
        if !self.on_ladder {
            return None;
        }
        if let Some(c) = &self.child {
            return Some((c.ladder, c.kind.is_capture()));
        }
        let rung = self.ladder_rung();
        let capture = self.prefs.kind == GameKind::Capture;
        let size = self.game().size();
        Some((
            crate::class::LadderState {
                level: Level::new(rung.level).unwrap_or(Level::MIN),
                handicap: rung.handicap,
                max_stones: HandicapLadder::max_stones_for(size),
                level_steps: true,
            },
            capture,
        ))
    }

    /// "Most captures in N moves": N, when this game has a move limit.
    pub fn move_limit(&self) -> Option<u32> {
        self.move_limit
    }

    /// An answer from the runner's threads: the computer's move, the teacher's PIN checked or
    /// made. An answer to a question no longer asked (a take-back, a new game, a prompt
    /// closed) is skipped.
    pub fn on_work(&mut self, done: WorkDone, now: Timestamp) -> TeachEffects {
        let mut fx = match done {
            WorkDone::ComputerMove {
                game,
                question,
                answer,
            } => self.on_computer(game, question, answer, now),
            WorkDone::TeacherPinChecked { ask, right } => self.on_pin_checked(ask, right),
            WorkDone::TeacherPinMade(made) => self.on_pin_made(made),
            WorkDone::Suggestion { key, suggestion } => self.on_count(key, &suggestion, now),
            _ => TeachEffects::default(),
        };
        fx.work.append(&mut self.outbox);
        fx
    }

    fn on_computer(
        &mut self,
        game: u64,
        question: u64,
        answer: ComputerAnswer,
        now: Timestamp,
    ) -> TeachEffects {
        let g = self.play.game();
        let (moves, hash, to_move) = (g.move_number(), g.board().hash(), g.to_move());
        let Some(computer) = &mut self.computer else {
            return TeachEffects::default();
        };
        let Some(asked) = computer.asked.filter(|a| a.question == question) else {
            return TeachEffects::default();
        };
        computer.asked = None;
        if game != self.game_id
            || self.end.is_some()
            || (asked.moves, asked.hash, asked.to_move) != (moves, hash, to_move)
        {
            // About another game or a position that has changed since: dropped, and the
            // computer asked again if it is its turn now.
            self.ask_computer();
            return TeachEffects::default();
        }
        let color = computer.color;
        if matches!(answer, ComputerAnswer::Failed(_)) {
            computer.failed = true;
        }
        match answer {
            ComputerAnswer::Move(mv) => {
                if self.play.play(color, mv) {
                    self.refresh_preview();
                    self.after_move(now)
                } else {
                    // Our rules refuse it (cannot happen with our player; an engine's moves
                    // are checked by `EnginePlayer`): the computer passes instead.
                    let _ = self.play.play(color, Move::Pass);
                    self.after_move(now)
                }
            }
            ComputerAnswer::Resign => self.finish(GameEnd::Resigned(color), now),
            ComputerAnswer::Failed(e) => {
                self.note = Some(TeachNote::ComputerFailed(e));
                TeachEffects::default()
            }
        }
    }

    /// The estimator's answer for the game ended with two passes: the game ends, counted
    /// with its dead stones, and the lesson explains that count (the count that decides).
    /// An answer about a game taken back or replaced since is skipped.
    fn on_count(
        &mut self,
        key: u64,
        suggestion: &crate::analysis::Suggestion,
        now: Timestamp,
    ) -> TeachEffects {
        if self.count_asked != Some(key) || self.end.is_some() {
            return TeachEffects::default();
        }
        self.count_asked = None;
        let lesson = CountLesson::new(self.game(), &suggestion.dead);
        let result = lesson.result;
        self.counting = Some(Counting {
            lesson: Box::new(lesson),
            step: CountStep::Captured,
        });
        self.finish(GameEnd::Counted(result), now)
    }

    fn click(&mut self, c: Coord, now: Timestamp) -> TeachEffects {
        if self.count_asked.is_some() {
            // Counting: a moment.
            return TeachEffects::default();
        }
        if self.end.is_some() {
            self.note = Some(TeachNote::GameOver);
            return TeachEffects::default();
        }
        if !self.child_to_move() {
            self.note = Some(TeachNote::ComputerToMove);
            return TeachEffects::default();
        }
        let color = self.game().to_move();
        if let Some(why) = explain_illegal(self.game(), color, Move::Play(c)) {
            self.explanation = Some(why);
            self.warned = None;
            return TeachEffects::default();
        }
        if self.prefs.show_preview && self.warned != Some(c) && self_atari(self.game(), color, c) {
            // The first tap warns (a touch screen has no hover); a second tap on the same
            // point plays.
            self.warned = Some(c);
            self.explanation = None;
            return TeachEffects::default();
        }
        if !self.play.play(color, Move::Play(c)) {
            return TeachEffects::default();
        }
        self.warned = None;
        self.explanation = None;
        if matches!(
            self.note,
            Some(TeachNote::ComputerToMove | TeachNote::GameOver)
        ) {
            self.note = None;
        }
        self.after_move(now)
    }

    /// After any move: the sound, the end of the game, then the computer's turn.
    fn after_move(&mut self, now: Timestamp) -> TeachEffects {
        let mut fx = TeachEffects::default();
        if let Some((_, Move::Play(_))) = self.game().last_move() {
            fx.sounds.push(Sound::Stone);
            if captured_by_last_move(self.game()) {
                fx.sounds.push(Sound::Capture);
            }
        }
        self.refresh_preview();
        let limit_reached = self
            .move_limit
            .is_some_and(|n| self.game().moves().len() >= n as usize);
        let end = match &self.play {
            Play::Capture(c) if limit_reached => Some(GameEnd::MostCaptures {
                black: c.captures(Color::Black),
                white: c.captures(Color::White),
            }),
            Play::Capture(c) => {
                let s = c.status();
                s.is_over().then_some(GameEnd::Capture(s))
            }
            // The children's version: no dame left ends the game too (`teach::end`).
            Play::Go(g)
                if g.consecutive_passes() >= 2 || crate::teach::end::no_dame_left(g.board()) =>
            {
                // The dead stones are the estimator's, on the runner's thread (a 19×19 count
                // is too slow for the thread that draws); the game ends with its answer.
                let question = Question {
                    board: g.board().clone(),
                    rules: g.rules().clone(),
                    handicap: g.handicap(),
                };
                self.next_question += 1;
                self.count_asked = Some(self.next_question);
                self.outbox.push(Work::Suggest {
                    key: self.next_question,
                    question: Box::new(question),
                });
                return fx;
            }
            Play::Go(_) => None,
        };
        if let Some(end) = end {
            fx.merge(self.finish(end, now));
        } else {
            self.ask_computer();
        }
        fx
    }

    fn finish(&mut self, end: GameEnd, now: Timestamp) -> TeachEffects {
        let mut fx = TeachEffects::default();
        let winner = end.winner();
        let computer = self.computer_color();
        let person_won = winner.is_some() && winner != computer;
        if person_won {
            self.celebration = Some(now);
            fx.sounds.push(Sound::Celebration);
        }
        if let Some(child) = &self.child
            && !self.ladder_recorded
            && let Some(computer) = computer
        {
            let finished = self.finished_game(child, &end, computer);
            if let Some(c) = &mut self.child {
                c.ladder = c.ladder.after(finished.result.student());
            }
            self.ladder_recorded = true;
            fx.finished = Some(finished);
        } else if self.on_ladder
            && !self.ladder_recorded
            && let Some(computer) = computer
        {
            let result = match winner {
                None => StudentResult::Drawn,
                Some(w) if w == computer => StudentResult::Lost,
                Some(_) => StudentResult::Won,
            };
            let size = self.game().size();
            let saved = self.ladder_rung();
            let mut ladder =
                HandicapLadder::new(to_rung(saved), HandicapLadder::max_stones_for(size), true);
            let next = ladder.record(result);
            *self.ladder_rung_mut() = SavedRung {
                level: next.level.get(),
                handicap: next.handicap,
            };
            self.ladder_recorded = true;
            fx.prefs_changed = true;
        }
        self.end = Some(end);
        fx
    }

    fn take_back(&mut self) {
        if !self.can_take_back() {
            if self.ladder_recorded {
                self.note = Some(TeachNote::LadderRecorded);
            }
            return;
        }
        let computer = self.computer_color();
        if let Some(c) = &mut self.computer {
            // The question in flight is about a position that is going away: its answer will
            // be skipped.
            c.asked = None;
        }
        // Undo until a person's move has been taken back, so the child moves again.
        while let Some((color, _)) = self.game().last_move() {
            if !self.play.undo() {
                break;
            }
            if Some(color) != computer {
                break;
            }
        }
        self.end = None;
        self.counting = None;
        self.count_asked = None;
        self.celebration = None;
        self.explanation = None;
        self.warned = None;
        self.note = None;
        self.refresh_preview();
        self.ask_computer();
    }

    fn set_hover(&mut self, c: Option<Coord>) {
        if self.hover != c {
            self.hover = c;
            self.refresh_preview();
        }
    }

    fn refresh_preview(&mut self) {
        self.preview = match self.hover {
            Some(c) if self.child_to_move() && self.game().board().get(c).is_none() => {
                Some(overlay::preview(self.game(), self.game().to_move(), c))
            }
            _ => None,
        };
    }

    /// The PIN typed in the prompt: checked on the runner (Argon2id), the answer comes back
    /// through [`TeachState::on_work`].
    fn submit_pin(&mut self, pin: String) -> TeachEffects {
        match &self.prefs.teacher_pin {
            None => match self.pin.pass() {
                Some(purpose) => self.unlocked(purpose),
                None => TeachEffects::default(),
            },
            Some(stored) => {
                // No prompt open, or a check already running: nothing is sent.
                if let Some(ask) = self.pin.submit() {
                    self.outbox.push(Work::CheckTeacherPin {
                        stored: stored.clone(),
                        pin: Secret(pin),
                        ask,
                    });
                }
                TeachEffects::default()
            }
        }
    }

    fn on_pin_made(&mut self, made: Result<super::prefs::StoredPin, PinProblem>) -> TeachEffects {
        self.pin_making = false;
        let mut fx = TeachEffects::default();
        match made {
            Ok(stored) => {
                self.prefs.teacher_pin = Some(stored);
                self.note = Some(TeachNote::PinSet);
                fx.prefs_changed = true;
            }
            Err(why) => self.note = Some(TeachNote::PinRefused(why)),
        }
        fx
    }

    /// Check `ask` answered; an answer to a prompt closed or asked again meanwhile is skipped.
    fn on_pin_checked(&mut self, ask: u64, right: bool) -> TeachEffects {
        match self.pin.answer(ask, right) {
            Some(purpose) => self.unlocked(purpose),
            None => {
                if self.pin.wrong() {
                    self.note = Some(TeachNote::WrongPin);
                }
                TeachEffects::default()
            }
        }
    }

    /// The teacher's PIN let `purpose` through.
    fn unlocked(&mut self, purpose: PinPurpose) -> TeachEffects {
        let mut fx = TeachEffects::default();
        if self.note == Some(TeachNote::WrongPin) {
            self.note = None;
        }
        match purpose {
            PinPurpose::Options => self.options_open = true,
            PinPurpose::Leave => fx.leave = true,
        }
        fx
    }

    fn new_game(&mut self) -> TeachEffects {
        let started = match self.child.clone() {
            Some(child) => self.start_child_game(&child),
            None => self.start_game(),
        };
        match started {
            Ok(()) => TeachEffects {
                prefs_changed: true,
                ..TeachEffects::default()
            },
            Err(why) => {
                self.note = Some(TeachNote::CannotStart(why));
                TeachEffects::default()
            }
        }
    }

    fn ladder_rung(&self) -> SavedRung {
        ladder_rung_of(&self.prefs)
    }

    fn ladder_rung_mut(&mut self) -> &mut SavedRung {
        match self.prefs.kind {
            GameKind::Capture => &mut self.prefs.capture_ladder,
            GameKind::Go => &mut self.prefs.go_ladder,
        }
    }

    /// Starts a child's game: their step's game on their ladder, the teacher's display
    /// choices kept, the machine's ladders untouched.
    fn start_child_game(&mut self, child: &ChildGame) -> Result<(), StartProblem> {
        let prefs = child_prefs(&self.prefs, child);
        let limit = match child.kind {
            crate::class::GameKind::MostCaptures { moves } => Some(moves),
            _ => None,
        };
        self.start_with(&prefs)?;
        self.move_limit = limit;
        Ok(())
    }

    /// A finished child's game in words and as SGF, for their profile.
    fn finished_game(&self, child: &ChildGame, end: &GameEnd, computer: Color) -> FinishedGame {
        let color = computer.opponent();
        let result = match end.winner() {
            None => crate::class::GameResult::Drawn,
            Some(w) if w == computer => crate::class::GameResult::Lost,
            Some(_) => crate::class::GameResult::Won,
        };
        let level = self.level.unwrap_or(1);
        let opponent = format!("computer level {level}");
        let mut info = crate::record::GameInfo {
            game_name: Some(child.kind.code()),
            ..Default::default()
        };
        let (me, them) = (Some(child.nick.clone()), Some(opponent.clone()));
        match color {
            Color::Black => (info.black, info.white) = (me, them),
            Color::White => (info.black, info.white) = (them, me),
        }
        info.result = Some(match end {
            GameEnd::Counted(r) => crate::record::Outcome::Counted(*r),
            GameEnd::Resigned(loser) => crate::record::Outcome::Resignation(loser.opponent()),
            _ => match end.winner() {
                Some(w) => crate::record::Outcome::Win(w),
                None => crate::record::Outcome::Counted(GameResult {
                    winner: None,
                    margin_quarters: 0,
                }),
            },
        });
        let tree = crate::record::game_to_tree(self.game(), &info);
        let sgf = crate::record::write(&crate::record::Collection { trees: vec![tree] });
        FinishedGame {
            nick: child.nick.clone(),
            kind: child.kind,
            opponent,
            computer_level: self.level,
            handicap: child.ladder.handicap,
            color,
            result,
            sgf,
        }
    }

    /// Starts a new game from the preferences (and the ladder's rung on the ladder).
    fn start_game(&mut self) -> Result<(), StartProblem> {
        let prefs = self.prefs.clone();
        self.start_with(&prefs)
    }

    /// Starts a new game from `prefs` (the teacher's, or a child's made from them).
    fn start_with(&mut self, prefs: &TeachPrefs) -> Result<(), StartProblem> {
        let built = build(prefs)?;
        self.play = built.play;
        self.use_computer(built.computer);
        self.level = built.level;
        self.on_ladder = built.on_ladder;
        self.note = built.note;
        self.ladder_recorded = false;
        self.move_limit = None;
        self.warned = None;
        self.end = None;
        self.counting = None;
        self.count_asked = None;
        self.celebration = None;
        self.explanation = None;
        self.preview = None;
        self.prefs.games_played = self.prefs.games_played.wrapping_add(1);
        self.ask_computer();
        Ok(())
    }

    /// Asks the computer for its move when it is its turn and nothing is asked yet (after a
    /// failure it waits for "try again").
    fn ask_computer(&mut self) {
        if self.end.is_some() || self.count_asked.is_some() {
            return;
        }
        let game = self.play.game();
        let Some(c) = &mut self.computer else { return };
        if game.to_move() != c.color || c.asked.is_some() || c.failed {
            return;
        }
        self.next_question += 1;
        let asked = Asked {
            question: self.next_question,
            moves: game.move_number(),
            hash: game.board().hash(),
            to_move: game.to_move(),
        };
        c.asked = Some(asked);
        self.outbox.push(Work::AskComputer {
            game: self.game_id,
            question: asked.question,
            position: Box::new(game.clone()),
            color: c.color,
        });
    }
}

/// Whether `color` on `c` would put its own chain in atari without capturing anything (the
/// move a child is warned about before it is played).
fn self_atari(game: &Game, color: Color, c: Coord) -> bool {
    matches!(
        overlay::preview(game, color, c),
        HoverPreview::Legal(p) if p.self_atari && p.captures.is_empty()
    )
}

/// The preferences of a child's game: the teacher's display choices, the step's game, our
/// computer on the child's own ladder rung.
fn child_prefs(teacher: &TeachPrefs, child: &ChildGame) -> TeachPrefs {
    use crate::class::GameKind as Step;
    let rung = SavedRung {
        level: child.ladder.level.get(),
        handicap: child.ladder.handicap,
    };
    let mut p = TeachPrefs {
        size: child.kind.size(),
        start: "empty".into(),
        opponent: OpponentKind::Ladder,
        ..teacher.clone()
    };
    match child.kind {
        Step::Capture { stones } => {
            p.kind = GameKind::Capture;
            p.target = stones.max(1);
            p.capture_ladder = rung;
        }
        // No one captures as many stones as moves are played: the move limit ends it.
        Step::MostCaptures { moves } => {
            p.kind = GameKind::Capture;
            p.target = moves.max(1);
            p.capture_ladder = rung;
        }
        Step::Go { .. } => {
            p.kind = GameKind::Go;
            p.go_ladder = rung;
        }
    }
    p
}

/// Whether the last move of `game` captured something.
fn captured_by_last_move(game: &Game) -> bool {
    let Some((color, _)) = game.last_move() else {
        return false;
    };
    let mut before = game.clone();
    let now = game.captures(color);
    before.undo() && before.captures(color) < now
}

fn to_rung(saved: SavedRung) -> Rung {
    Rung {
        level: Level::new(saved.level).unwrap_or(Level::MIN),
        handicap: saved.handicap,
    }
}

/// A new game and its computer, made from the preferences.
struct Built {
    play: Play,
    computer: Option<(Color, ComputerSpec)>,
    level: Option<u8>,
    on_ladder: bool,
    note: Option<TeachNote>,
}

fn ladder_rung_of(p: &TeachPrefs) -> SavedRung {
    match p.kind {
        GameKind::Capture => p.capture_ladder,
        GameKind::Go => p.go_ladder,
    }
}

/// The game `p` asks for, with its computer (which the runner starts on its thread).
fn build(p: &TeachPrefs) -> Result<Built, StartProblem> {
    let size = p.size;
    let on_ladder = p.opponent == OpponentKind::Ladder;
    let rung = to_rung(ladder_rung_of(p));
    // The child's colour, Black's handicap stones and (Go) the komi in points.
    let (child, stones, komi) = if on_ladder {
        let s = match p.kind {
            GameKind::Capture => rung.capture_setup(),
            GameKind::Go => rung.go_setup(),
        };
        (s.student, s.black_stones, s.komi_points)
    } else {
        let child = if p.child_black {
            Color::Black
        } else {
            Color::White
        };
        let komi = if p.handicap > 0 { 0.0 } else { 7.5 };
        (child, p.handicap, komi)
    };
    let play = match p.kind {
        GameKind::Capture => {
            let settings = CaptureSettings {
                size,
                target: p.target.max(1),
                start: StartPosition::from_name(&p.start).unwrap_or_default(),
                handicap: stones,
            };
            Play::Capture(CaptureGame::new(settings).map_err(StartProblem::Capture)?)
        }
        GameKind::Go => {
            let rules = Rules {
                komi: Komi::from_points(komi).unwrap_or(Komi::ZERO),
                ..Rules::default()
            };
            let mut g = Game::new(size, rules).map_err(StartProblem::Rules)?;
            if stones >= 2 {
                g.place_fixed_handicap(stones)
                    .map_err(StartProblem::Rules)?;
            }
            Play::Go(g)
        }
    };
    let seed = mix(&[p.games_played, u64::from(size), 0x7eac_4ba5]);
    let level =
        Level::new(if on_ladder { rung.level.get() } else { p.level }).unwrap_or(Level::MIN);
    let computer_color = child.opponent();
    let ours = || {
        (
            computer_color,
            ComputerSpec::Ours {
                level: level.get(),
                seed,
                target: play.target(),
            },
        )
    };
    let mut note = None;
    let computer = match p.opponent {
        OpponentKind::Person => None,
        OpponentKind::Engine if p.kind == GameKind::Go => {
            let spec = if p.engine.trim().eq_ignore_ascii_case("gnugo") {
                Some(EngineSpec::gnugo(p.engine_level))
            } else {
                EngineSpec::parse(&p.engine)
            };
            let Some(spec) = spec else {
                return Err(StartProblem::NoEngineCommand(p.engine.clone()));
            };
            Some((
                computer_color,
                ComputerSpec::Engine {
                    spec,
                    level: Some(p.engine_level),
                },
            ))
        }
        OpponentKind::Engine => {
            note = Some(TeachNote::EngineGoOnly);
            Some(ours())
        }
        OpponentKind::Computer | OpponentKind::Ladder => Some(ours()),
    };
    let level = match (&computer, p.opponent) {
        (None, _) => None,
        (Some(_), OpponentKind::Engine) if p.kind == GameKind::Go => None,
        (Some(_), _) => Some(level.get()),
    };
    Ok(Built {
        play,
        computer,
        level,
        on_ladder,
        note,
    })
}
