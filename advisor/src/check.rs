//! Running each access pattern through the engine on the model's own data.
//!
//! A pattern runs exactly as a client would send it (placeholders filled with their sample values), with
//! `ReturnConsumedCapacity` set so the figures are the engine's charges. A Query or Scan without a
//! `Limit` follows `LastEvaluatedKey` to the end, because that is what serving the pattern takes: a
//! second page is a second request. Writes run on a copy of the database, so checking never changes the
//! model.

use alloc::collections::BTreeSet;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

use engine::db::Database;
use engine::model::schema::key_schema;
use engine::model::{Model, TableModel};
use engine::value::{item_from_json, AttributeValue, Item};
use messages::Message;
use serde_json::{json, Value};

use crate::pattern::{PatternError, PatternSpec};

/// More pages than this and the check stops following `LastEvaluatedKey` (and says so).
pub const MAX_PAGES: u32 = 1000;

/// The pattern table's verdict on one pattern.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Status {
    /// ✓ one Query or GetItem (or one single-item write).
    Single,
    /// ⚠ one request, but its FilterExpression throws away most of what it reads (and pays for).
    FilterDiscards,
    /// ✗ a Scan, or more than one request (pages).
    ScanOrMany,
    /// ✗ returns items of entity types it should not.
    WrongEntities,
    /// ✗ the pattern does not run (a bad request, a missing table or index, a failed condition).
    Failed,
}

impl Status {
    pub fn symbol(self) -> &'static str {
        match self {
            Status::Single => "✓",
            Status::FilterDiscards => "⚠",
            Status::ScanOrMany | Status::WrongEntities | Status::Failed => "✗",
        }
    }

    /// The short reason shown next to the symbol.
    pub fn label(self) -> Message {
        Message::new(match self {
            Status::Single => "status.single",
            Status::FilterDiscards => "status.filter_discards",
            Status::ScanOrMany => "status.scan_or_many",
            Status::WrongEntities => "status.wrong_entities",
            Status::Failed => "status.failed",
        })
    }

    /// Served by one request (✓ or ⚠).
    pub fn is_single_request(self) -> bool {
        matches!(self, Status::Single | Status::FilterDiscards)
    }
}

/// Why a pattern did not run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CheckError {
    Pattern(PatternError),
    /// The engine's DynamoDB error (`ValidationException`: ...).
    Engine { type_name: String, message: String },
}

impl CheckError {
    /// The fault in words: a pattern fault in the advisor's words, a DynamoDB error as DynamoDB
    /// wrote it (`ValidationException: …`, never translated).
    pub fn message(&self) -> Message {
        match self {
            CheckError::Pattern(e) => e.message(),
            CheckError::Engine { type_name, message } => {
                Message::new("dynamodb.error").text("type", type_name.clone()).text("message", message.clone())
            }
        }
    }
}

impl fmt::Display for CheckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CheckError::Pattern(e) => write!(f, "{e}"),
            CheckError::Engine { type_name, message } => write!(f, "{type_name}: {message}"),
        }
    }
}

/// One row of the pattern table.
#[derive(Debug, Clone, PartialEq)]
pub struct PatternCheck {
    pub name: String,
    /// The operation; for a PartiQL pattern, the one its statement became (`Query`, `Scan`, `GetItem`,
    /// a single-item write) once it ran, `ExecuteStatement` until then.
    pub operation: String,
    /// A PartiQL pattern (ExecuteStatement).
    pub partiql: bool,
    pub table: Option<String>,
    pub index: Option<String>,
    /// The key condition with values filled in, as the seeds write it (`PK = USER#u1, SK begins_with ORDER#`),
    /// or what stands for it (`10 keys in one batch`): a message, as the words around a condition differ
    /// by language.
    pub key_condition: Message,
    /// The request as run (placeholders filled), for "open in builder".
    pub request: Option<Value>,
    pub requests: u32,
    /// Items the engine read (Query/Scan: `ScannedCount`), and returned (`Count`).
    pub items_read: u64,
    pub items_returned: u64,
    /// Consumed capacity in half-units, summed over all requests (reads and writes apart).
    pub read_half_units: u64,
    pub write_half_units: u64,
    pub has_filter: bool,
    /// Entity names of the returned items, each once, in order of appearance.
    pub entities: Vec<String>,
    /// Returned entities the pattern's `entityTypes` do not list.
    pub unexpected_entities: Vec<String>,
    /// Stopped after [`MAX_PAGES`] pages.
    pub truncated: bool,
    pub status: Status,
    pub error: Option<CheckError>,
}

impl PatternCheck {
    fn new(name: &str, operation: &str) -> PatternCheck {
        PatternCheck {
            name: name.into(),
            operation: operation.into(),
            partiql: operation == "ExecuteStatement",
            table: None,
            index: None,
            key_condition: Message::default(),
            request: None,
            requests: 0,
            items_read: 0,
            items_returned: 0,
            read_half_units: 0,
            write_half_units: 0,
            has_filter: false,
            entities: Vec::new(),
            unexpected_entities: Vec::new(),
            truncated: false,
            status: Status::Failed,
            error: None,
        }
    }

    /// The operation as the pattern table names it: `ExecuteStatement as Query` for a PartiQL pattern.
    pub fn operation_label(&self) -> String {
        match self.operation.as_str() {
            "ExecuteStatement" => self.operation.clone(),
            op if self.partiql => format!("ExecuteStatement as {op}"),
            op => op.to_string(),
        }
    }

    /// "Shop" or "Shop / GSI1".
    pub fn target_label(&self) -> String {
        match (&self.table, &self.index) {
            (Some(t), Some(i)) => format!("{t} / {i}"),
            (Some(t), None) => t.clone(),
            _ => String::from("—"),
        }
    }
}

/// "1.5 RCU" from half-units.
pub fn units_text(half_units: u64) -> String {
    if half_units.is_multiple_of(2) {
        format!("{}", half_units / 2)
    } else {
        format!("{}.5", half_units / 2)
    }
}

/// Check every pattern of `model` against `db` (the model's data, loaded).
pub fn check_all(model: &Model, db: &Database, now_millis: u64) -> Vec<PatternCheck> {
    let mut reads = db.clone();
    model
        .access_patterns
        .iter()
        .map(|p| match PatternSpec::from_access_pattern(p) {
            Ok(spec) => {
                if spec.is_read() {
                    check_one(model, &mut reads, &spec, now_millis)
                } else {
                    // A write changes the data: run it on its own copy.
                    check_one(model, &mut db.clone(), &spec, now_millis)
                }
            }
            Err(e) => {
                let mut c = PatternCheck::new(&p.name, p.operation.as_deref().unwrap_or_default());
                c.error = Some(CheckError::Pattern(e));
                c
            }
        })
        .collect()
}

/// Run one pattern on `db` (which a write changes: pass a copy).
pub fn check_one(model: &Model, db: &mut Database, spec: &PatternSpec, now_millis: u64) -> PatternCheck {
    let mut c = PatternCheck::new(&spec.name, &spec.operation);
    let request = match spec.resolved_request() {
        Ok(r) => r,
        Err(e) => {
            c.error = Some(CheckError::Pattern(e));
            return c;
        }
    };
    c.table = request.get("TableName").and_then(Value::as_str).map(String::from);
    c.index = request.get("IndexName").and_then(Value::as_str).map(String::from);
    c.has_filter = request.get("FilterExpression").is_some() || request.get("ScanFilter").is_some() || request.get("QueryFilter").is_some();
    c.key_condition = describe_key_condition(&spec.operation, &request, c.table.as_deref().and_then(|t| model.table(t)));
    c.request = Some(request.clone());
    let mut returned: Vec<Item> = Vec::new();
    let result = run(db, &spec.operation, &request, now_millis, &mut c, &mut returned);
    if let Err(e) = result {
        c.error = Some(e);
        c.status = Status::Failed;
        return c;
    }
    // A statement names its table in its text: known once it ran.
    let table_model = c.table.as_deref().and_then(|t| model.table(t));
    // Which entities came back: by the type attribute, or (an index that does not project it) by the
    // table item the entry belongs to.
    if let Some(tm) = table_model {
        let mut seen = BTreeSet::new();
        for item in &returned {
            let entity = entity_of(tm, item).or_else(|| {
                let full = base_item(db, tm, item, now_millis)?;
                entity_of(tm, &full)
            });
            if let Some(e) = entity {
                if seen.insert(e.clone()) {
                    c.entities.push(e);
                }
            }
        }
        if !spec.entity_types.is_empty() {
            for e in &c.entities {
                let listed = spec.entity_types.iter().any(|want| {
                    want == e || tm.entities.iter().any(|en| &en.name == e && &en.type_value == want)
                });
                if !listed {
                    c.unexpected_entities.push(e.clone());
                }
            }
        }
    }
    c.status = if c.operation == "Scan" || c.requests > 1 {
        Status::ScanOrMany
    } else if !c.unexpected_entities.is_empty() {
        Status::WrongEntities
    } else if c.has_filter && c.items_returned * 2 < c.items_read {
        Status::FilterDiscards
    } else {
        Status::Single
    };
    c
}

fn engine_error(e: engine::error::ApiError) -> CheckError {
    CheckError::Engine { type_name: e.type_name().to_string(), message: e.message().to_string() }
}

fn half_units(v: &Value) -> u64 {
    // Capacity is always a multiple of 0.5: twice it is a whole number.
    let one = |c: &Value| c.get("CapacityUnits").and_then(Value::as_f64).map(|u| (u * 2.0 + 0.25) as u64).unwrap_or(0);
    match v {
        Value::Array(a) => a.iter().map(one).sum(),
        Value::Object(_) => one(v),
        _ => 0,
    }
}

fn items_of(v: Option<&Value>, out: &mut Vec<Item>) {
    for raw in v.and_then(Value::as_array).map(Vec::as_slice).unwrap_or(&[]) {
        if let Ok(i) = item_from_json(raw) {
            out.push(i);
        }
    }
}

fn run(
    db: &mut Database,
    op: &str,
    request: &Value,
    now: u64,
    c: &mut PatternCheck,
    returned: &mut Vec<Item>,
) -> Result<(), CheckError> {
    let mut req = request.clone();
    if let Some(o) = req.as_object_mut() {
        if o.get("ReturnConsumedCapacity").and_then(Value::as_str).is_none_or(|v| v == "NONE") {
            o.insert("ReturnConsumedCapacity".into(), json!("TOTAL"));
        }
    }
    match op {
        "ExecuteStatement" => statement(db, req.clone(), now, c, returned)?,
        "Query" | "Scan" => {
            let paged = request.get("Limit").is_none();
            loop {
                let out = db.execute(op, &req, now).map_err(engine_error)?;
                c.requests += 1;
                c.items_read += out.get("ScannedCount").and_then(Value::as_u64).unwrap_or(0);
                c.items_returned += out.get("Count").and_then(Value::as_u64).unwrap_or(0);
                c.read_half_units += out.get("ConsumedCapacity").map(half_units).unwrap_or(0);
                items_of(out.get("Items"), returned);
                match out.get("LastEvaluatedKey") {
                    Some(k) if paged => {
                        if c.requests >= MAX_PAGES {
                            c.truncated = true;
                            break;
                        }
                        if let Some(o) = req.as_object_mut() {
                            o.insert("ExclusiveStartKey".into(), k.clone());
                        }
                    }
                    _ => break,
                }
            }
        }
        _ => {
            let out = db.execute(op, &req, now).map_err(engine_error)?;
            c.requests = 1;
            let cap = out.get("ConsumedCapacity").map(half_units).unwrap_or(0);
            match op {
                "GetItem" => {
                    c.read_half_units = cap;
                    if let Some(raw) = out.get("Item") {
                        c.items_read = 1;
                        c.items_returned = 1;
                        items_of(Some(&Value::Array(alloc::vec![raw.clone()])), returned);
                    }
                }
                "BatchGetItem" => {
                    c.read_half_units = cap;
                    for (_, items) in out.get("Responses").and_then(Value::as_object).into_iter().flatten() {
                        items_of(Some(items), returned);
                    }
                    c.items_read = returned.len() as u64;
                    c.items_returned = returned.len() as u64;
                }
                "TransactGetItems" => {
                    c.read_half_units = cap;
                    for r in out.get("Responses").and_then(Value::as_array).map(Vec::as_slice).unwrap_or(&[]) {
                        if let Some(i) = r.get("Item") {
                            items_of(Some(&Value::Array(alloc::vec![i.clone()])), returned);
                        }
                    }
                    c.items_read = returned.len() as u64;
                    c.items_returned = returned.len() as u64;
                }
                _ => c.write_half_units = cap,
            }
        }
    }
    Ok(())
}

/// A PartiQL statement, following `NextToken` to the end unless it has a `Limit`: what it read comes
/// from the engine's charges (the response has no `ScannedCount`), what it became from
/// `execute_explained` (a Query per pinned partition, a GetItem per key: each is a request).
fn statement(db: &mut Database, mut req: Value, now: u64, c: &mut PatternCheck, returned: &mut Vec<Item>) -> Result<(), CheckError> {
    use engine::api::partiql::Operation;
    use engine::capacity::{Kind, Reason};
    let paged = req.get("Limit").is_none();
    loop {
        let ex = db.execute_explained("ExecuteStatement", &req, now);
        let out = ex.result.map_err(engine_error)?;
        for ch in ex.charges.iter().flat_map(|k| &k.charges) {
            match ch.kind {
                Kind::Read => c.read_half_units += ch.half_units,
                Kind::Write => c.write_half_units += ch.half_units,
            }
            c.items_read += match ch.reason {
                Reason::Read { items } => items,
                Reason::GetItem { found: true } => 1,
                _ => 0,
            };
        }
        let before = returned.len();
        items_of(out.get("Items"), returned);
        c.items_returned += (returned.len() - before) as u64;
        let calls = match &ex.operation {
            Some(Operation::GetItem { keys: n, .. } | Operation::Query { partitions: n, .. }) => *n,
            _ => 1,
        };
        c.requests = c.requests.saturating_add(u32::try_from(calls.max(1)).unwrap_or(u32::MAX));
        if let Some(o) = &ex.operation {
            let (Operation::GetItem { table, .. }
            | Operation::Query { table, .. }
            | Operation::Scan { table, .. }
            | Operation::PutItem { table }
            | Operation::UpdateItem { table }
            | Operation::DeleteItem { table }) = o;
            c.table = Some(table.clone());
            c.index = match o {
                Operation::Query { index, .. } | Operation::Scan { index, .. } => index.clone(),
                _ => None,
            };
            c.operation = String::from(o.action());
            c.has_filter = matches!(o, Operation::Query { .. } | Operation::Scan { .. });
        }
        match out.get("NextToken") {
            Some(t) if paged => {
                if c.requests >= MAX_PAGES {
                    c.truncated = true;
                    break;
                }
                if let Some(o) = req.as_object_mut() {
                    o.insert("NextToken".into(), t.clone());
                }
            }
            _ => break,
        }
    }
    Ok(())
}

/// The entity whose type attribute the item carries.
fn entity_of(tm: &TableModel, item: &Item) -> Option<String> {
    tm.entities.iter().find(|e| e.matches(item)).map(|e| e.name.clone())
}

/// The table item an index entry belongs to (every index entry carries the table's key).
fn base_item(db: &mut Database, tm: &TableModel, entry: &Item, now: u64) -> Option<Item> {
    let (pk, sk) = key_schema(tm.definition.get("KeySchema"));
    let mut key = serde_json::Map::new();
    for name in [pk, sk].into_iter().flatten() {
        key.insert(name.into(), engine::value::value_to_json(entry.get(name)?));
    }
    let out = db.execute("GetItem", &json!({"TableName": tm.name()?, "Key": key}), now).ok()?;
    item_from_json(out.get("Item")?).ok()
}

/// A value as the seeds write it in a key condition (`USER#123`, `42`).
pub fn value_text(v: &Value) -> String {
    match engine::value::value_from_json(v) {
        Ok(AttributeValue::S(s)) => s,
        Ok(AttributeValue::N(n)) => n.to_canonical(),
        Ok(AttributeValue::B(b)) => format!("<{} bytes>", b.len()),
        _ => v.to_string(),
    }
}

/// Replace `#name` and `:value` tokens of an expression by the names and values they stand for.
pub fn resolve_expression(expr: &str, request: &Value) -> String {
    let names = request.get("ExpressionAttributeNames");
    let values = request.get("ExpressionAttributeValues");
    let mut out = String::new();
    let mut chars = expr.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        if c == '#' || c == ':' {
            let mut end = i + 1;
            while let Some(&(j, d)) = chars.peek() {
                if d.is_ascii_alphanumeric() || d == '_' {
                    end = j + d.len_utf8();
                    chars.next();
                } else {
                    break;
                }
            }
            let token = &expr[i..end];
            let replaced = if c == '#' {
                names.and_then(|n| n.get(token)).and_then(Value::as_str).map(String::from)
            } else {
                values.and_then(|v| v.get(token)).map(value_text)
            };
            out.push_str(&replaced.unwrap_or_else(|| token.to_string()));
        } else {
            out.push(c);
        }
    }
    out
}

/// `PK = USER#u1, SK begins_with ORDER#` (the seeds' access-pattern table), `Scan` or the keys written.
/// The condition itself is code and reads the same in every language (`keycond.expression`); the words
/// around it are the language's.
pub fn describe_key_condition(op: &str, request: &Value, table: Option<&TableModel>) -> Message {
    let code = |text: String| Message::new("keycond.expression").text("condition", text);
    match op {
        "Query" => match request.get("KeyConditionExpression").and_then(Value::as_str) {
            Some(e) => code(seeds_condition(&resolve_expression(e, request))),
            None => Message::new("keycond.legacy"),
        },
        "Scan" => match request.get("FilterExpression").and_then(Value::as_str) {
            Some(f) => Message::new("keycond.scan.filter").text("filter", resolve_expression(f, request)),
            None => Message::new("keycond.scan"),
        },
        "GetItem" | "UpdateItem" | "DeleteItem" => code(key_text(request.get("Key"), table)),
        "PutItem" => code(key_text(request.get("Item"), table)),
        "BatchGetItem" | "BatchWriteItem" => {
            let n: usize = request
                .get("RequestItems")
                .and_then(Value::as_object)
                .map(|m| {
                    m.values()
                        .map(|v| v.get("Keys").and_then(Value::as_array).or_else(|| v.as_array()).map_or(0, Vec::len))
                        .sum()
                })
                .unwrap_or(0);
            Message::new("keycond.batch").count("keys", n as u64)
        }
        "TransactGetItems" | "TransactWriteItems" => {
            let n = request.get("TransactItems").and_then(Value::as_array).map_or(0, Vec::len);
            Message::new("keycond.transaction").count("items", n as u64)
        }
        "ExecuteStatement" => code(statement_text(request)),
        _ => Message::default(),
    }
}

/// The statement with each `?` (outside quotes) replaced by its parameter's value:
/// `SELECT * FROM "Shop" WHERE PK = USER#u1`.
fn statement_text(request: &Value) -> String {
    let text = request.get("Statement").and_then(Value::as_str).unwrap_or_default();
    let params = request.get("Parameters").and_then(Value::as_array).map(Vec::as_slice).unwrap_or(&[]);
    let mut next = params.iter();
    let mut quote = None;
    let mut out = String::new();
    for ch in text.chars() {
        match (ch, quote) {
            ('\'' | '"', None) => quote = Some(ch),
            (q, Some(open)) if q == open => quote = None,
            ('?', None) => {
                if let Some(v) = next.next() {
                    out.push_str(&value_text(v));
                    continue;
                }
            }
            _ => {}
        }
        out.push(ch);
    }
    out
}

/// The key attributes of `item_or_key` in key-schema order: `PK = USER#1, SK = ORDER#9`.
pub fn key_text(item_or_key: Option<&Value>, table: Option<&TableModel>) -> String {
    let Some(obj) = item_or_key.and_then(Value::as_object) else { return String::new() };
    let names: Vec<&str> = match table {
        Some(t) => {
            let (pk, sk) = key_schema(t.definition.get("KeySchema"));
            [pk, sk].into_iter().flatten().collect()
        }
        None => obj.keys().map(String::as_str).collect(),
    };
    names
        .iter()
        .filter_map(|n| obj.get(*n).map(|v| format!("{n} = {}", value_text(v))))
        .collect::<Vec<_>>()
        .join(", ")
}

/// `PK = USER#1 AND begins_with(SK, ORDER#)` → `PK = USER#1, SK begins_with ORDER#`.
fn seeds_condition(resolved: &str) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut between = false;
    for part in split_and(resolved) {
        if between {
            if let Some(last) = parts.last_mut() {
                last.push_str(" AND ");
                last.push_str(part.trim());
            }
            between = false;
            continue;
        }
        let p = part.trim();
        between = p.to_ascii_uppercase().contains(" BETWEEN ");
        let lower = p.to_ascii_lowercase();
        if lower.starts_with("begins_with") {
            let inner = p.find('(').and_then(|a| p.rfind(')').map(|b| &p[a + 1..b])).unwrap_or(p);
            match inner.split_once(',') {
                Some((attr, prefix)) => parts.push(format!("{} begins_with {}", attr.trim(), prefix.trim())),
                None => parts.push(p.to_string()),
            }
        } else {
            parts.push(p.trim_matches(|c| c == '(' || c == ')').to_string());
        }
    }
    parts.join(", ")
}

/// Split on the word AND (any case), outside parentheses.
fn split_and(s: &str) -> Vec<&str> {
    let bytes = s.as_bytes();
    let mut out = Vec::new();
    let mut depth = 0i32;
    let mut start = 0;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'(' => depth += 1,
            b')' => depth -= 1,
            _ => {}
        }
        if depth == 0
            && i + 5 <= bytes.len()
            && bytes[i] == b' '
            && bytes[i + 1..i + 4].eq_ignore_ascii_case(b"AND")
            && bytes[i + 4] == b' '
        {
            out.push(&s[start..i]);
            start = i + 5;
            i += 5;
            continue;
        }
        i += 1;
    }
    out.push(&s[start..]);
    out
}

/// "7 of 8 patterns served by a single request" (and how many of those filter away most of what they read).
pub fn coverage(checks: &[PatternCheck]) -> Message {
    let single = checks.iter().filter(|c| c.status.is_single_request()).count() as u64;
    let filtered = checks.iter().filter(|c| c.status == Status::FilterDiscards).count() as u64;
    let key = match (checks.len(), filtered) {
        (1, 0) => "coverage.one",
        (1, _) => "coverage.one.filtered",
        (_, 0) => "coverage",
        _ => "coverage.filtered",
    };
    Message::new(key).count("single", single).count("patterns", checks.len() as u64).count("filtered", filtered)
}
