//! The PartiQL mode: a statement with `?` parameters as an ExecuteStatement request, and what the
//! engine says the statement became (GetItem, Query or a full Scan) in words.

use engine::api::partiql::Operation;
use serde_json::{json, Map, Value};

use super::words::{FieldFault, PlanNote};

/// The PartiQL form, as typed.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Form {
    pub statement: String,
    /// A JSON array of DynamoDB attribute values, one per `?` in order (empty: no parameters).
    pub parameters: String,
    pub limit: String,
    pub consistent: bool,
}

impl Form {
    /// A first statement on `table`: a Query of the partition `value` (a DynamoDB JSON value of the
    /// partition key `pk`), or a Scan when the table has no item yet.
    pub fn start(table: &str, pk: &str, value: Option<Value>) -> Form {
        let (statement, parameters) = match value {
            Some(v) => (format!("SELECT * FROM \"{table}\" WHERE \"{pk}\" = ?"), Value::Array(vec![v]).to_string()),
            None => (format!("SELECT * FROM \"{table}\""), String::new()),
        };
        Form { statement, parameters, ..Form::default() }
    }

    /// The ExecuteStatement request, resuming at `next_token`; `Err` says which field is not usable.
    pub fn to_request(&self, next_token: Option<&str>) -> Result<Value, (&'static str, FieldFault)> {
        let mut m = Map::new();
        m.insert("Statement".into(), Value::String(self.statement.clone()));
        if !self.parameters.trim().is_empty() {
            match serde_json::from_str::<Value>(&self.parameters) {
                Ok(v @ Value::Array(_)) => m.insert("Parameters".into(), v),
                _ => return Err(("parameters", FieldFault::ParametersNotList)),
            };
        }
        let limit = self.limit.trim();
        if !limit.is_empty() {
            let Ok(n) = limit.parse::<i64>() else { return Err(("limit", FieldFault::LimitNotWhole)) };
            m.insert("Limit".into(), json!(n));
        }
        if self.consistent {
            m.insert("ConsistentRead".into(), Value::Bool(true));
        }
        if let Some(t) = next_token {
            m.insert("NextToken".into(), Value::String(t.to_string()));
        }
        m.insert("ReturnConsumedCapacity".into(), Value::String(String::from("TOTAL")));
        Ok(Value::Object(m))
    }

    /// The form an ExecuteStatement request came from (the operation log's "Open").
    pub fn from_request(v: &Value) -> Form {
        Form {
            statement: v.get("Statement").and_then(Value::as_str).unwrap_or("").to_string(),
            parameters: v.get("Parameters").map(Value::to_string).unwrap_or_default(),
            limit: v.get("Limit").map(Value::to_string).unwrap_or_default(),
            consistent: v.get("ConsistentRead").and_then(Value::as_bool).unwrap_or(false),
        }
    }
}

/// How the statement ran, and why — the surprise PartiQL hides: a SELECT whose WHERE clause does not
/// pin the partition key reads the whole table.
pub fn plan_note(op: &Operation) -> PlanNote {
    let name = op.to_string();
    match op {
        Operation::GetItem { .. } => PlanNote::GetItem { op: name },
        Operation::Query { .. } => PlanNote::Query { op: name },
        Operation::Scan { .. } => PlanNote::FullScan { op: name },
        _ => PlanNote::Write { op: name },
    }
}
