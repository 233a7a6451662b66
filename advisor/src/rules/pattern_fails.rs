//! An access pattern the design cannot serve at all: its request fails against the current model (an
//! index that is gone, a key condition on an attribute that is no longer a key). The seeds' step 5 —
//! "walk through your design with every access pattern" — is exactly this check.

use alloc::vec::Vec;

use super::finding;
use messages::Message;

use crate::check::CheckError;
use crate::view::Context;
use crate::{Finding, RuleId, Severity, Target};

pub fn check(cx: &Context) -> Vec<Finding> {
    let mut out = Vec::new();
    for c in cx.checks {
        let Some(error) = &c.error else { continue };
        let fix = match (error, &c.index, &c.table) {
            (CheckError::Engine { message, .. }, Some(ix), Some(t)) if message.contains("specified index") => {
                Message::new("finding.pattern_fails.fix.index").text("table", t.clone()).text("index", ix.clone())
            }
            (CheckError::Engine { message, .. }, _, Some(t)) if message.contains("not found") || message.contains("non-existent") => {
                Message::new("finding.pattern_fails.fix.table").text("table", t.clone())
            }
            (CheckError::Pattern(_), _, _) => Message::new("finding.pattern_fails.fix.pattern").part("error", error.message()),
            _ => Message::new("finding.pattern_fails.fix").part("error", error.message()),
        };
        out.push(finding(
            RuleId::PatternFails,
            Severity::Problem,
            Target::Pattern { name: c.name.clone() },
            Message::new("finding.pattern_fails.title").text("pattern", c.name.clone()),
            Message::new("finding.pattern_fails.explanation").part("error", error.message()),
            fix,
        ));
    }
    out
}
