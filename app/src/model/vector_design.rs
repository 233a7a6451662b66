//! The vector indexes of the table designer: their form state and their part of the CreateTable
//! request. Kept beside [`super::design::TableDraft`] rather than inside it: a definition is the
//! draft's request with `VectorIndexes` added (and the search schema's attributes in
//! `AttributeDefinitions`), and CreateTable on a scratch database still judges the whole design.

use engine::db::{Database, DatabaseConfig};
use engine::value::ScalarType;
use serde_json::{json, Value};

use super::design::{scalar_from_tag, scalar_tag, DesignError, Field, KeyDraft, TableDraft};

/// One vector index in the form; numbers stay as typed so that CreateTable reports them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VectorDraft {
    pub name: String,
    /// The attribute holding the embedding (a list of numbers).
    pub attribute: String,
    pub dimensions: String,
    /// COSINE, EUCLIDEAN or DOT_PRODUCT.
    pub distance: String,
    /// The search schema's partition key (HASH), if any.
    pub partition: Option<KeyDraft>,
    /// INLINE_FILTER attributes, comma separated as typed, all of `filter_type`.
    pub filters: String,
    pub filter_type: ScalarType,
    /// ALL, KEYS_ONLY or INCLUDE.
    pub projection: String,
    /// INCLUDE's attributes, comma separated as typed.
    pub include: String,
}

impl VectorDraft {
    /// A new index as the designer's "+ Vector index" adds it: a 4-dimension COSINE index on
    /// `embedding`, every attribute projected.
    pub fn new(n: usize) -> VectorDraft {
        VectorDraft {
            name: format!("VectorIndex{n}"),
            attribute: String::from("embedding"),
            dimensions: String::from("4"),
            distance: String::from("COSINE"),
            partition: None,
            filters: String::new(),
            filter_type: ScalarType::S,
            projection: String::from("ALL"),
            include: String::new(),
        }
    }

    fn filter_names(&self) -> Vec<&str> {
        self.filters.split(',').map(str::trim).filter(|s| !s.is_empty()).collect()
    }

    fn to_json(&self) -> Value {
        let mut schema = Vec::new();
        if let Some(p) = &self.partition {
            schema.push(json!({"AttributeName": p.name, "SearchSchemaElementType": "HASH"}));
        }
        for f in self.filter_names() {
            schema.push(json!({"AttributeName": f, "SearchSchemaElementType": "INLINE_FILTER"}));
        }
        let mut projection = json!({"ProjectionType": self.projection});
        if self.projection == "INCLUDE" {
            projection["NonKeyAttributes"] = self.include.split(',').map(str::trim).filter(|s| !s.is_empty()).collect::<Vec<_>>().into();
        }
        // A dimension count that is not a whole number is sent as typed, so CreateTable names the fault.
        let dims = self.dimensions.trim().parse::<i64>().map(Value::from).unwrap_or_else(|_| Value::from(self.dimensions.trim()));
        let mut o = json!({
            "IndexName": self.name,
            "VectorAttribute": {"AttributeName": self.attribute},
            "Dimensions": dims,
            "DistanceFunction": self.distance,
            "Projection": projection,
        });
        if !schema.is_empty() {
            o["SearchSchema"] = schema.into();
        }
        o
    }
}

/// The vector indexes of a definition, as the form shows them.
pub fn from_definition(def: &Value) -> Vec<VectorDraft> {
    let ty = |name: &str| engine::model::schema::attribute_type(def, name).unwrap_or(ScalarType::S);
    let text = |v: &Value, k: &str| v.get(k).and_then(Value::as_str).unwrap_or_default().to_string();
    def.get("VectorIndexes")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(|v| {
            let schema: Vec<(String, bool)> = v
                .get("SearchSchema")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
                .map(|e| (text(e, "AttributeName"), text(e, "SearchSchemaElementType") == "HASH"))
                .collect();
            let filters: Vec<&str> = schema.iter().filter(|(_, h)| !h).map(|(n, _)| n.as_str()).collect();
            let projection = v.get("Projection").cloned().unwrap_or_default();
            VectorDraft {
                name: text(v, "IndexName"),
                attribute: v.get("VectorAttribute").map(|a| text(a, "AttributeName")).unwrap_or_default(),
                dimensions: v.get("Dimensions").map(|d| d.as_i64().map(|n| n.to_string()).unwrap_or_else(|| d.as_str().unwrap_or("").to_string())).unwrap_or_default(),
                distance: text(v, "DistanceFunction"),
                partition: schema.iter().find(|(_, h)| *h).map(|(n, _)| KeyDraft { name: n.clone(), key_type: ty(n) }),
                filter_type: filters.first().map(|f| ty(f)).unwrap_or(ScalarType::S),
                filters: filters.join(", "),
                projection: text(&projection, "ProjectionType"),
                include: projection
                    .get("NonKeyAttributes")
                    .and_then(Value::as_array)
                    .map(|l| l.iter().filter_map(Value::as_str).collect::<Vec<_>>().join(", "))
                    .unwrap_or_default(),
            }
        })
        .collect()
}

/// `def` (a draft's CreateTable request) with the vector indexes added, and each search schema
/// attribute in `AttributeDefinitions` (once, with its type).
pub fn with_vectors(mut def: Value, vectors: &[VectorDraft]) -> Value {
    if vectors.is_empty() {
        return def;
    }
    let mut add = |name: &str, ty: ScalarType| {
        if let Some(list) = def.get_mut("AttributeDefinitions").and_then(Value::as_array_mut) {
            if !list.iter().any(|d| d.get("AttributeName").and_then(Value::as_str) == Some(name)) {
                list.push(json!({"AttributeName": name, "AttributeType": scalar_tag(ty)}));
            }
        }
    };
    for v in vectors {
        if let Some(p) = &v.partition {
            add(&p.name, p.key_type);
        }
        for f in v.filter_names() {
            add(f, v.filter_type);
        }
    }
    def["VectorIndexes"] = vectors.iter().map(VectorDraft::to_json).collect::<Vec<_>>().into();
    def
}

/// Whether a CreateTable message is about the vector indexes (shown beside them).
pub fn is_vector_message(message: &str) -> bool {
    ["vectorIndexes", "VectorIndex", "Vector indexes", "VectorAttribute", "SearchSchema", "dimensions", "vector"]
        .iter()
        .any(|w| message.contains(w))
}

/// The whole design checked by CreateTable on a scratch database: the draft's own check when it has no
/// vector index, else the request with them, an error about them placed with the general ones.
pub fn check(draft: &TableDraft, vectors: &[VectorDraft], now: u64, edited: Option<Field>) -> Result<Value, DesignError> {
    if vectors.is_empty() {
        return draft.check_edited(now, edited);
    }
    let def = with_vectors(draft.to_definition(), vectors);
    let mut scratch = Database::new(DatabaseConfig::default());
    match scratch.execute("CreateTable", &def, now) {
        Ok(_) => Ok(def),
        Err(error) => {
            let field = if is_vector_message(error.message()) { Field::General } else { draft.field_of_edited(error.message(), edited) };
            Err(DesignError { field, error })
        }
    }
}

/// The type select's value for a draft's filter attributes.
pub fn filter_tag(v: &VectorDraft) -> &'static str {
    scalar_tag(v.filter_type)
}

/// Set the filter attributes' type from the select.
pub fn set_filter_tag(v: &mut VectorDraft, tag: &str) {
    v.filter_type = scalar_from_tag(tag);
}
