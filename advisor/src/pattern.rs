//! A stored access pattern, read from the model file's open `accessPatterns` slot.
//!
//! The slot's typed fields (`name`, `description`, `operation`, `request`) belong to the model format;
//! this module reads the fields the pattern table adds, which the format keeps verbatim:
//! `parameters` (sample values for `{placeholders}` in the request), `entityTypes` (what the pattern
//! should return) and `ratePerSecond` (how often it runs). A request may write `{userId}` inside any
//! string; `{{` and `}}` stand for literal braces.

use alloc::collections::BTreeMap;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

use engine::model::AccessPattern;
use messages::Message;
use serde_json::Value;

/// The operations a pattern may use (the ones the engine answers that read or write items).
pub const OPERATIONS: [&str; 11] = [
    "Query",
    "GetItem",
    "Scan",
    "PutItem",
    "UpdateItem",
    "DeleteItem",
    "BatchGetItem",
    "BatchWriteItem",
    "TransactGetItems",
    "TransactWriteItems",
    "ExecuteStatement",
];

/// An access pattern ready to run.
#[derive(Debug, Clone, PartialEq)]
pub struct PatternSpec {
    pub name: String,
    pub operation: String,
    /// The request as stored, placeholders and all.
    pub request: Value,
    /// Placeholder name → sample value.
    pub parameters: BTreeMap<String, String>,
    /// Entity names or type values the pattern should return (empty: not stated).
    pub entity_types: Vec<String>,
    /// Expected requests per second (reads for a read operation, writes for a write).
    pub rate_per_second: Option<u64>,
}

/// Why a stored pattern cannot run. Each names the field at fault, for display next to it.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum PatternError {
    /// No `operation`.
    NoOperation,
    /// An operation the pattern table does not run (`CreateTable`).
    UnknownOperation(String),
    /// No `request`.
    NoRequest,
    /// `parameters` is not an object of strings.
    BadParameters,
    /// `entityTypes` is not an array of strings.
    BadEntityTypes,
    /// `ratePerSecond` is not a whole number ≥ 0.
    BadRate,
    /// `{name}` in the request with no sample value in `parameters`.
    UnknownPlaceholder(String),
    /// A `{` without its `}` in a request string.
    Unclosed(String),
}

impl PatternError {
    /// The fault in words, naming its field.
    pub fn message(&self) -> Message {
        match self {
            PatternError::NoOperation => Message::new("pattern.no_operation"),
            PatternError::UnknownOperation(o) => Message::new("pattern.unknown_operation")
                .text("operation", o.clone())
                .list("known", OPERATIONS.iter().map(|o| String::from(*o)).collect()),
            PatternError::NoRequest => Message::new("pattern.no_request"),
            PatternError::BadParameters => Message::new("pattern.bad_parameters"),
            PatternError::BadEntityTypes => Message::new("pattern.bad_entity_types"),
            PatternError::BadRate => Message::new("pattern.bad_rate"),
            PatternError::UnknownPlaceholder(n) => Message::new("pattern.unknown_placeholder").text("placeholder", n.clone()),
            PatternError::Unclosed(s) => Message::new("pattern.unclosed").text("text", alloc::format!("{s:?}")),
        }
    }
}

/// English, as [`PatternError::message`] renders it.
impl fmt::Display for PatternError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::render(&self.message(), messages::Lang::En))
    }
}

impl PatternSpec {
    pub fn from_access_pattern(p: &AccessPattern) -> Result<PatternSpec, PatternError> {
        let operation = p.operation.clone().ok_or(PatternError::NoOperation)?;
        if !OPERATIONS.contains(&operation.as_str()) {
            return Err(PatternError::UnknownOperation(operation));
        }
        let request = p.request.clone().ok_or(PatternError::NoRequest)?;
        let mut parameters = BTreeMap::new();
        match p.extra.get("parameters") {
            None | Some(Value::Null) => {}
            Some(Value::Object(m)) => {
                for (k, v) in m {
                    match v {
                        Value::String(s) => parameters.insert(k.clone(), s.clone()),
                        Value::Number(n) => parameters.insert(k.clone(), n.to_string()),
                        _ => return Err(PatternError::BadParameters),
                    };
                }
            }
            Some(_) => return Err(PatternError::BadParameters),
        }
        let entity_types = match p.extra.get("entityTypes") {
            None | Some(Value::Null) => Vec::new(),
            Some(Value::Array(a)) => {
                a.iter().map(|v| v.as_str().map(String::from).ok_or(PatternError::BadEntityTypes)).collect::<Result<_, _>>()?
            }
            Some(_) => return Err(PatternError::BadEntityTypes),
        };
        let rate_per_second = match p.extra.get("ratePerSecond") {
            None | Some(Value::Null) => None,
            Some(v) => Some(v.as_u64().ok_or(PatternError::BadRate)?),
        };
        Ok(PatternSpec { name: p.name.clone(), operation, request, parameters, entity_types, rate_per_second })
    }

    /// The request with every placeholder replaced by its sample value.
    pub fn resolved_request(&self) -> Result<Value, PatternError> {
        substitute(&self.request, &self.parameters)
    }

    pub fn is_read(&self) -> bool {
        match self.operation.as_str() {
            "Query" | "GetItem" | "Scan" | "BatchGetItem" | "TransactGetItems" => true,
            "ExecuteStatement" => {
                let s = self.request.get("Statement").and_then(Value::as_str).unwrap_or_default().trim_start();
                s.get(..6).is_some_and(|w| w.eq_ignore_ascii_case("select"))
            }
            _ => false,
        }
    }
}

/// Replace `{name}` in every string of `v` (not in object keys: those are attribute names and
/// placeholders like `:pk`).
pub fn substitute(v: &Value, params: &BTreeMap<String, String>) -> Result<Value, PatternError> {
    Ok(match v {
        Value::String(s) => Value::String(fill(s, params)?),
        Value::Array(a) => Value::Array(a.iter().map(|x| substitute(x, params)).collect::<Result<_, _>>()?),
        Value::Object(m) => {
            let mut out = serde_json::Map::new();
            for (k, x) in m {
                out.insert(k.clone(), substitute(x, params)?);
            }
            Value::Object(out)
        }
        other => other.clone(),
    })
}

fn fill(s: &str, params: &BTreeMap<String, String>) -> Result<String, PatternError> {
    if !s.contains('{') && !s.contains('}') {
        return Ok(s.to_string());
    }
    let mut out = String::new();
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '{' if chars.peek() == Some(&'{') => {
                chars.next();
                out.push('{');
            }
            '}' if chars.peek() == Some(&'}') => {
                chars.next();
                out.push('}');
            }
            '{' => {
                let mut name = String::new();
                let mut closed = false;
                for c in chars.by_ref() {
                    if c == '}' {
                        closed = true;
                        break;
                    }
                    name.push(c);
                }
                if !closed {
                    return Err(PatternError::Unclosed(s.to_string()));
                }
                match params.get(&name) {
                    Some(v) => out.push_str(v),
                    None => return Err(PatternError::UnknownPlaceholder(name)),
                }
            }
            c => out.push(c),
        }
    }
    Ok(out)
}

/// `s` as a request string that means itself: every brace doubled (a PartiQL statement's
/// `{'PK': ?}` tuple is not a placeholder). [`unescape`] undoes it.
pub fn escape(s: &str) -> String {
    s.replace('{', "{{").replace('}', "}}")
}

/// A string [`escape`] wrote, as it was.
pub fn unescape(s: &str) -> String {
    s.replace("{{", "{").replace("}}", "}")
}

/// An ExecuteStatement request with its `Statement` escaped: in a PartiQL pattern `{placeholders}` go
/// in the `Parameters`' values, and the statement is kept as written.
pub fn escape_statement(request: &mut Value) {
    if let Some(Value::String(s)) = request.get_mut("Statement") {
        *s = escape(s);
    }
}

/// The `{placeholders}` a request uses, in order of first appearance (for the parameter editor).
pub fn placeholders(v: &Value) -> Vec<String> {
    let mut out = Vec::new();
    collect(v, &mut out);
    out
}

fn collect(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::String(s) => {
            let mut rest = s.as_str();
            while let Some(i) = rest.find('{') {
                let after = &rest[i + 1..];
                if let Some(stripped) = after.strip_prefix('{') {
                    rest = stripped;
                    continue;
                }
                match after.find('}') {
                    Some(j) => {
                        let name = after[..j].to_string();
                        if !out.contains(&name) {
                            out.push(name);
                        }
                        rest = &after[j + 1..];
                    }
                    None => break,
                }
            }
        }
        Value::Array(a) => a.iter().for_each(|x| collect(x, out)),
        Value::Object(m) => m.values().for_each(|x| collect(x, out)),
        _ => {}
    }
}
