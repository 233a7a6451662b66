//! An index's projection as the API describes it (`Projection` in a TableDescription, in a CreateTable
//! definition), one shape for GSIs, LSIs and vector indexes.

use serde_json::{json, Value};

use crate::table::schema::ProjectionDef;

pub fn projection_json(p: &ProjectionDef) -> Value {
    match p {
        ProjectionDef::Include(l) => json!({"ProjectionType": "INCLUDE", "NonKeyAttributes": l}),
        other => json!({"ProjectionType": other.type_name()}),
    }
}
