//! Reading a model file with its items decoded straight from the text into engine [`Item`]s, without a
//! `serde_json::Value` tree for each of them. For a 100,000-item file the tree is most of what a load
//! costs: it is built (millions of small allocations), decoded into items, and freed again.
//!
//! This is a fast path, not a second reader. It decides only what it can decide exactly as the ordinary
//! reader does: string, number and boolean values are decoded here with the same number parser; every
//! other value (maps, lists, sets, binaries, nulls) goes through [`value_from_json`] on its own small
//! tree. Everything outside `tables[i].items` is read by [`Model::from_json`] as usual. Any fault at all
//! — a JSON error, an item or a value this reader does not take, a duplicate field, a fault in the model
//! itself — makes [`read`] answer `None`, and the caller reads the file the ordinary way, which reports
//! the fault with its path.
//! So a file either reads here to the same model the ordinary reader gives, or is not read here.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};

use super::Model;
use crate::number::Number;
use crate::value::{value_from_json, AttributeValue, Item};

/// A model read by [`read`]: the model with every table's `items` empty, and each table's items,
/// decoded, in order.
#[derive(Debug, Clone, PartialEq)]
pub struct Decoded {
    pub model: Model,
    pub items: Vec<Vec<Item>>,
}

/// Read `text` as a model file with decoded items, or `None` when this reader does not decide: then
/// read it with [`Model::from_json_str`] and [`Model::check_items`], which name the fault (or, for a
/// file of another format, tell what it is).
pub fn read(text: &str) -> Option<Decoded> {
    let mut items = Vec::new();
    let mut de = serde_json::Deserializer::from_str(text);
    let root = Root { items: &mut items }.deserialize(&mut de).ok()?;
    de.end().ok()?;
    let model = Model::from_json(root).ok()?;
    // One entry per table read, so always equal; were it not, this reader would not have decided.
    (model.tables.len() == items.len()).then_some(Decoded { model, items })
}

fn fail<E: de::Error>() -> E {
    E::custom("not read by the fast path")
}

/// The document: every field as a `Value`, except `tables`.
struct Root<'a> {
    items: &'a mut Vec<Vec<Item>>,
}

impl<'de> DeserializeSeed<'de> for Root<'_> {
    type Value = Value;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for Root<'_> {
    type Value = Value;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a model")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut out = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            let value = if key == "tables" {
                if out.contains_key("tables") {
                    return Err(fail());
                }
                map.next_value_seed(Tables { items: &mut *self.items })?
            } else {
                map.next_value::<Value>()?
            };
            if out.insert(key, value).is_some() {
                return Err(fail());
            }
        }
        Ok(Value::Object(out))
    }
}

/// `tables`: each table as a `Value` without its `items`, which go to `items`.
struct Tables<'a> {
    items: &'a mut Vec<Vec<Item>>,
}

impl<'de> DeserializeSeed<'de> for Tables<'_> {
    type Value = Value;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for Tables<'_> {
    type Value = Value;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a list of tables")
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut out = Vec::new();
        while let Some(t) = seq.next_element_seed(Table { items: &mut *self.items })? {
            out.push(t);
        }
        Ok(Value::Array(out))
    }
}

struct Table<'a> {
    items: &'a mut Vec<Vec<Item>>,
}

impl<'de> DeserializeSeed<'de> for Table<'_> {
    type Value = Value;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for Table<'_> {
    type Value = Value;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a table")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut out = Map::new();
        let mut items = None;
        while let Some(key) = map.next_key::<String>()? {
            if key == "items" {
                if items.is_some() {
                    return Err(fail());
                }
                items = Some(map.next_value_seed(Items)?);
            } else if out.insert(key, map.next_value::<Value>()?).is_some() {
                return Err(fail());
            }
        }
        self.items.push(items.unwrap_or_default());
        Ok(Value::Object(out))
    }
}

struct Items;

impl<'de> DeserializeSeed<'de> for Items {
    type Value = Vec<Item>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Vec<Item>, D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for Items {
    type Value = Vec<Item>;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a list of items")
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<Item>, A::Error> {
        let mut out = Vec::with_capacity(seq.size_hint().unwrap_or(0));
        while let Some(item) = seq.next_element_seed(ItemSeed)? {
            out.push(item);
        }
        Ok(out)
    }
}

struct ItemSeed;

impl<'de> DeserializeSeed<'de> for ItemSeed {
    type Value = Item;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Item, D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for ItemSeed {
    type Value = Item;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an item")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Item, A::Error> {
        let mut item = Item::new();
        while let Some(name) = map.next_key::<String>()? {
            let value = map.next_value_seed(Attr)?;
            // A name given twice: the ordinary reader keeps the last one, and decides on it alone.
            if item.insert(name, value).is_some() {
                return Err(fail());
            }
        }
        Ok(item)
    }
}

/// One attribute value: `{"S": "..."}`, `{"N": "..."}`, `{"BOOL": b}`, `{"NULL": true}` here; any
/// other type through [`value_from_json`]; anything else is not decided.
struct Attr;

impl<'de> DeserializeSeed<'de> for Attr {
    type Value = AttributeValue;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<AttributeValue, D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for Attr {
    type Value = AttributeValue;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an attribute value")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<AttributeValue, A::Error> {
        let Some(tag) = map.next_key::<Tag>()? else { return Err(fail()) };
        let value = match tag {
            Tag::S => AttributeValue::S(map.next_value::<String>()?),
            Tag::N => {
                let text = map.next_value::<&str>().or_else(|_| Err(fail()))?;
                AttributeValue::N(Number::parse(text).map_err(|_| fail())?)
            }
            Tag::Bool => AttributeValue::Bool(map.next_value::<bool>()?),
            Tag::Null => match map.next_value::<bool>()? {
                true => AttributeValue::Null,
                false => return Err(fail()),
            },
            Tag::Other(tag) => {
                let body = map.next_value::<Value>()?;
                let mut one = Map::new();
                one.insert(tag, body);
                value_from_json(&Value::Object(one)).map_err(|_| fail())?
            }
        };
        // More than one member: the ordinary reader decides (ignored members, several types).
        if map.next_key::<Tag>()?.is_some() {
            return Err(fail());
        }
        Ok(value)
    }
}

/// The type tag of an attribute value. `Other` holds the tags decoded through [`value_from_json`];
/// unknown members are not decided here.
enum Tag {
    S,
    N,
    Bool,
    Null,
    Other(String),
}

impl<'de> de::Deserialize<'de> for Tag {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Tag, D::Error> {
        d.deserialize_str(TagVisitor)
    }
}

struct TagVisitor;

impl Visitor<'_> for TagVisitor {
    type Value = Tag;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a type tag")
    }
    fn visit_str<E: de::Error>(self, s: &str) -> Result<Tag, E> {
        Ok(match s {
            "S" => Tag::S,
            "N" => Tag::N,
            "BOOL" => Tag::Bool,
            "NULL" => Tag::Null,
            "B" | "BS" | "L" | "M" | "NS" | "SS" => Tag::Other(String::from(s)),
            _ => return Err(fail()),
        })
    }
}
