//! Following a session journal as a reader while another program writes it (the app, or
//! `tianyuan session append`): how `tianyuan hall board --session FILE` sees each entry once
//! it is on the board's disk. It never takes the writer's lock and never writes. (The window
//! feeds its link the journal writer's acknowledged entries instead, and reads no file.)
//!
//! A complete line is handed on only when a later look finds it unchanged: the writer appends
//! and then syncs, and takes a line back off if the sync fails, so a line seen once may still
//! vanish; seen twice (a poll apart, after the writer's sync) it stays. The tail only finds
//! lines: the link's one [`super::chain::Chain`] checks and folds them.

use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};

use super::chain::line_sha;

/// The most read in one look (a long backlog is read over several).
const MAX_READ: u64 = 8 * 1024 * 1024;

/// Why following stopped.
#[derive(Debug)]
pub enum TailError {
    /// The file could not be read.
    Io(io::Error),
    /// The file is shorter than the lines already handed on (replaced or cut by hand).
    Shrank,
}

impl std::fmt::Display for TailError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TailError::Io(e) => write!(f, "{e}"),
            TailError::Shrank => {
                f.write_str("the journal is shorter than what was already read (replaced or cut?)")
            }
        }
    }
}

impl std::error::Error for TailError {}

/// A reader that remembers where it is in one journal.
#[derive(Debug)]
pub struct JournalTail {
    path: PathBuf,
    offset: u64,
    handed: u32,
    /// Lines complete at the last look and not handed on yet: (end offset, hash).
    candidates: Vec<(u64, Option<[u8; 32]>)>,
}

impl JournalTail {
    /// Follows `path` from its beginning.
    pub fn new(path: &Path) -> JournalTail {
        JournalTail {
            path: path.to_path_buf(),
            offset: 0,
            handed: 0,
            candidates: Vec::new(),
        }
    }

    /// The path followed.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Lines handed on so far.
    pub fn handed(&self) -> u32 {
        self.handed
    }

    /// Looks at the file: the complete lines (`\n` included) that were there at the last look
    /// and still are, in order.
    pub fn poll(&mut self) -> Result<Vec<Vec<u8>>, TailError> {
        let mut file = match File::open(&self.path) {
            Ok(f) => f,
            // Not written yet (a board started before its game): nothing to hand on.
            Err(e) if e.kind() == io::ErrorKind::NotFound && self.offset == 0 => {
                return Ok(Vec::new());
            }
            Err(e) => return Err(TailError::Io(e)),
        };
        let len = file.metadata().map_err(TailError::Io)?.len();
        if len < self.offset {
            return Err(TailError::Shrank);
        }
        if len == self.offset {
            self.candidates.clear();
            return Ok(Vec::new());
        }
        let want = (len - self.offset).min(MAX_READ);
        file.seek(SeekFrom::Start(self.offset))
            .map_err(TailError::Io)?;
        let mut buf = Vec::with_capacity(want as usize);
        file.take(want)
            .read_to_end(&mut buf)
            .map_err(TailError::Io)?;
        let mut out: Vec<Vec<u8>> = Vec::new();
        let mut fresh = Vec::new();
        let mut pos = 0usize;
        while let Some(end) = buf[pos..].iter().position(|&b| b == b'\n') {
            let line = &buf[pos..pos + end + 1];
            let line_end = self.offset + (pos + end + 1) as u64;
            let mark = (line_end, line_sha(line));
            if fresh.is_empty() && self.candidates.contains(&mark) {
                out.push(line.to_vec());
            } else {
                fresh.push(mark);
            }
            pos += end + 1;
        }
        self.offset += out.iter().map(|l| l.len() as u64).sum::<u64>();
        self.handed += u32::try_from(out.len()).unwrap_or(u32::MAX);
        self.candidates = fresh;
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    fn temp(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("ty-follow-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir.join("s.tyj")
    }

    fn lines() -> Vec<Vec<u8>> {
        crate::hall::test_lines::session_lines(
            "0123456789abcdef",
            "setup size=9",
            &["0:05 B E5", "0:09 W C3"],
        )
    }

    #[test]
    fn issue14_a_line_is_handed_on_once_seen_twice_and_a_torn_tail_waits() {
        let path = temp("twice");
        let l = lines();
        let mut f = JournalTail::new(&path);
        assert!(f.poll().unwrap().is_empty(), "no file yet");
        let mut file = std::fs::File::create(&path).unwrap();
        file.write_all(&l[0]).unwrap();
        file.write_all(&l[1][..10]).unwrap();
        assert!(f.poll().unwrap().is_empty(), "seen once");
        let got = f.poll().unwrap();
        assert_eq!(got, vec![l[0].clone()]);
        file.write_all(&l[1][10..]).unwrap();
        file.write_all(&l[2]).unwrap();
        assert!(f.poll().unwrap().is_empty());
        let got = f.poll().unwrap();
        assert_eq!(got, vec![l[1].clone(), l[2].clone()]);
        assert_eq!(f.handed(), 3);
        assert!(f.poll().unwrap().is_empty());
    }

    #[test]
    fn issue14_a_line_taken_back_before_the_second_look_is_never_handed_on() {
        let path = temp("taken-back");
        let l = lines();
        std::fs::write(&path, [l[0].clone(), l[1].clone()].concat()).unwrap();
        let mut f = JournalTail::new(&path);
        f.poll().unwrap();
        let file = std::fs::OpenOptions::new().write(true).open(&path).unwrap();
        file.set_len(l[0].len() as u64).unwrap();
        let got = f.poll().unwrap();
        assert_eq!(got.len(), 1, "entry 1 was there both times");
        assert!(f.poll().unwrap().is_empty());
        std::fs::write(&path, b"").unwrap();
        assert!(matches!(f.poll(), Err(TailError::Shrank)));
    }
}
