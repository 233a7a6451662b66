//! Page-wide browser helpers for state that outlives any region (the modeler's store, autosave, the
//! share state): plain timers, frames and window listeners that no owner cancels. What a region starts
//! goes through [`super::browser`] instead, which ends it with the region.

use std::time::Duration;

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

/// The page's window (the playground runs only in a browser).
pub fn window() -> web_sys::Window {
    web_sys::window().expect("the playground runs in a browser window")
}

pub fn document() -> web_sys::Document {
    window().document().expect("a window has a document")
}

/// Runs `f` once after `delay`.
pub fn set_timeout(f: impl FnOnce() + 'static, delay: Duration) {
    let ms = i32::try_from(delay.as_millis()).unwrap_or(i32::MAX);
    let _ = window().set_timeout_with_callback_and_timeout_and_arguments_0(Closure::once_into_js(f).unchecked_ref(), ms);
}

/// Runs `f` once before the next repaint.
pub fn request_animation_frame(f: impl FnOnce() + 'static) {
    let _ = window().request_animation_frame(Closure::once_into_js(f).unchecked_ref());
}

/// Calls `f` on every `event` at the window, for the life of the page.
pub fn window_event_listener_untyped(event: &str, f: impl FnMut(web_sys::Event) + 'static) {
    let f = Closure::<dyn FnMut(web_sys::Event)>::new(f);
    let _ = window().add_event_listener_with_callback(event, f.as_ref().unchecked_ref());
    f.forget();
}
