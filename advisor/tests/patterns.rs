//! The pattern table: what each pattern used, read, returned and cost, its status, the coverage line
//! and the Markdown export, on the e-commerce template and on models made to fail each status.

use crate::common;

use advisor::check::{check_all, coverage, CheckError, Status};
use advisor::markdown::export;
use advisor::pattern::{placeholders, PatternError};
use common::*;
use engine::model::AccessPattern;
use formats::gallery::Template;
use serde_json::{json, Value};

/// A key-column message in English, as the Markdown export writes it.
fn en(m: &messages::Message) -> String {
    advisor::render(m, advisor::Lang::En)
}

fn ecommerce() -> engine::model::Model {
    Template::by_slug("ecommerce").unwrap().model().unwrap()
}

fn pattern(v: Value) -> AccessPattern {
    let m = model(json!({"version": 2, "tables": [], "accessPatterns": [v]}));
    m.access_patterns[0].clone()
}

#[test]
fn the_ecommerce_patterns_as_the_table_shows_them() {
    let m = ecommerce();
    let c = checks(&m);
    let row = |name: &str| c.iter().find(|c| c.name == name).unwrap();
    let pending = row("Pending orders, oldest first");
    assert_eq!((pending.table.as_deref(), pending.index.as_deref()), (Some("Shop"), Some("GSI1")));
    assert_eq!(en(&pending.key_condition), "GSI1PK = ORDER_STATUS#PENDING");
    assert_eq!(pending.status, Status::Single);
    assert_eq!(pending.requests, 1);
    assert_eq!(pending.items_read, pending.items_returned);
    assert!(pending.items_returned >= 1);
    assert_eq!(pending.read_half_units, 1, "one 4 KB block, eventually consistent: 0.5 RCU");
    assert_eq!(pending.entities, ["Order"], "the index projects Type");
    let orders = row("A user's orders only");
    assert_eq!(en(&orders.key_condition), "PK = USER#u1, SK begins_with ORDER#");
    let profile = row("A user's profile and orders");
    assert_eq!(profile.entities, ["Order", "User"], "in key order: ORDER# before PROFILE#");
    assert_eq!(advisor::render(&coverage(&c), advisor::Lang::En), "5 of 5 patterns served by a single request");
}

#[test]
fn markdown_export_is_the_seeds_access_pattern_table() {
    let m = ecommerce();
    let md = export(&m, &checks(&m));
    let lines: Vec<&str> = md.lines().collect();
    assert_eq!(lines[0], "| Access pattern | Index | Key condition | Status |");
    assert_eq!(lines[1], "|---|---|---|---|");
    assert!(lines.contains(&"| A user's orders only | Main table | PK = USER#u1, SK begins_with ORDER# | ✓ single request |"), "{md}");
    assert!(lines.contains(&"| Pending orders, oldest first | GSI1 (sparse) | GSI1PK = ORDER_STATUS#PENDING | ✓ single request |"), "{md}");
    assert_eq!(*lines.last().unwrap(), "5 of 5 patterns served by a single request");
    // A pipe in a name cannot break the table.
    let mut m = m;
    m.access_patterns[0].name = "a | b".into();
    assert!(export(&m, &checks(&m)).contains("| a \\| b |"));
}

#[test]
fn moving_orders_by_status_off_gsi1_makes_the_pattern_a_scan() {
    let mut m = ecommerce();
    let p = m.access_patterns.iter_mut().find(|p| p.name == "Pending orders, oldest first").unwrap();
    p.operation = Some("Scan".into());
    p.request = Some(json!({"TableName": "Shop", "FilterExpression": "#s = :s", "ExpressionAttributeNames": {"#s": "status"}, "ExpressionAttributeValues": {":s": {"S": "PENDING"}}}));
    let c = checks(&m);
    let row = c.iter().find(|c| c.name == "Pending orders, oldest first").unwrap();
    assert_eq!(row.status, Status::ScanOrMany);
    assert_eq!(en(&row.key_condition), "Scan, filter status = PENDING");
    assert_eq!(advisor::render(&row.key_condition, advisor::Lang::Tr), "Scan, filtre status = PENDING");
    assert_eq!(row.items_read, 8, "every item of the table");
    assert_eq!(advisor::render(&coverage(&c), advisor::Lang::En), "4 of 5 patterns served by a single request");
    let f = findings(&m);
    let scan = f.iter().find(|f| f.id() == "scan-in-pattern:pattern:Pending orders, oldest first").unwrap();
    assert!(scan.fix.en().starts_with("Make status part of a key"), "{}", scan.fix);
}

#[test]
fn placeholders_take_their_sample_values() {
    let mut m = ecommerce();
    m.access_patterns = vec![pattern(json!({"name": "A user's orders", "operation": "Query", "parameters": {"userId": "u1"}, "entityTypes": ["Order"], "ratePerSecond": 50,
        "request": {"TableName": "Shop", "KeyConditionExpression": "PK = :pk AND begins_with(SK, :o)", "ExpressionAttributeValues": {":pk": {"S": "USER#{userId}"}, ":o": {"S": "ORDER#"}}}}))];
    assert_eq!(placeholders(m.access_patterns[0].request.as_ref().unwrap()), ["userId"]);
    let c = &checks(&m)[0];
    assert_eq!(en(&c.key_condition), "PK = USER#u1, SK begins_with ORDER#");
    assert_eq!(c.status, Status::Single);
    assert!(c.items_returned >= 1);
    // A placeholder without a sample value is reported by name.
    m.access_patterns[0].extra.remove("parameters");
    assert_eq!(checks(&m)[0].error, Some(CheckError::Pattern(PatternError::UnknownPlaceholder("userId".into()))));
    assert_eq!(checks(&m)[0].status, Status::Failed);
}

#[test]
fn returning_entity_types_it_should_not_is_a_cross() {
    let mut m = ecommerce();
    m.access_patterns = vec![pattern(json!({"name": "A user's orders", "operation": "Query", "entityTypes": ["ORDER"],
        "request": {"TableName": "Shop", "KeyConditionExpression": "PK = :pk", "ExpressionAttributeValues": {":pk": {"S": "USER#u1"}}}}))];
    let c = &checks(&m)[0];
    assert_eq!(c.status, Status::WrongEntities);
    assert_eq!(c.unexpected_entities, ["User"]);
    // The entity's type value or its name both count.
    m.access_patterns[0].extra.insert("entityTypes".into(), json!(["ORDER", "User"]));
    assert_eq!(checks(&m)[0].status, Status::Single);
}

#[test]
fn a_query_that_needs_several_pages_is_several_requests() {
    let big = "x".repeat(300 * 1024);
    let items: Vec<Value> = (0..5).map(|i| item(&[("PK", "LOG#1"), ("SK", &format!("E#{i}")), ("body", &big)])).collect();
    let m = model(json!({"version": 2, "tables": [{"definition": table("Logs", &[], json!({})), "items": items}],
        "accessPatterns": [{"name": "A whole log", "operation": "Query", "request": {"TableName": "Logs", "KeyConditionExpression": "PK = :p", "ExpressionAttributeValues": {":p": {"S": "LOG#1"}}}}]}));
    let c = &checks(&m)[0];
    assert_eq!(c.requests, 2, "1 MB pages: 4 items of 300 KB, then 1");
    assert_eq!(c.items_returned, 5);
    assert_eq!(c.status, Status::ScanOrMany);
}

#[test]
fn a_filter_that_discards_most_is_a_warning() {
    let mut m = ecommerce();
    m.access_patterns = vec![pattern(json!({"name": "Big orders of a user", "operation": "Query",
        "request": {"TableName": "Shop", "KeyConditionExpression": "PK = :pk", "FilterExpression": "#t > :t", "ExpressionAttributeNames": {"#t": "total"}, "ExpressionAttributeValues": {":pk": {"S": "USER#u1"}, ":t": {"N": "1000000"}}}}))];
    let c = &checks(&m)[0];
    assert_eq!(c.status, Status::FilterDiscards, "{:?}", c.error);
    assert_eq!(c.items_returned, 0);
    assert_eq!(advisor::render(&coverage(std::slice::from_ref(c)), advisor::Lang::En), "1 of 1 pattern served by a single request (1 with a filter that discards most of what it reads)");
}

#[test]
fn writes_run_on_a_copy_and_errors_are_the_engines() {
    let m = ecommerce();
    let database = db(&m);
    let mut m2 = m.clone();
    m2.access_patterns = vec![
        pattern(json!({"name": "Delete a user", "operation": "DeleteItem", "request": {"TableName": "Shop", "Key": {"PK": {"S": "USER#u1"}, "SK": {"S": "PROFILE#u1"}}}})),
        pattern(json!({"name": "A user", "operation": "GetItem", "request": {"TableName": "Shop", "Key": {"PK": {"S": "USER#u1"}, "SK": {"S": "PROFILE#u1"}}}})),
        pattern(json!({"name": "No such index", "operation": "Query", "request": {"TableName": "Shop", "IndexName": "GSI9", "KeyConditionExpression": "PK = :p", "ExpressionAttributeValues": {":p": {"S": "x"}}}})),
        pattern(json!({"name": "No operation", "request": {}})),
    ];
    let c = check_all(&m2, &database, NOW);
    assert_eq!((c[0].status, en(&c[0].key_condition).as_str(), c[0].write_half_units), (Status::Single, "PK = USER#u1, SK = PROFILE#u1", 2));
    assert_eq!((c[1].status, c[1].items_returned), (Status::Single, 1), "the delete did not touch the data");
    assert_eq!(c[2].status, Status::Failed);
    match &c[2].error {
        Some(CheckError::Engine { type_name, message }) => {
            assert_eq!(type_name, "ValidationException");
            assert!(message.contains("GSI9"), "{message}");
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(c[3].error, Some(CheckError::Pattern(PatternError::NoOperation)));
    assert_eq!(c[3].error.as_ref().unwrap().to_string(), "operation: the pattern names no operation");
}

#[test]
fn a_partiql_pattern_runs_as_the_operation_its_statement_becomes() {
    let mut m = ecommerce();
    let add = |m: &mut engine::model::Model, name: &str, statement: &str, params: Value| {
        let mut request = json!({"Statement": statement, "Parameters": params});
        if params.as_array().is_some_and(Vec::is_empty) {
            request.as_object_mut().unwrap().remove("Parameters");
        }
        m.access_patterns.push(pattern(json!({"name": name, "operation": "ExecuteStatement", "request": request, "parameters": {"userId": "u1"}})));
    };
    add(&mut m, "orders (PartiQL)", r#"SELECT * FROM "Shop" WHERE PK = ? AND begins_with(SK, 'ORDER#')"#, json!([{"S": "USER#{userId}"}]));
    add(&mut m, "pending (PartiQL)", r#"SELECT * FROM "Shop"."GSI1" WHERE GSI1PK = 'ORDER_STATUS#PENDING'"#, json!([]));
    add(&mut m, "by email (PartiQL)", r#"SELECT * FROM "Shop" WHERE email = ?"#, json!([{"S": "ada@example.com"}]));
    // A tuple's braces in a statement, escaped as a pattern stores them, are not placeholders.
    add(&mut m, "new user (PartiQL)", &advisor::pattern::escape(r#"INSERT INTO "Shop" VALUE {'PK': ?, 'SK': 'PROFILE#u9'}"#), json!([{"S": "USER#{userId}9"}]));
    let c = checks(&m);
    let row = |name: &str| c.iter().find(|c| c.name == name).unwrap();

    let orders = row("orders (PartiQL)");
    assert!(orders.partiql && orders.error.is_none(), "{orders:?}");
    assert_eq!((orders.operation.as_str(), orders.table.as_deref(), orders.index.as_deref()), ("Query", Some("Shop"), None));
    assert_eq!(en(&orders.key_condition), r#"SELECT * FROM "Shop" WHERE PK = USER#u1 AND begins_with(SK, 'ORDER#')"#);
    assert_eq!((orders.items_read, orders.items_returned, orders.requests), (2, 2, 1), "begins_with on the sort key is part of the key condition");
    assert_eq!(orders.status, Status::Single);
    assert_eq!(orders.entities, ["Order"]);

    let pending = row("pending (PartiQL)");
    assert_eq!((pending.operation.as_str(), pending.index.as_deref(), pending.status), ("Query", Some("GSI1"), Status::Single));

    let scan = row("by email (PartiQL)");
    assert_eq!((scan.operation.as_str(), scan.status), ("Scan", Status::ScanOrMany));
    assert_eq!(scan.items_returned, 1);
    assert!(scan.items_read > 1 && scan.read_half_units > 0);
    assert!(findings(&m).iter().any(|f| f.id() == "scan-in-pattern:pattern:by email (PartiQL)"));

    let insert = row("new user (PartiQL)");
    assert_eq!((insert.operation.as_str(), insert.status, insert.write_half_units), ("PutItem", Status::Single, 2), "{insert:?}");
    // Writes run on a copy: the next check does not see the new item.
    assert_eq!(checks(&m).iter().find(|c| c.name == "new user (PartiQL)").unwrap().status, Status::Single);
}

#[test]
fn a_statement_is_kept_as_written_and_only_its_parameters_take_placeholders() {
    let statement = r#"INSERT INTO "T" VALUE {'PK': ?}"#;
    let mut req = json!({"Statement": statement, "Parameters": [{"S": "USER#{id}"}]});
    advisor::pattern::escape_statement(&mut req);
    assert_eq!(placeholders(&req), ["id"]);
    assert_eq!(advisor::pattern::unescape(req["Statement"].as_str().unwrap()), statement);
    let p = pattern(json!({"name": "p", "operation": "ExecuteStatement", "request": req, "parameters": {"id": "7"}}));
    let spec = advisor::pattern::PatternSpec::from_access_pattern(&p).unwrap();
    assert_eq!(spec.resolved_request().unwrap(), json!({"Statement": statement, "Parameters": [{"S": "USER#7"}]}));
    assert!(!spec.is_read());
}
