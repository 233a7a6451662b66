//! Judging checks against a model: each check asks the part of Dynamodel that decides it — the engine
//! (requests, answers, capacity), the advisor (access patterns as the pattern table runs them, findings)
//! or the simulator (throttles, partition heat, monthly cost) — and reports what it saw.
//!
//! Nothing here changes the model or the database given: requests and patterns run on copies, and
//! each result is a message key with arguments ([`crate::message`]), never a sentence.

use alloc::borrow::ToOwned;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use advisor::check::PatternCheck;
use engine::db::{Database, DatabaseConfig};
use engine::model::{Model, TableModel};
use engine::model::schema::{attribute_type, key_schema};
use engine::value::{item_from_json, AttributeValue, ScalarType};
use serde_json::Value;

use crate::check::{Billing, Check, CostMode, IndexKind, KeyAttr, KeyType, Projection, Quantifier};
use crate::lesson::CheckSpec;
use crate::message::Message;

/// One check's verdict.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckResult {
    pub id: String,
    pub passed: bool,
    /// What was seen, passing or failing: shown under the check.
    pub message: Message,
}

/// Judge `checks` against `model`, loading it into a fresh engine first (every check fails, saying why,
/// when the model does not load).
pub fn evaluate_model(checks: &[CheckSpec], model: &Model, now_millis: u64) -> Vec<CheckResult> {
    let mut db = Database::new(DatabaseConfig::default());
    match model.load_into(&mut db, now_millis) {
        Ok(()) => evaluate(checks, model, &db, now_millis),
        Err(e) => checks
            .iter()
            .map(|c| CheckResult {
                id: c.id.clone(),
                passed: false,
                message: Message::new("check.model.does_not_load").text("reason", e.to_string()),
            })
            .collect(),
    }
}

/// Judge `checks` against `model` and `db`, the model's data as the engine holds it (the playground's
/// own database: no second copy is loaded).
pub fn evaluate(checks: &[CheckSpec], model: &Model, db: &Database, now_millis: u64) -> Vec<CheckResult> {
    let mut cx = Cx { model, db, now: now_millis, patterns: None, findings: None, runs: Vec::new() };
    checks
        .iter()
        .map(|c| {
            let (passed, message) = cx.judge(&c.check);
            CheckResult { id: c.id.clone(), passed, message }
        })
        .collect()
}

type Verdict = (bool, Message);

/// What the checks share, computed once: the pattern table, the advisor's findings, and each workload's
/// simulation.
struct Cx<'a> {
    model: &'a Model,
    db: &'a Database,
    now: u64,
    patterns: Option<Vec<PatternCheck>>,
    findings: Option<Vec<advisor::Finding>>,
    runs: Vec<(String, Result<sim::Report, Message>)>,
}

impl<'a> Cx<'a> {
    fn judge(&mut self, check: &Check) -> Verdict {
        match check {
            Check::PatternRequests { pattern, max } => self.with_pattern(pattern, |c| requests(c, *max)),
            Check::PatternReturnsOnly { pattern, entities } => {
                let model = self.model;
                self.with_pattern(pattern, |c| returns_only(model, c, entities))
            }
            Check::PatternReadsAtMost { pattern, items } => self.with_pattern(pattern, |c| reads(c, *items)),
            Check::PatternAnswers { pattern, expect } => self.pattern_answers(pattern, expect),
            Check::Request { operation, request, expect } => {
                let label = request_label(operation, request);
                let answer = run_once(self.db, operation, request, self.now);
                crate::answer::judge(&label, &answer, expect)
            }
            Check::TableKeyed { table, keys } => match self.table(table) {
                None => (false, Message::new("check.table.missing").text("table", table.clone())),
                Some(t) => {
                    let (pk, sk) = key_schema(t.definition.get("KeySchema"));
                    let found = keys_found(&t.definition, pk, sk);
                    let ok = keys_match(&t.definition, keys, pk, sk);
                    if ok {
                        (true, Message::new("check.table.keyed.pass").text("table", table.clone()).text("keys", found))
                    } else {
                        (false, Message::new("check.table.keyed.fail").text("table", table.clone()).text("found", found).text("expected", keys_text(keys)))
                    }
                }
            },
            Check::TableBilled { table, billing } => match self.table(table) {
                None => (false, Message::new("check.table.missing").text("table", table.clone())),
                Some(t) => {
                    let provisioned = t.definition.get("BillingMode").and_then(Value::as_str) == Some("PROVISIONED")
                        || (t.definition.get("BillingMode").is_none() && t.definition.get("ProvisionedThroughput").is_some());
                    let found = if provisioned { Billing::Provisioned } else { Billing::OnDemand };
                    let word = |b: Billing| Message::new(if b == Billing::OnDemand { "check.billing.on_demand" } else { "check.billing.provisioned" });
                    if found == *billing {
                        (true, Message::new("check.table.billing.pass").text("table", table.clone()).part("mode", word(found)))
                    } else {
                        (false, Message::new("check.table.billing.fail").text("table", table.clone()).part("found", word(found)).part("expected", word(*billing)))
                    }
                }
            },
            Check::TableTtl { table, attribute } => match self.table(table) {
                None => (false, Message::new("check.table.missing").text("table", table.clone())),
                Some(t) => match &t.time_to_live {
                    Some(a) if a == attribute => (true, Message::new("check.table.ttl.pass").text("table", table.clone()).text("attribute", a.clone())),
                    Some(a) => (false, Message::new("check.table.ttl.other").text("table", table.clone()).text("found", a.clone()).text("attribute", attribute.clone())),
                    None => (false, Message::new("check.table.ttl.none").text("table", table.clone()).text("attribute", attribute.clone())),
                },
            },
            Check::Index { kind, table, index, keys, projection } => self.index(*kind, table, index, keys, projection.as_ref()),
            Check::Items { quantifier, entity, filter, attribute } => self.items(*quantifier, entity, filter.as_ref(), attribute),
            Check::Finding { rule, target, present } => self.finding(rule, target.as_deref(), *present),
            Check::NoThrottles { workload } => self.with_run(workload, |w, r| {
                let t = &r.totals;
                if t.throttled == 0 {
                    return (true, Message::new("check.workload.throttles.pass").text("workload", w).count("requests", t.requests));
                }
                let worst = t.throttles.iter().max_by_key(|c| c.requests);
                let target = worst.map(|c| target_label(&c.table, c.index.as_deref())).unwrap_or_default();
                let reason = worst.map(|c| reason_key(c.reason)).unwrap_or("check.nothing");
                (
                    false,
                    Message::new("check.workload.throttles.fail")
                        .text("workload", w)
                        .count("throttled", t.throttled)
                        .count("requests", t.requests)
                        .text("target", target)
                        .part("reason", Message::new(reason)),
                )
            }),
            Check::PartitionsUnder { workload, percent } => self.with_run(workload, |w, r| hottest(w, r, *percent)),
            Check::CostUnder { workload, micro_usd, mode } => self.with_run(workload, |w, r| cost(w, r, *micro_usd, *mode)),
        }
    }

    fn table(&self, name: &str) -> Option<&'a TableModel> {
        self.model.table(name)
    }

    fn patterns(&mut self) -> &[PatternCheck] {
        if self.patterns.is_none() {
            self.patterns = Some(advisor::check::check_all(self.model, self.db, self.now));
        }
        self.patterns.as_deref().unwrap_or(&[])
    }

    fn with_pattern(&mut self, name: &str, f: impl FnOnce(&PatternCheck) -> Verdict) -> Verdict {
        let Some(c) = self.patterns().iter().find(|c| c.name == name) else {
            return (false, Message::new("check.pattern.missing").text("pattern", name));
        };
        if let Some(e) = &c.error {
            return (false, Message::new("check.pattern.does_not_run").text("pattern", name).text("reason", e.to_string()));
        }
        f(c)
    }

    fn pattern_answers(&mut self, name: &str, expect: &Value) -> Verdict {
        let Some(p) = self.model.access_patterns.iter().find(|p| p.name == name) else {
            return (false, Message::new("check.pattern.missing").text("pattern", name));
        };
        let spec = match advisor::pattern::PatternSpec::from_access_pattern(p) {
            Ok(s) => s,
            Err(e) => return (false, Message::new("check.pattern.does_not_run").text("pattern", name).text("reason", e.to_string())),
        };
        let request = match spec.resolved_request() {
            Ok(r) => r,
            Err(e) => return (false, Message::new("check.pattern.does_not_run").text("pattern", name).text("reason", e.to_string())),
        };
        let answer = run_once(self.db, &spec.operation, &request, self.now);
        crate::answer::judge(&Message::new("check.request.named").text("name", name), &answer, expect)
    }

    fn index(&self, kind: IndexKind, table: &str, index: &str, keys: &[KeyAttr], projection: Option<&Projection>) -> Verdict {
        let Some(t) = self.table(table) else {
            return (false, Message::new("check.table.missing").text("table", table));
        };
        let def = &t.definition;
        let mut found = None;
        for (field, global) in [("GlobalSecondaryIndexes", true), ("LocalSecondaryIndexes", false)] {
            for ix in def.get(field).and_then(Value::as_array).map(Vec::as_slice).unwrap_or(&[]) {
                if ix.get("IndexName").and_then(Value::as_str) == Some(index) {
                    found = Some((ix, global));
                }
            }
        }
        let Some((ix, global)) = found else {
            return (false, Message::new("check.index.missing").text("table", table).text("index", index));
        };
        let kind_word = |g: bool| Message::new(if g { "check.index.gsi" } else { "check.index.lsi" });
        match (kind, global) {
            (IndexKind::Global, false) | (IndexKind::Local, true) => {
                return (
                    false,
                    Message::new("check.index.kind").text("table", table).text("index", index).part("found", kind_word(global)).part("expected", kind_word(!global)),
                )
            }
            _ => {}
        }
        let (pk, sk) = key_schema(ix.get("KeySchema"));
        let found_keys = keys_found(def, pk, sk);
        if !keys_match(def, keys, pk, sk) {
            // Say what the partition key holds: the data shows whether it spreads.
            let attr = pk.unwrap_or_default();
            let mut values: Vec<String> = t
                .items
                .iter()
                .filter_map(|i| i.get(attr))
                .map(|v| v.to_string())
                .collect();
            let items = values.len() as u64;
            values.sort();
            values.dedup();
            return (
                false,
                Message::new("check.index.keyed.fail")
                    .text("index", index)
                    .text("found", found_keys)
                    .count("distinct", values.len() as u64)
                    .count("items", items)
                    .text("expected", keys_text(keys)),
            );
        }
        let actual = projection_of(ix);
        if let Some(want) = projection {
            if !projection_eq(want, &actual) {
                return (
                    false,
                    Message::new("check.index.projection.fail").text("index", index).text("found", projection_text(&actual)).text("expected", projection_text(want)),
                );
            }
        }
        (
            true,
            Message::new("check.index.keyed.pass").text("index", index).text("table", table).text("keys", found_keys).text("projection", projection_text(&actual)),
        )
    }

    fn items(&self, q: Quantifier, entity: &str, filter: Option<&(String, String)>, attribute: &str) -> Verdict {
        let found = self.model.tables.iter().find_map(|t| t.entities.iter().find(|e| e.name == entity || e.type_value == entity).map(|e| (t, e)));
        let Some((t, e)) = found else {
            return (false, Message::new("check.entity.missing").text("entity", entity));
        };
        let view = advisor::view::TableView::new(t);
        let filter_part = match filter {
            Some((a, v)) => Message::new("check.items.filter").text("attribute", a.clone()).text("value", v.clone()),
            None => Message::new("check.nothing"),
        };
        let mut total = 0u64;
        let mut with = 0u64;
        let mut example_with = None;
        let mut example_without = None;
        for raw in &t.items {
            let Ok(item) = item_from_json(raw) else { continue };
            if !e.matches(&item) {
                continue;
            }
            if let Some((a, v)) = filter {
                if item.get(a).map(scalar_text).as_deref() != Some(v.as_str()) {
                    continue;
                }
            }
            total += 1;
            let key = view.as_ref().map(|v| v.key_of(&item)).unwrap_or_default();
            if item.contains_key(attribute) {
                with += 1;
                example_with.get_or_insert(key);
            } else {
                example_without.get_or_insert(key);
            }
        }
        let name = e.name.clone();
        if total == 0 {
            return (false, Message::new("check.entity.no_items").text("entity", name).part("filter", filter_part));
        }
        let base = |key: &'static str| {
            Message::new(key).text("entity", name.clone()).part("filter", filter_part.clone()).text("attribute", attribute).count("total", total)
        };
        match q {
            Quantifier::Some if with > 0 => (true, base("check.items.some.pass").count("with", with)),
            Quantifier::Some => (false, base("check.items.some.fail")),
            Quantifier::Every if with == total => (true, base("check.items.every.pass")),
            Quantifier::Every => (false, base("check.items.every.fail").count("without", total - with).text("key", example_without.unwrap_or_default())),
            Quantifier::No if with == 0 => (true, base("check.items.no.pass")),
            Quantifier::No => (false, base("check.items.no.fail").count("with", with).text("key", example_with.unwrap_or_default())),
        }
    }

    fn finding(&mut self, rule: &str, target: Option<&str>, present: bool) -> Verdict {
        if self.findings.is_none() {
            let checks = self.patterns().to_vec();
            let cx = advisor::Context::new(self.model, &checks, None);
            self.findings = Some(advisor::advise(&cx));
        }
        let findings = self.findings.as_deref().unwrap_or(&[]);
        // A dismissed finding is still there: dismissing it does not change the design.
        let hit = findings.iter().find(|f| f.rule.id() == rule && target.is_none_or(|t| f.target.slug() == t));
        let on = match target {
            Some(t) => Message::new("check.finding.on").text("target", t),
            None => Message::new("check.nothing"),
        };
        match (hit, present) {
            (Some(f), true) => (true, Message::new("check.finding.present.pass").text("rule", rule).text("target", f.target.slug()).text("title", f.title.clone())),
            (None, true) => (false, Message::new("check.finding.present.fail").text("rule", rule).part("on", on)),
            (None, false) => (true, Message::new("check.finding.absent.pass").text("rule", rule).part("on", on)),
            (Some(f), false) => (false, Message::new("check.finding.absent.fail").text("rule", rule).text("target", f.target.slug()).text("title", f.title.clone())),
        }
    }

    fn with_run(&mut self, name: &str, f: impl FnOnce(&str, &sim::Report) -> Verdict) -> Verdict {
        if !self.runs.iter().any(|(n, _)| n == name) {
            let run = match self.model.workloads.iter().find(|w| w.name == name) {
                None => Err(Message::new("check.workload.missing").text("workload", name)),
                Some(w) => match sim::Workload::from_json(&Value::Object(w.extra.clone())) {
                    Err(e) => Err(Message::new("check.workload.invalid").text("workload", name).text("reason", e.to_string())),
                    Ok(mut workload) => {
                        // The partition check reads every second.
                        workload.per_second = true;
                        sim::simulate(self.db, workload).map_err(|e| Message::new("check.workload.invalid").text("workload", name).text("reason", e.to_string()))
                    }
                },
            };
            self.runs.push((name.to_owned(), run));
        }
        match self.runs.iter().find(|(n, _)| n == name).map(|(_, r)| r) {
            Some(Ok(report)) => f(name, report),
            Some(Err(m)) => (false, m.clone()),
            None => (false, Message::new("check.workload.missing").text("workload", name)),
        }
    }
}

fn requests(c: &PatternCheck, max: u64) -> Verdict {
    let base = |key| {
        Message::new(key)
            .text("pattern", c.name.clone())
            .count("requests", u64::from(c.requests))
            .text("operation", c.operation_label())
            .text("target", c.target_label())
            .count("max", max)
    };
    if c.operation == "Scan" {
        return (
            false,
            Message::new("check.pattern.requests.scan").text("pattern", c.name.clone()).count("read", c.items_read).count("returned", c.items_returned),
        );
    }
    if u64::from(c.requests) <= max && !c.truncated {
        (true, base("check.pattern.requests.pass"))
    } else {
        (false, base("check.pattern.requests.many"))
    }
}

fn returns_only(model: &Model, c: &PatternCheck, expected: &[String]) -> Verdict {
    if c.items_returned == 0 {
        return (false, Message::new("check.pattern.returns.nothing").text("pattern", c.name.clone()).list("expected", expected.to_vec()));
    }
    let table = c.table.as_deref().and_then(|t| model.table(t));
    let listed = |e: &String| {
        expected.iter().any(|want| {
            want == e || table.is_some_and(|t| t.entities.iter().any(|en| &en.name == e && &en.type_value == want))
        })
    };
    let unexpected: Vec<String> = c.entities.iter().filter(|e| !listed(e)).cloned().collect();
    // An item of no entity type is unexpected too: the check cannot say it is of the listed types.
    let untyped = c.entities.is_empty();
    if unexpected.is_empty() && !untyped {
        (true, Message::new("check.pattern.returns.pass").text("pattern", c.name.clone()).count("returned", c.items_returned).list("entities", c.entities.clone()))
    } else {
        let untyped_part = || Message::new("check.pattern.untyped");
        let m = Message::new("check.pattern.returns.other").text("pattern", c.name.clone()).list("expected", expected.to_vec());
        let m = if untyped {
            m.part("entities", untyped_part()).part("unexpected", untyped_part())
        } else {
            m.list("entities", c.entities.clone()).list("unexpected", unexpected)
        };
        (false, m)
    }
}

fn reads(c: &PatternCheck, max: u64) -> Verdict {
    let m = |key| Message::new(key).text("pattern", c.name.clone()).count("read", c.items_read).count("returned", c.items_returned).count("max", max);
    if c.items_read <= max && !c.truncated {
        (true, m("check.pattern.reads.pass"))
    } else {
        (false, m("check.pattern.reads.fail"))
    }
}

/// The engine's answer to one request, on a copy of the data (a write changes nothing the learner sees).
fn run_once(db: &Database, operation: &str, request: &Value, now: u64) -> Result<Value, (String, String)> {
    let mut copy = db.clone();
    copy.execute(operation, request, now).map_err(|e| (e.type_name().to_owned(), e.message().to_owned()))
}

/// `Query on Orders / GSI1`, in the language that shows it.
fn request_label(operation: &str, request: &Value) -> Message {
    let table = request.get("TableName").and_then(Value::as_str);
    let index = request.get("IndexName").and_then(Value::as_str);
    let on = |target: String| Message::new("check.request.on").text("operation", operation).text("target", target);
    match (table, index) {
        (Some(t), Some(i)) => on(format!("{t} / {i}")),
        (Some(t), None) => on(t.to_owned()),
        _ => Message::new("check.request.named").text("name", operation),
    }
}

fn key_type_of(def: &Value, name: &str) -> KeyType {
    match attribute_type(def, name) {
        Some(ScalarType::N) => KeyType::N,
        Some(ScalarType::B) => KeyType::B,
        _ => KeyType::S,
    }
}

fn keys_found(def: &Value, pk: Option<&str>, sk: Option<&str>) -> String {
    [pk, sk].into_iter().flatten().map(|n| format!("{n}:{}", key_type_of(def, n).as_str())).collect::<Vec<_>>().join(", ")
}

fn keys_text(keys: &[KeyAttr]) -> String {
    keys.iter()
        .map(|k| match k.key_type {
            Some(t) => format!("{}:{}", k.name, t.as_str()),
            None => k.name.clone(),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

fn keys_match(def: &Value, keys: &[KeyAttr], pk: Option<&str>, sk: Option<&str>) -> bool {
    let actual: Vec<&str> = [pk, sk].into_iter().flatten().collect();
    actual.len() == keys.len()
        && keys.iter().zip(&actual).all(|(k, a)| k.name == *a && k.key_type.is_none_or(|t| t == key_type_of(def, a)))
}

fn projection_of(ix: &Value) -> Projection {
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

fn projection_eq(a: &Projection, b: &Projection) -> bool {
    match (a, b) {
        (Projection::Include(x), Projection::Include(y)) => {
            let mut x = x.clone();
            let mut y = y.clone();
            x.sort();
            y.sort();
            x.dedup();
            y.dedup();
            x == y
        }
        _ => a == b,
    }
}

fn projection_text(p: &Projection) -> String {
    match p {
        Projection::All => String::from("ALL"),
        Projection::KeysOnly => String::from("KEYS_ONLY"),
        Projection::Include(a) => format!("INCLUDE {}", a.join(", ")),
    }
}

/// A scalar as a check's `where` compares it: S as is, N canonical, BOOL `true`/`false`.
fn scalar_text(v: &AttributeValue) -> String {
    match v {
        AttributeValue::S(s) => s.clone(),
        AttributeValue::N(n) => n.to_canonical(),
        AttributeValue::Bool(b) => b.to_string(),
        AttributeValue::Null => String::from("null"),
        _ => String::new(),
    }
}

/// `Social · LatestPosts`, as the Heat tab names a table or index.
fn target_label(table: &str, index: Option<&str>) -> String {
    match index {
        Some(i) => format!("{table} · {i}"),
        None => table.to_owned(),
    }
}

fn reason_key(r: sim::target::ThrottleReason) -> &'static str {
    use sim::target::ThrottleReason as R;
    match r {
        R::PartitionLimit => "sim.reason.partition_limit",
        R::ProvisionedExceeded => "sim.reason.provisioned_exceeded",
        R::OnDemandLimit => "sim.reason.on_demand_limit",
        R::IndexBackPressure => "sim.reason.index_back_pressure",
    }
}

/// The busiest partition-second of the run, as a share of the partition's ceiling (3,000 RCU or
/// 1,000 WCU a second, or a mix: reads + 3 × writes against 6,000 half-units, as the Heat tab draws it).
fn hottest(workload: &str, r: &sim::Report, percent: u64) -> Verdict {
    let mut best = (0u64, String::new(), 0u32);
    for s in &r.seconds {
        for t in &s.targets {
            for (p, ps) in t.partitions.iter().enumerate() {
                let used = (ps.read_half_units + 3 * ps.write_half_units) * 1000 / sim::layout::PARTITION_EQ_HALF;
                if used > best.0 || best.1.is_empty() {
                    best = (used, format!("{} p{p}", target_label(&t.table, t.index.as_deref())), s.second);
                }
            }
        }
    }
    let (share, partition, second) = best;
    let m = |key| {
        Message::new(key)
            .text("workload", workload)
            .text("partition", partition.clone())
            .per_mille("share", share)
            .count("second", u64::from(second))
            .per_mille("limit", percent * 10)
    };
    if share < percent * 10 {
        (true, m("check.workload.partition.pass"))
    } else {
        (false, m("check.workload.partition.fail"))
    }
}

fn cost(workload: &str, r: &sim::Report, limit: u64, mode: CostMode) -> Verdict {
    let c = &r.totals.cost;
    let (micro, key) = match mode {
        CostMode::OnDemand => (c.on_demand_micro_usd, "check.billing.on_demand"),
        CostMode::Provisioned => (c.provisioned_micro_usd, "check.billing.provisioned"),
        CostMode::AsBilled => (
            c.targets
                .iter()
                .map(|t| {
                    let provisioned = r.totals.targets.iter().any(|x| x.table == t.table && x.index == t.index && x.provisioned.is_some());
                    if provisioned {
                        t.provisioned_micro_usd
                    } else {
                        t.on_demand_micro_usd
                    }
                })
                .sum(),
            "check.billing.as_billed",
        ),
    };
    let m = |k| Message::new(k).text("workload", workload).usd("cost", micro).usd("limit", limit).part("mode", Message::new(key));
    if micro < limit {
        (true, m("check.workload.cost.pass"))
    } else {
        (false, m("check.workload.cost.fail"))
    }
}
