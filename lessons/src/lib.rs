//! Lessons: guided exercises the playground checks by itself, and the built-in course.
//!
//! A [`Lesson`] is a title, an introduction and [`Step`]s; each step has instructions, hints, a start
//! (a template, a model, or the learner's model as the previous step left it), setup edits, declarative
//! [`Check`]s and a solution ([`Edit`]s that the app applies as one undoable change). A trainer writes a
//! lesson as one Markdown file ([`Lesson::from_markdown`], feature `markdown`) or as a model file's
//! `lesson` member ([`Lesson::from_json`], [`Lesson::from_model`]); a bad lesson is refused with the
//! line (or path) and the reason. The format is documented in `docs/lesson-format.md`.
//!
//! Checks are judged by the parts of Dynamodel that decide them ([`evaluate`]): the engine runs
//! requests, the advisor runs access patterns and finds anti-patterns, the simulator runs workloads.
//! Every result and every refusal is a [`Message`] — a key with typed arguments — that the app shows in
//! the learner's language ([`render`]: English or Turkish); nothing here assembles sentences.
//!
//! ```
//! # #[cfg(feature = "markdown")] {
//! use lessons::{evaluate_model, Lesson};
//! let text = "---\nid: first\nlang: en\ntitle: A first lesson\n---\nWelcome.\n\n## Add a GSI {#gsi}\n\
//!     Key GSI1 on `GSI1PK`.\n\n```start\ntemplate menu\n```\n\n\
//!     ```check\ngsi: index ActiveMenuItems on TenantMenu is keyed GSI1PK:S, GSI1SK:S\n```\n";
//! let lesson = Lesson::from_markdown(text).unwrap();
//! let start = lesson.steps[0].starting_model(&Default::default()).unwrap();
//! let results = evaluate_model(&lesson.steps[0].checks, &start, 0);
//! assert!(results[0].passed, "{}", lessons::render_en(&results[0].message));
//! # }
//! ```
#![no_std]
#![forbid(unsafe_code)]

extern crate alloc;

pub mod answer;
pub mod check;
#[cfg(feature = "markdown")]
pub mod course;
pub mod edit;
pub mod evaluate;
pub mod front_matter;
#[doc(hidden)]
pub mod fuzzing;
#[cfg(feature = "markdown")]
pub mod html;
pub mod json;
#[cfg(feature = "markdown")]
pub mod launch;
pub mod lesson;
#[cfg(feature = "markdown")]
pub mod markdown;
pub mod message;
pub mod progress;

pub use check::Check;
pub use edit::{apply, Edit};
pub use evaluate::{evaluate, evaluate_model, CheckResult};
pub use json::attach;
pub use lesson::{CheckSpec, Lesson, LessonError, Start, Step};
pub use message::{render, render_en, render_tr, Arg, Message};
