//! The app's component tests, one module per file of this folder, built as one test binary and run in
//! one headless Chromium (`cargo test -p dynamodel-app --target wasm32-unknown-unknown`): one link and
//! one browser start instead of one per file. Each test mounts what it needs into a fresh container
//! (`common::mount`) and leaves nothing behind, so the modules share a page without touching each other.
#![cfg(target_arch = "wasm32")]

wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);

mod common;

mod gallery_components;
mod heat;
mod incremental;
mod lessons_components;
mod locales;
mod modeler_components;
mod modeler_state;
mod multi_key;
mod patterns_components;
mod propagation_components;
mod query_builder;
mod share_components;
mod shell;
mod vector_components;
mod write_starters;
