//! Data-driven operation cases: every file under tests/data/ops/ holds cases, each a sequence of
//! requests (DynamoDB JSON) with the exact expected response or error. One harness, one `check`.
//!
//! Step fields: `action`, `input`, optional `now` (ms, default 1700000000000), and one of
//! `output` (exact JSON equality), `output_subset` (every field given must match; objects may carry
//! more fields, arrays must match element by element), `error` (`{"type", "message"}`; `message`
//! may be omitted) or nothing (must succeed). Strings `"$repeat(c,n)"` expand to n copies of c.
//! Capacity figures in the files are computed by hand from the item sizes (see the case names).

use std::fs;
use std::path::Path;

use engine::db::Database;
use serde_json::Value;

const DEFAULT_NOW: u64 = 1_700_000_000_000;

/// Expand `"$repeat(c,n)"` strings (n copies of the character c) so big items stay readable in files.
fn expand(v: &mut Value) {
    match v {
        Value::String(s) if s.starts_with("$repeat(") && s.ends_with(')') => {
            let inner = &s["$repeat(".len()..s.len() - 1];
            if let Some((c, n)) = inner.split_once(',') {
                if let Ok(n) = n.trim().parse::<usize>() {
                    *s = c.repeat(n);
                }
            }
        }
        Value::Array(a) => a.iter_mut().for_each(expand),
        Value::Object(o) => o.values_mut().for_each(expand),
        _ => {}
    }
}

fn subset(expected: &Value, actual: &Value) -> bool {
    match (expected, actual) {
        (Value::Object(e), Value::Object(a)) => e.iter().all(|(k, v)| a.get(k).is_some_and(|av| subset(v, av))),
        (Value::Array(e), Value::Array(a)) => e.len() == a.len() && e.iter().zip(a).all(|(x, y)| subset(x, y)),
        _ => expected == actual,
    }
}

fn check(file: &str, case: &Value) -> Result<(), String> {
    let name = case["name"].as_str().unwrap_or("?");
    let mut db = Database::default();
    let steps = case["steps"].as_array().ok_or(format!("{file}/{name}: no steps"))?;
    for (i, step) in steps.iter().enumerate() {
        let action = step["action"].as_str().ok_or(format!("{file}/{name}#{i}: no action"))?;
        let now = step.get("now").and_then(Value::as_u64).unwrap_or(DEFAULT_NOW);
        let at = format!("{file} / {name} / step {i} ({action})");
        let got = db.execute(action, &step["input"], now);
        match (got, step.get("error")) {
            (Ok(out), None) => {
                if let Some(exp) = step.get("output") {
                    if &out != exp {
                        return Err(format!("{at}: output differs\n expected {exp}\n actual   {out}"));
                    }
                }
                if let Some(exp) = step.get("output_subset") {
                    if !subset(exp, &out) {
                        return Err(format!("{at}: output does not contain expected fields\n expected {exp}\n actual   {out}"));
                    }
                }
            }
            (Ok(out), Some(e)) => return Err(format!("{at}: expected error {e}, got {out}")),
            (Err(err), None) => return Err(format!("{at}: unexpected error {err}")),
            (Err(err), Some(e)) => {
                if e["type"].as_str() != Some(err.type_name()) {
                    return Err(format!("{at}: expected {e}, got {err}"));
                }
                if let Some(m) = e.get("message").and_then(Value::as_str) {
                    if m != err.message() {
                        return Err(format!("{at}: message differs\n expected {m}\n actual   {}", err.message()));
                    }
                }
                if let Some(item) = e.get("item") {
                    let got = match &err {
                        engine::error::ApiError::ConditionalCheckFailed { item: Some(i), .. } => engine::value::item_to_json(i),
                        _ => Value::Null,
                    };
                    if &got != item {
                        return Err(format!("{at}: error item differs\n expected {item}\n actual   {got}"));
                    }
                }
            }
        }
    }
    Ok(())
}

#[test]
fn ops_cases() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/ops");
    let mut files: Vec<_> = fs::read_dir(&dir).expect("tests/data/ops exists").flatten().map(|e| e.path()).collect();
    files.sort();
    let (mut passed, mut failures) = (0, Vec::new());
    for path in files.iter().filter(|p| p.extension().is_some_and(|e| e == "json")) {
        let text = fs::read_to_string(path).expect("readable case file");
        let mut doc: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        expand(&mut doc);
        let file = path.file_name().and_then(|f| f.to_str()).unwrap_or("?").to_string();
        for case in doc["cases"].as_array().expect("cases array") {
            match check(&file, case) {
                Ok(()) => passed += 1,
                Err(e) => failures.push(e),
            }
        }
    }
    assert!(passed + failures.len() > 0, "no cases found");
    assert!(failures.is_empty(), "{} of {} cases failed:\n\n{}", failures.len(), passed + failures.len(), failures.join("\n\n"));
    println!("{passed} cases passed");
}
