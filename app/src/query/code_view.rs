//! The last request as code (JS SDK v3, boto3, AWS CLI) with a copy button and an endpoint toggle.

use codegen::{generate, Endpoint, Lang};

use super::session::use_session;
use crate::ui::prelude::*;

pub fn code_panel() -> View {
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
    let copy = move |_| {
        let text = code();
        let Some(w) = web_sys::window() else { return };
        let promise = w.navigator().clipboard().write_text(&text);
        wasm_bindgen_futures::spawn_local(async move {
            match wasm_bindgen_futures::JsFuture::from(promise).await {
                Ok(_) => copied.set(Some(String::from("Copied"))),
                Err(_) => copied.set(Some(String::from("The browser refused the clipboard; select the code and copy it by hand."))),
            }
        });
    };
    let lang_button = move |l: Lang| {
        el("button")
            .ty("button")
            .class("mdl-btn mdl-small")
            .tid(&format!("q-lang-{}", l.slug()))
            .dyn_attr("aria-pressed", move || Some((lang.get() == l).to_string()))
            .dyn_class("q-on", move || lang.get() == l)
            .on_click(move |_| {
                lang.set(l);
                copied.set(None);
            })
            .text(l.label())
    };
    el("div")
        .class("q-code")
        .tid("q-code-panel")
        .child(
            el("div")
                .class("q-row")
                .attr("role", "group")
                .attr("aria-label", "Language")
                .children(Lang::ALL.into_iter().map(lang_button))
                .child(el("span").class("mdl-spacer"))
                .child(
                    el("label")
                        .class("q-check")
                        .child(el("input").ty("checkbox").tid("q-endpoint-local").dyn_checked(move || local.get()).on("change", move |ev| local.set(event_target_checked(&ev))))
                        .text("local dynamodel-server"),
                )
                .child(show(
                    move || local.get(),
                    move || el("input").class("mdl-input q-url").tid("q-endpoint-url").attr("aria-label", "Endpoint URL").dyn_value(move || url.get()).on_input(move |v| url.set(v)).into(),
                ))
                .child(el("button").ty("button").class("mdl-btn mdl-small").tid("q-copy").on_click(copy).text("Copy"))
                .dyn_child(move || copied.get().map(|t| el("span").class("mdl-muted").tid("q-copied").text(&t)).into()),
        )
        .child(el("pre").class("mdl-mono q-pre").tid("q-code").dyn_text(code))
        .into()
}
