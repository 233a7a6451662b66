//! Stream records and descriptions in the shapes the DynamoDB Streams API returns.

use alloc::format;
use alloc::string::String;

use serde_json::{json, Map, Value};

use crate::api::describe::table_arn;
use crate::config::DatabaseConfig;
use super::Writer;
use crate::stream::ids::{event_id, seq_text};
use crate::stream::{Record, ViewType};
use crate::value::item_to_json;

pub fn stream_arn(cfg: &DatabaseConfig, table: &str, label: &str) -> String {
    format!("{}/stream/{label}", table_arn(cfg, table))
}

/// `{"StreamEnabled": true, "StreamViewType": ...}`.
pub fn spec_json(view: ViewType) -> Value {
    json!({"StreamEnabled": true, "StreamViewType": view.as_str()})
}

/// One record as GetRecords returns it. `ApproximateCreationDateTime` is epoch seconds rounded down,
/// as the Streams API documents; TTL deletions carry the service's `userIdentity`.
pub fn record_json(region: &str, arn: &str, view: ViewType, r: &Record) -> Value {
    let mut d = Map::new();
    d.insert("ApproximateCreationDateTime".into(), Value::from(r.created_ms / 1000));
    d.insert("Keys".into(), item_to_json(&r.keys));
    if let Some(n) = &r.new {
        d.insert("NewImage".into(), item_to_json(n));
    }
    if let Some(o) = &r.old {
        d.insert("OldImage".into(), item_to_json(o));
    }
    d.insert("SequenceNumber".into(), Value::String(seq_text(r.seq)));
    d.insert("SizeBytes".into(), Value::from(r.size_bytes()));
    d.insert("StreamViewType".into(), Value::String(String::from(view.as_str())));
    let mut m = Map::new();
    m.insert("eventID".into(), Value::String(event_id(arn, r.seq)));
    m.insert("eventName".into(), Value::String(String::from(r.event.as_str())));
    m.insert("eventVersion".into(), Value::String(String::from("1.1")));
    m.insert("eventSource".into(), Value::String(String::from("aws:dynamodb")));
    m.insert("awsRegion".into(), Value::String(String::from(region)));
    m.insert("dynamodb".into(), Value::Object(d));
    if r.writer == Writer::TtlService {
        m.insert("userIdentity".into(), json!({"type": "Service", "principalId": "dynamodb.amazonaws.com"}));
    }
    Value::Object(m)
}
