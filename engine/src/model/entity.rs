//! Entity types (facets): the named kinds of item that share one table in a single-table design.

use alloc::collections::BTreeMap;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::schema::KeyAttr;
use super::template::{ExpandError, KeyTemplate, TemplateError};
use crate::value::{AttributeValue, Item, ValueType};

fn default_type_attribute() -> String {
    String::from("Type")
}

fn is_default_type_attribute(s: &str) -> bool {
    s == "Type"
}

/// A named item type with key templates.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Entity {
    pub name: String,
    /// The attribute that records the entity type on every item (`Type` by convention).
    #[serde(default = "default_type_attribute", skip_serializing_if = "is_default_type_attribute")]
    pub type_attribute: String,
    /// The value written into `type_attribute` (`USER`, `ORDER`).
    pub type_value: String,
    /// Key attribute name to template text: `{"PK": "USER#{userId}", "GSI1PK": "STATUS#{status}"}`.
    #[serde(default)]
    pub keys: BTreeMap<String, String>,
    /// The entity's own attributes (not its keys), with the type the editor offers for each.
    #[serde(default)]
    pub attributes: Vec<EntityAttribute>,
}

/// One declared attribute of an entity.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EntityAttribute {
    pub name: String,
    #[serde(rename = "type", serialize_with = "ser_type", deserialize_with = "de_type")]
    pub value_type: ValueType,
}

fn ser_type<S: Serializer>(t: &ValueType, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(t.as_str())
}

/// Parse a DynamoDB type tag ("S", "N", ..., "BS").
pub fn value_type_from_str(s: &str) -> Option<ValueType> {
    ValueType::from_name(s)
}

fn de_type<'de, D: Deserializer<'de>>(d: D) -> Result<ValueType, D::Error> {
    let s = String::deserialize(d)?;
    value_type_from_str(&s).ok_or_else(|| serde::de::Error::custom(alloc::format!("unknown attribute type {s:?}")))
}

/// What is wrong with an entity, given its table's keys.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum EntityError {
    EmptyName,
    EmptyTypeValue,
    /// The same attribute declared twice.
    DuplicateAttribute(String),
    /// A template for an attribute that is no key of the table or of any of its indexes.
    NotAKey(String),
    /// A key attribute declared as an ordinary attribute too: its value comes from the template.
    KeyDeclaredAsAttribute(String),
    /// A key template that does not parse or does not fit.
    Template { key: String, error: TemplateError },
    /// A table key whose template needs an attribute the item lacks (table keys cannot be sparse).
    Expand { key: String, error: ExpandError },
}

impl fmt::Display for EntityError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EntityError::EmptyName => write!(f, "The entity needs a name"),
            EntityError::EmptyTypeValue => write!(f, "The entity needs a type value"),
            EntityError::DuplicateAttribute(a) => write!(f, "Attribute {a} is declared twice"),
            EntityError::NotAKey(k) => write!(f, "{k} is not a key of the table or of any of its indexes"),
            EntityError::KeyDeclaredAsAttribute(k) => write!(f, "{k} is a key attribute; its value comes from its template"),
            EntityError::Template { key, error } => write!(f, "{key}: {error}"),
            EntityError::Expand { key, error } => write!(f, "{key}: {error}"),
        }
    }
}

impl Entity {
    pub fn new(name: &str, type_value: &str) -> Entity {
        Entity {
            name: name.to_string(),
            type_attribute: default_type_attribute(),
            type_value: type_value.to_string(),
            keys: BTreeMap::new(),
            attributes: Vec::new(),
        }
    }

    /// Check the entity against the table's key attributes (from [`super::key_attributes`]).
    pub fn check(&self, keys: &[KeyAttr]) -> Result<(), EntityError> {
        if self.name.trim().is_empty() {
            return Err(EntityError::EmptyName);
        }
        if self.type_value.is_empty() {
            return Err(EntityError::EmptyTypeValue);
        }
        let mut declared: Vec<&str> = Vec::new();
        for a in &self.attributes {
            if declared.contains(&a.name.as_str()) {
                return Err(EntityError::DuplicateAttribute(a.name.clone()));
            }
            if keys.iter().any(|k| k.name == a.name) {
                return Err(EntityError::KeyDeclaredAsAttribute(a.name.clone()));
            }
            declared.push(&a.name);
        }
        declared.push(&self.type_attribute);
        for (key, text) in &self.keys {
            let attr = keys.iter().find(|k| &k.name == key).ok_or_else(|| EntityError::NotAKey(key.clone()))?;
            let t = KeyTemplate::parse(text).map_err(|error| EntityError::Template { key: key.clone(), error })?;
            t.check(attr.key_type, &declared).map_err(|error| EntityError::Template { key: key.clone(), error })?;
        }
        Ok(())
    }

    /// A new item of this entity from the user's attribute values: the type attribute is set and every
    /// key with a template is filled. An index key whose template needs a missing attribute is left out
    /// (that is how an item stays out of a sparse index); a table key that cannot be built is an error.
    pub fn build_item(&self, values: &Item, keys: &[KeyAttr]) -> Result<Item, EntityError> {
        let mut item = values.clone();
        item.insert(self.type_attribute.clone(), AttributeValue::S(self.type_value.clone()));
        // Expand against the values plus the type attribute, never against keys filled in this loop,
        // so the result does not depend on the order of the templates.
        let source = item.clone();
        for (key, text) in &self.keys {
            let Some(attr) = keys.iter().find(|k| &k.name == key) else {
                return Err(EntityError::NotAKey(key.clone()));
            };
            let t = KeyTemplate::parse(text).map_err(|error| EntityError::Template { key: key.clone(), error })?;
            let table_key = keys.iter().any(|k| &k.name == key && k.is_table_key());
            match t.expand(attr.key_type, &source) {
                Ok(v) => {
                    item.insert(key.clone(), v);
                }
                Err(ExpandError::Missing { .. }) if !table_key => {
                    item.remove(key);
                }
                Err(error) => return Err(EntityError::Expand { key: key.clone(), error }),
            }
        }
        Ok(item)
    }

    /// The item's entity, by its type attribute.
    pub fn matches(&self, item: &Item) -> bool {
        matches!(item.get(&self.type_attribute), Some(AttributeValue::S(s)) if *s == self.type_value)
    }
}
