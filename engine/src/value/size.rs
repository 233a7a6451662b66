//! DynamoDB's byte accounting (drives RCU/WCU and the 400 KB item limit) and the nesting limit.
//!
//! Rules (Developer Guide "Item sizes and formats", with the details calculators measured):
//! S = UTF-8 bytes, B = raw bytes, BOOL/NULL = 1, N = `Number::stored_size`, L/M = 3 bytes plus
//! 1 byte and the size of each element (a map key counts like an attribute name), sets = the sum of
//! their elements.

use alloc::string::String;
use alloc::vec::Vec;

use super::{AttributeValue, Item, ValueError};

/// The item size limit: 400 KB, names included.
pub const MAX_ITEM_BYTES: usize = 400 * 1024;
/// Deepest nesting DynamoDB accepts: the attribute itself is level 1, so a scalar may sit inside
/// at most 31 lists/maps (measured against AWS: 31 wraps accepted, 32 rejected).
pub const MAX_NESTING_DEPTH: usize = 32;
/// DynamoDB's message for a value nested deeper than [`MAX_NESTING_DEPTH`].
pub const NESTING_MESSAGE: &str =
    "Nesting Levels have exceeded supported limits: Attributes in the item have nested levels beyond supported limit";
const ITEM_TOO_LARGE: &str = "Item size has exceeded the maximum allowed size";

/// Overhead of a list or map document, and of each of its elements.
const DOCUMENT_BASE: usize = 3;
const DOCUMENT_ELEMENT: usize = 1;

/// Bytes DynamoDB charges for one value (not counting its attribute name).
pub fn value_size(v: &AttributeValue) -> usize {
    match v {
        AttributeValue::S(s) => s.len(),
        AttributeValue::N(n) => n.stored_size(),
        AttributeValue::B(b) => b.len(),
        AttributeValue::Bool(_) | AttributeValue::Null => 1,
        AttributeValue::L(items) => {
            DOCUMENT_BASE + items.iter().map(|x| DOCUMENT_ELEMENT + value_size(x)).sum::<usize>()
        }
        AttributeValue::M(map) => {
            DOCUMENT_BASE + map.iter().map(|(k, x)| DOCUMENT_ELEMENT + k.len() + value_size(x)).sum::<usize>()
        }
        AttributeValue::SS(items) => items.iter().map(String::len).sum(),
        AttributeValue::NS(items) => items.iter().map(|n| n.stored_size()).sum(),
        AttributeValue::BS(items) => items.iter().map(Vec::len).sum(),
    }
}

/// Bytes for one attribute: UTF-8 length of the name plus `value_size`.
pub fn attribute_size(name: &str, v: &AttributeValue) -> usize {
    name.len() + value_size(v)
}

/// Bytes DynamoDB charges for a whole item (drives RCU/WCU and the 400 KB limit).
pub fn item_size(item: &Item) -> usize {
    item.iter().map(|(k, v)| attribute_size(k, v)).sum()
}

/// Nesting level of a value: 1 for scalars and sets, 1 + the deepest element for lists and maps
/// (an empty list or map is level 1).
pub fn value_depth(v: &AttributeValue) -> usize {
    // Iterative, so a programmatically built value of any depth cannot exhaust the stack.
    let mut deepest = 0;
    let mut stack: Vec<(&AttributeValue, usize)> = alloc::vec![(v, 1)];
    while let Some((v, level)) = stack.pop() {
        deepest = deepest.max(level);
        match v {
            AttributeValue::L(items) => stack.extend(items.iter().map(|x| (x, level + 1))),
            AttributeValue::M(map) => stack.extend(map.values().map(|x| (x, level + 1))),
            _ => {}
        }
    }
    deepest
}

/// Rejects items with an attribute nested deeper than DynamoDB allows (e.g. after an update
/// expression wrote a value into a nested path).
pub fn check_item_depth(item: &Item) -> Result<(), ValueError> {
    if item.values().any(|v| value_depth(v) > MAX_NESTING_DEPTH) {
        return Err(ValueError::invalid(NESTING_MESSAGE));
    }
    Ok(())
}

/// The 400 KB limit on a stored item.
pub fn check_item_size(item: &Item) -> Result<(), ValueError> {
    if item_size(item) > MAX_ITEM_BYTES {
        return Err(ValueError::invalid(ITEM_TOO_LARGE));
    }
    Ok(())
}
