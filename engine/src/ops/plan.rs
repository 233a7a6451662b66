//! Validate-then-apply for writes that must be decided together (transactions) or in bulk (batches).
//!
//! A single PutItem checks and commits in one step (`ops::write::apply_write`). A transaction must
//! first evaluate *every* item against the state before the transaction — conditions, update
//! expressions, the resulting item's validity, the item-collection limit — and only when all pass
//! commit them all. [`evaluate`] is the first half (it never mutates), [`commit`] the second; both
//! reuse the table's own write path (`Table::check_write`, `Table::commit_write`) so indexes, statistics,
//! streams and capacity are maintained exactly as for single-item writes.

use alloc::format;
use alloc::string::String;

use crate::capacity::{Consumed, Factor, Reason, Target};
use crate::error::ApiError;
use crate::expr::{Condition, Update};
use crate::table::validate::validate_updated_item;
use crate::table::key::PrimaryKey;
use crate::table::Table;
use crate::value::{check_index_key_value, item_size, IndexKeyWrite, Item};

/// What one planned write does to its item.
#[derive(Debug, Clone)]
pub enum Op {
    Put(Item),
    Update(Update),
    Delete,
    /// TransactWriteItems' ConditionCheck: the condition only, no change.
    Check,
    /// An action whose key value has the wrong type: DynamoDB finds that while running the transaction,
    /// so it cancels it with this `ValidationError` message instead of rejecting the request.
    Invalid(String),
}

/// One write whose request-level validation has passed (table exists, key matches the schema,
/// expressions compiled). What remains depends on the stored item and is decided by [`evaluate`].
#[derive(Debug, Clone)]
pub struct Intent {
    pub table: String,
    pub key: PrimaryKey,
    pub op: Op,
    pub condition: Option<Condition>,
    pub return_old_on_failure: bool,
}

/// Why an intent cannot be applied to the current state. Each maps to one transaction
/// cancellation reason code.
#[derive(Debug, Clone, PartialEq)]
pub enum Refusal {
    /// `ConditionalCheckFailed`, with the stored item when ReturnValuesOnConditionCheckFailure=ALL_OLD.
    ConditionFailed(Option<Item>),
    /// `ValidationError`: the update cannot be applied to this item, or its result is not a valid item.
    Invalid(String),
    /// `ItemCollectionSizeLimitExceeded`.
    CollectionFull(String),
}

impl Refusal {
    pub fn code(&self) -> &'static str {
        match self {
            Refusal::ConditionFailed(_) => "ConditionalCheckFailed",
            Refusal::Invalid(_) => "ValidationError",
            Refusal::CollectionFull(_) => "ItemCollectionSizeLimitExceeded",
        }
    }

    pub fn message(&self) -> String {
        match self {
            Refusal::ConditionFailed(_) => String::from("The conditional request failed"),
            Refusal::Invalid(m) | Refusal::CollectionFull(m) => m.clone(),
        }
    }
}

/// The outcome of a successful evaluation: the item's state after the write.
#[derive(Debug, Clone, PartialEq)]
pub enum Effect {
    /// Store this item (Put, Update).
    Store(Item),
    /// Remove the item (Delete).
    Remove,
    /// Leave it alone (ConditionCheck).
    Keep,
}

/// Decide, without changing anything, what `intent` would do to `t` as it stands.
pub fn evaluate(t: &Table, intent: &Intent) -> Result<Effect, Refusal> {
    if let Op::Invalid(m) = &intent.op {
        return Err(Refusal::Invalid(m.clone()));
    }
    let old = t.get(&intent.key);
    if let Some(cond) = &intent.condition {
        let empty = Item::new();
        if !cond.eval(old.as_ref().unwrap_or(&empty)) {
            let item = if intent.return_old_on_failure { old } else { None };
            return Err(Refusal::ConditionFailed(item));
        }
    }
    let effect = match &intent.op {
        Op::Put(item) => Effect::Store(item.clone()),
        Op::Delete => Effect::Remove,
        Op::Check | Op::Invalid(_) => Effect::Keep,
        Op::Update(u) if old.is_none() && u.only_removes() => Effect::Keep,
        Op::Update(u) => {
            let new = match &old {
                Some(o) => u.apply(o),
                None => u.apply_to_new(&intent.key.to_item(&t.def.keys)),
            };
            let new = new.map_err(|e| Refusal::Invalid(String::from(e.message())))?;
            validate_updated_item(t, &new, &u.top_level_targets()).map_err(|e| Refusal::Invalid(String::from(e.message())))?;
            Effect::Store(new)
        }
    };
    let new = match &effect {
        Effect::Store(i) => Some(i),
        _ => None,
    };
    if !matches!(effect, Effect::Keep) {
        t.check_write(&intent.key, new).map_err(|e| Refusal::CollectionFull(String::from(e.message())))?;
    }
    Ok(effect)
}

/// Apply an evaluated effect through the table's write path, charging `cons`.
pub fn commit(t: &mut Table, key: &PrimaryKey, effect: Effect, factor: Factor, cons: &mut Consumed) {
    match effect {
        Effect::Store(item) => drop(t.commit_write(key, Some(&item), factor, cons)),
        Effect::Remove => drop(t.commit_write(key, None, factor, cons)),
        Effect::Keep => charge_check(t, key, factor, cons),
    }
}

/// A ConditionCheck reads the item to decide, and is billed like a write of the item's size.
pub fn charge_check(t: &Table, key: &PrimaryKey, factor: Factor, cons: &mut Consumed) {
    let size = t.size_of(key);
    cons.write(Target::Table, size.unwrap_or(0), factor, Reason::ConditionCheck { found: size.is_some() });
}

/// Charge the table for a write that was evaluated but refused (a failed condition still costs).
pub fn charge_refused(t: &Table, intent: &Intent, factor: Factor, cons: &mut Consumed) {
    let old = t.size_of(&intent.key);
    let new = match &intent.op {
        Op::Put(i) => Some(item_size(i) as u64),
        _ => None,
    };
    let bytes = old.unwrap_or(0).max(new.unwrap_or(0));
    cons.write(Target::Table, bytes, factor, Reason::ConditionFailed { old, new });
}

/// What an update is refused for before the item is read (so before its condition): a table key attribute
/// as a target ("Cannot update attribute X. This attribute is part of the key"), and an index key
/// attribute SET or ADDed to a literal that is empty or, when `wrong_type_is_request_error`, of the
/// wrong type. UpdateItem refuses both kinds of literal up front; a transaction finds the wrong type
/// only while it runs, and cancels that action instead (through [`evaluate`]).
pub fn check_update_targets(t: &Table, u: &Update, wrong_type_is_request_error: bool) -> Result<(), ApiError> {
    if let Some(k) = u.top_level_targets().iter().find(|n| t.def.keys.is_key(n)) {
        return Err(ApiError::Validation(format!(
            "One or more parameter values were invalid: Cannot update attribute {k}. This attribute is part of the key"
        )));
    }
    let literals = u.top_level_literals();
    for idx in &t.def.indexes {
        for a in idx.key_attrs() {
            let Some((_, v)) = literals.iter().find(|(n, _)| *n == a.name) else { continue };
            if wrong_type_is_request_error || v.scalar_type() == Some(a.ty) {
                check_index_key_value(&idx.name, &a.name, a.ty, v, IndexKeyWrite::Update)?;
            }
        }
    }
    Ok(())
}
