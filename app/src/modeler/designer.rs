//! The table designer: name, keys, billing and capacity, GSIs and LSIs. Every change is checked by
//! CreateTable on a scratch engine database and DynamoDB's error is shown next to the field it names.

use engine::value::ScalarType;
use leptos::prelude::*;

use crate::model::design::{scalar_from_tag, scalar_tag, DesignError, Field, IndexDraft, KeyDraft, TableDraft};
use crate::model::{Edit, TableState};

use super::form_fields::{options, text_input};
use crate::i18n::{t, t_string, use_i18n};
use crate::state::{now, use_modeler};

const SCALARS: &[(&str, &str)] = &[("S", "S"), ("N", "N"), ("B", "B")];

fn type_select(value: Signal<String>, set: impl Fn(String) + 'static, testid: String) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <label class="mdl-field mdl-narrow">
            <span class="mdl-label">{t!(i18n, modeler.type_label)}</span>
            <select class="mdl-input" data-testid=testid on:change=move |ev| set(event_target_value(&ev))>
                {options(SCALARS, value)}
            </select>
        </label>
    }
}

/// A message of the form under a field, shown while CreateTable reports one there.
fn error_view(text: Signal<Option<String>>, testid: impl Into<String>) -> impl IntoView {
    let testid: String = testid.into();
    view! {
        <p class="mdl-error" data-testid=testid role="alert" hidden=move || text.with(Option::is_none)>
            {move || text.get().unwrap_or_default()}
        </p>
    }
}

/// The designer's form state: the draft, whether the user has touched it (errors show from then on),
/// the engine's verdict on it, and why the last apply was refused.
#[derive(Clone, Copy)]
struct Form {
    draft: RwSignal<TableDraft>,
    touched: RwSignal<bool>,
    apply_error: RwSignal<Option<String>>,
    /// The index last changed: an error two indexes share shows at this one.
    edited: RwSignal<Option<Field>>,
    check: Memo<Result<serde_json::Value, DesignError>>,
    provisioned: Memo<bool>,
}

impl Form {
    fn edit(self, f: impl FnOnce(&mut TableDraft)) {
        self.touched.set(true);
        self.apply_error.set(None);
        self.draft.update(f);
    }

    /// Change index `i` (a GSI when `global`, else an LSI).
    fn edit_index(self, global: bool, i: usize, f: impl FnOnce(&mut IndexDraft)) {
        self.edited.set(Some(if global { Field::Gsi(i) } else { Field::Lsi(i) }));
        self.edit(|d| {
            let list = if global { &mut d.gsis } else { &mut d.lsis };
            if let Some(ix) = list.get_mut(i) {
                f(ix)
            }
        })
    }

    /// A value read off the draft.
    fn field<T: Clone + Send + Sync + 'static>(self, f: impl Fn(&TableDraft) -> T + Send + Sync + 'static) -> Signal<T> {
        Signal::derive(move || self.draft.with(&f))
    }

    /// The engine's message for `field`, once the form has been touched.
    fn error_for(self, field: Field) -> Signal<Option<String>> {
        Signal::derive(move || {
            if !self.touched.get() {
                return None;
            }
            self.check.with(|c| match c {
                Err(e) if e.field == field => Some(format!("{}: {}", e.error.type_name(), e.error.message())),
                _ => None,
            })
        })
    }
}

/// The partition or sort key's name and type (`prefix` "pk" or "sk" names the fields).
fn key_fields(form: Form, prefix: &'static str, get: fn(&TableDraft) -> Option<&KeyDraft>, set: fn(&mut TableDraft) -> Option<&mut KeyDraft>) -> impl IntoView {
    let i18n = use_i18n();
    let name = form.field(move |d| get(d).map(|k| k.name.clone()).unwrap_or_default());
    let ty = form.field(move |d| get(d).map(|k| scalar_tag(k.key_type).to_string()).unwrap_or_default());
    view! {
        <div class="mdl-row">
            {text_input(
                name,
                move |v| form.edit(|d| if let Some(k) = set(d) { k.name = v }),
                format!("{prefix}-name"),
                t!(i18n, modeler.attribute_name),
            )}
            {type_select(ty, move |v| form.edit(|d| if let Some(k) = set(d) { k.key_type = scalar_from_tag(&v) }), format!("{prefix}-type"))}
        </div>
    }
}

#[component]
pub fn TableDesigner(table: Option<usize>) -> impl IntoView {
    let m = use_modeler();
    let i18n = use_i18n();
    let start = table
        .and_then(|i| m.state.with_untracked(|s| s.playground.table(i).map(|t| TableDraft::from_definition(&t.definition))))
        .unwrap_or_default();
    let draft = RwSignal::new(start);
    let vectors = RwSignal::new(
        table.and_then(|i| m.state.with_untracked(|s| s.playground.table(i).map(|t| crate::model::vector_design::from_definition(&t.definition)))).unwrap_or_default(),
    );
    let edited = RwSignal::new(None::<Field>);
    let check = Memo::new(move |_| draft.with(|d| vectors.with(|v| crate::model::vector_design::check(d, v, now(), edited.get()))));
    let provisioned = Memo::new(move |_| draft.with(|d| d.billing_mode == "PROVISIONED"));
    let form = Form { draft, touched: RwSignal::new(table.is_some()), apply_error: RwSignal::new(None), edited, check, provisioned };
    let vector_form = super::vector_designer::VectorForm { vectors, touched: form.touched, apply_error: form.apply_error };
    let gsi_count = Memo::new(move |_| draft.with(|d| d.gsis.len()));
    let lsi_count = Memo::new(move |_| draft.with(|d| d.lsis.len()));
    let has_sort = Memo::new(move |_| draft.with(|d| d.sort.is_some()));

    let save = move || {
        form.touched.set(true);
        let Ok(def) = check.get_untracked() else { return };
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
            Err(e) => form.apply_error.set(Some(crate::state::edit_error_text(i18n.get_locale_untracked(), &e))),
        }
    };
    let delete = move |at: usize| match m.perform(Edit::RemoveTable { at }) {
        Ok(()) => {
            m.clamp_selection();
            m.dialog.set(None)
        }
        Err(e) => form.apply_error.set(Some(crate::state::edit_error_text(i18n.get_locale_untracked(), &e))),
    };

    view! {
        <form
            class="mdl-designer"
            data-testid="designer"
            on:submit=move |ev| {
                ev.prevent_default();
                save()
            }
        >
            <h2 class="mdl-dialog-title" id=super::dialog_title::TITLE_ID>{move || if table.is_some() { t_string!(i18n, modeler.designer_edit_title) } else { t_string!(i18n, modeler.designer_new_title) }}</h2>
            <p class="mdl-muted">{t!(i18n, modeler.designer_intro)}</p>
            {text_input(form.field(|d| d.name.clone()), move |v| form.edit(|d| d.name = v), "table-name".into(), t!(i18n, modeler.table_name))}
            {error_view(form.error_for(Field::TableName), "error-table-name")}
            <div class="mdl-two">
                <fieldset class="mdl-group">
                    <legend>{t!(i18n, modeler.partition_key)}</legend>
                    {key_fields(form, "pk", |d| Some(&d.partition), |d| Some(&mut d.partition))}
                </fieldset>
                <fieldset class="mdl-group">
                    <legend>
                        <label class="mdl-check">
                            <input
                                type="checkbox"
                                data-testid="sk-enabled"
                                prop:checked=move || has_sort.get()
                                on:change=move |ev| {
                                    let on = event_target_checked(&ev);
                                    form.edit(|d| d.sort = on.then(|| KeyDraft::new("SK", ScalarType::S)))
                                }
                            />
                            " "{t!(i18n, modeler.sort_key)}
                        </label>
                    </legend>
                    <Show when=move || has_sort.get()>{key_fields(form, "sk", |d| d.sort.as_ref(), |d| d.sort.as_mut())}</Show>
                </fieldset>
            </div>
            {error_view(form.error_for(Field::Keys), "error-keys")}
            <fieldset class="mdl-group">
                <legend>{t!(i18n, modeler.capacity)}</legend>
                <div class="mdl-row">
                    <label class="mdl-field">
                        <span class="mdl-label">{t!(i18n, modeler.billing_mode)}</span>
                        <select class="mdl-input" data-testid="billing-mode" on:change=move |ev| form.edit(|d| d.billing_mode = event_target_value(&ev))>
                            {move || {
                                let mode = form.field(|d| d.billing_mode.clone());
                                view! {
                                    <option value="PAY_PER_REQUEST" prop:selected=move || mode.with(|x| x == "PAY_PER_REQUEST")>
                                        {t!(i18n, modeler.billing_on_demand)}
                                    </option>
                                    <option value="PROVISIONED" prop:selected=move || mode.with(|x| x == "PROVISIONED")>
                                        {t!(i18n, modeler.billing_provisioned)}
                                    </option>
                                }
                            }}
                        </select>
                    </label>
                    <Show when=move || provisioned.get()>
                        {text_input(form.field(|d| d.read_capacity.clone()), move |v| form.edit(|d| d.read_capacity = v), "rcu".into(), t!(i18n, modeler.read_capacity_units))}
                        {text_input(form.field(|d| d.write_capacity.clone()), move |v| form.edit(|d| d.write_capacity = v), "wcu".into(), t!(i18n, modeler.write_capacity_units))}
                    </Show>
                </div>
                {error_view(form.error_for(Field::Billing), "error-billing")}
            </fieldset>
            <fieldset class="mdl-group">
                <legend>{t!(i18n, modeler.gsis)}</legend>
                <For each=move || 0..gsi_count.get() key=|i| *i let:i>
                    <IndexFields form global=true i/>
                </For>
                <button
                    type="button"
                    class="mdl-btn"
                    data-testid="add-gsi"
                    on:click=move |_| form.edit(|d| {
                        let n = d.gsis.len() + 1;
                        d.gsis.push(IndexDraft::new_gsi(n))
                    })
                >
                    "+ GSI"
                </button>
            </fieldset>
            <fieldset class="mdl-group">
                <legend>{t!(i18n, modeler.lsis)}</legend>
                <For each=move || 0..lsi_count.get() key=|i| *i let:i>
                    <IndexFields form global=false i/>
                </For>
                {if table.is_none() {
                    view! { <span></span> }.into_any()
                } else {
                    view! {
                        <p class="mdl-muted">{t!(i18n, modeler.lsi_note)}</p>
                    }
                        .into_any()
                }}
                <button
                    type="button"
                    class="mdl-btn"
                    data-testid="add-lsi"
                    on:click=move |_| form.edit(|d| {
                        let n = d.lsis.len() + 1;
                        d.lsis.push(IndexDraft::new_lsi(n))
                    })
                >
                    "+ LSI"
                </button>
            </fieldset>
            <super::vector_designer::VectorIndexesSection form=vector_form/>
            {error_view(form.error_for(Field::General), "error-general")}
            <p class="mdl-error" data-testid="designer-apply-error" hidden=move || form.apply_error.with(Option::is_none)>
                {move || form.apply_error.get().unwrap_or_default()}
            </p>
            <div class="mdl-actions">
                {table.map(|at| {
                    view! {
                        <button
                            type="button"
                            class="mdl-btn mdl-danger"
                            data-testid="designer-delete"
                            title=move || t_string!(i18n, modeler.delete_table_title)
                            on:click=move |_| delete(at)
                        >
                            {t!(i18n, modeler.delete_table)}
                        </button>
                        <span class="mdl-spacer"></span>
                    }
                })}
                <button type="button" class="mdl-btn" data-testid="designer-cancel" on:click=move |_| m.dialog.set(None)>
                    {t!(i18n, common.cancel)}
                </button>
                <button
                    type="submit"
                    class="mdl-btn mdl-primary"
                    data-testid="designer-save"
                    disabled=move || form.touched.get() && check.with(Result::is_err)
                >
                    {move || if table.is_some() { t_string!(i18n, modeler.apply) } else { t_string!(i18n, modeler.create_table) }}
                </button>
            </div>
        </form>
    }
}

/// One GSI (`global`) or LSI of the draft: name, keys, projection, and a GSI's own capacity.
#[component]
fn IndexFields(form: Form, global: bool, i: usize) -> impl IntoView {
    let i18n = use_i18n();
    let kind = if global { "gsi" } else { "lsi" };
    let p = format!("{kind}-{i}");
    let field = move |f: fn(&IndexDraft) -> String| {
        form.field(move |d| if global { d.gsis.get(i) } else { d.lsis.get(i) }.map(f).unwrap_or_default())
    };
    let proj = field(|x| x.projection.clone());
    let projections: &'static [(&str, &str)] = &[("ALL", "ALL"), ("KEYS_ONLY", "KEYS_ONLY"), ("INCLUDE", "INCLUDE")];
    let (id_include, id_rcu, id_wcu) = (format!("{p}-include"), format!("{p}-rcu"), format!("{p}-wcu"));
    let error_id = format!("error-{p}");
    view! {
        <fieldset class="mdl-index" data-testid=p.clone()>
            <legend>{if global { format!("GSI #{}", i + 1) } else { format!("LSI #{}", i + 1) }}</legend>
            <div class="mdl-row">
                {text_input(field(|x| x.name.clone()), move |v| form.edit_index(global, i, |x| x.name = v), format!("{p}-name"), t!(i18n, modeler.index_name))}
                <button
                    type="button"
                    class="mdl-link mdl-remove"
                    data-testid=format!("{p}-remove")
                    on:click=move |_| form.edit(|d| {
                        let l = if global { &mut d.gsis } else { &mut d.lsis };
                        if i < l.len() {
                            l.remove(i);
                        }
                    })
                >
                    {t!(i18n, common.remove)}
                </button>
            </div>
            <div class="mdl-row">
                {global
                    .then(|| {
                        view! {
                            {text_input(
                                field(|x| x.partition.name.clone()),
                                move |v| form.edit_index(global, i, |x| x.partition.name = v),
                                format!("{p}-pk-name"),
                                t!(i18n, modeler.partition_key),
                            )}
                            {type_select(
                                field(|x| scalar_tag(x.partition.key_type).to_string()),
                                move |v| form.edit_index(global, i, |x| x.partition.key_type = scalar_from_tag(&v)),
                                format!("{p}-pk-type"),
                            )}
                        }
                    })}
                {text_input(
                    field(|x| x.sort.as_ref().map(|k| k.name.clone()).unwrap_or_default()),
                    move |v| {
                        form.edit_index(global, i, |x| {
                            if v.is_empty() {
                                x.sort = None
                            } else {
                                let t = x.sort.as_ref().map(|k| k.key_type).unwrap_or(ScalarType::S);
                                x.sort = Some(KeyDraft { name: v, key_type: t });
                            }
                        })
                    },
                    format!("{p}-sk-name"),
                    move || if global { t_string!(i18n, modeler.sort_key_optional) } else { t_string!(i18n, modeler.sort_key) },
                )}
                {type_select(
                    field(|x| x.sort.as_ref().map(|k| scalar_tag(k.key_type).to_string()).unwrap_or_else(|| "S".into())),
                    move |v| form.edit_index(global, i, |x| if let Some(k) = x.sort.as_mut() { k.key_type = scalar_from_tag(&v) }),
                    format!("{p}-sk-type"),
                )}
            </div>
            {global
                .then(|| {
                    view! {
                        <MoreKeyFields form i sort=false/>
                        <MoreKeyFields form i sort=true/>
                        <p class="mdl-muted">
                            "A GSI key can have up to four partition key attributes and up to four sort key attributes. Items sort by the sort key attributes one after another, in the order shown here."
                        </p>
                    }
                })}
            <div class="mdl-row">
                <label class="mdl-field mdl-narrow">
                    <span class="mdl-label">{t!(i18n, modeler.projection)}</span>
                    <select
                        class="mdl-input"
                        data-testid=format!("{p}-projection")
                        on:change=move |ev| form.edit_index(global, i, |x| x.projection = event_target_value(&ev))
                    >
                        {options(projections, proj)}
                    </select>
                </label>
                <Show when=move || proj.get() == "INCLUDE">
                    {text_input(
                        field(|x| x.include.clone()),
                        move |v| form.edit_index(global, i, |x| x.include = v),
                        id_include.clone(),
                        t!(i18n, modeler.included_attributes),
                    )}
                </Show>
            </div>
            <Show when=move || global && form.provisioned.get()>
                <div class="mdl-row">
                    {text_input(field(|x| x.read_capacity.clone()), move |v| form.edit_index(global, i, |x| x.read_capacity = v), id_rcu.clone(), t!(i18n, modeler.read_capacity))}
                    {text_input(field(|x| x.write_capacity.clone()), move |v| form.edit_index(global, i, |x| x.write_capacity = v), id_wcu.clone(), t!(i18n, modeler.write_capacity))}
                </div>
            </Show>
            {error_view(form.error_for(if global { Field::Gsi(i) } else { Field::Lsi(i) }), error_id)}
        </fieldset>
    }
}

/// A GSI's further partition (`sort` false) or sort key attributes, after the first of each: a
/// multi-attribute key. Each can be renamed, retyped, moved up (the first one changes places with the
/// key's first attribute) or removed; a button adds one at the end.
#[component]
fn MoreKeyFields(form: Form, i: usize, sort: bool) -> impl IntoView {
    let half = if sort { "sk" } else { "pk" };
    let p = format!("gsi-{i}-{half}");
    let list = move |d: &TableDraft| d.gsis.get(i).map(|x| if sort { x.more_sort.clone() } else { x.more_partition.clone() }).unwrap_or_default();
    let count = Memo::new(move |_| form.draft.with(|d| list(d).len()));
    let edit_at = move |j: usize, f: Box<dyn FnOnce(&mut KeyDraft)>| {
        form.edit_index(true, i, move |x| {
            let l = if sort { &mut x.more_sort } else { &mut x.more_partition };
            if let Some(k) = l.get_mut(j) {
                f(k)
            }
        })
    };
    let i18n = use_i18n();
    let add_id = format!("gsi-{i}-add-{half}");
    view! {
        <For each=move || 0..count.get() key=|j| *j let:j>
            {
                let id = format!("{p}{}", j + 2);
                let name = form.field(move |d| list(d).get(j).map(|k| k.name.clone()).unwrap_or_default());
                let ty = form.field(move |d| list(d).get(j).map(|k| scalar_tag(k.key_type).to_string()).unwrap_or_default());
                let label = move || if sort { t_string!(i18n, modeler.multi_key_sort) } else { t_string!(i18n, modeler.multi_key_partition) };
                view! {
                    <div class="mdl-row" data-testid=id.clone()>
                        {text_input(name, move |v| edit_at(j, Box::new(move |k| k.name = v)), format!("{id}-name"), label)}
                        {type_select(ty, move |v| edit_at(j, Box::new(move |k| k.key_type = scalar_from_tag(&v))), format!("{id}-type"))}
                        <button
                            type="button"
                            class="mdl-link"
                            data-testid=format!("{id}-up")
                            title=move || t_string!(i18n, modeler.multi_key_up_title)
                            on:click=move |_| form.edit_index(true, i, |x| x.move_key_attribute_up(sort, j))
                        >
                            {t!(i18n, modeler.multi_key_up)}
                        </button>
                        <button
                            type="button"
                            class="mdl-link mdl-remove"
                            data-testid=format!("{id}-remove")
                            on:click=move |_| form.edit_index(true, i, |x| {
                                let l = if sort { &mut x.more_sort } else { &mut x.more_partition };
                                if j < l.len() {
                                    l.remove(j);
                                }
                            })
                        >
                            {t!(i18n, modeler.vector_remove)}
                        </button>
                    </div>
                }
            }
        </For>
        <button
            type="button"
            class="mdl-btn"
            data-testid=add_id
            on:click=move |_| form.edit_index(true, i, |x| {
                let n = if sort { x.more_sort.len() + 2 } else { x.more_partition.len() + 2 };
                let name = if sort { format!("{}SK{n}", x.name) } else { format!("{}PK{n}", x.name) };
                x.add_key_attribute(sort, &name)
            })
        >
            {move || if sort { t_string!(i18n, modeler.multi_key_add_sort) } else { t_string!(i18n, modeler.multi_key_add_partition) }}
        </button>
    }
}
