//! The browser around a view: event values, window listeners, timers and focus. Listeners and timers
//! made while a region builds end with it.

use std::cell::Cell;
use std::rc::Rc;

use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Event, HtmlElement};

use super::dom::{document, listen};
use super::owner::keep;
use leptos::prelude::{Effect, Owner, RwSignal, Set};

/// The `value` of the element an event came from (an input, textarea or select), or "".
pub fn event_target_value(ev: &Event) -> String {
    ev.target()
        .and_then(|t| js_sys::Reflect::get(&t, &JsValue::from_str("value")).ok())
        .and_then(|v| v.as_string())
        .unwrap_or_default()
}

pub use crate::js_text::{js_text, storage_text};

/// Whether the checkbox an event came from is checked.
pub fn event_target_checked(ev: &Event) -> bool {
    ev.target()
        .and_then(|t| js_sys::Reflect::get(&t, &JsValue::from_str("checked")).ok())
        .and_then(|v| v.as_bool())
        .unwrap_or(false)
}

/// Listens for `event` on the window for as long as the current region lives.
pub fn window_on(event: &'static str, f: impl FnMut(Event) + 'static) {
    if let Some(w) = web_sys::window() {
        listen(w.as_ref(), event, Box::new(f));
    }
}

/// Runs `f` once after `ms` milliseconds, unless the current region goes away first.
pub fn set_timeout(f: impl FnOnce() + 'static, ms: i32) {
    set_timeout_boxed(Box::new(f), ms)
}

#[inline(never)]
fn set_timeout_boxed(f: Box<dyn FnOnce()>, ms: i32) {
    if Owner::current().is_none() {
        // From an event handler: nothing to end with.
        return super::page::set_timeout(f, ms);
    }
    let Some(w) = web_sys::window() else { return };
    let done = Rc::new(Cell::new(false));
    let fired = done.clone();
    let closure = Closure::once(move || {
        fired.set(true);
        f()
    });
    let Ok(handle) = w.set_timeout_with_callback_and_timeout_and_arguments_0(closure.as_ref().unchecked_ref(), ms) else { return };
    keep(Box::new(move || {
        if !done.get() {
            w.clear_timeout_with_handle(handle);
        }
        drop(closure);
    }));
}

/// Moves keyboard focus to the element with `id`, if there is one that can take focus.
pub fn focus_by_id(id: &str) {
    if let Some(e) = document().get_element_by_id(id).and_then(|e| e.dyn_into::<HtmlElement>().ok()) {
        let _ = e.focus();
    }
}

/// Calls `f` whenever `node`'s size changes, from the first effect run until the current region goes:
/// also when a hidden tab panel holding it is shown (its size goes from nothing to something). A
/// ResizeObserver reports after layout and before paint, so what `f` changes is in the same frame.
pub fn watch_size(node: web_sys::Element, f: impl Fn() + 'static) {
    let f = Rc::new(f);
    Effect::new(move |_| {
        let f = f.clone();
        let callback = Closure::<dyn Fn(js_sys::Array)>::new(move |_: js_sys::Array| f());
        if let Ok(observer) = web_sys::ResizeObserver::new(callback.as_ref().unchecked_ref()) {
            observer.observe(&node);
            keep(Box::new(move || observer.disconnect()));
        }
        // As for the IntersectionObserver below: a report may still be on its way after disconnecting.
        callback.forget();
    });
}

/// Sets `shown` while `node` is on screen, from the first effect run (once the view holding it is
/// mounted) until the current region goes. An IntersectionObserver reports a `display: none` element as
/// not intersecting, which is what a hidden tab panel is: a tab that stays mounted while hidden can skip
/// work nobody sees.
pub fn watch_visibility(node: web_sys::Element, shown: RwSignal<bool>) {
    Effect::new(move |_| {
        let callback = Closure::<dyn Fn(js_sys::Array)>::new(move |entries: js_sys::Array| {
            if let Some(e) = entries.iter().last().and_then(|e| e.dyn_into::<web_sys::IntersectionObserverEntry>().ok()) {
                shown.try_set(e.is_intersecting());
            }
        });
        if let Ok(observer) = web_sys::IntersectionObserver::new(callback.as_ref().unchecked_ref()) {
            observer.observe(&node);
            keep(Box::new(move || observer.disconnect()));
        }
        // A report may still be on its way after the observer disconnects: the callback stays.
        callback.forget();
    });
}
