//! An [`ApiError`] as the JSON body DynamoDB sends for it (`__type` with its namespace, the message
//! under `message` or `Message`, `Item` / `CancellationReasons` where they apply) and its HTTP status.
//!
//! The server's `protocol::errors` writes the same bodies for the wire (a server test keeps the two
//! equal); the playground's API console shows this so a learner sees exactly what an SDK receives.

use alloc::borrow::ToOwned;
use alloc::format;
use alloc::string::String;

use serde_json::{Map, Value};

use crate::error::ApiError;
use crate::value::item_to_json;

const DYNAMODB: &str = "com.amazonaws.dynamodb.v20120810#";
const CORAL: &str = "com.amazon.coral.service#";
const CORAL_VALIDATE: &str = "com.amazon.coral.validate#";
const CORAL_AVAILABILITY: &str = "com.amazon.coral.availability#";
const INTERNAL_MESSAGE: &str = "The server encountered an internal error trying to fulfill the request.";

fn is_constraint_message(message: &str) -> bool {
    let digits = message.bytes().take_while(u8::is_ascii_digit).count();
    digits > 0
        && (message[digits..].starts_with(" validation error detected:") || message[digits..].starts_with(" validation errors detected:"))
}

/// `(HTTP status, body)` of `error` on DynamoDB's JSON 1.0 protocol.
pub fn error_body(error: &ApiError) -> (u16, Value) {
    let name = error.type_name();
    let mut m = Map::new();
    let put = |ns: &str, key: &str, message: Option<String>, m: &mut Map<String, Value>| {
        m.insert("__type".to_owned(), Value::String(format!("{ns}{name}")));
        if let Some(text) = message {
            m.insert(key.to_owned(), Value::String(text));
        }
    };
    let message = Some(error.message().to_owned());
    let mut status = 400;
    match error {
        ApiError::Serialization(text) => put(CORAL, "Message", (!text.is_empty()).then(|| text.clone()), &mut m),
        ApiError::UnknownOperation => put(CORAL, "message", None, &mut m),
        ApiError::Validation(text) if is_constraint_message(text) => put(CORAL_VALIDATE, "message", message, &mut m),
        ApiError::Throttling(_) => put(CORAL_AVAILABILITY, "message", message, &mut m),
        ApiError::ConditionalCheckFailed { item, .. } => {
            put(DYNAMODB, "message", message, &mut m);
            if let Some(item) = item {
                m.insert("Item".to_owned(), item_to_json(item));
            }
        }
        ApiError::TransactionCanceled { reasons, .. } => {
            put(DYNAMODB, "Message", message, &mut m);
            let reasons = reasons
                .iter()
                .map(|r| {
                    let mut o = Map::new();
                    o.insert("Code".to_owned(), Value::String(r.code.clone()));
                    if let Some(text) = &r.message {
                        o.insert("Message".to_owned(), Value::String(text.clone()));
                    }
                    if let Some(item) = &r.item {
                        o.insert("Item".to_owned(), item_to_json(item));
                    }
                    Value::Object(o)
                })
                .collect();
            m.insert("CancellationReasons".to_owned(), Value::Array(reasons));
        }
        e if e.is_server_fault() => {
            status = 500;
            m.insert("__type".to_owned(), Value::String(format!("{DYNAMODB}InternalServerError")));
            m.insert("message".to_owned(), Value::String(INTERNAL_MESSAGE.to_owned()));
        }
        _ => put(DYNAMODB, "message", message, &mut m),
    }
    (status, Value::Object(m))
}
