//! Reading a model file with its items decoded straight from the text into engine [`Item`]s, without a
//! `serde_json::Value` tree for each of them. For a 100,000-item file the tree is most of what a load
//! costs: it is built (millions of small allocations), decoded into items, and freed again.
//!
//! This is a fast path, not a second reader. It decides only what it can decide exactly as the ordinary
//! reader does: strings, numbers, booleans, nulls, lists and maps are decoded here with the same number
//! parser and nesting limit, string and number sets by the ordinary reader's own set decoding; binaries
//! go through [`value_from_json`] on their own small tree. Everything outside `tables[i].items` is read
//! by [`Model::from_json`] as usual. Any fault at all
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
use crate::value::{decode_number_set, decode_string_set, value_from_json, AttributeValue, Item, MAX_ATTRIBUTE_NAME_BYTES, MAX_NESTING_DEPTH};

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
    let Out::Value(root) = (Seed { kind: Kind::Root, items: &mut items }).deserialize(&mut de).ok()? else { return None };
    de.end().ok()?;
    let model = Model::from_json(root).ok()?;
    // One entry per table read, so always equal; were it not, this reader would not have decided.
    (model.tables.len() == items.len()).then_some(Decoded { model, items })
}

/// Read `text` as a JSON object whose member `member` is a model file (an envelope, such as the
/// playground's autosave): the other members as they are, and the model with decoded items. `None` when
/// this reader does not decide, exactly as for [`read`]; the envelope's own members are not judged here.
pub fn read_member(text: &str, member: &'static str) -> Option<(Map<String, Value>, Decoded)> {
    let mut items = Vec::new();
    let mut de = serde_json::Deserializer::from_str(text);
    let Out::Value(Value::Object(mut envelope)) = (Seed { kind: Kind::Envelope(member), items: &mut items }).deserialize(&mut de).ok()? else {
        return None;
    };
    de.end().ok()?;
    let model = Model::from_json(envelope.remove(member)?).ok()?;
    (model.tables.len() == items.len()).then_some((envelope, Decoded { model, items }))
}

fn fail<E: de::Error>() -> E {
    E::custom("not read by the fast path")
}

/// What a [`Seed`] reads: one seed type serves every level of the document.
#[derive(Clone, Copy, PartialEq)]
enum Kind {
    /// A document holding a model file under this member (see [`read_member`]): every other member as a
    /// `Value`.
    Envelope(&'static str),
    /// The document: every field as a `Value`, except `tables`.
    Root,
    /// `tables`: each table as a `Value` without its `items`, which go to `items`.
    Tables,
    Table,
    Items,
    /// An item (level 0) or the body of an `M` value at this nesting level: its values are one level
    /// deeper.
    Map(usize),
    /// The body of an `L` value at this nesting level.
    List(usize),
    /// One attribute value at this nesting level (an item's own values are at level 1, as in
    /// [`value_from_json`]): `S`, `N`, `BOOL`, `NULL`, `SS`, `NS`, `L` and `M` here, `B` and `BS` through
    /// [`value_from_json`]; anything else is not decided.
    Attr(usize),
}

enum Out {
    Value(Value),
    Items(Vec<Item>),
    Item(Item),
    List(Vec<AttributeValue>),
    Attr(AttributeValue),
}

struct Seed<'a> {
    kind: Kind,
    /// Each table's items, in order (filled at the `Table` level).
    items: &'a mut Vec<Vec<Item>>,
}

impl<'de> DeserializeSeed<'de> for Seed<'_> {
    type Value = Out;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Out, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Seed<'_> {
    type Value = Out;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a model file")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Out, A::Error> {
        match self.kind {
            Kind::Tables => {
                let mut out = Vec::new();
                while let Some(t) = seq.next_element_seed(Seed { kind: Kind::Table, items: &mut *self.items })? {
                    let Out::Value(t) = t else { return Err(fail()) };
                    out.push(t);
                }
                Ok(Out::Value(Value::Array(out)))
            }
            Kind::Items => {
                let mut out = Vec::with_capacity(seq.size_hint().unwrap_or(0));
                while let Some(item) = seq.next_element_seed(Seed { kind: Kind::Map(0), items: &mut *self.items })? {
                    let Out::Item(item) = item else { return Err(fail()) };
                    out.push(item);
                }
                Ok(Out::Items(out))
            }
            Kind::List(level) => {
                let mut out = Vec::new();
                while let Some(v) = seq.next_element_seed(Seed { kind: Kind::Attr(level + 1), items: &mut *self.items })? {
                    let Out::Attr(v) = v else { return Err(fail()) };
                    out.push(v);
                }
                Ok(Out::List(out))
            }
            _ => Err(fail()),
        }
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Out, A::Error> {
        match self.kind {
            Kind::Envelope(member) => {
                let mut out = Map::new();
                while let Some(key) = map.next_key::<String>()? {
                    let value = if key == member {
                        let Out::Value(v) = map.next_value_seed(Seed { kind: Kind::Root, items: &mut *self.items })? else { return Err(fail()) };
                        v
                    } else {
                        map.next_value::<Value>()?
                    };
                    // A member given twice: the ordinary reader keeps the last one, and decides on it alone.
                    if out.insert(key, value).is_some() {
                        return Err(fail());
                    }
                }
                Ok(Out::Value(Value::Object(out)))
            }
            Kind::Root | Kind::Table => {
                let (nested, inner) = if self.kind == Kind::Root { ("tables", Kind::Tables) } else { ("items", Kind::Items) };
                let mut out = Map::new();
                let mut table_items = None;
                while let Some(key) = map.next_key::<String>()? {
                    if key == nested {
                        if out.contains_key(nested) || table_items.is_some() {
                            return Err(fail());
                        }
                        match map.next_value_seed(Seed { kind: inner, items: &mut *self.items })? {
                            Out::Value(v) => {
                                out.insert(key, v);
                            }
                            Out::Items(items) => table_items = Some(items),
                            _ => return Err(fail()),
                        }
                    } else if out.insert(key, map.next_value::<Value>()?).is_some() {
                        return Err(fail());
                    }
                }
                if self.kind == Kind::Table {
                    self.items.push(table_items.unwrap_or_default());
                }
                Ok(Out::Value(Value::Object(out)))
            }
            Kind::Map(level) => {
                let mut item = Item::new();
                while let Some(name) = map.next_key::<String>()? {
                    // An empty name or one past DynamoDB's limit: the ordinary reader refuses the item,
                    // and says why.
                    if name.is_empty() || name.len() > MAX_ATTRIBUTE_NAME_BYTES {
                        return Err(fail());
                    }
                    let Out::Attr(value) = map.next_value_seed(Seed { kind: Kind::Attr(level + 1), items: &mut *self.items })? else {
                        return Err(fail());
                    };
                    // A name given twice: the ordinary reader keeps the last one, and decides on it alone.
                    if item.insert(name, value).is_some() {
                        return Err(fail());
                    }
                }
                Ok(Out::Item(item))
            }
            Kind::Attr(level) => {
                // Too deep: the ordinary reader refuses it, and says why.
                if level > MAX_NESTING_DEPTH {
                    return Err(fail());
                }
                let Some(tag) = map.next_key::<String>()? else { return Err(fail()) };
                let value = match tag.as_str() {
                    "S" => AttributeValue::S(map.next_value::<String>()?),
                    "N" => AttributeValue::N(Number::parse(&map.next_value::<String>()?).map_err(|_| fail())?),
                    "BOOL" => AttributeValue::Bool(map.next_value::<bool>()?),
                    "NULL" => match map.next_value::<bool>()? {
                        true => AttributeValue::Null,
                        false => return Err(fail()),
                    },
                    // Sets through the ordinary reader's own set decoding (member order, empty sets,
                    // duplicates); whatever it refuses is not decided here.
                    "SS" | "NS" => {
                        let members = map.next_value::<Vec<String>>()?;
                        let members: Vec<Option<&str>> = members.iter().map(|m| Some(m.as_str())).collect();
                        let set = if tag == "SS" { decode_string_set(&members) } else { decode_number_set(&members) };
                        set.map_err(|_| fail())?
                    }
                    "L" => match map.next_value_seed(Seed { kind: Kind::List(level), items: &mut *self.items })? {
                        Out::List(list) => AttributeValue::L(list),
                        _ => return Err(fail()),
                    },
                    "M" => match map.next_value_seed(Seed { kind: Kind::Map(level), items: &mut *self.items })? {
                        Out::Item(m) => AttributeValue::M(m),
                        _ => return Err(fail()),
                    },
                    "B" | "BS" => {
                        let body = map.next_value::<Value>()?;
                        let mut one = Map::new();
                        one.insert(tag, body);
                        value_from_json(&Value::Object(one)).map_err(|_| fail())?
                    }
                    // An unknown member: the ordinary reader ignores it (and may find the value empty).
                    _ => return Err(fail()),
                };
                // More than one member: the ordinary reader decides (ignored members, several types).
                if map.next_key::<String>()?.is_some() {
                    return Err(fail());
                }
                Ok(Out::Attr(value))
            }
            _ => Err(fail()),
        }
    }
}
