//! One checked pattern as a row of the pattern table: what it used, read, returned and cost, its
//! status, and its actions.

use ::advisor::check::{PatternCheck, Status};
use leptos::prelude::*;

use crate::i18n::{t, t_string, td_string, use_i18n, Locale};

/// What a row shows, worked out from its check. A row whose figures are unchanged keeps its nodes
/// (the table is keyed by this whole value).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct RowData {
    /// The pattern's position in the model's list (what Open, Edit and Delete act on).
    pub index: usize,
    /// The pattern's name as the model writes it (what the row's `data-name` says, in every language).
    pub name: String,
    /// Its name and description as the page shows them: a template's own pattern in the page's language.
    pub shown_name: String,
    pub description: String,
    pub operation: String,
    /// The seeds' index column ("Main table", "GSI1 (sparse)").
    pub index_label: String,
    pub key_condition: String,
    pub reads: String,
    /// The number of requests, when it took more than one.
    pub requests: Option<u32>,
    pub cost: String,
    pub entities: String,
    pub unexpected: Option<String>,
    pub status: String,
    pub status_class: &'static str,
    pub error: Option<String>,
}

fn status_class(s: Status) -> &'static str {
    match s {
        Status::Single => "pat-ok",
        Status::FilterDiscards => "pat-warn",
        _ => "pat-bad",
    }
}

impl RowData {
    /// The row's words in `locale`; `description` is the pattern's, as the model writes it.
    pub fn new(index: usize, c: &PatternCheck, description: &str, index_label: String, locale: Locale) -> RowData {
        let (shown_name, description) = formats::pattern_words::pattern_in(&c.name, description, crate::language::words(locale));
        let units = |half: u64| {
            let whole = crate::query::words::count(locale, half / 2);
            if half.is_multiple_of(2) { whole } else { format!("{whole}{}5", if locale == Locale::en { '.' } else { ',' }) }
        };
        let cost = match (c.read_half_units, c.write_half_units) {
            (0, 0) if c.error.is_some() => String::from("—"),
            (r, 0) => td_string!(locale, patterns.cost_read, rcu = units(r)).to_string(),
            (0, w) => td_string!(locale, patterns.cost_write, wcu = units(w)).to_string(),
            (r, w) => td_string!(locale, patterns.cost_both, rcu = units(r), wcu = units(w)).to_string(),
        };
        RowData {
            index,
            name: c.name.clone(),
            shown_name: shown_name.to_string(),
            description: description.to_string(),
            operation: c.operation_label(),
            index_label,
            key_condition: ::advisor::render(&c.key_condition, crate::language::words(locale)),
            reads: if c.error.is_some() { String::from("—") } else { format!("{} → {}", crate::query::words::count(locale, c.items_read), crate::query::words::count(locale, c.items_returned)) },
            requests: (c.requests > 1).then_some(c.requests),
            cost,
            entities: c.entities.join(", "),
            unexpected: (!c.unexpected_entities.is_empty()).then(|| td_string!(locale, patterns.not_expected, entities = c.unexpected_entities.join(", ")).to_string()),
            status: format!("{} {}", c.status.symbol(), ::advisor::render(&c.status.label(), crate::language::words(locale))),
            status_class: status_class(c.status),
            error: c.error.as_ref().map(|e| ::advisor::render(&e.message(), crate::language::words(locale))),
        }
    }
}

/// The row; its buttons call back with the pattern's index.
#[component]
pub fn PatternRow(row: RowData, on_open: Callback<usize>, on_edit: Callback<usize>, on_delete: Callback<usize>) -> impl IntoView {
    let i = row.index;
    let i18n = use_i18n();
    let data_name = row.name.clone();
    view! {
        <tr data-testid="pattern-row" data-name=data_name class=row.status_class>
            <th scope="row" class="pat-name">
                // A template's pattern shown in another language keeps the model's own name in view: it is
                // what the Markdown export, a lesson's text and checks and "Save as access pattern" use.
                <span data-testid="pattern-name-shown" title=(row.shown_name != row.name).then(|| row.name.clone())>{row.shown_name.clone()}</span>
                <div class="pat-op">
                    {row.operation}
                    {(row.shown_name != row.name).then(|| view! { " · " <span class="pat-model-name" data-testid="pattern-model-name">{row.name.clone()}</span> })}
                </div>
                {(!row.description.is_empty()).then(|| view! { <div class="pat-desc" data-testid="pattern-description">{row.description}</div> })}
            </th>
            <td data-testid="pattern-index">{row.index_label}</td>
            <td class="mdl-mono" data-testid="pattern-key">{row.key_condition}</td>
            <td data-testid="pattern-items" title=move || t_string!(i18n, patterns.reads_title)>
                {row.reads}
                {row.requests.map(|count| view! { <div class="pat-op">{t!(i18n, patterns.requests, count)}</div> })}
            </td>
            <td data-testid="pattern-cost" title=move || t_string!(i18n, patterns.cost_title)>{row.cost}</td>
            <td data-testid="pattern-entities">
                {row.entities}
                {row.unexpected.map(|u| view! { <div class="pat-unexpected">{u}</div> })}
            </td>
            <td data-testid="pattern-status" class="pat-status">
                {row.status}
                {row.error.map(|e| view! { <div class="mdl-error" role="alert" data-testid="pattern-error">{e}</div> })}
            </td>
            <td class="pat-actions">
                <button type="button" class="mdl-link" data-testid="pattern-open" on:click=move |_| on_open.run(i)>{t!(i18n, patterns.open_builder)}</button>
                // A read-only embed changes no pattern.
                {(!crate::state::use_modeler().read_only).then(|| view! {
                    <button type="button" class="mdl-link" data-testid="pattern-edit" on:click=move |_| on_edit.run(i)>{t!(i18n, patterns.edit)}</button>
                    <button type="button" class="mdl-link mdl-remove" data-testid="pattern-delete" on:click=move |_| on_delete.run(i)>{t!(i18n, patterns.delete)}</button>
                })}
            </td>
        </tr>
    }
}
