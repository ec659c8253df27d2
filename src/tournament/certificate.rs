//! Pairings anyone can check (issue 19): a certificate stored with each McMahon round says how
//! the pairing was made — the seed, the settings, the weight of each criterion, a SHA-256 of
//! everything the pairing read (every player present with their score, colours, opponents,
//! byes, draw-ups and downs, rank, lot, family, club, city, country) and a SHA-256 of the
//! pairing itself. [`verify`] re-runs the pairing from the file with the certificate's
//! settings and says whether it comes out the same, and if not, where it differs.

use super::mcmahon::{self, AvoidWeights, CRITERIA, Graph, Mode};
use super::model::{Round, Tournament, TournamentError};
use sha2::{Digest, Sha256};
use std::fmt::Write as _;

/// How a round's pairing was made.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Certificate {
    /// The round.
    pub round: u32,
    /// The event's seed (colours the rules leave open are drawn from it and the round).
    pub seed: u64,
    /// The pairing's settings (McMahon bar, floor, handicaps; or a rank exam).
    pub mode: Mode,
    /// The director's weights for pairs to avoid.
    pub avoid: AvoidWeights,
    /// The weight of one unit of each criterion, strongest first, as decimal text.
    pub weights: Vec<(String, String)>,
    /// SHA-256 (hex) of the pairing's input.
    pub input: String,
    /// SHA-256 (hex) of the pairing (boards, colours, handicaps, bye).
    pub pairing: String,
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
        Certificate {
            round,
            seed: t.seed,
            mode: *mode,
            avoid: *avoid,
            weights: CRITERIA
                .iter()
                .zip(graph.units)
                .map(|(k, u)| (k.to_string(), u.to_string()))
                .collect(),
            input: sha(&input_text(t, round, mode)),
            pairing: sha(&pairing_text(t, r)),
        }
    }

    /// The certificate as text for people.
    pub fn text(&self) -> String {
        let mode = match self.mode {
            Mode::McMahon(m) => format!("mcmahon {}", m.text()),
            Mode::Exam => "rank exam".into(),
            Mode::ExamHandicap { correction, max } => {
                format!(
                    "rank exam, odd groups play handicap games (correction {correction} max {max})"
                )
            }
        };
        let weights: Vec<String> = self
            .weights
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        format!(
            "round {}\nseed {}\nsettings {mode}; avoid {}\nweights {}\ninput sha256 {}\npairing sha256 {}\n",
            self.round,
            self.seed,
            self.avoid.text(),
            weights.join(" "),
            self.input,
            self.pairing
        )
    }
}

/// What re-running a round's pairing showed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verification {
    /// Whether the re-run gives the published pairing.
    pub same: bool,
    /// What differs (empty when the same), and notes.
    pub findings: Vec<String>,
}

/// Re-runs the pairing of round `round` from the file: the rounds before it, the players, the
/// seed and (when the round has one) its certificate's settings. For rounds without a
/// certificate the event's own pairing is re-run.
pub fn verify(t: &Tournament, round: u32) -> Result<Verification, TournamentError> {
    let Some(published) = t.round(round) else {
        return Err(TournamentError(format!("round {round} is not published")));
    };
    let mut before = t.clone();
    before.played.retain(|r| r.number < round);
    let mut findings = Vec::new();
    let rerun = match &published.certificate {
        Some(c) => {
            if c.seed != t.seed {
                findings.push(format!(
                    "the certificate's seed {} is not the event's {}",
                    c.seed, t.seed
                ));
            }
            let mut with_seed = before.clone();
            with_seed.seed = c.seed;
            let input = sha(&input_text(&with_seed, round, &c.mode));
            if input != c.input {
                findings.push(
                    "the file's data before this round is not what the pairing read (a rank, a result or a player changed since)".into(),
                );
            }
            if sha(&pairing_text(t, published)) != c.pairing {
                findings.push("the published pairing was changed after it was made".into());
            }
            // A round certified under an earlier order of the criteria re-runs under it.
            let order = super::graph::priority_of_keys(c.weights.iter().map(|(k, _)| k.as_str()))
                .unwrap_or(super::graph::PRIORITY);
            mcmahon::pair_in_order(&with_seed, round, &c.mode, &c.avoid, order)?
        }
        None => {
            findings.push("this round has no certificate; the event's pairing is re-run".into());
            before.propose(round)?
        }
    };
    let a = pairing_text(t, published);
    let b = pairing_text(t, &rerun);
    let same = a == b;
    if !same {
        let old: Vec<&str> = a.lines().collect();
        let new: Vec<&str> = b.lines().collect();
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
    if same && published.certificate.is_some() {
        findings.retain(|f| !f.starts_with("the published pairing was changed"));
    }
    Ok(Verification { same, findings })
}
