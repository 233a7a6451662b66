//! A crate's words: one table of sentence templates per language, and the checks that keep the
//! tables in step (every key in every language, with the same argument names).
//!
//! A key missing at runtime falls back to English, then to the key itself, so a learner always sees
//! something; that it never happens is the job of each crate's tests, which call [`Catalog::problems`]
//! and render every message the crate emits with [`Catalog::try_render`].

use alloc::collections::BTreeSet;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use crate::format::format_arg;
use crate::{Lang, Message};

/// `(key, template)` pairs; `{name}` in a template is replaced by the argument of that name.
pub type Table = &'static [(&'static str, &'static str)];

/// One crate's message tables. A nested message argument is looked up in the same catalog.
#[derive(Debug, Clone, Copy)]
pub struct Catalog {
    pub en: Table,
    pub tr: Table,
}

/// Why a catalog or a message does not render completely.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
    /// A key appears twice in one language's table.
    Duplicate { lang: Lang, key: &'static str },
    /// A key of one language's table is missing from another's.
    Missing { lang: Lang, key: String },
    /// The same key's templates name different arguments in two languages.
    Arguments { key: &'static str, en: Vec<String>, other: Lang, theirs: Vec<String> },
    /// A template names an argument the message does not carry.
    Unfilled { lang: Lang, key: &'static str, argument: String },
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::Duplicate { lang, key } => write!(f, "{key} appears twice in the {} table", lang.code()),
            Problem::Missing { lang, key } => write!(f, "{key} is missing from the {} table", lang.code()),
            Problem::Arguments { key, en, other, theirs } => {
                write!(f, "{key}: English fills {en:?}, {} fills {theirs:?}", other.code())
            }
            Problem::Unfilled { lang, key, argument } => {
                write!(f, "{key} ({}) needs {{{argument}}}, which the message does not carry", lang.code())
            }
        }
    }
}

/// The `{name}` holes of a template, in order (a brace around anything but a name is text).
pub fn holes(template: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        match after.find('}') {
            Some(close) if is_name(&after[..close]) => {
                out.push(&after[..close]);
                rest = &after[close + 1..];
            }
            _ => rest = after,
        }
    }
    out
}

fn is_name(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

impl Catalog {
    pub fn table(&self, lang: Lang) -> Table {
        match lang {
            Lang::En => self.en,
            Lang::Tr => self.tr,
        }
    }

    /// The template of `key` in `lang`, if that table has it.
    pub fn template(&self, key: &str, lang: Lang) -> Option<&'static str> {
        self.table(lang).iter().find(|(k, _)| *k == key).map(|(_, t)| *t)
    }

    /// `message` in `lang`. A key missing from the language's table shows in English, a key missing
    /// from English as the key itself, and a hole without an argument as `{name}`; the crate's tests
    /// keep all three from happening (see [`Catalog::try_render`]).
    pub fn render(&self, message: &Message, lang: Lang) -> String {
        let template = self.template(message.key, lang).or_else(|| self.template(message.key, Lang::En));
        match template {
            Some(t) => fill(t, message, &|arg| format_arg(arg, lang, &|m| self.render(m, lang))),
            None => String::from(message.key),
        }
    }

    /// Like [`Catalog::render`], but an error for a key missing from `lang`'s table or a hole the
    /// message leaves unfilled, in the message or any message nested in it.
    pub fn try_render(&self, message: &Message, lang: Lang) -> Result<String, Problem> {
        let mut all = Vec::new();
        message.walk(&mut all);
        for m in all {
            let Some(t) = self.template(m.key, lang) else {
                return Err(Problem::Missing { lang, key: String::from(m.key) });
            };
            if let Some(h) = holes(t).into_iter().find(|h| m.arg(h).is_none()) {
                return Err(Problem::Unfilled { lang, key: m.key, argument: String::from(h) });
            }
        }
        Ok(self.render(message, lang))
    }

    /// Everything that keeps the tables from matching: duplicate keys, a key missing from a language,
    /// or templates of one key naming different arguments. Empty for a complete catalog.
    pub fn problems(&self) -> Vec<Problem> {
        let mut out = Vec::new();
        for lang in Lang::ALL {
            let mut seen = BTreeSet::new();
            for (k, _) in self.table(lang) {
                if !seen.insert(*k) {
                    out.push(Problem::Duplicate { lang, key: k });
                }
            }
        }
        let names = |t: &str| {
            let mut v: Vec<String> = holes(t).into_iter().map(String::from).collect();
            v.sort();
            v.dedup();
            v
        };
        for other in Lang::ALL.into_iter().filter(|l| *l != Lang::En) {
            for (k, en) in self.en {
                match self.template(k, other) {
                    None => out.push(Problem::Missing { lang: other, key: String::from(*k) }),
                    Some(t) if names(t) != names(en) => {
                        out.push(Problem::Arguments { key: k, en: names(en), other, theirs: names(t) })
                    }
                    Some(_) => {}
                }
            }
            for (k, _) in self.table(other) {
                if self.template(k, Lang::En).is_none() {
                    out.push(Problem::Missing { lang: Lang::En, key: String::from(*k) });
                }
            }
        }
        out
    }
}

/// Replace each `{name}` of `template` by its argument, formatted by `format`. A brace that names no
/// argument of the message is kept as text.
fn fill(template: &str, message: &Message, format: &dyn Fn(&crate::Arg) -> String) -> String {
    let mut out = String::new();
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        match after.find('}').and_then(|close| message.arg(&after[..close]).map(|a| (a, close))) {
            Some((arg, close)) => {
                out.push_str(&format(arg));
                rest = &after[close + 1..];
            }
            None => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: Catalog = Catalog {
        en: &[("a", "{x} of {y} {{not a hole}} {#id}"), ("b", "on-demand"), ("c", "{n} items, {mode}")],
        tr: &[("a", "{y} içinde {x} {{not a hole}} {#id}"), ("b", "isteğe bağlı"), ("c", "{n} öğe, {mode}")],
    };

    #[test]
    fn a_complete_catalog_has_no_problems() {
        assert_eq!(GOOD.problems(), Vec::new());
        assert_eq!(holes("{x} of {y} {{z}} {#id} {"), ["x", "y", "z"]);
    }

    #[test]
    fn each_language_orders_and_formats_its_arguments() {
        let m = Message::new("c").count("n", 1_234).part("mode", Message::new("b"));
        assert_eq!(GOOD.render(&m, Lang::En), "1,234 items, on-demand");
        assert_eq!(GOOD.render(&m, Lang::Tr), "1.234 öğe, isteğe bağlı");
        let m = Message::new("a").text("x", "İ").text("y", "ı");
        assert_eq!(GOOD.render(&m, Lang::Tr), "ı içinde İ {{not a hole}} {#id}");
    }

    #[test]
    fn missing_keys_and_arguments_are_problems() {
        let bad = Catalog {
            en: &[("a", "{x}"), ("b", "b"), ("b", "b again"), ("d", "{x} {y}")],
            tr: &[("a", "{x}"), ("c", "c"), ("d", "{x} {z}")],
        };
        let p = bad.problems();
        assert!(p.contains(&Problem::Duplicate { lang: Lang::En, key: "b" }), "{p:?}");
        assert!(p.contains(&Problem::Missing { lang: Lang::Tr, key: "b".into() }), "{p:?}");
        assert!(p.contains(&Problem::Missing { lang: Lang::En, key: "c".into() }), "{p:?}");
        assert!(p.iter().any(|x| matches!(x, Problem::Arguments { key: "d", .. })), "{p:?}");
        // At runtime a missing key falls back to English, then to the key; try_render says why.
        assert_eq!(bad.render(&Message::new("b"), Lang::Tr), "b");
        assert_eq!(bad.render(&Message::new("zz"), Lang::Tr), "zz");
        assert_eq!(bad.try_render(&Message::new("b"), Lang::Tr), Err(Problem::Missing { lang: Lang::Tr, key: "b".into() }));
        assert_eq!(
            bad.try_render(&Message::new("d").text("x", "1"), Lang::En),
            Err(Problem::Unfilled { lang: Lang::En, key: "d", argument: "y".into() })
        );
        let nested = Message::new("a").part("x", Message::new("b"));
        assert!(bad.try_render(&nested, Lang::Tr).is_err());
        assert_eq!(bad.try_render(&nested, Lang::En).as_deref(), Ok("b"));
    }
}
