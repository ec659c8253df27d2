//! Why a record could not be opened, in words for the user.

use std::fmt;
use std::path::PathBuf;

/// Why a file could not be shown.
#[derive(Debug)]
pub enum OpenError {
    /// The file could not be read.
    Io(PathBuf, std::io::Error),
    /// No game could be found in it.
    Sgf(PathBuf, String),
}

impl fmt::Display for OpenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OpenError::Io(p, e) => write!(f, "{}: {e}", p.display()),
            OpenError::Sgf(p, e) => write!(f, "{}: {e}", p.display()),
        }
    }
}

impl std::error::Error for OpenError {}
