//! Each rule: a model that triggers it (with the finding's target and fix checked) and the nearest
//! model that does not.

use crate::common;

use advisor::{heat::HotKey, Heat, RuleId, Severity, Target};
use common::*;
use serde_json::{json, Value};

fn shop(items: Vec<Value>, patterns: Value, extra: Value) -> engine::model::Model {
    model(json!({"version": 2, "tables": [{"definition": table("Shop", &[], extra), "items": items}], "accessPatterns": patterns}))
}

fn users(n: usize) -> Vec<Value> {
    (0..n).map(|i| item(&[("PK", &format!("USER#{i}")), ("SK", "PROFILE"), ("Type", "USER"), ("status", if i % 4 == 0 { "ACTIVE" } else { "GONE" })])).collect()
}

#[test]
fn scan_in_a_pattern() {
    let scan = json!([{"name": "Active users", "operation": "Scan", "request": {"TableName": "Shop", "FilterExpression": "#s = :a", "ExpressionAttributeNames": {"#s": "status"}, "ExpressionAttributeValues": {":a": {"S": "ACTIVE"}}}}]);
    let f = of(&shop(users(8), scan, json!({})), RuleId::ScanInPattern);
    assert_eq!(f.len(), 1);
    assert_eq!(f[0].target, Target::Pattern { name: "Active users".into() });
    assert_eq!(f[0].severity, Severity::Problem);
    assert!(f[0].explanation.en().contains("read 8 items to return 2"), "{}", f[0].explanation);
    assert!(f[0].fix.en().contains("status") && f[0].fix.en().contains("GSI"), "{}", f[0].fix);
    let query = json!([{"name": "A user", "operation": "Query", "request": {"TableName": "Shop", "KeyConditionExpression": "PK = :p", "ExpressionAttributeValues": {":p": {"S": "USER#1"}}}}]);
    assert!(of(&shop(users(8), query, json!({})), RuleId::ScanInPattern).is_empty());
}

#[test]
fn a_filter_that_discards_most_of_what_it_reads() {
    let mut items = vec![];
    for i in 0..9 {
        items.push(item(&[("PK", "USER#1"), ("SK", &format!("ORDER#{i}")), ("Type", "ORDER"), ("status", if i == 0 { "PENDING" } else { "SHIPPED" })]));
    }
    let p = |status: &str| json!([{"name": "Pending orders of a user", "operation": "Query", "request": {"TableName": "Shop", "KeyConditionExpression": "PK = :p", "FilterExpression": "#s = :s", "ExpressionAttributeNames": {"#s": "status"}, "ExpressionAttributeValues": {":p": {"S": "USER#1"}, ":s": {"S": status}}}}]);
    let f = of(&shop(items.clone(), p("PENDING"), json!({})), RuleId::FilterRatio);
    assert_eq!(f.len(), 1, "{f:?}");
    assert_eq!(f[0].title.en(), "“Pending orders of a user” reads 9 items to return 1");
    assert!(f[0].fix.en().contains("Move status into the key") && f[0].fix.en().contains("SK"), "{}", f[0].fix);
    // 8 of 9 kept: the filter discards little.
    assert!(of(&shop(items, p("SHIPPED"), json!({})), RuleId::FilterRatio).is_empty());
}

#[test]
fn a_low_cardinality_partition_key_from_the_data() {
    let d = json!({"GlobalSecondaryIndexes": [gsi("ByStatus", "status", None, json!({"ProjectionType": "KEYS_ONLY"}))]});
    let defs = [("status", "S")];
    let m = |n: usize| model(json!({"version": 2, "tables": [{"definition": table("Shop", &defs, d.clone()), "items": users(n)}]}));
    let f = of(&m(40), RuleId::LowCardinalityKey);
    assert_eq!(f.len(), 1, "{f:?}");
    assert_eq!(f[0].target, Target::Index { table: "Shop".into(), index: "ByStatus".into() });
    assert!(f[0].title.en().contains("status has 2 values for 40 items"), "{}", f[0].title);
    assert!(f[0].fix.en().contains("shard"), "{}", f[0].fix);
    // Too few items to judge.
    assert!(of(&m(10), RuleId::LowCardinalityKey).is_empty());
}

#[test]
fn a_low_cardinality_partition_key_from_the_simulators_heat() {
    let m = shop(users(3), json!([]), json!({}));
    let hot = Heat { seconds: 60, keys: vec![HotKey { table: "Shop".into(), index: None, key: "USER#1".into(), accessed_half_units: 600_000, throttled_requests: 120 }] };
    let f: Vec<_> = findings_with(&m, Some(&hot)).into_iter().filter(|f| f.rule == RuleId::LowCardinalityKey).collect();
    assert_eq!(f.len(), 1);
    assert!(f[0].title.en().contains("throttled 120 requests on key USER#1"));
    assert!(f[0].explanation.en().contains("5000 units a second"), "{}", f[0].explanation);
    let cool = Heat { seconds: 60, keys: vec![HotKey { throttled_requests: 0, ..hot.keys[0].clone() }] };
    assert!(findings_with(&m, Some(&cool)).iter().all(|f| f.rule != RuleId::LowCardinalityKey));
}

#[test]
fn a_constant_gsi_partition_key() {
    let d = json!({"GlobalSecondaryIndexes": [gsi("Latest", "GSI2PK", Some("GSI2SK"), json!({"ProjectionType": "KEYS_ONLY"}))]});
    let defs = [("GSI2PK", "S"), ("GSI2SK", "S")];
    let ents = |tpl: &str| json!([{"name": "Post", "typeValue": "POST", "keys": {"PK": "USER#{userId}", "SK": "POST#{postId}", "GSI2PK": tpl, "GSI2SK": "{createdAt}"},
        "attributes": [{"name": "userId", "type": "S"}, {"name": "postId", "type": "S"}, {"name": "createdAt", "type": "S"}, {"name": "day", "type": "S"}]}]);
    let items: Vec<Value> = (0..3).map(|i| item(&[("PK", "USER#u"), ("SK", &format!("POST#{i}")), ("Type", "POST"), ("userId", "u"), ("postId", &i.to_string()), ("createdAt", &format!("2024-01-0{}", i + 1)), ("day", "2024-01-01"), ("GSI2PK", "ALL_POSTS"), ("GSI2SK", &format!("2024-01-0{}", i + 1))])).collect();
    let m = model(json!({"version": 2, "tables": [{"definition": table("Posts", &defs, d.clone()), "entities": ents("ALL_POSTS"), "items": items}]}));
    let f = of(&m, RuleId::ConstantGsiKey);
    assert_eq!(f.len(), 1);
    assert_eq!(f[0].id(), "constant-gsi-key:Posts/Latest");
    assert!(f[0].fix.en().contains("ALL_POSTS#<yyyy-mm-dd>"), "{}", f[0].fix);
    // A bucketed key: the data is all one day, but the template says the key varies.
    let items: Vec<Value> = (0..3).map(|i| item(&[("PK", "USER#u"), ("SK", &format!("POST#{i}")), ("Type", "POST"), ("userId", "u"), ("postId", &i.to_string()), ("createdAt", "2024-01-01"), ("day", "2024-01-01"), ("GSI2PK", "ALL_POSTS#2024-01-01"), ("GSI2SK", "2024-01-01")])).collect();
    let m = model(json!({"version": 2, "tables": [{"definition": table("Posts", &defs, d), "entities": ents("ALL_POSTS#{day}"), "items": items}]}));
    assert!(of(&m, RuleId::ConstantGsiKey).is_empty());
}

#[test]
fn a_constant_gsi_key_without_entities_is_seen_in_the_data() {
    let d = json!({"GlobalSecondaryIndexes": [gsi("All", "G", None, json!({"ProjectionType": "KEYS_ONLY"}))]});
    let m = |g: &dyn Fn(usize) -> String| {
        let items: Vec<Value> = (0..4).map(|i| item(&[("PK", &format!("X#{i}")), ("SK", "A"), ("G", &g(i))])).collect();
        model(json!({"version": 2, "tables": [{"definition": table("Things", &[("G", "S")], d.clone()), "items": items}]}))
    };
    assert_eq!(of(&m(&|_| "EVERYTHING".into()), RuleId::ConstantGsiKey).len(), 1);
    assert!(of(&m(&|i| format!("G#{i}")), RuleId::ConstantGsiKey).is_empty());
}

#[test]
fn an_lsi_item_collection_heading_for_10_gb() {
    let d = json!({"LocalSecondaryIndexes": [{"IndexName": "ByDate", "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"}, {"AttributeName": "date", "KeyType": "RANGE"}], "Projection": {"ProjectionType": "ALL"}}]});
    let body = "x".repeat(1000);
    let m = |rate: u64| {
        model(json!({"version": 2, "tables": [{"definition": table("Events", &[("date", "S")], d.clone()),
            "items": [item(&[("PK", "DEVICE#d1"), ("SK", "E#1"), ("date", "2024-01-01"), ("body", &body)])]}],
            "accessPatterns": [{"name": "Record an event", "operation": "PutItem", "ratePerSecond": rate, "parameters": {"id": "2"},
                "request": {"TableName": "Events", "Item": {"PK": {"S": "DEVICE#d1"}, "SK": {"S": "E#{id}"}, "date": {"S": "2024-01-02"}, "body": {"S": body}}}}]}))
    };
    // ~2 KB per event (item + ALL-projected LSI entry) at 100/s is ~17 GB a day.
    let f = of(&m(100), RuleId::LsiCollectionSize);
    assert_eq!(f.len(), 1, "{f:?}");
    assert_eq!(f[0].target, Target::Item { table: "Events".into(), key: "PK=DEVICE#d1".into() });
    assert!(f[0].explanation.en().contains("reaches 10 GB in 1 days"), "{}", f[0].explanation);
    assert!(f[0].fix.en().contains("GSI instead of ByDate"), "{}", f[0].fix);
    // One event a minute... stated as 0/s: no growth, a tiny collection.
    assert!(of(&m(0), RuleId::LsiCollectionSize).is_empty());
}

#[test]
fn an_item_near_400_kb() {
    let m = |kb: usize| shop(vec![item(&[("PK", "DOC#1"), ("SK", "BODY"), ("Type", "DOC"), ("body", &"x".repeat(kb * 1024))])], json!([]), json!({}));
    let f = of(&m(350), RuleId::ItemSize);
    assert_eq!(f.len(), 1);
    assert_eq!(f[0].target, Target::Item { table: "Shop".into(), key: "PK=DOC#1, SK=BODY".into() });
    assert!(f[0].fix.en().contains("S3"));
    assert!(of(&m(100), RuleId::ItemSize).is_empty());
}

#[test]
fn a_list_that_grows_without_bound() {
    let m = |sk: &str| {
        shop(
            vec![json!({"PK": {"S": "POST#1"}, "SK": {"S": sk}, "Type": {"S": "POST"}, "comments": {"L": []}})],
            json!([{"name": "Add a comment", "operation": "UpdateItem", "request": {"TableName": "Shop", "Key": {"PK": {"S": "POST#1"}, "SK": {"S": sk}},
                "UpdateExpression": "SET comments = list_append(comments, :c)", "ExpressionAttributeValues": {":c": {"L": [{"S": "nice post"}]}}}}]),
            json!({}),
        )
    };
    let f = of(&m("POST"), RuleId::ItemSize);
    assert_eq!(f.len(), 1, "{f:?}");
    assert_eq!(f[0].target, Target::Pattern { name: "Add a comment".into() });
    assert!(f[0].title.en().contains("grows without bound"));
    assert!(f[0].fix.en().contains("its own item"));
    // A list in an hourly bucket, with no stated rate, is bounded by the bucket.
    assert!(of(&m("HOUR#2024-03-01T12"), RuleId::ItemSize).is_empty());
}

#[test]
fn a_list_that_outgrows_its_time_bucket_at_the_stated_rate() {
    let m = |rate: u64| {
        let mut m = shop(
            vec![json!({"PK": {"S": "DEVICE#1"}, "SK": {"S": "HOUR#2024-03-01T12"}, "Type": {"S": "BUCKET"}, "r": {"L": []}})],
            json!([{"name": "Append a reading", "operation": "UpdateItem", "ratePerSecond": rate, "request": {"TableName": "Shop", "Key": {"PK": {"S": "DEVICE#1"}, "SK": {"S": "HOUR#2024-03-01T12"}},
                "UpdateExpression": "SET r = list_append(r, :v)", "ExpressionAttributeValues": {":v": {"L": [{"N": "21.5"}]}}}}]),
            json!({}),
        );
        m.name = "bucket".into();
        m
    };
    // ~5 bytes an append, 3600 s: 1/s fits, 100/s does not.
    assert!(of(&m(1), RuleId::ItemSize).is_empty());
    let f = of(&m(100), RuleId::ItemSize);
    assert_eq!(f.len(), 1);
    assert!(f[0].title.en().contains("outgrows its time bucket"), "{}", f[0].title);
}

#[test]
fn a_gsi_projecting_all_for_patterns_that_read_a_few_attributes() {
    let defs = [("GSI1PK", "S")];
    let mk = |projection: Value, projection_expr: Option<&str>| {
        let d = json!({"GlobalSecondaryIndexes": [gsi("GSI1", "GSI1PK", None, projection)]});
        let items: Vec<Value> = (0..3).map(|i| item(&[("PK", &format!("ORDER#{i}")), ("SK", "A"), ("Type", "ORDER"), ("GSI1PK", "CUSTOMER#c1"), ("total", "9"), ("address", "x"), ("notes", "y"), ("lines", "z"), ("gift", "n")])).collect();
        let mut req = json!({"TableName": "Shop", "IndexName": "GSI1", "KeyConditionExpression": "GSI1PK = :c", "ExpressionAttributeValues": {":c": {"S": "CUSTOMER#c1"}}});
        if let Some(p) = projection_expr {
            req["ProjectionExpression"] = json!(p);
        }
        model(json!({"version": 2, "tables": [{"definition": table("Shop", &defs, d), "items": items}], "accessPatterns": [{"name": "A customer's order totals", "operation": "Query", "request": req}]}))
    };
    let f = of(&mk(json!({"ProjectionType": "ALL"}), Some("PK, total")), RuleId::Projection);
    assert_eq!(f.len(), 1, "{f:?}");
    assert_eq!(f[0].target, Target::Index { table: "Shop".into(), index: "GSI1".into() });
    assert_eq!(f[0].fix.en(), "Set GSI1's projection to INCLUDE with NonKeyAttributes [total].");
    // A pattern that needs whole items justifies ALL.
    assert!(of(&mk(json!({"ProjectionType": "ALL"}), None), RuleId::Projection).is_empty());
    // Too little projected: the pattern must go back to the table.
    let f = of(&mk(json!({"ProjectionType": "INCLUDE", "NonKeyAttributes": ["Type"]}), Some("PK, total, address")), RuleId::Projection);
    assert_eq!(f.len(), 1, "{f:?}");
    assert_eq!(f[0].target, Target::Pattern { name: "A customer's order totals".into() });
    assert!(f[0].explanation.en().contains("read the table again"), "{}", f[0].explanation);
    assert_eq!(f[0].fix.en(), "Project them: set GSI1's projection to INCLUDE with NonKeyAttributes [Type, total, address].");
    assert!(of(&mk(json!({"ProjectionType": "INCLUDE", "NonKeyAttributes": ["total", "address"]}), Some("PK, total, address")), RuleId::Projection).is_empty());
}

#[test]
fn tables_joined_like_a_relational_schema() {
    let simple = |name: &str, key: &str| {
        json!({"TableName": name, "KeySchema": [{"AttributeName": key, "KeyType": "HASH"}], "AttributeDefinitions": [{"AttributeName": key, "AttributeType": "S"}], "BillingMode": "PAY_PER_REQUEST"})
    };
    let users = json!({"definition": simple("Users", "userId"), "items": [item(&[("userId", "u1")]), item(&[("userId", "u2")])]});
    let orders = |refs: [&str; 3]| json!({"definition": simple("Orders", "orderId"), "items": refs.iter().enumerate().map(|(i, u)| item(&[("orderId", &format!("o{i}")), ("userId", u)])).collect::<Vec<_>>()});
    let m = model(json!({"version": 2, "tables": [users.clone(), orders(["u1", "u1", "u2"])]}));
    let f = of(&m, RuleId::RelationalTables);
    assert_eq!(f.len(), 1);
    assert_eq!(f[0].target, Target::Model);
    assert!(f[0].explanation.en().contains("Orders.userId holds Users's userId"), "{}", f[0].explanation);
    assert!(f[0].fix.en().contains("one table"));
    // Two unrelated tables.
    let m = model(json!({"version": 2, "tables": [users, orders(["x1", "x2", "x3"])]}));
    assert!(of(&m, RuleId::RelationalTables).is_empty());
}

#[test]
fn a_transaction_of_one_item() {
    let m = |n: usize| {
        let actions: Vec<Value> = (0..n).map(|i| json!({"Update": {"TableName": "Shop", "Key": {"PK": {"S": format!("ACCT#{i}")}, "SK": {"S": "A"}}, "UpdateExpression": "SET b = :b", "ConditionExpression": "attribute_exists(PK)", "ExpressionAttributeValues": {":b": {"N": "1"}}}})).collect();
        shop(
            (0..2).map(|i| item(&[("PK", &format!("ACCT#{i}")), ("SK", "A"), ("Type", "ACCOUNT")])).collect(),
            json!([{"name": "Set a balance", "operation": "TransactWriteItems", "request": {"TransactItems": actions}}]),
            json!({}),
        )
    };
    let f = of(&m(1), RuleId::NeedlessTransaction);
    assert_eq!(f.len(), 1);
    assert!(f[0].fix.en().contains("UpdateItem with the same ConditionExpression"), "{}", f[0].fix);
    assert!(of(&m(2), RuleId::NeedlessTransaction).is_empty());
}

#[test]
fn a_single_table_design_without_a_type_attribute() {
    let ents = json!([{"name": "User", "typeValue": "USER", "keys": {"PK": "USER#{id}", "SK": "PROFILE"}, "attributes": [{"name": "id", "type": "S"}]},
                     {"name": "Order", "typeValue": "ORDER", "keys": {"PK": "USER#{id}", "SK": "ORDER#{o}"}, "attributes": [{"name": "id", "type": "S"}, {"name": "o", "type": "S"}]}]);
    let m = |typed: bool| {
        let mut order = item(&[("PK", "USER#1"), ("SK", "ORDER#1"), ("id", "1"), ("o", "1")]);
        if typed {
            order["Type"] = json!({"S": "ORDER"});
        }
        model(json!({"version": 2, "tables": [{"definition": table("Shop", &[], json!({})), "entities": ents.clone(),
            "items": [item(&[("PK", "USER#1"), ("SK", "PROFILE"), ("Type", "USER"), ("id", "1")]), order]}]}))
    };
    let f = of(&m(false), RuleId::MissingTypeAttribute);
    assert_eq!(f.len(), 1);
    assert!(f[0].title.en().contains("1 of 2 items"), "{}", f[0].title);
    assert!(f[0].fix.en().contains("Type = ORDER"));
    assert!(of(&m(true), RuleId::MissingTypeAttribute).is_empty());
    // No entities declared: the key prefixes tell.
    let raw = |typed: bool| {
        let mut a = item(&[("PK", "USER#1"), ("SK", "A")]);
        let mut b = item(&[("PK", "ORDER#1"), ("SK", "A")]);
        if typed {
            a["Type"] = json!({"S": "USER"});
            b["Type"] = json!({"S": "ORDER"});
        }
        model(json!({"version": 2, "tables": [{"definition": table("Shop", &[], json!({})), "items": [a, b]}]}))
    };
    assert_eq!(of(&raw(false), RuleId::MissingTypeAttribute).len(), 1);
    assert!(of(&raw(true), RuleId::MissingTypeAttribute).is_empty());
}

#[test]
fn numbers_stored_as_strings_in_a_sort_key() {
    let m = |sks: &[&str]| shop(sks.iter().map(|s| item(&[("PK", "BOARD#1"), ("SK", s), ("Type", "SCORE")])).collect(), json!([]), json!({}));
    let f = of(&m(&["SCORE#9", "SCORE#10", "SCORE#100"]), RuleId::NumbersAsStrings);
    assert_eq!(f.len(), 1, "{f:?}");
    assert_eq!(f[0].title.en(), "SK sorts numbers as text: SCORE#100 before SCORE#9");
    assert_eq!(f[0].fix.en(), "Zero-pad the number to a fixed width (SCORE#009, not SCORE#9) in the key template, so text order is number order.");
    assert!(of(&m(&["SCORE#009", "SCORE#010", "SCORE#100"]), RuleId::NumbersAsStrings).is_empty());
    assert!(of(&m(&["2024-01-09", "2024-01-10"]), RuleId::NumbersAsStrings).is_empty());
}

#[test]
fn hot_writes_on_a_time_ordered_key() {
    let m = |pks: &[&str]| shop(pks.iter().enumerate().map(|(i, p)| item(&[("PK", p), ("SK", &format!("E#{i}")), ("Type", "EVENT")])).collect(), json!([]), json!({}));
    let f = of(&m(&["DAY#2024-03-01", "DAY#2024-03-02", "DAY#2024-03-02"]), RuleId::HotTimeKey);
    assert_eq!(f.len(), 1, "{f:?}");
    assert_eq!(f[0].target, Target::Table { table: "Shop".into() });
    assert!(f[0].fix.en().contains("PK = DAY#<entityId>#<yyyy-mm>"), "{}", f[0].fix);
    // The time-series pattern: the sensor leads, the month follows.
    assert!(of(&m(&["SENSOR#s1#2024-02", "SENSOR#s2#2024-02", "SENSOR#s1#2024-03"]), RuleId::HotTimeKey).is_empty());
}

#[test]
fn hot_writes_on_a_time_ordered_key_from_the_simulators_heat() {
    let m = shop(users(3), json!([]), json!({}));
    let heat = |key: &str, throttled: u64| Heat { seconds: 20, keys: vec![HotKey { table: "Shop".into(), index: None, key: key.into(), accessed_half_units: 40_000, throttled_requests: throttled }] };
    let rules = |h: &Heat| findings_with(&m, Some(h)).into_iter().filter(|f| matches!(f.rule, RuleId::HotTimeKey | RuleId::LowCardinalityKey)).collect::<Vec<_>>();
    let f = rules(&heat("DAY#2024-03-02", 500));
    assert_eq!(f.len(), 1, "{f:?}");
    assert_eq!(f[0].rule, RuleId::HotTimeKey, "a point in time is not the low-cardinality rule's");
    assert_eq!(f[0].title.en(), "The simulator throttled 500 requests on the current period's key DAY#2024-03-02");
    assert!(f[0].fix.en().contains("DAY#<entityId>#<period>"), "{}", f[0].fix);
    // Not throttled: nothing; a throttled key with no time in it: the low-cardinality rule.
    assert!(rules(&heat("DAY#2024-03-02", 0)).is_empty());
    assert_eq!(rules(&heat("STATUS#OPEN", 500)).iter().map(|f| f.rule).collect::<Vec<_>>(), [RuleId::LowCardinalityKey]);
}

#[test]
fn dismissing_a_finding_is_saved_in_the_model_and_survives_a_round_trip() {
    let mut m = shop(users(2), json!([{"name": "All", "operation": "Scan", "request": {"TableName": "Shop"}}]), json!({}));
    let f = &of(&m, RuleId::ScanInPattern)[0];
    assert!(f.dismissal(&m.dismissed_findings).is_none());
    advisor::dismiss(&mut m.dismissed_findings, &f.id(), "an admin export, run once a night");
    let back = engine::model::Model::from_json_str(&m.to_json_string_pretty()).unwrap();
    assert_eq!(back, m);
    assert_eq!(f.dismissal(&back.dismissed_findings).unwrap().reason, "an admin export, run once a night");
    assert_eq!(back.to_json()["dismissedFindings"], json!([{"finding": "scan-in-pattern:pattern:All", "reason": "an admin export, run once a night"}]));
    let mut m = back;
    advisor::restore(&mut m.dismissed_findings, &f.id());
    assert!(f.dismissal(&m.dismissed_findings).is_none());
    assert!(m.to_json().get("dismissedFindings").is_none(), "an empty list is not written");
    // A bad entry names its path.
    let e = engine::model::Model::from_json_str(r#"{"version":2,"tables":[],"dismissedFindings":[{"finding":"x","why":"y"}]}"#).unwrap_err();
    assert_eq!(e.to_string(), "dismissedFindings[0].why: unknown field (expected one of: finding, reason)");
}

#[test]
fn a_pattern_the_design_cannot_serve() {
    let mut m = formats::gallery::Template::by_slug("ecommerce").unwrap().model().unwrap();
    assert!(of(&m, RuleId::PatternFails).is_empty());
    // Take GSI1 off the table: the orders-by-status pattern no longer runs.
    let d = &mut m.tables[0].definition;
    d.as_object_mut().unwrap().remove("GlobalSecondaryIndexes");
    d["AttributeDefinitions"] = json!([{"AttributeName": "PK", "AttributeType": "S"}, {"AttributeName": "SK", "AttributeType": "S"}]);
    for e in &mut m.tables[0].entities {
        e.keys.retain(|k, _| !k.starts_with("GSI1"));
    }
    let f = of(&m, RuleId::PatternFails);
    assert_eq!(f.len(), 2, "both GSI1 patterns: {f:?}");
    let p = f.iter().find(|f| f.target == Target::Pattern { name: "Pending orders, oldest first".into() }).unwrap();
    assert!(p.explanation.en().contains("The table does not have the specified index: GSI1"), "{}", p.explanation);
    assert!(p.fix.en().starts_with("Give Shop an index GSI1 again"), "{}", p.fix);
}

#[test]
fn a_synthetic_key_built_from_the_items_attributes_suggests_a_multi_attribute_key() {
    let m = formats::gallery::Template::by_slug("tasks-by-assignee-status").unwrap().model().unwrap();
    let f = of(&m, RuleId::SyntheticKey);
    // The multi-attribute index beside it is what the finding suggests, so only the synthetic one is found.
    assert_eq!(f.len(), 1, "{f:?}");
    assert_eq!(f[0].id(), "synthetic-key:TeamTasks/BySyntheticKey");
    assert_eq!(f[0].severity, Severity::Warning);
    assert!(f[0].explanation.en().starts_with("GSI1PK (TENANT#acme#ASSIGNEE#ana) joins tenantId and assignee; GSI1SK (STATUS#OPEN#DUE#2026-03-02) joins status and dueDate"), "{}", f[0].explanation);
    assert!(f[0].explanation.en().contains("Trade-off: a Query must give every HASH attribute with = and the RANGE attributes from left to right (a condition on dueDate needs an equality on status)"), "{}", f[0].explanation);
    assert!(f[0].explanation.en().contains("PartiQL cannot read such an index"), "{}", f[0].explanation);
    assert_eq!(f[0].fix.en(), "Key BySyntheticKey on tenantId (HASH), assignee (HASH), status (RANGE), dueDate (RANGE) instead, and stop writing GSI1PK and GSI1SK.");
    // The suggested key is one DynamoDB accepts: the multi-attribute index of the same template.
    let def = &m.tables[0].definition["GlobalSecondaryIndexes"][1]["KeySchema"];
    assert_eq!(def, &json!([{"AttributeName": "tenantId", "KeyType": "HASH"}, {"AttributeName": "assignee", "KeyType": "HASH"}, {"AttributeName": "status", "KeyType": "RANGE"}, {"AttributeName": "dueDate", "KeyType": "RANGE"}]));
}

#[test]
fn keys_that_are_not_labelled_parts_of_the_items_attributes_are_not_synthetic() {
    let d = json!({"GlobalSecondaryIndexes": [gsi("ByOwner", "G", Some("H"), json!({"ProjectionType": "KEYS_ONLY"}))]});
    let defs = [("G", "S"), ("H", "S")];
    let m = |g: &dyn Fn(usize) -> String, h: &dyn Fn(usize) -> String| {
        let items: Vec<Value> = (0..3)
            .map(|i| item(&[("PK", &format!("X#{i}")), ("SK", "A"), ("owner", &format!("o{i}")), ("team", "t"), ("G", &g(i)), ("H", &h(i))]))
            .collect();
        model(json!({"version": 2, "tables": [{"definition": table("Things", &defs, d.clone()), "items": items}]}))
    };
    // Labelled parts of two attributes: found.
    assert_eq!(of(&m(&|i| format!("TEAM#t#OWNER#o{i}"), &|_| "A".into()), RuleId::SyntheticKey).len(), 1);
    // One attribute, a value no attribute holds, values without labels: not found.
    assert!(of(&m(&|i| format!("OWNER#o{i}"), &|_| "A".into()), RuleId::SyntheticKey).is_empty());
    assert!(of(&m(&|i| format!("TEAM#t#OWNER#z{i}"), &|_| "A".into()), RuleId::SyntheticKey).is_empty());
    assert!(of(&m(&|i| format!("t#o{i}"), &|_| "A".into()), RuleId::SyntheticKey).is_empty());
}
