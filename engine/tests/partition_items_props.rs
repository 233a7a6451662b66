//! A partition's item store (sorted vector while small, B-tree past `SMALL_MAX`) must behave exactly
//! like a `BTreeMap` (the naive reference) under any mix of inserts, removes, lookups and ranges.

use std::collections::BTreeMap;
use std::ops::Bound;

use engine::table::items::Items;
use engine::table::key::{KeyVal, SortVal};
use engine::table::Stored;
use engine::value::{AttributeValue, Item, PackedItem};
use proptest::prelude::*;

fn sk(i: u16) -> SortVal {
    (i != 0).then(|| KeyVal::from_value(&AttributeValue::S(format!("k{i:03}")))).flatten()
}

fn stored(size: u64) -> Stored {
    Stored { item: PackedItem::encode_sized(&Item::new(), size) }
}

#[derive(Debug, Clone)]
enum Op {
    Insert(u16, u64),
    Remove(u16),
    Range(u16, u16, u8),
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        6 => (0u16..150, any::<u64>()).prop_map(|(k, v)| Op::Insert(k, v)),
        2 => (0u16..150).prop_map(Op::Remove),
        2 => (0u16..150, 0u16..150, 0u8..9).prop_map(|(a, b, m)| Op::Range(a, b, m)),
    ]
}

fn bound(k: u16, m: u8) -> Bound<SortVal> {
    match m % 3 {
        0 => Bound::Unbounded,
        1 => Bound::Included(sk(k)),
        _ => Bound::Excluded(sk(k)),
    }
}

fn sizes<'a>(it: impl Iterator<Item = (&'a SortVal, &'a Stored)>) -> Vec<(SortVal, u64)> {
    it.map(|(k, s)| (k.clone(), s.size())).collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn items_match_a_btreemap(ops in proptest::collection::vec(op(), 1..400)) {
        let mut items = Items::default();
        let mut model: BTreeMap<SortVal, Stored> = BTreeMap::new();
        for op in ops {
            match op {
                Op::Insert(k, v) => {
                    let a = items.insert(sk(k), stored(v)).map(|s| s.size());
                    let b = model.insert(sk(k), stored(v)).map(|s| s.size());
                    prop_assert_eq!(a, b);
                }
                Op::Remove(k) => {
                    prop_assert_eq!(items.remove(&sk(k)).map(|s| s.size()), model.remove(&sk(k)).map(|s| s.size()));
                }
                Op::Range(a, b, m) => {
                    let (lo, hi) = (bound(a, m), bound(b, m / 3));
                    let valid = engine::table::range::is_valid(&lo, &hi);
                    let want = if valid { sizes(model.range((lo.clone(), hi.clone()))) } else { Vec::new() };
                    prop_assert_eq!(sizes(items.range((lo.clone(), hi.clone()))), want.clone());
                    let mut back = sizes(items.range((lo, hi)).rev());
                    back.reverse();
                    prop_assert_eq!(back, want);
                }
            }
            prop_assert_eq!(items.len(), model.len());
            prop_assert_eq!(items.is_empty(), model.is_empty());
            prop_assert_eq!(sizes(items.iter()), sizes(model.iter()));
            for k in [0u16, 1, 75, 149] {
                prop_assert_eq!(items.get(&sk(k)).map(|s| s.size()), model.get(&sk(k)).map(|s| s.size()));
            }
        }
    }
}
