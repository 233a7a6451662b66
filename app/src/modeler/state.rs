//! The modeler's shared, signal-wrapped state and the actions every component uses.

use std::cell::RefCell;

use engine::model::Model;
use leptos::prelude::*;
use crate::ui::page::{request_animation_frame, set_timeout};

use crate::model::autosave::{self, Loaded, LocalStorage};
use crate::model::{Edit, EditError, History, Playground};

/// The model and its undo history, always changed together.
#[derive(Debug, Clone, Default)]
pub struct ModelerState {
    pub playground: Playground,
    pub history: History,
    /// Off when a save could not be read and could not be moved aside: writing would destroy it.
    pub autosave_enabled: bool,
}

/// Which dialog is open.
#[derive(Debug, Clone, PartialEq)]
pub enum Dialog {
    /// The table designer; `None` designs a new table.
    Designer(Option<usize>),
    /// The entity editor for `table`; `entity: None` adds one.
    Entity { table: usize, entity: Option<usize> },
    /// Add an item to `table`, of `entity` or a blank one (only keys).
    AddItem { table: usize, entity: Option<usize> },
}

/// A message in the banner above the workspace.
#[derive(Debug, Clone, PartialEq)]
pub struct Notice {
    pub text: String,
    pub error: bool,
}

/// Handles to the shared signals (cheap to copy into closures).
#[derive(Clone, Copy)]
pub struct Modeler {
    pub state: RwSignal<ModelerState>,
    pub selected: RwSignal<Option<usize>>,
    pub dialog: RwSignal<Option<Dialog>>,
    pub notice: RwSignal<Option<Notice>>,
}

struct Shared {
    state: ArcRwSignal<ModelerState>,
    selected: ArcRwSignal<Option<usize>>,
    dialog: ArcRwSignal<Option<Dialog>>,
    notice: ArcRwSignal<Option<Notice>>,
}

thread_local! {
    /// An autosave is scheduled and not yet written.
    static PENDING: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    /// Keeps each row's encoded JSON between saves, so a save re-encodes only the rows edited since.
    static ENCODER: RefCell<autosave::Encoder> = RefCell::new(autosave::Encoder::new());
    // Reference-counted signals live as long as this cell, not as long as the component that happened
    // to create them: the sidebar and the tabs are siblings, and either may render first.
    static SHARED: RefCell<Option<Shared>> = const { RefCell::new(None) };
}

/// Milliseconds since the epoch: the engine keeps no clock, so time comes from here — the playground
/// clock, which the Query tab advances (see `crate::query::clock` for why it does not follow the wall).
pub fn now() -> u64 {
    crate::query::clock::now()
}

fn initial() -> (ModelerState, Option<Notice>) {
    // An embedded model never reads or writes the visitor's own autosave.
    if crate::share::launch().embed {
        autosave::set_writes_enabled(false);
        return (ModelerState { autosave_enabled: true, ..Default::default() }, None);
    }
    let Some(store) = LocalStorage::open() else {
        return (
            ModelerState { autosave_enabled: false, ..Default::default() },
            Some(Notice { text: String::from("This browser gives the page no storage: your model will not be saved."), error: true }),
        );
    };
    match autosave::load(&store, now()) {
        Loaded::Empty => (ModelerState { autosave_enabled: true, ..Default::default() }, None),
        Loaded::Model { saved, .. } => {
            let playground = saved.into_playground_unstored(now());
            let notice = broken_notice(&playground);
            (ModelerState { playground, history: History::new(), autosave_enabled: true }, notice)
        }
        Loaded::Unreadable { reason, backup_key } => {
            let (enabled, text) = match backup_key {
                Some(key) => (true, format!("Your saved model could not be read ({reason}). It was kept, unchanged, in localStorage under \"{key}\"; you start with an empty model.")),
                None => (false, format!("Your saved model could not be read ({reason}) and could not be copied aside, so autosave is off to keep it intact.")),
            };
            (ModelerState { autosave_enabled: enabled, ..Default::default() }, Some(Notice { text, error: true }))
        }
    }
}

/// The banner for saved rows the engine refused, if any.
fn broken_notice(p: &Playground) -> Option<Notice> {
    let broken = p.tables().iter().map(|t| t.rows.iter().filter(|r| r.error.is_some()).count()).sum::<usize>();
    (broken > 0).then(|| Notice {
        text: format!("{broken} saved item(s) no longer fit their table and are shown with their error; nothing was dropped."),
        error: true,
    })
}

/// Store the rows a reload left out of the engine (see [`Playground::from_decoded_unstored`]) once the
/// page has drawn its first rows: after the next frame, in a task of its own. Anything that acts on the
/// engine before then stores them itself first ([`Playground::database_mut`], `apply`, `run_request`).
fn store_after_first_frame(state: ArcRwSignal<ModelerState>, notice: ArcRwSignal<Option<Notice>>) {
    let before = state.with_untracked(|s| s.playground.revision());
    // Two frames: the first draws the rows; the second begins only once the first is on its way to the
    // screen, so the PutItems cannot hold it back.
    request_animation_frame(move || request_animation_frame(move || {
        set_timeout(
            move || {
                // Stored here, or already by an action that did not tell the views (a design request
                // answered on a copy of the engine): either way the views follow the new revision.
                let stored_since = state.with_untracked(|s| s.playground.has_unstored() || s.playground.revision() != before);
                if stored_since {
                    state.update(|s| {
                        s.playground.store_unstored();
                    });
                }
                // The engine's refusals are known now (an earlier action may have stored the rows).
                if let Some(n) = state.with_untracked(|s| broken_notice(&s.playground)) {
                    if notice.with_untracked(Option::is_none) {
                        notice.set(Some(n));
                    }
                }
            },
            0,
        );
    }));
}

/// The shared handle (created from the autosave on first use).
pub fn use_modeler() -> Modeler {
    SHARED.with(|cell| {
        let mut cell = cell.borrow_mut();
        let shared = cell.get_or_insert_with(|| {
            let (state, notice) = initial();
            let stored_later = state.playground.has_unstored();
            let shared = Shared {
                state: ArcRwSignal::new(state),
                selected: ArcRwSignal::new(Some(0)),
                dialog: ArcRwSignal::new(None),
                notice: ArcRwSignal::new(notice),
            };
            // Once, where the state is made: every component calls this.
            if stored_later {
                store_after_first_frame(shared.state.clone(), shared.notice.clone());
            }
            shared
        });
        Modeler {
            state: shared.state.clone().into(),
            selected: shared.selected.clone().into(),
            dialog: shared.dialog.clone().into(),
            notice: shared.notice.clone().into(),
        }
    })
}

impl Modeler {
    /// Apply an edit as one undo step and autosave. On error nothing changed.
    pub fn perform(&self, edit: Edit) -> Result<(), EditError> {
        if crate::share::launch().read_only {
            return Err(EditError::ReadOnly);
        }
        let mut result = Ok(());
        self.state.update(|s| result = s.history.perform(&mut s.playground, edit, now()));
        if result.is_ok() {
            self.save();
        }
        result
    }

    pub fn undo(&self) {
        let mut result = Ok(false);
        self.state.update(|s| result = s.history.undo(&mut s.playground, now()));
        self.after_history(result, "Undo");
    }

    pub fn redo(&self) {
        let mut result = Ok(false);
        self.state.update(|s| result = s.history.redo(&mut s.playground, now()));
        self.after_history(result, "Redo");
    }

    fn after_history(&self, result: Result<bool, EditError>, what: &str) {
        match result {
            Ok(true) => {
                self.clamp_selection();
                self.save();
            }
            Ok(false) => {}
            Err(e) => self.notice.set(Some(Notice { text: format!("{what} failed: {e}"), error: true })),
        }
    }

    /// Keep the selected table index valid after tables come and go.
    pub fn clamp_selection(&self) {
        let n = self.state.with_untracked(|s| s.playground.tables().len());
        let sel = self.selected.get_untracked();
        let fixed = match sel {
            _ if n == 0 => None,
            Some(i) if i < n => Some(i),
            _ => Some(n - 1),
        };
        if fixed != sel {
            self.selected.set(fixed);
        }
    }

    /// Autosave soon: a burst of edits is written once, 250 ms after the last one, and at the latest when
    /// the page is hidden or unloaded (see [`install_flush`]), so serialising a large model does not
    /// slow down every keystroke.
    pub fn save(&self) {
        PENDING.with(|p| {
            if !p.replace(true) {
                set_timeout(flush, 250);
            }
        });
    }
}

/// Write a pending autosave now. Works on the shared signals themselves, never on a component's
/// handles, because the component that made the edit (a dialog) may be gone when the timer fires.
pub fn flush() {
    if !PENDING.with(|p| p.replace(false)) {
        return;
    }
    let Some((state, notice)) = SHARED.with(|c| c.borrow().as_ref().map(|s| (s.state.clone(), s.notice.clone()))) else { return };
    {
        let outcome = state.with_untracked(|s| {
            if !s.autosave_enabled {
                return Ok(());
            }
            match LocalStorage::open() {
                Some(store) => ENCODER.with(|e| autosave::save_playground(&store, &mut e.borrow_mut(), &s.playground, now())),
                None => Err(autosave::SaveRefusal::Refused),
            }
        });
        let text = match outcome {
            Ok(()) => None,
            Err(autosave::SaveRefusal::Refused) => Some("The browser refused to save the model (storage full?). Your work is still here; export it before closing the page."),
            Err(autosave::SaveRefusal::TooBig) => Some("This model is too big for the browser's autosave (it keeps about 5 million characters per site). Your work is still here; save it as a file before closing the page."),
        };
        if let Some(text) = text {
            notice.set(Some(Notice { text: String::from(text), error: true }));
        }
    }

}

impl Modeler {
    /// Replace the whole model (an example) as one undoable step.
    pub fn replace_model(&self, model: &Model) -> Result<(), EditError> {
        self.replace_with(Playground::from_model(model, now()))
    }

    /// Replace the whole model — tables, items, name, description, access patterns, workloads and
    /// dismissals — with `fresh` (already loaded into its engine) as one undoable step.
    pub fn replace_with(&self, fresh: Playground) -> Result<(), EditError> {
        self.perform(Edit::ReplaceAll(Box::new(fresh.into())))?;
        self.selected.set(Some(0));
        Ok(())
    }
}

/// Write any pending autosave when the page is hidden or unloaded (reload, tab close, navigation), for as
/// long as the current view region lives.
pub fn install_flush() {
    crate::ui::browser::window_on("pagehide", move |_| flush());
    crate::ui::browser::window_on("beforeunload", move |_| flush());
    crate::ui::browser::window_on("visibilitychange", move |_| flush());
}
