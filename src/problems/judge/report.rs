//! What a judge found in one problem: each disagreement with the line that proves it.

use crate::rules::{Color, Move};

/// The kind of a disagreement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FindingKind {
    /// At the end of a right line the goal is not reached (the cut can be reconnected, the
    /// stones can still escape, the group is not alive with the opponent to move).
    RightLineFails,
    /// A right first move has an answer the tree does not show: after it the goal is lost.
    RightMoveAnswered,
    /// A move marked wrong reaches the goal.
    WrongTryWorks,
    /// After a wrong try's refutation the player still reaches the goal: the refutation is
    /// false.
    RefutationFalse,
    /// A first move the tree does not mark reaches the goal too (add it as right, or change
    /// the position).
    UnmarkedMoveWorks,
    /// A move of the tree is illegal.
    Illegal,
    /// A comment states a count (liberties, stones) that the position does not have.
    CountWrong,
    /// The judge could not tell (not a disagreement, but not a proof either).
    Unknown,
}

impl FindingKind {
    /// A short word for the report.
    pub fn word(self) -> &'static str {
        match self {
            FindingKind::RightLineFails => "right line fails",
            FindingKind::RightMoveAnswered => "right move answered",
            FindingKind::WrongTryWorks => "wrong try works",
            FindingKind::RefutationFalse => "refutation false",
            FindingKind::UnmarkedMoveWorks => "unmarked move works",
            FindingKind::Illegal => "illegal move",
            FindingKind::CountWrong => "count wrong",
            FindingKind::Unknown => "not judged",
        }
    }
}

/// One disagreement, with the moves that show it.
#[derive(Clone, Debug, PartialEq)]
pub struct Finding {
    /// What is wrong.
    pub kind: FindingKind,
    /// The line from the start position (colour and move, in order).
    pub line: Vec<(Color, Move)>,
    /// The judge's move that proves it, played after the line (the opponent's saving answer,
    /// or the player's move that still reaches the goal).
    pub proof: Option<(Color, Move)>,
    /// In words.
    pub note: String,
}

impl Finding {
    /// A finding.
    pub fn new(
        kind: FindingKind,
        line: Vec<(Color, Move)>,
        proof: Option<(Color, Move)>,
        note: &str,
    ) -> Finding {
        Finding {
            kind,
            line,
            proof,
            note: note.to_string(),
        }
    }

    /// The line (and the proof after it) in GTP vertices: `W B6, B A5`.
    pub fn moves_text(&self, size: u8) -> String {
        let word = |(c, m): &(Color, Move)| {
            let who = match c {
                Color::Black => "B",
                Color::White => "W",
            };
            let at = match m {
                Move::Play(p) => p.to_gtp(size),
                Move::Pass => "pass".to_string(),
            };
            format!("{who} {at}")
        };
        let mut text: Vec<String> = self.line.iter().map(word).collect();
        if let Some(p) = &self.proof {
            text.push(format!("then {}", word(p)));
        }
        text.join(", ")
    }
}

/// One judge's findings on one problem.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct JudgeReport {
    /// The judge's name.
    pub judge: String,
    /// Disagreements and unanswered questions.
    pub findings: Vec<Finding>,
    /// Questions asked.
    pub questions: usize,
    /// Set when the judge stopped answering (the engine died): the problem is not judged.
    pub error: Option<String>,
}

impl JudgeReport {
    /// An empty report of `judge`.
    pub fn new(judge: String) -> JudgeReport {
        JudgeReport {
            judge,
            ..JudgeReport::default()
        }
    }

    /// Adds a finding (once: the same kind on the same line is said once).
    pub fn push(&mut self, finding: Finding) {
        if !self
            .findings
            .iter()
            .any(|f| f.kind == finding.kind && f.line == finding.line)
        {
            self.findings.push(finding);
        }
    }

    /// Whether the judge agrees with the problem: no disagreement, nothing left unjudged, no
    /// error.
    pub fn agrees(&self) -> bool {
        self.error.is_none() && self.findings.is_empty()
    }

    /// The disagreements (findings other than [`FindingKind::Unknown`]).
    pub fn disagreements(&self) -> impl Iterator<Item = &Finding> {
        self.findings
            .iter()
            .filter(|f| f.kind != FindingKind::Unknown)
    }
}
