//! The Heat tab's pure logic and its workload editor, in headless Chromium: `cargo test -p dynamodel-app
//! --target wasm32-unknown-unknown --test components heat::`. Expected figures come from the simulator's case files
//! (hand-computed there) or are computed here by hand.
#![cfg(target_arch = "wasm32")]

use crate::common;

use app::heat::chart::{self, group, units, ChartData, ChartKind};
use app::heat::colour::{heat, palette, Theme, AT_CEILING};
use app::heat::cost::{dollars_text, money, parse_dollars, reprice};
use app::heat::editor::{self, PatternForm, WorkloadForm};
use app::heat::whatif::{apply, provisioned_for, Setup, Variant};
use app::heat::{scenarios, slices, words, HeatTab};
use common::{click, mount, type_into};
use leptos::prelude::*;
use wasm_bindgen_test::wasm_bindgen_test;


const SHARDED_CASE: &str = include_str!("../../sim/tests/data/scenarios/seed_latest_posts_write_sharding.json");
const CONSTANT_CASE: &str = include_str!("../../sim/tests/data/scenarios/seed_latest_posts_constant_gsi_key.json");

fn scenario(id: &str) -> scenarios::Scenario {
    scenarios::all().into_iter().find(|s| s.id == id).expect("scenario is built in")
}

/// The first two seconds of a scenario (the figures per second are the case file's; a debug build in
/// the test browser is too slow for all twenty, and the webdriver gives up on a page that long busy).
fn run(setup: &Setup) -> sim::Report {
    let db = setup.database(0).expect("the scenario loads");
    let mut w = setup.workload.clone();
    w.duration_seconds = SECONDS;
    sim::simulate(&db, w).expect("the scenario runs")
}

const SECONDS: u32 = 2;

#[wasm_bindgen_test]
fn formats_are_exact() {
    assert_eq!(units(0), "0");
    assert_eq!(units(3), "1.5");
    assert_eq!(units(2_000_000), "1,000,000");
    assert_eq!(group(999), "999");
    assert_eq!(group(1_000), "1,000");
    assert_eq!(money(164_250_000), "$164.25");
    assert_eq!(money(4_999), "$0.00");
    assert_eq!(money(5_000), "$0.01");
    assert_eq!(parse_dollars("0.00065"), Some(650));
    assert_eq!(parse_dollars("$0.625"), Some(625_000));
    assert_eq!(parse_dollars("1"), Some(1_000_000));
    for bad in ["", "abc", "0.0000001", "-1", "1.2.3"] {
        assert_eq!(parse_dollars(bad), None, "{bad}");
    }
    assert_eq!(dollars_text(650), "0.00065");
    assert_eq!(dollars_text(2_000_000), "2");
}

#[wasm_bindgen_test]
fn colour_scale_runs_cold_to_hot_and_marks_the_ceiling() {
    for theme in [Theme::Light, Theme::Dark] {
        assert_eq!(heat(0.0, theme), palette(theme).empty);
        assert_eq!(heat(1.0, theme), AT_CEILING);
        assert_eq!(heat(2.5, theme), AT_CEILING);
        assert_eq!(heat(f64::NAN, theme), palette(theme).empty);
        // Red grows and blue falls from the middle of the ramp to its hot end.
        let (mid, hot) = (heat(0.5, theme), heat(0.99, theme));
        assert!(hot.0 < mid.0 || hot.2 < mid.2, "{mid:?} -> {hot:?}");
        assert!(heat(0.01, theme).2 > heat(0.99, theme).2);
        assert_ne!(palette(theme).background, palette(theme).text);
    }
    assert_eq!(heat(0.0001, Theme::Light).hex(), "#2c7bb6");
}

#[wasm_bindgen_test]
fn constant_gsi_key_heats_one_gsi_partition_to_its_ceiling() {
    let s = scenario("latest-posts");
    let r = run(&s.setup);
    // The simulator's case file says (by hand): 30,000 requests, 20,000 served, 10,000 throttled.
    let case: serde_json::Value = serde_json::from_str(CONSTANT_CASE).expect("case");
    let want = &case["expect"]["patterns"]["create-post"];
    let per_second = |n: u64| n / case["workload"]["duration_seconds"].as_u64().expect("s") * u64::from(SECONDS);
    assert_eq!(r.totals.requests, per_second(want["requests"].as_u64().expect("n")));
    assert_eq!(r.totals.throttled, per_second(want["throttled"].as_u64().expect("n")));

    let h = chart::heat(&r);
    assert_eq!(h.columns, 2);
    assert_eq!(h.bucket, 1);
    // Table: 4 partitions; LatestPosts: its partitions after them. Exactly one LatestPosts row sits at the ceiling
    // (1,000 WCU = 2,000 half-units of writes) every second.
    assert!(h.rows[0].starts_with("Social p0"));
    let hot: Vec<usize> = (0..h.rows.len()).filter(|&row| (0..h.columns).all(|c| h.fraction(row, c) >= 1.0)).collect();
    assert_eq!(hot.len(), 1, "{:?}", h.rows);
    assert!(h.rows[hot[0]].starts_with("Social · LatestPosts"));
    assert_eq!(h.cells[hot[0]][1], (0, 2_000));
    let table = chart::chart(&r, ChartKind::Heat, app::i18n::Locale::en).table();
    assert_eq!(table.headers, ["partition", "0 s", "1 s"]);
    assert_eq!(table.rows[hot[0]][2], "0 RCU, 1,000 WCU");
    // The hover read-out reads the same cell (at the heat map's coordinates: column, row from the top).
    let c = chart::chart(&r, ChartKind::Heat, app::i18n::Locale::en);
    let text = c.hover(1.5, hot[0] as f64 + 0.5).expect("a cell");
    assert!(text.contains("at 1 s: 0 RCU, 1,000 WCU — 100 % of its ceiling"), "{text}");
    assert_eq!(c.hover(2.4, 0.5), None);
    assert_eq!(c.hover(0.5, -0.1), None);

    // Throttles over time: 500 per second, all GSI back-pressure.
    let t = chart::chart(&r, ChartKind::Throttles, app::i18n::Locale::en);
    let ChartData::Lines(l) = &t.data else { panic!("lines") };
    assert_eq!(l.series.len(), 1);
    assert_eq!(l.series[0].0, "GSI back-pressure");
    assert!(l.series[0].1.iter().all(|&v| v == 500.0));
    // Top keys: ALL_POSTS first.
    let k = chart::chart(&r, ChartKind::TopKeys, app::i18n::Locale::en).table();
    assert!(k.rows[0][0].starts_with("ALL_POSTS (Social · LatestPosts)"), "{:?}", k.rows[0]);
    // Every chart has a table with as many cells per row as headers.
    for c in chart::charts(&r, app::i18n::Locale::en) {
        let t = c.table();
        assert!(t.rows.iter().all(|row| row.len() == t.headers.len()), "{:?}", c.kind);
    }
}

#[wasm_bindgen_test]
fn the_fix_is_the_simulators_sharded_case_and_stops_throttling() {
    let s = scenario("latest-posts");
    let fixed = apply(&s.setup, &s.fix).expect("applies");
    let case: serde_json::Value = serde_json::from_str(SHARDED_CASE).expect("case");
    let want = case["workload"]["patterns"][0]["item"]["GSI2PK"]["S"].as_str().expect("template");
    assert_eq!(fixed.workload.patterns[0].item["GSI2PK"]["S"], want);
    let (base, after) = (run(&s.setup), run(&fixed));
    assert_eq!(after.totals.throttled, 0);
    assert_eq!(after.totals.requests, 3_000);
    let p = sim::cost::us_east_1();
    let text = words::compare(messages::Lang::En, &base, &reprice(&base, &p), &after, &reprice(&after, &p));
    assert!(text.starts_with("The variant removes all throttling: 1,000 throttled requests (33.3 % of 3,000) drop to none."), "{text}");
    // The same comparison in Turkish: its own word order, numbers written the Turkish way.
    let tr = words::compare(messages::Lang::Tr, &base, &reprice(&base, &p), &after, &reprice(&after, &p));
    assert!(tr.contains("1.000") && tr.contains("%33,3") && tr.contains("3.000"), "{tr}");
    assert!(text.contains("more on-demand"), "{text}");
}

#[wasm_bindgen_test]
fn sharded_counter_throttles_at_the_partition_ceiling_and_its_fix_does_not() {
    let s = scenario("sharded-counter");
    let r = run(&s.setup);
    assert_eq!((r.totals.requests, r.totals.served, r.totals.throttled), (3_000, 2_000, 1_000));
    assert!(r.totals.throttles.iter().all(|t| t.reason == sim::target::ThrottleReason::PartitionLimit));
    let fixed = apply(&s.setup, &s.fix).expect("applies");
    assert_eq!(fixed.workload.patterns[0].key["PK"], "COUNTER#pageviews#{0..9}");
    assert_eq!(run(&fixed).totals.throttled, 0);
    // Nothing left to shard once sharded.
    let refused = apply(&fixed, &Variant::Shard { shards: 10 }).unwrap_err();
    assert_eq!(refused, app::heat::whatif::Refusal::NothingToShard);
    assert!(refused.text(app::i18n::Locale::en).starts_with("nothing to shard"));
    assert!(refused.text(app::i18n::Locale::tr).starts_with("shard'lanacak bir şey yok"));
    assert!(apply(&s.setup, &Variant::Shard { shards: 1 }).is_err());
}

#[wasm_bindgen_test]
fn capacity_and_gsi_variants() {
    let s = scenario("latest-posts");
    let base = run(&s.setup);
    // Busiest second: 1,000 table WCU served (back-pressure refuses the rest) -> at 70 %: 1,429 WCU.
    let (r, w) = provisioned_for(&base, 70);
    assert_eq!((r, w), (1, 1_429));
    let v = apply(&s.setup, &Variant::Provisioned { read: r, write: w, target_percent: 70 }).expect("applies");
    assert!(matches!(v.workload.tables[0].capacity, Some(sim::workload::Capacity::Provisioned { read_units: 1, write_units: 1_429 })));
    let prov = run(&v);
    assert!(prov.totals.targets[0].provisioned.is_some_and(|p| p.1 >= 1_429));
    // A GSI keyed on the post's own id spreads the index writes: nothing throttles.
    let g = apply(&s.setup, &Variant::GsiKey { table: "Social".into(), index: "LatestPosts".into(), attribute: "PK".into() }).expect("applies");
    let defs = g.model.tables[0].definition["AttributeDefinitions"].as_array().expect("defs").len();
    assert_eq!(defs, 3, "GSI2PK is no longer a key attribute and is dropped");
    assert_eq!(run(&g).totals.throttled, 0);
    assert!(apply(&s.setup, &Variant::GsiKey { table: "Social".into(), index: "NOPE".into(), attribute: "PK".into() }).is_err());
}

fn form() -> (WorkloadForm, engine::db::Database) {
    let s = scenario("latest-posts");
    (WorkloadForm::from_workload(&s.setup.workload), s.setup.database(0).expect("db"))
}

#[wasm_bindgen_test]
fn editor_round_trips_a_scenario_workload() {
    let s = scenario("latest-posts");
    let (f, db) = form();
    let w = editor::to_workload(&f, &db).expect("valid");
    assert_eq!(w.patterns[0].key, s.setup.workload.patterns[0].key);
    assert_eq!(w.patterns[0].item, s.setup.workload.patterns[0].item);
    assert_eq!(w.patterns[0].rate, s.setup.workload.patterns[0].rate);
    assert_eq!((w.duration_seconds, w.patterns[0].key_count, w.patterns[0].item_bytes), (20, 1_000_000, Some(200)));
}

#[wasm_bindgen_test]
fn editor_offers_batch_and_transactional_forms_with_items_per_request() {
    let (mut f, db) = form();
    f.patterns[0].op = "BatchWriteItem".into();
    f.patterns[0].batch = "25".into();
    let w = editor::to_workload(&f, &db).expect("valid");
    assert_eq!((w.patterns[0].op, w.patterns[0].batch_size), (sim::workload::Op::BatchWriteItem, 25));
    // The form shows what it was given, and a single-item operation ignores the field.
    assert_eq!(PatternForm::from_pattern(&w.patterns[0]).batch, "25");
    f.patterns[0].op = "PutItem".into();
    f.patterns[0].batch = "nonsense".into();
    assert_eq!(editor::to_workload(&f, &db).expect("valid").patterns[0].batch_size, 1);
    // The rate counts calls; each BatchWriteItem call writes 25 items, and the report counts (and
    // charges) every item as a request part.
    let mut batched = s_setup();
    batched.workload.patterns[0].op = sim::workload::Op::BatchWriteItem;
    batched.workload.patterns[0].batch_size = 25;
    let (single, many) = (run(&s_setup()), run(&batched));
    assert_eq!(many.totals.requests, 25 * single.totals.requests);
    assert_eq!(many.totals.patterns[0].requests, many.totals.requests);
}

fn s_setup() -> Setup {
    scenario("latest-posts").setup
}

/// A change to the form, the field its fault is shown beside, and words of the message.
type FaultCase = (fn(&mut WorkloadForm), &'static str, &'static str);

#[wasm_bindgen_test]
fn editor_puts_each_fault_beside_its_field() {
    let cases: Vec<FaultCase> = vec![
        (|f| f.duration = "0".into(), "duration", "at least 1 second"),
        (|f| f.duration = "ten".into(), "duration", "not 'ten'"),
        (|f| f.patterns[0].a = "fast".into(), "p0-rate", "'fast' is not a number"),
        (|f| f.patterns[0].a = "-5".into(), "p0-rate", "from 0 to 10,000,000"),
        (|f| { f.patterns[0].distribution = "zipf".into(); f.patterns[0].dist_param = "20".into() }, "p0-dist", "zipf: s must be a number from 0 to 10"),
        (|f| { f.patterns[0].distribution = "hot_key".into(); f.patterns[0].dist_param = "120".into() }, "p0-dist", "percent must be from 0 to 100"),
        (|f| f.patterns[0].table = "Nope".into(), "p0-table", "no table 'Nope'"),
        (|f| f.patterns[0].key = "PK POST".into(), "p0-key", "write attribute=template"),
        (|f| f.patterns[0].key = "PK=POST#{postId; SK=POST#{postId}".into(), "p0-key", "template"),
        (|f| f.patterns[0].name = " ".into(), "p0-name", "give the pattern a name"),
        (|f| f.patterns.clear(), "workload", "at least one access pattern"),
        (|f| { let p = f.patterns[0].clone(); f.patterns.push(p) }, "p1-name", "already called 'create-post'"),
        (|f| { f.patterns[0].op = "BatchWriteItem".into(); f.patterns[0].batch = "30".into() }, "p0-batch", "BatchWriteItem takes 1 to 25 items, not '30'"),
        (|f| { f.patterns[0].op = "TransactWriteItems".into(); f.patterns[0].batch = "0".into() }, "p0-batch", "TransactWriteItems takes 1 to 100 items, not '0'"),
    ];
    for (change, field, text) in cases {
        let (mut f, db) = form();
        change(&mut f);
        let errors = editor::to_workload(&f, &db).expect_err(field);
        let got = errors.get(field).unwrap_or_else(|| panic!("no error at {field}: {errors:?}")).text(app::i18n::Locale::en);
        assert!(got.contains(text), "{field}: {got}");
    }
}

#[wasm_bindgen_test]
fn the_simulators_faults_read_in_the_pages_language() {
    use app::i18n::Locale;
    let (mut f, db) = form();
    f.patterns[0].key = "PK=POST#{postId; SK=POST#{postId}".into();
    let errors = editor::to_workload(&f, &db).expect_err("unclosed placeholder");
    let fault = errors.get("p0-key").unwrap_or_else(|| panic!("{errors:?}"));
    assert_eq!(fault.text(Locale::en), "template 'POST#{postId': '{' without '}'");
    assert_eq!(fault.text(Locale::tr), "'POST#{postId' şablonu: '{' ile açılan yer tutucu '}' ile kapanmıyor");
    let (mut f, db) = form();
    f.patterns[0].distribution = "zipf".into();
    f.patterns[0].dist_param = "20".into();
    let errors = editor::to_workload(&f, &db).expect_err("s out of range");
    assert_eq!(errors.get("p0-dist").map(|e| e.text(Locale::tr)).as_deref(), Some("zipf: s, 0 ile 10 arasında bir sayı olmalı"));
    // A refused run: the frame in Turkish, the simulator's English only where serde or the engine speaks.
    let refused = app::heat::Message::Refused(sim::SimError::Engine { pattern: "p".into(), kind: "ValidationException".into(), message: "The provided key element does not match the schema".into() });
    assert_eq!(refused.text(Locale::tr), "Simülatör iş yükünü reddetti: 'p' deseninden kurulan istek reddedildi: ValidationException: The provided key element does not match the schema");
}

#[wasm_bindgen_test]
fn defaults_come_from_the_models_entities() {
    let mut model = engine::model::Model::new();
    let def = serde_json::json!({"TableName": "Shop", "BillingMode": "PAY_PER_REQUEST",
        "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"}, {"AttributeName": "SK", "AttributeType": "S"}],
        "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"}, {"AttributeName": "SK", "KeyType": "RANGE"}]});
    let entity: engine::model::Entity = serde_json::from_value(serde_json::json!({
        "name": "Order", "typeValue": "ORDER", "keys": {"PK": "USER#{userId}", "SK": "ORDER#{orderId}"}
    }))
    .expect("entity");
    model.tables.push(engine::model::TableModel { definition: def, entities: vec![entity], items: vec![], time_to_live: None });
    let f = editor::defaults(&model);
    assert_eq!(f.patterns.len(), 1);
    assert_eq!(f.patterns[0].name, "write Order");
    assert_eq!(f.patterns[0].key, "PK=USER#{id}; SK=ORDER#{id}");
    let db = app::model::Playground::from_model(&model, 0).database().clone();
    let w = editor::to_workload(&f, &db).expect("the defaults run");
    assert_eq!(w.patterns[0].rate, sim::rate::Rate::Constant { per_second: 100.0 });
    let blank = PatternForm::blank("Shop", "PK");
    assert_eq!(blank.key, "PK=PK#{id}");
}

#[wasm_bindgen_test]
fn use_my_model_says_what_it_builds() {
    let mut model = engine::model::Model::new();
    let def = serde_json::json!({"TableName": "Shop", "BillingMode": "PAY_PER_REQUEST",
        "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"}, {"AttributeName": "SK", "AttributeType": "S"}],
        "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"}, {"AttributeName": "SK", "KeyType": "RANGE"}]});
    let entity: engine::model::Entity = serde_json::from_value(serde_json::json!({
        "name": "Order", "typeValue": "ORDER", "keys": {"PK": "USER#{userId}", "SK": "ORDER#{orderId}"}
    }))
    .expect("entity");
    model.tables.push(engine::model::TableModel { definition: def, entities: vec![entity], items: vec![], time_to_live: None });
    assert_eq!(
        editor::defaults_why(&model).text(app::i18n::Locale::en),
        "A starting workload built from this model: 1 write pattern writing one entity each with its key templates. The write patterns run at 100 requests/s over 1,000 ids."
    );
    model.access_patterns.push(engine::model::AccessPattern {
        name: String::from("orders of a user"),
        description: String::new(),
        operation: Some(String::from("Query")),
        request: Some(serde_json::json!({"TableName": "Shop", "KeyConditionExpression": "PK = :pk", "ExpressionAttributeValues": {":pk": {"S": "USER#u1"}}})),
        extra: Default::default(),
    });
    let why = editor::defaults_why(&model).text(app::i18n::Locale::en);
    let tr = editor::defaults_why(&model).text(app::i18n::Locale::tr);
    assert!(tr.starts_with("Bu modelden kurulan bir başlangıç iş yükü: modelinizin 1 erişim deseni (1 okuma)"), "{tr}");
    assert!(why.starts_with("A starting workload built from this model: your model's 1 access pattern (1 read), at the rate each states"), "{why}");
    assert_eq!(editor::defaults(&model).patterns.len(), 2);
}

#[wasm_bindgen_test]
fn slices_aim_at_a_few_milliseconds() {
    // Requests per slice, aiming at 8 ms.
    assert_eq!(slices::next_slice(100, 16.0), 50);
    assert_eq!(slices::next_slice(100, 4.0), 200);
    assert_eq!(slices::next_slice(1, 500.0), 1);
    // Never more than fourfold at once, and doubling when the last slice was too quick to time.
    assert_eq!(slices::next_slice(100, 0.6), 400);
    assert_eq!(slices::next_slice(3_000, 0.0), 6_000);
    assert_eq!(slices::next_slice(slices::MAX_SLICE_REQUESTS, 0.0), slices::MAX_SLICE_REQUESTS);
}

#[wasm_bindgen_test]
async fn the_editor_shows_a_bad_rate_beside_it_and_runs_nothing() {
    let page = mount(|| view! { <HeatTab/> });
    click(&page.by_testid("scenario-latest-posts")).await;
    type_into(&page.by_testid("input-p0-rate0"), "-5").await;
    click(&page.by_testid("heat-run")).await;
    let err = page.text("error-p0-rate");
    assert!(err.contains("from 0 to 10,000,000"), "{err}");
    assert_eq!(page.count("[data-testid=base-summary]"), 0);
    type_into(&page.by_testid("input-p0-name"), "").await;
    click(&page.by_testid("heat-run")).await;
    assert!(page.text("error-p0-name").contains("give the pattern a name"));
    assert_eq!(page.by_testid("input-p0-name").get_attribute("aria-invalid").as_deref(), Some("true"));
}

#[wasm_bindgen_test]
fn numbers_survive_the_form() {
    let s = scenario("sharded-counter");
    let f = WorkloadForm::from_workload(&s.setup.workload);
    assert_eq!(f.patterns[0].item, "views=N:1");
    let db = s.setup.database(0).expect("db");
    let w = editor::to_workload(&f, &db).expect("valid");
    assert_eq!(w.patterns[0].item, s.setup.workload.patterns[0].item);
}

#[wasm_bindgen_test]
fn saved_access_patterns_become_patterns() {
    let s = scenario("latest-posts");
    let mut model = s.setup.model.clone();
    let mut q = engine::model::AccessPattern::new("latest posts");
    q.operation = Some("Query".into());
    q.request = Some(serde_json::json!({"TableName": "Social", "IndexName": "LatestPosts",
        "KeyConditionExpression": "#p = :p", "ExpressionAttributeNames": {"#p": "GSI2PK"},
        "ExpressionAttributeValues": {":p": {"S": "ALL_POSTS"}}, "ScanIndexForward": false}));
    q.extra.insert("ratePerSecond".into(), serde_json::json!(250));
    let mut g = engine::model::AccessPattern::new("get post");
    g.operation = Some("GetItem".into());
    // A placeholder is run with its sample value, as the pattern table runs it.
    g.request = Some(serde_json::json!({"TableName": "Social", "Key": {"PK": {"S": "POST#{postId}"}, "SK": {"S": "POST#1"}}}));
    g.extra.insert("parameters".into(), serde_json::json!({"postId": "1"}));
    model.access_patterns = vec![q, g];
    let f = editor::defaults(&model);
    assert_eq!((f.patterns[0].name.as_str(), f.patterns[0].op.as_str(), f.patterns[0].index.as_str()), ("latest posts", "Query", "LatestPosts"));
    assert_eq!(f.patterns[0].key, "GSI2PK=ALL_POSTS");
    assert_eq!((f.patterns[0].shape.as_str(), f.patterns[0].a.as_str()), ("constant", "250"), "the stated rate");
    assert_eq!(f.patterns[1].key, "PK=POST#1; SK=POST#1");
    let db = s.setup.database(0).expect("db");
    let w = editor::to_workload(&f, &db).expect("the saved patterns run");
    assert_eq!(w.patterns.len(), 3);
}

#[wasm_bindgen_test]
fn the_workload_is_kept_in_the_models_workloads_slot() {
    use app::heat::saved;
    use engine::model::slots::Workload as Saved;
    let workload = scenario("latest-posts").setup.workload;
    let mut other = Saved::new("Black Friday");
    other.description = String::from("by hand");
    other.extra.insert(String::from("peak"), serde_json::json!("a field of a newer build"));

    let list = saved::store(&[other.clone()], saved::DEFAULT_NAME, &workload);
    assert_eq!(list.len(), 2);
    assert_eq!(list[0], other, "an entry of another name is left as it was");
    let mut model = engine::model::Model::new();
    model.workloads = list.clone();
    // The unreadable entry is skipped; the saved one comes back exactly.
    assert_eq!(saved::from_model(&model), Some((String::from(saved::DEFAULT_NAME), workload.clone())));

    // Saving again under the same name replaces it in place, keeping its description.
    let mut changed = workload.clone();
    changed.duration_seconds = 7;
    let mut described = list.clone();
    described[1].description = String::from("kept");
    let again = saved::store(&described, saved::DEFAULT_NAME, &changed);
    assert_eq!(again.len(), 2);
    assert_eq!(again[1].description, "kept");
    model.workloads = again;
    assert_eq!(saved::from_model(&model).map(|(_, w)| w.duration_seconds), Some(7));
    // And it survives the model file's JSON.
    let back = engine::model::Model::from_json_str(&model.to_json().to_string()).expect("model");
    assert_eq!(saved::from_model(&back).map(|(_, w)| w), Some(changed));
}


/// Every `<tag …>` of an SVG document, as its attributes.
fn elements(svg: &str, tag: &str) -> Vec<std::collections::BTreeMap<String, String>> {
    let open = format!("<{tag} ");
    svg.match_indices(&open)
        .map(|(i, _)| {
            let rest = &svg[i + open.len()..];
            let mut body = &rest[..rest.find('>').expect("a closed tag")];
            let mut attrs = std::collections::BTreeMap::new();
            while let Some(eq) = body.find("=\"") {
                let after = &body[eq + 2..];
                let close = after.find('"').expect("a quoted value");
                attrs.insert(body[..eq].trim().to_string(), after[..close].to_string());
                body = &after[close + 1..];
            }
            attrs
        })
        .collect()
}

/// The text of every `<text>` element, in document order (as written: escaped).
fn texts(svg: &str) -> Vec<String> {
    svg.split("<text ")
        .skip(1)
        .map(|t| {
            let start = t.find('>').expect("a text tag") + 1;
            t[start..t.find("</text>").expect("a closed text")].trim().to_string()
        })
        .collect()
}

fn attr(a: &std::collections::BTreeMap<String, String>, name: &str) -> f64 {
    a[name].parse().unwrap_or_else(|_| panic!("{name} is a number: {a:?}"))
}

/// A colour as plotters' SVG backend writes it.
fn svg_hex(c: app::heat::colour::Rgb) -> String {
    c.hex().to_uppercase()
}

/// The centre pixel of a `<rect>`.
fn centre(r: &std::collections::BTreeMap<String, String>) -> (i32, i32) {
    ((attr(r, "x") + attr(r, "width") / 2.0) as i32, (attr(r, "y") + attr(r, "height") / 2.0) as i32)
}

/// The points of a `<polyline>`.
fn points(p: &std::collections::BTreeMap<String, String>) -> Vec<(i32, i32)> {
    p["points"]
        .split_whitespace()
        .map(|xy| {
            let (x, y) = xy.split_once(',').expect("x,y");
            (x.parse().expect("x"), y.parse().expect("y"))
        })
        .collect()
}

fn heat_chart() -> app::heat::chart::Chart {
    use app::heat::chart::{Chart, HeatData};
    let hot = (0, 2_000); // 1,000 WCU: the ceiling
    Chart {
        kind: ChartKind::Heat,
        data: ChartData::Heat(HeatData { rows: vec!["a<b p0".into(), "a<b p1".into()], bucket: 1, columns: 3, cells: vec![vec![(0, 0), (600, 0), hot], vec![(0, 0); 3]] }),
        locale: app::i18n::Locale::en,
    }
}

/// The plotters SVG export of the heat map, wide and narrow: one cell per (row, second) in its colour
/// and where the chart's mapping says that cell is, the cell at the ceiling outlined, labels escaped,
/// seconds on the axis.
#[wasm_bindgen_test]
fn the_heat_map_exports_as_svg_with_its_cells_where_the_mapping_puts_them() {
    use app::heat::plot::svg;
    let chart = heat_chart();
    let p = palette(Theme::Light);
    let mut sizes = Vec::new();
    for width in [760, 300] {
        let (text, mapping) = svg(&chart, Theme::Light, width).expect("drawn");
        assert!(text.starts_with("<svg") && text.trim_end().ends_with("</svg>"), "{text}");
        assert!(text.contains(&format!(r#"width="{width}""#)), "drawn at the width asked for");
        let labels = texts(&text);
        assert!(labels.iter().any(|t| t == "a&lt;b p0") && labels.iter().any(|t| t == "a&lt;b p1"), "{labels:?}");
        assert!(!text.contains("a<b"), "labels are escaped");
        for tick in ["0", "1", "2", "3", "second"] {
            assert!(labels.iter().any(|t| t == tick), "tick {tick} in {labels:?}");
        }
        let rects = elements(&text, "rect");
        let (filled, outlined): (Vec<_>, Vec<_>) = rects.iter().partition(|r| r["fill"] != "none");
        // The background, six cells and the six legend swatches; the cell at the ceiling outlined,
        // besides the six swatches' outlines.
        assert_eq!(filled.len(), 1 + 6 + 6, "{width}: {rects:?}");
        assert_eq!(outlined.len(), 1 + 6, "{width}");
        assert_eq!(filled.iter().filter(|r| r["fill"] == svg_hex(AT_CEILING)).count(), 2, "the hot cell and its legend swatch");
        // Each coloured cell lies where the chart's own mapping reads its value.
        let outline = outlined.iter().find(|r| r["stroke"] == svg_hex(p.text)).expect("the ceiling outline");
        let (x, y) = mapping.at(centre(outline)).expect("inside the plot");
        assert_eq!(chart.hover(x, y).as_deref(), Some("a<b p0 at 2 s: 0 RCU, 1,000 WCU — 100 % of its ceiling"));
        let warm = filled.iter().find(|r| r["fill"] == svg_hex(heat(0.1, Theme::Light))).expect("the 300 RCU cell");
        let (x, y) = mapping.at(centre(warm)).expect("inside the plot");
        assert_eq!(chart.hover(x, y).as_deref(), Some("a<b p0 at 1 s: 300 RCU, 0 WCU — 10 % of its ceiling"));
        let idle = svg_hex(p.empty);
        let idle_rows: Vec<usize> = filled.iter().filter(|r| r["fill"] == idle).filter_map(|r| mapping.at(centre(r))).map(|(_, y)| y as usize).collect();
        assert_eq!(idle_rows.iter().filter(|&&r| r == 1).count(), 3, "row 1 idle throughout: {idle_rows:?}");
        // Outside the plot there is nothing to read.
        assert_eq!(mapping.at((1, 1)), None);
        sizes.push(elements(&text, "text").iter().map(|t| t["font-size"].clone()).collect::<Vec<_>>());
    }
    assert_eq!(sizes[0].first(), sizes[1].first(), "the narrow drawing is laid out again, not scaled down");
}

/// Lines: the polyline passes through the data as the mapping reads it, and the value axis has round
/// ticks with thousands grouped.
#[wasm_bindgen_test]
fn line_charts_export_as_svg_through_their_data_with_round_ticks() {
    use app::heat::chart::{Chart, LinesData};
    use app::heat::plot::svg;
    let lines = |max: f64| Chart {
        kind: ChartKind::Throttles,
        data: ChartData::Lines(LinesData { y_label: "throttled requests per second".into(), bucket: 1, series: vec![("GSI back-pressure".into(), vec![max, max / 2.0, 0.0])] }),
        locale: app::i18n::Locale::en,
    };
    let colour = svg_hex(palette(Theme::Dark).series[0]);
    for (max, want, not) in [(500.0, ["0", "200", "400"], "600"), (0.5, ["0.0", "0.2", "0.4"], "0.6"), (12_000.0, ["0", "5,000", "10,000"], "15,000")] {
        let chart = lines(max);
        let (text, mapping) = svg(&chart, Theme::Dark, 760).expect("drawn");
        let labels = texts(&text);
        for w in want {
            assert!(labels.iter().any(|t| t == w), "{max}: tick {w} in {labels:?}");
        }
        assert!(!labels.iter().any(|t| t == not), "{max}: no tick above the top: {labels:?}");
        assert!(labels.iter().any(|t| t == "throttled requests per second"), "the axis title whole: {labels:?}");
        assert!(labels.iter().any(|t| t == "GSI back-pressure"), "the legend: {labels:?}");
        let line = elements(&text, "polyline").into_iter().find(|l| l["stroke"] == colour && points(l).len() == 3).expect("the series");
        let ChartData::Lines(d) = &chart.data else { unreachable!() };
        let top = max * 1.15;
        for (i, px) in points(&line).into_iter().enumerate() {
            let (x, y) = mapping.at(px).expect("on the plot");
            assert!((x - (i as f64 + 0.5)).abs() < 0.02, "column {i}: {x}");
            assert!((y - d.series[0].1[i]).abs() <= top / 100.0, "value {i}: {y}");
            assert!(chart.hover(x, y).is_some_and(|h| h.starts_with(&format!("{i} s — GSI back-pressure: "))));
        }
    }
}

/// Horizontal stacked bars: each part where the mapping reads its category and value, the ceiling line at
/// 100, and long names wrapped rather than cut, at 1280 px's width and at a narrow frame's.
#[wasm_bindgen_test]
fn bar_charts_export_as_svg_with_their_parts_the_limit_and_whole_labels() {
    use app::heat::chart::{BarsData, Chart};
    use app::heat::plot::svg;
    let bars = Chart {
        kind: ChartKind::PartitionLimits,
        data: ChartData::Bars(BarsData {
            y_label: "% of the partition ceiling".into(),
            categories: vec!["Social p0".into(), "Social · GSI1 p3".into()],
            stacks: vec![("reads".into(), vec![10.0, 20.0]), ("writes".into(), vec![30.0, 0.0])],
            limit: Some((100.0, "ceiling: 3,000 RCU or 1,000 WCU per second".into())),
            extra: Vec::new(),
        }),
        locale: app::i18n::Locale::en,
    };
    let p = palette(Theme::Light);
    for width in [760, 240] {
        let (text, mapping) = svg(&bars, Theme::Light, width).expect("drawn");
        let rects = elements(&text, "rect");
        // A pixel's worth of value (the axis runs to 110, the ceiling and a tenth more), and a half.
        let tolerance = 1.5 * 110.0 / f64::from((mapping.pixel(110.0, 0.0).0 - mapping.pixel(0.0, 0.0).0).max(1));
        // Two parts per stack (the empty one too) and a legend swatch each.
        for (si, want) in [(0, [(0usize, 0.0, 10.0), (1, 0.0, 20.0)]), (1, [(0, 10.0, 40.0), (1, 20.0, 20.0)])] {
            let parts: Vec<_> = rects.iter().filter(|r| r["fill"] == svg_hex(p.series[si])).collect();
            assert_eq!(parts.len(), 3, "{width}: stack {si}");
            for (category, from, to) in want {
                let part = parts
                    .iter()
                    .find(|r| mapping.at(centre(r)).is_some_and(|(_, y)| y as usize == category))
                    .unwrap_or_else(|| panic!("{width}: stack {si} of category {category}"));
                let (a, _) = mapping.at((attr(part, "x") as i32, centre(part).1)).expect("on the plot");
                let (b, _) = mapping.at(((attr(part, "x") + attr(part, "width")) as i32, centre(part).1)).expect("on the plot");
                assert!((a - from).abs() < tolerance && (b - to).abs() < tolerance, "{width}: stack {si}, {category}: {a}..{b}");
            }
        }
        let (x, y) = mapping.at(centre(rects.iter().find(|r| r["fill"] == svg_hex(p.series[1])).expect("a part"))).expect("on the plot");
        assert_eq!(bars.hover(x, y).as_deref(), Some("Social p0 — reads: 10; writes: 30"));
        let limit = elements(&text, "polyline").into_iter().find(|l| l["stroke"] == svg_hex(p.limit) && points(l).len() == 2).expect("the ceiling line");
        let (x, _) = mapping.at(points(&limit)[0]).expect("on the plot");
        assert!((x - 100.0).abs() < tolerance, "{x}");
        let labels = texts(&text);
        for whole in ["Social p0", "Social · GSI1 p3", "reads", "writes"] {
            assert!(labels.iter().any(|t| t == whole), "{width}: {whole} in {labels:?}");
        }
        // Titles and legend entries too long for the width wrap onto more lines; nothing is cut.
        let all = labels.join(" ");
        assert!(all.contains("% of the partition ceiling") && all.contains("ceiling: 3,000 RCU or 1,000 WCU per second"), "{width}: {labels:?}");
        assert!(!all.contains('…'), "{width}: {labels:?}");
    }

    // A key with its table: on one line when there is room, else the table on a line of its own; the
    // value axis's title whole, wrapped if need be.
    let keys = Chart {
        kind: ChartKind::TopKeys,
        data: ChartData::Bars(BarsData {
            y_label: "accessed (RCU + 3 × WCU) over the run".into(),
            categories: vec!["ALL_POSTS (Social · GSI1)".into(), "POST#12 (Social)".into()],
            stacks: vec![("accessed (units)".into(), vec![9_000.0, 10.0])],
            limit: None,
            extra: Vec::new(),
        }),
        locale: app::i18n::Locale::en,
    };
    let (wide, _) = svg(&keys, Theme::Light, 760).expect("drawn");
    assert!(texts(&wide).iter().any(|t| t == "ALL_POSTS (Social · GSI1)"), "{:?}", texts(&wide));
    let (narrow, _) = svg(&keys, Theme::Light, 240).expect("drawn");
    let labels = texts(&narrow);
    assert!(labels.iter().any(|t| t == "ALL_POSTS") && labels.iter().any(|t| t == "(Social · GSI1)"), "{labels:?}");
    assert!(!labels.iter().any(|t| t.contains('…')), "nothing cut: {labels:?}");
    assert!(labels.join(" ").contains("accessed (RCU + 3 × WCU) over the run"), "the axis title whole: {labels:?}");
}

/// The colour of the canvas pixel at (`x`, `y`).
fn pixel(data: &[u8], width: u32, x: u32, y: u32) -> (u8, u8, u8) {
    let i = ((y * width + x) * 4) as usize;
    (data[i], data[i + 1], data[i + 2])
}

/// A pointer moving to client position (`x`, `y`) over `target`.
fn mouse_move(target: &web_sys::Element, x: f64, y: f64) {
    use wasm_bindgen::JsCast;
    let init = js_sys::Object::new();
    for (k, v) in [("clientX", x), ("clientY", y)] {
        js_sys::Reflect::set(&init, &k.into(), &v.into()).expect("init");
    }
    js_sys::Reflect::set(&init, &"bubbles".into(), &true.into()).expect("init");
    let ctor: js_sys::Function = js_sys::Reflect::get(&web_sys::window().expect("window"), &"MouseEvent".into()).expect("MouseEvent").unchecked_into();
    let ev: web_sys::Event = js_sys::Reflect::construct(&ctor, &js_sys::Array::of2(&"mousemove".into(), &init)).expect("an event").unchecked_into();
    target.dispatch_event(&ev).expect("dispatched");
}

/// The tab mounted, a short run: the charts are drawn at their frame's width (again when the frame
/// narrows), the hover reads the partition at the ceiling under the pointer, and the run is published
/// for the advisor.
#[wasm_bindgen_test]
async fn a_run_draws_its_charts_at_the_frames_width_and_hover_reads_the_cell_under_the_pointer() {
    use wasm_bindgen::JsCast;
    // The tab's own stylesheet, as the page has it (the canvas takes its frame's width).
    let document = web_sys::window().and_then(|w| w.document()).expect("document");
    let style = document.create_element("style").expect("style");
    style.set_text_content(Some(include_str!("../../public/heat.css")));
    document.body().expect("body").append_child(&style).expect("styled");
    let page = mount(|| view! { <HeatTab/> });
    page.root().set_attribute("style", "width: 520px").expect("style");
    click(&page.by_testid("scenario-latest-posts")).await;
    type_into(&page.by_testid("input-duration"), "2").await;
    click(&page.by_testid("heat-run")).await;
    let drawn = |page: &common::Mounted| page.count("[data-testid=canvas-base-heatmap][data-drawn=true]") == 1;
    for _ in 0..400 {
        if drawn(&page) {
            break;
        }
        common::wait_ms(25).await;
    }
    assert!(drawn(&page), "the heat map is drawn");
    assert_eq!(page.text("base-throttled"), "1,000");
    let canvas: web_sys::HtmlCanvasElement = page.by_testid("canvas-base-heatmap").unchecked_into();
    let dpr = web_sys::window().expect("window").device_pixel_ratio().clamp(1.0, 3.0);
    let frame = canvas.get_bounding_client_rect();
    assert!(frame.width() > 300.0 && frame.width() < 520.0, "{}", frame.width());
    assert_eq!(canvas.width(), (frame.width() * dpr).round() as u32, "drawn at the frame's width");
    assert!((frame.height() - f64::from(canvas.height()) / dpr).abs() < 1.0, "not stretched");

    // The pixels at the ceiling's colour (left of the legend) are the hot GSI partition's row.
    let ctx: web_sys::CanvasRenderingContext2d = canvas.get_context("2d").expect("2d").expect("2d").unchecked_into();
    let (w, h) = (canvas.width(), canvas.height());
    let data = ctx.get_image_data(0.0, 0.0, f64::from(w), f64::from(h)).expect("pixels").data().0;
    let hot: Vec<(u32, u32)> =
        (0..h).flat_map(|y| (0..w - (96.0 * dpr) as u32).map(move |x| (x, y))).filter(|&(x, y)| pixel(&data, w, x, y) == (110, 0, 70)).collect();
    assert!(hot.len() > 100, "{} ceiling pixels", hot.len());
    let (x, y) = hot[hot.len() / 2];
    let to_client = |x: u32, y: u32| (frame.left() + (f64::from(x) + 0.5) / dpr, frame.top() + (f64::from(y) + 0.5) / dpr);
    let (cx, cy) = to_client(x, y);
    mouse_move(&canvas, cx, cy);
    common::settle().await;
    let read = page.text("hover-base-heatmap");
    assert!(read.starts_with("Social · LatestPosts p") && read.ends_with("0 RCU, 1,000 WCU — 100 % of its ceiling"), "{read}");
    // The background above the plot reads nothing.
    mouse_move(&canvas, frame.left() + 2.0, frame.top() + 2.0);
    common::settle().await;
    assert_eq!(page.text("hover-base-heatmap"), "Point at the chart to read its values.");

    // A narrower frame: drawn again for its width, not scaled.
    page.root().set_attribute("style", "width: 360px").expect("style");
    common::wait_ms(100).await;
    let narrow = canvas.get_bounding_client_rect();
    assert!(narrow.width() < frame.width());
    assert_eq!(canvas.width(), (narrow.width() * dpr).round() as u32);

    style.remove();
    let published = page.state().heat_run.with_untracked(|r| r.as_ref().map(|r| (r.title.clone(), r.own_model, r.report.totals.requests)));
    assert_eq!(published, Some((String::from("Latest posts on a constant GSI key"), false, 3_000)));
}
