//! The API console: any action the engine supports, any body, the exact response or error body. A
//! `{name}` in the body is a placeholder filled from its sample value (as in the builder), and the
//! request can be saved as an access pattern with its placeholders.

use serde_json::Value;

use super::save_pattern::{pattern_bar, resolve};
use super::session::{run, Source};
use crate::ui::prelude::*;

/// Every action `Database::execute` answers.
pub const ACTIONS: [&str; 27] = [
    "GetItem", "PutItem", "UpdateItem", "DeleteItem", "Query", "Scan",
    "BatchGetItem", "BatchWriteItem", "TransactGetItems", "TransactWriteItems",
    "CreateTable", "DescribeTable", "ListTables", "UpdateTable", "DeleteTable",
    "UpdateTimeToLive", "DescribeTimeToLive", "TagResource", "UntagResource", "ListTagsOfResource",
    "ListStreams", "DescribeStream", "GetShardIterator", "GetRecords",
    "ExecuteStatement", "BatchExecuteStatement", "ExecuteTransaction",
];

pub fn console_panel() -> View {
    let session = super::session::use_session();
    // A pattern opened from the Access patterns tab, or the example.
    let (start_action, start_body) = super::save_pattern::take_console().unwrap_or_else(|| (String::from("Query"), String::from(
        "{\n  \"TableName\": \"Shop\",\n  \"KeyConditionExpression\": \"PK = :pk\",\n  \"ExpressionAttributeValues\": {\":pk\": {\"S\": \"USER#u1\"}},\n  \"ReturnConsumedCapacity\": \"TOTAL\"\n}",
    )));
    let action = RwSignal::new(start_action);
    let body = RwSignal::new(start_body);
    let error = RwSignal::new(None::<String>);
    // The body as JSON; the server answers a body that is not JSON with this type, and nothing is sent.
    let parsed = move || {
        let v = serde_json::from_str::<Value>(&body.get_untracked()).map_err(|e| format!("SerializationException: the body is not valid JSON ({e})"));
        error.set(v.as_ref().err().cloned());
        v.ok()
    };
    let run_now = move || {
        let a = action.get_untracked();
        if let Some(v) = parsed().and_then(|v| resolve(&a, v)) {
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
                error.set(Some(format!("\"{a}\" is not an action the engine answers")));
                None
            }
        }
    };
    super::request_form("c-form", run_now)
        .child(
            el("div")
                .class("q-controls")
                .child(
                    el("label")
                        .class("q-field")
                        .text("Action")
                        .child(el("input").class("mdl-input").attr("list", "q-actions").tid("c-action").dyn_value(move || action.get()).on_input(move |v| action.set(v)))
                        .child(el("datalist").id("q-actions").children(ACTIONS.into_iter().map(|a| el("option").attr("value", a)))),
                )
                .child(el("p").class("mdl-muted").text("Paste the request body the AWS API takes (as in aws dynamodb <command> --cli-input-json). Ctrl+Enter runs it. {name} in a string is a placeholder for a sample value ({{ and }} for braces)."))
                .child(el("button").ty("submit").class("mdl-btn mdl-primary").tid("c-run").text("Run"))
                .dyn_child(move || error.get().map(|e| el("p").class("mdl-error").attr("role", "alert").tid("c-error").text(&e)).into())
                .child(pattern_bar(body.into(), Callback::new(move |_| current()))),
        )
        .child(
            el("div").class("q-json").child(
                el("label").class("q-field").text("Request body").child(
                    el("textarea")
                        .class("mdl-input mdl-mono q-json-text")
                        .tid("c-body")
                        .attr("spellcheck", "false")
                        .attr("rows", "16")
                        .dyn_value(move || body.get())
                        .on_input(move |v| body.set(v))
                        .on_key("keydown", move |ev| {
                            if ev.key() == "Enter" && (ev.ctrl_key() || ev.meta_key()) {
                                ev.prevent_default();
                                run_now();
                            }
                        }),
                ),
            ),
        )
        .into()
}
