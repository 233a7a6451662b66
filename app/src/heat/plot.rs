//! Draws a [`Chart`] with plotters, on any backend: the page's canvas (plotters-canvas) and the SVG export
//! (plotters' SVG backend) call the same [`draw`] at the same width, so the exported file is the picture on
//! screen. The drawing is laid out for the width it is given — labels measured, wrapped or shortened to
//! fit, legends flowing onto as many rows as they need — so a chart in a 420 px frame is drawn for 420 px
//! rather than shrunk from a wide one.
//!
//! The three shapes: the heat map (partitions × time, row 0 at the top), lines over time, and horizontal
//! stacked bars (categories down the side, where long names — keys with their table, GSI partitions —
//! have room). [`draw`] returns the chart's own coordinate mapping ([`Mapping`]), through which the page
//! reads the value under the pointer.

use crate::i18n::{td_string, Locale};
use plotters::coord::types::RangedCoordf64;
use plotters::coord::{CoordTranslate, ReverseCoordTranslate, Shift};
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::chart::{group, BarsData, Chart, ChartData, HeatData, LinesData};
use super::colour::{heat, legend_steps, palette, Palette, Rgb, Theme};

/// The chart's coordinates ↔ backend pixels, as plotters laid out the plot: its `Cartesian2d`.
#[derive(Clone)]
pub struct Mapping(Cartesian2d<RangedCoordf64, RangedCoordf64>);

impl Mapping {
    /// The chart coordinates under backend pixel `px` (`None` outside the plot): the heat map's (column,
    /// row from the top), a line chart's (column, value), a bar chart's (value, category from the top),
    /// as [`Chart::hover`] takes them.
    pub fn at(&self, px: (i32, i32)) -> Option<(f64, f64)> {
        self.0.reverse_translate(px)
    }

    /// The backend pixel where chart coordinates (`x`, `y`) are drawn.
    pub fn pixel(&self, x: f64, y: f64) -> (i32, i32) {
        self.0.translate(&(x, y))
    }
}

/// Sizes at one CSS pixel per backend pixel; [`Scale`] multiplies them for the device's pixel ratio.
const MARGIN: f64 = 10.0;
const FONT: f64 = 12.0;
const NOTE_FONT: f64 = 11.0;
const LINE: f64 = 15.0;
const LEGEND_ROW: f64 = 18.0;
/// The heat map's colour legend, right of the plot when the chart is wide enough.
const HEAT_LEGEND: f64 = 96.0;
/// Narrower than this, the heat map's legend goes under the plot.
const WIDE: f64 = 360.0;
/// The x axis: tick labels and the axis title under them.
const X_AXIS: f64 = 42.0;
const FAMILY: &str = "sans-serif";

/// plotters' SVG backend writes a font's size divided by this (it takes sizes as points): the export
/// asks for fonts this much larger, so its text is as large as the canvas's.
const SVG_FONT: f64 = 1.24;

/// Backend pixels per CSS pixel (the device pixel ratio on the canvas, 1 for the SVG export), and how
/// much larger than drawn a font is asked for from the backend (1, or [`SVG_FONT`] while drawing SVG;
/// layout always measures text at its true size).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Scale {
    pub ratio: f64,
    font: f64,
}

impl Scale {
    pub fn new(ratio: f64) -> Scale {
        Scale { ratio, font: 1.0 }
    }

    fn px(self, v: f64) -> i32 {
        (v * self.ratio).round() as i32
    }

    fn text(self, size: f64, colour: Rgb) -> TextStyle<'static> {
        (FAMILY, size * self.ratio * self.font).into_font().color(&c(colour))
    }
}

fn c(rgb: Rgb) -> RGBColor {
    RGBColor(rgb.0, rgb.1, rgb.2)
}

fn err<E: std::fmt::Display>(e: E) -> String {
    format!("The chart could not be drawn: {e}")
}

/// How wide `text` is in `style`, in backend pixels (plotters measures it as the browser lays it out).
fn width_of(style: &TextStyle, text: &str) -> i32 {
    style.font.box_size(text).map_or(text.chars().count() as i32 * 7, |(w, _)| w as i32)
}

/// `text` cut to fit `max` pixels, ending in "…" when cut.
fn fit(style: &TextStyle, text: &str, max: i32) -> String {
    if width_of(style, text) <= max {
        return text.to_string();
    }
    let chars: Vec<char> = text.chars().collect();
    // The longest prefix that fits with its ellipsis (binary search: each measure is a layout).
    let (mut lo, mut hi) = (0, chars.len());
    while lo < hi {
        let mid = (lo + hi).div_ceil(2);
        let candidate: String = chars[..mid].iter().collect::<String>() + "…";
        if width_of(style, &candidate) <= max {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    chars[..lo].iter().collect::<String>().trim_end().to_string() + "…"
}

/// A row label cut to `max` pixels keeping its last word (a heat-map row's `p3`), so partitions of a long
/// table name stay apart.
fn fit_keeping_tail(style: &TextStyle, text: &str, max: i32) -> String {
    if width_of(style, text) <= max {
        return text.to_string();
    }
    match text.rsplit_once(' ') {
        Some((head, tail)) if width_of(style, tail) * 2 < max => {
            let tail = format!(" {tail}");
            fit(style, head, max - width_of(style, &tail)) + &tail
        }
        _ => fit(style, text, max),
    }
}

/// `text` in lines no wider than `max` pixels, at most `max_lines` (the last one cut with "…" if the
/// rest does not fit). Words wrap at spaces; with `by_parenthesis` (a name and its table) a parenthesis
/// starts a line of its own first: `ALL_POSTS` / `(Social · GSI1)`.
fn wrap(style: &TextStyle, text: &str, max: i32, max_lines: usize, by_parenthesis: bool) -> Vec<String> {
    let max_lines = max_lines.max(1);
    if width_of(style, text) <= max {
        return vec![text.to_string()];
    }
    let mut parts = Vec::new();
    let mut start = 0;
    for (i, _) in text.match_indices(" (").filter(|_| by_parenthesis) {
        if i > start {
            parts.push(&text[start..i]);
            start = i + 1;
        }
    }
    parts.push(&text[start..]);
    let mut lines: Vec<String> = Vec::new();
    for part in parts {
        let mut line = String::new();
        for word in part.split(' ').filter(|w| !w.is_empty()) {
            let candidate = if line.is_empty() { word.to_string() } else { format!("{line} {word}") };
            if line.is_empty() || width_of(style, &candidate) <= max {
                line = candidate;
            } else {
                lines.push(std::mem::take(&mut line));
                line = word.to_string();
            }
        }
        if !line.is_empty() {
            lines.push(line);
        }
    }
    if lines.len() > max_lines {
        let last = lines[max_lines - 1..].join(" ");
        lines.truncate(max_lines - 1);
        lines.push(last);
    }
    // A single word longer than the line, or the rest joined onto the last line: cut with "…".
    for line in &mut lines {
        *line = fit(style, line, max);
    }
    lines
}

/// One entry of a legend: a swatch (a line or a bar) and a name.
struct Entry {
    name: String,
    colour: Rgb,
    line: bool,
}

/// Where a legend entry goes: its first row, its x offset, and its name in lines (one unless the name is
/// wider than the legend, when it wraps onto rows of its own).
struct Placed {
    row: usize,
    x: i32,
    lines: Vec<String>,
}

/// Entries placed in rows no wider than `width`, left to right.
fn flow(s: Scale, style: &TextStyle, entries: &[Entry], width: i32) -> Vec<Placed> {
    let swatch = s.px(22.0);
    let gap = s.px(16.0);
    let mut out = Vec::new();
    let (mut row, mut x) = (0, 0);
    for e in entries {
        let lines = wrap(style, &e.name, width - swatch, 3, false);
        let w = swatch + lines.iter().map(|l| width_of(style, l)).max().unwrap_or(0);
        if x > 0 && (x + w > width || lines.len() > 1) {
            row += 1;
            x = 0;
        }
        let tall = lines.len();
        out.push(Placed { row, x, lines });
        if tall > 1 {
            row += tall;
            x = 0;
        } else {
            x += w + gap;
        }
    }
    out
}

fn legend_rows(placed: &[Placed]) -> usize {
    placed.iter().map(|p| p.row + p.lines.len()).max().unwrap_or(0)
}

/// Draws a legend laid out by [`flow`] with its top-left corner at (`x`, `y`).
fn draw_legend<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, s: Scale, p: &Palette, entries: &[Entry], placed: &[Placed], (x, y): (i32, i32)) -> Result<(), String> {
    let style = s.text(FONT, p.text).pos(Pos::new(HPos::Left, VPos::Center));
    for (e, at) in entries.iter().zip(placed) {
        let (x, yc) = (x + at.x, y + s.px(LEGEND_ROW * at.row as f64 + LEGEND_ROW / 2.0));
        if e.line {
            root.draw(&PathElement::new(vec![(x, yc), (x + s.px(16.0), yc)], c(e.colour).stroke_width(s.px(2.0).max(1) as u32))).map_err(err)?;
        } else {
            root.draw(&Rectangle::new([(x + s.px(2.0), yc - s.px(5.0)), (x + s.px(14.0), yc + s.px(5.0))], c(e.colour).filled())).map_err(err)?;
        }
        for (i, line) in at.lines.iter().enumerate() {
            root.draw(&Text::new(line.clone(), (x + s.px(22.0), yc + s.px(LEGEND_ROW * i as f64)), style.clone())).map_err(err)?;
        }
    }
    Ok(())
}

/// Lines of text drawn from (`x`, `y`) down, anchored left or centred on `x`.
fn draw_lines_of_text<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, s: Scale, style: &TextStyle, lines: &[String], (x, y): (i32, i32)) -> Result<(), String> {
    for (i, line) in lines.iter().enumerate() {
        root.draw(&Text::new(line.clone(), (x, y + s.px(LINE * i as f64)), style.clone())).map_err(err)?;
    }
    Ok(())
}

/// A value axis's tick label: whole numbers grouped by thousands, fractions with the decimals the step
/// between ticks needs.
pub fn tick_label(v: f64, step: f64) -> String {
    if step >= 1.0 || step <= 0.0 {
        group(v.round().max(0.0) as u64)
    } else {
        let decimals = (-step.log10()).ceil().clamp(1.0, 6.0) as u32;
        format!("{v:.*}", decimals as usize)
    }
}

/// The ticks plotters draws on a value axis from 0 to `top` with at most `n` labels.
fn value_ticks(top: f64, n: usize) -> Vec<f64> {
    RangedCoordf64::from(0.0..top).key_points(n)
}

fn step_of(ticks: &[f64]) -> f64 {
    match ticks {
        [a, b, ..] => b - a,
        _ => 1.0,
    }
}

/// How many labels an axis `length` pixels long has room for, one per `each` pixels.
fn label_count(length: i32, each: i32) -> usize {
    (length / each.max(1)).clamp(2, 10) as usize
}

/// A chart laid out for a width: its size, and what each shape needs to draw itself there.
pub struct Layout {
    pub width: u32,
    pub height: u32,
    scale: Scale,
    shape: Shape,
}

enum Shape {
    Heat(HeatLayout),
    Lines(LinesLayout),
    Bars(BarsLayout),
}

struct HeatLayout {
    labels: Vec<String>,
    label_w: i32,
    plot_h: i32,
    /// The colour legend beside the plot (wide charts) or under it.
    legend_right: bool,
    legend_h: i32,
    /// When the rows' whole names do not fit beside them: each table or GSI gets a letter (`A p3`), and
    /// these lines under the chart say which is which (`A = Social · LatestPosts`), wrapped to fit.
    key: Vec<String>,
}

/// The letter a table or GSI goes by in a heat map's row labels when its name does not fit.
fn target_letter(i: usize) -> String {
    let letters = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'J', 'K', 'L', 'M', 'N', 'P', 'Q', 'R', 'S', 'T', 'U', 'V', 'W', 'X', 'Y', 'Z'];
    match (letters.get(i), i.checked_sub(letters.len())) {
        (Some(c), _) => c.to_string(),
        (None, Some(n)) => format!("T{}", n + 1),
        (None, None) => String::new(),
    }
}

/// A heat map's rows (`Social · LatestPosts p3`) as (table or GSI, partition), in row order.
fn split_row(row: &str) -> (&str, &str) {
    row.rsplit_once(' ').unwrap_or(("", row))
}

/// Row labels that fit `max` pixels: the whole names when they all fit, else a letter per table or
/// GSI and the lines of the key that names them (each no wider than `width`).
fn heat_labels(style: &TextStyle, rows: &[String], max: i32, width: i32) -> (Vec<String>, Vec<String>) {
    if rows.iter().all(|r| width_of(style, r) <= max) {
        return (rows.to_vec(), Vec::new());
    }
    let mut names: Vec<&str> = Vec::new();
    let labels = rows
        .iter()
        .map(|r| {
            let (name, part) = split_row(r);
            let i = names.iter().position(|n| *n == name).unwrap_or_else(|| {
                names.push(name);
                names.len() - 1
            });
            format!("{} {part}", target_letter(i))
        })
        .collect();
    let key = names.iter().enumerate().flat_map(|(i, n)| wrap(style, &format!("{} = {n}", target_letter(i)), width, 4, false)).collect();
    (labels, key)
}

struct LinesLayout {
    title: Vec<String>,
    y_axis_w: i32,
    top: f64,
    ticks: usize,
    legend: Vec<Placed>,
}

struct BarsLayout {
    labels: Vec<Vec<String>>,
    label_w: i32,
    /// Every how many categories a label is drawn (1 unless rows are too thin for text).
    every: usize,
    top: f64,
    ticks: usize,
    title: Vec<String>,
    legend: Vec<Placed>,
}

/// Lays `chart` out `width` backend pixels wide at `scale`.
pub fn layout(chart: &Chart, width: u32, scale: Scale, theme: Theme) -> Layout {
    let s = scale;
    let p = palette(theme);
    let w = width.max(s.px(160.0) as u32) as i32;
    let label = s.text(FONT, p.text);
    let (height, shape) = match &chart.data {
        ChartData::Heat(d) => {
            let legend_right = f64::from(w) >= WIDE * s.ratio;
            let most = w * 2 / 5 - s.px(12.0);
            let (labels, key) = heat_labels(&label, &d.rows, most, w - 2 * s.px(MARGIN));
            let label_w = labels.iter().map(|r| width_of(&label, r)).max().unwrap_or(0) + s.px(12.0);
            let labels = labels.iter().map(|r| fit_keeping_tail(&label, r, label_w - s.px(12.0))).collect();
            let min_h = if legend_right { 170.0 } else { 100.0 };
            let plot_h = s.px((16.0 * d.rows.len() as f64).clamp(min_h, 470.0));
            let legend_h = if legend_right { 0 } else { s.px(LEGEND_ROW * 2.0 + LINE + 8.0) };
            let key_h = if key.is_empty() { 0 } else { s.px(LINE) * key.len() as i32 + s.px(6.0) };
            let h = s.px(MARGIN) + plot_h + s.px(X_AXIS) + legend_h + key_h + s.px(MARGIN / 2.0);
            (h, Shape::Heat(HeatLayout { labels, label_w, plot_h, legend_right, legend_h, key }))
        }
        ChartData::Lines(d) => {
            let max = d.series.iter().flat_map(|s| s.1.iter().copied()).fold(0.0f64, f64::max);
            let top = if max > 0.0 { max * 1.15 } else { 1.0 };
            let plot_h = s.px(if f64::from(w) < 520.0 * s.ratio { 170.0 } else { 200.0 });
            let ticks = label_count(plot_h, s.px(36.0));
            let marks = value_ticks(top, ticks);
            let step = step_of(&marks);
            let y_axis_w = marks.iter().map(|v| width_of(&label, &tick_label(*v, step))).max().unwrap_or(0) + s.px(14.0);
            let title = wrap(&label, &d.y_label, w - 2 * s.px(MARGIN), 3, false);
            let entries = line_entries(d, &p);
            let legend = flow(s, &label, &entries, w - 2 * s.px(MARGIN));
            let h = s.px(MARGIN) + s.px(LINE) * title.len() as i32 + s.px(6.0) + plot_h + s.px(X_AXIS) + s.px(LEGEND_ROW) * legend_rows(&legend) as i32 + s.px(MARGIN);
            (h, Shape::Lines(LinesLayout { title, y_axis_w, top, ticks, legend }))
        }
        ChartData::Bars(d) => {
            let n = d.categories.len().max(1);
            let max_label = (w * 9 / 20).max(s.px(60.0));
            let wanted = d.categories.iter().map(|c| width_of(&label, c)).max().unwrap_or(0);
            let label_w = wanted.min(max_label) + s.px(12.0);
            // Labels on up to two lines; rows as tall as the labels need, thinner when there are many.
            let lines_room = if n <= 12 { 2 } else { 1 };
            let labels: Vec<Vec<String>> = d.categories.iter().map(|c| wrap(&label, c, label_w - s.px(12.0), lines_room, true)).collect();
            let lines = labels.iter().map(Vec::len).max().unwrap_or(1) as f64;
            let row_h = s.px((10.0 + LINE * lines).max(24.0).min(400.0 / n as f64).max(8.0));
            let every = (f64::from(s.px(13.0)) / f64::from(row_h)).ceil().max(1.0) as usize;
            let totals = (0..d.categories.len()).map(|i| d.stacks.iter().filter_map(|s| s.1.get(i)).sum::<f64>());
            let max = totals.fold(d.limit.as_ref().map_or(0.0, |l| l.0), f64::max);
            let top = if max > 0.0 { max * 1.1 } else { 1.0 };
            let plot_w = w - 2 * s.px(MARGIN) - label_w;
            let ticks = label_count(plot_w, s.px(64.0));
            let title = wrap(&label, &d.y_label, plot_w, 3, false);
            let entries = bar_entries(d, &p);
            let legend = flow(s, &label, &entries, w - 2 * s.px(MARGIN));
            let x_axis = s.px(22.0) + s.px(LINE) * title.len() as i32;
            let h = s.px(MARGIN) + row_h * n as i32 + x_axis + s.px(6.0) + s.px(LEGEND_ROW) * legend_rows(&legend) as i32 + s.px(MARGIN);
            (h, Shape::Bars(BarsLayout { labels, label_w, every, top, ticks, title, legend }))
        }
    };
    Layout { width: w as u32, height: height.max(1) as u32, scale, shape }
}

fn line_entries(d: &LinesData, p: &Palette) -> Vec<Entry> {
    d.series.iter().enumerate().map(|(i, (name, _))| Entry { name: name.clone(), colour: p.series[i % p.series.len()], line: true }).collect()
}

fn bar_entries(d: &BarsData, p: &Palette) -> Vec<Entry> {
    let mut out: Vec<Entry> =
        d.stacks.iter().enumerate().map(|(i, (name, _))| Entry { name: name.clone(), colour: p.series[i % p.series.len()], line: false }).collect();
    if let Some((_, text)) = &d.limit {
        out.push(Entry { name: text.clone(), colour: p.limit, line: true });
    }
    out
}

/// Draws `chart` laid out as `layout` on `root` (which must be `layout.width` × `layout.height`).
pub fn draw<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, chart: &Chart, layout: &Layout, theme: Theme) -> Result<Mapping, String> {
    let p = palette(theme);
    root.fill(&c(p.background)).map_err(err)?;
    let s = layout.scale;
    let mapping = match (&chart.data, &layout.shape) {
        (ChartData::Heat(d), Shape::Heat(l)) => draw_heat(root, s, d, l, &p, theme, chart.locale)?,
        (ChartData::Lines(d), Shape::Lines(l)) => draw_lines(root, s, d, l, &p, chart.locale)?,
        (ChartData::Bars(d), Shape::Bars(l)) => draw_bars(root, s, d, l, &p)?,
        _ => return Err(String::from("The chart was laid out for another shape.")),
    };
    root.present().map_err(err)?;
    Ok(mapping)
}

fn draw_heat<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, s: Scale, d: &HeatData, l: &HeatLayout, p: &Palette, theme: Theme, locale: Locale) -> Result<Mapping, String> {
    let (w, h) = root.dim_in_pixel();
    let (w, h) = (w as i32, h as i32);
    let rows = d.rows.len().max(1) as f64;
    let cols = d.columns.max(1) as f64;
    let label = s.text(FONT, p.text);
    // The key naming the tables and GSIs by letter, under everything else.
    let key_h = if l.key.is_empty() { 0 } else { s.px(LINE) * l.key.len() as i32 + s.px(6.0) };
    let (root, key_side) = root.split_vertically(h - key_h);
    let h = h - key_h;
    draw_lines_of_text(&key_side, s, &label.pos(Pos::new(HPos::Left, VPos::Top)), &l.key, (s.px(MARGIN), 0))?;
    let root = &root;
    let (plot_side, legend_side) = if l.legend_right {
        root.split_horizontally(w - s.px(HEAT_LEGEND))
    } else {
        root.split_vertically(h - l.legend_h)
    };
    let x_desc = if d.bucket == 1 { td_string!(locale, heat.x_second).to_string() } else { td_string!(locale, heat.x_seconds_bucket, n = d.bucket).to_string() };
    let mut ch = ChartBuilder::on(&plot_side)
        .margin_top(s.px(MARGIN))
        .margin_left(s.px(MARGIN))
        .margin_right(s.px(MARGIN))
        .x_label_area_size(s.px(X_AXIS))
        .y_label_area_size(l.label_w)
        .build_cartesian_2d(0f64..cols, rows..0f64)
        .map_err(err)?;
    let bucket = u64::from(d.bucket);
    let x_label = |v: &f64| group(v.round().max(0.0) as u64 * bucket);
    let plot_w = ch.plotting_area().dim_in_pixel().0 as i32;
    ch.configure_mesh()
        .disable_mesh()
        .y_labels(0)
        .x_labels(label_count(plot_w, s.px(48.0)).min(d.columns + 1))
        .x_label_formatter(&x_label)
        .x_desc(x_desc)
        .set_all_tick_mark_size(s.px(4.0))
        .label_style(label.clone())
        .axis_desc_style(label.clone())
        .axis_style(c(p.grid))
        .draw()
        .map_err(err)?;
    let cell = |r: usize, col: usize| [(col as f64, r as f64), (col as f64 + 1.0, r as f64 + 1.0)];
    ch.draw_series(d.cells.iter().enumerate().flat_map(|(r, row)| {
        (0..row.len()).map(move |col| Rectangle::new(cell(r, col), c(heat(d.fraction(r, col), theme)).filled()))
    }))
    .map_err(err)?;
    // Cells at the ceiling get an outline too, so they read without colour.
    ch.draw_series(d.cells.iter().enumerate().flat_map(|(r, row)| {
        (0..row.len()).filter(move |&col| d.fraction(r, col) >= 1.0).map(move |col| Rectangle::new(cell(r, col), c(p.text).stroke_width(1)))
    }))
    .map_err(err)?;
    // Row names beside their rows (every few rows when rows are thinner than the text).
    let row_px = f64::from(l.plot_h) / rows;
    let every = ((s.ratio * 13.0 / row_px).ceil() as usize).max(1);
    let at = ch.plotting_area().get_base_pixel().0 - s.px(6.0);
    let style = label.pos(Pos::new(HPos::Right, VPos::Center));
    for (r, text) in l.labels.iter().enumerate().filter(|(r, _)| r % every == 0) {
        let (_, y) = ch.backend_coord(&(0.0, r as f64 + 0.5));
        root.draw(&Text::new(text.clone(), (at, y), style.clone())).map_err(err)?;
    }
    let mapping = Mapping(ch.as_coord_spec().clone());
    heat_legend(&legend_side, s, p, theme, l.legend_right, locale)?;
    Ok(mapping)
}

/// The heat map's scale and what "ceiling" means: a column beside the plot, or two rows under it.
fn heat_legend<DB: DrawingBackend>(area: &DrawingArea<DB, Shift>, s: Scale, p: &Palette, theme: Theme, right: bool, locale: Locale) -> Result<(), String> {
    let text = s.text(FONT, p.text).pos(Pos::new(HPos::Left, VPos::Center));
    let note = s.text(NOTE_FONT, p.text).pos(Pos::new(HPos::Left, VPos::Center));
    let steps = legend_steps();
    let swatch = |x: i32, y: i32, f: f64| -> Result<(), String> {
        let box_ = [(x, y), (x + s.px(18.0), y + s.px(14.0))];
        area.draw(&Rectangle::new(box_, c(heat(f, theme)).filled())).map_err(err)?;
        area.draw(&Rectangle::new(box_, c(p.grid).stroke_width(1))).map_err(err)
    };
    if right {
        let x = s.px(6.0);
        area.draw(&Text::new(td_string!(locale, heat.ceiling_use), (x, s.px(MARGIN + 7.0)), text.clone())).map_err(err)?;
        for (i, (f, name)) in steps.iter().enumerate() {
            let y = s.px(MARGIN + 20.0 + 20.0 * i as f64);
            swatch(x, y, *f)?;
            area.draw(&Text::new(*name, (x + s.px(24.0), y + s.px(7.0)), text.clone())).map_err(err)?;
        }
        let y = s.px(MARGIN + 34.0 + 20.0 * steps.len() as f64);
        let lines = [td_string!(locale, heat.ceiling_1), td_string!(locale, heat.ceiling_2), td_string!(locale, heat.ceiling_3), td_string!(locale, heat.ceiling_4)];
        for (i, line) in lines.iter().enumerate() {
            area.draw(&Text::new(*line, (x, y + s.px(14.0 * i as f64)), note.clone())).map_err(err)?;
        }
    } else {
        let (w, _) = area.dim_in_pixel();
        let x0 = s.px(MARGIN);
        let per_row = ((w as i32 - 2 * x0) / s.px(66.0)).clamp(1, steps.len() as i32) as usize;
        for (i, (f, name)) in steps.iter().enumerate() {
            let (row, col) = (i / per_row, i % per_row);
            let (x, y) = (x0 + s.px(66.0) * col as i32, s.px(LEGEND_ROW * row as f64 + 2.0));
            swatch(x, y, *f)?;
            area.draw(&Text::new(*name, (x + s.px(22.0), y + s.px(7.0)), text.clone())).map_err(err)?;
        }
        let rows = steps.len().div_ceil(per_row);
        let y = s.px(LEGEND_ROW * rows as f64 + 10.0);
        area.draw(&Text::new(td_string!(locale, heat.ceiling_note), (x0, y), note)).map_err(err)?;
    }
    Ok(())
}

fn draw_lines<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, s: Scale, d: &LinesData, l: &LinesLayout, p: &Palette, locale: Locale) -> Result<Mapping, String> {
    let h = root.dim_in_pixel().1 as i32;
    let cols = d.series.first().map_or(1, |s| s.1.len()).max(1);
    let label = s.text(FONT, p.text);
    // The value axis's title, above it (a title turned on its side would not fit a short plot).
    let title_h = s.px(MARGIN) + s.px(LINE) * l.title.len() as i32 + s.px(6.0);
    draw_lines_of_text(root, s, &label.pos(Pos::new(HPos::Left, VPos::Top)), &l.title, (s.px(MARGIN), s.px(MARGIN)))?;
    let legend_h = s.px(LEGEND_ROW) * legend_rows(&l.legend) as i32 + s.px(MARGIN);
    let (_, below_title) = root.split_vertically(title_h);
    let (plot_side, _) = below_title.split_vertically(h - title_h - legend_h);
    let mut ch = ChartBuilder::on(&plot_side)
        .margin_left(s.px(MARGIN))
        .margin_right(s.px(MARGIN + 4.0))
        .x_label_area_size(s.px(X_AXIS))
        .y_label_area_size(l.y_axis_w)
        .build_cartesian_2d(0f64..cols as f64, 0f64..l.top)
        .map_err(err)?;
    let step = step_of(&value_ticks(l.top, l.ticks));
    let y_label = move |v: &f64| tick_label(*v, step);
    let bucket = u64::from(d.bucket);
    let x_label = |v: &f64| group(v.round().max(0.0) as u64 * bucket);
    let plot_w = ch.plotting_area().dim_in_pixel().0 as i32;
    ch.configure_mesh()
        .max_light_lines(0)
        .bold_line_style(c(p.grid))
        .x_labels(label_count(plot_w, s.px(56.0)).min(cols + 1))
        .y_labels(l.ticks)
        .x_label_formatter(&x_label)
        .y_label_formatter(&y_label)
        .x_desc(td_string!(locale, heat.x_second))
        .set_all_tick_mark_size(s.px(4.0))
        .label_style(label.clone())
        .axis_desc_style(label.clone())
        .axis_style(c(p.grid))
        .draw()
        .map_err(err)?;
    let entries = line_entries(d, p);
    for (e, (_, values)) in entries.iter().zip(&d.series) {
        let points = values.iter().enumerate().map(|(x, &y)| (x as f64 + 0.5, y));
        ch.draw_series(LineSeries::new(points, c(e.colour).stroke_width(s.px(2.0).max(1) as u32))).map_err(err)?;
    }
    let mapping = Mapping(ch.as_coord_spec().clone());
    draw_legend(root, s, p, &entries, &l.legend, (s.px(MARGIN), h - legend_h + s.px(2.0)))?;
    Ok(mapping)
}

fn draw_bars<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, s: Scale, d: &BarsData, l: &BarsLayout, p: &Palette) -> Result<Mapping, String> {
    let (_, h) = root.dim_in_pixel();
    let h = h as i32;
    let n = d.categories.len().max(1);
    let label = s.text(FONT, p.text);
    let legend_h = s.px(LEGEND_ROW) * legend_rows(&l.legend) as i32 + s.px(MARGIN);
    let x_axis = s.px(22.0) + s.px(LINE) * l.title.len() as i32;
    let (plot_side, _) = root.split_vertically(h - legend_h);
    let step = step_of(&value_ticks(l.top, l.ticks));
    // Room right of the plot for half the last tick label, which is centred on its tick.
    let measure = Scale::new(s.ratio).text(FONT, p.text);
    let last = value_ticks(l.top, l.ticks).last().map_or(0, |v| width_of(&measure, &tick_label(*v, step)));
    let mut ch = ChartBuilder::on(&plot_side)
        .margin_top(s.px(MARGIN))
        .margin_left(s.px(MARGIN))
        .margin_right(s.px(MARGIN + 4.0).max(last / 2 + s.px(4.0)))
        .x_label_area_size(x_axis)
        .y_label_area_size(l.label_w)
        .build_cartesian_2d(0f64..l.top, n as f64..0f64)
        .map_err(err)?;
    let x_label = move |v: &f64| tick_label(*v, step);
    ch.configure_mesh()
        .max_light_lines(0)
        .disable_y_mesh()
        .bold_line_style(c(p.grid))
        .x_labels(l.ticks)
        .y_labels(0)
        .x_label_formatter(&x_label)
        .set_all_tick_mark_size(s.px(4.0))
        .label_style(label.clone())
        .axis_style(c(p.grid))
        .draw()
        .map_err(err)?;
    let entries = bar_entries(d, p);
    for (si, (e, (_, values))) in entries.iter().zip(&d.stacks).enumerate() {
        let bars = values.iter().enumerate().map(move |(i, &v)| {
            let base: f64 = d.stacks[..si].iter().filter_map(|s| s.1.get(i)).sum();
            Rectangle::new([(base, i as f64 + 0.18), (base + v, i as f64 + 0.82)], c(e.colour).filled())
        });
        ch.draw_series(bars).map_err(err)?;
    }
    if let Some((v, _)) = &d.limit {
        ch.draw_series(LineSeries::new([(*v, 0.0), (*v, n as f64)], c(p.limit).stroke_width(s.px(2.0).max(1) as u32))).map_err(err)?;
    }
    // Category names beside their bars, each on up to two lines.
    let at = ch.plotting_area().get_base_pixel().0 - s.px(8.0);
    let style = label.pos(Pos::new(HPos::Right, VPos::Center));
    for (i, lines) in l.labels.iter().enumerate().filter(|(i, _)| i % l.every == 0) {
        let (_, y) = ch.backend_coord(&(0.0, i as f64 + 0.5));
        let top = y - s.px(LINE) * (lines.len() as i32 - 1) / 2;
        draw_lines_of_text(root, s, &style, lines, (at, top))?;
    }
    // The value axis's title, under its tick labels.
    let (x0, x1) = (ch.plotting_area().get_base_pixel().0, ch.plotting_area().get_base_pixel().0 + ch.plotting_area().dim_in_pixel().0 as i32);
    let (_, axis_y) = ch.backend_coord(&(0.0, n as f64));
    let title = label.pos(Pos::new(HPos::Center, VPos::Top));
    draw_lines_of_text(root, s, &title, &l.title, ((x0 + x1) / 2, axis_y + s.px(22.0)))?;
    let mapping = Mapping(ch.as_coord_spec().clone());
    draw_legend(root, s, p, &entries, &l.legend, (s.px(MARGIN), h - legend_h + s.px(2.0)))?;
    Ok(mapping)
}

/// The chart as an SVG document `width` pixels wide (plotters' SVG backend; the same drawing as the
/// canvas), and its coordinate mapping.
pub fn svg(chart: &Chart, theme: Theme, width: u32) -> Result<(String, Mapping), String> {
    let mut layout = layout(chart, width, Scale::new(1.0), theme);
    layout.scale.font = SVG_FONT;
    let mut out = String::new();
    let mapping = {
        let root = SVGBackend::with_string(&mut out, (layout.width, layout.height)).into_drawing_area();
        draw(&root, chart, &layout, theme)?
    };
    Ok((out, mapping))
}
