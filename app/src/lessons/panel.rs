//! The lesson panel: the lesson's title, step n of m, the step's instructions, its checks turning green,
//! hints revealed one at a time, Show solution, Reset step, Previous and Next. Beside the workspace in
//! the full page; in a narrow frame a drawer over the bottom of the page, which its header opens and
//! closes (and Escape closes).
//!
//! The lesson's Markdown is shown as the HTML `lessons::html` makes of it (raw HTML as text, only safe
//! link addresses), so a lesson from anywhere cannot put markup of its own into the page.

use std::sync::Arc;

use leptos::html;
use leptos::prelude::*;
use lessons::{Lesson, Step};
use wasm_bindgen::JsCast;

use super::checks::{use_rows, Verdict};
use super::{steps, use_lessons, Lessons};
use crate::i18n::{t, t_string, use_i18n};
use crate::state::use_app;

/// Moves keyboard focus to the element with `id`, if it is there.
pub(super) fn focus_id(id: &str) {
    if let Some(e) = gloo_utils::document().get_element_by_id(id).and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok()) {
        let _ = e.focus();
    }
}

/// After Next or Previous, keyboard focus goes to the new step's heading (the same element, so at
/// once), or, at the end, to the heading of the end once it is drawn.
fn focus_step_title(l: Lessons) {
    if l.finished.get_untracked() {
        request_animation_frame(|| focus_id("lsn-complete-title"));
    } else {
        focus_id("lsn-step-title");
    }
}

/// The open lesson and its current step, if any (tracked).
fn current(l: Lessons) -> Option<(Arc<Lesson>, usize)> {
    let i = l.step.get();
    l.active.with(|a| a.as_ref().map(|a| (a.lesson.clone(), i)))
}

fn with_step<T: Default>(l: Lessons, f: impl FnOnce(&Lesson, &Step) -> T) -> T {
    current(l).and_then(|(lesson, i)| lesson.steps.get(i).map(|s| f(&lesson, s))).unwrap_or_default()
}

/// A lesson that could not be opened: what, where (line or path) and why.
#[component]
fn LoadErrorBox() -> impl IntoView {
    let l = use_lessons();
    let i18n = use_i18n();
    let part = move |f: fn(&super::LoadError, crate::i18n::Locale) -> String| {
        move || {
            let locale = i18n.get_locale();
            l.error.with(|e| e.as_ref().map(|e| f(e, locale)).unwrap_or_default())
        }
    };
    view! {
        <div class="lsn-error" role="alert" data-testid="lesson-error">
            <p class="lsn-error-what">{part(|e, locale| e.headline(locale))}</p>
            <p>
                <Show when=move || l.error.with(|e| e.as_ref().is_some_and(|e| e.place.is_some()))>
                    <strong class="lsn-error-place" data-testid="lesson-error-place">
                        {part(|e, locale| e.place_text(locale).unwrap_or_default())}
                    </strong>
                    ": "
                </Show>
                <span data-testid="lesson-error-reason">{part(|e, locale| e.reason_text(locale))}</span>
            </p>
            <button type="button" class="mdl-btn mdl-small" data-testid="lesson-error-dismiss" on:click=move |_| l.error.set(None)>
                {t!(i18n, lessons.dismiss)}
            </button>
        </div>
    }
}

/// The checks of the step, each with what it saw.
#[component]
fn CheckList(rows: Memo<Vec<super::checks::Row>>) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <ul class="lsn-checks" data-testid="lesson-checks" aria-label=move || t_string!(i18n, lessons.checks)>
            <For each=move || rows.get() key=|r| r.clone() let(r)>
                <li class=format!("lsn-check lsn-{}", r.verdict.slug()) data-testid="lesson-check" data-check=r.id.clone() data-state=r.verdict.slug()>
                    <span class="lsn-mark" aria-hidden="true">
                        {match r.verdict {
                            Verdict::Pass => "✓",
                            Verdict::Fail => "○",
                            Verdict::Running => "…",
                        }}
                    </span>
                    <span class="mdl-sr">
                        {match r.verdict {
                            Verdict::Pass => t!(i18n, lessons.check_pass).into_any(),
                            Verdict::Fail => t!(i18n, lessons.check_fail).into_any(),
                            Verdict::Running => t!(i18n, lessons.check_running).into_any(),
                        }}
                    </span>
                    <span class="lsn-check-text">{r.text.clone()}</span>
                    {r.kept.then(|| view! { <span class="lsn-kept" title=move || t_string!(i18n, lessons.kept_title)>{t!(i18n, lessons.kept)}</span> })}
                </li>
            </For>
        </ul>
    }
}

/// The end of the lesson.
#[component]
fn Finished() -> impl IntoView {
    let l = use_lessons();
    let i18n = use_i18n();
    let summary = move || {
        let Some((lesson, _)) = current(l) else { return String::new() };
        let done = l.progress.with(|p| p.done_count(&lesson));
        let (title, total) = (lesson.title.clone(), lesson.steps.len());
        t_string!(i18n, lessons.complete_summary, title, done, total).to_string()
    };
    view! {
        <div class="lsn-finished" role="status" data-testid="lesson-complete">
            <h3 class="lsn-step-title" id="lsn-complete-title" tabindex="-1">{t!(i18n, lessons.complete_title)}</h3>
            <p>{summary}</p>
            <div class="lsn-actions">
                <button type="button" class="mdl-btn mdl-primary" data-testid="lesson-more" on:click=move |_| l.picker.set(true)>
                    {t!(i18n, lessons.more_lessons)}
                </button>
                <button type="button" class="mdl-btn" data-testid="lesson-back" on:click=move |_| {
                        l.finished.set(false);
                        request_animation_frame(|| focus_id("lsn-step-title"));
                    }>
                    {t!(i18n, lessons.back_to_last)}
                </button>
            </div>
        </div>
    }
}

/// The open lesson.
#[component]
fn Panel() -> impl IntoView {
    let app = use_app();
    let l = use_lessons();
    let i18n = use_i18n();
    let body = NodeRef::<html::Div>::new();
    let shown = crate::observe::use_visible(body);
    let rows = use_rows(app, l, shown.into());
    let all_pass = Memo::new(move |_| rows.with(|r| !r.is_empty() && r.iter().all(|r| r.verdict == Verdict::Pass)));
    Effect::new(move |_| {
        if all_pass.get() {
            steps::mark_done(l);
        }
    });
    let n = move || current(l).map_or(0, |(lesson, _)| lesson.steps.len());
    let title = move || current(l).map(|(lesson, _)| lesson.title.clone()).unwrap_or_default();
    let counter = move || {
        let (step, total) = (l.step.get() + 1, n());
        t_string!(i18n, lessons.step_count, step, total).to_string()
    };
    let passed = move || rows.with(|r| r.iter().filter(|r| r.verdict == Verdict::Pass).count());
    let status = move || {
        let total = rows.with(Vec::len);
        if total == 0 {
            t_string!(i18n, lessons.status_no_checks).to_string()
        } else if all_pass.get() {
            t_string!(i18n, lessons.status_all_pass).to_string()
        } else {
            let passed = passed();
            t_string!(i18n, lessons.status_some, passed, total).to_string()
        }
    };
    let badge = move || {
        let total = rows.with(Vec::len);
        if total == 0 { String::new() } else { format!("{}/{total} ✓", passed()) }
    };
    let step_title = move || with_step(l, |_, s| s.title.clone());
    // The lesson's introduction comes before the first step's instructions.
    let instructions = Memo::new(move |_| {
        with_step(l, |lesson, s| {
            let intro = (l.step.get() == 0 && !lesson.introduction.is_empty()).then(|| lessons::html::to_html(&lesson.introduction));
            (intro, lessons::html::to_html(&s.instructions))
        })
    });
    let hints_total = move || with_step(l, |_, s| s.hints.len());
    let hints_shown = move || with_step(l, |_, s| l.progress.with(|p| p.hints_shown(&s.id) as usize));
    let hints = move || {
        let shown = hints_shown();
        with_step(l, |_, s| s.hints.iter().take(shown).map(|h| lessons::html::to_html(h)).collect::<Vec<_>>())
    };
    let has_solution = move || with_step(l, |_, s| s.solution.is_some());
    // A read-only embed shows the lesson but its model cannot change: the buttons that would change it
    // are off, and say why.
    let read_only = app.modeler.read_only;
    let change_title = move |what: &'static str| if read_only { t_string!(i18n, lessons.read_only_title) } else { what };
    let last = move || l.step.get() + 1 >= n();
    let done_marks = move || {
        let Some((lesson, i)) = current(l) else { return Vec::new() };
        lesson
            .steps
            .iter()
            .enumerate()
            .map(|(j, s)| (j, s.title.clone(), l.progress.with(|p| p.is_done(&s.id)), j == i))
            .collect::<Vec<_>>()
    };
    let hint_items = move || hints().into_iter().enumerate().collect::<Vec<_>>();
    let step_view = move || {
        view! {
            <h3 class="lsn-step-title" id="lsn-step-title" tabindex="-1" data-testid="lesson-step-title">{step_title}</h3>
            {move || instructions.with(|(intro, _)| intro.clone()).map(|html| view! { <div class="lsn-md lsn-intro" data-testid="lesson-introduction" inner_html=html></div> })}
            <div class="lsn-md" data-testid="lesson-instructions" inner_html=move || instructions.with(|(_, i)| i.clone())></div>
            <CheckList rows />
            <p class="lsn-status" class:lsn-status-done=move || all_pass.get() role="status" data-testid="lesson-step-status">{status}</p>
            <For each=hint_items key=|h| h.clone() let((k, html))>
                <div class="lsn-hint" data-testid="lesson-hint-text">
                    <p class="lsn-hint-label">{t!(i18n, lessons.hint_label, n = k + 1)}</p>
                    <div class="lsn-md" inner_html=html></div>
                </div>
            </For>
            <Show when=move || l.refusal.with(Option::is_some)>
                <p class="lsn-refusal" role="alert" data-testid="lesson-refusal">{move || {
                    let locale = i18n.get_locale();
                    l.refusal.with(|r| r.as_ref().map(|r| r.text(locale)).unwrap_or_default())
                }}</p>
            </Show>
            <div class="lsn-actions">
                <Show when=move || hints_shown() < hints_total()>
                    <button type="button" class="mdl-btn" data-testid="lesson-hint" on:click=move |_| steps::reveal_hint(l)>
                        {move || {
                            let (n, total) = (hints_shown() + 1, hints_total());
                            if total > 1 { t_string!(i18n, lessons.hint_of, n, total).to_string() } else { t_string!(i18n, lessons.hint).to_string() }
                        }}
                    </button>
                </Show>
                <button
                    type="button"
                    class="mdl-btn"
                    data-testid="lesson-solution"
                    disabled=move || read_only || !has_solution()
                    title=move || change_title(t_string!(i18n, lessons.solution_title))
                    on:click=move |_| steps::show_solution(app, l)
                >
                    {t!(i18n, lessons.show_solution)}
                </button>
                <button
                    type="button"
                    class="mdl-btn"
                    data-testid="lesson-reset"
                    disabled=read_only
                    title=move || change_title(t_string!(i18n, lessons.reset_title))
                    on:click=move |_| steps::reset(app, l)
                >
                    {t!(i18n, lessons.reset_step)}
                </button>
            </div>
            <div class="lsn-nav">
                <button
                    type="button"
                    class="mdl-btn"
                    data-testid="lesson-prev"
                    disabled=move || l.step.get() == 0
                    on:click=move |_| {
                        steps::previous(l);
                        focus_step_title(l);
                    }
                >
                    {t!(i18n, lessons.previous)}
                </button>
                <button
                    type="button"
                    class="mdl-btn"
                    class:mdl-primary=move || all_pass.get()
                    data-testid="lesson-next"
                    on:click=move |_| {
                        steps::next(app, l);
                        focus_step_title(l);
                    }
                >
                    {move || if last() { t_string!(i18n, lessons.finish) } else { t_string!(i18n, lessons.next) }}
                </button>
            </div>
        }
    };
    let open = move || l.drawer_open.get();
    view! {
        <div class="lsn-head">
            <button
                type="button"
                class="lsn-drawer-toggle bar-toggle"
                data-testid="lesson-drawer-toggle"
                aria-controls="lsn-body"
                aria-expanded=move || if open() { "true" } else { "false" }
                on:click=move |_| l.drawer_open.update(|o| *o = !*o)
            >
                <span class="lsn-toggle-title">{title}</span>
                <span class="lsn-toggle-meta">{counter}" · "{badge}</span>
                <span class="lsn-toggle-arrow" aria-hidden="true">{move || if open() { "▾" } else { "▴" }}</span>
                <span class="mdl-sr">{move || if open() { t_string!(i18n, lessons.hide_lesson) } else { t_string!(i18n, lessons.show_lesson) }}</span>
            </button>
            <div class="lsn-titles">
                <p class="lsn-kicker" data-testid="lesson-step-count">{counter}</p>
                <h2 class="lsn-title" id="lsn-title" data-testid="lesson-title">{title}</h2>
            </div>
            <button type="button" class="mdl-btn mdl-small lsn-close" data-testid="lesson-close" aria-label=move || t_string!(i18n, lessons.close_lesson) on:click=move |_| l.close()>
                "×"
            </button>
        </div>
        <div class="lsn-body" id="lsn-body" node_ref=body>
            <ol class="lsn-dots" aria-label=move || t_string!(i18n, lessons.steps)>
                <For each=done_marks key=|d| d.clone() let((j, name, done, here))>
                    <li
                        class="lsn-dot"
                        class:lsn-dot-done=done
                        class:lsn-dot-here=here
                        title={
                            let name = name.clone();
                            move || {
                                let (n, name) = (j + 1, name.clone());
                                if done { t_string!(i18n, lessons.dot_title_done, n, name).to_string() } else { t_string!(i18n, lessons.dot_title, n, name).to_string() }
                            }
                        }
                        aria-current=if here { Some("step") } else { None }
                    >
                        <span class="mdl-sr">
                            {let name = name.clone(); move || {
                                let (n, name) = (j + 1, name.clone());
                                if done { t_string!(i18n, lessons.dot_step_done, n, name).to_string() } else { t_string!(i18n, lessons.dot_step, n, name).to_string() }
                            }}
                        </span>
                    </li>
                </For>
            </ol>
            <Show when=move || l.finished.get() fallback=step_view>
                <Finished />
            </Show>
        </div>
    }
}

/// The lesson's place in the page: the open lesson, the lesson file being fetched, or why a lesson was
/// not opened. Nothing while there is none of these.
#[component]
pub fn LessonPanel() -> impl IntoView {
    let l = use_lessons();
    let i18n = use_i18n();
    let any = move || l.shows_panel();
    view! {
        <Show when=any>
            <aside
                class="lsn"
                data-testid="lesson-panel"
                aria-label=move || t_string!(i18n, lessons.panel)
                data-open=move || if l.drawer_open.get() { "true" } else { "false" }
                on:keydown=move |ev| {
                    if ev.key() == "Escape" && l.drawer_open.get_untracked() && narrow() {
                        l.drawer_open.set(false);
                    }
                }
            >
                <Show when=move || l.error.with(Option::is_some)>
                    <LoadErrorBox />
                </Show>
                <Show when=move || l.fetching.with(Option::is_some)>
                    <p class="lsn-fetching mdl-muted" role="status" data-testid="lesson-fetching">
                        {move || {
                            let url = l.fetching.get().unwrap_or_default();
                            t_string!(i18n, lessons.fetching, url).to_string()
                        }}
                    </p>
                </Show>
                <Show when=move || l.active.with(Option::is_some)>
                    <Panel />
                </Show>
            </aside>
        </Show>
    }
}

/// Whether the page is laid out narrow (the panel is a drawer): the same width as the stylesheet's.
fn narrow() -> bool {
    gloo_utils::window().match_media("(max-width: 720px)").ok().flatten().is_some_and(|m| m.matches())
}
