//! The playground clock, Time to Live and the Streams panel.

use leptos::prelude::*;
use serde_json::{json, Value};

use super::fields::{plain_options, Choice};
use super::session::{advance_clock, run, use_session, Outcome, Source};
use super::streams::records;
use crate::model::propagation::{parse_delay, DelayError, MAX_DELAY_MS};
use crate::i18n::{t, t_string, td_string, use_i18n, Locale};
use crate::state::clock::{iso, parse_date, DAY, HOUR, MINUTE};

/// One stream record, newest first in its list.
fn stream_record(r: &Value, locale: Locale) -> impl IntoView {
    let event = r.get("eventName").and_then(|v| v.as_str()).unwrap_or("").to_string();
    let data_event = event.clone();
    let keys = r.pointer("/dynamodb/Keys").map(|k| k.to_string()).unwrap_or_default();
    let who = r.pointer("/userIdentity/principalId").and_then(|v| v.as_str()).map(|who| td_string!(locale, query.stream_by, who).to_string());
    let image = |t: Option<String>| t.map(|t| view! { <div class="mdl-mono mdl-muted">{t}</div> });
    let old = image(r.pointer("/dynamodb/OldImage").map(|k| td_string!(locale, query.stream_old, image = k.to_string()).to_string()));
    let new = image(r.pointer("/dynamodb/NewImage").map(|k| td_string!(locale, query.stream_new, image = k.to_string()).to_string()));
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
fn stream(t: String, view_type: String, list: Vec<Value>, locale: Locale) -> impl IntoView {
    let title = td_string!(locale, query.stream_of, table = t.clone()).to_string();
    let meta = td_string!(locale, query.stream_meta, view = view_type, count = super::words::count(locale, list.len() as u64)).to_string();
    view! {
        <div class="q-stream" data-testid="q-stream" data-table=t>
            <div>
                <strong>{title}</strong>
                <span class="mdl-muted">{meta}</span>
            </div>
            <ol class="q-stream-list">{list.iter().rev().take(100).map(|r| stream_record(r, locale)).collect_view()}</ol>
        </div>
    }
}

/// A small button of the clock row.
fn small_button<L: IntoView + 'static>(testid: &'static str, label: L, on_click: impl Fn() + 'static) -> impl IntoView {
    view! {
        <button type="button" class="mdl-btn mdl-small" data-testid=testid on:click=move |_| on_click()>
            {label}
        </button>
    }
}

#[component]
pub fn ClockPanel() -> impl IntoView {
    let session = use_session();
    let i18n = use_i18n();
    let m = session.app.modeler;
    let read_only = m.read_only;
    let date = RwSignal::new(String::new());
    // `true`: the date is before the clock; `false`: it is not a date.
    let date_error = RwSignal::new(None::<bool>);
    let ttl_attr = RwSignal::new(String::from("expiresAt"));
    let view_type = RwSignal::new(String::from("NEW_AND_OLD_IMAGES"));
        let delay = RwSignal::new(String::from("0"));
    let delay_error = RwSignal::new(None::<DelayError>);
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
    // `Ok((action, table))` or DynamoDB's error as `type: message`.
    let message = RwSignal::new(None::<Result<(String, String), String>>);
    let table = move || m.state.with(|s| m.selected.get().and_then(|i| s.playground.table(i)).map(|t| t.name().to_string()).unwrap_or_default());
    let step = move |ms: u64| {
        advance_clock(session, session.clock.get_untracked() + ms);
    };
    let to_date = move || match parse_date(&date.get_untracked()) {
        Some(t) if t >= session.clock.get_untracked() => {
            date_error.set(None);
            advance_clock(session, t);
        }
        Some(_) => date_error.set(Some(true)),
        None => date_error.set(Some(false)),
    };
    let report = move |o: Outcome| {
        message.set(Some(match o.result {
            Ok(_) => Ok((o.action.clone(), o.request.get("TableName").and_then(|v| v.as_str()).unwrap_or("").to_string())),
            Err(f) => Err(format!("{}: {}", f.type_name, f.message)),
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
        let locale = i18n.get_locale();
        m.state.with(|s| records(s.playground.database())).into_iter().map(|(t, view_type, list)| stream(t, view_type, list, locale)).collect_view()
    };
    view! {
        <section class="q-clock" data-testid="q-clock-panel">
            <h3 class="q-h">{t!(i18n, query.clock_title)}</h3>
            // A read-only embed changes nothing: no clock to move (Time to Live would delete items), no
            // setting to turn on; the clock and the streams are still shown.
            {read_only.then(|| view! {
                <p><span>{t!(i18n, query.clock)} <strong class="mdl-mono" data-testid="q-clock">{move || iso(session.clock.get())}</strong></span></p>
            })}
            {(!read_only).then(|| view! {
            <div class="q-row">
                <span>{t!(i18n, query.clock)} <strong class="mdl-mono" data-testid="q-clock">{move || iso(session.clock.get())}</strong></span>
                {small_button("q-clock-second", t!(i18n, query.plus_second), move || step(1000))}
                {small_button("q-clock-min", t!(i18n, query.plus_minute), move || step(MINUTE))}
                {small_button("q-clock-hour", t!(i18n, query.plus_hour), move || step(HOUR))}
                {small_button("q-clock-day", t!(i18n, query.plus_day), move || step(DAY))}
                <input
                    class="mdl-input q-narrow-date"
                    data-testid="q-clock-date"
                    placeholder="YYYY-MM-DD"
                    aria-label=move || t_string!(i18n, query.clock_date_label)
                    prop:value=move || date.get()
                    on:input=move |ev| date.set(event_target_value(&ev))
                />
                {small_button("q-clock-go", t!(i18n, query.go), to_date)}
            </div>
            {move || date_error.get().map(|backwards| view! {
                <p class="mdl-error" data-testid="q-clock-error">
                    {if backwards { t_string!(i18n, query.clock_forward_only) } else { t_string!(i18n, query.clock_date_format) }}
                </p>
            })}
            <div class="q-row" data-testid="q-propagation-setting">
                <label class="q-field">
                    {t!(i18n, query.propagation_delay)}
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
                {small_button("q-propagation-apply", t!(i18n, query.propagation_set), set_delay)}
                <span class="mdl-muted" data-testid="q-propagation-current">
                    {move || match lag.get().millis() {
                        0 => t_string!(i18n, query.propagation_none).to_string(),
                        ms => t_string!(i18n, query.propagation_after, ms = ms.to_string()).to_string(),
                    }}
                </span>
            </div>
            {move || delay_error.get().map(|e| view! {
                <p class="mdl-error" data-testid="q-propagation-error">
                    {move || match e {
                        DelayError::TooLong => t_string!(i18n, query.propagation_too_long, max = MAX_DELAY_MS.to_string()).to_string(),
                        DelayError::NotANumber => t_string!(i18n, query.propagation_not_a_number).to_string(),
                    }}
                </p>
            })}
            <p class="mdl-muted">{t!(i18n, query.propagation_explained)}</p>
            <div class="q-row">
                <label class="q-field">
                    {t!(i18n, query.ttl_attribute)}
                    <input
                        class="mdl-input q-narrow-date"
                        data-testid="q-ttl-attr"
                        prop:value=move || ttl_attr.get()
                        on:input=move |ev| ttl_attr.set(event_target_value(&ev))
                    />
                </label>
                <button type="button" class="mdl-btn mdl-small" data-testid="q-ttl-enable" on:click=move |_| enable_ttl()>
                    {move || t_string!(i18n, query.enable_ttl, table = table()).to_string()}
                </button>
                <label class="q-field">
                    {t!(i18n, query.stream_view)}
                    <Choice
                        testid="q-stream-view"
                        options=plain_options(&["NEW_AND_OLD_IMAGES", "NEW_IMAGE", "OLD_IMAGE", "KEYS_ONLY"])
                        value=view_type
                        write=move |v| view_type.set(v)
                    />
                </label>
                <button type="button" class="mdl-btn mdl-small" data-testid="q-stream-enable" on:click=move |_| enable_stream()>
                    {move || t_string!(i18n, query.enable_stream, table = table()).to_string()}
                </button>
            </div>
            })}
            {move || {
                let text = message.get().map(|m| match m {
                    Ok((action, table)) => t_string!(i18n, query.clock_done, action, table).to_string(),
                    Err(error) => error,
                });
                text.map(|t| view! { <p class="mdl-muted" data-testid="q-clock-message">{t}</p> })
            }}
            <p class="mdl-muted" hidden=read_only>
                {t!(i18n, query.clock_explained)}
            </p>
            {streams}
        </section>
    }
}
