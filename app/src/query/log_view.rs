//! Every call of the session: action, status, items, capacity; re-run or open in the builder.

use engine::capacity::units_text;

use super::builder::Builder;
use super::log::totals;
use super::session::{run, use_session, Outcome, QuerySession, Source};
use crate::ui::prelude::*;

fn rerun(session: QuerySession, seq: u64) {
    let entry = session.log.with_untracked(|l| l.iter().find(|o| o.seq == seq).map(|o| (o.source, o.action.clone(), o.request.clone())));
    if let Some((source, action, request)) = entry {
        run(session, if source == Source::Clock { Source::Console } else { source }, &action, request);
    }
}

fn open(session: QuerySession, seq: u64) {
    let m = session.app.modeler;
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
}

/// One call of the log.
fn entry(session: QuerySession, o: &Outcome) -> El {
    let seq = o.seq;
    let statement = o.action == "ExecuteStatement";
    let can_open = statement || matches!(o.action.as_str(), "Query" | "Scan");
    let cap = o.capacity.iter().map(|t| format!("{} {}", t.table, t.total)).collect::<Vec<_>>().join(", ");
    el("li")
        .class("q-log-entry")
        .tid("q-log-entry")
        .attr("data-ok", &o.result.is_ok().to_string())
        .child(el("span").class("mdl-mono").text(&format!("#{seq} {}", o.action)))
        .child(el("span").tid("q-log-status").text(&o.status_text()))
        .child(el("span").class("mdl-muted").text(&format!("{} item(s)", o.summary.items.len())))
        .child(el("span").class("mdl-muted").text(&cap))
        .child(el("button").ty("button").class("mdl-link").tid("q-log-rerun").on_click(move |_| rerun(session, seq)).text("Re-run"))
        .child(can_open.then(|| {
            el("button")
                .ty("button")
                .class("mdl-link")
                .tid("q-log-open")
                .on_click(move |_| open(session, seq))
                .text(if statement { "Open in PartiQL" } else { "Open in builder" })
        }))
}

pub fn log_panel() -> View {
    let session = use_session();
    // Rows are keyed by `seq` (the log only grows); a new row reads its call from the log once.
    let seqs = move || session.log.with(|l| l.iter().rev().take(200).map(|o| o.seq).collect::<Vec<_>>());
    let row = move |seq: u64| session.log.with_untracked(|l| l.iter().rev().find(|o| o.seq == seq).map(|o| entry(session, o))).into();
    el("section")
        .class("q-log")
        .tid("q-log")
        .child(el("h3").class("q-h").text("Operation log"))
        .child(el("p").class("mdl-muted").tid("q-log-totals").dyn_text(move || {
            session.log.with(|l| totals(l).into_iter().map(|(t, r, w)| format!("{t}: {} RCU, {} WCU in total", units_text(r), units_text(w))).collect::<Vec<_>>().join(" · "))
        }))
        .child(el("ol").class("q-log-list").child(each(seqs, |s| *s, row)))
        .into()
}
