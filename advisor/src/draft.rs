//! The pattern editor's form as plain text fields, and its conversion to a stored access pattern.
//!
//! Kept here rather than in the component so every fault is tested natively: each error names the
//! field it belongs to, so the UI can show it next to that field.

use alloc::collections::BTreeMap;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use engine::model::AccessPattern;
use messages::Message;
use serde_json::{Map, Value};

use crate::pattern::{placeholders, OPERATIONS};

/// The editor's fields, as typed.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Draft {
    pub name: String,
    pub description: String,
    pub operation: String,
    /// The request as JSON text.
    pub request: String,
    /// `userId=u1, date=2024-03-01`
    pub parameters: String,
    /// `Order, User`
    pub entity_types: String,
    /// Requests per second, or empty.
    pub rate: String,
}

/// Which field an error belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    Name,
    Operation,
    Request,
    Parameters,
    EntityTypes,
    Rate,
}

/// A fault in one field of the form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DraftError {
    pub field: Field,
    pub message: Message,
}

fn err(field: Field, message: Message) -> DraftError {
    DraftError { field, message }
}

impl DraftError {
    /// The model refused the pattern the form made: `reason` is the model's own message (a DynamoDB
    /// error among them), shown as it is.
    pub fn refused(field: Field, reason: String) -> DraftError {
        err(field, Message::new("draft.edit_failed").text("reason", reason))
    }
}

impl Draft {
    /// The form of a pattern holding `request` as a Query-tab mode would run it (`ReturnConsumedCapacity`
    /// and `NextToken` dropped: the check asks for capacity itself and reads every page), with the
    /// `name=value` sample values kept only when the request uses `{placeholders}`, and every other
    /// field from `base` (the pattern being replaced).
    pub fn from_request(operation: &str, request: &Value, samples: &str, base: Option<&AccessPattern>) -> Draft {
        let mut r = request.clone();
        if let Some(o) = r.as_object_mut() {
            o.remove("ReturnConsumedCapacity");
            o.remove("NextToken");
        }
        let mut d = base.map(Draft::from_pattern).unwrap_or_default();
        d.operation = operation.to_string();
        d.parameters = if placeholders(&r).is_empty() { String::new() } else { samples.to_string() };
        d.request = serde_json::to_string_pretty(&r).unwrap_or_default();
        d
    }

    /// The form for an existing pattern.
    pub fn from_pattern(p: &AccessPattern) -> Draft {
        let parameters = match p.extra.get("parameters") {
            Some(Value::Object(m)) => m
                .iter()
                .map(|(k, v)| format!("{k}={}", v.as_str().map(String::from).unwrap_or_else(|| v.to_string())))
                .collect::<Vec<_>>()
                .join(", "),
            _ => String::new(),
        };
        let entity_types = match p.extra.get("entityTypes") {
            Some(Value::Array(a)) => a.iter().filter_map(Value::as_str).collect::<Vec<_>>().join(", "),
            _ => String::new(),
        };
        Draft {
            name: p.name.clone(),
            description: p.description.clone(),
            operation: p.operation.clone().unwrap_or_else(|| String::from("Query")),
            request: p.request.as_ref().and_then(|r| serde_json::to_string_pretty(r).ok()).unwrap_or_else(|| String::from("{}")),
            parameters,
            entity_types,
            rate: p.extra.get("ratePerSecond").map(|v| v.to_string()).unwrap_or_default(),
        }
    }

    /// The stored pattern, keeping any fields of `base` this form does not edit. All faults are
    /// reported, each with its field.
    pub fn to_pattern(&self, base: Option<&AccessPattern>) -> Result<AccessPattern, Vec<DraftError>> {
        let mut errors = Vec::new();
        let name = self.name.trim();
        if name.is_empty() {
            errors.push(err(Field::Name, Message::new("draft.no_name")));
        }
        if !OPERATIONS.contains(&self.operation.as_str()) {
            errors.push(err(
                Field::Operation,
                Message::new("draft.unknown_operation")
                    .text("operation", self.operation.clone())
                    .list("known", OPERATIONS.iter().map(|o| String::from(*o)).collect()),
            ));
        }
        let request = match serde_json::from_str::<Value>(&self.request) {
            Ok(v @ Value::Object(_)) => Some(v),
            Ok(_) => {
                errors.push(err(Field::Request, Message::new("draft.request_not_object")));
                None
            }
            Err(e) => {
                errors.push(err(Field::Request, Message::new("draft.request_not_json").text("reason", e.to_string())));
                None
            }
        };
        let mut parameters = Map::new();
        for part in self.parameters.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            match part.split_once('=') {
                Some((k, v)) if !k.trim().is_empty() => {
                    parameters.insert(k.trim().to_string(), Value::String(v.trim().to_string()));
                }
                _ => errors.push(err(Field::Parameters, Message::new("draft.parameter").text("part", format!("{part:?}")))),
            }
        }
        if let Some(r) = &request {
            let used = placeholders(r);
            let missing: Vec<&str> = used.iter().filter(|u| !parameters.contains_key(u.as_str())).map(String::as_str).collect();
            if !missing.is_empty() {
                errors.push(err(
                    Field::Parameters,
                    Message::new("draft.no_sample").list("placeholders", missing.iter().map(|m| format!("{{{m}}}")).collect()),
                ));
            }
        }
        let entity_types: Vec<Value> =
            self.entity_types.split(',').map(str::trim).filter(|s| !s.is_empty()).map(|s| Value::String(s.to_string())).collect();
        let rate = match self.rate.trim() {
            "" => None,
            r => match r.parse::<u64>() {
                Ok(n) => Some(n),
                Err(_) => {
                    errors.push(err(Field::Rate, Message::new("draft.rate")));
                    None
                }
            },
        };
        if !errors.is_empty() {
            return Err(errors);
        }
        let mut p = base.cloned().unwrap_or_else(|| AccessPattern::new(name));
        p.name = name.to_string();
        p.description = self.description.trim().to_string();
        p.operation = Some(self.operation.clone());
        p.request = request;
        let mut set = |k: &str, v: Option<Value>| match v {
            Some(v) => {
                p.extra.insert(k.into(), v);
            }
            None => {
                p.extra.remove(k);
            }
        };
        set("parameters", (!parameters.is_empty()).then_some(Value::Object(parameters)));
        set("entityTypes", (!entity_types.is_empty()).then_some(Value::Array(entity_types)));
        set("ratePerSecond", rate.map(Value::from));
        Ok(p)
    }
}

/// A new pattern's form for a table: a Query on its partition key.
pub fn new_draft(table: &str, partition_key: &str) -> Draft {
    let mut values = BTreeMap::new();
    values.insert(":pk", serde_json::json!({"S": "{id}"}));
    let request = serde_json::json!({
        "TableName": table,
        "KeyConditionExpression": format!("#pk = :pk"),
        "ExpressionAttributeNames": {"#pk": partition_key},
        "ExpressionAttributeValues": values,
    });
    Draft {
        name: String::from("New access pattern"),
        operation: String::from("Query"),
        request: serde_json::to_string_pretty(&request).unwrap_or_default(),
        parameters: String::from("id=1"),
        ..Draft::default()
    }
}
