//! The camera at the board (issue 30): frames of a real board read into positions, and the
//! positions turned into the moves of the session journal, asking the arbiter only when unsure.
//!
//! `observation` is the contract between the two halves: what a frame says (pixels → points)
//! and what the rules make of it (points → moves). `picture` is a frame's pixels; `frames`
//! decodes and encodes image files (the only I/O of the reading); `homography` and
//! `calibration` say where the board's plane lies in the picture.

pub mod calibration;
pub mod frames;
pub mod homography;
pub mod observation;
pub mod picture;
