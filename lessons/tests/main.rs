//! The lessons crate's integration tests, one module per file of this folder, built as one test binary so
//! it links once. A new test file is added here.

mod checks;
mod course;
mod format;
