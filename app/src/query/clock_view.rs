//! The playground clock, Time to Live and the Streams panel.

use leptos::prelude::*;
use serde_json::{json, Value};

use super::fields::{plain_options, Choice};
use super::session::{advance_clock, run, use_session, Outcome, Source};
use super::streams::records;
use crate::model::propagation::parse_delay;
use crate::state::clock::{iso, parse_date, DAY, HOUR, MINUTE};

/// One stream record, newest first in its list.
fn stream_record(r: &Value) -> impl IntoView {
    let event = r.get("eventName").and_then(|v| v.as_str()).unwrap_or("").to_string();
    let data_event = event.clone();
    let keys = r.pointer("/dynamodb/Keys").map(|k| k.to_string()).unwrap_or_default();
    let who = r.pointer("/userIdentity/principalId").and_then(|v| v.as_str()).map(|p| format!(" · by {p}"));
    let image = |t: Option<String>| t.map(|t| view! { <div class="mdl-mono mdl-muted">{t}</div> });
    let old = image(r.pointer("/dynamodb/OldImage").map(|k| format!("old {k}")));
    let new = image(r.pointer("/dynamodb/NewImage").map(|k| format!("new {k}")));
    view! {
        <li class="q-stream-record" data-testid="q-stream-record" data-event=data_event>
            <strong>{event}</strong>
            " "
            <span class="mdl-mono">{keys}</span>
            <span class="mdl-muted" data-testid="q-stream-who">{who}</span>
            {old}
            {new}
        </li>
    }
}

/// The stream of one table: its view type and its latest 100 records.
fn stream(t: String, view_type: String, list: Vec<Value>) -> impl IntoView {
    let title = format!("Stream of {t}");
    view! {
        <div class="q-stream" data-testid="q-stream" data-table=t>
            <div>
                <strong>{title}</strong>
                <span class="mdl-muted">{format!(" · {view_type} · {} record(s)", list.len())}</span>
            </div>
            <ol class="q-stream-list">{list.iter().rev().take(100).map(stream_record).collect_view()}</ol>
        </div>
    }
}

/// A small button of the clock row.
fn small_button(testid: &'static str, label: &'static str, on_click: impl Fn() + 'static) -> impl IntoView {
    view! {
        <button type="button" class="mdl-btn mdl-small" data-testid=testid on:click=move |_| on_click()>
            {label}
        </button>
    }
}

#[component]
pub fn ClockPanel() -> impl IntoView {
    let session = use_session();
    let m = session.app.modeler;
    let read_only = m.read_only;
    let date = RwSignal::new(String::new());
    let date_error = RwSignal::new(None::<String>);
    let ttl_attr = RwSignal::new(String::from("expiresAt"));
    let view_type = RwSignal::new(String::from("NEW_AND_OLD_IMAGES"));
    let message = RwSignal::new(None::<String>);
    let delay = RwSignal::new(String::from("0"));
    let delay_error = RwSignal::new(None::<String>);
    // The delay belongs to the page, not to the model: a model that arrives (a template, a file, an
    // undone replacement) gets a fresh engine, which is given the delay again here.
    let lag = RwSignal::new(engine::index::lag::IndexLag::NONE);
    Effect::new(move |_| {
        let want = lag.get();
        let differs = m.state.with(|s| s.playground.index_lag() != want);
        if differs {
            m.state.update(|s| s.playground.set_index_lag(want));
        }
    });
    let set_delay = move || match parse_delay(&delay.get_untracked()) {
        Ok(l) => {
            delay_error.set(None);
            lag.set(l);
        }
        Err(e) => delay_error.set(Some(e)),
    };
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
    let report = move |o: Outcome| {
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
    let streams = move || {
        session.log.track();
        m.state.with(|s| records(s.playground.database())).into_iter().map(|(t, view_type, list)| stream(t, view_type, list)).collect_view()
    };
    view! {
        <section class="q-clock" data-testid="q-clock-panel">
            <h3 class="q-h">"Clock, Time to Live and Streams"</h3>
            // A read-only embed changes nothing: no clock to move (Time to Live would delete items), no
            // setting to turn on; the clock and the streams are still shown.
            {read_only.then(|| view! {
                <p><span>"Playground clock: " <strong class="mdl-mono" data-testid="q-clock">{move || iso(session.clock.get())}</strong></span></p>
            })}
            {(!read_only).then(|| view! {
            <div class="q-row">
                <span>"Playground clock: " <strong class="mdl-mono" data-testid="q-clock">{move || iso(session.clock.get())}</strong></span>
                {small_button("q-clock-second", "+1 s", move || step(1000))}
                {small_button("q-clock-min", "+1 min", move || step(MINUTE))}
                {small_button("q-clock-hour", "+1 h", move || step(HOUR))}
                {small_button("q-clock-day", "+1 day", move || step(DAY))}
                <input
                    class="mdl-input q-narrow-date"
                    data-testid="q-clock-date"
                    placeholder="YYYY-MM-DD"
                    aria-label="Move the clock to a date"
                    prop:value=move || date.get()
                    on:input=move |ev| date.set(event_target_value(&ev))
                />
                {small_button("q-clock-go", "Go", to_date)}
            </div>
            {move || date_error.get().map(|e| view! { <p class="mdl-error" data-testid="q-clock-error">{e}</p> })}
            <div class="q-row" data-testid="q-propagation-setting">
                <label class="q-field">
                    "Index propagation delay (ms)"
                    <input
                        class="mdl-input q-narrow-date"
                        type="number"
                        min="0"
                        step="100"
                        data-testid="q-propagation-delay"
                        prop:value=move || delay.get()
                        on:input=move |ev| delay.set(event_target_value(&ev))
                        on:keydown=move |ev| if ev.key() == "Enter" { set_delay() }
                    />
                </label>
                {small_button("q-propagation-apply", "Set delay", set_delay)}
                <span class="mdl-muted" data-testid="q-propagation-current">
                    {move || match lag.get().millis() {
                        0 => String::from("GSIs are updated with each write."),
                        ms => format!("A write reaches the GSIs {ms} ms after it is made."),
                    }}
                </span>
            </div>
            {move || delay_error.get().map(|e| view! { <p class="mdl-error" data-testid="q-propagation-error">{e}</p> })}
            <p class="mdl-muted">
                "DynamoDB copies a table write to its global secondary indexes after the write returns, usually within a fraction of a second. With a delay set here, a GSI Query or Scan made before the write arrives returns the item as it was (or nothing), and the Items and Indexes tabs list the writes still on their way. Local secondary indexes are updated with the write, as in DynamoDB."
            </p>
            <div class="q-row">
                <label class="q-field">
                    "TTL attribute"
                    <input
                        class="mdl-input q-narrow-date"
                        data-testid="q-ttl-attr"
                        prop:value=move || ttl_attr.get()
                        on:input=move |ev| ttl_attr.set(event_target_value(&ev))
                    />
                </label>
                <button type="button" class="mdl-btn mdl-small" data-testid="q-ttl-enable" on:click=move |_| enable_ttl()>
                    {move || format!("Enable TTL on {}", table())}
                </button>
                <label class="q-field">
                    "Stream view"
                    <Choice
                        testid="q-stream-view"
                        options=plain_options(&["NEW_AND_OLD_IMAGES", "NEW_IMAGE", "OLD_IMAGE", "KEYS_ONLY"])
                        value=view_type
                        write=move |v| view_type.set(v)
                    />
                </label>
                <button type="button" class="mdl-btn mdl-small" data-testid="q-stream-enable" on:click=move |_| enable_stream()>
                    {move || format!("Enable stream on {}", table())}
                </button>
            </div>
            })}
            {move || message.get().map(|t| view! { <p class="mdl-muted" data-testid="q-clock-message">{t}</p> })}
            <p class="mdl-muted" hidden=read_only>
                "TTL and stream settings belong to this session's engine (the model file keeps designs and items). An expired item is deleted by TTL when the clock passes its time; the model and the Items grid follow, and undo puts it back."
            </p>
            {streams}
        </section>
    }
}
