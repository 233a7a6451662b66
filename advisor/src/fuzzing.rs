//! The fuzz target's body (`advisor/fuzz`), here so that ordinary tests run it over fixed inputs too.

use alloc::string::String;

use engine::db::{Database, DatabaseConfig};
use engine::model::Model;

use crate::check::check_all;
use crate::draft::Draft;
use crate::{advise, Context};

/// Read `text` as a model file and check and advise it; then use it as every field of the pattern form.
pub fn pattern_text(text: &str) {
    if let Ok(model) = Model::from_json_str(text) {
        let mut db = Database::new(DatabaseConfig::default());
        if model.load_into(&mut db, 0).is_ok() {
            let checks = check_all(&model, &db, 0);
            let _ = advise(&Context::new(&model, &checks, None));
            let _ = crate::markdown::export(&model, &checks);
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
}
