//! Key values as ordered map keys, and the checks DynamoDB applies to keys in `Key` and `Item`.

use alloc::boxed::Box;
use alloc::format;
use alloc::string::String;
use core::cmp::Ordering;

use crate::error::ApiError;
use crate::table::schema::{IndexDef, KeyAttr, KeySchema};
use crate::number::Number;
use crate::table::numkey;
use crate::value::{check_index_key_value, check_key_type, check_key_value, AttributeValue, IndexKeyWrite, Item, KeyRole, StoredKey};

/// The three key types, in DynamoDB's cross-type order (S < N < B).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum KeyKind {
    S,
    /// Bytes in the order-preserving encoding of `table::numkey`.
    N,
    B,
}

/// Key bytes kept inline up to this length: with the tag, kind and length bytes the whole value is
/// 24 bytes, the same as the heap form (kind plus a boxed slice).
const INLINE: usize = 21;

/// A scalar key value (S, N or B) ordered the way DynamoDB orders keys: S by UTF-8 bytes, N
/// numerically, B by unsigned bytes (and S < N < B across types, as `value::key_cmp`).
///
/// Why this layout: every table slot, index partition and sort-key position holds one, so its width is
/// paid per item. Short keys are kept inline so that B-tree searches compare bytes in the node instead
/// of chasing one heap pointer per comparison (which dominated lookup time), and the kind shares the
/// enum's word so the value is 24 bytes, not the 32 a `kind + bytes` enum takes.
#[derive(Clone)]
pub struct KeyVal(Repr);

#[derive(Clone)]
enum Repr {
    Inline { kind: KeyKind, len: u8, buf: [u8; INLINE] },
    Heap { kind: KeyKind, bytes: Box<[u8]> },
}

impl KeyVal {
    pub fn new(kind: KeyKind, b: &[u8]) -> KeyVal {
        KeyVal(match u8::try_from(b.len()) {
            Ok(len) if b.len() <= INLINE => {
                let mut buf = [0u8; INLINE];
                buf[..b.len()].copy_from_slice(b);
                Repr::Inline { kind, len, buf }
            }
            _ => Repr::Heap { kind, bytes: b.into() },
        })
    }

    pub fn kind(&self) -> KeyKind {
        match &self.0 {
            Repr::Inline { kind, .. } | Repr::Heap { kind, .. } => *kind,
        }
    }

    /// The key bytes: UTF-8 for S, the `numkey` encoding for N, the bytes for B.
    pub fn as_slice(&self) -> &[u8] {
        match &self.0 {
            Repr::Inline { len, buf, .. } => &buf[..usize::from(*len).min(INLINE)],
            Repr::Heap { bytes, .. } => bytes,
        }
    }

    /// The key form of a scalar value; `None` for any other type.
    pub fn from_value(v: &AttributeValue) -> Option<KeyVal> {
        match v {
            AttributeValue::S(s) => Some(KeyVal::new(KeyKind::S, s.as_bytes())),
            AttributeValue::N(n) => Some(KeyVal::new(KeyKind::N, &numkey::encode(n))),
            AttributeValue::B(b) => Some(KeyVal::new(KeyKind::B, b)),
            _ => None,
        }
    }

    pub fn to_value(&self) -> AttributeValue {
        let b = self.as_slice();
        match self.kind() {
            KeyKind::S => AttributeValue::S(String::from(core::str::from_utf8(b).unwrap_or_default())),
            KeyKind::N => AttributeValue::N(numkey::decode(b).unwrap_or(Number::ZERO)),
            KeyKind::B => AttributeValue::B(b.to_vec()),
        }
    }
}

impl core::fmt::Debug for KeyVal {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{:?}({:?})", self.kind(), self.as_slice())
    }
}

/// Only called with values already checked to be S, N or B.
pub(crate) fn kv(v: &AttributeValue) -> KeyVal {
    KeyVal::from_value(v).unwrap_or(KeyVal::new(KeyKind::S, b""))
}

impl PartialEq for KeyVal {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}
impl Eq for KeyVal {}
impl PartialOrd for KeyVal {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for KeyVal {
    fn cmp(&self, other: &Self) -> Ordering {
        self.kind().cmp(&other.kind()).then_with(|| self.as_slice().cmp(other.as_slice()))
    }
}

/// Sort-key slot of a stored entry: `None` for tables/indexes without a sort key (sorts first).
pub type SortVal = Option<KeyVal>;

/// A stored item's key, borrowed from the table's own slots: what reading the item (stored without
/// its key values) needs.
pub struct KeyRef<'a>(pub &'a KeyVal, pub &'a SortVal);

impl StoredKey for KeyRef<'_> {
    fn partition(&self) -> Option<AttributeValue> {
        Some(self.0.to_value())
    }
    fn sort(&self) -> Option<AttributeValue> {
        self.1.as_ref().map(KeyVal::to_value)
    }
}

impl StoredKey for PrimaryKey {
    fn partition(&self) -> Option<AttributeValue> {
        KeyRef(&self.pk, &self.sk).partition()
    }
    fn sort(&self) -> Option<AttributeValue> {
        KeyRef(&self.pk, &self.sk).sort()
    }
}

/// A table's primary key.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct PrimaryKey {
    pub pk: KeyVal,
    pub sk: SortVal,
}

impl PrimaryKey {
    /// The key as an item (`{pk: .., sk: ..}`), e.g. for LastEvaluatedKey.
    pub fn to_item(&self, schema: &KeySchema) -> Item {
        let mut m = Item::new();
        m.insert(schema.pk.name.clone(), self.pk.to_value());
        if let (Some(a), Some(v)) = (&schema.sk, &self.sk) {
            m.insert(a.name.clone(), v.to_value());
        }
        m
    }
}

pub use crate::value::{MAX_PARTITION_KEY_BYTES, MAX_SORT_KEY_BYTES};

pub const SCHEMA_MISMATCH: &str = "The provided key element does not match the schema";

fn typed<'a>(attr: &KeyAttr, v: Option<&'a AttributeValue>) -> Option<&'a AttributeValue> {
    v.filter(|v| v.scalar_type() == Some(attr.ty))
}

/// Validate a `Key` parameter (GetItem, UpdateItem, DeleteItem, ExclusiveStartKey of a table) and
/// turn it into a [`PrimaryKey`]. The value rules (non-empty, length limits) and their messages are
/// `value::check_key_value`'s: one source of truth for every place a key value is checked.
pub fn key_from_key_param(schema: &KeySchema, key: &Item) -> Result<PrimaryKey, ApiError> {
    let expected = 1 + usize::from(schema.sk.is_some());
    let pk = typed(&schema.pk, key.get(&schema.pk.name));
    let sk = schema.sk.as_ref().map(|a| typed(a, key.get(&a.name)));
    let (Some(pk), true) = (pk, key.len() == expected) else { return Err(ApiError::validation(SCHEMA_MISMATCH)) };
    if let Some(None) = sk {
        return Err(ApiError::validation(SCHEMA_MISMATCH));
    }
    let sk = sk.flatten();
    check_key_value(&schema.pk.name, KeyRole::Partition, pk)?;
    if let (Some(a), Some(v)) = (&schema.sk, sk) {
        check_key_value(&a.name, KeyRole::Sort, v)?;
    }
    Ok(PrimaryKey { pk: kv(pk), sk: sk.map(kv) })
}

fn item_key_attr<'a>(attr: &KeyAttr, role: KeyRole, item: &'a Item) -> Result<&'a AttributeValue, ApiError> {
    let Some(v) = item.get(&attr.name) else {
        return Err(ApiError::Validation(format!(
            "One or more parameter values were invalid: Missing the key {} in the item",
            attr.name
        )));
    };
    check_key_type(&attr.name, attr.ty, v)?;
    check_key_value(&attr.name, role, v)?;
    Ok(v)
}

/// Whether a `Key` parameter names exactly the schema's attributes but holds a value of the wrong type
/// (or a non-scalar) in one of them. Inside a transaction DynamoDB finds this while running it, not
/// while validating the request, so it becomes a cancellation reason instead of the request's error.
pub fn key_param_type_fault(schema: &KeySchema, key: &Item) -> bool {
    let attrs = || core::iter::once(&schema.pk).chain(schema.sk.as_ref());
    key.len() == attrs().count()
        && attrs().all(|a| key.contains_key(&a.name))
        && attrs().any(|a| key.get(&a.name).and_then(AttributeValue::scalar_type) != Some(a.ty))
}

/// The first key attribute of a whole item — the table's keys, then each index's — that holds a value
/// of the wrong type, as the error PutItem gives for it. Only looked for once every table key attribute
/// is present (a missing one is the request's error). Like [`key_param_type_fault`], a transaction
/// reports it as a cancellation reason.
pub fn item_key_type_fault(table: &KeySchema, indexes: &[IndexDef], item: &Item) -> Option<ApiError> {
    let table_attrs = || core::iter::once(&table.pk).chain(table.sk.as_ref());
    if table_attrs().any(|a| !item.contains_key(&a.name)) {
        return None;
    }
    for a in table_attrs() {
        if let Some(Err(e)) = item.get(&a.name).map(|v| check_key_type(&a.name, a.ty, v)) {
            return Some(e.into());
        }
    }
    for idx in indexes {
        for a in idx.key_attrs() {
            let Some(v) = item.get(&a.name).filter(|v| v.scalar_type() != Some(a.ty)) else { continue };
            if let Err(e) = check_index_key_value(&idx.name, &a.name, a.ty, v, IndexKeyWrite::Put) {
                return Some(e.into());
            }
        }
    }
    None
}

/// Validate the key attributes inside a whole item (PutItem, or the result of UpdateItem).
pub fn key_from_item(schema: &KeySchema, item: &Item) -> Result<PrimaryKey, ApiError> {
    let pk = item_key_attr(&schema.pk, KeyRole::Partition, item)?;
    let sk = match &schema.sk {
        Some(a) => Some(item_key_attr(a, KeyRole::Sort, item)?),
        None => None,
    };
    Ok(PrimaryKey { pk: kv(pk), sk: sk.map(kv) })
}

/// Every key attribute of an index with the length rule it obeys: each attribute of a multi-attribute
/// key is held to the limit of the half it belongs to (2048 bytes for HASH, 1024 for RANGE), as a
/// one-attribute key is.
fn index_key_roles(index: &IndexDef) -> impl Iterator<Item = (&KeyAttr, KeyRole)> + '_ {
    index.hash_attrs().map(|a| (a, KeyRole::Partition)).chain(index.range_attrs().map(|a| (a, KeyRole::Sort)))
}

/// Writes must not store an index key attribute of the wrong type, an empty one, or one longer than a
/// key may be (2048 bytes for the index's partition key, 1024 for its sort key): DynamoDB rejects the
/// write with the same length messages as for the table's own key.
pub fn check_index_keys(index: &IndexDef, item: &Item) -> Result<(), ApiError> {
    let attrs = index_key_roles(index);
    for (a, role) in attrs {
        let Some(v) = item.get(&a.name) else { continue };
        check_index_key_value(&index.name, &a.name, a.ty, v, IndexKeyWrite::Put)?;
        check_key_value(&a.name, role, v)?;
    }
    Ok(())
}

/// The index keys UpdateItem wrote (`written`: top-level attributes the update targets), checked as
/// [`check_index_keys`] does but in DynamoDB's UpdateItem wording for an empty value. Attributes the
/// update did not touch are not re-checked: a value stored before the index existed stays as it is.
pub fn check_updated_index_keys(index: &IndexDef, item: &Item, written: &[String]) -> Result<(), ApiError> {
    let attrs = index_key_roles(index);
    for (a, role) in attrs.filter(|(a, _)| written.contains(&a.name)) {
        let Some(v) = item.get(&a.name) else { continue };
        check_index_key_value(&index.name, &a.name, a.ty, v, IndexKeyWrite::Update)?;
        check_key_value(&a.name, role, v)?;
    }
    Ok(())
}

