//! The syntax trees the parser produces, before `#name`/`:value` resolution.
//!
//! Each type prints back as expression text (`Display`) that parses to the same tree: the property
//! tests rely on it, and error messages never need the original spans.

use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

/// One step of a document path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum PathElem {
    /// `status` in `status.code`: a literal attribute or map-key name (checked against reserved words).
    Attr(String),
    /// `#s` in `#s.code`: a placeholder, resolved through ExpressionAttributeNames.
    Name(String),
    /// `[3]`: a list index.
    Index(u32),
}

/// `a.b[2].#c`: the first element is always `Attr` or `Name`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Path {
    pub elems: Vec<PathElem>,
}

/// `size(a)`, `begins_with(a, :p)`, `if_not_exists(a, :z)`: the name is checked after parsing, so an
/// unknown name yields DynamoDB's "Invalid function name" rather than a syntax error.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Call {
    pub name: String,
    pub args: Vec<Operand>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Operand {
    Path(Path),
    /// `:v` (the placeholder text, colon included).
    Value(String),
    Call(Call),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum CmpOp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

impl CmpOp {
    pub fn symbol(self) -> &'static str {
        match self {
            CmpOp::Eq => "=",
            CmpOp::Ne => "<>",
            CmpOp::Lt => "<",
            CmpOp::Le => "<=",
            CmpOp::Gt => ">",
            CmpOp::Ge => ">=",
        }
    }
}

/// A condition (ConditionExpression, FilterExpression, KeyConditionExpression).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Cond {
    /// `a = :x OR b = :y` (OR binds loosest).
    Or(Box<Cond>, Box<Cond>),
    /// `a = :x AND b = :y`.
    And(Box<Cond>, Box<Cond>),
    /// `NOT a = :x` (NOT binds tighter than AND, looser than comparisons).
    Not(Box<Cond>),
    /// `a < :x`.
    Cmp(CmpOp, Operand, Operand),
    /// `a BETWEEN :lo AND :hi`.
    Between(Operand, Operand, Operand),
    /// `a IN (:x, :y)`.
    In(Operand, Vec<Operand>),
    /// `attribute_exists(a)`: a function used as a condition.
    Call(Call),
}

/// One action of an UpdateExpression.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum SetValue {
    /// `SET a = :v`
    Operand(Operand),
    /// `SET a = b + :v`
    Plus(Operand, Operand),
    /// `SET a = b - :v`
    Minus(Operand, Operand),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum ClauseKind {
    Set,
    Remove,
    Add,
    Delete,
}

impl ClauseKind {
    pub fn keyword(self) -> &'static str {
        match self {
            ClauseKind::Set => "SET",
            ClauseKind::Remove => "REMOVE",
            ClauseKind::Add => "ADD",
            ClauseKind::Delete => "DELETE",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Action {
    Set(Path, SetValue),
    Remove(Path),
    /// `ADD counter :one` — the value is a placeholder by grammar.
    Add(Path, String),
    /// `DELETE tags :gone`.
    Delete(Path, String),
}

/// `SET a = :x, b = :y REMOVE c`: clauses in written order (DynamoDB applies them all at once).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Clause {
    pub kind: ClauseKind,
    pub actions: Vec<Action>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct UpdateAst {
    pub clauses: Vec<Clause>,
}

/// `a, b.c, #d[0]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ProjectionAst {
    pub paths: Vec<Path>,
}

impl Operand {
    /// Fold the operand bottom-up: `leaf` for a path or value, `call` for a call once its arguments are
    /// folded (in order), so the checkers see exactly what a recursive walk would. Iterative: calls nest
    /// up to about 1,300 deep within 4 KB, more than wasm's 1 MB stack takes recursively.
    pub fn fold<C, V>(&self, ctx: &mut C, leaf: fn(&mut C, &Operand) -> V, call: fn(&mut C, &Call, Vec<V>) -> V) -> V {
        let mut open: Vec<(&Call, Vec<V>)> = Vec::new();
        let mut cur = self;
        loop {
            let mut v = loop {
                match cur {
                    Operand::Call(c) => match c.args.first() {
                        Some(first) => {
                            open.push((c, Vec::with_capacity(c.args.len())));
                            cur = first;
                        }
                        None => break call(ctx, c, Vec::new()),
                    },
                    other => break leaf(ctx, other),
                }
            };
            loop {
                let Some((c, mut done)) = open.pop() else { return v };
                done.push(v);
                match c.args.get(done.len()) {
                    Some(next) => {
                        open.push((c, done));
                        cur = next;
                        break;
                    }
                    None => v = call(ctx, c, done),
                }
            }
        }
    }
}

impl fmt::Display for Path {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.elems.iter().enumerate() {
            match e {
                PathElem::Attr(s) | PathElem::Name(s) => {
                    if i > 0 {
                        f.write_str(".")?;
                    }
                    f.write_str(s)?;
                }
                PathElem::Index(n) => write!(f, "[{n}]")?,
            }
        }
        Ok(())
    }
}

impl fmt::Display for Call {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}(", self.name)?;
        for (i, a) in self.args.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{a}")?;
        }
        f.write_str(")")
    }
}

impl fmt::Display for Operand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Operand::Path(p) => write!(f, "{p}"),
            Operand::Value(v) => f.write_str(v),
            Operand::Call(c) => write!(f, "{c}"),
        }
    }
}

/// Binding strength, loosest first; a child printed where a looser one stands gets parentheses.
fn level(c: &Cond) -> u8 {
    match c {
        Cond::Or(..) => 0,
        Cond::And(..) => 1,
        Cond::Not(..) => 2,
        _ => 3,
    }
}

fn child(f: &mut fmt::Formatter<'_>, c: &Cond, min: u8) -> fmt::Result {
    if level(c) < min {
        write!(f, "({c})")
    } else {
        write!(f, "{c}")
    }
}

impl fmt::Display for Cond {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            // Left-associative: the right child of OR must bind tighter than OR.
            Cond::Or(a, b) => {
                child(f, a, 0)?;
                f.write_str(" OR ")?;
                child(f, b, 1)
            }
            Cond::And(a, b) => {
                child(f, a, 1)?;
                f.write_str(" AND ")?;
                child(f, b, 2)
            }
            Cond::Not(a) => {
                f.write_str("NOT ")?;
                child(f, a, 2)
            }
            Cond::Cmp(op, a, b) => write!(f, "{a} {} {b}", op.symbol()),
            Cond::Between(a, lo, hi) => write!(f, "{a} BETWEEN {lo} AND {hi}"),
            Cond::In(a, list) => {
                write!(f, "{a} IN (")?;
                for (i, x) in list.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{x}")?;
                }
                f.write_str(")")
            }
            Cond::Call(c) => write!(f, "{c}"),
        }
    }
}

impl fmt::Display for SetValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetValue::Operand(o) => write!(f, "{o}"),
            SetValue::Plus(a, b) => write!(f, "{a} + {b}"),
            SetValue::Minus(a, b) => write!(f, "{a} - {b}"),
        }
    }
}

impl fmt::Display for UpdateAst {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (ci, clause) in self.clauses.iter().enumerate() {
            if ci > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{} ", clause.kind.keyword())?;
            for (i, a) in clause.actions.iter().enumerate() {
                if i > 0 {
                    f.write_str(", ")?;
                }
                match a {
                    Action::Set(p, v) => write!(f, "{p} = {v}")?,
                    Action::Remove(p) => write!(f, "{p}")?,
                    Action::Add(p, v) | Action::Delete(p, v) => write!(f, "{p} {v}")?,
                }
            }
        }
        Ok(())
    }
}

impl fmt::Display for ProjectionAst {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.paths.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}
