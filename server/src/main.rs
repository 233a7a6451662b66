//! Flags in, exit code out; everything else lives in the library so tests can reach it.

use std::process::ExitCode;

use clap::Parser;
use dynamodel_server::config::Config;

fn main() -> ExitCode {
    match dynamodel_server::run(Config::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("dynamodel-server: {e}");
            ExitCode::from(1)
        }
    }
}
