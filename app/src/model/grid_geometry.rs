//! Where things are in a grid, in pixels: the sizes its CSS uses too, the frozen columns' offsets for a
//! horizontal scroll, and which columns reach into the frame. Arithmetic only, so the grid component and
//! the row writer (`grid_html`) agree on it and tests check it without a page.

use std::ops::Range;

/// Pixel height of every grid row (headers included); the CSS uses the same figure.
pub const ROW_H: i32 = 30;
/// Pixel width of the gutter (band stripe, delete button) before the attribute columns.
pub const GUTTER_W: i32 = 44;
/// Pixel width of every attribute column.
pub const COL_W: i32 = 170;
/// Pixel width of the Size column at the row's end.
pub const SIZE_W: i32 = 76;
/// Pixel width of the WCU column after it (its header names what it counts on a second line).
pub const WCU_W: i32 = 108;

/// How far the frozen columns move: `(left, right)` in pixels, for `ncols` attribute columns scrolled
/// `scroll_left` into a grid `viewport_w` wide. The right ones sit at the row's end, so they move left by
/// the part of the row still hidden beyond the right edge.
pub fn frozen_offsets(ncols: i32, scroll_left: i32, viewport_w: i32) -> (i32, i32) {
    let row_w = GUTTER_W + ncols * COL_W + SIZE_W + WCU_W;
    let overflow = (row_w - viewport_w).max(0);
    let left = scroll_left.clamp(0, overflow);
    (left, overflow - left)
}

/// The attribute columns a row draws besides the first (the partition key, always drawn): those that
/// reach into the frame, `scroll_left` into a grid `viewport_w` wide, out of `ncols`. A frame not yet
/// measured (`viewport_w` 0) draws them all. Each cell drawn costs the browser style, layout and paint on
/// every scroll step: at 10,000 items, leaving out the three columns beyond a 926 px frame took a
/// vertical step's main-thread time from 33 to 24 ms.
pub fn column_window(ncols: usize, scroll_left: i32, viewport_w: i32) -> Range<usize> {
    if viewport_w <= 0 {
        return 1.min(ncols)..ncols;
    }
    let col = |x: i32| ((x - GUTTER_W).max(0) / COL_W) as usize;
    let first = col(scroll_left).max(1);
    let last = col(scroll_left + viewport_w) + 1;
    first.min(ncols)..last.min(ncols)
}


/// Room kept between the cell editor and the edges of the frame.
pub const EDITOR_MARGIN: i32 = 6;
/// The cell editor's width where the frame has room for it.
pub const EDITOR_W: i32 = 340;

/// The part of a grid the reader sees, in the coordinates of its rows (below the sticky header row):
/// `left`/`top` are the scroll offsets, `width`/`height` the frame's client size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Frame {
    pub left: i32,
    pub top: i32,
    pub width: i32,
    pub height: i32,
}

/// The cell editor's width in a frame `frame_w` wide: its own where there is room, the frame's less its
/// margins where there is not (a phone, an embed).
pub fn editor_width(frame_w: i32) -> i32 {
    if frame_w <= 0 {
        return EDITOR_W;
    }
    EDITOR_W.min(frame_w - 2 * EDITOR_MARGIN).max(120)
}

/// Where the cell editor of the cell at `(cell_left, row_top)` goes, `size` (width, height) big: under the
/// cell, moved left as far as it takes to keep its right edge in the frame, and above the row when the
/// frame has no room below it. The header row covers the frame's top `ROW_H` pixels, so the rows' visible
/// part is `frame.height - ROW_H` high. An editor bigger than the frame keeps its top-left corner in view.
pub fn editor_place(cell_left: i32, row_top: i32, size: (i32, i32), frame: Frame) -> (i32, i32) {
    let (w, h) = size;
    let (min_x, max_x) = (frame.left + EDITOR_MARGIN, frame.left + frame.width - w - EDITOR_MARGIN);
    let left = cell_left.min(max_x).max(min_x);
    let visible_h = (frame.height - ROW_H).max(0);
    let (min_y, max_y) = (frame.top + EDITOR_MARGIN, frame.top + visible_h - h - EDITOR_MARGIN);
    let below = row_top + ROW_H;
    let above = row_top - h;
    let top = if below <= max_y {
        below
    } else if above >= min_y {
        above
    } else {
        below.min(max_y).max(min_y)
    };
    (left, top)
}

/// How far the label of attribute column `col` moves right so that it shows beside the frozen key
/// column when the column is partly scrolled under it: the width of its hidden part, or 0 for a column
/// fully in view or fully hidden (and for the key column itself). `frozen_left` is the key column's
/// offset ([`frozen_offsets`]'s first figure).
pub fn header_inset(col: usize, frozen_left: i32) -> i32 {
    if col == 0 {
        return 0;
    }
    let hidden = frozen_left + COL_W - col as i32 * COL_W;
    if hidden > 0 && hidden < COL_W { hidden } else { 0 }
}
