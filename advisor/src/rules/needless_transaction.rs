//! A transaction where a single conditional write (or a plain read) would do. Transactions cost twice
//! the capacity and add latency (the seeds: "overusing transactions — use them only for real multi-item
//! invariants"); one item needs no transaction, because a single write with a ConditionExpression is
//! already atomic.

use alloc::vec::Vec;

use super::finding;
use messages::Message;

use crate::view::Context;
use crate::{Finding, RuleId, Severity, Target};

pub fn check(cx: &Context) -> Vec<Finding> {
    let mut out = Vec::new();
    for spec in &cx.specs {
        let write = match spec.operation.as_str() {
            "TransactWriteItems" => true,
            "TransactGetItems" => false,
            _ => continue,
        };
        let items = spec.request.get("TransactItems").and_then(|v| v.as_array()).map(Vec::as_slice).unwrap_or(&[]);
        if items.len() != 1 {
            continue;
        }
        let action = items[0].as_object().and_then(|o| o.keys().next().cloned()).unwrap_or_default();
        let (explanation, fix) = if write {
            let op = match action.as_str() {
                "Put" => "PutItem",
                "Update" => "UpdateItem",
                "Delete" => "DeleteItem",
                _ => "UpdateItem",
            };
            (Message::new("finding.needless_transaction.explanation.write"), Message::new("finding.needless_transaction.fix.write").text("operation", op))
        } else {
            (Message::new("finding.needless_transaction.explanation.read"), Message::new("finding.needless_transaction.fix.read"))
        };
        out.push(finding(
            RuleId::NeedlessTransaction,
            Severity::Warning,
            Target::Pattern { name: spec.name.clone() },
            Message::new("finding.needless_transaction.title").text("pattern", spec.name.clone()),
            explanation.text("operation", spec.operation.clone()).text("action", action),
            fix,
        ));
    }
    out
}
