//! The table designer: name, keys, billing and capacity, GSIs and LSIs. Every change is checked by
//! CreateTable on a scratch engine database and DynamoDB's error is shown next to the field it names.

use leptos::prelude::*;

use crate::model::design::{scalar_from_tag, scalar_tag, Field, IndexDraft, KeyDraft, TableDraft};
use crate::model::{Edit, TableState};

use super::state::{now, use_modeler};

fn text_input(value: Signal<String>, set: impl Fn(String) + 'static, testid: String, label: &'static str) -> impl IntoView {
    view! {
        <label class="mdl-field">
            <span class="mdl-label">{label}</span>
            <input type="text" class="mdl-input" data-testid=testid spellcheck="false"
                prop:value=move || value.get() on:input=move |ev| set(event_target_value(&ev))/>
        </label>
    }
}

fn type_select(value: Signal<String>, set: impl Fn(String) + 'static, testid: String) -> impl IntoView {
    view! {
        <label class="mdl-field mdl-narrow">
            <span class="mdl-label">"Type"</span>
            <select class="mdl-input" data-testid=testid prop:value=move || value.get()
                on:change=move |ev| set(event_target_value(&ev))>
                <option value="S">"S"</option>
                <option value="N">"N"</option>
                <option value="B">"B"</option>
            </select>
        </label>
    }
}

#[component]
pub fn TableDesigner(table: Option<usize>) -> impl IntoView {
    let m = use_modeler();
    let start = table
        .and_then(|i| m.state.with_untracked(|s| s.playground.table(i).map(|t| TableDraft::from_definition(&t.definition))))
        .unwrap_or_default();
    let draft = RwSignal::new(start);
    let touched = RwSignal::new(table.is_some());
    let apply_error = RwSignal::new(None::<String>);
    let check = Memo::new(move |_| draft.with(|d| d.check(now())));
    let gsi_count = Memo::new(move |_| draft.with(|d| d.gsis.len()));
    let lsi_count = Memo::new(move |_| draft.with(|d| d.lsis.len()));
    let has_sort = Memo::new(move |_| draft.with(|d| d.sort.is_some()));
    let provisioned = Memo::new(move |_| draft.with(|d| d.billing_mode == "PROVISIONED"));

    let edit = move |f: Box<dyn FnOnce(&mut TableDraft)>| {
        touched.set(true);
        apply_error.set(None);
        draft.update(|d| f(d));
    };
    let error_for = move |field: Field| {
        move || {
            if !touched.get() {
                return None;
            }
            check.with(|c| match c {
                Err(e) if e.field == field => Some(format!("{}: {}", e.error.type_name(), e.error.message())),
                _ => None,
            })
        }
    };
    let error_view = move |field: Field, testid: String| {
        let text = Signal::derive(error_for(field));
        view! { <p class="mdl-error" data-testid=testid role="alert" hidden=move || text.with(|t| t.is_none())>{move || text.get().unwrap_or_default()}</p> }
    };

    let save = move |_| {
        touched.set(true);
        let def = match check.get_untracked() {
            Ok(def) => def,
            Err(_) => return,
        };
        let result = match table {
            None => {
                let at = m.state.with_untracked(|s| s.playground.tables().len());
                let t = TableState { definition: def, entities: vec![], rows: vec![], definition_error: None, time_to_live: None };
                m.perform(Edit::InsertTable { at, table: t }).map(|_| m.selected.set(Some(at)))
            }
            Some(i) => m.perform(Edit::SetDefinition { table: i, definition: def }),
        };
        match result {
            Ok(()) => m.dialog.set(None),
            Err(e) => apply_error.set(Some(e.to_string())),
        }
    };

    let key_fields = move |prefix: &'static str, get: fn(&TableDraft) -> Option<&KeyDraft>, set: fn(&mut TableDraft) -> Option<&mut KeyDraft>| {
        let name = Signal::derive(move || draft.with(|d| get(d).map(|k| k.name.clone()).unwrap_or_default()));
        let ty = Signal::derive(move || draft.with(|d| get(d).map(|k| scalar_tag(k.key_type).to_string()).unwrap_or_default()));
        view! {
            <div class="mdl-row">
                {text_input(name, move |v| edit(Box::new(move |d| if let Some(k) = set(d) { k.name = v })), format!("{prefix}-name"), "Attribute name")}
                {type_select(ty, move |v| edit(Box::new(move |d| if let Some(k) = set(d) { k.key_type = scalar_from_tag(&v) })), format!("{prefix}-type"))}
            </div>
        }
    };

    let index_row = move |global: bool, i: usize| {
        let kind = if global { "gsi" } else { "lsi" };
        let get = move |d: &TableDraft| -> Option<IndexDraft> { if global { d.gsis.get(i).cloned() } else { d.lsis.get(i).cloned() } };
        let upd = move |f: Box<dyn FnOnce(&mut IndexDraft)>| {
            edit(Box::new(move |d| {
                let list = if global { &mut d.gsis } else { &mut d.lsis };
                if let Some(ix) = list.get_mut(i) {
                    f(ix)
                }
            }))
        };
        let field = |f: fn(&IndexDraft) -> String| Signal::derive(move || draft.with(|d| get(d).map(|x| f(&x)).unwrap_or_default()));
        let name = field(|x| x.name.clone());
        let pk = field(|x| x.partition.name.clone());
        let pk_t = field(|x| scalar_tag(x.partition.key_type).to_string());
        let sk = field(|x| x.sort.as_ref().map(|k| k.name.clone()).unwrap_or_default());
        let sk_t = field(|x| x.sort.as_ref().map(|k| scalar_tag(k.key_type).to_string()).unwrap_or_else(|| "S".into()));
        let proj = field(|x| x.projection.clone());
        let include = field(|x| x.include.clone());
        let rcu = field(|x| x.read_capacity.clone());
        let wcu = field(|x| x.write_capacity.clone());
        let p = format!("{kind}-{i}");
        let (id_include, id_rcu, id_wcu, id_err) = (format!("{p}-include"), format!("{p}-rcu"), format!("{p}-wcu"), format!("error-{p}"));
        view! {
            <fieldset class="mdl-index" data-testid=p.clone()>
                <legend>{if global { format!("GSI #{}", i + 1) } else { format!("LSI #{}", i + 1) }}</legend>
                <div class="mdl-row">
                    {text_input(name, move |v| upd(Box::new(move |x| x.name = v)), format!("{p}-name"), "Index name")}
                    <button type="button" class="mdl-link mdl-remove" data-testid=format!("{p}-remove")
                        on:click=move |_| edit(Box::new(move |d| { let l = if global { &mut d.gsis } else { &mut d.lsis }; if i < l.len() { l.remove(i); } }))>"Remove"</button>
                </div>
                <div class="mdl-row">
                {global.then(|| view! {
                        {text_input(pk, move |v| upd(Box::new(move |x| x.partition.name = v)), format!("{p}-pk-name"), "Partition key")}
                        {type_select(pk_t, move |v| upd(Box::new(move |x| x.partition.key_type = scalar_from_tag(&v))), format!("{p}-pk-type"))}
                })}
                    {text_input(sk, move |v| upd(Box::new(move |x| {
                        if v.is_empty() { x.sort = None } else {
                            let t = x.sort.as_ref().map(|k| k.key_type).unwrap_or(engine::value::ScalarType::S);
                            x.sort = Some(KeyDraft { name: v, key_type: t });
                        }
                    })), format!("{p}-sk-name"), if global { "Sort key (optional)" } else { "Sort key" })}
                    {type_select(sk_t, move |v| upd(Box::new(move |x| if let Some(k) = x.sort.as_mut() { k.key_type = scalar_from_tag(&v) })), format!("{p}-sk-type"))}
                </div>
                <div class="mdl-row">
                    <label class="mdl-field mdl-narrow">
                        <span class="mdl-label">"Projection"</span>
                        <select class="mdl-input" data-testid=format!("{p}-projection") prop:value=move || proj.get()
                            on:change=move |ev| { let v = event_target_value(&ev); upd(Box::new(move |x| x.projection = v)) }>
                            <option value="ALL">"ALL"</option>
                            <option value="KEYS_ONLY">"KEYS_ONLY"</option>
                            <option value="INCLUDE">"INCLUDE"</option>
                        </select>
                    </label>
                    <Show when=move || proj.get() == "INCLUDE">
                        {text_input(include, move |v| upd(Box::new(move |x| x.include = v)), id_include.clone(), "Included attributes (comma separated)")}
                    </Show>
                </div>
                <Show when=move || global && provisioned.get()>
                    <div class="mdl-row">
                        {text_input(rcu, move |v| upd(Box::new(move |x| x.read_capacity = v)), id_rcu.clone(), "Read capacity")}
                        {text_input(wcu, move |v| upd(Box::new(move |x| x.write_capacity = v)), id_wcu.clone(), "Write capacity")}
                    </div>
                </Show>
                {error_view(if global { Field::Gsi(i) } else { Field::Lsi(i) }, id_err)}
            </fieldset>
        }
    };

    let name = Signal::derive(move || draft.with(|d| d.name.clone()));
    let billing = Signal::derive(move || draft.with(|d| d.billing_mode.clone()));
    let rcu = Signal::derive(move || draft.with(|d| d.read_capacity.clone()));
    let wcu = Signal::derive(move || draft.with(|d| d.write_capacity.clone()));

    view! {
        <form class="mdl-designer" data-testid="designer" on:submit=move |ev| { ev.prevent_default(); save(()) }>
            <h2 class="mdl-dialog-title">{if table.is_some() { "Edit table design" } else { "New table" }}</h2>
            <p class="mdl-muted">"Checked by the engine's CreateTable as you type: the errors are DynamoDB's."</p>
            {text_input(name, move |v| edit(Box::new(move |d| d.name = v)), "table-name".into(), "Table name")}
            {error_view(Field::TableName, "error-table-name".into())}
            <div class="mdl-two">
            <fieldset class="mdl-group">
                <legend>"Partition key"</legend>
                {key_fields("pk", |d| Some(&d.partition), |d| Some(&mut d.partition))}
            </fieldset>
            <fieldset class="mdl-group">
                <legend>
                    <label class="mdl-check">
                        <input type="checkbox" data-testid="sk-enabled" prop:checked=move || has_sort.get()
                            on:change=move |ev| { let on = event_target_checked(&ev); edit(Box::new(move |d| d.sort = if on { Some(KeyDraft::new("SK", engine::value::ScalarType::S)) } else { None })) }/>
                        " Sort key"
                    </label>
                </legend>
                <Show when=move || has_sort.get()>
                    {key_fields("sk", |d| d.sort.as_ref(), |d| d.sort.as_mut())}
                </Show>
            </fieldset>
            </div>
            {error_view(Field::Keys, "error-keys".into())}
            <fieldset class="mdl-group">
                <legend>"Capacity"</legend>
                <div class="mdl-row">
                    <label class="mdl-field">
                        <span class="mdl-label">"Billing mode"</span>
                        <select class="mdl-input" data-testid="billing-mode" prop:value=move || billing.get()
                            on:change=move |ev| { let v = event_target_value(&ev); edit(Box::new(move |d| d.billing_mode = v)) }>
                            <option value="PAY_PER_REQUEST">"On-demand (PAY_PER_REQUEST)"</option>
                            <option value="PROVISIONED">"Provisioned"</option>
                        </select>
                    </label>
                    <Show when=move || provisioned.get()>
                        {text_input(rcu, move |v| edit(Box::new(move |d| d.read_capacity = v)), "rcu".into(), "Read capacity units")}
                        {text_input(wcu, move |v| edit(Box::new(move |d| d.write_capacity = v)), "wcu".into(), "Write capacity units")}
                    </Show>
                </div>
                {error_view(Field::Billing, "error-billing".into())}
            </fieldset>
            <fieldset class="mdl-group">
                <legend>"Global secondary indexes"</legend>
                {move || (0..gsi_count.get()).map(|i| index_row(true, i)).collect_view()}
                <button type="button" class="mdl-btn" data-testid="add-gsi"
                    on:click=move |_| edit(Box::new(|d| { let n = d.gsis.len() + 1; d.gsis.push(IndexDraft::new_gsi(n)) }))>"+ GSI"</button>
            </fieldset>
            <fieldset class="mdl-group">
                <legend>"Local secondary indexes"</legend>
                {move || (0..lsi_count.get()).map(|i| index_row(false, i)).collect_view()}
                <Show when=move || table.is_none() fallback=|| view! { <p class="mdl-muted">"LSIs are defined when a table is created; editing them here re-creates the table and re-stores its items."</p> }>
                    <span></span>
                </Show>
                <button type="button" class="mdl-btn" data-testid="add-lsi"
                    on:click=move |_| edit(Box::new(|d| { let n = d.lsis.len() + 1; d.lsis.push(IndexDraft::new_lsi(n)) }))>"+ LSI"</button>
            </fieldset>
            {error_view(Field::General, "error-general".into())}
            <p class="mdl-error" data-testid="designer-apply-error" hidden=move || apply_error.with(|e| e.is_none())>
                {move || apply_error.get().unwrap_or_default()}
            </p>
            <div class="mdl-actions">
                {table.map(|at| view! {
                    <button type="button" class="mdl-btn mdl-danger" data-testid="designer-delete" title="Delete the table and its items (undo brings them back)"
                        on:click=move |_| match m.perform(Edit::RemoveTable { at }) {
                            Ok(()) => { m.clamp_selection(); m.dialog.set(None) }
                            Err(e) => apply_error.set(Some(e.to_string())),
                        }>"Delete table"</button>
                    <span class="mdl-spacer"></span>
                })}
                <button type="button" class="mdl-btn" data-testid="designer-cancel" on:click=move |_| m.dialog.set(None)>"Cancel"</button>
                <button type="submit" class="mdl-btn mdl-primary" data-testid="designer-save"
                    disabled=move || touched.get() && check.with(|c| c.is_err())>{if table.is_some() { "Apply" } else { "Create table" }}</button>
            </div>
        </form>
    }
}
