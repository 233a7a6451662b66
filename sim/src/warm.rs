//! On-demand capacity: warm throughput and how it grows.
//!
//! Published: a new on-demand table (and each of its GSIs) can instantly serve 12,000 read units or
//! 4,000 write units per second, or a linear combination of both; it instantly accommodates up to
//! double its previous peak, but may throttle when traffic exceeds double the previous peak within 30
//! minutes; the default per-table quota is 40,000 read and 40,000 write units per second.
//! Our reading: the limit at second `t` is `max(warm, 2 × peak)` per kind, where `peak` is the highest
//! served per-second rate of seconds that ended at least 30 minutes before `t`.

use alloc::collections::VecDeque;

pub const NEW_TABLE_READ_UNITS: u64 = 12_000;
pub const NEW_TABLE_WRITE_UNITS: u64 = 4_000;
/// Default table-level quota for on-demand tables (read and write request units per second).
pub const TABLE_QUOTA_UNITS: u64 = 40_000;
/// A peak counts as "previous" once it is this old.
pub const PEAK_WINDOW_SECONDS: usize = 1_800;

#[derive(Debug, Clone)]
pub struct Warm {
    initial_read_half: u64,
    initial_write_half: u64,
    peak_read_half: u64,
    peak_write_half: u64,
    /// Served (read, write) half-units of the last 30 minutes, oldest first.
    recent: VecDeque<(u64, u64)>,
}

impl Warm {
    /// Warm throughput in units per second (at least 1 of each).
    pub fn new(read_units: u64, write_units: u64) -> Warm {
        Warm {
            initial_read_half: 2 * read_units.max(1),
            initial_write_half: 2 * write_units.max(1),
            peak_read_half: 0,
            peak_write_half: 0,
            recent: VecDeque::new(),
        }
    }

    /// The current limits in half-units per second: (read, write).
    pub fn limits_half(&self) -> (u64, u64) {
        let quota = 2 * TABLE_QUOTA_UNITS;
        let r = self.initial_read_half.max(2 * self.peak_read_half);
        let w = self.initial_write_half.max(2 * self.peak_write_half);
        (r.min(quota.max(self.initial_read_half)), w.min(quota.max(self.initial_write_half)))
    }

    /// Whether `read` and `write` half-units in one second fit the limits as a linear combination:
    /// `read / R + write / W <= 1`.
    #[inline]
    pub fn fits(&self, read: u64, write: u64) -> bool {
        let (r, w) = self.limits_half();
        u128::from(read) * u128::from(w) + u128::from(write) * u128::from(r) <= u128::from(r) * u128::from(w)
    }

    /// The end of a second that served `read` and `write` half-units. Returns `true` when the limits grew.
    pub fn observe(&mut self, read: u64, write: u64) -> bool {
        self.recent.push_back((read, write));
        if self.recent.len() <= PEAK_WINDOW_SECONDS {
            return false;
        }
        let before = self.limits_half();
        if let Some((r, w)) = self.recent.pop_front() {
            self.peak_read_half = self.peak_read_half.max(r);
            self.peak_write_half = self.peak_write_half.max(w);
        }
        self.limits_half() != before
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_table_limits_and_linear_combination() {
        let w = Warm::new(NEW_TABLE_READ_UNITS, NEW_TABLE_WRITE_UNITS);
        assert_eq!(w.limits_half(), (24_000, 8_000));
        assert!(w.fits(24_000, 0) && w.fits(0, 8_000));
        // Half the reads and half the writes is exactly the limit; one more half-unit is not.
        assert!(w.fits(12_000, 4_000));
        assert!(!w.fits(12_000, 4_001));
    }

    #[test]
    fn doubling_of_a_peak_thirty_minutes_old() {
        let mut w = Warm::new(100, 40);
        // 40 WRU (80 half) served every second: the limit stays 40 WRU for 30 minutes...
        for _ in 0..PEAK_WINDOW_SECONDS {
            assert!(!w.observe(0, 80));
        }
        assert_eq!(w.limits_half(), (200, 80));
        // ...then the first peak leaves the window and the write limit doubles to 80 WRU.
        assert!(w.observe(0, 80));
        assert_eq!(w.limits_half(), (200, 160));
    }
}
