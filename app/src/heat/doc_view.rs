//! docs/partition-model.md in the page: what the simulator assumes about partitions and which of it AWS
//! publishes. Built into the app, so it reads offline and always describes the simulator this page runs.

use leptos::prelude::*;

const PARTITION_MODEL: &str = include_str!("../../../docs/partition-model.md");

/// The document behind a disclosure (`open` opens it; the lead paragraph's link sets it). Its Markdown
/// becomes HTML through the lessons' renderer, which writes raw HTML as text and opens links in a new tab.
#[component]
pub fn PartitionModelDoc(open: RwSignal<bool>) -> impl IntoView {
    let html = lessons::html::to_html(PARTITION_MODEL);
    view! {
        <details
            class="heat-doc"
            id="partition-model"
            data-testid="heat-model-doc-panel"
            prop:open=move || open.get()
            on:toggle=move |ev| {
                let now = event_target::<web_sys::Element>(&ev).has_attribute("open");
                if now != open.get_untracked() {
                    open.set(now);
                }
            }
        >
            <summary>"How the simulator models partitions (docs/partition-model.md)"</summary>
            <div class="heat-doc-body" inner_html=html></div>
        </details>
    }
}
