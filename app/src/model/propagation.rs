//! Writes on their way to a table's GSIs, in words: what the Items and Indexes tabs list while the
//! playground's index propagation delay holds them back, and what the Query tab says when a read of a
//! GSI missed one. The engine decides everything (`engine::table::propagation`, `missed_by_read`);
//! this module gathers what the views put into words (in the page's language, from the locale files).

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

/// Why a delay the learner typed was not taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DelayError {
    /// Above [`MAX_DELAY_MS`].
    TooLong,
    /// Not a whole number of milliseconds.
    NotANumber,
}

/// The delay a text asks for, in milliseconds: a whole number from 0 to [`MAX_DELAY_MS`].
pub fn parse_delay(text: &str) -> Result<IndexLag, DelayError> {
    match text.trim().parse::<u64>() {
        Ok(ms) if ms <= MAX_DELAY_MS => Ok(IndexLag::from_millis(ms)),
        Ok(_) => Err(DelayError::TooLong),
        Err(_) => Err(DelayError::NotANumber),
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
    /// Whether the write deletes the item.
    pub deletes: bool,
    /// The GSIs it has not reached yet.
    pub indexes: Vec<String>,
}

/// The writes to `table` that have not reached its GSIs yet, oldest first.
pub fn in_flight(db: &Database, table: &str) -> Vec<InFlight> {
    let Some(t) = db.table(table) else { return Vec::new() };
    let indexes = lagging_indexes(t);
    t.in_flight()
        .iter()
        .map(|w| InFlight { key: key_text(t, &w.key.to_item(&t.def.keys)), reaches_at: w.reaches_at, deletes: w.deletes, indexes: indexes.clone() })
        .collect()
}

/// What a read of an index missed: the writes still propagating to it, for the Query tab to say.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MissedNote {
    pub index: String,
    pub count: u64,
    /// The missed items' table keys, as text.
    pub keys: Vec<String>,
    /// When the last of them reaches the index (epoch ms).
    pub last: u64,
}

/// What a read of `index` missed: `None` when it missed nothing.
pub fn missed_note(db: &Database, table: &str, index: &str, missed: &[MissedWrite]) -> Option<MissedNote> {
    let t = db.table(table)?;
    let last = missed.iter().map(|m| m.reaches_at).max()?;
    let keys = missed.iter().map(|m| key_text(t, &m.key)).collect();
    Some(MissedNote { index: index.to_string(), count: missed.len() as u64, keys, last })
}
