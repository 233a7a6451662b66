//! The formats crate's integration tests, one module per file of this folder, built as one test binary so
//! it links once. A new test file is added here.

mod aws;
mod gallery;
mod launch;
mod share;
mod workbench;
mod workbench_types;
