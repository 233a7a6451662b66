//! One chart on the page: plotters draws it on a canvas at the width of its frame (again whenever the frame
//! or the page's colour scheme changes), the value under the pointer is read through the drawing's own
//! coordinate mapping, PNG comes from the canvas and SVG from plotters' SVG backend, and the numbers are
//! a table. Everything it shows comes from its [`Chart`]; this file only renders.

use crate::i18n::td_string;
use leptos::prelude::*;
use plotters::prelude::IntoDrawingArea;
use plotters_canvas::CanvasBackend;
use send_wrapper::SendWrapper;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

use super::chart::Chart;
use super::colour::Theme;
use super::plot::{self, Mapping, Scale};

/// The width a chart is drawn at before its frame has been measured (and the SVG export's, then).
const DEFAULT_WIDTH: f64 = 760.0;

/// The page's colour scheme as a signal, for as long as the calling component lives: the stylesheet
/// follows `prefers-color-scheme` on its own, and the charts redraw in the matching palette.
pub fn colour_scheme() -> Signal<Theme> {
    let theme_of = |dark: bool| if dark { Theme::Dark } else { Theme::Light };
    let query = gloo_utils::window().match_media("(prefers-color-scheme: dark)").ok().flatten();
    let theme = RwSignal::new(theme_of(query.as_ref().is_some_and(|q| q.matches())));
    if let Some(q) = query {
        let source = q.clone();
        let listener = gloo_events::EventListener::new(&q, "change", move |_| theme.set(theme_of(source.matches())));
        let listener = SendWrapper::new(listener);
        on_cleanup(move || drop(listener));
    }
    theme.into()
}

/// Keeps `width` at `canvas`'s laid-out width in CSS pixels (0 until it is first laid out). Hand-written
/// because gloo has no ResizeObserver; the observer is disconnected when the calling owner goes.
fn observe_width(canvas: &web_sys::HtmlCanvasElement, width: RwSignal<f64>) {
    let target = canvas.clone();
    let callback = Closure::<dyn Fn()>::new(move || {
        // Read after layout, where the observer reports: no extra layout.
        let w = target.get_bounding_client_rect().width();
        // A hidden tab's frame measures 0: its drawing stays as it was until it is shown at another width.
        if w >= 1.0 && width.try_get_untracked().is_some_and(|old| (old - w).abs() >= 0.5) {
            width.set(w);
        }
    });
    let Ok(observer) = web_sys::ResizeObserver::new(callback.as_ref().unchecked_ref()) else { return };
    observer.observe(canvas);
    let held = SendWrapper::new((observer, callback));
    on_cleanup(move || {
        let (observer, callback) = held.take();
        // Disconnected first: no report reaches the callback once it is dropped.
        observer.disconnect();
        drop(callback);
    });
}

/// Backend pixels per CSS pixel on this screen (sharp lines and text on high-density displays).
fn device_scale() -> Scale {
    Scale::new(gloo_utils::window().device_pixel_ratio().clamp(1.0, 3.0))
}

/// Draws `chart` on `canvas`, `width` CSS pixels wide, and returns where its coordinates are.
fn paint(canvas: &web_sys::HtmlCanvasElement, chart: &Chart, width: f64, theme: Theme) -> Result<Mapping, String> {
    let scale = device_scale();
    let layout = plot::layout(chart, (width * scale.ratio).round() as u32, scale, theme);
    canvas.set_width(layout.width);
    canvas.set_height(layout.height);
    let backend = CanvasBackend::with_canvas_object(canvas.clone()).ok_or(td_string!(chart.locale, heat.no_canvas))?;
    let root = backend.into_drawing_area();
    plot::draw(&root, chart, &layout, theme)
}

/// One chart: its canvas, the value under the pointer, PNG and SVG export, and its numbers as a table.
/// `side` prefixes the test ids and file names (`base`, `variant`). `events` are moments the chart's
/// rows change (the second and why, see [`super::moves`]): listed under the heat map, and told when
/// the pointer is on that second.
#[component]
pub fn ChartView(chart: Chart, side: &'static str, theme: Signal<Theme>, #[prop(optional)] events: Vec<(u32, String)>) -> impl IntoView {
    let id = format!("{side}-{}", chart.kind.id());
    let locale = chart.locale;
    let title = chart.kind.title(locale);
    let note = chart.kind.note(locale);
    let bucket = match &chart.data {
        super::chart::ChartData::Heat(h) => h.bucket,
        _ => 1,
    };
    let events = StoredValue::new(events);
    let table = chart.table();
    let chart = StoredValue::new(chart);
    let canvas = NodeRef::<leptos::html::Canvas>::new();
    let width = RwSignal::new(0.0f64);
    let mapping = StoredValue::new(None::<Mapping>);
    let hover = RwSignal::new(None::<String>);
    let error = RwSignal::new(None::<String>);

    canvas.on_load(move |c| observe_width(&c, width));
    // Drawn at the frame's width in the page's palette, once the frame has one.
    Effect::new(move |_| {
        let (w, theme) = (width.get(), theme.get());
        let Some(c) = canvas.get() else { return };
        if w < 1.0 {
            return;
        }
        let _ = c.set_attribute("data-drawn", "false");
        match chart.with_value(|chart| paint(&c, chart, w, theme)) {
            Ok(m) => {
                mapping.set_value(Some(m));
                error.set(None);
                let _ = c.set_attribute("data-drawn", "true");
            }
            Err(e) => error.set(Some(e)),
        }
    });

    let on_move = move |ev: web_sys::MouseEvent| {
        let Some(c) = canvas.get_untracked() else { return };
        let rect = c.get_bounding_client_rect();
        if rect.width() <= 0.0 || rect.height() <= 0.0 {
            return;
        }
        // The pointer in canvas pixels (the canvas may be drawn at the device's pixel ratio).
        let px = ((f64::from(ev.client_x()) - rect.left()) * f64::from(c.width()) / rect.width()) as i32;
        let py = ((f64::from(ev.client_y()) - rect.top()) * f64::from(c.height()) / rect.height()) as i32;
        let at = mapping.with_value(|m| m.as_ref().and_then(|m| m.at((px, py))));
        let said = at.and_then(|(x, y)| {
            let text = chart.with_value(|c| c.hover(x, y))?;
            // The column's seconds: a change of the rows in them is said with the value.
            let from = (x.max(0.0) as u32).saturating_mul(bucket);
            let event = events.with_value(|e| e.iter().find(|(s, _)| (from..from + bucket).contains(s)).map(|(_, t)| t.clone()));
            Some(match event {
                Some(e) => format!("{text}. {e}"),
                None => text,
            })
        });
        hover.set(said);
    };
    let file = id.clone();
    let png = move |_| {
        let Some(c) = canvas.get_untracked() else { return };
        match c.to_data_url_with_type("image/png") {
            Ok(url) => {
                if let Err(e) = crate::download::download_url(&url, &format!("dynamodel-{file}.png")) {
                    error.set(Some(e));
                }
            }
            Err(_) => error.set(Some(td_string!(locale, heat.chart_export_refused).to_string())),
        }
    };
    let file = id.clone();
    let svg = move |_| {
        let w = width.get_untracked();
        let w = if w >= 1.0 { w } else { DEFAULT_WIDTH };
        let drawn = chart.with_value(|c| plot::svg(c, theme.get_untracked(), w.round() as u32));
        if let Err(e) = drawn.and_then(|(text, _)| crate::download::download(&format!("dynamodel-{file}.svg"), "image/svg+xml", &text)) {
            error.set(Some(e));
        }
    };

    let body = table
        .rows
        .into_iter()
        .map(|row| {
            let mut cells = row.into_iter();
            let head = cells.next().unwrap_or_default();
            view! {
                <tr>
                    <th scope="row">{head}</th>
                    {cells.map(|c| view! { <td>{c}</td> }).collect_view()}
                </tr>
            }
        })
        .collect_view();
    view! {
        <figure class="heat-chart" data-testid=format!("chart-{id}")>
            <figcaption class="heat-chart-title">{title}</figcaption>
            {note.map(|n| view! { <p class="heat-chart-note">{n}</p> })}
            <canvas
                node_ref=canvas
                data-testid=format!("canvas-{id}")
                data-drawn="false"
                role="img"
                aria-label=td_string!(locale, heat.chart_label, title).to_string()
                on:mousemove=on_move
                on:mouseleave=move |_| hover.set(None)
            ></canvas>
            <p class="heat-hover" data-testid=format!("hover-{id}") aria-live="polite">
                {move || hover.get().unwrap_or_else(|| td_string!(locale, heat.chart_point).to_string())}
            </p>
            {events.with_value(|e| (!e.is_empty()).then(|| {
                let items = e.iter().map(|(_, t)| view! { <li>{t.clone()}</li> }).collect_view();
                view! {
                    <div class="heat-moves" data-testid=format!("moves-{id}")>
                        <p class="heat-moves-title">{td_string!(locale, heat.moves_title)}</p>
                        <ul>{items}</ul>
                    </div>
                }
            }))}
            <div class="heat-chart-actions">
                <button type="button" data-testid=format!("png-{id}") on:click=png>{td_string!(locale, heat.export_png)}</button>
                <button type="button" data-testid=format!("svg-{id}") on:click=svg>{td_string!(locale, heat.export_svg)}</button>
            </div>
            {move || error.get().map(|e| view! { <p class="heat-error" role="alert">{e}</p> })}
            <details class="heat-data">
                <summary>{td_string!(locale, heat.chart_numbers)}</summary>
                <div class="heat-table-wrap">
                    <table data-testid=format!("table-{id}")>
                        <caption>{title}</caption>
                        <thead>
                            <tr>{table.headers.into_iter().map(|h| view! { <th scope="col">{h}</th> }).collect_view()}</tr>
                        </thead>
                        <tbody>{body}</tbody>
                    </table>
                </div>
            </details>
        </figure>
    }
}
