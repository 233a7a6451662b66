//! The throttling decision, taken as an input.
//!
//! DynamoDB throttles per partition; which requests throttle is the business of a partition simulator
//! that lives outside this module. The engine only needs to know, request part by request part, whether
//! that part was throttled, and then answers exactly as DynamoDB does: single-item operations fail with
//! `ProvisionedThroughputExceededException` on a provisioned table and `ThrottlingException` (HTTP 400,
//! DynamoDB's "Throughput exceeds the current capacity…" message) on an on-demand one, as the AWS SDKs
//! report it from DynamoDB (aws-sdk-java#2222, aws-sdk-go-v2 error strings; botocore retries both as
//! throttling errors), batch operations hand the throttled parts back as
//! `UnprocessedKeys` / `UnprocessedItems` (and fail only when nothing at all could be processed), and
//! transactions are cancelled with a throttling reason for the throttled items.
//!
//! The policy is consulted once per item and per request, in request order, so a stateful policy
//! (a token bucket per partition, say) sees the same sequence of calls on every run: about each item's
//! key ([`ThrottlePolicy::throttled`]), each Query or Scan page ([`ThrottlePolicy::range_throttled`]),
//! and, for a write to a table with GSIs, about the GSI entries it writes once the item is known
//! ([`ThrottlePolicy::index_writes_throttled`]: a throttled GSI throttles the base-table write).

use alloc::collections::BTreeSet;
use alloc::string::String;

use crate::capacity::Consumed;
use crate::error::ApiError;
use crate::table::key::{KeyVal, PrimaryKey};
use crate::table::schema::{BillingMode, IndexDef, IndexKind};
use crate::table::Table;
use crate::value::{item_to_json, Item};

/// Whether a request part reads or writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Access {
    Read,
    Write,
}

/// Where a Query or Scan page starts reading (see [`ThrottlePolicy::range_throttled`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum ReadRange<'a> {
    /// A Query of one partition key: its attribute and value (the table's, or the GSI's).
    Partition(&'a Item),
    /// A Scan page: after the partition key of its ExclusiveStartKey (the table's, or the GSI's), or from
    /// the start of segment `segment` of `total` (0 of 1 for a Scan that is not parallel).
    Scan { after: Option<&'a Item>, segment: u32, total: u32 },
}

/// Decides which request parts are throttled. `key` holds only the primary key attributes.
pub trait ThrottlePolicy {
    fn throttled(&mut self, table: &str, key: &Item, access: Access) -> bool;

    /// Whether a Query or Scan page of `table` (through the GSI `global_index`; a local index reads the
    /// table's own partitions, so it is `None`) is throttled. Asked once per call, after the request
    /// validated and before anything is read. Never throttles by default.
    fn range_throttled(&mut self, _table: &str, _global_index: Option<&str>, _range: ReadRange<'_>) -> bool {
        false
    }

    /// Whether the GSIs a base-table write must update can take it (back-pressure: a GSI that cannot
    /// throttles the base-table write). Asked after [`ThrottlePolicy::throttled`] admitted that write,
    /// once the item it writes is known and before anything is written, with the GSI entries in the
    /// order the write charges them (a changed index key: the old entry, then the new). When this says
    /// `true`, the write is throttled as a whole: the table part admitted just before is not made.
    /// Never throttles by default.
    fn index_writes_throttled(&mut self, _table: &str, _writes: &[IndexWrite<'_>]) -> bool {
        false
    }

    /// `false` when the policy never throttles, so callers can skip building key items.
    fn active(&self) -> bool {
        true
    }

    /// What a call consumed, table by table, once it has run (after every [`ThrottlePolicy::throttled`]
    /// question of that call). A policy that meters partitions (the server's simulated throughput) debits
    /// the capacity here; the default ignores it. Called for calls that succeed, and for single writes
    /// that fail their condition (DynamoDB charges those their write capacity).
    fn charged(&mut self, _consumed: &Consumed) {}
}

/// Nothing is ever throttled: the default policy.
#[derive(Debug, Clone, Copy, Default)]
pub struct NoThrottle;

impl ThrottlePolicy for NoThrottle {
    fn throttled(&mut self, _table: &str, _key: &Item, _access: Access) -> bool {
        false
    }

    fn active(&self) -> bool {
        false
    }
}

/// Throttle exactly the listed (table, key) pairs, for reads and writes alike (tests, the UI's
/// "make this key hot" switch). Keys compare by value, so `{"N":"1.0"}` and `{"N":"1"}` are one key.
#[derive(Debug, Clone, Default)]
pub struct ThrottleKeys {
    keys: BTreeSet<(String, String)>,
}

impl ThrottleKeys {
    pub fn new() -> Self {
        ThrottleKeys::default()
    }

    pub fn add(&mut self, table: &str, key: &Item) {
        self.keys.insert((String::from(table), alloc::string::ToString::to_string(&item_to_json(key))));
    }

    pub fn len(&self) -> usize {
        self.keys.len()
    }

    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }
}

impl ThrottlePolicy for ThrottleKeys {
    fn throttled(&mut self, table: &str, key: &Item, _access: Access) -> bool {
        // Items are BTreeMaps of canonical values, so their JSON text is a canonical identity.
        self.keys.contains(&(String::from(table), alloc::string::ToString::to_string(&item_to_json(key))))
    }
}

pub use crate::table::IndexWrite;

const PROVISIONED_MESSAGE: &str = "The level of configured provisioned throughput for the table was exceeded. Consider increasing your provisioning level with the UpdateTable API.";
const INDEX_PROVISIONED_MESSAGE: &str = "The level of configured provisioned throughput for one or more global secondary indexes of the table was exceeded. Consider increasing your provisioning level for the under-provisioned global secondary indexes with the UpdateTable API";
const ON_DEMAND_MESSAGE: &str = "Throughput exceeds the current capacity of your table or index. DynamoDB is automatically scaling your table or index so please try again shortly. If exceptions persist, check if you have a hot key: https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/bp-partition-key-design.html";

/// The error of a throttled single-item request (and of a batch none of whose parts could be served):
/// `ProvisionedThroughputExceededException` on a provisioned table, `ThrottlingException` with the
/// on-demand message on an on-demand one (what DynamoDB answers; see the module's doc).
pub fn throughput_exceeded(billing: BillingMode) -> ApiError {
    match billing {
        BillingMode::Provisioned => ApiError::ProvisionedThroughputExceeded(String::from(PROVISIONED_MESSAGE)),
        BillingMode::PayPerRequest => ApiError::Throttling(String::from(ON_DEMAND_MESSAGE)),
    }
}

/// The error of a request throttled by a global secondary index: a base-table write the GSI could not
/// take, or a read of the GSI. On-demand tables answer as for the table itself.
pub fn index_throughput_exceeded(billing: BillingMode) -> ApiError {
    match billing {
        BillingMode::Provisioned => ApiError::ProvisionedThroughputExceeded(String::from(INDEX_PROVISIONED_MESSAGE)),
        BillingMode::PayPerRequest => ApiError::Throttling(String::from(ON_DEMAND_MESSAGE)),
    }
}

/// The cancellation reason of a transaction item throttled by a GSI that could not take its write.
pub fn index_transaction_reason(billing: BillingMode) -> (&'static str, &'static str) {
    match billing {
        BillingMode::Provisioned => ("ProvisionedThroughputExceeded", INDEX_PROVISIONED_MESSAGE),
        BillingMode::PayPerRequest => ("ThrottlingError", ON_DEMAND_MESSAGE),
    }
}

/// Ask `throttle` about the GSI entries a write of `new` (`None`: a delete) at `key` makes; `true` when
/// the write is throttled. Tables without a GSI, and inactive policies, are not asked.
pub(crate) fn index_writes_refused(t: &Table, key: &PrimaryKey, new: Option<&Item>, throttle: &mut dyn ThrottlePolicy) -> bool {
    if !throttle.active() {
        return false;
    }
    let writes = t.global_index_writes(key, new);
    !writes.is_empty() && throttle.index_writes_throttled(t.name(), &writes)
}

/// Ask `throttle` about a Query (`scan` is `None`; `pk` is the partition key read) or a Scan page
/// (`scan` is its segment and total; `pk` the partition key of its ExclusiveStartKey, if any) of `t`
/// through `index`; `Err` is DynamoDB's answer.
pub(crate) fn check_read_range(
    t: &Table,
    index: Option<&IndexDef>,
    pk: Option<&KeyVal>,
    scan: Option<(u32, u32)>,
    throttle: &mut dyn ThrottlePolicy,
) -> Result<(), ApiError> {
    if !throttle.active() {
        return Ok(());
    }
    let gsi = index.filter(|i| i.kind == IndexKind::Global);
    let attr = gsi.map_or(&t.def.keys.pk.name, |i| &i.keys.pk.name);
    let key = pk.map(|v| {
        let mut k = Item::new();
        k.insert(attr.clone(), v.to_value());
        k
    });
    let range = match (scan, &key) {
        (Some((segment, total)), after) => ReadRange::Scan { after: after.as_ref(), segment, total },
        (None, Some(k)) => ReadRange::Partition(k),
        (None, None) => return Ok(()),
    };
    if throttle.range_throttled(t.name(), gsi.map(|i| i.name.as_str()), range) {
        return Err(match gsi {
            Some(_) => index_throughput_exceeded(t.def.billing),
            None => throughput_exceeded(t.def.billing),
        });
    }
    Ok(())
}

/// The cancellation reason of a throttled transaction item: (code, message).
pub fn transaction_reason(billing: BillingMode) -> (&'static str, &'static str) {
    match billing {
        BillingMode::Provisioned => ("ProvisionedThroughputExceeded", PROVISIONED_MESSAGE),
        BillingMode::PayPerRequest => ("ThrottlingError", ON_DEMAND_MESSAGE),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::number::Number;
    use crate::value::AttributeValue;

    fn key(n: &str) -> Item {
        let mut k = Item::new();
        k.insert(String::from("id"), AttributeValue::N(Number::parse(n).unwrap_or_default()));
        k
    }

    #[test]
    fn listed_keys_throttle_by_value_and_table() {
        let mut t = ThrottleKeys::new();
        t.add("T", &key("1.0"));
        assert!(t.throttled("T", &key("1"), Access::Read));
        assert!(t.throttled("T", &key("1.00"), Access::Write));
        assert!(!t.throttled("U", &key("1"), Access::Read));
        assert!(!t.throttled("T", &key("2"), Access::Read));
        assert!(t.active() && !NoThrottle.active());
    }
}
