//! The problems window's state, without egui.

use std::path::PathBuf;
use std::sync::Arc;

use crate::files::jobs::{FileEvent, FileJobs, Waker};
use crate::i18n::Lang;
use crate::problems::builtin::COLLECTIONS;
use crate::problems::{
    Answer, Attempt, AttemptState, Goal, ProblemEditor, ProblemSet, SetProgress, Verdict,
};
use crate::rules::{Color, Coord, Game, Move};

/// Where the problems come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// A shipped collection (index in [`COLLECTIONS`]).
    Shipped(usize),
    /// A file.
    File(PathBuf),
}

/// Solving or writing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// A child solves.
    Solve,
    /// A teacher writes.
    Edit,
}

/// What a click on the board does in the editor.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum EditTool {
    /// Put or take away a black stone of the start position.
    #[default]
    Black,
    /// Put or take away a white stone of the start position.
    White,
    /// Play the next move of a line (right or wrong).
    Play,
    /// Mark or unmark a stone the question is about (a triangle, `TR`).
    Target,
}

/// The editor's text and goal, as typed (written to the problem as they change).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct EditorInputs {
    /// The problem's name (`GN`).
    pub name: String,
    /// The question (the root's comment).
    pub question: String,
    /// What the problem asks.
    pub goal: Option<Goal>,
    /// The stones it is about.
    pub targets: Vec<Coord>,
}

/// What the window's controls ask for.
#[derive(Clone, Debug, PartialEq)]
pub enum ProblemCommand {
    /// Solve a shipped collection.
    OpenShipped(usize),
    /// Ask for an SGF file of problems.
    OpenFile,
    /// Go to problem N of the set.
    Select(usize),
    /// A click on the board.
    Click(Coord),
    /// Start the problem again after a wrong move.
    TryAgain,
    /// The next unsolved problem.
    Next,
    /// Show a right move.
    Hint,
    /// Write a new problem on a board of this size.
    NewProblem(u8),
    /// Edit the problem shown (and its file's others).
    EditThis,
    /// The editor's click tool.
    Tool(EditTool),
    /// Who plays first in the problem.
    SetPlayer(Color),
    /// Mark the line at the cursor right, wrong, or neither.
    Mark(Option<Verdict>),
    /// One move back in the editor's line.
    Back,
    /// Back to the start position in the editor.
    ToStart,
    /// Delete the line from the editor's cursor on.
    DeleteLine,
    /// The problem's name and question.
    SetText(String, String),
    /// What the problem asks (the stones it is about stay).
    SetGoal(Option<Goal>),
    /// Save the teacher's file (asks where).
    Save,
    /// Try the problem being written as a child would.
    TryIt,
    /// Back to solving.
    StopEditing,
}

/// The window's state.
pub struct ProblemsState {
    /// Where the set came from.
    pub source: Option<Source>,
    /// The problems being solved.
    pub set: Option<ProblemSet>,
    /// The problem shown.
    pub index: usize,
    /// The child's attempt at it (boxed, as the editor: their games make them some 25 and
    /// 50 KB, which every move of the window's state would otherwise copy through the stack,
    /// issue 17 item 11).
    pub attempt: Option<Box<Attempt>>,
    /// What the tree said to the last move.
    pub answer: Option<Answer>,
    /// The last move played on the attempt's board (the child's or the reply).
    pub last_move: Option<Coord>,
    /// A right move shown as a hint.
    pub hint: Option<Coord>,
    /// Solving or writing.
    pub mode: Mode,
    /// The problem being written.
    pub editor: Option<Box<ProblemEditor>>,
    /// The editor's click tool.
    pub tool: EditTool,
    /// The editor's text and goal.
    pub inputs: EditorInputs,
    /// A message: a file error, a refused move.
    pub notice: Option<String>,
    /// Good news: "saved".
    pub done: Option<String>,
    files: FileJobs,
    /// Whether the file dialogs are used (tests have none).
    pub dialogs: bool,
}

impl Default for ProblemsState {
    fn default() -> Self {
        ProblemsState {
            source: None,
            set: None,
            index: 0,
            attempt: None,
            answer: None,
            last_move: None,
            hint: None,
            mode: Mode::Solve,
            editor: None,
            tool: EditTool::default(),
            inputs: EditorInputs::default(),
            notice: None,
            done: None,
            files: FileJobs::default(),
            dialogs: true,
        }
    }
}

impl ProblemsState {
    /// The progress through the set.
    pub fn progress(&self) -> Option<SetProgress> {
        self.set.as_ref().map(ProblemSet::progress)
    }

    /// The game on the board: the attempt's, or the editor's position at its cursor.
    pub fn game(&self) -> Option<&Game> {
        match self.mode {
            Mode::Solve => self.attempt.as_deref().map(Attempt::game),
            Mode::Edit => self.editor.as_ref().map(|e| e.review().game()),
        }
    }

    /// Whether a file job is running.
    pub fn busy(&self) -> bool {
        self.files.busy()
    }

    /// Opens the first shipped collection if nothing is open yet.
    pub fn ensure_open(&mut self, lang: Lang) {
        if self.set.is_none() && self.editor.is_none() {
            self.open_shipped(0, lang);
        }
    }

    fn open_shipped(&mut self, i: usize, lang: Lang) {
        let Some(c) = COLLECTIONS.get(i) else { return };
        match ProblemSet::from_sgf(c.sgf.as_bytes()) {
            Ok(set) => self.use_set(set, Source::Shipped(i)),
            Err(e) => self.notice = Some(error_text(&e.to_string(), lang)),
        }
    }

    fn use_set(&mut self, set: ProblemSet, source: Source) {
        self.set = Some(set);
        self.source = Some(source);
        self.mode = Mode::Solve;
        self.select(0);
    }

    fn select(&mut self, i: usize) {
        let Some(set) = &self.set else { return };
        if let Some(a) = set.attempt(i) {
            self.index = i;
            self.attempt = Some(Box::new(a));
            self.answer = None;
            self.last_move = None;
            self.hint = None;
        }
    }

    /// Applies one command; `wake` repaints when a file job ends.
    pub fn apply(&mut self, cmd: ProblemCommand, wake: &Waker, lang: Lang) {
        self.done = None;
        match cmd {
            ProblemCommand::OpenShipped(i) => {
                self.notice = None;
                self.open_shipped(i, lang);
            }
            ProblemCommand::OpenFile => {
                if self.dialogs {
                    let title = lang
                        .pick("打开题目", "開啟題目", "Open problems")
                        .to_owned();
                    self.files.open_dialog(wake, title, ("SGF", &["sgf"]));
                }
            }
            ProblemCommand::Select(i) => self.select(i),
            ProblemCommand::Click(c) => match self.mode {
                Mode::Solve => self.play(c),
                Mode::Edit => self.edit_click(c, lang),
            },
            ProblemCommand::TryAgain => {
                if let Some(a) = &mut self.attempt {
                    a.restart();
                    self.answer = None;
                    self.last_move = None;
                    self.hint = None;
                }
            }
            ProblemCommand::Next => {
                let next = self
                    .set
                    .as_ref()
                    .and_then(|s| s.next_unsolved(self.index))
                    .or_else(|| {
                        let len = self.set.as_ref().map_or(0, ProblemSet::len);
                        (self.index + 1 < len).then_some(self.index + 1)
                    });
                if let Some(i) = next {
                    self.select(i);
                }
            }
            ProblemCommand::Hint => self.hint = self.attempt.as_deref().and_then(Attempt::hint),
            ProblemCommand::NewProblem(size) => match ProblemEditor::new(size) {
                Ok(e) => {
                    self.editor = Some(Box::new(e));
                    self.mode = Mode::Edit;
                    self.tool = EditTool::Black;
                    self.inputs = EditorInputs::default();
                }
                Err(e) => self.notice = Some(e.to_string()),
            },
            ProblemCommand::EditThis => self.edit_this(),
            ProblemCommand::Tool(t) => self.tool = t,
            ProblemCommand::SetPlayer(color) => {
                if let Some(e) = &mut self.editor {
                    e.set_player(color);
                }
            }
            ProblemCommand::Mark(v) => {
                if let Some(e) = &mut self.editor {
                    e.mark(v);
                }
            }
            ProblemCommand::Back => {
                if let Some(e) = &mut self.editor {
                    e.review_mut().back();
                }
            }
            ProblemCommand::ToStart => {
                if let Some(e) = &mut self.editor {
                    e.review_mut().first();
                }
            }
            ProblemCommand::DeleteLine => {
                if let Some(e) = &mut self.editor
                    && let Err(err) = e.delete_here()
                {
                    self.notice = Some(err.to_string());
                }
            }
            ProblemCommand::SetText(name, question) => {
                if let Some(e) = &mut self.editor {
                    e.set_text(&name, &question);
                }
                self.inputs.name = name;
                self.inputs.question = question;
            }
            ProblemCommand::SetGoal(goal) => {
                self.inputs.goal = goal;
                if let Some(e) = &mut self.editor {
                    e.set_goal(goal, &self.inputs.targets);
                }
            }
            ProblemCommand::Save => self.save(wake, lang),
            ProblemCommand::TryIt => self.try_it(lang),
            ProblemCommand::StopEditing => self.mode = Mode::Solve,
        }
    }

    fn play(&mut self, c: Coord) {
        let Some(attempt) = &mut self.attempt else {
            return;
        };
        if attempt.state() != AttemptState::Playing {
            return;
        }
        let answer = attempt.play(c);
        self.hint = None;
        self.last_move = match &answer {
            Answer::Right {
                reply: Some((_, Move::Play(r))),
                ..
            }
            | Answer::Wrong {
                refutation: Some((_, Move::Play(r))),
                ..
            } => Some(*r),
            Answer::Illegal(_) | Answer::Over => self.last_move,
            _ => Some(c),
        };
        if !matches!(answer, Answer::Illegal(_) | Answer::Over)
            && attempt.state() != AttemptState::Playing
            && let Some(set) = &mut self.set
        {
            set.record(self.index, attempt);
        }
        self.notice = None;
        self.answer = Some(answer);
    }

    fn edit_click(&mut self, c: Coord, lang: Lang) {
        let Some(e) = &mut self.editor else { return };
        let result = match self.tool {
            EditTool::Black | EditTool::White => {
                let color = if self.tool == EditTool::Black {
                    Color::Black
                } else {
                    Color::White
                };
                // A click on a stone of the same colour takes it away.
                e.review_mut().first();
                let now = e.review().game().board().get(c);
                let put = if now == Some(color) {
                    None
                } else {
                    Some(color)
                };
                e.set_stone(c, put).map(|_| ())
            }
            EditTool::Play => e.play(c).map(|_| ()),
            EditTool::Target => {
                e.review_mut().first();
                if e.review().game().board().get(c).is_some() {
                    let targets = &mut self.inputs.targets;
                    if let Some(i) = targets.iter().position(|&t| t == c) {
                        targets.remove(i);
                    } else {
                        targets.push(c);
                    }
                    e.set_goal(self.inputs.goal, targets);
                }
                Ok(())
            }
        };
        self.notice = result.err().map(|err| {
            format!(
                "{}: {err}",
                lang.pick("不能这样下", "不能這樣下", "Not possible")
            )
        });
    }

    fn edit_this(&mut self) {
        let Some(Source::Shipped(_) | Source::File(_)) = &self.source else {
            return;
        };
        let Some(problem) = self.set.as_ref().and_then(|s| s.problem(self.index)) else {
            return;
        };
        let collection = crate::record::Collection {
            trees: vec![problem.tree().clone()],
        };
        match ProblemEditor::open(collection, 0) {
            Ok(e) => {
                self.editor = Some(Box::new(e));
                self.mode = Mode::Edit;
                self.tool = EditTool::Play;
                self.inputs = EditorInputs {
                    name: problem.name().unwrap_or_default(),
                    question: problem.prompt(),
                    goal: problem.goal(),
                    targets: problem.targets().to_vec(),
                };
            }
            Err(err) => self.notice = Some(err.to_string()),
        }
    }

    fn try_it(&mut self, lang: Lang) {
        let Some(e) = &self.editor else { return };
        match e.problem() {
            Ok(p) => {
                let set = ProblemSet::from_collection(&crate::record::Collection {
                    trees: vec![p.tree().clone()],
                });
                match set {
                    Ok(set) => {
                        self.set = Some(set);
                        self.mode = Mode::Solve;
                        self.select(0);
                    }
                    Err(err) => self.notice = Some(error_text(&err.to_string(), lang)),
                }
            }
            Err(err) => self.notice = Some(error_text(&err.to_string(), lang)),
        }
    }

    fn save(&mut self, wake: &Waker, lang: Lang) {
        let Some(e) = &self.editor else { return };
        let bytes = e.to_sgf().into_bytes();
        if self.dialogs {
            let title = lang
                .pick(
                    "保存题目为 SGF",
                    "儲存題目為 SGF",
                    "Save the problems as SGF",
                )
                .to_owned();
            self.files.save_dialog(
                wake,
                title,
                "problems.sgf".to_owned(),
                ("SGF", &["sgf"]),
                bytes,
            );
        }
    }

    /// Saves the editor's file to `path` (atomically, on a worker thread): the dialog's
    /// answer, and tests.
    pub fn save_to(&mut self, path: PathBuf, wake: &Waker) {
        if let Some(e) = &self.editor {
            self.files.save(wake, path, e.to_sgf().into_bytes());
        }
    }

    /// Takes the file jobs' answers.
    pub fn poll(&mut self, lang: Lang) -> bool {
        let events = self.files.poll();
        let changed = !events.is_empty();
        for event in events {
            match event {
                FileEvent::Opened(path, bytes) => match ProblemSet::from_sgf(&bytes) {
                    Ok(set) => {
                        self.notice = None;
                        self.use_set(set, Source::File(path));
                    }
                    Err(e) => {
                        self.notice = Some(format!(
                            "{}: {}",
                            path.display(),
                            error_text(&e.to_string(), lang)
                        ))
                    }
                },
                FileEvent::Saved(path) | FileEvent::Exported(path) => {
                    if let Some(e) = &mut self.editor {
                        e.mark_saved();
                    }
                    self.notice = None;
                    self.done = Some(format!(
                        "{} {}",
                        lang.pick("已保存", "已儲存", "Saved"),
                        path.display()
                    ));
                }
                FileEvent::Failed(path, why) => {
                    self.notice = Some(format!("{}: {why}", path.display()))
                }
                FileEvent::AlreadyExists(path) => {
                    self.notice = Some(format!(
                        "{}: {}",
                        path.display(),
                        crate::i18n::file_already_there(lang)
                    ))
                }
                FileEvent::Cancelled => {}
            }
        }
        changed
    }

    /// A shared waker that does nothing (tests).
    pub fn no_waker() -> Waker {
        Arc::new(|| {})
    }
}

fn error_text(e: &str, lang: Lang) -> String {
    format!(
        "{}: {e}",
        lang.pick("不是题目文件", "不是題目檔案", "Not a problem file")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn solving() -> ProblemsState {
        let mut s = ProblemsState {
            dialogs: false,
            ..ProblemsState::default()
        };
        s.ensure_open(Lang::En);
        s
    }

    /// Issue 11 item 6: a wrong move gets the tree's refutation on the board, "try again"
    /// restarts, the right move solves, and the progress counts it.
    #[test]
    fn issue11_wrong_try_then_solved_counts_in_progress() {
        let mut s = solving();
        let w = ProblemsState::no_waker();
        // Capture 1: B[ff] is wrong (W[ef] escapes), B[ef] is right.
        s.apply(ProblemCommand::Click(Coord::new(5, 5)), &w, Lang::En);
        assert!(
            matches!(s.answer, Some(Answer::Wrong { .. })),
            "{:?}",
            s.answer
        );
        assert_eq!(
            s.last_move,
            Some(Coord::new(4, 5)),
            "the refutation is shown"
        );
        let board = s.game().map(|g| g.board().get(Coord::new(4, 5)));
        assert_eq!(board, Some(Some(Color::White)));
        s.apply(ProblemCommand::TryAgain, &w, Lang::En);
        s.apply(ProblemCommand::Click(Coord::new(4, 5)), &w, Lang::En);
        assert!(matches!(s.answer, Some(Answer::Right { solved: true, .. })));
        let p = s.progress().expect("progress");
        assert_eq!((p.solved, p.first_try), (1, 0));
        s.apply(ProblemCommand::Next, &w, Lang::En);
        assert_eq!(s.index, 1);
    }

    /// The teacher's editor: stones, a right and a wrong line, marks, and the result is a
    /// problem a child can solve.
    #[test]
    fn issue11_a_problem_written_in_the_editor_can_be_solved() {
        let mut s = solving();
        let w = ProblemsState::no_waker();
        s.apply(ProblemCommand::NewProblem(9), &w, Lang::En);
        for (tool, x, y) in [
            (EditTool::Black, 3, 4),
            (EditTool::Black, 5, 4),
            (EditTool::Black, 4, 3),
            (EditTool::White, 4, 4),
        ] {
            s.apply(ProblemCommand::Tool(tool), &w, Lang::En);
            s.apply(ProblemCommand::Click(Coord::new(x, y)), &w, Lang::En);
        }
        s.apply(ProblemCommand::Tool(EditTool::Target), &w, Lang::En);
        s.apply(ProblemCommand::Click(Coord::new(4, 4)), &w, Lang::En);
        s.apply(ProblemCommand::SetGoal(Some(Goal::Capture)), &w, Lang::En);
        let (name, question) = ("Mine".to_owned(), "Capture the marked stone.".to_owned());
        s.apply(ProblemCommand::SetText(name, question), &w, Lang::En);
        s.apply(ProblemCommand::Tool(EditTool::Play), &w, Lang::En);
        s.apply(ProblemCommand::Click(Coord::new(4, 5)), &w, Lang::En);
        s.apply(ProblemCommand::Mark(Some(Verdict::Right)), &w, Lang::En);
        s.apply(ProblemCommand::ToStart, &w, Lang::En);
        s.apply(ProblemCommand::Click(Coord::new(6, 6)), &w, Lang::En);
        s.apply(ProblemCommand::Click(Coord::new(4, 5)), &w, Lang::En);
        s.apply(ProblemCommand::Mark(Some(Verdict::Wrong)), &w, Lang::En);
        assert_eq!(s.notice, None);
        let sgf = s
            .editor
            .as_deref()
            .map(ProblemEditor::to_sgf)
            .unwrap_or_default();
        assert!(sgf.contains("RIGHT") && sgf.contains("WRONG"), "{sgf}");
        assert!(
            sgf.contains("TYGOAL[capture]") && sgf.contains("TR[ee]"),
            "{sgf}"
        );
        assert!(sgf.contains("GN[Mine]"), "{sgf}");
        s.apply(ProblemCommand::TryIt, &w, Lang::En);
        assert_eq!(s.mode, Mode::Solve, "{:?}", s.notice);
        s.apply(ProblemCommand::Click(Coord::new(6, 6)), &w, Lang::En);
        assert!(matches!(
            s.answer,
            Some(Answer::Wrong {
                refutation: Some(_),
                ..
            })
        ));
        s.apply(ProblemCommand::TryAgain, &w, Lang::En);
        s.apply(ProblemCommand::Click(Coord::new(4, 5)), &w, Lang::En);
        assert!(matches!(s.answer, Some(Answer::Right { solved: true, .. })));
    }
}
