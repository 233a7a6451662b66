//! Applying a compiled update to an item.
//!
//! Every SET value is computed from the *original* item first (so `SET a = b, b = a` swaps), then the
//! actions are applied to a copy; list elements removed by index are removed last, highest index first,
//! so indexes always refer to the original list. Any failure returns an error and the original item is
//! untouched: the update is all or nothing.

use alloc::string::String;
use alloc::vec::Vec;
use core::cmp::Ordering;

use super::eval::{equal, get};
use super::resolve::{DocPath, Elem};
use super::validate_update::{UAction, UVal};
use super::ExprError;
use crate::value::{key_cmp, AttributeValue, Item};

const MISSING: &str = "The provided expression refers to an attribute that does not exist in the item";
const BAD_TYPE: &str = "An operand in the update expression has an incorrect data type";
const LEGACY_BAD_TYPE: &str = "Type mismatch for attribute to update";
const BAD_PATH: &str = "The document path provided in the update expression is invalid for update";

fn fail(msg: &str) -> ExprError {
    ExprError::Invalid(String::from(msg))
}

fn value_of(v: &UVal, item: &Item) -> Result<AttributeValue, ExprError> {
    match v {
        UVal::Path(p) => get(item, p).cloned().ok_or_else(|| fail(MISSING)),
        UVal::Lit(l) => Ok(l.clone()),
        UVal::IfNotExists(p, default) => match get(item, p) {
            Some(v) => Ok(v.clone()),
            None => value_of(default, item),
        },
        UVal::ListAppend(a, b) => match (value_of(a, item)?, value_of(b, item)?) {
            (AttributeValue::L(mut x), AttributeValue::L(y)) => {
                x.extend(y);
                Ok(AttributeValue::L(x))
            }
            _ => Err(fail(BAD_TYPE)),
        },
        UVal::Plus(a, b) | UVal::Minus(a, b) => match (value_of(a, item)?, value_of(b, item)?) {
            (AttributeValue::N(x), AttributeValue::N(y)) => {
                let r = if matches!(v, UVal::Plus(..)) { x.checked_add(&y) } else { x.checked_sub(&y) };
                r.map(AttributeValue::N).map_err(|e| fail(e.message()))
            }
            _ => Err(fail(BAD_TYPE)),
        },
    }
}

/// The container that holds the last element of `path` (the item itself for a top-level name).
enum Parent<'a> {
    Item(&'a mut Item),
    Map(&'a mut crate::value::Item),
    List(&'a mut Vec<AttributeValue>),
}

fn parent<'a>(item: &'a mut Item, path: &[Elem]) -> Result<Parent<'a>, ExprError> {
    let Some((_, init)) = path.split_last() else { return Err(fail(BAD_PATH)) };
    let Some((first, rest)) = init.split_first() else { return Ok(Parent::Item(item)) };
    let Elem::Key(k) = first else { return Err(fail(BAD_PATH)) };
    let mut cur = item.get_mut(k).ok_or_else(|| fail(BAD_PATH))?;
    for e in rest {
        cur = match (e, cur) {
            (Elem::Key(k), AttributeValue::M(m)) => m.get_mut(k).ok_or_else(|| fail(BAD_PATH))?,
            (Elem::Index(i), AttributeValue::L(l)) => l.get_mut(*i).ok_or_else(|| fail(BAD_PATH))?,
            _ => return Err(fail(BAD_PATH)),
        };
    }
    match cur {
        AttributeValue::M(m) => Ok(Parent::Map(m)),
        AttributeValue::L(l) => Ok(Parent::List(l)),
        _ => Err(fail(BAD_PATH)),
    }
}

fn set_at(item: &mut Item, path: &[Elem], v: AttributeValue) -> Result<(), ExprError> {
    let last = path.last().ok_or_else(|| fail(BAD_PATH))?;
    match (parent(item, path)?, last) {
        (Parent::Item(m), Elem::Key(k)) => {
            m.insert(k.clone(), v);
        }
        (Parent::Map(m), Elem::Key(k)) => {
            m.insert(k.clone(), v);
        }
        (Parent::List(l), Elem::Index(i)) => {
            // Past the end appends (DynamoDB does not pad lists).
            match l.get_mut(*i) {
                Some(slot) => *slot = v,
                None => l.push(v),
            }
        }
        _ => return Err(fail(BAD_PATH)),
    }
    Ok(())
}

fn remove_key(item: &mut Item, path: &[Elem]) -> Result<(), ExprError> {
    let last = path.last().ok_or_else(|| fail(BAD_PATH))?;
    match (parent(item, path)?, last) {
        (Parent::Item(m), Elem::Key(k)) => {
            m.remove(k);
        }
        (Parent::Map(m), Elem::Key(k)) => {
            m.remove(k);
        }
        (Parent::List(_), Elem::Index(_)) => {}
        _ => return Err(fail(BAD_PATH)),
    }
    Ok(())
}

fn sort_dedup(v: &mut Vec<AttributeValue>) {
    v.sort_by(key_cmp);
    v.dedup_by(|a, b| equal(a, b));
}

/// `ADD` of a set to a set of the same type: the union, kept canonical (sorted, no duplicates). (Legacy
/// `AttributeUpdates` can also ADD a list to a list: it appends.)
fn union(old: AttributeValue, add: &AttributeValue, bad_type: &str) -> Result<AttributeValue, ExprError> {
    Ok(match (old, add) {
        (AttributeValue::SS(mut a), AttributeValue::SS(b)) => {
            a.extend(b.iter().cloned());
            a.sort();
            a.dedup();
            AttributeValue::SS(a)
        }
        (AttributeValue::BS(mut a), AttributeValue::BS(b)) => {
            a.extend(b.iter().cloned());
            a.sort();
            a.dedup();
            AttributeValue::BS(a)
        }
        (AttributeValue::L(mut a), AttributeValue::L(b)) => {
            a.extend(b.iter().cloned());
            AttributeValue::L(a)
        }
        (AttributeValue::NS(a), AttributeValue::NS(b)) => {
            let mut all: Vec<AttributeValue> = a.into_iter().chain(b.iter().copied()).map(AttributeValue::N).collect();
            sort_dedup(&mut all);
            AttributeValue::NS(all.into_iter().filter_map(|v| if let AttributeValue::N(n) = v { Some(n) } else { None }).collect())
        }
        _ => return Err(fail(bad_type)),
    })
}

/// `DELETE` of a set from a set of the same type; `None` when nothing is left.
fn difference(old: &AttributeValue, del: &AttributeValue, bad_type: &str) -> Result<Option<AttributeValue>, ExprError> {
    let out = match (old, del) {
        (AttributeValue::SS(a), AttributeValue::SS(b)) => {
            let v: Vec<String> = a.iter().filter(|x| !b.contains(x)).cloned().collect();
            (!v.is_empty()).then_some(AttributeValue::SS(v))
        }
        (AttributeValue::BS(a), AttributeValue::BS(b)) => {
            let v: Vec<Vec<u8>> = a.iter().filter(|x| !b.contains(x)).cloned().collect();
            (!v.is_empty()).then_some(AttributeValue::BS(v))
        }
        (AttributeValue::NS(a), AttributeValue::NS(b)) => {
            let v: Vec<_> = a
                .iter()
                .filter(|x| !b.iter().any(|y| key_cmp(&AttributeValue::N(**x), &AttributeValue::N(*y)) == Ordering::Equal))
                .copied()
                .collect();
            (!v.is_empty()).then_some(AttributeValue::NS(v))
        }
        _ => return Err(fail(bad_type)),
    };
    Ok(out)
}

/// The actions paired with their SET values, with the SETs of list elements (`SET l[7] = …`) reordered
/// among themselves by list and ascending index. A SET past the end of a list appends, and DynamoDB
/// appends several "in order by element number" whatever order they were written in; ascending order
/// also keeps every in-range index pointing at the original element.
fn list_sets_by_index(actions: &[UAction], values: Vec<Option<AttributeValue>>) -> Vec<(&UAction, Option<AttributeValue>)> {
    let mut pairs: Vec<(&UAction, Option<AttributeValue>)> = actions.iter().zip(values).collect();
    let index_set = |a: &UAction| matches!(a, UAction::Set(p, _) if matches!(p.last(), Some(Elem::Index(_))));
    let slots: Vec<usize> = (0..pairs.len()).filter(|&i| index_set(pairs[i].0)).collect();
    let mut moved: Vec<(&UAction, Option<AttributeValue>)> = Vec::with_capacity(slots.len());
    for &i in slots.iter().rev() {
        moved.push(pairs.remove(i));
    }
    moved.sort_by(|x, y| x.0.path().cmp(y.0.path()));
    for (&slot, pair) in slots.iter().zip(moved) {
        pairs.insert(slot, pair);
    }
    pairs
}

/// `new_item`: the item is being created by this update (see `Update::apply_to_new`).
pub(crate) fn apply(actions: &[UAction], original: &Item, legacy: bool, new_item: bool) -> Result<Item, ExprError> {
    let bad_type = if legacy { LEGACY_BAD_TYPE } else { BAD_TYPE };
    let mut values = Vec::with_capacity(actions.len());
    for a in actions {
        values.push(match a {
            UAction::Set(_, v) => Some(value_of(v, original)?),
            _ => None,
        });
    }
    let mut item = original.clone();
    let mut list_removals: Vec<(DocPath, usize)> = Vec::new();
    for (a, v) in list_sets_by_index(actions, values) {
        match (a, v) {
            (UAction::Set(p, _), Some(v)) => set_at(&mut item, p, v)?,
            (UAction::Remove(p), _) if new_item && p.len() > 1 => {}
            (UAction::Remove(p), _) => {
                remove_key(&mut item, p)?;
                if let Some((Elem::Index(i), init)) = p.split_last() {
                    list_removals.push((init.to_vec(), *i));
                }
            }
            (UAction::Add(p, v), _) => {
                parent(&mut item, p)?;
                let new = match (get(&item, p).cloned(), v) {
                    (None, v) => v.clone(),
                    (Some(AttributeValue::N(x)), AttributeValue::N(y)) => {
                        AttributeValue::N(x.checked_add(y).map_err(|e| fail(e.message()))?)
                    }
                    (Some(old), v) => union(old, v, bad_type)?,
                };
                set_at(&mut item, p, new)?;
            }
            (UAction::Delete(p, v), _) => {
                parent(&mut item, p)?;
                if let Some(old) = get(&item, p) {
                    match difference(old, v, bad_type)? {
                        Some(rest) => set_at(&mut item, p, rest)?,
                        None => {
                            remove_key(&mut item, p)?;
                            if let Some((Elem::Index(i), init)) = p.split_last() {
                                list_removals.push((init.to_vec(), *i));
                            }
                        }
                    }
                }
            }
            _ => {}
        }
    }
    list_removals.sort_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)));
    list_removals.dedup();
    for (list_path, i) in list_removals {
        let mut full = list_path.clone();
        full.push(Elem::Index(i));
        if let Ok(Parent::List(l)) = parent(&mut item, &full) {
            if i < l.len() {
                l.remove(i);
            }
        }
    }
    Ok(item)
}
