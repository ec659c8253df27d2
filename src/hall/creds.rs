//! The hall's security on the server's side: one NATS account for the event, one nkey user
//! for the desk and one per table, each with permissions written from the same names the
//! code publishes with ([`super::names`]); and the credentials files that carry a user's
//! secret seed to its machine.
//!
//! The server's configuration holds only public keys. A board's credentials let it publish
//! its own table's entries and hellos and read its own acknowledgements and replies —
//! nothing of another table, and no JetStream API call at all (publishing into the stream
//! needs none): it cannot purge or delete the stream, create consumers or read messages back.
//! The credentials file also carries the chief arbiter's public key, with which the board
//! verifies rulings.

use nkeys::{KeyPair, KeyPairType};

use super::names::EventName;
use super::ruling::ChiefPublicKey;

/// Who a credentials file is for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Role {
    /// The chief arbiter's desk.
    Desk,
    /// The setup step (`tianyuan desk setup`): creates the event's stream and restores its
    /// settings. Used only there: the running desk's credentials cannot change the stream.
    Admin,
    /// The board of this table.
    Board(u32),
}

/// A credentials file's content.
#[derive(Clone, Debug)]
pub struct Creds {
    /// The event.
    pub event: EventName,
    /// Desk or board.
    pub role: Role,
    /// The user's nkey seed (`SU…`), the secret.
    pub seed: String,
    /// The chief arbiter's public key for rulings (boards).
    pub chief: Option<ChiefPublicKey>,
}

/// The first line of every credentials file.
const MAGIC: &str = "tianyuan-hall-creds v1";

impl Creds {
    /// The file's text (with a comment saying what it is and how to keep it).
    pub fn to_text(&self) -> String {
        let who = match self.role {
            Role::Desk => "the chief arbiter's desk".to_owned(),
            Role::Admin => "the hall's setup step (desk setup)".to_owned(),
            Role::Board(t) => format!("the board of table {t}"),
        };
        let mut out = format!(
            "{MAGIC}\n# Hall credentials of {who}, event {}. Keep this file secret: whoever\n\
             # holds it can publish as {who}. Written by `tianyuan desk creds`.\n",
            self.event
        );
        out.push_str(&format!("event {}\n", self.event));
        match self.role {
            Role::Desk => out.push_str("role desk\n"),
            Role::Admin => out.push_str("role admin\n"),
            Role::Board(t) => out.push_str(&format!("table {t}\n")),
        }
        out.push_str(&format!("nkey {}\n", self.seed));
        if let Some(k) = &self.chief {
            out.push_str(&format!("chief-key {}\n", k.to_hex()));
        }
        if let Role::Board(_) = self.role {
            out.push_str(&format!(
                "# join code (the same in one line): {}\n",
                self.join_code()
            ));
        }
        out
    }

    /// The one-line join code of a board's credentials: `ty1:EVENT:TABLE:SEED:CHIEFKEY`.
    pub fn join_code(&self) -> String {
        let table = match self.role {
            Role::Board(t) => t.to_string(),
            Role::Desk => "desk".to_owned(),
            Role::Admin => "admin".to_owned(),
        };
        let chief = self.chief.map(|k| k.to_hex()).unwrap_or_default();
        format!("ty1:{}:{table}:{}:{chief}", self.event, self.seed)
    }

    /// Reads a credentials file's text, or a join code.
    pub fn parse(text: &str) -> Result<Creds, String> {
        let text = text.trim();
        if let Some(code) = text.strip_prefix("ty1:") {
            return Creds::from_join_code(code);
        }
        let mut lines = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'));
        if lines.next() != Some(MAGIC) {
            return Err(format!(
                "not a hall credentials file (its first line is not {MAGIC:?})"
            ));
        }
        let (mut event, mut role, mut seed, mut chief) = (None, None, None, None);
        for (i, line) in lines.enumerate() {
            let (key, value) = line.split_once(' ').unwrap_or((line, ""));
            let value = value.trim();
            // No error quotes a line: it may be the secret.
            match key {
                "event" => event = Some(EventName::new(value)?),
                "role" if value == "desk" => role = Some(Role::Desk),
                "role" if value == "admin" => role = Some(Role::Admin),
                "table" => {
                    role = Some(Role::Board(super::names::parse_table(value).map_err(
                        |_| "the credentials' table is not a number from 1 to 9999".to_owned(),
                    )?))
                }
                "nkey" => seed = Some(value.to_owned()),
                "chief-key" => {
                    chief = Some(
                        ChiefPublicKey::from_hex(value)
                            .ok_or("the chief-key line is not an ed25519 public key")?,
                    )
                }
                _ => {
                    return Err(format!(
                        "line {} of the credentials is not understood (event, role, table, nkey, chief-key)",
                        i + 2
                    ));
                }
            }
        }
        let creds = Creds {
            event: event.ok_or("the credentials name no event")?,
            role: role.ok_or("the credentials name no table (or role desk)")?,
            seed: seed.ok_or("the credentials hold no nkey")?,
            chief,
        };
        creds.check_seed()?;
        Ok(creds)
    }

    fn from_join_code(code: &str) -> Result<Creds, String> {
        // No error quotes a part: one of them is the secret.
        let parts: Vec<&str> = code.split(':').collect();
        let [event, table, seed, chief] = parts.as_slice() else {
            return Err("a join code is ty1:EVENT:TABLE:SEED:KEY".to_owned());
        };
        let creds = Creds {
            event: EventName::new(event)
                .map_err(|_| "the join code's event is not an event name".to_owned())?,
            role: Role::Board(
                super::names::parse_table(table).map_err(|_| {
                    "the join code's table is not a number from 1 to 9999".to_owned()
                })?,
            ),
            seed: (*seed).to_owned(),
            chief: Some(
                ChiefPublicKey::from_hex(chief).ok_or("the join code's key is not a public key")?,
            ),
        };
        creds.check_seed()?;
        Ok(creds)
    }

    fn check_seed(&self) -> Result<(), String> {
        let kp = KeyPair::from_seed(&self.seed)
            .map_err(|_| "the credentials' nkey is not a valid seed".to_owned())?;
        if kp.key_pair_type() != KeyPairType::User {
            return Err("the credentials' nkey is not a user key".to_owned());
        }
        Ok(())
    }
}

/// Whether a `--creds` argument is a join code rather than a file's path.
pub fn is_join_code(arg: &str) -> bool {
    arg.trim().starts_with("ty1:")
}

/// The credentials a `--creds` argument names: a join code (`ty1:…`) as it is, otherwise
/// the path of a credentials file. No error repeats the secret.
pub fn creds_from_arg(arg: &str) -> Result<Creds, String> {
    if is_join_code(arg) {
        return Creds::parse(arg).map_err(|e| format!("the join code: {e}"));
    }
    if arg.trim_start().starts_with(MAGIC) {
        return Creds::parse(arg).map_err(|e| format!("the credentials given: {e}"));
    }
    // A path is named in errors, unless it may be a secret pasted in the wrong place.
    let shown = if looks_secret(arg) {
        "the --creds argument (not a join code, nor a file)".to_owned()
    } else {
        arg.to_owned()
    };
    let path = std::path::Path::new(arg);
    let bytes = crate::files::read_bounded(path, 64 * 1024).map_err(|e| format!("{shown}: {e}"))?;
    let text = String::from_utf8(bytes).map_err(|_| format!("{shown}: not a credentials file"))?;
    Creds::parse(&text).map_err(|e| format!("{shown}: {e}"))
}

/// Whether `text` may hold a secret: a line break, or a word like an nkey seed (`S…`, long,
/// upper-case letters and digits).
fn looks_secret(text: &str) -> bool {
    text.contains('\n')
        || text.split(|c: char| !c.is_ascii_alphanumeric()).any(|w| {
            w.len() >= 40
                && w.starts_with('S')
                && w.bytes()
                    .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit())
        })
}

/// A new user key from 32 random bytes: (seed, public key).
pub fn new_user_key(random: [u8; 32]) -> Result<(String, String), String> {
    let kp = KeyPair::new_from_raw(KeyPairType::User, random).map_err(|e| e.to_string())?;
    let seed = kp.seed().map_err(|e| e.to_string())?;
    Ok((seed, kp.public_key()))
}

/// What a board of `table` may publish.
pub fn board_publish(event: &EventName, table: u32) -> Vec<String> {
    vec![event.entry_subject(table), event.hello_subject(table)]
}

/// What a board of `table` may subscribe to.
pub fn board_subscribe(event: &EventName, table: u32) -> Vec<String> {
    vec![
        event.ack_subject(table),
        format!("{}.>", event.board_inbox(table)),
    ]
}

/// What the desk may publish: the event's subjects, its replies, and the JetStream API calls
/// it makes on the event's stream — reading the stream, creating it again when the server lost
/// it (a create never changes an existing stream), its own consumer, fetching and
/// acknowledging — but not changing the stream's settings, purging or deleting.
pub fn desk_publish(event: &EventName) -> Vec<String> {
    let s = event.stream();
    let c = event.consumer();
    vec![
        format!("ty.{event}.>"),
        "_INBOX.>".to_owned(),
        "$JS.API.INFO".to_owned(),
        format!("$JS.API.STREAM.CREATE.{s}"),
        format!("$JS.API.STREAM.INFO.{s}"),
        format!("$JS.API.STREAM.MSG.GET.{s}"),
        format!("$JS.API.CONSUMER.CREATE.{s}.{c}.>"),
        format!("$JS.API.CONSUMER.CREATE.{s}.{c}"),
        format!("$JS.API.CONSUMER.DURABLE.CREATE.{s}.{c}"),
        format!("$JS.API.CONSUMER.INFO.{s}.{c}"),
        format!("$JS.API.CONSUMER.MSG.NEXT.{s}.{c}"),
        format!("$JS.ACK.{s}.{c}.>"),
    ]
}

/// What the setup step may publish: creating the stream, restoring its settings, reading it.
pub fn admin_publish(event: &EventName) -> Vec<String> {
    let s = event.stream();
    vec![
        "_INBOX.>".to_owned(),
        "$JS.API.INFO".to_owned(),
        format!("$JS.API.STREAM.CREATE.{s}"),
        format!("$JS.API.STREAM.UPDATE.{s}"),
        format!("$JS.API.STREAM.INFO.{s}"),
    ]
}

/// What the desk may subscribe to.
pub fn desk_subscribe(event: &EventName) -> Vec<String> {
    vec![format!("ty.{event}.>"), "_INBOX.>".to_owned()]
}

fn list(subjects: &[String]) -> String {
    let quoted: Vec<String> = subjects.iter().map(|s| format!("{s:?}")).collect();
    format!("[{}]", quoted.join(", "))
}

fn user(comment: &str, public: &str, publish: &[String], subscribe: &[String]) -> String {
    format!(
        "      # {comment}\n      {{ nkey: {public:?}, permissions: {{ publish: {{ allow: {} }}, subscribe: {{ allow: {} }} }} }}\n",
        list(publish),
        list(subscribe)
    )
}

/// The server's settings for the hall (see `docs/hall.md` for why each).
#[derive(Clone, Debug)]
pub struct ServerSettings {
    /// Address and port the server listens on (`0.0.0.0:4222` for the hall's network).
    pub listen: String,
    /// JetStream's storage folder.
    pub store_dir: String,
}

/// The nats-server configuration: JetStream on files, one account for the event, the desk's
/// and every board's public key with its permissions.
pub fn server_config(
    event: &EventName,
    settings: &ServerSettings,
    desk_public: &str,
    admin_public: &str,
    boards: &[(u32, String)],
) -> String {
    let mut users = user(
        "the chief arbiter's desk",
        desk_public,
        &desk_publish(event),
        &desk_subscribe(event),
    );
    users.push_str(&user(
        "the setup step (desk setup): the stream's settings",
        admin_public,
        &admin_publish(event),
        &["_INBOX.>".to_owned()],
    ));
    for (table, public) in boards {
        users.push_str(&user(
            &format!("table {table}"),
            public,
            &board_publish(event, *table),
            &board_subscribe(event, *table),
        ));
    }
    format!(
        "# nats-server configuration of the Tianyuan hall of event {event}, written by\n\
         # `tianyuan desk creds`. Only public keys are here; the secrets are the .creds files.\n\
         server_name: \"tianyuan-{event}\"\n\
         listen: {listen:?}\n\
         max_payload: 64KB\n\
         jetstream {{\n  store_dir: {store:?}\n  max_memory_store: 64MB\n  max_file_store: 8GB\n}}\n\
         accounts {{\n  HALL: {{\n    jetstream: enabled\n    users: [\n{users}    ]\n  }}\n}}\n",
        listen = settings.listen,
        store = settings.store_dir,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board_creds() -> Creds {
        let (seed, _) = new_user_key([5; 32]).unwrap();
        Creds {
            event: EventName::new("cup").unwrap(),
            role: Role::Board(7),
            seed,
            chief: ChiefPublicKey::from_hex(
                &super::super::ruling::ChiefKey::from_seed([2; 32]).public_hex(),
            ),
        }
    }

    #[test]
    fn creds_files_and_join_codes_round_trip() {
        let c = board_creds();
        let again = Creds::parse(&c.to_text()).unwrap();
        assert_eq!(
            (again.role, again.seed.clone(), again.chief),
            (Role::Board(7), c.seed.clone(), c.chief)
        );
        let joined = Creds::parse(&c.join_code()).unwrap();
        assert_eq!(joined.seed, c.seed);
        for bad in [
            "",
            "hello",
            "tianyuan-hall-creds v1\nevent cup\ntable 7\nnkey SXXX\n",
            "ty1:cup:7:x:y",
        ] {
            assert!(Creds::parse(bad).is_err(), "{bad:?}");
        }
        // No error repeats the secret: a seed out of place, a join code mangled.
        let seed = c.seed.clone();
        for bad in [
            format!("tianyuan-hall-creds v1\nevent cup\ntable 7\n{seed}\n"),
            format!("ty1:cup:{seed}:7:00"),
            format!("ty1:cup:7:{seed}x:00"),
            seed.clone(),
            format!("/tmp/{seed}.creds"),
        ] {
            let e = creds_from_arg(&bad).unwrap_err();
            assert!(!e.contains(&seed[4..]), "{e}");
        }
        assert!(is_join_code(&c.join_code()) && !is_join_code("/tmp/table-7.creds"));
        assert_eq!(creds_from_arg(&c.join_code()).unwrap().seed, c.seed);
    }

    #[test]
    fn a_boards_permissions_name_only_its_own_table() {
        let e = EventName::new("cup").unwrap();
        let config = server_config(
            &e,
            &ServerSettings {
                listen: "127.0.0.1:4222".into(),
                store_dir: "/tmp/js".into(),
            },
            "UDESK",
            "UADMIN",
            &[(1, "UONE".into()), (2, "UTWO".into())],
        );
        let one = config.lines().find(|l| l.contains("UONE")).unwrap();
        assert!(one.contains("\"ty.cup.entry.1\"") && one.contains("\"_INBOX.ty.cup.1.>\""));
        assert!(!one.contains("entry.2") && !one.contains("$JS") && !one.contains("ty.cup.>"));
        let desk = config.lines().find(|l| l.contains("UDESK")).unwrap();
        assert!(!desk.contains("PURGE") && !desk.contains("DELETE") && !desk.contains("UPDATE"));
        let admin = config.lines().find(|l| l.contains("UADMIN")).unwrap();
        assert!(admin.contains("STREAM.UPDATE.TY_cup") && !admin.contains("ty.cup"));
    }
}
