//! Hall mode (issue 14): every board of an event reports its session journal live to the
//! chief arbiter's desk over NATS JetStream, and nothing acknowledged is lost on the way.
//!
//! The key decision: the boards' journals, not the server, are the source of truth. A board
//! publishes each entry's exact line as it is on its own disk and keeps it "unconfirmed" until
//! the desk says its own synced copy holds it; the desk checks every line against the hash
//! chain, so its copy has the same entries and head as the board's, and every tile is the
//! fold of those bytes. The server carries and buffers; losing it loses nothing (see
//! `docs/hall.md`).
//!
//! Pure parts: [`names`] (subjects, stream, message ids), [`wire`] (hello and statement),
//! [`chain`] (the one follower: every line decoded, checked against the hash chain and folded
//! once), [`outbox`] (a board's unconfirmed entries), [`desk`] (the desk's copies, tiles,
//! rulings and results), [`ruling`] (ed25519-signed rulings) and [`accept`] (entering one),
//! [`creds`] (the server's accounts and the boards' credentials), [`page`] (the hall's web
//! page). Edges: [`board_link`] (the board's link, fed by the journal writer or a file's
//! tail, [`journal_tail`]) and [`link`] (the same on its own thread, the window's API),
//! [`desk_link`] (async-nats on a current-thread tokio runtime), the hall's files
//! ([`desk_folder`], [`inbox`], [`round_file`]), [`http`] (the page's server), [`simulate`]
//! (boards playing real records).

pub mod accept;
pub mod board_link;
pub mod chain;
pub mod chunks;
pub mod creds;
pub mod desk;
pub mod desk_folder;
pub mod desk_link;
pub mod http;
pub mod inbox;
pub mod journal_tail;
pub mod link;
pub mod names;
pub mod outbox;
pub mod page;
pub mod round_file;
pub mod ruling;
pub mod sim_plan;
pub mod simulate;
pub mod wire;

#[cfg(test)]
pub(crate) mod test_lines;

/// Said at every start of a desk, a board or a window's link without credentials.
pub const OPEN_SERVER_WARNING: &str = "warning: no credentials (--creds): the hall's server is taken to be open, anyone on this network can publish (a development or club hall); rulings are accepted only with --desk-key";
