//! A GSI with a multi-attribute key in the playground's pure logic: the designer's draft (adding and
//! reordering key attributes, the CreateTable it writes and reads back), the Query builder (one value per
//! key attribute in order, the request it writes and reads back, the reason a gap is refused) and the
//! index view's columns, in headless Chromium like the other component tests.
#![cfg(target_arch = "wasm32")]

use app::model::design::{IndexDraft, KeyDraft, TableDraft};
use app::model::index_view::indexes;
use app::query::builder::{error_field, Builder, KeyInfo, SortOp};
use app::i18n::Locale;
use app::query::multi_key_builder::{gap_explanation, set_hash_value, set_range_value};
use app::query::words::{KeyGap, Unshowable};
use engine::value::ScalarType;
use serde_json::{json, Value};
use wasm_bindgen_test::wasm_bindgen_test;


const NOW: u64 = 1_700_000_000_000;

fn template() -> Value {
    let m = formats::gallery::Template::by_slug("tasks-by-assignee-status").unwrap().model().unwrap();
    m.tables[0].definition.clone()
}

#[wasm_bindgen_test]
fn the_draft_adds_and_reorders_key_attributes_and_creates_the_key_in_that_order() {
    let mut d = TableDraft::from_definition(&template());
    let ix = &d.gsis[1];
    assert_eq!(ix.partition.name, "tenantId");
    assert_eq!(ix.more_partition, vec![KeyDraft::new("assignee", ScalarType::S)]);
    assert_eq!(ix.more_sort, vec![KeyDraft::new("dueDate", ScalarType::S)]);
    // The definition read back is the one written.
    assert_eq!(d.check(NOW).unwrap()["GlobalSecondaryIndexes"], template()["GlobalSecondaryIndexes"]);

    let mut g = IndexDraft::new_gsi(3);
    g.name = "ByStatus".into();
    g.partition = KeyDraft::new("tenantId", ScalarType::S);
    g.add_key_attribute(false, "status");
    g.sort = None;
    g.add_key_attribute(true, "dueDate");
    g.add_key_attribute(true, "assignee");
    g.move_key_attribute_up(false, 0);
    g.move_key_attribute_up(true, 0);
    d.gsis.push(g);
    let def = d.check(NOW).unwrap();
    let names: Vec<(String, String)> = def["GlobalSecondaryIndexes"][2]["KeySchema"]
        .as_array()
        .unwrap()
        .iter()
        .map(|k| (k["AttributeName"].as_str().unwrap().to_string(), k["KeyType"].as_str().unwrap().to_string()))
        .collect();
    let want = [("status", "HASH"), ("tenantId", "HASH"), ("assignee", "RANGE"), ("dueDate", "RANGE")];
    assert_eq!(names, want.iter().map(|(a, b)| (a.to_string(), b.to_string())).collect::<Vec<_>>());
    // DynamoDB's own refusal of a fifth HASH attribute lands on the index.
    for n in ["a", "b", "c"] {
        d.gsis[2].add_key_attribute(false, n);
    }
    let e = d.check(NOW).unwrap_err();
    assert!(e.error.message().contains("has 5 partition key (HASH) attributes"), "{}", e.error.message());
    assert_eq!(e.field, app::model::design::Field::Gsi(2));
}

#[wasm_bindgen_test]
fn the_builder_writes_and_reads_a_value_per_key_attribute_and_explains_a_gap() {
    let keys = KeyInfo::of(&template(), "ByAssigneeStatus");
    assert_eq!(keys.more_partitions, vec![("assignee".to_string(), "S".to_string())]);
    assert_eq!(keys.more_sorts, vec![("dueDate".to_string(), "S".to_string())]);
    let mut b = Builder::new("TeamTasks");
    b.index = "ByAssigneeStatus".into();
    set_hash_value(&mut b, 0, "acme".into());
    set_hash_value(&mut b, 1, "ana".into());
    set_range_value(&mut b, 0, "OPEN".into());
    set_range_value(&mut b, 1, "2026-01-01".into());
    b.sort_op = SortOp::Between;
    b.sk2 = "2026-03-01".into();
    let req = b.to_request(&keys).unwrap();
    assert_eq!(req["KeyConditionExpression"], "#pk = :pk AND #pk2 = :pk2 AND #sk1 = :sk1 AND #sk2 BETWEEN :sk2 AND :upper");
    assert_eq!(req["ExpressionAttributeValues"][":upper"], json!({"S": "2026-03-01"}));
    assert_eq!(gap_explanation(&keys, &b), None);
    let back = Builder::from_request("Query", &req, |_, _| Some(keys.clone())).unwrap();
    assert_eq!(back.to_request(&keys).unwrap(), req);
    // The engine reads the request as written.
    let m = formats::gallery::Template::by_slug("tasks-by-assignee-status").unwrap().model().unwrap();
    let mut db = engine::db::Database::new(engine::db::DatabaseConfig::default());
    m.load_into(&mut db, NOW).unwrap();
    let out = db.execute("Query", &req, NOW).unwrap();
    assert_eq!(out["Count"], 1, "only t2 is open and due between the bounds");
    // A gap: explained before the run.
    set_range_value(&mut b, 0, String::new());
    let range_gap = KeyGap::RangeGap { missing: "status".into(), given: "dueDate".into(), range: vec!["status".into(), "dueDate".into()] };
    assert_eq!(gap_explanation(&keys, &b), Some(range_gap));
    set_hash_value(&mut b, 1, String::new());
    assert_eq!(gap_explanation(&keys, &b), Some(KeyGap::NoHashValue { missing: "assignee".into(), hash: vec!["tenantId".into(), "assignee".into()] }));
    // Both gaps are checked before the request is written: a filled key has none.
    set_hash_value(&mut b, 1, "ana".into());
    set_range_value(&mut b, 0, "OPEN".into());
    assert_eq!(gap_explanation(&keys, &b), None);
    // DynamoDB's own refusal of a gap is shown next to the key controls.
    // A request of the multi-attribute form whose value is not of the key's type says which placeholder.
    let mut wrong = req.clone();
    wrong["ExpressionAttributeValues"][":pk2"] = json!({"N": "1"});
    assert_eq!(Builder::from_request("Query", &wrong, |_, _| Some(keys.clone())).unwrap_err(), Unshowable::WrongType { placeholder: ":pk2".into(), kind: "S".into() });
    let mut other = req.clone();
    other["KeyConditionExpression"] = json!("#pk = :pk AND #sk2 = :sk2");
    assert!(matches!(Builder::from_request("Query", &other, |_, _| Some(keys.clone())).unwrap_err(), Unshowable::KeyConditionForm(_)));
    assert_eq!(error_field("RANGE key attributes status must have equality conditions specified in the query because a condition is present on key attribute dueDate"), "key");
}

#[wasm_bindgen_test]
fn a_gap_is_explained_in_english_and_in_turkish() {
    let hash = KeyGap::NoHashValue { missing: "assignee".into(), hash: vec!["tenantId".into(), "assignee".into()] };
    assert_eq!(
        hash.text(Locale::en),
        "Give assignee a value: the partition is all of tenantId and assignee together, so a Query needs an equality on every one of them."
    );
    assert_eq!(
        hash.text(Locale::tr),
        "assignee niteliğine bir değer verin: partition'ı tenantId ve assignee niteliklerinin hepsi birlikte belirler, bu yüzden bir Query her birinde bir eşitlik koşulu ister."
    );
    let range = KeyGap::RangeGap { missing: "status".into(), given: "priority".into(), range: vec!["status".into(), "dueDate".into(), "priority".into()] };
    let en = range.text(Locale::en);
    assert!(en.starts_with("DynamoDB refuses a condition on priority without an equality on status: the index keeps its items sorted by status, then dueDate, then priority,"), "{en}");
    let tr = range.text(Locale::tr);
    assert!(tr.starts_with("DynamoDB, status üzerinde bir eşitlik koşulu olmadan priority üzerindeki bir koşulu reddeder: indeks öğelerini nitelik nitelik sıralı tutar (status, sonra dueDate, sonra priority),"), "{tr}");
}

#[wasm_bindgen_test]
fn the_index_view_lists_every_key_attribute_in_order() {
    let infos = indexes(&template());
    let ix = infos.iter().find(|i| i.name == "ByAssigneeStatus").unwrap();
    assert_eq!(ix.partition_keys, ["tenantId", "assignee"]);
    assert_eq!(ix.sort_keys, ["status", "dueDate"]);
    let synthetic = infos.iter().find(|i| i.name == "BySyntheticKey").unwrap();
    assert_eq!(synthetic.partition_keys, ["GSI1PK"]);
}
