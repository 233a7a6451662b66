//! Page-wide browser helpers for state that outlives any region (the modeler's store, autosave, the
//! share state): a plain timer and frame callbacks that no owner cancels. What a region starts goes
//! through [`super::browser`] instead, which ends it with the region.

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

/// The page's window (the playground runs only in a browser).
pub fn window() -> web_sys::Window {
    web_sys::window().expect("the playground runs in a browser window")
}

/// Runs `f` once after `ms` milliseconds; the closure frees itself once called.
pub fn set_timeout(f: impl FnOnce() + 'static, ms: i32) {
    let _ = window().set_timeout_with_callback_and_timeout_and_arguments_0(Closure::once_into_js(f).unchecked_ref(), ms);
}

/// Runs `f` once before the next repaint.
pub fn request_animation_frame(f: impl FnOnce() + 'static) {
    let _ = window().request_animation_frame(Closure::once_into_js(f).unchecked_ref());
}
