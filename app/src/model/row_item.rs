//! A row's item, held once: a row the engine stores shares the engine's own buffer (the packed item a
//! `Table` keeps, refcounted, plus its key), and only a row the engine does not hold keeps the item itself.
//!
//! The model's rows and the engine's table hold the same items, so a second decoded copy of each would
//! double what a 10,000-item model takes (an `Item` is a map of `String` to values, about 1 KB for a
//! 100-byte item). A stored buffer is immutable: when the engine writes an item again it stores a new
//! buffer, so a row still holding the old one still reads the item as it was — which is what undoing a
//! Query-tab write needs.

use std::borrow::Cow;
use std::sync::OnceLock;

use engine::table::key::PrimaryKey;
use engine::table::ReadItem;
use engine::value::{item_to_json, AttributeValue, Item, PackedItem};
use serde_json::Value;

/// The item of one row (see the module documentation).
pub struct RowItem {
    read: ReadItem,
    /// The whole item, decoded the first time code borrows it as an [`Item`] (through `Deref`): for a
    /// form prefilled from a row, say. The grid, the layout and the autosave read the shared buffer
    /// instead ([`RowItem::attr`], [`RowItem::names`], [`RowItem::size`], [`RowItem::to_json`]), so
    /// a table's rows are not decoded wholesale.
    whole: OnceLock<Item>,
}

impl RowItem {
    /// An item the engine does not hold: one it refused, one not stored yet (a reload stores its rows
    /// after drawing them), one of a table whose design the engine refused.
    pub fn held(item: Item) -> RowItem {
        RowItem { read: ReadItem::Built(item), whole: OnceLock::new() }
    }

    /// The item the engine stores at `key`, in the engine's own buffer.
    pub fn stored(item: PackedItem, key: PrimaryKey) -> RowItem {
        RowItem { read: ReadItem::Stored { item, key }, whole: OnceLock::new() }
    }

    /// Whether this is the engine's buffer (not an item of the row's own).
    pub fn is_stored(&self) -> bool {
        matches!(self.read, ReadItem::Stored { .. })
    }

    /// The engine's key of a stored item.
    pub fn stored_key(&self) -> Option<&PrimaryKey> {
        match &self.read {
            ReadItem::Stored { key, .. } => Some(key),
            ReadItem::Built(_) => None,
        }
    }

    /// The item, decoded from a stored buffer or copied.
    pub fn to_item(&self) -> Item {
        match self.whole.get() {
            Some(item) => item.clone(),
            None => self.read.to_item(),
        }
    }

    /// The item, decoded from a stored buffer or moved out.
    pub fn into_item(self) -> Item {
        match self.whole.into_inner() {
            Some(item) => item,
            None => self.read.into_item(),
        }
    }

    /// The item, borrowed when the row holds it, else decoded.
    pub fn item(&self) -> Cow<'_, Item> {
        match (&self.read, self.whole.get()) {
            (ReadItem::Built(item), _) | (_, Some(item)) => Cow::Borrowed(item),
            (ReadItem::Stored { .. }, None) => Cow::Owned(self.read.to_item()),
        }
    }

    /// One top-level attribute, without decoding the others.
    pub fn attr(&self, name: &str) -> Option<Cow<'_, AttributeValue>> {
        match &self.read {
            ReadItem::Built(item) => item.get(name).map(Cow::Borrowed),
            stored => stored.get(name).map(Cow::Owned),
        }
    }

    /// Whether the item has an attribute `name` (for a stored item, reading the names up to it: they are
    /// in name order).
    pub fn contains_key(&self, name: &str) -> bool {
        match &self.read {
            ReadItem::Built(item) => item.contains_key(name),
            ReadItem::Stored { item, key } => item.get(key, name).is_some(),
        }
    }

    /// Its top-level attribute names, in name order, without decoding the values.
    pub fn names(&self) -> Vec<&str> {
        self.read.names()
    }

    /// Calls `f` with each top-level attribute name, in name order (no list is built for a held item).
    pub fn visit_names<'a>(&'a self, mut f: impl FnMut(&'a str)) {
        match &self.read {
            ReadItem::Built(item) => item.keys().for_each(|k| f(k)),
            stored => stored.names().into_iter().for_each(f),
        }
    }

    /// Whether its top-level attribute names are exactly `names`, in name order.
    pub fn has_names(&self, names: &[&str]) -> bool {
        self.read.has_names(names)
    }

    /// Its DynamoDB size in bytes (kept in a stored buffer, so nothing is decoded for it).
    pub fn size(&self) -> usize {
        self.read.size() as usize
    }

    /// The item as DynamoDB JSON, written straight from a stored buffer.
    pub fn to_json(&self) -> Value {
        match &self.read {
            ReadItem::Built(item) => item_to_json(item),
            stored => stored.to_json(),
        }
    }
}

impl core::ops::Deref for RowItem {
    type Target = Item;

    fn deref(&self) -> &Item {
        match &self.read {
            ReadItem::Built(item) => item,
            stored => self.whole.get_or_init(|| stored.to_item()),
        }
    }
}

/// A copy shares a stored buffer; what was decoded of it stays behind.
impl Clone for RowItem {
    fn clone(&self) -> RowItem {
        RowItem { read: self.read.clone(), whole: OnceLock::new() }
    }
}

/// Equal when they are the same item, whichever form each is in.
impl PartialEq for RowItem {
    fn eq(&self, other: &RowItem) -> bool {
        self.read == other.read
    }
}

impl PartialEq<Item> for RowItem {
    fn eq(&self, other: &Item) -> bool {
        match &self.read {
            ReadItem::Built(item) => item == other,
            stored => stored.to_item() == *other,
        }
    }
}

impl core::fmt::Debug for RowItem {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        self.read.fmt(f)
    }
}

impl From<Item> for RowItem {
    fn from(item: Item) -> RowItem {
        RowItem::held(item)
    }
}
