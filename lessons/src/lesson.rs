//! The lesson model: a title, an introduction and steps, each with instructions, hints, a start, checks
//! and a solution. Both ways of writing a lesson — the Markdown file ([`crate::markdown`]) and the JSON
//! form a model file carries ([`crate::json`]) — read into these types, and [`Lesson::validate`] holds
//! both to the same rules.

use alloc::borrow::ToOwned;
use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use engine::model::Model;

use crate::check::Check;
use crate::edit::{apply, Edit};
use crate::message::{render_en, Message};

/// The languages a lesson may be written in. A translation is a sibling lesson with the same `id`,
/// step ids, checks, starts and solutions ([`Lesson::same_exercise`]).
pub const LANGUAGES: [&str; 2] = ["en", "tr"];

/// A whole lesson.
#[derive(Debug, Clone, PartialEq)]
pub struct Lesson {
    /// Stable id (`sparse-indexes`): progress is kept under it, and translations share it.
    pub id: String,
    /// `en` or `tr`.
    pub lang: String,
    pub title: String,
    /// One sentence for a list of lessons.
    pub summary: String,
    /// Markdown shown before the first step.
    pub introduction: String,
    pub steps: Vec<Step>,
}

/// One step: what to do, help, where it starts, how it is judged, and the way to finish it.
#[derive(Debug, Clone, PartialEq)]
pub struct Step {
    /// Stable id within the lesson (`add-gsi1`).
    pub id: String,
    pub title: String,
    /// Markdown.
    pub instructions: String,
    /// Markdown each, revealed one at a time.
    pub hints: Vec<String>,
    pub start: Start,
    /// Edits applied to the start before the learner begins (a workload to run, a pattern to fix).
    pub setup: Vec<Edit>,
    pub checks: Vec<CheckSpec>,
    /// Edits that finish the step, applied to the step's starting model ([`Step::solution_model`]).
    pub solution: Option<Vec<Edit>>,
}

/// Where a step starts.
#[derive(Debug, Clone, PartialEq)]
pub enum Start {
    /// The model as the learner left the previous step (for a lesson a model file carries, its first
    /// step continues from that model).
    Continue,
    /// A built-in template, by slug (`ecommerce`).
    Template(String),
    /// A model given in full.
    Model(Box<Model>),
}

/// A check with its id. `kept` marks a check that already holds when the step starts and must keep
/// holding (a guard against breaking what an earlier step built); every other check fails at the start
/// and is the step's goal.
#[derive(Debug, Clone, PartialEq)]
pub struct CheckSpec {
    pub id: String,
    pub kept: bool,
    pub check: Check,
}

/// Why a lesson was refused: where (a line of the Markdown file, or a path in the JSON form) and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LessonError {
    /// 1-based line of the lesson file.
    pub line: Option<u32>,
    /// Path in the JSON form (`steps[1].checks[0].check`).
    pub path: Option<String>,
    pub message: Message,
}

impl LessonError {
    pub fn at_line(line: u32, message: Message) -> LessonError {
        LessonError { line: Some(line), path: None, message }
    }

    pub fn at_path(path: impl Into<String>, message: Message) -> LessonError {
        LessonError { line: None, path: Some(path.into()), message }
    }
}

impl fmt::Display for LessonError {
    /// In English: `line 12: …` or `steps[1].checks[0]: …`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (&self.line, &self.path) {
            (Some(l), _) => write!(f, "line {l}: {}", render_en(&self.message)),
            (None, Some(p)) => write!(f, "{p}: {}", render_en(&self.message)),
            (None, None) => write!(f, "{}", render_en(&self.message)),
        }
    }
}

/// Where a rule was broken, as each form names it: a line of the file, or a path in the JSON.
#[derive(Debug, Clone, Copy)]
pub enum Place<'a> {
    /// The Markdown file: the line of the lesson (front matter), of each step's heading, of each check.
    Lines { lesson: u32, steps: &'a [u32], checks: &'a [Vec<u32>] },
    Json,
}

impl Place<'_> {
    fn lesson(&self, field: &str, m: Message) -> LessonError {
        match self {
            Place::Lines { lesson, .. } => LessonError::at_line(*lesson, m),
            Place::Json => LessonError::at_path(field, m),
        }
    }
    fn step(&self, i: usize, field: &str, m: Message) -> LessonError {
        match self {
            Place::Lines { steps, .. } => LessonError::at_line(steps.get(i).copied().unwrap_or(1), m),
            Place::Json => LessonError::at_path(alloc::format!("steps[{i}]{field}"), m),
        }
    }
    fn check(&self, i: usize, j: usize, m: Message) -> LessonError {
        match self {
            Place::Lines { steps, checks, .. } => {
                let line = checks.get(i).and_then(|c| c.get(j)).or_else(|| steps.get(i)).copied().unwrap_or(1);
                LessonError::at_line(line, m)
            }
            Place::Json => LessonError::at_path(alloc::format!("steps[{i}].checks[{j}].id"), m),
        }
    }
}

/// Ids: `a-z`, `0-9`, `-`, starting with a letter (they appear in URLs: `?lesson=…&step=…`).
pub fn valid_id(id: &str) -> bool {
    id.starts_with(|c: char| c.is_ascii_lowercase())
        && id.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        && id.len() <= 64
}

/// One step walked through: its starting model, and the model its solution ends with.
pub type Walked = (Model, Option<Model>);

impl Lesson {
    /// The rules both forms share: ids, languages, a first step that says where it starts, unique step
    /// and check ids, instructions on every step, starts and edits that apply.
    pub fn validate(&self, place: Place<'_>, first_may_continue: bool) -> Result<(), LessonError> {
        for (field, value) in [("id", &self.id), ("title", &self.title), ("lang", &self.lang)] {
            if value.trim().is_empty() {
                return Err(place.lesson(field, Message::new("lesson.field.missing").text("field", field)));
            }
        }
        if !valid_id(&self.id) {
            return Err(place.lesson("id", Message::new("lesson.id.invalid").text("id", self.id.clone())));
        }
        if !LANGUAGES.contains(&self.lang.as_str()) {
            return Err(place.lesson(
                "lang",
                Message::new("lesson.lang.unknown").text("lang", self.lang.clone()).list("known", LANGUAGES.iter().map(|s| (*s).to_owned()).collect()),
            ));
        }
        if self.steps.is_empty() {
            return Err(place.lesson("steps", Message::new("lesson.no_steps")));
        }
        let mut check_ids: Vec<&str> = Vec::new();
        for (i, s) in self.steps.iter().enumerate() {
            if !valid_id(&s.id) {
                return Err(place.step(i, ".id", Message::new("lesson.id.invalid").text("id", s.id.clone())));
            }
            if self.steps[..i].iter().any(|o| o.id == s.id) {
                return Err(place.step(i, ".id", Message::new("lesson.step.duplicate_id").text("id", s.id.clone())));
            }
            if s.title.trim().is_empty() {
                return Err(place.step(i, ".title", Message::new("lesson.field.empty").text("field", "title")));
            }
            if s.instructions.trim().is_empty() {
                return Err(place.step(i, ".instructions", Message::new("lesson.step.no_instructions").text("id", s.id.clone())));
            }
            if s.hints.iter().any(|h| h.trim().is_empty()) {
                return Err(place.step(i, ".hints", Message::new("lesson.hint.empty")));
            }
            if i == 0 && s.start == Start::Continue && !first_may_continue {
                return Err(place.step(i, ".start", Message::new("lesson.step.first_continues")));
            }
            if let Start::Template(slug) = &s.start {
                if formats::gallery::Template::by_slug(slug).is_none() {
                    return Err(place.step(i, ".start", Message::new("lesson.start.unknown_template").text("template", slug.clone())));
                }
            }
            for (j, c) in s.checks.iter().enumerate() {
                if !valid_id(&c.id) {
                    return Err(place.check(i, j, Message::new("lesson.id.invalid").text("id", c.id.clone())));
                }
                if check_ids.contains(&c.id.as_str()) {
                    return Err(place.check(i, j, Message::new("lesson.check.duplicate_id").text("id", c.id.clone())));
                }
                check_ids.push(&c.id);
            }
        }
        Ok(())
    }

    pub fn step(&self, id: &str) -> Option<&Step> {
        self.steps.iter().find(|s| s.id == id)
    }

    /// The same exercise in another language: the same lesson id, step ids, starts, setups, checks and
    /// solutions (only the words differ). `Err` names the first step that differs.
    pub fn same_exercise(&self, other: &Lesson) -> Result<(), String> {
        if self.id != other.id {
            return Err(alloc::format!("lesson id {} vs {}", self.id, other.id));
        }
        if self.steps.len() != other.steps.len() {
            return Err(alloc::format!("{} steps vs {}", self.steps.len(), other.steps.len()));
        }
        for (a, b) in self.steps.iter().zip(&other.steps) {
            if a.id != b.id || a.start != b.start || a.setup != b.setup || a.checks != b.checks || a.solution != b.solution {
                return Err(alloc::format!("step {} differs from step {}", a.id, b.id));
            }
        }
        Ok(())
    }

    /// The models a learner walks through by following every solution: `(starting model, model after
    /// the solution)` per step, each step's start built from the previous step's end. What the course
    /// test and a "skip to step N" use.
    pub fn walk(&self, carried: Option<&Model>) -> Result<Vec<Walked>, (usize, Message)> {
        let mut out: Vec<Walked> = Vec::new();
        let mut current = carried.cloned().unwrap_or_default();
        for (i, s) in self.steps.iter().enumerate() {
            let start = s.starting_model(&current).map_err(|m| (i, m))?;
            let end = s.solution_model(&start).map_err(|m| (i, m))?;
            current = end.clone().unwrap_or_else(|| start.clone());
            out.push((start, end));
        }
        Ok(out)
    }
}

impl Step {
    /// The model the step starts from: `current` (the model when the learner reached this step) for
    /// [`Start::Continue`], else the template or model, with the setup edits applied.
    pub fn starting_model(&self, current: &Model) -> Result<Model, Message> {
        let base = match &self.start {
            Start::Continue => current.clone(),
            Start::Template(slug) => formats::gallery::Template::by_slug(slug)
                .ok_or_else(|| Message::new("lesson.start.unknown_template").text("template", slug.clone()))?
                .model()
                .map_err(|e| Message::new("lesson.start.model").text("reason", alloc::format!("{e}")))?,
            Start::Model(m) => (**m).clone(),
        };
        if self.setup.is_empty() {
            Ok(base)
        } else {
            apply(&base, &self.setup)
        }
    }

    /// The model the step ends with when its solution is shown: the solution's edits applied to the
    /// step's starting model (not to the learner's work, so the solution is the same whatever they did).
    /// The app swaps it in as one undoable change (the whole model, as "Replace" does).
    pub fn solution_model(&self, start: &Model) -> Result<Option<Model>, Message> {
        match &self.solution {
            None => Ok(None),
            Some(edits) => apply(start, edits).map(Some),
        }
    }
}
