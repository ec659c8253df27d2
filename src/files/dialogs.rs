//! The native Open and Save dialogs (rfd: Windows' and macOS's own; on Linux a desktop portal,
//! or zenity where no portal runs).
//!
//! These calls block their thread until the user answers, so they run only on the effects
//! runner's file-job threads ([`crate::app::effects::Runner`]), never on the UI thread.

use std::path::PathBuf;

/// A kind of file a dialog offers: its name and extensions, e.g. `("SGF", &["sgf"])`.
pub type Filter = (&'static str, &'static [&'static str]);

/// Whether a native dialog can be shown on this machine. Windows and macOS always have their
/// own (rfd calls the system's common file dialog). Elsewhere rfd needs a desktop portal
/// (reached over the session's D-Bus, normally present under a desktop) or the `zenity`
/// program; where neither is, rfd returns "cancelled" without showing anything, so the app
/// offers a path field instead of a silent button.
pub fn available() -> bool {
    if cfg!(any(windows, target_os = "macos")) {
        return true;
    }
    let desktop = std::env::var_os("XDG_CURRENT_DESKTOP").is_some_and(|v| !v.is_empty())
        && std::env::var_os("DBUS_SESSION_BUS_ADDRESS").is_some_and(|v| !v.is_empty());
    desktop || program_on_path("zenity")
}

/// Whether an executable named `name` is in a folder of `PATH`.
fn program_on_path(name: &str) -> bool {
    std::env::var_os("PATH").is_some_and(|paths| {
        std::env::split_paths(&paths)
            .any(|dir| std::fs::metadata(dir.join(name)).is_ok_and(|m| m.is_file()))
    })
}

/// Asks for a file to open; `None` when cancelled.
pub fn pick_open(title: &str, filter: Filter) -> Option<PathBuf> {
    rfd::FileDialog::new()
        .set_title(title)
        .add_filter(filter.0, filter.1)
        .pick_file()
}

/// Asks where to save, suggesting `name`; `None` when cancelled.
pub fn pick_save(title: &str, name: &str, filter: Filter) -> Option<PathBuf> {
    rfd::FileDialog::new()
        .set_title(title)
        .set_file_name(name)
        .add_filter(filter.0, filter.1)
        .save_file()
}
