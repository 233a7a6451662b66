//! The editable model and the engine database that mirrors it.
//!
//! The model (tables, entities, rows) is the source of truth and the `Database` is kept in step with it
//! edit by edit, so the grid always shows what DynamoDB would store and the index views can ask the
//! engine itself. Every change goes through [`Playground::apply`], which either succeeds completely and
//! returns the edit that undoes it, or fails and changes nothing: a bad edit can never lose data.
//!
//! An edited item reaches the engine typed (`put_item_ref`, `delete_item`), not as DynamoDB JSON the same
//! process would write and parse back. A row holds its item once: a stored row shares the engine's own
//! buffer ([`RowItem`]); only the rows the engine does not hold keep an item of their own.
//!
//! Every applied change is also recorded in a short journal ([`Playground::changes_since`]), so views
//! derived from the model (the grid's layout, the autosave's encoded items) can update the few rows an
//! edit touched instead of recomputing 10,000 of them.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicU64, Ordering};

use engine::api::write::DeleteItemInput;
use engine::db::{Database, DatabaseConfig};
use engine::error::ApiError;
use engine::model::schema::key_schema;
use engine::model::{table_name, AccessPattern, DismissedFinding, Entity, EntityError, Model, TableModel, Workload};
use engine::table::key::{key_from_item, key_from_key_param, PrimaryKey};
use engine::value::{item_from_json, AttributeValue, Item};
use serde_json::{json, Value};

pub use super::row_item::RowItem;

/// Identifies a row for the lifetime of a session (keys of `<For>`, targets of edits). Not saved: rows
/// are renumbered on load.
pub type RowId = u64;

/// One item of a table as the user sees it.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    pub id: RowId,
    /// The engine's stored item when the engine holds it (`error` is `None` and the table's rows are
    /// stored), else the item itself.
    pub item: RowItem,
    /// Why the engine refused to store this item (only after a design change or a load made it
    /// invalid); the row is kept so the user can fix it.
    pub error: Option<String>,
}

/// One table of the model.
#[derive(Debug, Clone, PartialEq)]
pub struct TableState {
    /// The CreateTable input.
    pub definition: Value,
    pub entities: Vec<Entity>,
    pub rows: Vec<Row>,
    /// Why CreateTable refused `definition` (only possible for a loaded model); rows are then unstored.
    pub definition_error: Option<String>,
    /// The model file's `timeToLive` attribute, carried through unchanged (exports use it).
    pub time_to_live: Option<String>,
}

impl TableState {
    pub fn name(&self) -> &str {
        table_name(&self.definition).unwrap_or("")
    }

    /// `(partition key, sort key)` attribute names.
    pub fn key_names(&self) -> (Option<String>, Option<String>) {
        let (p, s) = key_schema(self.definition.get("KeySchema"));
        (p.map(String::from), s.map(String::from))
    }

    pub fn row(&self, id: RowId) -> Option<&Row> {
        self.rows.iter().find(|r| r.id == id)
    }
}

/// One undoable change. Applying an edit returns its inverse.
#[derive(Debug, Clone, PartialEq)]
pub enum Edit {
    /// Insert a table at `at` (its rows are stored in the engine).
    InsertTable { at: usize, table: TableState },
    RemoveTable { at: usize },
    /// Replace a table's CreateTable definition; its rows are stored again under the new design.
    SetDefinition { table: usize, definition: Value },
    SetEntities { table: usize, entities: Vec<Entity> },
    /// Insert or replace the row `id`.
    PutRow { table: usize, id: RowId, item: Item },
    DeleteRow { table: usize, id: RowId },
    /// Put back a row the engine does not store (one with an error), exactly as it was. Only undo
    /// produces this: it is how undoing the fix of a broken row restores the broken row.
    RestoreRow { table: usize, row: Row },
    /// Several edits as one undo step (e.g. renaming a table and fixing its entities).
    Batch(Vec<Edit>),
    /// Replace the model's access patterns (the pattern table's add, change, delete).
    SetAccessPatterns(Vec<AccessPattern>),
    /// Replace the advisor findings the user dismissed (dismiss, restore).
    SetDismissedFindings(Vec<DismissedFinding>),
    /// Replace the model's workloads (the Heat tab saves the workload it runs).
    SetWorkloads(Vec<Workload>),
    /// Swap in a whole other model — tables, items, name, description, access patterns, workloads and
    /// dismissals — already loaded into its own engine (a file, link or template opened with
    /// "Replace"); the inverse holds the model it replaced, so undo brings every part of it back.
    ReplaceAll(Box<Whole>),
}

/// Everything [`Edit::ReplaceAll`] swaps: a playground minus its journal. Equal when the models are
/// equal (the engine mirrors the tables).
#[derive(Debug, Clone)]
pub struct Whole(Playground);

impl From<Playground> for Whole {
    fn from(p: Playground) -> Whole {
        Whole(p)
    }
}

impl PartialEq for Whole {
    fn eq(&self, other: &Whole) -> bool {
        let (a, b) = (&self.0, &other.0);
        a.name == b.name
            && a.description == b.description
            && a.access_patterns == b.access_patterns
            && a.workloads == b.workloads
            && a.dismissed_findings == b.dismissed_findings
            && a.tables == b.tables
    }
}

/// What one applied change did to the model, for views that keep derived state and update it in
/// step (see [`Playground::changes_since`]). Row changes carry the row as it was, so a view can undo
/// its own bookkeeping for it without having kept a copy.
#[derive(Debug, Clone, PartialEq)]
pub enum Change {
    /// Row `id` was appended to the rows of table `table`.
    RowAdded { table: usize, id: RowId },
    /// Row `id` of table `table` was replaced in place (same position); `old` is what it was.
    RowReplaced { table: usize, id: RowId, old: Row },
    /// The row at position `pos` of table `table` was removed; `old` is what it was.
    RowRemoved { table: usize, pos: usize, old: Row },
    /// Table `table` changed as a whole: its definition or its entities (its rows' items are
    /// unchanged, their errors may not be).
    Table(usize),
    /// The rows of table `table`, read before the engine stored them, are now stored, every one of them
    /// (see [`Playground::store_unstored`]): nothing a view shows of the table changed, only what the
    /// engine answers about it.
    Stored(usize),
    /// Tables were inserted or removed, so table positions may have moved.
    Tables,
}

/// Journal stamps are unique across every playground of the session (not per playground), so a view
/// that last saw one playground can never mistake another, or a clone that went its own way, for it.
static STAMPS: AtomicU64 = AtomicU64::new(1);

fn next_stamp() -> u64 {
    STAMPS.fetch_add(1, Ordering::Relaxed)
}

/// How many changes the journal keeps. Views catch up after every edit, so a short journal is enough;
/// a view that falls further behind simply recomputes.
const JOURNAL_LEN: usize = 256;

/// The recent changes, each with its stamp; `base` is the stamp of the state before the oldest one.
#[derive(Debug, Clone)]
struct Journal {
    base: u64,
    entries: VecDeque<(u64, Change)>,
}

impl Journal {
    fn new() -> Journal {
        Journal { base: next_stamp(), entries: VecDeque::new() }
    }

    fn record(&mut self, change: Change) {
        if self.entries.len() == JOURNAL_LEN {
            if let Some((stamp, _)) = self.entries.pop_front() {
                self.base = stamp;
            }
        }
        self.entries.push_back((next_stamp(), change));
    }

    fn revision(&self) -> u64 {
        self.entries.back().map_or(self.base, |(s, _)| *s)
    }

    fn since(&self, revision: u64) -> Option<Vec<&Change>> {
        if revision == self.base {
            return Some(self.entries.iter().map(|(_, c)| c).collect());
        }
        let at = self.entries.binary_search_by_key(&revision, |(s, _)| *s).ok()?;
        Some(self.entries.iter().skip(at + 1).map(|(_, c)| c).collect())
    }
}

/// Why an edit was refused. The model is unchanged when this is returned.
#[derive(Debug, Clone, PartialEq)]
pub enum EditError {
    /// The engine's own DynamoDB error (CreateTable, PutItem...).
    Api(ApiError),
    /// Another row already has this primary key.
    DuplicateKey(String),
    Entity(EntityError),
    NoSuchTable(usize),
    NoSuchRow(RowId),
    /// The model is shown read-only (an embed with `readonly=1`).
    ReadOnly,
}

impl core::fmt::Display for EditError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            EditError::Api(e) => write!(f, "{}: {}", e.type_name(), e.message()),
            EditError::DuplicateKey(k) => write!(f, "Another item already has the key {k}"),
            EditError::Entity(e) => write!(f, "{e}"),
            EditError::NoSuchTable(i) => write!(f, "There is no table #{i}"),
            EditError::NoSuchRow(id) => write!(f, "There is no row {id}"),
            EditError::ReadOnly => write!(f, "This model is shown read-only; open it in Dynamodel to change it"),
        }
    }
}

impl From<ApiError> for EditError {
    fn from(e: ApiError) -> Self {
        EditError::Api(e)
    }
}

/// The model plus the engine database that stores its items.
#[derive(Debug, Clone)]
pub struct Playground {
    pub name: String,
    pub description: String,
    /// The model file's open slots, carried through unchanged so that saving never drops them.
    pub access_patterns: Vec<AccessPattern>,
    pub workloads: Vec<Workload>,
    /// Advisor findings the user dismissed, with reasons (carried into the model file).
    pub dismissed_findings: Vec<DismissedFinding>,
    tables: Vec<TableState>,
    db: Database,
    /// Tables whose rows the engine does not hold yet: a reload shows its first rows before 10,000
    /// PutItems (see [`Playground::from_decoded_unstored`]). Every `&mut` entry point stores them first.
    unstored: Vec<usize>,
    next_id: RowId,
    journal: Journal,
}

fn api_text(e: &ApiError) -> String {
    format!("{}: {}", e.type_name(), e.message())
}

impl Default for Playground {
    fn default() -> Self {
        Playground::new()
    }
}

impl Playground {
    pub fn new() -> Playground {
        Playground {
            name: String::new(),
            description: String::new(),
            access_patterns: Vec::new(),
            workloads: Vec::new(),
            dismissed_findings: Vec::new(),
            tables: Vec::new(),
            db: Database::new(DatabaseConfig::default()),
            unstored: Vec::new(),
            next_id: 1,
            journal: Journal::new(),
        }
    }

    /// A stamp for the current state: it changes with every applied change and is never reused, by this
    /// or any other playground of the session.
    pub fn revision(&self) -> u64 {
        self.journal.revision()
    }

    /// The changes since the state stamped `revision`, oldest first: empty when nothing changed, `None`
    /// when that state is not this playground's or is too old for the journal (then recompute).
    pub fn changes_since(&self, revision: u64) -> Option<Vec<&Change>> {
        self.journal.since(revision)
    }

    pub fn tables(&self) -> &[TableState] {
        &self.tables
    }

    pub fn table(&self, i: usize) -> Option<&TableState> {
        self.tables.get(i)
    }

    pub fn table_index(&self, name: &str) -> Option<usize> {
        self.tables.iter().position(|t| t.name() == name)
    }

    /// The engine as it is. Until [`Playground::store_unstored`] has run, a playground made by
    /// [`Playground::from_decoded_unstored`] has its tables here but not their rows: a view that reads
    /// it then is redrawn when they are stored (the revision moves). An action on the engine goes through
    /// [`Playground::database_mut`], which stores them first.
    pub fn database(&self) -> &Database {
        &self.db
    }

    /// For reads (Scan on an index): the engine's `execute` takes `&mut self` for every action (the clock
    /// may advance). Stores any rows not stored yet first.
    /// How long a write takes to reach the GSIs of every table (the Query tab's setting beside the
    /// clock). Zero delivers every write in flight at once.
    pub fn set_index_lag(&mut self, lag: engine::index::lag::IndexLag) {
        self.store_unstored();
        if self.db.index_lag() == lag {
            return;
        }
        let in_flight = self.tables_in_flight();
        self.db.set_index_lag(lag);
        // What the indexes show changes when writes in flight are delivered.
        for ti in in_flight {
            self.journal.record(Change::Stored(ti));
        }
    }

    pub fn index_lag(&self) -> engine::index::lag::IndexLag {
        self.db.index_lag()
    }

    /// The tables with writes still on their way to their GSIs.
    fn tables_in_flight(&self) -> Vec<usize> {
        (0..self.tables.len())
            .filter(|&ti| self.db.table(self.tables[ti].name()).is_some_and(|t| !t.propagation().is_idle()))
            .collect()
    }

    pub fn database_mut(&mut self) -> &mut Database {
        self.store_unstored();
        &mut self.db
    }

    /// Whether some table's rows are not in the engine yet.
    pub fn has_unstored(&self) -> bool {
        !self.unstored.is_empty()
    }

    /// Store the rows [`Playground::from_decoded_unstored`] left out of the engine, exactly as
    /// [`Playground::from_decoded`] would have, and record it: [`Change::Stored`] for a table whose
    /// every row was stored, [`Change::Table`] for one where the engine refused some (their errors
    /// are new, and the grid moves them to the "not stored" band). Returns whether there was anything
    /// to store.
    pub fn store_unstored(&mut self) -> bool {
        if self.unstored.is_empty() {
            return false;
        }
        for ti in core::mem::take(&mut self.unstored) {
            let Some(table) = self.tables.get_mut(ti) else { continue };
            Playground::put_rows(&mut self.db, table);
            let refused = table.rows.iter().any(|r| r.error.is_some());
            self.journal.record(if refused { Change::Table(ti) } else { Change::Stored(ti) });
        }
        true
    }

    /// A fresh row id (ids are never reused within a session, so an undone insert cannot collide).
    pub fn new_row_id(&mut self) -> RowId {
        let id = self.next_id;
        self.next_id += 1;
        id
    }

    /// Build from a model file. Never fails: a table CreateTable refuses, or an item PutItem refuses, is
    /// kept with its error so that nothing in a saved model is dropped.
    pub fn from_model(model: &Model, now: u64) -> Playground {
        let rows = model.tables.iter().map(|t| {
            t.items
                .iter()
                .map(|raw| match item_from_json(raw) {
                    Ok(item) => (item, None),
                    // Unreadable item JSON: keep it as a single string attribute so it is visible and
                    // recoverable instead of silently dropped.
                    Err(e) => {
                        let mut item = Item::new();
                        item.insert(String::from("__unreadable"), AttributeValue::S(raw.to_string()));
                        (item, Some(format!("ValidationException: {}", e.message())))
                    }
                })
                .collect()
        });
        Playground::from_rows(model, rows.collect(), now, true)
    }

    /// Build from a model file read with its items already decoded ([`engine::model::decoded::read`]):
    /// the same playground [`Playground::from_model`] gives for that file, without decoding any item again.
    pub fn from_decoded(d: engine::model::decoded::Decoded, now: u64) -> Playground {
        let mut p = Playground::from_decoded_unstored(d, now);
        p.store_unstored();
        p
    }

    /// [`Playground::from_decoded`] with its tables created in the engine but their rows not stored
    /// yet: the rows, their layout and the grid need nothing the engine holds, so a reload can draw
    /// them first and store the rows in a task of their own ([`Playground::store_unstored`]), about a
    /// fifth of a 10,000-item reload.
    pub fn from_decoded_unstored(d: engine::model::decoded::Decoded, now: u64) -> Playground {
        let rows = d.items.into_iter().map(|items| items.into_iter().map(|item| (item, None)).collect()).collect();
        Playground::from_rows(&d.model, rows, now, false)
    }

    /// `model` without its items, and each table's rows (an item, and why it could not be read), stored
    /// in the engine now or (`store: false`) left to [`Playground::store_unstored`].
    fn from_rows(model: &Model, rows: Vec<Vec<(Item, Option<String>)>>, now: u64, store: bool) -> Playground {
        let mut p = Playground::new();
        p.name = model.name.clone();
        p.description = model.description.clone();
        p.access_patterns = model.access_patterns.clone();
        p.workloads = model.workloads.clone();
        p.dismissed_findings = model.dismissed_findings.clone();
        for (t, items) in model.tables.iter().zip(rows) {
            let rows = items
                .into_iter()
                .map(|(item, error)| Row { id: p.new_row_id(), item: RowItem::held(item), error })
                .collect();
            let mut table = TableState {
                definition: t.definition.clone(),
                entities: t.entities.clone(),
                rows,
                definition_error: None,
                time_to_live: t.time_to_live.clone(),
            };
            if p.create_table(&mut table, now) {
                if store {
                    Playground::put_rows(&mut p.db, &mut table);
                } else {
                    p.unstored.push(p.tables.len());
                }
            }
            p.tables.push(table);
        }
        p
    }

    /// The model file's JSON for one row: its item as DynamoDB JSON, or the saved text of an item that
    /// could not be read, exactly as it was.
    pub fn row_json(row: &Row) -> Value {
        if !row.item.is_stored() {
            if let (Some(AttributeValue::S(raw)), 1) = (row.item.get("__unreadable"), row.item.len()) {
                return serde_json::from_str(raw).unwrap_or(Value::Null);
            }
        }
        row.item.to_json()
    }

    /// The model file for this state without the items (`items` is empty in every table): what the
    /// incremental autosave wraps around the items it keeps encoded.
    pub fn to_model_without_items(&self) -> Model {
        let mut m = Model::new();
        m.name = self.name.clone();
        m.description = self.description.clone();
        m.access_patterns = self.access_patterns.clone();
        m.workloads = self.workloads.clone();
        m.dismissed_findings = self.dismissed_findings.clone();
        for t in &self.tables {
            m.tables.push(TableModel {
                definition: t.definition.clone(),
                entities: t.entities.clone(),
                items: Vec::new(),
                time_to_live: t.time_to_live.clone(),
            });
        }
        m
    }

    /// The model file for this state.
    pub fn to_model(&self) -> Model {
        let mut m = self.to_model_without_items();
        for (tm, t) in m.tables.iter_mut().zip(&self.tables) {
            tm.items = t.rows.iter().map(Playground::row_json).collect();
        }
        m
    }

    /// Create `table` in the engine and store its rows, recording per-row errors.
    fn store_table(&mut self, table: &mut TableState, now: u64) {
        if self.create_table(table, now) {
            Playground::put_rows(&mut self.db, table);
        }
    }

    /// CreateTable (and its Time to Live) for `table`; `false`, with every row marked, when the engine
    /// refuses the definition.
    fn create_table(&mut self, table: &mut TableState, now: u64) -> bool {
        match self.db.execute("CreateTable", &table.definition, now) {
            Ok(_) => {
                table.definition_error = None;
                // The model's Time to Live setting (tables[i].timeToLive) is the engine's too, so expired
                // items disappear as DynamoDB's TTL deletes them. A new table has no cooldown to hit; an
                // attribute name the engine refuses leaves TTL off in the engine (and the setting shown).
                if let Some(attr) = &table.time_to_live {
                    let input = serde_json::json!({"TableName": table.name(), "TimeToLiveSpecification": {"AttributeName": attr, "Enabled": true}});
                    let _ = self.db.execute("UpdateTimeToLive", &input, now);
                }
                // The JSON entry point advances the clock before every action; here once for all rows.
                self.db.advance_time(now);
                true
            }
            Err(e) => {
                let text = api_text(&e);
                for row in &mut table.rows {
                    row.error = Some(format!("Not stored: the table definition is invalid ({text})"));
                }
                table.definition_error = Some(text);
                false
            }
        }
    }

    /// PutItem every row of `table` (created by [`Playground::create_table`]), keeping the engine's
    /// answer to a row it refuses as that row's error. A stored row then holds the engine's buffer, and
    /// its own item is dropped.
    fn put_rows(db: &mut Database, table: &mut TableState) {
        let name = table.name().to_string();
        for row in &mut table.rows {
            row.error = None;
            if row.item.contains_key("__unreadable") {
                row.error = Some(String::from("ValidationException: the saved item could not be read"));
                continue;
            }
            let item = core::mem::replace(&mut row.item, RowItem::held(Item::new())).into_item();
            match put_typed(db, &name, item) {
                Ok(stored) => row.item = stored,
                Err((item, e)) => {
                    row.item = RowItem::held(item);
                    row.error = Some(api_text(&e));
                }
            }
        }
        // Rows stored to build the table (a load, a design change) are the table's contents, not writes
        // a learner made: they are in the indexes at once, as an index's backfill is.
        if let Some(t) = db.table_mut(&name) {
            t.flush_propagation();
        }
    }

    /// Take row `row` of table `name` out of the engine, if the engine holds it.
    fn unstore(&mut self, name: &str, table: usize, row: &Row, now: u64) -> Result<(), ApiError> {
        if row.error.is_some() {
            return Ok(());
        }
        let key = match (row.item.stored_key(), self.db.table(name)) {
            (Some(k), Some(t)) => k.to_item(&t.def.keys),
            _ => self.key_of(table, &row.item.item()),
        };
        delete_typed(&mut self.db, name, key, now)
    }

    fn drop_table(&mut self, table: &TableState, now: u64) {
        if table.definition_error.is_none() {
            // The table exists in the engine (it was created by store_table); deleting it cannot be refused.
            let _ = self.db.execute("DeleteTable", &json!({"TableName": table.name()}), now);
        }
    }

    /// Apply one edit; on success return the edit that undoes it.
    pub fn apply(&mut self, edit: Edit, now: u64) -> Result<Edit, EditError> {
        self.store_unstored();
        match edit {
            Edit::InsertTable { at, mut table } => {
                if at > self.tables.len() {
                    return Err(EditError::NoSuchTable(at));
                }
                // Check the design on a scratch database so a refused table leaves nothing behind.
                let mut scratch = Database::new(DatabaseConfig::default());
                scratch.execute("CreateTable", &table.definition, now)?;
                if self.table_index(table.name()).is_some() {
                    return Err(EditError::Api(ApiError::ResourceInUse(format!("Table already exists: {}", table.name()))));
                }
                self.store_table(&mut table, now);
                // Rows may come from another playground (an example, an undone removal): never hand
                // out their ids again.
                self.next_id = self.next_id.max(table.rows.iter().map(|r| r.id + 1).max().unwrap_or(0));
                self.tables.insert(at, table);
                self.journal.record(Change::Tables);
                Ok(Edit::RemoveTable { at })
            }
            Edit::RemoveTable { at } => {
                if at >= self.tables.len() {
                    return Err(EditError::NoSuchTable(at));
                }
                let table = self.tables.remove(at);
                self.drop_table(&table, now);
                self.journal.record(Change::Tables);
                Ok(Edit::InsertTable { at, table })
            }
            Edit::SetDefinition { table, definition } => self.set_definition(table, definition, now),
            Edit::SetEntities { table, entities } => {
                let t = self.tables.get(table).ok_or(EditError::NoSuchTable(table))?;
                let keys = engine::model::key_attributes(&t.definition);
                for e in &entities {
                    e.check(&keys).map_err(EditError::Entity)?;
                }
                let t = &mut self.tables[table];
                let old = core::mem::replace(&mut t.entities, entities);
                self.journal.record(Change::Table(table));
                Ok(Edit::SetEntities { table, entities: old })
            }
            Edit::PutRow { table, id, item } => self.put_row(table, id, item, now),
            Edit::DeleteRow { table, id } => {
                let t = self.tables.get(table).ok_or(EditError::NoSuchTable(table))?;
                let pos = t.rows.iter().position(|r| r.id == id).ok_or(EditError::NoSuchRow(id))?;
                let name = t.name().to_string();
                let row = t.rows[pos].clone();
                self.unstore(&name, table, &row, now)?;
                self.tables[table].rows.remove(pos);
                self.journal.record(Change::RowRemoved { table, pos, old: row.clone() });
                Ok(if row.error.is_some() { Edit::RestoreRow { table, row } } else { Edit::PutRow { table, id, item: row.item.into_item() } })
            }
            Edit::RestoreRow { table, row } => {
                let t = self.tables.get(table).ok_or(EditError::NoSuchTable(table))?;
                let name = t.name().to_string();
                let current = t.rows.iter().position(|r| r.id == row.id).map(|pos| (pos, t.rows[pos].clone()));
                if let Some((_, cur)) = &current {
                    self.unstore(&name, table, cur, now)?;
                }
                let id = row.id;
                let rows = &mut self.tables[table].rows;
                Ok(match current {
                    Some((pos, cur)) => {
                        rows[pos] = row;
                        self.journal.record(Change::RowReplaced { table, id, old: cur.clone() });
                        if cur.error.is_some() { Edit::RestoreRow { table, row: cur } } else { Edit::PutRow { table, id, item: cur.item.into_item() } }
                    }
                    None => {
                        rows.push(row);
                        self.next_id = self.next_id.max(id + 1);
                        self.journal.record(Change::RowAdded { table, id });
                        Edit::DeleteRow { table, id }
                    }
                })
            }
            Edit::SetAccessPatterns(patterns) => {
                Ok(Edit::SetAccessPatterns(core::mem::replace(&mut self.access_patterns, patterns)))
            }
            Edit::SetDismissedFindings(list) => {
                Ok(Edit::SetDismissedFindings(core::mem::replace(&mut self.dismissed_findings, list)))
            }
            Edit::SetWorkloads(list) => Ok(Edit::SetWorkloads(core::mem::replace(&mut self.workloads, list))),
            Edit::ReplaceAll(mut whole) => {
                let o = &mut whole.0;
                core::mem::swap(&mut self.name, &mut o.name);
                core::mem::swap(&mut self.description, &mut o.description);
                core::mem::swap(&mut self.access_patterns, &mut o.access_patterns);
                core::mem::swap(&mut self.workloads, &mut o.workloads);
                core::mem::swap(&mut self.dismissed_findings, &mut o.dismissed_findings);
                core::mem::swap(&mut self.tables, &mut o.tables);
                core::mem::swap(&mut self.db, &mut o.db);
                // Row ids stay unique across both models, whichever is shown.
                let next = self.next_id.max(o.next_id);
                self.next_id = next;
                o.next_id = next;
                self.journal.record(Change::Tables);
                Ok(Edit::ReplaceAll(whole))
            }
            Edit::Batch(edits) => {
                let mut inverses = Vec::with_capacity(edits.len());
                for e in edits {
                    match self.apply(e, now) {
                        Ok(inv) => inverses.push(inv),
                        Err(err) => {
                            // Roll back what this batch already did, newest first.
                            for inv in inverses.into_iter().rev() {
                                let _ = self.apply(inv, now);
                            }
                            return Err(err);
                        }
                    }
                }
                inverses.reverse();
                Ok(Edit::Batch(inverses))
            }
        }
    }

    fn set_definition(&mut self, table: usize, definition: Value, now: u64) -> Result<Edit, EditError> {
        let old = self.tables.get(table).ok_or(EditError::NoSuchTable(table))?.clone();
        let mut scratch = Database::new(DatabaseConfig::default());
        scratch.execute("CreateTable", &definition, now)?;
        let new_name = table_name(&definition).unwrap_or("");
        if new_name != old.name() && self.table_index(new_name).is_some() {
            return Err(EditError::Api(ApiError::ResourceInUse(format!("Table already exists: {new_name}"))));
        }
        self.drop_table(&old, now);
        let mut t = old.clone();
        t.definition = definition;
        self.store_table(&mut t, now);
        self.tables[table] = t;
        self.journal.record(Change::Table(table));
        Ok(Edit::SetDefinition { table, definition: old.definition })
    }

    /// The primary-key attributes of `item` under table `table`'s schema.
    pub fn key_of(&self, table: usize, item: &Item) -> Item {
        let mut key = Item::new();
        if let Some(t) = self.tables.get(table) {
            let (p, s) = t.key_names();
            for name in [p, s].into_iter().flatten() {
                if let Some(v) = item.get(&name) {
                    key.insert(name, v.clone());
                }
            }
        }
        key
    }

    fn put_row(&mut self, table: usize, id: RowId, item: Item, now: u64) -> Result<Edit, EditError> {
        let t = self.tables.get(table).ok_or(EditError::NoSuchTable(table))?;
        let name = t.name().to_string();
        let old = t.rows.iter().position(|r| r.id == id).map(|pos| (pos, t.rows[pos].clone()));
        let new_key = self.key_of(table, &item);
        let (pk, sk) = t.key_names();
        let complete = pk.iter().chain(sk.iter()).all(|k| new_key.contains_key(k));
        if complete {
            // The rows the engine stores are exactly the rows without an error, so another row has this
            // key when the engine holds an item at it that is not this row's own: one lookup, where
            // comparing the key with each of 10,000 rows was a third of an edit's script time.
            if let Some(et) = self.db.table(&name) {
                if let Ok(k) = key_from_key_param(&et.def.keys, &new_key) {
                    let own = old.as_ref().is_some_and(|(_, r)| {
                        r.error.is_none()
                            && match r.item.stored_key() {
                                Some(stored) => *stored == k,
                                None => new_key.iter().all(|(n, v)| r.item.attr(n).as_deref() == Some(v)),
                            }
                    });
                    if et.get_stored(&k).is_some() && !own {
                        return Err(EditError::DuplicateKey(crate::model::display::key_text(&new_key)));
                    }
                }
            }
        }
        // Remove the old version first (its key may change), put the new one, and put the old one back
        // if the engine refuses the new one.
        let stored_old = old.as_ref().filter(|(_, r)| r.error.is_none()).map(|(_, r)| r.clone());
        if let Some(old_row) = &stored_old {
            self.unstore(&name, table, old_row, now)?;
        }
        let stored = match put_typed(&mut self.db, &name, item) {
            Ok(stored) => stored,
            Err((_, e)) => {
                if let Some(old_row) = &stored_old {
                    // It was stored a moment ago under the same schema, so storing it again succeeds;
                    // the row keeps the buffer it had, which holds the same item.
                    let _ = self.db.put_item_ref(&name, &old_row.item.item());
                }
                return Err(EditError::Api(e));
            }
        };
        let rows = &mut self.tables[table].rows;
        match old {
            Some((pos, old_row)) => {
                rows[pos] = Row { id, item: stored, error: None };
                self.journal.record(Change::RowReplaced { table, id, old: old_row.clone() });
                Ok(if old_row.error.is_some() {
                    Edit::RestoreRow { table, row: old_row }
                } else {
                    Edit::PutRow { table, id, item: old_row.item.into_item() }
                })
            }
            None => {
                rows.push(Row { id, item: stored, error: None });
                self.next_id = self.next_id.max(id + 1);
                self.journal.record(Change::RowAdded { table, id });
                Ok(Edit::DeleteRow { table, id })
            }
        }
    }
}

/// A typed PutItem of `item` into table `name`; the row's item is then the engine's own stored buffer.
/// On a refusal the item comes back with the engine's error.
fn put_typed(db: &mut Database, name: &str, item: Item) -> Result<RowItem, (Item, ApiError)> {
    if let Err(e) = db.put_item_ref(name, &item) {
        return Err((item, e));
    }
    let stored = db.table(name).and_then(|t| {
        let key = key_from_item(&t.def.keys, &item).ok()?;
        let s = t.get_stored(&key)?;
        Some(RowItem::stored(s.item.clone(), key))
    });
    // The engine has just stored it under that key; holding the item itself would only cost memory.
    Ok(stored.unwrap_or_else(|| RowItem::held(item)))
}

/// A typed DeleteItem of `key` (the key attributes) from table `name`.
fn delete_typed(db: &mut Database, name: &str, key: Item, now: u64) -> Result<(), ApiError> {
    db.delete_item(&DeleteItemInput { table_name: name.to_string(), key, ..DeleteItemInput::default() }, now).map(|_| ())
}

/// What a request run against the playground's engine did (see [`Playground::run_request`]).
#[derive(Debug, Clone)]
pub struct RequestRun {
    /// The engine's answer, its charges and the keys it wrote.
    pub explained: engine::explain::Explained,
    /// The edit that takes the request's writes back (for undo); `None` when it changed no item.
    pub inverse: Option<Edit>,
}

impl Playground {
    /// Run any action the engine supports against this playground's database (a Query-tab request, a
    /// console paste, a clock tick) and mirror every item it committed — its own writes and the Time to
    /// Live deletes the clock made — into the rows, so the grid shows exactly what the engine stores.
    /// The returned inverse is a batch of ordinary row edits: undoing it writes the old items back
    /// through the engine like any other edit.
    pub fn run_request(&mut self, action: &str, input: &Value, now: u64) -> RequestRun {
        self.store_unstored();
        let in_flight = self.tables_in_flight();
        let explained = self.db.execute_explained(action, input, now);
        // The clock this request brings may deliver writes to the GSIs: the rows are unchanged, what
        // the indexes answer is not.
        for ti in in_flight {
            self.journal.record(Change::Stored(ti));
        }
        if action == "UpdateTimeToLive" && explained.result.is_ok() {
            // The table's setting travels with the model (saved, shared, reloaded). It is not an undo
            // step: DynamoDB itself refuses a second TTL change within the hour.
            let name = input.get("TableName").and_then(Value::as_str).unwrap_or_default();
            if let Some(ti) = self.table_index(name) {
                self.tables[ti].time_to_live = self.db.time_to_live(name).ok().flatten().map(String::from);
                self.journal.record(Change::Table(ti));
            }
        }
        let mut inverses = Vec::new();
        for (name, key) in &explained.writes {
            let Some(ti) = self.table_index(name) else { continue };
            let Some(pk) = self.db.table(name).and_then(|t| key_from_key_param(&t.def.keys, key).ok()) else { continue };
            let stored = self.stored_row_item(name, &pk);
            // A stored row still holds the buffer it was stored with: the item as it was before this
            // request, which is what its undo writes back.
            let pos = self.tables[ti].rows.iter().position(|r| r.error.is_none() && r.item.stored_key() == Some(&pk));
            let rows = &mut self.tables[ti].rows;
            match (pos, stored) {
                (Some(pos), Some(item)) => {
                    if rows[pos].item != item {
                        let old_row = rows[pos].clone();
                        rows[pos].item = item;
                        self.journal.record(Change::RowReplaced { table: ti, id: old_row.id, old: old_row.clone() });
                        inverses.push(Edit::PutRow { table: ti, id: old_row.id, item: old_row.item.into_item() });
                    }
                }
                (Some(pos), None) => {
                    let row = rows.remove(pos);
                    self.journal.record(Change::RowRemoved { table: ti, pos, old: row.clone() });
                    inverses.push(Edit::PutRow { table: ti, id: row.id, item: row.item.into_item() });
                }
                (None, Some(item)) => {
                    let id = self.next_id;
                    self.next_id += 1;
                    self.tables[ti].rows.push(Row { id, item, error: None });
                    self.journal.record(Change::RowAdded { table: ti, id });
                    inverses.push(Edit::DeleteRow { table: ti, id });
                }
                (None, None) => {}
            }
        }
        inverses.reverse();
        let inverse = (!inverses.is_empty()).then_some(Edit::Batch(inverses));
        RequestRun { explained, inverse }
    }

    /// The engine's stored item at `key` in table `name`, shared.
    fn stored_row_item(&self, name: &str, key: &PrimaryKey) -> Option<RowItem> {
        let s = self.db.table(name)?.get_stored(key)?;
        Some(RowItem::stored(s.item.clone(), key.clone()))
    }
}
