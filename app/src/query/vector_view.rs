//! The SearchVectors form: a vector index of the model, a search vector, TopK and the search schema's
//! values; the results listed nearest first with each one's distance. The request and the rows are
//! `vector_request`'s; the request runs through [`run`] like every other mode's.

use leptos::prelude::*;

use super::fields::{Choice, TextField};
use super::session::{run, use_session, Source};
use super::vector_request::{request, rows, score_heading, targets, FormError, Score, VectorTarget};
use crate::i18n::{t, t_string, td_string, use_i18n, Locale};

fn error_text(locale: Locale, e: &FormError) -> String {
    match e {
        FormError::NoVector => td_string!(locale, query.vector_no_vector).to_string(),
        FormError::NotANumber { position, text } => td_string!(locale, query.vector_not_a_number, position = position.to_string(), text = text.clone()).to_string(),
        FormError::TopK => td_string!(locale, query.vector_top_k).to_string(),
    }
}

fn score_text(locale: Locale, s: Score) -> String {
    match s {
        Score::DotProduct => td_string!(locale, query.vector_score_dot).to_string(),
        Score::Euclidean => td_string!(locale, query.vector_score_euclidean).to_string(),
        Score::Cosine => td_string!(locale, query.vector_score_cosine).to_string(),
    }
}
use super::RequestForm;

#[component]
pub fn VectorPanel() -> impl IntoView {
    let session = use_session();
    let m = session.app.modeler;
    let all = Memo::new(move |_| m.state.with(|s| targets(s.playground.tables().iter().map(|t| &t.definition))));
    let chosen = RwSignal::new(all.get_untracked().first().map(VectorTarget::label).unwrap_or_default());
    let target = Memo::new(move |_| {
        let c = chosen.get();
        all.with(|l| l.iter().find(|t| t.label() == c).or(l.first()).cloned())
    });
    let vector = RwSignal::new(String::new());
    let top_k = RwSignal::new(String::from("3"));
    let values = RwSignal::new(Vec::<String>::new());
    let error = RwSignal::new(None::<FormError>);
    // A new index starts with empty schema values, one per attribute.
    Effect::new(move |_| {
        let n = target.with(|t| t.as_ref().map_or(0, |t| t.schema.len()));
        values.set(vec![String::new(); n]);
    });
    let run_now = move || {
        let Some(t) = target.get_untracked() else { return };
        match request(&t, &vector.get_untracked(), &top_k.get_untracked(), &values.get_untracked()) {
            Ok(v) => {
                error.set(None);
                run(session, Source::Vector, "SearchVectors", v);
            }
            Err(e) => error.set(Some(e)),
        }
    };
    let options = Signal::derive(move || all.with(|l| l.iter().map(|t| (t.label(), t.label())).collect::<Vec<_>>()));
    let i18n = use_i18n();
    let hint = move || {
        target.get().map(|t| {
            let dimensions = t.dimensions.clone();
            t_string!(i18n, query.vector_hint, index = t.index.clone(), attribute = t.attribute.clone(), dimensions, distance = t.distance.clone()).to_string()
        })
    };
    let schema_fields = move || {
        target.get().map(|t| {
            t.schema
                .iter()
                .enumerate()
                .map(|(i, (name, ty, hash))| {
                    let (name, ty) = (name.clone(), ty.clone());
                    let label = if *hash {
                        t_string!(i18n, query.vector_schema_hash, name, ty).to_string()
                    } else {
                        t_string!(i18n, query.vector_schema_filter, name, ty).to_string()
                    };
                    view! {
                        <label class="q-field">
                            {label}
                            <input
                                class="mdl-input"
                                data-testid=format!("v-schema-{i}")
                                prop:value=move || values.with(|v| v.get(i).cloned().unwrap_or_default())
                                on:input=move |ev| values.update(|v| if let Some(x) = v.get_mut(i) { *x = event_target_value(&ev) })
                            />
                        </label>
                    }
                })
                .collect_view()
        })
    };
    // The last answer, when it is a search: each result with its distance.
    let results = move || {
        session.last.with(|o| {
            let o = o.as_ref().filter(|o| o.action == "SearchVectors")?;
            let body = o.result.as_ref().ok()?;
            let distance = target.with(|t| t.as_ref().filter(|t| o.request.get("IndexName").and_then(|i| i.as_str()) == Some(t.index.as_str())).map(|t| t.distance.clone()));
            Some((rows(body), distance.unwrap_or_default()))
        })
    };
    view! {
        <RequestForm testid="v-form" run=run_now>
            <div class="q-controls">
                {move || {
                    if all.with(Vec::is_empty) {
                        Some(view! {
                            <p class="q-note" data-testid="v-none">
                                {t!(i18n, query.vector_none)}
                            </p>
                        })
                    } else {
                        None
                    }
                }}
                <label class="q-field">
                    {t!(i18n, query.vector_index)}
                    <Choice testid="v-index" value=chosen options write=move |v| chosen.set(v)/>
                </label>
                <p class="mdl-muted" data-testid="v-hint">{hint}</p>
                <label class="q-field">
                    {t!(i18n, query.vector_search_vector)}
                    <TextField classes="mdl-input mdl-mono" testid="v-vector" value=vector write=move |v| vector.set(v) placeholder="0.7, 0, 0, 0.9"/>
                </label>
                <label class="q-field">
                    "TopK"
                    <TextField classes="mdl-input" testid="v-topk" value=top_k write=move |v| top_k.set(v) numeric=true/>
                </label>
                {schema_fields}
                <button type="submit" class="mdl-btn mdl-primary" data-testid="v-run">{t!(i18n, query.vector_search)}</button>
                {move || error.get().map(|e| view! { <p class="mdl-error" role="alert" data-testid="v-error">{move || error_text(i18n.get_locale(), &e)}</p> })}
            </div>
            <div class="q-vector-results">
                {move || {
                    results().map(|(list, distance)| {
                        view! {
                            <table class="q-vector-table" data-testid="v-results">
                                <thead>
                                    <tr>
                                        <th scope="col">{t!(i18n, query.vector_rank)}</th>
                                        <th scope="col">{t!(i18n, query.vector_item)}</th>
                                        <th scope="col">{move || score_text(i18n.get_locale(), score_heading(&distance))}</th>
                                    </tr>
                                </thead>
                                <tbody>
                                    {list
                                        .into_iter()
                                        .map(|r| {
                                            view! {
                                                <tr data-testid=format!("v-result-{}", r.rank)>
                                                    <td>{r.rank}</td>
                                                    <td class="mdl-mono">{r.item}</td>
                                                    <td class="mdl-mono" data-testid=format!("v-score-{}", r.rank)>{r.score}</td>
                                                </tr>
                                            }
                                        })
                                        .collect_view()}
                                </tbody>
                            </table>
                        }
                    })
                }}
            </div>
        </RequestForm>
    }
}
