//! An index entry as one order-preserving byte string: (index sort key, table partition key, table sort
//! key) encoded so that comparing the bytes compares the triples.
//!
//! Why bytes: an entry kept as typed keys ([`IndexPos`]) is 96 bytes wide, and a B-tree of them wastes
//! the half-empty tail of each node on every slot. Encoded, a typical entry is ~40 bytes and is kept
//! inline in a 48-byte [`Packed`] slot (no allocation per entry, and B-tree searches compare bytes in
//! the node instead of chasing a pointer per comparison); longer ones go to the heap.
//!
//! Each component is self-delimiting: a tag byte (absent sort key 0x00, then S/N/B as 0x01/0x02/0x03 in
//! DynamoDB's cross-type order), the key bytes with 0x00 escaped as `00 FF`, and the terminator `00 01`.
//! A shorter value therefore sorts before its extensions and no component is a prefix of another, which
//! is what makes the concatenation order-preserving.

use alloc::boxed::Box;
use alloc::vec::Vec;
use core::borrow::Borrow;
use core::cmp::Ordering;
use core::ops::{Bound, Deref};

use crate::index::{IndexPos, TableKeyBound};
use crate::table::key::{KeyKind, KeyVal, PrimaryKey, SortVal};

/// Bytes kept inline: a 48-byte slot with the tag and length bytes.
const INLINE: usize = 46;

/// An encoded entry, ordered (and borrowed) as its bytes.
#[derive(Clone)]
pub enum Packed {
    Inline(u8, [u8; INLINE]),
    Heap(Box<[u8]>),
}

impl Packed {
    pub fn as_slice(&self) -> &[u8] {
        match self {
            Packed::Inline(n, buf) => &buf[..usize::from(*n).min(INLINE)],
            Packed::Heap(b) => b,
        }
    }
}

impl Deref for Packed {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        self.as_slice()
    }
}

impl Borrow<[u8]> for Packed {
    fn borrow(&self) -> &[u8] {
        self.as_slice()
    }
}

impl PartialEq for Packed {
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice()
    }
}
impl Eq for Packed {}
impl PartialOrd for Packed {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Packed {
    fn cmp(&self, other: &Self) -> Ordering {
        self.as_slice().cmp(other.as_slice())
    }
}

impl core::fmt::Debug for Packed {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{:?}", self.as_slice())
    }
}

/// Where encoding writes: a growable vector, or the inline buffer when the length is known to fit.
trait Sink {
    fn put(&mut self, b: u8);
    fn put_all(&mut self, b: &[u8]) {
        for &c in b {
            self.put(c);
        }
    }
}

impl Sink for Vec<u8> {
    fn put(&mut self, b: u8) {
        self.push(b);
    }
}

struct Cursor<'a> {
    buf: &'a mut [u8],
    at: usize,
}

impl Sink for Cursor<'_> {
    fn put(&mut self, b: u8) {
        if let Some(slot) = self.buf.get_mut(self.at) {
            *slot = b;
        }
        self.at += 1;
    }
}

const ABSENT: u8 = 0x00;
/// Above every tag and every first byte of a component: the bound "after all table keys of this sort key".
const AFTER: u8 = 0xFF;

fn push_key(out: &mut impl Sink, k: &KeyVal) {
    out.put(match k.kind() {
        KeyKind::S => 0x01,
        KeyKind::N => 0x02,
        KeyKind::B => 0x03,
    });
    for &c in k.as_slice() {
        out.put(c);
        if c == 0 {
            out.put(0xFF);
        }
    }
    out.put_all(&[0x00, 0x01]);
}

fn push_sort(out: &mut impl Sink, s: &SortVal) {
    match s {
        None => out.put(ABSENT),
        Some(k) => push_key(out, k),
    }
}

fn encoded_len(k: &KeyVal) -> usize {
    let b = k.as_slice();
    3 + b.len() + b.iter().filter(|&&c| c == 0).count()
}

fn sort_len(s: &SortVal) -> usize {
    s.as_ref().map_or(1, encoded_len)
}

/// The stored form of an entry.
pub fn encode(isk: &SortVal, key: &PrimaryKey) -> Packed {
    let len = sort_len(isk) + encoded_len(&key.pk) + sort_len(&key.sk);
    if len <= INLINE {
        let mut buf = [0u8; INLINE];
        let mut c = Cursor { buf: &mut buf, at: 0 };
        push_sort(&mut c, isk);
        push_key(&mut c, &key.pk);
        push_sort(&mut c, &key.sk);
        return Packed::Inline(len as u8, buf);
    }
    let mut out = Vec::with_capacity(len);
    push_sort(&mut out, isk);
    push_key(&mut out, &key.pk);
    push_sort(&mut out, &key.sk);
    Packed::Heap(out.into_boxed_slice())
}

/// The byte bound equivalent to a bound on positions (`Min`/`Max` become the shortest strings below /
/// above every entry with that sort key).
pub fn encode_bound(b: &Bound<IndexPos>) -> Bound<Vec<u8>> {
    let enc = |p: &IndexPos| {
        let mut out = Vec::new();
        push_sort(&mut out, &p.sk);
        match &p.table_key {
            TableKeyBound::Min => {}
            TableKeyBound::Key(k) => {
                push_key(&mut out, &k.pk);
                push_sort(&mut out, &k.sk);
            }
            TableKeyBound::Max => out.put(AFTER),
        }
        out
    };
    match b {
        Bound::Unbounded => Bound::Unbounded,
        Bound::Included(p) => Bound::Included(enc(p)),
        Bound::Excluded(p) => Bound::Excluded(enc(p)),
    }
}

/// Read one component from the front of `b`, returning it and the rest.
fn take_sort(b: &[u8]) -> Option<(SortVal, &[u8])> {
    let (&tag, rest) = b.split_first()?;
    if tag == ABSENT {
        return Some((None, rest));
    }
    // Fast path: no escaped zero, so the value is the slice up to the first 0x00 (the terminator).
    let kind = match tag {
        0x01 => KeyKind::S,
        0x02 => KeyKind::N,
        0x03 => KeyKind::B,
        _ => return None,
    };
    let end = rest.iter().position(|&c| c == 0)?;
    let (k, rest) = if rest.get(end + 1) == Some(&0x01) {
        (KeyVal::new(kind, rest.get(..end)?), rest.get(end + 2..)?)
    } else {
        let mut v = Vec::new();
        let mut i = 0;
        loop {
            let c = *rest.get(i)?;
            if c != 0 {
                v.push(c);
                i += 1;
                continue;
            }
            match rest.get(i + 1)? {
                0xFF => v.push(0),
                0x01 => break,
                _ => return None,
            }
            i += 2;
        }
        (KeyVal::new(kind, &v), rest.get(i + 2..)?)
    };
    Some((Some(k), rest))
}

/// Inverse of [`encode`]: (index sort key, table key). `None` only for bytes `encode` never produces.
pub fn decode(b: &[u8]) -> Option<(SortVal, PrimaryKey)> {
    let (isk, rest) = take_sort(b)?;
    let (pk, rest) = take_sort(rest)?;
    let (sk, rest) = take_sort(rest)?;
    rest.is_empty().then_some((isk, PrimaryKey { pk: pk?, sk }))
}

/// One key value in the self-delimiting, order-preserving form entries use (tag, escaped bytes,
/// terminator): what [`crate::index::multi_key`] concatenates into a multi-attribute key.
pub(crate) fn push_component(out: &mut Vec<u8>, k: &KeyVal) {
    push_key(out, k);
}

/// The inverse of [`push_component`]: one key value from the front of `b`, and the rest.
pub(crate) fn take_component(b: &[u8]) -> Option<(KeyVal, &[u8])> {
    match take_sort(b)? {
        (Some(k), rest) => Some((k, rest)),
        (None, _) => None,
    }
}
