//! The views that follow the playground edit by edit instead of recomputing it — the Items grid's
//! layout (`TableView`) and the autosave's encoder — checked in headless Chromium against a full
//! recompute as the reference, after every step of long random edit sequences.
#![cfg(target_arch = "wasm32")]

use app::model::autosave::{self, Encoder};
use app::model::design::{IndexDraft, TableDraft};
use app::model::table_view::{full_layout, TableView};
use app::model::{Change, Edit, History, Playground};
use engine::model::Model;
use engine::value::{item_from_json, item_size, Item};
use serde_json::{json, Value};
use wasm_bindgen_test::*;


const NOW: u64 = 1_700_000_000_000;

/// A small deterministic generator (64-bit LCG), so a failure replays exactly.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        self.0 >> 33
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// Two tables: `Shop` (PK/SK strings, a GSI) with two saved items that do not fit it (a number PK), so
/// the "not stored" section exists from the start; and `Other` (PK only).
fn start() -> Playground {
    let mut d = TableDraft { name: "Shop".into(), ..TableDraft::default() };
    d.gsis.push(IndexDraft::new_gsi(1));
    let shop = d.check(NOW).unwrap();
    let other = TableDraft { name: "Other".into(), sort: None, ..TableDraft::default() }.check(NOW).unwrap();
    let model = Model::from_json(json!({"version": 1, "tables": [
        {"definition": shop, "items": [
            {"PK": {"S": "P1"}, "SK": {"S": "a"}, "x": {"S": "1"}},
            {"PK": {"N": "7"}, "SK": {"S": "broken"}},
            {"PK": {"S": "P2"}, "SK": {"S": "b"}, "y": {"N": "2"}},
            {"PK": {"N": "8"}, "SK": {"S": "broken too"}, "z": {"BOOL": true}},
        ]},
        {"definition": other, "items": [{"PK": {"S": "o1"}}]},
    ]}))
    .unwrap();
    Playground::from_model(&model, NOW)
}

/// A random item for `Shop`: few partition values (so collections form and vanish), random sort keys,
/// a random subset of attributes (so columns come and go), sometimes no sort key (refused by the engine).
fn random_item(r: &mut Rng) -> Item {
    let mut v = serde_json::Map::new();
    v.insert("PK".into(), json!({"S": format!("P{}", r.below(5))}));
    if r.below(12) != 0 {
        v.insert("SK".into(), json!({"S": format!("s{:02}", r.below(40))}));
    }
    for (name, value) in [("a", json!({"S": "x"})), ("b", json!({"N": "12.5"})), ("c", json!({"SS": ["u", "v"]})), ("GSI1PK", json!({"S": "G"}))] {
        if r.below(3) == 0 {
            v.insert(name.into(), value);
        }
    }
    if r.below(20) == 0 {
        v.insert(format!("rare{}", r.below(3)), json!({"BOOL": true}));
    }
    item_from_json(&Value::Object(v)).unwrap()
}

fn random_edit(p: &mut Playground, r: &mut Rng) -> Edit {
    let rows: Vec<u64> = p.tables()[0].rows.iter().map(|x| x.id).collect();
    let pick = |r: &mut Rng| rows[r.below(rows.len() as u64) as usize];
    match r.below(10) {
        0..=2 => Edit::PutRow { table: 0, id: p.new_row_id(), item: random_item(r) },
        3..=5 if !rows.is_empty() => Edit::PutRow { table: 0, id: pick(r), item: random_item(r) },
        6 if !rows.is_empty() => Edit::DeleteRow { table: 0, id: pick(r) },
        7 => {
            let mut edits = Vec::new();
            for _ in 0..1 + r.below(3) {
                edits.push(Edit::PutRow { table: 0, id: p.new_row_id(), item: random_item(r) });
            }
            if !rows.is_empty() {
                edits.push(Edit::PutRow { table: 0, id: pick(r), item: random_item(r) });
            }
            Edit::Batch(edits)
        }
        8 => Edit::PutRow { table: 1, id: p.new_row_id(), item: item_from_json(&json!({"PK": {"S": format!("o{}", r.below(9))}})).unwrap() },
        _ => Edit::PutRow { table: 0, id: p.new_row_id(), item: random_item(r) },
    }
}

fn check_view(view: &TableView, p: &Playground, step: usize) {
    let t = &p.tables()[0];
    assert_eq!(view.layout, full_layout(t), "layout differs from a full recompute after step {step}");
    assert_eq!(view.total_bytes, t.rows.iter().map(|r| item_size(&r.item)).sum::<usize>(), "bytes after step {step}");
}

fn saved_json(text: &str) -> Value {
    serde_json::from_str(text).unwrap()
}

#[wasm_bindgen_test]
fn table_view_follows_random_edits_exactly() {
    for seed in 1..=6u64 {
        let mut r = Rng(seed);
        let mut p = start();
        let mut h = History::new();
        let mut view = TableView::build(&p, 0);
        check_view(&view, &p, 0);
        for step in 1..=150 {
            match r.below(8) {
                // Undo and redo replay inverse edits: RestoreRow brings broken rows back.
                0 => {
                    let _ = h.undo(&mut p, NOW);
                }
                1 => {
                    let _ = h.redo(&mut p, NOW);
                }
                _ => {
                    let e = random_edit(&mut p, &mut r);
                    let _ = h.perform(&mut p, e, NOW);
                }
            }
            // Sometimes let several edits pile up before the view catches up.
            if r.below(4) != 0 {
                view.refresh(&p, 0);
                check_view(&view, &p, step);
            }
        }
        view.refresh(&p, 0);
        check_view(&view, &p, 999);
        // Only the steps that are not row edits of this table (none here) or pile up more than the
        // incremental limit rebuild; every other step was followed incrementally.
        assert_eq!(view.rebuilds(), 0, "seed {seed}");
    }
}

#[wasm_bindgen_test]
fn fixing_and_breaking_rows_moves_them_between_sections() {
    let mut p = start();
    let mut h = History::new();
    let mut view = TableView::build(&p, 0);
    let broken: Vec<u64> = p.tables()[0].rows.iter().filter(|r| r.error.is_some()).map(|r| r.id).collect();
    assert_eq!(broken.len(), 2);
    // Fix one broken row: it leaves "not stored" and joins a collection.
    let fixed = item_from_json(&json!({"PK": {"S": "P1"}, "SK": {"S": "0"}})).unwrap();
    h.perform(&mut p, Edit::PutRow { table: 0, id: broken[0], item: fixed }, NOW).unwrap();
    assert!(view.refresh(&p, 0));
    check_view(&view, &p, 1);
    // Undo: the row is broken again, exactly as it was.
    assert!(h.undo(&mut p, NOW).unwrap());
    view.refresh(&p, 0);
    check_view(&view, &p, 2);
    // Delete both broken rows: the "not stored" header goes.
    for id in &broken {
        h.perform(&mut p, Edit::DeleteRow { table: 0, id: *id }, NOW).unwrap();
        view.refresh(&p, 0);
        check_view(&view, &p, 3);
    }
    assert_eq!(view.layout.partitions, 2);
    assert_eq!(view.rebuilds(), 0);
    // A design change re-stores every row: the view rebuilds, and still equals the reference.
    let mut d = TableDraft::from_definition(&p.tables()[0].definition);
    d.sort.as_mut().unwrap().key_type = engine::value::ScalarType::N;
    h.perform(&mut p, Edit::SetDefinition { table: 0, definition: d.check(NOW).unwrap() }, NOW).unwrap();
    view.refresh(&p, 0);
    check_view(&view, &p, 4);
    assert_eq!(view.rebuilds(), 1);
    // Nothing changed: refresh says so.
    assert!(!view.refresh(&p, 0));
}

/// `start()`'s model, read the way a reload reads its save: in one pass.
fn start_decoded() -> engine::model::decoded::Decoded {
    let text = autosave::encode(&start().to_model(), NOW);
    match autosave::decode_saved(&text).unwrap().0 {
        autosave::Saved::Decoded(d) => d,
        other => panic!("not read in one pass: {other:?}"),
    }
}

/// Every item the engine holds in each table, by Scan.
fn engine_items(p: &mut Playground) -> Vec<Value> {
    let names: Vec<String> = p.tables().iter().map(|t| t.name().to_string()).collect();
    names.iter().map(|n| p.database_mut().execute("Scan", &json!({"TableName": n}), NOW).unwrap()["Items"].clone()).collect()
}

#[wasm_bindgen_test]
fn a_reload_shows_its_rows_first_and_stores_them_as_a_full_load_does() {
    let mut full = Playground::from_decoded(start_decoded(), NOW);
    let mut lazy = Playground::from_decoded_unstored(start_decoded(), NOW);
    assert!(lazy.has_unstored() && !full.has_unstored());
    // Before: the tables exist in the engine, empty; the rows are all there, none flagged yet.
    let mut engine = lazy.database().clone();
    for table in ["Shop", "Other"] {
        assert_eq!(engine.execute("Scan", &json!({"TableName": table, "Select": "COUNT"}), NOW).unwrap()["Count"], json!(0));
    }
    assert_eq!(lazy.tables().iter().map(|t| t.rows.len()).collect::<Vec<_>>(), [4, 1]);
    assert!(lazy.tables().iter().all(|t| t.rows.iter().all(|r| r.error.is_none())));
    let mut view = TableView::build(&lazy, 0);
    let before = lazy.revision();
    // Storing: the same rows, errors and engine as a full load; Shop (two refused rows) changed as a
    // whole, Other only stored.
    assert!(lazy.store_unstored());
    assert!(!lazy.has_unstored() && !lazy.store_unstored());
    assert_eq!(lazy.tables(), full.tables());
    assert_eq!(engine_items(&mut lazy), engine_items(&mut full));
    assert_eq!(lazy.changes_since(before), Some(vec![&Change::Table(0), &Change::Stored(1)]));
    assert!(view.refresh(&lazy, 0));
    check_view(&view, &lazy, 0);
    // The autosave written after storing is the full load's.
    assert_eq!(saved_json(&Encoder::new().encode(&lazy, NOW)), saved_json(&Encoder::new().encode(&full, NOW)));
}

#[wasm_bindgen_test]
fn an_edit_or_a_request_before_the_rows_are_stored_stores_them_first() {
    let new_item = item_from_json(&json!({"PK": {"S": "P3"}, "SK": {"S": "c"}})).unwrap();
    // An edit.
    let mut p = Playground::from_decoded_unstored(start_decoded(), NOW);
    let mut h = History::new();
    let id = p.new_row_id();
    h.perform(&mut p, Edit::PutRow { table: 0, id, item: new_item.clone() }, NOW).unwrap();
    assert!(!p.has_unstored());
    let mut full = Playground::from_decoded(start_decoded(), NOW);
    let id = full.new_row_id();
    History::new().perform(&mut full, Edit::PutRow { table: 0, id, item: new_item }, NOW).unwrap();
    assert_eq!(engine_items(&mut p), engine_items(&mut full));
    assert_eq!(p.tables(), full.tables());
    // A request: it reads every row.
    let mut p = Playground::from_decoded_unstored(start_decoded(), NOW);
    let run = p.run_request("Scan", &json!({"TableName": "Shop", "Select": "COUNT"}), NOW);
    assert_eq!(run.explained.result.unwrap()["Count"], json!(2));
    assert!(!p.has_unstored());
}

#[wasm_bindgen_test]
fn journal_lists_changes_and_refuses_foreign_revisions() {
    let mut p = start();
    let r0 = p.revision();
    assert_eq!(p.changes_since(r0).unwrap().len(), 0);
    let id = p.new_row_id();
    let item = item_from_json(&json!({"PK": {"S": "P9"}, "SK": {"S": "z"}})).unwrap();
    p.apply(Edit::PutRow { table: 0, id, item }, NOW).unwrap();
    assert_eq!(p.changes_since(r0).unwrap(), vec![&Change::RowAdded { table: 0, id }]);
    // A refused edit records nothing.
    let bad = item_from_json(&json!({"PK": {"N": "1"}, "SK": {"S": "z"}})).unwrap();
    let fresh = p.new_row_id();
    let r1 = p.revision();
    assert!(p.apply(Edit::PutRow { table: 0, id: fresh, item: bad }, NOW).is_err());
    assert_eq!(p.revision(), r1);
    // A clone that goes its own way, and another playground, never match each other's revisions.
    let mut q = p.clone();
    q.apply(Edit::DeleteRow { table: 0, id }, NOW).unwrap();
    assert!(p.changes_since(q.revision()).is_none());
    assert!(start().changes_since(p.revision()).is_none());
    assert_eq!(q.changes_since(r1).unwrap().len(), 1);
}

#[wasm_bindgen_test]
fn incremental_autosave_writes_what_a_full_save_writes() {
    let mut r = Rng(42);
    let mut p = start();
    let mut h = History::new();
    let mut enc = Encoder::new();
    for step in 0..120 {
        match r.below(10) {
            0 => {
                let _ = h.undo(&mut p, NOW);
            }
            1 => {
                // A table-level change (entities) and, now and then, a whole new model.
                if r.below(3) == 0 {
                    let fresh = start();
                    let n = p.tables().len();
                    let mut edits: Vec<Edit> = (0..n).rev().map(|at| Edit::RemoveTable { at }).collect();
                    edits.extend(fresh.tables().iter().enumerate().map(|(at, t)| Edit::InsertTable { at, table: t.clone() }));
                    h.perform(&mut p, Edit::Batch(edits), NOW).unwrap();
                } else {
                    let _ = h.perform(&mut p, Edit::SetEntities { table: 1, entities: vec![] }, NOW);
                }
            }
            _ => {
                let e = random_edit(&mut p, &mut r);
                let _ = h.perform(&mut p, e, NOW);
            }
        }
        if r.below(3) != 0 {
            let text = enc.encode(&p, NOW + step);
            assert_eq!(saved_json(&text), saved_json(&autosave::encode(&p.to_model(), NOW + step)), "after step {step}");
            let (model, saved_at) = autosave::decode(&text).unwrap();
            assert_eq!((model, saved_at), (p.to_model(), NOW + step));
        }
    }
}

#[wasm_bindgen_test]
fn incremental_autosave_keeps_unreadable_items_verbatim() {
    let model = Model::from_json(json!({"version": 1, "name": "n", "tables": [{
        "definition": {"TableName": "T", "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"}],
                       "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"}], "BillingMode": "PAY_PER_REQUEST"},
        "items": [{"PK": {"S": "ok"}}, {"PK": {"S": "x"}, "bad": {"N": "abc"}}, {"PK": {"BOOL": true}}]}]}))
    .unwrap();
    let p = Playground::from_model(&model, NOW);
    let text = Encoder::new().encode(&p, NOW);
    assert_eq!(autosave::decode(&text).unwrap().0, model);
}

#[wasm_bindgen_test]
fn an_autosave_past_the_quota_stops_at_it_and_says_so() {
    use std::cell::RefCell;
    struct Store(RefCell<Option<String>>);
    impl autosave::KeyValueStore for Store {
        fn get(&self, _: &str) -> Option<String> {
            self.0.borrow().clone()
        }
        fn set(&self, _: &str, value: &str) -> bool {
            *self.0.borrow_mut() = Some(value.to_string());
            true
        }
        fn remove(&self, _: &str) {
            *self.0.borrow_mut() = None;
        }
    }
    let p = start();
    let whole = Encoder::new().encode(&p, NOW);
    let units = whole.encode_utf16().count();
    // Exactly at the limit it is written; one unit below, it is known to be too long.
    let mut enc = Encoder::new();
    assert_eq!(enc.encode_within(&p, NOW, units).as_deref(), Some(whole.as_str()));
    assert_eq!(Encoder::new().encode_within(&p, NOW, units - 1), None);
    assert_eq!(Encoder::new().encode_within(&p, NOW, 10), None);
    // The cache left by a stopped encode still gives the exact text.
    let mut stopped = Encoder::new();
    assert_eq!(stopped.encode_within(&p, NOW, units / 2), None);
    assert_eq!(stopped.encode(&p, NOW), whole);
    // A model that fits is stored.
    let store = Store(RefCell::new(None));
    assert_eq!(autosave::save_playground(&store, &mut Encoder::new(), &p, NOW), Ok(()));
    assert_eq!(store.0.borrow().as_deref(), Some(whole.as_str()));
}
