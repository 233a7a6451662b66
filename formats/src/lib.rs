//! How a Dynamodel model travels: share links and embed snippets ([`share`]), the built-in templates
//! gallery ([`gallery`]), what the page was opened with ([`launch`]), NoSQL Workbench files
//! ([`workbench`]), and CloudFormation, DynamoDB JSON and batch-write files ([`aws`]).
//!
//! Everything here is pure (strings and JSON in, strings and JSON out, no I/O, no DOM), so it is tested
//! natively with `cargo test` and the app only wires it to buttons, files and the address bar.

#![no_std]
extern crate alloc;

pub mod aws;
pub mod gallery;
pub mod gallery_words;
pub mod launch;
pub mod pattern_words;
pub mod share;
pub mod workbench;
