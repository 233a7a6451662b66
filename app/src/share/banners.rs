//! The travel banners: the question asked when something arrives while the user has work, the refusal
//! banner, what an import could not carry across, and the banner shown while a copy is open.

use crate::state::{use_app, AppState, Incoming, Travel};
use crate::ui::prelude::*;

/// The question asked when something arrives while the user has work: a dialog over a backdrop;
/// Escape cancels.
fn prompt(app: AppState, inc: Incoming) -> View {
    let t = app.travel;
    let name = inc.title();
    let origin = inc.origin.clone();
    let items = inc.item_count();
    let tables = inc.model.tables.len();
    let inc = StoredValue::new(inc);
    let take = move || {
        t.incoming.set(None);
        inc.get_value()
    };
    fragment(vec![
        el("div").class("mdl-backdrop").into(),
        el("div")
            .class("mdl-dialog trv-prompt")
            .attr("role", "dialog")
            .attr("aria-modal", "true")
            .attr("aria-labelledby", "trv-prompt-title")
            .tid("incoming-prompt")
            .on_key("keydown", move |ev| {
                if ev.key() == "Escape" {
                    t.incoming.set(None)
                }
            })
            .child(el("h2").class("mdl-dialog-title").id("trv-prompt-title").text(&format!("Open {origin}?")))
            .child(el("p").class("trv-prompt-name").tid("incoming-name").text(&name))
            .child(el("p").class("mdl-muted").text(&format!("{tables} table(s), {items} item(s). Your own model has work in it: choose what to do with it.")))
            .child(
                el("div")
                    .class("trv-choices")
                    .child(el("button").ty("button").class("mdl-btn mdl-primary").tid("incoming-copy").flag("autofocus", true).on_click(move |_| app.open_copy(take())).text("Open as a copy"))
                    .child(el("span").class("mdl-muted").text("Your saved model stays exactly as it is; autosave pauses until you keep the copy."))
                    .child(el("button").ty("button").class("mdl-btn").tid("incoming-replace").on_click(move |_| app.replace(take())).text("Replace my model"))
                    .child(el("span").class("mdl-muted").text("One undoable step: Undo brings your model back."))
                    .child(el("button").ty("button").class("mdl-btn").tid("incoming-cancel").on_click(move |_| t.incoming.set(None)).text("Cancel")),
            )
            .into(),
    ])
}

/// What an import could not carry across, folded open, until dismissed.
fn notes_banner(t: Travel, title: String, notes: Vec<String>) -> View {
    el("div")
        .class("mdl-notice trv-notes")
        .attr("role", "status")
        .tid("import-notes")
        .child(
            el("details")
                .flag("open", true)
                .child(el("summary").text(&format!("{title} ({})", notes.len())))
                .child(el("ul").children(notes.iter().map(|n| el("li").text(n)))),
        )
        .child(el("button").ty("button").class("mdl-link").attr("aria-label", "Dismiss").on_click(move |_| t.notes.set(None)).text("×"))
        .into()
}

/// The question asked when something arrives while the user has work, the refusal banner, and the
/// banner shown while a copy is open.
pub fn travel_banners() -> View {
    let app = use_app();
    let t = app.travel;
    let error = move || {
        el("div")
            .class("mdl-notice mdl-notice-error trv-error")
            .attr("role", "alert")
            .tid("travel-error")
            .child(el("span").tid("travel-error-text").dyn_text(move || t.error.get().unwrap_or_default()))
            .child(el("button").ty("button").class("mdl-link").attr("aria-label", "Dismiss").tid("travel-error-dismiss").on_click(move |_| t.error.set(None)).text("×"))
            .into()
    };
    let copy = move || {
        el("div")
            .class("mdl-notice trv-copy")
            .attr("role", "status")
            .tid("copy-banner")
            .child(el("span").dyn_text(move || format!("You are looking at a copy from {}. Your saved model is untouched and autosave is paused.", t.copy.get().unwrap_or_default())))
            .child(
                el("div")
                    .class("mdl-row")
                    .child(el("button").ty("button").class("mdl-btn mdl-small mdl-primary").tid("copy-keep").on_click(move |_| app.keep_copy()).text("Keep this model"))
                    .child(el("button").ty("button").class("mdl-btn mdl-small").tid("copy-discard").on_click(move |_| app.discard_copy()).text("Back to my model")),
            )
            .into()
    };
    fragment(vec![
        dynamic(move || t.incoming.get().map(|inc| prompt(app, inc)).into()),
        show(move || t.error.with(|e| e.is_some()), error),
        dynamic(move || t.notes.get().map(|(title, notes)| notes_banner(t, title, notes)).into()),
        show(move || t.copy.with(|c| c.is_some()), copy),
    ])
}
