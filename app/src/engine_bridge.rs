//! The one place where the UI calls into the engine.
//!
//! Keeping every engine call behind this module means components never juggle engine types or error enums
//! directly: they get small, display-ready results, and a change in the engine's API touches one file.

use engine::value::{item_from_json, item_size};

/// The engine's version, so a bug report from the playground can name the exact build of the semantics.
pub fn engine_version() -> &'static str {
    engine::VERSION
}

/// A small item in DynamoDB JSON, shown in the status bar so the first screen exercises the engine
/// compiled to wasm (JSON decode, typed values, size accounting) rather than just loading it.
pub const SAMPLE_ITEM_JSON: &str = r#"{"pk":{"S":"USER#42"},"sk":{"S":"PROFILE"},"name":{"S":"Ada Lovelace"},"born":{"N":"1815"},"tags":{"SS":["math","poetry"]}}"#;

/// What the engine says about [`SAMPLE_ITEM_JSON`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SampleItemReport {
    /// Number of top-level attributes the engine decoded.
    pub attributes: usize,
    /// Stored size in bytes, by DynamoDB's item-size rules.
    pub size_bytes: usize,
}

/// Why the sample could not be measured; shown instead of a figure, never a panic.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BridgeError {
    /// The text is not JSON at all.
    Json(String),
    /// JSON, but not a valid DynamoDB item (the engine's own message).
    Item(String),
}

impl core::fmt::Display for BridgeError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            BridgeError::Json(m) => write!(f, "not JSON: {m}"),
            BridgeError::Item(m) => write!(f, "not a DynamoDB item: {m}"),
        }
    }
}

/// Decode an item in DynamoDB JSON and measure it with the engine.
pub fn measure_item(json: &str) -> Result<SampleItemReport, BridgeError> {
    let value: serde_json::Value = serde_json::from_str(json).map_err(|e| BridgeError::Json(e.to_string()))?;
    let item = item_from_json(&value).map_err(|e| BridgeError::Item(String::from(e.message())))?;
    Ok(SampleItemReport { attributes: item.len(), size_bytes: item_size(&item) })
}

/// [`measure_item`] applied to [`SAMPLE_ITEM_JSON`].
pub fn sample_item_report() -> Result<SampleItemReport, BridgeError> {
    measure_item(SAMPLE_ITEM_JSON)
}
