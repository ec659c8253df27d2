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
