//! `tianyuan problems check FILE.sgf…`: checks a teacher's problem files by the rules — each
//! problem has a right answer, every move of its tree is legal, the stated goal (capture,
//! escape, ladder, net, live) is met at the end of every right line, and each wrong try gets a
//! refutation. `tianyuan problems list` prints the shipped problems.

use std::path::PathBuf;
use std::process::ExitCode;

use crate::problems::{ProblemSet, builtin, check_problem};

/// `tianyuan problems …`.
#[derive(clap::Subcommand, Debug, Clone)]
pub enum ProblemsCommand {
    /// Check problem files (SGF): right answers, legal moves, goals met, refutations.
    Check(CheckArgs),
    /// List the beginner problems that ship with Tianyuan, or print one collection's SGF.
    List(ListArgs),
}

/// Arguments of `tianyuan problems check`.
#[derive(clap::Args, Debug, Clone)]
pub struct CheckArgs {
    /// The SGF files.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
}

/// Arguments of `tianyuan problems list`.
#[derive(clap::Args, Debug, Clone)]
pub struct ListArgs {
    /// Print this shipped collection's SGF (e.g. `ladder.sgf`) instead of the list.
    #[arg(long, value_name = "FILE")]
    pub print: Option<String>,
}

/// Runs `tianyuan problems …`: 0 when every problem is sound, 1 otherwise.
pub fn run(command: &ProblemsCommand) -> ExitCode {
    match command {
        ProblemsCommand::Check(args) => run_check(args),
        ProblemsCommand::List(args) => run_list(args),
    }
}

fn run_check(args: &CheckArgs) -> ExitCode {
    let mut all_sound = true;
    for file in &args.files {
        let name = file.display();
        let bytes = match crate::files::read_bounded(file, crate::files::jobs::MAX_DOCUMENT_BYTES) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("error: {name}: {e}");
                all_sound = false;
                continue;
            }
        };
        match ProblemSet::from_sgf(&bytes) {
            Ok(set) => all_sound &= report(&name.to_string(), &set),
            Err(e) => {
                println!("{name}: {e}");
                all_sound = false;
            }
        }
    }
    if all_sound {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// Prints one line per problem; returns whether all are sound.
fn report(name: &str, set: &ProblemSet) -> bool {
    let mut sound = set.skipped.is_empty();
    for (i, e) in &set.skipped {
        println!("{name} #{}: not a problem: {e}", i + 1);
    }
    for i in 0..set.len() {
        let Some(problem) = set.problem(i) else {
            continue;
        };
        let r = check_problem(problem);
        let title = problem.name().unwrap_or_default();
        let goal = problem.goal().map_or("no goal stated", |g| g.keyword());
        let mut notes = Vec::new();
        for (node, why) in &r.illegal {
            notes.push(format!("illegal move at node {}: {why}", node.0));
        }
        for node in &r.goal_missed {
            notes.push(format!(
                "the right line ending at node {} does not {goal}",
                node.0
            ));
        }
        for node in &r.no_refutation {
            notes.push(format!("wrong move at node {} has no refutation", node.0));
        }
        let verdict = if r.is_sound() { "ok" } else { "FAILED" };
        sound &= r.is_sound();
        println!(
            "{name} #{} {title}: {verdict} ({goal}, {} right line{})",
            i + 1,
            r.right_lines,
            if r.right_lines == 1 { "" } else { "s" }
        );
        for n in notes {
            println!("    {n}");
        }
    }
    sound
}

fn run_list(args: &ListArgs) -> ExitCode {
    if let Some(file) = &args.print {
        return match builtin::COLLECTIONS
            .iter()
            .find(|c| c.file == file.as_str())
        {
            Some(c) => {
                print!("{}", c.sgf);
                ExitCode::SUCCESS
            }
            None => {
                eprintln!("error: no shipped collection {file:?}");
                ExitCode::from(2)
            }
        };
    }
    for c in builtin::COLLECTIONS {
        match ProblemSet::from_sgf(c.sgf.as_bytes()) {
            Ok(set) => {
                let names: Vec<String> = (0..set.len())
                    .filter_map(|i| set.problem(i).and_then(|p| p.name()))
                    .collect();
                println!("{} ({}): {}", c.file, c.goal.keyword(), names.join(", "));
            }
            Err(e) => println!("{}: {e}", c.file),
        }
    }
    ExitCode::SUCCESS
}
