//! Query: one partition of the table or of an index, in sort-key order (or reverse).

use alloc::boxed::Box;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::ops::Bound;

use crate::api::read::{QueryInput, QueryOutput, Select};
use crate::capacity::ReadConsistency;
use crate::db::Database;
use crate::error::ApiError;
use crate::expr::{Compiled, KeySchemaRef, MultiKeyRef, SortKeyCondition};
use crate::index::{IndexPos, TableKeyBound};
use crate::index::multi_key;
use crate::ops::{compile_read_keyed, filter_keys};
use crate::ops::page::{Entry, PagePlan};
use crate::table::key::{key_from_key_param, KeyVal, PrimaryKey, SortVal};
use crate::index::index_bounds;
use crate::table::range::{is_valid, max_lo, min_hi, SortRange};
use crate::table::schema::{IndexDef, IndexKind, KeySchema, ProjectionDef};
use crate::table::Table;
use crate::value::{AttributeValue, Item};

const BAD_START: &str = "The provided starting key is invalid: The provided key element does not match the schema";

/// The validated, resolved parts of a Query or Scan request.
pub(crate) struct ReadSetup<'a> {
    pub table: &'a Table,
    pub index: Option<&'a IndexDef>,
    pub compiled: Compiled,
    pub select: Select,
    pub consistency: ReadConsistency,
    pub fetch_table: bool,
}

impl ReadSetup<'_> {
    /// The page loop's plan for this request.
    pub(crate) fn page_plan(&self, limit: Option<u32>) -> PagePlan<'_> {
        PagePlan {
            table: self.table,
            index: self.index,
            filter: self.compiled.filter.as_ref(),
            projection: self.compiled.projection.as_ref(),
            select: self.select,
            limit,
            consistency: self.consistency,
            fetch_table: self.fetch_table,
        }
    }
}

/// Index lookup, consistency and Select rules shared by Query and Scan.
pub(crate) fn setup<'a>(
    db: &'a Database,
    input: &QueryInput,
    now: u64,
    key_schema: impl Fn(&KeySchema) -> Option<(String, Option<String>)>,
) -> Result<ReadSetup<'a>, ApiError> {
    let table = db.table_for_data(&input.table_name)?;
    let index = match &input.index_name {
        Some(n) => Some(
            table
                .def
                .index(n)
                .ok_or_else(|| ApiError::Validation(format!("The table does not have the specified index: {n}")))?,
        ),
        None => None,
    };
    if let Some(i) = index {
        if i.kind == IndexKind::Global && input.consistent_read {
            return Err(ApiError::validation("Consistent reads are not supported on global secondary indexes"));
        }
        if !i.is_active(now) {
            return Err(ApiError::Validation(format!("Cannot read from backfilling global secondary index: {}", i.name)));
        }
    }
    let schema = index.map_or(&table.def.keys, |i| &i.keys);
    let names = key_schema(schema);
    let operation = if names.is_some() { "Query" } else { "Scan" };
    // Query wraps its Select refusals in the validation envelope, Scan does not (moto's AWS-verified
    // tests of Select).
    let envelope = if names.is_some() { "1 validation error detected: " } else { "" };
    let has_projection = input.expressions.projection_expression.is_some() || input.expressions.attributes_to_get.is_some();
    let select = match input.select {
        Some(s) => s,
        None if has_projection => Select::SpecificAttributes,
        None if index.is_some() => Select::AllProjectedAttributes,
        None => Select::AllAttributes,
    };
    if has_projection && select != Select::SpecificAttributes {
        let what = if input.expressions.projection_expression.is_some() { "ProjectionExpression" } else { "AttributesToGet" };
        let choice = if select == Select::Count { "only the Count" } else { select.as_str() };
        return Err(ApiError::Validation(format!("{envelope}Cannot specify the {what} when choosing to get {choice}")));
    }
    if !has_projection && select == Select::SpecificAttributes {
        return Err(ApiError::Validation(format!(
            "{envelope}Must specify the AttributesToGet or ProjectionExpression when choosing to get SPECIFIC_ATTRIBUTES"
        )));
    }
    match (select, index) {
        (Select::AllProjectedAttributes, None) => {
            return Err(ApiError::Validation(format!("{envelope}ALL_PROJECTED_ATTRIBUTES can be used only when Querying using an IndexName")))
        }
        (Select::AllAttributes, Some(i)) if i.kind == IndexKind::Global && i.projection != ProjectionDef::All => {
            return Err(ApiError::Validation(format!(
                "One or more parameter values were invalid: Select type ALL_ATTRIBUTES is not supported for global secondary index {} because its projection type is not ALL",
                i.name
            )))
        }
        _ => {}
    }
    let multi_names = index.filter(|i| names.is_some() && i.is_multi_key()).map(|i| (multi_key::names(i.hash_attrs()), multi_key::names(i.range_attrs())));
    let compiled = compile_read_keyed(
        &input.expressions,
        names.as_ref().map(|(pk, sk)| KeySchemaRef { partition_key: pk, sort_key: sk.as_deref() }),
        multi_names.as_ref().map(|(hash, range)| MultiKeyRef { hash, range }),
        operation,
    )?;
    // A GSI holds only what it projects; asking it for more is refused (an LSI fetches it instead).
    if let (Some(i), Some(p)) = (index, compiled.projection.as_ref()) {
        if i.kind == IndexKind::Global {
            let missing: Vec<String> = p.top_level_names().into_iter().filter(|n| !i.projects(&table.def.keys, n)).collect();
            if !missing.is_empty() {
                return Err(ApiError::Validation(format!(
                    "One or more parameter values were invalid: Global secondary index {} does not project [{}]",
                    i.name,
                    missing.join(", ")
                )));
            }
        }
    }
    let fetch_table = match index {
        Some(i) if i.kind == IndexKind::Local && i.projection != ProjectionDef::All => {
            select == Select::AllAttributes
                || compiled
                    .projection
                    .as_ref()
                    .is_some_and(|p| p.top_level_names().iter().any(|n| !i.projects(&table.def.keys, n)))
        }
        _ => false,
    };
    let strong = input.consistent_read && index.is_none_or(|i| i.kind == IndexKind::Local);
    Ok(ReadSetup {
        table,
        index,
        compiled,
        select,
        consistency: if strong { ReadConsistency::Strong } else { ReadConsistency::Eventual },
        fetch_table,
    })
}

fn typed(v: Option<&AttributeValue>, a: &crate::table::schema::KeyAttr) -> Result<KeyVal, ApiError> {
    match v {
        Some(v) if v.scalar_type() == Some(a.ty) => KeyVal::from_value(v).ok_or_else(|| ApiError::validation(BAD_START)),
        _ => Err(ApiError::validation(BAD_START)),
    }
}

/// ExclusiveStartKey: the table key, plus the index keys when reading an index; nothing else.
pub(crate) fn start_key(t: &Table, index: Option<&IndexDef>, esk: &Item) -> Result<StartKey, ApiError> {
    let keys = &t.def.keys;
    let table_part: Item = esk.iter().filter(|(k, _)| keys.is_key(k)).map(|(k, v)| (k.clone(), v.clone())).collect();
    let pk = key_from_key_param(keys, &table_part).map_err(|_| ApiError::validation(BAD_START))?;
    let Some(idx) = index else {
        if esk.len() != table_part.len() {
            return Err(ApiError::validation(BAD_START));
        }
        return Ok((pk, None));
    };
    // Every key attribute of the index, each half made into one value as the index stores it.
    let hash: Vec<KeyVal> = idx.hash_attrs().map(|a| typed(esk.get(&a.name), a)).collect::<Result<_, _>>()?;
    let range: Vec<KeyVal> = idx.range_attrs().map(|a| typed(esk.get(&a.name), a)).collect::<Result<_, _>>()?;
    let ipk = multi_key::key_of(&hash).ok_or_else(|| ApiError::validation(BAD_START))?;
    let isk = multi_key::key_of(&range);
    let allowed = |k: &str| keys.is_key(k) || idx.is_index_key(k);
    if esk.keys().any(|k| !allowed(k)) {
        return Err(ApiError::validation(BAD_START));
    }
    Ok((pk, Some((ipk, isk))))
}

/// The start of a Query or Scan page: the table key, and the index key when reading an index.
pub(crate) type StartKey = (PrimaryKey, Option<(KeyVal, SortVal)>);

/// One page of partition `pk` of the table or index `s` reads, within `range`, after `start`, in
/// sort-key order (`forward`) or reverse. Query runs it once; a PartiQL SELECT on several partition
/// keys (`IN`, `OR`) runs it per partition, so both are charged and paged by the same loop.
pub(crate) fn read_partition<'a>(
    s: &ReadSetup<'a>,
    pk: &KeyVal,
    mut range: SortRange,
    start: Option<&StartKey>,
    forward: bool,
    limit: Option<u32>,
    rcc: crate::capacity::ReturnCapacity,
) -> Result<QueryOutput, ApiError> {
    let t: &'a Table = s.table;
    let plan = s.page_plan(limit);
    let out_of_bounds = || ApiError::validation("The provided starting key is outside query boundaries based on provided conditions");
    match s.index {
        None => {
            if let Some((k, _)) = start {
                if k.pk != *pk || !range.contains(&k.sk) {
                    return Err(out_of_bounds());
                }
                let b = Bound::Excluded(k.sk.clone());
                if forward { range.lo = max_lo(range.lo, b) } else { range.hi = min_hi(range.hi, b) }
            }
            let part = t.parts.get(pk).filter(|_| is_valid(&range.lo, &range.hi));
            let Some(part) = part else { return Ok(plan.run(core::iter::empty(), rcc)) };
            let it = part.items.range((range.lo.clone(), range.hi.clone()));
            let pkr = t.parts.get_key_value(pk).map(|(k, _)| k);
            let Some(pkr) = pkr else { return Ok(plan.run(core::iter::empty(), rcc)) };
            let r2 = range.clone();
            let iter: Box<dyn Iterator<Item = Entry<'a>> + 'a> = if forward {
                Box::new(it.take_while(move |(sk, _)| range.prefix_ok(sk)).map(move |(sk, stored)| Entry { pk: pkr, sk, stored }))
            } else {
                Box::new(it.rev().skip_while(move |(sk, _)| !range.prefix_ok(sk)).take_while(move |(sk, _)| r2.prefix_ok(sk)).map(move |(sk, stored)| Entry { pk: pkr, sk, stored }))
            };
            Ok(plan.run(iter, rcc))
        }
        Some(idx) => {
            let data = t.def.indexes.iter().position(|i| i.name == idx.name).and_then(|p| t.index_data.get(p));
            let (mut lo, mut hi) = index_bounds(&range);
            if let Some((k, Some((ipk, isk)))) = start {
                if *ipk != *pk || !range.contains(isk) {
                    return Err(out_of_bounds());
                }
                let b = Bound::Excluded(IndexPos { sk: isk.clone(), table_key: TableKeyBound::Key(k.clone()) });
                if forward { lo = max_lo(lo, b) } else { hi = min_hi(hi, b) }
            }
            let part = data.and_then(|d| d.parts.get(pk)).filter(|_| is_valid(&lo, &hi));
            let Some(part) = part else { return Ok(plan.run(core::iter::empty(), rcc)) };
            let it = part.range(&lo, &hi);
            let r2 = range.clone();
            let resolve = move |(_, k): (SortVal, PrimaryKey)| t.index_view_entry(idx, &k).map(|(pk, sk, stored)| Entry { pk, sk, stored });
            let iter: Box<dyn Iterator<Item = Entry<'a>> + 'a> = if forward {
                Box::new(it.take_while(move |p| range.prefix_ok(&p.0)).filter_map(resolve))
            } else {
                Box::new(it.rev().skip_while(move |p| !range.prefix_ok(&p.0)).take_while(move |p| r2.prefix_ok(&p.0)).filter_map(resolve))
            };
            Ok(plan.run(iter, rcc))
        }
    }
}

/// Whether every value of a multi-attribute key condition has its attribute's type.
fn multi_key_types_match(idx: &IndexDef, kc: &crate::expr::MultiKeyCondition) -> bool {
    let hash_ok = idx.hash_attrs().zip(&kc.hash).all(|(a, v)| v.scalar_type() == Some(a.ty));
    let range_ok = idx.range_attrs().zip(&kc.range).all(|(a, c)| {
        let vals: Vec<&AttributeValue> = match c {
            SortKeyCondition::Between(x, y) => alloc::vec![x, y],
            SortKeyCondition::Eq(v)
            | SortKeyCondition::Lt(v)
            | SortKeyCondition::Le(v)
            | SortKeyCondition::Gt(v)
            | SortKeyCondition::Ge(v)
            | SortKeyCondition::BeginsWith(v) => alloc::vec![v],
        };
        vals.iter().all(|v| v.scalar_type() == Some(a.ty))
    });
    hash_ok && range_ok
}

impl Database {
    pub fn query(&self, input: &QueryInput, now: u64) -> Result<QueryOutput, ApiError> {
        self.query_with(input, now, &mut crate::throttle::NoThrottle)
    }

    /// Query, asking `throttle` about the partition it reads once the request is valid.
    pub fn query_with(&self, input: &QueryInput, now: u64, throttle: &mut dyn crate::throttle::ThrottlePolicy) -> Result<QueryOutput, ApiError> {
        let s = setup(self, input, now, |k| Some((k.pk.name.clone(), k.sk.as_ref().map(|a| a.name.clone()))))?;
        let Some(kc) = s.compiled.key_condition.as_ref() else {
            return Err(ApiError::validation("Either the KeyConditions or KeyConditionExpression parameter must be specified in the request."));
        };
        let t = s.table;
        let schema = s.index.map_or(&t.def.keys, |i| &i.keys);
        let x = &input.expressions;
        let filter_expression = s.compiled.filter.as_ref().filter(|_| x.filter_expression.is_some());
        filter_keys::check(schema, filter_expression, x.query_filter.as_ref())?;
        let sort_values: Vec<&AttributeValue> = match &kc.sort {
            None => Vec::new(),
            Some(SortKeyCondition::Between(a, b)) => alloc::vec![a, b],
            Some(
                SortKeyCondition::Eq(v)
                | SortKeyCondition::Lt(v)
                | SortKeyCondition::Le(v)
                | SortKeyCondition::Gt(v)
                | SortKeyCondition::Ge(v)
                | SortKeyCondition::BeginsWith(v),
            ) => alloc::vec![v],
        };
        let sk_type = schema.sk.as_ref().map(|a| a.ty);
        let mismatch = || ApiError::validation("One or more parameter values were invalid: Condition parameter type does not match schema type");
        if kc.partition_value.scalar_type() != Some(schema.pk.ty) || sort_values.iter().any(|v| v.scalar_type() != sk_type) {
            return Err(mismatch());
        }
        let (pk, range) = match (s.index.filter(|i| i.is_multi_key()), &kc.multi) {
            (Some(idx), Some(multi)) => {
                if !multi_key_types_match(idx, multi) {
                    return Err(mismatch());
                }
                let pk = multi_key::partition_of(&multi.hash).ok_or_else(|| ApiError::validation("Query condition missed key schema element"))?;
                let range = if idx.range_attrs().count() > 1 { multi_key::sort_range(&multi.range) } else { SortRange::from_condition(kc.sort.as_ref()) };
                (pk, range)
            }
            _ => {
                let Some(pk) = KeyVal::from_value(&kc.partition_value) else {
                    return Err(ApiError::validation("Query condition missed key schema element"));
                };
                (pk, SortRange::from_condition(kc.sort.as_ref()))
            }
        };
        let start = match &input.exclusive_start_key {
            Some(esk) => Some(start_key(t, s.index, esk)?),
            None => None,
        };
        crate::throttle::check_read_range(t, s.index, Some(&pk), None, throttle)?;
        read_partition(&s, &pk, range, start.as_ref(), input.scan_index_forward, input.limit, input.return_consumed_capacity)
    }
}
