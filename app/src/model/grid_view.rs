//! What a grid shows, free of the DOM: where its rows come from, and the rows of the visible window.
//!
//! A table grid does not copy its items: its layout ([`TableView`]) holds row positions and the visible
//! rows are read from the playground when they are drawn (a stored row decoded from the engine's buffer
//! then), so an edit costs one row, not a copy of 10,000. Write costs, sizes and cell texts are computed for the visible rows only. An index view owns
//! its entries (the engine's walk of the index), shared behind an `Arc` so passing the model on never
//! copies them, and decodes an entry only when its row is drawn.

use std::borrow::Cow;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};

use engine::capacity::{units_text, Consumed, Kind, Target};
use engine::table::ReadItem;
use engine::value::{item_size, AttributeValue, Item};

use super::display::{cell_text, value_text, write_units};
use super::layout::{Layout, LayoutRow};
use super::playground::{Change, Playground, RowId};
use super::table_view::TableView;

/// Where a grid's rows come from.
#[derive(Debug, Clone)]
pub enum GridSource {
    /// A table of the playground, laid out incrementally; rows are read from the playground.
    Table(TableView),
    /// Entries the grid owns (a Query tab result), with their layout keyed by position in `items`.
    Entries { items: Arc<Vec<Item>>, layout: Arc<Layout<usize>> },
    /// Entries as the engine reads them out of an index (an index view), decoded the first time their
    /// row is drawn: a view of 10,000 entries decodes the few dozen on screen, not all of them.
    Read { items: Arc<Vec<ReadItem>>, decoded: Arc<Vec<OnceLock<Item>>>, layout: Arc<Layout<usize>> },
}

impl Default for GridSource {
    fn default() -> Self {
        GridSource::Entries { items: Arc::default(), layout: Arc::default() }
    }
}

/// What a grid shows. Two models are equal when they are the same computation (a stamp), so that
/// comparing them costs nothing whatever their size.
#[derive(Debug, Clone, Default)]
pub struct GridModel {
    pub source: GridSource,
    /// Key attribute names (shown with a key badge, never removable).
    pub key_columns: Vec<String>,
    /// The attributes that identify an item (the base table's key, also in index views).
    pub label_columns: Vec<String>,
    /// The engine table whose write cost (table plus indexes) the WCU column shows; `None` shows the
    /// item's own write (see [`WcuBasis`]).
    write_cost_of: Option<String>,
    stamp: u64,
    /// Which contents these are: a new one when the grid shows something else (another table, a
    /// replaced model, a redesigned table), the same while only rows are edited. A grid starts again at
    /// its top-left corner, with no cursor, when it changes.
    epoch: u64,
}

impl PartialEq for GridModel {
    fn eq(&self, other: &Self) -> bool {
        self.stamp == other.stamp
    }
}

static STAMPS: AtomicU64 = AtomicU64::new(1);

fn stamp() -> u64 {
    STAMPS.fetch_add(1, Ordering::Relaxed)
}

/// One item of a grid, wherever it lives (decoded for the occasion when the engine holds it).
#[derive(Debug, Clone)]
pub struct GridItem<'a> {
    pub item: Cow<'a, Item>,
    /// The row's id (table grids only: index entries are not editable).
    pub id: Option<RowId>,
    pub error: Option<&'a str>,
}

/// One rendered row of the visible window.
#[derive(Debug, Clone, PartialEq)]
pub struct ViewRow {
    /// Position in the layout (drives keyboard navigation).
    pub pos: usize,
    pub kind: ViewKind,
}

#[derive(Debug, Clone, PartialEq)]
pub enum ViewKind {
    Partition { label: String, items: usize, bytes: usize, band: usize },
    Unstored { items: usize },
    /// `wcu` is the figure the WCU column shows, `wcu_why` how it adds up (the cell's tooltip).
    Item {
        id: Option<RowId>,
        key: String,
        band: usize,
        cells: Vec<(String, String, &'static str)>,
        size: usize,
        wcu: String,
        wcu_why: WcuWhy,
        error: Option<String>,
    },
}

/// What a grid's WCU column counts, which differs by grid: the same 187-byte item costs 2 WCU to put into
/// a table with one index and 1 WCU in the table alone, so every grid says which it shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WcuBasis {
    /// A PutItem of the item as a new item: the table's write plus one for each index entry it creates.
    TableAndIndexes,
    /// The item's write to its table alone (a Query result whose table is not known here).
    TableAlone,
    /// The write of the index entry itself (an index view's rows are the index's entries).
    IndexEntry,
}

impl WcuBasis {
    /// The column's header: the same words wherever the playground shows a WCU figure ("WCU" and what it
    /// counts, split at the first space for the header's two lines).
    pub fn header(self, locale: crate::i18n::Locale) -> &'static str {
        use crate::i18n::td_string;
        match self {
            WcuBasis::TableAndIndexes => td_string!(locale, grid.wcu_table_and_indexes),
            WcuBasis::TableAlone => td_string!(locale, grid.wcu_table_alone),
            WcuBasis::IndexEntry => td_string!(locale, grid.wcu_index_entry),
        }
    }

    /// The header's tooltip: how the column's figures are counted.
    pub fn explanation(self, locale: crate::i18n::Locale) -> &'static str {
        use crate::i18n::td_string;
        match self {
            WcuBasis::TableAndIndexes => td_string!(locale, grid.wcu_table_and_indexes_why),
            WcuBasis::TableAlone => td_string!(locale, grid.wcu_table_alone_why),
            WcuBasis::IndexEntry => td_string!(locale, grid.wcu_index_entry_why),
        }
    }
}

/// How a row's WCU figure adds up (the cell's tooltip), worded by [`wcu_why_text`] in the page's language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WcuWhy {
    /// The engine's charges: one term per table or index written, in half units, and their total.
    Breakdown { terms: Vec<(Target, u64)>, total: u64 },
    /// An index entry's own write, in WCU.
    IndexEntry(usize),
    /// The table's write alone (its indexes not counted), in WCU.
    TableOnly(usize),
}

/// A WCU figure of the engine's charges for a write and its breakdown, worded in English
/// `table 1 WCU + GSI GSI1 1 WCU = 2 WCU`: one term per table or index written, in the order the engine
/// charges them (an item that creates no index entry: `table 1 WCU (no index entry)`).
pub fn wcu_breakdown(cons: &Consumed) -> (String, WcuWhy) {
    let mut terms: Vec<(Target, u64)> = Vec::new();
    for c in cons.charges.iter().filter(|c| c.kind == Kind::Write) {
        match terms.iter_mut().find(|(t, _)| *t == c.target) {
            Some((_, half)) => *half += c.half_units,
            None => terms.push((c.target.clone(), c.half_units)),
        }
    }
    let total = cons.write_half_units();
    (units_text(total), WcuWhy::Breakdown { terms, total })
}

/// Half capacity units as the page's language writes them: `1`, `1.5` / `1,5`.
fn half_units_text(locale: crate::i18n::Locale, half: u64) -> String {
    crate::language::numbers::decimal(locale, half as f64 / 2.0, if half % 2 == 1 { 1 } else { 0 })
}

/// The WCU cell's tooltip.
pub fn wcu_why_text(locale: crate::i18n::Locale, why: &WcuWhy) -> String {
    use crate::i18n::td_string;
    match why {
        WcuWhy::Breakdown { terms, total } => {
            let sum = terms
                .iter()
                .map(|(target, half)| {
                    let n = half_units_text(locale, *half);
                    match target {
                        Target::Table => td_string!(locale, grid.wcu_term_table, n).to_string(),
                        Target::GlobalIndex(name) => td_string!(locale, grid.wcu_term_gsi, name, n).to_string(),
                        Target::LocalIndex(name) => td_string!(locale, grid.wcu_term_lsi, name, n).to_string(),
                    }
                })
                .collect::<Vec<_>>()
                .join(" + ");
            if terms.len() > 1 {
                td_string!(locale, grid.wcu_sum, sum, total = half_units_text(locale, *total)).to_string()
            } else {
                td_string!(locale, grid.wcu_sum_no_index, sum).to_string()
            }
        }
        WcuWhy::IndexEntry(n) => td_string!(locale, grid.wcu_why_index_entry, n = crate::language::numbers::count(locale, *n as u64)).to_string(),
        WcuWhy::TableOnly(n) => td_string!(locale, grid.wcu_why_table_only, n = crate::language::numbers::count(locale, *n as u64)).to_string(),
    }
}

/// The identifying text of an item in the grid (`PK=…, SK=…`).
pub fn key_label(item: &Item, keys: &[String]) -> String {
    keys.iter()
        .filter_map(|k| item.get(k).map(|v| format!("{k}={}", value_text(v))))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The type badge of a cell; strings, by far the most common, go without one to keep the grid quiet.
fn type_tag(v: &AttributeValue) -> &'static str {
    match v {
        AttributeValue::S(_) => "",
        other => other.value_type().as_str(),
    }
}

impl GridModel {
    /// The model of table `table`'s grid, updating `prev` (the previous model) when it showed the same
    /// table. Returns the model and whether it changed.
    pub fn for_table(p: &Playground, table: usize, prev: Option<GridModel>) -> (GridModel, bool) {
        let Some(t) = p.table(table) else {
            let changed = prev.is_some_and(|g| g.stamp != 0);
            return (GridModel::default(), changed);
        };
        let (pk, sk) = t.key_names();
        let mut key_columns: Vec<String> = pk.into_iter().collect();
        key_columns.extend(sk);
        match prev {
            Some(GridModel { source: GridSource::Table(mut view), stamp: old_stamp, epoch: old_epoch, .. }) => {
                let reshaped = view.table() != table
                    || p.changes_since(view.revision()).is_none_or(|changes| changes.iter().any(|c| matches!(c, Change::Tables) || matches!(c, Change::Table(t) if *t == table)));
                let changed = view.refresh(p, table);
                let stamp = if changed { stamp() } else { old_stamp };
                let epoch = if changed && reshaped { stamp } else { old_epoch };
                let write_cost_of = Some(t.name().to_string());
                (GridModel { source: GridSource::Table(view), label_columns: key_columns.clone(), key_columns, write_cost_of, stamp, epoch }, changed)
            }
            _ => {
                let view = TableView::build(p, table);
                let (stamp, write_cost_of) = (stamp(), Some(t.name().to_string()));
                (GridModel { source: GridSource::Table(view), label_columns: key_columns.clone(), key_columns, write_cost_of, stamp, epoch: stamp }, true)
            }
        }
    }

    /// The model of a grid of entries read from the engine (an index view).
    pub fn read(items: Vec<ReadItem>, layout: Layout<usize>, key_columns: Vec<String>, label_columns: Vec<String>) -> GridModel {
        let decoded = Arc::new(items.iter().map(|_| OnceLock::new()).collect());
        let stamp = stamp();
        GridModel {
            source: GridSource::Read { items: Arc::new(items), decoded, layout: Arc::new(layout) },
            key_columns,
            label_columns,
            write_cost_of: None,
            stamp,
            epoch: stamp,
        }
    }

    /// The model of a grid that owns its entries (a Query tab result).
    pub fn entries(items: Vec<Item>, layout: Layout<usize>, key_columns: Vec<String>, label_columns: Vec<String>) -> GridModel {
        let stamp = stamp();
        GridModel {
            source: GridSource::Entries { items: Arc::new(items), layout: Arc::new(layout) },
            key_columns,
            label_columns,
            write_cost_of: None,
            stamp,
            epoch: stamp,
        }
    }

    /// The same grid, its WCU column showing what a PutItem of each item into engine table `table`
    /// costs, table plus indexes (for full items of that table, such as a Query result on it).
    pub fn with_write_cost_of(mut self, table: &str) -> GridModel {
        self.write_cost_of = Some(table.to_string());
        self
    }

    /// What the WCU column counts.
    pub fn wcu_basis(&self) -> WcuBasis {
        match (&self.source, &self.write_cost_of) {
            (_, Some(_)) => WcuBasis::TableAndIndexes,
            (GridSource::Read { .. }, None) => WcuBasis::IndexEntry,
            (GridSource::Table(_) | GridSource::Entries { .. }, None) => WcuBasis::TableAlone,
        }
    }

    /// Which computation this model is: a new one whenever what the grid shows changed.
    pub fn stamp(&self) -> u64 {
        self.stamp
    }

    /// Which contents the grid shows (see the field): changes with the stamp on a new table or model,
    /// not on a row edit.
    pub fn epoch(&self) -> u64 {
        self.epoch
    }

    pub fn layout(&self) -> &Layout<usize> {
        match &self.source {
            GridSource::Table(v) => &v.layout,
            GridSource::Entries { layout, .. } | GridSource::Read { layout, .. } => layout,
        }
    }

    /// The item behind layout key `key`.
    pub fn item<'a>(&'a self, p: &'a Playground, key: usize) -> Option<GridItem<'a>> {
        match &self.source {
            GridSource::Table(v) => {
                let r = p.table(v.table())?.rows.get(key)?;
                Some(GridItem { item: r.item.item(), id: Some(r.id), error: r.error.as_deref() })
            }
            GridSource::Entries { items, .. } => items.get(key).map(|item| GridItem { item: Cow::Borrowed(item), id: None, error: None }),
            GridSource::Read { items, decoded, .. } => {
                let item = decoded.get(key)?.get_or_init(|| items.get(key).map(ReadItem::to_item).unwrap_or_default());
                Some(GridItem { item: Cow::Borrowed(item), id: None, error: None })
            }
        }
    }

    /// The item at layout position `pos`, if that row is an item.
    pub fn item_at<'a>(&'a self, p: &'a Playground, pos: usize) -> Option<GridItem<'a>> {
        match self.layout().rows.get(pos) {
            Some(LayoutRow::Item { key, .. }) => self.item(p, *key),
            _ => None,
        }
    }

    /// The rows `from..to` of the layout, ready to draw with `columns`.
    pub fn view_rows(&self, p: &Playground, columns: &[String], from: usize, to: usize) -> Vec<ViewRow> {
        let rows = &self.layout().rows;
        let to = to.min(rows.len());
        let from = from.min(to);
        // Table grids show what a PutItem of the item costs, table plus indexes, from the engine.
        let engine_table = self.write_cost_of.as_deref().and_then(|name| p.database().table(name));
        let basis = self.wcu_basis();
        rows[from..to]
            .iter()
            .enumerate()
            .filter_map(|(i, r)| {
                let kind = match r {
                    LayoutRow::Partition { value, items, bytes, band } => {
                        ViewKind::Partition { label: value_text(value), items: *items, bytes: *bytes, band: *band }
                    }
                    LayoutRow::Unstored { items } => ViewKind::Unstored { items: *items },
                    LayoutRow::Item { key, band } => {
                        let it = self.item(p, *key)?;
                        let size = item_size(&it.item);
                        let (wcu, wcu_why) = match (engine_table, basis) {
                            (Some(et), _) => wcu_breakdown(&et.new_item_write_cost(&it.item)),
                            (None, WcuBasis::IndexEntry) => (write_units(size).to_string(), WcuWhy::IndexEntry(write_units(size))),
                            (None, _) => (write_units(size).to_string(), WcuWhy::TableOnly(write_units(size))),
                        };
                        ViewKind::Item {
                            id: it.id,
                            key: key_label(&it.item, &self.label_columns),
                            band: *band,
                            cells: columns
                                .iter()
                                .map(|c| match it.item.get(c) {
                                    Some(v) => (cell_text(v), value_text(v), type_tag(v)),
                                    None => (String::new(), String::new(), ""),
                                })
                                .collect(),
                            size,
                            wcu,
                            wcu_why,
                            error: it.error.map(String::from),
                        }
                    }
                };
                Some(ViewRow { pos: from + i, kind })
            })
            .collect()
    }
}
