//! Streams, tags and TTL as the control plane shows them: `StreamSpecification` (and `Tags`) on
//! CreateTable, `StreamSpecification` on UpdateTable, and the stream fields of every TableDescription.
//!
//! These wrap the tables' own CreateTable/UpdateTable/DescribeTable/DeleteTable: the extra parameters
//! are validated first, the table action runs unchanged, and only when it succeeds is the stream or
//! tag change applied and the description completed — so a failed request changes nothing.

use alloc::format;
use alloc::string::String;

use serde_json::{Map, Value};

use crate::api::describe::describe;
use crate::api::json::{self, opt_bool, opt_obj, opt_str, Checks};
use crate::api::tags::tags_field;
use crate::db::Database;
use crate::error::ApiError;
use crate::ops::tags::apply_tags;
use crate::stream::json::{spec_json, stream_arn};
use crate::stream::ViewType;
use crate::table::Table;

/// A validated `StreamSpecification`: `Some(view)` to enable, `None` to disable.
type Spec = Option<ViewType>;

fn invalid(msg: &str) -> ApiError {
    ApiError::Validation(format!("One or more parameter values were invalid: {msg}"))
}

/// Parse `StreamSpecification`; `creating` selects CreateTable's wording.
fn parse_spec(input: &Value, creating: bool) -> Result<Option<Spec>, ApiError> {
    let m = json::body(input)?;
    let Some(s) = opt_obj(m, "StreamSpecification")? else { return Ok(None) };
    let enabled = opt_bool(s, "StreamEnabled")?;
    let view = opt_str(s, "StreamViewType")?;
    let mut c = Checks::new();
    c.not_null(enabled, "streamSpecification.streamEnabled");
    c.one_of(view, "streamSpecification.streamViewType", &ViewType::ALL, ViewType::SET);
    c.finish()?;
    let view = view.and_then(ViewType::parse);
    match (enabled == Some(true), view, creating) {
        (true, Some(v), _) => Ok(Some(Some(v))),
        (true, None, true) => Err(invalid("Table is being created with a stream enabled, UpdateViewType is required")),
        (true, None, false) => Err(invalid("If stream is being enabled then UpdateViewType is required")),
        (false, Some(_), true) => Err(invalid("Table is being created with a stream disabled, UpdateViewType should not be specified")),
        (false, Some(_), false) => Err(invalid("If stream is being disabled, then UpdateViewType must not be specified")),
        (false, None, _) => Ok(Some(None)),
    }
}

/// Add the stream fields to a TableDescription.
fn decorate(db: &Database, t: &Table, desc: &mut Value) {
    let Value::Object(d) = desc else { return };
    if let Some(s) = t.extras.streams.enabled() {
        d.insert("StreamSpecification".into(), spec_json(s.view));
    }
    if let Some(s) = t.extras.streams.latest() {
        d.insert("LatestStreamLabel".into(), Value::String(s.label.clone()));
        d.insert("LatestStreamArn".into(), Value::String(stream_arn(&db.config, t.name(), &s.label)));
    }
}

fn decorate_field(db: &Database, name: &str, out: &mut Value, field: &str) {
    if let (Some(t), Value::Object(o)) = (db.tables.get(name), &mut *out) {
        if let Some(d) = o.get_mut(field) {
            decorate(db, t, d);
        }
    }
}

fn table_name(input: &Value) -> String {
    input.get("TableName").and_then(Value::as_str).map(String::from).unwrap_or_default()
}

impl Database {
    pub(crate) fn create_table_ext(&mut self, input: &Value, now: u64) -> Result<Value, ApiError> {
        let spec = parse_spec(input, true)?;
        let tags = tags_field(input)?;
        if tags.as_ref().is_some_and(|t| t.len() > crate::api::tags::MAX_TAGS) {
            return Err(ApiError::validation("Number of Tags exceed the current limit for the provided ResourceArn"));
        }
        let mut out = self.execute_core("CreateTable", input, now)?;
        let name = table_name(input);
        if let Some(t) = self.tables.get_mut(&name) {
            t.extras.clock_ms = now;
            if let Some(Some(view)) = spec {
                t.extras.streams.enable(&name, view, now);
            }
            if let Some(tags) = tags {
                apply_tags(t, &tags)?;
            }
        }
        decorate_field(self, &name, &mut out, "TableDescription");
        Ok(out)
    }

    pub(crate) fn update_table_ext(&mut self, input: &Value, now: u64) -> Result<Value, ApiError> {
        let Some(spec) = parse_spec(input, false)? else {
            let mut out = self.execute_core("UpdateTable", input, now)?;
            decorate_field(self, &table_name(input), &mut out, "TableDescription");
            return Ok(out);
        };
        let m = json::body(input)?;
        let name = table_name(input);
        if m.get("GlobalSecondaryIndexUpdates").is_some_and(|v| !v.is_null()) {
            return Err(invalid("You cannot create or delete index while changing stream status"));
        }
        {
            let mut c = Checks::new();
            c.name(opt_str(m, "TableName")?, "tableName", true);
            c.finish()?;
        }
        let t = self
            .tables
            .get(&name)
            .ok_or_else(|| ApiError::ResourceNotFound(format!("Requested resource not found: Table: {name} not found")))?;
        match (spec, t.extras.streams.enabled()) {
            (Some(_), Some(_)) => return Err(ApiError::Validation(format!("Table already has an enabled stream: TableName: {name}"))),
            (None, None) => return Err(ApiError::Validation(format!("Table has no stream to disable: TableName: {name}"))),
            _ => {}
        }
        let others = ["BillingMode", "ProvisionedThroughput"].iter().any(|k| m.get(*k).is_some_and(|v| !v.is_null()));
        let mut out = if others {
            let mut rest: Map<String, Value> = m.clone();
            rest.remove("StreamSpecification");
            self.execute_core("UpdateTable", &Value::Object(rest), now)?
        } else {
            let t = self.tables.get(&name).ok_or_else(|| ApiError::Internal(String::from("table vanished")))?;
            serde_json::json!({"TableDescription": describe(&self.config, t, "ACTIVE", now)})
        };
        if let Some(t) = self.tables.get_mut(&name) {
            match spec {
                Some(view) => t.extras.streams.enable(&name, view, now),
                None => t.extras.streams.disable(now),
            }
        }
        decorate_field(self, &name, &mut out, "TableDescription");
        Ok(out)
    }

    pub(crate) fn describe_table_ext(&mut self, input: &Value, now: u64) -> Result<Value, ApiError> {
        let mut out = self.execute_core("DescribeTable", input, now)?;
        decorate_field(self, &table_name(input), &mut out, "Table");
        Ok(out)
    }

    pub(crate) fn delete_table_ext(&mut self, input: &Value, now: u64) -> Result<Value, ApiError> {
        let name = table_name(input);
        let mut extra = Value::Object(Map::new());
        if let Some(t) = self.tables.get(&name) {
            decorate(self, t, &mut extra);
        }
        let mut out = self.execute_core("DeleteTable", input, now)?;
        if let (Some(Value::Object(d)), Value::Object(x)) = (out.get_mut("TableDescription"), extra) {
            d.extend(x);
        }
        Ok(out)
    }
}
