//! The model on real DynamoDB: a CloudFormation template (JSON or YAML) for its tables, the items as
//! DynamoDB JSON and as `aws dynamodb batch-write-item` request files (25 puts per request, the API's
//! limit), and a seed script, so that two commands create the model:
//!
//! ```text
//! aws cloudformation deploy --template-file model.cfn.yaml --stack-name my-model
//! sh model.seed.sh            # ENDPOINT=http://127.0.0.1:8000 sh model.seed.sh for a local server
//! ```
//!
//! Every table is retained when its stack is deleted or an update would replace it
//! (`DeletionPolicy`/`UpdateReplacePolicy: Retain`, as AWS advises for stateful resources): deleting a
//! stack never deletes data; `aws dynamodb delete-table` does.
//!
//! A table's `CreateTable` input maps onto `AWS::DynamoDB::Table` properties almost field for field;
//! where the two differ (streams, server-side encryption, TTL) the mapping is explicit, and any field
//! with no CloudFormation counterpart is reported as a [`Note`], never dropped silently.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

use engine::model::Model;
use serde_json::{json, Map, Value};

use crate::workbench::Note;

/// Items per `BatchWriteItem` request (DynamoDB's limit).
pub const BATCH_SIZE: usize = 25;

/// `CreateTable` fields that are `AWS::DynamoDB::Table` properties of the same name and shape.
const SAME: [&str; 13] = [
    "TableName", "AttributeDefinitions", "KeySchema", "BillingMode", "ProvisionedThroughput", "GlobalSecondaryIndexes",
    "LocalSecondaryIndexes", "TableClass", "Tags", "DeletionProtectionEnabled", "OnDemandThroughput", "WarmThroughput", "VectorIndexes",
];

/// A CloudFormation logical id for a table name (letters and digits only, unique within the template).
fn logical_id(name: &str, taken: &[String]) -> String {
    let mut id: String = name.chars().filter(|c| c.is_ascii_alphanumeric()).collect();
    if id.is_empty() || id.starts_with(|c: char| c.is_ascii_digit()) {
        id.insert_str(0, "Table");
    }
    let base = id.clone();
    let mut n = 2;
    while taken.contains(&id) {
        id = format!("{base}{n}");
        n += 1;
    }
    id
}

/// Why a model has no CloudFormation template.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum CloudFormationError {
    /// CloudFormation refuses a template whose `Resources` declares nothing, and a model's tables are
    /// its only resources.
    NoTables,
}

impl fmt::Display for CloudFormationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CloudFormationError::NoTables => f.write_str(
                "This model has no tables, and CloudFormation refuses a template without resources: add a table, then export again.",
            ),
        }
    }
}

/// A table's data outlives its stack: CloudFormation deletes a resource with its stack (or when an
/// update replaces it) unless told otherwise, and AWS advises `Retain` for stateful resources.
const RETAIN: &str = "Retain";

/// The longest model name the template's description quotes (CloudFormation allows 1024 bytes).
const DESCRIPTION_NAME_CHARS: usize = 200;

/// The CloudFormation template for every table of `model`.
pub fn cloudformation(model: &Model) -> Result<(Value, Vec<Note>), CloudFormationError> {
    if model.tables.is_empty() {
        return Err(CloudFormationError::NoTables);
    }
    let mut notes = Vec::new();
    let mut resources = Map::new();
    let mut outputs = Map::new();
    let mut ids: Vec<String> = Vec::new();
    for (i, t) in model.tables.iter().enumerate() {
        let path = format!("tables[{i}]");
        let def = t.definition.as_object().cloned().unwrap_or_default();
        let name = t.name().unwrap_or_default();
        let id = logical_id(name, &ids);
        ids.push(id.clone());
        let mut props = Map::new();
        for (k, v) in &def {
            if SAME.contains(&k.as_str()) {
                props.insert(k.clone(), v.clone());
                continue;
            }
            match k.as_str() {
                // CreateTable says StreamEnabled + StreamViewType; CloudFormation only the view type.
                "StreamSpecification" => {
                    if v.get("StreamEnabled").and_then(Value::as_bool) == Some(true) {
                        if let Some(view) = v.get("StreamViewType") {
                            props.insert(k.clone(), json!({"StreamViewType": view}));
                        }
                    }
                }
                // CreateTable's `Enabled` is CloudFormation's `SSEEnabled`.
                "SSESpecification" => {
                    let mut sse = Map::new();
                    for (sk, sv) in v.as_object().into_iter().flatten() {
                        let key = if sk == "Enabled" { "SSEEnabled" } else { sk.as_str() };
                        sse.insert(key.to_string(), sv.clone());
                    }
                    props.insert(k.clone(), Value::Object(sse));
                }
                other => notes.push(Note {
                    path: format!("{path}.definition.{other}"),
                    message: "has no AWS::DynamoDB::Table property; left out of the template".into(),
                }),
            }
        }
        if let Some(ttl) = &t.time_to_live {
            props.insert("TimeToLiveSpecification".into(), json!({"AttributeName": ttl, "Enabled": true}));
        }
        resources.insert(
            id.clone(),
            json!({"Type": "AWS::DynamoDB::Table", "DeletionPolicy": RETAIN, "UpdateReplacePolicy": RETAIN, "Properties": props}),
        );
        outputs.insert(format!("{id}Arn"), json!({"Description": format!("ARN of {name}"), "Value": {"Fn::GetAtt": [id, "Arn"]}}));
    }
    let title = if model.name.is_empty() {
        String::from("Tables of a Dynamodel model")
    } else if model.name.chars().count() > DESCRIPTION_NAME_CHARS {
        format!("{}… (from Dynamodel)", model.name.chars().take(DESCRIPTION_NAME_CHARS).collect::<String>())
    } else {
        format!("{} (from Dynamodel)", model.name)
    };
    let description = format!("{title}. The tables are kept when the stack is deleted (DeletionPolicy Retain): delete them with aws dynamodb delete-table.");
    let mut doc = Map::new();
    doc.insert("AWSTemplateFormatVersion".into(), Value::from("2010-09-09"));
    doc.insert("Description".into(), Value::from(description));
    doc.insert("Resources".into(), Value::Object(resources));
    if !outputs.is_empty() {
        doc.insert("Outputs".into(), Value::Object(outputs));
    }
    Ok((Value::Object(doc), notes))
}

/// Words a YAML 1.1 reader (CloudFormation's among them) takes for a boolean or null, in any case.
const YAML_WORDS: [&str; 9] = ["y", "n", "yes", "no", "on", "off", "true", "false", "null"];

/// A key that every YAML reader reads back as this same string without quotes: letters, digits, `_`,
/// `-` and `.`, starting with a letter or `_` (so never a number), and not a boolean or null word.
fn plain_key(k: &str) -> bool {
    k.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
        && k.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-' || c == '.')
        && !YAML_WORDS.iter().any(|w| w.eq_ignore_ascii_case(k))
}

/// Characters a YAML double-quoted scalar must hold as escapes: those outside YAML's printable set (C0
/// controls, DEL, C1 controls, U+FFFE, U+FFFF), the byte order mark, and the three that YAML 1.1
/// readers take for line breaks and fold away (U+0085, U+2028, U+2029). Tab, line feed and carriage
/// return are printable but escaped too, so a value stays on one line.
fn needs_escape(c: char) -> bool {
    matches!(c, '\0'..='\u{1f}' | '\u{7f}'..='\u{9f}' | '\u{2028}' | '\u{2029}' | '\u{feff}' | '\u{fffe}' | '\u{ffff}')
}

/// A YAML double-quoted scalar: quoting every string keeps values like "yes", "1.0" or "#tag" strings.
fn quoted(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if needs_escape(c) => out.push_str(&format!("\\u{:04X}", u32::from(c))),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn scalar(v: &Value) -> String {
    match v {
        Value::String(s) => quoted(s),
        other => other.to_string(),
    }
}

fn yaml_into(v: &Value, indent: usize, out: &mut String) {
    let pad = " ".repeat(indent);
    match v {
        Value::Object(m) if !m.is_empty() => {
            for (k, val) in m {
                let key = if plain_key(k) { k.clone() } else { quoted(k) };
                match val {
                    Value::Object(x) if !x.is_empty() => {
                        out.push_str(&format!("{pad}{key}:\n"));
                        yaml_into(val, indent + 2, out);
                    }
                    Value::Array(x) if !x.is_empty() => {
                        out.push_str(&format!("{pad}{key}:\n"));
                        yaml_into(val, indent, out);
                    }
                    _ => out.push_str(&format!("{pad}{key}: {}\n", inline(val))),
                }
            }
        }
        Value::Array(a) if !a.is_empty() => {
            for item in a {
                match item {
                    Value::Object(x) if !x.is_empty() => {
                        let mut inner = String::new();
                        yaml_into(item, indent + 2, &mut inner);
                        // The first line of the mapping goes after the dash.
                        let body = inner.get(indent + 2..).unwrap_or_default();
                        out.push_str(&format!("{pad}- {body}"));
                    }
                    Value::Array(x) if !x.is_empty() => {
                        out.push_str(&format!("{pad}-\n"));
                        yaml_into(item, indent + 2, out);
                    }
                    _ => out.push_str(&format!("{pad}- {}\n", inline(item))),
                }
            }
        }
        other => out.push_str(&format!("{pad}{}\n", inline(other))),
    }
}

fn inline(v: &Value) -> String {
    match v {
        Value::Object(m) if m.is_empty() => "{}".into(),
        Value::Array(a) if a.is_empty() => "[]".into(),
        Value::Object(_) | Value::Array(_) => v.to_string(),
        other => scalar(other),
    }
}

/// A YAML rendering of a JSON value (block style; every string double-quoted).
pub fn to_yaml(v: &Value) -> String {
    let mut out = String::new();
    yaml_into(v, 0, &mut out);
    out
}

/// The items of every table as DynamoDB JSON: `{"Shop": [{"PK": {"S": "..."}}, ...]}`.
pub fn items_json(model: &Model) -> Value {
    let mut m = Map::new();
    for t in &model.tables {
        m.insert(t.name().unwrap_or_default().to_string(), Value::Array(t.items.clone()));
    }
    Value::Object(m)
}

/// `batch-write-item` request files: `(file name, request)`, 25 puts each, tables in model order.
pub fn batch_files(model: &Model, prefix: &str) -> Vec<(String, Value)> {
    let mut out = Vec::new();
    for t in &model.tables {
        let name = t.name().unwrap_or_default();
        let slug: String = name.chars().map(|c| if c.is_ascii_alphanumeric() || c == '-' || c == '_' { c } else { '_' }).collect();
        for (n, chunk) in t.items.chunks(BATCH_SIZE).enumerate() {
            let puts: Vec<Value> = chunk.iter().map(|item| json!({"PutRequest": {"Item": item}})).collect();
            let mut req = Map::new();
            req.insert(name.to_string(), Value::Array(puts));
            out.push((format!("{prefix}{slug}-{:03}.json", n + 1), Value::Object(req)));
        }
    }
    out
}

/// A POSIX shell script that writes every item with `aws dynamodb batch-write-item`, the requests
/// inline (no other files needed). A batch that comes back with unprocessed items is sent again (putting
/// the same item twice is harmless), with a growing pause.
pub fn seed_script(model: &Model) -> String {
    let title = if model.name.is_empty() { "a Dynamodel model" } else { model.name.as_str() };
    let files = batch_files(model, "");
    let items: usize = model.tables.iter().map(|t| t.items.len()).sum();
    let mut s = String::new();
    s.push_str("#!/bin/sh\n");
    s.push_str(&format!("# Seed data for {}: {items} item(s) in {} batch-write-item request(s) of at most {BATCH_SIZE}.\n", title.replace('\n', " "), files.len()));
    s.push_str("# Create the tables first (aws cloudformation deploy --template-file <the template> --stack-name <name>).\n");
    s.push_str("# ENDPOINT=http://127.0.0.1:8000 sh seed.sh writes to a local server instead of AWS.\n");
    s.push_str("set -eu\n");
    s.push_str("put() {\n");
    s.push_str("  req=\"$1\"\n");
    s.push_str("  for attempt in 1 2 3 4 5 6 7 8; do\n");
    s.push_str("    left=$(aws dynamodb batch-write-item ${ENDPOINT:+--endpoint-url \"$ENDPOINT\"} --request-items \"$req\" --query 'length(UnprocessedItems.*[] || `[]`)' --output text)\n");
    s.push_str("    [ \"$left\" = \"0\" ] && return 0\n");
    s.push_str("    echo \"  $left unprocessed item(s), retrying\" >&2\n");
    s.push_str("    sleep \"$attempt\"\n");
    s.push_str("  done\n");
    s.push_str("  echo \"gave up on a batch with unprocessed items\" >&2\n");
    s.push_str("  return 1\n");
    s.push_str("}\n");
    for (name, req) in &files {
        // Single-quoted: the shell expands nothing inside; a quote in the data is closed and escaped.
        let body = req.to_string().replace('\'', "'\\''");
        s.push_str(&format!("echo \"{}\"\nput '{}'\n", name.trim_end_matches(".json"), body));
    }
    s.push_str(&format!("echo \"done: {items} item(s)\"\n"));
    s
}
