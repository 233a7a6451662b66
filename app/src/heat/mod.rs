//! The Heat tab: a workload replayed against the design by the `sim` crate, shown as partition heat,
//! throttling, burst, per-index load, top keys and monthly cost, with a what-if variant beside it.
//!
//! Pure logic (chart data, colour scale, the editor's form and its checks, variants, cost wording)
//! lives in its own modules and is tested in `app/tests/heat.rs`; the `*_view` modules and this file
//! only render and wire signals. Long runs go through [`slices`] so the page stays responsive.

pub mod chart;
mod chart_view;
pub mod colour;
pub mod cost;
pub mod draw;
pub mod editor;
mod editor_view;
mod results_view;
pub mod saved;
pub mod scenarios;
pub mod slices;
pub mod whatif;
pub mod words;

use wasm_bindgen_futures::spawn_local;
use sim::report::Report;

use crate::ui::prelude::*;
use editor::{FieldErrors, WorkloadForm};
use editor_view::workload_editor;
use results_view::{cost_panel, run_summary, what_if_panel};
use slices::Outcome;
use whatif::{Setup, Variant};

/// A finished run: what ran and what it reported.
#[derive(Debug, Clone, PartialEq)]
pub struct RunResult {
    pub setup: Setup,
    pub report: Report,
}

/// Which design the tab simulates: a seed scenario, or the person's own model.
#[derive(Debug, Clone, PartialEq)]
pub struct Source {
    pub title: String,
    pub why: String,
    pub setup: Setup,
    pub fix: Option<Variant>,
    /// For the person's own model: the name its workload is saved under in the model's `workloads`
    /// (each run stores the workload there, so it travels with the model). Scenarios save nothing.
    pub saved_as: Option<String>,
}

/// The tab's shared signals.
#[derive(Clone, Copy)]
pub struct HeatState {
    pub source: RwSignal<Option<Source>>,
    pub form: RwSignal<WorkloadForm>,
    pub errors: RwSignal<FieldErrors>,
    pub result: RwSignal<Option<RunResult>>,
    pub variant: RwSignal<Option<(Variant, RunResult)>>,
    pub progress: RwSignal<Option<(u32, u32)>>,
    pub running: RwSignal<bool>,
    pub cancel: RwSignal<bool>,
    pub message: RwSignal<Option<String>>,
    pub prices: RwSignal<sim::cost::Prices>,
    /// Where a run of the person's own model saves its workload.
    pub modeler: crate::state::Modeler,
}

fn now() -> u64 {
    js_sys::Date::now() as u64
}

impl HeatState {
    fn load(&self, source: Source) {
        self.form.set(WorkloadForm::from_workload(&source.setup.workload));
        self.errors.set(FieldErrors::new());
        self.result.set(None);
        self.variant.set(None);
        self.message.set(None);
        self.source.set(Some(source));
    }

    /// Run `setup` in slices; on success hand the result to `done`. A cancelled run changes nothing.
    fn run(self, setup: Setup, done: impl FnOnce(RunResult) + 'static) {
        let db = match setup.database(now()) {
            Ok(db) => db,
            Err(e) => {
                self.message.set(Some(format!("The design could not be loaded into the engine: {e}")));
                return;
            }
        };
        self.running.set(true);
        self.cancel.set(false);
        self.message.set(None);
        self.progress.set(Some((0, setup.workload.duration_seconds)));
        spawn_local(async move {
            let workload = setup.workload.clone();
            let outcome = slices::run(&db, workload, |d, t| self.progress.set(Some((d, t))), || self.cancel.get_untracked()).await;
            self.running.set(false);
            match outcome {
                Outcome::Done(report) => {
                    self.progress.set(None);
                    done(RunResult { setup, report: *report });
                }
                Outcome::Cancelled => {
                    self.progress.set(None);
                    self.message.set(Some(String::from("Run cancelled; the last complete results are still shown.")));
                }
                Outcome::Failed(e) => {
                    self.progress.set(None);
                    self.message.set(Some(format!("The simulator refused the workload: {e}")));
                }
            }
        });
    }

    /// Check the form and run the current design.
    pub fn run_current(self) {
        let Some(source) = self.source.get_untracked() else { return };
        let db = match source.setup.database(now()) {
            Ok(db) => db,
            Err(e) => {
                self.message.set(Some(format!("The design could not be loaded into the engine: {e}")));
                return;
            }
        };
        let form = self.form.get_untracked();
        match editor::to_workload(&form, &db) {
            Err(errors) => self.errors.set(errors),
            Ok(mut workload) => {
                self.errors.set(FieldErrors::new());
                workload.tables = source.setup.workload.tables.clone();
                let setup = Setup { model: source.setup.model.clone(), workload };
                if let Some(name) = &source.saved_as {
                    self.save_workload(name, &setup.workload);
                }
                self.run(setup, move |r| {
                    self.variant.set(None);
                    self.result.set(Some(r));
                });
            }
        }
    }

    /// Keep `workload` in the model's `workloads` slot under `name` (undoable like any edit).
    fn save_workload(self, name: &str, workload: &sim::Workload) {
        let m = self.modeler;
        let list = m.state.with_untracked(|s| saved::store(&s.playground.workloads, name, workload));
        if let Err(e) = m.perform(crate::model::playground::Edit::SetWorkloads(list)) {
            self.message.set(Some(format!("The workload ran but could not be saved with the model: {e}")));
        }
    }

    /// Run `variant` of the last run's setup (the same workload).
    pub fn run_variant(self, variant: Variant) {
        let Some(base) = self.result.get_untracked() else { return };
        match whatif::apply(&base.setup, &variant) {
            Err(e) => self.message.set(Some(format!("That variant does not apply: {e}"))),
            Ok(setup) => self.run(setup, move |r| self.variant.set(Some((variant, r)))),
        }
    }
}

/// What the advisor reads of the tab: the current run, with whether it ran the person's own model
/// (`None` when the tab has no results; loading another design clears them).
fn publish(app: crate::state::AppState, source: RwSignal<Option<Source>>, result: RwSignal<Option<RunResult>>) {
    Effect::new(move |_| {
        let run = source.with(|s| {
            result.with(|r| {
                let (s, r) = (s.as_ref()?, r.as_ref()?);
                Some(crate::state::HeatRun { title: s.title.clone(), own_model: s.saved_as.is_some(), report: std::sync::Arc::new(r.report.clone()) })
            })
        });
        app.heat_run.set(run);
    });
}

pub fn heat_tab() -> View {
    let app = crate::state::use_app();
    let (source, result) = (RwSignal::new(None), RwSignal::new(None));
    publish(app, source, result);
    let modeler = app.modeler;
    let st = HeatState {
        source,
        form: RwSignal::new(WorkloadForm { duration: String::from("60"), seed: String::from("1"), patterns: Vec::new() }),
        errors: RwSignal::new(FieldErrors::new()),
        result,
        variant: RwSignal::new(None),
        progress: RwSignal::new(None),
        running: RwSignal::new(false),
        cancel: RwSignal::new(false),
        message: RwSignal::new(None),
        prices: RwSignal::new(sim::cost::us_east_1()),
        modeler,
    };
    let use_model = move |_| {
        let model = modeler.state.with_untracked(|s| s.playground.to_model());
        if model.tables.is_empty() {
            st.message.set(Some(String::from("The model has no tables yet: design one in the sidebar, or pick a scenario.")));
            return;
        }
        let title = if model.name.is_empty() { String::from("Your model") } else { model.name.clone() };
        let (name, workload, why) = match saved::from_model(&model) {
            Some((name, w)) => {
                let why = format!("The workload saved with this model (\u{201c}{name}\u{201d}); edit it, then Run. Each run saves it again.");
                (name, w, why)
            }
            None => {
                let w = sim::Workload {
                    seed: 1,
                    duration_seconds: 60,
                    start_unix_seconds: 1_796_083_200,
                    top_keys: 10,
                    per_second: true,
                    tables: Vec::new(),
                    patterns: Vec::new(),
                };
                let why = String::from("One write pattern per entity to start with; edit the patterns, then Run. The workload is saved with the model when it runs.");
                (String::from(saved::DEFAULT_NAME), w, why)
            }
        };
        let form = if workload.patterns.is_empty() { editor::defaults(&model) } else { WorkloadForm::from_workload(&workload) };
        st.load(Source { title, why, setup: Setup { model, workload }, fix: None, saved_as: Some(name) });
        st.form.set(form);
    };
    let tables = Signal::derive(move || {
        st.source.with(|s| {
            s.as_ref()
                .map(|s| s.setup.model.tables.iter().filter_map(|t| engine::model::table_name(&t.definition).map(String::from)).collect())
                .unwrap_or_default()
        })
    });
    let scenario_buttons = scenarios::all().into_iter().map(move |s| {
        el("button")
            .ty("button")
            .class("heat-scenario")
            .tid(&format!("scenario-{}", s.id))
            .dyn_flag("disabled", move || st.running.get())
            .text(s.title)
            .on_click(move |_| {
                let s = s.clone();
                st.load(Source { title: s.title.to_string(), why: s.why.clone(), setup: s.setup.clone(), fix: Some(s.fix.clone()), saved_as: None });
            })
    });
    let run_bar = move || {
        fragment(vec![
            workload_editor(st.form, st.errors, tables),
            el("div")
                .class("heat-run")
                .child(el("button").ty("button").class("primary").tid("heat-run").dyn_flag("disabled", move || st.running.get()).on_click(move |_| st.run_current()).text("Run simulation"))
                .child(el("button").ty("button").tid("heat-cancel").dyn_flag("disabled", move || !st.running.get()).on_click(move |_| st.cancel.set(true)).text("Cancel"))
                .dyn_child(move || {
                    st.progress
                        .get()
                        .map(|(d, t)| {
                            fragment(vec![
                                el("progress").tid("heat-progress").attr("max", &t.to_string()).attr("value", &d.to_string()).attr("aria-label", "Simulated seconds").into(),
                                el("span").tid("heat-progress-text").text(&format!("{d} of {t} simulated seconds")).into(),
                            ])
                        })
                        .unwrap_or_default()
                })
                .into(),
        ])
    };
    let results = move || {
        st.result
            .get()
            .map(|r| {
                el("div")
                    .class("heat-results")
                    .child(
                        el("div")
                            .class("heat-compare")
                            .child(run_summary(r.clone(), "base", String::from("Current design"), st.prices))
                            .dyn_child(move || st.variant.get().map(|(v, vr)| run_summary(vr, "variant", format!("Variant: {}", v.label()), st.prices)).unwrap_or_default()),
                    )
                    .child(what_if_panel(st))
                    .child(cost_panel(r, st.prices))
            })
            .into()
    };
    el("div")
        .class("heat")
        .tid("heat-tab")
        .child(
            el("section")
                .class("heat-sources")
                .attr("aria-label", "What to simulate")
                .child(el("p").class("heat-lead").text("Replay traffic against a design and see which partitions run hot, what throttles and what it costs. The partition model is described in docs/partition-model.md; DynamoDB's internals are not public."))
                .child(
                    el("div")
                        .class("heat-row")
                        .children(scenario_buttons)
                        .child(el("button").ty("button").tid("heat-use-model").dyn_flag("disabled", move || st.running.get()).on_click(use_model).text("Use my model")),
                ),
        )
        .dyn_child(move || {
            st.source
                .get()
                .map(|s| el("section").class("heat-source").tid("heat-source").child(el("h3").text(&s.title)).child(el("p").class("heat-why").text(&s.why)))
                .into()
        })
        .dyn_child(move || st.source.with(|s| s.is_some()).then(run_bar).unwrap_or_default())
        .dyn_child(move || st.message.get().map(|m| el("p").class("heat-message").attr("role", "status").tid("heat-message").text(&m)).into())
        .dyn_child(results)
        .into()
}
