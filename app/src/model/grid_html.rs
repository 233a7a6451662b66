//! The visible rows of a grid as one HTML string.
//!
//! Building every row of the window as reactive DOM nodes, one wasm-bindgen call per element and
//! attribute, took about as long as the browser's whole style, layout and paint of a scroll step at
//! 10,000 items. One string, parsed by the browser's HTML parser, costs a fraction of that; the grid
//! handles clicks on it by delegation (cells carry `data-pos` / `data-c`, delete buttons `data-id`).
//! Every text that comes from item data is escaped, so data never becomes markup.

use std::fmt::Write;
use std::ops::Range;

use formats::share::escape_into;

use super::display::bytes_text_in;
use super::grid_view::{wcu_why_text, ViewKind, ViewRow};
use crate::i18n::{td_string, Locale};
use crate::language::numbers;

/// The rows, in order. `deletable` grids give each item a delete button; `matched(key)` says whether
/// the item labelled `key` was returned by the Query tab's last read. Of the attribute columns, the
/// first (the partition key, frozen at the left) is always drawn, the others only within `shown`: a
/// grid wider than its frame draws the columns in view ([`super::grid_geometry::column_window`]), since
/// every cell drawn costs the browser style, layout and paint on each scroll step.
/// Words and figures are the page's language's (`locale`).
pub fn rows_html(rows: &[ViewRow], columns: &[String], shown: Range<usize>, deletable: bool, matched: &dyn Fn(&str) -> bool, locale: Locale) -> String {
    let mut out = String::new();
    for row in rows {
        out.push_str(&row_html(row, columns, shown.clone(), deletable, matched, locale));
    }
    out
}

/// One row as HTML (one element): what [`rows_html`] writes for it.
pub fn row_html(row: &ViewRow, columns: &[String], shown: Range<usize>, deletable: bool, matched: &dyn Fn(&str) -> bool, locale: Locale) -> String {
    let mut out = String::with_capacity(160 * (columns.len() + 2));
    {
        match &row.kind {
            ViewKind::Partition { label, items, bytes, band } => {
                let band = band % 2;
                let _ = write!(out, r#"<div class="mdl-partition" data-testid="partition-band" data-band="{band}" role="row"><div class="mdl-gutter mdl-band" data-band="{band}" role="gridcell"></div><div class="mdl-partition-label" role="gridcell"><span class="mdl-stick"><span class="mdl-muted">"#);
                out.push_str(td_string!(locale, grid.item_collection));
                out.push_str(r#"</span><span class="mdl-mono" data-testid="partition-key">"#);
                escape_into(&mut out, label);
                let (count, bytes) = (numbers::count(locale, *items as u64), bytes_text_in(locale, *bytes));
                let counts = if *items == 1 {
                    td_string!(locale, grid.collection_one, count, bytes).to_string()
                } else {
                    td_string!(locale, grid.collection_many, count, bytes).to_string()
                };
                out.push_str(r#"</span><span class="mdl-muted"> · "#);
                escape_into(&mut out, &counts);
                out.push_str("</span></span></div></div>");
            }
            ViewKind::Unstored { items } => {
                let _ = write!(out, r#"<div class="mdl-partition mdl-unstored" data-testid="unstored-band" role="row"><div class="mdl-gutter" role="gridcell"></div><div class="mdl-partition-label" role="gridcell"><span class="mdl-stick">"#);
                escape_into(&mut out, &td_string!(locale, grid.unstored, count = numbers::count(locale, *items as u64)).to_string());
                out.push_str("</span></div></div>");
            }
            ViewKind::Item { id, key, band, cells, size, wcu, wcu_why, error } => {
                let band = band % 2;
                let hit = matched(key);
                out.push_str(r#"<div class="mdl-row-item"#);
                if error.is_some() {
                    out.push_str(" mdl-row-error");
                }
                if hit {
                    out.push_str(" mdl-row-match");
                }
                let _ = write!(out, r#"" data-testid="grid-row" data-pos="{}" data-band="{band}" data-match="{hit}" role="row" data-key=""#, row.pos);
                escape_into(&mut out, key);
                out.push('"');
                if let Some(e) = error {
                    out.push_str(r#" title=""#);
                    escape_into(&mut out, e);
                    out.push('"');
                }
                let _ = write!(out, r#"><div class="mdl-gutter mdl-band" data-band="{band}" role="gridcell">"#);
                if let (true, Some(id)) = (deletable, id) {
                    let _ = write!(out, r#"<button type="button" class="mdl-row-delete" data-testid="row-delete" data-id="{id}" tabindex="-1" title=""#);
                    escape_into(&mut out, td_string!(locale, grid.delete_item));
                    out.push_str(r#"" aria-label=""#);
                    escape_into(&mut out, &td_string!(locale, grid.delete_item_named, key).to_string());
                    out.push_str(r#"">×</button>"#);
                }
                out.push_str("</div>");
                // The first drawn cell after a gap of undrawn columns names its grid column (lines are
                // 1-based, after the gutter's track); the cells after it follow on their own.
                let mut after_gap = false;
                for (c, (text, full, tag)) in cells.iter().enumerate() {
                    if c > 0 && !shown.contains(&c) {
                        after_gap = true;
                        continue;
                    }
                    let frozen = if c == 0 { " mdl-frozen-key" } else { "" };
                    let _ = write!(out, r#"<div class="mdl-cell{frozen}" role="gridcell" data-testid="cell" data-c="{c}""#);
                    if std::mem::take(&mut after_gap) {
                        let _ = write!(out, r#" style="grid-column-start:{}""#, c + 2);
                    }
                    out.push_str(r#" data-col=""#);
                    escape_into(&mut out, columns.get(c).map(String::as_str).unwrap_or_default());
                    out.push_str(r#"" title=""#);
                    escape_into(&mut out, full);
                    out.push('"');
                    // The type tag is drawn by CSS from the attribute (`.mdl-cell[data-t]::after`): one
                    // element a cell instead of three is less for the browser to style and lay out on
                    // every scroll step.
                    if !tag.is_empty() {
                        let _ = write!(out, r#" data-t="{tag}""#);
                    }
                    out.push('>');
                    escape_into(&mut out, text);
                    out.push_str("</div>");
                }
                let _ = write!(
                    out,
                    r#"<div class="mdl-cell mdl-num mdl-frozen-size" role="gridcell" data-testid="item-size">{}</div><div class="mdl-cell mdl-num mdl-frozen-wcu" role="gridcell" data-testid="item-wcu" title=""#,
                    bytes_text_in(locale, *size)
                );
                escape_into(&mut out, &wcu_why_text(locale, wcu_why));
                let _ = write!(out, r#"">{wcu}</div></div>"#);
            }
        }
    }
    out
}

/// For each row to draw, `(position, html)`, the index of the drawn row it can keep (same position and
/// same HTML), or `None` to draw it afresh. Both lists are in position order, so the rows kept stay in
/// order; an edit then redraws one row, and a scroll step only the rows that came into view.
pub fn reuse_plan(drawn: &[(usize, String)], next: &[(usize, String)]) -> Vec<Option<usize>> {
    let mut i = 0;
    next.iter()
        .map(|(pos, html)| {
            while i < drawn.len() && drawn[i].0 < *pos {
                i += 1;
            }
            (i < drawn.len() && drawn[i].0 == *pos && drawn[i].1 == *html).then_some(i)
        })
        .collect()
}
