//! The typed syntax of DynamoDB's PartiQL statements, as the parser produces it (nothing resolved yet:
//! `?` parameters are numbered in order of appearance, names are as written).

use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;

/// One statement: the forms `ExecuteStatement`, `BatchExecuteStatement` and `ExecuteTransaction` take.
#[derive(Debug, Clone, PartialEq)]
pub enum Statement {
    Select(Select),
    Insert(Insert),
    Update(Update),
    Delete(Delete),
    /// `EXISTS(SELECT ...)`: a condition check, only inside an ExecuteTransaction of writes.
    Exists(Select),
}

/// `"table"` or `"table"."index"`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Target {
    pub table: String,
    pub index: Option<String>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Projection {
    /// `SELECT *`
    Star,
    /// `SELECT a, b.c, l[0]`
    Paths(Vec<Path>),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderKey {
    pub name: String,
    pub descending: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Select {
    pub projection: Projection,
    pub from: Target,
    pub filter: Option<Expr>,
    pub order_by: Vec<OrderKey>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Insert {
    pub table: Target,
    /// The item: a tuple literal, or (refused later with DynamoDB's message) anything else.
    pub item: Expr,
}

#[derive(Debug, Clone, PartialEq)]
pub enum UpdateAction {
    Set(Path, Expr),
    Remove(Path),
}

#[derive(Debug, Clone, PartialEq)]
pub struct Update {
    pub table: Target,
    pub actions: Vec<UpdateAction>,
    pub filter: Option<Expr>,
    pub returning: Option<Returning>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Delete {
    pub table: Target,
    pub filter: Option<Expr>,
    pub returning: Option<Returning>,
}

/// `RETURNING (ALL | MODIFIED) (OLD | NEW) *`
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Returning {
    AllOld,
    ModifiedOld,
    AllNew,
    ModifiedNew,
}

impl Returning {
    pub fn words(self) -> &'static str {
        match self {
            Returning::AllOld => "ALL OLD",
            Returning::ModifiedOld => "MODIFIED OLD",
            Returning::AllNew => "ALL NEW",
            Returning::ModifiedNew => "MODIFIED NEW",
        }
    }
}

/// `a.b[2]."c d"`: a root attribute name, then map keys and list indexes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Path {
    pub root: String,
    pub steps: Vec<Step>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    Field(String),
    Index(u64),
}

impl Path {
    /// The name DynamoDB gives a projected path in the result: its last map key (or the root), with
    /// any list indexes that follow it (`m.k[1]` -> `k[1]`, `l[0]` -> `l[0]`, `m.z` -> `z`).
    pub fn result_name(&self) -> String {
        let last_field = self.steps.iter().rposition(|s| matches!(s, Step::Field(_)));
        let (mut name, rest) = match last_field {
            Some(i) => match &self.steps[i] {
                Step::Field(f) => (f.clone(), &self.steps[i + 1..]),
                Step::Index(_) => (self.root.clone(), &self.steps[..]),
            },
            None => (self.root.clone(), &self.steps[..]),
        };
        for s in rest {
            if let Step::Index(n) = s {
                name.push_str(&alloc::format!("[{n}]"));
            }
        }
        name
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CmpOp {
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

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ArithOp {
    Add,
    Sub,
}

/// A scalar literal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Lit {
    Str(String),
    /// As written, sign included (`-1.5`).
    Num(String),
    Bool(bool),
    Null,
    Missing,
}

/// Conditions and values share one grammar, as in PartiQL; the planner decides what each position
/// may hold and answers DynamoDB's message when it holds something else.
#[derive(Debug, Clone, PartialEq)]
pub enum Expr {
    Or(Box<Expr>, Box<Expr>),
    And(Box<Expr>, Box<Expr>),
    Not(Box<Expr>),
    Cmp(CmpOp, Box<Expr>, Box<Expr>),
    Between(Box<Expr>, Box<Expr>, Box<Expr>),
    In(Box<Expr>, Vec<Expr>),
    /// `x IS [NOT] type`; the type word as written, upper-cased.
    Is { operand: Box<Expr>, type_name: String, negated: bool },
    /// A function call; the name lower-cased.
    Call(String, Vec<Expr>),
    Arith(ArithOp, Box<Expr>, Box<Expr>),
    Path(Path),
    /// The n-th `?` of the statement (0-based).
    Param(usize),
    Lit(Lit),
    /// `{'a': 1, 'b': 'x'}`
    Tuple(Vec<(String, Expr)>),
    /// `[1, 'a']`
    List(Vec<Expr>),
    /// `<<'a', 'b'>>`: a string or number set.
    Bag(Vec<Expr>),
}
