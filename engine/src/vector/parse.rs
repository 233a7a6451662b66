//! `VectorIndexes` (CreateTable) and `VectorIndexUpdates` (UpdateTable): the request shape, the member
//! constraints (reported with the other "N validation errors detected"), then DynamoDB's cross-field
//! rules in the order it reports them. Messages are DynamoDB's as captured against eu-west-2 and
//! us-east-1 (recorded by the Dynoxide project's conformance notes) and the Developer Guide's
//! "Troubleshooting vector indexes" table.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use serde_json::{Map, Value};

use crate::api::raw_index::{resolve_projection, RawIndex};
use crate::api::json::{list_of_obj, list_of_str, opt_int, opt_list, opt_obj, opt_str, Checks};
use crate::error::ApiError;
use crate::table::schema::{BillingMode, KeyAttr};
use crate::vector::{Distance, VectorIndexDef, MAX_DIMENSIONS, MAX_PER_TABLE};

/// One vector index as given, before validation.
#[derive(Debug, Clone, Default)]
pub struct RawVectorIndex {
    pub name: Option<String>,
    pub has_attribute: bool,
    pub attribute: Option<String>,
    pub dimensions: Option<i64>,
    pub distance: Option<String>,
    pub has_projection: bool,
    pub projection_type: Option<String>,
    pub non_key: Option<Vec<String>>,
    /// `(AttributeName, SearchSchemaElementType)` pairs; `None`: no SearchSchema.
    pub schema: Option<Vec<(Option<String>, Option<String>)>>,
}

fn invalid(msg: &str) -> ApiError {
    ApiError::Validation(format!("One or more parameter values were invalid: {msg}"))
}

/// Read one `CreateVectorIndexAction` / `VectorIndex` object.
pub fn raw(o: &Map<String, Value>) -> Result<RawVectorIndex, ApiError> {
    let attr = opt_obj(o, "VectorAttribute")?;
    let proj = opt_obj(o, "Projection")?;
    let schema = match opt_list(o, "SearchSchema")? {
        Some(l) => {
            let mut v = Vec::new();
            for e in list_of_obj(l)? {
                v.push((opt_str(e, "AttributeName")?.map(String::from), opt_str(e, "SearchSchemaElementType")?.map(String::from)));
            }
            Some(v)
        }
        None => None,
    };
    Ok(RawVectorIndex {
        name: opt_str(o, "IndexName")?.map(String::from),
        has_attribute: attr.is_some(),
        attribute: match attr {
            Some(a) => opt_str(a, "AttributeName")?.map(String::from),
            None => None,
        },
        dimensions: opt_int(o, "Dimensions", "Long")?,
        distance: opt_str(o, "DistanceFunction")?.map(String::from),
        has_projection: proj.is_some(),
        projection_type: match proj {
            Some(p) => opt_str(p, "ProjectionType")?.map(String::from),
            None => None,
        },
        non_key: match proj.map(|p| opt_list(p, "NonKeyAttributes")).transpose()?.flatten() {
            Some(l) => Some(list_of_str(l)?),
            None => None,
        },
        schema,
    })
}

/// `VectorIndexes` of a CreateTable request.
pub fn raw_list(m: &Map<String, Value>) -> Result<Option<Vec<RawVectorIndex>>, ApiError> {
    let Some(list) = opt_list(m, "VectorIndexes")? else { return Ok(None) };
    list_of_obj(list)?.into_iter().map(raw).collect::<Result<Vec<_>, _>>().map(Some)
}

/// The member constraints of one index, in the API model's member order.
pub fn check(c: &mut Checks, ix: &RawVectorIndex, path: &str) {
    c.name(ix.name.as_deref(), &format!("{path}.indexName"), true);
    if !ix.has_attribute {
        c.not_null(None::<()>, &format!("{path}.vectorAttribute"));
    } else {
        c.not_null(ix.attribute.as_ref(), &format!("{path}.vectorAttribute.attributeName"));
        c.str_len(ix.attribute.as_deref(), &format!("{path}.vectorAttribute.attributeName"), 1, 255);
    }
    if let Some(schema) = &ix.schema {
        c.min_len(Some(schema.as_slice()), &format!("{path}.searchSchema"), 1, "'[]'");
        for (i, (n, t)) in schema.iter().enumerate() {
            let p = format!("{path}.searchSchema.{}.member", i + 1);
            c.not_null(n.as_ref(), &format!("{p}.attributeName"));
            c.not_null(t.as_ref(), &format!("{p}.searchSchemaElementType"));
            c.one_of(t.as_deref(), &format!("{p}.searchSchemaElementType"), &["HASH", "INLINE_FILTER"], "[HASH, INLINE_FILTER]");
        }
    }
    if !ix.has_projection {
        c.not_null(None::<()>, &format!("{path}.projection"));
    }
    c.one_of(ix.projection_type.as_deref(), &format!("{path}.projection.projectionType"), &["ALL", "INCLUDE", "KEYS_ONLY"], "[ALL, INCLUDE, KEYS_ONLY]");
    c.min_len(ix.non_key.as_deref(), &format!("{path}.projection.nonKeyAttributes"), 1, "'[]'");
    c.max_len(ix.non_key.as_deref(), &format!("{path}.projection.nonKeyAttributes"), 20, "'[...]'");
    c.not_null(ix.dimensions, &format!("{path}.dimensions"));
    c.min(ix.dimensions, &format!("{path}.dimensions"), 1);
    c.not_null(ix.distance.as_ref(), &format!("{path}.distanceFunction"));
    c.one_of(ix.distance.as_deref(), &format!("{path}.distanceFunction"), &["COSINE", "DOT_PRODUCT", "EUCLIDEAN"], "[COSINE, DOT_PRODUCT, EUCLIDEAN]");
}

/// One index's own rules (after the member constraints passed): dimensions, projection, search schema.
pub fn resolve(ix: &RawVectorIndex, defs: &[KeyAttr], now: u64) -> Result<VectorIndexDef, ApiError> {
    let name = ix.name.clone().unwrap_or_default();
    let dims = ix.dimensions.unwrap_or(0);
    if !(1..=MAX_DIMENSIONS).contains(&dims) {
        return Err(invalid("Number of dimensions must be between 1 and 4096 inclusive."));
    }
    let projection = resolve_projection(&RawIndex {
        name: ix.name.clone(),
        keys: None,
        projection_type: ix.projection_type.clone(),
        non_key: ix.non_key.clone(),
        has_projection: ix.has_projection,
        throughput: None,
    })?;
    let mut hash = None;
    let mut filters = Vec::new();
    let mut order = Vec::new();
    let schema = ix.schema.as_deref().unwrap_or_default();
    for (n, t) in schema {
        let n = n.clone().unwrap_or_default();
        let Some(def) = defs.iter().find(|d| d.name == n) else {
            return Err(invalid("One element in SearchSchema is not defined in attribute definitions"));
        };
        let is_hash = t.as_deref() == Some("HASH");
        order.push((n.clone(), is_hash));
        if is_hash {
            hash.get_or_insert(def.clone());
        } else {
            filters.push(def.clone());
        }
    }
    let hashes = order.iter().filter(|(_, h)| *h).count();
    if hashes > 1 {
        return Err(invalid(&format!("Value '{hashes}' at 'SearchSchema' failed to satisfy constraint: Member must have HASH count less than or equal to 1")));
    }
    if order.iter().enumerate().any(|(i, (n, _))| order[..i].iter().any(|(m, _)| m == n)) {
        return Err(invalid("SearchSchema contains a duplicate AttributeName"));
    }
    Ok(VectorIndexDef {
        name,
        attribute: ix.attribute.clone().unwrap_or_default(),
        dimensions: dims as u32,
        distance: Distance::parse(ix.distance.as_deref().unwrap_or_default()).unwrap_or(Distance::Cosine),
        hash,
        filters,
        schema_order: order,
        projection,
        created_at: now,
    })
}

/// Rules across a table's vector indexes: names unique, at most five, one dimension count per vector
/// attribute, and the vector attribute not itself in AttributeDefinitions (it is no key).
pub fn check_set(all: &[VectorIndexDef], defs: &[KeyAttr]) -> Result<(), ApiError> {
    for (i, v) in all.iter().enumerate() {
        if all[..i].iter().any(|w| w.name == v.name) {
            return Err(invalid(&format!("Duplicate index name: {}", v.name)));
        }
    }
    if all.len() > MAX_PER_TABLE {
        return Err(invalid("VectorIndex count exceeds the per-table limit of 5"));
    }
    for (i, v) in all.iter().enumerate() {
        if all[..i].iter().any(|w| w.attribute == v.attribute && w.dimensions != v.dimensions) {
            return Err(invalid(&format!(
                "Conflicting attribute definition for '{}'. All VectorIndexes on the same vector attribute must use the same dimensions.",
                v.attribute
            )));
        }
    }
    if let Some(v) = all.iter().find(|v| defs.iter().any(|d| d.name == v.attribute)) {
        return Err(invalid(&format!(
            "Conflicting attribute definition for '{}'. An attribute cannot be defined in AttributeDefinitions when used as a VectorAttribute.",
            v.attribute
        )));
    }
    Ok(())
}

/// CreateTable's `VectorIndexes`, after the table's key schema and secondary indexes were accepted.
pub fn resolve_create(list: &[RawVectorIndex], defs: &[KeyAttr], billing: BillingMode, now: u64) -> Result<Vec<VectorIndexDef>, ApiError> {
    if list.is_empty() {
        return Err(invalid("List of VectorIndexes is empty"));
    }
    if billing != BillingMode::PayPerRequest {
        return Err(invalid("Vector indexes are only supported for PAY_PER_REQUEST tables"));
    }
    let all = list.iter().map(|ix| resolve(ix, defs, now)).collect::<Result<Vec<_>, _>>()?;
    check_set(&all, defs)?;
    Ok(all)
}

/// One `VectorIndexUpdates` entry.
#[derive(Debug, Clone)]
pub enum VectorUpdate {
    Create(RawVectorIndex),
    Delete(Option<String>),
}

/// UpdateTable's `VectorIndexUpdates`.
pub fn raw_updates(m: &Map<String, Value>) -> Result<Vec<VectorUpdate>, ApiError> {
    let Some(list) = opt_list(m, "VectorIndexUpdates")? else { return Ok(Vec::new()) };
    let mut out = Vec::new();
    for o in list_of_obj(list)? {
        if let Some(c) = opt_obj(o, "Create")? {
            out.push(VectorUpdate::Create(raw(c)?));
        } else if let Some(d) = opt_obj(o, "Delete")? {
            out.push(VectorUpdate::Delete(opt_str(d, "IndexName")?.map(String::from)));
        } else {
            // Neither member: DynamoDB's model allows it and the operation refuses it like an empty GSI
            // update (no capture exists; this is the GSI updates' wording).
            return Err(ApiError::validation("One or more parameter values were invalid: One of GlobalSecondaryIndexUpdate.Create, GlobalSecondaryIndexUpdate.Update, or GlobalSecondaryIndexUpdate.Delete must be specified"));
        }
    }
    Ok(out)
}

/// The member constraints of the updates.
pub fn check_updates(c: &mut Checks, updates: &[VectorUpdate]) {
    for (i, u) in updates.iter().enumerate() {
        match u {
            VectorUpdate::Create(ix) => check(c, ix, &format!("vectorIndexUpdates.{}.member.create", i + 1)),
            VectorUpdate::Delete(n) => c.name(n.as_deref(), &format!("vectorIndexUpdates.{}.member.delete.indexName", i + 1), true),
        }
    }
}

/// Apply validated updates to a table's vector index list (UpdateTable); `taken` says whether another
/// index of the table (GSI or LSI) has a name. Returns the names created, for the backfill.
pub fn apply_updates(
    current: &mut Vec<VectorIndexDef>,
    updates: &[VectorUpdate],
    defs: &[KeyAttr],
    billing: BillingMode,
    table: &str,
    taken: &dyn Fn(&str) -> bool,
    now: u64,
) -> Result<Vec<String>, ApiError> {
    if updates.len() > 1 {
        return Err(ApiError::LimitExceeded(String::from(
            "Subscriber limit exceeded: Only 1 online index can be created or deleted simultaneously per table",
        )));
    }
    let mut created = Vec::new();
    for u in updates {
        match u {
            VectorUpdate::Create(ix) => {
                if billing != BillingMode::PayPerRequest {
                    return Err(invalid("Vector indexes are only supported for PAY_PER_REQUEST tables"));
                }
                let name = ix.name.as_deref().unwrap_or_default();
                if current.iter().any(|v| v.name == name) || taken(name) {
                    return Err(ApiError::validation("Attempting to create an index which already exists"));
                }
                let def = resolve(ix, defs, now)?;
                if current.len() >= MAX_PER_TABLE {
                    return Err(invalid("VectorIndex count exceeds the per-table limit of 5"));
                }
                let mut all = current.clone();
                all.push(def);
                check_set(&all, defs)?;
                created.push(String::from(name));
                *current = all;
            }
            VectorUpdate::Delete(name) => {
                let name = name.as_deref().unwrap_or_default();
                if !current.iter().any(|v| v.name == name) {
                    return Err(ApiError::ResourceNotFound(format!("Requested resource not found: Index {name} for table {table}")));
                }
                current.retain(|v| v.name != name);
            }
        }
    }
    Ok(created)
}
