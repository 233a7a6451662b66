//! The workload editor's form, as plain strings, and its translation into a `sim` [`Workload`].
//!
//! A person types; nothing is parsed until Run. Each fault is reported against the field that caused
//! it (field ids like `p0-rate`), using the simulator's own checks (`Rate::check`, `Sampler::new`,
//! `Simulation::new`) so the editor can never accept what the simulator refuses or the other way round.

use std::collections::{BTreeMap, BTreeSet};

use engine::db::Database;
use engine::model::Model;
use serde_json::{json, Value};
use sim::distribution::{Distribution, Sampler};
use sim::rate::Rate;
use sim::workload::{Op, Pattern};
use sim::{SimError, Simulation, Workload};

use crate::i18n::{td_string, Locale};
use crate::language::numbers;

pub const OPS: [(&str, Op); 10] = [
    ("PutItem", Op::PutItem),
    ("UpdateItem", Op::UpdateItem),
    ("GetItem", Op::GetItem),
    ("Query", Op::Query),
    ("DeleteItem", Op::DeleteItem),
    ("Scan", Op::Scan),
    ("BatchGetItem", Op::BatchGetItem),
    ("BatchWriteItem", Op::BatchWriteItem),
    ("TransactGetItems", Op::TransactGetItems),
    ("TransactWriteItems", Op::TransactWriteItems),
];
pub const SHAPES: [&str; 4] = ["constant", "ramp", "spike", "daily_wave"];
pub const DISTRIBUTIONS: [&str; 3] = ["uniform", "zipf", "hot_key"];

/// One access pattern as the form holds it.
#[derive(Debug, Clone, PartialEq)]
pub struct PatternForm {
    pub name: String,
    pub table: String,
    pub op: String,
    pub index: String,
    /// `PK=USER#{id}; SK=PROFILE`: key attribute = template.
    pub key: String,
    /// `GSI1PK=ALL_POSTS; title=A post; views=N:1`: other attributes written (strings, or numbers
    /// with `N:`; templates allowed).
    pub item: String,
    pub key_count: String,
    pub item_bytes: String,
    pub shape: String,
    /// Constant: a; ramp: a → b; spike: a base, b peak, c at second, d seconds; wave: a mean, b amplitude, c period.
    pub a: String,
    pub b: String,
    pub c: String,
    pub d: String,
    pub distribution: String,
    /// Zipf's s, or the hot key's percent.
    pub dist_param: String,
    /// Items per request, for the batch and transactional operations (1 for the others).
    pub batch: String,
}

#[derive(Debug, Clone, PartialEq)]
pub struct WorkloadForm {
    pub duration: String,
    pub seed: String,
    pub patterns: Vec<PatternForm>,
}

/// Errors by field id (`duration`, `p0-rate`, `p1-key`, `p2` for the pattern as a whole, `workload`).
pub type FieldErrors = BTreeMap<String, Fault>;

/// What a number field holds, as its fault names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum What {
    Ids,
    ItemSize,
    Rate,
    Distribution,
    Duration,
    Seed,
}

impl What {
    fn text(self, locale: Locale) -> &'static str {
        match self {
            What::Ids => td_string!(locale, heat.w_ids),
            What::ItemSize => td_string!(locale, heat.w_item_size),
            What::Rate => td_string!(locale, heat.w_rate),
            What::Distribution => td_string!(locale, heat.w_distribution),
            What::Duration => td_string!(locale, heat.w_duration),
            What::Seed => td_string!(locale, heat.w_seed),
        }
    }
}

/// Why an attribute=template list is not usable.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PairsFault {
    NotPair(String),
    EmptyName(String),
}

impl PairsFault {
    fn text(&self, locale: Locale) -> String {
        match self {
            PairsFault::NotPair(part) => td_string!(locale, heat.f_pairs_form, part).to_string(),
            PairsFault::EmptyName(part) => td_string!(locale, heat.f_pairs_empty, part).to_string(),
        }
    }
}

/// A field's fault.
#[derive(Debug, Clone, PartialEq)]
pub enum Fault {
    NotNumber { what: What, text: String },
    NotWhole { what: What, max: u64, text: String },
    NoName,
    Key(PairsFault),
    Attributes(PairsFault),
    Batch { op: String, max: usize, text: String },
    DurationZero,
    NoPatterns,
    Duplicate(String),
    NoTable(String),
    /// The simulator's (or the engine's) own words, shown in the page's language (the engine's message
    /// verbatim inside).
    Sim(messages::Message),
}

impl Fault {
    pub fn text(&self, locale: Locale) -> String {
        match self {
            Fault::NotNumber { what, text } => td_string!(locale, heat.f_not_number, what = what.text(locale), text).to_string(),
            Fault::NotWhole { what, max, text } => td_string!(locale, heat.f_not_whole, what = what.text(locale), max = if locale == Locale::en { max.to_string() } else { numbers::count(locale, *max) }, text).to_string(),
            Fault::NoName => td_string!(locale, heat.f_no_name).to_string(),
            Fault::Key(e) => td_string!(locale, heat.f_key, error = e.text(locale)).to_string(),
            Fault::Attributes(e) => td_string!(locale, heat.f_attributes, error = e.text(locale)).to_string(),
            Fault::Batch { op, max, text } => td_string!(locale, heat.f_batch, op, max, text).to_string(),
            Fault::DurationZero => td_string!(locale, heat.f_duration_zero).to_string(),
            Fault::NoPatterns => td_string!(locale, heat.f_no_patterns).to_string(),
            Fault::Duplicate(name) => td_string!(locale, heat.f_duplicate, name).to_string(),
            Fault::NoTable(table) => td_string!(locale, heat.f_no_table, table).to_string(),
            Fault::Sim(message) => sim::error_words::CATALOG.render(message, crate::language::words(locale)),
        }
    }
}

impl PatternForm {
    pub fn blank(table: &str, pk: &str) -> PatternForm {
        PatternForm {
            name: format!("write {table}"),
            table: table.to_string(),
            op: String::from("PutItem"),
            index: String::new(),
            key: format!("{pk}={}#{{id}}", pk.to_ascii_uppercase()),
            item: String::new(),
            key_count: String::from("1000"),
            item_bytes: String::new(),
            shape: String::from("constant"),
            a: String::from("100"),
            b: String::from("0"),
            c: String::from("0"),
            d: String::from("0"),
            distribution: String::from("uniform"),
            dist_param: String::from("1"),
            batch: String::from("1"),
        }
    }

    /// A pattern of `sim`'s as the form shows it (a scenario's, or one saved in the model).
    pub fn from_pattern(p: &Pattern) -> PatternForm {
        let pairs = |m: Vec<(String, String)>| m.into_iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join("; ");
        let item = p
            .item
            .iter()
            .map(|(k, v)| {
                let text = match (v.get("S").and_then(Value::as_str), v.get("N").and_then(Value::as_str)) {
                    (Some(s), _) => s.to_string(),
                    (None, Some(n)) => format!("N:{n}"),
                    _ => String::new(),
                };
                (k.clone(), text)
            })
            .collect();
        let (shape, a, b, c, d) = match p.rate {
            Rate::Constant { per_second } => ("constant", per_second, 0.0, 0.0, 0.0),
            Rate::Ramp { from, to } => ("ramp", from, to, 0.0, 0.0),
            Rate::Spike { base, peak, at_second, for_seconds } => ("spike", base, peak, f64::from(at_second), f64::from(for_seconds)),
            Rate::DailyWave { mean, amplitude, period_seconds, .. } => ("daily_wave", mean, amplitude, f64::from(period_seconds), 0.0),
        };
        let (distribution, dist_param) = match p.distribution {
            Distribution::Uniform => ("uniform", 1.0),
            Distribution::Zipf { s } => ("zipf", s),
            Distribution::HotKey { percent } => ("hot_key", percent),
        };
        PatternForm {
            name: p.name.clone(),
            table: p.table.clone(),
            op: OPS.iter().find(|(_, o)| *o == p.op).map_or("PutItem", |(n, _)| n).to_string(),
            index: p.index.clone().unwrap_or_default(),
            key: pairs(p.key.iter().map(|(k, v)| (k.clone(), v.clone())).collect()),
            item: pairs(item),
            key_count: p.key_count.to_string(),
            item_bytes: p.item_bytes.map(|b| b.to_string()).unwrap_or_default(),
            shape: shape.to_string(),
            a: a.to_string(),
            b: b.to_string(),
            c: c.to_string(),
            d: d.to_string(),
            distribution: distribution.to_string(),
            dist_param: dist_param.to_string(),
            batch: p.batch_size.to_string(),
        }
    }
}

impl WorkloadForm {
    pub fn from_workload(w: &Workload) -> WorkloadForm {
        WorkloadForm {
            duration: w.duration_seconds.to_string(),
            seed: w.seed.to_string(),
            patterns: w.patterns.iter().map(PatternForm::from_pattern).collect(),
        }
    }
}

/// Every `{name}` placeholder of an entity's key template becomes the pattern's one id `{id}`.
fn as_sim_template(t: &str) -> String {
    let mut out = String::new();
    let mut rest = t;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        match rest[open..].find('}') {
            Some(close) => {
                out.push_str("{id}");
                rest = &rest[open + close + 1..];
            }
            None => {
                out.push_str(&rest[open..]);
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out
}

fn value_text(v: &Value) -> Option<String> {
    match (v.get("S").and_then(Value::as_str), v.get("N").and_then(Value::as_str)) {
        (Some(s), _) => Some(s.to_string()),
        (None, Some(n)) => Some(format!("N:{n}")),
        _ => None,
    }
}

/// The partition-key equality of a KeyConditionExpression (`#pk = :pk AND ...`): (attribute, value).
fn key_condition(request: &Value) -> Option<(String, String)> {
    let expr = request["KeyConditionExpression"].as_str()?;
    let first = expr.split(" AND ").chain(expr.split(" and ")).find(|c| c.contains('=') && !c.contains("begins_with"))?;
    let (l, r) = first.split_once('=')?;
    let (l, r) = (l.trim().trim_start_matches('('), r.trim().trim_end_matches(')'));
    let name = if l.starts_with('#') { request["ExpressionAttributeNames"][l].as_str()?.to_string() } else { l.to_string() };
    let value = value_text(&request["ExpressionAttributeValues"][r])?;
    Some((name, value))
}

/// Attribute names and values as a form shows them, in order.
type Pairs = Vec<(String, String)>;

/// A saved access pattern as a starting pattern: its operation, table, index, the key it asks for
/// (constant, as the request has it with its `{placeholders}` filled from their sample values: edit it
/// into a template such as `USER#{id}` to spread it) and its stated `ratePerSecond` as a constant rate.
pub fn from_access_pattern(ap: &engine::model::AccessPattern, model: &Model) -> Option<PatternForm> {
    let op = ap.operation.as_deref().filter(|o| OPS.iter().any(|(n, _)| n == o))?;
    let resolved = advisor::pattern::PatternSpec::from_access_pattern(ap).and_then(|s| s.resolved_request()).ok();
    let request = resolved.as_ref().or(ap.request.as_ref())?;
    let table = request["TableName"].as_str()?;
    let def = model.tables.iter().find(|t| engine::model::table_name(&t.definition) == Some(table))?;
    let keys: Vec<String> = def.definition["KeySchema"].as_array().into_iter().flatten().filter_map(|k| k["AttributeName"].as_str().map(String::from)).collect();
    let mut p = PatternForm::blank(table, keys.first().map_or("PK", String::as_str));
    p.name = ap.name.clone();
    p.op = op.to_string();
    p.index = request["IndexName"].as_str().unwrap_or_default().to_string();
    if let Some(rate) = ap.extra.get("ratePerSecond").and_then(serde_json::Value::as_u64) {
        p.a = rate.to_string();
    }
    let join = |pairs: Vec<(String, String)>| pairs.into_iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join("; ");
    let (key, item): (Pairs, Pairs) = match op {
        "Query" => (key_condition(request).into_iter().collect(), Vec::new()),
        "Scan" => (Vec::new(), Vec::new()),
        "PutItem" => request["Item"]
            .as_object()
            .into_iter()
            .flatten()
            .filter_map(|(k, v)| value_text(v).map(|t| (k.clone(), t)))
            .partition(|(k, _)| keys.contains(k)),
        _ => (request["Key"].as_object().into_iter().flatten().filter_map(|(k, v)| value_text(v).map(|t| (k.clone(), t))).collect(), Vec::new()),
    };
    p.key = join(key);
    p.item = join(item);
    Some(p)
}

/// Starting patterns from the model: its saved access patterns, one write per entity (its key templates, the GSI keys it fills),
/// and one per table without entities; 100 requests/s, uniform over 1,000 ids.
pub fn defaults(model: &Model) -> WorkloadForm {
    let mut patterns = Vec::new();
    for t in &model.tables {
        let Some(name) = engine::model::table_name(&t.definition) else { continue };
        let keys: Vec<String> = t.definition["KeySchema"].as_array().into_iter().flatten().filter_map(|k| k["AttributeName"].as_str().map(String::from)).collect();
        let pk = keys.first().cloned().unwrap_or_else(|| String::from("PK"));
        if t.entities.is_empty() {
            let mut p = PatternForm::blank(name, &pk);
            if let Some(sk) = keys.get(1) {
                p.key.push_str(&format!("; {sk}={}#{{id}}", sk.to_ascii_uppercase()));
            }
            patterns.push(p);
            continue;
        }
        for e in &t.entities {
            let mut p = PatternForm::blank(name, &pk);
            p.name = format!("write {}", e.name);
            let (key, item): (Vec<_>, Vec<_>) = e.keys.iter().partition(|(k, _)| keys.contains(k));
            p.key = key.iter().map(|(k, v)| format!("{k}={}", as_sim_template(v))).collect::<Vec<_>>().join("; ");
            p.item = item.iter().map(|(k, v)| format!("{k}={}", as_sim_template(v))).collect::<Vec<_>>().join("; ");
            if !e.type_attribute.is_empty() && !e.type_value.is_empty() {
                if !p.item.is_empty() {
                    p.item.push_str("; ");
                }
                p.item.push_str(&format!("{}={}", e.type_attribute, e.type_value));
            }
            patterns.push(p);
        }
    }
    let mut saved: Vec<PatternForm> = model.access_patterns.iter().filter_map(|ap| from_access_pattern(ap, model)).collect();
    saved.extend(patterns);
    WorkloadForm { duration: String::from("60"), seed: String::from("1"), patterns: saved }
}

/// Whether `op` only reads.
fn is_read(op: &str) -> bool {
    matches!(op, "GetItem" | "Query" | "Scan" | "BatchGetItem" | "TransactGetItems")
}

/// What [`defaults`] builds from a model, counted (see [`defaults_why`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DefaultsWhy {
    /// The model's own access patterns taken, read and write.
    pub reads: usize,
    pub writes: usize,
    /// One write pattern per entity.
    pub entity_writes: usize,
    /// One write pattern per table without entities.
    pub bare_writes: usize,
}

impl DefaultsWhy {
    /// In words, in `locale`.
    pub fn text(&self, locale: Locale) -> String {
        let n = |v: usize| numbers::count(locale, v as u64);
        let patterns = |v: usize| if v == 1 { td_string!(locale, heat.n_write_pattern_one).to_string() } else { td_string!(locale, heat.n_write_patterns, n = n(v)).to_string() };
        let mut parts = Vec::new();
        let taken = self.reads + self.writes;
        if taken > 0 {
            let mut kinds = Vec::new();
            if self.reads > 0 {
                kinds.push(if self.reads == 1 { td_string!(locale, heat.n_read_one).to_string() } else { td_string!(locale, heat.n_reads, n = n(self.reads)).to_string() });
            }
            if self.writes > 0 {
                kinds.push(if self.writes == 1 { td_string!(locale, heat.n_write_one).to_string() } else { td_string!(locale, heat.n_writes, n = n(self.writes)).to_string() });
            }
            let kinds = match kinds.as_slice() {
                [first, second] => td_string!(locale, heat.units_and, first, second).to_string(),
                _ => kinds.concat(),
            };
            let patterns = if taken == 1 { td_string!(locale, heat.n_access_pattern_one).to_string() } else { td_string!(locale, heat.n_access_patterns, n = n(taken)).to_string() };
            parts.push(td_string!(locale, heat.dw_model, patterns, kinds).to_string());
        }
        if self.entity_writes > 0 {
            parts.push(td_string!(locale, heat.dw_entities, patterns = patterns(self.entity_writes)).to_string());
        }
        if self.bare_writes > 0 {
            parts.push(td_string!(locale, heat.dw_bare, patterns = patterns(self.bare_writes)).to_string());
        }
        let parts = if parts.is_empty() { td_string!(locale, heat.dw_none).to_string() } else { parts.join("; ") };
        let mut out = td_string!(locale, heat.dw_start, parts).to_string();
        if self.entity_writes + self.bare_writes > 0 {
            out.push(' ');
            out.push_str(td_string!(locale, heat.dw_rate));
        }
        out
    }
}

/// What [`defaults`] builds from `model`: the model's own access patterns (reads and writes counted as
/// they are), then one write per entity and one per table without entities.
pub fn defaults_why(model: &Model) -> DefaultsWhy {
    let form = defaults(model);
    let saved = model.access_patterns.iter().filter(|ap| from_access_pattern(ap, model).is_some()).count().min(form.patterns.len());
    let (from_model, added) = form.patterns.split_at(saved);
    let reads = from_model.iter().filter(|p| is_read(&p.op)).count();
    let entity_tables: usize = model.tables.iter().filter(|t| !t.entities.is_empty()).map(|t| t.entities.len()).sum();
    let bare = added.len().saturating_sub(entity_tables);
    DefaultsWhy { reads, writes: from_model.len() - reads, entity_writes: entity_tables, bare_writes: bare }
}

fn pairs(text: &str) -> Result<Vec<(String, String)>, PairsFault> {
    let mut out = Vec::new();
    for part in text.split([';', '\n']).map(str::trim).filter(|s| !s.is_empty()) {
        let Some((k, v)) = part.split_once('=') else {
            return Err(PairsFault::NotPair(part.to_string()));
        };
        let k = k.trim();
        if k.is_empty() {
            return Err(PairsFault::EmptyName(part.to_string()));
        }
        out.push((k.to_string(), v.trim().to_string()));
    }
    Ok(out)
}

fn number(errors: &mut FieldErrors, field: &str, text: &str, what: What) -> f64 {
    match text.trim().replace(',', "").parse::<f64>() {
        Ok(v) if v.is_finite() => v,
        _ => {
            errors.entry(field.to_string()).or_insert_with(|| Fault::NotNumber { what, text: text.trim().to_string() });
            0.0
        }
    }
}

fn whole(errors: &mut FieldErrors, field: &str, text: &str, what: What, max: u64) -> u64 {
    match text.trim().replace(',', "").parse::<u64>() {
        Ok(v) if v <= max => v,
        _ => {
            errors.entry(field.to_string()).or_insert_with(|| Fault::NotWhole { what, max, text: text.trim().to_string() });
            0
        }
    }
}

fn pattern(errors: &mut FieldErrors, i: usize, f: &PatternForm) -> Pattern {
    let id = |s: &str| format!("p{i}-{s}");
    if f.name.trim().is_empty() {
        errors.insert(id("name"), Fault::NoName);
    }
    let op = OPS.iter().find(|(n, _)| *n == f.op).map_or(Op::PutItem, |(_, o)| *o);
    let key: BTreeMap<String, String> = pairs(&f.key)
        .unwrap_or_else(|e| {
            errors.insert(id("key"), Fault::Key(e));
            Vec::new()
        })
        .into_iter()
        .collect();
    let item: BTreeMap<String, Value> = pairs(&f.item)
        .unwrap_or_else(|e| {
            errors.insert(id("item"), Fault::Attributes(e));
            Vec::new()
        })
        .into_iter()
        // `N:5` writes a number; anything else is a string (templates allowed in both).
        .map(|(k, v)| match v.strip_prefix("N:") {
            Some(n) => (k, json!({ "N": n.trim() })),
            None => (k, json!({ "S": v })),
        })
        .collect();
    let key_count = whole(errors, &id("keys"), &f.key_count, What::Ids, 100_000_000).max(1);
    let batch_size = if op.batched() {
        // DynamoDB's own limits per request (BatchWriteItem 25, the others 100).
        let max = if op == Op::BatchWriteItem { 25 } else { 100 };
        match f.batch.trim().parse::<u32>() {
            Ok(b) if (1..=max).contains(&b) => b,
            _ => {
                errors.insert(id("batch"), Fault::Batch { op: f.op.clone(), max: max as usize, text: f.batch.trim().to_string() });
                1
            }
        }
    } else {
        1
    };
    let item_bytes = if f.item_bytes.trim().is_empty() { None } else { Some(whole(errors, &id("bytes"), &f.item_bytes, What::ItemSize, 409_600)) };
    let rate_field = id("rate");
    let (a, b) = (number(errors, &rate_field, &f.a, What::Rate), number(errors, &rate_field, &f.b, What::Rate));
    let (c, d) = (number(errors, &rate_field, &f.c, What::Rate), number(errors, &rate_field, &f.d, What::Rate));
    let secs = |x: f64| if x >= 0.0 && x <= f64::from(u32::MAX) { x as u32 } else { 0 };
    let rate = match f.shape.as_str() {
        "ramp" => Rate::Ramp { from: a, to: b },
        "spike" => Rate::Spike { base: a, peak: b, at_second: secs(c), for_seconds: secs(d) },
        "daily_wave" => Rate::DailyWave { mean: a, amplitude: b, period_seconds: secs(c), peak_second: 0 },
        _ => Rate::Constant { per_second: a },
    };
    if let Err(e) = rate.check() {
        errors.entry(rate_field).or_insert_with(|| Fault::Sim(e.problem()));
    }
    let param = number(errors, &id("dist"), &f.dist_param, What::Distribution);
    let distribution = match f.distribution.as_str() {
        "zipf" => Distribution::Zipf { s: param },
        "hot_key" => Distribution::HotKey { percent: param },
        _ => Distribution::Uniform,
    };
    if let Err(e) = Sampler::new(&distribution, 1) {
        errors.entry(id("dist")).or_insert_with(|| Fault::Sim(e.problem()));
    }
    Pattern {
        name: f.name.trim().to_string(),
        table: f.table.trim().to_string(),
        op,
        index: Some(f.index.trim().to_string()).filter(|s| !s.is_empty()),
        key,
        item,
        item_bytes,
        key_count,
        distribution,
        rate,
        batch_size,
        consistent_read: false,
        limit: None,
    }
}

/// Where a simulator refusal belongs in the form: beside the pattern it names (the field its message
/// key concerns), the pattern whose key or item holds a faulty template, else the whole workload.
pub fn place(errors: &mut FieldErrors, form: &WorkloadForm, e: &SimError) {
    let problem = e.problem();
    let mut i = e.pattern().and_then(|n| form.patterns.iter().position(|p| p.name.trim() == n));
    // A template fault names the template, not the pattern: find the pattern that holds it.
    let template = match problem.arg("template") {
        Some(messages::Arg::Text(t)) if problem.key.starts_with("error.template.") => Some(t.as_str()),
        _ => None,
    };
    if let (None, Some(t)) = (i, template) {
        i = form.patterns.iter().position(|p| p.key.contains(t) || p.item.contains(t));
        if let Some(i) = i {
            let field = if form.patterns[i].key.contains(t) { format!("p{i}-key") } else { format!("p{i}-item") };
            errors.insert(field, Fault::Sim(problem));
            return;
        }
    }
    let field = match i {
        None if problem.key == "error.duration" => String::from("duration"),
        None => String::from("workload"),
        Some(i) => format!("p{i}{}", field_of(e, &problem)),
    };
    errors.insert(field, Fault::Sim(problem));
}

/// The field of a pattern (`-key`, `-index`, `-table`, or the pattern as a whole) a fault concerns.
fn field_of(e: &SimError, problem: &messages::Message) -> &'static str {
    match problem.key {
        "error.key_binary" | "error.at_least_one" | "error.scan_key" | "error.query_hash_template" | "error.query_hash_alone"
        | "error.query_pk_template" | "error.query_pk_alone" | "error.key_template" | "error.key_extra" | "error.item_key"
        | "error.key_space" | "error.query_no_key" => "-key",
        k if k.starts_with("error.template.") => "-key",
        "error.no_such_index" | "error.no_index" | "error.index_not_query" => "-index",
        "error.no_table" | "error.table_gone" => "-table",
        // The engine's own message (English, as DynamoDB words it) says what it refused.
        "error.refused" => match e {
            SimError::Engine { message, .. } if message.contains("key") => "-key",
            SimError::Engine { message, .. } if message.contains("index") => "-index",
            SimError::Engine { message, .. } if message.contains("table") => "-table",
            _ => "",
        },
        _ => "",
    }
}

/// The form as a workload the simulator accepts on `db`, or every fault by field.
pub fn to_workload(form: &WorkloadForm, db: &Database) -> Result<Workload, FieldErrors> {
    let mut errors = FieldErrors::new();
    let duration = whole(&mut errors, "duration", &form.duration, What::Duration, u64::from(sim::runner::MAX_SECONDS));
    if duration == 0 {
        errors.entry(String::from("duration")).or_insert_with(|| Fault::DurationZero);
    }
    let seed = whole(&mut errors, "seed", &form.seed, What::Seed, u64::MAX);
    if form.patterns.is_empty() {
        errors.insert(String::from("workload"), Fault::NoPatterns);
    }
    let mut names = BTreeSet::new();
    let patterns: Vec<Pattern> = form.patterns.iter().enumerate().map(|(i, f)| pattern(&mut errors, i, f)).collect();
    for (i, p) in patterns.iter().enumerate() {
        if !p.name.is_empty() && !names.insert(p.name.clone()) {
            errors.insert(format!("p{i}-name"), Fault::Duplicate(p.name.clone()));
        }
        if db.table(&p.table).is_none() {
            errors.insert(format!("p{i}-table"), Fault::NoTable(p.table.clone()));
        }
    }
    let workload = Workload {
        seed,
        duration_seconds: duration as u32,
        start_unix_seconds: 1_796_083_200,
        top_keys: 10,
        per_second: true,
        tables: Vec::new(),
        patterns,
    };
    if !errors.is_empty() {
        return Err(errors);
    }
    // The simulator's own check (templates, keys, indexes, a priced request per pattern).
    if let Err(e) = Simulation::new(db, workload.clone()) {
        place(&mut errors, form, &e);
        return Err(errors);
    }
    Ok(workload)
}
