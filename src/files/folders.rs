//! Where Tianyuan keeps its own files: one data folder per user, the same layout below it on
//! every system.
//!
//! - Linux and other XDG systems: `$XDG_DATA_HOME/tianyuan` (`~/.local/share/tianyuan`);
//! - Windows: `%APPDATA%\Tianyuan` (the roaming application data of the Known Folder API, so a
//!   school's roaming profiles carry the games along);
//! - macOS: `~/Library/Application Support/Tianyuan`.
//!
//! Below it: `sessions/` (every game of the window, one journal each) and `app.ron` (the
//! window's settings, written by eframe). The system's folders come from the `dirs` crate, which
//! follows the XDG base directory rules (a relative `XDG_DATA_HOME` is ignored, as they say) and
//! asks Windows itself rather than guessing from environment variables.

use std::path::{Path, PathBuf};

/// The data folder's name under the system's data folder: lower case where file names are
/// case-sensitive by custom (`~/.local/share/tianyuan`), capitalised as a product where the
/// desktop shows folder names as titles (`%APPDATA%\Tianyuan`).
pub const APP_FOLDER: &str = if cfg!(any(windows, target_vendor = "apple")) {
    "Tianyuan"
} else {
    "tianyuan"
};

/// The settings file's name in the data folder (eframe's storage).
pub const SETTINGS_FILE: &str = "app.ron";

/// The sessions folder's name in the data folder.
pub const SESSIONS_FOLDER: &str = "sessions";

/// The user's data folder, or `None` when the system names none (no home folder at all).
pub fn data_folder() -> Option<PathBuf> {
    dirs::data_dir().map(|d| data_folder_in(&d))
}

/// The data folder under the system's data folder `system`.
pub fn data_folder_in(system: &Path) -> PathBuf {
    system.join(APP_FOLDER)
}

/// The folder sessions live in unless saved elsewhere (`DATA/sessions`).
pub fn sessions_folder() -> Option<PathBuf> {
    data_folder().map(|d| d.join(SESSIONS_FOLDER))
}

/// The window's settings file (`DATA/app.ron`).
pub fn settings_file() -> Option<PathBuf> {
    data_folder().map(|d| d.join(SETTINGS_FILE))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn issue22_one_layout_below_the_data_folder() {
        let system = Path::new("/data");
        let data = data_folder_in(system);
        assert_eq!(data.parent(), Some(system));
        assert_eq!(
            data.join(SESSIONS_FOLDER)
                .file_name()
                .and_then(|n| n.to_str()),
            Some("sessions")
        );
        // No character a Windows file name refuses, and no case trick on Linux.
        assert!(!APP_FOLDER.contains([':', '\\', '/', '*', '?', '"', '<', '>', '|']));
        assert_eq!(APP_FOLDER.to_lowercase(), "tianyuan");
    }

    #[cfg(windows)]
    #[test]
    fn issue22_windows_data_is_in_roaming_appdata() {
        if let Some(appdata) = std::env::var_os("APPDATA") {
            assert_eq!(data_folder(), Some(PathBuf::from(appdata).join("Tianyuan")));
        }
    }
}
