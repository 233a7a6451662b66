//! The NoSQL Workbench importer on hostile input (any version, the web modeler's `ModelSchema`), then
//! what the app does with an imported model: check it, load every item into the engine, export it as
//! Workbench 3.0 and import that again. Nothing may panic; a model that imports and checks must
//! survive export and import with the same tables.
#![no_main]

use engine::db::{Database, DatabaseConfig};
use formats::workbench::{export, import, looks_like_workbench};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(v) = serde_json::from_str::<serde_json::Value>(text) {
        let _ = looks_like_workbench(&v);
    }
    let Ok(imported) = import(text) else { return };
    let model = imported.model;
    for n in &imported.notes {
        let _ = n.to_string();
    }
    let checks = model.check().is_ok() && model.check_items().is_ok();
    let mut db = Database::new(DatabaseConfig::default());
    let _ = model.load_into(&mut db, 1_700_000_000_000);
    let (doc, _notes) = export(&model);
    let again = import(&doc.to_string());
    if checks {
        let again = again.expect("an exported model imports");
        let names = |m: &engine::model::Model| m.tables.iter().map(|t| t.name().map(str::to_string)).collect::<Vec<_>>();
        assert_eq!(names(&again.model), names(&model), "export and import kept the tables");
    }
});
