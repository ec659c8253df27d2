//! `tianyuan problems check [--judge gnugo|katago|"CMD"] FILE.sgf…`: checks a teacher's problem
//! files by the rules — each problem has a right answer, every move of its tree is legal, the
//! stated goal is met at the end of every right line, each wrong try gets a refutation — and by
//! our own reader at the end of every line, every wrong try and every unmarked first move, with
//! every count a comment states checked. `--judge` adds a second, independent reader over GTP
//! (GNU Go's reading, or KataGo's ownership; issue 27): each disagreement is printed with the
//! line that proves it. `tianyuan problems list` prints the shipped problems, one a line, each
//! with its identifier (the `--problem` of `tianyuan class attempt`).

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use crate::engine::{EngineSpec, ProcessEngine};
use crate::problems::judge::{Finding, GtpJudge, Judge, judge_problem};
use crate::problems::{ProblemSet, builtin, check_problem};

/// The environment variable holding KataGo's command line for `--judge katago`
/// (`"/path/katago gtp -model m.bin.gz -config gtp.cfg"`).
pub const KATAGO_ENV: &str = "TIANYUAN_KATAGO";

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
    /// A second, independent judge over GTP: `gnugo` (GNU Go's reading), `katago` (the command
    /// line in $TIANYUAN_KATAGO) or any engine's command line.
    #[arg(long, value_name = "gnugo|katago|CMD")]
    pub judge: Option<String>,
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

/// Starts the engine a `--judge` names.
fn start_judge(name: &str) -> Result<GtpJudge<ProcessEngine>, String> {
    let (spec, label) = match name.trim() {
        "gnugo" => (EngineSpec::gnugo(10), "gnugo".to_string()),
        "katago" => {
            let line = std::env::var(KATAGO_ENV).map_err(|_| {
                format!(
                    "--judge katago needs KataGo's command line in ${KATAGO_ENV} \
                     (e.g. \"katago gtp -model b10.bin.gz -config gtp.cfg\")"
                )
            })?;
            let spec = EngineSpec::parse(&line)
                .ok_or_else(|| format!("${KATAGO_ENV} is not a command line: {line:?}"))?;
            (spec, "katago".to_string())
        }
        line => {
            let spec = EngineSpec::parse(line)
                .ok_or_else(|| format!("--judge {line:?} is not a command line"))?;
            let label = spec.program_name().to_string();
            (spec, label)
        }
    };
    let engine = ProcessEngine::start(&spec).map_err(|e| e.to_string())?;
    GtpJudge::detect(engine, &label).map_err(|e| e.to_string())
}

fn run_check(args: &CheckArgs) -> ExitCode {
    let mut judge = match args.judge.as_deref().map(start_judge) {
        None => None,
        Some(Ok(j)) => Some(j),
        Some(Err(e)) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
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
            Ok(set) => {
                all_sound &= report(
                    &name.to_string(),
                    &set,
                    judge.as_mut().map(|j| j as &mut dyn Judge),
                )
            }
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

/// One finding as a report line: what, where (the moves in GTP vertices) and why.
fn finding_line(judge: &str, f: &Finding, size: u8) -> String {
    let moves = f.moves_text(size);
    if moves.is_empty() {
        format!("{judge}: {}: {}", f.kind.word(), f.note)
    } else {
        format!("{judge}: {}: {moves} ({})", f.kind.word(), f.note)
    }
}

/// Prints one line per problem (and one per finding below it); returns whether all are sound
/// and the judge, when there is one, agrees with every problem.
fn report(name: &str, set: &ProblemSet, mut judge: Option<&mut dyn Judge>) -> bool {
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
        let size = problem.start().size();
        for f in &r.disagreements {
            notes.push(finding_line("ours", f, size));
        }
        for f in &r.unjudged {
            notes.push(finding_line("ours", f, size));
        }
        for c in &r.wrong_counts {
            notes.push(format!(
                "count wrong: the comment at node {} says {:?}, the position does not have it",
                c.node.0, c.words
            ));
        }
        let mut agrees = true;
        if let Some(j) = judge.as_deref_mut() {
            let jr = judge_problem(problem, j);
            if let Some(e) = &jr.error {
                notes.push(format!("{}: error: {e}", jr.judge));
                agrees = false;
            }
            for f in &jr.findings {
                notes.push(finding_line(&jr.judge, f, size));
            }
            agrees &= jr.disagreements().next().is_none();
        }
        let ok = r.is_sound() && agrees;
        let verdict = if ok { "ok" } else { "FAILED" };
        sound &= ok;
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
        let _ = writeln!(
            std::io::stdout().lock(),
            "{}",
            serde_json::Value::Array(list)
        );
        return ExitCode::SUCCESS;
    }
    let mut stdout = std::io::stdout().lock();
    for s in all {
        let goal = s.problem.goal().map_or("-", |g| g.keyword());
        let size = s.problem.start().size();
        let name = s.problem.name().unwrap_or_default();
        // A closed pipe (`problems list | head`) ends the list quietly.
        if writeln!(
            stdout,
            "{}\t{goal}\t{size}×{size}\t{}\t{name}",
            s.id, s.file
        )
        .is_err()
        {
            break;
        }
    }
    if all.is_empty() {
        eprintln!(
            "{}",
            lang.pick("没有内置题目", "沒有內建題目", "no shipped problems")
        );
    }
    ExitCode::SUCCESS
}
