//! Attribute values and items: the ten DynamoDB types, key ordering, set rules and item size.
//!
//! INTERFACE CONTRACT (other modules rely on these; the values work fills in the bodies):
//! - `AttributeValue` serialises to and from DynamoDB JSON (`{"S":"x"}`, `{"N":"1"}`, `{"B":"<base64>"}`,
//!   `{"BOOL":true}`, `{"NULL":true}`, `{"L":[..]}`, `{"M":{..}}`, `{"SS":[..]}`, `{"NS":[..]}`, `{"BS":[..]}`),
//!   via `value_from_json` / `value_to_json` (serde_json::Value) with DynamoDB's ValidationException messages.
//! - Sets are kept canonical: sorted (by `key_cmp` order of their elements) and duplicate-free.
//! - `item_size` / `attribute_size` are DynamoDB's byte accounting (see shared/dynamodb-rules.md).

use alloc::collections::BTreeMap;
use alloc::string::String;
use alloc::vec::Vec;

use crate::number::Number;

/// An item: attribute name to value. BTreeMap for deterministic iteration and output.
pub type Item = BTreeMap<String, AttributeValue>;

/// One DynamoDB attribute value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AttributeValue {
    S(String),
    N(Number),
    B(Vec<u8>),
    Bool(bool),
    Null,
    L(Vec<AttributeValue>),
    M(BTreeMap<String, AttributeValue>),
    /// Canonical: sorted by UTF-8 bytes, unique, non-empty.
    SS(Vec<String>),
    /// Canonical: sorted numerically, unique, non-empty.
    NS(Vec<Number>),
    /// Canonical: sorted by unsigned bytes, unique, non-empty.
    BS(Vec<Vec<u8>>),
}

/// The type tag, as DynamoDB names it ("S", "N", "B", "BOOL", "NULL", "L", "M", "SS", "NS", "BS").
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ValueType {
    S,
    N,
    B,
    Bool,
    Null,
    L,
    M,
    SS,
    NS,
    BS,
}

/// Scalar types allowed for key attributes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ScalarType {
    S,
    N,
    B,
}

/// Why a DynamoDB-JSON value was rejected.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ValueError {
    /// Carries DynamoDB's exact message text.
    Invalid(String),
}

impl ValueError {
    pub fn message(&self) -> &str {
        match self {
            ValueError::Invalid(m) => m,
        }
    }
}

impl ValueType {
    pub fn as_str(&self) -> &'static str {
        match self {
            ValueType::S => "S",
            ValueType::N => "N",
            ValueType::B => "B",
            ValueType::Bool => "BOOL",
            ValueType::Null => "NULL",
            ValueType::L => "L",
            ValueType::M => "M",
            ValueType::SS => "SS",
            ValueType::NS => "NS",
            ValueType::BS => "BS",
        }
    }
}

impl AttributeValue {
    pub fn value_type(&self) -> ValueType {
        match self {
            AttributeValue::S(_) => ValueType::S,
            AttributeValue::N(_) => ValueType::N,
            AttributeValue::B(_) => ValueType::B,
            AttributeValue::Bool(_) => ValueType::Bool,
            AttributeValue::Null => ValueType::Null,
            AttributeValue::L(_) => ValueType::L,
            AttributeValue::M(_) => ValueType::M,
            AttributeValue::SS(_) => ValueType::SS,
            AttributeValue::NS(_) => ValueType::NS,
            AttributeValue::BS(_) => ValueType::BS,
        }
    }

    /// The key type of a scalar S/N/B value, `None` for every other type.
    pub fn scalar_type(&self) -> Option<ScalarType> {
        match self {
            AttributeValue::S(_) => Some(ScalarType::S),
            AttributeValue::N(_) => Some(ScalarType::N),
            AttributeValue::B(_) => Some(ScalarType::B),
            _ => None,
        }
    }
}

/// DynamoDB key order for two values of the same scalar type: S by UTF-8 bytes, N numerically,
/// B by unsigned bytes. Values of different types order by type tag (S < N < B) so that a total order exists.
pub fn key_cmp(_a: &AttributeValue, _b: &AttributeValue) -> core::cmp::Ordering {
    todo!("values issue")
}

/// Bytes DynamoDB charges for one value (not counting its attribute name).
pub fn value_size(_v: &AttributeValue) -> usize {
    todo!("values issue")
}

/// Bytes for one attribute: UTF-8 length of the name plus `value_size`.
pub fn attribute_size(name: &str, v: &AttributeValue) -> usize {
    name.len() + value_size(v)
}

/// Bytes DynamoDB charges for a whole item (drives RCU/WCU and the 400 KB limit).
pub fn item_size(item: &Item) -> usize {
    item.iter().map(|(k, v)| attribute_size(k, v)).sum()
}

/// Decode one DynamoDB-JSON attribute value, with DynamoDB's validation messages.
pub fn value_from_json(_v: &serde_json::Value) -> Result<AttributeValue, ValueError> {
    todo!("values issue")
}

/// Encode one attribute value as DynamoDB JSON.
pub fn value_to_json(_v: &AttributeValue) -> serde_json::Value {
    todo!("values issue")
}

/// Decode a DynamoDB-JSON item (`{"attr": {"S": "x"}, ...}`).
pub fn item_from_json(_v: &serde_json::Value) -> Result<Item, ValueError> {
    todo!("values issue")
}

/// Encode an item as DynamoDB JSON.
pub fn item_to_json(_item: &Item) -> serde_json::Value {
    todo!("values issue")
}
