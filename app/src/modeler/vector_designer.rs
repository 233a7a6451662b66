//! The table designer's vector indexes: each one's name, vector attribute, dimensions, distance
//! function, search schema (an optional partition key and inline filter attributes) and projection. The
//! form state and its request are `model::vector_design`; CreateTable judges them with the rest of the
//! design, and its message about them shows under this section.

use leptos::prelude::*;

use crate::i18n::{t, use_i18n};

use super::form_fields::{options, text_input};
use crate::model::vector_design::{filter_tag, set_filter_tag, VectorDraft};
use crate::model::design::{scalar_from_tag, scalar_tag, KeyDraft};

const DISTANCES: &[(&str, &str)] = &[("COSINE", "COSINE"), ("EUCLIDEAN", "EUCLIDEAN"), ("DOT_PRODUCT", "DOT_PRODUCT")];
const PROJECTIONS: &[(&str, &str)] = &[("ALL", "ALL"), ("KEYS_ONLY", "KEYS_ONLY"), ("INCLUDE", "INCLUDE")];
const SCALARS: &[(&str, &str)] = &[("S", "S"), ("N", "N"), ("B", "B")];

/// What an edit of the section changes besides the drafts: the form is touched (its errors show) and
/// the last refusal is cleared.
#[derive(Clone, Copy)]
pub struct VectorForm {
    pub vectors: RwSignal<Vec<VectorDraft>>,
    pub touched: RwSignal<bool>,
    pub apply_error: RwSignal<Option<String>>,
}

impl VectorForm {
    fn edit(self, i: usize, f: impl FnOnce(&mut VectorDraft)) {
        self.touched.set(true);
        self.apply_error.set(None);
        self.vectors.update(|l| {
            if let Some(v) = l.get_mut(i) {
                f(v)
            }
        });
    }

    fn field(self, i: usize, f: fn(&VectorDraft) -> String) -> Signal<String> {
        Signal::derive(move || self.vectors.with(|l| l.get(i).map(f).unwrap_or_default()))
    }
}

/// The "Vector indexes" section: one [`VectorFields`] per index and the button that adds one.
#[component]
pub fn VectorIndexesSection(form: VectorForm) -> impl IntoView {
    let i18n = use_i18n();
    let count = Memo::new(move |_| form.vectors.with(Vec::len));
    view! {
        <fieldset class="mdl-group" data-testid="vector-indexes">
            <legend>{t!(i18n, modeler.vector_indexes)}</legend>
            <p class="mdl-muted">{t!(i18n, modeler.vector_intro)}</p>
            <For each=move || 0..count.get() key=|i| *i let:i>
                <VectorFields form i/>
            </For>
            <button
                type="button"
                class="mdl-btn"
                data-testid="add-vector"
                on:click=move |_| {
                    form.touched.set(true);
                    form.vectors.update(|l| {
                        let n = l.len() + 1;
                        l.push(VectorDraft::new(n))
                    })
                }
            >
                {t!(i18n, modeler.vector_add)}
            </button>
        </fieldset>
    }
}

/// One vector index of the draft.
#[component]
fn VectorFields(form: VectorForm, i: usize) -> impl IntoView {
    let i18n = use_i18n();
    let p = format!("vector-{i}");
    let projection = form.field(i, |v| v.projection.clone());
    let include_id = format!("{p}-include");
    view! {
        <fieldset class="mdl-index" data-testid=p.clone()>
            <legend>{t!(i18n, modeler.vector_numbered, number = (i + 1).to_string())}</legend>
            <div class="mdl-row">
                {text_input(form.field(i, |v| v.name.clone()), move |s| form.edit(i, |v| v.name = s), format!("{p}-name"), t!(i18n, modeler.vector_name))}
                <button
                    type="button"
                    class="mdl-link mdl-remove"
                    data-testid=format!("{p}-remove")
                    on:click=move |_| {
                        form.touched.set(true);
                        form.vectors.update(|l| {
                            if i < l.len() {
                                l.remove(i);
                            }
                        })
                    }
                >
                    {t!(i18n, modeler.vector_remove)}
                </button>
            </div>
            <div class="mdl-row">
                {text_input(form.field(i, |v| v.attribute.clone()), move |s| form.edit(i, |v| v.attribute = s), format!("{p}-attribute"), t!(i18n, modeler.vector_attribute))}
                {text_input(form.field(i, |v| v.dimensions.clone()), move |s| form.edit(i, |v| v.dimensions = s), format!("{p}-dimensions"), t!(i18n, modeler.vector_dimensions))}
                <label class="mdl-field mdl-narrow">
                    <span class="mdl-label">{t!(i18n, modeler.vector_distance)}</span>
                    <select class="mdl-input" data-testid=format!("{p}-distance") on:change=move |ev| form.edit(i, |v| v.distance = event_target_value(&ev))>
                        {options(DISTANCES, form.field(i, |v| v.distance.clone()))}
                    </select>
                </label>
            </div>
            <div class="mdl-row">
                {text_input(
                    form.field(i, |v| v.partition.as_ref().map(|k| k.name.clone()).unwrap_or_default()),
                    move |s| form.edit(i, |v| {
                        let ty = v.partition.as_ref().map(|k| k.key_type).unwrap_or(engine::value::ScalarType::S);
                        v.partition = (!s.is_empty()).then_some(KeyDraft { name: s, key_type: ty })
                    }),
                    format!("{p}-partition"),
                    t!(i18n, modeler.vector_partition),
                )}
                <label class="mdl-field mdl-narrow">
                    <span class="mdl-label">{t!(i18n, modeler.vector_type)}</span>
                    <select
                        class="mdl-input"
                        data-testid=format!("{p}-partition-type")
                        on:change=move |ev| form.edit(i, |v| if let Some(k) = v.partition.as_mut() { k.key_type = scalar_from_tag(&event_target_value(&ev)) })
                    >
                        {options(SCALARS, form.field(i, |v| v.partition.as_ref().map(|k| scalar_tag(k.key_type)).unwrap_or("S").to_string()))}
                    </select>
                </label>
                {text_input(form.field(i, |v| v.filters.clone()), move |s| form.edit(i, |v| v.filters = s), format!("{p}-filters"), t!(i18n, modeler.vector_filters))}
                <label class="mdl-field mdl-narrow">
                    <span class="mdl-label">{t!(i18n, modeler.vector_type)}</span>
                    <select class="mdl-input" data-testid=format!("{p}-filter-type") on:change=move |ev| form.edit(i, |v| set_filter_tag(v, &event_target_value(&ev)))>
                        {options(SCALARS, form.field(i, |v| filter_tag(v).to_string()))}
                    </select>
                </label>
            </div>
            <div class="mdl-row">
                <label class="mdl-field mdl-narrow">
                    <span class="mdl-label">{t!(i18n, modeler.vector_projection)}</span>
                    <select class="mdl-input" data-testid=format!("{p}-projection") on:change=move |ev| form.edit(i, |v| v.projection = event_target_value(&ev))>
                        {options(PROJECTIONS, projection)}
                    </select>
                </label>
                <Show when=move || projection.get() == "INCLUDE">
                    {text_input(form.field(i, |v| v.include.clone()), move |s| form.edit(i, |v| v.include = s), include_id.clone(), t!(i18n, modeler.vector_include))}
                </Show>
            </div>
        </fieldset>
    }
}
