//! Finding ../shared/corpus: `TIANYUAN_CORPUS`, then `../shared/corpus` beside the crate, then
//! `/work/shared/corpus`. Tests that need it print that they were skipped when it is absent.

use std::path::PathBuf;

/// The corpus directory, if present.
#[allow(dead_code)] // not every test file that includes this module needs it
pub fn corpus_dir() -> Option<PathBuf> {
    let candidates = [
        std::env::var_os("TIANYUAN_CORPUS").map(PathBuf::from),
        Some(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus")),
        Some(PathBuf::from("/work/shared/corpus")),
    ];
    candidates.into_iter().flatten().find(|p| p.is_dir())
}

/// The corpus directory, or `None` after printing that the calling test is skipped.
#[allow(dead_code)] // not every test file that includes this module skips tests
pub fn corpus_or_skip() -> Option<PathBuf> {
    let found = corpus_dir();
    if found.is_none() {
        println!("skipped: shared corpus not found (set TIANYUAN_CORPUS)");
    }
    found
}
