//! One stable sort for every crate of the browser bundle.
//!
//! `slice::sort_by` compiles a whole driftsort (about 4 KB of wasm) for each element type and
//! comparator, and the bundle had fourteen of them. [`sort_by`] sorts a permutation of positions with a
//! single, non-generic merge sort and then moves the elements into place, so a call site adds only its
//! comparator and a short permutation walk. It is stable, like `sort_by`, and `O(n log n)`.

use alloc::vec::Vec;
use core::cmp::Ordering;

/// Sort `v` stably by `cmp`, as `v.sort_by(cmp)` does.
pub fn sort_by<T>(v: &mut [T], mut cmp: impl FnMut(&T, &T) -> Ordering) {
    if v.len() < 2 {
        return;
    }
    let mut order: Vec<usize> = (0..v.len()).collect();
    {
        let items: &[T] = v;
        merge_sort(&mut order, &mut |a, b| cmp(&items[a], &items[b]));
    }
    permute(v, &mut order);
}

/// Sort `v` stably by its natural order, as `v.sort()` does.
pub fn sort<T: Ord>(v: &mut [T]) {
    sort_by(v, T::cmp);
}

/// Sort `v` stably by a key, as `v.sort_by_key(key)` does.
pub fn sort_by_key<T, K: Ord>(v: &mut [T], mut key: impl FnMut(&T) -> K) {
    sort_by(v, |a, b| key(a).cmp(&key(b)));
}

/// Bottom-up merge sort of positions; the one monomorphic copy every [`sort_by`] shares.
fn merge_sort(order: &mut [usize], cmp: &mut dyn FnMut(usize, usize) -> Ordering) {
    let n = order.len();
    // Runs of 8 by insertion sort first: fewer passes, and cheap on the short lists most callers have.
    const RUN: usize = 8;
    let mut start = 0;
    while start < n {
        let end = (start + RUN).min(n);
        for i in start + 1..end {
            let mut j = i;
            while j > start && cmp(order[j - 1], order[j]) == Ordering::Greater {
                order.swap(j - 1, j);
                j -= 1;
            }
        }
        start = end;
    }
    let mut buffer: Vec<usize> = Vec::with_capacity(n);
    let mut width = RUN;
    while width < n {
        let mut left = 0;
        while left + width < n {
            let mid = left + width;
            let right = (mid + width).min(n);
            // Already in order across the seam: nothing to merge.
            if cmp(order[mid - 1], order[mid]) != Ordering::Greater {
                left = right;
                continue;
            }
            buffer.clear();
            buffer.extend_from_slice(&order[left..mid]);
            let (mut i, mut j, mut k) = (0, mid, left);
            while i < buffer.len() && j < right {
                // Take from the right run only when strictly smaller: that keeps equal elements in order.
                if cmp(order[j], buffer[i]) == Ordering::Less {
                    order[k] = order[j];
                    j += 1;
                } else {
                    order[k] = buffer[i];
                    i += 1;
                }
                k += 1;
            }
            while i < buffer.len() {
                order[k] = buffer[i];
                i += 1;
                k += 1;
            }
            left = right;
        }
        width *= 2;
    }
}

/// Rearrange `v` so that position `i` holds the element that was at `order[i]`, by walking each cycle
/// of the permutation with swaps (no clones, no second buffer of `T`).
fn permute<T>(v: &mut [T], order: &mut [usize]) {
    const DONE: usize = usize::MAX;
    for start in 0..order.len() {
        if order[start] == DONE {
            continue;
        }
        let mut at = start;
        loop {
            let from = order[at];
            order[at] = DONE;
            if from == start {
                break;
            }
            v.swap(at, from);
            at = from;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec;
    use proptest::prelude::*;

    #[test]
    fn sorts_like_the_standard_library_and_keeps_equal_elements_in_order() {
        let cases: Vec<Vec<(u8, u16)>> = vec![vec![], vec![(1, 0)], vec![(2, 0), (1, 1)], (0..40).map(|i| ((i * 7 % 5) as u8, i)).collect()];
        for case in cases {
            let mut ours = case.clone();
            let mut std = case.clone();
            sort_by(&mut ours, |a, b| a.0.cmp(&b.0));
            std.sort_by(|a, b| a.0.cmp(&b.0));
            assert_eq!(ours, std);
        }
    }

    proptest! {
        #[test]
        fn agrees_with_the_standard_stable_sort(v in proptest::collection::vec((0u8..6, any::<u32>()), 0..300)) {
            let mut ours = v.clone();
            let mut std = v.clone();
            sort_by(&mut ours, |a, b| a.0.cmp(&b.0));
            std.sort_by(|a, b| a.0.cmp(&b.0));
            prop_assert_eq!(ours, std);
            let mut by_key = v.clone();
            sort_by_key(&mut by_key, |x| x.1);
            let mut std_key = v;
            std_key.sort_by_key(|x| x.1);
            prop_assert_eq!(by_key, std_key);
        }
    }
}
