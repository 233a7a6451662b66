//! Parsing: tokens to syntax trees, for all three grammars (conditions, updates, projections).
//!
//! No backtracking and no recursion: every input is parsed in linear time, and nesting (parentheses,
//! `NOT`, function calls) waits on heap stacks, so no input can exhaust the call stack (wasm's is 1 MB).
//! A syntax error remembers the index of the offending token; the message is rendered with DynamoDB's
//! `token: "…", near: "…"` wording by [`Parser::syntax_message`].

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::ast::{Call, Operand, Path, PathElem, ProjectionAst};
use super::lexer::{lex, Tok, Token};

/// DynamoDB's limit on the operators of one expression (Developer Guide, "Expression parameters": 300).
/// Comparators, `BETWEEN`, `IN`, `AND`, `OR`, `NOT` and the update `+`/`-` count; parentheses, the `=` of
/// a SET action and function calls do not. Observed against DynamoDB by Scylla Alternator's
/// `test_limits.py::test_deeply_nested_expression_2` (299 `<`/`or` pass, 301 are refused with
/// "operator count: 301" however many follow) and `_5` (1355 nested calls get "Invalid function name").
pub(crate) const MAX_OPERATORS: usize = 300;

/// The offending token's index in the full token list (`tokens.len()` means end of input).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct SyntaxError {
    pub at: usize,
}

pub(crate) type PResult<T> = Result<T, SyntaxError>;

pub(crate) struct Parser<'s> {
    pub src: &'s str,
    toks: Vec<Token>,
    /// Index of the next significant (non-whitespace) token, or `toks.len()`.
    pos: usize,
    /// Operators read so far, and whether [`MAX_OPERATORS`] applies (not to text lowered from PartiQL).
    operators: usize,
    pub limit_operators: bool,
    /// Set when the operator past [`MAX_OPERATORS`] is read: parsing stops there with DynamoDB's message.
    too_many_operators: bool,
    /// Set when `((…))` is seen; reported after parsing ("The expression has redundant parentheses;").
    pub redundant_parens: bool,
    /// A list index past [`MAX_LIST_INDEX`], as written: parsing stops there with DynamoDB's index message
    /// instead of a syntax error.
    pub list_index_out_of_range: Option<String>,
}

/// The largest list index DynamoDB accepts in a document path (checked on DynamoDB by other emulators'
/// suites: 4294967295 is "not within the allowable range").
pub(crate) const MAX_LIST_INDEX: u64 = 4_294_967_294;

impl<'s> Parser<'s> {
    pub fn new(src: &'s str) -> Self {
        let toks = lex(src);
        let mut p = Parser {
            src,
            toks,
            pos: 0,
            operators: 0,
            limit_operators: true,
            too_many_operators: false,
            redundant_parens: false,
            list_index_out_of_range: None,
        };
        p.skip_ws();
        p
    }

    fn skip_ws(&mut self) {
        while self.pos < self.toks.len() && self.toks[self.pos].kind == Tok::Ws {
            self.pos += 1;
        }
    }

    pub fn peek(&self) -> Option<Token> {
        self.toks.get(self.pos).copied()
    }

    pub fn peek_kind(&self) -> Option<Tok> {
        self.peek().map(|t| t.kind)
    }

    pub fn text(&self, t: Token) -> &'s str {
        t.text(self.src)
    }

    pub fn bump(&mut self) -> Option<Token> {
        let t = self.peek()?;
        self.pos += 1;
        self.skip_ws();
        Some(t)
    }

    /// The fault a parse error stands for: DynamoDB's list-index message, or a syntax error.
    pub(crate) fn fault(&self, e: SyntaxError) -> super::error::Fault {
        if self.too_many_operators {
            return super::error::Fault::TooManyOperators(self.operators);
        }
        match &self.list_index_out_of_range {
            Some(n) => super::error::Fault::ListIndex(n.clone()),
            None => super::error::Fault::Syntax(self.syntax_message(e)),
        }
    }

    /// Count one operator (the next token); past [`MAX_OPERATORS`] parsing stops.
    pub fn operator(&mut self) -> PResult<()> {
        self.operators += 1;
        if self.limit_operators && self.operators > MAX_OPERATORS {
            self.too_many_operators = true;
            return Err(self.err());
        }
        Ok(())
    }

    pub fn err(&self) -> SyntaxError {
        SyntaxError { at: self.pos }
    }

    pub fn at(&self, kind: Tok) -> bool {
        self.peek_kind() == Some(kind)
    }

    pub fn eat(&mut self, kind: Tok) -> bool {
        if self.at(kind) {
            self.bump();
            true
        } else {
            false
        }
    }

    pub fn expect(&mut self, kind: Tok) -> PResult<Token> {
        if self.at(kind) {
            self.bump().ok_or(self.err())
        } else {
            Err(self.err())
        }
    }

    /// Whether the next token is the keyword `kw` (case-insensitive).
    pub fn at_kw(&self, kw: &str) -> bool {
        self.peek().is_some_and(|t| t.kind == Tok::Ident && self.text(t).eq_ignore_ascii_case(kw))
    }

    pub fn at_end(&self) -> bool {
        self.pos >= self.toks.len()
    }

    pub fn expect_end(&self) -> PResult<()> {
        if self.at_end() {
            Ok(())
        } else {
            Err(self.err())
        }
    }

    /// `a.b[2]`; `reserved` lists words that cannot start or continue a path in this grammar.
    pub fn path(&mut self, keywords: &[&str]) -> PResult<Path> {
        let mut elems = Vec::new();
        elems.push(self.path_name(keywords)?);
        loop {
            if self.eat(Tok::Dot) {
                elems.push(self.path_name(keywords)?);
            } else if self.eat(Tok::LBracket) {
                let t = self.expect(Tok::Number)?;
                let text = self.text(t);
                let n = match text.parse::<u64>().ok().filter(|n| *n <= MAX_LIST_INDEX).and_then(|n| u32::try_from(n).ok()) {
                    Some(n) => n,
                    None => {
                        if text.bytes().all(|b| b.is_ascii_digit()) {
                            self.list_index_out_of_range = Some(String::from(text));
                        }
                        return Err(SyntaxError { at: self.pos - 1 });
                    }
                };
                elems.push(PathElem::Index(n));
                self.expect(Tok::RBracket)?;
            } else {
                return Ok(Path { elems });
            }
        }
    }

    fn path_name(&mut self, keywords: &[&str]) -> PResult<PathElem> {
        match self.peek() {
            Some(t) if t.kind == Tok::Name => {
                self.bump();
                Ok(PathElem::Name(self.text(t).to_string()))
            }
            Some(t) if t.kind == Tok::Ident && !keywords.iter().any(|k| self.text(t).eq_ignore_ascii_case(k)) => {
                self.bump();
                Ok(PathElem::Attr(self.text(t).to_string()))
            }
            _ => Err(self.err()),
        }
    }

    /// An operand: `(operand)`, `:v`, `f(args)` or a path, and whether it was parenthesised.
    /// `keywords` cannot be paths or function names. Open parentheses and calls wait on a heap stack.
    pub fn operand(&mut self, keywords: &[&str]) -> PResult<(Operand, bool)> {
        enum Open {
            Paren,
            Call(String, Vec<Operand>),
        }
        let mut open: Vec<Open> = Vec::new();
        'descend: loop {
            let (mut o, mut paren) = loop {
                match self.peek() {
                    Some(t) if t.kind == Tok::LParen => {
                        self.bump();
                        open.push(Open::Paren);
                    }
                    Some(t) if t.kind == Tok::Value => {
                        self.bump();
                        break (Operand::Value(self.text(t).to_string()), false);
                    }
                    Some(t) if t.kind == Tok::Ident && self.next_is_lparen() && !self.is_keyword(t, keywords) => {
                        self.bump();
                        self.expect(Tok::LParen)?;
                        open.push(Open::Call(self.text(t).to_string(), Vec::new()));
                    }
                    _ => break (Operand::Path(self.path(keywords)?), false),
                }
            };
            loop {
                match open.last_mut() {
                    None => return Ok((o, paren)),
                    Some(Open::Paren) => {
                        self.expect(Tok::RParen)?;
                        open.pop();
                        if paren {
                            self.redundant_parens = true;
                        }
                        paren = true;
                    }
                    Some(Open::Call(_, args)) => {
                        args.push(o);
                        if self.eat(Tok::Comma) {
                            continue 'descend;
                        }
                        self.expect(Tok::RParen)?;
                        let Some(Open::Call(name, args)) = open.pop() else { return Err(self.err()) };
                        (o, paren) = (Operand::Call(Call { name, args }), false);
                    }
                }
            }
        }
    }

    fn is_keyword(&self, t: Token, keywords: &[&str]) -> bool {
        keywords.iter().any(|k| self.text(t).eq_ignore_ascii_case(k))
    }

    /// Whether the token after the next one (whitespace skipped) is `(`.
    fn next_is_lparen(&self) -> bool {
        let mut i = self.pos + 1;
        while i < self.toks.len() && self.toks[i].kind == Tok::Ws {
            i += 1;
        }
        self.toks.get(i).is_some_and(|t| t.kind == Tok::LParen)
    }

    /// DynamoDB's rendering: the offending token (or `<EOF>`), and the text around it — the previous token
    /// (two if the previous one is whitespace), the token itself, the following token (two if that is
    /// whitespace).
    pub fn syntax_message(&self, e: SyntaxError) -> String {
        let toks = &self.toks;
        let i = e.at.min(toks.len());
        let text = |j: usize| toks.get(j).map_or("", |t| t.text(self.src));
        let is_ws = |j: usize| toks.get(j).is_some_and(|t| t.kind == Tok::Ws);
        let mut near = String::new();
        if i >= 2 && is_ws(i - 1) {
            near.push_str(text(i - 2));
        }
        if i >= 1 {
            near.push_str(text(i - 1));
        }
        let token = if i < toks.len() {
            near.push_str(text(i));
            if i + 1 < toks.len() {
                near.push_str(text(i + 1));
                if is_ws(i + 1) {
                    near.push_str(text(i + 2));
                }
            }
            text(i)
        } else {
            "<EOF>"
        };
        format!("Syntax error; token: \"{token}\", near: \"{near}\"")
    }
}

/// `a, b.c, #d[1]`.
pub(crate) fn parse_projection(p: &mut Parser<'_>) -> PResult<ProjectionAst> {
    let mut paths = Vec::new();
    paths.push(p.path(&[])?);
    while p.eat(Tok::Comma) {
        paths.push(p.path(&[])?);
    }
    p.expect_end()?;
    Ok(ProjectionAst { paths })
}
