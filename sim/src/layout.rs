//! Partitions as ranges of a 64-bit hash ring, and how many a table needs.
//!
//! An item's partition is chosen by a hash of its partition-key value (published); we hash with the
//! engine's FNV-1a of the key's type tag and canonical bytes (the same hash parallel Scan segments use),
//! spread by SplitMix64's finaliser so short keys that differ in one character still land far apart.
//! A partition owns a contiguous range of the ring. A split cuts one range in two, so only the items of
//! the split partition move, and each to one of its two halves: placement is stable across splits.

use alloc::vec;
use alloc::vec::Vec;

use engine::table::key::KeyVal;
use engine::value::AttributeValue;

/// 10 GB, the published size past which a partition splits.
pub const PARTITION_BYTES: u64 = 10 * 1024 * 1024 * 1024;
/// Per-partition ceilings (published): 3,000 read units and 1,000 write units per second, or a linear
/// combination of both. In half-units: reads count once, writes three times, against 6,000.
pub const PARTITION_READ_UNITS: u64 = 3000;
pub const PARTITION_WRITE_UNITS: u64 = 1000;
/// The ceiling in read-equivalent half-units (3,000 RCU = 6,000 half-units; one write half-unit counts 3).
pub const PARTITION_EQ_HALF: u64 = 2 * PARTITION_READ_UNITS;

/// A partition-key value's place on the ring.
pub fn key_hash(v: &AttributeValue) -> Option<u64> {
    KeyVal::from_value(v).map(|k| ring_position(&k))
}

/// A partition key's place on the ring: the engine's partition hash through [`mix`], so that keys with
/// neighbouring hashes land far apart.
pub fn ring_position(k: &KeyVal) -> u64 {
    mix(engine::ops::scan::partition_hash(k))
}

/// SplitMix64's finaliser (Steele, Lea & Flood 2014): a bijective 64-bit mix.
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Partitions needed for provisioned throughput and data size (the published sizing rule):
/// `max(ceil(RCU/3000 + WCU/1000), ceil(size / 10 GB), 1)`, computed exactly as
/// `ceil((RCU + 3·WCU) / 3000)`.
pub fn provisioned_partitions(rcu: u64, wcu: u64, bytes: u64, partition_bytes: u64) -> u32 {
    let throughput = (rcu + 3 * wcu).div_ceil(PARTITION_READ_UNITS);
    let size = bytes.div_ceil(partition_bytes.max(1));
    clamp_count(throughput.max(size).max(1))
}

/// Partitions an on-demand table (or GSI) keeps for its warm throughput. Warm throughput is "read units
/// or write units or a linear combination" (published), so it needs `max(read/3000, write/1000)`
/// partitions, not their sum (our reading): a new table's 12,000 / 4,000 gives 4.
pub fn on_demand_partitions(read_units: u64, write_units: u64, bytes: u64, partition_bytes: u64) -> u32 {
    let throughput = read_units.div_ceil(PARTITION_READ_UNITS).max(write_units.div_ceil(PARTITION_WRITE_UNITS));
    let size = bytes.div_ceil(partition_bytes.max(1));
    clamp_count(throughput.max(size).max(1))
}

/// Never more than 65,536 partitions in one simulation (memory per simulated second stays bounded).
pub const MAX_PARTITIONS: u32 = 65_536;

fn clamp_count(n: u64) -> u32 {
    u32::try_from(n).unwrap_or(MAX_PARTITIONS).min(MAX_PARTITIONS)
}

/// Partition `i` owns `[starts[i], starts[i + 1])`; the last one runs to the end of the ring.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Layout {
    starts: Vec<u64>,
}

impl Layout {
    /// `n` equal ranges (at least one).
    pub fn even(n: u32) -> Layout {
        let n = u128::from(n.max(1));
        let starts = (0..n).map(|i| ((i << 64) / n) as u64).collect();
        Layout { starts }
    }

    pub fn count(&self) -> usize {
        self.starts.len()
    }

    /// The partition holding `hash`.
    #[inline]
    pub fn place(&self, hash: u64) -> usize {
        // starts[0] == 0, so the point is at least 1.
        self.starts.partition_point(|&s| s <= hash) - 1
    }

    /// `(first, last)` hash of partition `i`, inclusive.
    pub fn range(&self, i: usize) -> (u64, u64) {
        let first = self.starts[i];
        let last = self.starts.get(i + 1).map_or(u64::MAX, |&s| s - 1);
        (first, last)
    }

    /// Split partition `i` at the middle of its range: it keeps the lower half, a new partition `i + 1`
    /// takes the upper half. `false` when the range is a single hash (it cannot split).
    pub fn split(&mut self, i: usize) -> bool {
        let (first, last) = self.range(i);
        if first == last {
            return false;
        }
        let mid = first + (last - first) / 2 + 1;
        self.starts.insert(i + 1, mid);
        true
    }

    /// Give `hash` a partition of its own (adaptive capacity's isolation of a hot item): partition `i`
    /// becomes up to three — below, exactly `hash`, above. Returns how many partitions were added
    /// (after `i`, in ring order).
    pub fn isolate(&mut self, i: usize, hash: u64) -> usize {
        let (first, last) = self.range(i);
        let mut added = 0;
        if hash < last {
            self.starts.insert(i + 1, hash + 1);
            added += 1;
        }
        if hash > first {
            self.starts.insert(i + 1, hash);
            added += 1;
        }
        added
    }

    /// Split the widest partitions until there are at least `n` (on-demand growth, auto scaling).
    /// Returns the indices split, in order, so per-partition state can follow.
    pub fn grow_to(&mut self, n: u32) -> Vec<usize> {
        let mut splits = vec![];
        while self.count() < n.min(MAX_PARTITIONS) as usize {
            let widest = (0..self.count()).max_by_key(|&i| {
                let (a, b) = self.range(i);
                (b - a, core::cmp::Reverse(i))
            });
            let Some(i) = widest else { break };
            if !self.split(i) {
                break;
            }
            splits.push(i);
        }
        splits
    }

    pub fn starts(&self) -> &[u64] {
        &self.starts
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_by_the_published_rule() {
        let gb = 1024 * 1024 * 1024;
        // 2017 guide examples: 1,000 RCU + 500 WCU -> ceil(1000/3000 + 500/1000) = ceil(0.83) = 1.
        assert_eq!(provisioned_partitions(1000, 500, 0, PARTITION_BYTES), 1);
        // 3,000 RCU + 1,000 WCU -> 2; 7,500 RCU + 1,000 WCU -> ceil(2.5 + 1) = 4.
        assert_eq!(provisioned_partitions(3000, 1000, 0, PARTITION_BYTES), 2);
        assert_eq!(provisioned_partitions(7500, 1000, 0, PARTITION_BYTES), 4);
        // Size wins: 5 RCU but 25 GB -> 3.
        assert_eq!(provisioned_partitions(5, 5, 25 * gb, PARTITION_BYTES), 3);
        assert_eq!(provisioned_partitions(0, 0, 0, PARTITION_BYTES), 1);
        // A new on-demand table: 12,000 RRU / 4,000 WRU -> 4.
        assert_eq!(on_demand_partitions(12_000, 4_000, 0, PARTITION_BYTES), 4);
        assert_eq!(on_demand_partitions(24_000, 8_000, 0, PARTITION_BYTES), 8);
    }

    #[test]
    fn even_layout_and_placement() {
        let l = Layout::even(4);
        assert_eq!(l.starts(), &[0, 1 << 62, 1 << 63, 3 << 62]);
        assert_eq!(l.place(0), 0);
        assert_eq!(l.place((1 << 62) - 1), 0);
        assert_eq!(l.place(1 << 62), 1);
        assert_eq!(l.place(u64::MAX), 3);
        assert_eq!(l.range(3), (3 << 62, u64::MAX));
    }

    #[test]
    fn split_moves_only_the_split_partitions_items() {
        let mut l = Layout::even(3);
        let hashes: Vec<u64> = (0..2000u64).map(mix).collect();
        let before: Vec<(u64, u64)> = hashes.iter().map(|&h| l.range(l.place(h))).collect();
        assert!(l.split(1));
        assert_eq!(l.count(), 4);
        let (a, b) = (l.range(1), l.range(2));
        for (h, old) in hashes.iter().zip(&before) {
            let now = l.range(l.place(*h));
            if *old == (a.0, b.1) {
                assert!(now == a || now == b, "an item of the split partition goes to one of its halves");
            } else {
                assert_eq!(now, *old, "items of other partitions stay where they were");
            }
        }
        assert_eq!(a.1 + 1, b.0);
    }

    #[test]
    fn isolate_gives_a_hash_its_own_partition() {
        let mut l = Layout::even(1);
        assert_eq!(l.isolate(0, 1000), 2);
        assert_eq!(l.count(), 3);
        assert_eq!(l.range(1), (1000, 1000));
        assert_eq!(l.place(999), 0);
        assert_eq!(l.place(1001), 2);
        // At the edge of the ring only two pieces are needed.
        let mut l = Layout::even(1);
        assert_eq!(l.isolate(0, 0), 1);
        assert_eq!(l.range(0), (0, 0));
        let mut one = Layout { starts: vec![0, 5, 6] };
        assert!(!one.split(1));
        assert_eq!(one.grow_to(4), vec![2], "the widest range splits first");
    }
}
