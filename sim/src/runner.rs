//! The simulation loop: second by second, each pattern's requests interleaved in ten ticks, every
//! request part admitted or throttled by the partition model, in chunks a caller can stop between.
//!
//! Per request the work is integer arithmetic: draw a key index, look its price up (priced once per
//! key through the engine, see [`crate::pricing`]), place each part on a partition by its hash, admit
//! all parts or none (a GSI that cannot take its write throttles the base-table write: back-pressure).

use alloc::collections::BTreeMap;
use alloc::string::String;
use alloc::vec::Vec;

use engine::db::Database;
use engine::index::lag::IndexLag;

use crate::autoscale::Scaler;
use crate::cost::{self, CostInput};
use crate::distribution::Sampler;
use crate::error::{in_pattern, workload, SimError};
use messages::Message;
use crate::isolation::{isolate_hottest, key_text, KeySecond};
use crate::layout::{key_hash, PARTITION_BYTES};
use crate::pricing::{Compiled, Pricer, TargetKey};
use crate::rate::{Counter, Rate};
use crate::report::{KeyCount, PartitionSecond, PatternTotals, Report, Second, TargetSecond, TargetTotals, ThrottleCount, Totals};
use crate::rng::Rng;
use crate::target::{Kind, Mode, Taken, Target, TargetSpec, ThrottleReason};
use crate::template::VarKind;
use crate::warm::{NEW_TABLE_READ_UNITS, NEW_TABLE_WRITE_UNITS};
use crate::workload::{Capacity, TableSettings, Workload};

/// Sub-second interleaving of patterns.
const TICKS: u64 = 10;
/// The longest run: 31 days.
pub const MAX_SECONDS: u32 = 31 * 86_400;
/// The most access patterns one workload runs.
pub const MAX_PATTERNS: usize = 64;
/// The most hottest keys a report lists.
pub const MAX_TOP_KEYS: u32 = 1000;
const NO_KEY: u32 = u32::MAX;
const UNPRICED: u32 = u32::MAX;

/// One priced request part on one target.
#[derive(Debug, Clone, Copy)]
struct Unit {
    target: u16,
    write: bool,
    /// Placed by the pattern's rotating cursor (a Scan page), not by `hash`.
    rotate: bool,
    half: u32,
    hash: u64,
    key: u32,
    /// The partition `hash` was placed on, valid while the target's layout version is `version`.
    part: u32,
    version: u32,
}

#[derive(Debug)]
struct PatternState {
    c: Compiled,
    sampler: Sampler,
    rate: Rate,
    counter: Counter,
    /// (is the id variable, radix, stride) per variable.
    draws: Vec<(bool, u64, u64)>,
    /// Per flat key index: (first unit in `arena`, count); `UNPRICED` until first seen.
    cache: Vec<(u32, u16)>,
    arena: Vec<Unit>,
    /// The clock hour the cache was priced for (time templates change with it).
    epoch: u64,
    cursor: u32,
    batch: u32,
    transactional: bool,
    writes: bool,
    totals: PatternTotals,
}

#[derive(Debug, Default)]
struct KeyBook {
    entries: Vec<(u16, u64, String)>,
    /// Per target, each key text's entry (looked up by `&str`: interning a key seen before allocates
    /// nothing).
    index: Vec<BTreeMap<String, u32>>,
    /// Per key: [accessed half-units, throttled requests] this second (side by side: one cache line a
    /// request), and over the run.
    second: Vec<[u64; 2]>,
    total: Vec<[u64; 2]>,
    touched: Vec<u32>,
}

impl KeyBook {
    fn intern(&mut self, target: u16, hash: u64, text: &str) -> u32 {
        let t = usize::from(target);
        if self.index.len() <= t {
            self.index.resize_with(t + 1, BTreeMap::new);
        }
        if let Some(&i) = self.index[t].get(text) {
            return i;
        }
        let i = self.entries.len() as u32;
        self.entries.push((target, hash, String::from(text)));
        self.index[t].insert(String::from(text), i);
        self.second.push([0, 0]);
        self.total.push([0, 0]);
        i
    }

    #[inline]
    fn touch(&mut self, k: u32) {
        let i = k as usize;
        if self.second[i] == [0, 0] {
            self.touched.push(k);
        }
    }

    #[inline]
    fn access(&mut self, k: u32, eq_half: u64) {
        if k != NO_KEY {
            self.touch(k);
            self.second[k as usize][0] += eq_half;
        }
    }

    #[inline]
    fn throttle(&mut self, k: u32) {
        if k != NO_KEY {
            self.touch(k);
            self.second[k as usize][1] += 1;
        }
    }
}

/// How far a run has got.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress {
    pub done_seconds: u32,
    pub total_seconds: u32,
}

impl Progress {
    pub fn finished(&self) -> bool {
        self.done_seconds >= self.total_seconds
    }
}

#[derive(Debug, Default, Clone)]
struct TargetAcc {
    read: u64,
    write: u64,
    peak_read: u64,
    peak_write: u64,
}

pub struct Simulation {
    workload: Workload,
    pricer: Pricer,
    targets: Vec<Target>,
    /// Parallel to `targets`: each GSI's index lag (the table's propagation delay), none for a table.
    lags: Vec<IndexLag>,
    /// Whether any target in `lags` lags at all.
    any_lag: bool,
    /// The simulated time of the current tick, in ms from the start of the run.
    now_ms: u64,
    /// When each (GSI target, key) was last written, for the targets that lag.
    gsi_writes: BTreeMap<(u16, u32), u64>,
    target_ids: BTreeMap<TargetKey, u16>,
    acc: Vec<TargetAcc>,
    patterns: Vec<PatternState>,
    keys: KeyBook,
    rng: Rng,
    second: u32,
    seconds: Vec<Second>,
    second_throttles: Vec<(u16, ThrottleReason, u16, u64)>,
    all_throttles: Vec<(u16, ThrottleReason, u16, u64)>,
    taken: Vec<(u16, usize, Kind, u64, Taken)>,
    requests: u64,
    throttled: u64,
    /// With [`Simulation::record_trace`]: every request part as (pattern, key index), in order.
    trace: Option<Vec<(u16, u64)>>,
    /// The second a [`Simulation::run_slice`] stopped inside, to be resumed where it stopped.
    partial: Option<SecondInProgress>,
}

/// How far the current second has got: its requests are issued tick by tick, pattern by pattern.
#[derive(Debug, Clone)]
struct SecondInProgress {
    t: u32,
    unix: u64,
    counts: Vec<u64>,
    tick: u64,
    pattern: usize,
    issued: u64,
}

pub(crate) fn spec_for(db: &Database, settings: Option<&TableSettings>, table: &str, index: Option<&str>) -> TargetSpec {
    let t = db.table(table);
    let def = t.map(|t| &t.def);
    let on_demand = |r: Option<u64>, w: Option<u64>| (Mode::OnDemand, r.unwrap_or(NEW_TABLE_READ_UNITS), w.unwrap_or(NEW_TABLE_WRITE_UNITS));
    let from_capacity = |c: &Capacity| match *c {
        Capacity::OnDemand { warm_read_units, warm_write_units } => on_demand(warm_read_units, warm_write_units),
        Capacity::Provisioned { read_units, write_units } => (Mode::Provisioned { read: read_units, write: write_units }, 0, 0),
    };
    let table_mode = match settings.and_then(|s| s.capacity.as_ref()) {
        Some(c) => from_capacity(c),
        None => match def {
            Some(d) if d.billing == engine::table::schema::BillingMode::Provisioned => {
                let tp = d.throughput.unwrap_or(engine::table::schema::Throughput { read: 1, write: 1 });
                (Mode::Provisioned { read: tp.read.max(0) as u64, write: tp.write.max(0) as u64 }, 0, 0)
            }
            _ => on_demand(None, None),
        },
    };
    let (mode, warm_read, warm_write) = match index {
        None => table_mode,
        Some(i) => match settings.and_then(|s| s.indexes.get(i)) {
            Some(c) => from_capacity(c),
            None => match table_mode.0 {
                Mode::OnDemand => on_demand(None, None),
                Mode::Provisioned { .. } => match def.and_then(|d| d.index(i)).and_then(|x| x.throughput) {
                    Some(tp) => (Mode::Provisioned { read: tp.read.max(0) as u64, write: tp.write.max(0) as u64 }, 0, 0),
                    None => table_mode,
                },
            },
        },
    };
    let adaptive = settings.is_none_or(|s| s.adaptive_capacity);
    let has_lsi = def.is_some_and(|d| d.has_lsi());
    TargetSpec {
        table: String::from(table),
        index: index.map(String::from),
        mode,
        warm_read,
        warm_write,
        adaptive,
        burst: settings.is_none_or(|s| s.burst_capacity),
        isolation: index.is_some() || !has_lsi,
        data_bytes: if index.is_some() { 0 } else { settings.and_then(|s| s.size_bytes).unwrap_or_else(|| t.map_or(0, |t| t.size_bytes)) },
        partition_bytes: settings.and_then(|s| s.partition_bytes).unwrap_or(PARTITION_BYTES),
        scaler: settings.and_then(|s| s.auto_scaling.clone()).map(Scaler::new),
    }
}

/// The targets that serve a table: the table itself (its LSIs live in its partitions), split for the
/// data it holds unless `settings` gives a size, then each GSI in definition order. The simulator and
/// the live server (`crate::live`) build them alike.
pub(crate) fn targets_for(db: &Database, settings: Option<&TableSettings>, name: &str) -> Vec<Target> {
    let Some(t) = db.table(name) else { return Vec::new() };
    let mut table_target = Target::new(spec_for(db, settings, name, None));
    if settings.and_then(|s| s.size_bytes).is_none() {
        let collections: Vec<(u64, u64)> = t
            .parts
            .iter()
            .map(|(k, part)| (crate::layout::ring_position(k), part.items.values().map(|s| s.size()).sum()))
            .collect();
        table_target.split_for_data(&collections);
    }
    let mut targets = alloc::vec![table_target];
    for idx in t.def.indexes.iter().filter(|i| i.kind == engine::table::schema::IndexKind::Global) {
        targets.push(Target::new(spec_for(db, settings, name, Some(&idx.name))));
    }
    targets
}

impl Simulation {
    /// Check the workload against the database and set up partitions; nothing is simulated yet.
    pub fn new(db: &Database, workload: Workload) -> Result<Simulation, SimError> {
        if workload.duration_seconds == 0 || workload.duration_seconds > MAX_SECONDS {
            return Err(SimError::Workload(Message::new("error.duration").count("max", u64::from(MAX_SECONDS)).count("days", u64::from(MAX_SECONDS / 86_400))));
        }
        if workload.patterns.is_empty() || workload.patterns.len() > MAX_PATTERNS {
            return Err(SimError::Workload(Message::new("error.pattern_count").count("max", MAX_PATTERNS as u64)));
        }
        if workload.top_keys > MAX_TOP_KEYS {
            return Err(SimError::Workload(Message::new("error.top_keys").count("max", u64::from(MAX_TOP_KEYS))));
        }
        for s in &workload.tables {
            if db.table(&s.table).is_none() {
                return Err(SimError::Workload(Message::new("error.settings_table").text("table", s.table.as_str())));
            }
            if let Some(a) = &s.auto_scaling {
                if !(20..=90).contains(&a.target_percent) {
                    return Err(SimError::Workload(Message::new("error.auto_scaling").count("min", 20).count("max", 90)));
                }
            }
        }
        let mut patterns = Vec::new();
        for p in &workload.patterns {
            p.rate.check().map_err(|e| in_pattern(&p.name, e))?;
            let c = Compiled::new(p, db)?;
            let sampler = Sampler::new(&p.distribution, p.key_count).map_err(|e| in_pattern(&p.name, e))?;
            let strides = c.strides.clone();
            let draws = c.vars.vars.iter().zip(&strides).map(|(v, &s)| (v.kind == VarKind::Id, v.radix, s)).collect();
            let space = usize::try_from(c.space).unwrap_or(0);
            patterns.push(PatternState {
                sampler,
                rate: p.rate.clone(),
                counter: Counter::default(),
                draws,
                cache: alloc::vec![(UNPRICED, 0); space],
                arena: Vec::new(),
                epoch: u64::MAX,
                cursor: 0,
                batch: p.batch_size,
                transactional: p.op.transactional(),
                writes: p.op.writes(),
                totals: PatternTotals { pattern: p.name.clone(), requests: 0, served: 0, throttled: 0, reads_within_index_lag: 0 },
                c,
            });
        }
        // Targets: every table a pattern touches, and each of its GSIs, in name order.
        let mut tables: Vec<&str> = workload.patterns.iter().map(|p| p.table.as_str()).collect();
        tables.sort_unstable();
        tables.dedup();
        let mut targets = Vec::new();
        let mut target_ids = BTreeMap::new();
        let mut lags = Vec::new();
        for name in tables {
            let settings = workload.tables.iter().find(|s| s.table == name);
            let lag = IndexLag::from_millis(settings.map_or(0, |s| s.index_propagation_ms));
            for target in targets_for(db, settings, name) {
                target_ids.insert(TargetKey { table: String::from(name), index: target.index.clone() }, targets.len() as u16);
                lags.push(if target.index.is_some() { lag } else { IndexLag::NONE });
                targets.push(target);
            }
        }
        let now_millis = workload.start_unix_seconds.saturating_mul(1000);
        Ok(Simulation {
            rng: Rng::new(workload.seed),
            pricer: Pricer::new(db, now_millis),
            acc: alloc::vec![TargetAcc::default(); targets.len()],
            targets,
            any_lag: lags.iter().any(|l| !l.is_none()),
            lags,
            now_ms: 0,
            gsi_writes: BTreeMap::new(),
            target_ids,
            patterns,
            keys: KeyBook::default(),
            second: 0,
            partial: None,
            seconds: Vec::new(),
            second_throttles: Vec::new(),
            all_throttles: Vec::new(),
            taken: Vec::new(),
            requests: 0,
            throttled: 0,
            trace: None,
            workload,
        })
    }

    /// Keep the request stream (pattern, key index) from now on, for tests that replay it.
    pub fn record_trace(&mut self) {
        self.trace.get_or_insert_with(Vec::new);
    }

    pub fn trace(&self) -> &[(u16, u64)] {
        self.trace.as_deref().unwrap_or(&[])
    }

    /// Request parts simulated so far (batch and transaction items count one each).
    pub fn requests_so_far(&self) -> u64 {
        self.patterns.iter().map(|p| p.totals.requests).sum()
    }

    pub fn progress(&self) -> Progress {
        Progress { done_seconds: self.second, total_seconds: self.workload.duration_seconds }
    }

    /// Simulate up to `seconds` more seconds.
    pub fn run_chunk(&mut self, seconds: u32) -> Result<Progress, SimError> {
        for _ in 0..seconds {
            if self.second >= self.workload.duration_seconds {
                break;
            }
            self.step_second()?;
        }
        Ok(self.progress())
    }

    /// The partitions of each target right now: (table, index, partition count).
    pub fn partition_counts(&self) -> Vec<(String, Option<String>, usize)> {
        self.targets.iter().map(|t| (t.table.clone(), t.index.clone(), t.layout.count())).collect()
    }

    /// Simulate at most `max_requests` more requests and at most `max_seconds` more seconds, stopping
    /// inside a second if need be: a browser slice must stay a few milliseconds long even when one
    /// simulated second holds thousands of requests that each price a new key through the engine.
    /// The requests, their order and the results are exactly those of [`Simulation::run_chunk`].
    pub fn run_slice(&mut self, max_requests: u64, max_seconds: u32) -> Result<Progress, SimError> {
        let mut budget = max_requests.max(1);
        let mut seconds = 0;
        while self.second < self.workload.duration_seconds && seconds < max_seconds.max(1) {
            let mut s = match self.partial.take() {
                Some(s) => s,
                None => self.begin_second(),
            };
            if !self.continue_second(&mut s, &mut budget)? {
                self.partial = Some(s);
                break;
            }
            self.end_second(s.t);
            self.second += 1;
            seconds += 1;
            if budget == 0 {
                break;
            }
        }
        Ok(self.progress())
    }

    fn step_second(&mut self) -> Result<(), SimError> {
        let mut s = match self.partial.take() {
            Some(s) => s,
            None => self.begin_second(),
        };
        let mut unlimited = u64::MAX;
        self.continue_second(&mut s, &mut unlimited)?;
        self.end_second(s.t);
        self.second += 1;
        Ok(())
    }

    fn begin_second(&mut self) -> SecondInProgress {
        let t = self.second;
        let unix = self.workload.start_unix_seconds + u64::from(t);
        for target in &mut self.targets {
            target.tick();
        }
        let duration = self.workload.duration_seconds;
        let mut counts = Vec::with_capacity(self.patterns.len());
        for p in &mut self.patterns {
            counts.push(p.counter.count(p.rate.at(t, duration)));
            if p.c.vars.uses_time && p.epoch != unix / 3600 {
                // New clock hour: time-templated keys are different keys.
                p.epoch = unix / 3600;
                p.cache.iter_mut().for_each(|e| *e = (UNPRICED, 0));
                p.arena.clear();
            }
        }
        SecondInProgress { t, unix, counts, tick: 0, pattern: 0, issued: 0 }
    }

    /// Issue the second's remaining requests while `budget` lasts; true when the second is complete.
    fn continue_second(&mut self, s: &mut SecondInProgress, budget: &mut u64) -> Result<bool, SimError> {
        while s.tick < TICKS {
            self.now_ms = u64::from(s.t) * 1000 + s.tick * (1000 / TICKS);
            while s.pattern < s.counts.len() {
                let n = s.counts[s.pattern];
                let issue = n * (s.tick + 1) / TICKS - n * s.tick / TICKS;
                while s.issued < issue {
                    if *budget == 0 {
                        return Ok(false);
                    }
                    self.request(s.pattern, s.unix)?;
                    s.issued += 1;
                    *budget -= 1;
                }
                s.pattern += 1;
                s.issued = 0;
            }
            s.tick += 1;
            s.pattern = 0;
        }
        Ok(true)
    }

    /// Draw one key index for pattern `pi`.
    #[inline]
    fn draw(&mut self, pi: usize) -> u64 {
        let p = &self.patterns[pi];
        let mut idx = 0;
        for &(is_id, radix, stride) in &p.draws {
            let v = if is_id { p.sampler.sample(&mut self.rng) } else { self.rng.below(radix) };
            idx += v * stride;
        }
        idx
    }

    /// The units of key `idx` of pattern `pi`, pricing it on first sight: (start, len).
    #[inline]
    fn units(&mut self, pi: usize, idx: u64, unix: u64) -> Result<(u32, u16), SimError> {
        if let Some(t) = self.trace.as_mut() {
            t.push((pi as u16, idx));
        }
        let e = self.patterns[pi].cache[idx as usize];
        if e.0 != UNPRICED {
            return Ok(e);
        }
        self.price(pi, idx, unix)
    }

    #[cold]
    fn price(&mut self, pi: usize, idx: u64, unix: u64) -> Result<(u32, u16), SimError> {
        let p = &mut self.patterns[pi];
        let values = p.c.vars.decode(idx, &p.c.strides);
        let charges = self.pricer.price(&p.c, &values, unix)?;
        let start = p.arena.len() as u32;
        for ch in charges {
            let Some(&target) = self.target_ids.get(&ch.target) else {
                let problem = match ch.target.index.as_deref() {
                    Some(i) => Message::new("error.unknown_target.index").text("table", ch.target.table.as_str()).text("index", i),
                    None => Message::new("error.unknown_target").text("table", ch.target.table.as_str()),
                };
                return Err(in_pattern(&p.c.name, workload(problem)));
            };
            let (hash, key, rotate) = match &ch.pk {
                Some(v) => {
                    let hash = key_hash(v).unwrap_or(0);
                    (hash, self.keys.intern(target, hash, &key_text(v)), false)
                }
                None => (0, NO_KEY, true),
            };
            p.arena.push(Unit {
                target,
                write: ch.kind == Kind::Write,
                rotate,
                half: u32::try_from(ch.half_units).unwrap_or(u32::MAX),
                hash,
                key,
                part: 0,
                version: u32::MAX,
            });
        }
        let len = (p.arena.len() as u32 - start) as u16;
        p.cache[idx as usize] = (start, len);
        Ok((start, len))
    }

    fn request(&mut self, pi: usize, unix: u64) -> Result<(), SimError> {
        let batch = self.patterns[pi].batch;
        let transactional = self.patterns[pi].transactional;
        self.requests += 1;
        if transactional {
            // All items or none: one group.
            self.taken.clear();
            let mut spans: Vec<(u32, u16)> = Vec::with_capacity(batch as usize);
            for _ in 0..batch {
                let idx = self.draw(pi);
                spans.push(self.units(pi, idx, unix)?);
            }
            self.patterns[pi].totals.requests += u64::from(batch);
            let mut failed = None;
            'all: for &(start, len) in &spans {
                for u in start..start + u32::from(len) {
                    if let Err(r) = self.take(pi, u) {
                        failed = Some((r, u));
                        break 'all;
                    }
                }
            }
            match failed {
                None => {
                    self.patterns[pi].totals.served += u64::from(batch);
                    for &(start, len) in &spans {
                        self.record_served(pi, start, len);
                    }
                }
                Some((r, u)) => {
                    self.undo_taken();
                    self.patterns[pi].totals.throttled += u64::from(batch);
                    self.throttled += 1;
                    self.record_throttle(pi, r, u, spans[0].0);
                }
            }
            self.advance_cursor(pi);
            return Ok(());
        }
        for _ in 0..batch {
            let idx = self.draw(pi);
            let (start, len) = self.units(pi, idx, unix)?;
            self.taken.clear();
            self.patterns[pi].totals.requests += 1;
            let mut failed = None;
            for u in start..start + u32::from(len) {
                if let Err(r) = self.take(pi, u) {
                    failed = Some((r, u));
                    break;
                }
            }
            match failed {
                None => {
                    self.patterns[pi].totals.served += 1;
                    self.record_served(pi, start, len);
                }
                Some((r, u)) => {
                    self.undo_taken();
                    self.patterns[pi].totals.throttled += 1;
                    self.throttled += 1;
                    self.record_throttle(pi, r, u, start);
                }
            }
        }
        self.advance_cursor(pi);
        Ok(())
    }

    fn advance_cursor(&mut self, pi: usize) {
        let p = &mut self.patterns[pi];
        p.cursor = p.cursor.wrapping_add(1);
    }

    #[inline]
    fn take(&mut self, pi: usize, u: u32) -> Result<(), ThrottleReason> {
        let p = &mut self.patterns[pi];
        let cursor = p.cursor;
        let unit = &mut p.arena[u as usize];
        let target = &mut self.targets[unit.target as usize];
        let part = if unit.rotate {
            cursor as usize % target.layout.count()
        } else {
            if unit.version != target.version {
                unit.part = target.layout.place(unit.hash) as u32;
                unit.version = target.version;
            }
            unit.part as usize
        };
        let unit = *unit;
        let kind = if unit.write { Kind::Write } else { Kind::Read };
        let c = u64::from(unit.half);
        let taken = target.try_take(part, kind, c)?;
        self.taken.push((unit.target, part, kind, c, taken));
        Ok(())
    }

    fn undo_taken(&mut self) {
        for &(t, part, kind, c, taken) in self.taken.iter().rev() {
            self.targets[t as usize].undo(part, kind, c, taken);
        }
        self.taken.clear();
    }

    // Always inlined: it is the request loop's per-request bookkeeping (an outlined call cost 7 % of
    // the simple GetItem workload in wasm).
    #[inline(always)]
    fn record_served(&mut self, pi: usize, start: u32, len: u16) {
        let p = &self.patterns[pi];
        for u in &p.arena[start as usize..start as usize + len as usize] {
            let eq = if u.write { 3 * u64::from(u.half) } else { u64::from(u.half) };
            self.keys.access(u.key, eq);
        }
        // Apart, so a workload without a lagging GSI (most) keeps the loop above as its whole cost: the
        // lag lookups made a served request 12 % slower in wasm when they sat inside it.
        if self.any_lag {
            self.record_index_lag(pi, start, len);
        }
    }

    /// Note GSI writes and whether a read saw an index key written less than the index lag ago. Never
    /// inlined: inside `record_served` it kept that from being inlined into the request loop.
    #[inline(never)]
    fn record_index_lag(&mut self, pi: usize, start: u32, len: u16) {
        let p = &self.patterns[pi];
        let mut within_lag = false;
        for u in &p.arena[start as usize..start as usize + len as usize] {
            let lag = self.lags.get(usize::from(u.target)).copied().unwrap_or(IndexLag::NONE);
            if lag.is_none() {
                continue;
            }
            // A GSI unit's key is the index key it reads or writes (see `pricing`).
            if u.write {
                self.gsi_writes.insert((u.target, u.key), self.now_ms);
            } else if self.gsi_writes.get(&(u.target, u.key)).is_some_and(|&w| self.now_ms < lag.reaches_at(w)) {
                within_lag = true;
            }
        }
        if within_lag {
            self.patterns[pi].totals.reads_within_index_lag += 1;
        }
    }

    fn record_throttle(&mut self, pi: usize, reason: ThrottleReason, u: u32, first: u32) {
        let p = &self.patterns[pi];
        let unit = p.arena[u as usize];
        let first_key = p.arena.get(first as usize).map_or(NO_KEY, |f| f.key);
        let at_gsi = self.targets[unit.target as usize].index.is_some();
        let reason = if at_gsi && self.patterns[pi].writes { ThrottleReason::IndexBackPressure } else { reason };
        self.keys.throttle(unit.key);
        if first_key != unit.key {
            self.keys.throttle(first_key);
        }
        let key = (pi as u16, reason, unit.target);
        match self.second_throttles.iter_mut().find(|e| (e.0, e.1, e.2) == key) {
            Some(e) => e.3 += 1,
            None => self.second_throttles.push((key.0, key.1, key.2, 1)),
        }
    }

    fn key_count(&self, k: u32, acc: u64, thr: u64) -> KeyCount {
        let (t, _, text) = &self.keys.entries[k as usize];
        let target = &self.targets[*t as usize];
        KeyCount { table: target.table.clone(), index: target.index.clone(), key: text.clone(), accessed_half_units: acc, throttled_requests: thr }
    }

    fn throttle_counts(&self, list: &[(u16, ThrottleReason, u16, u64)]) -> Vec<ThrottleCount> {
        let mut v: Vec<ThrottleCount> = list
            .iter()
            .map(|&(p, r, t, n)| ThrottleCount {
                pattern: self.patterns[p as usize].totals.pattern.clone(),
                reason: r,
                table: self.targets[t as usize].table.clone(),
                index: self.targets[t as usize].index.clone(),
                requests: n,
            })
            .collect();
        v.sort_by(|a, b| (&a.pattern, a.reason, &a.table, &a.index).cmp(&(&b.pattern, b.reason, &b.table, &b.index)));
        v
    }

    /// `counts`: per key, [accessed half-units, throttled requests].
    fn top(&self, keys: &[u32], counts: &[[u64; 2]], by_throttle: bool) -> Vec<KeyCount> {
        let n = self.workload.top_keys as usize;
        let f = usize::from(by_throttle);
        let mut v: Vec<u32> = keys.iter().copied().filter(|&k| counts[k as usize][f] > 0).collect();
        // Highest first; ties go to the key seen first (interning order), so no strings are compared.
        let order = |&a: &u32, &b: &u32| counts[b as usize][f].cmp(&counts[a as usize][f]).then(a.cmp(&b));
        if v.len() > n && n > 0 {
            v.select_nth_unstable_by(n - 1, order);
        }
        v.truncate(n);
        v.sort_unstable_by(order);
        v.into_iter().map(|k| self.key_count(k, counts[k as usize][0], counts[k as usize][1])).collect()
    }

    fn end_second(&mut self, t: u32) {
        let touched = core::mem::take(&mut self.keys.touched);
        // Per-second report.
        let throttled_now: u64 = self.second_throttles.iter().map(|e| e.3).sum();
        if self.workload.per_second {
            let targets = self
                .targets
                .iter()
                .map(|tg| TargetSecond {
                    table: tg.table.clone(),
                    index: tg.index.clone(),
                    partitions: tg
                        .parts
                        .iter()
                        .map(|p| PartitionSecond {
                            read_half_units: p.used_read,
                            write_half_units: p.used_write,
                            read_burst_half_units: if tg.mode == Mode::OnDemand { 0 } else { p.read.level_u64() },
                            write_burst_half_units: if tg.mode == Mode::OnDemand { 0 } else { p.write.level_u64() },
                        })
                        .collect(),
                })
                .collect();
            let second = Second {
                second: t,
                requests: 0,
                throttled: throttled_now,
                targets,
                throttles: self.throttle_counts(&self.second_throttles),
                top_accessed: self.top(&touched, &self.keys.second, false),
                top_throttled: self.top(&touched, &self.keys.second, true),
            };
            self.seconds.push(second);
        }
        for e in core::mem::take(&mut self.second_throttles) {
            match self.all_throttles.iter_mut().find(|a| (a.0, a.1, a.2) == (e.0, e.1, e.2)) {
                Some(a) => a.3 += e.3,
                None => self.all_throttles.push(e),
            }
        }
        for (i, tg) in self.targets.iter().enumerate() {
            let a = &mut self.acc[i];
            a.read += tg.used_read;
            a.write += tg.used_write;
            a.peak_read = a.peak_read.max(tg.used_read);
            a.peak_write = a.peak_write.max(tg.used_write);
        }
        // Adaptive capacity's isolation (the rule shared with the live server): a partition throttled
        // at its ceiling long enough gets its hottest key of this second on a partition of its own.
        for ti in 0..self.targets.len() {
            let hot = self.targets[ti].end_second();
            if hot.is_empty() {
                continue;
            }
            let keys = &self.keys;
            let of_target = touched.iter().map(|&k| k as usize).filter(|&k| keys.entries[k].0 as usize == ti);
            let seconds = of_target.map(|k| KeySecond { hash: keys.entries[k].1, accessed: keys.second[k][0], text: &keys.entries[k].2 });
            isolate_hottest(&mut self.targets[ti], hot, seconds);
        }
        for &k in &touched {
            let i = k as usize;
            let [acc, thr] = core::mem::take(&mut self.keys.second[i]);
            self.keys.total[i][0] += acc;
            self.keys.total[i][1] += thr;
        }
        if let Some(s) = self.seconds.last_mut() {
            if s.second == t {
                s.requests = self.requests;
            }
        }
        self.requests = 0;
    }

    /// The report so far (complete once [`Progress::finished`]).
    pub fn report(&self) -> Report {
        let all: Vec<u32> = (0..self.keys.entries.len() as u32).collect();
        let mut inputs = Vec::new();
        let mut targets = Vec::new();
        for (i, tg) in self.targets.iter().enumerate() {
            let a = &self.acc[i];
            let provisioned = match tg.mode {
                Mode::Provisioned { read, write } => Some((read, write)),
                Mode::OnDemand => None,
            };
            targets.push(TargetTotals {
                table: tg.table.clone(),
                index: tg.index.clone(),
                read_half_units: a.read,
                write_half_units: a.write,
                peak_read_half_units: a.peak_read,
                peak_write_half_units: a.peak_write,
                partitions: tg.layout.count() as u32,
                provisioned,
            });
        }
        for (i, tg) in self.targets.iter().enumerate() {
            let a = &self.acc[i];
            inputs.push(CostInput {
                table: &tg.table,
                index: tg.index.as_deref(),
                read_half: a.read,
                write_half: a.write,
                peak_read_half: a.peak_read,
                peak_write_half: a.peak_write,
                provisioned: targets[i].provisioned,
            });
        }
        let region = self.pricer.db().config().region.clone();
        let cost = cost::estimate(&cost::prices_for(&region), self.second, &inputs);
        let table_writes: u64 = self.targets.iter().zip(&self.acc).filter(|(t, _)| t.index.is_none()).map(|(_, a)| a.write).sum();
        let all_writes: u64 = self.acc.iter().map(|a| a.write).sum();
        let patterns: Vec<PatternTotals> = self.patterns.iter().map(|p| p.totals.clone()).collect();
        let totals = Totals {
            seconds: self.second,
            requests: patterns.iter().map(|p| p.requests).sum(),
            served: patterns.iter().map(|p| p.served).sum(),
            throttled: patterns.iter().map(|p| p.throttled).sum(),
            patterns,
            targets,
            throttles: self.throttle_counts(&self.all_throttles),
            gsi_write_amplification_milli: (all_writes * 1000).checked_div(table_writes).unwrap_or(1000),
            top_accessed: self.top(&all, &self.keys.total, false),
            top_throttled: self.top(&all, &self.keys.total, true),
            cost,
        };
        Report { seconds: self.seconds.clone(), totals }
    }
}

/// Run a whole workload (no progress, no cancel).
pub fn simulate(db: &Database, workload: Workload) -> Result<Report, SimError> {
    let mut s = Simulation::new(db, workload)?;
    while !s.run_chunk(3600)?.finished() {}
    Ok(s.report())
}
