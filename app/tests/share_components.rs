//! Component tests of how models travel, in headless Chromium: the model actions and their dialogs,
//! the question asked when something arrives over work (Replace is one undo step, a copy pauses
//! autosave), and model files read and refused.
#![cfg(target_arch = "wasm32")]

use crate::common;

use app::model::autosave;
use app::share::file_io::open_file;
use app::share::ModelActions;
use app::state::{Incoming, Panel};
use common::{click, mount, press, settle, wait_ms, Mounted};
use engine::model::Model;
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::wasm_bindgen_test;


const ECOMMERCE: &str = include_str!("../../engine/tests/data/models/gallery/ecommerce.json");
const MENU: &str = include_str!("../../engine/tests/data/models/gallery/menu.json");

/// Each test starts as a first visit: nothing saved by an earlier test (a fresh `AppState` reads the
/// autosave, and an edit writes it 250 ms later).
fn first_visit() {
    if let Some(storage) = web_sys::window().and_then(|w| w.local_storage().ok().flatten()) {
        let _ = storage.clear();
    }
}

fn model(json: &str) -> Model {
    Model::from_json_str(json).expect("a gallery model")
}

fn name(page: &Mounted) -> String {
    page.state().modeler.state.with_untracked(|s| s.playground.name.clone())
}

/// Wait (up to two seconds) for work the browser does off the page's turn: compression, file reads.
async fn until(what: &str, done: impl Fn() -> bool) {
    for _ in 0..100 {
        if done() {
            return;
        }
        wait_ms(20).await;
    }
    panic!("timed out waiting for {what}");
}

fn value(el: &web_sys::HtmlElement) -> String {
    js_sys::Reflect::get(el, &"value".into()).ok().and_then(|v| v.as_string()).unwrap_or_default()
}

#[wasm_bindgen_test]
async fn the_share_and_export_dialogs_open_from_the_actions_and_close() {
    first_visit();
    let page = mount(|| view! { <ModelActions /> });
    let m = page.state().modeler;
    settle().await;
    assert_eq!(page.count("[data-testid=model-name]"), 0, "no name, no line for it");
    m.replace_model(&model(ECOMMERCE)).expect("loads");
    settle().await;
    assert_eq!(page.text("model-name"), "E-commerce: users, orders by status, reviews");

    click(&page.by_testid("export-open")).await;
    assert_eq!(page.count("[data-testid=export-panel]"), 1);
    press(&page.by_testid("export-panel"), "Escape").await;
    assert_eq!(page.count("[data-testid=export-panel]"), 0);

    // The browser compresses the model before the dialog opens.
    click(&page.by_testid("share-open")).await;
    until("the share dialog", || page.count("[data-testid=share-panel]") == 1).await;
    let url = value(&page.by_testid("share-url"));
    assert!(url.contains("#m1."), "{url}");
    let length = url.chars().count();
    assert_eq!(page.text("share-length").replace(',', ""), length.to_string());
    assert!(page.text("share-verdict").contains("characters. "));
    // The embed code follows its options; it opens on the tab the dialog was opened from.
    assert_eq!(value(&page.by_testid("embed-tab")), "items");
    assert!(!value(&page.by_testid("embed-code")).contains("readonly=1"));
    click(&page.by_testid("embed-readonly")).await;
    assert!(value(&page.by_testid("embed-code")).contains("readonly=1"));
    click(&page.by_testid("share-close")).await;
    assert_eq!(page.count("[data-testid=share-panel]"), 0);
    assert_eq!(page.state().travel.panel.get_untracked(), None::<Panel>);
}

#[wasm_bindgen_test]
async fn something_arriving_over_work_asks_first_and_replace_is_one_undo_step() {
    first_visit();
    let page = mount(|| view! { <ModelActions /> });
    let app = page.state();
    app.modeler.replace_model(&model(MENU)).expect("loads");
    app.offer(Incoming::new(model(ECOMMERCE), Default::default(), app::state::Origin::ShareLink));
    settle().await;
    assert_eq!(page.count("[data-testid=incoming-prompt]"), 1);
    assert_eq!(page.text("incoming-name"), "E-commerce: users, orders by status, reviews");
    assert_eq!(name(&page), "Multi-level menu: sparse active GSI and by-parent GSI", "nothing replaced while asking");

    // Cancel (Escape) leaves the model alone.
    press(&page.by_testid("incoming-prompt"), "Escape").await;
    assert_eq!(page.count("[data-testid=incoming-prompt]"), 0);
    assert_eq!(name(&page), "Multi-level menu: sparse active GSI and by-parent GSI");

    app.offer(Incoming::new(model(ECOMMERCE), Default::default(), app::state::Origin::ShareLink));
    settle().await;
    click(&page.by_testid("incoming-replace")).await;
    assert_eq!(page.count("[data-testid=incoming-prompt]"), 0);
    assert_eq!(name(&page), "E-commerce: users, orders by status, reviews");
    app.modeler.undo();
    settle().await;
    assert_eq!(name(&page), "Multi-level menu: sparse active GSI and by-parent GSI");
}

#[wasm_bindgen_test]
async fn open_as_a_copy_pauses_autosave_until_the_copy_is_kept() {
    first_visit();
    let page = mount(|| view! { <ModelActions /> });
    let app = page.state();
    app.modeler.replace_model(&model(MENU)).expect("loads");
    app.offer(Incoming::new(model(ECOMMERCE), Default::default(), app::state::Origin::ShareLink));
    settle().await;
    click(&page.by_testid("incoming-copy")).await;
    assert_eq!(name(&page), "E-commerce: users, orders by status, reviews");
    assert_eq!(page.count("[data-testid=copy-banner]"), 1);
    assert!(page.text("copy-banner").contains("a copy from a share link"));
    assert!(!autosave::writes_enabled(), "the saved model stays as it is");
    click(&page.by_testid("copy-keep")).await;
    assert!(autosave::writes_enabled());
    assert_eq!(page.count("[data-testid=copy-banner]"), 0);
    assert_eq!(name(&page), "E-commerce: users, orders by status, reviews");
}

#[wasm_bindgen_test]
async fn a_bad_file_names_the_path_of_its_fault_and_a_good_one_opens() {
    first_visit();
    let page = mount(|| view! { <ModelActions /> });
    let app = page.state();
    let mut bad: serde_json::Value = serde_json::from_str(MENU).expect("json");
    bad["tables"][0]["items"][3]["price"] = serde_json::json!({ "N": "12.x" });
    open_file(app, gloo_file::File::new("bad.json", bad.to_string().as_str()));
    until("the refusal", || page.count("[data-testid=travel-error]") == 1).await;
    assert!(
        page.text("travel-error-text").starts_with("bad.json was not opened: tables[0].items[3].price: The parameter cannot be converted to a numeric value: 12.x"),
        "{}",
        page.text("travel-error-text")
    );
    assert!(app.modeler.state.with_untracked(|s| s.playground.tables().is_empty()), "nothing opened");
    click(&page.by_testid("travel-error-dismiss")).await;
    assert_eq!(page.count("[data-testid=travel-error]"), 0);

    // Over an empty model a good file opens at once.
    open_file(app, gloo_file::File::new("menu.json", MENU));
    until("the model", || page.count("[data-testid=model-name]") == 1).await;
    assert_eq!(page.text("model-name"), "Multi-level menu: sparse active GSI and by-parent GSI");
    assert_eq!(page.count("[data-testid=incoming-prompt]"), 0);

    // The hidden file input is what "Open…" clicks.
    let input = page.by_testid("file-input").dyn_into::<web_sys::HtmlInputElement>().expect("an input");
    assert_eq!(input.type_(), "file");
}
