//! Random updates agree with a naive reference, apply-time errors included.

use alloc::collections::{BTreeMap, BTreeSet};
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use proptest::prelude::*;

use super::eval::{attr, ritem, rv, rv_scalar, to_item, Rv};
use crate::expr::{compile, ExpressionInputs};
use crate::value::{AttributeValue, Item};

/// One update action on its own attribute (so no two paths overlap).
#[derive(Debug, Clone)]
enum RAction {
    SetLit(Rv),
    /// `SET x = x + :d` (`false`: `x - :d`)
    Arith(bool, i64),
    AddNum(i64),
    AddSet(BTreeSet<String>),
    DeleteSet(BTreeSet<String>),
    Remove,
    /// `SET x = list_append(x, :l)`
    Append(Vec<Rv>),
    /// `SET x = if_not_exists(x, :v)`
    IfNotExists(Rv),
    /// `REMOVE x[i], x[j]…` (distinct indexes)
    RemoveIdx(BTreeSet<usize>),
}

fn raction() -> impl Strategy<Value = RAction> {
    let small_set = || proptest::collection::btree_set("[ab]{1,2}", 1..3);
    prop_oneof![
        rv().prop_map(RAction::SetLit),
        (any::<bool>(), -5i64..5).prop_map(|(p, d)| RAction::Arith(p, d)),
        (-5i64..5).prop_map(RAction::AddNum),
        small_set().prop_map(RAction::AddSet),
        small_set().prop_map(RAction::DeleteSet),
        Just(RAction::Remove),
        proptest::collection::vec(rv_scalar(), 0..3).prop_map(RAction::Append),
        rv().prop_map(RAction::IfNotExists),
        proptest::collection::btree_set(0usize..5, 1..3).prop_map(RAction::RemoveIdx),
    ]
}

#[derive(Debug, PartialEq)]
enum RErr {
    Missing,
    BadType,
    BadPath,
}

impl RErr {
    fn message(&self) -> &'static str {
        match self {
            RErr::Missing => "The provided expression refers to an attribute that does not exist in the item",
            RErr::BadType => "An operand in the update expression has an incorrect data type",
            RErr::BadPath => "The document path provided in the update expression is invalid for update",
        }
    }
}

/// The clause an action is written in (the rendered text has SET, REMOVE, ADD, DELETE in that order).
fn clause_rank(a: &RAction) -> u8 {
    match a {
        RAction::SetLit(_) | RAction::Arith(..) | RAction::Append(_) | RAction::IfNotExists(_) => 0,
        RAction::Remove | RAction::RemoveIdx(_) => 1,
        RAction::AddNum(_) | RAction::AddSet(_) => 2,
        RAction::DeleteSet(_) => 3,
    }
}

/// Apply to a copy; `Err` for what DynamoDB refuses at apply time. Every action has its own attribute,
/// so results do not depend on order; errors are found in DynamoDB's order: SET values first (they are
/// computed from the original item), then the actions as written.
fn r_apply(item: &BTreeMap<String, Rv>, actions: &[(&'static str, RAction)]) -> Result<BTreeMap<String, Rv>, RErr> {
    let mut ordered: Vec<&(&'static str, RAction)> = actions.iter().collect();
    ordered.sort_by_key(|(_, a)| clause_rank(a));
    let mut out = item.clone();
    for (a, act) in ordered {
        let old = item.get(*a).cloned();
        let key = (*a).to_string();
        match act {
            RAction::SetLit(v) => {
                out.insert(key, v.clone());
            }
            RAction::Arith(plus, d) => match old {
                None => return Err(RErr::Missing),
                Some(Rv::N(n)) => {
                    out.insert(key, Rv::N(if *plus { n + d } else { n - d }));
                }
                Some(_) => return Err(RErr::BadType),
            },
            RAction::Append(l) => match old {
                None => return Err(RErr::Missing),
                Some(Rv::L(mut x)) => {
                    x.extend(l.iter().cloned());
                    out.insert(key, Rv::L(x));
                }
                Some(_) => return Err(RErr::BadType),
            },
            RAction::IfNotExists(v) => {
                out.insert(key, old.unwrap_or_else(|| v.clone()));
            }
            RAction::Remove => {
                out.remove(*a);
            }
            RAction::RemoveIdx(idx) => match old {
                Some(Rv::L(x)) => {
                    let kept = x.into_iter().enumerate().filter(|(i, _)| !idx.contains(i)).map(|(_, v)| v).collect();
                    out.insert(key, Rv::L(kept));
                }
                // A list index into a missing attribute or a non-list cannot be resolved.
                _ => return Err(RErr::BadPath),
            },
            RAction::AddNum(d) => match old {
                None => {
                    out.insert(key, Rv::N(*d));
                }
                Some(Rv::N(n)) => {
                    out.insert(key, Rv::N(n + d));
                }
                Some(_) => return Err(RErr::BadType),
            },
            RAction::AddSet(s) => match old {
                None => {
                    out.insert(key, Rv::SS(s.clone()));
                }
                Some(Rv::SS(mut x)) => {
                    x.extend(s.iter().cloned());
                    out.insert(key, Rv::SS(x));
                }
                Some(_) => return Err(RErr::BadType),
            },
            RAction::DeleteSet(s) => match old {
                None => {}
                Some(Rv::SS(x)) => {
                    let rest: BTreeSet<String> = x.difference(s).cloned().collect();
                    if rest.is_empty() {
                        out.remove(*a);
                    } else {
                        out.insert(key, Rv::SS(rest));
                    }
                }
                Some(_) => return Err(RErr::BadType),
            },
        }
    }
    Ok(out)
}

/// UPDATED_OLD by hand: each updated attribute's old value, or for `REMOVE x[i], x[j]` the old list's
/// elements at those indexes (in index order), as DynamoDB projects nested paths.
fn r_updated_old(item: &BTreeMap<String, Rv>, actions: &[(&'static str, RAction)]) -> BTreeMap<String, Rv> {
    let mut out = BTreeMap::new();
    for (a, act) in actions {
        match (act, item.get(*a)) {
            (RAction::RemoveIdx(idx), Some(Rv::L(l))) => {
                let picked: Vec<Rv> = idx.iter().filter_map(|i| l.get(*i).cloned()).collect();
                if !picked.is_empty() {
                    out.insert((*a).to_string(), Rv::L(picked));
                }
            }
            (RAction::RemoveIdx(_), _) => {}
            (_, Some(v)) => {
                out.insert((*a).to_string(), v.clone());
            }
            (_, None) => {}
        }
    }
    out
}

fn render_update(actions: &[(&'static str, RAction)], values: &mut Item) -> String {
    let mut lit = |v: AttributeValue| {
        let key = format!(":u{}", values.len());
        values.insert(key.clone(), v);
        key
    };
    let (mut set, mut remove, mut add, mut delete) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for (a, act) in actions {
        match act {
            RAction::SetLit(v) => set.push(format!("{a} = {}", lit(v.to_av()))),
            RAction::Arith(plus, d) => {
                let sign = if *plus { "+" } else { "-" };
                set.push(format!("{a} = {a} {sign} {}", lit(Rv::N(*d).to_av())));
            }
            RAction::AddNum(d) => add.push(format!("{a} {}", lit(Rv::N(*d).to_av()))),
            RAction::AddSet(s) => add.push(format!("{a} {}", lit(Rv::SS(s.clone()).to_av()))),
            RAction::DeleteSet(s) => delete.push(format!("{a} {}", lit(Rv::SS(s.clone()).to_av()))),
            RAction::Remove => remove.push((*a).to_string()),
            RAction::Append(l) => set.push(format!("{a} = list_append({a}, {})", lit(Rv::L(l.clone()).to_av()))),
            RAction::IfNotExists(v) => set.push(format!("{a} = if_not_exists({a}, {})", lit(v.to_av()))),
            RAction::RemoveIdx(idx) => remove.extend(idx.iter().map(|i| format!("{a}[{i}]"))),
        }
    }
    let mut text = Vec::new();
    for (kw, list) in [("SET", set), ("REMOVE", remove), ("ADD", add), ("DELETE", delete)] {
        if !list.is_empty() {
            text.push(format!("{kw} {}", list.join(", ")));
        }
    }
    text.join(" ")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn updates_match_reference(
        item in ritem(),
        acts in proptest::collection::btree_map(attr(), raction(), 1..4),
    ) {
        let actions: Vec<(&'static str, RAction)> = acts.into_iter().collect();
        let mut values = Item::new();
        let text = render_update(&actions, &mut values);
        let compiled = compile(&ExpressionInputs {
            update_expression: Some(&text),
            values: (!values.is_empty()).then_some(&values),
            ..Default::default()
        })
        .map_err(|e| TestCaseError::fail(format!("{text}: {}", e.message())))?;
        let update = compiled.update.ok_or_else(|| TestCaseError::fail("no update"))?;
        let before = to_item(&item);
        let got = update.apply(&before);
        let want = r_apply(&item, &actions).map(|w| to_item(&w)).map_err(|e| e.message().to_string());
        prop_assert_eq!(got.map_err(|e| e.message().to_string()), want, "{} on {:?}", text, item);
    }

    /// `Update::targets` applied to the old item is UPDATED_OLD.
    #[test]
    fn updated_old_matches_reference(
        item in ritem(),
        acts in proptest::collection::btree_map(attr(), raction(), 1..4),
    ) {
        let actions: Vec<(&'static str, RAction)> = acts.into_iter().collect();
        let mut values = Item::new();
        let text = render_update(&actions, &mut values);
        let compiled = compile(&ExpressionInputs {
            update_expression: Some(&text),
            values: (!values.is_empty()).then_some(&values),
            ..Default::default()
        })
        .map_err(|e| TestCaseError::fail(format!("{text}: {}", e.message())))?;
        let update = compiled.update.ok_or_else(|| TestCaseError::fail("no update"))?;
        let got = update.targets().apply(&to_item(&item));
        prop_assert_eq!(got, to_item(&r_updated_old(&item, &actions)), "{} on {:?}", text, item);
    }

    /// Creating an item, REMOVE of a nested path is ignored: the same as the update without those
    /// actions (the reference applies it to an empty item).
    #[test]
    fn apply_to_new_ignores_nested_removes(acts in proptest::collection::btree_map(attr(), raction(), 1..4)) {
        let actions: Vec<(&'static str, RAction)> = acts.into_iter().collect();
        let mut values = Item::new();
        let text = render_update(&actions, &mut values);
        let compiled = compile(&ExpressionInputs {
            update_expression: Some(&text),
            values: (!values.is_empty()).then_some(&values),
            ..Default::default()
        })
        .map_err(|e| TestCaseError::fail(format!("{text}: {}", e.message())))?;
        let update = compiled.update.ok_or_else(|| TestCaseError::fail("no update"))?;
        let kept: Vec<(&'static str, RAction)> =
            actions.iter().filter(|(_, a)| !matches!(a, RAction::RemoveIdx(_))).cloned().collect();
        let got = update.apply_to_new(&to_item(&BTreeMap::new()));
        let want = r_apply(&BTreeMap::new(), &kept).map(|w| to_item(&w)).map_err(|e| e.message().to_string());
        prop_assert_eq!(got.map_err(|e| e.message().to_string()), want, "{}", text);
    }
}
