//! Data-driven conformance cases for the expression language (`tests/data/expr/*.txt`).
//!
//! A file holds cases separated by `== title` lines; each case is `key: value` lines:
//! inputs `update`, `condition`, `filter`, `keycond`, `projection` (expression text), `names`, `values`
//! (JSON maps), `schema` (`pk [sk]`), `op` (action name), `item` (DynamoDB-JSON item), the legacy
//! `expected`, `attribute_updates`, `attributes_to_get`, `key_conditions`, `query_filter`, `scan_filter`
//! (JSON) and `conditional_operator`; and expectations `error` (exact compile error), `apply_error`
//! (exact error of applying the update to `item`), `eval` (`true`/`false`: the condition, else the
//! filter, on `item`), `result` (the item after the update), `projected` (the item after projection),
//! `key` (the bound key condition, as JSON), `targets` (the update's top-level targets).
//! Lines starting with `#` are comments.
//!
//! The files are embedded at compile time, so the same cases also run in headless Chromium against the
//! engine compiled to wasm32 (the playground's build): a case passing on one target and failing on the
//! other points at a platform difference.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use engine::expr::{compile, ExpressionInputs, KeySchemaRef, SortKeyCondition};
use engine::value::{item_from_json, item_to_json, value_from_json, value_to_json, AttributeValue};
use serde_json::{json, Value as Json};

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

struct Case {
    file: String,
    title: String,
    fields: BTreeMap<String, String>,
}

fn load(file: &str, text: &str) -> Vec<Case> {
    let mut cases = Vec::new();
    for block in text.split("\n== ").skip(1) {
        let mut lines = block.lines();
        let title = lines.next().unwrap_or_default().trim().to_string();
        let mut fields = BTreeMap::new();
        for line in lines {
            if line.trim().is_empty() || line.starts_with('#') {
                continue;
            }
            let (k, v) = line.split_once(':').unwrap_or_else(|| panic!("{file} / {title}: bad line {line:?}"));
            let v = v.strip_prefix(' ').unwrap_or(v);
            assert!(fields.insert(k.trim().to_string(), v.to_string()).is_none(), "{file} / {title}: duplicate {k}");
        }
        cases.push(Case { file: file.to_string(), title, fields });
    }
    assert!(!cases.is_empty(), "{file} has no cases");
    cases
}

fn parse_json(s: &str) -> Json {
    serde_json::from_str(s).unwrap_or_else(|e| panic!("bad JSON {s:?}: {e}"))
}

fn sort_json(k: &SortKeyCondition) -> Json {
    let v = |x: &AttributeValue| value_to_json(x);
    match k {
        SortKeyCondition::Eq(a) => json!(["EQ", v(a)]),
        SortKeyCondition::Lt(a) => json!(["LT", v(a)]),
        SortKeyCondition::Le(a) => json!(["LE", v(a)]),
        SortKeyCondition::Gt(a) => json!(["GT", v(a)]),
        SortKeyCondition::Ge(a) => json!(["GE", v(a)]),
        SortKeyCondition::Between(a, b) => json!(["BETWEEN", v(a), v(b)]),
        SortKeyCondition::BeginsWith(a) => json!(["BEGINS_WITH", v(a)]),
    }
}

/// Run one case; `Err` describes the mismatch.
fn run(case: &Case) -> Result<(), String> {
    let f = &case.fields;
    let get = |k: &str| f.get(k).map(String::as_str);
    let names: Option<BTreeMap<String, String>> =
        get("names").map(|s| serde_json::from_str(s).unwrap_or_else(|e| panic!("names: {e}")));
    let values: Option<engine::value::Item> = get("values").map(|s| {
        let j = parse_json(s);
        let obj = j.as_object().expect("values must be an object");
        obj.iter().map(|(k, v)| (k.clone(), value_from_json(v).expect("valid value"))).collect()
    });
    let schema_words: Vec<&str> = get("schema").map(|s| s.split_whitespace().collect()).unwrap_or_default();
    let legacy: BTreeMap<&str, Json> = ["expected", "attribute_updates", "attributes_to_get", "key_conditions", "query_filter", "scan_filter"]
        .into_iter()
        .filter_map(|k| get(k).map(|s| (k, parse_json(s))))
        .collect();
    let inputs = ExpressionInputs {
        condition_expression: get("condition"),
        filter_expression: get("filter"),
        key_condition_expression: get("keycond"),
        projection_expression: get("projection"),
        update_expression: get("update"),
        names: names.as_ref(),
        values: values.as_ref(),
        key_schema: schema_words.first().map(|pk| KeySchemaRef { partition_key: pk, sort_key: schema_words.get(1).copied() }),
        multi_key: None,
        expected: legacy.get("expected"),
        attribute_updates: legacy.get("attribute_updates"),
        attributes_to_get: legacy.get("attributes_to_get"),
        key_conditions: legacy.get("key_conditions"),
        query_filter: legacy.get("query_filter"),
        scan_filter: legacy.get("scan_filter"),
        conditional_operator: get("conditional_operator"),
        operation: get("op"),
        from_statement: false,
    };
    let compiled = compile(&inputs);
    if let Some(want) = get("error") {
        return match compiled {
            Err(e) if e.message() == want => Ok(()),
            Err(e) => Err(format!("error\n   want: {want}\n    got: {}", e.message())),
            Ok(_) => Err(format!("compiled, but want error: {want}")),
        };
    }
    let compiled = compiled.map_err(|e| format!("unexpected error: {}", e.message()))?;
    let item = get("item").map(|s| item_from_json(&parse_json(s)).expect("valid item")).unwrap_or_default();
    let mut checked = false;
    if let Some(want) = get("eval") {
        checked = true;
        let cond = compiled.condition.as_ref().or(compiled.filter.as_ref()).ok_or("no condition compiled")?;
        let got = cond.eval(&item).to_string();
        if got != want {
            return Err(format!("eval: want {want}, got {got}"));
        }
    }
    if let Some(want) = get("apply_error") {
        checked = true;
        let u = compiled.update.as_ref().ok_or("no update compiled")?;
        match u.apply(&item) {
            Err(e) if e.message() == want => {}
            Err(e) => return Err(format!("apply_error\n   want: {want}\n    got: {}", e.message())),
            Ok(i) => return Err(format!("applied ({}), want error {want}", item_to_json(&i))),
        }
    }
    if let Some(want) = get("result") {
        checked = true;
        let u = compiled.update.as_ref().ok_or("no update compiled")?;
        let got = u.apply(&item).map_err(|e| format!("apply failed: {}", e.message()))?;
        let want = item_from_json(&parse_json(want)).expect("valid result item");
        if got != want {
            return Err(format!("result\n   want: {}\n    got: {}", item_to_json(&want), item_to_json(&got)));
        }
    }
    if let Some(want) = get("projected") {
        checked = true;
        let p = compiled.projection.as_ref().ok_or("no projection compiled")?;
        let got = p.apply(&item);
        let want = item_from_json(&parse_json(want)).expect("valid projected item");
        if got != want {
            return Err(format!("projected\n   want: {}\n    got: {}", item_to_json(&want), item_to_json(&got)));
        }
    }
    if let Some(want) = get("key") {
        checked = true;
        let k = compiled.key_condition.as_ref().ok_or("no key condition compiled")?;
        let got = json!({"partition": value_to_json(&k.partition_value), "sort": k.sort.as_ref().map(sort_json)});
        if got != parse_json(want) {
            return Err(format!("key\n   want: {want}\n    got: {got}"));
        }
    }
    if let Some(want) = get("targets") {
        checked = true;
        let u = compiled.update.as_ref().ok_or("no update compiled")?;
        let got = u.top_level_targets().join(",");
        if got != want {
            return Err(format!("targets: want {want}, got {got}"));
        }
    }
    if !checked {
        return Err("case checks nothing".into());
    }
    Ok(())
}

fn check_file(file: &str, text: &str) {
    let cases = load(file, text);
    let mut report = String::new();
    let mut failed = 0;
    for case in &cases {
        if let Err(e) = run(case) {
            failed += 1;
            let _ = writeln!(report, "--- {} / {}: {e}", case.file, case.title);
        }
    }
    println!("{file}: {} cases, {failed} failed", cases.len());
    assert!(failed == 0, "{failed} of {} cases failed:\n{report}", cases.len());
}

#[test]
fn syntax() {
    check_file("syntax.txt", include_str!("data/expr/syntax.txt"));
}

#[test]
fn placeholders() {
    check_file("placeholders.txt", include_str!("data/expr/placeholders.txt"));
}

#[test]
fn conditions() {
    check_file("conditions.txt", include_str!("data/expr/conditions.txt"));
}

#[test]
fn functions() {
    check_file("functions.txt", include_str!("data/expr/functions.txt"));
}

#[test]
fn updates() {
    check_file("updates.txt", include_str!("data/expr/updates.txt"));
}

#[test]
fn projections() {
    check_file("projections.txt", include_str!("data/expr/projections.txt"));
}

#[test]
fn key_conditions() {
    check_file("keycond.txt", include_str!("data/expr/keycond.txt"));
}

#[test]
fn legacy() {
    check_file("legacy.txt", include_str!("data/expr/legacy.txt"));
}

#[test]
fn limits() {
    check_file("limits.txt", include_str!("data/expr/limits.txt"));
}

#[test]
fn error_order() {
    check_file("order.txt", include_str!("data/expr/order.txt"));
}

/// Every word of DynamoDB's published reserved-word list (`reserved_words.txt`, 573 words) is refused as
/// a bare name in any case spelling, with the word quoted as written, and accepted through `#name`.
#[test]
fn reserved_words() {
    let text = include_str!("data/expr/reserved_words.txt");
    let words: Vec<&str> = text.lines().map(str::trim).filter(|w| !w.is_empty()).collect();
    assert_eq!(words.len(), 573, "the published list has 573 words");
    let mut failures = Vec::new();
    for word in &words {
        for spelling in [word.to_string(), word.to_lowercase()] {
            let src = format!("x, {spelling}.y");
            let got = compile(&ExpressionInputs { projection_expression: Some(&src), ..Default::default() });
            let want = format!("Invalid ProjectionExpression: Attribute name is a reserved keyword; reserved keyword: {spelling}");
            match got {
                Err(e) if e.message() == want => {}
                other => failures.push(format!("{spelling}: {:?}", other.map(|_| ()))),
            }
        }
        let names = BTreeMap::from([("#w".to_string(), word.to_string())]);
        let ok = compile(&ExpressionInputs { projection_expression: Some("#w"), names: Some(&names), ..Default::default() });
        if let Err(e) = ok {
            failures.push(format!("#w = {word}: {}", e.message()));
        }
    }
    for near_miss in ["statuses", "named", "x_status", "a_", "a1", "Items2"] {
        if let Err(e) = compile(&ExpressionInputs { projection_expression: Some(near_miss), ..Default::default() }) {
            failures.push(format!("{near_miss} is not reserved: {}", e.message()));
        }
    }
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n"));
}
