//! Command-line flags. Hand-parsed: six flags do not justify a parser dependency, and start-up time is
//! part of the server's promise.

use std::net::IpAddr;
use std::path::PathBuf;

pub const USAGE: &str = "\
dynamodel-server — a local DynamoDB (JSON 1.0 wire protocol) backed by the Dynamodel engine

USAGE:
    dynamodel-server [OPTIONS]

OPTIONS:
    --port <PORT>       TCP port to listen on [default: 8000]; 0 picks a free port
    --host <ADDR>       address to bind [default: 127.0.0.1]
    --state <FILE>      keep the whole database in FILE (loaded at start, saved durably after every write);
                        without it the database lives in memory only
    --model <FILE>      load a playground model export (tables and items) at start; with --state, only
                        when FILE does not exist yet
    --region <REGION>   region shown in ARNs and the health answer [default: us-east-1]
    --threads <N>       worker threads [default: number of CPUs]
    --credentials <KEY:SECRET>
                        verify SigV4 signatures against this access key and secret (repeatable);
                        without it any well-formed signature is accepted
    --log               print one line per request on stderr (method, target, status, time)
    --throughput <MODE> unlimited [default]: nothing is ever throttled;
                        simulated: each table's partitions are metered as DynamoDB's are (per-partition
                        ceilings, provisioned shares with burst and adaptive capacity, on-demand warm
                        throughput) by the wall clock, and requests past them get DynamoDB's answers:
                        ProvisionedThroughputExceededException, UnprocessedItems/UnprocessedKeys,
                        TransactionCanceledException with throttling reasons
    -h, --help          print this help
    -V, --version       print the version

The first line on stdout is `listening on http://ADDR:PORT` once the server accepts connections.
";

#[derive(Debug, Clone, PartialEq)]
pub struct Config {
    pub host: IpAddr,
    pub port: u16,
    pub state: Option<PathBuf>,
    pub model: Option<PathBuf>,
    pub region: String,
    pub threads: Option<usize>,
    /// Access key id and secret pairs; empty means signatures are not verified.
    pub credentials: Vec<(String, String)>,
    pub log: bool,
    pub throughput: crate::throttle::Throughput,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            host: IpAddr::from([127, 0, 0, 1]),
            port: 8000,
            state: None,
            model: None,
            region: "us-east-1".to_owned(),
            threads: None,
            credentials: Vec::new(),
            log: false,
            throughput: crate::throttle::Throughput::Unlimited,
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub enum Command {
    Run(Config),
    Help,
    Version,
}

#[derive(Debug, Clone, PartialEq)]
pub enum FlagError {
    Unknown(String),
    MissingValue(&'static str),
    Invalid { flag: &'static str, value: String, expected: &'static str },
}

impl std::fmt::Display for FlagError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FlagError::Unknown(a) => write!(f, "unknown argument '{a}' (see --help)"),
            FlagError::MissingValue(flag) => write!(f, "{flag} needs a value (see --help)"),
            FlagError::Invalid { flag, value, expected } => write!(f, "{flag} '{value}': expected {expected}"),
        }
    }
}

impl std::error::Error for FlagError {}

/// Parse arguments (without the program name). Accepts `--flag value` and `--flag=value`.
pub fn parse<I: IntoIterator<Item = String>>(args: I) -> Result<Command, FlagError> {
    let mut config = Config::default();
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        let (flag, inline) = match arg.split_once('=') {
            Some((f, v)) if f.starts_with("--") => (f.to_owned(), Some(v.to_owned())),
            _ => (arg.clone(), None),
        };
        let mut value = |name: &'static str| inline.clone().or_else(|| args.next()).ok_or(FlagError::MissingValue(name));
        match flag.as_str() {
            "-h" | "--help" => return Ok(Command::Help),
            "-V" | "--version" => return Ok(Command::Version),
            "--log" if inline.is_none() => config.log = true,
            "--port" => {
                let v = value("--port")?;
                config.port = v.parse().map_err(|_| FlagError::Invalid { flag: "--port", value: v, expected: "a port number 0-65535" })?;
            }
            "--host" => {
                let v = value("--host")?;
                config.host = v.parse().map_err(|_| FlagError::Invalid { flag: "--host", value: v, expected: "an IP address" })?;
            }
            "--state" => config.state = Some(PathBuf::from(value("--state")?)),
            "--model" => config.model = Some(PathBuf::from(value("--model")?)),
            "--region" => {
                let v = value("--region")?;
                if v.is_empty() || !v.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-') {
                    return Err(FlagError::Invalid { flag: "--region", value: v, expected: "a region name like us-east-1" });
                }
                config.region = v;
            }
            "--threads" => {
                let v = value("--threads")?;
                let n: usize = v.parse().map_err(|_| FlagError::Invalid { flag: "--threads", value: v.clone(), expected: "a number 1-256" })?;
                if !(1..=256).contains(&n) {
                    return Err(FlagError::Invalid { flag: "--threads", value: v, expected: "a number 1-256" });
                }
                config.threads = Some(n);
            }
            "--throughput" => {
                let v = value("--throughput")?;
                config.throughput = crate::throttle::Throughput::parse(&v)
                    .ok_or(FlagError::Invalid { flag: "--throughput", value: v, expected: "unlimited or simulated" })?;
            }
            "--credentials" => {
                let v = value("--credentials")?;
                match v.split_once(':') {
                    Some((key, secret)) if !key.is_empty() && !secret.is_empty() => {
                        config.credentials.push((key.to_owned(), secret.to_owned()));
                    }
                    _ => return Err(FlagError::Invalid { flag: "--credentials", value: v, expected: "ACCESS_KEY_ID:SECRET_ACCESS_KEY" }),
                }
            }
            _ => return Err(FlagError::Unknown(arg)),
        }
    }
    Ok(Command::Run(config))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(args: &[&str]) -> Result<Command, FlagError> {
        parse(args.iter().map(|s| s.to_string()))
    }

    #[test]
    fn flags() {
        assert_eq!(p(&[]), Ok(Command::Run(Config::default())));
        let Ok(Command::Run(c)) = p(&["--port", "0", "--state=db.state", "--host", "0.0.0.0", "--threads", "1"]) else {
            panic!("parse failed")
        };
        assert_eq!((c.port, c.state, c.host.to_string(), c.threads), (0, Some(PathBuf::from("db.state")), "0.0.0.0".into(), Some(1)));
        assert_eq!(p(&["--help"]), Ok(Command::Help));
        assert_eq!(p(&["--port"]), Err(FlagError::MissingValue("--port")));
        assert!(matches!(p(&["--port", "70000"]), Err(FlagError::Invalid { .. })));
        assert!(matches!(p(&["--threads", "0"]), Err(FlagError::Invalid { .. })));
        assert!(matches!(p(&["--bogus"]), Err(FlagError::Unknown(_))));
        let Ok(Command::Run(c)) = p(&["--credentials", "AKID:se:cret", "--credentials=K2:S2"]) else { panic!("parse failed") };
        assert_eq!(c.credentials, vec![("AKID".to_owned(), "se:cret".to_owned()), ("K2".to_owned(), "S2".to_owned())]);
        assert!(matches!(p(&["--credentials", "nocolon"]), Err(FlagError::Invalid { .. })));
        assert!(matches!(p(&["--log"]), Ok(Command::Run(Config { log: true, .. }))));
        assert!(matches!(
            p(&["--throughput", "simulated"]),
            Ok(Command::Run(Config { throughput: crate::throttle::Throughput::Simulated, .. }))
        ));
        assert!(matches!(p(&["--throughput=fast"]), Err(FlagError::Invalid { flag: "--throughput", .. })));
    }
}
