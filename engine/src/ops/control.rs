//! Control plane: CreateTable, DescribeTable, ListTables, DeleteTable, UpdateTable.
//!
//! Tables are ACTIVE as soon as CreateTable returns (there is nothing to provision). GSIs added by
//! UpdateTable are backfilled at once but report CREATING until `INDEX_BACKFILL_MILLIS` of the caller's
//! clock have passed (see `table::schema`), and cannot be queried meanwhile, as on AWS.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use serde_json::{json, Map, Value};

use crate::api::create_table::{self, raw_throughput, throughput_bounds, RawIndex, RawThroughput};
use crate::api::describe::describe;
use crate::api::json::{self, list_of_obj, opt_int, opt_list, opt_obj, opt_str, Checks};
use crate::db::Database;
use crate::error::ApiError;
use crate::table::schema::{BillingMode, IndexKind, KeyAttr, TableDef, Throughput};
use crate::table::Table;
use crate::value::ScalarType;

fn not_found(name: &str) -> ApiError {
    ApiError::ResourceNotFound(format!("Requested resource not found: Table: {name} not found"))
}

fn table_name_only(input: &Value) -> Result<String, ApiError> {
    let m = json::body(input)?;
    let name = opt_str(m, "TableName")?;
    let mut c = Checks::new();
    c.name(name, "tableName", true);
    c.finish()?;
    Ok(String::from(name.unwrap_or_default()))
}

impl Database {
    /// Create a table from a validated definition.
    pub fn create_table(&mut self, def: TableDef) -> Result<&Table, ApiError> {
        if self.tables.contains_key(&def.name) {
            return Err(ApiError::ResourceInUse(format!("Table already exists: {}", def.name)));
        }
        let name = def.name.clone();
        let mut table = Table::new(def);
        table.extras.clock_ms = self.now;
        table.set_index_lag(self.index_lag);
        Ok(self.tables.entry(name).or_insert(table))
    }

    pub fn delete_table(&mut self, name: &str) -> Result<Table, ApiError> {
        self.tables.remove(name).ok_or_else(|| not_found(name))
    }

    pub(crate) fn create_table_json(&mut self, input: &Value, now: u64) -> Result<Value, ApiError> {
        let def = create_table::parse(json::body(input)?, now)?;
        let cfg = self.config.clone();
        let t = self.create_table(def)?;
        Ok(json!({"TableDescription": describe(&cfg, t, "ACTIVE", now)}))
    }

    pub(crate) fn describe_table_json(&self, input: &Value, now: u64) -> Result<Value, ApiError> {
        let name = table_name_only(input)?;
        let t = self.tables.get(&name).ok_or_else(|| not_found(&name))?;
        Ok(json!({"Table": describe(&self.config, t, "ACTIVE", now)}))
    }

    pub(crate) fn delete_table_json(&mut self, input: &Value, _now: u64) -> Result<Value, ApiError> {
        let name = table_name_only(input)?;
        let t = self.delete_table(&name)?;
        Ok(json!({"TableDescription": crate::api::describe::delete_description(&self.config, &t)}))
    }

    pub(crate) fn list_tables_json(&self, input: &Value) -> Result<Value, ApiError> {
        let m = json::body(input)?;
        let start = opt_str(m, "ExclusiveStartTableName")?;
        let limit = opt_int(m, "Limit", "Integer")?;
        let mut c = Checks::new();
        c.name(start, "exclusiveStartTableName", false);
        c.min(limit, "limit", 1);
        c.max(limit, "limit", 100);
        c.finish()?;
        let limit = limit.map_or(100, |l| l as usize);
        let mut names = self.tables.keys().filter(|n| start.is_none_or(|s| n.as_str() > s));
        let page: Vec<&String> = names.by_ref().take(limit).collect();
        let mut out = Map::new();
        out.insert("TableNames".into(), Value::Array(page.iter().map(|n| Value::String((*n).clone())).collect()));
        if names.next().is_some() {
            if let Some(last) = page.last() {
                out.insert("LastEvaluatedTableName".into(), Value::String((*last).clone()));
            }
        }
        Ok(Value::Object(out))
    }

    pub(crate) fn update_table_json(&mut self, input: &Value, now: u64) -> Result<Value, ApiError> {
        let m = json::body(input)?;
        let name = opt_str(m, "TableName")?;
        let billing = opt_str(m, "BillingMode")?;
        let throughput = raw_throughput(m)?;
        let defs_raw = create_table::raw_definitions(m)?;
        let updates = match opt_list(m, "GlobalSecondaryIndexUpdates")? {
            Some(l) => parse_gsi_updates(l)?,
            None => Vec::new(),
        };
        let vector_updates = crate::vector::parse::raw_updates(m)?;
        let mut c = Checks::new();
        c.name(name, "tableName", true);
        c.one_of(billing, "billingMode", &["PROVISIONED", "PAY_PER_REQUEST"], "[PROVISIONED, PAY_PER_REQUEST]");
        create_table::check_definitions(&mut c, defs_raw.as_ref());
        create_table::check_throughput(&mut c, throughput.as_ref(), "provisionedThroughput");
        for (i, u) in updates.iter().enumerate() {
            if let GsiUpdate::Create(ix) = u {
                create_table::check_gsi(&mut c, ix, &format!("globalSecondaryIndexUpdates.{}.member.create", i + 1));
            }
        }
        crate::vector::parse::check_updates(&mut c, &vector_updates);
        c.finish()?;
        let name = String::from(name.unwrap_or_default());
        if billing.is_none() && throughput.is_none() && updates.is_empty() && vector_updates.is_empty() {
            // DynamoDB's current list (live answers in us-east-1 and us-west-2, ack-api-quirks' catalogue).
            return Err(ApiError::validation(
                "At least one of ProvisionedThroughput, BillingMode, UpdateStreamEnabled, GlobalSecondaryIndexUpdates, SSESpecification, ReplicaUpdates, MultiAccountReplicaReady, ReplicaTransitRoleArn, MultiRegionConsistency, DeletionProtectionEnabled, OnDemandThroughput, WarmThroughput or TableClass is required",
            ));
        }
        check_gsi_updates(&updates)?;
        let defs: Option<Vec<KeyAttr>> = defs_raw.map(|l| {
            l.into_iter()
                .map(|(n, t)| KeyAttr {
                    name: n.unwrap_or_default(),
                    ty: match t.as_deref() {
                        Some("N") => ScalarType::N,
                        Some("B") => ScalarType::B,
                        _ => ScalarType::S,
                    },
                })
                .collect()
        });
        let t = self.tables.get_mut(&name).ok_or_else(|| not_found(&name))?;
        // Vector index changes are decided first, on a copy, so that a refused one leaves the table as
        // it was; they are committed after the rest of the update.
        let vectors = crate::vector::table_update::plan(t, billing, updates.is_empty(), &vector_updates, defs.as_deref(), now)?;
        apply_update(t, billing, throughput, defs.as_deref(), &updates, now)?;
        crate::vector::table_update::commit(t, vectors);
        let cfg = self.config.clone();
        let t = self.tables.get(&name).ok_or_else(|| not_found(&name))?;
        Ok(json!({"TableDescription": describe(&cfg, t, "ACTIVE", now)}))
    }
}

pub enum GsiUpdate {
    Create(RawIndex),
    Delete(String),
    Update(String, Option<RawThroughput>),
    /// An update object with none, or more than one, of Update/Create/Delete: refused after the
    /// constraint checks, as DynamoDB does.
    Malformed(&'static str),
}

impl GsiUpdate {
    fn index_name(&self) -> Option<&str> {
        match self {
            GsiUpdate::Create(ix) => ix.name.as_deref(),
            GsiUpdate::Delete(n) | GsiUpdate::Update(n, _) => Some(n),
            GsiUpdate::Malformed(_) => None,
        }
    }
}

fn parse_gsi_updates(list: &[Value]) -> Result<Vec<GsiUpdate>, ApiError> {
    let mut out = Vec::new();
    for o in list_of_obj(list)? {
        let (create, delete, update) = (opt_obj(o, "Create")?, opt_obj(o, "Delete")?, opt_obj(o, "Update")?);
        let actions = [create.is_some(), delete.is_some(), update.is_some()].iter().filter(|p| **p).count();
        out.push(if actions > 1 {
            GsiUpdate::Malformed("Only one global secondary index action is allowed per GlobalSecondaryIndexUpdate object")
        } else if let Some(c) = create {
            GsiUpdate::Create(create_table::raw_index(c)?)
        } else if let Some(d) = delete {
            GsiUpdate::Delete(String::from(opt_str(d, "IndexName")?.unwrap_or_default()))
        } else if let Some(u) = update {
            GsiUpdate::Update(String::from(opt_str(u, "IndexName")?.unwrap_or_default()), raw_throughput(u)?)
        } else {
            GsiUpdate::Malformed(
                "One of GlobalSecondaryIndexUpdate.Update, GlobalSecondaryIndexUpdate.Create, GlobalSecondaryIndexUpdate.Delete must not be null",
            )
        });
    }
    Ok(out)
}

/// Each update object names one action, and each index is updated at most once (dynalite's
/// updateTable validation, which records DynamoDB's order; live answers in ack-api-quirks' catalogue).
fn check_gsi_updates(updates: &[GsiUpdate]) -> Result<(), ApiError> {
    let mut seen: Vec<&str> = Vec::new();
    for u in updates {
        if let GsiUpdate::Malformed(m) = u {
            return Err(invalid(m));
        }
        let name = u.index_name().unwrap_or_default();
        if seen.contains(&name) {
            return Err(invalid(&format!("Only one global secondary index update per index is allowed simultaneously. Index: {name}")));
        }
        seen.push(name);
    }
    Ok(())
}

/// An LSI named in a GSI Delete or Update (live answers in ack-api-quirks' catalogue).
fn not_local(def: &crate::table::schema::TableDef, name: &str, verb: &str) -> Result<(), ApiError> {
    if def.indexes.iter().any(|i| i.name == name && i.kind == IndexKind::Local) {
        return Err(ApiError::Validation(format!("Cannot {verb} an index that is not a GlobalSecondaryIndex: {name}")));
    }
    Ok(())
}

fn invalid(msg: &str) -> ApiError {
    ApiError::Validation(format!("One or more parameter values were invalid: {msg}"))
}

fn apply_update(
    t: &mut Table,
    billing: Option<&str>,
    throughput: Option<RawThroughput>,
    defs: Option<&[KeyAttr]>,
    updates: &[GsiUpdate],
    now: u64,
) -> Result<(), ApiError> {
    let new_billing = match billing {
        Some("PAY_PER_REQUEST") => BillingMode::PayPerRequest,
        Some(_) => BillingMode::Provisioned,
        None => t.def.billing,
    };
    let new_throughput: Option<Throughput> = match (new_billing, throughput) {
        (BillingMode::PayPerRequest, Some(_)) => {
            return Err(invalid("Neither ReadCapacityUnits nor WriteCapacityUnits can be specified when BillingMode is PAY_PER_REQUEST"));
        }
        (BillingMode::PayPerRequest, None) => None,
        (BillingMode::Provisioned, Some(tp)) => {
            let tp = throughput_bounds(&tp)?;
            if t.def.billing == BillingMode::Provisioned && t.def.throughput == Some(tp) && updates.is_empty() {
                return Err(ApiError::Validation(format!(
                    "The provisioned throughput for the table will not change. The requested value equals the current value. Current ReadCapacityUnits provisioned for the table: {r}. Requested ReadCapacityUnits: {r}. Current WriteCapacityUnits provisioned for the table: {w}. Requested WriteCapacityUnits: {w}. Refer to the Amazon DynamoDB Developer Guide for current limits and how to request higher limits.",
                    r = tp.read,
                    w = tp.write
                )));
            }
            Some(tp)
        }
        (BillingMode::Provisioned, None) => match t.def.throughput {
            Some(tp) => Some(tp),
            None => return Err(invalid("ProvisionedThroughput must be specified when BillingMode is PROVISIONED")),
        },
    };
    let online = updates.iter().filter(|u| !matches!(u, GsiUpdate::Update(..))).count();
    let creating = t.def.indexes.iter().any(|i| !i.is_active(now));
    if online > 1 || (online == 1 && creating) {
        return Err(ApiError::LimitExceeded(String::from(
            "Subscriber limit exceeded: Only 1 online index can be created or deleted simultaneously per table",
        )));
    }
    // Validate everything before changing anything.
    let mut def = t.def.clone();
    def.billing = new_billing;
    def.throughput = new_throughput;
    let mut created: Option<usize> = None;
    for u in updates {
        match u {
            GsiUpdate::Create(ix) => {
                let name = ix.name.clone().unwrap_or_default();
                if def.index(&name).is_some() {
                    return Err(invalid(&format!("Index with name: {name} already exists")));
                }
                // Live DynamoDB answer (ack-api-quirks' ValidationException catalogue, DDB-TABLE-442).
                let Some(defs) = defs else {
                    return Err(invalid(&format!("AttributeDefinitions is not specified for index: {name}")));
                };
                let mut all_defs = def.attributes.clone();
                for d in defs {
                    match all_defs.iter().find(|a| a.name == d.name) {
                        Some(a) if a.ty != d.ty => {
                            return Err(invalid(&format!("Cannot change the type of attribute {} in AttributeDefinitions", d.name)))
                        }
                        Some(_) => {}
                        None => all_defs.push(d.clone()),
                    }
                }
                let mut idx = create_table::resolve_gsi(ix, &all_defs, new_billing, now)?;
                idx.backfills = true;
                // Definitions the new index does not use are accepted and ignored, unlike CreateTable's
                // (scylladb test/alternator/test_gsi_updatetable.py, test_gsi_updatetable_spurious_attribute_definitions:
                // "spurious attribute definitions are *not* detected in DynamoDB, and silently ignored").
                all_defs.retain(|a| def.attributes.iter().any(|d| d.name == a.name) || idx.is_index_key(&a.name));
                if def.indexes.iter().filter(|i| i.kind == IndexKind::Global).count() >= 20 {
                    return Err(ApiError::LimitExceeded(String::from(
                        "One or more parameter values were invalid: GlobalSecondaryIndex count exceeds the per-table limit of 20",
                    )));
                }
                def.attributes = all_defs;
                def.indexes.push(idx);
                created = Some(def.indexes.len() - 1);
            }
            GsiUpdate::Delete(name) => {
                not_local(&def, name, "delete")?;
                let pos = def
                    .indexes
                    .iter()
                    .position(|i| &i.name == name && i.kind == IndexKind::Global)
                    .ok_or_else(|| ApiError::ResourceNotFound(format!("Requested resource not found: Index: {name} not found")))?;
                def.indexes.remove(pos);
            }
            GsiUpdate::Malformed(m) => return Err(invalid(m)),
            GsiUpdate::Update(name, tp) => {
                not_local(&def, name, "update")?;
                let idx = def
                    .indexes
                    .iter_mut()
                    .find(|i| &i.name == name && i.kind == IndexKind::Global)
                    .ok_or_else(|| ApiError::ResourceNotFound(format!("Requested resource not found: Index: {name} not found")))?;
                if new_billing == BillingMode::PayPerRequest {
                    return Err(invalid(&format!(
                        "ProvisionedThroughput should not be specified for index: {name} when BillingMode is PAY_PER_REQUEST"
                    )));
                }
                if let Some(tp) = tp {
                    idx.throughput = Some(throughput_bounds(tp)?);
                }
            }
        }
    }
    create_table::check_projected_total(&def.indexes)?;
    // Definitions only used by a deleted index disappear with it, as DescribeTable shows on AWS.
    let used = |n: &str| def.keys.is_key(n) || def.indexes.iter().any(|i| i.is_index_key(n)) || def.vectors.iter().any(|v| v.in_schema(n));
    let attributes: Vec<KeyAttr> = def.attributes.iter().filter(|a| used(&a.name)).cloned().collect();
    def.attributes = attributes;
    for idx in def.indexes.iter_mut().filter(|i| i.kind == IndexKind::Global) {
        match new_billing {
            BillingMode::PayPerRequest => idx.throughput = None,
            BillingMode::Provisioned => {
                if idx.throughput.is_none() {
                    idx.throughput = new_throughput;
                }
            }
        }
    }
    // Commit: rebuild index data to match the new index list (kept entries move with their index),
    // with every write in flight delivered first, so that kept and new indexes start from the table.
    t.flush_propagation();
    let mut data = Vec::new();
    for idx in &def.indexes {
        let old = t.def.indexes.iter().position(|i| i.name == idx.name);
        data.push(old.and_then(|p| t.index_data.get(p).cloned()).unwrap_or_default());
    }
    t.def = def;
    t.index_data = data;
    if let Some(pos) = created {
        t.backfill(pos);
    }
    Ok(())
}
