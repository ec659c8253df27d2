//! The OGS score-estimator test positions (`ogs-score-estimator/**/*.game`): a board matrix
//! (1 Black, -1 White, 0 empty, rows from the top) followed by the removal matrix (1 where a
//! stone is to be removed as dead, or where an empty point is dame).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use tianyuan::rules::{Board, Color};

/// One position and what its players removed.
pub struct OgsCase {
    /// The position.
    pub board: Board,
    /// Stones marked for removal, as GTP vertices (marked empty points are not judged).
    #[allow(dead_code)] // the benchmark does not need it
    pub removed: BTreeSet<String>,
    /// The side to move (`player_to_move`).
    #[allow(dead_code)] // the benchmark does not need it
    pub to_move: Color,
}

/// Reads a `.game` file.
pub fn read_ogs(path: &Path) -> Result<OgsCase, String> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let mut lines = text.lines().filter(|l| !l.trim_start().starts_with('#'));
    let mut header = |key: &str| -> Result<usize, String> {
        let line = lines.next().ok_or("short file")?;
        let value = line
            .strip_prefix(key)
            .ok_or_else(|| format!("expected {key}"))?;
        value.trim().parse().map_err(|_| format!("bad {key}"))
    };
    let height = header("height")?;
    let width = header("width")?;
    let to_move = match lines
        .next()
        .map(str::split_whitespace)
        .and_then(|mut w| w.nth(1))
    {
        Some("-1") => Color::White,
        _ => Color::Black,
    };
    if height != width {
        return Err("not square".into());
    }
    let numbers: Vec<i32> = lines
        .flat_map(str::split_whitespace)
        .map(|t| t.parse().map_err(|_| format!("bad number {t}")))
        .collect::<Result<_, _>>()?;
    if numbers.len() != 2 * width * width {
        return Err("wrong number of points".into());
    }
    let (stones, removal) = numbers.split_at(width * width);
    let diagram: String = stones
        .chunks(width)
        .map(|row| {
            row.iter()
                .map(|&v| match v {
                    1 => 'X',
                    -1 => 'O',
                    _ => '.',
                })
                .collect::<String>()
                + "\n"
        })
        .collect();
    let board = Board::from_diagram(&diagram).map_err(|e| e.to_string())?;
    let size = board.size();
    let removed = board
        .stones()
        .into_iter()
        .filter(|(c, _)| removal[usize::from(c.y) * width + usize::from(c.x)] != 0)
        .map(|(c, _)| c.to_gtp(size))
        .collect();
    Ok(OgsCase {
        board,
        removed,
        to_move,
    })
}

/// The `.game` files under `ogs-score-estimator/`, sorted.
#[allow(dead_code)] // the benchmark reads them its own way
pub fn ogs_files(corpus: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let root = corpus.join("ogs-score-estimator");
    let Ok(dirs) = std::fs::read_dir(&root) else {
        return files;
    };
    for dir in dirs.flatten() {
        if let Ok(entries) = std::fs::read_dir(dir.path()) {
            for e in entries.flatten() {
                if e.path().extension().is_some_and(|x| x == "game") {
                    files.push(e.path());
                }
            }
        }
    }
    files.sort();
    files
}
