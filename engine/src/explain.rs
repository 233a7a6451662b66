//! A request run with everything the playground needs to explain it.
//!
//! The wire response says *how much* a call cost (`ConsumedCapacity`) but not *why*, and it does not say
//! which items a write touched (a `TransactWriteItems` response is `{}`). [`Database::execute_explained`]
//! runs exactly [`Database::execute`] and hands back, beside the response, every [`Consumed`] charge the
//! operation made (sizes, rounding and reason) and the keys of every write it committed — including the
//! deletes Time to Live made while the clock advanced. The app mirrors those keys into its model, so
//! an engine write becomes an undoable edit, and renders the charges as arithmetic.

use alloc::collections::BTreeSet;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use crate::api::partiql::Operation;
use crate::capacity::Consumed;
use crate::db::Database;
use crate::error::ApiError;
use crate::value::{item_to_json, Item};

/// One request's answer and what it did.
#[derive(Debug, Clone)]
pub struct Explained {
    /// Exactly what [`Database::execute`] returns for the same call.
    pub result: Result<serde_json::Value, ApiError>,
    /// The operation's charges, one [`Consumed`] per table, whatever `ReturnConsumedCapacity` says. Empty
    /// for an action that consumes no capacity and for a refused request, except a single write whose
    /// condition failed: DynamoDB charges it as a write of the item, and so does this.
    pub charges: Vec<Consumed>,
    /// `(table, primary key)` of every committed write, table by table, each key once; this includes
    /// the Time to Live deletes made while the clock advanced to `now_millis`.
    pub writes: Vec<(String, Item)>,
    /// For a successful ExecuteStatement, the operation the statement became (GetItem, Query, Scan or
    /// a single-item write): the wire response does not say.
    pub operation: Option<Operation>,
}

impl Database {
    /// [`Database::execute`] plus the charges and the written keys (see [`Explained`]).
    pub fn execute_explained(&mut self, action: &str, input: &serde_json::Value, now_millis: u64) -> Explained {
        self.charges = Some(Vec::new());
        self.operation = None;
        for t in self.tables.values_mut() {
            t.extras.journal = Some(Vec::new());
        }
        let result = self.execute(action, input, now_millis);
        let charges = self.charges.take().unwrap_or_default();
        let operation = self.operation.take();
        let mut writes = Vec::new();
        let mut seen = BTreeSet::new();
        for (name, t) in self.tables.iter_mut() {
            for key in t.extras.journal.take().unwrap_or_default() {
                let item = key.to_item(&t.def.keys);
                if seen.insert((name.clone(), item_to_json(&item).to_string())) {
                    writes.push((name.clone(), item));
                }
            }
        }
        Explained { result, charges, writes, operation }
    }

    /// Keep an operation's charges while [`Database::execute_explained`] asks for them.
    pub(crate) fn note_charges(&mut self, consumed: &[Consumed]) {
        if let Some(sink) = &mut self.charges {
            sink.extend_from_slice(consumed);
        }
    }
}
