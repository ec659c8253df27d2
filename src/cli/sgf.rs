//! `tianyuan sgf normalize IN [-o OUT]`: rewrites a record as canonical FF[4] UTF-8.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::record;

/// Arguments of `tianyuan sgf`.
#[derive(clap::Args, Debug, Clone)]
pub struct SgfArgs {
    /// What to do.
    #[command(subcommand)]
    pub command: SgfCommand,
}

/// Subcommands of `tianyuan sgf`.
#[derive(clap::Subcommand, Debug, Clone)]
pub enum SgfCommand {
    /// Writes canonical FF[4] UTF-8 with the reported repairs applied (to OUT, else stdout).
    Normalize {
        /// The record to read.
        input: PathBuf,
        /// Where to write; replaced atomically. Standard output when absent.
        #[arg(short, long)]
        output: Option<PathBuf>,
    },
}

/// Runs `tianyuan sgf`: 0 on success, 1 when the input cannot be read or the output written.
pub fn run(args: &SgfArgs) -> ExitCode {
    let SgfCommand::Normalize { input, output } = &args.command;
    let name = input.display();
    let bytes = match std::fs::read(input) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("error: {name}: cannot read the file: {e}");
            return ExitCode::from(1);
        }
    };
    let reading = match record::read(&bytes) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: {name}: {e}");
            return ExitCode::from(1);
        }
    };
    let mut collection = reading.collection;
    let mut repairs = reading.warnings;
    repairs.extend(record::canonicalize(&mut collection));
    for w in &repairs {
        eprintln!("{name}: {w}");
    }
    let text = record::write(&collection);
    emit(output.as_ref(), &text)
}

/// Writes a command's output to `output` atomically, or to stdout without one; exit code 1
/// with a clear message when it cannot be written.
pub fn emit<P: AsRef<Path>>(output: Option<P>, text: &str) -> ExitCode {
    let written = match output {
        Some(path) => crate::files::write_atomically(path.as_ref(), text.as_bytes()),
        None => std::io::stdout().write_all(text.as_bytes()),
    };
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: cannot write the output: {e}");
            ExitCode::from(1)
        }
    }
}
