//! The current step's checks, judged against the model as it changes.
//!
//! Checks the engine and the advisor decide run on every change of the model, as the Access patterns
//! tab's analysis does, on the playground's own engine (no second copy is loaded). Checks that run the
//! simulator (`Check::simulates`) take longer: they run only while the panel can be seen, and only once
//! the model has stayed the same for [`SIMULATE_AFTER_MS`], so a burst of edits runs them once; until
//! then they show as running.

use gloo_timers::callback::Timeout;
use leptos::prelude::*;
use lessons::{evaluate, CheckResult, CheckSpec};

use super::{words, Lessons};
use crate::i18n::{td_string, use_i18n};
use crate::state::{now, AppState};

/// How long the model must stay unchanged before the simulator's checks run.
pub const SIMULATE_AFTER_MS: u32 = 300;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Verdict {
    Pass,
    Fail,
    /// A simulator check waiting for the model to settle (or for the panel to be seen).
    Running,
}

impl Verdict {
    pub fn slug(self) -> &'static str {
        match self {
            Verdict::Pass => "pass",
            Verdict::Fail => "fail",
            Verdict::Running => "running",
        }
    }
}

/// One check as the panel shows it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Row {
    pub id: String,
    /// Already holds when the step starts and must keep holding.
    pub kept: bool,
    pub verdict: Verdict,
    /// What was seen, in the page's language.
    pub text: String,
}

fn row(spec: &CheckSpec, verdict: Verdict, text: String) -> Row {
    Row { id: spec.id.clone(), kept: spec.kept, verdict, text }
}

fn judge(app: AppState, specs: &[CheckSpec]) -> Vec<CheckResult> {
    if specs.is_empty() {
        return Vec::new();
    }
    app.modeler.state.with_untracked(|s| evaluate(specs, &s.playground.to_model(), s.playground.database(), now()))
}

/// The current step's checks with their verdicts, kept up to date. `shown`: whether the panel's body
/// can be seen (the simulator's checks wait for it).
pub fn use_rows(app: AppState, l: Lessons, shown: Signal<bool>) -> Memo<Vec<Row>> {
    let m = app.modeler;
    let specs = Memo::new(move |_| {
        let i = l.step.get();
        l.active.with(|a| a.as_ref().and_then(|a| a.lesson.steps.get(i)).map(|s| s.checks.clone()).unwrap_or_default())
    });
    let split = move |sim: bool| specs.with(|s| s.iter().filter(|c| c.check.simulates() == sim).cloned().collect::<Vec<_>>());
    // The engine's and the advisor's checks: on every change of the model.
    let quick = Memo::new(move |_| {
        m.state.track();
        judge(app, &split(false))
    });
    // The simulator's: a generation per change of the model (or of what is shown), and the results of
    // the last generation that ran.
    let generation = RwSignal::new(0u64);
    let simulated: RwSignal<Option<(u64, Vec<CheckResult>)>> = RwSignal::new(None);
    let timer = StoredValue::new_local(None::<Timeout>);
    Effect::new(move |_| {
        m.state.track();
        let sims = split(true);
        let visible = shown.get();
        let g = generation.get_untracked() + 1;
        generation.set(g);
        if let Some(t) = timer.try_update_value(Option::take).flatten() {
            t.cancel();
        }
        if sims.is_empty() || !visible {
            return;
        }
        let t = Timeout::new(SIMULATE_AFTER_MS, move || {
            timer.try_update_value(|t| *t = None);
            if generation.try_get_untracked() == Some(g) {
                let results = judge(app, &sims);
                simulated.try_set(Some((g, results)));
            }
        });
        timer.try_update_value(|slot| *slot = Some(t));
    });
    let i18n = use_i18n();
    Memo::new(move |_| {
        let locale = i18n.get_locale();
        let g = generation.get();
        let quick = quick.get();
        specs.with(|specs| {
            specs
                .iter()
                .map(|spec| {
                    let found = if spec.check.simulates() {
                        simulated.with(|s| s.as_ref().filter(|(at, _)| *at == g).and_then(|(_, r)| r.iter().find(|r| r.id == spec.id).cloned()))
                    } else {
                        quick.iter().find(|r| r.id == spec.id).cloned()
                    };
                    match found {
                        Some(r) => row(spec, if r.passed { Verdict::Pass } else { Verdict::Fail }, words::render(&r.message, locale)),
                        None => row(spec, Verdict::Running, td_string!(locale, lessons.running_simulator).to_string()),
                    }
                })
                .collect()
        })
    })
}
