//! Putting a view on the page: the app into `<body>` for the life of the page, or a component into a
//! test's container until the test drops it.

use leptos::prelude::Owner;
use web_sys::Element;

use super::dom::{document, View};

/// A mounted view: dropping it frees everything the view holds and removes its nodes.
pub struct Mounted {
    owner: Owner,
    nodes: Vec<web_sys::Node>,
}

impl Drop for Mounted {
    fn drop(&mut self) {
        self.owner.cleanup();
        for n in &self.nodes {
            if let Some(p) = n.parent_node() {
                let _ = p.remove_child(n);
            }
        }
    }
}

/// Builds `f()` under an owner of its own and appends it to `parent`.
pub fn mount_to(parent: &Element, f: impl FnOnce() -> View + 'static) -> Mounted {
    mount_boxed(parent, Box::new(f))
}

#[inline(never)]
fn mount_boxed(parent: &Element, f: Box<dyn FnOnce() -> View>) -> Mounted {
    // Render effects re-run from tasks: make sure the task executor is the browser's.
    let _ = any_spawner::Executor::init_wasm_bindgen();
    let owner = Owner::new();
    let view = owner.with(f);
    let mut nodes = Vec::new();
    if let Some(n) = view.into_node() {
        // A fragment empties into the parent: remember what it held.
        let kids = n.child_nodes();
        if n.node_type() == web_sys::Node::DOCUMENT_FRAGMENT_NODE {
            for i in 0..kids.length() {
                if let Some(k) = kids.item(i) {
                    nodes.push(k);
                }
            }
        } else {
            nodes.push(n.clone());
        }
        let _ = parent.append_child(&n);
    }
    Mounted { owner, nodes }
}

/// Mounts the app into `<body>` for the life of the page.
pub fn mount_to_body(f: impl FnOnce() -> View + 'static) {
    if let Some(body) = document().body() {
        core::mem::forget(mount_to(&body, f));
    }
}
