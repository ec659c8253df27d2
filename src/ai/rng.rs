//! The computer players' random numbers: the crate's one SplitMix64 ([`crate::rng`]).

pub use crate::rng::{SplitMix64, mix};
