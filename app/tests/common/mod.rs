//! Helpers for component tests: mount a view into its own container, find elements by `data-testid`,
//! and interact the way a user would (click, key press), letting the reactive system settle afterwards.

#![allow(dead_code)] // each test file uses a different subset

use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement, KeyboardEvent, KeyboardEventInit};

fn document() -> web_sys::Document {
    gloo_utils::document()
}

/// A mounted view; dropping it unmounts the view and removes its container, so ids never collide
/// between tests.
pub struct Mounted {
    container: HtmlElement,
    state: app::state::AppState,
    _handle: Box<dyn core::any::Any>,
}

impl Mounted {
    /// The shared state the view was mounted with (a fresh one per mount, as a page has).
    pub fn state(&self) -> app::state::AppState {
        self.state
    }

    pub fn root(&self) -> &HtmlElement {
        &self.container
    }

    /// The one element with this `data-testid` inside the mounted view; panics (fails the test) otherwise.
    pub fn by_testid(&self, id: &str) -> HtmlElement {
        let selector = format!("[data-testid=\"{id}\"]");
        let found = self.container.query_selector_all(&selector).expect("valid selector");
        assert_eq!(found.length(), 1, "expected exactly one element with data-testid={id}");
        found.item(0).expect("item 0 exists").unchecked_into::<HtmlElement>()
    }

    pub fn count(&self, selector: &str) -> u32 {
        self.container.query_selector_all(selector).expect("valid selector").length()
    }

    pub fn text(&self, id: &str) -> String {
        self.by_testid(id).text_content().unwrap_or_default()
    }
}

impl Drop for Mounted {
    fn drop(&mut self) {
        self.container.remove();
    }
}

/// Mounts a Leptos component (anything `view!` returns) into a container of its own, with a fresh shared
/// state provided to it, as Leptos's own examples mount theirs in `wasm_bindgen_test`s.
pub fn mount<V: leptos::prelude::IntoView + 'static>(f: impl FnOnce() -> V + 'static) -> Mounted {
    let container = document().create_element("div").expect("create div").unchecked_into::<HtmlElement>();
    document().body().expect("body").append_child(&container).expect("append container");
    let state = std::rc::Rc::new(std::cell::Cell::new(None));
    let made = state.clone();
    // Every component reads its words through the language context, as under `App`; no cookie, so one
    // test's language never leaks into the next.
    // (The provider's children must be Send; this single-threaded page wraps them.)
    let inner = send_wrapper::SendWrapper::new(move || {
        made.set(Some(app::state::provide_app_state()));
        f()
    });
    let handle = leptos::mount::mount_to(container.clone(), move || {
        leptos::view! {
            <app::i18n::I18nContextProvider enable_cookie=false>
                {inner.take()()}
            </app::i18n::I18nContextProvider>
        }
    });
    let state = state.get().expect("the mount built its view");
    Mounted { container, state, _handle: Box::new(handle) }
}

/// A page as a first visit finds it: nothing saved, no language chosen. The component tests share one
/// page, so a test that mounts the whole `App` starts from here rather than from what earlier tests left
/// (an autosave written 250 ms after an edit, a language cookie).
pub fn fresh_page() {
    let window = web_sys::window().expect("window");
    for storage in [window.local_storage(), window.session_storage()].into_iter().flat_map(|s| s.ok().flatten()) {
        let _ = storage.clear();
    }
    // leptos_i18n's cookie for the chosen language.
    let html: web_sys::HtmlDocument = document().unchecked_into();
    let _ = html.set_cookie("i18n_pref_locale=; max-age=0; path=/");
}

/// Let effects scheduled by a state change run, so the DOM reflects it.
pub async fn settle() {
    leptos::task::tick().await;
    leptos::task::tick().await;
}

/// Wait `ms` milliseconds of real time, then settle: IntersectionObserver reports (the Indexes and
/// Access patterns tabs work only while visible) arrive after a rendered frame, not in a microtask.
pub async fn wait_ms(ms: i32) {
    let p = js_sys::Promise::new(&mut |resolve, _| {
        let _ = web_sys::window().expect("window").set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms);
    });
    let _ = wasm_bindgen_futures::JsFuture::from(p).await;
    settle().await;
}

pub async fn click(element: &HtmlElement) {
    element.click();
    settle().await;
}

/// Press `key` on `target` (the event bubbles, as a real key press does).
pub async fn press(target: &Element, key: &str) {
    let init = KeyboardEventInit::new();
    init.set_key(key);
    init.set_bubbles(true);
    init.set_cancelable(true);
    let event = KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).expect("keyboard event");
    target.dispatch_event(&event).expect("dispatch keydown");
    settle().await;
}

/// The element that has keyboard focus, if any.
pub fn focused() -> Option<Element> {
    document().active_element()
}

/// Type into a text field as a user would (set the value, fire `input`).
pub async fn type_into(el: &HtmlElement, text: &str) {
    js_sys::Reflect::set(el, &"value".into(), &text.into()).expect("set value");
    let ev = web_sys::Event::new("input").expect("input event");
    el.dispatch_event(&ev).expect("dispatch input");
    settle().await;
}

/// Models the component tests start from: the engine's own test files (the sidebar's examples are the
/// gallery's templates, which grow with the gallery; these stay as the figures below expect).
pub const ECOMMERCE: &str = include_str!("../../../engine/tests/data/models/ecommerce.json");
pub const READINGS: &str = include_str!("../../../engine/tests/data/models/readings.json");

/// Replace the mounted view's model with `json`, as opening a file does (one undoable step), and settle.
pub async fn load_model(page: &Mounted, json: &str) {
    let model = engine::model::Model::from_json_str(json).expect("a test model");
    page.state().modeler.replace_model(&model).expect("the model loads");
    settle().await;
}
