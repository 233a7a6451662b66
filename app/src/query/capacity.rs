//! Consumed capacity as arithmetic, from the engine's charges (never recomputed here).
//!
//! A read line reads "Table: 3 items, 9.2 KB read → rounded up to 12 KB → 3 blocks × 0.5 = 1.5 RCU
//! (eventually consistent)"; a write gets the table line plus one line per index of the table saying
//! why that index cost 0, 1 or 2 writes.

use engine::capacity::{units_text, Charge, Consumed, Kind, Reason, Target};

use crate::model::display::bytes_text;

/// One table's share of a request's capacity.
#[derive(Debug, Clone, PartialEq)]
pub struct TableCapacity {
    pub table: String,
    /// "1.5 RCU", "3 WCU", "1 RCU + 2 WCU".
    pub total: String,
    /// What the total covers, in the words the Items grid uses: "table alone", "table + indexes" or
    /// "GSI byStatus alone" (a read of an index).
    pub scope: String,
    /// When the table and its indexes both charged, each one's share: "table 1 WCU + GSI GSI1 1 WCU".
    pub split: Option<String>,
    pub read_half_units: u64,
    pub write_half_units: u64,
    pub lines: Vec<String>,
}

fn target_text(t: &Target) -> String {
    match t {
        Target::Table => String::from("Table"),
        Target::GlobalIndex(n) => format!("GSI {n}"),
        Target::LocalIndex(n) => format!("LSI {n}"),
    }
}

fn per_block(c: &Charge) -> (String, &'static str) {
    let per = c.half_units / c.blocks.max(1);
    match (c.kind, per) {
        (Kind::Read, 1) => (String::from("0.5"), "eventually consistent"),
        (Kind::Read, 2) => (String::from("1"), "strongly consistent"),
        (Kind::Read, _) => (units_text(per), "transactional"),
        (Kind::Write, 2) => (String::from("1"), "standard write"),
        (Kind::Write, _) => (units_text(per), "transactional write"),
    }
}

fn rounding(c: &Charge) -> String {
    let block_kb = c.block_bytes / 1024;
    let (per, how) = per_block(c);
    let unit = if c.kind == Kind::Read { "RCU" } else { "WCU" };
    let blocks = if c.blocks == 1 { String::from("1 block") } else { format!("{} blocks", c.blocks) };
    format!(
        "{} → rounded up to {} KB → {blocks} × {per} = {} {unit} ({how})",
        bytes_text(c.bytes as usize),
        c.blocks * block_kb,
        units_text(c.half_units)
    )
}

/// One charge in words.
pub fn charge_line(c: &Charge) -> String {
    let target = target_text(&c.target);
    match &c.reason {
        Reason::Read { items } => format!("{target}: {items} item{} read (before any filter), {}", if *items == 1 { "" } else { "s" }, rounding(c)),
        Reason::LsiFetch { items } => format!("{target}: {items} item(s) fetched from the table for attributes the index does not project, {}", rounding(c)),
        Reason::GetItem { found: true } => format!("{target}: the item, {}", rounding(c)),
        Reason::GetItem { found: false } => format!("{target}: no such item, still the minimum: {}", rounding(c)),
        Reason::WriteItem { old: Some(o), new } => format!("{target}: the larger of the old item ({}) and the new one ({}), {}", bytes_text(*o as usize), bytes_text(*new as usize), rounding(c)),
        Reason::WriteItem { old: None, new } => format!("{target}: a new item of {}, {}", bytes_text(*new as usize), rounding(c)),
        Reason::DeleteItem { found: true } => format!("{target}: the deleted item, {}", rounding(c)),
        Reason::DeleteItem { found: false } => format!("{target}: no item to delete, still the minimum: {}", rounding(c)),
        Reason::UpdateNothing => format!("{target}: an update of a missing item that only removes writes nothing, still the minimum: {}", rounding(c)),
        Reason::ConditionFailed { old, new } => format!(
            "{target}: the condition failed, so nothing was written — DynamoDB still charges the write it evaluated, sized as the larger of the stored item ({}) and the one it would have written ({}): {}",
            old.map_or_else(|| String::from("none"), |o| bytes_text(o as usize)),
            new.map_or_else(|| String::from("none"), |n| bytes_text(n as usize)),
            rounding(c)
        ),
        Reason::ConditionCheck { .. } => format!("{target}: ConditionCheck, billed as a write of the item: {}", rounding(c)),
        Reason::IndexPut => format!("{target}: 1 write — the item entered the index (new entry), {}", rounding(c)),
        Reason::IndexDelete => format!("{target}: 1 write — the item left the index (entry removed), {}", rounding(c)),
        Reason::IndexKeyChangedDelete => format!("{target}: index key changed, write 1 of 2 — old entry deleted, {}", rounding(c)),
        Reason::IndexKeyChangedPut => format!("{target}: index key changed, write 2 of 2 — new entry put, {}", rounding(c)),
        Reason::IndexUpdate => format!("{target}: 1 write — key unchanged but a projected attribute changed, {}", rounding(c)),
    }
}

fn total_text(read: u64, write: u64) -> String {
    match (read, write) {
        (r, 0) => format!("{} RCU", units_text(r)),
        (0, w) => format!("{} WCU", units_text(w)),
        (r, w) => format!("{} RCU + {} WCU", units_text(r), units_text(w)),
    }
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
                    total: String::new(),
                    scope: String::new(),
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
        entry.lines.extend(c.charges.iter().map(charge_line));
        let wrote = c.charges.iter().any(|ch| ch.kind == Kind::Write && ch.target == Target::Table);
        let failed = c.charges.iter().any(|ch| matches!(ch.reason, Reason::ConditionFailed { .. }));
        if wrote {
            for t in indexes(&c.table_name) {
                if !c.charges.iter().any(|ch| ch.target == t) {
                    entry.lines.push(if failed {
                        format!("{}: 0 writes — the condition failed, so no index entry changed", target_text(&t))
                    } else {
                        format!(
                            "{}: 0 writes — the write did not touch this index's entry (the item is not in the index, or neither its index key nor a projected attribute changed)",
                            target_text(&t)
                        )
                    });
                }
            }
        }
    }
    for t in &mut out {
        t.total = total_text(t.read_half_units, t.write_half_units);
        let mine: Vec<&Charge> = charges.iter().filter(|c| c.table_name == t.table).flat_map(|c| &c.charges).collect();
        (t.scope, t.split) = scope(&mine);
    }
    out
}

/// What a table's total covers (see [`TableCapacity::scope`]) and, when the table and its indexes both
/// charged, each one's share.
fn scope(charges: &[&Charge]) -> (String, Option<String>) {
    let mut targets: Vec<&Target> = Vec::new();
    for c in charges {
        if !targets.contains(&&c.target) {
            targets.push(&c.target);
        }
    }
    let share = |t: &Target| {
        let (r, w) = charges.iter().filter(|c| &c.target == t).fold((0, 0), |(r, w), c| match c.kind {
            Kind::Read => (r + c.half_units, w),
            Kind::Write => (r, w + c.half_units),
        });
        total_text(r, w)
    };
    let has_table = targets.contains(&&Target::Table);
    match (has_table, targets.len()) {
        (true, 1) | (_, 0) => (String::from("table alone"), None),
        (false, 1) => (format!("{} alone", target_text(targets[0])), None),
        (has_table, _) => {
            let name = |t: &Target| if *t == Target::Table { String::from("table") } else { target_text(t) };
            let split = targets.iter().map(|t| format!("{} {}", name(t), share(t))).collect::<Vec<_>>().join(" + ");
            (String::from(if has_table { "table + indexes" } else { "indexes" }), Some(split))
        }
    }
}
