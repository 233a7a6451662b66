//! A Scan in an access pattern. The seeds: "never a Scan for a critical production query" — it reads the
//! whole table or index and pays for every item it reads.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::{expression_attributes, finding};
use crate::check::units_text;
use crate::view::Context;
use crate::{Finding, RuleId, Severity, Target};

pub fn check(cx: &Context) -> Vec<Finding> {
    let mut out = Vec::new();
    for c in cx.checks.iter().filter(|c| c.operation == "Scan") {
        let what = c.target_label();
        let figures = if c.error.is_none() {
            format!(
                " Here it read {} items to return {} ({} RCU); the cost grows with the table, not with the answer.",
                c.items_read,
                c.items_returned,
                units_text(c.read_half_units)
            )
        } else {
            String::new()
        };
        // The filter says what the pattern is really after: make that a key.
        let filter_attrs = c
            .request
            .as_ref()
            .and_then(|r| r.get("FilterExpression").and_then(|f| f.as_str()).map(|f| expression_attributes(f, r)))
            .unwrap_or_default();
        let fix = match filter_attrs.first() {
            Some(a) => format!(
                "Make {a} part of a key so one Query serves the pattern: a GSI whose partition key holds {a} (overloaded as GSI1PK = {}#<value>), or a sparse GSI that only the wanted items carry; then Query it instead of scanning.",
                a.to_uppercase()
            ),
            None => String::from(
                "Redesign the keys so one Query serves the pattern: give the items it wants a shared partition key (an item collection) on the table or on a GSI, and Query that key.",
            ),
        };
        out.push(finding(
            RuleId::ScanInPattern,
            Severity::Problem,
            Target::Pattern { name: c.name.clone() },
            format!("“{}” is a Scan of {what}", c.name),
            format!("A Scan reads every item of the table or index and pays for all of them, so it is slow and expensive at scale; the seeds name it the first anti-pattern on a critical request path.{figures}"),
            fix,
        ));
    }
    out
}
