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

/// Nanoseconds this process has run on a CPU (Linux `/proc/self/schedstat`): on a shared machine the
/// wall clock also counts time spent waiting for a core, so both figures are printed.
fn cpu_ns() -> Option<u64> {
    std::fs::read_to_string("/proc/self/schedstat").ok()?.split_whitespace().next()?.parse().ok()
}

/// Best of several runs: the machine is shared, so the fastest run is the least disturbed one.
fn timed(f: impl FnOnce() -> u64) -> ((f64, f64), u64) {
    let (t, c) = (Instant::now(), cpu_ns());
    let r = f();
    let cpu = match (c, cpu_ns()) {
        (Some(a), Some(b)) => (b - a) as f64 / 1e9,
        _ => f64::NAN,
    };
    ((t.elapsed().as_secs_f64(), cpu), r)
}

fn report(label: &str, ops: u64, secs: &[(f64, f64)]) {
    let wall = secs.iter().map(|s| s.0).fold(f64::INFINITY, f64::min);
    let cpu = secs.iter().map(|s| s.1).fold(f64::INFINITY, f64::min);
    println!(
        "{label:<24} {:>10.0} ops/s wall {:>10.0} ops/s CPU   (best of {}: {ops} ops, {wall:.3} s wall, {cpu:.3} s CPU)",
        ops as f64 / wall,
        ops as f64 / cpu,
        secs.len()
    );
}

const RUNS: usize = 3;

/// Memory per item of a table without a sort key or indexes (every partition holds one item), for
/// the same items: (allocated bytes per item, DynamoDB bytes per item).
fn single_item_partitions() -> (f64, f64) {
    use engine::api::write::PutItemInput;
    use engine::value::AttributeValue;
    let mut db = engine::db::Database::default();
    let req = serde_json::json!({"TableName": "Flat",
        "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}],
        "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}], "BillingMode": "PAY_PER_REQUEST"});
    if let Err(e) = db.execute("CreateTable", &req, 0) {
        panic!("create table: {e}");
    }
    let before = LIVE.load(Ordering::Relaxed);
    for i in 0..common::ITEMS {
        let mut item = common::item(i);
        item.insert("pk".into(), AttributeValue::S(format!("customer#{i:07}")));
        let input = PutItemInput { table_name: "Flat".into(), item, ..PutItemInput::default() };
        assert!(db.put_item(input, 0).is_ok());
    }
    let after = LIVE.load(Ordering::Relaxed);
    let t = db.table("Flat").map(|t| (t.size_bytes, t.item_count)).unwrap_or((0, 1));
    if let Some(t) = db.table("Flat") {
        let packed: usize = t.parts.values().flat_map(|p| p.items.values()).map(|s| s.item.encoded_len()).sum();
        println!("packed item buffer: {:.1} B per item", packed as f64 / common::ITEMS as f64);
    }
    ((after - before) as f64 / common::ITEMS as f64, t.0 as f64 / t.1.max(1) as f64)
}

fn main() {
    let (mut put, mut get, mut query, mut overwrite) = (vec![], vec![], vec![], vec![]);
    let mut mem = (0usize, 0u64, 0u64, 1u64);
    for _ in 0..RUNS {
        let mut db = common::setup();
        let before = LIVE.load(Ordering::Relaxed);
        let (s, n) = timed(|| common::put_range(&mut db, 0, common::ITEMS));
        assert_eq!(n, common::ITEMS);
        put.push(s);
        let after = LIVE.load(Ordering::Relaxed);
        let (s, n) = timed(|| common::gets(&db, 1_000_000, 7));
        assert_eq!(n, 1_000_000);
        get.push(s);
        let (s, n) = timed(|| common::queries(&db, 200_000, 11));
        assert_eq!(n, 200_000 * 20);
        query.push(s);
        let (s, _) = timed(|| common::put_range(&mut db, 0, common::ITEMS));
        overwrite.push(s);
        let t = db.table("Bench").map(|t| (t.size_bytes, t.index_data.iter().map(|d| d.size_bytes).sum::<u64>(), t.item_count));
        let t = t.unwrap_or((0, 0, 1));
        mem = (after - before, t.0, t.1, t.2);
    }
    report("PutItem (new, 2 GSIs)", common::ITEMS, &put);
    report("GetItem (random key)", 1_000_000, &get);
    report("Query (Limit 20)", 200_000, &query);
    report("PutItem (overwrite)", common::ITEMS, &overwrite);
    let per_item = mem.0 as f64 / common::ITEMS as f64;
    let ddb = mem.1 as f64 / mem.3.max(1) as f64;
    let ddb_all = (mem.1 + mem.2) as f64 / mem.3.max(1) as f64;
    println!(
        "memory per item: {per_item:.0} B allocated (item + table slot + 2 GSI entries) for a {ddb:.0} B DynamoDB item: {:.2}x, or 2x + {:.0} B",
        per_item / ddb,
        per_item - 2.0 * ddb
    );
    println!(
        "  against what DynamoDB stores for it (table item + its 2 index entries, as DescribeTable sizes them: {ddb_all:.0} B): {:.2}x",
        per_item / ddb_all
    );
    let (per_item, ddb) = single_item_partitions();
    println!(
        "memory per item: {per_item:.0} B allocated (item + table slot, no sort key, no index) for a {ddb:.0} B DynamoDB item: {:.2}x, or 2x + {:.0} B",
        per_item / ddb,
        per_item - 2.0 * ddb
    );
}
