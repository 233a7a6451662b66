//! Reading what the model layer needs (names, key attributes and their types) out of a `CreateTable`
//! definition. This is deliberately lenient: judging a definition is `CreateTable`'s job, and a design
//! that is still being edited must be readable even while it is invalid.

use alloc::string::{String, ToString};
use alloc::vec::Vec;

use serde_json::Value;

use crate::value::ScalarType;

/// Where a key attribute is used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum KeyRole {
    TablePartition,
    TableSort,
    /// A GSI or LSI key (`sort` tells which half).
    Index { index: String, global: bool, sort: bool },
}

/// One key attribute of a table or of one of its indexes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyAttr {
    pub name: String,
    /// From `AttributeDefinitions`; S when the definition does not say (CreateTable will complain).
    pub key_type: ScalarType,
    pub role: KeyRole,
}

impl KeyAttr {
    pub fn is_table_key(&self) -> bool {
        matches!(self.role, KeyRole::TablePartition | KeyRole::TableSort)
    }
}

/// `TableName` of a definition.
pub fn table_name(def: &Value) -> Option<&str> {
    def.get("TableName").and_then(Value::as_str).filter(|s| !s.is_empty())
}

/// The scalar type `AttributeDefinitions` gives `name`.
pub fn attribute_type(def: &Value, name: &str) -> Option<ScalarType> {
    def.get("AttributeDefinitions")?.as_array()?.iter().find_map(|d| {
        if d.get("AttributeName")?.as_str()? != name {
            return None;
        }
        match d.get("AttributeType")?.as_str()? {
            "S" => Some(ScalarType::S),
            "N" => Some(ScalarType::N),
            "B" => Some(ScalarType::B),
            _ => None,
        }
    })
}

/// `(partition, sort)` attribute names of a `KeySchema` array: the first HASH and the first RANGE
/// attribute (a GSI's multi-attribute key has more: [`index_key_schema`]).
pub fn key_schema(schema: Option<&Value>) -> (Option<&str>, Option<&str>) {
    let mut hash = None;
    let mut range = None;
    for k in schema.and_then(Value::as_array).map(Vec::as_slice).unwrap_or(&[]) {
        let name = k.get("AttributeName").and_then(Value::as_str);
        match k.get("KeyType").and_then(Value::as_str) {
            Some("HASH") if hash.is_none() => hash = name,
            Some("RANGE") if range.is_none() => range = name,
            _ => {}
        }
    }
    (hash, range)
}

/// Every attribute of an index's `KeySchema` array in order, each with whether it is a RANGE (sort)
/// attribute: one HASH and at most one RANGE, or a GSI's multi-attribute key (up to four of each).
pub fn index_key_schema(schema: Option<&Value>) -> Vec<(&str, bool)> {
    let mut out = Vec::new();
    for k in schema.and_then(Value::as_array).map(Vec::as_slice).unwrap_or(&[]) {
        let Some(name) = k.get("AttributeName").and_then(Value::as_str) else { continue };
        match k.get("KeyType").and_then(Value::as_str) {
            Some("HASH") => out.push((name, false)),
            Some("RANGE") => out.push((name, true)),
            _ => {}
        }
    }
    out
}

/// Whether an index's `KeySchema` has several HASH or several RANGE attributes (a multi-attribute key).
pub fn is_multi_key(schema: Option<&Value>) -> bool {
    let parts = index_key_schema(schema);
    parts.iter().filter(|(_, sort)| !sort).count() > 1 || parts.iter().filter(|(_, sort)| *sort).count() > 1
}

/// The attributes of every GSI key with several HASH or RANGE attributes, in key-schema order. They are
/// left out of [`key_attributes`]: a multi-attribute key is made of attributes the item holds for their
/// own sake (a tenant, a status, a date), so no key template builds them and an entity declares them as
/// its attributes.
pub fn multi_key_attributes(def: &Value) -> Vec<KeyAttr> {
    let mut out = Vec::new();
    for ix in def.get("GlobalSecondaryIndexes").and_then(Value::as_array).map(Vec::as_slice).unwrap_or(&[]) {
        if !is_multi_key(ix.get("KeySchema")) {
            continue;
        }
        let index = ix.get("IndexName").and_then(Value::as_str).unwrap_or_default().to_string();
        for (name, sort) in index_key_schema(ix.get("KeySchema")) {
            out.push(KeyAttr {
                name: name.to_string(),
                key_type: attribute_type(def, name).unwrap_or(ScalarType::S),
                role: KeyRole::Index { index: index.clone(), global: true, sort },
            });
        }
    }
    out
}

/// Every key attribute that a key template may build: the table's, then each GSI's, then each LSI's
/// (not the attributes of a multi-attribute key: [`multi_key_attributes`]). An attribute used by
/// several keys appears once per use, so callers can tell a table key from an index key.
pub fn key_attributes(def: &Value) -> Vec<KeyAttr> {
    let mut out = Vec::new();
    let mut push = |name: Option<&str>, role: KeyRole| {
        if let Some(name) = name {
            out.push(KeyAttr {
                name: name.to_string(),
                key_type: attribute_type(def, name).unwrap_or(ScalarType::S),
                role,
            });
        }
    };
    let (pk, sk) = key_schema(def.get("KeySchema"));
    push(pk, KeyRole::TablePartition);
    push(sk, KeyRole::TableSort);
    for (field, global) in [("GlobalSecondaryIndexes", true), ("LocalSecondaryIndexes", false)] {
        for ix in def.get(field).and_then(Value::as_array).map(Vec::as_slice).unwrap_or(&[]) {
            let index = ix.get("IndexName").and_then(Value::as_str).unwrap_or_default().to_string();
            if is_multi_key(ix.get("KeySchema")) {
                continue;
            }
            let (ipk, isk) = key_schema(ix.get("KeySchema"));
            push(ipk, KeyRole::Index { index: index.clone(), global, sort: false });
            push(isk, KeyRole::Index { index, global, sort: true });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_multi_attribute_key_reads_as_its_first_attributes_and_in_full() {
        let ks = serde_json::json!([
            {"AttributeName": "tenantId", "KeyType": "HASH"}, {"AttributeName": "assignee", "KeyType": "HASH"},
            {"AttributeName": "status", "KeyType": "RANGE"}, {"AttributeName": "dueDate", "KeyType": "RANGE"}
        ]);
        assert_eq!(key_schema(Some(&ks)), (Some("tenantId"), Some("status")));
        assert_eq!(index_key_schema(Some(&ks)), [("tenantId", false), ("assignee", false), ("status", true), ("dueDate", true)]);
        assert!(is_multi_key(Some(&ks)));
    }
}
