//! The write form: single-item writes built from fields, batches and transactions from a template;
//! the request JSON beside it is what runs and can be edited.

use leptos::prelude::*;
use serde_json::Value;

use super::fields::{plain_options, Check, Choice, TextField};
use super::save_pattern::PatternBar;
use super::session::{run, use_session, Source};
use super::write_request::{first_two, template, Sample, WriteForm, RETURN_VALUES, WRITE_ACTIONS};
use super::words::{FieldFault, Unshowable};
use super::{Controls, JsonEditor, RequestForm};
use crate::i18n::{t, t_string, use_i18n};
use crate::state::Modeler;

/// The first two items of `table` the engine holds, for the starters.
fn samples(m: Modeler, table: &str) -> (Option<Sample>, Option<Sample>) {
    m.state.with_untracked(|s| s.playground.table_index(table).and_then(|i| s.playground.table(i)).map_or((None, None), first_two))
}

fn single(action: &str) -> bool {
    matches!(action, "PutItem" | "UpdateItem" | "DeleteItem")
}

/// The panel's state: the form, the JSON it writes (what runs) and the faults shown beside them.
#[derive(Clone, Copy)]
struct Panel {
    form: RwSignal<WriteForm>,
    m: Modeler,
    json: RwSignal<String>,
    error: RwSignal<Option<FieldFault>>,
    /// `Some(reason)`: the JSON was edited into something the fields cannot show; it is what runs.
    json_only: RwSignal<Option<Unshowable>>,
    json_error: RwSignal<Option<String>>,
}

impl Panel {
    /// Fields → JSON.
    fn refresh(self) {
        let f = self.form.get_untracked();
        self.error.set(None);
        self.json_only.set(None);
        self.json_error.set(None);
        if single(&f.action) {
            match f.to_request() {
                Ok(v) => self.json.set(serde_json::to_string_pretty(&v).unwrap_or_default()),
                Err(e) => self.error.set(Some(FieldFault::Request(e))),
            }
        } else {
            let (first, second) = samples(self.m, &f.table);
            let v = template(&f.action, &f.table, &first.unwrap_or_default(), second.as_ref());
            self.json.set(serde_json::to_string_pretty(&v).unwrap_or_default());
        }
    }

    /// Start `action` on `table` afresh: each action has its own starter, and nothing of the one before
    /// is carried over.
    fn start(self, action: String, table: String) {
        let (first, _) = samples(self.m, &table);
        self.form.set(WriteForm::starter(&action, &table, first.as_ref()));
        self.refresh();
    }

    fn set(self, put: fn(&mut WriteForm, String), v: String) {
        self.form.update(|f| put(f, v));
        self.refresh();
    }

    /// What a field shows of the form.
    fn shows(self, get: fn(&WriteForm) -> String) -> Signal<String> {
        let form = self.form;
        Signal::derive(move || form.with(get))
    }

    /// A text field showing `get` and writing `put` (a textarea of `rows` rows, or an input when 0).
    fn text(self, testid: &'static str, placeholder: &'static str, rows: u32, get: fn(&WriteForm) -> String, put: fn(&mut WriteForm, String)) -> impl IntoView {
        view! { <TextField classes="mdl-input mdl-mono" testid=testid placeholder=placeholder rows=rows value=self.shows(get) write=move |v| self.set(put, v)/> }
    }

    /// A choice among `options`, showing `get` and writing `put`.
    fn select(self, testid: &'static str, options: Signal<Vec<(String, String)>>, get: fn(&WriteForm) -> String, put: fn(&mut WriteForm, String)) -> impl IntoView {
        view! { <Choice testid=testid options=options value=self.shows(get) write=move |v| self.set(put, v)/> }
    }
}

#[component]
pub fn WritePanel() -> impl IntoView {
    let session = use_session();
    let m = session.app.modeler;
    let table = m.state.with_untracked(|s| m.selected.get_untracked().and_then(|i| s.playground.table(i)).or_else(|| s.playground.tables().first()).map(|t| t.name().to_string()));
    let table = table.unwrap_or_default();
    let form = RwSignal::new(WriteForm::starter("UpdateItem", &table, samples(m, &table).0.as_ref()));
    let w = Panel {
        form,
        m,
        json: RwSignal::new(String::new()),
        error: RwSignal::new(None),
        json_only: RwSignal::new(None),
        json_error: RwSignal::new(None),
    };
    let Panel { json, error, json_only, json_error, .. } = w;
    w.refresh();
    let run_now = move || {
        let action = form.with_untracked(|f| f.action.clone());
        match serde_json::from_str::<Value>(&json.get_untracked()) {
            Ok(v) => {
                error.set(None);
                // `{placeholders}` filled from the sample values (their error shows under them).
                let Some(v) = session.pattern.resolve(&action, v) else { return };
                let o = run(session, Source::Write, &action, v);
                if let Err(f) = o.result {
                    error.set(Some(FieldFault::Dynamo { type_name: f.type_name, message: f.message }));
                }
            }
            Err(e) => json_error.set(Some(e.to_string())),
        }
    };
    // JSON → fields, for the single-item actions (batches and transactions have no fields).
    let on_json = move |text: String| {
        json.set(text.clone());
        let action = form.with_untracked(|f| f.action.clone());
        match serde_json::from_str::<Value>(&text) {
            Err(e) => json_error.set(Some(e.to_string())),
            Ok(v) => {
                json_error.set(None);
                if single(&action) {
                    match WriteForm::from_request(&action, &v) {
                        Ok(f) => {
                            form.set(f);
                            json_only.set(None);
                        }
                        Err(reason) => json_only.set(Some(reason)),
                    }
                }
            }
        }
    };
    // For "Save as access pattern": the request as written, placeholders unfilled.
    let current = move || {
        let action = form.with_untracked(|f| WRITE_ACTIONS.into_iter().find(|a| *a == f.action))?;
        match serde_json::from_str::<Value>(&json.get_untracked()) {
            Ok(v) => Some((action, v)),
            Err(e) => {
                json_error.set(Some(e.to_string()));
                None
            }
        }
    };
    let tables = Memo::new(move |_| m.state.with(|s| s.playground.tables().iter().map(|t| (t.name().to_string(), t.name().to_string())).collect::<Vec<_>>()));
    let is_single = move || form.with(|f| single(&f.action));
    let i18n = use_i18n();

    let single_fields = move || {
        view! {
            <label class="q-field">
                {move || if form.with(|f| f.action == "PutItem") { t_string!(i18n, query.item_json) } else { t_string!(i18n, query.key_json) }}
                {w.text("w-item", "", 3, |f| f.item.clone(), |f, v| f.item = v)}
            </label>
            <Show when=move || form.with(|f| f.action == "UpdateItem")>
                <label class="q-field">{t!(i18n, query.update_expression)} {w.text("w-update", "", 0, |f| f.update.clone(), |f, v| f.update = v)}</label>
            </Show>
            <label class="q-field">
                {t!(i18n, query.condition_expression)}
                {w.text("w-condition", "attribute_exists(PK)", 0, |f| f.condition.clone(), |f, v| f.condition = v)}
            </label>
            <div class="q-row">
                <label class="q-field q-grow">{t!(i18n, query.names)} {w.text("w-names", "", 0, |f| f.names.clone(), |f, v| f.names = v)}</label>
                <label class="q-field q-grow">{t!(i18n, query.values)} {w.text("w-values", "", 0, |f| f.values.clone(), |f, v| f.values = v)}</label>
            </div>
            <div class="q-row">
                <label class="q-field">
                    "ReturnValues"
                    {w.select("w-return-values", plain_options(&RETURN_VALUES), |f| f.return_values.clone(), |f, v| f.return_values = v)}
                </label>
                <Check
                    testid="w-return-on-failure"
                    label="ReturnValuesOnConditionCheckFailure = ALL_OLD"
                    value=Signal::derive(move || form.with(|f| f.return_on_failure))
                    write=move |on| {
                        form.update(|f| f.return_on_failure = on);
                        w.refresh();
                    }
                />
            </div>
        }
    };
    view! {
        <RequestForm testid="w-form" run=run_now>
            <div class="q-controls">
                <div class="q-row">
                    <label class="q-field">
                        {t!(i18n, query.action)}
                        <Choice
                            testid="w-action"
                            options=plain_options(&WRITE_ACTIONS)
                            value=w.shows(|f| f.action.clone())
                            write=move |v| w.start(v, form.with_untracked(|f| f.table.clone()))
                        />
                    </label>
                    <label class="q-field">
                        {t!(i18n, query.table)}
                        <Choice testid="w-table" options=Signal::from(tables) value=w.shows(|f| f.table.clone()) write=move |v| w.start(form.with_untracked(|f| f.action.clone()), v)/>
                    </label>
                </div>
                <Show
                    when=is_single
                    fallback=move || view! { <p class="mdl-muted">{t!(i18n, query.write_starter)}</p> }
                >
                    {single_fields()}
                </Show>
                <div class="q-row">
                    <button type="submit" class="mdl-btn mdl-primary" data-testid="w-run">{t!(i18n, query.run)}</button>
                </div>
                {move || {
                    let locale = i18n.get_locale();
                    error.get().map(|e| view! { <p class="mdl-error" data-testid="w-error">{e.text(locale)}</p> })
                }}
                <PatternBar json=json current=Callback::new(move |_| current())/>
            </div>
            <JsonEditor prefix="w" controls=Controls::WriteFields json=json json_error=json_error json_only=json_only on_input=on_json/>
        </RequestForm>
    }
}
