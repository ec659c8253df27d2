//! What the window tells the user, kept typed until it is drawn: a language switch translates
//! every message on screen, and no English reaches a Chinese screen.

use std::path::PathBuf;

use crate::files::journal::JournalProblem;
use crate::i18n::Lang;
use crate::rules::{Coord, IllegalMove};
use crate::session::SessionError;

/// Something to tell the user after a command, shown in their language.
#[derive(Clone, Debug, PartialEq)]
pub enum Notice {
    /// A move at this point was refused (off the board, occupied).
    Illegal(Coord, IllegalMove),
    /// A move at this point was refused in the arbiter's terms (a forbidden point, a ko
    /// recapture, a repetition): the arbiter tab offers the ruling.
    Refusal(Coord, crate::session::Refusal),
    /// Another refusal of the session.
    Refused(SessionError),
    /// The journal refused or could not write.
    Journal(JournalProblem),
    /// The write failed: nothing was applied ("NOT SAVED").
    NotSaved(JournalProblem),
    /// An entry was saved (synced to disk).
    Saved(u32),
    /// The game now goes on in this file.
    Moved(PathBuf),
    /// A file was exported.
    Exported(PathBuf),
    /// A file job failed: the path and the system's words.
    FileFailed(PathBuf, String),
    /// A write that must not replace a file found one there.
    FileExists(PathBuf),
    /// The session could not be opened to resume: the file and why.
    CannotResume(PathBuf, JournalProblem),
    /// The time away must be decided first.
    DecideGapFirst,
    /// The arbiter's PIN was wrong.
    WrongPin,
    /// The finished game's result went into round N of the open tournament.
    Posted(u32),
    /// Nothing is saved yet to export.
    NothingToExport,
    /// The sealed point typed is not a point.
    BadSealPoint,
    /// The arbiter's lock closed.
    Locked,
    /// A record could not be opened (already in words: file and line).
    OpenFailed(String),
    /// The hall link at this table (issue 18 item 6).
    Hall(super::hall::HallNotice),
}

impl Notice {
    /// The notice in `lang` on a board of `size`.
    pub fn text(&self, lang: Lang, size: u8) -> String {
        match self {
            Notice::Illegal(c, why) => {
                let at = c.to_gtp(size);
                match lang {
                    Lang::ZhHans => format!("{at}：{}", why.zh_hans()),
                    Lang::ZhHant => format!("{at}：{}", why.zh_hant()),
                    Lang::En => format!("{at}: {why}"),
                }
            }
            Notice::Refusal(c, why) => {
                let at = c.to_gtp(size);
                match lang {
                    Lang::En => format!("{at}: {}", why.text(lang)),
                    _ => format!("{at}：{}", why.text(lang)),
                }
            }
            Notice::Refused(e) => e.text(lang),
            Notice::Journal(p) => p.text(lang),
            Notice::NotSaved(p) => format!(
                "{}: {}",
                lang.pick("未保存", "未儲存", "NOT SAVED"),
                p.text(lang)
            ),
            Notice::Saved(n) => lang.pick(
                format!("已保存（第{n}条）"),
                format!("已儲存（第{n}條）"),
                format!("Saved (entry {n})"),
            ),
            Notice::Moved(path) => format!(
                "{} {}",
                lang.pick(
                    "对局继续保存于",
                    "對局繼續儲存於",
                    "The game is now saved in"
                ),
                path.display()
            ),
            Notice::Exported(p) => format!(
                "{} {}",
                lang.pick("已导出", "已匯出", "Exported"),
                p.display()
            ),
            Notice::FileFailed(p, why) => format!(
                "{} {}: {why}",
                lang.pick("无法写入", "無法寫入", "Could not write"),
                p.display()
            ),
            Notice::FileExists(p) => {
                format!("{}: {}", p.display(), crate::i18n::file_already_there(lang))
            }
            Notice::CannotResume(p, why) => format!(
                "{} {}: {}",
                lang.pick("无法继续", "無法繼續", "Cannot resume"),
                p.display(),
                why.text(lang)
            ),
            Notice::DecideGapFirst => lang
                .pick(
                    "请先决定中断时间是否计入（钟已停）",
                    "請先決定中斷時間是否計入（鐘已停）",
                    "Decide first whether the time away is charged (the clocks are stopped)",
                )
                .to_owned(),
            Notice::WrongPin => lang
                .pick("裁判密码不对", "裁判密碼不對", "The arbiter PIN is wrong")
                .to_owned(),
            Notice::Posted(round) => lang.pick(
                format!("结果已登入第{round}轮"),
                format!("結果已登入第{round}輪"),
                format!("The result is posted into round {round}"),
            ),
            Notice::NothingToExport => lang
                .pick(
                    "对局尚未开始保存：第一手之后即可导出",
                    "對局尚未開始儲存：第一手之後即可匯出",
                    "Nothing is saved yet: export after the first entry",
                )
                .to_owned(),
            Notice::BadSealPoint => lang
                .pick(
                    "封棋的着点无效（应为如 D4 的坐标，或 pass）",
                    "封棋的著點無效（應為如 D4 的座標，或 pass）",
                    "The sealed point is not valid (a point such as D4, or pass)",
                )
                .to_owned(),
            Notice::Locked => lang
                .pick(
                    "裁判锁已关闭",
                    "裁判鎖已關閉",
                    "The arbiter's lock is closed",
                )
                .to_owned(),
            Notice::OpenFailed(text) => text.clone(),
            Notice::Hall(h) => h.text(lang),
        }
    }

    /// Whether the notice reports a fault (drawn in the warning colour).
    pub fn is_fault(&self) -> bool {
        match self {
            Notice::Hall(h) => h.is_fault(),
            _ => !matches!(
                self,
                Notice::Saved(_) | Notice::Moved(_) | Notice::Exported(_) | Notice::Posted(_)
            ),
        }
    }
}

/// Why the clock is silent, typed until drawn: the sentence is the user's language, only the
/// system's own words about the device stay as the system gave them.
#[derive(Clone, Debug, PartialEq)]
pub enum NoVoice {
    /// No sound device could be opened (the system's reason).
    NoDevice(String),
    /// The voice pack or the audio thread failed (the system's reason).
    Failed(String),
}

impl NoVoice {
    /// The typed reason for an audio error.
    pub fn of(error: &crate::audio::AudioError) -> NoVoice {
        match error {
            crate::audio::AudioError::NoDevice(why) => NoVoice::NoDevice(why.clone()),
            other => NoVoice::Failed(other.to_string()),
        }
    }

    /// The message shown for good beside the clocks, in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        match self {
            // The system's own words are English: a Chinese screen says it in Chinese only.
            NoVoice::NoDevice(why) => lang.pick(
                "无声音，不报时：找不到声音设备。棋钟照常计时，但不报读秒。".to_owned(),
                "無聲音，不報時：找不到聲音裝置。棋鐘照常計時，但不報讀秒。".to_owned(),
                format!(
                    "No voice: the clock will not speak. No sound device ({why}): the clock runs normally but the calls are not spoken."
                ),
            ),
            NoVoice::Failed(why) => lang.pick(
                "无声音，不报时：语音无法启动。棋钟照常计时，但不报读秒。".to_owned(),
                "無聲音，不報時：語音無法啟動。棋鐘照常計時，但不報讀秒。".to_owned(),
                format!(
                    "No voice: the clock will not speak. The voice could not start ({why}): the clock runs normally but the calls are not spoken."
                ),
            ),
        }
    }
}
