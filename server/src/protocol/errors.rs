//! Error bodies exactly as DynamoDB shapes them: the `__type` namespace differs by where DynamoDB's
//! front end raised the error (Coral's protocol layer, its request validator, or the service itself), and
//! a few types spell the message key `Message` instead of `message`. SDKs ignore the namespace but the
//! AWS CLI prints it, and boto3 reads whichever message key is present.

use engine::error::ApiError;
use serde_json::{Map, Value};

use super::Reply;

const DYNAMODB: &str = "com.amazonaws.dynamodb.v20120810#";
const CORAL: &str = "com.amazon.coral.service#";
const CORAL_VALIDATE: &str = "com.amazon.coral.validate#";
const CORAL_AVAILABILITY: &str = "com.amazon.coral.availability#";

/// DynamoDB's wording for a genuine server fault; the detail goes to the server log, not the client.
pub const INTERNAL_MESSAGE: &str = "The server encountered an internal error trying to fulfill the request.";

/// One JSON error body with its HTTP status.
#[derive(Debug, Clone, PartialEq)]
pub struct WireError {
    pub status: u16,
    /// Full `__type`, namespace included.
    pub type_ref: String,
    pub message: Option<String>,
    /// `message` for most types; `Message` where DynamoDB capitalises it.
    pub message_key: &'static str,
    /// Extra top-level members (`Item`, `CancellationReasons`).
    pub extra: Vec<(&'static str, Value)>,
}

impl WireError {
    fn new(status: u16, namespace: &str, name: &str, message: Option<String>) -> Self {
        WireError { status, type_ref: format!("{namespace}{name}"), message, message_key: "message", extra: Vec::new() }
    }

    /// `SerializationException` from the protocol layer; DynamoDB capitalises its key (`Message`).
    pub fn serialization(message: Option<&str>) -> Self {
        let mut e = WireError::new(400, CORAL, "SerializationException", message.map(str::to_owned));
        e.message_key = "Message";
        e
    }

    /// Unknown service prefix or action: DynamoDB sends the type alone, without a message.
    pub fn unknown_operation() -> Self {
        WireError::new(400, CORAL, "UnknownOperationException", None)
    }

    /// Authentication problems are raised by Coral before the service sees the request.
    pub fn auth(name: &str, message: String) -> Self {
        WireError::new(400, CORAL, name, Some(message))
    }

    pub fn internal() -> Self {
        WireError::new(500, DYNAMODB, "InternalServerError", Some(INTERNAL_MESSAGE.to_owned()))
    }

    /// The short type name (after `#`), as SDKs report it.
    pub fn short_type(&self) -> &str {
        self.type_ref.rsplit('#').next().unwrap_or(&self.type_ref)
    }

    pub fn to_body(&self) -> Vec<u8> {
        let mut map = Map::new();
        map.insert("__type".to_owned(), Value::String(self.type_ref.clone()));
        if let Some(m) = &self.message {
            map.insert(self.message_key.to_owned(), Value::String(m.clone()));
        }
        for (k, v) in &self.extra {
            map.insert((*k).to_owned(), v.clone());
        }
        // A map of strings and engine-produced JSON always serialises; fall back to the bare type if not.
        serde_json::to_vec(&Value::Object(map)).unwrap_or_else(|_| br#"{"__type":"InternalServerError"}"#.to_vec())
    }

    pub fn to_reply(&self) -> Reply {
        Reply::json(self.status, self.to_body())
    }
}

/// Constraint failures come from DynamoDB's request validator, which uses its own namespace.
fn is_constraint_message(message: &str) -> bool {
    let digits = message.bytes().take_while(u8::is_ascii_digit).count();
    digits > 0
        && (message[digits..].starts_with(" validation error detected:")
            || message[digits..].starts_with(" validation errors detected:"))
}

/// Map an engine error to DynamoDB's wire shape.
pub fn from_api_error(error: &ApiError) -> WireError {
    let name = error.type_name();
    let message = Some(error.message().to_owned());
    match error {
        ApiError::Serialization(m) => WireError::serialization(if m.is_empty() { None } else { Some(m) }),
        ApiError::UnknownOperation => WireError::unknown_operation(),
        ApiError::Validation(m) if is_constraint_message(m) => WireError::new(400, CORAL_VALIDATE, name, message),
        ApiError::Throttling(_) => WireError::new(400, CORAL_AVAILABILITY, name, message),
        ApiError::ConditionalCheckFailed { item, .. } => {
            let mut e = WireError::new(400, DYNAMODB, name, message);
            if let Some(item) = item {
                e.extra.push(("Item", engine::value::item_to_json(item)));
            }
            e
        }
        ApiError::TransactionCanceled { reasons, .. } => {
            let mut e = WireError::new(400, DYNAMODB, name, message);
            e.message_key = "Message";
            let reasons = reasons
                .iter()
                .map(|r| {
                    let mut m = Map::new();
                    m.insert("Code".to_owned(), Value::String(r.code.clone()));
                    if let Some(msg) = &r.message {
                        m.insert("Message".to_owned(), Value::String(msg.clone()));
                    }
                    if let Some(item) = &r.item {
                        m.insert("Item".to_owned(), engine::value::item_to_json(item));
                    }
                    Value::Object(m)
                })
                .collect();
            e.extra.push(("CancellationReasons", Value::Array(reasons)));
            e
        }
        e if e.is_server_fault() => WireError::internal(),
        _ => WireError::new(400, DYNAMODB, name, message),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::error::CancellationReason;

    fn body(e: &ApiError) -> Value {
        serde_json::from_slice(&from_api_error(e).to_body()).unwrap_or(Value::Null)
    }

    #[test]
    fn shapes() {
        assert_eq!(
            body(&ApiError::ResourceNotFound("Requested resource not found".into())),
            serde_json::json!({"__type": "com.amazonaws.dynamodb.v20120810#ResourceNotFoundException",
                "message": "Requested resource not found"})
        );
        assert_eq!(
            body(&ApiError::Validation("1 validation error detected: Value null at 'tableName' failed".into()))["__type"],
            "com.amazon.coral.validate#ValidationException"
        );
        assert_eq!(
            body(&ApiError::Validation("One or more parameter values were invalid".into()))["__type"],
            "com.amazonaws.dynamodb.v20120810#ValidationException"
        );
        assert_eq!(
            body(&ApiError::Serialization("Expected null".into())),
            serde_json::json!({"__type": "com.amazon.coral.service#SerializationException", "Message": "Expected null"})
        );
        assert_eq!(body(&ApiError::UnknownOperation), serde_json::json!({"__type": "com.amazon.coral.service#UnknownOperationException"}));
        let internal = from_api_error(&ApiError::Internal("index corrupt".into()));
        assert_eq!(internal.status, 500);
        assert_eq!(internal.message.as_deref(), Some(INTERNAL_MESSAGE));
    }

    #[test]
    fn cancellation_reasons() {
        let e = ApiError::TransactionCanceled {
            message: "Transaction cancelled, please refer cancellation reasons for specific reasons [None, ConditionalCheckFailed]".into(),
            reasons: vec![
                CancellationReason { code: "None".into(), message: None, item: None },
                CancellationReason { code: "ConditionalCheckFailed".into(), message: Some("The conditional request failed".into()), item: None },
            ],
        };
        let b = body(&e);
        assert_eq!(b["CancellationReasons"], serde_json::json!([{"Code": "None"},
            {"Code": "ConditionalCheckFailed", "Message": "The conditional request failed"}]));
        assert!(b["Message"].as_str().is_some_and(|m| m.starts_with("Transaction cancelled")));
    }

    /// The playground's console shows `engine::wire::error_body`; it must be these bytes exactly.
    #[test]
    fn same_bodies_as_the_engines_wire_shapes() {
        let mut item = engine::value::Item::new();
        item.insert("pk".into(), engine::value::AttributeValue::S("a".into()));
        let errors = vec![
            ApiError::Validation("1 validation error detected: Value null at 'tableName' failed".into()),
            ApiError::Validation("One or more parameter values were invalid".into()),
            ApiError::Serialization("Expected null".into()),
            ApiError::Serialization(String::new()),
            ApiError::UnknownOperation,
            ApiError::Throttling("slow down".into()),
            ApiError::ConditionalCheckFailed { message: "The conditional request failed".into(), item: Some(item.clone()) },
            ApiError::ConditionalCheckFailed { message: "The conditional request failed".into(), item: None },
            ApiError::TransactionCanceled {
                message: "Transaction cancelled".into(),
                reasons: vec![CancellationReason { code: "ConditionalCheckFailed".into(), message: Some("x".into()), item: Some(item) }],
            },
            ApiError::ResourceNotFound("Requested resource not found".into()),
            ApiError::Internal("index corrupt".into()),
        ];
        for e in errors {
            let (status, want) = engine::wire::error_body(&e);
            assert_eq!(from_api_error(&e).status, status, "{e:?}");
            assert_eq!(body(&e), want, "{e:?}");
        }
    }
}
