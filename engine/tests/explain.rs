//! `Database::execute_explained`: the same answer as `execute`, plus charges that add up to the wire
//! `ConsumedCapacity` and the keys of exactly the items a request (or the TTL sweep) wrote.
#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use engine::db::Database;
use serde_json::{json, Value};

const NOW: u64 = 1_700_000_000_000;

fn db() -> Database {
    let mut db = Database::default();
    let create = json!({
        "TableName": "Tbl",
        "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}, {"AttributeName": "sk", "AttributeType": "S"}, {"AttributeName": "g", "AttributeType": "S"}],
        "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}],
        "GlobalSecondaryIndexes": [{"IndexName": "Gsi", "KeySchema": [{"AttributeName": "g", "KeyType": "HASH"}], "Projection": {"ProjectionType": "ALL"}}],
        "BillingMode": "PAY_PER_REQUEST"
    });
    db.execute("CreateTable", &create, NOW).unwrap();
    for i in 0..3 {
        let item = json!({"pk": {"S": "a"}, "sk": {"S": format!("{i}")}, "g": {"S": "x"}, "pad": {"S": "p".repeat(3000)}});
        db.execute("PutItem", &json!({"TableName": "Tbl", "Item": item}), NOW).unwrap();
    }
    db
}

fn keys(writes: &[(String, engine::value::Item)]) -> Vec<String> {
    writes.iter().map(|(t, k)| format!("{t}:{}", engine::value::item_to_json(k))).collect()
}

/// (action, input, expected written keys); the charges must sum to CapacityUnits (as half-units).
fn cases() -> Vec<(&'static str, Value, Vec<&'static str>)> {
    vec![
        ("Query", json!({"TableName": "Tbl", "KeyConditionExpression": "pk = :p", "ExpressionAttributeValues": {":p": {"S": "a"}}, "ReturnConsumedCapacity": "TOTAL"}), vec![]),
        ("Scan", json!({"TableName": "Tbl", "IndexName": "Gsi", "ReturnConsumedCapacity": "TOTAL"}), vec![]),
        ("GetItem", json!({"TableName": "Tbl", "Key": {"pk": {"S": "a"}, "sk": {"S": "9"}}, "ReturnConsumedCapacity": "TOTAL"}), vec![]),
        ("PutItem", json!({"TableName": "Tbl", "Item": {"pk": {"S": "b"}, "sk": {"S": "1"}, "g": {"S": "y"}}, "ReturnConsumedCapacity": "TOTAL"}), vec![r#"Tbl:{"pk":{"S":"b"},"sk":{"S":"1"}}"#]),
        ("DeleteItem", json!({"TableName": "Tbl", "Key": {"pk": {"S": "a"}, "sk": {"S": "0"}}, "ReturnConsumedCapacity": "TOTAL"}), vec![r#"Tbl:{"pk":{"S":"a"},"sk":{"S":"0"}}"#]),
        ("BatchWriteItem", json!({"RequestItems": {"Tbl": [
            {"PutRequest": {"Item": {"pk": {"S": "c"}, "sk": {"S": "1"}}}},
            {"DeleteRequest": {"Key": {"pk": {"S": "a"}, "sk": {"S": "1"}}}}
        ]}, "ReturnConsumedCapacity": "TOTAL"}), vec![r#"Tbl:{"pk":{"S":"c"},"sk":{"S":"1"}}"#, r#"Tbl:{"pk":{"S":"a"},"sk":{"S":"1"}}"#]),
        ("TransactWriteItems", json!({"TransactItems": [
            {"Put": {"TableName": "Tbl", "Item": {"pk": {"S": "d"}, "sk": {"S": "1"}}}},
            {"Update": {"TableName": "Tbl", "Key": {"pk": {"S": "a"}, "sk": {"S": "2"}}, "UpdateExpression": "SET g = :g", "ExpressionAttributeValues": {":g": {"S": "z"}}}}
        ], "ReturnConsumedCapacity": "TOTAL"}), vec![r#"Tbl:{"pk":{"S":"d"},"sk":{"S":"1"}}"#, r#"Tbl:{"pk":{"S":"a"},"sk":{"S":"2"}}"#]),
        ("ExecuteStatement", json!({"Statement": "SELECT * FROM Tbl WHERE pk = ?", "Parameters": [{"S": "a"}], "ReturnConsumedCapacity": "TOTAL"}), vec![]),
        ("ExecuteStatement", json!({"Statement": "UPDATE Tbl SET g = 'q' WHERE pk = 'a' AND sk = '1'", "ReturnConsumedCapacity": "TOTAL"}), vec![r#"Tbl:{"pk":{"S":"a"},"sk":{"S":"1"}}"#]),
        ("BatchExecuteStatement", json!({"Statements": [
            {"Statement": "INSERT INTO Tbl VALUE {'pk': 'f', 'sk': '1'}"},
            {"Statement": "DELETE FROM Tbl WHERE pk = 'a' AND sk = '0'"}
        ], "ReturnConsumedCapacity": "TOTAL"}), vec![r#"Tbl:{"pk":{"S":"f"},"sk":{"S":"1"}}"#, r#"Tbl:{"pk":{"S":"a"},"sk":{"S":"0"}}"#]),
        ("ExecuteTransaction", json!({"TransactStatements": [
            {"Statement": "INSERT INTO Tbl VALUE {'pk': 'h', 'sk': '1'}"}
        ], "ReturnConsumedCapacity": "TOTAL"}), vec![r#"Tbl:{"pk":{"S":"h"},"sk":{"S":"1"}}"#]),
        ("ExecuteTransaction", json!({"TransactStatements": [
            {"Statement": "SELECT * FROM Tbl WHERE pk = 'a' AND sk = '1'"}
        ], "ReturnConsumedCapacity": "TOTAL"}), vec![]),
    ]
}

fn total_half_units(response: &Value) -> u64 {
    let units = |v: &Value| (v["CapacityUnits"].as_f64().unwrap() * 2.0) as u64;
    match &response["ConsumedCapacity"] {
        Value::Array(list) => list.iter().map(units).sum(),
        v => units(v),
    }
}

#[test]
fn same_answer_as_execute_with_charges_and_written_keys() {
    for (action, input, expected) in cases() {
        let (mut plain, mut explained) = (db(), db());
        let want = plain.execute(action, &input, NOW);
        let got = explained.execute_explained(action, &input, NOW);
        assert_eq!(got.result, want, "{action}");
        let response = got.result.unwrap();
        let charged: u64 = got.charges.iter().map(|c| c.total_half_units()).sum();
        assert_eq!(charged, total_half_units(&response), "{action}: {response}");
        assert_eq!(keys(&got.writes), expected, "{action}");
        assert_eq!(plain.snapshot(), explained.snapshot(), "{action}: same state after");
    }
}

#[test]
fn a_refused_request_has_no_charges_and_no_writes() {
    let mut d = db();
    let got = d.execute_explained("Query", &json!({"TableName": "Tbl", "KeyConditionExpression": "pk = "}), NOW);
    assert_eq!(got.result.unwrap_err().type_name(), "ValidationException");
    assert!(got.charges.is_empty());
    assert!(got.writes.is_empty());
}

/// DynamoDB charges a write whose condition fails as the write of the larger of the stored item and
/// the one it would have stored: the charge is kept though nothing is written.
#[test]
fn a_failed_conditional_write_keeps_its_charge_and_writes_nothing() {
    let mut d = db();
    let stored = json!({"TableName": "Tbl", "Key": {"pk": {"S": "a"}, "sk": {"S": "0"}}});
    let cases = [
        ("PutItem", json!({"TableName": "Tbl", "Item": {"pk": {"S": "a"}, "sk": {"S": "0"}}, "ConditionExpression": "attribute_not_exists(pk)"})),
        ("UpdateItem", json!({"TableName": "Tbl", "Key": stored["Key"], "UpdateExpression": "SET g = :g", "ConditionExpression": "attribute_not_exists(pk)", "ExpressionAttributeValues": {":g": {"S": "y"}}})),
        ("DeleteItem", json!({"TableName": "Tbl", "Key": stored["Key"], "ConditionExpression": "attribute_not_exists(pk)"})),
    ];
    for (action, input) in cases {
        let got = d.execute_explained(action, &input, NOW);
        assert_eq!(got.result.unwrap_err().type_name(), "ConditionalCheckFailedException", "{action}");
        assert!(got.writes.is_empty(), "{action}");
        // The stored item is 3,011 bytes: rounded up to 3 KB, 3 WCU, on the table alone.
        let charges: Vec<_> = got.charges.iter().flat_map(|c| &c.charges).collect();
        assert_eq!(charges.len(), 1, "{action}: {charges:?}");
        assert_eq!(charges[0].target, engine::capacity::Target::Table, "{action}");
        assert!(matches!(charges[0].reason, engine::capacity::Reason::ConditionFailed { .. }), "{action}");
        assert_eq!(charges[0].half_units, 6, "{action}: {charges:?}");
    }
}

#[test]
fn ttl_deletes_made_by_the_clock_are_written_keys() {
    let mut d = db();
    d.execute("UpdateTimeToLive", &json!({"TableName": "Tbl", "TimeToLiveSpecification": {"Enabled": true, "AttributeName": "exp"}}), NOW).unwrap();
    let item = json!({"pk": {"S": "e"}, "sk": {"S": "1"}, "exp": {"N": (NOW / 1000 + 60).to_string()}});
    d.execute("PutItem", &json!({"TableName": "Tbl", "Item": item}), NOW).unwrap();
    let later = NOW + 120_000;
    let got = d.execute_explained("DescribeTable", &json!({"TableName": "Tbl"}), later);
    assert!(got.result.is_ok());
    assert_eq!(keys(&got.writes), vec![r#"Tbl:{"pk":{"S":"e"},"sk":{"S":"1"}}"#]);
    // Later calls start a fresh journal.
    assert!(d.execute_explained("DescribeTable", &json!({"TableName": "Tbl"}), later).writes.is_empty());
}

#[test]
fn an_execute_statement_says_which_operation_it_became() {
    let cases = [
        ("SELECT * FROM Tbl WHERE pk = 'a' AND sk = '1'", "GetItem on Tbl (1 key)"),
        ("SELECT * FROM Tbl WHERE pk = 'a'", "Query on Tbl (1 partition)"),
        ("SELECT * FROM Tbl WHERE pk IN ['a', 'b']", "Query on Tbl (2 partitions)"),
        ("SELECT * FROM Tbl WHERE sk = '1'", "Scan of Tbl"),
        ("SELECT * FROM \"Tbl\".\"Gsi\" WHERE g = 'x'", "Query on Tbl.Gsi (1 partition)"),
        ("DELETE FROM Tbl WHERE pk = 'a' AND sk = '2'", "DeleteItem on Tbl"),
    ];
    for (statement, want) in cases {
        let mut d = db();
        let got = d.execute_explained("ExecuteStatement", &json!({"Statement": statement}), NOW);
        assert!(got.result.is_ok(), "{statement}: {:?}", got.result);
        assert_eq!(got.operation.map(|o| o.to_string()).as_deref(), Some(want), "{statement}");
        assert!(!got.charges.is_empty(), "{statement}: charged even without ReturnConsumedCapacity");
    }
    // Another action, or a refused statement, says nothing.
    let mut d = db();
    assert!(d.execute_explained("Scan", &json!({"TableName": "Tbl"}), NOW).operation.is_none());
    let got = d.execute_explained("ExecuteStatement", &json!({"Statement": "SELECT * FROM Nope"}), NOW);
    assert!(got.result.is_err() && got.operation.is_none());
}
