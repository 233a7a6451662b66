//! Phase 2: tokens to a typed [`Statement`].
//!
//! Recursive descent over DynamoDB's PartiQL subset, without backtracking, with nesting bounded by
//! [`MAX_DEPTH`] so every input parses in linear time and bounded stack (the fuzz target
//! `fuzz_targets/partiql_parse.rs` feeds it arbitrary text). Clauses DynamoDB rejects with a specific
//! message (`LIMIT`, aliases, `INSERT ... VALUES`, a second FROM source) are recognised and answered
//! with that message instead of a bare syntax error.

use alloc::boxed::Box;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::ast::*;
use super::lexer::{lex, Tok};
use super::messages as msg;
use super::reserved::is_reserved;

/// Nesting depth (parentheses, NOT, nested literals) beyond which a statement is refused; it bounds
/// recursion whatever the input. DynamoDB documents no depth; 8 KB statements rarely nest past 40.
pub const MAX_DEPTH: usize = 200;

/// Why a statement did not parse.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParseError {
    /// `Statement wasn't well formed, can't be processed: <detail>`.
    Syntax(String),
    /// A form DynamoDB recognises and refuses with its own ValidationException message.
    Unsupported(String),
}

impl ParseError {
    pub fn message(&self) -> String {
        match self {
            ParseError::Syntax(d) => format!("{}{d}", msg::NOT_WELL_FORMED),
            ParseError::Unsupported(m) => m.clone(),
        }
    }
}

type PResult<T> = Result<T, ParseError>;

/// A parsed statement and the number of `?` parameters it holds.
#[derive(Debug, Clone, PartialEq)]
pub struct Parsed {
    pub statement: Statement,
    pub parameters: usize,
}

pub fn parse(src: &str) -> Result<Parsed, ParseError> {
    let toks = lex(src).map_err(|_| ParseError::Syntax(String::from("Unexpected character")))?;
    let mut p = Parser { toks, pos: 0, params: 0, depth: 0 };
    let statement = p.statement()?;
    p.eat(&Tok::Semi);
    if p.pos < p.toks.len() {
        return Err(p.unexpected());
    }
    Ok(Parsed { statement, parameters: p.params })
}

struct Parser {
    toks: Vec<Tok>,
    pos: usize,
    params: usize,
    depth: usize,
}

fn syntax(detail: &str) -> ParseError {
    ParseError::Syntax(String::from(detail))
}

impl Parser {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.pos)
    }

    fn peek_at(&self, n: usize) -> Option<&Tok> {
        self.toks.get(self.pos + n)
    }

    fn bump(&mut self) -> Option<Tok> {
        let t = self.toks.get(self.pos).cloned();
        if t.is_some() {
            self.pos += 1;
        }
        t
    }

    fn eat(&mut self, t: &Tok) -> bool {
        if self.peek() == Some(t) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn expect(&mut self, t: &Tok) -> PResult<()> {
        if self.eat(t) {
            Ok(())
        } else {
            Err(self.unexpected())
        }
    }

    fn unexpected(&self) -> ParseError {
        match self.peek() {
            None => syntax("Unexpected end of statement"),
            Some(Tok::Ident(w)) if is_reserved(w) => ParseError::Syntax(format!("Unexpected keyword: {}", w.to_ascii_lowercase())),
            Some(t) => ParseError::Syntax(format!("Unexpected token: {}", describe(t))),
        }
    }

    /// Whether the next token is the keyword `kw` (any case).
    fn at_kw(&self, kw: &str) -> bool {
        matches!(self.peek(), Some(Tok::Ident(w)) if w.eq_ignore_ascii_case(kw))
    }

    fn at_kw_n(&self, n: usize, kw: &str) -> bool {
        matches!(self.peek_at(n), Some(Tok::Ident(w)) if w.eq_ignore_ascii_case(kw))
    }

    fn eat_kw(&mut self, kw: &str) -> bool {
        if self.at_kw(kw) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn expect_kw(&mut self, kw: &str) -> PResult<()> {
        if self.eat_kw(kw) {
            Ok(())
        } else {
            Err(self.unexpected())
        }
    }

    fn enter(&mut self) -> PResult<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(syntax("Statement nesting is too deep"));
        }
        Ok(())
    }

    fn leave(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }

    fn statement(&mut self) -> PResult<Statement> {
        if self.eat_kw("SELECT") {
            return Ok(Statement::Select(self.select_rest()?));
        }
        if self.eat_kw("INSERT") {
            return self.insert();
        }
        if self.eat_kw("UPDATE") {
            return self.update();
        }
        if self.eat_kw("DELETE") {
            return self.delete();
        }
        if self.at_kw("EXISTS") && self.peek_at(1) == Some(&Tok::LParen) {
            self.pos += 2;
            self.expect_kw("SELECT")?;
            let s = self.select_rest()?;
            self.expect(&Tok::RParen)?;
            return Ok(Statement::Exists(s));
        }
        Err(syntax("Expected data manipulation"))
    }

    fn select_rest(&mut self) -> PResult<Select> {
        if self.at_kw("VALUE") || self.at_kw("PIVOT") {
            return Err(ParseError::Unsupported(String::from(msg::VALUE_OR_PIVOT)));
        }
        if self.eat_kw("DISTINCT") || self.eat_kw("ALL") {
            return Err(ParseError::Unsupported(format!("{}DISTINCT", msg::UNSUPPORTED_CLAUSE)));
        }
        let projection = if self.eat(&Tok::Star) {
            if self.peek() == Some(&Tok::Comma) {
                return Err(ParseError::Unsupported(String::from(msg::STAR_AND_OTHERS)));
            }
            Projection::Star
        } else {
            let mut paths = Vec::new();
            loop {
                if self.peek() == Some(&Tok::Star) {
                    return Err(ParseError::Unsupported(String::from(msg::STAR_AND_OTHERS)));
                }
                let e = self.additive()?;
                let Expr::Path(p) = e else {
                    return Err(syntax("Only attribute names and document paths can be projected"));
                };
                if self.at_kw("AS") || matches!(self.peek(), Some(Tok::Ident(w)) if !w.eq_ignore_ascii_case("FROM")) {
                    return Err(ParseError::Unsupported(String::from(msg::ALIAS_UNSUPPORTED)));
                }
                paths.push(p);
                if !self.eat(&Tok::Comma) {
                    break;
                }
            }
            Projection::Paths(paths)
        };
        self.expect_kw("FROM")?;
        let from = self.target(true)?;
        if self.at_kw("AS") || self.at_kw("AT") || self.at_kw("BY") {
            return Err(ParseError::Unsupported(String::from(msg::ALIAS_UNSUPPORTED)));
        }
        if self.peek() == Some(&Tok::Comma) || self.at_kw("JOIN") || self.at_kw("INNER") || self.at_kw("LEFT") || self.at_kw("CROSS") {
            return Err(ParseError::Unsupported(String::from(msg::SELECT_MULTIPLE_FROM)));
        }
        let filter = if self.eat_kw("WHERE") { Some(self.expr()?) } else { None };
        let mut order_by = Vec::new();
        if self.at_kw("ORDER") && self.at_kw_n(1, "BY") {
            self.pos += 2;
            loop {
                let name = match self.bump() {
                    Some(Tok::Quoted(n)) => n,
                    Some(Tok::Ident(n)) if !is_reserved(&n) => n,
                    _ => return Err(syntax("Expected a key attribute after ORDER BY")),
                };
                if self.peek() == Some(&Tok::Dot) || self.peek() == Some(&Tok::LBracket) {
                    return Err(ParseError::Unsupported(format!("{}Path", msg::ORDER_BY_ARGUMENT)));
                }
                let descending = if self.eat_kw("DESC") {
                    true
                } else {
                    self.eat_kw("ASC");
                    false
                };
                order_by.push(OrderKey { name, descending });
                if !self.eat(&Tok::Comma) {
                    break;
                }
            }
        }
        for clause in ["LIMIT", "OFFSET", "GROUP", "HAVING", "UNION", "INTERSECT", "EXCEPT", "LET"] {
            if self.at_kw(clause) {
                let word = if clause == "GROUP" { "GROUP BY" } else { clause };
                return Err(ParseError::Unsupported(format!("{}{word}", msg::UNSUPPORTED_CLAUSE)));
            }
        }
        Ok(Select { projection, from, filter, order_by })
    }

    /// A FROM/INTO/UPDATE target: one name, or `"table"."index"` where `index` is allowed.
    fn target(&mut self, index_allowed: bool) -> PResult<Target> {
        let table = self.name()?;
        let mut parts = alloc::vec![table];
        while self.peek() == Some(&Tok::Dot) {
            self.pos += 1;
            parts.push(self.name()?);
        }
        if parts.len() > 2 {
            return Err(ParseError::Unsupported(String::from(msg::FROM_PATH_TOO_LONG)));
        }
        let index = if parts.len() == 2 { parts.pop() } else { None };
        let table = parts.pop().unwrap_or_default();
        if index.is_some() && !index_allowed {
            return Err(ParseError::Unsupported(String::from(msg::DML_INVALID_FROM)));
        }
        Ok(Target { table, index })
    }

    /// A table, index or attribute name: quoted, or an unquoted word that is not reserved.
    fn name(&mut self) -> PResult<String> {
        match self.peek() {
            Some(Tok::Quoted(n)) => {
                let n = n.clone();
                self.pos += 1;
                Ok(n)
            }
            Some(Tok::Ident(n)) if !is_reserved(n) => {
                let n = n.clone();
                self.pos += 1;
                Ok(n)
            }
            _ => Err(self.unexpected()),
        }
    }

    fn insert(&mut self) -> PResult<Statement> {
        self.expect_kw("INTO")?;
        let table = self.target(true)?;
        if self.at_kw("VALUES") || self.peek() == Some(&Tok::LBag) || self.peek() == Some(&Tok::LParen) {
            return Err(ParseError::Unsupported(String::from(msg::INSERT_MULTIPLE)));
        }
        if self.at_kw("SELECT") || self.at_kw("FROM") {
            return Err(ParseError::Unsupported(String::from(msg::INSERT_FROM_WHERE)));
        }
        self.expect_kw("VALUE")?;
        if self.peek() == Some(&Tok::LBag) {
            return Err(ParseError::Unsupported(String::from(msg::INSERT_MULTIPLE)));
        }
        let item = self.additive()?;
        if self.at_kw("AT") {
            return Err(ParseError::Unsupported(String::from(msg::AT_UNSUPPORTED)));
        }
        if self.at_kw("ON") {
            return Err(ParseError::Unsupported(String::from(msg::INVALID_CONFLICT_ACTION)));
        }
        if self.at_kw("WHERE") {
            return Err(ParseError::Unsupported(String::from(msg::INSERT_FROM_WHERE)));
        }
        if self.at_kw("RETURNING") {
            return Err(ParseError::Unsupported(String::from(msg::RETURNING_IN_INSERT)));
        }
        Ok(Statement::Insert(Insert { table, item }))
    }

    fn update(&mut self) -> PResult<Statement> {
        let table = self.target(true)?;
        let mut actions = Vec::new();
        loop {
            if self.eat_kw("SET") {
                loop {
                    let path = self.path_expr()?;
                    self.expect(&Tok::Eq)?;
                    // A comparison level, so `SET a = b IS MISSING` reaches the planner and gets
                    // DynamoDB's "IS operator is not supported in update expressions".
                    let value = self.comparison()?;
                    actions.push(UpdateAction::Set(path, value));
                    if !self.eat(&Tok::Comma) {
                        break;
                    }
                }
            } else if self.eat_kw("REMOVE") {
                loop {
                    actions.push(UpdateAction::Remove(self.path_expr()?));
                    if !self.eat(&Tok::Comma) {
                        break;
                    }
                }
            } else if self.at_kw("ADD") || self.at_kw("DELETE") || self.at_kw("INSERT") {
                return Err(ParseError::Unsupported(String::from(msg::UNSUPPORTED_UPDATE_ACTION)));
            } else {
                break;
            }
        }
        if actions.is_empty() {
            return Err(self.unexpected());
        }
        let filter = if self.eat_kw("WHERE") { Some(self.expr()?) } else { None };
        let returning = self.returning()?;
        Ok(Statement::Update(Update { table, actions, filter, returning }))
    }

    fn delete(&mut self) -> PResult<Statement> {
        self.expect_kw("FROM")?;
        let table = self.target(true)?;
        let filter = if self.eat_kw("WHERE") { Some(self.expr()?) } else { None };
        let returning = self.returning()?;
        Ok(Statement::Delete(Delete { table, filter, returning }))
    }

    fn returning(&mut self) -> PResult<Option<Returning>> {
        if !self.eat_kw("RETURNING") {
            return Ok(None);
        }
        let all = if self.eat_kw("ALL") {
            true
        } else if self.eat_kw("MODIFIED") {
            false
        } else {
            return Err(self.unexpected());
        };
        let new = if self.eat_kw("NEW") {
            true
        } else if self.eat_kw("OLD") {
            false
        } else {
            return Err(self.unexpected());
        };
        if !self.eat(&Tok::Star) {
            return Err(ParseError::Unsupported(String::from(msg::RETURNING_STAR)));
        }
        if self.peek() == Some(&Tok::Comma) {
            return Err(ParseError::Unsupported(String::from(msg::RETURNING_MULTIPLE)));
        }
        Ok(Some(match (all, new) {
            (true, false) => Returning::AllOld,
            (false, false) => Returning::ModifiedOld,
            (true, true) => Returning::AllNew,
            (false, true) => Returning::ModifiedNew,
        }))
    }

    /// A document path (an assignment target, a REMOVE path).
    fn path_expr(&mut self) -> PResult<Path> {
        match self.postfix()? {
            Expr::Path(p) => Ok(p),
            _ => Err(syntax("Expected a document path")),
        }
    }

    // Expressions, loosest first: OR, AND, NOT, comparison/IS/IN/BETWEEN, + -, postfix paths, primary.

    fn expr(&mut self) -> PResult<Expr> {
        self.enter()?;
        let mut terms = alloc::vec![self.and()?];
        while self.eat_kw("OR") {
            terms.push(self.and()?);
        }
        self.leave();
        Ok(balanced(terms, Expr::Or))
    }

    fn and(&mut self) -> PResult<Expr> {
        let mut terms = alloc::vec![self.not()?];
        while self.eat_kw("AND") {
            terms.push(self.not()?);
        }
        Ok(balanced(terms, Expr::And))
    }

    fn not(&mut self) -> PResult<Expr> {
        if self.eat_kw("NOT") {
            self.enter()?;
            let inner = self.not()?;
            self.leave();
            return Ok(Expr::Not(Box::new(inner)));
        }
        self.comparison()
    }

    fn comparison(&mut self) -> PResult<Expr> {
        let left = self.additive()?;
        let op = match self.peek() {
            Some(Tok::Eq) => Some(CmpOp::Eq),
            Some(Tok::Ne) => Some(CmpOp::Ne),
            Some(Tok::Lt) => Some(CmpOp::Lt),
            Some(Tok::Le) => Some(CmpOp::Le),
            Some(Tok::Gt) => Some(CmpOp::Gt),
            Some(Tok::Ge) => Some(CmpOp::Ge),
            _ => None,
        };
        if let Some(op) = op {
            self.pos += 1;
            let right = self.additive()?;
            return Ok(Expr::Cmp(op, Box::new(left), Box::new(right)));
        }
        if self.at_kw("IS") {
            self.pos += 1;
            let negated = self.eat_kw("NOT");
            let type_name = match self.bump() {
                Some(Tok::Ident(w)) => w.to_ascii_uppercase(),
                _ => return Err(syntax("Expected a type after IS")),
            };
            return Ok(Expr::Is { operand: Box::new(left), type_name, negated });
        }
        let negated = self.at_kw("NOT") && (self.at_kw_n(1, "IN") || self.at_kw_n(1, "BETWEEN") || self.at_kw_n(1, "LIKE"));
        if negated {
            self.pos += 1;
        }
        if self.eat_kw("BETWEEN") {
            let lo = self.additive()?;
            self.expect_kw("AND")?;
            let hi = self.additive()?;
            let e = Expr::Between(Box::new(left), Box::new(lo), Box::new(hi));
            return Ok(if negated { Expr::Not(Box::new(e)) } else { e });
        }
        if self.eat_kw("IN") {
            let close = match self.bump() {
                Some(Tok::LBracket) => Tok::RBracket,
                Some(Tok::LParen) => Tok::RParen,
                _ => return Err(ParseError::Unsupported(String::from(msg::INVALID_IN))),
            };
            let mut list = Vec::new();
            if !self.eat(&close) {
                loop {
                    list.push(self.additive()?);
                    if self.eat(&close) {
                        break;
                    }
                    self.expect(&Tok::Comma)?;
                }
            }
            let e = Expr::In(Box::new(left), list);
            return Ok(if negated { Expr::Not(Box::new(e)) } else { e });
        }
        if self.at_kw("LIKE") {
            return Err(ParseError::Unsupported(format!("{}LIKE", msg::UNSUPPORTED_CONDITION_OP)));
        }
        Ok(left)
    }

    fn additive(&mut self) -> PResult<Expr> {
        let mut left = self.postfix()?;
        loop {
            let op = match self.peek() {
                Some(Tok::Plus) => ArithOp::Add,
                Some(Tok::Minus) => ArithOp::Sub,
                _ => break,
            };
            self.pos += 1;
            let right = self.postfix()?;
            left = Expr::Arith(op, Box::new(left), Box::new(right));
        }
        Ok(left)
    }

    /// A primary followed by `.name` / `[n]` steps (only a name starts a path).
    fn postfix(&mut self) -> PResult<Expr> {
        let e = self.primary()?;
        let Expr::Path(mut path) = e else { return Ok(e) };
        loop {
            if self.eat(&Tok::Dot) {
                match self.bump() {
                    Some(Tok::Quoted(n)) => path.steps.push(Step::Field(n)),
                    Some(Tok::Ident(n)) => path.steps.push(Step::Field(n)),
                    Some(Tok::Star) => return Err(ParseError::Unsupported(String::from(msg::UNPIVOT_PATH))),
                    _ => return Err(syntax("Expected a name after '.'")),
                }
            } else if self.eat(&Tok::LBracket) {
                match self.bump() {
                    Some(Tok::Num(n)) => {
                        let Ok(i) = n.parse::<u64>() else {
                            return Err(ParseError::Unsupported(format!("{}{n}]", msg::LIST_INDEX_RANGE)));
                        };
                        path.steps.push(Step::Index(i));
                    }
                    Some(Tok::Star) => return Err(ParseError::Unsupported(String::from(msg::WILDCARD_PATH))),
                    Some(Tok::Str(s)) => path.steps.push(Step::Field(s)),
                    _ => return Err(ParseError::Unsupported(String::from(msg::UNEXPECTED_PATH_COMPONENT))),
                }
                self.expect(&Tok::RBracket)?;
            } else {
                return Ok(Expr::Path(path));
            }
        }
    }

    fn primary(&mut self) -> PResult<Expr> {
        let Some(t) = self.bump() else { return Err(syntax("Unexpected end of statement")) };
        match t {
            Tok::Str(s) => Ok(Expr::Lit(Lit::Str(s))),
            Tok::Num(n) => Ok(Expr::Lit(Lit::Num(n))),
            Tok::Minus => match self.bump() {
                Some(Tok::Num(n)) => Ok(Expr::Lit(Lit::Num(format!("-{n}")))),
                _ => Err(syntax("Expected a number after '-'")),
            },
            Tok::Plus => match self.bump() {
                Some(Tok::Num(n)) => Ok(Expr::Lit(Lit::Num(n))),
                _ => Err(syntax("Expected a number after '+'")),
            },
            Tok::Param => {
                let n = self.params;
                self.params += 1;
                Ok(Expr::Param(n))
            }
            Tok::Quoted(n) => Ok(Expr::Path(Path { root: n, steps: Vec::new() })),
            Tok::LParen => {
                self.enter()?;
                let e = self.expr()?;
                self.expect(&Tok::RParen)?;
                self.leave();
                Ok(e)
            }
            Tok::LBrace => {
                self.enter()?;
                let mut fields = Vec::new();
                if !self.eat(&Tok::RBrace) {
                    loop {
                        let key = match self.bump() {
                            Some(Tok::Str(k)) => k,
                            Some(Tok::Quoted(k)) => k,
                            _ => return Err(syntax("Expected a string key in tuple")),
                        };
                        self.expect(&Tok::Colon)?;
                        let v = self.additive()?;
                        fields.push((key, v));
                        if self.eat(&Tok::RBrace) {
                            break;
                        }
                        self.expect(&Tok::Comma)?;
                    }
                }
                self.leave();
                Ok(Expr::Tuple(fields))
            }
            Tok::LBracket => Ok(Expr::List(self.sequence(&Tok::RBracket)?)),
            Tok::LBag => Ok(Expr::Bag(self.sequence(&Tok::RBag)?)),
            Tok::Ident(w) => {
                let upper = w.to_ascii_uppercase();
                match upper.as_str() {
                    "TRUE" => return Ok(Expr::Lit(Lit::Bool(true))),
                    "FALSE" => return Ok(Expr::Lit(Lit::Bool(false))),
                    "NULL" => return Ok(Expr::Lit(Lit::Null)),
                    "MISSING" => return Ok(Expr::Lit(Lit::Missing)),
                    _ => {}
                }
                if self.peek() == Some(&Tok::LParen) {
                    self.pos += 1;
                    self.enter()?;
                    let lower = w.to_ascii_lowercase();
                    let args = if self.peek() == Some(&Tok::Star) {
                        return Err(ParseError::Unsupported(format!("{}{lower}", msg::UNRECOGNIZED_FUNCTION)));
                    } else {
                        let mut args = Vec::new();
                        if !self.eat(&Tok::RParen) {
                            loop {
                                args.push(self.additive()?);
                                if self.eat(&Tok::RParen) {
                                    break;
                                }
                                self.expect(&Tok::Comma)?;
                            }
                        }
                        args
                    };
                    self.leave();
                    return Ok(Expr::Call(lower, args));
                }
                if is_reserved(&w) {
                    self.pos -= 1;
                    return Err(self.unexpected());
                }
                Ok(Expr::Path(Path { root: w, steps: Vec::new() }))
            }
            other => {
                self.pos -= 1;
                let _ = other;
                Err(self.unexpected())
            }
        }
    }

    fn sequence(&mut self, close: &Tok) -> PResult<Vec<Expr>> {
        self.enter()?;
        let mut out = Vec::new();
        if !self.eat(close) {
            loop {
                out.push(self.additive()?);
                if self.eat(close) {
                    break;
                }
                self.expect(&Tok::Comma)?;
            }
        }
        self.leave();
        Ok(out)
    }
}

fn describe(t: &Tok) -> String {
    match t {
        Tok::Ident(w) => w.clone(),
        Tok::Quoted(w) => format!("\"{w}\""),
        Tok::Str(s) => format!("'{s}'"),
        Tok::Num(n) => n.clone(),
        other => String::from(match other {
            Tok::Param => "?",
            Tok::LParen => "(",
            Tok::RParen => ")",
            Tok::LBracket => "[",
            Tok::RBracket => "]",
            Tok::LBrace => "{",
            Tok::RBrace => "}",
            Tok::LBag => "<<",
            Tok::RBag => ">>",
            Tok::Comma => ",",
            Tok::Dot => ".",
            Tok::Colon => ":",
            Tok::Semi => ";",
            Tok::Star => "*",
            Tok::Plus => "+",
            Tok::Minus => "-",
            Tok::Eq => "=",
            Tok::Ne => "<>",
            Tok::Lt => "<",
            Tok::Le => "<=",
            Tok::Gt => ">",
            Tok::Ge => ">=",
            _ => "?",
        }),
    }
    .to_string()
}

/// `a OR b OR c …` as a balanced tree (leaves in order): AND and OR are associative, and an 8 KB statement
/// holds over a thousand terms, which as a left-deep chain every later pass (planning, lowering to `expr`,
/// checking, evaluating) would walk recursively; balanced, the depth is logarithmic.
fn balanced(mut terms: Vec<Expr>, join: fn(Box<Expr>, Box<Expr>) -> Expr) -> Expr {
    while terms.len() > 1 {
        let mut next = Vec::with_capacity(terms.len().div_ceil(2));
        let mut it = terms.into_iter();
        while let Some(a) = it.next() {
            next.push(match it.next() {
                Some(b) => join(Box::new(a), Box::new(b)),
                None => a,
            });
        }
        terms = next;
    }
    // `terms` always holds one term here; the fallback only keeps this free of panics.
    terms.pop().unwrap_or(Expr::List(Vec::new()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(s: &str) -> Statement {
        parse(s).unwrap_or_else(|e| panic!("{s}: {e:?}")).statement
    }

    #[test]
    fn statement_forms() {
        assert!(matches!(ok("select * from \"T\" where pk = 'a';"), Statement::Select(_)));
        assert!(matches!(ok("SELECT a, b.c[2] FROM \"T\".\"I\" WHERE x IN [1, 2] ORDER BY sk DESC"), Statement::Select(s) if s.from.index.as_deref() == Some("I") && s.order_by.len() == 1));
        assert!(matches!(ok("INSERT INTO T VALUE {'pk': ?, 's': <<1, 2>>, 'l': [1, 'a'], 'm': {'k': true}}"), Statement::Insert(_)));
        assert!(matches!(ok("UPDATE T SET a = a + 1, b = list_append(b, [1]) SET c = 'x' REMOVE d WHERE pk = 'a' RETURNING ALL NEW *"), Statement::Update(u) if u.actions.len() == 4 && u.returning == Some(Returning::AllNew)));
        assert!(matches!(ok("DELETE FROM T WHERE pk = 'a' RETURNING ALL OLD *"), Statement::Delete(_)));
        assert!(matches!(ok("EXISTS(SELECT * FROM T WHERE pk = 'a' AND x IS MISSING)"), Statement::Exists(_)));
        assert_eq!(parse("SELECT * FROM T WHERE a = ? AND b = ?").unwrap().parameters, 2);
    }

    #[test]
    fn refusals() {
        assert_eq!(parse("UPSERT INTO T VALUE {'a': 1}"), Err(syntax("Expected data manipulation")));
        assert_eq!(parse("SELECT * FROM T LIMIT 1").unwrap_err().message(), "Unsupported clause: LIMIT");
        assert_eq!(parse("SELECT a AS b FROM T").unwrap_err().message(), "Aliasing is not supported");
        assert!(parse("SELECT * FROM T WHERE pad = 'none'").unwrap_err().message().starts_with("Statement wasn't well formed, can't be processed: "));
        assert!(parse("SELECT * FROM T WHERE \"pad\" = 'none'").is_ok());
        assert!(parse("SELECT * FROM T; SELECT * FROM T").is_err());
        assert!(parse(&"(".repeat(10_000)).is_err());
    }

    #[test]
    fn result_names() {
        let Statement::Select(s) = ok("SELECT m.k[1], l[0], m.z, a FROM T") else { panic!() };
        let Projection::Paths(p) = s.projection else { panic!() };
        let names: Vec<String> = p.iter().map(Path::result_name).collect();
        assert_eq!(names, ["k[1]", "l[0]", "z", "a"]);
    }
}
