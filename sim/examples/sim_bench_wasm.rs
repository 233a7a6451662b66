//! The simulator benchmark as a wasm module with plain `extern "C"` exports, timed by node:
//! `cargo build --release -p dynamodel-sim --example sim_bench_wasm --target wasm32-unknown-unknown`,
//! then `node sim/examples/sim_bench_wasm.mjs target/wasm32-unknown-unknown/release/examples/sim_bench_wasm.wasm`.

#[path = "bench_common/mod.rs"]
mod common;

use std::cell::RefCell;

thread_local! {
    static DB: RefCell<Option<engine::db::Database>> = const { RefCell::new(None) };
    static SIM: RefCell<Option<sim::Simulation>> = const { RefCell::new(None) };
}

#[no_mangle]
pub extern "C" fn bench_setup() {
    DB.with(|d| *d.borrow_mut() = Some(common::setup()));
}

/// 0: simple GetItem, 1: mixed. Builds the simulation and runs its first (pricing) second.
#[no_mangle]
pub extern "C" fn bench_prepare(kind: u32) {
    let w = if kind == 0 { common::simple() } else { common::mixed() };
    let s = DB.with(|d| d.borrow().as_ref().map(|db| common::prepare(db, w)));
    SIM.with(|x| *x.borrow_mut() = s);
}

/// Simulate `seconds` more seconds; returns the request parts simulated.
#[no_mangle]
pub extern "C" fn bench_run(seconds: u32) -> u32 {
    SIM.with(|x| x.borrow_mut().as_mut().map_or(0, |s| common::run(s, seconds) as u32))
}
