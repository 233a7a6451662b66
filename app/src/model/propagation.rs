//! Writes on their way to a table's GSIs, in words: what the Items and Indexes tabs list while the
//! playground's index propagation delay holds them back, and what the Query tab says when a read of a
//! GSI missed one. The engine decides everything (`engine::table::propagation`, `missed_by_read`);
//! this module only writes the sentences.

use engine::db::Database;
use engine::index::lag::IndexLag;
use engine::ops::missed::MissedWrite;
use engine::table::Table;
use engine::value::Item;

use super::display::value_text;

/// The largest delay the setting accepts: a minute is far beyond any lag DynamoDB shows, and keeps a
/// learner from parking writes out of reach of the clock's small steps.
pub const MAX_DELAY_MS: u64 = 60_000;

/// `12:00:03.000` (UTC) for epoch milliseconds: the clock's time of day to the millisecond, the
/// precision a propagation delay is set in.
pub fn clock_time(ms: u64) -> String {
    let day_ms = ms % 86_400_000;
    let (h, m, s, milli) = (day_ms / 3_600_000, day_ms / 60_000 % 60, day_ms / 1000 % 60, day_ms % 1000);
    format!("{h:02}:{m:02}:{s:02}.{milli:03}")
}

/// The delay a text asks for, in milliseconds: a whole number from 0 to [`MAX_DELAY_MS`].
pub fn parse_delay(text: &str) -> Result<IndexLag, String> {
    match text.trim().parse::<u64>() {
        Ok(ms) if ms <= MAX_DELAY_MS => Ok(IndexLag::from_millis(ms)),
        Ok(_) => Err(format!("The delay can be at most {MAX_DELAY_MS} ms.")),
        Err(_) => Err(String::from("Enter the delay as a whole number of milliseconds (0 turns it off).")),
    }
}

/// A table key as one short text: `PK=USER#1, SK=ORDER#7`, in key-schema order.
fn key_text(table: &Table, key: &Item) -> String {
    let keys = &table.def.keys;
    core::iter::once(&keys.pk)
        .chain(keys.sk.as_ref())
        .filter_map(|a| key.get(&a.name).map(|v| format!("{}={}", a.name, value_text(v))))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The table's global secondary indexes, the ones a write reaches late.
fn lagging_indexes(table: &Table) -> Vec<String> {
    table.def.indexes.iter().filter(|i| Table::is_async_index(i)).map(|i| i.name.clone()).collect()
}

/// One write still on its way, as a tab lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InFlight {
    /// The item's table key, as text.
    pub key: String,
    pub reaches_at: u64,
    /// The sentence shown for it.
    pub text: String,
}

/// The writes to `table` that have not reached its GSIs yet, oldest first.
pub fn in_flight(db: &Database, table: &str) -> Vec<InFlight> {
    let Some(t) = db.table(table) else { return Vec::new() };
    let indexes = lagging_indexes(t).join(" and ");
    t.in_flight()
        .iter()
        .map(|w| {
            let key = key_text(t, &w.key.to_item(&t.def.keys));
            let what = if w.deletes { "A delete of" } else { "A write of" };
            let text = format!("{what} {key} is propagating: it reaches {indexes} at {}.", clock_time(w.reaches_at));
            InFlight { key, reaches_at: w.reaches_at, text }
        })
        .collect()
}

/// What the Query tab says after a read of an index that missed writes still propagating: `None` when
/// it missed nothing.
pub fn missed_sentence(db: &Database, table: &str, index: &str, missed: &[MissedWrite]) -> Option<String> {
    let t = db.table(table)?;
    let last = missed.iter().map(|m| m.reaches_at).max()?;
    let keys = missed.iter().map(|m| key_text(t, &m.key)).collect::<Vec<_>>().join("; ");
    let count = match missed.len() {
        1 => String::from("1 write"),
        n => format!("{n} writes"),
    };
    Some(format!(
        "This read of {index} missed {count} still propagating to it ({keys}): the index shows the items as they were before. \
         The last one reaches {index} at {}; advance the clock past that time and run the read again to see it.",
        clock_time(last)
    ))
}
