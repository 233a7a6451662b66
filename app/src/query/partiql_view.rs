//! The PartiQL mode: a statement with `?` parameters run as ExecuteStatement; the results panel below
//! shows its items, capacity and whether it became a GetItem, a Query or a full Scan.

use engine::value::value_to_json;
use serde_json::Value;

use super::partiql::Form;
use super::session::{run, use_session, Source};
use crate::state::use_modeler;
use crate::ui::prelude::*;

/// A text field of the form: its value follows `get`, typing writes through `set`.
fn form_field(form: RwSignal<Form>, tag: &'static str, class: &str, testid: &str, get: fn(&Form) -> &String, set: fn(&mut Form) -> &mut String) -> El {
    el(tag).class(class).tid(testid).dyn_value(move || form.with(|x| get(x).clone())).on_input(move |v| form.update(|x| *set(x) = v))
}

pub fn partiql_panel() -> View {
    let m = use_modeler();
    let session = use_session();
    let form = session.partiql;
    // Start on the selected table: a Query of its first item's partition.
    if form.with_untracked(|f| f.statement.is_empty()) {
        let start = m.state.with_untracked(|s| {
            let t = m.selected.get_untracked().and_then(|i| s.playground.table(i)).or_else(|| s.playground.tables().first())?;
            let pk = t.key_names().0?;
            let value = t.rows.first().and_then(|r| r.item.get(&pk)).map(value_to_json);
            Some(Form::start(t.name(), &pk, value))
        });
        if let Some(f) = start {
            form.set(f);
        }
    }
    let error = RwSignal::new(None::<(&'static str, String)>);
    let run_with = move |token: Option<String>| match form.with_untracked(|f| f.to_request(token.as_deref())) {
        Err(e) => error.set(Some(e)),
        Ok(mut request) => {
            // {placeholders} in the parameters' values; the statement means itself.
            advisor::pattern::escape_statement(&mut request);
            let Some(request) = super::save_pattern::resolve("ExecuteStatement", request) else { return };
            let outcome = run(session, Source::PartiQL, "ExecuteStatement", request);
            error.set(outcome.result.err().map(|f| ("statement", format!("{}: {}", f.type_name, f.message))));
        }
    };
    let next_token = move || {
        session.last.with(|o| o.as_ref().filter(|o| o.source == Source::PartiQL).and_then(|o| o.body().get("NextToken").and_then(Value::as_str).map(String::from)))
    };
    let err_at = move |field: &'static str| {
        dynamic(move || error.with(|e| e.as_ref().filter(|(f, _)| *f == field).map(|(_, msg)| el("p").class("mdl-error").tid(&format!("p-error-{field}")).text(msg))).into())
    };
    let ctrl_enter = move |ev: web_sys::KeyboardEvent| {
        if ev.key() == "Enter" && (ev.ctrl_key() || ev.meta_key()) {
            ev.prevent_default();
            run_with(None);
        }
    };
    el("form")
        .class("q-controls")
        .tid("p-form")
        .on("submit", move |ev| {
            ev.prevent_default();
            run_with(None);
        })
        .child(
            el("label").class("q-field").text("Statement (PartiQL; ? marks a parameter; Ctrl+Enter runs)").child(
                form_field(form, "textarea", "mdl-input mdl-mono", "p-statement", |f| &f.statement, |f| &mut f.statement)
                    .attr("spellcheck", "false")
                    .attr("rows", "4")
                    .on_key("keydown", ctrl_enter),
            ),
        )
        .child(err_at("statement"))
        .child(
            el("label").class("q-field").text("Parameters (JSON list of attribute values, in the order of the ?s)").child(
                form_field(form, "input", "mdl-input mdl-mono", "p-params", |f| &f.parameters, |f| &mut f.parameters)
                    .attr("placeholder", r#"[{"S": "USER#u1"}]"#)
                    .on_key("keydown", ctrl_enter),
            ),
        )
        .child(err_at("parameters"))
        .child(
            el("div")
                .class("q-row")
                .child(el("label").class("q-field").text("Limit").child(form_field(form, "input", "mdl-input q-narrow", "p-limit", |f| &f.limit, |f| &mut f.limit).attr("inputmode", "numeric")))
                .child(
                    el("label")
                        .class("q-check")
                        .child(el("input").ty("checkbox").tid("p-consistent").dyn_checked(move || form.with(|f| f.consistent)).on("change", move |ev| form.update(|f| f.consistent = event_target_checked(&ev))))
                        .text("ConsistentRead"),
                )
                .child(el("button").ty("submit").class("mdl-btn mdl-primary").tid("p-run").text("Run"))
                .child(el("button").ty("button").class("mdl-btn").tid("p-next").dyn_flag("disabled", move || next_token().is_none()).on_click(move |_| run_with(next_token())).text("Next page")),
        )
        .child(err_at("limit"))
        .child(super::save_pattern::pattern_bar(
            Signal::derive(move || form.with(|f| f.parameters.clone())),
            Callback::new(move |_| match form.with_untracked(|f| f.to_request(None)) {
                Ok(mut r) => {
                    advisor::pattern::escape_statement(&mut r);
                    Some(("ExecuteStatement", r))
                }
                Err(e) => {
                    error.set(Some(e));
                    None
                }
            }),
        ))
        .into()
}
