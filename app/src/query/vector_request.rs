//! The SearchVectors form as a request, and its answer as rows: which vector indexes the model has,
//! a typed search vector read as numbers, the search schema's values as a SearchConditionExpression,
//! and each result's item and distance. Pure: the engine judges the request.

use engine::number::Number;
use serde_json::{json, Map, Value};

/// One vector index of the model, as the form offers it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VectorTarget {
    pub table: String,
    pub index: String,
    pub attribute: String,
    pub dimensions: String,
    /// COSINE, EUCLIDEAN or DOT_PRODUCT.
    pub distance: String,
    /// The search schema: (attribute, type, is the partition key), in schema order.
    pub schema: Vec<(String, String, bool)>,
}

impl VectorTarget {
    /// `Table / Index`, the select's text and value.
    pub fn label(&self) -> String {
        format!("{} / {}", self.table, self.index)
    }
}

/// Every vector index of the given table definitions, in order.
pub fn targets<'a>(definitions: impl IntoIterator<Item = &'a Value>) -> Vec<VectorTarget> {
    let text = |v: &Value, k: &str| v.get(k).and_then(Value::as_str).unwrap_or_default().to_string();
    let mut out = Vec::new();
    for def in definitions {
        let table = text(def, "TableName");
        for v in def.get("VectorIndexes").and_then(Value::as_array).into_iter().flatten() {
            let schema = v
                .get("SearchSchema")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
                .map(|e| {
                    let name = text(e, "AttributeName");
                    let ty = engine::model::schema::attribute_type(def, &name).map_or("S", crate::model::design::scalar_tag);
                    (name, ty.to_string(), text(e, "SearchSchemaElementType") == "HASH")
                })
                .collect();
            out.push(VectorTarget {
                table: table.clone(),
                index: text(v, "IndexName"),
                attribute: v.get("VectorAttribute").map(|a| text(a, "AttributeName")).unwrap_or_default(),
                dimensions: v.get("Dimensions").map(|d| d.to_string()).unwrap_or_default(),
                distance: text(v, "DistanceFunction"),
                schema,
            });
        }
    }
    out
}

/// Why the form cannot make a request of what was typed; the view words it in the page's language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FormError {
    /// No search vector.
    NoVector,
    /// Number `position` (from 1) of the vector, as typed, is not a number.
    NotANumber { position: usize, text: String },
    /// TopK is not a whole number.
    TopK,
}

/// The distance function a score column is about, so the view can say which way is nearer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Score {
    DotProduct,
    Euclidean,
    Cosine,
}

/// A typed vector (`0.7, 0, 0, 0.9`, brackets allowed) as DynamoDB numbers.
pub fn parse_vector(text: &str) -> Result<Vec<Value>, FormError> {
    let inner = text.trim().trim_start_matches('[').trim_end_matches(']');
    if inner.trim().is_empty() {
        return Err(FormError::NoVector);
    }
    inner
        .split(',')
        .map(str::trim)
        .enumerate()
        .map(|(i, n)| match Number::parse(n) {
            Ok(_) => Ok(json!({"N": n})),
            Err(_) => Err(FormError::NotANumber { position: i + 1, text: n.to_string() }),
        })
        .collect()
}

/// The SearchVectors request of the form: `values` holds a typed value per search schema attribute
/// (an empty one is left out of the condition).
pub fn request(t: &VectorTarget, vector: &str, top_k: &str, values: &[String]) -> Result<Value, FormError> {
    let search_vector = parse_vector(vector)?;
    let top_k: i64 = top_k.trim().parse().map_err(|_| FormError::TopK)?;
    let mut m = Map::new();
    m.insert("TableName".into(), json!(t.table));
    m.insert("IndexName".into(), json!(t.index));
    m.insert("SearchVector".into(), Value::Array(search_vector));
    m.insert("TopK".into(), json!(top_k));
    let mut clauses = Vec::new();
    let mut names = Map::new();
    let mut vals = Map::new();
    for (i, ((name, ty, _), value)) in t.schema.iter().zip(values).enumerate() {
        if value.trim().is_empty() {
            continue;
        }
        clauses.push(format!("#f{i} = :f{i}"));
        names.insert(format!("#f{i}"), json!(name));
        vals.insert(format!(":f{i}"), json!({ ty.as_str(): value.trim() }));
    }
    if !clauses.is_empty() {
        m.insert("SearchConditionExpression".into(), json!(clauses.join(" AND ")));
        m.insert("ExpressionAttributeNames".into(), Value::Object(names));
        m.insert("ExpressionAttributeValues".into(), Value::Object(vals));
    }
    m.insert("ReturnConsumedCapacity".into(), json!("TOTAL"));
    Ok(Value::Object(m))
}

/// One result as the form lists it.
#[derive(Debug, Clone, PartialEq)]
pub struct ResultRow {
    pub rank: usize,
    /// The returned attributes as `name: value` text, in name order.
    pub item: String,
    /// The score as DynamoDB returned it.
    pub score: String,
}

fn value_text(v: &Value) -> String {
    match v.as_object().and_then(|o| o.iter().next()) {
        Some((t, inner)) if t == "S" || t == "N" => inner.as_str().unwrap_or_default().to_string(),
        Some((_, inner)) => inner.to_string(),
        None => v.to_string(),
    }
}

/// The rows of a SearchVectors answer, nearest first as DynamoDB ordered them.
pub fn rows(body: &Value) -> Vec<ResultRow> {
    body.get("SearchResults")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .enumerate()
        .map(|(i, r)| {
            let item = r
                .get("Item")
                .and_then(Value::as_object)
                .map(|o| o.iter().map(|(k, v)| format!("{k}: {}", value_text(v))).collect::<Vec<_>>().join(", "))
                .unwrap_or_default();
            let score = r.get("Score").map(|s| s.to_string()).unwrap_or_default();
            ResultRow { rank: i + 1, item, score }
        })
        .collect()
}

/// Which distance a score column shows, from the index's distance function.
pub fn score_heading(distance: &str) -> Score {
    match distance {
        "DOT_PRODUCT" => Score::DotProduct,
        "EUCLIDEAN" => Score::Euclidean,
        _ => Score::Cosine,
    }
}
