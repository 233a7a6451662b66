//! The way into the course: a Lessons button in the header, and the picker it opens — every built-in
//! lesson with its summary, its size and the learner's progress, to start, continue or start over.

use leptos::prelude::*;
use lessons::course::COURSE;

use super::{open_built_in, store, use_lessons, Opening};
use crate::dialog::Dialog;
use crate::i18n::{t, t_string, use_i18n};
use crate::state::use_app;

/// The header's button that opens the picker.
#[component]
pub fn LessonsButton() -> impl IntoView {
    let l = use_lessons();
    let i18n = use_i18n();
    view! {
        <button
            type="button"
            class="mdl-btn lsn-open"
            data-testid="lessons-open"
            aria-haspopup="dialog"
            on:click=move |_| l.picker.set(true)
        >
            {t!(i18n, lessons.button)}
        </button>
    }
}

/// One built-in lesson, as the picker lists it.
#[derive(Debug, Clone, PartialEq)]
struct Entry {
    number: usize,
    slug: &'static str,
    title: String,
    summary: String,
    steps: usize,
    done: usize,
    started: bool,
}

fn entries(lang: &str) -> Vec<Entry> {
    COURSE
        .iter()
        .enumerate()
        .filter_map(|(i, b)| {
            let lesson = b.lesson(lang).ok()?;
            let progress = store::load(&lesson.id);
            Some(Entry {
                number: i + 1,
                slug: b.slug,
                done: progress.done_count(&lesson),
                started: !progress.step.is_empty(),
                steps: lesson.steps.len(),
                title: lesson.title,
                summary: lesson.summary,
            })
        })
        .collect()
}

/// The picker dialog, while it is open. Escape or the backdrop closes it; focus starts on the first
/// lesson's button and goes back to the header's button when it closes.
#[component]
pub fn LessonPicker() -> impl IntoView {
    let app = use_app();
    let l = use_lessons();
    let i18n = use_i18n();
    let close = Callback::new(move |_| l.picker.set(false));
    let list = move || {
        let lang = crate::language::code(i18n.get_locale());
        view! {
        <Dialog class="lsn-picker" testid="lesson-picker" labelled_by="lsn-picker-title" on_close=close>
            <div class="lsn-picker-head">
                <h2 class="mdl-dialog-title" id="lsn-picker-title">{t!(i18n, lessons.picker_title)}</h2>
                <button type="button" class="mdl-btn mdl-small" data-testid="lesson-picker-close" on:click=move |_| close.run(())>{t!(i18n, lessons.close)}</button>
            </div>
            <p class="mdl-muted">
                {t!(i18n, lessons.picker_intro)}
            </p>
            <ol class="lsn-pick-list">
                {entries(lang)
                    .into_iter()
                    .map(|e| {
                        let slug = e.slug;
                        let (steps, done) = (e.steps, e.done);
                        let meta = if e.started { t_string!(i18n, lessons.pick_steps_done, steps, done).to_string() } else { t_string!(i18n, lessons.pick_steps, steps).to_string() };
                        let heading = format!("lsn-pick-{slug}");
                        let labelled_by = heading.clone();
                        view! {
                            <li class="lsn-pick" data-testid=format!("lesson-pick-{slug}") aria-labelledby=labelled_by>
                                <div class="lsn-pick-text">
                                    <h3 class="lsn-pick-title" id=heading>{format!("{}. {}", e.number, e.title)}</h3>
                                    <p class="lsn-pick-summary">{e.summary}</p>
                                    <p class="mdl-muted lsn-pick-meta">{meta}</p>
                                </div>
                                <div class="lsn-pick-actions">
                                    <button
                                        type="button"
                                        class="mdl-btn mdl-primary"
                                        data-testid=format!("lesson-start-{slug}")
                                        autofocus=e.number == 1
                                        on:click=move |_| open_built_in(app, l, slug, if e.started { Opening::Resume } else { Opening::Start(0) })
                                    >
                                        {if e.started { t_string!(i18n, lessons.resume) } else { t_string!(i18n, lessons.start) }}
                                    </button>
                                    {e.started.then(|| view! {
                                        <button
                                            type="button"
                                            class="mdl-btn"
                                            data-testid=format!("lesson-restart-{slug}")
                                            on:click=move |_| {
                                                store::clear(slug);
                                                open_built_in(app, l, slug, Opening::Start(0));
                                            }
                                        >
                                            {t!(i18n, lessons.start_over)}
                                        </button>
                                    })}
                                </div>
                            </li>
                        }
                    })
                    .collect_view()}
            </ol>
        </Dialog>
        }
    };
    view! { <Show when=move || l.picker.get()>{list}</Show> }
}
