//! "Open in builder": a stored Query pattern rewritten in the Query builder's `#pk = :pk [AND …]` form
//! means the same request — every Query pattern of every template returns the same items both ways.

use crate::common;

use advisor::builder_form::{to_builder_form, to_builder_form_keys};
use common::{db, NOW};
use engine::model::schema::index_key_schema;
use formats::gallery::TEMPLATES;
use serde_json::{json, Value};

fn keys_of(definition: &Value, index: Option<&str>) -> (Vec<String>, Vec<String>) {
    let schema = match index {
        None => definition.get("KeySchema"),
        Some(i) => ["GlobalSecondaryIndexes", "LocalSecondaryIndexes"]
            .iter()
            .filter_map(|f| definition.get(*f).and_then(Value::as_array))
            .flatten()
            .find(|x| x["IndexName"] == i)
            .and_then(|x| x.get("KeySchema")),
    };
    let parts = index_key_schema(schema);
    let names = |sort: bool| parts.iter().filter(|(_, s)| *s == sort).map(|(n, _)| n.to_string()).collect();
    (names(false), names(true))
}

#[test]
fn every_template_query_means_the_same_in_the_builders_form() {
    let mut n = 0;
    for t in &TEMPLATES {
        let m = t.model().unwrap();
        let mut d = db(&m);
        for p in m.access_patterns.iter().filter(|p| p.operation.as_deref() == Some("Query")) {
            let request = p.request.clone().unwrap();
            let table = m.tables.iter().find(|x| x.definition["TableName"] == request["TableName"]).unwrap();
            let (pk, sk) = keys_of(&table.definition, request.get("IndexName").and_then(Value::as_str));
            let (pk, sk): (Vec<&str>, Vec<&str>) = (pk.iter().map(String::as_str).collect(), sk.iter().map(String::as_str).collect());
            let rewritten = to_builder_form_keys(&request, &pk, &sk).unwrap_or_else(|| panic!("{}/{}: {request}", t.slug, p.name));
            let kc = rewritten["KeyConditionExpression"].as_str().unwrap();
            assert!(kc.starts_with("#pk = :pk"), "{kc}");
            let a = d.execute("Query", &request, NOW).unwrap();
            let b = d.execute("Query", &rewritten, NOW).unwrap();
            assert_eq!(a["Items"], b["Items"], "{}/{}", t.slug, p.name);
            assert_eq!(a.get("LastEvaluatedKey"), b.get("LastEvaluatedKey"), "{}/{}", t.slug, p.name);
            n += 1;
        }
    }
    assert!(n >= 35, "{n}");
}

#[test]
fn placeholders_filter_names_and_other_parameters_are_kept() {
    let request = json!({
        "TableName": "Shop",
        "KeyConditionExpression": "PK = :u AND begins_with(#s, :o)",
        "FilterExpression": "#t = :t",
        "ProjectionExpression": "#s, #t",
        "ExpressionAttributeNames": {"#s": "SK", "#t": "Type"},
        "ExpressionAttributeValues": {":u": {"S": "USER#{userId}"}, ":o": {"S": "ORDER#"}, ":t": {"S": "{type}"}},
        "ScanIndexForward": false,
        "Limit": 5,
        "ReturnConsumedCapacity": "TOTAL"
    });
    let r = to_builder_form(&request, "PK", Some("SK")).unwrap();
    assert_eq!(
        r,
        json!({
            "TableName": "Shop",
            "KeyConditionExpression": "#pk = :pk AND begins_with(#sk, :sk)",
            "FilterExpression": "#t = :t",
            "ProjectionExpression": "#s, #t",
            // #s is also the projection's, so it stays; :u and :o were the key condition's alone.
            "ExpressionAttributeNames": {"#s": "SK", "#t": "Type", "#pk": "PK", "#sk": "SK"},
            "ExpressionAttributeValues": {":t": {"S": "{type}"}, ":pk": {"S": "USER#{userId}"}, ":sk": {"S": "ORDER#"}},
            "ScanIndexForward": false,
            "Limit": 5
        })
    );
    let between = json!({
        "TableName": "T", "KeyConditionExpression": "(PK = :p) AND SK between :a and :b",
        "ExpressionAttributeValues": {":p": {"N": "7"}, ":a": {"S": "a"}, ":b": {"S": "m"}}
    });
    let r = to_builder_form(&between, "PK", Some("SK")).unwrap();
    assert_eq!(r["KeyConditionExpression"], "#pk = :pk AND #sk BETWEEN :sk AND :sk2");
    assert_eq!(r["ExpressionAttributeValues"], json!({":pk": {"N": "7"}, ":sk": {"S": "a"}, ":sk2": {"S": "m"}}));
}

#[test]
fn what_the_builder_cannot_take_is_none() {
    let q = |kc: &str, extra: Value| {
        let mut r = json!({"TableName": "T", "KeyConditionExpression": kc, "ExpressionAttributeValues": {":p": {"S": "a"}}});
        for (k, v) in extra.as_object().unwrap() {
            r[k] = v.clone();
        }
        to_builder_form(&r, "PK", Some("SK"))
    };
    // Not a key condition on this schema, not an expression, no key condition at all.
    assert_eq!(q("Other = :p", json!({})), None);
    assert_eq!(q("PK = ", json!({})), None);
    assert_eq!(to_builder_form(&json!({"TableName": "T"}), "PK", None), None);
    assert_eq!(to_builder_form(&json!("x"), "PK", None), None);
    // The filter already uses one of the builder's own placeholders.
    assert_eq!(q("PK = :p", json!({"FilterExpression": "a = :pk", "ExpressionAttributeValues": {":p": {"S": "a"}, ":pk": {"S": "b"}}})), None);
    // A value the engine does not read (here a number that is a placeholder).
    assert_eq!(q("PK = :p", json!({"ExpressionAttributeValues": {":p": {"N": "{n}"}}})), None);
}

#[test]
fn a_multi_attribute_key_is_written_with_one_placeholder_per_attribute() {
    let request = json!({
        "TableName": "TeamTasks", "IndexName": "ByAssigneeStatus",
        "KeyConditionExpression": "dueDate BETWEEN :a AND :b AND assignee = :who AND #s = :s AND tenantId = :t",
        "ExpressionAttributeNames": {"#s": "status"},
        "ExpressionAttributeValues": {":t": {"S": "acme"}, ":who": {"S": "ana"}, ":s": {"S": "OPEN"}, ":a": {"S": "2026-01-01"}, ":b": {"S": "2026-03-01"}}
    });
    let r = to_builder_form_keys(&request, &["tenantId", "assignee"], &["status", "dueDate"]).unwrap();
    assert_eq!(r["KeyConditionExpression"], "#pk = :pk AND #pk2 = :pk2 AND #sk1 = :sk1 AND #sk2 BETWEEN :sk2 AND :upper");
    assert_eq!(r["ExpressionAttributeNames"], json!({"#pk": "tenantId", "#pk2": "assignee", "#sk1": "status", "#sk2": "dueDate"}));
    assert_eq!(r["ExpressionAttributeValues"][":upper"], json!({"S": "2026-03-01"}));
    // A gap is not a key condition the engine reads, so there is no builder form for it.
    let gap = json!({"TableName": "TeamTasks", "KeyConditionExpression": "tenantId = :t AND assignee = :a AND dueDate = :d",
        "ExpressionAttributeValues": {":t": {"S": "acme"}, ":a": {"S": "ana"}, ":d": {"S": "x"}}});
    assert_eq!(to_builder_form_keys(&gap, &["tenantId", "assignee"], &["status", "dueDate"]), None);
}
