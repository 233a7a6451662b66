//! Key templates: how an entity's key attributes are built from its other attributes
//! (`USER#{userId}`, `ORDER#{date}#{orderId}`).
//!
//! Templates are parsed once, so a misspelt placeholder is reported while the entity is being designed,
//! not when the hundredth item is added. Expansion is deliberately strict about types: a template that
//! mixes literal text with placeholders always yields an `S`, and only a lone placeholder can yield an
//! `N` or `B` key, because DynamoDB would reject any other way of building a numeric or binary key.

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

use crate::value::{AttributeValue, Item, ScalarType};

/// One piece of a parsed template.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Segment {
    /// Text copied as is (`USER#` in `USER#{userId}`); `{{` and `}}` in the source stand for `{` and `}`.
    Literal(String),
    /// `{userId}`: the value of the named attribute.
    Placeholder(String),
}

/// A parsed key template.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyTemplate {
    segments: Vec<Segment>,
}

/// Why a template's text is not a template. Positions are byte offsets into the source.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum TemplateError {
    /// `""`: a key needs something to be built from.
    Empty,
    /// `USER#{userId`: a `{` without its `}`.
    Unclosed { at: usize },
    /// `USER#}`: a `}` that closes nothing (write `}}` for a literal brace).
    StrayClose { at: usize },
    /// `USER#{}`: a placeholder without a name.
    EmptyPlaceholder { at: usize },
    /// `USER#{user id}`: placeholder names are attribute names made of letters, digits, `_`, `-`, `.`.
    InvalidName { at: usize, name: String },
    /// `{userId}` where the entity declares no attribute `userId`.
    UnknownAttribute { name: String },
    /// A key of type N or B built from anything but a single placeholder.
    NotSingleValue { key_type: ScalarType },
}

impl fmt::Display for TemplateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TemplateError::Empty => write!(f, "The template is empty"),
            TemplateError::Unclosed { at } => write!(f, "Unclosed '{{' at position {at}"),
            TemplateError::StrayClose { at } => write!(f, "Unmatched '}}' at position {at} (write '}}}}' for a literal brace)"),
            TemplateError::EmptyPlaceholder { at } => write!(f, "Empty placeholder '{{}}' at position {at}"),
            TemplateError::InvalidName { at, name } => write!(f, "Invalid attribute name '{name}' in placeholder at position {at}"),
            TemplateError::UnknownAttribute { name } => write!(f, "Placeholder {{{name}}} names no attribute of this entity"),
            TemplateError::NotSingleValue { key_type } => write!(
                f,
                "A key of type {} must be exactly one placeholder, such as {{id}}",
                scalar_name(*key_type)
            ),
        }
    }
}

/// Why a template could not produce a key value for a given item.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ExpandError {
    /// The item lacks the attribute a placeholder names. For an index key this is how an item stays
    /// out of a sparse index; for a table key it is an error the user must fix.
    Missing { name: String },
    /// The placeholder's attribute is a list, map, set, boolean or null: there is no single text for it.
    NotScalar { name: String },
    /// A lone placeholder for an N or B key whose value has another type.
    WrongType { name: String, expected: ScalarType },
}

impl fmt::Display for ExpandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExpandError::Missing { name } => write!(f, "The item has no attribute {name}"),
            ExpandError::NotScalar { name } => write!(f, "Attribute {name} is not a string, number or binary"),
            ExpandError::WrongType { name, expected } => {
                write!(f, "Attribute {name} must be of type {} to form this key", scalar_name(*expected))
            }
        }
    }
}

fn scalar_name(t: ScalarType) -> &'static str {
    match t {
        ScalarType::S => "S",
        ScalarType::N => "N",
        ScalarType::B => "B",
    }
}

fn is_name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '-' || c == '.'
}

impl KeyTemplate {
    /// Parse template text.
    pub fn parse(src: &str) -> Result<KeyTemplate, TemplateError> {
        if src.is_empty() {
            return Err(TemplateError::Empty);
        }
        let mut segments = Vec::new();
        let mut literal = String::new();
        let mut chars = src.char_indices().peekable();
        while let Some((at, c)) = chars.next() {
            match c {
                '{' if matches!(chars.peek(), Some((_, '{'))) => {
                    chars.next();
                    literal.push('{');
                }
                '}' if matches!(chars.peek(), Some((_, '}'))) => {
                    chars.next();
                    literal.push('}');
                }
                '}' => return Err(TemplateError::StrayClose { at }),
                '{' => {
                    let mut name = String::new();
                    let mut closed = false;
                    for (_, c) in chars.by_ref() {
                        if c == '}' {
                            closed = true;
                            break;
                        }
                        name.push(c);
                    }
                    if !closed {
                        return Err(TemplateError::Unclosed { at });
                    }
                    if name.is_empty() {
                        return Err(TemplateError::EmptyPlaceholder { at });
                    }
                    if !name.chars().all(is_name_char) {
                        return Err(TemplateError::InvalidName { at, name });
                    }
                    if !literal.is_empty() {
                        segments.push(Segment::Literal(core::mem::take(&mut literal)));
                    }
                    segments.push(Segment::Placeholder(name));
                }
                c => literal.push(c),
            }
        }
        if !literal.is_empty() {
            segments.push(Segment::Literal(literal));
        }
        Ok(KeyTemplate { segments })
    }

    pub fn segments(&self) -> &[Segment] {
        &self.segments
    }

    /// The attribute names the template reads, in order of first appearance.
    pub fn placeholders(&self) -> Vec<&str> {
        let mut out: Vec<&str> = Vec::new();
        for s in &self.segments {
            if let Segment::Placeholder(n) = s {
                if !out.contains(&n.as_str()) {
                    out.push(n);
                }
            }
        }
        out
    }

    /// Check the template against the entity it belongs to: every placeholder must be a declared
    /// attribute, and N/B keys must be a single placeholder.
    pub fn check(&self, key_type: ScalarType, declared: &[&str]) -> Result<(), TemplateError> {
        for name in self.placeholders() {
            if !declared.contains(&name) {
                return Err(TemplateError::UnknownAttribute { name: name.to_string() });
            }
        }
        if key_type != ScalarType::S && !matches!(self.segments.as_slice(), [Segment::Placeholder(_)]) {
            return Err(TemplateError::NotSingleValue { key_type });
        }
        Ok(())
    }

    /// The key value for `item`. Numbers are written in DynamoDB's canonical form so that the same
    /// number always yields the same key text.
    pub fn expand(&self, key_type: ScalarType, item: &Item) -> Result<AttributeValue, ExpandError> {
        if key_type != ScalarType::S {
            if let [Segment::Placeholder(name)] = self.segments.as_slice() {
                let v = item.get(name).ok_or_else(|| ExpandError::Missing { name: name.clone() })?;
                return match (key_type, v) {
                    (ScalarType::N, AttributeValue::N(_)) | (ScalarType::B, AttributeValue::B(_)) => Ok(v.clone()),
                    _ => Err(ExpandError::WrongType { name: name.clone(), expected: key_type }),
                };
            }
        }
        let mut out = String::new();
        for s in &self.segments {
            match s {
                Segment::Literal(t) => out.push_str(t),
                Segment::Placeholder(name) => match item.get(name) {
                    None => return Err(ExpandError::Missing { name: name.clone() }),
                    Some(AttributeValue::S(s)) => out.push_str(s),
                    Some(AttributeValue::N(n)) => out.push_str(&n.to_canonical()),
                    Some(AttributeValue::B(b)) => {
                        use base64::Engine as _;
                        out.push_str(&base64::engine::general_purpose::STANDARD.encode(b))
                    }
                    Some(_) => return Err(ExpandError::NotScalar { name: name.clone() }),
                },
            }
        }
        if key_type == ScalarType::S {
            Ok(AttributeValue::S(out))
        } else {
            // A mixed template for an N/B key: `check` reports this while designing; at expansion time
            // the honest answer is that no single value of the right type exists.
            let name = self.placeholders().first().map(|s| s.to_string()).unwrap_or_default();
            Err(ExpandError::WrongType { name, expected: key_type })
        }
    }
}

impl fmt::Display for KeyTemplate {
    /// The source form, with literal braces escaped again, so that `parse(display(t)) == t`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for s in &self.segments {
            match s {
                Segment::Literal(t) => {
                    for c in t.chars() {
                        match c {
                            '{' => f.write_str("{{")?,
                            '}' => f.write_str("}}")?,
                            c => write!(f, "{c}")?,
                        }
                    }
                }
                Segment::Placeholder(n) => write!(f, "{{{n}}}")?,
            }
        }
        Ok(())
    }
}
