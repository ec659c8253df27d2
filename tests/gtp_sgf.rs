//! GTP `loadsgf` and `printsgf`: loading records (whole or up to a move), writing the game back,
//! and Fuego's repetition regression suite run through `loadsgf`.

use std::path::{Path, PathBuf};

use tianyuan::gtp::Engine;

fn ask(engine: &mut Engine, cmd: &str) -> String {
    engine
        .respond_to(cmd)
        .expect("a command gets a response")
        .trim_end()
        .to_string()
}

/// A file in the temporary directory, removed when dropped.
struct TempFile(PathBuf);

impl TempFile {
    fn new(name: &str, contents: &[u8]) -> TempFile {
        let path = std::env::temp_dir().join(format!("tianyuan-gtp-{}-{name}", std::process::id()));
        std::fs::write(&path, contents).expect("write temporary file");
        TempFile(path)
    }

    /// A name in the temporary directory where nothing is yet (removed when dropped).
    fn absent(name: &str) -> TempFile {
        let path = std::env::temp_dir().join(format!("tianyuan-gtp-{}-{name}", std::process::id()));
        let _ = std::fs::remove_file(&path);
        TempFile(path)
    }

    fn path(&self) -> &str {
        self.0.to_str().expect("temporary paths are UTF-8 here")
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// Black captures White's A1 stone at move 3; White passes; komi 6.5 points.
const GAME: &str = "(;FF[4]GM[1]SZ[9]KM[6.5]PB[Hei]PW[Bai];B[bi];W[ai];B[ah];W[])";

#[test]
fn loadsgf_loads_the_whole_main_line_and_answers_the_colour_to_move() {
    let file = TempFile::new("whole.sgf", GAME.as_bytes());
    let mut engine = Engine::new();
    assert_eq!(
        ask(&mut engine, &format!("loadsgf {}", file.path())),
        "= black"
    );
    assert_eq!(ask(&mut engine, "list_stones black"), "= A2 B1");
    assert_eq!(ask(&mut engine, "list_stones white"), "=");
    assert_eq!(ask(&mut engine, "captures black"), "= 1");
    // 81 points of Black's against komi 6.5.
    assert_eq!(ask(&mut engine, "final_score"), "= B+74.5");
}

#[test]
fn loadsgf_with_a_move_number_stops_before_that_move() {
    let file = TempFile::new("partial.sgf", GAME.as_bytes());
    let mut engine = Engine::new();
    assert_eq!(
        ask(&mut engine, &format!("loadsgf {} 3", file.path())),
        "= black"
    );
    assert_eq!(ask(&mut engine, "list_stones white"), "= A1");
    assert_eq!(
        ask(&mut engine, &format!("loadsgf {} 1", file.path())),
        "= black"
    );
    assert_eq!(ask(&mut engine, "list_stones black"), "=");
    assert_eq!(
        ask(&mut engine, &format!("loadsgf {} 2", file.path())),
        "= white"
    );
    assert_eq!(ask(&mut engine, "undo"), "=");
    assert_eq!(ask(&mut engine, "undo"), "? cannot undo");
}

#[test]
fn loadsgf_errors_leave_the_game_alone() {
    let mut engine = Engine::new();
    assert_eq!(ask(&mut engine, "boardsize 5"), "=");
    assert_eq!(ask(&mut engine, "play b c3"), "=");
    let missing = ask(&mut engine, "loadsgf /nonexistent/tianyuan/game.sgf");
    assert!(missing.starts_with("? cannot load file: "), "{missing}");
    let garbage = TempFile::new("garbage.sgf", b"\xff\xfe this is not SGF at all");
    let got = ask(&mut engine, &format!("loadsgf {}", garbage.path()));
    assert!(got.starts_with("? cannot load file: "), "{got}");
    let bad_number = ask(&mut engine, &format!("loadsgf {} zero", garbage.path()));
    assert!(bad_number.starts_with("? syntax error"), "{bad_number}");
    assert!(ask(&mut engine, "loadsgf").starts_with("? syntax error"));
    assert_eq!(ask(&mut engine, "list_stones black"), "= C3");
}

#[test]
fn printsgf_writes_a_record_that_loads_back_to_the_same_game() {
    let mut engine = Engine::new();
    for cmd in [
        "boardsize 9",
        "komi 0.5",
        "fixed_handicap 2",
        "play w e5",
        "play b d5",
        "play w pass",
    ] {
        assert!(ask(&mut engine, cmd).starts_with('='), "{cmd}");
    }
    let printed = ask(&mut engine, "printsgf");
    assert!(printed.starts_with("= (;"), "{printed}");
    for needle in ["SZ[9]", "HA[2]", "KM[0.5]", "W[ee]", "B[de]", "W[]"] {
        assert!(printed.contains(needle), "{needle} missing from {printed}");
    }
    let out = TempFile::absent("printed.sgf");
    assert_eq!(ask(&mut engine, &format!("printsgf {}", out.path())), "=");
    let mut reloaded = Engine::new();
    assert_eq!(
        ask(&mut reloaded, &format!("loadsgf {}", out.path())),
        "= black"
    );
    for cmd in [
        "list_stones black",
        "list_stones white",
        "final_score",
        "captures black",
    ] {
        assert_eq!(ask(&mut reloaded, cmd), ask(&mut engine, cmd), "{cmd}");
    }
    assert!(ask(&mut engine, "printsgf /nonexistent/dir/x.sgf").starts_with("? cannot write file"));
}

/// Issue 10, item 9: `printsgf PATH` writes a new file, replaces a file only when this engine
/// wrote it (`AP[Tianyuan…]` in its root), and refuses anything else with a clear error,
/// leaving it untouched; `loadsgf` refuses what is not a regular file or is too large.
#[test]
fn issue10_printsgf_never_clobbers_and_loadsgf_refuses_non_files() {
    let mut engine = Engine::new();
    assert!(ask(&mut engine, "play b c3").starts_with('='));
    let printsgf = |engine: &mut Engine, path: &str| ask(engine, &format!("printsgf {path}"));

    // A new file, then the same file again: ours, so it is replaced.
    let ours = TempFile::absent("ours.sgf");
    assert_eq!(printsgf(&mut engine, ours.path()), "=");
    assert!(ask(&mut engine, "play w d4").starts_with('='));
    assert_eq!(printsgf(&mut engine, ours.path()), "=");
    let text = std::fs::read_to_string(&ours.0).expect("written");
    assert!(
        text.contains("AP[Tianyuan") && text.contains("W[dp]"),
        "{text}"
    );

    // Files this engine did not write stay exactly as they were.
    for (name, contents) in [
        ("empty.txt", &b""[..]),
        (
            "notes.txt",
            b"do not overwrite me
",
        ),
        ("other.sgf", b"(;FF[4]GM[1]AP[Sabaki:0.52]SZ[19];B[pd])"),
        ("no-ap.sgf", b"(;FF[4]GM[1]SZ[19];B[pd])"),
        ("ap-later.sgf", b"(;FF[4]GM[1];B[pd]AP[Tianyuan:0.1.0])"),
    ] {
        let foreign = TempFile::new(name, contents);
        let reply = printsgf(&mut engine, foreign.path());
        assert!(
            reply.starts_with("? cannot write file")
                && reply.contains("not written by this engine"),
            "{name}: {reply}"
        );
        assert_eq!(
            std::fs::read(&foreign.0).expect("still there"),
            contents,
            "{name}"
        );
    }
    // Not regular files: a folder, a device, a symbolic link to our own file.
    let folder = std::env::temp_dir();
    let reply = printsgf(&mut engine, folder.to_str().expect("UTF-8"));
    assert!(reply.contains("not a regular file"), "{reply}");
    if Path::new("/dev/null").exists() {
        let reply = printsgf(&mut engine, "/dev/null");
        assert!(reply.contains("not a regular file"), "{reply}");
    }
    // (A symbolic link needs a privilege on Windows: tried where it is ordinary.)
    #[cfg(unix)]
    let link = TempFile::absent("link.sgf");
    #[cfg(unix)]
    if std::os::unix::fs::symlink(&ours.0, &link.0).is_ok() {
        let reply = printsgf(&mut engine, link.path());
        assert!(reply.contains("not a regular file"), "{reply}");
        assert!(
            std::fs::symlink_metadata(&link.0)
                .expect("link")
                .is_symlink()
        );
    }
    // No temporary file is left behind in the folder by a refusal.
    let prefix = format!(".tianyuan-gtp-{}-", std::process::id());
    let left: Vec<String> = std::fs::read_dir(&folder)
        .expect("temp dir")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(&prefix))
        .collect();
    assert!(left.is_empty(), "{left:?}");

    // loadsgf: devices, folders and files past the bound are refused before reading.
    let mut reader = Engine::new();
    if Path::new("/dev/zero").exists() {
        let reply = ask(&mut reader, "loadsgf /dev/zero");
        assert!(
            reply.starts_with("? cannot load file: not a regular file"),
            "{reply}"
        );
    }
    let reply = ask(&mut reader, &format!("loadsgf {}", folder.display()));
    assert!(reply.contains("not a regular file"), "{reply}");
    let giant = TempFile::absent("giant.sgf");
    let file = std::fs::File::create(&giant.0).expect("create");
    // Sparse: no disk is used for the size.
    file.set_len(tianyuan::record::MAX_FILE_BYTES + 1)
        .expect("set length");
    let reply = ask(&mut reader, &format!("loadsgf {}", giant.path()));
    assert!(reply.contains("more than"), "{reply}");
    assert_eq!(ask(&mut reader, "list_stones black"), "=");
}

#[path = "support/corpus.rs"]
mod support_corpus;

/// Runs a Fuego regression file through our engine: `loadsgf` paths are relative to the file,
/// Fuego's `go_param_rules ko_rule` becomes `tianyuan-ko_rule` (Fuego's `superko` is
/// situational), and each numbered command must give the `#? [answer]` that follows it.
fn run_fuego_tst(tst: &Path) -> usize {
    let text = std::fs::read_to_string(tst).expect("read tst");
    let dir = tst.parent().expect("tst directory");
    let mut engine = Engine::new();
    let mut last: Option<(String, String)> = None;
    let mut checked = 0;
    for line in text.lines() {
        let line = line.trim();
        if let Some(expected) = line.strip_prefix("#? [") {
            let expected = expected.trim_end_matches(']');
            let (cmd, got) = last.take().expect("an answer follows a command");
            let answer = got.split_once(' ').map_or("", |(_, a)| a);
            assert_eq!(answer, expected, "{cmd} in {}", tst.display());
            checked += 1;
            continue;
        }
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        let cmd = match words[..] {
            ["loadsgf", file, ref rest @ ..] => {
                let path = dir.join(file);
                format!("loadsgf {} {}", path.display(), rest.join(" "))
            }
            ["go_param_rules", "ko_rule", rule] => {
                let ours = match rule {
                    "simple" => "simple",
                    "superko" => "situational",
                    "pos_superko" => "positional",
                    other => panic!("unknown Fuego ko rule {other}"),
                };
                format!("tianyuan-ko_rule {ours}")
            }
            _ => line.to_string(),
        };
        let got = ask(&mut engine, &cmd);
        assert!(got.starts_with('='), "{cmd}: {got}");
        last = Some((cmd, got));
    }
    checked
}

#[test]
fn fuego_repetition_suite_through_loadsgf() {
    let Some(corpus) = support_corpus::corpus_dir() else {
        println!("skipped: corpus not found (set TIANYUAN_CORPUS)");
        return;
    };
    let tst = corpus.join("fuego-regression/repetition.tst");
    if !tst.is_file() {
        println!("skipped: {} not found", tst.display());
        return;
    }
    assert_eq!(
        run_fuego_tst(&tst),
        15,
        "every answer of repetition.tst checked"
    );
}
