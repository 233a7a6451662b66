//! What the rules look at: each table's keys, indexes, entities and decoded items, the stored patterns
//! with their last check, and the simulator's heat. Built once per model change and shared by all rules.

use alloc::string::{String, ToString};
use alloc::vec::Vec;

use engine::model::schema::{attribute_type, index_key_schema, key_schema};
use engine::model::{Entity, Model, TableModel};
use engine::value::{item_from_json, AttributeValue, Item, ScalarType};
use serde_json::Value;

use crate::check::PatternCheck;
use crate::heat::Heat;
use crate::pattern::PatternSpec;

/// A key attribute and its declared type.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyDef {
    pub name: String,
    pub key_type: ScalarType,
}

/// What an index holds besides keys.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Projection {
    All,
    KeysOnly,
    Include(Vec<String>),
}

/// A GSI or LSI.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IndexDef {
    pub name: String,
    pub global: bool,
    /// The first HASH attribute (the partition key of a one-attribute key).
    pub pk: KeyDef,
    /// The first RANGE attribute.
    pub sk: Option<KeyDef>,
    /// Every HASH attribute, in key-schema order (more than one for a multi-attribute key).
    pub hash: Vec<KeyDef>,
    /// Every RANGE attribute, in key-schema order.
    pub range: Vec<KeyDef>,
    pub projection: Projection,
}

impl IndexDef {
    /// Whether the key has several HASH or several RANGE attributes.
    pub fn is_multi_key(&self) -> bool {
        self.hash.len() > 1 || self.range.len() > 1
    }

    /// The partition an item is in, as text (every HASH attribute's value, joined by ", "), or `None`
    /// when the item lacks one of them.
    pub fn partition_text(&self, item: &Item) -> Option<String> {
        let parts: Vec<String> = self.hash.iter().map(|k| item.get(&k.name).map(scalar_text)).collect::<Option<_>>()?;
        Some(parts.join(", "))
    }

    /// The HASH attributes' names, joined for a message (`tenantId + assignee`).
    pub fn partition_names(&self) -> String {
        self.hash.iter().map(|k| k.name.as_str()).collect::<Vec<_>>().join(" + ")
    }
}

/// A table as the rules see it.
#[derive(Debug, Clone)]
pub struct TableView<'a> {
    pub name: String,
    pub model: &'a TableModel,
    pub pk: KeyDef,
    pub sk: Option<KeyDef>,
    pub indexes: Vec<IndexDef>,
    /// Items that decode (a broken item is the modeler's business, not the advisor's).
    pub items: Vec<Item>,
}

impl<'a> TableView<'a> {
    pub fn entities(&self) -> &'a [Entity] {
        &self.model.entities
    }

    pub fn index(&self, name: &str) -> Option<&IndexDef> {
        self.indexes.iter().find(|i| i.name == name)
    }

    /// The item's primary key as text (`PK=USER#1, SK=ORDER#9`), for a finding's target.
    pub fn key_of(&self, item: &Item) -> String {
        let mut s = String::new();
        for k in [Some(&self.pk), self.sk.as_ref()].into_iter().flatten() {
            if !s.is_empty() {
                s.push_str(", ");
            }
            s.push_str(&k.name);
            s.push('=');
            s.push_str(&item.get(&k.name).map(scalar_text).unwrap_or_default());
        }
        s
    }

    /// The attribute names of the table's own key.
    pub fn table_keys(&self) -> Vec<&str> {
        [Some(&self.pk), self.sk.as_ref()].into_iter().flatten().map(|k| k.name.as_str()).collect()
    }
}

/// A key value as text.
pub fn scalar_text(v: &AttributeValue) -> String {
    match v {
        AttributeValue::S(s) => s.clone(),
        AttributeValue::N(n) => n.to_canonical(),
        AttributeValue::B(b) => alloc::format!("<{} bytes>", b.len()),
        _ => String::new(),
    }
}

fn key_def(def: &Value, name: Option<&str>) -> Option<KeyDef> {
    let name = name?;
    Some(KeyDef { name: name.to_string(), key_type: attribute_type(def, name).unwrap_or(ScalarType::S) })
}

fn projection(ix: &Value) -> Projection {
    let p = ix.get("Projection");
    match p.and_then(|p| p.get("ProjectionType")).and_then(Value::as_str) {
        Some("ALL") => Projection::All,
        Some("INCLUDE") => Projection::Include(
            p.and_then(|p| p.get("NonKeyAttributes"))
                .and_then(Value::as_array)
                .map(|a| a.iter().filter_map(Value::as_str).map(String::from).collect())
                .unwrap_or_default(),
        ),
        _ => Projection::KeysOnly,
    }
}

impl<'a> TableView<'a> {
    /// `None` for a table without a usable name or key (the designer reports those).
    pub fn new(t: &'a TableModel) -> Option<TableView<'a>> {
        let def = &t.definition;
        let name = t.name()?.to_string();
        let (pk, sk) = key_schema(def.get("KeySchema"));
        let pk = key_def(def, pk)?;
        let sk = key_def(def, sk);
        let mut indexes = Vec::new();
        for (field, global) in [("GlobalSecondaryIndexes", true), ("LocalSecondaryIndexes", false)] {
            for ix in def.get(field).and_then(Value::as_array).map(Vec::as_slice).unwrap_or(&[]) {
                let parts = index_key_schema(ix.get("KeySchema"));
                let hash: Vec<KeyDef> = parts.iter().filter(|(_, sort)| !sort).filter_map(|(n, _)| key_def(def, Some(n))).collect();
                let range: Vec<KeyDef> = parts.iter().filter(|(_, sort)| *sort).filter_map(|(n, _)| key_def(def, Some(n))).collect();
                let Some(ipk) = hash.first().cloned() else { continue };
                indexes.push(IndexDef {
                    name: ix.get("IndexName").and_then(Value::as_str).unwrap_or_default().to_string(),
                    global,
                    pk: ipk,
                    sk: range.first().cloned(),
                    hash,
                    range,
                    projection: projection(ix),
                });
            }
        }
        let items = t.items.iter().filter_map(|raw| item_from_json(raw).ok()).collect();
        Some(TableView { name, model: t, pk, sk, indexes, items })
    }
}

/// Limits the rules use. The defaults are the seeds' and DynamoDB's own figures where there is one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Thresholds {
    /// A filter "discards most" when it reads more than this many items per item returned.
    pub filter_read_per_returned: u64,
    /// A partition key is judged on its data only with at least this many items.
    pub cardinality_min_items: usize,
    /// ... and is low-cardinality with at most this many distinct values.
    pub cardinality_max_distinct: usize,
    /// An item is "near 400 KB" from this size on (bytes).
    pub item_near_limit_bytes: u64,
    /// An LSI item collection is flagged when it would reach 10 GB within this many days.
    pub lsi_horizon_days: u64,
    /// A GSI projecting ALL is flagged when the patterns need at most this share (percent) of the attributes.
    pub projection_needed_percent: u64,
}

impl Default for Thresholds {
    fn default() -> Self {
        Thresholds {
            filter_read_per_returned: 2,
            cardinality_min_items: 20,
            cardinality_max_distinct: 5,
            item_near_limit_bytes: 300 * 1024,
            lsi_horizon_days: 365,
            projection_needed_percent: 50,
        }
    }
}

/// Everything the rules read.
#[derive(Debug, Clone)]
pub struct Context<'a> {
    pub model: &'a Model,
    pub tables: Vec<TableView<'a>>,
    /// The stored patterns that parse (a pattern that does not is shown failed in the pattern table).
    pub specs: Vec<PatternSpec>,
    /// The last check of every pattern, in model order.
    pub checks: &'a [PatternCheck],
    pub heat: Option<&'a Heat>,
    pub thresholds: Thresholds,
}

impl<'a> Context<'a> {
    pub fn new(model: &'a Model, checks: &'a [PatternCheck], heat: Option<&'a Heat>) -> Context<'a> {
        Context {
            model,
            tables: model.tables.iter().filter_map(TableView::new).collect(),
            specs: model.access_patterns.iter().filter_map(|p| PatternSpec::from_access_pattern(p).ok()).collect(),
            checks,
            heat,
            thresholds: Thresholds::default(),
        }
    }

    pub fn table(&self, name: &str) -> Option<&TableView<'a>> {
        self.tables.iter().find(|t| t.name == name)
    }

    /// The spec of a checked pattern.
    pub fn spec(&self, name: &str) -> Option<&PatternSpec> {
        self.specs.iter().find(|s| s.name == name)
    }
}
