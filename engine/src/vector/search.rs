//! `SearchVectors`: the exact top K of a vector index by its distance function.
//!
//! DynamoDB answers from an approximate index; the playground's tables are small, so we compare the
//! query with every entry the search schema lets through, which gives the exact nearest neighbours — the
//! answer a learner can check by hand. Ties are broken by the table's primary key (key order, as a Query
//! returns items), so the same search always lists equal scores the same way; DynamoDB promises no order
//! among equal scores.

use alloc::collections::BTreeMap;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use serde_json::{json, Map, Value};

use crate::api::json::{self, opt_int, opt_list, opt_names, opt_str, opt_values, Checks, RCC, RCC_SET};
use crate::capacity::ReturnCapacity;
use crate::db::Database;
use crate::error::ApiError;
use crate::expr::{self, ExpressionInputs};
use crate::table::key::PrimaryKey;
use crate::value::{item_to_json, value_from_json, AttributeValue, Item};
use crate::vector::entry::{to_f32, type_letter};
use crate::vector::{VectorIndexDef, MAX_TOP_K, MIN_WRITE_BYTES};

/// A SearchVectors request, read.
#[derive(Debug, Clone)]
pub struct SearchVectorsInput {
    pub table_name: String,
    pub index_name: String,
    /// The query vector as given (each element checked against the index once it is known).
    pub vector: Vec<AttributeValue>,
    pub top_k: i64,
    pub condition: Option<String>,
    pub projection: Option<String>,
    pub names: Option<BTreeMap<String, String>>,
    pub values: Option<Item>,
    pub return_capacity: ReturnCapacity,
}

/// One result: the projected item and its score.
#[derive(Debug, Clone, PartialEq)]
pub struct SearchResult {
    pub key: PrimaryKey,
    pub item: Item,
    pub score: f64,
}

#[derive(Debug, Clone, PartialEq)]
pub struct SearchVectorsOutput {
    pub results: Vec<SearchResult>,
    /// `VectorSearchRequestBytes`, when asked for.
    pub search_bytes: Option<u64>,
    pub distance: crate::vector::Distance,
}

impl SearchVectorsInput {
    pub fn from_json(v: &Value) -> Result<SearchVectorsInput, ApiError> {
        let m = json::body(v)?;
        let table = opt_str(m, "TableName")?;
        let index = opt_str(m, "IndexName")?;
        let vector = match opt_list(m, "SearchVector")? {
            Some(l) => Some(l.iter().map(value_from_json).collect::<Result<Vec<_>, _>>().map_err(ApiError::from)?),
            None => None,
        };
        let top_k = opt_int(m, "TopK", "Integer")?;
        let rcc = opt_str(m, "ReturnConsumedCapacity")?;
        let mut c = Checks::new();
        c.str_len(table, "tableName", 1, 1024);
        c.not_null(table, "tableName");
        c.not_null(index, "indexName");
        c.str_len(index, "indexName", 3, 255);
        c.not_null(vector.as_ref(), "searchVector");
        c.min_len(vector.as_deref(), "searchVector", 1, "'[]'");
        c.max_len(vector.as_deref(), "searchVector", 4096, "'[...]'");
        c.not_null(top_k, "topK");
        c.min(top_k, "topK", 1);
        c.one_of(rcc, "returnConsumedCapacity", RCC, RCC_SET);
        c.finish()?;
        let top_k = top_k.unwrap_or(1);
        if top_k > MAX_TOP_K {
            return Err(ApiError::Validation(format!(
                "Provided TopK value '{top_k}' is out of valid range. The value must be between 1 and 100 inclusive"
            )));
        }
        Ok(SearchVectorsInput {
            table_name: String::from(table.unwrap_or_default()),
            index_name: String::from(index.unwrap_or_default()),
            vector: vector.unwrap_or_default(),
            top_k,
            condition: opt_str(m, "SearchConditionExpression")?.map(String::from),
            projection: opt_str(m, "ProjectionExpression")?.map(String::from),
            names: opt_names(m)?,
            values: opt_values(m)?,
            return_capacity: ReturnCapacity::parse(rcc),
        })
    }
}

impl SearchVectorsOutput {
    pub fn to_json(&self) -> Value {
        let results: Vec<Value> = self.results.iter().map(|r| json!({"Item": item_to_json(&r.item), "Score": r.score})).collect();
        let mut m = Map::new();
        m.insert("SearchResults".into(), Value::Array(results));
        if let Some(b) = self.search_bytes {
            // SearchVectors reports a `VectorCapacity` (not a `ConsumedCapacity`): the same under TOTAL
            // and INDEXES, absent under NONE.
            m.insert("ConsumedCapacity".into(), json!({"VectorSearchRequestBytes": b as f64}));
        }
        Value::Object(m)
    }
}

fn invalid_vector() -> ApiError {
    ApiError::validation(
        "Search vector contains invalid values. All values in the search vector must be a 32-bit floating-point number attribute",
    )
}

/// The query vector for `def`: every element a number within the f32 range (checked first), then the
/// dimension count.
fn query_vector(given: &[AttributeValue], def: &VectorIndexDef) -> Result<Vec<f32>, ApiError> {
    let mut out = Vec::with_capacity(given.len());
    for v in given {
        let AttributeValue::N(n) = v else { return Err(invalid_vector()) };
        out.push(to_f32(n).ok_or_else(invalid_vector)?);
    }
    if out.len() != def.dimensions as usize {
        return Err(ApiError::Validation(format!(
            "Input search vector dimension {} does not match vector index dimension {}",
            out.len(),
            def.dimensions
        )));
    }
    Ok(out)
}

/// One `attribute = :value` clause of a SearchConditionExpression.
#[derive(Debug, Clone, PartialEq)]
struct Equality {
    attr: String,
    nested: bool,
    value: AttributeValue,
}

fn condition_error(msg: &str) -> ApiError {
    ApiError::Validation(format!("Invalid SearchConditionExpression: {msg}"))
}

fn invalid_comparator() -> ApiError {
    condition_error("Invalid comparator used in SearchConditionExpression")
}

/// The clauses of a SearchConditionExpression, which may only be `path = :value` joined by AND
/// (DynamoDB: "The HASH and INLINE_FILTER attributes support only the equality operator"). The
/// expression's syntax and its names and values were already checked by the expression compiler; this
/// reads its shape. Any other operator, function, OR, NOT or parenthesis is the comparator refusal
/// DynamoDB gives for a non-equality operator (captured for `<`; the others are not documented, and a
/// learner is best told the one rule).
fn equalities(text: &str, names: Option<&BTreeMap<String, String>>, values: Option<&Item>) -> Result<Vec<Equality>, ApiError> {
    let mut out = Vec::new();
    for clause in split_and(text) {
        let Some((l, r)) = clause.split_once('=') else { return Err(invalid_comparator()) };
        let (l, r) = (l.trim(), r.trim());
        if l.ends_with(['<', '>', '!']) || r.starts_with('=') {
            return Err(invalid_comparator());
        }
        let (path, value) = match (l.starts_with(':'), r.starts_with(':')) {
            (false, true) => (l, r),
            (true, false) => (r, l),
            _ => return Err(invalid_comparator()),
        };
        if !is_token(value) || path.is_empty() || !path.bytes().all(|b| b.is_ascii_alphanumeric() || b"#_.[]".contains(&b)) {
            return Err(invalid_comparator());
        }
        let nested = path.contains(['.', '[']);
        let first = path.split(['.', '[']).next().unwrap_or_default();
        let attr = match first.strip_prefix('#') {
            Some(_) => names.and_then(|n| n.get(first)).cloned().unwrap_or_else(|| String::from(first)),
            None => String::from(first),
        };
        let value = values.and_then(|v| v.get(value)).cloned().unwrap_or(AttributeValue::Null);
        out.push(Equality { attr, nested, value });
    }
    Ok(out)
}

fn is_token(s: &str) -> bool {
    s.len() > 1 && s[1..].bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

/// The text between top-level `AND`s (case-insensitive, as a keyword between spaces).
fn split_and(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = text;
    loop {
        let upper = rest.to_ascii_uppercase();
        match upper.find(" AND ") {
            Some(p) => {
                out.push(&rest[..p]);
                rest = &rest[p + 5..];
            }
            None => {
                out.push(rest);
                return out;
            }
        }
    }
}

impl Database {
    /// `SearchVectors` from its JSON input.
    pub(crate) fn search_vectors_json(&self, input: &Value) -> Result<Value, ApiError> {
        Ok(self.search_vectors(&SearchVectorsInput::from_json(input)?)?.to_json())
    }

    /// Search a vector index: validate the request against the index, keep the entries its search
    /// condition lets through, rank them and return the top K, projected.
    pub fn search_vectors(&self, input: &SearchVectorsInput) -> Result<SearchVectorsOutput, ApiError> {
        // The expression compiler checks the syntax, the #names and :values and that every one given is
        // used, with the FilterExpression's wording under this parameter's name.
        let inputs = ExpressionInputs {
            filter_expression: input.condition.as_deref(),
            projection_expression: input.projection.as_deref(),
            names: input.names.as_ref(),
            values: input.values.as_ref(),
            operation: Some("SearchVectors"),
            ..Default::default()
        };
        let compiled = expr::compile(&inputs).map_err(|e| {
            let m = String::from(e.message()).replace("FilterExpression", "SearchConditionExpression");
            ApiError::Validation(m)
        })?;
        let clauses = match &input.condition {
            Some(text) => equalities(text, input.names.as_ref(), input.values.as_ref())?,
            None => Vec::new(),
        };
        let table = self.table_for_data(&input.table_name)?;
        let (pos, def) = table
            .def
            .vectors
            .iter()
            .enumerate()
            .find(|(_, v)| v.name == input.index_name)
            .ok_or_else(|| ApiError::Validation(format!("The table does not have the specified index: {}", input.index_name)))?;
        let query = query_vector(&input.vector, def)?;
        if let Some(c) = clauses.iter().find(|c| !def.in_schema(&c.attr)) {
            return Err(ApiError::Validation(format!(
                "SearchConditionExpression must not contain any attributes that is not in SearchSchema. Invalid attribute: {}",
                c.attr
            )));
        }
        if clauses.iter().any(|c| c.nested) {
            return Err(condition_error("SearchConditionExpression cannot have conditions on nested attributes"));
        }
        if clauses.iter().enumerate().any(|(i, c)| clauses[..i].iter().any(|d| d.attr == c.attr)) {
            return Err(condition_error("SearchConditionExpression must only contain one condition per attribute"));
        }
        if let Some(h) = &def.hash {
            let Some(c) = clauses.iter().find(|c| c.attr == h.name) else {
                return Err(ApiError::validation("SearchConditionExpression must be provided when SearchSchema has a HASH key"));
            };
            let declared = crate::table::schema::scalar_name(h.ty);
            if type_letter(&c.value) != declared {
                return Err(ApiError::Validation(format!(
                    "Type of '{}' attribute in SearchConditionExpression ({}) does not match type in search schema ({declared})",
                    h.name,
                    type_letter(&c.value)
                )));
            }
            if matches!(&c.value, AttributeValue::S(s) if s.is_empty()) {
                return Err(ApiError::Validation(format!(
                    "One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty string value. Key: {}",
                    h.name
                )));
            }
        }
        let Some(data) = table.vector_data.get(pos) else { return Err(ApiError::Internal(String::from("vector index data missing"))) };
        // Rank every entry the condition lets through. The condition is only equalities on the search
        // schema, so it is evaluated on the item as the index shows it (`async_view`: the version before
        // any write still propagating to it).
        let mut scored: Vec<(f64, &PrimaryKey)> = Vec::new();
        let mut examined = 0u64;
        for (key, entry) in &data.entries {
            if let Some(cond) = &compiled.filter {
                let Some(item) = table.async_view(key) else { continue };
                if !cond.eval(&item) {
                    continue;
                }
            }
            examined += entry.bytes;
            scored.push((def.distance.score(&query, &entry.vector), key));
        }
        // Stable sort on the score alone: entries were visited in primary-key order, which stays the
        // order of equal scores.
        if def.distance.higher_is_nearer() {
            scored.sort_by(|a, b| b.0.total_cmp(&a.0));
        } else {
            scored.sort_by(|a, b| a.0.total_cmp(&b.0));
        }
        scored.truncate(input.top_k as usize);
        let mut results = Vec::with_capacity(scored.len());
        for (score, key) in scored {
            let Some(item) = table.async_view(key) else { continue };
            let entry: Item = item
                .into_iter()
                .filter(|(n, _)| def.projects(&table.def.keys, n))
                .map(|(n, v)| if n == def.attribute { stored_vector(n, &data.entries[key].vector) } else { (n, v) })
                .collect();
            let item = match &compiled.projection {
                Some(p) => p.apply(&entry),
                // Without a ProjectionExpression a result carries every projected attribute but the
                // vector itself (it is large, and the caller has its own).
                None => entry.into_iter().filter(|(n, _)| n != &def.attribute).collect(),
            };
            results.push(SearchResult { key: key.clone(), item, score });
        }
        // `VectorSearchRequestBytes`: DynamoDB bills the data a search examined and returns, and its
        // figure varies between identical calls. We report the sum of the entries examined (each sized
        // as a vector write is), at least 1 KB: deterministic, and it grows with what DynamoDB says drives
        // it (dimensions, the entries a partition key leaves to examine).
        let search_bytes = (input.return_capacity != ReturnCapacity::None).then_some(examined.max(MIN_WRITE_BYTES));
        Ok(SearchVectorsOutput { results, search_bytes, distance: def.distance })
    }
}

/// The vector as the index holds it (its f32 values, written in their shortest decimal form): what a
/// result returns when the projection asks for the vector.
fn stored_vector(name: String, v: &[f32]) -> (String, AttributeValue) {
    let list = v
        .iter()
        .map(|f| {
            let text = format!("{f}");
            crate::number::Number::parse(&text).map(AttributeValue::N).unwrap_or(AttributeValue::Null)
        })
        .collect();
    (name, AttributeValue::L(list))
}

