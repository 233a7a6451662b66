//! What a read of an asynchronous index missed: the writes still on their way to it
//! (`crate::table::propagation`) that change what it holds where the read looked — the index partition
//! a Query names, or the whole index for a Scan. The playground tells a learner so beside the result.

use alloc::vec::Vec;

use serde_json::Value;

use crate::api::read::QueryInput;
use crate::db::Database;
use crate::table::key::KeyVal;
use crate::value::Item;

/// A write a read did not see.
#[derive(Debug, Clone, PartialEq)]
pub struct MissedWrite {
    /// The item's table key.
    pub key: Item,
    pub written_at: u64,
    /// When it reaches the index.
    pub reaches_at: u64,
    pub deletes: bool,
}

impl Database {
    /// The writes in flight that a `Query` or `Scan` request (`action`, its JSON) on an asynchronous
    /// index did not see. Empty for any other request, a read of the table or of a local index, and a
    /// request the engine refuses.
    pub fn missed_by_read(&self, action: &str, input: &Value, now: u64) -> Vec<MissedWrite> {
        let scan = match action {
            "Query" => false,
            "Scan" => true,
            _ => return Vec::new(),
        };
        let Ok(q) = QueryInput::from_json(input, scan) else { return Vec::new() };
        let (Some(index), Some(t)) = (q.index_name.as_deref(), self.tables.get(&q.table_name)) else { return Vec::new() };
        let partition = if scan {
            None
        } else {
            let keys = |k: &crate::table::schema::KeySchema| Some((k.pk.name.clone(), k.sk.as_ref().map(|a| a.name.clone())));
            let Ok(s) = super::query::setup(self, &q, now, keys) else { return Vec::new() };
            let Some(kv) = s.compiled.key_condition.as_ref().and_then(|kc| KeyVal::from_value(&kc.partition_value)) else { return Vec::new() };
            Some(kv)
        };
        t.missed_by_index_read(index, partition.as_ref())
            .into_iter()
            .map(|w| MissedWrite { key: w.key.to_item(&t.def.keys), written_at: w.written_at, reaches_at: w.reaches_at, deletes: w.deletes })
            .collect()
    }
}
