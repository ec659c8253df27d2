//! Escaping text for SVG and HTML.

/// `s` with the five XML special characters replaced by entities; control characters other than
/// tab and newline are dropped, as XML 1.0 cannot hold them.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for ch in s.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            '\t' | '\n' => out.push(ch),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}
