//! Building maps by insertion instead of `collect()`.
//!
//! `BTreeMap::from_iter` (what `collect()` into a map or a `serde_json::Map` calls) sorts its input with a
//! stable sort whose code is instantiated once per iterator type, so every call site adds about 3.5 KB of
//! sort code to the browser bundle (50 KB in all when this module was written). Inserting one pair at a
//! time shares one `insert` per map type, and for the already sorted input these maps are built from it is
//! no slower.

use alloc::collections::{BTreeMap, BTreeSet};
use alloc::string::String;
use serde_json::{Map, Value};

use crate::vec_map::VecMap;

/// A map that takes pairs one at a time: a `BTreeMap` or a [`VecMap`] (an item).
pub trait InsertPairs<K, V>: Default {
    fn put(&mut self, key: K, value: V);
}

impl<K: Ord, V> InsertPairs<K, V> for BTreeMap<K, V> {
    fn put(&mut self, key: K, value: V) {
        self.insert(key, value);
    }
}

impl<K: Ord, V> InsertPairs<K, V> for VecMap<K, V> {
    fn put(&mut self, key: K, value: V) {
        self.insert(key, value);
    }
}

/// A map of the pairs; a later pair replaces an earlier one with the same key, as `collect()` does.
pub fn map_of<K: Ord, V, M: InsertPairs<K, V>>(pairs: impl IntoIterator<Item = (K, V)>) -> M {
    let mut m = M::default();
    for (k, v) in pairs {
        m.put(k, v);
    }
    m
}

/// A set of the values.
pub fn set_of<T: Ord>(values: impl IntoIterator<Item = T>) -> BTreeSet<T> {
    let mut s = BTreeSet::new();
    for v in values {
        s.insert(v);
    }
    s
}

/// A JSON object of the pairs.
pub fn object_of(pairs: impl IntoIterator<Item = (String, Value)>) -> Value {
    let mut m = Map::new();
    for (k, v) in pairs {
        m.insert(k, v);
    }
    Value::Object(m)
}

/// A `serde_json::Map` of the pairs.
pub fn json_map_of(pairs: impl IntoIterator<Item = (String, Value)>) -> Map<String, Value> {
    let mut m = Map::new();
    for (k, v) in pairs {
        m.insert(k, v);
    }
    m
}
