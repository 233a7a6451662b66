//! `TypedInput::read` (PutItem, GetItem and Query bodies read without a JSON tree) against the actions'
//! `from_json`: whatever it reads must be exactly the input `from_json` builds from the same body, and
//! whatever `from_json` refuses it must decline, so every error keeps its one implementation.

use engine::api::typed::TypedInput;
use proptest::prelude::*;
use serde_json::Value;

const ACTIONS: [&str; 3] = ["PutItem", "GetItem", "Query"];

/// The property: a body read typed is read the same by the JSON path.
fn agrees(action: &str, body: &[u8]) -> Result<bool, String> {
    let Some(typed) = TypedInput::read(action, body) else { return Ok(false) };
    let parsed: Value = serde_json::from_slice(body).map_err(|e| format!("typed read accepted invalid JSON: {e}"))?;
    match TypedInput::from_json(action, &parsed) {
        Some(Ok(reference)) if reference == typed => Ok(true),
        Some(Ok(reference)) => Err(format!("{action} {}: typed {typed:?} but from_json {reference:?}", String::from_utf8_lossy(body))),
        Some(Err(e)) => Err(format!("{action} {}: typed read accepted what from_json refuses: {e:?}", String::from_utf8_lossy(body))),
        None => Err(format!("{action}: not an action from_json reads")),
    }
}

/// The bodies the server benchmark and the SDKs send: read typed, and agreeing.
#[test]
fn common_bodies_are_read_typed() {
    let cases: &[(&str, &str)] = &[
        ("PutItem", r##"{"TableName":"bench","Item":{"pk":{"S":"k1"},"sk":{"N":"0"},"n":{"N":"12"},"payload":{"S":"xx"}}}"##),
        ("PutItem", r##"{"TableName":"t-1.x","Item":{"pk":{"S":"a\"b\u00e9"},"f":{"BOOL":false},"z":{"NULL":true}},"ReturnValues":"ALL_OLD","ReturnConsumedCapacity":"TOTAL","ReturnItemCollectionMetrics":"SIZE"}"##),
        ("PutItem", r##"{"TableName":"bench","Item":{"pk":{"S":"k"}},"ConditionExpression":"attribute_not_exists(#p) AND #n < :v","ExpressionAttributeNames":{"#p":"pk","#n":"n"},"ExpressionAttributeValues":{":v":{"N":"1.50"}},"ReturnValuesOnConditionCheckFailure":"ALL_OLD"}"##),
        ("GetItem", r##"{"TableName":"bench","Key":{"pk":{"S":"k1"},"sk":{"N":"0"}}}"##),
        ("GetItem", r##" { "TableName" : "bench" , "Key" : { "pk" : { "S" : "k1" } } , "ConsistentRead" : true , "ProjectionExpression" : "#a, b" , "ExpressionAttributeNames" : { "#a" : "a" } } "##),
        ("Query", r##"{"TableName":"bench","KeyConditionExpression":"pk = :p","ExpressionAttributeValues":{":p":{"S":"hot"}}}"##),
        ("Query", r##"{"TableName":"bench","IndexName":"by-n","KeyConditionExpression":"pk = :p AND sk > :s","FilterExpression":"n > :s","ExpressionAttributeValues":{":p":{"S":"hot"},":s":{"N":"-1e3"}},"Limit":5,"ScanIndexForward":false,"Select":"COUNT","ExclusiveStartKey":{"pk":{"S":"hot"},"sk":{"N":"3"}},"ReturnConsumedCapacity":"INDEXES","ConsistentRead":false}"##),
        ("Query", r##"{"TableName":"bench","KeyConditionExpression":"pk = :p","ExpressionAttributeValues":{":p":{"S":"hot"}},"Limit":9223372036854775807}"##),
    ];
    for (action, body) in cases {
        assert_eq!(agrees(action, body.as_bytes()), Ok(true), "{action} {body}");
    }
}

/// Bodies the JSON path must answer (errors, unusual shapes, members read elsewhere): declined.
#[test]
fn other_bodies_are_declined() {
    let cases: &[(&str, &str)] = &[
        ("Scan", r##"{"TableName":"bench"}"##),
        ("PutItem", ""),
        ("PutItem", "null"),
        ("PutItem", "[]"),
        ("PutItem", r##"{"TableName":"bench","Item":{"pk":{"S":"k"}}"##),
        ("PutItem", r##"{"TableName":"bench","Item":{"pk":{"S":"k"}}} x"##),
        ("PutItem", r##"{"TableName":"bench"}"##),
        ("PutItem", r##"{"TableName":"","Item":{"pk":{"S":"k"}}}"##),
        ("PutItem", r##"{"TableName":"ab","Item":{"pk":{"S":"k"}}}"##),
        ("PutItem", r##"{"TableName":"a b c","Item":{"pk":{"S":"k"}}}"##),
        ("PutItem", r##"{"TableName":null,"Item":{"pk":{"S":"k"}}}"##),
        ("PutItem", r##"{"TableName":"bench","TableName":"other","Item":{"pk":{"S":"k"}}}"##),
        ("PutItem", r##"{"TableName":"bench","Item":{"pk":{"S":"k"},"pk":{"S":"j"}}}"##),
        ("PutItem", r##"{"TableName":"bench","Item":{"":{"S":"k"}}}"##),
        ("PutItem", r##"{"TableName":"bench","Item":{"pk":{"S":"k","N":"1"}}}"##),
        ("PutItem", r##"{"TableName":"bench","Item":{"pk":{"S":"k","X":1}}}"##),
        ("PutItem", r##"{"TableName":"bench","Item":{"pk":{}}}"##),
        ("PutItem", r##"{"TableName":"bench","Item":{"pk":{"S":null}}}"##),
        ("PutItem", r##"{"TableName":"bench","Item":{"pk":{"S":1}}}"##),
        ("PutItem", r##"{"TableName":"bench","Item":{"pk":{"N":"abc"}}}"##),
        ("PutItem", r##"{"TableName":"bench","Item":{"pk":{"N":"1e999"}}}"##),
        ("PutItem", r##"{"TableName":"bench","Item":{"pk":{"NULL":false}}}"##),
        ("PutItem", r##"{"TableName":"bench","Item":{"pk":{"BOOL":"true"}}}"##),
        ("PutItem", r##"{"TableName":"bench","Item":{"pk":{"SS":["a"]}}}"##),
        ("PutItem", r##"{"TableName":"bench","Item":{"pk":{"M":{}}}}"##),
        ("PutItem", r##"{"TableName":"bench","Item":{"pk":{"L":[]}}}"##),
        ("PutItem", r##"{"TableName":"bench","Item":{"pk":{"B":"AA=="}}}"##),
        ("PutItem", r##"{"TableName":"bench","Item":{"pk":{"S":"k"}},"ReturnValues":"ALL_NEW2"}"##),
        ("PutItem", r##"{"TableName":"bench","Item":{"pk":{"S":"k"}},"ReturnConsumedCapacity":"SOME"}"##),
        ("PutItem", r##"{"TableName":"bench","Item":{"pk":{"S":"k"}},"Expected":{"a":{"Exists":false}}}"##),
        ("PutItem", r##"{"TableName":"bench","Item":{"pk":{"S":"k"}},"Unknown":1}"##),
        ("PutItem", r##"{"TableName":"bench","Item":{"pk":{"S":"k"}},"ExpressionAttributeNames":{"#a":1}}"##),
        ("PutItem", r##"{"TableName":"bench","Item":{"pk":{"S":"k"}},"ExpressionAttributeNames":{"#a":"x","#a":"y"}}"##),
        ("GetItem", r##"{"TableName":"bench"}"##),
        ("GetItem", r##"{"TableName":"bench","Key":{"pk":{"S":"k"}},"ConsistentRead":"true"}"##),
        ("GetItem", r##"{"TableName":"bench","Key":{"pk":{"S":"k"}},"AttributesToGet":["a"]}"##),
        ("GetItem", r##"{"TableName":"bench","Key":{"pk":{"S":"k"}},"ReturnValues":"NONE"}"##),
        ("Query", r##"{"TableName":"bench","Limit":0}"##),
        ("Query", r##"{"TableName":"bench","Limit":-3}"##),
        ("Query", r##"{"TableName":"bench","Limit":2.5}"##),
        ("Query", r##"{"TableName":"bench","Limit":"2"}"##),
        ("Query", r##"{"TableName":"bench","Limit":9223372036854775808}"##),
        ("Query", r##"{"TableName":"bench","Select":"SOME"}"##),
        ("Query", r##"{"TableName":"bench","IndexName":"x"}"##),
        ("Query", r##"{"TableName":"bench","KeyConditions":{}}"##),
        ("Query", r##"{"TableName":"bench","Segment":1}"##),
    ];
    for (action, body) in cases {
        assert!(TypedInput::read(action, body.as_bytes()).is_none(), "{action} {body} was read typed");
    }
}

/// Members a request may carry, each with values of several kinds (valid, invalid, odd shapes).
fn member() -> impl Strategy<Value = (String, Value)> {
    let name = prop_oneof![
        Just("TableName"), Just("Item"), Just("Key"), Just("IndexName"), Just("Select"), Just("Limit"),
        Just("ConsistentRead"), Just("ScanIndexForward"), Just("ExclusiveStartKey"), Just("ReturnConsumedCapacity"),
        Just("ReturnValues"), Just("ReturnItemCollectionMetrics"), Just("ReturnValuesOnConditionCheckFailure"),
        Just("ConditionExpression"), Just("ConditionalOperator"), Just("ProjectionExpression"), Just("FilterExpression"),
        Just("KeyConditionExpression"), Just("ExpressionAttributeNames"), Just("ExpressionAttributeValues"),
        Just("Expected"), Just("Segment"), Just("Other"),
    ];
    let scalar_text = prop_oneof![
        Just("bench"), Just("ab"), Just(""), Just("a b"), Just("TOTAL"), Just("NONE"), Just("ALL_OLD"), Just("SIZE"),
        Just("COUNT"), Just("INDEXES"), Just("x"), Just("1"), Just("-2.50"), Just("1e200"), Just("abc"), Just("true"),
    ];
    let attribute = prop_oneof![
        scalar_text.clone().prop_map(|s| serde_json::json!({ "S": s })),
        scalar_text.clone().prop_map(|s| serde_json::json!({ "N": s })),
        any::<bool>().prop_map(|b| serde_json::json!({ "BOOL": b })),
        any::<bool>().prop_map(|b| serde_json::json!({ "NULL": b })),
        Just(serde_json::json!({ "S": "a", "N": "1" })),
        Just(serde_json::json!({ "SS": ["a"] })),
        Just(serde_json::json!({})),
        Just(serde_json::json!({ "S": null })),
        Just(Value::Null),
        Just(serde_json::json!("S")),
    ];
    let item = prop::collection::btree_map(prop_oneof![Just("pk"), Just("sk"), Just(""), Just(":v"), Just("#n")], attribute, 0..4)
        .prop_map(|m| Value::Object(m.into_iter().map(|(k, v)| (k.to_owned(), v)).collect()));
    let value = prop_oneof![
        scalar_text.prop_map(Value::from),
        item,
        prop::collection::btree_map(prop_oneof![Just("#a"), Just("#b")], prop_oneof![Just(Value::from("pk")), Just(Value::from("")), Just(Value::from(1))], 0..3)
            .prop_map(|m| Value::Object(m.into_iter().map(|(k, v)| (k.to_owned(), v)).collect())),
        any::<bool>().prop_map(Value::from),
        prop_oneof![Just(-1i64), Just(0), Just(1), Just(7), Just(i64::MAX)].prop_map(Value::from),
        Just(Value::from(2.5)),
        Just(Value::Null),
        Just(serde_json::json!([])),
    ];
    (name.prop_map(str::to_owned), value)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    /// Whatever the members, a body read typed is read the same by `from_json`.
    #[test]
    fn typed_read_agrees_with_from_json(
        action in prop::sample::select(&ACTIONS[..]),
        members in prop::collection::vec(member(), 0..7),
        table in any::<bool>(),
    ) {
        let mut body = String::from("{");
        if table {
            body.push_str(match action {
                "PutItem" => r##""TableName":"bench","Item":{"pk":{"S":"k"}}"##,
                "GetItem" => r##""TableName":"bench","Key":{"pk":{"S":"k"}}"##,
                _ => r##""TableName":"bench""##,
            });
        }
        for (i, (name, value)) in members.iter().enumerate() {
            if i > 0 || table {
                body.push(',');
            }
            body.push_str(&serde_json::to_string(name).unwrap_or_default());
            body.push(':');
            body.push_str(&value.to_string());
        }
        body.push('}');
        if let Err(e) = agrees(action, body.as_bytes()) {
            return Err(TestCaseError::fail(e));
        }
    }
}
