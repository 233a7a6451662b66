//! The API console: any action the engine supports, any body, the exact response or error body. A
//! `{name}` in the body is a placeholder filled from its sample value (as in the builder), and the
//! request can be saved as an access pattern with its placeholders.

use leptos::prelude::*;
use serde_json::Value;

use super::save_pattern::PatternBar;
use super::session::{run, use_session, Source};
use super::RequestForm;
use crate::i18n::{t, td_string, use_i18n, Locale};

/// Every action `Database::execute` answers.
pub const ACTIONS: [&str; 28] = [
    "GetItem", "PutItem", "UpdateItem", "DeleteItem", "Query", "Scan",
    "BatchGetItem", "BatchWriteItem", "TransactGetItems", "TransactWriteItems",
    "CreateTable", "DescribeTable", "ListTables", "UpdateTable", "DeleteTable",
    "UpdateTimeToLive", "DescribeTimeToLive", "TagResource", "UntagResource", "ListTagsOfResource",
    "ListStreams", "DescribeStream", "GetShardIterator", "GetRecords",
    "ExecuteStatement", "BatchExecuteStatement", "ExecuteTransaction", "SearchVectors",
];

/// Why the console sent nothing.
#[derive(Debug, Clone, PartialEq)]
enum ConsoleFault {
    /// The body is not JSON (serde_json's message).
    NotJson(String),
    UnknownAction(String),
}

impl ConsoleFault {
    fn text(&self, locale: Locale) -> String {
        match self {
            ConsoleFault::NotJson(error) => td_string!(locale, query.body_not_json, error).to_string(),
            ConsoleFault::UnknownAction(action) => td_string!(locale, query.not_an_action, action).to_string(),
        }
    }
}

#[component]
pub fn ConsolePanel() -> impl IntoView {
    let session = use_session();
    let i18n = use_i18n();
    // A pattern opened from the Access patterns tab, or the example.
    let (start_action, start_body) = session.pattern.take_console().unwrap_or_else(|| (String::from("Query"), String::from(
        "{\n  \"TableName\": \"Shop\",\n  \"KeyConditionExpression\": \"PK = :pk\",\n  \"ExpressionAttributeValues\": {\":pk\": {\"S\": \"USER#u1\"}},\n  \"ReturnConsumedCapacity\": \"TOTAL\"\n}",
    )));
    let action = RwSignal::new(start_action);
    let body = RwSignal::new(start_body);
    let error = RwSignal::new(None::<ConsoleFault>);
    // The body as JSON; the server answers a body that is not JSON with this type, and nothing is sent.
    let parsed = move || {
        let v = serde_json::from_str::<Value>(&body.get_untracked()).map_err(|e| ConsoleFault::NotJson(e.to_string()));
        error.set(v.as_ref().err().cloned());
        v.ok()
    };
    let run_now = move || {
        let a = action.get_untracked();
        if let Some(v) = parsed().and_then(|v| session.pattern.resolve(&a, v)) {
            run(session, Source::Console, &a, v);
        }
    };
    // For "Save as access pattern": one of the engine's actions (a pattern takes only item operations,
    // which the pattern form says).
    let current = move || {
        let a = action.get_untracked();
        match ACTIONS.into_iter().find(|x| *x == a.trim()) {
            Some(a) => parsed().map(|v| (a, v)),
            None => {
                error.set(Some(ConsoleFault::UnknownAction(a)));
                None
            }
        }
    };
    view! {
        <RequestForm testid="c-form" run=run_now>
            <div class="q-controls">
                <label class="q-field">
                    {t!(i18n, query.action)}
                    <input
                        class="mdl-input"
                        list="q-actions"
                        data-testid="c-action"
                        prop:value=move || action.get()
                        on:input=move |ev| action.set(event_target_value(&ev))
                    />
                    <datalist id="q-actions">{ACTIONS.into_iter().map(|a| view! { <option value=a></option> }).collect_view()}</datalist>
                </label>
                <p class="mdl-muted">
                    {t!(i18n, query.console_help, cli = "aws dynamodb <command> --cli-input-json", open = "{{", close = "}}")}
                </p>
                <button type="submit" class="mdl-btn mdl-primary" data-testid="c-run">{t!(i18n, query.run)}</button>
                {move || {
                    let locale = i18n.get_locale();
                    error.get().map(|e| view! { <p class="mdl-error" role="alert" data-testid="c-error">{e.text(locale)}</p> })
                }}
                <PatternBar json=body current=Callback::new(move |_| current())/>
            </div>
            <div class="q-json">
                <label class="q-field">
                    {t!(i18n, query.request_body)}
                    <textarea
                        class="mdl-input mdl-mono q-json-text"
                        data-testid="c-body"
                        spellcheck="false"
                        rows="16"
                        prop:value=move || body.get()
                        on:input=move |ev| body.set(event_target_value(&ev))
                        on:keydown=move |ev| {
                            if ev.key() == "Enter" && (ev.ctrl_key() || ev.meta_key()) {
                                ev.prevent_default();
                                run_now();
                            }
                        }
                    ></textarea>
                </label>
            </div>
        </RequestForm>
    }
}
