//! What the panel's buttons do to the step and the model: Next and Previous, Show solution, Reset step.
//!
//! Every change of the model is one undoable step through the modeler (the whole model, as "Replace"
//! does), so Undo brings back what the learner had. A refusal (a read-only embed, a solution that does
//! not apply) is said in the panel and changes nothing.

use std::sync::Arc;

use leptos::prelude::*;
use lessons::Start;

use super::{current_model, store, Lessons, Refusal};
use crate::state::AppState;

/// Say why an action was refused, or clear the last refusal.
fn outcome(l: Lessons, result: Result<(), Refusal>) {
    l.refusal.set(result.err());
}

/// Enter step `i` going forward: a step that continues with no setup keeps the model as it is; any
/// other is given its starting model (its template or model, or the learner's with the setup applied).
pub fn enter(app: AppState, l: Lessons, i: usize) {
    let Some(lesson) = l.lesson() else { return };
    let Some(step) = lesson.steps.get(i) else { return };
    let current = current_model(app);
    let result = match step.starting_model(&current) {
        Err(m) => Err(Refusal::CannotStart(m)),
        Ok(start) => {
            let keeps = step.start == Start::Continue && step.setup.is_empty();
            let applied = if keeps { Ok(()) } else { app.modeler.replace_model(&start).map_err(|e| Refusal::ModelNotOpened(e.to_string())) };
            applied.map(|()| l.set_entered(i, Arc::new(start)))
        }
    };
    if result.is_ok() {
        go(l, i);
    }
    outcome(l, result);
}

/// Show step `i` without touching the model (Previous: the learner's later work stays).
pub fn go(l: Lessons, i: usize) {
    let Some(lesson) = l.lesson() else { return };
    let Some(step) = lesson.steps.get(i) else { return };
    l.step.set(i);
    l.finished.set(false);
    l.refusal.set(None);
    l.progress.update(|p| p.step = step.id.clone());
    store::save(&lesson.id, &l.progress.get_untracked());
}

pub fn next(app: AppState, l: Lessons) {
    let (i, n) = (l.step.get_untracked(), l.lesson().map_or(0, |x| x.steps.len()));
    if i + 1 < n {
        enter(app, l, i + 1);
    } else {
        l.finished.set(true);
    }
}

pub fn previous(l: Lessons) {
    let i = l.step.get_untracked();
    if i > 0 {
        go(l, i - 1);
    }
}

/// Swap in the model the step's solution ends with (applied to the step's starting model, so it is the
/// same whatever the learner did).
pub fn show_solution(app: AppState, l: Lessons) {
    let Some(lesson) = l.lesson() else { return };
    let i = l.step.get_untracked();
    let Some(step) = lesson.steps.get(i) else { return };
    let result = l.entered_model(i).and_then(|start| match step.solution_model(&start) {
        Ok(Some(solved)) => app.modeler.replace_model(&solved).map_err(|e| Refusal::SolutionNotApplied(e.to_string())),
        Ok(None) => Err(Refusal::NoSolution),
        Err(m) => Err(Refusal::SolutionDoesNotApply(m)),
    });
    outcome(l, result);
}

/// Go back to the model the step started from.
pub fn reset(app: AppState, l: Lessons) {
    let i = l.step.get_untracked();
    let result = l.entered_model(i).and_then(|start| app.modeler.replace_model(&start).map_err(|e| Refusal::NotReset(e.to_string())));
    outcome(l, result);
}

/// Reveal the next hint of the current step.
pub fn reveal_hint(l: Lessons) {
    let Some(lesson) = l.lesson() else { return };
    let Some(step) = lesson.steps.get(l.step.get_untracked()) else { return };
    let shown = l.progress.with_untracked(|p| p.hints_shown(&step.id));
    if (shown as usize) < step.hints.len() {
        l.progress.update(|p| p.set_hints_shown(&step.id, shown + 1));
        store::save(&lesson.id, &l.progress.get_untracked());
    }
}

/// Record that every check of the current step passed.
pub fn mark_done(l: Lessons) {
    let Some(lesson) = l.lesson() else { return };
    let Some(step) = lesson.steps.get(l.step.get_untracked()) else { return };
    if l.progress.with_untracked(|p| p.is_done(&step.id)) {
        return;
    }
    l.progress.update(|p| {
        p.mark_done(&step.id);
    });
    store::save(&lesson.id, &l.progress.get_untracked());
}
