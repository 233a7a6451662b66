//! Reading and writing signals: the method names of Leptos's traits (`get`, `with`, `update`, `set`, …),
//! so views read the same as with Leptos. Reading a disposed value panics, as Leptos's does (a bug: a
//! view kept a handle past its region); writing one does nothing, as in Leptos.

use super::graph::{self, node, track, Id, Kind};

pub(super) const DISPOSED: &str = "a signal was read after its owner was cleaned";

/// A value in the graph that memos and effects can depend on.
pub trait Source {
    type Value: 'static;
    fn id(&self) -> Id;
}

/// A value that can be written from outside.
pub trait Sink: Source {}

/// Reads the value of a live node, bringing a memo up to date first.
pub(super) fn read<T: 'static, R>(id: Id, f: impl FnOnce(&T) -> R) -> Option<R> {
    let n = node(id)?;
    if n.kind() == Kind::Memo {
        graph::update(&n);
    }
    let v = n.value.borrow();
    v.as_ref()?.downcast_ref::<T>().map(f)
}

/// Changes the value of a live node, then (if `notify`) what depends on it.
pub(super) fn write<T: 'static, R>(id: Id, f: impl FnOnce(&mut T) -> R, notify: bool) -> Option<R> {
    let n = node(id)?;
    let r = {
        let mut v = n.value.borrow_mut();
        f(v.as_mut()?.downcast_mut::<T>()?)
    };
    if notify {
        graph::notify(&n);
    }
    Some(r)
}

pub trait Track {
    fn track(&self);
}

pub trait With {
    type Value;
    fn try_with<R>(&self, f: impl FnOnce(&Self::Value) -> R) -> Option<R>;
    fn with<R>(&self, f: impl FnOnce(&Self::Value) -> R) -> R {
        self.try_with(f).expect(DISPOSED)
    }
}

pub trait WithUntracked {
    type Value;
    fn try_with_untracked<R>(&self, f: impl FnOnce(&Self::Value) -> R) -> Option<R>;
    fn with_untracked<R>(&self, f: impl FnOnce(&Self::Value) -> R) -> R {
        self.try_with_untracked(f).expect(DISPOSED)
    }
}

pub trait Get {
    type Value;
    fn try_get(&self) -> Option<Self::Value>;
    fn get(&self) -> Self::Value {
        self.try_get().expect(DISPOSED)
    }
}

pub trait GetUntracked {
    type Value;
    fn try_get_untracked(&self) -> Option<Self::Value>;
    fn get_untracked(&self) -> Self::Value {
        self.try_get_untracked().expect(DISPOSED)
    }
}

pub trait Update {
    type Value;
    fn try_update<R>(&self, f: impl FnOnce(&mut Self::Value) -> R) -> Option<R>;
    fn update(&self, f: impl FnOnce(&mut Self::Value)) {
        self.try_update(f);
    }
}

pub trait UpdateUntracked {
    type Value;
    fn try_update_untracked<R>(&self, f: impl FnOnce(&mut Self::Value) -> R) -> Option<R>;
    fn update_untracked(&self, f: impl FnOnce(&mut Self::Value)) {
        self.try_update_untracked(f);
    }
}

pub trait Set {
    type Value;
    /// Gives the value back when the signal is gone.
    fn try_set(&self, value: Self::Value) -> Option<Self::Value>;
    fn set(&self, value: Self::Value) {
        self.try_set(value);
    }
}

impl<S: Source> Track for S {
    fn track(&self) {
        // A memo is brought up to date first: one never computed has no sources to hear changes from.
        if let Some(n) = node(self.id()).filter(|n| n.kind() == Kind::Memo) {
            graph::update(&n);
        }
        track(self.id());
    }
}

impl<S: Source> WithUntracked for S {
    type Value = S::Value;
    fn try_with_untracked<R>(&self, f: impl FnOnce(&S::Value) -> R) -> Option<R> {
        read(self.id(), f)
    }
}

impl<S: Source> With for S {
    type Value = S::Value;
    fn try_with<R>(&self, f: impl FnOnce(&S::Value) -> R) -> Option<R> {
        let out = read(self.id(), f);
        track(self.id());
        out
    }
}

impl<S: Source> Get for S
where
    S::Value: Clone,
{
    type Value = S::Value;
    fn try_get(&self) -> Option<S::Value> {
        self.try_with(S::Value::clone)
    }
}

impl<S: Source> GetUntracked for S
where
    S::Value: Clone,
{
    type Value = S::Value;
    fn try_get_untracked(&self) -> Option<S::Value> {
        self.try_with_untracked(S::Value::clone)
    }
}

impl<S: Sink> Update for S {
    type Value = S::Value;
    fn try_update<R>(&self, f: impl FnOnce(&mut S::Value) -> R) -> Option<R> {
        write(self.id(), f, true)
    }
}

impl<S: Sink> UpdateUntracked for S {
    type Value = S::Value;
    fn try_update_untracked<R>(&self, f: impl FnOnce(&mut S::Value) -> R) -> Option<R> {
        write(self.id(), f, false)
    }
}

impl<S: Sink> Set for S {
    type Value = S::Value;
    fn try_set(&self, value: S::Value) -> Option<S::Value> {
        let mut value = Some(value);
        write(
            self.id(),
            |v: &mut S::Value| {
                if let Some(x) = value.take() {
                    *v = x;
                }
            },
            true,
        );
        value
    }
}
