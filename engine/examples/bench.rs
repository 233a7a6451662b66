//! Native benchmark: `cargo run --release -p dynamodel-engine --example bench`.
//! Prints PutItem/GetItem/Query rates on a 100k-item table with two GSIs, and memory per item
//! (measured with a counting allocator) next to the items' DynamoDB size.

#[path = "bench_common/mod.rs"]
mod common;

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

struct Counting;
static LIVE: AtomicUsize = AtomicUsize::new(0);

// SAFETY: delegates to the system allocator and only counts sizes.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        LIVE.fetch_add(l.size(), Ordering::Relaxed);
        unsafe { System.alloc(l) }
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        LIVE.fetch_sub(l.size(), Ordering::Relaxed);
        unsafe { System.dealloc(p, l) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn rate(label: &str, ops: u64, f: impl FnOnce() -> u64) {
    let t = Instant::now();
    let r = f();
    let secs = t.elapsed().as_secs_f64();
    println!("{label:<28} {:>12.0} ops/s   ({ops} ops in {secs:.3} s, check {r})", ops as f64 / secs);
}

fn main() {
    let mut db = common::setup();
    let before = LIVE.load(Ordering::Relaxed);
    rate("PutItem (100k, 2 GSIs)", common::ITEMS, || common::put_range(&mut db, 0, common::ITEMS));
    let after = LIVE.load(Ordering::Relaxed);
    rate("GetItem (random)", 1_000_000, || common::gets(&db, 1_000_000, 7));
    rate("Query (Limit 20)", 200_000, || common::queries(&db, 200_000, 11));
    rate("PutItem (overwrite 100k)", common::ITEMS, || common::put_range(&mut db, 0, common::ITEMS));
    let t = db.table("Bench").map(|t| (t.size_bytes, t.item_count)).unwrap_or((0, 1));
    let per_item = (after - before) as f64 / common::ITEMS as f64;
    let ddb = t.0 as f64 / t.1.max(1) as f64;
    println!("memory per item: {per_item:.0} B in RAM (table + 2 GSIs) vs {ddb:.0} B DynamoDB item size ({:.2}x)", per_item / ddb);
}
