//! Stones as small textures drawn at the exact pixel size of the board, one quad each.
//!
//! Painting a stone as anti-aliased circles costs a few hundred vertices and a tessellation
//! every frame; a full 361-stone board then took 4–5 ms a frame. A sprite is four vertices.
//! The images are computed here (analytic anti-aliasing and a soft light from the upper left,
//! like stones under a lamp) at the stone's size in physical pixels, so they stay sharp without
//! mipmaps, and are rebuilt only when that size changes (a window resize, a zoom).

use super::theme;
use crate::rules::Color;
use eframe::egui::{
    Color32, ColorImage, Id, Mesh, Painter, Pos2, Rect, Shape, TextureHandle, TextureOptions, Vec2,
};

/// Extra texels around the disc, so the anti-aliased edge is never clipped by the quad.
const PAD: usize = 1;

/// The largest sprite side in texels (a stone on a 4K projector is well below this).
const MAX_SIDE: usize = 512;

/// The image of one stone whose diameter is `diameter` texels, on a transparent square.
///
/// Black stones are nearly black with a soft highlight up and left; white stones are warm
/// white, a little darker towards the lower right, with a thin grey rim so they stand out on
/// light wood.
pub fn stone_image(color: Color, diameter: f32) -> ColorImage {
    let d = if diameter.is_finite() {
        diameter.clamp(1.0, (MAX_SIDE - 2 * PAD) as f32)
    } else {
        1.0
    };
    let side = (d.ceil() as usize + 2 * PAD).min(MAX_SIDE);
    let r = d / 2.0;
    let centre = side as f32 / 2.0;
    let mut pixels = Vec::with_capacity(side * side);
    for py in 0..side {
        for px in 0..side {
            let dx = px as f32 + 0.5 - centre;
            let dy = py as f32 + 0.5 - centre;
            let dist = (dx * dx + dy * dy).sqrt();
            let coverage = (r - dist + 0.5).clamp(0.0, 1.0);
            if coverage <= 0.0 {
                pixels.push(Color32::TRANSPARENT);
                continue;
            }
            let (nx, ny) = (dx / r, dy / r);
            let rgb = shade(color, nx, ny, dist / r, r);
            let a = (coverage * 255.0).round() as u8;
            pixels.push(Color32::from_rgba_unmultiplied(rgb[0], rgb[1], rgb[2], a));
        }
    }
    ColorImage::new([side, side], pixels)
}

/// The colour of a stone at the normalised offset (`nx`, `ny`) from its centre, `rho` the
/// distance from the centre in radii, `r` the radius in texels.
fn shade(color: Color, nx: f32, ny: f32, rho: f32, r: f32) -> [u8; 3] {
    // Light from the upper left: the highlight centre.
    let (hx, hy) = (nx + 0.38, ny + 0.38);
    let near_light = (-(hx * hx + hy * hy) / 0.12).exp();
    match color {
        Color::Black => {
            let base = [
                theme::BLACK_STONE.r(),
                theme::BLACK_STONE.g(),
                theme::BLACK_STONE.b(),
            ];
            base.map(|c| (f32::from(c) + 62.0 * near_light).min(255.0) as u8)
        }
        Color::White => {
            let base = [
                theme::WHITE_STONE.r(),
                theme::WHITE_STONE.g(),
                theme::WHITE_STONE.b(),
            ];
            // Darker away from the light, and a rim about one texel (at least) wide.
            let away = ((nx + ny) * 0.5 + 0.5).clamp(0.0, 1.0) * rho;
            let rim_width = (1.2 / r).max(0.045);
            let rim = ((rho - (1.0 - rim_width)) / rim_width).clamp(0.0, 1.0);
            let rim_rgb = [
                theme::WHITE_RIM.r(),
                theme::WHITE_RIM.g(),
                theme::WHITE_RIM.b(),
            ];
            let mut out = [0u8; 3];
            for ((o, b), rc) in out.iter_mut().zip(base).zip(rim_rgb) {
                let lit = f32::from(b) - 34.0 * away + 8.0 * near_light;
                *o = (lit * (1.0 - rim) + f32::from(rc) * rim).clamp(0.0, 255.0) as u8;
            }
            out
        }
    }
}

/// The two stone textures at one pixel size, kept in egui's memory between frames.
#[derive(Clone)]
struct Sprites {
    /// Diameter in physical pixels they were made for.
    diameter_px: u32,
    black: TextureHandle,
    white: TextureHandle,
}

/// The sprites for stones `radius` points wide on `painter`'s screen, made if needed.
fn sprites(painter: &Painter, radius: f32) -> Sprites {
    let ctx = painter.ctx();
    let ppp = ctx.pixels_per_point();
    let diameter_px = (2.0 * radius * ppp).round().max(1.0) as u32;
    let id = Id::unique("tianyuan-stone-sprites");
    if let Some(s) = ctx.data(|d| d.get_temp::<Sprites>(id))
        && s.diameter_px == diameter_px
    {
        return s;
    }
    let d = diameter_px as f32;
    let make = |name: &str, color: Color| {
        ctx.load_texture(name, stone_image(color, d), TextureOptions::LINEAR)
    };
    let s = Sprites {
        diameter_px,
        black: make("stone-black", Color::Black),
        white: make("stone-white", Color::White),
    };
    ctx.data_mut(|data| data.insert_temp(id, s.clone()));
    s
}

/// Stones to draw in one batch: each stone a quad, one mesh per colour.
pub struct StoneBatch {
    radius: f32,
    sprites: Sprites,
    black: Mesh,
    white: Mesh,
}

impl StoneBatch {
    /// An empty batch for stones `radius` points wide, drawn later with `painter`.
    pub fn new(painter: &Painter, radius: f32) -> StoneBatch {
        let sprites = sprites(painter, radius);
        StoneBatch {
            radius,
            black: Mesh::with_texture(sprites.black.id()),
            white: Mesh::with_texture(sprites.white.id()),
            sprites,
        }
    }

    /// Adds a stone of `color` centred on `at`; `tint` multiplies it (white for a normal stone,
    /// a translucent white for a ghost).
    pub fn add(&mut self, at: Pos2, color: Color, tint: Color32) {
        // The texture has PAD texels around the disc: grow the quad by the same amount.
        let d = self.sprites.diameter_px as f32;
        let side = d.ceil() + 2.0 * PAD as f32;
        let half = self.radius * side / d;
        let rect = Rect::from_center_size(at, Vec2::splat(2.0 * half));
        let uv = Rect::from_min_max(Pos2::ZERO, Pos2::new(1.0, 1.0));
        let mesh = match color {
            Color::Black => &mut self.black,
            Color::White => &mut self.white,
        };
        mesh.add_rect_with_uv(rect, uv, tint);
    }

    /// Paints the batch.
    pub fn paint(self, painter: &Painter) {
        for mesh in [self.black, self.white] {
            if !mesh.is_empty() {
                painter.add(Shape::mesh(mesh));
            }
        }
    }
}

/// Paints the translucent stone of `color` that a click at `at` would put (the ghost under
/// the pointer), `radius` points wide.
pub fn paint_ghost(painter: &Painter, at: Pos2, radius: f32, color: Color) {
    let mut ghost = StoneBatch::new(painter, radius);
    // egui colours are premultiplied: a white tint scaled by alpha fades the whole sprite.
    ghost.add(at, color, Color32::WHITE.gamma_multiply(theme::GHOST_ALPHA));
    ghost.paint(painter);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn alpha_at(img: &ColorImage, x: usize, y: usize) -> u8 {
        img.pixels[y * img.size[0] + x].a()
    }

    #[test]
    fn a_stone_is_an_opaque_disc_on_a_clear_square() {
        for d in [7.0, 24.0, 57.3, 120.0] {
            let img = stone_image(Color::Black, d);
            let side = img.size[0];
            assert_eq!(img.size, [side, side]);
            assert!(side >= d as usize + 2, "room for the edge at {d}");
            let mid = side / 2;
            assert_eq!(alpha_at(&img, mid, mid), 255, "centre opaque at {d}");
            assert_eq!(alpha_at(&img, 0, 0), 0, "corner clear at {d}");
            // The disc's area is close to π r².
            let covered: f32 = img.pixels.iter().map(|p| f32::from(p.a()) / 255.0).sum();
            let expected = std::f32::consts::PI * d * d / 4.0;
            assert!(
                (covered - expected).abs() / expected < 0.03,
                "area {covered} vs {expected} at {d}"
            );
        }
    }

    #[test]
    fn light_falls_from_the_upper_left() {
        for color in [Color::Black, Color::White] {
            let img = stone_image(color, 60.0);
            let side = img.size[0];
            let upper_left = img.pixels[(side / 3) * side + side / 3];
            let lower_right = img.pixels[(2 * side / 3) * side + 2 * side / 3];
            assert!(upper_left.r() > lower_right.r(), "{color:?}");
        }
        let black = stone_image(Color::Black, 60.0);
        let white = stone_image(Color::White, 60.0);
        let mid = 31 * black.size[0] + 31;
        assert!(black.pixels[mid].r() < 100 && white.pixels[mid].r() > 200);
    }

    #[test]
    fn absurd_sizes_are_clamped_not_a_panic() {
        assert_eq!(stone_image(Color::White, 0.0).size[0], 3);
        assert_eq!(stone_image(Color::White, f32::NAN).size[0], 3);
        assert_eq!(stone_image(Color::White, 1e9).size[0], MAX_SIDE);
    }
}
