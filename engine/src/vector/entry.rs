//! What an item puts in a vector index, what writing it costs, and the checks a write meets.
//!
//! An item is indexed when its vector attribute is a list of exactly `Dimensions` numbers, each within
//! the f32 range, and (if the search schema has a HASH element) it holds that attribute. A write that
//! *carries* a vector attribute of another shape is refused, as DynamoDB refuses it (the Developer
//! Guide's "Troubleshooting vector indexes": "Write rejected … Incorrect index dimension for the
//! vector", and an invalid parameter type); an item without the attribute is simply left out. Items
//! already in the table when UpdateTable adds an index are left out of it when their vector is
//! invalid, since a backfill has no write to refuse.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use crate::error::ApiError;
use crate::table::schema::{scalar_name, KeyAttr, KeySchema, ProjectionDef};
use crate::value::{attribute_size, AttributeValue, Item};
use crate::vector::{VectorEntry, VectorIndexDef, MIN_WRITE_BYTES};

/// Why a value is not a vector of the index.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum VectorValueError {
    NotAList,
    WrongDimensions { actual: usize },
    ElementNotANumber { position: usize, actual: &'static str },
    ElementOutOfRange { position: usize, value: String },
}

/// DynamoDB's type descriptor of a value (`S`, `N`, `BOOL`…), as error messages name it.
pub fn type_letter(v: &AttributeValue) -> &'static str {
    match v {
        AttributeValue::S(_) => "S",
        AttributeValue::N(_) => "N",
        AttributeValue::B(_) => "B",
        AttributeValue::Bool(_) => "BOOL",
        AttributeValue::Null => "NULL",
        AttributeValue::L(_) => "L",
        AttributeValue::M(_) => "M",
        AttributeValue::SS(_) => "SS",
        AttributeValue::NS(_) => "NS",
        AttributeValue::BS(_) => "BS",
    }
}

/// A number as the index stores it: the exact decimal rounded to the nearest f32, or `None` outside the
/// f32 range (±3.4028235E38).
pub fn to_f32(n: &crate::number::Number) -> Option<f32> {
    let text = format!("{n}");
    let wide: f64 = text.parse().ok()?;
    let narrow = wide as f32;
    narrow.is_finite().then_some(narrow)
}

/// The vector a value holds for an index of `dims` dimensions.
pub fn vector_of(v: &AttributeValue, dims: u32) -> Result<Vec<f32>, VectorValueError> {
    let AttributeValue::L(list) = v else { return Err(VectorValueError::NotAList) };
    if list.len() != dims as usize {
        return Err(VectorValueError::WrongDimensions { actual: list.len() });
    }
    let mut out = Vec::with_capacity(list.len());
    for (position, e) in list.iter().enumerate() {
        let AttributeValue::N(n) = e else {
            return Err(VectorValueError::ElementNotANumber { position, actual: type_letter(e) });
        };
        match to_f32(n) {
            Some(f) => out.push(f),
            None => return Err(VectorValueError::ElementOutOfRange { position, value: format!("{n}") }),
        }
    }
    Ok(out)
}

/// DynamoDB's refusal of a write whose vector attribute is not a vector of the index (wording captured
/// from DynamoDB by the Dynoxide project, punctuation as captured: a full stop after "invalid", no stop
/// before `IndexName` on the size and list forms).
pub fn value_message(e: &VectorValueError, def: &VectorIndexDef) -> String {
    let (attr, index, dims) = (&def.attribute, &def.name, def.dimensions);
    match e {
        VectorValueError::NotAList => format!(
            "One or more parameter values were invalid. Invalid type for parameter {attr}, Expected: 32-bit floating point number list IndexName: {index}"
        ),
        VectorValueError::WrongDimensions { actual } => format!(
            "One or more parameter values were invalid. Invalid size for parameter {attr}, Expected: {dims}, Actual: {actual} IndexName: {index}"
        ),
        VectorValueError::ElementNotANumber { position, actual } => format!(
            "One or more parameter values were invalid. Invalid type for parameter {attr}[{position}], Expected: 32-bit floating point number, Actual: {actual}. IndexName: {index}"
        ),
        VectorValueError::ElementOutOfRange { position, value } => format!(
            "One or more parameter values were invalid. Invalid value for parameter {attr}[{position}], Value: {value} is outside valid range [-3.4028235E38, 3.4028235E38]. IndexName: {index}"
        ),
    }
}

fn type_matches(a: &KeyAttr, v: &AttributeValue) -> bool {
    matches!(
        (a.ty, v),
        (crate::value::ScalarType::S, AttributeValue::S(_))
            | (crate::value::ScalarType::N, AttributeValue::N(_))
            | (crate::value::ScalarType::B, AttributeValue::B(_))
    )
}

fn schema_attrs(def: &VectorIndexDef) -> impl Iterator<Item = &KeyAttr> {
    def.hash.iter().chain(def.filters.iter())
}

/// Refuse a write that stores an attribute no index of the table can hold: a vector attribute that is
/// not a vector of the index, or a search schema attribute of another type than AttributeDefinitions
/// gives it. `changed` says which attributes the write sets (all of a PutItem's; an UpdateItem's
/// written ones), so an update that leaves an old, unindexed value alone is not refused for it. Indexes
/// are checked in name order, the vector before the schema (DynamoDB does not say which it reports
/// first; this is the order the GSI key checks use).
pub fn check_write(defs: &[VectorIndexDef], item: &Item, changed: &dyn Fn(&str) -> bool) -> Result<(), ApiError> {
    let mut order: Vec<&VectorIndexDef> = defs.iter().collect();
    order.sort_by(|a, b| a.name.cmp(&b.name));
    for def in order {
        if let Some(v) = item.get(&def.attribute).filter(|_| changed(&def.attribute)) {
            if let Err(e) = vector_of(v, def.dimensions) {
                return Err(ApiError::Validation(value_message(&e, def)));
            }
        }
        for a in schema_attrs(def) {
            let Some(v) = item.get(&a.name).filter(|_| changed(&a.name)) else { continue };
            if !type_matches(a, v) {
                return Err(ApiError::Validation(format!(
                    "One or more parameter values were invalid. Attribute '{}' type mismatch. Expected: {}, Actual: {}. IndexName: {}",
                    a.name,
                    scalar_name(a.ty),
                    type_letter(v),
                    def.name
                )));
            }
            let empty = matches!(v, AttributeValue::S(s) if s.is_empty()) || matches!(v, AttributeValue::B(b) if b.is_empty());
            if empty && def.hash.as_ref().is_some_and(|h| h.name == a.name) {
                let kind = if matches!(v, AttributeValue::S(_)) { "string" } else { "binary" };
                return Err(ApiError::Validation(format!(
                    "One or more parameter values are not valid. A value specified for a secondary index key is not supported. The AttributeValue for a key attribute cannot contain an empty {kind} value. IndexName: {}, IndexKey: {}",
                    def.name, a.name
                )));
            }
        }
    }
    Ok(())
}

/// The entry `item` has in the index, or `None` when the index leaves it out (no vector attribute, a
/// value that is not a vector of the index, no HASH attribute, or a schema value of the wrong type).
pub fn entry_of(keys: &KeySchema, def: &VectorIndexDef, item: &Item) -> Option<VectorEntry> {
    let vector = vector_of(item.get(&def.attribute)?, def.dimensions).ok()?;
    if let Some(h) = &def.hash {
        if !item.get(&h.name).is_some_and(|v| type_matches(h, v)) {
            return None;
        }
    }
    if def.filters.iter().any(|f| item.get(&f.name).is_some_and(|v| !type_matches(f, v))) {
        return None;
    }
    Some(VectorEntry { vector, bytes: entry_bytes(keys, def, item) })
}

/// The billable size of an item's entry: every projected attribute at its DynamoDB size, except the
/// vector, which counts as its name plus 4 bytes per dimension (it is stored as f32), and never below
/// 1 KB. This is the formula DynamoDB's `VectorWriteRequestBytes` follows (fitted byte for byte against
/// eu-west-2 by the Dynoxide project, from 3 to 512 dimensions).
pub fn entry_bytes(keys: &KeySchema, def: &VectorIndexDef, item: &Item) -> u64 {
    let rest: usize = item
        .iter()
        .filter(|(n, _)| n.as_str() != def.attribute && def.projects(keys, n))
        .map(|(n, v)| attribute_size(n, v))
        .sum();
    let bytes = (rest + def.attribute.len() + 4 * def.dimensions as usize) as u64;
    bytes.max(MIN_WRITE_BYTES)
}

/// Whether the entries of two versions of an item hold the same attributes.
fn same_entry(keys: &KeySchema, def: &VectorIndexDef, old: &Item, new: &Item) -> bool {
    if def.projection == ProjectionDef::All {
        return old == new;
    }
    let o = old.iter().filter(|(n, _)| def.projects(keys, n));
    let n = new.iter().filter(|(n, _)| def.projects(keys, n));
    o.eq(n)
}

/// The index's change for a write of `old` into `new` (either absent): the new entry (`None`: the item
/// leaves or stays out of the index) and the bytes the write is charged on this index — an entry added
/// or removed costs its size, a changed one the larger of the two, and a write that changes nothing the
/// index holds costs nothing and is not reported.
pub fn change(keys: &KeySchema, def: &VectorIndexDef, old: Option<&Item>, new: Option<&Item>) -> (Option<VectorEntry>, Option<u64>) {
    let o = old.and_then(|i| entry_of(keys, def, i));
    let n = new.and_then(|i| entry_of(keys, def, i));
    let bytes = match (&o, &n, old, new) {
        (None, None, ..) => None,
        (Some(e), None, ..) | (None, Some(e), ..) => Some(e.bytes),
        (Some(a), Some(b), Some(oi), Some(ni)) => (!same_entry(keys, def, oi, ni)).then_some(a.bytes.max(b.bytes)),
        (Some(a), Some(b), ..) => Some(a.bytes.max(b.bytes)),
    };
    (n, bytes)
}
