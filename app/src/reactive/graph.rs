//! The dependency graph: every signal, memo, effect and stored value is a node in one arena, addressed by
//! a copyable [`Id`]; what a memo or effect reads is recorded as edges while it runs.
//!
//! Why one untyped arena: each typed handle ([`super::RwSignal`], [`super::Memo`], …) is a thin wrapper
//! around the calls here, so a new value type adds a downcast and a clone, not another copy of the
//! bookkeeping. That is what made `reactive_graph` (a copy of its graph code per value type) ~138 KB of
//! the bundle's optimised code.
//!
//! Updates are push-pull, as in most signal libraries: a write marks what depends on it (memos "check",
//! effects queued), and a memo recomputes only when it is read or an effect that reads it runs, and
//! only if a source really changed. Queued effects run together in a microtask after the write (so
//! several writes in one event handler cause one run), oldest effect first: a region's effect runs before
//! the effects of the content it builds, and content it drops is never run.

use std::any::Any;
use std::cell::{Cell, RefCell};
use std::rc::Rc;

use super::owner::Owner;

/// A node of the arena: its slot and the slot's generation, so an id of a disposed node never reaches
/// the node that later takes its slot.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Id {
    idx: u32,
    gen: u32,
}

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum State {
    Clean,
    /// A source further up changed: the memos it reads must be brought up to date to know.
    Check,
    /// A direct source changed.
    Dirty,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    /// A signal or a stored value: written from outside.
    Source,
    Memo,
    Effect,
}

/// What a memo or an effect runs: a memo's returns whether its value changed.
pub type Run = Box<dyn FnMut(&Node) -> bool>;

pub struct Node {
    id: Id,
    kind: Kind,
    /// Creation order, for running queued effects oldest first.
    seq: u64,
    pub value: RefCell<Option<Box<dyn Any>>>,
    subscribers: RefCell<Vec<Id>>,
    sources: RefCell<Vec<Id>>,
    state: Cell<State>,
    queued: Cell<bool>,
    run: RefCell<Option<Run>>,
    /// What each run creates belongs to this owner, cleaned before the next run and when the node goes.
    owner: Option<Owner>,
}

struct Slot {
    gen: u32,
    node: Option<Rc<Node>>,
}

#[derive(Default)]
struct Runtime {
    slots: RefCell<Vec<Slot>>,
    free: RefCell<Vec<u32>>,
    seq: Cell<u64>,
    observer: Cell<Option<Id>>,
    pending: RefCell<Vec<Rc<Node>>>,
    scheduled: Cell<bool>,
}

thread_local! {
    static RT: Runtime = Runtime::default();
}

/// Adds a node. An `owned` node goes when the current owner is cleaned; the others when their handle says.
pub fn create(kind: Kind, value: Option<Box<dyn Any>>, run: Option<Run>, owned: bool) -> Id {
    let owner = (kind != Kind::Source).then(Owner::new);
    let id = RT.with(|rt| {
        let mut slots = rt.slots.borrow_mut();
        let idx = rt.free.borrow_mut().pop().unwrap_or_else(|| {
            slots.push(Slot { gen: 0, node: None });
            u32::try_from(slots.len() - 1).unwrap_or(u32::MAX)
        });
        let slot = &mut slots[idx as usize];
        let id = Id { idx, gen: slot.gen };
        let seq = rt.seq.get() + 1;
        rt.seq.set(seq);
        let state = Cell::new(if kind == Kind::Source { State::Clean } else { State::Dirty });
        slot.node = Some(Rc::new(Node {
            id,
            kind,
            seq,
            value: RefCell::new(value),
            subscribers: RefCell::default(),
            sources: RefCell::default(),
            state,
            queued: Cell::new(false),
            run: RefCell::new(run),
            owner,
        }));
        id
    });
    if owned {
        Owner::adopt(id);
    }
    id
}

/// The node, while it lives.
pub fn node(id: Id) -> Option<Rc<Node>> {
    RT.with(|rt| {
        let slots = rt.slots.borrow();
        let slot = slots.get(id.idx as usize)?;
        if slot.gen == id.gen {
            slot.node.clone()
        } else {
            None
        }
    })
}

/// Removes the node: its edges go with it, and what its runs created is cleaned.
pub fn dispose(id: Id) {
    let taken = RT.with(|rt| {
        let mut slots = rt.slots.borrow_mut();
        let slot = slots.get_mut(id.idx as usize).filter(|s| s.gen == id.gen)?;
        slot.gen = slot.gen.wrapping_add(1);
        let n = slot.node.take();
        rt.free.borrow_mut().push(id.idx);
        n
    });
    if let Some(n) = taken {
        unsubscribe(&n);
        n.run.borrow_mut().take();
        if let Some(o) = &n.owner {
            o.cleanup();
        }
        // The value is dropped after the borrow of the arena ends: dropping it may dispose other nodes.
        let value = n.value.borrow_mut().take();
        drop(value);
    }
}

/// Records that the running memo or effect read `id`.
pub fn track(id: Id) {
    let Some(obs) = RT.with(|rt| rt.observer.get()) else { return };
    if obs == id {
        return;
    }
    let (Some(o), Some(n)) = (node(obs), node(id)) else { return };
    let mut sources = o.sources.borrow_mut();
    if !sources.contains(&id) {
        sources.push(id);
        n.subscribers.borrow_mut().push(obs);
    }
}

/// Runs `f` with no memo or effect recording what it reads.
pub fn untrack<T>(f: impl FnOnce() -> T) -> T {
    let prev = RT.with(|rt| rt.observer.replace(None));
    let out = f();
    RT.with(|rt| rt.observer.set(prev));
    out
}

/// After a source's value changed: marks what depends on it and schedules the effects.
pub fn notify(n: &Node) {
    for s in live_subscribers(n) {
        mark(&s, State::Dirty);
    }
    schedule();
}

fn live_subscribers(n: &Node) -> Vec<Rc<Node>> {
    let mut subs = n.subscribers.borrow_mut();
    let mut out = Vec::with_capacity(subs.len());
    subs.retain(|id| match node(*id) {
        Some(s) => {
            out.push(s);
            true
        }
        None => false,
    });
    out
}

fn mark(n: &Rc<Node>, state: State) {
    let before = n.state.get();
    if before >= state {
        return;
    }
    n.state.set(state);
    match n.kind {
        Kind::Memo if before == State::Clean => {
            for s in live_subscribers(n) {
                mark(&s, State::Check);
            }
        }
        Kind::Effect => queue(n),
        _ => {}
    }
}

/// Brings a memo or effect up to date: re-runs it if a source changed since its last run.
pub fn update(n: &Rc<Node>) {
    if n.state.get() == State::Check {
        let sources: Vec<Id> = n.sources.borrow().clone();
        for s in sources {
            if let Some(s) = node(s).filter(|s| s.kind == Kind::Memo) {
                update(&s);
            }
            if n.state.get() == State::Dirty {
                break;
            }
        }
    }
    if n.state.get() == State::Dirty {
        // A run that writes what it read marks itself again: that mark stands.
        run(n);
    } else {
        n.state.set(State::Clean);
    }
}

fn run(n: &Rc<Node>) {
    unsubscribe(n);
    if let Some(o) = &n.owner {
        o.cleanup();
    }
    let Some(mut f) = n.run.borrow_mut().take() else { return };
    n.state.set(State::Clean);
    let prev = RT.with(|rt| rt.observer.replace(Some(n.id)));
    let changed = match &n.owner {
        Some(o) => o.with(|| f(n)),
        None => f(n),
    };
    RT.with(|rt| rt.observer.set(prev));
    // Put back unless the run disposed its own node.
    if node(n.id).is_some() {
        *n.run.borrow_mut() = Some(f);
    }
    if changed && n.kind == Kind::Memo {
        for s in live_subscribers(n) {
            s.state.set(State::Dirty);
            if s.kind == Kind::Effect {
                queue(&s);
            }
        }
    }
}

/// Drops the edges to what the node read on its last run (the next run records them anew).
fn unsubscribe(n: &Node) {
    let sources = core::mem::take(&mut *n.sources.borrow_mut());
    for s in sources {
        if let Some(s) = node(s) {
            s.subscribers.borrow_mut().retain(|id| *id != n.id);
        }
    }
}

/// Puts an effect in the queue the next flush runs, once however often it is marked.
fn queue(n: &Rc<Node>) {
    if !n.queued.replace(true) {
        RT.with(|rt| rt.pending.borrow_mut().push(n.clone()));
    }
}

/// Queues an effect's first run.
pub fn enqueue(id: Id) {
    if let Some(n) = node(id) {
        queue(&n);
        schedule();
    }
}

/// In the browser, a flush in the next microtask. Off the browser (the native tests) nothing can
/// schedule one: the caller runs [`flush`].
fn schedule() {
    let first = RT.with(|rt| !rt.scheduled.replace(true));
    if first && cfg!(target_arch = "wasm32") {
        wasm_bindgen_futures::spawn_local(async { flush() });
    }
}

/// Runs the queued effects, and those their runs queue, oldest first.
pub fn flush() {
    loop {
        let mut batch = RT.with(|rt| core::mem::take(&mut *rt.pending.borrow_mut()));
        if batch.is_empty() {
            break;
        }
        batch.sort_by_key(|n| n.seq);
        for n in batch {
            n.queued.set(false);
            if node(n.id).is_some() {
                update(&n);
            }
        }
    }
    RT.with(|rt| rt.scheduled.set(false));
}

impl Node {
    pub fn kind(&self) -> Kind {
        self.kind
    }
}
