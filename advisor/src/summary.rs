//! The advisor's one-line verdict above its findings.
//!
//! An empty list of findings is a verdict on a design only when the design has access patterns: the
//! rules that judge keys against the requests they must serve (a Scan or a filter on a request path, a
//! pattern one request cannot serve, a transaction that needs none) read the patterns, so without any
//! the advisor has judged the data alone and says so, with how to add a pattern.

use alloc::format;
use alloc::string::String;

use engine::model::DismissedFinding;

use crate::Finding;

/// What to do when there is nothing to judge the design by. "+ Access pattern" is the tab's button
/// above the advisor; the gallery's templates each list their own patterns.
const ADD_A_PATTERN: &str =
    "add each request the application makes with “+ Access pattern” above, or open a template from the gallery to see a design with its patterns.";

/// The verdict on `findings` (those dismissed in `dismissed` are folded away, not counted as open)
/// for a model with `patterns` access patterns.
pub fn summary(findings: &[Finding], dismissed: &[DismissedFinding], patterns: usize) -> String {
    let folded = findings.iter().filter(|f| f.dismissal(dismissed).is_some()).count();
    let open = findings.len() - folded;
    let counted = match (open, folded) {
        (0, 0) => String::new(),
        (0, d) => format!("No open findings ({d} dismissed)"),
        (1, _) => String::from("1 finding"),
        (n, _) => format!("{n} findings"),
    };
    match (patterns, open, folded) {
        (0, 0, 0) => format!("No access patterns yet, so the advisor cannot judge this design: keys are good or bad only for the requests they must serve. To have it judged, {ADD_A_PATTERN}"),
        (0, 0, _) => format!("{counted}, but no access patterns yet, so the advisor cannot judge this design. To have it judged, {ADD_A_PATTERN}"),
        (0, _, _) => format!("{counted}, from the data alone: with no access patterns yet, the advisor cannot judge the design for its requests. To have it judged, {ADD_A_PATTERN}"),
        (_, 0, 0) => String::from("No findings: the design avoids every anti-pattern the advisor checks."),
        (_, 0, _) => format!("{counted}."),
        _ => counted,
    }
}
