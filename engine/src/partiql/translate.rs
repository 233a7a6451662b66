//! Phase 3a: PartiQL conditions, values and SET/REMOVE actions lowered to DynamoDB's expression
//! language, so that evaluation, validation and capacity come from `crate::expr` and `crate::ops`
//! rather than from a second implementation.
//!
//! Every name becomes a `#nK` placeholder and every value a `:vK` placeholder, so reserved words,
//! odd characters and types never need escaping; the resulting text is compiled by `expr::compile`
//! like any request's expression (its 4 KB limit is lifted: the statement's own 8 KB limit applies).

use alloc::collections::BTreeMap;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::ast::{ArithOp, Expr, Lit, Path, Step};
use super::messages as msg;
use crate::error::ApiError;
use crate::number::Number;
use crate::value::AttributeValue;

fn invalid(m: impl Into<String>) -> ApiError {
    ApiError::Validation(m.into())
}

/// The value of a literal expression with `?` bound to `params`; `None` when `e` is not a literal
/// (a path, a call, a condition).
pub fn literal(e: &Expr, params: &[AttributeValue]) -> Result<Option<AttributeValue>, ApiError> {
    Ok(Some(match e {
        Expr::Lit(Lit::Str(s)) => AttributeValue::S(s.clone()),
        Expr::Lit(Lit::Num(n)) => AttributeValue::N(Number::parse(n).map_err(|err| invalid(err.message_for(n)))?),
        Expr::Lit(Lit::Bool(b)) => AttributeValue::Bool(*b),
        Expr::Lit(Lit::Null) => AttributeValue::Null,
        Expr::Lit(Lit::Missing) => return Err(invalid(msg::MISSING_NEEDS_IS)),
        Expr::Param(i) => params.get(*i).cloned().ok_or_else(|| invalid(msg::PARAMETER_COUNT))?,
        Expr::Tuple(fields) => {
            let mut m = crate::value::Item::new();
            for (k, v) in fields {
                let Some(v) = literal(v, params)? else { return Err(invalid(format!("Unsupported data type: {} under key {k}", kind(v)))) };
                if m.insert(k.clone(), v).is_some() {
                    return Err(invalid(format!("Duplicate keys in tuple. Key: {k} under {k}")));
                }
            }
            AttributeValue::M(m)
        }
        Expr::List(items) => {
            let mut out = Vec::new();
            for v in items {
                let Some(v) = literal(v, params)? else { return Err(invalid(format!("Unsupported data type: {}", kind(v)))) };
                out.push(v);
            }
            AttributeValue::L(out)
        }
        Expr::Bag(items) => bag(items)?,
        _ => return Ok(None),
    }))
}

/// `<<...>>`: a string set or a number set of literals (a `?` inside a bag is refused, as DynamoDB does:
/// a set parameter is passed whole, as `SS`/`NS`/`BS`).
fn bag(items: &[Expr]) -> Result<AttributeValue, ApiError> {
    if items.is_empty() {
        return Err(invalid(msg::EMPTY_BAG));
    }
    let mut strings = Vec::new();
    let mut numbers = Vec::new();
    for i in items {
        match i {
            Expr::Lit(Lit::Str(s)) => strings.push(s.clone()),
            Expr::Lit(Lit::Num(n)) => numbers.push(Number::parse(n).map_err(|err| invalid(err.message_for(n)))?),
            _ => return Err(invalid(msg::BAG_TYPES)),
        }
    }
    let (n, set) = match (strings.is_empty(), numbers.is_empty()) {
        (false, true) => (strings.len(), AttributeValue::string_set(strings)),
        (true, false) => (numbers.len(), AttributeValue::number_set(numbers)),
        _ => return Err(invalid(msg::BAG_TYPES)),
    };
    let kept = match &set {
        AttributeValue::SS(v) => v.len(),
        AttributeValue::NS(v) => v.len(),
        _ => n,
    };
    if kept != n {
        return Err(invalid(msg::DUPLICATES_IN_SET));
    }
    Ok(set)
}

fn kind(e: &Expr) -> &'static str {
    match e {
        Expr::Path(_) => "VARIABLE_REFERENCE",
        Expr::Call(..) => "CALL",
        _ => "EXPRESSION",
    }
}

/// Placeholders and the text of the expressions one statement becomes.
#[derive(Debug, Default)]
pub struct Builder {
    pub names: BTreeMap<String, String>,
    pub values: crate::value::Item,
    by_name: BTreeMap<String, String>,
}

/// The functions a WHERE clause may call as a condition, with their arity.
const CONDITION_FUNCTIONS: [(&str, usize); 5] =
    [("begins_with", 2), ("contains", 2), ("attribute_type", 2), ("attribute_exists", 1), ("attribute_not_exists", 1)];

impl Builder {
    pub fn name(&mut self, n: &str) -> Result<String, ApiError> {
        if n.is_empty() {
            return Err(invalid(msg::EMPTY_PATH_COMPONENT));
        }
        if let Some(p) = self.by_name.get(n) {
            return Ok(p.clone());
        }
        let p = format!("#n{}", self.names.len());
        self.names.insert(p.clone(), n.to_string());
        self.by_name.insert(n.to_string(), p.clone());
        Ok(p)
    }

    pub fn value(&mut self, v: AttributeValue) -> String {
        let p = format!(":v{}", self.values.len());
        self.values.insert(p.clone(), v);
        p
    }

    pub fn path(&mut self, p: &Path) -> Result<String, ApiError> {
        let mut s = self.name(&p.root)?;
        for step in &p.steps {
            match step {
                Step::Field(f) => {
                    s.push('.');
                    s.push_str(&self.name(f)?);
                }
                Step::Index(i) => s.push_str(&format!("[{i}]")),
            }
        }
        Ok(s)
    }

    /// A value position of a condition: a path, a literal, or `size(path)`.
    fn operand(&mut self, e: &Expr, params: &[AttributeValue]) -> Result<String, ApiError> {
        match e {
            Expr::Path(p) => self.path(p),
            Expr::Call(f, args) if f == "size" => match args.as_slice() {
                [Expr::Path(p)] => Ok(format!("size({})", self.path(p)?)),
                _ => Err(invalid(format!("{}size", msg::UNRECOGNIZED_FUNCTION))),
            },
            Expr::Call(f, _) => Err(invalid(format!("{}{f}", msg::UNRECOGNIZED_FUNCTION))),
            Expr::Arith(..) => Err(invalid(format!("{}{}", msg::UNSUPPORTED_CONDITION_OP, arith_word(e)))),
            other => match literal(other, params)? {
                Some(v) => Ok(self.value(v)),
                None => Err(invalid(msg::WHERE_NOT_BOOLEAN)),
            },
        }
    }

    /// A WHERE clause (or part of one) as ConditionExpression text.
    pub fn condition(&mut self, e: &Expr, params: &[AttributeValue]) -> Result<String, ApiError> {
        Ok(match e {
            Expr::Or(a, b) => format!("({}) OR ({})", self.condition(a, params)?, self.condition(b, params)?),
            Expr::And(a, b) => format!("({}) AND ({})", self.condition(a, params)?, self.condition(b, params)?),
            Expr::Not(a) => format!("NOT ({})", self.condition(a, params)?),
            Expr::Cmp(op, a, b) => {
                if matches!(**a, Expr::Lit(Lit::Missing)) || matches!(**b, Expr::Lit(Lit::Missing)) {
                    return Err(invalid(msg::MISSING_NEEDS_IS));
                }
                format!("{} {} {}", self.operand(a, params)?, op.symbol(), self.operand(b, params)?)
            }
            Expr::Between(a, lo, hi) => {
                format!("{} BETWEEN {} AND {}", self.operand(a, params)?, self.operand(lo, params)?, self.operand(hi, params)?)
            }
            Expr::In(a, list) => {
                if !matches!(**a, Expr::Path(_)) || list.is_empty() {
                    return Err(invalid(msg::INVALID_IN));
                }
                let left = self.operand(a, params)?;
                let mut parts = Vec::new();
                for x in list {
                    parts.push(self.operand(x, params)?);
                }
                format!("{left} IN ({})", parts.join(", "))
            }
            Expr::Is { operand, type_name, negated } => {
                let Expr::Path(p) = &**operand else { return Err(invalid(msg::IS_OPERAND)) };
                let path = self.path(p)?;
                let ty = match type_name.as_str() {
                    "MISSING" => {
                        return Ok(if *negated { format!("attribute_exists({path})") } else { format!("attribute_not_exists({path})") })
                    }
                    "NULL" => "NULL",
                    "BOOLEAN" => "BOOL",
                    "BLOB" => "B",
                    "STRING" => "S",
                    "NUMERIC" => "N",
                    "STRUCT" | "TUPLE" => "M",
                    "LIST" => "L",
                    other => return Err(invalid(msg::is_type(other))),
                };
                let v = self.value(AttributeValue::S(String::from(ty)));
                let test = format!("attribute_type({path}, {v})");
                if *negated { format!("NOT {test}") } else { test }
            }
            Expr::Call(f, args) => {
                let Some((_, arity)) = CONDITION_FUNCTIONS.iter().find(|(n, _)| n == f) else {
                    return Err(invalid(if f == "size" { String::from(msg::WHERE_NOT_BOOLEAN) } else { format!("{}{f}", msg::UNRECOGNIZED_FUNCTION) }));
                };
                if args.len() != *arity || !matches!(args.first(), Some(Expr::Path(_))) {
                    return Err(invalid(format!("{}{f}", msg::UNRECOGNIZED_FUNCTION)));
                }
                let mut parts = Vec::new();
                for a in args {
                    parts.push(self.operand(a, params)?);
                }
                format!("{f}({})", parts.join(", "))
            }
            _ => return Err(invalid(msg::WHERE_NOT_BOOLEAN)),
        })
    }

    /// The right-hand side of `SET path = e`: a value, a path, `a + b`, `a - b`, `list_append(a, b)`,
    /// `if_not_exists(path, v)`.
    pub fn set_value(&mut self, e: &Expr, params: &[AttributeValue]) -> Result<String, ApiError> {
        match e {
            Expr::Path(p) => self.path(p),
            Expr::Arith(op, a, b) => {
                let sym = if *op == ArithOp::Add { "+" } else { "-" };
                Ok(format!("{} {sym} {}", self.set_operand(a, params)?, self.set_operand(b, params)?))
            }
            Expr::Call(f, args) if f == "list_append" || f == "if_not_exists" => {
                if args.len() != 2 {
                    return Err(invalid(format!("{}{f}", msg::UNRECOGNIZED_FUNCTION)));
                }
                let a = self.set_operand(&args[0], params)?;
                let b = self.set_operand(&args[1], params)?;
                Ok(format!("{f}({a}, {b})"))
            }
            Expr::Call(f, _) => Err(invalid(format!("{}{f}", msg::UNRECOGNIZED_FUNCTION))),
            Expr::Is { .. } => Err(invalid(msg::IS_IN_UPDATE)),
            Expr::Cmp(op, ..) => Err(invalid(format!("{}{}", msg::UNSUPPORTED_UPDATE_OP, op.symbol()))),
            Expr::And(..) | Expr::Or(..) | Expr::Not(..) | Expr::Between(..) | Expr::In(..) => {
                Err(invalid(format!("{}{}", msg::UNSUPPORTED_UPDATE_OP, logic_word(e))))
            }
            other => match literal(other, params)? {
                Some(v) => Ok(self.value(v)),
                None => Err(invalid(msg::WHERE_NOT_BOOLEAN)),
            },
        }
    }

    fn set_operand(&mut self, e: &Expr, params: &[AttributeValue]) -> Result<String, ApiError> {
        match e {
            Expr::Path(p) => self.path(p),
            Expr::Call(..) => self.set_value(e, params),
            other => match literal(other, params)? {
                Some(v) => Ok(self.value(v)),
                None => Err(invalid(format!("{}{}", msg::UNSUPPORTED_UPDATE_OP, logic_word(other)))),
            },
        }
    }
}

fn arith_word(e: &Expr) -> &'static str {
    match e {
        Expr::Arith(ArithOp::Add, ..) => "+",
        _ => "-",
    }
}

fn logic_word(e: &Expr) -> &'static str {
    match e {
        Expr::And(..) => "AND",
        Expr::Or(..) => "OR",
        Expr::Not(..) => "NOT",
        Expr::Between(..) => "BETWEEN",
        Expr::In(..) => "IN",
        Expr::Arith(ArithOp::Add, ..) => "+",
        Expr::Arith(ArithOp::Sub, ..) => "-",
        _ => "?",
    }
}
