//! Query's rule that a filter cannot use the key attributes of the table or index being queried
//! ("Filter Expression can only contain non-primary key attributes: Primary key attribute: pk").
//!
//! The compiled `Condition` does not expose the attributes it reads, so this scans the expression
//! text for path roots: a name or `#placeholder` that does not follow `.` (a nested map key), is not
//! inside `[...]`, is not a function name (followed by `(`) and is not a keyword. The expression has
//! already compiled successfully when this runs, so the text is well-formed.

use alloc::collections::BTreeMap;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use crate::error::ApiError;
use crate::table::schema::KeySchema;

const KEYWORDS: [&str; 5] = ["AND", "OR", "NOT", "BETWEEN", "IN"];

/// Top-level attribute names a condition expression reads.
pub fn roots(expr: &str, names: Option<&BTreeMap<String, String>>) -> Vec<String> {
    let b = expr.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    let mut prev_dot = false;
    while i < b.len() {
        let c = b[i];
        let starts_name = c == b'#' || c.is_ascii_alphabetic() || c == b'_';
        if c == b':' {
            // A value placeholder: skip it whole.
            i += 1;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            prev_dot = false;
            continue;
        }
        if !starts_name {
            if !c.is_ascii_whitespace() {
                prev_dot = c == b'.';
            }
            i += 1;
            continue;
        }
        let start = i;
        i += 1;
        while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
            i += 1;
        }
        let token = &expr[start..i];
        let mut j = i;
        while j < b.len() && b[j].is_ascii_whitespace() {
            j += 1;
        }
        let is_call = j < b.len() && b[j] == b'(';
        let is_keyword = KEYWORDS.iter().any(|k| k.eq_ignore_ascii_case(token));
        if !prev_dot && !is_call && !is_keyword {
            let name = match token.strip_prefix('#') {
                Some(_) => names.and_then(|n| n.get(token)).cloned(),
                None => Some(String::from(token)),
            };
            if let Some(n) = name {
                out.push(n);
            }
        }
        prev_dot = false;
    }
    out
}

/// The first key attribute a Query filter reads, in DynamoDB's error.
pub fn check(schema: &KeySchema, filter: Option<&str>, names: Option<&BTreeMap<String, String>>, legacy: Option<&serde_json::Value>) -> Result<(), ApiError> {
    if let Some(f) = filter {
        if let Some(k) = roots(f, names).into_iter().find(|n| schema.is_key(n)) {
            return Err(ApiError::Validation(format!("Filter Expression can only contain non-primary key attributes: Primary key attribute: {k}")));
        }
    }
    if let Some(serde_json::Value::Object(m)) = legacy {
        if let Some(k) = m.keys().find(|n| schema.is_key(n)) {
            return Err(ApiError::Validation(format!("QueryFilter can only contain non-primary key attributes: Primary key attribute: {k}")));
        }
    }
    Ok(())
}
