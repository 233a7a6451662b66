//! The built-in templates are good designs: the advisor finds nothing in them except the risk the
//! seeds themselves point out (the constant ALL_POSTS key of the latest-posts GSI) and the synthetic
//! keys the seeds teach (`TENANT#<id>#ASSIGNEE#<user>`), for which it suggests a multi-attribute key;
//! and every access pattern they write down is served by one request.

use crate::common;

use advisor::{advise, check::check_all, Context, Status};
use common::{db, NOW};
use formats::gallery::TEMPLATES;

#[test]
fn templates_produce_no_findings_but_the_seeds_own_risk() {
    let mut all = Vec::new();
    for t in &TEMPLATES {
        let m = t.model().unwrap();
        let checks = check_all(&m, &db(&m), NOW);
        for f in advise(&Context::new(&m, &checks, None)) {
            all.push(format!("{}: {} — {}", t.slug, f.id(), f.title));
        }
    }
    assert_eq!(
        all,
        [
            "posts-by-tag: constant-gsi-key:SocialPosts/LatestPosts — LatestPosts has a constant partition key (ALL_POSTS)",
            "menu: synthetic-key:TenantMenu/MenuItemsByParent — MenuItemsByParent is keyed on strings built from tenantId, parentId",
            "saas: synthetic-key:SaaSPlatform/GSI2 — GSI2 is keyed on strings built from tenantId, ownerId",
            "saas: synthetic-key:SaaSPlatform/GSI3 — GSI3 is keyed on strings built from tenantId, assignedTo, status, dueDate",
            "tasks-by-assignee-status: synthetic-key:TeamTasks/BySyntheticKey — BySyntheticKey is keyed on strings built from tenantId, assignee, status, dueDate",
        ]
    );
}

#[test]
fn every_template_pattern_is_served_by_one_request() {
    let mut n = 0;
    for t in &TEMPLATES {
        let m = t.model().unwrap();
        for c in check_all(&m, &db(&m), NOW) {
            assert_eq!(c.status, Status::Single, "{}/{}: {:?}", t.slug, c.name, c);
            assert_eq!(c.requests, 1, "{}/{}", t.slug, c.name);
            n += 1;
        }
    }
    assert!(n >= 45, "{n}");
}
