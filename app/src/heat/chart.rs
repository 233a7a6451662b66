//! The numbers behind every Heat chart, computed from a simulator [`Report`] and nothing else.
//!
//! One [`Chart`] feeds three outputs that must agree: the canvas drawing, the SVG export (both drawn by
//! plotters in [`super::plot`]) and the screen-reader table ([`Chart::table`]). The hover read-out
//! ([`Chart::hover`]) reads the same cells, at the chart coordinates the drawing maps the pointer to. Capacity in the report is in half-units; here it is turned
//! into capacity units (RCU, WCU) once, exactly (halves are shown as `.5`).

use sim::layout::PARTITION_EQ_HALF;
use sim::report::Report;
use sim::target::ThrottleReason;

use crate::i18n::{td_string, Locale};
use crate::language::numbers;

/// Half units in `locale`'s way (`1.5` / `1,5`).
fn units_in(locale: Locale, half: u64) -> String {
    super::words::units(locale, half)
}

/// At most this many time columns; longer runs are grouped into buckets of whole seconds.
pub const MAX_COLUMNS: usize = 240;
/// Partition ceilings (published): per second, 3,000 RCU or 1,000 WCU or a linear combination.
pub const CEILING_RCU: u64 = 3_000;
pub const CEILING_WCU: u64 = 1_000;

/// Half-units as capacity units, exactly: `3` → `1.5`, `2000` → `1,000`.
pub fn units(half: u64) -> String {
    let whole = group(half / 2);
    if half % 2 == 1 {
        format!("{whole}.5")
    } else {
        whole
    }
}

/// Thousands separators: `1234567` → `1,234,567`.
pub fn group(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A table or GSI as the charts name it: `Social` or `Social · GSI1`.
pub fn target_label(table: &str, index: Option<&str>) -> String {
    match index {
        Some(i) => format!("{table} · {i}"),
        None => table.to_string(),
    }
}

pub fn reason_label(r: ThrottleReason, locale: crate::i18n::Locale) -> &'static str {
    use crate::i18n::td_string;
    match r {
        ThrottleReason::PartitionLimit => td_string!(locale, heat.reason_partition),
        ThrottleReason::ProvisionedExceeded => td_string!(locale, heat.reason_provisioned),
        ThrottleReason::OnDemandLimit => td_string!(locale, heat.reason_on_demand),
        ThrottleReason::IndexBackPressure => td_string!(locale, heat.reason_back_pressure),
    }
}

const REASONS: [ThrottleReason; 4] =
    [ThrottleReason::PartitionLimit, ThrottleReason::ProvisionedExceeded, ThrottleReason::OnDemandLimit, ThrottleReason::IndexBackPressure];

/// Which chart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChartKind {
    Heat,
    PartitionLimits,
    Throttles,
    Burst,
    Targets,
    TopKeys,
}

impl ChartKind {
    pub const ALL: [ChartKind; 6] =
        [ChartKind::Heat, ChartKind::PartitionLimits, ChartKind::Throttles, ChartKind::Burst, ChartKind::Targets, ChartKind::TopKeys];

    /// Stable id for test ids and file names.
    pub fn id(self) -> &'static str {
        match self {
            ChartKind::Heat => "heatmap",
            ChartKind::PartitionLimits => "limits",
            ChartKind::Throttles => "throttles",
            ChartKind::Burst => "burst",
            ChartKind::Targets => "targets",
            ChartKind::TopKeys => "topkeys",
        }
    }

    pub fn title(self, locale: Locale) -> &'static str {
        match self {
            ChartKind::Heat => td_string!(locale, heat.chart_heat),
            ChartKind::PartitionLimits => td_string!(locale, heat.chart_limits),
            ChartKind::Throttles => td_string!(locale, heat.chart_throttles),
            ChartKind::Burst => td_string!(locale, heat.chart_burst),
            ChartKind::Targets => td_string!(locale, heat.chart_targets),
            ChartKind::TopKeys => td_string!(locale, heat.chart_top_keys),
        }
    }
}

impl ChartKind {
    /// What the chart's figures mean, in a sentence under its title (`None` when the title says it).
    pub fn note(self, locale: Locale) -> Option<&'static str> {
        match self {
            ChartKind::Heat => Some(td_string!(locale, heat.note_heat)),
            ChartKind::PartitionLimits => Some(td_string!(locale, heat.note_limits)),
            ChartKind::Throttles => Some(td_string!(locale, heat.note_throttles)),
            ChartKind::Burst => Some(td_string!(locale, heat.note_burst)),
            ChartKind::Targets => Some(td_string!(locale, heat.note_targets)),
            ChartKind::TopKeys => Some(td_string!(locale, heat.note_top_keys)),
        }
    }
}

/// Partitions × time: each cell is the fraction of the partition's ceiling used in that column.
#[derive(Debug, Clone, PartialEq)]
pub struct HeatData {
    /// One row per partition, table first then each GSI: `Social · GSI1 p0`.
    pub rows: Vec<String>,
    /// Seconds per column (1 unless the run is longer than [`MAX_COLUMNS`]).
    pub bucket: u32,
    pub columns: usize,
    /// `cells[row][column]`: the busiest second of the column, as (read half-units, write half-units).
    pub cells: Vec<Vec<(u64, u64)>>,
}

impl HeatData {
    /// Fraction of the ceiling: (reads + 3 × writes) / 6,000 half-units.
    pub fn fraction(&self, row: usize, column: usize) -> f64 {
        let (r, w) = self.cells[row][column];
        (r + 3 * w) as f64 / PARTITION_EQ_HALF as f64
    }
}

/// Series over time.
#[derive(Debug, Clone, PartialEq)]
pub struct LinesData {
    pub y_label: String,
    pub bucket: u32,
    /// (name, one value per column).
    pub series: Vec<(String, Vec<f64>)>,
}

/// Categories with stacked parts, and an optional limit line.
#[derive(Debug, Clone, PartialEq)]
pub struct BarsData {
    pub y_label: String,
    pub categories: Vec<String>,
    /// (name, one value per category).
    pub stacks: Vec<(String, Vec<f64>)>,
    pub limit: Option<(f64, String)>,
    /// Columns only the table shows (another unit than the bars'), one value per category.
    pub extra: Vec<(String, Vec<String>)>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum ChartData {
    Heat(HeatData),
    Lines(LinesData),
    Bars(BarsData),
}

/// One chart: its kind and data, with its words in `locale`.
#[derive(Debug, Clone, PartialEq)]
pub struct Chart {
    pub kind: ChartKind,
    pub data: ChartData,
    pub locale: Locale,
}

/// The screen-reader version of a chart.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DataTable {
    pub headers: Vec<String>,
    pub rows: Vec<Vec<String>>,
}

fn bucket_of(seconds: usize) -> u32 {
    seconds.div_ceil(MAX_COLUMNS).max(1) as u32
}

/// Every chart for a report.
pub fn charts(report: &Report, locale: Locale) -> Vec<Chart> {
    ChartKind::ALL.iter().map(|&k| chart(report, k, locale)).collect()
}

pub fn chart(report: &Report, kind: ChartKind, locale: Locale) -> Chart {
    let data = match kind {
        ChartKind::Heat => ChartData::Heat(heat(report)),
        ChartKind::PartitionLimits => ChartData::Bars(limits(report, locale)),
        ChartKind::Throttles => ChartData::Lines(throttles(report, locale)),
        ChartKind::Burst => ChartData::Lines(burst(report, locale)),
        ChartKind::Targets => ChartData::Bars(targets(report, locale)),
        ChartKind::TopKeys => ChartData::Bars(top_keys(report, locale)),
    };
    Chart { kind, data, locale }
}

/// (label, partitions) per target in report order, with the most partitions any second had.
fn target_rows(report: &Report) -> Vec<(String, usize)> {
    let mut out: Vec<(String, usize)> =
        report.totals.targets.iter().map(|t| (target_label(&t.table, t.index.as_deref()), t.partitions as usize)).collect();
    for s in &report.seconds {
        for (i, t) in s.targets.iter().enumerate() {
            if let Some(o) = out.get_mut(i) {
                o.1 = o.1.max(t.partitions.len());
            }
        }
    }
    out
}

pub fn heat(report: &Report) -> HeatData {
    let rows_by_target = target_rows(report);
    let bucket = bucket_of(report.seconds.len());
    let columns = report.seconds.len().div_ceil(bucket as usize);
    let mut rows = Vec::new();
    let mut offsets = Vec::new();
    for (label, n) in &rows_by_target {
        offsets.push(rows.len());
        for p in 0..*n {
            rows.push(format!("{label} p{p}"));
        }
    }
    let mut cells = vec![vec![(0u64, 0u64); columns]; rows.len()];
    for (si, s) in report.seconds.iter().enumerate() {
        let c = si / bucket as usize;
        for (ti, t) in s.targets.iter().enumerate() {
            let Some(&off) = offsets.get(ti) else { continue };
            for (p, part) in t.partitions.iter().enumerate() {
                let Some(row) = cells.get_mut(off + p) else { continue };
                let cell = &mut row[c];
                // The column shows its busiest second (by ceiling use), not a sum.
                if part.read_half_units + 3 * part.write_half_units > cell.0 + 3 * cell.1 {
                    *cell = (part.read_half_units, part.write_half_units);
                }
            }
        }
    }
    HeatData { rows, bucket, columns, cells }
}

fn limits(report: &Report, locale: Locale) -> BarsData {
    let h = heat(report);
    let mut reads = Vec::new();
    let mut writes = Vec::new();
    for row in &h.cells {
        let best = row.iter().copied().max_by_key(|(r, w)| r + 3 * w).unwrap_or((0, 0));
        reads.push(best.0 as f64 * 100.0 / PARTITION_EQ_HALF as f64);
        writes.push(3.0 * best.1 as f64 * 100.0 / PARTITION_EQ_HALF as f64);
    }
    BarsData {
        y_label: td_string!(locale, heat.y_ceiling).to_string(),
        categories: h.rows,
        stacks: vec![(td_string!(locale, heat.s_reads_of).to_string(), reads), (td_string!(locale, heat.s_writes_of).to_string(), writes)],
        limit: Some((100.0, td_string!(locale, heat.limit_line).to_string())),
        extra: Vec::new(),
    }
}

fn throttles(report: &Report, locale: Locale) -> LinesData {
    let bucket = bucket_of(report.seconds.len());
    let columns = report.seconds.len().div_ceil(bucket as usize);
    let mut series = Vec::new();
    for r in REASONS {
        let mut v = vec![0.0; columns];
        let mut any = false;
        for (si, s) in report.seconds.iter().enumerate() {
            let n: u64 = s.throttles.iter().filter(|t| t.reason == r).map(|t| t.requests).sum();
            any |= n > 0;
            v[si / bucket as usize] += n as f64;
        }
        if any {
            series.push((reason_label(r, locale).to_string(), v));
        }
    }
    if series.is_empty() {
        series.push((td_string!(locale, heat.throttled_none).to_string(), vec![0.0; columns]));
    }
    let y_label = if bucket == 1 { td_string!(locale, heat.y_throttled_1).to_string() } else { td_string!(locale, heat.y_throttled_n, n = bucket).to_string() };
    LinesData { y_label, bucket, series }
}

fn burst(report: &Report, locale: Locale) -> LinesData {
    let bucket = bucket_of(report.seconds.len());
    let columns = report.seconds.len().div_ceil(bucket as usize);
    let labels = target_rows(report);
    let mut series = Vec::new();
    for (ti, (label, _)) in labels.iter().enumerate() {
        let mut reads = vec![0.0; columns];
        let mut writes = vec![0.0; columns];
        for (si, s) in report.seconds.iter().enumerate() {
            let Some(t) = s.targets.get(ti) else { continue };
            // The bucket's last second: what is left at its end.
            let c = si / bucket as usize;
            reads[c] = t.partitions.iter().map(|p| p.read_burst_half_units).sum::<u64>() as f64 / 2.0;
            writes[c] = t.partitions.iter().map(|p| p.write_burst_half_units).sum::<u64>() as f64 / 2.0;
        }
        series.push((td_string!(locale, heat.read_burst, target = label).to_string(), reads));
        series.push((td_string!(locale, heat.write_burst, target = label).to_string(), writes));
    }
    LinesData { y_label: td_string!(locale, heat.y_burst).to_string(), bucket, series }
}

fn targets(report: &Report, locale: Locale) -> BarsData {
    let secs = f64::from(report.totals.seconds.max(1));
    let categories = report.totals.targets.iter().map(|t| target_label(&t.table, t.index.as_deref())).collect();
    let reads = report.totals.targets.iter().map(|t| t.read_half_units as f64 / 2.0 / secs).collect();
    let writes = report.totals.targets.iter().map(|t| t.write_half_units as f64 / 2.0 / secs).collect();
    BarsData {
        y_label: td_string!(locale, heat.y_mean).to_string(),
        categories,
        stacks: vec![(td_string!(locale, heat.s_rcu_ps).to_string(), reads), (td_string!(locale, heat.s_wcu_ps).to_string(), writes)],
        limit: None,
        extra: vec![
            (td_string!(locale, heat.x_rcu).to_string(), report.totals.targets.iter().map(|t| units_in(locale, t.read_half_units)).collect()),
            (td_string!(locale, heat.x_wcu).to_string(), report.totals.targets.iter().map(|t| units_in(locale, t.write_half_units)).collect()),
            (td_string!(locale, heat.x_partitions).to_string(), report.totals.targets.iter().map(|t| numbers::count(locale, u64::from(t.partitions))).collect()),
        ],
    }
}

fn top_keys(report: &Report, locale: Locale) -> BarsData {
    let keys = &report.totals.top_accessed;
    BarsData {
        y_label: td_string!(locale, heat.y_top).to_string(),
        categories: keys.iter().map(|k| format!("{} ({})", k.key, target_label(&k.table, k.index.as_deref()))).collect(),
        stacks: vec![(td_string!(locale, heat.s_accessed).to_string(), keys.iter().map(|k| k.accessed_half_units as f64 / 2.0).collect())],
        limit: None,
        extra: vec![(td_string!(locale, heat.x_throttled).to_string(), keys.iter().map(|k| numbers::count(locale, k.throttled_requests)).collect())],
    }
}

fn num(locale: Locale, v: f64) -> String {
    if v.fract() == 0.0 && v.abs() < 1e15 {
        numbers::count(locale, v.abs() as u64)
    } else {
        numbers::decimal(locale, v, 1)
    }
}

fn time_label(column: usize, bucket: u32) -> String {
    if bucket == 1 {
        format!("{column} s")
    } else {
        let from = column as u64 * u64::from(bucket);
        format!("{from}–{} s", from + u64::from(bucket) - 1)
    }
}

impl Chart {
    /// The same numbers as a table (what a screen reader gets; the e2e test reads it too).
    pub fn table(&self) -> DataTable {
        match &self.data {
            ChartData::Heat(h) => {
                let locale = self.locale;
                let mut headers = vec![td_string!(locale, heat.t_partition).to_string()];
                headers.extend((0..h.columns).map(|c| time_label(c, h.bucket)));
                let rows = h
                    .rows
                    .iter()
                    .zip(&h.cells)
                    .map(|(label, cells)| {
                        let mut row = vec![label.clone()];
                        row.extend(cells.iter().map(|&(r, w)| format!("{} RCU, {} WCU", units_in(locale, r), units_in(locale, w))));
                        row
                    })
                    .collect();
                DataTable { headers, rows }
            }
            ChartData::Lines(l) => {
                let locale = self.locale;
                let mut headers = vec![td_string!(locale, heat.t_time).to_string()];
                headers.extend(l.series.iter().map(|s| s.0.clone()));
                let columns = l.series.first().map_or(0, |s| s.1.len());
                let rows = (0..columns)
                    .map(|c| {
                        let mut row = vec![time_label(c, l.bucket)];
                        row.extend(l.series.iter().map(|s| num(locale, s.1[c])));
                        row
                    })
                    .collect();
                DataTable { headers, rows }
            }
            ChartData::Bars(b) => {
                let mut headers = vec![String::from("")];
                headers.extend(b.stacks.iter().map(|s| s.0.clone()));
                headers.extend(b.extra.iter().map(|s| s.0.clone()));
                let rows = b
                    .categories
                    .iter()
                    .enumerate()
                    .map(|(i, c)| {
                        let mut row = vec![c.clone()];
                        row.extend(b.stacks.iter().map(|s| num(self.locale, s.1[i])));
                        row.extend(b.extra.iter().map(|s| s.1[i].clone()));
                        row
                    })
                    .collect();
                DataTable { headers, rows }
            }
        }
    }

    /// What is under the pointer at chart coordinates (`x`, `y`), as the drawing maps a pixel back
    /// ([`super::plot::Mapping::at`]): the heat map's (column, row counted from the top), a line chart's
    /// (column, value) and a bar chart's (value, category counted from the top).
    pub fn hover(&self, x: f64, y: f64) -> Option<String> {
        /// The slot `v` falls in among `n` (`None` outside `0..n`).
        fn slot(v: f64, n: usize) -> Option<usize> {
            (v >= 0.0 && v < n as f64).then_some(v as usize)
        }
        match &self.data {
            ChartData::Heat(h) => {
                let (row, col) = (slot(y, h.rows.len())?, slot(x, h.columns)?);
                let (r, w) = h.cells[row][col];
                let locale = self.locale;
                let share = h.fraction(row, col) * 100.0;
                let pct = match locale {
                    Locale::tr => format!("%{share:.0}"),
                    Locale::en => format!("{share:.0} %"),
                };
                let (row, time, rcu, wcu) = (h.rows[row].clone(), time_label(col, h.bucket), units_in(locale, r), units_in(locale, w));
                Some(td_string!(locale, heat.hover_heat, row, time, rcu, wcu, pct).to_string())
            }
            ChartData::Lines(l) => {
                let col = slot(x, l.series.first().map_or(0, |s| s.1.len()))?;
                let parts: Vec<String> = l.series.iter().map(|s| format!("{}: {}", s.0, num(self.locale, s.1[col]))).collect();
                Some(format!("{} — {}", time_label(col, l.bucket), parts.join("; ")))
            }
            ChartData::Bars(b) => {
                let i = slot(y, b.categories.len())?;
                let parts: Vec<String> = b.stacks.iter().map(|s| format!("{}: {}", s.0, num(self.locale, s.1[i]))).collect();
                Some(format!("{} — {}", b.categories[i], parts.join("; ")))
            }
        }
    }
}
