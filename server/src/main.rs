//! Flags in, exit code out; everything else lives in the library so tests can reach it.

use std::process::ExitCode;

use dynamodel_server::config::{self, Command, USAGE};

fn main() -> ExitCode {
    match config::parse(std::env::args().skip(1)) {
        Ok(Command::Help) => {
            print!("{USAGE}");
            ExitCode::SUCCESS
        }
        Ok(Command::Version) => {
            println!("dynamodel-server {} (engine {})", env!("CARGO_PKG_VERSION"), engine::VERSION);
            ExitCode::SUCCESS
        }
        Ok(Command::Run(cfg)) => match dynamodel_server::run(cfg) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("dynamodel-server: {e}");
                ExitCode::from(1)
            }
        },
        Err(e) => {
            eprintln!("dynamodel-server: {e}");
            ExitCode::from(2)
        }
    }
}
