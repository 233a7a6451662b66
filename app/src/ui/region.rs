//! Parts of the page that change shape: a region rebuilt from the signals it reads ([`dynamic`],
//! [`show`]), and a keyed list whose rows keep their nodes — and so their focus, scroll and typed
//! text — while other rows come, go or move ([`each`]).
//!
//! A region lives between two empty comment nodes; rebuilding replaces whatever lies between them, so
//! the content may itself hold regions that changed since it was built.

use std::cell::RefCell;
use std::hash::{Hash, Hasher};
use std::rc::Rc;

use leptos::prelude::{untrack, Get, GetUntracked, Owner, RwSignal, Set};
use web_sys::{Comment, Node};

use super::dom::{document, View};
use super::owner::{effect, keep};

/// A region rebuilt whenever the signals `f` reads change. What the previous content held (bindings,
/// listeners, inner regions) is freed before `f` runs again.
pub fn dynamic(f: impl Fn() -> View + 'static) -> View {
    dynamic_boxed(Box::new(f))
}

#[inline(never)]
fn dynamic_boxed(f: Box<dyn Fn() -> View>) -> View {
    let (frag, start, end) = bounds();
    effect(Box::new(move || {
        let v = f();
        clear_between(&start, &end);
        insert_before(&end, v);
    }));
    frag
}

/// `then()` while `when()` is true, nothing otherwise. The content is rebuilt only when `when` flips,
/// not on every change of what it reads.
pub fn show(when: impl Fn() -> bool + 'static, then: impl Fn() -> View + 'static) -> View {
    show_boxed(Box::new(when), Box::new(then), Box::new(View::empty))
}

/// `then()` while `when()` is true, `otherwise()` while it is false; rebuilt only when `when` flips.
pub fn show_else(
    when: impl Fn() -> bool + 'static,
    then: impl Fn() -> View + 'static,
    otherwise: impl Fn() -> View + 'static,
) -> View {
    show_boxed(Box::new(when), Box::new(then), Box::new(otherwise))
}

#[inline(never)]
fn show_boxed(when: Box<dyn Fn() -> bool>, then: Box<dyn Fn() -> View>, otherwise: Box<dyn Fn() -> View>) -> View {
    // The region follows only `flag`, which an effect of its own moves when `when()` flips.
    let flag = RwSignal::new(untrack(&when));
    effect(Box::new(move || {
        let v = when();
        if flag.get_untracked() != v {
            flag.set(v);
        }
    }));
    dynamic_boxed(Box::new(move || if flag.get() { untrack(&then) } else { untrack(&otherwise) }))
}

/// A keyed list: `items()` gives the rows in order, `key` identifies a row across changes, `row` builds
/// a new row's view. A row whose key stays keeps its nodes (moved if the order changed); a new key is
/// built; a key that is gone is removed and freed. Rows build untracked: only `items()` is followed.
pub fn each<T: 'static, K: Hash>(
    items: impl Fn() -> Vec<T> + 'static,
    key: impl Fn(&T) -> K + 'static,
    row: impl Fn(T) -> View + 'static,
) -> View {
    let row = Rc::new(row);
    each_boxed(Box::new(move || {
        items()
            .into_iter()
            .map(|t| {
                let mut h = KeyHasher::default();
                key(&t).hash(&mut h);
                let row = row.clone();
                let build: Box<dyn FnOnce() -> View> = Box::new(move || row(t));
                (h.finish(), build)
            })
            .collect()
    }))
}

/// One row of a keyed list on the page: its bounds and the owner of what it holds.
struct Row {
    key: u64,
    start: Comment,
    end: Comment,
    owner: Owner,
}

#[inline(never)]
fn each_boxed(items: Box<dyn Fn() -> Vec<(u64, Box<dyn FnOnce() -> View>)>>) -> View {
    let (frag, start, end) = bounds();
    // Rows belong to the owner the list was built under, not to the list's effect: the effect's owner is
    // cleaned on every run, and a row must outlive the runs that keep it.
    let parent = Owner::current();
    let rows: Rc<RefCell<Vec<Row>>> = Rc::default();
    {
        let rows = rows.clone();
        keep(Box::new(move || {
            for r in rows.borrow_mut().drain(..) {
                r.owner.cleanup();
            }
        }));
    }
    effect(Box::new(move || {
        let wanted = items();
        let mut old: Vec<Option<Row>> = rows.borrow_mut().drain(..).map(Some).collect();
        let mut next: Vec<Row> = Vec::with_capacity(wanted.len());
        for (key, build) in wanted {
            // Duplicate keys: the first takes the existing row, later ones are built anew.
            let found = old.iter_mut().find(|r| r.as_ref().is_some_and(|r| r.key == key)).and_then(Option::take);
            let r = match found {
                Some(r) => r,
                None => {
                    let owner = match &parent {
                        Some(p) => p.with(Owner::new),
                        None => Owner::new(),
                    };
                    let view = owner.with(|| untrack(build));
                    let (f, s, e) = bounds();
                    insert_before(&e, view);
                    if let Some(n) = f.node() {
                        let _ = end.parent_node().map(|p| p.insert_before(n, Some(&end)));
                    }
                    Row { key, start: s, end: e, owner }
                }
            };
            next.push(r);
        }
        for r in old.into_iter().flatten() {
            remove_range(&r.start, &r.end);
            r.owner.cleanup();
        }
        // Put rows in order, moving only those not already where they belong.
        let mut cursor: Node = start.clone().into();
        for r in &next {
            let first: &Node = r.start.as_ref();
            if cursor.next_sibling().as_ref() != Some(first) {
                move_range_after(&r.start, &r.end, &cursor);
            }
            cursor = r.end.clone().into();
        }
        *rows.borrow_mut() = next;
    }));
    frag
}

/// A fragment holding an empty region: its start and end markers.
fn bounds() -> (View, Comment, Comment) {
    let doc = document();
    let f = doc.create_document_fragment();
    let start = doc.create_comment("");
    let end = doc.create_comment("");
    let _ = f.append_child(&start);
    let _ = f.append_child(&end);
    (View::from(Node::from(f)), start, end)
}

fn clear_between(start: &Comment, end: &Comment) {
    let Some(parent) = end.parent_node() else { return };
    let end: &Node = end.as_ref();
    while let Some(n) = start.next_sibling() {
        if &n == end {
            break;
        }
        let _ = parent.remove_child(&n);
    }
}

fn insert_before(end: &Comment, v: View) {
    if let (Some(parent), Some(n)) = (end.parent_node(), v.node()) {
        let _ = parent.insert_before(n, Some(end));
    }
}

/// Removes the nodes from `start` to `end`, both included.
fn remove_range(start: &Comment, end: &Comment) {
    clear_between(start, end);
    if let Some(p) = start.parent_node() {
        let _ = p.remove_child(start);
        let _ = p.remove_child(end);
    }
}

/// Moves the nodes from `start` to `end` (both included) to just after `cursor`.
fn move_range_after(start: &Comment, end: &Comment, cursor: &Node) {
    let Some(parent) = cursor.parent_node() else { return };
    let mut nodes: Vec<Node> = Vec::new();
    let mut n: Option<Node> = Some(start.clone().into());
    let last: &Node = end.as_ref();
    while let Some(x) = n {
        let done = &x == last;
        n = x.next_sibling();
        nodes.push(x);
        if done {
            break;
        }
    }
    let before = cursor.next_sibling();
    for x in nodes {
        let _ = parent.insert_before(&x, before.as_ref());
    }
}

/// FNV-1a: keys only need to tell rows of one list apart, without std's random state.
struct KeyHasher(u64);

impl Default for KeyHasher {
    fn default() -> Self {
        KeyHasher(0xcbf2_9ce4_8422_2325)
    }
}

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 ^= u64::from(*b);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }
}
