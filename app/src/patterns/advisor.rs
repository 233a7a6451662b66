//! The advisor's findings for the current model: what is wrong in the seeds' terms, the fix, and what
//! it concerns. Each can be dismissed with a reason (saved in the model, undoable) and restored.

use ::advisor::{Finding, Severity};
use leptos::prelude::*;

use super::analysis::Analysis;
use crate::i18n::{t, t_string, td_string, use_i18n, Locale};
use crate::model::Edit;
use crate::state::{use_app, Modeler};

fn severity_label(s: Severity, locale: Locale) -> (&'static str, &'static str) {
    match s {
        Severity::Problem => ("adv-problem", td_string!(locale, patterns.problem)),
        Severity::Warning => ("adv-warning", td_string!(locale, patterns.warning)),
    }
}

/// Dismiss finding `id` with `reason` (one undoable edit).
fn dismiss(m: Modeler, id: &str, reason: &str) -> Result<(), String> {
    let mut list = m.state.with_untracked(|s| s.playground.dismissed_findings.clone());
    advisor::dismiss(&mut list, id, reason);
    m.perform(Edit::SetDismissedFindings(list)).map_err(|e| e.to_string())
}

/// Brings a dismissed finding back (one undoable edit).
fn restore(m: Modeler, id: &str) {
    let mut list = m.state.with_untracked(|s| s.playground.dismissed_findings.clone());
    advisor::restore(&mut list, id);
    let _ = m.perform(Edit::SetDismissedFindings(list));
}

/// The form asking why finding `id` does not apply; Escape or Cancel sets `asking` back.
#[component]
fn DismissForm(id: String, asking: RwSignal<bool>) -> impl IntoView {
    let m = use_app().modeler;
    let i18n = use_i18n();
    let reason = RwSignal::new(String::new());
    // `Some(None)`: no reason given; `Some(Some(e))`: the model refused.
    let error = RwSignal::new(None::<Option<String>>);
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let r = reason.get_untracked();
        if r.trim().is_empty() {
            error.set(Some(None));
        } else if let Err(e) = dismiss(m, &id, r.trim()) {
            error.set(Some(Some(e)));
        }
    };
    view! {
        <form class="adv-dismiss" on:submit=submit>
            <label class="mdl-field">
                <span class="mdl-label">{t!(i18n, patterns.why_not)}</span>
                <input
                    type="text"
                    class="mdl-input"
                    data-testid="finding-reason"
                    autofocus
                    aria-invalid=move || if error.with(Option::is_some) { "true" } else { "false" }
                    prop:value=move || reason.get()
                    on:input=move |ev| {
                        error.set(None);
                        reason.set(event_target_value(&ev))
                    }
                    on:keydown=move |ev| {
                        if ev.key() == "Escape" {
                            asking.set(false)
                        }
                    }
                />
                <span class="mdl-error" role="alert" data-testid="finding-reason-error" hidden=move || error.with(Option::is_none)>
                    {move || error.get().map(|e| e.unwrap_or_else(|| t_string!(i18n, patterns.say_why).to_string())).unwrap_or_default()}
                </span>
            </label>
            <div class="mdl-actions">
                <button type="button" class="mdl-btn" on:click=move |_| asking.set(false)>{t!(i18n, patterns.cancel)}</button>
                <button type="submit" class="mdl-btn mdl-primary" data-testid="finding-dismiss-confirm">{t!(i18n, patterns.dismiss)}</button>
            </div>
        </form>
    }
}

/// One finding: what is wrong, what it concerns, the fix, and a way to dismiss it with a reason. An
/// access pattern it names is named as the pattern table names it (`analysis`).
#[component]
fn FindingItem(finding: Finding, analysis: Memo<Analysis>) -> impl IntoView {
    let id = finding.id();
    let i18n = use_i18n();
    let asking = RwSignal::new(false);
    let severity = finding.severity;
    let class = severity_label(severity, Locale::en).0;
    let label = move || severity_label(severity, i18n.get_locale()).1;
    let form_id = id.clone();
    let lang = move || crate::language::words(i18n.get_locale());
    let (title, target, explanation, fix) = (finding.title, finding.target.label(), finding.explanation, finding.fix);
    view! {
        <li class=format!("adv-finding {class}") data-testid="finding" data-finding-id=id data-rule=finding.rule.id()>
            <div class="adv-head">
                <span class="adv-severity">{label}</span>
                <span class="adv-title" data-testid="finding-title">{move || analysis.with(|a| a.say(title.message(), lang()))}</span>
            </div>
            <div class="adv-target" data-testid="finding-target">{move || analysis.with(|a| a.say(&target, lang()))}</div>
            <p class="adv-text" data-testid="finding-explanation">{move || analysis.with(|a| a.say(explanation.message(), lang()))}</p>
            <p class="adv-fix" data-testid="finding-fix">
                <strong>{t!(i18n, patterns.fix)}</strong>
                {move || analysis.with(|a| a.say(fix.message(), lang()))}
            </p>
            <Show
                when=move || asking.get()
                fallback=move || view! { <button type="button" class="mdl-link" data-testid="finding-dismiss" on:click=move |_| asking.set(true)>{t!(i18n, patterns.dismiss_more)}</button> }
            >
                <DismissForm id=form_id.clone() asking />
            </Show>
        </li>
    }
}

/// A dismissed finding, folded: its title, the reason, and Restore.
#[component]
fn DismissedItem(finding: Finding, reason: String, analysis: Memo<Analysis>) -> impl IntoView {
    let m = use_app().modeler;
    let i18n = use_i18n();
    let id = finding.id();
    let restore_id = id.clone();
    let title = finding.title;
    view! {
        <li class="adv-finding adv-folded" data-testid="dismissed-finding" data-finding-id=id>
            <span class="adv-title">{move || analysis.with(|a| a.say(title.message(), crate::language::words(i18n.get_locale())))}</span>
            <span class="adv-reason" data-testid="dismissed-reason">{t!(i18n, patterns.dismissed_reason, reason = reason.clone())}</span>
            <button type="button" class="mdl-link" data-testid="finding-restore" on:click=move |_| restore(m, &restore_id)>{t!(i18n, patterns.restore)}</button>
        </li>
    }
}

/// The advisor's findings for `analysis`: open ones first, dismissed ones folded below.
#[component]
pub fn AdvisorPanel(analysis: Memo<Analysis>) -> impl IntoView {
    let heat_run = use_app().heat_run;
    let i18n = use_i18n();
    let active = move || analysis.with(|a| a.findings.iter().filter(|f| f.dismissal(&a.dismissed).is_none()).cloned().collect::<Vec<_>>());
    let dismissed = Memo::new(move |_| {
        analysis.with(|a| a.findings.iter().filter_map(|f| f.dismissal(&a.dismissed).map(|d| (f.clone(), d.reason.clone()))).collect::<Vec<_>>())
    });
    let summary = move || {
        let lang = crate::language::words(i18n.get_locale());
        analysis.with(|a| ::advisor::render(&::advisor::summary(&a.findings, &a.dismissed, a.checks.len()), lang))
    };
    let heat_note = move || heat_run.with(|r| r.as_ref().map(|r| r.note())).map(|note| view! { <p class="mdl-muted" data-testid="advisor-heat">{note}</p> });
    view! {
        <section class="adv" data-testid="advisor" aria-labelledby="advisor-title">
            <h2 class="pat-title" id="advisor-title">{t!(i18n, patterns.advisor)}</h2>
            <p class="pat-coverage" data-testid="advisor-summary">{summary}</p>
            {heat_note}
            <ul class="adv-list" data-testid="findings">
                <For each=active key=|f| (f.id(), f.title.clone(), f.explanation.clone()) let(finding)>
                    <FindingItem finding analysis />
                </For>
            </ul>
            <Show when=move || dismissed.with(|d| !d.is_empty())>
                <details class="adv-dismissed" data-testid="advisor-dismissed">
                    <summary>{move || {
                        let count = dismissed.with(Vec::len);
                        t_string!(i18n, patterns.dismissed_count, count).to_string()
                    }}</summary>
                    <ul class="adv-list">
                        {move || dismissed.get().into_iter().map(|(finding, reason)| view! { <DismissedItem finding reason analysis /> }).collect_view()}
                    </ul>
                </details>
            </Show>
        </section>
    }
}
