//! The API console: any action the engine supports, any body, the exact response or error body.

use leptos::prelude::*;
use serde_json::Value;

use super::session::{run, Source};

/// Every action `Database::execute` answers.
pub const ACTIONS: [&str; 27] = [
    "GetItem", "PutItem", "UpdateItem", "DeleteItem", "Query", "Scan",
    "BatchGetItem", "BatchWriteItem", "TransactGetItems", "TransactWriteItems",
    "CreateTable", "DescribeTable", "ListTables", "UpdateTable", "DeleteTable",
    "UpdateTimeToLive", "DescribeTimeToLive", "TagResource", "UntagResource", "ListTagsOfResource",
    "ListStreams", "DescribeStream", "GetShardIterator", "GetRecords",
    "ExecuteStatement", "BatchExecuteStatement", "ExecuteTransaction",
];

#[component]
pub fn ConsolePanel() -> impl IntoView {
    // A pattern opened from the Access patterns tab, or the example.
    let (start_action, start_body) = super::save_pattern::take_console().unwrap_or_else(|| (String::from("Query"), String::from(
        "{\n  \"TableName\": \"Shop\",\n  \"KeyConditionExpression\": \"PK = :pk\",\n  \"ExpressionAttributeValues\": {\":pk\": {\"S\": \"USER#u1\"}},\n  \"ReturnConsumedCapacity\": \"TOTAL\"\n}",
    )));
    let action = RwSignal::new(start_action);
    let body = RwSignal::new(start_body);
    let error = RwSignal::new(None::<String>);
    let run_now = move || match serde_json::from_str::<Value>(&body.get_untracked()) {
        Ok(v) => {
            error.set(None);
            run(Source::Console, &action.get_untracked(), v);
        }
        // The server answers a body that is not JSON with this type; nothing is sent to the engine.
        Err(e) => error.set(Some(format!("SerializationException: the body is not valid JSON ({e})"))),
    };
    view! {
        <form class="q-builder" data-testid="c-form" on:submit=move |ev| { ev.prevent_default(); run_now(); }>
            <div class="q-controls">
                <label class="q-field">"Action"
                    <input class="mdl-input" list="q-actions" data-testid="c-action" prop:value=move || action.get()
                        on:input=move |ev| action.set(event_target_value(&ev))/>
                    <datalist id="q-actions">{ACTIONS.into_iter().map(|a| view! { <option value=a></option> }).collect_view()}</datalist>
                </label>
                <p class="mdl-muted">"Paste the request body the AWS API takes (as in aws dynamodb <command> --cli-input-json). Ctrl+Enter runs it."</p>
                <button type="submit" class="mdl-btn mdl-primary" data-testid="c-run">"Run"</button>
                {move || error.get().map(|e| view! { <p class="mdl-error" data-testid="c-error">{e}</p> })}
            </div>
            <div class="q-json">
                <label class="q-field">"Request body"
                    <textarea class="mdl-input mdl-mono q-json-text" data-testid="c-body" spellcheck="false" rows="16"
                        prop:value=move || body.get() on:input=move |ev| body.set(event_target_value(&ev))
                        on:keydown=move |ev: leptos::ev::KeyboardEvent| if ev.key() == "Enter" && (ev.ctrl_key() || ev.meta_key()) { ev.prevent_default(); run_now(); }></textarea>
                </label>
            </div>
        </form>
    }
}
