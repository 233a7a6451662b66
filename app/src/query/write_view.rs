//! The write form: single-item writes built from fields, batches and transactions from a template;
//! the request JSON beside it is what runs and can be edited.

use serde_json::Value;

use super::save_pattern::{pattern_bar, resolve};
use super::session::{run, use_session, Source};
use super::write_request::{template, WriteForm, RETURN_VALUES, WRITE_ACTIONS};
use crate::state::use_modeler;
use crate::ui::prelude::*;

fn single(action: &str) -> bool {
    matches!(action, "PutItem" | "UpdateItem" | "DeleteItem")
}

/// `<option value=v>v</option>`
fn option(v: &str) -> El {
    el("option").attr("value", v).text(v)
}

/// A labelled control: `<label class="q-field">label control</label>`.
fn field(label: &str, control: El) -> El {
    el("label").class("q-field").text(label).child(control)
}

/// The panel's state: the form, the JSON it writes (what runs) and the faults shown beside them.
#[derive(Clone, Copy)]
struct Panel {
    form: RwSignal<WriteForm>,
    /// The selected table's first item and its key, for the batch and transaction templates.
    key: StoredValue<Value>,
    item: StoredValue<Value>,
    json: RwSignal<String>,
    error: RwSignal<Option<String>>,
    /// `Some(reason)`: the JSON was edited into something the fields cannot show; it is what runs.
    json_only: RwSignal<Option<String>>,
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
                Err(e) => self.error.set(Some(e)),
            }
        } else {
            let v = template(&f.action, &f.table, &self.key.get_value(), &self.item.get_value());
            self.json.set(serde_json::to_string_pretty(&v).unwrap_or_default());
        }
    }

    fn set(self, put: fn(&mut WriteForm, String), v: String) {
        self.form.update(|f| put(f, v));
        self.refresh();
    }

    /// A text field (an `input` or a `textarea`) showing `get` and writing `put`.
    fn text(self, tag: &'static str, class: &str, testid: &str, get: fn(&WriteForm) -> String, put: fn(&mut WriteForm, String)) -> El {
        let form = self.form;
        el(tag).class(class).tid(testid).dyn_value(move || form.with(get)).on_input(move |v| self.set(put, v))
    }

    /// A choice among the options of `select`, showing `get` and writing `put`.
    fn select(self, testid: &str, select: El, get: fn(&WriteForm) -> String, put: fn(&mut WriteForm, String)) -> El {
        let form = self.form;
        select.class("mdl-input").tid(testid).dyn_value(move || form.with(get)).on_change(move |v| self.set(put, v))
    }
}

pub fn write_panel() -> View {
    let m = use_modeler();
    let session = use_session();
    let first = m.state.with_untracked(|s| {
        let t = m.selected.get_untracked().and_then(|i| s.playground.table(i))?;
        let row = t.rows.iter().find(|r| r.error.is_none())?;
        let (pk, sk) = t.key_names();
        let mut key = engine::value::Item::new();
        for n in pk.into_iter().chain(sk) {
            if let Some(v) = row.item.get(&n) {
                key.insert(n, v.clone());
            }
        }
        Some((t.name().to_string(), engine::value::item_to_json(&key), engine::value::item_to_json(&row.item)))
    });
    let (table, key, item) = first.unwrap_or_default();
    let form = RwSignal::new(WriteForm {
        action: String::from("UpdateItem"),
        table,
        item: key.to_string(),
        update: String::from("SET #s = :s"),
        names: String::from(r##"{"#s": "status"}"##),
        values: String::from(r#"{":s": {"S": "SHIPPED"}}"#),
        return_values: String::from("ALL_NEW"),
        ..Default::default()
    });
    let w = Panel {
        form,
        key: StoredValue::new(key),
        item: StoredValue::new(item),
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
                let Some(v) = resolve(&action, v) else { return };
                let o = run(session, Source::Write, &action, v);
                if let Err(f) = o.result {
                    error.set(Some(format!("{}: {}", f.type_name, f.message)));
                }
            }
            Err(e) => json_error.set(Some(format!("SerializationException: the request is not valid JSON ({e})"))),
        }
    };
    // JSON → fields, for the single-item actions (batches and transactions have no fields).
    let on_json = move |text: String| {
        json.set(text.clone());
        let action = form.with_untracked(|f| f.action.clone());
        match serde_json::from_str::<Value>(&text) {
            Err(e) => json_error.set(Some(format!("SerializationException: the request is not valid JSON ({e})"))),
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
                json_error.set(Some(format!("SerializationException: the request is not valid JSON ({e})")));
                None
            }
        }
    };
    let tables = move || m.state.with(|s| s.playground.tables().iter().map(|t| t.name().to_string()).collect::<Vec<_>>());
    let is_single = move || form.with(|f| single(&f.action));

    let single_fields = move || {
        fragment(vec![
            el("label")
                .class("q-field")
                .dyn_text(move || String::from(if form.with(|f| f.action == "PutItem") { "Item (DynamoDB JSON)" } else { "Key (DynamoDB JSON)" }))
                .child(w.text("textarea", "mdl-input mdl-mono", "w-item", |f| f.item.clone(), |f, v| f.item = v).attr("rows", "3"))
                .into(),
            show(
                move || form.with(|f| f.action == "UpdateItem"),
                move || field("Update expression", w.text("input", "mdl-input mdl-mono", "w-update", |f| f.update.clone(), |f, v| f.update = v)).into(),
            ),
            field("Condition expression", w.text("input", "mdl-input mdl-mono", "w-condition", |f| f.condition.clone(), |f, v| f.condition = v).attr("placeholder", "attribute_exists(PK)")).into(),
            el("div")
                .class("q-row")
                .child(field("Attribute names (JSON)", w.text("input", "mdl-input mdl-mono", "w-names", |f| f.names.clone(), |f, v| f.names = v)).class("q-field q-grow"))
                .child(field("Attribute values (JSON)", w.text("input", "mdl-input mdl-mono", "w-values", |f| f.values.clone(), |f, v| f.values = v)).class("q-field q-grow"))
                .into(),
            el("div")
                .class("q-row")
                .child(field("ReturnValues", w.select("w-return-values", el("select").children(RETURN_VALUES.into_iter().map(option)), |f| f.return_values.clone(), |f, v| f.return_values = v)))
                .child(
                    el("label")
                        .class("q-check")
                        .child(el("input").ty("checkbox").tid("w-return-on-failure").dyn_checked(move || form.with(|f| f.return_on_failure)).on("change", move |ev| {
                            form.update(|f| f.return_on_failure = event_target_checked(&ev));
                            w.refresh();
                        }))
                        .text("ReturnValuesOnConditionCheckFailure = ALL_OLD"),
                )
                .into(),
        ])
    };
    super::request_form("w-form", run_now)
        .child(
            el("div")
                .class("q-controls")
                .child(
                    el("div")
                        .class("q-row")
                        .child(field("Action", w.select("w-action", el("select").children(WRITE_ACTIONS.into_iter().map(option)), |f| f.action.clone(), |f, v| f.action = v)))
                        .child(field(
                            "Table",
                            w.select("w-table", el("select").dyn_child(move || tables().iter().map(|t| option(t)).collect::<Vec<_>>().into()), |f| f.table.clone(), |f, v| f.table = v),
                        )),
                )
                .child(show_else(is_single, single_fields, || el("p").class("mdl-muted").text("A starting request from the table's first item: edit the JSON and run it.").into()))
                .child(el("div").class("q-row").child(el("button").ty("submit").class("mdl-btn mdl-primary").tid("w-run").text("Run")))
                .dyn_child(move || error.get().map(|e| el("p").class("mdl-error").tid("w-error").text(&e)).into())
                .child(pattern_bar(json.into(), Callback::new(move |_| current()))),
        )
        .child(
            super::json_editor(super::JsonEditor { prefix: "w", label: "Request JSON (what runs)", controls: "The fields", json, json_error, json_only }, on_json),
        )
        .into()
}
