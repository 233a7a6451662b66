//! Attribute values and items: the ten DynamoDB types, key ordering, set rules and item size.
//!
//! INTERFACE CONTRACT (other modules rely on these; the values work fills in the bodies):
//! - `AttributeValue` serialises to and from DynamoDB JSON (`{"S":"x"}`, `{"N":"1"}`, `{"B":"<base64>"}`,
//!   `{"BOOL":true}`, `{"NULL":true}`, `{"L":[..]}`, `{"M":{..}}`, `{"SS":[..]}`, `{"NS":[..]}`, `{"BS":[..]}`),
//!   via `value_from_json` / `value_to_json` (serde_json::Value) with DynamoDB's ValidationException messages.
//! - Sets are kept canonical: sorted (by `key_cmp` order of their elements) and duplicate-free.
//! - `item_size` / `attribute_size` are DynamoDB's byte accounting (see shared/dynamodb-rules.md).
//!
//! Submodules: `json` (DynamoDB JSON in and out, with DynamoDB's error texts), `size` (byte accounting,
//! nesting depth, the 400 KB limit), `key` (key attribute checks: type, emptiness, length), `packed` (the
//! compact form a table stores items in).

mod json;
// The model reader's fast path decodes sets with the ordinary reader's own rules.
pub(crate) use json::{decode_number_set, decode_string_set};
mod key;
mod packed;
mod size;
pub(crate) mod write;

pub use json::{
    check_value_shape, item_from_json, item_to_json, name_too_large, value_from_json, value_to_json, values_from_json,
    EMPTY_NAME_MESSAGE, MAX_ATTRIBUTE_NAME_BYTES, NAME_TOO_LARGE_MESSAGE,
};
pub use packed::{NoKey, PackedItem, StoredKey};
pub use write::{write_item, write_str, write_value};
pub use key::{
    check_index_key_value, check_key_type, check_key_value, key_bytes_len, IndexKeyWrite, KeyRole,
    MAX_PARTITION_KEY_BYTES, MAX_SORT_KEY_BYTES,
};
pub use size::{
    attribute_size, check_item_depth, check_item_size, item_size, value_depth, value_size, MAX_ITEM_BYTES,
    MAX_NESTING_DEPTH, NESTING_MESSAGE,
};

use alloc::collections::BTreeMap;
use alloc::string::String;
use alloc::vec::Vec;

use core::cmp::Ordering;

use crate::number::Number;

/// An item: attribute name to value, in name order (deterministic iteration and output). A `BTreeMap`:
/// measured against a sorted vector of pairs (`litemap::LiteMap`) on `engine/examples/bench.rs`, it is
/// as fast for GetItem and PutItem and faster for Query pages, which build many small items.
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
    M(Item),
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

/// Why a DynamoDB-JSON value was rejected. Both carry DynamoDB's exact message text.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ValueError {
    /// A `ValidationException`: well-formed JSON whose content DynamoDB refuses
    /// (empty set, duplicates, bad number, NULL=false, too deep, key rules, item too large).
    Invalid(String),
    /// A `SerializationException`: the JSON does not have the shape of an AttributeValue
    /// (`{"S": 1}`, `{"L": {}}`, invalid base64). DynamoDB reports these before any validation.
    Serialization(String),
}

impl ValueError {
    pub fn message(&self) -> &str {
        match self {
            ValueError::Invalid(m) | ValueError::Serialization(m) => m,
        }
    }

    pub(crate) fn invalid(m: impl Into<String>) -> Self {
        ValueError::Invalid(m.into())
    }
}

impl core::fmt::Display for ValueError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.message())
    }
}

impl ValueType {
    /// The type named by DynamoDB's tag ("S", "BOOL", ...), as `attribute_type` and model files spell it.
    pub fn from_name(s: &str) -> Option<ValueType> {
        Some(match s {
            "S" => ValueType::S,
            "N" => ValueType::N,
            "B" => ValueType::B,
            "BOOL" => ValueType::Bool,
            "NULL" => ValueType::Null,
            "L" => ValueType::L,
            "M" => ValueType::M,
            "SS" => ValueType::SS,
            "NS" => ValueType::NS,
            "BS" => ValueType::BS,
            _ => return None,
        })
    }

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

impl ScalarType {
    pub fn as_str(&self) -> &'static str {
        match self {
            ScalarType::S => "S",
            ScalarType::N => "N",
            ScalarType::B => "B",
        }
    }

    /// Parses an `AttributeType` of an attribute definition ("S", "N", "B").
    pub fn parse(s: &str) -> Option<ScalarType> {
        match s {
            "S" => Some(ScalarType::S),
            "N" => Some(ScalarType::N),
            "B" => Some(ScalarType::B),
            _ => None,
        }
    }
}

impl From<ScalarType> for ValueType {
    fn from(t: ScalarType) -> ValueType {
        match t {
            ScalarType::S => ValueType::S,
            ScalarType::N => ValueType::N,
            ScalarType::B => ValueType::B,
        }
    }
}

impl AttributeValue {
    /// A string set from any strings: sorted and deduplicated (the canonical form).
    pub fn string_set(items: impl IntoIterator<Item = String>) -> AttributeValue {
        let mut v: Vec<String> = items.into_iter().collect();
        v.sort();
        v.dedup();
        AttributeValue::SS(v)
    }

    /// A number set from any numbers: sorted numerically and deduplicated.
    pub fn number_set(items: impl IntoIterator<Item = Number>) -> AttributeValue {
        let mut v: Vec<Number> = items.into_iter().collect();
        v.sort();
        v.dedup();
        AttributeValue::NS(v)
    }

    /// A binary set from any byte strings: sorted by unsigned bytes and deduplicated.
    pub fn binary_set(items: impl IntoIterator<Item = Vec<u8>>) -> AttributeValue {
        let mut v: Vec<Vec<u8>> = items.into_iter().collect();
        v.sort();
        v.dedup();
        AttributeValue::BS(v)
    }

    /// Whether this is one of the three set types (empty sets are never stored).
    pub fn is_set(&self) -> bool {
        matches!(self, AttributeValue::SS(_) | AttributeValue::NS(_) | AttributeValue::BS(_))
    }
}

/// DynamoDB key order for two values of the same scalar type: S by UTF-8 bytes, N numerically,
/// B by unsigned bytes. Values of different types order by type tag (S < N < B, then the other
/// types in `ValueType` order, compared structurally) so that a total order exists for any input.
pub fn key_cmp(a: &AttributeValue, b: &AttributeValue) -> Ordering {
    use AttributeValue as V;
    match (a, b) {
        (V::S(x), V::S(y)) => x.as_bytes().cmp(y.as_bytes()),
        (V::N(x), V::N(y)) => x.cmp(y),
        (V::B(x), V::B(y)) => x.cmp(y),
        (V::Bool(x), V::Bool(y)) => x.cmp(y),
        (V::Null, V::Null) => Ordering::Equal,
        (V::SS(x), V::SS(y)) => x.cmp(y),
        (V::NS(x), V::NS(y)) => x.cmp(y),
        (V::BS(x), V::BS(y)) => x.cmp(y),
        (V::L(x), V::L(y)) => cmp_seq(x.iter(), y.iter()),
        (V::M(x), V::M(y)) => {
            let mut xi = x.iter();
            let mut yi = y.iter();
            loop {
                match (xi.next(), yi.next()) {
                    (None, None) => return Ordering::Equal,
                    (None, Some(_)) => return Ordering::Less,
                    (Some(_), None) => return Ordering::Greater,
                    (Some((kx, vx)), Some((ky, vy))) => {
                        let o = kx.as_bytes().cmp(ky.as_bytes()).then_with(|| key_cmp(vx, vy));
                        if o != Ordering::Equal {
                            return o;
                        }
                    }
                }
            }
        }
        _ => a.value_type().cmp(&b.value_type()),
    }
}

fn cmp_seq<'a>(
    mut x: impl Iterator<Item = &'a AttributeValue>,
    mut y: impl Iterator<Item = &'a AttributeValue>,
) -> Ordering {
    loop {
        match (x.next(), y.next()) {
            (None, None) => return Ordering::Equal,
            (None, Some(_)) => return Ordering::Less,
            (Some(_), None) => return Ordering::Greater,
            (Some(a), Some(b)) => {
                let o = key_cmp(a, b);
                if o != Ordering::Equal {
                    return o;
                }
            }
        }
    }
}
