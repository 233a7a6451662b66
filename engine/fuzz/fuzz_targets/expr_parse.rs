//! Arbitrary expression text (plus a small choice of ExpressionAttributeNames / ExpressionAttributeValues)
//! -> `engine::expr::compile` must never panic. Whatever compiles is then run: conditions and filters are
//! evaluated, projections applied, and updates applied to a sample item — none of which may panic — and
//! an applied update must produce an item that survives a DynamoDB-JSON round trip (canonical sets, no
//! empty sets, valid numbers).
//!
//! Input layout (so seeds can be written by hand): byte 0 picks which expression parameters the texts
//! fill, byte 1 picks names from `NAMES` (one bit each), bytes 2-3 pick values from `values()`, and the
//! rest is split at the first NUL into a first and a second expression text.
#![no_main]

use std::collections::BTreeMap;

use engine::expr::{compile, ExpressionInputs, KeySchemaRef};
use engine::value::{item_from_json, item_to_json, AttributeValue, Item};
use libfuzzer_sys::fuzz_target;

const NAMES: [(&str, &str); 8] = [
    ("#a", "a"),
    ("#b", "b"),
    ("#s", "status"),
    ("#d", "a.b"),
    ("#n", "n"),
    ("#l", "l"),
    ("#pk", "pk"),
    ("#e", "é"),
];

fn values() -> Vec<(&'static str, AttributeValue)> {
    let j = |s: &str| engine::value::value_from_json(&serde_json::from_str(s).expect("pool JSON")).expect("pool value");
    vec![
        (":a", j(r#"{"S": "x"}"#)),
        (":e", j(r#"{"S": ""}"#)),
        (":n", j(r#"{"N": "1"}"#)),
        (":big", j(r#"{"N": "9.9999999999999999999999999999999999999E+125"}"#)),
        (":tiny", j(r#"{"N": "-1E-130"}"#)),
        (":ss", j(r#"{"SS": ["a", "b"]}"#)),
        (":ns", j(r#"{"NS": ["1", "2.5"]}"#)),
        (":bs", j(r#"{"BS": ["AQ=="]}"#)),
        (":l", j(r#"{"L": [{"S": "x"}, {"N": "2"}]}"#)),
        (":m", j(r#"{"M": {"k": {"L": [{"NULL": true}]}}}"#)),
        (":t", j(r#"{"BOOL": true}"#)),
        (":z", j(r#"{"NULL": true}"#)),
        (":b", j(r#"{"B": "AQID"}"#)),
        (":ty", j(r#"{"S": "SS"}"#)),
        (":p", j(r#"{"S": "u#1"}"#)),
        (":0", j(r#"{"N": "0"}"#)),
    ]
}

fn sample_item() -> Item {
    let json = serde_json::json!({
        "pk": {"S": "u#1"}, "sk": {"N": "5"},
        "a": {"M": {"b": {"L": [{"N": "1"}, {"M": {"c": {"S": "deep"}}}, {"SS": ["p", "q"]}]}}},
        "a.b": {"S": "dotted"},
        "n": {"N": "9.9999999999999999999999999999999999999E+125"},
        "l": {"L": [{"S": "x"}, {"N": "-1"}, {"L": []}, {"BOOL": false}]},
        "s": {"SS": ["a", "z"]}, "ns": {"NS": ["1", "3"]}, "bs": {"BS": ["AQ==", "Ag=="]},
        "status": {"NULL": true}, "b": {"B": "AQID"}, "e": {"S": ""}
    });
    item_from_json(&json).expect("sample item")
}

fn check_item(item: &Item) {
    let json = item_to_json(item);
    let again = item_from_json(&json).expect("an updated item must be valid DynamoDB JSON");
    assert_eq!(&again, item, "updated item is not canonical");
}

fuzz_target!(|data: &[u8]| {
    if data.len() < 4 {
        return;
    }
    let (kind, name_bits, value_bits) = (data[0], data[1], u16::from_le_bytes([data[2], data[3]]));
    let rest = String::from_utf8_lossy(&data[4..]);
    let (first, second) = rest.split_once('\0').unwrap_or((&rest, ""));

    let names: BTreeMap<String, String> = NAMES
        .iter()
        .enumerate()
        .filter(|(i, _)| name_bits & (1 << i) != 0)
        .map(|(_, (k, v))| (k.to_string(), v.to_string()))
        .collect();
    let values: engine::value::Item = values()
        .into_iter()
        .enumerate()
        .filter(|(i, _)| value_bits & (1 << i) != 0)
        .map(|(_, (k, v))| (k.to_string(), v))
        .collect();
    // Bit 7 of byte 0 passes empty maps as maps (not absent) when nothing is selected.
    let keep_empty = kind & 0x80 != 0;
    let names_ref = (keep_empty || !names.is_empty()).then_some(&names);
    let values_ref = (keep_empty || !values.is_empty()).then_some(&values);

    let mut inputs = ExpressionInputs {
        names: names_ref,
        values: values_ref,
        key_schema: Some(KeySchemaRef { partition_key: "pk", sort_key: Some("sk") }),
        ..Default::default()
    };
    match kind & 0x07 {
        0 => inputs.condition_expression = Some(first),
        1 => {
            inputs.update_expression = Some(first);
            inputs.condition_expression = (!second.is_empty()).then_some(second);
            inputs.operation = Some("UpdateItem");
        }
        2 => {
            inputs.filter_expression = Some(first);
            inputs.projection_expression = (!second.is_empty()).then_some(second);
            inputs.operation = Some("Scan");
        }
        3 => {
            inputs.key_condition_expression = Some(first);
            inputs.filter_expression = (!second.is_empty()).then_some(second);
            inputs.operation = Some("Query");
        }
        4 => {
            inputs.projection_expression = Some(first);
            inputs.operation = Some("GetItem");
        }
        5 => {
            inputs.key_condition_expression = Some(first);
            inputs.key_schema = Some(KeySchemaRef { partition_key: "pk", sort_key: None });
        }
        _ => inputs.update_expression = Some(first),
    }

    let Ok(compiled) = compile(&inputs) else { return };
    let item = sample_item();
    let empty = Item::new();
    for cond in [&compiled.condition, &compiled.filter].into_iter().flatten() {
        cond.eval(&item);
        cond.eval(&empty);
    }
    if let Some(p) = &compiled.projection {
        p.apply(&item);
        p.top_level_names();
    }
    if let Some(u) = &compiled.update {
        u.top_level_targets();
        u.nested_top_level_targets();
        for base in [&item, &empty] {
            if let Ok(new) = u.apply(base) {
                check_item(&new);
            }
        }
    }
});
