//! Draws a [`Chart`] with plotters as SVG: the page paints that SVG onto its canvas and the SVG export
//! saves it, so the exported file is the picture on screen.
//!
//! Row and category labels are drawn by hand (plotters' own tick labels sit on ticks, not on cells);
//! the function returns the plot area in pixels so the hover read-out maps a pointer to a cell with the
//! geometry that was actually drawn, not a copy of it.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::chart::{BarsData, Chart, ChartData, HeatData, LinesData};
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

const FONT: &str = "sans-serif";
const LEFT: u32 = 150;
const BOTTOM: u32 = 44;
const LEGEND: u32 = 96;

fn c(rgb: Rgb) -> RGBColor {
    RGBColor(rgb.0, rgb.1, rgb.2)
}

/// The pixel size a chart is drawn at (the heat map grows with its rows).
pub fn size(chart: &Chart) -> (u32, u32) {
    match &chart.data {
        ChartData::Heat(h) => (760, (60 + 16 * h.rows.len() as u32).clamp(160, 560)),
        _ => (760, 280),
    }
}

fn err<E: std::fmt::Display>(e: E) -> String {
    e.to_string()
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

/// Draw `chart` on `root` in `theme`.
pub fn draw<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, chart: &Chart, theme: Theme) -> Result<PlotArea, String> {
    let p = palette(theme);
    root.fill(&c(p.background)).map_err(err)?;
    let area = match &chart.data {
        ChartData::Heat(h) => draw_heat(root, h, &p, theme)?,
        ChartData::Lines(l) => draw_lines(root, l, &p)?,
        ChartData::Bars(b) => draw_bars(root, b, &p)?,
    };
    root.present().map_err(err)?;
    Ok(area)
}

fn label_style(p: &Palette) -> TextStyle<'static> {
    (FONT, 12).into_font().color(&c(p.text))
}

fn area_of<DB: DrawingBackend, X: Ranged, Y: Ranged>(chart: &ChartContext<'_, DB, Cartesian2d<X, Y>>) -> PlotArea {
    let (xr, yr) = chart.plotting_area().get_pixel_range();
    PlotArea { x0: xr.start, x1: xr.end, y0: yr.start, y1: yr.end }
}

fn draw_heat<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, h: &HeatData, p: &Palette, theme: Theme) -> Result<PlotArea, String> {
    let (w, _) = root.dim_in_pixel();
    let (main, legend) = root.split_horizontally(w.saturating_sub(LEGEND));
    let rows = h.rows.len().max(1);
    let cols = h.columns.max(1);
    let x_desc = if h.bucket == 1 { String::from("second") } else { format!("second (columns of {} s, busiest shown)", h.bucket) };
    let mut ch = ChartBuilder::on(&main)
        .margin(8)
        .x_label_area_size(BOTTOM)
        .y_label_area_size(LEFT)
        .build_cartesian_2d(0f64..cols as f64, 0f64..rows as f64)
        .map_err(err)?;
    ch.configure_mesh()
        .disable_mesh()
        .y_labels(0)
        .x_labels(8)
        .x_label_formatter(&|v| format!("{}", (*v as u64) * u64::from(h.bucket)))
        .x_desc(x_desc)
        .label_style(label_style(p))
        .axis_style(c(p.grid))
        .draw()
        .map_err(err)?;
    // Row 0 at the top.
    let cells = h.cells.iter().enumerate().flat_map(|(r, row)| {
        row.iter().enumerate().map(move |(col, _)| {
            let y = (rows - 1 - r) as f64;
            Rectangle::new([(col as f64, y), (col as f64 + 1.0, y + 1.0)], c(heat(h.fraction(r, col), theme)).filled())
        })
    });
    ch.draw_series(cells).map_err(err)?;
    // Cells at the ceiling get an outline too, so they read without colour.
    let hot = h.cells.iter().enumerate().flat_map(|(r, row)| {
        row.iter().enumerate().filter(move |(col, _)| h.fraction(r, *col) >= 1.0).map(move |(col, _)| {
            let y = (rows - 1 - r) as f64;
            Rectangle::new([(col as f64, y), (col as f64 + 1.0, y + 1.0)], c(p.text).stroke_width(1))
        })
    });
    ch.draw_series(hot).map_err(err)?;
    let area = area_of(&ch);
    let row_px = f64::from(area.y1 - area.y0) / rows as f64;
    let every = ((12.0 / row_px).ceil() as usize).max(1);
    for (r, label) in h.rows.iter().enumerate().filter(|(r, _)| r % every == 0) {
        let y = area.y0 + (row_px * (r as f64 + 0.5)) as i32 + 8;
        main.draw(&Text::new(truncate(label, 22), (8, y - 12), label_style(p))).map_err(err)?;
    }
    // Legend: the scale, and what "ceiling" means.
    let steps = legend_steps();
    legend.draw(&Text::new("ceiling use", (6, 10), label_style(p))).map_err(err)?;
    for (i, (f, text)) in steps.iter().enumerate() {
        let y = 30 + i as i32 * 20;
        legend.draw(&Rectangle::new([(6, y), (24, y + 14)], c(heat(*f, theme)).filled())).map_err(err)?;
        legend.draw(&Rectangle::new([(6, y), (24, y + 14)], c(p.grid).stroke_width(1))).map_err(err)?;
        legend.draw(&Text::new(*text, (30, y + 1), label_style(p))).map_err(err)?;
    }
    let y = 36 + steps.len() as i32 * 20;
    for (i, line) in ["ceiling =", "3,000 RCU or", "1,000 WCU", "per second"].iter().enumerate() {
        legend.draw(&Text::new(*line, (6, y + i as i32 * 14), (FONT, 11).into_font().color(&c(p.text)))).map_err(err)?;
    }
    Ok(area)
}

fn draw_lines<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, l: &LinesData, p: &Palette) -> Result<PlotArea, String> {
    let cols = l.series.first().map_or(1, |s| s.1.len()).max(1);
    let max = l.series.iter().flat_map(|s| s.1.iter().copied()).fold(0.0f64, f64::max);
    let top = if max > 0.0 { max * 1.15 } else { 1.0 };
    let mut ch = ChartBuilder::on(root)
        .margin(8)
        .x_label_area_size(BOTTOM)
        .y_label_area_size(70)
        .build_cartesian_2d(0f64..cols as f64, 0f64..top)
        .map_err(err)?;
    ch.configure_mesh()
        .light_line_style(c(p.grid))
        .bold_line_style(c(p.grid))
        .x_labels(8)
        .x_label_formatter(&|v| format!("{}", (*v as u64) * u64::from(l.bucket)))
        .x_desc("second")
        .y_desc(l.y_label.as_str())
        .label_style(label_style(p))
        .axis_style(c(p.grid))
        .draw()
        .map_err(err)?;
    for (i, (name, values)) in l.series.iter().enumerate() {
        let colour = c(p.series[i % p.series.len()]);
        ch.draw_series(LineSeries::new(values.iter().enumerate().map(|(x, &y)| (x as f64 + 0.5, y)), colour.stroke_width(2)))
            .map_err(err)?
            .label(name.as_str())
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 16, y)], colour.stroke_width(2)));
    }
    ch.configure_series_labels()
        .position(SeriesLabelPosition::UpperRight)
        .background_style(c(p.background).mix(0.85))
        .border_style(c(p.grid))
        .label_font(label_style(p))
        .draw()
        .map_err(err)?;
    Ok(area_of(&ch))
}

fn draw_bars<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, b: &BarsData, p: &Palette) -> Result<PlotArea, String> {
    let n = b.categories.len().max(1);
    let totals: Vec<f64> = (0..b.categories.len()).map(|i| b.stacks.iter().map(|s| s.1[i]).sum()).collect();
    let max = totals.iter().copied().fold(b.limit.as_ref().map_or(0.0, |l| l.0), f64::max);
    let top = if max > 0.0 { max * 1.15 } else { 1.0 };
    let mut ch = ChartBuilder::on(root)
        .margin(8)
        .x_label_area_size(BOTTOM)
        .y_label_area_size(70)
        .build_cartesian_2d(0f64..n as f64, 0f64..top)
        .map_err(err)?;
    ch.configure_mesh()
        .light_line_style(c(p.grid))
        .bold_line_style(c(p.grid))
        .x_labels(0)
        .y_desc(b.y_label.as_str())
        .label_style(label_style(p))
        .axis_style(c(p.grid))
        .draw()
        .map_err(err)?;
    for (si, (name, values)) in b.stacks.iter().enumerate() {
        let colour = c(p.series[si % p.series.len()]);
        let bars = values.iter().enumerate().map(move |(i, &v)| {
            let base: f64 = b.stacks[..si].iter().map(|s| s.1[i]).sum();
            Rectangle::new([(i as f64 + 0.15, base), (i as f64 + 0.85, base + v)], colour.filled())
        });
        ch.draw_series(bars)
            .map_err(err)?
            .label(name.as_str())
            .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 12, y + 5)], colour.filled()));
    }
    if let Some((v, text)) = &b.limit {
        let colour = c(p.limit);
        ch.draw_series(LineSeries::new([(0.0, *v), (n as f64, *v)], colour.stroke_width(2)))
            .map_err(err)?
            .label(text.as_str())
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 16, y)], colour.stroke_width(2)));
    }
    ch.configure_series_labels()
        .position(SeriesLabelPosition::UpperRight)
        .background_style(c(p.background).mix(0.85))
        .border_style(c(p.grid))
        .label_font(label_style(p))
        .draw()
        .map_err(err)?;
    let area = area_of(&ch);
    let slot = f64::from(area.x1 - area.x0) / n as f64;
    let chars = ((slot / 7.0) as usize).max(3);
    let every = ((40.0 / slot).ceil() as usize).max(1);
    for (i, cat) in b.categories.iter().enumerate().filter(|(i, _)| i % every == 0) {
        let x = area.x0 + (slot * i as f64) as i32 + 2;
        root.draw(&Text::new(truncate(cat, chars * every), (x, area.y1 + 8), label_style(p))).map_err(err)?;
    }
    Ok(area)
}

/// The chart as an SVG document (plotters' SVG backend) and where its data was drawn. The page paints
/// this same document onto its canvas, so the export is the picture on screen, and only one plotters
/// backend is compiled into the bundle.
pub fn svg(chart: &Chart, theme: Theme) -> Result<(String, PlotArea), String> {
    let mut out = String::new();
    let area = {
        let root = SVGBackend::with_string(&mut out, size(chart)).into_drawing_area();
        draw(&root, chart, theme)?
    };
    Ok((out, area))
}
