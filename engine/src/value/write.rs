//! Items written as DynamoDB JSON text straight from the typed values, byte for byte what serialising
//! their `serde_json::Value` form gives (keys in name order, serde_json's string escapes): the
//! server's read answers skip building, serialising and dropping a JSON tree per attribute.

use alloc::string::String;
use core::fmt::Write;

use super::json::encode_b64;
use super::{AttributeValue, Item};

/// A byte that serde_json escapes inside a string.
fn needs_escape(b: u8) -> bool {
    b < 0x20 || b == b'"' || b == b'\\'
}

/// `s` as a JSON string, escaped as serde_json escapes it.
pub fn write_str(out: &mut String, s: &str) {
    // Most strings need no escape: one branch-free pass over the bytes (which the compiler vectorises)
    // decides, and they are copied whole.
    if !s.bytes().fold(false, |seen, b| seen | needs_escape(b)) {
        out.reserve(s.len() + 2);
        out.push('"');
        out.push_str(s);
        out.push('"');
        return;
    }
    out.push('"');
    let mut start = 0;
    for (i, b) in s.bytes().enumerate() {
        if b >= 0x20 && b != b'"' && b != b'\\' {
            continue;
        }
        let escape = match b {
            b'"' => "\\\"",
            b'\\' => "\\\\",
            0x08 => "\\b",
            0x09 => "\\t",
            0x0A => "\\n",
            0x0C => "\\f",
            0x0D => "\\r",
            _ => "",
        };
        out.push_str(&s[start..i]);
        if escape.is_empty() {
            let _ = write!(out, "\\u{:04x}", b);
        } else {
            out.push_str(escape);
        }
        start = i + 1;
    }
    out.push_str(&s[start..]);
    out.push('"');
}

/// `{"TAG":` — the opening of a typed value.
pub(super) fn open(out: &mut String, tag: &str) {
    out.push_str("{\"");
    out.push_str(tag);
    out.push_str("\":");
}

/// Elements, each written by `one`, as a JSON array.
pub(crate) fn array<T>(out: &mut String, items: impl IntoIterator<Item = T>, mut one: impl FnMut(&mut String, T)) {
    out.push('[');
    for (i, item) in items.into_iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        one(out, item);
    }
    out.push(']');
}

/// One attribute value as DynamoDB JSON (what `value_to_json` builds, as text).
pub fn write_value(out: &mut String, v: &AttributeValue) {
    match v {
        AttributeValue::S(s) => {
            open(out, "S");
            write_str(out, s);
        }
        AttributeValue::N(n) => {
            open(out, "N");
            let _ = write!(out, "\"{n}\"");
        }
        AttributeValue::B(b) => {
            open(out, "B");
            write_str(out, &encode_b64(b));
        }
        AttributeValue::Bool(b) => {
            open(out, "BOOL");
            out.push_str(if *b { "true" } else { "false" });
        }
        AttributeValue::Null => {
            open(out, "NULL");
            out.push_str("true");
        }
        AttributeValue::L(items) => {
            open(out, "L");
            array(out, items, write_value);
        }
        AttributeValue::M(map) => {
            open(out, "M");
            write_item(out, map);
        }
        AttributeValue::SS(items) => {
            open(out, "SS");
            array(out, items, |out, s| write_str(out, s));
        }
        AttributeValue::NS(items) => {
            open(out, "NS");
            array(out, items, |out, n| {
                let _ = write!(out, "\"{n}\"");
            });
        }
        AttributeValue::BS(items) => {
            open(out, "BS");
            array(out, items, |out, b| write_str(out, &encode_b64(b)));
        }
    }
    out.push('}');
}

/// An item as DynamoDB JSON (what `item_to_json` builds, as text).
pub fn write_item(out: &mut String, item: &Item) {
    out.push('{');
    for (i, (name, v)) in item.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        write_str(out, name);
        out.push(':');
        write_value(out, v);
    }
    out.push('}');
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::value::{item_to_json, value_to_json, PackedItem};
    use alloc::string::ToString;

    fn item(json: &str) -> Item {
        crate::value::item_from_json(&serde_json::from_str(json).unwrap()).unwrap()
    }

    #[test]
    fn text_equals_the_serialised_tree() {
        let every = item(
            r#"{"s":{"S":"a\"b\\c\n\u0001\u001f\u007f é \t\r\b\f/"},"n":{"N":"-12.50e3"},"b":{"B":"AAEC/w=="},
                "t":{"BOOL":true},"f":{"BOOL":false},"z":{"NULL":true},"l":{"L":[{"S":""},{"N":"0"},{"L":[]}]},
                "m":{"M":{"x y":{"SS":["a","b"]},"\"":{"NS":["1","2.5"]},"bs":{"BS":["AA==","AQ=="]},"e":{"M":{}}}}}"#,
        );
        let mut out = String::new();
        write_item(&mut out, &every);
        assert_eq!(out, item_to_json(&every).to_string());
        for v in every.values() {
            let mut out = String::new();
            write_value(&mut out, v);
            assert_eq!(out, value_to_json(v).to_string());
        }
        let packed = PackedItem::encode(&every);
        let mut out = String::new();
        packed.write_json(&crate::value::NoKey, &mut out);
        assert_eq!(out, packed.to_json(&crate::value::NoKey).to_string());
        assert_eq!(out, item_to_json(&every).to_string());
    }
}
