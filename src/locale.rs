//! The user's language as the system says it: the one edge that reads it.
//!
//! Unix says it in the environment (`LC_ALL`, `LC_MESSAGES`, `LANG`). Windows has no such
//! variables: there the user's preferred display language is asked of the system (`zh-CN`,
//! `zh-TW`, `en-US` …), so a club PC set up in Chinese opens in Chinese.

use crate::i18n::Lang;

/// The locale variables, the first one set wins.
const VARIABLES: [&str; 3] = ["LC_ALL", "LC_MESSAGES", "LANG"];

/// The system's locale name, if it says one.
pub fn system_locale() -> Option<String> {
    VARIABLES
        .iter()
        .filter_map(|v| std::env::var(v).ok())
        .find(|v| !v.is_empty())
        .or_else(os_locale)
}

/// The language of the system's locale (English when it names none we speak).
pub fn system_lang() -> Lang {
    system_locale().map_or(Lang::En, |l| Lang::from_locale(&l))
}

#[cfg(windows)]
fn os_locale() -> Option<String> {
    sys_locale::get_locale()
}

#[cfg(not(windows))]
fn os_locale() -> Option<String> {
    None
}
