//! TagResource / UntagResource / ListTagsOfResource requests, and DynamoDB's tag rules.

use alloc::collections::BTreeMap;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use serde_json::{json, Value};

use crate::api::json::{self, list_of_obj, list_of_str, opt_list, opt_str};
use crate::error::ApiError;

/// Tags per resource.
pub const MAX_TAGS: usize = 50;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tag {
    pub key: String,
    pub value: String,
}

/// Letters, digits, white space and `_ . : / = + - @`, as AWS tag rules allow.
fn tag_chars_ok(s: &str) -> bool {
    s.chars().all(|c| c.is_alphanumeric() || c.is_whitespace() || "_.:/=+-@".contains(c))
}

pub fn check_tag(t: &Tag) -> Result<(), ApiError> {
    let n = t.key.chars().count();
    if n == 0 || n > 128 || !tag_chars_ok(&t.key) {
        return Err(ApiError::Validation(format!("The Tag Key provided is invalid, Key: {}", t.key)));
    }
    if t.key.starts_with("aws:") {
        return Err(ApiError::Validation(format!("Tag Key cannot be prefixed with aws:, Key: {}", t.key)));
    }
    if t.value.chars().count() > 256 || !tag_chars_ok(&t.value) {
        return Err(ApiError::Validation(format!("The Tag Value provided is invalid, Value: {}", t.value)));
    }
    Ok(())
}

/// `ResourceArn`, required by all three actions.
pub fn resource_arn(v: &Value) -> Result<String, ApiError> {
    let m = json::body(v)?;
    match opt_str(m, "ResourceArn")? {
        Some(a) => Ok(String::from(a)),
        None => Err(ApiError::validation("Invalid TableArn")),
    }
}

/// A `Tags` list (TagResource, CreateTable): shape, per-tag rules, no duplicate keys.
pub fn tags_field(v: &Value) -> Result<Option<Vec<Tag>>, ApiError> {
    let m = json::body(v)?;
    let Some(list) = opt_list(m, "Tags")? else { return Ok(None) };
    let mut out: Vec<Tag> = Vec::new();
    for o in list_of_obj(list)? {
        let key = opt_str(o, "Key")?;
        let value = opt_str(o, "Value")?;
        let (Some(key), Some(value)) = (key, value) else {
            let k = key.unwrap_or("null");
            return Err(match key {
                None => ApiError::Validation(format!("The Tag Key provided is invalid, Key: {k}")),
                Some(_) => ApiError::Validation(String::from("The Tag Value provided is invalid, Value: null")),
            });
        };
        let tag = Tag { key: String::from(key), value: String::from(value) };
        check_tag(&tag)?;
        if out.iter().any(|t| t.key == tag.key) {
            return Err(ApiError::Validation(format!("Duplicate Tag Keys provided as input: Duplicate Tag Key found {}", tag.key)));
        }
        out.push(tag);
    }
    Ok(Some(out))
}

pub fn tag_keys_field(v: &Value) -> Result<Vec<String>, ApiError> {
    let m = json::body(v)?;
    let keys = match opt_list(m, "TagKeys")? {
        Some(l) => list_of_str(l)?,
        None => Vec::new(),
    };
    if keys.is_empty() {
        return Err(ApiError::validation("Atleast one Tag Key needs to be provided as Input."));
    }
    Ok(keys)
}

pub fn tags_json(tags: &BTreeMap<String, String>) -> Value {
    let list: Vec<Value> = tags.iter().map(|(k, v)| json!({"Key": k, "Value": v})).collect();
    json!({"Tags": list})
}
