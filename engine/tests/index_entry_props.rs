//! The byte form of index entries must order exactly as the typed (index sort key, table key) triples
//! do, bounds included, and decode back to them: a naive reference (the derived `Ord` on `IndexPos`).

use std::ops::Bound;

use engine::index::entry::{decode, encode, encode_bound};
use engine::index::{IndexPos, TableKeyBound};
use engine::number::Number;
use engine::table::key::{KeyVal, PrimaryKey, SortVal};
use engine::value::AttributeValue;
use proptest::prelude::*;

fn key_val() -> impl Strategy<Value = KeyVal> {
    let s = "[a\\x00b\u{e9}]{1,30}".prop_map(AttributeValue::S);
    let b = proptest::collection::vec(prop_oneof![Just(0u8), Just(1), Just(0xFF), any::<u8>()], 1..30).prop_map(AttributeValue::B);
    let n = (any::<i64>(), -3i32..3).prop_filter_map("number", |(c, e)| {
        Number::from_parts(c < 0, u128::from(c.unsigned_abs()), e).ok().map(AttributeValue::N)
    });
    prop_oneof![s, b, n].prop_filter_map("key", |v| KeyVal::from_value(&v))
}

fn sort_val() -> impl Strategy<Value = SortVal> {
    proptest::option::of(key_val())
}

fn triple() -> impl Strategy<Value = (SortVal, PrimaryKey)> {
    (sort_val(), key_val(), sort_val()).prop_map(|(isk, pk, sk)| (isk, PrimaryKey { pk, sk }))
}

fn bound_pos() -> impl Strategy<Value = IndexPos> {
    (sort_val(), prop_oneof![Just(None), Just(Some(false)), Just(Some(true))], key_val(), sort_val()).prop_map(
        |(sk, which, pk, tsk)| {
            let table_key = match which {
                None => TableKeyBound::Min,
                Some(false) => TableKeyBound::Max,
                Some(true) => TableKeyBound::Key(PrimaryKey { pk, sk: tsk }),
            };
            IndexPos { sk, table_key }
        },
    )
}

fn as_pos(t: &(SortVal, PrimaryKey)) -> IndexPos {
    IndexPos { sk: t.0.clone(), table_key: TableKeyBound::Key(t.1.clone()) }
}

fn inner(b: Bound<Vec<u8>>) -> Vec<u8> {
    match b {
        Bound::Included(v) | Bound::Excluded(v) => v,
        Bound::Unbounded => Vec::new(),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn entries_order_and_round_trip(a in triple(), b in triple()) {
        let (ea, eb) = (encode(&a.0, &a.1), encode(&b.0, &b.1));
        prop_assert_eq!(ea.cmp(&eb), as_pos(&a).cmp(&as_pos(&b)));
        prop_assert_eq!(decode(&ea), Some(a.clone()));
        prop_assert_eq!(decode(&eb), Some(b));
        // A bound at an entry's own position encodes to the entry itself.
        prop_assert_eq!(inner(encode_bound(&Bound::Included(as_pos(&a)))), ea.to_vec());
    }

    #[test]
    fn bounds_order_like_positions(p in bound_pos(), e in triple()) {
        let ep = inner(encode_bound(&Bound::Included(p.clone())));
        let ee = encode(&e.0, &e.1);
        prop_assert_eq!(ep.as_slice().cmp(ee.as_slice()), p.cmp(&as_pos(&e)));
    }
}
