//! An item a read hands back: the stored item itself (shared, not copied, with its key to read it by)
//! or one built for this read (a projection, or an index entry narrower than the table's item).

use serde_json::Value;

use crate::table::key::PrimaryKey;
use alloc::vec::Vec;

use crate::value::{item_size, item_to_json, AttributeValue, Item, PackedItem};

#[derive(Clone)]
pub enum ReadItem {
    /// The table's buffer and the key values it was stored without.
    Stored { item: PackedItem, key: PrimaryKey },
    Built(Item),
}

impl ReadItem {
    pub fn to_item(&self) -> Item {
        match self {
            ReadItem::Stored { item, key } => item.decode(key),
            ReadItem::Built(i) => i.clone(),
        }
    }

    pub fn into_item(self) -> Item {
        match self {
            ReadItem::Stored { item, key } => item.decode(&key),
            ReadItem::Built(i) => i,
        }
    }

    /// One top-level attribute.
    pub fn get(&self, name: &str) -> Option<AttributeValue> {
        match self {
            ReadItem::Stored { item, key } => item.get(key, name),
            ReadItem::Built(i) => i.get(name).cloned(),
        }
    }

    /// Its top-level attribute names, in name order, without decoding the values.
    pub fn names(&self) -> Vec<&str> {
        match self {
            ReadItem::Stored { item, .. } => item.names(),
            ReadItem::Built(i) => i.keys().map(|k| k.as_str()).collect(),
        }
    }

    /// Whether its top-level attribute names are exactly `names`, in name order (see
    /// [`PackedItem::has_names`]).
    pub fn has_names(&self, names: &[&str]) -> bool {
        match self {
            ReadItem::Stored { item, .. } => item.has_names(names),
            ReadItem::Built(i) => i.len() == names.len() && i.keys().zip(names).all(|(k, n)| k == n),
        }
    }

        /// Its DynamoDB size in bytes (kept in a stored item's buffer, so nothing is decoded for it).
    pub fn size(&self) -> u64 {
        match self {
            ReadItem::Stored { item, .. } => item.size(),
            ReadItem::Built(i) => item_size(i) as u64,
        }
    }

    pub fn to_json(&self) -> Value {
        match self {
            ReadItem::Stored { item, key } => item.to_json(key),
            ReadItem::Built(i) => item_to_json(i),
        }
    }

    /// [`ReadItem::to_json`] as text, appended to `out`.
    pub fn write_json(&self, out: &mut alloc::string::String) {
        match self {
            ReadItem::Stored { item, key } => item.write_json(key, out),
            ReadItem::Built(i) => crate::value::write_item(out, i),
        }
    }
}

/// Equal when they hold the same item, whichever form each is in.
impl PartialEq for ReadItem {
    fn eq(&self, other: &ReadItem) -> bool {
        match (self, other) {
            (ReadItem::Stored { item: a, key: ka }, ReadItem::Stored { item: b, key: kb }) => a == b && ka == kb,
            _ => self.to_item() == other.to_item(),
        }
    }
}

impl core::fmt::Debug for ReadItem {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        self.to_item().fmt(f)
    }
}
