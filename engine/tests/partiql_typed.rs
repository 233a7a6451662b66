//! What a PartiQL SELECT becomes — GetItem, Query or Scan — is part of the typed answer (the playground
//! shows it); these cases pin DynamoDB's rule: the partition key pinned by `=` / `IN` / `OR`s of them is
//! a Query (a GetItem per key when the base table's whole key is pinned), anything else a Scan.

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use engine::api::partiql::{ExecuteStatementInput, Operation, StatementRequest};
use engine::db::Database;
use serde_json::json;

fn db() -> Database {
    let mut db = Database::default();
    db.execute(
        "CreateTable",
        &json!({"TableName": "Orders", "BillingMode": "PAY_PER_REQUEST",
            "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}, {"AttributeName": "sk", "AttributeType": "N"}, {"AttributeName": "st", "AttributeType": "S"}],
            "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}],
            "GlobalSecondaryIndexes": [{"IndexName": "bySt", "KeySchema": [{"AttributeName": "st", "KeyType": "HASH"}], "Projection": {"ProjectionType": "ALL"}}]}),
        0,
    )
    .expect("table");
    db
}

fn op(db: &mut Database, statement: &str) -> Operation {
    let input = ExecuteStatementInput { request: StatementRequest { statement: statement.into(), ..Default::default() }, ..Default::default() };
    db.execute_statement(&input, 0).unwrap_or_else(|e| panic!("{statement}: {e}")).operation
}

#[test]
fn select_becomes_get_query_or_scan() {
    let mut d = db();
    let t = || String::from("Orders");
    assert_eq!(op(&mut d, "SELECT * FROM Orders WHERE pk = 'a' AND sk = 1"), Operation::GetItem { table: t(), keys: 1 });
    assert_eq!(op(&mut d, "SELECT * FROM Orders WHERE pk IN ['a', 'b'] AND sk = 1"), Operation::GetItem { table: t(), keys: 2 });
    assert_eq!(op(&mut d, "SELECT * FROM Orders WHERE pk = 'a'"), Operation::Query { table: t(), index: None, partitions: 1 });
    assert_eq!(op(&mut d, "SELECT * FROM Orders WHERE pk = 'a' OR pk = 'b'"), Operation::Query { table: t(), index: None, partitions: 2 });
    assert_eq!(op(&mut d, "SELECT * FROM Orders WHERE pk = 'a' AND (x = 1 OR y = 2)"), Operation::Query { table: t(), index: None, partitions: 1 });
    assert_eq!(op(&mut d, "SELECT * FROM Orders WHERE pk = 'a' AND sk = 1 ORDER BY sk"), Operation::Query { table: t(), index: None, partitions: 1 });
    assert_eq!(op(&mut d, "SELECT * FROM \"Orders\".\"bySt\" WHERE st = 'open'"), Operation::Query { table: t(), index: Some("bySt".into()), partitions: 1 });
    assert_eq!(op(&mut d, "SELECT * FROM Orders WHERE pk > 'a'"), Operation::Scan { table: t(), index: None });
    assert_eq!(op(&mut d, "SELECT * FROM Orders WHERE pk = 'a' OR x = 1"), Operation::Scan { table: t(), index: None });
    assert_eq!(op(&mut d, "SELECT * FROM Orders WHERE sk = 1"), Operation::Scan { table: t(), index: None });
    assert_eq!(op(&mut d, "SELECT * FROM Orders"), Operation::Scan { table: t(), index: None });
    assert_eq!(op(&mut d, "SELECT * FROM \"Orders\".\"bySt\" WHERE pk = 'a'"), Operation::Scan { table: t(), index: Some("bySt".into()) });
    assert_eq!(op(&mut d, "INSERT INTO Orders VALUE {'pk': 'a', 'sk': 1}"), Operation::PutItem { table: t() });
    assert_eq!(op(&mut d, "UPDATE Orders SET x = 1 WHERE pk = 'a' AND sk = 1"), Operation::UpdateItem { table: t() });
    assert_eq!(op(&mut d, "DELETE FROM Orders WHERE pk = 'a' AND sk = 1"), Operation::DeleteItem { table: t() });
    assert_eq!(Operation::Scan { table: t(), index: None }.to_string(), "Scan of Orders");
}
