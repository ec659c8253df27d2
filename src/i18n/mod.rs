//! The three languages of the user interface: Simplified Chinese, Traditional Chinese, English.
//!
//! Messages are typed ([`Msg`]) rather than looked up by string key, so a missing translation
//! is a compile error, not a blank button. The language is a plain value the app passes down;
//! it is switched live by changing that value. The system locale is read at the edge (in the
//! app's start-up) and given to [`Lang::from_locale`].

mod clock_text;
mod dead_stones_text;
mod messages;
mod record_text;
mod refusal_text;
mod teach_text;
mod time_control_text;

pub use clock_text::{clock_error_text, control_error_text};
pub use dead_stones_text::{reason_text, status_text};
pub use messages::Msg;
pub use record_text::{
    file_already_there, illegal_move_text, pos_text, repair_text, replay_error_text,
    rules_error_text, sgf_error_text, warning_text,
};
pub use refusal_text::session_error_text;
pub use teach_text::TeachText;
pub use time_control_text::{span_text, time_control_text};

/// A language of the user interface.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub enum Lang {
    /// 简体中文 (the default for a Chinese system locale, and the rules' own language).
    #[default]
    ZhHans,
    /// 繁體中文.
    ZhHant,
    /// English.
    En,
}

impl Lang {
    /// Every language, in menu order.
    pub const ALL: [Lang; 3] = [Lang::ZhHans, Lang::ZhHant, Lang::En];

    /// The language named by a locale string such as `zh_CN.UTF-8`, `zh_TW`, `en_GB.UTF-8` or `C`.
    ///
    /// Chinese locales of Taiwan, Hong Kong and Macau, and any `Hant` script tag, give
    /// Traditional Chinese; other Chinese locales Simplified; anything else English.
    pub fn from_locale(locale: &str) -> Lang {
        let l = locale.trim().to_ascii_lowercase().replace('-', "_");
        if !l.starts_with("zh") {
            return Lang::En;
        }
        let traditional = ["hant", "_tw", "_hk", "_mo"].iter().any(|t| l.contains(t));
        if traditional {
            Lang::ZhHant
        } else {
            Lang::ZhHans
        }
    }

    /// The language from the usual environment variables, in POSIX precedence order
    /// (`LC_ALL`, then `LC_MESSAGES`, then `LANG`); `get` reads one variable.
    pub fn from_env(get: impl Fn(&str) -> Option<String>) -> Lang {
        ["LC_ALL", "LC_MESSAGES", "LANG"]
            .iter()
            .filter_map(|v| get(v))
            .find(|v| !v.is_empty())
            .map_or(Lang::En, |v| Lang::from_locale(&v))
    }

    /// A command-line code: `zh-Hans`, `zh-Hant` or `en` (also `zh`, `zh_CN`, `zh_TW`, …).
    pub fn from_code(code: &str) -> Option<Lang> {
        match code.trim().to_ascii_lowercase().as_str() {
            "en" | "en_us" | "en_gb" | "english" => Some(Lang::En),
            "" => None,
            c if c.starts_with("zh") => Some(Lang::from_locale(c)),
            _ => None,
        }
    }

    /// The BCP 47 code.
    pub fn code(self) -> &'static str {
        match self {
            Lang::ZhHans => "zh-Hans",
            Lang::ZhHant => "zh-Hant",
            Lang::En => "en",
        }
    }

    /// The language's name in itself, for the language menu.
    pub fn native_name(self) -> &'static str {
        match self {
            Lang::ZhHans => "简体中文",
            Lang::ZhHant => "繁體中文",
            Lang::En => "English",
        }
    }

    /// The text of a message in this language.
    pub fn tr(self, msg: Msg) -> &'static str {
        msg.text(self)
    }

    /// Picks one of three texts (for messages built with `format!`).
    pub fn pick<T>(self, zh_hans: T, zh_hant: T, en: T) -> T {
        match self {
            Lang::ZhHans => zh_hans,
            Lang::ZhHant => zh_hant,
            Lang::En => en,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locales_choose_the_script() {
        for (locale, lang) in [
            ("zh_CN.UTF-8", Lang::ZhHans),
            ("zh_SG", Lang::ZhHans),
            ("zh", Lang::ZhHans),
            ("zh_TW.UTF-8", Lang::ZhHant),
            ("zh_HK", Lang::ZhHant),
            ("zh-Hant-TW", Lang::ZhHant),
            ("en_GB.UTF-8", Lang::En),
            ("C", Lang::En),
            ("", Lang::En),
            ("de_DE", Lang::En),
        ] {
            assert_eq!(Lang::from_locale(locale), lang, "{locale}");
        }
    }

    #[test]
    fn lc_all_overrides_lang() {
        let env = |v: &str| match v {
            "LC_ALL" => Some("zh_TW.UTF-8".to_string()),
            "LANG" => Some("en_US.UTF-8".to_string()),
            _ => None,
        };
        assert_eq!(Lang::from_env(env), Lang::ZhHant);
        let env = |v: &str| (v == "LANG").then(|| "zh_CN.UTF-8".to_string());
        assert_eq!(Lang::from_env(env), Lang::ZhHans);
        assert_eq!(Lang::from_env(|_| None), Lang::En);
    }

    #[test]
    fn codes_round_trip() {
        for l in Lang::ALL {
            assert_eq!(Lang::from_code(l.code()), Some(l));
        }
        assert_eq!(Lang::from_code("fr"), None);
    }

    #[test]
    fn every_message_has_three_non_empty_texts() {
        for m in Msg::ALL {
            for l in Lang::ALL {
                assert!(!m.text(l).is_empty(), "{m:?} {l:?}");
            }
        }
    }

    fn has_cjk(text: &str) -> bool {
        text.chars().any(|c| {
            ('\u{4e00}'..='\u{9fff}').contains(&c) || ('\u{3400}'..='\u{4dbf}').contains(&c)
        })
    }

    /// Issue 10: every message in the three languages, walked for untranslated or placeholder
    /// text: Chinese texts hold Chinese, English none; no TODO, format braces or doubled
    /// spaces; the two Chinese scripts differ from English.
    #[test]
    fn issue_10_no_message_is_untranslated_or_a_placeholder() {
        let mut bad = Vec::new();
        for &m in Msg::ALL {
            let [hans, hant, en] = [m.text(Lang::ZhHans), m.text(Lang::ZhHant), m.text(Lang::En)];
            for (l, t) in [("zh-Hans", hans), ("zh-Hant", hant), ("en", en)] {
                let lower = t.to_lowercase();
                if lower.contains("todo")
                    || lower.contains("fixme")
                    || lower.contains("xxx")
                    || t.contains('{')
                    || t.contains("  ")
                    || t.trim() != t
                {
                    bad.push(format!("{m:?} {l}: placeholder-like {t:?}"));
                }
            }
            if !has_cjk(hans) || !has_cjk(hant) {
                bad.push(format!(
                    "{m:?}: Chinese text without Chinese: {hans:?} / {hant:?}"
                ));
            }
            if has_cjk(en) {
                bad.push(format!("{m:?}: English text with Chinese: {en:?}"));
            }
        }
        assert!(bad.is_empty(), "{}", bad.join("\n"));
    }
}
