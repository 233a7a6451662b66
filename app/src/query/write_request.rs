//! The write form's request: PutItem, UpdateItem and DeleteItem with their conditions and ReturnValues,
//! and starting points for the batch and transaction actions, built from the chosen table's keys.

use serde_json::{json, Map, Value};

use super::words::Unshowable;
use crate::model::TableState;

/// Actions the write form offers.
pub const WRITE_ACTIONS: [&str; 7] = ["PutItem", "UpdateItem", "DeleteItem", "BatchWriteItem", "BatchGetItem", "TransactWriteItems", "TransactGetItems"];

/// `ReturnValues` choices (UpdateItem takes all five; PutItem and DeleteItem NONE and ALL_OLD, and the
/// engine says so if another is sent).
pub const RETURN_VALUES: [&str; 5] = ["NONE", "ALL_OLD", "UPDATED_OLD", "ALL_NEW", "UPDATED_NEW"];

/// The write form's fields, as typed.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct WriteForm {
    pub action: String,
    pub table: String,
    /// PutItem's Item, or the Key of the others, as DynamoDB JSON.
    pub item: String,
    pub update: String,
    pub condition: String,
    pub names: String,
    pub values: String,
    pub return_values: String,
    pub return_on_failure: bool,
}

fn object(text: &str, what: &'static str) -> Result<Option<Value>, Unshowable> {
    if text.trim().is_empty() {
        return Ok(None);
    }
    match serde_json::from_str::<Value>(text) {
        Ok(v @ Value::Object(_)) => Ok(Some(v)),
        Ok(_) => Err(Unshowable::MemberNotObject(what)),
        Err(e) => Err(Unshowable::MemberNotJson { what, error: e.to_string() }),
    }
}

impl WriteForm {
    /// The request for a single-item action; batch and transaction actions start from [`template`].
    pub fn to_request(&self) -> Result<Value, Unshowable> {
        let mut m = Map::new();
        m.insert("TableName".into(), Value::String(self.table.clone()));
        let field = if self.action == "PutItem" { "Item" } else { "Key" };
        m.insert(field.into(), object(&self.item, field)?.unwrap_or_else(|| json!({})));
        if self.action == "UpdateItem" && !self.update.trim().is_empty() {
            m.insert("UpdateExpression".into(), Value::String(self.update.clone()));
        }
        if !self.condition.trim().is_empty() {
            m.insert("ConditionExpression".into(), Value::String(self.condition.clone()));
        }
        if let Some(n) = object(&self.names, "ExpressionAttributeNames")? {
            m.insert("ExpressionAttributeNames".into(), n);
        }
        if let Some(v) = object(&self.values, "ExpressionAttributeValues")? {
            m.insert("ExpressionAttributeValues".into(), v);
        }
        if !self.return_values.is_empty() && self.return_values != "NONE" {
            m.insert("ReturnValues".into(), Value::String(self.return_values.clone()));
        }
        if self.return_on_failure {
            m.insert("ReturnValuesOnConditionCheckFailure".into(), Value::String(String::from("ALL_OLD")));
        }
        m.insert("ReturnConsumedCapacity".into(), Value::String(String::from("INDEXES")));
        Ok(Value::Object(m))
    }
}

impl WriteForm {
    /// The form for a single-item request, or why the form cannot show it (then the JSON is what runs).
    /// Objects are written back compactly; [`WriteForm::to_request`] of the result is `request` again.
    pub fn from_request(action: &str, request: &Value) -> Result<WriteForm, Unshowable> {
        if !matches!(action, "PutItem" | "UpdateItem" | "DeleteItem") {
            return Err(Unshowable::NotItemWrite(action.to_string()));
        }
        let m = request.as_object().ok_or(Unshowable::NotObject)?;
        let mut f = WriteForm { action: action.to_string(), return_values: String::from("NONE"), ..Default::default() };
        let item_field = if action == "PutItem" { "Item" } else { "Key" };
        for (k, v) in m {
            match (k.as_str(), v) {
                ("TableName", Value::String(s)) => f.table = s.clone(),
                (field, Value::Object(_)) if field == item_field => f.item = v.to_string(),
                ("UpdateExpression", Value::String(s)) if action == "UpdateItem" => f.update = s.clone(),
                ("ConditionExpression", Value::String(s)) => f.condition = s.clone(),
                ("ExpressionAttributeNames", Value::Object(_)) => f.names = v.to_string(),
                ("ExpressionAttributeValues", Value::Object(_)) => f.values = v.to_string(),
                ("ReturnValues", Value::String(s)) if RETURN_VALUES.contains(&s.as_str()) => f.return_values = s.clone(),
                ("ReturnValuesOnConditionCheckFailure", Value::String(s)) if s == "ALL_OLD" || s == "NONE" => f.return_on_failure = s == "ALL_OLD",
                ("ReturnConsumedCapacity", Value::String(s)) if s == "INDEXES" => {}
                (other, _) => return Err(Unshowable::FormNoControl(other.to_string())),
            }
        }
        if f.table.is_empty() {
            return Err(Unshowable::NoTable);
        }
        if !m.contains_key(item_field) {
            return Err(Unshowable::NoItem(item_field));
        }
        if !m.contains_key("ReturnConsumedCapacity") {
            return Err(Unshowable::NoConsumedCapacity);
        }
        Ok(f)
    }
}

/// An item of the chosen table, as the starters use it: its primary key and the whole item, both as
/// DynamoDB JSON.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Sample {
    pub key: Value,
    pub item: Value,
}

/// The first two items of `table` the engine holds (rows it refused are left out), as the starters
/// use them.
pub fn first_two(table: &TableState) -> (Option<Sample>, Option<Sample>) {
    let (pk, sk) = table.key_names();
    let mut found = table.rows.iter().filter(|r| r.error.is_none()).map(|row| {
        let mut key = engine::value::Item::new();
        for n in pk.iter().chain(sk.iter()) {
            if let Some(v) = row.item.attr(n) {
                key.insert(n.clone(), v.into_owned());
            }
        }
        Sample { key: engine::value::item_to_json(&key), item: row.item.to_json() }
    });
    (found.next(), found.next())
}

impl Sample {
    /// The name of the key's first attribute (the partition key's, as keys are written).
    fn key_name(&self) -> String {
        self.key.as_object().and_then(|m| m.keys().next().cloned()).unwrap_or_default()
    }
}

impl WriteForm {
    /// The form a single-item action starts from on `table`, from the table's first item: nothing of
    /// another action is carried over (an UpdateItem's `#s`/`:s` would make a PutItem fail on names it
    /// does not use, its ALL_NEW on a ReturnValues PutItem does not take).
    /// - PutItem writes the first item back as it is (an unchanged item, so it runs as given);
    /// - UpdateItem sets a `status` attribute on it;
    /// - DeleteItem deletes it.
    pub fn starter(action: &str, table: &str, first: Option<&Sample>) -> WriteForm {
        let (key, item) = first.map(|s| (s.key.to_string(), s.item.to_string())).unwrap_or_default();
        let base = WriteForm { action: action.to_string(), table: table.to_string(), return_values: String::from("NONE"), ..Default::default() };
        match action {
            "PutItem" => WriteForm { item, ..base },
            "UpdateItem" => WriteForm {
                item: key,
                update: String::from("SET #s = :s"),
                names: String::from(r##"{"#s": "status"}"##),
                values: String::from(r#"{":s": {"S": "SHIPPED"}}"#),
                return_values: String::from("ALL_NEW"),
                ..base
            },
            _ => WriteForm { item: key, ..base },
        }
    }
}

/// A starting request for a batch or transaction action on `table`, from its first two items (`first`,
/// `second`), that runs as it is. DynamoDB refuses two actions on one item in one batch or transaction,
/// so each item appears once: the batch writes both items back unchanged; the transaction writes the
/// first back on condition that it exists and checks that the second exists (a table of one item
/// gets the Put alone).
pub fn template(action: &str, table: &str, first: &Sample, second: Option<&Sample>) -> Value {
    let exists = |s: &Sample| json!({"ConditionExpression": "attribute_exists(#k)", "ExpressionAttributeNames": {"#k": s.key_name()}});
    let merged = |mut a: Value, b: Value| {
        if let (Some(a), Value::Object(b)) = (a.as_object_mut(), b) {
            a.extend(b);
        }
        a
    };
    match action {
        "BatchWriteItem" => {
            let mut puts = vec![json!({"PutRequest": {"Item": first.item}})];
            puts.extend(second.map(|s| json!({"PutRequest": {"Item": s.item}})));
            json!({"RequestItems": {table: puts}, "ReturnConsumedCapacity": "INDEXES"})
        }
        "BatchGetItem" => {
            let mut keys = vec![first.key.clone()];
            keys.extend(second.map(|s| s.key.clone()));
            json!({"RequestItems": {table: {"Keys": keys}}, "ReturnConsumedCapacity": "INDEXES"})
        }
        "TransactWriteItems" => {
            let mut items = vec![json!({"Put": merged(json!({"TableName": table, "Item": first.item}), exists(first))})];
            items.extend(second.map(|s| json!({"ConditionCheck": merged(json!({"TableName": table, "Key": s.key}), exists(s))})));
            json!({"TransactItems": items, "ReturnConsumedCapacity": "INDEXES"})
        }
        "TransactGetItems" => {
            let mut gets = vec![json!({"Get": {"TableName": table, "Key": first.key}})];
            gets.extend(second.map(|s| json!({"Get": {"TableName": table, "Key": s.key}})));
            json!({"TransactItems": gets, "ReturnConsumedCapacity": "INDEXES"})
        }
        _ => json!({}),
    }
}
