//! Running a request from the Query tab, and what the tab remembers of the session.
//!
//! Every request goes through [`run`]: the modeler's playground runs it on its engine
//! (`Playground::run_request` → `Database::execute_explained`), the items it wrote are mirrored into the
//! model and recorded as one undo step, and the answer becomes an [`Outcome`] that the results panel,
//! the generated code and the operation log all read.

use engine::api::partiql::Operation;
use engine::capacity::{Reason, Target};
use leptos::prelude::*;
use serde_json::Value;

use super::builder::Builder;
use super::capacity::{explain, TableCapacity};
use super::pattern_state::PatternState;
use crate::state::clock;
use crate::state::{AppState, Matched};
use super::results::{summarize, Summary};
use crate::model::{Edit, TableState};
use crate::model::grid_view::key_label;
use crate::state::Modeler;

/// Which part of the tab sent a request (the log's "open in builder" goes back to it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    Builder,
    Write,
    Console,
    PartiQL,
    Clock,
    /// The SearchVectors form.
    Vector,
}

/// A refused request, shaped as DynamoDB sends it.
#[derive(Debug, Clone, PartialEq)]
pub struct Failure {
    pub status: u16,
    /// `ValidationException`, `ConditionalCheckFailedException`, ...
    pub type_name: String,
    pub message: String,
    /// The exact error body (`__type`, message, `Item`, `CancellationReasons`).
    pub body: Value,
}

/// One request and its answer.
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome {
    pub seq: u64,
    pub source: Source,
    pub action: String,
    pub request: Value,
    pub result: Result<Value, Failure>,
    pub summary: Summary,
    pub capacity: Vec<TableCapacity>,
    /// Items of the model the request changed (its writes and TTL deletes).
    pub changed: usize,
    /// The playground clock when it ran.
    pub at: u64,
    /// Something the user should know about how the request was run (e.g. a design change that the
    /// model does not take from the console).
    pub note: Option<super::words::ModelNote>,
    /// What an ExecuteStatement became (GetItem, Query, Scan or a single-item write).
    pub operation: Option<Operation>,
    /// For a read of a GSI: the writes it missed because they are still propagating to it.
    pub propagation: Option<crate::model::propagation::MissedNote>,
}

impl Outcome {
    /// The table (and index) the request read: its `TableName`/`IndexName`, or a statement's target.
    pub fn target(&self) -> (&str, &str) {
        let field = |k: &str| self.request.get(k).and_then(Value::as_str);
        match (&self.operation, field("TableName")) {
            (_, Some(t)) => (t, field("IndexName").unwrap_or("")),
            (Some(Operation::Query { table, index, .. } | Operation::Scan { table, index }), None) => (table, index.as_deref().unwrap_or("")),
            (Some(Operation::GetItem { table, .. } | Operation::PutItem { table } | Operation::UpdateItem { table } | Operation::DeleteItem { table }), None) => (table, ""),
            (None, None) => ("", ""),
        }
    }

    /// The response body or the error body.
    pub fn body(&self) -> &Value {
        match &self.result {
            Ok(v) => v,
            Err(f) => &f.body,
        }
    }

    pub fn status_text(&self) -> String {
        match &self.result {
            Ok(_) => String::from("200 OK"),
            Err(f) => format!("{} {}", f.status, f.type_name),
        }
    }
}

/// The tab's own state: made once by [`super::QueryTab`], provided as context to its panels, and passed
/// as a parameter to everything a click runs (there is no context inside an event handler).
#[derive(Clone, Copy)]
pub struct QuerySession {
    pub builder: RwSignal<Builder>,
    pub last: RwSignal<Option<Outcome>>,
    pub log: RwSignal<Vec<Outcome>>,
    /// The clock, mirrored in a signal so its display updates.
    pub clock: RwSignal<u64>,
    /// The open mode (a slug of [`super::MODES`]). Setting it rebuilds the mode's panel, even to the mode
    /// already open: that is how a request opened from the log or a pattern reaches the panel's controls.
    pub mode: RwSignal<&'static str>,
    /// The PartiQL mode's form (kept while another mode is open).
    pub partiql: RwSignal<super::partiql::Form>,
    /// What the modes keep of the access pattern they were opened from (sample values, name).
    pub pattern: PatternState,
    /// The playground's shared state, captured when the tab was built (requests run from click handlers).
    pub app: AppState,
}

impl QuerySession {
    /// The tab's state, made once by the tab and provided to its panels.
    pub fn new(app: AppState) -> QuerySession {
        QuerySession {
            builder: RwSignal::new(Builder::new("")),
            last: RwSignal::new(None),
            log: RwSignal::new(Vec::new()),
            clock: RwSignal::new(clock::now()),
            mode: RwSignal::new("builder"),
            partiql: RwSignal::new(Default::default()),
            pattern: PatternState::new(),
            app,
        }
    }
}

/// The Query tab's state, while one of its components builds (never from a handler: pass it there).
pub fn use_session() -> QuerySession {
    expect_context::<QuerySession>()
}

fn index_targets(t: &TableState) -> Vec<Target> {
    crate::model::index_view::indexes(&t.definition)
        .into_iter()
        .map(|i| if i.global { Target::GlobalIndex(i.name) } else { Target::LocalIndex(i.name) })
        .collect()
}

/// Whether a request only reads (what a read-only embed runs): the read actions, and statements that
/// are all SELECTs.
pub fn reads_only(action: &str, input: &Value) -> bool {
    let select = |v: &Value| v.get("Statement").and_then(Value::as_str).is_some_and(|s| s.trim_start().get(..6).is_some_and(|w| w.eq_ignore_ascii_case("select")));
    let all = |field: &str| input.get(field).and_then(Value::as_array).is_some_and(|l| l.iter().all(select));
    match action {
        "GetItem" | "Query" | "Scan" | "BatchGetItem" | "TransactGetItems" | "DescribeTable" | "ListTables" | "DescribeTimeToLive" | "ListTagsOfResource" | "ListStreams" | "DescribeStream" | "GetShardIterator" | "GetRecords" | "SearchVectors" => true,
        "ExecuteStatement" => select(input),
        "BatchExecuteStatement" => all("Statements"),
        "ExecuteTransaction" => all("TransactStatements"),
        _ => false,
    }
}

/// Control-plane actions that would change a table's design: the model owns designs, so these run
/// through model edits (CreateTable, DeleteTable) or on a copy of the engine (other UpdateTable changes).
fn design_action(action: &str, input: &Value) -> bool {
    match action {
        "CreateTable" | "DeleteTable" => true,
        // Turning a stream on or off is a table setting the model leaves to the engine session.
        "UpdateTable" => input.as_object().is_some_and(|m| m.keys().any(|k| k != "TableName" && k != "StreamSpecification")),
        _ => false,
    }
}

/// The playground's refusal of a write in a read-only embed, in the error's place (English, as the
/// engine's messages are); the results panel explains it in the page's language beside it.
pub const READ_ONLY_MESSAGE: &str = "This model is shown read-only: only reads run here; open it in Dynamodel to change it";

/// Run `action` with `input` on the playground's engine, mirror its writes into the model (one undo
/// step), and publish the outcome.
pub fn run(session: QuerySession, source: Source, action: &str, input: Value) -> Outcome {
    let m = session.app.modeler;
    let now = clock::now();
    let mut note = None;
    let mut changed = 0;
    let ex = if m.read_only && !reads_only(action, &input) {
        Some(engine::explain::Explained {
            result: Err(engine::error::ApiError::Validation(String::from(READ_ONLY_MESSAGE))),
            charges: Vec::new(),
            writes: Vec::new(),
            operation: None,
        })
    } else if design_action(action, &input) {
        // Answer exactly as the engine does, on a copy, then make the model change the answer describes.
        // `database_mut`: the engine with every row stored (see `Playground::store_unstored`).
        let mut scratch = m.state.try_update_untracked(|s| s.playground.database_mut().clone()).unwrap_or_default();
        let ex = scratch.execute_explained(action, &input, now);
        if ex.result.is_ok() {
            note = apply_design(&m, action, &input);
        }
        Some(ex)
    } else {
        let revision = m.state.with_untracked(|s| s.playground.revision());
        let ex = m.state.try_update_untracked(|s| {
            let run = s.playground.run_request(action, &input, now);
            if let Some(Edit::Batch(edits)) = &run.inverse {
                changed = edits.len();
            }
            if let Some(inverse) = run.inverse {
                s.history.record(inverse);
            }
            run.explained
        });
        // A successful UpdateTimeToLive changes the table's setting in the model (no rows change).
        let ttl_changed = action == "UpdateTimeToLive" && ex.as_ref().is_some_and(|e| e.result.is_ok());
        if changed > 0 || ttl_changed {
            m.state.update(|_| {});
            m.save();
        } else if m.state.with_untracked(|s| s.playground.revision()) != revision {
            // Writes reached the GSIs as the clock moved: the rows are unchanged (nothing to save),
            // what the index views and the in-flight lists show is not.
            m.state.update(|_| {});
        }
        ex
    };
    let ex = ex.unwrap_or_else(|| engine::explain::Explained {
        result: Err(engine::error::ApiError::Internal(String::from("the playground is gone"))),
        charges: Vec::new(),
        writes: Vec::new(),
        operation: None,
    });
    let capacity = m.state.with_untracked(|s| {
        explain(&ex.charges, |name| s.playground.table_index(name).and_then(|i| s.playground.table(i)).map(index_targets).unwrap_or_default())
    });
    let result = ex.result.map_err(|e| {
        let (status, body) = engine::wire::error_body(&e);
        Failure { status, type_name: e.type_name().to_string(), message: e.message().to_string(), body }
    });
    let mut summary = match &result {
        Ok(v) => summarize(&input, v),
        Err(f) => summarize(&input, &f.body),
    };
    let operation = ex.operation;
    if operation.is_some() {
        // A statement's answer has no ScannedCount: the page was cut by size if fewer items were read
        // than its Limit.
        let read: u64 = ex.charges.iter().flat_map(|c| &c.charges).map(|c| if let Reason::Read { items } = c.reason { items } else { 0 }).sum();
        let limit = input.get("Limit").and_then(Value::as_u64);
        summary.cut_by_page_size = summary.last_evaluated_key.is_some() && limit.is_none_or(|l| read < l);
        if result.is_ok() && matches!(operation, Some(Operation::GetItem { .. } | Operation::Query { .. } | Operation::Scan { .. })) {
            let found: u64 = ex.charges.iter().flat_map(|c| &c.charges).filter(|c| matches!(c.reason, Reason::GetItem { found: true })).count() as u64;
            summary.statement_read = Some(read + found);
        }
    }
    let propagation = missed_writes(&m, action, &input, now).filter(|_| result.is_ok());
    let mut outcome = Outcome { seq: 0, source, action: action.to_string(), request: input, result, summary, capacity, changed, at: now, note, operation, propagation };
    let reads = matches!(outcome.operation, Some(Operation::GetItem { .. } | Operation::Query { .. } | Operation::Scan { .. }));
    if (matches!(action, "Query" | "Scan") || reads) && outcome.result.is_ok() {
        publish_matches(&session.app, outcome.target().0, &outcome.summary);
    }
    outcome.seq = session.log.with_untracked(|l| l.len() as u64 + 1);
    session.log.update(|l| l.push(outcome.clone()));
    session.last.set(Some(outcome.clone()));
    outcome
}

/// What a Query or Scan of a GSI missed: the writes still propagating to it.
fn missed_writes(m: &Modeler, action: &str, input: &Value, now: u64) -> Option<crate::model::propagation::MissedNote> {
    let index = input.get("IndexName").and_then(Value::as_str)?;
    let table = input.get("TableName").and_then(Value::as_str)?;
    m.state.with_untracked(|s| {
        let db = s.playground.database();
        let missed = db.missed_by_read(action, input, now);
        crate::model::propagation::missed_note(db, table, index, &missed)
    })
}

fn apply_design(m: &Modeler, action: &str, input: &Value) -> Option<super::words::ModelNote> {
    use super::words::ModelNote;
    let name = input.get("TableName").and_then(Value::as_str).unwrap_or("").to_string();
    let edit = match action {
        "CreateTable" => {
            let at = m.state.with_untracked(|s| s.playground.tables().len());
            let table = TableState { definition: input.clone(), entities: Vec::new(), rows: Vec::new(), definition_error: None, time_to_live: None };
            Edit::InsertTable { at, table }
        }
        "DeleteTable" => match m.state.with_untracked(|s| s.playground.table_index(&name)) {
            Some(at) => Edit::RemoveTable { at },
            None => return None,
        },
        _ => return Some(ModelNote::DesignUnchanged),
    };
    match m.perform(edit) {
        Ok(()) => {
            m.clamp_selection();
            Some(ModelNote::Reflects { action: action.to_string() })
        }
        Err(e) => Some(ModelNote::Refused { action: action.to_string(), error: e.to_string() }),
    }
}

fn publish_matches(app: &AppState, table: &str, summary: &Summary) {
    let m = &app.modeler;
    let table = table.to_string();
    let labels = m.state.with_untracked(|s| {
        let Some(t) = s.playground.table_index(&table).and_then(|i| s.playground.table(i)) else { return Vec::new() };
        let (pk, sk) = t.key_names();
        let cols: Vec<String> = pk.into_iter().chain(sk).collect();
        summary.items.iter().map(|i| key_label(i, &cols)).collect()
    });
    app.matched.set(Matched { table, keys: labels.into_iter().collect() });
}

/// Move the playground clock to `to` and let the engine catch up (TTL deletes, stream trimming) in a
/// request that is logged and mirrored like any other.
pub fn advance_clock(session: QuerySession, to: u64) -> Outcome {
    let t = clock::set(to);
    session.clock.set(t);
    run(session, Source::Clock, "ListTables", serde_json::json!({}))
}
