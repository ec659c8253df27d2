//! `tianyuan problems check FILE.sgf…`: checks a teacher's problem files by the rules — each
//! problem has a right answer, every move of its tree is legal, the stated goal (capture,
//! escape, ladder, net, live) is met at the end of every right line, and each wrong try gets a
//! refutation. `tianyuan problems list` prints the shipped problems, one a line, each with its
//! identifier (the `--problem` of `tianyuan class attempt`).

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
    /// The list as JSON: `[{"id", "goal", "size", "file", "name"}, …]`.
    #[arg(long)]
    pub json: bool,
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
        let id = problem
            .id()
            .map(|id| format!(" [{id}]"))
            .unwrap_or_default();
        println!(
            "{name} #{}{id} {title}: {verdict} ({goal}, {} right line{})",
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
    // One line per problem: its identifier first (what `tianyuan class attempt --problem`
    // takes), then its goal, board size, collection and name.
    let lang = crate::i18n::Lang::from_env(|v| std::env::var(v).ok());
    let all = builtin::shipped();
    if args.json {
        let list: Vec<_> = all
            .iter()
            .map(|s| {
                serde_json::json!({
                    "id": s.id,
                    "goal": s.problem.goal().map(|g| g.keyword()),
                    "size": s.problem.start().size(),
                    "file": s.file,
                    "name": s.problem.name(),
                })
            })
            .collect();
        println!("{}", serde_json::Value::Array(list));
        return ExitCode::SUCCESS;
    }
    for s in all {
        let goal = s.problem.goal().map_or("-", |g| g.keyword());
        let size = s.problem.start().size();
        let name = s.problem.name().unwrap_or_default();
        println!("{}\t{goal}\t{size}×{size}\t{}\t{name}", s.id, s.file);
    }
    if all.is_empty() {
        eprintln!(
            "{}",
            lang.pick("没有内置题目", "沒有內建題目", "no shipped problems")
        );
    }
    ExitCode::SUCCESS
}
