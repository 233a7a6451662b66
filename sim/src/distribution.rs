//! Which key a request picks: uniform over N ids, Zipf with exponent s, or one hot key taking p %.
//! Zipf is sampled in O(1) from a Walker/Vose alias table built once (integer thresholds), so the hot
//! loop costs two random numbers and two array reads whatever N is.

use alloc::vec;
use alloc::vec::Vec;

use serde::{Deserialize, Serialize};

use crate::error::{workload, SimError};
use messages::Message;
use crate::rng::Rng;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Distribution {
    /// Every id equally likely.
    #[default]
    Uniform,
    /// Id `k` (rank `k + 1`) with weight `1 / (k + 1)^s`.
    Zipf { s: f64 },
    /// Id 0 takes `percent` % of requests; the rest are uniform over the other ids.
    HotKey { percent: f64 },
}

#[derive(Debug, Clone)]
pub enum Sampler {
    Uniform(u64),
    /// Per id: (threshold, alias), side by side so a draw reads one cache line.
    Alias(Vec<(u32, u32)>),
    Hot { threshold: u64, n: u64 },
}

impl Sampler {
    pub fn new(d: &Distribution, n: u64) -> Result<Sampler, SimError> {
        let n = n.max(1);
        match *d {
            Distribution::Uniform => Ok(Sampler::Uniform(n)),
            Distribution::Zipf { s } => {
                if !(s.is_finite() && (0.0..=10.0).contains(&s)) {
                    return Err(workload(Message::new("error.zipf").count("max", 10)));
                }
                Ok(alias_table(n, s))
            }
            Distribution::HotKey { percent } => {
                if !(percent.is_finite() && (0.0..=100.0).contains(&percent)) {
                    return Err(workload(Message::new("error.hot_key").count("max", 100)));
                }
                // Probability as a fraction of 2^64 (100 % saturates).
                let threshold = if percent >= 100.0 { u64::MAX } else { (percent / 100.0 * 18_446_744_073_709_551_616.0) as u64 };
                Ok(Sampler::Hot { threshold, n })
            }
        }
    }

    #[inline]
    pub fn sample(&self, rng: &mut Rng) -> u64 {
        match self {
            Sampler::Uniform(n) => rng.below(*n),
            Sampler::Alias(table) => {
                let r = rng.next_u64();
                let i = ((u128::from(r >> 32) * table.len() as u128) >> 32) as usize;
                let (prob, alias) = table[i];
                if (r as u32) < prob {
                    i as u64
                } else {
                    u64::from(alias)
                }
            }
            Sampler::Hot { threshold, n } => {
                if *n == 1 || rng.next_u64() < *threshold {
                    0
                } else {
                    1 + rng.below(n - 1)
                }
            }
        }
    }
}

fn alias_table(n: u64, s: f64) -> Sampler {
    let n = n as usize;
    let w: Vec<f64> = (1..=n).map(|k| 1.0 / libm::pow(k as f64, s)).collect();
    let total: f64 = w.iter().sum();
    let mut scaled: Vec<f64> = w.iter().map(|x| x * n as f64 / total).collect();
    let mut prob = vec![u32::MAX; n];
    let mut alias: Vec<u32> = (0..n as u32).collect();
    let (mut small, mut large): (Vec<usize>, Vec<usize>) = (0..n).partition(|&i| scaled[i] < 1.0);
    while let (Some(&l), Some(&g)) = (small.last(), large.last()) {
        small.pop();
        prob[l] = (scaled[l] * 4_294_967_296.0) as u32;
        alias[l] = g as u32;
        scaled[g] -= 1.0 - scaled[l];
        if scaled[g] < 1.0 {
            large.pop();
            small.push(g);
        }
    }
    Sampler::Alias(prob.into_iter().zip(alias).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn histogram(d: &Distribution, n: u64, draws: usize) -> Vec<usize> {
        let s = Sampler::new(d, n).unwrap_or(Sampler::Uniform(n));
        let mut rng = Rng::new(42);
        let mut h = vec![0; n as usize];
        for _ in 0..draws {
            h[s.sample(&mut rng) as usize] += 1;
        }
        h
    }

    #[test]
    fn zipf_one_is_harmonic() {
        // s = 1 over 4 ids: weights 1, 1/2, 1/3, 1/4 of 25/12 -> 48 %, 24 %, 16 %, 12 %.
        let h = histogram(&Distribution::Zipf { s: 1.0 }, 4, 100_000);
        let pct: Vec<usize> = h.iter().map(|c| (c + 500) / 1000).collect();
        assert_eq!(pct, vec![48, 24, 16, 12]);
    }

    #[test]
    fn hot_key_and_uniform() {
        let h = histogram(&Distribution::HotKey { percent: 90.0 }, 10, 100_000);
        assert_eq!((h[0] + 500) / 1000, 90);
        assert!(h[1..].iter().all(|&c| (800..1400).contains(&c)));
        let u = histogram(&Distribution::Uniform, 5, 100_000);
        assert!(u.iter().all(|&c| (19_000..21_000).contains(&c)));
        assert!(Sampler::new(&Distribution::Zipf { s: f64::NAN }, 3).is_err());
        assert!(Sampler::new(&Distribution::HotKey { percent: 101.0 }, 3).is_err());
    }
}
