//! The items the last Query-tab read returned, so the Items and Indexes grids can mark them: the table
//! the read ran on and the key labels (`PK=…, SK=…`, the grid's own `key_label`) of its items.

use std::collections::BTreeSet;

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Matched {
    pub table: String,
    pub keys: BTreeSet<String>,
}

impl Matched {
    /// Whether the item labelled `key` of `table` was returned by the last read.
    pub fn contains(&self, table: Option<&str>, key: &str) -> bool {
        table == Some(self.table.as_str()) && self.keys.contains(key)
    }
}
