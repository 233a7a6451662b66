//! Arbitrary bytes -> the model-file reader (migration, path-tracking shape checks, item value checks),
//! the fast path that decodes items straight from the text, and loading into a database. Nothing may
//! panic; whatever reads must write back to a document that reads as the same model.
#![no_main]

use engine::db::{Database, DatabaseConfig};
use engine::model::Model;
use engine::value::item_from_json;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    // The fast path (items decoded straight from the text) reads exactly what the ordinary reader and
    // the item decoder read, or leaves the file to them.
    if let Some(d) = engine::model::decoded::read(text) {
        let mut m = Model::from_json_str(text).expect("the ordinary reader reads what the fast path read");
        let items: Vec<Vec<_>> = m.tables.iter().map(|t| t.items.iter().map(|v| item_from_json(v).expect("an item the fast path decoded")).collect()).collect();
        m.tables.iter_mut().for_each(|t| t.items.clear());
        assert_eq!(d.model, m, "the fast path read another model");
        assert_eq!(d.items, items, "the fast path decoded other items");
    }
    let Ok(model) = Model::from_json_str(text) else { return };
    let again = Model::from_json_str(&model.to_json_string_pretty()).expect("a written model reads");
    assert_eq!(again, model, "round trip changed the model");
    let _ = model.check();
    let _ = model.check_items();
    let mut db = Database::new(DatabaseConfig::default());
    let _ = model.load_into(&mut db, 1_700_000_000_000);
});
