//! Evaluation of compiled conditions against an item. Nothing here can fail: every check that could
//! reject the expression happened during validation, and comparisons between values of different types
//! are simply false, as in DynamoDB.

use alloc::borrow::Cow;
use alloc::boxed::Box;
use alloc::vec::Vec;
use core::cmp::Ordering;

use super::ast::CmpOp;
use super::resolve::{DocPath, Elem};
use crate::number::Number;
use crate::value::{key_cmp, AttributeValue, Item, ValueType};

/// A compiled operand.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Val {
    Path(DocPath),
    Lit(AttributeValue),
    /// `size(x)`: a number, or nothing when `x` is missing or of a type without a size.
    Size(Box<Val>),
}

/// A compiled condition.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum CExpr {
    Or(Box<CExpr>, Box<CExpr>),
    And(Box<CExpr>, Box<CExpr>),
    Not(Box<CExpr>),
    Cmp(CmpOp, Val, Val),
    Between(Val, Val, Val),
    In(Val, Vec<Val>),
    Exists(DocPath),
    NotExists(DocPath),
    IsType(Val, ValueType),
    BeginsWith(Val, Val),
    Contains(Val, Val),
}

impl Val {
    fn paths<'a>(&'a self, out: &mut Vec<&'a DocPath>) {
        match self {
            Val::Path(p) => out.push(p),
            Val::Lit(_) => {}
            Val::Size(v) => v.paths(out),
        }
    }
}

impl CExpr {
    /// Every document path the condition reads, left to right as written.
    pub(crate) fn paths<'a>(&'a self, out: &mut Vec<&'a DocPath>) {
        match self {
            CExpr::Or(a, b) | CExpr::And(a, b) => {
                a.paths(out);
                b.paths(out);
            }
            CExpr::Not(a) => a.paths(out),
            CExpr::Cmp(_, a, b) | CExpr::BeginsWith(a, b) | CExpr::Contains(a, b) => {
                a.paths(out);
                b.paths(out);
            }
            CExpr::Between(a, b, c) => {
                a.paths(out);
                b.paths(out);
                c.paths(out);
            }
            CExpr::In(a, list) => {
                a.paths(out);
                list.iter().for_each(|v| v.paths(out));
            }
            CExpr::Exists(p) | CExpr::NotExists(p) => out.push(p),
            CExpr::IsType(a, _) => a.paths(out),
        }
    }
}

/// The value at `path` in `item`, if every step exists and has the right container type.
pub(crate) fn get<'a>(item: &'a Item, path: &[Elem]) -> Option<&'a AttributeValue> {
    let (first, rest) = path.split_first()?;
    let Elem::Key(k) = first else { return None };
    let mut cur = item.get(k)?;
    for e in rest {
        cur = match (e, cur) {
            (Elem::Key(k), AttributeValue::M(m)) => m.get(k)?,
            (Elem::Index(i), AttributeValue::L(l)) => l.get(*i)?,
            _ => return None,
        };
    }
    Some(cur)
}

/// DynamoDB's `size()`: string length in UTF-8 bytes, binary length, element count of sets, lists, maps.
pub(crate) fn size_of(v: &AttributeValue) -> Option<usize> {
    Some(match v {
        AttributeValue::S(s) => s.len(),
        AttributeValue::B(b) => b.len(),
        AttributeValue::SS(x) => x.len(),
        AttributeValue::NS(x) => x.len(),
        AttributeValue::BS(x) => x.len(),
        AttributeValue::L(x) => x.len(),
        AttributeValue::M(x) => x.len(),
        _ => return None,
    })
}

fn value<'a>(item: &'a Item, v: &'a Val) -> Option<Cow<'a, AttributeValue>> {
    match v {
        Val::Path(p) => get(item, p).map(Cow::Borrowed),
        Val::Lit(l) => Some(Cow::Borrowed(l)),
        Val::Size(inner) => {
            let inner = value(item, inner)?;
            let n = size_of(&inner)?;
            Some(Cow::Owned(AttributeValue::N(Number::from_i64(i64::try_from(n).unwrap_or(i64::MAX)))))
        }
    }
}

/// Order of two values of the same scalar type (S, N, B); `None` for anything else.
pub(crate) fn scalar_cmp(a: &AttributeValue, b: &AttributeValue) -> Option<Ordering> {
    match (a, b) {
        (AttributeValue::S(_), AttributeValue::S(_))
        | (AttributeValue::N(_), AttributeValue::N(_))
        | (AttributeValue::B(_), AttributeValue::B(_)) => Some(key_cmp(a, b)),
        _ => None,
    }
}

/// Equality as DynamoDB defines it: same type and same value (numbers numerically, sets as sets).
pub(crate) fn equal(a: &AttributeValue, b: &AttributeValue) -> bool {
    match (a, b) {
        (AttributeValue::N(_), AttributeValue::N(_)) => key_cmp(a, b) == Ordering::Equal,
        (AttributeValue::L(x), AttributeValue::L(y)) => x.len() == y.len() && x.iter().zip(y).all(|(p, q)| equal(p, q)),
        (AttributeValue::M(x), AttributeValue::M(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|((k1, v1), (k2, v2))| k1 == k2 && equal(v1, v2))
        }
        _ => a == b,
    }
}

fn compare(op: CmpOp, a: Option<&AttributeValue>, b: Option<&AttributeValue>) -> bool {
    match op {
        CmpOp::Eq => matches!((a, b), (Some(a), Some(b)) if equal(a, b)),
        CmpOp::Ne => !matches!((a, b), (Some(a), Some(b)) if equal(a, b)),
        _ => {
            let (Some(a), Some(b)) = (a, b) else { return false };
            let Some(ord) = scalar_cmp(a, b) else { return false };
            match op {
                CmpOp::Lt => ord == Ordering::Less,
                CmpOp::Le => ord != Ordering::Greater,
                CmpOp::Gt => ord == Ordering::Greater,
                _ => ord != Ordering::Less,
            }
        }
    }
}

fn begins_with(a: &AttributeValue, prefix: &AttributeValue) -> bool {
    match (a, prefix) {
        (AttributeValue::S(s), AttributeValue::S(p)) => s.starts_with(p.as_str()),
        (AttributeValue::B(s), AttributeValue::B(p)) => s.starts_with(p),
        _ => false,
    }
}

fn contains(a: &AttributeValue, x: &AttributeValue) -> bool {
    match (a, x) {
        (AttributeValue::S(s), AttributeValue::S(sub)) => s.contains(sub.as_str()),
        (AttributeValue::B(s), AttributeValue::B(sub)) => sub.is_empty() || s.windows(sub.len()).any(|w| w == sub.as_slice()),
        (AttributeValue::SS(set), AttributeValue::S(e)) => set.iter().any(|m| m == e),
        (AttributeValue::BS(set), AttributeValue::B(e)) => set.iter().any(|m| m == e),
        (AttributeValue::NS(set), AttributeValue::N(_)) => set.iter().any(|m| equal(&AttributeValue::N(*m), x)),
        (AttributeValue::L(list), _) => list.iter().any(|m| equal(m, x)),
        _ => false,
    }
}

impl Val {
    fn path_heads<'a>(&'a self, out: &mut Vec<&'a str>) {
        match self {
            Val::Path(p) => {
                if let Some(Elem::Key(k)) = p.first() {
                    out.push(k);
                }
            }
            Val::Size(inner) => inner.path_heads(out),
            Val::Lit(_) => {}
        }
    }
}

impl CExpr {
    /// The top-level attribute names the condition reads (with repeats).
    pub(crate) fn path_heads<'a>(&'a self, out: &mut Vec<&'a str>) {
        let head = |p: &'a DocPath, out: &mut Vec<&'a str>| {
            if let Some(Elem::Key(k)) = p.first() {
                out.push(k);
            }
        };
        match self {
            CExpr::Or(a, b) | CExpr::And(a, b) => {
                a.path_heads(out);
                b.path_heads(out);
            }
            CExpr::Not(a) => a.path_heads(out),
            CExpr::Cmp(_, a, b) | CExpr::BeginsWith(a, b) | CExpr::Contains(a, b) => {
                a.path_heads(out);
                b.path_heads(out);
            }
            CExpr::Between(a, b, c) => {
                for v in [a, b, c] {
                    v.path_heads(out);
                }
            }
            CExpr::In(a, list) => {
                a.path_heads(out);
                for v in list {
                    v.path_heads(out);
                }
            }
            CExpr::Exists(p) | CExpr::NotExists(p) => head(p, out),
            CExpr::IsType(a, _) => a.path_heads(out),
        }
    }

    pub(crate) fn eval(&self, item: &Item) -> bool {
        match self {
            CExpr::Or(a, b) => a.eval(item) || b.eval(item),
            CExpr::And(a, b) => a.eval(item) && b.eval(item),
            CExpr::Not(a) => !a.eval(item),
            CExpr::Cmp(op, a, b) => compare(*op, value(item, a).as_deref(), value(item, b).as_deref()),
            CExpr::Between(a, lo, hi) => {
                let (Some(a), Some(lo), Some(hi)) = (value(item, a), value(item, lo), value(item, hi)) else {
                    return false;
                };
                matches!(scalar_cmp(&a, &lo), Some(Ordering::Greater | Ordering::Equal))
                    && matches!(scalar_cmp(&a, &hi), Some(Ordering::Less | Ordering::Equal))
            }
            CExpr::In(a, list) => {
                let Some(a) = value(item, a) else { return false };
                list.iter().any(|x| value(item, x).is_some_and(|x| equal(&a, &x)))
            }
            CExpr::Exists(p) => get(item, p).is_some(),
            CExpr::NotExists(p) => get(item, p).is_none(),
            CExpr::IsType(a, t) => value(item, a).is_some_and(|v| v.value_type() == *t),
            CExpr::BeginsWith(a, p) => match (value(item, a), value(item, p)) {
                (Some(a), Some(p)) => begins_with(&a, &p),
                _ => false,
            },
            CExpr::Contains(a, x) => match (value(item, a), value(item, x)) {
                (Some(a), Some(x)) => contains(&a, &x),
                _ => false,
            },
        }
    }
}
