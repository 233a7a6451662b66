//! The workload editor: one card per access pattern, each fault shown beside its field.

use leptos::prelude::*;

use super::editor::{FieldErrors, PatternForm, WorkloadForm, DISTRIBUTIONS, OPS, SHAPES};

fn rate_labels(shape: &str) -> [&'static str; 4] {
    match shape {
        "ramp" => ["from /s", "to /s", "", ""],
        "spike" => ["base /s", "peak /s", "at second", "for seconds"],
        "daily_wave" => ["mean /s", "amplitude /s", "period s", ""],
        _ => ["requests /s", "", "", ""],
    }
}

#[component]
fn Field(
    form: RwSignal<WorkloadForm>,
    errors: RwSignal<FieldErrors>,
    /// The error id this input reports under.
    id: String,
    label: &'static str,
    get: fn(&PatternForm) -> String,
    set: fn(&mut PatternForm, String),
    index: usize,
) -> impl IntoView {
    let err_id = id.clone();
    let has = id.clone();
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
                aria-invalid=move || errors.with(|e| e.contains_key(&has)).to_string()
            />
            {move || errors.with(|e| e.get(&err_id).cloned()).map(|m| view! { <span class="heat-error" role="alert" data-testid=format!("error-{}", err_id)>{m}</span> })}
        </label>
    }
}

#[component]
fn Select(
    form: RwSignal<WorkloadForm>,
    id: String,
    label: &'static str,
    options: Vec<String>,
    get: fn(&PatternForm) -> String,
    set: fn(&mut PatternForm, String),
    index: usize,
) -> impl IntoView {
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
                {options.into_iter().map(|o| {
                    let want = o.clone();
                    let sel = move || form.with(|f| f.patterns.get(index).map(get).as_deref() == Some(want.as_str()));
                    let text = o.clone();
                    view! { <option value=o selected=sel>{text}</option> }
                }).collect_view()}
            </select>
        </label>
    }
}

#[component]
pub fn WorkloadEditor(form: RwSignal<WorkloadForm>, errors: RwSignal<FieldErrors>, tables: Signal<Vec<String>>) -> impl IntoView {
    let count = move || form.with(|f| f.patterns.len());
    view! {
        <section class="heat-editor" aria-labelledby="heat-editor-title" data-testid="workload-editor">
            <h3 id="heat-editor-title">"Workload"</h3>
            <div class="heat-row">
                <label class="heat-field">
                    <span>"duration (s)"</span>
                    <input type="text" data-testid="input-duration"
                        prop:value=move || form.with(|f| f.duration.clone())
                        on:input=move |ev| form.update(|f| f.duration = event_target_value(&ev))
                        aria-invalid=move || errors.with(|e| e.contains_key("duration")).to_string()/>
                    {move || errors.with(|e| e.get("duration").cloned()).map(|m| view! { <span class="heat-error" role="alert" data-testid="error-duration">{m}</span> })}
                </label>
                <label class="heat-field">
                    <span>"seed"</span>
                    <input type="text" data-testid="input-seed"
                        prop:value=move || form.with(|f| f.seed.clone())
                        on:input=move |ev| form.update(|f| f.seed = event_target_value(&ev))/>
                    {move || errors.with(|e| e.get("seed").cloned()).map(|m| view! { <span class="heat-error" role="alert" data-testid="error-seed">{m}</span> })}
                </label>
            </div>
            {move || errors.with(|e| e.get("workload").cloned()).map(|m| view! { <p class="heat-error" role="alert" data-testid="error-workload">{m}</p> })}
            <For each=move || 0..count() key=|i| *i let:i>
                <fieldset class="heat-pattern" data-testid=format!("pattern-{i}")>
                    <legend>{move || form.with(|f| f.patterns.get(i).map(|p| p.name.clone()).unwrap_or_default())}</legend>
                    <div class="heat-row">
                        <Field form errors id=format!("p{i}-name") label="name" index=i get=|p| p.name.clone() set=|p, v| p.name = v/>
                        <Select form id=format!("p{i}-table-select") label="table" index=i
                            options=tables.get_untracked()
                            get=|p| p.table.clone() set=|p, v| p.table = v/>
                        <Select form id=format!("p{i}-op") label="operation" index=i options=OPS.iter().map(|o| o.0.to_string()).collect()
                            get=|p| p.op.clone() set=|p, v| p.op = v/>
                        <Field form errors id=format!("p{i}-index") label="index (Query)" index=i get=|p| p.index.clone() set=|p, v| p.index = v/>
                        // A memo, so typing in the field does not rebuild it (and lose the caret).
                        {let batched = Memo::new(move |_| form.with(|f| f.patterns.get(i).is_some_and(|p| p.op.starts_with("Batch") || p.op.starts_with("Transact"))));
                        move || batched.get().then(|| view! {
                            <Field form errors id=format!("p{i}-batch") label="items per request" index=i get=|p| p.batch.clone() set=|p, v| p.batch = v/>
                        })}
                    </div>
                    {move || errors.with(|e| e.get(&format!("p{i}-table")).cloned()).map(|m| view! { <p class="heat-error" role="alert" data-testid=format!("error-p{i}-table")>{m}</p> })}
                    <div class="heat-row">
                        <Field form errors id=format!("p{i}-key") label="key templates" index=i get=|p| p.key.clone() set=|p, v| p.key = v/>
                        <Field form errors id=format!("p{i}-item") label="other attributes" index=i get=|p| p.item.clone() set=|p, v| p.item = v/>
                    </div>
                    <div class="heat-row">
                        <Field form errors id=format!("p{i}-keys") label="distinct ids" index=i get=|p| p.key_count.clone() set=|p, v| p.key_count = v/>
                        <Field form errors id=format!("p{i}-bytes") label="item bytes" index=i get=|p| p.item_bytes.clone() set=|p, v| p.item_bytes = v/>
                        <Select form id=format!("p{i}-distribution") label="key distribution" index=i options=DISTRIBUTIONS.iter().map(|s| s.to_string()).collect()
                            get=|p| p.distribution.clone() set=|p, v| p.distribution = v/>
                        <Field form errors id=format!("p{i}-dist") label="Zipf s / hot key %" index=i get=|p| p.dist_param.clone() set=|p, v| p.dist_param = v/>
                    </div>
                    <div class="heat-row">
                        <Select form id=format!("p{i}-shape") label="rate shape" index=i options=SHAPES.iter().map(|s| s.to_string()).collect()
                            get=|p| p.shape.clone() set=|p, v| p.shape = v/>
                        {move || {
                            let labels = rate_labels(&form.with(|f| f.patterns.get(i).map(|p| p.shape.clone()).unwrap_or_default()));
                            let getters: [fn(&PatternForm) -> String; 4] = [|p| p.a.clone(), |p| p.b.clone(), |p| p.c.clone(), |p| p.d.clone()];
                            let setters: [fn(&mut PatternForm, String); 4] = [|p, v| p.a = v, |p, v| p.b = v, |p, v| p.c = v, |p, v| p.d = v];
                            labels.into_iter().zip(getters).zip(setters).enumerate().filter(|(_, ((l, _), _))| !l.is_empty()).map(|(n, ((l, g), s))| {
                                view! { <Field form errors id=format!("p{i}-rate{n}") label=l index=i get=g set=s/> }
                            }).collect_view()
                        }}
                    </div>
                    {move || errors.with(|e| e.get(&format!("p{i}-rate")).cloned()).map(|m| view! { <p class="heat-error" role="alert" data-testid=format!("error-p{i}-rate")>{m}</p> })}
                    {move || errors.with(|e| e.get(&format!("p{i}")).cloned()).map(|m| view! { <p class="heat-error" role="alert" data-testid=format!("error-p{i}")>{m}</p> })}
                    <button type="button" class="heat-link" data-testid=format!("remove-pattern-{i}")
                        on:click=move |_| form.update(|f| if i < f.patterns.len() { f.patterns.remove(i); })>"Remove pattern"</button>
                </fieldset>
            </For>
            <button type="button" data-testid="add-pattern" on:click=move |_| form.update(|f| {
                let table = tables.get_untracked().first().cloned().unwrap_or_default();
                let mut p = PatternForm::blank(&table, "PK");
                p.name = format!("pattern {}", f.patterns.len() + 1);
                f.patterns.push(p);
            })>"Add access pattern"</button>
        </section>
    }
}
