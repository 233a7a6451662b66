//! `--throughput`: whether the server throttles. Transport glue only: the decision comes from the
//! `sim` crate's partition model (`sim::live::LiveThrottle`), the answers (exceptions, `Unprocessed*`,
//! cancellation reasons) from the engine's `Database::execute_with`.

use engine::db::Database;
use engine::error::ApiError;
use engine::api::typed::{Answer, Request};
use sim::live::LiveThrottle;

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Throughput {
    /// Nothing is ever throttled (DynamoDB Local's behaviour; the default).
    Unlimited,
    /// Partitions are metered by the wall clock as DynamoDB meters them.
    Simulated,
}

/// The policy for a mode, following the database's tables as they are at start.
pub fn policy(mode: Throughput, db: &Database) -> Option<LiveThrottle> {
    match mode {
        Throughput::Unlimited => None,
        Throughput::Simulated => {
            let mut live = LiveThrottle::new();
            live.sync(db);
            Some(live)
        }
    }
}

/// Actions after which the tables' capacity settings may have changed.
fn changes_tables(action: &str) -> bool {
    matches!(action, "CreateTable" | "UpdateTable" | "DeleteTable")
}

/// Run one call, throttled by `live` when there is one; the answer's text is written by the caller
/// ([`Answer::into_text`]), once the database is released.
pub fn execute(db: &mut Database, live: Option<&mut LiveThrottle>, action: &str, input: Request, now_millis: u64) -> Result<Answer, ApiError> {
    let Some(live) = live else { return db.execute_request_with(action, input, now_millis, &mut engine::throttle::NoThrottle) };
    live.begin(now_millis);
    let result = db.execute_request_with(action, input, now_millis, live);
    if changes_tables(action) && result.is_ok() {
        live.sync(db);
    }
    result
}

/// [`execute`], recorded: also returns what the call changed, for the state database.
pub fn execute_recorded(
    db: &mut Database,
    live: Option<&mut LiveThrottle>,
    action: &str,
    input: Request,
    now_millis: u64,
) -> (Result<Answer, ApiError>, engine::changes::ChangeSet) {
    let Some(live) = live else { return db.execute_recorded_request(action, input, now_millis, &mut engine::throttle::NoThrottle) };
    live.begin(now_millis);
    let recorded = db.execute_recorded_request(action, input, now_millis, live);
    if changes_tables(action) && recorded.0.is_ok() {
        live.sync(db);
    }
    recorded
}
