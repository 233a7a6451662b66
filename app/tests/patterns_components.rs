//! Component tests of the Access patterns tab in headless Chromium: the gallery's e-commerce model
//! loaded through the modeler, its patterns checked, a pattern deleted and the deletion undone.
#![cfg(target_arch = "wasm32")]

use crate::common;

use app::modeler::ModelerSidebar;
use app::share::ModelActions;
use app::patterns::PatternsTab;
use common::{click, mount, settle, wait_ms};
use engine::model::Model;
use leptos::prelude::*;
use wasm_bindgen_test::wasm_bindgen_test;


const ECOMMERCE: &str = include_str!("../../engine/tests/data/models/gallery/ecommerce.json");

/// Each test starts as a first visit: nothing saved by an earlier test (a fresh `AppState` reads the
/// autosave, and an edit writes it 250 ms later).
fn first_visit() {
    if let Some(storage) = web_sys::window().and_then(|w| w.local_storage().ok().flatten()) {
        let _ = storage.clear();
    }
}

#[wasm_bindgen_test]
async fn patterns_are_checked_and_a_deletion_is_undone() {
    first_visit();
    let page = mount(|| view! {
        <ModelerSidebar><ModelActions/></ModelerSidebar>
        <PatternsTab />
    });
    let m = page.state().modeler;
    m.replace_model(&Model::from_json_str(ECOMMERCE).expect("template")).expect("loads");
    settle().await;
    // The analysis runs once the tab is on screen (below the sidebar here).
    page.by_testid("patterns-tab").scroll_into_view();
    wait_ms(200).await;
    assert_eq!(page.text("pattern-coverage"), "5 of 5 patterns served by a single request");
    assert_eq!(page.count("[data-testid=pattern-row]"), 5);
    assert!(page.text("advisor-summary").starts_with("No findings"));

    let first_delete = page
        .root()
        .query_selector("[data-testid=pattern-row] [data-testid=pattern-delete]")
        .expect("selector")
        .and_then(|e| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(e).ok())
        .expect("a delete button");
    click(&first_delete).await;
    assert_eq!(page.text("pattern-coverage"), "4 of 4 patterns served by a single request");
    click(&page.by_testid("undo")).await;
    assert_eq!(page.text("pattern-coverage"), "5 of 5 patterns served by a single request");
}

const POSTS: &str = include_str!("../../engine/tests/data/models/gallery/posts-by-tag.json");

#[wasm_bindgen_test]
async fn a_finding_is_dismissed_with_a_reason_and_restored() {
    first_visit();
    let page = mount(|| view! { <PatternsTab /> });
    let m = page.state().modeler;
    m.replace_model(&Model::from_json_str(POSTS).expect("template")).expect("loads");
    wait_ms(200).await;
    let id = "constant-gsi-key:SocialPosts/LatestPosts";
    let finding = format!("[data-testid=finding][data-finding-id=\"{id}\"]");
    assert_eq!(page.count(&finding), 1);
    let within = |sel: &str| {
        page.root()
            .query_selector(&format!("{finding} [data-testid={sel}]"))
            .expect("selector")
            .and_then(|e| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(e).ok())
            .unwrap_or_else(|| panic!("{sel} in the finding"))
    };
    click(&within("finding-dismiss")).await;
    // No reason: refused next to the field, nothing saved.
    click(&within("finding-dismiss-confirm")).await;
    assert_eq!(within("finding-reason-error").text_content().unwrap_or_default(), "Say why this does not apply (it is saved with the model)");
    assert!(m.state.with_untracked(|s| s.playground.dismissed_findings.is_empty()));
    common::type_into(&within("finding-reason"), "Under 50 posts a day").await;
    click(&within("finding-dismiss-confirm")).await;
    settle().await;
    assert_eq!(page.count(&finding), 0);
    assert_eq!(page.text("advisor-summary"), "No open findings (1 dismissed).");
    assert_eq!(page.text("dismissed-reason"), "Dismissed: Under 50 posts a day");
    assert_eq!(m.state.with_untracked(|s| s.playground.dismissed_findings.len()), 1);

    click(&page.by_testid("finding-restore")).await;
    settle().await;
    assert_eq!(page.count(&finding), 1);
    assert_eq!(page.count("[data-testid=advisor-dismissed]"), 0);
}

#[wasm_bindgen_test]
async fn a_new_pattern_is_checked_in_the_form_and_added_as_one_edit() {
    first_visit();
    let page = mount(|| view! { <PatternsTab /> });
    let m = page.state().modeler;
    m.replace_model(&Model::from_json_str(ECOMMERCE).expect("template")).expect("loads");
    wait_ms(200).await;
    click(&page.by_testid("pattern-add")).await;
    assert_eq!(page.count("[data-testid=pattern-editor]"), 1);
    common::type_into(&page.by_testid("pattern-name"), "").await;
    click(&page.by_testid("pattern-save")).await;
    // The fault is shown beside its field and marks it invalid; nothing changed.
    assert!(!page.text("pattern-name-error").is_empty());
    assert_eq!(page.by_testid("pattern-name").get_attribute("aria-invalid").as_deref(), Some("true"));
    assert_eq!(page.count("[data-testid=pattern-row]"), 5);

    common::type_into(&page.by_testid("pattern-name"), "Every order of u2").await;
    common::type_into(
        &page.by_testid("pattern-request"),
        r#"{"TableName": "Shop", "KeyConditionExpression": "PK = :pk AND begins_with(SK, :o)", "ExpressionAttributeValues": {":pk": {"S": "USER#u2"}, ":o": {"S": "ORDER#"}}}"#,
    )
    .await;
    click(&page.by_testid("pattern-save")).await;
    settle().await;
    assert_eq!(page.count("[data-testid=pattern-editor]"), 0);
    assert_eq!(page.count("[data-testid=pattern-row]"), 6);
    assert_eq!(page.count("[data-testid=pattern-row][data-name=\"Every order of u2\"]"), 1);
    assert_eq!(page.text("pattern-coverage"), "6 of 6 patterns served by a single request");
    m.undo();
    settle().await;
    assert_eq!(page.count("[data-testid=pattern-row]"), 5);
}
