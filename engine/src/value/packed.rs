//! The form a table keeps its items in: one shared byte buffer per item.
//!
//! Why: an [`Item`] is a B-tree of `String` → [`AttributeValue`]; its node alone is ~630 bytes, so a
//! 100-byte DynamoDB item cost ~1 KB of memory. Packed, an item is about its DynamoDB size plus a few
//! bytes per attribute (name length, type tag, value length), in one allocation behind one thin
//! pointer (`triomphe::ThinArc`: a count, the length, the bytes). Reads share the buffer, so GetItem
//! and unfiltered Query/Scan hand out the stored item without decoding it; only code that evaluates
//! expressions on it decodes it (or just the attributes it looks at) back into an [`Item`].
//!
//! Format (all lengths and counts LEB128): `size count (name value)*` — the item's DynamoDB size (every
//! read charges by it, so it is kept rather than recomputed), then the attributes in name order, where
//! `value` is a tag byte then its payload — S/B `len bytes`, N a number, BOOL and NULL nothing, L
//! `count value*`, M `count (name value)*`, SS/BS `count (len bytes)*`, NS `count number*`. A number
//! is `(coefficient << 1 | negative)` then its zigzag exponent. The encoding of an item is unique
//! (items are name-ordered, sets canonical, numbers normalised), so equal buffers mean equal items.
//!
//! A table stores its items without their key values ([`PackedItem::encode_without_keys`]): the key
//! attribute's name is kept, its value becomes a marker tag, and whoever reads the item supplies the
//! values back from the table's own key index ([`StoredKey`]). The key is then held once per item, not
//! twice.
//!
//! Only the encoders produce buffers, so decoding never meets malformed bytes; it still checks every
//! read and yields nothing rather than panicking if it ever did.

use alloc::string::{String, ToString};
use alloc::vec::Vec;

use serde_json::{Map, Value};
use triomphe::ThinArc;

use super::json::encode_b64;
use super::write;
use super::value_to_json;
use super::{AttributeValue, Item};
use crate::number::Number;

const S: u8 = 0;
const N: u8 = 1;
const B: u8 = 2;
const FALSE: u8 = 3;
const TRUE: u8 = 4;
const NULL: u8 = 5;
const L: u8 = 6;
const M: u8 = 7;
const SS: u8 = 8;
const NS: u8 = 9;
const BS: u8 = 10;
/// The table's partition key value, kept outside the buffer.
const KEY_PK: u8 = 11;
/// The table's sort key value, kept outside the buffer.
const KEY_SK: u8 = 12;

/// The key values of an item stored without them: the table supplies them back when the item is read.
pub trait StoredKey {
    fn partition(&self) -> Option<AttributeValue>;
    fn sort(&self) -> Option<AttributeValue>;
}

/// For items packed with every value inside ([`PackedItem::encode`]).
pub struct NoKey;

impl StoredKey for NoKey {
    fn partition(&self) -> Option<AttributeValue> {
        None
    }
    fn sort(&self) -> Option<AttributeValue> {
        None
    }
}

/// An item in its stored form. Cloning shares the buffer. One pointer wide: every partition slot and
/// sort-key entry holds one.
#[derive(Clone, PartialEq, Eq)]
pub struct PackedItem(ThinArc<(), u8>);

impl PackedItem {
    pub fn encode(item: &Item) -> PackedItem {
        Self::encode_sized(item, super::item_size(item) as u64)
    }

    /// [`PackedItem::encode`] for a caller that has already measured the item (`size` must be
    /// `item_size(item)`).
    pub fn encode_sized(item: &Item, size: u64) -> PackedItem {
        Self::encode_without_keys(item, size, "", None)
    }

    /// The item with the values of the attributes named `partition` and `sort` left out (read it back
    /// with a [`StoredKey`] that has them). `size` must be `item_size(item)`; an empty `partition` name
    /// leaves nothing out, as no attribute has an empty name.
    pub fn encode_without_keys(item: &Item, size: u64, partition: &str, sort: Option<&str>) -> PackedItem {
        let marker = |name: &str| {
            if !partition.is_empty() && name == partition {
                Some(KEY_PK)
            } else if sort == Some(name) {
                Some(KEY_SK)
            } else {
                None
            }
        };
        let len = uint_len(u128::from(size))
            + uint_len(item.len() as u128)
            + item.iter().map(|(k, v)| bytes_len(k.as_bytes()) + marker(k).map_or_else(|| value_len(v), |_| 1)).sum::<usize>();
        let mut out = Vec::with_capacity(len);
        put_uint(&mut out, u128::from(size));
        put_uint(&mut out, item.len() as u128);
        for (name, v) in item {
            put_bytes(&mut out, name.as_bytes());
            match marker(name) {
                Some(tag) => out.push(tag),
                None => put_value(&mut out, v),
            }
        }
        PackedItem(ThinArc::from_header_and_slice((), &out))
    }

    /// The item, rebuilt (`key` supplies the values left out of the buffer, if any).
    pub fn decode(&self, key: &dyn StoredKey) -> Item {
        read_map(&mut self.attributes(key)).unwrap_or_default()
    }

    /// The item reduced to the top-level attributes `keep` accepts, the others skipped undecoded: what
    /// a filter, projection or narrow index entry looks at is all that reading an item needs to build.
    pub fn decode_where(&self, key: &dyn StoredKey, keep: impl Fn(&str) -> bool) -> Item {
        let mut r = self.attributes(key);
        let mut out = Item::new();
        let Some(count) = r.len() else { return out };
        for _ in 0..count {
            let Some(name) = r.str() else { break };
            if keep(name) {
                let Some(v) = read_value(&mut r) else { break };
                out.insert(String::from(name), v);
            } else if skip_value(&mut r).is_none() {
                break;
            }
        }
        out
    }

    /// The item's top-level attribute names, in name order, its values skipped undecoded: what a view
    /// that lists columns needs of thousands of items it shows a few of.
    pub fn names(&self) -> Vec<&str> {
        let mut r = self.attributes(&NoKey);
        let mut out = Vec::new();
        let Some(count) = r.len() else { return out };
        for _ in 0..count {
            let Some(name) = r.str() else { break };
            if skip_value(&mut r).is_none() {
                break;
            }
            out.push(name);
        }
        out
    }

    /// Whether the item's top-level attribute names are exactly `names` (in name order): what
    /// [`PackedItem::names`] would return, checked without building it. A view listing the columns of
    /// thousands of items of a few shapes asks this of each and lists names only when the shape changes.
    pub fn has_names(&self, names: &[&str]) -> bool {
        let mut r = self.attributes(&NoKey);
        if r.len() != Some(names.len()) {
            return false;
        }
        names.iter().all(|want| r.str() == Some(*want) && skip_value(&mut r).is_some())
    }

    /// The item's DynamoDB size in bytes.
    pub fn size(&self) -> u64 {
        Reader { buf: self.bytes(), key: &NoKey }.uint().and_then(|v| u64::try_from(v).ok()).unwrap_or(0)
    }

    /// A reader positioned after the size.
    fn attributes<'a>(&'a self, key: &'a dyn StoredKey) -> Reader<'a> {
        let mut r = Reader { buf: self.bytes(), key };
        let _ = r.uint();
        r
    }

    /// One top-level attribute, decoded without decoding the rest.
    pub fn get(&self, key: &dyn StoredKey, name: &str) -> Option<AttributeValue> {
        let mut r = self.attributes(key);
        let count = r.uint()?;
        for _ in 0..count {
            let n = r.bytes()?;
            if n == name.as_bytes() {
                return read_value(&mut r);
            }
            if n > name.as_bytes() {
                return None;
            }
            skip_value(&mut r)?;
        }
        None
    }

    /// The item as DynamoDB JSON, written straight from the buffer: what a read returns to a client.
    pub fn to_json(&self, key: &dyn StoredKey) -> Value {
        json_map(&mut self.attributes(key)).unwrap_or_default()
    }

    /// [`PackedItem::to_json`] as text, appended to `out` without building the JSON tree (`null` for a
    /// buffer that does not decode, as `to_json` gives).
    pub fn write_json(&self, key: &dyn StoredKey, out: &mut String) {
        let start = out.len();
        if write_map(&mut self.attributes(key), out).is_none() {
            out.truncate(start);
            out.push_str("null");
        }
    }

    /// The encoded item (the format in this module's doc): what a store that keeps items outside the
    /// engine writes, and gives back to [`PackedItem::from_encoded`].
    pub fn as_bytes(&self) -> &[u8] {
        self.bytes()
    }

    /// An item from bytes [`PackedItem::as_bytes`] returned, once the whole buffer is checked to be
    /// well formed (tags, lengths, UTF-8, numbers in DynamoDB's range, nesting depth, nothing left
    /// over); `None` for anything else, so bytes read back from a damaged store are refused, not
    /// half-read.
    pub fn from_encoded(bytes: &[u8]) -> Option<PackedItem> {
        let mut r = Reader { buf: bytes, key: &NoKey };
        r.uint()?;
        check_map(&mut r, 0)?;
        r.buf.is_empty().then(|| PackedItem(ThinArc::from_header_and_slice((), bytes)))
    }

    /// Bytes of memory the buffer holds (its contents, not the shared header).
    pub fn encoded_len(&self) -> usize {
        self.bytes().len()
    }

    fn bytes(&self) -> &[u8] {
        &self.0.slice
    }
}

/// Only the size: the buffer may need its key values to be read (see [`ReadItem`](crate::table::ReadItem),
/// which shows the item).
impl core::fmt::Debug for PackedItem {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "PackedItem({} bytes)", self.encoded_len())
    }
}

// ---------------------------------------------------------------------------------------------
// Encoding.

fn uint_len(mut v: u128) -> usize {
    let mut n = 1;
    while v >= 0x80 {
        v >>= 7;
        n += 1;
    }
    n
}

fn put_uint(out: &mut Vec<u8>, mut v: u128) {
    while v >= 0x80 {
        out.push((v as u8 & 0x7f) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

fn put_bytes(out: &mut Vec<u8>, b: &[u8]) {
    put_uint(out, b.len() as u128);
    out.extend_from_slice(b);
}

fn zigzag(e: i32) -> u128 {
    u128::from(((e << 1) ^ (e >> 31)) as u32)
}

fn unzigzag(v: u128) -> Option<i32> {
    let v = u32::try_from(v).ok()?;
    Some(((v >> 1) as i32) ^ -((v & 1) as i32))
}

fn number_parts(n: &Number) -> (u128, u128) {
    ((n.coefficient() << 1) | u128::from(n.is_negative()), zigzag(n.exponent()))
}

fn put_number(out: &mut Vec<u8>, n: &Number) {
    let (c, e) = number_parts(n);
    put_uint(out, c);
    put_uint(out, e);
}

fn number_len(n: &Number) -> usize {
    let (c, e) = number_parts(n);
    uint_len(c) + uint_len(e)
}

fn bytes_len(b: &[u8]) -> usize {
    uint_len(b.len() as u128) + b.len()
}

fn put_value(out: &mut Vec<u8>, v: &AttributeValue) {
    match v {
        AttributeValue::S(s) => {
            out.push(S);
            put_bytes(out, s.as_bytes());
        }
        AttributeValue::N(n) => {
            out.push(N);
            put_number(out, n);
        }
        AttributeValue::B(b) => {
            out.push(B);
            put_bytes(out, b);
        }
        AttributeValue::Bool(b) => out.push(if *b { TRUE } else { FALSE }),
        AttributeValue::Null => out.push(NULL),
        AttributeValue::L(items) => put_seq(out, L, items, put_value),
        AttributeValue::M(map) => {
            out.push(M);
            put_uint(out, map.len() as u128);
            for (k, v) in map {
                put_bytes(out, k.as_bytes());
                put_value(out, v);
            }
        }
        AttributeValue::SS(items) => put_seq(out, SS, items, |out, s| put_bytes(out, s.as_bytes())),
        AttributeValue::NS(items) => put_seq(out, NS, items, put_number),
        AttributeValue::BS(items) => put_seq(out, BS, items, |out, b| put_bytes(out, b)),
    }
}

/// A tag, the element count, then each element.
fn put_seq<T>(out: &mut Vec<u8>, tag: u8, items: &[T], one: impl Fn(&mut Vec<u8>, &T)) {
    out.push(tag);
    put_uint(out, items.len() as u128);
    items.iter().for_each(|i| one(out, i));
}

fn value_len(v: &AttributeValue) -> usize {
    1 + match v {
        AttributeValue::S(s) => bytes_len(s.as_bytes()),
        AttributeValue::N(n) => number_len(n),
        AttributeValue::B(b) => bytes_len(b),
        AttributeValue::Bool(_) | AttributeValue::Null => 0,
        AttributeValue::L(items) => uint_len(items.len() as u128) + items.iter().map(value_len).sum::<usize>(),
        AttributeValue::M(map) => map_len(map),
        AttributeValue::SS(items) => uint_len(items.len() as u128) + items.iter().map(|s| bytes_len(s.as_bytes())).sum::<usize>(),
        AttributeValue::NS(items) => uint_len(items.len() as u128) + items.iter().map(number_len).sum::<usize>(),
        AttributeValue::BS(items) => uint_len(items.len() as u128) + items.iter().map(|b| bytes_len(b)).sum::<usize>(),
    }
}

fn map_len(map: &Item) -> usize {
    uint_len(map.len() as u128) + map.iter().map(|(k, v)| bytes_len(k.as_bytes()) + value_len(v)).sum::<usize>()
}

// ---------------------------------------------------------------------------------------------
// Decoding.

struct Reader<'a> {
    buf: &'a [u8],
    /// Supplies the values of the key markers.
    key: &'a dyn StoredKey,
}

impl<'a> Reader<'a> {
    fn byte(&mut self) -> Option<u8> {
        let (&b, rest) = self.buf.split_first()?;
        self.buf = rest;
        Some(b)
    }

    fn uint(&mut self) -> Option<u128> {
        let mut v = 0u128;
        for shift in (0..128).step_by(7) {
            let b = self.byte()?;
            v |= u128::from(b & 0x7f).checked_shl(shift)?;
            if b & 0x80 == 0 {
                return Some(v);
            }
        }
        None
    }

    fn len(&mut self) -> Option<usize> {
        usize::try_from(self.uint()?).ok()
    }

    fn bytes(&mut self) -> Option<&'a [u8]> {
        let n = self.len()?;
        let (b, rest) = (self.buf.get(..n)?, self.buf.get(n..)?);
        self.buf = rest;
        Some(b)
    }

    fn str(&mut self) -> Option<&'a str> {
        core::str::from_utf8(self.bytes()?).ok()
    }

    fn number(&mut self) -> Option<Number> {
        let c = self.uint()?;
        let e = unzigzag(self.uint()?)?;
        Number::from_parts(c & 1 == 1, c >> 1, e).ok()
    }
}

fn read_map(r: &mut Reader<'_>) -> Option<Item> {
    let count = r.len()?;
    let mut map = Item::new();
    for _ in 0..count {
        let k = String::from(r.str()?);
        map.insert(k, read_value(r)?);
    }
    Some(map)
}

fn read_seq<T>(r: &mut Reader<'_>, mut one: impl FnMut(&mut Reader<'_>) -> Option<T>) -> Option<Vec<T>> {
    let count = r.len()?;
    // Each element takes at least one byte: a corrupt count cannot make this allocate beyond the buffer.
    let mut v = Vec::with_capacity(count.min(r.buf.len()));
    for _ in 0..count {
        v.push(one(r)?);
    }
    Some(v)
}

fn read_value(r: &mut Reader<'_>) -> Option<AttributeValue> {
    Some(match r.byte()? {
        S => AttributeValue::S(String::from(r.str()?)),
        N => AttributeValue::N(r.number()?),
        B => AttributeValue::B(r.bytes()?.to_vec()),
        FALSE => AttributeValue::Bool(false),
        TRUE => AttributeValue::Bool(true),
        NULL => AttributeValue::Null,
        L => AttributeValue::L(read_seq(r, read_value)?),
        M => AttributeValue::M(read_map(r)?),
        SS => AttributeValue::SS(read_seq(r, |r| r.str().map(String::from))?),
        NS => AttributeValue::NS(read_seq(r, |r| r.number())?),
        BS => AttributeValue::BS(read_seq(r, |r| r.bytes().map(<[u8]>::to_vec))?),
        KEY_PK => r.key.partition()?,
        KEY_SK => r.key.sort()?,
        _ => return None,
    })
}

fn skip_count(r: &mut Reader<'_>, mut one: impl FnMut(&mut Reader<'_>) -> Option<()>) -> Option<()> {
    let count = r.len()?;
    (0..count).try_for_each(|_| one(r))
}

fn skip_value(r: &mut Reader<'_>) -> Option<()> {
    match r.byte()? {
        S | B => r.bytes().map(drop),
        N => r.uint().and_then(|_| r.uint()).map(drop),
        FALSE | TRUE | NULL | KEY_PK | KEY_SK => Some(()),
        L => skip_count(r, skip_value),
        M => skip_count(r, |r| r.bytes().and_then(|_| skip_value(r))),
        SS | BS => skip_count(r, |r| r.bytes().map(drop)),
        NS => skip_count(r, |r| r.uint().and_then(|_| r.uint()).map(drop)),
        _ => None,
    }
}

/// Deeper than any item DynamoDB accepts (32 levels): a bound on recursion, not a rule of the format.
const MAX_CHECK_DEPTH: usize = 64;

fn check_map(r: &mut Reader<'_>, depth: usize) -> Option<()> {
    skip_count(r, |r| r.str().and_then(|_| check_value(r, depth)))
}

/// [`skip_value`] that also checks what it skips: the strict form for bytes from outside.
fn check_value(r: &mut Reader<'_>, depth: usize) -> Option<()> {
    let deeper = depth.checked_add(1).filter(|d| *d <= MAX_CHECK_DEPTH)?;
    match r.byte()? {
        S => r.str().map(drop),
        B => r.bytes().map(drop),
        N => r.number().map(drop),
        FALSE | TRUE | NULL | KEY_PK | KEY_SK => Some(()),
        L => skip_count(r, |r| check_value(r, deeper)),
        M => check_map(r, deeper),
        SS => skip_count(r, |r| r.str().map(drop)),
        BS => skip_count(r, |r| r.bytes().map(drop)),
        NS => skip_count(r, |r| r.number().map(drop)),
        _ => None,
    }
}

fn write_map(r: &mut Reader<'_>, out: &mut String) -> Option<()> {
    let count = r.len()?;
    out.push('{');
    for i in 0..count {
        if i > 0 {
            out.push(',');
        }
        write::write_str(out, r.str()?);
        out.push(':');
        write_json_value(r, out)?;
    }
    out.push('}');
    Some(())
}

fn write_seq(r: &mut Reader<'_>, out: &mut String, one: &dyn Fn(&mut Reader<'_>, &mut String) -> Option<()>) -> Option<()> {
    let count = r.len()?;
    out.push('[');
    for i in 0..count {
        if i > 0 {
            out.push(',');
        }
        one(r, out)?;
    }
    out.push(']');
    Some(())
}

/// Writes one attribute value's JSON body from the reader; `None` when the buffer is damaged.
type ValueWriter = fn(&mut Reader<'_>, &mut String) -> Option<()>;

fn write_json_value(r: &mut Reader<'_>, out: &mut String) -> Option<()> {
    use core::fmt::Write;
    fn number(r: &mut Reader<'_>, out: &mut String) -> Option<()> {
        write!(out, "\"{}\"", r.number()?).ok()
    }
    fn b64(r: &mut Reader<'_>, out: &mut String) -> Option<()> {
        write::write_str(out, &encode_b64(r.bytes()?));
        Some(())
    }
    fn string(r: &mut Reader<'_>, out: &mut String) -> Option<()> {
        write::write_str(out, r.str()?);
        Some(())
    }
    let (tag, body): (&str, ValueWriter) = match r.byte()? {
        S => ("S", string),
        N => ("N", number),
        B => ("B", b64),
        FALSE => ("BOOL", |_, out| {
            out.push_str("false");
            Some(())
        }),
        TRUE => ("BOOL", |_, out| {
            out.push_str("true");
            Some(())
        }),
        NULL => ("NULL", |_, out| {
            out.push_str("true");
            Some(())
        }),
        L => ("L", |r, out| write_seq(r, out, &write_json_value)),
        M => ("M", write_map),
        SS => ("SS", |r, out| write_seq(r, out, &string)),
        NS => ("NS", |r, out| write_seq(r, out, &number)),
        BS => ("BS", |r, out| write_seq(r, out, &b64)),
        KEY_PK => {
            write::write_value(out, &r.key.partition()?);
            return Some(());
        }
        KEY_SK => {
            write::write_value(out, &r.key.sort()?);
            return Some(());
        }
        _ => return None,
    };
    write::open(out, tag);
    body(r, out)?;
    out.push('}');
    Some(())
}

fn json_map(r: &mut Reader<'_>) -> Option<Value> {
    let count = r.len()?;
    let mut m = Map::new();
    for _ in 0..count {
        let k = String::from(r.str()?);
        m.insert(k, json_value(r)?);
    }
    Some(Value::Object(m))
}

fn json_value(r: &mut Reader<'_>) -> Option<Value> {
    let json_seq = |r: &mut Reader<'_>, one: &dyn Fn(&mut Reader<'_>) -> Option<Value>| read_seq(r, one).map(Value::Array);
    let (tag, body) = match r.byte()? {
        S => ("S", Value::String(String::from(r.str()?))),
        N => ("N", Value::String(r.number()?.to_string())),
        B => ("B", Value::String(encode_b64(r.bytes()?))),
        FALSE => ("BOOL", Value::Bool(false)),
        TRUE => ("BOOL", Value::Bool(true)),
        NULL => ("NULL", Value::Bool(true)),
        L => ("L", json_seq(r, &json_value)?),
        M => ("M", json_map(r)?),
        SS => ("SS", json_seq(r, &|r| r.str().map(|s| Value::String(String::from(s))))?),
        NS => ("NS", json_seq(r, &|r| r.number().map(|n| Value::String(n.to_string())))?),
        BS => ("BS", json_seq(r, &|r| r.bytes().map(|b| Value::String(encode_b64(b))))?),
        KEY_PK => return r.key.partition().map(|v| value_to_json(&v)),
        KEY_SK => return r.key.sort().map(|v| value_to_json(&v)),
        _ => return None,
    };
    let mut obj = Map::new();
    obj.insert(String::from(tag), body);
    Some(Value::Object(obj))
}
