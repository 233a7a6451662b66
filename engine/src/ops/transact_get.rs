//! TransactGetItems: up to 100 reads over several tables, as of one instant, each charged at the
//! transactional rate (2 RCU per 4 KB). A throttled item cancels the whole request with a
//! throttling reason in its position, as DynamoDB does; so does a `Key` that is not a valid key of its
//! table, with a `ValidationError` reason (a transactional read reports key faults through the
//! cancellation, not as the request's error).

use alloc::collections::BTreeSet;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use crate::api::transact::{TransactGetItemsInput, TransactGetItemsOutput};
use crate::capacity::{Consumed, ReadConsistency, Reason, Target};
use crate::db::Database;
use crate::error::{ApiError, CancellationReason};
use crate::ops::compile_read;
use crate::ops::transact_write::MULTIPLE_OPERATIONS;
use crate::table::key::{key_from_key_param, PrimaryKey};
use crate::table::Stored;
use crate::throttle::{transaction_reason, Access, ThrottlePolicy};

impl Database {
    pub fn transact_get_items(&self, input: &TransactGetItemsInput, throttle: &mut dyn ThrottlePolicy) -> Result<TransactGetItemsOutput, ApiError> {
        let mut plans = Vec::new();
        let mut seen: BTreeSet<(String, PrimaryKey)> = BTreeSet::new();
        for g in &input.items {
            let t = self.table_for_data(&g.table_name)?;
            let compiled = compile_read(&g.expressions(), None, "TransactGetItems")?;
            let key = key_from_key_param(&t.def.keys, &g.key);
            if let Ok(key) = &key {
                if !seen.insert((g.table_name.clone(), key.clone())) {
                    return Err(ApiError::validation(MULTIPLE_OPERATIONS));
                }
            }
            plans.push((t, key, compiled));
        }
        let mut reasons = Vec::new();
        let mut refused = false;
        for (t, key, _) in &plans {
            let key = match key {
                Ok(key) => key,
                Err(e) => {
                    reasons.push(CancellationReason { code: String::from("ValidationError"), message: Some(String::from(e.message())), item: None });
                    refused = true;
                    continue;
                }
            };
            if throttle.active() && throttle.throttled(t.name(), &key.to_item(&t.def.keys), Access::Read) {
                let (code, message) = transaction_reason(t.def.billing);
                reasons.push(CancellationReason { code: String::from(code), message: Some(String::from(message)), item: None });
                refused = true;
            } else {
                reasons.push(CancellationReason { code: String::from("None"), message: None, item: None });
            }
        }
        if refused {
            let codes: Vec<&str> = reasons.iter().map(|r| r.code.as_str()).collect();
            return Err(ApiError::TransactionCanceled {
                message: format!("Transaction cancelled, please refer cancellation reasons for specific reasons [{}]", codes.join(", ")),
                reasons,
            });
        }
        let mut consumed: Vec<Consumed> = Vec::new();
        let mut responses = Vec::new();
        for (t, key, compiled) in plans {
            let Ok(key) = key else { continue };
            let found = t.get_stored(&key);
            let size = found.map_or(0, Stored::size);
            let pos = match consumed.iter().position(|c| c.table_name == t.name()) {
                Some(p) => p,
                None => {
                    consumed.push(Consumed::new(t.name()));
                    consumed.len() - 1
                }
            };
            if let Some(c) = consumed.get_mut(pos) {
                c.read(Target::Table, size, ReadConsistency::Transactional, Reason::GetItem { found: found.is_some() });
            }
            responses.push(found.map(|s| s.read(&key, compiled.projection.as_ref()).into_item()));
        }
        Ok(TransactGetItemsOutput { responses, consumed, return_consumed_capacity: input.return_consumed_capacity })
    }
}
