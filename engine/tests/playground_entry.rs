//! `Database::execute_table_actions` (the playground's entry point, which keeps batch/transaction/
//! TTL/tag/stream parsers out of the wasm bundle) must answer exactly like `execute` for every table
//! and item action. Replays every case under tests/data/ops/ on two databases in lockstep: each step
//! whose action is in the subset goes through both entry points and the results must be identical;
//! steps outside it are applied to both databases through `execute` so later steps see the same state.

use std::fs;
use std::path::{Path, PathBuf};

use engine::db::Database;
use engine::error::ApiError;
use serde_json::Value;

const DEFAULT_NOW: u64 = 1_700_000_000_000;
const TABLE_ACTIONS: [&str; 11] =
    ["CreateTable", "DescribeTable", "ListTables", "UpdateTable", "DeleteTable", "GetItem", "PutItem", "UpdateItem", "DeleteItem", "Query", "Scan"];

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else { return };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            files(&p, out);
        } else if p.extension().is_some_and(|x| x == "json") {
            out.push(p);
        }
    }
}

fn render(r: &Result<Value, ApiError>) -> String {
    match r {
        Ok(v) => format!("ok {v}"),
        Err(e) => format!("err {} {}", e.type_name(), e.message()),
    }
}

#[test]
fn table_actions_entry_matches_execute_on_every_ops_case() {
    let mut paths = Vec::new();
    files(&Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/ops"), &mut paths);
    paths.sort();
    assert!(!paths.is_empty(), "no ops case files found");
    let (mut compared, mut failures) = (0usize, Vec::new());
    for path in &paths {
        let text = fs::read_to_string(path).unwrap_or_default();
        let Ok(doc) = serde_json::from_str::<Value>(&text) else { continue };
        let cases = doc.get("cases").and_then(Value::as_array).cloned().unwrap_or_else(|| doc.as_array().cloned().unwrap_or_default());
        for case in &cases {
            let (mut a, mut b) = (Database::default(), Database::default());
            for step in case["steps"].as_array().into_iter().flatten() {
                let Some(action) = step["action"].as_str() else { continue };
                let now = step.get("now").and_then(Value::as_u64).unwrap_or(DEFAULT_NOW);
                let want = a.execute(action, &step["input"], now);
                let got = if TABLE_ACTIONS.contains(&action) {
                    compared += 1;
                    b.execute_table_actions(action, &step["input"], now)
                } else {
                    b.execute(action, &step["input"], now)
                };
                if render(&want) != render(&got) {
                    failures.push(format!("{} / {} / {action}: execute {} vs table entry {}", path.display(), case["name"], render(&want), render(&got)));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{} differences:\n{}", failures.len(), failures.join("\n"));
    assert!(compared > 100, "only {compared} table/item steps compared");
}

#[test]
fn other_actions_are_unknown_to_the_table_entry() {
    let mut db = Database::default();
    for action in ["BatchWriteItem", "TransactWriteItems", "TagResource", "UpdateTimeToLive", "GetRecords", "Nope"] {
        let r = db.execute_table_actions(action, &serde_json::json!({}), DEFAULT_NOW);
        assert!(matches!(r, Err(ApiError::UnknownOperation)), "{action}: {}", render(&r));
    }
}
