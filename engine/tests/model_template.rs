//! Key templates and entities: table-driven cases (tests/data/models/templates.json) and properties.

use std::fs;

use engine::model::entity::value_type_from_str;
use engine::model::{key_attributes, Entity, EntityError, ExpandError, KeyTemplate, Model, TemplateError};
use engine::value::{AttributeValue, Item, ScalarType};
use proptest::prelude::*;

/// Build values without going through the engine's JSON decoder (owned by another module), so these
/// tests judge templates only.
fn av(v: &serde_json::Value) -> AttributeValue {
    let (t, x) = v.as_object().unwrap().iter().next().unwrap();
    match t.as_str() {
        "S" => AttributeValue::S(x.as_str().unwrap().to_string()),
        "N" => AttributeValue::N(engine::number::Number::parse(x.as_str().unwrap()).unwrap()),
        "B" => {
            use base64::Engine as _;
            AttributeValue::B(base64::engine::general_purpose::STANDARD.decode(x.as_str().unwrap()).unwrap())
        }
        "SS" => AttributeValue::SS(x.as_array().unwrap().iter().map(|s| s.as_str().unwrap().to_string()).collect()),
        other => panic!("test helper does not build {other}"),
    }
}

fn item(v: &serde_json::Value) -> Item {
    v.as_object().unwrap().iter().map(|(k, v)| (k.clone(), av(v))).collect()
}

fn scalar(s: &str) -> ScalarType {
    match s {
        "S" => ScalarType::S,
        "N" => ScalarType::N,
        _ => ScalarType::B,
    }
}

fn kind_of_parse(e: &TemplateError) -> &'static str {
    match e {
        TemplateError::Empty => "Empty",
        TemplateError::Unclosed { .. } => "Unclosed",
        TemplateError::StrayClose { .. } => "StrayClose",
        TemplateError::EmptyPlaceholder { .. } => "EmptyPlaceholder",
        TemplateError::InvalidName { .. } => "InvalidName",
        TemplateError::UnknownAttribute { .. } => "UnknownAttribute",
        TemplateError::NotSingleValue { .. } => "NotSingleValue",
        _ => "other",
    }
}

fn kind_of_expand(e: &ExpandError) -> &'static str {
    match e {
        ExpandError::Missing { .. } => "Missing",
        ExpandError::NotScalar { .. } => "NotScalar",
        ExpandError::WrongType { .. } => "WrongType",
        _ => "other",
    }
}

#[test]
fn template_cases() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/models/templates.json");
    let cases: Vec<serde_json::Value> = serde_json::from_str(&fs::read_to_string(path).unwrap()).unwrap();
    assert!(cases.len() >= 15);
    for c in &cases {
        let src = c["template"].as_str().unwrap();
        let kt = scalar(c["key_type"].as_str().unwrap());
        let parsed = KeyTemplate::parse(src);
        if let Some(want) = c["parse_error"].as_str() {
            assert_eq!(kind_of_parse(&parsed.expect_err(src)), want, "{src}");
            continue;
        }
        let t = parsed.unwrap_or_else(|e| panic!("{src}: {e}"));
        assert_eq!(t.to_string(), src, "display gives the source back");
        let it = item(&c["item"]);
        let declared: Vec<&str> = it.keys().map(String::as_str).collect();
        match c["check_error"].as_str() {
            Some(want) => assert_eq!(kind_of_parse(&t.check(kt, &declared).expect_err(src)), want, "{src}"),
            None if c["expand_error"].is_null() => t.check(kt, &declared).unwrap_or_else(|e| panic!("{src}: {e}")),
            None => {}
        }
        match c["expand_error"].as_str() {
            Some(want) => assert_eq!(kind_of_expand(&t.expand(kt, &it).expect_err(src)), want, "{src}"),
            None => assert_eq!(t.expand(kt, &it).unwrap(), av(&c["expect"]), "{src}"),
        }
    }
}

#[test]
fn error_positions_point_at_the_fault() {
    assert_eq!(KeyTemplate::parse("AB{x").unwrap_err(), TemplateError::Unclosed { at: 2 });
    assert_eq!(KeyTemplate::parse("ABC}").unwrap_err(), TemplateError::StrayClose { at: 3 });
    assert_eq!(KeyTemplate::parse("é{}").unwrap_err(), TemplateError::EmptyPlaceholder { at: 2 });
}

fn shop_keys() -> Vec<engine::model::KeyAttr> {
    let text = fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/models/ecommerce.json")).unwrap();
    let m = Model::from_json_str(&text).unwrap();
    key_attributes(&m.tables[0].definition)
}

#[test]
fn entity_fills_keys_and_type() {
    let keys = shop_keys();
    assert_eq!(keys.iter().map(|k| k.name.as_str()).collect::<Vec<_>>(), ["PK", "SK", "GSI1PK", "GSI1SK"]);
    let mut order = Entity::new("Order", "ORDER");
    order.keys.insert("PK".into(), "USER#{userId}".into());
    order.keys.insert("SK".into(), "ORDER#{orderId}".into());
    order.keys.insert("GSI1PK".into(), "ORDER_STATUS#{status}".into());
    order.keys.insert("GSI1SK".into(), "{orderId}".into());
    for (n, t) in [("userId", "S"), ("orderId", "S"), ("status", "S")] {
        order.attributes.push(engine::model::EntityAttribute { name: n.into(), value_type: value_type_from_str(t).unwrap() });
    }
    order.check(&keys).unwrap();
    let full = order
        .build_item(&item(&serde_json::json!({"userId": {"S": "u1"}, "orderId": {"S": "o9"}, "status": {"S": "NEW"}})), &keys)
        .unwrap();
    assert_eq!(full.get("PK"), Some(&AttributeValue::S("USER#u1".into())));
    assert_eq!(full.get("SK"), Some(&AttributeValue::S("ORDER#o9".into())));
    assert_eq!(full.get("GSI1PK"), Some(&AttributeValue::S("ORDER_STATUS#NEW".into())));
    assert_eq!(full.get("Type"), Some(&AttributeValue::S("ORDER".into())));
    assert!(order.matches(&full));
    // Without a status the order stays out of GSI1 (sparse), but it still is a valid table item.
    let sparse = order.build_item(&item(&serde_json::json!({"userId": {"S": "u1"}, "orderId": {"S": "o9"}})), &keys).unwrap();
    assert!(!sparse.contains_key("GSI1PK") && sparse.contains_key("GSI1SK"));
    // Without a user id there is no partition key: that is an error, not a sparse item.
    let err = order.build_item(&item(&serde_json::json!({"orderId": {"S": "o9"}})), &keys).unwrap_err();
    assert_eq!(err, EntityError::Expand { key: "PK".into(), error: ExpandError::Missing { name: "userId".into() } });
}

#[test]
fn entity_checks() {
    let keys = shop_keys();
    let mut e = Entity::new("User", "USER");
    e.attributes.push(engine::model::EntityAttribute { name: "PK".into(), value_type: engine::value::ValueType::S });
    assert_eq!(e.check(&keys), Err(EntityError::KeyDeclaredAsAttribute("PK".into())));
    let mut e = Entity::new("", "USER");
    assert_eq!(e.check(&keys), Err(EntityError::EmptyName));
    e.name = "User".into();
    e.type_value.clear();
    assert_eq!(e.check(&keys), Err(EntityError::EmptyTypeValue));
    e.type_value = "USER".into();
    // The Type attribute may be used in templates.
    e.keys.insert("PK".into(), "{Type}#1".into());
    assert_eq!(e.check(&keys), Ok(()));
}

fn segment() -> impl Strategy<Value = (bool, String)> {
    prop_oneof![
        "[a-zA-Z0-9#{}_ .:-]{1,6}".prop_map(|s| (false, s)),
        "[a-zA-Z_][a-zA-Z0-9_.-]{0,5}".prop_map(|s| (true, s)),
    ]
}

fn source(parts: &[(bool, String)]) -> String {
    parts
        .iter()
        .map(|(ph, s)| if *ph { format!("{{{s}}}") } else { s.replace('{', "{{").replace('}', "}}") })
        .collect()
}

proptest! {
    /// Expansion agrees with a naive reference: replace each placeholder by its value's text.
    #[test]
    fn expand_matches_naive_substitution(parts in prop::collection::vec(segment(), 1..6), vals in prop::collection::vec("[a-z0-9#]{0,4}", 6)) {
        let src = source(&parts);
        let t = KeyTemplate::parse(&src).unwrap();
        prop_assert_eq!(t.to_string(), KeyTemplate::parse(&t.to_string()).unwrap().to_string());
        let mut it = Item::new();
        for (i, (ph, name)) in parts.iter().enumerate() {
            if *ph && !it.contains_key(name) { it.insert(name.clone(), AttributeValue::S(vals[i].clone())); }
        }
        let naive: String = parts.iter().map(|(ph, s)| match (ph, it.get(s)) {
            (true, Some(AttributeValue::S(v))) => v.clone(),
            _ => s.clone(),
        }).collect();
        prop_assert_eq!(t.expand(ScalarType::S, &it).unwrap(), AttributeValue::S(naive));
    }

    /// Arbitrary text never panics the parser, and whatever parses prints back to an equivalent template.
    #[test]
    fn parse_never_panics(src in "\\PC{0,24}") {
        if let Ok(t) = KeyTemplate::parse(&src) {
            prop_assert_eq!(KeyTemplate::parse(&t.to_string()).unwrap(), t);
        }
    }
}
