//! An access pattern the design cannot serve at all: its request fails against the current model (an
//! index that is gone, a key condition on an attribute that is no longer a key). The seeds' step 5 —
//! "walk through your design with every access pattern" — is exactly this check.

use alloc::format;
use alloc::vec::Vec;

use super::finding;
use crate::check::CheckError;
use crate::view::Context;
use crate::{Finding, RuleId, Severity, Target};

pub fn check(cx: &Context) -> Vec<Finding> {
    let mut out = Vec::new();
    for c in cx.checks {
        let Some(error) = &c.error else { continue };
        let fix = match (error, &c.index, &c.table) {
            (CheckError::Engine { message, .. }, Some(ix), Some(t)) if message.contains("specified index") => format!(
                "Give {t} an index {ix} again (the keys the pattern's KeyConditionExpression names), or rewrite the pattern to Query an index that holds these items."
            ),
            (CheckError::Engine { message, .. }, _, Some(t)) if message.contains("not found") || message.contains("non-existent") => {
                format!("Create table {t}, or point the pattern at the table that holds these items.")
            }
            (CheckError::Pattern(_), _, _) => format!("Correct the pattern: {error}."),
            _ => format!("Change the keys or the request so that one Query or GetItem serves it: {error}."),
        };
        out.push(finding(
            RuleId::PatternFails,
            Severity::Problem,
            Target::Pattern { name: c.name.clone() },
            format!("“{}” does not run against this design", c.name),
            format!("The pattern is part of what the design must serve, but its request fails: {error}. A key design is only done when every access pattern maps to a single Query or GetItem."),
            fix,
        ));
    }
    out
}
