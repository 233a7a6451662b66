//! Access patterns first: the playground's pattern table and its advisor, as pure code.
//!
//! The seeds' core lesson is "list your access patterns, then design keys so that each is one Query or
//! GetItem". This crate holds both halves of checking that:
//!
//! - [`check`] runs every stored access pattern ([`pattern::PatternSpec`]: a request with `{placeholders}`
//!   and sample values, the entity types it should return, its expected rate) through the engine on the
//!   model's own data and says what it used, read, returned and cost, and whether one request serves it
//!   ([`check::Status`]); [`markdown`] writes the seeds' access-pattern table.
//! - [`advise`] runs the [`rules`] (one file each) over the model, the pattern results and, when present,
//!   the simulator's heat ([`heat::Heat`]), and returns [`Finding`]s: what is wrong in the seeds' terms, a
//!   concrete fix, and the table, index, item or pattern it concerns.
//!
//! Nothing here keeps state or reads a clock; the app calls it again on every model change.
//!
//! What the advisor says (findings, verdicts, statuses, pattern faults) is a [`Message`]: a key with
//! typed arguments, rendered in English or Turkish from [`words::CATALOG`] by [`render`]. A DynamoDB
//! error a pattern runs into is passed through as text, in DynamoDB's English.
//!
//! ```
//! use engine::db::{Database, DatabaseConfig};
//! use engine::model::Model;
//! let m = Model::from_json_str(r#"{"version":2,"tables":[{"definition":{"TableName":"Things",
//!   "KeySchema":[{"AttributeName":"PK","KeyType":"HASH"}],
//!   "AttributeDefinitions":[{"AttributeName":"PK","AttributeType":"S"}],"BillingMode":"PAY_PER_REQUEST"},
//!   "items":[{"PK":{"S":"a"}}]}],
//!   "accessPatterns":[{"name":"Everything","operation":"Scan","request":{"TableName":"Things"}}]}"#).unwrap();
//! let mut db = Database::new(DatabaseConfig::default());
//! m.load_into(&mut db, 0).unwrap();
//! let checks = advisor::check::check_all(&m, &db, 0);
//! assert_eq!(checks[0].status, advisor::check::Status::ScanOrMany);
//! let findings = advisor::advise(&advisor::Context::new(&m, &checks, None));
//! assert_eq!(findings[0].rule, advisor::RuleId::ScanInPattern);
//! ```
#![no_std]
#![forbid(unsafe_code)]

extern crate alloc;

pub mod builder_form;
pub mod check;
pub mod draft;
#[doc(hidden)]
pub mod fuzzing;
pub mod heat;
pub mod markdown;
pub mod pattern;
pub mod rules;
mod summary;
pub mod view;
pub mod words;

use alloc::string::String;
use alloc::vec::Vec;

use engine::model::DismissedFinding;

pub use check::{PatternCheck, Status};
pub use heat::Heat;
pub use summary::summary;
pub use view::Context;
pub use words::{render, Words};
pub use messages::{Lang, Message};

/// Which rule produced a finding. The `id` is stable: it names the finding in `dismissedFindings`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum RuleId {
    ScanInPattern,
    FilterRatio,
    LowCardinalityKey,
    ConstantGsiKey,
    LsiCollectionSize,
    ItemSize,
    Projection,
    RelationalTables,
    NeedlessTransaction,
    MissingTypeAttribute,
    NumbersAsStrings,
    HotTimeKey,
    PatternFails,
    SyntheticKey,
}

impl RuleId {
    pub const ALL: [RuleId; 14] = [
        RuleId::ScanInPattern,
        RuleId::FilterRatio,
        RuleId::LowCardinalityKey,
        RuleId::ConstantGsiKey,
        RuleId::LsiCollectionSize,
        RuleId::ItemSize,
        RuleId::Projection,
        RuleId::RelationalTables,
        RuleId::NeedlessTransaction,
        RuleId::MissingTypeAttribute,
        RuleId::NumbersAsStrings,
        RuleId::HotTimeKey,
        RuleId::PatternFails,
        RuleId::SyntheticKey,
    ];

    pub fn id(self) -> &'static str {
        match self {
            RuleId::ScanInPattern => "scan-in-pattern",
            RuleId::FilterRatio => "filter-ratio",
            RuleId::LowCardinalityKey => "low-cardinality-key",
            RuleId::ConstantGsiKey => "constant-gsi-key",
            RuleId::LsiCollectionSize => "lsi-collection-size",
            RuleId::ItemSize => "item-size",
            RuleId::Projection => "projection",
            RuleId::RelationalTables => "relational-tables",
            RuleId::NeedlessTransaction => "needless-transaction",
            RuleId::MissingTypeAttribute => "missing-type-attribute",
            RuleId::NumbersAsStrings => "numbers-as-strings",
            RuleId::HotTimeKey => "hot-time-key",
            RuleId::PatternFails => "pattern-fails",
            RuleId::SyntheticKey => "synthetic-key",
        }
    }
}

/// How much a finding matters: a `Problem` breaks at scale or fails outright (a Scan, a 10 GB limit, a
/// throttled key); a `Warning` costs more than it should or is a risk to watch.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    Problem,
    Warning,
}

/// What a finding points at, so the UI can take the user there.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub enum Target {
    Model,
    Table { table: String },
    Index { table: String, index: String },
    /// An item, by its primary key as text (`PK=USER#1, SK=ORDER#9`).
    Item { table: String, key: String },
    Pattern { name: String },
}

impl Target {
    /// The part of a finding's id after the rule (`Shop/GSI1`, `pattern:Pending orders`).
    pub fn slug(&self) -> String {
        match self {
            Target::Model => String::from("model"),
            Target::Table { table } => table.clone(),
            Target::Index { table, index } => alloc::format!("{table}/{index}"),
            Target::Item { table, key } => alloc::format!("{table}[{key}]"),
            Target::Pattern { name } => alloc::format!("pattern:{name}"),
        }
    }

    /// How the UI labels it ("index GSI1 of Shop").
    pub fn label(&self) -> Message {
        match self {
            Target::Model => Message::new("target.model"),
            Target::Table { table } => Message::new("target.table").text("table", table.clone()),
            Target::Index { table, index } => Message::new("target.index").text("table", table.clone()).text("index", index.clone()),
            Target::Item { table, key } => Message::new("target.item").text("table", table.clone()).text("key", key.clone()),
            Target::Pattern { name } => Message::new("target.pattern").text("pattern", name.clone()),
        }
    }
}

/// One finding: the rule, what it concerns, what is wrong (in the seeds' terms, with the figures that
/// show it) and what to do about it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    pub rule: RuleId,
    pub severity: Severity,
    pub target: Target,
    pub title: Words,
    pub explanation: Words,
    pub fix: Words,
    /// Judged from the simulator's heat rather than from the model and its data. A heat finding has its
    /// own id, so dismissing one never dismisses the other.
    pub from_heat: bool,
}

impl Finding {
    /// The stable id saved in `dismissedFindings`: rule and target (`constant-gsi-key:SocialPosts/LatestPosts`),
    /// with `heat:` before the target for a finding from the simulator's heat
    /// (`low-cardinality-key:heat:Shop/GSI1`). Data findings keep the ids they always had, so dismissals
    /// saved before heat findings had their own ids still apply to them.
    pub fn id(&self) -> String {
        let heat = if self.from_heat { "heat:" } else { "" };
        alloc::format!("{}:{heat}{}", self.rule.id(), self.target.slug())
    }

    /// The reason this finding was dismissed with, if it was.
    pub fn dismissal<'a>(&self, dismissed: &'a [DismissedFinding]) -> Option<&'a DismissedFinding> {
        let id = self.id();
        dismissed.iter().find(|d| d.finding == id)
    }
}

/// Every rule over `cx`, ordered by severity, then rule, then target. Dismissed findings are included
/// (see [`Finding::dismissal`]): the UI shows them folded, with their reason.
pub fn advise(cx: &Context) -> Vec<Finding> {
    let mut out = Vec::new();
    for rule in RuleId::ALL {
        out.extend(rules::run(rule, cx));
    }
    out.sort_by(|a, b| (a.severity, a.rule, &a.target).cmp(&(b.severity, b.rule, &b.target)));
    out.dedup_by(|a, b| a.id() == b.id());
    out
}

/// Dismiss `finding` for `reason` (replacing an earlier reason for the same finding). The list is the
/// model's `dismissed_findings`.
pub fn dismiss(dismissed: &mut Vec<DismissedFinding>, finding: &str, reason: &str) {
    dismissed.retain(|d| d.finding != finding);
    dismissed.push(DismissedFinding { finding: finding.into(), reason: reason.into() });
}

/// Show `finding` again.
pub fn restore(dismissed: &mut Vec<DismissedFinding>, finding: &str) {
    dismissed.retain(|d| d.finding != finding);
}
