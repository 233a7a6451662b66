//! A map kept as a vector of pairs sorted by key: the item's map (attribute name → value).
//!
//! Why not `BTreeMap`: an item has a handful to a few dozen attributes, where a sorted vector is as fast
//! to read (one binary search over contiguous keys), cheaper to clone and to drop (one allocation), and
//! far smaller in code: `BTreeMap` instantiates its node, search, insertion, rebalancing, removal and
//! iteration code for each key/value type, ~16 KB of the browser bundle's wasm for the item's map alone,
//! where this is a few binary searches and `Vec` moves. The API is `BTreeMap`'s, so the type can stand in
//! for it: iteration is in key order and a later insertion of a key replaces the earlier value.
//!
//! Insertion into the middle moves the later pairs, so a map of many thousands of keys built in random
//! order is quadratic: keep `BTreeMap` for maps that grow with the data.

use alloc::vec::Vec;
use core::borrow::Borrow;
use core::fmt;
use core::ops::Index;

#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct VecMap<K, V> {
    pairs: Vec<(K, V)>,
}

impl<K, V> Default for VecMap<K, V> {
    fn default() -> Self {
        VecMap { pairs: Vec::new() }
    }
}

impl<K: fmt::Debug, V: fmt::Debug> fmt::Debug for VecMap<K, V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.pairs.iter().map(|(k, v)| (k, v))).finish()
    }
}

impl<K, V> VecMap<K, V> {
    pub const fn new() -> Self {
        VecMap { pairs: Vec::new() }
    }

    pub fn len(&self) -> usize {
        self.pairs.len()
    }

    pub fn is_empty(&self) -> bool {
        self.pairs.is_empty()
    }

    pub fn clear(&mut self) {
        self.pairs.clear();
    }

    pub fn iter(&self) -> Iter<'_, K, V> {
        Iter { inner: self.pairs.iter() }
    }

    pub fn iter_mut(&mut self) -> IterMut<'_, K, V> {
        IterMut { inner: self.pairs.iter_mut() }
    }

    pub fn keys(&self) -> impl DoubleEndedIterator<Item = &K> + ExactSizeIterator + Clone {
        self.pairs.iter().map(|(k, _)| k)
    }

    pub fn values(&self) -> impl DoubleEndedIterator<Item = &V> + ExactSizeIterator + Clone {
        self.pairs.iter().map(|(_, v)| v)
    }

    pub fn values_mut(&mut self) -> impl DoubleEndedIterator<Item = &mut V> + ExactSizeIterator {
        self.pairs.iter_mut().map(|(_, v)| v)
    }

    pub fn into_keys(self) -> impl DoubleEndedIterator<Item = K> + ExactSizeIterator {
        self.pairs.into_iter().map(|(k, _)| k)
    }

    pub fn into_values(self) -> impl DoubleEndedIterator<Item = V> + ExactSizeIterator {
        self.pairs.into_iter().map(|(_, v)| v)
    }

    pub fn first_key_value(&self) -> Option<(&K, &V)> {
        self.pairs.first().map(|(k, v)| (k, v))
    }

    pub fn last_key_value(&self) -> Option<(&K, &V)> {
        self.pairs.last().map(|(k, v)| (k, v))
    }

    /// Keeps the pairs `keep` says yes to, in order.
    pub fn retain(&mut self, mut keep: impl FnMut(&K, &mut V) -> bool) {
        self.pairs.retain_mut(|(k, v)| keep(k, v));
    }
}

impl<K: Ord, V> VecMap<K, V> {
    /// Where `key` is (`Ok`) or would go (`Err`).
    fn find<Q: Ord + ?Sized>(&self, key: &Q) -> Result<usize, usize>
    where
        K: Borrow<Q>,
    {
        self.pairs.binary_search_by(|(k, _)| k.borrow().cmp(key))
    }

    pub fn get<Q: Ord + ?Sized>(&self, key: &Q) -> Option<&V>
    where
        K: Borrow<Q>,
    {
        self.find(key).ok().map(|i| &self.pairs[i].1)
    }

    pub fn get_key_value<Q: Ord + ?Sized>(&self, key: &Q) -> Option<(&K, &V)>
    where
        K: Borrow<Q>,
    {
        self.find(key).ok().map(|i| (&self.pairs[i].0, &self.pairs[i].1))
    }

    pub fn get_mut<Q: Ord + ?Sized>(&mut self, key: &Q) -> Option<&mut V>
    where
        K: Borrow<Q>,
    {
        match self.find(key) {
            Ok(i) => Some(&mut self.pairs[i].1),
            Err(_) => None,
        }
    }

    pub fn contains_key<Q: Ord + ?Sized>(&self, key: &Q) -> bool
    where
        K: Borrow<Q>,
    {
        self.find(key).is_ok()
    }

    /// Sets `key` to `value`; the value it replaces, if any. Appending in key order (how items are
    /// decoded and built) never moves a pair.
    pub fn insert(&mut self, key: K, value: V) -> Option<V> {
        if self.pairs.last().is_none_or(|(last, _)| *last < key) {
            self.pairs.push((key, value));
            return None;
        }
        match self.find(&key) {
            Ok(i) => Some(core::mem::replace(&mut self.pairs[i].1, value)),
            Err(i) => {
                self.pairs.insert(i, (key, value));
                None
            }
        }
    }

    pub fn remove<Q: Ord + ?Sized>(&mut self, key: &Q) -> Option<V>
    where
        K: Borrow<Q>,
    {
        self.remove_entry(key).map(|(_, v)| v)
    }

    pub fn remove_entry<Q: Ord + ?Sized>(&mut self, key: &Q) -> Option<(K, V)>
    where
        K: Borrow<Q>,
    {
        self.find(key).ok().map(|i| self.pairs.remove(i))
    }

    pub fn entry(&mut self, key: K) -> Entry<'_, K, V> {
        match self.find(&key) {
            Ok(index) => Entry::Occupied(OccupiedEntry { map: self, index }),
            Err(index) => Entry::Vacant(VacantEntry { map: self, index, key }),
        }
    }

    /// Moves every pair of `other` into `self` (a key in both takes `other`'s value), leaving it empty.
    pub fn append(&mut self, other: &mut VecMap<K, V>) {
        for (k, v) in other.pairs.drain(..) {
            self.insert(k, v);
        }
    }
}

impl<K: Ord + Borrow<Q>, Q: Ord + ?Sized, V> Index<&Q> for VecMap<K, V> {
    type Output = V;

    /// Panics when the key is absent, as `BTreeMap`'s index does.
    fn index(&self, key: &Q) -> &V {
        self.get(key).expect("no entry found for key")
    }
}

impl<K: Ord, V> FromIterator<(K, V)> for VecMap<K, V> {
    fn from_iter<I: IntoIterator<Item = (K, V)>>(iter: I) -> Self {
        let mut m = VecMap::new();
        m.extend(iter);
        m
    }
}

impl<K: Ord, V> Extend<(K, V)> for VecMap<K, V> {
    fn extend<I: IntoIterator<Item = (K, V)>>(&mut self, iter: I) {
        for (k, v) in iter {
            self.insert(k, v);
        }
    }
}

impl<K: Ord, V, const N: usize> From<[(K, V); N]> for VecMap<K, V> {
    fn from(pairs: [(K, V); N]) -> Self {
        pairs.into_iter().collect()
    }
}

impl<K, V> IntoIterator for VecMap<K, V> {
    type Item = (K, V);
    type IntoIter = alloc::vec::IntoIter<(K, V)>;

    fn into_iter(self) -> Self::IntoIter {
        self.pairs.into_iter()
    }
}

impl<'a, K, V> IntoIterator for &'a VecMap<K, V> {
    type Item = (&'a K, &'a V);
    type IntoIter = Iter<'a, K, V>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<'a, K, V> IntoIterator for &'a mut VecMap<K, V> {
    type Item = (&'a K, &'a mut V);
    type IntoIter = IterMut<'a, K, V>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter_mut()
    }
}

/// The pairs in key order, by reference.
#[derive(Clone)]
pub struct Iter<'a, K, V> {
    inner: core::slice::Iter<'a, (K, V)>,
}

impl<'a, K, V> Iterator for Iter<'a, K, V> {
    type Item = (&'a K, &'a V);

    fn next(&mut self) -> Option<Self::Item> {
        self.inner.next().map(|(k, v)| (k, v))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.inner.size_hint()
    }
}

impl<K, V> DoubleEndedIterator for Iter<'_, K, V> {
    fn next_back(&mut self) -> Option<Self::Item> {
        self.inner.next_back().map(|(k, v)| (k, v))
    }
}

impl<K, V> ExactSizeIterator for Iter<'_, K, V> {}

/// The pairs in key order, values mutable.
pub struct IterMut<'a, K, V> {
    inner: core::slice::IterMut<'a, (K, V)>,
}

impl<'a, K, V> Iterator for IterMut<'a, K, V> {
    type Item = (&'a K, &'a mut V);

    fn next(&mut self) -> Option<Self::Item> {
        self.inner.next().map(|(k, v)| (&*k, v))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.inner.size_hint()
    }
}

impl<K, V> DoubleEndedIterator for IterMut<'_, K, V> {
    fn next_back(&mut self) -> Option<Self::Item> {
        self.inner.next_back().map(|(k, v)| (&*k, v))
    }
}

impl<K, V> ExactSizeIterator for IterMut<'_, K, V> {}

/// [`VecMap::entry`]: a key that is there or a place for it.
pub enum Entry<'a, K, V> {
    Occupied(OccupiedEntry<'a, K, V>),
    Vacant(VacantEntry<'a, K, V>),
}

pub struct OccupiedEntry<'a, K, V> {
    map: &'a mut VecMap<K, V>,
    index: usize,
}

pub struct VacantEntry<'a, K, V> {
    map: &'a mut VecMap<K, V>,
    index: usize,
    key: K,
}

impl<'a, K, V> Entry<'a, K, V> {
    pub fn or_insert(self, default: V) -> &'a mut V {
        self.or_insert_with(|| default)
    }

    pub fn or_insert_with(self, default: impl FnOnce() -> V) -> &'a mut V {
        match self {
            Entry::Occupied(e) => e.into_mut(),
            Entry::Vacant(e) => e.insert(default()),
        }
    }

    pub fn or_default(self) -> &'a mut V
    where
        V: Default,
    {
        self.or_insert_with(V::default)
    }

    pub fn and_modify(mut self, f: impl FnOnce(&mut V)) -> Self {
        if let Entry::Occupied(e) = &mut self {
            f(e.get_mut());
        }
        self
    }

    pub fn key(&self) -> &K {
        match self {
            Entry::Occupied(e) => e.key(),
            Entry::Vacant(e) => &e.key,
        }
    }
}

impl<'a, K, V> OccupiedEntry<'a, K, V> {
    pub fn key(&self) -> &K {
        &self.map.pairs[self.index].0
    }

    pub fn get(&self) -> &V {
        &self.map.pairs[self.index].1
    }

    pub fn get_mut(&mut self) -> &mut V {
        &mut self.map.pairs[self.index].1
    }

    pub fn into_mut(self) -> &'a mut V {
        &mut self.map.pairs[self.index].1
    }

    pub fn insert(&mut self, value: V) -> V {
        core::mem::replace(self.get_mut(), value)
    }

    pub fn remove(self) -> V {
        self.map.pairs.remove(self.index).1
    }
}

impl<'a, K, V> VacantEntry<'a, K, V> {
    pub fn key(&self) -> &K {
        &self.key
    }

    pub fn insert(self, value: V) -> &'a mut V {
        self.map.pairs.insert(self.index, (self.key, value));
        &mut self.map.pairs[self.index].1
    }
}

/// A set kept as a sorted vector, with `BTreeSet`'s API: for sets of a handful of names. Collecting
/// (`FromIterator`) sorts once, so a set collected from many values is `O(n log n)`; inserting many
/// values one by one out of order is quadratic, as for [`VecMap`].
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct VecSet<T> {
    items: Vec<T>,
}

impl<T> Default for VecSet<T> {
    fn default() -> Self {
        VecSet { items: Vec::new() }
    }
}

impl<T: fmt::Debug> fmt::Debug for VecSet<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.items.iter()).finish()
    }
}

impl<T> VecSet<T> {
    pub const fn new() -> Self {
        VecSet { items: Vec::new() }
    }

    pub fn len(&self) -> usize {
        self.items.len()
    }

    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// In order.
    pub fn iter(&self) -> core::slice::Iter<'_, T> {
        self.items.iter()
    }

    pub fn first(&self) -> Option<&T> {
        self.items.first()
    }

    pub fn last(&self) -> Option<&T> {
        self.items.last()
    }
}

impl<T: Ord> VecSet<T> {
    fn find<Q: Ord + ?Sized>(&self, value: &Q) -> Result<usize, usize>
    where
        T: Borrow<Q>,
    {
        self.items.binary_search_by(|x| x.borrow().cmp(value))
    }

    pub fn contains<Q: Ord + ?Sized>(&self, value: &Q) -> bool
    where
        T: Borrow<Q>,
    {
        self.find(value).is_ok()
    }

    /// Whether `value` was new (an equal value already there is kept, as in `BTreeSet`).
    pub fn insert(&mut self, value: T) -> bool {
        if self.items.last().is_none_or(|last| *last < value) {
            self.items.push(value);
            return true;
        }
        match self.find(&value) {
            Ok(_) => false,
            Err(i) => {
                self.items.insert(i, value);
                true
            }
        }
    }

    pub fn remove<Q: Ord + ?Sized>(&mut self, value: &Q) -> bool
    where
        T: Borrow<Q>,
    {
        match self.find(value) {
            Ok(i) => {
                self.items.remove(i);
                true
            }
            Err(_) => false,
        }
    }

    /// Whether every value of `self` is in `other`.
    pub fn is_subset(&self, other: &VecSet<T>) -> bool {
        self.items.iter().all(|x| other.contains(x))
    }
}

impl<T: Ord> FromIterator<T> for VecSet<T> {
    /// Sorts once and drops repeats (the first of equal values stays, as `BTreeSet`'s does).
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        let mut items: Vec<T> = iter.into_iter().collect();
        items.sort();
        items.dedup();
        VecSet { items }
    }
}

impl<T: Ord> Extend<T> for VecSet<T> {
    fn extend<I: IntoIterator<Item = T>>(&mut self, iter: I) {
        for x in iter {
            self.insert(x);
        }
    }
}

impl<T> IntoIterator for VecSet<T> {
    type Item = T;
    type IntoIter = alloc::vec::IntoIter<T>;

    fn into_iter(self) -> Self::IntoIter {
        self.items.into_iter()
    }
}

impl<'a, T> IntoIterator for &'a VecSet<T> {
    type Item = &'a T;
    type IntoIter = core::slice::Iter<'a, T>;

    fn into_iter(self) -> Self::IntoIter {
        self.items.iter()
    }
}

/// As a map, like `BTreeMap`'s.
impl<K: serde::Serialize, V: serde::Serialize> serde::Serialize for VecMap<K, V> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.iter())
    }
}

/// From a map, like `BTreeMap`'s (a repeated key keeps its last value).
impl<'de, K: serde::Deserialize<'de> + Ord, V: serde::Deserialize<'de>> serde::Deserialize<'de> for VecMap<K, V> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Visit<K, V>(core::marker::PhantomData<(K, V)>);
        impl<'de, K: serde::Deserialize<'de> + Ord, V: serde::Deserialize<'de>> serde::de::Visitor<'de> for Visit<K, V> {
            type Value = VecMap<K, V>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a map")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, mut access: A) -> Result<Self::Value, A::Error> {
                let mut m = VecMap::new();
                while let Some((k, v)) = access.next_entry()? {
                    m.insert(k, v);
                }
                Ok(m)
            }
        }
        deserializer.deserialize_map(Visit(core::marker::PhantomData))
    }
}

#[cfg(test)]
mod tests {
    use super::VecMap;
    use alloc::collections::BTreeMap;
    use alloc::vec::Vec;
    use proptest::prelude::*;

    #[derive(Debug, Clone)]
    enum Op {
        Insert(u8, u16),
        Remove(u8),
        Entry(u8, u16),
        Retain(u8),
    }

    fn op() -> impl Strategy<Value = Op> {
        prop_oneof![
            (any::<u8>(), any::<u16>()).prop_map(|(k, v)| Op::Insert(k % 40, v)),
            any::<u8>().prop_map(|k| Op::Remove(k % 40)),
            (any::<u8>(), any::<u16>()).prop_map(|(k, v)| Op::Entry(k % 40, v)),
            any::<u8>().prop_map(|m| Op::Retain(m % 5 + 2)),
        ]
    }

    proptest! {
        /// Every operation answers as `BTreeMap`'s does, and the pairs stay in key order.
        #[test]
        fn behaves_like_btreemap(ops in proptest::collection::vec(op(), 0..200)) {
            let (mut ours, mut reference) = (VecMap::new(), BTreeMap::new());
            for op in ops {
                match op {
                    Op::Insert(k, v) => prop_assert_eq!(ours.insert(k, v), reference.insert(k, v)),
                    Op::Remove(k) => prop_assert_eq!(ours.remove(&k), reference.remove(&k)),
                    Op::Entry(k, v) => {
                        let a = *ours.entry(k).and_modify(|x| *x = x.wrapping_add(1)).or_insert(v);
                        let b = *reference.entry(k).and_modify(|x: &mut u16| *x = x.wrapping_add(1)).or_insert(v);
                        prop_assert_eq!(a, b);
                    }
                    Op::Retain(m) => {
                        ours.retain(|k, _| k % m != 0);
                        reference.retain(|k, _| k % m != 0);
                    }
                }
                prop_assert_eq!(ours.len(), reference.len());
                let a: Vec<_> = ours.iter().map(|(k, v)| (*k, *v)).collect();
                let b: Vec<_> = reference.iter().map(|(k, v)| (*k, *v)).collect();
                prop_assert_eq!(a, b);
            }
            for k in 0..40u8 {
                prop_assert_eq!(ours.get(&k), reference.get(&k));
                prop_assert_eq!(ours.contains_key(&k), reference.contains_key(&k));
            }
        }

        /// Inserting, removing and collecting answer as `BTreeSet`'s do, in order.
        #[test]
        fn set_behaves_like_btreeset(ops in proptest::collection::vec((any::<bool>(), 0u8..40), 0..200), start in proptest::collection::vec(0u8..40, 0..60)) {
            let mut ours: super::VecSet<u8> = start.iter().copied().collect();
            let mut reference: alloc::collections::BTreeSet<u8> = start.iter().copied().collect();
            for (add, x) in ops {
                if add {
                    prop_assert_eq!(ours.insert(x), reference.insert(x));
                } else {
                    prop_assert_eq!(ours.remove(&x), reference.remove(&x));
                }
                prop_assert!(ours.iter().eq(reference.iter()));
            }
            for x in 0..40u8 {
                prop_assert_eq!(ours.contains(&x), reference.contains(&x));
            }
        }

        /// `collect()` keeps the last value of a repeated key, as `BTreeMap`'s does.
        #[test]
        fn collects_like_btreemap(pairs in proptest::collection::vec((0u8..30, any::<u16>()), 0..100)) {
            let ours: VecMap<u8, u16> = pairs.iter().copied().collect();
            let reference: BTreeMap<u8, u16> = pairs.iter().copied().collect();
            prop_assert!(ours.iter().map(|(k, v)| (*k, *v)).eq(reference.iter().map(|(k, v)| (*k, *v))));
        }
    }
}
