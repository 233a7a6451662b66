//! Derived values and side effects: memos (cached, recomputed when a source changed and the result is
//! read) and effects (re-run after their sources change).

use std::marker::PhantomData;

use super::graph::{self, create, enqueue, node, Id, Kind, Node, Run};
use super::traits::Source;

copy_handle!(
    /// A cached value computed from signals; read like a signal.
    Memo
);

impl<T: 'static> Source for Memo<T> {
    type Value = T;
    fn id(&self) -> Id {
        self.id
    }
}

fn take_value<T: 'static>(n: &Node) -> Option<T> {
    n.value.borrow_mut().take().and_then(|b| b.downcast::<T>().ok()).map(|b| *b)
}

impl<T: PartialEq + 'static> Memo<T> {
    /// `f` gets the previous value; readers are told only when the new one differs.
    pub fn new(f: impl Fn(Option<&T>) -> T + 'static) -> Memo<T> {
        let run: Run = Box::new(move |n: &Node| {
            let old = take_value::<T>(n);
            let new = f(old.as_ref());
            let changed = old.as_ref() != Some(&new);
            *n.value.borrow_mut() = Some(Box::new(new));
            changed
        });
        Memo { id: create(Kind::Memo, None, Some(run), true), ty: PhantomData }
    }
}

impl<T: 'static> Memo<T> {
    /// `f` takes the previous value (to update it in place) and says whether it changed.
    pub fn new_owning(mut f: impl FnMut(Option<T>) -> (T, bool) + 'static) -> Memo<T> {
        let run: Run = Box::new(move |n: &Node| {
            let (new, changed) = f(take_value::<T>(n));
            *n.value.borrow_mut() = Some(Box::new(new));
            changed
        });
        Memo { id: create(Kind::Memo, None, Some(run), true), ty: PhantomData }
    }
}

/// An effect of the current owner: runs once in a microtask after it is made (when the view that made
/// it is on the page), then after any change of what it read.
pub struct Effect {
    _id: Id,
}

impl Effect {
    /// `f` gets what its previous run returned.
    pub fn new<T: 'static>(mut f: impl FnMut(Option<T>) -> T + 'static) -> Effect {
        let mut prev: Option<T> = None;
        let run: Run = Box::new(move |_: &Node| {
            prev = Some(f(prev.take()));
            false
        });
        let id = create(Kind::Effect, None, Some(run), true);
        enqueue(id);
        Effect { _id: id }
    }
}

/// An effect that runs now, then after any change of what it read; gone with the current owner.
pub fn render_effect(mut f: Box<dyn FnMut()>) {
    let run: Run = Box::new(move |_: &Node| {
        f();
        false
    });
    let id = create(Kind::Effect, None, Some(run), true);
    if let Some(n) = node(id) {
        graph::update(&n);
    }
}
