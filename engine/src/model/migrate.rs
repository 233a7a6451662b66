//! Reading files written by older builds: each format version is migrated, one step at a time, to the
//! current one before the document is read, so the reader only ever knows the newest shape.
//!
//! Version history (documented in `docs/model-format.md`):
//! - 1: `name`, `description`, `tables` (definition, entities, items).
//! - 2: adds `accessPatterns` and `workloads` (open slots other features fill) and a table's
//!   `timeToLive` attribute. A version-1 file is a valid version-2 file once its version says 2.

use alloc::string::String;

use serde_json::Value;

use super::{ModelError, MODEL_VERSION};

/// The oldest version this build still reads.
pub const OLDEST_VERSION: u32 = 1;

/// Bring `raw` to [`MODEL_VERSION`]. Returns the version the document was written in.
pub fn migrate(raw: &mut Value) -> Result<u32, ModelError> {
    let Some(obj) = raw.as_object_mut() else {
        return Err(ModelError::At { path: String::new(), message: "a model file is a JSON object".into() });
    };
    let version = obj.get("version").and_then(Value::as_u64).ok_or(ModelError::MissingVersion)?;
    if version < u64::from(OLDEST_VERSION) || version > u64::from(MODEL_VERSION) {
        return Err(ModelError::UnsupportedVersion(version));
    }
    let from = version as u32;
    let mut v = from;
    while v < MODEL_VERSION {
        match v {
            // 1 -> 2: only additions, all optional.
            1 => {}
            _ => return Err(ModelError::UnsupportedVersion(u64::from(v))),
        }
        v += 1;
    }
    obj.insert("version".into(), Value::from(MODEL_VERSION));
    Ok(from)
}
