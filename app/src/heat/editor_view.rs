//! The workload editor: one card per access pattern, each fault shown beside its field.

use leptos::either::Either;
use leptos::prelude::*;

use super::editor::{FieldErrors, PatternForm, WorkloadForm, DISTRIBUTIONS, OPS, SHAPES};

/// Reads one field of a pattern's form.
type ReadField = fn(&PatternForm) -> String;
/// Writes one field of a pattern's form.
type WriteField = fn(&mut PatternForm, String);

fn rate_labels(shape: &str) -> [&'static str; 4] {
    match shape {
        "ramp" => ["from /s", "to /s", "", ""],
        "spike" => ["base /s", "peak /s", "at second", "for seconds"],
        "daily_wave" => ["mean /s", "amplitude /s", "period s", ""],
        _ => ["requests /s", "", "", ""],
    }
}

/// The fault of the form under `id`, while there is one: a line of its own (`paragraph`) or beside the
/// field.
#[component]
fn FieldError(errors: RwSignal<FieldErrors>, id: String, #[prop(optional)] paragraph: bool) -> impl IntoView {
    let testid = format!("error-{id}");
    move || {
        let message = errors.with(|e| e.get(&id).cloned())?;
        let testid = testid.clone();
        Some(if paragraph {
            Either::Left(view! { <p class="heat-error" role="alert" data-testid=testid>{message}</p> })
        } else {
            Either::Right(view! { <span class="heat-error" role="alert" data-testid=testid>{message}</span> })
        })
    }
}

/// One text field of pattern `index`, reporting its fault under `id`.
#[component]
fn PatternField(form: RwSignal<WorkloadForm>, errors: RwSignal<FieldErrors>, index: usize, id: String, label: &'static str, get: ReadField, set: WriteField) -> impl IntoView {
    let invalid = id.clone();
    view! {
        <label class="heat-field">
            <span>{label}</span>
            <input
                type="text"
                data-testid=format!("input-{id}")
                prop:value=move || form.with(|f| f.patterns.get(index).map(get).unwrap_or_default())
                on:input=move |ev| {
                    let v = event_target_value(&ev);
                    form.update(|f| if let Some(p) = f.patterns.get_mut(index) { set(p, v) });
                }
                aria-invalid=move || errors.with(|e| e.contains_key(&invalid)).to_string()
            />
            <FieldError errors id/>
        </label>
    }
}

/// One choice of pattern `index` among `options` (the tables change with the design loaded).
#[component]
fn PatternChoice(form: RwSignal<WorkloadForm>, index: usize, id: String, label: &'static str, #[prop(into)] options: Signal<Vec<String>>, get: ReadField, set: WriteField) -> impl IntoView {
    let options = move || {
        options
            .get()
            .into_iter()
            .map(|o| {
                let (want, text) = (o.clone(), o.clone());
                let selected = move || form.with(|f| f.patterns.get(index).map(get).as_deref() == Some(want.as_str()));
                view! { <option value=o prop:selected=selected>{text}</option> }
            })
            .collect_view()
    };
    view! {
        <label class="heat-field">
            <span>{label}</span>
            <select
                data-testid=format!("input-{id}")
                on:change=move |ev| {
                    let v = event_target_value(&ev);
                    form.update(|f| if let Some(p) = f.patterns.get_mut(index) { set(p, v) });
                }
            >
                {options}
            </select>
        </label>
    }
}

/// A field of the workload as a whole (duration, seed), its fault under `id`.
#[component]
fn WorkloadField(
    form: RwSignal<WorkloadForm>,
    errors: RwSignal<FieldErrors>,
    id: &'static str,
    label: &'static str,
    get: fn(&WorkloadForm) -> String,
    set: fn(&mut WorkloadForm, String),
) -> impl IntoView {
    view! {
        <label class="heat-field">
            <span>{label}</span>
            <input
                type="text"
                data-testid=format!("input-{id}")
                prop:value=move || form.with(get)
                on:input=move |ev| {
                    let v = event_target_value(&ev);
                    form.update(|f| set(f, v));
                }
                aria-invalid=move || (id == "duration").then(|| errors.with(|e| e.contains_key(id)).to_string())
            />
            <FieldError errors id=id.to_string()/>
        </label>
    }
}

/// The card of pattern `i`.
#[component]
fn PatternCard(form: RwSignal<WorkloadForm>, errors: RwSignal<FieldErrors>, tables: Signal<Vec<String>>, i: usize) -> impl IntoView {
    let id = move |field: &str| format!("p{i}-{field}");
    // A flag and a memo of their own, so typing in a field does not rebuild it (and lose the caret).
    let batched = Memo::new(move |_| form.with(|f| f.patterns.get(i).is_some_and(|p| p.op.starts_with("Batch") || p.op.starts_with("Transact"))));
    let shape = Memo::new(move |_| form.with(|f| f.patterns.get(i).map(|p| p.shape.clone()).unwrap_or_default()));
    let rates = move || {
        let getters: [ReadField; 4] = [|p| p.a.clone(), |p| p.b.clone(), |p| p.c.clone(), |p| p.d.clone()];
        let setters: [WriteField; 4] = [|p, v| p.a = v, |p, v| p.b = v, |p, v| p.c = v, |p, v| p.d = v];
        rate_labels(&shape.get())
            .into_iter()
            .zip(getters)
            .zip(setters)
            .enumerate()
            .filter(|(_, ((label, _), _))| !label.is_empty())
            .map(|(n, ((label, get), set))| view! { <PatternField form errors index=i id=format!("p{i}-rate{n}") label get set/> })
            .collect_view()
    };
    let remove = move |_| {
        form.update(|f| {
            if i < f.patterns.len() {
                f.patterns.remove(i);
            }
        })
    };
    view! {
        <fieldset class="heat-pattern" data-testid=format!("pattern-{i}")>
            <legend>{move || form.with(|f| f.patterns.get(i).map(|p| p.name.clone()).unwrap_or_default())}</legend>
            <div class="heat-row">
                <PatternField form errors index=i id=id("name") label="name" get=|p| p.name.clone() set=|p, v| p.name = v/>
                <PatternChoice form index=i id=id("table-select") label="table" options=tables get=|p| p.table.clone() set=|p, v| p.table = v/>
                <PatternChoice
                    form
                    index=i
                    id=id("op")
                    label="operation"
                    options=Signal::stored(OPS.iter().map(|o| o.0.to_string()).collect())
                    get=|p| p.op.clone()
                    set=|p, v| p.op = v
                />
                <PatternField form errors index=i id=id("index") label="index (Query)" get=|p| p.index.clone() set=|p, v| p.index = v/>
                <Show when=move || batched.get()>
                    <PatternField form errors index=i id=id("batch") label="items per request" get=|p| p.batch.clone() set=|p, v| p.batch = v/>
                </Show>
            </div>
            <FieldError errors id=id("table") paragraph=true/>
            <div class="heat-row">
                <PatternField form errors index=i id=id("key") label="key templates" get=|p| p.key.clone() set=|p, v| p.key = v/>
                <PatternField form errors index=i id=id("item") label="other attributes" get=|p| p.item.clone() set=|p, v| p.item = v/>
            </div>
            <div class="heat-row">
                <PatternField form errors index=i id=id("keys") label="distinct ids" get=|p| p.key_count.clone() set=|p, v| p.key_count = v/>
                <PatternField form errors index=i id=id("bytes") label="item bytes" get=|p| p.item_bytes.clone() set=|p, v| p.item_bytes = v/>
                <PatternChoice
                    form
                    index=i
                    id=id("distribution")
                    label="key distribution"
                    options=Signal::stored(DISTRIBUTIONS.iter().map(|s| s.to_string()).collect())
                    get=|p| p.distribution.clone()
                    set=|p, v| p.distribution = v
                />
                <PatternField form errors index=i id=id("dist") label="Zipf s / hot key %" get=|p| p.dist_param.clone() set=|p, v| p.dist_param = v/>
            </div>
            <div class="heat-row">
                <PatternChoice
                    form
                    index=i
                    id=id("shape")
                    label="rate shape"
                    options=Signal::stored(SHAPES.iter().map(|s| s.to_string()).collect())
                    get=|p| p.shape.clone()
                    set=|p, v| p.shape = v
                />
                {rates}
            </div>
            <FieldError errors id=id("rate") paragraph=true/>
            <FieldError errors id=format!("p{i}") paragraph=true/>
            <button type="button" class="heat-link" data-testid=format!("remove-pattern-{i}") on:click=remove>
                "Remove pattern"
            </button>
        </fieldset>
    }
}

/// What the seed is, for the field and the read-only summary.
const SEED_HINT: &str = "duration: simulated seconds, each second's requests priced and placed on partitions. seed: the starting point of the simulator's random draws (which ids each request picks, where a rate has randomness): the same seed, design and workload replay exactly the same run; another seed draws other ids.";

/// The workload as text, for a read-only embed: what will run, with nothing to change.
#[component]
pub fn WorkloadSummary(form: RwSignal<WorkloadForm>, errors: RwSignal<FieldErrors>) -> impl IntoView {
    let patterns = move || {
        form.with(|f| {
            f.patterns
                .iter()
                .map(|p| {
                    let on = if p.index.is_empty() { p.table.clone() } else { format!("{} · {}", p.table, p.index) };
                    let keys = if p.key.is_empty() { String::new() } else { format!(", keys {}", p.key) };
                    let line = format!("{}: {} on {on}{keys}, {} shape from {} requests/s over {} ids", p.name, p.op, p.shape, p.a, p.key_count);
                    view! { <li>{line}</li> }
                })
                .collect_view()
        })
    };
    view! {
        <section class="heat-editor" aria-labelledby="heat-editor-title" data-testid="workload-summary">
            <h3 id="heat-editor-title">"Workload"</h3>
            <p data-testid="workload-summary-figures">{move || form.with(|f| format!("{} simulated seconds, seed {}", f.duration, f.seed))}</p>
            <p class="heat-hint">{SEED_HINT}</p>
            <ul class="heat-reasons">{patterns}</ul>
            // Nothing here can be edited, so what stops a run is said in one place.
            {move || errors.with(|e| e.values().map(|m| view! { <p class="heat-error" role="alert">{m.clone()}</p> }).collect_view())}
        </section>
    }
}

/// The workload: its duration and seed, and a card per access pattern.
#[component]
pub fn WorkloadEditor(form: RwSignal<WorkloadForm>, errors: RwSignal<FieldErrors>, tables: Signal<Vec<String>>) -> impl IntoView {
    let count = Memo::new(move |_| form.with(|f| f.patterns.len()));
    let add = move |_| {
        form.update(|f| {
            let table = tables.get_untracked().first().cloned().unwrap_or_default();
            let mut p = PatternForm::blank(&table, "PK");
            p.name = format!("pattern {}", f.patterns.len() + 1);
            f.patterns.push(p);
        })
    };
    view! {
        <section class="heat-editor" aria-labelledby="heat-editor-title" data-testid="workload-editor">
            <h3 id="heat-editor-title">"Workload"</h3>
            <div class="heat-row">
                <WorkloadField form errors id="duration" label="duration (s)" get=|f| f.duration.clone() set=|f, v| f.duration = v/>
                <WorkloadField form errors id="seed" label="seed" get=|f| f.seed.clone() set=|f, v| f.seed = v/>
            </div>
            <p class="heat-hint" data-testid="seed-hint">{SEED_HINT}</p>
            <FieldError errors id=String::from("workload") paragraph=true/>
            <For each=move || 0..count.get() key=|i| *i children=move |i| view! { <PatternCard form errors tables i/> }/>
            <button type="button" data-testid="add-pattern" on:click=add>
                "Add access pattern"
            </button>
        </section>
    }
}
