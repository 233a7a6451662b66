//! The table designer's form state and its translation to and from a CreateTable request.
//!
//! The form never judges a design itself: [`TableDraft::check`] runs CreateTable on a scratch engine
//! database, so the user sees exactly the error DynamoDB would give, placed next to the field the error
//! is about.

use engine::db::{Database, DatabaseConfig};
use engine::error::ApiError;
use engine::model::schema::{attribute_type, key_schema};
use engine::value::ScalarType;
use serde_json::{json, Value};

use super::index_view::indexes;

/// A key attribute in the form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyDraft {
    pub name: String,
    pub key_type: ScalarType,
}

/// One GSI or LSI in the form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IndexDraft {
    pub name: String,
    /// For an LSI the partition key is the table's and this is ignored.
    pub partition: KeyDraft,
    pub sort: Option<KeyDraft>,
    /// A GSI's further HASH attributes after `partition`, in order (a multi-attribute key).
    pub more_partition: Vec<KeyDraft>,
    /// A GSI's further RANGE attributes after `sort`, in order.
    pub more_sort: Vec<KeyDraft>,
    /// ALL, KEYS_ONLY or INCLUDE.
    pub projection: String,
    /// INCLUDE's attributes, comma separated as typed.
    pub include: String,
    pub read_capacity: String,
    pub write_capacity: String,
}

/// The whole designer form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableDraft {
    pub name: String,
    pub partition: KeyDraft,
    pub sort: Option<KeyDraft>,
    /// PAY_PER_REQUEST or PROVISIONED.
    pub billing_mode: String,
    pub read_capacity: String,
    pub write_capacity: String,
    pub gsis: Vec<IndexDraft>,
    pub lsis: Vec<IndexDraft>,
}

/// Which part of the form an error belongs next to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    TableName,
    Keys,
    Billing,
    Gsi(usize),
    Lsi(usize),
    /// Nothing more specific could be told from the message.
    General,
}

/// A refused design: DynamoDB's error and where to show it.
#[derive(Debug, Clone, PartialEq)]
pub struct DesignError {
    pub field: Field,
    pub error: ApiError,
}

pub fn scalar_tag(t: ScalarType) -> &'static str {
    match t {
        ScalarType::S => "S",
        ScalarType::N => "N",
        ScalarType::B => "B",
    }
}

pub fn scalar_from_tag(s: &str) -> ScalarType {
    match s {
        "N" => ScalarType::N,
        "B" => ScalarType::B,
        _ => ScalarType::S,
    }
}

impl KeyDraft {
    pub fn new(name: &str, key_type: ScalarType) -> KeyDraft {
        KeyDraft { name: name.to_string(), key_type }
    }
}

impl IndexDraft {
    pub fn new_gsi(n: usize) -> IndexDraft {
        IndexDraft {
            name: format!("GSI{n}"),
            partition: KeyDraft::new(&format!("GSI{n}PK"), ScalarType::S),
            sort: Some(KeyDraft::new(&format!("GSI{n}SK"), ScalarType::S)),
            more_partition: Vec::new(),
            more_sort: Vec::new(),
            projection: String::from("ALL"),
            include: String::new(),
            read_capacity: String::from("5"),
            write_capacity: String::from("5"),
        }
    }

    pub fn new_lsi(n: usize) -> IndexDraft {
        IndexDraft {
            name: format!("LSI{n}"),
            partition: KeyDraft::new("", ScalarType::S),
            sort: Some(KeyDraft::new(&format!("LSI{n}SK"), ScalarType::S)),
            ..IndexDraft::new_gsi(n)
        }
    }

    /// The GSI's key schema: every HASH attribute, then every RANGE attribute.
    fn key_schema_json(&self) -> Value {
        let hash = std::iter::once(&self.partition).chain(&self.more_partition).map(|k| json!({"AttributeName": k.name, "KeyType": "HASH"}));
        let range = self.sort.iter().chain(&self.more_sort).map(|k| json!({"AttributeName": k.name, "KeyType": "RANGE"}));
        Value::Array(hash.chain(range).collect())
    }

    /// Every key attribute the draft names (for a GSI: all of its HASH and RANGE attributes).
    pub fn key_drafts(&self) -> impl Iterator<Item = &KeyDraft> {
        std::iter::once(&self.partition).chain(&self.more_partition).chain(self.sort.iter()).chain(&self.more_sort)
    }

    /// Add a HASH (`sort` false) or RANGE attribute at the end of its half; a RANGE attribute on a key
    /// without one becomes its sort key.
    pub fn add_key_attribute(&mut self, sort: bool, name: &str) {
        let k = KeyDraft::new(name, ScalarType::S);
        match (sort, &self.sort) {
            (false, _) => self.more_partition.push(k),
            (true, None) => self.sort = Some(k),
            (true, Some(_)) => self.more_sort.push(k),
        }
    }

    /// Move the further attribute `i` of a half (`sort`) one place up: the first further attribute
    /// changes places with the key's first attribute, so any order can be made.
    pub fn move_key_attribute_up(&mut self, sort: bool, i: usize) {
        if sort {
            match (i, self.sort.as_mut()) {
                (0, Some(first)) => {
                    if let Some(k) = self.more_sort.first_mut() {
                        std::mem::swap(first, k)
                    }
                }
                (i, _) if i < self.more_sort.len() => self.more_sort.swap(i - 1, i),
                _ => {}
            }
        } else if i == 0 {
            if let Some(k) = self.more_partition.first_mut() {
                std::mem::swap(&mut self.partition, k)
            }
        } else if i < self.more_partition.len() {
            self.more_partition.swap(i - 1, i)
        }
    }

    fn projection_json(&self) -> Value {
        let mut p = json!({"ProjectionType": self.projection});
        if self.projection == "INCLUDE" {
            let attrs: Vec<&str> = self.include.split(',').map(str::trim).filter(|s| !s.is_empty()).collect();
            p["NonKeyAttributes"] = json!(attrs);
        }
        p
    }
}

/// A capacity figure as typed: a JSON number when it is digits, else the text itself, so that
/// CreateTable (not the form) reports what is wrong with it.
fn capacity(s: &str) -> Value {
    s.trim().parse::<u64>().map(Value::from).unwrap_or_else(|_| Value::String(s.trim().to_string()))
}

fn key_schema_json(p: &str, s: Option<&KeyDraft>) -> Value {
    let mut k = vec![json!({"AttributeName": p, "KeyType": "HASH"})];
    if let Some(s) = s {
        k.push(json!({"AttributeName": s.name, "KeyType": "RANGE"}));
    }
    Value::Array(k)
}

impl Default for TableDraft {
    fn default() -> Self {
        TableDraft {
            name: String::new(),
            partition: KeyDraft::new("PK", ScalarType::S),
            sort: Some(KeyDraft::new("SK", ScalarType::S)),
            billing_mode: String::from("PAY_PER_REQUEST"),
            read_capacity: String::from("5"),
            write_capacity: String::from("5"),
            gsis: Vec::new(),
            lsis: Vec::new(),
        }
    }
}

impl TableDraft {
    /// The CreateTable request for this form.
    pub fn to_definition(&self) -> Value {
        let provisioned = self.billing_mode == "PROVISIONED";
        // Each key attribute once, in order of first use; a name used with two types is listed twice so
        // that CreateTable reports the conflict.
        let mut defs: Vec<(String, ScalarType)> = Vec::new();
        let mut add = |k: &KeyDraft| {
            if !defs.iter().any(|(n, t)| *n == k.name && *t == k.key_type) {
                defs.push((k.name.clone(), k.key_type));
            }
        };
        add(&self.partition);
        if let Some(s) = &self.sort {
            add(s);
        }
        for g in &self.gsis {
            for k in g.key_drafts() {
                add(k);
            }
        }
        for l in &self.lsis {
            if let Some(s) = &l.sort {
                add(s);
            }
        }
        let mut def = json!({
            "TableName": self.name,
            "KeySchema": key_schema_json(&self.partition.name, self.sort.as_ref()),
            "AttributeDefinitions": defs.iter().map(|(n, t)| json!({"AttributeName": n, "AttributeType": scalar_tag(*t)})).collect::<Vec<_>>(),
            "BillingMode": self.billing_mode,
        });
        if provisioned {
            def["ProvisionedThroughput"] =
                json!({"ReadCapacityUnits": capacity(&self.read_capacity), "WriteCapacityUnits": capacity(&self.write_capacity)});
        }
        if !self.gsis.is_empty() {
            def["GlobalSecondaryIndexes"] = self
                .gsis
                .iter()
                .map(|g| {
                    let mut ix = json!({
                        "IndexName": g.name,
                        "KeySchema": g.key_schema_json(),
                        "Projection": g.projection_json(),
                    });
                    if provisioned {
                        ix["ProvisionedThroughput"] = json!({"ReadCapacityUnits": capacity(&g.read_capacity), "WriteCapacityUnits": capacity(&g.write_capacity)});
                    }
                    ix
                })
                .collect();
        }
        if !self.lsis.is_empty() {
            def["LocalSecondaryIndexes"] = self
                .lsis
                .iter()
                .map(|l| {
                    json!({
                        "IndexName": l.name,
                        "KeySchema": key_schema_json(&self.partition.name, l.sort.as_ref()),
                        "Projection": l.projection_json(),
                    })
                })
                .collect();
        }
        def
    }

    /// The form for an existing definition.
    pub fn from_definition(def: &Value) -> TableDraft {
        let key = |name: Option<&str>| name.map(|n| KeyDraft::new(n, attribute_type(def, n).unwrap_or(ScalarType::S)));
        let (p, s) = key_schema(def.get("KeySchema"));
        let cap = |v: Option<&Value>, field: &str| {
            v.and_then(|t| t.get(field)).map(|x| x.as_u64().map(|n| n.to_string()).unwrap_or_else(|| x.as_str().unwrap_or("").to_string())).unwrap_or_else(|| String::from("5"))
        };
        let tp = def.get("ProvisionedThroughput");
        let mut d = TableDraft {
            name: def.get("TableName").and_then(Value::as_str).unwrap_or_default().to_string(),
            partition: key(p).unwrap_or_else(|| KeyDraft::new("", ScalarType::S)),
            sort: key(s),
            billing_mode: def.get("BillingMode").and_then(Value::as_str).unwrap_or(if tp.is_some() { "PROVISIONED" } else { "PAY_PER_REQUEST" }).to_string(),
            read_capacity: cap(tp, "ReadCapacityUnits"),
            write_capacity: cap(tp, "WriteCapacityUnits"),
            gsis: Vec::new(),
            lsis: Vec::new(),
        };
        let raw_gsis: Vec<&Value> = def.get("GlobalSecondaryIndexes").and_then(Value::as_array).into_iter().flatten().collect();
        for (i, info) in indexes(def).into_iter().enumerate() {
            let ix = IndexDraft {
                name: info.name.clone(),
                partition: KeyDraft::new(&info.partition_key, attribute_type(def, &info.partition_key).unwrap_or(ScalarType::S)),
                sort: key(info.sort_key.as_deref()),
                more_partition: info.partition_keys.iter().skip(1).filter_map(|n| key(Some(n))).collect(),
                more_sort: info.sort_keys.iter().skip(1).filter_map(|n| key(Some(n))).collect(),
                projection: info.projection.clone(),
                include: info.non_key_attributes.join(", "),
                read_capacity: cap(raw_gsis.get(i).and_then(|g| g.get("ProvisionedThroughput")), "ReadCapacityUnits"),
                write_capacity: cap(raw_gsis.get(i).and_then(|g| g.get("ProvisionedThroughput")), "WriteCapacityUnits"),
            };
            if info.global {
                d.gsis.push(ix);
            } else {
                d.lsis.push(ix);
            }
        }
        d
    }

    /// Run CreateTable on a scratch database: `Ok(definition)` or DynamoDB's error, placed on a field.
    pub fn check(&self, now: u64) -> Result<Value, DesignError> {
        self.check_edited(now, None)
    }

    /// [`TableDraft::check`] for a form whose last change was to `edited`: an error two fields share
    /// (two indexes of one name) is shown at the one being edited.
    pub fn check_edited(&self, now: u64, edited: Option<Field>) -> Result<Value, DesignError> {
        let def = self.to_definition();
        let mut scratch = Database::new(DatabaseConfig::default());
        match scratch.execute("CreateTable", &def, now) {
            Ok(_) => Ok(def),
            Err(error) => Err(DesignError { field: self.field_of_edited(error.message(), edited), error }),
        }
    }

    /// [`TableDraft::field_of`], but a duplicate index name is blamed on the index of that name being
    /// edited (`edited`), else on the last of them: the one that came second, not the first, which was
    /// fine until the other took its name.
    pub fn field_of_edited(&self, message: &str, edited: Option<Field>) -> Field {
        let Some((_, name)) = message.split_once("Duplicate index name: ") else { return self.field_of(message) };
        let named = |list: &[IndexDraft], field: fn(usize) -> Field| -> Vec<Field> {
            list.iter().enumerate().filter(|(_, x)| x.name == name).map(|(i, _)| field(i)).collect()
        };
        // CreateTable reads the LSIs before the GSIs: a GSI is the second of a name an LSI has.
        let mut same = named(&self.lsis, Field::Lsi);
        same.extend(named(&self.gsis, Field::Gsi));
        match edited {
            Some(f) if same.contains(&f) => f,
            _ => same.last().copied().unwrap_or_else(|| self.field_of(message)),
        }
    }

    /// The field a CreateTable message is about, judged from the names it mentions.
    pub fn field_of(&self, message: &str) -> Field {
        let mentions = |name: &str| !name.is_empty() && message.contains(name);
        // A key attribute used with two types: blame the first index that re-uses a name with a new type.
        // Checked first: the message names the attribute, which an index name may contain.
        if message.contains("Attribute Name is duplicated") {
            let mut seen: Vec<&KeyDraft> = vec![&self.partition];
            seen.extend(self.sort.as_ref());
            let clash = |k: &KeyDraft, seen: &[&KeyDraft]| seen.iter().any(|s| s.name == k.name && s.key_type != k.key_type);
            for (i, g) in self.gsis.iter().enumerate() {
                for k in g.key_drafts() {
                    if clash(k, &seen) {
                        return Field::Gsi(i);
                    }
                    seen.push(k);
                }
            }
            for (i, l) in self.lsis.iter().enumerate() {
                if let Some(k) = &l.sort {
                    if clash(k, &seen) {
                        return Field::Lsi(i);
                    }
                    seen.push(k);
                }
            }
            return Field::Keys;
        }
        for (i, g) in self.gsis.iter().enumerate() {
            if mentions(&g.name) {
                return Field::Gsi(i);
            }
        }
        for (i, l) in self.lsis.iter().enumerate() {
            if mentions(&l.name) {
                return Field::Lsi(i);
            }
        }
        if message.contains("tableName") || message.contains("TableName") || message.contains("Table name") {
            return Field::TableName;
        }
        if message.contains("rovisioned") || message.contains("apacity") || message.contains("BillingMode") || message.contains("billingMode") {
            return Field::Billing;
        }
        if message.contains("globalSecondaryIndexes") || message.contains("GlobalSecondaryIndex") {
            return if self.gsis.is_empty() { Field::General } else { Field::Gsi(0) };
        }
        if message.contains("localSecondaryIndexes") || message.contains("LocalSecondaryIndex") {
            return if self.lsis.is_empty() { Field::General } else { Field::Lsi(0) };
        }
        if message.contains("ey") || message.contains("ttribute") {
            return Field::Keys;
        }
        Field::General
    }
}
