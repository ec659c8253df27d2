//! Tests of the fold are in tests/session_articles.rs.
