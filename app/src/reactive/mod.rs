//! The playground's signals, memos and effects: a small reactive graph of its own, with the names and
//! methods of Leptos's `reactive_graph` that the views were written against.
//!
//! Why not Leptos's: `reactive_graph` is generic over every value type and thread-safe, so each value
//! type brought its own copy of the graph code, behind locks a page with one thread never needs. It was
//! ~138 KB of the bundle's optimised code (9 %); this graph keeps its values as `dyn Any` and is
//! single-threaded, so a typed handle adds a downcast and nothing else.
//!
//! The pieces:
//! - [`graph`]: the arena of nodes, dependency tracking, the push-pull update and the effect queue;
//! - [`owner`]: [`Owner`], what frees a region's signals, effects and cleanups together;
//! - [`signal`]: [`RwSignal`] (owned, copyable), [`ArcRwSignal`] (shared, lives with its handles),
//!   [`StoredValue`] (not tracked);
//! - [`memo`]: [`Memo`], [`Effect`] and the render effect the view layer builds on;
//! - [`derived`]: [`Signal`] and [`Callback`], the read-only and callable handles views pass around;
//! - [`traits`]: `get`, `with`, `update`, `set` and their untracked and fallible forms.
//!
//! **Invariants:** an effect runs after the writes of the task that changed its sources, once however
//! many there were, and never after its owner was cleaned; a memo recomputes only when read after a
//! source changed, and its readers re-run only when its value is different (`PartialEq`).

/// A typed, copyable handle to a node of the graph: `$name<T>` is an [`graph::Id`] and nothing else.
macro_rules! copy_handle {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        pub struct $name<T> {
            id: $crate::reactive::graph::Id,
            ty: ::core::marker::PhantomData<fn() -> T>,
        }

        impl<T> Clone for $name<T> {
            fn clone(&self) -> Self {
                *self
            }
        }
        impl<T> Copy for $name<T> {}
    };
}

pub mod derived;
pub mod graph;
pub mod memo;
pub mod owner;
pub mod signal;
pub mod traits;

pub use derived::{Callable, Callback, Signal};
pub use graph::untrack;
pub use memo::{Effect, Memo};
pub use owner::Owner;
pub use signal::{ArcRwSignal, GetValue, RwSignal, SetValue, StoredValue, UpdateValue, WithValue};
pub use traits::{Get, GetUntracked, Set, Track, Update, UpdateUntracked, With, WithUntracked};

/// Waits until the effects queued so far have run (and a task more): what a test awaits after an event.
pub async fn tick() {
    let p = js_sys::Promise::new(&mut |resolve, _| {
        if let Some(w) = web_sys::window() {
            let _ = w.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, 0);
        }
    });
    let _ = wasm_bindgen_futures::JsFuture::from(p).await;
}
