//! Typed inputs/outputs of BatchGetItem and BatchWriteItem, and their JSON forms.
//!
//! Tables appear in the order of the request's `RequestItems` map as parsed (serde_json keeps keys
//! sorted), so outputs are deterministic. Unprocessed parts are returned in exactly the shape they
//! were asked for, so a client can resend `UnprocessedKeys`/`UnprocessedItems` as the next request.

use alloc::collections::BTreeMap;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use serde_json::{Map, Value};

use crate::api::json::{self, list_of_obj, list_of_str, opt_bool, opt_item, opt_list, opt_names, opt_obj, opt_str, Checks};
use crate::api::read::ReadExpressions;
use crate::capacity::{Consumed, ReturnCapacity};
use crate::error::ApiError;
use crate::value::{item_to_json, Item};

/// BatchGetItem with `RequestItems: {}` and nothing else wrong (us-east-1's answer, paritysuite registry).
const BATCH_GET_EMPTY: &str =
    "1 validation error detected: Value at 'RequestItems' failed to satisfy constraint: Member must have length greater than or equal to 1";
/// BatchWriteItem with `RequestItems: {}` and nothing else wrong (us-east-1's answer, paritysuite capture).
const BATCH_WRITE_EMPTY: &str = "The requestItems parameter is required for BatchWriteItem";

fn ser(msg: &str) -> ApiError {
    ApiError::Serialization(String::from(msg))
}

fn map_constraint_name_ok(name: &str) -> bool {
    let n = name.chars().count();
    (3..=255).contains(&n) && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'.' || b == b'-')
}

const MAP_KEYS_CONSTRAINT: &str = "Map keys must satisfy constraint: [Member must have length less than or equal to 255, Member must have length greater than or equal to 3, Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+]";

/// Java's `toString` of the RequestItems map, abbreviated the way the tables' checks abbreviate lists.
fn shown_map<T>(m: &[(String, T)]) -> String {
    let inner: Vec<String> = m.iter().map(|(k, _)| format!("{k}=[...]")).collect();
    format!("'{{{}}}'", inner.join(", "))
}

/// One table's part of a BatchGetItem request (`KeysAndAttributes`).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct KeysAndAttributes {
    pub keys: Vec<Item>,
    pub consistent_read: bool,
    pub projection_expression: Option<String>,
    pub names: Option<BTreeMap<String, String>>,
    pub attributes_to_get: Option<Vec<String>>,
}

impl KeysAndAttributes {
    /// The read-expression parameters, in the form the expression compiler takes.
    pub fn expressions(&self) -> ReadExpressions {
        ReadExpressions {
            projection_expression: self.projection_expression.clone(),
            names: self.names.clone(),
            attributes_to_get: self.attributes_to_get.as_ref().map(|l| Value::Array(l.iter().map(|s| json::s(s)).collect())),
            ..ReadExpressions::default()
        }
    }

    /// The same parameters with other keys (for UnprocessedKeys).
    pub fn with_keys(&self, keys: Vec<Item>) -> KeysAndAttributes {
        KeysAndAttributes { keys, ..self.clone() }
    }

    pub fn to_json(&self) -> Value {
        let mut m = Map::new();
        m.insert("Keys".into(), Value::Array(self.keys.iter().map(item_to_json).collect()));
        if self.consistent_read {
            m.insert("ConsistentRead".into(), Value::Bool(true));
        }
        if let Some(p) = &self.projection_expression {
            m.insert("ProjectionExpression".into(), json::s(p));
        }
        if let Some(n) = &self.names {
            m.insert("ExpressionAttributeNames".into(), Value::Object(n.iter().map(|(k, v)| (k.clone(), json::s(v))).collect()));
        }
        if let Some(a) = &self.attributes_to_get {
            m.insert("AttributesToGet".into(), Value::Array(a.iter().map(|s| json::s(s)).collect()));
        }
        Value::Object(m)
    }
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct BatchGetItemInput {
    pub request_items: Vec<(String, KeysAndAttributes)>,
    pub return_consumed_capacity: ReturnCapacity,
}

fn request_map(m: &Map<String, Value>) -> Result<Option<&Map<String, Value>>, ApiError> {
    opt_obj(m, "RequestItems")
}

impl BatchGetItemInput {
    pub fn from_json(v: &Value) -> Result<BatchGetItemInput, ApiError> {
        let m = json::body(v)?;
        let rcc = opt_str(m, "ReturnConsumedCapacity")?;
        let req = request_map(m)?;
        let mut items = Vec::new();
        if let Some(req) = req {
            for (table, tv) in req {
                let o = match tv {
                    Value::Object(o) => o,
                    Value::Array(_) => return Err(ser("Start of list found where not expected")),
                    _ => return Err(ser("Unexpected value type in payload")),
                };
                let keys = match opt_list(o, "Keys")? {
                    Some(l) => {
                        let mut out = Vec::new();
                        for k in l {
                            out.push(match k {
                                Value::Object(_) => crate::value::item_from_json(k)?,
                                Value::Array(_) => return Err(ser("Start of list found where not expected")),
                                _ => return Err(ser("Unexpected value type in payload")),
                            });
                        }
                        Some(out)
                    }
                    None => None,
                };
                let atg = match opt_list(o, "AttributesToGet")? {
                    Some(l) => {
                        let names = list_of_str(l)?;
                        json::check_name_sizes(names.iter().map(String::as_str))?;
                        Some(names)
                    }
                    None => None,
                };
                let ka = KeysAndAttributes {
                    consistent_read: opt_bool(o, "ConsistentRead")?.unwrap_or(false),
                    projection_expression: opt_str(o, "ProjectionExpression")?.map(String::from),
                    names: opt_names(o)?,
                    attributes_to_get: atg,
                    keys: Vec::new(),
                };
                items.push((table.clone(), keys, ka));
            }
        }
        let mut c = Checks::new();
        c.one_of(rcc, "returnConsumedCapacity", json::RCC, json::RCC_SET);
        match req {
            None => c.not_null(None::<()>, "requestItems"),
            // Alone, an empty map gets the validation framework's newer wording in us-east-1 (paritysuite's
            // registry/splits.json, batch-get-item-empty-request-items-message, refreshed 2026-09-02); beside
            // another constraint failure it stays in the classic list (dynalite's recorded answer).
            Some(r) if r.is_empty() && c.is_clean() => return Err(ApiError::validation(BATCH_GET_EMPTY)),
            Some(r) if r.is_empty() => c.fail(String::from("'{}'"), "requestItems", "Member must have length greater than or equal to 1"),
            Some(_) => {
                let shown: Vec<(String, ())> = items.iter().map(|(t, _, _)| (t.clone(), ())).collect();
                if items.iter().any(|(t, _, _)| !map_constraint_name_ok(t)) {
                    c.fail(shown_map(&shown), "requestItems", MAP_KEYS_CONSTRAINT);
                }
                for (t, keys, ka) in &items {
                    let path = format!("requestItems.{t}.member.keys");
                    c.not_null(keys.as_ref(), &path);
                    c.min_len(keys.as_deref(), &path, 1, "'[]'");
                    // Over 100 keys: the member named in the newer wording, without the keys
                    // (paritysuite tests/tier3/error-messages/batchGetItem.test.ts, "> 100 keys").
                    if keys.as_ref().is_some_and(|k| k.len() > 100) {
                        c.fail_unshown(&format!("RequestItems.{t}.member.Keys"), "Member must have length less than or equal to 100");
                    }
                    let atg = format!("requestItems.{t}.member.attributesToGet");
                    c.min_len(ka.attributes_to_get.as_deref(), &atg, 1, "'[]'");
                    c.max_len(ka.attributes_to_get.as_deref(), &atg, 255, "'[...]'");
                }
            }
        }
        c.finish()?;
        let total: usize = items.iter().map(|(_, k, _)| k.as_ref().map_or(0, Vec::len)).sum();
        if total > 100 {
            return Err(ApiError::validation("Too many items requested for the BatchGetItem call"));
        }
        Ok(BatchGetItemInput {
            request_items: items.into_iter().map(|(t, k, ka)| (t, KeysAndAttributes { keys: k.unwrap_or_default(), ..ka })).collect(),
            return_consumed_capacity: ReturnCapacity::parse(rcc),
        })
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct BatchGetItemOutput {
    /// Every requested table, with the items found (in request order of their keys).
    pub responses: Vec<(String, Vec<Item>)>,
    pub unprocessed: Vec<(String, KeysAndAttributes)>,
    /// One per table that consumed capacity.
    pub consumed: Vec<Consumed>,
    pub return_consumed_capacity: ReturnCapacity,
}

/// `ConsumedCapacity` of a multi-table operation: a list, one entry per table, or nothing for NONE.
pub fn consumed_list(consumed: &[Consumed], mode: ReturnCapacity) -> Option<Value> {
    let list: Vec<Value> = consumed.iter().filter_map(|c| c.to_json(mode)).collect();
    if mode == ReturnCapacity::None { None } else { Some(Value::Array(list)) }
}

impl BatchGetItemOutput {
    pub fn to_json(&self) -> Value {
        let mut m = Map::new();
        let responses =
            self.responses.iter().map(|(t, items)| (t.clone(), Value::Array(items.iter().map(item_to_json).collect()))).collect();
        m.insert("Responses".into(), Value::Object(responses));
        let unprocessed = self.unprocessed.iter().map(|(t, ka)| (t.clone(), ka.to_json())).collect();
        m.insert("UnprocessedKeys".into(), Value::Object(unprocessed));
        if let Some(c) = consumed_list(&self.consumed, self.return_consumed_capacity) {
            m.insert("ConsumedCapacity".into(), c);
        }
        Value::Object(m)
    }
}

/// One request inside BatchWriteItem.
#[derive(Debug, Clone, PartialEq)]
pub enum BatchWrite {
    Put(Item),
    Delete(Item),
}

impl BatchWrite {
    pub fn to_json(&self) -> Value {
        let mut m = Map::new();
        match self {
            BatchWrite::Put(i) => {
                let mut p = Map::new();
                p.insert("Item".into(), item_to_json(i));
                m.insert("PutRequest".into(), Value::Object(p));
            }
            BatchWrite::Delete(k) => {
                let mut p = Map::new();
                p.insert("Key".into(), item_to_json(k));
                m.insert("DeleteRequest".into(), Value::Object(p));
            }
        }
        Value::Object(m)
    }
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct BatchWriteItemInput {
    pub request_items: Vec<(String, Vec<BatchWrite>)>,
    pub return_consumed_capacity: ReturnCapacity,
    pub return_item_collection_metrics: bool,
}

/// A WriteRequest as read: `PutRequest.Item` and `DeleteRequest.Key`, each absent, null or given.
type RawWrite = (Option<Option<Item>>, Option<Option<Item>>);

const MORE_THAN_ONE: &str = "Supplied AttributeValue has more than one datatypes set, must contain exactly one of the supported datatypes";

impl BatchWriteItemInput {
    pub fn from_json(v: &Value) -> Result<BatchWriteItemInput, ApiError> {
        let m = json::body(v)?;
        let rcc = opt_str(m, "ReturnConsumedCapacity")?;
        let ricm = opt_str(m, "ReturnItemCollectionMetrics")?;
        let req = request_map(m)?;
        // Shape first (SerializationException), then the constraint list, then the semantic checks.
        let mut tables: Vec<(String, Vec<RawWrite>)> = Vec::new();
        if let Some(req) = req {
            for (table, tv) in req {
                let list = match tv {
                    Value::Array(a) => a,
                    Value::Object(_) => return Err(ser("Start of structure or map found where not expected")),
                    _ => return Err(ser("Unexpected field type")),
                };
                let mut reqs = Vec::new();
                for o in list_of_obj(list)? {
                    let put = match opt_obj(o, "PutRequest")? {
                        Some(p) => Some(opt_item(p, "Item")?),
                        None => None,
                    };
                    let del = match opt_obj(o, "DeleteRequest")? {
                        Some(d) => Some(opt_item(d, "Key")?),
                        None => None,
                    };
                    reqs.push((put, del));
                }
                tables.push((table.clone(), reqs));
            }
        }
        let mut c = Checks::new();
        c.one_of(rcc, "returnConsumedCapacity", json::RCC, json::RCC_SET);
        c.one_of(ricm, "returnItemCollectionMetrics", json::RICM, json::RICM_SET);
        match req {
            None => c.not_null(None::<()>, "requestItems"),
            // Alone, an empty map gets BatchWriteItem's own sentence in us-east-1 (paritysuite's capture
            // 2026-10-07-batch-empty-request-items.json; nubo-db/dynamodb-conformance's exact-message test);
            // beside another constraint failure it stays in the classic list (dynalite's recorded answer).
            Some(r) if r.is_empty() && c.is_clean() => return Err(ApiError::validation(BATCH_WRITE_EMPTY)),
            Some(r) if r.is_empty() => c.fail(String::from("'{}'"), "requestItems", "Member must have length greater than or equal to 1"),
            Some(_) => {
                if tables.iter().any(|(t, _)| !map_constraint_name_ok(t)) {
                    c.fail(shown_map(&tables), "requestItems", MAP_KEYS_CONSTRAINT);
                }
                if tables.iter().any(|(_, r)| r.is_empty() || r.len() > 25) {
                    c.fail(
                        shown_map(&tables),
                        "requestItems",
                        "Map value must satisfy constraint: [Member must have length less than or equal to 25, Member must have length greater than or equal to 1]",
                    );
                }
                for (t, reqs) in &tables {
                    for (i, (put, del)) in reqs.iter().enumerate() {
                        let p = format!("requestItems.{t}.member.{}.member", i + 1);
                        if let Some(d) = del {
                            c.not_null(d.as_ref(), &format!("{p}.deleteRequest.key"));
                        }
                        if let Some(pu) = put {
                            c.not_null(pu.as_ref(), &format!("{p}.putRequest.item"));
                        }
                    }
                }
            }
        }
        c.finish()?;
        let mut out = Vec::new();
        for (t, reqs) in tables {
            let mut list = Vec::new();
            for (put, del) in reqs {
                list.push(match (put, del) {
                    (Some(Some(item)), None) => BatchWrite::Put(item),
                    (None, Some(Some(key))) => BatchWrite::Delete(key),
                    _ => return Err(ApiError::validation(MORE_THAN_ONE)),
                });
            }
            out.push((t, list));
        }
        if out.iter().map(|(_, r)| r.len()).sum::<usize>() > 25 {
            return Err(ApiError::validation("Too many items requested for the BatchWriteItem call"));
        }
        Ok(BatchWriteItemInput {
            request_items: out,
            return_consumed_capacity: ReturnCapacity::parse(rcc),
            return_item_collection_metrics: ricm == Some("SIZE"),
        })
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct BatchWriteItemOutput {
    pub unprocessed: Vec<(String, Vec<BatchWrite>)>,
    pub consumed: Vec<Consumed>,
    pub return_consumed_capacity: ReturnCapacity,
    /// Per table with a local secondary index, when ReturnItemCollectionMetrics=SIZE.
    pub item_collection_metrics: Vec<(String, Vec<crate::api::write::ItemCollectionMetrics>)>,
}

impl BatchWriteItemOutput {
    pub fn to_json(&self) -> Value {
        let mut m = Map::new();
        let unprocessed =
            self.unprocessed.iter().map(|(t, r)| (t.clone(), Value::Array(r.iter().map(BatchWrite::to_json).collect()))).collect();
        m.insert("UnprocessedItems".into(), Value::Object(unprocessed));
        if let Some(c) = consumed_list(&self.consumed, self.return_consumed_capacity) {
            m.insert("ConsumedCapacity".into(), c);
        }
        if !self.item_collection_metrics.is_empty() {
            m.insert("ItemCollectionMetrics".into(), crate::api::write::ItemCollectionMetrics::per_table_json(&self.item_collection_metrics));
        }
        Value::Object(m)
    }
}
