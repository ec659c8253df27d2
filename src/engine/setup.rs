//! Bringing an engine's board to a game of the rules core: board size, komi, handicap or
//! setup stones, then the moves — and only the new moves when the engine is already there.

use std::time::Duration;

use super::error::EngineError;
use super::gtp_engine::GtpEngine;
use crate::gtp::vertex::format_move;
use crate::rules::{Color, Coord, Game, Komi, Move};

/// How a position starts, before its moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Start {
    /// An empty board.
    Empty,
    /// Handicap stones (`set_free_handicap`, so the engine counts them as handicap: GNU Go's
    /// Chinese count gives komi back for them as Art. 11 does).
    Handicap(Vec<Coord>),
    /// Setup stones (a problem, an edited position): sent as `play` commands, which capture
    /// nothing since every chain of a valid setup keeps a liberty whatever the order.
    Stones(Vec<(Coord, Color)>),
}

/// What an engine's board must hold for a game: the GTP view of a [`Game`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EnginePosition {
    /// Board size.
    pub size: u8,
    /// Komi (sent in points).
    pub komi: Komi,
    /// The stones before the first move.
    pub start: Start,
    /// The moves since, in order.
    pub moves: Vec<(Color, Move)>,
}

impl EnginePosition {
    /// The position of `game`: its starting position is the one [`Game::undo`] cannot go
    /// behind (the start, the handicap or the last setup), so a record with a setup in the
    /// middle is sent as that setup and the moves after it.
    pub fn of(game: &Game) -> EnginePosition {
        let mut start = game.clone();
        while start.undo() {}
        let stones = start.board().stones();
        let handicap = usize::from(game.handicap());
        let start_kind = if stones.is_empty() {
            Start::Empty
        } else if handicap >= 2
            && stones.len() == handicap
            && stones.iter().all(|(_, c)| *c == Color::Black)
        {
            Start::Handicap(stones.iter().map(|(p, _)| *p).collect())
        } else {
            Start::Stones(stones)
        };
        EnginePosition {
            size: game.size(),
            komi: game.rules().komi,
            start: start_kind,
            moves: game.moves()[start.moves().len()..].to_vec(),
        }
    }

    /// The position of `game`'s board as setup stones only, without history: for engines that
    /// refuse a move of the record (an illegal move the tolerant replay kept).
    pub fn stones_only(game: &Game) -> EnginePosition {
        let stones = game.board().stones();
        EnginePosition {
            size: game.size(),
            komi: game.rules().komi,
            start: if stones.is_empty() {
                Start::Empty
            } else {
                Start::Stones(stones)
            },
            moves: Vec::new(),
        }
    }

    /// The commands that set an engine's board to this position from any state.
    pub fn load_commands(&self) -> Vec<String> {
        let size = self.size;
        let mut out = vec![
            format!("boardsize {size}"),
            "clear_board".to_string(),
            format!("komi {}", self.komi.points()),
        ];
        match &self.start {
            Start::Empty => {}
            Start::Handicap(points) => {
                let vertices: Vec<String> = points.iter().map(|p| p.to_gtp(size)).collect();
                out.push(format!("set_free_handicap {}", vertices.join(" ")));
            }
            Start::Stones(stones) => {
                out.extend(stones.iter().map(|(p, c)| play(*c, Move::Play(*p), size)));
            }
        }
        out.extend(self.moves.iter().map(|(c, m)| play(*c, *m, size)));
        out
    }

    /// The commands from `previous` (what the engine holds) to this position: only the new
    /// moves when this position continues `previous`, else a full load.
    pub fn commands_from(&self, previous: Option<&EnginePosition>) -> Vec<String> {
        match previous {
            Some(p)
                if p.size == self.size
                    && p.komi == self.komi
                    && p.start == self.start
                    && self.moves.starts_with(&p.moves) =>
            {
                self.moves[p.moves.len()..]
                    .iter()
                    .map(|(c, m)| play(*c, *m, self.size))
                    .collect()
            }
            _ => self.load_commands(),
        }
    }
}

/// `play b D4`, `play w pass`.
pub fn play(color: Color, mv: Move, size: u8) -> String {
    let c = match color {
        Color::Black => 'b',
        Color::White => 'w',
    };
    format!("play {c} {}", format_move(mv, size))
}

/// Keeps an engine's board in step with a game, remembering what was sent.
#[derive(Clone, Debug, Default)]
pub struct Sync {
    /// The game position the engine was last brought to. After a refused move the engine
    /// holds that position as stones rather than this history, and new moves still follow.
    sent: Option<EnginePosition>,
}

impl Sync {
    /// Nothing known about the engine's board.
    pub fn new() -> Sync {
        Sync::default()
    }

    /// Brings `engine` to `game`'s position (only the new moves when it continues the last
    /// one). When the engine refuses a move of the game (the record holds an illegal move
    /// that the tolerant replay kept), the board is sent as setup stones without history.
    pub fn sync(
        &mut self,
        engine: &mut dyn GtpEngine,
        game: &Game,
        timeout: Duration,
    ) -> Result<(), EngineError> {
        let target = EnginePosition::of(game);
        if self.sent.as_ref() == Some(&target) {
            return Ok(());
        }
        let commands = target.commands_from(self.sent.as_ref());
        // Unknown while commands are in flight: a failure half-way forces a full load later.
        self.sent = None;
        match send_all(engine, &commands, timeout) {
            Ok(()) => {}
            Err(EngineError::Refused { command, .. }) if command.starts_with("play ") => {
                send_all(
                    engine,
                    &EnginePosition::stones_only(game).load_commands(),
                    timeout,
                )?;
            }
            Err(e) => return Err(e),
        }
        self.sent = Some(target);
        Ok(())
    }

    /// The engine played `mv` itself (after `genmove`).
    pub fn played(&mut self, color: Color, mv: Move) {
        if let Some(sent) = &mut self.sent {
            sent.moves.push((color, mv));
        }
    }

    /// Forgets what the engine holds (after an error): the next sync loads in full.
    pub fn forget(&mut self) {
        self.sent = None;
    }
}

fn send_all(
    engine: &mut dyn GtpEngine,
    commands: &[String],
    timeout: Duration,
) -> Result<(), EngineError> {
    for c in commands {
        engine.command(c, timeout)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::scripted::ScriptedEngine;
    use crate::rules::Rules;

    fn pt(gtp: &str, size: u8) -> Coord {
        Coord::from_gtp(gtp, size).expect("vertex")
    }

    fn game9() -> Game {
        Game::new(9, Rules::default()).expect("9x9")
    }

    #[test]
    fn empty_game_is_size_clear_komi() {
        let cmds = EnginePosition::of(&game9()).load_commands();
        assert_eq!(cmds, ["boardsize 9", "clear_board", "komi 7.5"]);
    }

    #[test]
    fn moves_and_passes_follow_in_order() {
        let mut g = game9();
        g.play(Color::Black, Move::Play(pt("E5", 9)))
            .expect("legal");
        g.play(Color::White, Move::Pass).expect("pass");
        g.play(Color::Black, Move::Play(pt("C3", 9)))
            .expect("legal");
        let cmds = EnginePosition::of(&g).load_commands();
        assert_eq!(cmds[3..], ["play b E5", "play w pass", "play b C3"]);
    }

    #[test]
    fn handicap_goes_as_free_handicap_and_komi_in_points() {
        // ½ stone = 1 point.
        let rules = Rules {
            komi: Komi(2),
            ..Rules::default()
        };
        let mut g = Game::new(19, rules).expect("19x19");
        g.place_fixed_handicap(2).expect("handicap");
        let cmds = EnginePosition::of(&g).load_commands();
        assert_eq!(cmds[2], "komi 1");
        let handicap: Vec<&str> = cmds[3].split(' ').collect();
        assert_eq!(handicap[0], "set_free_handicap");
        assert!(handicap.contains(&"D4") && handicap.contains(&"Q16") && handicap.len() == 3);
    }

    #[test]
    fn setup_stones_go_as_plays_and_a_mid_game_setup_starts_over() {
        let mut g = game9();
        g.play(Color::Black, Move::Play(pt("A1", 9)))
            .expect("legal");
        g.setup(&[pt("E5", 9)], &[pt("D5", 9)], &[]).expect("setup");
        g.play(Color::White, Move::Play(pt("F5", 9)))
            .expect("legal");
        let cmds = EnginePosition::of(&g).load_commands();
        let mut stones = cmds[3..6].to_vec();
        stones.sort();
        assert_eq!(stones, ["play b A1", "play b E5", "play w D5"]);
        assert_eq!(cmds[6], "play w F5");
    }

    #[test]
    fn a_continued_game_sends_only_the_new_moves() {
        let mut g = game9();
        g.play(Color::Black, Move::Play(pt("E5", 9)))
            .expect("legal");
        let before = EnginePosition::of(&g);
        g.play(Color::White, Move::Play(pt("C3", 9)))
            .expect("legal");
        let after = EnginePosition::of(&g);
        assert_eq!(after.commands_from(Some(&before)), ["play w C3"]);
        // Taking a move back is not a continuation: full load.
        assert_eq!(before.commands_from(Some(&after)), before.load_commands());
    }

    #[test]
    fn sync_falls_back_to_stones_when_the_engine_refuses_a_move() {
        let mut g = game9();
        g.play(Color::Black, Move::Play(pt("E5", 9)))
            .expect("legal");
        g.play(Color::White, Move::Play(pt("D5", 9)))
            .expect("legal");
        let mut refused = false;
        let mut engine = ScriptedEngine::new("picky", move |c| {
            // Refuses the move once, as a move after E5; accepts it as a setup stone.
            if c == "play w D5" && !refused {
                refused = true;
                return Ok(Err("illegal move".into()));
            }
            Ok(Ok(String::new()))
        });
        let mut sync = Sync::new();
        sync.sync(&mut engine, &g, Duration::from_secs(1))
            .expect("synced");
        let log: Vec<&str> = engine.log.iter().map(String::as_str).collect();
        let reload = &log[log.len() - 5..];
        assert_eq!(reload[..3], ["boardsize 9", "clear_board", "komi 7.5"]);
        assert!(reload.contains(&"play b E5") && reload.contains(&"play w D5"));
        // Twice the same game: nothing sent.
        let n = engine.log.len();
        sync.sync(&mut engine, &g, Duration::from_secs(1))
            .expect("synced");
        assert_eq!(engine.log.len(), n);
    }
}
