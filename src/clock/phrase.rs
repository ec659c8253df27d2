//! The spoken calls of the referee (Art. 12.2 and the arbiter's calls), as data.
//!
//! A [`Phrase`] is what the clock asks to be said; its [`Phrase::key`] is the name used in
//! voice-pack manifests (`assets/voices/<lang>/manifest.ron`) and in `tianyuan clock simulate`.
//! The words come from `shared/voices.md`: two minutes is 两分钟 (liang3), never 二分钟.

/// One call the app can speak.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Phrase {
    /// 开始读秒: the free time is used up, byo-yomi begins.
    ByoyomiStart,
    /// 三十秒: 30 seconds of the running minute (or period) are gone.
    S30,
    /// 四十秒.
    S40,
    /// 五十秒.
    S50,
    /// 五十五秒.
    S55,
    /// 五十八秒.
    S58,
    /// 一分钟: a full minute of byo-yomi has been used.
    OneMinute,
    /// 还剩N分钟 (N = 1 … 10): reserved minutes (or periods) still left.
    MinutesLeft(u8),
    /// 一 … 九: the second-by-second count of the last minute (N = 1 … 9).
    Count(u8),
    /// 十，超时判负: the last minute is used up; the game is lost on time.
    Count10Timeout,
    /// 警告一次: the arbiter gives a warning.
    Warning,
    /// 第二次警告，判负: the second warning loses the game (Art. 25.2).
    SecondWarningLoss,
    /// 着手无效，弃权一次: the move is void and counts as a pass (Art. 19, 20.1).
    MoveVoidPass,
    /// 暂停: the clocks are stopped.
    Pause,
    /// 继续比赛: play resumes.
    Resume,
}

impl Phrase {
    /// Every phrase a voice pack must contain, in a stable order.
    pub fn all() -> Vec<Phrase> {
        let mut v = vec![
            Phrase::ByoyomiStart,
            Phrase::S30,
            Phrase::S40,
            Phrase::S50,
            Phrase::S55,
            Phrase::S58,
            Phrase::OneMinute,
        ];
        v.extend((1..=10).map(Phrase::MinutesLeft));
        v.extend((1..=9).map(Phrase::Count));
        v.extend([
            Phrase::Count10Timeout,
            Phrase::Warning,
            Phrase::SecondWarningLoss,
            Phrase::MoveVoidPass,
            Phrase::Pause,
            Phrase::Resume,
        ]);
        v
    }

    /// The manifest and simulator key, e.g. `s30`, `minutes_left_2`, `count_10_timeout`.
    pub fn key(self) -> String {
        match self {
            Phrase::ByoyomiStart => "byoyomi_start".into(),
            Phrase::S30 => "s30".into(),
            Phrase::S40 => "s40".into(),
            Phrase::S50 => "s50".into(),
            Phrase::S55 => "s55".into(),
            Phrase::S58 => "s58".into(),
            Phrase::OneMinute => "one_minute".into(),
            Phrase::MinutesLeft(n) => format!("minutes_left_{n}"),
            Phrase::Count(n) => format!("count_{n}"),
            Phrase::Count10Timeout => "count_10_timeout".into(),
            Phrase::Warning => "warning".into(),
            Phrase::SecondWarningLoss => "second_warning_loss".into(),
            Phrase::MoveVoidPass => "move_void_pass".into(),
            Phrase::Pause => "pause".into(),
            Phrase::Resume => "resume".into(),
        }
    }

    /// The phrase for a manifest key; `None` for an unknown key or a number out of range.
    pub fn from_key(key: &str) -> Option<Phrase> {
        Phrase::all().into_iter().find(|p| p.key() == key)
    }

    /// The words in Simplified Chinese (the default voice).
    pub fn text_zh_hans(self) -> String {
        match self {
            Phrase::ByoyomiStart => "开始读秒".into(),
            Phrase::S30 => "三十秒".into(),
            Phrase::S40 => "四十秒".into(),
            Phrase::S50 => "五十秒".into(),
            Phrase::S55 => "五十五秒".into(),
            Phrase::S58 => "五十八秒".into(),
            Phrase::OneMinute => "一分钟".into(),
            Phrase::MinutesLeft(n) => format!("还剩{}分钟", minutes_word_hans(n)),
            Phrase::Count(n) => digit_hans(n).into(),
            Phrase::Count10Timeout => "十，超时判负".into(),
            Phrase::Warning => "警告一次".into(),
            Phrase::SecondWarningLoss => "第二次警告，判负".into(),
            Phrase::MoveVoidPass => "着手无效，弃权一次".into(),
            Phrase::Pause => "暂停".into(),
            Phrase::Resume => "继续比赛".into(),
        }
    }

    /// The words in Traditional Chinese.
    pub fn text_zh_hant(self) -> String {
        match self {
            Phrase::ByoyomiStart => "開始讀秒".into(),
            Phrase::OneMinute => "一分鐘".into(),
            Phrase::MinutesLeft(n) => {
                let w = if n == 2 { "兩" } else { minutes_word_hans(n) };
                format!("還剩{w}分鐘")
            }
            Phrase::Count10Timeout => "十，超時判負".into(),
            Phrase::SecondWarningLoss => "第二次警告，判負".into(),
            Phrase::MoveVoidPass => "著手無效，棄權一次".into(),
            Phrase::Pause => "暫停".into(),
            Phrase::Resume => "繼續比賽".into(),
            other => other.text_zh_hans(),
        }
    }

    /// The words of the English voice pack.
    pub fn text_en(self) -> String {
        match self {
            Phrase::ByoyomiStart => "byo-yomi".into(),
            Phrase::S30 => "thirty seconds".into(),
            Phrase::S40 => "forty".into(),
            Phrase::S50 => "fifty".into(),
            Phrase::S55 => "fifty-five".into(),
            Phrase::S58 => "fifty-eight".into(),
            Phrase::OneMinute => "one minute".into(),
            Phrase::MinutesLeft(1) => "one minute left".into(),
            Phrase::MinutesLeft(n) => format!("{} minutes left", number_en(n)),
            Phrase::Count(n) => number_en(n).into(),
            Phrase::Count10Timeout => "ten — time is up, the game is lost".into(),
            Phrase::Warning => "warning".into(),
            Phrase::SecondWarningLoss => "second warning, the game is lost".into(),
            Phrase::MoveVoidPass => "the move is void and counts as a pass".into(),
            Phrase::Pause => "the clocks are stopped".into(),
            Phrase::Resume => "play resumes".into(),
        }
    }

    /// Pinyin with tone numbers as spoken (tone sandhi applied), for espeak-ng's
    /// `cmn-latn-pinyin` voice, which reads it correctly where the plain `cmn` voice misreads.
    pub fn pinyin(self) -> String {
        match self {
            Phrase::ByoyomiStart => "kai1 shi3 du2 miao3".into(),
            Phrase::S30 => "san1 shi2 miao3".into(),
            Phrase::S40 => "si4 shi2 miao3".into(),
            Phrase::S50 => "wu3 shi2 miao3".into(),
            Phrase::S55 => "wu3 shi2 wu3 miao3".into(),
            Phrase::S58 => "wu3 shi2 ba1 miao3".into(),
            Phrase::OneMinute => "yi4 fen1 zhong1".into(),
            Phrase::MinutesLeft(n) => {
                let num = match n {
                    1 => "yi4",
                    2 => "liang3",
                    other => digit_pinyin(other),
                };
                format!("hai2 sheng4 {num} fen1 zhong1")
            }
            Phrase::Count(n) => digit_pinyin(n).into(),
            Phrase::Count10Timeout => "shi2, chao1 shi2 pan4 fu4".into(),
            Phrase::Warning => "jing3 gao4 yi2 ci4".into(),
            Phrase::SecondWarningLoss => "di4 er4 ci4 jing3 gao4, pan4 fu4".into(),
            Phrase::MoveVoidPass => "zhuo2 shou3 wu2 xiao4, qi4 quan2 yi2 ci4".into(),
            Phrase::Pause => "zan4 ting2".into(),
            Phrase::Resume => "ji4 xu4 bi3 sai4".into(),
        }
    }
}

impl std::fmt::Display for Phrase {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.key())
    }
}

fn minutes_word_hans(n: u8) -> &'static str {
    if n == 2 { "两" } else { digit_hans(n) }
}

fn digit_hans(n: u8) -> &'static str {
    match n {
        1 => "一",
        2 => "二",
        3 => "三",
        4 => "四",
        5 => "五",
        6 => "六",
        7 => "七",
        8 => "八",
        9 => "九",
        10 => "十",
        _ => "?",
    }
}

fn digit_pinyin(n: u8) -> &'static str {
    match n {
        1 => "yi1",
        2 => "er4",
        3 => "san1",
        4 => "si4",
        5 => "wu3",
        6 => "liu4",
        7 => "qi1",
        8 => "ba1",
        9 => "jiu3",
        10 => "shi2",
        _ => "?",
    }
}

fn number_en(n: u8) -> &'static str {
    match n {
        1 => "one",
        2 => "two",
        3 => "three",
        4 => "four",
        5 => "five",
        6 => "six",
        7 => "seven",
        8 => "eight",
        9 => "nine",
        10 => "ten",
        _ => "?",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_round_trips() {
        for p in Phrase::all() {
            assert_eq!(Phrase::from_key(&p.key()), Some(p));
        }
        assert_eq!(Phrase::all().len(), 7 + 10 + 9 + 6);
    }

    #[test]
    fn two_minutes_is_liang() {
        assert_eq!(Phrase::MinutesLeft(2).text_zh_hans(), "还剩两分钟");
        assert_eq!(Phrase::MinutesLeft(2).text_zh_hant(), "還剩兩分鐘");
        assert_eq!(Phrase::Count(2).text_zh_hans(), "二");
        assert!(Phrase::MinutesLeft(2).pinyin().contains("liang3"));
    }
}
