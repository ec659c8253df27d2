//! The engine's estimate of a position: GNU Go's `estimate_score`, KataGo's `kata-analyze`,
//! Leela Zero's `lz-analyze`, or `final_score` for engines with nothing better — chosen from
//! what `list_commands` offers.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use super::error::EngineError;
use super::gtp_engine::{Flow, GtpEngine};
use crate::rules::Color;

/// An estimate from Black's point of view.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// Black's lead in points (komi included; negative when White leads), when the engine
    /// gives a score.
    pub black_lead: Option<f64>,
    /// Black's chance of winning, 0 to 1, when the engine gives one.
    pub black_winrate: Option<f64>,
}

impl Estimate {
    /// The value a graph and the swings use: the lead in points when there is one, else the
    /// winrate as a percentage above or below 50 (so both read "positive = Black better").
    pub fn value(&self) -> Option<f64> {
        self.black_lead
            .or(self.black_winrate.map(|w| (w - 0.5) * 100.0))
    }

    /// The same estimate from `color`'s point of view.
    pub fn value_for(&self, color: Color) -> Option<f64> {
        let v = self.value()?;
        Some(match color {
            Color::Black => v,
            Color::White => -v,
        })
    }
}

/// How an engine is asked for its estimate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// KataGo: `kata-analyze`, a short search giving the score lead and the winrate.
    KataAnalyze,
    /// Leela Zero: `lz-analyze`, a short search giving the winrate.
    LzAnalyze,
    /// GNU Go: `estimate_score`, its static estimate (no search, fast).
    EstimateScore,
    /// Any other engine: `final_score` of the position as it stands (Pachi answers quickly;
    /// GNU Go would take minutes mid-game, which is why it gets `estimate_score`).
    FinalScore,
}

/// How long and how deep an analysis may run.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AnalysisLimits {
    /// The time a searching engine gets per position.
    pub budget: Duration,
    /// A searching engine stops as soon as its best move has this many visits.
    pub visits: u32,
    /// The time-out of a one-shot command (`estimate_score`, `final_score`).
    pub timeout: Duration,
}

impl Default for AnalysisLimits {
    fn default() -> AnalysisLimits {
        AnalysisLimits {
            budget: Duration::from_secs(2),
            visits: 400,
            timeout: Duration::from_secs(30),
        }
    }
}

impl Method {
    /// The best method among the engine's commands (as `list_commands` lists them).
    pub fn choose(commands: &[String]) -> Option<Method> {
        let has = |name: &str| commands.iter().any(|c| c.trim() == name);
        [
            ("kata-analyze", Method::KataAnalyze),
            ("lz-analyze", Method::LzAnalyze),
            ("estimate_score", Method::EstimateScore),
            ("final_score", Method::FinalScore),
        ]
        .into_iter()
        .find(|(name, _)| has(name))
        .map(|(_, m)| m)
    }

    /// Whether the estimates account for the side to move (a search) or not (a static
    /// count, whose series zigzags with each move's tempo).
    pub fn tempo(self) -> super::swings::Tempo {
        match self {
            Method::KataAnalyze | Method::LzAnalyze => super::swings::Tempo::Included,
            Method::EstimateScore | Method::FinalScore => super::swings::Tempo::Static,
        }
    }

    /// The GTP command behind the method.
    pub fn command_name(self) -> &'static str {
        match self {
            Method::KataAnalyze => "kata-analyze",
            Method::LzAnalyze => "lz-analyze",
            Method::EstimateScore => "estimate_score",
            Method::FinalScore => "final_score",
        }
    }

    /// Asks the engine, whose board holds the position, with `to_move` to play. `cancel` stops
    /// a search early (the estimate so far is kept). `Ok(None)`: the engine gave nothing usable.
    pub fn estimate(
        self,
        engine: &mut dyn GtpEngine,
        to_move: Color,
        limits: &AnalysisLimits,
        cancel: &AtomicBool,
    ) -> Result<Option<Estimate>, EngineError> {
        match self {
            Method::EstimateScore | Method::FinalScore => {
                let text = engine.command(self.command_name(), limits.timeout)?;
                Ok(parse_score(&text).map(|lead| Estimate {
                    black_lead: Some(lead),
                    black_winrate: None,
                }))
            }
            Method::KataAnalyze | Method::LzAnalyze => {
                let colour = match to_move {
                    Color::Black => "B",
                    Color::White => "W",
                };
                // Lines every 0.1 s; the budget ends the search in any case.
                let command = format!("{} {colour} 10", self.command_name());
                let mut best: Option<Info> = None;
                engine.stream(&command, limits.budget, &mut |line| {
                    if let Some(info) = parse_info(line, self) {
                        let enough = info.visits >= u64::from(limits.visits);
                        best = Some(info);
                        if enough {
                            return Flow::Stop;
                        }
                    }
                    if cancel.load(Ordering::Relaxed) {
                        Flow::Stop
                    } else {
                        Flow::Continue
                    }
                })?;
                Ok(best.map(|info| info.for_black(to_move)))
            }
        }
    }
}

/// Reads a score answer: `B+3.5`, `W+11.3 (upper bound: 11.3, lower: 11.3)`, `0`, `Jigo`;
/// Black's lead in points.
pub fn parse_score(text: &str) -> Option<f64> {
    let first = text.split_whitespace().next()?;
    let upper = first.to_ascii_uppercase();
    if upper == "0" || upper == "JIGO" || upper == "DRAW" {
        return Some(0.0);
    }
    let (sign, number) = match upper.split_at_checked(2)? {
        ("B+", n) => (1.0, n),
        ("W+", n) => (-1.0, n),
        _ => return None,
    };
    let points: f64 = number.parse().ok()?;
    points.is_finite().then_some(sign * points)
}

/// The best move's figures in one line of `kata-analyze` / `lz-analyze` output, for the side
/// to move (both engines' default).
#[derive(Clone, Copy, Debug, PartialEq)]
struct Info {
    visits: u64,
    winrate: Option<f64>,
    lead: Option<f64>,
}

impl Info {
    fn for_black(self, to_move: Color) -> Estimate {
        match to_move {
            Color::Black => Estimate {
                black_lead: self.lead,
                black_winrate: self.winrate,
            },
            Color::White => Estimate {
                black_lead: self.lead.map(|l| -l),
                black_winrate: self.winrate.map(|w| 1.0 - w),
            },
        }
    }
}

/// One analysis line holds every candidate move (`info move … order 0 … pv … info move …`);
/// the one with `order 0` (else the first) is the engine's choice and its figures are the
/// position's.
fn parse_info(line: &str, method: Method) -> Option<Info> {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let segments = tokens
        .split(|t| *t == "info")
        .filter(|s| s.first() == Some(&"move"));
    let mut first = None;
    for segment in segments {
        let value = |key: &str| {
            segment
                .windows(2)
                .find(|w| w[0] == key)
                .and_then(|w| w[1].parse::<f64>().ok())
                .filter(|v| v.is_finite())
        };
        let winrate = value("winrate").map(|w| match method {
            // Leela Zero writes hundredths of a percent (4716 = 47.16 %).
            Method::LzAnalyze => w / 10000.0,
            _ => w,
        });
        let info = Info {
            visits: value("visits").map_or(0, |v| v.max(0.0) as u64),
            winrate: winrate.map(|w| w.clamp(0.0, 1.0)),
            lead: value("scoreLead").or_else(|| value("scoreMean")),
        };
        if value("order") == Some(0.0) {
            return Some(info);
        }
        first.get_or_insert(info);
    }
    first
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::scripted::ScriptedEngine;

    #[test]
    fn score_answers_read_as_black_lead() {
        let cases: &[(&str, Option<f64>)] = &[
            ("W+11.3 (upper bound: 11.3, lower: 11.3)", Some(-11.3)),
            ("B+23.6 (upper bound: -23.6, lower: -23.6)", Some(23.6)),
            ("B+3.5", Some(3.5)),
            ("w+0.5", Some(-0.5)),
            ("0", Some(0.0)),
            ("Jigo", Some(0.0)),
            ("", None),
            ("B+", None),
            ("B+x", None),
            ("X+3", None),
            ("B+inf", None),
            ("游", None),
        ];
        for (text, want) in cases {
            assert_eq!(parse_score(text), *want, "{text:?}");
        }
    }

    #[test]
    fn kata_analyze_line_gives_the_order_0_move() {
        let line = "info move D4 visits 30 utility 0.1 winrate 0.40 scoreMean -1.0 scoreLead -1.5 order 1 pv D4 Q16 \
                    info move Q16 visits 120 utility 0.2 winrate 0.45 scoreMean -0.5 scoreLead -0.7 order 0 pv Q16 D4";
        let info = parse_info(line, Method::KataAnalyze).expect("info");
        assert_eq!(info.visits, 120);
        assert_eq!(info.lead, Some(-0.7));
        let black = info.for_black(Color::White);
        assert_eq!(black.black_lead, Some(0.7));
        assert!((black.black_winrate.unwrap_or(0.0) - 0.55).abs() < 1e-9);
    }

    #[test]
    fn lz_analyze_winrate_is_in_hundredths_of_a_percent() {
        let line = "info move D4 visits 7 winrate 4716 prior 1611 lcb 4500 order 0 pv D4 Q16";
        let info = parse_info(line, Method::LzAnalyze).expect("info");
        assert_eq!(info.winrate, Some(0.4716));
        assert_eq!(info.lead, None);
        assert!(parse_info("nothing here", Method::LzAnalyze).is_none());
    }

    #[test]
    fn method_prefers_a_searching_engine() {
        let names = |l: &[&str]| l.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(
            Method::choose(&names(&["play", "estimate_score", "final_score"])),
            Some(Method::EstimateScore)
        );
        assert_eq!(
            Method::choose(&names(&["final_score", "kata-analyze", "lz-analyze"])),
            Some(Method::KataAnalyze)
        );
        assert_eq!(
            Method::choose(&names(&["final_score"])),
            Some(Method::FinalScore)
        );
        assert_eq!(Method::choose(&names(&["play", "genmove"])), None);
    }

    #[test]
    fn streamed_analysis_stops_at_the_visits_asked() {
        let mut engine = ScriptedEngine::new("kata", |c| {
            assert_eq!(c, "kata-analyze W 10");
            Ok(Ok([
                "info move C3 visits 10 winrate 0.6 scoreLead 2 order 0 pv C3",
                "info move C3 visits 500 winrate 0.7 scoreLead 4 order 0 pv C3",
                "info move C3 visits 900 winrate 0.9 scoreLead 9 order 0 pv C3",
            ]
            .join("\n")))
        });
        let limits = AnalysisLimits {
            visits: 400,
            ..AnalysisLimits::default()
        };
        let e = Method::KataAnalyze
            .estimate(&mut engine, Color::White, &limits, &AtomicBool::new(false))
            .expect("estimate")
            .expect("some");
        assert_eq!(e.black_lead, Some(-4.0));
        assert_eq!(e.value_for(Color::White), Some(4.0));
    }
}
