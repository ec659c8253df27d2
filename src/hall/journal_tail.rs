//! Following a session journal as a reader while another program writes it (the app, or
//! `tianyuan session append`): how `tianyuan hall board --session FILE` sees each entry once
//! it is on the board's disk. It never takes the writer's lock and never writes. (The window
//! feeds its link the journal writer's acknowledged entries instead, and reads no file.)
//!
//! A complete line is handed on only once it is on the disk: the writer appends and then
//! syncs, and takes a line back off if the sync fails, so a line merely seen may still vanish.
//! On Unix the tail syncs the file itself (`fdatasync` on its own read-only descriptor: the
//! same pages the writer syncs, so it returns when they are on the disk, and fails when the
//! writer's sync fails) and hands on the lines that are still there, byte for byte, after
//! its sync — at once, with no second look (issue 31 item 5). Elsewhere a line is handed on
//! when a later look finds it unchanged. The tail only finds lines: the link's one
//! [`super::chain::Chain`] checks and folds them. It is woken by the file's change
//! notifications (`notify`), not by a timer.

use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};

use super::chain::line_sha;

/// The most read in one look (a long backlog is read over several): more than the longest
/// line the hall carries.
const MAX_READ: u64 = 2 * super::chunks::MAX_LINE_BYTES as u64;

/// Why following stopped.
#[derive(Debug)]
pub enum TailError {
    /// The file could not be read.
    Io(io::Error),
    /// The file is shorter than the lines already handed on (replaced or cut by hand).
    Shrank,
    /// The next line is longer than the tail reads in one look: (its number, bytes so far).
    TooLong(u32, u64),
}

impl std::fmt::Display for TailError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TailError::Io(e) => write!(f, "{e}"),
            TailError::Shrank => {
                f.write_str("the journal is shorter than what was already read (replaced or cut?)")
            }
            TailError::TooLong(n, bytes) => write!(
                f,
                "entry {n} is longer than {bytes} bytes: longer than the hall carries"
            ),
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

    /// Looks at the file: the complete lines (`\n` included) that are on the disk, in order
    /// (on Unix: synced by the tail itself; elsewhere: there at the last look and still).
    pub fn poll(&mut self) -> Result<Vec<Vec<u8>>, TailError> {
        if cfg!(unix) {
            self.poll_synced()
        } else {
            self.poll_twice()
        }
    }

    /// The complete lines after what was handed on, once the tail's own sync of the file
    /// returned and they are still there byte for byte.
    pub fn poll_synced(&mut self) -> Result<Vec<Vec<u8>>, TailError> {
        let Some((mut file, buf)) = self.read_new()? else {
            return Ok(Vec::new());
        };
        let complete = buf.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        if complete == 0 {
            return Ok(Vec::new());
        }
        // The writer's sync and ours flush the same pages: once ours returns they are on the
        // disk; when the writer's fails, ours fails too and nothing is handed on.
        file.sync_data().map_err(TailError::Io)?;
        let mut again = Vec::with_capacity(complete);
        file.seek(SeekFrom::Start(self.offset))
            .map_err(TailError::Io)?;
        (&mut file)
            .take(complete as u64)
            .read_to_end(&mut again)
            .map_err(TailError::Io)?;
        // Only the lines still there, unchanged, after the sync (a line taken back is not).
        let same = buf[..complete]
            .iter()
            .zip(&again)
            .position(|(a, b)| a != b)
            .unwrap_or(again.len().min(complete));
        let upto = buf[..same]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        let out: Vec<Vec<u8>> = buf[..upto]
            .split_inclusive(|&b| b == b'\n')
            .map(<[u8]>::to_vec)
            .collect();
        self.offset += upto as u64;
        self.handed += u32::try_from(out.len()).unwrap_or(u32::MAX);
        Ok(out)
    }

    /// Opens the file and reads what follows the lines handed on (none: nothing new).
    fn read_new(&mut self) -> Result<Option<(File, Vec<u8>)>, TailError> {
        let mut file = match File::open(&self.path) {
            Ok(f) => f,
            // Not written yet (a board started before its game): nothing to hand on.
            Err(e) if e.kind() == io::ErrorKind::NotFound && self.offset == 0 => {
                return Ok(None);
            }
            Err(e) => return Err(TailError::Io(e)),
        };
        let len = file.metadata().map_err(TailError::Io)?.len();
        if len < self.offset {
            return Err(TailError::Shrank);
        }
        if len == self.offset {
            return Ok(None);
        }
        let want = (len - self.offset).min(MAX_READ);
        file.seek(SeekFrom::Start(self.offset))
            .map_err(TailError::Io)?;
        let mut buf = Vec::with_capacity(want as usize);
        (&mut file)
            .take(want)
            .read_to_end(&mut buf)
            .map_err(TailError::Io)?;
        if want == MAX_READ && !buf.contains(&b'\n') {
            return Err(TailError::TooLong(self.handed + 1, want));
        }
        Ok(Some((file, buf)))
    }

    /// The complete lines that were there at the last look and still are, in order (where
    /// the tail cannot sync a file it only reads).
    pub fn poll_twice(&mut self) -> Result<Vec<Vec<u8>>, TailError> {
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
        assert!(f.poll_twice().unwrap().is_empty(), "no file yet");
        let mut file = std::fs::File::create(&path).unwrap();
        file.write_all(&l[0]).unwrap();
        file.write_all(&l[1][..10]).unwrap();
        assert!(f.poll_twice().unwrap().is_empty(), "seen once");
        let got = f.poll_twice().unwrap();
        assert_eq!(got, vec![l[0].clone()]);
        file.write_all(&l[1][10..]).unwrap();
        file.write_all(&l[2]).unwrap();
        assert!(f.poll_twice().unwrap().is_empty());
        let got = f.poll_twice().unwrap();
        assert_eq!(got, vec![l[1].clone(), l[2].clone()]);
        assert_eq!(f.handed(), 3);
        assert!(f.poll_twice().unwrap().is_empty());
    }

    #[test]
    fn issue14_a_line_taken_back_before_the_second_look_is_never_handed_on() {
        let path = temp("taken-back");
        let l = lines();
        std::fs::write(&path, [l[0].clone(), l[1].clone()].concat()).unwrap();
        let mut f = JournalTail::new(&path);
        f.poll_twice().unwrap();
        let file = std::fs::OpenOptions::new().write(true).open(&path).unwrap();
        file.set_len(l[0].len() as u64).unwrap();
        let got = f.poll_twice().unwrap();
        assert_eq!(got.len(), 1, "entry 1 was there both times");
        assert!(f.poll_twice().unwrap().is_empty());
        std::fs::write(&path, b"").unwrap();
        assert!(matches!(f.poll_twice(), Err(TailError::Shrank)));
    }

    #[cfg(unix)]
    #[test]
    fn issue31_a_synced_line_is_handed_on_at_the_first_look_and_a_torn_tail_waits() {
        let path = temp("synced");
        let l = lines();
        let mut f = JournalTail::new(&path);
        assert!(f.poll().unwrap().is_empty(), "no file yet");
        let mut file = std::fs::File::create(&path).unwrap();
        file.write_all(&l[0]).unwrap();
        file.write_all(&l[1][..10]).unwrap();
        assert_eq!(f.poll().unwrap(), vec![l[0].clone()], "at once, synced");
        assert!(f.poll().unwrap().is_empty(), "the torn tail waits");
        file.write_all(&l[1][10..]).unwrap();
        file.write_all(&l[2]).unwrap();
        assert_eq!(f.poll().unwrap(), vec![l[1].clone(), l[2].clone()]);
        assert_eq!(f.handed(), 3);
        // A long line (a 1 MiB note) comes whole.
        let long = [vec![b'x'; 1 << 20], vec![b'\n']].concat();
        file.write_all(&long).unwrap();
        assert_eq!(f.poll().unwrap(), vec![long]);
        std::fs::write(&path, b"").unwrap();
        assert!(matches!(f.poll(), Err(TailError::Shrank)));
    }
}
