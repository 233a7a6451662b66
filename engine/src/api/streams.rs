//! The DynamoDB Streams API (`DynamoDBStreams_20120810.*`): ListStreams, DescribeStream,
//! GetShardIterator, GetRecords. Exposed through `Database::execute` under those action names.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use serde_json::{json, Map, Value};

use crate::api::describe::{epoch_seconds, key_schema_json, table_arn};
use crate::api::json::{self, opt_int, opt_str, Checks};
use crate::db::Database;
use crate::error::ApiError;
use crate::stream::ids::{decode_iterator, encode_iterator, parse_seq, seq_text, IteratorPos};
use crate::stream::json::{record_json, stream_arn};
use crate::stream::{Shard, Stream};
use crate::table::Table;

/// Shard iterators expire 15 minutes after they are issued.
pub const ITERATOR_TTL_MS: u64 = 15 * 60 * 1000;
/// GetRecords returns at most 1 MB of records.
pub const MAX_RECORDS_BYTES: u64 = 1024 * 1024;

fn stream_not_found(arn: &str) -> ApiError {
    ApiError::ResourceNotFound(format!("Requested resource not found: Stream: {arn} not found"))
}

fn check_arn(c: &mut Checks, arn: Option<&str>, path: &str, required: bool) {
    match arn {
        None if required => c.not_null(arn, path),
        None => {}
        Some(a) => {
            let n = a.chars().count();
            if n < 37 {
                c.fail(format!("'{a}'"), path, "Member must have length greater than or equal to 37");
            }
            if n > 1024 {
                c.fail(format!("'{a}'"), path, "Member must have length less than or equal to 1024");
            }
        }
    }
}

impl Database {
    /// The table and stream a stream ARN names.
    fn stream_by_arn(&self, arn: &str) -> Result<(&Table, &Stream), ApiError> {
        let prefix = table_arn(&self.config, "");
        let rest = arn.strip_prefix(prefix.as_str()).ok_or_else(|| stream_not_found(arn))?;
        let (table, label) = rest.split_once("/stream/").ok_or_else(|| stream_not_found(arn))?;
        let t = self.tables.get(table).ok_or_else(|| stream_not_found(arn))?;
        let s = t.extras.streams.streams.iter().find(|s| s.label == label).ok_or_else(|| stream_not_found(arn))?;
        Ok((t, s))
    }

    pub(crate) fn list_streams_json(&self, input: &Value) -> Result<Value, ApiError> {
        let m = json::body(input)?;
        let table = opt_str(m, "TableName")?;
        let limit = opt_int(m, "Limit", "Integer")?;
        let start = opt_str(m, "ExclusiveStartStreamArn")?;
        let mut c = Checks::new();
        c.name(table, "tableName", false);
        c.min(limit, "limit", 1);
        c.max(limit, "limit", 100);
        check_arn(&mut c, start, "exclusiveStartStreamArn", false);
        c.finish()?;
        if let Some(name) = table {
            if !self.tables.contains_key(name) {
                return Err(ApiError::ResourceNotFound(format!("Requested resource not found: Table: {name} not found")));
            }
        }
        let all: Vec<(String, &str, &str)> = self
            .tables
            .iter()
            .filter(|(n, _)| table.is_none_or(|t| t == n.as_str()))
            .flat_map(|(n, t)| t.extras.streams.streams.iter().map(move |s| (stream_arn(&self.config, n, &s.label), n.as_str(), s.label.as_str())))
            .collect();
        let skip = match start {
            Some(a) => all.iter().position(|(arn, _, _)| arn == a).map_or(0, |p| p + 1),
            None => 0,
        };
        let limit = limit.map_or(100, |l| l as usize);
        let page: Vec<&(String, &str, &str)> = all.iter().skip(skip).take(limit).collect();
        let mut out = Map::new();
        out.insert(
            "Streams".into(),
            Value::Array(page.iter().map(|(arn, t, l)| json!({"StreamArn": arn, "TableName": t, "StreamLabel": l})).collect()),
        );
        if skip + page.len() < all.len() {
            if let Some((arn, _, _)) = page.last() {
                out.insert("LastEvaluatedStreamArn".into(), Value::String(arn.clone()));
            }
        }
        Ok(Value::Object(out))
    }

    pub(crate) fn describe_stream_json(&self, input: &Value) -> Result<Value, ApiError> {
        let m = json::body(input)?;
        let arn = opt_str(m, "StreamArn")?;
        let limit = opt_int(m, "Limit", "Integer")?;
        let start = opt_str(m, "ExclusiveStartShardId")?;
        let mut c = Checks::new();
        check_arn(&mut c, arn, "streamArn", true);
        c.min(limit, "limit", 1);
        c.max(limit, "limit", 100);
        c.finish()?;
        let arn = arn.unwrap_or_default();
        let (t, s) = self.stream_by_arn(arn)?;
        let skip = match start {
            Some(id) => s.shards.iter().position(|sh| sh.id == id).map_or(0, |p| p + 1),
            None => 0,
        };
        let shards: Vec<Value> = s.shards.iter().skip(skip).take(limit.map_or(100, |l| l as usize)).map(shard_json).collect();
        let d = json!({
            "StreamArn": arn,
            "StreamLabel": s.label,
            "StreamStatus": if s.enabled { "ENABLED" } else { "DISABLED" },
            "StreamViewType": s.view.as_str(),
            "CreationRequestDateTime": epoch_seconds(s.created_ms),
            "TableName": t.name(),
            "KeySchema": key_schema_json(&t.def.keys),
            "Shards": shards,
        });
        Ok(json!({"StreamDescription": d}))
    }

    pub(crate) fn get_shard_iterator_json(&self, input: &Value, now: u64) -> Result<Value, ApiError> {
        let m = json::body(input)?;
        let arn = opt_str(m, "StreamArn")?;
        let shard_id = opt_str(m, "ShardId")?;
        let kind = opt_str(m, "ShardIteratorType")?;
        let seq = opt_str(m, "SequenceNumber")?;
        let mut c = Checks::new();
        check_arn(&mut c, arn, "streamArn", true);
        c.not_null(shard_id, "shardId");
        if let Some(id) = shard_id {
            let n = id.chars().count();
            if n < 28 {
                c.fail(format!("'{id}'"), "shardId", "Member must have length greater than or equal to 28");
            }
            if n > 65 {
                c.fail(format!("'{id}'"), "shardId", "Member must have length less than or equal to 65");
            }
        }
        c.not_null(kind, "shardIteratorType");
        c.one_of(
            kind,
            "shardIteratorType",
            &["TRIM_HORIZON", "LATEST", "AT_SEQUENCE_NUMBER", "AFTER_SEQUENCE_NUMBER"],
            "[TRIM_HORIZON, LATEST, AT_SEQUENCE_NUMBER, AFTER_SEQUENCE_NUMBER]",
        );
        c.finish()?;
        let (arn, shard_id, kind) = (arn.unwrap_or_default(), shard_id.unwrap_or_default(), kind.unwrap_or_default());
        let (t, s) = self.stream_by_arn(arn)?;
        let (index, shard) = s
            .shards
            .iter()
            .enumerate()
            .find(|(_, sh)| sh.id == shard_id)
            .ok_or_else(|| ApiError::ResourceNotFound(format!("Requested resource not found: Shard: {shard_id} in Stream: {arn} not found")))?;
        let end = shard_end(t, shard);
        let next_seq = match kind {
            "TRIM_HORIZON" => shard.available_from,
            "LATEST" => end,
            _ => {
                let Some(text) = seq else {
                    return Err(ApiError::Validation(format!("SequenceNumber is required for ShardIteratorType {kind}")));
                };
                let n = parse_seq(text)
                    .filter(|n| *n >= shard.start_seq && *n < end)
                    .ok_or_else(|| ApiError::Validation(format!("Invalid SequenceNumber {text} for shard {shard_id}")))?;
                if n < shard.available_from {
                    return Err(trimmed(text));
                }
                if kind == "AT_SEQUENCE_NUMBER" { n } else { n + 1 }
            }
        };
        let it = encode_iterator(arn, IteratorPos { shard: index, next_seq, issued_ms: now });
        Ok(json!({"ShardIterator": it}))
    }

    pub(crate) fn get_records_json(&self, input: &Value, now: u64) -> Result<Value, ApiError> {
        let m = json::body(input)?;
        let it = opt_str(m, "ShardIterator")?;
        let limit = opt_int(m, "Limit", "Integer")?;
        let mut c = Checks::new();
        c.not_null(it, "shardIterator");
        if let Some(i) = it {
            if i.is_empty() {
                c.fail(String::from("''"), "shardIterator", "Member must have length greater than or equal to 1");
            }
            if i.chars().count() > 2048 {
                c.fail(format!("'{i}'"), "shardIterator", "Member must have length less than or equal to 2048");
            }
        }
        c.min(limit, "limit", 1);
        c.max(limit, "limit", 1000);
        c.finish()?;
        let it = it.unwrap_or_default();
        let invalid = || ApiError::validation("Invalid ShardIterator");
        let (arn, pos) = decode_iterator(it).ok_or_else(invalid)?;
        let (_, s) = self.stream_by_arn(arn).map_err(|_| invalid())?;
        let shard = s.shards.get(pos.shard).ok_or_else(invalid)?;
        if now >= pos.issued_ms.saturating_add(ITERATOR_TTL_MS) {
            return Err(ApiError::ExpiredIterator(String::from("Iterator expired")));
        }
        if pos.next_seq < shard.available_from {
            return Err(trimmed(&seq_text(pos.next_seq)));
        }
        let limit = limit.map_or(1000, |l| l as usize);
        let mut records = Vec::new();
        let (mut bytes, mut next) = (0u64, pos.next_seq);
        for r in shard.records.iter().filter(|r| r.seq >= pos.next_seq) {
            if records.len() >= limit || (bytes > 0 && bytes + r.size_bytes() > MAX_RECORDS_BYTES) {
                break;
            }
            bytes += r.size_bytes();
            records.push(record_json(&self.config.region, arn, s.view, r));
            next = r.seq + 1;
        }
        let mut out = Map::new();
        out.insert("Records".into(), Value::Array(records));
        let exhausted = shard.closed && shard.records.last().is_none_or(|r| next > r.seq);
        if !exhausted {
            out.insert("NextShardIterator".into(), Value::String(encode_iterator(arn, IteratorPos { shard: pos.shard, next_seq: next, issued_ms: now })));
        }
        Ok(Value::Object(out))
    }
}

fn trimmed(seq: &str) -> ApiError {
    ApiError::TrimmedDataAccess(format!("The requested sequence number {seq} is beyond the trim horizon of the stream"))
}

/// One past the last sequence number the shard holds or will hold (its LATEST position).
fn shard_end(t: &Table, shard: &Shard) -> u64 {
    if shard.closed {
        shard.records.last().map_or(shard.start_seq, |r| r.seq + 1)
    } else {
        t.extras.streams.next_seq.max(shard.start_seq)
    }
}

fn shard_json(sh: &Shard) -> Value {
    let mut range = Map::new();
    range.insert("StartingSequenceNumber".into(), Value::String(seq_text(sh.start_seq)));
    if let Some(end) = sh.end_seq() {
        range.insert("EndingSequenceNumber".into(), Value::String(seq_text(end)));
    }
    json!({"ShardId": sh.id, "SequenceNumberRange": Value::Object(range)})
}
