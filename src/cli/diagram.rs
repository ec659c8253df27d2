//! `tianyuan diagram FILE.sgf [--move N] [-o OUT.svg]` and `tianyuan record FILE.sgf
//! [-o OUT.html]`: a print-quality SVG of one position, and the printable game record (棋谱).

use std::path::PathBuf;
use std::process::ExitCode;

use crate::diagram::{Background, Layout, Paper, RECORD_TEXT_MM, SvgOptions, record_html, to_svg};
use crate::geometry::LabelStyle;
use crate::i18n::Lang;
use crate::review::Review;

/// Coordinates around a diagram.
#[derive(clap::ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Coordinates {
    /// Letters A–T (no I) across, numbers up from the bottom.
    #[default]
    Letters,
    /// Numbers 1–19 on both axes, as Chinese books print them.
    Numbers,
    /// None.
    None,
}

impl Coordinates {
    fn style(self) -> Option<LabelStyle> {
        match self {
            Coordinates::Letters => Some(LabelStyle::LettersAndNumbers),
            Coordinates::Numbers => Some(LabelStyle::NumbersOnly),
            Coordinates::None => None,
        }
    }
}

/// The paper a diagram is sized for (`--page-size`).
#[derive(clap::ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PageSize {
    /// ISO A4: the board scaled to fit (180 mm wide for 19×19).
    #[default]
    A4,
    /// ISO A3: the board scaled to fit (267 mm wide for 19×19).
    A3,
    /// The real board of Art. 33 (454 × 481 mm for 19×19, larger than A3).
    Real,
}

impl From<PageSize> for Paper {
    fn from(p: PageSize) -> Paper {
        match p {
            PageSize::A4 => Paper::A4,
            PageSize::A3 => Paper::A3,
            PageSize::Real => Paper::RealSize,
        }
    }
}

/// Tells on standard error which paper the output is sized for.
fn say_paper(paper: Paper, size: u8, reserved: f64) {
    let layout = Layout::standard(size);
    eprintln!(
        "paper: {}",
        paper.describe(layout.width(), layout.height(), reserved, Lang::En)
    );
}

/// Arguments of `tianyuan diagram`.
#[derive(clap::Args, Debug, Clone)]
pub struct DiagramArgs {
    /// The SGF record.
    pub file: PathBuf,
    /// Show the position after this many moves of the main line (default: the end).
    #[arg(long = "move", value_name = "N")]
    pub move_number: Option<usize>,
    /// Game of the file, counted from 1, for files holding several.
    #[arg(long, default_value_t = 1)]
    pub game: usize,
    /// Write the move numbers on the stones.
    #[arg(long)]
    pub numbers: bool,
    /// Coordinates around the board.
    #[arg(long, value_enum, default_value_t = Coordinates::Letters)]
    pub coordinates: Coordinates,
    /// White paper instead of the wood colour.
    #[arg(long)]
    pub paper: bool,
    /// The paper it prints on: a4 (default), a3, or real (the board's real size, Art. 33).
    #[arg(long, value_enum, default_value_t = PageSize::A4)]
    pub page_size: PageSize,
    /// Where to write the SVG (replaced atomically); standard output when absent.
    #[arg(short, long)]
    pub output: Option<PathBuf>,
}

/// Arguments of `tianyuan record`.
#[derive(clap::Args, Debug, Clone)]
pub struct RecordArgs {
    /// The SGF record.
    pub file: PathBuf,
    /// Game of the file, counted from 1, for files holding several.
    #[arg(long, default_value_t = 1)]
    pub game: usize,
    /// Moves numbered on each diagram.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u16).range(1..))]
    pub per_diagram: u16,
    /// Language of the page: zh-Hans, zh-Hant or en.
    #[arg(long, default_value = "zh-Hans")]
    pub lang: String,
    /// Coordinates around each diagram.
    #[arg(long, value_enum, default_value_t = Coordinates::Letters)]
    pub coordinates: Coordinates,
    /// The paper it prints on: a4 (default), a3, or real (the board's real size, Art. 33).
    #[arg(long, value_enum, default_value_t = PageSize::A4)]
    pub page_size: PageSize,
    /// Where to write the HTML (replaced atomically); standard output when absent.
    #[arg(short, long)]
    pub output: Option<PathBuf>,
}

/// Runs `tianyuan diagram`: 0 on success, 1 when the file cannot be read or the output written,
/// 2 for a move number beyond the game.
pub fn run_diagram(args: &DiagramArgs) -> ExitCode {
    let mut review = match open(&args.file, args.game) {
        Ok(r) => r,
        Err(code) => return code,
    };
    match args.move_number {
        Some(n) => {
            if let Err(e) = review.go_to_move(n) {
                eprintln!(
                    "error: {}: {e} (the main line has {} moves)",
                    args.file.display(),
                    review.line_moves()
                );
                return ExitCode::from(2);
            }
        }
        None => review.last(),
    }
    let options = SvgOptions {
        coordinates: args.coordinates.style(),
        background: if args.paper {
            Background::Paper
        } else {
            Background::Wood
        },
        paper: args.page_size.into(),
    };
    say_paper(options.paper, review.size(), 0.0);
    let svg = to_svg(&review.scene(args.numbers), &options);
    super::sgf::emit(args.output.as_ref(), &svg)
}

/// Runs `tianyuan record`: 0 on success, 1 when the file cannot be read or the output written,
/// 2 for an unknown language.
pub fn run_record(args: &RecordArgs) -> ExitCode {
    let Some(lang) = Lang::from_code(&args.lang) else {
        eprintln!(
            "error: unknown language '{}' (zh-Hans, zh-Hant or en)",
            args.lang
        );
        return ExitCode::from(2);
    };
    let review = match open(&args.file, args.game) {
        Ok(r) => r,
        Err(code) => return code,
    };
    let per = usize::from(args.per_diagram);
    let paper = Paper::from(args.page_size);
    say_paper(paper, review.size(), RECORD_TEXT_MM);
    let (html, illegal) =
        match record_html(review.tree(), per, lang, args.coordinates.style(), paper) {
            Ok(r) => r,
            Err(e) => {
                eprintln!("error: {}: {e}", args.file.display());
                return ExitCode::from(1);
            }
        };
    for play in &illegal {
        eprintln!(
            "{}: {}: {}",
            args.file.display(),
            play.pos,
            play.irregularity.reason
        );
    }
    super::sgf::emit(args.output.as_ref(), &html)
}

fn open(file: &PathBuf, game: usize) -> Result<Review, ExitCode> {
    let name = file.display();
    let bytes = std::fs::read(file).map_err(|e| {
        eprintln!("error: {name}: cannot read the file: {e}");
        ExitCode::from(1)
    })?;
    let index = game.saturating_sub(1);
    match Review::from_sgf(&bytes, index) {
        Ok((review, warnings)) => {
            for w in warnings {
                eprintln!("{name}: {w}");
            }
            Ok(review)
        }
        Err(e) => {
            eprintln!("error: {name}: {e}");
            Err(ExitCode::from(1))
        }
    }
}
