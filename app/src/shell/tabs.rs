//! What the sidebar and each workspace tab show.
//!
//! This is the plug-in point for feature work (the modeler's table designer, item grid and index views,
//! the query runner, the heat map): replace a body here with the feature's component. The shell around it
//! (`workspace.rs`) handles tab selection and keyboard navigation and should not need to change.

use leptos::prelude::*;

use super::{EmptyState, Tab};

/// The content of the "Model" sidebar.
#[component]
pub fn ModelSidebarBody() -> impl IntoView {
    view! {
        <div data-testid="model-tables">
            <EmptyState
                title="No tables yet"
                hint="Your model starts with a table: give it a partition key (and a sort key if items \
                      share one), then add items and indexes and watch what each access pattern costs."
            />
        </div>
    }
}

/// The content of one workspace tab.
pub fn tab_body(tab: Tab) -> AnyView {
    match tab {
        Tab::Items => view! {
            <EmptyState
                title="No items to show"
                hint="Items appear here as a grid keyed by partition and sort key once the model has a table."
            />
        }
        .into_any(),
        Tab::Indexes => view! {
            <EmptyState
                title="No indexes yet"
                hint="Global and local secondary indexes of the selected table, with what each one projects."
            />
        }
        .into_any(),
        Tab::Query => view! {
            <EmptyState
                title="Nothing to query yet"
                hint="Run Query and Scan against the model's tables and see the items read and the capacity consumed."
            />
        }
        .into_any(),
        Tab::Heat => view! {
            <EmptyState
                title="No traffic yet"
                hint="Simulate a workload and see how it spreads over partitions, which keys run hot, and what gets throttled."
            />
        }
        .into_any(),
    }
}
