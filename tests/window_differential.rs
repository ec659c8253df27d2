//! Issue 17's differential test: every script of `tests/session_articles.rs` driven through the
//! window's host as typed commands (clicks, the players' buttons, the arbiter's typed rulings
//! behind the PIN, the sealed screen, a restart for the decision on the time away) gives the
//! same journal events as the pure session gives for the script (what `session new --script`
//! writes), and is refused at the same line.
//!
//! The scripts are the shared table both tests read (`tests/support/session_scripts.rs`), so a
//! script added for an article is checked here too.

use std::path::Path;

use tianyuan::app::command::{ArbiterAct, NewGameRequest, PlayerAction};
use tianyuan::app::{Command, Settings};
use tianyuan::clock::{Millis, Timestamp};
use tianyuan::rules::Move;
use tianyuan::seal::{KdfParams, SealRandom, SealedMove};
use tianyuan::session::shorthand::{Action, Line, parse_line, parse_setup};
use tianyuan::session::{Entry, Event, Phase, Session};

const PIN: &str = "arbiter-pin";

#[path = "support/session_scripts.rs"]
mod session_scripts;

#[path = "support/host_rig.rs"]
mod host_rig;
use host_rig::HostRig;

/// The reference: the script through the pure session (as `session new --script` folds it);
/// the entries in force order and the 1-based line of a refusal.
fn reference(script: &str) -> (Vec<Entry>, Option<usize>) {
    let mut lines = script.lines().enumerate();
    let Some((_, first)) = lines.next() else {
        return (Vec::new(), Some(1));
    };
    let Ok(setup) = parse_setup(first) else {
        return (Vec::new(), Some(1));
    };
    let size = setup.size;
    let Ok(mut session) = Session::new(setup) else {
        return (Vec::new(), Some(1));
    };
    for (i, text) in lines {
        let no = i + 1;
        let Ok(parsed) = parse_line(text, size) else {
            return (session.log().to_vec(), Some(no));
        };
        let Some(line) = parsed else { continue };
        let event = match line.action {
            Action::Event(e) => e,
            Action::Seal { by, mv } => {
                let random = SealRandom {
                    salt: [no as u8; 16],
                    xnonce: [7; 24],
                    nonce: [9; 32],
                };
                match SealedMove::seal(PIN, by, mv, size, KdfParams::TEST_ONLY, &random) {
                    Ok(s) => Event::Seal(s),
                    Err(_) => return (session.log().to_vec(), Some(no)),
                }
            }
            Action::Unseal { slip } => {
                let Some(sealed) = session.sealed() else {
                    return (session.log().to_vec(), Some(no));
                };
                let reveal = match slip {
                    Some((mv, nonce)) => sealed.open_with_slip(mv, nonce, size),
                    None => sealed.open(PIN, size),
                };
                match reveal {
                    Ok(r) => Event::Unseal(r),
                    Err(_) => return (session.log().to_vec(), Some(no)),
                }
            }
            Action::SealedBy(_) => return (session.log().to_vec(), Some(no)),
        };
        let entry = Entry {
            n: session.next_number(),
            at: line.at,
            event,
            article: line.article,
            note: line.note,
        };
        match session.prepare(entry) {
            Ok(p) => {
                session.commit(p);
            }
            Err(_) => return (session.log().to_vec(), Some(no)),
        }
    }
    (session.log().to_vec(), None)
}

/// The host and its runner over a sessions folder (the shared rig), the arbiter's PIN typed
/// whenever the lock asks for it.
struct Rig(HostRig);

impl std::ops::Deref for Rig {
    type Target = HostRig;
    fn deref(&self) -> &HostRig {
        &self.0
    }
}

impl std::ops::DerefMut for Rig {
    fn deref_mut(&mut self) -> &mut HostRig {
        &mut self.0
    }
}

impl Rig {
    fn new(folder: &Path) -> Rig {
        // The lock stays open for the whole script once unlocked (an arbiter at the board).
        let settings = Settings {
            unlock_seconds: 300,
            ..Settings::default()
        };
        Rig(HostRig::new(settings, Some(folder), Timestamp(0)))
    }

    fn apply(&mut self, cmd: Command, now: Timestamp) {
        self.0.now = now;
        self.0.apply(cmd);
        // An arbiter's act asks for the PIN when the lock is closed.
        if self.0.host.lock.gate.is_open() {
            self.0.apply(Command::SubmitPin(PIN.to_owned()));
        }
    }
}

/// The app's instant for the session's `at` (the game was begun at the app's 0).
fn app(at: Timestamp) -> Timestamp {
    at
}

/// The script through the host; the entries and the 1-based line of a refusal.
fn through_host(script: &str, name: &str) -> (Vec<Entry>, Option<usize>) {
    let folder = std::env::temp_dir().join(format!(
        "ty-diff-{}-{}",
        std::process::id(),
        name.chars()
            .filter(char::is_ascii_alphanumeric)
            .collect::<String>()
    ));
    let _ = std::fs::remove_dir_all(&folder);
    let mut lines = script.lines().enumerate();
    let Some((_, first)) = lines.next() else {
        return (Vec::new(), Some(1));
    };
    let Ok(setup) = parse_setup(first) else {
        return (Vec::new(), Some(1));
    };
    let size = setup.size;
    let mut rig = Rig::new(&folder);
    rig.apply(
        Command::NewGame(Box::new(NewGameRequest {
            setup,
            pin: Some(PIN.to_owned()),
        })),
        Timestamp(0),
    );
    if rig.host.game.id == 1 {
        // The setup was refused: the launch game is still on the board.
        drop(rig);
        let _ = std::fs::remove_dir_all(&folder);
        return (Vec::new(), Some(1));
    }
    let mut result = None;
    for (i, text) in lines {
        let no = i + 1;
        let Ok(parsed) = parse_line(text, size) else {
            result = Some(no);
            break;
        };
        let Some(Line {
            at,
            action,
            article,
            note,
        }) = parsed
        else {
            continue;
        };
        let before = rig.host.session().log().len();
        let now = app(at);
        // The window's time only goes forward: a line dated before the last entry cannot happen
        // there (the script is refused for it: time went back).
        let mut not_expressible = at < rig.host.session().last_at();
        match action {
            _ if not_expressible => {}
            Action::Event(Event::Gap { charged }) => {
                // The decision on the time away comes after a restart: the app stops and
                // starts again over the same folder, the game is picked, then decided.
                let last = rig.host.session().last_at();
                let path = rig.host.game.path.clone();
                drop(rig);
                rig = Rig::new(&folder);
                let Some(path) = path else {
                    result = Some(no);
                    break;
                };
                if let Some(r) = rig.host.resume.found.iter_mut().find(|r| r.path == path) {
                    r.away = Millis(at.0.saturating_sub(last.0) as i64);
                }
                rig.apply(Command::ResumeSession(path), Timestamp(0));
                rig.apply(Command::Gap(charged), Timestamp(0));
                let _ = now;
            }
            Action::Event(event) => {
                let cmd = match &event {
                    Event::Move {
                        color,
                        mv: Move::Play(c),
                    } => {
                        if *color == rig.host.session().side_to_move() {
                            Some(Command::ClickPoint(*c))
                        } else {
                            // A click always plays for the side to move: a move by the other
                            // side cannot be entered in the window at all.
                            not_expressible = true;
                            None
                        }
                    }
                    Event::Move {
                        color,
                        mv: Move::Pass,
                    } => Some(Command::Player(*color, PlayerAction::Pass)),
                    Event::Confirm(c) => Some(Command::Player(*c, PlayerAction::Confirm)),
                    Event::Press(c) => Some(Command::Player(*c, PlayerAction::Press)),
                    Event::Resign(c) => {
                        rig.apply(Command::Player(*c, PlayerAction::Resign), now);
                        Some(Command::ConfirmResign(true))
                    }
                    Event::HandicapStone(c) | Event::Dead(c) => Some(Command::ClickPoint(*c)),
                    Event::Start => Some(Command::Start),
                    Event::Pause => Some(Command::Pause),
                    Event::Resume => Some(Command::Resume),
                    Event::CapturePause(c) => Some(Command::CapturePause(*c)),
                    Event::Accept(None) => Some(Command::AcceptCount),
                    Event::Accept(Some(r)) => Some(Command::AcceptCountResult(*r)),
                    Event::Dispute => Some(Command::ResumePlay),
                    _ => Some(Command::Arbiter(ArbiterAct::Ruling {
                        event: event.clone(),
                        article: article.clone(),
                        note: note.clone(),
                    })),
                };
                if let Some(cmd) = cmd {
                    rig.apply(cmd, now);
                }
            }
            Action::Seal { by, mv } => {
                if rig.host.session().phase() == &Phase::Adjourned {
                    rig.apply(Command::Arbiter(ArbiterAct::OpenSeal(by)), now);
                }
                rig.apply(
                    Command::Seal {
                        by,
                        mv,
                        pin: PIN.to_owned(),
                    },
                    now,
                );
                rig.host.slip = rig.host.slip.take();
            }
            Action::Unseal { slip: None } => {
                rig.apply(Command::Arbiter(ArbiterAct::Unseal), now);
            }
            Action::Unseal {
                slip: Some((mv, _)),
            } => {
                // The slip's nonce is the one this seal was made with.
                let nonce = rig
                    .host
                    .slip
                    .as_ref()
                    .and_then(|s| tianyuan::seal::hex::decode_array::<32>(&s.nonce))
                    .unwrap_or([0; 32]);
                rig.apply(
                    Command::Arbiter(ArbiterAct::UnsealWithSlip { mv, nonce }),
                    now,
                );
            }
            Action::SealedBy(_) => not_expressible = true,
        }
        if not_expressible || rig.host.session().log().len() == before {
            result = Some(no);
            break;
        }
    }
    let log = rig.host.session().log().to_vec();
    drop(rig);
    let _ = std::fs::remove_dir_all(&folder);
    (log, result)
}

/// An entry as compared: seals by their sealer and openings by their move only (the nonce and
/// the ciphertext are random), without its
/// number (see [`without_implicit_start`]).
fn key(e: &Entry) -> String {
    let event = match &e.event {
        Event::Seal(s) => format!("Seal({:?})", s.by),
        Event::Unseal(r) => format!("Unseal({:?}, slip {})", r.mv, r.by_slip),
        other => format!("{other:?}"),
    };
    format!("{} {event} {:?} {:?}", e.at.0, e.article, e.note)
}

/// The window writes the start signal a script leaves implicit: a game's clock starts when the
/// arbiter starts it or when the first move is played (issue 10), and the window says so in
/// the journal with a `start` entry just before that move. Where the script has no `start`,
/// that entry is the only difference; the clocks agree (the script's clock starts at 0 and the
/// host's game is begun at 0 with the first move's `start`, both before any time is used).
fn without_implicit_start(host: Vec<Entry>, script: &[Entry]) -> Vec<Entry> {
    if script.iter().any(|e| e.event == Event::Start) {
        return host;
    }
    host.into_iter()
        .filter(|e| e.event != Event::Start)
        .collect()
}

/// Every script of the table, a script written for any ko rule (`ko={ko}`) once for each.
fn every_script() -> Vec<(String, String)> {
    let mut out = Vec::new();
    for (name, script) in session_scripts::ALL {
        if script.contains("{ko}") {
            for ko in ["positional", "situational", "simple"] {
                out.push((format!("{name} ko={ko}"), script.replace("{ko}", ko)));
            }
        } else {
            out.push(((*name).to_owned(), (*script).to_owned()));
        }
    }
    out
}

#[test]
fn issue17_every_article_script_gives_the_same_journal_through_the_host() {
    let all = every_script();
    assert!(all.len() >= 50, "found {} scripts", all.len());
    let mut compared = 0;
    for (i, (name, script)) in all.iter().enumerate() {
        let (want, want_refused) = reference(script);
        let (got, got_refused) = through_host(script, name);
        let got = without_implicit_start(got, &want);
        let want: Vec<String> = want.iter().map(key).collect();
        let got: Vec<String> = got.iter().map(key).collect();
        assert_eq!(got, want, "script {i} {name}:\n{script}");
        assert_eq!(
            got_refused, want_refused,
            "script {i} {name} refused at another line:\n{script}"
        );
        compared += 1;
    }
    eprintln!("{compared} scripts compared");
}
