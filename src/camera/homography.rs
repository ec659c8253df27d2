//! Plane-to-picture homographies: the board's plane (centimetres, Art. 33) seen through a
//! camera is a projective map to pixels. Fitted by least squares over any number of point
//! pairs (Hartley's normalised direct linear transform with `h33 = 1`).
#![allow(clippy::needless_range_loop)] // small fixed-size linear algebra reads best by index

/// A pair of corresponding points: `(from, to)`.
pub type PointPair = ((f64, f64), (f64, f64));

/// A 3×3 projective map, row-major.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Homography {
    /// The matrix, row-major.
    pub m: [[f64; 3]; 3],
}

impl Homography {
    /// The identity map.
    pub const IDENTITY: Homography = Homography {
        m: [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]],
    };

    /// Where the map sends `(x, y)`; `None` for a point at infinity (behind the camera).
    pub fn apply(&self, x: f64, y: f64) -> Option<(f64, f64)> {
        let m = &self.m;
        let w = m[2][0] * x + m[2][1] * y + m[2][2];
        if w.abs() < 1e-12 || !w.is_finite() {
            return None;
        }
        let u = (m[0][0] * x + m[0][1] * y + m[0][2]) / w;
        let v = (m[1][0] * x + m[1][1] * y + m[1][2]) / w;
        (u.is_finite() && v.is_finite()).then_some((u, v))
    }

    /// The inverse map; `None` when the map is singular.
    pub fn inverse(&self) -> Option<Homography> {
        let a = &self.m;
        let det = a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1])
            - a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0])
            + a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0]);
        if det.abs() < 1e-15 || !det.is_finite() {
            return None;
        }
        let mut inv = [[0.0; 3]; 3];
        for r in 0..3 {
            for c in 0..3 {
                // Cofactor of (c, r) for the adjugate.
                let (r1, r2) = ((c + 1) % 3, (c + 2) % 3);
                let (c1, c2) = ((r + 1) % 3, (r + 2) % 3);
                inv[r][c] = (a[r1][c1] * a[r2][c2] - a[r1][c2] * a[r2][c1]) / det;
            }
        }
        Some(Homography { m: inv })
    }

    /// The map `other ∘ self` (first `self`, then `other`).
    pub fn then(&self, other: &Homography) -> Homography {
        let (a, b) = (&other.m, &self.m);
        let mut m = [[0.0; 3]; 3];
        for r in 0..3 {
            for c in 0..3 {
                m[r][c] = (0..3).map(|k| a[r][k] * b[k][c]).sum();
            }
        }
        Homography { m }
    }

    /// The least-squares homography sending each `from` to its `to` (at least four pairs, no
    /// three of the first four on a line); `None` when the pairs do not determine one.
    pub fn fit(pairs: &[PointPair]) -> Option<Homography> {
        if pairs.len() < 4 {
            return None;
        }
        let (nf, from_norm) = normaliser(pairs.iter().map(|p| p.0))?;
        let (nt, to_norm) = normaliser(pairs.iter().map(|p| p.1))?;
        // Normal equations of the 8 unknowns (h33 = 1) over the normalised pairs.
        let mut ata = [[0.0f64; 8]; 8];
        let mut atb = [0.0f64; 8];
        for &((x, y), (u, v)) in pairs {
            let (x, y) = from_norm(x, y);
            let (u, v) = to_norm(u, v);
            let rows = [
                ([x, y, 1.0, 0.0, 0.0, 0.0, -u * x, -u * y], u),
                ([0.0, 0.0, 0.0, x, y, 1.0, -v * x, -v * y], v),
            ];
            for (row, rhs) in rows {
                for i in 0..8 {
                    atb[i] += row[i] * rhs;
                    for j in 0..8 {
                        ata[i][j] += row[i] * row[j];
                    }
                }
            }
        }
        let h = solve8(ata, atb)?;
        let normalised = Homography {
            m: [[h[0], h[1], h[2]], [h[3], h[4], h[5]], [h[6], h[7], 1.0]],
        };
        // Undo the normalisations: H = Nt⁻¹ · Hn · Nf.
        let full = nf.then(&normalised).then(&nt.inverse()?);
        let scale = full.m[2][2];
        if scale.abs() < 1e-15 || !scale.is_finite() {
            return Some(full);
        }
        let mut m = full.m;
        for row in &mut m {
            for v in row.iter_mut() {
                *v /= scale;
            }
        }
        Some(Homography { m })
    }

    /// Root-mean-square distance between each `to` and where the map sends its `from`.
    pub fn rms_error(&self, pairs: &[PointPair]) -> f64 {
        if pairs.is_empty() {
            return 0.0;
        }
        let sum: f64 = pairs
            .iter()
            .map(|&((x, y), (u, v))| match self.apply(x, y) {
                Some((px, py)) => (px - u).powi(2) + (py - v).powi(2),
                None => f64::INFINITY,
            })
            .sum();
        (sum / pairs.len() as f64).sqrt()
    }
}

/// The similarity moving the points' centroid to 0 and their mean distance to √2, and the
/// function applying it.
#[allow(clippy::type_complexity)]
fn normaliser(
    points: impl Iterator<Item = (f64, f64)> + Clone,
) -> Option<(Homography, impl Fn(f64, f64) -> (f64, f64))> {
    let n = points.clone().count() as f64;
    let (sx, sy) = points
        .clone()
        .fold((0.0, 0.0), |(a, b), (x, y)| (a + x, b + y));
    let (cx, cy) = (sx / n, sy / n);
    let mean = points
        .map(|(x, y)| ((x - cx).powi(2) + (y - cy).powi(2)).sqrt())
        .sum::<f64>()
        / n;
    if mean < 1e-12 || !mean.is_finite() {
        return None;
    }
    let s = std::f64::consts::SQRT_2 / mean;
    let h = Homography {
        m: [[s, 0.0, -s * cx], [0.0, s, -s * cy], [0.0, 0.0, 1.0]],
    };
    Some((h, move |x: f64, y: f64| (s * (x - cx), s * (y - cy))))
}

/// Gaussian elimination with partial pivoting of an 8×8 system.
fn solve8(mut a: [[f64; 8]; 8], mut b: [f64; 8]) -> Option<[f64; 8]> {
    for col in 0..8 {
        let pivot = (col..8).max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))?;
        if a[pivot][col].abs() < 1e-12 {
            return None;
        }
        a.swap(col, pivot);
        b.swap(col, pivot);
        for row in col + 1..8 {
            let f = a[row][col] / a[col][col];
            for k in col..8 {
                a[row][k] -= f * a[col][k];
            }
            b[row] -= f * b[col];
        }
    }
    let mut x = [0.0; 8];
    for row in (0..8).rev() {
        let s: f64 = (row + 1..8).map(|k| a[row][k] * x[k]).sum();
        x[row] = (b[row] - s) / a[row][row];
    }
    x.iter().all(|v| v.is_finite()).then_some(x)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fit_recovers_a_projective_map_and_its_inverse() {
        let truth = Homography {
            m: [[1.3, 0.2, 40.0], [-0.1, 1.1, 25.0], [0.0004, 0.0007, 1.0]],
        };
        let pairs: Vec<PointPair> = (0..19)
            .flat_map(|i| (0..19).map(move |j| (f64::from(i) * 2.3, f64::from(j) * 2.45)))
            .map(|p| (p, truth.apply(p.0, p.1).expect("finite")))
            .collect();
        let fitted = Homography::fit(&pairs).expect("a fit");
        assert!(
            fitted.rms_error(&pairs) < 1e-6,
            "{}",
            fitted.rms_error(&pairs)
        );
        let back = fitted.inverse().expect("invertible");
        let (u, v) = fitted.apply(10.0, 20.0).expect("finite");
        let (x, y) = back.apply(u, v).expect("finite");
        assert!((x - 10.0).abs() < 1e-9 && (y - 20.0).abs() < 1e-9);
        assert!(Homography::fit(&pairs[..3]).is_none());
        let line: Vec<PointPair> = (0..6)
            .map(|i| ((f64::from(i), 0.0), (f64::from(i), 0.0)))
            .collect();
        assert!(Homography::fit(&line).is_none());
    }
}
