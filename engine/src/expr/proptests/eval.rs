//! Random conditions on random small items agree with a naive reference evaluator.

use alloc::boxed::Box;
use alloc::collections::{BTreeMap, BTreeSet};
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use proptest::prelude::*;

use super::roundtrip::cmp_op;
use crate::expr::ast::CmpOp;
use crate::expr::{compile, ExpressionInputs};
use crate::number::Number;
use crate::value::{AttributeValue, Item};

/// The reference's own value model: just enough types to exercise every comparison rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Rv {
    N(i64),
    S(String),
    Bool(bool),
    SS(BTreeSet<String>),
    L(Vec<Rv>),
}

impl Rv {
    pub(super) fn to_av(&self) -> AttributeValue {
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

pub(super) fn rv_scalar() -> impl Strategy<Value = Rv> {
    prop_oneof![(-2i64..3).prop_map(Rv::N), "[ab]{0,2}".prop_map(Rv::S)]
}

pub(super) fn rv() -> impl Strategy<Value = Rv> {
    prop_oneof![
        3 => rv_scalar(),
        1 => any::<bool>().prop_map(Rv::Bool),
        1 => proptest::collection::btree_set("[ab]{1,2}", 1..4).prop_map(Rv::SS),
        2 => proptest::collection::vec(rv_scalar(), 0..4).prop_map(Rv::L),
    ]
}

pub(super) const ATTRS: [&str; 3] = ["a", "b", "c"];

pub(super) fn ritem() -> impl Strategy<Value = BTreeMap<String, Rv>> {
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

pub(super) fn attr() -> impl Strategy<Value = &'static str> {
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
    values: Item,
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

/// The attributes a reference condition reads, in the order written, each once.
fn r_names(c: &RCond, out: &mut Vec<&'static str>) {
    let mut add = |a: &'static str| {
        if !out.contains(&a) {
            out.push(a);
        }
    };
    match c {
        RCond::Cmp(_, x, y) => {
            for o in [x, y] {
                if let ROp::Attr(a) | ROp::Size(a) = o {
                    add(a);
                }
            }
        }
        RCond::Between(a, ..)
        | RCond::In(a, _)
        | RCond::Exists(a)
        | RCond::NotExists(a)
        | RCond::Type(a, _)
        | RCond::BeginsWith(a, _)
        | RCond::Contains(a, _) => add(a),
        RCond::And(x, y) | RCond::Or(x, y) => {
            r_names(x, out);
            r_names(y, out);
        }
        RCond::Not(x) => r_names(x, out),
    }
}

pub(super) fn to_item(item: &BTreeMap<String, Rv>) -> Item {
    item.iter().map(|(k, v)| (k.clone(), v.to_av())).collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2048))]

    #[test]
    fn evaluation_matches_reference(c in rcond(), item in ritem()) {
        let mut r = Render { values: crate::value::Item::new() };
        let text = r.cond(&c);
        prop_assume!(text.len() <= 4096);
        let values = (!r.values.is_empty()).then_some(&r.values);
        let compiled = compile(&ExpressionInputs { condition_expression: Some(&text), values, ..Default::default() })
            .map_err(|e| TestCaseError::fail(format!("{text}: {}", e.message())))?;
        let cond = compiled.condition.ok_or_else(|| TestCaseError::fail("no condition"))?;
        prop_assert_eq!(cond.eval(&to_item(&item)), r_eval(&item, &c), "{} on {:?}", text, item);
    }

    /// `Condition::top_level_names` (Query's filter key check) lists what the reference reads.
    #[test]
    fn top_level_names_match_reference(c in rcond()) {
        let mut r = Render { values: crate::value::Item::new() };
        let text = r.cond(&c);
        prop_assume!(text.len() <= 4096);
        let values = (!r.values.is_empty()).then_some(&r.values);
        let compiled = compile(&ExpressionInputs { condition_expression: Some(&text), values, ..Default::default() })
            .map_err(|e| TestCaseError::fail(format!("{text}: {}", e.message())))?;
        let cond = compiled.condition.ok_or_else(|| TestCaseError::fail("no condition"))?;
        let mut want = Vec::new();
        r_names(&c, &mut want);
        prop_assert_eq!(cond.top_level_names(), want, "{}", text);
    }
}
