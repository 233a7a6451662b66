//! The item grid: item collections as bands, virtualised rows, keyboard navigation and inline editing.
//! One widget for every grid of the playground: the Items tab's (editable), the Indexes tab's and the
//! Query tab's results (read-only).
//!
//! Only the rows in view (plus a margin) exist in the DOM, so a table of thousands of items scrolls as
//! fast as one of ten. Every row has the same height; the layout is a flat list of partition headers
//! and items, so "which rows are visible" is arithmetic on the scroll offset.

use std::cell::RefCell;
use std::rc::Rc;

use engine::value::Item;
use leptos::html;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

pub use crate::model::grid_view::GridModel;
use crate::model::grid_geometry::{column_window, editor_width, frozen_offsets, header_inset, Frame, COL_W, GUTTER_W, ROW_H, SIZE_W, WCU_W};
use crate::model::grid_html::{reuse_plan, row_html};
use crate::model::layout::LayoutRow;
use crate::model::{Edit, RowId};
use crate::observe::use_client_size;
use crate::i18n::{t, t_string, use_i18n};
use crate::state::{use_app, Notice};

mod cell_editor;

pub use cell_editor::{CellEditor, EditTarget};

/// Rows rendered beyond the visible ones, above and below.
const OVERSCAN: usize = 3;

/// Set `signal` to `now` only if it differs: a set notifies whether or not the value changed, and a
/// grid's rows are redrawn for every notification of its scroll and size.
fn set_changed(signal: RwSignal<i32>, now: i32) {
    if signal.try_get_untracked().is_some_and(|v| v != now) {
        signal.try_set(now);
    }
}

/// The grid. An `editable` grid belongs to table `editable` and edits through the modeler; index views
/// and query results (`None`) are read-only. `testid` names the scrolling element (`{testid}-empty` its
/// "no items" line).
#[component]
pub fn Grid(model: Memo<GridModel>, editable: Option<usize>, #[prop(into)] testid: String) -> impl IntoView {
    let app = use_app();
    let i18n = use_i18n();
    let m = app.modeler;
    let scroll_top = RwSignal::new(0i32);
    // Until the grid is measured (it is not on the page while it is built, nor while its tab is hidden),
    // the window's size bounds it: the first rows drawn are a few too many, never too few.
    let window_size = |f: fn(&web_sys::Window) -> Result<wasm_bindgen::JsValue, wasm_bindgen::JsValue>| {
        f(&gloo_utils::window()).ok().and_then(|v| v.as_f64()).map_or(0, |v| v as i32)
    };
    let viewport_h = RwSignal::new(window_size(web_sys::Window::inner_height).max(ROW_H));
    // Horizontal scroll and visible width: where the frozen columns are moved to (see `template`).
    let scroll_left = RwSignal::new(0i32);
    let viewport_w = RwSignal::new(window_size(web_sys::Window::inner_width));
    let extra_columns = RwSignal::new(Vec::<String>::new());
    let cursor = RwSignal::new(None::<(usize, usize)>); // (layout position, column)
    let editing = RwSignal::new(None::<EditTarget>);
    let frame_pending = StoredValue::new(false);
    let scroller = NodeRef::<html::Div>::new();
    let container = NodeRef::<html::Div>::new();

    let columns = Memo::new(move |_| {
        let mut cols = model.with(|g| g.layout().columns.clone());
        for c in extra_columns.get() {
            if !cols.contains(&c) {
                cols.push(c);
            }
        }
        cols
    });
    let total_rows = Memo::new(move |_| model.with(|g| g.layout().rows.len()));
    let window = Memo::new(move |_| {
        let first = (scroll_top.get().max(0) / ROW_H) as usize;
        let visible = (viewport_h.get().max(0) / ROW_H) as usize + 2;
        (first.saturating_sub(OVERSCAN), (first + visible + OVERSCAN).min(total_rows.get()))
    });
    let cols_in_view = Memo::new(move |_| column_window(columns.with(|c| c.len()), scroll_left.get(), viewport_w.get()));
    // One CSS variable on the grid instead of a style per row: rows read `var(--mdl-cols)`.
    // The frozen columns (band stripe and key column at the left, Size and WCU at the right) follow the
    // horizontal scroll through two more variables: --mdl-sl moves the left ones right by the scroll,
    // --mdl-sr the right ones left by what is still hidden beyond the right edge.
    let template = move || {
        let ncols = columns.with(|c| c.len()) as i32;
        let (sl, sr) = frozen_offsets(ncols, scroll_left.get(), viewport_w.get());
        format!("--mdl-cols: {GUTTER_W}px repeat({ncols}, {COL_W}px) {SIZE_W}px {WCU_W}px; --mdl-sl: {sl}px; --mdl-sr: {sr}px;")
    };

    // Whether the grid has been measured on screen: until then, drawing new contents measures it first
    // (once per model: a hidden grid, which measures nothing, must not lay the page out on every edit).
    let measured = StoredValue::new(false);
    let measure_tried = StoredValue::new(None::<u64>);
    let measure = move || {
        let Some(el) = scroller.get_untracked() else { return };
        // A hidden grid measures nothing: it keeps the last size it had.
        let (h, w) = (el.client_height(), el.client_width());
        if h > 0 && w > 0 {
            measured.set_value(true);
            set_changed(viewport_h, h);
            set_changed(viewport_w, w);
        }
        set_changed(scroll_left, el.scroll_left());
    };
    // Once it is laid out, and whenever its size changes: a window resize, or its tab being shown (each
    // a ResizeObserver report; the effect's first run, before any, measures nothing).
    let size = use_client_size(scroller);
    Effect::new(move |reported: Option<()>| {
        size.track();
        if reported.is_some() {
            measure();
        }
    });

    // Another table, a replaced model or a redesign: the grid starts again at its top-left corner with
    // no cursor and no editor, as a grid built afresh would. Without this the scroll offsets, cursor and
    // added columns of the old contents stayed on the new ones: the browser clamps the scroll position
    // to the smaller table without a scroll event, so the frozen columns, band labels and the columns
    // drawn followed a position the grid no longer had.
    let epoch = Memo::new(move |_| model.with(GridModel::epoch));
    Effect::new(move |prev: Option<u64>| {
        let now = epoch.get();
        if prev.is_some_and(|p| p != now) {
            editing.set(None);
            cursor.set(None);
            extra_columns.set(Vec::new());
            if let Some(el) = scroller.get_untracked() {
                el.set_scroll_left(0);
                el.set_scroll_top(0);
            }
            set_changed(scroll_left, 0);
            set_changed(scroll_top, 0);
        }
        now
    });
    // Any change of contents (an edit that shortens the table or drops a column too): once the new rows
    // are laid out, follow the scroll position the browser kept, which it may have clamped without a
    // scroll event, and keep the cursor on a cell that exists.
    Effect::new(move |first: Option<()>| {
        model.track();
        columns.track();
        if first.is_none() {
            return;
        }
        request_animation_frame(move || {
            // The grid may have been unmounted before the frame: then do nothing.
            let (Some(rows), Some(ncols)) = (total_rows.try_get_untracked(), columns.try_with_untracked(Vec::len)) else { return };
            let Some(el) = scroller.get_untracked() else { return };
            set_changed(scroll_top, el.scroll_top());
            set_changed(scroll_left, el.scroll_left());
            if cursor.try_get_untracked().flatten().is_some_and(|(p, c)| p >= rows || c >= ncols) {
                cursor.try_set(None);
            }
        });
    });

    // Keep the cursor's row in view.
    let reveal = move |pos: usize| {
        let Some(el) = scroller.get_untracked() else { return };
        let top = pos as i32 * ROW_H;
        let st = el.scroll_top();
        let h = el.client_height() - ROW_H; // the sticky header covers one row
        if top < st {
            el.set_scroll_top(top);
        } else if top + ROW_H > st + h {
            el.set_scroll_top(top + ROW_H - h);
        }
    };
    // And its column, clear of the frozen ones: the key column at the left, Size and WCU at the right.
    let reveal_col = move |col: usize| {
        let Some(el) = scroller.get_untracked() else { return };
        if col == 0 {
            return;
        }
        // Where scrolling columns show, in the frame; a frame too narrow for both frozen sides (a phone,
        // an embed) shows the column right after the key column.
        let start = GUTTER_W + COL_W;
        let end = (el.client_width() - SIZE_W - WCU_W).max(start + COL_W);
        let left = GUTTER_W + col as i32 * COL_W;
        let x = left - el.scroll_left();
        if x < start {
            el.set_scroll_left(left - start);
        } else if x + COL_W > end {
            el.set_scroll_left(left + COL_W - end);
        }
    };
    let is_item = move |pos: usize| model.with_untracked(|g| matches!(g.layout().rows.get(pos), Some(LayoutRow::Item { .. })));
    let move_cursor = move |dr: i64, dc: i64| {
        let n = total_rows.get_untracked();
        let ncols = columns.with_untracked(|c| c.len());
        if n == 0 || ncols == 0 {
            return;
        }
        let (mut pos, mut col) = cursor.get_untracked().unwrap_or((0, 0));
        col = (col as i64 + dc).clamp(0, ncols as i64 - 1) as usize;
        let step = dr.signum();
        let mut remaining = dr.abs();
        if !is_item(pos) {
            remaining = remaining.max(1);
        }
        let mut p = pos as i64;
        while remaining > 0 {
            p += if step == 0 { 1 } else { step };
            if p < 0 || p >= n as i64 {
                break;
            }
            if is_item(p as usize) {
                pos = p as usize;
                remaining -= 1;
            }
        }
        cursor.set(Some((pos, col)));
        reveal(pos);
        reveal_col(col);
    };
    let item_at = move |pos: usize| -> Option<(Option<RowId>, Item)> {
        model.with_untracked(|g| m.state.with_untracked(|s| g.item_at(&s.playground, pos).map(|it| (it.id, it.item.into_owned()))))
    };
    let open_editor = move |pos: usize, col: usize| {
        let Some(table) = editable else { return };
        let Some((Some(id), item)) = item_at(pos) else { return };
        let Some(name) = columns.with_untracked(|c| c.get(col).cloned()) else { return };
        let is_key = model.with_untracked(|g| g.key_columns.contains(&name));
        editing.set(Some(EditTarget::new(table, id, pos, col, name, item, is_key)));
    };
    let report = move |result: Result<(), crate::model::EditError>| {
        if let Err(e) = result {
            m.notice.set(Some(Notice { text: crate::state::NoticeText::Edit(e), error: true }));
        }
    };
    let delete_attribute = move |pos: usize, col: usize| {
        let Some(table) = editable else { return };
        let Some((Some(id), mut item)) = item_at(pos) else { return };
        let Some(name) = columns.with_untracked(|c| c.get(col).cloned()) else { return };
        if model.with_untracked(|g| g.key_columns.contains(&name)) || item.remove(&name).is_none() {
            return;
        }
        report(m.perform(Edit::PutRow { table, id, item }));
    };
    let on_keydown = move |ev: web_sys::KeyboardEvent| {
        if editing.with_untracked(Option::is_some) {
            return;
        }
        let page = ((viewport_h.get_untracked() / ROW_H) as i64 - 2).max(1);
        match ev.key().as_str() {
            "ArrowDown" => move_cursor(1, 0),
            "ArrowUp" => move_cursor(-1, 0),
            "ArrowRight" => move_cursor(0, 1),
            "ArrowLeft" => move_cursor(0, -1),
            "PageDown" => move_cursor(page, 0),
            "PageUp" => move_cursor(-page, 0),
            "Home" => move_cursor(-(total_rows.get_untracked() as i64), 0),
            "End" => move_cursor(total_rows.get_untracked() as i64, 0),
            "Enter" | "F2" => match cursor.get_untracked() {
                Some((p, c)) => open_editor(p, c),
                None => move_cursor(0, 0),
            },
            "Delete" => {
                if let Some((p, c)) = cursor.get_untracked() {
                    delete_attribute(p, c)
                }
            }
            _ => return,
        }
        ev.prevent_default();
    };
    let on_scroll = move |_| {
        // At most one re-render per frame however many scroll events arrive.
        if frame_pending.get_value() {
            return;
        }
        frame_pending.set_value(true);
        request_animation_frame(move || {
            // The grid may have been unmounted before the frame: then do nothing.
            if frame_pending.try_update_value(|p| *p = false).is_none() {
                return;
            }
            let Some(el) = scroller.get_untracked() else { return };
            // The size is the ResizeObserver's to follow (`measure`); a scroll moves only these.
            set_changed(scroll_top, el.scroll_top());
            set_changed(scroll_left, el.scroll_left());
        });
    };
    let delete_row = move |id: RowId| {
        if let Some(table) = editable {
            report(m.perform(Edit::DeleteRow { table, id }));
        }
    };
    // Clicks on the rows are read off the `data-` attributes of what was clicked (see below).
    let target_cell = |ev: &web_sys::MouseEvent| -> Option<(usize, usize)> {
        let el = ev.target()?.dyn_into::<web_sys::Element>().ok()?;
        let cell = el.closest("[data-c]").ok()??;
        let row = cell.closest("[data-pos]").ok()??;
        Some((row.get_attribute("data-pos")?.parse().ok()?, cell.get_attribute("data-c")?.parse().ok()?))
    };
    let on_rows_click = move |ev: web_sys::MouseEvent| {
        let delete = ev.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()).and_then(|el| el.closest("[data-id]").ok().flatten());
        if let Some(id) = delete.and_then(|b| b.get_attribute("data-id")).and_then(|id| id.parse::<RowId>().ok()) {
            delete_row(id);
        } else if let Some(at) = target_cell(&ev) {
            cursor.set(Some(at));
        }
    };
    let on_rows_dblclick = move |ev: web_sys::MouseEvent| {
        if let Some((pos, c)) = target_cell(&ev) {
            cursor.set(Some((pos, c)));
            open_editor(pos, c);
        }
    };

    // The visible rows are not Leptos views: this effect writes them as one HTML string per row into
    // the window element (see `crate::model::grid_html`) and keeps the rows whose HTML did not change.
    // Building each row's cells as reactive nodes, one DOM call per element and attribute, cost about as
    // much as the browser's whole style, layout and paint of a scroll step at 10,000 items; this keeps
    // the grid at its figures (scroll p95 and one edit, `tests/bench/modeler-10k.mjs`).
    let drawn = Rc::new(RefCell::new(Vec::<(usize, String, web_sys::Element)>::new()));
    Effect::new(move |first: Option<()>| {
        let Some(into) = container.get() else { return };
        // New contents of a grid not measured yet (a hidden tab's grid, whose model changed, being shown)
        // are drawn for the size the grid has, not for a guess: reading it lays the page out once, before
        // the rows are in it, instead of laying out rows that the ResizeObserver would replace in the same
        // frame. Not on the first draw of a grid just mounted: the page has not been laid out at all yet,
        // and the window's size bounds the rows well enough until the ResizeObserver reports, before paint.
        let stamp = model.with(|g| g.stamp());
        if first.is_none() {
            measure_tried.set_value(Some(stamp));
        } else if !measured.get_value() && measure_tried.get_value() != Some(stamp) {
            measure_tried.set_value(Some(stamp));
            measure();
        }
        let (from, to) = window.get();
        let rows = columns.with(|cols| model.with(|g| m.state.with(|s| g.view_rows(&s.playground, cols, from, to))));
        let selected = m.state.with(|s| m.selected.get().and_then(|i| s.playground.table(i)).map(|t| t.name().to_string()));
        // Marked when the Query tab's last read returned the item (see `crate::state::highlight`).
        let matched = |key: &str| app.matched.with(|hit| hit.contains(selected.as_deref(), key));
        let in_view = cols_in_view.get();
        let next: Vec<(usize, String)> =
            columns.with(|cols| rows.iter().map(|r| (r.pos, row_html(r, cols, in_view.clone(), editable.is_some(), &matched, i18n.get_locale()))).collect());
        patch_rows(&into, &mut drawn.borrow_mut(), next);
    });

    let focus_grid = move || {
        if let Some(el) = scroller.get_untracked() {
            let _ = el.focus();
        }
    };
    let close_editor = Callback::new(move |()| {
        editing.set(None);
        focus_grid()
    });
    let empty_id = format!("{testid}-empty");

    view! {
        <div class="mdl-grid-wrap">
            {editable.map(|_| view! { <ColumnTool extra_columns/> })}
            <div
                class="mdl-grid"
                data-testid=testid
                tabindex="0"
                role="grid"
                style=template
                aria-rowcount=move || total_rows.get().to_string()
                node_ref=scroller
                on:keydown=on_keydown
                on:scroll=on_scroll
            >
                <div class="mdl-grid-head" role="row">
                    <div class="mdl-gutter-head"></div>
                    <For
                        each=move || columns.get().into_iter().enumerate()
                        key=|c| c.clone()
                        children=move |(i, c)| {
                            let is_key = model.with_untracked(|g| g.key_columns.contains(&c));
                            let class = format!(
                                "mdl-col-head{}{}",
                                if is_key { " mdl-key-col" } else { "" },
                                if i == 0 { " mdl-frozen-key" } else { "" },
                            );
                            let title = c.clone();
                            // A column partly scrolled under the frozen key column shows its name in
                            // the part still in view.
                            let inset = move || {
                                let (sl, _) = frozen_offsets(columns.with(Vec::len) as i32, scroll_left.get(), viewport_w.get());
                                match header_inset(i, sl) {
                                    0 => String::new(),
                                    px => format!("padding-left: {}px;", px + 8),
                                }
                            };
                            view! {
                                <div class=class role="columnheader" title=title style=inset>
                                    {is_key.then(|| view! { <span class="mdl-key-badge">"KEY"</span> })}
                                    {c}
                                </div>
                            }
                        }
                    />
                    <div class="mdl-col-head mdl-num mdl-frozen-size" role="columnheader" title=move || t_string!(i18n, grid.size_title)>
                        {t!(i18n, grid.size)}
                    </div>
                    <div
                        class="mdl-col-head mdl-num mdl-frozen-wcu mdl-wcu-head"
                        role="columnheader"
                        data-testid="wcu-head"
                        title=move || model.with(|g| g.wcu_basis().explanation(i18n.get_locale()))
                        aria-label=move || model.with(|g| g.wcu_basis().header(i18n.get_locale()))
                    >
                        {move || {
                            let header = model.with(|g| g.wcu_basis().header(i18n.get_locale()));
                            let (unit, basis) = header.split_once(' ').unwrap_or((header, ""));
                            view! {
                                <span>{unit}</span>
                                " "
                                <span class="mdl-wcu-basis">{basis}</span>
                            }
                        }}
                    </div>
                </div>
                <div class="mdl-grid-body" style=move || format!("height: {}px;", total_rows.get() as i32 * ROW_H)>
                    <div
                        class="mdl-grid-window"
                        style=move || format!("transform: translateY({}px);", window.get().0 as i32 * ROW_H)
                        node_ref=container
                        on:click=on_rows_click
                        on:dblclick=on_rows_dblclick
                    ></div>
                    {move || {
                        cursor
                            .get()
                            .filter(|(p, _)| *p < total_rows.get())
                            .map(|(p, c)| {
                                let style = format!(
                                    "top: {}px; left: {}px; width: {COL_W}px; height: {ROW_H}px;",
                                    p as i32 * ROW_H,
                                    GUTTER_W + c as i32 * COL_W,
                                );
                                view! { <div class="mdl-cursor" data-testid="grid-cursor" aria-hidden="true" style=style></div> }
                            })
                    }}
                    {move || {
                        editing
                            .get()
                            .map(|t| {
                                // The editor opens under its cell, kept inside the part of the grid in
                                // view (see `CellEditor`): the frame as it is when it opens.
                                let row_top = t.pos as i32 * ROW_H;
                                let left = GUTTER_W + t.col as i32 * COL_W;
                                let frame = scroller.get_untracked().map_or(Frame { left: 0, top: 0, width: 0, height: 0 }, |el| Frame {
                                    left: el.scroll_left(),
                                    top: el.scroll_top(),
                                    width: el.client_width(),
                                    height: el.client_height(),
                                });
                                let width = editor_width(frame.width);
                                view! { <CellEditor target=t row_top left width frame on_close=close_editor/> }
                            })
                    }}
                </div>
                <Show when=move || total_rows.get() == 0>
                    <p class="mdl-muted mdl-grid-empty" data-testid=empty_id.clone()>"No items here yet."</p>
                </Show>
            </div>
        </div>
    }
}

/// An editable grid's tools: a column for an attribute no item has yet, and the keyboard hint.
#[component]
fn ColumnTool(extra_columns: RwSignal<Vec<String>>) -> impl IntoView {
    let i18n = use_i18n();
    let new_column = RwSignal::new(String::new());
    let add = move |ev: web_sys::SubmitEvent| {
        ev.prevent_default();
        let name = new_column.get_untracked().trim().to_string();
        if !name.is_empty() {
            extra_columns.update(|c| {
                if !c.contains(&name) {
                    c.push(name)
                }
            });
            new_column.set(String::new());
        }
    };
    view! {
        <form class="mdl-grid-tools" on:submit=add>
            <input
                type="text"
                class="mdl-input mdl-small-input"
                placeholder=move || t_string!(i18n, grid.new_column_placeholder)
                data-testid="new-column-name"
                prop:value=move || new_column.get()
                on:input=move |ev| new_column.set(event_target_value(&ev))
            />
            <button type="submit" class="mdl-btn mdl-small" data-testid="add-column">{t!(i18n, grid.add_column)}</button>
            <span class="mdl-muted mdl-hint">{t!(i18n, grid.keys_hint)}</span>
        </form>
    }
}

/// Bring the window's rows from `drawn` to `next`: rows whose position and HTML are unchanged stay as
/// they are, the others are removed or parsed from their HTML in place.
fn patch_rows(container: &web_sys::HtmlElement, drawn: &mut Vec<(usize, String, web_sys::Element)>, next: Vec<(usize, String)>) {
    let keys: Vec<(usize, String)> = drawn.iter().map(|(p, h, _)| (*p, h.clone())).collect();
    let plan = reuse_plan(&keys, &next);
    if plan.iter().all(Option::is_none) {
        // A scroll step longer than the window, or a jump: every row is new. One parse of them all, which
        // also drops the old ones, costs the browser less than a removal and a parse per row.
        container.set_inner_html(&next.iter().map(|(_, h)| h.as_str()).collect::<String>());
        let mut at = container.first_element_child();
        let mut fresh = Vec::with_capacity(next.len());
        for (pos, html) in next {
            let Some(el) = at else { break };
            at = el.next_element_sibling();
            fresh.push((pos, html, el));
        }
        *drawn = fresh;
        return;
    }
    // Which drawn rows the plan reuses, by position (a flag per drawn row: no hash set needed).
    let mut kept = vec![false; drawn.len()];
    for &i in plan.iter().flatten() {
        if let Some(k) = kept.get_mut(i) {
            *k = true;
        }
    }
    for (i, (_, _, el)) in drawn.iter().enumerate() {
        if !kept[i] {
            el.remove();
        }
    }
    let mut fresh = Vec::with_capacity(next.len());
    let mut prev: Option<web_sys::Element> = None;
    for ((pos, html), reuse) in next.into_iter().zip(plan) {
        let el = match reuse {
            Some(i) => Some(drawn[i].2.clone()),
            None => match &prev {
                Some(p) => p.insert_adjacent_html("afterend", &html).ok().and_then(|()| p.next_element_sibling()),
                None => container.insert_adjacent_html("afterbegin", &html).ok().and_then(|()| container.first_element_child()),
            },
        };
        if let Some(el) = el {
            prev = Some(el.clone());
            fresh.push((pos, html, el));
        }
    }
    *drawn = fresh;
}
