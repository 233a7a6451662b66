//! Vector indexes in the playground's pure layers, in headless Chromium: the designer's drafts to and
//! from a CreateTable definition (judged by the engine), and the Query tab's SearchVectors form — its
//! request, its refusals in words, and the answer's rows with their distances — run against the vector
//! search template on a real playground.
#![cfg(target_arch = "wasm32")]

use app::model::design::{KeyDraft, TableDraft};
use app::model::vector_design::{check, from_definition, with_vectors, VectorDraft};
use app::model::{Edit, History, Playground, TableState};
use app::query::vector_request::{parse_vector, request, rows, score_heading, targets, FormError, Score};
use engine::value::ScalarType;
use serde_json::{json, Value};
use wasm_bindgen_test::*;


const NOW: u64 = 1_700_000_000_000;

fn template() -> engine::model::Model {
    formats::gallery::Template::by_slug("vector-search").unwrap().model().unwrap()
}

#[wasm_bindgen_test]
fn a_draft_becomes_vector_indexes_and_comes_back() {
    let draft = TableDraft { name: "Docs".into(), ..TableDraft::default() };
    let mut v = VectorDraft::new(1);
    v.dimensions = "3".into();
    v.distance = "DOT_PRODUCT".into();
    v.partition = Some(KeyDraft { name: "tenant".into(), key_type: ScalarType::S });
    v.filters = "lang, year".into();
    v.filter_type = ScalarType::N;
    v.projection = "INCLUDE".into();
    v.include = "title".into();
    let def = check(&draft, std::slice::from_ref(&v), NOW, None).expect("CreateTable accepts it");
    assert_eq!(def["VectorIndexes"][0]["SearchSchema"], json!([
        {"AttributeName": "tenant", "SearchSchemaElementType": "HASH"},
        {"AttributeName": "lang", "SearchSchemaElementType": "INLINE_FILTER"},
        {"AttributeName": "year", "SearchSchemaElementType": "INLINE_FILTER"},
    ]));
    let defs: Vec<&str> = def["AttributeDefinitions"].as_array().unwrap().iter().map(|d| d["AttributeName"].as_str().unwrap()).collect();
    assert!(defs.contains(&"tenant") && defs.contains(&"year"), "{defs:?}");
    assert_eq!(from_definition(&def), vec![v]);
    // The template's index reads back as the designer shows it.
    let t = template();
    let drafts = from_definition(&t.tables[0].definition);
    assert_eq!(drafts[0].name, "ByTaste");
    assert_eq!(drafts[0].filters, "category");
    assert_eq!(drafts[0].include, "name, price");
}

#[wasm_bindgen_test]
fn the_engine_judges_a_vector_draft() {
    let draft = TableDraft { name: "Docs".into(), ..TableDraft::default() };
    let mut v = VectorDraft::new(1);
    v.dimensions = "0".into();
    let e = check(&draft, std::slice::from_ref(&v), NOW, None).unwrap_err();
    assert_eq!(e.error.message(), "1 validation error detected: Value '0' at 'vectorIndexes.1.member.dimensions' failed to satisfy constraint: Member must have value greater than or equal to 1");
    v.dimensions = "4".into();
    let provisioned = TableDraft { billing_mode: "PROVISIONED".into(), ..draft.clone() };
    let e = check(&provisioned, std::slice::from_ref(&v), NOW, None).unwrap_err();
    assert_eq!(e.error.message(), "One or more parameter values were invalid: Vector indexes are only supported for PAY_PER_REQUEST tables");
    // No vector index: the draft's own definition, untouched.
    assert_eq!(with_vectors(draft.to_definition(), &[]), draft.to_definition());
}

#[wasm_bindgen_test]
fn the_search_form_writes_the_request_and_reads_the_distances() {
    let t = template();
    let all = targets(t.tables.iter().map(|t| &t.definition));
    assert_eq!(all.len(), 1);
    let target = &all[0];
    assert_eq!(target.label(), "Products / ByTaste");
    assert_eq!(target.schema, vec![("category".to_string(), "S".to_string(), false)]);

    assert_eq!(parse_vector("[1, 0.5 ,-2]").unwrap(), vec![json!({"N": "1"}), json!({"N": "0.5"}), json!({"N": "-2"})]);
    assert_eq!(parse_vector(" ").unwrap_err(), FormError::NoVector);
    assert_eq!(parse_vector("1, x").unwrap_err(), FormError::NotANumber { position: 2, text: "x".into() });
    assert_eq!(request(target, "1,0,0,0", "three", &[String::new()]).unwrap_err(), FormError::TopK);

    let req = request(target, "0.7, 0, 0, 0.9", "3", &[String::from("frozen")]).unwrap();
    assert_eq!(req["SearchConditionExpression"], "#f0 = :f0");
    assert_eq!(req["ExpressionAttributeValues"], json!({":f0": {"S": "frozen"}}));
    assert_eq!(req["TopK"], 3);
    assert!(request(target, "0.7, 0, 0, 0.9", "3", &[String::new()]).unwrap().get("SearchConditionExpression").is_none());

    // Run on a playground holding the template: the frozen desserts, nearest first.
    let mut p = Playground::new();
    let mut h = History::new();
    let table = TableState { definition: t.tables[0].definition.clone(), entities: vec![], rows: vec![], definition_error: None, time_to_live: None };
    h.perform(&mut p, Edit::InsertTable { at: 0, table }, NOW).unwrap();
    let db = p.database_mut();
    for item in &t.tables[0].items {
        db.execute("PutItem", &json!({"TableName": "Products", "Item": item}), NOW).unwrap();
    }
    let out: Value = db.execute("SearchVectors", &req, NOW).unwrap();
    let list = rows(&out);
    let names: Vec<&str> = list.iter().map(|r| r.item.split("name: ").nth(1).unwrap().split(',').next().unwrap()).collect();
    assert_eq!(names, ["Frozen yogurt", "Vanilla ice cream", "Lemon sorbet"]);
    assert_eq!(list[0].rank, 1);
    let scores: Vec<f64> = list.iter().map(|r| r.score.parse().unwrap()).collect();
    assert!(scores.windows(2).all(|w| w[0] <= w[1]), "{scores:?}");
    assert_eq!(score_heading("DOT_PRODUCT"), Score::DotProduct);
}
