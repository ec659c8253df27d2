//! The class screens' words in Simplified Chinese, Traditional Chinese and English. Buttons a
//! check finds by name keep one wording per language; the children's texts are short.

use crate::i18n::Lang;

/// A fixed text of the class screens.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ClassText {
    /// The bar's button to the class (the teacher's).
    Class,
    /// The tiles' question.
    WhoIsPlaying,
    /// Back to the tiles.
    NextChild,
    /// The child's map.
    MyMap,
    /// Play the step's game.
    Play,
    /// Problems.
    Problems,
    /// A hint.
    Hint,
    /// Try again.
    TryAgain,
    /// The next problem.
    NextProblem,
    /// Where the child is on the map.
    YouAreHere,
    /// A step passed.
    Passed,
    /// The current step's progress: wins.
    Wins,
    /// The current step's progress: problems solved.
    Solved,
    /// The teacher moves the child along.
    MoveAlong,
    /// The teacher moves the child back.
    MoveBack,
    /// The class window's title.
    TheClass,
    /// Close.
    Close,
    /// The PIN prompt.
    TeacherPin,
    /// OK.
    Ok,
    /// Cancel.
    Cancel,
    /// The PIN is wrong.
    WrongPin,
    /// The class's name.
    ClassName,
    /// The teacher's name.
    TeacherName,
    /// A new PIN (optional).
    NewPin,
    /// Make a new class.
    NewClass,
    /// The button that makes it.
    Create,
    /// Open a class.
    Open,
    /// Import a class file.
    Import,
    /// Export the class.
    Export,
    /// Close the class.
    CloseClass,
    /// The children.
    Children,
    /// A child's nickname.
    Nickname,
    /// Add a child.
    AddChild,
    /// Delete a child.
    Delete,
    /// Yes, delete.
    YesDelete,
    /// Set the PIN.
    SetPin,
    /// Remove the PIN.
    RemovePin,
    /// The other classes of this PC.
    Classes,
    /// No class yet.
    NoClasses,
    /// Right answer.
    Right,
    /// Solved.
    WellDone,
    /// A wrong move: see the answer on the board.
    NotQuite,
    /// A move not in the answer.
    NotInAnswer,
    /// A problem that came back.
    CameBack,
    /// No problems now.
    NoProblems,
    /// The step's rule.
    ToPass,
    /// The child's rating.
    Rating,
    /// The step.
    Step,
    /// The handicap ladder (the teacher's sentence heading).
    Ladder,
    /// Avatar choice.
    Avatar,
    /// Saving.
    Saving,
    /// No folder for the classes.
    NoFolder,
    /// The class has no children yet.
    NoChildren,
    /// What a step practises.
    Practises,
    /// The PIN guards.
    PinGuards,
}

impl ClassText {
    /// The text in `lang`.
    pub fn text(self, lang: Lang) -> &'static str {
        use ClassText::*;
        let (hans, hant, en) = match self {
            Class => ("班级", "班級", "Class"),
            WhoIsPlaying => (
                "谁来下棋？点你自己！",
                "誰來下棋？點你自己！",
                "Who is playing? Tap yourself!",
            ),
            NextChild => ("换人", "換人", "Next child"),
            MyMap => ("我的地图", "我的地圖", "My map"),
            Play => ("下棋", "下棋", "Play"),
            Problems => ("做题", "做題", "Problems"),
            Hint => ("提示", "提示", "Hint"),
            TryAgain => ("再试一次", "再試一次", "Try again"),
            NextProblem => ("下一题", "下一題", "Next problem"),
            YouAreHere => ("你在这里", "你在這裡", "You are here"),
            Passed => ("已通过", "已通過", "passed"),
            Wins => ("赢棋", "贏棋", "Wins"),
            Solved => ("做对的题", "做對的題", "Problems solved"),
            MoveAlong => (
                "前进一步（老师）",
                "前進一步（老師）",
                "Move along (teacher)",
            ),
            MoveBack => (
                "后退一步（老师）",
                "後退一步（老師）",
                "Move back (teacher)",
            ),
            TheClass => ("班级（老师）", "班級（老師）", "The class (teacher)"),
            Close => ("关闭", "關閉", "Close"),
            TeacherPin => ("班级密码", "班級密碼", "Class PIN"),
            Ok => ("确定", "確定", "OK"),
            Cancel => ("取消", "取消", "Cancel"),
            WrongPin => ("密码不对。", "密碼不對。", "Wrong PIN."),
            ClassName => ("班级名称", "班級名稱", "Class name"),
            TeacherName => ("老师姓名", "老師姓名", "Teacher's name"),
            NewPin => (
                "老师密码（至少4位，可不设）",
                "老師密碼（至少4位，可不設）",
                "Teacher's PIN (4 or more, optional)",
            ),
            NewClass => ("新建班级", "新建班級", "New class"),
            Create => ("建立班级", "建立班級", "Make the class"),
            Open => ("打开", "開啟", "Open"),
            Import => ("导入班级…", "匯入班級…", "Import a class…"),
            Export => ("导出班级…", "匯出班級…", "Export the class…"),
            CloseClass => ("关闭班级", "關閉班級", "Close the class"),
            Children => ("孩子们", "孩子們", "Children"),
            Nickname => ("昵称", "暱稱", "Nickname"),
            AddChild => ("添加孩子", "新增孩子", "Add a child"),
            Delete => ("删除", "刪除", "Delete"),
            YesDelete => ("确定删除", "確定刪除", "Yes, delete"),
            SetPin => ("设置密码", "設定密碼", "Set the PIN"),
            RemovePin => ("取消密码", "取消密碼", "Remove the PIN"),
            Classes => ("这台电脑上的班级", "這台電腦上的班級", "Classes on this PC"),
            NoClasses => ("还没有班级。", "還沒有班級。", "No class yet."),
            Right => ("对！继续。", "對！繼續。", "Right! Go on."),
            WellDone => ("答对了！真棒！", "答對了！真棒！", "Solved! Well done!"),
            NotQuite => (
                "不对：看棋盘上对方怎么应。",
                "不對：看棋盤上對方怎麼應。",
                "Not quite: see the answer on the board.",
            ),
            NotInAnswer => (
                "这步不对：对方不用理它。",
                "這步不對：對方不用理它。",
                "Not that one: it does not help here.",
            ),
            CameBack => (
                "复习：这道题又回来了！",
                "複習：這道題又回來了！",
                "Again: this problem came back!",
            ),
            NoProblems => (
                "现在没有要做的题了，真棒！去下棋吧。",
                "現在沒有要做的題了，真棒！去下棋吧。",
                "No problems for now. Well done! Go and play.",
            ),
            ToPass => ("过关条件", "過關條件", "To pass"),
            Rating => ("等级分", "等級分", "Rating"),
            Step => ("阶段", "階段", "Step"),
            Ladder => ("升降级", "升降級", "Handicap ladder"),
            Avatar => ("头像", "頭像", "Avatar"),
            Saving => ("正在保存……", "正在儲存……", "Saving…"),
            NoFolder => (
                "找不到保存班级的文件夹（$XDG_DATA_HOME 或 $HOME）。",
                "找不到儲存班級的資料夾（$XDG_DATA_HOME 或 $HOME）。",
                "No folder for the classes ($XDG_DATA_HOME or $HOME).",
            ),
            NoChildren => (
                "班里还没有孩子：老师点“班级”添加。",
                "班裡還沒有孩子：老師點「班級」新增。",
                "No children yet: the teacher adds them under \"Class\".",
            ),
            Practises => ("练习", "練習", "Practises"),
            PinGuards => (
                "密码保护班级名单、删除、导出和设置。",
                "密碼保護班級名單、刪除、匯出和設定。",
                "The PIN guards the class list, deleting, export and settings.",
            ),
        };
        lang.pick(hans, hant, en)
    }
}

/// The words of the teacher's homework and documents (issue 20 items 4 and 5), some with a
/// child's nickname or a number in them. The walks find the buttons by these names.
pub mod desk {
    use crate::i18n::Lang;

    /// The button in a child's row (short).
    pub fn homework(lang: Lang) -> &'static str {
        lang.pick("作业", "作業", "Homework")
    }

    /// Its accessible name.
    pub fn homework_for(nick: &str, lang: Lang) -> String {
        lang.pick(
            format!("{nick} 的作业"),
            format!("{nick} 的作業"),
            format!("Homework for {nick}"),
        )
    }

    /// The homework's heading.
    pub fn title(nick: &str, lang: Lang) -> String {
        lang.pick(
            format!("从 {nick} 的对局里找出的作业草稿"),
            format!("從 {nick} 的對局裡找出的作業草稿"),
            format!("Homework drafts from {nick}'s games"),
        )
    }

    /// Back from the homework.
    pub fn back(lang: Lang) -> &'static str {
        lang.pick("返回班级", "返回班級", "Back to the class")
    }

    /// Read the games again.
    pub fn read_again(nick: &str, lang: Lang) -> String {
        lang.pick(
            format!("再看 {nick} 的新对局"),
            format!("再看 {nick} 的新對局"),
            format!("Read {nick}'s new games"),
        )
    }

    /// Reading on the runner.
    pub fn reading(lang: Lang) -> &'static str {
        lang.pick("正在看对局……", "正在看對局……", "Reading the games…")
    }

    /// No drafts.
    pub fn none(lang: Lang) -> &'static str {
        lang.pick(
            "没有草稿：保存的对局里没有找到漏吃、被打吃没逃或自己送吃。",
            "沒有草稿：儲存的對局裡沒有找到漏吃、被打吃沒逃或自己送吃。",
            "No drafts: no missed capture, stone left in atari or self-atari in the games kept.",
        )
    }

    /// A draft's line: its identifier, the move of the game and why.
    pub fn line(id: &str, move_number: u32, reason: &str, lang: Lang) -> String {
        lang.pick(
            format!("{id} · 第{move_number}手 · {reason}"),
            format!("{id} · 第{move_number}手 · {reason}"),
            format!("{id} · move {move_number} · {reason}"),
        )
    }

    /// Proved.
    pub fn proved(lang: Lang) -> &'static str {
        lang.pick(
            "检查程序证明了答案，可以布置。",
            "檢查程式證明了答案，可以佈置。",
            "Proved: the checker proves its answer, so it can be assigned.",
        )
    }

    /// Not proved: why it cannot be assigned.
    pub fn not_proved(lang: Lang) -> &'static str {
        lang.pick(
            "没有证明：检查程序不能证明答案（没有规则能检查的目标），所以不能布置，只能删除。",
            "沒有證明：檢查程式不能證明答案（沒有規則能檢查的目標），所以不能佈置，只能刪除。",
            "Not proved: the checker cannot prove its answer (it has no goal the rules can check), so it cannot be assigned; discard it.",
        )
    }

    /// Not looked at yet.
    pub fn unread(lang: Lang) -> &'static str {
        lang.pick(
            "还没有检查：再看一次新对局就会检查。",
            "還沒有檢查：再看一次新對局就會檢查。",
            "Not checked yet: reading the new games again checks it.",
        )
    }

    /// Assign to a child.
    pub fn assign_to(nick: &str, lang: Lang) -> String {
        lang.pick(
            format!("布置给 {nick}"),
            format!("佈置給 {nick}"),
            format!("Assign to {nick}"),
        )
    }

    /// Assign to the class.
    pub fn assign_class(lang: Lang) -> &'static str {
        lang.pick("布置给全班", "佈置給全班", "Assign to the whole class")
    }

    /// Discard a draft.
    pub fn discard(lang: Lang) -> &'static str {
        lang.pick("删除草稿", "刪除草稿", "Discard")
    }

    /// Open a draft in the problems window's editor.
    pub fn edit_in_editor(lang: Lang) -> &'static str {
        lang.pick(
            "在出题编辑器里修改",
            "在出題編輯器裡修改",
            "Edit in the problem editor",
        )
    }

    /// The problems window's heading for a draft opened from the class window.
    pub fn editing_draft(id: &str, nick: &str, lang: Lang) -> String {
        lang.pick(
            format!("作业草稿 {id}（来自 {nick} 的对局）：改好后布置，布置前由检查程序再证明一次"),
            format!("作業草稿 {id}（來自 {nick} 的對局）：改好後佈置，佈置前由檢查程式再證明一次"),
            format!(
                "Homework draft {id} (from {nick}'s game): assign it when it is right; the checker proves it again first"
            ),
        )
    }

    /// Back from the problems window's editor to the class window.
    pub fn back_to_class(lang: Lang) -> &'static str {
        lang.pick("回到班级窗口", "回到班級視窗", "Back to the class window")
    }

    /// The accessible name of a problems-window button that assigns the edited draft.
    pub fn edited(text: &str, id: &str, lang: Lang) -> String {
        lang.pick(
            format!("{text}（修改后的 {id}）"),
            format!("{text}（修改後的 {id}）"),
            format!("{text} (edited {id})"),
        )
    }

    /// A button's accessible name with the draft it acts on.
    pub fn on(text: &str, id: &str) -> String {
        format!("{text} · {id}")
    }

    /// The answer and the child's move, for the small board's accessible name.
    pub fn board(answer: &str, played: &str, lang: Lang) -> String {
        lang.pick(
            format!("作业棋盘：答案 {answer}，对局里下了 {played}"),
            format!("作業棋盤：答案 {answer}，對局裡下了 {played}"),
            format!("Homework board: answer {answer}, played {played} in the game"),
        )
    }

    /// The key under the small board.
    pub fn key(lang: Lang) -> &'static str {
        lang.pick(
            "绿圈：答案 · 红叉：对局里下的",
            "綠圈：答案 · 紅叉：對局裡下的",
            "green ring: the answer · red cross: the move played",
        )
    }

    /// Homework assigned to the child.
    pub fn assigned(nick: &str, lang: Lang) -> String {
        lang.pick(
            format!("已布置给 {nick} 的作业："),
            format!("已佈置給 {nick} 的作業："),
            format!("Homework assigned to {nick}: "),
        )
    }

    /// The documents' heading.
    pub fn documents(lang: Lang) -> &'static str {
        lang.pick("题单和月报", "題單和月報", "Sheets and reports")
    }

    /// A step's sheet.
    pub fn step_sheet(step: u8, lang: Lang) -> String {
        lang.pick(
            format!("阶段{step}的题单"),
            format!("階段{step}的題單"),
            format!("Problem sheet for step {step}"),
        )
    }

    /// The step chosen for the sheet.
    pub fn sheet_step(lang: Lang) -> &'static str {
        lang.pick("题单的阶段", "題單的階段", "Step of the sheet")
    }

    /// Problems a page.
    pub fn per_page(n: usize, lang: Lang) -> String {
        lang.pick(
            format!("每页{n}题"),
            format!("每頁{n}題"),
            format!("{n} a page"),
        )
    }

    /// The button in a child's row for the missed problems' sheet (short).
    pub fn missed(lang: Lang) -> &'static str {
        lang.pick("复习题单", "複習題單", "Missed sheet")
    }

    /// Its accessible name.
    pub fn missed_for(nick: &str, lang: Lang) -> String {
        lang.pick(
            format!("{nick} 的复习题单"),
            format!("{nick} 的複習題單"),
            format!("Sheet of {nick}'s missed problems"),
        )
    }

    /// The button in a child's row for the report (short).
    pub fn report(lang: Lang) -> &'static str {
        lang.pick("月报", "月報", "Report")
    }

    /// Its accessible name.
    pub fn report_for(nick: &str, lang: Lang) -> String {
        lang.pick(
            format!("{nick} 的月报"),
            format!("{nick} 的月報"),
            format!("Monthly report for {nick}"),
        )
    }

    /// The month of the reports.
    pub fn month(lang: Lang) -> &'static str {
        lang.pick("月报的月份", "月報的月份", "Month of the reports")
    }

    /// A month, as the picker shows it.
    pub fn month_name(month: (i32, u32), lang: Lang) -> String {
        lang.pick(
            format!("{}年{}月", month.0, month.1),
            format!("{}年{}月", month.0, month.1),
            format!("{:04}-{:02}", month.0, month.1),
        )
    }

    /// What the sheets and reports are printed for.
    pub fn documents_note(lang: Lang) -> &'static str {
        lang.pick(
            "A4 的 HTML 文件，用浏览器打开打印。",
            "A4 的 HTML 檔案，用瀏覽器開啟列印。",
            "A4 HTML files: open them in a browser to print.",
        )
    }
}
