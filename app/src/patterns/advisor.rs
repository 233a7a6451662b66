//! The advisor's findings for the current model: what is wrong in the seeds' terms, the fix, and what
//! it concerns. Each can be dismissed with a reason (saved in the model, undoable) and restored.

use ::advisor::{Finding, Severity};

use crate::model::Edit;
use crate::state::{use_app, Modeler};
use super::analysis::Analysis;
use crate::ui::prelude::*;

fn severity_label(s: Severity) -> (&'static str, &'static str) {
    match s {
        Severity::Problem => ("adv-problem", "Problem"),
        Severity::Warning => ("adv-warning", "Warning"),
    }
}

/// One finding: what is wrong, what it concerns, the fix, and a way to dismiss it with a reason.
fn finding_item(finding: Finding) -> View {
    let m = use_app().modeler;
    let id = finding.id();
    let asking = RwSignal::new(false);
    let reason = RwSignal::new(String::new());
    let error = RwSignal::new(None::<String>);
    let id2 = StoredValue::new(id.clone());
    let dismiss = move || {
        let r = reason.get_untracked();
        if r.trim().is_empty() {
            error.set(Some(String::from("Say why this does not apply (it is saved with the model)")));
            return;
        }
        let mut list = m.state.with_untracked(|s| s.playground.dismissed_findings.clone());
        advisor::dismiss(&mut list, &id2.get_value(), r.trim());
        if let Err(e) = m.perform(Edit::SetDismissedFindings(list)) {
            error.set(Some(e.to_string()));
        }
    };
    let (class, label) = severity_label(finding.severity);
    let form = move || {
        el("form")
            .class("adv-dismiss")
            .on("submit", move |ev| {
                ev.prevent_default();
                dismiss()
            })
            .child(
                el("label")
                    .class("mdl-field")
                    .child(el("span").class("mdl-label").text("Why does this not apply?"))
                    .child(
                        el("input")
                            .ty("text")
                            .class("mdl-input")
                            .tid("finding-reason")
                            .flag("autofocus", true)
                            .dyn_attr("aria-invalid", move || Some(String::from(if error.with(|e| e.is_some()) { "true" } else { "false" })))
                            .dyn_value(move || reason.get())
                            .on_input(move |v| {
                                error.set(None);
                                reason.set(v)
                            })
                            .on_key("keydown", move |ev| {
                                if ev.key() == "Escape" {
                                    asking.set(false)
                                }
                            }),
                    )
                    .child(
                        el("span")
                            .class("mdl-error")
                            .attr("role", "alert")
                            .tid("finding-reason-error")
                            .dyn_flag("hidden", move || error.with(|e| e.is_none()))
                            .dyn_text(move || error.get().unwrap_or_default()),
                    ),
            )
            .child(
                el("div")
                    .class("mdl-actions")
                    .child(el("button").ty("button").class("mdl-btn").on_click(move |_| asking.set(false)).text("Cancel"))
                    .child(el("button").ty("submit").class("mdl-btn mdl-primary").tid("finding-dismiss-confirm").text("Dismiss")),
            )
            .into()
    };
    el("li")
        .class(&format!("adv-finding {class}"))
        .tid("finding")
        .attr("data-finding-id", &id)
        .attr("data-rule", finding.rule.id())
        .child(el("div").class("adv-head").child(el("span").class("adv-severity").text(label)).child(el("span").class("adv-title").tid("finding-title").text(&finding.title)))
        .child(el("div").class("adv-target").tid("finding-target").text(&finding.target.label()))
        .child(el("p").class("adv-text").tid("finding-explanation").text(&finding.explanation))
        .child(el("p").class("adv-fix").tid("finding-fix").child(el("strong").text("Fix: ")).text(&finding.fix))
        .child(show(move || !asking.get(), move || el("button").ty("button").class("mdl-link").tid("finding-dismiss").on_click(move |_| asking.set(true)).text("Dismiss…").into()))
        .child(show(move || asking.get(), form))
        .into()
}

/// A dismissed finding, folded: its title, the reason, and Restore.
fn dismissed_item(m: Modeler, f: Finding, reason: String) -> El {
    let id = f.id();
    let id2 = id.clone();
    el("li")
        .class("adv-finding adv-folded")
        .tid("dismissed-finding")
        .attr("data-finding-id", &id)
        .child(el("span").class("adv-title").text(&f.title))
        .child(el("span").class("adv-reason").tid("dismissed-reason").text(&format!("Dismissed: {reason}")))
        .child(el("button").ty("button").class("mdl-link").tid("finding-restore").on_click(move |_| restore(m, id2.clone())).text("Restore"))
}

/// Brings a dismissed finding back (one undoable edit).
fn restore(m: Modeler, id: String) {
    let mut list = m.state.with_untracked(|s| s.playground.dismissed_findings.clone());
    advisor::restore(&mut list, &id);
    let _ = m.perform(Edit::SetDismissedFindings(list));
}

/// The advisor's findings for `analysis`: open ones first, dismissed ones folded below.
pub fn advisor_panel(analysis: Memo<Analysis>) -> View {
    let app = use_app();
    let (m, heat_run) = (app.modeler, app.heat_run);
    let active = move || analysis.with(|a| a.findings.iter().filter(|f| f.dismissal(&a.dismissed).is_none()).cloned().collect::<Vec<_>>());
    let dismissed = move || {
        analysis.with(|a| {
            a.findings
                .iter()
                .filter_map(|f| f.dismissal(&a.dismissed).map(|d| (f.clone(), d.reason.clone())))
                .collect::<Vec<_>>()
        })
    };
    let summary = move || {
        let (n, d) = (active().len(), dismissed().len());
        match (n, d) {
            (0, 0) => String::from("No findings: the design avoids every anti-pattern the advisor checks."),
            (0, d) => format!("No open findings ({d} dismissed)."),
            (1, _) => String::from("1 finding"),
            (n, _) => format!("{n} findings"),
        }
    };
    el("section")
        .class("adv")
        .tid("advisor")
        .attr("aria-labelledby", "advisor-title")
        .child(el("h2").class("pat-title").id("advisor-title").text("Advisor"))
        .child(el("p").class("pat-coverage").tid("advisor-summary").dyn_text(summary))
        .dyn_child(move || {
            heat_run
                .with(|r| r.as_ref().map(|r| r.note()))
                .map(|note| el("p").class("mdl-muted").tid("advisor-heat").text(&note))
                .into()
        })
        .child(el("ul").class("adv-list").tid("findings").child(each(active, |f| (f.id(), f.title.clone(), f.explanation.clone()), finding_item)))
        .child(show(
            move || !dismissed().is_empty(),
            move || {
                el("details")
                    .class("adv-dismissed")
                    .tid("advisor-dismissed")
                    .child(el("summary").dyn_text(move || format!("Dismissed ({})", dismissed().len())))
                    .child(el("ul").class("adv-list").dyn_child(move || dismissed().into_iter().map(|(f, reason)| dismissed_item(m, f, reason)).collect::<Vec<_>>().into()))
                    .into()
            },
        ))
        .into()
}
