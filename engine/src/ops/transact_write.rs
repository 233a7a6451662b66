//! TransactWriteItems: up to 100 actions over several tables, all or nothing.
//!
//! Order of decisions, as DynamoDB reports them: request shape and limits (ValidationException), every
//! action's expressions in request order (before any table is looked up), then each action's table and
//! key (ValidationException / ResourceNotFoundException), one item
//! touched at most once, the 4 MB aggregate size, then idempotency by ClientRequestToken, then every
//! action evaluated against the state *before* the transaction ([`plan::evaluate`]). If any action is
//! refused — a failed condition, an update that cannot apply, a key value of the wrong type (which
//! DynamoDB finds only while running the transaction), a throttled item — nothing is written
//! and `TransactionCanceledException` lists one reason per action in request order. Otherwise every
//! action is committed through the table's write path, each charged at the transactional rate
//! (2 WCU per KB).
//!
//! Idempotency: a token seen in the last 10 minutes of the caller's clock with the same request
//! returns the first call's result without writing again; with a different request it is an
//! `IdempotentParameterMismatchException`.

use alloc::collections::{BTreeMap, BTreeSet};
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use crate::api::transact::{TransactAction, TransactWriteItemsInput, TransactWriteItemsOutput};
use crate::capacity::{Consumed, Factor};
use crate::db::Database;
use crate::error::{ApiError, CancellationReason};
use crate::ops::compile_write;
use crate::ops::plan::{self, check_update_targets, Effect, Intent, Op};
use crate::table::validate::validate_item;
use crate::tokens::Fingerprint;
use crate::table::key::{item_key_type_fault, key_from_key_param, key_param_type_fault, KeyKind, KeyVal, PrimaryKey, SCHEMA_MISMATCH};
use crate::table::schema::KeySchema;
use crate::value::Item;
use crate::throttle::{index_transaction_reason, index_writes_refused, transaction_reason, Access, ThrottlePolicy};
use crate::value::item_size;

/// The aggregate size of a transaction's items may not exceed 4 MB.
pub const MAX_TRANSACTION_BYTES: u64 = 4 * 1024 * 1024;

pub(crate) const MULTIPLE_OPERATIONS: &str = "Transaction request cannot include multiple operations on one item";

fn cancelled(reasons: Vec<CancellationReason>) -> ApiError {
    let codes: Vec<&str> = reasons.iter().map(|r| r.code.as_str()).collect();
    ApiError::TransactionCanceled {
        message: format!("Transaction cancelled, please refer cancellation reasons for specific reasons [{}]", codes.join(", ")),
        reasons,
    }
}

fn none_reason() -> CancellationReason {
    CancellationReason { code: String::from("None"), message: None, item: None }
}

/// Whether the GSIs an evaluated write must update refuse it (a ConditionCheck writes nothing).
fn writes_refused(t: &crate::table::Table, key: &PrimaryKey, effect: &Effect, throttle: &mut dyn ThrottlePolicy) -> bool {
    match effect {
        Effect::Store(item) => index_writes_refused(t, key, Some(item), throttle),
        Effect::Remove => index_writes_refused(t, key, None, throttle),
        Effect::Keep => false,
    }
}

impl Database {
    pub fn transact_write_items(
        &mut self,
        input: &TransactWriteItemsInput,
        now: u64,
        throttle: &mut dyn ThrottlePolicy,
    ) -> Result<TransactWriteItemsOutput, ApiError> {
        let intents = self.transaction_intents(input)?;
        self.tokens.prune(now);
        let print = input.client_request_token.as_ref().map(|_| Fingerprint::of(input));
        if let (Some(token), Some(print)) = (&input.client_request_token, &print) {
            if let Some((seen, out)) = self.tokens.get(token) {
                if seen != print {
                    return Err(ApiError::IdempotentParameterMismatch(String::from(
                        "Request parameters do not match the original request with the same client request token",
                    )));
                }
                return Ok(out.clone());
            }
        }
        // Decide every action against the state before the transaction.
        let mut effects = Vec::new();
        let mut reasons = Vec::new();
        let mut refused = false;
        // DynamoDB stops deciding at the first action refused as invalid: every action after it is
        // reported `None`, whatever it would have met.
        let mut stopped = false;
        for intent in &intents {
            let t = self.table_for_data(&intent.table)?;
            if stopped {
                reasons.push(none_reason());
                effects.push(None);
                continue;
            }
            let names_item = !matches!(intent.op, Op::Invalid(_));
            if names_item && throttle.active() && throttle.throttled(&intent.table, &intent.key.to_item(&t.def.keys), Access::Write) {
                let (code, message) = transaction_reason(t.def.billing);
                reasons.push(CancellationReason { code: String::from(code), message: Some(String::from(message)), item: None });
                refused = true;
                effects.push(None);
                continue;
            }
            match plan::evaluate(t, intent) {
                Ok(e) if names_item && writes_refused(t, &intent.key, &e, throttle) => {
                    let (code, message) = index_transaction_reason(t.def.billing);
                    reasons.push(CancellationReason { code: String::from(code), message: Some(String::from(message)), item: None });
                    refused = true;
                    effects.push(None);
                }
                Ok(e) => {
                    reasons.push(none_reason());
                    effects.push(Some(e));
                }
                Err(r) => {
                    let item = match &r {
                        plan::Refusal::ConditionFailed(i) => i.clone(),
                        _ => None,
                    };
                    stopped = r.code() == "ValidationError";
                    reasons.push(CancellationReason { code: String::from(r.code()), message: Some(r.message()), item });
                    refused = true;
                    effects.push(None);
                }
            }
        }
        if refused {
            // Capacity a cancelled transaction consumed is not reported by DynamoDB (the answer is an
            // error), so there is nothing to charge here.
            return Err(cancelled(reasons));
        }
        let mut consumed: Vec<Consumed> = Vec::new();
        let mut touched: BTreeMap<String, BTreeSet<KeyVal>> = BTreeMap::new();
        for (intent, effect) in intents.iter().zip(effects) {
            let Some(effect) = effect else { continue };
            let pos = match consumed.iter().position(|c| c.table_name == intent.table) {
                Some(p) => p,
                None => {
                    consumed.push(Consumed::new(&intent.table));
                    consumed.len() - 1
                }
            };
            let writes = !matches!(effect, Effect::Keep);
            let t = self.table_for_data_mut(&intent.table)?;
            if let Some(c) = consumed.get_mut(pos) {
                plan::commit(t, &intent.key, effect, Factor::Transactional, c);
            }
            if writes {
                touched.entry(intent.table.clone()).or_default().insert(intent.key.pk.clone());
            }
        }
        let mut item_collection_metrics = Vec::new();
        if input.return_item_collection_metrics {
            for (name, pks) in touched {
                let t = self.table_for_data(&name)?;
                if !t.def.has_lsi() {
                    continue;
                }
                let list = pks
                    .into_iter()
                    .map(|pk| crate::ops::write::item_collection_metrics(t, &pk))
                    .collect();
                item_collection_metrics.push((name, list));
            }
        }
        let out = TransactWriteItemsOutput { consumed, return_consumed_capacity: input.return_consumed_capacity, item_collection_metrics };
        if let (Some(token), Some(print)) = (&input.client_request_token, print) {
            self.tokens.remember(token.clone(), now, print, out.clone());
        }
        Ok(out)
    }

    /// Request-level validation of every action, in request order. A key value of the wrong type is not
    /// the request's error but its action's cancellation reason (`Op::Invalid`), as DynamoDB captures
    /// show; an empty or over-long key value, or a missing key attribute, is the request's error.
    fn transaction_intents(&self, input: &TransactWriteItemsInput) -> Result<Vec<Intent>, ApiError> {
        let mut intents = Vec::new();
        let mut seen: BTreeSet<(String, PrimaryKey)> = BTreeSet::new();
        let mut bytes = 0u64;
        // Every action's expressions first, in request order: a malformed or unused part of any action
        // is refused before any table is looked up (paritysuite's captures of DynamoDB, 2026-10-09).
        let mut compiled_all = Vec::with_capacity(input.items.len());
        for it in &input.items {
            let update_expression = match &it.action {
                TransactAction::Update { update_expression, .. } => update_expression.as_deref(),
                _ => None,
            };
            let operation = match &it.action {
                TransactAction::Update { .. } => "UpdateItem",
                TransactAction::Put { .. } => "PutItem",
                TransactAction::Delete { .. } => "DeleteItem",
                TransactAction::ConditionCheck { .. } => "ConditionCheck",
            };
            if let Some(m) = &it.invalid {
                return Err(ApiError::Validation(m.clone()));
            }
            compiled_all.push(compile_write(&it.expressions, update_expression, None, operation)?);
        }
        for (it, compiled) in input.items.iter().zip(compiled_all) {
            let t = self.table_for_data(&it.table_name)?;
            bytes += request_bytes(it);
            let (key, op) = match &it.action {
                TransactAction::Put { item } => {
                    match item_key_type_fault(&t.def.keys, &t.def.indexes, item) {
                        Some(fault) => (no_key(), Op::Invalid(String::from(fault.message()))),
                        None => (validate_item(t, item, "Item size has exceeded the maximum allowed size")?, Op::Put(item.clone())),
                    }
                }
                TransactAction::Delete { key } => lookup(&t.def.keys, key, Op::Delete)?,
                TransactAction::ConditionCheck { key } => lookup(&t.def.keys, key, Op::Check)?,
                TransactAction::Update { key, .. } => {
                    let (pk, check) = lookup(&t.def.keys, key, Op::Check)?;
                    let Some(u) = compiled.update.clone() else {
                        return Err(ApiError::validation("Invalid UpdateExpression: The expression can not be empty;"));
                    };
                    check_update_targets(t, &u, false)?;
                    (pk, if matches!(check, Op::Invalid(_)) { check } else { Op::Update(u) })
                }
            };
            if matches!(op, Op::Invalid(_)) {
                // No item is named, so none is counted towards the size limit or the duplicates.
            } else {
                if !seen.insert((it.table_name.clone(), key.clone())) {
                    return Err(ApiError::validation(MULTIPLE_OPERATIONS));
                }
            }
            intents.push(Intent {
                table: it.table_name.clone(),
                key,
                op,
                condition: compiled.condition,
                return_old_on_failure: it.return_old_on_condition_failure,
            });
        }
        if bytes > MAX_TRANSACTION_BYTES {
            // The API Reference's own sentence for the limit ("The aggregate size of the items in the
            // transaction cannot exceed 4 MB"); no capture of the service's answer is on record, so
            // this is the documented wording.
            return Err(ApiError::validation("The aggregate size of the items in the transaction cannot exceed 4 MB"));
        }
        Ok(intents)
    }
}

/// What one action adds to the transaction's 4 MB limit: DynamoDB limits the *request* — the item a Put
/// sends, the key and expressions the others send — not the size of the items already stored (a Delete
/// of a 400 KB item costs its key's bytes).
fn request_bytes(it: &crate::api::transact::TransactWriteItem) -> u64 {
    let sent = match &it.action {
        TransactAction::Put { item } => item_size(item),
        TransactAction::Update { key, update_expression } => item_size(key) + update_expression.as_ref().map_or(0, String::len),
        TransactAction::Delete { key } | TransactAction::ConditionCheck { key } => item_size(key),
    };
    let x = &it.expressions;
    let names: usize = x.names.iter().flatten().map(|(k, v)| k.len() + v.len()).sum();
    let values: usize = x.values.iter().flatten().map(|(k, v)| k.len() + crate::value::value_size(v)).sum();
    (sent + x.condition_expression.as_ref().map_or(0, String::len) + names + values) as u64
}

/// The key of an Update, Delete or ConditionCheck: `op` on it, or `Op::Invalid` when a key value has the
/// wrong type (see [`Database::transaction_intents`]).
fn lookup(schema: &KeySchema, key: &Item, op: Op) -> Result<(PrimaryKey, Op), ApiError> {
    if key_param_type_fault(schema, key) {
        return Ok((no_key(), Op::Invalid(String::from(SCHEMA_MISMATCH))));
    }
    Ok((key_from_key_param(schema, key)?, op))
}

/// The key an `Op::Invalid` action carries: it names no item and is never looked up.
fn no_key() -> PrimaryKey {
    PrimaryKey { pk: KeyVal::new(KeyKind::S, b""), sk: None }
}
