//! An item a read hands back: the stored item itself (shared, not copied) or one built for this read
//! (a projection, or an index entry narrower than the table's item).

use serde_json::Value;

use super::{item_to_json, AttributeValue, Item, PackedItem};

#[derive(Clone)]
pub enum ReadItem {
    Stored(PackedItem),
    Built(Item),
}

impl ReadItem {
    pub fn to_item(&self) -> Item {
        match self {
            ReadItem::Stored(p) => p.decode(),
            ReadItem::Built(i) => i.clone(),
        }
    }

    pub fn into_item(self) -> Item {
        match self {
            ReadItem::Stored(p) => p.decode(),
            ReadItem::Built(i) => i,
        }
    }

    /// One top-level attribute.
    pub fn get(&self, name: &str) -> Option<AttributeValue> {
        match self {
            ReadItem::Stored(p) => p.get(name),
            ReadItem::Built(i) => i.get(name).cloned(),
        }
    }

    pub fn to_json(&self) -> Value {
        match self {
            ReadItem::Stored(p) => p.to_json(),
            ReadItem::Built(i) => item_to_json(i),
        }
    }
}

/// Equal when they hold the same item, whichever form each is in.
impl PartialEq for ReadItem {
    fn eq(&self, other: &ReadItem) -> bool {
        match (self, other) {
            (ReadItem::Stored(a), ReadItem::Stored(b)) => a == b,
            (ReadItem::Built(a), ReadItem::Built(b)) => a == b,
            (ReadItem::Stored(p), ReadItem::Built(i)) | (ReadItem::Built(i), ReadItem::Stored(p)) => &p.decode() == i,
        }
    }
}

impl core::fmt::Debug for ReadItem {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            ReadItem::Stored(p) => p.fmt(f),
            ReadItem::Built(i) => i.fmt(f),
        }
    }
}
