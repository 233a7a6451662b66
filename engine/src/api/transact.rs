//! Typed inputs/outputs of TransactWriteItems and TransactGetItems, and their JSON forms.

use alloc::collections::BTreeMap;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use serde_json::{Map, Value};

use crate::api::batch::consumed_list;
use crate::api::json::{self, list_of_obj, opt_item, opt_list, opt_names, opt_obj, opt_str, opt_values, Checks};
use crate::api::read::ReadExpressions;
use crate::api::write::{ItemCollectionMetrics, WriteExpressions};
use crate::capacity::{Consumed, ReturnCapacity};
use crate::error::ApiError;
use crate::value::{item_to_json, Item};

/// Which of the four actions a TransactWriteItem is.
#[derive(Debug, Clone, PartialEq)]
pub enum TransactAction {
    Put { item: Item },
    Update { key: Item, update_expression: Option<String> },
    Delete { key: Item },
    ConditionCheck { key: Item },
}

#[derive(Debug, Clone, PartialEq)]
pub struct TransactWriteItem {
    pub table_name: String,
    pub action: TransactAction,
    pub expressions: WriteExpressions,
    /// ReturnValuesOnConditionCheckFailure=ALL_OLD.
    pub return_old_on_condition_failure: bool,
    /// A value of this action that failed DynamoDB's validation pass (too deep, an empty set, ...):
    /// reported in request order with the other actions' expression faults, not while parsing.
    pub invalid: Option<String>,
}

#[derive(Debug, Clone, Default)]
pub struct TransactWriteItemsInput {
    pub items: Vec<TransactWriteItem>,
    pub client_request_token: Option<String>,
    pub return_consumed_capacity: ReturnCapacity,
    pub return_item_collection_metrics: bool,
}

const ACTIONS: [&str; 4] = ["ConditionCheck", "Put", "Delete", "Update"];

impl TransactWriteItemsInput {
    pub fn from_json(v: &Value) -> Result<TransactWriteItemsInput, ApiError> {
        let m = json::body(v)?;
        let rcc = opt_str(m, "ReturnConsumedCapacity")?;
        let ricm = opt_str(m, "ReturnItemCollectionMetrics")?;
        let token = opt_str(m, "ClientRequestToken")?;
        let list = opt_list(m, "TransactItems")?;
        let mut raw = Vec::new();
        if let Some(list) = list {
            for o in list_of_obj(list)? {
                let mut found = Vec::new();
                for a in ACTIONS {
                    if let Some(x) = opt_obj(o, a)? {
                        found.push((a, x));
                    }
                }
                raw.push(found);
            }
        }
        let mut c = Checks::new();
        c.one_of(rcc, "returnConsumedCapacity", json::RCC, json::RCC_SET);
        c.one_of(ricm, "returnItemCollectionMetrics", json::RICM, json::RICM_SET);
        c.not_null(list, "transactItems");
        c.min_len(list.map(|l| l.as_slice()), "transactItems", 1, "'[]'");
        c.max_len(list.map(|l| l.as_slice()), "transactItems", 100, "'[...]'");
        if let Some(t) = token {
            let n = t.chars().count();
            if n < 1 {
                c.fail(String::from("''"), "clientRequestToken", "Member must have length greater than or equal to 1");
            }
            if n > 36 {
                c.fail(format!("'{t}'"), "clientRequestToken", "Member must have length less than or equal to 36");
            }
        }
        let mut items = Vec::new();
        for (i, found) in raw.iter().enumerate() {
            let base = format!("transactItems.{}.member", i + 1);
            let Some((kind, o)) = found.first() else { continue };
            let lower = match *kind {
                "ConditionCheck" => "conditionCheck",
                "Put" => "put",
                "Delete" => "delete",
                _ => "update",
            };
            let p = format!("{base}.{lower}");
            let table = opt_str(o, "TableName")?;
            c.name(table, &format!("{p}.tableName"), true);
            let rv = opt_str(o, "ReturnValuesOnConditionCheckFailure")?;
            c.one_of(rv, &format!("{p}.returnValuesOnConditionCheckFailure"), json::RVCCF, json::RVCCF_SET);
            let mut invalid = None;
            let mut defer = |r: Result<Option<Item>, ApiError>| match r {
                Err(ApiError::Validation(m)) => {
                    invalid.get_or_insert(m);
                    Ok(Some(Item::new()))
                }
                other => other,
            };
            let action_item = match *kind {
                "Put" => defer(opt_item(o, "Item"))?,
                _ => defer(opt_item(o, "Key"))?,
            };
            let values = match opt_values(o) {
                Err(ApiError::Validation(m)) => {
                    invalid.get_or_insert(m);
                    None
                }
                other => other?,
            };
            let condition_expression = opt_str(o, "ConditionExpression")?.map(String::from);
            // An ExpressionAttributeNames value past 65,535 bytes makes the action invalid, as a bad
            // item does: refused in request order with the other actions' faults.
            let names = match opt_names(o) {
                Err(ApiError::Validation(m)) => {
                    invalid.get_or_insert(m);
                    None
                }
                other => other?,
            };
            let expressions = WriteExpressions {
                condition_expression,
                names,
                values,
                expected: None,
                conditional_operator: None,
                from_statement: false,
            };
            let action = match *kind {
                "Put" => {
                    let item = action_item;
                    c.not_null(item.as_ref(), &format!("{p}.item"));
                    TransactAction::Put { item: item.unwrap_or_default() }
                }
                other => {
                    let key = action_item;
                    c.not_null(key.as_ref(), &format!("{p}.key"));
                    let key = key.unwrap_or_default();
                    match other {
                        "Delete" => TransactAction::Delete { key },
                        "ConditionCheck" => {
                            c.not_null(expressions.condition_expression.as_ref(), &format!("{p}.conditionExpression"));
                            TransactAction::ConditionCheck { key }
                        }
                        _ => {
                            let ue = opt_str(o, "UpdateExpression")?;
                            c.not_null(ue, &format!("{p}.updateExpression"));
                            TransactAction::Update { key, update_expression: ue.map(String::from) }
                        }
                    }
                }
            };
            items.push(TransactWriteItem {
                table_name: String::from(table.unwrap_or_default()),
                action,
                expressions,
                return_old_on_condition_failure: rv == Some("ALL_OLD"),
                invalid,
            });
        }
        c.finish()?;
        if raw.iter().any(|f| f.len() != 1) {
            return Err(ApiError::validation("TransactItems can only contain one of Check, Put, Update or Delete"));
        }
        Ok(TransactWriteItemsInput {
            items,
            client_request_token: token.map(String::from),
            return_consumed_capacity: ReturnCapacity::parse(rcc),
            return_item_collection_metrics: ricm == Some("SIZE"),
        })
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct TransactWriteItemsOutput {
    pub consumed: Vec<Consumed>,
    pub return_consumed_capacity: ReturnCapacity,
    pub item_collection_metrics: Vec<(String, Vec<ItemCollectionMetrics>)>,
}

impl TransactWriteItemsOutput {
    pub fn to_json(&self) -> Value {
        let mut m = Map::new();
        if let Some(c) = consumed_list(&self.consumed, self.return_consumed_capacity) {
            m.insert("ConsumedCapacity".into(), c);
        }
        if !self.item_collection_metrics.is_empty() {
            m.insert("ItemCollectionMetrics".into(), crate::api::write::ItemCollectionMetrics::per_table_json(&self.item_collection_metrics));
        }
        Value::Object(m)
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct TransactGetItem {
    pub table_name: String,
    pub key: Item,
    pub projection_expression: Option<String>,
    pub names: Option<BTreeMap<String, String>>,
}

impl TransactGetItem {
    pub fn expressions(&self) -> ReadExpressions {
        ReadExpressions { projection_expression: self.projection_expression.clone(), names: self.names.clone(), ..ReadExpressions::default() }
    }
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct TransactGetItemsInput {
    pub items: Vec<TransactGetItem>,
    pub return_consumed_capacity: ReturnCapacity,
}

impl TransactGetItemsInput {
    pub fn from_json(v: &Value) -> Result<TransactGetItemsInput, ApiError> {
        let m = json::body(v)?;
        let rcc = opt_str(m, "ReturnConsumedCapacity")?;
        let list = opt_list(m, "TransactItems")?;
        let mut c = Checks::new();
        c.one_of(rcc, "returnConsumedCapacity", json::RCC, json::RCC_SET);
        c.not_null(list, "transactItems");
        c.min_len(list.map(|l| l.as_slice()), "transactItems", 1, "'[]'");
        c.max_len(list.map(|l| l.as_slice()), "transactItems", 100, "'[...]'");
        let mut items = Vec::new();
        if let Some(list) = list {
            for (i, o) in list_of_obj(list)?.into_iter().enumerate() {
                let p = format!("transactItems.{}.member.get", i + 1);
                let Some(g) = opt_obj(o, "Get")? else {
                    c.not_null(None::<()>, &p);
                    continue;
                };
                let table = opt_str(g, "TableName")?;
                c.name(table, &format!("{p}.tableName"), true);
                let key = opt_item(g, "Key")?;
                c.not_null(key.as_ref(), &format!("{p}.key"));
                items.push(TransactGetItem {
                    table_name: String::from(table.unwrap_or_default()),
                    key: key.unwrap_or_default(),
                    projection_expression: opt_str(g, "ProjectionExpression")?.map(String::from),
                    names: opt_names(g)?,
                });
            }
        }
        c.finish()?;
        Ok(TransactGetItemsInput { items, return_consumed_capacity: ReturnCapacity::parse(rcc) })
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct TransactGetItemsOutput {
    /// One entry per request, in request order; `None` where the item does not exist.
    pub responses: Vec<Option<Item>>,
    pub consumed: Vec<Consumed>,
    pub return_consumed_capacity: ReturnCapacity,
}

impl TransactGetItemsOutput {
    pub fn to_json(&self) -> Value {
        let mut m = Map::new();
        let responses: Vec<Value> = self
            .responses
            .iter()
            .map(|r| {
                let mut o = Map::new();
                if let Some(i) = r {
                    o.insert("Item".into(), item_to_json(i));
                }
                Value::Object(o)
            })
            .collect();
        m.insert("Responses".into(), Value::Array(responses));
        if let Some(c) = consumed_list(&self.consumed, self.return_consumed_capacity) {
            m.insert("ConsumedCapacity".into(), c);
        }
        Value::Object(m)
    }
}
