//! A Scan in an access pattern. The seeds: "never a Scan for a critical production query" — it reads the
//! whole table or index and pays for every item it reads.

use alloc::vec::Vec;

use messages::Message;

use super::{expression_attributes, finding};
use crate::view::Context;
use crate::{Finding, RuleId, Severity, Target};

pub fn check(cx: &Context) -> Vec<Finding> {
    let mut out = Vec::new();
    for c in cx.checks.iter().filter(|c| c.operation == "Scan") {
        let what = c.target_label();
        let explanation = if c.error.is_none() {
            Message::new("finding.scan_in_pattern.explanation.figures")
                .count("read", c.items_read)
                .count("returned", c.items_returned)
                .half_units("rcu", c.read_half_units)
        } else {
            Message::new("finding.scan_in_pattern.explanation")
        };
        // The filter says what the pattern is really after: make that a key.
        let filter_attrs = c
            .request
            .as_ref()
            .and_then(|r| r.get("FilterExpression").and_then(|f| f.as_str()).map(|f| expression_attributes(f, r)))
            .unwrap_or_default();
        let fix = match filter_attrs.first() {
            Some(a) => Message::new("finding.scan_in_pattern.fix.filter").text("attribute", a.clone()).text("prefix", a.to_uppercase()),
            None => Message::new("finding.scan_in_pattern.fix"),
        };
        out.push(finding(
            RuleId::ScanInPattern,
            Severity::Problem,
            Target::Pattern { name: c.name.clone() },
            Message::new("finding.scan_in_pattern.title").text("pattern", c.name.clone()).text("target", what),
            explanation,
            fix,
        ));
    }
    out
}
