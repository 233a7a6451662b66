//! Every call of the session: action, status, items, capacity; re-run or open in the builder.

use engine::capacity::units_text;
use leptos::prelude::*;

use super::builder::Builder;
use super::log::totals;
use super::session::{run, use_session, Source};
use crate::modeler::use_modeler;

#[component]
pub fn LogPanel() -> impl IntoView {
    let session = use_session();
    let m = use_modeler();
    let rerun = move |seq: u64| {
        let entry = session.log.with_untracked(|l| l.iter().find(|o| o.seq == seq).map(|o| (o.source, o.action.clone(), o.request.clone())));
        if let Some((source, action, request)) = entry {
            run(if source == Source::Clock { Source::Console } else { source }, &action, request);
        }
    };
    let open = move |seq: u64| {
        let entry = session.log.with_untracked(|l| l.iter().find(|o| o.seq == seq).map(|o| (o.action.clone(), o.request.clone())));
        let Some((action, request)) = entry else { return };
        if action == "ExecuteStatement" {
            session.partiql.set(super::partiql::Form::from_request(&request));
            session.mode.set("partiql");
            return;
        }
        let key_info = |t: &str, i: &str| {
            m.state.with_untracked(|s| s.playground.table_index(t).and_then(|x| s.playground.table(x)).map(|t| super::builder::KeyInfo::of(&t.definition, i)))
        };
        if let Ok(b) = Builder::from_request(&action, &request, key_info) {
            session.builder.set(b);
            session.mode.set("builder");
        }
    };
    view! {
        <section class="q-log" data-testid="q-log">
            <h3 class="q-h">"Operation log"</h3>
            <p class="mdl-muted" data-testid="q-log-totals">
                {move || session.log.with(|l| totals(l).into_iter().map(|(t, r, w)| format!("{t}: {} RCU, {} WCU in total", units_text(r), units_text(w))).collect::<Vec<_>>().join(" · "))}
            </p>
            <ol class="q-log-list">
                <For each=move || session.log.get().into_iter().rev().take(200) key=|o| o.seq children=move |o| {
                    let seq = o.seq;
                    let statement = o.action == "ExecuteStatement";
                    let can_open = statement || matches!(o.action.as_str(), "Query" | "Scan");
                    let cap = o.capacity.iter().map(|t| format!("{} {}", t.table, t.total)).collect::<Vec<_>>().join(", ");
                    view! {
                        <li class="q-log-entry" data-testid="q-log-entry" data-ok=o.result.is_ok().to_string()>
                            <span class="mdl-mono">{format!("#{seq} {}", o.action)}</span>
                            <span data-testid="q-log-status">{o.status_text()}</span>
                            <span class="mdl-muted">{format!("{} item(s)", o.summary.items.len())}</span>
                            <span class="mdl-muted">{cap}</span>
                            <button type="button" class="mdl-link" data-testid="q-log-rerun" on:click=move |_| rerun(seq)>"Re-run"</button>
                            {can_open.then(|| view! { <button type="button" class="mdl-link" data-testid="q-log-open" on:click=move |_| open(seq)>{if statement { "Open in PartiQL" } else { "Open in builder" }}</button> })}
                        </li>
                    }
                }/>
            </ol>
        </section>
    }
}
