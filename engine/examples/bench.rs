//! Native benchmark: `cargo run --release -p dynamodel-engine --example bench`.
//! Prints PutItem/GetItem/Query rates on a 100k-item table with two GSIs, and memory per item
//! (measured with a counting allocator) next to the items' DynamoDB size.

#[path = "bench_common/mod.rs"]
mod common;

use std::time::Instant;

use common::counting::live_bytes;

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

/// Memory of one table loaded with the benchmark's items.
struct Footprint {
    /// Bytes allocated per item (counting allocator), item, table slot and index entries included.
    allocated: f64,
    /// The item's DynamoDB size (DescribeTable's TableSizeBytes / ItemCount).
    item: f64,
    /// What the table's indexes hold for it, as DynamoDB sizes index entries (IndexSizeBytes / ItemCount).
    index: f64,
    /// The packed buffer alone.
    packed: f64,
}

/// Load `common::ITEMS` items into a new table created by `create`, each first adjusted by `key` (which
/// gives every item its own partition for the table without a sort key).
fn footprint(create: serde_json::Value, key: impl Fn(u64, &mut engine::value::Item)) -> Footprint {
    use engine::api::write::PutItemInput;
    let name = create["TableName"].as_str().unwrap_or_default().to_string();
    let mut db = engine::db::Database::default();
    if let Err(e) = db.execute("CreateTable", &create, 0) {
        panic!("create table: {e}");
    }
    let before = live_bytes();
    for i in 0..common::ITEMS {
        let mut item = common::item(i);
        key(i, &mut item);
        let input = PutItemInput { table_name: name.clone(), item, ..PutItemInput::default() };
        assert!(db.put_item(input, 0).is_ok());
    }
    let allocated = (live_bytes() - before) as f64 / common::ITEMS as f64;
    let Some(t) = db.table(&name) else { panic!("table {name} vanished") };
    let n = t.item_count.max(1) as f64;
    let packed: usize = t.parts.values().flat_map(|p| p.items.values()).map(|s| s.item.encoded_len()).sum();
    Footprint {
        allocated,
        item: t.size_bytes as f64 / n,
        index: t.index_data.iter().map(|d| d.size_bytes).sum::<u64>() as f64 / n,
        packed: packed as f64 / n,
    }
}

fn print_footprint(label: &str, f: &Footprint) {
    println!(
        "memory per item, {label}: {:.0} B for a {:.0} B DynamoDB item ({:.0} B packed): {:.2}x, or 2x {} {:.0} B",
        f.allocated,
        f.item,
        f.packed,
        f.allocated / f.item,
        if f.allocated >= 2.0 * f.item { '+' } else { '-' },
        (f.allocated - 2.0 * f.item).abs()
    );
}

fn memory() {
    use engine::value::AttributeValue;
    let flat = serde_json::json!({"TableName": "Flat",
        "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}],
        "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}], "BillingMode": "PAY_PER_REQUEST"});
    let one_per_partition = |i: u64, item: &mut engine::value::Item| {
        item.insert("pk".into(), AttributeValue::S(format!("customer#{i:07}")));
    };
    let f = footprint(flat, one_per_partition);
    print_footprint("partition key only, no index", &f);
    let plain = serde_json::json!({"TableName": "Plain",
        "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}, {"AttributeName": "sk", "AttributeType": "S"}],
        "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}],
        "BillingMode": "PAY_PER_REQUEST"});
    let p = footprint(plain, |_, _| ());
    print_footprint("50 items per partition, no index", &p);
    let with_gsis = common::setup_request();
    let g = footprint(with_gsis, |_, _| ());
    print_footprint("50 items per partition, 2 GSIs", &g);
    println!(
        "  of which the 2 GSI entries: {:.0} B ({:.0} B each; DynamoDB sizes them at {:.0} B together); all told {:.2}x what DynamoDB stores for the item and its index entries ({:.0} B)",
        g.allocated - p.allocated,
        (g.allocated - p.allocated) / 2.0,
        g.index,
        g.allocated / (g.item + g.index),
        g.item + g.index
    );
}

fn main() {
    let (mut put, mut get, mut query, mut filtered, mut overwrite) = (vec![], vec![], vec![], vec![], vec![]);
    for _ in 0..RUNS {
        let mut db = common::setup();
        let (s, n) = timed(|| common::put_range(&mut db, 0, common::ITEMS));
        assert_eq!(n, common::ITEMS);
        put.push(s);
        let (s, n) = timed(|| common::gets(&db, 1_000_000, 7));
        assert_eq!(n, 1_000_000);
        get.push(s);
        let (s, n) = timed(|| common::queries(&db, 200_000, 11, false));
        assert_eq!(n, 200_000 * 20);
        query.push(s);
        let (s, n) = timed(|| common::queries(&db, 50_000, 13, true));
        assert_eq!(n, 50_000 * 20);
        filtered.push(s);
        let (s, _) = timed(|| common::put_range(&mut db, 0, common::ITEMS));
        overwrite.push(s);
    }
    report("PutItem (new, 2 GSIs)", common::ITEMS, &put);
    report("GetItem (random key)", 1_000_000, &get);
    report("Query (Limit 20)", 200_000, &query);
    report("Query (Limit 20, filter)", 50_000, &filtered);
    report("PutItem (overwrite)", common::ITEMS, &overwrite);
    memory();
}
