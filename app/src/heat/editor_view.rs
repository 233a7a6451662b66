//! The workload editor: one card per access pattern, each fault shown beside its field.

use super::editor::{FieldErrors, PatternForm, WorkloadForm, DISTRIBUTIONS, OPS, SHAPES};
use crate::ui::prelude::*;

fn rate_labels(shape: &str) -> [&'static str; 4] {
    match shape {
        "ramp" => ["from /s", "to /s", "", ""],
        "spike" => ["base /s", "peak /s", "at second", "for seconds"],
        "daily_wave" => ["mean /s", "amplitude /s", "period s", ""],
        _ => ["requests /s", "", "", ""],
    }
}

/// A fault of the form under `id`, shown as `tag` while there is one.
fn error_at(errors: RwSignal<FieldErrors>, tag: &'static str, id: String) -> View {
    dynamic(move || errors.with(|e| e.get(&id).cloned()).map(|m| el(tag).class("heat-error").attr("role", "alert").tid(&format!("error-{id}")).text(&m)).into())
}

/// One text field of pattern `index`, reporting its fault under `id`.
fn field(form: RwSignal<WorkloadForm>, errors: RwSignal<FieldErrors>, id: String, label: &str, index: usize, get: fn(&PatternForm) -> String, set: fn(&mut PatternForm, String)) -> El {
    let has = id.clone();
    el("label")
        .class("heat-field")
        .child(el("span").text(label))
        .child(
            el("input")
                .ty("text")
                .tid(&format!("input-{id}"))
                .dyn_value(move || form.with(|f| f.patterns.get(index).map(get).unwrap_or_default()))
                .on_input(move |v| form.update(|f| if let Some(p) = f.patterns.get_mut(index) { set(p, v) }))
                .dyn_attr("aria-invalid", move || Some(errors.with(|e| e.contains_key(&has)).to_string())),
        )
        .child(error_at(errors, "span", id))
}

/// One choice of pattern `index` among `options`.
fn select(form: RwSignal<WorkloadForm>, id: &str, label: &str, options: Vec<String>, index: usize, get: fn(&PatternForm) -> String, set: fn(&mut PatternForm, String)) -> El {
    el("label").class("heat-field").child(el("span").text(label)).child(
        el("select").tid(&format!("input-{id}")).on_change(move |v| form.update(|f| if let Some(p) = f.patterns.get_mut(index) { set(p, v) })).children(
            options.into_iter().map(|o| {
                let want = o.clone();
                el("option").attr("value", &o).dyn_prop_bool("selected", move || form.with(|f| f.patterns.get(index).map(get).as_deref() == Some(want.as_str()))).text(&o)
            }),
        ),
    )
}

/// A top-level field of the workload (duration, seed), its fault under `id`.
fn workload_field(form: RwSignal<WorkloadForm>, errors: RwSignal<FieldErrors>, id: &'static str, label: &str, get: fn(&WorkloadForm) -> String, set: fn(&mut WorkloadForm, String)) -> El {
    el("label")
        .class("heat-field")
        .child(el("span").text(label))
        .child(
            el("input")
                .ty("text")
                .tid(&format!("input-{id}"))
                .dyn_value(move || form.with(get))
                .on_input(move |v| form.update(|f| set(f, v)))
                .dyn_attr("aria-invalid", move || (id == "duration").then(|| errors.with(|e| e.contains_key(id)).to_string())),
        )
        .child(error_at(errors, "span", id.to_string()))
}

/// The card of pattern `i`.
fn pattern_card(form: RwSignal<WorkloadForm>, errors: RwSignal<FieldErrors>, tables: Signal<Vec<String>>, i: usize) -> View {
    let f = |id: &str, label: &str, get: fn(&PatternForm) -> String, set: fn(&mut PatternForm, String)| field(form, errors, format!("p{i}-{id}"), label, i, get, set);
    // A flag of its own, so typing in the field does not rebuild it (and lose the caret).
    let batched = move || form.with(|f| f.patterns.get(i).is_some_and(|p| p.op.starts_with("Batch") || p.op.starts_with("Transact")));
    let shape = Memo::new(move |_| form.with(|f| f.patterns.get(i).map(|p| p.shape.clone()).unwrap_or_default()));
    let getters: [fn(&PatternForm) -> String; 4] = [|p| p.a.clone(), |p| p.b.clone(), |p| p.c.clone(), |p| p.d.clone()];
    let setters: [fn(&mut PatternForm, String); 4] = [|p, v| p.a = v, |p, v| p.b = v, |p, v| p.c = v, |p, v| p.d = v];
    el("fieldset")
        .class("heat-pattern")
        .tid(&format!("pattern-{i}"))
        .child(el("legend").dyn_text(move || form.with(|f| f.patterns.get(i).map(|p| p.name.clone()).unwrap_or_default())))
        .child(
            el("div")
                .class("heat-row")
                .child(f("name", "name", |p| p.name.clone(), |p, v| p.name = v))
                .child(select(form, &format!("p{i}-table-select"), "table", tables.get_untracked(), i, |p| p.table.clone(), |p, v| p.table = v))
                .child(select(form, &format!("p{i}-op"), "operation", OPS.iter().map(|o| o.0.to_string()).collect(), i, |p| p.op.clone(), |p, v| p.op = v))
                .child(f("index", "index (Query)", |p| p.index.clone(), |p, v| p.index = v))
                .child(show(batched, move || field(form, errors, format!("p{i}-batch"), "items per request", i, |p| p.batch.clone(), |p, v| p.batch = v).into())),
        )
        .child(error_at(errors, "p", format!("p{i}-table")))
        .child(
            el("div")
                .class("heat-row")
                .child(f("key", "key templates", |p| p.key.clone(), |p, v| p.key = v))
                .child(f("item", "other attributes", |p| p.item.clone(), |p, v| p.item = v)),
        )
        .child(
            el("div")
                .class("heat-row")
                .child(f("keys", "distinct ids", |p| p.key_count.clone(), |p, v| p.key_count = v))
                .child(f("bytes", "item bytes", |p| p.item_bytes.clone(), |p, v| p.item_bytes = v))
                .child(select(form, &format!("p{i}-distribution"), "key distribution", DISTRIBUTIONS.iter().map(|s| s.to_string()).collect(), i, |p| p.distribution.clone(), |p, v| p.distribution = v))
                .child(f("dist", "Zipf s / hot key %", |p| p.dist_param.clone(), |p, v| p.dist_param = v)),
        )
        .child(
            el("div")
                .class("heat-row")
                .child(select(form, &format!("p{i}-shape"), "rate shape", SHAPES.iter().map(|s| s.to_string()).collect(), i, |p| p.shape.clone(), |p, v| p.shape = v))
                .dyn_child(move || {
                    let labels = rate_labels(&shape.get());
                    let fields: Vec<El> = labels
                        .into_iter()
                        .zip(getters)
                        .zip(setters)
                        .enumerate()
                        .filter(|(_, ((l, _), _))| !l.is_empty())
                        .map(|(n, ((l, g), s))| field(form, errors, format!("p{i}-rate{n}"), l, i, g, s))
                        .collect();
                    fields.into()
                }),
        )
        .child(error_at(errors, "p", format!("p{i}-rate")))
        .child(error_at(errors, "p", format!("p{i}")))
        .child(
            el("button")
                .ty("button")
                .class("heat-link")
                .tid(&format!("remove-pattern-{i}"))
                .on_click(move |_| {
                    form.update(|f| {
                        if i < f.patterns.len() {
                            f.patterns.remove(i);
                        }
                    })
                })
                .text("Remove pattern"),
        )
        .into()
}

pub fn workload_editor(form: RwSignal<WorkloadForm>, errors: RwSignal<FieldErrors>, tables: Signal<Vec<String>>) -> View {
    let count = move || form.with(|f| f.patterns.len());
    el("section")
        .class("heat-editor")
        .attr("aria-labelledby", "heat-editor-title")
        .tid("workload-editor")
        .child(el("h3").id("heat-editor-title").text("Workload"))
        .child(
            el("div")
                .class("heat-row")
                .child(workload_field(form, errors, "duration", "duration (s)", |f| f.duration.clone(), |f, v| f.duration = v))
                .child(workload_field(form, errors, "seed", "seed", |f| f.seed.clone(), |f, v| f.seed = v)),
        )
        .child(error_at(errors, "p", String::from("workload")))
        .child(each(move || (0..count()).collect(), |i| *i, move |i| pattern_card(form, errors, tables, i)))
        .child(
            el("button")
                .ty("button")
                .tid("add-pattern")
                .on_click(move |_| {
                    form.update(|f| {
                        let table = tables.get_untracked().first().cloned().unwrap_or_default();
                        let mut p = PatternForm::blank(&table, "PK");
                        p.name = format!("pattern {}", f.patterns.len() + 1);
                        f.patterns.push(p);
                    })
                })
                .text("Add access pattern"),
        )
        .into()
}
