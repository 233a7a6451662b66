//! What the Query tab's logic has to say, as values the views word in the page's language: why a
//! request cannot be shown in a mode's controls, why a field is not usable, a read's short line, why a
//! read came back empty, how a PartiQL statement ran, what a design request did to the model.
//!
//! DynamoDB's own errors are not here: they stay as the engine writes them, in English.

use crate::i18n::{td_string, Locale};

/// A count as the tab has always written it in English (ungrouped: `1234`), and grouped the Turkish
/// way (`1.234`).
pub fn count(locale: Locale, n: u64) -> String {
    match locale {
        Locale::en => n.to_string(),
        _ => crate::language::numbers::count(locale, n),
    }
}

/// Why the builder or the write form cannot show a request (its JSON is then what runs).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unshowable {
    /// The builder shows Query and Scan only.
    NotQueryScan(String),
    NotObject,
    /// No `TableName` (the builder's wording).
    NoTableForBuilder,
    TableNotInModel(String),
    /// A parameter the builder has no control for, as written.
    BuilderNoControl(String),
    QueryWithoutKeyCondition,
    /// The key condition is not `#pk = :pk [AND …]` as the builder writes it.
    KeyConditionForm(String),
    /// A placeholder's value is not of the key's type.
    WrongType { placeholder: String, kind: String },
    PkNotPartition,
    /// The write form shows PutItem, UpdateItem and DeleteItem only.
    NotItemWrite(String),
    FormNoControl(String),
    NoTable,
    /// No `Item` / `Key`.
    NoItem(&'static str),
    NoConsumedCapacity,
    /// A member of the request (`Item`, `ExpressionAttributeValues`…) is not a JSON object.
    MemberNotObject(&'static str),
    /// A member is not JSON at all.
    MemberNotJson { what: &'static str, error: String },
}

impl Unshowable {
    pub fn text(&self, locale: Locale) -> String {
        match self {
            Unshowable::NotQueryScan(action) => td_string!(locale, query.builder_not_query_scan, action).to_string(),
            Unshowable::NotObject => td_string!(locale, query.request_not_object).to_string(),
            Unshowable::NoTableForBuilder => td_string!(locale, query.builder_no_table).to_string(),
            Unshowable::TableNotInModel(table) => td_string!(locale, query.builder_table_missing, table).to_string(),
            Unshowable::BuilderNoControl(parameter) => td_string!(locale, query.builder_no_control, parameter).to_string(),
            Unshowable::QueryWithoutKeyCondition => td_string!(locale, query.builder_no_key_condition).to_string(),
            Unshowable::KeyConditionForm(condition) => td_string!(locale, query.builder_key_condition_form, condition).to_string(),
            Unshowable::WrongType { placeholder, kind } => td_string!(locale, query.builder_wrong_type, placeholder, kind).to_string(),
            Unshowable::PkNotPartition => td_string!(locale, query.builder_pk_name).to_string(),
            Unshowable::NotItemWrite(action) => td_string!(locale, query.form_actions, action).to_string(),
            Unshowable::FormNoControl(parameter) => td_string!(locale, query.form_no_control, parameter).to_string(),
            Unshowable::NoTable => td_string!(locale, query.form_no_table).to_string(),
            Unshowable::NoItem(field) => td_string!(locale, query.form_no_item, field).to_string(),
            Unshowable::NoConsumedCapacity => td_string!(locale, query.form_capacity).to_string(),
            Unshowable::MemberNotObject(what) => td_string!(locale, query.form_what_not_object, what).to_string(),
            Unshowable::MemberNotJson { what, error } => td_string!(locale, query.form_what_not_json, what, error).to_string(),
        }
    }
}

impl core::fmt::Display for Unshowable {
    /// English, for logs and test messages.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(&self.text(Locale::en))
    }
}

/// Why DynamoDB will refuse the key condition the builder's controls describe on a multi-attribute key,
/// said before the request runs (see [`super::multi_key_builder::gap_explanation`]). Attribute names are
/// as the key schema writes them; the lists are in the key's order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum KeyGap {
    /// The HASH attribute `missing` has no value; `hash` is every HASH attribute of the key.
    NoHashValue { missing: String, hash: Vec<String> },
    /// The RANGE attribute `missing` has no value, but `given`, after it in `range`, has one.
    RangeGap { missing: String, given: String, range: Vec<String> },
}

impl KeyGap {
    pub fn text(&self, locale: Locale) -> String {
        match self {
            KeyGap::NoHashValue { missing, hash } => {
                let lang = crate::language::words(locale);
                let hash = messages::format_arg(&messages::Arg::And(hash.clone()), lang, &|_| String::new());
                td_string!(locale, query.gap_hash, missing, hash).to_string()
            }
            KeyGap::RangeGap { missing, given, range } => {
                // A list, in the key's order, with the language's "then" between the names.
                let order = range.join(td_string!(locale, query.gap_order_separator));
                td_string!(locale, query.gap_range, missing, given, order).to_string()
            }
        }
    }
}

/// Why a control's value cannot go into the request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FieldFault {
    NotObject,
    NotJson(String),
    NotWholeNumber(String),
    /// PartiQL's parameters are not a JSON array.
    ParametersNotList,
    LimitNotWhole,
    /// A member of the request is not usable.
    Request(Unshowable),
    /// DynamoDB's own error from running the request (type and message, in English as DynamoDB writes
    /// them).
    Dynamo { type_name: String, message: String },
}

impl FieldFault {
    pub fn text(&self, locale: Locale) -> String {
        match self {
            FieldFault::NotObject => td_string!(locale, query.field_not_object).to_string(),
            FieldFault::NotJson(error) => td_string!(locale, query.field_not_json, error).to_string(),
            FieldFault::NotWholeNumber(text) => td_string!(locale, query.field_not_whole, text).to_string(),
            FieldFault::ParametersNotList => td_string!(locale, query.parameters_not_list).to_string(),
            FieldFault::LimitNotWhole => td_string!(locale, query.limit_not_whole).to_string(),
            FieldFault::Request(u) => u.text(locale),
            FieldFault::Dynamo { type_name, message } => format!("{type_name}: {message}"),
        }
    }
}

/// A read's short line: "read 5 items, returned 2".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReadLine {
    pub read: u64,
    pub returned: u64,
}

impl ReadLine {
    pub fn text(&self, locale: Locale) -> String {
        let (read, returned) = (count(locale, self.read), count(locale, self.returned));
        if self.read == 1 {
            td_string!(locale, query.read_line_one, read, returned).to_string()
        } else {
            td_string!(locale, query.read_line_many, read, returned).to_string()
        }
    }
}

/// What a read addressed: a table, or an index of one.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum ReadTarget {
    #[default]
    Nothing,
    Table(String),
    Index { index: String, table: String },
}

impl ReadTarget {
    pub fn text(&self, locale: Locale) -> String {
        match self {
            ReadTarget::Nothing => String::new(),
            ReadTarget::Table(table) => td_string!(locale, query.target_table, table).to_string(),
            ReadTarget::Index { index, table } => td_string!(locale, query.target_index, index, table).to_string(),
        }
    }
}

/// Why a Query or Scan returned no item (see [`super::results::empty_hint`]). Values are shown as a
/// learner typed them; lists are already joined.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EmptyHint {
    /// Items were read and the filter discarded all of them (`filter`: the expression, if any).
    Filtered { read: u64, filter: Option<String> },
    /// The table or index holds no items.
    Empty { target: ReadTarget, index: bool },
    /// Nothing matched the key condition (it could not be read apart).
    NoMatch { target: ReadTarget, pk: String, values: String },
    /// The partition named does not exist.
    NoPartition { condition: String, pk: String, value: String, target: ReadTarget, values: String },
    /// The partition exists but the sort-key condition excluded its items.
    SortExcluded { pk: String, value: String, count: u64, condition: String, sort: Option<String>, values: String },
}

impl EmptyHint {
    pub fn text(&self, locale: Locale) -> String {
        let n = |v: u64| count(locale, v);
        match self {
            EmptyHint::Filtered { read, filter } => {
                let filter = filter.clone().unwrap_or_else(|| td_string!(locale, query.hint_the_filter).to_string());
                let count = *read;
                let read = n(count);
                if count == 1 {
                    td_string!(locale, query.hint_filtered_one, read, filter).to_string()
                } else {
                    td_string!(locale, query.hint_filtered_many, read, filter).to_string()
                }
            }
            EmptyHint::Empty { target, index } => {
                let target = target.text(locale);
                if *index {
                    td_string!(locale, query.hint_empty_index, target).to_string()
                } else {
                    td_string!(locale, query.hint_empty_table, target).to_string()
                }
            }
            EmptyHint::NoMatch { target, pk, values } => {
                let target = target.text(locale);
                td_string!(locale, query.hint_no_match, target, pk, values).to_string()
            }
            EmptyHint::NoPartition { condition, pk, value, target, values } => {
                let target = target.text(locale);
                td_string!(locale, query.hint_no_partition, condition, pk, value, target, values).to_string()
            }
            EmptyHint::SortExcluded { pk, value, count, condition, sort, values } => {
                let sort = sort.clone().unwrap_or_else(|| td_string!(locale, query.hint_sort_key).to_string());
                let many = *count != 1;
                let count = n(*count);
                if many {
                    td_string!(locale, query.hint_sort_excluded_many, pk, value, count, condition, sort, values).to_string()
                } else {
                    td_string!(locale, query.hint_sort_excluded_one, pk, value, count, condition, sort, values).to_string()
                }
            }
        }
    }
}

/// How a PartiQL statement ran (see [`super::partiql::plan_note`]); `op` is the engine's name of the
/// operation it became.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlanNote {
    GetItem { op: String },
    Query { op: String },
    FullScan { op: String },
    Write { op: String },
}

impl PlanNote {
    pub fn text(&self, locale: Locale) -> String {
        match self {
            PlanNote::GetItem { op } => td_string!(locale, query.plan_get, op).to_string(),
            PlanNote::Query { op } => td_string!(locale, query.plan_query, op).to_string(),
            PlanNote::FullScan { op } => td_string!(locale, query.plan_scan, op).to_string(),
            PlanNote::Write { op } => td_string!(locale, query.plan_write, op).to_string(),
        }
    }
}

/// What a design request (CreateTable, DeleteTable, UpdateTable…) from the console did to the model.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ModelNote {
    /// The engine answered; the model's design is unchanged.
    DesignUnchanged,
    Reflects { action: String },
    Refused { action: String, error: String },
}

impl ModelNote {
    pub fn text(&self, locale: Locale) -> String {
        match self {
            ModelNote::DesignUnchanged => td_string!(locale, query.note_design_unchanged).to_string(),
            ModelNote::Reflects { action } => td_string!(locale, query.note_model_reflects, action).to_string(),
            ModelNote::Refused { action, error } => td_string!(locale, query.note_model_refused, action, error).to_string(),
        }
    }
}
