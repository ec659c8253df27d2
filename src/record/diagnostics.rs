//! Positions, warnings and errors of the SGF reader.
//!
//! Every repair the lenient reader makes becomes a [`Warning`] carrying the place in the
//! file, so a referee can see what the record really said; a file that cannot be read at
//! all gives an [`SgfError`] that says where and what was expected.

use std::fmt;

/// A place in the decoded text: 1-based line, 1-based column counted in characters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pos {
    /// Line, starting at 1.
    pub line: u32,
    /// Column in characters, starting at 1.
    pub column: u32,
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

/// A repair or doubt found while reading; the record was still read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Warning {
    /// Where in the file, when the warning belongs to a place (not to the whole file).
    pub pos: Option<Pos>,
    /// What was found and what was done about it.
    pub repair: Repair,
}

impl Warning {
    /// A warning tied to a place in the file.
    pub fn at(pos: Pos, repair: Repair) -> Warning {
        Warning {
            pos: Some(pos),
            repair,
        }
    }

    /// A warning about the file as a whole (for example its character set).
    pub fn general(repair: Repair) -> Warning {
        Warning { pos: None, repair }
    }
}

/// English, with the place first: "line 3, column 7: property XY without a value ignored".
/// [`crate::i18n::warning_text`] gives the same in any interface language.
impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::i18n::warning_text(self, crate::i18n::Lang::En))
    }
}

/// What a [`Warning`] reports, with the values its message names. Typed rather than text so
/// that the app and `tianyuan check --lang` can say it in the user's language; the texts, in
/// the three languages side by side, are in [`crate::i18n::repair_text`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Repair {
    // ----- character set -----
    /// Bytes that are not valid in `charset` were replaced by U+FFFD.
    InvalidBytes {
        /// The charset the bytes were decoded with.
        charset: &'static str,
    },
    /// UTF-16 without a byte-order mark was recognised.
    Utf16WithoutBom {
        /// "UTF-16LE" or "UTF-16BE".
        charset: &'static str,
    },
    /// `CA[]` names a charset nobody knows.
    UnknownCharset {
        /// The label as written.
        label: String,
    },
    /// `CA[]` names another charset but the text is UTF-8 (and was read as such).
    DeclaredButUtf8 {
        /// The label as written.
        declared: String,
    },
    /// The text is not valid in the declared charset (or none is declared and it is not UTF-8):
    /// it was read as `used`, guessed from the text or, failing that, as ISO-8859-1.
    CharsetGuessed {
        /// The label of `CA[]`, if the file has one.
        declared: Option<String>,
        /// The charset used.
        used: &'static str,
        /// Whether `used` was guessed from the text (else it is the SGF default).
        guessed: bool,
    },
    // ----- syntax -----
    /// The first game tree began with `;`, not `(`.
    MissingOpenParen,
    /// Text before the first game tree was skipped.
    TextBeforeFirstTree,
    /// Text after a game tree (not starting another one) was skipped.
    TextAfterTree,
    /// The file ended inside a game tree; the missing `)` were added.
    MissingCloseParens {
        /// How many.
        count: usize,
    },
    /// An empty variation `()`.
    EmptyVariation,
    /// A `[value]` with no property identifier before it.
    ValueWithoutProperty,
    /// Text that is not SGF inside a game tree.
    UnexpectedText {
        /// Its first characters.
        text: String,
    },
    /// `(` `)` with no node inside.
    TreeWithoutNode,
    /// A node after the variations of a sequence, attached as one more variation.
    NodeAfterVariations,
    /// A second root in one game tree, attached as a variation of the first.
    SecondRootNode,
    /// A property where a node should start with `;`; a node was started.
    MissingSemicolon,
    /// A property identifier with no value.
    PropertyWithoutValue {
        /// The identifier as written.
        id: String,
    },
    /// A property given twice in one node; the values were merged.
    PropertyRepeated {
        /// The identifier.
        id: String,
    },
    /// A value separated from its property by junk, added to it.
    StrayValue {
        /// The property it was added to.
        id: String,
    },
    /// An FF[3] long or lower-case property name read as its FF[4] identifier.
    PropertyNameRead {
        /// The name as written.
        raw: String,
        /// The identifier used.
        id: String,
    },
    /// The file ended inside a value; `]` was added.
    ValueNotClosed,
    // ----- game information -----
    /// `SZ` is not a square board the rules can hold.
    BadSize {
        /// The value as written.
        raw: String,
    },
    /// `KM` is not a number.
    KomiNotANumber {
        /// The value as written.
        raw: String,
    },
    /// `KM[375]` and the like: Fox's hundredths of stones.
    KomiFoxHundredths {
        /// The value as written.
        raw: String,
        /// The komi read.
        komi: crate::rules::Komi,
    },
    /// `KM[3.75]`: not a whole number of half points, but of quarter stones.
    KomiInStones {
        /// The value as written.
        raw: String,
        /// The komi read.
        komi: crate::rules::Komi,
    },
    /// `KM` is a number no komi can be.
    KomiUnusable {
        /// The value as written.
        raw: String,
    },
    /// `HA` below 2 (other than 0).
    HandicapTooSmall {
        /// The number.
        value: i64,
    },
    /// `HA` is not a number.
    HandicapNotANumber {
        /// The value as written.
        raw: String,
    },
    /// `RE` is not a result we can read; kept as text.
    ResultNotUnderstood {
        /// The text.
        text: String,
    },
    /// `TM` is not a number of seconds.
    TimeNotSeconds {
        /// The value as written.
        raw: String,
    },
    // ----- markup -----
    /// A markup point list holds a value that is not a point.
    MarkNotPoint {
        /// The property.
        id: String,
        /// The value as written.
        raw: String,
    },
    /// An `LB` value that is not `point:text`.
    LabelNotPointText {
        /// The value as written.
        raw: String,
    },
    /// An `AR`/`LN` value that is not `point:point`.
    NotPointPair {
        /// The property.
        id: String,
        /// The value as written.
        raw: String,
    },
    // ----- replay -----
    /// An `AB`/`AW`/`AE` value that is not a point on the board.
    SetupPointOffBoard {
        /// The property.
        id: &'static str,
        /// The value as written.
        raw: String,
        /// The board size.
        size: u8,
    },
    /// `HA[n]` but another number of handicap stones placed.
    HandicapCount {
        /// What `HA` says.
        declared: u8,
        /// Stones placed.
        placed: usize,
    },
    /// The handicap stones were refused by the rules; placed as setup instead.
    HandicapRefused {
        /// Why.
        error: crate::rules::RulesError,
    },
    /// `PL` is not `B` or `W`.
    BadPlayer {
        /// The value as written.
        raw: String,
    },
    /// `B` and `W` in one node: both played, Black first.
    BothMovesInNode,
    /// A `B`/`W` value that is not a move; played as a pass.
    NotAMove {
        /// `B` or `W`.
        id: &'static str,
        /// The value as written.
        raw: String,
    },
    /// A setup the rules refuse (a chain left without liberties, a point twice).
    SetupRefused {
        /// Why.
        error: crate::rules::RulesError,
    },
    /// A recorded suicide (where the record's `RU` forbids it) or an immediate ko retake:
    /// void, replayed as one pass (Art. 19, 20.1).
    MoveVoided {
        /// The move's number (moves and passes, 1-based).
        number: usize,
        /// Who played it.
        color: crate::rules::Color,
        /// The point as a GTP vertex.
        point: String,
        /// Why it is void.
        reason: crate::rules::IllegalMove,
    },
    // ----- canonical output (`tianyuan sgf normalize`) -----
    /// `KM` rewritten in points.
    KomiWrittenInPoints {
        /// The value as read.
        raw: String,
        /// The value written.
        value: String,
    },
    /// Several texts of a single-text property joined.
    TextsJoined {
        /// The property.
        id: String,
    },
    /// A single-value property's extra values dropped.
    ExtraValuesDropped {
        /// The property.
        id: String,
        /// The dropped values, joined by `][`.
        dropped: String,
    },
}

/// English text of a repair, without its place.
impl fmt::Display for Repair {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::i18n::repair_text(self, crate::i18n::Lang::En))
    }
}

/// What the reader expected where it stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expected {
    /// A game tree, but the file is empty (or only spaces).
    GameTreeInEmptyFile,
    /// A game tree `(;`, and none was found.
    GameTree,
}

/// Why a file could not be read at all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SgfError {
    /// Where reading stopped.
    pub pos: Pos,
    /// What the reader expected there.
    pub expected: Expected,
}

/// English: "line 1, column 1: expected an SGF game tree starting with '(;'";
/// [`crate::i18n::sgf_error_text`] gives it in any interface language.
impl fmt::Display for SgfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::i18n::sgf_error_text(self, crate::i18n::Lang::En))
    }
}

impl std::error::Error for SgfError {}

/// Turns increasing byte offsets of a text into line and column, in one pass overall.
///
/// Offsets asked for must not decrease; that lets a whole file be positioned in linear time
/// even when it is one very long line (many SGF writers put a whole game on one line).
pub(crate) struct PosTracker<'a> {
    bytes: &'a [u8],
    offset: usize,
    pos: Pos,
}

impl<'a> PosTracker<'a> {
    pub(crate) fn new(text: &'a str) -> PosTracker<'a> {
        PosTracker {
            bytes: text.as_bytes(),
            offset: 0,
            pos: Pos { line: 1, column: 1 },
        }
    }

    pub(crate) fn pos_at(&mut self, offset: usize) -> Pos {
        let end = offset.min(self.bytes.len());
        if end < self.offset {
            // Callers ask in file order; a step back costs a rescan, never a wrong answer.
            debug_assert!(
                false,
                "PosTracker asked to go back from {} to {end}",
                self.offset
            );
            self.offset = 0;
            self.pos = Pos { line: 1, column: 1 };
        }
        let slice = self.bytes.get(self.offset..end).unwrap_or_default();
        for &b in slice {
            if b == b'\n' {
                self.pos.line = self.pos.line.saturating_add(1);
                self.pos.column = 1;
            } else if b & 0xC0 != 0x80 {
                // Count characters, not bytes: continuation bytes do not start one.
                self.pos.column = self.pos.column.saturating_add(1);
            }
        }
        self.offset = end;
        self.pos
    }
}
