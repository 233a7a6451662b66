//! Draws a [`Chart`] as an SVG document: the page paints that SVG onto its canvas and the SVG export
//! saves it, so the exported file is the picture on screen. The function returns the plot area in
//! pixels so the hover read-out maps a pointer to a cell with the geometry that was actually drawn.
//!
//! Why by hand: the three chart shapes (a heat map, lines, stacked bars) need rectangles, lines, text
//! and round-number ticks, nothing more. plotters drew them until session 10; with its text layout and
//! float formatting it was 22 KB of the gzipped bundle, over a budget the bundle already exceeds.

use core::fmt::Write;

use formats::share::escape_into;

use super::chart::{group, BarsData, Chart, ChartData, HeatData, LinesData};
use super::colour::{heat, legend_steps, palette, Palette, Rgb, Theme};

/// Where the data was drawn, in backend pixels.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PlotArea {
    pub x0: i32,
    pub y0: i32,
    pub x1: i32,
    pub y1: i32,
}

impl PlotArea {
    /// The pointer at backend pixel (`x`, `y`) as fractions of the plot area.
    pub fn fraction(&self, x: f64, y: f64) -> (f64, f64) {
        let w = f64::from((self.x1 - self.x0).max(1));
        let h = f64::from((self.y1 - self.y0).max(1));
        ((x - f64::from(self.x0)) / w, (y - f64::from(self.y0)) / h)
    }
}

const MARGIN: f64 = 8.0;
/// Row labels of the heat map.
const LEFT: f64 = 150.0;
/// Tick labels and the axis title under the plot.
const BOTTOM: f64 = 44.0;
/// The heat map's colour legend.
const LEGEND: f64 = 96.0;
/// Tick labels and the axis title left of a line or bar plot.
const Y_AXIS: f64 = 70.0;
/// The labels' font size, and the approximate width of one of its characters, for fitting labels.
const FONT: u32 = 11;
const CHAR_W: f64 = 6.5;

/// The pixel size a chart is drawn at (the heat map grows with its rows).
pub fn size(chart: &Chart) -> (u32, u32) {
    match &chart.data {
        ChartData::Heat(h) => (760, (60 + 16 * h.rows.len() as u32).clamp(160, 560)),
        _ => (760, 280),
    }
}

fn truncate(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        s.to_string()
    } else {
        let mut t: String = s.chars().take(max.saturating_sub(1)).collect();
        t.push('…');
        t
    }
}

#[derive(Clone, Copy)]
enum Anchor {
    Start,
    Middle,
    End,
}

/// An SVG document being written.
struct Svg {
    out: String,
    text: Rgb,
}

impl Svg {
    fn new(w: u32, h: u32, p: &Palette) -> Svg {
        let mut out = String::with_capacity(16 * 1024);
        let _ = write!(
            out,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="sans-serif" font-size="11"><rect width="{w}" height="{h}" fill="{}"/>"#,
            p.background.hex()
        );
        Svg { out, text: p.text }
    }

    /// A coordinate or length, to a tenth of a pixel.
    fn num(&mut self, v: f64) {
        let _ = write!(self.out, "{v:.1}");
    }

    /// ` name="v"` for each pair, numbers to a tenth of a pixel.
    fn attrs(&mut self, pairs: &[(&str, f64)]) {
        for (name, v) in pairs {
            let _ = write!(self.out, r#" {name}=""#);
            self.num(*v);
            self.out.push('"');
        }
    }

    fn rect(&mut self, x: f64, y: f64, w: f64, h: f64, fill: Rgb) {
        self.out.push_str("<rect");
        self.attrs(&[("x", x), ("y", y), ("width", w.max(0.0)), ("height", h.max(0.0))]);
        let _ = write!(self.out, r#" fill="{}"/>"#, fill.hex());
    }

    fn outline(&mut self, x: f64, y: f64, w: f64, h: f64, stroke: Rgb) {
        self.out.push_str("<rect");
        self.attrs(&[("x", x), ("y", y), ("width", w), ("height", h)]);
        let _ = write!(self.out, r#" fill="none" stroke="{}"/>"#, stroke.hex());
    }

    fn line(&mut self, (x1, y1): (f64, f64), (x2, y2): (f64, f64), stroke: Rgb, width: u32) {
        self.out.push_str("<line");
        self.attrs(&[("x1", x1), ("y1", y1), ("x2", x2), ("y2", y2)]);
        let _ = write!(self.out, r#" stroke="{}" stroke-width="{width}"/>"#, stroke.hex());
    }

    fn polyline(&mut self, points: impl Iterator<Item = (f64, f64)>, stroke: Rgb) {
        self.out.push_str(r#"<polyline fill="none" stroke-width="2" stroke-linejoin="round" points=""#);
        for (x, y) in points {
            self.num(x);
            self.out.push(',');
            self.num(y);
            self.out.push(' ');
        }
        let _ = write!(self.out, r#"" stroke="{}"/>"#, stroke.hex());
    }

    /// `s` with its baseline at `y`; `size` in pixels; turned a quarter left when `vertical`.
    fn text(&mut self, x: f64, y: f64, s: &str, anchor: Anchor, size: u32, vertical: bool) {
        let anchor = match anchor {
            Anchor::Start => "start",
            Anchor::Middle => "middle",
            Anchor::End => "end",
        };
        self.out.push_str("<text");
        self.attrs(&[("x", x), ("y", y)]);
        let _ = write!(self.out, r#" text-anchor="{anchor}" font-size="{size}" fill="{}""#, self.text.hex());
        if vertical {
            self.out.push_str(r#" transform="rotate(-90 "#);
            self.num(x);
            self.out.push(' ');
            self.num(y);
            self.out.push_str(r#")""#);
        }
        self.out.push('>');
        escape_into(&mut self.out, s);
        self.out.push_str("</text>");
    }

    fn finish(mut self) -> String {
        self.out.push_str("</svg>");
        self.out
    }
}

/// Round-number ticks from 0 up to `top`: a step of 1, 2 or 5 times a power of ten, about `n` of them.
fn ticks(top: f64, n: usize) -> Vec<f64> {
    if !(top.is_finite() && top > 0.0) {
        return vec![0.0];
    }
    let raw = top / n.max(1) as f64;
    let mag = 10f64.powf(raw.log10().floor());
    let step = mag * match raw / mag {
        r if r <= 1.0 => 1.0,
        r if r <= 2.0 => 2.0,
        r if r <= 5.0 => 5.0,
        _ => 10.0,
    };
    (0..).map(|i| f64::from(i) * step).take_while(|v| *v <= top * (1.0 + 1e-9)).take(64).collect()
}

/// A tick's label: whole numbers grouped by thousands, fractions with the decimals the step needs.
fn tick_label(v: f64, step: f64) -> String {
    if step >= 1.0 {
        group(v.round() as u64)
    } else {
        let decimals = (-step.log10()).ceil().clamp(1.0, 6.0) as usize;
        format!("{v:.decimals$}")
    }
}

/// Draws `chart` in `theme`: the SVG document and where its data was drawn.
pub fn svg(chart: &Chart, theme: Theme) -> Result<(String, PlotArea), String> {
    let p = palette(theme);
    let (w, h) = size(chart);
    let mut s = Svg::new(w, h, &p);
    let area = match &chart.data {
        ChartData::Heat(d) => draw_heat(&mut s, d, &p, theme, f64::from(w), f64::from(h)),
        ChartData::Lines(d) => draw_lines(&mut s, d, &p, f64::from(w), f64::from(h)),
        ChartData::Bars(d) => draw_bars(&mut s, d, &p, f64::from(w), f64::from(h)),
    };
    Ok((s.finish(), area))
}

fn plot_area(x0: f64, y0: f64, x1: f64, y1: f64) -> PlotArea {
    PlotArea { x0: x0.round() as i32, y0: y0.round() as i32, x1: x1.round() as i32, y1: y1.round() as i32 }
}

/// The horizontal axis: ticks over `0..columns` labelled in seconds (`bucket` seconds a column), and
/// the axis title under them.
fn seconds_axis(s: &mut Svg, p: &Palette, (x0, x1, y1): (f64, f64, f64), columns: usize, bucket: u32, title: &str, grid_top: Option<f64>) {
    let cw = (x1 - x0) / columns.max(1) as f64;
    for v in ticks(columns as f64, 8) {
        let x = x0 + v * cw;
        if let Some(top) = grid_top {
            s.line((x, top), (x, y1), p.grid, 1);
        }
        s.line((x, y1), (x, y1 + 4.0), p.grid, 1);
        let anchor = if x > x1 - 12.0 { Anchor::End } else { Anchor::Middle };
        s.text(x, y1 + 17.0, &group(v.round() as u64 * u64::from(bucket)), anchor, FONT, false);
    }
    s.text((x0 + x1) / 2.0, y1 + BOTTOM - 6.0, title, Anchor::Middle, FONT, false);
}

/// The vertical axis of a line or bar plot: grid lines and labels at round values, and its title.
/// Returns the value at the top of the plot.
fn value_axis(s: &mut Svg, p: &Palette, (x0, x1, y0, y1): (f64, f64, f64, f64), max: f64, title: &str) -> f64 {
    let top = if max > 0.0 { max * 1.15 } else { 1.0 };
    let marks = ticks(top, 5);
    let step = marks.get(1).copied().unwrap_or(1.0);
    for v in marks {
        let y = y1 - v / top * (y1 - y0);
        s.line((x0, y), (x1, y), p.grid, 1);
        s.text(x0 - 6.0, y + 4.0, &tick_label(v, step), Anchor::End, FONT, false);
    }
    s.line((x0, y0), (x0, y1), p.grid, 1);
    let fits = ((y1 - y0) / CHAR_W) as usize;
    s.text(MARGIN + 12.0, (y0 + y1) / 2.0, &truncate(title, fits), Anchor::Middle, FONT, true);
    top
}

/// A legend box in the plot's upper right: a swatch (a bar or a line) and a name per entry.
fn legend_box(s: &mut Svg, p: &Palette, (x1, y0): (f64, f64), entries: &[(String, Rgb, bool)]) {
    if entries.is_empty() {
        return;
    }
    let longest = entries.iter().map(|e| e.0.chars().count()).max().unwrap_or(0) as f64;
    let (bw, bh) = (longest * CHAR_W + 44.0, entries.len() as f64 * 18.0 + 10.0);
    let (bx, by) = (x1 - bw - 10.0, y0 + 6.0);
    s.out.push_str("<rect");
    s.attrs(&[("x", bx), ("y", by), ("width", bw), ("height", bh)]);
    let _ = write!(s.out, r#" fill="{}" fill-opacity="0.85" stroke="{}"/>"#, p.background.hex(), p.grid.hex());
    for (i, (name, colour, line)) in entries.iter().enumerate() {
        let y = by + 14.0 + i as f64 * 18.0;
        if *line {
            s.line((bx + 8.0, y), (bx + 24.0, y), *colour, 2);
        } else {
            s.rect(bx + 10.0, y - 5.0, 12.0, 10.0, *colour);
        }
        s.text(bx + 32.0, y + 4.0, name, Anchor::Start, FONT, false);
    }
}

fn draw_heat(s: &mut Svg, d: &HeatData, p: &Palette, theme: Theme, w: f64, h: f64) -> PlotArea {
    let rows = d.rows.len().max(1);
    let cols = d.columns.max(1);
    let (x0, x1, y0, y1) = (MARGIN + LEFT, w - LEGEND - MARGIN, MARGIN, h - MARGIN - BOTTOM);
    let (cw, rh) = ((x1 - x0) / cols as f64, (y1 - y0) / rows as f64);
    // Row 0 at the top.
    for (r, row) in d.cells.iter().enumerate() {
        for col in 0..row.len() {
            s.rect(x0 + col as f64 * cw, y0 + r as f64 * rh, cw, rh, heat(d.fraction(r, col), theme));
        }
    }
    // Cells at the ceiling get an outline too, so they read without colour.
    for (r, row) in d.cells.iter().enumerate() {
        for col in (0..row.len()).filter(|&col| d.fraction(r, col) >= 1.0) {
            s.outline(x0 + col as f64 * cw, y0 + r as f64 * rh, cw, rh, p.text);
        }
    }
    s.line((x0, y1), (x1, y1), p.grid, 1);
    let every = ((12.0 / rh).ceil() as usize).max(1);
    for (r, label) in d.rows.iter().enumerate().filter(|(r, _)| r % every == 0) {
        s.text(8.0, y0 + rh * (r as f64 + 0.5) + 4.0, &truncate(label, 22), Anchor::Start, FONT, false);
    }
    let title = if d.bucket == 1 { String::from("second") } else { format!("second (columns of {} s, busiest shown)", d.bucket) };
    seconds_axis(s, p, (x0, x1, y1), cols, d.bucket, &title, None);
    // Legend: the scale, and what "ceiling" means.
    let lx = w - LEGEND + 6.0;
    let steps = legend_steps();
    s.text(lx, 20.0, "ceiling use", Anchor::Start, FONT, false);
    for (i, (f, text)) in steps.iter().enumerate() {
        let y = 30.0 + i as f64 * 20.0;
        s.rect(lx, y, 18.0, 14.0, heat(*f, theme));
        s.outline(lx, y, 18.0, 14.0, p.grid);
        s.text(lx + 24.0, y + 11.0, text, Anchor::Start, FONT, false);
    }
    let y = 46.0 + steps.len() as f64 * 20.0;
    for (i, line) in ["ceiling =", "3,000 RCU or", "1,000 WCU", "per second"].iter().enumerate() {
        s.text(lx, y + i as f64 * 14.0, line, Anchor::Start, FONT - 1, false);
    }
    plot_area(x0, y0, x1, y1)
}

fn draw_lines(s: &mut Svg, d: &LinesData, p: &Palette, w: f64, h: f64) -> PlotArea {
    let cols = d.series.first().map_or(1, |s| s.1.len()).max(1);
    let max = d.series.iter().flat_map(|s| s.1.iter().copied()).fold(0.0f64, f64::max);
    let (x0, x1, y0, y1) = (MARGIN + Y_AXIS, w - MARGIN, MARGIN, h - MARGIN - BOTTOM);
    let top = value_axis(s, p, (x0, x1, y0, y1), max, &d.y_label);
    seconds_axis(s, p, (x0, x1, y1), cols, d.bucket, "second", Some(y0));
    let cw = (x1 - x0) / cols as f64;
    let mut legend = Vec::new();
    for (i, (name, values)) in d.series.iter().enumerate() {
        let colour = p.series[i % p.series.len()];
        s.polyline(values.iter().enumerate().map(|(x, &v)| (x0 + (x as f64 + 0.5) * cw, y1 - v / top * (y1 - y0))), colour);
        legend.push((name.clone(), colour, true));
    }
    legend_box(s, p, (x1, y0), &legend);
    plot_area(x0, y0, x1, y1)
}

fn draw_bars(s: &mut Svg, d: &BarsData, p: &Palette, w: f64, h: f64) -> PlotArea {
    let n = d.categories.len().max(1);
    let totals = (0..d.categories.len()).map(|i| d.stacks.iter().filter_map(|s| s.1.get(i)).sum::<f64>());
    let max = totals.fold(d.limit.as_ref().map_or(0.0, |l| l.0), f64::max);
    let (x0, x1, y0, y1) = (MARGIN + Y_AXIS, w - MARGIN, MARGIN, h - MARGIN - BOTTOM);
    let top = value_axis(s, p, (x0, x1, y0, y1), max, &d.y_label);
    s.line((x0, y1), (x1, y1), p.grid, 1);
    let slot = (x1 - x0) / n as f64;
    let y_of = |v: f64| y1 - v / top * (y1 - y0);
    let mut legend = Vec::new();
    for (si, (name, values)) in d.stacks.iter().enumerate() {
        let colour = p.series[si % p.series.len()];
        for (i, &v) in values.iter().enumerate() {
            let base: f64 = d.stacks[..si].iter().filter_map(|s| s.1.get(i)).sum();
            let (ya, yb) = (y_of(base + v), y_of(base));
            s.rect(x0 + slot * (i as f64 + 0.15), ya, slot * 0.7, yb - ya, colour);
        }
        legend.push((name.clone(), colour, false));
    }
    if let Some((v, text)) = &d.limit {
        s.line((x0, y_of(*v)), (x1, y_of(*v)), p.limit, 2);
        legend.push((text.clone(), p.limit, true));
    }
    legend_box(s, p, (x1, y0), &legend);
    let every = ((40.0 / slot).ceil() as usize).max(1);
    let chars = ((slot * every as f64 - 12.0) / CHAR_W) as usize;
    for (i, cat) in d.categories.iter().enumerate().filter(|(i, _)| i % every == 0) {
        s.text(x0 + slot * i as f64 + 2.0, y1 + 17.0, &truncate(cat, chars.max(3)), Anchor::Start, FONT, false);
    }
    plot_area(x0, y0, x1, y1)
}
