//! Component tests of the Access patterns tab in headless Chromium: the gallery's e-commerce model
//! loaded through the modeler, its patterns checked, a pattern deleted and the deletion undone.
#![cfg(target_arch = "wasm32")]

mod common;

use app::modeler::modeler_sidebar;
use app::patterns::patterns_tab;
use app::ui::prelude::fragment;
use common::{click, mount_view, settle, wait_ms};
use engine::model::Model;
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

wasm_bindgen_test_configure!(run_in_browser);

const ECOMMERCE: &str = include_str!("../../engine/tests/data/models/gallery/ecommerce.json");

#[wasm_bindgen_test]
async fn patterns_are_checked_and_a_deletion_is_undone() {
    let page = mount_view(|| fragment(vec![modeler_sidebar(app::share::actions::model_actions()), patterns_tab()]));
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
