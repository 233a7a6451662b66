//! DynamoDB's expression limits at their edges, and deep nesting within them.
//!
//! The 4 KB size limit bounds nesting to about 2,000 levels (`f(f(…))`, `((…))`); the 300-operator limit
//! bounds `NOT`/`AND`/`OR` nesting. Each case below is built by repetition (too long to write out) and
//! runs through `expr::compile`, natively on a thread with a 1 MB stack — the stack wasm has — and in
//! headless Chromium on the wasm build itself. The property test feeds random nestings of every
//! construct and only asks that compiling (and evaluating what compiles) returns.
//!
//! Sources: the 300-operator limit and its wording, "Invalid ConditionExpression: The expression contains
//! too many operators; operator count: 301", were observed against DynamoDB by Scylla Alternator's
//! `test/alternator/test_limits.py` (`test_deeply_nested_expression_2`: 149 nested `a<b or (…)` levels,
//! 299 operators, pass; 454 levels are refused with "operator count: 301"), as were the answers to 2,046
//! nested parentheses (redundant parentheses) and to 1,355 nested calls of an unknown function (`_3`,
//! `_5`); the FilterExpression wording is quoted from DynamoDB in aws/aws-sdk-js#3721.

use std::collections::BTreeMap;

use engine::expr::{compile, ExpressionInputs};
use engine::value::{AttributeValue, Item};
use proptest::prelude::*;

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

#[derive(Clone, Copy)]
enum Kind {
    Condition,
    Filter,
    Update,
}

fn values() -> BTreeMap<String, AttributeValue> {
    [
        (":v", AttributeValue::N("1".parse().expect("number"))),
        (":l", AttributeValue::L(Vec::new())),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v))
    .collect()
}

/// Compile `text` as `kind` (with `:v` and `:l` defined when the text uses them); evaluate a condition
/// that compiled, apply an update that compiled. The error message, or `ok`.
fn outcome(kind: Kind, text: &str) -> String {
    let all = values();
    let used: engine::value::Item = all
        .into_iter()
        .filter(|(k, _)| text.contains(k.as_str()))
        .collect();
    let inputs = ExpressionInputs {
        condition_expression: matches!(kind, Kind::Condition).then_some(text),
        filter_expression: matches!(kind, Kind::Filter).then_some(text),
        update_expression: matches!(kind, Kind::Update).then_some(text),
        values: (!used.is_empty()).then_some(&used),
        operation: Some(if matches!(kind, Kind::Filter) {
            "Scan"
        } else {
            "UpdateItem"
        }),
        ..ExpressionInputs::default()
    };
    match compile(&inputs) {
        Err(e) => e.message().to_string(),
        Ok(c) => {
            let item = Item::default();
            if let Some(cond) = c.condition.as_ref().or(c.filter.as_ref()) {
                let _ = cond.eval(&item);
            }
            if let Some(u) = c.update.as_ref() {
                let _ = u.apply(&item);
            }
            "ok".into()
        }
    }
}

/// Run `f` where the stack is as small as wasm's (1 MB): on a thread natively, directly in wasm.
fn on_small_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    #[cfg(not(target_arch = "wasm32"))]
    {
        std::thread::Builder::new()
            .stack_size(
                std::env::var("STK")
                    .ok()
                    .and_then(|s| s.parse().ok())
                    .unwrap_or(1 << 20),
            )
            .spawn(f)
            .expect("thread")
            .join()
            .expect("no overflow")
    }
    #[cfg(target_arch = "wasm32")]
    {
        f()
    }
}

fn rep(s: &str, n: usize) -> String {
    s.repeat(n)
}

/// (title, kind, expression, expected outcome)
fn cases() -> Vec<(&'static str, Kind, String, &'static str)> {
    let nested_or = |n: usize| format!("a<b {}{}", rep("or (a<b ", n), rep(")", n));
    vec![
        ("149 nested ORs: 299 operators", Kind::Condition, nested_or(149), "ok"),
        ("150 nested ORs: 301 operators", Kind::Condition, nested_or(150),
            "Invalid ConditionExpression: The expression contains too many operators; operator count: 301"),
        ("454 nested ORs still say 301", Kind::Condition, nested_or(454),
            "Invalid ConditionExpression: The expression contains too many operators; operator count: 301"),
        ("300 operators in a flat filter", Kind::Filter, format!("a = :v{}", rep(" OR a = :v", 149)) + " OR attribute_exists(a)", "ok"),
        ("301 operators in a flat filter", Kind::Filter, format!("a = :v{}", rep(" OR a = :v", 150)),
            "Invalid FilterExpression: The expression contains too many operators; operator count: 301"),
        ("NOT, BETWEEN and IN count one each: 300", Kind::Condition,
            format!("NOT a BETWEEN :v AND :v AND a IN (:v, :v){}", rep(" AND a = :v", 148)), "ok"),
        ("NOT, BETWEEN and IN count one each: 301", Kind::Condition,
            format!("a BETWEEN :v AND :v AND a IN (:v, :v){}", rep(" AND a = :v", 149)),
            "Invalid ConditionExpression: The expression contains too many operators; operator count: 301"),
        ("300 NOTs", Kind::Condition, format!("{}a = :v", rep("NOT ", 299)), "ok"),
        ("1000 NOTs", Kind::Condition, format!("{}a<b", rep("not ", 1000)),
            "Invalid ConditionExpression: The expression contains too many operators; operator count: 301"),
        ("2046 parentheses around a condition", Kind::Condition, format!("{}a<b{}", rep("(", 2046), rep(")", 2046)),
            "Invalid ConditionExpression: The expression has redundant parentheses;"),
        ("2040 parentheses around an operand", Kind::Condition, format!("{}a{} = :v", rep("(", 2040), rep(")", 2040)),
            "Invalid ConditionExpression: The expression has redundant parentheses;"),
        ("4096 open parentheses", Kind::Condition, rep("(", 4096),
            "Invalid ConditionExpression: Syntax error; token: \"<EOF>\", near: \"(\""),
        ("1355 nested calls of an unknown function", Kind::Condition, format!("a < {}b{}", rep("f(", 1355), rep(")", 1355)),
            "Invalid ConditionExpression: Invalid function name; function: f"),
        ("818 nested calls with parenthesised arguments", Kind::Condition, format!("a < {}b{}", rep("f((", 818), rep("))", 818)),
            "Invalid ConditionExpression: Invalid function name; function: f"),
        // Not recorded from DynamoDB (Alternator's test only asserts a ValidationException): our answer.
        ("681 nested size calls", Kind::Condition, format!("a < {}b{}", rep("size(", 681), rep(")", 681)),
            "Invalid ConditionExpression: Incorrect operand type for operator or function; operator or function: size, operand type: N"),
        ("240 nested list_append(if_not_exists(…))", Kind::Update, format!("SET a = {}:l{}", rep("list_append(a,if_not_exists(b,", 120), rep("))", 120)), "ok"),
        ("2042 parentheses around a SET value", Kind::Update, format!("SET a = {}b{}", rep("(", 2042), rep(")", 2042)), "ok"),
        ("300 SET additions", Kind::Update, format!("SET {}", (0..300).map(|i| format!("a{i}=b+:v")).collect::<Vec<_>>().join(",")), "ok"),
        ("301 SET subtractions", Kind::Update, format!("SET {}", (0..301).map(|i| format!("a{i}=b-:v")).collect::<Vec<_>>().join(",")),
            "Invalid UpdateExpression: The expression contains too many operators; operator count: 301"),
    ]
}

#[test]
fn limits_and_deep_nesting() {
    let failures = on_small_stack(|| {
        let mut failures = Vec::new();
        for (title, kind, text, want) in cases() {
            assert!(text.len() <= 4096, "{title}: {} bytes", text.len());
            let got = outcome(kind, &text);
            if got != want {
                failures.push(format!("--- {title}\n   want: {want}\n    got: {got}"));
            }
        }
        failures
    });
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// One level of nesting around `inner`, by construct.
fn wrap(inner: &str, how: u8) -> String {
    match how % 9 {
        0 => format!("({inner})"),
        1 => format!("NOT {inner}"),
        2 => format!("f({inner})"),
        3 => format!("size({inner})"),
        4 => format!("a = :v AND ({inner})"),
        5 => format!("({inner}) OR b < :v"),
        6 => format!("list_append({inner}, :l)"),
        7 => format!("if_not_exists(a, {inner})"),
        _ => format!("contains(a, {inner})"),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Any nesting of any construct, up to the 4 KB limit and past it, as a condition and as a SET value:
    /// compiling returns (an answer or DynamoDB's error), on a 1 MB stack.
    #[test]
    fn deep_nesting_never_overflows(levels in proptest::collection::vec(any::<u8>(), 0..400), runs in 1usize..8, leaf in 0u8..3) {
        let mut text = String::from(["a", ":v", "a = :v"][leaf as usize]);
        for how in levels.iter().cycle().take(levels.len() * runs) {
            let next = wrap(&text, *how);
            if next.len() > 4200 {
                break;
            }
            text = next;
        }
        let update = format!("SET x = {text}");
        on_small_stack(move || {
            let _ = outcome(Kind::Condition, &text);
            let _ = outcome(Kind::Update, &update);
        });
    }
}

/// PartiQL statements take 8 KB and no operator limit applies to them: a WHERE of over a thousand ORs
/// (or ANDs) is planned, lowered to an expression, checked and evaluated on a 1 MB stack, because the
/// parser groups a flat chain as a balanced tree.
#[test]
fn long_partiql_chains_fit_a_small_stack() {
    let answers = on_small_stack(|| {
        let mut db = engine::db::Database::default();
        let table = serde_json::json!({"TableName": "Tab", "BillingMode": "PAY_PER_REQUEST",
            "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}],
            "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}]});
        let mut answers = Vec::new();
        if db.execute("CreateTable", &table, 1).is_err() {
            return answers;
        }
        let item = serde_json::json!({"TableName": "Tab", "Item": {"pk": {"S": "k"}, "a": {"N": "1"}}});
        if db.execute("PutItem", &item, 1).is_err() {
            return answers;
        }
        for join in [" OR a = 2", " AND a = 1"] {
            let mut s = String::from("SELECT pk FROM Tab WHERE a = 1");
            while s.len() + join.len() <= 8192 {
                s.push_str(join);
            }
            let out = db.execute("ExecuteStatement", &serde_json::json!({"Statement": s}), 1);
            answers.push(out.map(|v| v["Items"].clone()).map_err(|e| e.message().to_string()));
        }
        answers
    });
    let one = serde_json::json!([{"pk": {"S": "k"}}]);
    assert_eq!(answers, vec![Ok(one.clone()), Ok(one)]);
}
