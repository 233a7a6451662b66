//! Validation of UpdateExpressions and ProjectionExpressions: clauses used once, functions and operand
//! types of the update language, and document paths that overlap or conflict — lowered to the compiled
//! forms that `update.rs` and `projection.rs` apply.

use alloc::boxed::Box;
use alloc::vec::Vec;

use super::ast::{Action, Call, ClauseKind, Operand, ProjectionAst, SetValue, UpdateAst};
use super::error::{Cat, Fault, Faults};
use super::resolve::{path_str, DocPath, Elem, Resolver};
use super::validate::UPDATE_FUNCTIONS;
use crate::value::{AttributeValue, ValueType};

/// A compiled value of a SET action.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum UVal {
    Path(DocPath),
    Lit(AttributeValue),
    IfNotExists(DocPath, Box<UVal>),
    ListAppend(Box<UVal>, Box<UVal>),
    Plus(Box<UVal>, Box<UVal>),
    Minus(Box<UVal>, Box<UVal>),
}

/// A compiled update action.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum UAction {
    Set(DocPath, UVal),
    Remove(DocPath),
    Add(DocPath, AttributeValue),
    Delete(DocPath, AttributeValue),
}

impl UAction {
    pub(crate) fn path(&self) -> &DocPath {
        match self {
            UAction::Set(p, _) | UAction::Remove(p) | UAction::Add(p, _) | UAction::Delete(p, _) => p,
        }
    }

    /// `SET a = :v` / `ADD a :v` on a top-level name: the name and the literal.
    pub(crate) fn top_level_literal(&self) -> Option<(&alloc::string::String, &crate::value::AttributeValue)> {
        let (p, v) = match self {
            UAction::Set(p, UVal::Lit(v)) | UAction::Add(p, v) => (p, v),
            _ => return None,
        };
        match p.as_slice() {
            [Elem::Key(k)] => Some((k, v)),
            _ => None,
        }
    }
}

/// Record overlap/conflict of `path` with every path seen before it.
fn check_paths(seen: &mut Vec<DocPath>, path: DocPath, faults: &mut Faults) {
    for prev in seen.iter() {
        let mut diverged = false;
        for (a, b) in prev.iter().zip(path.iter()) {
            match (a, b) {
                (Elem::Key(_), Elem::Index(_)) | (Elem::Index(_), Elem::Key(_)) => {
                    faults.add(Cat::Conflict, Fault::Conflict(path_str(prev), path_str(&path)));
                    diverged = true;
                    break;
                }
                _ if a != b => {
                    diverged = true;
                    break;
                }
                _ => {}
            }
        }
        if !diverged {
            faults.add(Cat::Overlap, Fault::Overlap(path_str(prev), path_str(&path)));
        }
    }
    seen.push(path);
}

/// DynamoDB's names for value types in ADD/DELETE operand errors.
fn long_type_name(t: ValueType) -> Option<&'static str> {
    Some(match t {
        ValueType::S => "STRING",
        ValueType::N => "NUMBER",
        ValueType::B => "BINARY",
        ValueType::Null => "NULL",
        ValueType::Bool => "BOOLEAN",
        ValueType::L => "LIST",
        ValueType::M => "MAP",
        _ => return None,
    })
}

pub(crate) fn check_update(ast: &UpdateAst, r: &mut Resolver<'_>, faults: &mut Faults) -> Vec<UAction> {
    let mut seen_clauses: Vec<ClauseKind> = Vec::new();
    let mut seen_paths: Vec<DocPath> = Vec::new();
    let mut out = Vec::new();
    for clause in &ast.clauses {
        if seen_clauses.contains(&clause.kind) {
            faults.add(Cat::Section, Fault::DuplicateSection(clause.kind.keyword()));
        }
        seen_clauses.push(clause.kind);
        for action in &clause.actions {
            let compiled = match action {
                Action::Set(p, v) => {
                    let path = r.path(p, faults);
                    let val = set_value(v, r, faults);
                    UAction::Set(path, val)
                }
                Action::Remove(p) => UAction::Remove(r.path(p, faults)),
                Action::Add(p, v) | Action::Delete(p, v) => {
                    let path = r.path(p, faults);
                    let val = r.value(v, faults);
                    let is_add = matches!(action, Action::Add(..));
                    let t = val.value_type();
                    if let Some(name) = long_type_name(t).filter(|_| !(is_add && t == ValueType::N)) {
                        let op = if is_add { "ADD" } else { "DELETE" };
                        faults.add(Cat::Operand, Fault::UpdateOperandType { op, ty: name });
                    }
                    if is_add {
                        UAction::Add(path, val)
                    } else {
                        UAction::Delete(path, val)
                    }
                }
            };
            check_paths(&mut seen_paths, compiled.path().clone(), faults);
            out.push(compiled);
        }
    }
    out
}

fn set_value(v: &SetValue, r: &mut Resolver<'_>, faults: &mut Faults) -> UVal {
    match v {
        SetValue::Operand(o) => operand(o, r, faults),
        SetValue::Plus(a, b) | SetValue::Minus(a, b) => {
            let name = if matches!(v, SetValue::Plus(..)) { "+" } else { "-" };
            let (x, y) = (operand(a, r, faults), operand(b, r, faults));
            for u in [&x, &y] {
                if let UVal::Lit(l) = u {
                    if l.value_type() != ValueType::N {
                        faults.add(Cat::Function, Fault::OperandType { name: name.into(), ty: l.value_type().as_str() });
                        break;
                    }
                }
            }
            if name == "+" {
                UVal::Plus(Box::new(x), Box::new(y))
            } else {
                UVal::Minus(Box::new(x), Box::new(y))
            }
        }
    }
}

type Ctx<'c, 'a> = (&'c mut Resolver<'a>, &'c mut Faults);

fn operand(o: &Operand, r: &mut Resolver<'_>, faults: &mut Faults) -> UVal {
    o.fold(&mut (r, faults), leaf, call)
}

fn leaf(ctx: &mut Ctx<'_, '_>, o: &Operand) -> UVal {
    let (r, faults) = ctx;
    match o {
        Operand::Path(p) => UVal::Path(r.path(p, faults)),
        Operand::Value(v) => UVal::Lit(r.value(v, faults)),
        Operand::Call(_) => UVal::Lit(AttributeValue::Null),
    }
}

/// A call, its arguments already checked.
fn call(ctx: &mut Ctx<'_, '_>, call: &Call, args: Vec<UVal>) -> UVal {
    let faults = &mut *ctx.1;
    let fallback = UVal::Lit(AttributeValue::Null);
    // DynamoDB refuses `list_append(list_append(:a, :b), :c)` (while `list_append(if_not_exists(…), …)`
    // is fine), as Scylla Alternator's tests observed against AWS.
    if call.name == "list_append"
        && call.args.iter().any(|a| matches!(a, Operand::Call(inner) if inner.name == "list_append"))
    {
        faults.add(Cat::MisusedFunction, Fault::MisusedFunction(call.name.clone()));
    }
    if !UPDATE_FUNCTIONS.contains(&call.name.as_str()) {
        let known_condition =
            ["attribute_exists", "attribute_not_exists", "attribute_type", "begins_with", "contains", "size"];
        let fault = if known_condition.contains(&call.name.as_str()) {
            Fault::NotAnUpdateFunction(call.name.clone())
        } else {
            Fault::UnknownFunction(call.name.clone())
        };
        faults.add(Cat::UnknownFunction, fault);
        return fallback;
    }
    if args.len() != 2 {
        faults.add(Cat::Function, Fault::OperandCount { name: call.name.clone(), count: args.len() });
        return fallback;
    }
    let mut it = args.into_iter();
    let (Some(a), Some(b)) = (it.next(), it.next()) else { return fallback };
    if call.name == "if_not_exists" {
        match a {
            UVal::Path(p) => UVal::IfNotExists(p, Box::new(b)),
            _ => {
                faults.add(Cat::Function, Fault::RequiresPath(call.name.clone()));
                fallback
            }
        }
    } else {
        for u in [&a, &b] {
            if let UVal::Lit(l) = u {
                if l.value_type() != ValueType::L {
                    let fault = Fault::OperandType { name: call.name.clone(), ty: l.value_type().as_str() };
                    faults.add(Cat::Function, fault);
                    break;
                }
            }
        }
        UVal::ListAppend(Box::new(a), Box::new(b))
    }
}

pub(crate) fn check_projection(ast: &ProjectionAst, r: &mut Resolver<'_>, faults: &mut Faults) -> Vec<DocPath> {
    let mut seen = Vec::new();
    for p in &ast.paths {
        let path = r.path(p, faults);
        check_paths(&mut seen, path, faults);
    }
    seen
}
