//! Issue 28 item 3: the printed pairing list, result slips and wall sheet carry every board's
//! handicap and komi, in three languages, and print cleanly — printed by headless Chromium to
//! PDF and read back with `pdftotext`: each board's row on one page (no row cut across a
//! page), each slip on one page, nothing lost off the page. Skipped, with a message, on a
//! machine without Chromium or poppler's `pdftotext`.

use std::path::{Path, PathBuf};
use std::process::Command;
use tianyuan::i18n::Lang;
use tianyuan::tournament::mcmahon::{HandicapRule, McMahonSettings};
use tianyuan::tournament::{
    Game, Outcome, Player, PlayerId, Rank, Round, System, Tournament, export, standings,
};

fn tool(name: &str) -> Option<PathBuf> {
    std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|d| d.join(name))
            .find(|p| p.is_file())
    })
}

fn chromium() -> Option<PathBuf> {
    ["chromium", "chromium-browser", "google-chrome"]
        .iter()
        .find_map(|n| tool(n))
}

fn dir() -> PathBuf {
    let d = std::env::temp_dir().join(format!("tianyuan-print-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("temp dir");
    d
}

/// Prints `html` to PDF with headless Chromium and returns the PDF's text, page by page
/// (`pdftotext -layout`: a table row is a line).
fn print(chromium: &Path, d: &Path, name: &str, html: &str) -> Vec<String> {
    let page = d.join(format!("{name}.html"));
    let pdf = d.join(format!("{name}.pdf"));
    std::fs::write(&page, html).expect("write the page");
    let profile = d.join(format!("profile-{name}"));
    let status = Command::new(chromium)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-pdf-header-footer",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg(format!("--print-to-pdf={}", pdf.display()))
        .arg(format!("file://{}", page.display()))
        .output()
        .expect("chromium runs");
    assert!(
        pdf.is_file(),
        "{name}: no PDF: {}",
        String::from_utf8_lossy(&status.stderr)
    );
    let out = Command::new("pdftotext")
        .args(["-layout"])
        .arg(&pdf)
        .arg("-")
        .output()
        .expect("pdftotext runs");
    String::from_utf8_lossy(&out.stdout)
        .split('\u{c}')
        .map(str::to_string)
        .filter(|p| !p.trim().is_empty())
        .collect()
}

/// A McMahon event with handicaps below 1d: `boards` games in round 1 (Chinese rules), the
/// handicap of board b going 0, 2, 3 … 9, and a bye; long names on some boards.
fn event(boards: u32) -> Tournament {
    let ranks = [
        "5d", "2d", "1k", "3k", "6k", "9k", "12k", "15k", "18k", "21k",
    ];
    let mut players = Vec::new();
    for i in 0..(2 * boards + 1) {
        let long = if i % 17 == 5 {
            " Alexandrovna-Konstantinopolskaya Worthington"
        } else {
            ""
        };
        players.push(Player {
            id: PlayerId(i),
            name: format!("P{i:03}{long}"),
            rank: Rank::parse(ranks[i as usize % ranks.len()]).ok(),
            lot: i + 1,
            ..Player::default()
        });
    }
    let mut t = Tournament::new("Open 天元", System::McMahon, 5, 1, players);
    t.mcmahon = Some(McMahonSettings {
        handicap: Some(HandicapRule {
            below: Rank::NationalDan(1),
            correction: 0,
            max: 9,
        }),
        ..McMahonSettings::default()
    });
    let games = (0..boards)
        .map(|b| {
            let h = if b % 9 == 0 { 0 } else { b % 9 + 1 };
            Game {
                handicap: h,
                outcome: Some(if b % 2 == 0 {
                    Outcome::BlackWins
                } else {
                    Outcome::WhiteWins
                }),
                ..Game::pairing(b + 1, PlayerId(2 * b + 1), PlayerId(2 * b))
            }
        })
        .collect();
    t.played.push(Round {
        number: 1,
        games,
        byes: vec![PlayerId(2 * boards)],
        ..Round::default()
    });
    t
}

/// The page holding `needle` (the first), and how many pages hold it.
fn pages_with(pages: &[String], needle: &str) -> Vec<usize> {
    pages
        .iter()
        .enumerate()
        .filter(|(_, p)| p.contains(needle))
        .map(|(i, _)| i)
        .collect()
}

#[test]
fn issue28_printed_sheets_show_handicap_and_komi_and_keep_rows_whole() {
    let (Some(chromium), Some(_)) = (chromium(), tool("pdftotext")) else {
        eprintln!("skipped: no Chromium or no pdftotext (apt install chromium poppler-utils)");
        return;
    };
    let d = dir();
    // 120 boards: the list runs over several A4 pages.
    let t = event(120);
    let r = t.round(1).cloned().unwrap_or_default();
    for lang in [Lang::En, Lang::ZhHans, Lang::ZhHant] {
        let code = lang.code();
        let pages = print(
            &chromium,
            &d,
            &format!("pairings-{code}"),
            &export::pairing_html(&t, 1, lang),
        );
        assert!(pages.len() >= 3, "{code}: {} pages", pages.len());
        let text = pages.join("\n");
        for head in [
            lang.pick("让子", "讓子", "Handicap"),
            lang.pick("贴子", "貼子", "Komi"),
        ] {
            assert!(text.contains(head), "{code}: no {head:?} column");
        }
        for g in &r.games {
            let (b, w) = (t.name_of(g.black), t.name_of(g.white));
            let (b_key, w_key) = (&b[..4], &w[..4]);
            // The row's line: the board's number first, a player, the handicap and the komi
            // (a long name wraps onto lines of its own above and below).
            let board = g.board.to_string();
            let row = text
                .lines()
                .find(|l| {
                    l.split_whitespace().next() == Some(board.as_str())
                        && (l.contains(b_key) || l.contains(w_key))
                })
                .unwrap_or_else(|| panic!("{code}: board {} not found", g.board));
            let komi = export::komi_text(&t, g.handicap, lang);
            let komi_first = komi.split(['（', ' ']).next().unwrap_or("");
            assert!(
                row.split_whitespace().any(|x| x == g.handicap.to_string()),
                "{code}: board {}: no handicap {} in {row:?}",
                g.board,
                g.handicap
            );
            assert!(
                row.contains(komi_first),
                "{code}: board {}: no komi {komi:?} in {row:?}",
                g.board
            );
            if g.handicap == 0 {
                assert!(row.contains("3.75"), "{code}: even game komi: {row:?}");
            }
            // Never cut across pages: both names on one page and one page only.
            let (pb, pw) = (pages_with(&pages, b_key), pages_with(&pages, w_key));
            assert!(
                pb.len() == 1 && pb == pw,
                "{code}: board {} split over pages {pb:?} / {pw:?}",
                g.board
            );
        }
        // A Chinese handicap game: no komi, Black returns half the stones, said on the row.
        let six = r
            .games
            .iter()
            .find(|g| g.handicap == 6)
            .expect("a 6-stone game");
        let row = text
            .lines()
            .find(|l| l.split_whitespace().next() == Some(six.board.to_string().as_str()))
            .unwrap_or_default();
        assert!(
            row.contains(lang.pick("黑还3子", "黑還3子", "Black returns 3")),
            "{code}: {row:?}"
        );
        // The long names are printed whole (wrapped inside their cell, not cut off).
        for part in ["Alexandrovna-", "Konstantinopols", "Worthington"] {
            let rows = text.matches(part).count();
            assert_eq!(
                rows, 14,
                "{code}: {part:?} on {rows} rows, not the 14 long names"
            );
        }
    }
    // Slips: one a board, each whole on one page, each with its handicap and komi.
    let small = event(14);
    for lang in [Lang::En, Lang::ZhHans, Lang::ZhHant] {
        let code = lang.code();
        let pages = print(
            &chromium,
            &d,
            &format!("slips-{code}"),
            &export::slips_html(&small, 1, lang),
        );
        assert!(pages.len() >= 2, "{code}: {} pages of slips", pages.len());
        let r = small.round(1).cloned().unwrap_or_default();
        for g in &r.games {
            let (b, w) = (&small.name_of(g.black)[..4], &small.name_of(g.white)[..4]);
            let on = pages_with(&pages, b);
            assert!(
                on.len() == 1 && on == pages_with(&pages, w),
                "{code}: slip {} split",
                g.board
            );
            let page = &pages[on[0]];
            let terms = format!(
                "{}{}",
                lang.pick("让子：", "讓子：", "Handicap: "),
                g.handicap
            );
            assert!(
                page.contains(&terms),
                "{code}: slip {}: no {terms:?}",
                g.board
            );
        }
    }
    // The wall sheet: the komi rule at its head, handicaps in the crosstable's cells, numbers.
    let s = standings(&small);
    for lang in [Lang::En, Lang::ZhHans, Lang::ZhHant] {
        let code = lang.code();
        let pages = print(
            &chromium,
            &d,
            &format!("wall-{code}"),
            &export::standings_html(&small, &s, lang),
        );
        let text = pages.join("\n");
        assert!(
            text.contains(lang.pick("贴3.75子", "貼3.75子", "Komi 3.75 stones")),
            "{code}: no komi line"
        );
        assert!(
            text.contains("/b3") || text.contains("/w3"),
            "{code}: no handicap in cells"
        );
        if lang != Lang::En {
            for english in ["SOS", "Place", "Score", "Round"] {
                assert!(
                    !text.contains(english),
                    "{code}: English column head {english:?} on the page"
                );
            }
        }
    }
    let _ = std::fs::remove_dir_all(&d);
}
