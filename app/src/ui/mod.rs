//! The playground's view layer: DOM elements built by plain calls, kept in step with Leptos signals by
//! render effects.
//!
//! Why not `view!`: every `view!` tree is a type of its own, and each type brings its own copy of the
//! build, rebuild, mount and unmount code. Across forty panels that came to about 1 MB of wasm, more than
//! the whole 600 KB (gzipped) budget left after the engine. Here an element is a `web_sys::Element` made
//! by calls compiled once ([`dom::El`]); what a call site adds is its own closures, boxed and handed to
//! code that is not generic. The signals, memos and effects are [`crate::reactive`]'s, which keeps
//! Leptos's names for them.
//!
//! The pieces:
//! - [`dom`]: [`El`] (an element under construction: attributes, children, listeners, reactive
//!   bindings) and [`View`] (a node ready to insert: an element, a text, a fragment, or nothing);
//! - [`region`]: a part of the page that is rebuilt when the signals it reads change ([`dynamic`],
//!   [`show`]), and keyed lists that keep each row's nodes while rows come, go and move ([`each`]);
//! - [`owner`]: what ties a listener or binding to the region that made it, so rebuilding a region frees
//!   what the old content held;
//! - [`mount`]: mounting a view into the page (and into a test's container);
//! - [`browser`]: timers, window listeners and focus, freed with their region like the rest.
//!
//! **Invariant:** every listener and binding made while a region builds is dropped when the region
//! rebuilds or goes away: nothing keeps updating nodes that are no longer shown.

pub mod bridge;
pub mod browser;
pub mod dom;
pub mod mount;
pub mod owner;
pub mod page;
pub mod region;

pub use dom::{el, text, El, View};
pub use region::{dynamic, each, show, show_else};

/// What a view module imports: the builder, the regions, and the signals.
pub mod prelude {
    pub use super::browser::{event_target_checked, event_target_value, focus_by_id, set_timeout, watch_size, watch_visibility, window_on};
    pub use super::dom::{el, fragment, svg, text, El, View};
    pub use super::owner::watch;
    pub use super::region::{dynamic, each, show, show_else};
    pub use leptos::prelude::{
        untrack, ArcRwSignal, Callable, Callback, Effect, Get, GetUntracked, GetValue, Memo, Owner, Read, RwSignal,
        Set, SetValue, Signal, StoredValue, Track, Update, UpdateValue, With, WithUntracked, WithValue,
    };
}
