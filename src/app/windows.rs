//! The sub-windows of the window, one row each (issue 29 item 2): the registry the host
//! drives through [`SubWindow`]. Egui-free.
//!
//! Adding a sub-window is a row here — a field and its [`WindowId`] in [`Windows::with`] and
//! [`Windows::get`] — beside its folder (state with the `impl SubWindow`, view), its
//! [`WindowId`] variant in the protocol, and its menu row. Nothing in `host/` changes: the host
//! loops over [`Windows::ALL`].

use crate::app::classroom::state::ClassRoom;
use crate::app::problems::state::ProblemsState;
use crate::app::protocol::WindowId;
use crate::app::review::state::ReviewState;
use crate::app::review_tools::ReviewTools;
use crate::app::subwindow::{Cx, SubWindow};
use crate::app::teach::mode::TeachMode;
use crate::app::tournament::window::TournamentWindow;

/// Every sub-window's state. Boxed where large: the host lives by value in the app (and in
/// test harnesses on the stack).
#[derive(Default)]
pub struct Windows {
    /// The review tab.
    pub review: Box<ReviewState>,
    /// The review tab's suggestion and engine review.
    pub review_tools: Box<ReviewTools>,
    /// The problems window.
    pub problems: Box<ProblemsState>,
    /// Teaching mode.
    pub teach: TeachMode,
    /// The tournament window.
    pub tournament: Box<TournamentWindow>,
    /// The class in teaching mode (issue 20).
    pub classroom: Box<ClassRoom>,
}

impl Windows {
    /// Every sub-window, in the order their unsaved work is listed.
    pub const ALL: [WindowId; 6] = [
        WindowId::Review,
        WindowId::ReviewTools,
        WindowId::Problems,
        WindowId::Teach,
        WindowId::Tournament,
        WindowId::Class,
    ];

    /// Window `id` (`None`: the live game, which is the host's own).
    pub fn get(&self, id: WindowId) -> Option<&dyn SubWindow> {
        Some(match id {
            WindowId::Game => return None,
            WindowId::Review => self.review.as_ref(),
            WindowId::ReviewTools => self.review_tools.as_ref(),
            WindowId::Problems => self.problems.as_ref(),
            WindowId::Teach => &self.teach,
            WindowId::Tournament => self.tournament.as_ref(),
            WindowId::Class => self.classroom.as_ref(),
        })
    }

    /// Calls `f` on window `id` with `cx`, and a read-only look at the review tab's record
    /// for every window but the review tab itself (`None`: the live game's id).
    pub fn with<R>(
        &mut self,
        id: WindowId,
        cx: &Cx<'_>,
        f: impl FnOnce(&mut dyn SubWindow, &Cx<'_>) -> R,
    ) -> Option<R> {
        let Windows {
            review,
            review_tools,
            problems,
            teach,
            tournament,
            classroom,
        } = self;
        let review: &mut ReviewState = review;
        if id == WindowId::Review {
            let cx = Cx {
                review: None,
                ..*cx
            };
            return Some(f(review, &cx));
        }
        let cx = Cx {
            review: Some(review),
            ..*cx
        };
        let window: &mut dyn SubWindow = match id {
            WindowId::Game | WindowId::Review => return None,
            WindowId::ReviewTools => review_tools.as_mut(),
            WindowId::Problems => problems.as_mut(),
            WindowId::Teach => teach,
            WindowId::Tournament => tournament.as_mut(),
            WindowId::Class => classroom.as_mut(),
        };
        Some(f(window, &cx))
    }
}
