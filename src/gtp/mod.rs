//! A GTP (Go Text Protocol, version 2) engine over the rules core, so that other Go programs,
//! scripts and our own tests can drive Tianyuan without the GUI: `tianyuan gtp`.
//!
//! Layers: [`protocol`] reads lines and formats responses and knows nothing of Go; [`engine`]
//! executes commands on a [`crate::rules::Game`]; [`policy`] chooses `genmove`'s moves (not a
//! player); [`status`] sorts chains for `final_status_list`; [`board_text`] draws `showboard`;
//! [`sgf_commands`] loads and prints records through [`crate::record`].
//!
//! With `--capture N` the engine plays the capture game (吃子棋, [`crate::teach::capture`]):
//! `genmove` asks [`crate::ai::CapturePlayer`], `play` refuses stones once the game is won
//! (passes are still accepted, and `genmove` then answers `pass`), and
//! `tianyuan-capture_winner` answers `B`, `W` or `none`. With `--level L` alone, `genmove`
//! plays ordinary Go with [`crate::ai::GoPlayer`].
//!
//! Every malformed input becomes a GTP error response: nothing a controller sends can end the
//! session except `quit` or the end of input. Like GNU Go, the engine does not enforce
//! alternation. Scoring is area counting (Art. 9) with every stone alive unless marked with
//! `tianyuan-mark_dead`; in handicap games Black gives back half a stone (one point) per
//! handicap stone when the rules say so (Art. 11; the default), which is also what GNU Go's
//! `--chinese-rules` does.

pub mod board_text;
pub mod engine;
pub mod policy;
pub mod protocol;
pub mod sgf_commands;
pub mod status;
pub mod vertex;

pub use engine::{Engine, EngineOptions};

use std::io::{self, BufRead, Write};

/// Speaks GTP on `input`/`output` until `quit` or end of input; fails only on I/O errors.
pub fn serve(input: impl BufRead, output: impl Write) -> io::Result<()> {
    serve_engine(Engine::new(), input, output)
}

/// [`serve`] with an engine made by [`Engine::with_options`] (the capture game, a level).
pub fn serve_with(
    options: EngineOptions,
    input: impl BufRead,
    output: impl Write,
) -> io::Result<()> {
    let engine = Engine::with_options(options)
        .map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e))?;
    serve_engine(engine, input, output)
}

fn serve_engine(
    mut engine: Engine,
    mut input: impl BufRead,
    mut output: impl Write,
) -> io::Result<()> {
    while let Some(line) = protocol::read_line(&mut input)? {
        if let Some(response) = engine.respond(&line) {
            output.write_all(response.as_bytes())?;
            output.flush()?;
        }
        if engine.has_quit() {
            break;
        }
    }
    Ok(())
}
