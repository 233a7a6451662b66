//! The same workload as `bench.rs`, built as a wasm module with plain `extern "C"` exports so node can
//! time it without wasm-bindgen: see engine/examples/bench_wasm.mjs.

#[path = "bench_common/mod.rs"]
mod common;

use std::cell::RefCell;

/// Heap bytes allocated and not yet freed.
#[no_mangle]
pub extern "C" fn bench_live_bytes() -> u32 {
    common::counting::live_bytes() as u32
}

/// The benchmark table's DynamoDB size (TableSizeBytes).
#[no_mangle]
pub extern "C" fn bench_table_bytes() -> u32 {
    DB.with(|d| d.borrow().as_ref().and_then(|db| db.table("Bench")).map_or(0, |t| t.size_bytes as u32))
}

thread_local! {
    static DB: RefCell<Option<engine::db::Database>> = const { RefCell::new(None) };
}

/// Grow the wasm memory once up front (allocate and free `mb` MB): growing it page by page while the
/// table fills makes the engine pay for the host's buffer reallocation instead of its own work.
#[no_mangle]
pub extern "C" fn bench_reserve(mb: u32) {
    let v: Vec<u8> = Vec::with_capacity(mb as usize * 1024 * 1024);
    drop(std::hint::black_box(v));
}

#[no_mangle]
pub extern "C" fn bench_setup() {
    DB.with(|d| *d.borrow_mut() = Some(common::setup()));
}

#[no_mangle]
pub extern "C" fn bench_put(from: u32, to: u32) -> u32 {
    DB.with(|d| d.borrow_mut().as_mut().map_or(0, |db| common::put_range(db, u64::from(from), u64::from(to)) as u32))
}

#[no_mangle]
pub extern "C" fn bench_get(count: u32, seed: u32) -> u32 {
    DB.with(|d| d.borrow().as_ref().map_or(0, |db| common::gets(db, u64::from(count), u64::from(seed)) as u32))
}

#[no_mangle]
pub extern "C" fn bench_query(count: u32, seed: u32) -> u32 {
    DB.with(|d| d.borrow().as_ref().map_or(0, |db| common::queries(db, u64::from(count), u64::from(seed), false) as u32))
}

#[no_mangle]
pub extern "C" fn bench_query_filtered(count: u32, seed: u32) -> u32 {
    DB.with(|d| d.borrow().as_ref().map_or(0, |db| common::queries(db, u64::from(count), u64::from(seed), true) as u32))
}
