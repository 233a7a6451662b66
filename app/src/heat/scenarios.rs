//! The seed scenarios one click away: each a design, its data, a workload that runs hot, and the fix
//! as a what-if variant. "Latest posts on a constant GSI key" is the simulator's own case file (so the
//! Heat tab and `sim`'s tests replay the same thing); "sharded counter" is ours, in `scenarios/`.

use engine::model::{Model, TableModel};
use serde_json::Value;
use sim::Workload;

use super::whatif::{Setup, Variant};

/// A seed scenario.
#[derive(Debug, Clone, PartialEq)]
pub struct Scenario {
    pub id: &'static str,
    pub title: &'static str,
    /// What it shows and why (the case file's hand-computed explanation).
    pub why: String,
    pub setup: Setup,
    /// The design change that removes the heat.
    pub fix: Variant,
}

const LATEST_POSTS: &str = include_str!("../../../sim/tests/data/scenarios/seed_latest_posts_constant_gsi_key.json");
const COUNTER: &str = include_str!("scenarios/sharded_counter.json");
/// The latest-posts case in a learner's words: the case file's own `why` is written for the simulator's
/// tests (it names the seed scenario it came from and the report's field units).
const LATEST_POSTS_WHY: &str = include_str!("scenarios/latest_posts_why.txt");

/// A scenario case file (the `sim/tests/data/scenarios` layout) as a setup.
pub fn parse_case(text: &str) -> Result<(String, Setup), String> {
    let v: Value = serde_json::from_str(text).map_err(|e| e.to_string())?;
    let mut model = Model::new();
    for t in v["tables"].as_array().into_iter().flatten() {
        let name = t["TableName"].as_str().unwrap_or_default();
        let items = v["items"][name].as_array().cloned().unwrap_or_default();
        model.tables.push(TableModel { definition: t.clone(), entities: Vec::new(), items, time_to_live: None });
    }
    let workload: Workload = Workload::from_json(&v["workload"]).map_err(|e| format!("workload: {e}"))?;
    Ok((v["why"].as_str().unwrap_or_default().to_string(), Setup { model, workload }))
}

pub fn all() -> Vec<Scenario> {
    let mut out = Vec::new();
    for (id, title, text, told) in [
        ("latest-posts", "Latest posts on a constant GSI key", LATEST_POSTS, Some(LATEST_POSTS_WHY)),
        ("sharded-counter", "Sharded counter", COUNTER, None),
    ] {
        // The files are part of the build; one that does not parse is left out rather than shown broken.
        if let Ok((why, setup)) = parse_case(text) {
            let why = told.map_or(why, |t| t.trim().to_string());
            out.push(Scenario { id, title, why, setup, fix: Variant::Shard { shards: 10 } });
        }
    }
    out
}
