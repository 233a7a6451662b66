//! What can be wrong with one expression, and which problem DynamoDB reports first.
//!
//! DynamoDB checks an expression completely and then reports one problem, chosen by a fixed precedence
//! (dynalite's `errorOrder` lists record it): for a condition, redundant parentheses beat an unknown
//! function, which beats a misused function, then reserved words, then the first comparison/function
//! that has an undefined name or value, a wrong operand count, a repeated operand or a wrong operand
//! type. [`Faults`] collects every problem with its [`Cat`]egory while the checker walks the tree, and
//! [`Faults::first`] applies the precedence of the expression's [`ExprKind`].

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::ExprError;

/// The five expression parameters; the label prefixes every message (`Invalid UpdateExpression: …`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ExprKind {
    Condition,
    Filter,
    KeyCondition,
    Projection,
    Update,
}

impl ExprKind {
    pub fn label(self) -> &'static str {
        match self {
            ExprKind::Condition => "ConditionExpression",
            ExprKind::Filter => "FilterExpression",
            ExprKind::KeyCondition => "KeyConditionExpression",
            ExprKind::Projection => "ProjectionExpression",
            ExprKind::Update => "UpdateExpression",
        }
    }
}

/// One problem in one expression (message text without the `Invalid XExpression: ` prefix).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub(crate) enum Fault {
    /// `""`
    Empty,
    /// More than 4096 bytes; Condition and Filter expressions also state the size.
    TooLong { size: usize, state_size: bool },
    /// `a = = b` — already rendered with token and near text.
    Syntax(String),
    /// `a[4294967295]`: an index past DynamoDB's largest (4294967294), as written.
    ListIndex(String),
    /// More than 300 operators (the count stops at the first one too many).
    TooManyOperators(usize),
    /// `((a = :v))`
    RedundantParens,
    /// `a.b.c…` with more than 32 levels.
    PathTooDeep(usize),
    /// `status = :v`
    Reserved(String),
    /// `#x = :v` with no `#x` in ExpressionAttributeNames.
    UndefinedName(String),
    /// `a = :x` with no `:x` in ExpressionAttributeValues.
    UndefinedValue(String),
    /// `foo(a)`
    UnknownFunction(String),
    /// `if_not_exists(a, :v)` in a condition.
    NotAConditionFunction(String),
    /// `SET a = size(b)`.
    NotAnUpdateFunction(String),
    /// `size(a)` as a condition, or `attribute_exists(a) = :v`.
    MisusedFunction(String),
    /// `begins_with(a)`
    OperandCount { name: String, count: usize },
    /// `begins_with(a, :n)` with `:n` a number.
    OperandType { name: String, ty: &'static str },
    /// `attribute_exists(:v)`
    RequiresPath(String),
    /// `a = a`
    NotDistinct { op: String, path: String },
    /// `attribute_type(a, :t)` with `:t` = `"X"`.
    AttributeTypeName(String),
    /// `a BETWEEN :n AND :s` (rendered bounds).
    BetweenTypes(String, String),
    /// `a BETWEEN :hi AND :lo`
    BetweenOrder(String, String),
    /// `a IN (…100 values…)`: 101 operands with `a`.
    TooManyInOperands(usize),
    /// `SET a = :x SET b = :y`
    DuplicateSection(&'static str),
    /// `SET a = :x, a.b = :y` (rendered paths).
    Overlap(String, String),
    /// `SET a.b = :x, a[0] = :y`
    Conflict(String, String),
    /// `ADD a :s` with `:s` a string (DynamoDB's upper-case type names).
    UpdateOperandType { op: &'static str, ty: &'static str },
    /// Key-condition shape problems (message text as DynamoDB words it).
    KeyCondition(&'static str),
    /// `Invalid operator used in KeyConditionExpression: OR`
    KeyConditionOperator(String),
}

impl Fault {
    pub fn message(&self) -> String {
        match self {
            Fault::Empty => "The expression can not be empty;".into(),
            Fault::ListIndex(n) => format!("List index is not within the allowable range; index: [{n}]"),
            Fault::TooLong { size, state_size: true } => {
                format!("Expression size has exceeded the maximum allowed size; expression size: {size}")
            }
            Fault::TooLong { state_size: false, .. } => "Expression size has exceeded the maximum allowed size;".into(),
            Fault::Syntax(s) => s.clone(),
            Fault::RedundantParens => "The expression has redundant parentheses;".into(),
            Fault::TooManyOperators(n) => format!("The expression contains too many operators; operator count: {n}"),
            Fault::PathTooDeep(n) => format!("The document path has too many nesting levels; nesting levels: {n}"),
            Fault::Reserved(w) => format!("Attribute name is a reserved keyword; reserved keyword: {w}"),
            Fault::UndefinedName(n) => {
                format!("An expression attribute name used in the document path is not defined; attribute name: {n}")
            }
            Fault::UndefinedValue(v) => {
                format!("An expression attribute value used in expression is not defined; attribute value: {v}")
            }
            Fault::UnknownFunction(f) => format!("Invalid function name; function: {f}"),
            Fault::NotAConditionFunction(f) => format!("The function is not allowed in a condition expression; function: {f}"),
            Fault::NotAnUpdateFunction(f) => format!("The function is not allowed in an update expression; function: {f}"),
            Fault::MisusedFunction(f) => {
                format!("The function is not allowed to be used this way in an expression; function: {f}")
            }
            Fault::OperandCount { name, count } => format!(
                "Incorrect number of operands for operator or function; operator or function: {name}, number of operands: {count}"
            ),
            Fault::OperandType { name, ty } => {
                format!("Incorrect operand type for operator or function; operator or function: {name}, operand type: {ty}")
            }
            Fault::RequiresPath(f) => format!("Operator or function requires a document path; operator or function: {f}"),
            Fault::NotDistinct { op, path } => format!(
                "The first operand must be distinct from the remaining operands for this operator or function; operator: {op}, first operand: {path}"
            ),
            Fault::AttributeTypeName(t) => {
                format!("Invalid attribute type name found; type: {t}, valid types: {{B,NULL,SS,BOOL,L,BS,N,NS,S,M}}")
            }
            Fault::BetweenTypes(lo, hi) => format!(
                "The BETWEEN operator requires same data type for lower and upper bounds; lower bound operand: {lo}, upper bound operand: {hi}"
            ),
            Fault::BetweenOrder(lo, hi) => format!(
                "The BETWEEN operator requires upper bound to be greater than or equal to lower bound; lower bound operand: {lo}, upper bound operand: {hi}"
            ),
            Fault::TooManyInOperands(n) => format!("The IN operator is provided with too many operands; number of operands: {n}"),
            Fault::DuplicateSection(s) => format!("The \"{s}\" section can only be used once in an update expression;"),
            Fault::Overlap(a, b) => format!(
                "Two document paths overlap with each other; must remove or rewrite one of these paths; path one: {a}, path two: {b}"
            ),
            Fault::Conflict(a, b) => format!(
                "Two document paths conflict with each other; must remove or rewrite one of these paths; path one: {a}, path two: {b}"
            ),
            Fault::UpdateOperandType { op, ty } => {
                format!("Incorrect operand type for operator or function; operator: {op}, operand type: {ty}")
            }
            Fault::KeyCondition(m) => (*m).into(),
            Fault::KeyConditionOperator(op) => format!("Invalid operator used in KeyConditionExpression: {op}"),
        }
    }

    pub fn into_error(self, kind: ExprKind) -> ExprError {
        ExprError::Invalid(format!("Invalid {}: {}", kind.label(), self.message()))
    }
}

/// Precedence groups. Within a condition, the last four are ranked per comparison ("leaf"): the first
/// comparison with any of them decides, then the rank among them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Cat {
    Parens,
    PathDepth,
    UnknownFunction,
    Section,
    MisusedFunction,
    Reserved,
    AttrName,
    AttrVal,
    Overlap,
    Conflict,
    Operand,
    Distinct,
    Function,
}

const CONDITION_ORDER: [Cat; 5] = [Cat::Parens, Cat::PathDepth, Cat::UnknownFunction, Cat::MisusedFunction, Cat::Reserved];
const UPDATE_ORDER: [Cat; 11] = [
    Cat::PathDepth,
    Cat::Reserved,
    Cat::UnknownFunction,
    Cat::MisusedFunction,
    Cat::Section,
    Cat::AttrName,
    Cat::AttrVal,
    Cat::Overlap,
    Cat::Conflict,
    Cat::Operand,
    Cat::Function,
];
const PROJECTION_ORDER: [Cat; 5] = [Cat::PathDepth, Cat::Reserved, Cat::AttrName, Cat::Overlap, Cat::Conflict];

#[derive(Debug, Default)]
pub(crate) struct Faults {
    all: Vec<(Cat, usize, Fault)>,
    /// The comparison/function being checked (conditions only).
    pub leaf: usize,
}

impl Faults {
    pub fn add(&mut self, cat: Cat, fault: Fault) {
        self.all.push((cat, self.leaf, fault));
    }

    /// The fault DynamoDB reports for an expression of `kind`.
    pub fn first(self, kind: ExprKind) -> Option<Fault> {
        let order: &[Cat] = match kind {
            ExprKind::Update => &UPDATE_ORDER,
            ExprKind::Projection => &PROJECTION_ORDER,
            _ => &CONDITION_ORDER,
        };
        for cat in order {
            if let Some(i) = self.all.iter().position(|(c, _, _)| c == cat) {
                return Some(self.all.into_iter().nth(i)?.2);
            }
        }
        // Conditions: the earliest leaf with a problem, then the rank within it.
        let rank = |c: Cat| match c {
            Cat::AttrName | Cat::AttrVal => 0,
            Cat::Operand => 1,
            Cat::Distinct => 2,
            _ => 3,
        };
        let best = self.all.iter().enumerate().min_by_key(|(i, (c, leaf, _))| (*leaf, rank(*c), *i)).map(|(i, _)| i)?;
        self.all.into_iter().nth(best).map(|x| x.2)
    }
}
