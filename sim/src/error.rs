//! What can go wrong building or running a simulation: a workload that does not fit the tables (said
//! precisely, with the pattern it concerns), or an engine refusal while pricing a request shape.

use alloc::string::String;
use core::fmt;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SimError {
    /// The workload itself is wrong (unknown table, bad template, zero duration ...).
    Workload(String),
    /// The engine refused a request built from a pattern: its error kind and message.
    Engine { pattern: String, kind: String, message: String },
}

impl fmt::Display for SimError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SimError::Workload(m) => f.write_str(m),
            SimError::Engine { pattern, kind, message } => write!(f, "pattern '{pattern}': {kind}: {message}"),
        }
    }
}

pub(crate) fn workload(msg: impl Into<String>) -> SimError {
    SimError::Workload(msg.into())
}
