//! The one PIN gate (issue 29 item 4): an act that waits for a PIN, the check running on
//! the runner's threads (Argon2id never runs on the thread that draws), a wrong PIN said and
//! the prompt kept open, a late answer to a prompt already closed or asked again skipped.
//! The arbiter's lock (`host::lock`), the teacher's PIN (`teach::state`) and the class's PIN
//! (`classroom::state`) each keep one `PinGate` of what they guard; the one prompt view is
//! `pin_prompt::pin_prompt_ui`.
//!
//! Egui-free: a state with explicit inputs, tested without a window.

/// A prompt for a PIN guarding one waiting act `W`, and the check of what was typed.
#[derive(Clone, Debug, PartialEq)]
pub struct PinGate<W> {
    /// What waits for the PIN while the prompt is open.
    waiting: Option<W>,
    /// The number of the check running on the runner, while it runs.
    asked: Option<u64>,
    /// The last check's number (each check has its own, so a late answer is recognised).
    last_ask: u64,
    /// The last PIN typed was wrong (the prompt says so and stays open).
    wrong: bool,
}

impl<W> Default for PinGate<W> {
    fn default() -> Self {
        PinGate {
            waiting: None,
            asked: None,
            last_ask: 0,
            wrong: false,
        }
    }
}

impl<W> PinGate<W> {
    /// Opens the prompt for `what` (replacing whatever waited: a check still running for it
    /// is answered too late and skipped).
    pub fn ask(&mut self, what: W) {
        self.waiting = Some(what);
        self.asked = None;
        self.wrong = false;
    }

    /// What waits for the PIN, while the prompt is open.
    pub fn waiting(&self) -> Option<&W> {
        self.waiting.as_ref()
    }

    /// Whether the prompt is open.
    pub fn is_open(&self) -> bool {
        self.waiting.is_some()
    }

    /// Whether a PIN typed is being checked.
    pub fn checking(&self) -> bool {
        self.asked.is_some()
    }

    /// Whether the last PIN typed was wrong.
    pub fn wrong(&self) -> bool {
        self.wrong
    }

    /// Closes the prompt (cancelled, or the lock closed): nothing waits any more.
    pub fn cancel(&mut self) {
        self.waiting = None;
        self.asked = None;
        self.wrong = false;
    }

    /// A PIN was typed: the number of the check to send to the runner, or `None` when no
    /// prompt is open or a check is already running (a second Enter while checking).
    pub fn submit(&mut self) -> Option<u64> {
        if self.waiting.is_none() || self.asked.is_some() {
            return None;
        }
        self.last_ask += 1;
        self.asked = Some(self.last_ask);
        Some(self.last_ask)
    }

    /// Check number `ask` answered: the waiting act when the PIN was right (the prompt
    /// closes); when it was wrong the prompt stays open and says so. An answer to a check that
    /// is not the running one (the prompt was closed or asked again) changes nothing.
    pub fn answer(&mut self, ask: u64, right: bool) -> Option<W> {
        if self.asked != Some(ask) {
            return None;
        }
        self.asked = None;
        if !right {
            self.wrong = true;
            return None;
        }
        self.wrong = false;
        self.waiting.take()
    }

    /// The running check answered, whichever it is (a checker that carries no number: the
    /// arbiter's journal writer, which answers one check at a time in order).
    pub fn answer_running(&mut self, right: bool) -> Option<W> {
        match self.asked {
            Some(ask) => self.answer(ask, right),
            None => None,
        }
    }

    /// Lets the waiting act through with no check (no PIN is set, or the PIN goes with the
    /// act itself: unsealing decrypts with it): the prompt closes.
    pub fn pass(&mut self) -> Option<W> {
        self.asked = None;
        self.wrong = false;
        self.waiting.take()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn issue29_a_right_pin_lets_the_waiting_act_through_once() {
        let mut gate = PinGate::default();
        gate.ask("rule");
        assert!(gate.is_open());
        let ask = gate.submit().expect("a check");
        assert!(gate.checking());
        assert_eq!(gate.submit(), None, "no second check while one runs");
        assert_eq!(gate.answer(ask, true), Some("rule"));
        assert!(!gate.is_open());
        assert_eq!(gate.answer(ask, true), None, "answered once");
    }

    #[test]
    fn issue29_a_wrong_pin_keeps_the_prompt_open_and_says_so() {
        let mut gate = PinGate::default();
        gate.ask(7);
        let ask = gate.submit().expect("a check");
        assert_eq!(gate.answer(ask, false), None);
        assert!(gate.is_open() && gate.wrong() && !gate.checking());
        let again = gate.submit().expect("typed again");
        assert_ne!(again, ask);
        assert_eq!(gate.answer(again, true), Some(7));
        assert!(!gate.wrong());
    }

    #[test]
    fn issue29_a_late_answer_to_a_closed_or_new_prompt_is_skipped() {
        let mut gate = PinGate::default();
        gate.ask("leave");
        let ask = gate.submit().expect("a check");
        gate.cancel();
        assert_eq!(gate.answer(ask, true), None, "closed meanwhile");
        gate.ask("options");
        let first = gate.submit().expect("a check");
        gate.ask("leave");
        assert_eq!(gate.answer(first, true), None, "asked again meanwhile");
        assert_eq!(gate.waiting(), Some(&"leave"));
        assert_eq!(gate.answer_running(true), None, "no check runs");
        assert_eq!(gate.pass(), Some("leave"));
    }
}
