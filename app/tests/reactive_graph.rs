//! The reactive graph (`app::reactive`) natively: table-driven cases for what views rely on (lazy memos,
//! one effect run per task, cleanup with the owner, dependencies that change between runs), and a
//! property test of random graphs against a naive reference that recomputes everything from scratch.
//! Off the browser nothing schedules the effect queue, so each case runs `flush` where the browser's
//! microtask would.
#![cfg(not(target_arch = "wasm32"))]

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use app::reactive::graph::flush;
use app::reactive::*;
use proptest::prelude::*;

fn counter() -> (Rc<Cell<u32>>, impl Fn() -> u32) {
    let c = Rc::new(Cell::new(0));
    let read = {
        let c = c.clone();
        move || c.get()
    };
    (c, read)
}

#[test]
fn a_memo_computes_when_read_and_only_after_a_change() {
    let owner = Owner::new();
    owner.with(|| {
        let a = RwSignal::new(1);
        let (runs, count) = counter();
        let double = Memo::new(move |_| {
            runs.set(runs.get() + 1);
            a.get() * 2
        });
        assert_eq!(count(), 0, "not computed before it is read");
        assert_eq!(double.get(), 2);
        assert_eq!(double.get(), 2);
        assert_eq!(count(), 1, "a second read uses the cached value");
        a.set(5);
        assert_eq!(count(), 1, "a write does not compute it");
        assert_eq!(double.get(), 10);
        assert_eq!(count(), 2);
    });
}

#[test]
fn writes_in_one_task_run_an_effect_once_after_them() {
    let owner = Owner::new();
    let seen = Rc::new(RefCell::new(Vec::new()));
    let (a, b) = owner.with(|| {
        let (a, b) = (RwSignal::new(1), RwSignal::new(10));
        let seen = seen.clone();
        Effect::new(move |_| seen.borrow_mut().push(a.get() + b.get()));
        (a, b)
    });
    assert!(seen.borrow().is_empty(), "an effect's first run waits for the flush");
    flush();
    a.set(2);
    b.set(20);
    a.update(|x| *x += 1);
    flush();
    assert_eq!(*seen.borrow(), vec![11, 23]);
}

#[test]
fn an_unchanged_memo_does_not_rerun_its_readers() {
    let owner = Owner::new();
    let (runs, count) = counter();
    let a = owner.with(|| {
        let a = RwSignal::new(3);
        let even = Memo::new(move |_| a.get() % 2 == 0);
        Effect::new(move |_| {
            even.track();
            runs.set(runs.get() + 1);
        });
        a
    });
    flush();
    a.set(5);
    flush();
    assert_eq!(count(), 1, "3 and 5 are both odd");
    a.set(6);
    flush();
    assert_eq!(count(), 2);
}

#[test]
fn an_effect_follows_only_what_its_last_run_read() {
    let owner = Owner::new();
    let (runs, count) = counter();
    let (flag, x, y) = owner.with(|| {
        let (flag, x, y) = (RwSignal::new(true), RwSignal::new(0), RwSignal::new(0));
        Effect::new(move |_| {
            runs.set(runs.get() + 1);
            if flag.get() {
                x.track()
            } else {
                y.track()
            }
        });
        (flag, x, y)
    });
    flush();
    y.set(1);
    flush();
    assert_eq!(count(), 1, "y was not read");
    flag.set(false);
    flush();
    x.set(1);
    flush();
    assert_eq!(count(), 2, "x is no longer read");
    y.set(2);
    flush();
    assert_eq!(count(), 3);
}

#[test]
fn a_diamond_runs_its_effect_once_per_change() {
    let owner = Owner::new();
    let seen = Rc::new(RefCell::new(Vec::new()));
    let a = owner.with(|| {
        let a = RwSignal::new(1);
        let b = Memo::new(move |_| a.get() + 1);
        let c = Memo::new(move |_| a.get() * 10);
        let seen = seen.clone();
        Effect::new(move |_| seen.borrow_mut().push(b.get() + c.get()));
        a
    });
    flush();
    a.set(2);
    flush();
    assert_eq!(*seen.borrow(), vec![12, 23]);
}

#[test]
fn cleaning_the_owner_stops_effects_disposes_signals_and_runs_cleanups() {
    let owner = Owner::new();
    let (runs, count) = counter();
    let (cleaned, cleanups) = counter();
    let outside = ArcRwSignal::new(0);
    let (inner, kept) = owner.with(|| {
        let o = outside.clone();
        Effect::new(move |_| {
            o.track();
            runs.set(runs.get() + 1);
        });
        Owner::on_cleanup(move || cleaned.set(cleaned.get() + 1));
        (RwSignal::new(1), RwSignal::from(outside.clone()))
    });
    flush();
    owner.cleanup();
    outside.set(1);
    flush();
    assert_eq!(count(), 1, "the effect went with its owner");
    assert_eq!(cleanups(), 1);
    assert_eq!(inner.try_get(), None, "an owned signal went with its owner");
    assert_eq!(kept.try_get(), Some(1), "a shared signal lives while a handle to it does");
    drop(outside);
    assert_eq!(kept.try_get(), None, "the owner's handle went at its cleanup, and now the last one");
}

#[test]
fn an_effect_rerun_first_cleans_what_its_last_run_made() {
    let owner = Owner::new();
    let (inner_runs, count) = counter();
    let (a, b) = owner.with(|| {
        let (a, b) = (RwSignal::new(0), RwSignal::new(0));
        Effect::new(move |_| {
            a.track();
            let runs = inner_runs.clone();
            Effect::new(move |_| {
                b.track();
                runs.set(runs.get() + 1);
            });
        });
        (a, b)
    });
    flush();
    a.set(1);
    flush();
    a.set(2);
    flush();
    assert_eq!(count(), 3, "each outer run made one inner effect, which ran once");
    b.set(1);
    flush();
    assert_eq!(count(), 4, "only the last inner effect is alive");
}

#[test]
fn an_effect_that_writes_runs_its_readers_in_the_same_flush() {
    let owner = Owner::new();
    let seen = Rc::new(RefCell::new(Vec::new()));
    let a = owner.with(|| {
        let (a, b) = (RwSignal::new(1), RwSignal::new(0));
        Effect::new(move |_| b.set(a.get() * 100));
        let seen = seen.clone();
        Effect::new(move |_| seen.borrow_mut().push(b.get()));
        a
    });
    flush();
    a.set(2);
    flush();
    assert_eq!(seen.borrow().last(), Some(&200));
}

#[test]
fn untracked_reads_and_untracked_writes_wake_nothing() {
    let owner = Owner::new();
    let (runs, count) = counter();
    let (a, b) = owner.with(|| {
        let (a, b) = (RwSignal::new(0), RwSignal::new(0));
        Effect::new(move |_| {
            let _ = untrack(|| a.get()) + b.get_untracked();
            runs.set(runs.get() + 1);
        });
        (a, b)
    });
    flush();
    a.set(1);
    b.set(1);
    flush();
    assert_eq!(count(), 1);
    let c = owner.with(|| RwSignal::new(0));
    let (c_runs, c_count) = counter();
    owner.with(|| {
        Effect::new(move |_| {
            c.track();
            c_runs.set(c_runs.get() + 1);
        })
    });
    flush();
    c.update_untracked(|v| *v = 5);
    flush();
    assert_eq!((c_count(), c.get_untracked()), (1, 5));
}

#[test]
fn an_owning_memo_updates_its_value_in_place_and_says_when_it_changed() {
    let owner = Owner::new();
    owner.with(|| {
        let a = RwSignal::new(1);
        let log = Memo::new_owning(move |prev: Option<Vec<i32>>| {
            let mut v = prev.unwrap_or_default();
            let x = a.get();
            let changed = v.last() != Some(&x);
            if changed {
                v.push(x);
            }
            (v, changed)
        });
        assert_eq!(log.get(), vec![1]);
        a.set(2);
        assert_eq!(log.get(), vec![1, 2]);
    });
}

#[test]
fn stored_values_callbacks_and_derived_signals() {
    let owner = Owner::new();
    owner.with(|| {
        let s = StoredValue::new(vec![1]);
        s.update_value(|v| v.push(2));
        assert_eq!(s.get_value(), vec![1, 2]);
        let a = RwSignal::new(3);
        let doubled = Signal::derive(move || a.get() * 2);
        let cb = Callback::new(move |x: i32| x + doubled.get());
        a.set(4);
        assert_eq!(cb.run(1), 9);
        let from_memo: Signal<i32> = Memo::new(move |_| a.get() + 1).into();
        assert_eq!(from_memo.get_untracked(), 5);
    });
    owner.cleanup();
}

/// A random graph: sources, then memos and effects that each read some earlier nodes.
#[derive(Debug, Clone)]
struct Shape {
    sources: Vec<i64>,
    /// Each memo: the earlier nodes it sums, and the divisor (1..=3) that makes some changes invisible.
    memos: Vec<(Vec<usize>, i64)>,
    /// Each effect: the nodes it reads.
    effects: Vec<Vec<usize>>,
    /// Writes (source, value) and memo reads between flushes, `None` being a flush.
    steps: Vec<Option<(usize, i64)>>,
}

fn shape() -> impl Strategy<Value = Shape> {
    (1usize..5, 0usize..6, 1usize..5).prop_flat_map(|(ns, nm, ne)| {
        let memos = (0..nm).map(move |j| (proptest::collection::vec(0..ns + j, 1..4), 1i64..4)).collect::<Vec<_>>();
        (
            proptest::collection::vec(-3i64..4, ns),
            memos,
            proptest::collection::vec(proptest::collection::vec(0..ns + nm, 1..4), ne),
            proptest::collection::vec(proptest::option::weighted(0.8, (0..ns, -3i64..4)), 0..25),
        )
            .prop_map(|(sources, memos, effects, steps)| Shape { sources, memos, effects, steps })
    })
}

/// What every node holds, computed from the sources alone.
fn naive(shape: &Shape, sources: &[i64]) -> Vec<i64> {
    let mut vals = sources.to_vec();
    for (deps, div) in &shape.memos {
        let sum: i64 = deps.iter().map(|&d| vals[d]).sum();
        vals.push(sum.div_euclid(*div));
    }
    vals
}

#[derive(Clone, Copy)]
enum Handle {
    Source(RwSignal<i64>),
    Memo(Memo<i64>),
}

impl Handle {
    fn get(self) -> i64 {
        match self {
            Handle::Source(s) => s.get(),
            Handle::Memo(m) => m.get(),
        }
    }
}

proptest! {
    #[test]
    fn random_graphs_agree_with_recomputing_everything(shape in shape()) {
        let owner = Owner::new();
        let runs: Rc<RefCell<Vec<Vec<Vec<i64>>>>> = Rc::new(RefCell::new(vec![Vec::new(); shape.effects.len()]));
        let handles = owner.with(|| {
            let mut h: Vec<Handle> = shape.sources.iter().map(|&v| Handle::Source(RwSignal::new(v))).collect();
            for (deps, div) in &shape.memos {
                let ins: Vec<Handle> = deps.iter().map(|&d| h[d]).collect();
                let div = *div;
                h.push(Handle::Memo(Memo::new(move |_| ins.iter().map(|x| x.get()).sum::<i64>().div_euclid(div))));
            }
            for (e, deps) in shape.effects.iter().enumerate() {
                let ins: Vec<Handle> = deps.iter().map(|&d| h[d]).collect();
                let runs = runs.clone();
                Effect::new(move |_| {
                    let seen: Vec<i64> = ins.iter().map(|x| x.get()).collect();
                    runs.borrow_mut()[e].push(seen);
                });
            }
            h
        });
        // The sources each node depends on, directly or through memos.
        let mut reach: Vec<Vec<usize>> = (0..shape.sources.len()).map(|s| vec![s]).collect();
        for (deps, _) in &shape.memos {
            let mut r: Vec<usize> = deps.iter().flat_map(|&d| reach[d].clone()).collect();
            r.sort_unstable();
            r.dedup();
            reach.push(r);
        }
        let mut sources = shape.sources.clone();
        let mut written: Vec<usize> = Vec::new();
        // After a flush: each effect has seen the values the reference computes (its last run is up to
        // date), it ran at most once, and not at all when none of its sources was written. (It may run
        // and see what it saw before: a source written and written back, as Leptos's signals do.)
        let check_flush = |sources: &[i64], written: &mut Vec<usize>, before: Vec<usize>| -> Result<(), TestCaseError> {
            flush();
            let vals = naive(&shape, sources);
            let runs = runs.borrow();
            for (e, deps) in shape.effects.iter().enumerate() {
                let now: Vec<i64> = deps.iter().map(|&d| vals[d]).collect();
                prop_assert_eq!(runs[e].last(), Some(&now), "effect {} is out of date", e);
                prop_assert!(runs[e].len() <= before[e] + 1, "effect {} ran twice in one flush", e);
                let touched = deps.iter().any(|&d| reach[d].iter().any(|s| written.contains(s)));
                if before[e] > 0 && !touched {
                    prop_assert_eq!(runs[e].len(), before[e], "effect {} ran with none of its sources written", e);
                }
            }
            written.clear();
            Ok(())
        };
        let counts = |runs: &Rc<RefCell<Vec<Vec<Vec<i64>>>>>| runs.borrow().iter().map(Vec::len).collect::<Vec<_>>();
        check_flush(&sources, &mut written, counts(&runs))?;
        let mut before = counts(&runs);
        for step in &shape.steps {
            match *step {
                Some((s, v)) => {
                    sources[s] = v;
                    written.push(s);
                    if let Handle::Source(sig) = handles[s] {
                        sig.set(v);
                    }
                    // Reading a memo between writes gives its up-to-date value.
                    let vals = naive(&shape, &sources);
                    if let Some(Handle::Memo(m)) = handles.last() {
                        prop_assert_eq!(m.get_untracked(), vals[handles.len() - 1]);
                    }
                }
                None => {
                    check_flush(&sources, &mut written, before)?;
                    before = counts(&runs);
                }
            }
        }
        check_flush(&sources, &mut written, before)?;
        owner.cleanup();
    }
}
