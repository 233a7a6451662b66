//! The workload editor: one card per access pattern, each fault shown beside its field.

use leptos::either::Either;
use leptos::prelude::*;

use super::editor::{FieldErrors, PatternForm, WorkloadForm, DISTRIBUTIONS, OPS, SHAPES};
use crate::i18n::{t, td_string, use_i18n, Locale};

/// A field's label in a language.
type Label = fn(Locale) -> &'static str;

/// Reads one field of a pattern's form.
type ReadField = fn(&PatternForm) -> String;
/// Writes one field of a pattern's form.
type WriteField = fn(&mut PatternForm, String);

fn rate_labels(shape: &str) -> [Option<Label>; 4] {
    match shape {
        "ramp" => [Some(|l| td_string!(l, heat.rate_from)), Some(|l| td_string!(l, heat.rate_to)), None, None],
        "spike" => [Some(|l| td_string!(l, heat.rate_base)), Some(|l| td_string!(l, heat.rate_peak)), Some(|l| td_string!(l, heat.rate_at)), Some(|l| td_string!(l, heat.rate_for))],
        "daily_wave" => [Some(|l| td_string!(l, heat.rate_mean)), Some(|l| td_string!(l, heat.rate_amplitude)), Some(|l| td_string!(l, heat.rate_period)), None],
        _ => [Some(|l| td_string!(l, heat.rate_requests)), None, None, None],
    }
}

/// The fault of the form under `id`, while there is one: a line of its own (`paragraph`) or beside the
/// field.
#[component]
fn FieldError(errors: RwSignal<FieldErrors>, id: String, #[prop(optional)] paragraph: bool) -> impl IntoView {
    let testid = format!("error-{id}");
    let i18n = use_i18n();
    move || {
        let locale = i18n.get_locale();
        let message = errors.with(|e| e.get(&id).map(|f| f.text(locale)))?;
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
fn PatternField(form: RwSignal<WorkloadForm>, errors: RwSignal<FieldErrors>, index: usize, id: String, label: Label, get: ReadField, set: WriteField) -> impl IntoView {
    let invalid = id.clone();
    let i18n = use_i18n();
    view! {
        <label class="heat-field">
            <span>{move || label(i18n.get_locale())}</span>
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
fn PatternChoice(form: RwSignal<WorkloadForm>, index: usize, id: String, label: Label, #[prop(into)] options: Signal<Vec<String>>, get: ReadField, set: WriteField) -> impl IntoView {
    let i18n = use_i18n();
    let label = move || label(i18n.get_locale());
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
    label: Label,
    get: fn(&WorkloadForm) -> String,
    set: fn(&mut WorkloadForm, String),
) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <label class="heat-field">
            <span>{move || label(i18n.get_locale())}</span>
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
    let i18n = use_i18n();
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
            .filter_map(|(n, ((label, get), set))| label.map(|label| (n, ((label, get), set))))
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
                <PatternField form errors index=i id=id("name") label=|l| td_string!(l, heat.name) get=|p| p.name.clone() set=|p, v| p.name = v/>
                <PatternChoice form index=i id=id("table-select") label=|l| td_string!(l, heat.table) options=tables get=|p| p.table.clone() set=|p, v| p.table = v/>
                <PatternChoice
                    form
                    index=i
                    id=id("op")
                    label=|l| td_string!(l, heat.operation)
                    options=Signal::stored(OPS.iter().map(|o| o.0.to_string()).collect())
                    get=|p| p.op.clone()
                    set=|p, v| p.op = v
                />
                <PatternField form errors index=i id=id("index") label=|l| td_string!(l, heat.index) get=|p| p.index.clone() set=|p, v| p.index = v/>
                <Show when=move || batched.get()>
                    <PatternField form errors index=i id=id("batch") label=|l| td_string!(l, heat.batch) get=|p| p.batch.clone() set=|p, v| p.batch = v/>
                </Show>
            </div>
            <FieldError errors id=id("table") paragraph=true/>
            <div class="heat-row">
                <PatternField form errors index=i id=id("key") label=|l| td_string!(l, heat.key) get=|p| p.key.clone() set=|p, v| p.key = v/>
                <PatternField form errors index=i id=id("item") label=|l| td_string!(l, heat.item) get=|p| p.item.clone() set=|p, v| p.item = v/>
            </div>
            <div class="heat-row">
                <PatternField form errors index=i id=id("keys") label=|l| td_string!(l, heat.keys) get=|p| p.key_count.clone() set=|p, v| p.key_count = v/>
                <PatternField form errors index=i id=id("bytes") label=|l| td_string!(l, heat.bytes) get=|p| p.item_bytes.clone() set=|p, v| p.item_bytes = v/>
                <PatternChoice
                    form
                    index=i
                    id=id("distribution")
                    label=|l| td_string!(l, heat.distribution)
                    options=Signal::stored(DISTRIBUTIONS.iter().map(|s| s.to_string()).collect())
                    get=|p| p.distribution.clone()
                    set=|p, v| p.distribution = v
                />
                <PatternField form errors index=i id=id("dist") label=|l| td_string!(l, heat.dist_param) get=|p| p.dist_param.clone() set=|p, v| p.dist_param = v/>
            </div>
            <div class="heat-row">
                <PatternChoice
                    form
                    index=i
                    id=id("shape")
                    label=|l| td_string!(l, heat.shape)
                    options=Signal::stored(SHAPES.iter().map(|s| s.to_string()).collect())
                    get=|p| p.shape.clone()
                    set=|p, v| p.shape = v
                />
                {rates}
            </div>
            <FieldError errors id=id("rate") paragraph=true/>
            <FieldError errors id=format!("p{i}") paragraph=true/>
            <button type="button" class="heat-link" data-testid=format!("remove-pattern-{i}") on:click=remove>
                {t!(i18n, heat.remove_pattern)}
            </button>
        </fieldset>
    }
}


/// The workload as text, for a read-only embed: what will run, with nothing to change.
#[component]
pub fn WorkloadSummary(form: RwSignal<WorkloadForm>, errors: RwSignal<FieldErrors>) -> impl IntoView {
    let i18n = use_i18n();
    let patterns = move || {
        let locale = i18n.get_locale();
        form.with(|f| {
            f.patterns
                .iter()
                .map(|p| {
                    let on = if p.index.is_empty() { p.table.clone() } else { format!("{} · {}", p.table, p.index) };
                    let (name, op, shape, rate, ids) = (p.name.clone(), p.op.clone(), p.shape.clone(), p.a.clone(), p.key_count.clone());
                    let line = if p.key.is_empty() {
                        td_string!(locale, heat.summary_line, name, op, on, shape, rate, ids).to_string()
                    } else {
                        td_string!(locale, heat.summary_line_keys, name, op, on, keys = p.key.clone(), shape, rate, ids).to_string()
                    };
                    view! { <li>{line}</li> }
                })
                .collect_view()
        })
    };
    view! {
        <section class="heat-editor" aria-labelledby="heat-editor-title" data-testid="workload-summary">
            <h3 id="heat-editor-title">{t!(i18n, heat.workload)}</h3>
            <p data-testid="workload-summary-figures">
                {move || form.with(|f| td_string!(i18n.get_locale(), heat.summary_figures, seconds = f.duration.clone(), seed = f.seed.clone()).to_string())}
            </p>
            <p class="heat-hint">{t!(i18n, heat.seed_hint)}</p>
            <ul class="heat-reasons">{patterns}</ul>
            // Nothing here can be edited, so what stops a run is said in one place.
            {move || {
                let locale = i18n.get_locale();
                errors.with(|e| e.values().map(|m| view! { <p class="heat-error" role="alert">{m.text(locale)}</p> }).collect_view())
            }}
        </section>
    }
}

/// The workload: its duration and seed, and a card per access pattern.
#[component]
pub fn WorkloadEditor(form: RwSignal<WorkloadForm>, errors: RwSignal<FieldErrors>, tables: Signal<Vec<String>>) -> impl IntoView {
    let count = Memo::new(move |_| form.with(|f| f.patterns.len()));
    let i18n = use_i18n();
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
            <h3 id="heat-editor-title">{t!(i18n, heat.workload)}</h3>
            <div class="heat-row">
                <WorkloadField form errors id="duration" label=|l| td_string!(l, heat.duration) get=|f| f.duration.clone() set=|f, v| f.duration = v/>
                <WorkloadField form errors id="seed" label=|l| td_string!(l, heat.seed) get=|f| f.seed.clone() set=|f, v| f.seed = v/>
            </div>
            <p class="heat-hint" data-testid="seed-hint">{t!(i18n, heat.seed_hint)}</p>
            <FieldError errors id=String::from("workload") paragraph=true/>
            <For each=move || 0..count.get() key=|i| *i children=move |i| view! { <PatternCard form errors tables i/> }/>
            <button type="button" data-testid="add-pattern" on:click=add>
                {t!(i18n, heat.add_pattern)}
            </button>
        </section>
    }
}
