//! Requests per simulated second: constant, ramp, spike, daily wave. Fractional rates carry over, so
//! 0.5 per second is one request every other second and totals are exact.

use serde::{Deserialize, Serialize};

use crate::error::{workload, SimError};
use messages::Message;

/// The most requests one pattern may issue per second (a bound on work per chunk).
pub const MAX_RATE: f64 = 10_000_000.0;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "shape", rename_all = "snake_case", deny_unknown_fields)]
pub enum Rate {
    Constant { per_second: f64 },
    /// Linear from `from` at second 0 to `to` at the last second.
    Ramp { from: f64, to: f64 },
    /// `base`, and `peak` during `[at_second, at_second + for_seconds)`.
    Spike { base: f64, peak: f64, at_second: u32, for_seconds: u32 },
    /// `mean + amplitude · sin(2π (t − peak_second) / period + π/2)`: highest at `peak_second`.
    DailyWave {
        mean: f64,
        amplitude: f64,
        #[serde(default = "day")]
        period_seconds: u32,
        #[serde(default)]
        peak_second: u32,
    },
}

/// A daily wave's period when a workload does not say.
pub const DAY_SECONDS: u32 = 86_400;

fn day() -> u32 {
    DAY_SECONDS
}

impl Rate {
    pub fn check(&self) -> Result<(), SimError> {
        let ok = |x: f64| x.is_finite() && (0.0..=MAX_RATE).contains(&x);
        let fine = match *self {
            Rate::Constant { per_second } => ok(per_second),
            Rate::Ramp { from, to } => ok(from) && ok(to),
            Rate::Spike { base, peak, .. } => ok(base) && ok(peak),
            Rate::DailyWave { mean, amplitude, period_seconds, .. } => {
                ok(mean) && ok(amplitude) && period_seconds > 0 && mean + amplitude <= MAX_RATE
            }
        };
        if fine {
            Ok(())
        } else {
            Err(workload(Message::new("error.rate").count("max", MAX_RATE as u64)))
        }
    }

    /// The rate at second `t` of a run of `duration` seconds.
    pub fn at(&self, t: u32, duration: u32) -> f64 {
        match *self {
            Rate::Constant { per_second } => per_second,
            Rate::Ramp { from, to } => {
                if duration <= 1 {
                    from
                } else {
                    from + (to - from) * f64::from(t) / f64::from(duration - 1)
                }
            }
            Rate::Spike { base, peak, at_second, for_seconds } => {
                if t >= at_second && t - at_second < for_seconds {
                    peak
                } else {
                    base
                }
            }
            Rate::DailyWave { mean, amplitude, period_seconds, peak_second } => {
                let phase = (f64::from(t) - f64::from(peak_second)) / f64::from(period_seconds);
                (mean + amplitude * libm::cos(2.0 * core::f64::consts::PI * phase)).max(0.0)
            }
        }
    }
}

/// Turns rates into whole request counts, carrying the fraction.
#[derive(Debug, Clone, Default)]
pub struct Counter {
    carry: f64,
}

impl Counter {
    pub fn count(&mut self, rate: f64) -> u64 {
        let total = self.carry + rate;
        let whole = libm::floor(total);
        self.carry = total - whole;
        whole as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_by_hand() {
        let mut c = Counter::default();
        let counts: alloc::vec::Vec<u64> = (0..4).map(|_| c.count(0.5)).collect();
        assert_eq!(counts, alloc::vec![0, 1, 0, 1]);
        let r = Rate::Ramp { from: 0.0, to: 100.0 };
        assert_eq!((r.at(0, 11), r.at(5, 11), r.at(10, 11)), (0.0, 50.0, 100.0));
        let s = Rate::Spike { base: 1.0, peak: 9.0, at_second: 3, for_seconds: 2 };
        assert_eq!([2, 3, 4, 5].map(|t| s.at(t, 10)), [1.0, 9.0, 9.0, 1.0]);
        let w = Rate::DailyWave { mean: 100.0, amplitude: 50.0, period_seconds: 40, peak_second: 10 };
        assert_eq!(w.at(10, 100), 150.0);
        assert!((w.at(30, 100) - 50.0).abs() < 1e-9);
        assert!(Rate::Constant { per_second: -1.0 }.check().is_err());
    }
}
