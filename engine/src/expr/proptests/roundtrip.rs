//! Printing any syntax tree and parsing the text gives the same tree.

use alloc::boxed::Box;
use alloc::string::{String, ToString};
use alloc::vec;

use proptest::prelude::*;

use crate::expr::ast::{Action, Call, Clause, ClauseKind, CmpOp, Cond, Operand, Path, PathElem, ProjectionAst, SetValue, UpdateAst};
use crate::expr::parse_cond::parse_condition;
use crate::expr::parse_update::parse_update;
use crate::expr::parser::{parse_projection, Parser};
use crate::expr::reserved::is_reserved;

/// Words a bare identifier may not be in either grammar (keywords are matched case-insensitively).
fn is_keyword(s: &str) -> bool {
    ["and", "or", "not", "between", "in", "set", "remove", "add", "delete"].iter().any(|k| s.eq_ignore_ascii_case(k))
}

fn ident() -> impl Strategy<Value = String> {
    "[a-zA-Z][a-zA-Z0-9_]{0,6}".prop_filter("keyword", |s| !is_keyword(s) && !is_reserved(s))
}

fn path() -> impl Strategy<Value = Path> {
    let head = prop_oneof![ident().prop_map(PathElem::Attr), "#[a-zA-Z0-9_]{1,4}".prop_map(PathElem::Name)];
    let tail = prop_oneof![
        ident().prop_map(PathElem::Attr),
        "#[a-zA-Z0-9_]{1,4}".prop_map(PathElem::Name),
        (0u32..1000).prop_map(PathElem::Index),
    ];
    (head, proptest::collection::vec(tail, 0..4)).prop_map(|(h, t)| {
        let mut elems = vec![h];
        elems.extend(t);
        Path { elems }
    })
}

fn operand() -> impl Strategy<Value = Operand> {
    let leaf = prop_oneof![path().prop_map(Operand::Path), ":[a-zA-Z0-9_]{1,4}".prop_map(Operand::Value)];
    leaf.prop_recursive(3, 12, 3, |inner| {
        (ident(), proptest::collection::vec(inner, 1..4)).prop_map(|(name, args)| Operand::Call(Call { name, args }))
    })
}

fn call() -> impl Strategy<Value = Call> {
    (ident(), proptest::collection::vec(operand(), 1..4)).prop_map(|(name, args)| Call { name, args })
}

pub(super) fn cmp_op() -> impl Strategy<Value = CmpOp> {
    prop_oneof![Just(CmpOp::Eq), Just(CmpOp::Ne), Just(CmpOp::Lt), Just(CmpOp::Le), Just(CmpOp::Gt), Just(CmpOp::Ge)]
}

fn cond() -> impl Strategy<Value = Cond> {
    let leaf = prop_oneof![
        (cmp_op(), operand(), operand()).prop_map(|(op, a, b)| Cond::Cmp(op, a, b)),
        (operand(), operand(), operand()).prop_map(|(a, b, c)| Cond::Between(a, b, c)),
        (operand(), proptest::collection::vec(operand(), 1..5)).prop_map(|(a, l)| Cond::In(a, l)),
        call().prop_map(Cond::Call),
    ];
    leaf.prop_recursive(5, 32, 2, |inner| {
        prop_oneof![
            (inner.clone(), inner.clone()).prop_map(|(a, b)| Cond::Or(Box::new(a), Box::new(b))),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| Cond::And(Box::new(a), Box::new(b))),
            inner.prop_map(|a| Cond::Not(Box::new(a))),
        ]
    })
}

fn update_ast() -> impl Strategy<Value = UpdateAst> {
    let set_value = prop_oneof![
        operand().prop_map(SetValue::Operand),
        (operand(), operand()).prop_map(|(a, b)| SetValue::Plus(a, b)),
        (operand(), operand()).prop_map(|(a, b)| SetValue::Minus(a, b)),
    ];
    let value = ":[a-zA-Z0-9_]{1,4}";
    let clause = prop_oneof![
        proptest::collection::vec((path(), set_value).prop_map(|(p, v)| Action::Set(p, v)), 1..4)
            .prop_map(|actions| Clause { kind: ClauseKind::Set, actions }),
        proptest::collection::vec(path().prop_map(Action::Remove), 1..4)
            .prop_map(|actions| Clause { kind: ClauseKind::Remove, actions }),
        proptest::collection::vec((path(), value).prop_map(|(p, v)| Action::Add(p, v)), 1..4)
            .prop_map(|actions| Clause { kind: ClauseKind::Add, actions }),
        proptest::collection::vec((path(), value).prop_map(|(p, v)| Action::Delete(p, v)), 1..4)
            .prop_map(|actions| Clause { kind: ClauseKind::Delete, actions }),
    ];
    proptest::collection::vec(clause, 1..5).prop_map(|clauses| UpdateAst { clauses })
}

proptest! {
    #[test]
    fn condition_round_trip(c in cond()) {
        let text = c.to_string();
        let mut p = Parser::new(&text);
        let parsed = parse_condition(&mut p).map_err(|e| p.syntax_message(e));
        prop_assert_eq!(parsed, Ok(c), "text: {}", text);
        prop_assert!(!p.redundant_parens, "printer added redundant parentheses: {}", text);
    }

    #[test]
    fn update_round_trip(u in update_ast()) {
        let text = u.to_string();
        let mut p = Parser::new(&text);
        let parsed = parse_update(&mut p).map_err(|e| p.syntax_message(e));
        prop_assert_eq!(parsed, Ok(u), "text: {}", text);
    }

    #[test]
    fn projection_round_trip(paths in proptest::collection::vec(path(), 1..6)) {
        let ast = ProjectionAst { paths };
        let text = ast.to_string();
        let mut p = Parser::new(&text);
        let parsed = parse_projection(&mut p).map_err(|e| p.syntax_message(e));
        prop_assert_eq!(parsed, Ok(ast), "text: {}", text);
    }

    /// Whatever the text, the parsers return (no panic, no runaway recursion).
    #[test]
    fn parsers_total(text in "[a-c#:()\\[\\]0-9 ,.=<>+-]{0,40}|(AND|OR|NOT|SET|REMOVE|ADD|DELETE|BETWEEN|IN| |a|:v|#n|\\(|\\)|,|=|\\+){0,30}") {
        let _ = parse_condition(&mut Parser::new(&text));
        let _ = parse_update(&mut Parser::new(&text));
        let _ = parse_projection(&mut Parser::new(&text));
    }
}

