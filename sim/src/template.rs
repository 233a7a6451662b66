//! Key templates: `USER#{id}`, `COUNTER#x#shard-{0..9}`, `STATUS#{PENDING|SHIPPED|DELIVERED}`,
//! `READINGS#{month}`.
//!
//! - `{name}` (any identifier but the time names) is the pattern's key id, drawn from its
//!   distribution over `key_count` ids; every `{name}` of a pattern must use the same name.
//! - `{a..b}` is an integer drawn uniformly per request (write sharding's suffix); `{x|y|z}` one of the
//!   listed values. The same placeholder text in two attributes is one draw, so `PK` and `GSI1PK` agree.
//! - `{month}`, `{day}`, `{hour}` are the simulated clock (`2026-12`, `2026-12-01`, `2026-12-01T13`, UTC):
//!   a time-series key partitioned by month writes to the current month.
//!
//! A request's values are one flat index over all variables (mixed radix), so the simulator can cache
//! a request's price per index and the hot loop never builds a string.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use crate::error::{workload, SimError};
use messages::Message;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TimeUnit {
    Month,
    Day,
    Hour,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Piece {
    Lit(String),
    Var(usize),
    Time(TimeUnit),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum VarKind {
    /// The key id, `0..key_count`, drawn from the distribution.
    Id,
    Range { lo: u64 },
    Choice(Vec<String>),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Var {
    pub text: String,
    pub kind: VarKind,
    pub radix: u64,
}

/// The variables of one pattern, shared by all its templates.
#[derive(Debug, Clone, Default)]
pub struct Vars {
    pub vars: Vec<Var>,
    id_name: Option<String>,
    key_count: u64,
    pub uses_time: bool,
}

/// The largest key space one pattern may have (its prices are cached per key).
pub const MAX_KEY_SPACE: u64 = 1 << 22;

impl Vars {
    pub fn new(key_count: u64) -> Vars {
        Vars { key_count: key_count.max(1), ..Vars::default() }
    }

    fn var(&mut self, text: &str, kind: VarKind, radix: u64) -> usize {
        if let Some(i) = self.vars.iter().position(|v| v.text == text) {
            return i;
        }
        self.vars.push(Var { text: String::from(text), kind, radix });
        self.vars.len() - 1
    }

    /// Index of the id variable, if any template used it.
    pub fn id_var(&self) -> Option<usize> {
        self.vars.iter().position(|v| v.kind == VarKind::Id)
    }

    /// Number of distinct value combinations; refused past [`MAX_KEY_SPACE`].
    pub fn space(&self) -> Result<u64, SimError> {
        let mut n: u64 = 1;
        for v in &self.vars {
            n = n.checked_mul(v.radix).filter(|&n| n <= MAX_KEY_SPACE).ok_or_else(|| {
                workload(Message::new("error.key_space").count("max", MAX_KEY_SPACE))
            })?;
        }
        Ok(n)
    }

    /// Strides of the mixed-radix index, variable 0 varying slowest.
    pub fn strides(&self) -> Vec<u64> {
        let mut s = alloc::vec![1u64; self.vars.len()];
        for i in (0..self.vars.len().saturating_sub(1)).rev() {
            s[i] = s[i + 1] * self.vars[i + 1].radix;
        }
        s
    }

    /// Parse one template, registering its variables.
    pub fn compile(&mut self, text: &str) -> Result<Template, SimError> {
        let mut pieces = Vec::new();
        let mut lit = String::new();
        let mut rest = text;
        while let Some(open) = rest.find(['{', '}']) {
            if rest.as_bytes()[open] == b'}' {
                return Err(workload(Message::new("error.template.close").text("template", text)));
            }
            lit.push_str(&rest[..open]);
            let after = &rest[open + 1..];
            let Some(close) = after.find('}') else {
                return Err(workload(Message::new("error.template.open").text("template", text)));
            };
            let inner = &after[..close];
            if !lit.is_empty() {
                pieces.push(Piece::Lit(core::mem::take(&mut lit)));
            }
            pieces.push(self.placeholder(text, inner)?);
            rest = &after[close + 1..];
        }
        lit.push_str(rest);
        if !lit.is_empty() {
            pieces.push(Piece::Lit(lit));
        }
        Ok(Template { pieces })
    }

    fn placeholder(&mut self, text: &str, inner: &str) -> Result<Piece, SimError> {
        let bad = |key: &'static str| workload(Message::new(key).text("template", text).text("placeholder", format!("{{{inner}}}")));
        match inner {
            "month" => return Ok(self.time(TimeUnit::Month)),
            "day" => return Ok(self.time(TimeUnit::Day)),
            "hour" => return Ok(self.time(TimeUnit::Hour)),
            _ => {}
        }
        if let Some((a, b)) = inner.split_once("..") {
            let (Ok(lo), Ok(hi)) = (a.trim().parse::<u64>(), b.trim().parse::<u64>()) else {
                return Err(bad("error.template.not_range"));
            };
            if hi < lo {
                return Err(bad("error.template.reversed"));
            }
            let radix = hi - lo + 1;
            if radix > MAX_KEY_SPACE {
                return Err(bad("error.template.too_wide"));
            }
            return Ok(Piece::Var(self.var(inner, VarKind::Range { lo }, radix)));
        }
        if inner.contains('|') {
            let options: Vec<String> = inner.split('|').map(ToString::to_string).collect();
            if options.iter().any(String::is_empty) {
                return Err(bad("error.template.empty_choice"));
            }
            let radix = options.len() as u64;
            return Ok(Piece::Var(self.var(inner, VarKind::Choice(options), radix)));
        }
        let ident = !inner.is_empty()
            && inner.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
            && !inner.as_bytes()[0].is_ascii_digit();
        if !ident {
            return Err(workload(Message::new("error.template.not_name").text("template", text).text("placeholder", format!("{{{inner}}}")).text("times", "{month}/{day}/{hour}")));
        }
        match &self.id_name {
            Some(n) if n != inner => {
                return Err(workload(Message::new("error.template.second_id").text("template", text).text("placeholder", format!("{{{inner}}}")).text("first", format!("{{{n}}}"))))
            }
            _ => self.id_name = Some(String::from(inner)),
        }
        let radix = self.key_count;
        Ok(Piece::Var(self.var("\u{0}id", VarKind::Id, radix)))
    }

    fn time(&mut self, unit: TimeUnit) -> Piece {
        self.uses_time = true;
        Piece::Time(unit)
    }

    /// The value of every variable at flat index `idx`.
    pub fn decode(&self, idx: u64, strides: &[u64]) -> Vec<u64> {
        self.vars.iter().zip(strides).map(|(v, s)| (idx / s) % v.radix).collect()
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Template {
    pieces: Vec<Piece>,
}

impl Template {
    /// The text for these variable values at simulated time `unix_seconds`.
    pub fn render(&self, vars: &Vars, values: &[u64], unix_seconds: u64) -> String {
        let mut out = String::new();
        for p in &self.pieces {
            match p {
                Piece::Lit(s) => out.push_str(s),
                Piece::Var(i) => {
                    let v = values.get(*i).copied().unwrap_or(0);
                    match &vars.vars[*i].kind {
                        VarKind::Id => out.push_str(&v.to_string()),
                        VarKind::Range { lo } => out.push_str(&(lo + v).to_string()),
                        VarKind::Choice(opts) => out.push_str(opts.get(v as usize).map_or("", String::as_str)),
                    }
                }
                Piece::Time(u) => out.push_str(&time_text(*u, unix_seconds)),
            }
        }
        out
    }

    pub fn is_constant(&self) -> bool {
        self.pieces.iter().all(|p| matches!(p, Piece::Lit(_)))
    }
}

/// `2026-12`, `2026-12-01`, `2026-12-01T13` for a Unix time (UTC, proleptic Gregorian).
pub fn time_text(unit: TimeUnit, unix_seconds: u64) -> String {
    let days = unix_seconds / 86_400;
    let hour = (unix_seconds % 86_400) / 3_600;
    let (y, m, d) = engine::calendar::civil_from_days(days as i64);
    match unit {
        TimeUnit::Month => format!("{y:04}-{m:02}"),
        TimeUnit::Day => format!("{y:04}-{m:02}-{d:02}"),
        TimeUnit::Hour => format!("{y:04}-{m:02}-{d:02}T{hour:02}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn templates_render_and_share_draws() {
        let mut v = Vars::new(100);
        let pk = v.compile("COUNTER#x#shard-{0..9}").unwrap_or_else(|e| panic!("{e}"));
        let user = v.compile("USER#{id}").unwrap_or_else(|e| panic!("{e}"));
        let same = v.compile("S{0..9}#{userId}");
        assert!(same.is_err(), "a second id name is refused");
        let s = v.compile("{PENDING|SHIPPED|DELIVERED}").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(v.space(), Ok(10 * 100 * 3));
        let strides = v.strides();
        // Variables in order of appearance: shard (10), id (100), status (3).
        assert_eq!(strides, alloc::vec![300, 3, 1]);
        let vals = v.decode(7 * 300 + 42 * 3 + 2, &strides);
        assert_eq!(pk.render(&v, &vals, 0), "COUNTER#x#shard-7");
        assert_eq!(user.render(&v, &vals, 0), "USER#42");
        assert_eq!(s.render(&v, &vals, 0), "DELIVERED");
        assert!(v.compile("A{").is_err() && v.compile("A}").is_err() && v.compile("{9..1}").is_err());
        assert!(v.compile("{a b}").is_err() && v.compile("{x||y}").is_err());
    }

    #[test]
    fn clock_placeholders() {
        // 2026-12-01T13:05:00Z
        let t = 1_796_130_300;
        assert_eq!(time_text(TimeUnit::Month, t), "2026-12");
        assert_eq!(time_text(TimeUnit::Day, t), "2026-12-01");
        assert_eq!(time_text(TimeUnit::Hour, t), "2026-12-01T13");
        assert_eq!(time_text(TimeUnit::Day, 0), "1970-01-01");
        assert_eq!(time_text(TimeUnit::Day, 951_782_400), "2000-02-29");
    }
}
