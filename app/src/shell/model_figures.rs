//! The status bar's summary of the model in the playground: how many tables and items, and how many
//! bytes they hold by DynamoDB's item-size rules. Pure, so the figures are tested apart from the page.

use crate::model::Playground;

/// The model's size at a glance. Every size is the engine's own (`RowItem::size`: attribute names plus
/// values, as DynamoDB counts an item), the figure the Items grid's Size column shows row by row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ModelFigures {
    pub tables: usize,
    pub items: usize,
    /// All items' sizes added up.
    pub bytes: usize,
    /// The largest item: its table and size. A single item's size is what bounds one write's cost.
    pub largest: Option<(String, usize)>,
}

impl ModelFigures {
    /// `None` for a model with no table: there is nothing to sum up.
    pub fn of(playground: &Playground) -> Option<ModelFigures> {
        let tables = playground.tables();
        if tables.is_empty() {
            return None;
        }
        let mut figures = ModelFigures { tables: tables.len(), items: 0, bytes: 0, largest: None };
        for table in tables {
            for row in &table.rows {
                let size = row.item.size();
                figures.items += 1;
                figures.bytes += size;
                if figures.largest.as_ref().is_none_or(|(_, most)| size > *most) {
                    figures.largest = Some((table.name().to_owned(), size));
                }
            }
        }
        Some(figures)
    }
}
