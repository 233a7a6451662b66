//! What the Query/Scan builder's controls hold: the operation, the chosen table or index's keys and
//! every field as typed. The request JSON in both directions is [`super::builder`]'s; a multi-attribute
//! key's fields are [`super::multi_key_builder`]'s, which reads this state without depending on the
//! request code.

use serde_json::Value;

/// Query or Scan.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Operation {
    #[default]
    Query,
    Scan,
}

impl Operation {
    pub fn action(self) -> &'static str {
        match self {
            Operation::Query => "Query",
            Operation::Scan => "Scan",
        }
    }
}

/// The sort-key condition of a Query.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SortOp {
    #[default]
    None,
    Eq,
    Lt,
    Le,
    Gt,
    Ge,
    Between,
    BeginsWith,
}

impl SortOp {
    pub const ALL: [SortOp; 8] = [SortOp::None, SortOp::Eq, SortOp::Lt, SortOp::Le, SortOp::Gt, SortOp::Ge, SortOp::Between, SortOp::BeginsWith];

    pub fn slug(self) -> &'static str {
        match self {
            SortOp::None => "none",
            SortOp::Eq => "=",
            SortOp::Lt => "<",
            SortOp::Le => "<=",
            SortOp::Gt => ">",
            SortOp::Ge => ">=",
            SortOp::Between => "BETWEEN",
            SortOp::BeginsWith => "begins_with",
        }
    }

    /// The label of a condition other than "(any sort key)", which is words (the view's).
    pub fn operator(self) -> Option<&'static str> {
        (self != SortOp::None).then(|| self.slug())
    }

    pub fn from_slug(s: &str) -> SortOp {
        SortOp::ALL.into_iter().find(|o| o.slug() == s).unwrap_or_default()
    }
}

/// Names and scalar types of the keys the request addresses (the table's or the index's).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct KeyInfo {
    pub partition: String,
    /// `S`, `N` or `B`.
    pub partition_type: String,
    pub sort: Option<(String, String)>,
    /// A GSI's further HASH attributes (name, type), in key order: a multi-attribute key.
    pub more_partitions: Vec<(String, String)>,
    /// A GSI's further RANGE attributes (name, type), in key order.
    pub more_sorts: Vec<(String, String)>,
}

impl KeyInfo {
    /// The keys of `index` (or of the table when `index` is empty) in a CreateTable definition.
    pub fn of(definition: &Value, index: &str) -> KeyInfo {
        let types: Vec<(String, String)> = definition
            .get("AttributeDefinitions")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(|a| Some((a.get("AttributeName")?.as_str()?.to_string(), a.get("AttributeType")?.as_str()?.to_string())))
            .collect();
        let type_of = |n: &str| types.iter().find(|(a, _)| a == n).map(|(_, t)| t.clone()).unwrap_or_else(|| String::from("S"));
        let schema = if index.is_empty() {
            definition.get("KeySchema")
        } else {
            ["GlobalSecondaryIndexes", "LocalSecondaryIndexes"]
                .iter()
                .filter_map(|f| definition.get(*f).and_then(Value::as_array))
                .flatten()
                .find(|ix| ix.get("IndexName").and_then(Value::as_str) == Some(index))
                .and_then(|ix| ix.get("KeySchema"))
        };
        let (p, s) = engine::model::schema::key_schema(schema);
        let partition = p.unwrap_or_default().to_string();
        let parts = engine::model::schema::index_key_schema(schema);
        let more = |sort: bool| parts.iter().filter(|(_, s)| *s == sort).skip(1).map(|(n, _)| (n.to_string(), type_of(n))).collect();
        KeyInfo { partition_type: type_of(&partition), sort: s.map(|s| (s.to_string(), type_of(s))), partition, more_partitions: more(false), more_sorts: more(true) }
    }
}

/// Every control of the builder. Text fields hold exactly what the user typed.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Builder {
    pub op: Operation,
    pub table: String,
    /// Empty: the table itself.
    pub index: String,
    pub pk: String,
    /// Values of a multi-attribute key's further HASH attributes, in key order.
    pub pk_more: Vec<String>,
    pub sort_op: SortOp,
    pub sk: String,
    /// BETWEEN's upper bound.
    pub sk2: String,
    /// Values of a multi-attribute key's further RANGE attributes, in key order (`sk` is the first's).
    pub sk_more: Vec<String>,
    pub filter: String,
    pub projection: String,
    /// `ExpressionAttributeNames` / `ExpressionAttributeValues` the filter and projection use, as JSON
    /// text (the key condition's own `#pk`, `:pk`… are added by the builder).
    pub names: String,
    pub values: String,
    pub limit: String,
    pub forward: bool,
    pub consistent: bool,
    /// Empty: DynamoDB's default.
    pub select: String,
    pub segment: String,
    pub total_segments: String,
    /// The page to start from (set by "Next page").
    pub start_key: Option<Value>,
}
