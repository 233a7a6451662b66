//! CreateTable input: shape (SerializationException), constraints (the "N validation errors detected"
//! list) and then the cross-field rules DynamoDB checks in this order (see dynalite's createTable
//! validation, which records the order real DynamoDB reports them).

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use serde_json::{Map, Value};

use crate::api::json::{list_of_obj, list_of_str, opt_int, opt_list, opt_obj, opt_str, Checks};
use crate::error::ApiError;
use crate::index::multi_key::{ExtraKeys, MAX_KEY_ATTRIBUTES};
use crate::table::schema::{BillingMode, IndexDef, IndexKind, KeyAttr, KeySchema, ProjectionDef, TableDef, Throughput};
use crate::value::ScalarType;

pub use super::raw_index::{resolve_projection, RawIndex, RawKey, RawThroughput};

pub fn raw_keys(list: Option<&Vec<Value>>) -> Result<Option<Vec<RawKey>>, ApiError> {
    let Some(list) = list else { return Ok(None) };
    let mut out = Vec::new();
    for o in list_of_obj(list)? {
        out.push(RawKey {
            name: opt_str(o, "AttributeName")?.map(String::from),
            key_type: opt_str(o, "KeyType")?.map(String::from),
        });
    }
    Ok(Some(out))
}

pub fn raw_throughput(m: &Map<String, Value>) -> Result<Option<RawThroughput>, ApiError> {
    let Some(o) = opt_obj(m, "ProvisionedThroughput")? else { return Ok(None) };
    Ok(Some(RawThroughput { read: opt_int(o, "ReadCapacityUnits", "Long")?, write: opt_int(o, "WriteCapacityUnits", "Long")? }))
}

pub fn raw_index(o: &Map<String, Value>) -> Result<RawIndex, ApiError> {
    let proj = opt_obj(o, "Projection")?;
    let (projection_type, non_key) = match proj {
        Some(p) => (
            opt_str(p, "ProjectionType")?.map(String::from),
            match opt_list(p, "NonKeyAttributes")? {
                Some(l) => Some(list_of_str(l)?),
                None => None,
            },
        ),
        None => (None, None),
    };
    Ok(RawIndex {
        name: opt_str(o, "IndexName")?.map(String::from),
        keys: raw_keys(opt_list(o, "KeySchema")?)?,
        projection_type,
        non_key,
        has_projection: proj.is_some(),
        throughput: raw_throughput(o)?,
    })
}

pub fn raw_indexes(m: &Map<String, Value>, field: &str) -> Result<Option<Vec<RawIndex>>, ApiError> {
    let Some(list) = opt_list(m, field)? else { return Ok(None) };
    list_of_obj(list)?.into_iter().map(raw_index).collect::<Result<Vec<_>, _>>().map(Some)
}

pub fn check_keys(c: &mut Checks, keys: Option<&Vec<RawKey>>, path: &str, key_type_enum: bool) {
    check_keys_up_to(c, keys, path, key_type_enum, 2);
}

/// [`check_keys`] with the length limit of the key schema checked: 2 for a table or an LSI; a GSI's
/// (`usize::MAX`) has none in the service model since multi-attribute keys, its counts per key type
/// are checked later ([`resolve_gsi_keys`]).
fn check_keys_up_to(c: &mut Checks, keys: Option<&Vec<RawKey>>, path: &str, key_type_enum: bool, max: usize) {
    c.not_null(keys, path);
    c.min_len(keys.map(|k| k.as_slice()), path, 1, "'[]'");
    if let Some(keys) = keys {
        if keys.len() > max {
            // DynamoDB lists the elements as their Java form prints them (paritysuite's probe of the
            // three-element answer, whose field rendering this is).
            let shown: Vec<String> = keys
                .iter()
                .map(|k| format!("KeySchemaElement(attributeName={}, keyType={})", k.name.as_deref().unwrap_or("null"), k.key_type.as_deref().unwrap_or("null")))
                .collect();
            c.fail(format!("'[{}]'", shown.join(", ")), path, "Member must have length less than or equal to 2");
        }
        for (i, k) in keys.iter().enumerate() {
            let p = format!("{path}.{}.member", i + 1);
            c.not_null(k.name.as_ref(), &format!("{p}.attributeName"));
            c.str_len(k.name.as_deref(), &format!("{p}.attributeName"), 1, 255);
            c.not_null(k.key_type.as_ref(), &format!("{p}.keyType"));
            if key_type_enum {
                c.one_of(k.key_type.as_deref(), &format!("{p}.keyType"), &["HASH", "RANGE"], "[HASH, RANGE]");
            }
        }
    }
}

pub fn check_throughput(c: &mut Checks, t: Option<&RawThroughput>, path: &str) {
    if let Some(t) = t {
        c.not_null(t.write, &format!("{path}.writeCapacityUnits"));
        c.min(t.write, &format!("{path}.writeCapacityUnits"), 1);
        c.not_null(t.read, &format!("{path}.readCapacityUnits"));
        c.min(t.read, &format!("{path}.readCapacityUnits"), 1);
    }
}

pub fn check_index(c: &mut Checks, ix: &RawIndex, path: &str) {
    check_index_up_to(c, ix, path, 2);
}

/// [`check_index`] for a global secondary index, whose key may have several attributes.
pub fn check_gsi(c: &mut Checks, ix: &RawIndex, path: &str) {
    check_index_up_to(c, ix, path, usize::MAX);
}

fn check_index_up_to(c: &mut Checks, ix: &RawIndex, path: &str, max_keys: usize) {
    check_keys_up_to(c, ix.keys.as_ref(), &format!("{path}.keySchema"), false, max_keys);
    if !ix.has_projection {
        c.not_null(None::<()>, &format!("{path}.projection"));
    }
    c.one_of(ix.projection_type.as_deref(), &format!("{path}.projection.projectionType"), &["ALL", "INCLUDE", "KEYS_ONLY"], "[ALL, INCLUDE, KEYS_ONLY]");
    c.min_len(ix.non_key.as_deref(), &format!("{path}.projection.nonKeyAttributes"), 1, "'[]'");
    for (i, n) in ix.non_key.iter().flatten().enumerate() {
        c.str_len(Some(n), &format!("{path}.projection.nonKeyAttributes.{}.member", i + 1), 1, 255);
    }
    c.name(ix.name.as_deref(), &format!("{path}.indexName"), true);
    check_throughput(c, ix.throughput.as_ref(), &format!("{path}.provisionedThroughput"));
}

fn invalid(msg: String) -> ApiError {
    ApiError::Validation(format!("One or more parameter values were invalid: {msg}"))
}

pub fn throughput_bounds(t: &RawThroughput) -> Result<Throughput, ApiError> {
    let (r, w) = (t.read.unwrap_or(1), t.write.unwrap_or(1));
    if r > 1_000_000_000_000 {
        return Err(ApiError::Validation(format!("Given value {r} for ReadCapacityUnits is out of bounds")));
    }
    if w > 1_000_000_000_000 {
        return Err(ApiError::Validation(format!("Given value {w} for WriteCapacityUnits is out of bounds")));
    }
    Ok(Throughput { read: r, write: w })
}

fn scalar(s: &str) -> ScalarType {
    match s {
        "N" => ScalarType::N,
        "B" => ScalarType::B,
        _ => ScalarType::S,
    }
}

/// Resolve a validated key schema against attribute definitions, with DynamoDB's messages.
pub fn resolve_keys(keys: &[RawKey], defs: &[KeyAttr], index: Option<&str>) -> Result<KeySchema, ApiError> {
    let names: Vec<&str> = keys.iter().map(|k| k.name.as_deref().unwrap_or("")).collect();
    let defn_names: Vec<&str> = defs.iter().map(|d| d.name.as_str()).collect();
    let find = |n: &str| defs.iter().find(|d| d.name == n);
    if index.is_none() && keys.len() == 2 && (names.iter().any(|n| find(n).is_none()) || (names[0] == names[1] && defs.len() == 1)) {
        return Err(ApiError::validation("Invalid KeySchema: Some index key attribute have no definition"));
    }
    if names.iter().any(|n| find(n).is_none()) {
        return Err(invalid(format!(
            "Some index key attributes are not defined in AttributeDefinitions. Keys: [{}], AttributeDefinitions: [{}]",
            names.join(", "),
            defn_names.join(", ")
        )));
    }
    if names.len() == 2 && names[0] == names[1] {
        return Err(ApiError::validation("Both the Hash Key and the Range Key element in the KeySchema have the same name"));
    }
    if keys[0].key_type.as_deref() != Some("HASH") {
        return Err(ApiError::validation("Invalid KeySchema: The first KeySchemaElement is not a HASH key type"));
    }
    if keys.len() == 2 && keys[1].key_type.as_deref() != Some("RANGE") {
        return Err(ApiError::validation("Invalid KeySchema: The second KeySchemaElement is not a RANGE key type"));
    }
    let attr = |n: &str| find(n).cloned().ok_or_else(|| ApiError::validation("The provided key element does not match the schema"));
    Ok(KeySchema { pk: attr(names[0])?, sk: if names.len() == 2 { Some(attr(names[1])?) } else { None } })
}

/// Resolve a GSI's key schema, which may name up to four HASH and up to four RANGE attributes
/// (multi-attribute keys). A key of one HASH and at most one RANGE attribute goes through
/// [`resolve_keys`], with the messages DynamoDB has always given for it.
///
/// For a longer key the Developer Guide and the API Reference give the rules (HASH attributes first,
/// then RANGE attributes, at most four of each, each attribute defined) but not DynamoDB's wording for
/// breaking them; the messages below follow the wording of DynamoDB's one-attribute checks and name
/// the index and the attribute at fault. Refused too: one attribute named twice, which a key of one
/// HASH and one RANGE attribute already refuses.
pub fn resolve_gsi_keys(keys: &[RawKey], defs: &[KeyAttr], index: &str) -> Result<(KeySchema, ExtraKeys), ApiError> {
    let hashes = keys.iter().filter(|k| k.key_type.as_deref() == Some("HASH")).count();
    if keys.len() <= 2 && hashes <= 1 {
        return Ok((resolve_keys(keys, defs, Some(index))?, ExtraKeys::default()));
    }
    let names: Vec<&str> = keys.iter().map(|k| k.name.as_deref().unwrap_or("")).collect();
    let find = |n: &str| defs.iter().find(|d| d.name == n);
    if names.iter().any(|n| find(n).is_none()) {
        let defn_names: Vec<&str> = defs.iter().map(|d| d.name.as_str()).collect();
        return Err(invalid(format!(
            "Some index key attributes are not defined in AttributeDefinitions. Keys: [{}], AttributeDefinitions: [{}]",
            names.join(", "),
            defn_names.join(", ")
        )));
    }
    if let Some(n) = names.iter().enumerate().find_map(|(i, n)| names[..i].contains(n).then_some(n)) {
        return Err(ApiError::Validation(format!("Invalid KeySchema: Duplicate attribute name in the KeySchema of index {index}: {n}")));
    }
    if keys[0].key_type.as_deref() != Some("HASH") {
        return Err(ApiError::validation("Invalid KeySchema: The first KeySchemaElement is not a HASH key type"));
    }
    if let Some(i) = keys.windows(2).position(|w| w[0].key_type.as_deref() == Some("RANGE") && w[1].key_type.as_deref() == Some("HASH")) {
        return Err(ApiError::Validation(format!(
            "Invalid KeySchema: The HASH KeySchemaElement {} of index {index} follows a RANGE KeySchemaElement; every HASH key attribute must come before the RANGE key attributes",
            names[i + 1]
        )));
    }
    let ranges = keys.len() - hashes;
    if hashes > MAX_KEY_ATTRIBUTES {
        return Err(invalid(format!(
            "Global secondary index {index} has {hashes} partition key (HASH) attributes; a key may have at most {MAX_KEY_ATTRIBUTES}"
        )));
    }
    if ranges > MAX_KEY_ATTRIBUTES {
        return Err(invalid(format!(
            "Global secondary index {index} has {ranges} sort key (RANGE) attributes; a key may have at most {MAX_KEY_ATTRIBUTES}"
        )));
    }
    let attr = |n: &str| find(n).cloned().ok_or_else(|| ApiError::validation("The provided key element does not match the schema"));
    let hash: Vec<KeyAttr> = names[..hashes].iter().map(|n| attr(n)).collect::<Result<_, _>>()?;
    let range: Vec<KeyAttr> = names[hashes..].iter().map(|n| attr(n)).collect::<Result<_, _>>()?;
    let mut hash = hash.into_iter();
    let mut range = range.into_iter();
    let Some(pk) = hash.next() else { return Err(ApiError::validation("Invalid KeySchema: The first KeySchemaElement is not a HASH key type")) };
    let sk = range.next();
    Ok((KeySchema { pk, sk }, ExtraKeys { hash: hash.collect(), range: range.collect() }))
}


/// `AttributeDefinitions` as given: (name, type) pairs, either possibly missing.
pub type RawDefinitions = Vec<(Option<String>, Option<String>)>;

/// Read `AttributeDefinitions` (CreateTable, UpdateTable).
pub fn raw_definitions(m: &Map<String, Value>) -> Result<Option<RawDefinitions>, ApiError> {
    let Some(l) = opt_list(m, "AttributeDefinitions")? else { return Ok(None) };
    let mut v = Vec::new();
    for o in list_of_obj(l)? {
        v.push((opt_str(o, "AttributeName")?.map(String::from), opt_str(o, "AttributeType")?.map(String::from)));
    }
    Ok(Some(v))
}

/// The AttributeDefinition members' constraints (the same shape in CreateTable and UpdateTable).
pub fn check_definitions(c: &mut Checks, defs: Option<&RawDefinitions>) {
    for (i, (n, t)) in defs.into_iter().flatten().enumerate() {
        let p = format!("attributeDefinitions.{}.member", i + 1);
        c.not_null(n.as_ref(), &format!("{p}.attributeName"));
        c.str_len(n.as_deref(), &format!("{p}.attributeName"), 1, 255);
        c.not_null(t.as_ref(), &format!("{p}.attributeType"));
        c.one_of(t.as_deref(), &format!("{p}.attributeType"), &["B", "N", "S"], "[B, N, S]");
    }
}

/// Parse and validate a CreateTable request into a table definition.
pub fn parse(m: &Map<String, Value>, now: u64) -> Result<TableDef, ApiError> {
    let defs_raw = raw_definitions(m)?;
    let table_name = opt_str(m, "TableName")?;
    let keys = raw_keys(opt_list(m, "KeySchema")?)?;
    let lsis = raw_indexes(m, "LocalSecondaryIndexes")?;
    let gsis = raw_indexes(m, "GlobalSecondaryIndexes")?;
    let throughput = raw_throughput(m)?;
    let billing = opt_str(m, "BillingMode")?;
    let vectors = crate::vector::parse::raw_list(m)?;

    // A missing TableName is reported alone, before the constraint list (the nubo-db/dynamodb-conformance
    // suite's exact-message test against AWS; dynalite's createTable test).
    if table_name.is_none() {
        return Err(ApiError::validation("The parameter 'TableName' is required but was not present in the request"));
    }
    let mut c = Checks::new();
    c.not_null(defs_raw.as_ref(), "attributeDefinitions");
    check_definitions(&mut c, defs_raw.as_ref());
    c.name(table_name, "tableName", true);
    check_keys(&mut c, keys.as_ref(), "keySchema", true);
    for (i, ix) in lsis.iter().flatten().enumerate() {
        check_index(&mut c, ix, &format!("localSecondaryIndexes.{}.member", i + 1));
    }
    for (i, ix) in gsis.iter().flatten().enumerate() {
        check_gsi(&mut c, ix, &format!("globalSecondaryIndexes.{}.member", i + 1));
    }
    for (i, ix) in vectors.iter().flatten().enumerate() {
        crate::vector::parse::check(&mut c, ix, &format!("vectorIndexes.{}.member", i + 1));
    }
    check_throughput(&mut c, throughput.as_ref(), "provisionedThroughput");
    c.one_of(billing, "billingMode", &["PROVISIONED", "PAY_PER_REQUEST"], "[PROVISIONED, PAY_PER_REQUEST]");
    c.finish()?;
    let (Some(defs_raw), Some(keys), Some(table_name)) = (defs_raw, keys, table_name) else {
        return Err(ApiError::Internal(String::from("validated fields missing")));
    };

    let billing = if billing == Some("PAY_PER_REQUEST") { BillingMode::PayPerRequest } else { BillingMode::Provisioned };
    let throughput = match (billing, throughput) {
        (BillingMode::Provisioned, None) => {
            return Err(invalid(String::from(
                "ReadCapacityUnits and WriteCapacityUnits must both be specified when BillingMode is PROVISIONED",
            )))
        }
        (BillingMode::PayPerRequest, Some(_)) => {
            return Err(invalid(String::from(
                "Neither ReadCapacityUnits nor WriteCapacityUnits can be specified when BillingMode is PAY_PER_REQUEST",
            )))
        }
        (BillingMode::Provisioned, Some(t)) => Some(throughput_bounds(&t)?),
        (BillingMode::PayPerRequest, None) => None,
    };
    let mut defs: Vec<KeyAttr> = Vec::new();
    for (n, t) in &defs_raw {
        let name = n.clone().unwrap_or_default();
        if defs.iter().any(|d| d.name == name) {
            // AWS's wording (DynamoDB Local says "Cannot have two attributes with the same name").
            return Err(ApiError::Validation(format!("Attribute Name is duplicated: {name}")));
        }
        defs.push(KeyAttr { name, ty: scalar(t.as_deref().unwrap_or("S")) });
    }
    let table_keys = resolve_keys(&keys, &defs, None)?;
    if lsis.is_none() && gsis.is_none() && vectors.is_none() && keys.len() != defs.len() {
        return Err(invalid(String::from(
            "Number of attributes in KeySchema does not exactly match number of attributes defined in AttributeDefinitions",
        )));
    }
    let mut indexes: Vec<IndexDef> = Vec::new();
    if let Some(lsis) = &lsis {
        if lsis.is_empty() {
            return Err(invalid(String::from("List of LocalSecondaryIndexes is empty")));
        }
        if table_keys.sk.is_none() {
            return Err(invalid(String::from(
                "Table KeySchema does not have a range key, which is required when specifying a LocalSecondaryIndex",
            )));
        }
        for ix in lsis {
            let name = ix.name.clone().unwrap_or_default();
            let raw = ix.keys.as_deref().unwrap_or_default();
            let ks = resolve_keys(raw, &defs, Some(&name))?;
            if ks.sk.is_none() {
                return Err(invalid(format!("Index KeySchema does not have a range key for index: {name}")));
            }
            if ks.pk.name != table_keys.pk.name {
                return Err(invalid(format!(
                    "Index KeySchema does not have the same leading hash key as table KeySchema for index: {name}. index hash key: {}, table hash key: {}",
                    ks.pk.name, table_keys.pk.name
                )));
            }
            let projection = resolve_projection(ix)?;
            if indexes.iter().any(|i| i.name == name) {
                return Err(invalid(format!("Duplicate index name: {name}")));
            }
            indexes.push(IndexDef { name, kind: IndexKind::Local, keys: ks, extra_keys: ExtraKeys::default(), projection, throughput: None, created_at: now, backfills: false });
        }
        if lsis.len() > 5 {
            return Err(invalid(String::from("Number of LocalSecondaryIndexes exceeds per-table limit of 5")));
        }
    }
    if let Some(gsis) = &gsis {
        if gsis.is_empty() {
            return Err(invalid(String::from("List of GlobalSecondaryIndexes is empty")));
        }
        for ix in gsis {
            let idx = resolve_gsi(ix, &defs, billing, now)?;
            if indexes.iter().any(|i| i.name == idx.name) {
                return Err(invalid(format!("Duplicate index name: {}", idx.name)));
            }
            indexes.push(idx);
        }
        if gsis.len() > 20 {
            return Err(invalid(String::from("GlobalSecondaryIndex count exceeds the per-table limit of 20")));
        }
    }
    check_projected_total(&indexes)?;
    let vectors = match &vectors {
        Some(list) => crate::vector::parse::resolve_create(list, &defs, billing, now)?,
        None => Vec::new(),
    };
    if let Some(v) = vectors.iter().find(|v| indexes.iter().any(|i| i.name == v.name)) {
        return Err(invalid(format!("Duplicate index name: {}", v.name)));
    }
    let used = |n: &str| table_keys.is_key(n) || indexes.iter().any(|i| i.is_index_key(n)) || vectors.iter().any(|v| v.in_schema(n));
    if defs.iter().any(|d| !used(&d.name)) {
        let mut keys_used: Vec<&str> = Vec::new();
        let table_attrs = core::iter::once(&table_keys.pk).chain(table_keys.sk.as_ref());
        for a in table_attrs.chain(indexes.iter().flat_map(|i| i.key_attrs())) {
            if !keys_used.contains(&a.name.as_str()) {
                keys_used.push(&a.name);
            }
        }
        let all: Vec<&str> = defs.iter().map(|d| d.name.as_str()).collect();
        return Err(invalid(format!(
            "Some AttributeDefinitions are not used. AttributeDefinitions: [{}], keys used: [{}]",
            all.join(", "),
            keys_used.join(", ")
        )));
    }
    Ok(TableDef { name: String::from(table_name), keys: table_keys, attributes: defs, indexes, billing, throughput, created_at: now, vectors })
}

/// Resolve one GSI definition (CreateTable or UpdateTable Create).
pub fn resolve_gsi(ix: &RawIndex, defs: &[KeyAttr], billing: BillingMode, now: u64) -> Result<IndexDef, ApiError> {
    let name = ix.name.clone().unwrap_or_default();
    let (ks, extra_keys) = resolve_gsi_keys(ix.keys.as_deref().unwrap_or_default(), defs, &name)?;
    let projection = resolve_projection(ix)?;
    let throughput = match (billing, &ix.throughput) {
        (BillingMode::Provisioned, None) => {
            return Err(invalid(format!("ProvisionedThroughput must be specified for index: {name}")));
        }
        (BillingMode::PayPerRequest, Some(_)) => {
            return Err(invalid(format!(
                "ProvisionedThroughput should not be specified for index: {name} when BillingMode is PAY_PER_REQUEST"
            )));
        }
        (_, Some(t)) => Some(throughput_bounds(t)?),
        (_, None) => None,
    };
    Ok(IndexDef { name, kind: IndexKind::Global, keys: ks, extra_keys, projection, throughput, created_at: now, backfills: false })
}

/// At most 100 NonKeyAttributes over all of a table's indexes (each attribute counted per index).
pub fn check_projected_total(indexes: &[IndexDef]) -> Result<(), ApiError> {
    let total: usize = indexes
        .iter()
        .map(|i| match &i.projection {
            ProjectionDef::Include(l) => l.len(),
            _ => 0,
        })
        .sum();
    if total > 100 {
        return Err(invalid(format!("Number of projected attributes in all indexes exceeds limit of 100, provided: {total}")));
    }
    Ok(())
}
