//! An element's size and whether it is on screen, as signals: the browser's ResizeObserver and
//! IntersectionObserver behind two Leptos-style helpers. Hand-written because no crate of the stack wraps
//! these observers (gloo has none).
//!
//! Each helper takes a [`NodeRef`] and starts observing once its element is mounted (an effect runs
//! after the view is on the page); the observer is disconnected when the calling component's owner is
//! cleaned up.

use std::cell::RefCell;
use std::rc::Rc;

use leptos::html::ElementType;
use leptos::prelude::*;
use send_wrapper::SendWrapper;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

/// An element's inner size: `clientWidth` × `clientHeight` (padding included; borders and scrollbars
/// not), in CSS pixels. 0 × 0 while the element is not laid out (`display: none`, a hidden tab panel).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ClientSize {
    pub width: i32,
    pub height: i32,
}

/// `target`'s [`ClientSize`], updated whenever it changes: a window resize, or a hidden tab panel holding
/// it being shown (its size goes from nothing to something). A ResizeObserver reports after layout and
/// before paint, so what an effect on the signal changes is in the same frame. Until the first report
/// the size is 0 × 0.
pub fn use_client_size<E>(target: NodeRef<E>) -> ReadSignal<ClientSize>
where
    E: ElementType + 'static,
    E::Output: JsCast + Clone + 'static,
{
    let size = RwSignal::new(ClientSize::default());
    observe(target, move |el: web_sys::Element, _entries: js_sys::Array| {
        let now = ClientSize { width: el.client_width(), height: el.client_height() };
        if size.try_get_untracked().is_some_and(|s| s != now) {
            size.try_set(now);
        }
    }, Observer::Resize);
    size.read_only()
}

/// Whether `target` is on screen (intersects the viewport). An IntersectionObserver reports a
/// `display: none` element as not intersecting, which is what a hidden tab panel is: a tab that stays
/// mounted while hidden can skip work nobody sees. `false` until the first report, a frame after the
/// element is mounted.
pub fn use_visible<E>(target: NodeRef<E>) -> ReadSignal<bool>
where
    E: ElementType + 'static,
    E::Output: JsCast + Clone + 'static,
{
    let shown = RwSignal::new(false);
    observe(target, move |_el: web_sys::Element, entries: js_sys::Array| {
        if let Some(e) = entries.iter().last().and_then(|e| e.dyn_into::<web_sys::IntersectionObserverEntry>().ok()) {
            let now = e.is_intersecting();
            if shown.try_get_untracked().is_some_and(|s| s != now) {
                shown.try_set(now);
            }
        }
    }, Observer::Intersection);
    shown.read_only()
}

#[derive(Clone, Copy)]
enum Observer {
    Resize,
    Intersection,
}

/// Observes `target` once it is mounted, calling `report` with the element and each batch of entries,
/// until the current owner is cleaned up.
fn observe<E>(target: NodeRef<E>, report: impl Fn(web_sys::Element, js_sys::Array) + 'static, kind: Observer)
where
    E: ElementType + 'static,
    E::Output: JsCast + Clone + 'static,
{
    type Disconnect = Rc<RefCell<Option<Box<dyn FnOnce()>>>>;
    let disconnect: Disconnect = Rc::default();
    // Registered with the caller's owner, not the effect's (which is cleaned up each time it runs).
    let on_exit = SendWrapper::new(disconnect.clone());
    on_cleanup(move || {
        if let Some(d) = on_exit.borrow_mut().take() {
            d()
        }
    });
    let report = Rc::new(report);
    Effect::new(move |_| {
        let Some(el) = target.get() else { return };
        if disconnect.borrow().is_some() {
            return;
        }
        let el: web_sys::Element = el.unchecked_into();
        let observed = el.clone();
        let report = report.clone();
        let callback = Closure::<dyn Fn(js_sys::Array)>::new(move |entries: js_sys::Array| report(observed.clone(), entries));
        let stop: Option<Box<dyn FnOnce()>> = match kind {
            Observer::Resize => web_sys::ResizeObserver::new(callback.as_ref().unchecked_ref()).ok().map(|o| {
                o.observe(&el);
                Box::new(move || o.disconnect()) as Box<dyn FnOnce()>
            }),
            Observer::Intersection => web_sys::IntersectionObserver::new(callback.as_ref().unchecked_ref()).ok().map(|o| {
                o.observe(&el);
                Box::new(move || o.disconnect()) as Box<dyn FnOnce()>
            }),
        };
        *disconnect.borrow_mut() = stop;
        // A report may still be on its way after the observer disconnects: the callback stays.
        callback.forget();
    });
}
