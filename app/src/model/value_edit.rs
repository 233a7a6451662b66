//! The typed value editor's text forms: what text the editor shows for a value, and how text typed for
//! a given type becomes a value. Decoding goes through the engine's DynamoDB-JSON reader, so an invalid
//! number, an empty set or a duplicate set element gets DynamoDB's own message.

use base64::Engine as _;
use engine::value::{value_from_json, value_to_json, AttributeValue, ValueType};
use serde_json::{json, Value};

/// The ten types in the order the type menu offers them.
pub const TYPES: [ValueType; 10] = [
    ValueType::S,
    ValueType::N,
    ValueType::B,
    ValueType::Bool,
    ValueType::Null,
    ValueType::L,
    ValueType::M,
    ValueType::SS,
    ValueType::NS,
    ValueType::BS,
];

pub fn type_from_tag(tag: &str) -> Option<ValueType> {
    TYPES.into_iter().find(|t| t.as_str() == tag)
}

/// How the editor for a type takes its text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EditorKind {
    /// One line of text (S, N, B).
    Line,
    /// true / false.
    Bool,
    /// No text at all (NULL).
    Nothing,
    /// One element per line (SS, NS, BS).
    Lines,
    /// DynamoDB JSON of the elements (L: an array, M: an object).
    Json,
}

pub fn editor_kind(t: ValueType) -> EditorKind {
    match t {
        ValueType::S | ValueType::N | ValueType::B => EditorKind::Line,
        ValueType::Bool => EditorKind::Bool,
        ValueType::Null => EditorKind::Nothing,
        ValueType::SS | ValueType::NS | ValueType::BS => EditorKind::Lines,
        ValueType::L | ValueType::M => EditorKind::Json,
    }
}

/// What the editor shows for an existing value.
pub fn editor_text(v: &AttributeValue) -> String {
    let b64 = |b: &[u8]| base64::engine::general_purpose::STANDARD.encode(b);
    match v {
        AttributeValue::S(s) => s.clone(),
        AttributeValue::N(n) => n.to_canonical(),
        AttributeValue::B(b) => b64(b),
        AttributeValue::Bool(b) => b.to_string(),
        AttributeValue::Null => String::new(),
        AttributeValue::SS(s) => s.join("\n"),
        AttributeValue::NS(s) => s.iter().map(|n| n.to_canonical()).collect::<Vec<_>>().join("\n"),
        AttributeValue::BS(s) => s.iter().map(|b| b64(b)).collect::<Vec<_>>().join("\n"),
        AttributeValue::L(_) | AttributeValue::M(_) => {
            let inner = value_to_json(v);
            let body = inner.get(if matches!(v, AttributeValue::L(_)) { "L" } else { "M" }).cloned().unwrap_or(Value::Null);
            serde_json::to_string_pretty(&body).unwrap_or_default()
        }
    }
}

/// Why typed text is not a value of its type. The view words it in the page's language; DynamoDB's own
/// message (`Dynamo`) stays as DynamoDB writes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ValueError {
    /// A BOOL is `true` or `false`.
    Bool,
    /// An L or M editor's text is not JSON (serde_json's reason).
    NotJson(String),
    /// An L is a JSON array.
    NotList,
    /// An M is a JSON object.
    NotMap,
    /// DynamoDB refuses the value, with its message.
    Dynamo(String),
}

/// The value typed as `t`. Errors carry DynamoDB's message where DynamoDB has one.
pub fn parse_value(t: ValueType, text: &str) -> Result<AttributeValue, ValueError> {
    let lines = || text.lines().map(str::trim).filter(|l| !l.is_empty()).map(|l| Value::String(l.to_string())).collect::<Vec<_>>();
    let dynamo = match t {
        ValueType::S => json!({"S": text}),
        ValueType::N => json!({"N": text.trim()}),
        ValueType::B => json!({"B": text.trim()}),
        ValueType::Bool => match text.trim() {
            "true" => json!({"BOOL": true}),
            "false" => json!({"BOOL": false}),
            _ => return Err(ValueError::Bool),
        },
        ValueType::Null => json!({"NULL": true}),
        ValueType::SS => json!({"SS": lines()}),
        ValueType::NS => json!({"NS": lines()}),
        ValueType::BS => json!({"BS": lines()}),
        ValueType::L | ValueType::M => {
            let inner: Value = serde_json::from_str(text).map_err(|e| ValueError::NotJson(e.to_string()))?;
            match (t, &inner) {
                (ValueType::L, Value::Array(_)) => json!({"L": inner}),
                (ValueType::M, Value::Object(_)) => json!({"M": inner}),
                (ValueType::L, _) => return Err(ValueError::NotList),
                _ => return Err(ValueError::NotMap),
            }
        }
    };
    value_from_json(&dynamo).map_err(|e| ValueError::Dynamo(e.message().to_string()))
}

/// The value an empty editor of type `t` starts from (what "add attribute" inserts).
pub fn default_value(t: ValueType) -> Option<AttributeValue> {
    Some(match t {
        ValueType::S => AttributeValue::S(String::new()),
        ValueType::N => AttributeValue::N(engine::number::Number::ZERO),
        ValueType::B => AttributeValue::B(Vec::new()),
        ValueType::Bool => AttributeValue::Bool(false),
        ValueType::Null => AttributeValue::Null,
        ValueType::L => AttributeValue::L(Vec::new()),
        ValueType::M => AttributeValue::M(Default::default()),
        // Sets cannot be empty: there is no default set.
        ValueType::SS | ValueType::NS | ValueType::BS => return None,
    })
}
