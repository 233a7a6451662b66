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

use engine::table::ReadItem;
use engine::value::{item_size, AttributeValue, Item};

use super::display::{cell_text, value_text, write_units};
use super::layout::{Layout, LayoutRow};
use super::playground::{Playground, RowId};
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
    stamp: u64,
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
    Item { id: Option<RowId>, key: String, band: usize, cells: Vec<(String, String, &'static str)>, size: usize, wcu: String, error: Option<String> },
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
            Some(GridModel { source: GridSource::Table(mut view), stamp: old_stamp, .. }) => {
                let changed = view.refresh(p, table);
                let stamp = if changed { stamp() } else { old_stamp };
                (GridModel { source: GridSource::Table(view), label_columns: key_columns.clone(), key_columns, stamp }, changed)
            }
            _ => {
                let view = TableView::build(p, table);
                (GridModel { source: GridSource::Table(view), label_columns: key_columns.clone(), key_columns, stamp: stamp() }, true)
            }
        }
    }

    /// The model of a grid of entries read from the engine (an index view).
    pub fn read(items: Vec<ReadItem>, layout: Layout<usize>, key_columns: Vec<String>, label_columns: Vec<String>) -> GridModel {
        let decoded = Arc::new(items.iter().map(|_| OnceLock::new()).collect());
        GridModel {
            source: GridSource::Read { items: Arc::new(items), decoded, layout: Arc::new(layout) },
            key_columns,
            label_columns,
            stamp: stamp(),
        }
    }

    /// The model of a grid that owns its entries (a Query tab result).
    pub fn entries(items: Vec<Item>, layout: Layout<usize>, key_columns: Vec<String>, label_columns: Vec<String>) -> GridModel {
        GridModel {
            source: GridSource::Entries { items: Arc::new(items), layout: Arc::new(layout) },
            key_columns,
            label_columns,
            stamp: stamp(),
        }
    }

    /// Which computation this model is: a new one whenever what the grid shows changed.
    pub fn stamp(&self) -> u64 {
        self.stamp
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
        let engine_table = match &self.source {
            GridSource::Table(v) => p.table(v.table()).and_then(|t| p.database().table(t.name())),
            GridSource::Entries { .. } | GridSource::Read { .. } => None,
        };
        let is_table = matches!(self.source, GridSource::Table(_));
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
                        let wcu = match engine_table {
                            Some(et) if is_table => engine::capacity::units_text(et.new_item_write_cost(&it.item).write_half_units()),
                            _ => write_units(size).to_string(),
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
                            error: it.error.map(String::from),
                        }
                    }
                };
                Some(ViewRow { pos: from + i, kind })
            })
            .collect()
    }
}
