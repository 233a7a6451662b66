//! Resolution: `#name` and `:value` placeholders to attribute names and values.
//!
//! One [`Resolver`] serves every expression of a request, so the placeholders used by *any* of them are
//! known at the end, and "unused" errors fall out of the difference (DynamoDB requires every supplied
//! placeholder to be used somewhere in the request).

use alloc::collections::{BTreeMap, BTreeSet};
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::ast::{Path, PathElem};
use super::error::{Cat, Fault, Faults};
use super::reserved::is_reserved;
use crate::value::AttributeValue;

/// DynamoDB's limit on document path depth.
pub(crate) const MAX_PATH_DEPTH: usize = 32;

/// One step of a resolved document path.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Elem {
    Key(String),
    Index(usize),
}

/// A resolved document path; never empty, and the first element is always a `Key`.
pub(crate) type DocPath = Vec<Elem>;

/// `[a, b, [2]]` — DynamoDB's rendering of a path in overlap/conflict/distinct messages.
pub(crate) fn path_str(path: &[Elem]) -> String {
    let parts: Vec<String> = path
        .iter()
        .map(|e| match e {
            Elem::Key(k) => k.clone(),
            Elem::Index(i) => format!("[{i}]"),
        })
        .collect();
    format!("[{}]", parts.join(", "))
}

pub(crate) struct Resolver<'a> {
    names: Option<&'a BTreeMap<String, String>>,
    values: Option<&'a crate::value::Item>,
    pub used_names: BTreeSet<String>,
    pub used_values: BTreeSet<String>,
    /// See [`super::ExpressionInputs::from_statement`].
    pub from_statement: bool,
}

impl<'a> Resolver<'a> {
    pub fn new(names: Option<&'a BTreeMap<String, String>>, values: Option<&'a crate::value::Item>) -> Self {
        Resolver { names, values, used_names: BTreeSet::new(), used_values: BTreeSet::new(), from_statement: false }
    }

    /// Resolve a path, recording reserved words, undefined names and excessive depth. Unresolvable
    /// elements become empty keys: the result is only used when no fault was recorded.
    pub fn path(&mut self, p: &Path, faults: &mut Faults) -> DocPath {
        if p.elems.len() > MAX_PATH_DEPTH {
            faults.add(Cat::PathDepth, Fault::PathTooDeep(p.elems.len()));
        }
        p.elems
            .iter()
            .map(|e| match e {
                PathElem::Attr(a) => {
                    if is_reserved(a) {
                        faults.add(Cat::Reserved, Fault::Reserved(a.clone()));
                    }
                    Elem::Key(a.clone())
                }
                PathElem::Name(n) => match self.names.and_then(|m| m.get(n)) {
                    Some(v) => {
                        self.used_names.insert(n.clone());
                        Elem::Key(v.clone())
                    }
                    None => {
                        faults.add(Cat::AttrName, Fault::UndefinedName(n.clone()));
                        Elem::Key(String::new())
                    }
                },
                PathElem::Index(i) => Elem::Index(*i as usize),
            })
            .collect()
    }

    /// Resolve a `:value` placeholder (`Null` stands in when undefined; a fault is recorded).
    pub fn value(&mut self, v: &str, faults: &mut Faults) -> AttributeValue {
        match self.values.and_then(|m| m.get(v)) {
            Some(val) => {
                self.used_values.insert(v.to_string());
                val.clone()
            }
            None => {
                faults.add(Cat::AttrVal, Fault::UndefinedValue(v.to_string()));
                AttributeValue::Null
            }
        }
    }
}
