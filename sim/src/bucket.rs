//! A partition's token bucket for one kind of capacity (reads or writes), in half-units.
//!
//! Refilled by the partition's share of provisioned throughput every second; what is not spent is kept,
//! up to 300 seconds' worth (burst capacity, published). The level can go below zero only through
//! [`Bucket::take_debt`], the live server's debit-after-the-fact (it learns a request's cost only once
//! the engine has run it), so a request that overdraws makes the next ones wait for the refill.

/// Burst capacity keeps up to this many seconds of unused capacity (published).
pub const BURST_SECONDS: u64 = 300;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bucket {
    /// Tokens available now (half-units).
    pub level: i64,
    /// Added at the start of each second: the partition's share.
    pub refill: u64,
    /// Whether unused capacity is kept (burst capacity); without it each second starts at `refill`.
    pub burst: bool,
}

impl Bucket {
    /// A bucket with a share of `refill` half-units per second, starting full (our choice: a table that
    /// has been idle for five minutes has its whole burst).
    pub fn new(refill: u64, burst: bool) -> Bucket {
        let mut b = Bucket { level: 0, refill, burst };
        b.level = b.capacity_i64();
        b
    }

    /// The most the bucket holds: 300 s of the share with burst capacity, one second without.
    pub fn capacity(&self) -> u64 {
        if self.burst {
            self.refill.saturating_mul(BURST_SECONDS)
        } else {
            self.refill
        }
    }

    fn capacity_i64(&self) -> i64 {
        i64::try_from(self.capacity()).unwrap_or(i64::MAX)
    }

    /// The start of a new second.
    pub fn tick(&mut self) {
        let refill = i64::try_from(self.refill).unwrap_or(i64::MAX);
        self.level = if self.burst { self.level.saturating_add(refill).min(self.capacity_i64()) } else { refill.min(self.level.saturating_add(refill)) };
    }

    /// Take `c` if the bucket holds it.
    #[inline]
    pub fn try_take(&mut self, c: u64) -> bool {
        let c = c as i64;
        if self.level >= c {
            self.level -= c;
            true
        } else {
            false
        }
    }

    pub fn give_back(&mut self, c: u64) {
        self.level = self.level.saturating_add(c as i64);
    }

    /// Whether a request may start (the live server's test: any tokens left).
    pub fn has_tokens(&self) -> bool {
        self.level > 0
    }

    /// Debit after the fact; may go negative.
    pub fn take_debt(&mut self, c: u64) {
        self.level = self.level.saturating_sub(i64::try_from(c).unwrap_or(i64::MAX));
    }

    /// A new share (the table's throughput changed or its partitions split); the level is kept, within
    /// the new capacity.
    pub fn set_refill(&mut self, refill: u64) {
        self.refill = refill;
        self.level = self.level.min(self.capacity_i64());
    }

    /// The level for reports (a debt shows as 0).
    pub fn level_u64(&self) -> u64 {
        u64::try_from(self.level).unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn burst_drains_and_refills_by_hand() {
        // 100 WCU share = 200 half-units per second; 300 s of burst = 60,000 half-units, full at start.
        let mut b = Bucket::new(200, true);
        assert_eq!((b.level, b.capacity()), (60_000, 60_000));
        // Spend 2,000 half-units (1,000 WCU) a second: after the refill each second nets -1,800.
        let mut seconds = 0;
        loop {
            b.tick();
            if !b.try_take(2000) {
                break;
            }
            seconds += 1;
        }
        // 60,000 - 1,800·n >= 2,000 - 200 holds up to n = 32, so 33 full seconds are served.
        assert_eq!(seconds, 33);
        // Idle seconds refill 200 each, up to the cap.
        let before = b.level;
        for _ in 0..10 {
            b.tick();
        }
        assert_eq!(b.level, before + 2000);
        for _ in 0..400 {
            b.tick();
        }
        assert_eq!(b.level, 60_000);
        // Without burst the unused share is not kept.
        let mut nb = Bucket::new(200, false);
        nb.tick();
        nb.tick();
        assert_eq!(nb.level, 200);
        assert!(nb.try_take(200) && !nb.try_take(1));
    }

    #[test]
    fn debt_waits_for_the_refill() {
        let mut b = Bucket::new(2, false);
        assert!(b.has_tokens());
        b.take_debt(20);
        assert_eq!(b.level, -18);
        for _ in 0..9 {
            b.tick();
        }
        assert!(!b.has_tokens(), "still at 0 after nine refills of 2");
        b.tick();
        assert!(b.has_tokens());
    }
}
