//! The partition model fed by real requests and a wall clock: the server's `--throughput simulated`.
//!
//! Implements the engine's `ThrottlePolicy`. The engine asks, per request part and in request order,
//! whether it may run; the answer comes from the part's partition, on the same targets the simulator
//! builds (`runner::targets_for`: the table, whose LSIs share its partitions, and each GSI), placed by
//! the partition key's hash:
//! - an item (GetItem, PutItem, UpdateItem, DeleteItem, batch and transaction items): the table's
//!   partition of its key;
//! - a Query: the partition of the key it reads, on the table or on the GSI it names;
//! - a Scan page: the partition of its ExclusiveStartKey's partition key, or for a first page the
//!   partition at the start of its segment's share of the ring (our choice: DynamoDB does not say where
//!   a Scan starts); the whole page is charged there;
//! - a base-table write's GSI entries (asked once the written item is known): each on its GSI's
//!   partition; when one cannot take it, the base-table write is throttled as a whole (back-pressure,
//!   counted as [`ThrottleReason::IndexBackPressure`]), as the simulator does.
//!
//! A request's cost is known only once the engine has run it, so capacity is debited afterwards
//! ([`ThrottlePolicy::charged`]), each charge on the partition of the part it came from, and a bucket may
//! go into debt: the requests after an expensive one wait for the refill, as DynamoDB's do. Time
//! advances by whole seconds of the clock the server passes in.
//!
//! Adaptive capacity's isolation of hot items is the simulator's own rule ([`crate::isolation`]): each
//! charge is also counted for the partition key of its part (a Scan page has none, as in the
//! simulator), and when a second ends, a partition throttled at its ceiling for ten seconds in a row
//! gets that second's hottest key on a partition of its own.

use alloc::collections::BTreeMap;
use alloc::string::String;
use alloc::vec::Vec;

use engine::capacity::{Consumed, Kind as ChargeKind, Reason, Target as ChargeTarget};
use engine::db::Database;
use engine::throttle::{Access, IndexWrite, ReadRange, ThrottlePolicy};
use engine::table::schema::{BillingMode, IndexKind, Throughput};
use engine::value::Item;

use crate::isolation::{isolate_hottest, key_text, KeySecond};
use crate::layout::key_hash;
use crate::pricing::served_by;
use crate::target::{Kind, Target, ThrottleReason};

/// What of a table's definition the partitions depend on: billing, throughput, and each index's name, kind
/// and throughput.
type Signature = (BillingMode, Option<Throughput>, Vec<(String, IndexKind, Option<Throughput>)>);

struct LiveTable {
    /// The partition-key attribute of each target, parallel to `targets`.
    pks: Vec<String>,
    /// The table first, then each GSI (see `runner::targets_for`).
    targets: Vec<Target>,
    /// The definition this state was built from (rebuilt when it changes).
    signature: Signature,
    /// Per target, this second's served traffic per partition-key text: (hash, read + 3 × write
    /// half-units), what isolation picks the hottest key from.
    second_keys: Vec<BTreeMap<String, (u64, u64)>>,
}

impl LiveTable {
    fn target_of(&self, index: Option<&str>) -> Option<usize> {
        match index {
            None => Some(0),
            Some(i) => self.targets.iter().position(|t| t.index.as_deref() == Some(i)),
        }
    }
}

/// A part admitted during the current call: (table, target, partition, kind, its partition key's
/// (hash, text) when it has one).
type Admitted = (String, usize, usize, Kind, Option<(u64, String)>);

/// Per-table partition state for the live server.
#[derive(Default)]
pub struct LiveThrottle {
    tables: BTreeMap<String, LiveTable>,
    second: Option<u64>,
    /// Parts admitted during the current call, in the order they were asked about.
    admitted: Vec<Admitted>,
    /// Throttles so far, by reason (for logs and tests).
    pub throttles: BTreeMap<ThrottleReason, u64>,
}

/// At most this many seconds are replayed when the clock jumps (a full burst bucket needs 300).
const MAX_CATCH_UP: u64 = 301;

fn kind_of(access: Access) -> Kind {
    match access {
        Access::Read => Kind::Read,
        Access::Write => Kind::Write,
    }
}

/// Whether a charge starts a new request part (an item read or written, a Query or Scan page) rather
/// than adding to the part before it (an LSI entry of a write, an LSI read's fetch from the table).
fn starts_part(target: &ChargeTarget, reason: &Reason) -> bool {
    match target {
        ChargeTarget::GlobalIndex(_) => true,
        _ => !matches!(
            reason,
            Reason::LsiFetch { .. }
                | Reason::IndexPut
                | Reason::IndexDelete
                | Reason::IndexKeyChangedDelete
                | Reason::IndexKeyChangedPut
                | Reason::IndexUpdate
        ),
    }
}

impl LiveThrottle {
    pub fn new() -> LiveThrottle {
        LiveThrottle::default()
    }

    /// Follow the tables' definitions: new tables get fresh partitions, changed ones (capacity, GSIs)
    /// are rebuilt, deleted ones dropped. Cheap when nothing changed.
    pub fn sync(&mut self, db: &Database) {
        self.tables.retain(|name, _| db.table(name).is_some());
        for name in db.table_names() {
            let Some(t) = db.table(name) else { continue };
            let indexes = t.def.indexes.iter().map(|i| (i.name.clone(), i.kind, i.throughput)).collect();
            let signature = (t.def.billing, t.def.throughput, indexes);
            if self.tables.get(name).is_some_and(|l| l.signature == signature) {
                continue;
            }
            let mut targets = crate::runner::targets_for(db, None, name);
            let pks = targets
                .iter()
                .map(|tg| match &tg.index {
                    None => t.def.keys.pk.name.clone(),
                    Some(i) => t.def.index(i).map_or_else(String::new, |d| d.keys.pk.name.clone()),
                })
                .collect();
            targets.iter_mut().for_each(Target::tick);
            let second_keys = alloc::vec![BTreeMap::new(); targets.len()];
            self.tables.insert(String::from(name), LiveTable { pks, targets, signature, second_keys });
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
                for (target, keys) in t.targets.iter_mut().zip(&mut t.second_keys) {
                    let hot = target.end_second();
                    // The keys are those of the second that just ended (the first one replayed);
                    // a second with no traffic has none, and resets every hot streak anyway.
                    let served = keys.iter().map(|(text, &(hash, accessed))| KeySecond { hash, accessed, text });
                    isolate_hottest(target, hot, served);
                    keys.clear();
                    target.tick();
                }
            }
        }
        self.second = Some(now);
    }

    /// The table's partitions now.
    pub fn partitions(&self, table: &str) -> Option<usize> {
        self.index_partitions(table, None)
    }

    /// The partitions of the table (`None`) or of one of its GSIs now.
    pub fn index_partitions(&self, table: &str, index: Option<&str>) -> Option<usize> {
        let t = self.tables.get(table)?;
        t.target_of(index).map(|i| t.targets[i].layout.count())
    }

    /// The partition of target `ti` a partition-key value (in `key`, under the target's attribute) is
    /// on, with the key's hash and text.
    fn place(&self, table: &str, ti: usize, key: &Item) -> Option<(usize, (u64, String))> {
        let t = self.tables.get(table)?;
        let v = key.get(&t.pks[ti])?;
        let hash = key_hash(v)?;
        Some((t.targets[ti].layout.place(hash), (hash, key_text(v).into_owned())))
    }

    /// May a part start on partition `p` of target `ti`? Parts already admitted in this call will cost
    /// at least the minimum (0.5 RCU / 1 WCU), so a batch cannot push a partition past its last tokens
    /// all at once.
    fn admit(&mut self, table: &str, ti: usize, p: usize, kind: Kind, key: Option<(u64, String)>) -> Result<(), ThrottleReason> {
        let min = match kind {
            Kind::Read => 1,
            Kind::Write => 2,
        };
        let same = |a: &&Admitted| a.0 == table && a.1 == ti && a.2 == p && a.3 == kind;
        let pending = self.admitted.iter().filter(same).count() as u64 * min;
        let Some(t) = self.tables.get_mut(table) else { return Ok(()) };
        t.targets[ti].may_start(p, kind, pending)?;
        self.admitted.push((String::from(table), ti, p, kind, key));
        Ok(())
    }

    fn refused(&mut self, reason: ThrottleReason) -> bool {
        *self.throttles.entry(reason).or_default() += 1;
        true
    }
}

impl ThrottlePolicy for LiveThrottle {
    fn throttled(&mut self, table: &str, key: &Item, access: Access) -> bool {
        let Some((p, k)) = self.place(table, 0, key) else { return false };
        match self.admit(table, 0, p, kind_of(access), Some(k)) {
            Ok(()) => false,
            Err(reason) => self.refused(reason),
        }
    }

    fn range_throttled(&mut self, table: &str, global_index: Option<&str>, range: ReadRange<'_>) -> bool {
        let Some(ti) = self.tables.get(table).and_then(|t| t.target_of(global_index)) else { return false };
        // A Query's part carries its key (for isolation); a Scan page, as in the simulator, none.
        let placed = match range {
            ReadRange::Partition(key) => self.place(table, ti, key).map(|(p, k)| (p, Some(k))),
            ReadRange::Scan { after: Some(key), .. } => self.place(table, ti, key).map(|(p, _)| (p, None)),
            ReadRange::Scan { after: None, segment, total } => self.tables.get(table).map(|t| {
                let n = t.targets[ti].layout.count() as u64;
                ((u64::from(segment) * n / u64::from(total.max(1))).min(n.saturating_sub(1)) as usize, None)
            }),
        };
        let Some((p, key)) = placed else { return false };
        match self.admit(table, ti, p, Kind::Read, key) {
            Ok(()) => false,
            Err(reason) => self.refused(reason),
        }
    }

    fn index_writes_throttled(&mut self, table: &str, writes: &[IndexWrite<'_>]) -> bool {
        let mark = self.admitted.len();
        for w in writes {
            let Some(ti) = self.tables.get(table).and_then(|t| t.target_of(Some(w.index))) else { continue };
            let Some((p, k)) = self.place(table, ti, &w.key) else { continue };
            if self.admit(table, ti, p, Kind::Write, Some(k)).is_err() {
                // All or nothing: this write's GSI parts, and the base-table part admitted before them.
                self.admitted.truncate(mark);
                if let Some(base) = self.admitted.iter().rposition(|a| a.0 == table && a.1 == 0 && a.3 == Kind::Write) {
                    self.admitted.remove(base);
                }
                return self.refused(ThrottleReason::IndexBackPressure);
            }
        }
        false
    }

    fn charged(&mut self, consumed: &Consumed) {
        let name = consumed.table_name.as_str();
        let Some(t) = self.tables.get_mut(name) else { return };
        // The parts admitted for this table, in order; each charge goes to the part it came from: the
        // next unused one of its target and kind, or (an LSI entry, an LSI fetch) the part before it.
        let mine_only: Vec<&Admitted> = self.admitted.iter().filter(|a| a.0 == name).collect();
        let mut parts: Vec<(usize, usize, Kind, bool)> = mine_only.iter().map(|a| (a.1, a.2, a.3, false)).collect();
        for c in &consumed.charges {
            let Some(ti) = t.target_of(served_by(&c.target)) else { continue };
            let kind = match c.kind {
                ChargeKind::Read => Kind::Read,
                ChargeKind::Write => Kind::Write,
            };
            let mine = |q: &(usize, usize, Kind, bool)| q.0 == ti && q.2 == kind;
            let next = parts.iter().position(|q| mine(q) && !q.3);
            let last = parts.iter().rposition(|q| mine(q) && q.3);
            let at = if starts_part(&c.target, &c.reason) { next.or(last) } else { last.or(next) };
            let Some(at) = at else { continue };
            parts[at].3 = true;
            t.targets[ti].debit(parts[at].1, kind, c.half_units);
            if let Some((hash, text)) = &mine_only[at].4 {
                let eq = if kind == Kind::Write { 3 * c.half_units } else { c.half_units };
                let entry = t.second_keys[ti].entry(text.clone()).or_insert((*hash, 0));
                entry.1 += eq;
            }
        }
        self.admitted.retain(|a| a.0 != name);
    }
}
