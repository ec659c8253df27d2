//! A refusal of the session ([`crate::session::SessionError`]) in the user's language, for the
//! window's notices and the journal's typed problems.

use super::Lang;
use crate::session::SessionError;

/// The refusal in `lang` (falls back to the English text for the rarer variants).
pub fn session_error_text(e: &SessionError, lang: Lang) -> String {
    e.text(lang)
}
