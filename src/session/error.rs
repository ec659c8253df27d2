//! Why an action was refused. A refused action changes nothing and is not logged.
//!
//! The refusal stays a typed value until it is drawn: [`SessionError::text`] says it in the
//! interface's language (a language switch translates a refusal already on screen);
//! `Display` is the English text, for the command line.

use std::fmt;

use crate::clock::{ClockError, ControlError};
use crate::i18n::Lang;
use crate::rules::{Color, Coord, IllegalMove, RulesError};

/// Why an action was refused; the session is unchanged.
#[derive(Clone, Debug, PartialEq)]
pub enum SessionError {
    /// The move breaks a rule (Art. 5, 6, 20.1 …).
    Illegal(IllegalMove),
    /// It is the other side's turn.
    NotYourTurn(Color),
    /// The action does not fit the phase (e.g. a move during counting).
    WrongPhase,
    /// The game is adjourned: the player to move seals the move instead of playing it.
    Adjourned,
    /// The game is over.
    GameOver,
    /// There is no clock in this game.
    NoClock,
    /// The clock refused.
    Clock(ClockError),
    /// The setup is impossible (size, handicap).
    Setup(RulesError),
    /// The time control is invalid.
    TimeControl(ControlError),
    /// An instant earlier than the last entry's.
    TimeWentBack,
    /// A board action in clock-only mode, or a press in board mode.
    WrongMode,
    /// There is no stone on this point.
    NoStone(Coord),
    /// The position edit is impossible (a chain without liberties, a point named twice).
    Edit(RulesError),
    /// The position edit changes nothing.
    NothingChanged,
    /// There is no move to take back.
    NothingToUndo,
    /// The entry's number is not the next one.
    EntryNumber(u32),
    /// There is no entry with this number that can be revoked (the setup, a later one, or one
    /// no longer in force).
    CannotRevoke(u32),
    /// Revoking would make a later entry impossible.
    RevokeBreaks {
        /// The entry that would no longer apply.
        entry: u32,
        /// Why.
        because: Box<SessionError>,
    },
    /// No sealed move is waiting to be opened.
    NotSealed,
    /// A sealed move is already waiting, or the game is not adjourned for sealing.
    CannotSeal,
    /// The revealed move does not match the seal's commitment.
    SealMismatch,
    /// Only the side to move seals.
    NotTheSealer(Color),
    /// In board mode the count on the app's board decides; in clock-only mode the count from
    /// the physical board must be given.
    CountResult,
    /// A void on a point where the move is legal: there is nothing to void (Art. 19, 20.1,
    /// 22 void only a move the rules refuse).
    NotVoid(Coord),
    /// The approved absence is asked for during the opponent's thinking time, not while the
    /// player's own clock runs (Art. 23.6).
    AbsenceOnOwnTime(Color),
}

impl fmt::Display for SessionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = |c: &Color| match c {
            Color::Black => "Black",
            Color::White => "White",
        };
        match self {
            SessionError::Illegal(m) => write!(f, "illegal move: {m}"),
            SessionError::NotYourTurn(c) => write!(f, "it is not {}'s turn", side(c)),
            SessionError::WrongPhase => f.write_str("not possible at this stage of the game"),
            SessionError::Adjourned => {
                f.write_str("the game is adjourned: the player to move seals the move (Art. 14)")
            }
            SessionError::GameOver => f.write_str("the game is over"),
            SessionError::NoClock => f.write_str("this game has no clock"),
            SessionError::Clock(e) => write!(f, "clock: {e}"),
            SessionError::Setup(e) => write!(f, "setup: {e}"),
            SessionError::TimeControl(e) => write!(f, "time control: {e}"),
            SessionError::TimeWentBack => f.write_str("the time is earlier than the last entry's"),
            SessionError::WrongMode => f.write_str(
                "not in this mode (moves are entered in board mode, presses in clock-only mode)",
            ),
            SessionError::NoStone(_) => f.write_str("there is no stone on that point"),
            SessionError::Edit(e) => write!(f, "the position edit is impossible: {e}"),
            SessionError::NothingChanged => f.write_str("the position edit changes nothing"),
            SessionError::NothingToUndo => f.write_str("there is no move to take back"),
            SessionError::EntryNumber(n) => write!(f, "entry {n} is out of sequence"),
            SessionError::CannotRevoke(n) => write!(
                f,
                "entry {n} cannot be revoked (the setup, a later entry, or one no longer in force)"
            ),
            SessionError::RevokeBreaks { entry, because } => write!(
                f,
                "revoking it would make entry {entry} impossible: {because}"
            ),
            SessionError::NotSealed => f.write_str("no sealed move is waiting to be opened"),
            SessionError::CannotSeal => f.write_str(
                "a move is sealed only after the arbiter adjourns the game, once per adjournment",
            ),
            SessionError::SealMismatch => {
                f.write_str("the move and nonce do not match the seal's commitment")
            }
            SessionError::NotTheSealer(c) => {
                write!(f, "{} is not to move: only the side to move seals", side(c))
            }
            SessionError::CountResult => f.write_str(
                "in board mode the count on the board decides; in clock-only mode give the count (accept B+3.5)",
            ),
            SessionError::NotVoid(_) => f.write_str(
                "the move is legal on that point: only a move the rules refuse is void (Art. 19, 20.1, 22)",
            ),
            SessionError::AbsenceOnOwnTime(c) => write!(
                f,
                "{}'s clock runs: the approved absence is asked for during the opponent's thinking time (Art. 23.6)",
                side(c)
            ),
        }
    }
}

impl SessionError {
    /// The refusal in `lang` (English as `Display` gives it).
    pub fn text(&self, lang: Lang) -> String {
        if lang == Lang::En {
            return self.to_string();
        }
        let side = |c: &Color| match c {
            Color::Black => lang.pick("黑方", "黑方", "Black"),
            Color::White => lang.pick("白方", "白方", "White"),
        };
        let s = |hans: &str, hant: &str| lang.pick(hans, hant, hans).to_owned();
        match self {
            SessionError::Illegal(m) => lang.pick(
                format!("着手不合规则：{}", m.zh_hans()),
                format!("著手不合規則：{}", m.zh_hant()),
                m.to_string(),
            ),
            SessionError::NotYourTurn(c) => lang.pick(
                format!("还没轮到{}", side(c)),
                format!("還沒輪到{}", side(c)),
                String::new(),
            ),
            SessionError::WrongPhase => s("当前阶段不能这样做", "目前階段不能這樣做"),
            SessionError::Adjourned => s(
                "封棋中：轮到的一方封棋，不在棋盘上落子（第14条）",
                "封棋中：輪到的一方封棋，不在棋盤上落子（第14條）",
            ),
            SessionError::GameOver => s("对局已结束", "對局已結束"),
            SessionError::NoClock => s("本局不计时", "本局不計時"),
            SessionError::Clock(e) => lang.pick(
                format!("棋钟：{}", crate::i18n::clock_error_text(e, lang)),
                format!("棋鐘：{}", crate::i18n::clock_error_text(e, lang)),
                String::new(),
            ),
            SessionError::Setup(e) => lang.pick(
                format!("对局设置：{}", crate::i18n::rules_error_text(e, lang)),
                format!("對局設定：{}", crate::i18n::rules_error_text(e, lang)),
                String::new(),
            ),
            SessionError::TimeControl(e) => lang.pick(
                format!("用时设置：{}", crate::i18n::control_error_text(e, lang)),
                format!("用時設定：{}", crate::i18n::control_error_text(e, lang)),
                String::new(),
            ),
            SessionError::TimeWentBack => s("时间早于上一条记录的时间", "時間早於上一條記錄的時間"),
            SessionError::WrongMode => s(
                "此模式下不能这样做（棋盘模式记着手，仅计时模式记按钟）",
                "此模式下不能這樣做（棋盤模式記著手，僅計時模式記按鐘）",
            ),
            SessionError::NoStone(_) => s("该点没有棋子", "該點沒有棋子"),
            SessionError::Edit(e) => lang.pick(
                format!(
                    "无法这样改动棋子：{}",
                    crate::i18n::rules_error_text(e, lang)
                ),
                format!(
                    "無法這樣改動棋子：{}",
                    crate::i18n::rules_error_text(e, lang)
                ),
                String::new(),
            ),
            SessionError::NothingChanged => s("这次改动没有改变局面", "這次改動沒有改變局面"),
            SessionError::NothingToUndo => s("没有可撤销的着手", "沒有可撤銷的著手"),
            SessionError::EntryNumber(n) => lang.pick(
                format!("第{n}条记录的编号不连续"),
                format!("第{n}條記錄的編號不連續"),
                String::new(),
            ),
            SessionError::CannotRevoke(n) => lang.pick(
                format!("第{n}条记录不能撤销（对局设置、尚未发生的记录，或已不生效的记录）"),
                format!("第{n}條記錄不能撤銷（對局設定、尚未發生的記錄，或已不生效的記錄）"),
                String::new(),
            ),
            SessionError::RevokeBreaks { entry, because } => lang.pick(
                format!("撤销后第{entry}条记录将无法成立：{}", because.text(lang)),
                format!("撤銷後第{entry}條記錄將無法成立：{}", because.text(lang)),
                String::new(),
            ),
            SessionError::NotSealed => s("没有等待开启的封棋", "沒有等待開啟的封棋"),
            SessionError::CannotSeal => s(
                "只有在裁判员宣布封棋后才能封棋，每次封棋只封一手（第14条）",
                "只有在裁判員宣布封棋後才能封棋，每次封棋只封一手（第14條）",
            ),
            SessionError::SealMismatch => s(
                "着手与随机数和封棋的承诺值不符",
                "著手與隨機數和封棋的承諾值不符",
            ),
            SessionError::NotTheSealer(c) => lang.pick(
                format!("{}不是轮到的一方：只有轮到的一方封棋", side(c)),
                format!("{}不是輪到的一方：只有輪到的一方封棋", side(c)),
                String::new(),
            ),
            SessionError::CountResult => s(
                "棋盘模式以程序棋盘上的数子为准；仅计时模式请给出实际棋盘的数子结果（如 accept B+3.5）",
                "棋盤模式以程式棋盤上的數子為準；僅計時模式請給出實際棋盤的數子結果（如 accept B+3.5）",
            ),
            SessionError::NotVoid(_) => s(
                "该点着手合法：只有规则不允许的着手才能判无效（第19、20.1、22条）",
                "該點著手合法：只有規則不允許的著手才能判無效（第19、20.1、22條）",
            ),
            SessionError::AbsenceOnOwnTime(c) => lang.pick(
                format!(
                    "{}的钟在走：批准离席须在对方思考时间内提出（第23.6条）",
                    side(c)
                ),
                format!(
                    "{}的鐘在走：批准離席須在對方思考時間內提出（第23.6條）",
                    side(c)
                ),
                String::new(),
            ),
        }
    }
}

impl std::error::Error for SessionError {}
