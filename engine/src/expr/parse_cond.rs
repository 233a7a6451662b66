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

/// What waits on the stack for the rest of its condition.
enum Open {
    /// `(` at the start of a primary: a parenthesised condition (or operand, as in `(a) = :v`).
    Paren,
    /// `NOT`, waiting for its operand.
    Not,
    /// `acc AND`, waiting for the right-hand side.
    And(Cond),
    /// `acc OR`, waiting for the right-hand side.
    Or(Cond),
}

/// The grammar above as a loop over an explicit stack: no recursion, so nesting costs heap, not call
/// stack. Each reduction happens at the same token as in recursive descent, so errors point at the same
/// place.
pub(crate) fn parse_condition(p: &mut Parser<'_>) -> PResult<Cond> {
    let mut open: Vec<Open> = Vec::new();
    loop {
        // The start of a `not`: any number of NOT and `(`, then an operand.
        loop {
            if p.at_kw("NOT") {
                p.operator()?;
                p.bump();
                open.push(Open::Not);
            } else if p.at(Tok::LParen) {
                p.bump();
                open.push(Open::Paren);
            } else {
                break;
            }
        }
        let (o, paren) = p.operand(&COND_KEYWORDS)?;
        let mut item = compare(p, Item::Operand(o, paren))?;
        // Reduce until an AND or OR opens a new right-hand side, or the input ends.
        loop {
            while let Some(Open::Not) = open.last() {
                open.pop();
                item = Item::Cond(Cond::Not(Box::new(into_cond(p, item)?)), false);
            }
            if let Some(Open::And(_)) = open.last() {
                let Some(Open::And(acc)) = open.pop() else { return Err(p.err()) };
                item = Item::Cond(Cond::And(Box::new(acc), Box::new(into_cond(p, item)?)), false);
            }
            if p.at_kw("AND") {
                open.push(Open::And(into_cond(p, item)?));
                p.operator()?;
                p.bump();
                break;
            }
            if let Some(Open::Or(_)) = open.last() {
                let Some(Open::Or(acc)) = open.pop() else { return Err(p.err()) };
                item = Item::Cond(Cond::Or(Box::new(acc), Box::new(into_cond(p, item)?)), false);
            }
            if p.at_kw("OR") {
                open.push(Open::Or(into_cond(p, item)?));
                p.operator()?;
                p.bump();
                break;
            }
            match open.pop() {
                Some(Open::Paren) => {
                    p.expect(Tok::RParen)?;
                    let inner = parenthesised(p, item);
                    item = compare(p, inner)?;
                }
                None => {
                    let c = into_cond(p, item)?;
                    p.expect_end()?;
                    return Ok(c);
                }
                Some(_) => return Err(p.err()),
            }
        }
    }
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

/// `( item )`: a parenthesised item directly inside parentheses is redundant.
fn parenthesised(p: &mut Parser<'_>, item: Item) -> Item {
    match item {
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
    }
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

/// A primary followed by a comparator, BETWEEN or IN becomes a comparison; anything else passes through.
fn compare(p: &mut Parser<'_>, item: Item) -> PResult<Item> {
    let (left, paren) = match item {
        Item::Operand(o, paren) => (o, paren),
        cond => return Ok(cond),
    };
    if let Some(op) = cmp_op(p.peek_kind()) {
        p.operator()?;
        p.bump();
        let (right, _) = p.operand(&COND_KEYWORDS)?;
        return Ok(Item::Cond(Cond::Cmp(op, left, right), false));
    }
    if p.at_kw("BETWEEN") {
        p.operator()?;
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
        p.operator()?;
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
