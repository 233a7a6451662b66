//! Which place an item has in an index: its (partition, sort) there, or none (a sparse index leaves it
//! out). One function for every GSI and LSI, single- or multi-attribute keyed, so the table, the reload
//! and the index views agree on membership.

use crate::table::key::{kv, KeyVal, SortVal};
use crate::table::schema::{IndexDef, KeyAttr};
use crate::value::{AttributeValue, Item};

/// The (partition, sort) an item has in an index, or `None` when the item is absent from it (sparse:
/// an index key attribute missing, of the wrong type, or empty — the latter only via backfill).
pub fn index_key_of(index: &IndexDef, item: &Item) -> Option<(KeyVal, SortVal)> {
    if index.is_multi_key() {
        return super::multi_key::index_key(index, item);
    }
    let ok = |a: &KeyAttr| {
        item.get(&a.name).filter(|v| {
            v.scalar_type() == Some(a.ty)
                && !matches!(v, AttributeValue::S(s) if s.is_empty())
                && !matches!(v, AttributeValue::B(b) if b.is_empty())
        })
    };
    let pk = ok(&index.keys.pk)?;
    let sk = match &index.keys.sk {
        Some(a) => Some(kv(ok(a)?)),
        None => None,
    };
    Some((kv(pk), sk))
}
