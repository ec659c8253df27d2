//! How to start an engine: its program and arguments, written as one command line.

use std::time::Duration;

/// Where Debian and Ubuntu install GNU Go (not on root's PATH).
pub const GNUGO_DEBIAN: &str = "/usr/games/gnugo";

/// GNU Go's strength levels (`--level`): 0 to 10, 10 the strongest and slowest.
pub const GNUGO_LEVELS: std::ops::RangeInclusive<u8> = 0..=10;

/// An engine's command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    /// The program (a path, or a name looked up on PATH).
    pub program: String,
    /// Its arguments.
    pub args: Vec<String>,
    /// How long the engine may take to start and answer its first command: KataGo loads a
    /// neural network (and may tune its GPU code on a first run), so this is generous.
    pub startup: Duration,
}

impl EngineSpec {
    /// GNU Go in GTP mode at `level` (clamped to 0–10) on the Chinese rules with positional
    /// superko (Art. 6), from `/usr/games/gnugo` when it is there, else from PATH.
    pub fn gnugo(level: u8) -> EngineSpec {
        // (A Debian path means nothing on Windows, where a Linux program may even be seen
        // through Wine's drive Z: and cannot run.)
        let program = if cfg!(unix) && std::path::Path::new(GNUGO_DEBIAN).is_file() {
            GNUGO_DEBIAN
        } else {
            "gnugo"
        };
        let level = level.min(*GNUGO_LEVELS.end());
        EngineSpec {
            program: program.to_string(),
            args: [
                "--mode",
                "gtp",
                "--level",
                &level.to_string(),
                "--chinese-rules",
                "--positional-superko",
            ]
            .map(String::from)
            .to_vec(),
            startup: Duration::from_secs(20),
        }
    }

    /// Any engine from its command line as a user types it, e.g.
    /// `katago gtp -model m.bin.gz -config gtp.cfg` or `pachi -t =5000`. Words are split on
    /// white space; single or double quotes keep spaces inside a word and a backslash escapes
    /// the next character (no other shell syntax). `None` for an empty line or an open quote.
    pub fn parse(line: &str) -> Option<EngineSpec> {
        let words = split_words(line)?;
        let (program, args) = words.split_first()?;
        Some(EngineSpec {
            program: program.clone(),
            args: args.to_vec(),
            startup: Duration::from_secs(120),
        })
    }

    /// The command line as one string (for messages and settings).
    pub fn command_line(&self) -> String {
        std::iter::once(&self.program)
            .chain(&self.args)
            .map(|w| quote(w))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The program's file name (for messages): `gnugo` for `/usr/games/gnugo`.
    pub fn program_name(&self) -> &str {
        self.program.rsplit('/').next().unwrap_or(&self.program)
    }
}

fn quote(word: &str) -> String {
    if !word.is_empty() && !word.contains([' ', '\t', '\'', '"', '\\']) {
        return word.to_string();
    }
    format!("'{}'", word.replace('\'', "'\\''"))
}

/// Splits a command line into words; `None` when a quote is left open or nothing is there.
fn split_words(line: &str) -> Option<Vec<String>> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut quote: Option<char> = None;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some('"'), '\\') | (None, '\\') => {
                word.push(chars.next()?);
                in_word = true;
            }
            (Some(_), c) => word.push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                in_word = true;
            }
            (None, c) if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            (None, c) => {
                word.push(c);
                in_word = true;
            }
        }
    }
    if quote.is_some() {
        return None;
    }
    if in_word {
        words.push(word);
    }
    (!words.is_empty()).then_some(words)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(line: &str) -> Option<Vec<String>> {
        EngineSpec::parse(line).map(|s| std::iter::once(s.program).chain(s.args).collect())
    }

    #[test]
    fn command_lines_split_like_a_shell_would() {
        let cases: &[(&str, Option<&[&str]>)] = &[
            ("gnugo --mode gtp", Some(&["gnugo", "--mode", "gtp"])),
            ("  katago  gtp  ", Some(&["katago", "gtp"])),
            (
                "katago gtp -model '/my models/b18.bin.gz'",
                Some(&["katago", "gtp", "-model", "/my models/b18.bin.gz"]),
            ),
            (
                r#"pachi -t "=5000" x\ y"#,
                Some(&["pachi", "-t", "=5000", "x y"]),
            ),
            ("a '' b", Some(&["a", "", "b"])),
            ("", None),
            ("   ", None),
            ("katago 'open", None),
        ];
        for (line, want) in cases {
            let want = want.map(|w| w.iter().map(|s| s.to_string()).collect::<Vec<_>>());
            assert_eq!(words(line), want, "{line:?}");
        }
    }

    #[test]
    fn command_line_round_trips_through_parse() {
        for line in [
            "gnugo --mode gtp",
            "katago gtp -model '/a b/m.gz'",
            "x '' 'it'\\''s'",
        ] {
            let spec = EngineSpec::parse(line).expect("parses");
            let again = EngineSpec::parse(&spec.command_line()).expect("parses again");
            assert_eq!(spec, again, "{line}");
        }
    }

    #[test]
    fn gnugo_preset_plays_chinese_rules_at_the_level_asked() {
        let spec = EngineSpec::gnugo(30);
        assert_eq!(spec.program_name(), "gnugo");
        assert!(
            spec.command_line()
                .ends_with("--mode gtp --level 10 --chinese-rules --positional-superko")
        );
    }
}
