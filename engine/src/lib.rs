//! Dynamodel's engine: DynamoDB's data model and semantics, with no I/O and no clock.
//!
//! Everything observable — values, expressions, tables, indexes, consumed capacity — is decided here,
//! deterministically, so the browser playground (via wasm) and the native server give identical answers.
#![no_std]
#![forbid(unsafe_code)]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

pub mod api;
pub mod calendar;
pub mod changes;
pub mod capacity;
pub mod config;
pub mod db;
pub mod error;
pub mod execute;
pub mod explain;
pub mod expr;
pub mod extras;
pub mod index;
pub mod model;
pub mod number;
pub mod ops;
pub mod partiql;
pub mod reload;
pub mod snapshot;
pub mod stream;
pub mod table;
pub mod throttle;
pub mod tokens;
pub mod value;
pub mod vector;
pub mod wire;

/// The engine's version, shown by the playground and the server so users can match behaviour to a build.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
