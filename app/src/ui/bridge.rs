//! While panels move from `view!` to [`super::dom`]: a Leptos view inside a built view ([`island`]) and
//! a built view inside a Leptos view ([`to_leptos`]). Both go once the last `view!` does.

use leptos::prelude::*;
use send_wrapper::SendWrapper;
use wasm_bindgen::JsCast;

use super::dom::{el, View};
use super::owner::keep;

/// A Leptos view mounted inside a `display: contents` wrapper, unmounted when the current region goes.
pub fn island<N: IntoView + 'static>(f: impl FnOnce() -> N + 'static) -> View {
    let host = el("div").attr("style", "display:contents");
    let handle = leptos::mount::mount_to(host.elem().clone().unchecked_into(), f);
    let handle = SendWrapper::new(handle);
    keep(Box::new(move || drop(handle)));
    host.into()
}

/// A built view inside a Leptos view: a `display: contents` wrapper that receives it once mounted.
pub fn to_leptos(v: View) -> impl IntoView {
    let host = NodeRef::<leptos::html::Div>::new();
    let v = SendWrapper::new(v);
    host.on_load(move |d| {
        if let Some(n) = v.take().into_node() {
            let _ = d.append_child(&n);
        }
    });
    view! { <div style="display:contents" node_ref=host></div> }
}
