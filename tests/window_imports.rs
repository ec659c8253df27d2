//! The window's import graph, read from the sources (issue 29 items 1 and 2): the protocol is
//! a leaf of `src/app`, and nothing the host reaches names egui, eframe or a view — so the host
//! sits in no import loop with the views, and a host test needs no window.
//!
//! The graph is made of files: an edge for every `crate::app::…`, `super::…`, `self::…` or
//! child-module path a file names (its `use` trees expanded), resolved to the file that
//! defines the longest prefix of it. A path through a module's `mod.rs` (a re-export) is an
//! edge to that `mod.rs` — and through its `mod` lines to every child — so the host must name
//! a state by the file that defines it.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

type Module = Vec<String>;

/// Every `.rs` file of `src/app`, by module path (`["crate", "app", "host", "unsaved"]`).
fn app_files() -> BTreeMap<Module, PathBuf> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut out = BTreeMap::new();
    let mut todo = vec![src.join("app")];
    while let Some(dir) = todo.pop() {
        for entry in std::fs::read_dir(&dir).expect("src/app is readable") {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                todo.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let rel = path
                    .strip_prefix(&src)
                    .expect("under src")
                    .with_extension("");
                let mut module: Module = vec!["crate".into()];
                module.extend(rel.iter().map(|s| s.to_string_lossy().into_owned()));
                if module.last().is_some_and(|m| m == "mod") {
                    module.pop();
                }
                out.insert(module, path);
            }
        }
    }
    out
}

/// The source without comments and string literals (a doc comment may name egui).
fn code_of(text: &str) -> String {
    let bytes: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        let next = bytes.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < bytes.len() && bytes[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            i += 2;
            while i + 1 < bytes.len() && !(bytes[i] == '*' && bytes[i + 1] == '/') {
                i += 1;
            }
            i += 2;
        } else if c == '\'' && bytes.get(i + 2) == Some(&'\'') {
            // A character literal such as '"'.
            out.push_str("' '");
            i += 3;
        } else if c == '\'' && next == Some('\\') {
            // An escaped character literal such as '\''.
            i += 2;
            while i < bytes.len() && bytes[i] != '\'' {
                i += 1;
            }
            i += 1;
            out.push_str("' '");
        } else if c == 'r'
            && (next == Some('"') || next == Some('#'))
            && !ident_char(prev(&bytes, i))
        {
            // A raw string r"…" or r#"…"#.
            let mut j = i + 1;
            let mut hashes = 0;
            while bytes.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if bytes.get(j) != Some(&'"') {
                out.push(c);
                i += 1;
                continue;
            }
            j += 1;
            loop {
                if j >= bytes.len() {
                    break;
                }
                if bytes[j] == '"' && (0..hashes).all(|k| bytes.get(j + 1 + k) == Some(&'#')) {
                    j += 1 + hashes;
                    break;
                }
                j += 1;
            }
            out.push_str("\"\"");
            i = j;
        } else if c == '"' {
            i += 1;
            while i < bytes.len() && bytes[i] != '"' {
                if bytes[i] == '\\' {
                    i += 1;
                }
                i += 1;
            }
            i += 1;
            out.push_str("\"\"");
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

fn prev(chars: &[char], i: usize) -> char {
    if i == 0 { ' ' } else { chars[i - 1] }
}

fn ident_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Whether the code names egui or eframe (a view).
fn names_egui(code: &str) -> bool {
    words(code).any(|w| w == "egui" || w == "eframe")
}

fn words(code: &str) -> impl Iterator<Item = &str> {
    code.split(|c: char| !ident_char(c))
        .filter(|w| !w.is_empty())
}

/// The paths of a `use` tree, braces expanded: `a::{b, c::{d, e}}` → `a::b`, `a::c::d`, ….
fn expand(tree: &str) -> Vec<String> {
    let tree = tree.trim();
    let Some(open) = tree.find('{') else {
        let path = tree.split(" as ").next().unwrap_or(tree).trim();
        return vec![path.to_owned()];
    };
    let prefix = &tree[..open];
    let close = tree.rfind('}').unwrap_or(tree.len());
    let inner = &tree[open + 1..close];
    let (mut parts, mut depth, mut cur) = (Vec::new(), 0, String::new());
    for ch in inner.chars() {
        match ch {
            '{' => depth += 1,
            '}' => depth -= 1,
            _ => {}
        }
        if ch == ',' && depth == 0 {
            parts.push(std::mem::take(&mut cur));
        } else {
            cur.push(ch);
        }
    }
    parts.push(cur);
    let mut out = Vec::new();
    for part in parts.iter().map(|p| p.trim()).filter(|p| !p.is_empty()) {
        for e in expand(part) {
            if e == "self" {
                out.push(prefix.trim_end_matches("::").to_owned());
            } else {
                out.push(format!("{prefix}{e}"));
            }
        }
    }
    out
}

/// Every path of two segments or more in `code` (`a::b::c`), and the `use` trees expanded.
fn paths_in(code: &str) -> Vec<Vec<String>> {
    let mut raw: Vec<String> = Vec::new();
    let mut rest = code;
    while let Some(at) = find_word(rest, "use") {
        let after = &rest[at + 3..];
        let Some(end) = after.find(';') else { break };
        raw.extend(expand(&after[..end]));
        rest = &after[end..];
    }
    // Plain paths in the code: runs of identifiers joined by `::`.
    let chars: Vec<char> = code.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        if ident_char(chars[i]) && (i == 0 || !ident_char(chars[i - 1]) && chars[i - 1] != ':') {
            let start = i;
            let mut j = i;
            loop {
                while j < chars.len() && ident_char(chars[j]) {
                    j += 1;
                }
                if j + 2 < chars.len()
                    && chars[j] == ':'
                    && chars[j + 1] == ':'
                    && ident_char(chars[j + 2])
                {
                    j += 2;
                } else {
                    break;
                }
            }
            let path: String = chars[start..j].iter().collect();
            if path.contains("::") {
                raw.push(path);
            }
            i = j.max(i + 1);
        } else {
            i += 1;
        }
    }
    raw.into_iter()
        .map(|p| {
            p.split("::")
                .map(|s| s.trim().to_owned())
                .filter(|s| !s.is_empty())
                .collect::<Vec<_>>()
        })
        .filter(|segs| !segs.is_empty() && segs != &["super", "*"])
        .collect()
}

fn find_word(text: &str, word: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(i) = text[from..].find(word) {
        let at = from + i;
        let before = text[..at].chars().next_back().unwrap_or(' ');
        let after = text[at + word.len()..].chars().next().unwrap_or(' ');
        if !ident_char(before) && after.is_whitespace() {
            return Some(at);
        }
        from = at + word.len();
    }
    None
}

/// The child modules a file declares (`mod x;`).
fn children(code: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut rest = code;
    while let Some(at) = find_word(rest, "mod") {
        let after = rest[at + 3..].trim_start();
        let name: String = after.chars().take_while(|c| ident_char(*c)).collect();
        if after[name.len()..].trim_start().starts_with(';') && !name.is_empty() {
            out.insert(name);
        }
        rest = &rest[at + 3..];
    }
    out
}

/// The files of `src/app` that `module`'s code names.
fn edges(module: &Module, code: &str, files: &BTreeMap<Module, PathBuf>) -> BTreeSet<Module> {
    let kids = children(code);
    let mut out = BTreeSet::new();
    let mut paths = paths_in(code);
    paths.extend(kids.iter().map(|k| vec![k.clone(), "x".into()]));
    for segs in paths {
        let mut path: Vec<String> = match segs[0].as_str() {
            "crate" => segs.clone(),
            "super" => {
                let mut p = module.clone();
                let mut s = segs.as_slice();
                while s.first().is_some_and(|x| x == "super") {
                    p.pop();
                    s = &s[1..];
                }
                p.extend(s.iter().cloned());
                p
            }
            "self" => {
                let mut p = module.clone();
                p.extend(segs[1..].iter().cloned());
                p
            }
            first if kids.contains(first) => {
                let mut p = module.clone();
                p.extend(segs.iter().cloned());
                p
            }
            _ => continue,
        };
        while path.len() > 1 {
            if files.contains_key(&path) {
                break;
            }
            path.pop();
        }
        if path.len() >= 2 && path[..2] == ["crate", "app"] && &path != module {
            out.insert(path);
        }
    }
    out
}

struct Graph {
    files: BTreeMap<Module, PathBuf>,
    edges: BTreeMap<Module, BTreeSet<Module>>,
    views: BTreeSet<Module>,
}

fn graph() -> Graph {
    let files = app_files();
    let mut edges_of = BTreeMap::new();
    let mut views = BTreeSet::new();
    for (module, path) in &files {
        let code = code_of(&std::fs::read_to_string(path).expect("readable source"));
        if names_egui(&code) {
            views.insert(module.clone());
        }
        edges_of.insert(module.clone(), edges(module, &code, &files));
    }
    Graph {
        files,
        edges: edges_of,
        views,
    }
}

fn under(module: &Module, folder: &[&str]) -> bool {
    module.len() >= folder.len() && module.iter().zip(folder).all(|(a, b)| a == b)
}

fn name(module: &Module) -> String {
    module[1..].join("/")
}

#[test]
fn issue29_the_protocol_is_a_leaf_of_the_window() {
    let g = graph();
    let protocol = ["crate", "app", "protocol"];
    let mine: Vec<&Module> = g.files.keys().filter(|m| under(m, &protocol)).collect();
    assert!(!mine.is_empty(), "src/app/protocol.rs is there");
    for m in mine {
        assert!(!g.views.contains(m), "{} names egui or eframe", name(m));
        let outside: Vec<String> = g.edges[m]
            .iter()
            .filter(|t| !under(t, &protocol))
            .map(name)
            .collect();
        assert!(
            outside.is_empty(),
            "{} imports other window modules: {outside:?}",
            name(m)
        );
    }
}

/// Every file reachable from `start` through the graph, with the path that reached it.
fn reachable(g: &Graph, start: &[&Module]) -> BTreeMap<Module, Vec<Module>> {
    let mut seen: BTreeMap<Module, Vec<Module>> = BTreeMap::new();
    let mut todo: Vec<Module> = Vec::new();
    for m in start {
        seen.insert((*m).clone(), vec![(*m).clone()]);
        todo.push((*m).clone());
    }
    while let Some(m) = todo.pop() {
        let trail = seen[&m].clone();
        for next in &g.edges[&m] {
            if !seen.contains_key(next) {
                let mut t = trail.clone();
                t.push(next.clone());
                seen.insert(next.clone(), t);
                todo.push(next.clone());
            }
        }
    }
    seen
}

#[test]
fn issue29_nothing_the_host_reaches_names_egui_or_a_view() {
    let g = graph();
    let host = ["crate", "app", "host"];
    let start: Vec<&Module> = g.files.keys().filter(|m| under(m, &host)).collect();
    assert!(start.len() > 5, "src/app/host/ is there");
    let reached = reachable(&g, &start);
    let views: Vec<String> = reached
        .iter()
        .filter(|(m, _)| g.views.contains(*m))
        .map(|(_, trail)| trail.iter().map(name).collect::<Vec<_>>().join(" -> "))
        .collect();
    assert!(
        views.is_empty(),
        "the host reaches egui through: {views:#?}"
    );
    // And so the host is in no import loop with a view: nothing it reaches leads back to it
    // through the shell.
    assert!(!reached.contains_key(&vec!["crate".to_owned(), "app".to_owned()]));
}

#[test]
fn issue29_the_graph_reader_sees_views_and_edges() {
    // The reader itself: a view is found, a use tree is followed through its braces.
    let g = graph();
    assert!(
        g.views
            .contains(&vec!["crate".into(), "app".into(), "menus".into()])
    );
    let effects: Module = ["crate", "app", "effects"].map(String::from).to_vec();
    let protocol: Module = ["crate", "app", "protocol"].map(String::from).to_vec();
    assert!(
        g.edges[&effects].contains(&protocol),
        "{:?}",
        g.edges[&effects]
    );
    assert_eq!(
        expand("super::{a, b::{c, self}}"),
        ["super::a", "super::b::c", "super::b"]
    );
    assert!(!names_egui(&code_of("// egui\nlet s = \"eframe\";")));
}
