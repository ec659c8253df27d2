//! Character sets: bytes of a file → UTF-8 text, honouring `CA[]`, coping when it is missing or wrong.
//!
//! Order of evidence: a byte-order mark; then UTF-16 without one (every other byte zero);
//! then text that is valid UTF-8 and holds non-ASCII characters (real files in other charsets
//! are almost never valid UTF-8 by accident, while files that say `CA[ISO-8859-1]` but hold
//! UTF-8 are common); then the declared `CA[]`, when it decodes without errors; then a guess
//! among the East Asian charsets from how their common characters are laid out. Every
//! departure from the declared charset is reported.

use std::borrow::Cow;

use encoding_rs::{
    BIG5, EUC_KR, Encoding, GB18030, SHIFT_JIS, UTF_8, UTF_16BE, UTF_16LE, WINDOWS_1252,
};

use super::diagnostics::{Repair, Warning};

/// The decoded text and what was used to decode it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decoded<'a> {
    /// The text, as UTF-8, without byte-order mark (borrowed when the bytes were UTF-8).
    pub text: Cow<'a, str>,
    /// Name of the charset used (encoding_rs name, e.g. "GBK", "Shift_JIS", "UTF-8").
    pub charset: &'static str,
    /// What the file declared in `CA[]`, if anything.
    pub declared: Option<String>,
    /// Repairs and guesses made while decoding.
    pub warnings: Vec<Warning>,
}

/// Decodes the bytes of an SGF file to text. Never fails: undecodable bytes become U+FFFD, with a warning.
pub fn decode(bytes: &[u8]) -> Decoded<'_> {
    let mut warnings = Vec::new();
    if let Some((encoding, bom_len)) = Encoding::for_bom(bytes) {
        let rest = bytes.get(bom_len..).unwrap_or_default();
        let (text, had_errors) = encoding.decode_without_bom_handling(rest);
        if had_errors {
            warnings.push(Warning::general(Repair::InvalidBytes {
                charset: encoding.name(),
            }));
        }
        let declared = declared_charset(text.as_bytes());
        return Decoded {
            text,
            charset: encoding.name(),
            declared,
            warnings,
        };
    }
    if let Some(encoding) = utf16_without_bom(bytes) {
        let (text, had_errors) = encoding.decode_without_bom_handling(bytes);
        warnings.push(Warning::general(Repair::Utf16WithoutBom {
            charset: encoding.name(),
        }));
        if had_errors {
            warnings.push(Warning::general(Repair::InvalidBytes {
                charset: encoding.name(),
            }));
        }
        let declared = declared_charset(text.as_bytes());
        return Decoded {
            text,
            charset: encoding.name(),
            declared,
            warnings,
        };
    }

    let declared = declared_charset(bytes);
    let declared_encoding = declared.as_deref().and_then(encoding_for_label);
    if let Some(label) = &declared
        && declared_encoding.is_none()
    {
        warnings.push(Warning::general(Repair::UnknownCharset {
            label: label.clone(),
        }));
    }

    let utf8 = std::str::from_utf8(bytes).ok();
    if let Some(text) = utf8 {
        let non_ascii = !text.is_ascii();
        let says_other = declared_encoding.is_some_and(|e| e != UTF_8);
        if non_ascii || !says_other {
            if non_ascii && says_other {
                warnings.push(Warning::general(Repair::DeclaredButUtf8 {
                    declared: declared.clone().unwrap_or_default(),
                }));
            }
            return Decoded {
                text: Cow::Borrowed(text),
                charset: UTF_8.name(),
                declared,
                warnings,
            };
        }
    }

    if let Some(encoding) = declared_encoding {
        let (text, had_errors) = encoding.decode_without_bom_handling(bytes);
        if !had_errors {
            return Decoded {
                text,
                charset: encoding.name(),
                declared,
                warnings,
            };
        }
    }

    let guess = guess_east_asian(bytes);
    let encoding = guess.unwrap_or(WINDOWS_1252);
    let (text, had_errors) = encoding.decode_without_bom_handling(bytes);
    warnings.push(Warning::general(Repair::CharsetGuessed {
        declared: declared.clone(),
        used: encoding.name(),
        guessed: guess.is_some(),
    }));
    if had_errors {
        warnings.push(Warning::general(Repair::InvalidBytes {
            charset: encoding.name(),
        }));
    }
    Decoded {
        text,
        charset: encoding.name(),
        declared,
        warnings,
    }
}

/// The encoding for a `CA[]` label, including the old names SGF writers use.
pub fn encoding_for_label(label: &str) -> Option<&'static Encoding> {
    let label = label.trim();
    if let Some(e) = Encoding::for_label(label.as_bytes()) {
        return Some(e);
    }
    let lower = label.to_ascii_lowercase().replace('_', "-");
    let lower = match lower.strip_prefix("iso8859") {
        Some(rest) => format!("iso-8859{rest}"),
        None => lower,
    };
    // Mac charsets are supersets of the East Asian standards for everything a record holds.
    let mapped = match lower.as_str() {
        "utf8" => "utf-8",
        "gb" | "cp936" | "euc-cn" | "x-mac-chinesesimp" | "x-mac-simp-chinese" => "gbk",
        "x-mac-japanese" | "sjis" | "x-sjis" | "cp932" | "ms932" => "shift_jis",
        "x-mac-korean" | "cp949" | "uhc" => "euc-kr",
        "x-mac-chinesetrad" | "x-mac-trad-chinese" | "cp950" | "big-5" => "big5",
        "latin1" | "latin-1" => "iso-8859-1",
        "shift-jis" | "ms-kanji" => "shift_jis",
        other => other,
    };
    Encoding::for_label(mapped.as_bytes())
}

/// Finds `CA[...]` in the raw bytes (ASCII), as a property identifier, not inside other text.
fn declared_charset(bytes: &[u8]) -> Option<String> {
    let mut from = 0;
    while let Some(found) = find(bytes.get(from..)?, b"CA[") {
        let at = from + found;
        let before = at.checked_sub(1).and_then(|i| bytes.get(i)).copied();
        from = at + 3;
        if before.is_some_and(|b| b.is_ascii_uppercase()) {
            continue;
        }
        let rest = bytes.get(from..)?;
        let end = rest.iter().position(|&b| b == b']')?;
        let label = std::str::from_utf8(rest.get(..end)?).ok()?;
        return Some(label.trim().to_string());
    }
    None
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

fn utf16_without_bom(bytes: &[u8]) -> Option<&'static Encoding> {
    // SGF starts with ASCII '(' (maybe after spaces): the zero byte says which half is high.
    let sample = bytes.get(..bytes.len().min(64))?;
    let pairs = sample.len() / 2;
    if pairs < 2 {
        return None;
    }
    let even_zero = sample.iter().step_by(2).filter(|&&b| b == 0).count();
    let odd_zero = sample
        .iter()
        .skip(1)
        .step_by(2)
        .filter(|&&b| b == 0)
        .count();
    if odd_zero * 4 >= pairs * 3 && even_zero == 0 {
        Some(UTF_16LE)
    } else if even_zero * 4 >= pairs * 3 && odd_zero == 0 {
        Some(UTF_16BE)
    } else {
        None
    }
}

/// Whether a (lead, trail) byte pair is where a charset keeps its common characters.
type CommonPair = fn(u8, u8) -> bool;

/// Picks GB18030, Big5, Shift_JIS or EUC-KR by the share of double-byte characters that
/// fall where each standard keeps its common characters. Ties go to GB18030 (this is a
/// Chinese app; Chinese records without `CA[]` are the usual case).
fn guess_east_asian(bytes: &[u8]) -> Option<&'static Encoding> {
    let candidates: [(&'static Encoding, CommonPair); 4] = [
        (GB18030, |lead, trail| {
            // GB2312: level-1 hanzi and the punctuation rows, both bytes A1-FE.
            (0xB0..=0xF7).contains(&lead) && (0xA1..=0xFE).contains(&trail)
                || (0xA1..=0xA3).contains(&lead) && (0xA1..=0xFE).contains(&trail)
        }),
        (BIG5, |lead, trail| {
            // Big5 common hanzi A440-C67E and punctuation A140-A3BF.
            (0xA1..=0xC6).contains(&lead)
                && ((0x40..=0x7E).contains(&trail) || (0xA1..=0xFE).contains(&trail))
        }),
        (SHIFT_JIS, |lead, trail| {
            // Kana and punctuation (81-83) and level-1 kanji (88-98).
            ((0x81..=0x83).contains(&lead) || (0x88..=0x98).contains(&lead))
                && (0x40..=0xFC).contains(&trail)
                && trail != 0x7F
        }),
        (EUC_KR, |lead, trail| {
            // Hangul syllables B0-C8.
            (0xB0..=0xC8).contains(&lead) && (0xA1..=0xFE).contains(&trail)
        }),
    ];
    let mut best: Option<(&'static Encoding, f64)> = None;
    for (encoding, common) in candidates {
        let (_, had_errors) = encoding.decode_without_bom_handling(bytes);
        if had_errors {
            continue;
        }
        let (hits, total) = double_byte_share(bytes, common);
        if total == 0 {
            continue;
        }
        let share = hits as f64 / total as f64;
        if best.is_none_or(|(_, s)| share > s + 1e-9) {
            best = Some((encoding, share));
        }
    }
    best.map(|(e, _)| e)
}

fn double_byte_share(bytes: &[u8], common: CommonPair) -> (usize, usize) {
    let mut hits = 0;
    let mut total = 0;
    let mut i = 0;
    while let Some(&lead) = bytes.get(i) {
        if lead < 0x80 {
            i += 1;
            continue;
        }
        let trail = bytes.get(i + 1).copied().unwrap_or(0);
        total += 1;
        if common(lead, trail) {
            hits += 1;
        }
        i += 2;
    }
    (hits, total)
}
