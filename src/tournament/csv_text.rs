//! RFC 4180 CSV, read and written: quoted fields with commas, doubled quotes and line breaks,
//! CRLF or LF, a UTF-8 byte order mark (spreadsheets write one). Small enough to keep here
//! rather than add a crate for two fixed tables.

/// One record with the line it starts on (1-based), for messages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The line the record starts on.
    pub line: usize,
    /// The fields, unquoted.
    pub fields: Vec<String>,
}

/// Splits `text` into records. Blank lines are skipped. An unclosed quote is an error that
/// names the line it opened on.
pub fn read(text: &str) -> Result<Vec<Record>, String> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut records = Vec::new();
    let mut fields = Vec::new();
    let mut field = String::new();
    let mut quoted = false;
    let mut was_quoted = false;
    let mut line = 1;
    let mut start_line = 1;
    let mut quote_line = 0;
    let mut chars = text.chars().peekable();
    let finish =
        |fields: &mut Vec<String>, field: &mut String, start: usize, records: &mut Vec<Record>| {
            fields.push(std::mem::take(field));
            let blank = fields.len() == 1 && fields[0].trim().is_empty();
            if !blank {
                records.push(Record {
                    line: start,
                    fields: std::mem::take(fields),
                });
            } else {
                fields.clear();
            }
        };
    while let Some(c) = chars.next() {
        if quoted {
            match c {
                '"' if chars.peek() == Some(&'"') => {
                    chars.next();
                    field.push('"');
                }
                '"' => quoted = false,
                '\n' => {
                    line += 1;
                    field.push('\n');
                }
                _ => field.push(c),
            }
            continue;
        }
        match c {
            '"' if field.trim().is_empty() && !was_quoted => {
                field.clear();
                quoted = true;
                was_quoted = true;
                quote_line = line;
            }
            ',' => {
                fields.push(std::mem::take(&mut field));
                was_quoted = false;
            }
            '\r' if chars.peek() == Some(&'\n') => {}
            '\n' | '\r' => {
                finish(&mut fields, &mut field, start_line, &mut records);
                was_quoted = false;
                line += 1;
                start_line = line;
            }
            _ => field.push(c),
        }
    }
    if quoted {
        return Err(format!("line {quote_line}: a quoted field is never closed"));
    }
    if !field.is_empty() || !fields.is_empty() {
        finish(&mut fields, &mut field, start_line, &mut records);
    }
    Ok(records)
}

/// One field for writing: quoted when it holds a comma, a quote or a line break.
pub fn field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

/// One line of fields, ending in CRLF as RFC 4180 asks.
pub fn line<S: AsRef<str>>(fields: &[S]) -> String {
    let mut out = fields
        .iter()
        .map(|f| field(f.as_ref()))
        .collect::<Vec<_>>()
        .join(",");
    out.push_str("\r\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields(text: &str) -> Vec<Vec<String>> {
        read(text)
            .unwrap_or_default()
            .into_iter()
            .map(|r| r.fields)
            .collect()
    }

    #[test]
    fn quotes_commas_bom_and_crlf() {
        assert_eq!(
            fields("\u{feff}a,b\r\n\"x, y\",\"say \"\"hi\"\"\"\r\n\r\nlast,\n"),
            vec![
                vec!["a".to_string(), "b".into()],
                vec!["x, y".into(), "say \"hi\"".into()],
                vec!["last".into(), "".into()]
            ]
        );
        assert_eq!(fields("a,\"two\nlines\"\nb,c").len(), 2);
        assert_eq!(read("a\nb,c").map(|r| r[1].line), Ok(2));
        assert!(read("a,\"open\nb").is_err());
    }

    #[test]
    fn written_lines_read_back() {
        let row = ["王 磊", "a,b", "q\"q", ""];
        let text = line(&row);
        assert_eq!(
            fields(&text),
            vec![row.iter().map(|s| s.to_string()).collect::<Vec<_>>()]
        );
    }
}
