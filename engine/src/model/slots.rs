//! The parts of a model that other features fill: access patterns (the requests a design must serve)
//! and workloads (the traffic a design must carry).
//!
//! Both are typed where the meaning is settled (a name, a description, the request an access pattern
//! runs) and open everywhere else: fields this build does not know are kept in `extra` and written back
//! unchanged, so a model saved by a build that knows more survives a round trip through this one.

use alloc::string::String;

use serde::Serialize;
use serde_json::{Map, Value};

/// One access pattern: "get a user's orders by status", and the request that serves it.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AccessPattern {
    pub name: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub description: String,
    /// The DynamoDB action that serves it (`Query`, `GetItem`, `Scan`, `UpdateItem`, ...).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub operation: Option<String>,
    /// The action's input as DynamoDB JSON (`TableName`, `IndexName`, `KeyConditionExpression`, ...),
    /// runnable against the model's own tables.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub request: Option<Value>,
    /// Fields added by features this build does not know, kept verbatim.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// An advisor finding the user has dismissed: the finding's stable id (`constant-gsi-key:SocialPosts/LatestPosts`)
/// and why ("traffic to the latest posts stays under 100 writes a second"). A dismissal whose finding no
/// longer appears is kept, so that undoing a design change brings the finding back still dismissed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DismissedFinding {
    pub finding: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub reason: String,
}

/// One workload: a named mix of traffic (filled by the traffic simulator).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Workload {
    pub name: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub description: String,
    /// Everything else (rates, key distributions, ...), kept verbatim.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

impl AccessPattern {
    pub fn new(name: &str) -> AccessPattern {
        AccessPattern { name: name.into(), description: String::new(), operation: None, request: None, extra: Map::new() }
    }
}

impl Workload {
    pub fn new(name: &str) -> Workload {
        Workload { name: name.into(), description: String::new(), extra: Map::new() }
    }
}
