//! OpenGotha's tournament XML, in and out: the interchange format organisers already have.
//!
//! Players carry `name`, `firstName`, `rank` (`5D`, `12K`), `club` and a `participating`
//! mask (one `0`/`1` a round); games name their players by key, NAME+FIRSTNAME upper-cased
//! without spaces, with `RESULT_*` results (`_BYDEF` for forfeits; pairgoth's misspelt
//! `RESULT_BOTHLOOSE` is read like `RESULT_BOTHLOSE`). Byes are `ByePlayer` elements.
//!
//! What OpenGotha cannot hold travels in extra attributes OpenGotha ignores: our player ids
//! (`tianyuanId`, so two players of one name stay two), exact names, ranks (local dan), teams,
//! warnings, "not played", and the system and seed (`TianyuanParameterSet`).

use super::model::{
    Game, Outcome, Player, PlayerId, Round, System, Tournament, TournamentError, refuse,
};
use super::rank::Rank;
use quick_xml::events::{BytesStart, Event};
use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;

use crate::escape::xml as esc;

/// The OpenGotha key of a player: NAME+FIRSTNAME, upper-cased, spaces removed.
pub fn key(name: &str, first_name: &str) -> String {
    format!("{name}{first_name}")
        .chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_uppercase)
        .collect()
}

/// Our name split as OpenGotha wants it: family name first (Chinese order), the rest as the
/// first name.
fn split_name(name: &str) -> (String, String) {
    let mut words = name.split_whitespace();
    let family = words.next().unwrap_or("").to_string();
    (family, words.collect::<Vec<_>>().join(" "))
}

/// The family name and given name of `p` (OpenGotha, the EGD, the AGA, the FFG): as an
/// imported file had them when our name is still theirs joined, else our name split at its
/// first space, family name first.
pub fn opengotha_name(p: &Player) -> (String, String) {
    if let (Some(n), Some(f)) = (p.foreign.get("name"), p.foreign.get("firstName"))
        && format!("{n} {f}").trim() == p.name
    {
        return (n.clone(), f.clone());
    }
    split_name(&p.name)
}

/// A player's attributes: what the file had, with our current values over it.
fn player_attributes(p: &Player, rounds: u32, mask_len: usize) -> String {
    let mut a: BTreeMap<String, String> = [
        ("agaExpirationDate", ""),
        ("agaId", ""),
        ("country", ""),
        ("egfPin", ""),
        ("ffgLicence", ""),
        ("ffgLicenceStatus", ""),
        ("ratingOrigin", ""),
        ("registeringStatus", "FIN"),
        ("smmsCorrection", "0"),
    ]
    .iter()
    .map(|(k, v)| (k.to_string(), v.to_string()))
    .collect();
    a.extend(p.foreign.iter().map(|(k, v)| (k.clone(), v.clone())));
    // Our own values over the file's (issue 19: players carry ids and a country).
    for (key, ours) in [
        ("country", &p.country),
        ("egfPin", &p.ids.egd_pin),
        ("agaId", &p.ids.aga_id),
        ("ffgLicence", &p.ids.ffg_licence),
    ] {
        if !ours.is_empty() {
            a.insert(key.into(), ours.clone());
        }
    }
    let (name, first) = opengotha_name(p);
    a.insert("name".into(), name);
    a.insert("firstName".into(), first);
    a.insert("club".into(), p.club.clone());
    let rank = p
        .rank
        .map_or("30K".to_string(), |r| r.egf_text().to_uppercase());
    let theirs_still = p
        .foreign
        .get("rank")
        .is_some_and(|r| Rank::parse(r).ok() == p.rank);
    if !theirs_still {
        a.insert("rank".into(), rank.clone());
        a.insert("grade".into(), rank);
        a.insert("rating".into(), rating(p.rank).to_string());
    }
    a.entry("rating".into())
        .or_insert_with(|| rating(p.rank).to_string());
    let mask_still = p
        .foreign
        .get("participating")
        .is_some_and(|m| withdrawal_from_mask(m, rounds) == p.withdrawn_after_round)
        && p.joined_in_round.is_none();
    if !mask_still {
        // Issue 28: a late entry's missed rounds are rounds not participated in.
        a.insert(
            "participating".into(),
            (1..=mask_len as u32)
                .map(|r| if p.plays_in(r) { '1' } else { '0' })
                .collect(),
        );
    }
    if let Some(j) = p.joined_in_round {
        a.insert("tianyuanJoined".into(), j.to_string());
    }
    a.insert("tianyuanId".into(), p.id.0.to_string());
    a.insert("tianyuanName".into(), p.name.clone());
    a.insert(
        "tianyuanRank".into(),
        p.rank.map_or(String::new(), |r| r.to_string()),
    );
    a.insert("tianyuanTeam".into(), p.team.clone());
    a.insert("tianyuanLot".into(), p.lot.to_string());
    a.insert(
        "tianyuanWithdrawn".into(),
        p.withdrawn_after_round
            .map_or(String::new(), |w| w.to_string()),
    );
    for (key, ours) in [
        ("tianyuanFamily", &p.family),
        ("tianyuanCity", &p.city),
        ("tianyuanCnId", &p.ids.cn_id),
        ("tianyuanCountry", &p.country),
    ] {
        if !ours.is_empty() {
            a.insert(key.into(), ours.clone());
        }
    }
    if let Some(r) = p.rating {
        a.insert("tianyuanRating".into(), r.to_string());
    }
    a.iter()
        .map(|(k, v)| format!("{k}=\"{}\"", esc(v)))
        .collect::<Vec<_>>()
        .join(" ")
}

fn result_code(o: Option<Outcome>) -> &'static str {
    match o {
        Some(Outcome::BlackWins) => "RESULT_BLACKWINS",
        Some(Outcome::WhiteWins) => "RESULT_WHITEWINS",
        Some(Outcome::Draw) => "RESULT_EQUAL",
        Some(Outcome::BlackWinsByForfeit) => "RESULT_BLACKWINS_BYDEF",
        Some(Outcome::WhiteWinsByForfeit) => "RESULT_WHITEWINS_BYDEF",
        Some(Outcome::BothLose) => "RESULT_BOTHLOSE",
        Some(Outcome::NotPlayed) | None => "RESULT_UNKNOWN",
    }
}

fn rating(rank: Option<Rank>) -> i32 {
    match rank {
        Some(Rank::NationalDan(n) | Rank::LocalDan(n)) => 2000 + 100 * i32::from(n),
        Some(Rank::Kyu(k)) => 2100 - 100 * i32::from(k),
        None => -900,
    }
}

/// The event as OpenGotha XML.
pub fn write(t: &Tournament) -> String {
    let mut x = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n<Tournament dataVersion=\"201\" fullVersionNumber=\"3.51\" runningMode=\"SAL\">\n<Players>\n",
    );
    let mask_len = (t.rounds as usize).max(20);
    let keys: Vec<String> = t
        .players
        .iter()
        .map(|p| {
            let (n, f) = split_name(&p.name);
            key(&n, &f)
        })
        .collect();
    for p in &t.players {
        let _ = writeln!(x, "<Player {}/>", player_attributes(p, t.rounds, mask_len));
    }
    x.push_str("</Players>\n<Games>\n");
    for r in &t.played {
        for g in &r.games {
            let _ = writeln!(
                x,
                "<Game blackPlayer=\"{}\" handicap=\"{}\" knownColor=\"true\" result=\"{}\" roundNumber=\"{}\" tableNumber=\"{}\" whitePlayer=\"{}\" tianyuanBlack=\"{}\" tianyuanWhite=\"{}\" tianyuanResult=\"{}\" tianyuanBlackWarnings=\"{}\" tianyuanWhiteWarnings=\"{}\"{}/>",
                esc(&keys[g.black.index()]),
                g.handicap,
                result_code(g.outcome),
                r.number,
                g.board,
                esc(&keys[g.white.index()]),
                g.black.0,
                g.white.0,
                g.outcome.map_or("pending", |o| if o == Outcome::NotPlayed {
                    "none"
                } else {
                    o.code()
                }),
                g.black_warnings,
                g.white_warnings,
                if r.playoff {
                    " tianyuanPlayoff=\"true\""
                } else {
                    ""
                },
            );
        }
    }
    x.push_str("</Games>\n<ByePlayers>\n");
    for r in &t.played {
        for &p in &r.byes {
            let _ = writeln!(
                x,
                "<ByePlayer player=\"{}\" roundNumber=\"{}\" tianyuanId=\"{}\"/>",
                esc(&keys[p.index()]),
                r.number,
                p.0
            );
        }
    }
    x.push_str("</ByePlayers>\n");
    if let Some(raw) = &t.opengotha_parameters {
        x.push_str(raw);
        x.push('\n');
    } else {
        x.push_str(&parameter_sets(t));
    }
    let extras: Vec<&str> = t
        .ranking
        .extras
        .iter()
        .map(|e| super::standings::extra_key(*e))
        .collect();
    let _ = writeln!(
        x,
        "<TianyuanParameterSet system=\"{}\" seed=\"{}\" sharedPlaces=\"{}\" tiebreaks=\"{}\" event=\"{}\"/>",
        t.system.name(),
        t.seed,
        t.ranking.shared_places,
        extras.join(","),
        esc(&event_json(t))
    );
    x.push_str("</Tournament>\n");
    x
}

fn get_attr(m: &HashMap<String, String>, k: &str) -> String {
    m.get(k).map_or("", |s| s.as_str()).trim().to_string()
}

/// What OpenGotha cannot hold of the event (issue 19), carried whole in our own attribute.
#[derive(serde::Serialize, serde::Deserialize)]
struct EventJson {
    #[serde(default)]
    event: super::event::EventInfo,
    #[serde(default)]
    mcmahon: Option<super::mcmahon::McMahonSettings>,
    #[serde(default)]
    avoid: super::mcmahon::AvoidWeights,
    #[serde(default)]
    exam: Option<super::exam::ExamTable>,
    #[serde(default)]
    redraws: Vec<super::model::Redraw>,
    #[serde(default)]
    decided_places: u32,
    #[serde(default)]
    ratings: Option<super::ratings::Snapshot>,
}

fn event_json(t: &Tournament) -> String {
    serde_json::to_string(&EventJson {
        event: t.event.clone(),
        mcmahon: t.mcmahon,
        avoid: t.avoid,
        exam: t.exam.clone(),
        redraws: t.redraws.clone(),
        decided_places: t.decided_places,
        ratings: t.ratings.clone(),
    })
    .unwrap_or_default()
}

fn read_event_json(t: &mut Tournament, text: &str) -> Result<(), TournamentError> {
    let e: EventJson = serde_json::from_str(text)
        .map_err(|err| TournamentError(format!("bad TianyuanParameterSet event: {err}")))?;
    t.event = e.event;
    t.mcmahon = e.mcmahon;
    t.avoid = e.avoid;
    t.exam = e.exam;
    t.redraws = e.redraws;
    t.decided_places = e.decided_places;
    t.ratings = e.ratings;
    Ok(())
}

fn og_rank(r: Rank) -> String {
    r.egf_text().to_uppercase()
}

/// The time control of OpenGotha's general parameters as a SPEC.
fn og_time(g: &HashMap<String, String>) -> Option<String> {
    let num = |k: &str| get_attr(g, k).parse::<u64>().ok();
    let basic = num("basicTime")?;
    let spec = match get_attr(g, "complementaryTimeSystem").as_str() {
        "STDBYOYOMI" => format!(
            "japanese:main={basic}m,periods=1x{}s",
            num("stdByoYomiTime").filter(|s| *s > 0)?
        ),
        "CANBYOYOMI" => format!(
            "canadian:main={basic}m,stones={}/{}s",
            num("nbMovesCanTime").filter(|s| *s > 0)?,
            num("canByoYomiTime").filter(|s| *s > 0)?
        ),
        "FISCHER" => format!("fischer:main={basic}m,inc={}s", num("fischerTime")?),
        "SUDDENDEATH" => format!("sudden:main={basic}m"),
        _ => return None,
    };
    super::event::parse_time(&spec).ok()
}

/// McMahon settings and the event's facts from OpenGotha's own parameter sets.
fn read_opengotha_settings(
    t: &mut Tournament,
    general: &HashMap<String, String>,
    handicap: &HashMap<String, String>,
    warnings: &mut Vec<String>,
) {
    let rank = |k: &str, m: &HashMap<String, String>| Rank::parse(&get_attr(m, k)).ok();
    if t.system == System::McMahon {
        let mut m = super::mcmahon::McMahonSettings::default();
        if let Some(b) = rank("genMMBar", general) {
            m.bar = b;
        }
        if let Some(f) = rank("genMMFloor", general) {
            m.floor = f;
        }
        let ceiling: u32 = get_attr(handicap, "hdCeiling").parse().unwrap_or(0);
        if ceiling > 0 {
            m.handicap = Some(super::mcmahon::HandicapRule {
                below: rank("hdNoHdRankThreshold", handicap).unwrap_or(Rank::NationalDan(1)),
                correction: get_attr(handicap, "hdCorrection").parse().unwrap_or(1),
                max: ceiling.min(9),
            });
            if get_attr(handicap, "hdBasedOnMMS") == "true" {
                warnings.push(
                    "OpenGotha computed handicaps from McMahon scores; Tianyuan computes them from declared ranks".into(),
                );
            }
        }
        if m.validate().is_err() {
            warnings.push(format!(
                "McMahon settings {} not usable; defaults kept",
                m.text()
            ));
            m = Default::default();
        }
        t.mcmahon = Some(m);
    }
    let date = |k: &str| super::event::parse_date(&get_attr(general, k)).ok();
    if let Some(first) = date("beginDate") {
        let last = date("endDate")
            .filter(|l| *l >= first)
            .unwrap_or_else(|| first.clone());
        t.event.dates = Some((first, last));
    }
    t.event.city = get_attr(general, "location");
    if let Ok(k) = get_attr(general, "komi").parse::<f64>()
        && (k * 2.0).fract() == 0.0
        && k.abs() < 100.0
    {
        t.event.komi_half_points = Some((k * 2.0) as i64);
    }
    t.event.time = og_time(general);
}

/// Our parameter sets when the file did not come from OpenGotha: general (time, komi, McMahon
/// bar and floor), handicap and placement.
fn parameter_sets(t: &Tournament) -> String {
    let e = &t.event;
    let m = t.mcmahon.unwrap_or_default();
    let (dates_from, dates_to) = e.dates.clone().unwrap_or_default();
    let secs = |ms: crate::clock::Millis| ms.0 / 1000;
    let (mut basic, mut system, mut std, mut can, mut moves, mut fischer) =
        (60, "STDBYOYOMI", 60, 300, 15, 10);
    if let Some(c) = e.time_control() {
        use crate::clock::TimeControl as T;
        basic = secs(c.main_time()) / 60;
        match c {
            T::Chinese { period, .. } | T::Japanese { period, .. } => std = secs(period),
            T::Canadian { stones, block, .. } => {
                system = "CANBYOYOMI";
                can = secs(block);
                moves = i64::from(stones);
            }
            T::Fischer { increment, .. } => {
                system = "FISCHER";
                fischer = secs(increment);
            }
            T::SuddenDeath { .. } => system = "SUDDENDEATH",
        }
    }
    let mut x = String::from("<TournamentParameterSet>\n");
    let _ = writeln!(
        x,
        "<GeneralParameterSet basicTime=\"{basic}\" beginDate=\"{}\" canByoYomiTime=\"{can}\" complementaryTimeSystem=\"{system}\" director=\"\" endDate=\"{}\" fischerTime=\"{fischer}\" genMMBar=\"{}\" genMMFloor=\"{}\" genMMS2ValueAbsent=\"1\" genMMS2ValueBye=\"2\" genNBW2ValueAbsent=\"0\" genNBW2ValueBye=\"2\" genRoundDownNBWMMS=\"true\" komi=\"{}\" location=\"{}\" name=\"{}\" nbMovesCanTime=\"{moves}\" numberOfCategories=\"1\" numberOfRounds=\"{}\" shortName=\"{}\" size=\"19\" stdByoYomiTime=\"{std}\"/>",
        esc(&dates_from),
        esc(&dates_to),
        og_rank(m.bar),
        og_rank(m.floor),
        super::event::number_text(e.komi_points(0)),
        esc(&e.city),
        esc(&t.name),
        t.rounds,
        esc(&t.name)
    );
    match (t.system, m.handicap) {
        (System::McMahon, Some(h)) => {
            let _ = writeln!(
                x,
                "<HandicapParameterSet hdBasedOnMMS=\"false\" hdCeiling=\"{}\" hdCorrection=\"{}\" hdNoHdRankThreshold=\"{}\"/>",
                h.max,
                h.correction,
                og_rank(h.below)
            );
        }
        _ => x.push_str(
            "<HandicapParameterSet hdBasedOnMMS=\"false\" hdCeiling=\"0\" hdCorrection=\"1\" hdNoHdRankThreshold=\"30K\"/>\n",
        ),
    }
    let criteria: &[&str] = if t.system == System::McMahon {
        &["MMS", "SOSM", "SOSOSM", "SODOSM"]
    } else {
        &["NBW", "SOSW", "SOSOSW", "SODOSW"]
    };
    x.push_str("<PlacementParameterSet>\n<PlacementCriteria>\n");
    for (i, c) in criteria.iter().enumerate() {
        let _ = writeln!(x, "<PlacementCriterion name=\"{c}\" number=\"{}\"/>", i + 1);
    }
    x.push_str("</PlacementCriteria>\n</PlacementParameterSet>\n</TournamentParameterSet>\n");
    x
}

fn attributes(e: &BytesStart<'_>) -> Result<HashMap<String, String>, TournamentError> {
    let mut out = HashMap::new();
    for a in e.attributes() {
        let a = a.map_err(|err| TournamentError(format!("bad XML attribute: {err}")))?;
        let k = String::from_utf8_lossy(a.key.as_ref()).into_owned();
        let v = a
            .normalized_value(quick_xml::XmlVersion::Implicit1_0)
            .map_err(|err| TournamentError(format!("bad XML attribute value: {err}")))?;
        out.insert(k, v.into_owned());
    }
    Ok(out)
}

/// Reads an OpenGotha result: `None` for unknown, and a warning for what Art. 28 cannot score.
fn read_result(code: &str, warnings: &mut Vec<String>) -> Result<Option<Outcome>, TournamentError> {
    let (base, forfeit) = match code.strip_suffix("_BYDEF") {
        Some(b) => (b, true),
        None => (code, false),
    };
    Ok(Some(match (base, forfeit) {
        ("RESULT_UNKNOWN", _) => return Ok(None),
        ("RESULT_BLACKWINS", false) => Outcome::BlackWins,
        ("RESULT_WHITEWINS", false) => Outcome::WhiteWins,
        ("RESULT_BLACKWINS", true) => Outcome::BlackWinsByForfeit,
        ("RESULT_WHITEWINS", true) => Outcome::WhiteWinsByForfeit,
        ("RESULT_EQUAL", _) => Outcome::Draw,
        ("RESULT_BOTHLOSE" | "RESULT_BOTHLOOSE", _) => Outcome::BothLose,
        ("RESULT_BOTHWIN", _) => {
            warnings.push(format!(
                "{code}: both win has no place in Art. 28's scoring; read as not played"
            ));
            Outcome::NotPlayed
        }
        _ => return refuse(format!("unknown game result {code:?}")),
    }))
}

/// An event read from OpenGotha XML (or pairgoth's), with warnings for what was changed.
/// Two players of one name get the club (or a number) added to keep names unique.
pub fn read(text: &str) -> Result<(Tournament, Vec<String>), TournamentError> {
    let mut reader = quick_xml::Reader::from_str(text);
    let mut players_attrs = Vec::new();
    let mut games_attrs = Vec::new();
    let mut byes_attrs = Vec::new();
    let mut general = HashMap::new();
    let mut handicap = HashMap::new();
    let mut placement_numbered: Vec<(usize, String)> = Vec::new();
    let mut ours = HashMap::new();
    let mut saw_tournament = false;
    let mut open: Vec<String> = Vec::new();
    let mut parameters: Vec<String> = Vec::new();
    let mut parameter_start: Option<usize> = None;
    loop {
        let before = reader.buffer_position() as usize;
        let event = reader.read_event();
        match &event {
            Ok(Event::Start(e))
                if open.len() == 1 && e.name().as_ref().ends_with(b"ParameterSet") =>
            {
                parameter_start = Some(before);
            }
            Ok(Event::Empty(e))
                if open.len() == 1
                    && e.name().as_ref().ends_with(b"ParameterSet")
                    && e.name().as_ref() != b"TianyuanParameterSet" =>
            {
                parameters.push(
                    text.get(before..reader.buffer_position() as usize)
                        .unwrap_or("")
                        .to_string(),
                );
            }
            Ok(Event::End(_)) if open.len() == 2 => {
                if let Some(start) = parameter_start.take() {
                    parameters.push(
                        text.get(start..reader.buffer_position() as usize)
                            .unwrap_or("")
                            .to_string(),
                    );
                }
            }
            _ => {}
        }
        match &event {
            Ok(Event::Start(e)) => {
                open.push(String::from_utf8_lossy(e.name().as_ref()).into_owned())
            }
            Ok(Event::End(_)) => {
                open.pop();
            }
            _ => {}
        }
        match event {
            Ok(Event::Start(e) | Event::Empty(e)) => match e.name().as_ref() {
                b"Tournament" => saw_tournament = true,
                b"Player" => players_attrs.push(attributes(&e)?),
                b"Game" => games_attrs.push(attributes(&e)?),
                b"ByePlayer" => {
                    let a = attributes(&e)?;
                    if a.contains_key("player") {
                        byes_attrs.push(a);
                    }
                }
                b"GeneralParameterSet" => general = attributes(&e)?,
                b"HandicapParameterSet" => handicap = attributes(&e)?,
                b"PlacementCriterion" => {
                    let a = attributes(&e)?;
                    let number: usize = get_attr(&a, "number").parse().unwrap_or(0);
                    placement_numbered.push((number, get_attr(&a, "name")));
                }
                b"TianyuanParameterSet" => ours = attributes(&e)?,
                _ => {}
            },
            Ok(Event::Eof) => match open.last() {
                Some(inside) => {
                    return refuse(format!("the file ends inside <{inside}>: it is cut short"));
                }
                None => break,
            },
            Err(e) => {
                return refuse(format!(
                    "not well-formed XML near byte {}: {e}",
                    reader.error_position()
                ));
            }
            Ok(_) => {}
        }
    }
    if !saw_tournament {
        return refuse("not an OpenGotha file: no <Tournament> element");
    }
    placement_numbered.sort();
    let placement: Vec<String> = placement_numbered
        .into_iter()
        .map(|(_, n)| n)
        .filter(|n| n != "NULL")
        .collect();
    let mut warnings = Vec::new();
    let get = |m: &HashMap<String, String>, k: &str| {
        m.get(k).map_or("", |s| s.as_str()).trim().to_string()
    };
    let rounds_attr = get(&general, "numberOfRounds");
    let mut rounds: u32 = rounds_attr.parse().unwrap_or(0);
    let mut players: Vec<Player> = Vec::new();
    let mut by_key: HashMap<String, Vec<PlayerId>> = HashMap::new();
    let mut by_our_id: HashMap<String, PlayerId> = HashMap::new();
    for a in &players_attrs {
        let (name, first) = (get(a, "name"), get(a, "firstName"));
        let full = match get(a, "tianyuanName") {
            n if !n.is_empty() => n,
            _ => format!("{name} {first}").trim().to_string(),
        };
        if full.is_empty() {
            return refuse(format!("player {} has no name", players.len() + 1));
        }
        let rank = match get(a, "tianyuanRank") {
            r if !r.is_empty() => {
                Some(Rank::parse(&r).map_err(|e| TournamentError(e.to_string()))?)
            }
            _ => {
                let r = get(a, "rank");
                let r = if r.is_empty() { get(a, "grade") } else { r };
                match r.to_ascii_lowercase() {
                    x if x.is_empty() => None,
                    x if x.ends_with('p') => {
                        warnings.push(format!(
                            "{full}: professional rank {r} read as national dan"
                        ));
                        Rank::parse(&x.replace('p', "d")).ok()
                    }
                    x => {
                        Some(Rank::parse(&x).map_err(|e| TournamentError(format!("{full}: {e}")))?)
                    }
                }
            }
        };
        let mask = get(a, "participating");
        let withdrawn = match get(a, "tianyuanWithdrawn") {
            w if !w.is_empty() => Some(
                w.parse::<u32>()
                    .map_err(|_| TournamentError(format!("{full}: bad tianyuanWithdrawn {w:?}")))?,
            ),
            _ if a.contains_key("tianyuanId") => None,
            _ => withdrawal_from_mask(&mask, rounds),
        };
        let id = PlayerId(players.len() as u32);
        by_key.entry(key(&name, &first)).or_default().push(id);
        let our = get(a, "tianyuanId");
        if !our.is_empty() {
            by_our_id.insert(our, id);
        }
        let country = match get(a, "tianyuanCountry") {
            c if !c.is_empty() => c,
            _ if a.contains_key("tianyuanId") => String::new(),
            _ => get(a, "country").to_ascii_uppercase(),
        };
        players.push(Player {
            id,
            name: full,
            rank,
            club: get(a, "club"),
            team: get(a, "tianyuanTeam"),
            withdrawn_after_round: withdrawn,
            lot: get(a, "tianyuanLot").parse().unwrap_or(0),
            foreign: a
                .iter()
                .filter(|(k, _)| !k.starts_with("tianyuan"))
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect(),
            family: get(a, "tianyuanFamily"),
            country,
            city: get(a, "tianyuanCity"),
            ids: super::model::PlayerIds {
                egd_pin: get(a, "egfPin"),
                aga_id: get(a, "agaId"),
                ffg_licence: get(a, "ffgLicence"),
                cn_id: get(a, "tianyuanCnId"),
            },
            rating: get(a, "tianyuanRating").parse().ok(),
            name_latin: String::new(),
            joined_in_round: match get(a, "tianyuanJoined") {
                j if !j.is_empty() => j.parse().ok(),
                _ if a.contains_key("tianyuanId") => None,
                _ => joined_from_mask(&mask),
            },
        });
    }
    // Two players of one name stay two: their names get the club, else a number.
    let mut counts: HashMap<String, usize> = HashMap::new();
    for p in &players {
        *counts.entry(p.name.clone()).or_default() += 1;
    }
    let mut used: std::collections::HashSet<String> = players
        .iter()
        .filter(|p| counts[&p.name] == 1)
        .map(|p| p.name.clone())
        .collect();
    for p in players.iter_mut().filter(|p| counts[&p.name] > 1) {
        let mut candidate = if p.club.is_empty() {
            p.name.clone()
        } else {
            format!("{} ({})", p.name, p.club)
        };
        let mut n = 2;
        while used.contains(&candidate) {
            candidate = format!("{} ({n})", p.name);
            n += 1;
        }
        warnings.push(format!(
            "two players are named {:?}; this one is now {candidate:?}",
            p.name
        ));
        used.insert(candidate.clone());
        p.name = candidate;
    }
    let resolve = |a: &HashMap<String, String>,
                   ours: &str,
                   theirs: &str|
     -> Result<PlayerId, TournamentError> {
        if let Some(&id) = by_our_id.get(&get(a, ours)) {
            return Ok(id);
        }
        let k = key(&get(a, theirs), "");
        match by_key.get(&k).map(Vec::as_slice) {
            Some([id]) => Ok(*id),
            Some(_) => refuse(format!(
                "two players have the key {k:?}; their games cannot be told apart"
            )),
            None => refuse(format!("a game names {k:?}, who is not among the players")),
        }
    };
    let mut rounds_map: BTreeMap<u32, Round> = BTreeMap::new();
    for a in &games_attrs {
        let n: u32 = get(a, "roundNumber").parse().map_err(|_| {
            TournamentError(format!("a game has round {:?}", get(a, "roundNumber")))
        })?;
        let black = resolve(a, "tianyuanBlack", "blackPlayer")?;
        let white = resolve(a, "tianyuanWhite", "whitePlayer")?;
        let outcome = match get(a, "tianyuanResult").as_str() {
            "" => read_result(&get(a, "result"), &mut warnings)?,
            "pending" => None,
            "none" => Some(Outcome::NotPlayed),
            code => Some(
                Outcome::parse(code)
                    .ok_or_else(|| TournamentError(format!("bad tianyuanResult {code:?}")))?,
            ),
        };
        let round = rounds_map.entry(n).or_insert_with(|| Round {
            number: n,
            ..Round::default()
        });
        round.playoff |= get(a, "tianyuanPlayoff") == "true";
        round.games.push(Game {
            board: get(a, "tableNumber")
                .parse::<u32>()
                .map(|b| b.max(1))
                .unwrap_or(round.games.len() as u32 + 1),
            black,
            white,
            outcome,
            black_warnings: get(a, "tianyuanBlackWarnings").parse().unwrap_or(0),
            white_warnings: get(a, "tianyuanWhiteWarnings").parse().unwrap_or(0),
            handicap: get(a, "handicap").parse().unwrap_or(0),
        });
    }
    for a in &byes_attrs {
        let n: u32 = get(a, "roundNumber")
            .parse()
            .map_err(|_| TournamentError("a bye has no round number".into()))?;
        let p = resolve(a, "tianyuanId", "player")?;
        rounds_map
            .entry(n)
            .or_insert_with(|| Round {
                number: n,
                ..Round::default()
            })
            .byes
            .push(p);
    }
    for r in rounds_map.values_mut() {
        r.games.sort_by_key(|g| g.board);
    }
    rounds = rounds.max(rounds_map.keys().copied().max().unwrap_or(0));
    let mcmahon_placement = placement.first().is_some_and(|c| c == "MMS");
    let system = System::parse(&get(&ours, "system")).unwrap_or(if mcmahon_placement {
        System::McMahon
    } else {
        System::Swiss
    });
    let seed = get(&ours, "seed").parse().unwrap_or(0);
    let mut t = Tournament::new(&get(&general, "name"), system, rounds, seed, players);
    match get(&ours, "event") {
        e if !e.is_empty() => read_event_json(&mut t, &e)?,
        _ => read_opengotha_settings(&mut t, &general, &handicap, &mut warnings),
    }
    t.played = rounds_map.into_values().collect();
    if !parameters.is_empty() {
        t.opengotha_parameters = Some(parameters.join("\n"));
    }
    if get(&ours, "sharedPlaces") == "false" {
        t.ranking.shared_places = false;
    }
    t.ranking.extras = get(&ours, "tiebreaks")
        .split(',')
        .filter_map(super::model::Extra::parse)
        .collect();
    if t.players.iter().all(|p| p.lot == 0) {
        t.draw_lots();
    }
    t.validate()?;
    Ok((t, warnings))
}

/// A late entry from a participating mask (issue 28): rounds not taken part in before the
/// first one taken part in.
fn joined_from_mask(mask: &str) -> Option<u32> {
    let first = mask.chars().position(|c| c == '1')?;
    (first > 0).then_some(first as u32 + 1)
}

/// `withdrawn_after_round` from a participating mask: the player took part up to round k and
/// in none after (k < rounds); all zeros is a withdrawal before the start. A gap followed by
/// a return is an absence, not a withdrawal.
fn withdrawal_from_mask(mask: &str, rounds: u32) -> Option<u32> {
    let bits: Vec<bool> = mask
        .chars()
        .take(rounds as usize)
        .map(|c| c == '1')
        .collect();
    if bits.is_empty() || bits.len() < rounds as usize {
        return None;
    }
    let last = bits.iter().rposition(|&b| b);
    match last {
        None => Some(0),
        Some(k) if k + 1 < bits.len() => Some(k as u32 + 1),
        Some(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks_give_withdrawals() {
        assert_eq!(withdrawal_from_mask("11100000000000000000", 5), Some(3));
        assert_eq!(withdrawal_from_mask("11111000000000000000", 5), None);
        assert_eq!(withdrawal_from_mask("00000", 5), Some(0));
        assert_eq!(withdrawal_from_mask("10111", 5), None);
    }

    #[test]
    fn pairgoth_spellings_and_forfeits() {
        let mut w = Vec::new();
        for (code, o) in [
            ("RESULT_BOTHLOOSE", Some(Outcome::BothLose)),
            ("RESULT_BOTHLOSE", Some(Outcome::BothLose)),
            ("RESULT_WHITEWINS_BYDEF", Some(Outcome::WhiteWinsByForfeit)),
            ("RESULT_BLACKWINS_BYDEF", Some(Outcome::BlackWinsByForfeit)),
            ("RESULT_BLACKWINS", Some(Outcome::BlackWins)),
            ("RESULT_EQUAL", Some(Outcome::Draw)),
            ("RESULT_UNKNOWN", None),
        ] {
            assert_eq!(read_result(code, &mut w), Ok(o), "{code}");
        }
        assert!(read_result("RESULT_MAYBE", &mut w).is_err());
    }

    #[test]
    fn keys_are_upper_case_without_spaces() {
        assert_eq!(key("van der Berg", "Jan"), "VANDERBERGJAN");
        assert_eq!(key("王", "磊"), "王磊");
    }
}
