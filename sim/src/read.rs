//! A workload read from its JSON, field by field, every fault named by its path
//! (`patterns[0].rate.shape: expected one of constant, ramp, spike, daily_wave`).
//!
//! Why not `#[derive(Deserialize)]`: the browser bundle has a budget, and serde's derived visitors for
//! these types (internally tagged enums buffer their content first) came to about 50 KB of wasm, several
//! times this reader. The JSON is the one the types' `Serialize` writes: field names, defaults, tags and
//! the refusal of unknown fields (`tests/read.rs` reads back what `Serialize` wrote for every case file).

use alloc::collections::BTreeMap;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use serde_json::{Map, Value};

use crate::autoscale::AutoScaling;
use crate::distribution::Distribution;
use crate::error::{workload, SimError};
use crate::rate::Rate;
use crate::workload::{Capacity, Op, Pattern, TableSettings, Workload};

/// An object being read: its fields, the path it sits at, and the fields already taken (so that any
/// other is refused, as `deny_unknown_fields` did).
struct Obj<'a> {
    map: &'a Map<String, Value>,
    path: String,
    taken: Vec<&'static str>,
}

fn fault(path: &str, what: &str) -> SimError {
    workload(format!("{path}: {what}"))
}

fn at(path: &str, field: &str) -> String {
    if path.is_empty() {
        String::from(field)
    } else {
        format!("{path}.{field}")
    }
}

impl<'a> Obj<'a> {
    fn new(v: &'a Value, path: String) -> Result<Obj<'a>, SimError> {
        match v {
            Value::Object(map) => Ok(Obj { map, path, taken: Vec::new() }),
            _ => Err(fault(if path.is_empty() { "workload" } else { &path }, "expected an object")),
        }
    }

    /// The field `name`, if present and not null.
    fn opt(&mut self, name: &'static str) -> Option<(&'a Value, String)> {
        self.taken.push(name);
        match self.map.get(name) {
            None | Some(Value::Null) => None,
            Some(v) => Some((v, at(&self.path, name))),
        }
    }

    fn req(&mut self, name: &'static str) -> Result<(&'a Value, String), SimError> {
        let path = at(&self.path, name);
        self.opt(name).ok_or_else(|| fault(&path, "missing"))
    }

    fn u64_or(&mut self, name: &'static str, default: u64) -> Result<u64, SimError> {
        self.opt(name).map_or(Ok(default), |(v, p)| unsigned(v, &p))
    }

    fn u32_or(&mut self, name: &'static str, default: u32) -> Result<u32, SimError> {
        self.opt(name).map_or(Ok(default), |(v, p)| small(v, &p))
    }

    fn bool_or(&mut self, name: &'static str, default: bool) -> Result<bool, SimError> {
        self.opt(name).map_or(Ok(default), |(v, p)| v.as_bool().ok_or_else(|| fault(&p, "expected true or false")))
    }

    fn opt_u64(&mut self, name: &'static str) -> Result<Option<u64>, SimError> {
        self.opt(name).map(|(v, p)| unsigned(v, &p)).transpose()
    }

    fn req_u64(&mut self, name: &'static str) -> Result<u64, SimError> {
        let (v, p) = self.req(name)?;
        unsigned(v, &p)
    }

    fn req_u32(&mut self, name: &'static str) -> Result<u32, SimError> {
        let (v, p) = self.req(name)?;
        small(v, &p)
    }

    fn req_f64(&mut self, name: &'static str) -> Result<f64, SimError> {
        let (v, p) = self.req(name)?;
        v.as_f64().ok_or_else(|| fault(&p, "expected a number"))
    }

    fn req_str(&mut self, name: &'static str) -> Result<String, SimError> {
        let (v, p) = self.req(name)?;
        text(v, &p)
    }

    /// Refuses any field not read.
    fn done(self) -> Result<(), SimError> {
        match self.map.keys().find(|k| !self.taken.contains(&k.as_str())) {
            Some(k) => Err(fault(&at(&self.path, k), "unknown field")),
            None => Ok(()),
        }
    }
}

fn unsigned(v: &Value, path: &str) -> Result<u64, SimError> {
    v.as_u64().ok_or_else(|| fault(path, "expected a whole number from 0"))
}

fn small(v: &Value, path: &str) -> Result<u32, SimError> {
    unsigned(v, path)?.try_into().map_err(|_| fault(path, "expected a whole number from 0 to 4294967295"))
}

fn text(v: &Value, path: &str) -> Result<String, SimError> {
    v.as_str().map(String::from).ok_or_else(|| fault(path, "expected a string"))
}

fn list<'a>(v: &'a Value, path: &str) -> Result<&'a Vec<Value>, SimError> {
    v.as_array().ok_or_else(|| fault(path, "expected a list"))
}

/// The tag of an internally tagged enum (`"shape": "spike"`), one of `tags`.
fn tag(o: &mut Obj, name: &'static str, tags: &[&'static str]) -> Result<usize, SimError> {
    let (v, p) = o.req(name)?;
    let t = v.as_str().ok_or_else(|| fault(&p, "expected a string"))?;
    tags.iter().position(|x| *x == t).ok_or_else(|| fault(&p, &format!("expected one of {}", tags.join(", "))))
}

impl Workload {
    /// Reads a workload from its JSON (the model file's `workloads[i]` fields, a case file's
    /// `workload`).
    pub fn from_json(v: &Value) -> Result<Workload, SimError> {
        let mut o = Obj::new(v, String::new())?;
        let w = Workload {
            seed: o.u64_or("seed", 0)?,
            duration_seconds: o.req_u32("duration_seconds")?,
            start_unix_seconds: o.u64_or("start_unix_seconds", crate::workload::DEFAULT_START)?,
            top_keys: o.u32_or("top_keys", crate::workload::DEFAULT_TOP_KEYS)?,
            per_second: o.bool_or("per_second", true)?,
            tables: match o.opt("tables") {
                Some((v, p)) => list(v, &p)?.iter().enumerate().map(|(i, t)| table(t, format!("{p}[{i}]"))).collect::<Result<_, _>>()?,
                None => Vec::new(),
            },
            patterns: {
                let (v, p) = o.req("patterns")?;
                list(v, &p)?.iter().enumerate().map(|(i, x)| pattern(x, format!("{p}[{i}]"))).collect::<Result<_, _>>()?
            },
        };
        o.done()?;
        Ok(w)
    }
}

fn table(v: &Value, path: String) -> Result<TableSettings, SimError> {
    let mut o = Obj::new(v, path)?;
    let t = TableSettings {
        table: o.req_str("table")?,
        capacity: o.opt("capacity").map(|(v, p)| capacity(v, p)).transpose()?,
        indexes: match o.opt("indexes") {
            Some((v, p)) => {
                let map = v.as_object().ok_or_else(|| fault(&p, "expected an object"))?;
                let mut out = BTreeMap::new();
                for (k, c) in map {
                    out.insert(k.clone(), capacity(c, format!("{p}.{k}"))?);
                }
                out
            }
            None => BTreeMap::new(),
        },
        size_bytes: o.opt_u64("size_bytes")?,
        partition_bytes: o.opt_u64("partition_bytes")?,
        adaptive_capacity: o.bool_or("adaptive_capacity", true)?,
        burst_capacity: o.bool_or("burst_capacity", true)?,
        auto_scaling: o.opt("auto_scaling").map(|(v, p)| auto_scaling(v, p)).transpose()?,
    };
    o.done()?;
    Ok(t)
}

fn capacity(v: &Value, path: String) -> Result<Capacity, SimError> {
    let mut o = Obj::new(v, path)?;
    let c = match tag(&mut o, "mode", &["on_demand", "provisioned"])? {
        0 => Capacity::OnDemand { warm_read_units: o.opt_u64("warm_read_units")?, warm_write_units: o.opt_u64("warm_write_units")? },
        _ => Capacity::Provisioned { read_units: o.req_u64("read_units")?, write_units: o.req_u64("write_units")? },
    };
    o.done()?;
    Ok(c)
}

fn auto_scaling(v: &Value, path: String) -> Result<AutoScaling, SimError> {
    let mut o = Obj::new(v, path)?;
    let a = AutoScaling {
        target_percent: o.req_u32("target_percent")?,
        min_read: o.req_u64("min_read")?,
        max_read: o.req_u64("max_read")?,
        min_write: o.req_u64("min_write")?,
        max_write: o.req_u64("max_write")?,
    };
    o.done()?;
    Ok(a)
}

fn op(v: &Value, path: &str) -> Result<Op, SimError> {
    let s = v.as_str().ok_or_else(|| fault(path, "expected a string"))?;
    Op::ALL.iter().copied().find(|o| o.name() == s).ok_or_else(|| {
        let names: Vec<&str> = Op::ALL.iter().map(|o| o.name()).collect();
        fault(path, &format!("expected one of {}", names.join(", ")))
    })
}

fn pattern(v: &Value, path: String) -> Result<Pattern, SimError> {
    let mut o = Obj::new(v, path)?;
    let p = Pattern {
        name: o.req_str("name")?,
        table: o.req_str("table")?,
        op: {
            let (v, p) = o.req("op")?;
            op(v, &p)?
        },
        index: o.opt("index").map(|(v, p)| text(v, &p)).transpose()?,
        key: match o.opt("key") {
            Some((v, p)) => {
                let map = v.as_object().ok_or_else(|| fault(&p, "expected an object"))?;
                let mut out = BTreeMap::new();
                for (k, t) in map {
                    out.insert(k.clone(), text(t, &format!("{p}.{k}"))?);
                }
                out
            }
            None => BTreeMap::new(),
        },
        item: match o.opt("item") {
            Some((v, p)) => {
                let map = v.as_object().ok_or_else(|| fault(&p, "expected an object"))?;
                map.iter().map(|(k, x)| (k.clone(), x.clone())).collect()
            }
            None => BTreeMap::new(),
        },
        item_bytes: o.opt_u64("item_bytes")?,
        key_count: o.u64_or("key_count", 1)?,
        distribution: o.opt("distribution").map(|(v, p)| distribution(v, p)).transpose()?.unwrap_or_default(),
        rate: {
            let (v, p) = o.req("rate")?;
            rate(v, p)?
        },
        batch_size: o.u32_or("batch_size", 1)?,
        consistent_read: o.bool_or("consistent_read", false)?,
        limit: o.opt("limit").map(|(v, p)| small(v, &p)).transpose()?,
    };
    o.done()?;
    Ok(p)
}

fn distribution(v: &Value, path: String) -> Result<Distribution, SimError> {
    let mut o = Obj::new(v, path)?;
    let d = match tag(&mut o, "kind", &["uniform", "zipf", "hot_key"])? {
        0 => Distribution::Uniform,
        1 => Distribution::Zipf { s: o.req_f64("s")? },
        _ => Distribution::HotKey { percent: o.req_f64("percent")? },
    };
    o.done()?;
    Ok(d)
}

fn rate(v: &Value, path: String) -> Result<Rate, SimError> {
    let mut o = Obj::new(v, path)?;
    let r = match tag(&mut o, "shape", &["constant", "ramp", "spike", "daily_wave"])? {
        0 => Rate::Constant { per_second: o.req_f64("per_second")? },
        1 => Rate::Ramp { from: o.req_f64("from")?, to: o.req_f64("to")? },
        2 => Rate::Spike { base: o.req_f64("base")?, peak: o.req_f64("peak")?, at_second: o.req_u32("at_second")?, for_seconds: o.req_u32("for_seconds")? },
        _ => Rate::DailyWave {
            mean: o.req_f64("mean")?,
            amplitude: o.req_f64("amplitude")?,
            period_seconds: o.u32_or("period_seconds", crate::rate::DAY_SECONDS)?,
            peak_second: o.u32_or("peak_second", 0)?,
        },
    };
    o.done()?;
    Ok(r)
}
