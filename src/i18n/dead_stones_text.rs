//! The dead-stone suggestion in words: each chain's status and the reason, in the three
//! languages, for the counting phase and `tianyuan dead-stones`.

use super::Lang;
use crate::analysis::{ChainReport, Reason, Shares, Status};

/// The status as a word: 死 / 活 / 双活 / 未定.
pub fn status_text(status: Status, lang: Lang) -> &'static str {
    match status {
        Status::Alive => lang.pick("活棋", "活棋", "alive"),
        Status::Dead => lang.pick("死子", "死子", "dead"),
        Status::Seki => lang.pick("双活", "雙活", "seki"),
        Status::Uncertain => lang.pick("未定", "未定", "uncertain"),
    }
}

/// Why the chain got its status, in one sentence; `vertex` spells a point (GTP on the board's
/// size, e.g. "D4").
pub fn reason_text(
    report: &ChainReport,
    lang: Lang,
    vertex: impl Fn(crate::rules::Coord) -> String,
) -> String {
    match &report.reason {
        Reason::PassAlive => lang
            .pick(
                "无条件活（Benson 算法）：即使本方一直停着，对方也提不掉",
                "無條件活（Benson 演算法）：即使本方一直停著，對方也提不掉",
                "pass-alive (Benson's algorithm): cannot be captured even if its owner passes every turn",
            )
            .to_owned(),
        Reason::Playouts(shares) => playouts_text(report.status, shares, lang),
        Reason::Reading { sacrifice, shares } => {
            let at = vertex(*sacrifice);
            let head = match lang {
                Lang::ZhHans => format!("死子（读棋）：对方在 {at} 弃子，提子后只剩死形"),
                Lang::ZhHant => format!("死子（讀棋）：對方在 {at} 棄子，提子後只剩死形"),
                Lang::En => format!(
                    "dead by reading: the opponent sacrifices stones from {at}, and capturing them leaves a dead shape"
                ),
            };
            format!("{head}; {}", shares_text(shares, lang))
        }
        Reason::Unsettled { points, shares } => {
            let list: Vec<String> = points.iter().map(|&c| vertex(c)).collect();
            let list = list.join(" ");
            let head = match lang {
                Lang::ZhHans => format!("未定：{list} 一带谁先下谁有利，由双方确认（计数时按活棋）"),
                Lang::ZhHant => format!("未定：{list} 一帶誰先下誰有利，由雙方確認（計數時按活棋）"),
                Lang::En => format!(
                    "uncertain: whoever plays first around {list} wins there, so the players decide (counted as alive meanwhile)"
                ),
            };
            format!("{head}; {}", shares_text(shares, lang))
        }
        Reason::Seki { points, shares } => {
            let list: Vec<String> = points.iter().map(|&c| vertex(c)).collect();
            let list = list.join(" ");
            let head = match lang {
                Lang::ZhHans => format!("双活：与对方共用的气 {list} 双方都不能填（填了就被打吃）"),
                Lang::ZhHant => format!("雙活：與對方共用的氣 {list} 雙方都不能填（填了就被打吃）"),
                Lang::En => format!(
                    "seki: it shares {list} with the opponent, and whoever fills it is put in atari"
                ),
            };
            format!("{head}; {}", shares_text(shares, lang))
        }
    }
}

fn playouts_text(status: Status, shares: &Shares, lang: Lang) -> String {
    let head = match status {
        Status::Dead => lang.pick(
            "黑先、白先的随机对弈都吃掉了它",
            "黑先、白先的隨機對弈都吃掉了它",
            "captured in playouts with either side to move first",
        ),
        Status::Alive | Status::Seki => lang.pick(
            "黑先、白先的随机对弈它都活着",
            "黑先、白先的隨機對弈它都活著",
            "survives in playouts with either side to move first",
        ),
        Status::Uncertain => lang.pick(
            "随机对弈没有一致结论，由双方确认（计数时按活棋）",
            "隨機對弈沒有一致結論，由雙方確認（計數時按活棋）",
            "the playouts do not agree, so the players decide (counted as alive meanwhile)",
        ),
    };
    format!("{head}: {}", shares_text(shares, lang))
}

fn percent(x: f64) -> u32 {
    (x * 100.0).round().clamp(0.0, 100.0) as u32
}

fn shares_text(s: &Shares, lang: Lang) -> String {
    let (ob, pb, ow, pw) = (
        percent(s.own_black_first),
        percent(s.opponent_black_first),
        percent(s.own_white_first),
        percent(s.opponent_white_first),
    );
    match lang {
        Lang::ZhHans => format!("黑先 {ob}% 归本方、{pb}% 归对方；白先 {ow}% 归本方、{pw}% 归对方"),
        Lang::ZhHant => format!("黑先 {ob}% 歸本方、{pb}% 歸對方；白先 {ow}% 歸本方、{pw}% 歸對方"),
        Lang::En => format!(
            "Black first {ob}% its own, {pb}% the opponent's; White first {ow}% its own, {pw}% the opponent's"
        ),
    }
}
