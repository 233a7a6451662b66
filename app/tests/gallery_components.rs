//! Component tests of the templates gallery in headless Chromium: search, the cards, and a template
//! opened through the same door as a file (at once over an empty model, asking over work).
#![cfg(target_arch = "wasm32")]

use crate::common;

use app::gallery::GalleryHost;
use app::state::GalleryState;
use common::{click, mount, press, settle, type_into};
use leptos::prelude::*;
use wasm_bindgen_test::wasm_bindgen_test;


/// Each test starts as a first visit: nothing saved by an earlier test (a fresh `AppState` reads the
/// autosave, and an edit writes it 250 ms later).
fn first_visit() {
    if let Some(storage) = web_sys::window().and_then(|w| w.local_storage().ok().flatten()) {
        let _ = storage.clear();
    }
}

#[wasm_bindgen_test]
async fn search_narrows_the_cards_and_a_template_opens_without_replacing_work() {
    first_visit();
    let page = mount(|| view! { <GalleryHost /> });
    let app = page.state();
    let t = app.travel;
    settle().await;
    assert_eq!(page.count("[data-testid=gallery]"), 0, "closed until asked for");

    t.gallery.set(GalleryState::FirstVisit);
    settle().await;
    assert_eq!(page.text("gallery-count"), format!("{} template(s)", formats::gallery::TEMPLATES.len()));
    assert_eq!(page.text("gallery-close"), "Start with an empty model");
    assert_eq!(page.count("section.gal-section"), 3);
    type_into(&page.by_testid("gallery-search"), "sparse menu").await;
    assert_eq!(page.text("gallery-count"), "1 template(s)");
    assert_eq!(page.count("[data-testid^=gallery-card-]"), 1);
    assert_eq!(page.count("[data-testid=gallery-card-menu]"), 1);
    type_into(&page.by_testid("gallery-search"), "").await;

    // Nothing to lose: the template opens at once and the gallery steps aside.
    click(&page.by_testid("gallery-open-menu")).await;
    let name = |app: app::state::AppState| app.modeler.state.with_untracked(|s| s.playground.name.clone());
    assert_eq!(name(app), "Multi-level menu: sparse active GSI and by-parent GSI");
    assert_eq!(t.gallery.get_untracked(), GalleryState::Closed);
    assert_eq!(page.count("[data-testid=gallery]"), 0);

    // Over work: it waits for the user's decision and replaces nothing yet.
    t.gallery.set(GalleryState::Open);
    settle().await;
    assert_eq!(page.text("gallery-close"), "Close", "opened by the user, it closes rather than starting empty");
    click(&page.by_testid("gallery-open-ecommerce")).await;
    assert!(t.incoming.with_untracked(|i| i.as_ref().is_some_and(|i| matches!(&i.origin, app::state::Origin::Template(name) if name.contains("E-commerce")))));
    assert_eq!(name(app), "Multi-level menu: sparse active GSI and by-parent GSI");

    // Escape closes it.
    press(&page.by_testid("gallery-search"), "Escape").await;
    assert_eq!(t.gallery.get_untracked(), GalleryState::Closed);
    assert_eq!(page.count("[data-testid=gallery]"), 0);
}

#[wasm_bindgen_test]
async fn a_first_visit_gallery_steps_aside_once_the_model_has_a_table() {
    first_visit();
    let page = mount(|| view! { <GalleryHost /> });
    let app = page.state();
    app.travel.gallery.set(GalleryState::FirstVisit);
    settle().await;
    assert_eq!(page.count("[data-testid=gallery]"), 1);
    let model = formats::gallery::Template::by_slug("ecommerce").expect("template").model().expect("reads");
    app.modeler.replace_model(&model).expect("loads");
    settle().await;
    settle().await;
    assert_eq!(app.travel.gallery.get_untracked(), GalleryState::Closed);
    assert_eq!(page.count("[data-testid=gallery]"), 0);
}
