//! Lessons: the panel that walks a learner through a lesson's steps (a side panel in the full page, a
//! drawer in a narrow frame), the picker of the built-in course, and the ways a lesson arrives — the
//! picker, `?lesson=<slug or url>&step=N`, or a model file's `lesson` member.
//!
//! The lesson itself — reading it, its steps' starting and solution models, judging its checks — is the
//! `lessons` crate's; this feature decides when to ask it: checks run on every change of the model
//! ([`checks`]), and a step's model changes go through the modeler as one undoable step ([`steps`]), so
//! Undo brings the learner's own work back after "Show solution" or "Reset step". Progress is kept per
//! lesson in the browser ([`store`]).

pub mod checks;
mod panel;
mod picker;
mod remote;
pub mod steps;
pub mod store;
pub mod words;

use std::sync::Arc;

use engine::model::Model;
use leptos::prelude::*;
use lessons::course::BuiltIn;
use lessons::launch::{LaunchRefusal, LessonSource};
use lessons::progress::Progress;
use lessons::{Lesson, LessonError};

use crate::i18n::{use_i18n, Locale};
use crate::state::{AppState, Incoming};

pub use panel::LessonPanel;
pub use picker::{LessonPicker, LessonsButton};
pub use remote::open_url;
pub use words::{LoadError, Place, Reason, Refusal, Subject};

/// Where the open lesson came from.
#[derive(Debug, Clone, PartialEq)]
pub enum Origin {
    /// The built-in course, by id.
    BuiltIn(&'static str),
    /// A lesson file fetched from this address.
    Url(String),
    /// The `lesson` member of the model that was opened.
    Model,
}

/// The open lesson.
#[derive(Debug, Clone)]
pub struct Active {
    pub lesson: Arc<Lesson>,
    pub origin: Origin,
    /// The model that carried the lesson (its first step continues from it).
    pub carried: Option<Arc<Model>>,
}

impl LoadError {
    fn of_lesson(what: Subject, e: &LessonError) -> LoadError {
        let place = match (&e.line, &e.path) {
            (Some(l), _) => Some(Place::Line(*l as usize)),
            (None, Some(p)) => Some(Place::Path(p.clone())),
            (None, None) => None,
        };
        LoadError { what, place, reason: Reason::Lesson(e.message.clone()) }
    }

    fn plain(what: Subject, reason: Reason) -> LoadError {
        LoadError { what, place: None, reason }
    }
}

/// The feature's signals (cheap to copy into closures).
#[derive(Clone, Copy)]
pub struct Lessons {
    pub active: RwSignal<Option<Active>>,
    /// The index of the step shown.
    pub step: RwSignal<usize>,
    /// The learner pressed Finish on the last step.
    pub finished: RwSignal<bool>,
    pub progress: RwSignal<Progress>,
    /// The model each step was entered with during this visit (Reset step goes back to it), by index.
    entered: StoredValue<Vec<Option<Arc<Model>>>>,
    /// A lesson that could not be opened.
    pub error: RwSignal<Option<LoadError>>,
    /// Why the last action of the panel was refused (a read-only embed, a solution that does not apply).
    pub refusal: RwSignal<Option<Refusal>>,
    pub picker: RwSignal<bool>,
    /// In a narrow frame, whether the drawer is open.
    pub drawer_open: RwSignal<bool>,
    /// A lesson file is being fetched from this address.
    pub fetching: RwSignal<Option<String>>,
    /// The page's language, as the lessons are read in it (a built-in lesson is read again when it
    /// changes). Kept here: a click handler has no context to ask.
    language: RwSignal<Option<Locale>>,
}

impl Lessons {
    pub fn new() -> Lessons {
        Lessons {
            active: RwSignal::new(None),
            step: RwSignal::new(0),
            finished: RwSignal::new(false),
            progress: RwSignal::new(Progress::default()),
            entered: StoredValue::new(Vec::new()),
            error: RwSignal::new(None),
            refusal: RwSignal::new(None),
            picker: RwSignal::new(false),
            drawer_open: RwSignal::new(true),
            fetching: RwSignal::new(None),
            language: RwSignal::new(None),
        }
    }

    /// The open lesson, untracked.
    pub fn lesson(&self) -> Option<Arc<Lesson>> {
        self.active.with_untracked(|a| a.as_ref().map(|a| a.lesson.clone()))
    }

    /// Whether the panel has something to show: a lesson, a lesson being fetched, or why one was not
    /// opened (tracked: the page makes room for the panel).
    pub fn shows_panel(&self) -> bool {
        self.active.with(Option::is_some) || self.error.with(Option::is_some) || self.fetching.with(Option::is_some)
    }

    pub fn close(&self) {
        self.active.set(None);
        self.finished.set(false);
        self.refusal.set(None);
    }
}

impl Default for Lessons {
    fn default() -> Self {
        Lessons::new()
    }
}

/// Make the feature's signals, provide them to everything built under the current owner, and take the
/// lessons that arrive in a model file's `lesson` member (the app root calls this once; so does a
/// component test's mount).
pub fn provide_lessons(app: AppState) -> Lessons {
    let l = Lessons::new();
    provide_context(l);
    Effect::new(move |_| {
        let Some(model) = app.requests.open_lesson.get() else { return };
        app.requests.open_lesson.set(None);
        match Lesson::from_model(&model) {
            Some(Ok(lesson)) => open(app, l, lesson, Origin::Model, Some(model), Opening::Carried),
            Some(Err(e)) => l.error.set(Some(LoadError::of_lesson(Subject::Model, &e))),
            None => {}
        }
    });
    follow_language(l);
    l
}

impl Lessons {
    /// The page's language, for the crate calls that take one.
    fn language(&self) -> Locale {
        self.language.get_untracked().unwrap_or(Locale::en)
    }
}

/// When the learner changes the language, a built-in lesson is read again in the new one (English when
/// it has no translation). Its steps keep their ids, checks and models in every language, so the step,
/// the progress and the models entered stay as they are.
fn follow_language(l: Lessons) {
    let i18n = use_i18n();
    l.language.set(Some(i18n.get_locale_untracked()));
    Effect::new(move |_| {
        let locale = i18n.get_locale();
        if l.language.get_untracked() == Some(locale) {
            return;
        }
        l.language.set(Some(locale));
        let Some(Origin::BuiltIn(slug)) = l.active.with_untracked(|a| a.as_ref().map(|a| a.origin.clone())) else { return };
        let Some(lesson) = BuiltIn::by_slug(slug).and_then(|b| b.lesson(crate::language::code(locale)).ok()) else { return };
        let same = l.lesson().is_some_and(|open| open.id == lesson.id && open.steps.len() == lesson.steps.len());
        if same {
            l.active.update(|a| {
                if let Some(a) = a {
                    a.lesson = Arc::new(lesson);
                }
            });
        }
    });
}

/// The feature's signals, while a component builds.
pub fn use_lessons() -> Lessons {
    use_context::<Lessons>().expect("Lessons are provided by the app root before the panel builds")
}

/// How a lesson opens, and so what happens to the model.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Opening {
    /// At step `i` (by index), with the model that step starts from if the earlier steps were solved
    /// (offered as any arriving model is: asked about when there is work).
    Start(usize),
    /// Where the learner's progress says, keeping the model they have (their work); an empty model gets
    /// that step's starting model.
    Resume,
    /// The model that carried the lesson is already open: its first step continues from it.
    Carried,
}

/// Open `lesson` in the panel.
pub fn open(app: AppState, l: Lessons, lesson: Lesson, origin: Origin, carried: Option<Arc<Model>>, how: Opening) {
    let progress = store::load(&lesson.id);
    let walked = match lesson.walk(carried.as_deref()) {
        Ok(w) => w,
        Err((i, m)) => {
            let what = Subject::Titled(lesson.title.clone());
            return l.error.set(Some(LoadError::plain(what, Reason::StepCannotStart { step: i + 1, message: m })));
        }
    };
    let n = lesson.steps.len();
    let empty = app.modeler.state.with_untracked(|s| s.playground.tables().is_empty());
    let (k, offer) = match how {
        Opening::Start(k) => (k.min(n - 1), true),
        Opening::Resume => (progress.step_index(&lesson), empty),
        Opening::Carried => (0, false),
    };
    // The lesson is open already: the model offered does not bring it again.
    let mut start = walked[k].0.clone();
    start.lesson = None;
    let start = Arc::new(start);
    let mut entered = vec![None; n];
    entered[k] = Some(start.clone());
    let title = lesson.title.clone();
    l.entered.set_value(entered);
    l.progress.set(Progress { step: lesson.steps[k].id.clone(), ..progress });
    store::save(&lesson.id, &l.progress.get_untracked());
    l.active.set(Some(Active { lesson: Arc::new(lesson), origin, carried }));
    l.step.set(k);
    l.finished.set(false);
    l.error.set(None);
    l.refusal.set(None);
    l.picker.set(false);
    l.drawer_open.set(true);
    if offer {
        app.offer(Incoming::new((*start).clone(), Default::default(), crate::state::Origin::Lesson(title.to_string())));
    }
}

/// Open the built-in lesson `slug` in the page's language (English when it has no translation).
pub fn open_built_in(app: AppState, l: Lessons, slug: &str, how: Opening) {
    let Some(b) = BuiltIn::by_slug(slug) else {
        let known: Vec<&str> = lessons::course::COURSE.iter().map(|b| b.slug).collect();
        return l.error.set(Some(LoadError::plain(Subject::Named(slug.to_string()), Reason::NoSuchBuiltIn { known: known.join(", ") })));
    };
    match b.lesson(crate::language::code(l.language())) {
        Ok(lesson) => open(app, l, lesson, Origin::BuiltIn(b.slug), None, how),
        Err(e) => l.error.set(Some(LoadError::of_lesson(Subject::BuiltIn(slug.to_string()), &e))),
    }
}

/// The step to open for `?step=`, with no step given: where the learner left off if they have been here,
/// else the first.
fn opening_for(lesson: &Lesson, step: Option<&lessons::launch::StepRef>) -> Opening {
    match step.and_then(|s| s.resolve(lesson)) {
        Some(i) => Opening::Start(i),
        None if !store::load(&lesson.id).step.is_empty() => Opening::Resume,
        None => Opening::Start(0),
    }
}

/// Act on the page's `?lesson=` and `&step=` once, at start.
pub fn start(app: AppState, l: Lessons) {
    let search = gloo_utils::window().location().search().unwrap_or_default();
    match lessons::launch::parse(&search) {
        None => {}
        Some(Err(LaunchRefusal::Scheme(s))) => l.error.set(Some(LoadError::plain(Subject::Address, Reason::Scheme(s)))),
        Some(Err(LaunchRefusal::TooLong)) => l.error.set(Some(LoadError::plain(Subject::Address, Reason::TooLong))),
        Some(Ok(launch)) => match launch.source {
            LessonSource::BuiltIn(slug) => {
                let how = BuiltIn::by_slug(&slug).and_then(|b| b.lesson(crate::language::code(l.language())).ok()).map(|lesson| opening_for(&lesson, launch.step.as_ref()));
                open_built_in(app, l, &slug, how.unwrap_or(Opening::Start(0)));
            }
            LessonSource::Url(url) => remote::open_url(app, l, url, launch.step),
        },
    }
}

/// The model as the learner has it now.
pub fn current_model(app: AppState) -> Model {
    app.modeler.state.with_untracked(|s| s.playground.to_model())
}

impl Lessons {
    /// The model step `i` was entered with, or (not entered during this visit) the one it starts from
    /// when the earlier steps are solved.
    pub fn entered_model(&self, i: usize) -> Result<Arc<Model>, Refusal> {
        if let Some(m) = self.entered.with_value(|e| e.get(i).cloned().flatten()) {
            return Ok(m);
        }
        let active = self.active.get_untracked().ok_or(Refusal::NoLesson)?;
        let walked = active.lesson.walk(active.carried.as_deref()).map_err(|(_, m)| Refusal::Walk(m))?;
        let start = Arc::new(walked.get(i).map(|w| w.0.clone()).ok_or(Refusal::NoSuchStep)?);
        self.set_entered(i, start.clone());
        Ok(start)
    }

    fn set_entered(&self, i: usize, model: Arc<Model>) {
        self.entered.update_value(|e| {
            if e.len() <= i {
                e.resize(i + 1, None);
            }
            e[i] = Some(model);
        });
    }
}
