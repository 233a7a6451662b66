//! Multi-attribute keys of a global secondary index: up to four HASH and up to four RANGE attributes.
//!
//! An index keeps its entries by one partition value and one sort value, so a key of several attributes
//! is stored as one composite value: each attribute's value in the self-delimiting, order-preserving
//! form index entries use (`entry::push_component`: tag, escaped bytes, terminator), concatenated in
//! key-schema order. Comparing two composites byte by byte therefore compares the attributes one after
//! another, which is the order DynamoDB gives the items, and equal HASH tuples share one partition. A
//! half with a single attribute keeps its plain value, so an index with one HASH and one RANGE attribute
//! stores exactly what it always did.
//!
//! Composites are kept as `B` key values; they never leave the engine as values (`key_values` turns them
//! back into the attributes they were made of).

use alloc::string::String;
use alloc::vec::Vec;
use core::ops::Bound;

use crate::expr::SortKeyCondition;
use crate::index::entry::{push_component, take_component};
use crate::table::key::{KeyKind, KeyVal, SortVal};
use crate::table::range::SortRange;
use crate::table::schema::{IndexDef, KeyAttr};
pub use crate::table::schema::ExtraKeys;
use crate::value::{AttributeValue, Item};

/// DynamoDB's limit on each half of a multi-attribute key.
pub const MAX_KEY_ATTRIBUTES: usize = 4;


/// Above every tag byte: appended to a composite prefix, it is greater than every composite that
/// continues that prefix, and smaller than every composite that does not start with it but is greater.
const AFTER: u8 = 0xFF;

/// The composite of several key values (more than one), or the value itself when there is one.
pub fn key_of(values: &[KeyVal]) -> Option<KeyVal> {
    match values {
        [] => None,
        [one] => Some(one.clone()),
        many => {
            let mut out = Vec::new();
            for v in many {
                push_component(&mut out, v);
            }
            Some(KeyVal::new(KeyKind::B, &out))
        }
    }
}

/// The values a key made by [`key_of`] from `n` values holds, in order.
pub fn split(key: &KeyVal, n: usize) -> Option<Vec<KeyVal>> {
    if n == 1 {
        return Some(alloc::vec![key.clone()]);
    }
    let mut rest = key.as_slice();
    let mut out = Vec::with_capacity(n);
    while !rest.is_empty() {
        let (v, r) = take_component(rest)?;
        out.push(v);
        rest = r;
    }
    (out.len() == n).then_some(out)
}

/// A key attribute's value as the index holds it, or `None` when it keeps the item out of the index
/// (missing, of another type than its definition, or empty — an empty value only arrives by backfill).
fn index_value(a: &KeyAttr, item: &Item) -> Option<KeyVal> {
    let v = item.get(&a.name)?;
    let ok = v.scalar_type() == Some(a.ty)
        && !matches!(v, AttributeValue::S(s) if s.is_empty())
        && !matches!(v, AttributeValue::B(b) if b.is_empty());
    if ok { KeyVal::from_value(v) } else { None }
}

/// The (partition, sort) an item has in an index with a multi-attribute key: present only when the
/// item has every key attribute, as DynamoDB indexes it.
pub fn index_key(index: &IndexDef, item: &Item) -> Option<(KeyVal, SortVal)> {
    let hash: Vec<KeyVal> = index.hash_attrs().map(|a| index_value(a, item)).collect::<Option<_>>()?;
    let range: Vec<KeyVal> = index.range_attrs().map(|a| index_value(a, item)).collect::<Option<_>>()?;
    Some((key_of(&hash)?, key_of(&range)))
}

/// The key attributes an index entry's (partition, sort) stand for, in key-schema order.
pub fn key_values(index: &IndexDef, ipk: &KeyVal, isk: &SortVal) -> Item {
    let mut out = Item::new();
    let hash: Vec<&KeyAttr> = index.hash_attrs().collect();
    for (a, v) in hash.iter().zip(split(ipk, hash.len()).unwrap_or_default()) {
        out.insert(a.name.clone(), v.to_value());
    }
    let range: Vec<&KeyAttr> = index.range_attrs().collect();
    if let Some(isk) = isk {
        for (a, v) in range.iter().zip(split(isk, range.len()).unwrap_or_default()) {
            out.insert(a.name.clone(), v.to_value());
        }
    }
    out
}

/// The partition-key attributes of an index entry (every HASH attribute): what a GSI's partition is
/// chosen by, for the throttling decision and the simulator.
pub fn partition_values(index: &IndexDef, ipk: &KeyVal) -> Item {
    let mut out = Item::new();
    let hash: Vec<&KeyAttr> = index.hash_attrs().collect();
    for (a, v) in hash.iter().zip(split(ipk, hash.len()).unwrap_or_default()) {
        out.insert(a.name.clone(), v.to_value());
    }
    out
}

fn component(v: &AttributeValue) -> Vec<u8> {
    let mut out = Vec::new();
    if let Some(k) = KeyVal::from_value(v) {
        push_component(&mut out, &k);
    }
    out
}

fn joined(a: &[u8], b: &[u8]) -> KeyVal {
    let mut v = Vec::with_capacity(a.len() + b.len());
    v.extend_from_slice(a);
    v.extend_from_slice(b);
    KeyVal::new(KeyKind::B, &v)
}

/// The sort range a key condition on several RANGE attributes selects. `conds` are the conditions in
/// key-schema order, already checked: equalities on a gap-free prefix, at most the last one a range
/// condition. Every composite starting with the equalities' prefix `E` lies in `[E, E ++ FF)`; a range
/// condition on the next attribute narrows that by the attribute's own encoded value.
pub fn sort_range(conds: &[SortKeyCondition]) -> SortRange {
    let Some((last, eqs)) = conds.split_last() else { return SortRange::all() };
    let mut prefix = Vec::new();
    for c in eqs {
        if let SortKeyCondition::Eq(v) = c {
            prefix.extend(component(v));
        }
    }
    let at = |tail: &[u8]| joined(&prefix, tail);
    let with = |v: &AttributeValue, after: bool| {
        let mut t = component(v);
        if after {
            t.push(AFTER);
        }
        at(&t)
    };
    let end = Bound::Excluded(Some(at(&[AFTER])));
    let (lo, hi, starts) = match last {
        SortKeyCondition::Eq(v) => (Bound::Included(Some(with(v, false))), Bound::Excluded(Some(with(v, true))), None),
        SortKeyCondition::Lt(v) => (Bound::Included(Some(at(&[]))), Bound::Excluded(Some(with(v, false))), None),
        SortKeyCondition::Le(v) => (Bound::Included(Some(at(&[]))), Bound::Excluded(Some(with(v, true))), None),
        SortKeyCondition::Gt(v) => (Bound::Included(Some(with(v, true))), end, None),
        SortKeyCondition::Ge(v) => (Bound::Included(Some(with(v, false))), end, None),
        SortKeyCondition::Between(a, b) => (Bound::Included(Some(with(a, false))), Bound::Excluded(Some(with(b, true))), None),
        SortKeyCondition::BeginsWith(p) => {
            // The attribute's tag and escaped bytes without its terminator: every value that begins
            // with `p` encodes to a continuation of them.
            let mut t = component(p);
            t.truncate(t.len().saturating_sub(2));
            let start = at(&t);
            let matches = AttributeValue::B(start.as_slice().to_vec());
            (Bound::Included(Some(start)), end, Some(matches))
        }
    };
    SortRange { lo, hi, prefix: starts }
}

/// The composite partition an equality on every HASH attribute names (values in key-schema order).
pub fn partition_of(values: &[AttributeValue]) -> Option<KeyVal> {
    let keys: Vec<KeyVal> = values.iter().map(KeyVal::from_value).collect::<Option<_>>()?;
    key_of(&keys)
}

/// The attribute names of a key schema half, for messages.
pub fn names<'a>(attrs: impl Iterator<Item = &'a KeyAttr>) -> Vec<String> {
    attrs.map(|a| a.name.clone()).collect()
}
