//! Scan, including parallel scan segments.
//!
//! Segment assignment: an item belongs to segment `fnv1a64(type tag, canonical partition key bytes) %
//! TotalSegments`. All items of one partition key fall in the same segment, the assignment never changes
//! while the table exists, and the union of all segments is the whole table with no overlaps. Items are
//! visited in key order (partition key, then sort key) rather than DynamoDB's hash order, so results are
//! deterministic and easy to follow in the playground.

use alloc::boxed::Box;
use core::ops::Bound;

use crate::api::read::{QueryInput, QueryOutput};
use crate::db::Database;
use crate::error::ApiError;
use crate::index::{IndexPos, TableKeyBound};
use crate::ops::page::Entry;
use crate::ops::query::{setup, start_key, ReadSetup, StartKey};
use crate::table::key::{KeyKind, KeyVal};

/// Stable 64-bit FNV-1a hash of a partition key value.
pub fn partition_hash(v: &KeyVal) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut feed = |bytes: &[u8]| {
        for b in bytes {
            h ^= u64::from(*b);
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
    };
    feed(match v.kind() {
        KeyKind::S => b"S",
        KeyKind::N => b"N",
        KeyKind::B => b"B",
    });
    feed(v.as_slice());
    h
}

/// The segment of a partition key among `total` segments.
pub fn segment_of(v: &KeyVal, total: u32) -> u32 {
    (partition_hash(v) % u64::from(total.max(1))) as u32
}

impl Database {
    pub fn scan(&self, input: &QueryInput, now: u64) -> Result<QueryOutput, ApiError> {
        self.scan_with(input, now, &mut crate::throttle::NoThrottle)
    }

    /// Scan, asking `throttle` about the page (where it starts) once the request is valid.
    pub fn scan_with(&self, input: &QueryInput, now: u64, throttle: &mut dyn crate::throttle::ThrottlePolicy) -> Result<QueryOutput, ApiError> {
        let segments = match (input.segment, input.total_segments) {
            (Some(_), None) => {
                return Err(ApiError::validation(
                    "The TotalSegments parameter is required but was not present in the request when Segment parameter is present",
                ))
            }
            (None, Some(_)) => {
                return Err(ApiError::validation(
                    "The Segment parameter is required but was not present in the request when parameter TotalSegments is present",
                ))
            }
            (Some(s), Some(t)) if s >= t => {
                return Err(ApiError::Validation(alloc::format!(
                    "The Segment parameter is zero-based and must be less than parameter TotalSegments: Segment: {s} is not less than TotalSegments: {t}"
                )))
            }
            (Some(s), Some(t)) => Some((s, t)),
            (None, None) => None,
        };
        let s = setup(self, input, now, |_| None)?;
        if s.compiled.key_condition.is_some() {
            return Err(ApiError::validation("Can not use both expression and non-expression parameters in the same request"));
        }
        let t = s.table;
        let start = match &input.exclusive_start_key {
            Some(esk) => Some(start_key(t, s.index, esk)?),
            None => None,
        };
        if let (Some((seg, total)), Some((k, ik))) = (segments, &start) {
            let pk = ik.as_ref().map_or(&k.pk, |(ipk, _)| ipk);
            if segment_of(pk, total) != seg {
                return Err(ApiError::Validation(alloc::format!(
                    "The provided starting key is invalid: Invalid ExclusiveStartKey. Please use ExclusiveStartKey with correct Segment. TotalSegments: {total} Segment: {seg}"
                )));
            }
        }
        crate::throttle::check_read_range(t, s.index, page_after(s.index, start.as_ref()), Some(segments.unwrap_or((0, 1))), throttle)?;
        scan_pages(&s, start, segments, input.limit, input.return_consumed_capacity)
    }
}

/// The partition key a Scan page resumes after, for the throttling decision: its ExclusiveStartKey's
/// partition key on the table (and an LSI, which lives in the table's partitions) or on the GSI.
/// Scan and a PartiQL SELECT that becomes a Scan ask with it alike.
pub(crate) fn page_after<'k>(index: Option<&crate::table::schema::IndexDef>, start: Option<&'k StartKey>) -> Option<&'k KeyVal> {
    let global = index.is_some_and(|i| i.kind == crate::table::schema::IndexKind::Global);
    start.map(|(k, ik)| match ik {
        Some((ipk, _)) if global => ipk,
        _ => &k.pk,
    })
}

/// One page of a Scan of the table or index `s` reads, after `start`, within one segment. Scan runs it;
/// a PartiQL SELECT that names no partition key runs it too, so both read, charge and page alike.
pub(crate) fn scan_pages<'a>(
    s: &ReadSetup<'a>,
    start: Option<StartKey>,
    segments: Option<(u32, u32)>,
    limit: Option<u32>,
    rcc: crate::capacity::ReturnCapacity,
) -> Result<QueryOutput, ApiError> {
    let t: &'a crate::table::Table = s.table;
    let in_segment = move |pk: &KeyVal| segments.is_none_or(|(seg, total)| segment_of(pk, total) == seg);
    let plan = s.page_plan(limit);
    let iter: Box<dyn Iterator<Item = Entry<'a>> + 'a> = match s.index {
        None => {
            let (first, after) = match &start {
                Some((k, _)) => (Bound::Included(k.pk.clone()), Some(k.clone())),
                None => (Bound::Unbounded, None),
            };
            Box::new(t.parts.range((first, Bound::Unbounded)).filter(move |(pk, _)| in_segment(pk)).flat_map(move |(pk, part)| {
                let lo = match &after {
                    Some(k) if &k.pk == pk => Bound::Excluded(k.sk.clone()),
                    _ => Bound::Unbounded,
                };
                part.items.range((lo, Bound::Unbounded)).map(move |(sk, stored)| Entry { pk, sk, stored })
            }))
        }
        Some(idx) => {
            let data = t.def.indexes.iter().position(|i| i.name == idx.name).and_then(|p| t.index_data.get(p));
            let Some(data) = data else { return Ok(plan.run(core::iter::empty(), rcc)) };
            let (first, after) = match &start {
                Some((k, Some((ipk, isk)))) => (
                    Bound::Included(ipk.clone()),
                    Some((ipk.clone(), IndexPos { sk: isk.clone(), table_key: TableKeyBound::Key(k.clone()) })),
                ),
                _ => (Bound::Unbounded, None),
            };
            Box::new(data.parts.range((first, Bound::Unbounded)).filter(move |(pk, _)| in_segment(pk)).flat_map(move |(ipk, set)| {
                let lo = match &after {
                    Some((p, pos)) if p == ipk => Bound::Excluded(pos.clone()),
                    _ => Bound::Unbounded,
                };
                set.range(&lo, &Bound::Unbounded).filter_map(move |(_, k)| t.index_view_entry(idx, &k).map(|(pk, sk, stored)| Entry { pk, sk, stored }))
            }))
        }
    };
    Ok(plan.run(iter, rcc))
}
