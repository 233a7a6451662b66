//! A message: a key and its typed arguments.

use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;

/// One argument of a message. Typed, so each language formats it its own way.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Arg {
    /// A name or value shown as it is (a table, an attribute, a key, a DynamoDB error message).
    Text(String),
    /// A whole number (items, requests, bytes, partitions): grouped by thousands.
    Count(u64),
    /// A count of half capacity units (`3` → `1.5` / `1,5`): the engine counts capacity in halves.
    HalfUnits(u64),
    /// A fixed-point number: `value` in units of 10^-`places` (`Decimal(12345, 1)` → `1,234.5` / `1.234,5`).
    Decimal(u64, u8),
    /// Money in micro-dollars (integers, as the simulator counts it): `$1,234.56` / `$1.234,56`.
    MicroUsd(u64),
    /// A share in tenths of a percent: `805` is `80.5 %` / `%80,5`.
    PerMille(u64),
    /// Names separated by commas (`Order, User`).
    List(Vec<String>),
    /// Names joined with the language's "and" (`Order, User and Post` / `Order, User ve Post`).
    And(Vec<String>),
    /// Names joined with the language's "or" (`S, N or B` / `S, N veya B`).
    Or(Vec<String>),
    /// A part of the sentence that is itself a message, rendered in the same language from the same
    /// catalog (`on-demand`, ` where status = DONE`).
    Message(Box<Message>),
}

/// A message key and its arguments. The default, an empty key, renders as nothing.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Message {
    pub key: &'static str,
    pub args: Vec<(&'static str, Arg)>,
}

/// A message without arguments, from its key alone.
impl From<&'static str> for Message {
    fn from(key: &'static str) -> Message {
        Message::new(key)
    }
}

impl Message {
    pub fn new(key: &'static str) -> Message {
        Message { key, args: Vec::new() }
    }

    pub fn with(mut self, name: &'static str, arg: Arg) -> Message {
        self.args.push((name, arg));
        self
    }

    pub fn text(self, name: &'static str, value: impl Into<String>) -> Message {
        self.with(name, Arg::Text(value.into()))
    }

    pub fn count(self, name: &'static str, value: u64) -> Message {
        self.with(name, Arg::Count(value))
    }

    pub fn half_units(self, name: &'static str, half: u64) -> Message {
        self.with(name, Arg::HalfUnits(half))
    }

    pub fn decimal(self, name: &'static str, value: u64, places: u8) -> Message {
        self.with(name, Arg::Decimal(value, places))
    }

    pub fn usd(self, name: &'static str, micro_usd: u64) -> Message {
        self.with(name, Arg::MicroUsd(micro_usd))
    }

    pub fn per_mille(self, name: &'static str, value: u64) -> Message {
        self.with(name, Arg::PerMille(value))
    }

    pub fn list(self, name: &'static str, values: Vec<String>) -> Message {
        self.with(name, Arg::List(values))
    }

    pub fn and(self, name: &'static str, values: Vec<String>) -> Message {
        self.with(name, Arg::And(values))
    }

    pub fn or(self, name: &'static str, values: Vec<String>) -> Message {
        self.with(name, Arg::Or(values))
    }

    pub fn part(self, name: &'static str, value: Message) -> Message {
        self.with(name, Arg::Message(Box::new(value)))
    }

    pub fn arg(&self, name: &str) -> Option<&Arg> {
        self.args.iter().find(|(n, _)| *n == name).map(|(_, a)| a)
    }

    /// This message and every message nested in its arguments, depth first.
    pub fn walk<'a>(&'a self, out: &mut Vec<&'a Message>) {
        out.push(self);
        for (_, a) in &self.args {
            if let Arg::Message(m) = a {
                m.walk(out);
            }
        }
    }
}
