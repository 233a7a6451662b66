//! The engine's integration tests, one module per file of this folder, built as one test binary: one
//! link natively and one headless Chromium in the wasm32 run (`cargo test -p dynamodel-engine --target
//! wasm32-unknown-unknown`), instead of one per file. The browser tests are the modules that say
//! `use wasm_bindgen_test::wasm_bindgen_test as test`.

#[cfg(target_arch = "wasm32")]
wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);

/// The data-driven operation cases' reader, shared by `ops_cases` (files) and `wasm_ops` (embedded).
#[path = "common/ops_check.rs"]
mod ops_check;

mod batch_cases;
mod batch_props;
mod batch_snapshot;
mod changes_props;
mod explain;
mod expr_cases;
mod expr_limits;
mod index_entry_props;
mod model_decoded;
mod model_format;
mod model_load;
mod model_template;
mod multi_key_props;
mod ops_cases;
mod ops_props;
mod ops_typed;
mod packed_props;
mod partiql_typed;
mod typed_read;
mod partition_items_props;
mod propagation_props;
mod propagation_typed;
mod values_cases;
mod values_props;
mod vector_props;
mod wasm_ops;
mod wasm_smoke;
mod write_cost;
