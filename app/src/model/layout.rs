//! The grid's row order: items grouped into item collections (one band per partition-key value) and
//! ordered within a collection exactly as DynamoDB orders the sort key (strings by UTF-8 bytes, numbers
//! numerically, binary by unsigned bytes — the engine's `key_cmp`).
//!
//! The same layout serves the table grid and every index view; only the key attributes differ.

use std::collections::BTreeSet;
use std::cmp::Ordering;

use engine::value::{item_size, key_cmp, AttributeValue, Item};

/// One visual row of the grid. Every row has the same height, so the grid can virtualise by index.
#[derive(Debug, Clone, PartialEq)]
pub enum LayoutRow<K> {
    /// The header of an item collection.
    Partition { value: AttributeValue, items: usize, bytes: usize, band: usize },
    /// An item; `band` is the index of its collection.
    Item { key: K, band: usize },
    /// The header of the items that belong to no collection (no partition key or refused by the engine).
    Unstored { items: usize },
}

/// The grid's rows and columns.
#[derive(Debug, Clone, PartialEq)]
pub struct Layout<K> {
    pub rows: Vec<LayoutRow<K>>,
    pub columns: Vec<String>,
    pub partitions: usize,
    pub items: usize,
}

impl<K> Default for Layout<K> {
    fn default() -> Self {
        Layout { rows: Vec::new(), columns: Vec::new(), partitions: 0, items: 0 }
    }
}

/// One item to lay out.
pub struct Entry<'a, K> {
    pub key: K,
    pub item: &'a Item,
    /// Refused by the engine: shown apart, whatever its keys say.
    pub unstored: bool,
}

/// Compare two sort-value sequences with DynamoDB's key order; an absent value sorts first.
pub fn cmp_seq(a: &[Option<&AttributeValue>], b: &[Option<&AttributeValue>]) -> Ordering {
    for (x, y) in a.iter().zip(b) {
        let o = match (x, y) {
            (None, None) => Ordering::Equal,
            (None, Some(_)) => Ordering::Less,
            (Some(_), None) => Ordering::Greater,
            (Some(x), Some(y)) => key_cmp(x, y),
        };
        if o != Ordering::Equal {
            return o;
        }
    }
    Ordering::Equal
}

/// An entry with a partition key: that key, its sort values, and the entry.
type Placed<'v, 'e, K> = (&'v AttributeValue, Vec<Option<&'v AttributeValue>>, &'e Entry<'v, K>);

/// Lay out `entries` grouped by `partition_key` and ordered by `sort_keys` (the sort key first, then
/// tie-breakers such as the table key in an index view). `leading` columns come first, in order; the
/// others follow alphabetically.
pub fn layout<K: Clone>(entries: Vec<Entry<'_, K>>, partition_key: &str, sort_keys: &[&str], leading: &[&str]) -> Layout<K> {
    let mut stored: Vec<Placed<'_, '_, K>> = Vec::new();
    let mut loose: Vec<&Entry<'_, K>> = Vec::new();
    let mut names: BTreeSet<&str> = BTreeSet::new();
    for e in &entries {
        names.extend(e.item.keys().map(String::as_str));
        match e.item.get(partition_key) {
            Some(pk) if !e.unstored => stored.push((pk, sort_keys.iter().map(|s| e.item.get(*s)).collect(), e)),
            _ => loose.push(e),
        }
    }
    stored.sort_by(|a, b| key_cmp(a.0, b.0).then_with(|| cmp_seq(&a.1, &b.1)));

    let mut rows = Vec::with_capacity(entries.len() + 16);
    let mut band = 0usize;
    let mut i = 0;
    while i < stored.len() {
        let pk = stored[i].0;
        let mut j = i;
        let mut bytes = 0;
        while j < stored.len() && key_cmp(stored[j].0, pk) == Ordering::Equal {
            bytes += item_size(stored[j].2.item);
            j += 1;
        }
        rows.push(LayoutRow::Partition { value: pk.clone(), items: j - i, bytes, band });
        for s in &stored[i..j] {
            rows.push(LayoutRow::Item { key: s.2.key.clone(), band });
        }
        band += 1;
        i = j;
    }
    if !loose.is_empty() {
        rows.push(LayoutRow::Unstored { items: loose.len() });
        for e in &loose {
            rows.push(LayoutRow::Item { key: e.key.clone(), band });
        }
    }

    let mut columns: Vec<String> = Vec::new();
    for n in leading.iter().copied().chain(names) {
        if !n.is_empty() && !columns.iter().any(|c| c == n) {
            columns.push(n.to_string());
        }
    }
    Layout { rows, columns, partitions: band, items: entries.len() }
}
