//! One chart on the page: the canvas drawing, the value under the pointer, PNG and SVG export, and the
//! numbers as a table. Everything it shows comes from its [`Chart`]; this file only renders.

use crate::ui::prelude::*;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;


use super::chart::Chart;
use super::colour::Theme;
use super::draw::{self, PlotArea};

fn dark_query() -> Option<web_sys::MediaQueryList> {
    web_sys::window().and_then(|w| w.match_media("(prefers-color-scheme: dark)").ok().flatten())
}

fn theme_of(dark: bool) -> Theme {
    if dark {
        Theme::Dark
    } else {
        Theme::Light
    }
}

thread_local! {
    /// The page's theme as a signal, so charts redraw when the system setting changes while they are
    /// shown (the stylesheet follows the same media query on its own). One listener for the page's life.
    // Reference-counted, not owned by whichever chart first asked: it must outlive every chart.
    static THEME: ArcRwSignal<Theme> = {
        let query = dark_query();
        let signal = ArcRwSignal::new(theme_of(query.as_ref().is_some_and(|m| m.matches())));
        let setter = signal.clone();
        if let Some(q) = query {
            let q2 = q.clone();
            let on_change = wasm_bindgen::closure::Closure::<dyn Fn()>::new(move || setter.set(theme_of(q2.matches())));
            let _ = q.add_event_listener_with_callback("change", wasm_bindgen::JsCast::unchecked_ref(on_change.as_ref()));
            on_change.forget();
        }
        signal
    };
}

/// The page's theme now (tracked inside effects, so a change redraws).
pub fn theme() -> Theme {
    THEME.with(|t| t.get())
}

fn export_svg(chart: &Chart, name: &str) -> Result<(), String> {
    let (text, _) = draw::svg(chart, THEME.with(|t| t.get_untracked()))?;
    crate::download::download(name, "image/svg+xml", &text)
}

/// Paint an SVG document onto `canvas` (through an image, as the browser decodes it) and mark the canvas
/// `data-drawn` once the pixels are there, so a reader of the canvas knows when to look.
fn paint(canvas: &web_sys::HtmlCanvasElement, svg: &str) -> Result<(), String> {
    let ctx = canvas
        .get_context("2d")
        .ok()
        .flatten()
        .and_then(|c| c.dyn_into::<web_sys::CanvasRenderingContext2d>().ok())
        .ok_or("This browser gives the page no 2D canvas to draw on.")?;
    let image = web_sys::HtmlImageElement::new().map_err(|_| String::from("This browser cannot decode the chart image."))?;
    let _ = canvas.set_attribute("data-drawn", "false");
    let (target, source) = (canvas.clone(), image.clone());
    let onload = Closure::once_into_js(move || {
        ctx.clear_rect(0.0, 0.0, f64::from(target.width()), f64::from(target.height()));
        if ctx.draw_image_with_html_image_element(&source, 0.0, 0.0).is_ok() {
            let _ = target.set_attribute("data-drawn", "true");
        }
    });
    image.set_onload(Some(onload.unchecked_ref()));
    let url = format!("data:image/svg+xml;charset=utf-8,{}", js_sys::encode_uri_component(svg));
    image.set_src(&url);
    Ok(())
}

/// One chart: its canvas, the value under the pointer, PNG and SVG export, and its numbers as a table.
/// `side` prefixes the test ids and file names (`base`, `variant`).
pub fn chart_view(chart: Chart, side: &'static str) -> View {
    let area = StoredValue::new(PlotArea::default());
    let hover = RwSignal::new(None::<String>);
    let error = RwSignal::new(None::<String>);
    let (w, h) = draw::size(&chart);
    let id = format!("{side}-{}", chart.kind.id());
    let table = chart.table();
    let title = chart.kind.title();
    let chart = StoredValue::new(chart);
    let canvas_el = el("canvas")
        .attr("width", &w.to_string())
        .attr("height", &h.to_string())
        .tid(&format!("canvas-{id}"))
        .attr("role", "img")
        .attr("aria-label", &format!("{title}; the numbers are in the table below"))
        .on_mouse("mousemove", {
            move |ev| {
                let Some(c) = ev.current_target().map(|t| t.unchecked_into::<web_sys::HtmlCanvasElement>()) else { return };
                let rect = c.get_bounding_client_rect();
                if rect.width() <= 0.0 || rect.height() <= 0.0 {
                    return;
                }
                let x = (f64::from(ev.client_x()) - rect.left()) * f64::from(c.width()) / rect.width();
                let y = (f64::from(ev.client_y()) - rect.top()) * f64::from(c.height()) / rect.height();
                let (fx, fy) = area.get_value().fraction(x, y);
                hover.set(chart.with_value(|c| c.hover(fx, fy)));
            }
        })
        .on("mouseleave", move |_| hover.set(None));
    let canvas: web_sys::HtmlCanvasElement = canvas_el.handle();
    {
        let canvas = canvas.clone();
        watch(move || match chart.with_value(|c| draw::svg(c, theme())) {
            Ok((text, a)) => {
                area.set_value(a);
                if let Err(e) = paint(&canvas, &text) {
                    error.set(Some(e));
                }
            }
            Err(e) => error.set(Some(format!("The chart could not be drawn: {e}"))),
        });
    }
    let file = id.clone();
    let png = move |_| match canvas.to_data_url_with_type("image/png") {
        Ok(url) => {
            if let Err(e) = crate::download::download_url(&url, &format!("dynamodel-{file}.png")) {
                error.set(Some(e));
            }
        }
        Err(_) => error.set(Some(String::from("The browser refused to export the canvas."))),
    };
    let file = id.clone();
    let svg = move |_| {
        if let Err(e) = chart.with_value(|c| export_svg(c, &format!("dynamodel-{file}.svg"))) {
            error.set(Some(e));
        }
    };
    let head = el("tr").children(table.headers.into_iter().map(|h| el("th").attr("scope", "col").text(&h)));
    let body = el("tbody").children(table.rows.into_iter().map(|row| {
        let mut cells = row.into_iter();
        let head = cells.next().unwrap_or_default();
        el("tr").child(el("th").attr("scope", "row").text(&head)).children(cells.map(|c| el("td").text(&c)))
    }));
    el("figure")
        .class("heat-chart")
        .tid(&format!("chart-{id}"))
        .child(el("figcaption").class("heat-chart-title").text(title))
        .child(canvas_el)
        .child(
            el("p")
                .class("heat-hover")
                .tid(&format!("hover-{id}"))
                .attr("aria-live", "polite")
                .dyn_text(move || hover.get().unwrap_or_else(|| String::from("Point at the chart to read its values."))),
        )
        .child(
            el("div")
                .class("heat-chart-actions")
                .child(el("button").ty("button").tid(&format!("png-{id}")).on_click(png).text("Export PNG"))
                .child(el("button").ty("button").tid(&format!("svg-{id}")).on_click(svg).text("Export SVG")),
        )
        .dyn_child(move || error.get().map(|e| el("p").class("heat-error").attr("role", "alert").text(&e)).into())
        .child(
            el("details").class("heat-data").child(el("summary").text("Numbers behind this chart")).child(
                el("div").class("heat-table-wrap").child(
                    el("table")
                        .tid(&format!("table-{id}"))
                        .child(el("caption").text(title))
                        .child(el("thead").child(head))
                        .child(body),
                ),
            ),
        )
        .into()
}
