//! Every kind of check, passing and failing, on one small shop model: the verdict and the words that say
//! what was seen.

use engine::model::Model;
use lessons::check::Check;
use lessons::{evaluate_model, render_en, render_tr, Arg, CheckSpec, Message};
use serde_json::json;

fn shop() -> Model {
    let gsi = json!({"IndexName": "GSI1", "KeySchema": [{"AttributeName": "GSI1PK", "KeyType": "HASH"}, {"AttributeName": "GSI1SK", "KeyType": "RANGE"}],
        "Projection": {"ProjectionType": "INCLUDE", "NonKeyAttributes": ["Type", "total", "status"]}});
    let by_region = json!({"IndexName": "ByRegion", "KeySchema": [{"AttributeName": "region", "KeyType": "HASH"}], "Projection": {"ProjectionType": "KEYS_ONLY"}});
    let mut items = vec![
        json!({"PK": {"S": "USER#u1"}, "SK": {"S": "PROFILE#u1"}, "Type": {"S": "USER"}, "userId": {"S": "u1"}, "name": {"S": "Ayşe"}}),
        json!({"PK": {"S": "USER#u2"}, "SK": {"S": "PROFILE#u2"}, "Type": {"S": "USER"}, "userId": {"S": "u2"}, "name": {"S": "Can"}}),
    ];
    for (i, (user, status, day)) in [("u1", "PENDING", "01"), ("u1", "SHIPPED", "02"), ("u1", "PENDING", "03"), ("u2", "PENDING", "04")].iter().enumerate() {
        items.push(json!({"PK": {"S": format!("USER#{user}")}, "SK": {"S": format!("ORDER#o{i}")}, "Type": {"S": "ORDER"},
            "userId": {"S": user}, "orderId": {"S": format!("o{i}")}, "status": {"S": status}, "createdAt": {"S": format!("2024-01-{day}")},
            "total": {"N": "10.5"}, "region": {"S": if i % 2 == 0 { "EU" } else { "US" }}, "GSI1PK": {"S": format!("ORDER_STATUS#{status}")}, "GSI1SK": {"S": format!("2024-01-{day}#o{i}")}}));
    }
    let query = |name: &str, extra: serde_json::Value| {
        let mut r = json!({"TableName": "Shop"});
        r.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
        json!({"name": name, "operation": "Query", "request": r})
    };
    let hot = json!({"name": "Hot", "seed": 1, "duration_seconds": 10, "patterns": [{"name": "order", "table": "Shop", "op": "PutItem",
        "key": {"PK": "USER#{id}", "SK": "ORDER#{id}"}, "item": {"GSI1PK": {"S": "ORDER_STATUS#PENDING"}, "GSI1SK": {"S": "2024#{id}"}},
        "item_bytes": 200, "key_count": 100000, "rate": {"shape": "constant", "per_second": 1500}}]});
    let calm = json!({"name": "Calm", "seed": 1, "duration_seconds": 10, "patterns": [{"name": "order", "table": "Shop", "op": "PutItem",
        "key": {"PK": "USER#{id}", "SK": "ORDER#{id}"}, "item_bytes": 200, "key_count": 100000, "rate": {"shape": "constant", "per_second": 100}}]});
    Model::from_json(json!({"version": 2, "tables": [{"definition": {"TableName": "Shop",
        "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"}, {"AttributeName": "SK", "KeyType": "RANGE"}],
        "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"}, {"AttributeName": "SK", "AttributeType": "S"},
            {"AttributeName": "GSI1PK", "AttributeType": "S"}, {"AttributeName": "GSI1SK", "AttributeType": "S"}, {"AttributeName": "region", "AttributeType": "S"}],
        "GlobalSecondaryIndexes": [gsi, by_region], "BillingMode": "PAY_PER_REQUEST"},
        "timeToLive": "expiresAt",
        "entities": [
            {"name": "User", "typeValue": "USER", "keys": {"PK": "USER#{userId}", "SK": "PROFILE#{userId}"}, "attributes": [{"name": "userId", "type": "S"}, {"name": "name", "type": "S"}]},
            {"name": "Order", "typeValue": "ORDER", "keys": {"PK": "USER#{userId}", "SK": "ORDER#{orderId}", "GSI1PK": "ORDER_STATUS#{status}", "GSI1SK": "{createdAt}#{orderId}"},
             "attributes": [{"name": "userId", "type": "S"}, {"name": "orderId", "type": "S"}, {"name": "status", "type": "S"}, {"name": "createdAt", "type": "S"}, {"name": "total", "type": "N"}]}],
        "items": items}],
        "accessPatterns": [
            query("A user's orders", json!({"KeyConditionExpression": "PK = :p AND begins_with(SK, :o)", "ExpressionAttributeValues": {":p": {"S": "USER#u1"}, ":o": {"S": "ORDER#"}}})),
            query("Profile and orders", json!({"KeyConditionExpression": "PK = :p", "ExpressionAttributeValues": {":p": {"S": "USER#u1"}}})),
            query("Pending orders", json!({"IndexName": "GSI1", "KeyConditionExpression": "GSI1PK = :s", "ExpressionAttributeValues": {":s": {"S": "ORDER_STATUS#PENDING"}}})),
            query("Paged orders", json!({"IndexName": "GSI1", "KeyConditionExpression": "GSI1PK = :s", "ExpressionAttributeValues": {":s": {"S": "ORDER_STATUS#PENDING"}}, "Limit": 1})),
            query("Broken", json!({"IndexName": "Nope", "KeyConditionExpression": "GSI1PK = :s", "ExpressionAttributeValues": {":s": {"S": "x"}}})),
            {"name": "Everything", "operation": "Scan", "request": {"TableName": "Shop"}},
            {"name": "Pending by filter", "operation": "Query", "request": {"TableName": "Shop", "KeyConditionExpression": "PK = :p", "FilterExpression": "#s = :s",
                "ExpressionAttributeNames": {"#s": "status"}, "ExpressionAttributeValues": {":p": {"S": "USER#u1"}, ":s": {"S": "PENDING"}}}},
            {"name": "Ship o0", "operation": "UpdateItem", "request": {"TableName": "Shop", "Key": {"PK": {"S": "USER#u1"}, "SK": {"S": "ORDER#o0"}},
                "UpdateExpression": "SET #s = :new", "ConditionExpression": "#s = :old", "ExpressionAttributeNames": {"#s": "status"},
                "ExpressionAttributeValues": {":new": {"S": "SHIPPED"}, ":old": {"S": "PENDING"}}, "ReturnValues": "UPDATED_NEW"}},
            {"name": "Ship o1", "operation": "UpdateItem", "request": {"TableName": "Shop", "Key": {"PK": {"S": "USER#u1"}, "SK": {"S": "ORDER#o1"}},
                "UpdateExpression": "SET #s = :new", "ConditionExpression": "#s = :old", "ExpressionAttributeNames": {"#s": "status"},
                "ExpressionAttributeValues": {":new": {"S": "SHIPPED"}, ":old": {"S": "PENDING"}}}}
        ],
        "workloads": [hot, calm]}))
    .unwrap()
}

/// (check, passes, what the message says).
const CASES: &[(&str, bool, &str)] = &[
    // Access patterns: one request.
    (r#"pattern "A user's orders" is one request"#, true, "“A user's orders” is served by 1 request(s): Query on Shop."),
    (r#"pattern "Everything" is one request"#, false, "“Everything” is a Scan: it reads 6 items of the whole table to return 6."),
    (r#"pattern "Paged orders" is one request"#, true, "“Paged orders” is served by 1 request(s): Query on Shop / GSI1."),
    (r#"pattern "Broken" is one request"#, false, "“Broken” does not run: ValidationException: The table does not have the specified index: Nope"),
    (r#"pattern "Nobody" is one request"#, false, "There is no access pattern named “Nobody”."),
    (r#"pattern "A user's orders" takes at most 2 requests"#, true, "“A user's orders” is served by 1 request(s): Query on Shop."),
    // Access patterns: entity types.
    (r#"pattern "A user's orders" returns only Order"#, true, "“A user's orders” returns 3 items, all of them Order."),
    (r#"pattern "Profile and orders" returns only ORDER"#, false, "“Profile and orders” returns Order, User; only ORDER expected (it also returns User)."),
    (r#"pattern "Profile and orders" returns only Order, User"#, true, "“Profile and orders” returns 4 items, all of them Order, User."),
    (r#"pattern "Pending orders" returns only Order"#, true, "“Pending orders” returns 3 items, all of them Order."),
    // Access patterns: items read.
    (r#"pattern "Pending by filter" reads at most 2 items"#, false, "“Pending by filter” reads 4 items to return 2; at most 2 expected."),
    (r#"pattern "Pending orders" reads at most 3 items"#, true, "“Pending orders” reads 3 items to return 3 (at most 3)."),
    // Answers.
    (r#"pattern "Ship o0" answers {"Attributes": {"status": {"S": "SHIPPED"}}}"#, true, "“Ship o0” answers as expected."),
    (r#"pattern "Ship o1" answers {}"#, false, "“Ship o1” fails with ConditionalCheckFailedException: The conditional request failed; expected a successful answer."),
    (r#"pattern "Ship o1" answers {"__type": "ConditionalCheckFailedException"}"#, true, "“Ship o1” answers as expected."),
    (
        r#"request Query {"TableName": "Shop", "KeyConditionExpression": "PK = :p", "ExpressionAttributeValues": {":p": {"S": "USER#u1"}}, "ScanIndexForward": false, "ReturnConsumedCapacity": "TOTAL"} answers {"Count": 4, "Items": [{"SK": {"S": "PROFILE#u1"}}, {"SK": {"S": "ORDER#o2"}}, {"SK": {"S": "ORDER#o1"}}, {"SK": {"S": "ORDER#o0"}}], "ConsumedCapacity": {"CapacityUnits": 0.5}}"#,
        true,
        "“Query on Shop” answers as expected.",
    ),
    (
        r#"request Query {"TableName": "Shop", "KeyConditionExpression": "PK = :p", "ExpressionAttributeValues": {":p": {"S": "USER#u1"}}} answers {"Items": [{"SK": {"S": "PROFILE#u1"}}, {"SK": {"S": "ORDER#o0"}}, {"SK": {"S": "ORDER#o1"}}, {"SK": {"S": "ORDER#o2"}}]}"#,
        false,
        "“Query on Shop” answers Items[0].SK.S = \"ORDER#o0\"; expected \"PROFILE#u1\".",
    ),
    // Tables.
    ("table Shop is keyed PK:S, SK:S", true, "Shop is keyed on PK:S, SK:S."),
    ("table Shop is keyed PK", false, "Shop is keyed on PK:S, SK:S; expected PK."),
    ("table Shop is keyed PK:N, SK", false, "Shop is keyed on PK:S, SK:S; expected PK:N, SK."),
    ("table Orders is keyed PK", false, "There is no table Orders."),
    ("table Shop is billed on-demand", true, "Shop is billed on-demand."),
    ("table Shop is billed provisioned", false, "Shop is billed on-demand; expected provisioned."),
    ("table Shop expires items by expiresAt", true, "Shop expires items by expiresAt."),
    ("table Shop expires items by ttl", false, "Shop expires items by expiresAt; expected ttl."),
    // Indexes.
    ("gsi GSI1 on Shop is keyed GSI1PK:S, GSI1SK:S projecting INCLUDE status, total, Type", true, "GSI1 on Shop is keyed on GSI1PK:S, GSI1SK:S, projecting INCLUDE Type, total, status."),
    ("index GSI1 on Shop is keyed GSI1PK, GSI1SK projecting ALL", false, "GSI1 projects INCLUDE Type, total, status; expected ALL."),
    ("lsi GSI1 on Shop is keyed GSI1PK, GSI1SK", false, "GSI1 on Shop is a global secondary index; expected a local secondary index."),
    ("index ByRegion on Shop is keyed GSI1PK", false, "ByRegion is keyed on region:S (2 distinct values for 4 items); expected GSI1PK."),
    ("index GSI2 on Shop is keyed GSI2PK", false, "Shop has no index GSI2."),
    // Items of an entity.
    ("some Order item has GSI1PK", true, "4 of 4 Order items carry GSI1PK."),
    ("every ORDER item has total", true, "All 4 Order items carry total."),
    ("every User item has total", false, "2 of 2 User items lack total, such as PK=USER#u1, SK=PROFILE#u1."),
    ("no Order item where status = SHIPPED has GSI1PK", false, "1 of 1 Order items where status = SHIPPED carry GSI1PK, such as PK=USER#u1, SK=ORDER#o1."),
    ("no User item has GSI1PK", true, "None of the 2 User items carries GSI1PK."),
    ("some Order item where status = LOST has GSI1PK", false, "There is no Order item where status = LOST."),
    ("some Invoice item has total", false, "There is no entity type Invoice."),
    // Advisor findings.
    ("finding scan-in-pattern on \"pattern:Everything\" is present", true, "The advisor finds scan-in-pattern on pattern:Everything: "),
    ("finding scan-in-pattern is absent", false, "The advisor still finds scan-in-pattern on pattern:Everything: "),
    ("finding constant-gsi-key is absent", true, "The advisor finds no constant-gsi-key."),
    ("finding constant-gsi-key on Shop/GSI1 is present", false, "The advisor finds no constant-gsi-key on Shop/GSI1."),
    // Workloads.
    (r#"workload "Calm" has no throttles"#, true, "“Calm”: all 1,000 requests served, none throttled."),
    (r#"workload "Hot" has no throttles"#, false, "“Hot”: 5,000 of 15,000 requests throttled, most on Shop · GSI1 (GSI back-pressure)."),
    (r#"workload "Calm" keeps every partition under 50%"#, true, "“Calm”: the hottest partition, "),
    (r#"workload "Hot" keeps every partition under 100%"#, false, "reaches 100 % of its ceiling at second 0; under 100 % expected."),
    (r#"workload "Calm" costs under $200 a month"#, true, "“Calm” costs $164.25 a month as billed (under $200.00)."),
    (r#"workload "Calm" costs under $100 a month on-demand"#, false, "“Calm” costs $164.25 a month on-demand; under $100.00 expected."),
    (r#"workload "Calm" costs under $100 a month provisioned"#, true, "“Calm” costs $47.45 a month provisioned (under $100.00)."),
    (r#"workload "Storm" has no throttles"#, false, "There is no workload named “Storm”."),
];

/// A message's key and the keys of the messages inside it.
fn every_key(m: &Message) -> Vec<&'static str> {
    let mut keys = vec![m.key];
    for (_, a) in &m.args {
        if let Arg::Message(inner) = a {
            keys.extend(every_key(inner));
        }
    }
    keys
}

#[test]
fn every_check_kind_passes_and_fails_saying_what_it_saw() {
    let model = shop();
    let specs: Vec<CheckSpec> = CASES
        .iter()
        .enumerate()
        .map(|(i, (text, _, _))| CheckSpec { id: format!("c{i}"), kept: false, check: Check::parse(text).unwrap_or_else(|e| panic!("{text}: {}", render_en(&e))) })
        .collect();
    let results = evaluate_model(&specs, &model, 0);
    let mut wrong = Vec::new();
    for ((text, pass, says), r) in CASES.iter().zip(&results) {
        let shown = render_en(&r.message);
        if r.passed != *pass || !shown.contains(says) {
            wrong.push(format!("{text}\n   passed {} (expected {pass}): {shown}\n   expected: {says}", r.passed));
        }
        assert!(!shown.contains('{'), "every argument filled: {shown}");
        assert!(lessons::message::en_template(r.message.key).is_some(), "{}", r.message.key);
        // The same verdict in Turkish: every key, nested parts too, has its Turkish text.
        let turkish = render_tr(&r.message);
        assert!(every_key(&r.message).iter().all(|k| lessons::message::tr_template(k).is_some()), "{:?}", r.message);
        assert!(!turkish.contains('{') && turkish != shown, "{text}: in Turkish: {turkish}");
    }
    assert!(wrong.is_empty(), "\n{}", wrong.join("\n"));
    // Both verdicts of every kind are covered.
    let kind = |t: &'static str| -> &'static str { match t.split_whitespace().next().unwrap() {
        "gsi" | "lsi" => "index",
        "every" | "no" => "some",
        k => k,
    } };
    for k in ["pattern", "request", "table", "index", "some", "finding", "workload"] {
        for pass in [true, false] {
            assert!(CASES.iter().any(|(t, p, _)| *p == pass && kind(t) == k), "{k} {pass}");
        }
    }
}

#[test]
fn a_model_that_does_not_load_fails_every_check_saying_why() {
    let mut m = shop();
    m.tables[0].items.push(json!({"PK": {"S": "USER#u3"}}));
    let spec = CheckSpec { id: "x".into(), kept: false, check: Check::parse("table Shop is keyed PK, SK").unwrap() };
    let r = evaluate_model(&[spec], &m, 0);
    assert!(!r[0].passed);
    assert_eq!(
        render_en(&r[0].message),
        "The model does not load, so nothing can be checked: tables[0].items[6] (Shop): ValidationException: One or more parameter values were invalid: Missing the key SK in the item"
    );
    // In Turkish DynamoDB's own message stays as DynamoDB writes it, with the explanation around it.
    assert_eq!(
        render_tr(&r[0].message),
        "Model yüklenemiyor, bu yüzden hiçbir şey kontrol edilemiyor: tables[0].items[6] (Shop): ValidationException: One or more parameter values were invalid: Missing the key SK in the item"
    );
}

#[test]
fn checks_change_nothing() {
    let model = shop();
    let mut db = engine::db::Database::new(engine::db::DatabaseConfig::default());
    model.load_into(&mut db, 0).unwrap();
    let before = db.execute("Scan", &json!({"TableName": "Shop"}), 0).unwrap();
    let specs: Vec<CheckSpec> =
        CASES.iter().map(|(t, _, _)| CheckSpec { id: "c".into(), kept: false, check: Check::parse(t).unwrap() }).collect();
    lessons::evaluate(&specs, &model, &db, 0);
    assert_eq!(db.execute("Scan", &json!({"TableName": "Shop"}), 0).unwrap(), before, "writes ran on copies");
}
