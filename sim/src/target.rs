//! One table or GSI as DynamoDB serves it: its partitions, their buckets, and the admission rule.
//!
//! Admission of one request part costing `c` half-units on partition `p` (in this order):
//! 1. the partition's ceiling: this second's reads + 3 × writes must stay within 6,000 half-units
//!    (3,000 RCU or 1,000 WCU or a linear combination; published) — else `PartitionLimit`;
//! 2. on-demand: the table's warm throughput as a linear combination (see [`crate::warm`]) — else
//!    `OnDemandLimit`;
//! 3. provisioned: the partition's own bucket (its share plus burst) pays if it can; otherwise, with
//!    adaptive capacity, the request borrows the table's unused provisioned throughput for this second;
//!    else `ProvisionedExceeded`.
//!
//! A GSI is a target of its own; a base-table write that a GSI partition cannot take is throttled as a
//! whole (back-pressure), which the runner handles by admitting all parts of a request or none.

use alloc::string::String;
use alloc::vec::Vec;

use serde::{Deserialize, Serialize};

use crate::autoscale::Scaler;
use crate::bucket::Bucket;
use crate::layout::{self, Layout, PARTITION_EQ_HALF};
use crate::warm::Warm;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Read,
    Write,
}

/// Why a request part was throttled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ThrottleReason {
    /// The partition reached 3,000 read / 1,000 write units (or their combination) this second.
    PartitionLimit,
    /// Provisioned: the partition's share and burst were spent and the table had nothing to lend.
    ProvisionedExceeded,
    /// On-demand: the table's (or GSI's) warm throughput was reached.
    OnDemandLimit,
    /// A base-table write whose GSI could not take its index write.
    IndexBackPressure,
}

/// How a part was paid, so a refused request can be undone exactly.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Taken {
    Own,
    Borrowed,
    OnDemand,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Provisioned read and write capacity units.
    Provisioned { read: u64, write: u64 },
    OnDemand,
}

#[derive(Debug, Clone)]
pub struct PartState {
    pub read: Bucket,
    pub write: Bucket,
    pub used_read: u64,
    pub used_write: u64,
    /// Requests refused at the ceiling this second.
    pub ceiling_throttles: u64,
    /// Consecutive seconds with ceiling throttles (adaptive capacity's isolation waits for it).
    pub hot_streak: u32,
}

impl PartState {
    fn new(read_share: u64, write_share: u64, burst: bool) -> PartState {
        PartState {
            read: Bucket::new(read_share, burst),
            write: Bucket::new(write_share, burst),
            used_read: 0,
            used_write: 0,
            ceiling_throttles: 0,
            hot_streak: 0,
        }
    }

    #[inline]
    fn eq_used(&self) -> u64 {
        self.used_read + 3 * self.used_write
    }
}

/// Seconds of ceiling throttling after which adaptive capacity isolates a partition's hottest key
/// (our choice: DynamoDB does not publish how fast it reacts).
pub const ISOLATE_AFTER_SECONDS: u32 = 10;

#[derive(Debug, Clone)]
pub struct Target {
    pub table: String,
    pub index: Option<String>,
    pub layout: Layout,
    pub parts: Vec<PartState>,
    pub mode: Mode,
    pub warm: Warm,
    pub adaptive: bool,
    pub burst: bool,
    /// Hot items may get a partition of their own (adaptive capacity), never on a table with an LSI.
    pub isolation: bool,
    pub used_read: u64,
    pub used_write: u64,
    pub scaler: Option<Scaler>,
    pub partition_bytes: u64,
    pub data_bytes: u64,
    /// Bumped whenever the layout changes, so cached placements know they are stale.
    pub version: u32,
}

/// Settings a target is built from.
#[derive(Debug, Clone)]
pub struct TargetSpec {
    pub table: String,
    pub index: Option<String>,
    pub mode: Mode,
    /// On-demand warm throughput (units per second).
    pub warm_read: u64,
    pub warm_write: u64,
    pub adaptive: bool,
    pub burst: bool,
    pub isolation: bool,
    pub data_bytes: u64,
    pub partition_bytes: u64,
    pub scaler: Option<Scaler>,
}

/// What adaptive capacity can lend a partition this second: the other partitions' shares that they
/// have not used (`(provisioned − own share) − (table used − own used)`). A partition never borrows its
/// own share, so one whose burst is spent (or in debt) cannot borrow from itself.
fn others_unused(prov: u64, own_share: u64, used_total: u64, used_here: u64) -> u64 {
    prov.saturating_sub(own_share).saturating_sub(used_total.saturating_sub(used_here))
}

fn share(total: u64, n: usize, i: usize) -> u64 {
    let n = n.max(1) as u64;
    total / n + u64::from((i as u64) < total % n)
}

impl Target {
    pub fn new(spec: TargetSpec) -> Target {
        let pb = spec.partition_bytes.max(1);
        let count = match spec.mode {
            Mode::Provisioned { read, write } => layout::provisioned_partitions(read, write, spec.data_bytes, pb),
            Mode::OnDemand => layout::on_demand_partitions(spec.warm_read, spec.warm_write, spec.data_bytes, pb),
        };
        let layout = Layout::even(count);
        let mut t = Target {
            table: spec.table,
            index: spec.index,
            parts: Vec::new(),
            layout,
            mode: spec.mode,
            warm: Warm::new(spec.warm_read, spec.warm_write),
            adaptive: spec.adaptive,
            burst: spec.burst,
            isolation: spec.isolation && spec.adaptive,
            used_read: 0,
            used_write: 0,
            scaler: spec.scaler,
            partition_bytes: pb,
            data_bytes: spec.data_bytes,
            version: 0,
        };
        let n = t.layout.count();
        let (r, w) = t.provisioned_half();
        t.parts = (0..n).map(|i| PartState::new(share(r, n, i), share(w, n, i), t.burst)).collect();
        t
    }

    /// Provisioned throughput in half-units per second (0 for on-demand).
    pub fn provisioned_half(&self) -> (u64, u64) {
        match self.mode {
            Mode::Provisioned { read, write } => (2 * read, 2 * write),
            Mode::OnDemand => (0, 0),
        }
    }

    /// Grow the table's partitions from real data: split every partition holding more than the split
    /// size, as long as it holds more than one item collection (`collections`: (hash, bytes)). Item
    /// collections themselves never split in this model (hash ranges cannot cut one).
    pub fn split_for_data(&mut self, collections: &[(u64, u64)]) {
        loop {
            let mut sizes = alloc::vec![(0u64, 0u32); self.layout.count()];
            for &(h, b) in collections {
                let p = self.layout.place(h);
                sizes[p].0 += b;
                sizes[p].1 += 1;
            }
            let Some(p) = (0..sizes.len()).find(|&p| sizes[p].0 > self.partition_bytes && sizes[p].1 > 1) else { break };
            if !self.split_part(p) {
                break;
            }
        }
    }

    /// Split partition `p` in two; its bucket levels are shared between the halves, shares recomputed.
    pub fn split_part(&mut self, p: usize) -> bool {
        if !self.layout.split(p) {
            return false;
        }
        self.insert_children(p, 1);
        true
    }

    fn insert_children(&mut self, p: usize, added: usize) {
        self.version = self.version.wrapping_add(1);
        let pieces = added as i64 + 1;
        let parent = &mut self.parts[p];
        let (rl, wl) = (parent.read.level / pieces, parent.write.level / pieces);
        parent.read.level = rl;
        parent.write.level = wl;
        let mut child = parent.clone();
        child.used_read = 0;
        child.used_write = 0;
        child.ceiling_throttles = 0;
        child.hot_streak = 0;
        for k in 0..added {
            self.parts.insert(p + 1 + k, child.clone());
        }
        self.reshare();
    }

    /// Isolate `hash` on a partition of its own (adaptive capacity); returns whether anything changed.
    pub fn isolate(&mut self, p: usize, hash: u64) -> bool {
        let added = self.layout.isolate(p, hash);
        if added == 0 {
            return false;
        }
        self.insert_children(p, added);
        true
    }

    /// Spread the provisioned throughput evenly over the partitions again.
    fn reshare(&mut self) {
        let (r, w) = self.provisioned_half();
        let n = self.parts.len();
        for (i, part) in self.parts.iter_mut().enumerate() {
            part.read.set_refill(share(r, n, i));
            part.write.set_refill(share(w, n, i));
        }
    }

    /// Grow to at least `n` partitions (splitting the widest first).
    pub fn grow_to(&mut self, n: u32) {
        for p in self.layout.clone().grow_to(n) {
            self.split_part(p);
        }
    }

    /// New provisioned throughput (UpdateTable, auto scaling): partitions grow if needed, never shrink.
    pub fn set_provisioned(&mut self, read: u64, write: u64) {
        self.mode = Mode::Provisioned { read, write };
        let need = layout::provisioned_partitions(read, write, self.data_bytes, self.partition_bytes);
        self.grow_to(need);
        self.reshare();
    }

    /// The start of a second: buckets refill, counters reset.
    pub fn tick(&mut self) {
        for part in &mut self.parts {
            part.read.tick();
            part.write.tick();
            part.used_read = 0;
            part.used_write = 0;
            part.ceiling_throttles = 0;
        }
        self.used_read = 0;
        self.used_write = 0;
    }

    /// Admit a part costing `c` half-units on partition `p`, or say why not.
    #[inline]
    pub fn try_take(&mut self, p: usize, kind: Kind, c: u64) -> Result<Taken, ThrottleReason> {
        let adaptive = self.adaptive;
        let (prov_r, prov_w) = self.provisioned_half();
        let part = &mut self.parts[p];
        let eq = match kind {
            Kind::Read => c,
            Kind::Write => 3 * c,
        };
        if part.eq_used() + eq > PARTITION_EQ_HALF {
            part.ceiling_throttles += 1;
            return Err(ThrottleReason::PartitionLimit);
        }
        let taken = match self.mode {
            Mode::OnDemand => {
                let (r, w) = match kind {
                    Kind::Read => (self.used_read + c, self.used_write),
                    Kind::Write => (self.used_read, self.used_write + c),
                };
                if !self.warm.fits(r, w) {
                    return Err(ThrottleReason::OnDemandLimit);
                }
                Taken::OnDemand
            }
            Mode::Provisioned { .. } => {
                let (bucket, used_total, prov, used_here) = match kind {
                    Kind::Read => (&mut part.read, self.used_read, prov_r, part.used_read),
                    Kind::Write => (&mut part.write, self.used_write, prov_w, part.used_write),
                };
                if bucket.try_take(c) {
                    Taken::Own
                } else if adaptive && c <= others_unused(prov, bucket.refill, used_total, used_here) {
                    Taken::Borrowed
                } else {
                    return Err(ThrottleReason::ProvisionedExceeded);
                }
            }
        };
        match kind {
            Kind::Read => {
                part.used_read += c;
                self.used_read += c;
            }
            Kind::Write => {
                part.used_write += c;
                self.used_write += c;
            }
        }
        Ok(taken)
    }

    /// Undo an admitted part (another part of the same request was refused).
    pub fn undo(&mut self, p: usize, kind: Kind, c: u64, taken: Taken) {
        let part = &mut self.parts[p];
        match kind {
            Kind::Read => {
                part.used_read -= c;
                self.used_read -= c;
                if taken == Taken::Own {
                    part.read.give_back(c);
                }
            }
            Kind::Write => {
                part.used_write -= c;
                self.used_write -= c;
                if taken == Taken::Own {
                    part.write.give_back(c);
                }
            }
        }
    }

    /// The live server's admission: may a request start on partition `p`? (Its cost is known only after
    /// the engine ran it; see [`Target::debit`].)
    /// `pending`: half-units already promised to parts admitted in the same call.
    /// A refusal at the ceiling counts toward the partition's hot streak, as [`Target::try_take`]'s does.
    pub fn may_start(&mut self, p: usize, kind: Kind, pending: u64) -> Result<(), ThrottleReason> {
        let part = &mut self.parts[p];
        let pending_eq = if kind == Kind::Write { 3 * pending } else { pending };
        if part.eq_used() + pending_eq >= PARTITION_EQ_HALF {
            part.ceiling_throttles += 1;
            return Err(ThrottleReason::PartitionLimit);
        }
        let part = &self.parts[p];
        match self.mode {
            Mode::OnDemand => {
                let (r, w) = match kind {
                    Kind::Read => (self.used_read + pending + 1, self.used_write),
                    Kind::Write => (self.used_read, self.used_write + pending + 1),
                };
                if self.warm.fits(r, w) {
                    Ok(())
                } else {
                    Err(ThrottleReason::OnDemandLimit)
                }
            }
            Mode::Provisioned { .. } => {
                let (bucket, used_total, prov, used_here) = match kind {
                    Kind::Read => (&part.read, self.used_read, self.provisioned_half().0, part.used_read),
                    Kind::Write => (&part.write, self.used_write, self.provisioned_half().1, part.used_write),
                };
                if bucket.level > pending as i64 || (self.adaptive && pending < others_unused(prov, bucket.refill, used_total, used_here)) {
                    Ok(())
                } else {
                    Err(ThrottleReason::ProvisionedExceeded)
                }
            }
        }
    }

    /// Debit what a served request consumed (the live server); buckets may go into debt.
    pub fn debit(&mut self, p: usize, kind: Kind, c: u64) {
        let part = &mut self.parts[p];
        match kind {
            Kind::Read => {
                part.used_read += c;
                self.used_read += c;
                part.read.take_debt(c);
            }
            Kind::Write => {
                part.used_write += c;
                self.used_write += c;
                part.write.take_debt(c);
            }
        }
    }

    /// The end of a second: on-demand limits and auto scaling learn from what was served, and the
    /// partitions grow when they must. Returns the partitions whose hot streak calls for isolation.
    pub fn end_second(&mut self) -> Vec<usize> {
        let (r, w) = (self.used_read, self.used_write);
        if self.mode == Mode::OnDemand && self.warm.observe(r, w) {
            let (lr, lw) = self.warm.limits_half();
            let need = layout::on_demand_partitions(lr / 2, lw / 2, self.data_bytes, self.partition_bytes);
            self.grow_to(need);
        }
        if let (Mode::Provisioned { read, write }, Some(scaler)) = (self.mode, self.scaler.as_mut()) {
            if let Some((nr, nw)) = scaler.observe(r, w, (read, write)) {
                self.set_provisioned(nr, nw);
            }
        }
        let mut hot = Vec::new();
        for (i, part) in self.parts.iter_mut().enumerate() {
            if part.ceiling_throttles > 0 {
                part.hot_streak += 1;
            } else {
                part.hot_streak = 0;
            }
            if self.isolation && part.hot_streak >= ISOLATE_AFTER_SECONDS {
                hot.push(i);
            }
        }
        hot
    }

    pub fn label(&self) -> String {
        match &self.index {
            Some(i) => alloc::format!("{}/{}", self.table, i),
            None => self.table.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn provisioned(read: u64, write: u64, adaptive: bool, burst: bool) -> Target {
        Target::new(TargetSpec {
            table: "T".into(),
            index: None,
            mode: Mode::Provisioned { read, write },
            warm_read: 0,
            warm_write: 0,
            adaptive,
            burst,
            isolation: false,
            data_bytes: 0,
            partition_bytes: layout::PARTITION_BYTES,
            scaler: None,
        })
    }

    #[test]
    fn ceiling_is_a_linear_combination() {
        let mut t = provisioned(10_000, 10_000, true, true);
        t.tick();
        // 1,000 WCU = 2,000 write half-units fills the partition; no read fits after it.
        for _ in 0..2000 {
            assert!(t.try_take(0, Kind::Write, 1).is_ok());
        }
        assert_eq!(t.try_take(0, Kind::Read, 1), Err(ThrottleReason::PartitionLimit));
        assert!(t.try_take(1, Kind::Read, 6000).is_ok());
    }

    #[test]
    fn adaptive_capacity_lends_unused_table_throughput() {
        // 2,000 WCU over 4 partitions ((0 + 3·2000)/3000 = 2... with 6,000 RCU: (6000+6000)/3000 = 4).
        let mut t = provisioned(6000, 2000, true, false);
        assert_eq!(t.parts.len(), 4);
        t.tick();
        // Each partition's write share: 2 · 2000 / 4 = 1,000 half-units (500 WCU).
        assert_eq!(t.parts[0].write.level, 1000);
        // Partition 0 takes its share, then borrows while the table has unused throughput.
        assert_eq!(t.try_take(0, Kind::Write, 1000), Ok(Taken::Own));
        assert_eq!(t.try_take(0, Kind::Write, 1000), Ok(Taken::Borrowed));
        // 2,000 half-units is its ceiling (1,000 WCU): nothing more, whatever the table has left.
        assert_eq!(t.try_take(0, Kind::Write, 1), Err(ThrottleReason::PartitionLimit));
        // Without adaptive capacity the second take is refused.
        let mut t = provisioned(6000, 2000, false, false);
        t.tick();
        assert_eq!(t.try_take(0, Kind::Write, 1000), Ok(Taken::Own));
        assert_eq!(t.try_take(0, Kind::Write, 1000), Err(ThrottleReason::ProvisionedExceeded));
        // The undo of an own take gives the tokens back.
        let mut t = provisioned(6000, 2000, false, false);
        t.tick();
        let taken = t.try_take(1, Kind::Write, 400).unwrap_or(Taken::OnDemand);
        t.undo(1, Kind::Write, 400, taken);
        assert_eq!((t.parts[1].write.level, t.used_write), (1000, 0));
    }

    #[test]
    fn data_splits_past_the_partition_size_but_never_inside_a_collection() {
        let spec = |bytes: u64| TargetSpec {
            table: "T".into(),
            index: None,
            mode: Mode::Provisioned { read: 5, write: 5 },
            warm_read: 0,
            warm_write: 0,
            adaptive: true,
            burst: true,
            isolation: true,
            data_bytes: 0,
            partition_bytes: bytes,
            scaler: None,
        };
        // Four 100-byte collections, one in each quarter of the ring.
        let quarters: Vec<(u64, u64)> = (0..4u64).map(|q| (q << 62, 100)).collect();
        // 250-byte partitions: 400 bytes split once at the middle, 200 + 200.
        let mut t = Target::new(spec(250));
        t.split_for_data(&quarters);
        assert_eq!(t.layout.count(), 2);
        // 150-byte partitions: each quarter alone.
        let mut t = Target::new(spec(150));
        t.split_for_data(&quarters);
        assert_eq!(t.layout.count(), 4);
        // One 1,000-byte collection never splits (an item collection stays together).
        let mut t = Target::new(spec(150));
        t.split_for_data(&[(12345, 1000)]);
        assert_eq!(t.layout.count(), 1);
        // Shares follow the split: 5 WCU = 10 half-units over 4 partitions -> 3, 3, 2, 2.
        let mut t = Target::new(spec(150));
        t.split_for_data(&quarters);
        let shares: Vec<u64> = t.parts.iter().map(|p| p.write.refill).collect();
        assert_eq!(shares, alloc::vec![3, 3, 2, 2]);
    }

    #[test]
    fn splits_keep_the_share_sum() {
        let mut t = provisioned(1000, 500, true, true);
        assert_eq!(t.parts.len(), 1);
        t.set_provisioned(3000, 1001);
        // ceil((3000 + 3003) / 3000) = 3.
        assert_eq!(t.parts.len(), 3);
        let sum: u64 = t.parts.iter().map(|p| p.write.refill).sum();
        assert_eq!(sum, 2002);
    }
}
