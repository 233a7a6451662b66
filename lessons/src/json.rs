//! The lesson as JSON: what a model file's `lesson` member holds, so that a share link carries the
//! exercise with the model. The same structure as the Markdown file: checks are the same one-line
//! texts, starts and edits the same JSON.
//!
//! ```json
//! {"id": "sparse-indexes", "lang": "en", "title": "…", "summary": "…", "introduction": "Markdown",
//!  "steps": [{"id": "active-gsi", "title": "…", "instructions": "Markdown", "hints": ["…"],
//!             "start": "continue" | {"template": "menu"} | {"model": {…}},
//!             "setup": [edits], "checks": [{"id": "…", "check": "pattern \"…\" is one request", "kept": false}],
//!             "solution": [edits]}]}
//! ```
//!
//! Read with serde, every fault named by its path (`steps[1].checks[0].check: …`).

use alloc::borrow::ToOwned;
use alloc::boxed::Box;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use engine::model::Model;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::check::Check;
use crate::edit::{check_edit, Edit};
use crate::lesson::{CheckSpec, Lesson, LessonError, Place, Start, Step};
use crate::message::Message;

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct LessonJson {
    id: String,
    lang: String,
    title: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    summary: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    introduction: String,
    steps: Vec<StepJson>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct StepJson {
    id: String,
    title: String,
    instructions: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    hints: Vec<String>,
    /// `"continue"`, `{"template": slug}` or `{"model": {…}}`; absent means continue.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    start: Option<Value>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    setup: Vec<Edit>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    checks: Vec<CheckJson>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    solution: Option<Vec<Edit>>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct CheckJson {
    id: String,
    check: String,
    #[serde(default, skip_serializing_if = "core::ops::Not::not")]
    kept: bool,
}

/// `{"template": "menu"}`, `{"model": {…}}` or `"continue"` as a [`Start`].
pub fn start_from_json(v: &Value) -> Result<Start, Message> {
    let bad = |reason: &str| Message::new("lesson.start.invalid").text("reason", reason);
    match v {
        Value::String(s) if s == "continue" => Ok(Start::Continue),
        Value::Object(o) if o.len() == 1 => match o.iter().next() {
            Some((k, Value::String(slug))) if k == "template" => Ok(Start::Template(slug.clone())),
            Some((k, m @ Value::Object(_))) if k == "model" => Model::from_json(m.clone())
                .map(|m| Start::Model(Box::new(m)))
                .map_err(|e| Message::new("lesson.start.model").text("reason", e.to_string())),
            _ => Err(bad("expected {\"template\": \"<slug>\"} or {\"model\": {…}}")),
        },
        _ => Err(bad("expected \"continue\", {\"template\": \"<slug>\"} or {\"model\": {…}}")),
    }
}

fn start_to_json(s: &Start) -> Option<Value> {
    let one = |k: &str, v: Value| {
        let mut m = Map::new();
        m.insert(k.to_owned(), v);
        Value::Object(m)
    };
    match s {
        Start::Continue => None,
        Start::Template(slug) => Some(one("template", Value::String(slug.clone()))),
        Start::Model(m) => Some(one("model", m.to_json())),
    }
}

impl Lesson {
    /// Read the JSON form. A first step may continue: from the model that carries the lesson.
    pub fn from_json(v: &Value) -> Result<Lesson, LessonError> {
        let raw: LessonJson = serde_path_to_error::deserialize(v).map_err(|e| {
            let path = e.path().to_string();
            let reason = e.into_inner().to_string();
            if path == "." {
                LessonError { line: None, path: None, message: Message::new("lesson.json").text("reason", reason) }
            } else {
                LessonError::at_path(path, Message::new("lesson.json").text("reason", reason))
            }
        })?;
        let mut steps = Vec::new();
        for (i, s) in raw.steps.into_iter().enumerate() {
            let start = match &s.start {
                None => Start::Continue,
                Some(v) => start_from_json(v).map_err(|m| LessonError::at_path(alloc::format!("steps[{i}].start"), m))?,
            };
            for (field, edits) in [("setup", Some(&s.setup)), ("solution", s.solution.as_ref())] {
                for (j, e) in edits.into_iter().flatten().enumerate() {
                    check_edit(j, e).map_err(|m| LessonError::at_path(alloc::format!("steps[{i}].{field}[{j}]"), m))?;
                }
            }
            let mut checks = Vec::new();
            for (j, c) in s.checks.into_iter().enumerate() {
                let check = Check::parse(&c.check).map_err(|m| LessonError::at_path(alloc::format!("steps[{i}].checks[{j}].check"), m))?;
                checks.push(CheckSpec { id: c.id, kept: c.kept, check });
            }
            steps.push(Step {
                id: s.id,
                title: s.title,
                instructions: s.instructions,
                hints: s.hints,
                start,
                setup: s.setup,
                checks,
                solution: s.solution,
            });
        }
        let lesson = Lesson { id: raw.id, lang: raw.lang, title: raw.title, summary: raw.summary, introduction: raw.introduction, steps };
        lesson.validate(Place::Json, true)?;
        Ok(lesson)
    }

    /// The JSON form (what the model file's `lesson` member holds).
    pub fn to_json(&self) -> Value {
        let raw = LessonJson {
            id: self.id.clone(),
            lang: self.lang.clone(),
            title: self.title.clone(),
            summary: self.summary.clone(),
            introduction: self.introduction.clone(),
            steps: self
                .steps
                .iter()
                .map(|s| StepJson {
                    id: s.id.clone(),
                    title: s.title.clone(),
                    instructions: s.instructions.clone(),
                    hints: s.hints.clone(),
                    start: start_to_json(&s.start),
                    setup: s.setup.clone(),
                    checks: s.checks.iter().map(|c| CheckJson { id: c.id.clone(), check: c.check.to_string(), kept: c.kept }).collect(),
                    solution: s.solution.clone(),
                })
                .collect(),
        };
        serde_json::to_value(raw).unwrap_or(Value::Null)
    }

    /// The lesson a model file carries (its `lesson` member), if it has one.
    pub fn from_model(model: &Model) -> Option<Result<Lesson, LessonError>> {
        model.lesson.as_ref().map(|v| {
            Lesson::from_json(v).map_err(|mut e| {
                e.path = Some(match e.path.take() {
                    Some(p) => alloc::format!("lesson.{p}"),
                    None => String::from("lesson"),
                });
                e
            })
        })
    }
}

/// `model` carrying `lesson` (a share link then carries the exercise).
pub fn attach(model: &Model, lesson: &Lesson) -> Model {
    let mut m = model.clone();
    m.lesson = Some(lesson.to_json());
    m
}
