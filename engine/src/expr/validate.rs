//! Validation of conditions: function names and arity, operand types of literal values, repeated
//! operands, BETWEEN bounds — and lowering to the compiled form [`CExpr`] that evaluation runs.
//!
//! The walk records every problem in [`Faults`] and keeps going (placeholders stand in for what could not
//! be resolved), because DynamoDB reports by precedence, not by position; the compiled form is used only
//! when no fault was recorded.

use alloc::boxed::Box;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::cmp::Ordering;

use super::ast::{Call, CmpOp, Cond, Operand};
use super::error::{Cat, Fault, Faults};
use super::eval::{scalar_cmp, CExpr, Val};
use super::resolve::{path_str, Resolver};
use crate::value::{value_to_json, AttributeValue, ValueType};

/// Functions usable as conditions (with their operand counts) and as condition operands.
const CONDITION_FUNCTIONS: [(&str, usize); 5] =
    [("attribute_exists", 1), ("attribute_not_exists", 1), ("attribute_type", 2), ("begins_with", 2), ("contains", 2)];
/// Functions of the update language.
pub(crate) const UPDATE_FUNCTIONS: [&str; 2] = ["if_not_exists", "list_append"];
/// Maximum operands of IN, *counting the one on its left*: the documentation says "up to 100 values",
/// but DynamoDB refuses `a IN (…100 values…)` with "number of operands: 101" (observed against AWS by
/// Scylla Alternator's `test_update_condition_in`: only 99 values work). The count in the message is the
/// operator's whole operand count, as for functions.
pub(crate) const MAX_IN_OPERANDS: usize = 100;

pub(crate) struct Checker<'r, 'a> {
    pub resolver: &'r mut Resolver<'a>,
    pub faults: Faults,
}

/// `{S:abc}`-style rendering used in BETWEEN messages.
fn render(v: &AttributeValue) -> String {
    let json = value_to_json(v);
    let t = v.value_type().as_str();
    let inner = match json.get(t) {
        Some(serde_json::Value::String(s)) => s.clone(),
        Some(other) => format!("{other}"),
        None => String::new(),
    };
    format!("AttributeValue: {{{t}:{inner}}}")
}

fn orderable(t: ValueType) -> bool {
    matches!(t, ValueType::S | ValueType::N | ValueType::B)
}

impl<'r, 'a> Checker<'r, 'a> {
    pub fn new(resolver: &'r mut Resolver<'a>) -> Self {
        Checker { resolver, faults: Faults::default() }
    }

    pub fn cond(&mut self, c: &Cond) -> CExpr {
        match c {
            Cond::Or(a, b) => CExpr::Or(Box::new(self.cond(a)), Box::new(self.cond(b))),
            Cond::And(a, b) => CExpr::And(Box::new(self.cond(a)), Box::new(self.cond(b))),
            Cond::Not(a) => CExpr::Not(Box::new(self.cond(a))),
            Cond::Cmp(op, a, b) => {
                self.faults.leaf += 1;
                let (x, y) = (self.operand(a), self.operand(b));
                self.distinct(op.symbol(), a, b);
                if !matches!(op, CmpOp::Eq | CmpOp::Ne) {
                    for v in [&x, &y] {
                        self.require_orderable(op.symbol(), v);
                    }
                }
                CExpr::Cmp(*op, x, y)
            }
            Cond::Between(a, lo, hi) => {
                self.faults.leaf += 1;
                let (x, l, h) = (self.operand(a), self.operand(lo), self.operand(hi));
                for v in [&x, &l, &h] {
                    self.require_orderable("BETWEEN", v);
                }
                if let (Val::Lit(l), Val::Lit(h)) = (&l, &h) {
                    if l.value_type() != h.value_type() {
                        self.faults.add(Cat::Function, Fault::BetweenTypes(render(l), render(h)));
                    } else if scalar_cmp(l, h) == Some(Ordering::Greater) {
                        self.faults.add(Cat::Function, Fault::BetweenOrder(render(l), render(h)));
                    }
                }
                CExpr::Between(x, l, h)
            }
            Cond::In(a, list) => {
                self.faults.leaf += 1;
                let x = self.operand(a);
                let vals: Vec<Val> = list.iter().map(|o| self.operand(o)).collect();
                if list.len() + 1 > MAX_IN_OPERANDS {
                    self.faults.add(Cat::Function, Fault::TooManyInOperands(list.len() + 1));
                }
                CExpr::In(x, vals)
            }
            Cond::Call(call) => {
                self.faults.leaf += 1;
                self.condition_call(call)
            }
        }
    }

    /// Literal operands of `<`, `BETWEEN`… must be S, N or B (a path of another type just compares false).
    fn require_orderable(&mut self, name: &str, v: &Val) {
        if let Val::Lit(l) = v {
            if !orderable(l.value_type()) {
                self.faults.add(Cat::Function, Fault::OperandType { name: name.into(), ty: l.value_type().as_str() });
            }
        }
    }

    /// `a = a`: DynamoDB refuses a comparison of a path with itself.
    fn distinct(&mut self, op: &str, a: &Operand, b: &Operand) {
        if let (Operand::Path(p), Operand::Path(q)) = (a, b) {
            if p == q {
                let resolved = self.resolver.path(p, &mut Faults::default());
                self.faults.add(Cat::Distinct, Fault::NotDistinct { op: op.into(), path: path_str(&resolved) });
            }
        }
    }

    /// Check a function name used where a condition stands. Returns `None` for a name that is not a
    /// condition function (the fault is recorded).
    fn known_condition_function(&mut self, name: &str) -> Option<usize> {
        if let Some((_, n)) = CONDITION_FUNCTIONS.iter().find(|(f, _)| *f == name) {
            return Some(*n);
        }
        if name == "size" {
            self.faults.add(Cat::MisusedFunction, Fault::MisusedFunction(name.into()));
        } else if UPDATE_FUNCTIONS.contains(&name) {
            self.faults.add(Cat::UnknownFunction, Fault::NotAConditionFunction(name.into()));
        } else {
            self.faults.add(Cat::UnknownFunction, Fault::UnknownFunction(name.into()));
        }
        None
    }

    fn condition_call(&mut self, call: &Call) -> CExpr {
        let args: Vec<Val> = call.args.iter().map(|a| self.operand(a)).collect();
        let fallback = CExpr::Exists(Vec::new());
        let Some(arity) = self.known_condition_function(&call.name) else { return fallback };
        if args.len() != arity {
            let fault = Fault::OperandCount { name: call.name.clone(), count: args.len() };
            self.faults.add(Cat::Operand, fault);
            return fallback;
        }
        if arity == 2 {
            self.distinct(&call.name, &call.args[0], &call.args[1]);
        }
        let mut args = args.into_iter();
        let (Some(first), second) = (args.next(), args.next()) else { return fallback };
        match (call.name.as_str(), second) {
            ("attribute_exists" | "attribute_not_exists", _) => match first {
                Val::Path(p) if call.name == "attribute_exists" => CExpr::Exists(p),
                Val::Path(p) => CExpr::NotExists(p),
                _ => {
                    self.faults.add(Cat::Function, Fault::RequiresPath(call.name.clone()));
                    fallback
                }
            },
            ("attribute_type", Some(t)) => {
                let ty = match &t {
                    Val::Lit(AttributeValue::S(s)) => ValueType::from_name(s).ok_or_else(|| Fault::AttributeTypeName(s.clone())),
                    Val::Lit(other) => Err(Fault::OperandType { name: call.name.clone(), ty: other.value_type().as_str() }),
                    Val::Size(_) => Err(Fault::OperandType { name: call.name.clone(), ty: "N" }),
                    Val::Path(_) => {
                        Err(Fault::OperandType { name: call.name.clone(), ty: "{NS,SS,L,BS,N,M,B,BOOL,NULL,S}" })
                    }
                };
                match ty {
                    Ok(ty) => CExpr::IsType(first, ty),
                    Err(f) => {
                        self.faults.add(Cat::Function, f);
                        fallback
                    }
                }
            }
            ("begins_with", Some(p)) => {
                for v in [&first, &p] {
                    let ty = match v {
                        Val::Lit(l) => Some(l.value_type()),
                        Val::Size(_) => Some(ValueType::N),
                        Val::Path(_) => None,
                    };
                    if let Some(ty) = ty.filter(|t| !matches!(t, ValueType::S | ValueType::B)) {
                        self.faults.add(Cat::Function, Fault::OperandType { name: call.name.clone(), ty: ty.as_str() });
                        break;
                    }
                }
                CExpr::BeginsWith(first, p)
            }
            (_, Some(x)) => CExpr::Contains(first, x),
            _ => fallback,
        }
    }

    /// An operand of a comparison or function: a path, a value, or `size(…)`.
    pub fn operand(&mut self, o: &Operand) -> Val {
        o.fold(self, Self::leaf, Self::call_operand)
    }

    fn leaf(&mut self, o: &Operand) -> Val {
        match o {
            Operand::Path(p) => Val::Path(self.resolver.path(p, &mut self.faults)),
            Operand::Value(v) => Val::Lit(self.resolver.value(v, &mut self.faults)),
            Operand::Call(_) => Val::Lit(AttributeValue::Null),
        }
    }

    /// A call used as an operand, its arguments already checked.
    fn call_operand(&mut self, call: &Call, mut args: Vec<Val>) -> Val {
        if call.name != "size" {
            if CONDITION_FUNCTIONS.iter().any(|(f, _)| *f == call.name) {
                self.faults.add(Cat::MisusedFunction, Fault::MisusedFunction(call.name.clone()));
            } else {
                self.known_condition_function(&call.name);
            }
            return Val::Lit(AttributeValue::Null);
        }
        if args.len() != 1 {
            self.faults.add(Cat::Operand, Fault::OperandCount { name: call.name.clone(), count: args.len() });
            return Val::Lit(AttributeValue::Null);
        }
        // The type is known for a literal, and for a nested `size(…)`, which is always a number.
        let known = match args.first() {
            Some(Val::Lit(l)) => Some(l.value_type()),
            Some(Val::Size(_)) => Some(ValueType::N),
            _ => None,
        };
        if let Some(t) = known.filter(|t| matches!(t, ValueType::N | ValueType::Bool | ValueType::Null)) {
            self.faults.add(Cat::Function, Fault::OperandType { name: call.name.clone(), ty: t.as_str() });
        }
        Val::Size(Box::new(args.remove(0)))
    }
}

