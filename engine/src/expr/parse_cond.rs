//! The condition grammar (ConditionExpression, FilterExpression, KeyConditionExpression).
//!
//! ```text
//! or      := and (OR and)*
//! and     := not (AND not)*
//! not     := NOT not | compare
//! compare := primary [ cmp operand | BETWEEN operand AND operand | IN '(' operand (',' operand)* ')' ]
//! primary := '(' or ')' | operand
//! ```
//! `(` is ambiguous (a parenthesised condition, or a parenthesised operand as in `(a) = :v`); instead of
//! backtracking, every level returns [`Item`] — a condition or a still-bare operand — and the caller
//! decides, so parsing stays linear.

use alloc::boxed::Box;
use alloc::vec::Vec;

use super::ast::{CmpOp, Cond, Operand};
use super::lexer::Tok;
use super::parser::{PResult, Parser};

/// Words that cannot be attribute or function names in a condition (use `#name` placeholders).
pub(crate) const COND_KEYWORDS: [&str; 5] = ["AND", "OR", "NOT", "BETWEEN", "IN"];

enum Item {
    /// A condition; `true` when it is exactly `( … )`, to spot `((…))`.
    Cond(Cond, bool),
    /// An operand not (yet) part of a condition; `true` when parenthesised.
    Operand(Operand, bool),
}

pub(crate) fn parse_condition(p: &mut Parser<'_>) -> PResult<Cond> {
    let item = or(p)?;
    let c = into_cond(p, item)?;
    p.expect_end()?;
    Ok(c)
}

/// A bare operand is a condition only when it is a function call (`attribute_exists(a)`); otherwise the
/// token after it should have been a comparator.
fn into_cond(p: &Parser<'_>, item: Item) -> PResult<Cond> {
    match item {
        Item::Cond(c, _) => Ok(c),
        Item::Operand(Operand::Call(c), _) => Ok(Cond::Call(c)),
        Item::Operand(..) => Err(p.err()),
    }
}

fn or(p: &mut Parser<'_>) -> PResult<Item> {
    let first = and(p)?;
    if !p.at_kw("OR") {
        return Ok(first);
    }
    let mut acc = into_cond(p, first)?;
    while p.at_kw("OR") {
        p.bump();
        let rhs = and(p)?;
        let rhs = into_cond(p, rhs)?;
        acc = Cond::Or(Box::new(acc), Box::new(rhs));
    }
    Ok(Item::Cond(acc, false))
}

fn and(p: &mut Parser<'_>) -> PResult<Item> {
    let first = not(p)?;
    if !p.at_kw("AND") {
        return Ok(first);
    }
    let mut acc = into_cond(p, first)?;
    while p.at_kw("AND") {
        p.bump();
        let rhs = not(p)?;
        let rhs = into_cond(p, rhs)?;
        acc = Cond::And(Box::new(acc), Box::new(rhs));
    }
    Ok(Item::Cond(acc, false))
}

fn not(p: &mut Parser<'_>) -> PResult<Item> {
    if p.at_kw("NOT") {
        p.enter()?;
        p.bump();
        let inner = not(p)?;
        let inner = into_cond(p, inner)?;
        p.leave();
        return Ok(Item::Cond(Cond::Not(Box::new(inner)), false));
    }
    compare(p)
}

fn cmp_op(t: Option<Tok>) -> Option<CmpOp> {
    Some(match t? {
        Tok::Eq => CmpOp::Eq,
        Tok::Ne => CmpOp::Ne,
        Tok::Lt => CmpOp::Lt,
        Tok::Le => CmpOp::Le,
        Tok::Gt => CmpOp::Gt,
        Tok::Ge => CmpOp::Ge,
        _ => return None,
    })
}

fn compare(p: &mut Parser<'_>) -> PResult<Item> {
    let item = primary(p)?;
    let (left, paren) = match item {
        Item::Operand(o, paren) => (o, paren),
        cond => return Ok(cond),
    };
    if let Some(op) = cmp_op(p.peek_kind()) {
        p.bump();
        let (right, _) = p.operand(&COND_KEYWORDS)?;
        return Ok(Item::Cond(Cond::Cmp(op, left, right), false));
    }
    if p.at_kw("BETWEEN") {
        p.bump();
        let (lo, _) = p.operand(&COND_KEYWORDS)?;
        if !p.at_kw("AND") {
            return Err(p.err());
        }
        p.bump();
        let (hi, _) = p.operand(&COND_KEYWORDS)?;
        return Ok(Item::Cond(Cond::Between(left, lo, hi), false));
    }
    if p.at_kw("IN") {
        p.bump();
        p.expect(Tok::LParen)?;
        let mut list = Vec::new();
        list.push(p.operand(&COND_KEYWORDS)?.0);
        while p.eat(Tok::Comma) {
            list.push(p.operand(&COND_KEYWORDS)?.0);
        }
        p.expect(Tok::RParen)?;
        return Ok(Item::Cond(Cond::In(left, list), false));
    }
    Ok(Item::Operand(left, paren))
}

fn primary(p: &mut Parser<'_>) -> PResult<Item> {
    if !p.at(Tok::LParen) {
        let (o, paren) = p.operand(&COND_KEYWORDS)?;
        return Ok(Item::Operand(o, paren));
    }
    p.enter()?;
    p.bump();
    let inner = or(p)?;
    p.expect(Tok::RParen)?;
    p.leave();
    Ok(match inner {
        Item::Cond(c, was_paren) => {
            if was_paren {
                p.redundant_parens = true;
            }
            Item::Cond(c, true)
        }
        Item::Operand(o, was_paren) => {
            if was_paren {
                p.redundant_parens = true;
            }
            Item::Operand(o, true)
        }
    })
}
