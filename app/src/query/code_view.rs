//! The last request as code (JS SDK v3, boto3, AWS CLI) with a copy button and an endpoint toggle.

use codegen::{generate, Endpoint, Lang};
use leptos::prelude::*;

use super::fields::Check;
use super::session::use_session;
use crate::i18n::{t, t_string, use_i18n};

#[component]
pub fn CodePanel() -> impl IntoView {
    let session = use_session();
    let i18n = use_i18n();
    let lang = RwSignal::new(Lang::JavaScript);
    let local = RwSignal::new(true);
    let url = RwSignal::new(String::from("http://127.0.0.1:8000"));
    // `Some(true)`: copied; `Some(false)`: the browser refused.
    let copied = RwSignal::new(None::<bool>);
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
            let done = wasm_bindgen_futures::JsFuture::from(promise).await.is_ok();
            copied.try_set(Some(done));
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
            <div class="q-row" role="group" aria-label=move || t_string!(i18n, query.code_language)>
                {Lang::ALL.into_iter().map(lang_button).collect_view()}
                <span class="mdl-spacer"></span>
                <Check testid="q-endpoint-local" label=Signal::derive(move || t_string!(i18n, query.local_server).to_string()) value=local write=move |on| local.set(on)/>
                <Show when=move || local.get()>
                    <input
                        class="mdl-input q-url"
                        data-testid="q-endpoint-url"
                        aria-label=move || t_string!(i18n, query.endpoint_url)
                        prop:value=move || url.get()
                        on:input=move |ev| url.set(event_target_value(&ev))
                    />
                </Show>
                <button type="button" class="mdl-btn mdl-small" data-testid="q-copy" on:click=copy>
                    {t!(i18n, query.copy)}
                </button>
                {move || {
                    copied.get().map(|done| view! {
                        <span class="mdl-muted" data-testid="q-copied">
                            {if done { t_string!(i18n, query.copied) } else { t_string!(i18n, query.copy_refused) }}
                        </span>
                    })
                }}
            </div>
            <pre class="mdl-mono q-pre" data-testid="q-code">{code}</pre>
        </div>
    }
}
