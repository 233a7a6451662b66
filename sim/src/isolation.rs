//! Adaptive capacity's isolation of hot items: one rule, shared by the simulator (`runner`) and the
//! live server (`live`), so both isolate the same key at the same moment.
//!
//! The rule (docs/partition-model.md, "Throughput per partition"): a partition throttled at its
//! ceiling for [`crate::target::ISOLATE_AFTER_SECONDS`] consecutive seconds — [`Target::end_second`]
//! names those partitions — gets the key it served most in the second that just ended on a partition
//! of its own ([`Target::isolate`]: its range cut into below / that hash / above). "Most" is Contributor
//! Insights' unit, read half-units + 3 × write half-units; ties go to the smaller key text, so the
//! choice never depends on the order keys were seen. Never on a table with an LSI (the target's
//! `isolation` flag, which `end_second` honours).

use alloc::borrow::Cow;
use alloc::string::ToString;
use alloc::vec::Vec;

use engine::value::AttributeValue;

use crate::target::Target;

/// A partition-key value as the text hot keys are reported and compared by: a string as itself
/// (borrowed), a number in its canonical digits, anything else (binary) as its DynamoDB JSON.
pub fn key_text(v: &AttributeValue) -> Cow<'_, str> {
    match v {
        AttributeValue::S(s) => Cow::Borrowed(s.as_str()),
        AttributeValue::N(n) => Cow::Owned(n.to_string()),
        other => Cow::Owned(alloc::string::ToString::to_string(&engine::value::value_to_json(other))),
    }
}

/// One key's traffic in the second that ended: its hash, read + 3 × write half-units served, its text.
#[derive(Debug, Clone, Copy)]
pub struct KeySecond<'a> {
    pub hash: u64,
    pub accessed: u64,
    pub text: &'a str,
}

/// Isolate the hottest key of each partition in `hot` (as [`Target::end_second`] returned them) among
/// `keys`, the target's keys served in that second. Partitions are isolated from the last one down, so
/// the placements of the partitions before each stay as they were computed. Returns how many keys were
/// isolated.
pub fn isolate_hottest<'a>(target: &mut Target, mut hot: Vec<usize>, keys: impl IntoIterator<Item = KeySecond<'a>>) -> usize {
    if hot.is_empty() {
        return 0;
    }
    hot.sort_unstable_by(|a, b| b.cmp(a));
    let mut best: Vec<Option<KeySecond<'a>>> = alloc::vec![None; hot.len()];
    for k in keys {
        let p = target.layout.place(k.hash);
        let Ok(h) = hot.binary_search_by(|x| p.cmp(x)) else { continue };
        let better = best[h].is_none_or(|b| k.accessed > b.accessed || (k.accessed == b.accessed && k.text < b.text));
        if better {
            best[h] = Some(k);
        }
    }
    let mut isolated = 0;
    for (h, &p) in hot.iter().enumerate() {
        if let Some(k) = best[h] {
            isolated += usize::from(target.isolate(p, k.hash));
        }
    }
    isolated
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout;
    use crate::target::{Kind, Mode, TargetSpec, ISOLATE_AFTER_SECONDS};

    fn on_demand(isolation: bool) -> Target {
        Target::new(TargetSpec {
            table: "T".into(),
            index: None,
            mode: Mode::OnDemand,
            warm_read: 12_000,
            warm_write: 4_000,
            adaptive: true,
            burst: true,
            isolation,
            data_bytes: 0,
            partition_bytes: layout::PARTITION_BYTES,
            scaler: None,
        })
    }

    /// Ten seconds at the ceiling of partition 1 (of 4: hashes from 2^62), then the hottest key of the
    /// last second gets a partition of its own; ties go to the smaller text.
    #[test]
    fn the_hottest_key_of_a_partition_hot_for_ten_seconds_is_isolated() {
        let (a, b) = ((1u64 << 62) + 1000, (1u64 << 62) + 5000);
        for (accessed_b, text_b, isolated_hash) in [(100, "b", a), (600, "b", b), (500, "0", b)] {
            let mut t = on_demand(true);
            let mut hot = Vec::new();
            for _ in 0..ISOLATE_AFTER_SECONDS {
                t.tick();
                assert!(t.try_take(1, Kind::Write, 2000).is_ok());
                assert!(t.try_take(1, Kind::Write, 1).is_err(), "the ceiling throttles");
                hot = t.end_second();
            }
            assert_eq!(hot, alloc::vec![1]);
            let keys = [KeySecond { hash: a, accessed: 500, text: "a" }, KeySecond { hash: b, accessed: accessed_b, text: text_b }];
            assert_eq!(isolate_hottest(&mut t, hot, keys), 1);
            assert_eq!(t.layout.count(), 6);
            let p = t.layout.place(isolated_hash);
            assert_eq!(t.layout.range(p), (isolated_hash, isolated_hash));
        }
        // Nine seconds are not enough, and a target that may not isolate (an LSI) never does.
        for (seconds, isolation) in [(ISOLATE_AFTER_SECONDS - 1, true), (ISOLATE_AFTER_SECONDS + 5, false)] {
            let mut t = on_demand(isolation);
            let mut hot = Vec::new();
            for _ in 0..seconds {
                t.tick();
                let _ = t.try_take(1, Kind::Write, 2000);
                let _ = t.try_take(1, Kind::Write, 1);
                hot = t.end_second();
            }
            assert!(hot.is_empty());
        }
    }
}
