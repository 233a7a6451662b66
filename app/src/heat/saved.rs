//! The Heat tab's workload kept in the model's `workloads` slot, so that it is saved, shared and
//! opened with the design it was written for (docs/model-format.md: a workload's fields other than
//! `name` and `description` are the simulator's own).

use engine::model::slots::Workload as SavedWorkload;
use engine::model::Model;
use serde_json::Value;
use sim::Workload;

/// The name the tab saves its workload under when the person has not named one.
pub const DEFAULT_NAME: &str = "Heat tab";

/// The first of the model's workloads that the simulator can run, with its name. Entries it cannot
/// read (written by a newer build, or by hand) are skipped here and kept in the model untouched.
pub fn from_model(model: &Model) -> Option<(String, Workload)> {
    model.workloads.iter().find_map(|w| {
        let fields = Value::Object(w.extra.clone());
        Workload::from_json(&fields).ok().map(|sim| (w.name.clone(), sim))
    })
}

/// `list` with `workload` stored under `name`: an entry of that name is replaced (its description
/// kept), any other entry is left as it was, and a new name is added at the end.
pub fn store(list: &[SavedWorkload], name: &str, workload: &Workload) -> Vec<SavedWorkload> {
    let extra = match serde_json::to_value(workload) {
        Ok(Value::Object(m)) => m,
        _ => serde_json::Map::new(),
    };
    let mut out = list.to_vec();
    match out.iter_mut().find(|w| w.name == name) {
        Some(w) => w.extra = extra,
        None => {
            let mut w = SavedWorkload::new(name);
            w.extra = extra;
            out.push(w);
        }
    }
    out
}
