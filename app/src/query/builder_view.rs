//! The Query/Scan builder: controls on the left, the request JSON they write beside them, both editable.

use leptos::prelude::*;
use serde_json::Value;

use super::builder::{error_field, Builder, FieldError, KeyInfo, Operation, SortOp};
use super::save_pattern;
use super::session::{run, use_session, Source};
use crate::modeler::use_modeler;

fn pretty(v: &Value) -> String {
    serde_json::to_string_pretty(v).unwrap_or_default()
}

/// Keys of a table (or one of its indexes) of the model.
fn key_info(table: &str, index: &str) -> Option<KeyInfo> {
    let m = use_modeler();
    m.state.with_untracked(|s| s.playground.table_index(table).and_then(|i| s.playground.table(i)).map(|t| KeyInfo::of(&t.definition, index)))
}

/// The JSON the builder writes, or its error.
fn request_of(b: &Builder) -> Result<Value, FieldError> {
    let keys = key_info(&b.table, &b.index).unwrap_or_default();
    b.to_request(&keys)
}

#[component]
pub fn BuilderPanel() -> impl IntoView {
    let m = use_modeler();
    let session = use_session();
    let b = session.builder;
    // Start on the selected table.
    if b.with_untracked(|b| b.table.is_empty()) {
        let name = m.state.with_untracked(|s| m.selected.get_untracked().and_then(|i| s.playground.table(i)).map(|t| t.name().to_string()));
        if let Some(name) = name {
            b.update(|b| b.table = name);
        }
    }
    let json = RwSignal::new(request_of(&b.get_untracked()).map(|v| pretty(&v)).unwrap_or_default());
    // `Some(reason)`: the JSON was edited into something the controls cannot show; it is what runs.
    let json_only = RwSignal::new(None::<String>);
    let json_error = RwSignal::new(None::<String>);
    let field_error = RwSignal::new(None::<(String, String)>);

    // Controls → JSON.
    let set = move |f: &dyn Fn(&mut Builder)| {
        b.update(|x| {
            f(x);
            x.start_key = None;
        });
        json_only.set(None);
        json_error.set(None);
        field_error.set(None);
        match request_of(&b.get_untracked()) {
            Ok(v) => json.set(pretty(&v)),
            Err(e) => field_error.set(Some((e.field.to_string(), e.message))),
        }
    };
    // JSON → controls.
    let on_json = move |text: String| {
        json.set(text.clone());
        field_error.set(None);
        match serde_json::from_str::<Value>(&text) {
            Err(e) => {
                json_error.set(Some(format!("SerializationException: the request is not valid JSON ({e})")));
            }
            Ok(v) => {
                json_error.set(None);
                let action = b.with_untracked(|b| b.op.action());
                match Builder::from_request(action, &v, key_info) {
                    Ok(nb) => {
                        b.set(nb);
                        json_only.set(None);
                    }
                    Err(reason) => json_only.set(Some(reason)),
                }
            }
        }
    };

    let tables = move || m.state.with(|s| s.playground.tables().iter().map(|t| t.name().to_string()).collect::<Vec<_>>());
    let indexes = move || {
        let table = b.with(|b| b.table.clone());
        m.state.with(|s| {
            s.playground
                .table_index(&table)
                .and_then(|i| s.playground.table(i))
                .map(|t| crate::model::index_view::indexes(&t.definition).into_iter().map(|i| (i.name.clone(), if i.global { "GSI" } else { "LSI" })).collect::<Vec<_>>())
                .unwrap_or_default()
        })
    };
    // Follow the model: when the builder's table is not (or no longer) in it — the page loaded before an
    // example, a table was renamed or removed — start on the selected table.
    Effect::new(move |_| {
        let names = tables();
        let selected = m.state.with(|s| m.selected.get().and_then(|i| s.playground.table(i)).map(|t| t.name().to_string()));
        let current = b.with_untracked(|b| b.table.clone());
        if !names.contains(&current) {
            if let Some(name) = selected.or_else(|| names.first().cloned()) {
                set(&|x: &mut Builder| {
                    x.table = name.clone();
                    x.index.clear();
                });
            }
        }
    });
    let keys = move || b.with(|b| key_info(&b.table, &b.index)).unwrap_or_default();
    let is_query = move || b.with(|b| b.op == Operation::Query);
    let err_at = move |field: &'static str| {
        move || {
            field_error.with(|e| e.as_ref().filter(|(f, _)| f == field).map(|(_, msg)| view! { <p class="mdl-error" data-testid=format!("q-error-{field}")>{msg.clone()}</p> }))
        }
    };

    // The request as the builder holds it ({placeholders} unfilled).
    let current = move || {
        if json_error.with_untracked(|e| e.is_some()) {
            return None;
        }
        if json_only.with_untracked(|j| j.is_some()) {
            let v = serde_json::from_str::<Value>(&json.get_untracked()).ok()?;
            return Some((b.with_untracked(|b| b.op.action()), v));
        }
        match request_of(&b.get_untracked()) {
            Ok(v) => Some((b.with_untracked(|b| b.op.action()), v)),
            Err(e) => {
                field_error.set(Some((e.field.to_string(), e.message)));
                None
            }
        }
    };
    let run_now = move || {
        let Some((action, request)) = current() else { return };
        let Some(request) = save_pattern::resolve(action, request) else { return };
        let outcome = run(Source::Builder, action, request);
        if let Err(f) = &outcome.result {
            field_error.set(Some((error_field(&f.message).to_string(), format!("{}: {}", f.type_name, f.message))));
        }
    };
    let next_page = move || {
        let lek = session.last.with_untracked(|o| o.as_ref().filter(|o| o.source == Source::Builder).and_then(|o| o.summary.last_evaluated_key.clone()));
        if let Some(k) = lek {
            b.update(|x| x.start_key = Some(k));
            if let Ok(v) = request_of(&b.get_untracked()) {
                json.set(pretty(&v));
            }
            run_now();
        }
    };
    let has_next = move || session.last.with(|o| o.as_ref().is_some_and(|o| o.source == Source::Builder && o.summary.last_evaluated_key.is_some()));

    view! {
        <form class="q-builder" data-testid="q-builder" on:submit=move |ev| { ev.prevent_default(); run_now(); }>
            <div class="q-controls">
                <div class="q-row">
                    <label class="q-field">"Operation"
                        <select class="mdl-input" data-testid="q-op" prop:value=move || b.with(|b| b.op.action().to_string())
                            on:change=move |ev| { let v = event_target_value(&ev); set(&|x: &mut Builder| x.op = if v == "Scan" { Operation::Scan } else { Operation::Query }) }>
                            <option value="Query">"Query"</option>
                            <option value="Scan">"Scan"</option>
                        </select>
                    </label>
                    <label class="q-field">"Table"
                        <select class="mdl-input" data-testid="q-table" prop:value=move || b.with(|b| b.table.clone())
                            on:change=move |ev| { let v = event_target_value(&ev); set(&|x: &mut Builder| { x.table = v.clone(); x.index.clear(); }) }>
                            {move || tables().into_iter().map(|t| view! { <option value=t.clone()>{t.clone()}</option> }).collect_view()}
                        </select>
                    </label>
                    <label class="q-field">"Index"
                        <select class="mdl-input" data-testid="q-index" prop:value=move || b.with(|b| b.index.clone())
                            on:change=move |ev| { let v = event_target_value(&ev); set(&|x: &mut Builder| x.index = v.clone()) }>
                            <option value="">"(table)"</option>
                            {move || indexes().into_iter().map(|(n, kind)| view! { <option value=n.clone()>{format!("{n} ({kind})")}</option> }).collect_view()}
                        </select>
                    </label>
                </div>
                {err_at("index")}
                <Show when=is_query>
                    <div class="q-row">
                        <label class="q-field q-grow">{move || { let k = keys(); format!("{} = ({})", k.partition, k.partition_type) }}
                            <input class="mdl-input" data-testid="q-pk" placeholder="partition key value" prop:value=move || b.with(|b| b.pk.clone())
                                on:input=move |ev| { let v = event_target_value(&ev); set(&|x: &mut Builder| x.pk = v.clone()) }/>
                        </label>
                    </div>
                    <Show when=move || keys().sort.is_some()>
                        <div class="q-row">
                            <label class="q-field">{move || keys().sort.map(|(n, t)| format!("{n} ({t})")).unwrap_or_default()}
                                <select class="mdl-input" data-testid="q-sort-op" prop:value=move || b.with(|b| b.sort_op.slug().to_string())
                                    on:change=move |ev| { let v = event_target_value(&ev); set(&|x: &mut Builder| x.sort_op = SortOp::from_slug(&v)) }>
                                    {SortOp::ALL.into_iter().map(|o| view! { <option value=o.slug()>{o.label()}</option> }).collect_view()}
                                </select>
                            </label>
                            <Show when=move || b.with(|b| b.sort_op != SortOp::None)>
                                <label class="q-field q-grow">"value"
                                    <input class="mdl-input" data-testid="q-sk" prop:value=move || b.with(|b| b.sk.clone())
                                        on:input=move |ev| { let v = event_target_value(&ev); set(&|x: &mut Builder| x.sk = v.clone()) }/>
                                </label>
                            </Show>
                            <Show when=move || b.with(|b| b.sort_op == SortOp::Between)>
                                <label class="q-field q-grow">"and"
                                    <input class="mdl-input" data-testid="q-sk2" prop:value=move || b.with(|b| b.sk2.clone())
                                        on:input=move |ev| { let v = event_target_value(&ev); set(&|x: &mut Builder| x.sk2 = v.clone()) }/>
                                </label>
                            </Show>
                        </div>
                    </Show>
                    {err_at("key")}
                </Show>
                <label class="q-field">"Filter expression"
                    <input class="mdl-input mdl-mono" data-testid="q-filter" placeholder="#s = :s" prop:value=move || b.with(|b| b.filter.clone())
                        on:input=move |ev| { let v = event_target_value(&ev); set(&|x: &mut Builder| x.filter = v.clone()) }/>
                </label>
                {err_at("filter")}
                <label class="q-field">"Projection expression"
                    <input class="mdl-input mdl-mono" data-testid="q-projection" placeholder="PK, SK, #s" prop:value=move || b.with(|b| b.projection.clone())
                        on:input=move |ev| { let v = event_target_value(&ev); set(&|x: &mut Builder| x.projection = v.clone()) }/>
                </label>
                {err_at("projection")}
                <div class="q-row">
                    <label class="q-field q-grow">"Attribute names (JSON)"
                        <input class="mdl-input mdl-mono" data-testid="q-names" placeholder=r##"{"#s": "status"}"## prop:value=move || b.with(|b| b.names.clone())
                            on:input=move |ev| { let v = event_target_value(&ev); set(&|x: &mut Builder| x.names = v.clone()) }/>
                    </label>
                    <label class="q-field q-grow">"Attribute values (JSON)"
                        <input class="mdl-input mdl-mono" data-testid="q-values" placeholder=r#"{":s": {"S": "SHIPPED"}}"# prop:value=move || b.with(|b| b.values.clone())
                            on:input=move |ev| { let v = event_target_value(&ev); set(&|x: &mut Builder| x.values = v.clone()) }/>
                    </label>
                </div>
                {err_at("names")}
                {err_at("values")}
                <div class="q-row">
                    <label class="q-field">"Limit"
                        <input class="mdl-input q-narrow" data-testid="q-limit" inputmode="numeric" prop:value=move || b.with(|b| b.limit.clone())
                            on:input=move |ev| { let v = event_target_value(&ev); set(&|x: &mut Builder| x.limit = v.clone()) }/>
                    </label>
                    <label class="q-field">"Select"
                        <select class="mdl-input" data-testid="q-select" prop:value=move || b.with(|b| b.select.clone())
                            on:change=move |ev| { let v = event_target_value(&ev); set(&|x: &mut Builder| x.select = v.clone()) }>
                            <option value="">"(default)"</option>
                            <option value="ALL_ATTRIBUTES">"ALL_ATTRIBUTES"</option>
                            <option value="ALL_PROJECTED_ATTRIBUTES">"ALL_PROJECTED_ATTRIBUTES"</option>
                            <option value="SPECIFIC_ATTRIBUTES">"SPECIFIC_ATTRIBUTES"</option>
                            <option value="COUNT">"COUNT"</option>
                        </select>
                    </label>
                    <Show when=is_query>
                        <label class="q-check"><input type="checkbox" data-testid="q-forward" prop:checked=move || b.with(|b| b.forward)
                            on:change=move |ev| { let v = event_target_checked(&ev); set(&|x: &mut Builder| x.forward = v) }/>"ScanIndexForward"</label>
                    </Show>
                    <label class="q-check"><input type="checkbox" data-testid="q-consistent" prop:checked=move || b.with(|b| b.consistent)
                        on:change=move |ev| { let v = event_target_checked(&ev); set(&|x: &mut Builder| x.consistent = v) }/>"ConsistentRead"</label>
                </div>
                {err_at("limit")}
                {err_at("select")}
                {err_at("consistent")}
                <Show when=move || !is_query()>
                    <div class="q-row">
                        <label class="q-field">"Segment"
                            <input class="mdl-input q-narrow" data-testid="q-segment" inputmode="numeric" prop:value=move || b.with(|b| b.segment.clone())
                                on:input=move |ev| { let v = event_target_value(&ev); set(&|x: &mut Builder| x.segment = v.clone()) }/>
                        </label>
                        <label class="q-field">"TotalSegments"
                            <input class="mdl-input q-narrow" data-testid="q-total-segments" inputmode="numeric" prop:value=move || b.with(|b| b.total_segments.clone())
                                on:input=move |ev| { let v = event_target_value(&ev); set(&|x: &mut Builder| x.total_segments = v.clone()) }/>
                        </label>
                    </div>
                    {err_at("segment")}
                </Show>
                <div class="q-row">
                    <button type="submit" class="mdl-btn mdl-primary" data-testid="q-run">"Run"</button>
                    <button type="button" class="mdl-btn" data-testid="q-next" disabled=move || !has_next() on:click=move |_| next_page()>"Next page"</button>
                    {move || b.with(|b| b.start_key.is_some()).then(|| view! { <span class="mdl-muted" data-testid="q-start-key">"from ExclusiveStartKey"</span> })}
                </div>
                {err_at("request")}
                <save_pattern::PatternBar json=json current=Callback::new(move |_| current())/>
            </div>
            <div class="q-json">
                <label class="q-field">"Request JSON"
                    <textarea class="mdl-input mdl-mono q-json-text" data-testid="q-json" spellcheck="false" rows="16"
                        prop:value=move || json.get() on:input=move |ev| on_json(event_target_value(&ev))></textarea>
                </label>
                {move || json_error.get().map(|e| view! { <p class="mdl-error" data-testid="q-json-error">{e}</p> })}
                {move || json_only.get().map(|r| view! { <p class="q-note" data-testid="q-json-note">{format!("The builder can't show this request ({r}); the JSON is what runs.")}</p> })}
            </div>
        </form>
    }
}
