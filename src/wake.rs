//! The one way a worker thread tells the window that an answer is waiting: a [`Waker`], called
//! after the answer is sent (in the window it asks egui for a repaint; in tests it is a no-op
//! or a counter).

use std::sync::Arc;

/// Wakes whoever polls for answers (the window's frame loop).
pub type Waker = Arc<dyn Fn() + Send + Sync>;

/// A waker that does nothing (tests, headless runs).
pub fn none() -> Waker {
    Arc::new(|| {})
}
