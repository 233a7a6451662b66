//! A model that arrives (file, link, URL, template) and what it may do to the user's own model: it never
//! replaces work without asking (an empty model is no work); "Replace" is one undoable step; "Open as a
//! copy" shows it with autosave paused, so the saved model stays exactly as it was.

use engine::model::Model;
use formats::share::View;

use leptos::prelude::*;

use super::launch::launch;
use super::modeler::{now, ModelerState, Notice};
use super::words::{NoticeText, Origin, Title, TravelError};
use super::{AppState, GalleryState, Tab};
use crate::model::autosave::{self, Loaded, LocalStorage};
use crate::model::{History, Playground};

/// A model on its way in.
#[derive(Debug, Clone)]
pub struct Incoming {
    pub model: Model,
    pub view: View,
    /// Where it came from, for messages ("a share link", "the file shop.json").
    pub origin: Origin,
    /// The model already loaded into an engine (a file is loaded once to be checked; a 100,000-item
    /// file is not loaded twice).
    pub loaded: Option<Playground>,
    /// What an import could not carry across (shown once it is opened).
    pub notes: Vec<String>,
}

impl Incoming {
    pub fn new(model: Model, view: View, origin: Origin) -> Incoming {
        Incoming { model, view, origin, loaded: None, notes: Vec::new() }
    }

    /// How many items it brings (a file read with its items decoded keeps them only in `loaded`).
    pub fn item_count(&self) -> usize {
        match &self.loaded {
            Some(p) => p.tables().iter().map(|t| t.rows.len()).sum(),
            None => self.model.tables.iter().map(|t| t.items.len()).sum(),
        }
    }
}

impl AppState {
    /// Tell what an import left behind (or clear the list).
    fn show_notes(&self, origin: &Origin, notes: Vec<String>) {
        self.travel.notes.set((!notes.is_empty()).then(|| (origin.clone(), notes)));
    }

    /// Open `inc` now if the user's model is empty (or this is an embed, which has no model of its own),
    /// otherwise ask first.
    pub fn offer(&self, inc: Incoming) {
        let empty = self.modeler.state.with_untracked(|s| s.playground.tables().is_empty());
        if empty || launch().embed {
            self.open_now(inc);
        } else {
            self.travel.incoming.set(Some(inc));
        }
    }

    /// Offer the built-in template `slug` as the model: the one way a template opens, from the gallery's
    /// cards or the sidebar's examples alike.
    pub fn offer_template(&self, slug: &str) {
        match formats::gallery::Template::by_slug(slug).map(|t| t.model()) {
            Some(Ok(model)) => {
                let origin = Origin::Template(model.name.clone());
                self.offer(Incoming::new(model, Default::default(), origin));
            }
            _ => self.travel.error.set(Some(TravelError::TemplateUnreadable(slug.to_string()))),
        }
    }

    /// Hand the lesson a model carried (if any) to the lessons feature, with the model as it opened.
    fn carry_lesson(&self, lesson: Option<serde_json::Value>) {
        if let Some(lesson) = lesson {
            let mut model = self.modeler.state.with_untracked(|s| s.playground.to_model());
            model.lesson = Some(lesson);
            self.requests.open_lesson.set(Some(std::sync::Arc::new(model)));
        }
    }

    /// Show `inc` as the model, with a fresh history (the model it replaces was empty, or is kept aside).
    fn open_now(&self, inc: Incoming) {
        let m = self.modeler;
        self.show_notes(&inc.origin, inc.notes.clone());
        let lesson = inc.model.lesson.clone();
        let playground = inc.loaded.unwrap_or_else(|| Playground::from_model(&inc.model, now()));
        m.state.update(|s| {
            let enabled = s.autosave_enabled;
            *s = ModelerState { playground, history: History::new(), autosave_enabled: enabled };
        });
        m.dialog.set(None);
        self.restore_view(&inc.view);
        self.travel.gallery.set(GalleryState::Closed);
        m.save();
        self.carry_lesson(lesson);
    }

    /// "Replace my model": one undoable step.
    pub fn replace(&self, inc: Incoming) {
        let m = self.modeler;
        self.show_notes(&inc.origin, inc.notes.clone());
        let name = inc.title();
        let lesson = inc.model.lesson.clone();
        let fresh = inc.loaded.unwrap_or_else(|| Playground::from_model(&inc.model, now()));
        match m.replace_with(fresh) {
            Ok(()) => {
                self.restore_view(&inc.view);
                self.travel.gallery.set(GalleryState::Closed);
                m.notice.set(Some(Notice { text: NoticeText::Opened { origin: inc.origin.clone(), name }, error: false }));
                self.carry_lesson(lesson);
            }
            Err(error) => self.travel.error.set(Some(TravelError::OpenFailed { origin: inc.origin.clone(), error })),
        }
    }

    /// "Open as a copy": autosave pauses, so the saved model stays as it is until the user keeps the copy.
    pub fn open_copy(&self, inc: Incoming) {
        autosave::set_writes_enabled(false);
        self.travel.copy.set(Some(inc.origin.clone()));
        self.open_now(inc);
    }

    /// Make the copy the user's model (autosave resumes and writes it).
    pub fn keep_copy(&self) {
        autosave::set_writes_enabled(true);
        self.travel.copy.set(None);
        self.modeler.save();
    }

    /// Leave the copy and go back to the saved model, exactly as it was stored.
    pub fn discard_copy(&self) {
        let m = self.modeler;
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
        self.travel.copy.set(None);
    }

    fn restore_view(&self, view: &View) {
        let m = self.modeler;
        let selected = view
            .table
            .as_deref()
            .and_then(|name| m.state.with_untracked(|s| s.playground.table_index(name)))
            .or_else(|| m.state.with_untracked(|s| (!s.playground.tables().is_empty()).then_some(0)));
        m.selected.set(selected);
        // The page's own `?tab=` (an embed's initial tab) wins over the tab the link was made on.
        let launch_tab = launch().tab;
        if let Some(tab) = launch_tab.as_deref().or(view.tab.as_deref()).and_then(Tab::from_slug) {
            self.tab.set(tab);
        }
    }
}

impl Incoming {
    /// The model's name, or what it holds when it has none.
    pub fn title(&self) -> Title {
        if self.model.name.is_empty() {
            Title::Counts { tables: self.model.tables.len(), items: self.item_count() }
        } else {
            Title::Name(self.model.name.clone())
        }
    }
}
