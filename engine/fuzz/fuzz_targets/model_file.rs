//! Arbitrary bytes -> the model-file reader (migration, path-tracking shape checks, item value checks)
//! and loading into a database. Nothing may panic; whatever reads must write back to a document that
//! reads as the same model.
#![no_main]

use engine::db::{Database, DatabaseConfig};
use engine::model::Model;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(model) = Model::from_json_str(text) else { return };
    let again = Model::from_json_str(&model.to_json_string_pretty()).expect("a written model reads");
    assert_eq!(again, model, "round trip changed the model");
    let _ = model.check();
    let _ = model.check_items();
    let mut db = Database::new(DatabaseConfig::default());
    let _ = model.load_into(&mut db, 1_700_000_000_000);
});
