//! A refusal of the session ([`crate::session::SessionError`]) in the user's language, for the
//! window's notices and the journal's typed problems.

use super::Lang;
use crate::session::SessionError;

/// The refusal in `lang` (falls back to the English text for the rarer variants).
pub fn session_error_text(e: &SessionError, lang: Lang) -> String {
    match e {
        SessionError::Illegal(m) => lang.pick(m.zh_hans(), m.zh_hant(), m.to_string()),
        SessionError::NotYourTurn(_) => lang
            .pick("还没轮到这一方", "還沒輪到這一方", "Not this side's turn")
            .to_owned(),
        SessionError::WrongPhase => lang
            .pick(
                "当前阶段不能这样做",
                "目前階段不能這樣做",
                "Not possible at this stage of the game",
            )
            .to_owned(),
        SessionError::NothingToUndo => lang
            .pick(
                "没有可撤销的着手",
                "沒有可撤銷的著手",
                "No move to take back",
            )
            .to_owned(),
        SessionError::GameOver => lang
            .pick("对局已结束", "對局已結束", "The game is over")
            .to_owned(),
        SessionError::NoClock => lang
            .pick("本局不计时", "本局不計時", "This game has no clock")
            .to_owned(),
        SessionError::Adjourned => lang
            .pick(
                "封棋中：轮到的一方封棋，不在棋盘上落子",
                "封棋中：輪到的一方封棋，不在棋盤上落子",
                "Adjourned: the player to move seals the move instead",
            )
            .to_owned(),
        other => other.to_string(),
    }
}
