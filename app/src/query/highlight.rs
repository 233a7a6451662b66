//! The items the last Query-tab read returned, so the Items and Indexes grids can mark them.
//!
//! One shared signal: the table the read ran on and the key labels (`PK=…, SK=…`, the grid's own
//! `key_label`) of its items. The grids read it per row; nothing else in them changes.

use std::collections::BTreeSet;
use std::cell::RefCell;

use crate::reactive::*;

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Matched {
    pub table: String,
    /// Collected once per read (one sort), then searched by binary search per drawn row.
    pub keys: BTreeSet<String>,
}

thread_local! {
    static SHARED: RefCell<Option<ArcRwSignal<Matched>>> = const { RefCell::new(None) };
}

/// The shared signal (created on first use, lives for the page).
pub fn matched() -> RwSignal<Matched> {
    SHARED.with(|c| c.borrow_mut().get_or_insert_with(|| ArcRwSignal::new(Matched::default())).clone().into())
}

/// Whether the item labelled `key` of the table the modeler has selected was returned by the last read.
pub fn is_match(table: Option<&str>, key: &str) -> bool {
    matched().with(|m| table == Some(m.table.as_str()) && m.keys.contains(key))
}
