//! The engine compiled to wasm32 and run in headless Chromium gives the same answers as natively.
//!
//! The cases are the values suite's own data files (`tests/data/values/`), embedded at compile time because
//! a browser has no file system. The same tests also run natively, so a native/wasm divergence — integer
//! width, float formatting, hashing — fails one run and not the other.
//!
//! Other test files opt into the browser run the same way (see the two `cfg` lines below); their data must
//! be embedded with `include_str!` rather than read with `std::fs`.

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use engine::number::Number;
use engine::value::{item_from_json, item_size, item_to_json, value_from_json, value_to_json, ValueError};
use serde_json::Value;

/// Parse one embedded case file into its list of cases.
fn cases(name: &str, text: &str) -> Vec<Value> {
    match serde_json::from_str::<Value>(text) {
        Ok(Value::Array(list)) if !list.is_empty() => list,
        other => panic!("{name}: expected a non-empty JSON array of cases, got {other:?}"),
    }
}

/// Run `check` on every case, failing once with every mismatch listed.
fn run(name: &str, text: &str, check: impl Fn(&Value) -> Result<(), String>) -> usize {
    let all = cases(name, text);
    let failures: Vec<String> =
        all.iter().enumerate().filter_map(|(i, c)| check(c).err().map(|e| format!("{name}[{i}]: {e}"))).collect();
    assert!(failures.is_empty(), "{} of {} cases failed:\n{}", failures.len(), all.len(), failures.join("\n"));
    all.len()
}

fn field<'a>(c: &'a Value, key: &str) -> Result<&'a str, String> {
    c[key].as_str().ok_or_else(|| format!("case field {key} missing: {c}"))
}

#[test]
fn numbers_parse_and_print_canonically() {
    let n = run("number_parse.json", include_str!("data/values/number_parse.json"), |c| {
        let input = field(c, "in")?;
        match (Number::parse(input), c.get("out"), c.get("err")) {
            (Ok(n), Some(_), None) if n.to_string() == field(c, "out")? => Ok(()),
            (Err(e), None, Some(_)) if e.message_for(input) == field(c, "err")? => Ok(()),
            (got, _, _) => Err(format!("{input:?} gave {got:?}")),
        }
    });
    assert!(n > 10);
}

#[test]
fn number_arithmetic_is_exact() {
    run("number_arith.json", include_str!("data/values/number_arith.json"), |c| {
        let a = Number::parse(field(c, "a")?).map_err(|e| e.to_string())?;
        let b = Number::parse(field(c, "b")?).map_err(|e| e.to_string())?;
        let result = match field(c, "op")? {
            "+" => a.checked_add(&b),
            "-" => a.checked_sub(&b),
            op => return Err(format!("unknown op {op}")),
        };
        match (&result, c.get("out"), c.get("err")) {
            (Ok(n), Some(_), None) if n.to_string() == field(c, "out")? => Ok(()),
            (Err(e), None, Some(_)) if e.message() == field(c, "err")? => Ok(()),
            _ => Err(format!("{a} {} {b} gave {result:?}", field(c, "op")?)),
        }
    });
}

#[test]
fn number_stored_sizes() {
    run("number_size.json", include_str!("data/values/number_size.json"), |c| {
        let n = Number::parse(field(c, "in")?).map_err(|e| e.to_string())?;
        let want = c["size"].as_u64().ok_or("size missing")?;
        if n.stored_size() as u64 == want {
            Ok(())
        } else {
            Err(format!("{n}: size {} != {want}", n.stored_size()))
        }
    });
}

fn check_decode(c: &Value, decoded: Result<Value, ValueError>) -> Result<(), String> {
    match (decoded, c.get("out"), c.get("validation"), c.get("serialization")) {
        (Ok(got), Some(out), None, None) if &got == out => Ok(()),
        (Err(e @ ValueError::Invalid(_)), None, Some(want), None) if want.as_str() == Some(e.message()) => Ok(()),
        (Err(e @ ValueError::Serialization(_)), None, None, Some(want)) if want.as_str() == Some(e.message()) => Ok(()),
        (got, _, _, _) => Err(format!("{} decoded to {got:?}", c["in"])),
    }
}

#[test]
fn dynamodb_json_values_decode_and_encode() {
    run("value_json.json", include_str!("data/values/value_json.json"), |c| {
        check_decode(c, value_from_json(&c["in"]).map(|v| value_to_json(&v)))
    });
}

#[test]
fn dynamodb_json_items_decode_and_encode() {
    run("item_json.json", include_str!("data/values/item_json.json"), |c| {
        check_decode(c, item_from_json(&c["in"]).map(|i| item_to_json(&i)))
    });
}

#[test]
fn item_sizes() {
    run("value_size.json", include_str!("data/values/value_size.json"), |c| {
        let item = item_from_json(&c["item"]).map_err(|e| format!("does not decode: {e:?}"))?;
        let want = c["size"].as_u64().ok_or("size missing")?;
        if item_size(&item) as u64 == want {
            Ok(())
        } else {
            Err(format!("{}: size {} != {want}", c["item"], item_size(&item)))
        }
    });
}
