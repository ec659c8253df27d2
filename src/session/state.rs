//! The state folded from the log, and how one entry changes it.
//!
//! [`State::apply`] is the only place where an entry has an effect. It works on a copy made by
//! the caller, so a refusal leaves the session as it was; the log itself is never copied.
//! Before each entry the clock is brought up to the entry's instant: a time-out that happened
//! in between ends the game at the instant it happened (Art. 23.5), whatever the entry is.

use crate::clock::{
    AnnounceSettings, ClockOutcome, GameClock, Millis, PauseKind, Phrase, Side, Timestamp,
};
use crate::rules::{
    AreaCount, Board, Color, Coord, Game, GameResult, IllegalMove, Move, area_count, score,
};
use crate::seal::{Reveal, SealedMove};

use super::catalogue::ruling_of;
use super::error::SessionError;
use super::event::{Change, Entry, Event};
use super::offer::{Refusal, Repetition, refusal_in};
use super::outcome::Outcome;
use super::ruling::{Ruling, RulingKind};
use super::setup::{EndRule, GameSetup, Handicap, Mode};

/// Where the game stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Black places `remaining` more free handicap stones.
    PlacingHandicap {
        /// Stones still to place.
        remaining: u8,
    },
    /// Moves are being played.
    Playing,
    /// Both sides confirmed the end: dead stones are being marked, clocks stopped.
    Counting,
    /// Adjourned (Art. 14): from the arbiter's `adjourn` until the sealed move is opened.
    Adjourned,
    /// The game is over.
    Finished(Outcome),
}

/// The clock's side for a colour.
pub fn side_of(c: Color) -> Side {
    match c {
        Color::Black => Side::Black,
        Color::White => Side::White,
    }
}

/// The colour of a clock side.
pub fn color_of(s: Side) -> Color {
    match s {
        Side::Black => Color::Black,
        Side::White => Color::White,
    }
}

/// A sealed move once opened: who sealed it, what it was, and the commitment it matched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unsealed {
    /// The sealer.
    pub by: Color,
    /// The move and nonce.
    pub reveal: Reveal,
    /// The commitment.
    pub commitment: [u8; 32],
}

/// Everything folded from the log.
#[derive(Clone, Debug)]
pub struct State {
    pub(super) game: Game,
    pub(super) clock: Option<GameClock>,
    pub(super) phase: Phase,
    /// Free handicap stones placed so far.
    pub(super) placed: Vec<Coord>,
    /// Whose confirmation of the end stands (Art. 13.2), by colour index.
    pub(super) confirmed: [bool; 2],
    /// Plain passes in a row (a stone or a void resets it); ends play under
    /// [`EndRule::TwoPasses`] only.
    pub(super) passes_in_row: u8,
    /// During counting: one stone of each chain marked dead.
    pub(super) dead: Vec<Coord>,
    pub(super) warnings: [u32; 2],
    pub(super) admonitions: [u32; 2],
    pub(super) rulings: Vec<Ruling>,
    /// Turns in force: moves, passes, confirmations, voids, presses (clock-only).
    pub(super) turns: u32,
    /// The last entry's instant.
    pub(super) last_at: Timestamp,
    /// The start signal: the beginning of the session, or a later `start`.
    pub(super) start_at: Timestamp,
    /// Each side's running stretches from the start up to the late limit, to charge lateness
    /// exactly once (Art. 23.3).
    pub(super) early_runs: [Vec<(Timestamp, Timestamp)>; 2],
    /// Sides that lost by their lateness: beyond the late limit (Art. 23.1), or within it with
    /// the whole time limit used up (Art. 23.3 with 23.5).
    pub(super) late_lost: [bool; 2],
    /// The side whose time ran out on the clock, and when (Art. 23.5).
    pub(super) timed_out: Option<(Color, Timestamp)>,
    /// Every cycle played under simple ko (Art. 20.3), in order.
    pub(super) repetitions: Vec<Repetition>,
    /// The clock was stopped by the end of play, and runs again on a dispute.
    pub(super) counting_stopped_clock: bool,
    /// The sealed move waiting to be opened.
    pub(super) sealed: Option<SealedMove>,
    /// The last sealed move opened.
    pub(super) unsealed: Option<Unsealed>,
    /// What the referee's voice says for the last entry.
    pub(super) spoken: Vec<Phrase>,
    /// The article the last entry applied (as given, or the usual one).
    pub(super) last_article: Option<String>,
    /// Under simple ko: the last move recreated the position after this move (a cycle such as
    /// a triple ko, Art. 20.3), for the arbiter to rule on.
    pub(super) cycle: Option<usize>,
}

fn idx(c: Color) -> usize {
    match c {
        Color::Black => 0,
        Color::White => 1,
    }
}

impl State {
    /// The state of a new game, at instant zero.
    pub(super) fn new(setup: &GameSetup) -> Result<State, SessionError> {
        let mut game = Game::new(setup.size, setup.rules.clone()).map_err(SessionError::Setup)?;
        let phase = match &setup.handicap {
            Handicap::None => Phase::Playing,
            // 让先 (one stone of handicap): no stones, no komi, Black first.
            Handicap::Fixed(n) if *n < 2 => Phase::Playing,
            Handicap::Fixed(n) => {
                game.place_fixed_handicap(*n).map_err(SessionError::Setup)?;
                Phase::Playing
            }
            Handicap::Points(points) => {
                game.place_free_handicap(points)
                    .map_err(SessionError::Setup)?;
                Phase::Playing
            }
            Handicap::Free(n) => {
                // Checked now, so that placement can always finish.
                if !(2..=9).contains(n)
                    || usize::from(*n) >= usize::from(setup.size) * usize::from(setup.size)
                {
                    return Err(SessionError::Setup(crate::rules::RulesError::BadHandicap(
                        *n,
                    )));
                }
                Phase::PlacingHandicap { remaining: *n }
            }
        };
        let clock = match &setup.time_control {
            Some(tc) => Some(
                GameClock::new(tc.clone(), AnnounceSettings::default())
                    .map_err(SessionError::TimeControl)?,
            ),
            None => None,
        };
        if setup.mode == Mode::ClockOnly && clock.is_none() {
            return Err(SessionError::NoClock);
        }
        let mut state = State {
            game,
            clock,
            phase,
            placed: Vec::new(),
            confirmed: [false; 2],
            passes_in_row: 0,
            dead: Vec::new(),
            warnings: [0; 2],
            admonitions: [0; 2],
            rulings: Vec::new(),
            turns: 0,
            last_at: Timestamp::ZERO,
            start_at: Timestamp::ZERO,
            early_runs: [Vec::new(), Vec::new()],
            late_lost: [false; 2],
            timed_out: None,
            repetitions: Vec::new(),
            counting_stopped_clock: false,
            sealed: None,
            unsealed: None,
            spoken: Vec::new(),
            last_article: None,
            cycle: None,
        };
        state.start_clock_if_ready(Timestamp::ZERO);
        Ok(state)
    }

    /// The side to move: on the board, or on the clock in clock-only mode.
    pub(super) fn to_move(&self, setup: &GameSetup) -> Color {
        match (setup.mode, self.clock.as_ref().and_then(GameClock::to_move)) {
            (Mode::ClockOnly, Some(side)) => color_of(side),
            _ => match self.phase {
                Phase::PlacingHandicap { .. } => Color::Black,
                _ => self.game.to_move(),
            },
        }
    }

    fn start_clock_if_ready(&mut self, at: Timestamp) {
        if self.phase != Phase::Playing {
            return;
        }
        let first = side_of(self.game.to_move());
        if let Some(clock) = self.clock.as_mut()
            && clock.to_move().is_none()
        {
            // A new clock always starts; an error would only mean it already runs.
            let _ = clock.start(at, first);
        }
    }

    /// Whether the game is still on (not finished).
    fn live(&self) -> bool {
        !matches!(self.phase, Phase::Finished(_))
    }

    /// The side whose clock runs now, if one does.
    fn running_side(&self, now: Timestamp) -> Option<Side> {
        let clock = self.clock.as_ref()?;
        if clock.paused().is_some() || clock.outcome_at(now).is_some() {
            return None;
        }
        clock.to_move()
    }

    /// Notes the stretch from the last entry to `now` in which a clock ran, as far as it lies
    /// within the late limit after the start.
    fn note_running(&mut self, setup: &GameSetup, now: Timestamp) {
        let Some(side) = self.running_side(self.last_at) else {
            return;
        };
        let window_end = self.start_at + setup.late_limit;
        let from = self.last_at.max(self.start_at);
        let to = now.min(window_end);
        if from < to {
            self.early_runs[side.index()].push((from, to));
        }
    }

    /// How long `side`'s clock ran in the first `late` after the start.
    fn ran_within(&self, side: Side, late: Millis) -> Millis {
        let end = self.start_at + late;
        Millis(
            self.early_runs[side.index()]
                .iter()
                .map(|&(a, b)| b.min(end).since(a).0)
                .sum(),
        )
    }

    /// Brings the game up to `now`: a time-out since the last entry ends it at its instant.
    fn settle(&mut self, setup: &GameSetup, now: Timestamp) {
        self.note_running(setup, now);
        self.check_time_out(now);
        self.last_at = now;
    }

    fn check_time_out(&mut self, now: Timestamp) {
        if !matches!(self.phase, Phase::Playing | Phase::Adjourned) {
            return;
        }
        let Some(clock) = self.clock.as_ref() else {
            return;
        };
        if let Some(ClockOutcome::TimeOut { side, at }) = clock.outcome_at(now) {
            self.timed_out = Some((color_of(side), at));
            self.finish(
                at,
                Outcome::Time {
                    winner: color_of(side.opponent()),
                },
            );
        }
    }

    fn finish(&mut self, at: Timestamp, outcome: Outcome) {
        self.phase = Phase::Finished(outcome);
        self.confirmed = [false; 2];
        if let Some(clock) = self.clock.as_mut()
            && clock.paused().is_none()
            && clock.outcome_at(at).is_none()
        {
            // Stopping the clocks at the end; a refusal means they are stopped already.
            let _ = clock.pause(at, PauseKind::Arbiter);
        }
    }

    fn enter_counting(&mut self, at: Timestamp) {
        self.phase = Phase::Counting;
        self.dead.clear();
        self.counting_stopped_clock = false;
        if let Some(clock) = self.clock.as_mut()
            && clock.paused().is_none()
            && clock.pause(at, PauseKind::Arbiter).is_ok()
        {
            self.counting_stopped_clock = true;
        }
    }

    /// The mover's turn ends on the clock: a press, or, while the clocks are stopped, a change
    /// of side without running them, so the clock always follows the board.
    fn press_for(&mut self, mover: Color, at: Timestamp) -> Result<(), SessionError> {
        let Some(clock) = self.clock.as_mut() else {
            return Ok(());
        };
        match clock.to_move() {
            None => return Ok(()),
            Some(side) if side != side_of(mover) => return Err(SessionError::NotYourTurn(mover)),
            Some(_) => {}
        }
        clock
            .press_through_pause(at)
            .map(|_| ())
            .map_err(SessionError::Clock)
    }

    fn expect_playing(&self, setup: &GameSetup, color: Color) -> Result<(), SessionError> {
        match self.phase {
            Phase::Playing => {}
            Phase::Adjourned => return Err(SessionError::Adjourned),
            Phase::Finished(_) => return Err(SessionError::GameOver),
            _ => return Err(SessionError::WrongPhase),
        }
        if color != self.to_move(setup) {
            return Err(SessionError::NotYourTurn(color));
        }
        Ok(())
    }

    fn expect_live(&self) -> Result<(), SessionError> {
        if self.live() {
            Ok(())
        } else {
            Err(SessionError::GameOver)
        }
    }

    fn clock_mut(&mut self) -> Result<&mut GameClock, SessionError> {
        self.clock.as_mut().ok_or(SessionError::NoClock)
    }

    /// Lists the entry's ruling with the article given, or the catalogue's usual one.
    fn rule(&mut self, entry: &Entry, kind: RulingKind, side: Option<Color>, point: Option<Coord>) {
        self.rule_with(entry, kind, side, point, kind.default_article());
    }

    /// Lists the entry's ruling with the article given, or `default` (the article the facts
    /// decide: a void's refusal, a lateness within or beyond the limit).
    fn rule_with(
        &mut self,
        entry: &Entry,
        kind: RulingKind,
        side: Option<Color>,
        point: Option<Coord>,
        default: &str,
    ) {
        let article = entry.article.clone().unwrap_or_else(|| default.to_owned());
        self.last_article = Some(article.clone());
        self.rulings.push(Ruling {
            n: entry.n,
            at: entry.at,
            kind,
            article,
            side,
            point,
            note: entry.note.clone(),
            revoked: false,
        });
    }

    /// The refusal of `color`'s `mv`: an immediate ko recapture is the ko of Art. 20.1 under
    /// every ko rule (the superko rules call it a repetition, Art. 6).
    pub(super) fn illegal(&self, color: Color, mv: Move, e: IllegalMove) -> SessionError {
        match (e, mv) {
            (IllegalMove::Superko { repeats_after_move }, Move::Play(p))
                if matches!(self.refusal(color, p), Some(Refusal::KoRecapture { .. })) =>
            {
                SessionError::Illegal(IllegalMove::Ko { repeats_after_move })
            }
            _ => SessionError::Illegal(e),
        }
    }

    /// Why `color` may not play on `point` now, as the arbiter rules on it; `None` if it may.
    pub(super) fn refusal(&self, color: Color, point: Coord) -> Option<Refusal> {
        refusal_in(&self.game, color, point)
    }

    /// Logs a ruling that a later revocation took back: listed, without effect.
    pub(super) fn note_revoked(&mut self, entry: &Entry) {
        let (kind, side, point, default) = match &entry.event {
            Event::Unseal(reveal) => {
                // A ruling only when the sealed move would have become a pass (Art. 22).
                let (Some(sealed), Move::Play(p)) = (&self.sealed, reveal.mv) else {
                    return;
                };
                let Some(article) = self.refusal(sealed.by, p).and_then(Refusal::void_article)
                else {
                    return;
                };
                (RulingKind::Void, Some(sealed.by), Some(p), article)
            }
            event => {
                let Some((kind, side, point)) = ruling_of(event) else {
                    return;
                };
                let default = match (kind, side, point) {
                    (RulingKind::Void, Some(c), Some(p)) => self
                        .refusal(c, p)
                        .and_then(Refusal::void_article)
                        .unwrap_or(kind.default_article()),
                    _ => kind.default_article(),
                };
                (kind, side, point, default)
            }
        };
        self.rulings.push(Ruling {
            n: entry.n,
            at: entry.at,
            kind,
            article: entry.article.clone().unwrap_or_else(|| default.to_owned()),
            side,
            point,
            note: entry.note.clone(),
            revoked: true,
        });
    }

    /// Applies one entry in force (revocations are applied by the session, which refolds).
    pub(super) fn apply(&mut self, setup: &GameSetup, entry: &Entry) -> Result<(), SessionError> {
        let at = entry.at;
        if at < self.last_at {
            return Err(SessionError::TimeWentBack);
        }
        self.spoken.clear();
        self.last_article = entry.article.clone();
        self.cycle = None;
        if let Event::Gap { charged: false } = entry.event {
            // The time the app was not running is not counted: the clocks stood still from
            // the last entry to this one.
            self.note_running(setup, self.last_at);
            if let Some(clock) = self.clock.as_mut()
                && clock.paused().is_none()
                && clock.outcome_at(self.last_at).is_none()
                && clock.to_move().is_some()
            {
                clock
                    .pause(self.last_at, PauseKind::Arbiter)
                    .map_err(SessionError::Clock)?;
                clock.resume(at).map_err(SessionError::Clock)?;
            }
        }
        self.settle(setup, at);
        self.apply_event(setup, entry)?;
        // A correction or a lateness charge may have left the running side without time.
        self.check_time_out(at);
        Ok(())
    }

    fn apply_event(&mut self, setup: &GameSetup, entry: &Entry) -> Result<(), SessionError> {
        let at = entry.at;
        let board_mode = setup.mode == Mode::Board;
        match &entry.event {
            Event::Move { color, mv } => {
                if !board_mode {
                    return Err(SessionError::WrongMode);
                }
                self.expect_playing(setup, *color)?;
                let played = match self.game.play(*color, *mv) {
                    Ok(played) => played,
                    Err(e) => return Err(self.illegal(*color, *mv, e)),
                };
                self.turns += 1;
                match mv {
                    Move::Play(p) => {
                        self.confirmed = [false; 2];
                        self.passes_in_row = 0;
                        self.note_cycle(entry.n, *color, *p, played.repeats_after_move);
                    }
                    Move::Pass => self.passes_in_row = self.passes_in_row.saturating_add(1),
                }
                self.press_for(*color, at)?;
                if setup.end_rule == EndRule::TwoPasses && self.passes_in_row >= 2 {
                    self.enter_counting(at);
                }
            }
            Event::Confirm(color) => {
                self.expect_playing(setup, *color)?;
                if board_mode {
                    self.game
                        .play(*color, Move::Pass)
                        .map_err(SessionError::Illegal)?;
                }
                self.turns += 1;
                self.passes_in_row = self.passes_in_row.saturating_add(1);
                self.confirmed[idx(*color)] = true;
                self.press_for(*color, at)?;
                let two_passes = setup.end_rule == EndRule::TwoPasses && self.passes_in_row >= 2;
                if self.confirmed == [true, true] || two_passes {
                    self.enter_counting(at);
                }
            }
            Event::Press(color) => {
                if board_mode {
                    return Err(SessionError::WrongMode);
                }
                self.expect_playing(setup, *color)?;
                self.turns += 1;
                self.confirmed = [false; 2];
                self.press_for(*color, at)?;
            }
            Event::Resign(color) => {
                self.expect_live()?;
                self.finish(
                    at,
                    Outcome::Resignation {
                        winner: color.opponent(),
                    },
                );
            }
            Event::HandicapStone(c) => {
                let Phase::PlacingHandicap { remaining } = self.phase else {
                    return Err(SessionError::WrongPhase);
                };
                if !c.is_on(self.game.size()) {
                    return Err(SessionError::Illegal(IllegalMove::OffBoard));
                }
                if self.placed.contains(c) {
                    return Err(SessionError::Illegal(IllegalMove::Occupied));
                }
                self.placed.push(*c);
                if remaining <= 1 {
                    self.game
                        .place_free_handicap(&self.placed)
                        .map_err(SessionError::Setup)?;
                    self.phase = Phase::Playing;
                    self.start_clock_if_ready(at);
                } else {
                    self.phase = Phase::PlacingHandicap {
                        remaining: remaining - 1,
                    };
                }
            }
            Event::Start => {
                self.expect_live()?;
                if self.turns > 0 {
                    return Err(SessionError::WrongPhase);
                }
                if let Some(clock) = self.clock.as_mut()
                    && clock.to_move().is_some()
                {
                    clock.restart_turn(at).map_err(SessionError::Clock)?;
                }
                self.start_at = at;
                self.early_runs = [Vec::new(), Vec::new()];
            }
            Event::Pause => {
                self.spoken.push(Phrase::Pause);
                self.last_article.get_or_insert_with(|| "14".to_owned());
                if !self.live() {
                    return Ok(());
                }
                if let Some(clock) = self.clock.as_mut() {
                    clock
                        .pause(at, PauseKind::Arbiter)
                        .map_err(SessionError::Clock)?;
                }
            }
            Event::Resume => {
                self.spoken.push(Phrase::Resume);
                match self.phase {
                    Phase::Finished(_) => return Ok(()),
                    Phase::Counting => return Err(SessionError::WrongPhase),
                    Phase::Adjourned if self.sealed.is_some() => {
                        return Err(SessionError::Adjourned);
                    }
                    _ => {}
                }
                if let Some(clock) = self.clock.as_mut() {
                    clock.resume(at).map_err(SessionError::Clock)?;
                }
            }
            Event::CapturePause(color) => {
                self.expect_playing(setup, *color)?;
                self.last_article.get_or_insert_with(|| "23.4".to_owned());
                self.clock_mut()?
                    .pause(at, PauseKind::CaptureRemoval)
                    .map_err(SessionError::Clock)?;
            }
            Event::Dead(c) => {
                if self.phase != Phase::Counting {
                    return Err(SessionError::WrongPhase);
                }
                if !board_mode {
                    return Err(SessionError::WrongMode);
                }
                let chain = self.game.board().chain(*c);
                if chain.is_empty() {
                    return Err(SessionError::NoStone(*c));
                }
                let before = self.dead.len();
                self.dead.retain(|d| !chain.contains(d));
                if self.dead.len() == before {
                    self.dead.push(*c);
                }
            }
            Event::Accept(given) => {
                self.last_article.get_or_insert_with(|| "9".to_owned());
                match (board_mode, given) {
                    (true, None) => {
                        if self.phase != Phase::Counting {
                            return Err(SessionError::WrongPhase);
                        }
                        let (_, result) = self.count();
                        self.finish(at, Outcome::Counted(result));
                    }
                    (false, Some(result)) => {
                        if !matches!(self.phase, Phase::Counting | Phase::Playing) {
                            return Err(self.phase_error());
                        }
                        self.finish(at, Outcome::Counted(*result));
                    }
                    _ => return Err(SessionError::CountResult),
                }
            }
            Event::Dispute => {
                if self.phase != Phase::Counting {
                    return Err(SessionError::WrongPhase);
                }
                self.last_article.get_or_insert_with(|| "21.3".to_owned());
                self.phase = Phase::Playing;
                self.dead.clear();
                self.confirmed = [false; 2];
                self.passes_in_row = 0;
                if self.counting_stopped_clock
                    && let Some(clock) = self.clock.as_mut()
                {
                    clock.resume(at).map_err(SessionError::Clock)?;
                }
                self.counting_stopped_clock = false;
            }
            Event::Late(list) => self.late(setup, entry, list)?,
            Event::Warn(color) => {
                self.warnings[idx(*color)] += 1;
                self.rule(entry, RulingKind::Warn, Some(*color), None);
                if self.warnings[idx(*color)] == 2 && self.live() {
                    self.spoken.push(Phrase::SecondWarningLoss);
                    self.finish(
                        at,
                        Outcome::RuledLoss {
                            winner: color.opponent(),
                            article: "25.2".to_owned(),
                        },
                    );
                } else {
                    self.spoken.push(Phrase::Warning);
                }
            }
            Event::Admonish(color) => {
                self.admonitions[idx(*color)] += 1;
                self.rule(entry, RulingKind::Admonish, Some(*color), None);
            }
            Event::Void(color, point) => {
                self.expect_playing(setup, *color)?;
                if !point.is_on(self.game.size()) {
                    return Err(SessionError::Illegal(IllegalMove::OffBoard));
                }
                // On the app's board the refused move decides the article; a move that is
                // legal there is not void. In clock-only mode the board is the physical one.
                let usual = if board_mode {
                    self.refusal(*color, *point)
                        .and_then(Refusal::void_article)
                        .ok_or(SessionError::NotVoid(*point))?
                } else {
                    RulingKind::Void.default_article()
                };
                if board_mode {
                    self.game
                        .play(*color, Move::Pass)
                        .map_err(SessionError::Illegal)?;
                }
                self.turns += 1;
                // A void is a pass for the turn and the clock only: never a confirmation, and
                // never one of two passes that end play.
                self.passes_in_row = 0;
                self.press_for(*color, at)?;
                self.spoken.push(Phrase::MoveVoidPass);
                self.rule_with(entry, RulingKind::Void, Some(*color), Some(*point), usual);
            }
            Event::Edit(changes) => {
                if !board_mode {
                    return Err(SessionError::WrongMode);
                }
                self.expect_live()?;
                if matches!(self.phase, Phase::PlacingHandicap { .. }) {
                    return Err(SessionError::WrongPhase);
                }
                let board = self.game.board();
                let edits: Vec<(Coord, Option<Color>)> = changes
                    .iter()
                    .map(|ch| match *ch {
                        Change::Put(c, p) => (p, Some(c)),
                        Change::Remove(p) => (p, None),
                    })
                    .collect();
                if edits.iter().all(|&(p, stone)| board.get(p) == stone) {
                    return Err(SessionError::NothingChanged);
                }
                self.game.edit_stones(&edits).map_err(SessionError::Edit)?;
                self.dead.clear();
                self.rule(entry, RulingKind::Edit, None, None);
            }
            Event::Loss(color) => {
                self.expect_live()?;
                self.rule(entry, RulingKind::Loss, Some(*color), None);
                let article = self.last_article.clone().unwrap_or_default();
                self.finish(
                    at,
                    Outcome::RuledLoss {
                        winner: color.opponent(),
                        article,
                    },
                );
            }
            Event::Forfeit(color) => {
                self.expect_live()?;
                self.rule(entry, RulingKind::Forfeit, Some(*color), None);
                let article = self.last_article.clone().unwrap_or_default();
                self.finish(
                    at,
                    Outcome::Forfeit {
                        winner: color.opponent(),
                        article,
                    },
                );
            }
            Event::Draw => {
                self.expect_live()?;
                self.rule(entry, RulingKind::Draw, None, None);
                let article = self.last_article.clone().unwrap_or_default();
                self.finish(at, Outcome::Draw { article });
            }
            Event::Replay => {
                self.expect_live()?;
                self.rule(entry, RulingKind::Replay, None, None);
                let article = self.last_article.clone().unwrap_or_default();
                self.finish(at, Outcome::Replay { article });
            }
            Event::BothLose => {
                self.expect_live()?;
                self.rule(entry, RulingKind::BothLose, None, None);
                let article = self.last_article.clone().unwrap_or_default();
                self.finish(at, Outcome::BothLose { article });
            }
            Event::Correct {
                side,
                delta,
                periods,
            } => {
                self.expect_live()?;
                let clock = self.clock_mut()?;
                if delta.0 != 0 {
                    clock
                        .correct(at, side_of(*side), *delta)
                        .map_err(SessionError::Clock)?;
                }
                if *periods != 0 {
                    clock
                        .correct_periods(at, side_of(*side), *periods)
                        .map_err(SessionError::Clock)?;
                }
                self.rule(entry, RulingKind::Correct, Some(*side), None);
            }
            Event::Absence(color) => {
                self.expect_live()?;
                let clock = self.clock_mut()?;
                // Asked for on the opponent's time (Art. 23.6), never while one's own runs.
                if clock.to_move() != Some(side_of(color.opponent())) {
                    return Err(SessionError::AbsenceOnOwnTime(*color));
                }
                clock
                    .approve_absence(side_of(*color))
                    .map_err(SessionError::Clock)?;
                self.rule(entry, RulingKind::Absence, Some(*color), None);
            }
            Event::Rule(side) => self.rule(entry, RulingKind::Other, *side, None),
            Event::Refer => self.rule(entry, RulingKind::Refer, None, None),
            Event::Revoke(_) => self.rule(entry, RulingKind::Revoke, None, None),
            Event::Gap { .. } => self.rule(entry, RulingKind::Gap, None, None),
            Event::Adjourn => {
                if self.phase != Phase::Playing {
                    return Err(self.phase_error());
                }
                self.last_article.get_or_insert_with(|| "14".to_owned());
                self.phase = Phase::Adjourned;
            }
            Event::Seal(sealed) => {
                if self.phase != Phase::Adjourned || self.sealed.is_some() {
                    return Err(SessionError::CannotSeal);
                }
                let to_move = self.to_move(setup);
                if sealed.by != to_move {
                    return Err(SessionError::NotTheSealer(sealed.by));
                }
                self.last_article.get_or_insert_with(|| "14".to_owned());
                if let Some(clock) = self.clock.as_mut()
                    && clock.paused().is_none()
                {
                    clock
                        .pause(at, PauseKind::Arbiter)
                        .map_err(SessionError::Clock)?;
                }
                self.sealed = Some(sealed.clone());
            }
            Event::Unseal(reveal) => self.unseal(setup, entry, reveal)?,
        }
        Ok(())
    }

    fn phase_error(&self) -> SessionError {
        match self.phase {
            Phase::Finished(_) => SessionError::GameOver,
            Phase::Adjourned => SessionError::Adjourned,
            _ => SessionError::WrongPhase,
        }
    }

    /// Art. 23.1–23.3 with 23.5: within the limit the lateness is charged once, whatever the
    /// clock already ran of it, and a lateness that uses up the whole time limit (reserved
    /// minutes included) loses on time — whether the clock ran through it (the time-out is
    /// then folded first, at the instant the flag fell) or not (the loss is at this entry).
    /// Beyond the limit the player forfeits; both lose by their lateness, both lose.
    fn late(
        &mut self,
        setup: &GameSetup,
        entry: &Entry,
        list: &[(Color, Millis)],
    ) -> Result<(), SessionError> {
        // After a game ended by one side's lateness, the other's late arrival still counts
        // (both may lose, Art. 23.2).
        let decided_by_lateness = self.late_lost.iter().any(|&l| l)
            && matches!(
                &self.phase,
                Phase::Finished(Outcome::Forfeit { .. } | Outcome::Time { .. })
            );
        // A late side whose clock ran out while it was away (the flag fell within its
        // lateness): the time-out stands within the limit and is a forfeit beyond it.
        let absent_flag = match (&self.phase, self.timed_out) {
            (Phase::Finished(Outcome::Time { .. }), Some((loser, flag_at))) => list
                .iter()
                .find(|&&(c, d)| c == loser && flag_at <= self.start_at + d)
                .map(|&(c, _)| c),
            _ => None,
        };
        let was_live = self.live();
        if !was_live && !decided_by_lateness && absent_flag.is_none() {
            return Err(SessionError::GameOver);
        }
        let at = entry.at;
        let mut beyond_loser = None;
        let mut time_loser = None;
        for &(color, late) in list {
            let side = side_of(color);
            let lost = if late > setup.late_limit {
                beyond_loser = Some(color);
                true
            } else if absent_flag == Some(color) {
                true
            } else if !was_live || self.clock.is_none() {
                false
            } else {
                let already = self.ran_within(side, late);
                let extra = Millis((late.0 - already.0).max(0));
                let charged = self
                    .clock_mut()?
                    .charge_lateness(at, side, extra)
                    .map_err(SessionError::Clock)?;
                if !charged {
                    time_loser = Some(color);
                }
                !charged
            };
            if lost {
                self.late_lost[idx(color)] = true;
            }
        }
        let both = self.late_lost == [true, true];
        let default = if both {
            "23.2"
        } else if beyond_loser.is_some() {
            "23.1"
        } else {
            RulingKind::Late.default_article()
        };
        let side = match list {
            [(c, _)] => Some(*c),
            _ => None,
        };
        self.rule_with(entry, RulingKind::Late, side, None, default);
        if both {
            if let Some(c) = time_loser {
                self.use_up_time(at, c);
            }
            self.finish(
                at,
                Outcome::BothLose {
                    article: "23.2".to_owned(),
                },
            );
        } else if let Some(loser) = beyond_loser
            && (was_live || absent_flag == Some(loser))
        {
            self.finish(
                at,
                Outcome::Forfeit {
                    winner: loser.opponent(),
                    article: "23.1".to_owned(),
                },
            );
        } else if let Some(loser) = time_loser {
            self.use_up_time(at, loser);
            self.timed_out = Some((loser, at));
            self.finish(
                at,
                Outcome::Time {
                    winner: loser.opponent(),
                },
            );
        }
        Ok(())
    }

    /// A lateness took all of `color`'s time: its clock shows none left.
    fn use_up_time(&mut self, at: Timestamp, color: Color) {
        if let Some(clock) = self.clock.as_mut() {
            // Corrections of a settled clock at the entry's instant cannot fail.
            let _ = clock.correct(at, side_of(color), Millis(i64::MIN / 4));
            let _ = clock.correct_periods(at, side_of(color), i32::MIN / 4);
        }
    }

    /// A move recreated an earlier position under simple ko (Art. 20.3): noted for the
    /// arbiter.
    fn note_cycle(&mut self, n: u32, color: Color, point: Coord, repeats: Option<usize>) {
        self.cycle = repeats;
        if let Some(repeats_after_move) = repeats {
            self.repetitions.push(Repetition {
                n,
                move_number: self.game.move_number(),
                color,
                point,
                repeats_after_move,
            });
        }
    }

    /// Art. 14, 22: the sealed move is played, or counts as one pass when it cannot be (an
    /// occupied point, Art. 22; a forbidden point or a ko, Art. 19, 20.1), which is listed as
    /// a void ruling; the opponent's clock then runs.
    fn unseal(
        &mut self,
        setup: &GameSetup,
        entry: &Entry,
        reveal: &Reveal,
    ) -> Result<(), SessionError> {
        let at = entry.at;
        if self.phase != Phase::Adjourned {
            return Err(self.phase_error());
        }
        let sealed = self.sealed.clone().ok_or(SessionError::NotSealed)?;
        if !sealed.matches(reveal, self.game.size()) {
            return Err(SessionError::SealMismatch);
        }
        let by = sealed.by;
        let mut voided = None;
        if setup.mode == Mode::Board {
            let refused = match reveal.mv {
                Move::Play(p) => self.refusal(by, p).map(|r| (p, r)),
                Move::Pass => None,
            };
            match refused {
                None => {
                    let played = self
                        .game
                        .play(by, reveal.mv)
                        .map_err(SessionError::Illegal)?;
                    if let Move::Play(p) = reveal.mv {
                        self.confirmed = [false; 2];
                        self.passes_in_row = 0;
                        self.note_cycle(entry.n, by, p, played.repeats_after_move);
                    } else {
                        self.passes_in_row = self.passes_in_row.saturating_add(1);
                    }
                }
                Some((p, refusal)) => {
                    self.game
                        .play(by, Move::Pass)
                        .map_err(SessionError::Illegal)?;
                    self.passes_in_row = 0;
                    self.spoken.push(Phrase::MoveVoidPass);
                    voided = Some((p, refusal.void_article().unwrap_or("22")));
                }
            }
        }
        self.turns += 1;
        match voided {
            Some((p, article)) => {
                self.rule_with(entry, RulingKind::Void, Some(by), Some(p), article)
            }
            None => {
                self.last_article = Some(entry.article.clone().unwrap_or_else(|| "14".to_owned()))
            }
        }
        self.phase = Phase::Playing;
        self.sealed = None;
        self.unsealed = Some(Unsealed {
            by,
            reveal: *reveal,
            commitment: sealed.commitment,
        });
        self.press_for(by, at)?;
        if let Some(clock) = self.clock.as_mut()
            && clock.paused().is_some()
        {
            clock.resume(at).map_err(SessionError::Clock)?;
        }
        Ok(())
    }

    /// The area count with the marked dead stones removed, and its result.
    pub(super) fn count(&self) -> (AreaCount, GameResult) {
        let count = area_count(self.game.board(), &self.dead);
        let result = score(&count, self.game.rules(), self.game.handicap());
        (count, result)
    }

    /// The board to show: during free handicap placement, the stones placed so far.
    pub(super) fn board(&self) -> Board {
        if let Phase::PlacingHandicap { .. } = self.phase {
            let mut g = self.game.clone();
            if g.setup(&self.placed, &[], &[]).is_ok() {
                return g.board().clone();
            }
        }
        self.game.board().clone()
    }

    /// Whether the game has ended on the clock at `now` without an entry saying so yet.
    pub(super) fn time_out_at(&self, now: Timestamp) -> Option<(Color, Timestamp)> {
        if !matches!(self.phase, Phase::Playing | Phase::Adjourned) {
            return None;
        }
        match self.clock.as_ref()?.outcome_at(now)? {
            ClockOutcome::TimeOut { side, at } => Some((color_of(side), at)),
            _ => None,
        }
    }
}
