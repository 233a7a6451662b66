//! The Dynamodel playground: a client-side app that runs the engine, compiled to wasm, in the page.
//!
//! `main.rs` only mounts [`App`]; everything else lives here so the component tests in `app/tests/` can
//! mount the same components in headless Chromium.

pub mod dialog;
pub mod download;
pub mod gallery;
pub mod grid;
pub mod heat;
pub mod js_text;
pub mod language;
pub mod lessons;
pub mod model;
pub mod modeler;
pub mod observe;
pub mod share;
pub mod patterns;
pub mod query;
pub mod shell;
pub mod state;

pub use shell::App;

// The `i18n` module leptos_i18n generates from app/locales/ (see build.rs): `Locale`, `t!`, `use_i18n`,
// `I18nContextProvider`.
include!(concat!(env!("OUT_DIR"), "/i18n/mod.rs"));
