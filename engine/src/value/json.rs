//! DynamoDB JSON (`{"S":"x"}`, `{"N":"1"}`, ...) in and out, with DynamoDB's error texts.
//!
//! Decoding runs in two passes because DynamoDB does: the request is first deserialised against the
//! API shape (wrong JSON types, bad base64 -> `SerializationException`), and only then validated
//! (empty sets, duplicates, numbers, NULL=false, nesting -> `ValidationException`). A shape error
//! anywhere therefore wins over a validation error anywhere, whatever their order in the document.
//!
//! Message sources: dynalite's test suite (recorded against DynamoDB), moto, and conformance suites
//! that capture AWS's answers; see the data files under `tests/data/values/`.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use base64::Engine as _;
use serde_json::{Map, Value};

use super::size::{MAX_NESTING_DEPTH, NESTING_MESSAGE};
use super::{AttributeValue, Item, ValueError};
use crate::number::{Number, NumberError};

const EMPTY_MSG: &str = "Supplied AttributeValue is empty, must contain exactly one of the supported datatypes";
const MULTIPLE_MSG: &str =
    "Supplied AttributeValue has more than one datatypes set, must contain exactly one of the supported datatypes";
const INVALID_PREFIX: &str = "One or more parameter values were invalid: ";

/// The ten type tags. Any other member of an AttributeValue object is ignored, as DynamoDB's
/// deserialiser does (so `{"X": 1}` is an *empty* AttributeValue).
const TAGS: [&str; 10] = ["B", "BOOL", "BS", "L", "M", "N", "NS", "NULL", "S", "SS"];

/// Shape-check recursion stops here; anything deeper is rejected by the nesting check anyway.
const SHAPE_DEPTH_LIMIT: usize = 2 * MAX_NESTING_DEPTH;

/// Decode one DynamoDB-JSON attribute value, with DynamoDB's messages.
pub fn value_from_json(v: &Value) -> Result<AttributeValue, ValueError> {
    check_value_shape(v)?;
    check_map_key_sizes(v, 1)?;
    decode(v, 1)
}

/// Decode a DynamoDB-JSON item (`{"attr": {"S": "x"}, ...}`): an `Item`, a `Key`, an
/// `ExclusiveStartKey`. Its names are attribute names, checked as DynamoDB checks them.
pub fn item_from_json(v: &Value) -> Result<Item, ValueError> {
    map_from_json(v, true)
}

/// Decode `ExpressionAttributeValues` (`{":v": {"S": "x"}, ...}`). Its keys are placeholders, not
/// attribute names: their rules (syntax, 255 bytes) are the expression compiler's, so an empty or long
/// key is not an attribute-name fault here. Map keys inside the values are attribute names as anywhere.
pub fn values_from_json(v: &Value) -> Result<Item, ValueError> {
    map_from_json(v, false)
}

fn map_from_json(v: &Value, names: bool) -> Result<Item, ValueError> {
    let obj = expect_map(v)?;
    for value in obj.values() {
        check_value_shape(value)?;
    }
    for (name, value) in obj {
        if names {
            check_name_size(name)?;
        }
        check_map_key_sizes(value, 1)?;
    }
    let mut item = Item::new();
    for (name, value) in obj {
        let value = decode(value, 1)?;
        if names {
            check_name_not_empty(name)?;
        }
        item.insert(name.clone(), value);
    }
    Ok(item)
}

/// The longest attribute name (and map key) DynamoDB stores, in UTF-8 bytes.
pub const MAX_ATTRIBUTE_NAME_BYTES: usize = 65_535;

/// DynamoDB's answer to a longer attribute name, at the top level or nested (ExtendDB/extenddb#365,
/// measured against the service: PutItem and UpdateItem values alike, and an `ExpressionAttributeNames`
/// value of 65,536 bytes; 65,535 bytes are accepted). The service checks it with the request's other
/// constraints ("1 validation error detected"), before it reads any value, so it comes before the
/// value's own faults.
pub const NAME_TOO_LARGE_MESSAGE: &str = "1 validation error detected: Attribute name is too large, must be less than 65536 bytes";

/// The answer to an empty attribute name (in an item, a key, a map value's keys, `AttributesToGet`,
/// `AttributeUpdates`, `Expected` and the filters): DynamoDB Local's wording; the service's answer for
/// these is not recorded. DynamoDB Local throws `ErrorFactory.EMPTY_ATTRIBUTE_NAME` ("Empty attribute
/// name") from `LocalDBInputConverter.newAttributeName`, and `LocalDBClientExceptionMessage.EMPTY_ATTRIBUTE_NAME`
/// (the same text) for an empty `AttributesToGet` member (eznix86/dynamodb-local-decompiled,
/// `com/amazonaws/services/dynamodbv2/local/shared/validate/ErrorFactory.java` and
/// `.../access/LocalDBInputConverter.java`). The service's own answer for an empty
/// `ExpressionAttributeNames` value quotes the same phrase ("ExpressionAttributeNames contains invalid
/// value: Empty attribute name for key #a", captured from AWS by ExtendDB's
/// tests/test_expression_attribute_map_validation.py).
pub const EMPTY_NAME_MESSAGE: &str = "Empty attribute name";

/// True for a name past [`MAX_ATTRIBUTE_NAME_BYTES`].
pub fn name_too_large(name: &str) -> bool {
    name.len() > MAX_ATTRIBUTE_NAME_BYTES
}

fn check_name_size(name: &str) -> Result<(), ValueError> {
    if name_too_large(name) {
        return Err(invalid(NAME_TOO_LARGE_MESSAGE));
    }
    Ok(())
}

/// Every map key inside a value (shapes known good), at any depth: checked before any value is decoded,
/// as the service checks names with the request's constraints, ahead of the values' own faults.
fn check_map_key_sizes(v: &Value, level: usize) -> Result<(), ValueError> {
    if level > SHAPE_DEPTH_LIMIT {
        return Ok(());
    }
    let Value::Object(obj) = v else { return Ok(()) };
    for (tag, body) in obj {
        match (tag.as_str(), body) {
            ("M", Value::Object(map)) => {
                for (k, x) in map {
                    check_name_size(k)?;
                    check_map_key_sizes(x, level + 1)?;
                }
            }
            ("L", Value::Array(list)) => list.iter().try_for_each(|x| check_map_key_sizes(x, level + 1))?,
            _ => {}
        }
    }
    Ok(())
}

/// DynamoDB Local converts a map entry's value before its name (`InputConverter.externalToInternalAttributes`
/// calls `externalToInternalAttributeValue`, then `newAttributeName`), so the value's faults come first.
fn check_name_not_empty(name: &str) -> Result<(), ValueError> {
    if name.is_empty() {
        return Err(invalid(EMPTY_NAME_MESSAGE));
    }
    Ok(())
}

/// The serialisation pass alone: succeeds iff `v` has the JSON shape of an AttributeValue.
/// Exposed so a request handler can shape-check every value of a request before validating any.
pub fn check_value_shape(v: &Value) -> Result<(), ValueError> {
    shape(v, 1)
}

/// Encode one attribute value as DynamoDB JSON. Numbers use their canonical text, binaries base64.
pub fn value_to_json(v: &AttributeValue) -> Value {
    let (tag, body) = match v {
        AttributeValue::S(s) => ("S", Value::String(s.clone())),
        AttributeValue::N(n) => ("N", Value::String(n.to_string())),
        AttributeValue::B(b) => ("B", Value::String(encode_b64(b))),
        AttributeValue::Bool(b) => ("BOOL", Value::Bool(*b)),
        AttributeValue::Null => ("NULL", Value::Bool(true)),
        AttributeValue::L(items) => ("L", Value::Array(items.iter().map(value_to_json).collect())),
        AttributeValue::M(map) => ("M", map_to_json(map)),
        AttributeValue::SS(items) => ("SS", Value::Array(items.iter().cloned().map(Value::String).collect())),
        AttributeValue::NS(items) => ("NS", Value::Array(items.iter().map(|n| Value::String(n.to_string())).collect())),
        AttributeValue::BS(items) => ("BS", Value::Array(items.iter().map(|b| Value::String(encode_b64(b))).collect())),
    };
    let mut obj = Map::new();
    obj.insert(String::from(tag), body);
    Value::Object(obj)
}

/// Encode an item as DynamoDB JSON.
pub fn item_to_json(item: &Item) -> Value {
    map_to_json(item)
}

fn map_to_json(map: &Item) -> Value {
    Value::Object(map.iter().map(|(k, v)| (k.clone(), value_to_json(v))).collect())
}

pub(super) fn encode_b64(b: &[u8]) -> String {
    base64::engine::general_purpose::STANDARD.encode(b)
}

// ---------------------------------------------------------------------------------------------
// Pass 1: shape (SerializationException).

fn serialization(m: impl Into<String>) -> ValueError {
    ValueError::Serialization(m.into())
}

/// The token name DynamoDB's deserialiser reports for a JSON scalar of the wrong type.
fn token(v: &Value) -> &'static str {
    match v {
        Value::Number(_) => "NUMBER_VALUE",
        Value::String(_) => "STRING_VALUE",
        Value::Bool(true) => "TRUE_VALUE",
        Value::Bool(false) => "FALSE_VALUE",
        Value::Null => "NULL_VALUE",
        Value::Array(_) | Value::Object(_) => "START",
    }
}

/// A list or object where a scalar was expected.
fn unexpected_container(v: &Value) -> ValueError {
    if v.is_array() {
        serialization("Start of list found where not expected")
    } else {
        serialization("Start of structure or map found where not expected")
    }
}

fn expect_map(v: &Value) -> Result<&Map<String, Value>, ValueError> {
    match v {
        Value::Object(o) => Ok(o),
        Value::Array(_) => Err(serialization("Start of list found where not expected")),
        _ => Err(serialization("Expected map or null")),
    }
}

fn expect_list(v: &Value) -> Result<&Vec<Value>, ValueError> {
    match v {
        Value::Array(a) => Ok(a),
        Value::Object(_) => Err(serialization("Start of structure or map found where not expected")),
        _ => Err(serialization("Expected list or null")),
    }
}

fn shape_string(v: &Value) -> Result<(), ValueError> {
    match v {
        Value::String(_) | Value::Null => Ok(()),
        Value::Array(_) | Value::Object(_) => Err(unexpected_container(v)),
        _ => Err(serialization(format!("{} cannot be converted to String", token(v)))),
    }
}

fn shape_blob(v: &Value) -> Result<(), ValueError> {
    match v {
        Value::String(s) => decode_b64(s).map(|_| ()),
        Value::Null => Ok(()),
        Value::Array(_) | Value::Object(_) => Err(unexpected_container(v)),
        _ => Err(serialization(format!("{} cannot be converted to Blob", token(v)))),
    }
}

fn shape_bool(v: &Value) -> Result<(), ValueError> {
    match v {
        Value::Bool(_) | Value::Null => Ok(()),
        Value::String(s) if coerce_bool(s).is_some() => Ok(()),
        Value::Array(_) | Value::Object(_) => Err(unexpected_container(v)),
        _ => Err(serialization(format!("{} cannot be converted to Boolean", token(v)))),
    }
}

/// Strings DynamoDB's deserialiser accepts for a boolean member (dynalite records TRUE/1/YES and
/// FALSE/0/NO, case-insensitively).
fn coerce_bool(s: &str) -> Option<bool> {
    if s.eq_ignore_ascii_case("true") || s == "1" || s.eq_ignore_ascii_case("yes") {
        Some(true)
    } else if s.eq_ignore_ascii_case("false") || s == "0" || s.eq_ignore_ascii_case("no") {
        Some(false)
    } else {
        None
    }
}

fn shape(v: &Value, level: usize) -> Result<(), ValueError> {
    if level > SHAPE_DEPTH_LIMIT {
        return Ok(());
    }
    let obj = match v {
        Value::Object(o) => o,
        Value::Null => return Ok(()),
        Value::Array(_) => return Err(serialization("Start of list found where not expected")),
        _ => return Err(serialization("Expected null")),
    };
    for (tag, body) in obj {
        if body.is_null() {
            continue;
        }
        match tag.as_str() {
            "S" | "N" => shape_string(body)?,
            "B" => shape_blob(body)?,
            "BOOL" | "NULL" => shape_bool(body)?,
            "SS" | "NS" => expect_list(body)?.iter().try_for_each(shape_string)?,
            "BS" => expect_list(body)?.iter().try_for_each(shape_blob)?,
            "L" => expect_list(body)?.iter().try_for_each(|x| shape(x, level + 1))?,
            "M" => expect_map(body)?.values().try_for_each(|x| shape(x, level + 1))?,
            _ => {}
        }
    }
    Ok(())
}

/// Base64 as DynamoDB's deserialiser checks it (messages as dynalite recorded them, typo included).
fn decode_b64(s: &str) -> Result<Vec<u8>, ValueError> {
    let len = s.encode_utf16().count();
    if !len.is_multiple_of(4) {
        return Err(serialization(format!(
            "'{s}' can not be converted to a Blob: Base64 encoded length is expected a multiple of 4 bytes but found: {len}"
        )));
    }
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        let bad = match c {
            'a'..='z' | 'A'..='Z' | '0'..='9' | '+' | '/' => false,
            '=' => chars.peek().is_some_and(|&n| n != '='),
            _ => true,
        };
        if bad {
            return Err(serialization(format!(
                "'{s}' can not be converted to a Blob: Invalid Base64 character: '{c}'"
            )));
        }
    }
    base64::engine::general_purpose::STANDARD.decode(s).map_err(|_| {
        serialization(format!("'{s}' can not be converted to a Blob: Invalid last non-pad Base64 character dectected"))
    })
}

// ---------------------------------------------------------------------------------------------
// Pass 2: validation (ValidationException). Shapes are known good here.

fn invalid(m: impl Into<String>) -> ValueError {
    ValueError::Invalid(m.into())
}

fn decode(v: &Value, level: usize) -> Result<AttributeValue, ValueError> {
    if level > MAX_NESTING_DEPTH {
        return Err(invalid(NESTING_MESSAGE));
    }
    let Value::Object(obj) = v else {
        // Only `null` survives the shape pass here (a null list element or map value).
        return Err(invalid(EMPTY_MSG));
    };
    let mut result: Option<AttributeValue> = None;
    let mut count = 0;
    for (tag, body) in obj {
        if body.is_null() || !TAGS.contains(&tag.as_str()) {
            continue;
        }
        count += 1;
        let value = decode_member(tag, body, level)?;
        result.get_or_insert(value);
    }
    match (result, count) {
        (None, _) => Err(invalid(EMPTY_MSG)),
        (Some(_), n) if n > 1 => Err(invalid(MULTIPLE_MSG)),
        (Some(value), _) => Ok(value),
    }
}

fn as_str(v: &Value) -> Option<&str> {
    v.as_str()
}

fn strings(body: &Value) -> Vec<Option<&str>> {
    body.as_array().map(|a| a.iter().map(as_str).collect()).unwrap_or_default()
}

fn parse_number(s: Option<&str>) -> Result<Number, ValueError> {
    let s = s.unwrap_or("");
    Number::parse(s).map_err(|e: NumberError| invalid(e.message_for(s)))
}

fn decode_member(tag: &str, body: &Value, level: usize) -> Result<AttributeValue, ValueError> {
    Ok(match tag {
        "S" => AttributeValue::S(as_str(body).unwrap_or_default().to_string()),
        "N" => AttributeValue::N(parse_number(as_str(body))?),
        "B" => AttributeValue::B(decode_b64(as_str(body).unwrap_or_default())?),
        "BOOL" => AttributeValue::Bool(bool_of(body)),
        "NULL" => {
            if !bool_of(body) {
                return Err(invalid(format!("{INVALID_PREFIX}Null attribute value types must have the value of true")));
            }
            AttributeValue::Null
        }
        "SS" => decode_string_set(&strings(body))?,
        "NS" => decode_number_set(&strings(body))?,
        "BS" => decode_binary_set(&strings(body))?,
        "L" => {
            let items = body.as_array().map(Vec::as_slice).unwrap_or_default();
            AttributeValue::L(items.iter().map(|x| decode(x, level + 1)).collect::<Result<_, _>>()?)
        }
        "M" => {
            let mut map = Item::new();
            if let Some(obj) = body.as_object() {
                for (k, x) in obj {
                    check_name_size(k)?;
                    let value = decode(x, level + 1)?;
                    check_name_not_empty(k)?;
                    map.insert(k.clone(), value);
                }
            }
            AttributeValue::M(map)
        }
        _ => return Err(invalid(EMPTY_MSG)),
    })
}

fn bool_of(body: &Value) -> bool {
    match body {
        Value::Bool(b) => *b,
        Value::String(s) => coerce_bool(s).unwrap_or(false),
        _ => false,
    }
}

/// `[a, b]` as DynamoDB prints an input collection in its duplicate messages.
fn collection_text(items: &[Option<&str>]) -> String {
    let mut out = String::from("[");
    for (i, s) in items.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        out.push_str(s.unwrap_or("null"));
    }
    out.push(']');
    out
}

pub(crate) fn decode_string_set(items: &[Option<&str>]) -> Result<AttributeValue, ValueError> {
    if items.is_empty() {
        return Err(invalid(format!("{INVALID_PREFIX}An string set  may not be empty")));
    }
    if items.iter().any(Option::is_none) {
        return Err(invalid(format!("{INVALID_PREFIX}An string set may not have a empty string as a member")));
    }
    let mut set: Vec<String> = items.iter().map(|s| s.unwrap_or_default().to_string()).collect();
    set.sort();
    let before = set.len();
    set.dedup();
    if set.len() != before {
        return Err(invalid(format!(
            "{INVALID_PREFIX}Input collection {} contains duplicates.",
            collection_text(items)
        )));
    }
    Ok(AttributeValue::SS(set))
}

pub(crate) fn decode_number_set(items: &[Option<&str>]) -> Result<AttributeValue, ValueError> {
    if items.is_empty() {
        return Err(invalid(format!("{INVALID_PREFIX}An number set  may not be empty")));
    }
    let mut set = items.iter().map(|s| parse_number(*s)).collect::<Result<Vec<_>, _>>()?;
    set.sort();
    let before = set.len();
    set.dedup();
    if set.len() != before {
        // Numerically equal members ("1", "1.0") count as duplicates; DynamoDB's text differs here.
        return Err(invalid("Input collection contains duplicates"));
    }
    Ok(AttributeValue::NS(set))
}

fn decode_binary_set(items: &[Option<&str>]) -> Result<AttributeValue, ValueError> {
    if items.is_empty() {
        return Err(invalid(format!("{INVALID_PREFIX}Binary sets should not be empty")));
    }
    if items.iter().any(Option::is_none) {
        return Err(invalid(format!("{INVALID_PREFIX}Binary sets may not contain null or empty values")));
    }
    let mut set = items.iter().map(|s| decode_b64(s.unwrap_or_default())).collect::<Result<Vec<_>, _>>()?;
    set.sort();
    let before = set.len();
    set.dedup();
    if set.len() != before {
        return Err(invalid(format!(
            "{INVALID_PREFIX}Input collection {}of type BS contains duplicates.",
            collection_text(items)
        )));
    }
    Ok(AttributeValue::BS(set))
}
