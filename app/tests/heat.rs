//! The Heat tab's pure logic and its workload editor, in headless Chromium: `cargo test -p dynamodel-app
//! --target wasm32-unknown-unknown --test heat`. Expected figures come from the simulator's case files
//! (hand-computed there) or are computed here by hand.
#![cfg(target_arch = "wasm32")]

mod common;

use app::heat::chart::{self, group, units, ChartData, ChartKind};
use app::heat::colour::{heat, palette, Theme, AT_CEILING};
use app::heat::cost::{dollars_text, money, parse_dollars, reprice};
use app::heat::editor::{self, PatternForm, WorkloadForm};
use app::heat::whatif::{apply, provisioned_for, Setup, Variant};
use app::heat::{heat_tab, scenarios, slices, words};
use common::{click, mount_view, type_into};
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

wasm_bindgen_test_configure!(run_in_browser);

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
    // Table: 4 partitions; GSI1: its partitions after them. Exactly one GSI1 row sits at the ceiling
    // (1,000 WCU = 2,000 half-units of writes) every second.
    assert!(h.rows[0].starts_with("Social p0"));
    let hot: Vec<usize> = (0..h.rows.len()).filter(|&row| (0..h.columns).all(|c| h.fraction(row, c) >= 1.0)).collect();
    assert_eq!(hot.len(), 1, "{:?}", h.rows);
    assert!(h.rows[hot[0]].starts_with("Social · GSI1"));
    assert_eq!(h.cells[hot[0]][1], (0, 2_000));
    let table = chart::chart(&r, ChartKind::Heat).table();
    assert_eq!(table.headers, ["partition", "0 s", "1 s"]);
    assert_eq!(table.rows[hot[0]][2], "0 RCU, 1,000 WCU");
    // The hover read-out reads the same cell.
    let c = chart::chart(&r, ChartKind::Heat);
    let fy = (hot[0] as f64 + 0.5) / h.rows.len() as f64;
    let text = c.hover(1.5 / 2.0, fy).expect("a cell");
    assert!(text.contains("at 1 s: 0 RCU, 1,000 WCU — 100 % of its ceiling"), "{text}");
    assert_eq!(c.hover(1.2, 0.5), None);

    // Throttles over time: 500 per second, all GSI back-pressure.
    let t = chart::chart(&r, ChartKind::Throttles);
    let ChartData::Lines(l) = &t.data else { panic!("lines") };
    assert_eq!(l.series.len(), 1);
    assert_eq!(l.series[0].0, "GSI back-pressure");
    assert!(l.series[0].1.iter().all(|&v| v == 500.0));
    // Top keys: ALL_POSTS first.
    let k = chart::chart(&r, ChartKind::TopKeys).table();
    assert!(k.rows[0][0].starts_with("ALL_POSTS (Social · GSI1)"), "{:?}", k.rows[0]);
    // Every chart has a table with as many cells per row as headers.
    for c in chart::charts(&r) {
        let t = c.table();
        assert!(t.rows.iter().all(|row| row.len() == t.headers.len()), "{:?}", c.kind);
    }
}

#[wasm_bindgen_test]
fn the_fix_is_the_simulators_sharded_case_and_stops_throttling() {
    let s = scenario("latest-posts");
    let fixed = apply(&s.setup, &s.fix).expect("applies");
    let case: serde_json::Value = serde_json::from_str(SHARDED_CASE).expect("case");
    let want = case["workload"]["patterns"][0]["item"]["GSI1PK"]["S"].as_str().expect("template");
    assert_eq!(fixed.workload.patterns[0].item["GSI1PK"]["S"], want);
    let (base, after) = (run(&s.setup), run(&fixed));
    assert_eq!(after.totals.throttled, 0);
    assert_eq!(after.totals.requests, 3_000);
    let p = sim::cost::us_east_1();
    let text = words::compare(&base, &reprice(&base, &p), &after, &reprice(&after, &p));
    assert!(text.starts_with("The variant removes all throttling: 1,000 throttled requests (33.3 % of 3,000) drop to none."), "{text}");
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
    assert!(apply(&fixed, &Variant::Shard { shards: 10 }).unwrap_err().starts_with("nothing to shard"));
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
    let g = apply(&s.setup, &Variant::GsiKey { table: "Social".into(), index: "GSI1".into(), attribute: "PK".into() }).expect("applies");
    let defs = g.model.tables[0].definition["AttributeDefinitions"].as_array().expect("defs").len();
    assert_eq!(defs, 3, "GSI1PK is no longer a key attribute and is dropped");
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

#[wasm_bindgen_test]
fn editor_puts_each_fault_beside_its_field() {
    let cases: Vec<(fn(&mut WorkloadForm), &str, &str)> = vec![
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
        let got = errors.get(field).unwrap_or_else(|| panic!("no error at {field}: {errors:?}"));
        assert!(got.contains(text), "{field}: {got}");
    }
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
    let page = mount_view(heat_tab);
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
    q.request = Some(serde_json::json!({"TableName": "Social", "IndexName": "GSI1",
        "KeyConditionExpression": "#p = :p", "ExpressionAttributeNames": {"#p": "GSI1PK"},
        "ExpressionAttributeValues": {":p": {"S": "ALL_POSTS"}}, "ScanIndexForward": false}));
    q.extra.insert("ratePerSecond".into(), serde_json::json!(250));
    let mut g = engine::model::AccessPattern::new("get post");
    g.operation = Some("GetItem".into());
    // A placeholder is run with its sample value, as the pattern table runs it.
    g.request = Some(serde_json::json!({"TableName": "Social", "Key": {"PK": {"S": "POST#{postId}"}, "SK": {"S": "POST#1"}}}));
    g.extra.insert("parameters".into(), serde_json::json!({"postId": "1"}));
    model.access_patterns = vec![q, g];
    let f = editor::defaults(&model);
    assert_eq!((f.patterns[0].name.as_str(), f.patterns[0].op.as_str(), f.patterns[0].index.as_str()), ("latest posts", "Query", "GSI1"));
    assert_eq!(f.patterns[0].key, "GSI1PK=ALL_POSTS");
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

/// The hand-written SVG: one cell per (row, second), outlines on the cells at the ceiling, labels
/// escaped, the plot area where the cells are, and round-number ticks on the value axis.
#[wasm_bindgen_test]
fn charts_draw_as_svg_with_their_plot_area_ticks_and_escaped_labels() {
    use app::heat::chart::{BarsData, Chart, HeatData, LinesData};
    use app::heat::draw::{size, svg};
    let hot = (0, 2_000); // 1,000 WCU: the ceiling
    let heat_chart = Chart {
        kind: ChartKind::Heat,
        data: ChartData::Heat(HeatData { rows: vec!["a<b p0".into(), "a<b p1".into()], bucket: 1, columns: 3, cells: vec![vec![(0, 0), (600, 0), hot], vec![(0, 0); 3]] }),
    };
    let (w, h) = size(&heat_chart);
    let (text, area) = svg(&heat_chart, Theme::Light).expect("drawn");
    assert!(text.starts_with("<svg") && text.ends_with("</svg>"));
    assert!(text.contains(">a&lt;b p0</text>") && !text.contains("a<b"), "labels are escaped");
    // Six cells plus the six legend swatches and the background; one cell at the ceiling outlined,
    // besides the six legend swatches' outlines.
    assert_eq!(text.matches("<rect").count() - text.matches(r#"fill="none""#).count(), 6 + 6 + 1);
    assert_eq!(text.matches(r#"fill="none""#).count(), 1 + 6);
    assert_eq!(area, app::heat::draw::PlotArea { x0: 158, y0: 8, x1: w as i32 - 104, y1: h as i32 - 52 });
    let mid = area.fraction(f64::from(area.x0 + area.x1) / 2.0, f64::from(area.y0));
    assert_eq!(mid, (0.5, 0.0));

    let lines = |max: f64| Chart {
        kind: ChartKind::Throttles,
        data: ChartData::Lines(LinesData { y_label: "throttled".into(), bucket: 1, series: vec![("GSI".into(), vec![max, max / 2.0])] }),
    };
    let (text, _) = svg(&lines(500.0), Theme::Dark).expect("drawn");
    // Top 575 (the highest value and 15 % more): steps of 200.
    assert!(text.contains(">200</text>") && text.contains(">400</text>") && !text.contains(">600</text>"), "{text}");
    let (text, _) = svg(&lines(0.5), Theme::Dark).expect("drawn");
    assert!(text.contains(">0.2</text>") && text.contains(">0.4</text>"), "{text}");
    let (text, _) = svg(&lines(12_000.0), Theme::Dark).expect("drawn");
    assert!(text.contains(">10,000</text>"), "thousands grouped: {text}");

    let bars = Chart {
        kind: ChartKind::PartitionLimits,
        data: ChartData::Bars(BarsData {
            y_label: "% of the ceiling".into(),
            categories: vec!["p0".into(), "p1".into()],
            stacks: vec![("reads".into(), vec![10.0, 20.0]), ("writes".into(), vec![30.0, 0.0])],
            limit: Some((100.0, "ceiling".into())),
            extra: Vec::new(),
        }),
    };
    let (text, area) = svg(&bars, Theme::Light).expect("drawn");
    // Background, four bar parts, the legend box and its two swatches.
    assert_eq!(text.matches("<rect").count(), 1 + 4 + 1 + 2);
    assert!(text.contains(">ceiling</text>") && text.contains(">p1</text>"));
    assert_eq!((area.x0, area.y0), (78, 8));
}
