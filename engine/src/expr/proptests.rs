//! Property tests.
//!
//! - **Round trip**: printing any syntax tree (conditions, updates, projections) and parsing the text gives
//!   the same tree — so the printer and the grammar agree on precedence and keywords.
//! - **Evaluation**: random conditions over random small items agree with a naive reference evaluator
//!   written independently below (integers as `i64`, strings as `String`).
//! - **Updates**: random SET/ADD/DELETE/REMOVE updates agree with a naive reference, including the
//!   apply-time errors, and a failing update never returns a changed item.

use alloc::boxed::Box;
use alloc::collections::{BTreeMap, BTreeSet};
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec;
use alloc::vec::Vec;

use proptest::prelude::*;

use super::ast::{Action, Call, Clause, ClauseKind, CmpOp, Cond, Operand, Path, PathElem, ProjectionAst, SetValue, UpdateAst};
use super::parse_cond::parse_condition;
use super::parse_update::parse_update;
use super::parser::{parse_projection, Parser};
use super::reserved::is_reserved;
use super::{compile, ExpressionInputs};
use crate::number::Number;
use crate::value::{AttributeValue, Item};

// ---------------------------------------------------------------- round trip

/// Words a bare identifier may not be in either grammar (keywords are matched case-insensitively).
fn is_keyword(s: &str) -> bool {
    ["and", "or", "not", "between", "in", "set", "remove", "add", "delete"].iter().any(|k| s.eq_ignore_ascii_case(k))
}

fn ident() -> impl Strategy<Value = String> {
    "[a-zA-Z][a-zA-Z0-9_]{0,6}".prop_filter("keyword", |s| !is_keyword(s) && !is_reserved(s))
}

fn path() -> impl Strategy<Value = Path> {
    let head = prop_oneof![ident().prop_map(PathElem::Attr), "#[a-zA-Z0-9_]{1,4}".prop_map(PathElem::Name)];
    let tail = prop_oneof![
        ident().prop_map(PathElem::Attr),
        "#[a-zA-Z0-9_]{1,4}".prop_map(PathElem::Name),
        (0u32..1000).prop_map(PathElem::Index),
    ];
    (head, proptest::collection::vec(tail, 0..4)).prop_map(|(h, t)| {
        let mut elems = vec![h];
        elems.extend(t);
        Path { elems }
    })
}

fn operand() -> impl Strategy<Value = Operand> {
    let leaf = prop_oneof![path().prop_map(Operand::Path), ":[a-zA-Z0-9_]{1,4}".prop_map(Operand::Value)];
    leaf.prop_recursive(3, 12, 3, |inner| {
        (ident(), proptest::collection::vec(inner, 1..4)).prop_map(|(name, args)| Operand::Call(Call { name, args }))
    })
}

fn call() -> impl Strategy<Value = Call> {
    (ident(), proptest::collection::vec(operand(), 1..4)).prop_map(|(name, args)| Call { name, args })
}

fn cmp_op() -> impl Strategy<Value = CmpOp> {
    prop_oneof![Just(CmpOp::Eq), Just(CmpOp::Ne), Just(CmpOp::Lt), Just(CmpOp::Le), Just(CmpOp::Gt), Just(CmpOp::Ge)]
}

fn cond() -> impl Strategy<Value = Cond> {
    let leaf = prop_oneof![
        (cmp_op(), operand(), operand()).prop_map(|(op, a, b)| Cond::Cmp(op, a, b)),
        (operand(), operand(), operand()).prop_map(|(a, b, c)| Cond::Between(a, b, c)),
        (operand(), proptest::collection::vec(operand(), 1..5)).prop_map(|(a, l)| Cond::In(a, l)),
        call().prop_map(Cond::Call),
    ];
    leaf.prop_recursive(5, 32, 2, |inner| {
        prop_oneof![
            (inner.clone(), inner.clone()).prop_map(|(a, b)| Cond::Or(Box::new(a), Box::new(b))),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| Cond::And(Box::new(a), Box::new(b))),
            inner.prop_map(|a| Cond::Not(Box::new(a))),
        ]
    })
}

fn update_ast() -> impl Strategy<Value = UpdateAst> {
    let set_value = prop_oneof![
        operand().prop_map(SetValue::Operand),
        (operand(), operand()).prop_map(|(a, b)| SetValue::Plus(a, b)),
        (operand(), operand()).prop_map(|(a, b)| SetValue::Minus(a, b)),
    ];
    let value = ":[a-zA-Z0-9_]{1,4}";
    let clause = prop_oneof![
        proptest::collection::vec((path(), set_value).prop_map(|(p, v)| Action::Set(p, v)), 1..4)
            .prop_map(|actions| Clause { kind: ClauseKind::Set, actions }),
        proptest::collection::vec(path().prop_map(Action::Remove), 1..4)
            .prop_map(|actions| Clause { kind: ClauseKind::Remove, actions }),
        proptest::collection::vec((path(), value).prop_map(|(p, v)| Action::Add(p, v)), 1..4)
            .prop_map(|actions| Clause { kind: ClauseKind::Add, actions }),
        proptest::collection::vec((path(), value).prop_map(|(p, v)| Action::Delete(p, v)), 1..4)
            .prop_map(|actions| Clause { kind: ClauseKind::Delete, actions }),
    ];
    proptest::collection::vec(clause, 1..5).prop_map(|clauses| UpdateAst { clauses })
}

proptest! {
    #[test]
    fn condition_round_trip(c in cond()) {
        let text = c.to_string();
        let mut p = Parser::new(&text);
        let parsed = parse_condition(&mut p).map_err(|e| p.syntax_message(e));
        prop_assert_eq!(parsed, Ok(c), "text: {}", text);
        prop_assert!(!p.redundant_parens, "printer added redundant parentheses: {}", text);
    }

    #[test]
    fn update_round_trip(u in update_ast()) {
        let text = u.to_string();
        let mut p = Parser::new(&text);
        let parsed = parse_update(&mut p).map_err(|e| p.syntax_message(e));
        prop_assert_eq!(parsed, Ok(u), "text: {}", text);
    }

    #[test]
    fn projection_round_trip(paths in proptest::collection::vec(path(), 1..6)) {
        let ast = ProjectionAst { paths };
        let text = ast.to_string();
        let mut p = Parser::new(&text);
        let parsed = parse_projection(&mut p).map_err(|e| p.syntax_message(e));
        prop_assert_eq!(parsed, Ok(ast), "text: {}", text);
    }

    /// Whatever the text, the parsers return (no panic, no runaway recursion).
    #[test]
    fn parsers_total(text in "[a-c#:()\\[\\]0-9 ,.=<>+-]{0,40}|(AND|OR|NOT|SET|REMOVE|ADD|DELETE|BETWEEN|IN| |a|:v|#n|\\(|\\)|,|=|\\+){0,30}") {
        let _ = parse_condition(&mut Parser::new(&text));
        let _ = parse_update(&mut Parser::new(&text));
        let _ = parse_projection(&mut Parser::new(&text));
    }
}

// ---------------------------------------------------------------- evaluation vs a naive reference

/// The reference's own value model: just enough types to exercise every comparison rule.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Rv {
    N(i64),
    S(String),
    Bool(bool),
    SS(BTreeSet<String>),
    L(Vec<Rv>),
}

impl Rv {
    fn to_av(&self) -> AttributeValue {
        match self {
            Rv::N(n) => AttributeValue::N(Number::from_i64(*n)),
            Rv::S(s) => AttributeValue::S(s.clone()),
            Rv::Bool(b) => AttributeValue::Bool(*b),
            Rv::SS(s) => AttributeValue::SS(s.iter().cloned().collect()),
            Rv::L(l) => AttributeValue::L(l.iter().map(Rv::to_av).collect()),
        }
    }

    fn type_name(&self) -> &'static str {
        match self {
            Rv::N(_) => "N",
            Rv::S(_) => "S",
            Rv::Bool(_) => "BOOL",
            Rv::SS(_) => "SS",
            Rv::L(_) => "L",
        }
    }
}

fn rv_scalar() -> impl Strategy<Value = Rv> {
    prop_oneof![(-2i64..3).prop_map(Rv::N), "[ab]{0,2}".prop_map(Rv::S)]
}

fn rv() -> impl Strategy<Value = Rv> {
    prop_oneof![
        3 => rv_scalar(),
        1 => any::<bool>().prop_map(Rv::Bool),
        1 => proptest::collection::btree_set("[ab]{1,2}", 1..4).prop_map(Rv::SS),
        2 => proptest::collection::vec(rv_scalar(), 0..4).prop_map(Rv::L),
    ]
}

const ATTRS: [&str; 3] = ["a", "b", "c"];

fn ritem() -> impl Strategy<Value = BTreeMap<String, Rv>> {
    proptest::collection::btree_map(prop::sample::select(&ATTRS[..]).prop_map(String::from), rv(), 1..4)
}

/// A reference operand: an attribute, a literal, or the size of an attribute.
#[derive(Debug, Clone)]
enum ROp {
    Attr(&'static str),
    Lit(Rv),
    Size(&'static str),
}

#[derive(Debug, Clone)]
enum RCond {
    Cmp(CmpOp, ROp, ROp),
    Between(&'static str, Rv, Rv),
    In(&'static str, Vec<Rv>),
    Exists(&'static str),
    NotExists(&'static str),
    Type(&'static str, &'static str),
    BeginsWith(&'static str, String),
    Contains(&'static str, Rv),
    And(Box<RCond>, Box<RCond>),
    Or(Box<RCond>, Box<RCond>),
    Not(Box<RCond>),
}

fn attr() -> impl Strategy<Value = &'static str> {
    prop::sample::select(&ATTRS[..])
}

fn rleaf() -> impl Strategy<Value = RCond> {
    // Only S and N literals are orderable, and BETWEEN bounds share a type and are in order: anything
    // else is refused at validation, which the case files cover.
    let cmp = prop_oneof![
        (cmp_op(), attr(), rv_scalar()).prop_map(|(op, a, v)| RCond::Cmp(op, ROp::Attr(a), ROp::Lit(v))),
        (cmp_op(), rv_scalar(), attr()).prop_map(|(op, v, a)| RCond::Cmp(op, ROp::Lit(v), ROp::Attr(a))),
        (cmp_op(), attr(), attr())
            .prop_filter("distinct", |(_, a, b)| a != b)
            .prop_map(|(op, a, b)| RCond::Cmp(op, ROp::Attr(a), ROp::Attr(b))),
        (cmp_op(), attr(), -1i64..4).prop_map(|(op, a, n)| RCond::Cmp(op, ROp::Size(a), ROp::Lit(Rv::N(n)))),
        (prop_oneof![Just(CmpOp::Eq), Just(CmpOp::Ne)], attr(), rv())
            .prop_map(|(op, a, v)| RCond::Cmp(op, ROp::Attr(a), ROp::Lit(v))),
    ];
    let between = prop_oneof![
        (attr(), -2i64..3, -2i64..3).prop_map(|(a, x, y)| RCond::Between(a, Rv::N(x.min(y)), Rv::N(x.max(y)))),
        (attr(), "[ab]{0,2}", "[ab]{0,2}").prop_map(|(a, x, y)| {
            let (lo, hi) = if x <= y { (x, y) } else { (y, x) };
            RCond::Between(a, Rv::S(lo), Rv::S(hi))
        }),
    ];
    prop_oneof![
        4 => cmp,
        1 => between,
        1 => (attr(), proptest::collection::vec(rv(), 1..4)).prop_map(|(a, l)| RCond::In(a, l)),
        1 => attr().prop_map(RCond::Exists),
        1 => attr().prop_map(RCond::NotExists),
        1 => (attr(), prop::sample::select(&["N", "S", "BOOL", "SS", "L", "M", "NULL"][..])).prop_map(|(a, t)| RCond::Type(a, t)),
        1 => (attr(), "[ab]{0,2}").prop_map(|(a, p)| RCond::BeginsWith(a, p)),
        2 => (attr(), prop_oneof![3 => rv_scalar(), 1 => rv()]).prop_map(|(a, v)| RCond::Contains(a, v)),
    ]
}

fn rcond() -> impl Strategy<Value = RCond> {
    rleaf().prop_recursive(3, 8, 2, |inner| {
        prop_oneof![
            (inner.clone(), inner.clone()).prop_map(|(a, b)| RCond::And(Box::new(a), Box::new(b))),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| RCond::Or(Box::new(a), Box::new(b))),
            inner.prop_map(|a| RCond::Not(Box::new(a))),
        ]
    })
}

/// Renders a reference condition as expression text, collecting the `:vN` values it needs.
struct Render {
    values: BTreeMap<String, AttributeValue>,
}

impl Render {
    fn lit(&mut self, v: &Rv) -> String {
        let key = format!(":v{}", self.values.len());
        self.values.insert(key.clone(), v.to_av());
        key
    }

    fn op(&mut self, o: &ROp) -> String {
        match o {
            ROp::Attr(a) => (*a).to_string(),
            ROp::Lit(v) => self.lit(v),
            ROp::Size(a) => format!("size({a})"),
        }
    }

    fn cond(&mut self, c: &RCond) -> String {
        match c {
            RCond::Cmp(op, a, b) => {
                let (a, b) = (self.op(a), self.op(b));
                format!("{a} {} {b}", op.symbol())
            }
            RCond::Between(a, lo, hi) => {
                let (lo, hi) = (self.lit(lo), self.lit(hi));
                format!("{a} BETWEEN {lo} AND {hi}")
            }
            RCond::In(a, list) => {
                let l: Vec<String> = list.iter().map(|v| self.lit(v)).collect();
                format!("{a} IN ({})", l.join(", "))
            }
            RCond::Exists(a) => format!("attribute_exists({a})"),
            RCond::NotExists(a) => format!("attribute_not_exists({a})"),
            RCond::Type(a, t) => {
                let t = self.lit(&Rv::S((*t).to_string()));
                format!("attribute_type({a}, {t})")
            }
            RCond::BeginsWith(a, p) => {
                let p = self.lit(&Rv::S(p.clone()));
                format!("begins_with({a}, {p})")
            }
            RCond::Contains(a, v) => {
                let v = self.lit(v);
                format!("contains({a}, {v})")
            }
            // Always parenthesised: the reference tree's shape must survive the text.
            RCond::And(a, b) => format!("({}) AND ({})", self.cond(a), self.cond(b)),
            RCond::Or(a, b) => format!("({}) OR ({})", self.cond(a), self.cond(b)),
            RCond::Not(a) => format!("NOT ({})", self.cond(a)),
        }
    }
}

fn r_value(item: &BTreeMap<String, Rv>, o: &ROp) -> Option<Rv> {
    match o {
        ROp::Attr(a) => item.get(*a).cloned(),
        ROp::Lit(v) => Some(v.clone()),
        ROp::Size(a) => match item.get(*a)? {
            Rv::S(s) => Some(Rv::N(s.len() as i64)),
            Rv::SS(s) => Some(Rv::N(s.len() as i64)),
            Rv::L(l) => Some(Rv::N(l.len() as i64)),
            Rv::N(_) | Rv::Bool(_) => None,
        },
    }
}

fn r_order(a: &Rv, b: &Rv) -> Option<core::cmp::Ordering> {
    match (a, b) {
        (Rv::N(x), Rv::N(y)) => Some(x.cmp(y)),
        (Rv::S(x), Rv::S(y)) => Some(x.as_bytes().cmp(y.as_bytes())),
        _ => None,
    }
}

fn r_eval(item: &BTreeMap<String, Rv>, c: &RCond) -> bool {
    use core::cmp::Ordering::*;
    match c {
        RCond::Cmp(op, a, b) => {
            let (a, b) = (r_value(item, a), r_value(item, b));
            match op {
                CmpOp::Eq => a.is_some() && a == b,
                CmpOp::Ne => !(a.is_some() && a == b),
                _ => match (a, b) {
                    (Some(a), Some(b)) => match (op, r_order(&a, &b)) {
                        (CmpOp::Lt, Some(o)) => o == Less,
                        (CmpOp::Le, Some(o)) => o != Greater,
                        (CmpOp::Gt, Some(o)) => o == Greater,
                        (CmpOp::Ge, Some(o)) => o != Less,
                        _ => false,
                    },
                    _ => false,
                },
            }
        }
        RCond::Between(a, lo, hi) => item
            .get(*a)
            .is_some_and(|v| matches!(r_order(v, lo), Some(Greater | Equal)) && matches!(r_order(v, hi), Some(Less | Equal))),
        RCond::In(a, list) => item.get(*a).is_some_and(|v| list.contains(v)),
        RCond::Exists(a) => item.contains_key(*a),
        RCond::NotExists(a) => !item.contains_key(*a),
        RCond::Type(a, t) => item.get(*a).is_some_and(|v| v.type_name() == *t),
        RCond::BeginsWith(a, p) => matches!(item.get(*a), Some(Rv::S(s)) if s.starts_with(p.as_str())),
        RCond::Contains(a, x) => match (item.get(*a), x) {
            (Some(Rv::S(s)), Rv::S(sub)) => s.contains(sub.as_str()),
            (Some(Rv::SS(set)), Rv::S(e)) => set.contains(e),
            (Some(Rv::L(l)), x) => l.contains(x),
            _ => false,
        },
        RCond::And(a, b) => r_eval(item, a) && r_eval(item, b),
        RCond::Or(a, b) => r_eval(item, a) || r_eval(item, b),
        RCond::Not(a) => !r_eval(item, a),
    }
}

fn to_item(item: &BTreeMap<String, Rv>) -> Item {
    item.iter().map(|(k, v)| (k.clone(), v.to_av())).collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2048))]

    #[test]
    fn evaluation_matches_reference(c in rcond(), item in ritem()) {
        let mut r = Render { values: BTreeMap::new() };
        let text = r.cond(&c);
        prop_assume!(text.len() <= 4096);
        let values = (!r.values.is_empty()).then_some(&r.values);
        let compiled = compile(&ExpressionInputs { condition_expression: Some(&text), values, ..Default::default() })
            .map_err(|e| TestCaseError::fail(format!("{text}: {}", e.message())))?;
        let cond = compiled.condition.ok_or_else(|| TestCaseError::fail("no condition"))?;
        prop_assert_eq!(cond.eval(&to_item(&item)), r_eval(&item, &c), "{} on {:?}", text, item);
    }
}

// ---------------------------------------------------------------- updates vs a naive reference

/// One update action on its own attribute (so no two paths overlap).
#[derive(Debug, Clone)]
enum RAction {
    SetLit(Rv),
    /// `SET x = x + :d` (`false`: `x - :d`)
    Arith(bool, i64),
    AddNum(i64),
    AddSet(BTreeSet<String>),
    DeleteSet(BTreeSet<String>),
    Remove,
    /// `SET x = list_append(x, :l)`
    Append(Vec<Rv>),
    /// `SET x = if_not_exists(x, :v)`
    IfNotExists(Rv),
    /// `REMOVE x[i], x[j]…` (distinct indexes)
    RemoveIdx(BTreeSet<usize>),
}

fn raction() -> impl Strategy<Value = RAction> {
    let small_set = || proptest::collection::btree_set("[ab]{1,2}", 1..3);
    prop_oneof![
        rv().prop_map(RAction::SetLit),
        (any::<bool>(), -5i64..5).prop_map(|(p, d)| RAction::Arith(p, d)),
        (-5i64..5).prop_map(RAction::AddNum),
        small_set().prop_map(RAction::AddSet),
        small_set().prop_map(RAction::DeleteSet),
        Just(RAction::Remove),
        proptest::collection::vec(rv_scalar(), 0..3).prop_map(RAction::Append),
        rv().prop_map(RAction::IfNotExists),
        proptest::collection::btree_set(0usize..5, 1..3).prop_map(RAction::RemoveIdx),
    ]
}

#[derive(Debug, PartialEq)]
enum RErr {
    Missing,
    BadType,
    BadPath,
}

impl RErr {
    fn message(&self) -> &'static str {
        match self {
            RErr::Missing => "The provided expression refers to an attribute that does not exist in the item",
            RErr::BadType => "An operand in the update expression has an incorrect data type",
            RErr::BadPath => "The document path provided in the update expression is invalid for update",
        }
    }
}

/// The clause an action is written in (the rendered text has SET, REMOVE, ADD, DELETE in that order).
fn clause_rank(a: &RAction) -> u8 {
    match a {
        RAction::SetLit(_) | RAction::Arith(..) | RAction::Append(_) | RAction::IfNotExists(_) => 0,
        RAction::Remove | RAction::RemoveIdx(_) => 1,
        RAction::AddNum(_) | RAction::AddSet(_) => 2,
        RAction::DeleteSet(_) => 3,
    }
}

/// Apply to a copy; `Err` for what DynamoDB refuses at apply time. Every action has its own attribute,
/// so results do not depend on order; errors are found in DynamoDB's order: SET values first (they are
/// computed from the original item), then the actions as written.
fn r_apply(item: &BTreeMap<String, Rv>, actions: &[(&'static str, RAction)]) -> Result<BTreeMap<String, Rv>, RErr> {
    let mut ordered: Vec<&(&'static str, RAction)> = actions.iter().collect();
    ordered.sort_by_key(|(_, a)| clause_rank(a));
    let mut out = item.clone();
    for (a, act) in ordered {
        let old = item.get(*a).cloned();
        let key = (*a).to_string();
        match act {
            RAction::SetLit(v) => {
                out.insert(key, v.clone());
            }
            RAction::Arith(plus, d) => match old {
                None => return Err(RErr::Missing),
                Some(Rv::N(n)) => {
                    out.insert(key, Rv::N(if *plus { n + d } else { n - d }));
                }
                Some(_) => return Err(RErr::BadType),
            },
            RAction::Append(l) => match old {
                None => return Err(RErr::Missing),
                Some(Rv::L(mut x)) => {
                    x.extend(l.iter().cloned());
                    out.insert(key, Rv::L(x));
                }
                Some(_) => return Err(RErr::BadType),
            },
            RAction::IfNotExists(v) => {
                out.insert(key, old.unwrap_or_else(|| v.clone()));
            }
            RAction::Remove => {
                out.remove(*a);
            }
            RAction::RemoveIdx(idx) => match old {
                Some(Rv::L(x)) => {
                    let kept = x.into_iter().enumerate().filter(|(i, _)| !idx.contains(i)).map(|(_, v)| v).collect();
                    out.insert(key, Rv::L(kept));
                }
                // A list index into a missing attribute or a non-list cannot be resolved.
                _ => return Err(RErr::BadPath),
            },
            RAction::AddNum(d) => match old {
                None => {
                    out.insert(key, Rv::N(*d));
                }
                Some(Rv::N(n)) => {
                    out.insert(key, Rv::N(n + d));
                }
                Some(_) => return Err(RErr::BadType),
            },
            RAction::AddSet(s) => match old {
                None => {
                    out.insert(key, Rv::SS(s.clone()));
                }
                Some(Rv::SS(mut x)) => {
                    x.extend(s.iter().cloned());
                    out.insert(key, Rv::SS(x));
                }
                Some(_) => return Err(RErr::BadType),
            },
            RAction::DeleteSet(s) => match old {
                None => {}
                Some(Rv::SS(x)) => {
                    let rest: BTreeSet<String> = x.difference(s).cloned().collect();
                    if rest.is_empty() {
                        out.remove(*a);
                    } else {
                        out.insert(key, Rv::SS(rest));
                    }
                }
                Some(_) => return Err(RErr::BadType),
            },
        }
    }
    Ok(out)
}

fn render_update(actions: &[(&'static str, RAction)], values: &mut BTreeMap<String, AttributeValue>) -> String {
    let mut lit = |v: AttributeValue| {
        let key = format!(":u{}", values.len());
        values.insert(key.clone(), v);
        key
    };
    let (mut set, mut remove, mut add, mut delete) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for (a, act) in actions {
        match act {
            RAction::SetLit(v) => set.push(format!("{a} = {}", lit(v.to_av()))),
            RAction::Arith(plus, d) => {
                let sign = if *plus { "+" } else { "-" };
                set.push(format!("{a} = {a} {sign} {}", lit(Rv::N(*d).to_av())));
            }
            RAction::AddNum(d) => add.push(format!("{a} {}", lit(Rv::N(*d).to_av()))),
            RAction::AddSet(s) => add.push(format!("{a} {}", lit(Rv::SS(s.clone()).to_av()))),
            RAction::DeleteSet(s) => delete.push(format!("{a} {}", lit(Rv::SS(s.clone()).to_av()))),
            RAction::Remove => remove.push((*a).to_string()),
            RAction::Append(l) => set.push(format!("{a} = list_append({a}, {})", lit(Rv::L(l.clone()).to_av()))),
            RAction::IfNotExists(v) => set.push(format!("{a} = if_not_exists({a}, {})", lit(v.to_av()))),
            RAction::RemoveIdx(idx) => remove.extend(idx.iter().map(|i| format!("{a}[{i}]"))),
        }
    }
    let mut text = Vec::new();
    for (kw, list) in [("SET", set), ("REMOVE", remove), ("ADD", add), ("DELETE", delete)] {
        if !list.is_empty() {
            text.push(format!("{kw} {}", list.join(", ")));
        }
    }
    text.join(" ")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn updates_match_reference(
        item in ritem(),
        acts in proptest::collection::btree_map(attr(), raction(), 1..4),
    ) {
        let actions: Vec<(&'static str, RAction)> = acts.into_iter().collect();
        let mut values = BTreeMap::new();
        let text = render_update(&actions, &mut values);
        let compiled = compile(&ExpressionInputs {
            update_expression: Some(&text),
            values: (!values.is_empty()).then_some(&values),
            ..Default::default()
        })
        .map_err(|e| TestCaseError::fail(format!("{text}: {}", e.message())))?;
        let update = compiled.update.ok_or_else(|| TestCaseError::fail("no update"))?;
        let before = to_item(&item);
        let got = update.apply(&before);
        let want = r_apply(&item, &actions).map(|w| to_item(&w)).map_err(|e| e.message().to_string());
        prop_assert_eq!(got.map_err(|e| e.message().to_string()), want, "{} on {:?}", text, item);
    }
}
