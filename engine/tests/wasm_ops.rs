//! DynamoDB operations replayed by the engine compiled to wasm32, in headless Chromium.
//!
//! The cases are the tables suite's own files (`tests/data/ops/*.json`, format and checker in
//! `common/ops_check.rs`), embedded at compile time because a browser has no file system; the playground runs
//! exactly this code path (`Database::execute`). Natively the same test runs too, so a case that passes on
//! one target and fails on the other points at a platform difference, not at the case.

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use crate::ops_check;

/// Replay every case of one file, failing once with every mismatch listed.
fn replay(file: &str, text: &str) {
    let (passed, failures) = ops_check::replay_text(file, text);
    assert!(failures.is_empty(), "{} of {} cases failed:\n{}", failures.len(), passed + failures.len(), failures.join("\n"));
}

// The single-file suites; the per-topic directories stay native-only.

#[test]
fn control_plane() {
    replay("control.json", include_str!("data/ops/control.json"));
}

#[test]
fn indexes() {
    replay("indexes.json", include_str!("data/ops/indexes.json"));
}

#[test]
fn items() {
    replay("items.json", include_str!("data/ops/items.json"));
}

#[test]
fn semantic_gaps() {
    replay("gaps.json", include_str!("data/ops/gaps.json"));
}

#[test]
fn legacy_parameters() {
    replay("legacy.json", include_str!("data/ops/legacy.json"));
}

#[test]
fn query_and_scan() {
    replay("query_scan.json", include_str!("data/ops/query_scan.json"));
}

#[test]
fn index_propagation() {
    replay("propagation.json", include_str!("data/ops/propagation.json"));
}

/// Vector distances in wasm give the same bits as natively (f32 vectors, f64 sums, libm's square root).
#[test]
fn vector_indexes() {
    replay("vector.json", include_str!("data/ops/vector.json"));
}
