//! Temporary folders for tests: one per test and process, emptied at the start and removed
//! when dropped (issue 29 item 8: one helper instead of a copy in each file).

use std::path::{Path, PathBuf};

/// A fresh folder under the system's temporary folder, removed when dropped.
pub struct TempDir(PathBuf);

impl TempDir {
    /// `ty-<name>-<pid>`, empty.
    pub fn new(name: &str) -> TempDir {
        let safe: String = name
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() || c == '-' { c } else { '_' })
            .collect();
        let dir = std::env::temp_dir().join(format!("ty-{safe}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("temp folder");
        TempDir(dir)
    }

    /// The folder.
    pub fn path(&self) -> &Path {
        &self.0
    }

    /// A path inside it.
    #[allow(dead_code)] // not every test file names paths inside
    pub fn join(&self, name: impl AsRef<Path>) -> PathBuf {
        self.0.join(name)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A fresh folder that stays after the test (its files are looked at afterwards).
#[allow(dead_code)] // not every test file keeps its folder
pub fn temp(name: &str) -> PathBuf {
    let dir = TempDir::new(name);
    let path = dir.path().to_path_buf();
    std::mem::forget(dir);
    path
}
