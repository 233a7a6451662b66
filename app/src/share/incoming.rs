//! A model that arrives (file, link, URL, template) and what it may do to the user's own model.

use engine::model::Model;
use formats::share::View;

use super::state::{launch, use_travel, GalleryState};
use crate::model::autosave::{self, Loaded, LocalStorage};
use crate::model::{History, Playground};
use crate::modeler::state::{now, ModelerState, Notice};
use crate::modeler::use_modeler;
use crate::shell::{active_tab, Tab};
use crate::ui::prelude::*;
use crate::ui::View as UiView;

/// A model on its way in.
#[derive(Debug, Clone)]
pub struct Incoming {
    pub model: Model,
    pub view: View,
    /// Where it came from, for messages ("a share link", "the file shop.json").
    pub origin: String,
    /// The model already loaded into an engine (a file is loaded once to be checked; a 100,000-item
    /// file is not loaded twice).
    pub loaded: Option<Playground>,
    /// What an import could not carry across (shown once it is opened).
    pub notes: Vec<String>,
}

impl Incoming {
    pub fn new(model: Model, view: View, origin: &str) -> Incoming {
        Incoming { model, view, origin: origin.to_string(), loaded: None, notes: Vec::new() }
    }

    /// How many items it brings (a file read with its items decoded keeps them only in `loaded`).
    pub fn item_count(&self) -> usize {
        match &self.loaded {
            Some(p) => p.tables().iter().map(|t| t.rows.len()).sum(),
            None => self.model.tables.iter().map(|t| t.items.len()).sum(),
        }
    }
}

/// Tell what an import left behind (or clear the list).
fn show_notes(origin: &str, notes: Vec<String>) {
    let t = use_travel();
    t.notes.set((!notes.is_empty()).then(|| (format!("Opened {origin}. Not carried across:"), notes)));
}

/// Open `inc` now if the user's model is empty (or this is an embed, which has no model of its own),
/// otherwise ask first.
pub fn offer(inc: Incoming) {
    let m = use_modeler();
    let empty = m.state.with_untracked(|s| s.playground.tables().is_empty());
    if empty || launch().embed {
        open_now(inc);
    } else {
        use_travel().incoming.set(Some(inc));
    }
}

/// Show `inc` as the model, with a fresh history (the model it replaces was empty, or is kept aside).
fn open_now(inc: Incoming) {
    let m = use_modeler();
    show_notes(&inc.origin, inc.notes.clone());
    let playground = inc.loaded.unwrap_or_else(|| Playground::from_model(&inc.model, now()));
    m.state.update(|s| {
        let enabled = s.autosave_enabled;
        *s = ModelerState { playground, history: History::new(), autosave_enabled: enabled };
    });
    m.dialog.set(None);
    restore_view(&inc.view);
    use_travel().gallery.set(GalleryState::Closed);
    m.save();
}

/// "Replace my model": one undoable step.
pub fn replace(inc: Incoming) {
    let m = use_modeler();
    show_notes(&inc.origin, inc.notes.clone());
    let name = title(&inc);
    let fresh = inc.loaded.unwrap_or_else(|| Playground::from_model(&inc.model, now()));
    match m.replace_with(fresh) {
        Ok(()) => {
            restore_view(&inc.view);
            use_travel().gallery.set(GalleryState::Closed);
            m.notice.set(Some(Notice { text: format!("Opened {}: {name} (Undo brings your model back).", inc.origin), error: false }));
        }
        Err(e) => use_travel().error.set(Some(format!("{} could not be opened: {e}", inc.origin))),
    }
}

/// "Open as a copy": autosave pauses, so the saved model stays as it is until the user keeps the copy.
pub fn open_copy(inc: Incoming) {
    autosave::set_writes_enabled(false);
    use_travel().copy.set(Some(inc.origin.clone()));
    open_now(inc);
}

/// Make the copy the user's model (autosave resumes and writes it).
pub fn keep_copy() {
    autosave::set_writes_enabled(true);
    use_travel().copy.set(None);
    use_modeler().save();
}

/// Leave the copy and go back to the saved model, exactly as it was stored.
pub fn discard_copy() {
    let m = use_modeler();
    let model = LocalStorage::open().map(|s| autosave::load(&s, now()));
    let playground = match model {
        Some(Loaded::Model { saved, .. }) => saved.into_playground(now()),
        _ => Playground::new(),
    };
    m.state.update(|s| {
        s.playground = playground;
        s.history = History::new();
    });
    m.selected.set(Some(0));
    autosave::set_writes_enabled(true);
    use_travel().copy.set(None);
}

fn restore_view(view: &View) {
    let m = use_modeler();
    let selected = view
        .table
        .as_deref()
        .and_then(|name| m.state.with_untracked(|s| s.playground.table_index(name)))
        .or_else(|| m.state.with_untracked(|s| (!s.playground.tables().is_empty()).then_some(0)));
    m.selected.set(selected);
    // The page's own `?tab=` (an embed's initial tab) wins over the tab the link was made on.
    let launch_tab = launch().tab;
    if let Some(tab) = launch_tab.as_deref().or(view.tab.as_deref()).and_then(Tab::from_slug) {
        active_tab().set(tab);
    }
}

fn title(inc: &Incoming) -> String {
    if inc.model.name.is_empty() {
        format!("{} table(s), {} item(s)", inc.model.tables.len(), inc.item_count())
    } else {
        inc.model.name.clone()
    }
}

/// The question asked when something arrives while the user has work: a dialog over a backdrop;
/// Escape cancels.
fn prompt(inc: Incoming) -> UiView {
    let t = use_travel();
    let name = title(&inc);
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
                    .child(el("button").ty("button").class("mdl-btn mdl-primary").tid("incoming-copy").flag("autofocus", true).on_click(move |_| open_copy(take())).text("Open as a copy"))
                    .child(el("span").class("mdl-muted").text("Your saved model stays exactly as it is; autosave pauses until you keep the copy."))
                    .child(el("button").ty("button").class("mdl-btn").tid("incoming-replace").on_click(move |_| replace(take())).text("Replace my model"))
                    .child(el("span").class("mdl-muted").text("One undoable step: Undo brings your model back."))
                    .child(el("button").ty("button").class("mdl-btn").tid("incoming-cancel").on_click(move |_| t.incoming.set(None)).text("Cancel")),
            )
            .into(),
    ])
}

/// What an import could not carry across, folded open, until dismissed.
fn notes_banner(title: String, notes: Vec<String>) -> UiView {
    let t = use_travel();
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
pub fn travel_banners() -> UiView {
    let t = use_travel();
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
                    .child(el("button").ty("button").class("mdl-btn mdl-small mdl-primary").tid("copy-keep").on_click(|_| keep_copy()).text("Keep this model"))
                    .child(el("button").ty("button").class("mdl-btn mdl-small").tid("copy-discard").on_click(|_| discard_copy()).text("Back to my model")),
            )
            .into()
    };
    fragment(vec![
        dynamic(move || t.incoming.get().map(prompt).into()),
        show(move || t.error.with(|e| e.is_some()), error),
        dynamic(move || t.notes.get().map(|(title, notes)| notes_banner(title, notes)).into()),
        show(move || t.copy.with(|c| c.is_some()), copy),
    ])
}
