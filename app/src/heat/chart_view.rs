//! One chart on the page: the canvas drawing, the value under the pointer, PNG and SVG export, and the
//! numbers as a table. Everything it shows comes from its [`Chart`]; this file only renders.

use leptos::prelude::*;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

use crate::share::file_io;

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
    file_io::download(name, "image/svg+xml", &text)
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

#[component]
pub fn ChartView(
    chart: Chart,
    /// Prefix of the test ids and file names (`base`, `variant`).
    side: &'static str,
) -> impl IntoView {
    let canvas = NodeRef::<leptos::html::Canvas>::new();
    let area = StoredValue::new(PlotArea::default());
    let hover = RwSignal::new(None::<String>);
    let error = RwSignal::new(None::<String>);
    let (w, h) = draw::size(&chart);
    let id = format!("{side}-{}", chart.kind.id());
    let chart = StoredValue::new(chart);
    Effect::new(move |_| {
        let Some(el) = canvas.get() else { return };
        match chart.with_value(|c| draw::svg(c, theme())) {
            Ok((text, a)) => {
                area.set_value(a);
                if let Err(e) = paint(&el, &text) {
                    error.set(Some(e));
                }
            }
            Err(e) => error.set(Some(format!("The chart could not be drawn: {e}"))),
        }
    });
    let on_move = move |ev: web_sys::MouseEvent| {
        let Some(el) = canvas.get_untracked() else { return };
        let rect = el.get_bounding_client_rect();
        if rect.width() <= 0.0 || rect.height() <= 0.0 {
            return;
        }
        let x = (f64::from(ev.client_x()) - rect.left()) * f64::from(el.width()) / rect.width();
        let y = (f64::from(ev.client_y()) - rect.top()) * f64::from(el.height()) / rect.height();
        let (fx, fy) = area.get_value().fraction(x, y);
        hover.set(chart.with_value(|c| c.hover(fx, fy)));
    };
    let file = id.clone();
    let png = move |_| {
        let Some(el) = canvas.get_untracked() else { return };
        match el.to_data_url_with_type("image/png") {
            Ok(url) => {
                if let Err(e) = file_io::download_url(&url, &format!("dynamodel-{file}.png")) {
                    error.set(Some(e));
                }
            }
            Err(_) => error.set(Some(String::from("The browser refused to export the canvas."))),
        }
    };
    let file = id.clone();
    let svg = move |_| {
        if let Err(e) = chart.with_value(|c| export_svg(c, &format!("dynamodel-{file}.svg"))) {
            error.set(Some(e));
        }
    };
    let table = chart.with_value(|c| c.table());
    let title = chart.with_value(|c| c.kind.title());
    view! {
        <figure class="heat-chart" data-testid=format!("chart-{id}")>
            <figcaption class="heat-chart-title">{title}</figcaption>
            <canvas
                node_ref=canvas
                width=w
                height=h
                data-testid=format!("canvas-{id}")
                role="img"
                aria-label=format!("{title}; the numbers are in the table below")
                on:mousemove=on_move
                on:mouseleave=move |_| hover.set(None)
            ></canvas>
            <p class="heat-hover" data-testid=format!("hover-{id}") aria-live="polite">
                {move || hover.get().unwrap_or_else(|| String::from("Point at the chart to read its values."))}
            </p>
            <div class="heat-chart-actions">
                <button type="button" data-testid=format!("png-{id}") on:click=png>"Export PNG"</button>
                <button type="button" data-testid=format!("svg-{id}") on:click=svg>"Export SVG"</button>
            </div>
            {move || error.get().map(|e| view! { <p class="heat-error" role="alert">{e}</p> })}
            <details class="heat-data">
                <summary>"Numbers behind this chart"</summary>
                <div class="heat-table-wrap">
                    <table data-testid=format!("table-{id}")>
                        <caption>{title}</caption>
                        <thead><tr>{table.headers.into_iter().map(|h| view! { <th scope="col">{h}</th> }).collect_view()}</tr></thead>
                        <tbody>
                            {table.rows.into_iter().map(|row| {
                                let mut cells = row.into_iter();
                                let head = cells.next().unwrap_or_default();
                                view! {
                                    <tr>
                                        <th scope="row">{head}</th>
                                        {cells.map(|c| view! { <td>{c}</td> }).collect_view()}
                                    </tr>
                                }
                            }).collect_view()}
                        </tbody>
                    </table>
                </div>
            </details>
        </figure>
    }
}
