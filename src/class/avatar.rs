//! A child's avatar drawn for paper (issue 27 item 6): the animals as small faces made of
//! circles and paths, the colours as a disc, in inline SVG. An emoji needs a colour-emoji
//! font, which many printers' computers lack (the avatar printed as an empty box); shapes
//! print everywhere.

use std::fmt::Write;

use super::model::{ANIMALS, Avatar, COLOURS};
use crate::escape::xml;
use crate::i18n::Lang;

const INK: &str = "#263238";

fn eyes(out: &mut String, y: f64, dx: f64, r: f64) {
    let _ = write!(
        out,
        r##"<circle cx="{:.1}" cy="{y:.1}" r="{r:.1}" fill="{INK}"/><circle cx="{:.1}" cy="{y:.1}" r="{r:.1}" fill="{INK}"/>"##,
        50.0 - dx,
        50.0 + dx
    );
}

fn face(out: &mut String, fill: &str) {
    let _ = write!(
        out,
        r##"<circle cx="50" cy="56" r="34" fill="{fill}" stroke="{INK}" stroke-width="2.5"/>"##
    );
}

fn round_ears(out: &mut String, fill: &str, inner: &str) {
    for cx in [24.0, 76.0] {
        let _ = write!(
            out,
            r##"<circle cx="{cx}" cy="26" r="13" fill="{fill}" stroke="{INK}" stroke-width="2.5"/><circle cx="{cx}" cy="26" r="6" fill="{inner}"/>"##
        );
    }
}

fn pointed_ears(out: &mut String, fill: &str, inner: &str, tall: f64) {
    let top = 22.0 - tall;
    let _ = write!(
        out,
        r##"<path d="M20 40 L24 {top:.1} L44 28 Z" fill="{fill}" stroke="{INK}" stroke-width="2.5" stroke-linejoin="round"/><path d="M80 40 L76 {top:.1} L56 28 Z" fill="{fill}" stroke="{INK}" stroke-width="2.5" stroke-linejoin="round"/><path d="M26 36 L27 {:.1} L38 30 Z" fill="{inner}"/><path d="M74 36 L73 {:.1} L62 30 Z" fill="{inner}"/>"##,
        top + 8.0,
        top + 8.0
    );
}

fn nose(out: &mut String, fill: &str) {
    let _ = write!(
        out,
        r##"<ellipse cx="50" cy="64" rx="5" ry="3.5" fill="{fill}"/><path d="M42 71 Q50 77 58 71" fill="none" stroke="{INK}" stroke-width="2" stroke-linecap="round"/>"##
    );
}

fn muzzle(out: &mut String, fill: &str) {
    let _ = write!(
        out,
        r##"<ellipse cx="50" cy="68" rx="16" ry="11" fill="{fill}"/>"##
    );
}

fn whiskers(out: &mut String) {
    let _ = write!(
        out,
        r##"<path d="M36 66 L18 62 M36 70 L18 72 M64 66 L82 62 M64 70 L82 72" stroke="{INK}" stroke-width="1.5" stroke-linecap="round"/>"##
    );
}

/// The picture of one animal (its key in [`ANIMALS`]) on a 100 × 100 box.
fn animal(key: &str) -> String {
    let mut s = String::new();
    match key {
        "panda" => {
            round_ears(&mut s, INK, INK);
            face(&mut s, "#fafafa");
            let _ = write!(
                s,
                r##"<ellipse cx="37" cy="52" rx="9" ry="11" fill="{INK}" transform="rotate(-25 37 52)"/><ellipse cx="63" cy="52" rx="9" ry="11" fill="{INK}" transform="rotate(25 63 52)"/><circle cx="38" cy="51" r="3" fill="#fff"/><circle cx="62" cy="51" r="3" fill="#fff"/>"##
            );
            nose(&mut s, INK);
        }
        "tiger" => {
            round_ears(&mut s, "#fb8c00", "#ffe0b2");
            face(&mut s, "#fb8c00");
            muzzle(&mut s, "#fff3e0");
            let _ = write!(
                s,
                r##"<path d="M50 24 L50 36 M40 26 L43 36 M60 26 L57 36 M18 52 L30 54 M82 52 L70 54 M20 62 L30 61 M80 62 L70 61" stroke="{INK}" stroke-width="3" stroke-linecap="round"/>"##
            );
            eyes(&mut s, 50.0, 12.0, 4.0);
            nose(&mut s, "#e57373");
        }
        "rabbit" => {
            for cx in [38.0, 62.0] {
                let _ = write!(
                    s,
                    r##"<ellipse cx="{cx}" cy="20" rx="8" ry="20" fill="#eceff1" stroke="{INK}" stroke-width="2.5"/><ellipse cx="{cx}" cy="21" rx="3.5" ry="13" fill="#f8bbd0"/>"##
                );
            }
            face(&mut s, "#eceff1");
            eyes(&mut s, 52.0, 12.0, 4.0);
            nose(&mut s, "#f06292");
        }
        "cat" => {
            pointed_ears(&mut s, "#90a4ae", "#f8bbd0", 6.0);
            face(&mut s, "#90a4ae");
            eyes(&mut s, 52.0, 12.0, 4.0);
            nose(&mut s, "#f06292");
            whiskers(&mut s);
        }
        "dog" => {
            face(&mut s, "#d7a86e");
            let _ = write!(
                s,
                r##"<ellipse cx="20" cy="52" rx="10" ry="20" fill="#8d6e63" stroke="{INK}" stroke-width="2.5" transform="rotate(15 20 52)"/><ellipse cx="80" cy="52" rx="10" ry="20" fill="#8d6e63" stroke="{INK}" stroke-width="2.5" transform="rotate(-15 80 52)"/>"##
            );
            muzzle(&mut s, "#f5deb3");
            eyes(&mut s, 50.0, 12.0, 4.0);
            nose(&mut s, INK);
        }
        "monkey" => {
            for cx in [16.0, 84.0] {
                let _ = write!(
                    s,
                    r##"<circle cx="{cx}" cy="56" r="11" fill="#8d6e63" stroke="{INK}" stroke-width="2.5"/><circle cx="{cx}" cy="56" r="5" fill="#f3d9b1"/>"##
                );
            }
            face(&mut s, "#8d6e63");
            let _ = write!(
                s,
                r##"<ellipse cx="50" cy="62" rx="25" ry="22" fill="#f3d9b1"/>"##
            );
            eyes(&mut s, 54.0, 10.0, 4.0);
            let _ = write!(
                s,
                r##"<circle cx="47" cy="66" r="1.8" fill="{INK}"/><circle cx="53" cy="66" r="1.8" fill="{INK}"/><path d="M42 73 Q50 79 58 73" fill="none" stroke="{INK}" stroke-width="2" stroke-linecap="round"/>"##
            );
        }
        "bear" => {
            round_ears(&mut s, "#795548", "#d7ccc8");
            face(&mut s, "#795548");
            muzzle(&mut s, "#d7ccc8");
            eyes(&mut s, 50.0, 12.0, 4.0);
            nose(&mut s, INK);
        }
        "fox" => {
            pointed_ears(&mut s, "#ef6c00", "#fff3e0", 12.0);
            face(&mut s, "#ef6c00");
            let _ = write!(
                s,
                r##"<path d="M18 60 Q34 62 50 80 Q66 62 82 60 Q80 86 50 90 Q20 86 18 60 Z" fill="#fff8e1"/>"##
            );
            eyes(&mut s, 52.0, 12.0, 4.0);
            nose(&mut s, INK);
        }
        "frog" => {
            for cx in [32.0, 68.0] {
                let _ = write!(
                    s,
                    r##"<circle cx="{cx}" cy="30" r="13" fill="#66bb6a" stroke="{INK}" stroke-width="2.5"/><circle cx="{cx}" cy="30" r="7" fill="#fff"/><circle cx="{cx}" cy="31" r="3.5" fill="{INK}"/>"##
                );
            }
            face(&mut s, "#66bb6a");
            let _ = write!(
                s,
                r##"<path d="M30 64 Q50 80 70 64" fill="none" stroke="{INK}" stroke-width="2.5" stroke-linecap="round"/><circle cx="46" cy="56" r="1.6" fill="{INK}"/><circle cx="54" cy="56" r="1.6" fill="{INK}"/>"##
            );
        }
        "chick" => {
            let _ = write!(
                s,
                r##"<path d="M50 22 Q46 12 40 14 M50 22 Q52 10 58 12" fill="none" stroke="{INK}" stroke-width="2.5" stroke-linecap="round"/>"##
            );
            face(&mut s, "#fdd835");
            eyes(&mut s, 50.0, 12.0, 4.0);
            let _ = write!(
                s,
                r##"<path d="M42 60 L58 60 L50 72 Z" fill="#fb8c00" stroke="{INK}" stroke-width="2" stroke-linejoin="round"/>"##
            );
        }
        "fish" => {
            let _ = write!(
                s,
                r##"<path d="M72 56 L94 38 L94 74 Z" fill="#1e88e5" stroke="{INK}" stroke-width="2.5" stroke-linejoin="round"/><ellipse cx="44" cy="56" rx="34" ry="24" fill="#42a5f5" stroke="{INK}" stroke-width="2.5"/><path d="M40 34 Q50 24 60 36" fill="#1e88e5" stroke="{INK}" stroke-width="2"/><circle cx="28" cy="50" r="5" fill="#fff"/><circle cx="27" cy="50" r="2.5" fill="{INK}"/><path d="M14 62 Q20 66 26 62" fill="none" stroke="{INK}" stroke-width="2" stroke-linecap="round"/>"##
            );
        }
        "dragon" => {
            let _ = write!(
                s,
                r##"<path d="M30 32 L22 8 L42 26 Z" fill="#fff59d" stroke="{INK}" stroke-width="2.5" stroke-linejoin="round"/><path d="M70 32 L78 8 L58 26 Z" fill="#fff59d" stroke="{INK}" stroke-width="2.5" stroke-linejoin="round"/>"##
            );
            face(&mut s, "#43a047");
            muzzle(&mut s, "#a5d6a7");
            let _ = write!(
                s,
                r##"<circle cx="38" cy="48" r="6" fill="#fff59d"/><circle cx="62" cy="48" r="6" fill="#fff59d"/><circle cx="38" cy="48" r="3" fill="{INK}"/><circle cx="62" cy="48" r="3" fill="{INK}"/><circle cx="45" cy="66" r="2" fill="{INK}"/><circle cx="55" cy="66" r="2" fill="{INK}"/><path d="M40 74 Q50 80 60 74" fill="none" stroke="{INK}" stroke-width="2" stroke-linecap="round"/>"##
            );
        }
        _ => {
            face(&mut s, "#b0bec5");
            eyes(&mut s, 52.0, 12.0, 4.0);
            nose(&mut s, INK);
        }
    }
    s
}

/// The avatar as an inline `<svg class="avatar">`, named in `lang` for screen readers.
pub fn svg(avatar: &Avatar, lang: Lang) -> String {
    let (name, body) = match avatar {
        Avatar::Animal(k) => (
            ANIMALS
                .iter()
                .find(|(a, _, _)| a == k)
                .map_or(k.as_str(), |(_, n, _)| lang.pick(n[0], n[1], n[2])),
            animal(k),
        ),
        Avatar::Colour(k) => (
            COLOURS
                .iter()
                .find(|(c, _, _)| c == k)
                .map_or(k.as_str(), |(_, n, _)| lang.pick(n[0], n[1], n[2])),
            format!(
                r##"<circle cx="50" cy="50" r="44" fill="{}" stroke="{INK}" stroke-width="2.5"/>"##,
                avatar.picture()
            ),
        ),
    };
    format!(
        r##"<svg class="avatar" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" role="img" aria-label="{}">{body}</svg>"##,
        xml(name)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every avatar is shapes only: no text, so no font is needed to print it.
    #[test]
    fn every_avatar_is_drawn_with_shapes_and_no_text() {
        let all = ANIMALS
            .iter()
            .map(|(k, _, _)| Avatar::Animal((*k).to_string()))
            .chain(
                COLOURS
                    .iter()
                    .map(|(k, _, _)| Avatar::Colour((*k).to_string())),
            );
        let mut seen = std::collections::HashSet::new();
        for a in all {
            let s = svg(&a, Lang::ZhHans);
            assert!(
                s.starts_with("<svg class=\"avatar\"") && s.ends_with("</svg>"),
                "{s}"
            );
            assert!(!s.contains("<text"), "{a:?}");
            assert!(
                s.chars()
                    .all(|c| (c as u32) < 0x2000 || ('\u{4e00}'..='\u{9fff}').contains(&c)),
                "no emoji: {s}"
            );
            assert!(
                seen.insert(s.split_once('>').map(|x| x.1.to_string())),
                "{a:?} drawn like another"
            );
        }
    }
}
