//! The one ruling catalogue (Chapter 3): every kind of ruling the arbiter records, with its
//! name in three languages, what it needs, its usual article, the articles offered as causes
//! and whether it ends the game. The arbiter's form, the rulings offered after a refused move,
//! the command line's shorthand, the fold ([`super::Session`]) and the report all read this
//! one table, so they cannot disagree (ripgrep's `defs.rs`: one table, a test beside each row).
//!
//! [`RulingRequest`] turns what the arbiter filled in into the typed [`Event`] the journal
//! records (with the article as given and the note), so no caller builds shorthand text.

use crate::clock::Millis;
use crate::i18n::Lang;
use crate::rules::{Color, Coord};

use super::event::{Change, Event};

/// Every kind of ruling, in the order the arbiter's form offers them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum RulingKind {
    /// A warning (警告); the second in a game loses it (Art. 25.2).
    #[default]
    Warn,
    /// An admonition (劝告): logged, not counted.
    Admonish,
    /// The attempted move is void and counts as one pass (Art. 19, 20.1, 22).
    Void,
    /// Moved stones accepted as they are (Art. 17.3).
    Edit,
    /// A ruled loss (判负).
    Loss,
    /// A forfeit (弃权).
    Forfeit,
    /// A ruled draw (判和).
    Draw,
    /// A replay ordered (重赛).
    Replay,
    /// Both lose (双方判负).
    BothLose,
    /// A late arrival (Art. 23.1–23.3).
    Late,
    /// A clock correction.
    Correct,
    /// The one approved absence of a game (Art. 23.6).
    Absence,
    /// Any other ruling, its outcome in the note (Art. 25.1).
    Other,
    /// A case referred to the chief arbiter (Art. 25.1).
    Refer,
    /// An earlier entry revoked (or restored).
    Revoke,
    /// The decision on the time away after a restart: charged to the side to move, or not.
    Gap,
}

/// Whether a field is asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Need {
    /// Never.
    No,
    /// May be given.
    Optional,
    /// Must be given.
    Required,
}

/// Whether recording the ruling ends the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ends {
    /// Never (an admonition, a void, an edit, a referral …).
    Never,
    /// It may, by what it leads to: the second warning (25.2), a late arrival beyond the limit
    /// or one that uses up the whole time (23.1–23.3, 23.5), a correction or the time away
    /// charged that leaves the running side without time, a revocation that takes back a move
    /// or a result. [`super::Prepared::ends_game`] says whether this one does.
    May,
    /// Always: the result is the ruling itself.
    Always,
}

/// The extra fields a kind needs besides side, point, article and note.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Detail {
    /// Nothing more.
    None,
    /// The stones put and removed (`edit`).
    Changes,
    /// The lateness of the side, and optionally of the other side (`late`).
    Lateness,
    /// A correction of the free time and/or the periods (`correct`).
    Correction,
    /// The number of the entry revoked (`revoke`).
    EntryNumber,
    /// Whether the time away is charged (`gap`).
    Charged,
}

/// What a kind needs from the arbiter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Needs {
    /// The side it concerns.
    pub side: Need,
    /// The point (the void move's).
    pub point: Need,
    /// The article: `Optional` where the shorthand records one as given (a missing one takes
    /// the usual article), `No` where the facts decide it (late, correct, absence, refer, gap).
    pub article: Need,
    /// The note: the outcome of an "other" ruling and a referral's case are required.
    pub note: Need,
    /// Anything else.
    pub detail: Detail,
}

/// One row of the catalogue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RulingSpec {
    /// The kind.
    pub kind: RulingKind,
    /// The shorthand's verb (`warn`, `void`, `rule` …), also the kind's unique machine name.
    pub verb: &'static str,
    /// The kind as `session show --json` names it (`refer` and `gap` are `other` there).
    pub json: &'static str,
    /// Short names: Simplified Chinese, Traditional Chinese (the rules' own terms), English.
    pub names: [&'static str; 3],
    /// What it needs.
    pub needs: Needs,
    /// The usual article, recorded when none is given (the docs pin them). For a void the
    /// fold picks it from the refused move (19, 20.1, 20.3, 22); for a late arrival from the
    /// lateness (23.3 within the limit, 23.1 beyond, 23.2 both).
    pub default_article: &'static str,
    /// The articles the form offers as causes, the usual one among them.
    pub causes: &'static [&'static str],
    /// Whether it ends the game.
    pub ends: Ends,
    /// Whether the form's "Ruling" box lists it (the time-away decision has its own buttons).
    pub in_form: bool,
}

const fn needs(side: Need, point: Need, article: Need, note: Need, detail: Detail) -> Needs {
    Needs {
        side,
        point,
        article,
        note,
        detail,
    }
}

use Need::{No, Optional, Required};

/// The catalogue, one row per kind, in [`RulingKind`]'s order.
pub static CATALOGUE: [RulingSpec; 16] = [
    RulingSpec {
        kind: RulingKind::Warn,
        verb: "warn",
        json: "warn",
        names: ["警告", "警告", "Warning"],
        needs: needs(Required, No, Optional, Optional, Detail::None),
        default_article: "25.2",
        causes: &["17.2", "18", "23.4", "24", "25.2"],
        ends: Ends::May,
        in_form: true,
    },
    RulingSpec {
        kind: RulingKind::Admonish,
        verb: "admonish",
        json: "admonish",
        names: ["劝告", "勸告", "Admonition"],
        needs: needs(Required, No, Optional, Optional, Detail::None),
        default_article: "24",
        causes: &["23.4", "24"],
        ends: Ends::Never,
        in_form: true,
    },
    RulingSpec {
        kind: RulingKind::Void,
        verb: "void",
        json: "void",
        names: [
            "着手无效，弃权一次",
            "著手無效，棄權一次",
            "Void: counts as one pass",
        ],
        needs: needs(Required, Required, Optional, Optional, Detail::None),
        default_article: "19",
        causes: &["19", "20.1", "20.3", "22"],
        ends: Ends::Never,
        in_form: true,
    },
    RulingSpec {
        kind: RulingKind::Edit,
        verb: "edit",
        json: "edit",
        names: ["认可移动的棋子", "認可移動的棋子", "Accept moved stones"],
        needs: needs(No, No, Optional, Optional, Detail::Changes),
        default_article: "17.3",
        causes: &["17.3", "17.4"],
        ends: Ends::Never,
        in_form: true,
    },
    RulingSpec {
        kind: RulingKind::Loss,
        verb: "loss",
        json: "loss",
        names: ["判负", "判負", "Loss by ruling"],
        needs: needs(Required, No, Optional, Optional, Detail::None),
        default_article: "25.1",
        causes: &["17.1", "17.3", "17.4", "24", "25.1"],
        ends: Ends::Always,
        in_form: true,
    },
    RulingSpec {
        kind: RulingKind::Forfeit,
        verb: "forfeit",
        json: "forfeit",
        names: ["弃权", "棄權", "Forfeit"],
        needs: needs(Required, No, Optional, Optional, Detail::None),
        default_article: "23.1",
        causes: &["15", "23.1", "25.1"],
        ends: Ends::Always,
        in_form: true,
    },
    RulingSpec {
        kind: RulingKind::Draw,
        verb: "draw",
        json: "draw",
        names: ["判和", "判和", "Draw"],
        needs: needs(No, No, Optional, Optional, Detail::None),
        default_article: "20.3",
        causes: &["17.3", "17.4", "20.3", "25.1"],
        ends: Ends::Always,
        in_form: true,
    },
    RulingSpec {
        kind: RulingKind::Replay,
        verb: "replay",
        json: "replay",
        names: ["重赛", "重賽", "Replay"],
        needs: needs(No, No, Optional, Optional, Detail::None),
        default_article: "20.3",
        causes: &["17.3", "17.4", "20.3", "25.1"],
        ends: Ends::Always,
        in_form: true,
    },
    RulingSpec {
        kind: RulingKind::BothLose,
        verb: "bothlose",
        json: "bothlose",
        names: ["双方判负", "雙方判負", "Both lose"],
        needs: needs(No, No, Optional, Optional, Detail::None),
        default_article: "23.2",
        causes: &["23.2", "25.1"],
        ends: Ends::Always,
        in_form: true,
    },
    RulingSpec {
        kind: RulingKind::Late,
        verb: "late",
        json: "late",
        names: ["迟到", "遲到", "Late arrival"],
        needs: needs(Required, No, No, Optional, Detail::Lateness),
        default_article: "23.3",
        causes: &["23.1", "23.2", "23.3"],
        ends: Ends::May,
        in_form: true,
    },
    RulingSpec {
        kind: RulingKind::Correct,
        verb: "correct",
        json: "correct",
        names: ["更正钟时", "更正鐘時", "Clock correction"],
        needs: needs(Required, No, No, Optional, Detail::Correction),
        default_article: "25.1",
        causes: &["25.1"],
        ends: Ends::May,
        in_form: true,
    },
    RulingSpec {
        kind: RulingKind::Absence,
        verb: "absence",
        json: "absence",
        names: ["批准离席一次", "批准離席一次", "Approved absence"],
        needs: needs(Required, No, No, Optional, Detail::None),
        default_article: "23.6",
        causes: &["23.6"],
        ends: Ends::Never,
        in_form: true,
    },
    RulingSpec {
        kind: RulingKind::Other,
        verb: "rule",
        json: "other",
        names: ["其他裁决", "其他裁決", "Other ruling"],
        needs: needs(Optional, No, Optional, Required, Detail::None),
        default_article: "25.1",
        causes: &["15", "16", "25.1"],
        ends: Ends::Never,
        in_form: true,
    },
    RulingSpec {
        kind: RulingKind::Refer,
        verb: "refer",
        json: "other",
        names: ["提交总裁判长", "提交總裁判長", "Refer to the chief arbiter"],
        needs: needs(No, No, No, Required, Detail::None),
        default_article: "25.1",
        causes: &["25.1"],
        ends: Ends::Never,
        in_form: true,
    },
    RulingSpec {
        kind: RulingKind::Revoke,
        verb: "revoke",
        json: "revoke",
        names: ["撤销一条记录", "撤銷一條記錄", "Revoke an entry"],
        needs: needs(No, No, Optional, Optional, Detail::EntryNumber),
        default_article: "25.1",
        causes: &["16.3", "25.1"],
        ends: Ends::May,
        in_form: true,
    },
    RulingSpec {
        kind: RulingKind::Gap,
        verb: "gap",
        json: "other",
        names: [
            "中断时间的处理",
            "中斷時間的處理",
            "Time away after a restart",
        ],
        needs: needs(No, No, No, Optional, Detail::Charged),
        default_article: "25.1",
        causes: &["25.1"],
        ends: Ends::May,
        in_form: false,
    },
];

impl RulingKind {
    /// Every kind, in the form's order.
    pub const ALL: [RulingKind; 16] = [
        RulingKind::Warn,
        RulingKind::Admonish,
        RulingKind::Void,
        RulingKind::Edit,
        RulingKind::Loss,
        RulingKind::Forfeit,
        RulingKind::Draw,
        RulingKind::Replay,
        RulingKind::BothLose,
        RulingKind::Late,
        RulingKind::Correct,
        RulingKind::Absence,
        RulingKind::Other,
        RulingKind::Refer,
        RulingKind::Revoke,
        RulingKind::Gap,
    ];

    /// The kinds the form's "Ruling" box lists, in order.
    pub fn in_form() -> impl Iterator<Item = RulingKind> {
        RulingKind::ALL.into_iter().filter(|k| k.spec().in_form)
    }

    /// Its row of the catalogue.
    pub fn spec(self) -> &'static RulingSpec {
        &CATALOGUE[self as usize]
    }

    /// The kind as `session show --json` names it (`warn`, `void`, `other` …).
    pub fn name(self) -> &'static str {
        self.spec().json
    }

    /// The shorthand's verb, unique per kind (`rule` for an other ruling).
    pub fn verb(self) -> &'static str {
        self.spec().verb
    }

    /// The kind whose verb is `verb`.
    pub fn from_verb(verb: &str) -> Option<RulingKind> {
        RulingKind::ALL.into_iter().find(|k| k.verb() == verb)
    }

    /// The short name in `lang` ("Warning", "警告" …).
    pub fn label(self, lang: Lang) -> &'static str {
        let [hans, hant, en] = self.spec().names;
        lang.pick(hans, hant, en)
    }

    /// The name with the articles it is usually given for, as the form lists it:
    /// "Warning (Art. 17.2, 18, 23.4, 24, 25.2)", "警告（第17.2、18、23.4、24、25.2条）".
    pub fn label_with_articles(self, lang: Lang) -> String {
        let causes = self.spec().causes;
        match lang {
            Lang::En => format!("{} (Art. {})", self.label(lang), causes.join(", ")),
            Lang::ZhHans => format!("{}（第{}条）", self.label(lang), causes.join("、")),
            Lang::ZhHant => format!("{}（第{}條）", self.label(lang), causes.join("、")),
        }
    }

    /// The usual article (see [`RulingSpec::default_article`]).
    pub fn default_article(self) -> &'static str {
        self.spec().default_article
    }

    /// The articles offered as causes.
    pub fn causes(self) -> &'static [&'static str] {
        self.spec().causes
    }

    /// What it needs.
    pub fn needs(self) -> Needs {
        self.spec().needs
    }

    /// Whether the shorthand records an article for it (given, or the usual one).
    pub fn takes_article(self) -> bool {
        self.spec().needs.article != Need::No
    }

    /// Whether it ends the game.
    pub fn ends(self) -> Ends {
        self.spec().ends
    }

    /// Whether it always ends the game (the form asks for a confirmation first).
    pub fn always_ends_game(self) -> bool {
        self.spec().ends == Ends::Always
    }
}

/// The ruling an entry's event is, with the side and point it concerns; `None` for play and
/// clock actions. (An unsealing is a ruling only when the sealed move became a pass; the fold
/// decides that.)
pub fn ruling_of(event: &Event) -> Option<(RulingKind, Option<Color>, Option<Coord>)> {
    Some(match event {
        Event::Warn(c) => (RulingKind::Warn, Some(*c), None),
        Event::Admonish(c) => (RulingKind::Admonish, Some(*c), None),
        Event::Void(c, p) => (RulingKind::Void, Some(*c), Some(*p)),
        Event::Late(list) => (
            RulingKind::Late,
            match list.as_slice() {
                [(c, _)] => Some(*c),
                _ => None,
            },
            None,
        ),
        Event::Edit(_) => (RulingKind::Edit, None, None),
        Event::Loss(c) => (RulingKind::Loss, Some(*c), None),
        Event::Draw => (RulingKind::Draw, None, None),
        Event::Replay => (RulingKind::Replay, None, None),
        Event::BothLose => (RulingKind::BothLose, None, None),
        Event::Forfeit(c) => (RulingKind::Forfeit, Some(*c), None),
        Event::Correct { side, .. } => (RulingKind::Correct, Some(*side), None),
        Event::Absence(c) => (RulingKind::Absence, Some(*c), None),
        Event::Rule(side) => (RulingKind::Other, *side, None),
        Event::Refer => (RulingKind::Refer, None, None),
        Event::Revoke(_) => (RulingKind::Revoke, None, None),
        Event::Gap { .. } => (RulingKind::Gap, None, None),
        _ => return None,
    })
}

/// A ruling ready to be recorded: the typed event, the article as given (`None`: the usual
/// one), the note. Recorded with [`super::Session::prepare_event`] like any entry.
#[derive(Clone, Debug, PartialEq)]
pub struct RulingEntry {
    /// What the journal records.
    pub event: Event,
    /// The article as the arbiter gave it.
    pub article: Option<String>,
    /// The note.
    pub note: Option<String>,
}

/// What the arbiter filled in for a ruling; [`RulingRequest::entry`] checks it against the
/// catalogue and builds the typed entry. Fields a kind does not need are ignored.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RulingRequest {
    /// Which ruling.
    pub kind: RulingKind,
    /// The side it concerns.
    pub side: Option<Color>,
    /// The void move's point.
    pub point: Option<Coord>,
    /// The article as given; empty or `None` takes the usual one. Ignored by kinds whose
    /// article the facts decide ([`RulingKind::takes_article`] is false).
    pub article: Option<String>,
    /// The reason, the outcome of an other ruling, the case referred.
    pub note: Option<String>,
    /// Moved stones (edit).
    pub changes: Vec<Change>,
    /// The lateness (late), or the change of the free time (correct; negative takes away).
    pub duration: Option<Millis>,
    /// The other side's lateness, when both arrived late.
    pub other_duration: Option<Millis>,
    /// The change of the reserved minutes or periods (correct).
    pub periods: Option<i32>,
    /// The entry revoked.
    pub entry: Option<u32>,
    /// Whether the time away is charged (gap).
    pub charged: Option<bool>,
}

/// Why a ruling request cannot be recorded yet: a field it needs is missing or unreadable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RulingError {
    /// The side is missing.
    NeedsSide,
    /// The point is missing.
    NeedsPoint,
    /// The article is not a number such as 17.2.
    BadArticle(String),
    /// The note (the outcome, the case) is missing.
    NeedsNote,
    /// No stone is put or removed.
    NeedsChanges,
    /// The lateness is missing, or negative.
    NeedsLateness,
    /// Neither the time nor the periods change.
    NeedsCorrection,
    /// The entry's number is missing.
    NeedsEntry,
    /// Charged or not is not decided.
    NeedsDecision,
}

impl RulingError {
    /// The message in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        let s = |a: &str, b: &str, c: &str| lang.pick(a, b, c).to_owned();
        match self {
            RulingError::NeedsSide => s(
                "请选择黑方或白方",
                "請選擇黑方或白方",
                "Choose Black or White",
            ),
            RulingError::NeedsPoint => s(
                "请填写无效着手的坐标",
                "請填寫無效著手的座標",
                "Give the point of the void move",
            ),
            RulingError::BadArticle(a) => lang.pick(
                format!("条款“{a}”应为数字，如17.2"),
                format!("條款「{a}」應為數字，如17.2"),
                format!("The article {a:?} is not a number such as 17.2"),
            ),
            RulingError::NeedsNote => s(
                "请写明裁决内容或情况",
                "請寫明裁決內容或情況",
                "Say what was ruled, or describe the case",
            ),
            RulingError::NeedsChanges => s(
                "请填写改动：+B D4 -E5",
                "請填寫改動：+B D4 -E5",
                "Give the changes: +B D4 -E5",
            ),
            RulingError::NeedsLateness => s(
                "请填写迟到时间，如10m",
                "請填寫遲到時間，如10m",
                "Give the lateness, e.g. 10m",
            ),
            RulingError::NeedsCorrection => s(
                "请填写±时间或±读秒次数",
                "請填寫±時間或±讀秒次數",
                "Give ±time and/or ±periods",
            ),
            RulingError::NeedsEntry => s(
                "请填写记录编号",
                "請填寫記錄編號",
                "Give the entry's number",
            ),
            RulingError::NeedsDecision => s(
                "请决定是否计入离开的时间",
                "請決定是否計入離開的時間",
                "Decide whether the time away is charged",
            ),
        }
    }
}

impl std::fmt::Display for RulingError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text(Lang::En))
    }
}

impl std::error::Error for RulingError {}

/// Whether `text` reads as an article in the shorthand: an unquoted token that starts with a
/// digit (`17.2`, `20.1`, `23.1-3`).
pub fn is_article_text(text: &str) -> bool {
    text.starts_with(|c: char| c.is_ascii_digit())
        && !text
            .chars()
            .any(|c| c.is_whitespace() || matches!(c, '"' | '#' | '\\'))
}

impl RulingRequest {
    /// A request of `kind` with nothing filled in.
    pub fn new(kind: RulingKind) -> RulingRequest {
        RulingRequest {
            kind,
            ..RulingRequest::default()
        }
    }

    /// The request most kinds need: side, point, article and note.
    pub fn simple(
        kind: RulingKind,
        side: Option<Color>,
        point: Option<Coord>,
        article: Option<&str>,
        note: Option<&str>,
    ) -> RulingRequest {
        RulingRequest {
            kind,
            side,
            point,
            article: article.map(str::to_owned),
            note: note.map(str::to_owned),
            ..RulingRequest::default()
        }
    }

    /// Checks the request against the catalogue and builds the entry the journal records.
    pub fn entry(&self) -> Result<RulingEntry, RulingError> {
        let needs = self.kind.needs();
        let side = match needs.side {
            Need::Required => Some(self.side.ok_or(RulingError::NeedsSide)?),
            Need::Optional => self.side,
            Need::No => None,
        };
        let note = self
            .note
            .as_deref()
            .map(|n| n.split(['\n', '\r']).collect::<Vec<_>>().join(" "))
            .map(|n| n.trim().to_owned())
            .filter(|n| !n.is_empty());
        if needs.note == Need::Required && note.is_none() {
            return Err(RulingError::NeedsNote);
        }
        let article = match needs.article {
            Need::No => None,
            _ => match self.article.as_deref().map(str::trim) {
                None | Some("") => None,
                Some(a) if is_article_text(a) => Some(a.to_owned()),
                Some(a) => return Err(RulingError::BadArticle(a.to_owned())),
            },
        };
        // `side` is `Some` wherever the kind requires it.
        let one = || side.ok_or(RulingError::NeedsSide);
        let event = match self.kind {
            RulingKind::Warn => Event::Warn(one()?),
            RulingKind::Admonish => Event::Admonish(one()?),
            RulingKind::Void => Event::Void(one()?, self.point.ok_or(RulingError::NeedsPoint)?),
            RulingKind::Edit => {
                if self.changes.is_empty() {
                    return Err(RulingError::NeedsChanges);
                }
                Event::Edit(self.changes.clone())
            }
            RulingKind::Loss => Event::Loss(one()?),
            RulingKind::Forfeit => Event::Forfeit(one()?),
            RulingKind::Draw => Event::Draw,
            RulingKind::Replay => Event::Replay,
            RulingKind::BothLose => Event::BothLose,
            RulingKind::Late => {
                let c = one()?;
                let d = self
                    .duration
                    .filter(|d| d.0 >= 0)
                    .ok_or(RulingError::NeedsLateness)?;
                let mut list = vec![(c, d)];
                if let Some(o) = self.other_duration {
                    if o.0 < 0 {
                        return Err(RulingError::NeedsLateness);
                    }
                    list.push((c.opponent(), o));
                }
                Event::Late(list)
            }
            RulingKind::Correct => {
                let delta = self.duration.unwrap_or(Millis::ZERO);
                let periods = self.periods.unwrap_or(0);
                if delta.0 == 0 && periods == 0 {
                    return Err(RulingError::NeedsCorrection);
                }
                Event::Correct {
                    side: one()?,
                    delta,
                    periods,
                }
            }
            RulingKind::Absence => Event::Absence(one()?),
            RulingKind::Other => Event::Rule(side),
            RulingKind::Refer => Event::Refer,
            RulingKind::Revoke => Event::Revoke(self.entry.ok_or(RulingError::NeedsEntry)?),
            RulingKind::Gap => Event::Gap {
                charged: self.charged.ok_or(RulingError::NeedsDecision)?,
            },
        };
        Ok(RulingEntry {
            event,
            article,
            note,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_are_in_the_kinds_order_and_verbs_are_unique() {
        for (i, kind) in RulingKind::ALL.into_iter().enumerate() {
            assert_eq!(CATALOGUE[i].kind, kind, "row {i}");
            assert_eq!(RulingKind::from_verb(kind.verb()), Some(kind));
        }
    }

    #[test]
    fn every_usual_article_is_among_the_causes() {
        for kind in RulingKind::ALL {
            assert!(
                kind.causes().contains(&kind.default_article()),
                "{kind:?}: {} not in {:?}",
                kind.default_article(),
                kind.causes()
            );
        }
    }
}
