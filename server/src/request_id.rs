//! `x-amzn-RequestId` values shaped like DynamoDB's: 52 characters of `[A-Z0-9]`. Uniqueness within a
//! run is what matters (logs, SDK error reports), not unpredictability, so a counter mixed by SplitMix64
//! from a per-process seed is enough and costs nothing per request.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

const ALPHABET: &[u8; 36] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
pub const LEN: usize = 52;

pub struct RequestIds {
    seed: u64,
    counter: AtomicU64,
}

fn splitmix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl RequestIds {
    pub fn new() -> Self {
        let nanos = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_nanos() as u64).unwrap_or(0);
        RequestIds { seed: splitmix(nanos ^ (u64::from(std::process::id()) << 32)), counter: AtomicU64::new(0) }
    }

    pub fn next(&self) -> [u8; LEN] {
        let n = self.counter.fetch_add(1, Ordering::Relaxed);
        let mut state = splitmix(self.seed ^ splitmix(n));
        let mut out = [b'A'; LEN];
        // 12 base-36 digits fit in 64 bits (36^12 < 2^64); reseed between chunks.
        for chunk in out.chunks_mut(12) {
            let mut x = state;
            for c in chunk.iter_mut() {
                *c = ALPHABET[(x % 36) as usize];
                x /= 36;
            }
            state = splitmix(state);
        }
        // The first 13 characters (enough for any u64) also encode the counter, so ids never repeat within a run.
        let mut c = n ^ self.seed;
        for slot in out[..13].iter_mut() {
            *slot = ALPHABET[(c % 36) as usize];
            c /= 36;
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
}
