//! The playground clock, Time to Live and the Streams panel.

use serde_json::{json, Value};

use crate::state::clock::{iso, parse_date, DAY, HOUR, MINUTE};
use super::session::{advance_clock, run, use_session, Source};
use super::streams::records;
use crate::state::use_modeler;
use crate::ui::prelude::*;

fn small_button(testid: &str, label: &str) -> El {
    el("button").ty("button").class("mdl-btn mdl-small").tid(testid).text(label)
}

/// One stream record, newest first in its list.
fn stream_record(r: &Value) -> El {
    let event = r.get("eventName").and_then(|v| v.as_str()).unwrap_or("");
    let keys = r.pointer("/dynamodb/Keys").map(|k| k.to_string()).unwrap_or_default();
    let who = r.pointer("/userIdentity/principalId").and_then(|v| v.as_str()).map(|p| format!(" · by {p}"));
    let old = r.pointer("/dynamodb/OldImage").map(|k| format!("old {k}"));
    let new = r.pointer("/dynamodb/NewImage").map(|k| format!("new {k}"));
    let image = |t: Option<String>| t.map(|t| el("div").class("mdl-mono mdl-muted").text(&t));
    el("li")
        .class("q-stream-record")
        .tid("q-stream-record")
        .attr("data-event", event)
        .child(el("strong").text(event))
        .text(" ")
        .child(el("span").class("mdl-mono").text(&keys))
        .child(el("span").class("mdl-muted").tid("q-stream-who").child(who))
        .child(image(old))
        .child(image(new))
}

/// The stream of one table: its view type and its latest 100 records.
fn stream(t: String, view_type: String, list: Vec<Value>) -> El {
    el("div")
        .class("q-stream")
        .tid("q-stream")
        .attr("data-table", &t)
        .child(
            el("div")
                .child(el("strong").text(&format!("Stream of {t}")))
                .child(el("span").class("mdl-muted").text(&format!(" · {view_type} · {} record(s)", list.len()))),
        )
        .child(el("ol").class("q-stream-list").children(list.iter().rev().take(100).map(stream_record)))
}

pub fn clock_panel() -> View {
    let session = use_session();
    let m = use_modeler();
    let date = RwSignal::new(String::new());
    let date_error = RwSignal::new(None::<String>);
    let ttl_attr = RwSignal::new(String::from("expiresAt"));
    let view_type = RwSignal::new(String::from("NEW_AND_OLD_IMAGES"));
    let message = RwSignal::new(None::<String>);
    let table = move || m.state.with(|s| m.selected.get().and_then(|i| s.playground.table(i)).map(|t| t.name().to_string()).unwrap_or_default());
    let step = move |ms: u64| {
        advance_clock(session, session.clock.get_untracked() + ms);
    };
    let to_date = move || match parse_date(&date.get_untracked()) {
        Some(t) if t >= session.clock.get_untracked() => {
            date_error.set(None);
            advance_clock(session, t);
        }
        Some(_) => date_error.set(Some(String::from("The playground clock only moves forward."))),
        None => date_error.set(Some(String::from("Use YYYY-MM-DD or YYYY-MM-DDTHH:MM (UTC)."))),
    };
    let report = move |o: super::session::Outcome| {
        message.set(Some(match o.result {
            Ok(_) => format!("{} on {}: done", o.action, o.request.get("TableName").and_then(|v| v.as_str()).unwrap_or("")),
            Err(f) => format!("{}: {}", f.type_name, f.message),
        }))
    };
    let enable_ttl = move || {
        let o = run(session, Source::Console, "UpdateTimeToLive", json!({"TableName": table(), "TimeToLiveSpecification": {"Enabled": true, "AttributeName": ttl_attr.get_untracked()}}));
        report(o);
    };
    let enable_stream = move || {
        let o = run(session, Source::Console, "UpdateTable", json!({"TableName": table(), "StreamSpecification": {"StreamEnabled": true, "StreamViewType": view_type.get_untracked()}}));
        report(o);
    };
    // Re-read the records after every request (the log grows with each one).
    let recs = move || {
        session.log.track();
        m.state.with(|s| records(s.playground.database()))
    };
    el("section")
        .class("q-clock")
        .tid("q-clock-panel")
        .child(el("h3").class("q-h").text("Clock, Time to Live and Streams"))
        .child(
            el("div")
                .class("q-row")
                .child(el("span").text("Playground clock: ").child(el("strong").class("mdl-mono").tid("q-clock").dyn_text(move || iso(session.clock.get()))))
                .child(small_button("q-clock-min", "+1 min").on_click(move |_| step(MINUTE)))
                .child(small_button("q-clock-hour", "+1 h").on_click(move |_| step(HOUR)))
                .child(small_button("q-clock-day", "+1 day").on_click(move |_| step(DAY)))
                .child(
                    el("input")
                        .class("mdl-input q-narrow-date")
                        .tid("q-clock-date")
                        .attr("placeholder", "YYYY-MM-DD")
                        .attr("aria-label", "Move the clock to a date")
                        .dyn_value(move || date.get())
                        .on_input(move |v| date.set(v)),
                )
                .child(small_button("q-clock-go", "Go").on_click(move |_| to_date())),
        )
        .dyn_child(move || date_error.get().map(|e| el("p").class("mdl-error").tid("q-clock-error").text(&e)).into())
        .child(
            el("div")
                .class("q-row")
                .child(
                    el("label")
                        .class("q-field")
                        .text("TTL attribute")
                        .child(el("input").class("mdl-input q-narrow-date").tid("q-ttl-attr").dyn_value(move || ttl_attr.get()).on_input(move |v| ttl_attr.set(v))),
                )
                .child(
                    el("button")
                        .ty("button")
                        .class("mdl-btn mdl-small")
                        .tid("q-ttl-enable")
                        .on_click(move |_| enable_ttl())
                        .dyn_text(move || format!("Enable TTL on {}", table())),
                )
                .child(
                    el("label").class("q-field").text("Stream view").child(
                        el("select")
                            .class("mdl-input")
                            .tid("q-stream-view")
                            .children(["NEW_AND_OLD_IMAGES", "NEW_IMAGE", "OLD_IMAGE", "KEYS_ONLY"].into_iter().map(|v| el("option").attr("value", v).text(v)))
                            .dyn_value(move || view_type.get())
                            .on_change(move |v| view_type.set(v)),
                    ),
                )
                .child(
                    el("button")
                        .ty("button")
                        .class("mdl-btn mdl-small")
                        .tid("q-stream-enable")
                        .on_click(move |_| enable_stream())
                        .dyn_text(move || format!("Enable stream on {}", table())),
                ),
        )
        .dyn_child(move || message.get().map(|t| el("p").class("mdl-muted").tid("q-clock-message").text(&t)).into())
        .child(el("p").class("mdl-muted").text("TTL and stream settings belong to this session's engine (the model file keeps designs and items). An expired item is deleted by TTL when the clock passes its time; the model and the Items grid follow, and undo puts it back."))
        .dyn_child(move || recs().into_iter().map(|(t, view_type, list)| stream(t, view_type, list)).collect::<Vec<_>>().into())
        .into()
}
