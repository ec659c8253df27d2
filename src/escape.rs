//! The one escaper of text for XML, SVG and HTML (diagrams, reports, the hall page, the
//! tournament's exports and OpenGotha files).

/// `s` with the five XML special characters replaced by entities; control characters other than
/// tab and newline are dropped, as XML 1.0 cannot hold them.
pub fn xml(s: &str) -> String {
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

#[cfg(test)]
mod tests {
    #[test]
    fn escapes_the_five_and_drops_controls() {
        assert_eq!(
            super::xml("a<b>&\"'\u{7}\n"),
            "a&lt;b&gt;&amp;&quot;&#39;\n"
        );
        assert_eq!(super::xml("黑胜"), "黑胜");
    }
}
