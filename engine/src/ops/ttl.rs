//! Time to Live: expiry of items whose TTL attribute (a Number of epoch seconds) has passed.
//!
//! The playground's choice, within DynamoDB's documented semantics: DynamoDB deletes expired items
//! "within a few days" and until then they are still readable. The engine has no clock of its own, so
//! the deletion happens in [`Database::advance_time`], which `Database::execute` calls with each
//! request's `now` *before* running the request. Whenever the clock moves forward, every item whose
//! expiry second has been reached is deleted; so an expired item stays readable only until the clock
//! next advances (and enabling TTL deletes the already-expired items at once). Deletions are service deletes:
//! no capacity is charged, and their stream records carry the `dynamodb.amazonaws.com` service identity.
//! As on AWS, values more than five years in the past are not treated as expiry times, and items
//! whose TTL attribute is not a Number never expire.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use serde_json::Value;

use crate::api::ttl::{description_json, UpdateTimeToLiveInput};
use crate::capacity::{Consumed, Factor};
use crate::db::Database;
use crate::error::ApiError;
use crate::stream::Writer;
use crate::number::Number;
use crate::table::key::PrimaryKey;
use crate::table::Table;
use crate::value::AttributeValue;

/// Expiry times further than this in the past are ignored (DynamoDB's five-year rule).
pub const IGNORE_OLDER_THAN_SECS: u64 = 5 * 365 * 24 * 60 * 60;
/// A second UpdateTimeToLive within this window of the previous change is refused, as on AWS.
pub const TTL_CHANGE_COOLDOWN_MS: u64 = 30 * 60 * 1000;

fn not_found(name: &str) -> ApiError {
    ApiError::ResourceNotFound(format!("Requested resource not found: Table: {name} not found"))
}

/// Whether an item with this TTL value has expired at `now_secs`.
pub fn is_expired(v: &AttributeValue, now_secs: u64) -> bool {
    let AttributeValue::N(n) = v else { return false };
    let now = Number::from_u64(now_secs);
    let oldest = Number::from_u64(now_secs.saturating_sub(IGNORE_OLDER_THAN_SECS));
    *n <= now && *n >= oldest
}

/// Delete every expired item of `t` as the TTL service, reading the expiry index's expired front.
fn sweep(t: &mut Table, now_ms: u64) {
    let now_secs = now_ms / 1000;
    let expired: Vec<PrimaryKey> = t
        .extras
        .ttl
        .by_expiry
        .iter()
        .take_while(|(n, _)| *n <= Number::from_u64(now_secs))
        .filter(|(n, _)| is_expired(&AttributeValue::N(*n), now_secs))
        .map(|(_, k)| k.clone())
        .collect();
    if expired.is_empty() {
        return;
    }
    let mut nobody = Consumed::new(t.name());
    t.extras.writer = Writer::TtlService;
    for key in expired {
        t.commit_write(&key, None, Factor::Standard, &mut nobody);
        nobody.charges.clear();
    }
    t.extras.writer = Writer::User;
}

impl Database {
    /// Let the caller's clock advance to `now` (epoch ms): stamp stream records with it, trim stream
    /// records past retention, deliver the writes that have reached the asynchronous indexes, and
    /// delete expired TTL items. Idempotent for a given `now`; a clock that
    /// goes backwards is treated as not moving.
    pub fn advance_time(&mut self, now: u64) {
        self.now = self.now.max(now);
        for t in self.tables.values_mut() {
            let now = now.max(t.extras.clock_ms);
            let moved = now != t.extras.clock_ms;
            t.extras.clock_ms = now;
            if !moved {
                continue;
            }
            t.extras.streams.trim(now);
            t.propagate(now);
            if t.extras.ttl.attribute.is_some() {
                sweep(t, now);
            }
        }
    }

    pub fn update_time_to_live(&mut self, input: &UpdateTimeToLiveInput, now: u64) -> Result<(), ApiError> {
        let t = self.tables.get_mut(&input.table_name).ok_or_else(|| not_found(&input.table_name))?;
        let ttl = &mut t.extras.ttl;
        match (&ttl.attribute, input.enabled) {
            (Some(a), true) if *a == input.attribute_name => return Err(ApiError::validation("TimeToLive is already enabled")),
            (Some(a), _) if *a != input.attribute_name => {
                return Err(ApiError::Validation(format!("TimeToLive is active on a different AttributeName: current AttributeName is {a}")))
            }
            (None, false) => return Err(ApiError::validation("TimeToLive is already disabled")),
            _ => {}
        }
        if ttl.changed_at.is_some_and(|at| now < at.saturating_add(TTL_CHANGE_COOLDOWN_MS)) {
            return Err(ApiError::validation("Time to live has been modified multiple times within a fixed interval"));
        }
        ttl.attribute = if input.enabled { Some(input.attribute_name.clone()) } else { None };
        ttl.changed_at = Some(now);
        t.rebuild_expiry_index();
        Ok(())
    }

    /// The TTL attribute while TTL is enabled.
    pub fn time_to_live(&self, table: &str) -> Result<Option<&str>, ApiError> {
        let t = self.tables.get(table).ok_or_else(|| not_found(table))?;
        Ok(t.extras.ttl.attribute.as_deref())
    }

    pub(crate) fn update_time_to_live_json(&mut self, input: &Value, now: u64) -> Result<Value, ApiError> {
        let input = UpdateTimeToLiveInput::from_json(input)?;
        self.update_time_to_live(&input, now)?;
        // Items already expired go at once, as if the sweeper had run.
        if let Some(t) = self.tables.get_mut(&input.table_name) {
            let now = now.max(t.extras.clock_ms);
            sweep(t, now);
        }
        Ok(input.output_json())
    }

    pub(crate) fn describe_time_to_live_json(&self, input: &Value) -> Result<Value, ApiError> {
        let m = crate::api::json::body(input)?;
        let name = crate::api::json::opt_str(m, "TableName")?;
        let mut c = crate::api::json::Checks::new();
        c.name(name, "tableName", true);
        c.finish()?;
        let name = String::from(name.unwrap_or_default());
        Ok(description_json(self.time_to_live(&name)?))
    }
}
