//! A transaction where a single conditional write (or a plain read) would do. Transactions cost twice
//! the capacity and add latency (the seeds: "overusing transactions — use them only for real multi-item
//! invariants"); one item needs no transaction, because a single write with a ConditionExpression is
//! already atomic.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::finding;
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
        let (single, cost) = if write {
            let op = match action.as_str() {
                "Put" => "PutItem",
                "Update" => "UpdateItem",
                "Delete" => "DeleteItem",
                _ => "UpdateItem",
            };
            (format!("{op} with the same ConditionExpression"), "2 WCU per KB instead of 1")
        } else {
            (String::from("GetItem (ConsistentRead if it must see the latest write)"), "2 RCU per 4 KB instead of 1")
        };
        out.push(finding(
            RuleId::NeedlessTransaction,
            Severity::Warning,
            Target::Pattern { name: spec.name.clone() },
            format!("“{}” is a transaction of one item", spec.name),
            format!(
                "{} with a single {action} buys nothing a single request does not already give — one item's write with its condition is atomic — and costs {cost}, with more latency.",
                spec.operation
            ),
            format!("Use {single}; keep transactions for invariants that span several items."),
        ));
    }
    out
}
