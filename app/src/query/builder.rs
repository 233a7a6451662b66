//! The Query/Scan builder's state and its request JSON, in both directions.
//!
//! [`Builder::to_request`] writes exactly the request the controls describe; [`Builder::from_request`]
//! reads a request back into controls when it has a shape the controls can show (a key condition
//! `#pk = :pk [AND <sort-key condition>]` on the chosen table or index, plain parameters) and says why
//! not otherwise, so the JSON editor stays the source and nothing the user typed is lost.

use serde_json::{json, Map, Value};

use super::words::{FieldFault, Unshowable};

pub use super::builder_state::{Builder, KeyInfo, Operation, SortOp};

/// Why the request cannot be built from the controls; shown next to the control named by `field`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldError {
    pub field: &'static str,
    pub fault: FieldFault,
}

fn typed(t: &str, text: &str) -> Value {
    json!({ t: text })
}

fn parse_object(text: &str, field: &'static str) -> Result<Map<String, Value>, FieldError> {
    if text.trim().is_empty() {
        return Ok(Map::new());
    }
    match serde_json::from_str::<Value>(text) {
        Ok(Value::Object(m)) => Ok(m),
        Ok(_) => Err(FieldError { field, fault: FieldFault::NotObject }),
        Err(e) => Err(FieldError { field, fault: FieldFault::NotJson(e.to_string()) }),
    }
}

impl Builder {
    pub fn new(table: &str) -> Builder {
        Builder { table: table.to_string(), forward: true, ..Default::default() }
    }

    /// The builder after the model changed under it, or `None` when it still fits: on a table the model
    /// no longer has, it starts afresh on `fallback` (the selected or first table), keeping only Query or
    /// Scan — a key value or sort-key condition typed for another model would only find nothing; on an
    /// index the table no longer has, it reads the table; with no sort key left to test, the sort-key
    /// condition goes. `key_info(table, index)` gives the keys of a table or index of the model.
    pub fn fit(&self, tables: &[String], fallback: Option<&str>, key_info: impl Fn(&str, &str) -> Option<KeyInfo>) -> Option<Builder> {
        if !tables.contains(&self.table) {
            let table = fallback.map(String::from).or_else(|| tables.first().cloned())?;
            return Some(Builder { op: self.op, ..Builder::new(&table) });
        }
        let mut b = self.clone();
        if !b.index.is_empty() && key_info(&b.table, &b.index).is_none_or(|k| k.partition.is_empty()) {
            b.index.clear();
        }
        let keys = key_info(&b.table, &b.index).unwrap_or_default();
        if keys.sort.is_none() && b.sort_op != SortOp::None {
            b.sort_op = SortOp::None;
            b.sk.clear();
            b.sk2.clear();
        }
        (b != *self).then_some(Builder { start_key: None, ..b })
    }

    /// The request the controls describe. `keys` are the keys of the chosen table or index.
    pub fn to_request(&self, keys: &KeyInfo) -> Result<Value, FieldError> {
        let mut m = Map::new();
        m.insert("TableName".into(), Value::String(self.table.clone()));
        if !self.index.is_empty() {
            m.insert("IndexName".into(), Value::String(self.index.clone()));
        }
        let mut names = parse_object(&self.names, "names")?;
        let mut values = parse_object(&self.values, "values")?;
        if self.op == Operation::Query && super::multi_key_builder::is_multi(keys) {
            let cond = super::multi_key_builder::key_condition(keys, self, &mut names, &mut values);
            m.insert("KeyConditionExpression".into(), Value::String(cond));
        } else if self.op == Operation::Query {
            let mut cond = String::from("#pk = :pk");
            names.insert("#pk".into(), Value::String(keys.partition.clone()));
            values.insert(":pk".into(), typed(&keys.partition_type, &self.pk));
            if let (Some((sk, st)), op) = (&keys.sort, self.sort_op) {
                if op != SortOp::None {
                    names.insert("#sk".into(), Value::String(sk.clone()));
                    values.insert(":sk".into(), typed(st, &self.sk));
                    match op {
                        SortOp::Between => {
                            cond.push_str(" AND #sk BETWEEN :sk AND :sk2");
                            values.insert(":sk2".into(), typed(st, &self.sk2));
                        }
                        SortOp::BeginsWith => cond.push_str(" AND begins_with(#sk, :sk)"),
                        other => cond.push_str(&format!(" AND #sk {} :sk", other.slug())),
                    }
                }
            }
            m.insert("KeyConditionExpression".into(), Value::String(cond));
        }
        if !self.filter.trim().is_empty() {
            m.insert("FilterExpression".into(), Value::String(self.filter.clone()));
        }
        if !self.projection.trim().is_empty() {
            m.insert("ProjectionExpression".into(), Value::String(self.projection.clone()));
        }
        if !names.is_empty() {
            m.insert("ExpressionAttributeNames".into(), Value::Object(names));
        }
        if !values.is_empty() {
            m.insert("ExpressionAttributeValues".into(), Value::Object(values));
        }
        let number = |text: &str, field: &'static str| -> Result<Option<Value>, FieldError> {
            let t = text.trim();
            if t.is_empty() {
                return Ok(None);
            }
            // Any integer goes to the engine as typed, so a 0 or a negative Limit gets DynamoDB's own error.
            t.parse::<i64>().map(|n| Some(Value::from(n))).map_err(|_| FieldError { field, fault: FieldFault::NotWholeNumber(t.to_string()) })
        };
        if let Some(n) = number(&self.limit, "limit")? {
            m.insert("Limit".into(), n);
        }
        if self.op == Operation::Query && !self.forward {
            m.insert("ScanIndexForward".into(), Value::Bool(false));
        }
        if self.consistent {
            m.insert("ConsistentRead".into(), Value::Bool(true));
        }
        if !self.select.is_empty() {
            m.insert("Select".into(), Value::String(self.select.clone()));
        }
        if self.op == Operation::Scan {
            if let Some(n) = number(&self.segment, "segment")? {
                m.insert("Segment".into(), n);
            }
            if let Some(n) = number(&self.total_segments, "total_segments")? {
                m.insert("TotalSegments".into(), n);
            }
        }
        if let Some(k) = &self.start_key {
            m.insert("ExclusiveStartKey".into(), k.clone());
        }
        m.insert("ReturnConsumedCapacity".into(), Value::String(String::from("INDEXES")));
        Ok(Value::Object(m))
    }

    /// Controls for a request, or why the controls cannot show it. `key_info(table, index)` gives the
    /// keys of a table or index of the model (`None`: no such table).
    pub fn from_request(action: &str, request: &Value, key_info: impl Fn(&str, &str) -> Option<KeyInfo>) -> Result<Builder, Unshowable> {
        let op = match action {
            "Query" => Operation::Query,
            "Scan" => Operation::Scan,
            other => return Err(Unshowable::NotQueryScan(other.to_string())),
        };
        let m = request.as_object().ok_or(Unshowable::NotObject)?;
        let mut b = Builder { op, forward: true, ..Default::default() };
        b.table = m.get("TableName").and_then(Value::as_str).ok_or(Unshowable::NoTableForBuilder)?.to_string();
        b.index = m.get("IndexName").and_then(Value::as_str).unwrap_or("").to_string();
        let keys = key_info(&b.table, &b.index).ok_or_else(|| Unshowable::TableNotInModel(b.table.clone()))?;
        let mut names = m.get("ExpressionAttributeNames").and_then(Value::as_object).cloned().unwrap_or_default();
        let mut values = m.get("ExpressionAttributeValues").and_then(Value::as_object).cloned().unwrap_or_default();
        for (k, v) in m {
            match (k.as_str(), v) {
                ("TableName" | "IndexName" | "ExpressionAttributeNames" | "ExpressionAttributeValues" | "ExclusiveStartKey", _) => {}
                ("ReturnConsumedCapacity", Value::String(s)) if s == "INDEXES" => {}
                ("KeyConditionExpression", Value::String(c)) if op == Operation::Query => {
                    read_key_condition(c, &keys, &mut names, &mut values, &mut b)?;
                }
                ("FilterExpression", Value::String(s)) => b.filter = s.clone(),
                ("ProjectionExpression", Value::String(s)) => b.projection = s.clone(),
                ("Limit", Value::Number(n)) => b.limit = n.to_string(),
                ("ScanIndexForward", Value::Bool(f)) if op == Operation::Query => b.forward = *f,
                ("ConsistentRead", Value::Bool(c)) => b.consistent = *c,
                ("Select", Value::String(s)) => b.select = s.clone(),
                ("Segment", Value::Number(n)) if op == Operation::Scan => b.segment = n.to_string(),
                ("TotalSegments", Value::Number(n)) if op == Operation::Scan => b.total_segments = n.to_string(),
                (other, _) => return Err(Unshowable::BuilderNoControl(other.to_string())),
            }
        }
        if op == Operation::Query && !m.contains_key("KeyConditionExpression") {
            return Err(Unshowable::QueryWithoutKeyCondition);
        }
        b.start_key = m.get("ExclusiveStartKey").cloned();
        b.names = if names.is_empty() { String::new() } else { Value::Object(names).to_string() };
        b.values = if values.is_empty() { String::new() } else { Value::Object(values).to_string() };
        Ok(b)
    }
}

/// Take `#pk = :pk [AND #sk <op> :sk | AND #sk BETWEEN :sk AND :sk2 | AND begins_with(#sk, :sk)]` apart,
/// removing the placeholders it uses from `names`/`values`.
fn read_key_condition(c: &str, keys: &KeyInfo, names: &mut Map<String, Value>, values: &mut Map<String, Value>, b: &mut Builder) -> Result<(), Unshowable> {
    if super::multi_key_builder::is_multi(keys) {
        return super::multi_key_builder::read(c, keys, names, values, b);
    }
    let cant = || Unshowable::KeyConditionForm(c.to_string());
    let tokens: Vec<&str> = c.split_whitespace().collect();
    let mut take_value = |placeholder: &str, t: &str| -> Result<String, Unshowable> {
        let v = values.remove(placeholder).ok_or_else(cant)?;
        v.get(t).and_then(Value::as_str).map(String::from).ok_or_else(|| Unshowable::WrongType { placeholder: placeholder.to_string(), kind: t.to_string() })
    };
    if tokens.len() < 3 || tokens[0] != "#pk" || tokens[1] != "=" || tokens[2] != ":pk" {
        return Err(cant());
    }
    if names.remove("#pk").and_then(|v| v.as_str().map(String::from)).as_deref() != Some(keys.partition.as_str()) {
        return Err(Unshowable::PkNotPartition);
    }
    b.pk = take_value(":pk", &keys.partition_type)?;
    let rest = &tokens[3..];
    if rest.is_empty() {
        return Ok(());
    }
    let (sk, st) = keys.sort.clone().ok_or_else(cant)?;
    let sk_named = names.remove("#sk").and_then(|v| v.as_str().map(String::from)) == Some(sk);
    if !sk_named || rest[0] != "AND" {
        return Err(cant());
    }
    match &rest[1..] {
        ["#sk", "BETWEEN", ":sk", "AND", ":sk2"] => {
            b.sort_op = SortOp::Between;
            b.sk = take_value(":sk", &st)?;
            b.sk2 = take_value(":sk2", &st)?;
        }
        ["begins_with(#sk,", ":sk)"] => {
            b.sort_op = SortOp::BeginsWith;
            b.sk = take_value(":sk", &st)?;
        }
        ["#sk", op, ":sk"] if SortOp::from_slug(op) != SortOp::None && !matches!(*op, "BETWEEN" | "begins_with") => {
            b.sort_op = SortOp::from_slug(op);
            b.sk = take_value(":sk", &st)?;
        }
        _ => return Err(cant()),
    }
    Ok(())
}

/// Which control a DynamoDB error from running the builder's request belongs next to.
pub fn error_field(message: &str) -> &'static str {
    let m = message;
    let has = |s: &str| m.contains(s);
    if has("Consistent read") || has("ConsistentRead") {
        "consistent"
    } else if has("KeyConditionExpression") || has("Query condition missed key schema") || has("key condition") || has("Condition parameter type does not match schema type") || has("Query key condition") || has("RANGE key attributes") {
        "key"
    } else if has("FilterExpression") || has("Filter Expression") {
        "filter"
    } else if has("ProjectionExpression") || has("Projection") {
        "projection"
    } else if has("limit") || has("Limit") {
        "limit"
    } else if has("Segment") || has("segment") {
        "segment"
    } else if has("Select") || has("select") {
        "select"
    } else if has("ExpressionAttribute") {
        "values"
    } else if has("index") || has("Index") {
        "index"
    } else {
        "request"
    }
}
