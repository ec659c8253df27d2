//! The monitor's physical size, so the real-size board can make a cell 2.3 cm wide (Art. 33).
//!
//! winit does not tell a monitor's size in millimetres, so on X11 we ask the server: RandR
//! gives each output's size in millimetres and its mode in pixels (the primary output first,
//! else the first lit one); the core screen size is the fallback. Servers sometimes report
//! nonsense (0 mm, or a fixed 96 dpi); a density outside 30–600 dpi is refused and the user's
//! calibration is used instead. Wayland has no such query here: the calibration again.
//! On Windows the primary display's device context says its physical size (`GetDeviceCaps`
//! `HORZSIZE`/`VERTSIZE`, as the driver reports the monitor) and its resolution (`DESKTOPHORZRES`/
//! `DESKTOPVERTRES`, physical pixels whatever the DPI scaling), through winsafe's safe calls.
//!
//! The query runs once on a worker thread at start-up ([`query_in_background`]): the UI never
//! waits on the display server.

use std::sync::mpsc::{self, Receiver};
#[cfg(all(unix, not(target_vendor = "apple"), not(target_os = "android")))]
use x11rb::connection::Connection;
#[cfg(all(unix, not(target_vendor = "apple"), not(target_os = "android")))]
use x11rb::protocol::randr::{self, ConnectionExt as _};

/// A monitor's size in pixels and millimetres, as the display server reports it.
#[derive(Clone, Debug, PartialEq)]
pub struct ScreenSize {
    /// Width in physical pixels.
    pub width_px: u32,
    /// Height in physical pixels.
    pub height_px: u32,
    /// Width in millimetres.
    pub width_mm: u32,
    /// Height in millimetres.
    pub height_mm: u32,
    /// The output the figures come from, by the display server's name for it (`HDMI-1`);
    /// `None`: the whole screen or display.
    pub source: Option<String>,
}

/// The lowest and highest plausible densities, in pixels per centimetre (30 and 600 dpi).
const PLAUSIBLE_PX_PER_CM: std::ops::RangeInclusive<f32> = (30.0 / 2.54)..=(600.0 / 2.54);

impl ScreenSize {
    /// Physical pixels per centimetre across the screen, when the figures are plausible.
    pub fn pixels_per_cm(&self) -> Option<f32> {
        if self.width_mm == 0 || self.width_px == 0 {
            return None;
        }
        let ppcm = self.width_px as f32 / (self.width_mm as f32 / 10.0);
        PLAUSIBLE_PX_PER_CM.contains(&ppcm).then_some(ppcm)
    }
}

/// Asks the X server named by `DISPLAY` for the monitor's size.
#[cfg(all(unix, not(target_vendor = "apple"), not(target_os = "android")))]
pub fn query_x11() -> Result<ScreenSize, String> {
    let (conn, screen_num) = x11rb::connect(None).map_err(|e| e.to_string())?;
    let screen = conn
        .setup()
        .roots
        .get(screen_num)
        .ok_or("the X server has no such screen")?;
    let core = ScreenSize {
        width_px: u32::from(screen.width_in_pixels),
        height_px: u32::from(screen.height_in_pixels),
        width_mm: u32::from(screen.width_in_millimeters),
        height_mm: u32::from(screen.height_in_millimeters),
        source: None,
    };
    Ok(randr_output(&conn, screen.root).unwrap_or(core))
}

/// The primary (else the first lit) RandR output's size; `None` without RandR or outputs.
#[cfg(all(unix, not(target_vendor = "apple"), not(target_os = "android")))]
fn randr_output(conn: &impl Connection, root: u32) -> Option<ScreenSize> {
    let resources = conn
        .randr_get_screen_resources_current(root)
        .ok()?
        .reply()
        .ok()?;
    let primary = conn
        .randr_get_output_primary(root)
        .ok()
        .and_then(|c| c.reply().ok())
        .map(|r| r.output);
    let mut order: Vec<u32> = primary.into_iter().collect();
    order.extend(resources.outputs.iter().copied());
    for output in order {
        let Some(info) = conn
            .randr_get_output_info(output, resources.config_timestamp)
            .ok()
            .and_then(|c| c.reply().ok())
        else {
            continue;
        };
        if info.crtc == 0 || info.connection != randr::Connection::CONNECTED {
            continue;
        }
        let Some(crtc) = conn
            .randr_get_crtc_info(info.crtc, resources.config_timestamp)
            .ok()
            .and_then(|c| c.reply().ok())
        else {
            continue;
        };
        let size = ScreenSize {
            width_px: u32::from(crtc.width),
            height_px: u32::from(crtc.height),
            width_mm: info.mm_width,
            height_mm: info.mm_height,
            source: Some(String::from_utf8_lossy(&info.name).into_owned()),
        };
        if size.pixels_per_cm().is_some() {
            return Some(size);
        }
    }
    None
}

/// Asks the Windows display driver for the primary display's size.
#[cfg(windows)]
pub fn query_windows() -> Result<ScreenSize, String> {
    use winsafe::{HWND, co};
    let dc = HWND::DESKTOP.GetDC().map_err(|e| e.to_string())?;
    let cap = |index| u32::try_from(dc.GetDeviceCaps(index)).unwrap_or(0);
    Ok(ScreenSize {
        width_px: cap(co::GDC::DESKTOPHORZRES),
        height_px: cap(co::GDC::DESKTOPVERTRES),
        width_mm: cap(co::GDC::HORZSIZE),
        height_mm: cap(co::GDC::VERTSIZE),
        source: None,
    })
}

/// The monitor's size from this system's display server, or why there is none.
pub fn query() -> Result<ScreenSize, String> {
    #[cfg(windows)]
    {
        query_windows()
    }
    #[cfg(all(unix, not(target_vendor = "apple"), not(target_os = "android")))]
    {
        if std::env::var_os("DISPLAY").is_some() {
            query_x11()
        } else {
            Err("not an X11 display".to_owned())
        }
    }
    #[cfg(not(any(
        windows,
        all(unix, not(target_vendor = "apple"), not(target_os = "android"))
    )))]
    {
        Err("no monitor size on this system".to_owned())
    }
}

/// Starts the query on a worker thread; the answer (or why there is none) arrives on the
/// returned channel, and `wake` is called when it does (to repaint).
pub fn query_in_background(
    wake: impl FnOnce() + Send + 'static,
) -> Receiver<Result<ScreenSize, String>> {
    let (tx, rx) = mpsc::channel();
    let spawned = std::thread::Builder::new()
        .name("tianyuan-screen-size".into())
        .spawn(move || {
            let _ = tx.send(query());
            wake();
        });
    if let Err(e) = spawned {
        // No thread: the receiver's sender is gone with the closure; say why instead.
        let (tx, rx) = mpsc::channel();
        let _ = tx.send(Err(e.to_string()));
        return rx;
    }
    rx
}

#[cfg(test)]
mod tests {
    use super::*;

    fn size(width_px: u32, width_mm: u32) -> ScreenSize {
        ScreenSize {
            width_px,
            height_px: 1080,
            width_mm,
            height_mm: 300,
            source: None,
        }
    }

    #[test]
    fn density_from_a_real_monitor() {
        // A 24-inch 1920×1080 monitor is about 531 mm wide: 36.2 px/cm (92 dpi).
        let ppcm = size(1920, 531).pixels_per_cm().unwrap_or(0.0);
        assert!((ppcm - 36.16).abs() < 0.05, "{ppcm}");
    }

    #[test]
    fn nonsense_sizes_are_refused() {
        assert_eq!(size(1920, 0).pixels_per_cm(), None);
        assert_eq!(size(0, 500).pixels_per_cm(), None);
        // 1920 px over 5 m, and over 1 cm.
        assert_eq!(size(1920, 5000).pixels_per_cm(), None);
        assert_eq!(size(1920, 10).pixels_per_cm(), None);
    }
}
