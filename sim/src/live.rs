//! The partition model fed by real requests and a wall clock: the server's `--throughput simulated`.
//!
//! Implements the engine's `ThrottlePolicy`. The engine asks, per item and in request order, whether a
//! request part may run; the answer comes from the part's partition (placed by its partition key's
//! hash, as in the simulator). A request's cost is known only once the engine has run it, so capacity is
//! debited afterwards ([`ThrottlePolicy::charged`]) and a bucket may go into debt: the requests after an
//! expensive one wait for the refill, as DynamoDB's do. Time advances by whole seconds of the clock the
//! server passes in. Queries and Scans are metered by the engine but not throttled here (the engine's
//! hook asks only about single items, batches and transactions).

use alloc::collections::BTreeMap;
use alloc::string::String;
use alloc::vec::Vec;

use engine::capacity::{Consumed, Kind as ChargeKind, Target as ChargeTarget};
use engine::db::Database;
use engine::throttle::{Access, ThrottlePolicy};
use engine::value::Item;

use crate::layout::key_hash;
use crate::target::{Kind, Target, ThrottleReason};

struct LiveTable {
    pk: String,
    target: Target,
    /// The definition this state was built from (rebuilt when it changes).
    signature: String,
}

/// Per-table partition state for the live server.
#[derive(Default)]
pub struct LiveThrottle {
    tables: BTreeMap<String, LiveTable>,
    second: Option<u64>,
    /// Parts admitted during the current call: (table, partition, kind).
    admitted: Vec<(String, usize, Kind)>,
    /// Throttles so far, by reason (for logs and tests).
    pub throttles: BTreeMap<ThrottleReason, u64>,
}

/// At most this many seconds are replayed when the clock jumps (a full burst bucket needs 300).
const MAX_CATCH_UP: u64 = 301;

impl LiveThrottle {
    pub fn new() -> LiveThrottle {
        LiveThrottle::default()
    }

    /// Follow the tables' definitions: new tables get fresh partitions, changed ones are rebuilt,
    /// deleted ones dropped. Cheap when nothing changed.
    pub fn sync(&mut self, db: &Database) {
        self.tables.retain(|name, _| db.table(name).is_some());
        for name in db.table_names() {
            let Some(t) = db.table(name) else { continue };
            let signature = alloc::format!("{:?}{:?}", t.def.billing, t.def.throughput);
            if self.tables.get(name).is_some_and(|l| l.signature == signature) {
                continue;
            }
            let mut target = Target::new(crate::runner::spec_for(db, None, name, None));
            target.tick();
            self.tables.insert(String::from(name), LiveTable { pk: t.def.keys.pk.name.clone(), target, signature });
        }
    }

    /// Start a call at `now_millis`: whole seconds that passed refill the buckets.
    pub fn begin(&mut self, now_millis: u64) {
        self.admitted.clear();
        let now = now_millis / 1000;
        let Some(last) = self.second else {
            self.second = Some(now);
            return;
        };
        if now <= last {
            return;
        }
        for _ in 0..(now - last).min(MAX_CATCH_UP) {
            for t in self.tables.values_mut() {
                t.target.end_second();
                t.target.tick();
            }
        }
        self.second = Some(now);
    }

    pub fn partitions(&self, table: &str) -> Option<usize> {
        self.tables.get(table).map(|t| t.target.layout.count())
    }
}

impl ThrottlePolicy for LiveThrottle {
    fn throttled(&mut self, table: &str, key: &Item, access: Access) -> bool {
        let Some(t) = self.tables.get_mut(table) else { return false };
        let Some(hash) = key.get(&t.pk).and_then(key_hash) else { return false };
        let p = t.target.layout.place(hash);
        let kind = match access {
            Access::Read => Kind::Read,
            Access::Write => Kind::Write,
        };
        // Parts already admitted in this call will cost at least the minimum (0.5 RCU / 1 WCU), so a
        // batch cannot push a partition past its last tokens all at once.
        let min = match kind {
            Kind::Read => 1,
            Kind::Write => 2,
        };
        let pending = self.admitted.iter().filter(|(n, q, k)| n == table && *q == p && *k == kind).count() as u64 * min;
        match t.target.may_start(p, kind, pending) {
            Ok(()) => {
                self.admitted.push((String::from(table), p, kind));
                false
            }
            Err(reason) => {
                *self.throttles.entry(reason).or_default() += 1;
                true
            }
        }
    }

    fn charged(&mut self, consumed: &Consumed) {
        let Some(t) = self.tables.get_mut(&consumed.table_name) else { return };
        // The table's own and its LSIs' charges (GSIs are not metered live).
        let (mut read, mut write) = (0u64, 0u64);
        for c in &consumed.charges {
            if matches!(c.target, ChargeTarget::GlobalIndex(_)) {
                continue;
            }
            match c.kind {
                ChargeKind::Read => read += c.half_units,
                ChargeKind::Write => write += c.half_units,
            }
        }
        // Spread over the parts admitted for this table in this call (exact for single-item calls).
        for (kind, total) in [(Kind::Read, read), (Kind::Write, write)] {
            let parts: Vec<usize> = self.admitted.iter().filter(|(n, _, k)| n == &consumed.table_name && *k == kind).map(|(_, p, _)| *p).collect();
            if parts.is_empty() || total == 0 {
                continue;
            }
            let n = parts.len() as u64;
            for (i, p) in parts.iter().enumerate() {
                let c = total / n + u64::from((i as u64) < total % n);
                t.target.debit(*p, kind, c);
            }
        }
        self.admitted.retain(|(n, _, _)| n != &consumed.table_name);
    }
}
