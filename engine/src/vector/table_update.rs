//! UpdateTable's `VectorIndexUpdates` on a table: decided on a copy first (`plan`), then made
//! (`commit`), so a refused change leaves the table as it was. A created index is built from the
//! stored items at once and reported ACTIVE (see `describe`).

use alloc::string::String;
use alloc::vec::Vec;

use crate::error::ApiError;
use crate::table::schema::{BillingMode, KeyAttr};
use crate::table::Table;
use crate::vector::parse::{apply_updates, VectorUpdate};
use crate::vector::{VectorData, VectorIndexDef};

/// The vector indexes a table will have after the update, and the definitions they add.
#[derive(Debug)]
pub struct Planned {
    vectors: Vec<VectorIndexDef>,
    definitions: Vec<KeyAttr>,
}

/// Decide the vector part of an UpdateTable. `no_gsi_updates`: the request changes no GSI (DynamoDB
/// creates or deletes one index per call, whatever its kind).
pub fn plan(
    t: &Table,
    billing: Option<&str>,
    no_gsi_updates: bool,
    updates: &[VectorUpdate],
    defs: Option<&[KeyAttr]>,
    now: u64,
) -> Result<Option<Planned>, ApiError> {
    if billing == Some("PROVISIONED") && !t.def.vectors.is_empty() {
        return Err(ApiError::validation(
            "One or more parameter values were invalid: Tables with vector indexes must be in PAY_PER_REQUEST mode",
        ));
    }
    if updates.is_empty() {
        return Ok(None);
    }
    if !no_gsi_updates {
        return Err(ApiError::LimitExceeded(String::from(
            "Subscriber limit exceeded: Only 1 online index can be created or deleted simultaneously per table",
        )));
    }
    let new_billing = match billing {
        Some("PAY_PER_REQUEST") => BillingMode::PayPerRequest,
        Some(_) => BillingMode::Provisioned,
        None => t.def.billing,
    };
    let mut all_defs = t.def.attributes.clone();
    for d in defs.unwrap_or_default() {
        if !all_defs.iter().any(|a| a.name == d.name) {
            all_defs.push(d.clone());
        }
    }
    let mut vectors = t.def.vectors.clone();
    apply_updates(&mut vectors, updates, &all_defs, new_billing, &t.def.name, &|n| t.def.index(n).is_some(), now)?;
    let definitions = all_defs
        .into_iter()
        .filter(|d| !t.def.attributes.iter().any(|a| a.name == d.name) && vectors.iter().any(|v| v.in_schema(&d.name)))
        .collect();
    Ok(Some(Planned { vectors, definitions }))
}

/// Make a planned change: kept indexes keep their entries, new ones are built from the items.
pub fn commit(t: &mut Table, planned: Option<Planned>) {
    let Some(p) = planned else { return };
    // Writes in flight reach the kept indexes first, so a new index's backfill starts from the table.
    t.flush_propagation();
    let mut data = Vec::new();
    let mut fresh = Vec::new();
    for (i, v) in p.vectors.iter().enumerate() {
        match t.def.vectors.iter().position(|w| w.name == v.name) {
            Some(old) => data.push(t.vector_data.get(old).cloned().unwrap_or_default()),
            None => {
                data.push(VectorData::default());
                fresh.push(i);
            }
        }
    }
    t.def.vectors = p.vectors;
    t.vector_data = data;
    for d in p.definitions {
        if !t.def.attributes.iter().any(|a| a.name == d.name) {
            t.def.attributes.push(d);
        }
    }
    // Definitions only a deleted vector index used go with it, as for a deleted GSI.
    let keep = |n: &str| t.def.keys.is_key(n) || t.def.indexes.iter().any(|i| i.keys.is_key(n)) || t.def.vectors.iter().any(|v| v.in_schema(n));
    let attributes: Vec<KeyAttr> = t.def.attributes.iter().filter(|a| keep(&a.name)).cloned().collect();
    t.def.attributes = attributes;
    for i in fresh {
        t.backfill_vector(i);
    }
}
