//! `x-amzn-RequestId` values shaped like DynamoDB's: 52 characters of `[A-Z0-9]`. Uniqueness within a
//! run is what matters (logs, SDK error reports), not unpredictability: a counter makes them unique and
//! a xoshiro256++ generator, seeded per process, fills the rest.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{SystemTime, UNIX_EPOCH};

use rand_xoshiro::rand_core::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

const ALPHABET: &[u8; 36] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
pub const LEN: usize = 52;
/// Characters that spell the counter: 36^13 > 2^64, so any counter value fits.
const COUNTER_DIGITS: usize = 13;

pub struct RequestIds {
    counter: AtomicU64,
    /// Added to the counter so that two runs do not start with the same ids.
    offset: u64,
    rng: Mutex<Xoshiro256PlusPlus>,
}

impl RequestIds {
    /// Ids of a run seeded from the clock and the process id.
    pub fn new() -> Self {
        let nanos = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_nanos() as u64).unwrap_or(0);
        Self::with_seed(nanos ^ (u64::from(std::process::id()) << 32))
    }

    /// The same sequence of ids for the same seed.
    pub fn with_seed(seed: u64) -> Self {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let offset = rng.next_u64();
        RequestIds { counter: AtomicU64::new(0), offset, rng: Mutex::new(rng) }
    }

    pub fn next(&self) -> [u8; LEN] {
        let mut out = [b'A'; LEN];
        let mut c = self.counter.fetch_add(1, Ordering::Relaxed).wrapping_add(self.offset);
        let (counter, rest) = out.split_at_mut(COUNTER_DIGITS);
        for slot in counter.iter_mut() {
            *slot = ALPHABET[(c % 36) as usize];
            c /= 36;
        }
        // A poisoned lock only means another thread panicked mid-id; the generator state is still valid.
        let mut rng = self.rng.lock().unwrap_or_else(|p| p.into_inner());
        // 12 base-36 digits fit in 64 bits (36^12 < 2^64): one draw per 12 characters.
        for chunk in rest.chunks_mut(12) {
            let mut x = rng.next_u64();
            for slot in chunk.iter_mut() {
                *slot = ALPHABET[(x % 36) as usize];
                x /= 36;
            }
        }
        out
    }
}

impl Default for RequestIds {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_unique_and_well_formed() {
        let ids = RequestIds::new();
        let mut seen = std::collections::HashSet::new();
        for _ in 0..10_000 {
            let id = ids.next();
            assert!(id.iter().all(|c| ALPHABET.contains(c)));
            assert!(seen.insert(id));
        }
    }

    #[test]
    fn a_seed_gives_the_same_ids() {
        let (a, b, c) = (RequestIds::with_seed(7), RequestIds::with_seed(7), RequestIds::with_seed(8));
        let first: Vec<[u8; LEN]> = (0..5).map(|_| a.next()).collect();
        assert_eq!(first, (0..5).map(|_| b.next()).collect::<Vec<_>>());
        assert_ne!(first, (0..5).map(|_| c.next()).collect::<Vec<_>>());
    }
}
