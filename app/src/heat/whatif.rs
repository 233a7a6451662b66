//! What-if variants: the same workload against a changed design, so the two runs differ in one thing.
//!
//! A run's input is a [`Setup`]: the tables and items (as the model file holds them) plus the workload.
//! A [`Variant`] rewrites a copy of it — sharding a constant partition key over N suffixes, switching the
//! capacity mode, or keying a GSI on another attribute — and says precisely why when it does not apply.

use engine::db::Database;
use engine::model::Model;
use serde_json::{json, Value};
use sim::autoscale::AutoScaling;
use sim::report::Report;
use sim::workload::{Capacity, TableSettings};
use sim::Workload;

/// Why a design does not load or a variant does not apply, in the page's language when shown (the
/// engine's own message verbatim inside).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// The engine refuses a table's definition.
    Table { table: String, error: String },
    /// The engine refuses one of a table's items.
    Item { table: String, error: String },
    Shards,
    NothingToShard,
    ProvisionedUnits,
    GsiNoAttribute,
    GsiNoTable(String),
    GsiNoIndex { table: String, index: String },
    GsiNoPartitionKey(String),
}

impl Refusal {
    pub fn text(&self, locale: crate::i18n::Locale) -> String {
        use crate::i18n::td_string;
        match self {
            Refusal::Table { table, error } => td_string!(locale, heat.refusal_table, table, error).to_string(),
            Refusal::Item { table, error } => td_string!(locale, heat.refusal_item, table, error).to_string(),
            Refusal::Shards => td_string!(locale, heat.refusal_shards).to_string(),
            Refusal::NothingToShard => td_string!(locale, heat.refusal_nothing_to_shard).to_string(),
            Refusal::ProvisionedUnits => td_string!(locale, heat.refusal_provisioned).to_string(),
            Refusal::GsiNoAttribute => td_string!(locale, heat.refusal_gsi_attribute).to_string(),
            Refusal::GsiNoTable(table) => td_string!(locale, heat.refusal_gsi_table, table).to_string(),
            Refusal::GsiNoIndex { table, index } => td_string!(locale, heat.refusal_gsi_index, table, index).to_string(),
            Refusal::GsiNoPartitionKey(index) => td_string!(locale, heat.refusal_gsi_pk, index).to_string(),
        }
    }
}

/// What one simulation runs: the design, its data and the traffic.
#[derive(Debug, Clone, PartialEq)]
pub struct Setup {
    pub model: Model,
    pub workload: Workload,
}

impl Setup {
    /// A fresh engine database holding the setup's tables and items, loaded the way the modeler loads
    /// a model (through the table actions the app already ships, not the whole `execute` dispatch).
    pub fn database(&self, now_millis: u64) -> Result<Database, Refusal> {
        let p = crate::model::Playground::from_model(&self.model, now_millis);
        for t in p.tables() {
            if let Some(e) = &t.definition_error {
                return Err(Refusal::Table { table: t.name().to_string(), error: e.to_string() });
            }
            if let Some(e) = t.rows.iter().find_map(|r| r.error.as_ref()) {
                return Err(Refusal::Item { table: t.name().to_string(), error: e.to_string() });
            }
        }
        Ok(p.database().clone())
    }
}

#[derive(Debug, Clone, PartialEq)]
pub enum Variant {
    /// Append `#{0..n-1}` to every constant partition-key template (table or GSI) the patterns write.
    Shard { shards: u32 },
    /// Every table provisioned (read, write units, with auto scaling at `target_percent`), or on-demand.
    Provisioned { read: u64, write: u64, target_percent: u32 },
    OnDemand,
    /// Key GSI `index` of `table` on `attribute` (a string attribute) instead of its current key.
    GsiKey { table: String, index: String, attribute: String },
}

impl Variant {
    pub fn label(&self, locale: crate::i18n::Locale) -> String {
        use crate::i18n::td_string;
        use crate::language::numbers::count;
        match self {
            Variant::Shard { shards } => td_string!(locale, heat.variant_shard, shards = count(locale, u64::from(*shards))).to_string(),
            Variant::Provisioned { read, write, target_percent } => {
                let (read, write) = (count(locale, *read), count(locale, *write));
                td_string!(locale, heat.variant_provisioned, read, write, target = target_percent).to_string()
            }
            Variant::OnDemand => td_string!(locale, heat.variant_on_demand).to_string(),
            Variant::GsiKey { index, attribute, .. } => td_string!(locale, heat.variant_gsi, index, attribute).to_string(),
        }
    }
}

/// The partition-key attribute of the table and of each GSI of `definition`.
fn partition_keys(definition: &Value) -> Vec<String> {
    let hash = |schema: &Value| {
        schema.as_array().into_iter().flatten().find(|k| k["KeyType"] == "HASH").and_then(|k| k["AttributeName"].as_str()).map(String::from)
    };
    let mut out: Vec<String> = hash(&definition["KeySchema"]).into_iter().collect();
    for g in definition["GlobalSecondaryIndexes"].as_array().into_iter().flatten() {
        out.extend(hash(&g["KeySchema"]));
    }
    out
}

/// Every attribute named in the table's, its GSIs' and its LSIs' key schemas.
fn key_attributes_used(definition: &Value) -> Vec<String> {
    let names = |schema: &Value| -> Vec<String> {
        schema.as_array().into_iter().flatten().filter_map(|k| k["AttributeName"].as_str().map(String::from)).collect()
    };
    let mut out = names(&definition["KeySchema"]);
    for kind in ["GlobalSecondaryIndexes", "LocalSecondaryIndexes"] {
        for i in definition[kind].as_array().into_iter().flatten() {
            out.extend(names(&i["KeySchema"]));
        }
    }
    out
}

/// Provisioned capacity that covers a run's busiest second at `target_percent` utilisation.
pub fn provisioned_for(report: &Report, target_percent: u32) -> (u64, u64) {
    let t = report.totals.targets.iter().filter(|t| t.index.is_none());
    let (r, w) = t.fold((0, 0), |(r, w), t| (r + t.peak_read_half_units.div_ceil(2), w + t.peak_write_half_units.div_ceil(2)));
    let pct = u64::from(target_percent.max(1));
    ((r * 100).div_ceil(pct).max(1), (w * 100).div_ceil(pct).max(1))
}

/// `setup` changed by `variant`.
pub fn apply(setup: &Setup, variant: &Variant) -> Result<Setup, Refusal> {
    let mut out = setup.clone();
    match variant {
        Variant::Shard { shards } => {
            if !(2..=1000).contains(shards) {
                return Err(Refusal::Shards);
            }
            let suffix = format!("#{{0..{}}}", shards - 1);
            let mut changed = 0;
            for p in &mut out.workload.patterns {
                let Some(t) = out.model.tables.iter().find(|t| engine::model::table_name(&t.definition) == Some(p.table.as_str())) else {
                    continue;
                };
                for attr in partition_keys(&t.definition) {
                    if let Some(k) = p.key.get_mut(&attr) {
                        if !k.contains('{') {
                            k.push_str(&suffix);
                            changed += 1;
                        }
                    }
                    if let Some(Value::Object(v)) = p.item.get_mut(&attr) {
                        if let Some(Value::String(s)) = v.get_mut("S") {
                            if !s.contains('{') {
                                s.push_str(&suffix);
                                changed += 1;
                            }
                        }
                    }
                }
            }
            if changed == 0 {
                return Err(Refusal::NothingToShard);
            }
            // The simulator caps a pattern's key space (ids × every range); a sharded pattern keeps
            // within it by drawing from fewer ids, which changes no partition's load (each id is
            // written at most a handful of times in any run the tab can show).
            for p in &mut out.workload.patterns {
                let cap = sim::template::MAX_KEY_SPACE / u64::from(*shards);
                if p.key_count > cap {
                    p.key_count = cap;
                }
            }
        }
        Variant::Provisioned { read, write, target_percent } => {
            if *read == 0 || *write == 0 {
                return Err(Refusal::ProvisionedUnits);
            }
            let tables: Vec<String> = out.model.tables.iter().filter_map(|t| engine::model::table_name(&t.definition).map(String::from)).collect();
            out.workload.tables = tables
                .into_iter()
                .map(|table| TableSettings {
                    table,
                    capacity: Some(Capacity::Provisioned { read_units: *read, write_units: *write }),
                    indexes: Default::default(),
                    size_bytes: None,
                    partition_bytes: None,
                    adaptive_capacity: true,
                    burst_capacity: true,
                    auto_scaling: Some(AutoScaling {
                        target_percent: *target_percent,
                        min_read: *read,
                        max_read: read.saturating_mul(10),
                        min_write: *write,
                        max_write: write.saturating_mul(10),
                    }),
                    index_propagation_ms: 0,
                })
                .collect();
        }
        Variant::OnDemand => {
            let tables: Vec<String> = out.model.tables.iter().filter_map(|t| engine::model::table_name(&t.definition).map(String::from)).collect();
            out.workload.tables = tables
                .into_iter()
                .map(|table| TableSettings {
                    table,
                    capacity: Some(Capacity::OnDemand { warm_read_units: None, warm_write_units: None }),
                    indexes: Default::default(),
                    size_bytes: None,
                    partition_bytes: None,
                    adaptive_capacity: true,
                    burst_capacity: true,
                    auto_scaling: None,
                    index_propagation_ms: 0,
                })
                .collect();
        }
        Variant::GsiKey { table, index, attribute } => {
            let attribute = attribute.trim();
            if attribute.is_empty() {
                return Err(Refusal::GsiNoAttribute);
            }
            let Some(t) = out.model.tables.iter_mut().find(|t| engine::model::table_name(&t.definition) == Some(table.as_str())) else {
                return Err(Refusal::GsiNoTable(table.clone()));
            };
            let d = &mut t.definition;
            let Some(g) = d["GlobalSecondaryIndexes"].as_array_mut().and_then(|a| a.iter_mut().find(|g| g["IndexName"] == index.as_str())) else {
                return Err(Refusal::GsiNoIndex { table: table.clone(), index: index.clone() });
            };
            let Some(h) = g["KeySchema"].as_array_mut().and_then(|a| a.iter_mut().find(|k| k["KeyType"] == "HASH")) else {
                return Err(Refusal::GsiNoPartitionKey(index.clone()));
            };
            h["AttributeName"] = json!(attribute);
            // DynamoDB refuses attribute definitions no key uses: keep exactly the key attributes.
            let used = key_attributes_used(d);
            if let Some(defs) = d["AttributeDefinitions"].as_array_mut() {
                if !defs.iter().any(|a| a["AttributeName"] == attribute) {
                    defs.push(json!({"AttributeName": attribute, "AttributeType": "S"}));
                }
                defs.retain(|a| a["AttributeName"].as_str().is_some_and(|n| used.iter().any(|u| u == n)));
            }
        }
    }
    Ok(out)
}
