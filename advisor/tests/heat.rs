//! The simulator's heat feeds two rules: the seed scenario of a 3-value status key, simulated, gives a
//! low-cardinality finding on the throttled key; the same scenario spread by write sharding does not;
//! the time-series scenario's throttled current month is a hot time-ordered key.

mod common;

use advisor::{advise, Context, Heat, RuleId, Target};
use engine::db::Database;
use engine::model::{Model, TableModel};
use serde_json::Value;

fn scenario(name: &str) -> (Model, Heat) {
    let path = format!("{}/../sim/tests/data/scenarios/{name}.json", env!("CARGO_MANIFEST_DIR"));
    let case: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let mut db = Database::default();
    let mut model = Model::new();
    for t in case["tables"].as_array().unwrap() {
        db.execute("CreateTable", t, 0).unwrap();
        model.tables.push(TableModel { definition: t.clone(), entities: vec![], items: vec![], time_to_live: None });
    }
    let mut workload: sim::Workload = serde_json::from_value(case["workload"].clone()).unwrap();
    // A few simulated seconds show the throttling (and keep this debug-built test quick).
    workload.duration_seconds = workload.duration_seconds.min(4);
    let report = sim::simulate(&db, workload).unwrap();
    (model, Heat::from_report(&report))
}

#[test]
fn a_throttled_key_in_the_simulation_is_a_low_cardinality_finding() {
    let (m, heat) = scenario("seed_low_cardinality_status");
    assert!(heat.keys.iter().any(|k| k.throttled_requests > 0), "{heat:?}");
    let f: Vec<_> = advise(&Context::new(&m, &[], Some(&heat))).into_iter().filter(|f| f.rule == RuleId::LowCardinalityKey).collect();
    assert!(!f.is_empty());
    assert!(f.iter().all(|f| f.title.starts_with("The simulator throttled")), "{f:?}");
    assert!(matches!(&f[0].target, Target::Table { .. } | Target::Index { .. }));
}

#[test]
fn write_sharding_spreads_the_heat_and_the_finding_goes() {
    let (m, heat) = scenario("seed_latest_posts_write_sharding");
    let f: Vec<_> = advise(&Context::new(&m, &[], Some(&heat))).into_iter().filter(|f| f.rule == RuleId::LowCardinalityKey).collect();
    assert!(f.is_empty(), "{f:?}");
}

#[test]
fn a_throttled_current_month_is_a_hot_time_ordered_key() {
    let (m, heat) = scenario("seed_time_series_by_month");
    let hot: Vec<_> = advise(&Context::new(&m, &[], Some(&heat))).into_iter().filter(|f| matches!(f.rule, RuleId::HotTimeKey | RuleId::LowCardinalityKey)).collect();
    assert_eq!(hot.len(), 1, "{hot:?}");
    assert_eq!(hot[0].rule, RuleId::HotTimeKey);
    assert_eq!(hot[0].target, Target::Table { table: "Readings".into() });
    assert!(hot[0].title.starts_with("The simulator throttled ") && hot[0].title.ends_with(" requests on the current period's key READINGS#2026-12"), "{}", hot[0].title);
    assert!(hot[0].fix.contains("READINGS#<entityId>#<period>"), "{}", hot[0].fix);
    // Without the heat, the model alone (no items) says nothing.
    assert!(advise(&Context::new(&m, &[], None)).iter().all(|f| f.rule != RuleId::HotTimeKey));
}
