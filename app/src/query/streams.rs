//! Stream records of the model's tables, as `GetRecords` would return them.

use engine::db::Database;
use serde_json::Value;

/// `(table, view type, records)` for every table with a stream, newest record last.
pub fn records(db: &Database) -> Vec<(String, String, Vec<Value>)> {
    let region = db.config().region.clone();
    let mut out = Vec::new();
    for name in db.table_names() {
        let Some(t) = db.table(name) else { continue };
        let Some(stream) = t.extras.streams.latest() else { continue };
        let arn = engine::stream::json::stream_arn(db.config(), name, &stream.label);
        let recs = stream.shards.iter().flat_map(|s| s.records.iter()).map(|r| engine::stream::json::record_json(&region, &arn, stream.view, r)).collect();
        out.push((name.to_string(), stream.view.as_str().to_string(), recs));
    }
    out
}
