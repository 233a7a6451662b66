//! The status bar's live check of the engine: a sample item measured, written to a scratch table and read
//! back at page load, as small display-ready results.
//!
//! It goes through [`Database::execute`], the same JSON front door the server uses (not the typed calls
//! the modeler's edits make), so the first screen shows that the request path compiled to wasm answers
//! what `dynamodel-server` answers, capacity included.

use engine::db::Database;
use engine::value::{item_from_json, item_size};
use serde_json::{json, Value};

/// The engine's version, so a bug report from the playground can name the exact build of the semantics.
pub fn engine_version() -> &'static str {
    engine::VERSION
}

/// A small item in DynamoDB JSON, shown in the status bar so the first screen exercises the engine
/// compiled to wasm (JSON decode, typed values, size accounting, a table, capacity) rather than just
/// loading it.
pub const SAMPLE_ITEM_JSON: &str = r#"{"pk":{"S":"USER#42"},"sk":{"S":"PROFILE"},"name":{"S":"Ada Lovelace"},"born":{"N":"1815"},"tags":{"SS":["math","poetry"]}}"#;

/// The scratch table the sample item is written to (keys `pk`/`sk`, on-demand).
const SAMPLE_TABLE: &str = "Sample";

/// What the engine says about an item.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ItemReport {
    /// Number of top-level attributes the engine decoded.
    pub attributes: usize,
    /// Stored size in bytes, by DynamoDB's item-size rules.
    pub size_bytes: usize,
}

/// What writing the sample item to a table and reading it back cost, as the engine charged it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SampleReport {
    pub item: ItemReport,
    /// PutItem's `ConsumedCapacity.CapacityUnits`, as it appears on the wire ("1.0", "2.5").
    pub put_wcu: String,
    /// The same for an eventually consistent GetItem.
    pub get_rcu: String,
}

/// Why the engine could not answer; shown instead of a figure, never a panic.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BridgeError {
    /// The text is not JSON at all.
    Json(String),
    /// JSON, but not a valid DynamoDB item (the engine's own message).
    Item(String),
    /// The engine rejected an API call (its error type and message).
    Api(String),
}

impl core::fmt::Display for BridgeError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            BridgeError::Json(m) => write!(f, "not JSON: {m}"),
            BridgeError::Item(m) => write!(f, "not a DynamoDB item: {m}"),
            BridgeError::Api(m) => write!(f, "engine error: {m}"),
        }
    }
}

fn api_error(e: engine::error::ApiError) -> BridgeError {
    BridgeError::Api(format!("{}: {}", e.type_name(), e.message()))
}

/// Decode an item in DynamoDB JSON and measure it with the engine.
pub fn measure_item(json: &str) -> Result<ItemReport, BridgeError> {
    let value: Value = serde_json::from_str(json).map_err(|e| BridgeError::Json(e.to_string()))?;
    let item = item_from_json(&value).map_err(|e| BridgeError::Item(String::from(e.message())))?;
    Ok(ItemReport { attributes: item.len(), size_bytes: item_size(&item) })
}

/// Measure [`SAMPLE_ITEM_JSON`], then write it to a scratch table and read it back, recording the
/// capacity the engine charged for each.
pub fn sample_report() -> Result<SampleReport, BridgeError> {
    let item = measure_item(SAMPLE_ITEM_JSON)?;
    let sample: Value = serde_json::from_str(SAMPLE_ITEM_JSON).map_err(|e| BridgeError::Json(e.to_string()))?;

    let mut db = Database::default();
    let create = json!({
        "TableName": SAMPLE_TABLE,
        "AttributeDefinitions": [
            {"AttributeName": "pk", "AttributeType": "S"},
            {"AttributeName": "sk", "AttributeType": "S"}
        ],
        "KeySchema": [
            {"AttributeName": "pk", "KeyType": "HASH"},
            {"AttributeName": "sk", "KeyType": "RANGE"}
        ],
        "BillingMode": "PAY_PER_REQUEST"
    });
    // The playground has no clock of its own to pass in; the scratch table's timestamps are never shown.
    db.execute("CreateTable", &create, 0).map_err(api_error)?;

    let put = json!({"TableName": SAMPLE_TABLE, "Item": sample, "ReturnConsumedCapacity": "TOTAL"});
    let put_out = db.execute("PutItem", &put, 0).map_err(api_error)?;

    let key = json!({"pk": sample["pk"], "sk": sample["sk"]});
    let get = json!({"TableName": SAMPLE_TABLE, "Key": key, "ReturnConsumedCapacity": "TOTAL"});
    let get_out = db.execute("GetItem", &get, 0).map_err(api_error)?;
    if get_out.get("Item") != Some(&sample) {
        return Err(BridgeError::Api(String::from("GetItem did not return the item PutItem wrote")));
    }

    Ok(SampleReport { item, put_wcu: capacity_units(&put_out)?, get_rcu: capacity_units(&get_out)? })
}

/// `ConsumedCapacity.CapacityUnits` of an API response, printed as JSON prints it.
fn capacity_units(response: &Value) -> Result<String, BridgeError> {
    match response.pointer("/ConsumedCapacity/CapacityUnits") {
        Some(units @ Value::Number(_)) => Ok(units.to_string()),
        _ => Err(BridgeError::Api(format!("no ConsumedCapacity.CapacityUnits in {response}"))),
    }
}
