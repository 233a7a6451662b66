//! The members of a NoSQL Workbench file that the importer reads, with their JSON types.
//!
//! The importer reads the file through these types, not by probing the JSON, so that a member of the
//! wrong type (`"GlobalSecondaryIndexes": {}`, `"TableName": ["x"]`) is refused at its path in the
//! file's own terms instead of being read as absent. The types are the same for every version
//! (3.0, 2.0 with the web modeler's `ModelSchema`, 1.0 and unversioned files): the versions differ in
//! which members they use, not in what a member holds. Every member is optional here; which ones a
//! table needs is the importer's to say.

use alloc::collections::BTreeMap;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use serde::de::value::{MapDeserializer, SeqDeserializer};
use serde::de::{Error as _, IgnoredAny, IntoDeserializer, Unexpected, Visitor};
use serde::{Deserialize, Deserializer};
use engine::value::ValueError;
use serde_json::{Map, Value};

use super::WorkbenchError;

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase", expecting = "an object")]
pub(super) struct File {
    pub model_name: Option<String>,
    /// `Version` is read before the rest (an unknown version is refused as such, whatever else the
    /// file holds), so it is not here.
    pub model_metadata: Option<Metadata>,
    pub data_model: Vec<Table>,
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase", expecting = "an object")]
pub(super) struct Metadata {
    pub author: Option<String>,
    pub date_created: Option<String>,
    pub date_last_modified: Option<String>,
    pub description: Option<String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase", expecting = "an object")]
pub(super) struct Table {
    pub table_name: Option<String>,
    pub key_attributes: Option<KeyAttributes>,
    pub non_key_attributes: Option<Vec<Attribute>>,
    pub table_facets: Option<Vec<Facet>>,
    pub global_secondary_indexes: Option<Vec<Index>>,
    pub local_secondary_indexes: Option<Vec<Index>>,
    pub table_data: Option<Vec<Item>>,
    pub data_access: Option<Map<String, Value>>,
    pub billing_mode: Option<String>,
    pub provisioned_capacity_settings: Option<CapacitySettings>,
    pub model_schema: Option<ModelSchema>,
    pub sample_data_formats: Option<Map<String, Value>>,
    /// Members Workbench does not write, reported by name.
    #[serde(flatten)]
    pub other: BTreeMap<String, IgnoredAny>,
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase", expecting = "an object")]
pub(super) struct KeyAttributes {
    pub partition_key: Option<Attribute>,
    pub sort_key: Option<Attribute>,
    /// A GSI's multi-attribute key: every HASH attribute, in order (`PartitionKey` is the first).
    pub partition_keys: Option<Vec<Attribute>>,
    /// Every RANGE attribute of a multi-attribute key, in order (`SortKey` is the first).
    pub sort_keys: Option<Vec<Attribute>>,
}

/// A key attribute, or an entry of a table's `NonKeyAttributes`.
#[derive(Deserialize)]
#[serde(rename_all = "PascalCase", expecting = "an object")]
pub(super) struct Attribute {
    pub attribute_name: Option<String>,
    pub attribute_type: Option<String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase", expecting = "an object")]
pub(super) struct Facet {
    pub facet_name: Option<String>,
    pub key_attribute_alias: Option<KeyAlias>,
    pub table_data: Option<Vec<Item>>,
    /// A facet names its attributes; their types are the table's `NonKeyAttributes`.
    pub non_key_attributes: Option<Vec<String>>,
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase", expecting = "an object")]
pub(super) struct KeyAlias {
    pub partition_key_alias: Option<String>,
    pub sort_key_alias: Option<String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase", expecting = "an object")]
pub(super) struct Index {
    pub index_name: Option<String>,
    pub key_attributes: Option<KeyAttributes>,
    pub projection: Option<Projection>,
    pub provisioned_throughput: Option<Throughput>,
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase", expecting = "an object")]
pub(super) struct Projection {
    pub projection_type: Option<String>,
    pub non_key_attributes: Option<Vec<String>>,
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase", expecting = "an object")]
pub(super) struct CapacitySettings {
    pub provisioned_throughput: Option<Throughput>,
    pub auto_scaling_read: Option<Map<String, Value>>,
    pub auto_scaling_write: Option<Map<String, Value>>,
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase", expecting = "an object")]
pub(super) struct Throughput {
    pub read_capacity_units: Option<u64>,
    pub write_capacity_units: Option<u64>,
}

/// The web modeler's per-table schema (OneTable's shape, hence the lower-case names).
#[derive(Deserialize)]
#[serde(expecting = "an object")]
pub(super) struct ModelSchema {
    /// Entity name → attribute name → spec.
    pub models: Option<BTreeMap<String, BTreeMap<String, Spec>>>,
    /// Saved queries: an object (by name) or a list; only whether there are any is read.
    pub queries: Option<Queries>,
}

#[derive(Deserialize)]
#[serde(expecting = "an object")]
pub(super) struct Spec {
    #[serde(rename = "type")]
    pub value_type: Option<String>,
    /// A value template (`${endDate}#${rateId}`).
    pub value: Option<String>,
    /// Validation rules (`required`, `default`, `enum`, ...).
    #[serde(flatten)]
    pub rules: BTreeMap<String, IgnoredAny>,
}

pub(super) enum Queries {
    Named(Map<String, Value>),
    Listed(Vec<Value>),
}

impl Queries {
    pub fn is_empty(&self) -> bool {
        match self {
            Queries::Named(m) => m.is_empty(),
            Queries::Listed(l) => l.is_empty(),
        }
    }
}

impl<'de> Deserialize<'de> for Queries {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        match Value::deserialize(d)? {
            Value::Object(m) => Ok(Queries::Named(m)),
            Value::Array(l) => Ok(Queries::Listed(l)),
            other => Err(D::Error::custom(format!("{}, not an object or a list", kind(&other)))),
        }
    }
}

/// An item in DynamoDB JSON. An attribute value DynamoDB would refuse is refused here, at its path in
/// the file (`DataModel[0].TableData[3].price`), with DynamoDB's message.
pub(super) struct Item(pub Map<String, Value>);

/// One attribute value of an [`Item`], checked as DynamoDB decodes it.
struct AttributeValue(Value);

impl<'de> Deserialize<'de> for AttributeValue {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = Value::deserialize(d)?;
        engine::value::value_from_json(&v).map_err(|e| match e {
            // DynamoDB's shape messages ("Expected null") assume one knows an attribute value was due.
            ValueError::Serialization(m) => D::Error::custom(format!("not an attribute value in DynamoDB JSON ({m})")),
            other => D::Error::custom(other),
        })?;
        Ok(AttributeValue(v))
    }
}

impl<'de> Deserialize<'de> for Item {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let attrs = BTreeMap::<String, AttributeValue>::deserialize(d)?;
        Ok(Item(attrs.into_iter().map(|(k, v)| (k, v.0)).collect()))
    }
}

/// Read the file's members; the first of the wrong type is the error, at its path.
pub(super) fn read(root: &Value) -> Result<File, WorkbenchError> {
    serde_path_to_error::deserialize(Json(root)).map_err(|e| WorkbenchError::At {
        path: e.path().to_string(),
        message: plain(&e.into_inner().to_string()),
    })
}

/// A JSON value read as serde_json reads one, except that a struct is read from an object only:
/// serde_json also reads a struct from a list, by position (`"PartitionKey": ["PK", "S"]`), and in a
/// Workbench file that list is a member of the wrong type.
#[derive(Clone, Copy)]
struct Json<'de>(&'de Value);

impl<'de> IntoDeserializer<'de, serde_json::Error> for Json<'de> {
    type Deserializer = Self;

    fn into_deserializer(self) -> Self {
        self
    }
}

impl<'de> Deserializer<'de> for Json<'de> {
    type Error = serde_json::Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Self::Error> {
        match self.0 {
            Value::Null => visitor.visit_unit(),
            Value::Bool(b) => visitor.visit_bool(*b),
            Value::Number(n) => n.deserialize_any(visitor),
            Value::String(s) => visitor.visit_borrowed_str(s),
            Value::Array(list) => {
                let mut seq = SeqDeserializer::new(list.iter().map(Json));
                let out = visitor.visit_seq(&mut seq)?;
                seq.end()?;
                Ok(out)
            }
            Value::Object(members) => {
                let mut map = MapDeserializer::new(members.iter().map(|(k, v)| (k.as_str(), Json(v))));
                let out = visitor.visit_map(&mut map)?;
                map.end()?;
                Ok(out)
            }
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Self::Error> {
        match self.0 {
            Value::Null => visitor.visit_none(),
            _ => visitor.visit_some(self),
        }
    }

    fn deserialize_struct<V: Visitor<'de>>(self, _: &'static str, _: &'static [&'static str], visitor: V) -> Result<V::Value, Self::Error> {
        match self.0 {
            Value::Object(_) => self.deserialize_any(visitor),
            other => Err(serde_json::Error::invalid_type(unexpected(other), &visitor)),
        }
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(self, _: &'static str, visitor: V) -> Result<V::Value, Self::Error> {
        visitor.visit_newtype_struct(self)
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf unit unit_struct seq
        tuple tuple_struct map enum identifier ignored_any
    }
}

fn unexpected(v: &Value) -> Unexpected<'_> {
    match v {
        Value::Null => Unexpected::Unit,
        Value::Bool(b) => Unexpected::Bool(*b),
        Value::Number(n) => match (n.as_u64(), n.as_i64()) {
            (Some(u), _) => Unexpected::Unsigned(u),
            (_, Some(i)) => Unexpected::Signed(i),
            _ => Unexpected::Float(n.as_f64().unwrap_or_default()),
        },
        Value::String(s) => Unexpected::Str(s),
        Value::Array(_) => Unexpected::Seq,
        Value::Object(_) => Unexpected::Map,
    }
}

/// A JSON value's kind, as a file's reader would name it.
fn kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "a list",
        Value::Object(_) => "an object",
    }
}

/// serde's "invalid type: map, expected a sequence" in JSON's terms: "an object, not a list". The
/// value found is named by its kind only, so a long string in the file is not repeated in the message.
fn plain(message: &str) -> String {
    let parsed = message
        .strip_prefix("invalid type: ")
        .map(|rest| (rest, false))
        .or_else(|| message.strip_prefix("invalid value: ").map(|rest| (rest, true)));
    let Some((rest, value)) = parsed else { return message.to_string() };
    let Some((found, expected)) = rest.split_once(", expected ") else { return message.to_string() };
    let found = match found {
        "sequence" => "a list".to_string(),
        "map" => "an object".to_string(),
        "unit value" => "null".to_string(),
        // `integer `-1`` for a capacity: the number is short and says what is wrong with it.
        f if value => f.split('`').nth(1).map_or_else(|| f.to_string(), |n| format!("the number {n}")),
        f if f.starts_with("string") => "a string".to_string(),
        f if f.starts_with("boolean") => "a boolean".to_string(),
        f if f.starts_with("integer") || f.starts_with("floating point") => "a number".to_string(),
        f => f.to_string(),
    };
    let expected = match expected {
        "a sequence" => "a list",
        "a map" => "an object",
        "u64" => "a whole number (0 or more)",
        e => e,
    };
    format!("{found}, not {expected}")
}

#[cfg(test)]
mod tests {
    use super::plain;

    #[test]
    fn serde_messages_in_json_terms() {
        for (serde, ours) in [
            ("invalid type: map, expected a sequence", "an object, not a list"),
            ("invalid type: sequence, expected a string", "a list, not a string"),
            ("invalid type: string \"a very long text\", expected an object", "a string, not an object"),
            ("invalid type: integer `123`, expected a string", "a number, not a string"),
            ("invalid type: floating point `1.5`, expected u64", "a number, not a whole number (0 or more)"),
            ("invalid type: boolean `true`, expected a map", "a boolean, not an object"),
            ("invalid type: unit value, expected a string", "null, not a string"),
            ("invalid value: integer `-1`, expected u64", "the number -1, not a whole number (0 or more)"),
            ("Supplied AttributeValue is empty", "Supplied AttributeValue is empty"),
        ] {
            assert_eq!(plain(serde), ours, "{serde}");
        }
    }
}
