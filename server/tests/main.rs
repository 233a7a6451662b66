//! The server's integration tests, one module per file of this folder, built as one test binary so it
//! links once.

mod common;

mod crash;
mod decoder_props;
mod protocol;
mod reopen_props;
mod state;
