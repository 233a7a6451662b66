//! The Query builder's key condition on a GSI with a multi-attribute key: a value for every HASH
//! attribute, and a value for each RANGE attribute in the key's order, the operator applying to the last
//! one given. The condition is written with one placeholder per attribute (`#pk = :pk AND #pk2 = :pk2 …
//! AND #sk1 = :sk1 AND #sk2 < :sk2`, the names `advisor::builder_form` uses), and read back from that
//! form. A gap (a RANGE attribute left empty before one that has a value) is still written as typed, so
//! running it shows DynamoDB's own refusal; [`gap_explanation`] says beforehand why it is refused.

use advisor::builder_form::{hash_placeholder, range_placeholder};
use serde_json::{json, Map, Value};

use super::builder_state::{Builder, KeyInfo, SortOp};
use super::words::{KeyGap, Unshowable};

/// Whether the keys are a multi-attribute key (several HASH or several RANGE attributes).
pub fn is_multi(keys: &KeyInfo) -> bool {
    !keys.more_partitions.is_empty() || !keys.more_sorts.is_empty()
}

/// The RANGE attributes in order, with their types.
pub fn range_attrs(keys: &KeyInfo) -> Vec<(String, String)> {
    keys.sort.iter().cloned().chain(keys.more_sorts.iter().cloned()).collect()
}

/// What the user typed for RANGE attribute `j`.
pub fn range_value(b: &Builder, j: usize) -> String {
    if j == 0 {
        b.sk.clone()
    } else {
        b.sk_more.get(j - 1).cloned().unwrap_or_default()
    }
}

/// Set what the user typed for RANGE attribute `j`.
pub fn set_range_value(b: &mut Builder, j: usize, v: String) {
    if j == 0 {
        b.sk = v;
    } else {
        if b.sk_more.len() < j {
            b.sk_more.resize(j, String::new());
        }
        b.sk_more[j - 1] = v;
    }
}

/// What the user typed for HASH attribute `i` (0 is the partition key field).
pub fn hash_value(b: &Builder, i: usize) -> String {
    if i == 0 {
        b.pk.clone()
    } else {
        b.pk_more.get(i - 1).cloned().unwrap_or_default()
    }
}

/// Set what the user typed for HASH attribute `i`.
pub fn set_hash_value(b: &mut Builder, i: usize, v: String) {
    if i == 0 {
        b.pk = v;
    } else {
        if b.pk_more.len() < i {
            b.pk_more.resize(i, String::new());
        }
        b.pk_more[i - 1] = v;
    }
}

fn typed(t: &str, text: &str) -> Value {
    json!({ t: text })
}

/// The key condition the controls describe, its names and values added to `names` / `values`.
pub fn key_condition(keys: &KeyInfo, b: &Builder, names: &mut Map<String, Value>, values: &mut Map<String, Value>) -> String {
    let mut parts: Vec<String> = Vec::new();
    let hash: Vec<(String, String)> = std::iter::once((keys.partition.clone(), keys.partition_type.clone())).chain(keys.more_partitions.iter().cloned()).collect();
    for (i, (name, ty)) in hash.iter().enumerate() {
        let (n, p) = hash_placeholder(i);
        parts.push(format!("{n} = {p}"));
        names.insert(n, Value::String(name.clone()));
        values.insert(p, typed(ty, &hash_value(b, i)));
    }
    let range = range_attrs(keys);
    if range.len() == 1 {
        // One RANGE attribute: the operator decides whether it has a condition, as on any index.
        if b.sort_op != SortOp::None {
            let (name, ty) = &range[0];
            names.insert("#sk".into(), Value::String(name.clone()));
            values.insert(":sk".into(), typed(ty, &b.sk));
            parts.push(condition(b.sort_op, "#sk", ":sk", ":sk2"));
            if b.sort_op == SortOp::Between {
                values.insert(":sk2".into(), typed(ty, &b.sk2));
            }
        }
        return parts.join(" AND ");
    }
    let given: Vec<usize> = (0..range.len()).filter(|j| !range_value(b, *j).trim().is_empty()).collect();
    for (at, &j) in given.iter().enumerate() {
        let (name, ty) = &range[j];
        let (n, p) = range_placeholder(j, range.len());
        let last = at + 1 == given.len();
        let op = if last && b.sort_op != SortOp::None { b.sort_op } else { SortOp::Eq };
        names.insert(n.clone(), Value::String(name.clone()));
        values.insert(p.clone(), typed(ty, &range_value(b, j)));
        parts.push(condition(op, &n, &p, ":upper"));
        if op == SortOp::Between {
            values.insert(":upper".into(), typed(ty, &b.sk2));
        }
    }
    parts.join(" AND ")
}

fn condition(op: SortOp, n: &str, p: &str, upper: &str) -> String {
    match op {
        SortOp::Between => format!("{n} BETWEEN {p} AND {upper}"),
        SortOp::BeginsWith => format!("begins_with({n}, {p})"),
        SortOp::None | SortOp::Eq => format!("{n} = {p}"),
        other => format!("{n} {} {p}", other.slug()),
    }
}

/// Why DynamoDB will refuse the key condition the controls describe, before it is run: a HASH
/// attribute without a value, or a RANGE attribute without a value before one that has a value. The view
/// words it in the page's language ([`KeyGap::text`]).
pub fn gap_explanation(keys: &KeyInfo, b: &Builder) -> Option<KeyGap> {
    if !is_multi(keys) {
        return None;
    }
    let hash: Vec<String> = std::iter::once(keys.partition.clone()).chain(keys.more_partitions.iter().map(|(n, _)| n.clone())).collect();
    if let Some(i) = (0..hash.len()).find(|i| hash_value(b, *i).trim().is_empty()) {
        return Some(KeyGap::NoHashValue { missing: hash[i].clone(), hash });
    }
    let range = range_attrs(keys);
    if range.len() < 2 {
        return None;
    }
    let given: Vec<bool> = (0..range.len()).map(|j| !range_value(b, j).trim().is_empty()).collect();
    let later = given.iter().rposition(|g| *g)?;
    let gap = given[..later].iter().position(|g| !g)?;
    Some(KeyGap::RangeGap { missing: range[gap].0.clone(), given: range[later].0.clone(), range: range.into_iter().map(|(n, _)| n).collect() })
}

/// Read the multi-attribute form back into the controls, taking the placeholders it uses out of
/// `names` / `values`; why not, when the condition is not of the form [`key_condition`] writes.
pub fn read(c: &str, keys: &KeyInfo, names: &mut Map<String, Value>, values: &mut Map<String, Value>, b: &mut Builder) -> Result<(), Unshowable> {
    let cant = || Unshowable::KeyConditionForm(c.to_string());
    let tokens: Vec<&str> = c.split_whitespace().collect();
    let hash: Vec<(String, String)> = std::iter::once((keys.partition.clone(), keys.partition_type.clone())).chain(keys.more_partitions.iter().cloned()).collect();
    let range = range_attrs(keys);
    let mut take = |placeholder: &str, t: &str| -> Result<String, Unshowable> {
        let v = values.remove(placeholder).ok_or_else(cant)?;
        v.get(t).and_then(Value::as_str).map(String::from).ok_or_else(|| Unshowable::WrongType { placeholder: placeholder.to_string(), kind: t.to_string() })
    };
    let mut named = |n: &str, attr: &str| names.remove(n).and_then(|v| v.as_str().map(String::from)).as_deref() == Some(attr);
    let mut at = 0;
    let mut clauses: Vec<&[&str]> = Vec::new();
    while at < tokens.len() {
        let len = if tokens.get(at + 1) == Some(&"BETWEEN") { 5 } else if tokens[at].starts_with("begins_with(") { 2 } else { 3 };
        let clause = tokens.get(at..at + len).ok_or_else(cant)?;
        clauses.push(clause);
        at += len;
        match tokens.get(at) {
            Some(&"AND") => at += 1,
            None => {}
            Some(_) => return Err(cant()),
        }
    }
    let mut clauses = clauses.into_iter();
    for (i, (attr, ty)) in hash.iter().enumerate() {
        let (n, p) = hash_placeholder(i);
        match clauses.next() {
            Some([a, "=", v]) if *a == n && *v == p && named(&n, attr) => set_hash_value(b, i, take(&p, ty)?),
            _ => return Err(cant()),
        }
    }
    let rest: Vec<&[&str]> = clauses.collect();
    if rest.len() > range.len() {
        return Err(cant());
    }
    let upper = if range.len() <= 1 { ":sk2" } else { ":upper" };
    for (j, clause) in rest.iter().enumerate() {
        let (attr, ty) = &range[j];
        let (n, p) = range_placeholder(j, range.len());
        let begins = format!("begins_with({n},");
        let closing = format!("{p})");
        let op = match *clause {
            [a, "BETWEEN", v, "AND", u] if *a == n && *v == p && *u == upper => SortOp::Between,
            [f, v] if *f == begins && *v == closing => SortOp::BeginsWith,
            [a, op, v] if *a == n && *v == p && !matches!(*op, "BETWEEN" | "begins_with") && SortOp::from_slug(op) != SortOp::None => SortOp::from_slug(op),
            _ => return Err(cant()),
        };
        if !named(&n, attr) || (j + 1 < rest.len() && op != SortOp::Eq) {
            return Err(cant());
        }
        set_range_value(b, j, take(&p, ty)?);
        if j + 1 == rest.len() {
            b.sort_op = op;
            if op == SortOp::Between {
                b.sk2 = take(upper, ty)?;
            }
        }
    }
    Ok(())
}
