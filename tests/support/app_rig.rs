//! The whole window in egui_kittest (issue 29 item 8: one rig for the window's walks): the app
//! on an injected clock and a silent voice, and `settle`, which waits for the runner's threads
//! and lets frames show what they answered.

use std::rc::Rc;
use std::time::Duration;

use eframe::egui;
use egui_kittest::Harness;
use tianyuan::app::TianyuanApp;
use tianyuan::audio::NullAnnouncer;
use tianyuan::clock::Timestamp;
use tianyuan::i18n::Lang;
use tianyuan::time::{ManualTimeSource, TimeSource};

/// The test's hand on the clock, shared with the app.
pub struct SharedTime(pub Rc<ManualTimeSource>);

impl TimeSource for SharedTime {
    fn now(&self) -> Timestamp {
        self.0.now()
    }
}

/// The app in a window of `size` points in `lang`, on the clock `time`, with `voice` (tests
/// read what it was asked to say).
#[allow(dead_code)] // each test file uses the part it needs
pub fn app_harness(
    lang: Lang,
    size: egui::Vec2,
    time: &Rc<ManualTimeSource>,
    voice: &NullAnnouncer,
) -> Harness<'static, TianyuanApp> {
    let (t, v) = (Rc::clone(time), voice.clone());
    Harness::builder().with_size(size).build_eframe(move |cc| {
        TianyuanApp::for_tests(&cc.egui_ctx, lang, Box::new(SharedTime(t)), Box::new(v))
    })
}

/// Waits for the runner's threads (at most 20 s each round) and lets `steps` frames show
/// their answers, `rounds` times (an answer may start another job: a class saved, then read).
#[allow(dead_code)] // each test file uses the part it needs
pub fn settle_rounds(h: &mut Harness<'static, TianyuanApp>, rounds: usize, steps: usize) {
    for _ in 0..rounds {
        assert!(
            h.state_mut().settle(Duration::from_secs(20)),
            "the runner answered"
        );
        h.run_steps(steps);
    }
}

/// [`settle_rounds`] once, with two frames.
#[allow(dead_code)] // each test file uses the part it needs
pub fn settle(h: &mut Harness<'static, TianyuanApp>) {
    settle_rounds(h, 1, 2);
}
