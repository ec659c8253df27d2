//! A judge over GTP: GNU Go's reading commands, or KataGo's ownership.
//!
//! The judge holds any [`GtpEngine`] (a [`crate::engine::ProcessEngine`] on the command line,
//! a scripted one in tests); it never starts a process itself. Each question loads the position
//! (only the new moves when the engine already holds the position before them) and asks:
//!
//! - **GNU Go** (`gnugo --mode gtp`): `defend`/`attack` (tactical reading: capture, ladder,
//!   net, escape), `connect`/`disconnect` (connection reading: connect, cut), `owl_attack`/
//!   `owl_defend` (life and death: live, kill), `restricted_genmove` over the region (endgame).
//!   Each answers for the side its name says moves first: `attack` and `disconnect` the
//!   attacker, `defend` and `connect` the owner of the stones. A result won only through a ko
//!   (codes 2 and 3) is not a result by force.
//! - **KataGo** (`kata-analyze … ownership true`): the mean ownership of the marked stones'
//!   points after a short search with the side to move; a point of the owner's at 0.5 or more
//!   is alive, at −0.5 or less dead, in between not judged. Connections are not judged (the
//!   ownership of points cannot show them); the endgame is KataGo's best move among the
//!   region's points (`allow`).

use std::time::Duration;

use super::{EndgameChoice, Holds, Judge, JudgeError, Question};
use crate::engine::setup::EnginePosition;
use crate::engine::{Flow, GtpEngine};
use crate::gtp::vertex::{format_move, parse_move};
use crate::problems::goal::Goal;
use crate::rules::{Color, Coord, Move};

/// Which commands a GTP judge speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GtpFlavour {
    /// GNU Go's reading commands.
    GnuGo,
    /// KataGo's `kata-analyze` with ownership.
    KataGo,
}

impl GtpFlavour {
    /// The flavour an engine's `list_commands` allows: GNU Go's reading when it has
    /// `owl_attack`, else KataGo's analysis when it has `kata-analyze`.
    pub fn of_commands(commands: &[String]) -> Option<GtpFlavour> {
        let has = |name: &str| commands.iter().any(|c| c.trim() == name);
        if has("owl_attack") && has("attack") && has("connect") {
            Some(GtpFlavour::GnuGo)
        } else if has("kata-analyze") {
            Some(GtpFlavour::KataGo)
        } else {
            None
        }
    }
}

/// How long one reading command may take (GNU Go's owl reading of a big group takes seconds).
pub const GNUGO_TIMEOUT: Duration = Duration::from_secs(60);
/// The visits KataGo's search gets for one question, and the time it may take.
pub const KATAGO_VISITS: u32 = 400;
/// See [`KATAGO_VISITS`].
pub const KATAGO_BUDGET: Duration = Duration::from_secs(30);

/// A judge speaking GTP to an engine.
pub struct GtpJudge<E: GtpEngine> {
    engine: E,
    flavour: GtpFlavour,
    name: String,
    loaded: Option<EnginePosition>,
}

impl<E: GtpEngine> std::fmt::Debug for GtpJudge<E> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GtpJudge")
            .field("name", &self.name)
            .field("flavour", &self.flavour)
            .finish()
    }
}

/// A GNU Go reading answer: `0`, or a result code and a move (`1 A5`, `2 PASS`).
fn parse_result(text: &str, size: u8) -> Result<(u8, Option<Move>), JudgeError> {
    let mut words = text.split_whitespace();
    let code = words
        .next()
        .and_then(|w| w.parse::<u8>().ok())
        .ok_or_else(|| JudgeError(format!("unexpected answer {text:?}")))?;
    let mv = match words.next() {
        Some(w) => Some(parse_move(w, size).map_err(JudgeError)?),
        None => None,
    };
    Ok((code, mv))
}

impl<E: GtpEngine> GtpJudge<E> {
    /// A judge over `engine` speaking `flavour`, named `name` in reports.
    pub fn new(engine: E, flavour: GtpFlavour, name: &str) -> GtpJudge<E> {
        GtpJudge {
            engine,
            flavour,
            name: name.to_string(),
            loaded: None,
        }
    }

    /// A judge over `engine` with the flavour its `list_commands` allows.
    pub fn detect(mut engine: E, name: &str) -> Result<GtpJudge<E>, JudgeError> {
        let list = engine
            .command("list_commands", GNUGO_TIMEOUT)
            .map_err(|e| JudgeError(e.to_string()))?;
        let commands: Vec<String> = list.lines().map(|l| l.trim().to_string()).collect();
        let flavour = GtpFlavour::of_commands(&commands).ok_or_else(|| {
            JudgeError(format!(
                "{name} knows neither GNU Go's reading commands (owl_attack, connect) nor \
                 KataGo's kata-analyze: it cannot judge problems"
            ))
        })?;
        Ok(GtpJudge::new(engine, flavour, name))
    }

    /// The flavour.
    pub fn flavour(&self) -> GtpFlavour {
        self.flavour
    }

    /// The engine back.
    pub fn into_engine(self) -> E {
        self.engine
    }

    fn send(&mut self, command: &str) -> Result<String, JudgeError> {
        self.engine
            .command(command, GNUGO_TIMEOUT)
            .map_err(|e| JudgeError(format!("{}: {command}: {e}", self.name)))
    }

    /// Brings the engine's board to the question's position.
    fn load(&mut self, q: &Question<'_>) -> Result<(), JudgeError> {
        let position = EnginePosition::of(q.game);
        let commands = position.commands_from(self.loaded.as_ref());
        self.loaded = None;
        for c in commands {
            self.send(&c)?;
        }
        self.loaded = Some(position);
        Ok(())
    }

    fn ask(
        &mut self,
        command: &str,
        at: Coord,
        size: u8,
    ) -> Result<(u8, Option<Move>), JudgeError> {
        let text = self.send(&format!("{command} {}", at.to_gtp(size)))?;
        parse_result(&text, size)
    }

    fn ask_pair(
        &mut self,
        command: &str,
        a: Coord,
        b: Coord,
        size: u8,
    ) -> Result<(u8, Option<Move>), JudgeError> {
        let text = self.send(&format!("{command} {} {}", a.to_gtp(size), b.to_gtp(size)))?;
        parse_result(&text, size)
    }

    /// GNU Go: the question answered with its reading commands.
    fn gnugo_holds(&mut self, q: &Question<'_>) -> Result<Holds, JudgeError> {
        let size = q.game.size();
        let player = q.player;
        let opponent = player.opponent();
        let mine = q.mine();
        let theirs = q.theirs();
        let opp_to_move = q.to_move == opponent;
        match q.goal {
            Goal::Capture | Goal::Ladder | Goal::Net => {
                let chains = q.chains(&theirs, opponent);
                if chains.is_empty() {
                    return Ok(Holds::Yes(None));
                }
                self.load(q)?;
                let mut proof = None;
                for c in chains {
                    if opp_to_move {
                        let (code, mv) = self.ask("defend", c, size)?;
                        if code != 0 {
                            return Ok(Holds::No(mv));
                        }
                    } else {
                        let (code, mv) = self.ask("attack", c, size)?;
                        if code != 1 {
                            return Ok(Holds::No(None));
                        }
                        proof = proof.or(mv);
                    }
                }
                Ok(Holds::Yes(proof))
            }
            Goal::Escape => {
                if mine.is_empty() || !q.all_on_board(&mine, player) {
                    return Ok(Holds::No(None));
                }
                self.load(q)?;
                let mut proof = None;
                for c in q.chains(&mine, player) {
                    if opp_to_move {
                        let (code, mv) = self.ask("attack", c, size)?;
                        if code != 0 {
                            return Ok(Holds::No(mv));
                        }
                    } else {
                        let (code, mv) = self.ask("defend", c, size)?;
                        if code != 1 {
                            return Ok(Holds::No(None));
                        }
                        proof = proof.or(mv);
                    }
                }
                Ok(Holds::Yes(proof))
            }
            Goal::Connect => {
                if mine.len() < 2 || !q.all_on_board(&mine, player) {
                    return Ok(Holds::No(None));
                }
                let chains = q.chains(&mine, player);
                self.load(q)?;
                let first = chains[0];
                if chains.len() == 1 {
                    // One chain: connected, if it cannot be captured.
                    let (code, mv) = if opp_to_move {
                        self.ask("attack", first, size)?
                    } else {
                        (0, None)
                    };
                    return Ok(if code == 0 {
                        Holds::Yes(None)
                    } else {
                        Holds::No(mv)
                    });
                }
                if opp_to_move {
                    for &c in &chains[1..] {
                        let (code, mv) = self.ask_pair("disconnect", first, c, size)?;
                        if code != 0 {
                            return Ok(Holds::No(mv));
                        }
                    }
                    Ok(Holds::Yes(None))
                } else {
                    if chains.len() > 2 {
                        return Ok(Holds::Unknown("more than two chains to connect".into()));
                    }
                    let (code, mv) = self.ask_pair("connect", first, chains[1], size)?;
                    Ok(if code == 1 {
                        Holds::Yes(mv)
                    } else {
                        Holds::No(None)
                    })
                }
            }
            Goal::Cut => {
                if theirs.len() < 2 {
                    return Ok(Holds::No(None));
                }
                if !q.all_on_board(&theirs, opponent) {
                    return Ok(Holds::Yes(None));
                }
                let chains = q.chains(&theirs, opponent);
                if chains.len() < 2 {
                    return Ok(Holds::No(None));
                }
                self.load(q)?;
                let first = chains[0];
                let mut proof = None;
                for &c in &chains[1..] {
                    if opp_to_move {
                        let (code, mv) = self.ask_pair("connect", first, c, size)?;
                        if code == 0 {
                            return Ok(Holds::Yes(None));
                        }
                        proof = proof.or(mv);
                    } else {
                        let (code, mv) = self.ask_pair("disconnect", first, c, size)?;
                        if code == 1 {
                            return Ok(Holds::Yes(mv));
                        }
                    }
                }
                Ok(Holds::No(proof))
            }
            Goal::Live => {
                if mine.is_empty() || !q.all_on_board(&mine, player) {
                    return Ok(Holds::No(None));
                }
                self.load(q)?;
                let mut proof = None;
                for c in q.chains(&mine, player) {
                    if opp_to_move {
                        let (code, mv) = self.ask("owl_attack", c, size)?;
                        if code != 0 {
                            return Ok(Holds::No(mv));
                        }
                    } else {
                        let (code, mv) = self.ask("owl_defend", c, size)?;
                        if code != 1 {
                            return Ok(Holds::No(None));
                        }
                        proof = proof.or(mv);
                    }
                }
                Ok(Holds::Yes(proof))
            }
            Goal::Kill => {
                let chains = q.chains(&theirs, opponent);
                if theirs.is_empty() {
                    return Ok(Holds::No(None));
                }
                if chains.is_empty() {
                    return Ok(Holds::Yes(None));
                }
                self.load(q)?;
                let mut proof = None;
                for c in chains {
                    if opp_to_move {
                        let (code, mv) = self.ask("owl_defend", c, size)?;
                        if code != 0 {
                            return Ok(Holds::No(mv));
                        }
                    } else {
                        let (code, mv) = self.ask("owl_attack", c, size)?;
                        if code != 1 {
                            return Ok(Holds::No(None));
                        }
                        proof = proof.or(mv);
                    }
                }
                Ok(Holds::Yes(proof))
            }
            Goal::Endgame => Ok(Holds::Unknown(
                "the endgame is judged by its best moves".into(),
            )),
        }
    }

    /// KataGo: a short search; the ownership of the marked points and the best move.
    fn kata_analysis(
        &mut self,
        q: &Question<'_>,
        extra: &str,
    ) -> Result<(Vec<f64>, Option<Move>), JudgeError> {
        self.load(q)?;
        let size = q.game.size();
        let color = match q.to_move {
            Color::Black => "B",
            Color::White => "W",
        };
        let mut last: Option<String> = None;
        let mut on_line = |line: &str| {
            if line.contains("ownership") {
                let visits: u32 = line
                    .split(" info ")
                    .filter_map(|m| {
                        let mut w = m.split_whitespace();
                        while let Some(word) = w.next() {
                            if word == "visits" {
                                return w.next().and_then(|v| v.parse::<u32>().ok());
                            }
                        }
                        None
                    })
                    .sum();
                last = Some(line.to_string());
                if visits >= KATAGO_VISITS {
                    return Flow::Stop;
                }
            }
            Flow::Continue
        };
        self.engine
            .stream(
                &format!("kata-analyze {color} 50 ownership true{extra}"),
                KATAGO_BUDGET,
                &mut on_line,
            )
            .map_err(|e| JudgeError(format!("{}: kata-analyze: {e}", self.name)))?;
        let line = last.ok_or_else(|| JudgeError(format!("{}: no analysis", self.name)))?;
        let best = line.split("info move ").nth(1).and_then(|m| {
            let word = m.split_whitespace().next()?;
            parse_move(word, size).ok()
        });
        let own: Vec<f64> = line
            .split("ownership")
            .nth(1)
            .map(|rest| {
                rest.split_whitespace()
                    .map_while(|w| w.parse::<f64>().ok())
                    .collect()
            })
            .unwrap_or_default();
        if own.len() != usize::from(size) * usize::from(size) {
            return Err(JudgeError(format!(
                "{}: no ownership in the analysis",
                self.name
            )));
        }
        Ok((own, best))
    }

    /// KataGo: the question answered from the ownership of the marked points.
    fn kata_holds(&mut self, q: &Question<'_>) -> Result<Holds, JudgeError> {
        let player = q.player;
        let opponent = player.opponent();
        let (points, owner, alive_wanted) = match q.goal {
            Goal::Connect | Goal::Cut => {
                return Ok(Holds::Unknown(
                    "KataGo's ownership cannot show a connection".into(),
                ));
            }
            Goal::Endgame => {
                return Ok(Holds::Unknown(
                    "the endgame is judged by its best moves".into(),
                ));
            }
            Goal::Capture | Goal::Ladder | Goal::Net | Goal::Kill => (q.theirs(), opponent, false),
            Goal::Escape | Goal::Live => (q.mine(), player, true),
        };
        if points.is_empty() {
            return Ok(Holds::No(None));
        }
        let gone = !q.all_on_board(&points, owner);
        if gone {
            // Captured (some of them): the attacker's goals are met, the owner's missed.
            return Ok(if alive_wanted {
                Holds::No(None)
            } else if q.chains(&points, owner).is_empty() {
                Holds::Yes(None)
            } else {
                Holds::Unknown("some marked stones are captured, some are not".into())
            });
        }
        let (own, best) = self.kata_analysis(q, "")?;
        let size = usize::from(q.game.size());
        // Ownership is given for the side to move; turned into the owner's.
        let sign = if q.to_move == owner { 1.0 } else { -1.0 };
        let mean = points
            .iter()
            .map(|p| sign * own[usize::from(p.y) * size + usize::from(p.x)])
            .sum::<f64>()
            / points.len() as f64;
        let alive = if mean >= 0.5 {
            Some(true)
        } else if mean <= -0.5 {
            Some(false)
        } else {
            None
        };
        Ok(match alive {
            None => Holds::Unknown(format!(
                "KataGo's ownership of the marked stones is {mean:+.2}: neither alive nor dead"
            )),
            Some(a) if a == alive_wanted => Holds::Yes(best),
            Some(_) => Holds::No(best),
        })
    }
}

impl<E: GtpEngine> Judge for GtpJudge<E> {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn scans_unmarked(&self) -> bool {
        self.flavour == GtpFlavour::GnuGo
    }

    fn holds(&mut self, q: &Question<'_>) -> Result<Holds, JudgeError> {
        match self.flavour {
            GtpFlavour::GnuGo => self.gnugo_holds(q),
            GtpFlavour::KataGo => self.kata_holds(q),
        }
    }

    fn endgame(&mut self, q: &Question<'_>) -> Result<EndgameChoice, JudgeError> {
        let size = q.game.size();
        let empties: Vec<String> = q
            .region
            .iter()
            .filter(|&&c| q.game.board().get(c).is_none())
            .map(|c| c.to_gtp(size))
            .collect();
        if empties.is_empty() {
            return Ok(EndgameChoice::NotJudged(
                "the region has no empty point".into(),
            ));
        }
        let color = match q.to_move {
            Color::Black => "B",
            Color::White => "W",
        };
        match self.flavour {
            GtpFlavour::GnuGo => {
                self.load(q)?;
                let text =
                    self.send(&format!("restricted_genmove {color} {}", empties.join(" ")))?;
                // The engine played the move on its board: it no longer holds the position.
                self.loaded = None;
                let mv = parse_move(text.trim(), size).map_err(JudgeError)?;
                Ok(EndgameChoice::One(mv))
            }
            GtpFlavour::KataGo => {
                let extra = format!(" allow {color} {} 1", empties.join(","));
                let (_, best) = self.kata_analysis(q, &extra)?;
                Ok(match best {
                    Some(m) => EndgameChoice::One(m),
                    None => EndgameChoice::NotJudged("KataGo gave no move".into()),
                })
            }
        }
    }
}

/// A move in GTP words (for messages).
pub fn gtp_word(mv: Move, size: u8) -> String {
    format_move(mv, size)
}
