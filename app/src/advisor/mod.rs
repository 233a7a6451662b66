//! The advisor's findings for the current model: what is wrong in the seeds' terms, the fix, and what
//! it concerns. Each can be dismissed with a reason (saved in the model, undoable) and restored.

use advisor::{Finding, Severity};
use leptos::prelude::*;

use crate::model::Edit;
use crate::modeler::state::use_modeler;
use crate::patterns::analysis::Analysis;

fn severity_label(s: Severity) -> (&'static str, &'static str) {
    match s {
        Severity::Problem => ("adv-problem", "Problem"),
        Severity::Warning => ("adv-warning", "Warning"),
    }
}

#[component]
fn FindingItem(finding: Finding) -> impl IntoView {
    let m = use_modeler();
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
    view! {
        <li class=format!("adv-finding {class}") data-testid="finding" data-finding-id=id.clone() data-rule=finding.rule.id()>
            <div class="adv-head">
                <span class="adv-severity">{label}</span>
                <span class="adv-title" data-testid="finding-title">{finding.title.clone()}</span>
            </div>
            <div class="adv-target" data-testid="finding-target">{finding.target.label()}</div>
            <p class="adv-text" data-testid="finding-explanation">{finding.explanation.clone()}</p>
            <p class="adv-fix" data-testid="finding-fix"><strong>"Fix: "</strong>{finding.fix.clone()}</p>
            <Show when=move || !asking.get()>
                <button type="button" class="mdl-link" data-testid="finding-dismiss" on:click=move |_| asking.set(true)>"Dismiss…"</button>
            </Show>
            <Show when=move || asking.get()>
                <form class="adv-dismiss" on:submit=move |ev| { ev.prevent_default(); dismiss() }>
                    <label class="mdl-field">
                        <span class="mdl-label">"Why does this not apply?"</span>
                        <input type="text" class="mdl-input" data-testid="finding-reason" autofocus=true
                            aria-invalid=move || if error.with(|e| e.is_some()) { "true" } else { "false" }
                            prop:value=move || reason.get()
                            on:input=move |ev| { error.set(None); reason.set(event_target_value(&ev)) }
                            on:keydown=move |ev: leptos::ev::KeyboardEvent| if ev.key() == "Escape" { asking.set(false) }/>
                        <span class="mdl-error" role="alert" data-testid="finding-reason-error" hidden=move || error.with(|e| e.is_none())>
                            {move || error.get().unwrap_or_default()}
                        </span>
                    </label>
                    <div class="mdl-actions">
                        <button type="button" class="mdl-btn" on:click=move |_| asking.set(false)>"Cancel"</button>
                        <button type="submit" class="mdl-btn mdl-primary" data-testid="finding-dismiss-confirm">"Dismiss"</button>
                    </div>
                </form>
            </Show>
        </li>
    }
}

#[component]
pub fn AdvisorPanel(analysis: Memo<Analysis>) -> impl IntoView {
    let m = use_modeler();
    let active = move || analysis.with(|a| a.findings.iter().filter(|f| f.dismissal(&a.dismissed).is_none()).cloned().collect::<Vec<_>>());
    let dismissed = move || {
        analysis.with(|a| {
            a.findings
                .iter()
                .filter_map(|f| f.dismissal(&a.dismissed).map(|d| (f.clone(), d.reason.clone())))
                .collect::<Vec<_>>()
        })
    };
    let restore = move |id: String| {
        let mut list = m.state.with_untracked(|s| s.playground.dismissed_findings.clone());
        advisor::restore(&mut list, &id);
        let _ = m.perform(Edit::SetDismissedFindings(list));
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
    view! {
        <section class="adv" data-testid="advisor" aria-labelledby="advisor-title">
            <h2 class="pat-title" id="advisor-title">"Advisor"</h2>
            <p class="pat-coverage" data-testid="advisor-summary">{summary}</p>
            {move || {
                let (source, result) = crate::heat::current();
                let note = source.with(|s| result.with(|r| crate::patterns::analysis::heat_note(s.as_ref(), r.as_ref())))?;
                Some(view! { <p class="mdl-muted" data-testid="advisor-heat">{note}</p> })
            }}
            <ul class="adv-list" data-testid="findings">
                <For each=active key=|f| (f.id(), f.title.clone(), f.explanation.clone()) let:f>
                    <FindingItem finding=f/>
                </For>
            </ul>
            <Show when=move || !dismissed().is_empty()>
                <details class="adv-dismissed" data-testid="advisor-dismissed">
                    <summary>{move || format!("Dismissed ({})", dismissed().len())}</summary>
                    <ul class="adv-list">
                        {move || dismissed().into_iter().map(|(f, reason)| {
                            let id = f.id();
                            let id2 = id.clone();
                            view! {
                                <li class="adv-finding adv-folded" data-testid="dismissed-finding" data-finding-id=id.clone()>
                                    <span class="adv-title">{f.title.clone()}</span>
                                    <span class="adv-reason" data-testid="dismissed-reason">{format!("Dismissed: {reason}")}</span>
                                    <button type="button" class="mdl-link" data-testid="finding-restore" on:click=move |_| restore(id2.clone())>"Restore"</button>
                                </li>
                            }
                        }).collect_view()}
                    </ul>
                </details>
            </Show>
        </section>
    }
}
