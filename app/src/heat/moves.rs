//! Why a partition's row changes during a run, told at the second it happens.
//!
//! The simulator changes a target's partitions in two ways (docs/partition-model.md, `sim::target`):
//! adaptive capacity *isolates* a hot key — a partition throttled at its ceiling for
//! [`ISOLATE_AFTER_SECONDS`] seconds in a row has its range cut into below / that key / above, so the key
//! gets a partition of its own and the partitions after it are renumbered — and a table *splits* its
//! widest partitions when it needs more of them (an on-demand table meeting a new peak, provisioned
//! capacity raised). The report holds each second's partitions, so a change in their count is read
//! from it; which of the two it was is read from the seconds before (a partition at its ceiling, with
//! ceiling throttles, for the whole streak).

use sim::layout::PARTITION_EQ_HALF;
use sim::report::{Report, Second};
use sim::target::{ThrottleReason, ISOLATE_AFTER_SECONDS};

use super::chart::target_label;

/// Served at least this share of the ceiling counts as "at its ceiling" (a request that does not fit
/// whole leaves a little unused).
const AT_CEILING: f64 = 0.9;

/// What changed a target's partitions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Cause {
    /// Adaptive capacity gave `key` (when the report names it) a partition of its own, cut out of
    /// partition `from`; it is now partition `to`.
    Isolation { from: usize, to: usize, key: Option<String> },
    /// Partitions split to serve more capacity.
    Split,
}

/// One change of a target's partitions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PartitionMove {
    /// The first second with the new partitions.
    pub second: u32,
    /// `Social` or `Social · LatestPosts`.
    pub target: String,
    pub before: usize,
    pub after: usize,
    pub cause: Cause,
}

fn load(s: &Second, ti: usize, p: usize) -> u64 {
    s.targets.get(ti).and_then(|t| t.partitions.get(p)).map_or(0, |p| p.read_half_units + 3 * p.write_half_units)
}

/// Whether target `ti` had a throttle of the partition-ceiling kind in second `s`.
fn ceiling_throttled(s: &Second, table: &str, index: Option<&str>) -> bool {
    s.throttles.iter().any(|t| {
        matches!(t.reason, ThrottleReason::PartitionLimit | ThrottleReason::IndexBackPressure) && t.table == table && t.index.as_deref() == index && t.requests > 0
    })
}

/// The partition of target `ti` that sat at its ceiling, throttling, in each of the
/// [`ISOLATE_AFTER_SECONDS`] seconds that end with `seconds[end]`.
fn hot_streak(seconds: &[Second], ti: usize, end: usize) -> Option<usize> {
    let n = ISOLATE_AFTER_SECONDS as usize;
    if end + 1 < n {
        return None;
    }
    let window = &seconds[end + 1 - n..=end];
    let first = window.first()?.targets.get(ti)?;
    let (table, index) = (first.table.as_str(), first.index.as_deref());
    let count = first.partitions.len();
    (0..count).find(|&p| {
        window.iter().all(|s| {
            s.targets.get(ti).is_some_and(|t| t.partitions.len() == count)
                && load(s, ti, p) as f64 >= AT_CEILING * PARTITION_EQ_HALF as f64
                && ceiling_throttled(s, table, index)
        })
    })
}

/// Every change of a target's partition count in `report`, in time order.
pub fn moves(report: &Report) -> Vec<PartitionMove> {
    let mut out = Vec::new();
    for (i, pair) in report.seconds.windows(2).enumerate() {
        let (prev, now) = (&pair[0], &pair[1]);
        for (ti, t) in now.targets.iter().enumerate() {
            let Some(before) = prev.targets.get(ti).map(|p| p.partitions.len()) else { continue };
            let after = t.partitions.len();
            if after <= before {
                continue;
            }
            let target = target_label(&t.table, t.index.as_deref());
            let cause = match hot_streak(&report.seconds, ti, i).filter(|_| after - before <= 2) {
                Some(from) => {
                    // The key is on the busiest of the partitions its old one became.
                    let to = (from..=from + (after - before)).max_by_key(|&p| (load(now, ti, p), std::cmp::Reverse(p))).unwrap_or(from);
                    let key = prev.top_accessed.iter().find(|k| k.table == t.table && k.index == t.index).map(|k| k.key.clone());
                    Cause::Isolation { from, to, key }
                }
                None => Cause::Split,
            };
            out.push(PartitionMove { second: now.second, target, before, after, cause });
        }
    }
    out
}

impl PartitionMove {
    /// The change and its reason, in words.
    pub fn text(&self, locale: crate::i18n::Locale) -> String {
        use crate::i18n::td_string;
        let PartitionMove { second, target, before, after, .. } = self;
        match &self.cause {
            Cause::Isolation { from, to, key } => {
                let streak = ISOLATE_AFTER_SECONDS;
                match key {
                    Some(key) => td_string!(locale, heat.move_isolation_key, second, target, from, streak, key, to, before, after).to_string(),
                    None => td_string!(locale, heat.move_isolation, second, target, from, streak, to, before, after).to_string(),
                }
            }
            Cause::Split => td_string!(locale, heat.move_split, second, target, before, after).to_string(),
        }
    }
}
