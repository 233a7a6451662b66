//! Component tests of the app shell, run in headless Chromium: `cargo test -p dynamodel-app --target
//! wasm32-unknown-unknown`.
#![cfg(target_arch = "wasm32")]

use crate::common;

use app::model::Playground;
use app::shell::model_figures::ModelFigures;
use app::shell::{App, PRODUCT_NAME};
use app::state::Tab;
use common::{click, focused, mount, press};
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::wasm_bindgen_test;


#[wasm_bindgen_test]
async fn the_language_menu_switches_the_words() {
    common::fresh_page();
    let page = mount(|| view! { <App/> });
    common::settle().await;
    let tagline = || page.by_testid("tagline").text_content().unwrap_or_default();
    assert!(tagline().starts_with("A DynamoDB data-modeling playground"), "{}", tagline());
    let select: web_sys::HtmlSelectElement = page.by_testid("lang-switch").unchecked_into();
    choose(&select, "tr").await;
    let html = web_sys::window().and_then(|w| w.document()).and_then(|d| d.document_element()).expect("html");
    assert!(tagline().starts_with("Bir DynamoDB veri modelleme"), "{} / select={} html lang={:?}", tagline(), select.value(), html.get_attribute("lang"));
    let html = web_sys::window().and_then(|w| w.document()).and_then(|d| d.document_element()).expect("html");
    assert_eq!(html.get_attribute("lang").as_deref(), Some("tr"));
    choose(&select, "en").await;
    assert!(tagline().starts_with("A DynamoDB"), "{}", tagline());
}

/// Pick `value` in a `<select>` as a user does: the `change` event bubbles (Leptos listens at the root).
async fn choose(select: &web_sys::HtmlSelectElement, value: &str) {
    select.set_value(value);
    let init = web_sys::EventInit::new();
    init.set_bubbles(true);
    select.dispatch_event(&web_sys::Event::new_with_event_init_dict("change", &init).expect("event")).expect("dispatch");
    common::settle().await;
}

#[wasm_bindgen_test]
async fn first_screen_has_every_region() {
    common::fresh_page();
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
    // The other panels are built the first time their tab is shown, and then stay built.
    let index_views = || page.by_testid("panel-indexes").query_selector("[data-testid=index-views]").expect("selector").is_some();
    assert!(!index_views(), "the Indexes panel is built before its tab is shown");
    click(&page.by_testid("tab-indexes")).await;
    assert!(index_views());
    click(&page.by_testid("tab-items")).await;
    assert!(index_views(), "the Indexes panel went with its tab");
}

#[wasm_bindgen_test]
fn status_bar_names_the_engine_build() {
    common::fresh_page();
    let page = mount(|| view! { <App/> });
    assert_eq!(page.text("status-engine-version"), engine::VERSION);
}

/// The status bar sums the model's own items as the engine sized them; an empty model has no summary.
#[wasm_bindgen_test]
fn model_figures_are_the_engine_sizes_of_the_models_items() {
    let table = |name: &str| {
        serde_json::json!({"TableName": name, "BillingMode": "PAY_PER_REQUEST",
            "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"}],
            "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"}]})
    };
    let items = [
        serde_json::json!({"PK": {"S": "USER#1"}, "name": {"S": "Ada Lovelace"}}),
        serde_json::json!({"PK": {"S": "USER#2"}, "bio": {"S": "x".repeat(2000)}}),
    ];
    let model = engine::model::Model::from_json(serde_json::json!({"version": 1, "tables": [
        {"definition": table("Users"), "items": items},
        {"definition": table("Empty"), "items": []},
    ]}))
    .expect("a model");
    let sizes: Vec<usize> = items
        .iter()
        .map(|i| engine::value::item_size(&engine::value::item_from_json(i).expect("an item")))
        .collect();
    // PK 2+6, name 4+12 = 24; PK 2+6, bio 3+2000 = 2011.
    assert_eq!(sizes, [24, 2011]);
    let figures = ModelFigures::of(&Playground::from_model(&model, 0)).expect("figures");
    assert_eq!(
        figures,
        ModelFigures { tables: 2, items: 2, bytes: 2035, largest: Some((String::from("Users"), 2011)) }
    );
    assert_eq!(ModelFigures::of(&Playground::from_model(&engine::model::Model::new(), 0)), None);
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
    common::fresh_page();
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
    common::fresh_page();
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
