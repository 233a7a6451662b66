//! The status bar: which engine build is running, and the model's size as the engine counts it.

use leptos::prelude::*;

use super::model_figures::ModelFigures;
use crate::i18n::{t, t_string, use_i18n};
use crate::language::numbers;
use crate::model::display::bytes_text_in;
use crate::state::use_modeler;

#[component]
pub fn StatusBar() -> impl IntoView {
    let i18n = use_i18n();
    let modeler = use_modeler();
    let figures = Memo::new(move |_| modeler.state.with(|s| ModelFigures::of(&s.playground)));
    view! {
        <footer class="statusbar" data-testid="status-bar">
            <span class="status-item" data-testid="status-engine">
                <span class="status-dot" aria-hidden="true"></span>
                {t!(i18n, shell.status_engine, version = || view! { <span data-testid="status-engine-version">{engine::VERSION}</span> })}
            </span>
            {move || figures.get().map(|f| view! { <ModelSummary figures=f/> })}
            <span class="status-item status-right">{t!(i18n, shell.status_private)}</span>
        </footer>
    }
}

/// The model's figures in one sentence; each figure in its own element (tests and the eye find them).
#[component]
fn ModelSummary(figures: ModelFigures) -> impl IntoView {
    let i18n = use_i18n();
    let (tables, items, bytes) = (figures.tables, figures.items, figures.bytes);
    let tables_n = move || view! { <strong data-testid="status-model-tables">{numbers::count(i18n.get_locale(), tables as u64)}</strong> };
    let items_n = move || view! { <strong data-testid="status-model-items">{numbers::count(i18n.get_locale(), items as u64)}</strong> };
    let bytes_n = move || view! { <strong data-testid="status-model-bytes">{bytes_text_in(i18n.get_locale(), bytes)}</strong> };
    let summary = move || match (tables == 1, items == 1) {
        (true, true) => t!(i18n, shell.status_model_one_one, tables = tables_n, items = items_n, bytes = bytes_n).into_any(),
        (true, false) => t!(i18n, shell.status_model_one_many, tables = tables_n, items = items_n, bytes = bytes_n).into_any(),
        (false, true) => t!(i18n, shell.status_model_many_one, tables = tables_n, items = items_n, bytes = bytes_n).into_any(),
        (false, false) => t!(i18n, shell.status_model_many_many, tables = tables_n, items = items_n, bytes = bytes_n).into_any(),
    };
    let largest = figures.largest.map(|(table, size)| {
        let size_n = move || view! { <strong data-testid="status-model-largest">{bytes_text_in(i18n.get_locale(), size)}</strong> };
        view! { {t!(i18n, shell.status_largest, size = size_n, table = move || table.clone())} }
    });
    view! {
        <span class="status-item" data-testid="status-model" title=move || t_string!(i18n, shell.status_figures_source)>
            {summary}
            {largest}
        </span>
    }
}
