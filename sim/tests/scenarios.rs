//! The seed scenarios and the partition model's hand-computed cases, as data: each file in
//! `data/scenarios/` holds tables (CreateTable inputs), optional items, a workload, and what must
//! happen (request totals, throttles with their reasons, hottest keys, partition counts, per-second
//! figures). Every expectation is computed by hand in the file's `why`.

use engine::db::Database;
use serde_json::Value;
use sim::report::Report;
use sim::Workload;

fn load(case: &Value) -> Database {
    let mut db = Database::default();
    for t in case["tables"].as_array().into_iter().flatten() {
        db.execute("CreateTable", t, 0).unwrap_or_else(|e| panic!("CreateTable: {e:?}"));
    }
    if let Some(items) = case["items"].as_object() {
        for (table, list) in items {
            for item in list.as_array().into_iter().flatten() {
                db.execute("PutItem", &serde_json::json!({"TableName": table, "Item": item}), 0).unwrap_or_else(|e| panic!("PutItem: {e:?}"));
            }
        }
    }
    db
}

fn target_matches(v: &Value, table: &str, index: &Option<String>) -> bool {
    v["table"].as_str() == Some(table) && v["index"].as_str() == index.as_deref()
}

fn check(name: &str, case: &Value, r: &Report) -> Vec<String> {
    let mut fails = Vec::new();
    let e = &case["expect"];
    let mut want = |what: String, ok: bool| {
        if !ok {
            fails.push(format!("{name}: {what}"));
        }
    };
    for (pattern, exp) in e["patterns"].as_object().into_iter().flatten() {
        let Some(t) = r.totals.patterns.iter().find(|p| &p.pattern == pattern) else {
            want(format!("no totals for pattern {pattern}"), false);
            continue;
        };
        for (field, got) in [("requests", t.requests), ("served", t.served), ("throttled", t.throttled), ("reads_within_index_lag", t.reads_within_index_lag)] {
            if let Some(n) = exp[field].as_u64() {
                want(format!("{pattern}.{field} = {got}, expected {n}"), got == n);
            }
            if let Some(n) = exp[format!("{field}_min")].as_u64() {
                want(format!("{pattern}.{field} = {got}, expected at least {n}"), got >= n);
            }
            if let Some(n) = exp[format!("{field}_max")].as_u64() {
                want(format!("{pattern}.{field} = {got}, expected at most {n}"), got <= n);
            }
        }
    }
    for exp in e["reasons"].as_array().into_iter().flatten() {
        let got: u64 = r
            .totals
            .throttles
            .iter()
            .filter(|t| Some(t.pattern.as_str()) == exp["pattern"].as_str())
            .filter(|t| serde_json::to_value(t.reason).ok().as_ref() == Some(&exp["reason"]))
            .filter(|t| exp.get("index").is_none() || t.index.as_deref() == exp["index"].as_str())
            .map(|t| t.requests)
            .sum();
        let label = format!("throttles {exp}: {got}");
        if let Some(n) = exp["exact"].as_u64() {
            want(label.clone(), got == n);
        }
        if let Some(n) = exp["min"].as_u64() {
            want(label.clone(), got >= n);
        }
        if let Some(n) = exp["max"].as_u64() {
            want(label, got <= n);
        }
    }
    for exp in e["top_accessed"].as_array().into_iter().flatten() {
        let first = r.totals.top_accessed.iter().find(|k| target_matches(exp, &k.table, &k.index));
        want(format!("hottest key of {exp}: {:?}", first.map(|k| &k.key)), first.map(|k| k.key.as_str()) == exp["key"].as_str());
    }
    for exp in e["top_throttled"].as_array().into_iter().flatten() {
        let first = r.totals.top_throttled.iter().find(|k| target_matches(exp, &k.table, &k.index));
        want(format!("most throttled key of {exp}: {:?}", first.map(|k| &k.key)), first.map(|k| k.key.as_str()) == exp["key"].as_str());
    }
    for exp in e["partitions"].as_array().into_iter().flatten() {
        let t = r.totals.targets.iter().find(|t| target_matches(exp, &t.table, &t.index));
        let got = t.map(|t| t.partitions);
        want(format!("partitions of {exp}: {got:?}"), got.map(u64::from) == exp["count"].as_u64());
    }
    for exp in e["seconds"].as_array().into_iter().flatten() {
        let s = exp["second"].as_u64().and_then(|n| r.seconds.iter().find(|s| u64::from(s.second) == n));
        let Some(s) = s else {
            want(format!("no second {}", exp["second"]), false);
            continue;
        };
        if let Some(n) = exp["throttled"].as_u64() {
            want(format!("second {} throttled {}, expected {n}", s.second, s.throttled), s.throttled == n);
        }
        if let Some(n) = exp["requests"].as_u64() {
            want(format!("second {} requests {}, expected {n}", s.second, s.requests), s.requests == n);
        }
    }
    for exp in e["targets"].as_array().into_iter().flatten() {
        let t = r.totals.targets.iter().find(|t| target_matches(exp, &t.table, &t.index));
        for field in ["read_half_units", "write_half_units"] {
            if let Some(n) = exp[field].as_u64() {
                let got = t.map(|t| if field == "read_half_units" { t.read_half_units } else { t.write_half_units });
                want(format!("{field} of {exp}: {got:?}, expected {n}"), got == Some(n));
            }
        }
    }
    if let Some(n) = e["gsi_write_amplification_milli"].as_u64() {
        let got = r.totals.gsi_write_amplification_milli;
        want(format!("GSI write amplification {got}, expected {n}"), got == n);
    }
    fails
}

#[test]
fn scenario_files() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/scenarios");
    let mut paths: Vec<_> = std::fs::read_dir(dir).expect("scenario dir").filter_map(|e| e.ok()).map(|e| e.path()).collect();
    paths.sort();
    let mut fails = Vec::new();
    let mut ran = 0;
    for path in paths.iter().filter(|p| p.extension().is_some_and(|x| x == "json")) {
        let text = std::fs::read_to_string(path).expect("read");
        let case: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let db = load(&case);
        let workload: Workload = Workload::from_json(&case["workload"]).unwrap_or_else(|e| panic!("{name}: workload: {e}"));
        let report = match sim::simulate(&db, workload.clone()) {
            Ok(r) => r,
            Err(e) => {
                fails.push(format!("{name}: {e}"));
                continue;
            }
        };
        // Deterministic: the same seed gives the same report.
        if case["expect"]["deterministic"].as_bool() == Some(true) {
            let again = sim::simulate(&db, workload).map_err(|e| e.to_string());
            if again.as_ref() != Ok(&report) {
                fails.push(format!("{name}: a second run differs"));
            }
        }
        fails.extend(check(&name, &case, &report));
        ran += 1;
    }
    assert!(ran >= 8, "expected the scenario files, ran {ran}");
    assert!(fails.is_empty(), "{} failures:\n{}", fails.len(), fails.join("\n"));
}
