//! The pattern table as Markdown, in the seeds' access-pattern table format (pattern, index, key
//! condition), with the playground's verdict as a last column, for design documents.

use alloc::format;
use alloc::string::String;

use engine::model::Model;
use messages::Message;

use crate::check::{coverage, PatternCheck};
use crate::view::TableView;

/// A cell's text with the characters that would break a Markdown table escaped.
fn cell(s: &str) -> String {
    s.replace('\\', "\\\\").replace('|', "\\|").replace('\n', " ")
}

/// "Main table", "GSI1", "GSI2 (sparse)": the seeds' index column, in English (the export's words).
pub fn index_label(model: &Model, check: &PatternCheck) -> String {
    crate::render(&index_words(model, check), messages::Lang::En)
}

/// The index column as a message, for the pattern table in the page's language.
pub fn index_words(model: &Model, check: &PatternCheck) -> Message {
    let Some(table) = &check.table else { return Message::new("index.none") };
    match &check.index {
        None if model.tables.len() == 1 => Message::new("index.main"),
        None => Message::new("index.table").text("table", table.clone()),
        Some(ix) => {
            let sparse = model.table(table).and_then(TableView::new).is_some_and(|t| {
                t.index(ix).is_some_and(|d| {
                    let holds = |i: &engine::value::Item| {
                        i.contains_key(&d.pk.name) && d.sk.as_ref().is_none_or(|s| i.contains_key(&s.name))
                    };
                    t.items.iter().any(holds) && !t.items.iter().all(holds)
                })
            });
            let base = if model.tables.len() == 1 { ix.clone() } else { format!("{table} / {ix}") };
            Message::new(if sparse { "index.sparse" } else { "index.index" }).text("index", base)
        }
    }
}

/// The whole table, with the coverage line under it.
pub fn export(model: &Model, checks: &[PatternCheck]) -> String {
    let mut s = String::from("| Access pattern | Index | Key condition | Status |\n|---|---|---|---|\n");
    for c in checks {
        let status = match &c.error {
            Some(e) => format!("{} {}", c.status.symbol(), e),
            None => format!("{} {}", c.status.symbol(), crate::render(&c.status.label(), messages::Lang::En)),
        };
        s.push_str(&format!(
            "| {} | {} | {} | {} |\n",
            cell(&c.name),
            cell(&index_label(model, c)),
            cell(&crate::render(&c.key_condition, messages::Lang::En)),
            cell(&status)
        ));
    }
    s.push('\n');
    s.push_str(&crate::render(&coverage(checks), messages::Lang::En));
    s.push('\n');
    s
}
