//! The `tianyuan` binary: see `tianyuan --help` and [`tianyuan::cli`].

use std::ffi::OsString;
use std::process::ExitCode;

/// Reading records builds and drops a tree of small strings per file: mimalloc serves those
/// several times faster than the system allocator (measured on `tianyuan check`, issue 10).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// mimalloc's options for the window, in the environment variables it reads as the process
/// starts (issue 17 item 11, `docs/decisions.md`). Its defaults suit `check` and cost an idle
/// window with a running clock about 15 MB of resident memory:
/// - `MIMALLOC_ALLOW_THP=0`: no transparent huge pages. mimalloc asks for them on its 1 GiB
///   arena, so each 2 MB of it that the window touches is resident in full (18 MB where the
///   window uses under 6 MB). mimalloc then turns them off for the whole process, as
///   `prctl(PR_SET_THP_DISABLE)` does, so a system with THP "always" is covered too.
/// - `MIMALLOC_PURGE_DELAY=0`: memory freed is handed back at once. With the default delay
///   (1 s) the hand-back waits for a later burst of allocations, which an idle window makes
///   only every half minute or so: what start-up freed stays resident until then (2 MB).
const WINDOW_ALLOCATOR_ENV: [(&str, &str); 2] =
    [("MIMALLOC_ALLOW_THP", "0"), ("MIMALLOC_PURGE_DELAY", "0")];

fn main() -> ExitCode {
    let args: Vec<OsString> = std::env::args_os().collect();
    if tianyuan::cli::opens_window(&args) {
        restart_with_window_allocator_options(&args);
    }
    tianyuan::cli::main()
}

/// Replaces this process by itself (same process id, arguments and environment) with
/// [`WINDOW_ALLOCATOR_ENV`] added, unless the environment already names them (then the user's
/// values stand, and this is the restarted process). If the restart fails the window simply
/// runs with mimalloc's defaults.
#[cfg(unix)]
fn restart_with_window_allocator_options(args: &[OsString]) {
    use std::os::unix::process::CommandExt;
    let missing: Vec<(&str, &str)> = WINDOW_ALLOCATOR_ENV
        .into_iter()
        .filter(|(name, _)| std::env::var_os(name).is_none())
        .collect();
    let Some((arg0, rest)) = args.split_first() else {
        return;
    };
    if missing.is_empty() {
        return;
    }
    let Ok(exe) = std::env::current_exe() else {
        return;
    };
    // `exec` returns only if it failed.
    let _failed = std::process::Command::new(exe)
        .arg0(arg0)
        .args(rest)
        .envs(missing)
        .exec();
}

/// Elsewhere mimalloc's defaults stand.
#[cfg(not(unix))]
fn restart_with_window_allocator_options(_args: &[OsString]) {}
