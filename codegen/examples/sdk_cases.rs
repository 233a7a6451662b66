//! Prints, for a sequence of requests on the e-commerce example model, the boto3 and AWS CLI code the
//! playground generates and the response the engine gave — `tests/sdk/python/test_codegen.py` runs the
//! code against a `dynamodel-server` loaded with the same model and compares.
//!
//! `cargo run -p dynamodel-codegen --example sdk_cases > cases.json`; the endpoint in the code is the
//! placeholder `__ENDPOINT__`.

use codegen::{generate, Endpoint, Lang};
use engine::db::Database;
use engine::model::Model;
use serde_json::{json, Value};

const MODEL: &str = include_str!("../../engine/tests/data/models/ecommerce.json");
const NOW: u64 = 1_700_000_000_000;

fn cases() -> Vec<(&'static str, &'static str, Value)> {
    vec![
        ("query begins_with, as the builder writes it", "Query", json!({
            "TableName": "Shop",
            "KeyConditionExpression": "#pk = :pk AND begins_with(#sk, :sk)",
            "ExpressionAttributeNames": {"#pk": "PK", "#sk": "SK"},
            "ExpressionAttributeValues": {":pk": {"S": "USER#u1"}, ":sk": {"S": "ORDER#"}},
            "ScanIndexForward": false,
            "ReturnConsumedCapacity": "INDEXES"
        })),
        ("query a GSI with a filter and a projection", "Query", json!({
            "TableName": "Shop", "IndexName": "GSI1",
            "KeyConditionExpression": "#pk = :pk",
            "FilterExpression": "#t > :min",
            "ProjectionExpression": "PK, SK, #t",
            "ExpressionAttributeNames": {"#pk": "GSI1PK", "#t": "total"},
            "ExpressionAttributeValues": {":pk": {"S": "ORDER_STATUS#PENDING"}, ":min": {"N": "10"}},
            "ReturnConsumedCapacity": "INDEXES"
        })),
        ("scan a page with Limit", "Scan", json!({"TableName": "Shop", "Limit": 3, "ReturnConsumedCapacity": "TOTAL"})),
        ("update with a quoted expression and ReturnValues", "UpdateItem", json!({
            "TableName": "Shop",
            "Key": {"PK": {"S": "USER#u1"}, "SK": {"S": "PROFILE#u1"}},
            "UpdateExpression": "SET #n = :n",
            "ConditionExpression": "attribute_exists(PK)",
            "ExpressionAttributeNames": {"#n": "name"},
            "ExpressionAttributeValues": {":n": {"S": "Ada's \"new\" name $HOME `x`"}},
            "ReturnValues": "ALL_NEW"
        })),
        ("batch get", "BatchGetItem", json!({"RequestItems": {"Shop": {"Keys": [
            {"PK": {"S": "USER#u2"}, "SK": {"S": "PROFILE#u2"}},
            {"PK": {"S": "PRODUCT#p9"}, "SK": {"S": "REVIEW#u2"}}
        ]}}})),
        ("transaction get", "TransactGetItems", json!({"TransactItems": [
            {"Get": {"TableName": "Shop", "Key": {"PK": {"S": "USER#u1"}, "SK": {"S": "PROFILE#u1"}}}}
        ]})),
        ("get after the update", "GetItem", json!({"TableName": "Shop", "Key": {"PK": {"S": "USER#u1"}, "SK": {"S": "PROFILE#u1"}}, "ConsistentRead": true})),
    ]
}

fn main() {
    let model = Model::from_json_str(MODEL).expect("the example model reads");
    let mut db = Database::default();
    model.load_into(&mut db, NOW).expect("the example model loads");
    let endpoint = Endpoint::Local { url: String::from("__ENDPOINT__"), region: String::from("us-east-1") };
    let out: Vec<Value> = cases()
        .into_iter()
        .map(|(name, action, request)| {
            let expected = db.execute(action, &request, NOW).expect("every case succeeds");
            json!({
                "name": name,
                "action": action,
                "request": request,
                "boto3": generate(Lang::Python, action, &request, &endpoint),
                "cli": generate(Lang::Cli, action, &request, &endpoint),
                "expected": expected,
            })
        })
        .collect();
    println!("{}", serde_json::to_string_pretty(&out).expect("JSON"));
}
