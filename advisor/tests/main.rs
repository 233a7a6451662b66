//! The advisor's integration tests, one module per file of this folder, built as one test binary so it
//! links once.

mod common;

mod builder_form;
mod draft;
mod heat;
mod no_panic;
mod patterns;
mod rules;
mod summary;
mod templates;
mod words;
