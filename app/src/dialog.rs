//! The one modal dialog frame of the page (Share, Export, the incoming-model question, the table
//! designer, the entity editor, add item, the lessons picker): focus moves in when it opens, Tab and
//! Shift+Tab stay inside while it is open, Escape closes it, and focus goes back to the control that
//! opened it when it closes.
//!
//! Keys are heard on the document, not on the dialog, so Escape works even when focus has left the
//! dialog (a click on its text, or on the page behind a backdrop that stays). Only the newest open
//! dialog answers them.

use std::cell::{Cell, RefCell};

use gloo_events::{EventListener, EventListenerOptions};
use leptos::html;
use leptos::prelude::*;
use send_wrapper::SendWrapper;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement, KeyboardEvent};

/// What Tab can reach inside a dialog, in document order.
const FOCUSABLE: &str = "input:not([type=hidden]):not([disabled]), select:not([disabled]), textarea:not([disabled]), \
                         button:not([disabled]), a[href], [tabindex]:not([tabindex=\"-1\"])";

thread_local! {
    /// The open dialogs, oldest first: only the last answers Escape and Tab.
    static OPEN: RefCell<Vec<u32>> = const { RefCell::new(Vec::new()) };
    static NEXT_ID: Cell<u32> = const { Cell::new(0) };
}

fn is_top(id: u32) -> bool {
    OPEN.with(|o| o.borrow().last() == Some(&id))
}

/// The elements Tab can reach inside `dialog` (rendered ones only: `hidden` or `display: none` parts
/// have no offset parent).
fn focusables(dialog: &Element) -> Vec<HtmlElement> {
    let Ok(list) = dialog.query_selector_all(FOCUSABLE) else { return Vec::new() };
    (0..list.length())
        .filter_map(|i| list.item(i))
        .filter_map(|n| n.dyn_into::<HtmlElement>().ok())
        .filter(|e| e.offset_parent().is_some())
        .collect()
}

/// Focus the field marked `autofocus`, else the first thing Tab reaches, else the dialog itself.
fn focus_first(dialog: &HtmlElement) {
    let marked = dialog.query_selector("[autofocus]").ok().flatten().and_then(|e| e.dyn_into::<HtmlElement>().ok());
    let target = marked.or_else(|| focusables(dialog).into_iter().next());
    let _ = target.as_ref().unwrap_or(dialog).focus();
}

/// Keep Tab inside `dialog`: from the last element (or from outside) Tab goes to the first, and
/// Shift+Tab from the first (or from outside) to the last. Within, the browser moves focus itself.
fn trap_tab(dialog: &HtmlElement, ev: &KeyboardEvent) {
    let items = focusables(dialog);
    let active = gloo_utils::document().active_element();
    let at = active.as_ref().and_then(|a| items.iter().position(|e| AsRef::<Element>::as_ref(e) == a));
    let target = match (items.first(), items.last()) {
        (None, _) | (_, None) => Some(dialog),
        (Some(first), Some(last)) => match (ev.shift_key(), at) {
            (true, Some(0) | None) => Some(last),
            (false, None) => Some(first),
            (false, Some(i)) if i + 1 == items.len() => Some(first),
            _ => None,
        },
    };
    if let Some(t) = target {
        ev.prevent_default();
        let _ = t.focus();
    }
}

/// After the dialog is gone, give focus back to `opener` (or, if the page redrew it, to the element
/// with its `data-testid`), unless something else has taken focus meanwhile.
fn return_focus(opener: Option<HtmlElement>) {
    let Some(opener) = opener else { return };
    let testid = opener.get_attribute("data-testid");
    // After the close's own redraw (which may replace the opener with a new element).
    gloo_timers::callback::Timeout::new(0, move || {
        let doc = gloo_utils::document();
        let idle = doc.active_element().is_none_or(|a| doc.body().is_some_and(|b| AsRef::<Element>::as_ref(&b) == &a));
        if !idle {
            return;
        }
        let target = if opener.is_connected() {
            Some(opener)
        } else {
            testid
                .and_then(|id| doc.query_selector(&format!("[data-testid=\"{id}\"]")).ok().flatten())
                .and_then(|e| e.dyn_into::<HtmlElement>().ok())
        };
        if let Some(t) = target {
            let _ = t.focus();
        }
    })
    .forget();
}

/// A modal dialog (`class` beside `mdl-dialog`) over a backdrop, labelled by the element with id
/// `labelled_by`. Escape calls `on_close`, and so does a click on the backdrop unless `backdrop_stays`
/// (a question that must be answered). Focus goes to the child marked `autofocus`, else to the first
/// field or button.
#[component]
pub fn Dialog(
    #[prop(optional)] class: &'static str,
    #[prop(optional)] testid: Option<&'static str>,
    labelled_by: &'static str,
    on_close: Callback<()>,
    #[prop(optional)] backdrop_stays: bool,
    children: Children,
) -> impl IntoView {
    let node = NodeRef::<html::Div>::new();
    let id = NEXT_ID.with(|n| {
        let id = n.get();
        n.set(id.wrapping_add(1));
        id
    });
    OPEN.with(|o| o.borrow_mut().push(id));
    let opener = gloo_utils::document().active_element().and_then(|e| e.dyn_into::<HtmlElement>().ok());
    let opener = SendWrapper::new(opener);

    // Focus moves in once the dialog is in the page.
    Effect::new(move |_| {
        if let Some(d) = node.get() {
            focus_first(&d);
        }
    });
    // Not passive: Tab's default move is replaced at the dialog's ends.
    let options = EventListenerOptions::enable_prevent_default();
    let keys = EventListener::new_with_options(&gloo_utils::document(), "keydown", options, move |ev| {
        let Some(ev) = ev.dyn_ref::<KeyboardEvent>() else { return };
        if !is_top(id) || ev.default_prevented() {
            return;
        }
        match ev.key().as_str() {
            "Escape" => {
                ev.prevent_default();
                on_close.run(());
            }
            "Tab" => {
                if let Some(d) = node.get_untracked() {
                    trap_tab(&d, ev);
                }
            }
            _ => {}
        }
    });
    let keys = SendWrapper::new(keys);
    on_cleanup(move || {
        drop(keys);
        OPEN.with(|o| o.borrow_mut().retain(|&x| x != id));
        return_focus(opener.take());
    });

    view! {
        <div
            class="mdl-backdrop"
            on:click=move |_| {
                if !backdrop_stays {
                    on_close.run(())
                }
            }
        ></div>
        <div
            class=format!("mdl-dialog {class}")
            role="dialog"
            aria-modal="true"
            aria-labelledby=labelled_by
            tabindex="-1"
            data-testid=testid
            node_ref=node
        >
            {children()}
        </div>
    }
}
