//! Turning a sort-key condition plus an optional exclusive start into BTreeMap range bounds.
//!
//! `BTreeMap::range` panics on inverted bounds, so every range is checked with [`is_valid`] first:
//! an empty or inverted range simply yields nothing.

use core::ops::Bound;

use crate::expr::SortKeyCondition;
use crate::table::key::{KeyKind, KeyVal, SortVal};
use crate::value::AttributeValue;

/// Bounds on sort values plus a prefix filter for `begins_with` (its matches are contiguous and start at
/// the prefix, so the range begins there and iteration stops at the first non-match).
#[derive(Debug, Clone)]
pub struct SortRange {
    pub lo: Bound<SortVal>,
    pub hi: Bound<SortVal>,
    pub prefix: Option<AttributeValue>,
}

fn inc(v: &AttributeValue) -> Bound<SortVal> {
    Bound::Included(KeyVal::from_value(v))
}
fn exc(v: &AttributeValue) -> Bound<SortVal> {
    Bound::Excluded(KeyVal::from_value(v))
}

impl SortRange {
    pub fn all() -> SortRange {
        SortRange { lo: Bound::Unbounded, hi: Bound::Unbounded, prefix: None }
    }

    pub fn from_condition(c: Option<&SortKeyCondition>) -> SortRange {
        let (lo, hi, prefix) = match c {
            None => (Bound::Unbounded, Bound::Unbounded, None),
            Some(SortKeyCondition::Eq(v)) => (inc(v), inc(v), None),
            Some(SortKeyCondition::Lt(v)) => (Bound::Unbounded, exc(v), None),
            Some(SortKeyCondition::Le(v)) => (Bound::Unbounded, inc(v), None),
            Some(SortKeyCondition::Gt(v)) => (exc(v), Bound::Unbounded, None),
            Some(SortKeyCondition::Ge(v)) => (inc(v), Bound::Unbounded, None),
            Some(SortKeyCondition::Between(a, b)) => (inc(a), inc(b), None),
            Some(SortKeyCondition::BeginsWith(p)) => (inc(p), Bound::Unbounded, Some(p.clone())),
        };
        SortRange { lo, hi, prefix }
    }

    /// Whether a sort value lies within the range (bounds and prefix): an ExclusiveStartKey outside it is
    /// "outside query boundaries".
    pub fn contains(&self, v: &SortVal) -> bool {
        let above = match &self.lo {
            Bound::Unbounded => true,
            Bound::Included(lo) => v >= lo,
            Bound::Excluded(lo) => v > lo,
        };
        let below = match &self.hi {
            Bound::Unbounded => true,
            Bound::Included(hi) => v <= hi,
            Bound::Excluded(hi) => v < hi,
        };
        above && below && self.prefix_ok(v)
    }

    /// Whether a sort value satisfies the prefix filter (always true without one).
    pub fn prefix_ok(&self, v: &SortVal) -> bool {
        match (&self.prefix, v) {
            (None, _) => true,
            (Some(AttributeValue::S(p)), Some(k)) if k.kind() == KeyKind::S => k.as_slice().starts_with(p.as_bytes()),
            (Some(AttributeValue::B(p)), Some(k)) if k.kind() == KeyKind::B => k.as_slice().starts_with(p),
            _ => false,
        }
    }
}

/// Whether `(lo, hi)` is a range `BTreeMap::range` accepts without panicking.
pub fn is_valid<T: Ord>(lo: &Bound<T>, hi: &Bound<T>) -> bool {
    match (lo, hi) {
        (Bound::Included(a), Bound::Included(b)) => a <= b,
        (Bound::Included(a), Bound::Excluded(b)) | (Bound::Excluded(a), Bound::Included(b)) => a <= b,
        (Bound::Excluded(a), Bound::Excluded(b)) => a < b,
        _ => true,
    }
}

/// The tighter of two lower bounds.
pub fn max_lo<T: Ord>(a: Bound<T>, b: Bound<T>) -> Bound<T> {
    match (&a, &b) {
        (Bound::Unbounded, _) => b,
        (_, Bound::Unbounded) => a,
        (Bound::Included(x) | Bound::Excluded(x), Bound::Included(y) | Bound::Excluded(y)) => {
            if x < y || (x == y && matches!(b, Bound::Excluded(_))) { b } else { a }
        }
    }
}

/// The tighter of two upper bounds.
pub fn min_hi<T: Ord>(a: Bound<T>, b: Bound<T>) -> Bound<T> {
    match (&a, &b) {
        (Bound::Unbounded, _) => b,
        (_, Bound::Unbounded) => a,
        (Bound::Included(x) | Bound::Excluded(x), Bound::Included(y) | Bound::Excluded(y)) => {
            if y < x || (x == y && matches!(b, Bound::Excluded(_))) { b } else { a }
        }
    }
}

