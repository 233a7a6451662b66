//! Data-driven tests for numbers and attribute values. Every `*.json` file under
//! `tests/data/values/` is a list of cases; the file name's prefix says what they exercise:
//!
//! - `number_parse*`:   `{"in": text, "out": canonical}` or `{"in": text, "err": message}`
//! - `number_compare*`: `{"a": n, "b": n, "cmp": "<" | "=" | ">"}`
//! - `number_arith*`:   `{"a": n, "op": "+" | "-", "b": n, "out": canonical}` or `..., "err": message}`
//! - `number_size*`:    `{"in": n, "size": bytes}`
//! - `value_json*`:     `{"in": json, "out": json}` or `{"in": json, "validation"|"serialization": message}`
//! - `item_json*`:      same, for whole items
//! - `value_size*`:     `{"item": ddb-json item, "size": bytes}`
//! - `key*`:            `{"name", "role": "partition"|"sort", "type": "S"|"N"|"B", "value", "err"?}`
//! - `index_key*`:      `{"index", "attr", "type", "value", "write": "put"|"update", "err"?}`
//! - `item_limits*`:    generated items at the 400 KB and 32-level limits (see `item_limits`)
//!
//! A failing case is reported with its file and index; all failures of a kind are listed together.

use std::cmp::Ordering;
use std::fs;
use std::path::PathBuf;

use engine::number::Number;
use engine::value::{
    check_index_key_value, check_item_depth, check_item_size, check_key_type, check_key_value, item_from_json,
    item_size, item_to_json, key_cmp, value_from_json, value_to_json, AttributeValue, IndexKeyWrite, KeyRole,
    ScalarType, ValueError,
};
use serde_json::Value;

fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/values")
}

/// All cases of the files whose name starts with `prefix`, as (label, case).
fn cases(prefix: &str) -> Vec<(String, Value)> {
    let mut files: Vec<PathBuf> = fs::read_dir(data_dir())
        .expect("tests/data/values exists")
        .map(|e| e.expect("readable dir entry").path())
        .filter(|p| {
            let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
            name.starts_with(prefix) && name.ends_with(".json")
        })
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no case files for {prefix}");
    let mut out = Vec::new();
    for f in files {
        let text = fs::read_to_string(&f).expect("readable case file");
        let list: Vec<Value> = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        let name = f.file_name().and_then(|n| n.to_str()).unwrap_or("?").to_string();
        for (i, c) in list.into_iter().enumerate() {
            out.push((format!("{name}[{i}]"), c));
        }
    }
    out
}

fn s<'a>(c: &'a Value, key: &str) -> &'a str {
    c[key].as_str().unwrap_or_else(|| panic!("case field {key} missing: {c}"))
}

fn num(text: &str) -> Number {
    Number::parse(text).unwrap_or_else(|e| panic!("case operand {text:?} does not parse: {e}"))
}

/// Runs `check` on every case and fails once, listing every mismatch.
fn run(prefix: &str, check: impl Fn(&Value) -> Result<(), String>) {
    let all = cases(prefix);
    let failures: Vec<String> =
        all.iter().filter_map(|(label, c)| check(c).err().map(|e| format!("{label}: {e}"))).collect();
    assert!(failures.is_empty(), "{} of {} {prefix} cases failed:\n{}", failures.len(), all.len(), failures.join("\n"));
}

#[test]
fn number_parse() {
    run("number_parse", |c| {
        let input = s(c, "in");
        match (Number::parse(input), c.get("out"), c.get("err")) {
            (Ok(n), Some(out), None) => {
                let got = n.to_string();
                if got != s(c, "out") {
                    return Err(format!("{input:?} printed {got:?}, expected {out}"));
                }
                // The canonical form is a fixed point.
                match Number::parse(&got) {
                    Ok(again) if again == n && again.to_string() == got => Ok(()),
                    other => Err(format!("canonical {got:?} does not round-trip: {other:?}")),
                }
            }
            (Err(e), None, Some(err)) => {
                let got = e.message_for(input);
                if got == s(c, "err") {
                    Ok(())
                } else {
                    Err(format!("{input:?} failed with {got:?}, expected {err}"))
                }
            }
            (got, _, _) => Err(format!("{input:?} gave {got:?}, case is {c}")),
        }
    });
}

#[test]
fn number_compare() {
    run("number_compare", |c| {
        let (a, b) = (num(s(c, "a")), num(s(c, "b")));
        let expected = match s(c, "cmp") {
            "<" => Ordering::Less,
            "=" => Ordering::Equal,
            ">" => Ordering::Greater,
            other => return Err(format!("bad cmp {other}")),
        };
        let got = a.cmp(&b);
        let reverse = b.cmp(&a);
        let key_order = key_cmp(&AttributeValue::N(a), &AttributeValue::N(b));
        if got != expected
            || reverse != expected.reverse()
            || key_order != expected
            || (got == Ordering::Equal) != (a == b)
        {
            return Err(format!("{a} vs {b}: cmp {got:?}, reverse {reverse:?}, key_cmp {key_order:?}"));
        }
        Ok(())
    });
}

#[test]
fn number_arith() {
    run("number_arith", |c| {
        let (a, b) = (num(s(c, "a")), num(s(c, "b")));
        let result = match s(c, "op") {
            "+" => a.checked_add(&b),
            "-" => a.checked_sub(&b),
            other => return Err(format!("bad op {other}")),
        };
        match (&result, c.get("out"), c.get("err")) {
            (Ok(n), Some(_), None) if n.to_string() == s(c, "out") => Ok(()),
            (Err(e), None, Some(_)) if e.message() == s(c, "err") => Ok(()),
            _ => Err(format!("{a} {} {b} gave {result:?}, case is {c}", s(c, "op"))),
        }
    });
}

#[test]
fn number_size() {
    run("number_size", |c| {
        let n = num(s(c, "in"));
        let expected = c["size"].as_u64().ok_or("size missing")? as usize;
        if n.stored_size() == expected {
            Ok(())
        } else {
            Err(format!("{n} has size {}, expected {expected}", n.stored_size()))
        }
    });
}

fn check_decode(c: &Value, decoded: Result<Value, ValueError>) -> Result<(), String> {
    match (decoded, c.get("out"), c.get("validation"), c.get("serialization")) {
        (Ok(got), Some(out), None, None) if &got == out => Ok(()),
        (Err(ValueError::Invalid(m)), None, Some(want), None) if want.as_str() == Some(m.as_str()) => Ok(()),
        (Err(ValueError::Serialization(m)), None, None, Some(want)) if want.as_str() == Some(m.as_str()) => Ok(()),
        (got, _, _, _) => Err(format!("{} decoded to {got:?}", c["in"])),
    }
}

#[test]
fn value_json() {
    run("value_json", |c| {
        let decoded = value_from_json(&c["in"]);
        if let Ok(v) = &decoded {
            // Re-decoding the encoding gives the same value.
            let again = value_from_json(&value_to_json(v)).map_err(|e| format!("re-decode failed: {e}"))?;
            if &again != v {
                return Err(format!("round trip changed {v:?} into {again:?}"));
            }
        }
        check_decode(c, decoded.map(|v| value_to_json(&v)))
    });
}

#[test]
fn item_json() {
    run("item_json", |c| check_decode(c, item_from_json(&c["in"]).map(|i| item_to_json(&i))));
}

#[test]
fn value_size() {
    run("value_size", |c| {
        let item = item_from_json(&c["item"]).map_err(|e| format!("case item does not decode: {e}"))?;
        let expected = c["size"].as_u64().ok_or("size missing")? as usize;
        let got = item_size(&item);
        if got == expected {
            Ok(())
        } else {
            Err(format!("{} has size {got}, expected {expected}", c["item"]))
        }
    });
}

#[test]
fn key_rules() {
    run("key", |c| {
        let value = value_from_json(&c["value"]).map_err(|e| format!("case value does not decode: {e}"))?;
        let name = s(c, "name");
        let role = match s(c, "role") {
            "partition" => KeyRole::Partition,
            "sort" => KeyRole::Sort,
            other => return Err(format!("bad role {other}")),
        };
        let ty = ScalarType::parse(s(c, "type")).ok_or("bad type")?;
        let got = check_key_type(name, ty, &value).and_then(|()| check_key_value(name, role, &value));
        match (got, c.get("err")) {
            (Ok(()), None) => Ok(()),
            (Err(e), Some(want)) if want.as_str() == Some(e.message()) => Ok(()),
            (got, _) => Err(format!("{} as {name} gave {got:?}", c["value"])),
        }
    });
}

#[test]
fn index_key_rules() {
    run("index_key", |c| {
        let value = value_from_json(&c["value"]).map_err(|e| format!("case value does not decode: {e}"))?;
        let ty = ScalarType::parse(s(c, "type")).ok_or("bad type")?;
        let write = match s(c, "write") {
            "put" => IndexKeyWrite::Put,
            "update" => IndexKeyWrite::Update,
            other => return Err(format!("bad write {other}")),
        };
        match (check_index_key_value(s(c, "index"), s(c, "attr"), ty, &value, write), c.get("err")) {
            (Ok(()), None) => Ok(()),
            (Err(e), Some(want)) if want.as_str() == Some(e.message()) => Ok(()),
            (got, _) => Err(format!("{} gave {got:?}", c["value"])),
        }
    });
}

/// Items too large to write out: `{"name", "string_len"}` is one S attribute of that many bytes,
/// `{"name", "depth_wraps"}` a scalar wrapped in that many single-key maps.
#[test]
fn item_limits() {
    run("item_limits", |c| {
        let name = s(c, "name").to_string();
        let mut item = engine::value::Item::new();
        if let Some(len) = c["string_len"].as_u64() {
            item.insert(name, AttributeValue::S("x".repeat(len as usize)));
        } else if let Some(wraps) = c["depth_wraps"].as_u64() {
            let mut v = AttributeValue::S(String::from("leaf"));
            for _ in 0..wraps {
                v = AttributeValue::M([(String::from("n"), v)].into_iter().collect());
            }
            item.insert(name, v);
        } else {
            return Err(String::from("case needs string_len or depth_wraps"));
        }
        let got = check_item_size(&item).and_then(|()| check_item_depth(&item));
        match (got, c.get("err")) {
            (Ok(()), None) => Ok(()),
            (Err(e), Some(want)) if want.as_str() == Some(e.message()) => Ok(()),
            (got, _) => Err(format!("{} gave {got:?}", c["note"])),
        }
    });
}
