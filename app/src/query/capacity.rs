//! Consumed capacity as arithmetic, from the engine's charges (never recomputed here).
//!
//! A read line reads "Table: 3 items, 9.2 KB read → rounded up to 12 KB → 3 blocks × 0.5 = 1.5 RCU
//! (eventually consistent)"; a write gets the table line plus one line per index of the table saying
//! why that index cost 0, 1 or 2 writes.

use engine::capacity::words;
use engine::capacity::{Charge, Consumed, Kind, Reason, Target};
use messages::{Lang, Message};

/// One table's share of a request's capacity, in words the page renders in its language
/// ([`engine::capacity::words`]).
#[derive(Debug, Clone, PartialEq)]
pub struct TableCapacity {
    pub table: String,
    /// "1.5 RCU", "3 WCU", "1 RCU + 2 WCU".
    pub total: Message,
    /// What the total covers, in the words the Items grid uses: "table alone", "table + indexes" or
    /// "GSI byStatus alone" (a read of an index).
    pub scope: Message,
    /// When the table and its indexes both charged, each one's share: "table 1 WCU + GSI GSI1 1 WCU".
    pub split: Option<Message>,
    pub read_half_units: u64,
    pub write_half_units: u64,
    pub lines: Vec<Message>,
}

/// `message` (a capacity total, scope or line) in `lang`.
pub fn say(message: &Message, lang: Lang) -> String {
    words::render(message, lang)
}

/// Every table's capacity with its lines. `indexes(table)` lists the table's index targets, so a write
/// can say which indexes it left alone (0 writes).
pub fn explain(charges: &[Consumed], indexes: impl Fn(&str) -> Vec<Target>) -> Vec<TableCapacity> {
    let mut out: Vec<TableCapacity> = Vec::new();
    for c in charges {
        let entry = match out.iter_mut().position(|t| t.table == c.table_name) {
            Some(i) => &mut out[i],
            None => {
                out.push(TableCapacity {
                    table: c.table_name.clone(),
                    total: words::total(0, 0),
                    scope: Message::new(""),
                    split: None,
                    read_half_units: 0,
                    write_half_units: 0,
                    lines: Vec::new(),
                });
                out.last_mut().expect("just pushed")
            }
        };
        entry.read_half_units += c.read_half_units();
        entry.write_half_units += c.write_half_units();
        entry.lines.extend(c.charges.iter().map(words::charge));
        let wrote = c.charges.iter().any(|ch| ch.kind == Kind::Write && ch.target == Target::Table);
        let failed = c.charges.iter().any(|ch| matches!(ch.reason, Reason::ConditionFailed { .. }));
        if wrote {
            for t in indexes(&c.table_name) {
                if !c.charges.iter().any(|ch| ch.target == t) {
                    entry.lines.push(words::untouched_index(&t, failed));
                }
            }
        }
    }
    for t in &mut out {
        t.total = words::total(t.read_half_units, t.write_half_units);
        let mine: Vec<&Charge> = charges.iter().filter(|c| c.table_name == t.table).flat_map(|c| &c.charges).collect();
        (t.scope, t.split) = words::scope(&mine);
    }
    out
}
