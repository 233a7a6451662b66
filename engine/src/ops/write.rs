//! PutItem, UpdateItem, DeleteItem, all through [`apply_write`]: condition, validation, the
//! item-collection check, then one commit that maintains indexes and charges capacity.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use crate::api::write::{DeleteItemInput, ItemCollectionMetrics, PutItemInput, ReturnValues, UpdateItemInput, WriteOutput};
use crate::capacity::{Consumed, Factor, Reason, Target};
use crate::db::Database;
use crate::error::ApiError;
use crate::expr::Condition;
use crate::ops::compile_write;
use crate::table::key::{check_index_keys, key_from_item, key_from_key_param, PrimaryKey};
use crate::table::{Table, MAX_ITEM_BYTES};
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

/// Validate a new item against the table's key schema, its index key types and the size limit.
pub fn validate_item(t: &Table, item: &Item, size_message: &str) -> Result<PrimaryKey, ApiError> {
    let key = key_from_item(&t.def.keys, item)?;
    for idx in &t.def.indexes {
        check_index_keys(idx, item)?;
    }
    if item_size(item) as u64 > MAX_ITEM_BYTES {
        return Err(ApiError::validation(size_message));
    }
    Ok(key)
}

/// Check the condition against the stored item (a missing item is an empty map), then commit.
/// A failed condition still charges the table write, as DynamoDB does. Returns the old item.
pub fn apply_write(t: &mut Table, req: WriteRequest<'_>, cons: &mut Consumed) -> Result<Option<Item>, ApiError> {
    let old = t.get(&req.key);
    if let Some(cond) = req.condition {
        let empty = Item::new();
        if !cond.eval(old.unwrap_or(&empty)) {
            let old_size = old.map(|o| item_size(o) as u64);
            let new_size = req.new.as_ref().map(|n| item_size(n) as u64);
            let bytes = old_size.unwrap_or(0).max(new_size.unwrap_or(0));
            cons.write(Target::Table, bytes, req.factor, Reason::ConditionFailed { old: old_size, new: new_size });
            let item = if req.return_old_on_failure { old.cloned() } else { None };
            return Err(ApiError::ConditionalCheckFailed { message: String::from("The conditional request failed"), item });
        }
    }
    t.check_write(&req.key, req.new.as_ref())?;
    Ok(t.commit_write(&req.key, req.new, req.factor, cons))
}

fn collection_metrics(t: &Table, key: &PrimaryKey, wanted: bool) -> Option<ItemCollectionMetrics> {
    if !wanted || !t.def.has_lsi() {
        return None;
    }
    let gb = t.collection_bytes(&key.pk) / (1024 * 1024 * 1024);
    let mut k = Item::new();
    k.insert(t.def.keys.pk.name.clone(), key.pk.to_value());
    Some(ItemCollectionMetrics { key: k, size_estimate_range_gb: (gb, gb + 1) })
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

fn only_all_old(rv: ReturnValues) -> Result<(), ApiError> {
    if matches!(rv, ReturnValues::None | ReturnValues::AllOld) {
        Ok(())
    } else {
        Err(ApiError::validation("ReturnValues can only be ALL_OLD or NONE"))
    }
}

fn restrict(item: Option<&Item>, names: &[String]) -> Item {
    let Some(item) = item else { return Item::new() };
    names.iter().filter_map(|n| item.get(n).map(|v| (n.clone(), v.clone()))).collect()
}

impl Database {
    /// PutItem. Takes the input by value: the item moves into the table without a copy.
    pub fn put_item(&mut self, input: PutItemInput, now: u64) -> Result<WriteOutput, ApiError> {
        self.put_item_metered(input, now).map_err(|e| e.0)
    }

    pub fn delete_item(&mut self, input: &DeleteItemInput, now: u64) -> Result<WriteOutput, ApiError> {
        self.delete_item_metered(input, now).map_err(|e| e.0)
    }

    pub fn update_item(&mut self, input: &UpdateItemInput, now: u64) -> Result<WriteOutput, ApiError> {
        self.update_item_metered(input, now).map_err(|e| e.0)
    }

    /// PutItem, reporting the capacity consumed even when the write fails its condition.
    pub fn put_item_metered(&mut self, input: PutItemInput, _now: u64) -> Result<WriteOutput, MeteredError> {
        let t = self.table_for_data_mut(&input.table_name)?;
        let compiled = compile_write(&input.expressions, None, None)?;
        only_all_old(input.options.return_values)?;
        let key = validate_item(t, &input.item, "Item size has exceeded the maximum allowed size")?;
        let mut consumed = Consumed::new(&t.def.name);
        let req = WriteRequest {
            key: key.clone(),
            new: Some(input.item),
            condition: compiled.condition.as_ref(),
            return_old_on_failure: input.options.return_old_on_condition_failure,
            factor: Factor::Standard,
        };
        let old = apply_write(t, req, &mut consumed).map_err(|e| MeteredError(e, Some(consumed.clone())))?;
        Ok(WriteOutput {
            attributes: if input.options.return_values == ReturnValues::AllOld { old } else { None },
            item_collection_metrics: collection_metrics(t, &key, input.options.return_item_collection_metrics),
            consumed,
            return_consumed_capacity: input.options.return_consumed_capacity,
        })
    }

    pub fn delete_item_metered(&mut self, input: &DeleteItemInput, _now: u64) -> Result<WriteOutput, MeteredError> {
        let t = self.table_for_data_mut(&input.table_name)?;
        let compiled = compile_write(&input.expressions, None, None)?;
        only_all_old(input.options.return_values)?;
        let key = key_from_key_param(&t.def.keys, &input.key)?;
        let mut consumed = Consumed::new(&t.def.name);
        let req = WriteRequest {
            key: key.clone(),
            new: None,
            condition: compiled.condition.as_ref(),
            return_old_on_failure: input.options.return_old_on_condition_failure,
            factor: Factor::Standard,
        };
        let old = apply_write(t, req, &mut consumed).map_err(|e| MeteredError(e, Some(consumed.clone())))?;
        Ok(WriteOutput {
            attributes: if input.options.return_values == ReturnValues::AllOld { old } else { None },
            item_collection_metrics: collection_metrics(t, &key, input.options.return_item_collection_metrics),
            consumed,
            return_consumed_capacity: input.options.return_consumed_capacity,
        })
    }

    /// UpdateItem creates the item (from its key) when it does not exist, as DynamoDB does.
    pub fn update_item_metered(&mut self, input: &UpdateItemInput, _now: u64) -> Result<WriteOutput, MeteredError> {
        let t = self.table_for_data_mut(&input.table_name)?;
        let compiled = compile_write(&input.expressions, input.update_expression.as_deref(), input.attribute_updates.as_ref())?;
        let key = key_from_key_param(&t.def.keys, &input.key)?;
        let targets: Vec<String> = compiled.update.as_ref().map(|u| u.top_level_targets()).unwrap_or_default();
        if let Some(k) = targets.iter().find(|n| t.def.keys.is_key(n)) {
            return Err(ApiError::Validation(format!(
                "One or more parameter values were invalid: Cannot update attribute {k}. This attribute is part of the key"
            ))
            .into());
        }
        let old = t.get(&key).cloned();
        let base = old.clone().unwrap_or_else(|| key.to_item(&t.def.keys));
        let new = match &compiled.update {
            Some(u) => u.apply(&base).map_err(ApiError::from)?,
            None => base,
        };
        validate_item(t, &new, "Item size to update has exceeded the maximum allowed size")?;
        let mut consumed = Consumed::new(&t.def.name);
        let req = WriteRequest {
            key: key.clone(),
            new: Some(new.clone()),
            condition: compiled.condition.as_ref(),
            return_old_on_failure: input.options.return_old_on_condition_failure,
            factor: Factor::Standard,
        };
        apply_write(t, req, &mut consumed).map_err(|e| MeteredError(e, Some(consumed.clone())))?;
        let attributes = match input.options.return_values {
            ReturnValues::None => None,
            ReturnValues::AllOld => old,
            ReturnValues::AllNew => Some(new),
            ReturnValues::UpdatedOld => Some(restrict(old.as_ref(), &targets)),
            ReturnValues::UpdatedNew => Some(restrict(Some(&new), &targets)),
        };
        Ok(WriteOutput {
            attributes,
            item_collection_metrics: collection_metrics(t, &key, input.options.return_item_collection_metrics),
            consumed,
            return_consumed_capacity: input.options.return_consumed_capacity,
        })
    }
}
