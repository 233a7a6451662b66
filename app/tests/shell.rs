//! Component tests of the app shell, run in headless Chromium: `cargo test -p dynamodel-app --target
//! wasm32-unknown-unknown`.
#![cfg(target_arch = "wasm32")]

mod common;

use app::engine_bridge::{engine_version, SAMPLE_ITEM_JSON};
use app::shell::{App, PRODUCT_NAME};
use app::state::Tab;
use common::{click, focused, mount, press};
use leptos::prelude::*;
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn first_screen_has_every_region() {
    let page = mount(|| view! { <App/> });
    for id in ["app-shell", "app-header", "tagline", "model-sidebar", "workspace", "workspace-tabs", "status-bar"] {
        page.by_testid(id);
    }
    let h1 = page.root().query_selector("h1").expect("selector").expect("an h1");
    assert_eq!(h1.text_content().as_deref(), Some(PRODUCT_NAME));
    let sidebar_heading = page.by_testid("model-sidebar").query_selector("h2").expect("selector").expect("an h2");
    assert_eq!(sidebar_heading.text_content().as_deref(), Some("Model"));
    // The features sit where the frame puts them: the modeler in the sidebar, its tabs in their panels.
    assert!(page.by_testid("model-sidebar").query_selector("[data-testid=model-tables]").expect("selector").is_some());
    assert!(page.by_testid("panel-items").query_selector("[data-testid=items-view]").expect("selector").is_some());
    assert!(page.by_testid("panel-indexes").query_selector("[data-testid=index-views]").expect("selector").is_some());
}

#[wasm_bindgen_test]
fn status_bar_shows_figures_computed_by_the_engine() {
    let page = mount(|| view! { <App/> });
    assert_eq!(page.text("status-engine-version"), engine::VERSION);
    assert_eq!(page.text("status-engine-version"), engine_version());

    // The figure on screen is the engine's own answer for the sample item...
    let value: serde_json::Value = serde_json::from_str(SAMPLE_ITEM_JSON).expect("sample is JSON");
    let item = engine::value::item_from_json(&value).expect("sample is an item");
    assert_eq!(page.text("status-sample-size"), engine::value::item_size(&item).to_string());
    // ...and that answer follows DynamoDB's rules: pk 2+7, sk 2+7, name 4+12, born 4+3, tags 4+(4+6).
    assert_eq!(page.text("status-sample-size"), "55");
    assert!(page.text("status-sample").contains("5 attributes"));
    // Writing it costs one 1 KB block; an eventually consistent read, half of one 4 KB block.
    assert_eq!(page.text("status-sample-wcu"), "1.0");
    assert_eq!(page.text("status-sample-rcu"), "0.5");
}

fn assert_selected(page: &common::Mounted, selected: Tab) {
    for tab in Tab::ALL {
        let button = page.by_testid(&format!("tab-{}", tab.slug()));
        let panel = page.by_testid(&format!("panel-{}", tab.slug()));
        let is = tab == selected;
        assert_eq!(button.get_attribute("aria-selected").as_deref(), Some(if is { "true" } else { "false" }), "{tab:?}");
        assert_eq!(button.get_attribute("tabindex").as_deref(), Some(if is { "0" } else { "-1" }), "{tab:?}");
        assert_eq!(panel.hidden(), !is, "panel of {tab:?} hidden={}", panel.hidden());
        assert_eq!(panel.get_attribute("aria-labelledby"), Some(tab.tab_id()));
        assert_eq!(button.get_attribute("aria-controls"), Some(tab.panel_id()));
    }
}

#[wasm_bindgen_test]
async fn tabs_are_items_indexes_query_heat_and_clicking_selects() {
    let page = mount(|| view! { <App/> });
    let labels: Vec<String> =
        Tab::ALL.iter().map(|t| page.text(&format!("tab-{}", t.slug()))).collect();
    assert_eq!(labels, ["Items", "Indexes", "Query", "Heat", "Access patterns"]);
    assert_eq!(page.count("[role=tablist] [role=tab]"), 5);
    assert_eq!(page.count("[role=tabpanel]"), 5);
    assert_selected(&page, Tab::Items);

    click(&page.by_testid("tab-query")).await;
    assert_selected(&page, Tab::Query);
    click(&page.by_testid("tab-heat")).await;
    assert_selected(&page, Tab::Heat);
    click(&page.by_testid("tab-items")).await;
    assert_selected(&page, Tab::Items);
}

#[wasm_bindgen_test]
async fn arrow_keys_home_and_end_move_selection_and_focus() {
    let page = mount(|| view! { <App/> });
    let items = page.by_testid("tab-items");
    items.focus().expect("focus");

    // (key, tab selected and focused afterwards)
    let steps = [
        ("ArrowRight", Tab::Indexes),
        ("ArrowRight", Tab::Query),
        ("End", Tab::Patterns),
        ("ArrowRight", Tab::Items),
        ("ArrowLeft", Tab::Patterns),
        ("Home", Tab::Items),
        ("ArrowLeft", Tab::Patterns),
        ("Enter", Tab::Patterns),
        ("a", Tab::Patterns),
    ];
    for (key, expected) in steps {
        let target = focused().expect("a focused element");
        press(&target, key).await;
        assert_selected(&page, expected);
        let now = focused().expect("focus stays in the tab list");
        assert_eq!(now.id(), expected.tab_id(), "focus after {key}");
    }
}

#[wasm_bindgen_test]
fn after_key_wraps_and_ignores_other_keys() {
    let cases = [
        (Tab::Items, "ArrowRight", Some(Tab::Indexes)),
        (Tab::Heat, "ArrowRight", Some(Tab::Patterns)),
        (Tab::Patterns, "ArrowRight", Some(Tab::Items)),
        (Tab::Items, "ArrowLeft", Some(Tab::Patterns)),
        (Tab::Query, "ArrowLeft", Some(Tab::Indexes)),
        (Tab::Query, "Home", Some(Tab::Items)),
        (Tab::Indexes, "End", Some(Tab::Patterns)),
        (Tab::Items, "ArrowDown", None),
        (Tab::Items, "Tab", None),
        (Tab::Items, " ", None),
    ];
    for (from, key, want) in cases {
        assert_eq!(from.after_key(key), want, "{from:?} + {key:?}");
    }
}
