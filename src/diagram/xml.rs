//! Escaping text for SVG and HTML: the crate's one escaper ([`crate::escape::xml`]).

pub use crate::escape::xml as escape;
