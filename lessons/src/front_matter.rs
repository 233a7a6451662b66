//! The lesson file's front matter: `---`, then `key: value` lines, then `---`.
//!
//! A strict subset of YAML written here rather than a YAML crate: the front matter is four flat text
//! fields, the YAML crates need std (and the best known one is no longer maintained), and a small reader
//! refuses anything else with its line number instead of guessing (`title: a: b` is a title, a list or
//! a nested map is an error).

use alloc::borrow::ToOwned;
use alloc::string::String;
use alloc::vec::Vec;

use crate::lesson::LessonError;
use crate::message::Message;

/// The keys a lesson's front matter may hold.
pub const KEYS: [&str; 4] = ["id", "lang", "title", "summary"];

/// The front matter's fields, each with its line, and where the body starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FrontMatter {
    pub fields: Vec<(String, String, u32)>,
    /// Byte offset of the first line after the closing `---`.
    pub body_offset: usize,
    /// Line number (1-based) of that line.
    pub body_line: u32,
}

impl FrontMatter {
    pub fn get(&self, key: &str) -> Option<&str> {
        self.fields.iter().find(|(k, _, _)| k == key).map(|(_, v, _)| v.as_str())
    }
}

fn is_fence(line: &str) -> bool {
    line.trim_end() == "---"
}

/// Read the front matter at the start of `text`.
pub fn read(text: &str) -> Result<FrontMatter, LessonError> {
    let mut lines = text.split_inclusive('\n');
    let first = lines.next().unwrap_or_default();
    if !is_fence(first.trim_end_matches(['\n', '\r'])) {
        return Err(LessonError::at_line(1, Message::new("lesson.front_matter.missing")));
    }
    let mut offset = first.len();
    let mut fields: Vec<(String, String, u32)> = Vec::new();
    for (i, raw) in lines.enumerate() {
        let line_no = i as u32 + 2;
        offset += raw.len();
        let line = raw.trim_end_matches(['\n', '\r']);
        if is_fence(line) {
            return Ok(FrontMatter { fields, body_offset: offset, body_line: line_no + 1 });
        }
        if line.trim().is_empty() || line.trim_start().starts_with('#') {
            continue;
        }
        let Some((key, value)) = line.split_once(':').filter(|(k, _)| !k.is_empty() && !k.starts_with(char::is_whitespace) && k.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')) else {
            return Err(LessonError::at_line(line_no, Message::new("lesson.front_matter.not_key_value").text("found", line)));
        };
        if !KEYS.contains(&key) {
            return Err(LessonError::at_line(
                line_no,
                Message::new("lesson.front_matter.unknown_key").text("key", key).list("known", KEYS.iter().map(|k| (*k).to_owned()).collect()),
            ));
        }
        if fields.iter().any(|(k, _, _)| k == key) {
            return Err(LessonError::at_line(line_no, Message::new("lesson.front_matter.duplicate_key").text("key", key)));
        }
        let value = value.trim();
        let value = if let Some(inner) = value.strip_prefix('"') {
            // A quoted value is a JSON string (so `"a: b"` and escapes mean one thing).
            match serde_json::from_str::<String>(value) {
                Ok(s) => s,
                Err(_) if !inner.ends_with('"') => {
                    return Err(LessonError::at_line(line_no, Message::new("lesson.front_matter.bad_quotes").text("key", key)))
                }
                Err(e) => return Err(LessonError::at_line(line_no, Message::new("lesson.front_matter.not_key_value").text("found", alloc::format!("{line} ({e})")))),
            }
        } else {
            value.to_owned()
        };
        fields.push((key.to_owned(), value, line_no));
    }
    Err(LessonError::at_line(1, Message::new("lesson.front_matter.unclosed")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_lines_and_body() {
        let f = read("---\nid: keys\ntitle: \"Keys: the basics\"\n\nlang: en\n---\nBody\n").unwrap();
        assert_eq!(f.get("title"), Some("Keys: the basics"));
        assert_eq!(f.fields[2], (String::from("lang"), String::from("en"), 5));
        assert_eq!(f.body_line, 7);
        assert_eq!(&"---\nid: keys\ntitle: \"Keys: the basics\"\n\nlang: en\n---\nBody\n"[f.body_offset..], "Body\n");
    }

    #[test]
    fn refusals_say_the_line() {
        let line = |t: &str| read(t).unwrap_err().line;
        assert_eq!(line("# Title\n"), Some(1));
        assert_eq!(line("---\nid: a\n"), Some(1));
        assert_eq!(line("---\nid: a\n  - x\n---\n"), Some(3));
        assert_eq!(line("---\nid: a\ncolour: red\n---\n"), Some(3));
        assert_eq!(line("---\nid: a\nid: b\n---\n"), Some(3));
        assert_eq!(line("---\ntitle: \"open\n---\n"), Some(2));
    }
}
