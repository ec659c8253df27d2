//! `tianyuanw.exe`, what the Start menu entry and a double-clicked `.sgf` start on Windows.
//!
//! `tianyuan.exe` is a console program, so that `tianyuan --version`, `tianyuan gtp` and the
//! arbiter's `session` commands print in a terminal as they do on Linux. Started from the
//! Start menu, a console program also opens a black console window, which a teacher would
//! close — and the board with it. This launcher is a windowed program (no console): it starts
//! `tianyuan.exe` from its own folder with the same arguments and no console window
//! (`CREATE_NO_WINDOW`), and exits. The same pair as `python.exe` and `pythonw.exe`.
//!
//! Built only for Windows, by `make windows` (the `windows-launcher` feature).

#![cfg_attr(windows, windows_subsystem = "windows")]
#![forbid(unsafe_code)]

use std::process::{Command, ExitCode, Stdio};

/// `CREATE_NO_WINDOW` (winbase.h): a console program runs without a console window.
#[cfg(windows)]
const CREATE_NO_WINDOW: u32 = 0x0800_0000;

fn main() -> ExitCode {
    let program = match std::env::current_exe() {
        Ok(me) => me.with_file_name(if cfg!(windows) {
            "tianyuan.exe"
        } else {
            "tianyuan"
        }),
        Err(e) => return refused(&e.to_string()),
    };
    let mut command = Command::new(&program);
    command
        .args(std::env::args_os().skip(1))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    #[cfg(windows)]
    std::os::windows::process::CommandExt::creation_flags(&mut command, CREATE_NO_WINDOW);
    match command.spawn() {
        Ok(_) => ExitCode::SUCCESS,
        Err(e) => refused(&format!("{}: {e}", program.display())),
    }
}

/// Says why Tianyuan could not start, in a message box (there is no console to print to).
fn refused(why: &str) -> ExitCode {
    let text = format!("天元 Tianyuan 无法启动 · 無法啟動 · could not start:\n{why}");
    #[cfg(windows)]
    {
        use winsafe::{HWND, co};
        let _ = HWND::DESKTOP.MessageBox(&text, "天元 Tianyuan", co::MB::ICONERROR);
    }
    #[cfg(not(windows))]
    eprintln!("{text}");
    ExitCode::FAILURE
}
