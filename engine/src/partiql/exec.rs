//! Phase 4: running one statement through the engine's own operations.
//!
//! A SELECT is read by the Query/Scan page loop (`ops::query::read_partition`, `ops::scan::scan_pages`)
//! or charged like GetItem; an INSERT is a PutItem with `attribute_not_exists` on the key (a duplicate
//! is DuplicateItemException), an UPDATE an UpdateItem that requires the item to exist, a DELETE a
//! DeleteItem whose extra WHERE conditions apply only to an existing item. So items, errors, indexes,
//! streams and capacity are exactly those of the typed operations.
//!
//! Throttling (the server's `--throughput simulated`): a statement is asked about exactly as the
//! operation it becomes — each key a GetItem-shaped SELECT reads (`ThrottlePolicy::throttled`), each
//! partition a Query-shaped one reads and the page a Scan-shaped one starts (`range_throttled`, through
//! `throttle::check_read_range`, as Query and Scan are), and a write's table key and then its GSI
//! entries (through the typed writes' `*_with`), and it is debited what it consumed, a failed
//! condition included, before the next statement of a batch is asked about.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::ast::{Delete, Expr, Insert, Path, Projection, Returning, Select, Statement, Step, Update, UpdateAction};
use super::messages as msg;
use super::parser::parse;
use super::plan::{partition_values, sort_equality, sort_range, write_key};
use super::token::{self, Token};
use super::translate::{literal, Builder};
use crate::api::partiql::{ExecuteStatementInput, ExecuteStatementOutput, Operation, StatementRequest};
use crate::api::read::{QueryInput, ReadExpressions};
use crate::api::transact::TransactAction;
use crate::api::write::{DeleteItemInput, PutItemInput, ReturnValues, UpdateItemInput, WriteExpressions, WriteOptions};
use crate::capacity::{Consumed, ReadConsistency, Reason, ReturnCapacity, Target};
use crate::db::Database;
use crate::error::ApiError;
use crate::ops::query::{read_partition, setup, start_key};
use crate::ops::scan::scan_pages;
use crate::ops::write::MeteredError;
use crate::table::key::{key_from_key_param, KeyVal};
use crate::table::range::SortRange;
use crate::table::schema::{IndexDef, IndexKind, KeySchema};
use crate::table::Table;
use crate::throttle::{check_read_range, throughput_exceeded, Access, NoThrottle, ThrottlePolicy};
use crate::value::{AttributeValue, Item};

fn invalid(m: impl Into<String>) -> ApiError {
    ApiError::Validation(m.into())
}

/// Parse a statement and check its parameter count (too many parameters are accepted, as DynamoDB does).
pub(crate) fn parse_request(r: &StatementRequest) -> Result<Statement, ApiError> {
    let parsed = parse(&r.statement).map_err(|e| invalid(e.message()))?;
    if r.parameters.len() < parsed.parameters {
        return Err(invalid(msg::PARAMETER_COUNT));
    }
    Ok(parsed.statement)
}

/// A write statement lowered to a TransactWriteItems-shaped action: what ExecuteStatement runs as a
/// single-item write and ExecuteTransaction hands to the transaction machinery.
#[derive(Debug, Clone)]
pub(crate) struct WritePlan {
    pub table: String,
    pub action: TransactAction,
    pub expressions: WriteExpressions,
    pub returning: Option<Returning>,
    /// An INSERT: a failed condition means the key exists (DuplicateItem).
    pub insert: bool,
}

fn expressions(b: Builder, condition: Option<String>) -> WriteExpressions {
    WriteExpressions {
        condition_expression: condition,
        names: (!b.names.is_empty()).then_some(b.names),
        values: (!b.values.is_empty()).then_some(b.values),
        expected: None,
        conditional_operator: None,
        from_statement: true,
    }
}

impl Database {
    /// ExecuteStatement: one PartiQL statement; the output says which operation it became.
    pub fn execute_statement(&mut self, input: &ExecuteStatementInput, now: u64) -> Result<ExecuteStatementOutput, ApiError> {
        self.execute_statement_with(input, now, &mut NoThrottle)
    }

    /// [`Database::execute_statement`] asking `throttle` about every part, as the operation the
    /// statement becomes would (see the module's doc), and handing it what the statement consumed:
    /// `charged` once per statement, for a served one and for a write that failed its condition; for
    /// any other failure an empty charge of its table, so parts it was admitted for but never used are
    /// not paired with the next statement's charges.
    pub(crate) fn execute_statement_with(&mut self, input: &ExecuteStatementInput, now: u64, throttle: &mut dyn ThrottlePolicy) -> Result<ExecuteStatementOutput, ApiError> {
        let statement = parse_request(&input.request)?;
        let params = &input.request.parameters;
        let (table, result) = match &statement {
            Statement::Select(s) => (s.from.table.clone(), self.run_select(s, input, now, throttle).map_err(MeteredError::from)),
            Statement::Exists(_) => return Err(invalid(msg::EXISTS_OUTSIDE_TRANSACTION)),
            _ => {
                let plan = self.plan_write(&statement, params)?;
                let table = plan.table.clone();
                (table, self.run_write(plan, input.request.return_old_on_condition_failure, input.return_consumed_capacity, now, throttle))
            }
        };
        if !throttle.active() {
            return result.map_err(|e| e.0);
        }
        match result {
            Ok(out) => {
                throttle.charged(&out.consumed);
                Ok(out)
            }
            Err(MeteredError(e, consumed)) => {
                throttle.charged(&consumed.filter(|c| !c.charges.is_empty()).unwrap_or_else(|| Consumed::new(&table)));
                Err(e)
            }
        }
    }

    fn data_table(&self, name: &str) -> Result<&Table, ApiError> {
        self.table_for_data(name)
    }

    /// INSERT / UPDATE / DELETE / EXISTS as one keyed write with its condition.
    pub(crate) fn plan_write(&self, statement: &Statement, params: &[AttributeValue]) -> Result<WritePlan, ApiError> {
        match statement {
            Statement::Insert(Insert { table, item }) => {
                let t = self.data_table(&table.table)?;
                if table.index.is_some() {
                    return Err(invalid(msg::NOT_ON_INDEX));
                }
                if !matches!(item, Expr::Tuple(_) | Expr::Param(_)) {
                    return Err(invalid(msg::ITEM_NOT_TUPLE));
                }
                let Some(AttributeValue::M(item)) = literal(item, params)? else { return Err(invalid(msg::ITEM_NOT_TUPLE)) };
                check_item_keys(&t.def.keys, &item)?;
                let mut b = Builder::default();
                let pk = b.name(&t.def.keys.pk.name)?;
                Ok(WritePlan {
                    table: table.table.clone(),
                    action: TransactAction::Put { item },
                    expressions: expressions(b, Some(format!("attribute_not_exists({pk})"))),
                    returning: None,
                    insert: true,
                })
            }
            Statement::Update(Update { table, actions, filter, returning }) => {
                let t = self.data_table(&table.table)?;
                if table.index.is_some() {
                    return Err(invalid(msg::NOT_ON_INDEX));
                }
                let (key, extra) = write_key(&t.def.keys, filter.as_ref(), params)?;
                let mut b = Builder::default();
                let mut sets = Vec::new();
                let mut removes = Vec::new();
                let mut adds = Vec::new();
                let mut deletes = Vec::new();
                for a in actions {
                    match a {
                        UpdateAction::Set(p, e) => match set_function(p, e, params)? {
                            Some((add, set)) => {
                                let target = b.path(p)?;
                                let v = b.value(set);
                                if add { adds.push(format!("{target} {v}")) } else { deletes.push(format!("{target} {v}")) }
                            }
                            None => {
                                let target = b.path(p)?;
                                let value = b.set_value(e, params)?;
                                sets.push(format!("{target} = {value}"));
                            }
                        },
                        UpdateAction::Remove(p) => removes.push(b.path(p)?),
                    }
                }
                let mut clauses = Vec::new();
                for (kw, list) in [("SET", &sets), ("REMOVE", &removes), ("ADD", &adds), ("DELETE", &deletes)] {
                    if !list.is_empty() {
                        clauses.push(format!("{kw} {}", list.join(", ")));
                    }
                }
                let pk = b.name(&t.def.keys.pk.name)?;
                let mut condition = format!("attribute_exists({pk})");
                if let (true, Some(f)) = (extra, filter) {
                    condition = format!("{condition} AND ({})", b.condition(f, params)?);
                }
                Ok(WritePlan {
                    table: table.table.clone(),
                    action: TransactAction::Update { key, update_expression: Some(clauses.join(" ")) },
                    expressions: expressions(b, Some(condition)),
                    returning: *returning,
                    insert: false,
                })
            }
            Statement::Delete(Delete { table, filter, returning }) => {
                let t = self.data_table(&table.table)?;
                if table.index.is_some() {
                    return Err(invalid(msg::NOT_ON_INDEX));
                }
                if let Some(r) = returning.filter(|r| *r != Returning::AllOld) {
                    return Err(invalid(msg::delete_returning(r.words())));
                }
                let (key, extra) = write_key(&t.def.keys, filter.as_ref(), params)?;
                let mut b = Builder::default();
                // A missing item is deleted without error, whatever the other conditions say.
                let condition = match (extra, filter) {
                    (true, Some(f)) => {
                        let pk = b.name(&t.def.keys.pk.name)?;
                        Some(format!("attribute_not_exists({pk}) OR ({})", b.condition(f, params)?))
                    }
                    _ => None,
                };
                Ok(WritePlan {
                    table: table.table.clone(),
                    action: TransactAction::Delete { key },
                    expressions: expressions(b, condition),
                    returning: *returning,
                    insert: false,
                })
            }
            Statement::Exists(s) => {
                let t = self.data_table(&s.from.table)?;
                if s.from.index.is_some() {
                    return Err(invalid(msg::TRANSACTION_WRITE_INDEX));
                }
                let (key, _) = write_key(&t.def.keys, s.filter.as_ref(), params).map_err(|_| invalid(msg::TRANSACTION_EXISTS_KEY))?;
                let mut b = Builder::default();
                let condition = match &s.filter {
                    Some(f) => b.condition(f, params)?,
                    None => return Err(invalid(msg::TRANSACTION_EXISTS_KEY)),
                };
                Ok(WritePlan {
                    table: s.from.table.clone(),
                    action: TransactAction::ConditionCheck { key },
                    expressions: expressions(b, Some(condition)),
                    returning: None,
                    insert: false,
                })
            }
            Statement::Select(_) => Err(invalid(msg::TRANSACTION_UNSUPPORTED)),
        }
    }

    /// A write statement as the single-item write it becomes: its table key asked about first (as
    /// `Database::execute_with` asks for PutItem/UpdateItem/DeleteItem), then the typed write with the
    /// policy for its GSI entries. The error keeps what a failed condition consumed.
    fn run_write(&mut self, plan: WritePlan, rv_fail: bool, rcc: ReturnCapacity, now: u64, throttle: &mut dyn ThrottlePolicy) -> Result<ExecuteStatementOutput, MeteredError> {
        if throttle.active() {
            let t = self.data_table(&plan.table)?;
            // A key the write itself will refuse is left to it, so it gets its own validation error.
            let key = match &plan.action {
                TransactAction::Put { item } => crate::table::key::key_from_item(&t.def.keys, item).ok().map(|k| k.to_item(&t.def.keys)),
                TransactAction::Update { key, .. } | TransactAction::Delete { key } | TransactAction::ConditionCheck { key } => Some(key.clone()),
            };
            if key.is_some_and(|k| throttle.throttled(&plan.table, &k, Access::Write)) {
                return Err(throughput_exceeded(t.def.billing).into());
            }
        }
        let return_values = match plan.returning {
            None => ReturnValues::None,
            Some(Returning::AllOld) => ReturnValues::AllOld,
            Some(Returning::AllNew) => ReturnValues::AllNew,
            Some(Returning::ModifiedOld) => ReturnValues::UpdatedOld,
            Some(Returning::ModifiedNew) => ReturnValues::UpdatedNew,
        };
        let options = WriteOptions { return_values, return_consumed_capacity: rcc, return_item_collection_metrics: false, return_old_on_condition_failure: rv_fail };
        let table = plan.table.clone();
        let (out, operation) = match plan.action {
            TransactAction::Put { item } => {
                let input = PutItemInput { table_name: plan.table, item, expressions: plan.expressions, options: WriteOptions { return_values: ReturnValues::None, ..options } };
                let out = self.put_item_with(input, now, throttle).map_err(|e| match e.0 {
                    ApiError::ConditionalCheckFailed { .. } => MeteredError(ApiError::DuplicateItem(String::from(msg::DUPLICATE_ITEM)), e.1),
                    other => MeteredError(other, e.1),
                })?;
                (out, Operation::PutItem { table })
            }
            TransactAction::Update { key, update_expression } => {
                let input = UpdateItemInput { table_name: plan.table, key, update_expression, attribute_updates: None, expressions: plan.expressions, options };
                (self.update_item_with(&input, now, throttle)?, Operation::UpdateItem { table })
            }
            TransactAction::Delete { key } => {
                let input = DeleteItemInput { table_name: plan.table, key, expressions: plan.expressions, options };
                (self.delete_item_with(&input, now, throttle)?, Operation::DeleteItem { table })
            }
            TransactAction::ConditionCheck { .. } => return Err(invalid(msg::EXISTS_OUTSIDE_TRANSACTION).into()),
        };
        let items = out.attributes.filter(|a| !a.is_empty()).into_iter().collect();
        Ok(ExecuteStatementOutput {
            items,
            next_token: None,
            last_evaluated_key: None,
            consumed: out.consumed,
            return_consumed_capacity: rcc,
            operation,
        })
    }

    fn run_select(&self, s: &Select, input: &ExecuteStatementInput, now: u64, throttle: &mut dyn ThrottlePolicy) -> Result<ExecuteStatementOutput, ApiError> {
        let params = &input.request.parameters;
        let t = self.data_table(&s.from.table)?;
        let index = match &s.from.index {
            Some(n) => Some(t.def.index(n).ok_or_else(|| ApiError::validation(msg::NO_SUCH_INDEX))?),
            None => None,
        };
        if index.is_some_and(|i| i.kind == IndexKind::Global) && input.request.consistent_read {
            return Err(invalid(msg::CONSISTENT_READ_ON_GSI));
        }
        if index.is_some_and(IndexDef::is_multi_key) {
            return Err(ApiError::validation(msg::MULTI_KEY_INDEX));
        }
        let schema: &KeySchema = index.map_or(&t.def.keys, |i| &i.keys);
        let mut b = Builder::default();
        let filter = match &s.filter {
            Some(f) => Some(b.condition(f, params)?),
            None => None,
        };
        let projection = match &s.projection {
            Projection::Star => None,
            Projection::Paths(paths) => {
                let mut seen: Vec<String> = Vec::new();
                let mut roots: Vec<String> = Vec::new();
                for p in paths {
                    let name = p.result_name();
                    if seen.contains(&name) {
                        return Err(invalid(msg::duplicate_identifier(&name)));
                    }
                    seen.push(name);
                    let root = b.name(&p.root)?;
                    if !roots.contains(&root) {
                        roots.push(root);
                    }
                }
                Some(roots.join(", "))
            }
        };
        // What is read: the partitions the WHERE clause pins, or everything.
        let pins = match &s.filter {
            Some(f) => partition_values(f, &schema.pk.name, params)?,
            None => None,
        };
        let order = order_by(s, schema, pins.as_ref())?;
        let forward = order.sort_forward;
        let mut partitions: Vec<AttributeValue> = pins.clone().unwrap_or_default().into_iter().filter(|v| v.scalar_type() == Some(schema.pk.ty)).collect();
        if let Some(desc) = order.partitions_descending {
            partitions.sort_by(crate::value::key_cmp);
            if desc {
                partitions.reverse();
            }
        }
        let sort_eq = match (&s.filter, &schema.sk) {
            (Some(f), Some(sk)) => sort_equality(f, &sk.name, params)?.filter(|v| v.scalar_type() == Some(sk.ty)),
            _ => None,
        };
        let as_get = pins.is_some() && index.is_none() && s.order_by.is_empty() && (schema.sk.is_none() || sort_eq.is_some());
        let range = match (&s.filter, as_get) {
            (Some(f), false) => sort_range(f, schema, params)?,
            _ => None,
        };
        let qi = QueryInput {
            table_name: s.from.table.clone(),
            index_name: s.from.index.clone(),
            limit: input.limit,
            consistent_read: input.request.consistent_read,
            scan_index_forward: forward,
            expressions: ReadExpressions {
                filter_expression: filter,
                projection_expression: projection,
                names: (!b.names.is_empty()).then_some(b.names),
                values: (!b.values.is_empty()).then_some(b.values),
                from_statement: true,
                ..ReadExpressions::default()
            },
            return_consumed_capacity: input.return_consumed_capacity,
            ..QueryInput::default()
        };
        let rs = setup(self, &qi, now, |_| None)?;
        let fingerprint = token::fingerprint(&input.request);
        let start = match &input.next_token {
            Some(text) => Some(token::decode(text, fingerprint)?),
            None => None,
        };
        let rcc = input.return_consumed_capacity;
        let mut consumed = Consumed::new(&t.def.name);
        let mut items: Vec<Item> = Vec::new();
        let mut next: Option<Token> = None;
        let operation;
        let finish = |item: Item| -> Item { rename(s, item) };
        if pins.is_none() {
            operation = Operation::Scan { table: t.def.name.clone(), index: s.from.index.clone() };
            let esk = match start.as_ref().and_then(|tk| tk.key.as_ref()) {
                Some(k) => Some(start_key(t, index, k)?),
                None => None,
            };
            check_read_range(t, index, crate::ops::scan::page_after(index, esk.as_ref()), Some((0, 1)), throttle)?;
            let out = scan_pages(&rs, esk, None, input.limit, rcc)?;
            consumed.charges.extend(out.consumed.charges);
            items.extend(out.items.unwrap_or_default().into_iter().map(|i| finish(i.into_item())));
            next = out.last_evaluated_key.map(|k| Token { fingerprint, partition: 0, key: Some(k) });
        } else if as_get {
            operation = Operation::GetItem { table: t.def.name.clone(), keys: partitions.len() };
            let consistency = if input.request.consistent_read { ReadConsistency::Strong } else { ReadConsistency::Eventual };
            let first = start.as_ref().map_or(0, |tk| tk.partition);
            for (read, (i, pv)) in partitions.iter().enumerate().skip(first).enumerate() {
                if input.limit.is_some_and(|l| read >= l as usize) {
                    next = Some(Token { fingerprint, partition: i, key: None });
                    break;
                }
                let mut key = Item::new();
                key.insert(schema.pk.name.clone(), pv.clone());
                if let (Some(sk), Some(v)) = (&schema.sk, &sort_eq) {
                    key.insert(sk.name.clone(), v.clone());
                }
                let pk = key_from_key_param(&t.def.keys, &key)?;
                if throttle.active() && throttle.throttled(&t.def.name, &pk.to_item(&t.def.keys), Access::Read) {
                    return Err(throughput_exceeded(t.def.billing));
                }
                let stored = t.get_stored(&pk);
                consumed.read(Target::Table, stored.map_or(0, |x| x.size()), consistency, Reason::GetItem { found: stored.is_some() });
                let Some(stored) = stored else { continue };
                let item = stored.item.decode(&pk);
                if rs.compiled.filter.as_ref().is_none_or(|f| f.eval(&item)) {
                    let item = match &rs.compiled.projection {
                        Some(p) => p.apply(&item),
                        None => item,
                    };
                    items.push(finish(item));
                }
            }
        } else {
            operation = Operation::Query { table: t.def.name.clone(), index: s.from.index.clone(), partitions: partitions.len() };
            let first = start.as_ref().map_or(0, |tk| tk.partition);
            let mut remaining = input.limit;
            for (i, pv) in partitions.iter().enumerate().skip(first) {
                if remaining == Some(0) {
                    next = Some(Token { fingerprint, partition: i, key: None });
                    break;
                }
                let Some(pk) = KeyVal::from_value(pv) else { continue };
                let resume = match start.as_ref().filter(|tk| tk.partition == i).and_then(|tk| tk.key.as_ref()) {
                    Some(k) => Some(start_key(t, index, k)?),
                    None => None,
                };
                check_read_range(t, index, Some(&pk), None, throttle)?;
                let out = read_partition(&rs, &pk, SortRange::from_condition(range.as_ref()), resume.as_ref(), forward, remaining, rcc)?;
                consumed.charges.extend(out.consumed.charges);
                if let Some(r) = remaining.as_mut() {
                    *r = r.saturating_sub(u32::try_from(out.scanned_count).unwrap_or(u32::MAX));
                }
                items.extend(out.items.unwrap_or_default().into_iter().map(|i| finish(i.into_item())));
                if let Some(k) = out.last_evaluated_key {
                    next = Some(Token { fingerprint, partition: i, key: Some(k) });
                    break;
                }
            }
            if consumed.charges.is_empty() {
                // A Query that reads no partition still costs its minimum read.
                let target = match index {
                    None => Target::Table,
                    Some(i) if i.kind == IndexKind::Global => Target::GlobalIndex(i.name.clone()),
                    Some(i) => Target::LocalIndex(i.name.clone()),
                };
                consumed.read(target, 0, rs.consistency, Reason::Read { items: 0 });
            }
        }
        Ok(ExecuteStatementOutput {
            items,
            last_evaluated_key: next.as_ref().and_then(|tk| tk.key.clone()),
            next_token: next.map(|tk| token::encode(&tk)),
            consumed,
            return_consumed_capacity: rcc,
            operation,
        })
    }
}

/// Whether `SET p = set_add(p, <<...>>)` / `set_delete`: `(is_add, the set)`.
fn set_function(target: &Path, e: &Expr, params: &[AttributeValue]) -> Result<Option<(bool, AttributeValue)>, ApiError> {
    let Expr::Call(f, args) = e else { return Ok(None) };
    let add = match f.as_str() {
        "set_add" => true,
        "set_delete" => false,
        _ => return Ok(None),
    };
    let word = if add { "ADD" } else { "DELETE" };
    if args.len() != 2 {
        return Err(invalid(msg::set_function_arity(word)));
    }
    if !matches!(&args[0], Expr::Path(p) if p == target) {
        return Err(invalid(msg::set_function_first(word)));
    }
    match literal(&args[1], params)? {
        Some(v) if v.is_set() => Ok(Some((add, v))),
        _ => Err(invalid(msg::set_function_second(word))),
    }
}

/// An INSERT's item names every key attribute, as a scalar of the schema's type.
fn check_item_keys(schema: &KeySchema, item: &Item) -> Result<(), ApiError> {
    for a in core::iter::once(&schema.pk).chain(schema.sk.as_ref()) {
        match item.get(&a.name) {
            None => return Err(invalid(msg::key_absent(&a.name))),
            Some(v) if v.scalar_type() != Some(a.ty) => return Err(invalid(msg::key_type_mismatch(&a.name))),
            _ => {}
        }
    }
    Ok(())
}

/// The order a Query reads in, from ORDER BY.
struct Order {
    sort_forward: bool,
    /// `Some(descending)` when partitions are ordered by the partition key.
    partitions_descending: Option<bool>,
}

fn order_by(s: &Select, schema: &KeySchema, pins: Option<&Vec<AttributeValue>>) -> Result<Order, ApiError> {
    let mut order = Order { sort_forward: true, partitions_descending: None };
    if s.order_by.is_empty() {
        return Ok(order);
    }
    if s.filter.is_none() {
        return Err(invalid(msg::ORDER_BY_NEEDS_WHERE));
    }
    let Some(pins) = pins else { return Err(invalid(msg::ORDER_BY_NEEDS_HASH)) };
    for k in &s.order_by {
        if k.name == schema.pk.name {
            order.partitions_descending = Some(k.descending);
        } else if schema.sk.as_ref().is_some_and(|sk| sk.name == k.name) {
            order.sort_forward = !k.descending;
        } else {
            return Err(invalid(msg::order_by_not_key(&k.name)));
        }
    }
    if pins.len() > 1 && order.partitions_descending.is_none() {
        return Err(invalid(msg::ORDER_BY_HASH_MISSING));
    }
    Ok(order)
}

/// A projected item renamed the way DynamoDB's PartiQL answers: each path under its last name.
fn rename(s: &Select, item: Item) -> Item {
    let Projection::Paths(paths) = &s.projection else { return item };
    let mut out = Item::new();
    for p in paths {
        if let Some(v) = value_at(&item, p) {
            out.insert(p.result_name(), v.clone());
        }
    }
    out
}

/// The value at a document path, if the item has one there.
pub(crate) fn value_at<'i>(item: &'i Item, p: &Path) -> Option<&'i AttributeValue> {
    let mut v = item.get(&p.root)?;
    for step in &p.steps {
        v = match (step, v) {
            (Step::Field(f), AttributeValue::M(m)) => m.get(f)?,
            (Step::Index(i), AttributeValue::L(l)) => l.get(usize::try_from(*i).ok()?)?,
            _ => return None,
        };
    }
    Some(v)
}

impl core::fmt::Display for Operation {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Operation::GetItem { table, keys } => write!(f, "GetItem on {table} ({keys} key{})", if *keys == 1 { "" } else { "s" }),
            Operation::Query { table, index, partitions } => {
                write!(f, "Query on {}", index.as_ref().map_or(table.to_string(), |i| format!("{table}.{i}")))?;
                write!(f, " ({partitions} partition{})", if *partitions == 1 { "" } else { "s" })
            }
            Operation::Scan { table, index } => write!(f, "Scan of {}", index.as_ref().map_or(table.to_string(), |i| format!("{table}.{i}"))),
            Operation::PutItem { table } => write!(f, "PutItem on {table}"),
            Operation::UpdateItem { table } => write!(f, "UpdateItem on {table}"),
            Operation::DeleteItem { table } => write!(f, "DeleteItem on {table}"),
        }
    }
}
