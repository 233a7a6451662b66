//! SearchVectors against a naive reference: for random small vectors, the engine's top K equals the
//! brute-force list sorted by score (nearest first for each function) and then by primary key.

use engine::db::Database;
use proptest::prelude::*;
use serde_json::{json, Value};

fn reference(dist: &str, q: &[i32], items: &[(String, Vec<i32>)], k: usize) -> Vec<(String, f64)> {
    let mut scored: Vec<(String, f64)> = items
        .iter()
        .map(|(pk, v)| {
            let dot: f64 = q.iter().zip(v).map(|(a, b)| f64::from(*a) * f64::from(*b)).sum();
            let qq: f64 = q.iter().map(|a| f64::from(*a).powi(2)).sum();
            let ss: f64 = v.iter().map(|a| f64::from(*a).powi(2)).sum();
            let score = match dist {
                "EUCLIDEAN" => q.iter().zip(v).map(|(a, b)| (f64::from(*a) - f64::from(*b)).powi(2)).sum::<f64>().sqrt(),
                "DOT_PRODUCT" => dot,
                _ if qq == 0.0 || ss == 0.0 => 1.0,
                _ => (1.0 - dot / (qq * ss).sqrt()).clamp(0.0, 2.0),
            };
            (pk.clone(), score)
        })
        .collect();
    scored.sort_by(|a, b| a.0.cmp(&b.0));
    if dist == "DOT_PRODUCT" {
        scored.sort_by(|a, b| b.1.total_cmp(&a.1));
    } else {
        scored.sort_by(|a, b| a.1.total_cmp(&b.1));
    }
    scored.truncate(k);
    scored
}

fn num_list(v: &[i32]) -> Value {
    Value::Array(v.iter().map(|x| json!({"N": x.to_string()})).collect())
}

proptest! {
    #[test]
    fn search_matches_brute_force(
        dist in prop::sample::select(vec!["COSINE", "EUCLIDEAN", "DOT_PRODUCT"]),
        vectors in prop::collection::vec(prop::collection::vec(-4i32..=4, 3), 0..24),
        q in prop::collection::vec(-4i32..=4, 3),
        k in 1usize..=10,
    ) {
        let mut db = Database::default();
        db.execute("CreateTable", &json!({
            "TableName": "Props", "BillingMode": "PAY_PER_REQUEST",
            "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}],
            "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
            "VectorIndexes": [{"IndexName": "vix", "VectorAttribute": {"AttributeName": "v"}, "Dimensions": 3,
                "DistanceFunction": dist, "Projection": {"ProjectionType": "KEYS_ONLY"}}]
        }), 0).unwrap();
        let items: Vec<(String, Vec<i32>)> = vectors.into_iter().enumerate().map(|(i, v)| (format!("item{i:02}"), v)).collect();
        for (pk, v) in &items {
            db.execute("PutItem", &json!({"TableName": "Props", "Item": {"pk": {"S": pk}, "v": {"L": num_list(v)}}}), 0).unwrap();
        }
        let out = db.execute("SearchVectors", &json!({"TableName": "Props", "IndexName": "vix", "SearchVector": num_list(&q), "TopK": k}), 0).unwrap();
        let got: Vec<(String, f64)> = out["SearchResults"].as_array().unwrap().iter()
            .map(|r| (r["Item"]["pk"]["S"].as_str().unwrap().to_string(), r["Score"].as_f64().unwrap()))
            .collect();
        prop_assert_eq!(got, reference(dist, &q, &items, k));
    }
}
