//! The status bar: which engine build is running, and a live figure computed by it.
//!
//! The sample item's size and the capacity of writing and reading it are computed by the engine compiled
//! to wasm at page load, so a broken wasm path shows up on the first screen instead of deep inside a feature.

use crate::ui::prelude::*;

use crate::engine_bridge::{engine_version, sample_report, SAMPLE_ITEM_JSON};

pub fn status_bar() -> View {
    let sample = match sample_report() {
        Ok(report) => el("span")
            .class("status-item")
            .tid("status-sample")
            .attr("title", SAMPLE_ITEM_JSON)
            .text("Sample item: ")
            .text(&report.item.attributes.to_string())
            .text(" attributes, ")
            .child(el("strong").tid("status-sample-size").text(&report.item.size_bytes.to_string()))
            .text(" bytes · PutItem ")
            .child(el("strong").tid("status-sample-wcu").text(&report.put_wcu))
            .text(" WCU · GetItem ")
            .child(el("strong").tid("status-sample-rcu").text(&report.get_rcu))
            .text(" RCU (eventual)"),
        Err(err) => el("span").class("status-item status-error").tid("status-sample").attr("role", "alert").text(&format!("Sample item rejected: {err}")),
    };
    el("footer")
        .class("statusbar")
        .tid("status-bar")
        .child(
            el("span")
                .class("status-item")
                .tid("status-engine")
                .child(el("span").class("status-dot").attr("aria-hidden", "true"))
                .text("Engine ")
                .child(el("span").tid("status-engine-version").text(engine_version()))
                .text(" (wasm)"),
        )
        .child(sample)
        .child(el("span").class("status-item status-right").text("Runs entirely in your browser — nothing is sent anywhere."))
        .into()
}
