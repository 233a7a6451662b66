//! The hot actions' request bodies read straight into their typed inputs, without a JSON tree first.
//!
//! A server spends a good share of a small request's time building a `serde_json::Value` tree, reading
//! the typed input out of it and dropping it. For PutItem, GetItem and Query this module reads the body
//! bytes directly — but only the common, valid case: a body with any field it does not know, any value
//! of an unusual shape (sets, lists, maps, binaries, `null`s), a duplicate key, or anything DynamoDB
//! would refuse is *declined* ([`TypedInput::read`] gives `None`), and the caller reads it as JSON
//! through the actions' `from_json`, which gives every error its exact answer. So a body read here
//! yields exactly the input `from_json` would have built (the tests compare the two), and no error
//! message has a second implementation.

use alloc::collections::BTreeMap;
use alloc::string::String;
use core::fmt;

use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, Visitor};
use serde_json::Value;

use crate::api::json::{self, NAME_PATTERN};
use crate::api::read::{GetItemInput, GetItemOutput, QueryInput, QueryOutput, ReadExpressions, Select};
use crate::api::write::{PutItemInput, WriteExpressions, WriteOptions, ReturnValues};
use crate::capacity::ReturnCapacity;
use crate::error::ApiError;
use crate::number::Number;
use crate::value::{name_too_large, AttributeValue, Item};

/// A hot action's input, already typed.
#[derive(Debug, Clone, PartialEq)]
pub enum TypedInput {
    PutItem(PutItemInput),
    GetItem(GetItemInput),
    Query(QueryInput),
}

/// One request's input as the engine's front door takes it: parsed JSON, or already typed.
// Unboxed: a request is moved a few times on its way to the engine, which costs less than an allocation.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq)]
pub enum Request {
    Json(Value),
    Typed(TypedInput),
}

impl Request {
    /// The JSON form, when the request was read as JSON.
    pub fn as_json(&self) -> Option<&Value> {
        match self {
            Request::Json(v) => Some(v),
            Request::Typed(_) => None,
        }
    }
}

/// An action's answer, its JSON text possibly not written yet. Writing a read's items is most of its
/// cost, and they are shared with the table (never copied), so a server that guards the database with
/// a lock writes them after releasing it: the other requests wait for the engine, not for the text.
#[derive(Debug, Clone, PartialEq)]
pub enum Answer {
    Text(String),
    Query(QueryOutput),
    GetItem(GetItemOutput),
}

impl Answer {
    /// A JSON answer: `{}` (what a PutItem returning nothing answers) without serialising a tree.
    pub fn from_json(v: Value) -> Answer {
        match &v {
            Value::Object(m) if m.is_empty() => Answer::Text(String::from("{}")),
            _ => Answer::Text(alloc::string::ToString::to_string(&v)),
        }
    }

    /// The answer's JSON text: the same bytes as serialising the action's JSON output.
    pub fn into_text(self) -> String {
        match self {
            Answer::Text(t) => t,
            Answer::Query(out) => out.json_text(),
            Answer::GetItem(out) => out.json_text(),
        }
    }
}

impl TypedInput {
    /// `body` read as `action`'s typed input when it is a well-formed, valid request of the common
    /// shape; `None` otherwise (another action, invalid JSON, an error to report, an unusual shape),
    /// leaving the body to be read as JSON.
    pub fn read(action: &str, body: &[u8]) -> Option<TypedInput> {
        let kind = match action {
            "PutItem" => Kind::Put,
            "GetItem" => Kind::Get,
            "Query" => Kind::Query,
            _ => return None,
        };
        let mut de = serde_json::Deserializer::from_slice(body);
        let fields = (&mut de).deserialize_map(BodyVisitor { kind }).ok()?;
        de.end().ok()?;
        fields.into_input(kind)
    }

    /// What the action's `from_json` reads from `v`; `None` for an action this module does not read.
    /// The reference [`TypedInput::read`] must agree with.
    pub fn from_json(action: &str, v: &Value) -> Option<Result<TypedInput, ApiError>> {
        Some(match action {
            "PutItem" => PutItemInput::from_json(v).map(TypedInput::PutItem),
            "GetItem" => GetItemInput::from_json(v).map(TypedInput::GetItem),
            "Query" => QueryInput::from_json(v, false).map(TypedInput::Query),
            _ => return None,
        })
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Put,
    Get,
    Query,
}

/// Every member read here, matched by serde's derive (no allocation for a name without escapes); which
/// ones an action accepts is [`Field::allowed`]'s business.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Deserialize)]
#[serde(field_identifier)]
enum Field {
    TableName,
    Item,
    Key,
    IndexName,
    Select,
    Limit,
    ConsistentRead,
    ScanIndexForward,
    ExclusiveStartKey,
    ReturnConsumedCapacity,
    ReturnValues,
    ReturnItemCollectionMetrics,
    ReturnValuesOnConditionCheckFailure,
    ConditionExpression,
    ConditionalOperator,
    ProjectionExpression,
    FilterExpression,
    KeyConditionExpression,
    ExpressionAttributeNames,
    ExpressionAttributeValues,
    /// Anything else: declined.
    #[serde(other)]
    Other,
}

impl Field {
    /// The members each action's `from_json` reads (others it ignores, and so are declined here, so
    /// that an ignored member of any shape keeps its JSON-path handling).
    fn allowed(self, kind: Kind) -> bool {
        use Field::*;
        match kind {
            Kind::Put => matches!(
                self,
                TableName
                    | Item
                    | ReturnConsumedCapacity
                    | ReturnValues
                    | ReturnItemCollectionMetrics
                    | ReturnValuesOnConditionCheckFailure
                    | ConditionExpression
                    | ConditionalOperator
                    | ExpressionAttributeNames
                    | ExpressionAttributeValues
            ),
            Kind::Get => matches!(
                self,
                TableName
                    | Key
                    | ConsistentRead
                    | ReturnConsumedCapacity
                    | ProjectionExpression
                    | FilterExpression
                    | KeyConditionExpression
                    | ConditionalOperator
                    | ExpressionAttributeNames
                    | ExpressionAttributeValues
            ),
            Kind::Query => matches!(
                self,
                TableName
                    | IndexName
                    | Select
                    | Limit
                    | ConsistentRead
                    | ScanIndexForward
                    | ExclusiveStartKey
                    | ReturnConsumedCapacity
                    | ProjectionExpression
                    | FilterExpression
                    | KeyConditionExpression
                    | ConditionalOperator
                    | ExpressionAttributeNames
                    | ExpressionAttributeValues
            ),
        }
    }
}

/// The reason given to serde for declining; never shown to anyone.
fn decline<E: de::Error>() -> E {
    E::custom("declined")
}

/// Stores `value` in an empty slot; a member given twice is declined (JSON-path reading keeps the last).
fn set<T, E: de::Error>(slot: &mut Option<T>, value: T) -> Result<(), E> {
    if slot.is_some() {
        return Err(decline());
    }
    *slot = Some(value);
    Ok(())
}

/// The members read, before the checks.
#[derive(Default)]
struct Fields {
    table_name: Option<String>,
    item: Option<Item>,
    key: Option<Item>,
    index_name: Option<String>,
    select: Option<String>,
    limit: Option<i64>,
    consistent_read: Option<bool>,
    scan_index_forward: Option<bool>,
    exclusive_start_key: Option<Item>,
    rcc: Option<String>,
    rv: Option<String>,
    ricm: Option<String>,
    rvccf: Option<String>,
    condition_expression: Option<String>,
    conditional_operator: Option<String>,
    projection_expression: Option<String>,
    filter_expression: Option<String>,
    key_condition_expression: Option<String>,
    names: Option<BTreeMap<String, String>>,
    values: Option<Item>,
}

/// A table or index name that passes `Checks::name`.
fn valid_name(s: &str) -> bool {
    let n = s.chars().count();
    (3..=255).contains(&n) && s.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'.' || b == b'-')
}

/// An optional enum member that passes `Checks::one_of`.
fn valid_enum(v: &Option<String>, allowed: &[&str]) -> bool {
    v.as_deref().is_none_or(|s| allowed.contains(&s))
}

const SELECT: &[&str] = &["SPECIFIC_ATTRIBUTES", "COUNT", "ALL_ATTRIBUTES", "ALL_PROJECTED_ATTRIBUTES"];

impl Fields {
    /// The typed input, when every check `from_json` makes passes; built as `from_json` builds it.
    fn into_input(mut self, kind: Kind) -> Option<TypedInput> {
        let table_ok = self.table_name.as_deref().is_some_and(valid_name);
        let rcc_ok = valid_enum(&self.rcc, json::RCC);
        if !table_ok || !rcc_ok {
            return None;
        }
        let rcc = ReturnCapacity::parse(self.rcc.as_deref());
        let table_name = self.table_name.take().unwrap_or_default();
        let read_expressions = |f: &mut Fields| ReadExpressions {
            projection_expression: f.projection_expression.take(),
            filter_expression: f.filter_expression.take(),
            key_condition_expression: f.key_condition_expression.take(),
            names: f.names.take(),
            values: f.values.take(),
            attributes_to_get: None,
            key_conditions: None,
            query_filter: None,
            scan_filter: None,
            conditional_operator: f.conditional_operator.take(),
            from_statement: false,
        };
        let mut f = self;
        match kind {
            Kind::Put => {
                let enums_ok = valid_enum(&f.ricm, json::RICM) && valid_enum(&f.rv, json::RV) && valid_enum(&f.rvccf, json::RVCCF);
                let item = f.item.take()?;
                if !enums_ok {
                    return None;
                }
                Some(TypedInput::PutItem(PutItemInput {
                    table_name,
                    item,
                    expressions: WriteExpressions {
                        condition_expression: f.condition_expression.take(),
                        names: f.names.take(),
                        values: f.values.take(),
                        expected: None,
                        conditional_operator: f.conditional_operator.take(),
                        from_statement: false,
                    },
                    options: WriteOptions {
                        return_values: ReturnValues::parse(f.rv.as_deref()),
                        return_consumed_capacity: rcc,
                        return_item_collection_metrics: f.ricm.as_deref() == Some("SIZE"),
                        return_old_on_condition_failure: f.rvccf.as_deref() == Some("ALL_OLD"),
                    },
                }))
            }
            Kind::Get => {
                let key = f.key.take()?;
                Some(TypedInput::GetItem(GetItemInput {
                    table_name,
                    key,
                    consistent_read: f.consistent_read.unwrap_or(false),
                    expressions: read_expressions(&mut f),
                    return_consumed_capacity: rcc,
                }))
            }
            Kind::Query => {
                let index_ok = f.index_name.as_deref().is_none_or(valid_name);
                let select_ok = valid_enum(&f.select, SELECT);
                let limit_ok = f.limit.is_none_or(|n| n >= 1);
                if !index_ok || !select_ok || !limit_ok {
                    return None;
                }
                Some(TypedInput::Query(QueryInput {
                    table_name,
                    index_name: f.index_name.take(),
                    select: f.select.as_deref().and_then(Select::parse),
                    limit: f.limit.map(|n| u32::try_from(n).unwrap_or(u32::MAX)),
                    consistent_read: f.consistent_read.unwrap_or(false),
                    scan_index_forward: f.scan_index_forward.unwrap_or(true),
                    exclusive_start_key: f.exclusive_start_key.take(),
                    segment: None,
                    total_segments: None,
                    expressions: read_expressions(&mut f),
                    return_consumed_capacity: rcc,
                }))
            }
        }
    }
}

struct BodyVisitor {
    kind: Kind,
}

impl<'de> Visitor<'de> for BodyVisitor {
    type Value = Fields;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a request object")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Fields, A::Error> {
        let mut f = Fields::default();
        while let Some(field) = map.next_key::<Field>()? {
            if !field.allowed(self.kind) {
                return Err(decline());
            }
            match field {
                Field::TableName => set(&mut f.table_name, map.next_value::<String>()?)?,
                Field::Item => set(&mut f.item, map.next_value_seed(Values { names: true })?)?,
                Field::Key => set(&mut f.key, map.next_value_seed(Values { names: true })?)?,
                Field::ExclusiveStartKey => set(&mut f.exclusive_start_key, map.next_value_seed(Values { names: true })?)?,
                Field::ExpressionAttributeValues => set(&mut f.values, map.next_value_seed(Values { names: false })?)?,
                Field::ExpressionAttributeNames => set(&mut f.names, map.next_value_seed(Names)?)?,
                Field::IndexName => set(&mut f.index_name, map.next_value::<String>()?)?,
                Field::Select => set(&mut f.select, map.next_value::<String>()?)?,
                Field::Limit => set(&mut f.limit, map.next_value::<i64>()?)?,
                Field::ConsistentRead => set(&mut f.consistent_read, map.next_value::<bool>()?)?,
                Field::ScanIndexForward => set(&mut f.scan_index_forward, map.next_value::<bool>()?)?,
                Field::ReturnConsumedCapacity => set(&mut f.rcc, map.next_value::<String>()?)?,
                Field::ReturnValues => set(&mut f.rv, map.next_value::<String>()?)?,
                Field::ReturnItemCollectionMetrics => set(&mut f.ricm, map.next_value::<String>()?)?,
                Field::ReturnValuesOnConditionCheckFailure => set(&mut f.rvccf, map.next_value::<String>()?)?,
                Field::ConditionExpression => set(&mut f.condition_expression, map.next_value::<String>()?)?,
                Field::ConditionalOperator => set(&mut f.conditional_operator, map.next_value::<String>()?)?,
                Field::ProjectionExpression => set(&mut f.projection_expression, map.next_value::<String>()?)?,
                Field::FilterExpression => set(&mut f.filter_expression, map.next_value::<String>()?)?,
                Field::KeyConditionExpression => set(&mut f.key_condition_expression, map.next_value::<String>()?)?,
                Field::Other => return Err(decline()),
            }
        }
        Ok(f)
    }
}

/// `ExpressionAttributeNames`: strings, none past the attribute-name size limit (`opt_names`).
struct Names;

impl<'de> DeserializeSeed<'de> for Names {
    type Value = BTreeMap<String, String>;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Names {
    type Value = BTreeMap<String, String>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a map of strings")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut out = BTreeMap::new();
        while let Some(k) = map.next_key::<String>()? {
            let v = map.next_value::<String>()?;
            if name_too_large(&v) || out.insert(k, v).is_some() {
                return Err(decline());
            }
        }
        Ok(out)
    }
}

/// An item (`names`: its keys are attribute names, checked as `item_from_json` checks them) or
/// `ExpressionAttributeValues` (keys are placeholders, left to the expression compiler).
struct Values {
    names: bool,
}

impl<'de> DeserializeSeed<'de> for Values {
    type Value = Item;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Item, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Values {
    type Value = Item;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a map of attribute values")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Item, A::Error> {
        let mut item = Item::new();
        while let Some(name) = map.next_key::<String>()? {
            if self.names && (name.is_empty() || name_too_large(&name)) {
                return Err(decline());
            }
            let value = map.next_value_seed(Scalar)?;
            if item.insert(name, value).is_some() {
                return Err(decline());
            }
        }
        Ok(item)
    }
}

/// One attribute value of the scalar kinds `S`, `N`, `BOOL`, `NULL` (`{"NULL": true}` only), with a
/// single tag; anything else is declined.
struct Scalar;

impl<'de> DeserializeSeed<'de> for Scalar {
    type Value = AttributeValue;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<AttributeValue, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Scalar {
    type Value = AttributeValue;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an attribute value")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<AttributeValue, A::Error> {
        let Some(tag) = map.next_key::<Tag>()? else { return Err(decline()) };
        let value = match tag {
            Tag::S => AttributeValue::S(map.next_value::<String>()?),
            Tag::N => {
                let text = map.next_value::<String>()?;
                AttributeValue::N(Number::parse(&text).map_err(|_| decline())?)
            }
            Tag::Bool => AttributeValue::Bool(map.next_value::<bool>()?),
            Tag::Null => {
                if !map.next_value::<bool>()? {
                    return Err(decline());
                }
                AttributeValue::Null
            }
            Tag::Other => return Err(decline()),
        };
        if map.next_key::<Tag>()?.is_some() {
            return Err(decline());
        }
        Ok(value)
    }
}

/// An attribute value's type tag; the kinds this module does not read are `Other`, declined.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Deserialize)]
#[serde(field_identifier)]
enum Tag {
    S,
    N,
    #[serde(rename = "BOOL")]
    Bool,
    #[serde(rename = "NULL")]
    Null,
    #[serde(other)]
    Other,
}

// `NAME_PATTERN` is the pattern `valid_name` implements; named here so a change to one shows the other.
const _: &str = NAME_PATTERN;
