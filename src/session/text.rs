//! The log in words, in the interface's language: what each entry did, with the article its
//! ruling applied, its note and whether it was revoked. The shorthand (`warn B 24`) stays the
//! script and journal form; this is what the window's log and the report show a person.

use crate::i18n::{Lang, span_text};
use crate::rules::{Color, Move};

use super::Session;
use super::catalogue::RulingKind;
use super::event::{Change, Entry, Event};
use super::shorthand::format_time;

fn side(c: Color, lang: Lang) -> &'static str {
    match c {
        Color::Black => lang.pick("黑方", "黑方", "Black"),
        Color::White => lang.pick("白方", "白方", "White"),
    }
}

fn stone(c: Color, lang: Lang) -> &'static str {
    match c {
        Color::Black => lang.pick("黑", "黑", "Black"),
        Color::White => lang.pick("白", "白", "White"),
    }
}

/// "label：detail" in Chinese, "label — detail" in English.
fn ruling(kind: RulingKind, detail: &str, lang: Lang) -> String {
    let label = kind.label(lang);
    if detail.is_empty() {
        return label.to_owned();
    }
    lang.pick(
        format!("{label}：{detail}"),
        format!("{label}：{detail}"),
        format!("{label} — {detail}"),
    )
}

/// An entry's action in words (without its article, note or number), e.g. "黑方 D4",
/// "Warning — White", "中断时间的处理：计入".
pub fn event_text(event: &Event, size: u8, lang: Lang) -> String {
    let pick = |hans: &str, hant: &str, en: &str| lang.pick(hans, hant, en).to_owned();
    match event {
        Event::Move {
            color,
            mv: Move::Play(p),
        } => format!("{} {}", side(*color, lang), p.to_gtp(size)),
        Event::Move {
            color,
            mv: Move::Pass,
        } => lang.pick(
            format!("{} 停一手", side(*color, lang)),
            format!("{} 停一手", side(*color, lang)),
            format!("{} passes", side(*color, lang)),
        ),
        Event::Confirm(c) => lang.pick(
            format!("{} 确认终局", side(*c, lang)),
            format!("{} 確認終局", side(*c, lang)),
            format!("{} confirms the end", side(*c, lang)),
        ),
        Event::Resign(c) => lang.pick(
            format!("{} 认输", side(*c, lang)),
            format!("{} 認輸", side(*c, lang)),
            format!("{} resigns", side(*c, lang)),
        ),
        Event::Press(c) => lang.pick(
            format!("{} 按钟", side(*c, lang)),
            format!("{} 按鐘", side(*c, lang)),
            format!("{} presses the clock", side(*c, lang)),
        ),
        Event::HandicapStone(p) => lang.pick(
            format!("让子 {}", p.to_gtp(size)),
            format!("讓子 {}", p.to_gtp(size)),
            format!("Handicap stone {}", p.to_gtp(size)),
        ),
        Event::Start => pick("开始信号：开始计时", "開始信號：開始計時", "Start signal"),
        Event::Pause => pick(
            "暂停：双方停钟",
            "暫停：雙方停鐘",
            "Pause: both clocks stop",
        ),
        Event::Resume => pick("继续比赛", "繼續比賽", "Resume"),
        Event::CapturePause(c) => lang.pick(
            format!("{} 读秒中提子，停止计秒", side(*c, lang)),
            format!("{} 讀秒中提子，停止計秒", side(*c, lang)),
            format!(
                "{} removes captures in byo-yomi: the count stops",
                side(*c, lang)
            ),
        ),
        Event::Dead(p) => lang.pick(
            format!("死子标记 {}", p.to_gtp(size)),
            format!("死子標記 {}", p.to_gtp(size)),
            format!("Dead stones marked (or unmarked) at {}", p.to_gtp(size)),
        ),
        Event::Accept(None) => pick(
            "双方同意数子结果",
            "雙方同意數子結果",
            "Both accept the count",
        ),
        Event::Accept(Some(r)) => {
            let result = if r.winner.is_none() {
                lang.pick("和棋", "和棋", "Draw").to_owned()
            } else {
                r.to_sgf()
            };
            lang.pick(
                format!("双方同意结果 {result}"),
                format!("雙方同意結果 {result}"),
                format!("Both accept the count: {result}"),
            )
        }
        Event::Dispute => pick(
            "死活有争议，继续对局",
            "死活有爭議，繼續對局",
            "Life and death disputed: play resumes",
        ),
        Event::Late(list) => {
            let parts: Vec<String> = list
                .iter()
                .map(|(c, d)| {
                    let sep = lang.pick("", "", " ");
                    format!("{}{sep}{}", side(*c, lang), span_text(*d, lang))
                })
                .collect();
            ruling(
                RulingKind::Late,
                &parts.join(lang.pick("、", "、", ", ")),
                lang,
            )
        }
        Event::Warn(c) => ruling(RulingKind::Warn, side(*c, lang), lang),
        Event::Admonish(c) => ruling(RulingKind::Admonish, side(*c, lang), lang),
        Event::Void(c, p) => ruling(
            RulingKind::Void,
            &format!("{} {}", side(*c, lang), p.to_gtp(size)),
            lang,
        ),
        Event::Edit(changes) => {
            let parts: Vec<String> = changes
                .iter()
                .map(|ch| match ch {
                    Change::Put(c, p) => format!("+{} {}", stone(*c, lang), p.to_gtp(size)),
                    Change::Remove(p) => format!("−{}", p.to_gtp(size)),
                })
                .collect();
            ruling(RulingKind::Edit, &parts.join(" "), lang)
        }
        Event::Loss(c) => ruling(RulingKind::Loss, side(*c, lang), lang),
        Event::Forfeit(c) => ruling(RulingKind::Forfeit, side(*c, lang), lang),
        Event::Draw => ruling(RulingKind::Draw, "", lang),
        Event::Replay => ruling(RulingKind::Replay, "", lang),
        Event::BothLose => ruling(RulingKind::BothLose, "", lang),
        Event::Correct {
            side: c,
            delta,
            periods,
        } => {
            let mut parts = vec![side(*c, lang).to_owned()];
            if delta.0 != 0 {
                let sign = if delta.0 < 0 { "−" } else { "+" };
                parts.push(format!(
                    "{sign}{}",
                    span_text(crate::clock::Millis(delta.0.abs()), lang)
                ));
            }
            if *periods != 0 {
                parts.push(lang.pick(
                    format!("读秒次数 {periods:+}"),
                    format!("讀秒次數 {periods:+}"),
                    format!("{periods:+} periods"),
                ));
            }
            ruling(RulingKind::Correct, &parts.join(" "), lang)
        }
        Event::Absence(c) => ruling(RulingKind::Absence, side(*c, lang), lang),
        Event::Rule(c) => ruling(RulingKind::Other, c.map_or("", |c| side(c, lang)), lang),
        Event::Refer => ruling(RulingKind::Refer, "", lang),
        Event::Revoke(n) => ruling(
            RulingKind::Revoke,
            &lang.pick(format!("第{n}条"), format!("第{n}條"), format!("entry {n}")),
            lang,
        ),
        Event::Adjourn => pick(
            "封棋：裁判员宣布暂停对局",
            "封棋：裁判員宣布暫停對局",
            "Adjourned",
        ),
        Event::Seal(s) => lang.pick(
            format!("{} 封棋（着手已加密）", side(s.by, lang)),
            format!("{} 封棋（著手已加密）", side(s.by, lang)),
            format!("{} seals a move (encrypted)", side(s.by, lang)),
        ),
        Event::Unseal(r) => {
            let mv = crate::seal::vertex_text(r.mv, size);
            lang.pick(
                format!("开封：{mv}"),
                format!("開封：{mv}"),
                format!("Sealed move opened: {mv}"),
            )
        }
        Event::Gap { charged } => ruling(
            RulingKind::Gap,
            if *charged {
                lang.pick(
                    "计入轮到的一方",
                    "計入輪到的一方",
                    "charged to the side to move",
                )
            } else {
                lang.pick("不计入", "不計入", "not charged")
            },
            lang,
        ),
    }
}

/// An entry of `session` in words: its action, the article its ruling applied (as given, or
/// the usual one), its note, and whether a revocation took it back.
pub fn entry_text(session: &Session, entry: &Entry, lang: Lang) -> String {
    let size = session.setup().size;
    let mut text = event_text(&entry.event, size, lang);
    if let Some(r) = session.rulings().iter().find(|r| r.n == entry.n) {
        if matches!(entry.event, Event::Unseal(_)) {
            // The sealed move could not be played (Art. 22).
            text.push_str(&lang.pick(
                format!("；{}", r.kind.label(lang)),
                format!("；{}", r.kind.label(lang)),
                format!(" — {}", r.kind.label(lang)),
            ));
        }
        let art = &r.article;
        text.push_str(&lang.pick(
            format!(" · 第{art}条"),
            format!(" · 第{art}條"),
            format!(" · Art. {art}"),
        ));
    }
    if let Some(note) = &entry.note {
        text.push_str(&format!(" “{note}”"));
    }
    if !session.in_force(entry.n) {
        text.push_str(lang.pick("（已撤销）", "（已撤銷）", " (revoked)"));
    }
    text
}

/// One line of the log: number, time on the session's time line, and [`entry_text`].
pub fn log_line(session: &Session, entry: &Entry, lang: Lang) -> String {
    format!(
        "#{} {}  {}",
        entry.n,
        format_time(entry.at),
        entry_text(session, entry, lang)
    )
}
