//! The modeler's state layer in headless Chromium: edits against the real engine, undo/redo, layouts,
//! index views, the value editor's text forms and autosave in the real localStorage.
#![cfg(target_arch = "wasm32")]

use app::model::autosave::{self, KeyValueStore, Loaded, LocalStorage};
use app::model::design::{IndexDraft, TableDraft};
use app::model::index_view::{index_view, indexes};
use app::model::layout::{layout, Entry, LayoutRow};
use app::model::value_edit::{editor_text, parse_value, type_from_tag};
use app::model::{Edit, EditError, History, Playground, TableState};
use engine::model::{Entity, EntityAttribute, Model};
use engine::value::{item_from_json, value_from_json, AttributeValue, Item, ValueType};
use serde_json::json;
use wasm_bindgen_test::*;


const NOW: u64 = 1_700_000_000_000;

fn item(v: serde_json::Value) -> Item {
    item_from_json(&v).unwrap()
}

/// A table `Shop` (PK/SK strings) with a GSI on GSI1PK/GSI1SK projecting KEYS_ONLY + INCLUDE total.
fn shop() -> (Playground, History) {
    let mut d = TableDraft { name: "Shop".into(), ..TableDraft::default() };
    let mut g = IndexDraft::new_gsi(1);
    g.projection = "INCLUDE".into();
    g.include = "total".into();
    d.gsis.push(g);
    let definition = d.check(NOW).unwrap();
    let mut p = Playground::new();
    let mut h = History::new();
    let table = TableState { definition, entities: vec![], rows: vec![], definition_error: None, time_to_live: None };
    h.perform(&mut p, Edit::InsertTable { at: 0, table }, NOW).unwrap();
    (p, h)
}

fn put(p: &mut Playground, h: &mut History, v: serde_json::Value) -> u64 {
    let id = p.new_row_id();
    h.perform(p, Edit::PutRow { table: 0, id, item: item(v) }, NOW).unwrap();
    id
}

#[wasm_bindgen_test]
fn add_edit_undo_redo_round_trip() {
    let (mut p, mut h) = shop();
    let before = p.to_model();
    let a = put(&mut p, &mut h, json!({"PK": {"S": "USER#1"}, "SK": {"S": "PROFILE"}, "name": {"S": "Ada"}}));
    put(&mut p, &mut h, json!({"PK": {"S": "USER#1"}, "SK": {"S": "ORDER#1"}, "GSI1PK": {"S": "PENDING"}, "GSI1SK": {"S": "1"}, "total": {"N": "5"}}));
    let after_adds = p.to_model();
    // Change the key of row a: the old key disappears from the engine, the new one is there.
    h.perform(&mut p, Edit::PutRow { table: 0, id: a, item: item(json!({"PK": {"S": "USER#2"}, "SK": {"S": "PROFILE"}})) }, NOW).unwrap();
    let scan = p.database_mut().execute("Scan", &json!({"TableName": "Shop"}), NOW).unwrap();
    assert_eq!(scan["Count"], json!(2));
    let got = p.database_mut().execute("GetItem", &json!({"TableName": "Shop", "Key": {"PK": {"S": "USER#1"}, "SK": {"S": "PROFILE"}}}), NOW).unwrap();
    assert!(got.get("Item").is_none(), "old key removed: {got}");

    assert!(h.undo(&mut p, NOW).unwrap());
    assert_eq!(p.to_model(), after_adds);
    let got = p.database_mut().execute("GetItem", &json!({"TableName": "Shop", "Key": {"PK": {"S": "USER#1"}, "SK": {"S": "PROFILE"}}}), NOW).unwrap();
    assert_eq!(got["Item"]["name"], json!({"S": "Ada"}));
    assert!(h.undo(&mut p, NOW).unwrap());
    assert!(h.undo(&mut p, NOW).unwrap());
    assert_eq!(p.to_model(), before);
    assert!(h.redo(&mut p, NOW).unwrap() && h.redo(&mut p, NOW).unwrap());
    assert_eq!(p.to_model(), after_adds);
    assert!(h.undo(&mut p, NOW).unwrap() && h.undo(&mut p, NOW).unwrap() && h.undo(&mut p, NOW).unwrap());
    assert!(!h.undo(&mut p, NOW).unwrap(), "nothing left to undo");
    assert!(p.tables().is_empty());
}

#[wasm_bindgen_test]
fn replacing_the_whole_model_is_one_step_that_undo_takes_back_entirely() {
    let (mut p, mut h) = shop();
    let a = put(&mut p, &mut h, json!({"PK": {"S": "USER#1"}, "SK": {"S": "PROFILE"}, "name": {"S": "Ada"}}));
    p.name = "Mine".into();
    p.description = "my notes".into();
    let mine = Model::from_json(json!({"version": 2, "name": "Mine", "description": "my notes",
        "tables": p.to_model().tables, "workloads": [{"name": "peak", "rate": 5}],
        "accessPatterns": [{"name": "profile by user", "operation": "GetItem"}],
        "dismissedFindings": [{"finding": "rule:Shop", "reason": "fine"}]})).unwrap();
    let mut p = Playground::from_model(&mine, NOW);
    let theirs = Model::from_json(json!({"version": 2, "name": "Theirs", "tables": [{"definition": {
        "TableName": "Other", "BillingMode": "PAY_PER_REQUEST", "KeySchema": [{"AttributeName": "id", "KeyType": "HASH"}],
        "AttributeDefinitions": [{"AttributeName": "id", "AttributeType": "S"}]}, "items": [{"id": {"S": "x"}}]}]})).unwrap();
    h.perform(&mut p, Edit::ReplaceAll(Box::new(Playground::from_model(&theirs, NOW).into())), NOW).unwrap();
    assert_eq!(p.to_model(), theirs);
    assert!(p.database_mut().execute("Scan", &json!({"TableName": "Shop"}), NOW).is_err(), "the engine holds the new model only");
    assert!(h.undo(&mut p, NOW).unwrap());
    assert_eq!(p.to_model(), mine, "name, description, patterns, workloads, dismissals, tables and items");
    let scan = p.database_mut().execute("Scan", &json!({"TableName": "Shop"}), NOW).unwrap();
    assert_eq!(scan["Count"], json!(1));
    // Row ids stay unique across both models: a row added now collides with neither.
    let fresh = p.new_row_id();
    assert!(fresh > a && p.tables()[0].rows.iter().all(|r| r.id != fresh));
    assert!(h.redo(&mut p, NOW).unwrap());
    assert_eq!(p.to_model(), theirs);
}

#[wasm_bindgen_test]
fn refused_edits_change_nothing() {
    let (mut p, mut h) = shop();
    let id = put(&mut p, &mut h, json!({"PK": {"S": "A"}, "SK": {"S": "1"}, "v": {"S": "keep me"}}));
    let snapshot = p.to_model();
    let steps = h.undo_len();
    // Empty key string: DynamoDB's own error; the stored item is untouched.
    let bad = Edit::PutRow { table: 0, id, item: item(json!({"PK": {"S": ""}, "SK": {"S": "1"}})) };
    let err = h.perform(&mut p, bad, NOW).unwrap_err();
    match &err {
        EditError::Api(e) => assert_eq!(e.type_name(), "ValidationException", "{e}"),
        other => panic!("{other:?}"),
    }
    // Another row with the same key.
    let other = p.new_row_id();
    let dup = Edit::PutRow { table: 0, id: other, item: item(json!({"PK": {"S": "A"}, "SK": {"S": "1"}})) };
    assert!(matches!(h.perform(&mut p, dup, NOW), Err(EditError::DuplicateKey(_))));
    // More than 400 KB.
    let big = Edit::PutRow { table: 0, id, item: item(json!({"PK": {"S": "A"}, "SK": {"S": "1"}, "blob": {"S": "x".repeat(410 * 1024)}})) };
    assert!(matches!(h.perform(&mut p, big, NOW), Err(EditError::Api(_))));
    assert_eq!(p.to_model(), snapshot);
    assert_eq!(h.undo_len(), steps);
    let got = p.database_mut().execute("GetItem", &json!({"TableName": "Shop", "Key": {"PK": {"S": "A"}, "SK": {"S": "1"}}}), NOW).unwrap();
    assert_eq!(got["Item"]["v"], json!({"S": "keep me"}));
}

#[wasm_bindgen_test]
fn design_change_keeps_items_that_no_longer_fit() {
    let (mut p, mut h) = shop();
    put(&mut p, &mut h, json!({"PK": {"S": "A"}, "SK": {"S": "x"}}));
    put(&mut p, &mut h, json!({"PK": {"S": "A"}, "SK": {"S": "2"}}));
    let before = p.to_model();
    // Make SK a number: "x" can no longer be stored, "2" cannot either (type mismatch) — both stay.
    let mut d = TableDraft::from_definition(&p.tables()[0].definition);
    d.sort.as_mut().unwrap().key_type = engine::value::ScalarType::N;
    let def = d.check(NOW).unwrap();
    h.perform(&mut p, Edit::SetDefinition { table: 0, definition: def }, NOW).unwrap();
    assert_eq!(p.tables()[0].rows.len(), 2);
    assert!(p.tables()[0].rows.iter().all(|r| r.error.as_deref().is_some_and(|e| e.contains("Type mismatch"))));
    assert!(h.undo(&mut p, NOW).unwrap());
    assert_eq!(p.to_model(), before);
    assert!(p.tables()[0].rows.iter().all(|r| r.error.is_none()));
}

#[wasm_bindgen_test]
fn designer_reports_create_table_errors_on_the_field() {
    let d = TableDraft { name: "ab".into(), ..TableDraft::default() };
    let e = d.check(NOW).unwrap_err();
    assert_eq!(e.field, app::model::design::Field::TableName);
    assert!(e.error.message().contains("tableName"), "{}", e.error.message());
    let mut d = TableDraft { name: "Good".into(), ..TableDraft::default() };
    let mut g = IndexDraft::new_gsi(1);
    g.projection = "INCLUDE".into();
    d.gsis.push(g);
    let e = d.check(NOW).unwrap_err();
    assert_eq!(e.field, app::model::design::Field::Gsi(0), "{}", e.error.message());
    // One attribute with two types: the error goes next to the index that re-used the name.
    let mut d = TableDraft { name: "Good".into(), ..TableDraft::default() };
    d.gsis.push(IndexDraft::new_gsi(1));
    let mut g2 = IndexDraft::new_gsi(2);
    g2.partition = app::model::design::KeyDraft::new("GSI1PK", engine::value::ScalarType::N);
    d.gsis.push(g2);
    let e = d.check(NOW).unwrap_err();
    assert_eq!(e.field, app::model::design::Field::Gsi(1), "{}", e.error.message());
    // Round trip through the definition.
    let mut d = TableDraft { name: "Good".into(), billing_mode: "PROVISIONED".into(), ..TableDraft::default() };
    d.gsis.push(IndexDraft::new_gsi(1));
    d.lsis.push(IndexDraft::new_lsi(1));
    let def = d.check(NOW).unwrap();
    let back = TableDraft::from_definition(&def);
    assert_eq!(back.to_definition(), def);
}

#[wasm_bindgen_test]
fn grid_groups_by_partition_and_orders_like_dynamodb() {
    let rows = [
        json!({"PK": {"S": "b"}, "SK": {"N": "10"}}),
        json!({"PK": {"S": "a"}, "SK": {"N": "9"}}),
        json!({"PK": {"S": "b"}, "SK": {"N": "9"}}),
        json!({"PK": {"S": "b"}, "SK": {"N": "-1.5"}}),
        json!({"SK": {"N": "1"}}),
    ];
    let items: Vec<Item> = rows.into_iter().map(item).collect();
    let entries = items.iter().enumerate().map(|(i, it)| Entry { key: i, item: it, unstored: false }).collect();
    let l = layout(entries, "PK", &["SK"], &["PK", "SK"]);
    assert_eq!(l.partitions, 2);
    let order: Vec<String> = l
        .rows
        .iter()
        .map(|r| match r {
            LayoutRow::Partition { items, .. } => format!("P{items}"),
            LayoutRow::Item { key, band } => format!("{key}/{band}"),
            LayoutRow::Unstored { items } => format!("U{items}"),
        })
        .collect();
    // b's items numerically: -1.5, 9, 10 (as strings "10" would sort before "9").
    assert_eq!(order, ["P1", "1/0", "P3", "3/1", "2/1", "0/1", "U1", "4/2"]);
    assert_eq!(l.columns, ["PK", "SK"]);
    // Binary sort keys order by unsigned bytes: 0x7f before 0x80.
    let bin: Vec<Item> = ["gA==", "fw=="].iter().map(|b| item(json!({"PK": {"S": "p"}, "SK": {"B": b}}))).collect();
    let l = layout(bin.iter().enumerate().map(|(i, it)| Entry { key: i, item: it, unstored: false }).collect(), "PK", &["SK"], &[]);
    assert_eq!(l.rows[1], LayoutRow::Item { key: 1, band: 0 });
}

#[wasm_bindgen_test]
fn index_view_is_sparse_and_projected() {
    let (mut p, mut h) = shop();
    put(&mut p, &mut h, json!({"PK": {"S": "U#1"}, "SK": {"S": "P"}, "name": {"S": "no index keys"}}));
    put(&mut p, &mut h, json!({"PK": {"S": "U#1"}, "SK": {"S": "O#2"}, "GSI1PK": {"S": "PENDING"}, "GSI1SK": {"S": "2"}, "total": {"N": "5"}, "secret": {"S": "not projected"}}));
    put(&mut p, &mut h, json!({"PK": {"S": "U#2"}, "SK": {"S": "O#1"}, "GSI1PK": {"S": "PENDING"}, "GSI1SK": {"S": "1"}, "total": {"N": "7"}}));
    let info = indexes(&p.tables()[0].definition).remove(0);
    assert_eq!((info.name.as_str(), info.projection.as_str()), ("GSI1", "INCLUDE"));
    let (entries, l) = index_view(p.database(), "Shop", &info, "PK", Some("SK"), NOW).unwrap();
    assert_eq!(entries.len(), 2, "the item without GSI1 keys is not in the index");
    assert!(entries.iter().all(|e| e.get("secret").is_none() && e.get("name").is_none()));
    assert_eq!(l.partitions, 1);
    assert_eq!(l.columns, ["GSI1PK", "GSI1SK", "PK", "SK", "total"]);
    // GSI1SK "1" (U#2's order) before "2".
    let LayoutRow::Item { key, band: 0 } = l.rows[1] else { panic!("{:?}", l.rows[1]) };
    assert_eq!(app::model::index_view::entry_key_text(&entries[key], "PK", Some("SK")), "PK=U#2, SK=O#1");
}

#[wasm_bindgen_test]
fn an_index_view_is_the_index_in_order_with_its_entries_undecoded() {
    let mut d = TableDraft { name: "Shop".into(), ..TableDraft::default() };
    d.gsis.push(IndexDraft::new_gsi(1));
    let definition = d.check(NOW).unwrap();
    let mut p = Playground::new();
    let mut h = History::new();
    let table = TableState { definition, entities: vec![], rows: vec![], definition_error: None, time_to_live: None };
    h.perform(&mut p, Edit::InsertTable { at: 0, table }, NOW).unwrap();
    for (i, status) in ["B", "A", "B", "A", "C"].iter().enumerate() {
        put(&mut p, &mut h, json!({"PK": {"S": format!("U#{}", i % 2)}, "SK": {"S": format!("O#{i}")}, "GSI1PK": {"S": status},
            "GSI1SK": {"S": format!("{}", 10 - i)}, "tags": {"SS": ["x", "y"]}, format!("only{i}"): {"L": [{"M": {"q": {"N": "1"}}}]}}));
    }
    put(&mut p, &mut h, json!({"PK": {"S": "U#9"}, "SK": {"S": "none"}, "unindexed": {"S": "not in the index"}}));
    let info = indexes(&p.tables()[0].definition).remove(0);
    assert_eq!(info.projection, "ALL");
    let (entries, by_read) = index_view(p.database(), "Shop", &info, "PK", Some("SK"), NOW).unwrap();
    assert!(entries.iter().all(|e| matches!(e, engine::table::ReadItem::Stored { .. })), "ALL entries are the stored items");
    let decoded: Vec<Item> = entries.iter().map(|e| e.to_item()).collect();
    let lead = ["GSI1PK", "GSI1SK", "PK", "SK"];
    let by_decoded = layout(decoded.iter().enumerate().map(|(i, item)| Entry { key: i, item, unstored: false }).collect(), "GSI1PK", &["GSI1SK", "PK", "SK"], &lead);
    // The engine's index order is the order the layout sorts decoded entries into.
    assert_eq!(by_read, by_decoded);
    // What a Scan of the index returns, as a set.
    let scan = engine::api::read::QueryInput::from_json(&json!({"TableName": "Shop", "IndexName": "GSI1"}), true).unwrap();
    let page = p.database().scan(&scan, NOW).unwrap();
    assert!(page.last_evaluated_key.is_none());
    let mut scanned: Vec<Item> = page.items.into_iter().flatten().map(engine::table::ReadItem::into_item).collect();
    let mut walked = decoded.clone();
    let key = |i: &Item| format!("{:?}", (i.get("PK"), i.get("SK")));
    scanned.sort_by_key(key);
    walked.sort_by_key(key);
    assert_eq!(walked, scanned);
    assert_eq!(by_read.partitions, 3);
    assert!(!by_read.columns.iter().any(|c| c == "unindexed"), "{:?}", by_read.columns);
}

#[wasm_bindgen_test]
fn entities_fill_keys_when_adding_items() {
    let (mut p, mut h) = shop();
    let mut e = Entity::new("Order", "ORDER");
    e.keys.insert("PK".into(), "USER#{userId}".into());
    e.keys.insert("SK".into(), "ORDER#{orderId}".into());
    e.keys.insert("GSI1PK".into(), "STATUS#{status}".into());
    e.keys.insert("GSI1SK".into(), "{orderId}".into());
    for n in ["userId", "orderId", "status"] {
        e.attributes.push(EntityAttribute { name: n.into(), value_type: ValueType::S });
    }
    h.perform(&mut p, Edit::SetEntities { table: 0, entities: vec![e.clone()] }, NOW).unwrap();
    let keys = engine::model::key_attributes(&p.tables()[0].definition);
    let it = e.build_item(&item(json!({"userId": {"S": "7"}, "orderId": {"S": "o1"}, "status": {"S": "NEW"}})), &keys).unwrap();
    let id = p.new_row_id();
    h.perform(&mut p, Edit::PutRow { table: 0, id, item: it }, NOW).unwrap();
    let row = &p.tables()[0].rows[0];
    assert_eq!(row.item["PK"], AttributeValue::S("USER#7".into()));
    assert_eq!(row.item["GSI1PK"], AttributeValue::S("STATUS#NEW".into()));
    // An entity whose template names an undeclared attribute is refused.
    let mut bad = e.clone();
    bad.keys.insert("PK".into(), "USER#{userid}".into());
    assert!(matches!(h.perform(&mut p, Edit::SetEntities { table: 0, entities: vec![bad] }, NOW), Err(EditError::Entity(_))));
}

#[wasm_bindgen_test]
fn value_editor_text_forms() {
    let cases: Vec<serde_json::Value> = serde_json::from_str(include_str!("data/modeler_value_edit.json")).unwrap();
    for c in &cases {
        let t = type_from_tag(c["type"].as_str().unwrap()).unwrap();
        let text = c["text"].as_str().unwrap();
        // Errors as the English page words them (DynamoDB's own messages are DynamoDB's in every language).
        let got = parse_value(t, text).map_err(|e| app::state::value_error_text(app::i18n::Locale::en, &e));
        if let Some(want) = c.get("expect") {
            let want = value_from_json(want).unwrap();
            assert_eq!(got.as_ref(), Ok(&want), "{c}");
            // The editor's text for the value parses back to the same value.
            assert_eq!(parse_value(t, &editor_text(&want)), Ok(want), "{c}");
        } else if let Some(msg) = c.get("error").and_then(|m| m.as_str()) {
            assert_eq!(got, Err(msg.to_string()), "{c}");
        } else {
            let prefix = c["error_prefix"].as_str().unwrap();
            assert!(got.as_ref().is_err_and(|e| e.starts_with(prefix)), "{c}: {got:?}");
        }
    }
}

fn clear_storage(store: &LocalStorage) {
    store.remove(autosave::SAVE_KEY);
}

#[wasm_bindgen_test]
fn autosave_round_trips_and_keeps_unreadable_saves() {
    let store = LocalStorage::open().unwrap();
    clear_storage(&store);
    assert_eq!(autosave::load(&store, NOW), Loaded::Empty);
    let (mut p, mut h) = shop();
    put(&mut p, &mut h, json!({"PK": {"S": "A"}, "SK": {"S": "1"}, "n": {"N": "1.50"}, "m": {"M": {"l": {"L": [{"NULL": true}]}}}}));
    assert!(autosave::save(&store, &p.to_model(), NOW));
    match autosave::load(&store, NOW + 1) {
        Loaded::Model { saved, saved_at } => {
            assert_eq!(saved_at, NOW);
            // Plain items: read in one pass, items decoded straight from the text.
            assert!(matches!(saved, autosave::Saved::Decoded(_)), "{saved:?}");
            let again = saved.into_playground(NOW);
            assert_eq!(again.to_model(), p.to_model());
            assert!(again.tables()[0].rows.iter().all(|r| r.error.is_none()));
        }
        other => panic!("{other:?}"),
    }
    // A truncated save: moved aside under a backup key, byte for byte, and reported.
    let text = autosave::encode(&p.to_model(), NOW);
    let broken = &text[..text.len() / 2];
    assert!(store.set(autosave::SAVE_KEY, broken));
    match autosave::load(&store, NOW + 2) {
        Loaded::Unreadable { reason, backup_key: Some(key) } => {
            assert!(matches!(reason, autosave::SaveError::NotJson(_)), "{reason:?}");
            assert_eq!(store.get(&key).as_deref(), Some(broken));
            assert_eq!(store.get(autosave::SAVE_KEY), None);
            store.remove(&key);
        }
        other => panic!("{other:?}"),
    }
    // A save from a newer version is not ours to read: also kept.
    assert!(store.set(autosave::SAVE_KEY, r#"{"format":"dynamodel-autosave","version":9,"model":{}}"#));
    assert!(matches!(autosave::load(&store, NOW + 3), Loaded::Unreadable { backup_key: Some(_), .. }));
}

#[wasm_bindgen_test]
fn a_model_with_bad_items_loads_with_the_items_flagged() {
    let m = Model::from_json(json!({"version": 1, "tables": [{
        "definition": {"TableName": "Tab1", "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"}],
                       "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"}], "BillingMode": "PAY_PER_REQUEST"},
        "items": [{"PK": {"S": "ok"}}, {"PK": {"N": "1"}}, {"PK": {"S": "x"}, "bad": {"N": "abc"}}]}]}))
    .unwrap();
    let p = Playground::from_model(&m, NOW);
    let errors: Vec<bool> = p.tables()[0].rows.iter().map(|r| r.error.is_some()).collect();
    assert_eq!(errors, [false, true, true]);
    // Saving gives back exactly what was loaded: nothing dropped, nothing rewritten.
    assert_eq!(p.to_model(), m);
    // Saved and read back: the one-pass reader does not decide on bad items, so the save is read the
    // ordinary way, and the same items are flagged.
    let (saved, _) = autosave::decode_saved(&autosave::encode(&m, NOW)).unwrap();
    assert!(matches!(saved, autosave::Saved::Model(_)), "{saved:?}");
    let again = saved.into_playground(NOW);
    assert_eq!(again.tables()[0].rows.iter().map(|r| r.error.is_some()).collect::<Vec<_>>(), [false, true, true]);
    assert_eq!(again.to_model(), m);
}

#[wasm_bindgen_test]
fn a_stored_row_is_the_engines_item_and_a_refused_one_keeps_its_own() {
    let (mut p, mut h) = shop();
    let id = put(&mut p, &mut h, json!({"PK": {"S": "A"}, "SK": {"S": "1"}, "total": {"N": "5"}}));
    let row = &p.tables()[0].rows[0];
    assert_eq!(row.id, id);
    assert!(row.item.is_stored(), "the row holds the engine's buffer, not an item of its own");
    // What the row reads is what the engine answers.
    let got = p.database_mut().execute("GetItem", &json!({"TableName": "Shop", "Key": {"PK": {"S": "A"}, "SK": {"S": "1"}}}), NOW).unwrap();
    assert_eq!(p.tables()[0].rows[0].item.to_json(), got["Item"]);
    // A design whose key the row lacks: the engine refuses it, and the row keeps its item with the error.
    let def = json!({"TableName": "Shop", "BillingMode": "PAY_PER_REQUEST",
        "KeySchema": [{"AttributeName": "user", "KeyType": "HASH"}], "AttributeDefinitions": [{"AttributeName": "user", "AttributeType": "S"}]});
    h.perform(&mut p, Edit::SetDefinition { table: 0, definition: def }, NOW).unwrap();
    let row = &p.tables()[0].rows[0];
    assert!(!row.item.is_stored() && row.error.is_some(), "{row:?}");
    assert_eq!(row.item.to_item(), item(json!({"PK": {"S": "A"}, "SK": {"S": "1"}, "total": {"N": "5"}})));
    // Undo stores it again, as the engine's own.
    assert!(h.undo(&mut p, NOW).unwrap());
    let row = &p.tables()[0].rows[0];
    assert!(row.item.is_stored() && row.error.is_none(), "{row:?}");
}

#[wasm_bindgen_test]
fn a_reload_drops_its_own_items_once_the_engine_stores_them() {
    let (mut p, mut h) = shop();
    put(&mut p, &mut h, json!({"PK": {"S": "A"}, "SK": {"S": "1"}}));
    let text = autosave::encode(&p.to_model(), NOW);
    let (saved, _) = autosave::decode_saved(&text).unwrap();
    let mut reloaded = saved.into_playground_unstored(NOW);
    assert!(!reloaded.tables()[0].rows[0].item.is_stored(), "drawn before the engine has it");
    assert!(reloaded.store_unstored());
    assert!(reloaded.tables()[0].rows[0].item.is_stored());
    assert_eq!(reloaded.to_model(), p.to_model());
}

#[wasm_bindgen_test]
fn every_value_type_reads_back_from_the_engines_buffer_as_written() {
    let (mut p, mut h) = shop();
    let v = json!({"PK": {"S": "A"}, "SK": {"S": "1"}, "n": {"N": "-12.50"}, "b": {"B": "AAEC"}, "t": {"BOOL": true},
        "f": {"BOOL": false}, "z": {"NULL": true}, "l": {"L": [{"S": "x"}, {"N": "1"}, {"M": {"k": {"SS": ["b", "a"]}}}]},
        "m": {"M": {"ns": {"NS": ["3", "1.0"]}, "bs": {"BS": ["AQ==", "AA=="]}}}, "e": {"S": ""}});
    put(&mut p, &mut h, v.clone());
    let row = &p.tables()[0].rows[0];
    assert!(row.item.is_stored());
    let written = item(v);
    assert_eq!(row.item.to_item(), written);
    assert_eq!(*row.item, written);
    assert_eq!(Playground::row_json(row), engine::value::item_to_json(&written));
    assert_eq!(row.item.size(), engine::value::item_size(&written));
    assert_eq!(row.item.attr("n").as_deref(), written.get("n"));
    assert_eq!(row.item.names(), written.keys().map(String::as_str).collect::<Vec<_>>());
    assert!(row.item.contains_key("z") && !row.item.contains_key("zz"));
}

#[wasm_bindgen_test]
fn query_tab_writes_are_mirrored_and_undone_from_the_item_the_row_kept() {
    let (mut p, mut h) = shop();
    let id = put(&mut p, &mut h, json!({"PK": {"S": "A"}, "SK": {"S": "1"}, "total": {"N": "5"}}));
    let before = p.to_model();
    // UpdateItem: the row follows the engine, and its undo writes the old item back.
    let run = p.run_request("UpdateItem", &json!({"TableName": "Shop", "Key": {"PK": {"S": "A"}, "SK": {"S": "1"}},
        "UpdateExpression": "SET #t = #t + :d", "ExpressionAttributeNames": {"#t": "total"},
        "ExpressionAttributeValues": {":d": {"N": "2"}}}), NOW);
    assert!(run.explained.result.is_ok(), "{:?}", run.explained.result);
    h.record(run.inverse.expect("an item changed"));
    let row = &p.tables()[0].rows[0];
    assert_eq!((row.id, row.item.attr("total").map(|v| v.into_owned())), (id, Some(AttributeValue::N("7".parse().unwrap()))));
    // PutItem of a new key and DeleteItem of the first: a row is added, one removed.
    let run = p.run_request("PutItem", &json!({"TableName": "Shop", "Item": {"PK": {"S": "B"}, "SK": {"S": "2"}}}), NOW);
    h.record(run.inverse.unwrap());
    let run = p.run_request("DeleteItem", &json!({"TableName": "Shop", "Key": {"PK": {"S": "A"}, "SK": {"S": "1"}}}), NOW);
    h.record(run.inverse.unwrap());
    assert_eq!(p.tables()[0].rows.len(), 1);
    assert_eq!(p.tables()[0].rows[0].item.to_item(), item(json!({"PK": {"S": "B"}, "SK": {"S": "2"}})));
    // A write that changes nothing is no step.
    let run = p.run_request("PutItem", &json!({"TableName": "Shop", "Item": {"PK": {"S": "B"}, "SK": {"S": "2"}}}), NOW);
    assert!(run.inverse.is_none());
    // Undo all three: the model and the engine are as before.
    for _ in 0..3 {
        assert!(h.undo(&mut p, NOW).unwrap());
    }
    assert_eq!(p.to_model(), before);
    let got = p.database_mut().execute("GetItem", &json!({"TableName": "Shop", "Key": {"PK": {"S": "A"}, "SK": {"S": "1"}}}), NOW).unwrap();
    assert_eq!(got["Item"]["total"], json!({"N": "5"}));
    let scan = p.database_mut().execute("Scan", &json!({"TableName": "Shop"}), NOW).unwrap();
    assert_eq!(scan["Count"], json!(1));
    assert!(p.tables()[0].rows.iter().all(|r| r.item.is_stored()));
}
