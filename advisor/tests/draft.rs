//! The pattern editor's form: every fault names its field; a good form keeps fields it does not edit.

use advisor::draft::{new_draft, Draft, Field};
use engine::model::AccessPattern;
use serde_json::json;

fn fields(d: &Draft) -> Vec<(Field, String)> {
    d.to_pattern(None).unwrap_err().into_iter().map(|e| (e.field, advisor::render(&e.message, advisor::Lang::En))).collect()
}

#[test]
fn a_good_form_becomes_a_pattern_and_back() {
    let d = Draft {
        name: " A user's orders ".into(),
        operation: "Query".into(),
        request: r#"{"TableName":"Shop","KeyConditionExpression":"PK = :p","ExpressionAttributeValues":{":p":{"S":"USER#{userId}"}}}"#.into(),
        parameters: "userId = u1".into(),
        entity_types: "Order, User".into(),
        rate: "50".into(),
        ..Draft::default()
    };
    let mut base = AccessPattern::new("old");
    base.extra.insert("simulatorWeight".into(), json!(3));
    let p = d.to_pattern(Some(&base)).unwrap();
    assert_eq!(p.name, "A user's orders");
    assert_eq!(p.extra["parameters"], json!({"userId": "u1"}));
    assert_eq!(p.extra["entityTypes"], json!(["Order", "User"]));
    assert_eq!(p.extra["ratePerSecond"], json!(50));
    assert_eq!(p.extra["simulatorWeight"], json!(3), "fields the form does not edit are kept");
    let back = Draft::from_pattern(&p);
    assert_eq!((back.parameters.as_str(), back.entity_types.as_str(), back.rate.as_str()), ("userId=u1", "Order, User", "50"));
    assert_eq!(back.to_pattern(Some(&base)).unwrap(), p);
}

#[test]
fn every_fault_names_its_field() {
    let d = Draft { name: "  ".into(), operation: "CreateTable".into(), request: "{".into(), parameters: "oops".into(), rate: "fast".into(), ..Draft::default() };
    let f = fields(&d);
    assert_eq!(f.iter().map(|(k, _)| *k).collect::<Vec<_>>(), [Field::Name, Field::Operation, Field::Request, Field::Parameters, Field::Rate]);
    assert!(f[2].1.starts_with("Not JSON: EOF while parsing"), "{}", f[2].1);
    let d = Draft { name: "x".into(), operation: "GetItem".into(), request: r#"{"Key":{"PK":{"S":"{a}#{b}"}}}"#.into(), parameters: "a=1".into(), ..Draft::default() };
    assert_eq!(fields(&d), [(Field::Parameters, "The request uses {b} without a sample value".to_string())]);
    let d = Draft { name: "x".into(), operation: "GetItem".into(), request: "[1]".into(), ..Draft::default() };
    assert_eq!(fields(&d)[0].0, Field::Request);
}

#[test]
fn a_new_draft_is_a_runnable_query() {
    let p = new_draft("Shop", "PK").to_pattern(None).unwrap();
    let spec = advisor::pattern::PatternSpec::from_access_pattern(&p).unwrap();
    assert_eq!(spec.resolved_request().unwrap()["ExpressionAttributeValues"][":pk"], json!({"S": "1"}));
}

#[test]
fn a_query_tab_request_becomes_a_form_with_its_placeholders_and_back() {
    // The API console's body, as typed: a placeholder in a key, capacity asked for, a page token.
    let typed = json!({"TableName": "Shop", "Key": {"PK": {"S": "USER#{userId}"}, "SK": {"S": "PROFILE#{userId}"}},
        "ReturnConsumedCapacity": "TOTAL"});
    let mut base = AccessPattern::new("A profile");
    base.extra.insert("ratePerSecond".into(), json!(20));
    let mut d = Draft::from_request("GetItem", &typed, "userId=u1", Some(&base));
    assert_eq!((d.name.as_str(), d.operation.as_str(), d.parameters.as_str(), d.rate.as_str()), ("A profile", "GetItem", "userId=u1", "20"));
    let p = d.to_pattern(Some(&base)).unwrap();
    assert_eq!(p.request, Some(json!({"TableName": "Shop", "Key": {"PK": {"S": "USER#{userId}"}, "SK": {"S": "PROFILE#{userId}"}}})));
    assert_eq!(p.extra["parameters"], json!({"userId": "u1"}));
    // Opened again: the same placeholders and sample values.
    let back = Draft::from_pattern(&p);
    assert!(back.request.contains("\"USER#{userId}\""), "{}", back.request);
    assert_eq!(back.parameters, "userId=u1");
    // Without placeholders the sample values are not kept; a PartiQL page token is dropped.
    d = Draft::from_request("ExecuteStatement", &json!({"Statement": "SELECT * FROM \"Shop\"", "NextToken": "t"}), "userId=u1", None);
    assert_eq!((d.parameters.as_str(), d.request.as_str()), ("", "{\n  \"Statement\": \"SELECT * FROM \\\"Shop\\\"\"\n}"));
    // Only item operations are patterns; the fault names the field.
    let e = Draft { name: "x".into(), ..Draft::from_request("CreateTable", &json!({"TableName": "T"}), "", None) }.to_pattern(None).unwrap_err();
    assert_eq!(e[0].field, Field::Operation);
}
