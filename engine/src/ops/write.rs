//! PutItem, UpdateItem, DeleteItem, all through [`apply_write`]: condition, validation, the
//! item-collection check, then one commit that maintains indexes and charges capacity.

use alloc::string::String;
use alloc::vec::Vec;

use crate::api::write::{DeleteItemInput, ItemCollectionMetrics, PutItemInput, ReturnValues, UpdateItemInput, WriteOptions, WriteOutput};
use crate::capacity::{Consumed, Factor, Reason, Target};
use crate::db::Database;
use crate::error::ApiError;
use crate::expr::{Condition, Update};
use crate::ops::compile_write;
use crate::ops::plan::check_update_targets;
use crate::table::key::{key_from_key_param, KeyVal, PrimaryKey};
use crate::table::validate::{validate_item, validate_updated_item};
use crate::table::{Stored, Table};
use crate::throttle::{index_throughput_exceeded, index_writes_refused, NoThrottle, ThrottlePolicy};
use crate::value::{item_size, Item};

/// One item write as batch and transactional callers describe it too.
pub struct WriteRequest<'a> {
    pub key: PrimaryKey,
    /// The item to store, or `None` to delete.
    pub new: Option<Item>,
    pub condition: Option<&'a Condition>,
    pub return_old_on_failure: bool,
    pub factor: Factor,
}

/// Evaluate `cond` against the stored item (a missing item is an empty map). A failed condition still
/// charges the table write, as DynamoDB does: the larger of the stored item and `new_size()` (the item
/// the write would have stored, when there is one).
/// `old` is the stored item, already decoded by the caller, with its size.
fn check_condition(
    cond: Option<&Condition>,
    old: Option<(&Item, u64)>,
    new_size: impl FnOnce() -> Option<u64>,
    return_old_on_failure: bool,
    factor: Factor,
    cons: &mut Consumed,
) -> Result<(), ApiError> {
    let Some(cond) = cond else { return Ok(()) };
    let empty = Item::new();
    if cond.eval(old.map_or(&empty, |(o, _)| o)) {
        return Ok(());
    }
    let old_size = old.map(|(_, size)| size);
    let new_size = new_size();
    let bytes = old_size.unwrap_or(0).max(new_size.unwrap_or(0));
    cons.write(Target::Table, bytes, factor, Reason::ConditionFailed { old: old_size, new: new_size });
    let item = if return_old_on_failure { old.map(|(o, _)| o.clone()) } else { None };
    Err(ApiError::ConditionalCheckFailed { message: String::from("The conditional request failed"), item })
}

/// Check the condition against the stored item (a missing item is an empty map), then commit.
/// A failed condition still charges the table write, as DynamoDB does. Returns the old item.
/// A write the GSIs cannot take (`throttle`'s decision) is refused then, before anything is written.
pub fn apply_write(t: &mut Table, req: WriteRequest<'_>, cons: &mut Consumed, throttle: &mut dyn ThrottlePolicy) -> Result<Option<Stored>, ApiError> {
    let new_size = || req.new.as_ref().map(|n| item_size(n) as u64);
    let old = req.condition.and_then(|_| t.get(&req.key));
    let old = old.as_ref().zip(t.size_of(&req.key));
    check_condition(req.condition, old, new_size, req.return_old_on_failure, req.factor, cons)?;
    t.check_write(&req.key, req.new.as_ref())?;
    if index_writes_refused(t, &req.key, req.new.as_ref(), throttle) {
        return Err(index_throughput_exceeded(t.def.billing));
    }
    Ok(t.commit_write(&req.key, req.new.as_ref(), req.factor, cons))
}

fn collection_metrics(t: &Table, key: &PrimaryKey, wanted: bool) -> Option<ItemCollectionMetrics> {
    (wanted && t.def.has_lsi()).then(|| item_collection_metrics(t, &key.pk))
}

/// `ItemCollectionMetrics` for the item collection `pk` of a table with an LSI: its key and the whole-GB
/// size estimate DynamoDB reports. Single writes, batch writes and transactions all answer with this.
pub fn item_collection_metrics(t: &Table, pk: &KeyVal) -> ItemCollectionMetrics {
    let gb = t.collection_bytes(pk) / (1024 * 1024 * 1024);
    let mut k = Item::new();
    k.insert(t.def.keys.pk.name.clone(), pk.to_value());
    ItemCollectionMetrics { key: k, size_estimate_range_gb: (gb, gb + 1) }
}

/// An error together with the capacity the failed request still consumed (a failed conditional write
/// is charged; a request rejected by validation is not).
#[derive(Debug, Clone, PartialEq)]
pub struct MeteredError(pub ApiError, pub Option<Consumed>);

impl From<ApiError> for MeteredError {
    fn from(e: ApiError) -> Self {
        MeteredError(e, None)
    }
}

/// PutItem and DeleteItem: replace the item at `key` by `new` (or remove it) under `condition`, and answer
/// with ALL_OLD and the collection metrics the options ask for. A failed condition still reports its charge.
fn replace_item(
    t: &mut Table,
    key: PrimaryKey,
    new: Option<Item>,
    condition: Option<&Condition>,
    options: &WriteOptions,
    throttle: &mut dyn ThrottlePolicy,
) -> Result<WriteOutput, MeteredError> {
    let mut consumed = Consumed::new(&t.def.name);
    let req = WriteRequest {
        key: key.clone(),
        new,
        condition,
        return_old_on_failure: options.return_old_on_condition_failure,
        factor: Factor::Standard,
    };
    let old = apply_write(t, req, &mut consumed, throttle).map_err(|e| MeteredError(e, Some(consumed.clone())))?;
    Ok(WriteOutput {
        attributes: if options.return_values == ReturnValues::AllOld { old.map(|s| s.item.decode(&key)) } else { None },
        item_collection_metrics: collection_metrics(t, &key, options.return_item_collection_metrics),
        consumed,
        return_consumed_capacity: options.return_consumed_capacity,
    })
}

fn only_all_old(rv: ReturnValues) -> Result<(), ApiError> {
    if matches!(rv, ReturnValues::None | ReturnValues::AllOld) {
        Ok(())
    } else {
        Err(ApiError::validation("ReturnValues can only be ALL_OLD or NONE"))
    }
}

/// The update applied to the stored item, or to the bare key when the update creates the item.
fn updated(u: Option<&Update>, base: &Item, exists: bool) -> Result<Item, ApiError> {
    match u {
        Some(u) if exists => Ok(u.apply(base)?),
        Some(u) => Ok(u.apply_to_new(base)?),
        None => Ok(base.clone()),
    }
}

impl Database {
    /// PutItem. Takes the input by value: the item moves into the table without a copy.
    pub fn put_item(&mut self, input: PutItemInput, now: u64) -> Result<WriteOutput, ApiError> {
        self.put_item_metered(input, now).map_err(|e| e.0)
    }

    /// A plain PutItem (no condition, no return values) of an item the caller keeps: the same checks and
    /// the same write as [`Database::put_item`], without moving or copying the item. Loading a model
    /// stores each of its rows this way.
    pub fn put_item_ref(&mut self, table_name: &str, item: &Item) -> Result<(), ApiError> {
        let t = self.table_for_data_mut(table_name)?;
        let key = validate_item(t, item, "Item size has exceeded the maximum allowed size")?;
        t.check_write(&key, Some(item))?;
        let mut consumed = Consumed::new(&t.def.name);
        t.commit_write(&key, Some(item), Factor::Standard, &mut consumed);
        Ok(())
    }

    pub fn delete_item(&mut self, input: &DeleteItemInput, now: u64) -> Result<WriteOutput, ApiError> {
        self.delete_item_metered(input, now).map_err(|e| e.0)
    }

    pub fn update_item(&mut self, input: &UpdateItemInput, now: u64) -> Result<WriteOutput, ApiError> {
        self.update_item_metered(input, now).map_err(|e| e.0)
    }

    /// PutItem, reporting the capacity consumed even when the write fails its condition.
    pub fn put_item_metered(&mut self, input: PutItemInput, now: u64) -> Result<WriteOutput, MeteredError> {
        self.put_item_with(input, now, &mut NoThrottle)
    }

    pub fn delete_item_metered(&mut self, input: &DeleteItemInput, now: u64) -> Result<WriteOutput, MeteredError> {
        self.delete_item_with(input, now, &mut NoThrottle)
    }

    pub fn update_item_metered(&mut self, input: &UpdateItemInput, now: u64) -> Result<WriteOutput, MeteredError> {
        self.update_item_with(input, now, &mut NoThrottle)
    }

    /// The `*_metered` writes with a throttling decision for the GSI entries they write (the table's own
    /// part is decided before the call, by `Database::execute_with`).
    pub fn put_item_with(&mut self, input: PutItemInput, _now: u64, throttle: &mut dyn ThrottlePolicy) -> Result<WriteOutput, MeteredError> {
        let t = self.table_for_data_mut(&input.table_name)?;
        let compiled = compile_write(&input.expressions, None, None, "PutItem")?;
        only_all_old(input.options.return_values)?;
        let key = validate_item(t, &input.item, "Item size has exceeded the maximum allowed size")?;
        replace_item(t, key, Some(input.item), compiled.condition.as_ref(), &input.options, throttle)
    }

    pub fn delete_item_with(&mut self, input: &DeleteItemInput, _now: u64, throttle: &mut dyn ThrottlePolicy) -> Result<WriteOutput, MeteredError> {
        let t = self.table_for_data_mut(&input.table_name)?;
        let compiled = compile_write(&input.expressions, None, None, "DeleteItem")?;
        only_all_old(input.options.return_values)?;
        let key = key_from_key_param(&t.def.keys, &input.key)?;
        replace_item(t, key, None, compiled.condition.as_ref(), &input.options, throttle)
    }

    /// UpdateItem creates the item (from its key) when it does not exist, as DynamoDB does.
    pub fn update_item_with(&mut self, input: &UpdateItemInput, _now: u64, throttle: &mut dyn ThrottlePolicy) -> Result<WriteOutput, MeteredError> {
        let t = self.table_for_data_mut(&input.table_name)?;
        let compiled = compile_write(&input.expressions, input.update_expression.as_deref(), input.attribute_updates.as_ref(), "UpdateItem")?;
        let key = key_from_key_param(&t.def.keys, &input.key)?;
        let targets: Vec<String> = compiled.update.as_ref().map(|u| u.top_level_targets()).unwrap_or_default();
        if let Some(u) = &compiled.update {
            check_update_targets(t, u, true)?;
        }
        let old = t.get(&key);
        let base = old.clone().unwrap_or_else(|| key.to_item(&t.def.keys));
        let update = compiled.update.as_ref();
        let mut consumed = Consumed::new(&t.def.name);
        // The condition is decided on the stored item before the update runs: a failed condition wins
        // over an error the update would raise on that item (a type mismatch, an invalid path).
        let new_size = || updated(update, &base, old.is_some()).ok().map(|n| item_size(&n) as u64);
        let rv_fail = input.options.return_old_on_condition_failure;
        check_condition(compiled.condition.as_ref(), old.as_ref().zip(t.size_of(&key)), new_size, rv_fail, Factor::Standard, &mut consumed)
            .map_err(|e| MeteredError(e, Some(consumed.clone())))?;
        if old.is_none() && update.is_some_and(Update::only_removes) {
            // Nothing to remove from an item that does not exist: DynamoDB creates no item (not even
            // one holding just the key) and returns no attributes, whatever ReturnValues asks.
            consumed.write(Target::Table, 0, Factor::Standard, Reason::UpdateNothing);
            return Ok(WriteOutput {
                attributes: None,
                item_collection_metrics: None,
                consumed,
                return_consumed_capacity: input.options.return_consumed_capacity,
            });
        }
        let new = updated(update, &base, old.is_some())?;
        validate_updated_item(t, &new, &targets)?;
        let req = WriteRequest {
            key: key.clone(),
            new: Some(new.clone()),
            condition: None,
            return_old_on_failure: rv_fail,
            factor: Factor::Standard,
        };
        apply_write(t, req, &mut consumed, throttle).map_err(|e| MeteredError(e, Some(consumed.clone())))?;
        let changed = || update.map(Update::targets);
        let attributes = match input.options.return_values {
            ReturnValues::None => None,
            ReturnValues::AllOld => old,
            ReturnValues::AllNew => Some(new),
            ReturnValues::UpdatedOld => Some(match (old.as_ref(), changed()) {
                (Some(o), Some(p)) => p.apply(o),
                _ => Item::new(),
            }),
            ReturnValues::UpdatedNew => Some(changed().map(|p| p.apply(&new)).unwrap_or_default()),
        };
        Ok(WriteOutput {
            attributes,
            item_collection_metrics: collection_metrics(t, &key, input.options.return_item_collection_metrics),
            consumed,
            return_consumed_capacity: input.options.return_consumed_capacity,
        })
    }
}
