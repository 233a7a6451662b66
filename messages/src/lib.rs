//! What the crates say, as message keys with typed arguments; the UI picks the language.
//!
//! A crate that explains something to the learner (the advisor's findings, the simulator's verdicts,
//! a capacity charge, a template's description) returns a [`Message`]: a key such as
//! `finding.scan_in_pattern.title` and named, typed arguments ([`Arg`]). The crate also owns a
//! [`Catalog`]: one table per [`Lang`] of whole-sentence templates with `{name}` holes. A sentence is
//! never glued from fragments, so each language orders the arguments as its grammar needs, and each
//! argument is formatted by the language that shows it (`10,000` / `10.000`, `$1,234.56` / `$1.234,56`,
//! `80 %` / `%80`, `A, B and C` / `A, B ve C`).
//!
//! DynamoDB's own error messages are never a key here: they stay in English exactly as DynamoDB writes
//! them, passed as [`Arg::Text`], so a learner can search for them.
//!
//! ```
//! use messages::{Catalog, Lang, Message};
//! const CATALOG: Catalog = Catalog {
//!     en: &[("read", "{pattern} reads {items} items.")],
//!     tr: &[("read", "{pattern} {items} öğe okur.")],
//! };
//! let m = Message::new("read").text("pattern", "Orders").count("items", 12_345);
//! assert_eq!(CATALOG.render(&m, Lang::En), "Orders reads 12,345 items.");
//! assert_eq!(CATALOG.render(&m, Lang::Tr), "Orders 12.345 öğe okur.");
//! assert!(CATALOG.problems().is_empty());
//! ```
#![no_std]
#![forbid(unsafe_code)]

extern crate alloc;

mod catalog;
mod format;
mod lang;
mod message;

pub use catalog::{holes, Catalog, Problem, Table};
pub use format::{format_arg, group};
pub use lang::Lang;
pub use message::{Arg, Message};
