//! The command handlers: GTP commands over a [`Game`] of the rules core.

use super::board_text;
use super::policy;
use super::protocol::{self, Command, Parsed, RawLine};
use super::sgf_commands;
use super::status;
use super::vertex::{format_move, format_vertices, parse_color, parse_coord, parse_move};
use crate::record::GameInfo;
use crate::rules::{
    Color, Coord, Game, IllegalMove, KoRule, Komi, MAX_SIZE, MIN_SIZE, RulesError, area_count,
    score,
};

/// Every command this engine knows, as `list_commands` prints them.
pub const COMMANDS: &[&str] = &[
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "quit",
    "boardsize",
    "clear_board",
    "komi",
    "play",
    "genmove",
    "undo",
    "showboard",
    "fixed_handicap",
    "set_free_handicap",
    "final_score",
    "final_status_list",
    "is_legal",
    "list_stones",
    "captures",
    "tianyuan-ko_rule",
    "tianyuan-mark_dead",
    "tianyuan-clear_dead",
    "tianyuan-why_illegal",
    "loadsgf",
    "printsgf",
];

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
        }
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
        match cmd.name.as_str() {
            "protocol_version" => no_args(&args).map(|()| "2".to_string()),
            "name" => no_args(&args).map(|()| "Tianyuan".to_string()),
            "version" => no_args(&args).map(|()| env!("CARGO_PKG_VERSION").to_string()),
            "known_command" => {
                let [name] = arity(&args)?;
                Ok(COMMANDS.contains(&name).to_string())
            }
            "list_commands" => no_args(&args).map(|()| COMMANDS.join("\n")),
            "quit" => {
                no_args(&args)?;
                self.quit = true;
                Ok(String::new())
            }
            "boardsize" => self.boardsize(&args),
            "clear_board" => {
                no_args(&args)?;
                self.reset(self.game.size())
            }
            "komi" => self.komi(&args),
            "play" => self.play(&args),
            "genmove" => self.genmove(&args),
            "undo" => {
                no_args(&args)?;
                if self.game.undo() {
                    Ok(String::new())
                } else {
                    Err("cannot undo".to_string())
                }
            }
            "showboard" => no_args(&args).map(|()| board_text::showboard(&self.game)),
            "fixed_handicap" => self.fixed_handicap(&args),
            "set_free_handicap" => self.set_free_handicap(&args),
            "final_score" => no_args(&args).map(|()| self.final_score()),
            "final_status_list" => self.final_status_list(&args),
            "is_legal" => {
                let [colour, vertex] = arity(&args)?;
                let color = parse_color(colour)?;
                let mv = parse_move(vertex, self.game.size())?;
                Ok(if self.game.check(color, mv).is_ok() {
                    "1"
                } else {
                    "0"
                }
                .to_string())
            }
            "tianyuan-why_illegal" => {
                let [colour, vertex] = arity(&args)?;
                let color = parse_color(colour)?;
                let mv = parse_move(vertex, self.game.size())?;
                Ok(match self.game.check(color, mv) {
                    Ok(()) => "legal".to_string(),
                    Err(why) => why_illegal(why),
                })
            }
            "list_stones" => {
                let [colour] = arity(&args)?;
                let color = parse_color(colour)?;
                let stones = self.stones_in_board_order(color);
                Ok(format_vertices(&stones, self.game.size()))
            }
            "captures" => {
                let [colour] = arity(&args)?;
                let color = parse_color(colour)?;
                Ok(self.game.captures(color).to_string())
            }
            "tianyuan-ko_rule" => self.ko_rule(&args),
            "tianyuan-mark_dead" => self.mark_dead(&args),
            "tianyuan-clear_dead" => {
                no_args(&args)?;
                self.dead.clear();
                Ok(String::new())
            }
            "loadsgf" => self.loadsgf(&args),
            "printsgf" => match args[..] {
                [] => sgf_commands::print(&self.game, &self.info, None),
                [path] => sgf_commands::print(&self.game, &self.info, Some(path)),
                _ => Err("syntax error: expected at most 1 argument".to_string()),
            },
            _ => Err("unknown command".to_string()),
        }
    }

    /// A new empty game of `size` keeping the rules (komi, ko rule).
    fn reset(&mut self, size: u8) -> Reply {
        let game = Game::new(size, self.game.rules().clone())
            .map_err(|_| "unacceptable size".to_string())?;
        self.game = game;
        self.dead.clear();
        self.info = GameInfo::default();
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
        match u8::try_from(size) {
            Ok(n) if (MIN_SIZE..=MAX_SIZE).contains(&n) => self.reset(n),
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
        self.game
            .play(color, mv)
            .map(|_| String::new())
            .map_err(|_| "illegal move".to_string())
    }

    fn genmove(&mut self, args: &[&str]) -> Reply {
        let [colour] = arity(args)?;
        let color = parse_color(colour)?;
        let mv = policy::choose_move(&self.game, color);
        self.game
            .play(color, mv)
            .map_err(|e| format!("internal error: chose an illegal move ({e})"))?;
        Ok(format_move(mv, self.game.size()))
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
