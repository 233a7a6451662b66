//! GetItem.

use crate::api::read::{GetItemInput, GetItemOutput};
use crate::capacity::{Consumed, ReadConsistency, Reason, Target};
use crate::db::Database;
use crate::error::ApiError;
use crate::ops::compile_read;
use crate::table::key::key_from_key_param;

impl Database {
    /// GetItem: the item (projected), charged by its size rounded up to 4 KB; a miss costs one block.
    pub fn get_item(&self, input: &GetItemInput) -> Result<GetItemOutput, ApiError> {
        let t = self.table_for_data(&input.table_name)?;
        let compiled = compile_read(&input.expressions, None, "GetItem")?;
        let key = key_from_key_param(&t.def.keys, &input.key)?;
        let found = t.get_stored(&key);
        let consistency = if input.consistent_read { ReadConsistency::Strong } else { ReadConsistency::Eventual };
        let mut consumed = Consumed::new(&t.def.name);
        let size = found.map_or(0, |s| s.size());
        consumed.read(Target::Table, size, consistency, Reason::GetItem { found: found.is_some() });
        let item = found.map(|s| s.read(&key, compiled.projection.as_ref()));
        Ok(GetItemOutput { item, consumed, return_consumed_capacity: input.return_consumed_capacity })
    }
}
