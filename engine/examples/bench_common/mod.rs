//! The benchmark workload shared by the native binary (`examples/bench.rs`) and the wasm module
//! (`examples/bench_wasm.rs`): a 100k-item table with two GSIs, loaded with PutItem, then random
//! GetItems and 20-item Queries, all through the typed API.

pub mod counting;

use engine::api::read::{GetItemInput, QueryInput, ReadExpressions};
use engine::api::write::PutItemInput;
use engine::db::Database;
use engine::number::Number;
use engine::value::{AttributeValue, Item};

pub const ITEMS: u64 = 100_000;
/// Items per partition: a Query with Limit 20 always finds 20.
pub const PER_PARTITION: u64 = 50;

pub fn setup() -> Database {
    let mut db = Database::default();
    let req = setup_request();
    if let Err(e) = db.execute("CreateTable", &req, 0) {
        panic!("create table: {e}");
    }
    db
}

/// The CreateTable request of the benchmark table.
pub fn setup_request() -> serde_json::Value {
    serde_json::json!({"TableName": "Bench",
        "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}, {"AttributeName": "sk", "AttributeType": "S"},
            {"AttributeName": "g1pk", "AttributeType": "S"}, {"AttributeName": "g2pk", "AttributeType": "S"}, {"AttributeName": "g2sk", "AttributeType": "N"}],
        "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}],
        "BillingMode": "PAY_PER_REQUEST",
        "GlobalSecondaryIndexes": [
            {"IndexName": "gsi1", "KeySchema": [{"AttributeName": "g1pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}], "Projection": {"ProjectionType": "ALL"}},
            {"IndexName": "gsi2", "KeySchema": [{"AttributeName": "g2pk", "KeyType": "HASH"}, {"AttributeName": "g2sk", "KeyType": "RANGE"}], "Projection": {"ProjectionType": "KEYS_ONLY"}}]})
}

fn s(v: String) -> AttributeValue {
    AttributeValue::S(v)
}

fn n(v: i64) -> AttributeValue {
    AttributeValue::N(Number::from_i64(v))
}

pub fn key(i: u64) -> Item {
    let mut k = Item::new();
    k.insert("pk".into(), s(format!("customer#{:06}", i / PER_PARTITION)));
    k.insert("sk".into(), s(format!("order#{:04}", i % PER_PARTITION)));
    k
}

pub fn item(i: u64) -> Item {
    let mut it = key(i);
    it.insert("g1pk".into(), s(format!("region#{:03}", i % 997)));
    it.insert("g2pk".into(), s(format!("status#{}", i % 7)));
    it.insert("g2sk".into(), n(i as i64));
    it.insert("name".into(), s(format!("product name {i:08}")));
    it.insert("price".into(), n((i % 10_000) as i64 * 3 + 99));
    it.insert("qty".into(), n((i % 13) as i64));
    it
}

/// A small deterministic generator (no clock, no OS randomness).
pub struct Lcg(pub u64);
impl Lcg {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        self.0 >> 33
    }
}

pub fn put_range(db: &mut Database, from: u64, to: u64) -> u64 {
    let mut ok = 0;
    for i in from..to {
        let input = PutItemInput { table_name: "Bench".into(), item: item(i), ..PutItemInput::default() };
        if db.put_item(input, 0).is_ok() {
            ok += 1;
        }
    }
    ok
}

pub fn gets(db: &Database, count: u64, seed: u64) -> u64 {
    let mut rng = Lcg(seed);
    let mut found = 0;
    for _ in 0..count {
        let input = GetItemInput { table_name: "Bench".into(), key: key(rng.next() % ITEMS), ..GetItemInput::default() };
        if let Ok(out) = db.get_item(&input) {
            found += u64::from(out.item.is_some());
        }
    }
    found
}

/// `filtered`: with a FilterExpression that keeps every item, so each item read is also evaluated.
pub fn queries(db: &Database, count: u64, seed: u64, filtered: bool) -> u64 {
    let mut rng = Lcg(seed);
    let mut items = 0;
    let partitions = ITEMS / PER_PARTITION;
    for _ in 0..count {
        let mut values = engine::value::Item::new();
        values.insert(":p".to_string(), s(format!("customer#{:06}", rng.next() % partitions)));
        if filtered {
            values.insert(":z".to_string(), n(0));
        }
        let input = QueryInput {
            table_name: "Bench".into(),
            limit: Some(20),
            scan_index_forward: true,
            expressions: ReadExpressions {
                key_condition_expression: Some("pk = :p".into()),
                filter_expression: filtered.then(|| "qty >= :z".into()),
                values: Some(values),
                ..ReadExpressions::default()
            },
            ..QueryInput::default()
        };
        if let Ok(out) = db.query(&input, 0) {
            items += out.count;
        }
    }
    items
}
