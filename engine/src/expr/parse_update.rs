//! The UpdateExpression grammar.
//!
//! ```text
//! update := clause+
//! clause := SET set (',' set)* | REMOVE path (',' path)* | ADD path :v (',' path :v)* | DELETE path :v (…)*
//! set    := path '=' value
//! value  := '(' value ')' | operand [('+' | '-') operand]
//! ```
//! A repeated clause parses fine; "section can only be used once" is a validation error, as in DynamoDB.

use alloc::string::ToString;
use alloc::vec::Vec;

use super::ast::{Action, Clause, ClauseKind, Operand, SetValue, UpdateAst};
use super::lexer::Tok;
use super::parser::{PResult, Parser};

/// Clause keywords cannot be attribute names in an update (use `#name` placeholders).
pub(crate) const UPDATE_KEYWORDS: [&str; 4] = ["SET", "REMOVE", "ADD", "DELETE"];

fn clause_kind(p: &Parser<'_>) -> Option<ClauseKind> {
    [ClauseKind::Set, ClauseKind::Remove, ClauseKind::Add, ClauseKind::Delete].into_iter().find(|k| p.at_kw(k.keyword()))
}

pub(crate) fn parse_update(p: &mut Parser<'_>) -> PResult<UpdateAst> {
    let mut clauses = Vec::new();
    loop {
        let Some(kind) = clause_kind(p) else {
            return Err(p.err());
        };
        p.bump();
        let mut actions = Vec::new();
        actions.push(action(p, kind)?);
        while p.eat(Tok::Comma) {
            actions.push(action(p, kind)?);
        }
        clauses.push(Clause { kind, actions });
        if p.at_end() {
            return Ok(UpdateAst { clauses });
        }
    }
}

fn action(p: &mut Parser<'_>, kind: ClauseKind) -> PResult<Action> {
    let path = p.path(&UPDATE_KEYWORDS)?;
    Ok(match kind {
        ClauseKind::Set => {
            p.expect(Tok::Eq)?;
            Action::Set(path, set_value(p)?)
        }
        ClauseKind::Remove => Action::Remove(path),
        ClauseKind::Add | ClauseKind::Delete => {
            let t = p.expect(Tok::Value)?;
            let v = p.text(t).to_string();
            if kind == ClauseKind::Add {
                Action::Add(path, v)
            } else {
                Action::Delete(path, v)
            }
        }
    })
}

/// `((a) + b)`: leading parentheses are counted rather than recursed into; a parenthesised bare operand
/// may still take `+`/`-` after its `)`, a parenthesised sum may not.
fn set_value(p: &mut Parser<'_>) -> PResult<SetValue> {
    let mut open = 0usize;
    while p.eat(Tok::LParen) {
        open += 1;
    }
    let left = p.operand(&UPDATE_KEYWORDS)?.0;
    let mut v = plus_minus(p, left)?;
    while open > 0 {
        p.expect(Tok::RParen)?;
        open -= 1;
        v = match v {
            SetValue::Operand(o) => plus_minus(p, o)?,
            whole => whole,
        };
    }
    Ok(v)
}

fn plus_minus(p: &mut Parser<'_>, left: Operand) -> PResult<SetValue> {
    Ok(if p.at(Tok::Plus) {
        p.operator()?;
        p.bump();
        SetValue::Plus(left, p.operand(&UPDATE_KEYWORDS)?.0)
    } else if p.at(Tok::Minus) {
        p.operator()?;
        p.bump();
        SetValue::Minus(left, p.operand(&UPDATE_KEYWORDS)?.0)
    } else {
        SetValue::Operand(left)
    })
}
