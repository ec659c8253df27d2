//! Pairings anyone can check (issue 19): a certificate stored with each McMahon round says how
//! the pairing was made — the seed, the settings, the weight of each criterion, a SHA-256 of
//! everything the pairing read (every player present with their score, colours, opponents,
//! byes, draw-ups and downs, rank, lot, family, club, city, country) and a SHA-256 of the
//! pairing itself. [`verify`] re-runs the pairing from the file with the certificate's
//! settings and says whether it comes out the same, and if not, where it differs.

use super::mcmahon::{self, AvoidWeights, CRITERIA, Graph, Mode};
use super::model::{Round, System, Tournament, TournamentError};
use super::rank::Rank;
use sha2::{Digest, Sha256};
use std::fmt::Write as _;

/// How a round's pairing was made.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Certificate {
    /// The round.
    pub round: u32,
    /// The event's seed (colours the rules leave open are drawn from it and the round).
    pub seed: u64,
    /// The pairing's settings (McMahon bar, floor, handicaps; or a rank exam; a Swiss round
    /// paired by hand: McMahon with every player starting equal).
    pub mode: Mode,
    /// The director's weights for pairs to avoid.
    pub avoid: AvoidWeights,
    /// The weight of one unit of each criterion, strongest first, as decimal text.
    pub weights: Vec<(String, String)>,
    /// SHA-256 (hex) of the pairing's input.
    pub input: String,
    /// SHA-256 (hex) of the pairing (boards, colours, handicaps, bye).
    pub pairing: String,
    /// Paired by hand (`tournament pair --manual`, issue 28): checked against the event's
    /// rules when made, not the engine's pairing.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub manual: bool,
    /// SHA-256 (hex) over every field above ([`Certificate::seal`], issue 28): a certificate
    /// edited after it was written no longer matches it. Empty in certificates written before.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub hash: String,
}

/// The pairing settings in force up to a round, logged when the director changed them after
/// that round was paired (issue 28): the certificates of those rounds are checked against them.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SettingsUntil {
    /// The last round paired with these settings.
    pub until_round: u32,
    /// The settings.
    pub mode: Mode,
    /// The director's weights for pairs to avoid.
    pub avoid: AvoidWeights,
}

/// The settings a certificate of `t` records now: McMahon's or the rank exam's, and for a
/// Swiss (whose rounds are certified only when paired by hand) McMahon with every player
/// starting equal — the same scores as the Swiss's, in half points.
pub fn current_mode(t: &Tournament) -> Mode {
    match t.system {
        System::Swiss => Mode::McMahon(mcmahon::McMahonSettings {
            bar: Rank::Kyu(30),
            floor: Rank::Kyu(30),
            handicap: None,
        }),
        _ => mcmahon::mode_of(t),
    }
}

/// The settings round `round` was paired with: the logged ones when the director changed them
/// since, else the event's.
pub fn settings_at(t: &Tournament, round: u32) -> (Mode, AvoidWeights) {
    t.settings_log
        .iter()
        .filter(|s| round <= s.until_round)
        .min_by_key(|s| s.until_round)
        .map_or((current_mode(t), t.avoid), |s| (s.mode, s.avoid))
}

/// Logs the settings in force before a change (`tournament set`), so that the rounds paired
/// with them keep verifying. Nothing is logged before the first round or when nothing changed.
pub fn log_settings_change(before: &Tournament, after: &mut Tournament) {
    let last = before
        .played
        .iter()
        .filter(|r| !r.playoff)
        .map(|r| r.number)
        .max()
        .unwrap_or(0);
    let old = (current_mode(before), before.avoid);
    if last == 0 || old == (current_mode(after), after.avoid) {
        return;
    }
    if after.settings_log.iter().any(|s| s.until_round >= last) {
        // Changed twice after the same round: the rounds up to it keep their first settings.
        return;
    }
    after.settings_log.push(SettingsUntil {
        until_round: last,
        mode: old.0,
        avoid: old.1,
    });
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().fold(String::new(), |mut s, b| {
        let _ = write!(s, "{b:02x}");
        s
    })
}

fn sha(text: &str) -> String {
    hex(&Sha256::digest(text.as_bytes()))
}

/// The pairing's input as canonical text (what the input hash covers).
pub fn input_text(t: &Tournament, round: u32, mode: &Mode) -> String {
    let mut s = format!("round {round}\nseed {}\n", t.seed);
    for e in mcmahon::entrants(t, round, mode) {
        let mut met: Vec<String> = e.met.iter().map(|(p, n)| format!("{}x{n}", p.0)).collect();
        met.sort();
        let colours: String = e
            .colours
            .iter()
            .map(|c| match c {
                super::swiss::Colour::Black => 'b',
                super::swiss::Colour::White => 'w',
            })
            .collect();
        let _ = writeln!(
            s,
            "{}|{}|{}|{}|{}|{}|{}|{}|{}|{}|{}|{}|{}",
            e.id.0,
            t.name_of(e.id),
            e.score,
            e.scale,
            e.strength,
            e.lot,
            colours,
            met.join(","),
            e.byes,
            e.ups,
            e.downs,
            e.attrs.join("/"),
            e.group
        );
    }
    s
}

/// The SHA-256 (hex) of a round's pairing, as a certificate's `pairing` records it.
pub fn pairing_hash(t: &Tournament, r: &Round) -> String {
    sha(&pairing_text(t, r))
}

/// The pairing as canonical text (what the pairing hash covers).
pub fn pairing_text(t: &Tournament, r: &Round) -> String {
    let mut s = String::new();
    for g in &r.games {
        let _ = writeln!(
            s,
            "{} {} {} {}",
            g.board,
            t.name_of(g.black),
            t.name_of(g.white),
            g.handicap
        );
    }
    for &b in &r.byes {
        let _ = writeln!(s, "bye {}", t.name_of(b));
    }
    s
}

fn mode_text(mode: &Mode) -> String {
    match mode {
        Mode::McMahon(m) if m.bar == m.floor && m.handicap.is_none() => {
            "every player starting equal (a Swiss)".into()
        }
        Mode::McMahon(m) => format!("mcmahon {}", m.text()),
        Mode::Exam => "rank exam".into(),
        Mode::ExamHandicap { correction, max } => {
            format!("rank exam, odd groups play handicap games (correction {correction} max {max})")
        }
    }
}

impl Certificate {
    /// The certificate of a pairing just made from `graph`.
    pub fn new(
        t: &Tournament,
        round: u32,
        mode: &Mode,
        avoid: &AvoidWeights,
        graph: &Graph,
        r: &Round,
    ) -> Certificate {
        Certificate::made(t, round, mode, avoid, graph, r, false)
    }

    /// The certificate of a round paired by hand (`tournament pair --manual`): the same
    /// record, marked manual; `graph` gives the weights the engine would have used.
    pub fn manual(
        t: &Tournament,
        round: u32,
        mode: &Mode,
        avoid: &AvoidWeights,
        graph: &Graph,
        r: &Round,
    ) -> Certificate {
        Certificate::made(t, round, mode, avoid, graph, r, true)
    }

    fn made(
        t: &Tournament,
        round: u32,
        mode: &Mode,
        avoid: &AvoidWeights,
        graph: &Graph,
        r: &Round,
        manual: bool,
    ) -> Certificate {
        let mut c = Certificate {
            round,
            seed: t.seed,
            mode: *mode,
            avoid: *avoid,
            // Strongest first: the order of the keys is the order the criteria were weighed in.
            weights: graph
                .priority
                .iter()
                .map(|&i| (CRITERIA[i].to_string(), graph.units[i].to_string()))
                .collect(),
            input: sha(&input_text(t, round, mode)),
            pairing: sha(&pairing_text(t, r)),
            manual,
            hash: String::new(),
        };
        c.hash = c.seal();
        c
    }

    /// SHA-256 (hex) over the certificate's fields in a fixed text form: the round, the seed,
    /// the settings and the weights to avoid pairs (as RON), every criterion's weight, the
    /// input and pairing hashes, and whether it was paired by hand.
    pub fn seal(&self) -> String {
        let weights: Vec<String> = self
            .weights
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        sha(&format!(
            "tianyuan pairing certificate 1\nround {}\nseed {}\nsettings {}\navoid {}\nweights {}\ninput {}\npairing {}\nmanual {}\n",
            self.round,
            self.seed,
            ron_text(&self.mode),
            ron_text(&self.avoid),
            weights.join(" "),
            self.input,
            self.pairing,
            self.manual
        ))
    }

    /// The certificate as text for people.
    pub fn text(&self) -> String {
        let weights: Vec<String> = self
            .weights
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        format!(
            "round {}{}\nseed {}\nsettings {}; avoid {}\nweights {}\ninput sha256 {}\npairing sha256 {}\ncertificate sha256 {}\n",
            self.round,
            if self.manual { " (paired by hand)" } else { "" },
            self.seed,
            mode_text(&self.mode),
            self.avoid.text(),
            weights.join(" "),
            self.input,
            self.pairing,
            if self.hash.is_empty() {
                "-"
            } else {
                &self.hash
            }
        )
    }
}

/// A value as RON text, for the seal (every field, whatever the settings hold).
fn ron_text<T: serde::Serialize>(x: &T) -> String {
    ron::to_string(x).unwrap_or_default()
}

/// What re-running a round's pairing showed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Verification {
    /// Whether the round verifies: the certificate is intact, and the re-run gives the
    /// published pairing (a round paired by hand: it still keeps the event's rules).
    pub same: bool,
    /// What differs (empty when the same), and notes.
    pub findings: Vec<String>,
    /// What of the certificate was tampered with or does not match the file: `hash`,
    /// `round`, `seed`, `settings`, `weights`, `pairing` (empty when intact).
    pub tampered: Vec<&'static str>,
    /// Whether the certificate says the round was paired by hand.
    pub manual: bool,
}

impl Verification {
    fn tamper(&mut self, what: &'static str, message: String) {
        if !self.tampered.contains(&what) {
            self.tampered.push(what);
        }
        self.findings.push(format!("{what}: {message}"));
    }
}

/// The first 12 hex digits, for messages.
fn short(h: &str) -> &str {
    h.get(..12).unwrap_or(h)
}

/// Checks the certificate itself against its seal, the event's seed and settings (issue 28).
fn check_certificate(t: &Tournament, round: u32, c: &Certificate, v: &mut Verification) {
    if c.hash.is_empty() {
        v.findings.push(
            "note: the certificate has no hash (written before certificates were sealed); its seed, settings, weights and pairing are checked one by one".into(),
        );
    } else {
        let seal = c.seal();
        if seal != c.hash {
            v.tamper(
                "hash",
                format!(
                    "the certificate's hash {}… is not the hash of its contents {}…: it was edited after it was written",
                    short(&c.hash),
                    short(&seal)
                ),
            );
        }
    }
    if c.round != round {
        v.tamper(
            "round",
            format!(
                "the certificate is round {}'s, not round {round}'s",
                c.round
            ),
        );
    }
    if c.seed != t.seed {
        v.tamper(
            "seed",
            format!(
                "the certificate's seed {} is not the event's {}",
                c.seed, t.seed
            ),
        );
    }
    let (mode, avoid) = settings_at(t, round);
    if c.mode != mode {
        v.tamper(
            "settings",
            format!(
                "the certificate says {}; the event paired round {round} with {}",
                mode_text(&c.mode),
                mode_text(&mode)
            ),
        );
    }
    if c.avoid != avoid {
        v.tamper(
            "settings",
            format!(
                "the certificate's pairs to avoid are {}; the event's were {}",
                c.avoid.text(),
                avoid.text()
            ),
        );
    }
}

/// The lines of `a` not in `b` and the other way round, as findings.
fn line_differences(published: &str, rerun: &str, findings: &mut Vec<String>) {
    let old: Vec<&str> = published.lines().collect();
    let new: Vec<&str> = rerun.lines().collect();
    for l in &old {
        if !new.contains(l) {
            findings.push(format!("published, not re-run: {l}"));
        }
    }
    for l in &new {
        if !old.contains(l) {
            findings.push(format!("re-run, not published: {l}"));
        }
    }
}

/// Re-runs the pairing of round `round` from the file: the rounds before it, the players, the
/// seed and (when the round has one) its certificate's settings, after checking the
/// certificate itself — its hash over its own fields, its seed and settings against the
/// event's, its weights against the re-run's, its pairing hash against the published round.
/// A round paired by hand is checked against the event's rules instead of the engine. For
/// rounds without a certificate the event's own pairing is re-run.
pub fn verify(t: &Tournament, round: u32) -> Result<Verification, TournamentError> {
    let Some(published) = t.round(round) else {
        return Err(TournamentError(format!("round {round} is not published")));
    };
    let mut before = t.clone();
    before.played.retain(|r| r.number < round);
    let mut v = Verification::default();
    let Some(c) = &published.certificate else {
        v.findings
            .push("this round has no certificate; the event's pairing is re-run".into());
        let rerun = before.propose(round)?;
        let (a, b) = (pairing_text(t, published), pairing_text(t, &rerun));
        v.same = a == b;
        if !v.same {
            line_differences(&a, &b, &mut v.findings);
        }
        return Ok(v);
    };
    v.manual = c.manual;
    check_certificate(t, round, c, &mut v);
    let mut with_seed = before.clone();
    with_seed.seed = c.seed;
    // The input as the event itself gives it (its seed, the settings of the round's time):
    // whether the file's data changed since, whatever the certificate now says.
    let event_mode = settings_at(t, round).0;
    let input_same = sha(&input_text(&before, round, &event_mode)) == c.input;
    let settings_intact = !v.tampered.iter().any(|x| matches!(*x, "seed" | "settings"));
    if !input_same {
        v.findings.push(
            "input: the file's data before this round is not what the pairing read (a rank, a result or a player changed since)".into(),
        );
    }
    let published_text = pairing_text(t, published);
    if sha(&published_text) != c.pairing {
        v.tamper(
            "pairing",
            "the published pairing is not the one the certificate was made for (a line of it was changed)".into(),
        );
    }
    // A round certified under an earlier order of the criteria re-runs under it.
    let order = super::graph::priority_of_keys(c.weights.iter().map(|(k, _)| k.as_str()))
        .unwrap_or(super::graph::PRIORITY);
    let rerun = mcmahon::pair_in_order(&with_seed, round, &c.mode, &c.avoid, order)?;
    if let Some(rc) = &rerun.certificate
        && input_same
        && settings_intact
    {
        for (k, mine) in &c.weights {
            match rc.weights.iter().find(|(x, _)| x == k) {
                Some((_, theirs)) if mine != theirs => v.tamper(
                    "weights",
                    format!("{k} is {mine} in the certificate, {theirs} recomputed"),
                ),
                Some(_) => {}
                None => v.tamper("weights", format!("{k} is not a criterion of the pairing")),
            }
        }
        let keys = |w: &[(String, String)]| w.iter().map(|(k, _)| k.clone()).collect::<Vec<_>>();
        if c.weights.len() == rc.weights.len() && keys(&c.weights) != keys(&rc.weights) {
            v.tamper(
                "weights",
                "the criteria are listed in an order no pairing used".into(),
            );
        }
        if c.weights.len() != rc.weights.len() {
            v.tamper(
                "weights",
                format!(
                    "the certificate has {} weights, the pairing {}",
                    c.weights.len(),
                    rc.weights.len()
                ),
            );
        }
    }
    let rerun_text = pairing_text(t, &rerun);
    if c.manual {
        let differ = published_text
            .lines()
            .filter(|l| !rerun_text.lines().any(|x| x == *l))
            .count();
        v.findings.push(format!(
            "manual: round {round} was paired by hand (a manual certificate); the engine would pair {differ} of its lines differently"
        ));
        let faults = super::manual::faults(&before, published, &c.mode);
        for f in &faults {
            v.findings.push(format!("rules: {f}"));
        }
        v.same = faults.is_empty() && v.tampered.is_empty();
    } else {
        let same_pairing = published_text == rerun_text;
        if !same_pairing {
            line_differences(&published_text, &rerun_text, &mut v.findings);
        }
        v.same = same_pairing && v.tampered.is_empty();
    }
    Ok(v)
}
