//! The grid's row order: items grouped into item collections (one band per partition-key value) and
//! ordered within a collection exactly as DynamoDB orders the sort key (strings by UTF-8 bytes, numbers
//! numerically, binary by unsigned bytes — the engine's `key_cmp`).
//!
//! The same layout serves the table grid and every index view; only the key attributes differ.

use std::borrow::{Borrow, Cow};
use std::collections::BTreeSet;
use std::cmp::Ordering;

use engine::value::{item_size, key_cmp, AttributeValue, Item};

use super::row_item::RowItem;

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

/// What laying out an item reads of it: its key attributes, its attribute names and its size. An
/// [`Item`], or a row's item ([`RowItem`]), which answers from the engine's buffer without decoding the
/// whole item.
pub trait LaidOut {
    fn value(&self, name: &str) -> Option<Cow<'_, AttributeValue>>;
    /// Adds its top-level attribute names to `names`.
    fn add_names<'a>(&'a self, names: &mut BTreeSet<&'a str>);
    fn size(&self) -> usize;
}

impl LaidOut for Item {
    fn value(&self, name: &str) -> Option<Cow<'_, AttributeValue>> {
        self.get(name).map(Cow::Borrowed)
    }
    fn add_names<'a>(&'a self, names: &mut BTreeSet<&'a str>) {
        names.extend(self.keys().map(String::as_str));
    }
    fn size(&self) -> usize {
        item_size(self)
    }
}

impl LaidOut for RowItem {
    fn value(&self, name: &str) -> Option<Cow<'_, AttributeValue>> {
        self.attr(name)
    }
    fn add_names<'a>(&'a self, names: &mut BTreeSet<&'a str>) {
        self.visit_names(|n| {
            names.insert(n);
        });
    }
    fn size(&self) -> usize {
        RowItem::size(self)
    }
}

/// One item to lay out.
pub struct Entry<'a, K, I: LaidOut + ?Sized = Item> {
    pub key: K,
    pub item: &'a I,
    /// Refused by the engine: shown apart, whatever its keys say.
    pub unstored: bool,
}

/// Compare two sort-value sequences with DynamoDB's key order; an absent value sorts first.
pub fn cmp_seq<A: Borrow<AttributeValue>, B: Borrow<AttributeValue>>(a: &[Option<A>], b: &[Option<B>]) -> Ordering {
    for (x, y) in a.iter().zip(b) {
        let o = match (x, y) {
            (None, None) => Ordering::Equal,
            (None, Some(_)) => Ordering::Less,
            (Some(_), None) => Ordering::Greater,
            (Some(x), Some(y)) => key_cmp(x.borrow(), y.borrow()),
        };
        if o != Ordering::Equal {
            return o;
        }
    }
    Ordering::Equal
}

/// An entry with a partition key: that key, its sort values, and the entry.
type Placed<'v, 'e, K, I> = (Cow<'v, AttributeValue>, Vec<Option<Cow<'v, AttributeValue>>>, &'e Entry<'v, K, I>);

/// Lay out `entries` grouped by `partition_key` and ordered by `sort_keys` (the sort key first, then
/// tie-breakers such as the table key in an index view). `leading` columns come first, in order; the
/// others follow alphabetically.
pub fn layout<K: Clone, I: LaidOut + ?Sized>(entries: Vec<Entry<'_, K, I>>, partition_key: &str, sort_keys: &[&str], leading: &[&str]) -> Layout<K> {
    let mut stored: Vec<Placed<'_, '_, K, I>> = Vec::new();
    let mut loose: Vec<&Entry<'_, K, I>> = Vec::new();
    let mut names: BTreeSet<&str> = BTreeSet::new();
    for e in &entries {
        e.item.add_names(&mut names);
        match e.item.value(partition_key) {
            Some(pk) if !e.unstored => stored.push((pk, sort_keys.iter().map(|s| e.item.value(s)).collect(), e)),
            _ => loose.push(e),
        }
    }
    stored.sort_by(|a, b| key_cmp(&a.0, &b.0).then_with(|| cmp_seq(&a.1, &b.1)));

    let mut rows = Vec::with_capacity(entries.len() + 16);
    let mut band = 0usize;
    let mut i = 0;
    while i < stored.len() {
        let pk: &AttributeValue = &stored[i].0;
        let mut j = i;
        let mut bytes = 0;
        while j < stored.len() && key_cmp(&stored[j].0, pk) == Ordering::Equal {
            bytes += stored[j].2.item.size();
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
