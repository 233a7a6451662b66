//! Simulated requests per second, native: `cargo run --release -p dynamodel-sim --example sim_bench`.
//! The same workload in wasm: `sim_bench_wasm.rs` / `sim_bench_wasm.mjs`. Prints wall-clock and CPU
//! figures: on a shared machine the wall clock also counts time spent waiting for a core. With `--long`,
//! a third row runs the mixed workload for 30 simulated seconds after the warm-up: past second 10 its
//! hottest partitions have throttled at their ceiling long enough for adaptive capacity to isolate keys,
//! the end-of-second work a 5-second run never reaches.

#[path = "bench_common/mod.rs"]
mod common;

use std::time::Instant;

/// Nanoseconds this thread has run on a CPU (Linux `/proc/self/schedstat`).
fn cpu_ns() -> Option<u64> {
    std::fs::read_to_string("/proc/self/schedstat").ok()?.split_whitespace().next()?.parse().ok()
}

fn main() {
    let t = Instant::now();
    let db = common::setup();
    println!("setup: {} items in {:.2} s", common::ITEMS, t.elapsed().as_secs_f64());
    let mut rows = vec![("simple GetItem", common::simple(), 5), ("mixed", common::mixed(), 5)];
    if std::env::args().any(|a| a == "--long") {
        rows.push(("mixed, 30 s", common::mixed(), 30));
    }
    for (label, w, seconds) in rows {
        let (mut wall, mut cpu) = (f64::MAX, f64::MAX);
        let mut parts = 0;
        let mut warm = 0.0;
        for _ in 0..3 {
            let t = Instant::now();
            let mut s = common::prepare(&db, w.clone());
            warm = t.elapsed().as_secs_f64();
            let (t, c) = (Instant::now(), cpu_ns());
            parts = common::run(&mut s, seconds);
            wall = wall.min(t.elapsed().as_secs_f64());
            if let (Some(a), Some(b)) = (c, cpu_ns()) {
                cpu = cpu.min((b - a) as f64 / 1e9);
            }
            assert!(s.report().totals.requests > 0);
        }
        println!(
            "{label:<16} {:>10.0} simulated requests/s wall {:>10.0} /s CPU  (best of 3: {parts} requests in {wall:.3} s wall, {cpu:.3} s CPU; {} s warm-up incl. pricing {warm:.2} s)",
            parts as f64 / wall,
            parts as f64 / cpu,
            common::WARM_UP_SECONDS
        );
    }
}
