//! Following a session journal as a reader while another program writes it (the app, or
//! `tianyuan session append`): the hall board's way of seeing each entry once it is on the
//! board's disk. It never takes the writer's lock and never writes.
//!
//! A complete line is handed on only when a later look finds it unchanged: the writer appends
//! and then syncs, and takes a line back off if the sync fails, so a line seen once may still
//! vanish; seen twice (a poll apart, after the writer's sync) it stays. Every line is checked
//! against the hash chain before it is handed on, as any reader of the journal does.

use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};

use crate::journal::{SessionRecord, decode_line};

/// The most read in one look (a long backlog is read over several).
const MAX_READ: u64 = 8 * 1024 * 1024;

/// One entry as found in the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FollowedLine {
    /// Its number.
    pub n: u32,
    /// The exact line, `\n` included.
    pub bytes: Vec<u8>,
    /// Its SHA-256.
    pub sha256: [u8; 32],
    /// Entry 1: the session id.
    pub session: Option<String>,
    /// Entry 1: the table the setup names (free text, may be empty).
    pub setup_table: Option<String>,
}

/// Why following stopped.
#[derive(Debug)]
pub enum FollowError {
    /// The file could not be read.
    Io(io::Error),
    /// A complete line is not an intact entry: nothing after it is handed on.
    Damaged {
        /// The entry's number.
        n: u32,
        /// Why.
        why: String,
    },
    /// The file is shorter than the entries already handed on (replaced or cut by hand).
    Shrank,
}

impl std::fmt::Display for FollowError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FollowError::Io(e) => write!(f, "{e}"),
            FollowError::Damaged { n, why } => write!(f, "entry {n} is not intact: {why}"),
            FollowError::Shrank => {
                f.write_str("the journal is shorter than what was already read (replaced or cut?)")
            }
        }
    }
}

impl std::error::Error for FollowError {}

/// A reader that remembers where it is in one journal.
#[derive(Debug)]
pub struct JournalFollower {
    path: PathBuf,
    offset: u64,
    n: u32,
    prev: [u8; 32],
    size: u8,
    /// Lines complete at the last look and not handed on yet: (end offset, hash).
    candidates: Vec<(u64, [u8; 32])>,
    /// The first entry that is not intact: following stops there for good.
    damaged: Option<(u32, String)>,
}

impl JournalFollower {
    /// Follows `path` from its beginning.
    pub fn new(path: &Path) -> JournalFollower {
        JournalFollower {
            path: path.to_path_buf(),
            offset: 0,
            n: 0,
            prev: [0; 32],
            size: 19,
            candidates: Vec::new(),
            damaged: None,
        }
    }

    /// The path followed.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Entries handed on so far.
    pub fn entries(&self) -> u32 {
        self.n
    }

    /// Looks at the file: the entries that were complete at the last look and still are.
    pub fn poll(&mut self) -> Result<Vec<FollowedLine>, FollowError> {
        if let Some((n, why)) = &self.damaged {
            return Err(FollowError::Damaged {
                n: *n,
                why: why.clone(),
            });
        }
        let mut file = match File::open(&self.path) {
            Ok(f) => f,
            // Not written yet (a board started before its game): nothing to hand on.
            Err(e) if e.kind() == io::ErrorKind::NotFound && self.n == 0 => return Ok(Vec::new()),
            Err(e) => return Err(FollowError::Io(e)),
        };
        let len = file.metadata().map_err(FollowError::Io)?.len();
        if len < self.offset {
            return Err(FollowError::Shrank);
        }
        if len == self.offset {
            self.candidates.clear();
            return Ok(Vec::new());
        }
        let want = (len - self.offset).min(MAX_READ);
        file.seek(SeekFrom::Start(self.offset))
            .map_err(FollowError::Io)?;
        let mut buf = Vec::with_capacity(want as usize);
        file.take(want)
            .read_to_end(&mut buf)
            .map_err(FollowError::Io)?;
        let mut out = Vec::new();
        let mut fresh = Vec::new();
        let mut pos = 0usize;
        while let Some(end) = buf[pos..].iter().position(|&b| b == b'\n') {
            let line = &buf[pos..pos + end + 1];
            let line_end = self.offset + (pos + end + 1) as u64;
            let sha = crate::hall::desk::copy::line_sha(line).unwrap_or([0; 32]);
            if fresh.is_empty() && self.candidates.contains(&(line_end, sha)) {
                match self.check(line) {
                    Ok(l) => out.push(l),
                    Err(why) => {
                        self.damaged = Some((self.n + 1, why));
                        break;
                    }
                }
            } else {
                fresh.push((line_end, sha));
            }
            pos += end + 1;
        }
        self.offset += out.iter().map(|l| l.bytes.len() as u64).sum::<u64>();
        self.candidates = fresh;
        if out.is_empty()
            && let Some((n, why)) = &self.damaged
        {
            return Err(FollowError::Damaged {
                n: *n,
                why: why.clone(),
            });
        }
        Ok(out)
    }

    fn check(&mut self, line: &[u8]) -> Result<FollowedLine, String> {
        let n = self.n + 1;
        let body = &line[..line.len() - 1];
        let decoded = decode_line(body, n, &self.prev, self.size).map_err(|e| e.to_string())?;
        let (session, setup_table) = match &decoded.record {
            SessionRecord::Setup(h) => {
                self.size = h.setup.size;
                (Some(h.id.clone()), Some(h.setup.table.clone()))
            }
            SessionRecord::Entry(_) => (None, None),
        };
        self.n = n;
        self.prev = decoded.sha256;
        Ok(FollowedLine {
            n,
            bytes: line.to_vec(),
            sha256: decoded.sha256,
            session,
            setup_table,
        })
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
        let mut f = JournalFollower::new(&path);
        assert!(f.poll().unwrap().is_empty(), "no file yet");
        let mut file = std::fs::File::create(&path).unwrap();
        file.write_all(&l[0]).unwrap();
        file.write_all(&l[1][..10]).unwrap();
        assert!(f.poll().unwrap().is_empty(), "seen once");
        let got = f.poll().unwrap();
        assert_eq!(got.len(), 1);
        assert_eq!(got[0].session.as_deref(), Some("0123456789abcdef"));
        file.write_all(&l[1][10..]).unwrap();
        file.write_all(&l[2]).unwrap();
        assert!(f.poll().unwrap().is_empty());
        let got = f.poll().unwrap();
        assert_eq!(got.iter().map(|g| g.n).collect::<Vec<_>>(), vec![2, 3]);
        assert_eq!(got[1].bytes, l[2]);
        assert!(f.poll().unwrap().is_empty());
    }

    #[test]
    fn issue14_a_line_taken_back_before_the_second_look_is_never_handed_on() {
        let path = temp("taken-back");
        let l = lines();
        std::fs::write(&path, [l[0].clone(), l[1].clone()].concat()).unwrap();
        let mut f = JournalFollower::new(&path);
        f.poll().unwrap();
        let file = std::fs::OpenOptions::new().write(true).open(&path).unwrap();
        file.set_len(l[0].len() as u64).unwrap();
        let got = f.poll().unwrap();
        assert_eq!(got.len(), 1, "entry 1 was there both times");
        assert!(f.poll().unwrap().is_empty());
    }

    #[test]
    fn issue14_a_damaged_line_stops_following_with_its_number() {
        let path = temp("damaged");
        let l = lines();
        let mut bad = l[1].clone();
        bad[12] ^= 1;
        std::fs::write(&path, [l[0].clone(), bad].concat()).unwrap();
        let mut f = JournalFollower::new(&path);
        assert!(f.poll().unwrap().is_empty());
        assert_eq!(f.poll().unwrap().len(), 1, "the intact entry before it");
        match f.poll() {
            Err(FollowError::Damaged { n: 2, .. }) => {}
            other => panic!("{other:?}"),
        }
        // A damaged journal stays damaged; an intact one cut below what was read is told apart.
        std::fs::write(&path, [l[0].clone(), l[1].clone()].concat()).unwrap();
        let mut f = JournalFollower::new(&path);
        f.poll().unwrap();
        assert_eq!(f.poll().unwrap().len(), 2);
        std::fs::write(&path, b"").unwrap();
        assert!(matches!(f.poll(), Err(FollowError::Shrank)));
    }
}
