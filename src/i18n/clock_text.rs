//! The clock's refusals and the time-control errors in the three languages (English as their
//! `Display` gives it).

use super::Lang;
use crate::clock::{ClockError, ClockOutcome, ControlError, Side};

fn side_name(side: Side, lang: Lang) -> &'static str {
    match side {
        Side::Black => lang.pick("黑方", "黑方", "Black"),
        Side::White => lang.pick("白方", "白方", "White"),
    }
}

/// Why the clock refused an input.
pub fn clock_error_text(error: &ClockError, lang: Lang) -> String {
    if lang == Lang::En {
        return error.to_string();
    }
    let s = |hans: &str, hant: &str| lang.pick(hans, hant, hans).to_owned();
    match error {
        ClockError::NotStarted => s("棋钟尚未开始", "棋鐘尚未開始"),
        ClockError::AlreadyStarted => s("棋钟已在走", "棋鐘已在走"),
        ClockError::GameOver(o) => {
            let how = match o {
                ClockOutcome::TimeOut { side, .. } => lang.pick(
                    format!("{}超时", side_name(*side, lang)),
                    format!("{}超時", side_name(*side, lang)),
                    String::new(),
                ),
                ClockOutcome::Forfeit(side) => lang.pick(
                    format!("{}弃权", side_name(*side, lang)),
                    format!("{}棄權", side_name(*side, lang)),
                    String::new(),
                ),
                ClockOutcome::BothForfeit => s("双方弃权", "雙方棄權"),
            };
            lang.pick(
                format!("棋钟上对局已结束（{how}）"),
                format!("棋鐘上對局已結束（{how}）"),
                String::new(),
            )
        }
        ClockError::Paused => s("棋钟已暂停（第14条）", "棋鐘已暫停（第14條）"),
        ClockError::AlreadyPaused => s("棋钟已经停了", "棋鐘已經停了"),
        ClockError::NotPaused => s("棋钟没有暂停", "棋鐘沒有暫停"),
        ClockError::NotInByoyomi => s(
            "只有读秒时提子才停钟（第23.4条）",
            "只有讀秒時提子才停鐘（第23.4條）",
        ),
        ClockError::NotYourTurn(side) => lang.pick(
            format!("不是{}走棋", side_name(*side, lang)),
            format!("不是{}走棋", side_name(*side, lang)),
            String::new(),
        ),
        ClockError::AbsenceAlreadyUsed(side) => lang.pick(
            format!(
                "{}本局已用过一次批准离席（第23.6条）",
                side_name(*side, lang)
            ),
            format!(
                "{}本局已用過一次批准離席（第23.6條）",
                side_name(*side, lang)
            ),
            String::new(),
        ),
        ClockError::TimeWentBack => s("时间早于上一次的时间", "時間早於上一次的時間"),
    }
}

/// Why a time control (a SPEC such as `chinese:limit=60m,reserve=5`) is not usable. The
/// detail of an inconsistent control is the clock module's English text.
pub fn control_error_text(error: &ControlError, lang: Lang) -> String {
    if lang == Lang::En {
        return error.to_string();
    }
    let example = "chinese:limit=60m,reserve=5";
    match error {
        ControlError::Empty => lang.pick(
            format!("没有用时设置；例如 {example}"),
            format!("沒有用時設定；例如 {example}"),
            String::new(),
        ),
        ControlError::UnknownSystem(name) => lang.pick(
            format!("未知的计时方式“{name}”：应为 chinese、japanese、canadian、fischer 或 sudden（例如 {example}）"),
            format!("未知的計時方式「{name}」：應為 chinese、japanese、canadian、fischer 或 sudden（例如 {example}）"),
            String::new(),
        ),
        ControlError::UnknownKey { system, key } => lang.pick(
            format!("{system}：未知的设置“{key}”"),
            format!("{system}：未知的設定「{key}」"),
            String::new(),
        ),
        ControlError::DuplicateKey(key) => lang.pick(
            format!("设置“{key}”给了两次"),
            format!("設定「{key}」給了兩次"),
            String::new(),
        ),
        ControlError::MissingKey { system, key } => lang.pick(
            format!("{system}：缺少设置 {key}=…"),
            format!("{system}：缺少設定 {key}=…"),
            String::new(),
        ),
        ControlError::BadValue {
            key,
            value,
            expected,
        } => lang.pick(
            format!("{key}=“{value}”无效（应为 {expected}）"),
            format!("{key}=「{value}」無效（應為 {expected}）"),
            String::new(),
        ),
        ControlError::Inconsistent(why) => lang.pick(
            format!("数值不一致：{why}"),
            format!("數值不一致：{why}"),
            String::new(),
        ),
    }
}
