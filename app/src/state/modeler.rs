//! The model, its undo history and the actions every feature uses to change it.
//!
//! Every change goes through [`Modeler::perform`] (or undo/redo/replace), so the history and autosave see
//! every edit, and a refused edit comes back as an error to show next to the control that caused it.


use engine::model::Model;
use formats::launch::Launch;
use gloo_timers::callback::Timeout;
use leptos::prelude::*;

use crate::model::autosave::{self, Loaded, LocalStorage};
use super::words::NoticeText;
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
    pub text: super::words::NoticeText,
    pub error: bool,
}

/// Handles to the shared signals (cheap to copy into closures).
#[derive(Clone, Copy)]
pub struct Modeler {
    pub state: RwSignal<ModelerState>,
    pub selected: RwSignal<Option<usize>>,
    pub dialog: RwSignal<Option<Dialog>>,
    pub notice: RwSignal<Option<Notice>>,
    /// A read-only embed: every edit is refused.
    pub read_only: bool,
    autosave: StoredValue<Autosave, leptos::prelude::LocalStorage>,
}

/// The autosave's own bookkeeping (not shown anywhere, so not a signal).
#[derive(Default)]
struct Autosave {
    /// A write is scheduled and not yet made.
    pending: Option<Timeout>,
    /// Keeps each row's encoded JSON between saves, so a save re-encodes only the rows edited since.
    encoder: autosave::Encoder,
}

/// Milliseconds since the epoch: the engine keeps no clock, so time comes from here — the playground
/// clock, which the Query tab advances (see `crate::query::clock` for why it does not follow the wall).
pub fn now() -> u64 {
    super::clock::now()
}

fn initial(launch: &Launch) -> (ModelerState, Option<Notice>) {
    // An embedded model never reads or writes the visitor's own autosave.
    if launch.embed {
        autosave::set_writes_enabled(false);
        return (ModelerState { autosave_enabled: true, ..Default::default() }, None);
    }
    let Some(store) = LocalStorage::open() else {
        return (
            ModelerState { autosave_enabled: false, ..Default::default() },
            Some(Notice { text: NoticeText::NoStorage, error: true }),
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
            let enabled = backup_key.is_some();
            let text = NoticeText::Unreadable { reason, key: backup_key };
            (ModelerState { autosave_enabled: enabled, ..Default::default() }, Some(Notice { text, error: true }))
        }
    }
}

/// The banner for saved rows the engine refused, if any.
fn broken_notice(p: &Playground) -> Option<Notice> {
    let broken = p.tables().iter().map(|t| t.rows.iter().filter(|r| r.error.is_some()).count()).sum::<usize>();
    (broken > 0).then_some(Notice {
        text: NoticeText::BrokenItems(broken),
        error: true,
    })
}

/// Store the rows a reload left out of the engine (see [`Playground::from_decoded_unstored`]) once the
/// page has drawn its first rows: after the next frame, in a task of its own. Anything that acts on the
/// engine before then stores them itself first ([`Playground::database_mut`], `apply`, `run_request`).
fn store_after_first_frame(m: Modeler) {
    let before = m.state.with_untracked(|s| s.playground.revision());
    // Two frames: the first draws the rows; the second begins only once the first is on its way to the
    // screen, so the PutItems cannot hold it back.
    request_animation_frame(move || {
        request_animation_frame(move || {
            Timeout::new(0, move || {
                // Stored here, or already by an action that did not tell the views (a design request
                // answered on a copy of the engine): either way the views follow the new revision.
                // (Nothing to do once the state is gone: a component test that unmounted its view.)
                let Some(stored_since) = m.state.try_with_untracked(|s| s.playground.has_unstored() || s.playground.revision() != before) else { return };
                if stored_since {
                    m.state.try_update(|s| {
                        s.playground.store_unstored();
                    });
                }
                // The engine's refusals are known now (an earlier action may have stored the rows).
                if let Some(n) = m.state.try_with_untracked(|s| broken_notice(&s.playground)).flatten() {
                    if m.notice.try_with_untracked(Option::is_none) == Some(true) {
                        m.notice.try_set(Some(n));
                    }
                }
            })
            .forget();
        })
    });
}

impl Modeler {
    /// The model from the autosave (or empty, or nothing at all in an embed), and its banner if any.
    pub fn new(launch: &Launch) -> Modeler {
        let (state, notice) = initial(launch);
        let stored_later = state.playground.has_unstored();
        let m = Modeler {
            state: RwSignal::new(state),
            selected: RwSignal::new(Some(0)),
            dialog: RwSignal::new(None),
            notice: RwSignal::new(notice),
            read_only: launch.read_only,
            autosave: StoredValue::new_local(Autosave::default()),
        };
        if stored_later {
            store_after_first_frame(m);
        }
        m
    }
}

impl Modeler {
    /// Apply an edit as one undo step and autosave. On error nothing changed.
    pub fn perform(&self, edit: Edit) -> Result<(), EditError> {
        if self.read_only {
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
        self.after_history(result, false);
    }

    pub fn redo(&self) {
        let mut result = Ok(false);
        self.state.update(|s| result = s.history.redo(&mut s.playground, now()));
        self.after_history(result, true);
    }

    fn after_history(&self, result: Result<bool, EditError>, redo: bool) {
        match result {
            Ok(true) => {
                self.clamp_selection();
                self.save();
            }
            Ok(false) => {}
            Err(error) => self.notice.set(Some(Notice { text: NoticeText::HistoryFailed { redo, error }, error: true })),
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
    /// the page is hidden or unloaded (see [`Modeler::flush`]), so serialising a large model does not
    /// slow down every keystroke.
    pub fn save(&self) {
        let m = *self;
        self.autosave.update_value(|a| {
            if a.pending.is_none() {
                a.pending = Some(Timeout::new(250, move || m.flush()));
            }
        });
    }

    /// Write a pending autosave now.
    pub fn flush(&self) {
        let Some(pending) = self.autosave.try_update_value(|a| a.pending.take()).flatten() else { return };
        // Dropping a fired (or unfired) timer cancels nothing more than this write.
        pending.cancel();
        let outcome = self.state.with_untracked(|s| {
            if !s.autosave_enabled {
                return Ok(());
            }
            match LocalStorage::open() {
                Some(store) => self
                    .autosave
                    .try_update_value(|a| autosave::save_playground(&store, &mut a.encoder, &s.playground, now()))
                    .unwrap_or(Ok(())),
                None => Err(autosave::SaveRefusal::Refused),
            }
        });
        let text = match outcome {
            Ok(()) => None,
            Err(autosave::SaveRefusal::Refused) => Some(NoticeText::SaveRefused),
            Err(autosave::SaveRefusal::TooBig) => Some(NoticeText::TooBig),
        };
        if let Some(text) = text {
            self.notice.set(Some(Notice { text, error: true }));
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

/// Runs `f` once before the next repaint.
fn request_animation_frame(f: impl FnOnce() + 'static) {
    leptos::prelude::request_animation_frame(f);
}

/// Write any pending autosave when the page is hidden or unloaded (reload, tab close, navigation), for the
/// life of the page.
pub fn flush_on_page_exit(m: Modeler) {
    for event in ["pagehide", "beforeunload", "visibilitychange"] {
        gloo_events::EventListener::new(&gloo_utils::window(), event, move |_| m.flush()).forget();
    }
}
