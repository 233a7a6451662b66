//! `x-amzn-RequestId` values shaped like DynamoDB's: 52 characters of `[A-Z0-9]`. Uniqueness within a
//! run is what matters (logs, SDK error reports), not unpredictability: a counter makes them unique and
//! a draw keyed by the counter fills the rest.
//!
//! Each id is a pure function of (seed, counter), so taking one is a single atomic increment: no lock
//! for the worker threads to queue on, and the same seed still gives the same sequence. The draws come
//! from rand_xoshiro's SplitMix64 started at the counter, whose outputs look random even for
//! consecutive starting points, which is what successive counter values are.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

use rand_xoshiro::rand_core::{Rng as _, SeedableRng};
use rand_xoshiro::SplitMix64;

const ALPHABET: &[u8; 36] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
pub const LEN: usize = 52;
/// Characters that spell the counter: 36^13 > 2^64, so any counter value fits.
const COUNTER_DIGITS: usize = 13;

pub struct RequestIds {
    counter: AtomicU64,
    /// Added to the counter so that two runs do not start with the same ids.
    offset: u64,
    /// Keys the draws that fill the random-looking part.
    key: u64,
}

impl RequestIds {
    /// Ids of a run seeded from the clock and the process id.
    pub fn new() -> Self {
        let nanos = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_nanos() as u64).unwrap_or(0);
        Self::with_seed(nanos ^ (u64::from(std::process::id()) << 32))
    }

    /// The same sequence of ids for the same seed.
    pub fn with_seed(seed: u64) -> Self {
        let mut run = SplitMix64::seed_from_u64(seed);
        let offset = run.next_u64();
        let key = run.next_u64();
        RequestIds { counter: AtomicU64::new(0), offset, key }
    }

    pub fn next(&self) -> [u8; LEN] {
        let n = self.counter.fetch_add(1, Ordering::Relaxed);
        let mut out = [b'A'; LEN];
        let mut c = n.wrapping_add(self.offset);
        let (counter, rest) = out.split_at_mut(COUNTER_DIGITS);
        for slot in counter.iter_mut() {
            *slot = ALPHABET[(c % 36) as usize];
            c /= 36;
        }
        // 12 base-36 digits fit in 64 bits (36^12 < 2^64): one draw per 12 characters.
        let mut draws = SplitMix64::seed_from_u64(n ^ self.key);
        for chunk in rest.chunks_mut(12) {
            let mut x = draws.next_u64();
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

    /// The hashed part is not the counter in disguise: successive ids differ there in most characters.
    #[test]
    fn successive_ids_differ_beyond_the_counter() {
        let ids = RequestIds::with_seed(1);
        let (a, b) = (ids.next(), ids.next());
        let differing = a[COUNTER_DIGITS..].iter().zip(&b[COUNTER_DIGITS..]).filter(|(x, y)| x != y).count();
        assert!(differing > (LEN - COUNTER_DIGITS) / 2, "{differing} of {} differ", LEN - COUNTER_DIGITS);
    }

    /// Threads share the generator without a lock and still never hand out the same id.
    #[test]
    fn concurrent_ids_are_unique() {
        let ids = std::sync::Arc::new(RequestIds::with_seed(3));
        let handles: Vec<_> = (0..4)
            .map(|_| {
                let ids = std::sync::Arc::clone(&ids);
                std::thread::spawn(move || (0..2_000).map(|_| ids.next()).collect::<Vec<_>>())
            })
            .collect();
        let mut seen = std::collections::HashSet::new();
        for h in handles {
            for id in h.join().unwrap_or_default() {
                assert!(seen.insert(id));
            }
        }
        assert_eq!(seen.len(), 8_000);
    }
}
