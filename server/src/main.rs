//! Flags in, exit code out; everything else lives in the library so tests can reach it.

use std::process::ExitCode;

use clap::Parser;
use dynamodel_server::config::Config;

/// Requests allocate many small, short-lived values (JSON trees, items); mimalloc serves them with
/// far less locking and bookkeeping than the system allocator.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    match dynamodel_server::run(Config::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("dynamodel-server: {e}");
            ExitCode::from(1)
        }
    }
}
