//! The write form: single-item writes built from fields, batches and transactions from a template;
//! the request JSON beside it is what runs and can be edited.

use leptos::prelude::*;
use serde_json::Value;

use super::save_pattern::{resolve, PatternBar};
use super::session::{run, use_session, Source};
use super::write_request::{template, WriteForm, RETURN_VALUES, WRITE_ACTIONS};
use crate::modeler::use_modeler;

fn single(action: &str) -> bool {
    matches!(action, "PutItem" | "UpdateItem" | "DeleteItem")
}

#[component]
pub fn WritePanel() -> impl IntoView {
    let m = use_modeler();
    let _session = use_session();
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
    let key = StoredValue::new(key);
    let item = StoredValue::new(item);
    let json = RwSignal::new(String::new());
    let error = RwSignal::new(None::<String>);
    // `Some(reason)`: the JSON was edited into something the fields cannot show; it is what runs.
    let json_only = RwSignal::new(None::<String>);
    let json_error = RwSignal::new(None::<String>);
    let refresh = move || {
        let f = form.get_untracked();
        error.set(None);
        json_only.set(None);
        json_error.set(None);
        if single(&f.action) {
            match f.to_request() {
                Ok(v) => json.set(serde_json::to_string_pretty(&v).unwrap_or_default()),
                Err(e) => error.set(Some(e)),
            }
        } else {
            let v = template(&f.action, &f.table, &key.get_value(), &item.get_value());
            json.set(serde_json::to_string_pretty(&v).unwrap_or_default());
        }
    };
    refresh();
    let set = move |f: &dyn Fn(&mut WriteForm)| {
        form.update(|x| f(x));
        refresh();
    };
    let run_now = move || {
        let action = form.with_untracked(|f| f.action.clone());
        match serde_json::from_str::<Value>(&json.get_untracked()) {
            Ok(v) => {
                error.set(None);
                // `{placeholders}` filled from the sample values (their error shows under them).
                let Some(v) = resolve(&action, v) else { return };
                let o = run(Source::Write, &action, v);
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

    view! {
        <form class="q-builder" data-testid="w-form" on:submit=move |ev| { ev.prevent_default(); run_now(); }>
            <div class="q-controls">
                <div class="q-row">
                    <label class="q-field">"Action"
                        <select class="mdl-input" data-testid="w-action" prop:value=move || form.with(|f| f.action.clone())
                            on:change=move |ev| { let v = event_target_value(&ev); set(&|f: &mut WriteForm| f.action = v.clone()) }>
                            {WRITE_ACTIONS.into_iter().map(|a| view! { <option value=a>{a}</option> }).collect_view()}
                        </select>
                    </label>
                    <label class="q-field">"Table"
                        <select class="mdl-input" data-testid="w-table" prop:value=move || form.with(|f| f.table.clone())
                            on:change=move |ev| { let v = event_target_value(&ev); set(&|f: &mut WriteForm| f.table = v.clone()) }>
                            {move || tables().into_iter().map(|t| view! { <option value=t.clone()>{t.clone()}</option> }).collect_view()}
                        </select>
                    </label>
                </div>
                <Show when=is_single fallback=|| view! { <p class="mdl-muted">"A starting request from the table's first item: edit the JSON and run it."</p> }>
                    <label class="q-field">{move || if form.with(|f| f.action == "PutItem") { "Item (DynamoDB JSON)" } else { "Key (DynamoDB JSON)" }}
                        <textarea class="mdl-input mdl-mono" rows="3" data-testid="w-item" prop:value=move || form.with(|f| f.item.clone())
                            on:input=move |ev| { let v = event_target_value(&ev); set(&|f: &mut WriteForm| f.item = v.clone()) }></textarea>
                    </label>
                    <Show when=move || form.with(|f| f.action == "UpdateItem")>
                        <label class="q-field">"Update expression"
                            <input class="mdl-input mdl-mono" data-testid="w-update" prop:value=move || form.with(|f| f.update.clone())
                                on:input=move |ev| { let v = event_target_value(&ev); set(&|f: &mut WriteForm| f.update = v.clone()) }/>
                        </label>
                    </Show>
                    <label class="q-field">"Condition expression"
                        <input class="mdl-input mdl-mono" data-testid="w-condition" placeholder="attribute_exists(PK)" prop:value=move || form.with(|f| f.condition.clone())
                            on:input=move |ev| { let v = event_target_value(&ev); set(&|f: &mut WriteForm| f.condition = v.clone()) }/>
                    </label>
                    <div class="q-row">
                        <label class="q-field q-grow">"Attribute names (JSON)"
                            <input class="mdl-input mdl-mono" data-testid="w-names" prop:value=move || form.with(|f| f.names.clone())
                                on:input=move |ev| { let v = event_target_value(&ev); set(&|f: &mut WriteForm| f.names = v.clone()) }/>
                        </label>
                        <label class="q-field q-grow">"Attribute values (JSON)"
                            <input class="mdl-input mdl-mono" data-testid="w-values" prop:value=move || form.with(|f| f.values.clone())
                                on:input=move |ev| { let v = event_target_value(&ev); set(&|f: &mut WriteForm| f.values = v.clone()) }/>
                        </label>
                    </div>
                    <div class="q-row">
                        <label class="q-field">"ReturnValues"
                            <select class="mdl-input" data-testid="w-return-values" prop:value=move || form.with(|f| f.return_values.clone())
                                on:change=move |ev| { let v = event_target_value(&ev); set(&|f: &mut WriteForm| f.return_values = v.clone()) }>
                                {RETURN_VALUES.into_iter().map(|r| view! { <option value=r>{r}</option> }).collect_view()}
                            </select>
                        </label>
                        <label class="q-check"><input type="checkbox" data-testid="w-return-on-failure" prop:checked=move || form.with(|f| f.return_on_failure)
                            on:change=move |ev| { let v = event_target_checked(&ev); set(&|f: &mut WriteForm| f.return_on_failure = v) }/>"ReturnValuesOnConditionCheckFailure = ALL_OLD"</label>
                    </div>
                </Show>
                <div class="q-row">
                    <button type="submit" class="mdl-btn mdl-primary" data-testid="w-run">"Run"</button>
                </div>
                {move || error.get().map(|e| view! { <p class="mdl-error" data-testid="w-error">{e}</p> })}
                <PatternBar json=json current=Callback::new(move |_| current())/>
            </div>
            <div class="q-json">
                <label class="q-field">"Request JSON (what runs)"
                    <textarea class="mdl-input mdl-mono q-json-text" data-testid="w-json" spellcheck="false" rows="16"
                        prop:value=move || json.get() on:input=move |ev| on_json(event_target_value(&ev))></textarea>
                </label>
                {move || json_error.get().map(|e| view! { <p class="mdl-error" data-testid="w-json-error">{e}</p> })}
                {move || json_only.get().map(|r| view! { <p class="q-note" data-testid="w-json-note">{format!("The fields can't show this request ({r}); the JSON is what runs.")}</p> })}
            </div>
        </form>
    }
}
