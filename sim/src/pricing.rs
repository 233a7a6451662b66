//! What each request costs: exactly what the engine charges for the same call on the model's data.
//!
//! A pattern's request shapes are priced once per (pattern, key) against a scratch copy of the model's
//! `Database`: an item the model holds is read or written at its real size; a key the model does not
//! hold is first given a synthetic item at the pattern's typical size (so a GetItem of `USER#7` costs
//! what reading a typical user costs). Writes are priced as that one write on the model's data and then
//! undone through the engine, so every price is independent of the order keys are first seen in. The
//! runner caches the result, so the hot loop is integer arithmetic.
//!
//! Calls that must cost the same run through the engine once: synthetic items of one pattern and the
//! same attribute sizes, and calls on items the model holds whose cost the engine's own write plan
//! (`Table::write_cost_between`) or, for a read, the item's size decides alike. Each key still places
//! its charges by its own key values. Without this, first seeing 100,000 keys of a write pattern meant
//! 200,000 engine writes (the write and its undo) before the simulation got going.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use engine::api::batch::{BatchGetItemInput, BatchWriteItemInput};
use engine::api::read::{GetItemInput, QueryInput};
use engine::api::transact::{TransactGetItemsInput, TransactWriteItemsInput};
use engine::api::write::{DeleteItemInput, PutItemInput, UpdateItemInput};
use engine::capacity::{Consumed, Kind as ChargeKind, Target as ChargeTarget};
use engine::db::Database;
use engine::error::ApiError;
use engine::number::Number;
use engine::table::key::key_from_item;
use engine::table::schema::IndexKind;
use engine::throttle::NoThrottle;
use engine::value::{item_from_json, item_size, item_to_json, value_from_json, AttributeValue, Item, ScalarType};
use serde_json::{json, Map, Value};

use crate::error::{in_pattern, workload, SimError};
use messages::Message;
use crate::target::Kind;
use crate::template::{Template, Vars};
use crate::workload::{Op, Pattern};

/// One table or index a charge lands on.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct TargetKey {
    pub table: String,
    pub index: Option<String>,
}

/// What one priced request part consumed on one target, and the partition-key value that places it
/// (`None` for a Scan page, which the runner spreads over the partitions in turn).
#[derive(Debug, Clone, PartialEq)]
pub struct RawCharge {
    pub target: TargetKey,
    pub kind: Kind,
    pub half_units: u64,
    pub pk: Option<AttributeValue>,
}

#[derive(Debug, Clone)]
enum ValueTemplate {
    S(Template),
    N(Template),
    Fixed(AttributeValue),
}

/// A pattern compiled against its table: templates parsed, key attributes checked.
#[derive(Debug, Clone)]
pub struct Compiled {
    pub name: String,
    pub table: String,
    pub index: Option<String>,
    pub op: Op,
    pub vars: Vars,
    pub strides: Vec<u64>,
    pub space: u64,
    key: Vec<(String, ValueTemplate)>,
    item: Vec<(String, ValueTemplate)>,
    pad_to: Option<u64>,
    pub consistent: bool,
    pub limit: Option<u32>,
    /// GSIs of the table: (name, partition-key attribute).
    gsi_pks: Vec<(String, String)>,
    /// The partition-key attribute a read of this pattern is placed by (table or index).
    read_pk: Option<String>,
    /// Every HASH attribute of a GSI with a multi-attribute key that a Query reads: the partition is
    /// their values together (the composite the engine stores and places its writes by).
    read_hash: Vec<String>,
    /// The table's sort key for the synthetic item of a Query on an absent partition (its key is the
    /// partition key alone).
    fill: Vec<(String, AttributeValue)>,
}

fn key_template(vars: &mut Vars, text: &str, ty: ScalarType, attr: &str) -> Result<ValueTemplate, SimError> {
    let t = vars.compile(text)?;
    match ty {
        ScalarType::S => Ok(ValueTemplate::S(t)),
        ScalarType::N => Ok(ValueTemplate::N(t)),
        ScalarType::B => Err(workload(Message::new("error.key_binary").text("attribute", attr))),
    }
}

fn value_template(vars: &mut Vars, name: &str, v: &Value) -> Result<ValueTemplate, SimError> {
    if let Some(obj) = v.as_object() {
        if obj.len() == 1 {
            if let Some(Value::String(s)) = obj.get("S") {
                return Ok(ValueTemplate::S(vars.compile(s)?));
            }
            if let Some(Value::String(s)) = obj.get("N") {
                return Ok(ValueTemplate::N(vars.compile(s)?));
            }
        }
    }
    value_from_json(v)
        .map(ValueTemplate::Fixed)
        .map_err(|e| workload(Message::new("error.item_attribute").text("attribute", name).text("detail", e.to_string())))
}

impl Compiled {
    pub fn new(p: &Pattern, db: &Database) -> Result<Compiled, SimError> {
        let at = |m: Message| in_pattern(&p.name, workload(m));
        let table = db.table(&p.table).ok_or_else(|| at(Message::new("error.no_table").text("table", p.table.as_str())))?;
        let def = &table.def;
        if p.key_count == 0 || p.batch_size == 0 {
            return Err(at(Message::new("error.at_least_one")));
        }
        let max_batch = match p.op {
            Op::BatchGetItem | Op::TransactGetItems | Op::TransactWriteItems => 100,
            Op::BatchWriteItem => 25,
            _ => 1,
        };
        if p.batch_size > max_batch {
            return Err(at(Message::new("error.batch_max").text("op", p.op.name()).count("max", u64::from(max_batch))));
        }
        let mut vars = Vars::new(p.key_count);
        let ty_of = |name: &str| def.attributes.iter().find(|a| a.name == name).map(|a| a.ty);
        let mut key = Vec::new();
        let mut read_pk = None;
        let mut read_hash: Vec<String> = Vec::new();
        let mut fill = Vec::new();
        match p.op {
            Op::Scan => {
                if !p.key.is_empty() {
                    return Err(at(Message::new("error.scan_key")));
                }
            }
            Op::Query if p.index.as_ref().and_then(|i| def.index(i)).is_some_and(|i| i.hash_attrs().count() > 1) => {
                // A GSI whose partition is several HASH attributes: a template for each of them.
                let idx = p.index.as_ref().and_then(|i| def.index(i)).ok_or_else(|| at(Message::new("error.no_such_index")))?;
                let names: Vec<String> = idx.hash_attrs().map(|a| a.name.clone()).collect();
                for a in idx.hash_attrs() {
                    let text = p.key.get(&a.name).ok_or_else(|| at(Message::new("error.query_hash_template").text("attribute", a.name.as_str())))?;
                    key.push((a.name.clone(), key_template(&mut vars, text, a.ty, &a.name)?));
                }
                if p.key.len() != names.len() {
                    return Err(at(Message::new("error.query_hash_alone").list("attributes", names.clone())));
                }
                read_pk = names.first().cloned();
                read_hash = names;
            }
            Op::Query => {
                let schema = match &p.index {
                    Some(i) => &def.index(i).ok_or_else(|| at(Message::new("error.no_index").text("table", p.table.as_str()).text("index", i.as_str())))?.keys,
                    None => &def.keys,
                };
                let pk = &schema.pk.name;
                let text = p.key.get(pk).ok_or_else(|| at(Message::new("error.query_pk_template").text("attribute", pk.as_str())))?;
                if p.key.len() != 1 {
                    return Err(at(Message::new("error.query_pk_alone").text("attribute", pk.as_str())));
                }
                key.push((pk.clone(), key_template(&mut vars, text, schema.pk.ty, pk)?));
                read_pk = Some(pk.clone());
                if p.index.is_none() {
                    if let Some(sk) = &def.keys.sk {
                        let v = match sk.ty {
                            ScalarType::N => AttributeValue::N(Number::parse("0").unwrap_or_default()),
                            ScalarType::B => AttributeValue::B(alloc::vec![0]),
                            ScalarType::S => AttributeValue::S(String::from("0")),
                        };
                        fill.push((sk.name.clone(), v));
                    }
                }
            }
            _ => {
                if p.index.is_some() {
                    return Err(at(Message::new("error.index_not_query")));
                }
                let mut names: Vec<&str> = alloc::vec![def.keys.pk.name.as_str()];
                if let Some(sk) = &def.keys.sk {
                    names.push(sk.name.as_str());
                }
                for n in &names {
                    let text = p.key.get(*n).ok_or_else(|| at(Message::new("error.key_template").text("attribute", *n)))?;
                    let ty = ty_of(n).unwrap_or(ScalarType::S);
                    key.push((String::from(*n), key_template(&mut vars, text, ty, n)?));
                }
                if p.key.len() != names.len() {
                    return Err(at(Message::new("error.key_extra").list("attributes", names.iter().map(|n| String::from(*n)).collect())));
                }
                read_pk = Some(def.keys.pk.name.clone());
            }
        }
        let mut item = Vec::new();
        for (name, v) in &p.item {
            if def.keys.is_key(name) {
                return Err(at(Message::new("error.item_key").text("attribute", name.as_str())));
            }
            item.push((name.clone(), value_template(&mut vars, name, v).map_err(|e| in_pattern(&p.name, e))?));
        }
        let space = vars.space().map_err(|e| in_pattern(&p.name, e))?;
        let strides = vars.strides();
        let pad_to = p.item_bytes.or_else(|| (table.item_count > 0).then(|| table.size_bytes / table.item_count));
        let gsi_pks = def
            .indexes
            .iter()
            .filter(|i| i.kind == IndexKind::Global)
            .map(|i| (i.name.clone(), i.keys.pk.name.clone()))
            .collect();
        Ok(Compiled {
            name: p.name.clone(),
            table: p.table.clone(),
            index: p.index.clone(),
            op: p.op,
            vars,
            strides,
            space,
            key,
            item,
            pad_to,
            consistent: p.consistent_read,
            limit: p.limit,
            gsi_pks,
            read_pk,
            read_hash,
            fill,
        })
    }

    fn render(&self, t: &ValueTemplate, values: &[u64], unix: u64) -> Result<AttributeValue, SimError> {
        match t {
            ValueTemplate::S(t) => Ok(AttributeValue::S(t.render(&self.vars, values, unix))),
            ValueTemplate::N(t) => {
                let text = t.render(&self.vars, values, unix);
                Number::parse(&text)
                    .map(AttributeValue::N)
                    .map_err(|_| in_pattern(&self.name, workload(Message::new("error.not_number").text("text", text.as_str()))))
            }
            ValueTemplate::Fixed(v) => Ok(v.clone()),
        }
    }

    /// The key attributes and the whole synthetic item for these values.
    pub fn items(&self, values: &[u64], unix: u64) -> Result<(Item, Item), SimError> {
        let mut key = Item::new();
        for (n, t) in &self.key {
            key.insert(n.clone(), self.render(t, values, unix)?);
        }
        let mut full = key.clone();
        for (n, v) in &self.fill {
            full.insert(n.clone(), v.clone());
        }
        for (n, t) in &self.item {
            full.insert(n.clone(), self.render(t, values, unix)?);
        }
        if let Some(target) = self.pad_to {
            let base = item_size(&full) as u64;
            // "_pad" is 4 bytes of name; the value makes up the rest.
            if target > base + 4 {
                let len = usize::try_from(target - base - 4).unwrap_or(0).min(400 * 1024);
                full.insert(String::from("_pad"), AttributeValue::S("x".repeat(len)));
            }
        }
        Ok((key, full))
    }
}

/// Prices request shapes on a scratch copy of the model's database.
/// One charge of a synthetic item's shape: the target charged, read or write, and the half-units.
type ShapeCharge = (TargetKey, Kind, u64);

#[derive(Debug, Clone)]
pub struct Pricer {
    db: Database,
    now_millis: u64,
    /// Charges of synthetic items by (pattern, every attribute's size): an item the model does not hold
    /// costs what its attribute sizes make it cost, so keys of one shape are priced once.
    shapes: alloc::collections::BTreeMap<(String, Vec<u64>), Vec<ShapeCharge>>,
    /// What the engine consumed for a call on an item the model holds, by (pattern, what decides its
    /// cost): for a read, the item's size; for a write, what the engine's own write plan charges
    /// (`Table::write_cost_between`: the old and new sizes and every index entry written, with its size
    /// and reason). Calls alike in that cost alike, so each such shape runs through the engine once.
    held: alloc::collections::BTreeMap<(String, Held), Vec<Consumed>>,
}

/// What decides the cost of a call on an item the model holds (see [`Pricer`]'s `held`).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
enum Held {
    /// A read: the item's size.
    Read(u64),
    /// A write: each charge of the engine's write plan as (on a GSI, the GSI's name; half-units).
    /// The table write and every index entry are writes, so the kind is implied.
    Write(Vec<(Option<String>, u64)>),
}

fn engine_err(p: &Compiled) -> impl Fn(ApiError) -> SimError + '_ {
    move |e| SimError::Engine { pattern: p.name.clone(), kind: String::from(e.type_name()), message: String::from(e.message()) }
}

impl Pricer {
    pub fn new(db: &Database, now_millis: u64) -> Pricer {
        Pricer { db: db.clone(), now_millis, shapes: alloc::collections::BTreeMap::new(), held: alloc::collections::BTreeMap::new() }
    }

    pub fn db(&self) -> &Database {
        &self.db
    }

    fn put(&mut self, table: &str, item: &Item) -> Result<Consumed, ApiError> {
        let input = PutItemInput::from_json(&json!({"TableName": table, "Item": item_to_json(item)}))?;
        Ok(self.db.put_item(input, self.now_millis)?.consumed)
    }

    fn delete(&mut self, table: &str, key: &Item) -> Result<Consumed, ApiError> {
        let input = DeleteItemInput::from_json(&json!({"TableName": table, "Key": item_to_json(key)}))?;
        Ok(self.db.delete_item(&input, self.now_millis)?.consumed)
    }

    /// Put `old` back, or remove the key when there was nothing.
    fn restore(&mut self, table: &str, key: &Item, old: Option<Item>) -> Result<(), ApiError> {
        match old {
            Some(item) => self.put(table, &item).map(|_| ()),
            None => self.delete(table, key).map(|_| ()),
        }
    }

    /// The charges of one request part (one item of a batch or transaction) of pattern `p`.
    pub fn price(&mut self, p: &Compiled, values: &[u64], unix: u64) -> Result<Vec<RawCharge>, SimError> {
        let err = engine_err(p);
        let (key, full) = p.items(values, unix)?;
        let table = p.table.as_str();
        let schema = self.db.table(table).map(|t| t.def.keys.clone()).ok_or_else(|| workload(Message::new("error.table_gone").text("table", table)))?;
        let on_table_item = !(p.op == Op::Scan || p.op == Op::Query && p.index.is_some());
        let mut existing = None;
        let mut inserted = false;
        // The item's whole primary key (a Query's key is its partition key alone).
        let mut table_key = key.clone();
        if on_table_item {
            let pk = key_from_item(&schema, &full).map_err(&err)?;
            table_key = pk.to_item(&schema);
            existing = self.db.table(table).and_then(|t| t.get(&pk));
            let needs_item = !matches!(p.op, Op::PutItem | Op::BatchWriteItem | Op::TransactWriteItems);
            if existing.is_none() && needs_item {
                // A key the model does not hold: a synthetic item of the typical size (for a Query of
                // an absent partition, one such item).
                self.put(table, &full).map_err(&err)?;
                inserted = true;
            }
        }
        // A synthetic item of a shape priced before: the same charges, placed by this item's keys.
        let shape = (on_table_item && existing.is_none()).then(|| {
            (p.name.clone(), full.iter().map(|(n, v)| engine::value::attribute_size(n, v) as u64).collect::<Vec<u64>>())
        });
        if let Some(charges) = shape.as_ref().and_then(|s| self.shapes.get(s)) {
            let charges = charges.clone();
            if inserted {
                self.restore(table, &table_key, None).map_err(&err)?;
            }
            return Ok(charges.into_iter().map(|(target, kind, half_units)| {
                let pk = self.pk_for(p, &target, &key, Some(&full), None);
                RawCharge { target, kind, half_units, pk }
            }).collect());
        }
        // An item the model holds, on a table without an LSI (whose writes also depend on the item
        // collection's size): a call shaped like one priced before consumes what it consumed.
        let held = match (&existing, self.db.table(table)) {
            // A Query reads its whole partition, so it is always run.
            (Some(old), Some(t)) if on_table_item && p.op != Op::Query && !t.def.has_lsi() => {
                let after = match p.op {
                    Op::PutItem | Op::BatchWriteItem | Op::TransactWriteItems => Some(Some(full.clone())),
                    Op::UpdateItem => {
                        // The update SETs every non-key attribute of the pattern's item.
                        let mut merged = old.clone();
                        merged.extend(full.iter().filter(|(n, _)| !schema.is_key(n)).map(|(n, v)| (n.clone(), v.clone())));
                        Some(Some(merged))
                    }
                    Op::DeleteItem => Some(None),
                    _ => None,
                };
                let decides = match &after {
                    Some(new) => {
                        let plan = t.write_cost_between(Some(old), new.as_ref());
                        // An LSI's charges land on the table's partitions but are told apart by name.
                        let name = |c: &engine::capacity::Charge| match &c.target {
                            ChargeTarget::Table => None,
                            ChargeTarget::GlobalIndex(g) | ChargeTarget::LocalIndex(g) => Some(g.clone()),
                        };
                        Held::Write(plan.charges.iter().map(|c| (name(c), c.half_units)).collect())
                    }
                    None => Held::Read(item_size(old) as u64),
                };
                Some(((p.name.clone(), decides), after.flatten()))
            }
            _ => None,
        };
        if let Some((shape, after)) = &held {
            if let Some(consumed) = self.held.get(shape) {
                return Ok(self.charges(p, consumed, &key, after.as_ref(), existing.as_ref()));
            }
        }
        let key_json = item_to_json(&key);
                let full_json = item_to_json(&full);
        let now = self.now_millis;
        let before = if inserted { Some(full.clone()) } else { existing.clone() };
        let consumed: Vec<Consumed> = match p.op {
            Op::GetItem => {
                let i = GetItemInput::from_json(&json!({"TableName": table, "Key": key_json, "ConsistentRead": p.consistent})).map_err(&err)?;
                alloc::vec![self.db.get_item(&i).map_err(&err)?.consumed]
            }
                        Op::BatchGetItem => {
                let i = BatchGetItemInput::from_json(&json!({"RequestItems": {table: {"Keys": [key_json], "ConsistentRead": p.consistent}}})).map_err(&err)?;
                self.db.batch_get_item(&i, &mut NoThrottle).map_err(&err)?.consumed
            }
                        Op::TransactGetItems => {
                let i = TransactGetItemsInput::from_json(&json!({"TransactItems": [{"Get": {"TableName": table, "Key": key_json}}]})).map_err(&err)?;
                self.db.transact_get_items(&i, &mut NoThrottle).map_err(&err)?.consumed
            }
            Op::PutItem => alloc::vec![self.put(table, &full).map_err(&err)?],
                        Op::BatchWriteItem => {
                let i = BatchWriteItemInput::from_json(&json!({"RequestItems": {table: [{"PutRequest": {"Item": full_json}}]}})).map_err(&err)?;
                self.db.batch_write_item(&i, now, &mut NoThrottle).map_err(&err)?.consumed
            }
                        Op::TransactWriteItems => {
                let i = TransactWriteItemsInput::from_json(&json!({"TransactItems": [{"Put": {"TableName": table, "Item": full_json}}]})).map_err(&err)?;
                self.db.transact_write_items(&i, now, &mut NoThrottle).map_err(&err)?.consumed
            }
            Op::UpdateItem => {
                let mut names = Map::new();
                let mut vals = Map::new();
                let mut sets = Vec::new();
                for (i, (n, v)) in full.iter().filter(|(n, _)| !schema.is_key(n)).enumerate() {
                    names.insert(format!("#a{i}"), Value::String(n.clone()));
                    vals.insert(format!(":v{i}"), engine::value::value_to_json(v));
                    sets.push(format!("#a{i} = :v{i}"));
                }
                let mut input = json!({"TableName": table, "Key": key_json});
                if !sets.is_empty() {
                    input["UpdateExpression"] = Value::String(format!("SET {}", sets.join(", ")));
                    input["ExpressionAttributeNames"] = Value::Object(names);
                    input["ExpressionAttributeValues"] = Value::Object(vals);
                }
                let i = UpdateItemInput::from_json(&input).map_err(&err)?;
                alloc::vec![self.db.update_item(&i, now).map_err(&err)?.consumed]
            }
            Op::DeleteItem => alloc::vec![self.delete(table, &key).map_err(&err)?],
            Op::Query | Op::Scan => {
                let mut input = json!({"TableName": table});
                if let Some(i) = &p.index {
                    input["IndexName"] = Value::String(i.clone());
                }
                if let Some(l) = p.limit {
                    input["Limit"] = Value::from(l);
                }
                if p.consistent && p.index.is_none() {
                    input["ConsistentRead"] = Value::Bool(true);
                }
                if p.op == Op::Query {
                    if key.is_empty() {
                        return Err(workload(Message::new("error.query_no_key")));
                    }
                    // An equality on every attribute of the key (one, or every HASH attribute of a
                    // multi-attribute key).
                    let (mut cond, mut names, mut values) = (Vec::new(), serde_json::Map::new(), serde_json::Map::new());
                    for (i, (attr, v)) in key.iter().enumerate() {
                        cond.push(format!("#k{i} = :k{i}"));
                        names.insert(format!("#k{i}"), Value::String(attr.clone()));
                        values.insert(format!(":k{i}"), engine::value::value_to_json(v));
                    }
                    input["KeyConditionExpression"] = Value::String(cond.join(" AND "));
                    input["ExpressionAttributeNames"] = Value::Object(names);
                    input["ExpressionAttributeValues"] = Value::Object(values);
                    let i = QueryInput::from_json(&input, false).map_err(&err)?;
                    alloc::vec![self.db.query(&i, now).map_err(&err)?.consumed]
                } else {
                    let i = QueryInput::from_json(&input, true).map_err(&err)?;
                    alloc::vec![self.db.scan(&i, now).map_err(&err)?.consumed]
                }
            }
        };
        // The item after the call, for the GSI keys of a write.
        let after = if p.op.writes() && on_table_item {
            key_from_item(&schema, &full).ok().and_then(|pk| self.db.table(table).and_then(|t| t.get(&pk)))
        } else {
            None
        };
        if on_table_item && (p.op.writes() || inserted) {
            let old = if inserted { None } else { existing };
            self.restore(table, &table_key, old).map_err(&err)?;
        }
        let charges = self.charges(p, &consumed, &key, after.as_ref(), before.as_ref());
        if let Some((shape, _)) = held {
            self.held.insert(shape, consumed);
        }
        if let Some(shape) = shape {
            self.shapes.insert(shape, charges.iter().map(|c| (c.target.clone(), c.kind, c.half_units)).collect());
        }
        Ok(charges)
    }

    /// The partition-key value a charge on `target` is placed by (see [`Pricer::charges`]).
    fn pk_for(&self, p: &Compiled, target: &TargetKey, key: &Item, after: Option<&Item>, before: Option<&Item>) -> Option<AttributeValue> {
        let table_pk = || {
            if p.read_hash.len() > 1 {
                let values: Vec<AttributeValue> = p.read_hash.iter().map(|a| key.get(a).cloned()).collect::<Option<_>>()?;
                return engine::index::multi_key::partition_of(&values).map(|k| k.to_value());
            }
            p.read_pk.as_ref().and_then(|a| key.get(a)).cloned()
        };
        match &target.index {
            None => {
                if p.op == Op::Scan || (p.index.is_some() && p.op == Op::Query && !self.is_local(p)) {
                    None
                } else {
                    table_pk()
                }
            }
            Some(g) => {
                if p.op == Op::Query {
                    table_pk()
                } else {
                    let attr = p.gsi_pks.iter().find(|(n, _)| n == g).map(|(_, a)| a);
                    attr.and_then(|a| after.and_then(|i| i.get(a)).or_else(|| before.and_then(|i| i.get(a)))).cloned()
                }
            }
        }
    }

    fn charges(&self, p: &Compiled, consumed: &[Consumed], key: &Item, after: Option<&Item>, before: Option<&Item>) -> Vec<RawCharge> {
        let mut out: Vec<RawCharge> = Vec::new();
        // A write's GSI entries as the engine charges them, in order (a changed key: the old entry on its
        // partition, then the new one), the same list the live server asks its throttle about.
        let mut entries: Vec<(String, Option<AttributeValue>)> = Vec::new();
        if p.op.writes() {
            if let Some(t) = self.db.table(&p.table) {
                entries = t
                    .global_index_writes_between(before, after)
                    .into_iter()
                    .map(|w| (String::from(w.index), w.key.into_iter().next().map(|(_, v)| v)))
                    .collect();
            }
        }
        for c in consumed {
            for ch in &c.charges {
                let kind = match ch.kind {
                    ChargeKind::Read => Kind::Read,
                    ChargeKind::Write => Kind::Write,
                };
                let target = TargetKey { table: c.table_name.clone(), index: served_by(&ch.target).map(String::from) };
                let entry = match &target.index {
                    Some(g) if p.op.writes() => entries.iter().position(|(i, _)| i == g).map(|at| entries.remove(at).1),
                    _ => None,
                };
                let pk = match entry {
                    Some(pk) => pk,
                    None => self.pk_for(p, &target, key, after, before),
                };
                match out.iter_mut().find(|r| r.target == target && r.kind == kind && r.pk == pk) {
                    Some(r) => r.half_units += ch.half_units,
                    None => out.push(RawCharge { target, kind, half_units: ch.half_units, pk }),
                }
            }
        }
        out
    }

    fn is_local(&self, p: &Compiled) -> bool {
        p.index.as_ref().is_some_and(|i| {
            self.db.table(&p.table).and_then(|t| t.def.index(i)).is_some_and(|d| d.kind == IndexKind::Local)
        })
    }
}

/// The GSI whose partitions serve a charge, or `None` for the table's own (LSIs live in the table's
/// partitions and share its throughput). The simulator and the live server place charges alike.
pub(crate) fn served_by(target: &ChargeTarget) -> Option<&str> {
    match target {
        ChargeTarget::Table | ChargeTarget::LocalIndex(_) => None,
        ChargeTarget::GlobalIndex(g) => Some(g),
    }
}

/// Parse a DynamoDB-JSON item (tests and callers building data).
pub fn item(v: &Value) -> Option<Item> {
    item_from_json(v).ok()
}
