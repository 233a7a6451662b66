//! A FilterExpression that throws away most of what it reads. Filtering happens after the read: the
//! items discarded are still read and paid for (the seeds: "relying on FilterExpression for performance").

use alloc::format;
use alloc::vec::Vec;

use super::{expression_attributes, finding};
use crate::check::units_text;
use crate::view::Context;
use crate::{Finding, RuleId, Severity, Target};

pub fn check(cx: &Context) -> Vec<Finding> {
    let k = cx.thresholds.filter_read_per_returned;
    let mut out = Vec::new();
    for c in cx.checks.iter() {
        // A Scan is its own finding; this rule is about a Query whose key is too coarse.
        if !c.has_filter || c.error.is_some() || c.operation == "Scan" || c.items_read == 0 {
            continue;
        }
        if c.items_read <= k * c.items_returned {
            continue;
        }
        let attrs = c
            .request
            .as_ref()
            .and_then(|r| r.get("FilterExpression").and_then(|f| f.as_str()).map(|f| expression_attributes(f, r)))
            .unwrap_or_default();
        let attr = attrs.first().cloned().unwrap_or_else(|| "the filtered attribute".into());
        let sort = c
            .table
            .as_deref()
            .and_then(|t| cx.table(t))
            .and_then(|t| match &c.index {
                Some(i) => t.index(i).and_then(|d| d.sk.as_ref().map(|s| s.name.clone())),
                None => t.sk.as_ref().map(|s| s.name.clone()),
            })
            .unwrap_or_else(|| "the sort key".into());
        out.push(finding(
            RuleId::FilterRatio,
            Severity::Warning,
            Target::Pattern { name: c.name.clone() },
            format!("“{}” reads {} items to return {}", c.name, c.items_read, c.items_returned),
            format!(
                "The FilterExpression on {attr} runs after the read, so every discarded item is still read and paid for ({} RCU here for {} items returned); the key condition, not the filter, should select the items.",
                units_text(c.read_half_units),
                c.items_returned
            ),
            format!(
                "Move {attr} into the key: prefix {sort} with it ({}#<value>#…) and use begins_with, or give only the wanted items a sparse GSI key and Query that index without a filter.",
                attr.to_uppercase()
            ),
        ));
    }
    out
}
