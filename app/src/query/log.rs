//! The operation log's figures: cumulative capacity per table over the session.

use super::session::Outcome;

/// `(table, read half-units, write half-units)` summed over `log`, in first-seen order.
pub fn totals(log: &[Outcome]) -> Vec<(String, u64, u64)> {
    let mut out: Vec<(String, u64, u64)> = Vec::new();
    for o in log {
        for t in &o.capacity {
            match out.iter_mut().find(|(n, _, _)| *n == t.table) {
                Some(e) => {
                    e.1 += t.read_half_units;
                    e.2 += t.write_half_units;
                }
                None => out.push((t.table.clone(), t.read_half_units, t.write_half_units)),
            }
        }
    }
    out
}
