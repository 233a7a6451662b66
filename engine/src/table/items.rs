//! The items of one partition, ordered by sort key: the entry itself while there is one, a sorted
//! vector while the partition is small, a B-tree once it grows.
//!
//! Why: most partitions hold one item (tables without a sort key) or a few dozen. A B-tree allocates
//! whole nodes of 11 slots, so a one-item partition paid ~540 bytes of node for a 48-byte entry; a
//! lone entry is kept in the partition's own slot (no allocation at all), and an exactly-sized vector
//! pays the entries only, with binary search over a short contiguous run as fast as a B-tree search.
//! Past [`SMALL_MAX`] entries the O(n) insert shift would start to cost, so the partition switches to
//! a B-tree for good.

use alloc::collections::btree_map::{self, BTreeMap};
use alloc::vec::Vec;
use core::ops::Bound;

use crate::table::key::SortVal;
use crate::table::range::is_valid;
use crate::table::Stored;

/// Largest partition kept as a vector.
pub const SMALL_MAX: usize = 64;

#[derive(Debug, Clone)]
pub enum Items {
    One((SortVal, Stored)),
    Small(Vec<(SortVal, Stored)>),
    Large(BTreeMap<SortVal, Stored>),
}

impl Default for Items {
    fn default() -> Items {
        Items::Small(Vec::new())
    }
}

/// Entries of [`Items`] in sort-key order, from either representation.
pub enum Iter<'a> {
    Small(core::slice::Iter<'a, (SortVal, Stored)>),
    Large(btree_map::Range<'a, SortVal, Stored>),
}

impl<'a> Iterator for Iter<'a> {
    type Item = (&'a SortVal, &'a Stored);
    fn next(&mut self) -> Option<Self::Item> {
        match self {
            Iter::Small(it) => it.next().map(|(k, v)| (k, v)),
            Iter::Large(it) => it.next(),
        }
    }
}

impl DoubleEndedIterator for Iter<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        match self {
            Iter::Small(it) => it.next_back().map(|(k, v)| (k, v)),
            Iter::Large(it) => it.next_back(),
        }
    }
}

impl<'a> IntoIterator for &'a Items {
    type Item = (&'a SortVal, &'a Stored);
    type IntoIter = Iter<'a>;
    fn into_iter(self) -> Iter<'a> {
        self.iter()
    }
}

impl Items {
    /// The entries as a sorted slice, unless the partition is a B-tree.
    fn as_slice(&self) -> Option<&[(SortVal, Stored)]> {
        match self {
            Items::One(e) => Some(core::slice::from_ref(e)),
            Items::Small(v) => Some(v),
            Items::Large(_) => None,
        }
    }

    pub fn len(&self) -> usize {
        match self {
            Items::One(_) => 1,
            Items::Small(v) => v.len(),
            Items::Large(m) => m.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn get(&self, sk: &SortVal) -> Option<&Stored> {
        self.get_key_value(sk).map(|(_, v)| v)
    }

    pub fn get_key_value(&self, sk: &SortVal) -> Option<(&SortVal, &Stored)> {
        match (self, self.as_slice()) {
            (_, Some(v)) => v.binary_search_by(|(k, _)| k.cmp(sk)).ok().and_then(|i| v.get(i)).map(|(k, s)| (k, s)),
            (Items::Large(m), None) => m.get_key_value(sk),
            _ => None,
        }
    }

    /// Store `stored` at `sk`, returning what was there.
    pub fn insert(&mut self, sk: SortVal, stored: Stored) -> Option<Stored> {
        match self {
            Items::One((k, s)) if *k == sk => Some(core::mem::replace(s, stored)),
            Items::One(_) => {
                let Items::One(first) = core::mem::take(self) else { return None };
                let mut v = Vec::with_capacity(2);
                if first.0 < sk {
                    v.extend([first, (sk, stored)]);
                } else {
                    v.extend([(sk, stored), first]);
                }
                *self = Items::Small(v);
                None
            }
            Items::Small(v) if v.is_empty() => {
                *self = Items::One((sk, stored));
                None
            }
            Items::Small(v) => match v.binary_search_by(|(k, _)| k.cmp(&sk)) {
                Ok(i) => v.get_mut(i).map(|slot| core::mem::replace(&mut slot.1, stored)),
                Err(i) if v.len() < SMALL_MAX => {
                    v.insert(i, (sk, stored));
                    None
                }
                Err(_) => {
                    let mut m: BTreeMap<SortVal, Stored> = core::mem::take(v).into_iter().collect();
                    m.insert(sk, stored);
                    *self = Items::Large(m);
                    None
                }
            },
            Items::Large(m) => m.insert(sk, stored),
        }
    }

    pub fn remove(&mut self, sk: &SortVal) -> Option<Stored> {
        match self {
            Items::One((k, _)) if k == sk => match core::mem::take(self) {
                Items::One((_, stored)) => Some(stored),
                _ => None,
            },
            Items::One(_) => None,
            Items::Small(v) => {
                let i = v.binary_search_by(|(k, _)| k.cmp(sk)).ok()?;
                let (_, stored) = v.remove(i);
                if v.is_empty() {
                    *v = Vec::new();
                }
                Some(stored)
            }
            Items::Large(m) => m.remove(sk),
        }
    }

    pub fn iter(&self) -> Iter<'_> {
        match (self, self.as_slice()) {
            (_, Some(v)) => Iter::Small(v.iter()),
            (Items::Large(m), None) => Iter::Large(m.range::<SortVal, _>(..)),
            _ => Iter::Small([].iter()),
        }
    }

    pub fn values(&self) -> impl DoubleEndedIterator<Item = &Stored> {
        self.iter().map(|(_, v)| v)
    }

    /// Entries within `(lo, hi)`; the caller checks the bounds with `range::is_valid` too, but inverted bounds
    /// yield nothing here instead of panicking as `BTreeMap::range` would.
    pub fn range(&self, (lo, hi): (Bound<SortVal>, Bound<SortVal>)) -> Iter<'_> {
        if !is_valid(&lo, &hi) {
            return Iter::Small([].iter());
        }
        match (self, self.as_slice()) {
            (_, Some(v)) => {
                let start = match &lo {
                    Bound::Unbounded => 0,
                    Bound::Included(a) => v.partition_point(|(k, _)| k < a),
                    Bound::Excluded(a) => v.partition_point(|(k, _)| k <= a),
                };
                let end = match &hi {
                    Bound::Unbounded => v.len(),
                    Bound::Included(b) => v.partition_point(|(k, _)| k <= b),
                    Bound::Excluded(b) => v.partition_point(|(k, _)| k < b),
                };
                Iter::Small(v.get(start..end.max(start)).unwrap_or_default().iter())
            }
            (Items::Large(m), None) => Iter::Large(m.range((lo, hi))),
            _ => Iter::Small([].iter()),
        }
    }
}
