//! Reading the state database into the engine: one pass over each table's rows, each checked
//! (frame, then the engine's own checks) as it is handed to `engine::reload`.

use engine::db::{Database, DatabaseConfig};
use engine::reload::Reload;
use redb::{ReadableDatabase, ReadableTable, TableDefinition, TableHandle};

use super::rows::{self, unframe, CLOCK_KEY, CONFIG_KEY, FORMAT, FORMAT_KEY, META, TABLES};

/// Why a state database cannot be loaded: each names what is damaged.
#[derive(Debug)]
pub enum LoadError {
    /// A redb file without Dynamodel's `meta` rows.
    NotOurs,
    /// A Dynamodel state database of another layout version.
    Format(String),
    /// A row whose check fails, or that the engine refuses.
    Damaged(String),
    Redb(redb::Error),
}

impl From<redb::Error> for LoadError {
    fn from(e: redb::Error) -> Self {
        LoadError::Redb(e)
    }
}

macro_rules! from_redb {
    ($($t:ty),*) => {$(impl From<$t> for LoadError {
        fn from(e: $t) -> Self {
            LoadError::Redb(e.into())
        }
    })*};
}
from_redb!(redb::TransactionError, redb::TableError, redb::StorageError);

/// What the `meta` table says; `None` for a database never written (created empty).
pub struct Meta {
    pub config: DatabaseConfig,
    pub clock: u64,
}

fn read_meta(tx: &redb::ReadTransaction) -> Result<Option<Meta>, LoadError> {
    let meta = match tx.open_table(META) {
        Ok(t) => t,
        Err(redb::TableError::TableDoesNotExist(_)) => {
            // A redb file with tables but no `meta` is someone else's database.
            return if tx.list_tables()?.next().is_none() { Ok(None) } else { Err(LoadError::NotOurs) };
        }
        Err(e) => return Err(e.into()),
    };
    let get = |key: &str| -> Result<Option<Vec<u8>>, LoadError> { Ok(meta.get(key)?.map(|v| v.value().to_vec())) };
    match get(FORMAT_KEY)? {
        Some(f) if f == FORMAT => {}
        Some(f) => return Err(LoadError::Format(String::from_utf8_lossy(&f).into_owned())),
        None => return Err(LoadError::NotOurs),
    }
    let damaged = |what: &str| LoadError::Damaged(format!("the {what} row of the meta table is unreadable"));
    let config = get(CONFIG_KEY)?.ok_or_else(|| damaged("config"))?;
    let config = unframe(CONFIG_KEY.as_bytes(), &config).and_then(|c| serde_json::from_slice::<serde_json::Value>(c).ok());
    let field = |k: &str| config.as_ref().and_then(|c| c.get(k)?.as_str().map(str::to_owned));
    let (Some(region), Some(account_id)) = (field("region"), field("accountId")) else { return Err(damaged("config")) };
    let clock = match get(CLOCK_KEY)? {
        Some(v) => u64::from_le_bytes(v.as_slice().try_into().map_err(|_| damaged("clock"))?),
        None => 0,
    };
    Ok(Some(Meta { config: DatabaseConfig { region, account_id }, clock }))
}

/// Rows read ahead by the reading thread, checked, in one buffer.
#[derive(Default)]
struct Batch {
    bytes: Vec<u8>,
    /// Key and value lengths, in order.
    rows: Vec<(usize, usize)>,
}

const BATCH_ROWS: usize = 4096;

/// Read a table's item rows and check their frames on a second thread while this one hands the
/// previous batch to the engine: reading and building the table overlap.
fn load_items(tx: &redb::ReadTransaction, name: &str, table: &mut engine::reload::TableReload<'_>) -> Result<(), LoadError> {
    let items_name = rows::items_name(name);
    let items: TableDefinition<&[u8], &[u8]> = TableDefinition::new(&items_name);
    let items = match tx.open_table(items) {
        Ok(items) => items,
        Err(redb::TableError::TableDoesNotExist(_)) => return Ok(()),
        Err(e) => return Err(e.into()),
    };
    let (send, batches) = std::sync::mpsc::sync_channel::<Result<Batch, LoadError>>(8);
    std::thread::scope(|scope| {
        scope.spawn(move || {
            let read = || -> Result<(), LoadError> {
                let mut batch = Batch::default();
                for row in items.iter()? {
                    let (key, value) = row?;
                    let key = key.value();
                    let item = unframe(key, value.value())
                        .ok_or_else(|| LoadError::Damaged(format!("table {name}: an item fails its check")))?;
                    batch.bytes.extend_from_slice(key);
                    batch.bytes.extend_from_slice(item);
                    batch.rows.push((key.len(), item.len()));
                    if batch.rows.len() == BATCH_ROWS {
                        // The loading side has stopped (an error): stop reading too.
                        send.send(Ok(std::mem::take(&mut batch))).map_err(|_| LoadError::Damaged(String::new()))?;
                    }
                }
                let _ = send.send(Ok(batch));
                Ok(())
            };
            if let Err(e) = read() {
                let _ = send.send(Err(e));
            }
        });
        for batch in batches {
            let batch = batch?;
            let mut rest = batch.bytes.as_slice();
            for (k, v) in batch.rows {
                let (Some(key), Some(item)) = (rest.get(..k), rest.get(k..k + v)) else { break };
                table.item(key, item).map_err(|e| LoadError::Damaged(e.to_string()))?;
                rest = rest.get(k + v..).unwrap_or_default();
            }
        }
        Ok(())
    })
}

/// The `config` row for a new database.
pub fn config_row(config: &DatabaseConfig) -> Vec<u8> {
    let v = serde_json::json!({"region": config.region, "accountId": config.account_id});
    rows::frame(CONFIG_KEY.as_bytes(), v.to_string().as_bytes())
}

/// Load everything; `None` when the database holds nothing yet (a new file).
pub fn load(db: &impl ReadableDatabase) -> Result<Option<Database>, LoadError> {
    let tx = db.begin_read()?;
    let Some(meta) = read_meta(&tx)? else { return Ok(None) };
    let mut reload = Reload::new(meta.config);
    let mut names = Vec::new();
    let headers = match tx.open_table(TABLES) {
        Ok(t) => Some(t),
        // No table created yet: redb makes a table with its first row.
        Err(redb::TableError::TableDoesNotExist(_)) => None,
        Err(e) => return Err(e.into()),
    };
    for row in headers.as_ref().map(|h| h.iter()).transpose()?.into_iter().flatten() {
        let (name, header) = row?;
        let name = name.value().to_owned();
        let header = unframe(name.as_bytes(), header.value())
            .ok_or_else(|| LoadError::Damaged(format!("the definition of table {name} fails its check")))?;
        let mut table = reload.table(&name, header).map_err(|e| LoadError::Damaged(e.to_string()))?;
        load_items(&tx, &name, &mut table)?;
        let stream_name = rows::stream_name(&name);
        let stream: TableDefinition<u64, &[u8]> = TableDefinition::new(&stream_name);
        match tx.open_table(stream) {
            Ok(records) => {
                for row in records.iter()? {
                    let (seq, value) = row?;
                    let seq = seq.value();
                    let record = unframe(&seq.to_be_bytes(), value.value())
                        .ok_or_else(|| LoadError::Damaged(format!("table {name}: stream record {seq} fails its check")))?;
                    table.record(seq, record).map_err(|e| LoadError::Damaged(e.to_string()))?;
                }
            }
            Err(redb::TableError::TableDoesNotExist(_)) => {}
            Err(e) => return Err(e.into()),
        }
        table.finish();
        names.push(name);
    }
    // Rows of a table with no definition would be silently ignored: say so instead.
    for handle in tx.list_tables()? {
        let owner = handle.name().strip_prefix("items:").or_else(|| handle.name().strip_prefix("stream:"));
        if let Some(owner) = owner.filter(|o| !names.iter().any(|n| n == o)) {
            return Err(LoadError::Damaged(format!("rows of table {owner} but no definition of it")));
        }
    }
    Ok(Some(reload.finish(meta.clock)))
}
