//! The code a DynamoDB request becomes in the three clients people copy from: the AWS SDK for
//! JavaScript v3 (`@aws-sdk/client-dynamodb` commands), boto3's client API and the AWS CLI.
//!
//! Pure text from the request JSON the engine takes (`action` + body in DynamoDB's JSON 1.0 shape), so
//! the playground and a native test produce the same bytes; `tests/sdk/python/test_codegen.py` runs the
//! boto3 and CLI output against `dynamodel-server` to prove it is not just plausible-looking.
#![no_std]

extern crate alloc;

mod cli;
mod js;
mod python;

use alloc::string::String;

use serde_json::Value;

/// Which client the code is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lang {
    JavaScript,
    Python,
    Cli,
}

impl Lang {
    pub const ALL: [Lang; 3] = [Lang::JavaScript, Lang::Python, Lang::Cli];

    pub fn label(self) -> &'static str {
        match self {
            Lang::JavaScript => "JavaScript (SDK v3)",
            Lang::Python => "Python (boto3)",
            Lang::Cli => "AWS CLI",
        }
    }

    pub fn slug(self) -> &'static str {
        match self {
            Lang::JavaScript => "js",
            Lang::Python => "python",
            Lang::Cli => "cli",
        }
    }
}

/// Where the generated code sends the request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Endpoint {
    /// Real DynamoDB in a region (credentials from the usual chain).
    Aws { region: String },
    /// A local `dynamodel-server` (or any DynamoDB-compatible URL).
    Local { url: String, region: String },
}

/// The batch whose generated code retries what DynamoDB hands back unprocessed (`UnprocessedItems`).
/// BatchGetItem's `UnprocessedKeys` would need the pages' responses merged, so its code stays one call.
pub(crate) const RETRIED_BATCH: &str = "BatchWriteItem";

/// The request as code for `lang`. `action` is the API name (`Query`, `TransactWriteItems`, ...);
/// `input` the request body. An action the streams API owns (`GetRecords`, ...) uses that client.
pub fn generate(lang: Lang, action: &str, input: &Value, endpoint: &Endpoint) -> String {
    match lang {
        Lang::JavaScript => js::generate(action, input, endpoint),
        Lang::Python => python::generate(action, input, endpoint),
        Lang::Cli => cli::generate(action, input, endpoint),
    }
}

/// Actions of the DynamoDB Streams API (a different client and CLI command).
pub fn is_streams_action(action: &str) -> bool {
    matches!(action, "ListStreams" | "DescribeStream" | "GetShardIterator" | "GetRecords")
}

/// `BatchWriteItem` → `batch_write_item` (boto3 method names).
pub fn snake_case(name: &str) -> String {
    separated(name, '_')
}

/// `BatchWriteItem` → `batch-write-item` (CLI commands and flags).
pub fn kebab_case(name: &str) -> String {
    separated(name, '-')
}

fn separated(name: &str, sep: char) -> String {
    let mut out = String::new();
    let chars: alloc::vec::Vec<char> = name.chars().collect();
    for (i, c) in chars.iter().enumerate() {
        if c.is_ascii_uppercase() {
            // A new word starts at an upper-case letter after a lower-case one, or at the last capital of
            // an acronym followed by lower case (`SSESpecification` → `sse-specification`).
            let prev_lower = i > 0 && chars[i - 1].is_ascii_lowercase();
            let acronym_end = i > 0 && chars[i - 1].is_ascii_uppercase() && chars.get(i + 1).is_some_and(|n| n.is_ascii_lowercase());
            if prev_lower || acronym_end {
                out.push(sep);
            }
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(*c);
        }
    }
    out
}

/// A binary attribute value (`{"B": "<base64>"}`): the JSON protocol carries base64, the SDKs want
/// bytes, so the generated code decodes it.
pub(crate) fn binary_value(v: &Value) -> Option<&str> {
    match v.as_object() {
        Some(m) if m.len() == 1 => m.get("B").and_then(Value::as_str),
        _ => None,
    }
}

/// A binary set (`{"BS": ["<base64>", ...]}`).
pub(crate) fn binary_set(v: &Value) -> Option<alloc::vec::Vec<&str>> {
    match v.as_object() {
        Some(m) if m.len() == 1 => m.get("BS")?.as_array()?.iter().map(Value::as_str).collect(),
        _ => None,
    }
}

/// The request's top-level parameters in the order people write them (table and index first, then
/// the key condition, filters and expressions' values), the rest alphabetically as JSON keeps them.
pub(crate) fn ordered(input: &Value) -> alloc::vec::Vec<(&String, &Value)> {
    const FIRST: [&str; 12] = [
        "TableName",
        "IndexName",
        "Key",
        "Item",
        "KeyConditionExpression",
        "UpdateExpression",
        "ConditionExpression",
        "FilterExpression",
        "ProjectionExpression",
        "ExpressionAttributeNames",
        "ExpressionAttributeValues",
        "RequestItems",
    ];
    let Some(m) = input.as_object() else { return alloc::vec::Vec::new() };
    let rank = |k: &str| FIRST.iter().position(|f| *f == k).unwrap_or(FIRST.len());
    let mut entries: alloc::vec::Vec<(&String, &Value)> = m.iter().collect();
    entries.sort_by_key(|(k, _)| rank(k));
    entries
}
