//! The playground clock: the time every engine call is made at.
//!
//! It starts at the browser's time when the page loads and then moves only when the user advances it
//! (+1 min, +1 h, +1 day, to a date). A clock that followed the wall clock would let Time to Live
//! delete items inside an unrelated grid edit, behind the model's back; with this one every TTL delete
//! happens in a clock-advance request, which the Query tab mirrors into the model like any write.
//!
//! It is one value for the page, not a signal in [`super::AppState`]: every engine call reads it,
//! including the modeler's edits, undo and autosave, which run from event handlers and timers where no
//! context can be read, and from modules that hold no handle to pass it in. Nothing draws it directly:
//! the Query tab mirrors it in a signal of its own (`QuerySession::clock`), which it moves together with
//! this value, as only the Query tab advances it.

use std::cell::Cell;

thread_local! {
    static NOW: Cell<Option<u64>> = const { Cell::new(None) };
}

/// Milliseconds since the epoch, on the playground clock.
pub fn now() -> u64 {
    NOW.with(|c| match c.get() {
        Some(t) => t,
        None => {
            let t = js_sys::Date::now() as u64;
            c.set(Some(t));
            t
        }
    })
}

/// Move the clock to `to` (never backwards: DynamoDB's time does not run back). Returns the new time.
pub fn set(to: u64) -> u64 {
    let t = now().max(to);
    NOW.with(|c| c.set(Some(t)));
    t
}

pub const MINUTE: u64 = 60_000;
pub const HOUR: u64 = 60 * MINUTE;
pub const DAY: u64 = 24 * HOUR;

/// `2026-12-01T12:00:00Z` for epoch milliseconds (UTC, second precision).
pub fn iso(ms: u64) -> String {
    let secs = ms / 1000;
    let (days, rem) = (secs / 86_400, secs % 86_400);
    let (y, m, d) = engine::calendar::civil_from_days(days as i64);
    format!("{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z", rem / 3600, rem % 3600 / 60, rem % 60)
}

/// Epoch milliseconds of a `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM` (UTC) text, as a date input gives it.
pub fn parse_date(text: &str) -> Option<u64> {
    let (date, time) = text.trim().split_once('T').unwrap_or((text.trim(), "00:00"));
    let mut p = date.split('-').map(|s| s.parse::<i64>().ok());
    let (y, m, d) = (p.next()??, p.next()??, p.next()??);
    if p.next().is_some() || !(1..=12).contains(&m) || !(1..=31).contains(&d) || y < 1970 {
        return None;
    }
    let mut t = time.split(':').map(|s| s.parse::<u64>().ok());
    let (hh, mm) = (t.next()??, t.next().unwrap_or(Some(0))?);
    if hh > 23 || mm > 59 {
        return None;
    }
    let days = engine::calendar::days_from_civil(y, m as u32, d as u32);
    Some((days as u64 * 86_400 + hh * 3600 + mm * 60) * 1000)
}

