//! A GSI with a multi-attribute key (two HASH and three RANGE attributes, of mixed types) against a
//! naive reference: which items the index holds (every key attribute present), and what a Query with a
//! random valid key condition returns, page by page, in which order (the RANGE attributes compared one
//! after another, numbers as numbers, then the table key), forwards and backwards.

use std::cmp::Ordering;

use engine::config::DatabaseConfig;
use engine::db::Database;
use proptest::prelude::*;
use serde_json::{json, Value};

/// One item: table key `pk`, HASH attributes `t` (S) and `g` (N), RANGE attributes `a` (S), `n` (N)
/// and `c` (B, as bytes); `None` leaves the attribute out.
#[derive(Debug, Clone)]
struct Row {
    pk: u16,
    t: Option<&'static str>,
    g: Option<i8>,
    a: Option<&'static str>,
    n: Option<i16>,
    c: Option<Vec<u8>>,
}

fn row() -> impl Strategy<Value = Row> {
    let s = || proptest::option::weighted(0.9, prop::sample::select(vec!["", "a", "ab", "b", "a\u{e9}", "B"]));
    (
        0u16..200,
        proptest::option::weighted(0.95, prop::sample::select(vec!["x", "y"])),
        proptest::option::weighted(0.95, -1i8..2),
        s(),
        proptest::option::weighted(0.9, -20i16..20),
        proptest::option::weighted(0.9, proptest::collection::vec(prop_oneof![Just(0u8), Just(1), Just(255), any::<u8>()], 0..3)),
    )
        .prop_map(|(pk, t, g, a, n, c)| Row { pk, t, g, a: a.filter(|s| !s.is_empty()), n, c: c.filter(|c| !c.is_empty()) })
}

fn b64(b: &[u8]) -> String {
    use base64::Engine;
    base64::engine::general_purpose::STANDARD.encode(b)
}

fn item(r: &Row) -> Value {
    let mut m = serde_json::Map::new();
    m.insert("pk".into(), json!({"N": r.pk.to_string()}));
    if let Some(v) = r.t {
        m.insert("t".into(), json!({"S": v}));
    }
    if let Some(v) = r.g {
        m.insert("g".into(), json!({"N": v.to_string()}));
    }
    if let Some(v) = r.a {
        m.insert("a".into(), json!({"S": v}));
    }
    if let Some(v) = r.n {
        m.insert("n".into(), json!({"N": v.to_string()}));
    }
    if let Some(v) = &r.c {
        m.insert("c".into(), json!({"B": b64(v)}));
    }
    Value::Object(m)
}

/// A range condition's operator.
#[derive(Debug, Clone, Copy)]
enum Op {
    Eq,
    Lt,
    Le,
    Gt,
    Ge,
    Between,
    BeginsWith,
}

/// A key condition: both HASH values, equalities on the first `eq` RANGE attributes, and optionally a
/// condition on the next one.
#[derive(Debug, Clone)]
struct Cond {
    t: &'static str,
    g: i8,
    a: &'static str,
    n: i16,
    c: Vec<u8>,
    eq: usize,
    last: Option<(Op, i16, i16, &'static str, &'static str)>,
}

fn cond() -> impl Strategy<Value = Cond> {
    let op = prop::sample::select(vec![Op::Eq, Op::Lt, Op::Le, Op::Gt, Op::Ge, Op::Between, Op::BeginsWith]);
    let s = || prop::sample::select(vec!["a", "ab", "b", "a\u{e9}", "B", "A"]);
    (
        prop::sample::select(vec!["x", "y"]),
        -1i8..2,
        s(),
        -20i16..20,
        proptest::collection::vec(any::<u8>(), 1..3),
        0usize..4,
        proptest::option::of((op, -20i16..20, -20i16..20, s(), s())),
    )
        .prop_map(|(t, g, a, n, c, eq, last)| Cond { t, g, a, n, c, eq: eq.min(3), last: if eq >= 3 { None } else { last } })
}

/// The key condition expression and its values.
fn request(c: &Cond) -> (String, Value) {
    let mut parts = vec!["t = :t".to_string(), "g = :g".to_string()];
    let mut vals = json!({":t": {"S": c.t}, ":g": {"N": c.g.to_string()}});
    let names = ["a", "n", "c"];
    let value = |i: usize, which: u8| -> Value {
        match (i, which) {
            (0, 0) => json!({"S": c.a}),
            (1, 0) => json!({"N": c.n.to_string()}),
            (2, _) => json!({"B": b64(&c.c)}),
            (0, 1) => json!({"S": c.last.map_or("", |l| l.3)}),
            (0, _) => json!({"S": c.last.map_or("", |l| l.4)}),
            (1, 1) => json!({"N": c.last.map_or(0, |l| l.1).to_string()}),
            (_, _) => json!({"N": c.last.map_or(0, |l| l.2).to_string()}),
        }
    };
    for (i, name) in names.iter().enumerate().take(c.eq) {
        parts.push(format!("{name} = :e{i}"));
        vals[format!(":e{i}")] = value(i, 0);
    }
    if let Some((op, ..)) = c.last {
        let i = c.eq;
        let name = names[i];
        vals[":lo"] = value(i, 1);
        let text = match op {
            Op::Eq => format!("{name} = :lo"),
            Op::Lt => format!("{name} < :lo"),
            Op::Le => format!("{name} <= :lo"),
            Op::Gt => format!(":lo < {name}"),
            Op::Ge => format!("{name} >= :lo"),
            Op::Between => {
                vals[":hi"] = value(i, 2);
                format!("{name} BETWEEN :lo AND :hi")
            }
            Op::BeginsWith => format!("begins_with({name}, :lo)"),
        };
        parts.push(text);
    }
    parts.reverse(); // clauses in any order
    (parts.join(" AND "), vals)
}

/// Whether a BETWEEN's bounds are in order, as DynamoDB requires (otherwise the request is refused).
fn between_ok(c: &Cond) -> bool {
    match c.last {
        Some((Op::Between, lo, hi, slo, shi)) => match c.eq {
            0 => slo.as_bytes() <= shi.as_bytes(),
            1 => lo <= hi,
            _ => true,
        },
        Some((Op::BeginsWith, ..)) => c.eq != 1, // begins_with is refused on a number
        _ => true,
    }
}

fn cmp_range(x: &Row, y: &Row) -> Ordering {
    (x.a.map(str::as_bytes), x.n, &x.c).cmp(&(y.a.map(str::as_bytes), y.n, &y.c)).then(x.pk.cmp(&y.pk))
}

/// The naive reference: every item holding all key attributes that meets the condition, in index order.
fn expected(rows: &[Row], c: &Cond) -> Vec<u16> {
    let mut out: Vec<&Row> = rows
        .iter()
        .filter(|r| r.t.is_some() && r.g.is_some() && r.a.is_some() && r.n.is_some() && r.c.is_some())
        .filter(|r| r.t == Some(c.t) && r.g == Some(c.g))
        .filter(|r| {
            let eqs = [r.a == Some(c.a), r.n == Some(c.n), r.c.as_deref() == Some(&c.c[..])];
            if !eqs[..c.eq].iter().all(|b| *b) {
                return false;
            }
            let Some((op, lo, hi, slo, shi)) = c.last else { return true };
            match c.eq {
                0 => {
                    let v = r.a.unwrap_or_default().as_bytes();
                    match op {
                        Op::Eq => v == slo.as_bytes(),
                        Op::Lt => v < slo.as_bytes(),
                        Op::Le => v <= slo.as_bytes(),
                        Op::Gt => v > slo.as_bytes(),
                        Op::Ge => v >= slo.as_bytes(),
                        Op::Between => slo.as_bytes() <= v && v <= shi.as_bytes(),
                        Op::BeginsWith => v.starts_with(slo.as_bytes()),
                    }
                }
                1 => {
                    let v = r.n.unwrap_or_default();
                    match op {
                        Op::Eq => v == lo,
                        Op::Lt => v < lo,
                        Op::Le => v <= lo,
                        Op::Gt => v > lo,
                        Op::Ge => v >= lo,
                        Op::Between => lo <= v && v <= hi,
                        Op::BeginsWith => false,
                    }
                }
                _ => {
                    let v = r.c.as_deref().unwrap_or_default();
                    let x = &c.c[..];
                    match op {
                        Op::Eq => v == x,
                        Op::Lt => v < x,
                        Op::Le => v <= x,
                        Op::Gt => v > x,
                        Op::Ge => v >= x,
                        // Both bounds are the condition's bytes (`request`).
                        Op::Between => v == x,
                        Op::BeginsWith => v.starts_with(x),
                    }
                }
            }
        })
        .collect();
    out.sort_by(|x, y| cmp_range(x, y));
    out.into_iter().map(|r| r.pk).collect()
}

fn database(rows: &[Row]) -> (Database, Vec<Row>) {
    let mut db = Database::new(DatabaseConfig::default());
    let create = json!({
        "TableName": "Tasks", "BillingMode": "PAY_PER_REQUEST",
        "AttributeDefinitions": [
            {"AttributeName": "pk", "AttributeType": "N"}, {"AttributeName": "t", "AttributeType": "S"},
            {"AttributeName": "g", "AttributeType": "N"}, {"AttributeName": "a", "AttributeType": "S"},
            {"AttributeName": "n", "AttributeType": "N"}, {"AttributeName": "c", "AttributeType": "B"}
        ],
        "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
        "GlobalSecondaryIndexes": [{
            "IndexName": "gsi",
            "KeySchema": [
                {"AttributeName": "t", "KeyType": "HASH"}, {"AttributeName": "g", "KeyType": "HASH"},
                {"AttributeName": "a", "KeyType": "RANGE"}, {"AttributeName": "n", "KeyType": "RANGE"},
                {"AttributeName": "c", "KeyType": "RANGE"}
            ],
            "Projection": {"ProjectionType": "KEYS_ONLY"}
        }]
    });
    db.execute("CreateTable", &create, 0).expect("table created");
    // The last write of a key wins, as in the table.
    let mut kept: Vec<Row> = Vec::new();
    for r in rows {
        db.execute("PutItem", &json!({"TableName": "Tasks", "Item": item(r)}), 0).expect("item stored");
        kept.retain(|k| k.pk != r.pk);
        kept.push(r.clone());
    }
    (db, kept)
}

fn pks(items: &Value) -> Vec<u16> {
    items.as_array().into_iter().flatten().filter_map(|i| i["pk"]["N"].as_str()?.parse().ok()).collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn query_matches_the_naive_reference(rows in proptest::collection::vec(row(), 0..60), c in cond(), limit in 1u32..7, forward in any::<bool>()) {
        prop_assume!(between_ok(&c));
        let (mut db, kept) = database(&rows);
        let (kce, vals) = request(&c);
        let mut want = expected(&kept, &c);
        if !forward {
            want.reverse();
        }
        let mut got = Vec::new();
        let mut start: Option<Value> = None;
        for _ in 0..200 {
            let mut req = json!({"TableName": "Tasks", "IndexName": "gsi", "KeyConditionExpression": kce,
                "ExpressionAttributeValues": vals, "Limit": limit, "ScanIndexForward": forward});
            if let Some(s) = &start {
                req["ExclusiveStartKey"] = s.clone();
            }
            let out = db.execute("Query", &req, 0).map_err(|e| TestCaseError::fail(format!("{kce}: {e}")))?;
            got.extend(pks(&out["Items"]));
            match out.get("LastEvaluatedKey") {
                Some(k) => {
                    // Every key attribute of the table and the index, and nothing else.
                    let mut names: Vec<&str> = k.as_object().into_iter().flatten().map(|(n, _)| n.as_str()).collect();
                    names.sort();
                    prop_assert_eq!(names, vec!["a", "c", "g", "n", "pk", "t"]);
                    start = Some(k.clone());
                }
                None => break,
            }
        }
        prop_assert_eq!(got, want, "{}", kce);
    }

    #[test]
    fn index_holds_the_items_with_every_key_attribute(rows in proptest::collection::vec(row(), 0..60)) {
        let (mut db, kept) = database(&rows);
        let out = db.execute("Scan", &json!({"TableName": "Tasks", "IndexName": "gsi"}), 0).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let mut got = pks(&out["Items"]);
        got.sort();
        let mut want: Vec<u16> = kept.iter().filter(|r| r.t.is_some() && r.g.is_some() && r.a.is_some() && r.n.is_some() && r.c.is_some()).map(|r| r.pk).collect();
        want.sort();
        prop_assert_eq!(got, want);
    }
}
