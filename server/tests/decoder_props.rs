//! Property tests for the request decoder: whatever the bytes and headers, it never panics, and every
//! rejection is a reply DynamoDB could have sent (the fixed 404, or JSON with a namespaced `__type`).
//! Valid structures always get through; any byte-level damage to one is either still valid JSON or a
//! SerializationException.

use dynamodel_server::protocol::{decode, Decoded, Reply, RequestHead};
use engine::api::typed::{Request, TypedInput};
use proptest::prelude::*;
use serde_json::Value;

const AUTH: &str = "AWS4-HMAC-SHA256 Credential=AKID/20240101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=00";

fn signed_head<'a>(target: &'a str, content_type: &'a str) -> RequestHead<'a> {
    RequestHead { method: "POST", content_type: Some(content_type), target: Some(target), authorization: Some(AUTH), has_date: true, query: None }
}

/// A rejection must look like one of DynamoDB's.
fn check_reply(r: &Reply) -> Result<(), TestCaseError> {
    match r.status {
        404 => prop_assert_eq!(&r.body[..], b"<UnknownOperationException/>\n"),
        400 | 500 => {
            let v: Value = serde_json::from_slice(&r.body).map_err(|e| TestCaseError::fail(format!("reply not JSON: {e}")))?;
            let t = v["__type"].as_str().unwrap_or("");
            prop_assert!(t.starts_with("com.amazon"), "bad __type {}", t);
            prop_assert!(t.contains('#'));
        }
        other => prop_assert!(false, "unexpected status {}", other),
    }
    Ok(())
}

/// The input a decoded body must be: its typed form when the decoder reads it typed (what the action's
/// `from_json` builds from the same JSON), else the JSON itself.
fn read_as_engine_would(action: &str, v: &Value) -> Request {
    let body = serde_json::to_vec(v).unwrap_or_default();
    match TypedInput::read(action, &body) {
        Some(_) => match TypedInput::from_json(action, v) {
            Some(Ok(typed)) => Request::Typed(typed),
            _ => Request::Json(Value::String("typed read where from_json refuses".into())),
        },
        None => Request::Json(v.clone()),
    }
}

fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        "[ -~]{0,12}".prop_map(Value::String),
    ];
    leaf.prop_recursive(4, 48, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::btree_map("[A-Za-z]{1,8}", inner, 0..6).prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_bytes_and_headers_never_panic(
        body in prop::collection::vec(any::<u8>(), 0..512),
        method in prop_oneof![Just("POST".to_owned()), Just("GET".to_owned()), Just("PUT".to_owned()), Just("OPTIONS".to_owned()), "[A-Z]{0,7}"],
        content_type in prop::option::of(prop_oneof![Just("application/x-amz-json-1.0".to_owned()), Just("application/json".to_owned()), "\\PC{0,30}"]),
        target in prop::option::of(prop_oneof![Just("DynamoDB_20120810.PutItem".to_owned()), "\\PC{0,40}"]),
        authorization in prop::option::of(prop_oneof![Just(AUTH.to_owned()), "AWS4-\\PC{0,60}", "\\PC{0,30}"]),
        has_date in any::<bool>(),
        query in prop::option::of("\\PC{0,40}"),
    ) {
        let head = RequestHead {
            method: &method,
            content_type: content_type.as_deref(),
            target: target.as_deref(),
            authorization: authorization.as_deref(),
            has_date,
            query: query.as_deref(),
        };
        match decode(&head, &body) {
            Ok(Decoded::Health) => prop_assert_eq!(method.as_str(), "GET"),
            Ok(Decoded::Call(call)) => prop_assert!(call.input.as_json().is_none_or(Value::is_object)),
            Err(r) => check_reply(&r)?,
        }
    }

    #[test]
    fn any_json_structure_is_decoded_by_its_top_level_shape(v in json_value()) {
        let body = serde_json::to_vec(&v).unwrap_or_default();
        let head = signed_head("DynamoDB_20120810.Query", "application/x-amz-json-1.0");
        match (&v, decode(&head, &body)) {
            (Value::Object(_), Ok(Decoded::Call(call))) => prop_assert_eq!(call.input, read_as_engine_would("Query", &v)),
            (Value::Null, Ok(Decoded::Call(call))) => prop_assert_eq!(call.input, Request::Json(serde_json::json!({}))),
            (_, Err(r)) => {
                prop_assert!(!v.is_object() && !v.is_null());
                check_reply(&r)?;
                let v: Value = serde_json::from_slice(&r.body).unwrap_or(Value::Null);
                prop_assert_eq!(v["__type"].as_str(), Some("com.amazon.coral.service#SerializationException"));
            }
            (_, other) => prop_assert!(false, "unexpected {:?}", other),
        }
    }

    #[test]
    fn damaged_json_is_valid_or_a_serialization_error(
        v in json_value(),
        cut in any::<prop::sample::Index>(),
        flip in any::<prop::sample::Index>(),
        byte in any::<u8>(),
    ) {
        let mut body = serde_json::to_vec(&serde_json::json!({"TableName": "t", "Key": v})).unwrap_or_default();
        let i = flip.index(body.len());
        body[i] = byte;
        body.truncate(cut.index(body.len() + 1));
        let head = signed_head("DynamoDB_20120810.GetItem", "application/x-amz-json-1.0");
        match decode(&head, &body) {
            Ok(Decoded::Call(call)) => {
                let reparsed: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
                let expected = if reparsed.is_null() { Request::Json(serde_json::json!({})) } else { read_as_engine_would("GetItem", &reparsed) };
                prop_assert!(expected == call.input, "decoded input differs");
            }
            Ok(Decoded::Health) => prop_assert!(false, "POST decoded as health"),
            Err(r) => {
                check_reply(&r)?;
                let v: Value = serde_json::from_slice(&r.body).unwrap_or(Value::Null);
                prop_assert_eq!(v["__type"].as_str(), Some("com.amazon.coral.service#SerializationException"));
            }
        }
    }
}

/// Deep nesting is refused by the JSON parser's recursion limit instead of overflowing the stack.
#[test]
fn deep_nesting_is_a_serialization_error() {
    let body = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    let head = signed_head("DynamoDB_20120810.PutItem", "application/x-amz-json-1.0");
    let r = decode(&head, body.as_bytes());
    assert!(matches!(r, Err(ref r) if r.status == 400), "{r:?}");
}
