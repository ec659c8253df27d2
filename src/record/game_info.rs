//! Game information (`SZ`, `RU`, `KM`, `HA`, `RE`, `TM`/`OT`, players …) ⇄ typed values.

use crate::rules::{KoRule, Komi, Rules};

use super::diagnostics::{Repair, Warning};
use super::outcome::Outcome;
use super::properties::{
    decode_simple_text, decode_text, encode_text, parse_number, parse_real, real_value,
};
use super::time_settings::TimeSettings;
use super::tree::{GameTree, Node, NodeId};

/// A ruleset named by `RU`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ruleset {
    /// Chinese rules (area counting, positional superko, handicap compensation).
    Chinese,
    /// Japanese rules (territory counting; we count by area).
    Japanese,
    /// Korean rules (as Japanese).
    Korean,
    /// American Go Association rules (situational superko).
    Aga,
    /// New Zealand rules (area counting, situational superko).
    NewZealand,
    /// Ing (SST) rules.
    Ing,
    /// Tromp-Taylor rules (area counting, positional superko, no compensation).
    TrompTaylor,
    /// Any other name, kept as written.
    Other(String),
}

impl Ruleset {
    /// Reads an `RU` value; spellings vary a lot between programs.
    pub fn parse(text: &str) -> Ruleset {
        let t = text.trim();
        let key: String = t
            .chars()
            .filter(|c| c.is_alphanumeric())
            .flat_map(char::to_lowercase)
            .collect();
        match key.as_str() {
            "chinese" | "cn" | "chn" | "china" | "zh" | "中国" | "中國" | "中国规则"
            | "中國規則" => Ruleset::Chinese,
            "japanese" | "jp" | "jpn" | "japan" | "日本" | "日本规则" | "日本規則" => {
                Ruleset::Japanese
            }
            "korean" | "kr" | "kor" | "韩国" | "韓國" => Ruleset::Korean,
            "aga" | "american" => Ruleset::Aga,
            "nz" | "newzealand" => Ruleset::NewZealand,
            "ing" | "goe" | "sst" | "应氏" | "應氏" => Ruleset::Ing,
            "tromptaylor" | "tt" => Ruleset::TrompTaylor,
            _ => Ruleset::Other(t.to_string()),
        }
    }

    /// The `RU` spelling FF[4] suggests.
    pub fn to_sgf(&self) -> String {
        match self {
            Ruleset::Chinese => "Chinese".to_string(),
            Ruleset::Japanese => "Japanese".to_string(),
            Ruleset::Korean => "Korean".to_string(),
            Ruleset::Aga => "AGA".to_string(),
            Ruleset::NewZealand => "NZ".to_string(),
            Ruleset::Ing => "GOE".to_string(),
            Ruleset::TrompTaylor => "TrompTaylor".to_string(),
            Ruleset::Other(s) => s.clone(),
        }
    }

    /// Our rules for replaying and counting a record under this ruleset, with `komi`.
    /// Scoring is always by area (the only counting the rules core does); the repetition
    /// rule and the handicap compensation follow the named ruleset as far as they can.
    pub fn rules(&self, komi: Komi) -> Rules {
        let (ko, handicap_komi_return) = match self {
            Ruleset::Chinese => (KoRule::Positional, true),
            Ruleset::Japanese | Ruleset::Korean => (KoRule::Simple, false),
            Ruleset::Aga | Ruleset::NewZealand | Ruleset::Ing => (KoRule::Situational, false),
            Ruleset::TrompTaylor => (KoRule::Positional, false),
            Ruleset::Other(name) => {
                // KataGo's compact names, e.g. "koSIMPLEscoreAREA…".
                let lower = name.to_ascii_lowercase();
                let ko = if lower.contains("kosimple") {
                    KoRule::Simple
                } else if lower.contains("kosituational") {
                    KoRule::Situational
                } else {
                    KoRule::Positional
                };
                (ko, false)
            }
        };
        Rules {
            ko,
            komi,
            handicap_komi_return,
        }
    }
}

/// Reads a `KM` value into komi, with a warning when it had to be reinterpreted.
///
/// `KM` is in points, and Chinese komi in stones is `KM ÷ 2`. Fox writes hundredths of
/// stones (`KM[375]` = 3¾ stones), and some Chinese records write stones (`KM[3.75]`):
/// a value that is not a whole number of half points, but is of quarter stones, is stones.
pub fn komi_from_km(raw: &str) -> (Option<Komi>, Option<Repair>) {
    let raw_text = || raw.to_string();
    let Some(v) = parse_real(raw) else {
        return (None, Some(Repair::KomiNotANumber { raw: raw_text() }));
    };
    let stones = |s: f64| Komi((s * 4.0).round() as i32);
    if matches!(v.abs() as i64, 375 | 325 | 275) && v.fract() == 0.0 {
        let k = stones(v / 100.0);
        return (
            Some(k),
            Some(Repair::KomiFoxHundredths {
                raw: raw_text(),
                komi: k,
            }),
        );
    }
    if let Some(k) = Komi::from_points(v) {
        return (Some(k), None);
    }
    if (v * 4.0).fract() == 0.0 && v.abs() < 1.0e6 {
        let k = stones(v);
        return (
            Some(k),
            Some(Repair::KomiInStones {
                raw: raw_text(),
                komi: k,
            }),
        );
    }
    (None, Some(Repair::KomiUnusable { raw: raw_text() }))
}

/// Typed game information of one game (one path through a tree).
#[derive(Clone, Debug, PartialEq, Default)]
pub struct GameInfo {
    /// Board size from `SZ` (19 when absent).
    pub size: u8,
    /// Komi (`KM`), `None` when absent or unreadable.
    pub komi: Option<Komi>,
    /// Handicap (`HA`), 0 when absent or below 2.
    pub handicap: u8,
    /// Ruleset (`RU`).
    pub ruleset: Option<Ruleset>,
    /// The recorded result (`RE`) understood; see also `result_text`.
    pub result: Option<Outcome>,
    /// The `RE` text as written.
    pub result_text: Option<String>,
    /// Time settings (`TM`, `OT`).
    pub time: Option<TimeSettings>,
    /// Black player (`PB`).
    pub black: Option<String>,
    /// White player (`PW`).
    pub white: Option<String>,
    /// Black's rank (`BR`).
    pub black_rank: Option<String>,
    /// White's rank (`WR`).
    pub white_rank: Option<String>,
    /// Black's team (`BT`).
    pub black_team: Option<String>,
    /// White's team (`WT`).
    pub white_team: Option<String>,
    /// Event (`EV`).
    pub event: Option<String>,
    /// Round (`RO`).
    pub round: Option<String>,
    /// Date (`DT`).
    pub date: Option<String>,
    /// Place (`PC`).
    pub place: Option<String>,
    /// Game name (`GN`).
    pub game_name: Option<String>,
    /// Source (`SO`).
    pub source: Option<String>,
    /// Who entered the record (`US`).
    pub user: Option<String>,
    /// Annotator (`AN`).
    pub annotator: Option<String>,
    /// Copyright (`CP`).
    pub copyright: Option<String>,
    /// Opening (`ON`).
    pub opening: Option<String>,
    /// Game comment (`GC`), a multi-line text.
    pub comment: Option<String>,
}

const TEXT_FIELDS: [&str; 16] = [
    "PB", "PW", "BR", "WR", "BT", "WT", "EV", "RO", "DT", "PC", "GN", "SO", "US", "AN", "CP", "ON",
];

impl GameInfo {
    /// Rules for replaying and counting: the ruleset's, with the record's komi (0 when absent).
    /// Without `RU`, Chinese rules (this is a Chinese-rules program; the count is by area).
    pub fn rules(&self) -> Rules {
        let komi = self.komi.unwrap_or(Komi::ZERO);
        self.ruleset
            .as_ref()
            .unwrap_or(&Ruleset::Chinese)
            .rules(komi)
    }

    fn text_field_mut(&mut self, id: &str) -> Option<&mut Option<String>> {
        Some(match id {
            "PB" => &mut self.black,
            "PW" => &mut self.white,
            "BR" => &mut self.black_rank,
            "WR" => &mut self.white_rank,
            "BT" => &mut self.black_team,
            "WT" => &mut self.white_team,
            "EV" => &mut self.event,
            "RO" => &mut self.round,
            "DT" => &mut self.date,
            "PC" => &mut self.place,
            "GN" => &mut self.game_name,
            "SO" => &mut self.source,
            "US" => &mut self.user,
            "AN" => &mut self.annotator,
            "CP" => &mut self.copyright,
            "ON" => &mut self.opening,
            _ => return None,
        })
    }

    fn text_field(&self, id: &str) -> Option<&str> {
        match id {
            "PB" => self.black.as_deref(),
            "PW" => self.white.as_deref(),
            "BR" => self.black_rank.as_deref(),
            "WR" => self.white_rank.as_deref(),
            "BT" => self.black_team.as_deref(),
            "WT" => self.white_team.as_deref(),
            "EV" => self.event.as_deref(),
            "RO" => self.round.as_deref(),
            "DT" => self.date.as_deref(),
            "PC" => self.place.as_deref(),
            "GN" => self.game_name.as_deref(),
            "SO" => self.source.as_deref(),
            "US" => self.user.as_deref(),
            "AN" => self.annotator.as_deref(),
            "CP" => self.copyright.as_deref(),
            "ON" => self.opening.as_deref(),
            _ => None,
        }
    }

    /// Reads the game information along a path (root first). Game-info properties may sit
    /// in any node of the path (some files put them in a variation); the first one found wins.
    pub fn read(tree: &GameTree, path: &[NodeId]) -> (GameInfo, Vec<Warning>) {
        let mut info = GameInfo {
            size: 19,
            ..GameInfo::default()
        };
        let mut warnings = Vec::new();
        let root_pos = tree.pos(tree.root_id());
        if let Some(raw) = tree.root().value("SZ") {
            match parse_size(raw) {
                Some(size) => info.size = size,
                None => warnings.push(Warning::at(
                    root_pos,
                    Repair::BadSize {
                        raw: raw.to_string(),
                    },
                )),
            }
        }
        let mut seen: Vec<&str> = Vec::new();
        for &id in path {
            let Some(node) = tree.node(id) else { continue };
            let pos = tree.pos(id);
            for property in &node.properties {
                let key = property.id.as_str();
                // Most properties are moves and markup: leave them quickly (game-info
                // identifiers all have two letters).
                let relevant = key.len() == 2
                    && (matches!(key, "KM" | "HA" | "RU" | "RE" | "GC")
                        || TEXT_FIELDS.contains(&key));
                if !relevant || seen.contains(&key) {
                    continue;
                }
                let Some(raw) = property.values.first() else {
                    continue;
                };
                match key {
                    "KM" => {
                        let (komi, warning) = komi_from_km(raw);
                        info.komi = komi;
                        warnings.extend(warning.map(|w| Warning::at(pos, w)));
                    }
                    "HA" => match parse_number(raw) {
                        Some(n) if (2..=i64::from(u8::MAX)).contains(&n) => info.handicap = n as u8,
                        Some(0) => {}
                        Some(n) => {
                            warnings.push(Warning::at(pos, Repair::HandicapTooSmall { value: n }))
                        }
                        None => warnings.push(Warning::at(
                            pos,
                            Repair::HandicapNotANumber { raw: raw.clone() },
                        )),
                    },
                    "RU" => info.ruleset = Some(Ruleset::parse(&decode_simple_text(raw))),
                    "RE" => {
                        let text = decode_simple_text(raw);
                        info.result = Outcome::parse(&text);
                        if info.result.is_none() && !text.trim().is_empty() {
                            warnings.push(Warning::at(
                                pos,
                                Repair::ResultNotUnderstood { text: text.clone() },
                            ));
                        }
                        info.result_text = Some(text);
                    }
                    "GC" => info.comment = Some(decode_text(raw)),
                    other => {
                        if let Some(field) = info.text_field_mut(other) {
                            *field = Some(decode_simple_text(raw));
                        } else {
                            continue;
                        }
                    }
                }
                seen.push(key);
            }
        }
        let tm_ot = path
            .iter()
            .filter_map(|&id| tree.node(id))
            .find(|n| n.has("TM") || n.has("OT"));
        if let Some(node) = tm_ot {
            let tm_raw = node.value("TM");
            let tm = tm_raw.and_then(|raw| parse_real(raw).or_else(|| parse_clock_time(raw)));
            if let (Some(raw), None) = (tm_raw, tm) {
                warnings.push(Warning::general(Repair::TimeNotSeconds {
                    raw: raw.to_string(),
                }));
            }
            // Old IGS/NNGS files put the overtime in TM: "10:00(5x1:00)".
            let ot = node.value("OT").map(decode_simple_text).or_else(|| {
                let raw = tm_raw?;
                let inner = raw.split_once('(')?.1.split_once(')')?.0;
                let (n, len) = inner.split_once('x')?;
                let seconds = parse_clock_time(len)?;
                Some(format!("{}x{} byo-yomi", n.trim(), real_value(seconds)))
            });
            info.time = TimeSettings::from_sgf(tm, ot.as_deref());
        }
        (info, warnings)
    }

    /// Writes the game information into a (root) node, replacing what it says there.
    pub fn write_to(&self, node: &mut Node) {
        if self.size != 19 || node.has("SZ") {
            node.set("SZ", vec![self.size.to_string()]);
        }
        if let Some(rules) = &self.ruleset {
            node.set("RU", vec![encode_text(&rules.to_sgf(), false)]);
        }
        if let Some(komi) = self.komi {
            node.set("KM", vec![real_value(komi.points())]);
        }
        if self.handicap >= 2 {
            node.set("HA", vec![self.handicap.to_string()]);
        }
        if let Some(result) = &self.result {
            node.set("RE", vec![encode_text(&result.to_sgf(), false)]);
        } else if let Some(text) = &self.result_text {
            node.set("RE", vec![encode_text(text, false)]);
        }
        if let Some(time) = &self.time {
            node.set("TM", vec![real_value(time.main_seconds)]);
            match time.ot_value() {
                Some(ot) => node.set("OT", vec![encode_text(&ot, false)]),
                None => {
                    node.remove("OT");
                }
            }
        }
        for id in TEXT_FIELDS {
            if let Some(text) = self.text_field(id) {
                node.set(id, vec![encode_text(text, false)]);
            }
        }
        if let Some(text) = &self.comment {
            node.set("GC", vec![encode_text(text, false)]);
        }
    }
}

/// "1:30:00", "10:00" or "45" (as h:m:s, m:s, s) in seconds, ignoring a "(…)" suffix.
fn parse_clock_time(raw: &str) -> Option<f64> {
    let main = raw.split('(').next()?.trim();
    if main.is_empty() {
        return None;
    }
    let mut total = 0.0;
    for part in main.split(':') {
        let v: f64 = part.trim().parse().ok()?;
        total = total * 60.0 + v;
    }
    total.is_finite().then_some(total)
}

/// `SZ[19]`, or `SZ[19:19]`; only square boards the rules core can hold.
pub(crate) fn parse_size(raw: &str) -> Option<u8> {
    let (a, b) = match raw.split_once(':') {
        Some((a, b)) => (a, b),
        None => (raw, raw),
    };
    let a: u8 = a.trim().parse().ok()?;
    let b: u8 = b.trim().parse().ok()?;
    (a == b && (crate::rules::MIN_SIZE..=crate::rules::MAX_SIZE).contains(&a)).then_some(a)
}
