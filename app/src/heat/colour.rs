//! The cold → hot colour scale of the heat map, and the chart palette for the light and dark themes.
//!
//! Utilisation is a fraction of one partition's ceiling (reads + 3 × writes against 3,000 RCU /
//! 1,000 WCU per second). The scale is a diverging blue → yellow → red ramp that stays distinguishable
//! on both backgrounds; an idle cell takes the plot's own "empty" colour so that silence reads as such,
//! and a cell at the ceiling gets a colour of its own, outside the ramp, so it is never mistaken for
//! "very warm".

/// An sRGB colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    pub fn hex(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }
}

/// Ramp stops from cold to hot (ColorBrewer RdYlBu, reversed).
const STOPS: [Rgb; 5] = [Rgb(44, 123, 182), Rgb(171, 217, 233), Rgb(255, 255, 191), Rgb(253, 174, 97), Rgb(215, 25, 28)];

/// At or over the ceiling: the partition throttles.
pub const AT_CEILING: Rgb = Rgb(110, 0, 70);

/// Which theme the page shows (the system setting, as the stylesheet follows it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Theme {
    Light,
    Dark,
}

/// The colours a chart draws with, per theme (they match `public/styles.css`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Palette {
    pub background: Rgb,
    pub text: Rgb,
    pub grid: Rgb,
    pub empty: Rgb,
    /// Line and bar series, in order.
    pub series: [Rgb; 6],
    /// The ceiling / limit line.
    pub limit: Rgb,
}

pub fn palette(theme: Theme) -> Palette {
    match theme {
        Theme::Light => Palette {
            background: Rgb(255, 255, 255),
            text: Rgb(27, 32, 48),
            grid: Rgb(223, 227, 238),
            empty: Rgb(236, 239, 245),
            series: [Rgb(67, 56, 202), Rgb(214, 39, 40), Rgb(21, 128, 61), Rgb(180, 83, 9), Rgb(8, 145, 178), Rgb(126, 34, 206)],
            limit: Rgb(185, 28, 28),
        },
        Theme::Dark => Palette {
            background: Rgb(23, 27, 44),
            text: Rgb(230, 232, 242),
            grid: Rgb(44, 51, 80),
            empty: Rgb(33, 38, 58),
            series: [Rgb(139, 147, 255), Rgb(248, 113, 113), Rgb(74, 222, 128), Rgb(245, 158, 11), Rgb(34, 211, 238), Rgb(216, 180, 254)],
            limit: Rgb(248, 113, 113),
        },
    }
}

/// The colour of a cell at `fraction` of the ceiling (0 = idle, 1 = at the ceiling).
pub fn heat(fraction: f64, theme: Theme) -> Rgb {
    // Not above zero, or NaN: an idle cell.
    if fraction.partial_cmp(&0.0) != Some(core::cmp::Ordering::Greater) {
        return palette(theme).empty;
    }
    if fraction >= 1.0 {
        return AT_CEILING;
    }
    let pos = fraction * (STOPS.len() - 1) as f64;
    let i = (pos.floor() as usize).min(STOPS.len() - 2);
    let t = pos - i as f64;
    let (a, b) = (STOPS[i], STOPS[i + 1]);
    let mix = |x: u8, y: u8| (f64::from(x) + (f64::from(y) - f64::from(x)) * t).round() as u8;
    Rgb(mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2))
}

/// The legend's steps: (fraction, label).
pub fn legend_steps() -> Vec<(f64, &'static str)> {
    vec![(0.0, "idle"), (0.25, "25 %"), (0.5, "50 %"), (0.75, "75 %"), (0.99, "99 %"), (1.0, "ceiling")]
}
