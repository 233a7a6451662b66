//! The simulator's heat feeds two rules: the seed scenario of a 3-value status key, simulated, gives a
//! low-cardinality finding on the throttled key; the same scenario spread by write sharding does not;
//! the time-series scenario's throttled current month is a hot time-ordered key.

use crate::common;

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
    let mut workload = sim::Workload::from_json(&case["workload"]).unwrap();
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
    assert!(f.iter().all(|f| f.title.en().starts_with("The simulator throttled")), "{f:?}");
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
    assert!(hot[0].title.en().starts_with("The simulator throttled ") && hot[0].title.en().ends_with(" requests on the current period's key READINGS#2026-12"), "{}", hot[0].title);
    assert!(hot[0].fix.en().contains("READINGS#<entityId>#<period>"), "{}", hot[0].fix);
    // Without the heat, the model alone (no items) says nothing.
    assert!(advise(&Context::new(&m, &[], None)).iter().all(|f| f.rule != RuleId::HotTimeKey));
}

#[test]
fn a_heat_finding_and_a_data_finding_on_one_index_have_their_own_ids_and_dismissals() {
    let (mut m, heat) = scenario("seed_low_cardinality_status");
    // The data says the same as the heat: 30 orders over 3 statuses on ByStatus.
    m.tables[0].items = (0..30)
        .map(|i| {
            let status = ["STATUS#PENDING", "STATUS#SHIPPED", "STATUS#DELIVERED"][i % 3];
            serde_json::json!({"PK": {"S": format!("ORDER#{i}")}, "status": {"S": status}})
        })
        .collect();
    let target = Target::Index { table: "Orders".into(), index: "ByStatus".into() };
    let f: Vec<_> = advise(&Context::new(&m, &[], Some(&heat))).into_iter().filter(|f| f.rule == RuleId::LowCardinalityKey && f.target == target).collect();
    let ids: Vec<String> = f.iter().map(|f| f.id()).collect();
    assert_eq!(ids, ["low-cardinality-key:heat:Orders/ByStatus", "low-cardinality-key:Orders/ByStatus"], "{f:?}");
    assert!(f[0].from_heat && f[0].title.en().starts_with("The simulator throttled"));
    assert!(!f[1].from_heat && f[1].title.en() == "status has 3 values for 30 items", "{}", f[1].title);
    // Dismissing the heat finding leaves the data finding open, and the other way round.
    let mut dismissed = Vec::new();
    advisor::dismiss(&mut dismissed, &ids[0], "a load test, not real traffic");
    assert!(f[0].dismissal(&dismissed).is_some() && f[1].dismissal(&dismissed).is_none());
    advisor::restore(&mut dismissed, &ids[0]);
    advisor::dismiss(&mut dismissed, &ids[1], "few orders yet");
    assert!(f[0].dismissal(&dismissed).is_none() && f[1].dismissal(&dismissed).is_some());
}

#[test]
fn a_dismissal_saved_under_the_old_shared_id_still_applies_to_the_data_finding() {
    let m = common::model(serde_json::json!({"version": 2, "tables": [], "dismissedFindings": [
        {"finding": "low-cardinality-key:Orders/ByStatus", "reason": "saved by an earlier build"}]}));
    let data = advisor::Finding {
        rule: RuleId::LowCardinalityKey,
        severity: advisor::Severity::Warning,
        target: Target::Index { table: "Orders".into(), index: "ByStatus".into() },
        title: advisor::Words(advisor::Message::new("")),
        explanation: advisor::Words(advisor::Message::new("")),
        fix: advisor::Words(advisor::Message::new("")),
        from_heat: false,
    };
    assert_eq!(data.dismissal(&m.dismissed_findings).map(|d| d.reason.as_str()), Some("saved by an earlier build"));
    let heat = advisor::Finding { from_heat: true, ..data };
    assert!(heat.dismissal(&m.dismissed_findings).is_none());
}

#[test]
fn table_keys_throttled_only_by_a_gsis_back_pressure_are_not_hot_keys() {
    let key = |table: &str, index: Option<&str>, key: &str, throttled: u64| advisor::heat::HotKey {
        table: table.into(),
        index: index.map(String::from),
        key: key.into(),
        accessed_half_units: 2 * throttled,
        throttled_requests: throttled,
    };
    let heat = Heat {
        seconds: 5,
        keys: vec![key("Shop", Some("GSI1"), "ORDER_STATUS#PENDING", 10_000), key("Shop", None, "USER#26082", 2), key("Shop", None, "USER#7", 100)],
    };
    let hot: Vec<&str> = heat.throttled_keys().map(|k| k.key.as_str()).collect();
    assert_eq!(hot, ["ORDER_STATUS#PENDING", "USER#7"]);
    let m = common::model(serde_json::json!({"version": 2, "tables": []}));
    let ids: Vec<String> = advise(&Context::new(&m, &[], Some(&heat))).iter().map(|f| f.id()).collect();
    assert_eq!(ids, ["low-cardinality-key:heat:Shop", "low-cardinality-key:heat:Shop/GSI1"]);
}
