//! Key attribute rules: scalar type, no empty S/B, length limits (partition 2048 bytes, sort 1024).
//! Messages are AWS's, as captured by conformance suites (note "limit of2048": AWS's own typo).
//!
//! Which of these a request hits first, and the "The provided key element does not match the schema"
//! answer for a `Key` parameter of the wrong shape, are the operations layer's business.

use alloc::format;

use super::{AttributeValue, ScalarType, ValueError};

pub const MAX_PARTITION_KEY_BYTES: usize = 2048;
pub const MAX_SORT_KEY_BYTES: usize = 1024;

/// Which part of a primary key a value is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum KeyRole {
    Partition,
    Sort,
}

/// Which write put an invalid value on a secondary index key: DynamoDB words the two differently.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum IndexKeyWrite {
    /// PutItem, BatchWriteItem, a transaction Put: the message names the index and the attribute.
    Put,
    /// An UpdateItem expression: the message names neither.
    Update,
}

/// Bytes a key value counts against the key limits (S: UTF-8 bytes, B: raw bytes, N: stored size).
/// `None` for non-key types.
pub fn key_bytes_len(v: &AttributeValue) -> Option<usize> {
    match v {
        AttributeValue::S(s) => Some(s.len()),
        AttributeValue::B(b) => Some(b.len()),
        AttributeValue::N(n) => Some(n.stored_size()),
        _ => None,
    }
}

/// An item's key attribute must have the declared type (PutItem wording).
pub fn check_key_type(name: &str, expected: ScalarType, v: &AttributeValue) -> Result<(), ValueError> {
    if v.scalar_type() == Some(expected) {
        return Ok(());
    }
    Err(ValueError::invalid(format!(
        "One or more parameter values were invalid: Type mismatch for key {name} expected: {} actual: {}",
        expected.as_str(),
        v.value_type().as_str()
    )))
}

/// A primary-key value of the right type must be non-empty and within its length limit.
pub fn check_key_value(name: &str, role: KeyRole, v: &AttributeValue) -> Result<(), ValueError> {
    if let Some(kind) = empty_kind(v) {
        return Err(ValueError::invalid(format!(
            "One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty {kind} value. Key: {name}"
        )));
    }
    let len = key_bytes_len(v).unwrap_or(0);
    match role {
        KeyRole::Partition if len > MAX_PARTITION_KEY_BYTES => Err(ValueError::invalid(format!(
            "One or more parameter values were invalid: Size of hashkey has exceeded the maximum size limit of{MAX_PARTITION_KEY_BYTES} bytes"
        ))),
        KeyRole::Sort if len > MAX_SORT_KEY_BYTES => Err(ValueError::invalid(format!(
            "One or more parameter values were invalid: Aggregated size of all range keys has exceeded the size limit of {MAX_SORT_KEY_BYTES} bytes"
        ))),
        _ => Ok(()),
    }
}

/// A value written to an attribute that a secondary index uses as a key: it must have the index's
/// key type and must not be empty. (An item without the attribute is simply not in the index.)
pub fn check_index_key_value(
    index_name: &str,
    attribute: &str,
    expected: ScalarType,
    v: &AttributeValue,
    write: IndexKeyWrite,
) -> Result<(), ValueError> {
    if v.scalar_type() != Some(expected) {
        return Err(ValueError::invalid(format!(
            "One or more parameter values were invalid: Type mismatch for Index Key {attribute} Expected: {} Actual: {} IndexName: {index_name}",
            expected.as_str(),
            v.value_type().as_str()
        )));
    }
    if let Some(kind) = empty_kind(v) {
        return Err(ValueError::invalid(match write {
            IndexKeyWrite::Put => format!(
                "One or more parameter values are not valid. A value specified for a secondary index key is not supported. The AttributeValue for a key attribute cannot contain an empty {kind} value. IndexName: {index_name}, IndexKey: {attribute}"
            ),
            IndexKeyWrite::Update => format!(
                "One or more parameter values are not valid. The update expression attempted to update a secondary index key to a value that is not supported. The AttributeValue for a key attribute cannot contain an empty {kind} value."
            ),
        }));
    }
    Ok(())
}

fn empty_kind(v: &AttributeValue) -> Option<&'static str> {
    match v {
        AttributeValue::S(s) if s.is_empty() => Some("string"),
        AttributeValue::B(b) if b.is_empty() => Some("binary"),
        _ => None,
    }
}
