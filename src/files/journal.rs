//! The session file on disk: one writer at a time (an OS advisory lock, released when the
//! process dies — never a lock file), every entry appended and `fsync`ed before it counts, a
//! torn tail moved aside (never deleted) before the next append, a damaged file opened only to
//! read.
//!
//! [`Journal`] ties the file to the [`Session`] it holds: an action is checked against the
//! session, written and synced, and only then committed, so nothing is ever shown as done that
//! is not on disk ("saved" with its number), and a failed write (disk full, stick pulled)
//! applies nothing.

use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use crate::clock::Timestamp;
use crate::journal::{self, Damage, EntryBytes, Header, ReadError, Reading};
use crate::seal::{KdfParams, PinKeys, PinRecord, SealedMove};
use crate::session::shorthand::{Action, Line};
use crate::session::{Applied, Entry, Event, GameSetup, Session, SessionError};

use super::atomic::{sync_folder, write_new};

/// The largest session file read (a game of thousands of entries is a few hundred KB).
pub const MAX_JOURNAL_BYTES: u64 = 256 * 1024 * 1024;

/// Why a journal could not be opened or written.
#[derive(Debug)]
pub enum JournalError {
    /// The system refused (missing file, no permission, disk full …).
    Io(io::Error),
    /// Another program is writing this session (it holds the lock).
    Locked,
    /// The file is not a session journal that can be read.
    Read(ReadError),
    /// An entry is not intact: the file is open to read only, naming the entry.
    Damaged(Damage),
    /// The log does not fold (a hand-edited file): entry `n` does not apply.
    Fold(u32, SessionError),
    /// The action was refused by the rules or the phase; nothing was written.
    Refused(SessionError),
    /// The action needs the arbiter's PIN, and it was not given, is wrong, or the session has
    /// no lock.
    Pin(PinProblem),
    /// Sealing or unsealing failed (the message says why).
    Seal(String),
}

/// What is wrong with the PIN for an arbiter's action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PinProblem {
    /// The session was created without a PIN: it has no lock, and rulings are refused.
    NoLock,
    /// No PIN was given.
    Missing,
    /// The PIN is not this session's.
    Wrong,
}

impl std::fmt::Display for JournalError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            JournalError::Io(e) => write!(f, "{e}"),
            JournalError::Locked => {
                f.write_str("another program is writing this session (it holds the file's lock)")
            }
            JournalError::Read(e) => write!(f, "{e}"),
            JournalError::Damaged(d) => write!(f, "{d}; the file is open to read only"),
            JournalError::Fold(n, e) => write!(f, "entry {n} does not apply: {e}"),
            JournalError::Refused(e) => write!(f, "refused: {e}"),
            JournalError::Pin(PinProblem::NoLock) => f.write_str(
                "this session has no arbiter PIN, so rulings, corrections and sealing are refused",
            ),
            JournalError::Pin(PinProblem::Missing) => {
                f.write_str("this needs the arbiter PIN (--pin or TIANYUAN_ARBITER_PIN)")
            }
            JournalError::Pin(PinProblem::Wrong) => f.write_str("the arbiter PIN is wrong"),
            JournalError::Seal(why) => write!(f, "{why}"),
        }
    }
}

impl std::error::Error for JournalError {}

/// A [`JournalError`] as a plain value the window keeps until it is drawn, so a language
/// switch translates it and no English reaches a Chinese screen.
#[derive(Clone, Debug, PartialEq)]
pub enum JournalProblem {
    /// The system refused (missing file, no permission, disk full …): its kind and its words.
    Io {
        /// The kind, for our own words.
        kind: io::ErrorKind,
        /// The system's words.
        text: String,
    },
    /// Another program is writing this session.
    Locked,
    /// The file is not a session journal that can be read (the reader's words).
    Unreadable(String),
    /// An entry is not intact (the reader's words).
    Damaged(String),
    /// Entry `n` of the log does not apply.
    Fold(u32, SessionError),
    /// Refused by the rules or the phase.
    Refused(SessionError),
    /// The PIN is missing, wrong, or the session has no lock.
    Pin(PinProblem),
    /// Sealing or unsealing failed (the seal's words).
    Seal(String),
    /// The game's journal was closed (a request for a game that was replaced).
    Closed,
}

impl JournalProblem {
    /// The problem in `lang`.
    pub fn text(&self, lang: crate::i18n::Lang) -> String {
        match self {
            JournalProblem::Io { kind, text } => {
                let ours = match kind {
                    io::ErrorKind::StorageFull => {
                        lang.pick("磁盘已满", "磁碟已滿", "The disk is full")
                    }
                    io::ErrorKind::PermissionDenied => {
                        lang.pick("没有写入权限", "沒有寫入權限", "No permission to write")
                    }
                    io::ErrorKind::NotFound => lang.pick(
                        "找不到文件或文件夹",
                        "找不到檔案或資料夾",
                        "File or folder not found",
                    ),
                    _ => lang.pick("系统拒绝读写", "系統拒絕讀寫", "The system refused"),
                };
                format!("{ours} ({text})")
            }
            JournalProblem::Locked => lang
                .pick(
                    "另一个程序正在写这个对局（持有文件锁）",
                    "另一個程式正在寫這個對局（持有檔案鎖）",
                    "Another program is writing this session (it holds the file's lock)",
                )
                .to_owned(),
            JournalProblem::Unreadable(why) => format!(
                "{}: {why}",
                lang.pick(
                    "不是可读的对局记录",
                    "不是可讀的對局記錄",
                    "Not a readable session file"
                )
            ),
            JournalProblem::Damaged(why) => format!(
                "{}: {why}",
                lang.pick(
                    "对局记录已损坏，只能阅读",
                    "對局記錄已損壞，只能閱讀",
                    "The session file is damaged and open to read only"
                )
            ),
            JournalProblem::Fold(n, e) => lang.pick(
                format!(
                    "第{n}条无法套用：{}",
                    crate::i18n::session_error_text(e, lang)
                ),
                format!(
                    "第{n}條無法套用：{}",
                    crate::i18n::session_error_text(e, lang)
                ),
                format!(
                    "Entry {n} does not apply: {}",
                    crate::i18n::session_error_text(e, lang)
                ),
            ),
            JournalProblem::Refused(e) => crate::i18n::session_error_text(e, lang),
            JournalProblem::Pin(PinProblem::NoLock) => lang
                .pick(
                    "本局没有裁判密码，不能裁决、更正或封棋",
                    "本局沒有裁判密碼，不能裁決、更正或封棋",
                    "This game has no arbiter PIN, so rulings, corrections and sealing are refused",
                )
                .to_owned(),
            JournalProblem::Pin(PinProblem::Missing) => lang
                .pick("需要裁判密码", "需要裁判密碼", "This needs the arbiter PIN")
                .to_owned(),
            JournalProblem::Pin(PinProblem::Wrong) => lang
                .pick("裁判密码不对", "裁判密碼不對", "The arbiter PIN is wrong")
                .to_owned(),
            JournalProblem::Seal(why) => format!(
                "{}: {why}",
                lang.pick("封棋失败", "封棋失敗", "Sealing failed")
            ),
            JournalProblem::Closed => lang
                .pick(
                    "这一局已关闭，没有写入",
                    "這一局已關閉，沒有寫入",
                    "That game is closed: nothing was written",
                )
                .to_owned(),
        }
    }
}

impl JournalError {
    /// The error as a plain value (see [`JournalProblem`]).
    pub fn problem(&self) -> JournalProblem {
        match self {
            JournalError::Io(e) => JournalProblem::Io {
                kind: e.kind(),
                text: e.to_string(),
            },
            JournalError::Locked => JournalProblem::Locked,
            JournalError::Read(e) => JournalProblem::Unreadable(e.to_string()),
            JournalError::Damaged(d) => JournalProblem::Damaged(d.to_string()),
            JournalError::Fold(n, e) => JournalProblem::Fold(*n, e.clone()),
            JournalError::Refused(e) => JournalProblem::Refused(e.clone()),
            JournalError::Pin(p) => JournalProblem::Pin(*p),
            JournalError::Seal(why) => JournalProblem::Seal(why.clone()),
        }
    }
}

thread_local! {
    static SYNCS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// How many journal entries this thread has synced to disk: the window's test that no journal
/// write happens on the thread that applies commands reads it.
pub fn syncs_on_this_thread() -> u64 {
    SYNCS.with(std::cell::Cell::get)
}

impl From<io::Error> for JournalError {
    fn from(e: io::Error) -> JournalError {
        JournalError::Io(e)
    }
}

/// The folder sessions live in unless saved elsewhere: `$XDG_DATA_HOME/tianyuan/sessions`
/// (`~/.local/share/tianyuan/sessions` by default).
pub fn sessions_folder() -> Option<PathBuf> {
    let data = std::env::var_os("XDG_DATA_HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| {
            std::env::var_os("HOME")
                .filter(|v| !v.is_empty())
                .map(|h| PathBuf::from(h).join(".local/share"))
        })?;
    Some(data.join("tianyuan").join("sessions"))
}

/// Reads a journal without writing and without taking the lock (`show`, `verify`, exports).
pub fn read_journal(path: &Path) -> Result<(Vec<u8>, Reading), JournalError> {
    let bytes = super::read_bounded(path, MAX_JOURNAL_BYTES).map_err(|e| match e {
        super::atomic::ReadError::Io(e) => JournalError::Io(e),
        other => JournalError::Io(io::Error::other(other.to_string())),
    })?;
    let reading = journal::read(&bytes).map_err(JournalError::Read)?;
    Ok((bytes, reading))
}

/// The session folded from a reading, or the entry that does not apply.
pub fn fold_reading(reading: &Reading) -> Result<Session, JournalError> {
    Session::replay(reading.header.setup.clone(), &reading.entries)
        .map_err(|(n, e)| JournalError::Fold(n, e))
}

/// The open file of one session, locked for writing — or, for a game not yet saved anywhere
/// (the app's board before the first entry, tests), the same bytes kept in memory.
#[derive(Debug)]
struct JournalFile {
    file: Option<File>,
    /// Every intact byte of the journal, also when it is on disk: after a failed write (a
    /// stick pulled) the game goes on in a file elsewhere without reading the lost one.
    memory: Vec<u8>,
    /// Bytes of intact entries: where the next one goes.
    len: u64,
    /// The last entry's hash.
    head: [u8; 32],
}

impl JournalFile {
    fn open_locked(path: &Path) -> Result<File, JournalError> {
        let file = OpenOptions::new().read(true).append(true).open(path)?;
        match file.try_lock() {
            Ok(()) => Ok(file),
            Err(std::fs::TryLockError::WouldBlock) => Err(JournalError::Locked),
            Err(std::fs::TryLockError::Error(e)) => Err(JournalError::Io(e)),
        }
    }

    /// Appends one line and syncs it; on failure, takes the partial bytes back off so the file
    /// ends with its last intact entry.
    fn append(&mut self, line: &EntryBytes) -> io::Result<()> {
        if let Some(file) = self.file.as_mut() {
            let written = file.write_all(&line.bytes).and_then(|()| file.sync_data());
            SYNCS.with(|c| c.set(c.get() + 1));
            if let Err(e) = written {
                let _ = file.set_len(self.len);
                let _ = file.sync_data();
                return Err(e);
            }
        }
        self.memory.extend_from_slice(&line.bytes);
        self.len += line.bytes.len() as u64;
        self.head = line.sha256;
        Ok(())
    }
}

/// Moves the torn bytes of `path` aside to `PATH.torn-N` (the first free N), then cuts them off
/// the journal; nothing is deleted.
fn move_torn_aside(path: &Path, file: &File, bytes: &[u8], offset: usize) -> io::Result<PathBuf> {
    let torn = &bytes[offset..];
    let name = path
        .file_name()
        .map_or_else(|| "session".into(), |n| n.to_string_lossy().into_owned());
    let mut n = 1u32;
    let aside = loop {
        let candidate = path.with_file_name(format!("{name}.torn-{n}"));
        match write_new(&candidate, torn) {
            Ok(()) => break candidate,
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists && n < 10_000 => n += 1,
            Err(e) => return Err(e),
        }
    };
    file.set_len(offset as u64)?;
    file.sync_all()?;
    Ok(aside)
}

/// The paper slip of a sealed move, for the envelope: with it the game resumes even if the
/// PIN is lost (`unseal --slip P NONCE`, accepted when the commitment matches).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Slip {
    /// The sealer.
    pub by: crate::rules::Color,
    /// The sealed point as an upper-case GTP vertex, or `PASS`.
    pub vertex: String,
    /// The commitment nonce, hex.
    pub nonce: String,
    /// The commitment, hex.
    pub commitment: String,
}

impl std::fmt::Display for Slip {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "SEALED MOVE SLIP — keep in the envelope\n  sealed by: {}\n  move: {}\n  nonce: {}\n  commitment: {}\n  (to open without the PIN: unseal --slip {} {})",
            self.by.letter(),
            self.vertex,
            self.nonce,
            self.commitment,
            self.vertex,
            self.nonce
        )
    }
}

/// A session and its journal: every action is written and synced before it is committed.
#[derive(Debug)]
pub struct Journal {
    path: PathBuf,
    file: JournalFile,
    header: Header,
    session: Session,
    /// The signing key, once the arbiter's PIN has been given in this process.
    keys: Option<PinKeys>,
    /// Torn bytes moved aside when the journal was opened.
    moved_aside: Option<PathBuf>,
}

/// What one append did: the entry's number, what it changed, and a sealed move's slip.
#[derive(Clone, Debug)]
pub struct Appended {
    /// The entry's number.
    pub n: u32,
    /// What the entry did (the voice's phrases, the article, whether it ended the game).
    pub applied: Applied,
    /// The slip of a sealed move, to print for the envelope.
    pub slip: Option<Slip>,
}

/// What [`Journal::create`] needs besides the setup.
#[derive(Clone, Debug)]
pub struct NewSession {
    /// The arbiter's PIN (checked by the caller with [`crate::seal::check_pin`]).
    pub pin: Option<String>,
    /// The key derivation's cost (the standard one, except in format tests).
    pub kdf: KdfParams,
}

impl Journal {
    /// Writes a new session file at `path` with the setup entry and then `lines` (a script),
    /// all checked first: a refused line fails with its index and leaves no file. Refuses an
    /// existing `path`.
    pub fn create(
        path: &Path,
        setup: GameSetup,
        new: &NewSession,
        lines: &[Line],
    ) -> Result<(Journal, Vec<Slip>), (Option<usize>, JournalError)> {
        let (mut journal, slips) = Journal::in_memory(setup, new, lines)?;
        journal.persist(path).map_err(|e| (None, e))?;
        Ok((journal, slips))
    }

    /// Writes a journal kept in memory to a new file at `path` (refusing an existing one) and
    /// keeps writing there, holding the file's lock.
    pub fn persist(&mut self, path: &Path) -> Result<(), JournalError> {
        if self.file.file.is_some() {
            return Ok(());
        }
        self.relocate(path)
    }

    /// Writes every intact entry to a new file at `path` (refusing an existing one) and goes on
    /// there: after a failed write, the game continues in another folder with nothing lost.
    pub fn relocate(&mut self, path: &Path) -> Result<(), JournalError> {
        write_new(path, &self.file.memory)?;
        let file = JournalFile::open_locked(path)?;
        self.file.file = Some(file);
        self.path = path.to_path_buf();
        Ok(())
    }

    /// Whether the journal is on disk (not only in memory).
    pub fn on_disk(&self) -> bool {
        self.file.file.is_some()
    }

    /// A new session kept in memory until [`Journal::persist`]: the setup entry and then
    /// `lines`, all checked; a refused line fails with its index.
    pub fn in_memory(
        setup: GameSetup,
        new: &NewSession,
        lines: &[Line],
    ) -> Result<(Journal, Vec<Slip>), (Option<usize>, JournalError)> {
        let (pin_record, keys) = match &new.pin {
            Some(pin) => {
                let salt = crate::entropy::bytes().map_err(|e| (None, JournalError::Seal(e)))?;
                let (record, keys) = PinRecord::create(pin, salt, new.kdf)
                    .map_err(|e| (None, JournalError::Seal(e.to_string())))?;
                (Some(record), Some(keys))
            }
            None => (None, None),
        };
        let id_bytes: [u8; 16] =
            crate::entropy::bytes().map_err(|e| (None, JournalError::Seal(e)))?;
        let header = Header {
            setup: setup.clone(),
            pin: pin_record,
            id: crate::seal::hex::encode(&id_bytes),
        };
        let mut session = Session::new(setup).map_err(|e| (None, JournalError::Refused(e)))?;
        let mut bytes = Vec::new();
        let utc = crate::time::utc_text(crate::time::utc_now());
        let first = journal::encode_setup(&header, &utc, keys.as_ref());
        let mut head = first.sha256;
        bytes.extend_from_slice(&first.bytes);
        let mut slips = Vec::new();
        for (i, line) in lines.iter().enumerate() {
            let (entry, slip) =
                to_entry(&session, &header, keys.as_ref(), new.pin.as_deref(), line)
                    .map_err(|e| (Some(i), e))?;
            slips.extend(slip);
            let prepared = session
                .prepare(entry)
                .map_err(|e| (Some(i), JournalError::Refused(e)))?;
            let encoded = journal::encode_entry(
                prepared.entry(),
                &head,
                &utc,
                header.setup.size,
                keys.as_ref(),
            );
            head = encoded.sha256;
            bytes.extend_from_slice(&encoded.bytes);
            session.commit(prepared);
        }
        let journal = Journal {
            path: PathBuf::new(),
            file: JournalFile {
                file: None,
                len: bytes.len() as u64,
                memory: bytes,
                head,
            },
            header,
            session,
            keys,
            moved_aside: None,
        };
        Ok((journal, slips))
    }

    /// Opens an existing session to write: takes the lock, moves a torn tail aside, and folds
    /// the entries. A damaged file is refused (read it with [`read_journal`]).
    pub fn open(path: &Path) -> Result<Journal, JournalError> {
        let file = JournalFile::open_locked(path)?;
        let (bytes, reading) = read_journal(path)?;
        let moved_aside = match &reading.damage {
            None => None,
            Some(Damage::TornTail { offset, .. }) => {
                Some(move_torn_aside(path, &file, &bytes, *offset)?)
            }
            Some(d @ Damage::Broken { .. }) => return Err(JournalError::Damaged(d.clone())),
        };
        let session = fold_reading(&reading)?;
        if let Some(dir) = path.parent() {
            sync_folder(dir);
        }
        Ok(Journal {
            path: path.to_path_buf(),
            file: JournalFile {
                file: Some(file),
                memory: bytes[..reading.intact_len()].to_vec(),
                len: reading.intact_len() as u64,
                head: reading.head(),
            },
            header: reading.header,
            session,
            keys: None,
            moved_aside,
        })
    }

    /// The file's path (empty while the journal is only in memory).
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The session as it stands.
    pub fn session(&self) -> &Session {
        &self.session
    }

    /// The setup entry's content.
    pub fn header(&self) -> &Header {
        &self.header
    }

    /// Where a torn tail was moved when the journal was opened.
    pub fn moved_aside(&self) -> Option<&Path> {
        self.moved_aside.as_deref()
    }

    /// Every intact byte of the journal (one JSON line an entry, the setup first), as on disk.
    pub fn bytes(&self) -> &[u8] {
        &self.file.memory
    }

    /// The number of entries (the last one's number).
    pub fn entries(&self) -> u32 {
        self.session.next_number() - 1
    }

    /// The head of the hash chain (the last entry's SHA-256).
    pub fn head(&self) -> [u8; 32] {
        self.file.head
    }

    /// Unlocks the arbiter's actions with `pin` for this process.
    pub fn unlock(&mut self, pin: &str) -> Result<(), JournalError> {
        let record = self
            .header
            .pin
            .ok_or(JournalError::Pin(PinProblem::NoLock))?;
        let keys = record
            .unlock(pin)
            .ok_or(JournalError::Pin(PinProblem::Wrong))?;
        self.keys = Some(keys);
        Ok(())
    }

    /// Checks `pin` against the session's verifier (Argon2id: call it off the window's thread).
    /// The right PIN leaves the derived keys in the journal (for the HMAC and the seal); the
    /// PIN itself is not kept. A session without a lock has no PIN to check.
    pub fn check_pin(&mut self, pin: &str) -> Result<bool, JournalError> {
        match self.unlock(pin) {
            Ok(()) => Ok(true),
            Err(JournalError::Pin(PinProblem::Wrong)) => Ok(false),
            Err(e) => Err(e),
        }
    }

    /// Whether the arbiter's PIN has been given in this process.
    pub fn unlocked(&self) -> bool {
        self.keys.is_some()
    }

    /// Checks, writes, syncs and commits one parsed line; `pin` unlocks it when it is the
    /// arbiter's. Returns the entry's number and what it did.
    pub fn append_line(
        &mut self,
        line: &Line,
        pin: Option<&str>,
    ) -> Result<Appended, JournalError> {
        // A PIN given with an action is always checked, also when the keys are already here:
        // a seal is encrypted under the PIN typed, so a wrong one must never seal.
        if let Some(pin) = pin
            && self.header.pin.is_some()
        {
            self.unlock(pin)?;
        }
        let (entry, slip) = to_entry(&self.session, &self.header, self.keys.as_ref(), pin, line)?;
        let (n, applied) = self.append_entry(entry)?;
        Ok(Appended { n, applied, slip })
    }

    /// Checks, writes, syncs and commits one event at `at`.
    pub fn append_event(
        &mut self,
        at: Timestamp,
        event: Event,
        article: Option<String>,
        note: Option<String>,
    ) -> Result<(u32, Applied), JournalError> {
        let entry = Entry {
            n: self.session.next_number(),
            at,
            event,
            article,
            note,
        };
        if entry.event.needs_arbiter() {
            check_lock(&self.header, self.keys.as_ref())?;
        }
        self.append_entry(entry)
    }

    fn append_entry(&mut self, entry: Entry) -> Result<(u32, Applied), JournalError> {
        let prepared = self.session.prepare(entry).map_err(JournalError::Refused)?;
        let utc = crate::time::utc_text(crate::time::utc_now());
        let bytes = journal::encode_entry(
            prepared.entry(),
            &self.file.head,
            &utc,
            self.header.setup.size,
            self.keys.as_ref(),
        );
        self.file.append(&bytes)?;
        let n = prepared.entry().n;
        Ok((n, self.session.commit(prepared)))
    }
}

/// Refuses an arbiter's action without the session's PIN.
fn check_lock(header: &Header, keys: Option<&PinKeys>) -> Result<(), JournalError> {
    match (header.pin, keys) {
        (None, _) => Err(JournalError::Pin(PinProblem::NoLock)),
        (Some(_), None) => Err(JournalError::Pin(PinProblem::Missing)),
        (Some(_), Some(_)) => Ok(()),
    }
}

/// Turns a parsed line into the entry to write: checks the lock, encrypts a seal under the
/// PIN, opens an unsealing with the PIN or the slip.
fn to_entry(
    session: &Session,
    header: &Header,
    keys: Option<&PinKeys>,
    pin: Option<&str>,
    line: &Line,
) -> Result<(Entry, Option<Slip>), JournalError> {
    let size = header.setup.size;
    let mut slip = None;
    let event = match &line.action {
        Action::Event(e) => e.clone(),
        Action::SealedBy(_) => {
            return Err(JournalError::Seal(
                "`seal S` needs the point: seal S P".to_owned(),
            ));
        }
        Action::Seal { by, mv } => {
            check_lock(header, keys)?;
            let pin = pin.ok_or(JournalError::Pin(PinProblem::Missing))?;
            let random = crate::entropy::seal_random().map_err(JournalError::Seal)?;
            // A seal costs what the session's PIN verifier costs (the standard 64 MiB, 3 passes).
            let kdf = header.pin.map_or(KdfParams::STANDARD, |p| p.kdf);
            let sealed = SealedMove::seal(pin, *by, *mv, size, kdf, &random)
                .map_err(|e| JournalError::Seal(e.to_string()))?;
            slip = Some(Slip {
                by: *by,
                vertex: crate::seal::vertex_text(*mv, size),
                nonce: crate::seal::hex::encode(&random.nonce),
                commitment: crate::seal::hex::encode(&sealed.commitment),
            });
            Event::Seal(sealed)
        }
        Action::Unseal { slip } => {
            let sealed = session
                .sealed()
                .ok_or(JournalError::Refused(SessionError::NotSealed))?;
            let reveal = match slip {
                Some((mv, nonce)) => {
                    check_lock(header, keys)?;
                    sealed
                        .open_with_slip(*mv, *nonce, size)
                        .map_err(|e| JournalError::Seal(e.to_string()))?
                }
                None => {
                    check_lock(header, keys)?;
                    let pin = pin.ok_or(JournalError::Pin(PinProblem::Missing))?;
                    sealed
                        .open(pin, size)
                        .map_err(|e| JournalError::Seal(e.to_string()))?
                }
            };
            Event::Unseal(reveal)
        }
    };
    // A session without a lock has no arbiter: the decision on a restart's time away is the
    // players' there (a casual game at the window), every other ruling stays refused.
    let pinless_gap = header.pin.is_none() && matches!(event, Event::Gap { .. });
    if event.needs_arbiter() && !pinless_gap {
        check_lock(header, keys)?;
    }
    let entry = Entry {
        n: session.next_number(),
        at: line.at,
        event,
        article: line.article.clone(),
        note: line.note.clone(),
    };
    Ok((entry, slip))
}
