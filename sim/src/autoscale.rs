//! Provisioned capacity with auto scaling (target tracking).
//!
//! Published: auto scaling keeps consumed capacity near a target utilisation (20–90 %); its CloudWatch
//! alarms scale out after consumption stays above the target for two consecutive minutes and scale in
//! after it stays below the target minus 20 points for fifteen minutes. Our choices: one evaluation per
//! simulated minute on the average served units per second; the new setting is
//! `ceil(average / target)`, within the minimum and maximum, applied at once (the "delay" is the alarm
//! window, not the UpdateTable itself).

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AutoScaling {
    /// Target utilisation in percent (20–90).
    pub target_percent: u32,
    pub min_read: u64,
    pub max_read: u64,
    pub min_write: u64,
    pub max_write: u64,
}

pub const SCALE_OUT_MINUTES: u32 = 2;
pub const SCALE_IN_MINUTES: u32 = 15;
pub const SCALE_IN_MARGIN_PERCENT: u32 = 20;

#[derive(Debug, Clone, Default)]
struct Axis {
    minute_half: u64,
    above: u32,
    below: u32,
}

impl Axis {
    /// Decide at a minute boundary; returns the new provisioned units when they change.
    fn evaluate(&mut self, provisioned: u64, target: u32, min: u64, max: u64) -> Option<u64> {
        // Average units per second over the minute, in hundredths to compare with percentages exactly.
        let sum_half = core::mem::take(&mut self.minute_half);
        let avg_x100 = u128::from(sum_half) * 100 / 120; // half-units / 2 / 60 seconds, times 100
        let prov = u128::from(provisioned);
        let target = u128::from(target);
        if avg_x100 > target * prov {
            self.above += 1;
        } else {
            self.above = 0;
        }
        let floor = target.saturating_sub(u128::from(SCALE_IN_MARGIN_PERCENT));
        if avg_x100 < floor * prov {
            self.below += 1;
        } else {
            self.below = 0;
        }
        let wanted = u64::try_from(avg_x100.div_ceil(target.max(1))).unwrap_or(u64::MAX).clamp(min.max(1), max.max(min).max(1));
        if self.above >= SCALE_OUT_MINUTES && wanted > provisioned {
            self.above = 0;
            return Some(wanted);
        }
        if self.below >= SCALE_IN_MINUTES && wanted < provisioned {
            self.below = 0;
            return Some(wanted);
        }
        None
    }
}

#[derive(Debug, Clone)]
pub struct Scaler {
    pub config: AutoScaling,
    read: Axis,
    write: Axis,
    seconds: u32,
}

impl Scaler {
    pub fn new(config: AutoScaling) -> Scaler {
        Scaler { config, read: Axis::default(), write: Axis::default(), seconds: 0 }
    }

    /// The end of a second that served these half-units. At each minute boundary, returns the new
    /// (read, write) provisioned units if either changed.
    pub fn observe(&mut self, read_half: u64, write_half: u64, provisioned: (u64, u64)) -> Option<(u64, u64)> {
        self.read.minute_half += read_half;
        self.write.minute_half += write_half;
        self.seconds += 1;
        if !self.seconds.is_multiple_of(60) {
            return None;
        }
        let c = &self.config;
        let r = self.read.evaluate(provisioned.0, c.target_percent, c.min_read, c.max_read);
        let w = self.write.evaluate(provisioned.1, c.target_percent, c.min_write, c.max_write);
        if r.is_none() && w.is_none() {
            return None;
        }
        Some((r.unwrap_or(provisioned.0), w.unwrap_or(provisioned.1)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scales_out_after_two_minutes_above_target() {
        let cfg = AutoScaling { target_percent: 70, min_read: 5, max_read: 1000, min_write: 5, max_write: 1000 };
        let mut s = Scaler::new(cfg);
        // 100 WCU provisioned, 90 WCU consumed (180 half) each second: 90 % > 70 %.
        let mut changes = alloc::vec::Vec::new();
        for sec in 1..=180u32 {
            if let Some(p) = s.observe(0, 180, (5, 100)) {
                changes.push((sec, p));
            }
        }
        // Minute 1 above (1), minute 2 above (2) -> scale to ceil(90 / 0.7) = 129 at second 120.
        // Reads: 0 consumed < 50 % of 5, but the minimum is 5, so they stay.
        assert_eq!(changes, alloc::vec![(120, (5, 129))]);
    }

    #[test]
    fn scales_in_after_fifteen_minutes_low() {
        let cfg = AutoScaling { target_percent: 50, min_read: 1, max_read: 100, min_write: 1, max_write: 100 };
        let mut s = Scaler::new(cfg);
        let mut at = None;
        for sec in 1..=(16 * 60) {
            // 10 RCU consumed of 100: 10 % < 30 %.
            if let Some(p) = s.observe(20, 0, (100, 1)) {
                at = Some((sec, p));
                break;
            }
        }
        assert_eq!(at, Some((900, (20, 1))), "ceil(10 / 0.5) = 20 after 15 minutes");
    }
}
