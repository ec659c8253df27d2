//! The message table: every fixed text of the interface in zh-Hans, zh-Hant and English.
//!
//! Rule terms follow the Chinese Weiqi Rules text: 读秒, 封棋, 劫, 禁着点, 提子, 数子, 贴子.

use super::Lang;

/// Declares [`Msg`] with one variant per row; the English text doubles as the doc comment.
macro_rules! messages {
    ($($name:ident => ($hans:literal, $hant:literal, $en:literal),)*) => {
        /// A fixed text of the user interface.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Msg {
            $(#[doc = $en] $name,)*
        }

        impl Msg {
            /// Every message (for completeness tests).
            pub const ALL: &'static [Msg] = &[$(Msg::$name,)*];

            /// The text in `lang`.
            pub fn text(self, lang: Lang) -> &'static str {
                match self {
                    $(Msg::$name => lang.pick($hans, $hant, $en),)*
                }
            }
        }
    };
}

messages! {
    AppTitle => ("天元 · 围棋", "天元 · 圍棋", "Tianyuan · Go"),
    // Menus
    MenuGame => ("对局", "對局", "Game"),
    MenuView => ("视图", "檢視", "View"),
    MenuLanguage => ("语言", "語言", "Language"),
    MenuHelp => ("帮助", "說明", "Help"),
    NewGame => ("新对局…", "新對局…", "New game…"),
    OpenSgf => ("打开棋谱…", "打開棋譜…", "Open SGF…"),
    SaveSgf => ("保存棋谱…", "儲存棋譜…", "Save SGF…"),
    Quit => ("退出", "退出", "Quit"),
    Shortcuts => ("快捷键", "快捷鍵", "Keyboard shortcuts"),
    ClockOnlyMode => ("读秒钟（实体棋盘用）", "讀秒鐘（實體棋盤用）", "Clock only (for a physical board)"),
    BackToBoard => ("返回棋盘", "返回棋盤", "Back to the board"),
    About => ("关于天元", "關於天元", "About Tianyuan"),
    AboutText => (
        "天元：依《中国围棋竞赛规则》的围棋棋盘，供裁判、教师与复盘者使用。",
        "天元：依《中國圍棋競賽規則》的圍棋棋盤，供裁判、教師與覆盤者使用。",
        "Tianyuan: a Go board on the Chinese Weiqi Rules, for referees, teachers and reviewers."
    ),
    Close => ("关闭", "關閉", "Close"),
    // Side panel tabs
    TabInfo => ("对局信息", "對局資訊", "Game information"),
    TabArbiter => ("裁判", "裁判", "Arbiter"),
    TabReview => ("复盘", "覆盤", "Review"),
    TabSettings => ("设置", "設定", "Settings"),
    // Actions
    Pass => ("停一手", "停一手", "Pass"),
    Resign => ("认输", "認輸", "Resign"),
    Undo => ("悔棋（撤销上一手）", "悔棋（撤銷上一手）", "Undo (revoke the last move)"),
    PressClock => ("按钟", "按鐘", "Press the clock"),
    Pause => ("暂停", "暫停", "Pause"),
    TimeCheck => ("报时（读秒中报剩余次数，第16.1条）", "報時（讀秒中報剩餘次數，第16.1條）", "Time check (in byo-yomi, the reserved minutes left; Art. 16.1)"),
    Resume => ("继续比赛", "繼續比賽", "Resume"),
    StartClock => ("开始计时", "開始計時", "Start the clock"),
    // Colours and turn
    Black => ("黑方", "黑方", "Black"),
    White => ("白方", "白方", "White"),
    ToMove => ("轮到", "輪到", "To move"),
    MoveCount => ("手数", "手數", "Moves"),
    Board => ("棋盘", "棋盤", "Go board"),
    // Game information
    Players => ("对局者", "對局者", "Players"),
    Rules => ("规则", "規則", "Rules"),
    ChineseRules => ("中国围棋竞赛规则（数子法）", "中國圍棋競賽規則（數子法）", "Chinese Weiqi Rules (area counting)"),
    Komi => ("贴子", "貼子", "Komi"),
    Handicap => ("让子", "讓子", "Handicap"),
    KoRule => ("同形规则", "同形規則", "Repetition rule"),
    KoPositional => ("禁止全局同形再现（位置）", "禁止全局同形再現（位置）", "Positional superko"),
    KoSituational => ("禁止全局同形再现（情境）", "禁止全局同形再現（情境）", "Situational superko"),
    KoSimple => ("单劫（仅禁止立即提回）", "單劫（僅禁止立即提回）", "Simple ko only"),
    TimeControl => ("用时", "用時", "Time control"),
    NoClock => ("不计时", "不計時", "No clock"),
    Captures => ("提子", "提子", "Captures"),
    Result => ("结果", "結果", "Result"),
    GameInProgress => ("对局进行中", "對局進行中", "Game in progress"),
    // New-game dialog
    BoardSize => ("路数", "路數", "Board size"),
    OtherSize => ("其他", "其他", "Other"),
    HandicapNone => ("不让子", "不讓子", "No handicap"),
    HandicapFixed => ("固定位置", "固定位置", "Fixed placement"),
    HandicapFree => ("自由放置", "自由放置", "Free placement"),
    HandicapFreeHint => (
        "自由放置：开局后黑方依次点击放置让子。",
        "自由放置：開局後黑方依次點擊放置讓子。",
        "Free placement: after the start, Black clicks the handicap stones onto the board."
    ),
    Name => ("姓名", "姓名", "Name"),
    Rank => ("段位", "段位", "Rank"),
    ClockSpec => ("计时规格", "計時規格", "Clock specification"),
    Start => ("开始对局", "開始對局", "Start the game"),
    Cancel => ("取消", "取消", "Cancel"),
    // Clock faces
    Byoyomi => ("读秒", "讀秒", "Byo-yomi"),
    MainTime => ("基本用时", "基本用時", "Main time"),
    PeriodsLeft => ("剩余读秒", "剩餘讀秒", "Periods left"),
    TimeOut => ("超时判负", "超時判負", "Lost on time"),
    Paused => ("已暂停", "已暫停", "Paused"),
    ClockStopped => ("时钟未开始", "時鐘未開始", "Clock not started"),
    // Arbiter
    EndOfGame => ("终局", "終局", "End of the game"),
    ConfirmEnd => ("确认终局", "確認終局", "Confirm the end"),
    ConfirmEndHint => (
        "第13条：轮到行棋的一方先确认，然后另一方确认。",
        "第13條：輪到行棋的一方先確認，然後另一方確認。",
        "Art. 13: the side to move confirms first, then the other side."
    ),
    MarkDeadHint => (
        "点击棋子标记或取消死子（整块）。",
        "點擊棋子標記或取消死子（整塊）。",
        "Click a stone to mark or unmark its chain as dead."
    ),
    CountArea => ("数子", "數子", "Area count"),
    Stones => ("子", "子", "Stones"),
    Territory => ("空", "空", "Territory"),
    SharedPoints => ("公气（各半）", "公氣（各半）", "Shared points (half each)"),
    Total => ("合计", "合計", "Total"),
    Baseline => ("基准（盘面一半）", "基準（盤面一半）", "Baseline (half the board)"),
    Margin => ("胜负", "勝負", "Margin"),
    AcceptResult => ("双方同意，记录结果", "雙方同意，記錄結果", "Both agree: record the result"),
    ResumePlay => ("有争议，继续对局", "有爭議，繼續對局", "Disputed: resume play"),
    DeadStones => ("死子", "死子", "Dead stones"),
    EventLog => ("记录", "記錄", "Event log"),
    // Review / navigation
    First => ("第一手", "第一手", "First move"),
    Previous => ("上一手", "上一手", "Previous move"),
    Next => ("下一手", "下一手", "Next move"),
    Last => ("最后一手", "最後一手", "Last move"),
    BackToGame => ("回到对局", "回到對局", "Back to the game"),
    // Settings
    ShowCoordinates => ("显示坐标", "顯示座標", "Show coordinates"),
    CoordLetters => ("字母与数字（A–T，1–19）", "字母與數字（A–T，1–19）", "Letters and numbers (A–T, 1–19)"),
    CoordNumbers => ("仅数字（中文书籍）", "僅數字（中文書籍）", "Numbers only (Chinese books)"),
    ShowMoveNumbers => ("显示手数", "顯示手數", "Show move numbers"),
    ShowLastMove => ("标记最后一手", "標記最後一手", "Mark the last move"),
    PlacingPressesClock => ("落子即按钟", "落子即按鐘", "Placing a stone presses the clock"),
    RealSize => ("实际尺寸（每格 2.3 厘米）", "實際尺寸（每格 2.3 公分）", "Real size (2.3 cm cells)"),
    PointsPerCm => ("屏幕每厘米点数（用尺子校准）", "螢幕每公分點數（用尺校準）", "Screen points per cm (calibrate with a ruler)"),
    Volume => ("音量", "音量", "Volume"),
    Mute => ("静音", "靜音", "Mute"),
    Theme => ("外观", "外觀", "Appearance"),
    Zoom => ("缩放", "縮放", "Zoom"),
}
