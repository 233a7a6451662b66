//! The advisor's one-line verdict above its findings.
//!
//! An empty list of findings is a verdict on a design only when the design has access patterns: the
//! rules that judge keys against the requests they must serve (a Scan or a filter on a request path, a
//! pattern one request cannot serve, a transaction that needs none) read the patterns, so without any
//! the advisor has judged the data alone and says so, with how to add a pattern ("+ Access pattern" is
//! the tab's button above the advisor; the gallery's templates each list their own patterns).

use engine::model::DismissedFinding;
use messages::Message;

use crate::Finding;

/// The verdict on `findings` (those dismissed in `dismissed` are folded away, not counted as open)
/// for a model with `patterns` access patterns.
pub fn summary(findings: &[Finding], dismissed: &[DismissedFinding], patterns: usize) -> Message {
    let folded = findings.iter().filter(|f| f.dismissal(dismissed).is_some()).count() as u64;
    let open = findings.len() as u64 - folded;
    let key = match (patterns, open, folded) {
        (0, 0, 0) => "summary.no_patterns",
        (0, 0, _) => "summary.no_patterns.dismissed",
        (0, 1, _) => "summary.no_patterns.one",
        (0, _, _) => "summary.no_patterns.many",
        (_, 0, 0) => "summary.clean",
        (_, 0, _) => "summary.dismissed",
        (_, 1, _) => "summary.one",
        _ => "summary.many",
    };
    Message::new(key).count("open", open).count("dismissed", folded)
}
