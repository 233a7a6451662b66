//! The Query tab in headless Chromium: the builder's request JSON in step with its controls (both
//! ways), errors next to the control that caused them, and the pure logic behind it (request building
//! and reading back, capacity arithmetic, result summaries, the clock).
#![cfg(target_arch = "wasm32")]

use crate::common;

use app::modeler::ModelerSidebar;
use app::share::ModelActions;
use app::query::builder::{error_field, Builder, KeyInfo, Operation, SortOp};
use app::query::QueryTab;
use common::{click, load_model, mount, settle, Mounted, ECOMMERCE};
use leptos::prelude::*;
use serde_json::{json, Value};
use wasm_bindgen_test::wasm_bindgen_test;
use web_sys::HtmlElement;

/// A capacity total, scope or line in English.
fn en(m: &messages::Message) -> String {
    app::query::capacity::say(m, messages::Lang::En)
}


fn keys() -> KeyInfo {
    KeyInfo { partition: "PK".into(), partition_type: "S".into(), sort: Some(("SK".into(), "S".into())), ..Default::default() }
}

/// Type into a field (or choose in a select) as a user does: set the value, fire the event.
async fn set_value(el: &HtmlElement, text: &str, event: &str) {
    js_sys::Reflect::set(el, &"value".into(), &text.into()).expect("set value");
    el.dispatch_event(&web_sys::Event::new(event).expect("event")).expect("dispatch");
    settle().await;
}

fn value_of(el: &HtmlElement) -> String {
    js_sys::Reflect::get(el, &"value".into()).ok().and_then(|v| v.as_string()).unwrap_or_default()
}

/// The Query tab beside the modeler's sidebar, as the page has them.
async fn query_page() -> Mounted {
    let page = mount(|| view! { <ModelerSidebar><ModelActions/></ModelerSidebar> <QueryTab/> });
    settle().await;
    page
}

#[wasm_bindgen_test]
fn every_builder_state_reads_back_from_its_json() {
    let states = [
        Builder { op: Operation::Query, table: "Shop".into(), pk: "USER#u1".into(), forward: true, ..Default::default() },
        Builder { op: Operation::Query, table: "Shop".into(), pk: "USER#u1".into(), sort_op: SortOp::BeginsWith, sk: "ORDER#".into(), forward: false, limit: "2".into(), ..Default::default() },
        Builder { op: Operation::Query, table: "Shop".into(), pk: "a".into(), sort_op: SortOp::Between, sk: "a".into(), sk2: "m".into(), forward: true, consistent: true, select: "COUNT".into(), ..Default::default() },
        Builder { op: Operation::Query, table: "Shop".into(), pk: "a".into(), sort_op: SortOp::Ge, sk: "b".into(), forward: true, filter: "#t = :t".into(), names: r##"{"#t":"Type"}"##.into(), values: r#"{":t":{"S":"ORDER"}}"#.into(), projection: "PK, SK".into(), ..Default::default() },
        Builder { op: Operation::Scan, table: "Shop".into(), forward: true, segment: "1".into(), total_segments: "4".into(), start_key: Some(json!({"PK": {"S": "x"}, "SK": {"S": "y"}})), ..Default::default() },
    ];
    for op in [SortOp::Eq, SortOp::Lt, SortOp::Le, SortOp::Gt, SortOp::Ge] {
        let b = Builder { op: Operation::Query, table: "Shop".into(), pk: "p".into(), sort_op: op, sk: "s".into(), forward: true, ..Default::default() };
        let back = Builder::from_request("Query", &b.to_request(&keys()).unwrap(), |_, _| Some(keys())).unwrap();
        assert_eq!(back, b, "{op:?}");
    }
    for b in states {
        let request = b.to_request(&keys()).unwrap();
        let back = Builder::from_request(b.op.action(), &request, |_, _| Some(keys())).unwrap_or_else(|e| panic!("{e}: {request}"));
        // Names and values the user typed come back as the same JSON (serialised canonically).
        let norm = |s: &str| if s.is_empty() { Value::Null } else { serde_json::from_str::<Value>(s).unwrap() };
        assert_eq!(norm(&back.names), norm(&b.names));
        assert_eq!(norm(&back.values), norm(&b.values));
        assert_eq!(Builder { names: String::new(), values: String::new(), ..back }, Builder { names: String::new(), values: String::new(), ..b });
    }
}

#[wasm_bindgen_test]
fn requests_the_builder_cannot_show_say_why() {
    let k = |_: &str, _: &str| Some(keys());
    let cases = [
        json!({"TableName": "Shop", "KeyConditions": {}}),
        json!({"TableName": "Shop", "KeyConditionExpression": "PK = :p", "ExpressionAttributeValues": {":p": {"S": "x"}}}),
        json!({"TableName": "Shop", "KeyConditionExpression": "#pk = :pk", "ExpressionAttributeNames": {"#pk": "PK"}, "ExpressionAttributeValues": {":pk": {"N": "1"}}}),
        json!({"KeyConditionExpression": "#pk = :pk"}),
        json!([1, 2]),
    ];
    for c in cases {
        assert!(Builder::from_request("Query", &c, k).is_err(), "{c}");
    }
    assert!(Builder::from_request("Query", &json!({"TableName": "Nope", "KeyConditionExpression": "#pk = :pk"}), |_, _| None).is_err());
    // A bad Limit is the builder's own error, next to the Limit box.
    let b = Builder { op: Operation::Scan, table: "Shop".into(), limit: "two".into(), ..Default::default() };
    assert_eq!(b.to_request(&keys()).unwrap_err().field, "limit");
    let b = Builder { op: Operation::Scan, table: "Shop".into(), values: "{".into(), ..Default::default() };
    assert_eq!(b.to_request(&keys()).unwrap_err().field, "values");
}

#[wasm_bindgen_test]
fn engine_errors_land_next_to_their_control() {
    assert_eq!(error_field("Consistent reads are not supported on global secondary indexes"), "consistent");
    assert_eq!(error_field("Invalid FilterExpression: Syntax error; token: \"<EOF>\", near: \">\""), "filter");
    assert_eq!(error_field("Invalid KeyConditionExpression: Syntax error"), "key");
    assert_eq!(error_field("One or more parameter values were invalid: Condition parameter type does not match schema type"), "key");
    assert_eq!(error_field("Invalid ProjectionExpression: Attribute name is a reserved keyword; reserved keyword: name"), "projection");
    assert_eq!(error_field("1 validation error detected: Value '0' at 'limit' failed to satisfy constraint: Member must have value greater than or equal to 1"), "limit");
    assert_eq!(error_field("Requested resource not found"), "request");
}

#[wasm_bindgen_test]
fn capacity_lines_are_the_engines_arithmetic() {
    let mut db = engine::db::Database::default();
    let create = json!({
        "TableName": "Cap", "BillingMode": "PAY_PER_REQUEST",
        "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}, {"AttributeName": "sk", "AttributeType": "S"},
                                 {"AttributeName": "g", "AttributeType": "S"}, {"AttributeName": "o", "AttributeType": "S"}],
        "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}],
        "GlobalSecondaryIndexes": [{"IndexName": "Gsi", "KeySchema": [{"AttributeName": "g", "KeyType": "HASH"}], "Projection": {"ProjectionType": "KEYS_ONLY"}},
                                   {"IndexName": "Other", "KeySchema": [{"AttributeName": "o", "KeyType": "HASH"}], "Projection": {"ProjectionType": "ALL"}}]
    });
    db.execute("CreateTable", &create, 0).unwrap();
    for i in 0..3 {
        let item = json!({"pk": {"S": "a"}, "sk": {"S": format!("{i}")}, "pad": {"S": "x".repeat(3100)}});
        db.execute("PutItem", &json!({"TableName": "Cap", "Item": item}), 0).unwrap();
    }
    let read = db.execute_explained("Query", &json!({"TableName": "Cap", "KeyConditionExpression": "pk = :p", "ExpressionAttributeValues": {":p": {"S": "a"}}}), 0);
    let cap = app::query::capacity::explain(&read.charges, |_| vec![]);
    assert_eq!(en(&cap[0].total), "1.5 RCU");
    assert!(en(&cap[0].lines[0]).starts_with("Table: 3 items read (before any filter), 9.1 KB → rounded up to 12 KB → 3 blocks × 0.5 = 1.5 RCU (eventually consistent)"), "{}", en(&cap[0].lines[0]));
    // A write that enters one index and leaves the other alone: one line each, with the reason.
    let put = db.execute_explained("PutItem", &json!({"TableName": "Cap", "Item": {"pk": {"S": "b"}, "sk": {"S": "1"}, "g": {"S": "x"}}}), 0);
    let targets = |_: &str| vec![engine::capacity::Target::GlobalIndex("Gsi".into()), engine::capacity::Target::GlobalIndex("Other".into())];
    let cap = app::query::capacity::explain(&put.charges, targets);
    assert_eq!(en(&cap[0].total), "2 WCU");
    assert!(en(&cap[0].lines[0]).starts_with("Table: a new item of"), "{:?}", cap[0].lines.iter().map(en).collect::<Vec<_>>());
    assert!(en(&cap[0].lines[1]).starts_with("GSI Gsi: 1 write — the item entered the index"), "{:?}", cap[0].lines.iter().map(en).collect::<Vec<_>>());
    assert!(en(&cap[0].lines[2]).starts_with("GSI Other: 0 writes"), "{:?}", cap[0].lines.iter().map(en).collect::<Vec<_>>());
    // What each total covers: the table and the index it entered, each one's share.
    assert_eq!((en(&cap[0].scope).as_str(), cap[0].split.as_ref().map(en).as_deref()), ("table + indexes", Some("table 1 WCU + GSI Gsi 1 WCU")));
    let read_index = db.execute_explained("Query", &json!({"TableName": "Cap", "IndexName": "Gsi", "KeyConditionExpression": "g = :g", "ExpressionAttributeValues": {":g": {"S": "x"}}}), 0);
    let cap = app::query::capacity::explain(&read_index.charges, targets);
    assert_eq!((en(&cap[0].scope).as_str(), cap[0].split.as_ref().map(en).as_deref()), ("GSI Gsi alone", None));
    // A failed condition is charged on the table alone, and says why; the indexes took nothing.
    let failed = db.execute_explained("PutItem", &json!({"TableName": "Cap", "Item": {"pk": {"S": "b"}, "sk": {"S": "1"}}, "ConditionExpression": "attribute_not_exists(pk)"}), 0);
    assert!(failed.result.is_err());
    let cap = app::query::capacity::explain(&failed.charges, targets);
    assert_eq!((en(&cap[0].total).as_str(), en(&cap[0].scope).as_str()), ("1 WCU", "table alone"));
    assert!(en(&cap[0].lines[0]).starts_with("Table: the condition failed, so nothing was written — DynamoDB still charges the write"), "{:?}", cap[0].lines.iter().map(en).collect::<Vec<_>>());
    assert!(en(&cap[0].lines[1]).starts_with("GSI Gsi: 0 writes — the condition failed"), "{:?}", cap[0].lines.iter().map(en).collect::<Vec<_>>());
}

#[wasm_bindgen_test]
fn the_builder_refits_a_model_it_was_not_written_for() {
    let shop = |t: &str, i: &str| (t == "Shop").then(|| if i.is_empty() { keys() } else { KeyInfo::default() });
    let tables = vec![String::from("Shop")];
    let mut b = Builder::new("Orders");
    b.pk = "USER#u1".into();
    b.sort_op = SortOp::BeginsWith;
    b.sk = "ORDER#".into();
    b.op = Operation::Scan;
    // Another model's table: a fresh builder on the new one, Scan kept.
    assert_eq!(b.fit(&tables, Some("Shop"), shop), Some(Builder { op: Operation::Scan, ..Builder::new("Shop") }));
    // An index the table no longer has is dropped; a builder that fits is left alone.
    let mut on_index = Builder::new("Shop");
    on_index.index = "Gone".into();
    assert_eq!(on_index.fit(&tables, None, shop).map(|b| b.index), Some(String::new()));
    assert_eq!(Builder::new("Shop").fit(&tables, None, shop), None);
}

#[wasm_bindgen_test]
fn an_empty_read_says_why() {
    use app::i18n::Locale;
    use app::query::results::{empty_hint, summarize, KeysHeld};
    use app::query::words::ReadTarget;
    let held = KeysHeld {
        target: ReadTarget::Table("Shop".into()),
        partition: "PK".into(),
        sort: Some("SK".into()),
        index: false,
        items: vec![(json!({"S": "USER#u1"}), Some(json!({"S": "PROFILE"}))), (json!({"S": "USER#u2"}), Some(json!({"S": "ORDER#1"})))],
    };
    let query = |pk: &str| json!({"TableName": "Shop", "KeyConditionExpression": "#pk = :pk AND begins_with(#sk, :sk)", "ExpressionAttributeNames": {"#pk": "PK", "#sk": "SK"}, "ExpressionAttributeValues": {":pk": {"S": pk}, ":sk": {"S": "ORDER#"}}});
    let none = summarize(&json!({}), &json!({"Items": [], "Count": 0, "ScannedCount": 0}));
    let hint = empty_hint("Query", &query("USER#u1"), &none, &held).unwrap();
    // The same finding in Turkish: the values and the condition as they are, the words around them Turkish.
    let tr = hint.text(Locale::tr);
    assert!(tr.contains(r#"PK = "USER#u1" bölümünde 1 öğe var"#) && tr.contains(r#"PK = "USER#u1" AND begins_with(SK, "ORDER#")"#), "{tr}");
    let hint = hint.text(Locale::en);
    assert!(hint.contains(r#"the partition PK = "USER#u1" holds 1 item, but none matched the sort-key part of the key condition PK = "USER#u1" AND begins_with(SK, "ORDER#")"#), "{hint}");
    let hint = empty_hint("Query", &query("USER#u9"), &none, &held).unwrap().text(Locale::en);
    assert!(hint.contains(r#"no item of the table Shop has it"#) && hint.contains(r#""USER#u1", "USER#u2""#), "{hint}");
    let filtered = summarize(&json!({}), &json!({"Items": [], "Count": 0, "ScannedCount": 2}));
    assert!(empty_hint("Scan", &json!({"FilterExpression": "a = :a"}), &filtered, &held).unwrap().text(Locale::en).contains("2 items were read, and the FilterExpression (a = :a) discarded every one"));
    let empty = KeysHeld { target: ReadTarget::Index { index: "GSI1".into(), table: "Shop".into() }, index: true, ..held.clone() };
    let empty = KeysHeld { items: vec![], ..empty };
    assert!(empty_hint("Scan", &json!({}), &none, &empty).unwrap().text(Locale::en).contains("the index GSI1 of Shop holds no items — an item enters an index only when it has the index's key attributes"));
    let found = summarize(&json!({}), &json!({"Items": [{"PK": {"S": "USER#u1"}}], "Count": 1, "ScannedCount": 1}));
    assert_eq!(empty_hint("Query", &query("USER#u1"), &found, &held), None);
}

#[wasm_bindgen_test]
fn write_starters_carry_nothing_of_another_action_and_touch_each_item_once() {
    use app::query::write_request::{template, Sample, WriteForm};
    let first = Sample { key: json!({"PK": {"S": "a"}}), item: json!({"PK": {"S": "a"}, "n": {"N": "1"}}) };
    let second = Sample { key: json!({"PK": {"S": "b"}}), item: json!({"PK": {"S": "b"}}) };
    let put = WriteForm::starter("PutItem", "T", Some(&first));
    assert_eq!((put.names.as_str(), put.values.as_str(), put.update.as_str(), put.return_values.as_str()), ("", "", "", "NONE"));
    assert_eq!(put.to_request().unwrap()["Item"], first.item);
    let update = WriteForm::starter("UpdateItem", "T", Some(&first));
    assert_eq!(update.to_request().unwrap()["ReturnValues"], "ALL_NEW");
    // Each item once per batch or transaction (DynamoDB refuses two actions on one item).
    for action in ["BatchWriteItem", "BatchGetItem", "TransactWriteItems", "TransactGetItems"] {
        let text = template(action, "T", &first, Some(&second)).to_string();
        assert_eq!(text.matches(r#""PK":{"S":"a"}"#).count(), 1, "{action}: {text}");
        assert_eq!(text.matches(r#""PK":{"S":"b"}"#).count(), 1, "{action}: {text}");
    }
}

#[wasm_bindgen_test]
fn summaries_and_the_page_rule() {
    use app::query::results::{read_line, summarize};
    let s = summarize(&json!({"Limit": 10}), &json!({"Items": [{"pk": {"S": "a"}}], "Count": 1, "ScannedCount": 4, "LastEvaluatedKey": {"pk": {"S": "a"}}}));
    assert_eq!(read_line(&s).map(|r| r.text(app::i18n::Locale::en)).as_deref(), Some("read 4 items, returned 1"));
    assert_eq!(read_line(&s).map(|r| r.text(app::i18n::Locale::tr)).as_deref(), Some("4 öğe okundu, 1 döndü"));
    assert!(s.cut_by_page_size, "Limit 10 not reached, yet a LastEvaluatedKey: the 1 MB rule");
    let s = summarize(&json!({"Limit": 4}), &json!({"Items": [], "Count": 0, "ScannedCount": 4, "LastEvaluatedKey": {"pk": {"S": "a"}}}));
    assert!(!s.cut_by_page_size, "Limit reached");
    let s = summarize(&json!({}), &json!({"Responses": {"T": [{"pk": {"S": "a"}}, {"pk": {"S": "b"}}]}}));
    assert_eq!(s.items.len(), 2);
}

#[wasm_bindgen_test]
fn clock_dates_round_trip() {
    use app::state::clock::{iso, parse_date};
    assert_eq!(iso(0), "1970-01-01T00:00:00Z");
    assert_eq!(iso(1_700_000_000_000), "2023-11-14T22:13:20Z");
    assert_eq!(parse_date("2023-11-14T22:13"), Some(1_699_999_980_000));
    assert_eq!(parse_date("2024-02-29"), Some(1_709_164_800_000));
    for bad in ["", "2024-13-01", "yesterday", "2024-01-01T25:00", "1969-12-31"] {
        assert_eq!(parse_date(bad), None, "{bad}");
    }
}

#[wasm_bindgen_test]
async fn builder_controls_and_json_stay_in_step_and_errors_show_in_place() {
    let page = query_page().await;
    load_model(&page, ECOMMERCE).await;
    let json = page.by_testid("q-json");
    let table = page.by_testid("q-table");
    set_value(&table, "Shop", "change").await;
    set_value(&page.by_testid("q-pk"), "USER#u1", "input").await;
    set_value(&page.by_testid("q-sort-op"), "begins_with", "change").await;
    set_value(&page.by_testid("q-sk"), "ORDER#", "input").await;
    let request: Value = serde_json::from_str(&value_of(&json)).expect("the JSON is JSON");
    assert_eq!(request["KeyConditionExpression"], "#pk = :pk AND begins_with(#sk, :sk)");
    assert_eq!(request["ExpressionAttributeValues"], json!({":pk": {"S": "USER#u1"}, ":sk": {"S": "ORDER#"}}));

    // JSON → controls.
    let mut edited = request.clone();
    edited["ExpressionAttributeValues"][":pk"] = json!({"S": "USER#u2"});
    edited["Limit"] = json!(7);
    set_value(&json, &edited.to_string(), "input").await;
    assert_eq!(value_of(&page.by_testid("q-pk")), "USER#u2");
    assert_eq!(value_of(&page.by_testid("q-limit")), "7");
    assert_eq!(page.count("[data-testid=q-json-note]"), 0);

    // Run: two items, explained.
    set_value(&page.by_testid("q-pk"), "USER#u1", "input").await;
    set_value(&page.by_testid("q-limit"), "", "input").await;
    click(&page.by_testid("q-run")).await;
    assert_eq!(page.text("q-read-line"), "read 2 items, returned 2");
    assert_eq!(page.text("q-cap-total"), "0.5 RCU");

    // A bad Limit is caught before running, next to the Limit box.
    set_value(&page.by_testid("q-limit"), "x", "input").await;
    assert!(page.text("q-error-limit").contains("is not a whole number"));
    // A Limit of 0 runs and gets DynamoDB's own message, next to the Limit box.
    set_value(&page.by_testid("q-limit"), "0", "input").await;
    click(&page.by_testid("q-run")).await;
    assert!(page.text("q-error-limit").starts_with("ValidationException: 1 validation error detected"), "{}", page.text("q-error-limit"));
    // A wrong-typed key value (N for a string key) via the JSON: the engine's error next to the key.
    set_value(&page.by_testid("q-limit"), "", "input").await;
    let mut wrong: Value = serde_json::from_str(&value_of(&json)).unwrap();
    wrong["ExpressionAttributeValues"][":pk"] = json!({"N": "1"});
    set_value(&json, &wrong.to_string(), "input").await;
    assert!(page.text("q-json-note").contains("not of type S"));
    click(&page.by_testid("q-run")).await;
    assert!(page.text("q-error-key").starts_with("ValidationException:"), "{}", page.text("q-error-key"));
    // Malformed JSON: its error next to the JSON, nothing runs.
    let runs = page.count("[data-testid=q-log-entry]");
    set_value(&json, "{\"TableName\": ", "input").await;
    assert!(page.text("q-json-error").starts_with("SerializationException"));
    click(&page.by_testid("q-run")).await;
    assert_eq!(page.count("[data-testid=q-log-entry]"), runs);
}

#[wasm_bindgen_test]
fn partiql_form_builds_execute_statement_and_reads_it_back() {
    use app::query::partiql::{plan_note, Form};
    use engine::api::partiql::Operation;
    let f = Form::start("Shop", "PK", Some(json!({"S": "USER#u1"})));
    assert_eq!(f.statement, r#"SELECT * FROM "Shop" WHERE "PK" = ?"#);
    let req = f.to_request(None).unwrap();
    assert_eq!(req, json!({"Statement": f.statement, "Parameters": [{"S": "USER#u1"}], "ReturnConsumedCapacity": "TOTAL"}));
    assert_eq!(Form::from_request(&req), f);
    // An empty table starts on a Scan; Limit, ConsistentRead and NextToken go into the request.
    let mut g = Form::start("Empty", "pk", None);
    assert_eq!(g.statement, r#"SELECT * FROM "Empty""#);
    g.limit = String::from("2");
    g.consistent = true;
    let req = g.to_request(Some("tok")).unwrap();
    assert_eq!(req, json!({"Statement": g.statement, "Limit": 2, "ConsistentRead": true, "NextToken": "tok", "ReturnConsumedCapacity": "TOTAL"}));
    // What cannot be sent is refused before running, naming the field.
    g.parameters = String::from(r#"{"S": "x"}"#);
    assert_eq!(g.to_request(None).unwrap_err().0, "parameters");
    g.parameters.clear();
    g.limit = String::from("two");
    assert_eq!(g.to_request(None).unwrap_err().0, "limit");
    // The plan in words: a Scan says why it read everything.
    let scan = plan_note(&Operation::Scan { table: "Shop".into(), index: None }).text(app::i18n::Locale::en);
    assert!(scan.starts_with("Ran as a full Scan of Shop: the WHERE clause does not pin the partition key"), "{scan}");
    let query = plan_note(&Operation::Query { table: "Shop".into(), index: Some("GSI1".into()), partitions: 2 }).text(app::i18n::Locale::en);
    assert!(query.starts_with("Ran as Query on Shop.GSI1 (2 partitions)"), "{query}");
}

#[wasm_bindgen_test]
fn every_write_form_reads_back_from_its_json_and_the_rest_say_why() {
    use app::query::write_request::WriteForm;
    let forms = [
        WriteForm { action: "PutItem".into(), table: "Shop".into(), item: r#"{"PK":{"S":"a"},"SK":{"S":"b"}}"#.into(), condition: "attribute_not_exists(PK)".into(), return_values: "ALL_OLD".into(), ..Default::default() },
        WriteForm { action: "UpdateItem".into(), table: "Shop".into(), item: r#"{"PK":{"S":"a"},"SK":{"S":"b"}}"#.into(), update: "SET #s = :s".into(), names: r##"{"#s":"status"}"##.into(), values: r#"{":s":{"S":"X"}}"#.into(), return_values: "UPDATED_NEW".into(), return_on_failure: true, ..Default::default() },
        WriteForm { action: "DeleteItem".into(), table: "Shop".into(), item: r#"{"PK":{"S":"a"}}"#.into(), return_values: "NONE".into(), ..Default::default() },
    ];
    for f in forms {
        let request = f.to_request().unwrap();
        assert_eq!(WriteForm::from_request(&f.action, &request).unwrap_or_else(|e| panic!("{e}: {request}")), f);
    }
    for (action, request) in [
        ("PutItem", json!({"TableName": "Shop", "Item": {}, "Expected": {}, "ReturnConsumedCapacity": "INDEXES"})),
        ("PutItem", json!({"TableName": "Shop", "Item": {}})),
        ("DeleteItem", json!({"TableName": "Shop", "ReturnConsumedCapacity": "INDEXES"})),
        ("UpdateItem", json!({"Key": {}, "ReturnConsumedCapacity": "INDEXES"})),
        ("BatchWriteItem", json!({"RequestItems": {}})),
        ("PutItem", json!([1])),
    ] {
        assert!(WriteForm::from_request(action, &request).is_err(), "{action} {request}");
    }
}

#[wasm_bindgen_test]
async fn write_fields_and_json_stay_in_step_both_ways() {
    let page = query_page().await;
    load_model(&page, ECOMMERCE).await;
    click(&page.by_testid("q-mode-write")).await;
    let json = page.by_testid("w-json");
    // Fields → JSON.
    set_value(&page.by_testid("w-table"), "Shop", "change").await;
    set_value(&page.by_testid("w-item"), r#"{"PK": {"S": "USER#u1"}, "SK": {"S": "ORDER#o-001"}}"#, "input").await;
    set_value(&page.by_testid("w-condition"), "attribute_exists(PK)", "input").await;
    let request: Value = serde_json::from_str(&value_of(&json)).expect("the JSON is JSON");
    assert_eq!(request["ConditionExpression"], "attribute_exists(PK)");
    // JSON → fields.
    let mut edited = request.clone();
    edited["UpdateExpression"] = json!("SET #s = :s, n = :n");
    edited["ExpressionAttributeValues"] = json!({":s": {"S": "PAID"}, ":n": {"N": "2"}});
    edited["ReturnValues"] = json!("UPDATED_OLD");
    set_value(&json, &edited.to_string(), "input").await;
    assert_eq!(value_of(&page.by_testid("w-update")), "SET #s = :s, n = :n");
    assert_eq!(serde_json::from_str::<Value>(&value_of(&page.by_testid("w-values"))).unwrap(), json!({":s": {"S": "PAID"}, ":n": {"N": "2"}}));
    assert_eq!(value_of(&page.by_testid("w-return-values")), "UPDATED_OLD");
    assert_eq!(page.count("[data-testid=w-json-note]"), 0);
    // Something the fields cannot show: a note, and the JSON stays what runs.
    edited["Expected"] = json!({});
    set_value(&json, &edited.to_string(), "input").await;
    assert!(page.text("w-json-note").contains("Expected"), "{}", page.text("w-json-note"));
    // Malformed JSON: its error next to the JSON, nothing runs.
    let runs = page.count("[data-testid=q-log-entry]");
    set_value(&json, "{\"TableName\": ", "input").await;
    assert!(page.text("w-json-error").starts_with("SerializationException"));
    click(&page.by_testid("w-run")).await;
    assert_eq!(page.count("[data-testid=q-log-entry]"), runs);
}

#[wasm_bindgen_test]
async fn a_pattern_opened_from_the_patterns_tab_runs_with_its_sample_values_and_saves_back_under_its_name() {
    use advisor::draft::Draft;
    use app::model::Edit;
    use app::state::Tab;
    let page = query_page().await;
    load_model(&page, ECOMMERCE).await;
    let app = page.state();
    // A GetItem pattern: the builder cannot show it, so it opens in the API console, placeholders kept.
    let request = json!({"TableName": "Shop", "Key": {"PK": {"S": "USER#{userId}"}, "SK": {"S": "PROFILE#{userId}"}}});
    let mut draft = Draft::from_request("GetItem", &request, "userId=u2", None);
    draft.name = String::from("Get a user's profile");
    let pattern = draft.to_pattern(None).expect("a valid pattern");
    app.modeler.perform(Edit::SetAccessPatterns(vec![pattern])).expect("the model takes the pattern");
    app.tab.set(Tab::Items);
    app.requests.open_pattern.set(Some(0));
    settle().await;
    assert_eq!(app.requests.open_pattern.get_untracked(), None, "the tab takes the request");
    assert_eq!(app.tab.get_untracked(), Tab::Query);
    assert_eq!(value_of(&page.by_testid("c-action")), "GetItem");
    assert!(value_of(&page.by_testid("c-body")).contains("USER#{userId}"), "{}", value_of(&page.by_testid("c-body")));
    assert_eq!(value_of(&page.by_testid("q-samples")), "userId=u2");
    // Run fills the placeholder from its sample value.
    click(&page.by_testid("c-run")).await;
    assert_eq!(page.text("q-status").split(' ').take(2).collect::<Vec<_>>(), ["200", "OK"]);
    assert!(page.text("q-body").contains("Grace"), "{}", page.text("q-body"));
    // A placeholder without a sample value: the error under the sample values, nothing runs.
    let runs = page.count("[data-testid=q-log-entry]");
    set_value(&page.by_testid("q-samples"), "", "input").await;
    click(&page.by_testid("c-run")).await;
    assert!(!page.by_testid("q-samples-error").hidden());
    assert_eq!(page.count("[data-testid=q-log-entry]"), runs);
    // Saving offers the pattern's own name, and replaces it.
    set_value(&page.by_testid("q-samples"), "userId=u1", "input").await;
    click(&page.by_testid("q-save-pattern")).await;
    assert_eq!(value_of(&page.by_testid("q-pattern-name")), "Get a user's profile");
    assert_eq!(page.text("q-pattern-save"), "Replace pattern");
    click(&page.by_testid("q-pattern-save")).await;
    assert!(page.text("q-pattern-saved").starts_with("Saved as “Get a user's profile”."), "{}", page.text("q-pattern-saved"));
    let saved = app.modeler.state.with_untracked(|s| s.playground.access_patterns.clone());
    assert_eq!(saved.len(), 1);
    assert_eq!(Draft::from_pattern(&saved[0]).parameters, "userId=u1");
}
