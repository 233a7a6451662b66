//! Property tests.
//!
//! - **Round trip**: printing any syntax tree (conditions, updates, projections) and parsing the text gives
//!   the same tree — so the printer and the grammar agree on precedence and keywords.
//! - **Evaluation**: random conditions over random small items agree with a naive reference evaluator
//!   written independently below (integers as `i64`, strings as `String`).
//! - **Updates**: random SET/ADD/DELETE/REMOVE updates agree with a naive reference, including the
//!   apply-time errors, and a failing update never returns a changed item.

mod eval;
mod roundtrip;
mod update;
