//! The printable record as one HTML page: game information, then the diagrams with their notes.

use std::fmt::Write;

use super::kifu::{KifuNote, KifuSheet};
use super::layout::Layout;
use super::paper::{PRINT_MARGIN_MM, Paper, RECORD_TEXT_MM};
use super::svg::{Background, SvgOptions, svg_body};
use super::xml::escape;
use crate::geometry::LabelStyle;
use crate::i18n::Lang;
use crate::record::GameInfo;
use crate::rules::Color;

/// Writes the record as a standalone HTML page in `lang`, one diagram per sheet, each diagram
/// sized to print on `paper` (a page each, the page size set for the browser's printing).
pub fn kifu_html(
    info: &GameInfo,
    sheets: &[KifuSheet],
    lang: Lang,
    coordinates: Option<LabelStyle>,
    paper: Paper,
) -> String {
    let mut out = String::new();
    let title = title(info, lang);
    let _ = writeln!(
        out,
        "<!DOCTYPE html>\n<html lang=\"{}\">\n<head>\n<meta charset=\"utf-8\">\n<title>{}</title>",
        lang.code(),
        escape(&title)
    );
    out.push_str(STYLE);
    let size = sheets.first().map_or(info.size, |s| s.scene.size());
    let board = Layout::standard(size);
    let (bw, bh) = (board.width(), board.height());
    let _ = writeln!(
        out,
        "<style>\n@page {{ size: {}; margin: {PRINT_MARGIN_MM:.0}mm; }}\n</style>",
        paper.css_page(bw, bh, RECORD_TEXT_MM)
    );
    let _ = writeln!(out, "</head>\n<body>\n<h1>{}</h1>", escape(&title));
    info_table(&mut out, info, lang);
    let _ = writeln!(
        out,
        "<p class=\"paper\">{}{}</p>",
        lang.pick("纸张：", "紙張：", "Paper: "),
        escape(&paper.describe(bw, bh, RECORD_TEXT_MM, lang))
    );
    let options = SvgOptions {
        coordinates,
        background: Background::Paper,
        paper,
    };
    for (i, sheet) in sheets.iter().enumerate() {
        sheet_html(&mut out, i + 1, sheet, lang, &options);
    }
    out.push_str("</body>\n</html>\n");
    out
}

const STYLE: &str = "<style>
body { font-family: 'Noto Sans CJK SC', 'Droid Sans Fallback', 'DejaVu Sans', sans-serif; margin: 12mm; color: #000; }
h1 { font-size: 16pt; margin: 0 0 4mm 0; }
table.info { border-collapse: collapse; margin-bottom: 6mm; }
table.info th { text-align: left; padding: 1mm 4mm 1mm 0; font-weight: normal; color: #444; }
table.info td { padding: 1mm 6mm 1mm 0; }
section.sheet { page-break-inside: avoid; break-inside: avoid; margin-bottom: 8mm; }
section.sheet h2 { font-size: 12pt; margin: 0 0 2mm 0; }
section.sheet svg { display: block; }
p.paper { font-size: 9pt; color: #444; margin: 0 0 4mm 0; }
p.notes { margin: 2mm 0 0 0; font-size: 11pt; }
@media print { body { margin: 0; } p.paper { display: none; } section.sheet { page-break-after: always; } section.sheet:last-of-type { page-break-after: auto; } }
</style>";

fn title(info: &GameInfo, lang: Lang) -> String {
    if let Some(name) = info.game_name.as_deref().filter(|s| !s.trim().is_empty()) {
        return name.to_string();
    }
    let black = player(
        info.black.as_deref(),
        info.black_rank.as_deref(),
        lang,
        Color::Black,
    );
    let white = player(
        info.white.as_deref(),
        info.white_rank.as_deref(),
        lang,
        Color::White,
    );
    format!("{} {} {}", black, lang.pick("对", "對", "vs"), white)
}

fn color_name(lang: Lang, color: Color) -> &'static str {
    match color {
        Color::Black => lang.pick("黑", "黑", "Black"),
        Color::White => lang.pick("白", "白", "White"),
    }
}

fn player(name: Option<&str>, rank: Option<&str>, lang: Lang, color: Color) -> String {
    let name = name
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .unwrap_or(color_name(lang, color));
    match rank.map(str::trim).filter(|s| !s.is_empty()) {
        Some(rank) => format!("{name} {rank}"),
        None => name.to_string(),
    }
}

fn info_table(out: &mut String, info: &GameInfo, lang: Lang) {
    let mut rows: Vec<(&str, String)> = vec![
        (
            color_name(lang, Color::Black),
            player(
                info.black.as_deref(),
                info.black_rank.as_deref(),
                lang,
                Color::Black,
            ),
        ),
        (
            color_name(lang, Color::White),
            player(
                info.white.as_deref(),
                info.white_rank.as_deref(),
                lang,
                Color::White,
            ),
        ),
    ];
    if let Some(komi) = info.komi {
        let text = lang.pick(
            format!("{komi}子"),
            format!("{komi}子"),
            format!("{komi} stones ({} points)", komi.points()),
        );
        rows.push((lang.pick("贴子", "貼子", "Komi"), text));
    }
    if info.handicap >= 2 {
        rows.push((
            lang.pick("让子", "讓子", "Handicap"),
            info.handicap.to_string(),
        ));
    }
    let result = info.result.as_ref().map(|r| match lang {
        Lang::ZhHans => r.zh_hans(),
        Lang::ZhHant => r.zh_hant(),
        Lang::En => r.en(),
    });
    if let Some(result) = result.or_else(|| info.result_text.clone()) {
        rows.push((lang.pick("结果", "結果", "Result"), result));
    }
    for (label, value) in [
        (lang.pick("比赛", "比賽", "Event"), &info.event),
        (lang.pick("轮次", "輪次", "Round"), &info.round),
        (lang.pick("日期", "日期", "Date"), &info.date),
        (lang.pick("地点", "地點", "Place"), &info.place),
    ] {
        if let Some(v) = value.as_deref().filter(|s| !s.trim().is_empty()) {
            rows.push((label, v.to_string()));
        }
    }
    out.push_str("<table class=\"info\">\n");
    for (label, value) in rows {
        let _ = writeln!(
            out,
            "<tr><th>{}</th><td>{}</td></tr>",
            escape(label),
            escape(&value)
        );
    }
    out.push_str("</table>\n");
}

fn sheet_html(out: &mut String, index: usize, sheet: &KifuSheet, lang: Lang, options: &SvgOptions) {
    let range = if sheet.last >= sheet.first {
        format!("{}–{}", sheet.first, sheet.last)
    } else {
        String::new()
    };
    let heading = match lang {
        Lang::ZhHans => format!("第{index}谱 {range}"),
        Lang::ZhHant => format!("第{index}譜 {range}"),
        Lang::En if range.is_empty() => format!("Diagram {index}"),
        Lang::En => format!("Diagram {index}: moves {range}"),
    };
    let layout = Layout::standard(sheet.scene.size());
    let (w, h) = (layout.width(), layout.height());
    let (pw, ph) = options.paper.fit(w, h, RECORD_TEXT_MM);
    let _ = writeln!(
        out,
        "<section class=\"sheet\">\n<h2>{}</h2>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{pw:.1}mm\" height=\"{ph:.1}mm\" viewBox=\"0 0 {w:.2} {h:.2}\" role=\"img\" aria-label=\"{}\">",
        escape(heading.trim()),
        escape(heading.trim()),
    );
    out.push_str(&svg_body(&sheet.scene, options, &layout));
    out.push_str("</svg>\n");
    if !sheet.notes.is_empty() {
        let notes: Vec<String> = sheet.notes.iter().map(|n| note_text(n, lang)).collect();
        let sep = lang.pick("，", "，", ", ");
        let _ = writeln!(out, "<p class=\"notes\">{}</p>", escape(&notes.join(sep)));
    }
    out.push_str("</section>\n");
}

/// One note as printed: "45 = 39", "54 = A", "120 停一手" / "120 Black passes".
pub fn note_text(note: &KifuNote, lang: Lang) -> String {
    match note {
        KifuNote::SamePoint { number, at } => format!("{number} = {at}"),
        KifuNote::AtLetter { number, letter } => format!("{number} = {letter}"),
        KifuNote::Pass { number, color } => match lang {
            Lang::En => format!("{number} {} passes", color_name(lang, *color)),
            _ => format!("{number} {}停一手", color_name(lang, *color)),
        },
    }
}
