//! The Query/Scan builder: controls on the left, the request JSON they write beside them, both editable.

use leptos::prelude::*;
use serde_json::Value;

use super::builder::{error_field, Builder, FieldError, KeyInfo, Operation, SortOp};
use super::multi_key_builder;
use super::fields::{plain_options, Check, Choice, TextField};
use super::save_pattern::PatternBar;
use super::session::{run, use_session, Source};
use super::words::{FieldFault, Unshowable};
use super::{Controls, JsonEditor, RequestForm};
use crate::i18n::{t, t_string, use_i18n};
use crate::state::Modeler;

fn pretty(v: &Value) -> String {
    serde_json::to_string_pretty(v).unwrap_or_default()
}

/// Keys of a table (or one of its indexes) of the model.
fn key_info(m: Modeler, table: &str, index: &str) -> Option<KeyInfo> {
    m.state.with_untracked(|s| s.playground.table_index(table).and_then(|i| s.playground.table(i)).map(|t| KeyInfo::of(&t.definition, index)))
}

/// The JSON the builder writes, or its error.
fn request_of(m: Modeler, b: &Builder) -> Result<Value, FieldError> {
    let keys = key_info(m, &b.table, &b.index).unwrap_or_default();
    b.to_request(&keys)
}

/// The builder's state: the controls' values and the JSON they write, with the faults shown beside them.
#[derive(Clone, Copy)]
struct Panel {
    m: Modeler,
    b: RwSignal<Builder>,
    json: RwSignal<String>,
    /// `Some(reason)`: the JSON was edited into something the controls cannot show; it is what runs.
    json_only: RwSignal<Option<Unshowable>>,
    json_error: RwSignal<Option<String>>,
    field_error: RwSignal<Option<(String, FieldFault)>>,
}

impl Panel {
    /// Controls → JSON.
    fn set(self, f: impl FnOnce(&mut Builder)) {
        self.b.update(|x| {
            f(x);
            x.start_key = None;
        });
        self.json_only.set(None);
        self.json_error.set(None);
        self.field_error.set(None);
        match request_of(self.m, &self.b.get_untracked()) {
            Ok(v) => self.json.set(pretty(&v)),
            Err(e) => self.field_error.set(Some((e.field.to_string(), e.fault))),
        }
    }

    /// What a control shows of the builder.
    fn shows<T: Send + Sync + 'static>(self, get: fn(&Builder) -> T) -> Signal<T> {
        let b = self.b;
        Signal::derive(move || b.with(get))
    }

    /// A text input showing `get` and writing `put` as it is typed in.
    fn input(self, class: &'static str, testid: &'static str, placeholder: Signal<String>, get: fn(&Builder) -> String, put: fn(&mut Builder, String)) -> impl IntoView {
        view! { <TextField classes=class testid=testid placeholder=placeholder value=self.shows(get) write=move |v| self.set(|x| put(x, v))/> }
    }

    /// A text input for a whole number.
    fn number(self, testid: &'static str, get: fn(&Builder) -> String, put: fn(&mut Builder, String)) -> impl IntoView {
        view! { <TextField classes="mdl-input q-narrow" testid=testid numeric=true value=self.shows(get) write=move |v| self.set(|x| put(x, v))/> }
    }

    /// A choice among `options`, showing `get` and writing `put`.
    fn select(self, testid: &'static str, options: Signal<Vec<(String, String)>>, get: fn(&Builder) -> String, put: fn(&mut Builder, String)) -> impl IntoView {
        view! { <Choice testid=testid options=options value=self.shows(get) write=move |v| self.set(|x| put(x, v))/> }
    }

    /// A checkbox showing `get` and writing `put`.
    fn check(self, testid: &'static str, label: &'static str, get: fn(&Builder) -> bool, put: fn(&mut Builder, bool)) -> impl IntoView {
        view! { <Check testid=testid label=label value=self.shows(get) write=move |v| self.set(|x| put(x, v))/> }
    }

    /// The fault of `field`, shown where the field is.
    fn err_at(self, field: &'static str) -> impl IntoView {
        let field_error = self.field_error;
        let i18n = use_i18n();
        move || {
            let locale = i18n.get_locale();
            field_error.with(|e| {
                e.as_ref().filter(|(f, _)| f == field).map(|(_, fault)| view! { <p class="mdl-error" data-testid=format!("q-error-{field}")>{fault.text(locale)}</p> })
            })
        }
    }
}

#[component]
pub fn BuilderPanel() -> impl IntoView {
    let session = use_session();
    let i18n = use_i18n();
    let m = session.app.modeler;
    let b = session.builder;
    // Start on the selected table.
    if b.with_untracked(|b| b.table.is_empty()) {
        let name = m.state.with_untracked(|s| m.selected.get_untracked().and_then(|i| s.playground.table(i)).map(|t| t.name().to_string()));
        if let Some(name) = name {
            b.update(|b| b.table = name);
        }
    }
    let p = Panel {
        m,
        b,
        json: RwSignal::new(request_of(m, &b.get_untracked()).map(|v| pretty(&v)).unwrap_or_default()),
        json_only: RwSignal::new(None),
        json_error: RwSignal::new(None),
        field_error: RwSignal::new(None),
    };
    let Panel { json, json_only, json_error, field_error, .. } = p;

    // JSON → controls.
    let on_json = move |text: String| {
        json.set(text.clone());
        field_error.set(None);
        match serde_json::from_str::<Value>(&text) {
            Err(e) => {
                json_error.set(Some(e.to_string()));
            }
            Ok(v) => {
                json_error.set(None);
                let action = b.with_untracked(|b| b.op.action());
                match Builder::from_request(action, &v, |t, i| key_info(m, t, i)) {
                    Ok(nb) => {
                        b.set(nb);
                        json_only.set(None);
                    }
                    Err(reason) => json_only.set(Some(reason)),
                }
            }
        }
    };

    let tables = Memo::new(move |_| m.state.with(|s| s.playground.tables().iter().map(|t| t.name().to_string()).collect::<Vec<_>>()));
    let table = Memo::new(move |_| b.with(|b| b.table.clone()));
    // `(value, label)` of the Index choice: the table itself, then its indexes.
    let indexes = Memo::new(move |_| {
        let table = table.get();
        let mut out = vec![(String::new(), t_string!(i18n, query.index_table).to_string())];
        m.state.with(|s| {
            let Some(t) = s.playground.table_index(&table).and_then(|i| s.playground.table(i)) else { return };
            out.extend(crate::model::index_view::indexes(&t.definition).into_iter().map(|i| {
                let label = format!("{} ({})", i.name, if i.global { "GSI" } else { "LSI" });
                (i.name, label)
            }));
        });
        out
    });
    // Follow the model: when the builder's table is not (or no longer) in it — the page loaded before an
    // example, a table was renamed or removed — start on the selected table.
    // The fields that do not fit the new model are reset (`Builder::fit`).
    Effect::new(move |_| {
        let names = tables.get();
        m.state.track();
        let selected = m.state.with(|s| m.selected.get().and_then(|i| s.playground.table(i)).map(|t| t.name().to_string()));
        let fitted = b.with_untracked(|x| x.fit(&names, selected.as_deref(), |t, i| key_info(m, t, i)));
        if let Some(nb) = fitted {
            p.set(|x| *x = nb);
        }
    });
    let keys = Memo::new(move |_| {
        let (t, i) = b.with(|b| (b.table.clone(), b.index.clone()));
        m.state.track();
        key_info(m, &t, &i).unwrap_or_default()
    });
    let is_query = move || b.with(|b| b.op == Operation::Query);
    let gap = Memo::new(move |_| keys.with(|k| b.with(|x| multi_key_builder::gap_explanation(k, x))));

    // The request as the builder holds it ({placeholders} unfilled).
    let current = move || {
        if json_error.with_untracked(|e| e.is_some()) {
            return None;
        }
        if json_only.with_untracked(|j| j.is_some()) {
            let v = serde_json::from_str::<Value>(&json.get_untracked()).ok()?;
            return Some((b.with_untracked(|b| b.op.action()), v));
        }
        match request_of(m, &b.get_untracked()) {
            Ok(v) => Some((b.with_untracked(|b| b.op.action()), v)),
            Err(e) => {
                field_error.set(Some((e.field.to_string(), e.fault)));
                None
            }
        }
    };
    let run_now = move || {
        let Some((action, request)) = current() else { return };
        let Some(request) = session.pattern.resolve(action, request) else { return };
        let outcome = run(session, Source::Builder, action, request);
        if let Err(f) = &outcome.result {
            field_error.set(Some((error_field(&f.message).to_string(), FieldFault::Dynamo { type_name: f.type_name.clone(), message: f.message.clone() })));
        }
    };
    let next_page = move || {
        let lek = session.last.with_untracked(|o| o.as_ref().filter(|o| o.source == Source::Builder).and_then(|o| o.summary.last_evaluated_key.clone()));
        if let Some(k) = lek {
            b.update(|x| x.start_key = Some(k));
            if let Ok(v) = request_of(m, &b.get_untracked()) {
                json.set(pretty(&v));
            }
            run_now();
        }
    };
    let has_next = move || session.last.with(|o| o.as_ref().is_some_and(|o| o.source == Source::Builder && o.summary.last_evaluated_key.is_some()));
    let sort_ops = Signal::derive(move || {
        let any = t_string!(i18n, query.any_sort_key);
        SortOp::ALL.into_iter().map(|o| (o.slug().to_string(), o.operator().unwrap_or(any).to_string())).collect()
    });
    let selects = Signal::derive(move || {
        let default = t_string!(i18n, query.default_select);
        [("", default), ("ALL_ATTRIBUTES", "ALL_ATTRIBUTES"), ("ALL_PROJECTED_ATTRIBUTES", "ALL_PROJECTED_ATTRIBUTES"), ("SPECIFIC_ATTRIBUTES", "SPECIFIC_ATTRIBUTES"), ("COUNT", "COUNT")]
            .into_iter()
            .map(|(v, l)| (v.to_string(), l.to_string()))
            .collect()
    });
    let code = |text: &'static str| Signal::stored(String::from(text));
    let table_options = Signal::derive(move || tables.with(|t| t.iter().map(|n| (n.clone(), n.clone())).collect()));

    // The sort key's condition: its operator, and one or two values.
    let sort_row = move || {
        view! {
            <div class="q-row">
                <label class="q-field">
                    {move || keys.with(|k| k.sort.as_ref().map(|(n, t)| format!("{n} ({t})")).unwrap_or_default())}
                    {p.select("q-sort-op", sort_ops, |b| b.sort_op.slug().to_string(), |x, v| x.sort_op = SortOp::from_slug(&v))}
                </label>
                <Show when=move || b.with(|b| b.sort_op != SortOp::None)>
                    <label class="q-field q-grow">{t!(i18n, query.value)} {p.input("mdl-input", "q-sk", Signal::default(), |b| b.sk.clone(), |x, v| x.sk = v)}</label>
                </Show>
                <Show when=move || b.with(|b| b.sort_op == SortOp::Between)>
                    <label class="q-field q-grow">{t!(i18n, query.and)} {p.input("mdl-input", "q-sk2", Signal::default(), |b| b.sk2.clone(), |x, v| x.sk2 = v)}</label>
                </Show>
            </div>
        }
    };

    view! {
        <RequestForm testid="q-builder" run=run_now>
            <div class="q-controls">
                <div class="q-row">
                    <label class="q-field">
                        {t!(i18n, query.operation)}
                        {p.select(
                            "q-op",
                            plain_options(&["Query", "Scan"]),
                            |b| b.op.action().to_string(),
                            |x, v| x.op = if v == "Scan" { Operation::Scan } else { Operation::Query },
                        )}
                    </label>
                    <label class="q-field">
                        {t!(i18n, query.table)}
                        {p.select("q-table", table_options, |b| b.table.clone(), |x, v| {
                            x.table = v;
                            x.index.clear();
                        })}
                    </label>
                    <label class="q-field">{t!(i18n, query.index)} {p.select("q-index", indexes.into(), |b| b.index.clone(), |x, v| x.index = v)}</label>
                </div>
                {p.err_at("index")}
                // The key condition, for a Query.
                <Show when=is_query>
                    <div class="q-row">
                        <label class="q-field q-grow">
                            {move || keys.with(|k| format!("{} = ({})", k.partition, k.partition_type))}
                            {p.input("mdl-input", "q-pk", Signal::derive(move || t_string!(i18n, query.pk_placeholder).to_string()), |b| b.pk.clone(), |x, v| x.pk = v)}
                        </label>
                    </div>
                    // A multi-attribute key: every further partition key attribute, then one value per
                    // sort key attribute in the key's order.
                    <For
                        each=move || keys.with(|k| k.more_partitions.clone().into_iter().enumerate().collect::<Vec<_>>())
                        key=|(i, a)| (*i, a.clone())
                        children=move |(i, (name, ty))| {
                            let at = i + 1;
                            let value = Signal::derive(move || b.with(|x| multi_key_builder::hash_value(x, at)));
                            view! {
                                <div class="q-row">
                                    <label class="q-field q-grow">
                                        {format!("{name} = ({ty})")}
                                        <TextField
                                            classes="mdl-input"
                                            testid=HASH_IDS.get(at).copied().unwrap_or("q-pk-more")
                                            placeholder=Signal::derive(move || t_string!(i18n, query.pk_placeholder).to_string())
                                            value=value
                                            write=move |v| p.set(|x| multi_key_builder::set_hash_value(x, at, v))
                                        />
                                    </label>
                                </div>
                            }
                        }
                    />
                    <Show
                        when=move || keys.with(|k| k.more_sorts.is_empty())
                        fallback=move || view! { <MultiSortRows p keys sort_ops/> }
                    >
                        <Show when=move || keys.with(|k| k.sort.is_some())>{sort_row()}</Show>
                    </Show>
                    <p class="mdl-muted" data-testid="q-key-gap" hidden=move || gap.with(Option::is_none)>
                        {move || gap.with(|g| g.as_ref().map(|g| g.text(i18n.get_locale())).unwrap_or_default())}
                    </p>
                    {p.err_at("key")}
                </Show>
                <label class="q-field">
                    {t!(i18n, query.filter)}
                    {p.input("mdl-input mdl-mono", "q-filter", code("#s = :s"), |b| b.filter.clone(), |x, v| x.filter = v)}
                </label>
                {p.err_at("filter")}
                <label class="q-field">
                    {t!(i18n, query.projection)}
                    {p.input("mdl-input mdl-mono", "q-projection", code("PK, SK, #s"), |b| b.projection.clone(), |x, v| x.projection = v)}
                </label>
                {p.err_at("projection")}
                <div class="q-row">
                    <label class="q-field q-grow">
                        {t!(i18n, query.names)}
                        {p.input("mdl-input mdl-mono", "q-names", code(r##"{"#s": "status"}"##), |b| b.names.clone(), |x, v| x.names = v)}
                    </label>
                    <label class="q-field q-grow">
                        {t!(i18n, query.values)}
                        {p.input("mdl-input mdl-mono", "q-values", code(r#"{":s": {"S": "SHIPPED"}}"#), |b| b.values.clone(), |x, v| x.values = v)}
                    </label>
                </div>
                {p.err_at("names")}
                {p.err_at("values")}
                <div class="q-row">
                    <label class="q-field">{t!(i18n, query.limit)} {p.number("q-limit", |b| b.limit.clone(), |x, v| x.limit = v)}</label>
                    <label class="q-field">{t!(i18n, query.select)} {p.select("q-select", selects, |b| b.select.clone(), |x, v| x.select = v)}</label>
                    <Show when=is_query>{p.check("q-forward", "ScanIndexForward", |b| b.forward, |x, v| x.forward = v)}</Show>
                    {p.check("q-consistent", "ConsistentRead", |b| b.consistent, |x, v| x.consistent = v)}
                </div>
                {p.err_at("limit")}
                {p.err_at("select")}
                {p.err_at("consistent")}
                // Parallel scan segments, for a Scan.
                <Show when=move || !is_query()>
                    <div class="q-row">
                        <label class="q-field">{t!(i18n, query.segment)} {p.number("q-segment", |b| b.segment.clone(), |x, v| x.segment = v)}</label>
                        <label class="q-field">"TotalSegments" {p.number("q-total-segments", |b| b.total_segments.clone(), |x, v| x.total_segments = v)}</label>
                    </div>
                    {p.err_at("segment")}
                </Show>
                <div class="q-row">
                    <button type="submit" class="mdl-btn mdl-primary" data-testid="q-run">{t!(i18n, query.run)}</button>
                    <button type="button" class="mdl-btn" data-testid="q-next" disabled=move || !has_next() on:click=move |_| next_page()>
                        {t!(i18n, query.next_page)}
                    </button>
                    {move || b.with(|b| b.start_key.is_some()).then(|| view! { <span class="mdl-muted" data-testid="q-start-key">{t!(i18n, query.from_start_key)}</span> })}
                </div>
                {p.err_at("request")}
                <PatternBar json=json current=Callback::new(move |_| current())/>
            </div>
            <JsonEditor prefix="q" controls=Controls::Builder json=json json_error=json_error json_only=json_only on_input=on_json/>
        </RequestForm>
    }
}

/// The test ids of the value fields of a multi-attribute key's HASH and RANGE attributes, in key order
/// (a key has at most four of each).
const HASH_IDS: [&str; 4] = ["q-pk", "q-pk2", "q-pk3", "q-pk4"];
const RANGE_IDS: [&str; 4] = ["q-range-1", "q-range-2", "q-range-3", "q-range-4"];

/// The sort key attributes of a multi-attribute key, one value each in the key's order, and the
/// condition on the last one given (the ones before it are equalities).
#[component]
fn MultiSortRows(p: Panel, keys: Memo<KeyInfo>, sort_ops: Signal<Vec<(String, String)>>) -> impl IntoView {
    let b = p.b;
    let i18n = use_i18n();
    view! {
        <For
            each=move || keys.with(|k| multi_key_builder::range_attrs(k).into_iter().enumerate().collect::<Vec<_>>())
            key=|(j, a)| (*j, a.clone())
            children=move |(j, (name, ty))| {
                let value = Signal::derive(move || b.with(|x| multi_key_builder::range_value(x, j)));
                let testid = RANGE_IDS.get(j).copied().unwrap_or("q-range-more");
                view! {
                    <div class="q-row">
                        <label class="q-field q-grow">
                            {format!("{name} ({ty})")}
                            <TextField
                                classes="mdl-input"
                                testid=testid
                                placeholder=Signal::derive(move || t_string!(i18n, query.multi_sort_placeholder).to_string())
                                value=value
                                write=move |v| p.set(|x| multi_key_builder::set_range_value(x, j, v))
                            />
                        </label>
                    </div>
                }
            }
        />
        <div class="q-row">
            <label class="q-field">
                {t!(i18n, query.multi_sort_condition)}
                {p.select("q-sort-op", sort_ops, |b| b.sort_op.slug().to_string(), |x, v| x.sort_op = SortOp::from_slug(&v))}
            </label>
            <Show when=move || b.with(|b| b.sort_op == SortOp::Between)>
                <label class="q-field q-grow">{t!(i18n, query.and)} {p.input("mdl-input", "q-sk2", Signal::default(), |b| b.sk2.clone(), |x, v| x.sk2 = v)}</label>
            </Show>
        </div>
        <p class="mdl-muted">
            {t!(i18n, query.multi_sort_note)}
        </p>
    }
}
