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
/// Pixel width of the WCU column after it.
pub const WCU_W: i32 = 52;

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

