//! An item checked against its table before it is written: the key schema, the index key types and the
//! size limit.

use alloc::string::String;

use crate::error::ApiError;
use crate::table::key::{check_index_keys, check_updated_index_keys, key_from_item, PrimaryKey};
use crate::table::{Table, MAX_ITEM_BYTES};
use crate::value::{item_size, Item};

/// Validate a new item against the table's key schema, its index key types and the size limit.
pub fn validate_item(t: &Table, item: &Item, size_message: &str) -> Result<PrimaryKey, ApiError> {
    let key = key_from_item(&t.def.keys, item)?;
    for idx in &t.def.indexes {
        check_index_keys(idx, item)?;
    }
    crate::vector::entry::check_write(&t.def.vectors, item, &|_| true)?;
    if item_size(item) as u64 > MAX_ITEM_BYTES {
        return Err(ApiError::validation(size_message));
    }
    Ok(key)
}

/// The item an UpdateItem produced: its key as for any item, the index keys it wrote, the size limit.
pub fn validate_updated_item(t: &Table, item: &Item, written: &[String]) -> Result<(), ApiError> {
    key_from_item(&t.def.keys, item)?;
    for idx in &t.def.indexes {
        check_updated_index_keys(idx, item, written)?;
    }
    crate::vector::entry::check_write(&t.def.vectors, item, &|n| written.iter().any(|w| w == n))?;
    if item_size(item) as u64 > MAX_ITEM_BYTES {
        return Err(ApiError::validation("Item size to update has exceeded the maximum allowed size"));
    }
    Ok(())
}
