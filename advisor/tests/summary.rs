//! The advisor's summary line: "no findings" praises a design only when it has access patterns to be
//! judged by; without them it says it cannot judge, and how to add one.

use crate::common;

use advisor::{advise, check::check_all, summary, Context, Finding, Target};
use common::{db, NOW};
use engine::model::DismissedFinding;
use formats::gallery::Template;

fn findings(n: usize) -> Vec<Finding> {
    let m = Template::by_slug("posts-by-tag").unwrap().model().unwrap();
    let one = advise(&Context::new(&m, &check_all(&m, &db(&m), NOW), None)).remove(0);
    (0..n).map(|i| Finding { target: Target::Table { table: format!("T{i}") }, ..one.clone() }).collect()
}

const ADD: &str = "To have it judged, add each request the application makes with “+ Access pattern” above, or open a template from the gallery to see a design with its patterns.";

#[test]
fn the_summary_for_each_count_of_findings_dismissals_and_patterns() {
    let two = findings(2);
    let dismissed_first = vec![DismissedFinding { finding: two[0].id(), reason: "known".into() }];
    let cases: Vec<(&[Finding], &[DismissedFinding], usize, String)> = vec![
        (&[], &[], 3, "No findings: the design avoids every anti-pattern the advisor checks.".into()),
        (&two[..1], &dismissed_first, 3, "No open findings (1 dismissed).".into()),
        (&two[..1], &[], 3, "1 finding".into()),
        (&two, &[], 3, "2 findings".into()),
        (&two, &dismissed_first, 3, "1 finding".into()),
        (&[], &[], 0, format!("No access patterns yet, so the advisor cannot judge this design: keys are good or bad only for the requests they must serve. {ADD}")),
        (&two[..1], &dismissed_first, 0, format!("No open findings (1 dismissed), but no access patterns yet, so the advisor cannot judge this design. {ADD}")),
        (&two, &[], 0, format!("2 findings, from the data alone: with no access patterns yet, the advisor cannot judge the design for its requests. {ADD}")),
    ];
    for (f, d, patterns, want) in cases {
        assert_eq!(advisor::render(&summary(f, d, patterns), advisor::Lang::En), want, "{} finding(s), {} dismissed, {patterns} pattern(s)", f.len(), d.len());
    }
}

/// A template the advisor finds nothing in is praised with its patterns, and not without them.
#[test]
fn a_good_design_without_its_patterns_is_not_praised() {
    let mut m = Template::by_slug("ecommerce").unwrap().model().unwrap();
    let checks = check_all(&m, &db(&m), NOW);
    let found = advise(&Context::new(&m, &checks, None));
    assert_eq!(advisor::render(&summary(&found, &m.dismissed_findings, checks.len()), advisor::Lang::En), "No findings: the design avoids every anti-pattern the advisor checks.");

    m.access_patterns.clear();
    let checks = check_all(&m, &db(&m), NOW);
    assert!(checks.is_empty());
    let found = advise(&Context::new(&m, &checks, None));
    assert!(found.is_empty(), "{found:?}");
    let s = advisor::render(&summary(&found, &m.dismissed_findings, checks.len()), advisor::Lang::En);
    assert!(s.starts_with("No access patterns yet, so the advisor cannot judge this design"), "{s}");
    assert!(!s.contains("avoids every anti-pattern"), "{s}");
}
