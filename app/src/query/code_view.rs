//! The last request as code (JS SDK v3, boto3, AWS CLI) with a copy button and an endpoint toggle.

use codegen::{generate, Endpoint, Lang};
use leptos::prelude::*;

use super::fields::Check;
use super::session::use_session;

#[component]
pub fn CodePanel() -> impl IntoView {
    let session = use_session();
    let lang = RwSignal::new(Lang::JavaScript);
    let local = RwSignal::new(true);
    let url = RwSignal::new(String::from("http://127.0.0.1:8000"));
    let copied = RwSignal::new(None::<String>);
    let code = move || {
        let endpoint = if local.get() {
            Endpoint::Local { url: url.get(), region: String::from("us-east-1") }
        } else {
            Endpoint::Aws { region: String::from("us-east-1") }
        };
        session.last.with(|o| o.as_ref().map(|o| generate(lang.get(), &o.action, &o.request, &endpoint)).unwrap_or_default())
    };
    // The browser's asynchronous clipboard (no gloo crate wraps it); the answer comes back in a task.
    let copy = move |_| {
        let Some(w) = web_sys::window() else { return };
        let promise = w.navigator().clipboard().write_text(&code());
        leptos::task::spawn_local(async move {
            let text = match wasm_bindgen_futures::JsFuture::from(promise).await {
                Ok(_) => "Copied",
                Err(_) => "The browser refused the clipboard; select the code and copy it by hand.",
            };
            copied.try_set(Some(String::from(text)));
        });
    };
    let lang_button = move |l: Lang| {
        view! {
            <button
                type="button"
                class="mdl-btn mdl-small"
                data-testid=format!("q-lang-{}", l.slug())
                aria-pressed=move || (lang.get() == l).to_string()
                class:q-on=move || lang.get() == l
                on:click=move |_| {
                    lang.set(l);
                    copied.set(None);
                }
            >
                {l.label()}
            </button>
        }
    };
    view! {
        <div class="q-code" data-testid="q-code-panel">
            <div class="q-row" role="group" aria-label="Language">
                {Lang::ALL.into_iter().map(lang_button).collect_view()}
                <span class="mdl-spacer"></span>
                <Check testid="q-endpoint-local" label="local dynamodel-server" value=local write=move |on| local.set(on)/>
                <Show when=move || local.get()>
                    <input
                        class="mdl-input q-url"
                        data-testid="q-endpoint-url"
                        aria-label="Endpoint URL"
                        prop:value=move || url.get()
                        on:input=move |ev| url.set(event_target_value(&ev))
                    />
                </Show>
                <button type="button" class="mdl-btn mdl-small" data-testid="q-copy" on:click=copy>
                    "Copy"
                </button>
                {move || copied.get().map(|t| view! { <span class="mdl-muted" data-testid="q-copied">{t}</span> })}
            </div>
            <pre class="mdl-mono q-pre" data-testid="q-code">{code}</pre>
        </div>
    }
}
