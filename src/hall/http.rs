//! The hall's screen server: a small read-only HTTP/1.1 server serving the page (`/`,
//! `?lang=en|zh-Hans|zh-Hant`) and the snapshot as JSON (`/state.json`). GET and HEAD only.
//!
//! It runs on its own thread with a tokio runtime (already in the build for the hall's
//! NATS client), one task per connection, so many screens and phones are served at once;
//! a connection must send its whole request within [`REQUEST_DEADLINE`] and take the answer
//! within [`WRITE_DEADLINE`], so slow or idle clients (dozens of them) cannot lock the page
//! out; requests over 8 KiB are dropped, and beyond [`MAX_CLIENTS`] open connections new ones
//! are closed at once. No server crate: hyper would bring a dozen crates for two read-only
//! pages that tokio already serves.

use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};

use super::desk::Snapshot;
use crate::i18n::Lang;

const MAX_REQUEST: usize = 8 * 1024;
/// Connections served at once; more are closed at once.
pub const MAX_CLIENTS: usize = 1024;
/// The whole request must arrive within this.
pub const REQUEST_DEADLINE: Duration = Duration::from_secs(3);
/// The whole answer must be taken within this.
pub const WRITE_DEADLINE: Duration = Duration::from_secs(5);

/// A running page server; it stops when dropped.
#[derive(Debug)]
pub struct PageServer {
    addr: SocketAddr,
    stop: Arc<AtomicBool>,
}

impl PageServer {
    /// The address it listens on (the port chosen when `:0` was asked).
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }
}

impl Drop for PageServer {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// Starts serving `shared` on `addr` (`127.0.0.1:8470`, `0.0.0.0:8470` for the hall's screen).
pub fn serve(addr: &str, shared: Arc<Mutex<Snapshot>>, lang: Lang) -> std::io::Result<PageServer> {
    let listener = std::net::TcpListener::bind(addr)?;
    listener.set_nonblocking(true)?;
    let local = listener.local_addr()?;
    let stop = Arc::new(AtomicBool::new(false));
    let flag = stop.clone();
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    std::thread::Builder::new()
        .name("tianyuan-hall-page".into())
        .spawn(move || {
            rt.block_on(async move {
                let Ok(listener) = tokio::net::TcpListener::from_std(listener) else {
                    return;
                };
                let clients = Arc::new(tokio::sync::Semaphore::new(MAX_CLIENTS));
                let mut tick = tokio::time::interval(Duration::from_millis(200));
                loop {
                    tokio::select! {
                        accepted = listener.accept() => {
                            let Ok((stream, _)) = accepted else { continue };
                            let Ok(permit) = clients.clone().try_acquire_owned() else {
                                drop(stream);
                                continue;
                            };
                            let shared = shared.clone();
                            tokio::spawn(async move {
                                answer(stream, &shared, lang).await;
                                drop(permit);
                            });
                        }
                        _ = tick.tick() => {
                            if flag.load(Ordering::Relaxed) {
                                return;
                            }
                        }
                    }
                }
            });
        })?;
    Ok(PageServer { addr: local, stop })
}

/// Reads a request head within the deadline: its bytes, or nothing.
async fn read_head(stream: &mut tokio::net::TcpStream) -> Option<Vec<u8>> {
    let mut buf = Vec::new();
    let mut chunk = [0u8; 1024];
    let read = async {
        while !buf.windows(4).any(|w| w == b"\r\n\r\n") {
            let n = stream.read(&mut chunk).await.ok()?;
            if n == 0 || buf.len() + n > MAX_REQUEST {
                return None;
            }
            buf.extend_from_slice(&chunk[..n]);
        }
        Some(())
    };
    tokio::time::timeout(REQUEST_DEADLINE, read).await.ok()??;
    Some(buf)
}

/// The answer to a request head: status, content type, body (without the body for HEAD).
pub fn respond(head: &[u8], shared: &Mutex<Snapshot>, lang: Lang) -> Vec<u8> {
    let head = String::from_utf8_lossy(head);
    let mut parts = head.lines().next().unwrap_or("").split_whitespace();
    let (method, target) = (parts.next().unwrap_or(""), parts.next().unwrap_or(""));
    let (path, query) = target.split_once('?').unwrap_or((target, ""));
    let lang = query
        .split('&')
        .find_map(|kv| kv.strip_prefix("lang="))
        .and_then(Lang::from_code)
        .unwrap_or(lang);
    let (status, kind, body) = match (method, path) {
        ("GET" | "HEAD", "/") => {
            let page = shared
                .lock()
                .map(|s| super::page::html(&s, lang))
                .unwrap_or_default();
            ("200 OK", "text/html; charset=utf-8", page)
        }
        ("GET" | "HEAD", "/state.json") => {
            let json = shared
                .lock()
                .map(|s| super::page::json(&s))
                .unwrap_or_default();
            ("200 OK", "application/json", json)
        }
        ("GET" | "HEAD", _) => (
            "404 Not Found",
            "text/plain; charset=utf-8",
            "not found\n".to_owned(),
        ),
        _ => (
            "405 Method Not Allowed",
            "text/plain; charset=utf-8",
            "read only\n".to_owned(),
        ),
    };
    let mut response = format!(
        "HTTP/1.1 {status}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\nCache-Control: no-store\r\n\
         X-Content-Type-Options: nosniff\r\nContent-Security-Policy: default-src 'none'; style-src 'unsafe-inline'\r\n\
         Allow: GET, HEAD\r\nConnection: close\r\n\r\n",
        body.len()
    )
    .into_bytes();
    if method != "HEAD" {
        response.extend_from_slice(body.as_bytes());
    }
    response
}

async fn answer(mut stream: tokio::net::TcpStream, shared: &Mutex<Snapshot>, lang: Lang) {
    let Some(head) = read_head(&mut stream).await else {
        return;
    };
    let response = respond(&head, shared, lang);
    let write = async {
        stream.write_all(&response).await?;
        stream.flush().await?;
        stream.shutdown().await
    };
    let _ = tokio::time::timeout(WRITE_DEADLINE, write).await;
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{Read, Write};
    use std::net::TcpStream;

    fn get(addr: SocketAddr, request: &str) -> String {
        let mut s = TcpStream::connect(addr).unwrap();
        s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
        s.write_all(request.as_bytes()).unwrap();
        let mut out = String::new();
        s.read_to_string(&mut out).unwrap();
        out
    }

    #[test]
    fn issue14_the_page_server_answers_get_and_refuses_writes() {
        let snap = Snapshot::empty("cup");
        let server = serve("127.0.0.1:0", Arc::new(Mutex::new(snap)), Lang::En).unwrap();
        let page = get(server.addr(), "GET / HTTP/1.1\r\nHost: x\r\n\r\n");
        assert!(page.starts_with("HTTP/1.1 200 OK"));
        assert!(page.contains("Live games · cup"));
        let zh = get(server.addr(), "GET /?lang=zh-Hans HTTP/1.1\r\n\r\n");
        assert!(zh.contains("对局实况"));
        let json = get(server.addr(), "GET /state.json HTTP/1.1\r\n\r\n");
        assert!(json.contains("\"event\":\"cup\""));
        assert!(get(server.addr(), "POST / HTTP/1.1\r\n\r\n").starts_with("HTTP/1.1 405"));
        assert!(get(server.addr(), "GET /x HTTP/1.1\r\n\r\n").starts_with("HTTP/1.1 404"));
    }
}
