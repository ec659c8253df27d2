//! Teaching mode's words, for a child and a teacher, in the three languages.

use super::Lang;

/// A label or sentence of teaching mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TeachText {
    /// The mode's name (menu entry and title).
    TeachingMode,
    /// Take back the last move.
    TakeBack,
    /// Pass.
    Pass,
    /// A new game with the same choices.
    PlayAgain,
    /// Open the teacher's options.
    Teacher,
    /// Leave teaching mode.
    Leave,
    /// Black to play.
    BlackToPlay,
    /// White to play.
    WhiteToPlay,
    /// The computer is thinking.
    Thinking,
    /// Wait for the computer.
    ComputerToMove,
    /// The game is over.
    GameOver,
    /// You won (celebration).
    YouWon,
    /// The computer won: try again.
    ComputerWon,
    /// Black won.
    BlackWon,
    /// White won.
    WhiteWon,
    /// A draw.
    Draw,
    /// The PIN prompt's title.
    TeacherPin,
    /// Wrong PIN.
    WrongPin,
    /// OK.
    Ok,
    /// Cancel.
    Cancel,
    /// The options window's title.
    TeachingOptions,
    /// Board size.
    BoardSize,
    /// The capture game.
    CaptureGame,
    /// Go.
    Go,
    /// Stones to capture.
    StonesToCapture,
    /// Start position.
    StartPosition,
    /// Empty board.
    Empty,
    /// Crosscut.
    Crosscut,
    /// Handicap.
    Handicap,
    /// Opponent.
    Opponent,
    /// Another child.
    Person,
    /// The computer at a level.
    Computer,
    /// The handicap ladder.
    Ladder,
    /// An engine over GTP.
    Engine,
    /// Level.
    Level,
    /// The child plays Black.
    ChildBlack,
    /// Engine command.
    EngineCommand,
    /// GNU Go level.
    EngineLevel,
    /// Liberty counts.
    ShowLiberties,
    /// Chains in atari.
    ShowAtari,
    /// Hover preview.
    ShowPreview,
    /// Last capture.
    ShowLastCapture,
    /// Sounds.
    Sounds,
    /// Large controls.
    LargeControls,
    /// Start a new game.
    StartNewGame,
    /// Close.
    Close,
    /// Set the teacher's PIN.
    SetPin,
    /// Remove it.
    RemovePin,
    /// PIN set.
    PinSet,
    /// PIN removed.
    PinRemoved,
    /// What the teacher PIN guards.
    PinGuards,
    /// Engines play Go only.
    EngineGoOnly,
    /// Ladder game recorded.
    LadderRecorded,
    /// Ask the computer again.
    Retry,
    /// Captured.
    Captured,
    /// The move under the finger would capture.
    WouldCapture,
    /// Careful: self-atari.
    SelfAtari,
    /// The warning after the first tap on a self-atari: tap again to play there.
    TapAgain,
    /// The child's turn (against the computer).
    YourTurn,
    /// The computer's turn.
    ComputerTurn,
    /// The most-captures game's moves left.
    MovesLeft,
    /// How area counting works, for a child after a counted game.
    HowCounted,
    /// The counting lesson's heading (issue 20 item 2).
    CountingLesson,
    /// The counting lesson's next step.
    CountNext,
    /// The counting lesson's step before.
    CountBack,
    /// Beside Black's captures at step 1: the white stones Black captured.
    BlackCapturedWhite,
    /// Beside White's captures at step 1: the black stones White captured.
    WhiteCapturedBlack,
    /// Beside a side's total: its area.
    AreaOf,
    /// Beside what Black needs to win at the count.
    BlackNeeds,
    /// Two passes ended the game: it is being counted (a moment).
    CountingNow,
}

impl TeachText {
    /// The text in `lang`.
    pub fn text(self, lang: Lang) -> &'static str {
        use TeachText::*;
        let (hans, hant, en) = match self {
            TeachingMode => ("教学模式", "教學模式", "Teaching mode"),
            TakeBack => ("悔棋", "悔棋", "Take back"),
            Pass => ("停一手", "停一手", "Pass"),
            PlayAgain => ("再下一盘", "再下一盤", "Play again"),
            Teacher => ("老师", "老師", "Teacher"),
            Leave => ("退出教学模式", "退出教學模式", "Leave teaching mode"),
            BlackToPlay => ("轮到黑棋", "輪到黑棋", "Black to play"),
            WhiteToPlay => ("轮到白棋", "輪到白棋", "White to play"),
            Thinking => ("电脑在想……", "電腦在想……", "The computer is thinking…"),
            ComputerToMove => (
                "请等一等，轮到电脑下。",
                "請等一等，輪到電腦下。",
                "Wait a moment: it is the computer's turn.",
            ),
            GameOver => (
                "这盘棋下完了。点“再下一盘”。",
                "這盤棋下完了。點「再下一盤」。",
                "This game is over. Press “Play again”.",
            ),
            YouWon => ("你赢了！真棒！", "你贏了！真棒！", "You won! Well done!"),
            ComputerWon => (
                "这次电脑赢了，再试一次吧！",
                "這次電腦贏了，再試一次吧！",
                "The computer won this time. Try again!",
            ),
            BlackWon => ("黑棋赢了！", "黑棋贏了！", "Black won!"),
            WhiteWon => ("白棋赢了！", "白棋贏了！", "White won!"),
            Draw => ("和棋", "和棋", "A draw"),
            TeacherPin => ("老师密码", "老師密碼", "Teacher's PIN"),
            WrongPin => ("密码不对", "密碼不對", "Wrong PIN"),
            Ok => ("确定", "確定", "OK"),
            Cancel => ("取消", "取消", "Cancel"),
            TeachingOptions => ("教学设置", "教學設定", "Teaching options"),
            BoardSize => ("棋盘", "棋盤", "Board"),
            CaptureGame => ("吃子棋", "吃子棋", "Capture game"),
            Go => ("围棋", "圍棋", "Go"),
            StonesToCapture => ("吃几个子赢", "吃幾個子贏", "Stones to capture"),
            StartPosition => ("开局", "開局", "Start"),
            Empty => ("空棋盘", "空棋盤", "Empty board"),
            Crosscut => ("扭十字", "扭十字", "Crosscut"),
            Handicap => ("让子", "讓子", "Handicap"),
            Opponent => ("对手", "對手", "Opponent"),
            Person => ("小朋友", "小朋友", "Another child"),
            Computer => ("电脑", "電腦", "Computer"),
            Ladder => (
                "电脑（升降级）",
                "電腦（升降級）",
                "Computer (handicap ladder)",
            ),
            Engine => ("GTP 引擎（围棋）", "GTP 引擎（圍棋）", "GTP engine (Go)"),
            Level => ("级别", "級別", "Level"),
            ChildBlack => ("孩子执黑", "孩子執黑", "The child plays Black"),
            EngineCommand => ("引擎命令", "引擎命令", "Engine command"),
            EngineLevel => ("GNU Go 级别", "GNU Go 級別", "GNU Go level"),
            ShowLiberties => ("显示气数", "顯示氣數", "Liberty counts"),
            ShowAtari => ("标出被打吃的棋", "標出被打吃的棋", "Chains in atari"),
            ShowPreview => ("预览能吃的子", "預覽能吃的子", "Preview captures on hover"),
            ShowLastCapture => ("标出上次提子", "標出上次提子", "Last capture"),
            Sounds => ("声音", "聲音", "Sounds"),
            LargeControls => (
                "大按钮（平板、投影）",
                "大按鈕（平板、投影）",
                "Large controls (tablets, projectors)",
            ),
            StartNewGame => ("开始新的一盘", "開始新的一盤", "Start a new game"),
            Close => ("关闭", "關閉", "Close"),
            SetPin => ("设置老师密码", "設定老師密碼", "Set the teacher's PIN"),
            RemovePin => ("取消老师密码", "取消老師密碼", "Remove the teacher's PIN"),
            PinSet => (
                "老师密码已设置",
                "老師密碼已設定",
                "The teacher's PIN is set",
            ),
            PinRemoved => (
                "老师密码已取消",
                "老師密碼已取消",
                "The teacher's PIN is removed",
            ),
            PinGuards => (
                "老师密码保护教学设置、程序设置和退出教学模式；裁判判罚只由裁判密码解锁。",
                "老師密碼保護教學設定、程式設定和退出教學模式；裁判判罰只由裁判密碼解鎖。",
                "The teacher's PIN guards the teaching options, the settings and leaving teaching mode; rulings are unlocked by the arbiter's PIN alone.",
            ),
            EngineGoOnly => (
                "引擎只下围棋；吃子棋由我们自己的电脑来下。",
                "引擎只下圍棋；吃子棋由我們自己的電腦來下。",
                "Engines play Go only; the capture game is played by our own computer player.",
            ),
            LadderRecorded => (
                "这盘升降级的结果已经记下，不能悔棋了。",
                "這盤升降級的結果已經記下，不能悔棋了。",
                "This ladder game's result is recorded: no take-back now.",
            ),
            Retry => ("再试一次", "再試一次", "Try again"),
            Captured => ("吃子", "吃子", "Captured"),
            WouldCapture => ("下在这里能吃掉", "下在這裡能吃掉", "Here you would capture"),
            SelfAtari => (
                "小心：下在这里自己只剩一口气！",
                "小心：下在這裡自己只剩一口氣！",
                "Careful: here your stones would have only one liberty left!",
            ),
            TapAgain => (
                "再点一次同一个点，就下在这里。",
                "再點一次同一個點，就下在這裡。",
                "Tap the same point again to play there.",
            ),
            YourTurn => ("轮到你下", "輪到你下", "Your turn"),
            ComputerTurn => ("轮到电脑", "輪到電腦", "Computer's turn"),
            MovesLeft => ("还剩几手", "還剩幾手", "Moves left"),
            HowCounted => (
                "数子：先把死子拿掉，再数每一方棋盘上的活子和围住的空点，多的一方赢（白方还要加上贴目）。",
                "數子：先把死子拿掉，再數每一方棋盤上的活子和圍住的空點，多的一方贏（白方還要加上貼目）。",
                "Counting: take the dead stones off, then count each side's stones on the board and the empty points they surround; more wins (White adds the komi).",
            ),
            CountingLesson => (
                "数一数：谁赢了？",
                "數一數：誰贏了？",
                "Let's count: who won?",
            ),
            CountNext => ("下一步", "下一步", "Next"),
            CountBack => ("上一步", "上一步", "Back"),
            BlackCapturedWhite => (
                "黑棋提的白子",
                "黑棋提的白子",
                "White stones Black captured",
            ),
            WhiteCapturedBlack => (
                "白棋提的黑子",
                "白棋提的黑子",
                "Black stones White captured",
            ),
            AreaOf => ("的地盘", "的地盤", "'s area"),
            BlackNeeds => ("黑棋要超过", "黑棋要超過", "Black needs more than"),
            CountingNow => ("正在数子……", "正在數子……", "Counting…"),
        };
        lang.pick(hans, hant, en)
    }
}
