//! docs/partition-model.md (docs/partition-model.tr.md in Turkish) in the page: what the simulator assumes
//! about partitions and which of it AWS publishes. Built into the app, so it reads offline and always
//! describes the simulator this page runs.

use leptos::prelude::*;

use crate::i18n::{t, use_i18n, Locale};

const PARTITION_MODEL_EN: &str = include_str!("../../../docs/partition-model.md");
const PARTITION_MODEL_TR: &str = include_str!("../../../docs/partition-model.tr.md");

/// The document in the page's language.
pub fn partition_model(locale: Locale) -> &'static str {
    match locale {
        Locale::en => PARTITION_MODEL_EN,
        Locale::tr => PARTITION_MODEL_TR,
    }
}

/// The document behind a disclosure (`open` opens it; the lead paragraph's link sets it). Its Markdown
/// becomes HTML through the lessons' renderer, which writes raw HTML as text and opens links in a new tab.
#[component]
pub fn PartitionModelDoc(open: RwSignal<bool>) -> impl IntoView {
    let i18n = use_i18n();
    // Written when first opened, not with the tab: the document is long and most visits never open it.
    let html = Memo::new(move |was: Option<&String>| {
        if open.get() {
            lessons::html::to_html(partition_model(i18n.get_locale()))
        } else {
            was.cloned().unwrap_or_default()
        }
    });
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
            <summary>{t!(i18n, heat.doc_summary)}</summary>
            <div class="heat-doc-body" lang=move || crate::language::code(i18n.get_locale()) inner_html=move || html.get()></div>
        </details>
    }
}
