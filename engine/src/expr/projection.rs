//! Applying a projection: the item reduced to the listed document paths.
//!
//! Nested paths keep their enclosing structure (`a.b` yields `{a: {b: …}}`), and list elements picked
//! by index are gathered in index order into a shorter list (`l[3], l[1]` yields `[l1, l3]`), as
//! DynamoDB returns them.

use alloc::collections::BTreeMap;
use alloc::string::String;

use super::eval::get;
use super::resolve::{DocPath, Elem};
use crate::value::{AttributeValue, Item};

enum Node {
    Leaf(AttributeValue),
    Map(BTreeMap<String, Node>),
    List(BTreeMap<usize, Node>),
}

impl Node {
    fn into_value(self) -> AttributeValue {
        match self {
            Node::Leaf(v) => v,
            Node::Map(m) => AttributeValue::M(m.into_iter().map(|(k, n)| (k, n.into_value())).collect()),
            Node::List(l) => AttributeValue::L(l.into_values().map(Node::into_value).collect()),
        }
    }
}

fn insert(node: &mut Node, rest: &[Elem], v: AttributeValue) {
    let Some((first, tail)) = rest.split_first() else {
        *node = Node::Leaf(v);
        return;
    };
    let child = match (first, &mut *node) {
        (Elem::Key(k), Node::Map(m)) => m.entry(k.clone()).or_insert(Node::Map(BTreeMap::new())),
        (Elem::Index(i), Node::List(l)) => l.entry(*i).or_insert(Node::Map(BTreeMap::new())),
        // A leaf already covers this path (validation rejects overlapping paths, so this is unreachable
        // for compiled projections; keep the covering value).
        (_, Node::Leaf(_)) => return,
        (Elem::Key(k), n) => {
            *n = Node::Map(BTreeMap::new());
            let Node::Map(m) = n else { return };
            m.entry(k.clone()).or_insert(Node::Map(BTreeMap::new()))
        }
        (Elem::Index(i), n) => {
            *n = Node::List(BTreeMap::new());
            let Node::List(l) = n else { return };
            l.entry(*i).or_insert(Node::Map(BTreeMap::new()))
        }
    };
    // An intermediate created as a map must become a list when the next step is an index.
    if let (Some(Elem::Index(_)), Node::Map(m)) = (tail.first(), &*child) {
        if m.is_empty() {
            *child = Node::List(BTreeMap::new());
        }
    }
    insert(child, tail, v);
}

pub(crate) fn project(paths: &[DocPath], item: &Item) -> Item {
    let mut root = Node::Map(BTreeMap::new());
    for p in paths {
        if let Some(v) = get(item, p) {
            insert(&mut root, p, v.clone());
        }
    }
    match root.into_value() {
        AttributeValue::M(m) => m,
        _ => Item::new(),
    }
}
