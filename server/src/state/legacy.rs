//! The snapshot file format earlier servers wrote, read once to migrate it ([`super::migrate`]):
//!
//! ```text
//! DYNAMODEL-STATE 1 <body length> <crc32 hex>\n
//! <body: the engine's snapshot JSON>
//! ```
//!
//! Damage (a truncated copy, a bad disk, an edit) is reported, never answered by starting empty.

use std::path::Path;

use engine::db::Database;

pub const MAGIC: &[u8] = b"DYNAMODEL-STATE ";
const VERSION: &str = "1";

/// What is wrong with a snapshot file.
#[derive(Debug)]
pub enum LegacyError {
    NotAStateFile,
    UnsupportedVersion(String),
    Truncated { expected: u64, found: u64 },
    Checksum { expected: u32, found: u32 },
    Json(serde_json::Error),
    Restore(engine::error::ApiError),
}

impl std::fmt::Display for LegacyError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LegacyError::NotAStateFile => write!(f, "corrupt snapshot (bad header)"),
            LegacyError::UnsupportedVersion(v) => write!(f, "snapshot format version {v}, this server reads version {VERSION}"),
            LegacyError::Truncated { expected, found } => {
                write!(f, "corrupt snapshot: truncated or extended (header says {expected} bytes, found {found})")
            }
            LegacyError::Checksum { expected, found } => {
                write!(f, "corrupt snapshot: checksum mismatch (header {expected:08x}, content {found:08x})")
            }
            LegacyError::Json(e) => write!(f, "corrupt snapshot: invalid JSON ({e})"),
            LegacyError::Restore(e) => write!(f, "snapshot not loadable by this engine version: {e}"),
        }
    }
}

/// Frame a snapshot as the old format did (tests write such files to check their migration).
pub fn encode(snapshot: &serde_json::Value) -> Result<Vec<u8>, serde_json::Error> {
    let body = serde_json::to_vec(snapshot)?;
    let mut out = format!("DYNAMODEL-STATE {VERSION} {} {:08x}\n", body.len(), crc32fast::hash(&body)).into_bytes();
    out.extend_from_slice(&body);
    Ok(out)
}

/// Check the frame and parse the snapshot.
pub fn decode(bytes: &[u8]) -> Result<serde_json::Value, LegacyError> {
    let newline = bytes.iter().take(128).position(|b| *b == b'\n').ok_or(LegacyError::NotAStateFile)?;
    let header = std::str::from_utf8(&bytes[..newline]).map_err(|_| LegacyError::NotAStateFile)?;
    let body = &bytes[newline + 1..];
    let fields: Vec<&str> = header.split(' ').collect();
    let ["DYNAMODEL-STATE", version, len, crc] = fields[..] else { return Err(LegacyError::NotAStateFile) };
    if version != VERSION {
        return Err(LegacyError::UnsupportedVersion(version.to_owned()));
    }
    let expected_len: u64 = len.parse().map_err(|_| LegacyError::NotAStateFile)?;
    let expected_crc = u32::from_str_radix(crc, 16).map_err(|_| LegacyError::NotAStateFile)?;
    if body.len() as u64 != expected_len {
        return Err(LegacyError::Truncated { expected: expected_len, found: body.len() as u64 });
    }
    let found_crc = crc32fast::hash(body);
    if found_crc != expected_crc {
        return Err(LegacyError::Checksum { expected: expected_crc, found: found_crc });
    }
    serde_json::from_slice(body).map_err(LegacyError::Json)
}

/// Read and restore a snapshot file.
pub fn load(path: &Path) -> Result<Result<Database, LegacyError>, std::io::Error> {
    let bytes = std::fs::read(path)?;
    Ok(decode(&bytes).and_then(|snapshot| Database::restore(&snapshot).map_err(LegacyError::Restore)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frame_round_trip_and_damage() {
        let v = serde_json::json!({"tables": [{"name": "t", "items": [1, 2, 3]}]});
        let framed = encode(&v).unwrap_or_default();
        assert!(framed.starts_with(MAGIC));
        assert_eq!(decode(&framed).ok(), Some(v));
        // Every truncation and every single-byte flip is detected.
        for cut in 0..framed.len() {
            assert!(decode(&framed[..cut]).is_err(), "cut at {cut}");
        }
        for i in 0..framed.len() {
            let mut bad = framed.clone();
            bad[i] ^= 0x01;
            assert!(decode(&bad).is_err(), "flip at {i}");
        }
        assert!(matches!(decode(b"{\"tables\":[]}\n"), Err(LegacyError::NotAStateFile)));
    }
}
