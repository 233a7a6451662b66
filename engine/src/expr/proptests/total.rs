//! `compile` is total: any text built from the language's own tokens, with any small choice of
//! placeholder maps, compiles or fails with a message — and whatever compiles can be run on sample items
//! without panicking, an applied update yielding a valid item. (The fuzz target `expr_parse` explores
//! the same property with arbitrary bytes.)

use alloc::collections::BTreeMap;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec;
use alloc::vec::Vec;

use proptest::prelude::*;

use crate::expr::{compile, ExpressionInputs, KeySchemaRef};
use crate::value::{item_from_json, item_to_json, value_from_json, AttributeValue, Item};

/// `a` twice: the sample item is richest there. `status` is reserved, so it makes most texts invalid.
const NAMES: [&str; 9] = ["a", "b", "l", "m", "pk", "a", "#a", "#s", "status"];
const VALUES: [&str; 5] = [":n", ":s", ":l", ":ss", ":x"];
/// Tokens spliced in at random to turn a well-formed expression into a slightly broken one.
const NOISE: [&str; 12] = ["(", ")", ",", "=", "AND", "SET", ":n", "#a", "[1]", ".", "size(", "_"];

fn path() -> impl Strategy<Value = String> {
    let step = prop_oneof![prop::sample::select(&NAMES[..]).prop_map(|n| format!(".{n}")), (0u8..4).prop_map(|i| format!("[{i}]"))];
    (prop::sample::select(&NAMES[..]), proptest::collection::vec(step, 0..3)).prop_map(|(h, t)| h.to_string() + &t.concat())
}

fn operand() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => path(),
        3 => prop::sample::select(&VALUES[..]).prop_map(String::from),
        1 => path().prop_map(|p| format!("size({p})")),
    ]
}

fn condition() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        (operand(), prop::sample::select(&["=", "<>", "<", "<=", ">", ">="][..]), operand()).prop_map(|(a, o, b)| format!("{a} {o} {b}")),
        (operand(), operand(), operand()).prop_map(|(a, b, c)| format!("{a} BETWEEN {b} AND {c}")),
        (operand(), proptest::collection::vec(operand(), 1..4)).prop_map(|(a, l)| format!("{a} IN ({})", l.join(", "))),
        (prop::sample::select(&["attribute_exists", "attribute_not_exists", "size", "foo"][..]), path()).prop_map(|(f, p)| format!("{f}({p})")),
        (prop::sample::select(&["begins_with", "contains", "attribute_type", "if_not_exists"][..]), operand(), operand())
            .prop_map(|(f, a, b)| format!("{f}({a}, {b})")),
    ];
    leaf.prop_recursive(3, 12, 2, |inner| {
        prop_oneof![
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("{a} AND {b}")),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("{a} OR {b}")),
            inner.clone().prop_map(|a| format!("NOT {a}")),
            inner.prop_map(|a| format!("({a})")),
        ]
    })
}

fn update() -> impl Strategy<Value = String> {
    let set = prop_oneof![
        (path(), operand()).prop_map(|(p, v)| format!("{p} = {v}")),
        (path(), operand(), prop::sample::select(&["+", "-"][..]), operand()).prop_map(|(p, a, o, b)| format!("{p} = {a} {o} {b}")),
        (path(), path(), operand()).prop_map(|(p, q, v)| format!("{p} = if_not_exists({q}, {v})")),
        (path(), operand(), operand()).prop_map(|(p, a, b)| format!("{p} = list_append({a}, {b})")),
    ];
    let clause = prop_oneof![
        proptest::collection::vec(set, 1..3).prop_map(|v| format!("SET {}", v.join(", "))),
        proptest::collection::vec(path(), 1..3).prop_map(|v| format!("REMOVE {}", v.join(", "))),
        (path(), prop::sample::select(&VALUES[..])).prop_map(|(p, v)| format!("ADD {p} {v}")),
        (path(), prop::sample::select(&VALUES[..])).prop_map(|(p, v)| format!("DELETE {p} {v}")),
    ];
    proptest::collection::vec(clause, 1..3).prop_map(|c| c.join(" "))
}

/// Mostly well-formed text; sometimes one noise token spliced in at a character boundary.
fn noisy(s: impl Strategy<Value = String>) -> impl Strategy<Value = String> {
    (s, any::<bool>(), any::<prop::sample::Index>(), prop::sample::select(&NOISE[..])).prop_map(|(mut t, noise, at, tok)| {
        if noise {
            let cut = at.index(t.len() + 1);
            if t.is_char_boundary(cut) {
                t.insert_str(cut, tok);
            }
        }
        t
    })
}

fn value(j: &str) -> AttributeValue {
    value_from_json(&serde_json::from_str(j).unwrap_or_default()).unwrap_or(AttributeValue::Null)
}

/// The placeholder maps a request with these texts needs, plus (when `extra`) one it does not use.
fn maps(texts: &[&str], extra: bool) -> (BTreeMap<String, String>, Item) {
    let values = [
        (":n", r#"{"N": "9.9999999999999999999999999999999999999E+125"}"#),
        (":s", r#"{"S": "x"}"#),
        (":l", r#"{"L": [{"N": "1"}]}"#),
        (":ss", r#"{"SS": ["x", "y"]}"#),
        (":x", r#"{"N": "-1"}"#),
    ];
    let mut n = BTreeMap::new();
    let mut v = Item::new();
    for t in texts {
        for (k, name) in [("#a", "a"), ("#s", "status")] {
            if t.contains(k) {
                n.insert(k.to_string(), name.to_string());
            }
        }
        for (k, j) in values {
            let used = t.match_indices(k).any(|(i, _)| !t[i + k.len()..].starts_with(|c: char| c.is_ascii_alphanumeric()));
            if used {
                v.insert(k.to_string(), value(j));
            }
        }
    }
    if extra {
        v.insert(":unused".to_string(), value(r#"{"S": "u"}"#));
    }
    (n, v)
}

fn sample() -> Item {
    let j = r#"{"pk": {"S": "k"}, "a": {"M": {"b": {"L": [{"N": "1"}, {"S": "x"}, {"NULL": true}]}}},
        "l": {"L": [{"N": "1"}, {"SS": ["x"]}]}, "m": {"M": {}}, "status": {"N": "9.9999999999999999999999999999999999999E+125"}}"#;
    item_from_json(&serde_json::from_str(j).unwrap_or_default()).unwrap_or_default()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4096))]

    #[test]
    fn compile_and_run_never_panic(
        kind in 0u8..4,
        cond in noisy(condition()),
        upd in noisy(update()),
        proj in noisy(proptest::collection::vec(path(), 1..4).prop_map(|p| p.join(", "))),
        extra in proptest::bool::weighted(0.1),
    ) {
        let texts: Vec<&str> = match kind {
            0 | 2 => vec![&cond],
            1 => vec![&upd, &cond],
            _ => vec![&proj],
        };
        let (names, values) = maps(&texts, extra);
        let mut inputs = ExpressionInputs {
            names: (!names.is_empty()).then_some(&names),
            values: (!values.is_empty()).then_some(&values),
            ..Default::default()
        };
        match kind {
            0 => inputs.condition_expression = Some(&cond),
            1 => {
                inputs.update_expression = Some(&upd);
                inputs.condition_expression = Some(&cond);
            }
            2 => {
                inputs.key_condition_expression = Some(&cond);
                inputs.filter_expression = Some(&cond);
                inputs.key_schema = Some(KeySchemaRef { partition_key: "pk", sort_key: Some("a") });
            }
            _ => inputs.projection_expression = Some(&proj),
        }
        let Ok(compiled) = compile(&inputs) else { return Ok(()) };
        let items: Vec<Item> = vec![sample(), Item::new()];
        for item in &items {
            for cond in [&compiled.condition, &compiled.filter].into_iter().flatten() {
                cond.eval(item);
            }
            if let Some(p) = &compiled.projection {
                p.apply(item);
            }
            if let Some(u) = &compiled.update {
                if let Ok(new) = u.apply(item) {
                    let back = item_from_json(&item_to_json(&new));
                    prop_assert_eq!(back.as_ref(), Ok(&new), "{} turned {:?} into an invalid item", upd, item);
                }
            }
        }
    }
}
