//! Values that are written from outside: signals (tracked) and stored values (not tracked).

use std::marker::PhantomData;
use std::rc::Rc;

use super::graph::{create, dispose, Id, Kind};
use super::owner::Owner;
use super::traits::{read, write, Sink, Source, DISPOSED};

copy_handle!(
    /// A signal owned by the current owner: a copyable handle, gone when the owner is cleaned.
    RwSignal
);

impl<T: 'static> RwSignal<T> {
    pub fn new(value: T) -> RwSignal<T> {
        RwSignal { id: create(Kind::Source, Some(Box::new(value)), None, true), ty: PhantomData }
    }
}

impl<T: 'static> Source for RwSignal<T> {
    type Value = T;
    fn id(&self) -> Id {
        self.id
    }
}
impl<T: 'static> Sink for RwSignal<T> {}

/// A signal that lives as long as a handle to it (shared state outside any view).
pub struct ArcRwSignal<T> {
    inner: Rc<Disposer>,
    ty: PhantomData<fn() -> T>,
}

struct Disposer(Id);

impl Drop for Disposer {
    fn drop(&mut self) {
        dispose(self.0);
    }
}

impl<T> Clone for ArcRwSignal<T> {
    fn clone(&self) -> Self {
        ArcRwSignal { inner: self.inner.clone(), ty: PhantomData }
    }
}

impl<T: 'static> ArcRwSignal<T> {
    pub fn new(value: T) -> ArcRwSignal<T> {
        ArcRwSignal { inner: Rc::new(Disposer(create(Kind::Source, Some(Box::new(value)), None, false))), ty: PhantomData }
    }
}

impl<T: 'static> Source for ArcRwSignal<T> {
    type Value = T;
    fn id(&self) -> Id {
        self.inner.0
    }
}
impl<T: 'static> Sink for ArcRwSignal<T> {}

/// A copyable handle to a shared signal, for the current owner's views: the signal lives at least as
/// long as the owner (which holds a handle of its own until it is cleaned).
impl<T: 'static> From<ArcRwSignal<T>> for RwSignal<T> {
    fn from(s: ArcRwSignal<T>) -> Self {
        let id = s.inner.0;
        if Owner::current().is_some() {
            Owner::on_cleanup(move || drop(s));
        } else {
            core::mem::forget(s);
        }
        RwSignal { id, ty: PhantomData }
    }
}

copy_handle!(
    /// A value kept with the current owner, read and written without tracking: for what closures share
    /// that no view shows.
    StoredValue
);

impl<T: 'static> StoredValue<T> {
    pub fn new(value: T) -> StoredValue<T> {
        StoredValue { id: create(Kind::Source, Some(Box::new(value)), None, true), ty: PhantomData }
    }
}

pub trait WithValue {
    type Value;
    fn try_with_value<R>(&self, f: impl FnOnce(&Self::Value) -> R) -> Option<R>;
    fn with_value<R>(&self, f: impl FnOnce(&Self::Value) -> R) -> R {
        self.try_with_value(f).expect(DISPOSED)
    }
}

pub trait GetValue {
    type Value;
    fn try_get_value(&self) -> Option<Self::Value>;
    fn get_value(&self) -> Self::Value {
        self.try_get_value().expect(DISPOSED)
    }
}

pub trait UpdateValue {
    type Value;
    fn try_update_value<R>(&self, f: impl FnOnce(&mut Self::Value) -> R) -> Option<R>;
    fn update_value(&self, f: impl FnOnce(&mut Self::Value)) {
        self.try_update_value(f);
    }
}

pub trait SetValue {
    type Value;
    fn set_value(&self, value: Self::Value);
}

impl<T: 'static> WithValue for StoredValue<T> {
    type Value = T;
    fn try_with_value<R>(&self, f: impl FnOnce(&T) -> R) -> Option<R> {
        read(self.id, f)
    }
}

impl<T: Clone + 'static> GetValue for StoredValue<T> {
    type Value = T;
    fn try_get_value(&self) -> Option<T> {
        read(self.id, T::clone)
    }
}

impl<T: 'static> UpdateValue for StoredValue<T> {
    type Value = T;
    fn try_update_value<R>(&self, f: impl FnOnce(&mut T) -> R) -> Option<R> {
        write(self.id, f, false)
    }
}

impl<T: 'static> SetValue for StoredValue<T> {
    type Value = T;
    fn set_value(&self, value: T) {
        write(self.id, |v: &mut T| *v = value, false);
    }
}
