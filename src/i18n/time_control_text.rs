//! A time control in words, in the interface language ("用时1小时，含读秒5次（每次1分钟）").

use super::Lang;
use crate::clock::{Millis, TimeControl};

/// A span in words: "1小时30分钟", "30秒" / "1 h 30 min", "30 s".
pub fn span_text(span: Millis, lang: Lang) -> String {
    let total = span.0.max(0) / 1000;
    let (h, m, s) = (total / 3600, total / 60 % 60, total % 60);
    let (hu, mu, su, sep) = lang.pick(
        ("小时", "分钟", "秒", ""),
        ("小時", "分鐘", "秒", ""),
        (" h", " min", " s", " "),
    );
    let mut parts = Vec::new();
    if h > 0 {
        parts.push(format!("{h}{hu}"));
    }
    if m > 0 {
        parts.push(format!("{m}{mu}"));
    }
    if s > 0 || parts.is_empty() {
        parts.push(format!("{s}{su}"));
    }
    parts.join(sep)
}

/// The time control in words, as a referee announces it.
pub fn time_control_text(control: &TimeControl, lang: Lang) -> String {
    let t = |m: &Millis| span_text(*m, lang);
    match control {
        TimeControl::Chinese {
            limit,
            reserve,
            period,
        } => lang.pick(
            format!("用时{}，含读秒{reserve}次（每次{}）", t(limit), t(period)),
            format!("用時{}，含讀秒{reserve}次（每次{}）", t(limit), t(period)),
            format!(
                "{} in all, {reserve} × {} of it reserved (读秒)",
                t(limit),
                t(period)
            ),
        ),
        TimeControl::Japanese {
            main,
            periods,
            period,
        } => lang.pick(
            format!("基本用时{}，读秒{periods}次×{}", t(main), t(period)),
            format!("基本用時{}，讀秒{periods}次×{}", t(main), t(period)),
            format!("{} + {periods} × {} byo-yomi", t(main), t(period)),
        ),
        TimeControl::Canadian {
            main,
            stones,
            block,
        } => lang.pick(
            format!("基本用时{}，之后每{}下{stones}手", t(main), t(block)),
            format!("基本用時{}，之後每{}下{stones}手", t(main), t(block)),
            format!("{}, then {stones} moves per {}", t(main), t(block)),
        ),
        TimeControl::Fischer { main, increment } => lang.pick(
            format!("基本用时{}，每手加{}", t(main), t(increment)),
            format!("基本用時{}，每手加{}", t(main), t(increment)),
            format!("{} + {} per move", t(main), t(increment)),
        ),
        TimeControl::SuddenDeath { main } => lang.pick(
            format!("包干{}", t(main)),
            format!("包乾{}", t(main)),
            format!("{} sudden death", t(main)),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans_in_words() {
        assert_eq!(
            span_text(Millis::from_secs(5400), Lang::ZhHans),
            "1小时30分钟"
        );
        assert_eq!(span_text(Millis::from_secs(30), Lang::En), "30 s");
        assert_eq!(span_text(Millis(0), Lang::ZhHant), "0秒");
        assert_eq!(
            span_text(Millis::from_secs(3661), Lang::En),
            "1 h 1 min 1 s"
        );
    }

    #[test]
    fn the_chinese_rules_control_in_three_languages() {
        let c: TimeControl = match "chinese:limit=60m,reserve=5".parse() {
            Ok(c) => c,
            Err(e) => panic!("{e}"),
        };
        assert_eq!(
            time_control_text(&c, Lang::ZhHans),
            "用时1小时，含读秒5次（每次1分钟）"
        );
        assert_eq!(
            time_control_text(&c, Lang::ZhHant),
            "用時1小時，含讀秒5次（每次1分鐘）"
        );
        assert_eq!(
            time_control_text(&c, Lang::En),
            "1 h in all, 5 × 1 min of it reserved (读秒)"
        );
    }

    #[test]
    fn other_systems() {
        let text = |spec: &str| match spec.parse::<TimeControl>() {
            Ok(c) => time_control_text(&c, Lang::En),
            Err(e) => panic!("{spec}: {e}"),
        };
        assert_eq!(
            text("japanese:main=30m,periods=3x30s"),
            "30 min + 3 × 30 s byo-yomi"
        );
        assert_eq!(
            text("canadian:main=30m,stones=25/10m"),
            "30 min, then 25 moves per 10 min"
        );
        assert_eq!(text("fischer:main=10m,inc=10s"), "10 min + 10 s per move");
        assert_eq!(text("sudden:main=1h30m"), "1 h 30 min sudden death");
    }
}
