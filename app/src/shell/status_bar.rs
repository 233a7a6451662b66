//! The status bar: which engine build is running, and the model's size as the engine counts it.

use leptos::prelude::*;

use super::model_figures::ModelFigures;
use crate::model::display::bytes_text;
use crate::state::use_modeler;

/// Where the status bar's figures come from, shown as their tooltip.
const FIGURES_SOURCE: &str = "Item sizes by DynamoDB's rules (attribute names plus values), as the engine \
                              stores each item: the sum of the Items grid's Size column over every table. \
                              An item's size bounds one write of it: 1 WCU per started KB on the table, more \
                              for each index that projects it.";

#[component]
pub fn StatusBar() -> impl IntoView {
    let modeler = use_modeler();
    let figures = Memo::new(move |_| modeler.state.with(|s| ModelFigures::of(&s.playground)));
    view! {
        <footer class="statusbar" data-testid="status-bar">
            <span class="status-item" data-testid="status-engine">
                <span class="status-dot" aria-hidden="true"></span>
                "Engine "
                <span data-testid="status-engine-version">{engine::VERSION}</span>
                " (wasm)"
            </span>
            {move || figures.get().map(|f| view! { <ModelSummary figures=f/> })}
            <span class="status-item status-right">"Runs entirely in your browser — nothing is sent anywhere."</span>
        </footer>
    }
}

#[component]
fn ModelSummary(figures: ModelFigures) -> impl IntoView {
    let plural = |n: usize, one: &'static str, many: &'static str| if n == 1 { one } else { many };
    let largest = figures.largest.map(|(table, size)| {
        view! {
            " · largest "
            <strong data-testid="status-model-largest">{bytes_text(size)}</strong>
            {format!(" (in {table})")}
        }
    });
    view! {
        <span class="status-item" data-testid="status-model" title=FIGURES_SOURCE>
            <strong data-testid="status-model-tables">{figures.tables}</strong>
            {format!(" {} · ", plural(figures.tables, "table", "tables"))}
            <strong data-testid="status-model-items">{figures.items}</strong>
            {format!(" {}, ", plural(figures.items, "item", "items"))}
            <strong data-testid="status-model-bytes">{bytes_text(figures.bytes)}</strong>
            " in all"
            {largest}
        </span>
    }
}
