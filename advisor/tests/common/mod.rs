//! Small helpers: a model from JSON, loaded, checked and advised in one call.
#![allow(dead_code)]

use advisor::{advise, check::check_all, Context, Finding, Heat, PatternCheck, RuleId};
use engine::db::{Database, DatabaseConfig};
use engine::model::Model;
use serde_json::{json, Value};

pub const NOW: u64 = 1_700_000_000_000;

pub fn model(v: Value) -> Model {
    Model::from_json(v).unwrap_or_else(|e| panic!("{e}"))
}

pub fn db(m: &Model) -> Database {
    let mut db = Database::new(DatabaseConfig::default());
    m.load_into(&mut db, NOW).unwrap_or_else(|e| panic!("{e}"));
    db
}

pub fn checks(m: &Model) -> Vec<PatternCheck> {
    check_all(m, &db(m), NOW)
}

pub fn findings_with(m: &Model, heat: Option<&Heat>) -> Vec<Finding> {
    let c = checks(m);
    let found = advise(&Context::new(m, &c, heat));
    found.iter().for_each(said);
    found
}

/// Every finding a test meets says all it says in every language, from the advisor's tables, with
/// every argument its templates name.
pub fn said(f: &Finding) {
    for lang in advisor::Lang::ALL {
        for w in [&f.title, &f.explanation, &f.fix] {
            advisor::words::CATALOG.try_render(w.message(), lang).unwrap_or_else(|e| panic!("{}: {e}", f.id()));
        }
        advisor::words::CATALOG.try_render(&f.target.label(), lang).unwrap_or_else(|e| panic!("{}: {e}", f.id()));
    }
}

pub fn findings(m: &Model) -> Vec<Finding> {
    findings_with(m, None)
}

pub fn of(m: &Model, rule: RuleId) -> Vec<Finding> {
    findings(m).into_iter().filter(|f| f.rule == rule).collect()
}

/// A PK/SK table definition, with extra fields merged in (GSIs, LSIs, more attribute definitions).
pub fn table(name: &str, extra_attrs: &[(&str, &str)], extra: Value) -> Value {
    let mut attrs = vec![json!({"AttributeName": "PK", "AttributeType": "S"}), json!({"AttributeName": "SK", "AttributeType": "S"})];
    for (n, t) in extra_attrs {
        attrs.push(json!({"AttributeName": n, "AttributeType": t}));
    }
    let mut d = json!({
        "TableName": name,
        "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"}, {"AttributeName": "SK", "KeyType": "RANGE"}],
        "AttributeDefinitions": attrs,
        "BillingMode": "PAY_PER_REQUEST"
    });
    if let (Some(o), Some(e)) = (d.as_object_mut(), extra.as_object()) {
        for (k, v) in e {
            o.insert(k.clone(), v.clone());
        }
    }
    d
}

pub fn gsi(name: &str, pk: &str, sk: Option<&str>, projection: Value) -> Value {
    let mut ks = vec![json!({"AttributeName": pk, "KeyType": "HASH"})];
    if let Some(s) = sk {
        ks.push(json!({"AttributeName": s, "KeyType": "RANGE"}));
    }
    json!({"IndexName": name, "KeySchema": ks, "Projection": projection})
}

/// An item from plain string attributes (all S).
pub fn item(attrs: &[(&str, &str)]) -> Value {
    let mut o = serde_json::Map::new();
    for (k, v) in attrs {
        o.insert(k.to_string(), json!({"S": v}));
    }
    Value::Object(o)
}
