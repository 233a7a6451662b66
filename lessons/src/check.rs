//! A check: one declarative statement about a model that the engine, the advisor or the simulator
//! decides ("pattern \"A user's orders\" is one request"). Written as one line of a small language that
//! reads as English ([`Check::parse`]) and written back in the same words ([`core::fmt::Display`]), so the
//! Markdown file and the JSON form share one syntax. The grammar is in `docs/lesson-format.md`.

use alloc::borrow::ToOwned;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

use serde_json::Value;

use crate::message::Message;

/// The type of a key attribute, as `AttributeDefinitions` names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyType {
    S,
    N,
    B,
}

impl KeyType {
    pub fn as_str(self) -> &'static str {
        match self {
            KeyType::S => "S",
            KeyType::N => "N",
            KeyType::B => "B",
        }
    }
}

/// A key attribute a check expects: its name and, when the check says, its type (`PK:S`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyAttr {
    pub name: String,
    pub key_type: Option<KeyType>,
}

/// What an index must project.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Projection {
    All,
    KeysOnly,
    /// The non-key attributes, compared as a set.
    Include(Vec<String>),
}

/// Which kind of index a check names: `index` (either), `gsi`, `lsi`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IndexKind {
    Any,
    Global,
    Local,
}

/// How a table is billed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Billing {
    OnDemand,
    Provisioned,
}

/// Which monthly figure a cost check reads: each table's own billing mode, or one mode for all.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CostMode {
    AsBilled,
    OnDemand,
    Provisioned,
}

/// `some`, `every` or `no` item of an entity.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Quantifier {
    Some,
    Every,
    No,
}

/// One check. See `docs/lesson-format.md` for each form's words and meaning.
#[derive(Debug, Clone, PartialEq)]
pub enum Check {
    /// `pattern "<name>" is one request` (max 1) / `takes at most N requests`: served by at most `max`
    /// requests and not by a Scan.
    PatternRequests { pattern: String, max: u64 },
    /// `pattern "<name>" returns only Order, User`: at least one item, and only those entity types
    /// (entity names or type values).
    PatternReturnsOnly { pattern: String, entities: Vec<String> },
    /// `pattern "<name>" reads at most N items`: items read (before any filter) over every page.
    PatternReadsAtMost { pattern: String, items: u64 },
    /// `pattern "<name>" answers {…}`: the stored request, run once, answers as expected.
    PatternAnswers { pattern: String, expect: Value },
    /// `request <Operation> {…} answers {…}`: a request the check itself makes.
    Request { operation: String, request: Value, expect: Value },
    /// `table <T> is keyed PK:S, SK:S`.
    TableKeyed { table: String, keys: Vec<KeyAttr> },
    /// `table <T> is billed on-demand|provisioned`.
    TableBilled { table: String, billing: Billing },
    /// `table <T> expires items by <attribute>` (time to live).
    TableTtl { table: String, attribute: String },
    /// `index|gsi|lsi <I> on <T> is keyed GSI1PK:S, GSI1SK:S [projecting ALL|KEYS_ONLY|INCLUDE a, b]`.
    Index { kind: IndexKind, table: String, index: String, keys: Vec<KeyAttr>, projection: Option<Projection> },
    /// `some|every|no <Entity> item(s) [where <attr> = <value>] has|have <attribute>`.
    Items { quantifier: Quantifier, entity: String, filter: Option<(String, String)>, attribute: String },
    /// `finding <rule> [on <target>] is present|absent`.
    Finding { rule: String, target: Option<String>, present: bool },
    /// `workload "<name>" has no throttles`.
    NoThrottles { workload: String },
    /// `workload "<name>" keeps every partition under 80%`.
    PartitionsUnder { workload: String, percent: u64 },
    /// `workload "<name>" costs under $120 a month [on-demand|provisioned]`.
    CostUnder { workload: String, micro_usd: u64, mode: CostMode },
}

impl Check {
    /// Needs a simulator run (far more work than the others: a UI may evaluate these less often).
    pub fn simulates(&self) -> bool {
        matches!(self, Check::NoThrottles { .. } | Check::PartitionsUnder { .. } | Check::CostUnder { .. })
    }

    /// Read one check from its text.
    pub fn parse(text: &str) -> Result<Check, Message> {
        let mut p = Parser { rest: text };
        let kind = p.word()?;
        let check = match kind.to_ascii_lowercase().as_str() {
            "pattern" => p.pattern()?,
            "request" => {
                let operation = p.word()?;
                if !advisor::pattern::OPERATIONS.contains(&operation.as_str()) {
                    return Err(Message::new("check.syntax.operation")
                        .text("operation", operation)
                        .list("known", advisor::pattern::OPERATIONS.iter().map(|s| (*s).to_owned()).collect()));
                }
                let request = p.json()?;
                p.keywords(&["answers"])?;
                let expect = p.json()?;
                Check::Request { operation, request, expect }
            }
            "table" => p.table()?,
            "index" | "gsi" | "lsi" => {
                let kind = match kind.to_ascii_lowercase().as_str() {
                    "gsi" => IndexKind::Global,
                    "lsi" => IndexKind::Local,
                    _ => IndexKind::Any,
                };
                let index = p.name()?;
                p.keywords(&["on"])?;
                let table = p.name()?;
                p.keywords(&["is", "keyed"])?;
                let keys = p.keys()?;
                let projection = if p.peek_keyword("projecting") {
                    p.keywords(&["projecting"])?;
                    Some(p.projection()?)
                } else {
                    None
                };
                Check::Index { kind, table, index, keys, projection }
            }
            "some" | "every" | "no" => {
                let quantifier = match kind.to_ascii_lowercase().as_str() {
                    "some" => Quantifier::Some,
                    "every" => Quantifier::Every,
                    _ => Quantifier::No,
                };
                let entity = p.name()?;
                p.one_of(&["item", "items"])?;
                let filter = if p.peek_keyword("where") {
                    p.keywords(&["where"])?;
                    let attr = p.name()?;
                    p.keywords(&["="])?;
                    Some((attr, p.name()?))
                } else {
                    None
                };
                p.one_of(&["has", "have"])?;
                let attribute = p.name()?;
                Check::Items { quantifier, entity, filter, attribute }
            }
            "finding" => {
                let rule = p.word()?;
                if !advisor::RuleId::ALL.iter().any(|r| r.id() == rule) {
                    return Err(Message::new("check.syntax.rule")
                        .text("rule", rule)
                        .list("known", advisor::RuleId::ALL.iter().map(|r| r.id().to_owned()).collect()));
                }
                let target = if p.peek_keyword("on") {
                    p.keywords(&["on"])?;
                    Some(p.name()?)
                } else {
                    None
                };
                p.keywords(&["is"])?;
                let present = p.one_of(&["present", "absent"])? == "present";
                Check::Finding { rule, target, present }
            }
            "workload" => p.workload()?,
            _ => {
                return Err(Message::new("check.syntax.unknown_kind").text("found", quote(&kind)).list(
                    "known",
                    ["pattern", "request", "table", "index", "gsi", "lsi", "some", "every", "no", "finding", "workload"]
                        .iter()
                        .map(|s| (*s).to_owned())
                        .collect(),
                ))
            }
        };
        p.end()?;
        Ok(check)
    }
}

fn quote(s: &str) -> String {
    let mut out = String::from("“");
    out.push_str(s);
    out.push('”');
    out
}

/// A name as the check text writes it: bare when it is one plain word, else a JSON string.
fn name_text(s: &str) -> String {
    let plain = !s.is_empty()
        && s.chars().all(|c| !c.is_whitespace() && !matches!(c, ',' | '"' | '{' | '[' | '=' | ':' | '\''))
        && !KEYWORDS.iter().any(|k| k.eq_ignore_ascii_case(s));
    if plain {
        s.to_owned()
    } else {
        Value::String(s.to_owned()).to_string()
    }
}

/// Words that end a bare name list or introduce a clause; a name spelled like one is written quoted.
const KEYWORDS: [&str; 8] = ["on", "is", "where", "has", "have", "projecting", "items", "item"];

fn keys_text(keys: &[KeyAttr]) -> String {
    keys.iter()
        .map(|k| match k.key_type {
            Some(t) => alloc::format!("{}:{}", name_text(&k.name), t.as_str()),
            None => name_text(&k.name),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

fn money_text(micro: u64) -> String {
    let dollars = micro / 1_000_000;
    let frac = micro % 1_000_000;
    if frac == 0 {
        alloc::format!("${dollars}")
    } else {
        let mut f = alloc::format!("{frac:06}");
        while f.ends_with('0') {
            f.pop();
        }
        if f.len() < 2 {
            f.push('0');
        }
        alloc::format!("${dollars}.{f}")
    }
}

impl fmt::Display for Check {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Check::PatternRequests { pattern, max: 1 } => write!(f, "pattern {} is one request", name_text_always_quoted(pattern)),
            Check::PatternRequests { pattern, max } => {
                write!(f, "pattern {} takes at most {max} requests", name_text_always_quoted(pattern))
            }
            Check::PatternReturnsOnly { pattern, entities } => write!(
                f,
                "pattern {} returns only {}",
                name_text_always_quoted(pattern),
                entities.iter().map(|e| name_text(e)).collect::<Vec<_>>().join(", ")
            ),
            Check::PatternReadsAtMost { pattern, items } => {
                write!(f, "pattern {} reads at most {items} items", name_text_always_quoted(pattern))
            }
            Check::PatternAnswers { pattern, expect } => write!(f, "pattern {} answers {expect}", name_text_always_quoted(pattern)),
            Check::Request { operation, request, expect } => write!(f, "request {operation} {request} answers {expect}"),
            Check::TableKeyed { table, keys } => write!(f, "table {} is keyed {}", name_text(table), keys_text(keys)),
            Check::TableBilled { table, billing } => write!(
                f,
                "table {} is billed {}",
                name_text(table),
                match billing {
                    Billing::OnDemand => "on-demand",
                    Billing::Provisioned => "provisioned",
                }
            ),
            Check::TableTtl { table, attribute } => write!(f, "table {} expires items by {}", name_text(table), name_text(attribute)),
            Check::Index { kind, table, index, keys, projection } => {
                let word = match kind {
                    IndexKind::Any => "index",
                    IndexKind::Global => "gsi",
                    IndexKind::Local => "lsi",
                };
                write!(f, "{word} {} on {} is keyed {}", name_text(index), name_text(table), keys_text(keys))?;
                match projection {
                    None => Ok(()),
                    Some(Projection::All) => write!(f, " projecting ALL"),
                    Some(Projection::KeysOnly) => write!(f, " projecting KEYS_ONLY"),
                    Some(Projection::Include(a)) => write!(
                        f,
                        " projecting INCLUDE {}",
                        a.iter().map(|n| name_text(n)).collect::<Vec<_>>().join(", ")
                    ),
                }
            }
            Check::Items { quantifier, entity, filter, attribute } => {
                let (q, noun, verb) = match quantifier {
                    Quantifier::Some => ("some", "item", "has"),
                    Quantifier::Every => ("every", "item", "has"),
                    Quantifier::No => ("no", "item", "has"),
                };
                write!(f, "{q} {} {noun}", name_text(entity))?;
                if let Some((a, v)) = filter {
                    write!(f, " where {} = {}", name_text(a), name_text(v))?;
                }
                write!(f, " {verb} {}", name_text(attribute))
            }
            Check::Finding { rule, target, present } => {
                write!(f, "finding {rule}")?;
                if let Some(t) = target {
                    write!(f, " on {}", name_text(t))?;
                }
                write!(f, " is {}", if *present { "present" } else { "absent" })
            }
            Check::NoThrottles { workload } => write!(f, "workload {} has no throttles", name_text_always_quoted(workload)),
            Check::PartitionsUnder { workload, percent } => {
                write!(f, "workload {} keeps every partition under {percent}%", name_text_always_quoted(workload))
            }
            Check::CostUnder { workload, micro_usd, mode } => {
                write!(f, "workload {} costs under {} a month", name_text_always_quoted(workload), money_text(*micro_usd))?;
                match mode {
                    CostMode::AsBilled => Ok(()),
                    CostMode::OnDemand => write!(f, " on-demand"),
                    CostMode::Provisioned => write!(f, " provisioned"),
                }
            }
        }
    }
}

/// Pattern and workload names are written quoted even when one word, as the documentation shows them.
fn name_text_always_quoted(s: &str) -> String {
    Value::String(s.to_owned()).to_string()
}

/// Reads a check's text token by token. Keywords are case-insensitive; names are exact.
struct Parser<'a> {
    rest: &'a str,
}

/// What the parser found where it expected something else: the next word, quoted, or the end of the line.
fn found_part(rest: &str) -> Message {
    let t = rest.trim_start();
    if t.is_empty() {
        return Message::new("check.syntax.end");
    }
    let word: String = t.chars().take_while(|c| !c.is_whitespace()).take(40).collect();
    Message::new("check.syntax.quoted").text("text", word)
}

impl<'a> Parser<'a> {
    fn skip_space(&mut self) {
        self.rest = self.rest.trim_start();
    }

    /// `what` is a message key naming what was expected (`check.syntax.a_name`), or a whole message.
    fn expected(&self, what: impl Into<Message>) -> Message {
        Message::new("check.syntax.expected").part("expected", what.into()).part("found", found_part(self.rest))
    }

    /// A bare word: up to whitespace or a comma.
    fn word(&mut self) -> Result<String, Message> {
        self.skip_space();
        let end = self.rest.find(|c: char| c.is_whitespace() || c == ',').unwrap_or(self.rest.len());
        if end == 0 {
            return Err(self.expected("check.syntax.a_word"));
        }
        let (w, rest) = self.rest.split_at(end);
        self.rest = rest;
        Ok(w.to_owned())
    }

    /// A name: a JSON string, or a bare word.
    fn name(&mut self) -> Result<String, Message> {
        self.skip_space();
        if self.rest.starts_with('"') {
            let mut it = serde_json::Deserializer::from_str(self.rest).into_iter::<Value>();
            return match it.next() {
                Some(Ok(Value::String(s))) => {
                    let used = it.byte_offset();
                    self.rest = &self.rest[used..];
                    Ok(s)
                }
                Some(Err(e)) => Err(Message::new("check.syntax.string").text("reason", e.to_string())),
                _ => Err(self.expected("check.syntax.a_name")),
            };
        }
        if self.rest.is_empty() || self.rest.starts_with(',') {
            return Err(self.expected("check.syntax.a_name"));
        }
        self.word()
    }

    /// A JSON object.
    fn json(&mut self) -> Result<Value, Message> {
        self.skip_space();
        if !self.rest.starts_with('{') {
            return Err(self.expected("check.syntax.a_json_object"));
        }
        let mut it = serde_json::Deserializer::from_str(self.rest).into_iter::<Value>();
        match it.next() {
            Some(Ok(v)) => {
                let used = it.byte_offset();
                self.rest = &self.rest[used..];
                Ok(v)
            }
            Some(Err(e)) => Err(Message::new("check.syntax.json").text("reason", e.to_string())),
            None => Err(self.expected("check.syntax.a_json_object")),
        }
    }

    fn peek_keyword(&self, k: &str) -> bool {
        let t = self.rest.trim_start();
        let end = t.find(|c: char| c.is_whitespace() || c == ',').unwrap_or(t.len());
        t[..end].eq_ignore_ascii_case(k)
    }

    /// Exactly these words, in order.
    fn keywords(&mut self, words: &[&str]) -> Result<(), Message> {
        for w in words {
            if !self.peek_keyword(w) {
                return Err(self.expected(Message::new("check.syntax.quoted").text("text", words.join(" "))));
            }
            self.word()?;
        }
        Ok(())
    }

    /// One of these words; returns it lower-cased.
    fn one_of(&mut self, words: &[&str]) -> Result<String, Message> {
        for w in words {
            if self.peek_keyword(w) {
                self.word()?;
                return Ok((*w).to_owned());
            }
        }
        let list: Vec<String> = words.iter().map(|w| quote(w)).collect();
        Err(self.expected(Message::new("check.syntax.one_of").list("options", list)))
    }

    fn comma(&mut self) -> bool {
        self.skip_space();
        if let Some(r) = self.rest.strip_prefix(',') {
            self.rest = r;
            true
        } else {
            false
        }
    }

    fn number(&mut self) -> Result<u64, Message> {
        let w = self.word()?;
        w.parse::<u64>().map_err(|_| Message::new("check.syntax.number").text("found", quote(&w)))
    }

    fn names(&mut self) -> Result<Vec<String>, Message> {
        let mut out = alloc::vec![self.name()?];
        while self.comma() {
            out.push(self.name()?);
        }
        Ok(out)
    }

    fn keys(&mut self) -> Result<Vec<KeyAttr>, Message> {
        let mut out = Vec::new();
        loop {
            self.skip_space();
            let quoted = self.rest.starts_with('"');
            let raw = self.name()?;
            let (name, key_type) = if quoted {
                // `"first name":S`
                if let Some(r) = self.rest.strip_prefix(':') {
                    self.rest = r;
                    let t = self.word()?;
                    (raw, Some(key_type(&t)?))
                } else {
                    (raw, None)
                }
            } else {
                match raw.rsplit_once(':') {
                    Some((n, t)) if !n.is_empty() => (n.to_owned(), Some(key_type(t)?)),
                    _ => (raw, None),
                }
            };
            out.push(KeyAttr { name, key_type });
            if !self.comma() {
                break;
            }
        }
        if out.len() > 2 {
            return Err(Message::new("check.syntax.keys").count("count", out.len() as u64));
        }
        Ok(out)
    }

    fn projection(&mut self) -> Result<Projection, Message> {
        match self.one_of(&["ALL", "KEYS_ONLY", "INCLUDE"])?.as_str() {
            "ALL" => Ok(Projection::All),
            "KEYS_ONLY" => Ok(Projection::KeysOnly),
            _ => Ok(Projection::Include(self.names()?)),
        }
    }

    fn pattern(&mut self) -> Result<Check, Message> {
        let pattern = self.name()?;
        match self.one_of(&["is", "takes", "returns", "reads", "answers"])?.as_str() {
            "is" => {
                self.keywords(&["one", "request"])?;
                Ok(Check::PatternRequests { pattern, max: 1 })
            }
            "takes" => {
                self.keywords(&["at", "most"])?;
                let max = self.number()?;
                self.one_of(&["requests", "request"])?;
                Ok(Check::PatternRequests { pattern, max })
            }
            "returns" => {
                self.keywords(&["only"])?;
                Ok(Check::PatternReturnsOnly { pattern, entities: self.names()? })
            }
            "reads" => {
                self.keywords(&["at", "most"])?;
                let items = self.number()?;
                self.one_of(&["items", "item"])?;
                Ok(Check::PatternReadsAtMost { pattern, items })
            }
            _ => Ok(Check::PatternAnswers { pattern, expect: self.json()? }),
        }
    }

    fn table(&mut self) -> Result<Check, Message> {
        let table = self.name()?;
        match self.one_of(&["is", "expires"])?.as_str() {
            "is" => match self.one_of(&["keyed", "billed"])?.as_str() {
                "keyed" => Ok(Check::TableKeyed { table, keys: self.keys()? }),
                _ => {
                    let billing = match self.one_of(&["on-demand", "provisioned"])?.as_str() {
                        "on-demand" => Billing::OnDemand,
                        _ => Billing::Provisioned,
                    };
                    Ok(Check::TableBilled { table, billing })
                }
            },
            _ => {
                self.keywords(&["items", "by"])?;
                Ok(Check::TableTtl { table, attribute: self.name()? })
            }
        }
    }

    fn workload(&mut self) -> Result<Check, Message> {
        let workload = self.name()?;
        match self.one_of(&["has", "keeps", "costs"])?.as_str() {
            "has" => {
                self.keywords(&["no", "throttles"])?;
                Ok(Check::NoThrottles { workload })
            }
            "keeps" => {
                self.keywords(&["every", "partition", "under"])?;
                let w = self.word()?;
                let percent = w
                    .strip_suffix('%')
                    .and_then(|n| n.parse::<u64>().ok())
                    .filter(|p| (1..=100).contains(p))
                    .ok_or_else(|| Message::new("check.syntax.percent").text("found", quote(&w)))?;
                Ok(Check::PartitionsUnder { workload, percent })
            }
            _ => {
                self.keywords(&["under"])?;
                let w = self.word()?;
                let micro_usd = money(&w).ok_or_else(|| Message::new("check.syntax.money").text("found", quote(&w)))?;
                self.keywords(&["a", "month"])?;
                let mode = if self.peek_keyword("on-demand") {
                    self.word()?;
                    CostMode::OnDemand
                } else if self.peek_keyword("provisioned") {
                    self.word()?;
                    CostMode::Provisioned
                } else {
                    CostMode::AsBilled
                };
                Ok(Check::CostUnder { workload, micro_usd, mode })
            }
        }
    }

    fn end(&mut self) -> Result<(), Message> {
        self.skip_space();
        if self.rest.is_empty() {
            Ok(())
        } else {
            Err(self.expected("check.syntax.end_of_check"))
        }
    }
}

fn key_type(t: &str) -> Result<KeyType, Message> {
    match t {
        "S" => Ok(KeyType::S),
        "N" => Ok(KeyType::N),
        "B" => Ok(KeyType::B),
        _ => Err(Message::new("check.syntax.key_type").text("found", t)),
    }
}

/// `$120`, `$99.5`, `$0.000001` → micro-dollars (at most six decimals, no grouping).
fn money(w: &str) -> Option<u64> {
    let digits = w.strip_prefix('$')?;
    let (whole, frac) = digits.split_once('.').unwrap_or((digits, ""));
    if whole.is_empty() || !whole.bytes().all(|b| b.is_ascii_digit()) || frac.len() > 6 || !frac.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    if digits.ends_with('.') {
        return None;
    }
    let whole: u64 = whole.parse().ok()?;
    let mut f = String::from(frac);
    while f.len() < 6 {
        f.push('0');
    }
    whole.checked_mul(1_000_000)?.checked_add(f.parse::<u64>().ok()?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn money_reads_dollars_exactly() {
        assert_eq!(money("$120"), Some(120_000_000));
        assert_eq!(money("$99.5"), Some(99_500_000));
        assert_eq!(money("$0.000001"), Some(1));
        for bad in ["120", "$", "$1.", "$.5", "$1.0000001", "$1,000", "$-1", "$99999999999999999999"] {
            assert_eq!(money(bad), None, "{bad}");
        }
        assert_eq!(money_text(99_500_000), "$99.50");
        assert_eq!(money_text(1), "$0.000001");
        assert_eq!(money_text(120_000_000), "$120");
    }
}
