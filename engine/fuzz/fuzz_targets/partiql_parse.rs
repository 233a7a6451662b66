//! Arbitrary statement text -> `engine::partiql::parse` must never panic, and neither may running the
//! statement: every parsed statement is executed by `ExecuteStatement` (and inside a one-statement
//! BatchExecuteStatement and ExecuteTransaction) against a small table with a GSI, with a few
//! parameters. Errors are fine; a panic or a hang is the bug.
//!
//! Input layout: byte 0 picks how many of the parameters in `params()` are passed; the rest is the
//! statement text (lossy UTF-8).
#![no_main]

use engine::api::partiql::{BatchExecuteStatementInput, ExecuteStatementInput, ExecuteTransactionInput, StatementRequest};
use engine::db::Database;
use engine::throttle::NoThrottle;
use engine::value::{value_from_json, AttributeValue};
use libfuzzer_sys::fuzz_target;

fn params() -> Vec<AttributeValue> {
    ["{\"S\":\"a\"}", "{\"N\":\"1\"}", "{\"M\":{\"k\":{\"L\":[{\"N\":\"2\"}]}}}", "{\"SS\":[\"x\"]}", "{\"NULL\":true}"]
        .iter()
        .map(|s| value_from_json(&serde_json::from_str(s).expect("pool JSON")).expect("pool value"))
        .collect()
}

fn database() -> Database {
    let mut db = Database::default();
    let table = serde_json::json!({"TableName": "Tab", "BillingMode": "PAY_PER_REQUEST",
        "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}, {"AttributeName": "sk", "AttributeType": "N"}, {"AttributeName": "g", "AttributeType": "S"}],
        "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}],
        "GlobalSecondaryIndexes": [{"IndexName": "Gsi", "KeySchema": [{"AttributeName": "g", "KeyType": "HASH"}], "Projection": {"ProjectionType": "ALL"}}]});
    db.execute("CreateTable", &table, 0).expect("table");
    for (pk, sk) in [("a", "1"), ("a", "2"), ("b", "1")] {
        let item = serde_json::json!({"TableName": "Tab", "Item": {"pk": {"S": pk}, "sk": {"N": sk}, "g": {"S": "x"}, "l": {"L": [{"N": "1"}]}, "m": {"M": {"k": {"S": "v"}}}}});
        db.execute("PutItem", &item, 0).expect("item");
    }
    db
}

fuzz_target!(|data: &[u8]| {
    let Some((&n, text)) = data.split_first() else { return };
    let statement = String::from_utf8_lossy(text).into_owned();
    let _ = engine::partiql::parse(&statement);
    let mut parameters = params();
    parameters.truncate(usize::from(n % 6));
    let request = StatementRequest { statement, parameters, consistent_read: n & 0x40 != 0, return_old_on_condition_failure: n & 0x80 != 0 };
    let mut db = database();
    let input = ExecuteStatementInput { request: request.clone(), limit: (n & 0x20 != 0).then_some(1), ..Default::default() };
    if let Ok(out) = db.execute_statement(&input, 0) {
        let _ = out.to_json();
        if let Some(token) = out.next_token {
            let next = ExecuteStatementInput { next_token: Some(token), ..input };
            let _ = db.execute_statement(&next, 0);
        }
    }
    let batch = BatchExecuteStatementInput { statements: vec![request.clone()], ..Default::default() };
    let _ = db.batch_execute_statement(&batch, 0, &mut NoThrottle).map(|o| o.to_json());
    let tx = ExecuteTransactionInput { statements: vec![request], ..Default::default() };
    let _ = db.execute_transaction(&tx, 0, &mut NoThrottle).map(|o| o.to_json());
});
