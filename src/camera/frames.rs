//! Frames from files: decoding a PNG or JPEG still into a [`Picture`], and writing one back
//! (the synthetic test frames, `--keep-frames`). The only file I/O of the camera's reading.

use super::picture::Picture;
use std::path::Path;

/// Why a frame file could not be read.
#[derive(Debug)]
pub struct FrameError {
    /// The file.
    pub path: std::path::PathBuf,
    /// What went wrong, for the user.
    pub reason: String,
}

impl std::fmt::Display for FrameError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.path.display(), self.reason)
    }
}

impl std::error::Error for FrameError {}

/// Decodes the image file at `path` (PNG or JPEG, by content) as RGB.
pub fn load_picture(path: &Path) -> Result<Picture, FrameError> {
    let err = |reason: String| FrameError {
        path: path.to_path_buf(),
        reason,
    };
    let bytes = std::fs::read(path).map_err(|e| err(e.to_string()))?;
    decode_picture(&bytes).map_err(err)
}

/// Decodes PNG or JPEG bytes as RGB.
pub fn decode_picture(bytes: &[u8]) -> Result<Picture, String> {
    let img = image::load_from_memory(bytes)
        .map_err(|e| format!("not a PNG or JPEG picture that can be read ({e})"))?;
    let rgb = img.to_rgb8();
    let (w, h) = rgb.dimensions();
    if w == 0 || h == 0 {
        return Err("the picture is empty".into());
    }
    Picture::from_rgb(w, h, rgb.into_raw())
        .ok_or_else(|| "the picture's size is inconsistent".into())
}

/// Encodes a picture as PNG bytes.
pub fn encode_png(picture: &Picture) -> Result<Vec<u8>, String> {
    encode(picture, image::ImageFormat::Png)
}

/// Encodes a picture as JPEG bytes at `quality` (1–100).
pub fn encode_jpeg(picture: &Picture, quality: u8) -> Result<Vec<u8>, String> {
    let buf = image::RgbImage::from_raw(picture.width, picture.height, picture.rgb.clone())
        .ok_or("the picture's size is inconsistent")?;
    let mut out = Vec::new();
    let enc = image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, quality.clamp(1, 100));
    buf.write_with_encoder(enc).map_err(|e| e.to_string())?;
    Ok(out)
}

fn encode(picture: &Picture, format: image::ImageFormat) -> Result<Vec<u8>, String> {
    let buf = image::RgbImage::from_raw(picture.width, picture.height, picture.rgb.clone())
        .ok_or("the picture's size is inconsistent")?;
    let mut out = std::io::Cursor::new(Vec::new());
    buf.write_to(&mut out, format).map_err(|e| e.to_string())?;
    Ok(out.into_inner())
}
