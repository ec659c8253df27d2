//! The talking clock: the app as the game clock and byo-yomi caller beside a physical board
//! (Art. 33.3–33.4), with nothing entered on a screen board.
//!
//! Two big faces like a real game clock, each with its own button (a key, or a click on the
//! face); space presses for the side to move. Pause and resume (Art. 14), the capture-removal
//! stop in byo-yomi (Art. 23.4), and "ask my time" (Art. 16.1), which speaks the minutes left.
//!
//! As STYLE.md §4 asks, the view only turns input into [`TalkAction`]s, and
//! [`TalkingClock::apply`] changes the state, so every behaviour is tested without egui. After
//! every change the voice gets the clock's upcoming calls, replacing what was pending; the
//! voice's own thread speaks them on time, whatever the frame rate.

use crate::audio::{Announcer, calls_of};
use crate::clock::{
    AnnounceSettings, ClockError, ClockView, GameClock, PauseKind, Phrase, Side, TimeControl,
    Timestamp,
};
use crate::i18n::Lang;
use eframe::egui;

/// The time control a new talking clock starts with: a local event's Chinese byo-yomi.
pub const DEFAULT_SPEC: &str = "chinese:limit=60m,reserve=5";

/// Something the user did to the talking clock.
#[derive(Clone, Debug, PartialEq)]
pub enum TalkAction {
    /// Start the clock of `Side` (Black, or White after handicap stones).
    Start(Side),
    /// Space: end the move of the side to move (starts Black's clock before the start).
    PressToMove,
    /// The button of a side (its key or its face): ends that side's move, if it is to move.
    PressButton(Side),
    /// Stop both clocks (Art. 14), or resume them.
    TogglePause,
    /// Stop the count of the player in byo-yomi who removes captured stones (Art. 23.4).
    CaptureRemoval,
    /// A player asks how much time is left (Art. 16.1): it is spoken.
    AskTime(Side),
    /// A fresh clock with the given time control (a SPEC, as in `clock simulate`).
    SetControl(String),
    /// A fresh clock with the same time control.
    Reset,
    /// The volume, 0 … 1.
    Volume(f32),
    /// Mute or unmute.
    Mute(bool),
}

/// The simple fields that write a SPEC for those who would rather not type one.
#[derive(Clone, Debug, PartialEq)]
pub struct TimeForm {
    /// Which system.
    pub system: System,
    /// Minutes of the whole limit (Chinese) or of main time (others).
    pub minutes: u32,
    /// Reserved minutes (Chinese) or periods (Japanese) or moves per block (Canadian).
    pub count: u32,
    /// Seconds of a period (Chinese, Japanese), of a block (Canadian) or of the increment.
    pub seconds: u32,
}

/// The time systems of the form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum System {
    /// Chinese byo-yomi (Art. 12.2).
    Chinese,
    /// Japanese byo-yomi.
    Japanese,
    /// Canadian byo-yomi.
    Canadian,
    /// Fischer increment.
    Fischer,
    /// Sudden death.
    Sudden,
}

impl System {
    const ALL: [System; 5] = [
        System::Chinese,
        System::Japanese,
        System::Canadian,
        System::Fischer,
        System::Sudden,
    ];

    fn name(self, lang: Lang) -> &'static str {
        match self {
            System::Chinese => lang.pick("中国读秒", "中國讀秒", "Chinese byo-yomi"),
            System::Japanese => lang.pick("日本读秒", "日本讀秒", "Japanese byo-yomi"),
            System::Canadian => lang.pick("加拿大读秒", "加拿大讀秒", "Canadian byo-yomi"),
            System::Fischer => lang.pick("费舍尔加秒", "費雪加秒", "Fischer increment"),
            System::Sudden => lang.pick("包干制", "包乾制", "Sudden death"),
        }
    }
}

impl Default for TimeForm {
    fn default() -> Self {
        TimeForm {
            system: System::Chinese,
            minutes: 60,
            count: 5,
            seconds: 60,
        }
    }
}

impl TimeForm {
    /// The SPEC these fields describe.
    pub fn spec(&self) -> String {
        let (m, n, s) = (self.minutes, self.count, self.seconds);
        match self.system {
            System::Chinese => format!("chinese:limit={m}m,reserve={n},period={s}s"),
            System::Japanese => format!("japanese:main={m}m,periods={n}x{s}s"),
            System::Canadian => format!("canadian:main={m}m,stones={n}/{s}s"),
            System::Fischer => format!("fischer:main={m}m,inc={s}s"),
            System::Sudden => format!("sudden:main={m}m"),
        }
    }
}

/// The clock-only mode: the clock, the voice and the settings of the two buttons.
pub struct TalkingClock {
    clock: GameClock,
    spec: String,
    /// The SPEC field being edited.
    spec_edit: String,
    form: TimeForm,
    /// Which side's face and button are on the left.
    left: Side,
    left_key: egui::Key,
    right_key: egui::Key,
    announcer: Box<dyn Announcer>,
    volume: f32,
    muted: bool,
    lang: Lang,
    /// The last refusal or problem, shown under the faces.
    note: Option<String>,
    /// Shown for as long as it applies, e.g. that there is no sound device.
    audio_note: Option<String>,
}

impl TalkingClock {
    /// Gives back the voice, e.g. when the app leaves the clock-only mode.
    pub fn into_announcer(self) -> Box<dyn Announcer> {
        self.announcer
    }

    /// A stopped clock with [`DEFAULT_SPEC`], speaking through `announcer`.
    pub fn new(announcer: Box<dyn Announcer>, lang: Lang) -> TalkingClock {
        let mut t = TalkingClock {
            clock: default_clock(),
            spec: DEFAULT_SPEC.into(),
            spec_edit: DEFAULT_SPEC.into(),
            form: TimeForm::default(),
            left: Side::Black,
            left_key: egui::Key::Z,
            right_key: egui::Key::M,
            announcer,
            volume: 1.0,
            muted: false,
            lang,
            note: None,
            audio_note: None,
        };
        t.announcer.set_volume(t.volume);
        t
    }

    /// Sets the interface language.
    pub fn set_lang(&mut self, lang: Lang) {
        self.lang = lang;
    }

    /// A lasting note about the voice, e.g. that no sound device was found (`None` clears it).
    pub fn set_audio_note(&mut self, note: Option<String>) {
        self.audio_note = note;
    }

    /// The keys of the left and right buttons.
    pub fn set_keys(&mut self, left: egui::Key, right: egui::Key) {
        self.left_key = left;
        self.right_key = right;
    }

    /// Puts `side` on the left.
    pub fn set_left_side(&mut self, side: Side) {
        self.left = side;
    }

    /// The clock (for the caller's record and for tests).
    pub fn clock(&self) -> &GameClock {
        &self.clock
    }

    /// The SPEC of the running time control.
    pub fn spec(&self) -> &str {
        &self.spec
    }

    /// The last refusal or problem, in the interface language.
    pub fn note(&self) -> Option<&str> {
        self.note.as_deref()
    }

    /// Does what the user asked at `now`. A refused action leaves the clock as it was and
    /// sets [`TalkingClock::note`].
    pub fn apply(&mut self, action: TalkAction, now: Timestamp) {
        self.note = None;
        let result = match action {
            TalkAction::Start(side) => self.clock.start(now, side),
            TalkAction::PressToMove => match self.clock.to_move() {
                None => self.clock.start(now, Side::Black),
                Some(_) => self.clock.press(now).map(drop),
            },
            TalkAction::PressButton(side) => match self.clock.to_move() {
                // Before the start, a player's button starts the opponent's clock, as on a
                // real game clock.
                None => self.clock.start(now, side.opponent()),
                Some(_) => self.clock.press_by(now, side).map(drop),
            },
            TalkAction::TogglePause => self.toggle_pause(now),
            TalkAction::CaptureRemoval => self.clock.pause(now, PauseKind::CaptureRemoval),
            TalkAction::AskTime(side) => {
                self.ask_time(side, now);
                Ok(())
            }
            TalkAction::SetControl(spec) => {
                self.set_control(&spec);
                Ok(())
            }
            TalkAction::Reset => {
                let spec = self.spec.clone();
                self.set_control(&spec);
                Ok(())
            }
            TalkAction::Volume(v) => {
                self.volume = v.clamp(0.0, 1.0);
                self.announcer.set_volume(self.volume);
                Ok(())
            }
            TalkAction::Mute(m) => {
                self.muted = m;
                self.announcer.set_muted(m);
                Ok(())
            }
        };
        if let Err(e) = result {
            self.note = Some(error_text(&e, self.lang));
        }
        self.reschedule(now);
    }

    fn toggle_pause(&mut self, now: Timestamp) -> Result<(), ClockError> {
        if self.clock.paused().is_some() {
            self.clock.resume(now)?;
            self.announcer.say_now(Phrase::Resume);
        } else {
            self.clock.pause(now, PauseKind::Arbiter)?;
            // Stop a call in mid-word: the clocks are stopped.
            self.announcer.cancel();
            self.announcer.say_now(Phrase::Pause);
        }
        Ok(())
    }

    fn ask_time(&mut self, side: Side, now: Timestamp) {
        let phrases = self.clock.time_check(now, side);
        if phrases.is_empty() {
            // Nothing to say in whole minutes (more than ten, or under one): the face shows it.
            self.note = Some(
                self.lang
                    .pick(
                        "剩余时间见钟面",
                        "剩餘時間見鐘面",
                        "see the face for the time left",
                    )
                    .into(),
            );
        }
        for p in phrases {
            self.announcer.say_now(p);
        }
    }

    fn set_control(&mut self, spec: &str) {
        let clock = spec
            .parse::<TimeControl>()
            .and_then(|c| GameClock::new(c, AnnounceSettings::default()));
        match clock {
            Ok(clock) => {
                self.clock = clock;
                self.spec = spec.trim().to_string();
                self.spec_edit = self.spec.clone();
                self.announcer.cancel();
            }
            Err(e) => {
                self.note = Some(format!(
                    "{}: {e}",
                    self.lang
                        .pick("用时设置有误", "用時設定有誤", "bad time control")
                ));
            }
        }
    }

    /// Hands the clock's upcoming calls to the voice (nothing while paused or over).
    fn reschedule(&mut self, now: Timestamp) {
        self.announcer.schedule(&calls_of(self.clock.upcoming(now)));
    }

    /// Draws the talking clock and handles its input at `now`; returns when to repaint next
    /// (the instant the shown second changes), `None` while nothing runs.
    pub fn ui(&mut self, ui: &mut egui::Ui, now: Timestamp) -> Option<Timestamp> {
        let mut actions = self.key_actions(ui);
        let view = self.clock.view(now);
        let lang = self.lang;
        if let Some(note) = &self.audio_note {
            ui.colored_label(ui.visuals().warn_fg_color, note);
        }
        let sides = [self.left, self.left.opponent()];
        let keys = [self.left_key, self.right_key];
        ui.columns(2, |cols| {
            for (col, (side, key)) in cols.iter_mut().zip(sides.into_iter().zip(keys)) {
                if self.face_ui(col, &view, side, key) {
                    actions.push(TalkAction::PressButton(side));
                }
                col.horizontal(|ui| {
                    let ask = lang.pick("报时", "報時", "Ask time");
                    if ui.button(ask).clicked() {
                        actions.push(TalkAction::AskTime(side));
                    }
                });
            }
        });
        ui.separator();
        self.controls_ui(ui, &view, &mut actions);
        if let Some(note) = &self.note {
            ui.label(note.as_str());
        }
        for a in actions {
            self.apply(a, now);
        }
        self.clock.next_change(now)
    }

    /// The actions of the keyboard this frame (none while a text field has the keys).
    ///
    /// The keys are consumed before any widget is drawn, so that space does not also
    /// "click" a focused button (such as Pause) in the same frame.
    fn key_actions(&self, ui: &egui::Ui) -> Vec<TalkAction> {
        if ui.ctx().text_edit_focused() {
            return Vec::new();
        }
        let (left, right) = (self.left_key, self.right_key);
        let left_side = self.left;
        ui.ctx().input_mut(|i| {
            let mut out = Vec::new();
            let none = egui::Modifiers::NONE;
            if i.consume_key(none, egui::Key::Space) {
                out.push(TalkAction::PressToMove);
            }
            if i.consume_key(none, left) {
                out.push(TalkAction::PressButton(left_side));
            }
            if i.consume_key(none, right) {
                out.push(TalkAction::PressButton(left_side.opponent()));
            }
            out
        })
    }

    /// One big face; true when it was clicked (its button pressed).
    fn face_ui(&self, ui: &mut egui::Ui, view: &ClockView, side: Side, key: egui::Key) -> bool {
        let lang = self.lang;
        let face = view.side(side);
        let width = ui.available_width();
        let (rect, response) = ui.allocate_exact_size(
            egui::vec2(width, width.clamp(160.0, 260.0)),
            egui::Sense::click(),
        );
        let name = match side {
            Side::Black => lang.pick("黑方", "黑方", "Black"),
            Side::White => lang.pick("白方", "白方", "White"),
        };
        let super::face_text::FaceText { big, status: state } =
            super::face_text::face_text(face, self.clock.control(), lang);
        response.widget_info(|| {
            egui::WidgetInfo::labeled(
                egui::accesskit::Role::Button,
                true,
                format!("{name} {big} {state}"),
            )
        });
        let visuals = ui.visuals();
        let (fill, text) = if face.flagged {
            (egui::Color32::from_rgb(150, 30, 30), egui::Color32::WHITE)
        } else if face.running {
            (egui::Color32::from_rgb(30, 110, 60), egui::Color32::WHITE)
        } else {
            (visuals.extreme_bg_color, visuals.text_color())
        };
        let painter = ui.painter();
        painter.rect_filled(rect, 12.0, fill);
        let h = rect.height();
        painter.text(
            rect.center_top() + egui::vec2(0.0, h * 0.12),
            egui::Align2::CENTER_CENTER,
            format!("{name} · {}", key.symbol_or_name()),
            egui::FontId::proportional(h * 0.11),
            text,
        );
        painter.text(
            rect.center(),
            egui::Align2::CENTER_CENTER,
            &big,
            egui::FontId::monospace(h * 0.36),
            text,
        );
        painter.text(
            rect.center_bottom() - egui::vec2(0.0, h * 0.14),
            egui::Align2::CENTER_CENTER,
            &state,
            egui::FontId::proportional(h * 0.1),
            text,
        );
        response.clicked()
    }

    fn controls_ui(&mut self, ui: &mut egui::Ui, view: &ClockView, actions: &mut Vec<TalkAction>) {
        let lang = self.lang;
        ui.horizontal_wrapped(|ui| {
            if view.to_move.is_none() {
                if ui
                    .button(lang.pick("开始（黑先）", "開始（黑先）", "Start (Black first)"))
                    .clicked()
                {
                    actions.push(TalkAction::Start(Side::Black));
                }
                if ui
                    .button(lang.pick("开始（白先）", "開始（白先）", "Start (White first)"))
                    .clicked()
                {
                    actions.push(TalkAction::Start(Side::White));
                }
            } else if !view.over {
                let label = if view.paused {
                    lang.pick("继续", "繼續", "Resume")
                } else {
                    lang.pick("暂停", "暫停", "Pause")
                };
                if ui.button(label).clicked() {
                    actions.push(TalkAction::TogglePause);
                }
                let in_byoyomi = view.to_move.is_some_and(|s| view.side(s).in_byoyomi);
                if in_byoyomi
                    && !view.paused
                    && ui
                        .button(lang.pick("提子停钟", "提子停鐘", "Stop for captures"))
                        .clicked()
                {
                    actions.push(TalkAction::CaptureRemoval);
                }
            }
            if ui.button(lang.pick("重置", "重置", "Reset")).clicked() {
                actions.push(TalkAction::Reset);
            }
            let mut muted = self.muted;
            if ui
                .checkbox(&mut muted, lang.pick("静音", "靜音", "Mute"))
                .changed()
            {
                actions.push(TalkAction::Mute(muted));
            }
            let mut volume = self.volume;
            if ui
                .add(
                    egui::Slider::new(&mut volume, 0.0..=1.0)
                        .text(lang.pick("音量", "音量", "Volume")),
                )
                .changed()
            {
                actions.push(TalkAction::Volume(volume));
            }
        });
        egui::CollapsingHeader::new(lang.pick("设置", "設定", "Settings"))
            .id_salt("talking_clock_settings")
            .show(ui, |ui| self.settings_ui(ui, actions));
    }

    fn settings_ui(&mut self, ui: &mut egui::Ui, actions: &mut Vec<TalkAction>) {
        let lang = self.lang;
        ui.horizontal(|ui| {
            egui::ComboBox::from_id_salt("talking_clock_system")
                .selected_text(self.form.system.name(lang))
                .show_ui(ui, |ui| {
                    for s in System::ALL {
                        ui.selectable_value(&mut self.form.system, s, s.name(lang));
                    }
                });
            let (minutes, count, seconds) = form_labels(self.form.system, lang);
            ui.label(minutes);
            ui.add(egui::DragValue::new(&mut self.form.minutes).range(0..=600));
            if let Some(count) = count {
                ui.label(count);
                ui.add(egui::DragValue::new(&mut self.form.count).range(1..=100));
            }
            if let Some(seconds) = seconds {
                ui.label(seconds);
                ui.add(egui::DragValue::new(&mut self.form.seconds).range(1..=3600));
            }
            if ui.button(lang.pick("使用", "使用", "Use")).clicked() {
                actions.push(TalkAction::SetControl(self.form.spec()));
            }
        });
        ui.horizontal(|ui| {
            ui.label("SPEC");
            ui.text_edit_singleline(&mut self.spec_edit);
            if ui.button(lang.pick("使用", "使用", "Use")).clicked() {
                actions.push(TalkAction::SetControl(self.spec_edit.clone()));
            }
        });
        ui.horizontal(|ui| {
            ui.label(lang.pick("左键", "左鍵", "Left key"));
            key_combo(ui, "talking_clock_left_key", &mut self.left_key);
            ui.label(lang.pick("右键", "右鍵", "Right key"));
            key_combo(ui, "talking_clock_right_key", &mut self.right_key);
            let mut white_left = self.left == Side::White;
            if ui
                .checkbox(
                    &mut white_left,
                    lang.pick("白方在左", "白方在左", "White on the left"),
                )
                .changed()
            {
                self.left = if white_left { Side::White } else { Side::Black };
            }
        });
    }
}

fn default_clock() -> GameClock {
    let control: Result<TimeControl, _> = DEFAULT_SPEC.parse();
    // A constant, checked by the test `the_default_spec_is_valid`: no user input can fail here.
    control
        .and_then(|c| GameClock::new(c, AnnounceSettings::default()))
        .expect("DEFAULT_SPEC is a valid time control")
}

fn key_combo(ui: &mut egui::Ui, id: &str, key: &mut egui::Key) {
    egui::ComboBox::from_id_salt(id)
        .selected_text(key.symbol_or_name())
        .show_ui(ui, |ui| {
            for &k in egui::Key::ALL {
                if k != egui::Key::Space && k != egui::Key::Escape {
                    ui.selectable_value(key, k, k.symbol_or_name());
                }
            }
        });
}

fn form_labels(
    system: System,
    lang: Lang,
) -> (&'static str, Option<&'static str>, Option<&'static str>) {
    let minutes = match system {
        System::Chinese => lang.pick("总时间（分）", "總時間（分）", "Limit (min)"),
        _ => lang.pick("基本时间（分）", "基本時間（分）", "Main time (min)"),
    };
    let count = match system {
        System::Chinese => Some(lang.pick("保留分钟", "保留分鐘", "Reserved minutes")),
        System::Japanese => Some(lang.pick("读秒次数", "讀秒次數", "Periods")),
        System::Canadian => Some(lang.pick("每段手数", "每段手數", "Moves per block")),
        System::Fischer | System::Sudden => None,
    };
    let seconds = match system {
        System::Chinese | System::Japanese => {
            Some(lang.pick("每次（秒）", "每次（秒）", "Period (s)"))
        }
        System::Canadian => Some(lang.pick("每段（秒）", "每段（秒）", "Block (s)")),
        System::Fischer => Some(lang.pick("每手加（秒）", "每手加（秒）", "Increment (s)")),
        System::Sudden => None,
    };
    (minutes, count, seconds)
}

fn error_text(e: &ClockError, lang: Lang) -> String {
    match e {
        ClockError::NotYourTurn(_) => lang
            .pick("不是该方的钟", "不是該方的鐘", "not that side's move")
            .into(),
        ClockError::Paused => lang
            .pick("钟已暂停", "鐘已暫停", "the clocks are stopped")
            .into(),
        ClockError::GameOver(_) => lang
            .pick("对局已结束", "對局已結束", "the game is over")
            .into(),
        ClockError::NotInByoyomi => lang
            .pick(
                "提子停钟仅用于读秒",
                "提子停鐘僅用於讀秒",
                "stopping for captures is for byo-yomi only",
            )
            .into(),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::audio::{NullAnnouncer, Request};

    fn clock_with(spec: &str) -> (TalkingClock, NullAnnouncer) {
        let voice = NullAnnouncer::new();
        let mut t = TalkingClock::new(Box::new(voice.clone()), Lang::ZhHans);
        t.apply(TalkAction::SetControl(spec.into()), Timestamp(0));
        voice.clear_record();
        (t, voice)
    }

    #[test]
    fn the_default_spec_is_valid() {
        assert!(DEFAULT_SPEC.parse::<TimeControl>().is_ok());
        let t = TalkingClock::new(Box::new(NullAnnouncer::new()), Lang::En);
        assert_eq!(t.spec(), DEFAULT_SPEC);
    }

    #[test]
    fn space_starts_black_then_presses_for_the_side_to_move() {
        let (mut t, _) = clock_with("chinese:limit=2m,reserve=1");
        t.apply(TalkAction::PressToMove, Timestamp(0));
        assert_eq!(t.clock().to_move(), Some(Side::Black));
        t.apply(TalkAction::PressToMove, Timestamp(10_000));
        assert_eq!(t.clock().to_move(), Some(Side::White));
    }

    #[test]
    fn only_the_side_to_move_can_press_its_button() {
        let (mut t, _) = clock_with("sudden:main=10m");
        // White's button starts Black's clock, as on a real game clock.
        t.apply(TalkAction::PressButton(Side::White), Timestamp(0));
        assert_eq!(t.clock().to_move(), Some(Side::Black));
        t.apply(TalkAction::PressButton(Side::White), Timestamp(5_000));
        assert_eq!(t.clock().to_move(), Some(Side::Black));
        assert!(t.note().is_some());
        t.apply(TalkAction::PressButton(Side::Black), Timestamp(6_000));
        assert_eq!(t.clock().to_move(), Some(Side::White));
    }

    #[test]
    fn the_voice_gets_the_upcoming_calls_after_each_press() {
        let (mut t, voice) = clock_with("chinese:limit=2m,reserve=1");
        t.apply(TalkAction::Start(Side::Black), Timestamp(1_000));
        let pending = voice.pending();
        let first = pending.first().unwrap();
        // One free minute, then the last reserved minute: 开始读秒, 三十秒 … 十，超时判负.
        assert_eq!(
            (first.phrase, first.due),
            (Phrase::ByoyomiStart, Timestamp(61_000))
        );
        assert!(
            pending
                .iter()
                .any(|c| c.phrase == Phrase::S30 && c.due == Timestamp(91_000))
        );
        let last = pending.last().unwrap();
        assert_eq!(
            (last.phrase, last.due),
            (Phrase::Count10Timeout, Timestamp(121_000))
        );
        t.apply(TalkAction::PressToMove, Timestamp(20_000));
        let first = voice.pending()[0];
        assert_eq!(
            (first.phrase, first.due),
            (Phrase::ByoyomiStart, Timestamp(80_000))
        );
    }

    #[test]
    fn pause_silences_and_says_so_resume_reschedules() {
        let (mut t, voice) = clock_with("chinese:limit=1m,reserve=1");
        t.apply(TalkAction::Start(Side::Black), Timestamp(0));
        t.apply(TalkAction::TogglePause, Timestamp(10_000));
        assert!(voice.pending().is_empty());
        assert_eq!(voice.said_now(), [Phrase::Pause]);
        t.apply(TalkAction::TogglePause, Timestamp(70_000));
        assert_eq!(voice.said_now(), [Phrase::Pause, Phrase::Resume]);
        // 10 s were counted before the pause: 三十秒 comes 20 s after the resume.
        assert!(
            voice
                .pending()
                .iter()
                .any(|c| c.phrase == Phrase::S30 && c.due == Timestamp(90_000))
        );
    }

    #[test]
    fn asking_the_time_speaks_the_reserved_minutes_left() {
        let (mut t, voice) = clock_with("chinese:limit=3m,reserve=3");
        t.apply(TalkAction::Start(Side::Black), Timestamp(0));
        t.apply(TalkAction::AskTime(Side::Black), Timestamp(65_000));
        assert_eq!(voice.said_now(), [Phrase::MinutesLeft(2)]);
    }

    #[test]
    fn a_bad_spec_keeps_the_clock_and_says_why() {
        let (mut t, _) = clock_with("sudden:main=5m");
        t.apply(
            TalkAction::SetControl("chinese:limit=banana".into()),
            Timestamp(0),
        );
        assert_eq!(t.spec(), "sudden:main=5m");
        assert!(t.note().unwrap().contains("用时设置有误"));
    }

    #[test]
    fn volume_and_mute_reach_the_voice() {
        let (mut t, voice) = clock_with("sudden:main=5m");
        t.apply(TalkAction::Volume(0.25), Timestamp(0));
        t.apply(TalkAction::Mute(true), Timestamp(0));
        let r = voice.requests();
        assert!(r.contains(&Request::Volume(0.25)) && r.contains(&Request::Muted(true)));
    }

    #[test]
    fn the_form_writes_specs_the_parser_takes() {
        for system in System::ALL {
            let form = TimeForm {
                system,
                minutes: 10,
                count: 3,
                seconds: 30,
            };
            assert!(
                form.spec().parse::<TimeControl>().is_ok(),
                "{}",
                form.spec()
            );
        }
    }
}
