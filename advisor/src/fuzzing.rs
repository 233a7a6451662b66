//! The fuzz target's body (`advisor/fuzz`), here so that ordinary tests run it over fixed inputs too.

use alloc::string::String;

use engine::db::{Database, DatabaseConfig};
use engine::model::Model;

use crate::check::check_all;
use crate::draft::Draft;
use crate::heat::{Heat, HotKey};
use crate::{advise, Context};

/// Read `text` as a model file and check and advise it (also with `text` as a throttled key of the
/// simulator's heat, and as a Query's key condition for the builder's form); then use it as every field
/// of the pattern form.
pub fn pattern_text(text: &str) {
    if let Ok(model) = Model::from_json_str(text) {
        let mut db = Database::new(DatabaseConfig::default());
        if model.load_into(&mut db, 0).is_ok() {
            let checks = check_all(&model, &db, 0);
            let _ = advise(&Context::new(&model, &checks, None));
            let table = model.tables.first().and_then(|t| engine::model::table_name(&t.definition)).unwrap_or(text);
            let key = HotKey { table: table.into(), index: None, key: text.into(), accessed_half_units: text.len() as u64, throttled_requests: 1 };
            let heat = Heat { seconds: text.len() as u32 % 4, keys: alloc::vec![key] };
            let _ = advise(&Context::new(&model, &checks, Some(&heat)));
            let _ = crate::markdown::export(&model, &checks);
            for p in &model.access_patterns {
                if let Some(r) = &p.request {
                    let _ = crate::builder_form::to_builder_form(r, "PK", Some("SK"));
                }
            }
        }
    }
    let d = Draft {
        name: text.into(),
        description: String::new(),
        operation: String::from("Query"),
        request: text.into(),
        parameters: text.into(),
        entity_types: text.into(),
        rate: text.into(),
    };
    if let Ok(p) = d.to_pattern(None) {
        if let Ok(spec) = crate::pattern::PatternSpec::from_access_pattern(&p) {
            let _ = spec.resolved_request();
        }
    }
    let _ = crate::pattern::placeholders(&serde_json::Value::String(text.into()));
    let kc = serde_json::json!({"TableName": "T", "KeyConditionExpression": text, "ExpressionAttributeNames": {"#p": "PK", "#s": "SK"},
        "ExpressionAttributeValues": {":p": {"S": "a"}, ":s": {"N": "1"}}});
    let _ = crate::builder_form::to_builder_form(&kc, "PK", Some("SK"));
    let _ = crate::rules::hot_time_key::strip_time(text);
}
