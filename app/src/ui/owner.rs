//! Lifetimes: what a region's content holds (render effects, listeners, timers) is registered with the
//! reactive owner current while the content builds, and freed when that owner is cleaned up — when the
//! region rebuilds, a list row goes, or a test unmounts its view.

use leptos::prelude::Owner;
use leptos::reactive::effect::RenderEffect;
use send_wrapper::SendWrapper;

/// Runs `release` when the current owner is cleaned up. With no owner (the page's root, mounted once and
/// never unmounted), what `release` would free lives as long as the page.
#[inline(never)]
pub fn keep(release: Box<dyn FnOnce()>) {
    if Owner::current().is_some() {
        let release = SendWrapper::new(release);
        Owner::on_cleanup(move || (release.take())());
    } else {
        core::mem::forget(release);
    }
}

/// Runs `f` now, and again whenever a signal it read changes (after the change, in a microtask), until
/// the current owner is cleaned up. Each run first cleans up what the previous run created.
#[inline(never)]
pub fn effect(mut f: Box<dyn FnMut()>) {
    let e = RenderEffect::new(move |_: Option<()>| f());
    keep(Box::new(move || drop(e)));
}

/// Runs `f` now, and again whenever a signal it read changes, until the current region goes: for work
/// that follows signals but is not a binding of the builder (painting a canvas, syncing a scroll).
pub fn watch(f: impl FnMut() + 'static) {
    effect(Box::new(f))
}
