//! The problems window's state, without egui. [`ProblemsState::apply`] returns the file jobs a
//! command needs (the host hands them to the effects runner, the answers come back through
//! [`ProblemsState::on_file`]; where no dialog can be shown the host asks for a path).
//!
//! A problem of a collection is edited inside its collection: "Edit this problem" opens the
//! editor on the whole file (or shipped set) at that problem, and saving writes every problem
//! of it — to the file it came from, or where the teacher says for a shipped set or a new
//! problem. A save marks the draft saved only if it is still what was sent.

use std::path::PathBuf;

use crate::app::protocol::{Answer as WindowAnswer, FileJob, WindowCmd, WindowId};
use crate::app::subwindow::{Cx, Leaving, Out, SubWindow};
use crate::files::jobs::FileEvent;
use crate::i18n::Lang;
use crate::problems::builtin::COLLECTIONS;
use crate::problems::{
    Answer, Attempt, AttemptState, Goal, ProblemEditor, ProblemSet, SetProgress, Verdict,
};
use crate::record::Collection;
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

/// Where a problem being written came from when it is a class's homework draft opened from
/// the class window (issue 20 item 4): it is assigned back to that class from the editor.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DraftOrigin {
    /// The class file.
    pub class_file: PathBuf,
    /// The draft's identifier in the class.
    pub id: String,
    /// The child whose game it was cut from.
    pub child: String,
}

/// A draft for the problem editor: where it came from and its SGF.
#[derive(Clone, Debug, PartialEq)]
pub struct DraftToEdit {
    /// The class file, the child and the draft.
    pub origin: DraftOrigin,
    /// The draft as kept (one game tree).
    pub sgf: String,
}

/// What the class window tells the problems window (issue 20 item 4): a draft to mend in
/// the editor, and what became of one sent back to be assigned.
#[derive(Clone, Debug, PartialEq)]
pub enum FromClass {
    /// Open this homework draft in the editor (replaces the problem being written: asked
    /// about first, unless it is this very draft).
    EditDraft(DraftToEdit),
    /// The class answered a draft sent from here: assigned (the words to say) or refused
    /// (why), in the reader's language.
    Answered {
        /// The draft.
        origin: DraftOrigin,
        /// The SGF sent.
        sgf: String,
        /// Assigned, or why not.
        said: Result<String, String>,
    },
    /// The draft could not be sent (why, in the reader's language).
    NotSent(String),
}

/// What the problems window tells the class window.
#[derive(Clone, Debug, PartialEq)]
pub enum ToClass {
    /// The class window comes back from standing aside (the draft is done with).
    ComeBack,
    /// The class window (a modal) stands aside while a draft is mended in the editor.
    StandAside,
    /// Assign the draft edited here to the draft's child (`nick`) or the whole class (`None`):
    /// the class's checker proves it again on the runner; the answer comes back as
    /// [`FromClass::Answered`].
    AssignEdited {
        /// The draft.
        origin: DraftOrigin,
        /// The child, or `None` for the whole class.
        nick: Option<String>,
        /// The draft as edited (one game tree).
        sgf: String,
    },
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
    /// Edit the problem shown, inside its collection (saving writes all its problems).
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
    /// Save the teacher's file: the collection's file, or asks where.
    Save,
    /// Try the problem being written as a child would.
    TryIt,
    /// Back to solving.
    StopEditing,
    /// Send the homework draft being written back to its class, approved and assigned to
    /// the child it came from, or to the whole class (the host sends it; the class's checker
    /// proves it again).
    AssignDraft {
        /// To the whole class (else to the draft's child).
        whole_class: bool,
    },
    /// Back to the class window the draft came from (it stood aside meanwhile).
    BackToClass,
}

/// The window's state.
pub struct ProblemsState {
    /// Where the set came from.
    pub source: Option<Source>,
    /// The problems being solved.
    pub set: Option<ProblemSet>,
    /// The problem shown.
    pub index: usize,
    /// The child's attempt at it.
    pub attempt: Option<Attempt>,
    /// What the tree said to the last move.
    pub answer: Option<Answer>,
    /// The last move played on the attempt's board (the child's or the reply).
    pub last_move: Option<Coord>,
    /// A right move shown as a hint.
    pub hint: Option<Coord>,
    /// Solving or writing.
    pub mode: Mode,
    /// The problem being written.
    pub editor: Option<ProblemEditor>,
    /// The editor's click tool.
    pub tool: EditTool,
    /// The editor's text and goal.
    pub inputs: EditorInputs,
    /// A message: a file error, a refused move.
    pub notice: Option<String>,
    /// Good news: "saved".
    pub done: Option<String>,
    /// The collection the set was read from (every tree of the file, problems or not), so a
    /// problem is edited inside it.
    collection: Option<Collection>,
    /// Where the editor's collection is saved without asking: the file it came from, or the
    /// file it was last saved to.
    pub save_path: Option<PathBuf>,
    /// File jobs sent and not answered yet.
    running: usize,
    /// The fingerprint of the collection as sent by the save in flight.
    sent: Option<u64>,
    /// The set is the problem being written, tried out ("Try it"): "Edit this problem" goes
    /// back to it.
    trying: bool,
    /// The problem being written is a class's homework draft: where it came from.
    pub draft: Option<DraftOrigin>,
    /// The SGF of the draft sent to be assigned, while the class's answer is awaited.
    assigning: Option<String>,
    /// The window is shown.
    pub shown: bool,
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
            collection: None,
            save_path: None,
            running: 0,
            sent: None,
            trying: false,
            draft: None,
            assigning: None,
            shown: false,
        }
    }
}

/// A fingerprint of a document's bytes (the save in flight is remembered by it).
fn fingerprint(bytes: &[u8]) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    bytes.hash(&mut h);
    h.finish()
}

impl ProblemsState {
    /// The progress through the set.
    pub fn progress(&self) -> Option<SetProgress> {
        self.set.as_ref().map(ProblemSet::progress)
    }

    /// The game on the board: the attempt's, or the editor's position at its cursor.
    pub fn game(&self) -> Option<&Game> {
        match self.mode {
            Mode::Solve => self.attempt.as_ref().map(Attempt::game),
            Mode::Edit => self.editor.as_ref().map(|e| e.review().game()),
        }
    }

    /// Whether a file job is running.
    pub fn busy(&self) -> bool {
        self.running > 0
    }

    /// Whether the set shown is the problem being written, tried out ("Edit this problem" then
    /// goes back to the draft instead of replacing it).
    pub fn trying(&self) -> bool {
        self.trying
    }

    /// The collection's file name, or the shipped set's, for the unsaved-work question (a
    /// class's draft: its identifier and the child's name).
    pub fn collection_name(&self, lang: Lang) -> String {
        if let (Some(d), None) = (&self.draft, &self.save_path) {
            return format!("{} · {}", d.id, d.child);
        }
        match (&self.save_path, &self.source) {
            (Some(p), _) | (None, Some(Source::File(p))) => p.file_name().map_or_else(
                || p.display().to_string(),
                |n| n.to_string_lossy().into_owned(),
            ),
            (None, Some(Source::Shipped(i))) => COLLECTIONS
                .get(*i)
                .map(|c| c.goal.name(lang).to_owned())
                .unwrap_or_default(),
            (None, None) => String::new(),
        }
    }

    /// Opens the first shipped collection if nothing is open yet.
    pub fn ensure_open(&mut self, lang: Lang) {
        if self.set.is_none() && self.editor.is_none() {
            self.open_shipped(0, lang);
        }
    }

    fn open_shipped(&mut self, i: usize, lang: Lang) {
        let Some(c) = COLLECTIONS.get(i) else { return };
        match read_collection(c.sgf.as_bytes()) {
            Ok((collection, set)) => self.use_set(collection, set, Source::Shipped(i)),
            Err(e) => self.notice = Some(error_text(&e, lang)),
        }
    }

    fn use_set(&mut self, collection: Collection, set: ProblemSet, source: Source) {
        self.trying = false;
        self.collection = Some(collection);
        self.set = Some(set);
        self.source = Some(source);
        self.mode = Mode::Solve;
        self.select(0);
    }

    fn select(&mut self, i: usize) {
        let Some(set) = &self.set else { return };
        if let Some(a) = set.attempt(i) {
            self.index = i;
            self.attempt = Some(a);
            self.answer = None;
            self.last_move = None;
            self.hint = None;
        }
    }

    /// Applies one command; returns the file jobs it needs.
    pub fn apply(&mut self, cmd: ProblemCommand, lang: Lang) -> Vec<FileJob> {
        let jobs = self.apply_inner(cmd, lang);
        self.running += jobs.len();
        jobs
    }

    fn apply_inner(&mut self, cmd: ProblemCommand, lang: Lang) -> Vec<FileJob> {
        self.done = None;
        match cmd {
            ProblemCommand::OpenShipped(i) => {
                self.notice = None;
                self.open_shipped(i, lang);
            }
            ProblemCommand::OpenFile => {
                let title = lang
                    .pick("打开题目", "開啟題目", "Open problems")
                    .to_owned();
                return vec![FileJob::OpenDialog {
                    title,
                    filter: ("SGF", &["sgf"]),
                }];
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
            ProblemCommand::Hint => self.hint = self.attempt.as_ref().and_then(Attempt::hint),
            ProblemCommand::NewProblem(size) => match ProblemEditor::new(size) {
                Ok(e) => {
                    self.editor = Some(e);
                    self.draft = None;
                    self.save_path = None;
                    self.trying = false;
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
            ProblemCommand::Save => return self.save(lang),
            ProblemCommand::TryIt => self.try_it(lang),
            ProblemCommand::StopEditing => self.mode = Mode::Solve,
            // Sent by the host (it needs the class): nothing here.
            ProblemCommand::AssignDraft { .. } | ProblemCommand::BackToClass => {}
        }
        Vec::new()
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

    /// Edits the problem shown inside its collection: the editor holds every tree of the file
    /// (or shipped set), so saving writes them all.
    fn edit_this(&mut self) {
        if self.trying && self.editor.is_some() {
            // Back from trying the problem being written: the same draft.
            self.trying = false;
            self.mode = Mode::Edit;
            return;
        }
        let Some(source) = &self.source else {
            return;
        };
        let Some(set) = &self.set else { return };
        let (Some(problem), Some(tree)) = (set.problem(self.index), set.tree_index(self.index))
        else {
            return;
        };
        let Some(collection) = self.collection.clone() else {
            return;
        };
        let save_path = match source {
            Source::File(p) => Some(p.clone()),
            // A shipped set is never written over: saving asks where.
            Source::Shipped(_) => None,
        };
        match ProblemEditor::open(collection, tree) {
            Ok(e) => {
                self.editor = Some(e);
                self.draft = None;
                self.save_path = save_path;
                self.trying = false;
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

    /// Opens a class's homework draft (`sgf`, one game tree) in the editor, remembering
    /// where it came from; the problems shown stay as they were. Its edits are unsaved work
    /// until it is assigned (or saved to a file).
    pub fn open_draft(&mut self, origin: DraftOrigin, sgf: &str, lang: Lang) {
        let reading = match crate::record::read_str(sgf) {
            Ok(r) => r,
            Err(e) => {
                self.notice = Some(error_text(&e.to_string(), lang));
                return;
            }
        };
        let collection = reading.collection;
        let problem = collection
            .trees
            .first()
            .and_then(|t| crate::problems::Problem::from_tree(t.clone()).ok());
        match ProblemEditor::open(collection, 0) {
            Ok(e) => {
                self.editor = Some(e);
                self.draft = Some(origin);
                self.assigning = None;
                self.save_path = None;
                self.trying = false;
                self.mode = Mode::Edit;
                self.tool = EditTool::Play;
                self.notice = None;
                self.done = None;
                self.inputs = problem.map_or_else(EditorInputs::default, |p| EditorInputs {
                    name: p.name().unwrap_or_default(),
                    question: p.prompt(),
                    goal: p.goal(),
                    targets: p.targets().to_vec(),
                });
            }
            Err(err) => self.notice = Some(err.to_string()),
        }
    }

    /// Shows the problem being written again (from trying it, or from solving).
    pub fn back_to_editor(&mut self) {
        if self.editor.is_some() {
            self.mode = Mode::Edit;
        }
    }

    /// The draft being written as SGF, to send to its class (`None`: no draft, or one on
    /// its way already).
    pub fn draft_to_assign(&mut self) -> Option<(DraftOrigin, String)> {
        if self.assigning.is_some() {
            return None;
        }
        let origin = self.draft.clone()?;
        let sgf = self.editor.as_ref()?.to_sgf();
        self.assigning = Some(sgf.clone());
        self.done = None;
        self.notice = None;
        Some((origin, sgf))
    }

    /// Whether a draft sent to its class waits for the answer.
    pub fn assigning(&self) -> bool {
        self.assigning.is_some()
    }

    /// The draft could not be sent (`why` in the reader's language).
    pub fn draft_not_sent(&mut self, why: String) {
        self.assigning = None;
        self.notice = Some(why);
    }

    /// The class answered a draft sent from here: assigned (`Ok`, the words to say; the
    /// editor's work is then in the class file: saved, if it is still what was sent), or
    /// refused (`Err`, why, in the reader's language).
    pub fn draft_answered(
        &mut self,
        origin: &DraftOrigin,
        sgf: &str,
        result: Result<String, String>,
    ) {
        let ours = self
            .draft
            .as_ref()
            .is_some_and(|d| d.class_file == origin.class_file && d.id == origin.id);
        if !ours {
            return;
        }
        if self.assigning.as_deref() == Some(sgf) {
            self.assigning = None;
        }
        match result {
            Ok(said) => {
                if let Some(e) = &mut self.editor
                    && e.to_sgf() == sgf
                {
                    e.mark_saved();
                }
                self.notice = None;
                self.done = Some(said);
            }
            Err(why) => {
                self.done = None;
                self.notice = Some(why);
            }
        }
    }

    fn try_it(&mut self, lang: Lang) {
        let Some(e) = &self.editor else { return };
        match e.problem() {
            Ok(p) => {
                let set = ProblemSet::from_collection(&Collection {
                    trees: vec![p.tree().clone()],
                });
                match set {
                    Ok(set) => {
                        self.set = Some(set);
                        self.trying = true;
                        self.mode = Mode::Solve;
                        self.select(0);
                    }
                    Err(err) => self.notice = Some(error_text(&err.to_string(), lang)),
                }
            }
            Err(err) => self.notice = Some(error_text(&err.to_string(), lang)),
        }
    }

    /// Saves the editor's whole collection: to its file when it has one, else asks where.
    fn save(&mut self, lang: Lang) -> Vec<FileJob> {
        let Some(e) = &self.editor else {
            return Vec::new();
        };
        let bytes = e.to_sgf().into_bytes();
        self.sent = Some(fingerprint(&bytes));
        match &self.save_path {
            Some(path) => vec![FileJob::Write {
                path: path.clone(),
                bytes,
                export: false,
                new_only: false,
            }],
            None => {
                let title = lang
                    .pick(
                        "保存题目为 SGF",
                        "儲存題目為 SGF",
                        "Save the problems as SGF",
                    )
                    .to_owned();
                vec![FileJob::SaveDialog {
                    title,
                    name: "problems.sgf".to_owned(),
                    filter: ("SGF", &["sgf"]),
                    bytes,
                    export: false,
                }]
            }
        }
    }

    /// A file job's answer: a file of problems read, the collection saved, or why not.
    pub fn on_file(&mut self, event: FileEvent, lang: Lang) {
        self.running = self.running.saturating_sub(1);
        match event {
            FileEvent::Opened(path, bytes) => match read_collection(&bytes) {
                Ok((collection, set)) => {
                    self.notice = None;
                    self.use_set(collection, set, Source::File(path));
                }
                Err(e) => {
                    self.notice = Some(format!("{}: {}", path.display(), error_text(&e, lang)))
                }
            },
            FileEvent::Saved(path) | FileEvent::Exported(path) => {
                let sent = self.sent.take();
                if let Some(e) = &mut self.editor {
                    let now = e.to_sgf();
                    if sent.is_some() && sent == Some(fingerprint(now.as_bytes())) {
                        e.mark_saved();
                    }
                    // The file being solved is the one saved: it shows the problems as saved.
                    if self.source == Some(Source::File(path.clone()))
                        && !self.trying
                        && let Ok((collection, set)) = read_collection(now.as_bytes())
                    {
                        let last = set.len().saturating_sub(1);
                        self.collection = Some(collection);
                        self.set = Some(set);
                        self.select(self.index.min(last));
                    }
                }
                self.save_path = Some(path.clone());
                self.notice = None;
                self.done = Some(format!(
                    "{} {}",
                    lang.pick("已保存", "已儲存", "Saved"),
                    path.display()
                ));
            }
            FileEvent::Failed(path, why) => {
                self.sent = None;
                self.notice = Some(format!("{}: {why}", path.display()))
            }
            FileEvent::AlreadyExists(path) => {
                self.sent = None;
                self.notice = Some(format!(
                    "{}: {}",
                    path.display(),
                    crate::i18n::file_already_there(lang)
                ))
            }
            FileEvent::Cancelled => self.sent = None,
        }
    }
}

/// The collection of an SGF file's bytes and the problems in it.
fn read_collection(bytes: &[u8]) -> Result<(Collection, ProblemSet), String> {
    let reading = crate::record::read(bytes).map_err(|e| e.to_string())?;
    let set = ProblemSet::from_collection(&reading.collection).map_err(|e| e.to_string())?;
    Ok((reading.collection, set))
}

fn error_text(e: &str, lang: Lang) -> String {
    format!(
        "{}: {e}",
        lang.pick("不是题目文件", "不是題目檔案", "Not a problem file")
    )
}

/// The lines of a bilingual text in `lang`'s script: Chinese lines for Chinese, the others for
/// English; the whole text when no line is left.
pub fn in_language(text: &str, lang: Lang) -> String {
    let cjk = |l: &str| {
        l.chars().any(|c| {
            ('\u{4e00}'..='\u{9fff}').contains(&c) || ('\u{3000}'..='\u{303f}').contains(&c)
        })
    };
    let want_cjk = lang != Lang::En;
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| !l.trim().is_empty() && cjk(l) == want_cjk)
        .collect();
    if lines.is_empty() {
        text.trim().to_string()
    } else {
        lines.join("\n")
    }
}

/// A problem's name in `lang`: a bilingual name ("吃子 1 · Capture 1") gives the half in the
/// reader's script; any other name is shown whole.
pub fn name_in_language(name: &str, lang: Lang) -> String {
    let halves: Vec<&str> = name.split(" · ").collect();
    if halves.len() != 2 {
        return name.to_owned();
    }
    in_language(&halves.join("\n"), lang)
}

/// The problems window as a sub-window. Writing a new problem, editing the one shown,
/// switching the set, opening a file, a class's draft and closing the window replace the
/// problem being written: asked about first.
impl SubWindow for ProblemsState {
    fn id(&self) -> WindowId {
        WindowId::Problems
    }

    fn apply(&mut self, cmd: WindowCmd, cx: &Cx) -> Out {
        let cmd = match cmd {
            WindowCmd::Open => {
                self.shown = true;
                self.ensure_open(cx.lang);
                return Out::default();
            }
            WindowCmd::Close => {
                self.discard();
                self.shown = false;
                return Out::then(WindowId::Class, WindowCmd::of(ToClass::ComeBack));
            }
            other => other,
        };
        let cmd = match cmd.own::<FromClass>() {
            Ok(message) => return self.hear_class(message, cx),
            Err(cmd) => cmd,
        };
        let Ok(c) = cmd.own::<ProblemCommand>() else {
            return Out::default();
        };
        match c {
            ProblemCommand::AssignDraft { whole_class } => {
                let Some((origin, sgf)) = self.draft_to_assign() else {
                    return Out::default();
                };
                let nick = (!whole_class).then(|| origin.child.clone());
                Out::then(
                    WindowId::Class,
                    WindowCmd::of(ToClass::AssignEdited { origin, nick, sgf }),
                )
            }
            ProblemCommand::BackToClass => {
                Out::then(WindowId::Class, WindowCmd::of(ToClass::ComeBack))
            }
            c => {
                // The ways out come here asked about (the host dropped the draft when told).
                let mut out = Out::files(ProblemsState::apply(self, c, cx.lang));
                if self.draft.is_none() {
                    // No draft in the editor any more: the class window comes back.
                    out.then
                        .push((WindowId::Class, WindowCmd::of(ToClass::ComeBack)));
                }
                out
            }
        }
    }

    fn on_answer(&mut self, answer: WindowAnswer, cx: &Cx) -> Out {
        if let WindowAnswer::File(event) = answer {
            self.on_file(event, cx.lang);
        }
        Out::default()
    }

    fn exit(&self, cmd: &WindowCmd) -> Option<Leaving> {
        if matches!(cmd, WindowCmd::Close) {
            return Some(Leaving::Now);
        }
        if let Some(FromClass::EditDraft(draft)) = cmd.peek::<FromClass>() {
            // The draft in the editor already (edited, perhaps) is no way out: back to it.
            return (!self.editing_draft(draft)).then_some(Leaving::Now);
        }
        match cmd.peek::<ProblemCommand>()? {
            ProblemCommand::NewProblem(_)
            | ProblemCommand::OpenShipped(_)
            | ProblemCommand::OpenFile => Some(Leaving::Now),
            // Back from trying the draft out is no way out: the same draft is edited.
            ProblemCommand::EditThis if !self.trying() => Some(Leaving::Now),
            _ => None,
        }
    }

    fn unsaved(&self, lang: Lang) -> Option<String> {
        self.editor.as_ref().filter(|e| e.is_dirty())?;
        let problem = self.inputs.name.trim().to_owned();
        let collection = self.collection_name(lang);
        Some(match (problem.is_empty(), collection.is_empty()) {
            (false, false) => format!("{problem} ({collection})"),
            (false, true) => problem,
            (true, _) => collection,
        })
    }

    fn work_name(&self, lang: Lang) -> &'static str {
        lang.pick(
            "正在编写的题目",
            "正在編寫的題目",
            "The problem being written",
        )
    }

    fn save(&mut self, cx: &Cx) -> Out {
        Out::files(ProblemsState::apply(self, ProblemCommand::Save, cx.lang))
    }

    fn discard(&mut self) {
        if let Some(e) = &mut self.editor {
            e.mark_saved();
        }
    }

    fn busy(&self) -> bool {
        ProblemsState::busy(self)
    }

    /// The set shown opens with the window.
    fn tick(&mut self, cx: &Cx) -> Out {
        if self.shown {
            self.ensure_open(cx.lang);
        }
        Out::default()
    }

    fn shown(&self) -> bool {
        self.shown
    }
}

impl ProblemsState {
    /// Whether `draft` is the draft in the editor.
    fn editing_draft(&self, draft: &DraftToEdit) -> bool {
        let same = self
            .draft
            .as_ref()
            .is_some_and(|d| d.class_file == draft.origin.class_file && d.id == draft.origin.id);
        same && self.editor.is_some()
    }

    fn hear_class(&mut self, message: FromClass, cx: &Cx) -> Out {
        match message {
            FromClass::EditDraft(draft) => {
                if self.editing_draft(&draft) {
                    self.back_to_editor();
                } else {
                    // Asked about first: the draft replaces the problem being written.
                    self.open_draft(draft.origin, &draft.sgf, cx.lang);
                }
                self.shown = true;
                // The class window (a modal) stands aside while the draft is mended.
                Out::then(WindowId::Class, WindowCmd::of(ToClass::StandAside))
            }
            FromClass::Answered { origin, sgf, said } => {
                self.draft_answered(&origin, &sgf, said);
                Out::default()
            }
            FromClass::NotSent(why) => {
                self.draft_not_sent(why);
                Out::default()
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn solving() -> ProblemsState {
        let mut s = ProblemsState::default();
        s.ensure_open(Lang::En);
        s
    }

    /// Issue 11 item 6: a wrong move gets the tree's refutation on the board, "try again"
    /// restarts, the right move solves, and the progress counts it.
    #[test]
    fn issue11_wrong_try_then_solved_counts_in_progress() {
        let mut s = solving();
        // The first shipped problem with a wrong first try that the tree refutes and a right
        // first move that ends the line (read from the tree, not from a retired problem's points).
        let set = s.set.as_ref().expect("a shipped set");
        let found = (0..set.len()).find_map(|i| {
            let p = set.problem(i)?;
            let root = p.tree().root_id();
            let (wrong, wrong_at) =
                p.moves_of(root, p.player())
                    .into_iter()
                    .find_map(|(n, mv)| match mv {
                        Move::Play(c) if p.verdict(n) == Verdict::Wrong => Some((n, c)),
                        _ => None,
                    })?;
            let reply = p
                .moves_of(wrong, p.player().opponent())
                .into_iter()
                .find_map(|(_, mv)| match mv {
                    Move::Play(c) => Some(c),
                    Move::Pass => None,
                })?;
            let right = p
                .right_moves(root)
                .into_iter()
                .find_map(|(n, mv)| match mv {
                    Move::Play(c) if p.tree().node(n).is_some_and(|n| n.children.is_empty()) => {
                        Some(c)
                    }
                    _ => None,
                })?;
            Some((i, wrong_at, reply, right))
        });
        let (index, wrong, reply, right) =
            found.expect("a shipped problem with a refuted wrong try");
        s.apply(ProblemCommand::Select(index), Lang::En);
        s.apply(ProblemCommand::Click(wrong), Lang::En);
        assert!(
            matches!(s.answer, Some(Answer::Wrong { .. })),
            "{:?}",
            s.answer
        );
        assert_eq!(s.last_move, Some(reply), "the refutation is shown");
        let player = s
            .set
            .as_ref()
            .and_then(|set| set.problem(index))
            .map(|p| p.player());
        let board = s.game().map(|g| g.board().get(reply));
        assert_eq!(board, Some(player.map(|c| c.opponent())));
        s.apply(ProblemCommand::TryAgain, Lang::En);
        s.apply(ProblemCommand::Click(right), Lang::En);
        assert!(matches!(s.answer, Some(Answer::Right { solved: true, .. })));
        let p = s.progress().expect("progress");
        assert_eq!((p.solved, p.first_try), (1, 0));
        s.apply(ProblemCommand::Next, Lang::En);
        assert_eq!(s.index, index + 1);
    }

    /// The teacher's editor: stones, a right and a wrong line, marks, and the result is a
    /// problem a child can solve.
    #[test]
    fn issue11_a_problem_written_in_the_editor_can_be_solved() {
        let mut s = solving();
        s.apply(ProblemCommand::NewProblem(9), Lang::En);
        for (tool, x, y) in [
            (EditTool::Black, 3, 4),
            (EditTool::Black, 5, 4),
            (EditTool::Black, 4, 3),
            (EditTool::White, 4, 4),
        ] {
            s.apply(ProblemCommand::Tool(tool), Lang::En);
            s.apply(ProblemCommand::Click(Coord::new(x, y)), Lang::En);
        }
        s.apply(ProblemCommand::Tool(EditTool::Target), Lang::En);
        s.apply(ProblemCommand::Click(Coord::new(4, 4)), Lang::En);
        s.apply(ProblemCommand::SetGoal(Some(Goal::Capture)), Lang::En);
        let (name, question) = ("Mine".to_owned(), "Capture the marked stone.".to_owned());
        s.apply(ProblemCommand::SetText(name, question), Lang::En);
        s.apply(ProblemCommand::Tool(EditTool::Play), Lang::En);
        s.apply(ProblemCommand::Click(Coord::new(4, 5)), Lang::En);
        s.apply(ProblemCommand::Mark(Some(Verdict::Right)), Lang::En);
        s.apply(ProblemCommand::ToStart, Lang::En);
        s.apply(ProblemCommand::Click(Coord::new(6, 6)), Lang::En);
        s.apply(ProblemCommand::Click(Coord::new(4, 5)), Lang::En);
        s.apply(ProblemCommand::Mark(Some(Verdict::Wrong)), Lang::En);
        assert_eq!(s.notice, None);
        let sgf = s
            .editor
            .as_ref()
            .map(ProblemEditor::to_sgf)
            .unwrap_or_default();
        assert!(sgf.contains("RIGHT") && sgf.contains("WRONG"), "{sgf}");
        assert!(
            sgf.contains("TYGOAL[capture]") && sgf.contains("TR[ee]"),
            "{sgf}"
        );
        assert!(sgf.contains("GN[Mine]"), "{sgf}");
        s.apply(ProblemCommand::TryIt, Lang::En);
        assert_eq!(s.mode, Mode::Solve, "{:?}", s.notice);
        s.apply(ProblemCommand::Click(Coord::new(6, 6)), Lang::En);
        assert!(matches!(
            s.answer,
            Some(Answer::Wrong {
                refutation: Some(_),
                ..
            })
        ));
        s.apply(ProblemCommand::TryAgain, Lang::En);
        s.apply(ProblemCommand::Click(Coord::new(4, 5)), Lang::En);
        assert!(matches!(s.answer, Some(Answer::Right { solved: true, .. })));
    }

    /// Issue 20 item 4: a class's draft opened in the editor remembers where it came from;
    /// its edits are unsaved until the class says it is assigned as sent; a refusal keeps
    /// them and says why.
    #[test]
    fn issue20_a_draft_in_the_editor_is_sent_back_and_saved_when_assigned() {
        let mut s = solving();
        let origin = DraftOrigin {
            class_file: PathBuf::from("saturday.tyclass"),
            id: "hw-1".into(),
            child: "Mo".into(),
        };
        let draft = "(;GM[1]FF[4]SZ[9]PL[B]AB[ee]AW[ba]C[Where?](;B[ca]C[RIGHT])(;B[aa];W[ab]))";
        s.open_draft(origin.clone(), draft, Lang::En);
        assert_eq!(s.mode, Mode::Edit);
        assert_eq!(s.draft.as_ref(), Some(&origin));
        assert_eq!(s.inputs.goal, None);
        assert_eq!(s.collection_name(Lang::En), "hw-1 · Mo");
        let dirty = |s: &ProblemsState| s.editor.as_ref().is_some_and(ProblemEditor::is_dirty);
        assert!(!dirty(&s));
        s.apply(ProblemCommand::SetGoal(Some(Goal::Escape)), Lang::En);
        assert!(dirty(&s));
        let (sent_from, sgf) = s.draft_to_assign().expect("sent");
        assert_eq!(sent_from, origin);
        assert!(sgf.contains("TYGOAL[escape]"), "{sgf}");
        assert!(s.assigning());
        assert!(s.draft_to_assign().is_none(), "one at a time");
        // Refused: still unsaved, the reason shown.
        s.draft_answered(&origin, &sgf, Err("not proved".into()));
        assert!(!s.assigning() && dirty(&s));
        assert_eq!(s.notice.as_deref(), Some("not proved"));
        // Another class's answer is not ours.
        let (_, sgf) = s.draft_to_assign().expect("sent again");
        let other = DraftOrigin {
            class_file: PathBuf::from("other.tyclass"),
            ..origin.clone()
        };
        s.draft_answered(&other, &sgf, Ok("assigned".into()));
        assert!(s.assigning() && dirty(&s));
        s.draft_answered(&origin, &sgf, Ok("hw-1 is assigned to Mo.".into()));
        assert!(!s.assigning() && !dirty(&s));
        assert_eq!(s.done.as_deref(), Some("hw-1 is assigned to Mo."));
        // A new problem forgets the draft.
        s.apply(ProblemCommand::NewProblem(9), Lang::En);
        assert!(s.draft.is_none());
    }
}
