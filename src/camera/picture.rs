//! One camera frame as pixels: 8-bit RGB, row-major, with the few reads every reader needs.
//!
//! Pure: decoding files is [`crate::camera::frames`]' job; this type only holds and samples.

/// An RGB picture, 3 bytes a pixel, rows top first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Picture {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// `width × height × 3` bytes: R, G, B of each pixel, row by row.
    pub rgb: Vec<u8>,
}

impl Picture {
    /// A picture of one colour.
    pub fn filled(width: u32, height: u32, colour: [u8; 3]) -> Picture {
        let n = width as usize * height as usize;
        let mut rgb = Vec::with_capacity(n * 3);
        for _ in 0..n {
            rgb.extend_from_slice(&colour);
        }
        Picture { width, height, rgb }
    }

    /// A picture from raw RGB bytes; `None` when the length does not match the size.
    pub fn from_rgb(width: u32, height: u32, rgb: Vec<u8>) -> Option<Picture> {
        (rgb.len() == width as usize * height as usize * 3).then_some(Picture {
            width,
            height,
            rgb,
        })
    }

    /// The pixel at `(x, y)`; `None` outside the picture.
    pub fn pixel(&self, x: u32, y: u32) -> Option<[u8; 3]> {
        if x >= self.width || y >= self.height {
            return None;
        }
        let i = (y as usize * self.width as usize + x as usize) * 3;
        Some([self.rgb[i], self.rgb[i + 1], self.rgb[i + 2]])
    }

    /// Sets the pixel at `(x, y)` (ignored outside the picture).
    pub fn set_pixel(&mut self, x: u32, y: u32, colour: [u8; 3]) {
        if x >= self.width || y >= self.height {
            return;
        }
        let i = (y as usize * self.width as usize + x as usize) * 3;
        self.rgb[i..i + 3].copy_from_slice(&colour);
    }

    /// The colour at a sub-pixel position, bilinear between the four nearest pixels (the edge
    /// pixels are repeated outside); `None` when the point is more than a pixel outside.
    pub fn sample(&self, x: f64, y: f64) -> Option<[f32; 3]> {
        let (w, h) = (f64::from(self.width), f64::from(self.height));
        if self.width == 0 || self.height == 0 || !(x >= -1.0 && y >= -1.0 && x <= w && y <= h) {
            return None;
        }
        let fx = (x - 0.5).clamp(0.0, w - 1.0);
        let fy = (y - 0.5).clamp(0.0, h - 1.0);
        let (x0, y0) = (fx.floor() as u32, fy.floor() as u32);
        let (x1, y1) = ((x0 + 1).min(self.width - 1), (y0 + 1).min(self.height - 1));
        let (tx, ty) = ((fx - f64::from(x0)) as f32, (fy - f64::from(y0)) as f32);
        let at = |x: u32, y: u32| {
            let i = (y as usize * self.width as usize + x as usize) * 3;
            [
                f32::from(self.rgb[i]),
                f32::from(self.rgb[i + 1]),
                f32::from(self.rgb[i + 2]),
            ]
        };
        let (a, b, c, d) = (at(x0, y0), at(x1, y0), at(x0, y1), at(x1, y1));
        let mut out = [0.0f32; 3];
        for k in 0..3 {
            let top = a[k] + (b[k] - a[k]) * tx;
            let bottom = c[k] + (d[k] - c[k]) * tx;
            out[k] = top + (bottom - top) * ty;
        }
        Some(out)
    }

    /// Luminance (Rec. 601, 0–255) of every pixel, row-major.
    pub fn luma(&self) -> Vec<f32> {
        self.rgb
            .chunks_exact(3)
            .map(|p| 0.299 * f32::from(p[0]) + 0.587 * f32::from(p[1]) + 0.114 * f32::from(p[2]))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sampling_between_pixels_blends_them() {
        let mut p = Picture::filled(2, 1, [0, 0, 0]);
        p.set_pixel(1, 0, [200, 100, 0]);
        let mid = p.sample(1.0, 0.5).expect("inside");
        assert!((mid[0] - 100.0).abs() < 1e-3 && (mid[1] - 50.0).abs() < 1e-3);
        assert_eq!(p.sample(0.5, 0.5), Some([0.0, 0.0, 0.0]));
        assert_eq!(p.sample(-5.0, 0.0), None);
        assert_eq!(Picture::from_rgb(2, 2, vec![0; 11]), None);
    }
}
