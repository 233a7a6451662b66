//! Typed inputs/outputs of GetItem, Query and Scan, and their JSON forms.

use alloc::collections::BTreeMap;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::Write;

use alloc::string::ToString;

use serde_json::{Map, Value};

use crate::api::json::{self, list_of_str, opt_bool, opt_int, opt_item, opt_list, opt_name_map, opt_names, opt_str, opt_values, Checks};
use crate::capacity::{Consumed, ReturnCapacity};
use crate::error::ApiError;
use crate::table::ReadItem;
use crate::value::{item_to_json, Item};

/// `Select`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Select {
    AllAttributes,
    AllProjectedAttributes,
    SpecificAttributes,
    Count,
}

impl Select {
    pub fn parse(s: &str) -> Option<Select> {
        match s {
            "ALL_ATTRIBUTES" => Some(Select::AllAttributes),
            "ALL_PROJECTED_ATTRIBUTES" => Some(Select::AllProjectedAttributes),
            "SPECIFIC_ATTRIBUTES" => Some(Select::SpecificAttributes),
            "COUNT" => Some(Select::Count),
            _ => None,
        }
    }

    pub fn as_str(&self) -> &'static str {
        match self {
            Select::AllAttributes => "ALL_ATTRIBUTES",
            Select::AllProjectedAttributes => "ALL_PROJECTED_ATTRIBUTES",
            Select::SpecificAttributes => "SPECIFIC_ATTRIBUTES",
            Select::Count => "COUNT",
        }
    }
}

/// Expression parameters of the read actions (legacy ones kept as raw JSON for the expression compiler).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ReadExpressions {
    pub projection_expression: Option<String>,
    pub filter_expression: Option<String>,
    pub key_condition_expression: Option<String>,
    pub names: Option<BTreeMap<String, String>>,
    pub values: Option<Item>,
    pub attributes_to_get: Option<Value>,
    pub key_conditions: Option<Value>,
    pub query_filter: Option<Value>,
    pub scan_filter: Option<Value>,
    pub conditional_operator: Option<String>,
    /// Generated from a PartiQL statement (see `ExpressionInputs::from_statement`).
    pub from_statement: bool,
}

impl ReadExpressions {
    fn from_json(m: &Map<String, Value>) -> Result<ReadExpressions, ApiError> {
        let obj = |k: &str| opt_name_map(m, k);
        let atg = match opt_list(m, "AttributesToGet")? {
            Some(l) => {
                json::check_name_sizes(list_of_str(l)?.iter().map(String::as_str))?;
                Some(Value::Array(l.clone()))
            }
            None => None,
        };
        Ok(ReadExpressions {
            projection_expression: opt_str(m, "ProjectionExpression")?.map(String::from),
            filter_expression: opt_str(m, "FilterExpression")?.map(String::from),
            key_condition_expression: opt_str(m, "KeyConditionExpression")?.map(String::from),
            names: opt_names(m)?,
            values: opt_values(m)?,
            attributes_to_get: atg,
            key_conditions: obj("KeyConditions")?,
            query_filter: obj("QueryFilter")?,
            scan_filter: obj("ScanFilter")?,
            conditional_operator: opt_str(m, "ConditionalOperator")?.map(String::from),
            from_statement: false,
        })
    }

    pub fn is_empty(&self) -> bool {
        self.projection_expression.is_none()
            && self.filter_expression.is_none()
            && self.key_condition_expression.is_none()
            && self.names.is_none()
            && self.values.is_none()
            && self.attributes_to_get.is_none()
            && self.key_conditions.is_none()
            && self.query_filter.is_none()
            && self.scan_filter.is_none()
            && self.conditional_operator.is_none()
    }
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct GetItemInput {
    pub table_name: String,
    pub key: Item,
    pub consistent_read: bool,
    pub expressions: ReadExpressions,
    pub return_consumed_capacity: ReturnCapacity,
}

impl GetItemInput {
    pub fn from_json(v: &Value) -> Result<GetItemInput, ApiError> {
        let m = json::body(v)?;
        let table_name = opt_str(m, "TableName")?;
        let key = opt_item(m, "Key")?;
        let consistent_read = opt_bool(m, "ConsistentRead")?.unwrap_or(false);
        let rcc = opt_str(m, "ReturnConsumedCapacity")?;
        let expressions = ReadExpressions::from_json(m)?;
        let mut c = Checks::new();
        c.name(table_name, "tableName", true);
        c.not_null(key.as_ref(), "key");
        c.one_of(rcc, "returnConsumedCapacity", json::RCC, json::RCC_SET);
        c.finish()?;
        Ok(GetItemInput {
            table_name: String::from(table_name.unwrap_or_default()),
            key: key.unwrap_or_default(),
            consistent_read,
            expressions,
            return_consumed_capacity: ReturnCapacity::parse(rcc),
        })
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct GetItemOutput {
    /// Shared with the table: reading never copies the stored item.
    pub item: Option<ReadItem>,
    pub consumed: Consumed,
    pub return_consumed_capacity: ReturnCapacity,
}

impl GetItemOutput {
    /// [`GetItemOutput::to_json`] serialised, the item written without building its tree.
    pub fn json_text(&self) -> String {
        let mut out = String::from("{");
        if let Some(c) = self.consumed.to_json(self.return_consumed_capacity) {
            out.push_str("\"ConsumedCapacity\":");
            out.push_str(&c.to_string());
        }
        if let Some(i) = &self.item {
            if out.len() > 1 {
                out.push(',');
            }
            out.push_str("\"Item\":");
            i.write_json(&mut out);
        }
        out.push('}');
        out
    }

    pub fn to_json(&self) -> Value {
        let mut m = Map::new();
        if let Some(i) = &self.item {
            m.insert("Item".into(), i.to_json());
        }
        if let Some(c) = self.consumed.to_json(self.return_consumed_capacity) {
            m.insert("ConsumedCapacity".into(), c);
        }
        Value::Object(m)
    }
}

/// Query and Scan share one input shape; Query uses the key condition, Scan the segments.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct QueryInput {
    pub table_name: String,
    pub index_name: Option<String>,
    pub select: Option<Select>,
    pub limit: Option<u32>,
    pub consistent_read: bool,
    pub scan_index_forward: bool,
    pub exclusive_start_key: Option<Item>,
    pub segment: Option<u32>,
    pub total_segments: Option<u32>,
    pub expressions: ReadExpressions,
    pub return_consumed_capacity: ReturnCapacity,
}

pub type ScanInput = QueryInput;

impl QueryInput {
    /// `scan` selects the Scan-only constraints (Segment/TotalSegments).
    pub fn from_json(v: &Value, scan: bool) -> Result<QueryInput, ApiError> {
        let m = json::body(v)?;
        let table_name = opt_str(m, "TableName")?;
        let index_name = opt_str(m, "IndexName")?;
        let select = opt_str(m, "Select")?;
        let limit = opt_int(m, "Limit", "Integer")?;
        let consistent_read = opt_bool(m, "ConsistentRead")?.unwrap_or(false);
        let forward = opt_bool(m, "ScanIndexForward")?.unwrap_or(true);
        let esk = opt_item(m, "ExclusiveStartKey")?;
        let segment = if scan { opt_int(m, "Segment", "Integer")? } else { None };
        let total = if scan { opt_int(m, "TotalSegments", "Integer")? } else { None };
        let rcc = opt_str(m, "ReturnConsumedCapacity")?;
        let expressions = ReadExpressions::from_json(m)?;
        let mut c = Checks::new();
        c.name(table_name, "tableName", true);
        c.name(index_name, "indexName", false);
        c.one_of(
            select,
            "select",
            &["SPECIFIC_ATTRIBUTES", "COUNT", "ALL_ATTRIBUTES", "ALL_PROJECTED_ATTRIBUTES"],
            "[SPECIFIC_ATTRIBUTES, COUNT, ALL_ATTRIBUTES, ALL_PROJECTED_ATTRIBUTES]",
        );
        c.min(limit, "limit", 1);
        if scan {
            c.max(segment, "segment", 999_999);
            c.min(segment, "segment", 0);
            c.max(total, "totalSegments", 1_000_000);
            c.min(total, "totalSegments", 1);
        }
        c.one_of(rcc, "returnConsumedCapacity", json::RCC, json::RCC_SET);
        c.finish()?;
        let to_u32 = |v: Option<i64>| v.map(|n| u32::try_from(n).unwrap_or(u32::MAX));
        Ok(QueryInput {
            table_name: String::from(table_name.unwrap_or_default()),
            index_name: index_name.map(String::from),
            select: select.and_then(Select::parse),
            limit: to_u32(limit),
            consistent_read,
            scan_index_forward: forward,
            exclusive_start_key: esk,
            segment: to_u32(segment),
            total_segments: to_u32(total),
            expressions,
            return_consumed_capacity: ReturnCapacity::parse(rcc),
        })
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct QueryOutput {
    /// `None` for Select=COUNT. Unprojected items are shared with the table, not copied.
    pub items: Option<Vec<ReadItem>>,
    pub count: u64,
    pub scanned_count: u64,
    pub last_evaluated_key: Option<Item>,
    pub consumed: Consumed,
    pub return_consumed_capacity: ReturnCapacity,
}

pub type ScanOutput = QueryOutput;

impl QueryOutput {
    /// [`QueryOutput::to_json`] serialised, written without building the tree: the items, the bulk of
    /// a read's answer, go straight from the table's buffers to text.
    pub fn json_text(&self) -> String {
        let mut out = String::with_capacity(64 + self.items.as_ref().map_or(0, |i| i.len() * 128));
        out.push('{');
        // serde_json's map order (by name): ConsumedCapacity, Count, Items, LastEvaluatedKey, ScannedCount.
        if let Some(c) = self.consumed.to_json(self.return_consumed_capacity) {
            out.push_str("\"ConsumedCapacity\":");
            out.push_str(&c.to_string());
            out.push(',');
        }
        let _ = write!(out, "\"Count\":{},", self.count);
        if let Some(items) = &self.items {
            out.push_str("\"Items\":");
            crate::value::write::array(&mut out, items, |out, i| i.write_json(out));
            out.push(',');
        }
        if let Some(k) = &self.last_evaluated_key {
            out.push_str("\"LastEvaluatedKey\":");
            crate::value::write_item(&mut out, k);
            out.push(',');
        }
        let _ = write!(out, "\"ScannedCount\":{}}}", self.scanned_count);
        out
    }

    pub fn to_json(&self) -> Value {
        let mut m = Map::new();
        if let Some(items) = &self.items {
            m.insert("Items".into(), Value::Array(items.iter().map(ReadItem::to_json).collect()));
        }
        m.insert("Count".into(), Value::from(self.count));
        m.insert("ScannedCount".into(), Value::from(self.scanned_count));
        if let Some(k) = &self.last_evaluated_key {
            m.insert("LastEvaluatedKey".into(), item_to_json(k));
        }
        if let Some(c) = self.consumed.to_json(self.return_consumed_capacity) {
            m.insert("ConsumedCapacity".into(), c);
        }
        Value::Object(m)
    }
}
