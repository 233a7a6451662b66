//! Owners: what a piece of the page created (signals, memos, effects, cleanup callbacks), freed together.
//!
//! An owner is made under the current one and cleaned with it; parents hold their children weakly, so
//! an owner nobody keeps is cleaned as soon as its last handle goes (a rebuilt region drops its old one).

use std::cell::RefCell;
use std::rc::{Rc, Weak};

use super::graph::{dispose, Id};

#[derive(Default)]
struct Inner {
    children: RefCell<Vec<Weak<Inner>>>,
    nodes: RefCell<Vec<Id>>,
    cleanups: RefCell<Vec<Box<dyn FnOnce()>>>,
}

impl Inner {
    fn cleanup(&self) {
        let cleanups = core::mem::take(&mut *self.cleanups.borrow_mut());
        for f in cleanups {
            f();
        }
        let children = core::mem::take(&mut *self.children.borrow_mut());
        for c in children.iter().filter_map(Weak::upgrade) {
            c.cleanup();
        }
        let nodes = core::mem::take(&mut *self.nodes.borrow_mut());
        for id in nodes {
            dispose(id);
        }
    }
}

impl Drop for Inner {
    fn drop(&mut self) {
        self.cleanup();
    }
}

/// A handle to an owner; clones share it.
#[derive(Clone)]
pub struct Owner(Rc<Inner>);

thread_local! {
    static CURRENT: RefCell<Option<Owner>> = const { RefCell::new(None) };
}

impl Owner {
    /// A new owner, cleaned with the current one (if any).
    #[allow(clippy::new_without_default)]
    pub fn new() -> Owner {
        let inner = Rc::new(Inner::default());
        CURRENT.with(|c| {
            if let Some(p) = &*c.borrow() {
                let mut kids = p.0.children.borrow_mut();
                // Forget children already gone, so a long-lived owner's list does not grow without end
                // (at each power of two, so a parent of many live children does not scan them per push).
                if kids.len() >= 32 && kids.len().is_power_of_two() {
                    kids.retain(|k| k.strong_count() > 0);
                }
                kids.push(Rc::downgrade(&inner));
            }
        });
        Owner(inner)
    }

    pub fn current() -> Option<Owner> {
        CURRENT.with(|c| c.borrow().clone())
    }

    /// Runs `f` with this owner current: what `f` creates belongs to it.
    pub fn with<T>(&self, f: impl FnOnce() -> T) -> T {
        let prev = CURRENT.with(|c| c.replace(Some(self.clone())));
        let out = f();
        // Dropped outside the borrow: a last handle's cleanup may make or clean owners itself.
        let ours = CURRENT.with(|c| c.replace(prev));
        drop(ours);
        out
    }

    /// Frees what the owner holds; it can hold new things afterwards.
    pub fn cleanup(&self) {
        self.0.cleanup();
    }

    /// Runs `f` when the current owner is cleaned (never, with no owner).
    pub fn on_cleanup(f: impl FnOnce() + 'static) {
        CURRENT.with(|c| {
            if let Some(o) = &*c.borrow() {
                o.0.cleanups.borrow_mut().push(Box::new(f));
            }
        });
    }

    /// Makes a node the current owner's: disposed when it is cleaned.
    pub(super) fn adopt(id: Id) {
        CURRENT.with(|c| {
            if let Some(o) = &*c.borrow() {
                o.0.nodes.borrow_mut().push(id);
            }
        });
    }
}
