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
//! [`outbox`] (a board's unconfirmed entries), [`desk`] (the desk's copies, tiles, rulings and
//! results), [`ruling`] (ed25519-signed rulings), [`creds`] (the server's accounts and the
//! boards' credentials), [`page`] (the hall's web page). Edges: [`board_link`] (and
//! [`board_thread`], the same link on a thread for the app's hall setting) and
//! [`desk_link`] (async-nats on a current-thread tokio runtime), [`http`] (the page's tiny
//! server), [`simulate`] (boards playing real records).

pub mod board_link;
pub mod board_thread;
pub mod creds;
pub mod desk;
pub mod desk_link;
pub mod http;
pub mod names;
pub mod outbox;
pub mod page;
pub mod ruling;
pub mod sim_plan;
pub mod simulate;
pub mod wire;

#[cfg(test)]
pub(crate) mod test_lines;
