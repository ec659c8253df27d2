//! The command handlers: GTP commands over a [`Game`] of the rules core.

use super::board_text;
use super::policy;
use super::protocol::{self, Command, Parsed, RawLine};
use super::sgf_commands;
use super::status;
use super::vertex::{format_move, format_vertices, parse_color, parse_coord, parse_move};
use crate::ai::{CapturePlayer, GoPlayer, Level};
use crate::record::GameInfo;
use crate::rules::{
    Color, Coord, Game, IllegalMove, KoRule, Komi, MAX_SIZE, MIN_SIZE, Move, RulesError,
    area_count, score,
};
use crate::teach::capture::{
    CaptureStatus, MAX_CAPTURE_SIZE, MIN_CAPTURE_SIZE, StartPosition, capture_status,
};

/// A command's handler: the response body, or the error message.
type Handler = fn(&mut Engine, &[&str]) -> Reply;

/// Every command this engine knows with its handler, in the order `list_commands` prints
/// them: `known_command`, `list_commands` and the dispatch all read this one table.
const TABLE: &[(&str, Handler)] = &[
    ("protocol_version", |_, a| {
        no_args(a).map(|()| "2".to_string())
    }),
    ("name", |_, a| no_args(a).map(|()| "Tianyuan".to_string())),
    ("version", |_, a| {
        no_args(a).map(|()| env!("CARGO_PKG_VERSION").to_string())
    }),
    ("known_command", |_, a| {
        let [name] = arity(a)?;
        Ok(TABLE.iter().any(|(known, _)| *known == name).to_string())
    }),
    ("list_commands", |_, a| {
        no_args(a)?;
        Ok(TABLE
            .iter()
            .map(|(name, _)| *name)
            .collect::<Vec<_>>()
            .join("\n"))
    }),
    ("quit", |e, a| {
        no_args(a)?;
        e.quit = true;
        Ok(String::new())
    }),
    ("boardsize", Engine::boardsize),
    ("clear_board", |e, a| {
        no_args(a)?;
        e.reset(e.game.size())
    }),
    ("komi", Engine::komi),
    ("play", Engine::play),
    ("genmove", Engine::genmove),
    ("undo", |e, a| {
        no_args(a)?;
        if e.game.undo() {
            Ok(String::new())
        } else {
            Err("cannot undo".to_string())
        }
    }),
    ("showboard", |e, a| {
        no_args(a).map(|()| board_text::showboard(&e.game))
    }),
    ("fixed_handicap", Engine::fixed_handicap),
    ("set_free_handicap", Engine::set_free_handicap),
    ("final_score", |e, a| no_args(a).map(|()| e.final_score())),
    ("final_status_list", |e, a| e.final_status_list(a)),
    ("is_legal", |e, a| {
        let [colour, vertex] = arity(a)?;
        let color = parse_color(colour)?;
        let mv = parse_move(vertex, e.game.size())?;
        Ok(if e.game.check(color, mv).is_ok() {
            "1"
        } else {
            "0"
        }
        .to_string())
    }),
    ("list_stones", |e, a| {
        let [colour] = arity(a)?;
        let color = parse_color(colour)?;
        let stones = e.stones_in_board_order(color);
        Ok(format_vertices(&stones, e.game.size()))
    }),
    ("captures", |e, a| {
        let [colour] = arity(a)?;
        let color = parse_color(colour)?;
        Ok(e.game.captures(color).to_string())
    }),
    ("tianyuan-ko_rule", Engine::ko_rule),
    ("tianyuan-mark_dead", Engine::mark_dead),
    ("tianyuan-clear_dead", |e, a| {
        no_args(a)?;
        e.dead.clear();
        Ok(String::new())
    }),
    ("tianyuan-why_illegal", |e, a| {
        let [colour, vertex] = arity(a)?;
        let color = parse_color(colour)?;
        let mv = parse_move(vertex, e.game.size())?;
        Ok(match e.game.check(color, mv) {
            Ok(()) => "legal".to_string(),
            Err(why) => why_illegal(why),
        })
    }),
    ("tianyuan-capture_winner", Engine::capture_winner),
    ("loadsgf", Engine::loadsgf),
    ("printsgf", |e, a| match a[..] {
        [] => sgf_commands::print(&e.game, &e.info, None),
        [path] => sgf_commands::print(&e.game, &e.info, Some(path)),
        _ => Err("syntax error: expected at most 1 argument".to_string()),
    }),
];

/// Every command this engine knows, as `list_commands` prints them (the names of the table).
pub const COMMANDS: [&str; TABLE.len()] = command_names();

const fn command_names() -> [&'static str; TABLE.len()] {
    let mut names = [""; TABLE.len()];
    let mut i = 0;
    while i < TABLE.len() {
        names[i] = TABLE[i].0;
        i += 1;
    }
    names
}

/// What `tianyuan gtp` was started with: the capture game, the computer player's level and
/// its seed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EngineOptions {
    /// Play the capture game (吃子棋): the first to capture this many stones wins.
    pub capture: Option<u32>,
    /// The start position of the capture game (`clear_board` and `boardsize` restore it).
    pub start: StartPosition,
    /// The computer player's level for `genmove`. Without it (and without `capture`),
    /// `genmove` is the old policy that is not a player.
    pub level: Option<Level>,
    /// The seed of the computer player's random choices.
    pub seed: u64,
}

/// The level `genmove` plays the capture game at when `--level` is not given.
pub const DEFAULT_CAPTURE_LEVEL: u8 = 3;

/// The board size of the capture game before any `boardsize` (the clubs' 9×9).
pub const DEFAULT_CAPTURE_SIZE: u8 = 9;

/// The largest komi accepted, in points: far beyond any real game, small enough that no count
/// can overflow.
const MAX_KOMI_POINTS: f64 = 1000.0;

/// A GTP engine: one game, the stones marked dead, and whether `quit` was received.
///
/// Like GNU Go it does not enforce alternation: `play` and `genmove` name their colour.
#[derive(Debug, Clone)]
pub struct Engine {
    game: Game,
    /// Stones marked dead, with their colour so that a mark lapses when its stone is gone.
    dead: Vec<(Coord, Color)>,
    /// Game information of a loaded record, written back by `printsgf`.
    info: GameInfo,
    quit: bool,
    options: EngineOptions,
}

type Reply = Result<String, String>;

impl Default for Engine {
    fn default() -> Self {
        Engine::new()
    }
}

impl Engine {
    /// A 19×19 game under the Chinese rules (positional superko, komi 7.5 points).
    pub fn new() -> Engine {
        let rules = crate::rules::Rules::default();
        // 19 is within MIN_SIZE..=MAX_SIZE, so this cannot fail.
        let game = Game::new(19, rules).expect("19x19 is a valid board size");
        Engine {
            game,
            dead: Vec::new(),
            info: GameInfo::default(),
            quit: false,
            options: EngineOptions::default(),
        }
    }

    /// An engine started with `options`: in the capture game a 9×9 board with the start
    /// position, else as [`Engine::new`]. Fails on a target of 0 stones.
    pub fn with_options(options: EngineOptions) -> Result<Engine, String> {
        let mut engine = Engine::new();
        if options.capture == Some(0) {
            return Err("the capture game needs a target of at least 1 stone".to_string());
        }
        engine.options = options;
        if options.capture.is_some() {
            engine.reset(DEFAULT_CAPTURE_SIZE)?;
        }
        Ok(engine)
    }

    /// The options the engine was started with.
    pub fn options(&self) -> EngineOptions {
        self.options
    }

    /// How the capture game stands; `None` when not playing the capture game.
    pub fn capture_status(&self) -> Option<CaptureStatus> {
        self.options
            .capture
            .map(|target| capture_status(&self.game, target))
    }

    /// The game being played.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// True once `quit` has been answered: the session is over.
    pub fn has_quit(&self) -> bool {
        self.quit
    }

    /// Answers one raw input line; `None` when the line holds no command (empty or comment).
    pub fn respond(&mut self, raw: &RawLine) -> Option<String> {
        match protocol::parse(raw) {
            Parsed::Nothing => None,
            Parsed::Invalid { id, message } => {
                Some(protocol::format_response(false, id.as_deref(), &message))
            }
            Parsed::Command(cmd) => {
                let reply = self.execute(&cmd);
                Some(match reply {
                    Ok(body) => protocol::format_response(true, cmd.id.as_deref(), &body),
                    Err(msg) => protocol::format_response(false, cmd.id.as_deref(), &msg),
                })
            }
        }
    }

    /// Answers one line of text (a convenience over [`Engine::respond`]).
    pub fn respond_to(&mut self, line: &str) -> Option<String> {
        self.respond(&RawLine::Line(line.as_bytes().to_vec()))
    }

    /// Executes a command: the response body on success, the error message on failure.
    pub fn execute(&mut self, cmd: &Command) -> Reply {
        let args: Vec<&str> = cmd.args.iter().map(String::as_str).collect();
        match TABLE.iter().find(|(name, _)| *name == cmd.name) {
            Some((_, handler)) => handler(self, &args),
            None => Err("unknown command".to_string()),
        }
    }

    /// A new empty game of `size` keeping the rules (komi, ko rule).
    fn reset(&mut self, size: u8) -> Reply {
        let game = Game::new(size, self.game.rules().clone())
            .map_err(|_| "unacceptable size".to_string())?;
        self.game = game;
        self.dead.clear();
        self.info = GameInfo::default();
        if self.options.capture.is_some() {
            let (black, white) = self.options.start.stones(size);
            if !black.is_empty() || !white.is_empty() {
                self.game
                    .setup(&black, &white, &[])
                    .map_err(|e| format!("cannot set up the start position: {e}"))?;
            }
        }
        Ok(String::new())
    }

    fn boardsize(&mut self, args: &[&str]) -> Reply {
        let [word] = arity(args)?;
        let size = match word.parse::<i64>() {
            Ok(n) => n,
            // An integer too large for i64 is still an integer, just not an acceptable size.
            Err(_) if !word.is_empty() && word.bytes().all(|b| b.is_ascii_digit()) => i64::MAX,
            Err(_) => {
                return Err(format!(
                    "syntax error: board size '{word}' is not an integer"
                ));
            }
        };
        let (min, max) = if self.options.capture.is_some() {
            (MIN_CAPTURE_SIZE, MAX_CAPTURE_SIZE)
        } else {
            (MIN_SIZE, MAX_SIZE)
        };
        match u8::try_from(size) {
            Ok(n) if (min..=max).contains(&n) => self.reset(n),
            _ => Err("unacceptable size".to_string()),
        }
    }

    /// `loadsgf FILE [MOVE]`: the position before move number MOVE (or at the end); answers
    /// the colour to move.
    fn loadsgf(&mut self, args: &[&str]) -> Reply {
        let (path, until) = match args {
            [path] => (*path, None),
            [path, number] => match number.parse::<usize>() {
                Ok(n) if n >= 1 => (*path, Some(n)),
                _ => {
                    return Err(format!(
                        "syntax error: move number '{number}' is not a positive integer"
                    ));
                }
            },
            _ => {
                return Err(format!(
                    "syntax error: expected 1 or 2 arguments, got {}",
                    args.len()
                ));
            }
        };
        let loaded = sgf_commands::load(path, until, self.game.rules())?;
        self.game = loaded.game;
        self.info = loaded.info;
        self.dead.clear();
        Ok(match self.game.to_move() {
            Color::Black => "black",
            Color::White => "white",
        }
        .to_string())
    }

    fn komi(&mut self, args: &[&str]) -> Reply {
        let [word] = arity(args)?;
        let points: f64 = word
            .parse()
            .ok()
            .filter(|p: &f64| p.is_finite())
            .ok_or_else(|| format!("syntax error: komi '{word}' is not a number"))?;
        if points.abs() > MAX_KOMI_POINTS {
            return Err(format!("syntax error: komi {word} is out of range"));
        }
        let komi = Komi::from_points(points)
            .ok_or_else(|| format!("syntax error: komi {word} is not a multiple of 0.5"))?;
        let mut rules = self.game.rules().clone();
        rules.komi = komi;
        self.game.set_rules(rules);
        Ok(String::new())
    }

    fn play(&mut self, args: &[&str]) -> Reply {
        let [colour, vertex] = arity(args)?;
        let color = parse_color(colour)?;
        let mv = parse_move(vertex, self.game.size())?;
        if let Some(status) = self.capture_status()
            && status.is_over()
            && mv != Move::Pass
        {
            return Err(game_over(status));
        }
        self.game
            .play(color, mv)
            .map(|_| String::new())
            .map_err(|_| "illegal move".to_string())
    }

    /// The capture game's player, or the Go player when a level was given, or the policy.
    /// After the end of a capture game `genmove` answers `pass` (and records it).
    fn genmove(&mut self, args: &[&str]) -> Reply {
        let [colour] = arity(args)?;
        let color = parse_color(colour)?;
        let seed = self.options.seed;
        let mv = match (self.options.capture, self.options.level) {
            (Some(target), level) => {
                let level = level
                    .or(Level::new(DEFAULT_CAPTURE_LEVEL))
                    .unwrap_or(Level::MIN);
                CapturePlayer::new(level, seed).choose_move(&self.game, color, target)
            }
            (None, Some(level)) => GoPlayer::new(level, seed).choose_move(&self.game, color),
            (None, None) => policy::choose_move(&self.game, color),
        };
        self.game
            .play(color, mv)
            .map_err(|e| format!("internal error: chose an illegal move ({e})"))?;
        Ok(format_move(mv, self.game.size()))
    }

    /// `tianyuan-capture_winner`: `B`, `W` or `none` (in progress or drawn).
    fn capture_winner(&mut self, args: &[&str]) -> Reply {
        no_args(args)?;
        match self.capture_status() {
            None => Err("not playing the capture game (start with --capture N)".to_string()),
            Some(status) => Ok(status
                .winner()
                .map_or("none".to_string(), |w| w.letter().to_string())),
        }
    }

    fn fixed_handicap(&mut self, args: &[&str]) -> Reply {
        let [word] = arity(args)?;
        let n: i64 = word
            .parse()
            .map_err(|_| format!("syntax error: '{word}' is not a number of stones"))?;
        if !self.game.board().stones().is_empty() {
            return Err("board not empty".to_string());
        }
        let n = u8::try_from(n).map_err(|_| "invalid number of stones".to_string())?;
        let placed = self
            .game
            .place_fixed_handicap(n)
            .map_err(|e| handicap_error(&e, "invalid number of stones"))?;
        Ok(format_vertices(&placed, self.game.size()))
    }

    fn set_free_handicap(&mut self, args: &[&str]) -> Reply {
        let size = self.game.size();
        let mut points = Vec::with_capacity(args.len());
        for word in args {
            let c = parse_coord(word, size).map_err(|_| "bad vertex list".to_string())?;
            if points.contains(&c) {
                return Err("bad vertex list".to_string());
            }
            points.push(c);
        }
        if !self.game.board().stones().is_empty() {
            return Err("board not empty".to_string());
        }
        let all = usize::from(size) * usize::from(size);
        if points.len() < 2 || points.len() >= all {
            return Err("bad vertex list".to_string());
        }
        self.game
            .place_free_handicap(&points)
            .map_err(|e| handicap_error(&e, "bad vertex list"))?;
        Ok(String::new())
    }

    /// The marked dead stones that are still on the board in their colour.
    fn live_marks(&self) -> Vec<Coord> {
        self.dead
            .iter()
            .filter(|&&(c, color)| self.game.board().get(c) == Some(color))
            .map(|&(c, _)| c)
            .collect()
    }

    /// Area counting (Art. 9) with the marked stones dead, komi and the handicap return of the
    /// rules setting (Art. 11).
    fn final_score(&self) -> String {
        let count = area_count(self.game.board(), &self.live_marks());
        score(&count, self.game.rules(), self.game.handicap()).to_sgf()
    }

    fn final_status_list(&self, args: &[&str]) -> Reply {
        let [which] = arity(args)?;
        let statuses = status::classify(self.game.board(), &self.live_marks());
        let chains = match which.to_ascii_lowercase().as_str() {
            "alive" => statuses.alive,
            "dead" => statuses.dead,
            "seki" => statuses.seki,
            _ => return Err(format!("syntax error: invalid status '{which}'")),
        };
        let size = self.game.size();
        Ok(chains
            .iter()
            .map(|chain| format_vertices(chain, size))
            .collect::<Vec<_>>()
            .join("\n"))
    }

    fn ko_rule(&mut self, args: &[&str]) -> Reply {
        let word = match args {
            [] => return Ok(ko_rule_name(self.game.rules().ko).to_string()),
            [word] => *word,
            _ => return Err("syntax error: expected at most 1 argument".to_string()),
        };
        let ko = match word.to_ascii_lowercase().as_str() {
            "positional" => KoRule::Positional,
            "situational" => KoRule::Situational,
            "simple" => KoRule::Simple,
            _ => {
                return Err(format!(
                    "syntax error: ko rule '{word}' is not positional, situational or simple"
                ));
            }
        };
        let mut rules = self.game.rules().clone();
        rules.ko = ko;
        self.game.set_rules(rules);
        Ok(String::new())
    }

    fn mark_dead(&mut self, args: &[&str]) -> Reply {
        if args.is_empty() {
            return Err("syntax error: expected at least one vertex".to_string());
        }
        let size = self.game.size();
        let mut marks = Vec::with_capacity(args.len());
        for word in args {
            let c = parse_coord(word, size)?;
            let color = self
                .game
                .board()
                .get(c)
                .ok_or_else(|| format!("no stone at {word}"))?;
            marks.push((c, color));
        }
        for mark in marks {
            if !self.dead.contains(&mark) {
                self.dead.push(mark);
            }
        }
        Ok(String::new())
    }

    fn stones_in_board_order(&self, color: Color) -> Vec<Coord> {
        let mut stones: Vec<Coord> = self
            .game
            .board()
            .stones()
            .into_iter()
            .filter(|&(_, c)| c == color)
            .map(|(p, _)| p)
            .collect();
        stones.sort_by_key(|c| (c.y, c.x));
        stones
    }
}

/// A reason in a fixed, parseable form: a keyword, the move repeated if any, the article.
fn why_illegal(why: IllegalMove) -> String {
    let article = why.article();
    match why {
        IllegalMove::OffBoard => format!("off_board ({article})"),
        IllegalMove::Occupied => format!("occupied ({article})"),
        IllegalMove::Suicide => format!("suicide ({article})"),
        IllegalMove::Ko { repeats_after_move } => {
            format!("ko repeats_after_move {repeats_after_move} ({article})")
        }
        IllegalMove::Superko { repeats_after_move } => {
            format!("superko repeats_after_move {repeats_after_move} ({article})")
        }
    }
}

/// The error for a stone played after the end of a capture game.
fn game_over(status: CaptureStatus) -> String {
    match status.winner() {
        Some(w) => format!("game over: {} has won the capture game", w.letter()),
        None => "game over: the capture game is drawn".to_string(),
    }
}

fn ko_rule_name(ko: KoRule) -> &'static str {
    match ko {
        KoRule::Positional => "positional",
        KoRule::Situational => "situational",
        KoRule::Simple => "simple",
    }
}

fn handicap_error(e: &RulesError, otherwise: &str) -> String {
    match e {
        RulesError::NotEmpty => "board not empty".to_string(),
        _ => otherwise.to_string(),
    }
}

fn no_args(args: &[&str]) -> Result<(), String> {
    arity::<0>(args).map(|_| ())
}

/// Exactly `N` arguments, or a syntax error saying how many were expected.
fn arity<'a, const N: usize>(args: &[&'a str]) -> Result<[&'a str; N], String> {
    <[&str; N]>::try_from(args).map_err(|_| {
        format!(
            "syntax error: expected {N} argument{}, got {}",
            if N == 1 { "" } else { "s" },
            args.len()
        )
    })
}
