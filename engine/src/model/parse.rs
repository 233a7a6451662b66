//! Reading a model document field by field, so that every fault names where it is
//! (`tables[1].entities[0].keys.PK: expected a string`), and so that a file from a newer build with
//! fields we do not know is refused by name instead of being half-read and saved back without them.

use alloc::collections::BTreeMap;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use serde_json::{Map, Value};

use super::entity::value_type_from_str;
use super::slots::{AccessPattern, DismissedFinding, Workload};
use super::{Entity, EntityAttribute, Model, ModelError, TableModel};

/// A JSON path in the notation of the error messages: `tables[1].items[40].price`; names that are not
/// plain identifiers are quoted (`items[0]["first name"]`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Path(String);

impl Path {
    pub fn root() -> Path {
        Path(String::new())
    }
    pub fn field(&self, name: &str) -> Path {
        let plain = !name.is_empty()
            && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-' || c == '#')
            && !name.starts_with(|c: char| c.is_ascii_digit());
        let mut s = self.0.clone();
        if plain {
            if !s.is_empty() {
                s.push('.');
            }
            s.push_str(name);
        } else {
            s.push('[');
            s.push_str(&Value::from(name).to_string());
            s.push(']');
        }
        Path(s)
    }
    pub fn index(&self, i: usize) -> Path {
        Path(format!("{}[{i}]", self.0))
    }
    pub fn as_str(&self) -> &str {
        &self.0
    }
    fn fault(&self, message: impl Into<String>) -> ModelError {
        ModelError::At { path: self.0.clone(), message: message.into() }
    }
}

fn kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// An object being read: fields are taken out one by one, and whatever is left at the end is unknown.
struct Obj {
    map: Map<String, Value>,
    path: Path,
}

impl Obj {
    fn new(v: Value, path: Path, what: &str) -> Result<Obj, ModelError> {
        match v {
            Value::Object(map) => Ok(Obj { map, path }),
            other => Err(path.fault(format!("expected {what} (an object), found {}", kind(&other)))),
        }
    }
    fn take(&mut self, key: &str) -> Option<(Value, Path)> {
        self.map.remove(key).map(|v| (v, self.path.field(key)))
    }
    fn string(&mut self, key: &str) -> Result<Option<String>, ModelError> {
        match self.take(key) {
            None => Ok(None),
            Some((Value::String(s), _)) => Ok(Some(s)),
            Some((other, p)) => Err(p.fault(format!("expected a string, found {}", kind(&other)))),
        }
    }
    fn required_string(&mut self, key: &str) -> Result<String, ModelError> {
        self.string(key)?.ok_or_else(|| self.path.field(key).fault("missing (a string is required here)"))
    }
    fn array(&mut self, key: &str) -> Result<Vec<(Value, Path)>, ModelError> {
        match self.take(key) {
            None | Some((Value::Null, _)) => Ok(Vec::new()),
            Some((Value::Array(a), p)) => Ok(a.into_iter().enumerate().map(|(i, v)| (v, p.index(i))).collect()),
            Some((other, p)) => Err(p.fault(format!("expected an array, found {}", kind(&other)))),
        }
    }
    /// Refuse leftovers: a field this build does not know would be lost when the model is saved again.
    fn finish(self, known: &[&str]) -> Result<(), ModelError> {
        match self.map.keys().next() {
            None => Ok(()),
            Some(k) => Err(self.path.field(k).fault(format!("unknown field (expected one of: {})", known.join(", ")))),
        }
    }
    /// Keep leftovers (open slots).
    fn rest(self) -> Map<String, Value> {
        self.map
    }
}

const MODEL_FIELDS: [&str; 8] =
    ["version", "name", "description", "tables", "accessPatterns", "workloads", "dismissedFindings", "lesson"];
const TABLE_FIELDS: [&str; 4] = ["definition", "entities", "items", "timeToLive"];
const ENTITY_FIELDS: [&str; 5] = ["name", "typeAttribute", "typeValue", "keys", "attributes"];

/// Read a document already migrated to the current version.
pub(super) fn model(raw: Value) -> Result<Model, ModelError> {
    let mut o = Obj::new(raw, Path::root(), "a model")?;
    let version = o.take("version").and_then(|(v, _)| v.as_u64()).ok_or(ModelError::MissingVersion)?;
    let name = o.string("name")?.unwrap_or_default();
    let description = o.string("description")?.unwrap_or_default();
    let tables = o.array("tables")?.into_iter().map(|(v, p)| table(v, p)).collect::<Result<Vec<_>, _>>()?;
    let access_patterns =
        o.array("accessPatterns")?.into_iter().map(|(v, p)| access_pattern(v, p)).collect::<Result<Vec<_>, _>>()?;
    let workloads = o.array("workloads")?.into_iter().map(|(v, p)| workload(v, p)).collect::<Result<Vec<_>, _>>()?;
    let dismissed_findings =
        o.array("dismissedFindings")?.into_iter().map(|(v, p)| dismissed(v, p)).collect::<Result<Vec<_>, _>>()?;
    let lesson = match o.take("lesson") {
        None | Some((Value::Null, _)) => None,
        Some((l @ Value::Object(_), _)) => Some(l),
        Some((other, p)) => return Err(p.fault(format!("expected a lesson (an object), found {}", kind(&other)))),
    };
    o.finish(&MODEL_FIELDS)?;
    Ok(Model { version: version as u32, name, description, tables, access_patterns, workloads, dismissed_findings, lesson })
}

fn table(v: Value, path: Path) -> Result<TableModel, ModelError> {
    let mut o = Obj::new(v, path, "a table")?;
    let definition = match o.take("definition") {
        Some((d @ Value::Object(_), _)) => d,
        Some((other, p)) => return Err(p.fault(format!("expected the CreateTable input (an object), found {}", kind(&other)))),
        None => return Err(o.path.field("definition").fault("missing (the table's CreateTable input)")),
    };
    let entities = o.array("entities")?.into_iter().map(|(v, p)| entity(v, p)).collect::<Result<Vec<_>, _>>()?;
    let mut items = Vec::new();
    for (v, p) in o.array("items")? {
        if !v.is_object() {
            return Err(p.fault(format!("expected an item in DynamoDB JSON (an object), found {}", kind(&v))));
        }
        items.push(v);
    }
    let time_to_live = o.string("timeToLive")?;
    o.finish(&TABLE_FIELDS)?;
    Ok(TableModel { definition, entities, items, time_to_live })
}

fn entity(v: Value, path: Path) -> Result<Entity, ModelError> {
    let mut o = Obj::new(v, path, "an entity")?;
    let name = o.required_string("name")?;
    let type_attribute = o.string("typeAttribute")?.unwrap_or_else(|| "Type".into());
    let type_value = o.required_string("typeValue")?;
    let mut keys = BTreeMap::new();
    match o.take("keys") {
        None | Some((Value::Null, _)) => {}
        Some((Value::Object(m), p)) => {
            for (k, t) in m {
                match t {
                    Value::String(t) => {
                        keys.insert(k, t);
                    }
                    other => return Err(p.field(&k).fault(format!("expected a key template (a string), found {}", kind(&other)))),
                }
            }
        }
        Some((other, p)) => return Err(p.fault(format!("expected an object of key templates, found {}", kind(&other)))),
    }
    let mut attributes = Vec::new();
    for (v, p) in o.array("attributes")? {
        let mut a = Obj::new(v, p, "an attribute")?;
        let name = a.required_string("name")?;
        let tag = a.required_string("type")?;
        let value_type = value_type_from_str(&tag).ok_or_else(|| {
            a.path.field("type").fault(format!("unknown attribute type {tag:?} (one of S, N, B, BOOL, NULL, L, M, SS, NS, BS)"))
        })?;
        a.finish(&["name", "type"])?;
        attributes.push(EntityAttribute { name, value_type });
    }
    o.finish(&ENTITY_FIELDS)?;
    Ok(Entity { name, type_attribute, type_value, keys, attributes })
}

fn access_pattern(v: Value, path: Path) -> Result<AccessPattern, ModelError> {
    let mut o = Obj::new(v, path, "an access pattern")?;
    let name = o.required_string("name")?;
    let description = o.string("description")?.unwrap_or_default();
    let operation = o.string("operation")?;
    let request = match o.take("request") {
        None | Some((Value::Null, _)) => None,
        Some((r @ Value::Object(_), _)) => Some(r),
        Some((other, p)) => return Err(p.fault(format!("expected the request input (an object), found {}", kind(&other)))),
    };
    Ok(AccessPattern { name, description, operation, request, extra: o.rest() })
}

fn dismissed(v: Value, path: Path) -> Result<DismissedFinding, ModelError> {
    let mut o = Obj::new(v, path, "a dismissed finding")?;
    let finding = o.required_string("finding")?;
    let reason = o.string("reason")?.unwrap_or_default();
    o.finish(&["finding", "reason"])?;
    Ok(DismissedFinding { finding, reason })
}

fn workload(v: Value, path: Path) -> Result<Workload, ModelError> {
    let mut o = Obj::new(v, path, "a workload")?;
    let name = o.required_string("name")?;
    let description = o.string("description")?.unwrap_or_default();
    Ok(Workload { name, description, extra: o.rest() })
}

/// Check every item's attribute values (DynamoDB JSON) and name the first bad one by its path.
pub(super) fn check_items(model: &Model) -> Result<(), ModelError> {
    for (ti, t) in model.tables.iter().enumerate() {
        let base = Path::root().field("tables").index(ti).field("items");
        for (ii, item) in t.items.iter().enumerate() {
            let Some(obj) = item.as_object() else {
                return Err(base.index(ii).fault("expected an item in DynamoDB JSON (an object)"));
            };
            for (name, v) in obj {
                if let Err(e) = crate::value::value_from_json(v) {
                    return Err(base.index(ii).field(name).fault(e.message()));
                }
            }
        }
    }
    Ok(())
}
