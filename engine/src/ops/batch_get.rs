//! BatchGetItem: up to 100 keys over several tables, each item charged separately (rounded up to
//! 4 KB on its own, a miss costing the minimum), at most 16 MB of items per response; the keys left
//! over — past 16 MB, or throttled by the throttling decision — come back as `UnprocessedKeys` with
//! their table's parameters, ready to be sent again.

use alloc::collections::BTreeSet;
use alloc::string::String;
use alloc::vec::Vec;

use crate::api::batch::{BatchGetItemInput, BatchGetItemOutput, KeysAndAttributes};
use crate::capacity::{Consumed, ReadConsistency, Reason, Target};
use crate::db::Database;
use crate::error::ApiError;
use crate::ops::compile_read;
use crate::table::key::{key_from_key_param, PrimaryKey};
use crate::throttle::{throughput_exceeded, Access, ThrottlePolicy};
use crate::value::Item;

/// A BatchGetItem response carries at most this many bytes of items.
pub const MAX_RESPONSE_BYTES: u64 = 16 * 1024 * 1024;

pub(crate) const DUPLICATE_KEYS: &str = "Provided list of item keys contains duplicates";

impl Database {
    pub fn batch_get_item(&self, input: &BatchGetItemInput, throttle: &mut dyn ThrottlePolicy) -> Result<BatchGetItemOutput, ApiError> {
        // Validate everything before reading anything: a bad key anywhere fails the whole call.
        let mut plans = Vec::new();
        for (name, ka) in &input.request_items {
            let t = self.table_for_data(name)?;
            let compiled = compile_read(&ka.expressions(), None, "BatchGetItem")?;
            let mut seen = BTreeSet::new();
            let mut keys: Vec<(PrimaryKey, &Item)> = Vec::new();
            for k in &ka.keys {
                let pk = key_from_key_param(&t.def.keys, k)?;
                if !seen.insert(pk.clone()) {
                    return Err(ApiError::validation(DUPLICATE_KEYS));
                }
                keys.push((pk, k));
            }
            plans.push((name, ka, t, compiled, keys));
        }
        let (mut bytes, mut processed, mut requested) = (0u64, 0usize, 0usize);
        let mut billing = None;
        let mut out = BatchGetItemOutput {
            responses: Vec::new(),
            unprocessed: Vec::new(),
            consumed: Vec::new(),
            return_consumed_capacity: input.return_consumed_capacity,
        };
        for (name, ka, t, compiled, keys) in plans {
            billing.get_or_insert(t.def.billing);
            let consistency = if ka.consistent_read { ReadConsistency::Strong } else { ReadConsistency::Eventual };
            let mut consumed = Consumed::new(name);
            let (mut found, mut left): (Vec<Item>, Vec<Item>) = (Vec::new(), Vec::new());
            let mut full = false;
            for (pk, given) in keys {
                requested += 1;
                let stored = t.get_stored(&pk);
                let size = stored.map_or(0, |s| s.size());
                full = full || bytes + size > MAX_RESPONSE_BYTES;
                if full || throttle.active() && throttle.throttled(name, &pk.to_item(&t.def.keys), Access::Read) {
                    left.push(given.clone());
                    continue;
                }
                processed += 1;
                bytes += size;
                consumed.read(Target::Table, size, consistency, Reason::GetItem { found: stored.is_some() });
                if let Some(s) = stored {
                    found.push(s.read(&pk, compiled.projection.as_ref()).into_item());
                }
            }
            out.responses.push((String::from(name.as_str()), found));
            if !left.is_empty() {
                out.unprocessed.push((String::from(name.as_str()), KeysAndAttributes::with_keys(ka, left)));
            }
            if !consumed.charges.is_empty() {
                out.consumed.push(consumed);
            }
        }
        if processed == 0 && requested > 0 {
            if let Some(b) = billing {
                return Err(throughput_exceeded(b));
            }
        }
        Ok(out)
    }
}
