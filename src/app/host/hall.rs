//! The hall at the table (issue 18 item 6), the host's side: the Hall setting linked once and
//! carried from one game to the next, the journal writer's acknowledged lines forwarded to the
//! link (no second reader of the file), the desk's rulings entered through the arbiter's lock
//! and the journal writer, and the players' confirmation of a result before the desk posts it.
//!
//! The link itself runs in the effects runner ([`crate::app::effects`]): the host sends it
//! [`HallRequest`]s and hears back [`HallCommand`]s (started, refused, the light). Nothing here
//! touches the network, a file or a thread.
//!
//! - **The lines.** Every `Appended` and `Opened` answer carries the exact lines newly on disk,
//!   numbered. The host keeps the lines of the game at the board (a game is a few hundred
//!   lines) and forwards them; a game whose first line arrives begins a new session on the
//!   same link. When the link (re)starts, the whole game at the board is sent again (the link
//!   takes a line it already has as a no-op). After a crash the link itself carries again the
//!   games its ledger in the sessions folder names (`hall::board_link::ledger_path`), also those
//!   nobody opens again; a finished game awaiting the players' confirmation is offered at start.
//! - **Rulings.** A ruling the link received is listed with its id and signature state; the
//!   arbiter enters it with one click, which passes the lock like every ruling
//!   ([`super::lock::Waiting::DeskRuling`]); the line comes from
//!   [`crate::hall::accept::ruling_line`] (verified again with the event's desk key, its id in
//!   the note, refused "already entered as entry N") and is appended by the journal writer.
//! - **The players' confirmation.** A game begun while the table is linked is set up with
//!   `sign=players` (and the link's table when the setup names none): when it ends, both
//!   players confirm the result on screen, each a `sign S` entry, and the desk posts it only
//!   after both (see `docs/decisions.md`, "The hall in the window (issue 18)").

use std::path::PathBuf;

use super::Host;
use super::effect::Effect;
use super::lock::Waiting;
use super::notice::Notice;
use crate::clock::Timestamp;
use crate::files::journal_writer::{GameId, Reply};
use crate::hall::accept::{AcceptError, BoardIdentity, ruling_line};
use crate::hall::link::{HallSetting, LinkLight};
use crate::hall::ruling::{ChiefPublicKey, Signature, SignedRuling, acceptance_mark, entered_as};
use crate::i18n::Lang;
use crate::rules::Color;
use crate::session::shorthand::Action;
use crate::session::{Event, GameSetup, Session};

/// What the host asks of the runner's hall link.
#[derive(Clone, Debug, PartialEq)]
pub enum HallRequest {
    /// Start the link with this setting (a running link is stopped first), keeping its ledger
    /// of carried sessions in the sessions folder (none: a window that writes no files).
    Start(HallSetting, Option<PathBuf>),
    /// Stop the link (the board works alone).
    Stop,
    /// A session begins (or is opened again) at this table: its journal.
    Begin(PathBuf),
    /// Lines of the current session now on disk, numbered, exactly as written.
    Feed(Vec<(u32, Vec<u8>)>),
    /// The ruling with this id is entered: the link forgets it.
    Entered(String),
}

/// The hall's commands: the views' requests and the runner's answers.
#[derive(Clone, Debug, PartialEq)]
pub enum HallCommand {
    /// Link this table with the Hall setting as it stands in the settings (remembered: the
    /// next start links again).
    Link,
    /// Unlink: the board works alone.
    Unlink,
    /// Enter the desk's ruling with this id (asks for the arbiter's PIN when locked).
    Accept(String),
    /// This player confirms the result on screen.
    Sign(Color),
    /// The runner: the link runs, verifying rulings with `key` as `identity`.
    Started {
        /// The event's desk key (none: an open server without one).
        key: Option<ChiefPublicKey>,
        /// The event and table of the credentials.
        identity: BoardIdentity,
        /// No credentials: anyone on the hall's network can publish.
        open_server: bool,
    },
    /// The runner: the setting was refused (a bad event, table, credentials or key).
    Refused(String),
    /// The runner: the link's light changed.
    Light(LinkLight),
}

/// What the hall says to the user, translated when drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HallNotice {
    /// The desk's ruling is in the journal as entry `n`.
    RulingEntered(String, u32),
    /// The desk's ruling was already entered as entry `n`: nothing was written.
    AlreadyEntered(String, u32),
    /// The ruling cannot be entered: why (the hall's words).
    RulingRefused(String),
    /// The ruling is for another game than the one at the board.
    OtherGame(String),
    /// The table is not linked (or the link has not started yet).
    NotLinked,
}

impl HallNotice {
    /// The notice in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        match self {
            HallNotice::RulingEntered(id, n) => lang.pick(
                format!("裁判长裁决 {} 已录入（第{n}条）", short_id(id)),
                format!("裁判長裁決 {} 已錄入（第{n}條）", short_id(id)),
                format!("The desk's ruling {} is entered (entry {n})", short_id(id)),
            ),
            HallNotice::AlreadyEntered(id, n) => lang.pick(
                format!("裁决 {} 已录入为第{n}条，不再重复", short_id(id)),
                format!("裁決 {} 已錄入為第{n}條，不再重複", short_id(id)),
                format!("Ruling {} is already entered as entry {n}", short_id(id)),
            ),
            HallNotice::RulingRefused(why) => format!(
                "{}: {why}",
                lang.pick(
                    "裁判长的裁决不能录入",
                    "裁判長的裁決不能錄入",
                    "The desk's ruling cannot be entered"
                )
            ),
            HallNotice::OtherGame(id) => lang.pick(
                format!("裁决 {} 是给另一局的", short_id(id)),
                format!("裁決 {} 是給另一局的", short_id(id)),
                format!("Ruling {} is for another game", short_id(id)),
            ),
            HallNotice::NotLinked => lang
                .pick(
                    "本台未连接赛场",
                    "本台未連接賽場",
                    "This table is not linked to the hall",
                )
                .to_owned(),
        }
    }

    /// Whether it reports a fault (drawn in the warning colour).
    pub fn is_fault(&self) -> bool {
        !matches!(self, HallNotice::RulingEntered(..))
    }
}

/// A ruling's id as shown: `R3-0a1b2c3d…` (the whole id is in the journal's note).
pub fn short_id(id: &str) -> String {
    match id.split_once('-') {
        Some((r, rest)) if rest.len() > 8 => format!("{r}-{}…", &rest[..8]),
        _ => id.to_owned(),
    }
}

/// The link once it runs: what rulings are verified with.
#[derive(Clone, Debug, PartialEq)]
pub struct Ready {
    /// The event's desk key (none: an open server without `desk_key`).
    pub key: Option<ChiefPublicKey>,
    /// The event and table of the credentials.
    pub identity: BoardIdentity,
    /// No credentials: anyone on the hall's network can publish.
    pub open_server: bool,
}

/// A ruling of the desk as the Arbiter tab lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeskRuling {
    /// The ruling.
    pub ruling: SignedRuling,
    /// Its signature state.
    pub signature: Signature,
}

/// A ruling for the game at the board, as the Arbiter tab shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulingRow {
    /// The ruling.
    pub ruling: SignedRuling,
    /// Its signature state.
    pub signature: Signature,
    /// The entry that entered it, if it is in the journal.
    pub entered: Option<u32>,
    /// It was sent to the journal writer and is not answered yet.
    pub entering: bool,
}

/// The lines of the game at the board as the journal writer acknowledged them.
#[derive(Clone, Debug, Default)]
struct Carried {
    game: Option<GameId>,
    path: Option<PathBuf>,
    session_id: Option<String>,
    lines: Vec<Vec<u8>>,
}

/// The hall as the host knows it.
#[derive(Clone, Debug, Default)]
pub struct HallState {
    /// The setting the link runs with (while linked, from the click until it is unlinked).
    pub running: Option<HallSetting>,
    /// The link answered that it runs.
    pub ready: Option<Ready>,
    /// The setting was refused: why (the board works alone).
    pub refused: Option<String>,
    /// The link's light as last reported.
    pub light: Option<LinkLight>,
    /// Every ruling the link received while this window ran, oldest first.
    pub rulings: Vec<DeskRuling>,
    carried: Carried,
    /// Rulings sent to the journal writer, not answered yet.
    entering: Vec<String>,
    /// A ruling entered by the last journal answer: its id and entry.
    just_entered: Option<(String, u32)>,
}

impl HallState {
    /// The session id of the game `game` at the board, once its first line is on disk.
    pub fn session_id(&self, game: GameId) -> Option<&str> {
        (self.carried.game == Some(game))
            .then_some(self.carried.session_id.as_deref())
            .flatten()
    }

    /// Entries of the game at the board written and forwarded (for tests and the Settings tab).
    pub fn lines_carried(&self) -> usize {
        self.carried.lines.len()
    }

    /// The backlog: entries written at this board that the desk does not hold yet.
    pub fn backlog(&self) -> Option<u32> {
        self.light.as_ref().map(|l| l.backlog)
    }
}

/// A new game's setup at a linked table: the link's table when the setup names none, and both
/// players confirm the result (`sign=players`).
pub fn table_setup(hall: &HallSetting, mut setup: GameSetup) -> GameSetup {
    if hall.enabled {
        if setup.table.trim().is_empty() {
            setup.table = hall.table.trim().to_owned();
        }
        setup.players_sign = true;
    }
    setup
}

/// The session id in entry 1's line (the setup), if it is one.
fn session_id_of(line: &[u8]) -> Option<String> {
    let body = line.strip_suffix(b"\n")?;
    match crate::journal::decode_line(body, 1, &[0; 32], 19)
        .ok()?
        .record
    {
        crate::journal::SessionRecord::Setup(header) => Some(header.id),
        crate::journal::SessionRecord::Entry(_) => None,
    }
}

impl Host {
    /// The hall's commands.
    pub(super) fn apply_hall(&mut self, cmd: HallCommand, now: Timestamp, fx: &mut Vec<Effect>) {
        match cmd {
            HallCommand::Link => {
                self.settings.hall.enabled = true;
                self.start_link(fx);
                self.relink_unwritten_game(now, fx);
            }
            HallCommand::Unlink => {
                self.settings.hall.enabled = false;
                self.hall.running = None;
                self.hall.ready = None;
                self.hall.refused = None;
                self.hall.light = None;
                fx.push(Effect::Hall(HallRequest::Stop));
            }
            HallCommand::Accept(id) => {
                // Like every ruling: nothing before the decision on a restart's time away.
                if self.game.gap.is_some() {
                    self.notice = Some(Notice::DecideGapFirst);
                    return;
                }
                self.gate(Waiting::DeskRuling(id), now, fx);
            }
            HallCommand::Sign(color) => {
                let s = self.session();
                if s.setup().players_sign && s.outcome().is_some() && !s.signed(color) {
                    self.submit(now, Event::Sign(color), None, None, fx);
                }
            }
            HallCommand::Started {
                key,
                identity,
                open_server,
            } => {
                if self.hall.running.is_none() {
                    return;
                }
                self.hall.ready = Some(Ready {
                    key,
                    identity,
                    open_server,
                });
                self.hall.refused = None;
                // The whole game at the board, from its first line: the link takes what it
                // already has as a no-op.
                let c = &self.hall.carried;
                if let Some(path) = c.path.clone() {
                    fx.push(Effect::Hall(HallRequest::Begin(path)));
                    let lines = c
                        .lines
                        .iter()
                        .enumerate()
                        .map(|(i, l)| (u32::try_from(i + 1).unwrap_or(u32::MAX), l.clone()))
                        .collect();
                    fx.push(Effect::Hall(HallRequest::Feed(lines)));
                }
            }
            HallCommand::Refused(why) => {
                if self.hall.running.is_some() {
                    self.hall.ready = None;
                    self.hall.refused = Some(why);
                }
            }
            HallCommand::Light(light) => {
                for r in &light.rulings {
                    if !self.hall.rulings.iter().any(|d| d.ruling.id == r.ruling.id) {
                        self.hall.rulings.push(DeskRuling {
                            ruling: r.ruling.clone(),
                            signature: r.signature,
                        });
                    }
                }
                self.hall.light = Some(light);
            }
        }
    }

    /// Starts the link with the setting in the preferences (remembered as linked).
    pub(super) fn start_link(&mut self, fx: &mut Vec<Effect>) {
        let setting = self.settings.hall.clone();
        self.hall.running = Some(setting.clone());
        self.hall.ready = None;
        self.hall.refused = None;
        self.hall.light = None;
        fx.push(Effect::Hall(HallRequest::Start(
            setting,
            self.sessions_folder.clone(),
        )));
    }

    /// The game at the board has nothing on disk yet and no PIN (the launch game): it is begun
    /// again as a game of this table, so its result is confirmed and its table named.
    fn relink_unwritten_game(&mut self, now: Timestamp, fx: &mut Vec<Effect>) {
        let g = &self.game;
        let unwritten =
            g.session.log().is_empty() && g.path.is_none() && !g.locked && !g.busy() && !g.resumed;
        if !unwritten {
            return;
        }
        let setup = table_setup(&self.settings.hall, g.session.setup().clone());
        if &setup != g.session.setup() {
            self.begin_game(setup, None, now, fx);
        }
    }

    /// A journal writer's answer, before the game takes it: its lines go to the link, and a
    /// ruling being entered is recognised (said once the game took the answer).
    pub(super) fn hall_reply(&mut self, reply: &Reply, fx: &mut Vec<Effect>) {
        self.hall.just_entered = None;
        let (game, path, lines, entry) = match reply {
            Reply::Appended {
                game,
                path,
                lines,
                entry,
                ..
            } => (*game, path.clone(), lines, Some(entry)),
            Reply::Opened {
                game, path, lines, ..
            } => (*game, Some(path.clone()), lines, None),
            Reply::Refused { game, .. } | Reply::NotSaved { game, .. } => {
                if *game == self.game.id {
                    self.hall.entering.clear();
                }
                return;
            }
            _ => return,
        };
        if let Some(entry) = entry
            && let Some(note) = &entry.note
            && let Some(i) = self
                .hall
                .entering
                .iter()
                .position(|id| note.contains(&acceptance_mark(id)))
        {
            let id = self.hall.entering.remove(i);
            fx.push(Effect::Hall(HallRequest::Entered(id.clone())));
            self.hall.just_entered = Some((id, entry.n));
        }
        let Some((first, _)) = lines.first() else {
            return;
        };
        let c = &mut self.hall.carried;
        let begins = *first == 1 && (c.game != Some(game) || matches!(reply, Reply::Opened { .. }));
        if begins {
            *c = Carried {
                game: Some(game),
                path: path.clone(),
                session_id: session_id_of(&lines[0].1),
                lines: Vec::new(),
            };
        } else if c.game != Some(game) {
            // Lines of a game the link does not carry (never from its first line): nothing.
            return;
        }
        if c.path.is_none() {
            c.path = path;
        }
        for (n, l) in lines {
            if *n as usize == c.lines.len() + 1 {
                c.lines.push(l.clone());
            }
        }
        let (Some(_), Some(path)) = (&self.hall.ready, c.path.clone()) else {
            return;
        };
        if begins {
            fx.push(Effect::Hall(HallRequest::Begin(path)));
        }
        fx.push(Effect::Hall(HallRequest::Feed(lines.clone())));
    }

    /// After the game took the writer's answer: a ruling it entered is said so.
    pub(super) fn hall_after_reply(&mut self) {
        if let Some((id, n)) = self.hall.just_entered.take() {
            self.notice = Some(Notice::Hall(HallNotice::RulingEntered(id, n)));
        }
    }

    /// Enters the desk's ruling `id` (the lock let it through): checked and written as any
    /// ruling, once.
    pub(super) fn enter_desk_ruling(&mut self, id: &str, now: Timestamp, fx: &mut Vec<Effect>) {
        let Some(ready) = self.hall.ready.clone() else {
            self.notice = Some(Notice::Hall(HallNotice::NotLinked));
            return;
        };
        let Some(r) = self
            .hall
            .rulings
            .iter()
            .find(|r| r.ruling.id == id)
            .cloned()
        else {
            return;
        };
        if self.hall.entering.iter().any(|e| e == id) {
            // Already on its way to the journal: a second click writes nothing.
            return;
        }
        let Some(session_id) = self.hall.session_id(self.game.id).map(str::to_owned) else {
            self.notice = Some(Notice::Hall(HallNotice::OtherGame(id.to_owned())));
            return;
        };
        if r.ruling.session != session_id {
            self.notice = Some(Notice::Hall(HallNotice::OtherGame(id.to_owned())));
            return;
        }
        let at = self.game.time(now);
        match ruling_line(
            self.session(),
            &session_id,
            &r.ruling,
            ready.key.as_ref(),
            &ready.identity,
            Some(at),
        ) {
            Ok(line) => {
                if let Action::Event(event) = &line.action
                    && let Err(e) = self.session().prepare_event(
                        line.at,
                        event.clone(),
                        line.article.clone(),
                        line.note.clone(),
                    )
                {
                    self.notice = Some(Notice::Refused(e));
                    return;
                }
                let req = self
                    .game
                    .append_at(line.at, line.action, line.article, line.note, None);
                fx.push(Effect::Journal(req));
                self.hall.entering.push(id.to_owned());
            }
            Err(AcceptError::AlreadyEntered(n)) => {
                fx.push(Effect::Hall(HallRequest::Entered(id.to_owned())));
                self.notice = Some(Notice::Hall(HallNotice::AlreadyEntered(id.to_owned(), n)));
            }
            Err(AcceptError::Refused(why)) => {
                if let Some(d) = self.hall.rulings.iter_mut().find(|d| d.ruling.id == id) {
                    d.signature = Signature::Bad;
                }
                self.notice = Some(Notice::Hall(HallNotice::RulingRefused(why)));
            }
            Err(e) => self.notice = Some(Notice::Hall(HallNotice::RulingRefused(e.to_string()))),
        }
    }

    /// The desk's rulings for the game at the board, as the Arbiter tab lists them (newest
    /// last), and how many are for earlier games at this table.
    pub fn desk_rulings(&self) -> (Vec<RulingRow>, usize) {
        let current = self.hall.session_id(self.game.id);
        let session: &Session = self.session();
        let mut rows = Vec::new();
        let mut other = 0;
        for d in &self.hall.rulings {
            if Some(d.ruling.session.as_str()) != current {
                other += 1;
                continue;
            }
            rows.push(RulingRow {
                ruling: d.ruling.clone(),
                signature: d.signature,
                entered: entered_as(session, &d.ruling.id),
                entering: self.hall.entering.contains(&d.ruling.id),
            });
        }
        (rows, other)
    }

    /// Whether the table's status belongs on screen: linked, or the setting refused.
    pub fn hall_shown(&self) -> bool {
        self.hall.running.is_some()
    }
}
