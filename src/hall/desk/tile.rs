//! A table as the chief arbiter's desk shows it: a tile with the players, the move number,
//! both clocks, warnings, the last ruling, the result, and why the table needs the chief
//! arbiter (a referral, a second warning, a time-out, a dispute, a board gone quiet, a copy
//! that does not agree with the board). The window, the headless log and the hall's web page
//! all draw from this; none of it knows egui.

use serde::Serialize;

use crate::clock::Timestamp;
use crate::rules::Color;
use crate::session::{Event, OutcomeKind, Phase, RulingKind, Session, side_of};

use super::copy::SessionCopy;

/// A board unheard of for longer than this (ms) is offline.
pub const OFFLINE_AFTER_MS: u64 = 60_000;

/// Why a table needs the chief arbiter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    /// A case referred to the chief arbiter (Art. 25.1).
    Referral,
    /// A player's second warning (Art. 25.2: the game is lost).
    SecondWarning,
    /// A flag fell (Art. 23.5).
    TimeOut,
    /// Life and death disputed at the count (Art. 21.3).
    Dispute,
    /// The board has not been heard from for over a minute during the game.
    Offline,
    /// The desk's copy does not agree with the board, or the session was refused.
    Problem,
    /// A finished game's result was not posted: it does not match the pairing of the table's
    /// board (or the round is not paired).
    ResultNotPosted,
    /// The desk's result differs from the tournament file's (entered or corrected by hand).
    ResultDiffers,
    /// Two sessions finished the same game of the round.
    TwoSessions,
    /// The table sends far more than a board writes (a flood), or over its limits (dropped,
    /// counted).
    Flooding,
    /// A session from the table was refused (set up for another table, forged, damaged): the
    /// evidence stays until the chief arbiter has seen it.
    Refused,
    /// The board says an entry cannot reach the desk (too long for the hall, or refused by the
    /// server): it stays on the board.
    Undeliverable,
    /// A posted result changed at the board (a revocation, a ruling): the round's file keeps
    /// the posted one until the chief arbiter decides (`post TABLE` or `keep TABLE`).
    ResultChanged,
}

impl Reason {
    /// The reason in the interface language.
    pub fn text(self, lang: crate::i18n::Lang) -> &'static str {
        match self {
            Reason::Referral => lang.pick("提请裁判长", "提請裁判長", "referred"),
            Reason::SecondWarning => lang.pick("第二次警告", "第二次警告", "second warning"),
            Reason::TimeOut => lang.pick("超时", "超時", "time-out"),
            Reason::Dispute => lang.pick("死活争议", "死活爭議", "dispute"),
            Reason::Offline => lang.pick("棋盘离线", "棋盤離線", "board offline"),
            Reason::Problem => lang.pick("记录不一致", "記錄不一致", "records disagree"),
            Reason::ResultNotPosted => lang.pick("结果未登记", "結果未登記", "result not posted"),
            Reason::ResultDiffers => lang.pick(
                "台上结果与成绩文件不同",
                "台上結果與成績檔案不同",
                "desk result differs from the file",
            ),
            Reason::TwoSessions => {
                lang.pick("一局两份记录", "一局兩份記錄", "two sessions for one game")
            }
            Reason::Flooding => lang.pick("消息过多", "訊息過多", "flooding"),
            Reason::Refused => lang.pick("拒收的记录", "拒收的記錄", "session refused"),
            Reason::Undeliverable => lang.pick(
                "记录无法送达裁判长台",
                "記錄無法送達裁判長台",
                "entry cannot reach the desk",
            ),
            Reason::ResultChanged => lang.pick(
                "登记后结果有变，待裁判长决定",
                "登記後結果有變，待裁判長決定",
                "result changed after posting",
            ),
        }
    }
}

/// Whether the desk hears a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum BoardSeen {
    /// Heard within the last minute.
    Online,
    /// Not heard for over a minute while the desk was connected.
    Offline,
    /// The desk itself is cut off (or just came back): it cannot tell.
    Unknown,
    /// The game is finished, the desk holds every entry, and the board has gone: nothing is
    /// owed, nothing is wrong.
    Done,
}

impl BoardSeen {
    /// The state in the interface language.
    pub fn text(self, lang: crate::i18n::Lang) -> &'static str {
        match self {
            BoardSeen::Online => lang.pick("在线", "在線", "online"),
            BoardSeen::Offline => lang.pick("棋盘离线", "棋盤離線", "board offline"),
            BoardSeen::Unknown => lang.pick("未知", "未知", "unknown"),
            BoardSeen::Done => lang.pick("已终局", "已終局", "game over"),
        }
    }
}

/// One side's clock on a tile.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ClockFace {
    /// Free time left (ms).
    pub main_ms: i64,
    /// Reserved minutes or periods left.
    pub periods: u32,
    /// The side is in its reserved minutes (读秒): the seconds are counted.
    pub byoyomi: bool,
    /// Time left in the running reserved minute or period (ms).
    pub period_ms: i64,
    /// This clock runs.
    pub running: bool,
    /// Its flag fell.
    pub flagged: bool,
}

/// A table's tile.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Tile {
    /// The table.
    pub table: u32,
    /// The session shown (the board's current one).
    pub session: String,
    /// The round, as the setup names it.
    pub round: String,
    /// Black's name (and rank).
    pub black: String,
    /// White's name (and rank).
    pub white: String,
    /// Turns played.
    pub moves: u32,
    /// Entries the desk holds.
    pub entries: u32,
    /// `playing`, `counting`, `adjourned`, `finished`.
    pub phase: &'static str,
    /// Black's and White's clocks, if the game has a clock.
    pub clocks: Option<[ClockFace; 2]>,
    /// Warnings in force, Black's and White's.
    pub warnings: [u32; 2],
    /// The last ruling in the board's journal, as text.
    pub last_ruling: Option<String>,
    /// The result code once finished.
    pub result: Option<String>,
    /// What needs the chief arbiter, in order of the enum.
    pub attention: Vec<Reason>,
    /// Whether the board was heard from within the last minute (and the desk is connected).
    pub online: bool,
    /// The board as the desk hears it.
    pub link: BoardSeen,
    /// The board's backlog: entries it wrote that the desk has not confirmed (its last word).
    pub board_waiting: u32,
    /// Rulings sent and not yet entered in the board's journal.
    pub rulings_pending: usize,
    /// What is wrong with the copy, if anything.
    pub problem: Option<String>,
    /// The desk's own items for the table (results not posted, a flood …), as text.
    pub notes: Vec<String>,
}

fn player(p: &crate::session::Player) -> String {
    if p.rank.is_empty() {
        p.name.clone()
    } else {
        format!("{} {}", p.name, p.rank)
    }
}

fn ruling_text(r: &crate::session::Ruling) -> String {
    let side = r
        .side
        .map(|c| format!(" {}", c.letter()))
        .unwrap_or_default();
    let note = r
        .note
        .as_ref()
        .map(|n| format!(" “{n}”"))
        .unwrap_or_default();
    let revoked = if r.revoked { " (revoked)" } else { "" };
    format!("{}{side} Art. {}{note}{revoked}", r.kind.name(), r.article)
}

fn phase_name(phase: &Phase) -> &'static str {
    match phase {
        Phase::PlacingHandicap { .. } | Phase::Playing => "playing",
        Phase::Counting => "counting",
        Phase::Adjourned => "adjourned",
        Phase::Finished(_) => "finished",
    }
}

/// The entries that raise attention, with the entry that raised each.
fn raised(session: &Session, time_out_at: Option<u32>, flag_now: bool) -> Vec<(Reason, u32)> {
    let mut out = Vec::new();
    for e in session.log() {
        if !session.in_force(e.n) {
            continue;
        }
        match e.event {
            Event::Refer => out.push((Reason::Referral, e.n)),
            Event::Dispute => out.push((Reason::Dispute, e.n)),
            _ => {}
        }
    }
    let mut warns = [0u32; 2];
    for r in session.rulings() {
        if r.kind == RulingKind::Warn
            && !r.revoked
            && let Some(c) = r.side
        {
            warns[c.index()] += 1;
            if warns[c.index()] == 2 {
                out.push((Reason::SecondWarning, r.n));
            }
        }
    }
    if (flag_now || session.outcome().map(|o| o.kind()) == Some(OutcomeKind::Time))
        && let Some(n) = time_out_at
    {
        out.push((Reason::TimeOut, n));
    }
    out
}

/// The session's instant at the desk's `now`: the clock runs on from the last entry while it
/// was running then.
fn instant_now(copy: &SessionCopy, session: &Session, now: Timestamp) -> Timestamp {
    let last = session.last_at();
    let running = session.clock().is_some_and(|k| {
        let v = k.view(last);
        v.to_move.is_some() && !v.paused && !v.over
    }) && !matches!(session.phase(), Phase::Finished(_) | Phase::Counting);
    if running {
        Timestamp(last.0 + now.0.saturating_sub(copy.held_at.0))
    } else {
        last
    }
}

/// Whether a flag has fallen on the desk's own clock at `now` while the game is not over
/// (a time-out has no entry of its own: the board folds it only with its next entry).
pub fn flag_fallen(copy: &SessionCopy, now: Timestamp) -> bool {
    let Some(session) = copy.session() else {
        return false;
    };
    if matches!(session.phase(), Phase::Finished(_)) {
        return false;
    }
    let at = instant_now(copy, session, now);
    session.clock().is_some_and(|k| {
        let v = k.view(at);
        v.black.flagged || v.white.flagged
    })
}

/// What the desk adds to a table's tile besides its copy: how it hears the board, the
/// board's backlog and the desk's own items.
#[derive(Clone, Debug)]
pub struct TileContext<'a> {
    /// How the desk hears the board.
    pub seen: BoardSeen,
    /// The board's backlog (its last word).
    pub board_waiting: u32,
    /// The desk's items for the table not yet seen by the chief arbiter.
    pub items: &'a [(Reason, String)],
}

/// The tile of `copy` at the desk's `now`.
pub fn tile(table: u32, copy: &SessionCopy, cx: &TileContext<'_>, now: Timestamp) -> Tile {
    let online = cx.seen == BoardSeen::Online;
    let board_waiting = cx.board_waiting;
    let mut tile = Tile {
        table,
        session: copy.id().to_owned(),
        round: String::new(),
        black: String::new(),
        white: String::new(),
        moves: 0,
        entries: copy.held(),
        phase: "playing",
        clocks: None,
        warnings: [0, 0],
        last_ruling: None,
        result: None,
        attention: Vec::new(),
        online,
        link: cx.seen,
        board_waiting,
        rulings_pending: 0,
        problem: None,
        notes: cx.items.iter().map(|(_, t)| t.clone()).collect(),
    };
    if let Some(h) = copy.header() {
        tile.round = h.setup.round.clone();
        tile.black = player(&h.setup.black);
        tile.white = player(&h.setup.white);
    }
    tile.problem = copy
        .refused
        .clone()
        .or_else(|| {
            copy.conflict
                .map(|n| format!("the board's entry {n} differs from the desk's"))
        })
        .or_else(|| {
            copy.fold_error()
                .map(|(n, why)| format!("entry {n} does not apply: {why}"))
        });
    let mut reasons: Vec<Reason> = Vec::new();
    if let Some(session) = copy.session() {
        tile.moves = session.turns();
        // A hall table's result waits for both players' confirmation before it is posted.
        tile.phase = if session.awaiting_signatures() {
            "confirming"
        } else {
            phase_name(session.phase())
        };
        tile.warnings = [
            session.warnings(Color::Black),
            session.warnings(Color::White),
        ];
        tile.last_ruling = session.rulings().last().map(ruling_text);
        tile.result = session.outcome().map(|o| o.code());
        let at = instant_now(copy, session, now);
        tile.clocks = session.clock().map(|k| {
            let v = k.view(at);
            [Color::Black, Color::White].map(|c| {
                let s = v.side(side_of(c));
                ClockFace {
                    main_ms: s.main_left.0,
                    periods: s.periods_left.unwrap_or(0),
                    byoyomi: s.in_byoyomi,
                    period_ms: s.period_left.0,
                    running: s.running,
                    flagged: s.flagged,
                }
            })
        });
        tile.rulings_pending = super::pending_rulings(copy).len();
        let flag_now = flag_fallen(copy, now);
        reasons.extend(
            raised(session, copy.time_out_seen_at, flag_now)
                .into_iter()
                .filter(|&(_, n)| n > copy.seen_upto)
                .map(|(r, _)| r),
        );
        if cx.seen == BoardSeen::Offline && !matches!(session.phase(), Phase::Finished(_)) {
            reasons.push(Reason::Offline);
        }
    }
    if tile.problem.is_some() {
        reasons.push(Reason::Problem);
    }
    reasons.extend(cx.items.iter().map(|(r, _)| *r));
    reasons.sort();
    reasons.dedup();
    tile.attention = reasons;
    tile
}

/// The tile of a table the desk holds no session of, for its items (a flood of messages
/// that are not entries).
pub fn bare(table: u32, cx: &TileContext<'_>) -> Tile {
    let mut attention: Vec<Reason> = cx.items.iter().map(|(r, _)| *r).collect();
    attention.sort();
    attention.dedup();
    Tile {
        table,
        session: String::new(),
        round: String::new(),
        black: String::new(),
        white: String::new(),
        moves: 0,
        entries: 0,
        phase: "playing",
        clocks: None,
        warnings: [0, 0],
        last_ruling: None,
        result: None,
        attention,
        online: cx.seen == BoardSeen::Online,
        link: cx.seen,
        board_waiting: cx.board_waiting,
        rulings_pending: 0,
        problem: None,
        notes: cx.items.iter().map(|(_, t)| t.clone()).collect(),
    }
}

/// Tables that need the chief arbiter first, then by number.
pub fn sort_tiles(tiles: &mut [Tile]) {
    tiles.sort_by_key(|t| (t.attention.is_empty(), t.table));
}
