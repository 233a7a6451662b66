//! The sim crate's integration tests, one module per file of this folder, built as one test binary so
//! it links once. A new test file is added here.

mod live;
mod live_cases;
mod props;
mod read;
mod scenarios;
