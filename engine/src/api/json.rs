//! Reading a request body the way DynamoDB's JSON 1.0 front end does: a field of the wrong JSON type is a
//! `SerializationException` (with the Java-flavoured wording the real service uses), `null` counts as
//! absent, and constraint failures are collected by [`Checks`] into one ValidationException.

use alloc::collections::BTreeMap;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use serde_json::{Map, Value};

use crate::error::ApiError;
use crate::value::{item_from_json, name_too_large, values_from_json, Item, NAME_TOO_LARGE_MESSAGE};

fn ser(msg: &str) -> ApiError {
    ApiError::Serialization(String::from(msg))
}

/// The request body must be a JSON object.
pub fn body(v: &Value) -> Result<&Map<String, Value>, ApiError> {
    match v {
        Value::Object(m) => Ok(m),
        Value::Array(_) => Err(ser("Start of list found where not expected")),
        _ => Err(ser("Unexpected value type in payload")),
    }
}

fn field<'a>(m: &'a Map<String, Value>, name: &str) -> Option<&'a Value> {
    match m.get(name) {
        None | Some(Value::Null) => None,
        Some(v) => Some(v),
    }
}

fn scalar_mismatch(v: &Value, target: &str) -> ApiError {
    let msg = match v {
        Value::Number(_) => format!("NUMBER_VALUE cannot be converted to {target}"),
        Value::Bool(true) => format!("TRUE_VALUE cannot be converted to {target}"),
        Value::Bool(false) => format!("FALSE_VALUE cannot be converted to {target}"),
        Value::String(_) => format!("STRING_VALUE cannot be converted to {target}"),
        Value::Array(_) => format!("Unrecognized collection type class java.lang.{target}"),
        _ => String::from("Start of structure or map found where not expected"),
    };
    ApiError::Serialization(msg)
}

pub fn opt_str<'a>(m: &'a Map<String, Value>, name: &str) -> Result<Option<&'a str>, ApiError> {
    match field(m, name) {
        None => Ok(None),
        Some(Value::String(s)) => Ok(Some(s)),
        Some(v) => Err(scalar_mismatch(v, "String")),
    }
}

pub fn opt_bool(m: &Map<String, Value>, name: &str) -> Result<Option<bool>, ApiError> {
    match field(m, name) {
        None => Ok(None),
        Some(Value::Bool(b)) => Ok(Some(*b)),
        Some(Value::String(_)) => Err(ser("STRING_VALUE can not be converted to a Boolean")),
        Some(Value::Number(_)) => Err(ser("NUMBER_VALUE can not be converted to a Boolean")),
        Some(v) => Err(scalar_mismatch(v, "Boolean")),
    }
}

/// An integer field (`Limit`, `Segment`, capacity units). Fractions and strings are serialization errors.
pub fn opt_int(m: &Map<String, Value>, name: &str, java: &str) -> Result<Option<i64>, ApiError> {
    match field(m, name) {
        None => Ok(None),
        Some(Value::Number(n)) => match n.as_i64() {
            Some(i) => Ok(Some(i)),
            None => match n.as_u64() {
                Some(_) => Err(ser("NUMBER_VALUE cannot be converted to Long: value out of range")),
                None => Err(ser(&format!("DECIMAL_VALUE cannot be converted to {java}"))),
            },
        },
        Some(v) => Err(scalar_mismatch(v, java)),
    }
}

pub fn opt_obj<'a>(m: &'a Map<String, Value>, name: &str) -> Result<Option<&'a Map<String, Value>>, ApiError> {
    match field(m, name) {
        None => Ok(None),
        Some(Value::Object(o)) => Ok(Some(o)),
        Some(Value::Array(_)) => Err(ser("Start of list found where not expected")),
        Some(_) => Err(ser("Unexpected value type in payload")),
    }
}

pub fn opt_list<'a>(m: &'a Map<String, Value>, name: &str) -> Result<Option<&'a Vec<Value>>, ApiError> {
    match field(m, name) {
        None => Ok(None),
        Some(Value::Array(a)) => Ok(Some(a)),
        Some(Value::Object(_)) => Err(ser("Start of structure or map found where not expected")),
        Some(_) => Err(ser("Unexpected field type")),
    }
}

/// A list of structures (KeySchema, AttributeDefinitions, indexes...).
pub fn list_of_obj(list: &[Value]) -> Result<Vec<&Map<String, Value>>, ApiError> {
    list.iter()
        .map(|v| match v {
            Value::Object(o) => Ok(o),
            Value::Array(_) => Err(ser("Start of list found where not expected")),
            _ => Err(ser("Unexpected value type in payload")),
        })
        .collect()
}

/// A list of strings (NonKeyAttributes, AttributesToGet).
pub fn list_of_str(list: &[Value]) -> Result<Vec<String>, ApiError> {
    list.iter()
        .map(|v| match v {
            Value::String(s) => Ok(s.clone()),
            other => Err(scalar_mismatch(other, "String")),
        })
        .collect()
}

/// `ExpressionAttributeNames`: a map of strings. A value is an attribute name, so one past 65,535 bytes
/// gets the attribute-name answer where the map is read, as an item's names do (the service's answer to
/// `SET #n = :v` with `#n` mapped to a 65,536-byte name, ExtendDB/extenddb#365; an empty one is the
/// expression compiler's fault, reported with its key).
pub fn opt_names(m: &Map<String, Value>) -> Result<Option<BTreeMap<String, String>>, ApiError> {
    let Some(o) = opt_obj(m, "ExpressionAttributeNames")? else { return Ok(None) };
    let mut out = BTreeMap::new();
    for (k, v) in o {
        match v {
            Value::String(s) => {
                out.insert(k.clone(), s.clone());
            }
            other => return Err(scalar_mismatch(other, "String")),
        }
    }
    check_name_sizes(out.values().map(String::as_str))?;
    Ok(Some(out))
}

/// Attribute names a request gives outside an item (`ExpressionAttributeNames` values, `AttributesToGet`
/// members, the keys of `AttributeUpdates`, `Expected`, `KeyConditions`, `QueryFilter`, `ScanFilter`):
/// one past 65,535 bytes is refused where the parameter is read, with the message the service gives for
/// an item's names and for an `ExpressionAttributeNames` value (ExtendDB/extenddb#365). Empty ones are
/// refused later, where DynamoDB converts the parameter (see `expr::legacy`).
pub fn check_name_sizes<'a>(names: impl IntoIterator<Item = &'a str>) -> Result<(), ApiError> {
    if names.into_iter().any(name_too_large) {
        return Err(ApiError::validation(NAME_TOO_LARGE_MESSAGE));
    }
    Ok(())
}

/// A legacy map parameter keyed by attribute names (`AttributeUpdates`, `Expected`, `KeyConditions`,
/// `QueryFilter`, `ScanFilter`), kept as JSON for the expression compiler; its names' size checked.
pub fn opt_name_map(m: &Map<String, Value>, name: &str) -> Result<Option<Value>, ApiError> {
    let Some(o) = opt_obj(m, name)? else { return Ok(None) };
    check_name_sizes(o.keys().map(String::as_str))?;
    Ok(Some(Value::Object(o.clone())))
}

/// `ExpressionAttributeValues`: a map of attribute values (its keys are placeholders, not names).
pub fn opt_values(m: &Map<String, Value>) -> Result<Option<Item>, ApiError> {
    match field(m, "ExpressionAttributeValues") {
        None => Ok(None),
        Some(v @ Value::Object(_)) => values_from_json(v).map(Some).map_err(ApiError::from),
        Some(Value::Array(_)) => Err(ser("Start of list found where not expected")),
        Some(_) => Err(ser("Unexpected value type in payload")),
    }
}

/// An item-shaped field (`Item`, `Key`, `ExclusiveStartKey`).
pub fn opt_item(m: &Map<String, Value>, name: &str) -> Result<Option<Item>, ApiError> {
    match field(m, name) {
        None => Ok(None),
        Some(v @ Value::Object(_)) => item_from_json(v).map(Some).map_err(ApiError::from),
        Some(Value::Array(_)) => Err(ser("Start of list found where not expected")),
        Some(_) => Err(ser("Unexpected value type in payload")),
    }
}

/// Collects constraint failures in DynamoDB's "N validation errors detected: ..." format.
#[derive(Debug, Default)]
pub struct Checks {
    errors: Vec<String>,
}

pub const NAME_PATTERN: &str = "[a-zA-Z0-9_.-]+";

fn quoted(v: Option<&str>) -> String {
    match v {
        Some(s) => format!("'{s}'"),
        None => String::from("null"),
    }
}

impl Checks {
    pub fn new() -> Self {
        Checks::default()
    }

    pub fn fail(&mut self, value: String, path: &str, constraint: &str) {
        self.errors.push(format!("Value {value} at '{path}' failed to satisfy constraint: {constraint}"));
    }

    /// The validation framework's newer form, which names the member without echoing its value
    /// (`Value at 'RequestItems.T.member.Keys' failed to satisfy constraint: …`).
    pub fn fail_unshown(&mut self, path: &str, constraint: &str) {
        self.errors.push(format!("Value at '{path}' failed to satisfy constraint: {constraint}"));
    }

    pub fn not_null<T>(&mut self, v: Option<T>, path: &str) {
        if v.is_none() {
            self.fail(String::from("null"), path, "Member must not be null");
        }
    }

    /// Table and index names: 3-255 characters of `[a-zA-Z0-9_.-]`.
    pub fn name(&mut self, v: Option<&str>, path: &str, required: bool) {
        match v {
            None if required => self.not_null(v, path),
            None => {}
            Some(s) => {
                if !s.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'.' || b == b'-') || s.is_empty() {
                    self.fail(quoted(v), path, &format!("Member must satisfy regular expression pattern: {NAME_PATTERN}"));
                }
                if s.chars().count() < 3 {
                    self.fail(quoted(v), path, "Member must have length greater than or equal to 3");
                }
                if s.chars().count() > 255 {
                    self.fail(quoted(v), path, "Member must have length less than or equal to 255");
                }
            }
        }
    }

    /// An enum-valued string; `set` is printed exactly as DynamoDB lists it.
    pub fn one_of(&mut self, v: Option<&str>, path: &str, allowed: &[&str], set: &str) {
        if let Some(s) = v {
            if !allowed.contains(&s) {
                self.fail(quoted(v), path, &format!("Member must satisfy enum value set: {set}"));
            }
        }
    }

    pub fn min(&mut self, v: Option<i64>, path: &str, min: i64) {
        if let Some(n) = v {
            if n < min {
                self.fail(format!("'{n}'"), path, &format!("Member must have value greater than or equal to {min}"));
            }
        }
    }

    pub fn max(&mut self, v: Option<i64>, path: &str, max: i64) {
        if let Some(n) = v {
            if n > max {
                self.fail(format!("'{n}'"), path, &format!("Member must have value less than or equal to {max}"));
            }
        }
    }

    /// A string member's length constraint (DynamoDB's model counts characters): e.g. key and
    /// projected attribute names are 1 to 255 characters.
    pub fn str_len(&mut self, v: Option<&str>, path: &str, min: usize, max: usize) {
        if let Some(s) = v {
            let n = s.chars().count();
            if n < min {
                self.fail(format!("'{s}'"), path, &format!("Member must have length greater than or equal to {min}"));
            }
            if n > max {
                self.fail(format!("'{s}'"), path, &format!("Member must have length less than or equal to {max}"));
            }
        }
    }

    pub fn min_len<T>(&mut self, v: Option<&[T]>, path: &str, min: usize, shown: &str) {
        if let Some(l) = v {
            if l.len() < min {
                self.fail(String::from(shown), path, &format!("Member must have length greater than or equal to {min}"));
            }
        }
    }

    pub fn max_len<T>(&mut self, v: Option<&[T]>, path: &str, max: usize, shown: &str) {
        if let Some(l) = v {
            if l.len() > max {
                self.fail(String::from(shown), path, &format!("Member must have length less than or equal to {max}"));
            }
        }
    }

    /// True while no constraint has failed (a check DynamoDB makes only when nothing else is wrong).
    pub fn is_clean(&self) -> bool {
        self.errors.is_empty()
    }

    pub fn finish(self) -> Result<(), ApiError> {
        match self.errors.len() {
            0 => Ok(()),
            n => {
                let head = if n == 1 { String::from("1 validation error detected: ") } else { format!("{n} validation errors detected: ") };
                Err(ApiError::Validation(head + &self.errors.join("; ")))
            }
        }
    }
}

/// `ReturnConsumedCapacity` / `ReturnValues` / ... enums shared by many actions.
pub const RCC_SET: &str = "[INDEXES, TOTAL, NONE]";
pub const RCC: &[&str] = &["INDEXES", "TOTAL", "NONE"];
pub const RV_SET: &str = "[ALL_NEW, UPDATED_OLD, ALL_OLD, NONE, UPDATED_NEW]";
pub const RV: &[&str] = &["ALL_NEW", "UPDATED_OLD", "ALL_OLD", "NONE", "UPDATED_NEW"];
pub const RICM_SET: &str = "[SIZE, NONE]";
pub const RICM: &[&str] = &["SIZE", "NONE"];
pub const RVCCF_SET: &str = "[ALL_OLD, NONE]";
pub const RVCCF: &[&str] = &["ALL_OLD", "NONE"];

pub fn s(v: &str) -> Value {
    Value::String(v.to_string())
}
