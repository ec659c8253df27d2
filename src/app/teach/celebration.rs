//! The little celebration after a win: confetti and stars falling for a few seconds. The
//! particles are a pure function of the time since the win (no state, no frame deltas), so a
//! stalled frame just skips ahead and a test can ask what is shown at any instant.

use crate::ai::SplitMix64;

/// How long the celebration plays, in milliseconds.
pub const CELEBRATION_MS: u64 = 4_000;

/// Frames a second while it plays (it asks for repaints only then).
pub const CELEBRATION_FPS: u64 = 30;

/// The number of pieces.
const PIECES: usize = 90;

/// One piece of confetti (or a star) at one instant, in the unit square of the area it falls
/// over (x right, y down).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Piece {
    /// 0 … 1 across.
    pub x: f32,
    /// 0 … 1 down (may start above 0 and end below 1).
    pub y: f32,
    /// Turn, in radians.
    pub angle: f32,
    /// Which colour of the palette.
    pub hue: usize,
    /// A star (else a strip of paper).
    pub star: bool,
    /// Size as a share of the area's shorter side.
    pub size: f32,
    /// 1 while playing, fading to 0 over the last second.
    pub alpha: f32,
}

/// The pieces shown `elapsed_ms` after the win; empty once the celebration is over.
pub fn pieces(elapsed_ms: u64, seed: u64) -> Vec<Piece> {
    if elapsed_ms >= CELEBRATION_MS {
        return Vec::new();
    }
    let t = elapsed_ms as f32 / 1000.0;
    let fade = ((CELEBRATION_MS - elapsed_ms) as f32 / 1000.0).min(1.0);
    let mut rng = SplitMix64::new(seed);
    (0..PIECES)
        .map(|i| {
            let x0 = rng.unit() as f32;
            let delay = rng.unit() as f32 * 0.8;
            let speed = 0.25 + rng.unit() as f32 * 0.3;
            let sway = 0.02 + rng.unit() as f32 * 0.04;
            let spin = (rng.unit() as f32 - 0.5) * 8.0;
            let tt = (t - delay).max(0.0);
            Piece {
                x: x0 + (tt * 3.0 + i as f32).sin() * sway,
                y: -0.05 + tt * speed,
                angle: spin * tt,
                hue: i % PALETTE_SIZE,
                star: i % 4 == 0,
                size: 0.012 + rng.unit() as f32 * 0.014,
                alpha: fade,
            }
        })
        .collect()
}

/// How many colours the painter's palette has.
pub const PALETTE_SIZE: usize = 6;

/// Whether the celebration started at `start_ms` still plays at `now_ms`.
pub fn playing(start_ms: u64, now_ms: u64) -> bool {
    now_ms.saturating_sub(start_ms) < CELEBRATION_MS && now_ms >= start_ms
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn confetti_falls_then_stops() {
        let early = pieces(100, 1);
        let later = pieces(2_000, 1);
        assert_eq!(early.len(), PIECES);
        let mean = |v: &[Piece]| v.iter().map(|p| p.y).sum::<f32>() / v.len() as f32;
        assert!(mean(&later) > mean(&early));
        assert!(pieces(CELEBRATION_MS, 1).is_empty());
        assert!(
            pieces(CELEBRATION_MS - 100, 1)
                .iter()
                .all(|p| p.alpha < 0.2)
        );
        assert!(playing(1_000, 1_000) && playing(1_000, 4_999) && !playing(1_000, 5_000));
    }
}
