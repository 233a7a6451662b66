//! Handles that views pass around: a read-only [`Signal`] (from a signal, a memo or a closure) and a
//! copyable [`Callback`].

use std::rc::Rc;

use super::graph::untrack;
use super::memo::Memo;
use super::signal::{GetValue, RwSignal, StoredValue};
use super::traits::{Get, GetUntracked, With, WithUntracked};

/// Something to read a `T` from, whatever keeps it.
pub enum Signal<T: 'static> {
    Derived(StoredValue<Rc<dyn Fn() -> T>>),
    Memo(Memo<T>),
    Rw(RwSignal<T>),
}

impl<T> Clone for Signal<T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for Signal<T> {}

impl<T: 'static> Signal<T> {
    /// A signal computed by `f` on every read (what `f` reads is tracked by the reader).
    pub fn derive(f: impl Fn() -> T + 'static) -> Signal<T> {
        Signal::Derived(StoredValue::new(Rc::new(f)))
    }
}

impl<T: 'static> From<RwSignal<T>> for Signal<T> {
    fn from(s: RwSignal<T>) -> Self {
        Signal::Rw(s)
    }
}

impl<T: 'static> From<Memo<T>> for Signal<T> {
    fn from(m: Memo<T>) -> Self {
        Signal::Memo(m)
    }
}

impl<T: 'static> With for Signal<T> {
    type Value = T;
    fn try_with<R>(&self, f: impl FnOnce(&T) -> R) -> Option<R> {
        match self {
            Signal::Derived(d) => d.try_get_value().map(|g| f(&g())),
            Signal::Memo(m) => m.try_with(f),
            Signal::Rw(s) => s.try_with(f),
        }
    }
}

impl<T: 'static> WithUntracked for Signal<T> {
    type Value = T;
    fn try_with_untracked<R>(&self, f: impl FnOnce(&T) -> R) -> Option<R> {
        untrack(|| self.try_with(f))
    }
}

impl<T: Clone + 'static> Get for Signal<T> {
    type Value = T;
    fn try_get(&self) -> Option<T> {
        self.try_with(T::clone)
    }
}

impl<T: Clone + 'static> GetUntracked for Signal<T> {
    type Value = T;
    fn try_get_untracked(&self) -> Option<T> {
        self.try_with_untracked(T::clone)
    }
}

/// A function kept with the current owner, copyable into any number of closures.
pub struct Callback<In: 'static, Out: 'static = ()> {
    f: StoredValue<Rc<dyn Fn(In) -> Out>>,
}

impl<In, Out> Clone for Callback<In, Out> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<In, Out> Copy for Callback<In, Out> {}

impl<In: 'static, Out: 'static> Callback<In, Out> {
    pub fn new(f: impl Fn(In) -> Out + 'static) -> Self {
        Callback { f: StoredValue::new(Rc::new(f)) }
    }
}

pub trait Callable<In, Out> {
    fn try_run(&self, input: In) -> Option<Out>;
    fn run(&self, input: In) -> Out;
}

impl<In: 'static, Out: 'static> Callable<In, Out> for Callback<In, Out> {
    fn try_run(&self, input: In) -> Option<Out> {
        self.f.try_get_value().map(|f| f(input))
    }
    fn run(&self, input: In) -> Out {
        (self.f.get_value())(input)
    }
}
