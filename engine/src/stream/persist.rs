//! Snapshot form of a table's extras (TTL, streams with their records, tags, clock), stored under the
//! table's `"extras"` key by `crate::snapshot`. Restoring validates every field and never panics; a
//! snapshot without `"extras"` (older format) restores a table with none.

use alloc::collections::BTreeMap;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use serde_json::{json, Value};

use crate::error::ApiError;
use crate::extras::{TableExtras, TtlSettings};
use crate::stream::{EventName, Record, Shard, Stream, TableStreams, ViewType, Writer};
use crate::value::{item_from_json, item_to_json, Item};

fn bad(msg: &str) -> ApiError {
    ApiError::Validation(format!("Invalid snapshot: {msg}"))
}

fn opt_item_json(i: &Option<Item>) -> Value {
    i.as_ref().map_or(Value::Null, item_to_json)
}

pub(crate) fn record_json(r: &Record) -> Value {
    json!({"seq": r.seq, "event": r.event.as_str(), "at": r.created_ms, "keys": item_to_json(&r.keys),
           "old": opt_item_json(&r.old), "new": opt_item_json(&r.new), "ttl": r.writer == Writer::TtlService})
}

pub fn to_json(x: &TableExtras) -> Value {
    extras_json(x, true, x.clock_ms)
}

/// A table's extras as JSON; without their stream records (the server keeps those as rows of their own)
/// and with the clock given (the server keeps the clock apart too), or as a snapshot holds them.
pub(crate) fn extras_json(x: &TableExtras, records: bool, clock_ms: u64) -> Value {
    let streams: Vec<Value> = x
        .streams
        .streams
        .iter()
        .map(|s| {
            let shards: Vec<Value> = s
                .shards
                .iter()
                .map(|sh| {
                    let held: Vec<Value> = if records { sh.records.iter().map(record_json).collect() } else { Vec::new() };
                    json!({"id": sh.id, "start": sh.start_seq, "from": sh.available_from, "closed": sh.closed, "records": held})
                })
                .collect();
            json!({"label": s.label, "createdAt": s.created_ms, "view": s.view.as_str(), "enabled": s.enabled,
                   "disabledAt": s.disabled_ms, "shards": shards})
        })
        .collect();
    json!({"ttl": {"attribute": x.ttl.attribute, "changedAt": x.ttl.changed_at},
           "streams": streams, "nextSeq": x.streams.next_seq, "tags": x.tags, "clock": clock_ms})
}

fn u64_of(v: &Value, k: &str) -> Result<u64, ApiError> {
    v.get(k).and_then(Value::as_u64).ok_or_else(|| bad(&format!("missing {k}")))
}

fn str_of<'a>(v: &'a Value, k: &str) -> Result<&'a str, ApiError> {
    v.get(k).and_then(Value::as_str).ok_or_else(|| bad(&format!("missing {k}")))
}

fn opt_item_of(v: &Value, k: &str) -> Result<Option<Item>, ApiError> {
    match v.get(k) {
        None | Some(Value::Null) => Ok(None),
        Some(i) => item_from_json(i).map(Some).map_err(|e| bad(e.message())),
    }
}

pub(crate) fn record_of(v: &Value) -> Result<Record, ApiError> {
    let event = match str_of(v, "event")? {
        "INSERT" => EventName::Insert,
        "MODIFY" => EventName::Modify,
        "REMOVE" => EventName::Remove,
        _ => return Err(bad("unknown stream event")),
    };
    Ok(Record {
        seq: u64_of(v, "seq")?,
        event,
        created_ms: u64_of(v, "at")?,
        keys: item_from_json(v.get("keys").unwrap_or(&Value::Null)).map_err(|e| bad(e.message()))?,
        old: opt_item_of(v, "old")?,
        new: opt_item_of(v, "new")?,
        writer: if v.get("ttl").and_then(Value::as_bool) == Some(true) { Writer::TtlService } else { Writer::User },
    })
}

fn list<'a>(v: &'a Value, k: &str) -> Result<&'a Vec<Value>, ApiError> {
    v.get(k).and_then(Value::as_array).ok_or_else(|| bad(&format!("missing {k}")))
}

/// Restore a table's extras from [`to_json`] output, after its items (so replaying them wrote no
/// stream records), and rebuild the derived TTL index.
pub fn restore_into(t: &mut crate::table::Table, v: Option<&Value>) -> Result<(), ApiError> {
    t.extras = from_json(v)?;
    t.rebuild_expiry_index();
    Ok(())
}

/// Rebuild extras from [`to_json`] output (`None`: none saved).
pub fn from_json(v: Option<&Value>) -> Result<TableExtras, ApiError> {
    let Some(v) = v.filter(|v| !v.is_null()) else { return Ok(TableExtras::default()) };
    let ttl = v.get("ttl").ok_or_else(|| bad("missing ttl"))?;
    let mut streams = Vec::new();
    for s in list(v, "streams")? {
        let mut shards = Vec::new();
        for sh in list(s, "shards")? {
            shards.push(Shard {
                id: String::from(str_of(sh, "id")?),
                start_seq: u64_of(sh, "start")?,
                available_from: u64_of(sh, "from")?,
                closed: sh.get("closed").and_then(Value::as_bool).unwrap_or(false),
                records: list(sh, "records")?.iter().map(record_of).collect::<Result<_, _>>()?,
            });
        }
        streams.push(Stream {
            label: String::from(str_of(s, "label")?),
            created_ms: u64_of(s, "createdAt")?,
            view: ViewType::parse(str_of(s, "view")?).ok_or_else(|| bad("unknown stream view type"))?,
            enabled: s.get("enabled").and_then(Value::as_bool).unwrap_or(false),
            disabled_ms: s.get("disabledAt").and_then(Value::as_u64),
            shards,
        });
    }
    let mut tags = BTreeMap::new();
    if let Some(Value::Object(m)) = v.get("tags") {
        for (k, t) in m {
            tags.insert(k.clone(), String::from(t.as_str().ok_or_else(|| bad("tag value"))?));
        }
    }
    Ok(TableExtras {
        ttl: TtlSettings {
            attribute: ttl.get("attribute").and_then(Value::as_str).map(String::from),
            changed_at: ttl.get("changedAt").and_then(Value::as_u64),
            by_expiry: Default::default(),
        },
        streams: TableStreams { streams, next_seq: u64_of(v, "nextSeq")? },
        tags,
        clock_ms: u64_of(v, "clock")?,
        writer: Writer::User,
        journal: None,
        // Writes in flight to the indexes are not kept: a reload rebuilds the indexes from the items,
        // so every write has arrived, and the caller sets the lag again (`Database::set_index_lag`).
        propagation: Default::default(),
    })
}

