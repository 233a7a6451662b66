//! The Heat tab: a workload replayed against the design by the `sim` crate, shown as partition heat,
//! throttling, burst, per-index load, top keys and monthly cost, with a what-if variant beside it.
//!
//! Pure logic (chart data, colour scale, the editor's form and its checks, variants, cost wording)
//! lives in its own modules and is tested in `app/tests/heat.rs`; [`plot`] draws a chart with plotters;
//! the `*_view` modules and this file are the components ([`HeatTab`] is the tab). Long runs go through
//! [`slices`] so the page stays responsive.

pub mod chart;
mod chart_view;
pub mod colour;
pub mod cost;
pub mod editor;
mod doc_view;
mod editor_view;
pub mod moves;
pub mod plot;
mod results_view;
pub mod saved;
pub mod scenarios;
pub mod slices;
pub mod whatif;
pub mod words;

use leptos::prelude::*;
use leptos::task::spawn_local;
use sim::report::Report;

use colour::Theme;
use editor::{FieldErrors, WorkloadForm};
use doc_view::PartitionModelDoc;
use editor_view::{WorkloadEditor, WorkloadSummary};
use results_view::{CostPanel, RunSummary, WhatIfPanel};
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

/// The tab's state, owned by [`HeatTab`] (its components get the handles).
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
    /// The page's colour scheme, which the charts follow.
    pub theme: Signal<Theme>,
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
            // A tab that has gone away cancels its run.
            let cancelled = || self.cancel.try_get_untracked().unwrap_or(true);
            let outcome = slices::run(&db, workload, |d, t| self.progress.set(Some((d, t))), cancelled).await;
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
                // A read-only embed runs the workload but keeps the model as it came.
                if let Some(name) = source.saved_as.as_ref().filter(|_| !self.modeler.read_only) {
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

/// The tab: what to simulate (a seed scenario or the person's own model), the workload editor and Run,
/// and the results with the what-if and the cost under them.
#[component]
pub fn HeatTab() -> impl IntoView {
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
        theme: chart_view::colour_scheme(),
        modeler,
    };
    let use_model = move |_| {
        let model = modeler.state.with_untracked(|s| s.playground.to_model());
        if model.tables.is_empty() {
            st.message.set(Some(String::from("The model has no tables yet: design one in the sidebar, or pick a scenario.")));
            return;
        }
        let title = if model.name.is_empty() { String::from("Your model") } else { model.name.clone() };
        let read_only = modeler.read_only;
        let saving = if read_only {
            " This embed is read-only: the workload runs here but is not saved with the model."
        } else {
            " Edit the patterns, then Run; the workload is saved with the model when it runs."
        };
        let (name, workload, why) = match saved::from_model(&model) {
            Some((name, w)) => {
                let how = if read_only { saving.trim_start() } else { "Edit it, then Run. Each run saves it again." };
                let why = format!("The workload saved with this model (\u{201c}{name}\u{201d}). {how}");
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
                let why = format!("{}{saving}", editor::defaults_why(&model));
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
    let running = move || st.running.get();
    let read_only = modeler.read_only;
    let doc_open = RwSignal::new(false);
    // The document is part of the app (it works offline and matches the simulator this page runs):
    // the link opens it in the page, below the paragraph, rather than leaving for a page that needs a
    // network. (`#partition-model` is no share link: those start with `m` and hold a dot.)
    let open_doc = move |_| doc_open.set(true);
    let scenario_buttons = scenarios::all()
        .into_iter()
        .map(|s| {
            let (id, title) = (s.id, s.title);
            let open = move |_| {
                let s = s.clone();
                st.load(Source { title: s.title.to_string(), why: s.why, setup: s.setup, fix: Some(s.fix), saved_as: None });
            };
            view! {
                <button type="button" class="heat-scenario" data-testid=format!("scenario-{id}") disabled=running on:click=open>
                    {title}
                </button>
            }
        })
        .collect_view();
    let progress = move || {
        st.progress.get().map(|(done, total)| {
            view! {
                <progress data-testid="heat-progress" max=total value=done aria-label="Simulated seconds"></progress>
                <span data-testid="heat-progress-text">{format!("{done} of {total} simulated seconds")}</span>
            }
        })
    };
    let source_card = move || {
        st.source.with(|s| {
            s.as_ref().map(|s| {
                view! {
                    <section class="heat-source" data-testid="heat-source">
                        <h3>{s.title.clone()}</h3>
                        <p class="heat-why">{s.why.clone()}</p>
                    </section>
                }
            })
        })
    };
    let results = move || {
        st.result.get().map(|r| {
            let variant = move || {
                st.variant.get().map(|(v, vr)| view! { <RunSummary result=vr side="variant" title=format!("Variant: {}", v.label()) prices=st.prices theme=st.theme/> })
            };
            view! {
                <div class="heat-results">
                    <div class="heat-compare">
                        <RunSummary result=r.clone() side="base" title=String::from("Current design") prices=st.prices theme=st.theme/>
                        {variant}
                    </div>
                    <WhatIfPanel st/>
                    <CostPanel result=r prices=st.prices/>
                </div>
            }
        })
    };
    view! {
        <div class="heat" data-testid="heat-tab">
            <section class="heat-sources" aria-label="What to simulate">
                <p class="heat-lead">
                    "Replay traffic against a design and see which partitions run hot, what throttles and what it costs. DynamoDB's internals are not public: what the simulator assumes, and which of it AWS publishes, is in "
                    <a href="#partition-model" class="heat-doc-link" data-testid="heat-model-doc" on:click=open_doc>
                        "docs/partition-model.md"
                    </a>
                    "."
                </p>
                <PartitionModelDoc open=doc_open/>
                <div class="heat-row">
                    {scenario_buttons}
                    <button type="button" data-testid="heat-use-model" disabled=running on:click=use_model>
                        "Use my model"
                    </button>
                </div>
            </section>
            {source_card}
            <Show when=move || st.source.with(|s| s.is_some())>
                {if read_only {
                    view! { <WorkloadSummary form=st.form errors=st.errors/> }.into_any()
                } else {
                    view! { <WorkloadEditor form=st.form errors=st.errors tables/> }.into_any()
                }}
                <div class="heat-run">
                    <button type="button" class="primary" data-testid="heat-run" disabled=running on:click=move |_| st.run_current()>
                        "Run simulation"
                    </button>
                    <button type="button" data-testid="heat-cancel" disabled=move || !running() on:click=move |_| st.cancel.set(true)>
                        "Cancel"
                    </button>
                    {progress}
                </div>
            </Show>
            {move || st.message.get().map(|m| view! { <p class="heat-message" role="status" data-testid="heat-message">{m}</p> })}
            {results}
        </div>
    }
}
