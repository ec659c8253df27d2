//! The hall's screen server: a tiny read-only HTTP/1.1 server on std, serving the page (`/`,
//! `?lang=en|zh-Hans|zh-Hant`) and the snapshot as JSON (`/state.json`). GET and HEAD only;
//! requests larger than 8 KiB, slower than 5 s or beyond 32 at once are dropped. Hand-written
//! because it is some eighty lines, where a server crate would bring a dependency tree.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use super::desk::Snapshot;
use crate::i18n::Lang;

const MAX_REQUEST: usize = 8 * 1024;
const MAX_CLIENTS: usize = 32;

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
    let listener = TcpListener::bind(addr)?;
    listener.set_nonblocking(true)?;
    let local = listener.local_addr()?;
    let stop = Arc::new(AtomicBool::new(false));
    let flag = stop.clone();
    let clients = Arc::new(AtomicUsize::new(0));
    std::thread::Builder::new()
        .name("tianyuan-hall-page".into())
        .spawn(move || {
            while !flag.load(Ordering::Relaxed) {
                match listener.accept() {
                    Ok((stream, _)) => {
                        if clients.load(Ordering::Relaxed) >= MAX_CLIENTS {
                            continue;
                        }
                        clients.fetch_add(1, Ordering::Relaxed);
                        let (shared, count) = (shared.clone(), clients.clone());
                        let spawned = std::thread::Builder::new().spawn(move || {
                            let _ = answer(stream, &shared, lang);
                            count.fetch_sub(1, Ordering::Relaxed);
                        });
                        if spawned.is_err() {
                            clients.fetch_sub(1, Ordering::Relaxed);
                        }
                    }
                    Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
                        std::thread::sleep(Duration::from_millis(50));
                    }
                    Err(_) => std::thread::sleep(Duration::from_millis(50)),
                }
            }
        })?;
    Ok(PageServer { addr: local, stop })
}

fn answer(mut stream: TcpStream, shared: &Mutex<Snapshot>, lang: Lang) -> std::io::Result<()> {
    stream.set_nonblocking(false)?;
    stream.set_read_timeout(Some(Duration::from_secs(5)))?;
    stream.set_write_timeout(Some(Duration::from_secs(5)))?;
    let mut buf = Vec::new();
    let mut chunk = [0u8; 1024];
    while !buf.windows(4).any(|w| w == b"\r\n\r\n") {
        let n = stream.read(&mut chunk)?;
        if n == 0 || buf.len() + n > MAX_REQUEST {
            return Ok(());
        }
        buf.extend_from_slice(&chunk[..n]);
    }
    let head = String::from_utf8_lossy(&buf);
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
    stream.write_all(&response)?;
    stream.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn get(addr: SocketAddr, request: &str) -> String {
        let mut s = TcpStream::connect(addr).unwrap();
        s.write_all(request.as_bytes()).unwrap();
        let mut out = String::new();
        s.read_to_string(&mut out).unwrap();
        out
    }

    #[test]
    fn issue14_the_page_server_answers_get_and_refuses_writes() {
        let snap = Snapshot {
            event: "cup".into(),
            tiles: Vec::new(),
            standings: Vec::new(),
            stats: Default::default(),
        };
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
