//! `Workload::from_json`: every case file's workload reads, and reads back the same from what
//! `Serialize` writes; defaults fill what a workload leaves out; every fault is named by its path.

use serde_json::{json, Value};
use sim::distribution::Distribution;
use sim::rate::Rate;
use sim::workload::{Capacity, Op};
use sim::Workload;

fn case_workloads() -> Vec<(String, Value)> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/scenarios");
    let mut paths: Vec<_> = std::fs::read_dir(dir).expect("scenario dir").filter_map(|e| e.ok()).map(|e| e.path()).collect();
    paths.sort();
    paths
        .iter()
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .map(|p| {
            let case: Value = serde_json::from_str(&std::fs::read_to_string(p).expect("read")).expect("json");
            (p.display().to_string(), case["workload"].clone())
        })
        .collect()
}

#[test]
fn every_case_file_reads_and_round_trips_through_serialize() {
    let cases = case_workloads();
    assert!(cases.len() >= 9);
    for (name, v) in cases {
        let w = Workload::from_json(&v).unwrap_or_else(|e| panic!("{name}: {e}"));
        let written = serde_json::to_value(&w).expect("serialize");
        let back = Workload::from_json(&written).unwrap_or_else(|e| panic!("{name}: reading back {written}: {e}"));
        assert_eq!(back, w, "{name}");
    }
}

#[test]
fn defaults_fill_what_a_workload_leaves_out() {
    let w = Workload::from_json(&json!({"duration_seconds": 5, "patterns": [
        {"name": "p", "table": "T", "op": "Query", "rate": {"shape": "daily_wave", "mean": 2, "amplitude": 1.5}}
    ]}))
    .expect("valid");
    assert_eq!((w.seed, w.start_unix_seconds, w.top_keys, w.per_second), (0, 1_796_083_200, 10, true));
    assert!(w.tables.is_empty());
    let p = &w.patterns[0];
    assert_eq!(p.op, Op::Query);
    assert_eq!((p.key_count, p.batch_size, p.consistent_read, p.limit, p.item_bytes), (1, 1, false, None, None));
    assert_eq!(p.distribution, Distribution::Uniform);
    assert_eq!(p.rate, Rate::DailyWave { mean: 2.0, amplitude: 1.5, period_seconds: 86_400, peak_second: 0 });

    let w = Workload::from_json(&json!({"duration_seconds": 1, "patterns": [], "tables": [
        {"table": "T", "capacity": {"mode": "on_demand"}, "indexes": {"G": {"mode": "provisioned", "read_units": 5, "write_units": 6}}, "size_bytes": null}
    ]}))
    .expect("valid");
    let t = &w.tables[0];
    assert_eq!(t.capacity, Some(Capacity::OnDemand { warm_read_units: None, warm_write_units: None }));
    assert_eq!(t.indexes["G"], Capacity::Provisioned { read_units: 5, write_units: 6 });
    assert_eq!((t.size_bytes, t.adaptive_capacity, t.burst_capacity, t.auto_scaling.is_none()), (None, true, true, true));
}

#[test]
fn faults_are_named_by_their_path() {
    let pattern = |extra: Value| {
        let mut p = json!({"name": "p", "table": "T", "op": "GetItem", "rate": {"shape": "constant", "per_second": 1}});
        if let (Some(p), Some(e)) = (p.as_object_mut(), extra.as_object()) {
            for (k, v) in e {
                p.insert(k.clone(), v.clone());
            }
        }
        json!({"duration_seconds": 1, "patterns": [p]})
    };
    let cases: Vec<(Value, &str)> = vec![
        (json!([]), "workload: expected an object"),
        (json!({"patterns": []}), "workload: missing field `duration_seconds`"),
        (json!({"duration_seconds": -1, "patterns": []}), "duration_seconds: invalid value: integer `-1`, expected u32"),
        (json!({"duration_seconds": 4_294_967_296u64, "patterns": []}), "duration_seconds: invalid value: integer `4294967296`, expected u32"),
        (json!({"duration_seconds": 1}), "workload: missing field `patterns`"),
        (json!({"duration_seconds": 1, "patterns": {}}), "patterns: invalid type: map, expected a sequence"),
        (json!({"duration_seconds": 1, "patterns": [], "speed": 2}), "speed: unknown field `speed`, expected one of `seed`, `duration_seconds`, `start_unix_seconds`, `top_keys`, `per_second`, `tables`, `patterns`"),
        (json!({"duration_seconds": 1, "patterns": [], "per_second": "yes"}), "per_second: invalid type: string \"yes\", expected a boolean"),
        (pattern(json!({"op": "Get"})), "patterns[0].op: unknown variant `Get`, expected one of `GetItem`, `Query`, `Scan`, `PutItem`, `UpdateItem`, `DeleteItem`, `BatchGetItem`, `BatchWriteItem`, `TransactGetItems`, `TransactWriteItems`"),
        (pattern(json!({"rate": {"shape": "flat"}})), "patterns[0].rate.shape: unknown variant `flat`, expected one of `constant`, `ramp`, `spike`, `daily_wave`"),
        (pattern(json!({"rate": {"per_second": 3}})), "patterns[0].rate: missing field `shape`"),
        (pattern(json!({"rate": {"shape": "ramp", "from": 1}})), "patterns[0].rate: missing field `to`"),
        (pattern(json!({"rate": {"shape": "constant", "per_second": "3"}})), "patterns[0].rate: invalid type: string \"3\", expected f64"),
        (pattern(json!({"rate": {"shape": "constant", "per_second": 3, "to": 4}})), "patterns[0].rate: unknown field `to`, expected `per_second`"),
        (pattern(json!({"distribution": {"kind": "zipf"}})), "patterns[0].distribution: missing field `s`"),
        (pattern(json!({"key": {"PK": 7}})), "patterns[0].key.PK: invalid type: integer `7`, expected a string"),
        (pattern(json!({"item": []})), "patterns[0].item: invalid type: sequence, expected a map"),
        (pattern(json!({"limit": 1.5})), "patterns[0].limit: invalid type: floating point `1.5`, expected u32"),
        (json!({"duration_seconds": 1, "patterns": [], "tables": [{"table": "T", "capacity": {"mode": "provisioned", "read_units": 1}}]}), "tables[0].capacity: missing field `write_units`"),
        (json!({"duration_seconds": 1, "patterns": [], "tables": [{"table": "T", "indexes": {"G": {"mode": "x"}}}]}), "tables[0].indexes.G.mode: unknown variant `x`, expected `on_demand` or `provisioned`"),
        (json!({"duration_seconds": 1, "patterns": [], "tables": [{"table": "T", "auto_scaling": {"target_percent": 70}}]}), "tables[0].auto_scaling: missing field `min_read`"),
    ];
    for (input, want) in cases {
        match Workload::from_json(&input) {
            Ok(w) => panic!("{input} read as {w:?}, expected {want}"),
            Err(e) => assert_eq!(e.to_string(), want, "{input}"),
        }
    }
}
