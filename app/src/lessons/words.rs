//! What the lessons feature says, in the page's language: why a lesson was not opened, why a button of
//! the panel was refused, and the lessons crate's own messages. The feature keeps these as values
//! ([`LoadError`], [`Refusal`]) and the panel words them when it draws, so a change of language rewords
//! what is on screen.

use lessons::Message;

use crate::i18n::{td_string, Locale};

/// A message of the lessons crate (a check's verdict, a refusal) in the page's language; the crate
/// falls back to English for a key it lacks.
pub fn render(message: &Message, locale: Locale) -> String {
    lessons::render(message, crate::language::code(locale))
}

/// The lesson that was not opened.
#[derive(Debug, Clone, PartialEq)]
pub enum Subject {
    /// The `lesson` member of the model that was opened.
    Model,
    /// A lesson read, by its title.
    Titled(String),
    /// A built-in lesson, by the slug asked for.
    BuiltIn(String),
    /// A lesson asked for by a slug the course does not have.
    Named(String),
    /// A lesson file at this address.
    Url(String),
    /// The page's `?lesson=` address itself.
    Address,
}

/// Where in the lesson file the fault is.
#[derive(Debug, Clone, PartialEq)]
pub enum Place {
    Line(usize),
    /// A JSON path (`lesson.steps[1].checks[0]`).
    Path(String),
}

/// Why a lesson was not opened.
#[derive(Debug, Clone, PartialEq)]
pub enum Reason {
    /// The lessons crate's own (a fault of the file).
    Lesson(Message),
    /// Step `step` (from 1) cannot start.
    StepCannotStart { step: usize, message: Message },
    /// No built-in lesson has that slug; `known` lists the course's.
    NoSuchBuiltIn { known: String },
    /// The address is not http(s).
    Scheme(String),
    TooLong,
    /// No answer, or CORS refused it.
    NoAnswer,
    Status { code: u16, text: String },
    TooLarge { kb: usize },
    Unreadable,
}

/// A lesson that could not be opened: which, where (line or path) and why.
#[derive(Debug, Clone, PartialEq)]
pub struct LoadError {
    pub what: Subject,
    pub place: Option<Place>,
    pub reason: Reason,
}

impl LoadError {
    /// "The lesson at … was not opened."
    pub fn headline(&self, locale: Locale) -> String {
        match &self.what {
            Subject::Model => td_string!(locale, lessons.error_model).to_string(),
            Subject::Titled(title) | Subject::Named(title) => td_string!(locale, lessons.error_titled, title).to_string(),
            Subject::BuiltIn(slug) => td_string!(locale, lessons.error_built_in, slug).to_string(),
            Subject::Url(url) => td_string!(locale, lessons.error_url, url).to_string(),
            Subject::Address => td_string!(locale, lessons.error_address).to_string(),
        }
    }

    /// "Line 12", or the JSON path with a capital (it starts the sentence).
    pub fn place_text(&self, locale: Locale) -> Option<String> {
        self.place.as_ref().map(|p| match p {
            Place::Line(line) => td_string!(locale, lessons.place_line, line).to_string(),
            Place::Path(path) => capitalise_ascii(path),
        })
    }

    pub fn reason_text(&self, locale: Locale) -> String {
        match &self.reason {
            Reason::Lesson(m) => render(m, locale),
            Reason::StepCannotStart { step, message } => {
                let reason = render(message, locale);
                td_string!(locale, lessons.reason_step_cannot_start, step, reason).to_string()
            }
            Reason::NoSuchBuiltIn { known } => td_string!(locale, lessons.reason_no_such_built_in, known).to_string(),
            Reason::Scheme(scheme) => td_string!(locale, lessons.reason_scheme, scheme).to_string(),
            Reason::TooLong => td_string!(locale, lessons.reason_too_long).to_string(),
            Reason::NoAnswer => td_string!(locale, lessons.reason_no_answer).to_string(),
            Reason::Status { code, text } => td_string!(locale, lessons.reason_status, status = code, text).to_string(),
            Reason::TooLarge { kb } => td_string!(locale, lessons.reason_too_large, kb).to_string(),
            Reason::Unreadable => td_string!(locale, lessons.reason_unreadable).to_string(),
        }
    }
}

/// A JSON path is ASCII (`lesson.steps[1]`): its first letter up, with no language's case rules involved.
fn capitalise_ascii(s: &str) -> String {
    let mut c = s.chars();
    c.next().map(|f| f.to_ascii_uppercase().to_string() + c.as_str()).unwrap_or_default()
}

/// Why a button of the panel changed nothing.
#[derive(Debug, Clone, PartialEq)]
pub enum Refusal {
    /// The step's starting model cannot be made.
    CannotStart(Message),
    /// The model could not take the step's model (the modeler's reason).
    ModelNotOpened(String),
    SolutionNotApplied(String),
    NoSolution,
    SolutionDoesNotApply(Message),
    NotReset(String),
    /// The earlier steps could not be walked to this one.
    Walk(Message),
    NoLesson,
    NoSuchStep,
}

impl Refusal {
    pub fn text(&self, locale: Locale) -> String {
        match self {
            Refusal::CannotStart(m) => {
                let reason = render(m, locale);
                td_string!(locale, lessons.refusal_cannot_start, reason).to_string()
            }
            Refusal::ModelNotOpened(error) => td_string!(locale, lessons.refusal_model_not_opened, error).to_string(),
            Refusal::SolutionNotApplied(error) => td_string!(locale, lessons.refusal_solution_not_applied, error).to_string(),
            Refusal::NoSolution => td_string!(locale, lessons.refusal_no_solution).to_string(),
            Refusal::SolutionDoesNotApply(m) => {
                let reason = render(m, locale);
                td_string!(locale, lessons.refusal_solution_does_not_apply, reason).to_string()
            }
            Refusal::NotReset(error) => td_string!(locale, lessons.refusal_not_reset, error).to_string(),
            Refusal::Walk(m) => render(m, locale),
            Refusal::NoLesson => td_string!(locale, lessons.refusal_no_lesson).to_string(),
            Refusal::NoSuchStep => td_string!(locale, lessons.refusal_no_such_step).to_string(),
        }
    }
}
