//! NextToken: where a SELECT's next page starts — which partition (for a Query over several partition
//! keys, or a GetItem over several keys) and the last key read there — tied to the statement and its
//! parameters by a fingerprint, so a token only resumes the request it came from.
//! Opaque to clients: base64 of a small JSON object.

use alloc::string::String;

use base64::Engine as _;
use serde_json::{json, Value};

use super::messages as msg;
use crate::api::partiql::StatementRequest;
use crate::error::ApiError;
use crate::value::{item_from_json, item_to_json, value_to_json, Item};

#[derive(Debug, Clone, PartialEq)]
pub struct Token {
    pub fingerprint: u64,
    pub partition: usize,
    pub key: Option<Item>,
}

/// FNV-1a over the statement text and its parameters: the same request gives the same value.
pub fn fingerprint(r: &StatementRequest) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut feed = |bytes: &[u8]| {
        for b in bytes {
            h ^= u64::from(*b);
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
    };
    feed(r.statement.as_bytes());
    for p in &r.parameters {
        feed(b"\x00");
        feed(alloc::string::ToString::to_string(&value_to_json(p)).as_bytes());
    }
    feed(if r.consistent_read { b"C" } else { b"E" });
    h
}

pub fn encode(t: &Token) -> String {
    let v = json!({"f": alloc::format!("{:016x}", t.fingerprint), "p": t.partition, "k": t.key.as_ref().map(item_to_json)});
    base64::engine::general_purpose::STANDARD.encode(alloc::string::ToString::to_string(&v))
}

/// Read a token given back by a client; a token of another request is refused.
pub fn decode(text: &str, fingerprint: u64) -> Result<Token, ApiError> {
    let bad = || ApiError::Validation(String::from(msg::INVALID_NEXT_TOKEN));
    let bytes = base64::engine::general_purpose::STANDARD.decode(text).map_err(|_| bad())?;
    let v: Value = serde_json::from_slice(&bytes).map_err(|_| bad())?;
    let f = v.get("f").and_then(Value::as_str).and_then(|s| u64::from_str_radix(s, 16).ok()).ok_or_else(bad)?;
    let partition = v.get("p").and_then(Value::as_u64).and_then(|p| usize::try_from(p).ok()).ok_or_else(bad)?;
    let key = match v.get("k") {
        None | Some(Value::Null) => None,
        Some(k) => Some(item_from_json(k).map_err(|_| bad())?),
    };
    if f != fingerprint {
        return Err(ApiError::Validation(String::from(msg::NEXT_TOKEN_MISMATCH)));
    }
    Ok(Token { fingerprint: f, partition, key })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_refusals() {
        let r = StatementRequest { statement: "SELECT * FROM t".into(), ..Default::default() };
        let f = fingerprint(&r);
        let t = Token { fingerprint: f, partition: 3, key: None };
        assert_eq!(decode(&encode(&t), f), Ok(t.clone()));
        assert_eq!(decode(&encode(&t), f ^ 1).unwrap_err().message(), msg::NEXT_TOKEN_MISMATCH);
        assert_eq!(decode("%%%", f).unwrap_err().message(), msg::INVALID_NEXT_TOKEN);
    }
}
