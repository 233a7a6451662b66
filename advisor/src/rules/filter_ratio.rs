//! A FilterExpression that throws away most of what it reads. Filtering happens after the read: the
//! items discarded are still read and paid for (the seeds: "relying on FilterExpression for performance").

use alloc::vec::Vec;

use super::{expression_attributes, finding};
use messages::Message;

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
        let attr = attrs.first().cloned();
        let sort = c
            .table
            .as_deref()
            .and_then(|t| cx.table(t))
            .and_then(|t| match &c.index {
                Some(i) => t.index(i).and_then(|d| d.sk.as_ref().map(|s| s.name.clone())),
                None => t.sk.as_ref().map(|s| s.name.clone()),
            })
            ;
        out.push(finding(
            RuleId::FilterRatio,
            Severity::Warning,
            Target::Pattern { name: c.name.clone() },
            Message::new("finding.filter_ratio.title").text("pattern", c.name.clone()).count("read", c.items_read).count("returned", c.items_returned),
            match &attr {
                Some(a) => Message::new("finding.filter_ratio.explanation").text("attribute", a.clone()),
                None => Message::new("finding.filter_ratio.explanation.unnamed"),
            }
            .half_units("rcu", c.read_half_units)
            .count("returned", c.items_returned),
            match (&attr, sort) {
                (Some(a), Some(s)) => Message::new("finding.filter_ratio.fix").text("attribute", a.clone()).text("sort_key", s).text("prefix", a.to_uppercase()),
                (Some(a), None) => Message::new("finding.filter_ratio.fix.no_sort_key").text("attribute", a.clone()).text("prefix", a.to_uppercase()),
                (None, _) => Message::new("finding.filter_ratio.fix.unnamed"),
            },
        ));
    }
    out
}
