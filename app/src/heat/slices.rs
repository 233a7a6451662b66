//! Long runs in slices: the simulator advances a bounded number of requests per slice (stopping inside a
//! simulated second if need be) and hands the event loop back between slices (gloo-timers' zero-delay
//! `TimeoutFuture`, a `setTimeout(0)`), so typing, scrolling and the Cancel button keep working while it
//! runs.

use sim::report::Report;
use sim::{SimError, Simulation, Workload};

/// How long one slice should take, in milliseconds (well under a 60 Hz frame's budget of 16 ms).
pub const SLICE_MS: f64 = 8.0;
/// The first slice: small, because a new key is priced through the engine (tens of microseconds).
pub const FIRST_SLICE_REQUESTS: u64 = 64;
pub const MAX_SLICE_REQUESTS: u64 = 1 << 22;
/// Quiet seconds (no requests) still close their books; this many at most per slice.
pub const MAX_SLICE_SECONDS: u32 = 3_600;

/// The next slice's size in requests, from how long the last one took: aim at [`SLICE_MS`], growing at
/// most fourfold (a slice that was fast because its keys were cached says little about new keys).
pub fn next_slice(last_requests: u64, elapsed_ms: f64) -> u64 {
    let last = last_requests.max(1);
    // Too quick to time, or NaN: double the slice.
    if elapsed_ms.partial_cmp(&0.5) != Some(core::cmp::Ordering::Greater) {
        return last.saturating_mul(2).clamp(1, MAX_SLICE_REQUESTS);
    }
    let scaled = (last as f64 * SLICE_MS / elapsed_ms).floor() as u64;
    scaled.clamp(1, last.saturating_mul(4)).min(MAX_SLICE_REQUESTS)
}

/// How a run ended.
#[derive(Debug)]
pub enum Outcome {
    Done(Box<Report>),
    /// Cancelled by the person: the previous results stay where they were.
    Cancelled,
    Failed(SimError),
}

fn now_ms() -> f64 {
    web_sys::window().and_then(|w| w.performance()).map_or_else(js_sys::Date::now, |p| p.now())
}

/// Give the event loop a turn.
pub async fn yield_to_browser() {
    gloo_timers::future::TimeoutFuture::new(0).await;
}

/// Run `workload` on `db` in slices, reporting (done, total) seconds, stopping when `cancelled()`.
pub async fn run(
    db: &engine::db::Database,
    workload: Workload,
    mut progress: impl FnMut(u32, u32),
    cancelled: impl Fn() -> bool,
) -> Outcome {
    let mut sim = match Simulation::new(db, workload) {
        Ok(s) => s,
        Err(e) => return Outcome::Failed(e),
    };
    let mut slice = FIRST_SLICE_REQUESTS;
    loop {
        let start = now_ms();
        let p = match sim.run_slice(slice, MAX_SLICE_SECONDS) {
            Ok(p) => p,
            Err(e) => return Outcome::Failed(e),
        };
        slice = next_slice(slice, now_ms() - start);
        progress(p.done_seconds, p.total_seconds);
        if p.finished() {
            return Outcome::Done(Box::new(sim.report()));
        }
        yield_to_browser().await;
        if cancelled() {
            return Outcome::Cancelled;
        }
    }
}
