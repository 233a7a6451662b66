//! The Items grid's layout of one table, kept in step with the playground edit by edit.
//!
//! [`layout`] lays out a whole table: it sorts every item and sums every partition, which for 10,000
//! items is far more than an edit that touches one row needs. A [`TableView`] is built once with it and
//! then follows the playground's journal ([`Playground::changes_since`]): each changed row is taken out
//! of the layout and put back at its sorted place, its item collection's count and bytes are adjusted,
//! and a column appears or goes when the first or last item with that attribute does. The result is
//! always equal to a fresh [`layout`] of the table (the component tests check this against random edit
//! sequences); whenever the journal cannot say what changed, the view simply rebuilds.

use std::borrow::Cow;
use std::cmp::Ordering;
use std::collections::{BTreeMap, BTreeSet};

use engine::value::{key_cmp, AttributeValue};

use super::layout::{cmp_seq, layout, Entry, Layout, LayoutRow};
use super::playground::{Change, Playground, Row, RowId, RowItem, TableState};

/// More changed rows than this in one catch-up and the view rebuilds instead (each incremental step
/// costs a pass over the layout; a rebuild costs one sort).
const MAX_INCREMENTAL: usize = 32;

/// The grid layout of table `table`, keyed by row position in [`TableState::rows`].
#[derive(Debug, Clone, Default)]
pub struct TableView {
    table: usize,
    revision: u64,
    pub layout: Layout<usize>,
    /// Sum of every row's DynamoDB item size (stored or not), for the toolbar.
    pub total_bytes: usize,
    pk: String,
    sk: Option<String>,
    leading: Vec<String>,
    /// Per row position: the row's id and item size as laid out.
    ids: Vec<RowId>,
    sizes: Vec<usize>,
    /// Per row position: its index in `layout.rows`.
    slot: Vec<usize>,
    /// Indices in `layout.rows` of the item-collection headers, in order.
    headers: Vec<usize>,
    /// Index in `layout.rows` of the "not stored" header, if any.
    unstored_header: Option<usize>,
    /// How many items carry each attribute name (a column exists while its count is positive).
    names: BTreeMap<String, usize>,
    /// How many times this view was laid out from scratch (tests check edits do not).
    rebuilds: usize,
}

/// The columns that lead the table grid: the key, then each entity's type attribute, then the index
/// keys; the other attributes follow alphabetically.
pub fn leading_columns(t: &TableState) -> Vec<String> {
    let (pk, sk) = t.key_names();
    let mut leading: Vec<String> = vec![pk.unwrap_or_default()];
    leading.extend(sk);
    for e in &t.entities {
        if !leading.contains(&e.type_attribute) {
            leading.push(e.type_attribute.clone());
        }
    }
    for k in engine::model::key_attributes(&t.definition).into_iter().chain(engine::model::multi_key_attributes(&t.definition)) {
        if !leading.contains(&k.name) {
            leading.push(k.name);
        }
    }
    leading
}

/// The layout of table `t` computed from scratch: the reference the incremental view must equal.
pub fn full_layout(t: &TableState) -> Layout<usize> {
    let (pk, sk) = t.key_names();
    let pk = pk.unwrap_or_default();
    let leading = leading_columns(t);
    let entries: Vec<Entry<'_, usize, RowItem>> =
        t.rows.iter().enumerate().map(|(i, r)| Entry { key: i, item: &r.item, unstored: r.error.is_some() }).collect();
    let sort: Vec<&str> = sk.as_deref().into_iter().collect();
    let lead: Vec<&str> = leading.iter().map(String::as_str).collect();
    layout(entries, &pk, &sort, &lead)
}

impl TableView {
    /// The view of table `table` of `p` (an empty view when there is no such table).
    pub fn build(p: &Playground, table: usize) -> TableView {
        let mut v = TableView { table, revision: p.revision(), ..TableView::default() };
        let Some(t) = p.table(table) else { return v };
        let (pk, sk) = t.key_names();
        v.pk = pk.unwrap_or_default();
        v.sk = sk;
        v.leading = leading_columns(t);
        v.layout = full_layout(t);
        v.ids = t.rows.iter().map(|r| r.id).collect();
        v.sizes = t.rows.iter().map(|r| r.item.size()).collect();
        v.total_bytes = v.sizes.iter().sum();
        for r in &t.rows {
            r.item.visit_names(|n| match v.names.get_mut(n) {
                Some(c) => *c += 1,
                None => {
                    v.names.insert(n.to_string(), 1);
                }
            });
        }
        v.slot = vec![0; t.rows.len()];
        v.reindex();
        v
    }

    pub fn table(&self) -> usize {
        self.table
    }

    /// How many times [`TableView::refresh`] had to lay the table out from scratch.
    pub fn rebuilds(&self) -> usize {
        self.rebuilds
    }

    /// The playground state this view shows.
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// Bring the view up to date with `p`, showing table `table`: incrementally when the journal lists
    /// only a few row changes of this table, else by rebuilding. Returns `false` when nothing changed.
    pub fn refresh(&mut self, p: &Playground, table: usize) -> bool {
        if table == self.table && self.revision == p.revision() {
            return false;
        }
        let incremental = table == self.table
            && p.changes_since(self.revision).is_some_and(|changes| self.apply(p, &changes));
        if !incremental {
            let rebuilds = self.rebuilds + 1;
            *self = TableView::build(p, table);
            self.rebuilds = rebuilds;
        }
        self.revision = p.revision();
        true
    }

    /// Apply `changes`; `false` (with the view in an unknown state, to be rebuilt) when they are not
    /// all row changes of this table or the result does not match the playground.
    fn apply(&mut self, p: &Playground, changes: &[&Change]) -> bool {
        let Some(t) = p.table(self.table) else { return false };
        if changes.len() > MAX_INCREMENTAL {
            return false;
        }
        let me = self.table;
        let mine = move |table: &usize| *table == me;
        let rows_only = changes
            .iter()
            .all(|c| matches!(c, Change::RowAdded { .. } | Change::RowReplaced { .. } | Change::RowRemoved { .. } | Change::Stored(_)));
        if !rows_only {
            return false;
        }
        // Phase 1: take out what changed, using only the view's own record of what it laid out (the
        // playground is already in its final state). Phase 2 puts the rows that still exist back, from
        // their final items, once every position is final.
        let mut pending: Vec<RowId> = Vec::new();
        let mut laid_out = vec![true; self.ids.len()];
        for c in changes {
            match c {
                Change::RowAdded { table, id } if mine(table) => {
                    self.ids.push(*id);
                    self.sizes.push(0);
                    self.slot.push(usize::MAX);
                    laid_out.push(false);
                    pending.push(*id);
                }
                Change::RowReplaced { table, id, old } if mine(table) => {
                    let Some(pos) = self.ids.iter().position(|x| x == id) else { return false };
                    if laid_out[pos] {
                        self.take_out(pos, old);
                        laid_out[pos] = false;
                    }
                    pending.push(*id);
                }
                Change::RowRemoved { table, pos, old } if mine(table) => {
                    let pos = *pos;
                    if pos >= self.ids.len() || self.ids[pos] != old.id {
                        return false;
                    }
                    if laid_out[pos] {
                        self.take_out(pos, old);
                    }
                    self.ids.remove(pos);
                    self.sizes.remove(pos);
                    self.slot.remove(pos);
                    laid_out.remove(pos);
                    for r in &mut self.layout.rows {
                        if let LayoutRow::Item { key, .. } = r {
                            if *key > pos {
                                *key -= 1;
                            }
                        }
                    }
                }
                // Another table's rows: nothing of this view moves.
                _ => {}
            }
        }
        if self.ids.len() != t.rows.len() || !self.ids.iter().zip(&t.rows).all(|(id, r)| *id == r.id) {
            return false;
        }
        let mut names_changed = false;
        let mut seen = BTreeSet::new();
        for id in pending {
            if !seen.insert(id) {
                continue;
            }
            let Some(pos) = self.ids.iter().position(|x| *x == id) else { continue };
            if laid_out[pos] {
                continue;
            }
            names_changed |= self.put_in(pos, &t.rows);
            laid_out[pos] = true;
        }
        names_changed |= self.names.values().any(|c| *c == 0);
        self.names.retain(|_, c| *c > 0);
        if names_changed {
            self.columns();
        }
        self.layout.items = t.rows.len();
        true
    }

    /// Remove the layout row of the row at `pos`, which was laid out as `old`.
    fn take_out(&mut self, pos: usize, old: &Row) {
        let li = self.slot[pos];
        let size = self.sizes[pos];
        self.total_bytes -= size;
        old.item.visit_names(|n| {
            if let Some(c) = self.names.get_mut(n) {
                *c = c.saturating_sub(1);
            }
        });
        let mut h = li;
        while h > 0 {
            h -= 1;
            if !matches!(self.layout.rows[h], LayoutRow::Item { .. }) {
                break;
            }
        }
        let empty = match &mut self.layout.rows[h] {
            LayoutRow::Partition { items, bytes, .. } => {
                *items -= 1;
                *bytes -= size;
                *items == 0
            }
            LayoutRow::Unstored { items } => {
                *items -= 1;
                *items == 0
            }
            LayoutRow::Item { .. } => false,
        };
        self.layout.rows.remove(li);
        if empty {
            self.layout.rows.remove(h);
        }
        self.reindex();
    }

    /// Lay out the row at `pos` from its current item. Returns whether a new attribute name appeared.
    fn put_in(&mut self, pos: usize, rows: &[Row]) -> bool {
        let row = &rows[pos];
        let size = row.item.size();
        self.sizes[pos] = size;
        self.total_bytes += size;
        let mut new_name = false;
        row.item.visit_names(|n| match self.names.get_mut(n) {
            Some(c) => {
                new_name |= *c == 0;
                *c += 1;
            }
            None => {
                self.names.insert(n.to_string(), 1);
                new_name = true;
            }
        });
        let item_row = LayoutRow::Item { key: pos, band: 0 };
        let pk_value = row.item.attr(&self.pk).filter(|_| row.error.is_none());
        match pk_value {
            Some(pk) => {
                let found = self.headers.binary_search_by(|&h| match &self.layout.rows[h] {
                    LayoutRow::Partition { value, .. } => key_cmp(value, &pk),
                    _ => Ordering::Less,
                });
                match found {
                    Ok(hi) => {
                        let h = self.headers[hi];
                        let end = self.section_end(hi);
                        let sort = self.sort_values(&row.item);
                        // Items are ordered by sort key, then by row position (a stable sort of the
                        // rows, as `layout` does).
                        let (mut lo, mut hi_) = (h + 1, end);
                        while lo < hi_ {
                            let mid = (lo + hi_) / 2;
                            let LayoutRow::Item { key, .. } = self.layout.rows[mid] else { break };
                            let other = self.sort_values(&rows[key].item);
                            if cmp_seq(&other, &sort).then(key.cmp(&pos)) == Ordering::Greater {
                                hi_ = mid;
                            } else {
                                lo = mid + 1;
                            }
                        }
                        if let LayoutRow::Partition { items, bytes, .. } = &mut self.layout.rows[h] {
                            *items += 1;
                            *bytes += size;
                        }
                        self.layout.rows.insert(lo, item_row);
                    }
                    Err(hi) => {
                        let at = match self.headers.get(hi) {
                            Some(&h) => h,
                            None => self.unstored_header.unwrap_or(self.layout.rows.len()),
                        };
                        let header = LayoutRow::Partition { value: pk.into_owned(), items: 1, bytes: size, band: 0 };
                        self.layout.rows.splice(at..at, [header, item_row]);
                    }
                }
            }
            None => match self.unstored_header {
                Some(u) => {
                    let (mut lo, mut hi) = (u + 1, self.layout.rows.len());
                    while lo < hi {
                        let mid = (lo + hi) / 2;
                        match self.layout.rows[mid] {
                            LayoutRow::Item { key, .. } if key > pos => hi = mid,
                            _ => lo = mid + 1,
                        }
                    }
                    if let LayoutRow::Unstored { items } = &mut self.layout.rows[u] {
                        *items += 1;
                    }
                    self.layout.rows.insert(lo, item_row);
                }
                None => {
                    self.layout.rows.push(LayoutRow::Unstored { items: 1 });
                    self.layout.rows.push(item_row);
                }
            },
        }
        self.reindex();
        new_name
    }

    /// Where the items of the collection with header number `hi` end in `layout.rows`.
    fn section_end(&self, hi: usize) -> usize {
        match self.headers.get(hi + 1) {
            Some(&next) => next,
            None => self.unstored_header.unwrap_or(self.layout.rows.len()),
        }
    }

    fn sort_values<'a>(&self, item: &'a RowItem) -> Vec<Option<Cow<'a, AttributeValue>>> {
        self.sk.iter().map(|s| item.attr(s)).collect()
    }

    /// Recompute bands, slots and header positions in one pass over the rows.
    fn reindex(&mut self) {
        self.headers.clear();
        self.unstored_header = None;
        let mut band = 0usize;
        let mut in_partition = false;
        for (i, r) in self.layout.rows.iter_mut().enumerate() {
            match r {
                LayoutRow::Partition { band: b, .. } => {
                    if in_partition {
                        band += 1;
                    }
                    in_partition = true;
                    *b = band;
                    self.headers.push(i);
                }
                LayoutRow::Unstored { .. } => {
                    if in_partition {
                        band += 1;
                        in_partition = false;
                    }
                    self.unstored_header = Some(i);
                }
                LayoutRow::Item { key, band: b } => {
                    *b = band;
                    if let Some(s) = self.slot.get_mut(*key) {
                        *s = i;
                    }
                }
            }
        }
        self.layout.partitions = self.headers.len();
    }

    /// The columns, as `layout` orders them: the leading ones, then every other attribute name.
    fn columns(&mut self) {
        let mut columns: Vec<String> = Vec::new();
        for n in self.leading.iter().map(String::as_str).chain(self.names.keys().map(String::as_str)) {
            if !n.is_empty() && !columns.iter().any(|c| c == n) {
                columns.push(n.to_string());
            }
        }
        self.layout.columns = columns;
    }
}
