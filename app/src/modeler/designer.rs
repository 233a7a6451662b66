//! The table designer: name, keys, billing and capacity, GSIs and LSIs. Every change is checked by
//! CreateTable on a scratch engine database and DynamoDB's error is shown next to the field it names.

use crate::ui::prelude::*;

use crate::model::design::{scalar_from_tag, scalar_tag, Field, IndexDraft, KeyDraft, TableDraft};
use crate::model::{Edit, TableState};

use crate::state::{now, use_modeler};

fn text_input(value: Signal<String>, set: Box<dyn Fn(String)>, testid: &str, label: &str) -> El {
    el("label").class("mdl-field").child(el("span").class("mdl-label").text(label)).child(
        el("input")
            .ty("text")
            .class("mdl-input")
            .tid(testid)
            .attr("spellcheck", "false")
            .dyn_value(move || value.get())
            .on_input(move |v| set(v)),
    )
}

/// `<option value=v>label</option>` for each pair.
pub(super) fn options(pairs: &[(&str, &str)]) -> Vec<El> {
    pairs.iter().map(|(v, label)| el("option").attr("value", v).text(label)).collect()
}

fn type_select(value: Signal<String>, set: Box<dyn Fn(String)>, testid: &str) -> El {
    el("label").class("mdl-field mdl-narrow").child(el("span").class("mdl-label").text("Type")).child(
        el("select")
            .class("mdl-input")
            .tid(testid)
            .children(options(&[("S", "S"), ("N", "N"), ("B", "B")]))
            // After the options: a select's value can only name one it has.
            .dyn_value(move || value.get())
            .on_change(move |v| set(v)),
    )
}

/// A message of the form under `field`, shown while CreateTable reports one there.
fn error_view(text: Signal<Option<String>>, testid: &str) -> El {
    el("p")
        .class("mdl-error")
        .tid(testid)
        .attr("role", "alert")
        .dyn_flag("hidden", move || text.with(|t| t.is_none()))
        .dyn_text(move || text.get().unwrap_or_default())
}

pub fn table_designer(table: Option<usize>) -> View {
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
        Signal::derive(move || {
            if !touched.get() {
                return None;
            }
            check.with(|c| match c {
                Err(e) if e.field == field => Some(format!("{}: {}", e.error.type_name(), e.error.message())),
                _ => None,
            })
        })
    };

    let save = move || {
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
        el("div")
            .class("mdl-row")
            .child(text_input(name, Box::new(move |v| edit(Box::new(move |d| if let Some(k) = set(d) { k.name = v }))), &format!("{prefix}-name"), "Attribute name"))
            .child(type_select(ty, Box::new(move |v| edit(Box::new(move |d| if let Some(k) = set(d) { k.key_type = scalar_from_tag(&v) }))), &format!("{prefix}-type")))
    };

    let index_row = move |global: bool, i: usize| -> View {
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
        let (id_include, id_rcu, id_wcu) = (format!("{p}-include"), format!("{p}-rcu"), format!("{p}-wcu"));
        let keys = el("div")
            .class("mdl-row")
            .child(global.then(|| {
                fragment(vec![
                    text_input(pk, Box::new(move |v| upd(Box::new(move |x| x.partition.name = v))), &format!("{p}-pk-name"), "Partition key").into(),
                    type_select(pk_t, Box::new(move |v| upd(Box::new(move |x| x.partition.key_type = scalar_from_tag(&v)))), &format!("{p}-pk-type")).into(),
                ])
            }))
            .child(text_input(
                sk,
                Box::new(move |v| {
                    upd(Box::new(move |x| {
                        if v.is_empty() {
                            x.sort = None
                        } else {
                            let t = x.sort.as_ref().map(|k| k.key_type).unwrap_or(engine::value::ScalarType::S);
                            x.sort = Some(KeyDraft { name: v, key_type: t });
                        }
                    }))
                }),
                &format!("{p}-sk-name"),
                if global { "Sort key (optional)" } else { "Sort key" },
            ))
            .child(type_select(sk_t, Box::new(move |v| upd(Box::new(move |x| if let Some(k) = x.sort.as_mut() { k.key_type = scalar_from_tag(&v) }))), &format!("{p}-sk-type")));
        el("fieldset")
            .class("mdl-index")
            .tid(&p)
            .child(el("legend").text(&if global { format!("GSI #{}", i + 1) } else { format!("LSI #{}", i + 1) }))
            .child(
                el("div")
                    .class("mdl-row")
                    .child(text_input(name, Box::new(move |v| upd(Box::new(move |x| x.name = v))), &format!("{p}-name"), "Index name"))
                    .child(
                        el("button")
                            .ty("button")
                            .class("mdl-link mdl-remove")
                            .tid(&format!("{p}-remove"))
                            .on_click(move |_| {
                                edit(Box::new(move |d| {
                                    let l = if global { &mut d.gsis } else { &mut d.lsis };
                                    if i < l.len() {
                                        l.remove(i);
                                    }
                                }))
                            })
                            .text("Remove"),
                    ),
            )
            .child(keys)
            .child(
                el("div")
                    .class("mdl-row")
                    .child(
                        el("label").class("mdl-field mdl-narrow").child(el("span").class("mdl-label").text("Projection")).child(
                            el("select")
                                .class("mdl-input")
                                .tid(&format!("{p}-projection"))
                                .children(options(&[("ALL", "ALL"), ("KEYS_ONLY", "KEYS_ONLY"), ("INCLUDE", "INCLUDE")]))
                                .dyn_value(move || proj.get())
                                .on_change(move |v| upd(Box::new(move |x| x.projection = v))),
                        ),
                    )
                    .child(show(
                        move || proj.get() == "INCLUDE",
                        move || text_input(include, Box::new(move |v| upd(Box::new(move |x| x.include = v))), &id_include, "Included attributes (comma separated)").into(),
                    )),
            )
            .child(show(
                move || global && provisioned.get(),
                move || {
                    el("div")
                        .class("mdl-row")
                        .child(text_input(rcu, Box::new(move |v| upd(Box::new(move |x| x.read_capacity = v))), &id_rcu, "Read capacity"))
                        .child(text_input(wcu, Box::new(move |v| upd(Box::new(move |x| x.write_capacity = v))), &id_wcu, "Write capacity"))
                        .into()
                },
            ))
            .child(error_view(error_for(if global { Field::Gsi(i) } else { Field::Lsi(i) }), &format!("error-{p}")))
            .into()
    };

    let name = Signal::derive(move || draft.with(|d| d.name.clone()));
    let billing = Signal::derive(move || draft.with(|d| d.billing_mode.clone()));
    let rcu = Signal::derive(move || draft.with(|d| d.read_capacity.clone()));
    let wcu = Signal::derive(move || draft.with(|d| d.write_capacity.clone()));

    let sort_key = el("fieldset")
        .class("mdl-group")
        .child(
            el("legend").child(
                el("label")
                    .class("mdl-check")
                    .child(el("input").ty("checkbox").tid("sk-enabled").dyn_checked(move || has_sort.get()).on("change", move |ev| {
                        let on = event_target_checked(&ev);
                        edit(Box::new(move |d| d.sort = if on { Some(KeyDraft::new("SK", engine::value::ScalarType::S)) } else { None }))
                    }))
                    .text(" Sort key"),
            ),
        )
        .child(show(move || has_sort.get(), move || key_fields("sk", |d| d.sort.as_ref(), |d| d.sort.as_mut()).into()));

    let capacity = el("fieldset")
        .class("mdl-group")
        .child(el("legend").text("Capacity"))
        .child(
            el("div")
                .class("mdl-row")
                .child(
                    el("label").class("mdl-field").child(el("span").class("mdl-label").text("Billing mode")).child(
                        el("select")
                            .class("mdl-input")
                            .tid("billing-mode")
                            .children(options(&[("PAY_PER_REQUEST", "On-demand (PAY_PER_REQUEST)"), ("PROVISIONED", "Provisioned")]))
                            .dyn_value(move || billing.get())
                            .on_change(move |v| edit(Box::new(move |d| d.billing_mode = v))),
                    ),
                )
                .child(show(
                    move || provisioned.get(),
                    move || {
                        fragment(vec![
                            text_input(rcu, Box::new(move |v| edit(Box::new(move |d| d.read_capacity = v))), "rcu", "Read capacity units").into(),
                            text_input(wcu, Box::new(move |v| edit(Box::new(move |d| d.write_capacity = v))), "wcu", "Write capacity units").into(),
                        ])
                    },
                )),
        )
        .child(error_view(error_for(Field::Billing), "error-billing"));

    let gsis = el("fieldset")
        .class("mdl-group")
        .child(el("legend").text("Global secondary indexes"))
        .child(each(move || (0..gsi_count.get()).collect(), |i| *i, move |i| index_row(true, i)))
        .child(
            el("button")
                .ty("button")
                .class("mdl-btn")
                .tid("add-gsi")
                .on_click(move |_| {
                    edit(Box::new(|d| {
                        let n = d.gsis.len() + 1;
                        d.gsis.push(IndexDraft::new_gsi(n))
                    }))
                })
                .text("+ GSI"),
        );

    let lsis = el("fieldset")
        .class("mdl-group")
        .child(el("legend").text("Local secondary indexes"))
        .child(each(move || (0..lsi_count.get()).collect(), |i| *i, move |i| index_row(false, i)))
        .child(if table.is_none() {
            el("span")
        } else {
            el("p").class("mdl-muted").text("LSIs are defined when a table is created; editing them here re-creates the table and re-stores its items.")
        })
        .child(
            el("button")
                .ty("button")
                .class("mdl-btn")
                .tid("add-lsi")
                .on_click(move |_| {
                    edit(Box::new(|d| {
                        let n = d.lsis.len() + 1;
                        d.lsis.push(IndexDraft::new_lsi(n))
                    }))
                })
                .text("+ LSI"),
        );

    let actions = el("div")
        .class("mdl-actions")
        .child(table.map(|at| {
            fragment(vec![
                el("button")
                    .ty("button")
                    .class("mdl-btn mdl-danger")
                    .tid("designer-delete")
                    .attr("title", "Delete the table and its items (undo brings them back)")
                    .on_click(move |_| match m.perform(Edit::RemoveTable { at }) {
                        Ok(()) => {
                            m.clamp_selection();
                            m.dialog.set(None)
                        }
                        Err(e) => apply_error.set(Some(e.to_string())),
                    })
                    .text("Delete table")
                    .into(),
                el("span").class("mdl-spacer").into(),
            ])
        }))
        .child(el("button").ty("button").class("mdl-btn").tid("designer-cancel").on_click(move |_| m.dialog.set(None)).text("Cancel"))
        .child(
            el("button")
                .ty("submit")
                .class("mdl-btn mdl-primary")
                .tid("designer-save")
                .dyn_flag("disabled", move || touched.get() && check.with(|c| c.is_err()))
                .text(if table.is_some() { "Apply" } else { "Create table" }),
        );

    el("form")
        .class("mdl-designer")
        .tid("designer")
        .on("submit", move |ev| {
            ev.prevent_default();
            save()
        })
        .child(el("h2").class("mdl-dialog-title").text(if table.is_some() { "Edit table design" } else { "New table" }))
        .child(el("p").class("mdl-muted").text("Checked by the engine's CreateTable as you type: the errors are DynamoDB's."))
        .child(text_input(name, Box::new(move |v| edit(Box::new(move |d| d.name = v))), "table-name", "Table name"))
        .child(error_view(error_for(Field::TableName), "error-table-name"))
        .child(
            el("div")
                .class("mdl-two")
                .child(el("fieldset").class("mdl-group").child(el("legend").text("Partition key")).child(key_fields("pk", |d| Some(&d.partition), |d| Some(&mut d.partition))))
                .child(sort_key),
        )
        .child(error_view(error_for(Field::Keys), "error-keys"))
        .child(capacity)
        .child(gsis)
        .child(lsis)
        .child(error_view(error_for(Field::General), "error-general"))
        .child(
            el("p")
                .class("mdl-error")
                .tid("designer-apply-error")
                .dyn_flag("hidden", move || apply_error.with(|e| e.is_none()))
                .dyn_text(move || apply_error.get().unwrap_or_default()),
        )
        .child(actions)
        .into()
}
