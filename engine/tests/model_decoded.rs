//! The model-file fast path (`engine::model::decoded`) against the ordinary reader: whatever it reads
//! is exactly the model and the items `Model::from_json_str` and `item_from_json` give; whatever it does
//! not decide it leaves to them (answers `None`).

use engine::model::decoded::{read, read_member};
use engine::model::Model;
use engine::value::item_from_json;
use proptest::prelude::*;
use serde_json::{json, Value};

fn ordinary(text: &str) -> (Model, Vec<Vec<engine::value::Item>>) {
    let mut m = Model::from_json_str(text).unwrap();
    let items = m.tables.iter().map(|t| t.items.iter().map(|v| item_from_json(v).unwrap()).collect()).collect();
    for t in &mut m.tables {
        t.items.clear();
    }
    (m, items)
}

fn model_files() -> Vec<(String, String)> {
    let mut out = Vec::new();
    for dir in ["tests/data/models", "tests/data/models/gallery"] {
        let dir = format!("{}/{dir}", env!("CARGO_MANIFEST_DIR"));
        for e in std::fs::read_dir(&dir).unwrap() {
            let p = e.unwrap().path();
            if p.extension().is_some_and(|x| x == "json") {
                let text = std::fs::read_to_string(&p).unwrap();
                if Model::from_json_str(&text).is_ok_and(|m| m.check_items().is_ok()) {
                    out.push((p.display().to_string(), text));
                }
            }
        }
    }
    assert!(out.len() >= 19, "the gallery and the example models");
    out
}

#[test]
fn every_example_and_template_reads_to_what_the_ordinary_reader_gives() {
    for (name, text) in model_files() {
        let d = read(&text).unwrap_or_else(|| panic!("{name}: not read by the fast path"));
        let (model, items) = ordinary(&text);
        assert_eq!(d.model, model, "{name}");
        assert_eq!(d.items, items, "{name}");
    }
}

fn doc(items: Value) -> String {
    json!({"version": 2, "name": "n", "tables": [{"definition": {"TableName": "T"}, "items": items}]}).to_string()
}

#[test]
fn every_attribute_type_reads_the_same() {
    let items = json!([
        {"pk": {"S": "a"}, "n": {"N": "0012.50"}, "b": {"BOOL": false}, "z": {"NULL": true}, "e": {"S": ""}},
        {"pk": {"S": "b\u{e9}\\\"q"}, "m": {"M": {"x": {"N": "1"}, "y": {"L": [{"S": "s"}, {"NULL": true}]}}}},
        {"pk": {"S": "c"}, "ss": {"SS": ["b", "a"]}, "ns": {"NS": ["2", "1.0"]}, "bs": {"BS": ["AQ==", "Ag=="]}, "bin": {"B": "AAEC"}},
        {}
    ]);
    let text = doc(items);
    let d = read(&text).unwrap();
    assert_eq!((d.model, d.items), ordinary(&text));
    // Escaped strings and numbers with escapes.
    let text = r#"{"version":2,"tables":[{"definition":{"TableName":"T"},"items":[{"pk":{"S":"\u0041\n"},"n":{"N":"\u0031"}}]}]}"#;
    let d = read(text);
    if let Some(d) = d {
        assert_eq!((d.model, d.items), ordinary(text));
    }
}

#[test]
fn what_the_fast_path_leaves_to_the_ordinary_reader() {
    let undecided = [
        json!([{"pk": {"S": null}}]),
        json!([{"pk": {"N": "1x"}}]),
        json!([{"pk": {"N": 1}}]),
        json!([{"pk": {"S": "a", "N": "1"}}]),
        json!([{"pk": {"X": 1}}]),
        json!([{"pk": {}}]),
        json!([{"pk": {"BOOL": "true"}}]),
        json!([{"pk": {"NULL": false}}]),
        json!([{"pk": {"SS": []}}]),
        json!([{"pk": {"SS": ["a", "a"]}}]),
        json!([{"pk": {"SS": [null]}}]),
        json!([{"pk": {"SS": "a"}}]),
        json!([{"pk": {"NS": []}}]),
        json!([{"pk": {"NS": ["1", "1.0"]}}]),
        json!([{"pk": {"NS": ["x"]}}]),
        json!([{"pk": {"NS": [1]}}]),
        json!([{"pk": {"L": [null]}}]),
        json!([{"pk": {"L": {}}}]),
        json!([{"pk": {"L": [{"S": "a", "N": "1"}]}}]),
        json!([{"pk": {"M": []}}]),
        json!([{"pk": {"M": {"a": null}}}]),
        json!([{"pk": {"M": {"a": {"N": "1e999"}}}}]),
        json!([{"pk": {"B": "not base64"}}]),
        json!([{"pk": "plain"}]),
        json!([1]),
        json!({"pk": {"S": "a"}}),
    ];
    for items in undecided {
        assert!(read(&doc(items.clone())).is_none(), "{items}");
    }
    // A top-level name past 65,535 bytes: the ordinary reader refuses it; 65,535 are read here.
    let long = |n: usize| doc(json!([{ "x".repeat(n): {"S": "v"} }]));
    assert!(read(&long(65_536)).is_none());
    assert!(item_from_json(&serde_json::from_str::<Value>(&long(65_536)).unwrap()["tables"][0]["items"][0]).is_err());
    assert_eq!(read(&long(65_535)).map(|d| d.items[0].len()), Some(1));
    // An empty name, at the top level or in a map: the ordinary reader refuses it too.
    for items in [json!([{ "": {"S": "v"} }]), json!([{ "m": {"M": {"": {"S": "v"}}} }])] {
        let text = doc(items.clone());
        assert!(read(&text).is_none(), "{items}");
        assert!(item_from_json(&serde_json::from_str::<Value>(&text).unwrap()["tables"][0]["items"][0]).is_err(), "{items}");
    }
    // Nesting: 32 levels are read, 33 are refused by the ordinary reader and not decided here.
    let nested = |levels: usize| {
        let mut v = json!({"S": "leaf"});
        for k in 1..levels {
            v = if k % 2 == 0 { json!({ "L": [v] }) } else { json!({ "M": { "k": v } }) };
        }
        doc(json!([{ "pk": v }]))
    };
    let d = read(&nested(32)).unwrap();
    assert_eq!((d.model, d.items), ordinary(&nested(32)));
    assert!(read(&nested(33)).is_none());
    assert!(item_from_json(&serde_json::from_str::<Value>(&nested(33)).unwrap()["tables"][0]["items"][0]).is_err());
    // Duplicate names: the ordinary reader keeps the last one; not decided here.
    let dup = r#"{"version":2,"tables":[{"definition":{"TableName":"T"},"items":[{"a":{"S":"1"},"a":{"N":"x"}}]}]}"#;
    assert!(read(dup).is_none());
    let dup = r#"{"version":2,"tables":[{"definition":{"TableName":"T"},"items":[{"m":{"M":{"a":{"S":"1"},"a":{"S":"2"}}}}]}]}"#;
    assert!(read(dup).is_none());
    let dup = r#"{"version":2,"tables":[{"definition":{"TableName":"T"},"items":[],"items":[]}]}"#;
    assert!(read(dup).is_none());
    let dup = r#"{"version":2,"tables":[],"tables":[]}"#;
    assert!(read(dup).is_none());
    // Not JSON, trailing text, a model fault, another format: the ordinary reader says what it is.
    for text in ["", "{", r#"{"version":2,"tables":[]} x"#, r#"{"version":9,"tables":[]}"#, r#"{"version":2,"tables":[],"colour":1}"#,
        r#"{"DataModel":[{"TableName":"T"}]}"#, r#"{"version":2,"tables":[{"items":[]}]}"#, r#"{"version":2,"tables":null}"#, "[]"] {
        assert!(read(text).is_none(), "{text}");
    }
    // An empty model and tables without items are read.
    let d = read(r#"{"version":1,"tables":[{"definition":{"TableName":"T"}}]}"#).unwrap();
    assert_eq!(d.items, vec![Vec::new()]);
    assert_eq!(d.model.version, 2);
}

#[test]
fn a_model_inside_an_envelope_reads_as_the_model_alone_does() {
    for (name, text) in model_files() {
        let envelope = format!(r#"{{"format":"f","version":1,"savedAt":7,"model":{text}}}"#);
        let (rest, d) = read_member(&envelope, "model").unwrap_or_else(|| panic!("{name}: not read in its envelope"));
        assert_eq!(Value::Object(rest), json!({"format": "f", "version": 1, "savedAt": 7}), "{name}");
        assert_eq!(Some(d), read(&text), "{name}");
    }
    let good = doc(json!([{"pk": {"S": "a"}}]));
    // The member anywhere among the others.
    let d = read_member(&format!(r#"{{"model":{good},"z":[1,{{"q":null}}]}}"#), "model").unwrap().1;
    assert_eq!(d.items.len(), 1);
    // Not decided: no such member, the member twice, a model or item fault, not an object, trailing text.
    let bad_item = doc(json!([{"pk": {"N": "1x"}}]));
    for text in [
        format!(r#"{{"other":{good}}}"#),
        format!(r#"{{"model":{good},"model":{good}}}"#),
        format!(r#"{{"model":{bad_item}}}"#),
        r#"{"model":{"version":9,"tables":[]}}"#.to_string(),
        r#"{"model":[]}"#.to_string(),
        format!("[{good}]"),
        format!(r#"{{"model":{good}}} x"#),
        "{".to_string(),
    ] {
        assert!(read_member(&text, "model").is_none(), "{text}");
    }
}

/// Random DynamoDB JSON values, well formed or not: every type, nested lists and maps, sets with
/// duplicates and numbers that do not parse, nulls and extra members where a value goes.
fn json_value(depth: u32) -> impl Strategy<Value = Value> {
    let text = prop::sample::select(vec!["", "a", "b", "A", "é", "1", "1.0", "-0", "x"]);
    let number = prop::sample::select(vec!["0", "1", "1.0", "-2.5", "1e3", "1E+3", "00012.50", "1e999", "x", ""]);
    let leaf = prop_oneof![
        text.clone().prop_map(|s| json!({ "S": s })),
        number.clone().prop_map(|n| json!({ "N": n })),
        any::<bool>().prop_map(|b| json!({ "BOOL": b })),
        any::<bool>().prop_map(|b| json!({ "NULL": b })),
        prop::collection::vec(text, 0..4).prop_map(|v| json!({ "SS": v })),
        prop::collection::vec(number, 0..4).prop_map(|v| json!({ "NS": v })),
        prop::sample::select(vec!["AQ==", "Ag==", "bad"]).prop_map(|b| json!({ "B": b })),
        Just(Value::Null),
        Just(json!({ "S": "a", "N": "1" })),
    ];
    leaf.prop_recursive(depth, 24, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(|v| json!({ "L": v })),
            prop::collection::btree_map(prop::sample::select(vec!["", "k", "m", "z"]), inner, 0..4)
                .prop_map(|m| json!({ "M": m })),
        ]
    })
}

proptest! {
    /// Whatever the fast path reads is what the ordinary reader gives; what it leaves, the ordinary
    /// reader either refuses or reads (then the fast path had no reason but caution).
    #[test]
    fn random_items_read_as_the_ordinary_reader_reads_them(values in prop::collection::vec(json_value(4), 1..4)) {
        let item: serde_json::Map<String, Value> = values.into_iter().enumerate().map(|(i, v)| (format!("a{i}"), v)).collect();
        let text = doc(json!([item]));
        let ordinary_item = item_from_json(&Value::Object(item.clone()));
        match read(&text) {
            Some(d) => {
                prop_assert!(ordinary_item.is_ok(), "read here, refused there: {}", text);
                prop_assert_eq!((d.model, d.items), ordinary(&text));
            }
            None => {
                // Undecided values the ordinary reader takes: a null member beside a type, a binary.
                let cautious = text.contains("null") || text.contains("\"B\"");
                prop_assert!(ordinary_item.is_err() || cautious, "not read here, but the ordinary reader takes it: {}", text);
            }
        }
    }
}
