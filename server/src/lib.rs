//! Dynamodel's server: the engine behind DynamoDB's JSON 1.0 wire protocol, so boto3, the AWS SDKs and
//! `aws dynamodb --endpoint-url` work against it unchanged.
//!
//! The server owns transport concerns only — HTTP, the protocol's error shapes, SigV4 shape checks, CORS,
//! persistence. Every DynamoDB semantic (validation, expressions, capacity) is the engine's, reached
//! through `Database::execute`, so the playground and the server can never disagree.
#![forbid(unsafe_code)]

pub mod config;
pub mod cors;
pub mod http;
pub mod model;
pub mod protocol;
pub mod request_id;
pub mod sigv4;
pub mod state;
pub mod store;
pub mod throttle;

use std::io::Write;
use std::net::SocketAddr;
use std::sync::Arc;

use engine::db::{Database, DatabaseConfig};
use tokio::net::TcpListener;

use config::Config;
use state::commit::Committer;
use state::StateError;
use store::Store;

#[derive(Debug)]
pub enum StartError {
    State(StateError),
    Model(model::ModelError),
    Save(String),
    Bind { addr: SocketAddr, error: std::io::Error },
    Runtime(std::io::Error),
    /// The engine panicked while loading a model (an engine bug, reported as such).
    EnginePanic,
}

impl std::fmt::Display for StartError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StartError::State(e) => e.fmt(f),
            StartError::Model(e) => e.fmt(f),
            StartError::Save(e) => write!(f, "could not save the initial state: {e}"),
            StartError::Bind { addr, error } => write!(f, "cannot listen on {addr}: {error}"),
            StartError::Runtime(e) => write!(f, "cannot start the async runtime: {e}"),
            StartError::EnginePanic => write!(f, "the engine failed internally while loading the state or model (a bug; please report it)"),
        }
    }
}

impl std::error::Error for StartError {}

/// Build the runtime and serve until SIGINT/SIGTERM.
pub fn run(config: Config) -> Result<(), StartError> {
    let mut builder = tokio::runtime::Builder::new_multi_thread();
    if let Some(n) = config.threads {
        builder.worker_threads(usize::from(n));
    }
    let runtime = builder.enable_all().build().map_err(StartError::Runtime)?;
    runtime.block_on(serve_until_signal(config))
}

async fn serve_until_signal(config: Config) -> Result<(), StartError> {
    let (file, restored) = match &config.state {
        Some(path) => {
            let opened = state::open(path).map_err(StartError::State)?;
            (Some((opened.file, opened.logs, path.clone())), opened.loaded)
        }
        None => (None, None),
    };
    let fresh = restored.is_none();
    let mut db = restored.unwrap_or_else(|| {
        Database::new(DatabaseConfig { region: config.region.clone(), ..DatabaseConfig::default() })
    });
    if let Some(model_path) = &config.model {
        if fresh {
            let loaded = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                model::load(model_path, &mut db, http::now_millis())
            }));
            let (tables, items) = loaded.map_err(|_| StartError::EnginePanic)?.map_err(StartError::Model)?;
            eprintln!("dynamodel-server: loaded {} ({tables} tables, {items} items)", model_path.display());
        } else {
            eprintln!("dynamodel-server: the state file already exists, so --model {} was not applied", model_path.display());
        }
    }
    let committer = match file {
        Some((file, log, path)) => {
            if fresh {
                state::initialize(&file, &db).map_err(|e| StartError::Save(format!("{}: {e}", path.display())))?;
            }
            Some(Committer::start(file, path, log).map_err(StartError::Runtime)?)
        }
        None => None,
    };
    // Set after the model is loaded, so that its items are in the indexes from the start.
    db.set_index_lag(engine::index::lag::IndexLag::from_millis(config.index_propagation_ms));
    let store = Store::new(db, committer, config.throughput);

    let addr = SocketAddr::new(config.host, config.port);
    let listener = TcpListener::bind(addr).await.map_err(|error| StartError::Bind { addr, error })?;
    let local = listener.local_addr().unwrap_or(addr);
    let mut stdout = std::io::stdout();
    // Scripts wait for this line (and read the port from it when started with --port 0).
    let _ = writeln!(stdout, "listening on http://{local}");
    let _ = stdout.flush();

    let credentials = sigv4::verify::Credentials::new(config.credentials.clone());
    let app = Arc::new(http::App::new(Arc::clone(&store), config.region.clone(), credentials, config.log));
    http::serve(listener, app, shutdown_signal()).await;
    if let Err(e) = tokio::task::block_in_place(|| store.close()) {
        eprintln!("dynamodel-server: could not close the state file cleanly: {e}");
    }
    Ok(())
}

async fn shutdown_signal() {
    let ctrl_c = async {
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {}
        _ = term => {}
    }
}
