//! The recent files list, for the app's persisted settings.

use std::path::{Path, PathBuf};

/// Most recently opened or saved records, newest first, without duplicates.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct RecentFiles {
    /// The paths, newest first.
    pub paths: Vec<PathBuf>,
}

impl RecentFiles {
    /// How many are kept.
    pub const MAX: usize = 10;

    /// Puts `path` first, dropping an older entry for it and the oldest beyond [`Self::MAX`].
    pub fn push(&mut self, path: &Path) {
        self.paths.retain(|p| p != path);
        self.paths.insert(0, path.to_path_buf());
        self.paths.truncate(Self::MAX);
    }

    /// Forgets a path (e.g. one that no longer opens).
    pub fn remove(&mut self, path: &Path) {
        self.paths.retain(|p| p != path);
    }
}
