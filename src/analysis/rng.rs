//! The estimator's random numbers: the crate's one SplitMix64 ([`crate::rng`]) seeded from the
//! position, so the same position always gets the same suggestion (tests can pin it, and two
//! arbiters see the same thing). The playouts draw with [`crate::rng::SplitMix64::below_fast`].

pub(crate) use crate::rng::SplitMix64 as Rng;
