//! What can go wrong building or running a simulation: a workload that does not fit the tables (said
//! precisely, with the pattern it concerns), or an engine refusal while pricing a request shape.
//!
//! A fault is a [`Message`] (a key of [`crate::error_words::CATALOG`] and its arguments), so the
//! playground shows it in the learner's language; `Display` gives the English text for native callers
//! (the server, tests). What serde or the engine says stays English and verbatim inside it.

use alloc::string::String;
use core::fmt;

use messages::{Lang, Message};

use crate::error_words;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SimError {
    /// The workload itself is wrong (unknown table, bad template, zero duration ...).
    Workload(Message),
    /// The engine refused a request built from a pattern: its error kind and message, as DynamoDB
    /// words them.
    Engine { pattern: String, kind: String, message: String },
}

impl SimError {
    /// The fault as a message of the simulator's error catalog.
    pub fn message(&self) -> Message {
        match self {
            SimError::Workload(m) => m.clone(),
            SimError::Engine { pattern, kind, message } => {
                Message::new("error.engine").text("pattern", pattern.as_str()).text("kind", kind.as_str()).text("message", message.as_str())
            }
        }
    }

    /// The fault in `lang`.
    pub fn render(&self, lang: Lang) -> String {
        error_words::CATALOG.render(&self.message(), lang)
    }

    /// The pattern the fault concerns, when it names one.
    pub fn pattern(&self) -> Option<&str> {
        match self {
            SimError::Engine { pattern, .. } => Some(pattern),
            SimError::Workload(m) if m.key == "error.pattern" => match m.arg("pattern") {
                Some(messages::Arg::Text(p)) => Some(p),
                _ => None,
            },
            SimError::Workload(_) => None,
        }
    }

    /// The fault without the pattern that frames it (`error.pattern`'s `problem`, the engine's kind and
    /// message), else the whole fault.
    pub fn problem(&self) -> Message {
        match self {
            SimError::Engine { kind, message, .. } => {
                Message::new("error.refused").text("kind", kind.as_str()).text("message", message.as_str())
            }
            SimError::Workload(m) if m.key == "error.pattern" => match m.arg("problem") {
                Some(messages::Arg::Message(inner)) => (**inner).clone(),
                _ => m.clone(),
            },
            _ => self.message(),
        }
    }
}

impl fmt::Display for SimError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render(Lang::En))
    }
}

pub(crate) fn workload(message: Message) -> SimError {
    SimError::Workload(message)
}

/// `problem`, said of pattern `name` (`pattern 'orders': …`). A fault that already names its pattern
/// is kept as it is.
pub(crate) fn in_pattern(name: &str, problem: SimError) -> SimError {
    if problem.pattern().is_some() {
        return problem;
    }
    workload(Message::new("error.pattern").text("pattern", name).part("problem", problem.message()))
}
