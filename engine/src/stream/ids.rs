//! The identifiers streams hand out: labels, shard ids, sequence numbers, event ids and shard
//! iterators. All are derived from the caller's clock and counters, never from randomness, so a replay
//! of the same requests yields the same strings.

use alloc::format;
use alloc::string::String;

use base64::Engine;

/// 10^20: sequence numbers print as 21 digits, so text order equals numeric order.
const SEQ_BASE: u128 = 100_000_000_000_000_000_000;

pub fn seq_text(seq: u64) -> String {
    format!("{}", SEQ_BASE + seq as u128)
}

pub fn parse_seq(s: &str) -> Option<u64> {
    if s.len() != 21 || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let n: u128 = s.parse().ok()?;
    u64::try_from(n.checked_sub(SEQ_BASE)?).ok()
}

/// `StreamLabel`: the creation time as `YYYY-MM-DDTHH:MM:SS.mmm` (UTC), as DynamoDB prints it.
pub fn label(ms: u64) -> String {
    let secs = ms / 1000;
    let (y, mo, d) = crate::calendar::civil_from_days((secs / 86_400) as i64);
    let t = secs % 86_400;
    format!("{y:04}-{mo:02}-{d:02}T{:02}:{:02}:{:02}.{:03}", t / 3600, t / 60 % 60, t % 60, ms % 1000)
}

/// FNV-1a: a small, stable hash for deterministic ids.
fn fnv(parts: &[&[u8]]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for p in parts {
        for b in *p {
            h ^= u64::from(*b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
        h ^= 0xff;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// `shardId-<20 digits>-<8 hex>`, the shape of DynamoDB's shard ids.
pub fn shard_id(table: &str, created_ms: u64) -> String {
    let h = fnv(&[table.as_bytes(), &created_ms.to_be_bytes()]) as u32;
    format!("shardId-{created_ms:020}-{h:08x}")
}

/// `eventID`: 32 hex digits derived from the stream and the sequence number.
pub fn event_id(stream_arn: &str, seq: u64) -> String {
    let a = fnv(&[stream_arn.as_bytes(), &seq.to_be_bytes()]);
    let b = fnv(&[&seq.to_be_bytes(), stream_arn.as_bytes()]);
    format!("{a:016x}{b:016x}")
}

/// Where a shard iterator points: the shard (by index in its stream), the next sequence number to
/// return, and when the iterator was issued (iterators expire after 15 minutes).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IteratorPos {
    pub shard: usize,
    pub next_seq: u64,
    pub issued_ms: u64,
}

/// `<stream arn>|1|<base64 position>`: the shape of DynamoDB's iterators, opaque to clients.
pub fn encode_iterator(stream_arn: &str, pos: IteratorPos) -> String {
    let raw = format!("{}:{}:{}", pos.shard, pos.next_seq, pos.issued_ms);
    format!("{stream_arn}|1|{}", base64::engine::general_purpose::STANDARD.encode(raw))
}

/// The stream ARN and position of an iterator, or `None` when it is not one this engine issued.
pub fn decode_iterator(it: &str) -> Option<(&str, IteratorPos)> {
    let mut parts = it.rsplitn(3, '|');
    let b64 = parts.next()?;
    if parts.next()? != "1" {
        return None;
    }
    let arn = parts.next()?;
    let raw = base64::engine::general_purpose::STANDARD.decode(b64).ok()?;
    let raw = core::str::from_utf8(&raw).ok()?;
    let mut f = raw.split(':');
    let pos = IteratorPos { shard: f.next()?.parse().ok()?, next_seq: f.next()?.parse().ok()?, issued_ms: f.next()?.parse().ok()? };
    if f.next().is_some() {
        return None;
    }
    Some((arn, pos))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_are_iso_utc() {
        assert_eq!(label(1_700_000_000_000), "2023-11-14T22:13:20.000");
        assert_eq!(label(0), "1970-01-01T00:00:00.000");
        assert_eq!(label(951_782_400_123), "2000-02-29T00:00:00.123");
    }

    #[test]
    fn sequence_numbers_round_trip_and_sort_as_text() {
        assert_eq!(seq_text(1), "100000000000000000001");
        assert_eq!(parse_seq(&seq_text(12_345)), Some(12_345));
        assert!(seq_text(9) < seq_text(10));
        assert_eq!(parse_seq("12"), None);
        assert_eq!(parse_seq("x00000000000000000001"), None);
    }

    #[test]
    fn iterators_round_trip() {
        let arn = "arn:aws:dynamodb:us-east-1:000000000000:table/T/stream/2023-11-14T22:13:20.000";
        let pos = IteratorPos { shard: 0, next_seq: 7, issued_ms: 5 };
        let it = encode_iterator(arn, pos);
        assert_eq!(decode_iterator(&it), Some((arn, pos)));
        assert_eq!(decode_iterator("garbage"), None);
        assert_eq!(decode_iterator("a|1|!!!"), None);
    }
}
