//! Command-line flags, declared with clap's derive: `--help`, `--version` and bad flags behave as in
//! every Rust CLI (exit status 2 and a usage line for a bad flag).

use std::net::IpAddr;
use std::path::PathBuf;

use clap::Parser;

use crate::throttle::Throughput;

/// Where `--state` keeps the database when it is given without a path.
pub const DEFAULT_STATE: &str = "dynamodel.db";

/// A local DynamoDB (JSON 1.0 wire protocol) backed by the Dynamodel engine
#[derive(Debug, Clone, PartialEq, Parser)]
#[command(name = "dynamodel-server", version = VERSION.as_str(), long_about = None)]
#[command(after_help = "The first line on stdout is `listening on http://ADDR:PORT` once the server accepts connections.")]
pub struct Config {
    /// TCP port to listen on; 0 picks a free port
    #[arg(long, default_value_t = 8000, value_name = "PORT")]
    pub port: u16,

    /// Address to bind
    #[arg(long, default_value = "127.0.0.1", value_name = "ADDR")]
    pub host: IpAddr,

    /// Keep the database in FILE, an embedded database written durably before every write is
    /// acknowledged [default FILE: ./dynamodel.db]; without --state the database lives in memory only
    #[arg(long, value_name = "FILE", num_args = 0..=1, default_missing_value = DEFAULT_STATE)]
    pub state: Option<PathBuf>,

    /// Load a playground model export (tables and items) at start; with --state, only when the
    /// state file does not exist yet
    #[arg(long, value_name = "FILE")]
    pub model: Option<PathBuf>,

    /// Region shown in ARNs and the health answer
    #[arg(long, default_value = "us-east-1", value_name = "REGION", value_parser = parse_region)]
    pub region: String,

    /// Worker threads [default: number of CPUs]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=256))]
    pub threads: Option<u16>,

    /// Verify SigV4 signatures against this access key and secret (repeatable); without it any
    /// well-formed signature is accepted
    #[arg(long = "credentials", value_name = "KEY:SECRET", value_parser = parse_credentials)]
    pub credentials: Vec<(String, String)>,

    /// Print one line per request on stderr (method, target, status, time)
    #[arg(long)]
    pub log: bool,

    /// unlimited: nothing is ever throttled; simulated: each table's partitions are metered as
    /// DynamoDB's are (per-partition ceilings, provisioned shares with burst and adaptive capacity,
    /// on-demand warm throughput) by the wall clock, and requests past them get DynamoDB's answers
    #[arg(long, value_enum, default_value_t = Throughput::Unlimited, value_name = "MODE")]
    pub throughput: Throughput,

    /// How long a table write takes to reach the table's global secondary indexes, in milliseconds: a
    /// GSI Query or Scan in that window returns the item as it was before the write (0: at once)
    #[arg(long = "index-propagation-ms", default_value_t = 0, value_name = "N")]
    pub index_propagation_ms: u64,
}

/// `--version`: the server's and the engine's, so behaviour can be matched to a build.
static VERSION: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| format!("{} (engine {})", env!("CARGO_PKG_VERSION"), engine::VERSION));

fn parse_region(v: &str) -> Result<String, String> {
    if v.is_empty() || !v.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-') {
        return Err("expected a region name like us-east-1".to_owned());
    }
    Ok(v.to_owned())
}

fn parse_credentials(v: &str) -> Result<(String, String), String> {
    match v.split_once(':') {
        Some((key, secret)) if !key.is_empty() && !secret.is_empty() => Ok((key.to_owned(), secret.to_owned())),
        _ => Err("expected ACCESS_KEY_ID:SECRET_ACCESS_KEY".to_owned()),
    }
}

impl Default for Config {
    fn default() -> Self {
        Config::parse_from(["dynamodel-server"])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::error::ErrorKind;

    fn p(args: &[&str]) -> Result<Config, ErrorKind> {
        Config::try_parse_from(std::iter::once("dynamodel-server").chain(args.iter().copied())).map_err(|e| e.kind())
    }

    #[test]
    fn flags() {
        let d = Config::default();
        assert_eq!((d.port, d.host.to_string(), d.state, d.region.as_str(), d.threads), (8000, "127.0.0.1".to_owned(), None, "us-east-1", None));
        let Ok(c) = p(&["--port", "0", "--state=db.state", "--host", "0.0.0.0", "--threads", "1"]) else { panic!("parse failed") };
        assert_eq!((c.port, c.state, c.host.to_string(), c.threads), (0, Some(PathBuf::from("db.state")), "0.0.0.0".into(), Some(1)));
        assert_eq!(p(&["--state"]).map(|c| c.state), Ok(Some(PathBuf::from(DEFAULT_STATE))));
        assert_eq!(p(&["--state", "--log"]).map(|c| (c.state, c.log)), Ok((Some(PathBuf::from(DEFAULT_STATE)), true)));
        assert_eq!(p(&["--help"]).err(), Some(ErrorKind::DisplayHelp));
        assert_eq!(p(&["--version"]).err(), Some(ErrorKind::DisplayVersion));
        assert_eq!(p(&["--port"]).err(), Some(ErrorKind::InvalidValue));
        assert_eq!(p(&["--port", "70000"]).err(), Some(ErrorKind::ValueValidation));
        assert_eq!(p(&["--threads", "0"]).err(), Some(ErrorKind::ValueValidation));
        assert_eq!(p(&["--bogus"]).err(), Some(ErrorKind::UnknownArgument));
        assert_eq!(p(&["--region", "us east"]).err(), Some(ErrorKind::ValueValidation));
        let Ok(c) = p(&["--credentials", "AKID:se:cret", "--credentials=K2:S2"]) else { panic!("parse failed") };
        assert_eq!(c.credentials, vec![("AKID".to_owned(), "se:cret".to_owned()), ("K2".to_owned(), "S2".to_owned())]);
        assert_eq!(p(&["--credentials", "nocolon"]).err(), Some(ErrorKind::ValueValidation));
        assert!(matches!(p(&["--log"]), Ok(Config { log: true, .. })));
        assert!(matches!(p(&["--throughput", "simulated"]), Ok(Config { throughput: Throughput::Simulated, .. })));
        assert_eq!(p(&["--throughput=fast"]).err(), Some(ErrorKind::InvalidValue));
        assert_eq!(d.index_propagation_ms, 0);
        assert_eq!(p(&["--index-propagation-ms", "1500"]).map(|c| c.index_propagation_ms), Ok(1500));
        assert_eq!(p(&["--index-propagation-ms", "-1"]).err(), Some(ErrorKind::UnknownArgument));
        assert_eq!(p(&["--index-propagation-ms", "soon"]).err(), Some(ErrorKind::ValueValidation));
    }
}
