//! An index as a request gives it, before validation (CreateTable's GSIs and LSIs, UpdateTable's Create,
//! a vector index's projection), and the projection it asks for.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use crate::error::ApiError;
use crate::table::schema::ProjectionDef;

fn invalid_parameter(msg: String) -> ApiError {
    ApiError::Validation(format!("One or more parameter values were invalid: {msg}"))
}

/// A key schema element before validation.
#[derive(Debug, Clone)]
pub struct RawKey {
    pub name: Option<String>,
    pub key_type: Option<String>,
}

#[derive(Debug, Clone)]
pub struct RawIndex {
    pub name: Option<String>,
    pub keys: Option<Vec<RawKey>>,
    pub projection_type: Option<String>,
    pub non_key: Option<Vec<String>>,
    pub has_projection: bool,
    pub throughput: Option<RawThroughput>,
}

#[derive(Debug, Clone, Copy)]
pub struct RawThroughput {
    pub read: Option<i64>,
    pub write: Option<i64>,
}

pub fn resolve_projection(ix: &RawIndex) -> Result<ProjectionDef, ApiError> {
    let name = ix.name.as_deref().unwrap_or("");
    let Some(t) = ix.projection_type.as_deref() else {
        return Err(invalid_parameter(String::from("Unknown ProjectionType: null")));
    };
    if ix.non_key.is_some() && t != "INCLUDE" {
        return Err(invalid_parameter(format!("ProjectionType is {t}, but NonKeyAttributes is specified")));
    }
    if ix.non_key.is_none() && t == "INCLUDE" {
        return Err(invalid_parameter(String::from("ProjectionType is INCLUDE, but NonKeyAttributes is not specified")));
    }
    let _ = name;
    // Wording from live DynamoDB answers (ack-api-quirks' ValidationException catalogue, DDB-TABLE-442).
    let non_key = ix.non_key.as_deref().unwrap_or_default();
    if let Some(n) = non_key.iter().enumerate().find_map(|(i, n)| non_key[..i].contains(n).then_some(n)) {
        return Err(invalid_parameter(format!("Duplicate element in NonKeyAttributes: {n}")));
    }
    Ok(match t {
        "ALL" => ProjectionDef::All,
        "KEYS_ONLY" => ProjectionDef::KeysOnly,
        _ => ProjectionDef::Include(ix.non_key.clone().unwrap_or_default()),
    })
}
