//! The status bar: which engine build is running, and a live figure computed by it.
//!
//! The sample item's size and the capacity of writing and reading it are computed by the engine compiled
//! to wasm at page load, so a broken wasm path shows up on the first screen instead of deep inside a feature.

use leptos::prelude::*;

use crate::engine_bridge::{engine_version, sample_report, SAMPLE_ITEM_JSON};

#[component]
pub fn StatusBar() -> impl IntoView {
    let sample = match sample_report() {
        Ok(report) => view! {
            <span class="status-item" data-testid="status-sample" title=SAMPLE_ITEM_JSON>
                "Sample item: "
                {report.item.attributes.to_string()}
                " attributes, "
                <strong data-testid="status-sample-size">{report.item.size_bytes.to_string()}</strong>
                " bytes · PutItem "
                <strong data-testid="status-sample-wcu">{report.put_wcu}</strong>
                " WCU · GetItem "
                <strong data-testid="status-sample-rcu">{report.get_rcu}</strong>
                " RCU (eventual)"
            </span>
        }
        .into_any(),
        Err(err) => view! {
            <span class="status-item status-error" data-testid="status-sample" role="alert">
                {format!("Sample item rejected: {err}")}
            </span>
        }
        .into_any(),
    };
    view! {
        <footer class="statusbar" data-testid="status-bar">
            <span class="status-item" data-testid="status-engine">
                <span class="status-dot" aria-hidden="true"></span>
                "Engine "
                <span data-testid="status-engine-version">{engine_version()}</span>
                " (wasm)"
            </span>
            {sample}
            <span class="status-item status-right">"Runs entirely in your browser — nothing is sent anywhere."</span>
        </footer>
    }
}
