//! BatchWriteItem: up to 25 puts and deletes over several tables, no condition, no return values.
//! Every request is validated before any is applied (a bad key or a duplicate fails the whole call,
//! as DynamoDB does); then each is applied through the table's write path and charged on its own.
//! Requests the throttling decision rejects come back as `UnprocessedItems`, exactly as sent.

use alloc::collections::BTreeSet;
use alloc::string::String;
use alloc::vec::Vec;

use crate::api::batch::{BatchWrite, BatchWriteItemInput, BatchWriteItemOutput};
use crate::capacity::{Consumed, Factor};
use crate::db::Database;
use crate::error::ApiError;
use crate::ops::batch_get::DUPLICATE_KEYS;
use crate::table::validate::validate_item;
use crate::table::key::{key_from_key_param, KeyVal, PrimaryKey};
use crate::throttle::{index_writes_refused, throughput_exceeded, Access, ThrottlePolicy};

impl Database {
    pub fn batch_write_item(
        &mut self,
        input: &BatchWriteItemInput,
        _now: u64,
        throttle: &mut dyn ThrottlePolicy,
    ) -> Result<BatchWriteItemOutput, ApiError> {
        let mut plans: Vec<(&str, Vec<(PrimaryKey, &BatchWrite)>)> = Vec::new();
        for (name, reqs) in &input.request_items {
            let t = self.table_for_data(name)?;
            let mut seen = BTreeSet::new();
            let mut keyed = Vec::new();
            for r in reqs {
                let key = match r {
                    BatchWrite::Put(item) => validate_item(t, item, "Item size has exceeded the maximum allowed size")?,
                    BatchWrite::Delete(key) => key_from_key_param(&t.def.keys, key)?,
                };
                if !seen.insert(key.clone()) {
                    return Err(ApiError::validation(DUPLICATE_KEYS));
                }
                keyed.push((key, r));
            }
            for (key, r) in &keyed {
                if let BatchWrite::Put(item) = r {
                    t.check_write(key, Some(item))?;
                }
            }
            plans.push((name.as_str(), keyed));
        }
        let mut out = BatchWriteItemOutput {
            unprocessed: Vec::new(),
            consumed: Vec::new(),
            return_consumed_capacity: input.return_consumed_capacity,
            item_collection_metrics: Vec::new(),
        };
        let (mut processed, mut requested) = (0usize, 0usize);
        let mut billing = None;
        for (name, keyed) in plans {
            let t = self.table_for_data_mut(name)?;
            billing.get_or_insert(t.def.billing);
            let mut consumed = Consumed::new(name);
            let mut left = Vec::new();
            let mut collections: BTreeSet<KeyVal> = BTreeSet::new();
            for (key, r) in keyed {
                requested += 1;
                if throttle.active() && throttle.throttled(name, &key.to_item(&t.def.keys), Access::Write) {
                    left.push(r.clone());
                    continue;
                }
                let new = match r {
                    BatchWrite::Put(item) => Some(item.clone()),
                    BatchWrite::Delete(_) => None,
                };
                if index_writes_refused(t, &key, new.as_ref(), throttle) {
                    left.push(r.clone());
                    continue;
                }
                processed += 1;
                t.commit_write(&key, new.as_ref(), Factor::Standard, &mut consumed);
                collections.insert(key.pk);
            }
            if input.return_item_collection_metrics && t.def.has_lsi() && !collections.is_empty() {
                let metrics = collections
                    .into_iter()
                    .map(|pk| crate::ops::write::item_collection_metrics(t, &pk))
                    .collect();
                out.item_collection_metrics.push((String::from(name), metrics));
            }
            if !left.is_empty() {
                out.unprocessed.push((String::from(name), left));
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
