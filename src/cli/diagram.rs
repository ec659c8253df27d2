//! `tianyuan diagram FILE.sgf [--move N] [-o OUT.svg]` and `tianyuan record FILE.sgf
//! [-o OUT.html]`: a print-quality SVG of one position, and the printable game record (棋谱).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::diagram::{
    Background, Layout, Paper, PositionError, RECORD_TEXT_MM, SvgOptions, board_size,
    position_scene, record_html, to_svg,
};
use crate::geometry::LabelStyle;
use crate::i18n::{self, Lang};
use crate::record::{self, Collection, GameTree, Warning};

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
    /// Language of the repairs and errors printed: zh-Hans, zh-Hant or en (default English).
    #[arg(long, value_name = "LANG", value_parser = super::parse_lang)]
    pub lang: Option<Lang>,
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
    /// Language of the page: zh-Hans (the default), zh-Hant or en. When given, also the
    /// language of the repairs and errors printed (else English).
    #[arg(long)]
    pub lang: Option<String>,
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
    let lang = args.lang.unwrap_or(Lang::En);
    let (collection, _) = match read(&args.file, lang) {
        Ok(r) => r,
        Err(code) => return code,
    };
    let Some(tree) = game(&collection, &args.file, args.game) else {
        return ExitCode::from(1);
    };
    let scene = match position_scene(tree, args.move_number, args.numbers) {
        Ok(scene) => scene,
        Err(PositionError::Replay(e)) => {
            eprintln!(
                "{}{}: {}",
                error_label(lang),
                args.file.display(),
                i18n::replay_error_text(&e, lang)
            );
            return ExitCode::from(1);
        }
        Err(e @ PositionError::NoSuchMove { .. }) => {
            eprintln!("error: {}: {e}", args.file.display());
            return ExitCode::from(2);
        }
    };
    let options = SvgOptions {
        coordinates: args.coordinates.style(),
        background: if args.paper {
            Background::Paper
        } else {
            Background::Wood
        },
        paper: args.page_size.into(),
    };
    say_paper(options.paper, scene.size(), 0.0);
    let svg = to_svg(&scene, &options);
    super::sgf::emit(args.output.as_ref(), &svg)
}

/// Runs `tianyuan record`: 0 on success, 1 when the file cannot be read or the output written,
/// 2 for an unknown language.
pub fn run_record(args: &RecordArgs) -> ExitCode {
    let code = args.lang.as_deref().unwrap_or("zh-Hans");
    let Some(lang) = Lang::from_code(code) else {
        eprintln!("error: unknown language '{code}' (zh-Hans, zh-Hant or en)");
        return ExitCode::from(2);
    };
    // The page is in Chinese by default; what goes to the terminal stays English unless the
    // language was asked for.
    let said = if args.lang.is_some() { lang } else { Lang::En };
    let (collection, _) = match read(&args.file, said) {
        Ok(r) => r,
        Err(code) => return code,
    };
    let Some(tree) = game(&collection, &args.file, args.game) else {
        return ExitCode::from(1);
    };
    let per = usize::from(args.per_diagram);
    let paper = Paper::from(args.page_size);
    say_paper(paper, board_size(tree), RECORD_TEXT_MM);
    let (html, illegal) = match record_html(tree, per, lang, args.coordinates.style(), paper) {
        Ok(r) => r,
        Err(e) => {
            eprintln!(
                "{}{}: {}",
                error_label(said),
                args.file.display(),
                i18n::replay_error_text(&e, said)
            );
            return ExitCode::from(1);
        }
    };
    for play in &illegal {
        eprintln!(
            "{}: {}: {}",
            args.file.display(),
            i18n::pos_text(play.pos, said),
            i18n::illegal_move_text(play.irregularity.reason, said)
        );
    }
    super::sgf::emit(args.output.as_ref(), &html)
}

fn error_label(lang: Lang) -> &'static str {
    lang.pick("错误：", "錯誤：", "error: ")
}

/// Reads a record (bounded: a device or a giant file is refused at once) and prints the
/// repairs made while reading it.
fn read(file: &Path, lang: Lang) -> Result<(Collection, Vec<Warning>), ExitCode> {
    let name = file.display();
    let bytes = crate::files::read_bounded(file, record::MAX_FILE_BYTES).map_err(|e| {
        eprintln!(
            "{}{name}: {}{e}",
            error_label(lang),
            lang.pick("无法读取文件：", "無法讀取檔案：", "cannot read the file: ")
        );
        ExitCode::from(1)
    })?;
    match record::read(&bytes) {
        Ok(reading) => {
            for w in &reading.warnings {
                eprintln!("{name}: {}", i18n::warning_text(w, lang));
            }
            Ok((reading.collection, reading.warnings))
        }
        Err(e) => {
            eprintln!(
                "{}{name}: {}",
                error_label(lang),
                i18n::sgf_error_text(&e, lang)
            );
            Err(ExitCode::from(1))
        }
    }
}

/// Game `game` (counted from 1) of the file, or an error printed.
fn game<'a>(collection: &'a Collection, file: &Path, game: usize) -> Option<&'a GameTree> {
    let found = game.checked_sub(1).and_then(|i| collection.trees.get(i));
    if found.is_none() {
        eprintln!(
            "error: {}: no game {game} in the file (it holds {})",
            file.display(),
            collection.trees.len()
        );
    }
    found
}
