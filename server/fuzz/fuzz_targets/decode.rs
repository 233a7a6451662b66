//! Fuzz the request decoder: the first bytes choose the request head (method, content type, target,
//! signature), the rest is the body. The decoder must never panic, and every rejection must be one of
//! DynamoDB's reply shapes.
#![no_main]

use dynamodel_server::protocol::{decode, Decoded, RequestHead};
use libfuzzer_sys::fuzz_target;

const METHODS: [&str; 4] = ["POST", "GET", "PUT", "OPTIONS"];
const TYPES: [Option<&str>; 4] = [Some("application/x-amz-json-1.0"), Some("application/json; charset=utf-8"), Some("text/plain"), None];
const TARGETS: [Option<&str>; 4] = [Some("DynamoDB_20120810.PutItem"), Some("DynamoDBStreams_20120810.GetRecords"), Some("DynamoDB_20120810.Nope"), None];
const AUTHS: [Option<&str>; 4] = [
    Some("AWS4-HMAC-SHA256 Credential=a/20240101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=0"),
    Some("AWS4-HMAC-SHA256 Signature=0"),
    Some("Basic x"),
    None,
];

fuzz_target!(|data: &[u8]| {
    let Some((&selector, body)) = data.split_first() else { return };
    let head = RequestHead {
        method: METHODS[usize::from(selector & 3)],
        content_type: TYPES[usize::from((selector >> 2) & 3)],
        target: TARGETS[usize::from((selector >> 4) & 3)],
        authorization: AUTHS[usize::from(selector >> 6)],
        has_date: selector & 1 == 0,
        query: None,
    };
    match decode(&head, body) {
        Ok(Decoded::Health) => assert_eq!(head.method, "GET"),
        Ok(Decoded::Call(call)) => assert!(call.input.as_json().is_none_or(serde_json::Value::is_object)),
        Err(reply) => match reply.status {
            404 => assert_eq!(reply.body, b"<UnknownOperationException/>\n"),
            400 => {
                let v: serde_json::Value = serde_json::from_slice(&reply.body).expect("error body is JSON");
                assert!(v["__type"].as_str().is_some_and(|t| t.starts_with("com.amazon")));
            }
            other => panic!("unexpected status {other}"),
        },
    }
});
